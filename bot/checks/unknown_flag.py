"""DRIFT002 unknown-flag: a doc passes the repository's program a flag it does not define.

What it does: checks `--flags` on command lines whose program is this repository's
(a script in the tree that defines or imports an argument parser, `python -m` of one of
its modules, or one of its console scripts), in inline code, and in the flag column of
reference tables. A flag matches only by its whole name: `--foo` is not `--foo-bar`.
Flags of other programs (`torchrun --nproc-per-node`, `docker run --gpus`) are theirs;
flags with a configured passthrough prefix (`--sglang-*`) are reported by DRIFT012.

Why: argparse stops at the first unknown flag: the whole command fails.

Example: `python train.py --rollout-batch 8` when the parser defines
`--rollout-batch-size`. The suggestion is the renamed flag (same dest or help, from
history) or the closest defined name.

Silence: `<!-- drift-ignore -->` above the line; `ignore_names = ["--legacy-*"]`;
`programs = [...]` to name more of the repo's own commands.
"""

from __future__ import annotations

from typing import Iterable

from ..index import closest
from ..model import FLAG, Finding
from .base import CheckContext, changed, finding, where
from .classify import Claim

CODE = "DRIFT002"
NAME = "unknown-flag"
CLAIMS = ("flag",)
SEVERITY = "error"


def flag_status(flag: str, claim: Claim, ctx: CheckContext) -> tuple[str, str]:
    """("known" | "passthrough" | "dynamic" | "framework" | "foreign" | "unknown", detail)."""
    index = ctx.index
    if index.has(FLAG, flag) or flag in index.flag_mentions:
        return "known", ""
    rule = ctx.passthrough_for(flag)
    if rule is not None:
        return "passthrough", rule.program
    prefix = next((p for p in sorted(index.flag_prefixes, key=len, reverse=True) if flag.startswith(p)), None)
    if prefix:
        return "dynamic", prefix
    if claim.context != "command" and flag in ctx.foreign_flags:
        return "foreign", ""
    frameworks = claim.attrs.get("frameworks") if claim.context == "command" else sorted(ctx.frameworks)
    if frameworks:
        return "framework", ", ".join(frameworks)
    return "unknown", ""


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    flag = claim.text
    gone = ctx.changes.gone(FLAG, flag) if ctx.changes else None
    if gone is not None:
        return [changed((CODE, NAME), claim, gone)]
    flags = ctx.index.names(FLAG)
    if not flags:
        return []
    status, _ = flag_status(flag, claim, ctx)
    if status != "unknown":
        return []
    long_flags = [name for name in flags if name.startswith("--")]
    candidates = closest(flag, long_flags, 0.75)
    swapped = flag.replace("_", "-") if "_" in flag else flag[:2] + flag[2:].replace("-", "_")
    if swapped in flags:
        candidates = [swapped]
    replacement = candidates[0] if candidates else None
    if candidates:
        fact = flags[candidates[0]][0]
        evidence = f"no flag {flag} is defined; closest: {candidates[0]} ({where(fact)})"
    else:
        evidence = f"no flag {flag} is defined by this repository's {len(long_flags)} flags"
    confidence = "high" if claim.context in ("command", "table") else "medium"
    program = claim.attrs.get("script") or claim.attrs.get("program")
    message = f"unknown flag {flag}" + (f" for {program}" if program else "")
    return [finding((CODE, NAME), claim, message, evidence, confidence, replacement)]
