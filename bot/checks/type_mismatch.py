"""DRIFT011 type-mismatch: a reference table states a type the flag does not parse as.

What it does: in a table with a flag column and a "Type" column, compares the stated
type (int, float, str, bool, list) with the flag's `type=`, action or `nargs`.

Why: `--lr 1e-5` fails on a flag the doc calls a float but the code parses as int.

Example: `| --num-rollout | float |` when the code says `type=int`.

Silence: `<!-- drift-ignore -->` above the table.
"""

from __future__ import annotations

from typing import Iterable

from ..model import Finding
from .base import CheckContext, definition, finding, flag_facts, mark_change, table_facts, where
from .classify import Claim
from .tables import clean_cell, code_type, header_index, normal_type

CODE = "DRIFT011"
NAME = "type-mismatch"
CLAIMS = ("row",)
SEVERITY = "warning"


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    column = header_index(claim.attrs["headers"], "type")
    cells = claim.attrs["cells"]
    facts, doubt, trust = table_facts(claim, flag_facts(ctx, claim.text, claim.doc))
    if column is None or column >= len(cells) or not facts:
        return []
    stated = normal_type(cells[column]["text"])
    actual = code_type(facts[0].attrs)
    if stated is None or actual is None or stated == actual:
        return []
    written = clean_cell(cells[column]["text"])
    evidence = f"{claim.text} is parsed as {facts[0].attrs.get('type', actual)} ({where(facts[0])})"
    if doubt:
        evidence += f"; {doubt}"
    confidence = "medium" if trust == "high" else "low"
    if actual == "list" and normal_type(str(facts[0].attrs.get("type", ""))) == stated:
        # `--rate float` for `type=float, nargs="+"`: the type of each value, as `--help` shows it.
        confidence = "low"
        evidence += f"; the doc names the type of each of its values ({written})"
    result = finding((CODE, NAME), claim, f"{claim.text} is {actual} in the code, the doc says {written}", evidence, confidence, actual, claim.text, text=written, certain=not doubt)
    result.column = cells[column]["column"] + max(cells[column]["text"].find(written), 0)
    result.definition = definition(facts[0], facts[0].name, "type")
    mark_change(result, ctx, claim.text, "type-changed")
    return [result]
