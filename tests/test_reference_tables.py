"""Reference tables: generated from the code, verified cell by cell, kept fresh between
markers; origins of flags (repo, dataclass, passthrough with its source); help strings
that name flags; ready-to-paste rows in the repository's own column style."""

from __future__ import annotations

import json

from drift_docs.cli import main
from drift_docs.engine import audit
from drift_docs.reference import flag_rows, render_markdown

pytest_plugins = ["tests.ghstub.conftest_plugin"]

ARGS = '''
import argparse
from dataclasses import dataclass

def add_rollout(parser):
    g = parser.add_argument_group("rollout")
    g.add_argument("--rollout-batch-size", type=int, default=8, help="prompts per step")
    g.add_argument("--rollout-backend", choices=["sglang", "vllm"], default="sglang", help="engine; see --rollout-batch-size")
    g.add_argument("--rollout-offload", action="store_true", help="offload between steps; needs --rollout-colocate")
    g.add_argument("--buffer", type=int, default=512 * 1024**2, help="bytes")

def wrap(parser, stem):
    parser.add_argument(f"--sglang-{stem}")

@dataclass
class ScriptArgs:
    train_deterministic: bool = True
'''

SGLANG = 'def add_cli_args(parser):\n    parser.add_argument("--mem-fraction-static", type=float, default=None, help="memory")\n'

TABLE = """# Reference

| Flag | Description | Default | Type | Choices | Source |
| --- | --- | --- | --- | --- | --- |
| `--rollout-batch-size` | prompts per step | `8` | int | | `trainer` |
| `--rollout-backend` | engine | `sglang` | str | `sglang`, `vllm` | trainer |
| `--rollout-offload` | offload | off | bool | | trainer |
| `--buffer` | bytes | `512 MiB` | int | | trainer |
| `--sglang-mem-fraction-static` | memory | `None` | float | | SGLang |
| `--buffer` | bytes | `1 GiB` | int | | trainer | <!-- expect: DRIFT006 -->
| `--rollout-batch-size` | prompts | `8` | int | | SGLang | <!-- expect: DRIFT013 -->
| `--sglang-mem-fraction-static` | memory | | float | | trainer | <!-- expect: DRIFT013 -->
| `--rollout-backend` | engine | `sglang` | str | `sglang`, `vllm`, `trt` | trainer | <!-- expect: DRIFT007 -->
| `--sglang-no-such-flag` | nothing | | | | SGLang | <!-- expect: DRIFT012 -->
"""

CONFIG = '[tool.drift]\n[[tool.drift.passthrough]]\nprefix = "--sglang-"\nprogram = "SGLang"\nsource = "third_party/sglang"\n'


def _files(**extra):
    return {
        "trainer/__init__.py": "",
        "trainer/args.py": ARGS,
        "third_party/sglang/server_args.py": SGLANG,
        "pyproject.toml": CONFIG,
        "docs/reference.md": TABLE,
        **extra,
    }


def test_reference_table_cells_are_verified(make_repo):
    from .conftest import expected_findings

    files = _files()
    result = audit(make_repo(files).root, blame=False)
    # The help strings name --rollout-colocate, which is not defined: that is on the code,
    # a note, as no option here is spelled near it.
    assert not [f for f in result.findings if f.path.endswith(".py")]
    noted = audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"])
    code = [(f.path, f.rule, f.text, f.confidence) for f in noted.findings if f.path.endswith(".py")]
    assert code == [("trainer/args.py", "DRIFT015", "--rollout-colocate", "low")]
    docs = {(f.path, f.line, f.rule) for f in result.findings if f.path.endswith(".md")}
    assert docs == expected_findings(files)
    source = next(f for f in result.findings if f.rule == "DRIFT013" and f.line == 11)
    assert source.replacement == "trainer" and "defined in this repository" in source.evidence


