"""Facts from YAML and TOML files the repository ships: their keys, as dotted paths."""

from __future__ import annotations

import re
import sys
from typing import Any

import yaml

from ..model import CONFIG_KEY, Fact

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

MAX_DEPTH = 8
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _scalar(node: Any) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return node.value if len(node.value) <= 200 else None
    return None


# `# micro_batch_size: 4`: a key commented out, not a description of the next key.
_COMMENTED_KEY = re.compile(r"^[a-z_][a-z0-9_.\-]*\s*:(?:\s|$)")
MAX_COMMENT = 300


def _comment(lines: list[str], number: int, column: int) -> str:
    """The comment that describes the key at 0-based line ``number``: the `#` lines just
    above it at its indentation, else a comment after its value on the same line."""
    above: list[str] = []
    at = number - 1
    while at >= 0 and len(above) < 8:
        raw = lines[at]
        stripped = raw.strip()
        if not stripped.startswith("#") or len(raw) - len(raw.lstrip()) != column:
            break
        body = stripped.lstrip("#").strip()
        if _COMMENTED_KEY.match(body):
            break
        above.insert(0, body)
        at -= 1
    text = " ".join(part for part in above if part)
    if not text and number < len(lines):
        raw = lines[number]
        for match in re.finditer(r"\s#\s?", raw):
            before = raw[: match.start()]
            if before.count('"') % 2 == 0 and before.count("'") % 2 == 0:
                text = raw[match.end():].strip()
                break
    return text[:MAX_COMMENT]


def _is_merge(key_node: Any) -> bool:
    return key_node.value == "<<" and key_node.tag.endswith(":merge")


def _merged(value_node: Any) -> list[Any]:
    """The anchored mappings a merge key (`<<: *base`, `<<: [*a, *b]`) brings in."""
    return list(value_node.value) if isinstance(value_node, yaml.SequenceNode) else [value_node]


def _walk_yaml(node: Any, prefix: str, facts: list[Fact], depth: int, lines: list[str] | None = None) -> None:
    if depth > MAX_DEPTH:
        return
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            key = str(key_node.value)
            if _is_merge(key_node):
                # `<<: *base`: the anchored mapping's keys are this mapping's own.
                for merged in _merged(value_node):
                    _walk_yaml(merged, prefix, facts, depth + 1, lines)
                continue
            name = f"{prefix}.{key}" if prefix else key
            attrs: dict[str, Any] = {"leaf": key}
            value = _scalar(value_node)
            if value is not None:
                attrs["value"] = value
            if lines is not None:
                comment = _comment(lines, key_node.start_mark.line, key_node.start_mark.column)
                if comment:
                    attrs["comment"] = comment
            facts.append(Fact(CONFIG_KEY, name, "", key_node.start_mark.line + 1, attrs))
            _walk_yaml(value_node, name, facts, depth + 1, lines)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value[:200]:
            _walk_yaml(item, prefix, facts, depth + 1, lines)


def _defaults(node: Any) -> list[list[Any]]:
    """A Hydra defaults list as [spec, option] pairs: `- actor@x.actor: dp_actor` is
    ["actor@x.actor", "dp_actor"], `- _self_` is ["_self_", None]; a plain string
    (`defaults: base.yaml`, an inheritance some projects write by hand) is [that, None]."""
    if isinstance(node, yaml.ScalarNode):
        return [[str(node.value), None]] if node.value else []
    if not isinstance(node, yaml.SequenceNode):
        return []
    entries: list[list[Any]] = []
    for item in node.value[:200]:
        if isinstance(item, yaml.ScalarNode):
            entries.append([str(item.value), None])
        elif isinstance(item, yaml.MappingNode) and len(item.value) == 1:
            key, value = item.value[0]
            if isinstance(key, yaml.ScalarNode):
                option = value.value if isinstance(value, yaml.ScalarNode) and value.value not in ("", "null", "~") else None
                if option is None and isinstance(value, yaml.ScalarNode) and value.tag.endswith(":null"):
                    option = "???"  # `- val_data: null`: an optional group, chosen on the command line
                entries.append([str(key.value), option])
    return entries


_CONFIG_CLASS = re.compile(r"(Config|Cfg|Args|Arguments|Settings|Options)$")


def _builds_component(node: Any) -> bool:
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode) and isinstance(value, yaml.ScalarNode):
            if key.value == "_component_":
                return True
            if key.value == "_target_" and not _CONFIG_CLASS.search(str(value.value)):
                return True
    return False


