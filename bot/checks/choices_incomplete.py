"""DRIFT009 choices-incomplete: a doc presents a flag's values and misses some.

What it does: when a reference table's "Choices"/"Values" cell lists the values of a
flag, every value in the code's `choices` should be there.

Why: a reader picks from what the doc shows; a value added in code and not in the doc
might as well not exist.

Example: `| --backend | fsdp, megatron |` when choices are `["fsdp", "megatron", "fsdp2"]`.

Silence: `<!-- drift-ignore -->` above the table.
"""

from __future__ import annotations

from typing import Iterable

from ..model import Finding
from .base import CheckContext, finding, mark_change
from .choices_mismatch import choices_claim
from .classify import Claim

CODE = "DRIFT009"
NAME = "choices-incomplete"
CLAIMS = ("row",)
SEVERITY = "warning"


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    found = choices_claim(claim, ctx)
    if found is None:
        return []
    cell, values, choices, replacement, evidence, trust, about = found
    if not any(v in choices for v in values):
        return []  # not a list of these values at all
    missing = [c for c in choices if c not in values]
    if not missing:
        return []
    result = finding((CODE, NAME), claim, f"{claim.text} also accepts {', '.join(missing)}", evidence, "medium" if trust == "high" else "low", replacement, claim.text, text=cell["text"].strip(), certain=trust == "high")
    result.column = cell["column"]
    result.definition = about
    mark_change(result, ctx, claim.text, "choices-changed")
    return [result]
