"""The command line as a user meets it: exit codes, formats, errors without tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from drift_docs.cli import main

from .fixtures.mlproject import build as build_project

CLEAN = {
    "tool/__init__.py": "",
    "tool/cli.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--name')\n",
    "README.md": "# Tool\n\nRun `python tool/cli.py --name x`.\n",
}


def test_clean_repo_exits_zero(make_repo, capsys):
    builder = make_repo(CLEAN)
    assert main(["audit", str(builder.root)]) == 0
    assert "0 finding(s)" in capsys.readouterr().out


def test_findings_exit_one_and_json_has_the_documented_fields(make_repo, capsys):
    builder = build_project(make_repo)
    assert main(["audit", str(builder.root), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["findings"], data
    for finding in data["findings"]:
        for key in ("rule", "name", "path", "line", "column", "text", "replacement", "evidence", "confidence"):
            assert key in finding
    assert {f["rule"] for f in data["findings"]} >= {"DRIFT001", "DRIFT002", "DRIFT006"}


def test_sarif_is_2_1_0_with_rules_and_fixes(make_repo, capsys):
    builder = build_project(make_repo)
    main(["audit", str(builder.root), "--format", "sarif"])
    log = json.loads(capsys.readouterr().out)
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    rule_ids = {rule["id"] for rule in run["tool"]["driver"]["rules"]}
    assert {r["ruleId"] for r in run["results"]} <= rule_ids
    assert any("fixes" in r for r in run["results"])
    region = run["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] >= 1 and region["startColumn"] >= 1


def test_github_annotations(make_repo, capsys):
    builder = build_project(make_repo)
    main(["audit", str(builder.root), "--format", "github"])
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.startswith(("::error ", "::warning ", "::notice ")) for line in lines)
    assert any("file=docs/guide.md,line=38," in line for line in lines)  # `--rollout-batchsize`


def test_not_a_repository_and_unknown_revision_exit_two(tmp_path, make_repo, capsys):
    assert main(["audit", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "not inside a git repository" in err and "Traceback" not in err
    builder = make_repo(CLEAN)
    assert main(["audit", str(builder.root), "--rev", "no-such-branch"]) == 2
    assert "unknown revision" in capsys.readouterr().err
    assert main(["audit", str(tmp_path / "missing")]) == 2


def test_bare_drift_audits_the_repository_it_stands_in(make_repo):
    builder = build_project(make_repo)
    env = {**os.environ, "DRIFT_CACHE_DIR": str(builder.root.parent / "c2")}
    proc = subprocess.run([sys.executable, "-m", "drift_docs.cli"], cwd=builder.root / "docs", capture_output=True, text=True, env=env)
    assert proc.returncode == 1, proc.stderr
    assert "docs/guide.md" in proc.stdout


def test_bad_config_is_a_clear_error(make_repo, capsys):
    builder = make_repo({**CLEAN, ".github/drift.yml": "drift:\n  nonsense: 1\n"})
    assert main(["audit", str(builder.root)]) == 2
    assert "unknown drift setting" in capsys.readouterr().err


def test_rules_listing_and_pages(capsys):
    assert main(["rules"]) == 0
    listing = capsys.readouterr().out
    assert "DRIFT001  stale-path" in listing and "DRIFT002  unknown-flag" in listing
    assert main(["rules", "default-mismatch"]) == 0
    page = capsys.readouterr().out
    assert "What it does" in page and "Silence" in page


def test_a_misspelled_command_gets_a_suggestion_and_common_options_may_come_first(make_repo, capsys):
    from drift_docs.cli import main

    builder = make_repo({"README.md": "# Tool\n\nSee [the guide](gone.md).\n"})
    assert main(["covrage", str(builder.root)]) == 2
    assert "did you mean 'coverage'" in capsys.readouterr().err
    assert main(["-v", "fix", str(builder.root), "--dry-run"]) == 0
    assert main(["-v", "audit", str(builder.root), "--no-blame"]) == 1
    assert "gone.md" in capsys.readouterr().out


def test_a_baseline_keeps_old_findings_out_and_new_ones_in(make_repo, capsys, tmp_path):
    builder = make_repo({"README.md": "# R\n\nSee `docs/old.md`.\n", "docs/a.md": "# A\n"})
    baseline = tmp_path / "baseline.json"
    assert main(["audit", str(builder.root), "--no-blame", "--write-baseline", str(baseline)]) == 0
    assert [e["text"] for e in json.loads(baseline.read_text())["findings"]] == ["docs/old.md"]
    capsys.readouterr()
    # A line added above shifts the old finding; it still matches. A new one does not.
    builder.commit({"README.md": "# R\n\nIntro.\n\nSee `docs/old.md`.\n\nAnd `docs/new.md`.\n"}, "more")
    assert main(["audit", str(builder.root), "--no-blame", "--baseline", str(baseline), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [f["text"] for f in report["findings"]] == ["docs/new.md"] and report["stats"]["baselined"] == 1
    assert main(["audit", str(builder.root), "--no-blame", "--baseline", str(baseline), "--exit-zero"]) == 0
    (tmp_path / "bad.json").write_text("[1]")
    assert main(["audit", str(builder.root), "--baseline", str(tmp_path / "bad.json")]) == 2


def test_staged_and_worktree_modes_audit_what_is_not_committed(make_repo, capsys):
    builder = make_repo({"README.md": "# R\n\nSee `docs/a.md`.\n", "docs/a.md": "# A\n"})
    root = builder.root
    (root / "README.md").write_text("# R\n\nSee `docs/a.md` and `docs/staged.md`.\n")
    subprocess.run(["git", "-C", str(root), "add", "README.md"], check=True)
    (root / "README.md").write_text("# R\n\nSee `docs/a.md`, `docs/staged.md` and `docs/unstaged.md`.\n")
    (root / "docs" / "extra.md").write_text("Untracked: `docs/ghost.md`.\n")
    head = builder.repo.head.commit.hexsha
    runs = {}
    for mode in ("--rev=HEAD", "--staged", "--worktree"):
        main(["audit", str(root), "--no-blame", "--format", "json", mode])
        runs[mode] = sorted(f["text"] for f in json.loads(capsys.readouterr().out)["findings"])
    assert runs == {"--rev=HEAD": [], "--staged": ["docs/staged.md"], "--worktree": ["docs/ghost.md", "docs/staged.md", "docs/unstaged.md"]}
    # Nothing of the user's changed: the same HEAD, the same staged and unstaged states.
    assert builder.repo.head.commit.hexsha == head
    status = subprocess.run(["git", "-C", str(root), "status", "--porcelain"], capture_output=True, text=True).stdout.splitlines()
    assert sorted(status) == ["?? docs/extra.md", "MM README.md"]


def test_the_pre_commit_hook_audits_the_staged_change():
    import yaml

    hooks = yaml.safe_load(open(os.path.join(os.path.dirname(__file__), "..", ".pre-commit-hooks.yaml")))
    (hook,) = hooks
    assert hook["id"] == "drift" and "--staged" in hook["entry"] and hook["pass_filenames"] is False


def test_settings_take_kebab_and_snake_case_and_a_typo_gets_the_closest_key(make_repo, capsys):
    pyproject = '[tool.drift]\nextend-exclude = ["docs/old/**"]\nmin_confidence = "high"\n'
    builder = make_repo({"pyproject.toml": pyproject, "docs/old/a.md": "See `docs/gone.md`.\n", "README.md": "# R\n"})
    assert main(["audit", str(builder.root), "--no-blame"]) == 0  # the excluded folder is not audited
    builder.commit({"pyproject.toml": '[tool.drift]\nextend-exclud = ["x"]\n'}, "typo")
    assert main(["audit", str(builder.root), "--no-blame"]) == 2
    assert "extend-exclud (did you mean extend-exclude?)" in capsys.readouterr().err


def test_exclude_patterns_are_gitignore_style(make_repo):
    from drift_docs.config import Config

    config = Config(exclude=["docs/*.md", "vendor", "!vendor/keep.md", "**/gen/**"])
    assert config.is_excluded("docs/a.md") and not config.is_excluded("docs/sub/deep.md")
    assert config.is_excluded("vendor/x.md") and config.is_excluded("pkg/vendor/y.md")
    assert not config.is_excluded("vendor/keep.md")
    assert config.is_excluded("a/gen/b/c.md") and not config.is_excluded("generated.md")
    assert Config(include_docs=["docs"]).is_doc_included("docs/sub/x.md") and not Config(include_docs=["docs"]).is_doc_included("README.md")


def test_select_ignore_per_file_ignores_and_settings_on_the_command_line(make_repo, capsys):
    import json as _json

    files = {
        "train.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--lr')\np.parse_args()\n",
        "docs/a.md": "# A\n\nRun `python train.py --lrate 1`; see `tools/gone.py`.\n",
        "docs/legacy/b.md": "# B\n\nSee `tools/old.py`.\n",
        "pyproject.toml": '[tool.drift]\nper-file-ignores = {"docs/legacy/**" = ["stale-path"]}\n',
        "tools/kept.py": "",
    }
    builder = make_repo(files)

    def rules(*extra):
        main(["audit", str(builder.root), "--no-blame", "--format", "json", *extra])
        return sorted((f["rule"], f["path"]) for f in _json.loads(capsys.readouterr().out)["findings"])

    assert rules() == [("DRIFT001", "docs/a.md"), ("DRIFT002", "docs/a.md")]
    assert rules("--select", "unknown-flag") == [("DRIFT002", "docs/a.md")]
    assert rules("--ignore", "DRIFT002") == [("DRIFT001", "docs/a.md")]
    # A setting given on the command line goes over the file's: no per-file ignores.
    assert rules("--config", "per-file-ignores = {}") == [("DRIFT001", "docs/a.md"), ("DRIFT001", "docs/legacy/b.md"), ("DRIFT002", "docs/a.md")]
    assert main(["audit", str(builder.root), "--config", "min-confidnce = 'high'"]) == 2
    assert "did you mean min-confidence" in capsys.readouterr().err


def test_bash_completion_completes_commands_options_and_choices(tmp_path):
    """The script `drift completion bash` prints, run by a real bash."""
    import shutil

    if shutil.which("bash") is None:
        import pytest

        pytest.skip("no bash")
    proc = subprocess.run([sys.executable, "-m", "drift_docs", "completion", "bash"], capture_output=True, text=True, check=True)
    script = tmp_path / "drift.bash"
    script.write_text(proc.stdout)

    def complete(*words: str) -> list[str]:
        quoted = " ".join(f"'{w}'" for w in ("drift", *words))
        cmd = f"source {script}; COMP_WORDS=({quoted}); COMP_CWORD={len(words)}; _shtab_drift; printf '%s\\n' \"${{COMPREPLY[@]}}\""
        return subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, check=True).stdout.split()

    assert complete("au") == ["audit"]
    assert "completion" in complete("")
    assert complete("audit", "--for") == ["--format"]
    assert complete("audit", "--format", "") == ["text", "json", "sarif", "github"]
    assert "--mode" in complete("action", "--m")


def test_zsh_completion_is_a_compdef_script(capsys):
    assert main(["completion", "zsh"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("#compdef drift") and "audit" in out and "--write-baseline" in out


def test_a_slow_stage_shows_its_name_on_a_terminal_and_nothing_elsewhere():
    import io
    import threading

    from drift_docs.cli import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    progress = Progress(terminal)
    shown = threading.Event()
    with progress.stage("reading history (blame)", after=0.0, every=0.01):
        # The stage lasts until its line is on the terminal (no fixed sleep).
        for _ in range(500):
            if "reading history (blame)..." in terminal.getvalue():
                shown.set()
                break
            threading.Event().wait(0.01)
    assert shown.is_set()
    assert terminal.getvalue().endswith("\r")  # the line is cleared when the stage ends
    piped = io.StringIO()
    with Progress(piped).stage("reading history (blame)", after=0.0, every=0.01):
        threading.Event().wait(0.05)
    assert piped.getvalue() == ""


def test_every_command_s_help_line_is_a_whole_sentence(capsys):
    from drift_docs.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for choice in sub._choices_actions:
        words = choice.help.split()
        # No help line stops on a word that needs more after it ("that are", "the").
        assert words[-1].lower() not in {"are", "is", "the", "a", "an", "of", "to", "and", "that", "with"}, (choice.dest, choice.help)


def test_a_project_with_its_own_bot_package_neither_shadows_drift_nor_is_shadowed(make_repo):
    """drift's source folder is bot/, but it installs as drift_docs: a chat-bot project's `bot`
    package on the path (its checkout, PYTHONPATH=.) must not replace drift's, nor the reverse."""
    builder = make_repo({
        **CLEAN,
        "bot/__init__.py": "raise ImportError('this is the project\\'s own bot package')\nNAME = 'theirs'\n",
    })
    env = {**os.environ, "PYTHONPATH": str(builder.root)}
    script = os.path.join(os.path.dirname(sys.executable), "drift")
    for command in ([script, "audit", "."], [sys.executable, "-m", "drift_docs", "audit", "."]):
        proc = subprocess.run(command, cwd=builder.root, capture_output=True, text=True, env=env)
        assert proc.returncode == 0, proc.stderr
        assert "0 finding(s)" in proc.stdout
    # ... and their own `bot` is still theirs.
    theirs = subprocess.run([sys.executable, "-c", "import bot"], cwd=builder.root, capture_output=True, text=True, env=env)
    assert "the project's own bot package" in theirs.stderr
