"""The ``adopt`` mode: VMs written without instance types moved onto the instance type and
preference that reproduce them (``krmfn.adopt.engine``), verified by inlining them back."""
from krmfn.adopt.mode import run_adopt

__all__ = ["run_adopt"]
