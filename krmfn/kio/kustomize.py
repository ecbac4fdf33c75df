"""Building kustomization directories with the kustomize on PATH, for the CLI (docs/cli.md#kustomizations).

`kubectl kustomize DIR`, or `kustomize build DIR` when kustomize is there and kubectl is not, with
the user's build options (``kustomizeBuildOptions``) and nothing else: plugins and KRM functions
stay disabled unless those options enable them, so a build runs no code from the repository it
reads.

Each directory is built once per run, all of them in parallel (one kustomize process per CPU),
through a scratch kustomization outside the repository that lists the directory as its only
resource and asks for ``buildMetadata: [originAnnotations]``: kustomize then writes, on each object,
the file it came from (``config.kubernetes.io/origin``). The directory stays its own kustomization
root (its load restrictions, namespace and name prefix apply as before) and the scratch one copies
its ``sortOptions``, so the objects and their order are those of ``kubectl kustomize DIR``;
``split_origins`` takes the annotations out again before anything else sees the output. A
directory whose kustomization asks for origin annotations itself is built directly and keeps them.

A failed build is one finding with kustomize's error (``first_error``: whatever kubectl's log
format), placed on the file it names (``failure``).
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from krmfn.kio import lines, nodes
from krmfn.kio.nodes import MAPPING, SCALAR, SEQUENCE
from krmfn.kio.kustomize_roots import kustomization_file
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor
    from typing import Any

    ProblemOf = Any  # Callable[[str], tuple[int | None, int | None] | None]: where krmfn's reader refuses a file

TIMEOUT_SECONDS = 300
ORIGIN_ANNOTATION = "config.kubernetes.io/origin"
ORIGIN_ANNOTATIONS = "originAnnotations"
# kubectl writes errors through klog: `E1124 04:21:45.1 15187 run.go:72] "command failed" err="..."`,
# or, when the error has several lines, `err=<` then the lines (tab-indented) and ` >`.
_KLOG = LazyPattern(r"^[IWEF]\d{4} [\d:.]+\s+\d+ [^\]]+\] ")
_KLOG_ERR = LazyPattern(r'\berr="((?:[^"\\]|\\.)*)"')
_KLOG_BLOCK = LazyPattern(r"\berr=<\s*$")
_GO_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r"}
# kustomize's error for a resource directory it went into: what follows is that directory's error.
_RECURSED = LazyPattern(r"recursed accumulation of path '([^']*)': ")
def is_remote(entry: str) -> bool:
    """A resource kustomize fetches (`github.com/org/repo//dir?ref=v1`, `https://...`, `git@...`)."""
    return bool(re.match(r"^(?:[a-z][a-z0-9+.-]*://|git@|git::|(?:github|gitlab|bitbucket)\.(?:com|org)/)", entry))


@record(frozen=True)
class Reference:
    """An entry of a kustomization file: its text, the path it names, and the line it is on."""

    value: str
    path: str  # absolute, normalized ("" for a remote resource)
    at: Any = field(default=None, compare=False, repr=False)  # its node: the line, found when asked for

    @property
    def line(self) -> int:
        return _line(self.at)


@record(frozen=True)
class Patch:
    """A patch a kustomization applies: in a file, or inline (``text``, whose first line is ``line``
    of the kustomization file)."""

    file: str | None  # absolute path of the patch file
    text: str | None  # an inline patch
    target: dict[str, str]  # kind, name, namespace, group, version, labelSelector, annotationSelector
    json6902: bool  # a JSON patch (patchesJson6902, or a list) rather than a strategic merge patch
    at: Any = field(default=None, compare=False, repr=False)  # the node naming the file, or the inline text

    @property
    def line(self) -> int:
        """Where the kustomization names the file, or where the inline text starts."""
        return _line(self.at) if self.text is None else _text_line(self.at)


@record
class Kustomization:
    """A kustomization file as far as krmfn needs it: what it names, and where."""

    directory: str  # absolute
    file: str  # absolute
    node: Any = None  # the node of the file's first document (krmfn.kio.nodes)
    component: bool = False
    resources: list[Reference] = field(default_factory=list)
    components: list[Reference] = field(default_factory=list)
    patches: list[Patch] = field(default_factory=list)
    configuration: list[Reference] = field(default_factory=list)  # patch, replacement, plugin config files
    sort_options: Any = None
    origin_annotations: bool = False  # buildMetadata asks for them
    name_prefix: str = ""
    name_suffix: str = ""
    traced: bool = False  # krmfn can tell where each object of it comes from (``traced_origins``)

    def references(self) -> list[Reference]:
        return [*self.resources, *self.components, *self.configuration]

    def function_images(self) -> list[str]:
        """The container KRM functions its generators, transformers and validators run (read each
        time: the files they name may change while the kustomization file does not)."""
        return _function_images(self.directory, self.node) if self.node is not None else []


def read_kustomization(directory: str) -> Kustomization | None:
    """The kustomization of a directory (None when it has no kustomization file)."""
    directory = os.path.normpath(os.path.abspath(directory))
    name = kustomization_file(directory)
    if name is None:
        return None
    path = os.path.join(directory, name)
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return _read_kustomization(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4096)
def _read_kustomization(path: str, _mtime: int, _size: int) -> Kustomization:
    directory = os.path.dirname(path)
    found = Kustomization(directory, path)
    try:
        with open(path, "rb") as handle:
            docs = nodes.compose(handle.read(1 << 24))
    except OSError:
        return found
    node = docs[0] if docs else None
    if not _is(node, MAPPING):
        return found
    found.node = node
    found.component = node_scalar(node_get(node, "kind")) == "Component"
    found.resources = [_reference(directory, value, at) for value, at in _strings(node_get(node, "resources"))]
    found.components = [_reference(directory, value, at) for value, at in _strings(node_get(node, "components"))]
    found.patches = _patches(directory, node)
    found.configuration = _configuration(directory, node, found.patches)
    found.sort_options = _plain(node_get(node, "sortOptions"))
    found.origin_annotations = ORIGIN_ANNOTATIONS in [value for value, _ in _strings(node_get(node, "buildMetadata"))]
    found.name_prefix = node_scalar(node_get(node, "namePrefix")) or ""
    found.name_suffix = node_scalar(node_get(node, "nameSuffix")) or ""
    found.traced = _traced(found, node)
    return found


_PLUGIN_LISTS = ("generators", "transformers", "validators")
FUNCTION_ANNOTATIONS = ("config.kubernetes.io/function", "config.k8s.io/function")
# The image of krmfn's KRM function, from any registry, at any tag or digest.
_KRMFN_IMAGE = LazyPattern(r"(?:^|/)krmfn(?:[:@].*)?$")


def is_krmfn_image(image: str) -> bool:
    return bool(_KRMFN_IMAGE.search(image))


def _function_images(directory: str, node: Any) -> list[str]:
    """The container images of the KRM functions a kustomization's generators, transformers and
    validators name (each a file, or the configuration written inline)."""
    images: list[str] = []
    for name in _PLUGIN_LISTS:
        for value, _ in _strings(node_get(node, name)):
            if "\n" in value:
                images.extend(_images_in(value))
            elif not is_remote(value):
                path = os.path.normpath(os.path.join(directory, value))
                if os.path.isfile(path):
                    images.extend(_images_in(_head(path) or ""))
    return images


def _images_in(text: str) -> list[str]:
    """The container images of the function configurations in a YAML text."""
    import yaml  # noqa: PLC0415 - a kustomization's function configurations only (krmfn.kio.nodes)

    try:
        configs = list(yaml.safe_load_all(text))
    except yaml.YAMLError:
        return []
    images = []
    for config in configs:
        metadata = config.get("metadata") if isinstance(config, dict) else None
        annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
        for key in FUNCTION_ANNOTATIONS:
            spec = annotations.get(key) if isinstance(annotations, dict) else None
            try:
                function = yaml.safe_load(spec) if isinstance(spec, str) else None
            except yaml.YAMLError:
                continue
            container = function.get("container") if isinstance(function, dict) else None
            image = container.get("image") if isinstance(container, dict) else None
            if isinstance(image, str):
                images.append(image)
    return images


def runs_krmfn(directory: str) -> bool:
    """Whether a build of ``directory`` runs krmfn's own function (in any kustomization it reads)."""
    return any(is_krmfn_image(image) for found, _ in chain(directory) for image in found.function_images())


