"""Admission of a whole bundle across KubeVirt, CDI and HCO: the table of the kinds krmfn admits
and the order a bundle is applied in. No single upstream counterpart; the one engine package that
imports all three of ``krmfn.kubevirt``, ``krmfn.cdi`` and ``krmfn.hco``."""
