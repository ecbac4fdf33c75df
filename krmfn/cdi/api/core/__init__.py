"""CDI's API module: ``pkg/apis/core``."""
