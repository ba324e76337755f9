"""Files a Sphinx conf.py copies into the site's source folder when the docs build.

nbsphinx sites often keep their notebooks in `examples/` and have conf.py copy them in:
BayesianOptimization's `for notebook in glob(str(here.parent / 'examples' / '*.ipynb')):
shutil.copy(notebook, here)`, torchmetrics' `for path in glob.glob(os.path.join(_PATH_ROOT,
"notebooks", "*.ipynb")): shutil.copy(path, os.path.join(path_nbs, ...))`, emukit's
`shutil.copytree(EXAMPLES_SRC, EXAMPLES_DST)`, pypdf's `shutil.copyfile("../CHANGELOG.md",
"meta/CHANGELOG.md")`. The pages then link `../constraints.html`, which the tree holds
only as examples/constraints.ipynb.

conf.py is read, never run: string literals, `__file__`, names assigned once, pathlib's
`Path(...)`, `.parent`, `/` and `.resolve()`, and `os.path`'s `join`, `dirname`,
`abspath`, `realpath`, `normpath`; sphinx-build runs conf.py in its own folder, so a
relative literal is from there. A `for` over `glob`, `Path.glob`, `os.listdir` or
`iterdir` binds its name to a member of that folder. Anything else is left out.
"""

from __future__ import annotations

import posixpath

_MAX_DEPTH = 16  # names built from names: deep enough for conf.py, bounded for `x = x / "a"`
FILE = "\0__file__"  # `__file__`: the file read, whose folder anchors the paths
_MEMBER = "\1"  # prefix: some file of the folder that follows (a loop over a glob)
_COPIERS = frozenset({"copy", "copy2", "copyfile", "copytree", "copy_tree"})
_PASS_THROUGH = frozenset({"str", "Path", "PurePath", "PosixPath", "realpath", "abspath", "normpath", "resolve", "absolute", "expanduser", "fspath"})


def conf_copies(source: bytes) -> list[tuple[str, str]]:
    """(copied from, copied to) of each file or folder conf.py copies, as paths from its
    folder ("" for the folder itself); a folder's members copied one by one give the two
    folders."""
    import tree_sitter_python
    from tree_sitter import Language, Parser

    tree = Parser(Language(tree_sitter_python.language())).parse(source)
    assigned: dict[str, object] = {}
    found: list[tuple[str, str]] = []
    _walk(tree.root_node, assigned, found)
    return found


def _walk(node, assigned: dict, found: list) -> None:
    """Statements in source order: assignments bind names, `for` loops bind members, copy
    calls are read with the names bound so far."""
    for child in node.named_children:
        kind = child.type
        if kind == "expression_statement" and child.named_children and child.named_children[0].type == "assignment":
            assignment = child.named_children[0]
            left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
            if left is not None and right is not None and left.type == "identifier":
                assigned[node_text(left)] = right
            _copies_in(child, assigned, found)
        elif kind == "for_statement" and _literal_rows(child.child_by_field_name("left"), child.child_by_field_name("right")):
            # decaylanguage's `for name, dst_name in [("README.md", "readme.md"), ...]:` then
            # `shutil.copy2(BASEDIR / name, DIR / dst_name)`: the body once per row.
            body = child.child_by_field_name("body")
            for row in _literal_rows(child.child_by_field_name("left"), child.child_by_field_name("right")):
                if body is not None:
                    _walk(body, {**assigned, **row}, found)
        elif kind == "for_statement":
            left, right = child.child_by_field_name("left"), child.child_by_field_name("right")
            folder = _globbed_folder(right, assigned) if right is not None else None
            if left is not None and left.type == "identifier":
                if folder is not None:
                    assigned[node_text(left)] = _MEMBER + folder
                else:
                    assigned.pop(node_text(left), None)
            body = child.child_by_field_name("body")
            if body is not None:
                _walk(body, assigned, found)
        elif kind in ("function_definition", "if_statement", "block", "with_statement", "try_statement", "else_clause", "elif_clause", "decorated_definition", "except_clause", "finally_clause", "with_clause"):
            _walk(child, assigned, found)
        else:
            _copies_in(child, assigned, found)


def _literal_rows(left, right) -> list[dict]:
    """The names a `for` over a literal list binds, row by row: `for a, b in [("x", "y")]`
    gives [{"a": "x" node, "b": "y" node}]; `for a in ["x", "z"]` one name a row."""
    if left is None or right is None or right.type not in ("list", "tuple"):
        return []
    if left.type == "identifier":
        names = [node_text(left)]
    elif left.type in ("pattern_list", "tuple_pattern") and all(n.type == "identifier" for n in left.named_children):
        names = [node_text(n) for n in left.named_children]
    else:
        return []
    rows = []
    for item in (n for n in right.named_children if n.type != "comment"):
        values = [item] if len(names) == 1 else [v for v in item.named_children if v.type != "comment"] if item.type in ("tuple", "list") else []
        if len(values) != len(names) or not all(v.type == "string" for v in values):
            return []
        rows.append(dict(zip(names, values)))
    return rows


def _copies_in(node, assigned: dict, found: list) -> None:
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "call":
            function = current.child_by_field_name("function")
            if function is not None and node_text(function).rsplit(".", 1)[-1] in _COPIERS:
                pair = _copy_pair(current, assigned)
                if pair is not None and pair not in found:
                    found.append(pair)
        stack.extend(current.named_children)


