"""Every krmfn command the docs show runs as shown (issue 40: docs that were false).

The commands are read from README.md, CONTRIBUTING.md and every page of docs/, bench/ and
kustomize-examples/: each line of a code block that starts with `krmfn `, and each inline `krmfn
...` with arguments. A command runs where its paths are: from the repository root, or from the
page's own directory (an example's README says "in this directory"); a command whose paths exist in
neither names illustrative ones (`vms/`, `manifests/`, `PATH...`), and runs in a sandbox that holds
such a tree (a git repository, with `origin/main`). Placeholders take a value of that tree
(``PATH`` a directory of VMs, ``FILE`` a VM file, ``REV`` origin/main); `[optional parts]` are left
out, the first of `a\\|b` alternatives is taken, and `> file` and `< file` are honoured.

Each must parse and run: exit 0 or 1 (1 is "findings" or "changed"), never 2 (usage), no traceback
and no internal error. What they print is the business of the tests of each mode and of
`tests/e2e/test_examples.py`, which compare the examples' outputs with `.expected/`.
"""
from __future__ import annotations

import argparse
import functools
import os
import re
import shlex
import shutil
import subprocess
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from krmfn.cli.parser import build_parser
from tests.conftest import REPO

KRMFN = os.path.join(sysconfig.get_path("scripts"), "krmfn")
# The sandbox is a git repository (`krmfn diff --git origin/main`): without git (the test image) the
# commands are not run here; they run on the host, where CI runs this suite.
pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed: the sandbox needs it")
EXAMPLES = os.path.join(REPO, "kustomize-examples")
# inline code that only names a mode, or shows a line of output or a syntax summary
_MENTION = re.compile(r"^krmfn (?:[a-z]+|[a-z]+: .*|[a-z|]+\|.*|[A-Z]+ .*|--help|--version)$")
PLACEHOLDERS = {"PATH...": "vms", "PATH": "vms", "DIR": "vms", "REPO": "vms", "FILE": "vms/web.yaml",
                "BASE": "base", "HEAD": "head", "REV": "origin/main", "NS": "lab", "ID": "conflict"}
PATH_OPTIONS = ("--config", "--cluster-config")
VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: {name}
  namespace: lab
spec:
  runStrategy: Always
  instancetype:
    name: u1.medium
  preference:
    name: fedora
  template:
    spec:
      domain:
        devices: {{}}
"""
CONFIGMAP = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: '0755'\n"


def doc_pages() -> list[str]:
    pages = [name for name in ("README.md", "CONTRIBUTING.md") if os.path.exists(os.path.join(REPO, name))]
    for folder in ("docs", "bench", "kustomize-examples"):
        for root, dirs, names in os.walk(os.path.join(REPO, folder)):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            pages += [os.path.relpath(os.path.join(root, name), REPO) for name in names if name.endswith(".md")]
    return sorted(pages)


def doc_commands() -> list[tuple[str, int, str]]:
    found = []
    for page in doc_pages():
        with open(os.path.join(REPO, page), encoding="utf-8") as handle:
            text = handle.read()
        in_block = False
        for number, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_block = not in_block
                continue
            if in_block:
                match = re.match(r"^\s*(?:\$ )?(krmfn(?: .*)?)$", line)
                candidates = [match.group(1)] if match else []
            else:
                candidates = re.findall(r"`(krmfn [^`]+)`", line)
            for written in candidates:
                command = re.sub(r"\s+#.*$", "", written).strip()
                if (_MENTION.match(command) and command not in ("krmfn --help", "krmfn --version")) \
                        or "[options]" in command or not runnable(words(command)[0], in_block):
                    continue  # a mention, or a synopsis (`krmfn MODE [options] PATH...`)
                found.append((page, number, command))
    return found


def words(command: str) -> tuple[list[str], str | None, str | None]:
    """The arguments, stdin file and stdout file of a command as the docs write it."""
    command = re.sub(r"\[[^\]]*\](?:\.\.\.)?", "", command).replace("\\|", "|")
    command = re.sub(r"(--format \w+)(?:\|\w+)+", r"\1", command)
    parts = shlex.split(command)[1:]
    stdin = stdout = None
    for marker in ("<", ">"):
        if marker in parts:
            at = parts.index(marker)
            if marker == "<":
                stdin = parts[at + 1]
            else:
                stdout = parts[at + 1]
            del parts[at:at + 2]
    return [PLACEHOLDERS.get(part, part) for part in parts], stdin, stdout


@functools.lru_cache(maxsize=1)
def switches() -> frozenset[str]:
    """The options that take no value, from the CLI's own parser."""
    found: set[str] = set()

    def walk(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:  # noqa: SLF001 - argparse keeps them there
            if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
                for sub in action.choices.values():
                    walk(sub)
            elif action.option_strings and action.nargs == 0:
                found.update(action.option_strings)

    walk(build_parser())
    return frozenset(found)


def positionals(args: list[str]) -> list[str]:
    """The arguments after the mode that are not options or option values."""
    out: list[str] = []
    value_next = False
    for arg in args[1:] if args and not args[0].startswith("-") else args:
        if value_next:
            value_next = False
        elif arg.startswith("-") and arg != "-":
            value_next = "=" not in arg and arg not in switches()
        else:
            out.append(arg)
    return out


def runnable(args: list[str], in_block: bool) -> bool:
    """A line of a code block runs; inline code runs when it names what to work on (a mention of a
    flag, `krmfn normalize --check`, does not)."""
    mode = args[0] if args and not args[0].startswith("-") else None
    return in_block or bool(positionals(args)) or mode in ("checks", "catalog", "fit") or "--from" in args \
        or "--config" in args


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    """A repository with the illustrative paths the docs name."""
    root = tmp_path_factory.mktemp("docs-sandbox")
    files = {"vms/web.yaml": VM.format(name="web"), "vms/db.yaml": VM.format(name="db"),
             "vm.yaml": VM.format(name="vm"), "cm.yaml": CONFIGMAP, "manifests/vms.yaml": VM.format(name="app"),
             "dir/vms.yaml": VM.format(name="dir"), "fn.yaml": "apiVersion: krmfn.dev/v1alpha1\nkind: Validate\n"
             "metadata:\n  name: fn\nspec:\n  namespace: lab\n",
             "rl.yaml": "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- "
             + VM.format(name="rl").replace("\n", "\n  ").rstrip() + "\nfunctionConfig:\n  apiVersion: v1\n"
             "  kind: ConfigMap\n  metadata: {name: fn}\n  data: {mode: validate}\n"}
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    for name in ("base", "head"):
        shutil.copytree(os.path.join(EXAMPLES, "pr-preview", name), root / name)
    for name in ("preferences", "instancetypes"):
        shutil.copytree(os.path.join(EXAMPLES, "customize-preference", name), root / name)
    shutil.copy(os.path.join(EXAMPLES, "generate-sizes", "sizes.yaml"), root / "sizes.yaml")
    shutil.copytree(os.path.join(EXAMPLES, "adopt-imported", "resources"), root / "resources")
    (root / "overlays" / "prod").mkdir(parents=True)
    (root / "overlays" / "prod" / "kustomization.yaml").write_text("namespace: prod\nresources:\n- ../../vms\n")
    (root / "vms" / "kustomization.yaml").write_text("resources:\n- web.yaml\n- db.yaml\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(root)]
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "docs sandbox"], check=True)
    subprocess.run([*git, "update-ref", "refs/remotes/origin/main", "HEAD"], check=True)
    return str(root)