# What makes objects krmfn cannot trace to a resource file by itself: generated or fetched
# objects, plugins, patches that delete objects or change kinds.
_UNTRACED_FIELDS = ("configMapGenerator", "secretGenerator", "generators", "transformers", "validators",
                    "helmCharts", "helmChartInflationGenerator", "replacements", "crds", "openapi")


def _traced(found: Kustomization, node: Any) -> bool:
    if any(node_get(node, name) is not None for name in _UNTRACED_FIELDS):
        return False
    if any(not ref.path or not os.path.exists(ref.path) for ref in [*found.resources, *found.components]):
        return False
    if found.component and (found.name_prefix or found.name_suffix):
        return False
    for entry in [*node_items(node_get(node, "patches")), *node_items(node_get(node, "patchesStrategicMerge"))]:
        if node_get(node_get(entry, "options"), "allowKindChange") is not None:
            return False
    for patch in found.patches:
        text = patch.text if patch.file is None else _head(patch.file)
        if text is None or "$patch" in text:
            return False
    return True


def _head(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            return handle.read(1 << 20).decode("utf-8", "replace")
    except OSError:
        return None


def _reference(directory: str, value: str, at: Any) -> Reference:
    if is_remote(value):
        return Reference(value, "", at)
    return Reference(value, os.path.normpath(os.path.join(directory, value)), at)


def _patches(directory: str, node: Any) -> list[Patch]:
    out: list[Patch] = []
    for entry in node_items(node_get(node, "patches")):
        out.append(_patch(directory, entry, None))
    for entry in node_items(node_get(node, "patchesStrategicMerge")):
        text = node_scalar(entry)
        if text is None:
            continue
        if "\n" in text.strip():  # an inline patch
            out.append(Patch(None, text, {}, False, entry))
        else:
            out.append(Patch(os.path.normpath(os.path.join(directory, text)), None, {}, False, entry))
    for entry in node_items(node_get(node, "patchesJson6902")):
        out.append(_patch(directory, entry, True))
    return out


def _patch(directory: str, entry: Any, json6902: bool | None) -> Patch:
    pairs = ((node_scalar(k), node_scalar(v)) for k, v in node_pairs(node_get(entry, "target")))
    target = {key: value for key, value in pairs if key and value is not None}
    path, inline = node_scalar(node_get(entry, "path")), node_get(entry, "patch")
    if path is not None:
        file = os.path.normpath(os.path.join(directory, path))
        return Patch(file, None, target, bool(json6902) or _is_json_patch_file(file), node_get(entry, "path"))
    text = node_scalar(inline) or ""
    return Patch(None, text, target, bool(json6902) or text.lstrip().startswith(("-", "[")), inline)


def _is_json_patch_file(path: str) -> bool:
    docs = documents(path)
    return bool(docs) and _is(docs[0], SEQUENCE)


_CONFIGURATION_LISTS = ("configurations", "crds", "transformers", "generators", "validators")


def _configuration(directory: str, node: Any, patches: list[Patch]) -> list[Reference]:
    """Files a kustomization names that are kustomize's configuration, not objects of its own: its
    patches, replacements, openAPI schema, transformer/generator/validator configs."""
    out = [Reference(os.path.relpath(patch.file, directory), patch.file, patch.at)
           for patch in patches if patch.file]
    for name in _CONFIGURATION_LISTS:
        out.extend(_reference(directory, value, at) for value, at in _strings(node_get(node, name))
                   if "\n" not in value)
    for entry in node_items(node_get(node, "replacements")):
        path = node_scalar(node_get(entry, "path"))
        if path is not None:
            out.append(_reference(directory, path, node_get(entry, "path")))
    openapi = node_scalar(node_get(node_get(node, "openapi"), "path"))
    if openapi is not None:
        out.append(_reference(directory, openapi, node_get(node_get(node, "openapi"), "path")))
    return [ref for ref in out if ref.path and not os.path.isdir(ref.path)]


# Node trees, never loaded values: a kustomization file's (krmfn.kio.nodes: lines on demand) and
# PyYAML's (krmfn.kio.lines: the other files read for their positions) read alike.

def _is(node: Any, kind: str) -> bool:
    return getattr(node, "id", None) == kind


def node_get(node: Any, key: str) -> Any:
    """A mapping node's value for a key, None when there is none."""
    if _is(node, MAPPING):
        for k, v in node.value:
            if _is(k, SCALAR) and k.value == key:
                return v
    return None


def node_pairs(node: Any) -> list[tuple[Any, Any]]:
    return list(node.value) if _is(node, MAPPING) else []


def _name(node: Any) -> str | None:
    """An object node's metadata.name."""
    return node_scalar(node_get(node_get(node, "metadata"), "name"))


def node_items(node: Any) -> list[Any]:
    return list(node.value) if _is(node, SEQUENCE) else []


def node_scalar(node: Any) -> str | None:
    return node.value if _is(node, SCALAR) else None


def _strings(node: Any) -> list[tuple[str, Any]]:
    """A sequence's scalars: their text and node (its line found when a message needs it)."""
    return [(entry.value, entry) for entry in node_items(node) if _is(entry, SCALAR)]


def _line(node: Any) -> int:
    return int(node.start_mark.line) + 1 if node is not None else 0


def _text_line(node: Any) -> int:
    """The line an inline patch's first line is on: after the `|` of a block scalar."""
    if node is None:
        return 0
    return _line(node) + (1 if getattr(node, "style", None) in ("|", ">") else 0)


def _plain(node: Any) -> Any:
    if _is(node, MAPPING):
        return {node_scalar(k): _plain(v) for k, v in node.value}
    if _is(node, SEQUENCE):
        return [_plain(v) for v in node.value]
    return node_scalar(node)


@lru_cache(maxsize=1024)
def _documents_cached(path: str, _mtime: int) -> tuple[Any, ...]:
    try:
        with open(path, "rb") as handle:
            return lines.compose(handle.read(1 << 26))
    except OSError:
        return ()


def documents(path: str) -> tuple[Any, ...]:
    """PyYAML's nodes of every document of a file (positions only; cached while the file is
    unchanged), () when unreadable."""
    try:
        mtime = os.stat(path).st_mtime_ns
    except OSError:
        return ()
    return _documents_cached(path, mtime)


def chain(directory: str) -> list[tuple[Kustomization, tuple[str, ...]]]:
    """The kustomizations a build of ``directory`` reads, outermost first, each with the
    directories that lead to it (``directory`` first): its local resource directories and its
    components, recursively."""
    out: list[tuple[Kustomization, tuple[str, ...]]] = []
    seen: set[str] = set()

    def visit(folder: str, via: tuple[str, ...]) -> None:
        if folder in seen:
            return
        seen.add(folder)
        found = read_kustomization(folder)
        if found is None:
            return
        out.append((found, (*via, folder)))
        for ref in [*found.resources, *found.components]:
            if ref.path and os.path.isdir(ref.path):
                visit(ref.path, (*via, folder))

    visit(os.path.normpath(os.path.abspath(directory)), ())
    return out


def used_components(kustomizations: Iterable[str]) -> set[str]:
    """The Component directories (absolute) the kustomizations name, directly or through another
    component they name."""
    used: set[str] = set()
    pending = [os.path.normpath(os.path.abspath(d)) for d in kustomizations]
    visited: set[str] = set()
    while pending:
        folder = pending.pop()
        if folder in visited:
            continue
        visited.add(folder)
        found = read_kustomization(folder)
        if found is None:
            continue
        for ref in found.components:
            if ref.path:
                used.add(ref.path)
                pending.append(ref.path)
    return used


# --- building ---------------------------------------------------------------------------------


def command(options: Sequence[str] = ()) -> list[str] | None:
    """How to build a kustomization here (with the user's build options), or None when neither
    kubectl nor kustomize is on PATH."""
    import shutil  # noqa: PLC0415 - the build's modules load when there is something to build (5 ms)
    kubectl = shutil.which("kubectl")
    if kubectl:
        return [kubectl, "kustomize", *options]
    kustomize = shutil.which("kustomize")
    return [kustomize, "build", *options] if kustomize else None


@record
class Origin:
    """Where kustomize says an object came from (its ``config.kubernetes.io/origin``)."""

    path: str | None = None  # the resource file, absolute (a local resource)
    repo: str | None = None  # a remote resource's repository (``path`` is then inside it)
    configured_in: str | None = None  # a generated object: the kustomization file, absolute
    generator: str | None = None  # a generated object: the generator's kind


@record
class Build:
    output: bytes
    error: str | None = None  # kustomize's error when the build failed
    origins: list[Origin | None] = field(default_factory=list)  # per document of output
    chain: list[str] = field(default_factory=list)  # failed: the directories kustomize went into


def build(cmd: list[str], directory: str) -> Build:
    """One build of ``directory``, and where each object comes from: traced by krmfn when every
    kustomization the build reads is one it can trace (``traced_origins``), else from kustomize's
    origin annotations (``annotated_build``)."""
    directory = os.path.normpath(os.path.abspath(directory))
    found = chain(directory)
    if ALPHA_PLUGINS not in cmd and runs_krmfn(directory):
        cmd, env = with_krmfn_functions(cmd)
        return annotated_build(cmd, directory, env)
    if found and all(kustomization.traced for kustomization, _ in found) and not found[0][0].origin_annotations:
        done = _run(cmd, directory)
        if done.error is not None:
            done.error, done.chain = _innermost(done.error)
            done.chain.insert(0, directory)
            return done
        origins = traced_origins(done.output, directory)
        if origins is not None:
            done.origins = origins
            return done
    return annotated_build(cmd, directory)


def annotated_build(cmd: list[str], directory: str, env: dict[str, str] | None = None) -> Build:
    """One build of ``directory`` with origin annotations, taken out of the output again (``env``:
    the environment kustomize runs in, ``with_krmfn_functions``)."""
    directory = os.path.normpath(os.path.abspath(directory))
    found = read_kustomization(directory)
    if found is not None and found.origin_annotations:  # the user asks for them: built as it is
        done = _run(cmd, directory, env)
        if done.error is None:
            done.output, done.origins = split_origins(done.output, directory, strip=False)
        return done
    import tempfile  # noqa: PLC0415
    with tempfile.TemporaryDirectory(prefix="krmfn-kustomize-") as scratch:
        wrapper = {"apiVersion": "kustomize.config.k8s.io/v1beta1", "kind": "Kustomization",
                   "resources": [os.path.relpath(directory, scratch)], "buildMetadata": [ORIGIN_ANNOTATIONS]}
        if found is not None and found.sort_options is not None:
            wrapper["sortOptions"] = found.sort_options  # applied at the top only
        with open(os.path.join(scratch, "kustomization.yaml"), "w", encoding="utf-8") as handle:
            json.dump(wrapper, handle)  # JSON is YAML
        done = _run(cmd, scratch, env)
        if done.error is None:
            done.output, done.origins = split_origins(done.output, scratch)
            return done
    marker = f"recursed accumulation of path '{directory}': "
    if marker in done.error:  # the scratch kustomization's own words come first
        done.error = done.error[done.error.index(marker) + len(marker):]
    elif scratch in done.error or os.path.relpath(directory, scratch) in done.error:
        done = _run(cmd, directory, env)  # an error worded around the scratch directory: as the user would see it
    done.error, done.chain = _innermost(done.error or "")
    done.chain.insert(0, directory)
    return done


def _run(cmd: list[str], directory: str, env: dict[str, str] | None = None) -> Build:
    import subprocess  # noqa: PLC0415
    try:
        proc = subprocess.run([*cmd, directory], capture_output=True, stdin=subprocess.DEVNULL,
                              timeout=TIMEOUT_SECONDS, check=False, env=env)
    except subprocess.TimeoutExpired:
        return Build(b"", f"{' '.join(cmd)} did not finish within {TIMEOUT_SECONDS} s")
    except OSError as err:
        return Build(b"", f"cannot run {cmd[0]}: {err.strerror}")
    if proc.returncode != 0:
        return Build(b"", first_error(proc.stderr.decode("utf-8", "replace")) or f"exit status {proc.returncode}")
    return Build(proc.stdout)


def _innermost(error: str) -> tuple[str, list[str]]:
    """The error of the innermost directory kustomize went into, and those directories (a
    component's error comes quoted: `accumulateDirectory: "recursed accumulation of path ..."`)."""
    went: list[str] = []
    while True:
        match = _RECURSED.search(error)
        if match is None:
            return _one_line(error.splitlines()), went
        went.append(os.path.normpath(match.group(1)))
        quoted = error[:match.start()].endswith('"') and error.endswith('"')
        error = error[match.end():]
        if quoted:
            error = _go_unquote(error[:-1])


ALPHA_PLUGINS = "--enable-alpha-plugins"
# The `docker` kustomize runs a container function with (kyaml's container runtime), in front of PATH
# for a build that runs krmfn's own function: krmfn.cli.build_function answers for it.
SHIM_MODULE = "krmfn.cli.build_function"


def with_krmfn_functions(cmd: list[str]) -> tuple[list[str], dict[str, str]]:
    """The build command and environment that give a kustomization krmfn's own function
    (docs/cli.md#kustomizations-that-run-krmfn): container functions enabled, and a `docker` on PATH
    that runs krmfn's in this Python and refuses every other image, so a build still runs no code
    from the repository it reads. No legacy Go plugin is loaded (an empty plugin home). Not used
    when the user's build options enable container functions: their docker runs them all."""
    shim = _shim_directory()
    env = {**os.environ, "KUSTOMIZE_PLUGIN_HOME": shim, "PATH": shim + os.pathsep + os.environ.get("PATH", "")}
    return [*cmd, ALPHA_PLUGINS], env


@lru_cache(maxsize=1)
def _shim_directory() -> str:
    """A directory, removed at exit, holding the `docker` that runs krmfn's function (nothing else)."""
    import atexit  # noqa: PLC0415
    import shutil  # noqa: PLC0415
    import sys  # noqa: PLC0415
    import tempfile  # noqa: PLC0415
    folder = tempfile.mkdtemp(prefix="krmfn-functions-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    script = os.path.join(folder, "docker")
    with open(script, "w", encoding="utf-8") as handle:
        # -P: the build's working directory (the user's repository) is not on the module path
        handle.write(f'#!/bin/sh\nexec "{sys.executable}" -P -m {SHIM_MODULE} "$@"\n')
    os.chmod(script, 0o755)
    return folder


class Builder:
    """Builds directories in parallel, each once per run (however many roots reach it)."""

    def __init__(self, cmd: list[str], jobs: int | None = None) -> None:
        import threading  # noqa: PLC0415
        self.cmd = cmd
        self.jobs = jobs or os.cpu_count() or 1
        self._pool: ThreadPoolExecutor | None = None
        self._futures: dict[str, Future[Build]] = {}
        self._lock = threading.Lock()

    def start(self, directories: Iterable[str]) -> None:
        """Start building every directory not started yet (the subprocesses run while the caller
        reads its other files)."""
        with self._lock:
            for directory in directories:
                key = os.path.realpath(directory)
                if key not in self._futures:
                    if self._pool is None:
                        from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415
                        self._pool = ThreadPoolExecutor(max_workers=self.jobs, thread_name_prefix="krmfn-kustomize")
                    self._futures[key] = self._pool.submit(build, self.cmd, directory)

    def result(self, directory: str) -> Build:
        self.start([directory])
        return self._futures[os.path.realpath(directory)].result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)


# --- where each object comes from --------------------------------------------------------------


def traced_origins(output: bytes, directory: str) -> list[Origin | None] | None:
    """Each document's resource file, traced by krmfn through the kustomization files: every
    object of the resource files the build reads, named as the name prefixes and suffixes on its
    way make it, is one object of the output of that kind and name; an object a patch renamed is
    the one object of its kind left. None when that does not pair the output's objects one to one
    with the resource files' (kustomize's origin annotations are then read instead)."""
    expected: list[tuple[str, str, str, int]] = []  # kind, the name it is built with, file, document

    def visit(folder: str, prefix: str, suffix: str, path: tuple[str, ...]) -> bool:
        found = read_kustomization(folder)
        if found is None or folder in path:
            return False
        prefix, suffix = prefix + found.name_prefix, found.name_suffix + suffix
        begin = len(expected)
        for ref in found.resources:
            if os.path.isdir(ref.path):
                if not visit(ref.path, prefix, suffix, (*path, folder)):
                    return False
                continue
            for index, node in enumerate(documents(ref.path)):
                if node is None:  # an empty document
                    continue
                kind, name = node_scalar(node_get(node, "kind")), _name(node)
                if not kind or name is None:
                    return False
                expected.append((kind, prefix + name + suffix, ref.path, index))
        if not all(visit(ref.path, prefix, suffix, (*path, folder)) for ref in found.components):
            return False
        for patch in found.patches:  # a JSON patch that replaces the kind of the objects it targets
            new_kind = _kind_replacement(patch)
            if new_kind is False:
                return False
            if isinstance(new_kind, str):
                expected[begin:] = [(new_kind if kind == patch.target.get("kind") else kind, name, file, index)
                                    for kind, name, file, index in expected[begin:]]
        return True

    if not visit(os.path.normpath(os.path.abspath(directory)), "", "", ()):
        return None
    rendered = [_kind_and_name(document) for document in _output_documents(output)]
    if len(rendered) != len(expected) or any(found is None for found in rendered):
        return None
    left = list(range(len(expected)))
    chosen: list[int | None] = []
    for found in rendered:  # the same kind and name first
        match = next((i for i in left if (expected[i][0], expected[i][1]) == found), None)
        chosen.append(match)
        if match is not None:
            left.remove(match)
    for position, found in enumerate(rendered):  # then a renamed object: the one of its kind left
        if chosen[position] is None and found is not None:
            same_kind = [i for i in left if expected[i][0] == found[0]]
            if len({expected[i][2:] for i in same_kind}) != 1:
                return None
            chosen[position] = same_kind[0]
            left.remove(same_kind[0])
    return [Origin(path=expected[i][2]) if i is not None else None for i in chosen]


def _kind_replacement(patch: Patch) -> str | None | bool:
    """The kind a JSON patch gives the objects it targets (``replace /kind``), None when it gives
    none, False when krmfn cannot tell which objects it changes (no kind in its target, or a name)."""
    if not patch.json6902:
        return None
    docs = documents(patch.file) if patch.file else lines.compose((patch.text or "").encode("utf-8"))
    kinds = [node_scalar(node_get(op, "value")) for node in docs for op in node_items(node)
             if node_scalar(node_get(op, "path")) == "/kind" and node_scalar(node_get(op, "op")) in ("replace", "add")]
    if not kinds:
        return None
    if len(kinds) > 1 or kinds[0] is None or not patch.target.get("kind") or set(patch.target) - {"kind"}:
        return False
    return kinds[0]


def _output_documents(output: bytes) -> list[bytes]:
    documents = re.split(rb"(?m)^---\r?\n", output)
    return documents[:-1] if documents and not documents[-1].strip() else documents


_KIND = LazyPattern(rb"^kind: (.+?)\r?$", re.MULTILINE)
_METADATA = LazyPattern(rb"^metadata:\r?\n((?:[ \r\n].*\n?)*)", re.MULTILINE)
_NAME = LazyPattern(rb"^  name: (.+?)\r?$", re.MULTILINE)


def _kind_and_name(document: bytes) -> tuple[str, str] | None:
    """An output object's kind and name, as kustomize writes them (block style, two spaces)."""
    kind, metadata = _KIND.search(document), _METADATA.search(document)
    name = _NAME.search(metadata.group(1)) if metadata else None
    if kind is None or name is None:
        return None
    try:
        return _plain_scalar(kind.group(1).decode()), _plain_scalar(name.group(1).decode())
    except ValueError:
        return None


def _plain_scalar(text: str) -> str:
    if text.startswith('"'):
        value = json.loads(text)
        if not isinstance(value, str):
            raise ValueError(text)
        return value
    if text.startswith("'"):
        return text[1:-1].replace("''", "'")
    return text


# --- the output's origin annotations ---------------------------------------------------------


_ORIGIN_LINE = LazyPattern(rb"^    config\.kubernetes\.io/origin: \|[-+]?\r?\n", re.MULTILINE)


def split_origins(output: bytes, base: str, strip: bool = True) -> tuple[bytes, list[Origin | None]]:
    """Each document's origin (paths relative to ``base``, the top kustomization's directory),
    and the output without the annotation when ``strip``: kustomize writes objects in one layout
    (two-space indentation, ``metadata:`` then ``annotations:`` as block mappings, the annotation
    a literal block), so it is cut out line by line and the rest is byte for byte what a build
    without origin annotations writes."""
    documents = re.split(rb"(?m)^---\r?\n", output)
    kept: list[bytes] = []
    origins: list[Origin | None] = []
    for document in documents:
        cleaned, origin = _split_document(document, base)
        kept.append(cleaned if strip else document)
        origins.append(origin)
    if documents and not documents[-1].strip():  # output ends with a separator: not a document
        origins.pop()
    return b"---\n".join(kept), origins


def _split_document(document: bytes, base: str) -> tuple[bytes, Origin | None]:
    rows = document.splitlines(keepends=True)
    metadata = next((i for i, row in enumerate(rows) if row.rstrip() == b"metadata:"), None)
    if metadata is None:
        return document, None
    end = next((i for i in range(metadata + 1, len(rows)) if rows[i][:1] not in (b" ", b"\n", b"\r")), len(rows))
    annotations = next((i for i in range(metadata + 1, end) if rows[i].rstrip() == b"  annotations:"), None)
    if annotations is None:
        return document, None
    block_end = next((i for i in range(annotations + 1, end) if not rows[i].startswith(b"    ")), end)
    start = next((i for i in range(annotations + 1, block_end) if _ORIGIN_LINE.fullmatch(rows[i])), None)
    if start is None:
        return document, None
    stop = next((i for i in range(start + 1, block_end) if not rows[i].startswith(b"      ")), block_end)
    text = b"".join(row[6:] for row in rows[start + 1:stop])
    origin = _origin(text, base)
    rest = rows[:start] + rows[stop:]
    if not any(row.startswith(b"    ") for row in rest[annotations + 1:block_end - (stop - start)]):
        del rest[annotations]  # no annotation left
    return b"".join(rest), origin


def _origin(text: bytes, base: str) -> Origin | None:
    docs = lines.compose(text)
    node = docs[0] if docs else None
    if not _is(node, MAPPING):
        return None
    path, repo = node_scalar(node_get(node, "path")), node_scalar(node_get(node, "repo"))
    configured = node_scalar(node_get(node, "configuredIn"))
    if repo:
        return Origin(path=path, repo=repo)
    if path:
        return Origin(path=os.path.normpath(os.path.join(base, path)))
    if configured:
        return Origin(configured_in=os.path.normpath(os.path.join(base, configured)),
                      generator=node_scalar(node_get(node_get(node, "configuredBy"), "kind")))
    return None


def origin_of_value(value: Any, base: str) -> Origin | None:
    """An origin annotation still in an object's value (what ``split_origins`` could not cut out)."""
    annotations = (value.get("metadata") or {}).get("annotations") if isinstance(value, dict) else None
    text = annotations.get(ORIGIN_ANNOTATION) if isinstance(annotations, dict) else None
    return _origin(text.encode("utf-8"), base) if isinstance(text, str) else None


# --- errors -----------------------------------------------------------------------------------


def first_error(stderr: str) -> str:
    """kustomize's error as one line, whatever the tool's log format: kubectl's klog line
    (`err="..."`), its multi-line form (`err=<`, the error's lines, `>`), kustomize's `Error: ...`;
    the warnings kustomize prints first (`# Warning: ...`) are not the error."""
    rows = stderr.splitlines()
    for index, row in enumerate(rows):
        text = row.strip()
        if not text or text.startswith(("# Warning", "Warning:")) or re.match(r"^[IW]\d{4} ", text):
            continue
        if _KLOG_BLOCK.search(text):
            block = []
            for more in rows[index + 1:]:
                if more.strip() == ">":
                    break
                block.append(more.strip())
            return _one_line(block)
        match = _KLOG_ERR.search(text)
        if match:
            return _one_line(_go_unquote(match.group(1)).splitlines())
        if text.startswith("Error: "):
            follow = [text.removeprefix("Error: ")]
            follow += [more.strip() for more in _continuation(rows[index + 1:])]
            return _one_line(follow)
        return _KLOG.sub("", text)
    return ""


def _continuation(rows: list[str]) -> list[str]:
    out = []
    for row in rows:
        if not row.startswith((" ", "\t")) or not row.strip():
            break
        out.append(row)
    return out


def _go_unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _GO_ESCAPES.get(m.group(1), m.group(0)), text)


