"""Instance types and preferences (``pkg/instancetype``): find, apply, preference, infer, expand,
conflicts, requirements, revisions, and their own webhooks (docs/kubevirt/)."""
