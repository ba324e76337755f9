"""Git-history attribution on real repositories: the commit that changed the very thing a
finding is about, born stale when the doc was wrong from the start, the same answers
cold and warm, and a count (not a clock) that bounds the work."""

from __future__ import annotations

import json

from drift_docs import definition_history, history, history_scan
from drift_docs.cli import main
from drift_docs.engine import audit
from drift_docs.history import History

PARSER = "import argparse\np = argparse.ArgumentParser()\n{flags}args = p.parse_args()\n"


def _args(*flags: str) -> str:
    return PARSER.format(flags="".join(f"p.add_argument({f})\n" for f in flags))


def _one(result, rule: str, text: str | None = None):
    found = [f for f in result.findings if f.rule == rule and (text is None or f.text == text)]
    assert len(found) == 1, [(f.rule, f.text, f.line) for f in result.findings]
    return found[0]


def test_a_removal_is_the_answer_not_a_later_commit_adding_a_local_of_that_name(make_repo):
    util = "def build_cache(path):\n    return {}\n\n\ndef load(path):\n    return path\n"
    builder = make_repo({"pkg/__init__.py": "", "pkg/util.py": util, "README.md": "# T\n\nCall `pkg.util.build_cache` first.\n"})
    removal = builder.commit({"pkg/util.py": "def load(path):\n    return path\n"}, "Drop build_cache (#11)")
    # Later: a local of that name in the same module adds the name, removes nothing.
    builder.commit({"pkg/util.py": "def load(path):\n    build_cache = {}\n    return build_cache.get(path, path)\n"}, "Memoise load")
    found = _one(audit(builder.root), "DRIFT005")
    assert found.broken_by["commit"] == removal and found.broken_by["pr"] == 11
    assert found.broken_by["reason"] == "removed" and found.broken_by["born_stale"] is False


def test_a_removed_module_level_name_is_found_at_the_start_of_a_diff_line(make_repo):
    code = 'import os\nTRAINER_SEED = os.environ.get("TRAINER_SEED")\nTRAINER_HOME = os.environ.get("TRAINER_HOME")\n'
    builder = make_repo({"trainer/__init__.py": "", "trainer/env.py": code, "README.md": "# T\n\nSet `TRAINER_SEED=1`.\n"})
    removal = builder.commit({"trainer/env.py": 'import os\nTRAINER_HOME = os.environ.get("TRAINER_HOME")\n'}, "No seed")
    assert _one(audit(builder.root), "DRIFT003").broken_by["commit"] == removal


TABLE = "# Flags\n\n| Flag | Default | Type |\n| --- | --- | --- |\n| `--steps` | `{default}` | {kind} |\n"


def test_a_default_changed_after_the_doc_was_written_is_that_commit(make_repo):
    builder = make_repo({"train.py": _args("'--steps', type=int, default=10"), "README.md": TABLE.format(default=10, kind="int")}, "Document steps")
    # Touches the definition line's help text only: no default changed here.
    builder.commit({"train.py": _args("'--steps', type=int, default=10, help='how many'")}, "Help text")
    change = builder.commit({"train.py": _args("'--steps', type=int, default=20, help='how many'")}, "More steps (#5)")
    builder.commit({"train.py": _args("'--steps', type=int, default=20, help='how many steps'")}, "Reword help")
    found = _one(audit(builder.root), "DRIFT006")
    assert found.definition["path"] == "train.py" and found.definition["attribute"] == "default"
    assert found.broken_by["commit"] == change and found.broken_by["reason"] == "changed"
    assert found.broken_by["born_stale"] is False


def test_a_doc_line_written_after_the_default_changed_is_born_stale(make_repo):
    builder = make_repo({"train.py": _args("'--steps', type=int, default=10"), "README.md": "# Flags\n"})
    change = builder.commit({"train.py": _args("'--steps', type=int, default=20")}, "More steps")
    doc = builder.commit({"README.md": TABLE.format(default=10, kind="int")}, "Document the old default")
    found = _one(audit(builder.root), "DRIFT006")
    assert found.broken_by["commit"] == change
    assert found.broken_by["born_stale"] is True and found.broken_by["doc_line_commit"] == doc
    # The report says the line was wrong when written, not that the commit broke it.
    from drift_docs.report.text import render

    said = [line.strip() for line in render(audit(builder.root)).splitlines() if "born stale" in line]
    assert said == [f"born stale: the doc line was written after the code lost it in {change[:10]} {found.broken_by['date'][:10]} {found.broken_by['author']}: More steps"]
    # Without blame the line's age is unknown: the report names the change, not a verdict.
    unblamed = audit(builder.root, blame=False)
    said = [line.strip() for line in render(unblamed).splitlines() if change[:10] in line]
    assert said == [f"the code changed in: {change[:10]} {found.broken_by['date'][:10]} {found.broken_by['author']}: More steps"]
    assert unblamed.findings[0].broken_by["commit"] == change and "born_stale" not in unblamed.findings[0].broken_by


def test_a_type_that_never_changed_is_born_stale_not_the_deleted_example(make_repo):
    builder = make_repo({"train.py": _args("'--steps', type=int, default=10"), "examples/run.sh": "python train.py --steps 3\n"}, "Add --steps")
    born = builder.repo.head.commit.hexsha
    doc = builder.commit({"README.md": TABLE.format(default=10, kind="float")}, "Document steps as a float")
    builder.commit({}, "Drop the example", remove=("examples/run.sh",))
    found = _one(audit(builder.root), "DRIFT011")
    assert found.definition["attribute"] == "type"
    assert found.broken_by["born_stale"] is True and found.broken_by["doc_line_commit"] == doc
    assert found.broken_by["commit"] == born  # the definition had its type from its first version


def test_a_name_that_never_existed_is_born_stale_with_the_doc_lines_commit(make_repo):
    builder = make_repo({"train.py": _args("'--learning-rate', type=float")}, "Code")
    doc = builder.commit({"README.md": "# T\n\nRun `python train.py --learnin-rate 1`.\n"}, "Docs with a typo")
    flag = _one(audit(builder.root), "DRIFT002")
    assert flag.broken_by == {"born_stale": True, "reason": "never-existed", "doc_line_commit": doc, "doc_line_timestamp": flag.broken_by["doc_line_timestamp"], "stale_days": 0.0}
    assert "commit" not in flag.broken_by


def _broken_by(result) -> list:
    return [(f.rule, f.line, f.text, json.dumps(f.broken_by, sort_keys=True)) for f in result.findings]


