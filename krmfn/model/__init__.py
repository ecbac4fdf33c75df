"""The model layer: plain values every other layer shares (findings, outcomes, kinds, KRM
annotation names, finding reasons, the GC pause). It imports nothing of krmfn's outside itself."""
