"""``krmfn.cdi.apiserver.webhooks.util``: the shared source checks."""
from __future__ import annotations

import pytest

from krmfn.cdi.apiserver.webhooks.util import (
    check_source_url,
    child,
    validate_data_volume_source_registry,
    validate_imageio_source,
    validate_number_of_sources,
    validate_source_url,
    validate_vddk_source,
)
from krmfn.kubevirt.util.webhooks import Cause


def test_child_prints_an_empty_name_as_an_index() -> None:
    assert child("spec", "PVC", "accessModes") == "spec.PVC.accessModes"
    assert child("spec.dataSource", "name", "") == "spec.dataSource.name[]"
    assert child("", "Template") == "Template"


@pytest.mark.parametrize(("url", "problem"), [
    ("http://example.com/disk.img", ""),
    ("https://example.com/disk.img", ""),
    ("gs://bucket/disk.img", ""),
    ("", "source URL is empty"),
    ("example.com/disk.img", "Invalid source URL: example.com/disk.img"),
    ("ftp://example.com/disk.img", "Invalid source URL scheme: ftp://example.com/disk.img"),
    ("/disk.img", "Invalid source URL scheme: /disk.img"),
])
def test_validate_source_url(url: str, problem: str) -> None:
    assert validate_source_url(url) == problem


def test_check_source_url_names_the_source_in_the_message_and_the_url_in_the_field() -> None:
    assert check_source_url("", "S3", "Template") == [
        Cause("Template.source.S3.url", "Template.source source URL is empty", "FieldValueInvalid")]


def test_null_sources_do_not_count() -> None:
    assert validate_number_of_sources({"http": None, "blank": {}}, "Data volume", "spec") == []


@pytest.mark.parametrize(("registry", "field", "message"), [
    ({"url": ""}, "spec.source.Registry.URL", "Illegal registry source URL scheme "),
    ({"url": "http://%zz"}, "spec.source.Registry.URL", "Illegal registry source URL http://%zz"),
    ({"url": "oci-archive:/tmp/image.tar"}, None, None),
    ({"imageStream": "", "pullMethod": "node"}, "spec.source.Registry.importMethod",
     "Source registry ImageStream is not valid"),
])
def test_registry_urls(registry: dict, field: str | None, message: str | None) -> None:
    causes = validate_data_volume_source_registry(registry, "spec")
    assert causes == ([] if field is None else [Cause(field, message or "", "FieldValueInvalid")])


def test_imageio_source() -> None:
    complete = {"url": "https://engine/ovirt-engine/api", "diskId": "d", "secretRef": "s", "certConfigMap": "c"}
    assert validate_imageio_source(complete, "spec") == []
    assert validate_imageio_source({**complete, "certConfigMap": "", "insecureSkipVerify": True}, "spec") == []
    assert [c.message for c in validate_imageio_source({**complete, "certConfigMap": ""}, "spec")] == [
        "spec.source.Imageio source Imageio requires CertConfigMap or InsecureSkipVerify"]
    assert [c.message for c in validate_imageio_source({**complete, "diskId": ""}, "spec")] == [
        "spec.source.Imageio source Imageio is not valid"]
    assert [c.field for c in validate_imageio_source({**complete, "url": "engine"}, "spec")] == [
        "spec.source.ImageIO.url"]


def test_vddk_source() -> None:
    complete = {"url": "https://vcenter", "uuid": "u", "backingFile": "[ds] vm/disk.vmdk", "thumbprint": "t",
                "secretRef": "s"}
    assert validate_vddk_source(complete, "spec") == []
    assert [c.message for c in validate_vddk_source({**complete, "thumbprint": ""}, "spec")] == [
        "spec.source.VDDK source VDDK is not valid"]
