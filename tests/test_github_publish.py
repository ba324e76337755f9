"""The GitHub reporter end to end: real PR mode on a real git history, posted with real
PyGithub over HTTP to the local GitHub stand-in, then re-run, fixed and faulted."""

from __future__ import annotations

import re

import pytest

from drift_docs.github.publish import PublishOptions, ReadOnlyToken, publish
from drift_docs.pr import run_pr

from .ghstub import files_from_git

pytest_plugins = ["tests.ghstub.conftest_plugin"]

ARGS_V1 = 'import argparse\np = argparse.ArgumentParser()\np.add_argument("--rollout-batch", dest="rollout_batch", type=int, default=32)\np.add_argument("--lr", type=float)\n'
ARGS_V2 = ARGS_V1.replace('"--rollout-batch"', '"--rollout-batch-size"')
TRAIN = "from trainer.args import p\nargs = p.parse_args()\n"
GUIDE = "# Guide\n\nRun `python trainer/train.py --rollout-batch 8`.\n\nAlso `--lr`.\n"
OTHER = "# Other\n\nThe flag `--rollout-batch` sets the batch.\nIt says `--rollout-batch` twice.\n"
NOTES = "# Notes\n\nintro\n\nline four\n\nThe old `--rollout-batch` flag.\n"


def _pull(make_repo, github_stub, extra_head: dict | None = None):
    builder = make_repo({
        "trainer/__init__.py": "",
        "trainer/args.py": ARGS_V1,
        "trainer/train.py": TRAIN,
        "docs/guide.md": GUIDE,
        "docs/other.md": OTHER,
        "docs/notes.md": NOTES,
    })
    base = builder.repo.head.commit.hexsha
    # The PR renames the flag, edits one guide line (still stale) and touches notes.md
    # elsewhere, so notes.md is in the PR but its stale line is outside the diff.
    head_files = {
        "trainer/args.py": ARGS_V2,
        "docs/guide.md": GUIDE.replace("Run `python", "Now run `python"),
        "docs/notes.md": NOTES.replace("intro", "introduction"),
        **(extra_head or {}),
    }
    head = builder.commit(head_files, "Rename --rollout-batch (#7)")
    github_stub.add_repo("octo/trainer", default_branch="main")
    pull = github_stub.add_pull("octo/trainer", user="alice", head_sha=head, base_sha=base, files=files_from_git(builder.root, base, head))
    result = run_pr(builder.root, base, head)
    token = github_stub.add_actions_token()
    return builder, pull, result, github_stub.client(token).get_repo("octo/trainer")


OPTIONS = PublishOptions(sleep=lambda seconds: None)


def _ours(stub, repo, number):
    return [c for c in stub.review_comments_on(repo, number) if "drift:" in c.body]


def test_review_summary_and_check_run(make_repo, github_stub):
    _, pull, result, repo = _pull(make_repo, github_stub)
    report = publish(repo, pull.number, result, OPTIONS)
    inline = [c for c in _ours(github_stub, "octo/trainer", pull.number) if c.subject_type == "line"]
    assert [(c.path, c.line, c.side) for c in inline] == [("docs/guide.md", 3, "RIGHT")]
    assert "```suggestion\nNow run `python trainer/train.py --rollout-batch-size 8`.\n```" in inline[0].body
    assert "#7" in inline[0].body  # the breaking commit, with its PR number
    files = [c for c in _ours(github_stub, "octo/trainer", pull.number) if c.subject_type == "file"]
    assert [c.path for c in files] == ["docs/notes.md"]
    summary = [c for c in github_stub.issue_comments_on("octo/trainer", pull.number) if "drift:summary" in c.body]
    assert len(summary) == 1 and "docs/other.md" in summary[0].body and "```diff" in summary[0].body
    runs = github_stub.check_runs_for("octo/trainer", result.commit)
    assert len(runs) == 1 and runs[0].conclusion == "neutral" and len(runs[0].annotations) == len(result.findings)
    assert report.inline_posted == 1 and report.file_comments == 1


def test_rerun_adds_nothing_and_edits_in_place(make_repo, github_stub):
    _, pull, result, repo = _pull(make_repo, github_stub)
    publish(repo, pull.number, result, OPTIONS)
    before = {c.id for c in github_stub.review_comments_on("octo/trainer", pull.number)}
    reviews = len(github_stub.reviews_on("octo/trainer", pull.number))
    again = publish(repo, pull.number, result, OPTIONS)
    after = {c.id for c in github_stub.review_comments_on("octo/trainer", pull.number)}
    assert after == before and again.inline_posted == 0 and again.inline_kept == 1
    assert len([c for c in github_stub.issue_comments_on("octo/trainer", pull.number) if "drift:summary" in c.body]) == 1
    assert len(github_stub.reviews_on("octo/trainer", pull.number)) == reviews  # no new review


