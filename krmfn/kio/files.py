"""Reading the CLI's inputs: files, directories (recursively, *.yaml and *.yml) and `-` (stdin).

A file the CLI cannot read as Kubernetes YAML is one `input` finding (InputProblem), located as
precisely as the readers allow; every other file is still read. Strict callers (`--config`,
tests) use `load_items`, which raises FatalInput on the first problem instead.
"""
from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from functools import lru_cache

from krmfn.kio import kustomize_roots
from krmfn.kio import lines
from krmfn.kio import tree as yt
from krmfn.kio import spans as sp
from krmfn.kio.items import Item, convert
from krmfn.kio.resourcelist import FatalInput, read_bounded
from krmfn.kio.results import REACHED_THROUGH, reached_through
from krmfn.model import check_ids
from krmfn.model.findings import ERROR, INFO
from krmfn.model.kinds import HYPERCONVERGED, KUBEVIRT, kind_of
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from typing import Any
    from krmfn.kio import kustomize as kz
    from krmfn.kio import origins

YAML_SUFFIXES = (".yaml", ".yml")

INPUT_SEVERITY = ERROR
INPUT_SUMMARY = ("a file or document the CLI cannot read as Kubernetes objects: unreadable, invalid YAML, "
                 "duplicate keys, not a mapping, no apiVersion/kind outside a kustomization, a failed "
                 "kustomize build")
INPUT_MIRRORS = "none: kubectl apply and kustomize refuse such files before anything reaches KubeVirt"
INPUT_FIX = ("fix the YAML at the line and column given; render templates first (helm template ... | "
             "krmfn validate -) or leave such files out with --exclude GLOB; for a kustomization, fix what "
             "kustomize reports (kubectl kustomize DIR)")
INPUT_PASSING = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n"
INPUT_FAILING = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\n"
HELM_CHART_FILE = "Chart.yaml"
TEMPLATE_HINT = ("; the file holds template markup ({{ }}): render it first (helm template) "
                 "or leave it out with --exclude")


def helm_chart_message(folder: str) -> str:
    """A Helm chart found while walking is one finding, not one per template, value file and Chart.yaml."""
    return (f"a Helm chart ({HELM_CHART_FILE}): its templates are Kubernetes YAML only once rendered; validate "
            f"what it renders (helm template {folder} | krmfn validate -) or leave it out with --exclude "
            f"{os.path.basename(os.path.abspath(folder))}")


@record
class InputProblem:
    """One input finding: a file or document that could not be read as Kubernetes objects."""

    path: str | None
    message: str
    line: int | None = None
    column: int | None = None
    index: int | None = None  # the document, when the problem is one document of the file
    severity: str = INPUT_SEVERITY
    reached_through: list[str] = field(default_factory=list)  # a failed build: the directories it went through

    def result(self) -> dict[str, Any]:
        """As a KRM result (krmfn.kio.results.to_result's shape)."""
        result: dict[str, Any] = {"message": self.message, "severity": self.severity}
        if self.path:
            where: dict[str, Any] = {"path": self.path}
            for key, value in (("index", self.index), ("line", self.line), ("column", self.column)):
                if value is not None:
                    where[key] = value
            result["file"] = where
        result["tags"] = {"check": check_ids.INPUT}
        if self.reached_through:
            result[REACHED_THROUGH] = [list(self.reached_through)]
        return result

    def fatal(self) -> FatalInput:
        return FatalInput(f"{self.path}: {self.message}" if self.path else self.message)


@record
class Source:
    path: str  # as the user named it ("-" for stdin)
    data: bytes
    problem: InputProblem | None = None  # it could not be read
    in_kustomization: bool = False  # patch fragments (no apiVersion/kind) are expected here


@record
class Entry:
    path: str
    kustomization: str | None = None  # the kustomization directory whose tree holds the file


@record
class Walk:
    entries: list[Entry] = field(default_factory=list)
    kustomizations: list[str] = field(default_factory=list)  # directories the walk found, buildable
    components: list[str] = field(default_factory=list)  # kustomize Components the walk found
    problems: list[InputProblem] = field(default_factory=list)
    tops: dict[str, str] = field(default_factory=dict)  # a kustomization or Component -> the directory given
    excluded_by: set[str] = field(default_factory=set)  # the --exclude patterns that left something out
    notes: list[str] = field(default_factory=list)  # for stderr: what the reader says that is not a finding


