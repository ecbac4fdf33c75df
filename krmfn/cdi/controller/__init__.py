"""CDI's ``pkg/controller``."""
