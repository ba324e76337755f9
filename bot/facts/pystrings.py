"""Python string expressions (tree-sitter nodes) as names or name patterns.

``f"eval/skipped_{reason}"``, ``"eval/%s_acc" % name`` and ``"eval/{}".format(x)`` are
names built at run time: each becomes a display form (``eval/skipped_{reason}``), a
regular expression a concrete name must match in full, and the names of its holes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tree_sitter import Node

from .values import _FORMAT_FIELD, _PERCENT, decode_string_literal


@dataclass
class StringValue:
    parts: list[str | None] = field(default_factory=list)  # None marks a hole
    holes: list[str] = field(default_factory=list)  # expression text of each hole

    @property
    def is_pattern(self) -> bool:
        return any(part is None for part in self.parts)

    @property
    def literal(self) -> str:
        return "".join(part for part in self.parts if part is not None)

    def display(self) -> str:
        out, index = [], 0
        for part in self.parts:
            if part is None:
                out.append("{" + (self.holes[index] if index < len(self.holes) else "") + "}")
                index += 1
            else:
                out.append(part)
        return "".join(out)

    def regex(self) -> str:
        # A hole may be empty: f"{key}loss" with key="" logs "loss".
        return "".join("(.*)" if part is None else re.escape(part) for part in self.parts)

    def extend(self, other: "StringValue") -> None:
        self.parts.extend(other.parts)
        self.holes.extend(other.holes)


def _text(node: Node) -> str:
    return node.text.decode("utf-8", "replace") if node.text is not None else ""


def _plain_string(node: Node) -> StringValue | None:
    start = node.child(0)
    prefix = _text(start).lower() if start is not None else ""
    if "b" in prefix:
        return None
    if "f" not in prefix:
        value = decode_string_literal(_text(node))
        return None if value is None else StringValue([value])
    result = StringValue()
    for child in node.children:
        kind = child.type
        if kind == "string_content":
            result.parts.append(_unescape(_text(child), raw="r" in prefix))
        elif kind == "escape_sequence":
            result.parts.append(_unescape(_text(child), raw=False))
        elif kind == "escape_interpolation":
            result.parts.append(_text(child)[0])
        elif kind == "interpolation":
            expr = child.child_by_field_name("expression")
            result.parts.append(None)
            result.holes.append(_text(expr) if expr is not None else "")
    return _merge(result)


def _unescape(text: str, raw: bool) -> str:
    if raw or "\\" not in text:
        return text
    value = decode_string_literal('"' + text.replace('"', '\\"') + '"')
    return value if value is not None else text


def _merge(value: StringValue) -> StringValue:
    parts: list[str | None] = []
    for part in value.parts:
        if part is not None and parts and parts[-1] is not None:
            parts[-1] = parts[-1] + part
        else:
            parts.append(part)
    value.parts = parts
    return value


def _template(template: str, regex: re.Pattern[str], args: list[str]) -> StringValue:
    result = StringValue()
    pos = 0
    arg_index = 0
    for match in regex.finditer(template):
        result.parts.append(template[pos : match.start()])
        token = match.group(0)
        if token in ("{{", "}}"):
            result.parts.append(token[0])
        else:
            result.parts.append(None)
            name = match.group(1) if match.lastindex else None
            if not name:
                name = args[arg_index] if arg_index < len(args) else ""
                arg_index += 1
            result.holes.append(name.split(":")[0].split("!")[0])
        pos = match.end()
    result.parts.append(template[pos:])
    return _merge(StringValue([p for p in result.parts if p != ""], result.holes))


def string_value(node: Node | None) -> StringValue | None:
    """A string-valued expression as literal text or a pattern; None if not a string."""
    if node is None:
        return None
    kind = node.type
    if kind == "string":
        return _plain_string(node)
    if kind == "concatenated_string":
        result = StringValue()
        for child in node.named_children:
            part = string_value(child)
            if part is None:
                return None
            result.extend(part)
        return _merge(result)
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return string_value(node.named_children[0])
    if kind == "binary_operator":
        op = node.child_by_field_name("operator")
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if op is not None and _text(op) == "%" and left is not None and left.type == "string":
            base = _plain_string(left)
            if base is None or base.is_pattern:
                return None
            args = [_text(c) for c in right.named_children] if right is not None and right.type == "tuple" else [_text(right)] if right is not None else []
            return _template(base.literal, _PERCENT, args)
        if op is not None and _text(op) == "+":
            lhs, rhs = string_value(left), string_value(right)
            if lhs is None and rhs is None:
                return None
            result = StringValue()
            for side, side_node in ((lhs, left), (rhs, right)):
                if side is None:
                    result.parts.append(None)
                    result.holes.append(_text(side_node) if side_node is not None else "")
                else:
                    result.extend(side)
            return _merge(result)
        return None
    if kind == "call":
        function = node.child_by_field_name("function")
        if function is not None and function.type == "attribute":
            attr = function.child_by_field_name("attribute")
            obj = function.child_by_field_name("object")
            if attr is not None and _text(attr) == "format" and obj is not None and obj.type == "string":
                base = _plain_string(obj)
                if base is None or base.is_pattern:
                    return None
                arguments = node.child_by_field_name("arguments")
                args = [_text(c) for c in arguments.named_children] if arguments is not None else []
                return _template(base.literal, _FORMAT_FIELD, args)
    return None
