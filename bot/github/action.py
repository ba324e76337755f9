"""`drift action`: drift as a GitHub Action step on `pull_request` events.

Reads the event GitHub wrote (GITHUB_EVENT_PATH), runs PR mode on the checkout between
the PR's base and head, and reports with the workflow's token. A fork's pull request gets
a read-only token: then the findings go out as workflow annotations and a job summary
instead, and the step still succeeds. Other modes write SARIF for code scanning or
annotations only; every mode sets step outputs (findings, errors, groups, sarif-file).
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


def write_outputs(values: dict[str, object]) -> None:
    """Step outputs (`steps.<id>.outputs.findings`) through the file GitHub names."""
    path = os.environ.get("GITHUB_OUTPUT")
    if not path:
        return
    with open(path, "a", encoding="utf-8") as handle:
        for key, value in values.items():
            text = str(value)
            if "\n" in text or "\r" in text:
                raise DriftError(f"output {key} must be one line")
            handle.write(f"{key}={text}\n")


MODES = ("review", "sarif", "annotations")


def run_action(
    path: str = ".",
    conclusion: str = "neutral",
    fail_on_findings: bool = False,
    client: Github | None = None,
    mode: str = "review",
    config: str | None = None,
    sarif_file: str = "drift.sarif",
) -> int:
    """One Action step. `review`: on a pull request, the review, summary and check run.
    `sarif`: the whole tree's audit (on a pull request, the PR's findings) as SARIF for
    code scanning's upload-sarif. `annotations`: workflow annotations and the job summary."""
    from ..engine import audit
    from ..pr import run_pr

    if mode not in MODES:
        raise DriftError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    event = _event() if mode == "review" or os.environ.get("GITHUB_EVENT_PATH") else {}
    pull = event.get("pull_request")
    if mode == "review" and not pull:
        raise DriftError("this event has no pull_request: run drift on pull_request events, or use mode: sarif")
    if pull:
        base, head = pull["base"]["sha"], pull["head"]["sha"]
        result = run_pr(path, base, head, config)
    else:
        result = audit(path, "HEAD", config)
    outputs: dict[str, object] = {"findings": len(result.findings), "errors": len(result.errors), "groups": len(result.groups)}
    if mode == "sarif":
        target = Path(path) / sarif_file if not Path(sarif_file).is_absolute() else Path(sarif_file)
        target.write_text(render(result, "sarif"), encoding="utf-8")
        outputs["sarif-file"] = str(target)
        sys.stderr.write(f"drift: {len(result.findings)} finding(s) written to {target} for upload-sarif\n")
    elif mode == "annotations":
        _fallback(result)
    else:
        _publish_review(result, pull, conclusion, client)
    write_outputs(outputs)
    return 1 if fail_on_findings and result.errors else 0


def _publish_review(result, pull: dict, conclusion: str, client: Github | None) -> None:
    repo_name = os.environ.get("GITHUB_REPOSITORY") or pull["base"]["repo"]["full_name"]
    token = os.environ.get("INPUT_TOKEN") or os.environ.get("GITHUB_TOKEN")
    fork = (pull.get("head", {}).get("repo") or {}).get("full_name") != pull["base"]["repo"]["full_name"]
    if not token and client is None:
        sys.stderr.write("drift: no token: reporting as annotations only\n")
        _fallback(result)
        return
    gh = client or github_client(token)
    try:
        report = publish(gh.get_repo(repo_name), pull["number"], result, PublishOptions(conclusion_on_findings=conclusion))
        sys.stderr.write(f"drift: {len(result.findings)} finding(s); {report.inline_posted} new inline, {report.deleted} outdated removed\n")
    except ReadOnlyToken as exc:
        sys.stderr.write(f"drift: the token is read-only{' (a fork pull request)' if fork else ''}: {exc}; reporting as annotations\n")
        _fallback(result)