def _open_nodes(node: Any, prefix: str, found: list[str], depth: int, components: list[str] | None = None) -> None:
    """Keys under which a config may take any sub-key: an empty or null value, a `{}`, or
    a mapping that builds a component (`_component_`, or `_target_` naming a function or
    class whose keyword arguments it passes on); a `_target_` config dataclass
    (`verl.trainer.config.AlgoConfig`) takes only its own keys."""
    if depth > MAX_DEPTH or not isinstance(node, yaml.MappingNode):
        return
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            continue
        if _is_merge(key_node):
            for merged in _merged(value_node):
                if isinstance(merged, yaml.MappingNode):
                    _open_nodes(merged, prefix, found, depth + 1, components)
            continue
        name = f"{prefix}.{key_node.value}" if prefix else str(key_node.value)
        if isinstance(value_node, yaml.ScalarNode) and value_node.tag.endswith(":null"):
            found.append(name)
        elif isinstance(value_node, yaml.MappingNode):
            if not value_node.value:
                found.append(name)
            elif components is not None and _builds_component(value_node):
                components.append(name)
            _open_nodes(value_node, name, found, depth + 1, components)


def _searchpath(node: Any) -> list[str]:
    """`hydra: {searchpath: [file://verl/trainer/config, pkg://pkg.conf]}`: more folders
    in which a defaults list's names are looked up."""
    found: list[str] = []
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == "hydra" and isinstance(value_node, yaml.MappingNode):
            for inner_key, inner_value in value_node.value:
                if isinstance(inner_key, yaml.ScalarNode) and inner_key.value == "searchpath" and isinstance(inner_value, yaml.SequenceNode):
                    found += [str(item.value) for item in inner_value.value[:20] if isinstance(item, yaml.ScalarNode)]
    return found


_PACKAGE_HEADER = re.compile(r"^#\s*@package\s+([\w.]+)\s*$")


def extract_yaml(source: bytes) -> dict[str, Any]:
    facts: list[Fact] = []
    searchpath: list[str] = []
    defaults: list[list[Any]] = []
    open_nodes: list[str] = []
    components: list[str] = []
    text = source.decode("utf-8", "replace")
    lines = text.splitlines()
    # Hydra's `# @package _global_` (or `_group_`, or a dotted package) at the top of a
    # config: where its keys go when a defaults list takes it in.
    header = next((m.group(1) for m in map(_PACKAGE_HEADER.match, lines[:20]) if m), None)
    try:
        for document in yaml.compose_all(text, Loader=_Loader):
            _walk_yaml(document, "", facts, 0, lines)
            if isinstance(document, yaml.MappingNode):
                for key_node, value_node in document.value:
                    if isinstance(key_node, yaml.ScalarNode) and key_node.value == "defaults":
                        defaults.extend(_defaults(value_node))
                _open_nodes(document, "", open_nodes, 0, components)
                searchpath += _searchpath(document)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        return {"facts": [f.to_dict() for f in facts], "defaults": defaults, "open": open_nodes, "components": components, "searchpath": searchpath, "package": header, "notes": [f"YAML does not parse{where}: keys after it are not read"]}
    return {"facts": [f.to_dict() for f in facts], "defaults": defaults, "open": open_nodes, "components": components, "searchpath": searchpath, "package": header, "notes": []}


def _walk_toml(table: dict[str, Any], prefix: str, lines: dict[str, int], facts: list[Fact], depth: int) -> None:
    if depth > MAX_DEPTH:
        return
    for key, value in table.items():
        name = f"{prefix}.{key}" if prefix else key
        attrs: dict[str, Any] = {"leaf": key}
        if isinstance(value, (str, int, float, bool)):
            attrs["value"] = value
        facts.append(Fact(CONFIG_KEY, name, "", lines.get(key, 1), attrs))
        if isinstance(value, dict):
            _walk_toml(value, name, lines, facts, depth + 1)
        elif isinstance(value, list):
            for item in value[:200]:
                if isinstance(item, dict):
                    _walk_toml(item, name, lines, facts, depth + 1)


def extract_toml(source: bytes) -> dict[str, Any]:
    text = source.decode("utf-8", "replace")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return {"facts": [], "notes": [f"TOML does not parse: {exc}"]}
    # tomllib keeps no positions: take the first line that defines each bare key.
    lines: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        match = re.match(r"\s*\[*\s*([A-Za-z0-9_.\-\"']+)", raw)
        if match:
            lines.setdefault(match.group(1).strip("\"'").split(".")[-1], number)
    facts: list[Fact] = []
    _walk_toml(data, "", lines, facts, 0)
    return {"facts": [f.to_dict() for f in facts], "notes": []}
