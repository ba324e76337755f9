"""DRIFT010 lookalike-character: code in a doc holds a character that only looks right.

What it does: flags non-breaking or typographic hyphens (U+2010, U+2011, en and em
dashes, U+2212), no-break spaces and curly quotes inside inline code and commands,
where a shell or parser needs the ASCII character. The fix is the same text in ASCII.

Why: `‑‑lr` pasted from a page is not `--lr`; the program answers "unrecognized
arguments" and the reader cannot see why.

Silence: `<!-- drift-ignore -->` above the line.
"""

from __future__ import annotations

import re

from typing import Iterable

from ..model import Finding
from .base import CheckContext, finding
from .classify import LOOKALIKES, Claim

CODE = "DRIFT010"
NAME = "lookalike-character"
CLAIMS = ("lookalike",)
SEVERITY = "error"


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    text = claim.text
    found = sorted({c for c in text if c in LOOKALIKES})
    # Smart punctuation turns `--name` into one en or em dash: that dash before a long
    # option's name stands for two hyphens, not one.
    fixed = re.sub(r"(^|\s)[\u2013\u2014](?=[A-Za-z][A-Za-z0-9_-])", r"\1--", text)
    fixed = "".join(LOOKALIKES.get(c, c) for c in fixed)
    names = ", ".join(f"U+{ord(c):04X}" for c in found)
    return [finding((CODE, NAME), claim, f"look-alike character {names} in code", f"{names} is not the ASCII character a shell or parser expects", "high", fixed, fixed, certain=True)]
