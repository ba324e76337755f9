"""Flags passed through to another program: external, never unknown; checked against
that program's own argument definitions when its source is at hand."""

from __future__ import annotations

from bot.engine import audit

from .fixtures.mlproject import FILES

SGLANG = '''
import argparse
def add_cli_args(parser):
    parser.add_argument("--mem-fraction-static", type=float, default=None)
    parser.add_argument("--tp-size", type=int, default=1)
'''

DOC = """# Serving

```bash
python trainer/train.py --lr 1e-5 --sglang-mem-fraction-static 0.8 --sglang-tp-size 2
python trainer/train.py --sglang-no-such-option 1
```
"""


def _config(source: str | None) -> str:
    line = f'source = "{source}"\n' if source else ""
    return FILES["pyproject.toml"] + f'\n[[tool.drift.passthrough]]\nprefix = "--sglang-"\nprogram = "SGLang"\n{line}'


def test_passthrough_flags_are_checked_against_the_external_source(make_repo):
    files = {**FILES, "pyproject.toml": _config("third_party/sglang"), "third_party/sglang/server_args.py": SGLANG, "docs/serve.md": DOC}
    result = audit(make_repo(files).root)
    serve = [f for f in result.findings if f.path == "docs/serve.md"]
    assert [(f.line, f.rule, f.text) for f in serve] == [(5, "DRIFT012", "--sglang-no-such-option")]
    assert "SGLang defines no flag --no-such-option" in serve[0].message
    # The vendored program is not the repository's own code.
    assert not any(f.rule == "DRIFT002" and "sglang" in f.text for f in result.findings)


def test_passthrough_without_source_is_a_hidden_note_not_an_unknown_flag(make_repo):
    files = {**FILES, "pyproject.toml": _config(None), "docs/serve.md": DOC}
    result = audit(make_repo(files).root)
    assert not [f for f in result.findings if f.path == "docs/serve.md"]
    files["pyproject.toml"] = files["pyproject.toml"].replace("[[tool.drift.passthrough]]", '[tool.drift]\nmin_confidence = "low"\n\n[[tool.drift.passthrough]]')
    noted = audit(make_repo(files).root)
    serve = {(f.rule, f.text) for f in noted.findings if f.path == "docs/serve.md"}
    assert serve == {("DRIFT012", "--sglang-mem-fraction-static"), ("DRIFT012", "--sglang-tp-size"), ("DRIFT012", "--sglang-no-such-option")}
    assert not noted.errors or all(f.path != "docs/serve.md" for f in noted.errors)  # notes never fail a build


def test_flags_built_at_run_time_with_a_prefix_exist(make_repo):
    code = 'def wrap(parser, stem):\n    parser.add_argument(f"--router-{stem}")\n'
    doc = "Use `--router-policy` and `--router-balance-threshold`.\n"
    files = {**FILES, "trainer/router.py": code, "docs/router.md": doc}
    result = audit(make_repo(files).root)
    assert not [f for f in result.findings if f.path == "docs/router.md"]
