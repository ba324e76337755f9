"""DRIFT014 unclosed-fence: a code fence that never closes swallows the rest of the page.

What it does: finds a fenced code block (```` ``` ```` or `~~~`) in Markdown or MDX with no
closing fence, where the page goes on with headings after it. Markdown renders everything
from the opening fence to the end of the page (or of its container) as code: those
headings vanish from the page and from its table of contents, and links to their anchors
break.

Why: the page looks right in the editor, and the breakage shows only on the rendered
site; a maintainer who sees the heading in the source calls the broken anchor a false
alarm.

Example: an example's output block opened with `~~~~~~~~~~~~~~~` and never closed, above
"## Parallelism & Resources". The fix is a closing fence after the block's last line.

Silence: `<!-- drift-ignore -->` above the fence.
"""

from __future__ import annotations

from typing import Iterable

from ..model import Finding
from .base import CheckContext, finding
from .classify import Claim

CODE = "DRIFT014"
NAME = "unclosed-fence"
CLAIMS = ("fence",)
SEVERITY = "error"


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    headings = claim.attrs.get("headings") or []
    shown = ", ".join(f"\"{text}\" (line {line})" for line, text, _ in headings[:3]) + (f" and {len(headings) - 3} more" if len(headings) > 3 else "")
    evidence = f"the fence `{claim.text}` opened at line {claim.line} has no closing fence, so the page renders as code to its end: {shown} are not headings there"
    return [finding((CODE, NAME), claim, f"code fence opened here never closes; {len(headings)} heading{'s' if len(headings) != 1 else ''} after it render as code", evidence, "high", None)]
