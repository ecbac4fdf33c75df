"""The ``validate`` mode: everything KubeVirt would reject or warn about, as findings of the checks
in ``checks/`` (docs/modes/validate.md, docs/checks/README.md)."""
