"""ObjectMeta validation of the API server (names, namespaces, labels, annotations)."""
from krmfn.kubevirt.apiserver.objectmeta import validate_object_meta

SUBDOMAIN_MESSAGE = (
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
    "and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')")
LABEL_MESSAGE = (
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start "
    "and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')")


def test_valid_names():
    assert validate_object_meta({"name": "u1.medium"}, False, "") == []
    assert validate_object_meta({"name": "a-b.c-d"}, True, "default") == []


def test_name_not_a_subdomain():
    assert validate_object_meta({"name": "Bad_Name"}, False, "") == [
        ("metadata.name", f'Invalid value: "Bad_Name": {SUBDOMAIN_MESSAGE}')]


def test_name_too_long():
    name = "a" * 254
    assert validate_object_meta({"name": name}, False, "") == [
        ("metadata.name", f'Invalid value: "{name}": must be no more than 253 characters')]


def test_name_with_trailing_newline_is_invalid():
    assert validate_object_meta({"name": "vm\n"}, False, "") == [
        ("metadata.name", f'Invalid value: "vm\\n": {SUBDOMAIN_MESSAGE}')]


def test_missing_name_and_generate_name():
    assert validate_object_meta({}, False, "") == [
        ("metadata.name", "Required value: name or generateName is required")]
    assert validate_object_meta({"generateName": "vm-"}, False, "") == []
    assert validate_object_meta({"generateName": "VM-"}, False, "") == [
        ("metadata.generateName", f'Invalid value: "VM-": {SUBDOMAIN_MESSAGE}')]


def test_namespace_must_be_a_label():
    assert validate_object_meta({"name": "vm"}, True, "My.Ns") == [
        ("metadata.namespace", f'Invalid value: "My.Ns": {LABEL_MESSAGE}')]


def test_labels():
    assert validate_object_meta({"name": "vm", "labels": {"app": "web", "example.com/tier": "a_b-1"}}, False, "") == []
    problems = validate_object_meta({"name": "vm", "labels": {"bad key": "x", "ok": "no spaces"}}, False, "")
    assert [field for field, _ in problems] == ["metadata.labels", "metadata.labels"]
    assert problems[0][1].startswith('Invalid value: "bad key": name part must consist of alphanumeric characters')
    assert problems[1][1].startswith('Invalid value: "no spaces": a valid label must be an empty string or consist')


def test_annotation_keys():
    assert validate_object_meta({"name": "vm", "annotations": {"Example.com/Note": "anything at all"}}, False, "") == []
    problems = validate_object_meta({"name": "vm", "annotations": {"a/b/c": ""}}, False, "")
    assert problems[0][0] == "metadata.annotations"
    assert "with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')" in problems[0][1]


def test_a_namespace_with_dots_gets_apimachinerys_own_message() -> None:
    """``IsDNS1123Label`` says "must not contain dots" for a valid subdomain that is no label."""
    assert validate_object_meta({"name": "vm"}, True, "a.b") == [
        ("metadata.namespace", 'Invalid value: "a.b": must not contain dots')]
