"""``krmfn.cdi.apiserver.webhooks.dataimportcron_validate``: rules beyond CDI's Go test."""
from __future__ import annotations

from typing import Any

from krmfn.cdi.apiserver.webhooks.dataimportcron_validate import (
    TIMEZONE_PANIC_MESSAGE,
    validate_data_import_cron_create,
)
from krmfn.kubevirt.util.webhooks import Cause, allow, reject_message
from krmfn.model.reasons import KUBEVIRT_CRASH


def cron(name: str = "fedora-image-cron", template_spec: dict | None = None, **spec: Any) -> dict:
    template = template_spec if template_spec is not None else {
        "source": {"registry": {"url": "docker://quay.io/containerdisks/fedora:latest"}},
        "storage": {"resources": {"requests": {"storage": "5Gi"}}}}
    return {"metadata": {"name": name, "namespace": "lab"},
            "spec": {"schedule": "0 */12 * * *", "managedDataSource": "fedora", "template": {"spec": template},
                     **spec}}


def messages(obj: dict) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in validate_data_import_cron_create(obj).causes]


def test_a_typical_cron_passes() -> None:
    assert validate_data_import_cron_create(cron(garbageCollect="Outdated", importsToKeep=3)) == allow()


def test_names_are_limited_to_a_dns_1035_label() -> None:
    assert messages(cron("a" * 64)) == [("", "Name cannot be longer than 63 characters")]
    assert validate_data_import_cron_create(cron("a" * 63)) == allow()
    assert messages(cron(managedDataSource="b" * 64)) == [("", "Name cannot be longer than 63 characters")]


def test_the_template_is_checked_as_a_data_volume_under_template() -> None:
    spec = {"source": {"registry": {"url": "docker://quay.io/containerdisks/fedora:latest"}}, "storage": {}}
    assert messages(cron(template_spec=spec)) == [("Template.Storage.resources.requests.size",
                                                   "Storage size is missing")]
    assert messages(cron(template_spec={**spec, "finalCheckpoint": True})) == [
        ("spec.Template", "Unsettable fields: SourceRef, ContentType, Checkpoints, FinalCheckpoint")]
    assert messages(cron(template_spec={"source": {"http": {"url": "https://x"}}, "storage": {}})) == [
        ("spec.Template", "Missing source")]


def test_a_time_zone_without_a_space_crashes_cdi() -> None:
    verdict = validate_data_import_cron_create(cron(schedule="TZ=UTC"))
    assert verdict.causes == [Cause("spec.Schedule", TIMEZONE_PANIC_MESSAGE, "FieldValueInvalid",
                                    frozenset({KUBEVIRT_CRASH}))]
    assert verdict.causes[0].reasons == frozenset({KUBEVIRT_CRASH})
    assert validate_data_import_cron_create(cron(schedule="TZ=UTC 0 0 * * *")) == allow()


def test_a_decoding_error_is_a_bare_message() -> None:
    error = ("json: cannot unmarshal number 3000000000 into Go struct field DataImportCronSpec.spec.importsToKeep "
             "of type int32", "spec.importsToKeep")
    verdict = validate_data_import_cron_create(cron(), error)
    assert verdict == reject_message("validating-webhook", error[0], located=error[1])
