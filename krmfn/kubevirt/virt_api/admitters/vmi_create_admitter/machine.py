"""``validateEmulatedMachine`` (vmi-create-admitter.go, d923fdb8): a non-empty
``domain.machine.type`` must match one of the cluster's emulated machine patterns for the spec's
architecture, matched with Go's ``path/filepath.Match`` (ported below: ``[^...]`` negates while
``[!...]`` is a literal ``!``, ``\\`` escapes, ``*`` and ``?`` never match ``/``, the name is bytes
and ``?`` or a class takes one UTF-8 rune). A malformed pattern matches nothing (KubeVirt drops
``Match``'s error). The allowed list prints as Go's ``%v`` of a ``[]string``: ``[q35* pc-q35*]``.
"""
from __future__ import annotations

from functools import lru_cache

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_REQUIRED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_str
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._resources import domain_field
from krmfn.kubevirt.apimachinery.validation import go_string_list
from krmfn.model.reasons import needs_feature_gate, needs_setting

MACHINE_TYPE_NOT_SUPPORTED_FMT = "{path} is not supported: {machine_type} (allowed values: {allowed})"

_SEPARATOR = ord("/")
_STAR, _QUESTION, _BACKSLASH = ord("*"), ord("?"), ord("\\")
_OPEN, _CLOSE, _CARET, _DASH = ord("["), ord("]"), ord("^"), ord("-")
_RUNE_ERROR = 0xFFFD


class BadPattern(Exception):
    """``filepath.ErrBadPattern``."""


def _decode_rune(data: bytes) -> tuple[int, int]:
    """``utf8.DecodeRuneInString``: (rune, width); an invalid or empty start is (RuneError, 1 or 0)."""
    if not data:
        return _RUNE_ERROR, 0
    for width in (1, 2, 3, 4):
        try:
            text = data[:width].decode("utf-8")
        except UnicodeDecodeError:
            continue
        if len(text) == 1:
            return ord(text), width
    return _RUNE_ERROR, 1


def _scan_chunk(pattern: bytes) -> tuple[bool, bytes, bytes]:
    """``scanChunk``: (star before the chunk, the chunk, the rest of the pattern)."""
    star = False
    while pattern[:1] == b"*":
        pattern, star = pattern[1:], True
    in_range = False
    index = 0
    while index < len(pattern):
        byte = pattern[index]
        if byte == _BACKSLASH:
            if index + 1 < len(pattern):
                index += 1
        elif byte == _OPEN:
            in_range = True
        elif byte == _CLOSE:
            in_range = False
        elif byte == _STAR and not in_range:
            break
        index += 1
    return star, pattern[:index], pattern[index:]


def _get_escaped(chunk: bytes) -> tuple[int, bytes]:
    """``getEsc``: a possibly escaped character of a character class, and the rest of the chunk."""
    if not chunk or chunk[0] in (_DASH, _CLOSE):
        raise BadPattern
    if chunk[0] == _BACKSLASH:
        chunk = chunk[1:]
        if not chunk:
            raise BadPattern
    rune, width = _decode_rune(chunk)
    rest = chunk[width:]
    if (rune == _RUNE_ERROR and width == 1) or not rest:
        raise BadPattern
    return rune, rest


def _match_class(chunk: bytes, rune: int) -> tuple[bool, bytes]:
    """A character class after its ``[``: (whether ``rune`` is in it, the rest of the chunk)."""
    negated = chunk[:1] == b"^"
    if negated:
        chunk = chunk[1:]
    matched = False
    ranges = 0
    while True:
        if chunk[:1] == b"]" and ranges > 0:
            chunk = chunk[1:]
            break
        low, chunk = _get_escaped(chunk)
        high = low
        if chunk[0] == _DASH:
            high, chunk = _get_escaped(chunk[1:])
        if low <= rune <= high:
            matched = True
        ranges += 1
    return matched != negated, chunk


def _match_chunk(chunk: bytes, name: bytes) -> bytes | None:
    """``matchChunk``: the rest of ``name`` after ``chunk`` matched its start, or None. The whole
    chunk is parsed even after a mismatch, so a malformed chunk raises BadPattern as in Go."""
    failed = False
    while chunk:
        if not failed and not name:
            failed = True
        head = chunk[0]
        if head == _OPEN:
            rune = 0
            if not failed:
                rune, width = _decode_rune(name)
                name = name[width:]
            in_class, chunk = _match_class(chunk[1:], rune)
            failed = failed or not in_class
            continue
        if head == _QUESTION:
            if not failed:
                failed = name[0] == _SEPARATOR
                name = name[_decode_rune(name)[1]:]
            chunk = chunk[1:]
            continue
        if head == _BACKSLASH:
            chunk = chunk[1:]
            if not chunk:
                raise BadPattern
        if not failed:
            failed = chunk[0] != name[0]
            name = name[1:]
        chunk = chunk[1:]
    return None if failed else name


