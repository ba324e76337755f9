"""DRIFT012 unverified-external: a flag passed through to another program, unchecked.

What it does: flags with a configured passthrough prefix (`--sglang-mem-fraction`, per
`passthrough = [{prefix = "--sglang-", program = "SGLang"}]`) belong to that program.
When its argument definitions are available (`source = "path/to/its/server_args.py"`)
they are checked there, and an unknown one is reported here as a warning; otherwise the
flag is listed as a note, never as an unknown flag of this repository.

Why: the repository cannot vouch for another program's flags, but a reader still needs
to know which flags nobody checked.

Silence: add the program's source, or `ignore = ["DRIFT012"]`.
"""

from __future__ import annotations

from typing import Iterable

from ..model import Finding
from .base import CheckContext, finding
from .classify import Claim

CODE = "DRIFT012"
NAME = "unverified-external"
CLAIMS = ("flag",)
SEVERITY = "note"


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    from .unknown_flag import flag_status

    flag = claim.text
    if ctx.changes and ctx.changes.gone("flag", flag):
        return []  # DRIFT002 reports what the change removed
    status, detail = flag_status(flag, claim, ctx)
    if status in ("dynamic", "framework") and " " in detail:
        # A reason, not a prefix or a package: "options the script reads from sys.argv itself".
        return [finding((CODE, NAME), claim, f"{flag} is not verified", f"drift cannot list every option it may belong to: {detail}", "low")]
    if status == "dynamic":
        return [finding((CODE, NAME), claim, f"{flag} is built at run time from prefix {detail}: not verified", f"the code builds flags as {detail}..., from names drift cannot list", "low")]
    if status == "framework":
        return [finding((CODE, NAME), claim, f"{flag} is not defined here; it may be a flag of {detail}", f"the repository's parser extends {detail}, whose source is not configured (passthrough source)", "low")]
    if status != "passthrough":
        return []
    rule = ctx.passthrough_for(flag)
    inner = "--" + flag[len(rule.prefix):] if rule.strip_prefix and rule.prefix.startswith("--") else flag
    external = ctx.external_flags.get(rule.program)
    if external is None:
        return [finding((CODE, NAME), claim, f"{flag} is passed through to {rule.program}: not verified", f"no argument definitions of {rule.program} are configured (passthrough source)", "low")]
    if inner in external:
        return []
    from .unknown_flag import external_label

    where = rule.source or external_label(rule.program, external)
    return [finding((CODE, NAME), claim, f"{rule.program} defines no flag {inner}", f"{rule.program}'s {len(external)} flags, read from {where}, have no {inner}", "medium")]
