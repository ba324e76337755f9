"""`drift action`: drift as a GitHub Action step on `pull_request` events.

Reads the event GitHub wrote (GITHUB_EVENT_PATH), runs PR mode on the checkout between
the PR's base and head, and reports with the workflow's token. A fork's pull request gets
a read-only token: then the findings go out as workflow annotations and a job summary
instead, and the step still succeeds.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from github import Auth, Github

from ..report import render
from ..revision import DriftError
from .plan import plan_review
from .publish import PublishOptions, ReadOnlyToken, publish
from .render import summary_body


def _event() -> dict:
    path = os.environ.get("GITHUB_EVENT_PATH")
    if not path:
        raise DriftError("GITHUB_EVENT_PATH is not set: `drift action` runs inside GitHub Actions")
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DriftError(f"cannot read the event file {path}: {exc}") from None


def github_client(token: str, api_url: str | None = None, **kwargs) -> Github:
    return Github(auth=Auth.Token(token), base_url=api_url or os.environ.get("GITHUB_API_URL", "https://api.github.com"), **kwargs)


def _fallback(result, stream=None) -> None:
    (stream or sys.stdout).write(render(result, "github"))
    summary_path = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary_path:
        plan = plan_review(result.findings, {})
        with open(summary_path, "a", encoding="utf-8") as handle:
            handle.write(summary_body(plan, result.commit, result.base, result.changes))


def run_action(path: str = ".", conclusion: str = "neutral", fail_on_findings: bool = False, client: Github | None = None) -> int:
    from ..pr import run_pr

    event = _event()
    pull = event.get("pull_request")
    if not pull:
        raise DriftError("this event has no pull_request: run drift on pull_request events")
    base, head = pull["base"]["sha"], pull["head"]["sha"]
    result = run_pr(path, base, head)
    repo_name = os.environ.get("GITHUB_REPOSITORY") or pull["base"]["repo"]["full_name"]
    token = os.environ.get("INPUT_TOKEN") or os.environ.get("GITHUB_TOKEN")
    fork = (pull.get("head", {}).get("repo") or {}).get("full_name") != pull["base"]["repo"]["full_name"]
    if not token and client is None:
        sys.stderr.write("drift: no token: reporting as annotations only\n")
        _fallback(result)
    else:
        gh = client or github_client(token)
        try:
            report = publish(gh.get_repo(repo_name), pull["number"], result, PublishOptions(conclusion_on_findings=conclusion))
            sys.stderr.write(f"drift: {len(result.findings)} finding(s); {report.inline_posted} new inline, {report.deleted} outdated removed\n")
        except ReadOnlyToken as exc:
            sys.stderr.write(f"drift: the token is read-only{' (a fork pull request)' if fork else ''}: {exc}; reporting as annotations\n")
            _fallback(result)
    return 1 if fail_on_findings and result.errors else 0
