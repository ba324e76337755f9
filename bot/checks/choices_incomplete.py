"""DRIFT009 choices-incomplete: a doc presents a flag's values and misses some.

What it does: when a reference table's "Choices"/"Values" cell lists the values of a
flag, or its description enumerates them ("Load balancing: aux_loss, sinkhorn, none"),
every value in the code's `choices` should be there.

Why: a reader picks from what the doc shows; a value added in code and not in the doc
might as well not exist.

Example: `| --backend | fsdp, megatron |` when choices are `["fsdp", "megatron", "fsdp2"]`.

Silence: `<!-- drift-ignore -->` above the table.
"""

from __future__ import annotations

import fnmatch
import re
from typing import Iterable

from ..model import Finding
from .base import CheckContext, definition, finding, flag_facts, mark_change, table_facts, where
from .choices_mismatch import choices_claim
from .classify import Claim
from .help_differs import DESCRIPTION_HEADERS
from .tables import header_index, render

CODE = "DRIFT009"
NAME = "choices-incomplete"
CLAIMS = ("row",)
SEVERITY = "warning"


# "Load balancing: aux_loss, sinkhorn, none", "one of `a`, `b` or `c`": the values a
# description cell enumerates, after a colon or "one of".
_LISTED = re.compile(r"(?:(?<=:)|\bone of|\bchoices?:?|\bvalues?:?|\boptions?:?)\s*((?:`?[\w.-]+`?\s*(?:,|\bor\b|\band\b|/)\s*)+`?[\w.-]+`?)\s*\.?$", re.I)
MIN_LISTED = 2


def _described_values(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    """A description cell that enumerates the flag's values (`| --x | Load balancing: a,
    b, none |`): every value it names is a choice, and it misses some."""
    column = header_index(claim.attrs["headers"], *DESCRIPTION_HEADERS)
    cells = claim.attrs["cells"]
    if column is None or column >= len(cells) or column == claim.attrs["flag_column"]:
        return []
    facts, doubt, trust = table_facts(claim, flag_facts(ctx, claim.text, claim.doc))
    # The definition that states the values (the parser's `choices`, not a config field's
    # plain annotation of the same option).
    stated = [f for f in facts if "choices" in f.attrs]
    if not stated:
        table = claim.attrs.get("table")
        program = getattr(table, "program", None)
        if facts and program is not None:
            stated = [f for f in flag_facts(ctx, claim.text) if "choices" in f.attrs and f.path in program.files]
    facts = stated
    if not facts:
        return []
    cell = cells[column]
    match = _LISTED.search(cell["text"].rstrip())
    if match is None:
        return []
    listed = [v.strip("`") for v in re.split(r"\s*(?:,|\bor\b|\band\b|/)\s*", match.group(1)) if v.strip("`")]
    choices = [str(c) for c in facts[0].attrs["choices"]]
    if len(listed) < MIN_LISTED or not all(v in choices for v in listed):
        return []  # prose, or not this flag's values
    missing = [c for c in choices if c not in listed]
    if not missing:
        return []
    shown = [render(c) for c in facts[0].attrs["choices"]]
    quoted = "`" in match.group(1)
    replacement = ", ".join(f"`{c}`" for c in shown) if quoted else ", ".join(shown)
    evidence = f"{claim.text} accepts {', '.join(choices)} ({where(facts[0])}); the description lists {len(listed)} of them" + (f"; {doubt}" if doubt else "")
    result = finding((CODE, NAME), claim, f"{claim.text} also accepts {', '.join(missing)}", evidence, "medium" if trust == "high" else "low", replacement, claim.text, text=match.group(1), certain=False)
    result.column = cell["column"] + max(cell["text"].find(match.group(1)), 0)
    result.definition = definition(facts[0], facts[0].name, "choices")
    mark_change(result, ctx, claim.text, "choices-changed")
    return [result]


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    found = choices_claim(claim, ctx)
    if found is None:
        return _described_values(claim, ctx)
    cell, values, choices, replacement, evidence, trust, about = found
    if not any(v in choices for v in values):
        return []  # not a list of these values at all
    # `cuda-*` covers every choice it matches.
    missing = [c for c in choices if c not in values and not any("*" in v and fnmatch.fnmatchcase(c, v) for v in values)]
    if not missing:
        return []
    result = finding((CODE, NAME), claim, f"{claim.text} also accepts {', '.join(missing)}", evidence, "medium" if trust == "high" else "low", replacement, claim.text, text=cell["text"].strip(), certain=trust == "high")
    result.column = cell["column"]
    result.definition = about
    mark_change(result, ctx, claim.text, "choices-changed")
    return [result]
