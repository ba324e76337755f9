"""Follow-up issues for coverage gaps: one per group (or one tracking issue), updated in
place, items ticked as they become documented, closed when the group is complete.

Issues are found by a hidden marker among the issues carrying drift's label (listing by
label, not search: GitHub's search index lags behind new issues). Two runs at once may
both create an issue; each run then closes every duplicate but the oldest.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from jinja2 import Environment, PackageLoader

from ..coverage import Coverage
from ..report.coverage import LABELS
from . import retry

LABEL = "drift-coverage"
MARKER = re.compile(r"<!-- drift:coverage (\S+) -->")
ITEM = re.compile(r"^- \[( |x)\] `([^`]+)`", re.M)


@dataclass
class IssueReport:
    created: list[int] = field(default_factory=list)
    updated: list[int] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    reopened: list[int] = field(default_factory=list)
    duplicates_closed: list[int] = field(default_factory=list)


def _key(kind: str, group: str) -> str:
    return f"{kind}:{hashlib.sha1(group.encode()).hexdigest()[:12]}"


def _render(template: str, **values: Any) -> str:
    env = Environment(loader=PackageLoader(__package__, "templates"), keep_trailing_newline=True)
    return env.get_template(template).render(labels=LABELS, **values)


def _wanted(coverage: Coverage, mode: str, rows: Callable[[str, Any], str | None] | None) -> dict[str, dict[str, Any]]:
    wanted: dict[str, dict[str, Any]] = {}
    for kind, data in coverage.kinds.items():
        for group, info in data.groups().items():
            items = [i for i in data.items if i.group == group]
            wanted[_key(kind, group)] = {
                "kind": kind,
                "group": group,
                "missing": [i for i in items if not i.documented_in],
                "documented": {i.name for i in items if i.documented_in},
                "defined": len(items),
                "rows": {i.name: rows(kind, i) for i in items if rows and not i.documented_in} if rows else {},
            }
    if mode == "tracking":
        return {"all": {"kind": "all", "group": "all", "groups": wanted}}
    return wanted


def sync_issues(repo: Any, coverage: Coverage, mode: str = "group", label: str = LABEL, rows: Callable | None = None, sleep=None) -> IssueReport:
    """Bring the follow-up issues of ``repo`` (a PyGithub Repository) in line with ``coverage``."""
    call = (lambda fn, what: retry.call(fn, what, sleep)) if sleep else (lambda fn, what: retry.call(fn, what))
    report = IssueReport()
    existing: dict[str, list[Any]] = {}
    for issue in call(lambda: list(repo.get_issues(state="all", labels=[label])), "list coverage issues"):
        if getattr(issue, "pull_request", None):
            continue
        match = MARKER.search(issue.body or "")
        if match:
            existing.setdefault(match.group(1), []).append(issue)
    for key, want in _wanted(coverage, mode, rows).items():
        issues = sorted(existing.get(key, []), key=lambda i: i.number)
        issue = issues[0] if issues else None
        previous = dict((name, mark) for mark, name in ITEM.findall(issue.body or "")) if issue else {}
        if want["kind"] == "all":
            groups = want["groups"]
            missing_count = sum(len(g["missing"]) for g in groups.values())
            body = _render("coverage_tracking.md.j2", key=key, groups=groups, commit=coverage.commit, previous=previous)
            title = f"Documentation gaps: {missing_count} names the docs do not mention"
        else:
            missing_count = len(want["missing"])
            ticked = sorted(name for name in previous if name not in {i.name for i in want["missing"]})
            body = _render("coverage_issue.md.j2", key=key, want=want, ticked=ticked, commit=coverage.commit)
            title = f"Document {missing_count} {LABELS.get(want['kind'], want['kind'])} in {want['group']}"
        if issue is None:
            if missing_count:
                created = call(lambda: repo.create_issue(title=title, body=body, labels=[label]), "create coverage issue")
                report.created.append(created.number)
                existing[key] = [created]
            continue
        if missing_count == 0:
            if issue.state == "open":
                call(lambda: issue.edit(body=body, title=title.replace("Document 0", "Documented all"), state="closed"), "close coverage issue")
                report.closed.append(issue.number)
            continue
        changes: dict[str, Any] = {}
        if (issue.body or "") != body:
            changes["body"] = body
        if issue.title != title:
            changes["title"] = title
        if issue.state == "closed":
            changes["state"] = "open"
            report.reopened.append(issue.number)
        if changes:
            call(lambda: issue.edit(**changes), "update coverage issue")
            report.updated.append(issue.number)
    # Concurrent runs may each have created one: keep the oldest, close the rest.
    for issue_list in _by_marker(call(lambda: list(repo.get_issues(state="open", labels=[label])), "list coverage issues")).values():
        for duplicate in sorted(issue_list, key=lambda i: i.number)[1:]:
            keep = min(i.number for i in issue_list)
            call(lambda d=duplicate: d.create_comment(f"Duplicate of #{keep}: drift keeps one issue per group."), "comment duplicate")
            call(lambda d=duplicate: d.edit(state="closed"), "close duplicate")
            report.duplicates_closed.append(duplicate.number)
    return report


def _by_marker(issues: list[Any]) -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = {}
    for issue in issues:
        if getattr(issue, "pull_request", None):
            continue
        match = MARKER.search(issue.body or "")
        if match:
            found.setdefault(match.group(1), []).append(issue)
    return found
