"""DRIFT018 help-differs: a change rewrites a flag's description in a doc, not its help.

What it does: in PR mode, a reference table row whose description cell the change
rewrote is compared with the help string of the flag it documents (the definition the
table's program has). When the two now say different things and the change left the help
as it was, the finding points at the help string to update too. Audits do not run it:
which of two old texts is right is not drift's to say.

Why: `--help` and the docs are one text for the reader; `drift reference` builds the
table from the help, so a description fixed only in the doc comes back at the next
regeneration.

Example: a PR rewrites the row of `--rollout-batch-size` to "Prompts per rollout step"
while its help still says "Number of samples per batch".

Silence: `<!-- drift-ignore -->` above the row, or `disable = ["DRIFT018"]`.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Iterable

from ..model import FLAG, TABLE_ROW, Finding
from .base import CheckContext, finding, table_facts
from .classify import Claim

CODE = "DRIFT018"
NAME = "help-differs"
CLAIMS = ("row",)
SEVERITY = "note"

DESCRIPTION_HEADERS = ("description", "help", "meaning", "what it does", "purpose", "explanation", "notes", "details")
SAME = 0.9  # two descriptions this similar say the same thing
_FLAG = re.compile(r"--[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]")


def _normal(text: str) -> str:
    text = re.sub(r"<[^>]+>|[`*_]", " ", text or "")
    return " ".join(text.lower().split()).rstrip(".:; ")


def _same(a: str, b: str) -> bool:
    a, b = _normal(a), _normal(b)
    return a == b or (bool(a) and bool(b) and (a in b or b in a or difflib.SequenceMatcher(None, a, b).ratio() >= SAME))


def _description_column(headers: list[str]) -> int | None:
    for position, header in enumerate(headers):
        if any(word in header.strip().lower() for word in DESCRIPTION_HEADERS):
            return position
    return None


def _row_descriptions(refs: Iterable[Any]) -> dict[str, str]:
    """flag -> its description cell, for one doc's reference tables."""
    found: dict[str, str] = {}
    for ref in refs:
        if ref.kind != TABLE_ROW:
            continue
        headers = [h.strip().lower() for h in ref.attrs.get("headers", [])]
        cells = ref.attrs.get("cells", [])
        column = _description_column(headers)
        if column is None or column >= len(cells):
            continue
        for cell in cells:
            match = _FLAG.match(cell.get("text", "").strip().strip("`"))
            if match:
                found.setdefault(match.group(0), cells[column].get("text", ""))
                break
    return found


def _base_description(ctx: CheckContext, doc: str, flag: str) -> str | None:
    memo = ctx.index.memo.setdefault("help_differs_base_rows", {})
    if doc not in memo:
        refs = (ctx.base.docs.get(doc) or []) if ctx.base is not None else []
        memo[doc] = _row_descriptions(refs)
    return memo[doc].get(flag)


def _base_help(ctx: CheckContext, fact: Any, flag: str) -> str | None:
    facts = ctx.base.index.names(FLAG).get(flag) or [] if ctx.base is not None else []
    same_place = [f for f in facts if f.path == fact.path] or facts
    return same_place[0].attrs.get("help") if same_place else None


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    if ctx.changes is None or ctx.base is None or claim.attrs.get("prose"):
        return []
    column = _description_column(claim.attrs.get("headers", []))
    cells = claim.attrs.get("cells", [])
    if column is None or column >= len(cells) or column == claim.attrs.get("flag_column"):
        return []
    written = cells[column].get("text", "")
    before = _base_description(ctx, claim.doc, claim.text)
    if before is None or _same(before, written) or not _normal(written):
        return []  # a new row, or the change left the description as it was
    facts, doubt, _ = table_facts(claim, ctx.index.names(FLAG).get(claim.text) or [])
    if not facts or doubt:
        return []  # whose help it is cannot be told
    fact = facts[0]
    help_text = " ".join(str(fact.attrs.get("help") or "").split())
    if not help_text or "%(" in help_text or _same(help_text, written):
        return []
    if _base_help(ctx, fact, claim.text) != fact.attrs.get("help"):
        return []  # the change rewrote the help as well
    shown = help_text if len(help_text) <= 160 else help_text[:157] + "..."
    evidence = f"this change rewrites the description of {claim.text}, but its help string at {fact.path}:{fact.line} still says \"{shown}\"; `drift reference` takes descriptions from the help"
    return [finding((CODE, NAME), claim, f"update the help of {claim.text} too ({fact.path}:{fact.line})", evidence, "medium")]
