"""CDI's API module: ``pkg/apis/core/v1beta1`` (the clone authorization helpers of the types)."""