def test_generated_rows_carry_origin_default_type_and_choices(make_repo):
    builder = make_repo(_files())
    from drift_docs.cache import Cache
    from drift_docs.config import load_config
    from drift_docs.engine import analyse
    from drift_docs.revision import Revision, open_repo

    with Revision(open_repo(builder.root)) as revision:
        analysis = analyse(revision, load_config(revision), Cache(None))
    rows = {r["flag"]: r for r in flag_rows(analysis.index)}
    assert rows["--buffer"]["default"] == "512 MiB" and rows["--rollout-offload"]["default"] == "off"
    assert rows["--rollout-backend"]["choices"] == "sglang, vllm" and rows["--rollout-backend"]["group"] == "rollout"
    assert rows["--train_deterministic"]["source"] == "ScriptArgs (dataclass)"
    table = render_markdown([rows["--buffer"]], ["Flag", "Default", "Source"])
    assert table.splitlines()[2] == "| `--buffer` | `512 MiB` | `trainer/args.py` |"


def test_drift_reference_command(make_repo, capsys):
    root = str(make_repo(_files()).root)
    assert main(["reference", root, "--group", "rollout", "--columns", "Flag,Default"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "| Flag | Default |" and "| `--rollout-batch-size` | `8` |" in out and len(out) == 6
    assert main(["reference", root, "--format", "json"]) == 0
    assert any(r["flag"] == "--buffer" for r in json.loads(capsys.readouterr().out))
    assert main(["reference", root, "--group", "nope"]) == 2
    assert main(["reference", root, "--with-external", "--group", "SGLang", "--columns", "Flag,Source"]) == 0
    assert "| `--mem-fraction-static` | `SGLang` |" in capsys.readouterr().out


SECTION_DOC = """# Rollout flags

<!-- drift:reference group="rollout" -->
{body}<!-- /drift:reference -->

After the section.
"""


def _section(root):
    return main(["reference", str(root), "--group", "rollout", "--columns", "Flag,Description,Default"])


def test_generated_sections_fresh_stale_and_hand_edited(make_repo, capsys):
    builder = make_repo(_files())
    assert _section(builder.root) == 0
    fresh = capsys.readouterr().out
    builder.commit({"docs/generated.md": SECTION_DOC.format(body=fresh)}, "Generate the rollout table")
    assert not [f for f in audit(builder.root, blame=False).findings if f.path == "docs/generated.md"]
    # A hand edit inside the markers, and a new flag in the code: both make it stale.
    edited = fresh.replace("prompts per step", "prompts per rollout (edited by hand)")
    builder.commit({"docs/generated.md": SECTION_DOC.format(body=edited), "trainer/args.py": ARGS.replace('    g.add_argument("--buffer"', '    g.add_argument("--rollout-seed", type=int, default=0, help="seed")\n    g.add_argument("--buffer"')}, "Edit by hand; add a flag")
    stale = [f for f in audit(builder.root, blame=False).findings if f.path == "docs/generated.md"]
    assert [(f.rule, f.line, f.end_line) for f in stale] == [("DRIFT016", 4, 4 + len(fresh.splitlines()) - 1)]
    assert "--rollout-seed" in stale[0].replacement and "edited by hand" not in stale[0].replacement
    # drift fix rewrites the section, and only the section.
    assert main(["fix", str(builder.root)]) == 0
    text = (builder.root / "docs/generated.md").read_text()
    assert "--rollout-seed" in text and "edited by hand" not in text and text.endswith("After the section.\n")
    builder.commit({"docs/generated.md": text}, "Regenerate")
    assert not [f for f in audit(builder.root, blame=False).findings if f.path == "docs/generated.md"]


def test_coverage_issues_get_rows_in_the_reference_pages_style(make_repo, github_stub):
    from drift_docs.cache import Cache
    from drift_docs.config import load_config
    from drift_docs.coverage import compute
    from drift_docs.engine import analyse
    from drift_docs.github.coverage_issues import sync_issues
    from drift_docs.reference import paste_rows
    from drift_docs.revision import Revision, open_repo

    files = _files(**{"docs/reference.md": "| Option | Default | What it does |\n| --- | --- | --- |\n| `--buffer` | `512 MiB` | bytes |\n"})
    builder = make_repo(files)
    with Revision(open_repo(builder.root)) as revision:
        config = load_config(revision)
        analysis = analyse(revision, config, Cache(None))
        coverage = compute(analysis, config.coverage)
    github_stub.add_repo("octo/trainer")
    repo = github_stub.client(github_stub.add_token()).get_repo("octo/trainer")
    sync_issues(repo, coverage, rows=paste_rows(analysis), sleep=lambda s: None)
    rollout = next(i for i in github_stub.repos["octo/trainer"].issues.values() if "in rollout" in i.title)
    assert "| `--rollout-batch-size` | `8` | prompts per step |" in rollout.body


SERVER = (
    "import argparse\n"
    "def add(p):\n"
    "    p.add_argument('--port', type=int, default=8088)\n"
    "    p.add_argument('--ep_size', type=int, default=0)\n"
    "    p.add_argument('--tp_size', type=int, default=1)\n"
    "    p.add_argument('--concurrency_limit', type=int, default=32)\n"
    "    p.add_argument('--enable_fmha', default=True)\n"
    "    p.add_argument('--enable_flashinfer_fmha', default=True)\n"
)
BENCH = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--max-batch-size', type=int, default=64)\np.add_argument('--port', type=int, default=8000)\n"
MODEL = "from dataclasses import dataclass\n@dataclass\nclass ModelArgs:\n    ep_size: int = 1\n    tp_size: int = 1\n"
SERVER_PAGE = """# Server arguments

| Argument | Description | Default |
|---|---|---|
| `--port` | listen port | 8088 |
| `--ep_size` | expert parallel size | 0 |
| `--tp-size` | tensor parallel size | 1 |
| `--concurrency-limit` | max concurrent requests | 32 |
| `--enable_fmha` | fused attention | True |
| `--max-batch-size` | server batch size | 0 |

### Removed options

| Removed CLI option | Replacement |
|---|---|
| `--enable_trt_fmha` | `--enable_flashinfer_fmha` |
"""


def test_rows_are_judged_by_the_program_their_table_documents(make_repo):
    files = {
        "app/__init__.py": "",
        "app/server.py": SERVER,
        "app/model.py": MODEL,
        "benchmark/bench.py": BENCH,
        "tests/bench_config.yaml": "common:\n  concurrency_limit: 8\n",
        "docs/server.md": SERVER_PAGE,
    }
    builder = make_repo(files)
    low = builder.root.parent / "low.toml"
    low.write_text('[tool.drift]\nmin_confidence = "low"\n')
    result = audit(builder.root, blame=False)
    found = {(f.line, f.rule, f.text): f for f in result.findings}
    # The server defines --port 8088 and --ep_size 0: a benchmark's --port and a model
    # dataclass's ep_size are other programs' and make no mismatch.
    assert sorted(found) == [(7, "DRIFT002", "--tp-size"), (8, "DRIFT002", "--concurrency-limit")]
    assert found[(7, "DRIFT002", "--tp-size")].replacement == "--tp_size"
    # A config key of the same name does not hide the parser's own spelling.
    assert found[(8, "DRIFT002", "--concurrency-limit")].confidence == "high"
    # The benchmark's default says nothing certain about the server's table: a low note.
    (batch,) = [f for f in audit(builder.root, blame=False, config_file=str(low)).findings if f.rule == "DRIFT006"]
    assert (batch.line, batch.confidence, batch.certain) == (10, "low", False)
    assert "benchmark/bench.py" in batch.evidence and "app/server.py" in batch.evidence


def test_a_table_of_removed_options_is_not_a_list_of_unknown_flags(make_repo):
    files = {"app/__init__.py": "", "app/server.py": SERVER, "docs/server.md": SERVER_PAGE,
             "pyproject.toml": '[tool.drift]\nmin_confidence = "low"\n'}
    result = audit(make_repo(files).root, blame=False)
    (removed,) = [f for f in result.findings if f.text == "--enable_trt_fmha"]
    assert removed.confidence == "low" and removed.replacement is None
    assert "Removed options" in removed.evidence


def test_a_generated_table_pasted_by_hand_passes_drifts_own_checks(make_repo, capsys):
    server = (
        "import argparse\nDEFAULT_REPEATS = 1\np = argparse.ArgumentParser()\n"
        "p.add_argument('--port', type=int, default=8000, help='listen port')\n"
        "p.add_argument('--timeout_ms', type=int, default=180000, help='request timeout')\n"
        "p.add_argument('--mode', type=str, choices=['', 'ratio'], default='')\n"
        "p.add_argument('--seq-lens', type=int, nargs='+', default=[128, 256])\n"
        "p.add_argument('--repeats', type=int, default=DEFAULT_REPEATS)\n"
        "p.add_argument('--buffer', type=int, default=512 * 1024**2, help='bytes, see data/prompts.jsonl')\n"
        "p.add_argument('--fast', type=str2bool, default=True)\n"
    )
    builder = make_repo({"server.py": server, "data/other.jsonl": "{}\n", "README.md": "# Server\n"})
    assert main(["reference", str(builder.root)]) == 0
    table = capsys.readouterr().out
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[1:-1]] for line in table.splitlines() if line.startswith("| `--")}
    # The values a reader needs, not the code's spelling of them.
    assert rows["`--port`"][2] == "`8000`" and rows["`--timeout_ms`"][2] == "`180000`"
    assert rows["`--buffer`"][2] == "`512 MiB`" and rows["`--repeats`"][2] == "`1`"
    assert rows["`--mode`"][4] == '"", ratio' and rows["`--seq-lens`"][3] == "list[int]"
    assert rows["`--fast`"][3] == "bool"
    # Pasted by hand (no markers), the table is verified like any other and passes.
    builder.commit({"docs/reference.md": "# Reference\n\n" + table}, "Paste the reference")
    assert audit(builder.root, blame=False).findings == []


