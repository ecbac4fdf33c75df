"""The API server's part of a CREATE of a KubeVirt object, before and around the webhooks: served
versions, strict field validation against the CRD schemas virt-operator installs, ObjectMeta rules."""
