"""`krmfn checks` and `krmfn checks ID` (like `ruff rule`)."""
from __future__ import annotations

from krmfn.cli.rules import RULES
from tests.conftest import krmfn_process


def test_checks_lists_id_severity_and_summary():
    run = krmfn_process(["checks"])
    assert run.code == 0
    lines = run.stdout.splitlines()
    assert lines[0].split() == ["ID", "SEVERITY", "SUMMARY"]
    assert lines[8] == "conflict                 error     VM fields that conflict with the selected instance type"
    assert [line.split()[0] for line in lines[1:]] == [rule.id for rule in RULES]


def test_checks_id_explains_the_check():
    run = krmfn_process(["checks", "conflict"])
    assert run.code == 0
    out = run.stdout
    assert out.startswith("conflict (error): VM fields that conflict with the selected instance type\n\n"
                          "conflict: the VM sets something its instance type owns\n"
                          "([instancetype apply](../kubevirt/instancetype-apply.md#applying-an-instance-type),\n"
                          "[conflicts](../kubevirt/conflicts.md#conflicts-and-how-they-are-reported)).\n")
    assert ("KubeVirt behaviour it mirrors: pkg/instancetype/apply (conflicts), reported by the VM validating "
            "webhook\n\nPassing example:\n\n    apiVersion: kubevirt.io/v1\n    kind: VirtualMachine\n") in out
    assert "Failing example:\n\n    apiVersion: kubevirt.io/v1\n" in out
    assert "      template: {spec: {domain: {devices: {}, cpu: {sockets: 2}}}}\n" in out
    assert ("How to fix: Remove the field from the VM (its instance type owns it), or choose an instance type that "
            "leaves it to the VM.\n\nMore: https://github.com/krmfn/krmfn/blob/main/docs/checks/conflict.md\n") in out
    assert out.endswith("/docs/checks/conflict.md\n")


def test_unknown_check_exits_2_with_the_known_ids():
    run = krmfn_process(["checks", "nope"])
    assert run.code == 2 and run.stdout == ""
    assert run.stderr.startswith("krmfn: unknown check 'nope' (known: api-version, unknown-field, schema, ")
    assert run.stderr.rstrip().endswith("catalog, ignore-annotation, input, normalize)")
