"""`krmfn diff`: how two bundles (or one bundle under two settings) expand and validate
differently (krmfn.modes.diff.compare); rendered as text, Markdown or JSON by krmfn.report.diff."""
