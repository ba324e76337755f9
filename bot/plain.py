"""Plain data for JSON: whatever an extractor or a check produced, stored and printed safely.

Constants read from real code include `...`, bytes, complex numbers, sets, NaN and ints
too large to print; none of them may end an audit. The fast path is the C encoder; only
a value it refuses is walked and converted.
"""

from __future__ import annotations

import json
import math
from typing import Any

# Past this many bits an int is shown by its size: Python refuses to print ~4300 digits.
MAX_INT_BITS = 4096


def plain(value: Any) -> Any:
    """``value`` as JSON data: dicts with string keys, lists, strings, finite numbers."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value if value.bit_length() <= MAX_INT_BITS else f"<int of {value.bit_length()} bits>"
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dict):
        return {_key(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if value is Ellipsis:
        return "..."
    if isinstance(value, (bytes, bytearray)):
        return repr(bytes(value))
    return repr(value)


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    converted = plain(key)
    return converted if isinstance(converted, str) else json.dumps(converted)


def _refused(value: Any) -> Any:
    raise TypeError  # let dumps_plain take the slow path for the whole value


def dumps_plain(value: Any, **options: Any) -> str:
    """``json.dumps`` that never fails on odd values and never writes NaN."""
    try:
        return json.dumps(value, allow_nan=False, default=_refused, **options)
    except (TypeError, ValueError, OverflowError):
        return json.dumps(plain(value), allow_nan=False, **options)
