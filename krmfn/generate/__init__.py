"""generate: custom sizes of instance types, the proposed ``virtctl customize`` offline
(docs/common-instancetypes.md §6; seed 000).

A size request copies an existing instance type (from the bundle or the embedded catalog, or a
catalog class) with a new name, vCPU count and memory; a request without vCPUs and memory asks
for a custom size, whose vCPUs and memory the VM gives. The input items pass through (a previous
output at the same path is replaced) and the new objects follow.

functionConfig (wired by ``krmfn.kio.config``; options in ``krmfn.model.options``)::

    apiVersion: krmfn.dev/v1alpha1
    kind: Generate
    spec:
      sizes:                    # one entry per new object
      - from: u1.medium         # instance type ([kind/]name) or class (cx1) to copy
        name: u1.mysize         # metadata.name of the new object
        vcpus: 4                # spec.cpu.guest
        memory: 4Gi             # spec.memory.guest
      cluster: false            # true: VirtualMachineClusterInstancetype
      namespace: ""             # metadata.namespace (namespaced kind only)
      labels: remove            # remove | recompute
      catalog: v1.7.0           # catalog version, or "none"

The ConfigMap form carries one size: ``data: {mode: generate, from: u1.medium, name: u1.mysize,
vcpus: "4", memory: 4Gi}`` plus the same options as strings. CLI: ``krmfn generate --from
u1.medium --name u1.mysize --vcpus 4 --memory 4Gi [--cluster] [--namespace NS] [--labels
recompute] [--catalog v1.7.0|none]``.

Public API:

* ``run_generate(values, options) -> Outcome``: the mode (``mode``);
* ``generate(sizes, bundle_items, options) -> (objects, findings)``: the engine (``engine``);
* ``SizeRequest``, ``size_requests``, ``size_request_from_data``: requests (``requests``);
* ``GenerateOptions``, ``target_kind``: options (``options``); ``output_path``: where kpt writes
  a new object (``metadata``);
* ``FINDINGS``: every finding ID with its severity and summary (``findings``).

Imports run one way: each module imports only modules listed before it here: ``findings``,
``requests``, ``options``, ``source``, ``sizing``, ``metadata``, ``engine``, ``mode``.
"""
from __future__ import annotations

from krmfn.generate.engine import generate
from krmfn.generate.findings import FINDINGS
from krmfn.generate.metadata import output_path
from krmfn.generate.mode import run_generate
from krmfn.generate.options import GenerateOptions, target_kind
from krmfn.generate.requests import SizeRequest, size_request_from_data, size_requests

__all__ = [
    "FINDINGS",
    "GenerateOptions",
    "SizeRequest",
    "generate",
    "output_path",
    "run_generate",
    "size_request_from_data",
    "size_requests",
    "target_kind",
]
