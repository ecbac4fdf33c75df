"""`krmfn diff`: how two bundles (or one bundle under two settings) expand and validate
differently (krmfn.diff.compare); rendered as text, Markdown or JSON by krmfn.kio.diffreport."""
from krmfn.diff.compare import DefinitionDiff, DiffReport, FieldSources, VmDiff, run_diff
from krmfn.model.fields import ABSENT, FieldChange, field_changes

__all__ = ["ABSENT", "DefinitionDiff", "DiffReport", "FieldChange", "FieldSources", "VmDiff", "field_changes",
           "run_diff"]
