"""The check run's output: a title, a summary, per-rule counts, and annotations in
batches of 50 (GitHub's limit per request), with text kept under 65,535 characters."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine import severity
from ..model import Finding

ANNOTATIONS_PER_REQUEST = 50
MAX_TEXT = 65535
CHECK_NAME = "drift"
_LEVEL = {"error": "failure", "warning": "warning", "note": "notice"}


def annotation(f: Finding) -> dict[str, Any]:
    message = f"{f.message}. {f.evidence}"
    if f.replacement:
        message += f"\nSuggested: {f.replacement}" + ("" if f.certain else " (closest name: a guess)")
    entry: dict[str, Any] = {
        "path": f.path,
        "start_line": f.line,
        "end_line": f.line,
        "annotation_level": _LEVEL.get(severity(f.rule), "warning"),
        "title": f"{f.rule} {f.name}",
        "message": message[:64000],
    }
    if f.line_after is not None:
        entry["raw_details"] = f"- {f.line_before}\n+ {f.line_after}"[:64000]
    return entry


def conclusion(findings: list[Finding], on_findings: str) -> str:
    return on_findings if any(severity(f.rule) != "note" for f in findings) else "success"


def output(findings: list[Finding], head: str, batch: list[dict[str, Any]], refused: list[str] | None = None) -> dict[str, Any]:
    counts = Counter(f"{f.rule} {f.name}" for f in findings)
    from ..grouping import group_findings

    causes = len(group_findings(findings))
    title = f"{len(findings)} stale reference{'s' if len(findings) != 1 else ''} in the docs" if findings else "The docs match the code"
    if findings and causes < len(findings):
        title += f", from {causes} cause{'s' if causes != 1 else ''}"
    summary = "\n".join(f"- {name}: {n}" for name, n in counts.most_common()) or "No findings."
    if refused:
        # What the pull request's own drift settings asked for and the App did not do.
        summary += "\n\nSettings not applied:\n" + "\n".join(f"- {line}" for line in refused)
    lines = [f"drift checked the docs at {head[:10]}.", ""]
    for f in findings:
        lines.append(f"- `{f.path}:{f.line}` {f.rule} {f.name}: {f.message}" + (f" → `{f.replacement}`" if f.replacement else ""))
    text = "\n".join(lines)
    if len(text) > MAX_TEXT:
        text = text[: MAX_TEXT - 120] + "\n… (cut to fit GitHub's limit; the annotations list every finding)"
    return {"title": title, "summary": summary[:MAX_TEXT], "text": text, "annotations": batch}


def batches(findings: list[Finding]) -> list[list[dict[str, Any]]]:
    items = [annotation(f) for f in findings]
    return [items[i : i + ANNOTATIONS_PER_REQUEST] for i in range(0, len(items), ANNOTATIONS_PER_REQUEST)] or [[]]
