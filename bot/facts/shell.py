"""Facts from one shell script: the environment variables it reads or exports, and the
options it takes by hand (`case "$1" in --body-max)`).

A variable the script assigns and never exports is local to it and says nothing about
the environment; one it reads without assigning, or exports, is part of its interface.
"""

from __future__ import annotations

import re
import threading
from typing import Any

from tree_sitter import Node, Parser, QueryCursor

from ..bash_bytes import parseable
from ..model import ENV, FLAG, Fact
from ..rules import CompiledRules
from .builders import BUILDERS, text

_UPPER_MENTION = re.compile(rb"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
# Variables every shell sets: reading them says nothing about the script's interface.
_SHELL_BUILTINS = frozenset(
    "HOME PATH PWD OLDPWD USER SHELL IFS RANDOM LINENO SECONDS BASH_SOURCE BASH_VERSION "
    "HOSTNAME UID EUID PPID OPTARG OPTIND REPLY FUNCNAME PIPESTATUS TERM LANG TMPDIR".split()
)


class _ShellContext:
    def __init__(self, compiled: CompiledRules):
        self.compiled = compiled
        self.rule = None
        self.reads: dict[str, tuple[int, Node]] = {}
        self.exports: dict[str, int] = {}
        self.assigned: set[str] = set()

    def record_shell_variable(self, kind: str, name: str, at_line: int, match: Node) -> None:
        if kind == "read":
            self.reads.setdefault(name, (at_line, match))
        elif kind == "export":
            self.exports.setdefault(name, at_line)
            self.assigned.add(name)
        else:
            self.assigned.add(name)


def _default_of(expansion: Node) -> str | None:
    # ${VAR:-default} / ${VAR-default} / ${VAR:=default}
    raw = text(expansion)
    match = re.match(r"^\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=](.*)\}$", raw, re.S)
    return match.group(1) if match else None


_CASE_OPTION = re.compile(r"^[\"']?(--?[A-Za-z][\w-]*)(?:=\*)?[\"']?$")


def _case_options(root: Node) -> dict[str, int]:
    """The options a script takes by hand: `case "$1" in --body-max) ...;;`."""
    found: dict[str, int] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "case_item":
            for i, child in enumerate(node.children):
                if node.field_name_for_child(i) == "value":
                    match = _CASE_OPTION.match(text(child))
                    if match and match.group(1).startswith("--"):
                        found.setdefault(match.group(1), child.start_point[0] + 1)
        stack.extend(node.children)
    return found


# A parser per thread: the App's worker threads parse at the same time.
_parsers_local = threading.local()


def extract_shell(source: bytes, compiled: CompiledRules) -> dict[str, Any]:
    parsers = _parsers_local.__dict__.setdefault("by_language", {})
    parser = parsers.get(id(compiled.language))
    if parser is None:
        parser = parsers[id(compiled.language)] = Parser(compiled.language)
    tree = parser.parse(parseable(source))
    ctx = _ShellContext(compiled)
    # tree-sitter-bash rejects some valid scripts (`${VAR:-$(...)}`, heredoc bodies): say
    # what happened, not that the script is wrong.
    notes = ["the bash grammar could not parse all of it (the script may still be valid): extracted what parsed"] if tree.root_node.has_error else []
    if compiled.query is not None:
        for pattern_index, captures in QueryCursor(compiled.query).matches(tree.root_node):
            rule = compiled.pattern_rule[pattern_index]
            ctx.rule = rule
            BUILDERS[rule.build](ctx, captures)
    facts = [Fact(FLAG, name, "", at_line, {"shell_case": True}) for name, at_line in _case_options(tree.root_node).items()]
    for name, at_line in ctx.exports.items():
        facts.append(Fact(ENV, name, "", at_line, {"exported": True}))
    for name, (at_line, node) in ctx.reads.items():
        if name in ctx.assigned or name in _SHELL_BUILTINS or name.isdigit():
            continue
        attrs: dict[str, Any] = {"read": True}
        default = _default_of(node)
        if default is not None:
            attrs["default"] = default
        facts.append(Fact(ENV, name, "", at_line, attrs))
    # A script passing a flag does not define it: its flags are checked, not trusted.
    mentions = {
        "flags": [],
        "upper": sorted({m.decode("utf-8", "replace") for m in _UPPER_MENTION.findall(source)}),
        "slashed": [],
    }
    return {"facts": [f.to_dict() for f in facts], "mentions": mentions, "notes": notes}
