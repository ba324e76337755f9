"""A page where one check rejects most of what it reads: drift's model is the likelier fault.

Real drift is sparse: a page that names forty flags of a program has a few stale ones
after a release, not thirty. When one rule finds most of a page's names of its kind
missing, and nothing backs them (no replacement found, no commit that removed them, no
change under review), the likelier story is a convention drift does not model: flags a
parser builds from a table, a site generator's own anchors, a module that hands its
names to a loader. Those findings go low, with one note for the page that says so and how
to see them. Findings with evidence of their own stay where they are: a page about a
package that was renamed is all stale, and every finding on it names the new path.
"""

from __future__ import annotations

import re
from typing import Iterable

from .model import Finding

BULK_MIN = 4  # distinct unbacked names one rule rejects on one page before the page is judged
BULK_SHARE = 0.5  # ... and the share of the distinct names it read there they must be
# The rules whose names hang on drift's model of programs, modules and site anchors, the
# models a convention breaks (flags a parser builds from a table, a package that hands its
# names to a loader, a generator's own slugs). Judged first runs bear it out: of findings
# on pages where one of these rejected four or more names, 4 in 82 were true. Not paths (a
# file is in the tree or not; a README whose result images were all deleted is all stale)
# nor metrics (a removed trainer's section names a whole namespace that is gone).
NAME_RULES = frozenset({"DRIFT002", "DRIFT005", "DRIFT008"})
# Evidence that the code or its history vouches for the finding on its own.
_BACKED = re.compile(r"removed it|was removed|renamed to|was deleted in|is defined in|git history:|closest")


def backed(found: Finding) -> bool:
    """Whether a finding has evidence beyond "not found": a replacement, the commit that
    removed the name, the change under review, or the name defined elsewhere."""
    return bool(found.replacement or found.change or found.certain or _BACKED.search(found.evidence or ""))


def downgrade_bulk_pages(findings: Iterable[Finding], read: dict[tuple[str, str], set[str]]) -> dict[str, str]:
    """Lower the unbacked findings of a rule on a page where they are at least BULK_MIN
    distinct names and BULK_SHARE of the distinct names that rule read there. ``read``:
    (page, rule) -> the texts the rule was asked about. Returns a note per page."""
    unbacked: dict[tuple[str, str], list[Finding]] = {}
    for found in findings:
        if found.rule in NAME_RULES and found.confidence != "low" and not backed(found):
            unbacked.setdefault((found.path, found.rule), []).append(found)
    notes: dict[str, str] = {}
    for (page, rule), found in sorted(unbacked.items()):
        names = {f.text for f in found}
        seen = max(len(read.get((page, rule), ())), len(names))
        if len(names) < BULK_MIN or len(names) < BULK_SHARE * seen:
            continue
        for f in found:
            f.confidence = "low"
            f.certain = False
            f.evidence += f"; {len(names)} of the {seen} names this check read on the page are unknown to it, none with evidence of a change: more likely a convention drift does not model than drift"
        note = f"{rule}: {len(names)} of the {seen} names it read here are unknown, with nothing in the code or history behind them; shown at low confidence (min-confidence = \"low\" shows them)"
        notes[page] = f"{notes[page]}; {note}" if page in notes else note
    return notes
