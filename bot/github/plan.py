"""Where each finding goes on a pull request: an inline suggestion, a file-level comment,
or the sticky summary. Pure: findings and patches in, a plan out.

Inline comments go only where GitHub will take them (a line inside a hunk on the RIGHT
side), only up to a cap, and carry a ```suggestion``` block only when the replacement is
certain; consecutive lines in one hunk become one multi-line suggestion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from ..model import Finding, replace_on_line
from .patch import FilePatch

MAX_INLINE_COMMENTS = 30


@dataclass
class InlineComment:
    path: str
    line: int
    findings: list[Finding]
    start_line: int | None = None  # set for multi-line suggestions; always < line
    side: str = "RIGHT"
    suggestion: list[str] | None = None  # the new text of lines start_line..line

    @property
    def fingerprint(self) -> str:
        return "+".join(sorted(f.fingerprint for f in self.findings))


@dataclass
class ReviewPlan:
    inline: list[InlineComment] = field(default_factory=list)
    file_level: dict[str, list[Finding]] = field(default_factory=dict)
    summary: list[Finding] = field(default_factory=list)  # not on a file of the PR, or over the cap
    findings: list[Finding] = field(default_factory=list)


def _line_text(findings: list[Finding]) -> str | None:
    """The line with every certain replacement on it applied, right to left."""
    base = findings[0].line_before
    if base is None:
        return None
    text = base
    for f in sorted(findings, key=lambda f: -f.column):
        if f.replacement is None or not f.certain:
            continue
        edited = replace_on_line(text, f.column, f.text, f.replacement)
        if edited is None:
            return None
        text = edited
    return text if text != base else None


def plan_review(findings: list[Finding], patches: dict[str, FilePatch], max_inline: int = MAX_INLINE_COMMENTS) -> ReviewPlan:
    plan = ReviewPlan(findings=list(findings))
    by_line: dict[tuple[str, int], list[Finding]] = {}
    anchored: list[InlineComment] = []
    for f in findings:
        if f.end_line is not None:
            # A regenerated section: one multi-line suggestion when every line is in one hunk.
            patch = patches.get(f.path)
            if patch is not None and f.certain and f.replacement is not None and patch.can_anchor(f.end_line, "RIGHT", f.line if f.line < f.end_line else None):
                anchored.append(InlineComment(f.path, f.end_line, [f], start_line=f.line if f.line < f.end_line else None, suggestion=f.replacement.splitlines()))
            elif patch is not None:
                plan.file_level.setdefault(f.path, []).append(f)
            else:
                plan.summary.append(f)
            continue
        by_line.setdefault((f.path, f.line), []).append(f)
    for (path, line), group in sorted(by_line.items()):
        patch = patches.get(path)
        if patch is None:
            plan.summary.extend(group)
        elif patch.can_anchor(line, "RIGHT"):
            new = _line_text(group)
            anchored.append(InlineComment(path, line, group, suggestion=[new] if new is not None else None))
        else:
            plan.file_level.setdefault(path, []).extend(group)
    # Consecutive suggested lines in one hunk: one multi-line suggestion.
    merged: list[InlineComment] = []
    for comment in anchored:
        last = merged[-1] if merged else None
        if (
            last is not None
            and last.path == comment.path
            and last.suggestion is not None
            and comment.suggestion is not None
            and comment.findings[0].end_line is None
            and last.findings[0].end_line is None
            and comment.line == last.line + 1
            and patches[comment.path].can_anchor(comment.line, "RIGHT", last.start_line or last.line)
        ):
            last.start_line = last.start_line or last.line
            last.line = comment.line
            last.findings.extend(comment.findings)
            last.suggestion.extend(comment.suggestion)
            continue
        merged.append(comment)
    plan.inline = merged[:max_inline]
    for comment in merged[max_inline:]:
        plan.summary.extend(comment.findings)
    return plan


def group_by_path(findings: list[Finding]) -> list[tuple[str, list[Finding]]]:
    ordered = sorted(findings, key=lambda f: (f.path, f.line, f.column))
    return [(path, list(items)) for path, items in groupby(ordered, key=lambda f: f.path)]