def _one_line(parts: list[str]) -> str:
    return " ".join(part.strip() for part in parts if part.strip())


# --- where a failed build's problem is ---------------------------------------------------------


@record
class Failure:
    """A failed build: kustomize's error, the file to fix (absolute; a line when known), the
    directories that reached it (the directory built first), and the remote resource that could
    not be fetched, if that is what failed."""

    error: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    chain: list[str] = field(default_factory=list)
    remote: str | None = None


# A file the error names: quoted, after `File: `, or an absolute path.
_QUOTED = LazyPattern(r"'([^'\s]+)'|\"([^\"\s]+)\"|\bFile: (\S+)|path\(([^)\s]+)\)")
_ABSOLUTE = LazyPattern(r"(?<![\w.~])(/[^\s'\":`()]+)")
# `no matches for Id VirtualMachine.v1.kubevirt.io/db.[noNs]`: a patch whose target is not there.
_NO_MATCH = LazyPattern(r"no matches for Id ([A-Za-z0-9]+)\.[^/\s]*/([^\s\[]+)\.\[")
_FETCH = LazyPattern(r"git (?:fetch|clone)|Could not resolve host|unable to access|failed to run .*git", re.IGNORECASE)


def failure(directory: str, done: Build, problem_of: ProblemOf) -> Failure:
    """Where a failed build's problem is: the remote resource that could not be fetched, the file
    the error names (where krmfn's own reader refuses it, when it does), the kustomization entry
    that names a missing file, a patch whose target is missing, or, when kustomize names no file,
    the first file of the build krmfn's reader refuses; else the directory's kustomization file.
    ``problem_of(path)``: (line, column) where krmfn's reader refuses a file, or None."""
    error = done.error or ""
    went = done.chain or [os.path.normpath(os.path.abspath(directory))]
    found = chain(went[-1])
    fetching = _FETCH.search(error) is not None
    for kustomization, via in found:
        for ref in kustomization.resources:
            if not ref.path and fetching and ref.value.split("?")[0] in error:
                return Failure(error, kustomization.file, ref.line, None, [*went, *via[1:]], ref.value)
    located = _named(error, found, problem_of) or _missing_target(error, found) or _first_refused(found, problem_of)
    if located is not None:
        file, line, column, via = located
        return Failure(error, file, line, column, [*went, *via[1:]])
    top = found[0][0].file if found else None
    return Failure(error, top, None, None, went)


