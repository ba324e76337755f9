"""The inputs a GitHub workflow takes when run by hand (`workflow_dispatch`), with the
values a `choice` input accepts: what `gh workflow run build.yml -f variant=cuda12`
in a doc must match."""

from __future__ import annotations

import re
from typing import Any

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_INPUTS = 200


def _mapping(node: Any) -> dict[str, tuple[Any, Any]]:
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {k.value: (k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)}


# `${{ secrets.HOMEBREW_TAP_KEY }}`: a repository secret, which pages name in capitals too.
_SECRET = re.compile(rb"\bsecrets\.([A-Za-z_][A-Za-z0-9_]*)")


def extract_workflow(data: bytes) -> dict[str, Any]:
    secrets = sorted({m.decode("ascii") for m in _SECRET.findall(data)})
    found = _extract_workflow(data)
    if secrets:
        found["secrets"] = secrets
    return found


def _extract_workflow(data: bytes) -> dict[str, Any]:
    try:
        root = yaml.compose(data.decode("utf-8", "replace"), Loader=_Loader)
    except yaml.YAMLError as exc:
        return {"notes": [f"workflow YAML does not parse: {str(exc).splitlines()[0][:200]}"]}
    top = _mapping(root)
    name_node = top.get("name", (None, None))[1]
    # `on:` is read by YAML 1.1 as the boolean true, which PyYAML's composer keeps as "on".
    on = top.get("on") or top.get("true") or (None, None)
    dispatch = _mapping(on[1]).get("workflow_dispatch", (None, None))[1]
    inputs: dict[str, Any] = {}
    for key, (key_node, spec) in list(_mapping(_mapping(dispatch).get("inputs", (None, None))[1]).items())[:MAX_INPUTS]:
        fields = _mapping(spec)
        entry: dict[str, Any] = {"line": key_node.start_mark.line + 1}
        kind = fields.get("type", (None, None))[1]
        if isinstance(kind, yaml.ScalarNode):
            entry["type"] = kind.value
        options = fields.get("options", (None, None))[1]
        if isinstance(options, yaml.SequenceNode):
            entry["options"] = [o.value for o in options.value if isinstance(o, yaml.ScalarNode)]
        default = fields.get("default", (None, None))[1]
        if isinstance(default, yaml.ScalarNode):
            entry["default"] = default.value
        inputs[key] = entry
    return {"workflow": {"name": name_node.value if isinstance(name_node, yaml.ScalarNode) else None, "inputs": inputs}} if dispatch is not None else {}
