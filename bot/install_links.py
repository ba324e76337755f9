"""Folders a setup.py links or copies into its package when the package is installed.

detectron2 and the projects built on it (detrex) ship their configs inside the package
this way: `os.symlink(<root>/configs, <root>/detrex/config/configs)`, with a
`shutil.copytree` fallback. Docs then import `detrex.config.configs.common.x`, which
exists once installed. The call's arguments are read, never run: string literals joined
with `os.path.join`, anchored at the setup.py's folder by `__file__` or a name assigned
from it; anything else (an environment variable, a computed name) is left out.
"""

from __future__ import annotations

import posixpath

_LINKERS = frozenset({"symlink", "copytree", "copy_tree"})
_MAX_DEPTH = 4
_FILE = "\0setup.py"  # `__file__`: the setup.py itself, whose folder anchors the paths


def install_links(setup_path: str, source: bytes) -> list[tuple[str, str]]:
    """(source folder, linked or copied folder) of each link a setup.py makes, as
    repository paths."""
    import tree_sitter_python
    from tree_sitter import Language, Node, Parser

    tree = Parser(Language(tree_sitter_python.language())).parse(source)
    assigned: dict[str, Node] = {}
    calls: list[Node] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "assignment":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is not None and right is not None and left.type == "identifier":
                assigned[_text(left)] = right
        elif node.type == "call":
            function = node.child_by_field_name("function")
            if function is not None and _text(function).rsplit(".", 1)[-1] in _LINKERS:
                calls.append(node)
        stack.extend(reversed(node.children))
    home = posixpath.dirname(setup_path)
    found: list[tuple[str, str]] = []
    for call in calls:
        arguments = call.child_by_field_name("arguments")
        positional = [a for a in arguments.named_children if a.type != "keyword_argument" and a.type != "comment"] if arguments is not None else []
        if len(positional) < 2:
            continue
        source_path, target_path = (_path_of(node, assigned, 0) for node in positional[:2])
        if source_path in (None, _FILE) or target_path in (None, _FILE):
            continue
        source_path, target_path = (posixpath.normpath(posixpath.join(home, p)) if p else home for p in (source_path, target_path))
        pair = (source_path, target_path)
        if source_path != target_path and not source_path.startswith("..") and not target_path.startswith("..") and target_path and pair not in found:
            found.append(pair)
    return found


def _path_of(node, assigned: dict, depth: int) -> str | None:
    """The path an expression names, relative to the setup.py's folder ("" for the folder
    itself); None when it is not anchored there or holds anything but literals."""
    if depth > _MAX_DEPTH:
        return None
    kind = node.type
    if kind == "string":
        value = _string(node)
        return None if value is None or value.startswith("/") else value
    if kind == "identifier":
        if _text(node) == "__file__":
            return _FILE
        value = assigned.get(_text(node))
        return _path_of(value, assigned, depth + 1) if value is not None else None
    if kind != "call":
        return None
    function = _text(node.child_by_field_name("function") or node)
    arguments = node.child_by_field_name("arguments")
    args = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
    last = function.rsplit(".", 1)[-1]
    if last in ("dirname", "realpath", "abspath", "normpath") and len(args) == 1:
        inner = _path_of(args[0], assigned, depth + 1)
        if inner is None or last != "dirname":
            return inner
        return "" if inner == _FILE else None if not inner else posixpath.dirname(inner)
    if last == "join" and args:
        parts = [_path_of(a, assigned, depth + 1) for a in args]
        if any(p is None or p == _FILE for p in parts):
            return None
        return posixpath.join(*[p for p in parts if p]) if any(parts) else ""
    return None


def _string(node) -> str | None:
    if any(child.type == "interpolation" for child in node.children):
        return None
    body = [child for child in node.children if child.type == "string_content"]
    return "".join(_text(child) for child in body)


def _text(node) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""
