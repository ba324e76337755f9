"""drift's own docs against drift's own code: clean, and the rule pages are current."""

from __future__ import annotations

from pathlib import Path

import pytest

from drift_docs.checks import all_rules
from drift_docs.cli import rules_markdown
from drift_docs.engine import audit

ROOT = Path(__file__).resolve().parents[1]


def test_rule_pages_are_generated_from_the_rules():
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == rules_markdown(), "run: drift rules --markdown > docs/rules.md"


def test_every_rule_documents_itself():
    codes = [rule.CODE for rule in all_rules()]
    assert len(codes) == len(set(codes))
    for rule in all_rules():
        doc = rule.__doc__ or ""
        assert doc.startswith(f"{rule.CODE} {rule.NAME}:"), rule.__name__
        for section in ("What it does", "Why", "Silence"):
            assert section in doc, (rule.CODE, section)


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs drift's own git checkout")
def test_drift_audits_its_own_repository_clean(monkeypatch, tmp_path):
    monkeypatch.setenv("DRIFT_CACHE_DIR", str(tmp_path))
    result = audit(ROOT)
    assert result.stats["doc_files"] >= 1
    assert [f"{f.path}:{f.line} {f.rule} {f.text}" for f in result.errors] == []
