"""`drift action` in a GitHub Actions job: the workflow token posts the review; a fork's
read-only token falls back to annotations and the job summary, and the step succeeds."""

from __future__ import annotations

import json

from drift_docs.github.action import run_action

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


def _outputs(path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in path.read_text().splitlines())


def test_sarif_mode_on_a_push_writes_the_file_and_sets_outputs(make_repo, tmp_path, monkeypatch):
    from .fixtures.mlproject import build as build_project

    builder = build_project(make_repo)
    event = tmp_path / "push.json"
    event.write_text(json.dumps({"ref": "refs/heads/main", "after": builder.repo.head.commit.hexsha}))
    monkeypatch.setenv("GITHUB_EVENT_PATH", str(event))
    outputs = tmp_path / "outputs.txt"
    monkeypatch.setenv("GITHUB_OUTPUT", str(outputs))
    assert run_action(str(builder.root), mode="sarif") == 0
    values = _outputs(outputs)
    sarif = json.loads((builder.root / "drift.sarif").read_text())
    assert values["sarif-file"] == str(builder.root / "drift.sarif")
    assert int(values["findings"]) == len(sarif["runs"][0]["results"]) > 0
    assert 0 < int(values["groups"]) <= int(values["findings"])
    # A failing gate on the same run: findings of error severity fail the step.
    assert run_action(str(builder.root), mode="sarif", fail_on_findings=True) == 1


def test_review_mode_sets_the_findings_output(make_repo, github_stub, tmp_path, monkeypatch):
    builder, pull, result, _ = _pull(make_repo, github_stub)
    _event(tmp_path, monkeypatch, pull, result.base, result.commit)
    outputs = tmp_path / "outputs.txt"
    monkeypatch.setenv("GITHUB_OUTPUT", str(outputs))
    client = github_stub.client(github_stub.add_actions_token())
    assert run_action(str(builder.root), client=client) == 0
    assert int(_outputs(outputs)["findings"]) == len(result.findings) > 0


def test_review_mode_needs_a_pull_request(make_repo, tmp_path, monkeypatch):
    import pytest

    from drift_docs.revision import DriftError

    builder = make_repo({"README.md": "# x\n"})
    event = tmp_path / "push.json"
    event.write_text(json.dumps({"ref": "refs/heads/main"}))
    monkeypatch.setenv("GITHUB_EVENT_PATH", str(event))
    with pytest.raises(DriftError, match="mode: sarif"):
        run_action(str(builder.root))


def test_action_yml_wires_every_input_and_output_and_pins_every_dependency():
    """The contract between action.yml, `drift action` and the install: an input nobody
    reads or an output nobody writes is a silent no-op for the user."""
    import re
    import tomllib
    from pathlib import Path

    import yaml

    root = Path(__file__).resolve().parent.parent
    action = yaml.safe_load((root / "action.yml").read_text())
    steps = action["runs"]["steps"]
    text = (root / "action.yml").read_text()
    for name in action["inputs"]:
        assert f"inputs.{name} }}" in text, f"input {name} is never used"
    drift_step = next(s for s in steps if s.get("id") == "drift")
    readers = (root / "bot" / "cli.py").read_text() + (root / "bot" / "github" / "action.py").read_text()
    for env_name in drift_step["env"]:
        assert f'"{env_name}"' in readers or f'"${env_name}"' in drift_step["run"], f"{env_name} is passed but drift action never reads it"
    written = {"findings", "errors", "groups", "sarif-file"}
    for name, output in action["outputs"].items():
        assert output["value"] == f"${{{{ steps.drift.outputs.{name} }}}}" and name in written
    pinned = {re.split(r"==", line)[0].lower().replace("_", "-") for line in (root / ".github" / "action-constraints.txt").read_text().splitlines() if line and not line.startswith("#")}
    deps = tomllib.loads((root / "pyproject.toml").read_text())["project"]["dependencies"]
    for dep in deps:
        if "python_version <" in dep:
            continue
        name = re.match(r"[A-Za-z0-9_.-]+", dep).group(0).lower().replace("_", "-")
        assert name in pinned, f"{name} is not pinned for the Action"
