"""DRIFT013 source-mismatch: a reference table says a flag comes from the wrong program.

What it does: in a table with a flag column and a "Source"/"Origin"/"Owner" column,
compares the named owner with where the flag really comes from: this repository (named
by its package or folder name), a program it passes flags through to (`--sglang-*` to
SGLang), or a framework whose parser it extends (Megatron). Cells that name none of
these are left alone.

Why: readers decide where to look up a flag, and whom to ask about it, by its source.

Example: `| --sglang-mem-fraction-static | ... | slime |` when the prefix passes it to
SGLang.

Silence: `<!-- drift-ignore -->` above the table.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..model import FLAG, Finding
from .base import CheckContext, finding
from .classify import Claim
from .tables import clean_cell, header_index

CODE = "DRIFT013"
NAME = "source-mismatch"
CLAIMS = ("row",)
SEVERITY = "warning"


def _owner(flag: str, ctx: CheckContext) -> str | None:
    if ctx.index.has(FLAG, flag):
        return "repo"
    rule = ctx.passthrough_for(flag)
    if rule is not None:
        return rule.program
    for program, flags in ctx.external_flags.items():
        if flag in flags:
            return program
    return None


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    column = header_index(claim.attrs["headers"], "source", "origin", "owner", "from", "defined in")
    cells = claim.attrs["cells"]
    if column is None or column >= len(cells) or column == claim.attrs["flag_column"]:
        return []
    owner = _owner(claim.text, ctx)
    if owner is None:
        return []
    written = clean_cell(cells[column]["text"])
    words = set(re.findall(r"[a-z0-9][a-z0-9_.-]*", written.lower()))
    repo_names = {p.lower() for p in ctx.index.packages} | {n.lower() for n in ctx.index.root_names} | {"native", "ours", "this", "repo", "repository"}
    programs = {rule.program.lower(): rule.program for rule in ctx.config.passthrough} | {name.lower(): name for name in ctx.external_flags}
    says_repo = bool(words & repo_names)
    says_program = next((programs[w] for w in words if w in programs), None)
    if owner == "repo" and says_program and not says_repo:
        actual = "this repository"
    elif owner != "repo" and says_repo and not says_program:
        actual = owner
    elif owner != "repo" and says_program and says_program.lower() != owner.lower():
        actual = owner
    else:
        return []
    replacement = sorted(ctx.index.packages)[0] if actual == "this repository" and ctx.index.packages else actual
    result = finding((CODE, NAME), claim, f"{claim.text} comes from {actual}, the doc says {written}", f"{claim.text} is {'defined in this repository' if owner == 'repo' else 'passed to ' + owner}", "medium", replacement, claim.text, text=written, certain=True)
    result.column = cells[column]["column"] + max(cells[column]["text"].find(written), 0)
    return [result]
