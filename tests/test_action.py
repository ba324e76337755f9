"""`drift action` in a GitHub Actions job: the workflow token posts the review; a fork's
read-only token falls back to annotations and the job summary, and the step succeeds."""

from __future__ import annotations

import json

from bot.github.action import run_action

from .test_github_publish import _pull

pytest_plugins = ["tests.ghstub.conftest_plugin"]


def _event(tmp_path, monkeypatch, pull, base, head, fork=False):
    event = {
        "pull_request": {
            "number": pull.number,
            "base": {"sha": base, "repo": {"full_name": "octo/trainer"}},
            "head": {"sha": head, "repo": {"full_name": "alice/trainer" if fork else "octo/trainer"}},
        }
    }
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event))
    summary = tmp_path / "step-summary.md"
    monkeypatch.setenv("GITHUB_EVENT_PATH", str(path))
    monkeypatch.setenv("GITHUB_REPOSITORY", "octo/trainer")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    return summary


def test_action_posts_with_the_workflow_token(make_repo, github_stub, tmp_path, monkeypatch):
    builder, pull, result, _ = _pull(make_repo, github_stub)
    _event(tmp_path, monkeypatch, pull, result.base, result.commit)
    client = github_stub.client(github_stub.add_actions_token())
    assert run_action(str(builder.root), client=client) == 0
    assert github_stub.check_runs_for("octo/trainer", result.commit)
    assert any("```suggestion" in c.body for c in github_stub.review_comments_on("octo/trainer", pull.number))


def test_fork_pull_request_falls_back_to_annotations(make_repo, github_stub, tmp_path, monkeypatch, capsys):
    builder, pull, result, _ = _pull(make_repo, github_stub)
    summary = _event(tmp_path, monkeypatch, pull, result.base, result.commit, fork=True)
    client = github_stub.client(github_stub.add_actions_token(read_only=True))
    assert run_action(str(builder.root), client=client) == 0
    out = capsys.readouterr()
    assert "::error file=docs/guide.md,line=3" in out.out and "read-only" in out.err
    assert "drift:summary" in summary.read_text() and "--rollout-batch-size" in summary.read_text()
    assert not github_stub.review_comments_on("octo/trainer", pull.number)
    assert run_action(str(builder.root), client=client, fail_on_findings=True) == 1