def test_fixed_findings_lose_their_comments_unless_someone_replied(make_repo, github_stub):
    builder, pull, result, repo = _pull(make_repo, github_stub)
    publish(repo, pull.number, result, OPTIONS)
    inline = next(c for c in _ours(github_stub, "octo/trainer", pull.number) if c.subject_type == "line")
    file_comment = next(c for c in _ours(github_stub, "octo/trainer", pull.number) if c.subject_type == "file")
    repo.get_pull(pull.number).create_review_comment_reply(file_comment.id, "Will fix in a follow-up.")
    # Nothing stale any more: every drift comment goes; the replied-to one stays, marked.
    result.findings = []
    report = publish(repo, pull.number, result, OPTIONS)
    remaining = {c.id: c for c in github_stub.review_comments_on("octo/trainer", pull.number)}
    assert inline.id not in remaining
    assert file_comment.id in remaining
    summary = next(c for c in github_stub.issue_comments_on("octo/trainer", pull.number) if "drift:summary" in c.body)
    assert "the docs match the code" in summary.body
    assert github_stub.check_runs_for("octo/trainer", result.commit)[-1].conclusion == "success"
    assert report.deleted == 1


def test_a_rejected_review_falls_back_to_the_summary(make_repo, github_stub):
    _, pull, result, repo = _pull(make_repo, github_stub)
    github_stub.inject("POST", r"/pulls/\d+/reviews$", 422, body={"message": "Unprocessable Entity", "errors": ["Line could not be resolved"]})
    report = publish(repo, pull.number, result, OPTIONS)
    assert report.review_rejected
    assert not [r for r in github_stub.reviews_on("octo/trainer", pull.number) if r.body.startswith("drift found")]
    assert not [c for c in _ours(github_stub, "octo/trainer", pull.number) if c.subject_type == "line"]
    summary = next(c for c in github_stub.issue_comments_on("octo/trainer", pull.number) if "drift:summary" in c.body)
    assert "docs/guide.md" in summary.body and "--rollout-batch-size" in summary.body


def test_server_errors_and_rate_limits_are_retried(make_repo, github_stub):
    _, pull, result, repo = _pull(make_repo, github_stub)
    waits = []
    github_stub.inject("POST", r"/pulls/\d+/reviews$", 502, times=2)
    github_stub.inject_secondary_rate_limit("POST", r"/check-runs$", retry_after=3)
    report = publish(repo, pull.number, result, PublishOptions(sleep=waits.append))
    assert report.inline_posted == 1 and report.check_run_id is not None
    assert 3.0 in waits and len(waits) == 3  # two backoffs for 502, retry-after for the limit


def test_read_only_token_is_reported_as_such(make_repo, github_stub):
    _, pull, result, _ = _pull(make_repo, github_stub)
    repo = github_stub.client(github_stub.add_actions_token(read_only=True)).get_repo("octo/trainer")
    with pytest.raises(ReadOnlyToken):
        publish(repo, pull.number, result, OPTIONS)


def test_annotations_go_in_batches_of_fifty(make_repo, github_stub):
    many = "# Many\n\n" + "".join(f"Use `--rollout-batch` ({i}).\n" for i in range(120))
    _, pull, result, repo = _pull(make_repo, github_stub, {"docs/many.md": many})
    assert len(result.findings) > 100
    publish(repo, pull.number, result, PublishOptions(sleep=lambda s: None, max_inline=30))
    run = github_stub.check_runs_for("octo/trainer", result.commit)[0]
    assert max(run.annotation_batches) == 50 and sum(run.annotation_batches) == len(result.findings)
    inline = [c for c in _ours(github_stub, "octo/trainer", pull.number) if c.subject_type == "line"]
    assert len(inline) <= 30  # the cap; the rest are in the summary
    for comment in inline:
        assert re.search(r"<!-- drift:fp=[0-9a-f+]+ -->", comment.body)


def test_a_summary_cut_to_githubs_limit_keeps_its_marker_and_is_updated_in_place(make_repo, github_stub, monkeypatch):
    from drift_docs.github import render

    monkeypatch.setattr(render, "MAX_BODY", 600)  # a summary longer than the limit, as on a large PR
    _, pull, result, repo = _pull(make_repo, github_stub)
    for _ in range(3):
        publish(repo, pull.number, result, OPTIONS)
    summaries = [c for c in github_stub.issue_comments_on("octo/trainer", pull.number) if "drift:summary" in c.body]
    assert len(summaries) == 1 and len(summaries[0].body) <= 600 and "cut to fit" in summaries[0].body


def test_a_persons_comment_that_quotes_drifts_markers_is_never_edited_or_deleted(make_repo, github_stub):
    _, pull, result, repo = _pull(make_repo, github_stub)
    quoted = github_stub.add_issue_comment("octo/trainer", pull.number, "As drift said:\n> stale\n<!-- drift:summary -->", user="alice")
    publish(repo, pull.number, result, OPTIONS)
    publish(repo, pull.number, result, OPTIONS)
    comments = github_stub.issue_comments_on("octo/trainer", pull.number)
    assert any(c.id == quoted.id and c.body.startswith("As drift said") for c in comments)
    ours = [c for c in comments if "drift:summary" in c.body and c.user != "alice"]
    assert len(ours) == 1  # drift's own summary, once, beside alice's untouched comment


def test_text_a_pull_requests_author_controls_is_inert_in_comments():
    from drift_docs.github.render import _cell, _safe

    subject = "Fix @octo/admins ![x](https://evil.example/p.png) [here](https://evil.example) <img src=x>"
    shown = _safe(subject)
    assert "@octo" not in shown and "![" not in shown and "](" not in shown and "<img" not in shown
    assert "|" not in _cell("a | b").replace("\\|", "")