@record
class Bundle:
    """Items validated together: the loose files, or what one kustomization renders."""

    items: list[Item]
    problems: list[InputProblem]
    built_from: str | None = None  # the kustomization directory (its items' source: krmfn.kio.origins)


def excluded(path: str, patterns: Sequence[str]) -> bool:
    """A glob matches the path (relative to the directory given) or its last component."""
    return bool(matching(path, patterns))


def matching(path: str, patterns: Sequence[str]) -> list[str]:
    """The globs that match the path (relative to the directory given) or its last component."""
    if not patterns:
        return []
    import fnmatch  # noqa: PLC0415 - only --exclude globs are matched (bench/README.md, "Start-up")

    name = os.path.basename(os.path.normpath(path))
    return [pattern for pattern in patterns if fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(name, pattern)]


def expand_paths(paths: list[str], exclude: Sequence[str] = ()) -> Walk:
    """Files in the order given; a directory contributes its YAML files sorted by path, and the
    kustomization directories in it."""
    walk = Walk()
    charts: set[str] = set()
    directories = []
    for path in paths:
        if path == "-":
            walk.entries.append(Entry("-"))
        elif _excluded_file(path, exclude, walk):
            continue
        elif not os.path.isdir(path):
            chart = _enclosing_chart(os.path.dirname(path) or ".")
            if chart is None:
                walk.entries.append(Entry(path, _enclosing_kustomization(os.path.dirname(path) or ".")))
            elif chart not in charts:  # a chart's files named one by one (pre-commit): one finding
                charts.add(chart)
                walk.problems.append(InputProblem(chart, helm_chart_message(chart)))
        else:
            directories.append(path)
            _walk_directory(path, exclude, walk)
    unused = [pattern for pattern in dict.fromkeys(exclude) if pattern not in walk.excluded_by]
    if directories and unused:  # a file list (pre-commit's) often holds none of what an exclude is for
        walk.notes.extend(f"--exclude {pattern} matched no file or directory in {', '.join(directories)}: it left "
                          "nothing out" for pattern in unused)
    return walk


def _walk_directory(top: str, exclude: Sequence[str], walk: Walk) -> None:
    found: list[Entry] = []
    outer = _enclosing_kustomization(os.path.dirname(os.path.abspath(top)))  # fragments are fine below it
    roots: dict[str, str | None] = {top: None}  # folder -> the kustomization directory found above it

    def unreadable(err: OSError) -> None:
        walk.problems.append(InputProblem(err.filename or top, f"cannot read the directory: {err.strerror}"))

    for folder, dirs, files in os.walk(top, onerror=unreadable):
        if HELM_CHART_FILE in files:
            walk.problems.append(InputProblem(folder, helm_chart_message(folder)))
            dirs[:] = []
            continue
        root = roots.get(folder)
        name = kustomize_roots.kustomization_file(folder, files)
        if name is not None:  # every kustomization is a bundle, also one inside another's directory
            root = folder
            walk.tops[folder] = top
            if kustomize_roots.is_component(os.path.join(folder, name)):  # a Component builds only where it is used
                walk.components.append(folder)
            else:
                walk.kustomizations.append(folder)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not _excluded_in(top, folder, d, exclude, walk))
        roots.update((os.path.join(folder, d), root) for d in dirs)
        # dot-files are tools' configuration (.pre-commit-config.yaml, .gitlab-ci.yml, .krmfn.yaml)
        found.extend(Entry(os.path.join(folder, f), root or outer) for f in files if f.endswith(YAML_SUFFIXES)
                     and not f.startswith(".") and not _excluded_in(top, folder, f, exclude, walk))
    walk.entries.extend(sorted(found, key=lambda entry: entry.path))


def _excluded_file(path: str, exclude: Sequence[str], walk: Walk) -> bool:
    """A file named on the command line: excluded by its path as given, or by a directory on it
    (as the walk would have pruned that directory)."""
    parts = os.path.normpath(path).split(os.sep)
    found = [pattern for end in range(1, len(parts) + 1) for pattern in matching(os.sep.join(parts[:end]), exclude)]
    walk.excluded_by.update(found)
    return bool(found)


def _excluded_in(top: str, folder: str, name: str, exclude: Sequence[str], walk: Walk) -> bool:
    found = matching(os.path.relpath(os.path.join(folder, name), top), exclude) if exclude else []
    walk.excluded_by.update(found)
    return bool(found)


