"""Findings for people: grouped by file, each with its evidence and suggested edit."""

from __future__ import annotations

from collections import Counter
from itertools import groupby


LONG_LINE = 240  # characters of a doc line shown whole; a longer one (an HTML table on one line) is cut
CONTEXT = 60  # characters kept either side of the edit in a cut line


def excerpt(before: str, after: str) -> tuple[str, str]:
    """A suggested edit's old and new line, cut to the part around the edit when long."""
    if len(before) <= LONG_LINE and len(after) <= LONG_LINE:
        return before, after
    prefix = 0
    while prefix < min(len(before), len(after)) and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(before), len(after)) - prefix and before[-1 - suffix] == after[-1 - suffix]:
        suffix += 1
    start = max(0, prefix - CONTEXT)

    def cut(line: str) -> str:
        end = min(len(line), len(line) - suffix + CONTEXT)
        return ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")

    return cut(before), cut(after)


def render(result, color: bool = False, verbose: bool = False) -> str:
    bold = (lambda s: f"\033[1m{s}\033[0m") if color else (lambda s: s)
    dim = (lambda s: f"\033[2m{s}\033[0m") if color else (lambda s: s)
    red = (lambda s: f"\033[31m{s}\033[0m") if color else (lambda s: s)
    green = (lambda s: f"\033[32m{s}\033[0m") if color else (lambda s: s)
    out: list[str] = []
    if result.base:
        moved = [c for c in result.changes if c["change"] != "removed" or c["kind"] != "path"]
        out.append(bold(f"Changes {result.base[:10]}..{result.commit[:10]}: {len(result.changes)} name(s) removed, renamed or changed in the code"))
        for change in moved[:20]:
            new = f" -> {change['new']}" if change.get("new") and change["new"] != change["old"] else ""
            out.append(dim(f"  {change['kind']:<10} {change['change']:<16} {change['old']}{new}"))
        if len(moved) > 20:
            out.append(dim(f"  ... and {len(moved) - 20} more (--format json lists all)"))
        out.append("")
    groups = result.groups if hasattr(result, "groups") else []
    by_id = {g.id: g for g in groups}
    shown_once = {id(f) for g in groups if len(g.findings) > 1 for f in g.findings[1:]} if not verbose else set()
    out.extend(_opening(result, groups, bold, dim))
    for path, group in groupby(result.findings, key=lambda f: f.path):
        items = [f for f in group if id(f) not in shown_once]
        if not items:
            continue
        out.append(bold(path))
        for f in items:
            out.append(f"  {f.line}:{f.column}  {f.rule} {f.name}  {f.message}  [{f.confidence}]")
            out.append(dim(f"      why: {f.evidence}"))
            if f.broken_by:
                out.append(dim(f"      {_broken_by(f.broken_by)}"))
            if f.line_after is not None and f.line_before is not None:
                before, after = excerpt(f.line_before.strip(), f.line_after.strip())
                out.append(red(f"      - {before}"))
                out.append(green(f"      + {after}"))
            elif f.replacement:
                out.append(f"      fix: {f.replacement}")
            same = by_id.get(f.group)
            if same is not None and len(same.findings) > 1 and not verbose:
                others = [o for o in same.findings if o is not f]
                lines_named = Counter((o.path, o.line) for o in same.findings)
                # Two places on one line are told apart by their column.
                listed = ", ".join(f"{o.path}:{o.line}" + (f":{o.column}" if lines_named[(o.path, o.line)] > 1 else "") for o in others[:6])
                out.append(dim(f"      same cause at {len(others)} more place(s): {listed}" + (", ... (-v lists all)" if len(others) > 6 else "")))
        out.append("")
    if verbose:
        for path, reason in sorted(result.skipped.items()):
            out.append(dim(f"skipped {path}: {reason}"))
        for path, notes in sorted(result.notes.items()):
            for note in notes:
                out.append(dim(f"note {path}: {note}"))
    from ..unverified import note_lines

    for line in note_lines(getattr(result, "unverified", [])):
        out.append(dim("note: " + line))
    counts = Counter(f.name for f in result.findings)
    stats = result.stats
    summary = f"{len(result.findings)} finding(s)"
    if counts:
        summary += " (" + ", ".join(f"{name}: {n}" for name, n in counts.most_common()) + ")"
    summary += f" in {stats.get('doc_files', 0)} docs against {stats.get('code_files', 0)} code files at {result.commit[:10]}"
    if result.skipped:
        summary += f"; {len(result.skipped)} file(s) skipped" + ("" if verbose else " (-v lists them)")
    summary += f"; {stats.get('seconds', 0):.2f}s"
    out.append(summary)
    return "\n".join(out) + "\n"


