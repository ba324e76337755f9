"""Folders a setup.py links or copies into its package when the package is installed.

detectron2 and the projects built on it (detrex) ship their configs inside the package
this way: `os.symlink(<root>/configs, <root>/detrex/config/configs)`, with a
`shutil.copytree` fallback. Docs then import `detrex.config.configs.common.x`, which
exists once installed. The call's arguments are read, never run, as conf_copies reads
conf.py's: string literals joined with `os.path.join` or pathlib's `/`, anchored at the
setup.py's folder by `__file__` or a name assigned from it; anything else (an environment
variable, a computed name) is left out.
"""

from __future__ import annotations

import posixpath

from .conf_copies import FILE, node_text, path_of

_LINKERS = frozenset({"symlink", "copytree", "copy_tree"})


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
                assigned[node_text(left)] = right
        elif node.type == "call":
            function = node.child_by_field_name("function")
            if function is not None and node_text(function).rsplit(".", 1)[-1] in _LINKERS:
                calls.append(node)
        stack.extend(reversed(node.children))
    home = posixpath.dirname(setup_path)
    found: list[tuple[str, str]] = []
    for call in calls:
        arguments = call.child_by_field_name("arguments")
        positional = [a for a in arguments.named_children if a.type != "keyword_argument" and a.type != "comment"] if arguments is not None else []
        if len(positional) < 2:
            continue
        source_path, target_path = (path_of(node, assigned, 0) for node in positional[:2])
        if source_path in (None, FILE) or target_path in (None, FILE):
            continue
        source_path, target_path = (posixpath.normpath(posixpath.join(home, p)) if p else home for p in (source_path, target_path))
        pair = (source_path, target_path)
        if source_path != target_path and not source_path.startswith("..") and not target_path.startswith("..") and target_path and pair not in found:
            found.append(pair)
    return found
