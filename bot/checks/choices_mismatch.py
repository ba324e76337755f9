"""DRIFT007 choices-mismatch: a doc lists a value the flag's `choices` do not accept.

What it does: in a reference table with a flag column and a "Choices"/"Values"/"Options"
column, every listed value must be one of the flag's `choices` in the code.

Why: argparse rejects a value outside `choices` with "invalid choice".

Example: `| --backend | fsdp, megatron, deepspeed |` when choices are `["fsdp", "megatron"]`.

Silence: `<!-- drift-ignore -->` above the table.
"""

from __future__ import annotations

import fnmatch
from typing import Iterable

from ..model import Finding
from .base import CheckContext, definition, finding, flag_facts, mark_change, table_facts, where
from .classify import Claim
from .tables import header_index, render, split_values

CODE = "DRIFT007"
NAME = "choices-mismatch"
CLAIMS = ("row",)
SEVERITY = "error"
VALUE_HEADERS = ("choices", "values", "allowed values", "possible values", "valid values", "accepted values")


def choices_claim(claim: Claim, ctx: CheckContext) -> tuple[dict, list[str], list[str], str, str, str, dict] | None:
    """(cell, values the doc lists, the code's choices, the corrected cell, evidence, the
    confidence left by doubt about which definition the row means, that definition)."""
    column = header_index(claim.attrs["headers"], *VALUE_HEADERS)
    cells = claim.attrs["cells"]
    if column is None or column >= len(cells) or column == claim.attrs["flag_column"]:
        return None
    facts, doubt, trust = table_facts(claim, flag_facts(ctx, claim.text, claim.doc))
    if not facts or "choices" not in facts[0].attrs:
        return None
    cell = cells[column]
    choices = [str(c) for c in facts[0].attrs["choices"]]
    shown = [render(c) for c in facts[0].attrs["choices"]]  # "" for the empty string
    replacement = ", ".join(f"`{c}`" for c in shown) if "`" in cell["text"] else ", ".join(shown)
    evidence = f"{claim.text} accepts {', '.join(choices)} ({where(facts[0])})" + (f"; {doubt}" if doubt else "")
    return cell, split_values(cell["text"]), choices, replacement, evidence, trust, definition(facts[0], facts[0].name, "choices")


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    found = choices_claim(claim, ctx)
    if found is None:
        return []
    cell, values, choices, replacement, evidence, trust, about = found
    # `cuda-*` in a doc stands for the choices it matches: wrong only if it matches none.
    wrong = [v for v in values if v not in choices and not ("*" in v and any(fnmatch.fnmatchcase(c, v) for c in choices))]
    if any(f.attrs.get("case_insensitive") for f in flag_facts(ctx, claim.text)):
        wrong = [v for v in wrong if v.lower() not in {c.lower() for c in choices}]  # type=str.lower
    if not wrong or len(wrong) == len(values) and len(values) == 1 and " " in values[0]:
        return []  # a sentence, not a list
    result = finding((CODE, NAME), claim, f"{claim.text} does not accept {', '.join(wrong)}", evidence, trust, replacement, claim.text, text=cell["text"].strip(), certain=trust == "high")
    result.column = cell["column"]
    result.definition = about
    mark_change(result, ctx, claim.text, "choices-changed")
    return [result]