def test_the_count_budget_cuts_the_same_findings_cold_and_warm(make_repo, monkeypatch, tmp_path):
    builder = make_repo({"train.py": _args("'--old', type=int", "'--steps', type=int, default=10"), "README.md": "# T\n\nRun `python train.py --old 1`.\n\n" + TABLE.format(default=5, kind="int")[8:]})
    # Drops --old, and edits --steps' line without changing its default: a version to look at.
    builder.commit({"train.py": _args("'--steps', type=int, default=10, help='steps'")}, "Drop --old")
    builder.commit({"notes.txt": "x\n"}, "Unrelated")
    monkeypatch.setattr(history, "HISTORY_COMMITS", 1)  # the removal is two commits back
    monkeypatch.setattr(definition_history, "DEFINITION_VERSIONS", 1)  # the head's version only
    cold = audit(builder.root)
    warm = audit(builder.root)
    assert _broken_by(cold) == _broken_by(warm)
    assert _one(cold, "DRIFT002").broken_by == {"unknown": "budget"}
    assert _one(cold, "DRIFT006").broken_by == {"unknown": "budget"}
    # A fresh cache answers the same: the bound counts cached answers like computed ones.
    monkeypatch.setenv("DRIFT_CACHE_DIR", str(tmp_path / "other-cache"))
    assert _broken_by(audit(builder.root)) == _broken_by(cold)
    monkeypatch.setattr(history, "HISTORY_COMMITS", 20000)
    assert _one(audit(builder.root), "DRIFT002").broken_by["reason"] == "removed"


def test_a_newer_head_scans_only_new_commits_and_answers_as_a_cold_run(make_repo, monkeypatch, tmp_path):
    builder = make_repo({"train.py": _args("'--alpha', type=int", "'--beta', type=int", "'--keep', type=int"), "README.md": "# T\n\n`python train.py --alpha 1 --beta 2`\n"})
    alpha = builder.commit({"train.py": _args("'--keep', type=int")}, "Drop --alpha and --beta")
    first = audit(builder.root)
    builder.commit({"train.py": _args("'--beta', type=int", "'--keep', type=int")}, "Bring --beta back")
    beta = builder.commit({"train.py": _args("'--keep', type=int")}, "Drop --beta again")
    scanned = []
    real = history_scan.scan_tokens
    monkeypatch.setattr(history_scan, "scan_tokens", lambda h, w, tokens, spec, base=None: scanned.append((sorted(tokens), base)) or real(h, w, tokens, spec, base))
    warm = audit(builder.root)
    assert scanned and all(base == first.commit for _, base in scanned)  # only first..head
    assert _one(warm, "DRIFT002", "--beta").broken_by["commit"] == beta
    assert _one(warm, "DRIFT002", "--alpha").broken_by["commit"] == alpha == _one(first, "DRIFT002", "--alpha").broken_by["commit"]
    monkeypatch.setenv("DRIFT_CACHE_DIR", str(tmp_path / "cold"))
    scanned.clear()
    cold = audit(builder.root)
    assert scanned and all(base is None for _, base in scanned)
    assert _broken_by(cold) == _broken_by(warm)


def test_history_follows_a_deleted_doc_file(make_repo, capsys):
    builder = make_repo({"docs/old-guide.md": "# Old\n", "README.md": "# R\n"}, "Add the old guide (#1)")
    gone = builder.commit({}, "Remove the old guide (#2)", remove=("docs/old-guide.md",))
    assert main(["history", "docs/old-guide.md", str(builder.root), "--format", "json"]) == 0
    events = json.loads(capsys.readouterr().out)["path"]
    assert [(e["change"], e["pr"]) for e in events] == [("added", 1), ("deleted", 2)]
    assert events[-1]["commit"] == gone
    assert main(["history", "docs/old-guide.md", str(builder.root)]) == 0
    out = capsys.readouterr().out
    assert "docs/old-guide.md as a path:" in out and "deleted since" in out


def test_history_shows_a_file_renamed_away(make_repo, capsys):
    builder = make_repo({"scripts/a.sh": "echo a\n"})
    builder.repo.git.mv("scripts/a.sh", "scripts/b.sh")
    builder.repo.index.commit("Rename a to b (#9)")
    assert main(["history", "scripts/a.sh", str(builder.root)]) == 0
    out = capsys.readouterr().out
    assert "renamed scripts/a.sh -> scripts/b.sh" in out and "renamed to scripts/b.sh since" in out


def test_a_renamed_path_gets_the_same_replacement_with_blame_on_and_off(make_repo):
    script = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--model')\n"
    doc = "# R\n\n```bash\npython scripts/dpo.py --model m\n```\n\nSee [the tool](../tools/run.sh).\n"
    builder = make_repo({"scripts/dpo.py": script, "tools/run.sh": "echo\n", "docs/guide.md": doc.replace("scripts/dpo.py", "../scripts/dpo.py")})
    builder.repo.git.mv("scripts/dpo.py", "scripts/online_dpo.py")
    builder.repo.git.mv("tools/run.sh", "tools/launch.sh")
    builder.repo.index.commit("Rename the scripts (#3)")
    blamed = audit(builder.root)
    plain = audit(builder.root, blame=False)  # the engine applies git's renames either way
    strip = lambda result: [{k: v for k, v in f.to_dict().items() if k != "broken_by"} for f in result.findings]  # noqa: E731
    assert strip(plain) == strip(blamed)
    replaced = {f.text: f.replacement for f in blamed.findings}
    assert replaced == {"../scripts/dpo.py": "../scripts/online_dpo.py", "../tools/run.sh": "../tools/launch.sh"}
    assert all(f.certain and f.broken_by["reason"] == "renamed" for f in blamed.findings)


def test_a_rename_git_saw_outranks_the_folder_s_closest_name(make_repo):
    """tinytuya: examples/Contrib/IRRemoteControlDevice-example.py was renamed (and
    edited) to IRRemoteControlDevice-ircode-converting-example.py; the folder's closest
    name, RFRemoteControlDevice-example.py, is another device's example, no fix."""
    example = "".join(f"step_{i} = send_ir_code({i})\n" for i in range(12))
    files = {"examples/Contrib/IRRemoteControlDevice-example.py": example, "examples/Contrib/RFRemoteControlDevice-example.py": "rf = 1\n",
             "README.md": "# T\n\nSee `examples/Contrib/IRRemoteControlDevice-example.py`.\n"}
    builder = make_repo(files)
    builder.repo.git.mv("examples/Contrib/IRRemoteControlDevice-example.py", "examples/Contrib/IRRemoteControlDevice-ircode-converting-example.py")
    builder.commit({"examples/Contrib/IRRemoteControlDevice-ircode-converting-example.py": example + "done = True\n"}, "Rework the IR examples")
    (found,) = audit(builder.root, blame=False).findings
    assert (found.replacement, found.certain) == ("examples/Contrib/IRRemoteControlDevice-ircode-converting-example.py", True)


