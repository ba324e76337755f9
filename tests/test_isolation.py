"""Isolation and determinism: real code ends no audit, and one commit prints one answer.

Values read from real code (`...`, complex numbers, bytes, sets, huge ints, NaN), a table
cell that starts with a comma, or a check that raises on one line must leave every other
finding intact; the same command on the same commit prints the same JSON, cold or warm,
with one worker or two, whatever Python's hash seed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from drift_docs.cli import main
from drift_docs.engine import audit

ODD_CONSTANTS = '''\
"""Settings with constants that are not plain data."""
import argparse

PLACEHOLDER = ...
PHASE = 1j
MAGIC = b"\\x89PNG"
MODES = {"a", "b"}
HUGE = (2 ** 256) ** 256
EPSILON = 1e-3
NOT_A_NUMBER = float("nan")


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--placeholder", default=PLACEHOLDER)
    parser.add_argument("--phase", default=PHASE)
    parser.add_argument("--magic", default=MAGIC)
    parser.add_argument("--modes", default=MODES)
    parser.add_argument("--huge", default=HUGE)
    parser.add_argument("--inf", default=float("inf"))
    parser.add_argument("--epsilon", type=float, default=EPSILON)
    parser.add_argument("--nested", default=[..., 1j, b"x", {1, 2}])
    return parser


if __name__ == "__main__":
    build_parser().parse_args()
'''

DOC = """\
# Usage

```bash
python train.py --epsilon 0.001 --rollout-batch 8
```

| metric | value |
|---|---|
| ,0.3178 | , |
| `--placeholder` | ... |