def where(page: str, args: list[str], stdin: str | None, sandbox: str) -> str:
    """The directory the command's paths exist in: the repository root, the page's, or the sandbox."""
    mode = args[0] if args and not args[0].startswith("-") else None
    if "--git" in args:
        return sandbox  # it needs a repository with origin/main
    paths = ([] if mode in ("checks", "catalog") else positionals(args)) + ([stdin] if stdin else [])
    paths += [args[at + 1] for at, arg in enumerate(args[:-1]) if arg in PATH_OPTIONS]
    paths = [path for path in paths if path != "-"]
    for folder in (REPO, os.path.join(REPO, os.path.dirname(page))):
        if all(os.path.exists(os.path.join(folder, path)) for path in paths):
            return folder
    return sandbox


@dataclass(frozen=True)
class Ran:
    cwd: str
    code: int
    stdout: bytes
    stderr: str


def run_command(page: str, command: str, sandbox: str, scratch: str) -> Ran:
    args, stdin, _ = words(command)
    cwd = where(page, args, stdin, sandbox)
    if cwd != sandbox and "--write" in args:  # never rewrite the repository's files
        copy = tempfile.mkdtemp(dir=scratch)
        shutil.copytree(cwd, copy, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".git", ".venv", "*.pyc"))
        cwd = copy
    with open(os.path.join(cwd, stdin), "rb") if stdin else open(os.devnull, "rb") as given:
        run = subprocess.run([KRMFN, *args], cwd=cwd, stdin=given, capture_output=True, check=False,
                             env={**os.environ, "NO_COLOR": "1", "GITHUB_ACTIONS": ""}, timeout=300)
    return Ran(cwd, run.returncode, run.stdout, run.stderr.decode("utf-8", "replace"))


@pytest.fixture(scope="module")
def ran(sandbox, tmp_path_factory) -> dict[tuple[str, str], Ran]:
    """Every command run once (the same command of the same page once), two at a time: they are
    processes, and the machine has more than one CPU."""
    scratch = str(tmp_path_factory.mktemp("docs-writes"))
    wanted = sorted({(page, command) for page, _, command in doc_commands()})
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as pool:
        done = pool.map(lambda entry: run_command(entry[0], entry[1], sandbox, scratch), wanted)
        return dict(zip(wanted, done, strict=True))


@pytest.mark.parametrize(("page", "line", "command"), doc_commands(), ids=lambda v: str(v)[:90])
def test_a_command_a_doc_shows_runs(page, line, command, ran):
    run = ran[(page, command)]
    assert run.code in (0, 1), f"{page}:{line}: `{command}` exited {run.code} in {run.cwd}:\n{run.stderr}"
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr, \
        f"{page}:{line}: `{command}`:\n{run.stderr}"
    if words(command)[2] is not None:
        assert run.stdout, f"{page}:{line}: `{command}` wrote nothing to {words(command)[2]}"


def test_the_commands_are_found():
    commands = doc_commands()
    assert len(commands) > 100
    assert ("README.md", next(n for p, n, c in commands if c.startswith("krmfn inline kustomize-examples/quickstart")
                              and p == "README.md"), "krmfn inline kustomize-examples/quickstart/resources") in commands