Located = tuple[str, int | None, int | None, tuple[str, ...]]


def _named(error: str, found: list[tuple[Kustomization, tuple[str, ...]]], problem_of: ProblemOf) -> Located | None:
    names = {next(group for group in match.groups() if group) for match in _QUOTED.finditer(error)}
    absolute = {os.path.normpath(path.rstrip(".,;")) for path in _ABSOLUTE.findall(error)}
    best: tuple[int, Located] | None = None
    for kustomization, via in found:
        for ref in kustomization.references():
            score = 2 if ref.path in absolute else 1 if ref.value in names or ref.value.lstrip("./") in names else 0
            if score and (best is None or score > best[0] or (score == best[0] and len(via) > len(best[1][3]))):
                best = (score, _at_reference(kustomization, ref, via, problem_of))
    return best[1] if best else None


def _at_reference(kustomization: Kustomization, ref: Reference, via: tuple[str, ...],
                  problem_of: ProblemOf) -> Located:
    """The named file where krmfn's reader refuses it, else the entry that names it."""
    if ref.path and os.path.isfile(ref.path):
        where = problem_of(ref.path)
        if where is not None:
            return ref.path, where[0], where[1], via
    return kustomization.file, ref.line, None, via


def _missing_target(error: str, found: list[tuple[Kustomization, tuple[str, ...]]]) -> Located | None:
    """A strategic merge patch (in a file) whose object the build does not have."""
    match = _NO_MATCH.search(error)
    if match is None:
        return None
    kind, name = match.groups()
    for kustomization, via in found:
        for patch in kustomization.patches:
            if patch.file and not patch.json6902:
                for node in documents(patch.file):
                    if node_scalar(node_get(node, "kind")) == kind and _name(node) == name:
                        return patch.file, _line(node_get(node_get(node, "metadata"), "name")), None, via
            elif patch.file and patch.target.get("name") == name and patch.target.get("kind") in (None, kind):
                return kustomization.file, patch.line, None, via
    return None


