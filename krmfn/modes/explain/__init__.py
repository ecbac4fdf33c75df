"""`krmfn explain`: where each field of an inlined VM comes from (krmfn.modes.explain.provenance)."""
