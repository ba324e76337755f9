"""Reading claims out of reference-table cells: defaults, types and value lists.

Tolerant on purpose: `512 MiB`, `536870912` and `512 * 1024**2` are one default;
`None`, `-` and an empty cell say "no default"; `off` is `False` for a switch.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..facts.values import UNKNOWN, evaluate

NOT_STATED = object()

_NONE_WORDS = {"none", "null", "nil", "~", "unset", "not set", "n/a"}
_EMPTY_WORDS = {"", "-", "—", "–", "n/a", "required", "(required)", "*required*", "**required**"}
_TRUE_WORDS = {"true", "yes", "on", "enabled", "enable"}
_FALSE_WORDS = {"false", "no", "off", "disabled", "disable"}
_SWITCH_ACTIONS = {"store_true": False, "store_false": True}
_UNITS = {"k": 1, "kb": 1, "kib": 1, "m": 2, "mb": 2, "mib": 2, "g": 3, "gb": 3, "gib": 3, "t": 4, "tb": 4, "tib": 4}
_SIZE = re.compile(r"^([0-9]+(?:\.[0-9]+)?)\s*([kKmMgGtT](?:i?[bB])?)$")


def header_index(headers: list[str], *words: str) -> int | None:
    for position, header in enumerate(headers):
        clean = re.sub(r"[^a-z ]", "", header.lower()).strip()
        if any(clean == w or clean.startswith(w + " ") or clean.endswith(" " + w) for w in words):
            return position
    return None


def clean_cell(text: str) -> str:
    text = text.strip()
    text = re.sub(r"<br\s*/?>", " ", text)
    text = text.replace("\\|", "|")
    if text.startswith("`") and text.endswith("`") and text.count("`") == 2:
        text = text[1:-1]
    return text.strip().strip("*_").strip()


def doc_values(text: str) -> Any:
    """The set of values a default cell may mean, NOT_STATED, or UNKNOWN."""
    raw = clean_cell(text)
    lower = raw.lower()
    if lower in _EMPTY_WORDS:
        return NOT_STATED
    # "disabled" or "NONE" may also be the very string the code has as its default.
    if lower in _NONE_WORDS:
        return [None, raw]
    if lower in _TRUE_WORDS:
        return [True, raw]
    if lower in _FALSE_WORDS:
        return [False, raw]
    if lower in _SWITCH_ACTIONS:
        # `| --not-contiguous | store_true |`: the cell names how the switch works, which
        # says its default is off (on for store_false); the string is no default of its own.
        return [_SWITCH_ACTIONS[lower]]
    match = _SIZE.match(raw.replace(",", ""))
    if match:
        number, unit = float(match.group(1)), match.group(2).lower()
        power = _UNITS.get(unit)
        if power:
            values = {number * 1024**power, number * 1000**power}
            # `10m` may also be the very string the code keeps (a duration it parses later).
            return [int(v) if float(v).is_integer() else v for v in values] + [raw]
    if raw.endswith("%"):
        value = evaluate(raw[:-1].replace(",", ""))
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return [value / 100, value, raw]
    value = evaluate(raw.replace(",", "") if re.fullmatch(r"[0-9,._]+", raw) else raw)
    if isinstance(value, (tuple, list)) and not raw.startswith(("(", "[")):
        # `1,-1,1,1,1` reads as a sequence, and may be the very string the code keeps (EasyDeL's
        # `default="1,-1,1,1,1"`, split when the mesh is built).
        return [value, raw]
    if value is not UNKNOWN:
        return [value]
    if re.fullmatch(r"[\w.\-/:]+", raw):
        return [raw]  # a bare word: the string it spells
    return UNKNOWN


def same_value(code: Any, doc: Any) -> bool:
    if code is None or doc is None:
        return code is doc
    if isinstance(code, bool) or isinstance(doc, bool):
        return code is doc or (isinstance(doc, str) and doc.lower() == str(code).lower())
    if isinstance(code, (int, float)) and isinstance(doc, (int, float)):
        return math.isclose(code, doc, rel_tol=1e-9, abs_tol=0.0)
    if isinstance(code, (int, float)) and isinstance(doc, str):
        return False
    if isinstance(code, list) and isinstance(doc, list):
        return len(code) == len(doc) and all(same_value(a, b) for a, b in zip(code, doc))
    if isinstance(code, list) and not code and doc in ("", "[]"):
        return True
    if isinstance(code, str) and isinstance(doc, str) and _relative_path(code) and _relative_path(doc):
        return _plain_path(code) == _plain_path(doc)  # `./outputs` is `outputs`, `out/` is `out`
    return str(code) == str(doc)


def _relative_path(value: str) -> bool:
    return bool(value) and re.fullmatch(r"(?:\./)?[\w.-]+(?:/[\w.-]+)*/?", value) is not None and value not in (".", "./")


def _plain_path(value: str) -> str:
    return value.removeprefix("./").rstrip("/")


def render(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"' if value == "" else value
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(render(v) for v in value) + "]"
    return repr(value)


def split_values(text: str) -> list[str]:
    raw = clean_cell(text)
    raw = re.sub(r"^(one of|choices?|values?)\s*:?\s*", "", raw, flags=re.I)
    parts = re.split(r"\s*(?:,|\||/|\bor\b|;)\s*", raw.replace("`", ""))
    # `""` is a value (the empty string), not an empty piece.
    return [p.strip().strip("\"'") for p in parts if p.strip().strip("\"'") or p.strip() in ('""', "''")]


TYPE_WORDS = {
    "int": "int", "integer": "int", "float": "float", "number": "float", "double": "float",
    "str": "str", "string": "str", "text": "str", "path": "str", "bool": "bool", "boolean": "bool",
    "flag": "bool", "switch": "bool", "list": "list",
}


_MANY = re.compile(r"\((?:multiple|many|repeatable|one or more)\)|\bmultiple\b|\.\.\.|\[\]$|\bone or more\b|\b(?:comma|space)[- ]separated\b")


def normal_type(text: str) -> str | None:
    raw = clean_cell(text).lower()
    if _MANY.search(raw):
        return "list"  # `int (multiple)`, `str ...`, `int[]`: several values
    raw = re.sub(r"^(optional\[|list\[)", lambda m: "list[" if m.group(0) == "list[" else "", raw).rstrip("]")
    if raw.startswith("list[") or raw.startswith("list of"):
        return "list"
    return TYPE_WORDS.get(raw.split()[0] if raw.split() else "")


_BUILTIN_ACTIONS = frozenset({"store", "store_const", "store_true", "store_false", "append", "append_const", "extend", "count", "help", "version"})


def code_type(attrs: dict[str, Any]) -> str | None:
    action = str(attrs.get("action") or "").strip("\"'")
    if action and action not in _BUILTIN_ACTIONS and not action.endswith("BooleanOptionalAction"):
        return None  # `action=ParseKVAction`: the action makes the value (a dict), whatever nargs says
    if attrs.get("nargs") in ('"+"', '"*"', "'+'", "'*'") or str(attrs.get("nargs", "")).isdigit():
        return "list"
    raw = str(attrs.get("type", "")).strip()
    raw = raw.replace("Optional[", "").rstrip("]")
    if raw.lower().startswith("list") or raw.lower().startswith("tuple"):
        return "list"
    if raw in ("str2bool", "strtobool"):
        return "bool"
    return TYPE_WORDS.get(raw)
