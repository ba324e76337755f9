"""Jinja2 rendering of review comments, file comments and the summary."""

from __future__ import annotations

import re

from collections import Counter
from functools import lru_cache

from jinja2 import Environment, PackageLoader, StrictUndefined

from ..model import Finding
from .plan import InlineComment, ReviewPlan, group_by_path

SUMMARY_MARKER = "<!-- drift:summary -->"
MAX_BODY = 65000  # GitHub rejects comment bodies over 65,536 characters


def _safe(text: object) -> str:
    """Text a pull request's author controls (commit subjects, doc lines, names) made inert
    in a comment: no @-mentions of people or teams, no images, links or HTML."""
    out = str(text).replace("@", "@\u200b").replace("<", "&lt;").replace(">", "&gt;")
    return out.replace("![", "!\\[").replace("](", "]\\(")


def _code(text: object) -> str:
    """Inside a table cell's code span: inert already, only the cell must hold."""
    return str(text).replace("|", "\\|").replace("\n", " ").replace("`", "'")


def _cell(text: object) -> str:
    return _safe(_code(text))


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=PackageLoader(__package__, "templates"), undefined=StrictUndefined, keep_trailing_newline=True, trim_blocks=False)
    env.filters["cell"] = _cell
    env.filters["safe_text"] = _safe
    env.filters["code"] = _code
    return env


_MARKERS = re.compile(r"<!-- drift:[^>]*-->")


def _fit(body: str) -> str:
    """The body within GitHub's limit. The hidden markers that let the next run find and
    update this comment survive the cut: without them each run would post a new one."""
    if len(body) <= MAX_BODY:
        return body
    markers = "\n".join(dict.fromkeys(_MARKERS.findall(body)))
    keep = MAX_BODY - 200 - len(markers)
    return body[:keep] + "\n\n… (cut to fit GitHub's limit; `drift pr --format json` has everything)\n" + markers + "\n"


def inline_body(comment: InlineComment) -> str:
    return _fit(environment().get_template("inline.md.j2").render(comment=comment))


def file_body(path: str, findings: list[Finding]) -> str:
    return _fit(environment().get_template("file.md.j2").render(path=path, findings=findings))


def suggested_patch(findings: list[Finding]) -> str:
    out = []
    for path, items in group_by_path([f for f in findings if f.line_after is not None and f.certain]):
        seen = set()
        for f in items:
            if f.line in seen:
                continue
            seen.add(f.line)
            out.append(f"--- a/{path}\n+++ b/{path}\n@@ -{f.line},1 +{f.line},1 @@\n-{f.line_before}\n+{f.line_after}\n")
    return "".join(out)


def summary_body(plan: ReviewPlan, head: str, base: str | None, changes: list[dict]) -> str:
    findings = plan.findings
    counts = Counter(f.name for f in findings).most_common()
    rest = group_by_path(plan.summary + [f for items in plan.file_level.values() for f in items])
    from ..grouping import group_findings

    return _fit(environment().get_template("summary.md.j2").render(
        findings=findings,
        causes=len(group_findings(findings)),
        counts=counts,
        inline_count=sum(len(c.findings) for c in plan.inline),
        rest=rest,
        patch=suggested_patch([f for _, items in rest for f in items]),
        head=head,
        base=base,
        changes=changes,
    ))


