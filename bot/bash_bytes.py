"""Bytes that tree-sitter-bash can parse without reading out of bounds.

tree-sitter-bash 0.25.1 reads past its tables (and sometimes segfaults the whole process)
on `{` followed by a code point in the upper Unicode planes. Outside the BMP a character
is never shell syntax, only part of a word, so the parser is handed ASCII letters of the
same UTF-8 length there: every byte offset stays where it was.
"""

from __future__ import annotations

import re

_FOUR_BYTE_CHARACTER = re.compile(rb"[\xf0-\xf4][\x80-\xbf]{3}")


def parseable(data: bytes) -> bytes:
    return _FOUR_BYTE_CHARACTER.sub(b"wwww", data)
