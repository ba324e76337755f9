"""DRIFT016 stale-reference-section: a generated reference table no longer matches the code.

What it does: regenerates each section between `<!-- drift:reference group="G" -->` and
`<!-- /drift:reference -->` from the code's flags (description from help, default, type,
choices, origin), in the columns the section already uses, and compares.

Why: a generated table is only worth having if it is regenerated; this says when, and
`drift fix` rewrites the section.

Example: a flag added to the `rollout` group, or a changed default, leaves the
`rollout` section one row short or one cell wrong.

Silence: remove the markers (the table is then checked like any hand-written table).
"""

from __future__ import annotations

from typing import Iterable

from ..model import Finding
from ..reference import DEFAULT_COLUMNS, flag_rows, render_markdown, section_columns
from .base import CheckContext, finding
from .classify import Claim

CODE = "DRIFT016"
NAME = "stale-reference-section"
CLAIMS = ("section",)
SEVERITY = "warning"


def _normal(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.strip().splitlines() if line.strip()]


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    group = claim.attrs.get("attrs", {}).get("group")
    rows = flag_rows(ctx.index, group)
    if not rows:
        evidence = f"the code has no flags in group {group!r}" if group else "the code defines no flags"
        return [finding((CODE, NAME), claim, "generated section has nothing to list", evidence, "medium")]
    columns = section_columns(claim.text) or DEFAULT_COLUMNS
    fresh = render_markdown(rows, columns).rstrip("\n")
    if _normal(fresh) == _normal(claim.text):
        return []
    old = {line for line in _normal(claim.text)}
    new = {line for line in _normal(fresh)}
    changed = len(new - old) + len(old - new)
    result = finding((CODE, NAME), claim, f"generated section{' for group ' + group if group else ''} is out of date ({changed} row(s) differ)", f"regenerated from {len(rows)} flags in the code", "high", fresh, group or "all flags", certain=True)
    result.end_line = claim.attrs["end"] - 1
    return [result]