@lru_cache(maxsize=256)
def _enclosing_chart(directory: str) -> str | None:
    """The nearest directory at or above `directory` with a Helm `Chart.yaml`, as the user would
    name it (relative when `directory` is)."""
    current = os.path.normpath(directory)
    while True:
        if os.path.isfile(os.path.join(current, HELM_CHART_FILE)):
            return current
        parent = os.path.dirname(os.path.abspath(current))
        if parent == os.path.abspath(current):
            return None
        current = os.path.relpath(parent) if not os.path.isabs(directory) else parent


@lru_cache(maxsize=256)
def _enclosing_kustomization(directory: str) -> str | None:
    """The nearest directory at or above `directory` with a kustomization file."""
    current = os.path.abspath(directory)
    if any(os.path.isfile(os.path.join(current, name)) for name in kustomize_roots.KUSTOMIZATION_FILES):
        return current
    parent = os.path.dirname(current)
    return None if parent == current else _enclosing_kustomization(parent)


def read_source(entry: Entry) -> Source:
    in_kustomization = entry.kustomization is not None
    if entry.path == "-":
        return Source("-", read_bounded(sys.stdin.buffer), in_kustomization=in_kustomization)
    try:
        with open(entry.path, "rb") as handle:
            return Source(entry.path, read_bounded(handle), in_kustomization=in_kustomization)
    except OSError as err:
        return Source(entry.path, b"", InputProblem(entry.path, cannot_read(entry.path, err)))


def cannot_read(path: str, err: OSError) -> str:
    """Why ``path`` cannot be read: ``cannot read: <reason>``, naming a dangling symbolic link's target."""
    reason = err.strerror or str(err)
    if os.path.islink(path) and not os.path.exists(path):
        reason += f" (a symbolic link to {os.readlink(path)}, which does not exist)"
    return f"cannot read: {reason}"


def require_paths(paths: Sequence[str]) -> None:
    """Every PATH given on the command line exists (``-`` is stdin); raises FatalInput for the first
    that does not (``vmz: cannot read: No such file or directory``): a typo must stop the run, not
    pass as an empty tree. Every command that reads paths goes through ``read_bundles``, which
    calls this first."""
    for path in paths:
        if path == "-" or os.path.exists(path):
            continue
        try:
            os.stat(path)
        except OSError as err:
            raise FatalInput(f"{path}: {cannot_read(path, err)}") from None


def read_sources(paths: list[str], exclude: Sequence[str] = ()) -> list[Source]:
    walk = expand_paths(paths, exclude)
    return [*(Source(p.path or "", b"", p) for p in walk.problems), *(read_source(e) for e in walk.entries)]


def load_items(sources: list[Source]) -> list[Item]:
    """Every non-empty document of every source, in order; FatalInput on the first problem."""
    items, problems = read_items(sources)
    errors = [problem for problem in problems if problem.severity == ERROR]
    if errors:
        raise errors[0].fatal()
    return items


def read_items(sources: list[Source], objects: bool = False) -> tuple[list[Item], list[InputProblem]]:
    """Every non-empty mapping document of every source, in order, with its file and document
    index; what cannot be read is an InputProblem and the rest goes on. With `objects`, a mapping
    without apiVersion or kind outside a kustomization is also a problem (it is still an item)."""
    items: list[Item] = []
    problems: list[InputProblem] = []
    for source in sources:
        if source.problem is not None:
            problems.append(source.problem)
            continue
        loaded, found = _read_source(source, objects and not source.in_kustomization)
        items.extend(loaded)
        problems.extend(found)
    return items, problems


def _read_source(source: Source, objects: bool) -> tuple[list[Item], list[InputProblem]]:
    try:
        tree = yt.parse(source.data)
    except yt.YamlError as err:
        hint = TEMPLATE_HINT if b"{{" in source.data else ""
        return [], [InputProblem(source.path, err.message + hint, err.line, err.column)]
    problems: list[InputProblem] = []
    nodes, indexes = [], []
    for index, doc in enumerate(yt.documents(tree)):
        if not tree.is_map(doc) and not tree.is_seq(doc) and (not tree.has_val(doc) or tree.val_is_null(doc)):
            continue
        if not tree.is_map(doc):
            if not source.in_kustomization:  # there a list is a JSON patch
                from krmfn.kio import shapes  # noqa: PLC0415 - hints for unreadable files only
                hint = shapes.not_a_mapping_hint(source.path, source.data)
                problems.append(_document_problem(source, index, "not a mapping (a Kubernetes object)"
                                                  + (f": {hint}" if hint else "")))
            continue
        nodes.append(doc)
        indexes.append(index)
    items = _convert(tree, nodes, indexes, source, problems)
    _attach_spans(tree, items, source.data)
    if objects:
        problems.extend(_not_an_object(source, item) for item in items if _missing_type(item.value))
    return items, sorted(problems, key=lambda problem: problem.index or 0)


