"""Preference application (KubeVirt pkg/instancetype/preference/apply); entry point in `vmi`."""
from krmfn.kubevirt.instancetype.preference.apply.vmi import apply_preference

__all__ = ["apply_preference"]