def _copy_pair(call, assigned: dict) -> tuple[str, str] | None:
    arguments = call.child_by_field_name("arguments")
    positional = [a for a in arguments.named_children if a.type not in ("keyword_argument", "comment")] if arguments is not None else []
    if len(positional) < 2:
        return None
    source, target = (path_of(node, assigned, 0) for node in positional[:2])
    if source is None or target is None or FILE in (source, target) or target.startswith(_MEMBER):
        # (`os.path.join(dst, os.path.basename(src))` is read as dst: basename yields nothing.)
        return None
    if source.startswith(_MEMBER):
        source = source[len(_MEMBER):]  # each member of the folder, into the target folder
    elif posixpath.splitext(source)[1] and not posixpath.splitext(target)[1] and node_text(call.child_by_field_name("function")).rsplit(".", 1)[-1] in ("copy", "copy2"):
        target = posixpath.join(target, posixpath.basename(source))  # `copy("defaults.rst", "generated")`: into the folder
    source, target = posixpath.normpath(source or "."), posixpath.normpath(target or ".")
    if source == target:
        return None
    return ("" if source == "." else source, "" if target == "." else target)


def _globbed_folder(node, assigned: dict) -> str | None:
    """The folder whose files a `for` walks: `glob.glob(join(root, "nb", "*.ipynb"))`,
    `Path("../nb").glob("*.ipynb")`, `os.listdir(src)`, `here.iterdir()`."""
    if node.type == "identifier" and not isinstance(assigned.get(node_text(node)), (str, type(None))):
        node = assigned[node_text(node)]  # `notebooks = glob(...)`, then `for notebook in notebooks:`
    if node.type != "call":
        return None
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    args = [a for a in arguments.named_children if a.type != "comment"] if arguments is not None else []
    if function is None:
        return None
    name = node_text(function).rsplit(".", 1)[-1]
    if name in ("glob", "iglob") and function.type != "attribute" or node_text(function) in ("glob.glob", "glob.iglob"):
        pattern = path_of(args[0], assigned, 0) if args else None
        if pattern is None or FILE in pattern or pattern.startswith(_MEMBER):
            return None
        folder = posixpath.dirname(pattern) if "*" in posixpath.basename(pattern) else None
        return None if folder is None or "*" in folder else folder
    if function.type == "attribute" and name in ("glob", "rglob", "iterdir"):
        owner = path_of(function.child_by_field_name("object"), assigned, 0)
        if owner is None or FILE in owner or owner.startswith(_MEMBER):
            return None
        return owner
    if node_text(function) == "os.listdir" and len(args) == 1:
        owner = path_of(args[0], assigned, 0)
        return None if owner is None or FILE in owner or owner.startswith(_MEMBER) else owner
    return None


def _parent(path: str) -> str | None:
    if path == FILE:
        return ""
    if path.startswith(_MEMBER):
        return path[len(_MEMBER):]
    parent = posixpath.normpath(posixpath.join(path or ".", ".."))
    return "" if parent == "." else parent


def path_of(node, assigned: dict, depth: int) -> str | None:
    """The path an expression names, from the folder of the file read ("" for the folder
    itself; FILE for the file); None when it holds anything but literals, `__file__` and
    what is built from them. (install_links reads setup.py with it too.)"""
    if node is None or depth > _MAX_DEPTH:
        return None
    kind = node.type
    if kind == "string":
        value = _string(node)
        return None if value is None or value.startswith(("/", "~")) else value
    if kind == "identifier":
        if node_text(node) == "__file__":
            return FILE
        value = assigned.get(node_text(node))
        if isinstance(value, str):
            return value
        return path_of(value, assigned, depth + 1) if value is not None else None
    if kind == "parenthesized_expression" and node.named_children:
        return path_of(node.named_children[0], assigned, depth + 1)
    if kind == "attribute":
        if node_text(node.child_by_field_name("attribute")) != "parent":
            return None
        inner = path_of(node.child_by_field_name("object"), assigned, depth + 1)
        return None if inner is None else _parent(inner)
    if kind == "binary_operator" and node_text(node.child_by_field_name("operator")) == "/":
        left = path_of(node.child_by_field_name("left"), assigned, depth + 1)
        right = path_of(node.child_by_field_name("right"), assigned, depth + 1)
        return _joined([left, right])
    if kind != "call":
        return None
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    args = [a for a in arguments.named_children if a.type not in ("comment", "keyword_argument")] if arguments is not None else []
    if function is None:
        return None
    name = node_text(function).rsplit(".", 1)[-1]
    if function.type == "attribute" and name in ("resolve", "absolute", "expanduser") and not args:
        return path_of(function.child_by_field_name("object"), assigned, depth + 1)
    if name == "joinpath" and function.type == "attribute":
        owner = path_of(function.child_by_field_name("object"), assigned, depth + 1)
        return _joined([owner, *(path_of(a, assigned, depth + 1) for a in args)])
    if name in _PASS_THROUGH and len(args) == 1:
        return path_of(args[0], assigned, depth + 1)
    if name == "dirname" and len(args) == 1:
        inner = path_of(args[0], assigned, depth + 1)
        return None if inner is None else _parent(inner)
    if name == "basename":
        return None
    if name == "join" and args:
        # `join(dst, basename(src))`: into the folder dst, under the file's own name.
        kept = [a for a in args if not (a.type == "call" and node_text(a.child_by_field_name("function")).rsplit(".", 1)[-1] == "basename")]
        return _joined([path_of(a, assigned, depth + 1) for a in kept]) if kept else None
    return None


def _joined(parts: list) -> str | None:
    """Paths joined; None when a part is unknown, the file itself, or a loop's member
    (`member / "x"` is no path of the tree)."""
    if not parts or any(p is None or p == FILE or p.startswith(_MEMBER) for p in parts):
        return None
    return posixpath.join(*[p for p in parts if p]) if any(parts) else ""


def _string(node) -> str | None:
    if any(child.type == "interpolation" for child in node.children):
        return None
    return "".join(node_text(child) for child in node.children if child.type == "string_content")


def node_text(node) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""
