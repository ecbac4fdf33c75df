"""CDI's ``pkg/feature-gates``."""
