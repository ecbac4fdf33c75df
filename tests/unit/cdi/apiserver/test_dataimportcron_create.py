"""``krmfn.cdi.apiserver.dataimportcron_create``: the DataImportCron CREATE chain, end to end."""
from __future__ import annotations

from typing import Any

from krmfn.cdi.apiserver.dataimportcron_create import admit_data_import_cron
from krmfn.kubevirt.util.webhooks import (
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_VALIDATING_WEBHOOK,
    Cause,
    allow,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig


def cron(**spec: Any) -> dict:
    return {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataImportCron", "metadata": {"name": "fedora"},
            "spec": {"schedule": "0 */12 * * *", "managedDataSource": "fedora", "garbageCollect": "Outdated",
                     "template": {"spec": {"source": {"registry": {"url": "docker://quay.io/containerdisks/fedora"}},
                                           "storage": {"resources": {"requests": {"storage": "5Gi"}}}}},
                     **spec}}


def admit(obj: dict) -> Any:
    return admit_data_import_cron(obj, [obj], "default", ClusterConfig())


def test_a_cron_passes() -> None:
    assert admit(cron()) == allow()


def test_required_fields_are_the_schemas() -> None:
    obj = cron()
    del obj["spec"]["schedule"]
    verdict = admit(obj)
    assert (verdict.stage, verdict.causes) == (STAGE_CRD_SCHEMA, [Cause("spec.schedule", "Required value")])


def test_template_metadata_is_unknown() -> None:
    obj = cron()
    obj["spec"]["template"]["metadata"] = {"labels": {"a": "b"}}
    assert admit(obj).stage == STAGE_FIELD_VALIDATION


def test_service_account_name_may_not_be_empty() -> None:
    assert admit(cron(serviceAccountName="")).causes == [Cause(
        "spec.serviceAccountName",
        'Invalid value: "": spec.serviceAccountName in body should be at least 1 chars long')]


def test_the_webhook_decodes_then_validates() -> None:
    verdict = admit(cron(importsToKeep=1 << 31))
    assert (verdict.stage, verdict.message) == (STAGE_VALIDATING_WEBHOOK, (
        "json: cannot unmarshal number 2147483648 into Go struct field DataImportCronSpec.spec.importsToKeep of type "
        "int32"))
    verdict = admit(cron(schedule="every day"))
    assert verdict.causes == [Cause("spec.Schedule", "Illegal cron schedule", "FieldValueInvalid")]
