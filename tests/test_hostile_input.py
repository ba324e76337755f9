"""Hostile input: nothing escapes as an exception; every file is analysed or skipped."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drift_docs.engine import audit
from drift_docs.extract import compiled_rules, run_extractor
from drift_docs.rules import load_rules

KINDS = ["python", "bash", "yaml", "toml", "md", "mdx", "rst", "readme"]
COMPILED = compiled_rules(load_rules())


def _well_formed(result: dict) -> bool:
    return "skip" in result or "facts" in result or "references" in result


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), data=st.binary(max_size=600))
def test_random_bytes_never_raise(kind, data):
    assert _well_formed(run_extractor(kind, data, COMPILED))


SNIPPETS = st.sampled_from([
    "```bash\n", "```\n", "| a | b |\n|---|---|\n", "`--x`", "> ", "  - ", "\\\n", "$(", "<!-- drift-ignore -->\n",
    "def f(:\n", "parser.add_argument(", "f\"{", "os.environ[", "${A:-", "---\n", "\u2011\u2011lr", "\ufffd", "\x00",
    "[x](y.md#z)", "```python\nfrom a import b\n```\n", "<a id='x'>", "\r\n", "`" * 7,
])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), parts=st.lists(st.one_of(SNIPPETS, st.text(max_size=40)), max_size=25))
def test_structured_garbage_never_raises(kind, parts):
    text = "".join(parts)
    result = run_extractor(kind, text.encode("utf-8", "surrogatepass"), COMPILED)
    assert _well_formed(result)
    for ref in result.get("references", []):
        assert 1 <= ref["line"] <= text.count("\n") + text.count("\r") + 2


def test_audit_survives_binary_huge_and_undecodable_files(make_repo):
    files = {
        "pkg/__init__.py": "",
        "pkg/cli.py": "import argparse\nargparse.ArgumentParser().add_argument('--ok')\n",
        "pkg/broken.py": "def broken(:\n  parser.add_argument('--half')\n",
        "docs/binary.md": b"\x89PNG\r\n\x1a\n\x00\x00\x00",
        "docs/latin1.md": "Caf\xe9 `--ok` and `python pkg/cli.py --nope`\n".encode("latin-1"),
        "docs/huge.md": "x" * 2_100_000,
        "docs/unclosed.md": "```bash\npython pkg/cli.py --nope\n",
        "docs/table.md": "| a | b |\n|---|\n| `--ok` | | | |\n",
    }
    builder = make_repo(files)
    result = audit(builder.root)
    assert result.skipped["docs/binary.md"] == "binary content"
    assert "larger than" in result.skipped["docs/huge.md"]
    assert any("invalid UTF-8" in n for n in result.notes["docs/latin1.md"])
    assert any("syntax errors" in n for n in result.notes["pkg/broken.py"])
    flagged = {(f.path, f.text) for f in result.findings}
    assert ("docs/latin1.md", "--nope") in flagged
    assert ("docs/unclosed.md", "--nope") in flagged


def test_blobs_missing_from_the_clone_are_skipped_not_fatal(make_repo):
    files = {
        "tool.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--port')\n",
        "lost.py": "X = 1\n",
        "docs/lost.md": "# Lost\n",
        "big.bin": b"\x00" * 64,
        "README.md": "Run `python tool.py --prot 1`.\n",
    }
    builder = make_repo(files)
    # A partial clone or a damaged object store: the tree names blobs that are not there.
    for path in ("lost.py", "docs/lost.md", "big.bin"):
        blob = builder.repo.git.rev_parse(f"HEAD:{path}")
        (builder.root / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    result = audit(builder.root, blame=False)
    assert [f.text for f in result.findings] == ["--prot"]
    assert set(result.skipped) == {"lost.py", "docs/lost.md"}
    assert all("missing" in reason for reason in result.skipped.values())
