"""Dynamic resource allocation admission (``pkg/dra/admitter``)."""
