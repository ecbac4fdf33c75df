"""`krmfn explain`: where each field of an inlined VM comes from (krmfn.explain.provenance)."""
from krmfn.explain.provenance import DEFAULT, INSTANCETYPE, PREFERENCE, VM, Explanation, Leaf, Source, explain

__all__ = ["DEFAULT", "INSTANCETYPE", "PREFERENCE", "VM", "Explanation", "Leaf", "Source", "explain"]
