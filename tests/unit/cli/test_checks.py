"""`krmfn checks` and `krmfn checks ID` (like `ruff rule`)."""
from __future__ import annotations

import os
import re

from krmfn.cli.rules import RULES
from krmfn.model import check_ids
from krmfn.modes.generate.findings import FINDINGS as GENERATE_FINDINGS
from tests.conftest import REPO, krmfn_process


def test_checks_lists_every_check_id_a_result_can_carry():
    run = krmfn_process(["checks"])
    assert run.code == 0
    lines = run.stdout.splitlines()
    assert lines[0].split() == ["ID", "SEVERITY", "SUMMARY"]
    assert lines[8] == "conflict                     error     VM fields that conflict with the selected instance type"
    assert [line.split()[0] for line in lines[1:]] == [
        *(rule.id for rule in RULES), "internal-error", "config", "function-config", "nothing-checked", "normalize",
        "adopt", "v1beta2-not-served", "template-process", "template-convert",
        *(finding[0] for finding in GENERATE_FINDINGS)]
    # every ID the model names (validate's, the reader's, the run's, the modes') is listed
    named = {value for name, value in vars(check_ids).items() if name.isupper() and isinstance(value, str)}
    assert named - {line.split()[0] for line in lines[1:]} == set()


def test_the_checks_outside_validate_are_explained_too():
    for check in ("internal-error", "normalize", "config"):
        run = krmfn_process(["checks", check])
        assert run.code == 0 and run.stdout.startswith(f"{check} (error): ")
        assert run.stdout.endswith(f"More: https://github.com/krmfn/krmfn/blob/main/docs/checks/{check}.md\n")


def test_checks_id_explains_the_check():
    run = krmfn_process(["checks", "conflict"])
    assert run.code == 0
    out = run.stdout
    # a terminal gets the links' text, not Markdown (the page is one `More:` away)
    assert out.startswith("conflict (error): VM fields that conflict with the selected instance type\n\n"
                          "conflict: the VM sets something its instance type owns\n"
                          "(instancetype apply,\nconflicts).\n")
    assert not re.search(r"\]\(", out)
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
    assert ("catalog, ignore-annotation, input, internal-error, config, function-config, nothing-checked, normalize, "
            "adopt, v1beta2-not-served, template-process, template-convert, generate-") in run.stderr
    assert run.stderr.rstrip().endswith("generate-replaced)")


def test_every_listed_id_is_explained_with_a_page_that_exists():
    """Each ID `krmfn checks` lists, the other modes' too: `krmfn checks ID` says what it is and
    names a page of docs/ that exists (a mode's page for the other modes' findings)."""
    listed = [line.split()[0] for line in krmfn_process(["checks"]).stdout.splitlines()[1:]]
    for check in ("adopt", "v1beta2-not-served", "template-process", "template-convert", GENERATE_FINDINGS[0][0]):
        assert check in listed
        run = krmfn_process(["checks", check])
        assert run.code == 0 and run.stdout.startswith(f"{check} (")
        page = run.stdout.rstrip().rsplit("/blob/main/", 1)[1]
        assert os.path.exists(os.path.join(REPO, page)), page
