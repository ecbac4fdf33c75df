"""ignore-annotation: a `krmfn.dev/ignore` annotation names a check that validate does not have.

The annotation suppresses the named checks' findings about its object (README, "Suppressing a
finding"); an ID that names no check suppresses nothing, which is most likely a typo.

Passing example::

    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: a
      namespace: lab
      annotations:
        krmfn.dev/ignore: deprecated, all
        krmfn.dev/ignore-reason: kept for the old cluster

Failing example::

    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: a
      namespace: lab
      annotations:
        krmfn.dev/ignore: deprecatd
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import WARNING, Finding
from krmfn.model.krm import IGNORE_ANNOTATION
from krmfn.model.suppression import ALL, ignored_checks
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.IGNORE_ANNOTATION
SEVERITY = "warning"
SUMMARY = f"a `{IGNORE_ANNOTATION}` annotation names a check that does not exist (it suppresses nothing)"
MIRRORS = "none: krmfn's own annotation (as kube-linter's ignore-check.kube-linter.io/<check>)"
FIX = "Correct the check ID in the annotation (`krmfn checks` lists them), or remove it."


def run(ctx: Context) -> Iterable[Finding]:
    known = {*ctx.check_ids, ALL}
    for index, value in enumerate(ctx.values):
        for check in ignored_checks(value):
            if check not in known:
                yield Finding(WARNING, f'unknown check "{check}" in the {IGNORE_ANNOTATION} annotation (checks: '
                                       f'{", ".join(ctx.check_ids)}, or all)',
                              item=index, path="metadata.annotations", check=ID)
