"""Where validate's admission time goes, per check: times every general VM check (and the steps
before them) over a generated bundle, in one process.

usage: python bench/admission_checks.py [N]     (default 10000 VMs; prints seconds per check)

The per-check figures come from one process (``KRMFN_WORKERS=1``); the first line is admission as
validate runs it (on every usable CPU, ``krmfn.model.forked``).
"""
from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

import krmfn.kubevirt.instancetype.webhooks.vm as vm_webhook
import krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec as vmi_spec
from krmfn.kubevirt.virt_api.admitters import vms_admitter
from krmfn.admission.admit import admit_items
from krmfn.kio import resourcelist
from krmfn.model.forked import WORKERS_VARIABLE
from krmfn.modes.validate.options import ValidateOptions

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from generate import bundle  # noqa: E402

SPENT: dict[str, float] = {}
VMS_ADMITTER_STEPS = ("validate_virtual_machine_instance_metadata", "_grace_io_virtualization_annotations",
                      "validate_data_volume_template", "validate_run_strategy", "validate_live_update_features",
                      "admit_vm_storage", "validate_discontinued_bindings", "discontinued_in_use")
VM_WEBHOOK_STEPS = ("apply_on_copy", "set_default_vmi_spec", "find_requirement_failure", "_template_copy", "mutate",
                    "accepts_vm_guest", "admit_remaining")


def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            SPENT[name] = SPENT.get(name, 0.0) + time.perf_counter() - start
    return run


def instrument() -> None:
    vmi_spec.SPEC_CHECKS = tuple((area, timed(check.__name__, check)) for area, check in vmi_spec.SPEC_CHECKS)
    for module, names in ((vms_admitter, VMS_ADMITTER_STEPS), (vm_webhook, VM_WEBHOOK_STEPS)):
        for name in names:
            setattr(module, name, timed(name, getattr(module, name)))


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    items = [item.value for item in resourcelist.read(bundle(count, "validate").encode()).items]
    expand = ValidateOptions.from_options({}).expand
    admit_items(items, expand.namespace, expand.config, expand.catalog_version, expand.legacy)  # warm up
    start = time.perf_counter()
    admit_items(items, expand.namespace, expand.config, expand.catalog_version, expand.legacy)
    print(f"{time.perf_counter() - start:7.3f} admission, uninstrumented, all CPUs")
    os.environ[WORKERS_VARIABLE] = "1"
    start = time.perf_counter()
    admit_items(items, expand.namespace, expand.config, expand.catalog_version, expand.legacy)
    print(f"{time.perf_counter() - start:7.3f} admission, uninstrumented, one process")
    instrument()
    start = time.perf_counter()
    admit_items(items, expand.namespace, expand.config, expand.catalog_version, expand.legacy)
    print(f"{time.perf_counter() - start:7.3f} admission, instrumented, one process")
    for name, seconds in sorted(SPENT.items(), key=lambda pair: -pair[1]):
        print(f"{seconds:7.3f} {name}")


if __name__ == "__main__":
    main()
