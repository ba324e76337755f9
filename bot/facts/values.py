"""Reading constant values out of source text without running it.

``evaluate`` folds literal arithmetic (``512 * 1024**2``) with Python's own parser and a
tiny interpreter that knows only constants and operators, so nothing of the analysed
code ever runs. ``human_sizes`` gives the forms a doc may use for a byte count.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from typing import Any

UNKNOWN = object()

_BINARY = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_,
}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert, ast.Not: operator.not_}
_NAMED = {"None": None, "True": True, "False": False, "inf": math.inf}


# An int past this many bits is no default a doc states, and past ~4300 digits Python
# refuses to print it at all.
MAX_INT_BITS = 1024


def _bounded(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        return UNKNOWN
    if isinstance(value, complex):
        return UNKNOWN
    return value


def _fold(node: ast.AST, names: dict[str, Any], depth: int = 0) -> Any:
    if depth > 40:
        return UNKNOWN
    if isinstance(node, ast.Constant):
        # `...`, bytes and complex literals are not data a doc can state.
        return _bounded(node.value) if node.value is None or isinstance(node.value, (str, int, float)) else UNKNOWN
    if isinstance(node, ast.Name):
        if node.id in names:
            return names[node.id]
        return _NAMED.get(node.id, UNKNOWN)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        if node.value.id == "math" and node.attr in ("inf", "pi", "e"):
            return getattr(math, node.attr)
        return UNKNOWN
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        value = _fold(node.operand, names, depth + 1)
        if value is UNKNOWN or isinstance(value, (str, bytes)):
            return UNKNOWN
        try:
            return _bounded(_UNARY[type(node.op)](value))
        except Exception:
            return UNKNOWN
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left = _fold(node.left, names, depth + 1)
        right = _fold(node.right, names, depth + 1)
        if left is UNKNOWN or right is UNKNOWN:
            return UNKNOWN
        if isinstance(node.op, ast.Pow) and (not isinstance(right, (int, float)) or abs(right) > 256):
            return UNKNOWN  # 10**10**10 would hang the audit
        if isinstance(node.op, ast.LShift) and (not isinstance(right, int) or right > 256):
            return UNKNOWN
        sequences = (str, list, tuple, dict)
        if (isinstance(left, sequences) or isinstance(right, sequences)) and not isinstance(node.op, ast.Add):
            return UNKNOWN  # "a" * 10**9 would eat memory; docs never need it
        try:
            value = _BINARY[type(node.op)](left, right)
        except Exception:
            return UNKNOWN
        return _bounded(value)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        values = [_fold(elt, names, depth + 1) for elt in node.elts]
        if any(v is UNKNOWN for v in values):
            return UNKNOWN
        return values
    if isinstance(node, ast.Dict):
        keys = [_fold(k, names, depth + 1) if k is not None else UNKNOWN for k in node.keys]
        values = [_fold(v, names, depth + 1) for v in node.values]
        if any(v is UNKNOWN for v in keys + values) or not all(isinstance(k, (str, int, float, bool)) or k is None for k in keys):
            return UNKNOWN
        return {str(k): v for k, v in zip(keys, values)}
    return UNKNOWN


def evaluate(source: str, names: dict[str, Any] | None = None) -> Any:
    """The constant value of an expression's source text, or UNKNOWN."""
    source = source.strip()
    if not source or len(source) > 2000:
        return UNKNOWN
    if source.isascii() and source.isdigit():
        return _bounded(int(source))  # the common case, without a parse
    if names is not None and source.isidentifier() and source in names:
        return names[source]
    try:
        tree = ast.parse(source, mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return UNKNOWN
    value = _fold(tree.body, names or {})
    if isinstance(value, bytes):
        return UNKNOWN
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, complex):
        return UNKNOWN
    return value


_BINARY_UNITS = ["KiB", "MiB", "GiB", "TiB"]
_DECIMAL_UNITS = ["KB", "MB", "GB", "TB"]


def human_sizes(value: Any) -> list[str]:
    """'512 MiB' for 536870912: every exact binary and decimal unit form."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1000:
        return []
    forms = []
    for units, base in ((_BINARY_UNITS, 1024), (_DECIMAL_UNITS, 1000)):
        for power in range(len(units), 0, -1):
            scale = base**power
            if value % scale == 0:
                forms.append(f"{value // scale} {units[power - 1]}")
                break
    return forms


def json_safe(value: Any) -> Any:
    if value is UNKNOWN:
        return None
    if isinstance(value, (list, tuple, set)):
        return [json_safe(v) for v in value]
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


def decode_string_literal(text: str) -> str | None:
    """The value of one plain (non-f) string literal, or None."""
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    return value if isinstance(value, str) else None


_PERCENT = re.compile(r"%(?:\((\w+)\))?[-+ #0]*\d*(?:\.\d+)?[sdifgeExXr]")
_FORMAT_FIELD = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
