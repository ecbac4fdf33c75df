"""Cases of CDI's ``pkg/apiserver/webhooks/dataimportcron-validate_test.go`` (v1.64.0), ported:
the CREATE cases of "Validating Webhook" "with DataImportCron admission review", on
``validate_data_import_cron_create`` (the webhook alone). The Go test checks ``Allowed`` only; here
the whole answer is compared, with the cause CDI's code gives. The cron is the Go helper's:
``testCron`` in ``default``, a registry source with a 1Mi ``ReadWriteOnce`` claim, schedule
``30 1 * * 1``, managed DataSource ``someDataSource``.

"should reject DataImportCron with name length longer than 253 characters": the webhook's limit is
63 (``validation.DNS1035LabelMaxLength``), which its message names.

Not ported:
- "should reject invalid DataImportCron spec update", "should accept object meta update", "should
  accept status update": UPDATE, out of krmfn's scope.
"""
from __future__ import annotations

from typing import Any

import pytest

from krmfn.cdi.apiserver.webhooks.dataimportcron_validate import validate_data_import_cron_create
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Admission, Cause, allow, reject

REGISTRY_URL = "docker://registry:5000/test"
IMAGE_STREAM = "test-is"
NODE = "node"


def cron(registry: dict | None = None, **spec: Any) -> dict:
    template_spec: dict[str, Any] = {
        "source": {"registry": registry if registry is not None else {"url": REGISTRY_URL}},
        "pvc": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Mi"}}},
    }
    return {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataImportCron",
            "metadata": {"name": "testCron", "namespace": "default"},
            "spec": {"template": {"spec": template_spec}, "schedule": "30 1 * * 1",
                     "managedDataSource": "someDataSource", **spec}}


def rejected(field: str, message: str) -> Admission:
    return reject(STAGE_VALIDATING_WEBHOOK, [Cause(field, message, "FieldValueInvalid")])


def _named(obj: dict, name: str) -> dict:
    obj["metadata"]["name"] = name
    return obj


def _template(obj: dict, **changes: Any) -> dict:
    obj["spec"]["template"]["spec"].update(changes)
    for key in [key for key, value in changes.items() if value is None]:
        del obj["spec"]["template"]["spec"][key]
    return obj


LONG = ("the-name-length-of-this-dataimportcron-is-longer-then-253-characters"
        + "123456789-" * 10 + "123456789-" * 9 + "123456789")


@pytest.mark.parametrize(("obj", "expected"), [
    pytest.param(cron(), allow(), id="should accept DataImportCron with Registry source URL on create"),
    pytest.param(cron({"imageStream": IMAGE_STREAM, "pullMethod": NODE}), allow(),
                 id="should accept DataImportCron with Registry source ImageStream and node PullMethod on create"),
    pytest.param(_named(cron(), LONG), rejected("", "Name cannot be longer than 63 characters"),
                 id="should reject DataImportCron with name length longer than 253 characters"),
    pytest.param(cron({"imageStream": IMAGE_STREAM}),
                 rejected("Template.source.Registry.importMethod",
                          "Source registry ImageStream is supported only with node pull import method"),
                 id="should reject DataImportCron with Registry source ImageStream and pod PullMethod on create"),
    pytest.param(cron({}),
                 rejected("Template.source.Registry", "Source registry should have either URL or ImageStream"),
                 id="should reject DataImportCron with no Registry source URL or ImageStream on create"),
    pytest.param(_template(cron({}), source={}), rejected("spec.Template", "Missing source"),
                 id="should reject DataImportCron with no Registry source on create"),
    pytest.param(_template(cron({}), source=None), rejected("spec.Template", "Missing source"),
                 id="should reject DataImportCron with no source on create"),
    pytest.param(_template(cron(), sourceRef={"kind": "DataSource", "name": "noname"}),
                 rejected("spec.Template", "Unsettable fields: SourceRef, ContentType, Checkpoints, FinalCheckpoint"),
                 id="should reject DataImportCron with unsettable template field on create"),
    pytest.param(cron({"url": REGISTRY_URL, "imageStream": IMAGE_STREAM}),
                 rejected("Template.source.Registry", "Source registry should have either URL or ImageStream"),
                 id="should reject DataImportCron with both Registry source URL and ImageStream on create"),
    pytest.param(cron({"url": "invalidurl"}),
                 rejected("Template.source.Registry.URL", "Illegal registry source URL scheme invalidurl"),
                 id="should reject DataImportCron with illegal Registry source URL on create"),
    pytest.param(cron({"url": "joker://registry:5000/test"}),
                 rejected("Template.source.Registry.URL",
                          "Illegal registry source URL scheme joker://registry:5000/test"),
                 id="should reject DataImportCron with Registry source URL illegal transport on create"),
    pytest.param(cron({"url": REGISTRY_URL, "pullMethod": "nosuch"}),
                 rejected("Template.source.Registry.importMethod", 'ImportMethod nosuch is neither pod, node or ""'),
                 id="should reject DataImportCron with Registry source URL illegal importMethod on create"),
    pytest.param(cron(schedule="61 * * * *"), rejected("spec.Schedule", "Illegal cron schedule"),
                 id="should reject DataImportCron with illegal cron schedule"),
    pytest.param(cron(schedule=""), allow(), id="should allow DataImportCron with empty cron schedule"),
    pytest.param(cron(managedDataSource=""), rejected("spec.ManagedDataSource", "Illegal ManagedDataSource value"),
                 id="should reject DataImportCron with illegal ManagedDataSource on create"),
    pytest.param(cron(importsToKeep=-1), rejected("spec.ImportsToKeep", "Illegal ImportsToKeep value"),
                 id="should reject DataImportCron with illegal ImportsToKeep on create"),
    pytest.param(cron(garbageCollect="nosuch"), rejected("spec.GarbageCollect", "Illegal GarbageCollect value"),
                 id="should reject DataImportCron with illegal GarbageCollect on create"),
])
def test_with_data_import_cron_admission_review(obj: dict, expected: Admission) -> None:
    assert validate_data_import_cron_create(obj) == expected