def _attach_spans(tree: Any, items: list[Item], data: bytes) -> None:
    """Each item's document text, so that an unchanged one is written as it was read."""
    spans = sp.document_spans(data, tree, yt.documents(tree))
    if spans is None:
        return
    for item in items:
        span = spans[item.doc_index] if item.doc_index is not None and item.doc_index < len(spans) else None
        if span is not None:
            item.source, item.span, item.document = data, span, True


def _convert(tree: Any, nodes: list[int], indexes: list[int], source: Source,
             problems: list[InputProblem]) -> list[Item]:
    """The documents' items; when one cannot be converted (a duplicate key, a bad tag), the
    others are converted one by one and it becomes a problem."""
    try:
        pairs = list(zip(convert(tree, nodes, source.data), indexes, strict=True))
    except yt.YamlError:
        pairs = []
        for node, index in zip(nodes, indexes, strict=True):
            try:
                pairs.append((convert(tree, [node], source.data)[0], index))
            except yt.YamlError as err:
                problems.append(_conversion_problem(source, index, err))
    for item, index in pairs:
        item.file, item.doc_index = source.path, index
    return [item for item, _ in pairs]


def _conversion_problem(source: Source, index: int, err: yt.YamlError) -> InputProblem:
    """A duplicate key where the key is; another error (a bad tag, an alias) where its document starts."""
    position = (lines.duplicate_key_position(source.data, index) if isinstance(err, yt.DuplicateKey)
                else lines.document_start(source.data, index))
    if position is None:
        return InputProblem(source.path, f"document {index + 1}: {err.message}", index=index)
    located = yt.located_error(err.message, *position)
    return InputProblem(source.path, located.message, located.line, located.column, index)


def _document_problem(source: Source, index: int, what: str) -> InputProblem:
    position = lines.document_start(source.data, index)
    line, column = position if position else (None, None)
    return InputProblem(source.path, f"document {index + 1} is {what}", line, column, index)


def _missing_type(value: Any) -> list[str]:
    return [key for key in ("apiVersion", "kind") if not isinstance(value.get(key), str) or not value.get(key)]


def _not_an_object(source: Source, item: Item) -> InputProblem:
    missing = " and no ".join(_missing_type(item.value))
    from krmfn.kio import shapes  # noqa: PLC0415 - hints for unreadable files only
    hint = shapes.not_an_object_hint(source.path, item.value, source.data)  # what the file is, by name and shape
    return _document_problem(source, item.doc_index or 0, f"not a Kubernetes object: it has no {missing} ({hint})")


# --- bundles ---------------------------------------------------------------------------------


def read_bundles(paths: list[str], exclude: Sequence[str] = (), kustomize: bool = False,
                 build_options: Sequence[str] = (), notes: bool = True) -> list[Bundle]:
    """The loose files as one bundle, and with `kustomize` what each kustomization directory
    found renders as a bundle of its own (its files are then not read one by one, nor those of a
    kustomize Component, which is built through the kustomizations that use it). A kustomization
    file, and a file a kustomization names as a patch or as configuration, is never an object.
    The builds run in parallel while the loose files are read. With ``notes``, what the walk has to
    say that is not a finding (an ``--exclude`` that left nothing out) goes to stderr."""
    try:
        yt.limits()
    except yt.YamlError as err:
        raise FatalInput(err.message) from None
    require_paths(paths)
    walk = expand_paths(paths, exclude)
    for note in walk.notes if notes else ():  # a note, not a finding: the exit code and reports stay the same
        sys.stderr.write(f"krmfn: note: {note}\n")
    directories = list({os.path.realpath(d): d for d in walk.kustomizations}.values())
    builder = _builder(build_options) if kustomize and (directories or walk.components) else None
    try:
        if builder is not None:
            builder.start(directories)
        bundles = [_loose_bundle(walk, builder is not None)]
        if kustomize and (directories or walk.components) and builder is None:
            found = directories or walk.components
            bundles[0].problems.append(InputProblem(
                None, f"{len(found)} kustomization director{'y' if len(found) == 1 else 'ies'} "
                f"({', '.join(found)}) read file by file: neither kubectl nor kustomize is on PATH (or "
                "pipe: kubectl kustomize DIR | krmfn validate -)", severity=INFO))
        if builder is not None:
            bundles[0].problems.extend(_unused_components(walk, directories))
            bundles.extend(_built_bundle(builder, directory, walk.tops.get(directory, directory))
                           for directory in directories)
    finally:
        if builder is not None:
            builder.close()
    return bundles