def _match_star(chunk: bytes, name: bytes, last: bool) -> bytes | None:
    """After a ``*``: the rest of ``name`` once ``chunk`` matched, skipping 1..n bytes (never a
    ``/``); the last chunk must also use up the name."""
    for index in range(len(name)):
        if name[index] == _SEPARATOR:
            break
        rest = _match_chunk(chunk, name[index + 1:])
        if rest is not None and not (last and rest):
            return rest
    return None


@lru_cache(maxsize=1 << 10)  # pure; a bundle repeats a few (pattern, machine type) pairs
def go_filepath_match(pattern: str, name: str) -> bool:
    """``filepath.Match(pattern, name)`` on Unix; a malformed pattern does not match."""
    try:
        return _match(pattern.encode("utf-8", "surrogatepass"), name.encode("utf-8", "surrogatepass"))
    except BadPattern:
        return False


def _match(pattern: bytes, name: bytes) -> bool:
    while pattern:
        star, chunk, pattern = _scan_chunk(pattern)
        if star and not chunk:
            return b"/" not in name  # a trailing * matches the rest, unless it has a /
        rest = _match_chunk(chunk, name)
        if rest is not None and (not rest or pattern):
            name = rest
            continue
        if star:
            rest = _match_star(chunk, name, not pattern)
            if rest is not None:
                name = rest
                continue
        _check_rest_of_pattern(pattern)
        return False
    return not name


def _check_rest_of_pattern(pattern: bytes) -> None:
    """Go checks that the unmatched rest of the pattern is well formed (its error, dropped by
    KubeVirt, changes nothing: the answer is no match either way)."""
    while pattern:
        _, chunk, pattern = _scan_chunk(pattern)
        _match_chunk(chunk, b"")


MULTI_ARCHITECTURE_GATE = "MultiArchitecture"
MULTI_ARCHITECTURE_GATE_DISABLED_FMT = (
    "MultiArchitecture feature gate is not enabled in kubevirt-config, invalid entry %s")


def validate_architecture(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateArchitecture`` (KubeVirt v1.7 only, ``KubevirtVersion.multi_architecture_gate``):
    an architecture other than virt-api's own needs the MultiArchitecture gate. virt-api's
    ``runtime.GOARCH`` is taken to be the cluster's default architecture (amd64 by default)."""
    architecture = as_str(spec.get("architecture"))
    if not architecture or architecture == config.default_architecture \
            or config.feature_gate_enabled(MULTI_ARCHITECTURE_GATE):
        return []
    path = f"{field}.architecture"
    return [Cause(path, MULTI_ARCHITECTURE_GATE_DISABLED_FMT % path, CAUSE_FIELD_VALUE_REQUIRED,
                  needs_feature_gate(MULTI_ARCHITECTURE_GATE))]


def validate_emulated_machine(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateEmulatedMachine``: a set machine type that matches none of the cluster's patterns
    for the spec's architecture."""
    machine = domain_field(spec, "machine")
    machine_type = machine.get("type") if isinstance(machine, dict) else None
    if not machine_type or not isinstance(machine_type, str):
        return []
    architecture = as_str(spec.get("architecture"))
    supported = tuple(config.emulated_machines_for(architecture))
    if machine_type_supported(supported, machine_type):
        return []
    path = f"{field}.domain.machine.type"
    message = MACHINE_TYPE_NOT_SUPPORTED_FMT.format(path=path, machine_type=machine_type,
                                                    allowed=go_string_list(supported))
    setting = needs_setting("emulatedMachines", f"{architecture or config.default_architecture}={machine_type}")
    return [Cause(path, message, CAUSE_FIELD_VALUE_INVALID, frozenset({setting}))]


@lru_cache(maxsize=1 << 10)
def machine_type_supported(patterns: tuple[str, ...], machine_type: str) -> bool:
    """Whether ``machine_type`` matches one of ``patterns`` (KubeVirt's loop over
    ``filepath.Match``)."""
    return any(go_filepath_match(pattern, machine_type) for pattern in patterns)
