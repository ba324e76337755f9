"""DRIFT007 choices-mismatch: a doc lists a value the flag's `choices` do not accept.

What it does: in a reference table with a flag column and a "Choices"/"Values"/"Options"
column, every listed value must be one of the flag's `choices` in the code.

Why: argparse rejects a value outside `choices` with "invalid choice".

Example: `| --backend | fsdp, megatron, deepspeed |` when choices are `["fsdp", "megatron"]`.

Silence: `<!-- drift-ignore -->` above the table.
"""

from __future__ import annotations

from typing import Iterable

from ..model import FLAG, Finding
from .base import CheckContext, finding, flag_facts, mark_change, where
from .classify import Claim
from .tables import header_index, split_values

CODE = "DRIFT007"
NAME = "choices-mismatch"
CLAIMS = ("row",)
SEVERITY = "error"
VALUE_HEADERS = ("choices", "values", "allowed values", "possible values", "valid values", "accepted values")


def choice_cell(claim: Claim) -> tuple[dict, list[str]] | None:
    column = header_index(claim.attrs["headers"], *VALUE_HEADERS)
    cells = claim.attrs["cells"]
    if column is None or column >= len(cells) or column == claim.attrs["flag_column"]:
        return None
    return cells[column], split_values(cells[column]["text"])


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    facts = flag_facts(ctx, claim.text)
    found = choice_cell(claim)
    if not facts or found is None or "choices" not in facts[0].attrs:
        return []
    cell, values = found
    choices = [str(c) for c in facts[0].attrs["choices"]]
    wrong = [v for v in values if v not in choices]
    if not wrong or len(wrong) == len(values) and len(values) == 1 and " " in values[0]:
        return []  # a sentence, not a list
    replacement = ", ".join(f"`{c}`" for c in choices) if "`" in cell["text"] else ", ".join(choices)
    evidence = f"{claim.text} accepts {', '.join(choices)} ({where(facts[0])})"
    result = finding((CODE, NAME), claim, f"{claim.text} does not accept {', '.join(wrong)}", evidence, "high", replacement, claim.text, text=cell["text"].strip(), certain=True)
    result.column = cell["column"]
    mark_change(result, ctx, claim.text, "choices-changed")
    return [result]