def test_a_bare_1024_is_a_count_and_help_is_shown_as_help_prints_it(make_repo):
    from drift_docs.cache import Cache
    from drift_docs.config import load_config
    from drift_docs.engine import analyse
    from drift_docs.revision import Revision, open_repo

    source = (
        "import argparse\np = argparse.ArgumentParser()\n"
        "p.add_argument('--max-new-tokens', type=int, default=1024, help='''tokens the router\n"
        "        keeps for each request''')\n"
        "p.add_argument('--cache', type=int, default=4 * 1024, help='bytes')\n"
    )
    builder = make_repo({"serve.py": source, "README.md": "# Serve\n"})
    with Revision(open_repo(builder.root)) as revision:
        analysis = analyse(revision, load_config(revision), Cache(None))
    rows = {r["flag"]: r for r in flag_rows(analysis.index)}
    assert rows["--max-new-tokens"]["default"] == "1024" and rows["--cache"]["default"] == "4 KiB"
    assert rows["--max-new-tokens"]["description"] == "tokens the router keeps for each request"


def test_a_description_that_enumerates_a_flags_values_misses_the_new_ones(make_repo):
    from drift_docs.engine import audit

    train = (
        "import argparse\n\n\ndef parse():\n    p = argparse.ArgumentParser()\n"
        "    p.add_argument('--balance', choices=['aux_loss', 'seq_aux_loss', 'global_aux_loss', 'none'], default='aux_loss')\n"
        "    p.add_argument('--topk', type=int, default=2)\n    return p.parse_args()\n\n\nif __name__ == '__main__':\n    parse()\n"
    )
    route = (
        "from dataclasses import dataclass\nfrom typing import Literal\n\nfrom transformers import HfArgumentParser\n\n\n@dataclass\nclass RouterArgs:\n"
        "    score_function: Literal['softmax', 'sigmoid', 'sqrtsoftplus'] = 'softmax'\n    experts: int = 8\n\n\n"
        "if __name__ == '__main__':\n    HfArgumentParser((RouterArgs,)).parse_args_into_dataclasses()\n"
    )
    doc = (
        "| Argument | Description | Default |\n|---|---|---|\n"
        "| --balance | Load balancing: aux_loss, seq_aux_loss, none | aux_loss |\n"
        "| --topk | Number of experts: 1, 2 or 4 | 2 |\n"
    )
    router = "| Argument | Description | Default |\n|---|---|---|\n| --score_function | Score function: softmax, sigmoid | softmax |\n| --experts | Experts | 8 |\n"
    builder = make_repo({"train.py": train, "route.py": route, "docs/args.md": doc, "docs/router.md": router})
    found = sorted((f.path, f.line, f.rule, f.text, f.replacement) for f in audit(builder.root, blame=False).findings)
    assert found == [
        ("docs/args.md", 3, "DRIFT009", "aux_loss, seq_aux_loss, none", "aux_loss, seq_aux_loss, global_aux_loss, none"),
        ("docs/router.md", 3, "DRIFT009", "softmax, sigmoid", "softmax, sigmoid, sqrtsoftplus"),
    ]