def test_a_page_s_link_to_a_file_moved_beside_it_is_fixed_from_the_page(make_repo):
    """oat: docs/a.md links `./examples/README.md` (written when it was at the root); the
    README moved to docs/examples.md. The fix is the link as the page resolves it."""
    doc = "# A\n\nSee the [examples](./examples/README.md#oracles).\n"
    builder = make_repo({"examples/README.md": "# E\n\n## Oracles\n", "docs/a.md": doc})
    builder.repo.git.mv("examples/README.md", "docs/examples.md")
    builder.repo.index.commit("Move the examples page into docs")
    found = [(f.text, f.replacement, f.certain) for f in audit(builder.root, blame=False).findings]
    assert found == [("./examples/README.md", "./examples.md", True)]


def test_a_page_written_after_a_move_names_the_file_from_inside_its_package(make_repo):
    """graphrag: `graphrag/` moved to packages/graphrag/graphrag/; a design doc written
    later lists `graphrag/cli/main.py` (from inside the package): a note. The README,
    written before the move, is stale by it, with the new path as its fix."""
    builder = make_repo({"graphrag/__init__.py": "", "graphrag/cli/main.py": "x = 1\n", "README.md": "# G\n\nEdit `graphrag/cli/main.py`.\n"})
    (builder.root / "packages" / "graphrag").mkdir(parents=True)
    builder.repo.git.mv("graphrag", "packages/graphrag/graphrag")
    builder.repo.index.commit("Monorepo layout (#7)")
    builder.commit({"packages/storage/pyproject.toml": "[project]\nname = 'storage'\n", "packages/storage/DESIGN.md": "# Design\n\nAdd the command in `graphrag/cli/main.py`.\n"}, "Storage design")
    found = {f.path: (f.confidence, f.replacement) for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    assert found == {"README.md": ("high", "packages/graphrag/graphrag/cli/main.py"), "packages/storage/DESIGN.md": ("low", "packages/graphrag/graphrag/cli/main.py")}


def test_no_blame_reports_the_same_findings_with_the_same_confidence_and_fixes(make_repo):
    """--no-blame (pre-commit, CI) skips reading the doc lines' ages, not what history
    decides: a path no commit ever had is a note, a file named from inside its package
    after the move is a note, a moved file's new path is the fix. Only broken_by loses
    the doc line's commit and, for a removal, the born-stale verdict it depends on."""
    builder = make_repo({"graphrag/__init__.py": "", "graphrag/cli/main.py": "x = 1\n", "README.md": "# G\n\nEdit `graphrag/cli/main.py`. Run `scripts/never.py`.\n"})
    for i in range(20):
        builder.commit({f"scripts/step_{i}.py": f"x = {i}\n"}, f"Step {i}")
    (builder.root / "packages" / "graphrag").mkdir(parents=True)
    builder.repo.git.mv("graphrag", "packages/graphrag/graphrag")
    builder.repo.index.commit("Monorepo layout (#7)")
    builder.commit({"packages/storage/pyproject.toml": "[project]\nname = 'storage'\n", "packages/storage/DESIGN.md": "# Design\n\nAdd the command in `graphrag/cli/main.py`.\n"}, "Storage design")

    def run(blame: bool):
        return audit(builder.root, config_file=["min-confidence = 'low'"], blame=blame, use_cache=False).findings

    blamed, unblamed = run(True), run(False)
    assert [(f.path, f.text, f.confidence, f.replacement, f.evidence) for f in unblamed] == [(f.path, f.text, f.confidence, f.replacement, f.evidence) for f in blamed]
    assert {(f.path, f.text): f.confidence for f in unblamed} == {
        ("README.md", "graphrag/cli/main.py"): "high",
        ("README.md", "scripts/never.py"): "low",
        ("packages/storage/DESIGN.md", "graphrag/cli/main.py"): "low",
    }
    for before, after in zip(blamed, unblamed):
        assert "doc_line_commit" in before.broken_by and "doc_line_commit" not in after.broken_by
        assert after.broken_by.get("commit") == before.broken_by.get("commit")
        # Never in the code: born stale whatever the line's age; a move: not known without it.
        assert after.broken_by.get("born_stale") is (True if not before.broken_by.get("commit") else None)


def test_pr_mode_blames_the_change_under_review(make_repo):
    from drift_docs.pr import run_pr

    builder = make_repo({"train.py": _args("'--keep', type=int", "'--drop', type=int"), "README.md": "# T\n\n`python train.py --drop 1`\n"})
    base = builder.repo.head.commit.hexsha
    change = builder.commit({"train.py": _args("'--keep', type=int")}, "Drop --drop (#8)")
    (found,) = [f for f in run_pr(builder.root, base).findings if f.text == "--drop"]
    assert found.broken_by["commit"] == change and found.broken_by["pr"] == 8


def test_every_attributable_finding_gets_an_answer(make_repo):
    builder = make_repo({"train.py": _args("'--steps', type=int, default=10"), "README.md": "# T\n\n`python train.py --stepz 1`, see `scripts/gone.sh`.\n\n" + TABLE.format(default=3, kind="str")[8:]})
    result = audit(builder.root)
    assert result.findings and all(f.broken_by for f in result.findings), [(f.rule, f.text) for f in result.findings]


def test_the_one_pass_scan_counts_whole_names_per_commit(make_repo):
    code = 'TRAINER_SEED = 1\na = "--fp8"\nb = "--fp8-hybrid"\nc = "perf/stepx"\nclass C:\n    foo_bar: int = 1\n'
    builder = make_repo({"m.py": code, "c.yaml": "foo_bar: 1\n"}, "Add")
    gone = builder.commit({"m.py": "x = 1\n"}, "Remove")
    history_ = History(builder.repo)
    try:
        tokens = ["TRAINER_SEED", "--fp8", "--fp8-hybrid", "perf/step", "perf", "field:foo_bar", "fp8", "never_there"]
        events = history_scan.token_events(history_, gone, tokens, history.CODE_PATHSPEC)
    finally:
        history_.close()
    counts = {t: [(e["subject"], e["added"], e["removed"], e["py_removed"]) for e in events[t]] for t in tokens}
    assert counts["TRAINER_SEED"] == [("Remove", 0, 1, 1), ("Add", 1, 0, 0)]  # at the start of a diff line
    assert counts["--fp8"] == [("Remove", 0, 1, 1), ("Add", 1, 0, 0)]  # not inside --fp8-hybrid
    assert counts["--fp8-hybrid"] == counts["--fp8"]
    assert counts["perf/step"] == [] and counts["perf"] == counts["--fp8"]  # perf/stepx holds perf, not perf/step
    assert counts["field:foo_bar"] == counts["--fp8"]  # the Python field, not the YAML key
    assert counts["fp8"] == [] and counts["never_there"] == []


def test_a_shallow_clone_does_not_claim_a_name_never_existed(make_repo, tmp_path, monkeypatch):
    builder = make_repo({"train.py": _args("'--old', type=int", "'--lr', type=float"), "README.md": "# T\n\n`python train.py --old 1`\n"})
    builder.commit({"train.py": _args("'--lr', type=float")}, "Drop --old")
    builder.commit({"notes.txt": "x\n"}, "Unrelated")
    import git

    shallow = git.Repo.clone_from(f"file://{builder.root}", tmp_path / "shallow", depth=1)
    assert _one(audit(shallow.working_dir), "DRIFT002").broken_by == {"unknown": "budget"}
    assert _one(audit(builder.root), "DRIFT002").broken_by["reason"] == "removed"


def test_a_cached_definition_walk_spends_the_same_count_as_a_cold_one(make_repo, monkeypatch):
    table = "# Flags\n\n| Flag | Default |\n| --- | --- |\n| `--alpha` | `1` |\n| `--beta` | `5` |\n"
    builder = make_repo({"train.py": _args("'--alpha', type=int, default=1", "'--beta', type=int, default=1"), "README.md": table})
    change = builder.commit({"train.py": _args("'--alpha', type=int, default=2", "'--beta', type=int, default=1")}, "a is 2")
    builder.commit({"train.py": _args("'--alpha', type=int, default=2", "'--beta', type=int, default=1") + "# end\n"}, "A comment")
    monkeypatch.setattr(definition_history, "DEFINITION_VERSIONS", 4)  # --alpha's walk takes 3, --beta's would take 3
    runs = [audit(builder.root) for _ in range(2)]
    for result in runs:
        assert _one(result, "DRIFT006", "1").broken_by["commit"] == change
        assert _one(result, "DRIFT006", "5").broken_by == {"unknown": "budget"}
    assert _broken_by(runs[0]) == _broken_by(runs[1])


def test_a_path_this_repository_never_had_is_medium_and_one_it_removed_is_high(make_repo):
    from drift_docs.engine import audit

    doc = "# Run\n\nRun `scripts/old.py`, then `scripts/never.py`; see [notes](notes/never.md).\n"
    builder = make_repo({"scripts/old.py": "print(1)\n", "scripts/keep.py": "", "notes/a.md": "# a\n", "docs/run.md": doc})
    builder.commit({}, "Drop the old script (#3)", remove=("scripts/old.py",))
    found = {f.text: (f.confidence, f.context) for f in audit(builder.root).findings if f.rule == "DRIFT001"}
    # Named in prose and never in any commit: as often the reader's file as a typo. A link
    # is the page's own claim, and a removed script is stale for sure.
    assert found == {"scripts/old.py": ("high", "inline"), "scripts/never.py": ("medium", "inline"), "notes/never.md": ("high", "link")}


def test_a_path_under_a_folder_git_saw_renamed_is_stale_with_the_new_path(make_repo):
    from drift_docs.engine import audit

    builder = make_repo({"pkg_old/__init__.py": "", "pkg_old/train.py": "x = 1\n", "README.md": "# x\n"})
    builder.repo.git.mv("pkg_old", "pkg")
    builder.repo.index.commit("Rename pkg_old to pkg (#5)")
    builder.commit({"tools_v1/convert.py": "x = 2\n"}, "add a converter")
    builder.commit({}, "Drop the v1 tools (#6)", remove=("tools_v1/convert.py",))
    builder.commit({"README.md": "# Doc\n\nRun `pkg_old/train.py`, not `pkg_old/never.py` or `path/to/model`; `tools_v1/convert.py` is gone.\n"}, "docs")
    for blame in (True, False):
        found = [(f.text, f.replacement, f.certain) for f in audit(builder.root, blame=blame).findings]
        # Its first part is nowhere now, but git saw that folder renamed: the one fix; a
        # file a commit deleted is stale with no fix; a path never in the tree is no claim.
        assert found == [("pkg_old/train.py", "pkg/train.py", True), ("tools_v1/convert.py", None, False)]


def test_a_history_git_cannot_walk_says_nothing_about_what_existed(make_repo, monkeypatch):
    import git as gitpython

    from drift_docs.engine import audit
    from drift_docs.history import History

    doc = "# Run\n\nRun `scripts/never.py`.\n"
    builder = make_repo({"scripts/keep.py": "", "docs/run.md": doc})
    real = History.run_git

    def failing(self, *args, check=False):
        if args and args[0] == "log" and "--name-status" in args:
            raise gitpython.GitCommandError(["git", *args], 128, b"fatal: missing blob")
        return real(self, *args, check=check)

    monkeypatch.setattr(History, "run_git", failing)
    (found,) = [f for f in audit(builder.root, use_cache=False).findings if f.rule == "DRIFT001"]
    # Not "no commit ever had it" (and not lowered for it): history could not be read.
    assert found.confidence == "high" and "no commit in this repository ever had it" not in found.evidence


def test_in_a_long_history_a_path_no_commit_ever_had_is_a_note(make_repo):
    """Twenty commits and more: "no commit ever had it" says the page names the reader's
    file, another project's or a plan more often than a typo (11 true of 45 judged)."""
    from drift_docs.engine import audit

    builder = make_repo({"scripts/keep.py": "", "docs/run.md": "# Run\n\nRun `scripts/never.py`.\n"})
    for i in range(20):
        builder.commit({f"scripts/step_{i}.py": f"x = {i}\n"}, f"Step {i}")
    found = {f.text: f.confidence for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    assert found == {"scripts/never.py": "low"}


def test_a_path_no_commit_had_beside_a_near_namesake_in_its_folder_is_misnamed_here(make_repo):
    """NeMo-RL's `uv run examples/run_grpo.py` where examples/ has run_grpo_math.py, and
    pyOCD's `test/unit/semihosting.py` beside test_semihosting.py: a folder of this
    repository holding a name nearly the page's is a misnaming (reported, medium), not the
    reader's file; a name nothing in the folder resembles stays a note."""
    doc = "# Run\n\n```bash\nuv run examples/run_grpo.py\nuv run examples/train_vision.py\n```\n\nThe test is `test/unit/semihosting.py`.\n"
    # AReaL's `training/config/async_ppo.yaml` where training/ has configs/: the path leaves
    # the tree at a near namesake of a folder; one under a folder nothing resembles does not.
    train = "# Train\n\nSee `training/config/async_ppo.yaml` and `training/ultra/convert.py`.\n"
    # Right by a link to another repository, a near namesake is still most likely that one's file.
    bench = "# Bench\n\nFrom [vLLM](https://github.com/vllm-project/vllm): `examples/run_grpo_vllm.py`.\n"
    builder = make_repo({"examples/run_grpo_math.py": "", "examples/run_sft.py": "", "test/unit/test_semihosting.py": "", "training/configs/sync_ppo.yaml": "a: 1\n", "training/main.py": "", "docs/run.md": doc, "docs/train.md": train, "docs/bench.md": bench})
    for i in range(20):
        builder.commit({f"examples/step_{i}.py": f"x = {i}\n"}, f"Step {i}")
    found = {f.text: f.confidence for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    assert found == {"examples/run_grpo.py": "medium", "examples/train_vision.py": "low", "test/unit/semihosting.py": "medium", "training/config/async_ppo.yaml": "medium", "training/ultra/convert.py": "low", "examples/run_grpo_vllm.py": "low"}


def test_a_near_namesake_with_the_pages_suffix_is_the_one_named(make_repo):
    """LLaMA-Factory's `data/multimodal_demo.jsonl` where data/ has v1_multimodal_demo.jsonl
    and v1_multimodal_demo.yaml: the evidence names the .jsonl, whichever sorts last."""
    doc = "# Data\n\nThe data file: `data/multimodal_demo.jsonl`; its card: `data/sft_demo.yaml`.\n"
    builder = make_repo({"data/v1_multimodal_demo.jsonl": "", "data/v1_multimodal_demo.yaml": "", "data/v1_sft_demo.jsonl": "", "data/v1_sft_demo.yaml": "", "docs/data.md": doc})
    for i in range(20):
        builder.commit({f"data/step_{i}.txt": f"x = {i}\n"}, f"Step {i}")
    found = {f.text: f.evidence for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    assert found["data/multimodal_demo.jsonl"].endswith("its folder data/ has v1_multimodal_demo.jsonl")
    assert found["data/sft_demo.yaml"].endswith("its folder data/ has v1_sft_demo.yaml")


def test_a_page_whose_paths_this_repository_never_had_describes_another_codebase(make_repo):
    from drift_docs.engine import audit

    partner = "# Partner recipes\n\n" + "".join(f"- `examples/partner/recipe_{i}.yaml`\n" for i in range(6)) + "\nSee also `examples/ours.py`.\n"
    ours = "# Ours\n\n- `examples/ours.py`\n- `examples/gone_1.py`\n- `examples/ok.py`\n"
    builder = make_repo({"examples/ours.py": "", "examples/ok.py": "", "docs/partner.md": partner, "docs/ours.md": ours})
    result = audit(builder.root)
    # Six paths of seven never were here: the partner page is another project's (low, hidden,
    # one note); the single missing path on our own page stays (medium: never in a commit).
    assert [(f.path, f.text, f.confidence) for f in result.findings] == [("docs/ours.md", "examples/gone_1.py", "medium")]
    (note,) = result.notes["docs/partner.md"]
    assert "6 of its 7 paths were never in this repository" in note


def test_a_page_whose_links_this_repository_never_had_describes_another_tree(make_repo):
    """RD-Agent: a dataset card that `prepare()` copies into the downloaded dataset links
    its files (`[PQA.json](bioprobench/PQA.json)`), none ever in a commit: one note for the
    page. A page with one such dead link keeps it, as maintainers fix those."""
    from drift_docs.engine import audit

    card = "# BioProBench\n\n" + "".join(f"- [{t}](bioprobench/{t}.json), [{t} test](bioprobench/{t}_test.json)\n" for t in ("PQA", "ERR", "ORD")) + "\nSee [the loader](../loader.py).\n"
    ours = "# Ours\n\nSee [the loader](datasets/loader.py) and [the guide](datasets/guide.md).\n"
    # fairchem: links written from the wrong folder to pages the tree has (`omat24.md`).
    wrong = "# Datasets\n\n" + "".join(f"- [{n}](materials/{n})\n" for n in ("omat24", "oc20", "oc22", "odac", "omc25")) + "\nSee [the loader](../../datasets/loader.py).\n"
    pages = {f"docs/materials/{n}.md": f"# {n}\n" for n in ("omat24", "oc20", "oc22", "odac", "omc25")}
    builder = make_repo({"datasets/loader.py": "", "datasets/bioprobench/README.md": card, "README.md": ours, "docs/tasks/create.md": wrong, **pages})
    result = audit(builder.root)
    found = [(f.path, f.text, f.confidence) for f in result.findings]
    assert found == [("README.md", "datasets/guide.md", "high")] + [("docs/tasks/create.md", f"materials/{n}", "high") for n in ("omat24", "oc20", "oc22", "odac", "omc25")]
    (note,) = result.notes["datasets/bioprobench/README.md"]
    assert "6 of its 7 paths were never in this repository" in note


def test_a_pr_that_writes_a_path_under_a_long_renamed_folder_gets_the_new_path(make_repo):
    from drift_docs.pr import run_pr

    builder = make_repo({"pkg_old/__init__.py": "", "pkg_old/train.py": "x = 1\n", "README.md": "# x\n"})
    builder.repo.git.mv("pkg_old", "pkg")
    builder.repo.index.commit("Rename pkg_old to pkg (#5)")
    base = builder.commit({"notes.md": "# Notes\n"}, "notes")
    # The PR writes a doc line with the folder's old name; a line it did not touch is the audit's.
    builder.commit({"README.md": "# Doc\n\nRun `pkg_old/train.py`.\n"}, "docs")
    found = [(f.text, f.replacement) for f in run_pr(builder.root, base, "HEAD", blame=False).findings]
    assert found == [("pkg_old/train.py", "pkg/train.py")]


def test_a_removed_module_of_a_package_in_src_is_blamed_on_its_removal_not_the_move_to_src(make_repo):
    from drift_docs.engine import audit

    builder = make_repo({"pkg/__init__.py": "", "pkg/dependency.py": "class Resolver:\n    pass\n", "pkg/core.py": "x = 1\n", "setup.py": "from setuptools import setup\nsetup(name='pkg')\n"})
    (builder.root / "src").mkdir()
    builder.repo.git.mv("pkg", "src/pkg")
    builder.repo.index.commit("Move the package under src/ (#3)")
    builder.commit({"docs/api.md": "# API\n\nUse `pkg.dependency.Resolver` and `pkg.core`.\n"}, "docs")
    builder.commit({}, "Drop the dependency module (#9)", remove=("src/pkg/dependency.py",))
    (found,) = [f for f in audit(builder.root).findings if f.rule == "DRIFT005"]
    assert found.text == "pkg.dependency.Resolver"
    assert found.broken_by["subject"] == "Drop the dependency module (#9)"


def test_a_path_written_from_above_the_checkout_finds_its_history_without_the_checkouts_name(make_repo):
    from drift_docs.engine import audit

    builder = make_repo({"examples/serve/docker/Dockerfile": "FROM x\n", "examples/run.py": "x = 1\n"})
    builder.commit({}, "Drop the serving example (#77)", remove=("examples/serve/docker/Dockerfile",))
    # The test repository's checkout is named `repo`: the doc writes paths from above it.
    builder.commit({"README.md": "# Serve\n\n```bash\ncd repo/examples/serve/docker\n```\n\nBuild `repo/examples/serve/docker/Dockerfile`.\n"}, "docs")
    found = [f for f in audit(builder.root).findings if f.rule == "DRIFT001"]
    assert found and all(f.broken_by.get("subject") == "Drop the serving example (#77)" for f in found)
    assert all("ever had it" not in f.evidence for f in found)


def test_a_module_git_saw_renamed_is_suggested_under_its_new_dotted_name(make_repo):
    """torchao: `moe_training/scaled_grouped_mm.py` became `mxfp8_grouped_mm.py`; the doc's
    `torchao.prototype.moe_training.scaled_grouped_mm` gets the new module's name."""
    from drift_docs.engine import audit

    body = "def grouped_mm(a, b):\n    return a @ b\n\n\ndef helper(x):\n    return x\n"
    builder = make_repo({"src/pkg/__init__.py": "", "src/pkg/moe/__init__.py": "", "src/pkg/moe/scaled_mm.py": body, "setup.py": "from setuptools import setup\nsetup(name='pkg')\n"})
    builder.repo.git.mv("src/pkg/moe/scaled_mm.py", "src/pkg/moe/mxfp8_mm.py")
    builder.repo.index.commit("Rename the grouped kernels (#12)")
    builder.commit({"docs/api.md": "# API\n\n```python\nfrom pkg.moe.scaled_mm import grouped_mm\n```\n"}, "docs")
    (found,) = [f for f in audit(builder.root).findings if f.rule == "DRIFT005"]
    assert (found.text, found.replacement, found.certain) == ("pkg.moe.scaled_mm", "pkg.moe.mxfp8_mm", False)
    assert found.broken_by["subject"] == "Rename the grouped kernels (#12)"


def test_a_module_renamed_into_a_package_is_a_fix_only_for_the_names_it_has(make_repo):
    """django-guardian: `from guardian.models import User` after models.py became
    models/models.py, which has no `User`: the rename is told, but guardian.models.models
    is no fix for that name. It is for a name the module has."""
    from drift_docs.engine import audit

    builder = make_repo({"pkg/__init__.py": "", "pkg/models.py": "class Perm:\n    pass\n"})
    builder.repo.git.mv("pkg/models.py", "pkg/models_tmp.py")
    (builder.root / "pkg/models").mkdir()
    builder.repo.git.mv("pkg/models_tmp.py", "pkg/models/models.py")
    builder.commit({"pkg/models/__init__.py": ""}, "Custom permission models (#657)")
    builder.commit({"docs/api.md": "# API\n\n```python\nfrom pkg.models import Perm\nfrom pkg.models import User\n```\n"}, "docs")
    found = {f.text: f for f in audit(builder.root).findings if f.rule == "DRIFT005"}
    assert found["pkg.models.Perm"].replacement == "pkg.models.models.Perm"
    assert found["pkg.models.User"].replacement is None and "renamed to pkg/models/models.py" in found["pkg.models.User"].evidence


def test_a_module_made_a_package_of_the_same_name_is_no_fix(make_repo):
    """strawberry: `http.py` became `http/__init__.py`, the same module `pkg.http`; the doc's
    `pkg.http.temporal` is gone, and that rename is no fix for it (it would repeat the name)."""
    from drift_docs.engine import audit

    builder = make_repo({"pkg/__init__.py": "", "pkg/http.py": "def serve():\n    pass\n"})
    (builder.root / "pkg/http").mkdir()
    builder.repo.git.mv("pkg/http.py", "pkg/http/__init__.py")
    builder.repo.index.commit("Make http a package")
    builder.commit({"docs/api.md": "# API\n\n```python\nfrom pkg.http.temporal import TemporalResponse\n```\n"}, "docs")
    (found,) = [f for f in audit(builder.root).findings if f.rule == "DRIFT005"]
    assert found.text == "pkg.http.temporal" and found.replacement != found.text


def test_a_folder_of_short_pages_about_another_codebase_is_one_note(make_repo):
    """Three partner tutorials of two or three paths each: no page reaches the bar, their
    folder does (7 of 8 paths never here). Our own folder's one missing path stays."""
    from drift_docs.engine import audit

    files = {"examples/ours.py": "", "examples/ok.py": "", "docs/ours/guide.md": "# Ours\n\n- `examples/ours.py`\n- `examples/gone_1.py`\n- `examples/ok.py`\n"}
    for page, count in (("a", 2), ("b", 3), ("c", 2)):
        files[f"docs/partner/{page}.md"] = f"# {page}\n\n" + "".join(f"- `examples/partner_{page}/step_{i}.yaml`\n" for i in range(count)) + ("\nAnd `examples/ok.py`.\n" if page == "a" else "")
    result = audit(make_repo(files).root)
    assert [(f.path, f.text, f.confidence) for f in result.findings] == [("docs/ours/guide.md", "examples/gone_1.py", "medium")]
    (note,) = result.notes["docs/partner/"]
    assert "7 of the 8 paths its pages name were never in this repository" in note and 'exclude = ["docs/partner/**"]' in note
    from drift_docs.report.text import render

    assert "set aside as another codebase's: docs/partner/" in render(result)


def test_a_data_file_a_command_names_that_no_commit_ever_had_is_the_readers(make_repo):
    """FunASR's finetune.sh: `train_data="data/train.jsonl"` (a same-named file sits in
    data/list/) is the script's run-time data; a page's `data/mine.jsonl` is the reader's
    (low, and no same-named file is the fix); a script no commit had stays a finding."""
    from drift_docs.engine import audit

    script = '#!/bin/bash\ntrain_data="data/train.jsonl"\npython train.py --train_data ${train_data}\npython tools/gone.py\n'
    doc = "# Fine-tune\n\n```bash\npython train.py --train_data data/mine.jsonl\n```\n"
    builder = make_repo({"data/list/train.jsonl": "{}\n", "data/list/mine.jsonl": "{}\n", "train.py": "x = 1\n", "tools/ok.py": "", "examples/finetune.sh": script, "README.md": doc})
    found = {(f.text, f.confidence, f.replacement) for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    assert ("tools/gone.py", "medium", None) in found
    jsonl = [(c, r) for t, c, r in found if t.endswith(".jsonl")]
    assert jsonl and all(c == "low" and r is None for c, r in jsonl)


def test_a_clone_missing_some_blobs_still_knows_what_never_existed(make_repo):
    import os

    from drift_docs.engine import audit

    doc = "# Run\n\nRun `scripts/never.py`, then `scripts/old.py`.\n"
    rows = "".join(f"{i},{i * i}\n" for i in range(50))
    builder = make_repo({"scripts/keep.py": "", "scripts/old.py": "print(1)\n", "data/table.csv": "a,b\n" + rows, "docs/run.md": doc})
    builder.commit({"data/rows.csv": "a,b,c\n" + rows}, "Rename the table", remove=("data/table.csv",))
    builder.repo.git.mv("scripts/old.py", "scripts/new.py")
    builder.repo.index.commit("Rename the script")
    # A partial clone or a snapshot without its largest files: the blob is gone, so git's
    # rename detection cannot read it, but every tree is still there.
    blob = builder.repo.git.rev_parse("HEAD:data/rows.csv")
    os.remove(os.path.join(builder.repo.git_dir, "objects", blob[:2], blob[2:]))
    never, renamed = sorted((f for f in audit(builder.root, use_cache=False).findings if f.rule == "DRIFT001"), key=lambda f: f.text)
    assert never.text == "scripts/never.py"
    assert never.confidence == "medium" and "no commit in this repository ever had it" in never.evidence
    # A file renamed unchanged is seen by its blob id alone: still a certain fix.
    assert (renamed.text, renamed.replacement, renamed.certain) == ("scripts/old.py", "scripts/new.py", True)


def test_a_page_that_moved_names_its_paths_from_where_it_was_written(make_repo):
    from drift_docs.engine import audit

    page = "# MoE\n\nThe `examples/moe` folder holds the scripts; start with `examples/moe/run.sh`.\n"
    builder = make_repo({"sub/examples/moe/README.md": page, "sub/examples/moe/run.sh": "python train.py\n", "sub/train.py": "x = 1\n"})
    # A sub-project folds into the top level: the page moves, and so do the paths it names.
    (builder.root / "examples" / "train").mkdir(parents=True)
    builder.repo.git.mv("sub/examples/moe", "examples/train/moe")
    builder.repo.git.mv("sub/train.py", "train.py")
    builder.repo.index.commit("Fold sub into the top level (#7)")
    for blame in (True, False):
        found = {f.text: (f.confidence, f.replacement, f.certain) for f in audit(builder.root, blame=blame).findings if f.rule == "DRIFT001"}
        # Read from the page's old sub-project root, git saw both renamed: stale, with the
        # new paths as suggestions, and never "no commit ever had it".
        assert found == {"examples/moe": ("high", "examples/train/moe", False), "examples/moe/run.sh": ("high", "examples/train/moe/run.sh", False)}
        # (Said once, however often the finding is attributed: ViZDoom's said it twice.)
        assert [f.evidence.count("the page was") for f in audit(builder.root, blame=blame).findings if f.rule == "DRIFT001"] == [1, 1]


def test_paths_no_commit_had_in_a_section_that_has_the_reader_download_data_are_the_readers(make_repo):
    from drift_docs.engine import audit

    doc = (
        "# Bench\n\n## Setup\n\nRun `bench/run_old.py`, not `bench/run.py`; read `bench/README.md`, `bench/eval.py`, `bench/score.py`,\n"
        "`bench/plot.py` and `bench/tables.py`.\n\n### Step 2: Download Data Files\n\n"
        "Download them from [the dataset](https://huggingface.co/datasets/org/bench) and place them:\n\n"
        "- `bench/database_zip/level1.tar.gz`\n- `bench/database/zh.zip`\n\n## Run\n\nThen `bench/run_new.py`.\n\n"
        "```bash\ncd bench/database_zip\ntar -xzf level1.tar.gz\n```\n"
    )
    code = {f"bench/{name}.py": "" for name in ("run", "eval", "score", "plot", "tables")}
    builder = make_repo({**code, "bench/README.md": "# b\n", "docs/bench.md": doc})
    found = {f.text: f.confidence for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    # Downloads go where the section says, and a later `cd` there is into them; the other
    # sections' paths are still judged.
    assert found == {"bench/run_old.py": "medium", "bench/database_zip/level1.tar.gz": "low", "bench/database/zh.zip": "low", "bench/run_new.py": "medium", "bench/database_zip": "low"}


def test_a_path_a_sub_projects_page_writes_from_its_root_finds_its_history_there(make_repo):
    from drift_docs.engine import audit

    doc = "# Apply\n\nTexture files are in the `doc/images` folder; see `doc/never/here.png`.\n"
    builder = make_repo({"projects/Pose/doc/images/tex.png": "x", "projects/Pose/doc/APPLY.md": doc, "projects/Pose/apply.py": ""})
    builder.commit({}, "Drop the images (#4)", remove=("projects/Pose/doc/images/tex.png",))
    found = {f.text: (f.confidence, NEVER) for f in audit(builder.root).findings if f.rule == "DRIFT001" for NEVER in ["no commit in this repository ever had it" in f.evidence]}
    # The folder once was at the sub-project's root: stale, not "never had"; the other never was.
    assert found == {"doc/images": ("high", False), "doc/never/here.png": ("medium", True)}


def test_a_string_the_breaking_commit_replaced_is_the_fix(make_repo):
    """scriv's docs say to set the ``scriv.user_nick`` git setting; the commit that broke
    them made `git_config("scriv.user_nick")` read `"scriv.user-nick"`. That string is the
    fix, not a module that defines a function named user_nick; an env var renamed on its
    line gets its new name the same way. A removal with no string in its place (the seed
    variable's line deleted) offers nothing."""
    info = 'import os\n\n\ndef git_config(key):\n    return key\n\n\ndef user_nick():\n    return git_config("tool.user_nick")\n\n\nHOME = os.environ.get("TOOL_HOME")\nSEED = os.environ.get("TOOL_SEED")\n'
    doc = "# Config\n\nSet the ``tool.user_nick`` git setting, and ``TOOL_HOME`` and ``TOOL_SEED``.\n"
    builder = make_repo({"tool/__init__.py": "", "tool/gitinfo.py": info, "docs/config.rst": doc})
    fix = builder.commit({"tool/gitinfo.py": info.replace('"tool.user_nick"', '"tool.user-nick"').replace('"TOOL_HOME"', '"TOOL_DIR"').replace('SEED = os.environ.get("TOOL_SEED")\n', "")}, "Fix key names")
    result = audit(builder.root)
    nick = _one(result, "DRIFT005")
    assert (nick.text, nick.replacement, nick.broken_by["commit"]) == ("tool.user_nick", "tool.user-nick", fix)
    assert nick.message == "the code no longer has tool.user_nick: it says tool.user-nick"
    assert f'{fix[:10]} replaced the string "tool.user_nick" with "tool.user-nick" in tool/gitinfo.py' == nick.evidence
    assert _one(result, "DRIFT003", "TOOL_HOME").replacement == "TOOL_DIR"
    assert _one(result, "DRIFT003", "TOOL_SEED").replacement is None
    # smart_open: the new name went too (`SO_S3_URL` became `SO_BUCKET` later): history, no fix.
    builder.commit({"tool/gitinfo.py": info.replace('"tool.user_nick"', '"tool.user-nick"').replace('HOME = os.environ.get("TOOL_HOME")', 'HOME = os.environ.get("TOOL_ROOT", "/")').replace('SEED = os.environ.get("TOOL_SEED")\n', "")}, "Root, not dir")
    home = _one(audit(builder.root, blame=False), "DRIFT003", "TOOL_HOME")
    assert home.replacement != "TOOL_DIR" and "TOOL_DIR" in home.evidence and "no longer has either" in home.evidence


def test_literal_swaps_pair_a_removed_line_with_its_added_twin():
    from drift_docs.literal_renames import literal_swaps

    diff = (
        "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -3 +3 @@\n"
        '-    nick = git_config("a.user_nick")\n+    nick = git_config("a.user-nick")\n'
        "@@ -9,2 +9,2 @@\n-    x = f('k', 1)\n-    y = 2\n+    x = g('k', 1)\n+    y = 3\n"  # a call renamed, no literal: no swap
        "@@ -20 +20,2 @@\n-    z = h('old')\n+    w = 1\n+    z = h('new')\n"  # a line added beside it
        "@@ -30 +31 @@\n-    q = ('a', 'b')\n+    q = ('c', 'd')\n"  # two literals changed: no one swap
        # Two removed lines beside one added: it took the place of its likeness; --out went.
        '@@ -40,2 +41 @@\n-p.add_argument("--model-name")\n-p.add_argument("--out")\n+p.add_argument("--model-names")\n'
        '@@ -50,2 +50 @@\n-p.add_argument("--ab")\n-p.add_argument("--ba")\n+p.add_argument("--cd")\n'  # a tie: neither
    )
    assert literal_swaps(diff) == [("a.user_nick", "a.user-nick", "a.py"), ("old", "new", "a.py"), ("--model-name", "--model-names", "a.py")]


def test_a_name_a_module_lost_is_asked_of_that_modules_own_history(make_repo):
    """streamlink: `streamlink.stream.HLSStream` broke when the package's __init__ swapped
    its import for a deprecation entry (`"HLSStream": (...)`), not when a plugin that also
    imported HLSStream was removed later. chroma's `from chromadb import MinK`: chromadb's
    __init__ never had MinK, so the doc was wrong from the start, whatever other files did."""
    init = "from pkg.hls import HLSStream\n"
    plugin = "from pkg.hls import HLSStream, MinK\n\n\ndef streams():\n    return HLSStream, MinK\n"
    doc = "# API\n\n```python\nfrom pkg import HLSStream\nfrom pkg import MinK\n```\n"
    builder = make_repo({"pkg/__init__.py": init, "pkg/hls.py": "class HLSStream:\n    pass\n\n\nclass MinK:\n    pass\n", "pkg/plugins/__init__.py": "", "pkg/plugins/old.py": plugin, "docs/api.md": doc})
    deprecated = builder.commit({"pkg/__init__.py": 'deprecated({"HLSStream": ("pkg.hls", None)})\n'}, "Deprecate package exports")
    builder.commit({"pkg/plugins/old.py": "def streams():\n    return ()\n"}, "Remove a plugin's streams")
    result = audit(builder.root)
    assert _one(result, "DRIFT005", "pkg.HLSStream").broken_by["commit"] == deprecated
    never = _one(result, "DRIFT005", "pkg.MinK").broken_by
    assert never["born_stale"] is True and never["reason"] == "never-existed" and "commit" not in never


def test_git_pairing_empty_files_at_random_is_not_taken_for_their_move():
    """dopamine moved its empty `agents/dqn/__init__.py` (and its siblings) under `tf/`;
    git, finding identical contents, paired it with `tf/agents/__init__.py`. The move is
    the path the commit brought in that keeps the old one's tail; between two such
    (`jax/replay_memory/`, `tf/replay_memory/`), where the folder's other files went."""
    window = history.Window("c2", ["c2", "c1"], {"c2": ["c1"], "c1": []}, True)
    moves = [
        ("d/agents/__init__.py", "d/tf/agents/rainbow/__init__.py"),
        ("d/agents/dqn/__init__.py", "d/tf/agents/__init__.py"),
        ("d/agents/rainbow/__init__.py", "d/tf/agents/dqn/__init__.py"),
        ("d/replay/__init__.py", "d/jax/replay/sum_tree.py"),
        ("d/replay/sum_tree.py", "d/tf/replay/sum_tree.py"),
        ("d/replay/buffer.py", "d/tf/replay/buffer.py"),
    ]
    events = [["c2", "R", old, new] for old, new in moves]
    events += [["c2", "A", "d/tf/replay/__init__.py", ""], ["c2", "A", "d/jax/replay/__init__.py", ""], ["c1", "A", "d/gone.py", ""]]
    commits = {sha: {"commit": sha, "date": "2020-01-01", "subject": sha} for sha in ("c1", "c2")}
    paths = history_scan.PathHistory(window, events, commits)
    assert paths.removal("d/agents/dqn/__init__.py")["renamed_to"] == "d/tf/agents/dqn/__init__.py"
    assert paths.removal("d/agents/rainbow/__init__.py")["renamed_to"] == "d/tf/agents/rainbow/__init__.py"
    assert paths.removal("d/agents/__init__.py")["renamed_to"] == "d/tf/agents/__init__.py"
    assert paths.removal("d/replay/__init__.py")["renamed_to"] == "d/tf/replay/__init__.py"
    assert paths.removal("d/replay/buffer.py")["renamed_to"] == "d/tf/replay/buffer.py"  # git's pairing, when nothing fits better
    assert paths.moved_in("d/agents/dqn/__init__.py", "c2") == "d/tf/agents/dqn/__init__.py"
