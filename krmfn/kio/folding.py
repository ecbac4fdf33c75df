"""A repair for rapidyaml's line folding in two spellings of a quoted scalar on several lines.

rapidyaml 0.15.2 reads these quoted scalars otherwise than YAML 1.2 and Go's yaml.v3 (kubectl,
kustomize) do (found by the differential property tests, ``tests/unit/kio/test_leniency.py``):

* a double-quoted scalar whose escaped line break (`\\` at the end of a line) is followed by an
  empty line: `"a\\` then an empty line then `b"` is `a`, LF, `b` (YAML 1.2, 7.3.1: the empty
  lines after an escaped line break are line feeds, `s-double-escaped`; yaml.v3's
  `yaml_parser_scan_flow_scalar` keeps them, `trailing_breaks`, as nothing is folded), where
  rapidyaml folds the first empty line into a space (`a b`);
* a quoted scalar whose first line holds only white space with a tab after the opening quote:
  `'<TAB>` then `x'` is ` x` (trailing white space of a line is not content, 7.3.3 and
  `yaml_parser_scan_flow_scalar`'s `whitespaces`, dropped at a line break), where rapidyaml keeps
  the tab (`<TAB> x`).

``repair`` runs after parsing, only when such a spelling may be in the text: the quoted scalars
of the text, as libyaml's scanner reads them (yaml.v3's scanner is a port of it; through PyYAML),
are paired in order with the quoted nodes of the tree (keys and values, in document order), and
each node whose scalar has such a spelling gets the scanner's value (in the tree's arena, so that
both the item's value and the text written for a changed item are right). A text whose quoted
scalars do not pair one to one with the tree's is left as rapidyaml read it.
"""
from __future__ import annotations


import ryml

from krmfn.model.lazy_re import LazyPattern

# The two spellings, as bytes of the text (either may also be in a comment or a block scalar: a
# screen, not a finding); each is looked for only where the text has its backslash or its tab.
_ESCAPED_BREAK_SCREEN = LazyPattern(rb"\\\r?\n[ \t]*\r?\n")
_TAB_SCREEN = LazyPattern(rb"['\"][ \t]*\t[ \t]*\r?\n")
# The same in a quoted scalar's own text (its quotes included).
_MISREAD = LazyPattern(r"(?<!\\)(?:\\\\)*\\\r?\n[ \t]*\r?\n|\A['\"][ \t]*\t[ \t]*\r?\n")


def repair(tree: ryml.Tree, data: bytes) -> None:
    """Give each quoted scalar of ``tree`` (parsed from ``data``) that rapidyaml misfolds the
    value YAML 1.2 and yaml.v3 read."""
    if not ((b"\\" in data and _ESCAPED_BREAK_SCREEN.search(data)) or (b"\t" in data and _TAB_SCREEN.search(data))):
        return
    text = data.decode("utf-8")
    scalars = _quoted_scalars(text)
    if scalars is None:
        return
    nodes = _quoted_nodes(tree)
    if len(nodes) != len(scalars):
        return
    for (node, is_key), (raw, value) in zip(nodes, scalars, strict=True):
        if not _MISREAD.search(raw):
            continue
        exact = value.encode("utf-8")
        if is_key:
            tree._set_key(node, tree.to_arena(exact))
        else:
            tree._set_val(node, tree.to_arena(exact))


def _quoted_scalars(text: str) -> list[tuple[str, str]] | None:
    """(text, value) of each quoted scalar, in order, as libyaml's scanner reads them."""
    import yaml  # noqa: PLC0415 - PyYAML only for these rare spellings: a run that meets none does not load it
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        tokens = list(yaml.scan(text, Loader=loader))
    except yaml.YAMLError:
        return None
    return [(text[token.start_mark.index : token.end_mark.index], token.value) for token in tokens
            if isinstance(token, yaml.ScalarToken) and token.style in ("'", '"')]


def _quoted_nodes(tree: ryml.Tree) -> list[tuple[int, bool]]:
    """(node, is it the key) of each quoted key and value of ``tree``, in document order."""
    out: list[tuple[int, bool]] = []
    stack = [tree.root_id()]
    while stack:
        node = stack.pop()
        if tree.has_key(node) and (tree.is_key_squo(node) or tree.is_key_dquo(node)):
            out.append((node, True))
        if tree.has_val(node) and (tree.is_val_squo(node) or tree.is_val_dquo(node)):
            out.append((node, False))
        children = []
        child = tree.first_child(node)
        while child != ryml.NONE:
            children.append(child)
            child = tree.next_sibling(child)
        stack.extend(reversed(children))
    return out
