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


def _walk_yaml(node: Any, prefix: str, facts: list[Fact], depth: int) -> None:
    if depth > MAX_DEPTH:
        return
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            key = str(key_node.value)
            name = f"{prefix}.{key}" if prefix else key
            attrs: dict[str, Any] = {"leaf": key}
            value = _scalar(value_node)
            if value is not None:
                attrs["value"] = value
            facts.append(Fact(CONFIG_KEY, name, "", key_node.start_mark.line + 1, attrs))
            _walk_yaml(value_node, name, facts, depth + 1)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value[:200]:
            _walk_yaml(item, prefix, facts, depth + 1)


def extract_yaml(source: bytes) -> dict[str, Any]:
    facts: list[Fact] = []
    try:
        for document in yaml.compose_all(source.decode("utf-8", "replace"), Loader=_Loader):
            _walk_yaml(document, "", facts, 0)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        return {"facts": [f.to_dict() for f in facts], "notes": [f"YAML does not parse{where}: keys after it are not read"]}
    return {"facts": [f.to_dict() for f in facts], "notes": []}


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
