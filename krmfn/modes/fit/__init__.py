"""fit: which instance types meet which preference's requirements (``krmfn fit``, a CLI-only mode).

No KubeVirt counterpart as a whole: for every pair of an instance type and a preference it runs
the checks KubeVirt's VM validating webhook runs on a VM that names both and sets no vCPUs, memory
or architecture of its own (docs/kubevirt/requirements.md#preference-requirements): the spread
divisibility check, then the preference requirements, with KubeVirt's messages. The table is
computed by ``table``; ``krmfn.report.fit`` writes it.
"""
