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

from ..model import FLAG, Finding
from .base import CheckContext, finding, flag_facts, mark_change, where
from .choices_mismatch import choice_cell
from .classify import Claim

CODE = "DRIFT009"
NAME = "choices-incomplete"
CLAIMS = ("row",)
SEVERITY = "warning"


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    facts = flag_facts(ctx, claim.text)
    found = choice_cell(claim)
    if not facts or found is None or "choices" not in facts[0].attrs:
        return []
    cell, values = found
    choices = [str(c) for c in facts[0].attrs["choices"]]
    if not any(v in choices for v in values):
        return []  # not a list of these values at all
    missing = [c for c in choices if c not in values]
    if not missing:
        return []
    replacement = ", ".join(f"`{c}`" for c in choices) if "`" in cell["text"] else ", ".join(choices)
    evidence = f"{claim.text} accepts {', '.join(choices)} ({where(facts[0])})"
    result = finding((CODE, NAME), claim, f"{claim.text} also accepts {', '.join(missing)}", evidence, "medium", replacement, claim.text, text=cell["text"].strip(), certain=True)
    result.column = cell["column"]
    mark_change(result, ctx, claim.text, "choices-changed")
    return [result]
