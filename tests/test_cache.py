"""The blob cache: a second audit parses nothing; a change re-parses only what changed."""

from __future__ import annotations

from drift_docs.engine import audit

from .fixtures.mlproject import FILES
from .fixtures.mlproject import build as build_project


def test_warm_audit_parses_nothing_and_finds_the_same(make_repo):
    builder = build_project(make_repo)
    cold = audit(builder.root)
    warm = audit(builder.root)
    assert cold.stats["parsed"] > 0
    assert warm.stats["parsed"] == 0 and warm.stats["cached"] == cold.stats["parsed"]
    assert [f.to_dict() for f in cold.findings] == [f.to_dict() for f in warm.findings]


def test_nearby_revision_reparses_only_changed_blobs(make_repo):
    builder = build_project(make_repo)
    audit(builder.root)
    builder.commit({"docs/guide.md": FILES["docs/guide.md"] + "\nAlso `--lr`.\n"})
    again = audit(builder.root)
    assert again.stats["parsed"] == 1


def test_same_content_at_two_paths_keeps_both_paths(make_repo):
    doc = "Run `python tool.py --nope`.\n"
    builder = make_repo({"tool.py": "import argparse\nargparse.ArgumentParser().add_argument('--yes')\n", "a.md": doc, "b/a.md": doc})
    result = audit(builder.root)
    assert {f.path for f in result.findings} == {"a.md", "b/a.md"}


def test_unwritable_cache_still_audits(make_repo, monkeypatch, tmp_path):
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    monkeypatch.setenv("DRIFT_CACHE_DIR", str(blocker / "sub"))
    builder = build_project(make_repo)
    monkeypatch.setenv("DRIFT_CACHE_DIR", str(blocker / "sub"))
    assert audit(builder.root).findings
