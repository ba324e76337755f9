"""Keyword arguments of calls in a doc's Python code block: `SFTConfig(max_length=512)`
names a field of the config class, and a field that is gone fails with a TypeError."""

from __future__ import annotations

import re
from functools import lru_cache

from tree_sitter import Language, Parser


@lru_cache(maxsize=1)
def _parser() -> Parser:
    import tree_sitter_python

    return Parser(Language(tree_sitter_python.language()))


def scan(body: str) -> tuple[list[tuple[int, int, str, str]], set[str]]:
    """(0-based line, 1-based column, callee, keyword) for each `keyword=` argument of a
    call whose callee's last name is capitalised, as a class's is; the callee as written
    (`nn.Linear`), so that another package's class of the same name can be told apart.
    And the classes the code defines itself (`class ListItem:`): an example's own class,
    whose fields are the example's."""
    if "=" not in body and "class " not in body:
        return [], set()
    body, shifts = _doctest_source(body)
    source = body.encode("utf-8", "surrogatepass")
    lines = source.splitlines()
    tree = _parser().parse(source)
    found = []
    stack = [tree.root_node]
    defined: set[str] = set()
    while stack:
        node = stack.pop()
        if node.type == "class_definition" and node.child_by_field_name("name") is not None:
            defined.add(node.child_by_field_name("name").text.decode("utf-8", "replace"))
        if node.type == "call":
            function = node.child_by_field_name("function")
            written = function.text.decode("utf-8", "replace") if function is not None and function.type in ("identifier", "attribute") else ""
            name = written.rsplit(".", 1)[-1]
            arguments = node.child_by_field_name("arguments")
            if name[:1].isupper() and arguments is not None:
                for argument in arguments.named_children:
                    key = argument.child_by_field_name("name") if argument.type == "keyword_argument" else None
                    if key is not None:
                        line, byte = key.start_point
                        prefix = lines[line][:byte] if line < len(lines) else b""  # columns count characters
                        column = len(prefix.decode("utf-8", "replace")) + 1 + (shifts[line] if line < len(shifts) else 0)
                        found.append((line, column, "".join(written.split()), key.text.decode("utf-8", "replace")))
        stack.extend(node.named_children)
    return sorted(found), defined


_PROMPT = re.compile(r"^(\s*)(?:>>>|\.\.\.)(?: |$)")


def _doctest_source(body: str) -> tuple[str, list[int]]:
    """A doctest session's code: the `>>> ` and `... ` lines without their prompts, and
    each line's shift in columns. The lines between are what the session printed (delta-rs'
    `Metadata(id: ..., configuration={})`): a repr, not a call; blanked. A body with no
    prompt is all code."""
    lines = body.split("\n")
    if not any(line.lstrip().startswith(">>>") for line in lines):
        return body, []
    kept, shifts = [], []
    for line in lines:
        prompt = _PROMPT.match(line)
        kept.append(line[prompt.end() :] if prompt else "")
        shifts.append(prompt.end() if prompt else 0)
    return "\n".join(kept), shifts
