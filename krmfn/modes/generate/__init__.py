"""generate: custom sizes of instance types and customized preferences, the proposed ``virtctl
customize`` offline (docs/common-instancetypes.md#customized-copies).

A size request copies an existing instance type (from the bundle or the embedded catalog, or a
catalog class) with a new name, and keeps everything it is not told to change: a new vCPU count,
new memory, both or neither (then the source's). ``custom: true`` asks for a custom size instead,
whose vCPUs and memory the VM gives. A request may copy a preference instead (no vCPUs, memory or
custom). Either kind's copy takes ``patches`` (RFC 6902 on its spec) and ``set``
(``cpu.model=host-passthrough``), and must then pass KubeVirt's admission. The input items pass
through (a previous output at the same path is replaced) and the new objects follow.

functionConfig (wired by ``krmfn.kio.config``; options in ``krmfn.model.options``)::

    apiVersion: krmfn.dev/v1alpha1
    kind: Generate
    spec:
      sizes:                    # one entry per new object
      - from: u1.medium         # instance type or preference ([kind/]name) or class (cx1) to copy
        name: u1.mysize         # metadata.name of the new object
        vcpus: 4                # spec.cpu.guest (instance types only; left out: the source's)
        memory: 4Gi             # spec.memory.guest (instance types only; left out: the source's)
        custom: false           # true: the custom size, no vcpus and memory (v1beta2)
        patches:                # RFC 6902 operations on the copy's spec
        - {op: add, path: /cpu/model, value: host-passthrough}
        set: [ioThreadsPolicy=auto]  # path=value on the spec (value: a YAML 1.2 scalar)
      cluster: false            # true: the cluster kinds
      namespace: ""             # metadata.namespace (namespaced kind only)
      labels: remove            # remove | recompute
      catalog: v1.7.0           # catalog version, or "none"

The ConfigMap form carries one size: ``data: {mode: generate, from: u1.medium, name: u1.mysize,
vcpus: "4", memory: 4Gi, custom: "false", patch: '[...]', set: "a.b=c"}`` (``set``: one per line) plus the same
options as strings. CLI: ``krmfn generate --from u1.medium --name u1.mysize --vcpus 4 --memory
4Gi [--custom] [--patch JSON|@FILE] [--set PATH=VALUE]... [--cluster] [--namespace NS] [--labels recompute]
[--catalog v1.7.0|none]``; findings then name the flags (``--from``), not the keys.

The mode is ``mode.run_generate``; its findings' IDs are in ``findings`` (docs/checks/README.md).
"""
