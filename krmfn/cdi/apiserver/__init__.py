"""CDI's ``pkg/apiserver`` and the API server's part of a CREATE of CDI's custom resources."""