See [the guide](missing/guide.md).
"""


def _repo(make_repo):
    return make_repo({"train.py": ODD_CONSTANTS, "README.md": DOC})


def test_odd_constants_and_a_comma_cell_leave_every_other_finding(make_repo, capsys):
    builder = _repo(make_repo)
    code = main(["audit", str(builder.root), "--no-blame", "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    found = {(f["rule"], f["text"]) for f in out["findings"]}
    assert ("DRIFT002", "--rollout-batch") in found  # the stale flag beside the odd constants
    assert ("DRIFT001", "missing/guide.md") in found  # and the stale link after the odd table
    assert out["internal_errors"] == []
    # A warm run (every blob from the cache) prints the same bytes.
    main(["audit", str(builder.root), "--no-blame", "--format", "json"])
    assert json.loads(capsys.readouterr().out) == out


def test_the_cache_stores_what_the_cold_run_used(make_repo):
    builder = _repo(make_repo)
    cold = audit(builder.root, blame=False)
    warm = audit(builder.root, blame=False)
    assert cold.stats["parsed"] > 0 and warm.stats["parsed"] == 0
    assert [f.to_dict() for f in cold.findings] == [f.to_dict() for f in warm.findings]


def test_a_check_that_raises_loses_only_its_own_findings(make_repo, monkeypatch, capsys):
    from drift_docs.checks import stale_path as rule

    builder = _repo(make_repo)
    original = rule.check

    def exploding(claim, ctx):
        if "missing/" in claim.text:
            raise RuntimeError("boom on purpose")
        return original(claim, ctx)

    monkeypatch.setattr(rule, "check", exploding)
    code = main(["audit", str(builder.root), "--no-blame", "--format", "json"])
    captured = capsys.readouterr()
    assert captured.out, captured.err
    out = json.loads(captured.out)
    assert code == 1  # findings, not "nothing could be audited"
    assert {f["text"] for f in out["findings"]} >= {"--rollout-batch"}
    assert not any(f["text"] == "missing/guide.md" for f in out["findings"])
    [problem] = out["internal_errors"]
    assert problem["stage"] == "check DRIFT001" and problem["path"] == "README.md" and problem["line"] == 12
    assert "boom on purpose" in problem["error"]


def test_a_failing_reporter_falls_back_to_json(make_repo, monkeypatch, capsys):
    from drift_docs.report import sarif

    builder = _repo(make_repo)
    monkeypatch.setattr(sarif, "render", lambda result, **_: 1 / 0)
    code = main(["audit", str(builder.root), "--no-blame", "--format", "sarif"])
    captured = capsys.readouterr()
    assert code == 1
    assert "sarif report failed" in captured.err
    assert any(f["text"] == "--rollout-batch" for f in json.loads(captured.out)["findings"])


def _many_files(count: int) -> dict[str, str]:
    files = {"train.py": ODD_CONSTANTS, "README.md": DOC}
    for n in range(count):
        files[f"pkg/mod_{n}.py"] = (
            f"import argparse\nimport os\nLIMIT_{n} = {n} * 1024\n"
            f"def add_args_{n}(parser):\n    parser.add_argument('--opt-{n}', type=int, default=LIMIT_{n})\n"
            f"    return os.environ.get('PKG_VAR_{n}')\n"
        )
        if n % 20 == 0:
            files[f"docs/page_{n}.md"] = (
                f"# Page {n}\n\nSet `--opt-{n}` (default `{n * 1024}`), `--opt-{n}x` and `PKG_VAR_{n}`.\n\n"
                f"```bash\npython train.py --opt-{n} 3 --gone-{n}\n```\n\n[next](page_{n + 1}.md)\n"
            )
    files["pkg/__init__.py"] = ""
    return files


def _run_json(root, *extra: str, seed: str, cache: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed, "DRIFT_CACHE_DIR": cache}
    proc = subprocess.run(
        [sys.executable, "-m", "drift_docs.cli", "audit", str(root), "--format", "json", *extra],
        capture_output=True, env=env, timeout=300,
    )
    assert proc.returncode in (0, 1), proc.stderr.decode()
    return proc.stdout


@pytest.mark.parametrize("blame", [False, True])
def test_the_same_commit_prints_the_same_bytes_cold_warm_and_on_any_core_count(make_repo, tmp_path, blame):
    # Over 400 files, so that -j 2 really forks workers.
    builder = make_repo(_many_files(420))
    extra = () if blame else ("--no-blame",)
    cache = str(tmp_path / "fresh-cache")
    cold = _run_json(builder.root, *extra, seed="1", cache=cache)
    warm = _run_json(builder.root, *extra, "-j", "1", seed="2", cache=cache)
    forked = _run_json(builder.root, *extra, "-j", "2", seed="3", cache=str(tmp_path / "other-cache"))
    uncached = _run_json(builder.root, *extra, "--no-cache", seed="4", cache=cache)
    assert json.loads(cold)["findings"], "the fixture must produce findings to compare"
    assert cold == warm == forked == uncached


def test_blame_on_or_off_changes_only_the_broken_by_fields(make_repo, tmp_path):
    builder = make_repo(_many_files(40))
    # A renamed script, so that history also supplies a replacement.
    builder.repo.git.mv("pkg/mod_0.py", "pkg/module_0.py")
    builder.commit({"README.md": DOC + "\nRun `pkg/mod_0.py` first.\n"}, "rename")
    cache = str(tmp_path / "cache")
    blamed = json.loads(_run_json(builder.root, seed="5", cache=cache))
    plain = json.loads(_run_json(builder.root, "--no-blame", seed="6", cache=cache))
    renamed = [f for f in plain["findings"] if f["text"] == "pkg/mod_0.py"]
    assert renamed and renamed[0]["replacement"] == "pkg/module_0.py" and renamed[0]["certain"]
    # Without blame the code's side of the attribution stays, not the doc line's.
    assert any(f["broken_by"] and "doc_line_commit" in f["broken_by"] for f in blamed["findings"])
    assert not any(f["broken_by"] and "doc_line_commit" in f["broken_by"] for f in plain["findings"])
    assert [(f["broken_by"] or {}).get("commit") for f in plain["findings"]] == [(f["broken_by"] or {}).get("commit") for f in blamed["findings"]]
    for report in (blamed, plain):
        report.pop("stats")
        for found in report["findings"]:
            found.pop("broken_by")
    assert blamed == plain