def _first_refused(found: list[tuple[Kustomization, tuple[str, ...]]], problem_of: ProblemOf) -> Located | None:
    """kustomize names no file (a duplicate key, say): the first of the build's files krmfn's
    reader refuses."""
    for kustomization, via in found:
        for path in [kustomization.file, *(ref.path for ref in kustomization.references())]:
            if path and os.path.isfile(path):
                where = problem_of(path)
                if where is not None:
                    return path, where[0], where[1], via
    return None


def fetch_error(error: str) -> str:
    """What git said when kustomize could not fetch a remote resource (its last `fatal:`), without
    the lines around it that name the machine (a DNS server's address, a scratch directory)."""
    fatal = error.rfind("fatal: ")
    if fatal < 0:
        return error
    return re.sub(r"\s*:\s*exit status \d+\s*$", "", error[fatal + len("fatal: "):]).strip()


def relative_paths(message: str, root: str, around: Iterable[str] = ()) -> str:
    """The absolute paths in a message relative to ``root``: those under it, or under the
    directory holding it and the directories ``around`` (a base beside the directory given)."""
    root = os.path.normpath(os.path.abspath(root))
    base = os.path.commonpath([root, *(os.path.abspath(d) for d in around)])
    if base == os.path.dirname(base):  # nothing in common but the filesystem's root
        base = root

    def shorten(match: re.Match[str]) -> str:
        path = os.path.normpath(match.group(1))
        return os.path.relpath(path, root) if path == base or path.startswith(base.rstrip(os.sep) + os.sep) \
            else match.group(1)

    return _ABSOLUTE.sub(shorten, message)
