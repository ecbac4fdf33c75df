"""The modes, one package each, on plain data: each gets the items' values and its options and
returns an ``Outcome`` (``krmfn.model.outcome``). ``dispatch`` runs them; the registry of modes is
``krmfn.model.modes``."""
