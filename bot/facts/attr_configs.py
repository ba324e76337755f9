"""Config trees a Python file builds by attribute assignment (yacs, ml_collections, EasyDict).

    _C = CN()                              cfg.fedopt = CN()
    _C.MODEL = CN()                        cfg.fedopt.optimizer = CN(new_allowed=True)
    _C.MODEL.NUM_CLASSES = 400             cfg.fedopt.optimizer.type = Argument("SGD")

Such a tree is the schema a YAML file is merged into (`cfg.merge_from_file(args.cfg)`), so
its keys exist whichever YAML sets them. A root counts when this scope builds it or a node
under it with a config-node constructor: a module's `_C = CN()`, or a function that extends
the config it is handed (`def extend_fl_algo_cfg(cfg): cfg.fedopt = CN()`). Nothing is run.
"""

from __future__ import annotations

import re
from typing import Any

from tree_sitter import Node

# Classes whose instances take keys by attribute assignment.
NODE_CLASSES = frozenset({"CN", "CfgNode", "ConfigNode", "ConfigDict", "FrozenConfigDict", "EasyDict", "edict", "AttrDict", "AttributeDict"})
# (Not OmegaConf.create: Hydra projects' tests and scripts build and poke at configs with
# it, which says nothing of the keys their YAML composes.)
_MENTIONS = re.compile(rb"\b(?:" + b"|".join(n.encode() for n in sorted(NODE_CLASSES)) + rb")\s*\(")
MAX_KEYS = 5000

NODE, OPEN, LEAF = "node", "open", "leaf"


def _chain(node: Node) -> list[str] | None:
    """`cfg.a.b` as ["cfg", "a", "b"]; None for anything but names joined by dots."""
    parts: list[str] = []
    while node.type == "attribute":
        attr = node.child_by_field_name("attribute")
        obj = node.child_by_field_name("object")
        if attr is None or obj is None:
            return None
        parts.append(attr.text.decode("utf-8", "replace"))
        node = obj
    if node.type != "identifier":
        return None
    parts.append(node.text.decode("utf-8", "replace"))
    return parts[::-1]


def _kind(value: Node | None) -> str:
    """What an assigned value makes the key: a config node, a node that takes any key
    (`CN(new_allowed=True)`, a node built from a mapping, a dict), or a plain value."""
    if value is None:
        return LEAF
    if value.type == "dictionary":
        return OPEN
    if value.type != "call":
        return LEAF
    function = value.child_by_field_name("function")
    callee = function.text.decode("utf-8", "replace") if function is not None else ""
    if callee.rsplit(".", 1)[-1] not in NODE_CLASSES:
        return LEAF
    arguments = value.child_by_field_name("arguments")
    for argument in arguments.named_children if arguments is not None else ():
        if argument.type == "keyword_argument":
            name = argument.child_by_field_name("name")
            given = argument.child_by_field_name("value")
            if name is not None and name.text == b"new_allowed" and given is not None and given.text != b"False":
                return OPEN
        elif argument.type != "comment":
            return OPEN  # CN(init_dict), ConfigDict({...}): keys drift does not spell out here
    return NODE


def _scope_of(node: Node) -> Node | None:
    parent = node.parent
    while parent is not None and parent.type not in ("function_definition", "class_definition"):
        parent = parent.parent
    return parent


def attribute_config_keys(root: Node, source: bytes) -> dict[str, list]:
    """{dotted key: [line, kind]} for the keys of the config trees this file builds."""
    if not _MENTIONS.search(source):
        return {}
    # (scope, root name) -> [(key parts, kind, line)]
    assigned: dict[tuple[int, str], list[tuple[list[str], str, int]]] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "assignment":
            target = node.child_by_field_name("left")
            chain = _chain(target) if target is not None else None
            if chain and chain[0] not in ("self", "cls"):  # an object's attributes, not a config's keys
                scope = _scope_of(node)
                kind = _kind(node.child_by_field_name("right"))
                key = (scope.start_byte if scope is not None else -1, chain[0])
                assigned.setdefault(key, []).append((chain[1:], kind, node.start_point[0] + 1))
        stack.extend(reversed(node.children))
    keys: dict[str, list] = {}
    for entries in assigned.values():
        # A name is a config's root when the scope builds it or a node under it.
        if not any(kind != LEAF for _, kind, _ in entries):
            continue
        for parts, kind, line in entries:
            if parts and len(keys) < MAX_KEYS:
                name = ".".join(parts)
                if name not in keys or keys[name][1] == LEAF:
                    keys[name] = [line, kind]
    return keys
