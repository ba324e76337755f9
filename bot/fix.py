"""Applies suggested edits to the working tree, or shows them as a unified diff.

An edit is applied only where the working-tree line is still the line the finding was
made on, so local changes are never overwritten; several edits on one line are applied
right to left, so their columns stay true.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .model import Finding, replace_on_line


@dataclass
class FixPlan:
    edits: dict[str, dict[int, str]] = field(default_factory=dict)  # path -> line -> new text
    spans: dict[str, list[tuple[int, int, list[str]]]] = field(default_factory=dict)  # path -> (first, last, new lines)
    originals: dict[str, list[str]] = field(default_factory=dict)
    applied: list[Finding] = field(default_factory=list)
    skipped: list[tuple[Finding, str]] = field(default_factory=list)

    def after(self, path: str) -> list[str]:
        before = self.originals[path]
        after = list(before)
        for number, text in self.edits.get(path, {}).items():
            ending = before[number - 1][len(before[number - 1].rstrip("\r\n")) :]
            after[number - 1] = text + ending
        # Spans last, bottom up, so earlier line numbers stay true.
        for first, last, new in sorted(self.spans.get(path, []), reverse=True):
            after[first - 1 : last] = [line + "\n" for line in new]
        return after

    def diff(self) -> str:
        out = []
        for path in sorted(set(self.edits) | set(self.spans)):
            out.extend(difflib.unified_diff(self.originals[path], self.after(path), f"a/{path}", f"b/{path}"))
        return "".join(out)


def plan_fixes(root: Path, findings: list[Finding], include_guesses: bool = False) -> FixPlan:
    plan = FixPlan()
    by_line: dict[tuple[str, int], list[Finding]] = defaultdict(list)
    spans: list[Finding] = []
    for f in findings:
        if f.replacement is not None and f.end_line is not None and f.certain:
            spans.append(f)  # a generated section: whole lines, replaced whole
            continue
        if f.replacement is None or f.line_before is None:
            continue
        if not f.certain and not include_guesses:
            plan.skipped.append((f, "the replacement is a guess (use --all to apply guesses)"))
            continue
        by_line[(f.path, f.line)].append(f)
    for (path, number), group in sorted(by_line.items()):
        if path not in plan.originals:
            try:
                plan.originals[path] = (root / path).read_text(encoding="utf-8").splitlines(keepends=True)
            except (OSError, UnicodeDecodeError) as exc:
                for f in group:
                    plan.skipped.append((f, f"cannot read {path}: {exc}"))
                continue
        lines = plan.originals[path]
        current = lines[number - 1].rstrip("\r\n") if number <= len(lines) else None
        if current != group[0].line_before:
            for f in group:
                plan.skipped.append((f, "the line changed in the working tree since the commit"))
            continue
        text = current
        for f in sorted(group, key=lambda f: -f.column):
            edited = replace_on_line(text, f.column, f.text, f.replacement)
            if edited is None:
                plan.skipped.append((f, "the stale text is not on the line"))
                continue
            text = edited
            plan.applied.append(f)
        if text != current:
            plan.edits.setdefault(path, {})[number] = text
    for f in spans:
        lines = _load(root, f, plan)
        if lines is None:
            continue
        current = "\n".join(line.rstrip("\r\n") for line in lines[f.line - 1 : f.end_line])
        if current.strip() != f.text.strip():
            plan.skipped.append((f, "the section changed in the working tree since the commit"))
            continue
        plan.spans.setdefault(f.path, []).append((f.line, f.end_line, f.replacement.splitlines()))
        plan.applied.append(f)
    return plan


def _load(root: Path, f: Finding, plan: FixPlan) -> list[str] | None:
    if f.path not in plan.originals:
        try:
            plan.originals[f.path] = (root / f.path).read_text(encoding="utf-8").splitlines(keepends=True)
        except (OSError, UnicodeDecodeError) as exc:
            plan.skipped.append((f, f"cannot read {f.path}: {exc}"))
            return None
    return plan.originals[f.path]


def write_fixes(root: Path, plan: FixPlan) -> None:
    for path in set(plan.edits) | set(plan.spans):
        (root / path).write_text("".join(plan.after(path)), encoding="utf-8")
