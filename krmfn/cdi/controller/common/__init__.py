"""CDI's ``pkg/controller/common``: the annotations and claim helpers the webhooks share."""
