"""Posts a PR-mode result to a pull request through PyGithub: one review with inline
suggestions, file-level comments, one sticky summary comment, and a check run.

Re-runs never duplicate: every comment carries a hidden fingerprint marker; a comment
whose finding is still there is kept, one whose finding is gone is deleted (or, when a
person replied to it, edited to say it is resolved), and the summary is edited in place.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from github import GithubException
from github.PullRequest import PullRequest
from github.Repository import Repository

from ..config import SETTINGS_NOTE
from ..engine import AuditResult
from . import checkrun, retry
from .patch import FilePatch, parse_patch
from .plan import MAX_INLINE_COMMENTS, InlineComment, ReviewPlan, plan_review
from .render import SUMMARY_MARKER, file_body, inline_body, summary_body

log = logging.getLogger("drift.github")
FINGERPRINT = re.compile(r"<!-- drift:fp=([0-9a-f+]+) -->")
FILE_MARKER = re.compile(r"<!-- drift:file=(.+?) -->")
MAX_PR_FILES = 3000  # GitHub lists at most 3,000 files of a pull request


class ReadOnlyToken(Exception):
    """The token cannot write to this repository (a fork's workflow token)."""


@dataclass
class PublishOptions:
    max_inline: int = MAX_INLINE_COMMENTS
    conclusion_on_findings: str = "neutral"  # or "failure"
    check_run: bool = True
    review: bool = True
    summary: bool = True
    sleep: Callable[[float], None] = time.sleep
    # The login drift posts as when it is not a bot (a personal token); bots' are always drift's.
    author: str | None = None
    # The App's id: its own check run on a commit is updated, not joined by another.
    app_id: int | None = None


def _mine(comment: Any, options: PublishOptions) -> bool:
    """A comment drift posted: by a bot (the App, github-actions) or by ``options.author``.
    Someone quoting drift's markers in their own comment is never edited or deleted."""
    user = getattr(comment, "user", None)
    if user is None:
        return False
    return getattr(user, "type", None) == "Bot" or (options.author is not None and user.login == options.author)


@dataclass
class PublishReport:
    inline_posted: int = 0
    inline_kept: int = 0
    deleted: int = 0
    resolved_with_replies: int = 0
    file_comments: int = 0
    summary_comment_id: int | None = None
    check_run_id: int | None = None
    review_rejected: bool = False
    notes: list[str] = field(default_factory=list)


def _writes(fn: Callable[[], Any], what: str, options: PublishOptions) -> Any:
    try:
        return retry.call(fn, what, options.sleep)
    except GithubException as exc:
        if exc.status == 404 and what.startswith("delete"):
            return None  # already gone: someone (or an earlier run) deleted it
        if exc.status == 403 and "not accessible" in str(exc.data).lower():
            raise ReadOnlyToken(f"{what}: {exc.data.get('message') if isinstance(exc.data, dict) else exc.data}") from exc
        raise


def pull_request_patches(pr: PullRequest, options: PublishOptions) -> dict[str, FilePatch]:
    patches: dict[str, FilePatch] = {}
    files = retry.call(lambda: pr.get_files(), "list PR files", options.sleep)
    for index, item in enumerate(files):
        if index >= MAX_PR_FILES:
            break
        patches[item.filename] = parse_patch(item.filename, item.patch)
    return patches


def _review_comment_payload(comment: InlineComment) -> dict[str, Any]:
    payload: dict[str, Any] = {"path": comment.path, "body": inline_body(comment), "line": comment.line, "side": comment.side}
    if comment.start_line is not None and comment.start_line < comment.line:
        payload["start_line"] = comment.start_line
        payload["start_side"] = comment.side
    return payload


def _sync_inline(pr: PullRequest, plan: ReviewPlan, patches: dict[str, FilePatch], head: str, report: PublishReport, options: PublishOptions) -> None:
    existing = list(retry.call(lambda: pr.get_review_comments(), "list review comments", options.sleep))
    replied_to = {c.in_reply_to_id for c in existing if getattr(c, "in_reply_to_id", None)}
    ours: dict[str, Any] = {}
    file_comments: dict[str, Any] = {}
    for c in existing:
        if not _mine(c, options):
            continue
        match = FINGERPRINT.search(c.body or "")
        if match:
            ours[match.group(1)] = c
        match = FILE_MARKER.search(c.body or "")
        if match:
            file_comments[match.group(1)] = c
    wanted = {c.fingerprint: c for c in plan.inline}
    new = [c for fp, c in wanted.items() if fp not in ours]
    report.inline_kept = len(wanted) - len(new)
    # Re-check every anchor against the patch: one bad anchor fails the whole review.
    valid = [c for c in new if patches.get(c.path) and patches[c.path].can_anchor(c.line, c.side, c.start_line)]
    for c in new:
        if c not in valid:
            plan.summary.extend(c.findings)
    if valid:
        payload = [_review_comment_payload(c) for c in valid]
        body = f"drift found {len(plan.findings)} stale reference(s) in the docs; suggestions below. Details in the summary comment."
        try:
            _writes(lambda: pr.create_review(body=body, event="COMMENT", comments=payload), "create review", options)
            report.inline_posted = len(valid)
        except GithubException as exc:
            if exc.status != 422:
                raise
            # GitHub refused an anchor after all: nothing was posted, so the summary takes them.
            report.review_rejected = True
            report.notes.append(f"review rejected by GitHub (422: {exc.data}); its comments are in the summary")
            for c in valid:
                plan.summary.extend(c.findings)
            plan.inline = [c for c in plan.inline if c not in valid]
    for fp, c in ours.items():
        if fp in wanted:
            continue
        if c.id in replied_to:
            if "resolved" not in (c.body or "").split("\n", 1)[0]:
                body = f"~~{(c.body or '').splitlines()[0] if c.body else ''}~~ resolved in {head[:10]}\n\n<!-- drift:resolved -->"
                _writes(lambda c=c, body=body: c.edit(body), "mark comment resolved", options)
            report.resolved_with_replies += 1
        else:
            _writes(lambda c=c: c.delete(), "delete outdated comment", options)
            report.deleted += 1
    for path, findings in plan.file_level.items():
        body = file_body(path, findings)
        existing_comment = file_comments.pop(path, None)
        if existing_comment is not None:
            if existing_comment.body != body:
                _writes(lambda c=existing_comment, b=body: c.edit(b), "update file comment", options)
        else:
            _writes(lambda p=path, b=body: pr.create_review_comment(b, head, p, subject_type="file"), "create file comment", options)
        report.file_comments += 1
    for path, c in file_comments.items():
        if c.id not in replied_to:
            _writes(lambda c=c: c.delete(), "delete outdated file comment", options)
            report.deleted += 1


def _sync_summary(pr: PullRequest, plan: ReviewPlan, result: AuditResult, report: PublishReport, options: PublishOptions) -> None:
    body = summary_body(plan, result.commit, result.base, result.changes)
    comments = list(retry.call(lambda: pr.get_issue_comments(), "list issue comments", options.sleep))
    mine = [c for c in comments if SUMMARY_MARKER in (c.body or "") and _mine(c, options)]
    if mine:
        keep = mine[0]
        if keep.body != body:
            _writes(lambda: keep.edit(body), "update summary", options)
        for extra in mine[1:]:  # a concurrent run may have raced us: keep one
            _writes(lambda c=extra: c.delete(), "delete duplicate summary", options)
        report.summary_comment_id = keep.id
    elif plan.findings:
        created = _writes(lambda: pr.create_issue_comment(body), "create summary", options)
        report.summary_comment_id = created.id


def _own_check_run(repo: Repository, sha: str, options: PublishOptions) -> Any:
    """drift's check run on this commit, if one of its runs made it: a re-run updates it,
    so the commit shows one `drift` check, not one per run."""
    try:
        runs = list(repo.get_commit(sha).get_check_runs(check_name=checkrun.CHECK_NAME))
    except GithubException:
        return None
    if options.app_id is not None:
        runs = [r for r in runs if getattr(getattr(r, "app", None), "id", None) == options.app_id]
    return max(runs, key=lambda r: r.id) if runs else None


def _same_report(run: Any, output: dict[str, Any], findings: int) -> bool:
    shown = getattr(run, "output", None)
    return shown is not None and getattr(shown, "title", None) == output["title"] and getattr(shown, "annotations_count", None) == findings


def _sync_check_run(repo: Repository, result: AuditResult, report: PublishReport, options: PublishOptions) -> None:
    batches = checkrun.batches(result.findings)
    conclusion = checkrun.conclusion(result.findings, options.conclusion_on_findings)
    refused = result.notes.get(SETTINGS_NOTE, [])
    first = checkrun.output(result.findings, result.commit, batches[0], refused)
    run = _own_check_run(repo, result.commit, options)
    if run is not None and not _same_report(run, first, len(result.findings)):
        # GitHub appends annotations on every update and never removes one: a run whose
        # findings changed (`/drift ignore`) is a new run, which GitHub shows as the latest.
        run = None
    if run is not None:
        try:
            # The same findings again (a redelivery, a re-run): the run is refreshed in
            # place, its annotations already there.
            unannotated = {k: v for k, v in first.items() if k != "annotations"}
            _writes(lambda: run.edit(status="completed", conclusion=conclusion, output=unannotated), "update check run", options)
            report.check_run_id = run.id
            return
        except GithubException:
            run = None  # another app's run of the same name: ours is a new one
    if run is None:
        run = _writes(
            lambda: repo.create_check_run(name=checkrun.CHECK_NAME, head_sha=result.commit, status="completed", conclusion=conclusion, output=first),
            "create check run",
            options,
        )
    for batch in batches[1:]:
        _writes(lambda b=batch: run.edit(output=checkrun.output(result.findings, result.commit, b, refused)), "add annotations", options)
    report.check_run_id = run.id


def publish_settings_error(repo: Repository, sha: str, message: str, options: PublishOptions | None = None) -> None:
    """The repository's drift settings cannot be read: say so on the commit's check run,
    where the author looks, instead of retrying a job that cannot succeed."""
    options = options or PublishOptions()
    shown = message[:60000].replace("```", "`\u200b``")  # the message cannot close its fence
    output = {
        "title": "drift could not read its settings",
        "summary": "drift did not check the docs of this commit: its settings need an edit.\n\n```\n" + shown + "\n```",
    }
    run = _own_check_run(repo, sha, options)
    if run is not None:
        try:
            _writes(lambda: run.edit(status="completed", conclusion="neutral", output=output), "update check run", options)
            return
        except GithubException:
            pass
    _writes(lambda: repo.create_check_run(name=checkrun.CHECK_NAME, head_sha=sha, status="completed", conclusion="neutral", output=output), "create check run", options)


def publish(repo: Repository, pr_number: int, result: AuditResult, options: PublishOptions | None = None) -> PublishReport:
    """Report ``result`` (from `drift pr` at the PR's head) on pull request ``pr_number``."""
    options = options or PublishOptions()
    report = PublishReport()
    pr = retry.call(lambda: repo.get_pull(pr_number), "get pull request", options.sleep)
    patches = pull_request_patches(pr, options)
    plan = plan_review(result.findings, patches, options.max_inline)
    if options.review:
        _sync_inline(pr, plan, patches, result.commit, report, options)
    if options.summary:
        _sync_summary(pr, plan, result, report, options)
    if options.check_run:
        _sync_check_run(repo, result, report, options)
    return report