def _builder(build_options: Sequence[str]) -> kz.Builder | None:
    """The builds' runner, None when neither kubectl nor kustomize is on PATH. The kustomize
    modules load here: a run that meets no kustomization does not import them."""
    from krmfn.kio import kustomize as kz  # noqa: PLC0415
    cmd = kz.command(build_options)
    return kz.Builder(cmd) if cmd is not None else None


def _loose_bundle(walk: Walk, built: bool) -> Bundle:
    """The files read one by one: not those of a kustomization that is built, nor a Component's
    when kustomizations are built; never a kustomization file or a patch."""
    skipped = {*walk.kustomizations, *walk.components} if built else set()
    configuration = _configuration_files(walk)
    sources = [read_source(entry) for entry in walk.entries
               if entry.kustomization not in skipped and os.path.abspath(entry.path) not in configuration]
    items, problems = read_items(sources, objects=True)
    return Bundle(items, [*walk.problems, *problems])


def _configuration_files(walk: Walk) -> set[str]:
    """The kustomization files of every kustomization around the files, and the files they name
    as patches or configuration (absolute paths)."""
    folders = {*walk.kustomizations, *walk.components, *(entry.kustomization for entry in walk.entries)} - {None}
    out: set[str] = set()
    if not folders:
        return out
    from krmfn.kio import kustomize as kz  # noqa: PLC0415
    for folder in folders:
        found = kz.read_kustomization(folder) if folder else None
        if found is not None:
            out.add(found.file)
            out.update(ref.path for ref in found.configuration)
    return out


def _unused_components(walk: Walk, directories: list[str]) -> list[InputProblem]:
    from krmfn.kio import kustomize as kz  # noqa: PLC0415
    used = kz.used_components(directories)
    return [InputProblem(component, "a kustomize Component that no kustomization here uses (components: [...]): "
                         "it is checked as part of each kustomization that includes it, not on its own",
                         severity=INFO)
            for component in walk.components if os.path.normpath(os.path.abspath(component)) not in used]


def _built_bundle(builder: kz.Builder, directory: str, top: str) -> Bundle:
    done = builder.result(directory)
    display = display_like(directory)
    if done.error is not None:
        return Bundle([], [_build_problem(directory, top, done, display)], directory)
    items, problems = read_items([Source(directory, done.output, in_kustomization=True)])
    for problem in problems:
        problem.line = problem.column = None  # lines of the rendered output, not of a file
    from krmfn.kio import origins  # noqa: PLC0415
    origins.attach(items, done.origins, os.path.abspath(directory), display)
    dropped, notes = _dropped_cluster_crs(directory, display)
    return Bundle(items + dropped, problems + notes, directory)


LOCAL_CONFIG_ANNOTATION = "config.kubernetes.io/local-config"
DROPPED_CLUSTER_CR_NOTE = ("kustomize leaves this {kind} out of what it builds ({annotation}: {value}), but it "
                           "describes the cluster: krmfn reads it for the cluster's configuration, as written here")


def _dropped_cluster_crs(directory: str, display: origins.Display) -> tuple[list[Item], list[InputProblem]]:
    """The cluster CRs (KubeVirt, HyperConverged) among the local resource files of the
    kustomizations a build of ``directory`` reads that kustomize leaves out as local configuration
    (the annotation set to anything but ``"false"``, as kustomize reads it), each an item for the
    checks only (``Item.context``) with one info line: docs/configuration.md keeps such a CR in the
    bundle so that it supplies the cluster's settings."""
    from krmfn.kio import kustomize as kz  # noqa: PLC0415
    items: list[Item] = []
    notes: list[InputProblem] = []
    seen: set[str] = set()
    for kustomization, _ in kz.chain(directory):
        for ref in kustomization.resources:
            if not ref.path or ref.path in seen or not os.path.isfile(ref.path):
                continue
            seen.add(ref.path)
            source = read_source(Entry(display(ref.path), kustomization.directory))
            if source.problem is not None or LOCAL_CONFIG_ANNOTATION.encode() not in source.data:
                continue
            for item in read_items([source])[0]:
                value = _local_config(item.value)
                if value is None or kind_of(item.value) not in (KUBEVIRT, HYPERCONVERGED):
                    continue
                item.context = True
                items.append(item)
                notes.append(InputProblem(item.file, DROPPED_CLUSTER_CR_NOTE.format(
                    kind=kind_of(item.value), annotation=LOCAL_CONFIG_ANNOTATION, value=json.dumps(value)),
                    lines.line_of(item.file, item.doc_index, None) if item.file and item.doc_index is not None
                    else None, index=item.doc_index, severity=INFO))
    return items, notes


