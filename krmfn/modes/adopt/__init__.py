"""The ``adopt`` mode: VMs written without instance types moved onto the instance type and
preference that reproduce them (``krmfn.modes.adopt.engine``), verified by inlining them back."""
