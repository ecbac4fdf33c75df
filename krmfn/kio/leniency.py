"""go-yaml's leniency with the indentation of flow nodes that span lines, for rapidyaml.

YAML 1.2 wants every continuation line of a flow node in block context (a quoted or plain
scalar on several lines, a flow collection such as `[a,` then `b]`) indented deeper than the
block collection holding it (`s-flow-line-prefix(n)`, `s-separate(n)`: at least n+1 spaces). Go's
yaml.v3, which kubectl and kustomize read YAML with, does not check that, nor does libyaml (so
PyYAML): its scanner (`scannerc.go`)

* reads a quoted scalar's continuation lines whatever their indentation
  (`yaml_parser_scan_flow_scalar` refuses only a document marker, `---` or `...` at column 0);
* does not measure indentation inside a flow collection (`yaml_parser_unroll_indent` returns at
  once when `flow_level > 0`, and `yaml_parser_scan_plain_scalar` checks the indentation of a
  plain scalar's continuation line, `parser.indent + 1`, only in block context).

So a NetworkAttachmentDefinition whose single-quoted `config:` JSON closes with `  }'` at the
key's own column, or a flow list whose `]` is at the key's column, is read by kubectl and
kustomize and refused by rapidyaml (`bad indentation`, `parse error`).

Leading white space of a flow node's continuation line is never content (a quoted or plain
scalar's line folding drops it; between flow entries it separates), so the same values are read
from a text where each such line is indented to what YAML 1.2 wants: `relaxed` writes that text,
and `krmfn.kio.tree.parse` reads it when rapidyaml refuses the input as written. Where each flow
node starts and ends, and the block indentation around it, are what libyaml's scanner says (the
same scanner as go-yaml's, through PyYAML): the token stream gives `parser.indent` exactly. The
input must also parse (PyYAML's parser, libyaml's as go-yaml's): a text go-yaml refuses for
another reason is not made readable. A document marker line is never indented (go-yaml refuses
it inside a flow node), nor a line that only libyaml, not rapidyaml, starts (after a NEL, LS or
PS, which YAML 1.1 counts as line breaks: rapidyaml reads such a character as content).
"""
from __future__ import annotations

import bisect

from krmfn.model.lazy_re import LazyPattern
from krmfn.model.record import record

# Line breaks as libyaml counts lines (its marks' `line`): CR LF, CR, LF, NEL, LS, PS.
_LINE = LazyPattern(r"[^\r\n\x85\u2028\u2029]*(?:\r\n|[\r\n\x85\u2028\u2029]|\Z)")
_DOCUMENT_MARKER = LazyPattern(r"(?:---|\.\.\.)(?:[ \t\r\n\x85\u2028\u2029]|\Z)")


def continuation_indents(text: str) -> dict[int, int] | None:
    """Line (0-based, as libyaml counts) -> the indentation YAML 1.2 wants for it, for each
    continuation line of a flow node in block context; None when libyaml refuses the text."""
    import yaml  # noqa: PLC0415 - PyYAML only for a text rapidyaml refuses: a run that meets none does not load it
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    openers = (yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken)
    closers = (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)
    try:
        for _ in yaml.parse(text, Loader=loader):
            pass
        tokens = list(yaml.scan(text, Loader=loader))
    except yaml.YAMLError:
        return None
    wanted: dict[int, int] = {}
    indents: list[int] = []  # the columns of the open block collections (go-yaml's parser.indents)
    flow_level, flow_start = 0, 0
    for token in tokens:
        if isinstance(token, (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken)):
            indents.append(token.start_mark.column)
        elif isinstance(token, yaml.BlockEndToken):
            indents.pop()
        elif isinstance(token, openers):
            if not flow_level:
                flow_start = token.start_mark.line
            flow_level += 1
        elif isinstance(token, closers):
            flow_level -= 1
            if not flow_level:
                _want(wanted, flow_start, token.start_mark.line, indents)
        elif isinstance(token, yaml.ScalarToken) and not flow_level and token.style not in ("|", ">"):
            _want(wanted, token.start_mark.line, token.end_mark.line, indents)
    return wanted


def _want(wanted: dict[int, int], first: int, last: int, indents: list[int]) -> None:
    """Lines after `first` up to `last` belong to a flow node in the innermost block collection."""
    indent = indents[-1] + 1 if indents else 0
    for line in range(first + 1, last + 1):
        wanted[line] = max(indent, wanted.get(line, 0))


@record(frozen=True)
class Relaxed:
    """A relaxed text, and where it added spaces: `inserted[i]` spaces from `starts[i]` of it
    (in order), `shift[i]` added before those."""

    text: bytes
    starts: tuple[int, ...]
    inserted: tuple[int, ...]
    shift: tuple[int, ...]

    def original(self, offset: int) -> int:
        """The offset in the text as written of `offset` in the relaxed text (an added space maps
        to the start of its line)."""
        index = bisect.bisect_right(self.starts, offset) - 1
        if index < 0:
            return offset
        if offset < self.starts[index] + self.inserted[index]:
            return self.starts[index] - self.shift[index]
        return offset - self.shift[index] - self.inserted[index]


def relaxed(data: bytes) -> Relaxed | None:
    """`data` with each under-indented continuation line of a flow node indented as YAML 1.2
    wants it (the same values); None when there is none, or libyaml refuses the text."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    wanted = continuation_indents(text)
    if not wanted:
        return None
    lines = _LINE.findall(text)
    added: dict[int, int] = {}
    for number, indent in wanted.items():
        if number >= len(lines) or not number or not lines[number - 1].endswith(("\n", "\r")):
            continue  # not a line rapidyaml sees as one (after a NEL, LS or PS)
        line = lines[number]
        spaces = len(line) - len(line.lstrip(" "))
        if spaces >= indent or not line.strip(" \r\n") or _DOCUMENT_MARKER.match(line):
            continue  # (a line of tabs is not empty: YAML wants the indentation before them)
        added[number] = indent - spaces
    if not added:
        return None
    starts, inserted, shift, offset, total = [], [], [], 0, 0
    for number, line in enumerate(lines):
        if number in added:
            starts.append(offset)
            inserted.append(added[number])
            shift.append(total)
            total += added[number]
            lines[number] = " " * added[number] + line
        offset += len(lines[number].encode("utf-8"))
    return Relaxed("".join(lines).encode("utf-8"), tuple(starts), tuple(inserted), tuple(shift))
