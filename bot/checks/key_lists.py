"""Key lists under a YAML block: a config reference shows a section's YAML and then
describes its keys by bare name (`- ``gamma``: discount factor` after an `algorithm:`
block). Each name means that section's key, so `gemma` there is `algorithm.gemma`.

A list counts as such only when most of its names are keys of the block's sections in
the repository's composed configs; then the names no config has under any of them are
claims of DRIFT017. Nothing here decides a finding: it tells the classifier which names
are keys and under which sections.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

import yaml

from ..model import CODE_BLOCK, HEADING, INLINE_CODE, Reference

MIN_ITEMS = 3
MIN_KNOWN_SHARE = 0.6
_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?`{1,2}([A-Za-z_][\w-]*)`{1,2}(?:\*\*)?\s*(?:\([^)]*\)\s*)?[:\uff1a\u2013\u2014-]")


def _sections(body: str) -> tuple[list[str], set[str]]:
    """The dotted paths of the mappings a YAML snippet shows ("" for its top level), and
    every dotted key it writes."""
    try:
        data = yaml.safe_load(body)
    except (yaml.YAMLError, ValueError, TypeError, RecursionError):
        return [], set()
    found: list[str] = []
    keys: set[str] = set()
    stack: list[tuple[str, Any]] = [("", data)]
    while stack and len(found) < 500:
        prefix, node = stack.pop()
        if not isinstance(node, dict):
            continue
        found.append(prefix)
        for key, value in node.items():
            if isinstance(key, str):
                keys.add(f"{prefix}.{key}" if prefix else key)
            if isinstance(key, str) and isinstance(value, dict):
                stack.append((f"{prefix}.{key}" if prefix else key, value))
    return found, keys


def key_list_items(refs: Iterable[Reference], tree: Any) -> dict[int, tuple[str, list[str], list[str]]]:
    """line -> (bare name, sections of the YAML block above, the list's other names) for
    the names of key lists that no composed config has under any of those sections."""
    if tree is None or not tree.keys:
        return {}
    found: dict[int, tuple[str, list[str], list[str]]] = {}
    sections: list[str] = []
    shown: set[str] = set()  # the keys the YAML block above writes
    items: list[tuple[int, str, int]] = []  # (line, name, indent)

    def judge(group: list[tuple[int, str, int]], parent: str = "") -> None:
        if len(group) < MIN_ITEMS:
            return
        # A nested run under an item that is itself a section: that section's keys.
        under = [_join(s, parent) for s in sections if parent and tree.is_section(_join(s, parent))] or sections
        # (A key the block above writes itself is the one the list describes: cobaya's
        # `params` example with `a`, `b` and `c`, where the repository's configs have a and b.)
        known = [any(tree.knows(_join(s, name)) or tree.is_section(_join(s, name)) or _join(s, name) in shown for s in under) for _, name, _ in group]
        if sum(known) >= MIN_KNOWN_SHARE * len(group):
            for (line, name, _), ok in zip(group, known):
                if not ok:  # with the names the list has: none of them is this one renamed
                    found[line] = (name, list(under), sorted({n for _, n, _ in group} - {name}))

    def close() -> None:
        # The list's own items form one group; each run of nested items another: a nested
        # run is a sub-section's keys, or the values of the item above (`- cosine: ...`).
        if items and sections:
            base = min(indent for _, _, indent in items)
            judge([item for item in items if item[2] == base])
            run: list[tuple[int, str, int]] = []
            parent = ""
            for item in items + [(0, "", base)]:
                if item[2] > base:
                    run.append(item)
                else:
                    judge(run, parent)
                    run, parent = [], item[1]
        items.clear()

    for ref in refs:
        if ref.kind in (HEADING, CODE_BLOCK):
            close()
            sections, shown = [], set()
            if ref.kind == CODE_BLOCK and str(ref.attrs.get("lang", "")).lower() in ("yaml", "yml"):
                # Only sections the repository's configs have: the block is about them.
                written, shown = _sections(ref.attrs.get("body", ref.text))
                sections = [s for s in written if s and tree.is_section(s)]
            continue
        if ref.kind != INLINE_CODE or not sections:
            continue
        context = ref.attrs.get("context") or ""
        match = _ITEM.match(context)
        if match and match.group(1) == ref.text:
            items.append((ref.line, ref.text, len(context) - len(context.lstrip())))
    close()
    return found


def _join(section: str, name: str) -> str:
    return f"{section}.{name}" if section else name