def test_a_type_column_may_say_several_values_in_words_or_name_each_values_type(make_repo):
    """evalscope: `int (multiple)` for nargs='+'; `float` for `type=float, nargs='+'`."""
    cli = (
        "import argparse\np = argparse.ArgumentParser()\n"
        "p.add_argument('--parallel', type=int, nargs='+', default=[1])\n"
        "p.add_argument('--rate', type=float, nargs='+', default=[1.0])\n"
        "p.add_argument('--lr', type=float, default=0.1)\n"
        "p.parse_args()\n"
    )
    doc = "# Options\n\n| Flag | Type | Default |\n|---|---|---|\n| `--parallel` | int (multiple) | 1 |\n| `--rate` | float | 1.0 |\n| `--lr` | int | 0.1 |\n"
    builder = make_repo({"tool/__init__.py": "", "tool/cli.py": cli, "docs/options.md": doc})
    assert [f.subject or f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT011"] == ["--lr"]


def test_a_relative_path_default_written_with_dot_slash_is_the_same_path(make_repo):
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--outputs-dir', default='outputs')\np.add_argument('--cache', default='cache')\np.parse_args()\n"
    doc = "# Options\n\n| Flag | Default |\n|---|---|\n| `--outputs-dir` | `./outputs` |\n| `--cache` | `./tmp` |\n"
    builder = make_repo({"tool/__init__.py": "", "tool/cli.py": cli, "docs/options.md": doc})
    assert [(f.subject, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT006"] == [("--cache", "./tmp")]


def test_a_table_among_scripts_with_the_same_options_is_read_against_its_own_folders(make_repo):
    """InternVL: 25 `evaluate_*.py` take `--datasets` and `--checkpoint`; each folder's
    README documents its own. Drift compared every table with the largest one's defaults."""
    script = "import argparse\n\nif __name__ == '__main__':\n    p = argparse.ArgumentParser()\n    p.add_argument('--datasets', default='{ds}')\n    p.add_argument('--checkpoint', default='')\n    p.add_argument('--num-beams', default=1)\n{extra}    p.parse_args()\n"
    table = "# {name}\n\n| flag | default |\n|---|---|\n| `--datasets` | `{ds}` |\n| `--checkpoint` | `''` |\n| `--num-beams` | `{beams}` |\n"
    files = {
        "eval/vqa/evaluate_vqa.py": script.format(ds="okvqa_val", extra=""),
        "eval/mme/evaluate_mme.py": script.format(ds="MME", extra="    p.add_argument('--top-p')\n    p.add_argument('--top-k')\n"),
        "eval/vqa/README.md": table.format(name="VQA", ds="okvqa_val", beams=1),
        "eval/mme/README.md": table.format(name="MME", ds="MME", beams=5),
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT006"]
    assert found == [("eval/mme/README.md", "5")]


def test_a_default_whose_definitions_disagree_is_a_note_when_the_table_names_no_program(make_repo):
    """neural-compressor: two benchmark servers take `--port` (8888 and 8009); a page's
    one-row table cannot say which it means."""
    server = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--port', type=int, default={port})\np.parse_args()\n"
    doc = "# Serving\n\n| flag | default |\n|---|---|\n| `--port` | `8000` |\n"
    files = {"bench/a/server.py": server.format(port=8888), "bench/b/server.py": server.format(port=8009), "docs/serving.md": doc}
    result = audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"])
    assert [(f.text, f.confidence) for f in result.findings if f.rule == "DRIFT006"] == [("8000", "low")]


def test_an_option_whose_custom_action_makes_its_value_has_no_type_to_check(make_repo):
    """evalscope: `--headers` with `nargs='+'` and `action=ParseKVAction` becomes a dict of
    `key=value` pairs: the doc's `str` (with its format) is not a list's mistake."""
    from drift_docs.engine import audit

    cli = (
        "import argparse\n\n\nclass ParseKVAction(argparse.Action):\n    def __call__(self, parser, ns, values, option_string=None):\n"
        "        setattr(ns, self.dest, dict(v.split('=', 1) for v in values))\n\n\np = argparse.ArgumentParser()\n"
        "p.add_argument('--headers', nargs='+', action=ParseKVAction)\np.add_argument('--stop', nargs='+')\np.parse_args()\n"
    )
    doc = "# Options\n\n| Option | Type | Description |\n|---|---|---|\n| `--headers` | `str` | `k1=v1 k2=v2` |\n| `--stop` | `str` | stop words |\n"
    found = [(f.rule, f.text, f.replacement) for f in audit(make_repo({"perf.py": cli, "docs/options.md": doc}).root, blame=False).findings]
    assert found == [("DRIFT011", "str", "list")]


def test_a_count_is_no_size_in_bytes_however_round(make_repo):
    """`--num-timesteps` defaults to 1_000_000, the table says `2M`: the fix is 1000000,
    not "1 MB"; a buffer's `1 GB` is still answered in its own units."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--num-timesteps', type=int, default=1_000_000)\np.add_argument('--buffer-size', type=int, default=512 * 1024 * 1024)\np.parse_args()\n"
    doc = "# Options\n\n| Flag | Default |\n|---|---|\n| `--num-timesteps` | 2M |\n| `--buffer-size` | 1 GB |\n"
    found = {f.subject: (f.replacement, f.evidence) for f in audit(make_repo({"train.py": cli, "docs/options.md": doc}).root, blame=False).findings}
    assert found["--num-timesteps"][0] == "1000000" and "MB" not in found["--num-timesteps"][1]
    assert found["--buffer-size"][0] == "512 MiB"


def test_a_comparison_tables_column_named_for_another_product_holds_its_options(make_repo):
    """Fooocus' README: `| Midjourney | Fooocus |` with `| --style | Advanced -> Style |`:
    Midjourney's parameter. A `| Flag | Fooocus |` table is still this repository's."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--preset')\np.parse_args()\n"
    doc = (
        "# Fooocus\n\n| Midjourney | Fooocus |\n| - | - |\n| --style | Advanced -> Style |\n| --repeat | Image Number |\n\n"
        "| Flag | Fooocus |\n| - | - |\n| --presett | picks a preset |\n"
    )
    files = {"pyproject.toml": "[project]\nname = 'fooocus'\n", "launch.py": cli, "readme.md": doc}
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("--presett", "--preset")]


def test_a_config_reference_row_is_judged_against_the_field_of_the_class_its_section_names(make_repo):
    """AReaL's docs/cli_reference.md: generated from its dataclasses, one section per class
    ("## Norm Configuration" for NormConfig). `std_unbiased` became True and the row still
    says `False`. A row whose section names no class, or a class without that field, is not
    judged."""
    code = (
        "from dataclasses import dataclass, field\n\n\n@dataclass\nclass NormConfig:\n"
        "    mean_level: str = 'batch'\n    eps: float = 1e-5\n"
        "    std_unbiased: bool = field(default=True, metadata={'help': 'Defaults to True (changed from False in v0.3.4).'})\n\n\n"
        "@dataclass\nclass OptimizerConfig:\n    lr: float = 2e-5\n    std_unbiased: bool = False\n"
    )
    table = "| Parameter | Type | Default | Description |\n| --- | --- | --- | --- |\n"
    doc = (
        "# Configurations\n\n## Norm Configuration\n\n" + table
        + "| `mean_level` | string | `\"batch\"` | Mean level. |\n| `eps` | float | `1e-05` | Eps. |\n| `std_unbiased` | boolean | `False` | Unbiased std. |\n\n"
        "## Misc\n\n" + table + "| `std_unbiased` | boolean | `False` | Unbiased std. |\n"
    )
    found = [(f.rule, f.line, f.text, f.replacement, f.confidence) for f in audit(make_repo({"areal/__init__.py": "", "areal/cli_args.py": code, "docs/cli_reference.md": doc}).root, blame=False).findings]
    assert found == [("DRIFT006", 9, "False", "True", "high")]


def test_a_help_that_names_the_old_default_does_not_state_it():
    """"Defaults to True (changed from False in v0.3.4)" states True, not False; "defaults to
    af_heart for Kokoro" states af_heart."""
    from drift_docs.checks.default_mismatch import _said_in_help
    from drift_docs.model import Fact

    changed = Fact("flag", "--std-unbiased", "a.py", 1, {"help": "Defaults to True (changed from False in v0.3.4)."})
    assert _said_in_help(changed, ["True"])
    assert not _said_in_help(changed, ["False"])
    voice = Fact("flag", "--voice", "a.py", 1, {"help": "For Kokoro defaults to af_heart."})
    assert _said_in_help(voice, ["af_heart"])