def _local_config(value: Any) -> str | None:
    """The object's local-config annotation when kustomize drops it for it (any value but "false")."""
    metadata = value.get("metadata") if isinstance(value, dict) else None
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    found = annotations.get(LOCAL_CONFIG_ANNOTATION) if isinstance(annotations, dict) else None
    return found if isinstance(found, str) and found != "false" else None


def display_like(example: str) -> origins.Display:
    """How to name an absolute path as the user named ``example``: absolute, or relative to the
    working directory (with `./` when ``example`` has it)."""
    if os.path.isabs(example):
        return os.path.normpath
    dot = example == "." or example.startswith("./")

    def show(path: str) -> str:
        relative = os.path.relpath(path)
        return f"./{relative}" if dot and relative != "." and not relative.startswith("..") else relative

    return show


def _build_problem(directory: str, top: str, done: kz.Build, display: origins.Display) -> InputProblem:
    """A failed build: kustomize's error (paths relative to the repository), on the file to fix,
    with the directories that reached it."""
    from krmfn.kio import kustomize as kz  # noqa: PLC0415
    failed = kz.failure(directory, done, _refused_at)
    root = _repository(top)
    message = "kustomize build failed: " + kz.relative_paths(failed.error, root, failed.chain)
    if failed.remote is not None:
        glob = os.path.relpath(os.path.abspath(directory), os.path.abspath(top))
        message = (f"kustomize build failed: the remote resource {failed.remote} cannot be fetched "
                   f"({kz.fetch_error(failed.error)}); check the directory's own files with --kustomize off, "
                   f"or leave it out with --exclude {glob if glob != '.' else directory}")
    chain = [directory, *(display(step) for step in failed.chain[1:])] if len(failed.chain) > 1 else []
    path = display(failed.file) if failed.file else directory
    return InputProblem(path, message, failed.line, failed.column, reached_through=chain)


def _refused_at(path: str) -> tuple[int | None, int | None] | None:
    """Where krmfn's reader refuses a file of a build, or None."""
    source = read_source(Entry(path, os.path.dirname(path)))
    problems = [source.problem] if source.problem is not None else read_items([source])[1]
    errors = [problem for problem in problems if problem.severity == ERROR]
    return (errors[0].line, errors[0].column) if errors else None


def _repository(start: str) -> str:
    """The repository holding ``start`` (the nearest directory with `.git`), else ``start``."""
    current = os.path.abspath(start)
    while not os.path.exists(os.path.join(current, ".git")):
        parent = os.path.dirname(current)
        if parent == current:
            return os.path.abspath(start)
        current = parent
    return current


class UnreadableInput(Exception):
    """A path given to a command that needs every object (diff, explain) could not be read: the
    first problem, where it is, and how many more."""


def read_objects(paths: list[str], exclude: Sequence[str] = (), kustomize: bool = False,
                 build_options: Sequence[str] = (), absent_is_empty: bool = False, notes: bool = True) -> list[Any]:
    """The objects of the paths, kustomization directories built when ``kustomize``. A path that
    does not exist is FatalInput (``require_paths``), or with ``absent_is_empty`` no objects (a
    tree a git revision adds or removes). Raises ``UnreadableInput`` on an error (an `info`, such
    as a Component no kustomization uses, is not one)."""
    present = [path for path in paths if path == "-" or os.path.exists(path)] if absent_is_empty else paths
    if not present:
        return []
    bundles = read_bundles(present, exclude, kustomize=kustomize, build_options=build_options, notes=notes)
    problems = [problem for bundle in bundles for problem in bundle.problems if problem.severity == ERROR]
    if problems:
        first = problems[0].result()
        where = (first.get("file") or {}).get("path") or ""
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise UnreadableInput(f"{where}: {first['message']}{reached_through(first)}{more}")
    return [item.value for bundle in bundles for item in bundle.items]