TOP_GROUPS = 5


def _opening(result, groups, bold, dim) -> list[str]:
    """What a maintainer acts on first: how many causes, which are biggest, and the one
    config line that silences each of those."""
    elsewhere = sorted(path for path, notes in (getattr(result, "notes", {}) or {}).items() if any("describes another codebase" in n for n in notes))
    described = dim(f"  set aside as another codebase's: {', '.join(elsewhere[:3])}" + (f" and {len(elsewhere) - 3} more" if len(elsewhere) > 3 else "") + " (their path findings are low; -v says why)") if elsewhere else None
    if len(result.findings) < 2:
        return [described, ""] if described else []
    counts = Counter(f.name for f in result.findings)
    lines = [bold(f"{len(result.findings)} finding(s) from {len(groups)} cause(s): " + ", ".join(f"{name} {n}" for name, n in counts.most_common()))]
    big = sorted((g for g in groups if len(g.findings) > 1), key=lambda g: (-len(g.findings), g.rule, g.subject))[:TOP_GROUPS]
    for g in big:
        lines.append(f"  {len(g.findings):>4} x {g.rule} {g.name} {g.subject} (in {g.docs} doc{'s' if g.docs != 1 else ''})")
        fixes = {f.replacement for f in g.findings if f.replacement is not None}
        if len(fixes) == 1:
            certain = all(f.certain for f in g.findings if f.replacement is not None)
            lines.append(f"         fix: {fixes.pop()}" + (" (`drift fix` applies it)" if certain else " (a suggestion: check it)"))
        lines.append(dim(f"         or, if it is not drift, silence it: {g.silence()}"))
    aside = getattr(result, "set_aside", {}) or {}
    if aside:
        shown = ", ".join(f"{n} {why}" for why, n in sorted(aside.items(), key=lambda item: (-item[1], item[0])))
        lines.append(dim(f"  set aside: {sum(aside.values())} doc(s) not audited ({shown}); an `exclude` list of your own replaces the defaults"))
    if described:
        lines.append(described)
    lines.append("")
    return lines


def _broken_by(b: dict) -> str:
    """One line of attribution, whatever history could say."""
    if "unknown" in b:
        why = {"budget": "the history search reached its bound before this finding", "no-definition": "its definition is not in the head's file"}
        return f"broken by: not attributed ({why.get(b['unknown'], b['unknown'])})"
    if not b.get("commit"):
        line = b.get("doc_line_commit")
        what = "never removed from the code" if b.get("reason") == "never-removed" else "never in the code's history"
        return f"broken by: nothing; {what}, so born stale" + (f" (the doc line comes from {line[:10]})" if line else "")
    pr = f" (#{b['pr']})" if b.get("pr") else ""
    commit = f"{b['commit'][:10]}{pr} {b.get('date', '')[:10]} {b.get('author', '')}: {b.get('subject', '')}"
    if b.get("born_stale"):
        # The line came later than the change: nothing broke it, it was wrong when written.
        return f"born stale: the doc line was written after the code lost it in {commit}"
    if "born_stale" not in b:
        # --no-blame: the line's age is unknown, so before or after it, the code changed here.
        return f"the code changed in: {commit}"
    age = f"; stale for {b['stale_days']:g} days" if b.get("stale_days") is not None else ""
    return f"broken by: {commit}{age}"
