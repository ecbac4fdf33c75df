"""Real `kpt fn eval` with krmfn in every mode over a package holding what real repositories hold
(issue 14): NUL and control-character escapes, anchors, aliases and merge keys, tags, a key longer
than an implicit key, flow collections, octal-looking and YAML 1.1 spellings, comments. Every file
the function does not own must come back byte for byte (`git diff` empty).

kpt itself rewrites some spellings whatever the function returns (escapes in yaml.v3's spelling,
`\\x1b` as `\\e`; a merge key as `!!merge <<`). So the package is first run through kpt with a
function that echoes its input, and committed: that is the state of any repository kpt has
written once. krmfn must then leave every file it does not own as that state has it.
"""
from __future__ import annotations

import os
import subprocess

import pytest

from tests.e2e.test_examples import BIN, run, tool
from tests.unit.kio.test_edges import (
    ANCHORS,
    CONTROLS,
    DEPLOYMENT,
    INSTANCETYPE,
    LONG_KEY,
    NUL,
    TAGGED,
    VM,
)
from tests.unit.kio.test_edges import as_document as as_file
from tests.conftest import load12
from tests.unit.kio.test_fidelity import BLOCK_HEADERS, config_map


UNOWNED = {
    "deploy/web.yaml": as_file(DEPLOYMENT),
    "sep.yaml": "# a ConfigMap with NUL characters\n" + as_file(NUL),
    "anchors.yaml": as_file(ANCHORS),
    "tagged.yaml": as_file(TAGGED),
    "controls.yaml": as_file(CONTROLS) + "---\n" + as_file(LONG_KEY),
    "instancetype.yaml": as_file(INSTANCETYPE),
}
# A VM written without matchers that the bundle's instance type fits: adopt rewrites it.
IMPORTED = (VM.replace("name: vm # the VM", "name: imported # written out in full")
            .replace("    instancetype:\n      kind: VirtualMachineInstancetype\n      name: small\n", "")
            .replace("          devices: {}\n", "          cpu: {sockets: 2, cores: 1, threads: 1}\n"
                     "          memory: {guest: 1Gi}\n          devices: {}\n"))
OWNED = {"vm.yaml": as_file(VM), "imported.yaml": as_file(IMPORTED)}
MODES = {
    "validate": ["mode=validate"],
    "inline": ["mode=inline"],
    "generate": ["mode=generate", "from=u1.medium", "name=u1.mysize", "vcpus=4", "memory=4Gi"],
    "normalize": ["mode=normalize"],
    "adopt": ["mode=adopt", "write=true"],
}
# What each mode owns: the files it may change (edited) and add.
CHANGES = {
    "validate": (set(), set()),
    "inline": ({"vm.yaml"}, set()),
    "generate": (set(), {"instancetypes/u1.mysize.yaml"}),
    "normalize": ({"vm.yaml", "imported.yaml"}, set()),
    "adopt": ({"imported.yaml"}, set()),
}


def git(package: str, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=package, capture_output=True, text=True, check=True).stdout


@pytest.fixture
def package(tmp_path):
    root = tmp_path / "pkg"
    for name, text in {**UNOWNED, **OWNED}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    echo = tmp_path / "echo.sh"
    echo.write_text("#!/bin/sh\nexec cat\n")
    echo.chmod(0o755)
    first = run([tool("kpt"), "fn", "eval", str(root), "--exec", str(echo)], str(tmp_path))
    assert first.returncode == 0, first.stderr
    git(str(root), "init", "-q")
    git(str(root), "add", "-A")
    git(str(root), "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "package as kpt writes it")
    return str(root)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_kpt_fn_eval_changes_nothing_the_function_does_not_own(mode, package, tmp_path):
    kpt = tool("kpt")
    env = {"PATH": f"{BIN}:{os.environ['PATH']}"}
    result = run([kpt, "fn", "eval", package, "--exec", "krmfn", "--", *MODES[mode]], str(tmp_path), env)
    assert result.returncode == 0, result.stderr
    assert git(package, "diff", "--", *UNOWNED) == ""
    changed = set(git(package, "diff", "--name-only").split())
    added = set(git(package, "ls-files", "--others", "--exclude-standard").split())
    assert (changed, added) == CHANGES[mode]
    for name in changed:
        text = (tmp_path / "pkg" / name).read_text()
        assert 'color: "\\e[31mred\\e[0m"' in text and "mode: !!str 0755" in text and "tier: on" in text, text


@pytest.mark.parametrize("mode", sorted(MODES))
def test_kpt_fn_eval_keeps_a_block_scalar_that_ends_a_file(mode, tmp_path):
    # Files ending inside a block scalar without a final newline (every chomping indicator): kpt
    # reads each value as YAML 1.2 does (no line break at the end of the input) and writes it with
    # strip chomping whatever the function returns; krmfn's output must give kpt the same values,
    # so each file comes out as kpt writes it for a function that echoes its input.
    originals = {f"cm-{number:02d}.yaml": config_map(header, False).replace("name: cm", f"name: cm-{number}")
                 for number, header in enumerate(BLOCK_HEADERS)}
    trees = {}
    for name, function in (("echo", None), ("krmfn", "krmfn")):
        root = tmp_path / name
        root.mkdir()
        for file, text in {**originals, **OWNED, "instancetype.yaml": UNOWNED["instancetype.yaml"]}.items():
            (root / file).write_text(text)
        if function is None:
            echo = tmp_path / "echo.sh"
            echo.write_text("#!/bin/sh\nexec cat\n")
            echo.chmod(0o755)
            cmd = [tool("kpt"), "fn", "eval", str(root), "--exec", str(echo)]
        else:
            cmd = [tool("kpt"), "fn", "eval", str(root), "--exec", function, "--", *MODES[mode]]
        result = run(cmd, str(tmp_path), {"PATH": f"{BIN}:{os.environ['PATH']}"})
        assert result.returncode == 0, result.stderr
        trees[name] = {file: (root / file).read_text() for file in originals}
    assert trees["krmfn"] == trees["echo"]
    for file, text in originals.items():
        assert load12(trees["krmfn"][file]) == load12(text), file
