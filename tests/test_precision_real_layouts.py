"""Layouts met on real repositories that must not be reported as drift: paths a docs
build generates (kept out of git by .gitignore), paths written from above the checkout
under the project's name, and flags of a framework whose parser is imported lazily."""

from __future__ import annotations

from drift_docs.engine import audit
from drift_docs.ignored_paths import IgnoredPaths

ARGS = '''import argparse


def parse_args():
    from megatron.training.arguments import parse_args as megatron_parse_args

    def extra(parser):
        parser.add_argument("--rollout-batch-size", type=int, default=8)
        return parser

    return megatron_parse_args(extra_args_provider=extra)
'''
TRAIN = "from pkg.arguments import parse_args\n\nif __name__ == '__main__':\n    parse_args()\n"


def _rules(result):
    return sorted((f.path, f.line, f.rule, f.text) for f in result.findings)


def test_a_lazily_imported_framework_parser_makes_its_flags_unverified_not_unknown(make_repo):
    doc = "# Run\n\n```bash\npython train.py --rollout-batch-size 4 --tensor-model-parallel-size 2\n```\n"
    builder = make_repo({"pkg/__init__.py": "", "pkg/arguments.py": ARGS, "train.py": TRAIN, "docs/run.md": doc})
    assert _rules(audit(builder.root, blame=False)) == []
    # The same flag with no framework behind the parser is unknown.
    plain = ARGS.replace("    from megatron.training.arguments import parse_args as megatron_parse_args\n", "")
    builder.commit({"pkg/arguments.py": plain}, "no framework")
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["--tensor-model-parallel-size"]


def test_paths_that_gitignore_keeps_out_of_the_tree_are_not_judged(make_repo):
    files = {
        ".gitignore": "_examples_synced/\n*.ckpt\n",
        "docs/.gitignore": "_build/\n",
        "examples/search/README.md": "# Search\n",
        "docs/en/guide.md": (
            "# Guide\n\n"
            "See [the example](../_examples_synced/search/README.md).\n\n"
            "Built pages land in `docs/_build/html/index.html`.\n\n"
            "Load `checkpoints/model.ckpt` afterwards.\n\n"
            "And [a page that is gone](../old/page.md).\n"
        ),
    }
    builder = make_repo(files)
    found = _rules(audit(builder.root, blame=False))
    assert found == [("docs/en/guide.md", 9, "DRIFT001", "../old/page.md")]
    # Without the ignore rule the synced copy is a broken link again.
    builder.commit({".gitignore": "*.ckpt\n"}, "stop ignoring")
    texts = [f.text for f in audit(builder.root, blame=False).findings]
    assert "../_examples_synced/search/README.md" in texts


def test_a_path_written_from_above_the_checkout_under_the_project_name(make_repo):
    files = {
        "setup.py": "from setuptools import setup\nsetup(name='trainkit', version='1')\n",
        "scripts/models/small.sh": "echo small\n",
        "README.md": "# Kit\n\nModel settings live in `trainkit/scripts/models`; `trainkit/scripts/gone` does not.\n",
        # pyrobot's install script cds to where it cloned the repository into src/pyrobot.
        "install.sh": "cd $ROOT\nchmod +x src/trainkit/scripts/models/small.sh\nchmod +x src/trainkit/scripts/models/gone.sh\n", "src/setup_utils.py": "",
    }
    builder = make_repo(files)
    assert sorted(f.text for f in audit(builder.root, blame=False).findings) == ["src/trainkit/scripts/models/gone.sh", "trainkit/scripts/gone"]


def test_gitignore_rules_nest_and_negate():
    ignored = IgnoredPaths.from_files(
        [(".gitignore", b"build\n*.log\n!keep.log\n# comment\n"), ("docs/.gitignore", b"_build/\n")]
    )
    assert ignored.ignores("build/lib/x.py") and ignored.ignores("build")
    assert ignored.ignores("a/b/run.log") and not ignored.ignores("keep.log")
    assert ignored.ignores("docs/_build/html") and not ignored.ignores("_build/x")
    assert not ignored.ignores("src/x.py") and not ignored.ignores("../outside")
    assert not IgnoredPaths.from_files([]).ignores("anything")


def test_a_flag_named_as_another_programs_is_theirs(make_repo):
    args = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--port', type=int)\n"
    doc = (
        "# Serving\n\n"
        "Workers start after the launcher, mirroring how vLLM's `--headless` is invoked.\n\n"
        "Our own `--port` is fine, and trainkit's `--portt` is a typo.\n\n"
        "And `--headles` alone is unknown, as is the script's `--prot`.\n"
    )
    files = {"trainkit/__init__.py": "", "trainkit/cli.py": args, "docs/serve.md": doc}
    found = [(f.line, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    # `--headles` alone: near no option here and never in the code, so another program's, most likely.
    assert found == [(5, "--portt", "medium"), (7, "--headles", "low"), (7, "--prot", "medium")]


def test_the_positive_of_a_negative_only_flag_is_not_replaced_by_its_negation(make_repo):
    args = (
        "import argparse\np = argparse.ArgumentParser()\n"
        "p.add_argument('--no-align-param-gather', action='store_false', dest='align_param_gather')\n"
    )
    doc = "Pass `python train.py --align-param-gather`.\n"
    files = {"train.py": args, "README.md": doc, "pyproject.toml": '[tool.drift]\nmin_confidence = "low"\n'}
    builder = make_repo(files)
    (found,) = audit(builder.root, blame=False).findings
    assert found.text == "--align-param-gather" and found.replacement is None
    assert found.confidence == "low" and "--no-align-param-gather" in found.evidence
    # At the default confidence it is not reported at all.
    builder.commit({}, "default settings", remove=("pyproject.toml",))
    assert audit(builder.root, blame=False).findings == []


def test_a_wrappers_own_options_are_not_the_wrapped_programs_flags(make_repo):
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--model')\n"
    doc = (
        "```bash\n"
        "srun --nodes=1 --ntasks 2 python cli.py --model m\n"
        "timeout --signal KILL 10 python cli.py --model m\n"
        "uv run --with rich python cli.py --model m --modle x\n"
        "```\n"
    )
    found = [(f.line, f.text) for f in audit(make_repo({"cli.py": cli, "README.md": doc}).root, blame=False).findings]
    assert found == [(4, "--modle")]


def test_a_script_on_a_continuation_line_is_reported_where_it_is_written(make_repo):
    doc = "```bash\naccelerate launch --num_processes 2 \\\n    scripts/gone.py --x 1\npython \\\n    scripts/gone.py\n```\n"
    files = {"scripts/real.py": "print(1)\n", "README.md": doc}
    found = audit(make_repo(files).root, blame=False).findings
    assert [(f.line, f.column, f.line_before) for f in found] == [
        (3, 5, "    scripts/gone.py --x 1"),
        (5, 5, "    scripts/gone.py"),
    ]


def test_an_import_from_a_missing_module_is_one_finding(make_repo):
    doc = "Example:\n\n```python\nfrom pkg.experimental.new_trainer import NewTrainer\nfrom pkg.experimental import Missing\n```\n"
    files = {"pkg/__init__.py": "", "pkg/experimental/__init__.py": "X = 1\n", "README.md": doc}
    found = [(f.line, f.message) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(4, "no module pkg.experimental.new_trainer"), (5, "pkg.experimental has no Missing")]


def test_a_removed_module_is_blamed_on_its_removal_and_only_a_module_that_has_the_names_is_offered(make_repo):
    files = {
        "pkg/__init__.py": "",
        "pkg/ray/__init__.py": "",
        "pkg/ray/megatron.py": "class MegaGroup:\n    pass\n",
        "pkg/utils/__init__.py": "",
        "pkg/utils/megatron.py": "X = 1\n",
        "pkg/cfg.py": "megatron = None\n",  # an unrelated name that a text search would hit
    }
    builder = make_repo(files)
    builder.commit({"docs/guide.md": "# Guide\n\n```python\nfrom pkg.ray.megatron import MegaGroup\n```\n"}, "Document the group")
    removal = builder.commit({}, "Drop the Ray megatron group (#2895)", remove=("pkg/ray/megatron.py",))
    (found,) = audit(builder.root).findings
    assert found.message == "no module pkg.ray.megatron"
    # pkg.utils.megatron has the same name but no MegaGroup: no replacement.
    assert found.replacement is None
    assert found.broken_by["commit"] == removal and found.broken_by["pr"] == 2895
    assert found.broken_by["born_stale"] is False


def test_a_broken_anchor_suggests_the_closest_heading_without_claiming_certainty(make_repo):
    files = {"docs/formats.md": "# Formats\n\n## Vision datasets\n\nText.\n", "docs/sft.md": "See [vision](formats.md#vision-dataset).\n"}
    (found,) = audit(make_repo(files).root, blame=False).findings
    assert (found.text, found.replacement, found.certain) == ("#vision-dataset", "#vision-datasets", False)
    assert found.line_after == "See [vision](formats.md#vision-datasets)."


def test_of_two_equally_close_headings_the_one_the_links_row_names_is_the_fix(make_repo):
    """LMFlow's template table: the `deepseek_v2` row links `#deepseek`, and the page has
    `## DeepSeek-V2` and `## DeepSeek-V3`. A row that names neither keeps the nearest."""
    page = "# Templates\n\n## DeepSeek-V3\n\nx\n\n## DeepSeek-V2\n\ny\n"
    table = "| name | link |\n|---|---|\n| `deepseek_v2` | [Link](templates.md#deepseek) |\n| `other` | [Link](templates.md#deepseek) |\n"
    found = sorted((f.line, f.replacement) for f in audit(make_repo({"docs/templates.md": page, "docs/datasets.md": table}).root, blame=False).findings)
    assert found[0] == (3, "#deepseek-v2")
    assert found[1][0] == 4 and found[1][1] in ("#deepseek-v2", "#deepseek-v3")


def test_a_dot_slash_anchor_on_a_folder_url_site_is_the_page_itself(make_repo):
    """ormar's mkdocs site serves queries/create.md at /queries/create/: "[create](./#create)
    function above" opens that page's own section, not queries/index.md's. Without a site,
    `./` is the folder and its index page."""
    create = "# Create\n\n## create\n\nx\n\n## get_or_create\n\nSame as [create](./#create); see [gone](./#gone).\n"
    files = {"mkdocs.yml": "site_name: x\n", "docs/queries/index.md": "# Queries\n\ny\n", "docs/queries/create.md": create,
             "guide/index.md": "# Guide\n\n## Setup\n", "guide/usage.md": "# Usage\n\nSee [setup](./#setup) and [usage](./#usage).\n",
             # schemathesis: a page's source named by its suffix resolves from the page's folder.
             "docs/configuration.md": "# Configuration\n\n## Editor support\n", "docs/reference/configuration.md": "# Reference\n\nSee [schema](../configuration.md#editor-support).\n"}
    found = sorted((f.path, f.text, f.message) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs/queries/create.md", "#gone", "anchor #gone not found in docs/queries/create.md"),
                     ("guide/usage.md", "#usage", "anchor #usage not found in guide/index.md")]


def test_links_in_a_preview_of_rendered_output_are_a_mock_up(make_repo):
    """mkdocstrings-python's option pages: `/// admonition | Preview` boxes hold hand-written
    HTML of an imaginary class (`<a href="#my_method1">`); so does `!!! example "Output"`.
    The same link outside such a box is judged."""
    page = (
        "# Members\n\n/// admonition | Preview\n    type: preview\n\n//// tab | With summaries\n"
        "<ul>\n  <li><a href=\"#my_method1\">my_method1</a></li>\n</ul>\n////\n///\n\n"
        "!!! example \"Output\"\n\n    <a href=\"#attr1\">attr1</a>\n\n"
        "See <a href=\"#my_method2\">my_method2</a>.\n"
    )
    found = [f.text for f in audit(make_repo({"docs/members.md": page}).root, blame=False).findings]
    assert found == ["#my_method2"]


def test_sphinx_multiproject_folders_are_source_roots_of_their_own(make_repo):
    """readthedocs.org's docs/conf.py: `multiproject_projects = {"user": {...}, "dev": {...}}`
    builds docs/user/ and docs/dev/ as two sites, so `:doc:`/install`` on a dev page is
    docs/dev/install.rst. A page neither project has is still missing."""
    conf = (
        "extensions = ['multiproject']\n\nmultiproject_projects = {\n    'user': {'use_config_file': False, 'config': {'project': 'User'}},\n"
        "    'dev': {'use_config_file': False},\n}\nmaster_doc = 'index'\n"
    )
    files = {
        "docs/conf.py": conf, "docs/user/index.rst": "User\n====\n\nSee :doc:`/builds`.\n", "docs/user/builds.rst": "Builds\n======\n",
        "docs/dev/index.rst": "Dev\n===\n\nSee :doc:`/install` and :doc:`/gone`.\n", "docs/dev/install.rst": "Install\n=======\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["gone"]


def test_a_sub_project_s_docs_name_paths_from_its_own_root(make_repo):
    files = {
        "pyproject.toml": '[project]\nname = "main"\n',
        "agent/pyproject.toml": '[project]\nname = "agent"\n',
        "agent/examples/run/train.sh": "echo train\n",
        "agent/examples/README.md": "# Examples\n\n```bash\nbash ./examples/run/train.sh\nbash ./examples/run/gone.sh\n```\n\nSee `examples/run/train.sh`.\n",
    }
    result = audit(make_repo(files).root, blame=False)
    # From agent/, as its README is read: the script exists; the other one exists nowhere.
    assert [(f.path, f.line, f.text) for f in result.findings] == [("agent/examples/README.md", 5, "examples/run/gone.sh")]


def test_an_anchor_into_a_heading_an_unclosed_fence_swallowed_says_why(make_repo):
    page = "# Megatron\n\nIntro.\n\n~~~~~~~~~~\nA note.\n\n## Parallelism\n\nText.\n"
    index = "# Index\n\nSee [parallelism](page.md#parallelism).\n"
    result = audit(make_repo({"docs/page.md": page, "docs/index.md": index}).root, blame=False)
    by_rule = {f.rule: f for f in result.findings}
    assert set(by_rule) == {"DRIFT008", "DRIFT014"}
    assert (by_rule["DRIFT014"].path, by_rule["DRIFT014"].line) == ("docs/page.md", 5)
    assert "renders as code, inside the fence opened at line 5" in by_rule["DRIFT008"].evidence
    assert by_rule["DRIFT008"].replacement is None


LAUNCHER = """\
import argparse
from dataclasses import dataclass


@dataclass
class LaunchConfig:
    num_gpus: int = 1
    budget: str = ""

    def merge(self, overrides):
        return self


def _parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpus", type=int, default=0)
    parser.add_argument("--cluster")
    return parser.parse_args()


if __name__ == "__main__":
    print(_parse_args())
"""

LAUNCH_TEST = """\
import sys

from pkg.launch import LaunchConfig

if __name__ == "__main__":
    overrides = sys.argv[1 : sys.argv.index("--")]
    LaunchConfig().merge(overrides)
"""

TRAIN_REST = """\
import argparse
from dataclasses import dataclass, field


@dataclass
class TrainerConfig:
    max_steps: int = 10
    save_folder: str = ""


@dataclass
class ExperimentConfig:
    trainer: TrainerConfig = field(default_factory=TrainerConfig)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--name")
    args, overrides = parser.parse_known_args()
    print(ExperimentConfig(), overrides)


if __name__ == "__main__":
    main()
"""

LAYOUT_DOC = """\
# Running

```bash
python scripts/launch_test.py --num_gpus=1 --budget=x -- pytest
python pkg/launch.py --gpus 2 --clusterr a
python scripts/train.py --name run1 --trainer.max_steps=5 --trainer.save_folder=/tmp/x --trainer.max_step=5
```

Run `ruff check --fix .`, or add `--fix` to apply the fixes.
"""


def test_options_a_script_reads_itself_or_hands_on_are_not_another_parser_s(make_repo):
    files = {
        "pkg/__init__.py": "",
        "pkg/launch.py": LAUNCHER,
        "scripts/launch_test.py": LAUNCH_TEST,
        "scripts/train.py": TRAIN_REST,
        "docs/run.md": LAYOUT_DOC,
    }
    result = audit(make_repo(files).root, blame=False)
    found = sorted((f.line, f.text, f.replacement) for f in result.findings if f.rule == "DRIFT002")
    # launch_test.py takes overrides from sys.argv (launch.py's private parser is not its);
    # train.py hands what argparse leaves to ExperimentConfig; `--fix` is ruff's.
    assert found == [(5, "--clusterr", "--cluster"), (6, "--trainer.max_step", "--trainer.max_steps")]


def test_files_the_page_or_the_code_creates_are_not_stale_paths(make_repo):
    writer = 'import json\n\nfor split in ("train", "test"):\n    open(f"data/dpo_{split}_filtered.jsonl", "w")\n'
    doc = (
        "# Data\n\n```bash\npython tools/make_data.py\nmkdir -p out/pairwise\n"
        "python tools/make_data.py --output-prefix out/run > logs/run.log\n"
        "apptainer build images/neox.sif neox.def\n"
        "python tools/make_data.py --input data/dpo_train_filtered.jsonl --input2 out/pairwise/a.bin --input3 logs/run.log\n"
        "apptainer exec images/neox.sif python tools/gone.py\n```\n\n"
        "## Naming convention\n\nScripts are named `<feature>-test.py`, e.g.:\n- `tools/smoke/new-mix-test.py`\n\n"
        "## Inputs\n\nRead `tools/never_written.jsonl` and `tools/missing.py`.\n"
    )
    files = {"tools/make_data.py": writer, "images/neox.def": "Bootstrap: docker\n", "docs/data.md": doc, "pyproject.toml": '[tool.drift]\nmin_confidence = "low"\n'}
    result = audit(make_repo(files, removed=('tools/gone.py', 'tools/missing.py', 'tools/never_written.jsonl')).root, blame=False)
    found = sorted((f.line, f.text, f.confidence) for f in result.findings if f.rule == "DRIFT001")
    # What the steps create exists once they ran; the naming example is only a low note.
    assert found == [(9, "tools/gone.py", "high"), (15, "tools/smoke/new-mix-test.py", "low"), (19, "tools/missing.py", "high"), (19, "tools/never_written.jsonl", "high")]


def test_two_docs_that_disagree_on_a_framework_flag_s_default_are_both_reported(make_repo):
    table = "# {title}\n\n| Flag | Default | Description |\n|---|---|---|\n| `--lr` | `{lr}` | learning rate |\n| `--rollout-batch-size` | `8` | rollout batch |\n"
    files = {
        "pkg/__init__.py": "",
        "pkg/arguments.py": ARGS,
        "train.py": TRAIN,
        "docs/a.md": table.format(title="A", lr="1e-6"),
        "docs/b.md": table.format(title="B", lr="1e-5"),
        "docs/c.md": table.format(title="C", lr="1.0e-6"),
    }
    result = audit(make_repo(files).root, blame=False)
    found = sorted((f.path, f.line, f.text) for f in result.findings if f.rule == "DRIFT006")
    # Megatron's --lr default is not in this repository: the docs can only be compared with
    # each other. 1e-6 and 1.0e-6 agree; --rollout-batch-size is checked against the code.
    assert found == [("docs/a.md", 5, "1e-6"), ("docs/b.md", 5, "1e-5"), ("docs/c.md", 5, "1.0e-6")]
    evidence = next(f.evidence for f in result.findings if f.path == "docs/b.md")
    assert "`1e-6` at docs/a.md:5" in evidence and "docs disagree" in next(f.message for f in result.findings if f.path == "docs/b.md")


def test_a_modules_main_block_parser_is_not_its_importers(make_repo):
    loader = (
        "import argparse\n\n\ndef build_loader(path):\n    return path\n\n\n"
        "if __name__ == '__main__':\n    parser = argparse.ArgumentParser()\n    parser.add_argument('--local_path')\n    parser.parse_args()\n"
    )
    train = (
        "import argparse\n\nfrom pkg.loader import build_loader\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('--config')\n    build_loader(parser.parse_args().config)\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    doc = "# Train\n\n```bash\npython pkg/train.py --config x.yaml --local_path /data\npython pkg/loader.py --local_path /data\n```\n"
    files = {"pkg/__init__.py": "", "pkg/loader.py": loader, "pkg/train.py": train, "docs/train.md": doc}
    result = audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"])
    # train.py imports loader.py for a function: the loader's own test-block flag is not train.py's.
    assert [(f.line, f.text) for f in result.findings if f.rule == "DRIFT002"] == [(4, "--local_path")]


def test_object_links_lazy_exports_and_attribute_names_are_python_not_paths(make_repo):
    init = (
        "from importlib import import_module\n\n_LAZY = {'TraceConfig': ('.runtime', 'TraceConfig')}\n\n\n"
        "def __getattr__(name):\n    module, attr = _LAZY[name]\n    return getattr(import_module(module, __name__), attr)\n"
    )
    runtime = "class TraceConfig:\n    pass\n"
    api = "def span(attributes):\n    attributes.setdefault('pkg.stage', 'x')\n"
    doc = (
        "# Trace\n\nSee [`TraceConfig`](pkg.trace.TraceConfig) and [`Gone`](pkg.trace2.Gone).\n\n"
        "Use `pkg.trace.TraceConfig`; spans carry `pkg.stage`. Call `pkg.api.missing` after.\n"
    )
    files = {"pkg/__init__.py": "", "pkg/trace/__init__.py": init, "pkg/trace/runtime.py": runtime, "pkg/api.py": api, "docs/trace.md": doc}
    result = audit(make_repo(files).root, blame=False)
    # Object links are names, not files; a module with __getattr__ has any name; a string
    # the code writes is no missing symbol. Only the two missing names are reported.
    assert sorted((f.line, f.rule, f.text) for f in result.findings) == [(3, "DRIFT005", "pkg.trace2.Gone"), (5, "DRIFT005", "pkg.api.missing")]


def test_defaults_stated_in_prose_and_units_the_code_keeps_as_strings(make_repo):
    run = (
        "import argparse\n\np = argparse.ArgumentParser()\n"
        "p.add_argument('--timeout', default='10m')\np.add_argument('--module', default='block.py')\n"
        "p.add_argument('--size', default='1g')\np.add_argument('--batch-sizes', default='1,4,16,64')\n"
        "p.parse_args()\n"
    )
    doc = (
        "# Run\n\n"
        "- `--timeout <duration>`: the longest a run may take (default `10m`).\n"
        "- `--module <file>`: the file with the block. Defaults to `block.py` in the cwd.\n"
        "- `--size <size>`: the cache. Defaults to `2g`.\n"
        "- `--batch-sizes SIZES`: comma-separated batch sizes (default: 1,4,16,64)\n"
    )
    found = [(f.line, f.text, f.replacement) for f in audit(make_repo({"run.py": run, "docs/run.md": doc}).root, blame=False).findings if f.rule == "DRIFT006"]
    # `10m` is the code's own string; `block.py` is read whole, up to its closing backtick;
    # `1,4,16,64` is one value, commas and all.
    assert found == [(5, "2g", "1g")]


def test_a_program_that_resets_a_default_with_set_defaults_is_what_the_doc_may_document(make_repo):
    config = "from dataclasses import dataclass\n\n\n@dataclass\nclass Training:\n    learning_rate: float = 2e-5\n    epochs: int = 1\n"
    sft = (
        "from transformers import HfArgumentParser\n\nfrom pkg import config\n\n\ndef main():\n"
        "    parser = HfArgumentParser(config.Training)\n    parser.set_defaults(learning_rate=8e-5)\n    return parser.parse_args_into_dataclasses()\n"
    )
    legacy = "from transformers import HfArgumentParser\n\nfrom pkg.config import Training\n\nHfArgumentParser(Training).parse_args_into_dataclasses()\n"
    doc = "# SFT\n\n| Flag | Default |\n|---|---|\n| `--learning_rate` | `8e-5` |\n| `--epochs` | `3` |\n"
    files = {"pkg/__init__.py": "", "pkg/config.py": config, "pkg/sft.py": sft, "pkg/legacy.py": legacy, "docs/sft.md": doc}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT006"]
    assert found == [(6, "3")]


def test_tables_of_unnamed_programs_on_different_pages_are_not_compared(make_repo):
    table = "# {title}\n\n| Flag | Default |\n|---|---|\n| `--beta` | `{beta}` |\n"
    files = {
        "pkg/__init__.py": "",
        # Two scripts define --beta, each with a default set at run time.
        "pkg/dpo.py": "import argparse, os\n\np = argparse.ArgumentParser()\np.add_argument('--beta', type=float, default=float(os.environ['B']))\np.parse_args()\n",
        "pkg/grpo.py": "import argparse, os\n\np = argparse.ArgumentParser()\np.add_argument('--beta', type=float, default=float(os.environ['G']))\np.parse_args()\n",
        "docs/dpo.md": table.format(title="DPO", beta="0.1"),
        "docs/grpo.md": table.format(title="GRPO", beta="0.05"),
        "docs/ppo.md": table.format(title="PPO", beta="0.1") + "\n| Flag | Default |\n|---|---|\n| `--beta` | `0.2` |\n",
    }
    found = [(f.path, f.line) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT006"]
    # Two scripts' --beta may differ on purpose: DPO's 0.1 and GRPO's 0.05 are not a
    # contradiction, and neither are two tables of one page.
    assert found == []


def test_a_test_s_or_an_example_s_parser_speaks_only_for_docs_beside_it(make_repo):
    script = "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--seed', type=int, default=42)\np.add_argument('--device', default='cpu')\np.parse_args()\n"
    line = "- `--seed`: the random seed. Defaults to `1729`.\n- `--device`: where to run. Defaults to `auto`.\n"
    files = {
        "tests/utils/dump_reference.py": script,
        "examples/slurm/compute.py": script,
        "docs/pipeline.md": "# Pipeline\n\n" + line,
        "examples/slurm/README.md": "# Slurm\n\n" + line,
    }
    found = sorted((f.path, f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT006")
    # The main docs describe a CLI drift cannot see (say, draccus): no test or example
    # script is its definition. The example's own README is judged by the example.
    assert found == [("examples/slurm/README.md", 3, "1729"), ("examples/slurm/README.md", 4, "auto")]


def test_a_table_of_flags_defined_nowhere_here_is_not_judged_by_the_one_script_that_has_one(make_repo):
    script = "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--device', default='cuda')\np.parse_args()\n"
    table = (
        "# Rollout\n\n| Flag | Description | Default |\n|---|---|---|\n"
        "| `--robot.port` | serial port | -- |\n| `--robot.cameras` | cameras | -- |\n| `--fps` | frequency | 30 |\n| `--device` | torch device | auto |\n"
    )
    files = {"pkg/__init__.py": "", "pkg/annotate.py": script, "docs/rollout.md": table}
    result = audit(make_repo(files).root, blame=False)
    assert [f for f in result.findings if f.rule == "DRIFT006"] == []  # low: hidden by default
    files["pyproject.toml"] = '[tool.drift]\nmin_confidence = "low"\n'
    (found,) = [f for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT006"]
    assert found.confidence == "low" and not found.certain and "3 of 4" in found.evidence


def test_flags_in_prose_are_unverified_while_some_program_is_out_of_sight(make_repo):
    server = "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--port', type=int)\np.parse_args()\n"
    table = "# Options\n\n| Parameter | Description |\n|---|---|\n| `--port` | port |\n| `--split-mode` | split the model |\n| `--numa` | NUMA |\n"
    files = {"server/cli.py": server, "docs/options.md": table}
    low = ["min-confidence = 'low'"]
    found = [(f.line, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=low).findings if f.rule == "DRIFT002"]
    # (Never in the code either: another program's, most likely, so low.)
    assert found == [(6, "--split-mode", "low"), (7, "--numa", "low")]
    # A launcher written in Rust (its clap options unread): the table may be its.
    files["launcher/Cargo.toml"] = '[package]\nname = "launcher"\n\n[dependencies]\nclap = "4"\n'
    assert [f for f in audit(make_repo(files).root, blame=False, config_file=low).findings if f.rule == "DRIFT002"] == []


def test_a_page_that_runs_a_program_open_to_an_unread_package_leaves_its_prose_flags_unverified(make_repo):
    cli = "from jsonargparse import CLI\n\n\ndef download(repo_id: str, convert: bool = True):\n    pass\n\n\nif __name__ == '__main__':\n    CLI(download)\n"
    other = "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--hidden-size', type=int)\np.parse_args()\n"
    files = {
        "tool/__init__.py": "", "tool/__main__.py": cli, "launch.py": other,
        "docs/download.md": "# Download\n\n```bash\npython -m tool download org/model\n```\n\nPass `--convert_checkpoint false` to skip it.\n",
        "docs/launch.md": "# Launch\n\nSet `--hidden_size` and `--gone-flag`.\n",
    }
    builder = make_repo({**files, "launch.py": other.replace("p.parse_args()", "p.add_argument('--gone-flag')\np.parse_args()")})
    builder.commit(files, "Drop --gone-flag")
    found = sorted((f.path, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002")
    # The download page runs a program whose options jsonargparse makes: unverified. The
    # launch page runs nothing open, and `--hidden_size` is a misspelt own option.
    assert found == [("docs/launch.md", "--gone-flag"), ("docs/launch.md", "--hidden_size")]


def test_a_dotted_flag_in_prose_whose_last_part_is_a_field_here_is_a_nested_config_field(make_repo):
    args = "from dataclasses import dataclass\n\n\n@dataclass\nclass TrainArgs:\n    max_seq_length: int = 512\n"
    files = {"pkg/__init__.py": "", "pkg/args.py": args, "docs/oom.md": "# OOM\n\nLower `--train.max_seq_length`, or `--train.max_seq_lenght`.\n"}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == ["--train.max_seq_lenght"]


def test_a_template_default_described_in_words_is_not_a_mismatch(make_repo):
    gen = (
        "import argparse\n\nTEMPLATE = \"{% for m in messages %}{{ m['content'] }}{% endfor %}\"\n"
        "p = argparse.ArgumentParser()\np.add_argument('--chat-template', default=TEMPLATE)\np.add_argument('--top-k', default=50)\np.parse_args()\n"
    )
    table = "# Generate\n\n| Flag | Default |\n|---|---|\n| `--chat-template` | concatenate |\n| `--top-k` | 40 |\n"
    found = [(f.text, f.replacement) for f in audit(make_repo({"gen.py": gen, "docs/gen.md": table}).root, blame=False).findings if f.rule == "DRIFT006"]
    assert found == [("40", "50")]


def test_a_ci_script_writes_paths_from_above_the_folder_its_workflow_checks_out_into(make_repo):
    """torchao's workflow checks the repository out into `torchao/` and runs its script
    from the folder above: `torchao/test/x.py` is the repository's `test/x.py`. An
    extension named first in setup.py (`name="pkg._C"`) is not the project's name."""
    workflow = (
        "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n        with:\n          repository: pytorch/pytorch\n          path: pytorch\n"
        "      - uses: actions/checkout@v4\n        with:\n          repository: ${{ github.repository }}\n          path: torchao\n"
        "      - run: bash torchao/.github/scripts/ci.sh\n"
    )
    setup = "from setuptools import setup, Extension\next = Extension(name='quant._C', sources=[])\nsetup(name='quant', ext_modules=[ext])\n"
    script = "#!/bin/bash\npython -m pytest torchao/test/test_ops.py torchao/test/test_gone.py pytorch/test/test_nn.py\n"
    files = {".github/workflows/ci.yml": workflow, ".github/scripts/ci.sh": script, "setup.py": setup, "torchao/__init__.py": "", "test/test_ops.py": "x = 1\n", "README.md": "See `quant/test/test_ops.py`.\n"}
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"]
    # pytorch/ is another repository's checkout; the README's project-name prefix resolves too.
    assert found == [("torchao/test/test_gone.py", None)]


def test_sphinx_gallery_output_folders_are_build_outputs(make_repo):
    """torchao's docs/README.md names `source/tutorials/`, which sphinx-gallery writes
    (`gallery_dirs` in conf.py); a folder no build makes is still stale."""
    conf = 'extensions = ["sphinx_gallery.gen_gallery"]\nsphinx_gallery_conf = {\n    "examples_dirs": "tutorials_source",\n    "gallery_dirs": "tutorials",\n}\n'
    readme = "# Docs\n\n- Source files: `source/tutorials_source/*.py`\n- Generated output: `source/tutorials/`\n- Also `source/tutorials/intro.html` and `source/gone/`\n"
    builder = make_repo({"docs/source/conf.py": conf, "docs/source/tutorials_source/intro.py": "x = 1\n", "docs/source/index.rst": "Docs\n====\n", "docs/README.md": readme})
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"] == ["source/gone"]


def test_links_in_a_docusaurus_site_are_routes_the_site_serves(make_repo):
    """Docusaurus serves `guides/01-setup.md` at /docs/guides/setup, a doc with `id:` at
    that id, one with `slug:` at the slug; redirects and static files are routes too.
    A route no doc is served at is broken, however the files are named."""
    config = (
        "module.exports = {\n  baseUrl: '/',\n  presets: [['classic', { docs: { routeBasePath: 'docs' } }]],\n"
        "  plugins: [['@docusaurus/plugin-client-redirects', { redirects: [{ from: ['/docs/old-setup'], to: '/docs/guides/setup' }] }]],\n};\n"
    )
    intro = (
        "---\nslug: /start\n---\n# Intro\n\n"
        "[a](/docs/guides/setup#options) [b](./guides/setup) [c](/docs/old-setup) [d](/img/logo.png) [e](./guides/01-setup.md)\n"
        "[gone](/docs/guides/setpu) [blog](/blog/2024/launch) [anchor](/docs/guides/setup#nope)\n"
    )
    setup = "# Setup\n\n## Options\n\n[x](./custom-id) [y](../start) [z](../intro) [w](../guides)\n"
    files = {
        "website/docusaurus.config.js": config,
        "website/static/img/logo.png": "png",
        "website/docs/intro.md": intro,
        "website/docs/guides/01-setup.md": setup,
        "website/docs/guides/other.md": "---\nid: custom-id\n---\n# Custom\n",
        "website/docs/guides/index.md": "# Guides\n",
        # frigate's plus/index.md: `id: index` keeps the folder's route (the index convention reads the file's name).
        "website/docs/plus/index.md": "---\nid: index\ntitle: Models\n---\n# Plus\n\nSee [plus](/docs/plus) and [faq](/docs/plus/).\n",
        # A generated category index, and a Netlify redirect the deployed site answers.
        "website/docs/releases/_category_.json": '{"label": "Release Notes", "link": {"type": "generated-index"}}',
        "website/docs/releases/v1.md": "# v1\n",
        "website/docs/notes.md": "# Notes\n\nSee [all](/docs/category/release-notes), [folder](/docs/releases) and [old](/docs/howto/setup).\n",
        "website/_redirects": "/docs/howto/setup    /docs/guides/setup 301\n",
    }
    found = {(f.path.rsplit("/", 1)[-1], f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings}
    # `../intro` is no route: the slug serves intro.md at /docs/start.
    assert found == {
        ("intro.md", "/docs/guides/setpu", "/docs/guides/setup"),
        ("intro.md", "#nope", None),
        ("01-setup.md", "../intro", None),
    }


def test_routes_the_openapi_docs_plugin_writes_are_generated(make_repo):
    """frigate's docs: docusaurus-plugin-openapi-docs writes a page per endpoint of
    static/frigate-api.yaml into `outputDir: "docs/integrations/api"` at build time, so
    `/integrations/api/generate-review-summary-post` is a route. A route elsewhere is still checked."""
    config = (
        "module.exports = {\n  baseUrl: '/',\n  presets: [['classic', { docs: { routeBasePath: '/' } }]],\n"
        "  plugins: [['docusaurus-plugin-openapi-docs', { id: 'openapi', config: { api: { specPath: 'static/api.yaml', outputDir: 'docs/integrations/api' } } }]],\n};\n"
    )
    page = "# Reviews\n\nCall [the endpoint](/integrations/api/generate-review-summary-post) or read [gone](/integrations/gone).\n"
    files = {"docs/docusaurus.config.js": config, "docs/static/api.yaml": "openapi: 3.0.0\n", "docs/docs/reviews.md": page, "docs/docs/integrations/mqtt.md": "# MQTT\n"}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["/integrations/gone"]


def test_two_pages_that_give_another_programs_flag_different_values_are_a_note(make_repo):
    doc = "# {title}\n\n```bash\npython -m sglang.launch_server --model m --mem-fraction-static {value}\n```\n\n| Flag | Default |\n|---|---|\n| `--mem-fraction-static` | `{value}` |\n"
    # (The repository's trainer extends Megatron's parser: a framework drift cannot read.)
    files = {"pkg/__init__.py": "", "pkg/arguments.py": ARGS, "train.py": TRAIN, "docs/a.md": doc.format(title="A", value="0.9"), "docs/b.md": doc.format(title="B", value="0.85")}
    found = sorted((f.path, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT006")
    # No file here defines it and the docs run it on SGLang's command line: SGLang's,
    # whose pages for two setups each give the value they need.
    assert found == [("docs/a.md", "low"), ("docs/b.md", "low")]


def test_a_parser_builder_a_package_re_exports_and_a_launcher_imports_under_another_name_is_the_launchers(make_repo):
    trainer = (
        "import argparse\n\n\ndef get_args_parser(add_help=True):\n    parser = argparse.ArgumentParser(add_help=add_help)\n"
        "    parser.add_argument('--config-file')\n    return parser\n\n\nif __name__ == '__main__':\n    get_args_parser().parse_args()\n"
    )
    launcher = (
        "import argparse\n\nfrom pkg.train import get_args_parser as get_train_args_parser\n\n\n"
        "def main():\n    parser = argparse.ArgumentParser(parents=[get_train_args_parser(add_help=False)])\n    parser.add_argument('--nodes')\n"
        "    parser.parse_args()\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    doc = "# Train\n\n```bash\npython pkg/run/train.py --nodes 4 --config-file a.yaml --confg-file b.yaml\n```\n"
    files = {"pkg/__init__.py": "", "pkg/train/__init__.py": "from .train import get_args_parser\n", "pkg/train/train.py": trainer, "pkg/run/__init__.py": "", "pkg/run/train.py": launcher, "docs/train.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == ["--confg-file"]


def test_a_docusaurus_1_site_serves_its_docs_pages_and_anchors_its_own_way(make_repo):
    """aepsych and fastText build with Docusaurus 1 (website/siteConfig.js): docs/intro.md
    is /docs/introduction (its `id:`), so `../api/benchmark.html` is website/pages/api/
    benchmark.html and `../help` is pages/en/help.js. Its slugs collapse runs of dashes,
    so `#preprocessing-data-encoding` reaches "Preprocessing data / encoding" there, not
    on GitHub. A page the site does not serve is still a broken link."""
    heading = "## Preprocessing data / encoding\n\nSee [it](#preprocessing-data-encoding).\n"
    files = {
        "website/siteConfig.js": "const baseUrl = '/';\nmodule.exports = { title: 'x', baseUrl: baseUrl, cleanUrl: true };\n",
        "website/pages/en/help.js": "module.exports = 1;\n",
        "website/pages/api/benchmark.html": "<html></html>\n",
        "docs/intro.md": "---\nid: introduction\ntitle: Intro\n---\n\nSee [bench](../api/benchmark.html), [help](../help), [gone](../gone.html), [it](../setup.html).\n\n" + heading,
        "docs/setup.md": "---\nid: setup\n---\n\n# Setup\n",
        "README.md": "# Kit\n\n" + heading,
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    # (`../setup.html` from /docs/introduction is /setup.html: the site has /docs/setup.html.)
    assert found == [("README.md", "#preprocessing-data-encoding"), ("docs/intro.md", "../gone.html"), ("docs/intro.md", "../setup.html")]


def test_a_docusaurus_site_with_versions_serves_every_version_and_finds_links_from_its_docs_folder(make_repo):
    """hydra: versions.json lists 1.3 and 1.2, versioned_docs/ holds their snapshots (they
    describe past releases: set aside, not checked); /docs/1.2/intro is a route. A page
    in advanced/ links `[x](patterns/extending.md)`, which Docusaurus finds from the docs
    folder; `upgrades/1.3_to_1.4/` keeps its version-like name in the route."""
    config = "module.exports = {\n  presets: [['classic', { docs: { lastVersion: 'current' } }]],\n};\n"
    archive = "# Versions\n\n- [1.2](/docs/1.2/intro/)\n- [1.3](/docs/1.3/intro)\n- [1.0](/docs/1.0/intro)\n"
    advanced = "# Defaults\n\nSee [extending](patterns/extending.md), [upgrade](/docs/upgrades/1.3_to_1.4/changes) and [gone](patterns/gone.md).\n"
    files = {
        "website/docusaurus.config.js": config,
        "website/versions.json": '["1.3", "1.2"]',
        "website/docs/intro.md": "# Intro\n",
        "website/docs/version_archive.md": archive,
        "website/docs/advanced/defaults.md": advanced,
        "website/docs/patterns/extending.md": "# Extending\n",
        "website/docs/upgrades/1.3_to_1.4/changes.md": "---\nid: changes\n---\n# Changes\n",
        "website/versioned_docs/version-1.3/intro.md": "# Intro 1.3\n",
        "website/versioned_docs/version-1.2/intro.md": "# Intro 1.2\n\nRun `scripts/gone.sh`.\n",
    }
    found = sorted((f.path.rsplit("/", 1)[-1], f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("defaults.md", "patterns/gone.md"), ("version_archive.md", "/docs/1.0/intro")]


def test_a_config_key_under_the_package_s_name_is_no_python_name(make_repo):
    """hydra: `hydra.job.chdir` and `hydra.mode` are keys of the `hydra` config node
    (HydraConf.job, JobConf.chdir, HydraConf.mode); `hydra/sweeper=ax` picks a config group
    the code registers by that string. A name neither the module nor a config has is still
    reported."""
    conf = (
        "from dataclasses import dataclass, field\n\n@dataclass\nclass JobConf:\n    chdir: bool = False\n\n"
        "@dataclass\nclass HydraConf:\n    mode: str = 'RUN'\n    job: JobConf = field(default_factory=JobConf)\n"
    )
    store = "from hydra.core import ConfigStore\nConfigStore.instance().store(group=\"hydra/sweeper\", name=\"basic\", node=dict)\n"
    doc = "# Run\n\nSet `hydra.job.chdir=True` or `hydra.mode=MULTIRUN`; add `hydra/sweeper=ax` or override `hydra/sweeper`.\nCall `hydra.gone_helper`.\n"
    files = {"hydra/__init__.py": "", "hydra/conf.py": conf, "hydra/core.py": "class ConfigStore:\n    pass\n", "hydra/plugins.py": store, "docs/run.md": doc}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["hydra.gone_helper"]


def test_pages_a_docs_build_writes_are_there_on_the_site(make_repo):
    """optimum-tpu's doc workflow runs `doc-builder notebook-to-mdx examples/ --output_dir
    docs/source/howto/`; outlines' mkdocs-gen-files script writes `api_reference/<module>.md`.
    Links to those pages work on the site. A missing page elsewhere is still stale."""
    workflow = "jobs:\n  build:\n    steps:\n      - run: |\n          doc-builder notebook-to-mdx examples/ --output_dir docs/source/howto/\n"
    gen = 'import mkdocs_gen_files\nOUTPUT_DIR_NAME = "api_reference"\n'
    files = {
        ".github/workflows/doc-build.yml": workflow,
        "examples/gemma_tuning.ipynb": "{}\n",
        "docs/source/howto/more.mdx": "# More\n\n[Gemma](../howto/gemma_tuning) and [gone](../guides/gone.mdx).\n",
        "mkdocs.yml": "site_name: x\nplugins:\n  - gen-files:\n      scripts:\n      - scripts/gen_ref_pages.py\n",
        "scripts/gen_ref_pages.py": gen,
        "docs/features/types.md": "# Types\n\nSee [grammars](../api_reference/grammars.md).\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/source/howto/more.mdx", "../guides/gone.mdx")]


def test_a_route_into_generated_pages_resolves_from_where_the_site_serves_the_page(make_repo):
    """iceberg-python's mkdocs/docs/configuration.md (served at configuration/) links
    `../reference/pyiceberg/table/locations/`, a page its gen-files script writes under
    reference/: the link works on the site. A route into a folder nothing writes is broken."""
    gen = 'from pathlib import Path\nimport mkdocs_gen_files\n\nfull_doc_path = Path("reference", "x.md")\n'
    files = {
        "mkdocs/mkdocs.yml": "site_name: x\nplugins:\n  - gen-files:\n      scripts:\n        - gen_doc_stubs.py\n",
        "mkdocs/gen_doc_stubs.py": gen,
        "mkdocs/docs/index.md": "# Home\n",
        "mkdocs/docs/configuration.md": "# Configuration\n\nSee [locations](../reference/pyiceberg/table/locations/#pkg.Loc) and [gone](../guides/gone/).\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../guides/gone/"]


def test_migration_notes_and_external_sphinx_roles_name_what_is_elsewhere(make_repo):
    """graphrag's breaking-changes.md lists v1's env vars; hydra's upgrades/ pages the old
    config keys: both set aside as history. `:external+tutorials:doc:` is a page of
    another project."""
    files = {
        "pkg/__init__.py": "import os\nX = os.environ.get('PKG_HOME')\n",
        "breaking-changes.md": "# Breaking changes\n\n## v1\n\nSet `PKG_STORAGE_BASE_DIR` instead of `PKG_OLD_DIR`.\n",
        "docs/upgrades/1.0_to_1.1/changes.md": "# Changes\n\n`pkg.gone_helper` was removed.\n",
        # mini-swe-agent's v2_migration.md shows the old import beside the new, on purpose.
        "docs/advanced/v2_migration.md": "# Migrating to v2\n\nOld: `pkg/agents/default.py`, [old runner](old_runner.md)\n",
        # An agent's plan lists the files it will make (ludwig's .plan-lazy-preprocessing.md).
        ".plan-lazy-loading.md": "# Plan\n\n| File | Change |\n|---|---|\n| [new](pkg/data/lazy_dataset.py) | create |\n",
        "IMPROVEMENT_PLAN.md": "# Plan\n\nAdd [readers](pkg/data/readers.py).\n",
        "docs/plans/pkg-001-global-client.md": "# Global client\n\n| File | Change |\n|---|---|\n| `pkg/client/global_stub.py` | New file |\n",
        # A release's "what's new" page (autogluon's docs/whats_new/v0.4.0.md).
        "docs/whats_new/v0.4.0.md": "# v0.4.0\n\n- Added [ROADMAP.md](../../ROADMAP.md).\n",
        "docs/conf.py": "project = 'x'\n",
        "docs/overview.rst": "Overview\n========\n\nSee :external+tutorials:doc:`intermediate/pinmem` and :doc:`gone_page`.\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/overview.rst", "gone_page")]


def test_a_converted_doc_tree_keeps_its_originals_links_and_mdx_pages_answer_md_links(make_repo):
    """Megatron-Bridge: docs/fern/versions/nightly/pages/ is docs/ converted to MDX; its
    pages link `parallelisms.md` (served from parallelisms.mdx) and keep links written
    from the original's folder (`../skills/x/SKILL.md` from docs/training/). Past
    releases' copies (versions/0.4.2/) describe that release: set aside."""
    files = {
        "skills/tuning/SKILL.md": "# Tuning\n",
        "docs/training/overlap.md": "# Overlap\n\nSee [skill](../../skills/tuning/SKILL.md).\n",
        "docs/fern/versions/nightly/pages/training/overlap.mdx": "# Overlap\n\nSee [skill](../../skills/tuning/SKILL.md), [guide](../parallelisms.md) and [gone](../gone.md).\n",
        "docs/fern/versions/nightly/pages/parallelisms.mdx": "# Parallelisms\n",
        "docs/fern/versions/0.4.2/pages/training/overlap.mdx": "# Overlap\n\nRun `examples/removed.py`.\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/fern/versions/nightly/pages/training/overlap.mdx", "../gone.md")]


def test_config_keys_of_classes_whose_base_drift_cannot_read_and_a_foreign_flag_column(make_repo):
    """Megatron-Bridge: `optimizer.clip_grad` where ConfigContainer.optimizer is an
    OptimizerConfig built on Megatron Core's (not in the tree): the YAML's sample of keys
    is no evidence. A "megatron-lm arguments" column lists that project's flags."""
    config = (
        "from dataclasses import dataclass\nfrom megatron.core.optimizer import OptimizerConfig as MCoreOptimizerConfig\n\n"
        "@dataclass\nclass OptimizerConfig(MCoreOptimizerConfig):\n    lr_warmup: int = 0\n\n"
        "@dataclass\nclass ConfigContainer:\n    optimizer: OptimizerConfig = None\n"
    )
    recipe = "optimizer:\n  lr_warmup: 10\n"
    doc = (
        "# Mapping\n\nOverride `optimizer.clip_grad=1.0` or `optimizer.lr_warmup=5`.\n\n"
        "| megatron-lm arguments | Bridge config |\n| --- | --- |\n| `--rampup-batch-size` | `train.rampup_batch_size` |\n"
        "\n| Option | Meaning |\n| --- | --- |\n| `--lrr` | a typo |\n"
    )
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--lr')\np.parse_args()\n"
    files = {"bridge/__init__.py": "", "bridge/config.py": config, "bridge/run.py": cli, "recipes/base.yaml": recipe, "docs/mapping.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["--lrr"]


def test_a_generic_dataclass_base_gives_its_fields_and_rst_auto_ids_are_the_builds(make_repo):
    """ragas: `class EvaluationDataset(RagasDataset[Sample])` has RagasDataset's `samples`;
    horovod: `#id1` is the id docutils gives a section whose title repeats."""
    code = (
        "from dataclasses import dataclass\nimport typing as t\n\n@dataclass\nclass RagasDataset(t.Generic[t.Any]):\n    samples: list\n\n"
        "@dataclass\nclass EvaluationDataset(RagasDataset[int]):\n    name: str = ''\n"
    )
    doc = "# Use\n\n```python\nfrom pkg.schema import EvaluationDataset\nEvaluationDataset(samples=[], name='x', sampels=[])\n```\n"
    files = {"pkg/__init__.py": "", "pkg/schema.py": code, "README.md": doc, "docs/conf.py": "project = 'x'\n", "docs/mpi.rst": "MPI\n===\n\nSee `the other <#id1>`_ and `gone <#nope>`_.\n"}
    found = [(f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("DRIFT005", "sampels"), ("DRIFT008", "#nope")]


def test_prose_flags_of_a_module_a_launcher_runs_are_that_modules(make_repo):
    """horovod: `horovodrun -np 4 python -m pkg.worker --dispatchers 2 c.json`, then prose
    "(``--dispatchers 2``)": the worker's option (horovodrun hands its REMAINDER on).
    Optax: MyST {doc}`api/contrib` names the page api/contrib.rst."""
    launcher = "import argparse\np = argparse.ArgumentParser()\np.add_argument('-np', type=int)\np.add_argument('command', nargs=argparse.REMAINDER)\np.parse_args()\n"
    worker = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--dispatchers', type=int)\np.parse_args()\n"
    pyproject = "[project]\nname = 'pkg'\nversion = '1'\n\n[project.scripts]\nhorovodrun = 'pkg.launch:main'\n"
    doc = "# Data service\n\nThe job size has to be a multiple of the dispatchers (``--dispatchers 2``), not ``--dispatcherz``.\n\n.. code-block:: bash\n\n    horovodrun -np 4 python -m pkg.worker --dispatchers 2 /tmp/c.json\n"
    files = {"pyproject.toml": pyproject, "pkg/__init__.py": "", "pkg/launch.py": launcher, "pkg/worker.py": worker, "docs/conf.py": "x = 1\n", "docs/data.rst": doc,
             "docs/api/contrib.rst": "Contrib\n=======\n", "docs/dev.md": "# Dev\n\nSee {doc}`api/contrib` and {doc}`api/gone`; arviz follows {doc}`diataxis:index`.\n"}
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.confidence != "low"]
    assert found == [("docs/data.rst", "--dispatcherz"), ("docs/dev.md", "api/gone")]


def test_migration_guides_proposals_and_links_that_climb_past_a_sphinx_root(make_repo):
    """cleanlab's migrating/migrate_v2.rst maps old modules to new; kubeflow trainer's
    proposals/ plan files still to be written; its MyST page links
    `../../operator-guides/patches` from one folder down, which the browser clamps at the
    site's root, where the page is."""
    files = {
        "pkg/__init__.py": "",
        "docs/source/migrating/migrate_v2.rst": "Migrating\n=========\n\n``pkg.pruning`` --> ``pkg.filter``\n",
        "proposals/123-xgb/README.md": "# XGBoost\n\nAdd `test/e2e/xgboost_test.go`.\n",
        "docs/conf.py": "extensions = ['myst_parser']\n",
        "docs/operator-guides/patches.md": "# Patches\n",
        "docs/user-guides/lifecycle.md": "# Lifecycle\n\nSee [patches](../../operator-guides/patches) and [gone](../../operator-guides/gone).\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/user-guides/lifecycle.md", "../../operator-guides/gone")]


def test_links_out_of_a_tensorflow_org_book_reach_the_host_site(make_repo):
    """tensorflow/ranking: docs/ has `_book.yaml`, and tensorflow.org serves it at /ranking/;
    `../guide/distributed_training` is tensorflow.org's guide, and the site joins a heading's
    words with `_` (#distributed_ranking_support: a note, as GitHub's is another). A link
    that stays inside the book, and the same links from a page of no book, are still checked."""
    section = "## Distributed ranking support\n\nSee [it](#distributed_ranking_support).\n"
    files = {
        "docs/_book.yaml": "upper_tabs:\n- name: Guide\n",
        "docs/overview.md": "# Overview\n\nSee [training](../guide/distributed_training#tpu) and [gone](gone.md) and [ok](install.md) and [code](../pkg/gone.py).\n\n" + section,
        "pkg/__init__.py": "",
        # tensorflow/serving's g3doc/ has a section's `_toc.yaml` and no `_book.yaml`.
        "serving/g3doc/_toc.yaml": "toc:\n- title: Setup\n",
        "serving/g3doc/k8s.md": "# Kubernetes\n\n- [Part 1](#part_1_setup)\n\n## Part 1: Setup\n",
        "docs/install.md": "# Install\n",
        "README.md": "# Ranking\n\nSee [the guide](../guide/distributed_training).\n\n" + section,
    }
    report = audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"])
    found = [(f.path, f.text, f.confidence) for f in report.findings]
    assert found == [
        ("README.md", "../guide/distributed_training", "high"), ("README.md", "#distributed_ranking_support", "high"),
        ("docs/overview.md", "gone.md", "high"), ("docs/overview.md", "../pkg/gone.py", "high"),
        ("docs/overview.md", "#distributed_ranking_support", "low"), ("serving/g3doc/k8s.md", "#part_1_setup", "low"),
    ]


def test_a_config_class_whose_field_type_drift_cannot_follow_leaves_the_yaml_to_judge(make_repo):
    """NeMo RL: `data.val` has a type drift cannot follow (an alias), and no class builds on
    another package's: the recipes' YAML still says `data.val.data_path` is not a key."""
    config = "from typing import TypedDict\nValSpec = dict\n\nclass DataConfig(TypedDict):\n    val: ValSpec\n\nclass MasterConfig(TypedDict):\n    data: DataConfig\n"
    recipe = "data:\n  val:\n    dataset_name: x\n    path: /data/val.jsonl\n"
    doc = "# Data\n\n```bash\nuv run examples/run.py data.val.data_path=/x data.val.path=/y\n```\n"
    run = "import sys\nfrom omegaconf import OmegaConf\ncfg = OmegaConf.load('examples/configs/base.yaml')\ncfg = OmegaConf.merge(cfg, OmegaConf.from_dotlist(sys.argv[1:]))\n"
    files = {"rl/__init__.py": "", "rl/config.py": config, "examples/configs/base.yaml": recipe, "examples/run.py": run, "docs/data.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT017"]
    assert found == ["data.val.data_path"]


def test_a_parser_another_package_builds_takes_that_package_s_options(make_repo):
    """evalchemy: `parser = setup_parser()` from lm_eval, then its own `--annotator_model`:
    `--model_args` is lm_eval's. One slip from an option of its own is still reported."""
    script = (
        "import argparse\nfrom lm_eval.__main__ import setup_parser\n\n"
        "def main():\n    parser = setup_parser()\n    parser.add_argument('--annotator_model')\n    args = parser.parse_args()\n"
    )
    doc = "# Eval\n\n```bash\npython eval/eval.py --model hf --model_args pretrained=x --annotator_model gpt-4o\npython eval/eval.py --model hf --annotator_modle gpt-4o\n```\n"
    files = {"eval/__init__.py": "", "eval/eval.py": script, "README.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == ["--annotator_modle"]


def test_registry_names_and_version_placeholders_are_not_files(make_repo):
    """openai/evals: `sandbagging/sb/gpt-4` is a solver, a top-level key of
    evals/registry/solvers/sandbagging.yaml, and `sandbagging/sb` its family; verifiers'
    `notes/RELEASE_vX.Y.Z.md` is the pattern release notes follow. A registry name no YAML
    has is still reported."""
    registry = "sandbagging/sb/gpt-4:\n  class: x\nsandbagging/sb/gpt-3.5-turbo:\n  class: y\n"
    doc = "# Sandbagging\n\nUse `sandbagging/sb/gpt-3.5-turbo` or another `sandbagging/sb` solver, not `sandbagging/sb/gpt-5`.\nWrite `notes/RELEASE_vX.Y.Z.md`.\n"
    files = {"evals/__init__.py": "", "evals/registry/solvers/sandbagging.yaml": registry, "notes/RELEASE_v0.1.md": "# 0.1\n", "evals/elsuite/sandbagging/README.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"]
    assert found == ["sandbagging/sb/gpt-5"]


def test_translations_fall_back_to_default_pages_and_other_languages_files_are_elsewhere(make_repo):
    """openai-agents-python: mkdocs-static-i18n keeps English pages in docs/ and the
    translations in docs/ja/; `ref/x.md` from docs/ja/ falls back to docs/ref/x.md (a note
    at most). "A Python port of the JS `examples/mcp/sse-example.ts`": a file in a language
    no file here is written in."""
    files = {
        "docs/ref/lifecycle.md": "# Lifecycle\n",
        "docs/ja/agents.md": "# エージェント\n\nSee [lifecycle](ref/lifecycle.md) and [gone](ref/gone.md).\n",
        "agents/__init__.py": "",
        "examples/mcp/README.md": "# SSE\n\nA Python port of the JS `examples/mcp/sse-example.ts`; see `examples/mcp/server.py`.\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/ja/agents.md", "ref/gone.md"), ("examples/mcp/README.md", "examples/mcp/server.py")]


def test_options_after_a_script_a_launcher_runs_from_a_variable_are_the_scripts(make_repo):
    """nvidia-resiliency-ext: `ft_launcher --nnodes=2 ${WORKER_SCRIPT} --max-time=60` and
    `ft_launcher $LAUNCHER_ARGS ${WORKER_SCRIPT} ${SCRIPT_ARGS}`: past the script, the
    options are the worker's (the launcher's REMAINDER). Its own misspelt option is not."""
    launcher = (
        "import argparse\n\ndef main():\n    p = argparse.ArgumentParser()\n    p.add_argument('--nnodes')\n"
        "    p.add_argument('training_script')\n    p.add_argument('training_script_args', nargs=argparse.REMAINDER)\n    p.parse_args()\n"
    )
    pyproject = "[project]\nname = 'ft'\nversion = '1'\n\n[project.scripts]\nft_launcher = 'ft.launcher:main'\n"
    script = (
        "SCRIPT_ARGS=\"--max-time=60 --ctl-file=x\"\n"
        "ft_launcher --nnodes=2 ${WORKER_SCRIPT} --max-time=60 --run-cnt-file=y\n"
        "ft_launcher --nnodes=2 ${WORKER_SCRIPT} ${SCRIPT_ARGS}\n"
        "ft_launcher --nnodez=2 ${WORKER_SCRIPT}\n"
    )
    files = {"pyproject.toml": pyproject, "ft/__init__.py": "", "ft/launcher.py": launcher, "tests/run_test.sh": script}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == ["--nnodez"]


def test_names_code_in_other_languages_reads_and_builds_are_known(make_repo):
    """Mooncake reads env vars in C++ through its own helper (`Environ::GetBool("MC_X",
    false)`) and builds `mooncake.engine` with PYBIND11_MODULE(engine, m). A variable and a
    module nothing defines are still reported."""
    cpp = '#include "environ.h"\nbool fast = Environ::GetBool("MOONCAKE_STORE_MEMCPY", false);\nPYBIND11_MODULE(engine, m) {}\n'
    doc = (
        "# Store\n\nSet `MOONCAKE_STORE_MEMCPY=1` to copy in place; `MOONCAKE_STORE_GONE=1` turns the cache off.\n\n```bash\nMOONCAKE_STORE_MEMCPY=1 MOONCAKE_STORE_GONE=1 python -m mooncake.run\n```\n\n"
        "```python\nfrom mooncake.engine import TransferEngine\nfrom mooncake.gone import Thing\n```\n"
    )
    reads = "import os\n" + "".join(f"{n} = os.environ.get('MOONCAKE_{n}')\n" for n in ("HOME", "PORT", "LOG_LEVEL", "STORE_SIZE"))
    files = {"mooncake/__init__.py": reads, "mooncake/run.py": "print(1)\n", "csrc/engine.cpp": cpp, "docs/store.md": doc}
    found = sorted({f.text for f in audit(make_repo(files).root, blame=False).findings})
    assert found == ["MOONCAKE_STORE_GONE", "mooncake.gone"]


def test_a_program_that_makes_its_options_from_fields_spells_them_as_the_fields(make_repo):
    """modelscope: finetune.py builds its command line from TrainingArgs' fields
    (`add_argument(f"--{f.name}")`), and imports, deep down, another model's parser with
    `--eval-interval` and `--optimizer {adam,adafactor}`: `--eval_interval 1` and
    `--optimizer AdamW` are the field CLI's, not that parser's."""
    cli = (
        "import argparse\nfrom dataclasses import fields\n\nclass CliArgumentParser(argparse.ArgumentParser):\n"
        "    def define_args(self, cls):\n        for f in fields(cls):\n            self.add_argument(f'--{f.name}')\n        return self\n"
    )
    other = "import argparse\n\ndef get_parser():\n    p = argparse.ArgumentParser()\n    p.add_argument('--eval-interval', type=int)\n    p.add_argument('--optimizer', choices=['adam', 'adafactor'])\n    return p\n"
    finetune = (
        "from dataclasses import dataclass\nfrom pkg.cli import CliArgumentParser\nfrom pkg.mglm import get_parser\n\n"
        "@dataclass\nclass TrainingArgs:\n    eval_interval: int = 1\n    optimizer: str = 'adam'\n\n"
        "args = CliArgumentParser().define_args(TrainingArgs).parse_args()\n"
    )
    script = "python examples/finetune.py --eval_interval 1 --optimizer AdamW\n"
    files = {"pkg/__init__.py": "", "pkg/cli.py": cli, "pkg/mglm.py": other, "examples/finetune.py": finetune, "examples/run_train.sh": script}
    found = [(f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == []


def test_pages_a_gen_files_script_copies_in_are_on_the_site(make_repo):
    """guidellm's docs/scripts/gen_files.py copies CONTRIBUTING.md to
    `developer/contributing.md` for the mkdocs build: a link to it works on the site."""
    gen = 'import mkdocs_gen_files\nfrom pathlib import Path\nFILES = [(Path("CONTRIBUTING.md"), Path("developer/contributing.md"))]\n'
    files = {
        "mkdocs.yml": "site_name: x\nplugins:\n  - gen-files:\n      scripts:\n        - docs/scripts/gen_files.py\n",
        "docs/scripts/gen_files.py": gen,
        "CONTRIBUTING.md": "# Contributing\n",
        "docs/index.md": "# Home\n\nSee [contributing](developer/contributing.md) and [gone](developer/gone.md).\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["developer/gone.md"]


def test_pages_an_mkdocs_hook_generates_are_on_the_site(make_repo):
    """MAPIE's mkdocs.yml lists `hooks: [doc/hooks/api_reference.py]`, whose `on_files`
    adds `File.generated(config, "api/index.md", ...)` and one `f"api/{page.slug}.md"` per
    module: links to api/utils.md work on the site. A hook that adds no page promises none,
    and a page outside the generated folder is still missing."""
    hook = (
        "from mkdocs.structure.files import File\n\n\ndef on_files(files, *, config):\n"
        "    generated = {\"api/index.md\": 'x'}\n    generated.update({f\"api/{page.slug}.md\": 'y' for page in PAGES})\n"
        "    for uri, content in generated.items():\n        files.append(File.generated(config, uri, content=content))\n    return files\n"
    )
    page = "# Home\n\nSee [API](api/index.md), [utils](api/utils.md#mapie.utils.split) and [gone](guide/gone.md).\n"
    for script, expected in ((hook, ["guide/gone.md"]), ("def on_page_markdown(markdown, **kw):\n    return markdown\n", ["api/index.md", "api/utils.md", "guide/gone.md"])):
        files = {"mkdocs.yml": "site_name: x\ndocs_dir: doc\nhooks:\n  - doc/hooks/api_reference.py\n", "doc/hooks/api_reference.py": script, "doc/index.md": page}
        assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == expected


def test_a_nav_folder_a_gen_files_script_fills_holds_pages(make_repo):
    """evotorch's mkdocs.yml lists `- Notebooks: examples/notebooks/` in its nav (with
    literate-nav), a folder the tree lacks that docs/gen_doc_stubs.py fills with pages
    converted from examples/notebooks/*.ipynb: docs/examples/index.md's links into it
    work. Without gen-files, a missing folder is no promise of pages."""
    config = "site_name: x\nnav:\n  - Home: index.md\n  - Examples:\n    - examples/index.md\n    - Notebooks: examples/notebooks/\nplugins:\n{plugins}"
    page = "# Examples\n\nSee [Gym](notebooks/Gym_Experiments.md).\n"
    for plugins, expected in (("  - gen-files:\n      scripts:\n        - docs/gen_doc_stubs.py\n  - literate-nav\n", []), ("  - search\n", ["notebooks/Gym_Experiments.md"])):
        files = {
            "mkdocs.yml": config.format(plugins=plugins),
            "docs/gen_doc_stubs.py": "convert_all_notebooks('examples/notebooks', 'examples/notebooks')\n",
            "examples/notebooks/Gym_Experiments.ipynb": "{}",
            "docs/index.md": "# Home\n",
            "docs/examples/index.md": page,
        }
        assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == expected


def test_api_pages_a_workflow_s_pdocs_step_writes_are_on_the_site(make_repo):
    """Dcm2Bids' publish_doc.yaml runs `pdocs as_markdown -o docs/ dcm2bids` before mkdocs:
    docs/how-to/x.md links `../dcm2bids/utils/utils/`, a page it writes. A page under a
    folder no step writes is still missing."""
    workflow = "jobs:\n  docs:\n    steps:\n      - name: API\n        run: pdocs as_markdown -o docs/ dcm2bids --overwrite\n"
    files = {
        ".github/workflows/publish_doc.yaml": workflow,
        "mkdocs.yml": "site_name: x\n",
        "dcm2bids/__init__.py": "", "dcm2bids/utils/__init__.py": "", "dcm2bids/utils/utils.py": "",
        "docs/index.md": "# Home\n",
        "docs/how-to/x.md": "# X\n\nSee [`utils.py`](../dcm2bids/utils/utils/) and [gone](../reference/gone/).\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../reference/gone/"]


def test_mkdocs_material_blocks_are_markdown_and_tabs_and_schema_hooks_make_anchors(make_repo):
    """dstack's docs: the content of `!!! info` and `=== "SSH fleets"` blocks is indented
    four spaces (code to CommonMark, Markdown to the site); a tab is its own anchor
    (pymdownx.tabbed's slugify: `#ssh-fleets`); a `#SCHEMA# pkg.models.Fleet` line is
    expanded by a build hook into anchors drift cannot list."""
    fleets = (
        "# Fleets\n\nSee [SSH fleets](#ssh-fleets) or [SSH](#ssh-fleet).\n\n"
        "=== \"Backend fleets\"\n    Provisioned by a backend; see [gone](gone.md).\n\n"
        "=== \"SSH fleets\"\n    ## Hosts\n\n    !!! info \"Note\"\n        Read [the reference](../reference/fleet.md#proxy_jump).\n"
    )
    reference = "# `fleet`\n\n=== \"Backend fleet\"\n\n    ## Root reference\n\n    #SCHEMA# pkg.models.FleetConfiguration\n        overrides:\n          show_root_heading: false\n"
    files = {"pkg/__init__.py": "", "pkg/models.py": "class FleetConfiguration:\n    pass\n", "docs/concepts/fleets.md": fleets, "docs/reference/fleet.md": reference, "docs/index.md": "# Home\n\n[Hosts](concepts/fleets.md#hosts)\n"}
    found = sorted((f.line, f.column, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.path == "docs/concepts/fleets.md")
    assert found == [(3, 40, "#ssh-fleet"), (6, 42, "gone.md")]


def test_blog_posts_are_set_aside_as_of_their_day(make_repo):
    """dstack's mkdocs blog: a 2025 post shows `dstack apply -f examples/x/.dstack.yml`
    for an example removed since; nobody edits an old post. Set aside, and counted."""
    files = {
        "pkg/__init__.py": "",
        "examples/clusters/nccl/.dstack.yml": "type: task\n",
        "mkdocs/blog/posts/kubernetes-beta.md": "---\ndate: 2025-10-08\n---\n# Beta\n\nRun `examples/clusters/gone/.dstack.yml`.\n",
        "blog/_posts/2019-intro.md": "# Intro\n\nSee `scripts/gone.sh`.\n",
        # RLinf's docs site keeps its posts (a comparison with another trainer) in resources/blog/.
        "docs/source/resources/blog/compare.rst": "Compare\n=======\n\nRun ``scripts/gone.sh``.\n",
        "docs/guide.md": "# Guide\n\nRun `examples/clusters/gone/.dstack.yml`.\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in result.findings] == [("docs/guide.md", "examples/clusters/gone/.dstack.yml")]
    assert result.set_aside == {"blog posts": 3}


def test_release_notes_under_any_name_are_set_aside_as_history(make_repo):
    """kedro's RELEASE.md is its changelog: `# Release 1.5.0` after `# Release 1.4.0`, each
    with its own "Bug fixes" sections, naming the APIs each release removed. A page with a
    version heading or two (an install guide's `## 2.0`) is still read."""
    notes = "# Upcoming Release\n\n## Bug fixes\n\n* Removed `pkg.gone`.\n\n"
    notes += "".join(f"# Release 1.{n}.0\n\n## Major features\n\n* `pkg.gone{n}` added.\n\n## Bug fixes\n\n* fixed\n\n" for n in range(5, 0, -1))
    guide = "# Install\n\n## 2.0\n\nRun `pkg.gone`.\n\n## 1.0\n\nOld.\n"
    # verl's recipe pages number their sections (`### 3.1 Schedulers`): no releases.
    design = "# Design\n\n" + "".join(f"### 3.{n} Part {n}\n\nSee `pkg.gone`.\n\n" for n in range(1, 5))
    # trio's docs/source/history.rst: towncrier's "trio 0.34.0 (2026-08-10)" titles.
    towncrier = "Release history\n===============\n\n" + "".join(f"pkg 0.{n}.0 (2024-0{n}-01)\n---------------------\n\nRemoved ``pkg.gone{n}``.\n\n" for n in range(5, 0, -1))
    # dipy's doc/api_changes.rst: "DIPY 1.9.0 changes", the removed names of each release.
    api_changes = "API changes\n===========\n\n" + "".join(f"PKG 1.{n}.0 changes\n------------------\n\nThe module ``pkg.gone{n}`` has been removed.\n\n" for n in range(5, 0, -1))
    # A numbered section about changes is no release ("2.1 Changes to the scheduler").
    design += "".join(f"### 4.{n} Changes to part {n}\n\nSee `pkg.gone`.\n\n" for n in range(1, 5))
    # pymoo's docs/source/versions.md: "#### 0.6.2 [[Documentation](http://archive...)]".
    versions = "# Versions\n\n" + "".join(f"#### 0.{n}.0 [[Documentation](http://archive.example.org/0.{n}.0/)]\n\n`pkg.gone{n}` is now `pkg.new`.\n\n" for n in range(5, 0, -1))
    # nautilus_trader's RELEASES.md: "# NautilusTrader 1.231.0 Beta", the stage after the version.
    staged = "".join(f"# Pkg 1.{n}.0 Beta\n\n### Breaking Changes\n\n- Removed `pkg/gone{n}/`\n\n" for n in range(5, 0, -1))
    # A design's section on a beta is no release ("## Beta" has no version; "### 2.1 Beta features" more words).
    design += "## Beta\n\nSee `pkg.gone`.\n\n" + "".join(f"### 5.{n} Beta features\n\nSee `pkg.gone`.\n\n" for n in range(1, 5))
    files = {"pkg/__init__.py": "", "RELEASE.md": notes, "docs/install.md": guide, "docs/design.md": design, "docs/source/history.rst": towncrier, "doc/api_changes.rst": api_changes, "docs/versions.md": versions, "RELEASES.md": staged}
    # plumbum's docs/_news.rst, the news its index includes: "``plumbum.utils`` became ...".
    files["docs/_news.rst"] = "* **2013.11.09**: Version 1.4 released\n\n .. note:: ``pkg.utils`` became ``pkg.path.utils``\n"
    result = audit(make_repo(files).root, blame=False)
    assert sorted({(f.path, f.text) for f in result.findings}) == [("docs/design.md", "pkg.gone"), ("docs/install.md", "pkg.gone")]
    assert result.set_aside == {"history": 6}


def test_mkdocstrings_identifiers_written_without_a_space_make_anchors(make_repo):
    """supervision's docs write `:::supervision.annotators.core.BoxAnnotator` (mkdocstrings
    takes it with or without the space) and link `#supervision.annotators.core.BoxAnnotator`."""
    page = (
        "# Annotators\n\n<h2><a href=\"#pkg.core.BoxAnnotator\">BoxAnnotator</a></h2>\n\n:::pkg.core.BoxAnnotator\n\n"
        "## ::: pkg.core.LabelAnnotator\n\nSee [box](#pkg.core.BoxAnnotator), [label](#pkg.core.LabelAnnotator) and [gone](#pkg.core.GoneAnnotator).\n"
    )
    files = {"pkg/__init__.py": "", "pkg/core.py": "class BoxAnnotator:\n    pass\n\nclass LabelAnnotator:\n    pass\n", "docs/annotators.md": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["#pkg.core.GoneAnnotator"]


def test_a_heading_that_is_an_autorefs_link_has_its_label_s_anchor(make_repo):
    """Daft's iceberg page: `### [`read_iceberg`][daft.read_iceberg]` is a link mkdocs-
    autorefs resolves (mkdocstrings loads it), so the heading's id on the site is
    #read_iceberg. Without autorefs the brackets are text; a gone anchor is still broken."""
    page = "# Iceberg\n\nSee [read](#read_iceberg) and [gone](#gone_iceberg).\n\n## Reference\n\n### [`read_iceberg`][daft.read_iceberg]\n\nText.\n"
    for plugins, expected in (("plugins:\n  - mkdocstrings\n", ["#gone_iceberg"]), ("plugins:\n  - search\n", ["#read_iceberg", "#gone_iceberg"])):
        files = {"mkdocs.yml": "site_name: x\n" + plugins, "docs/iceberg.md": page, "daft/__init__.py": "def read_iceberg():\n    pass\n"}
        assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == expected


def test_an_mkdocs_page_and_the_files_it_takes_in_have_the_site_s_anchors(make_repo):
    """supervision's docs/contributing.md is `--8<-- "CONTRIBUTING.md"`; CONTRIBUTING.md
    links `#code-style-and-quality` for `## 🎨 Code Style and Quality`, as the site makes
    it (GitHub makes `#-code-style-and-quality`). A README no site builds keeps GitHub's."""
    contributing = "# Contributing\n\n- [Style](#code-style-and-quality)\n- [Gone](#gone-section)\n\n## 🎨 Code Style and Quality\n\nRun ruff.\n"
    readme = "# Tool\n\n- [Setup](#setup)\n\n## 🚀 Setup\n\npip install tool\n"
    files = {
        "mkdocs.yml": "site_name: x\nmarkdown_extensions:\n  - pymdownx.snippets\n",
        "docs/contributing.md": '--8<-- "CONTRIBUTING.md"\n',
        "CONTRIBUTING.md": contributing,
        "README.md": readme,
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("CONTRIBUTING.md", "#gone-section"), ("README.md", "#setup")]
    # LaVague: `#🪲-reporting-bugs` on the site page; the fix is the site's id, not GitHub's.
    files["docs/contributing.md"] = "# Contributing\n\n- [Bugs](#🪲-reporting-bugs)\n\n## 🪲 Reporting bugs\n\nOpen an issue.\n"
    fixes = {f.text: f.replacement for f in audit(make_repo(files).root, blame=False).findings}
    assert fixes["#🪲-reporting-bugs"] == "#reporting-bugs"


def test_an_mkdocs_site_s_pages_are_under_the_docs_dir_its_config_names(make_repo):
    """SimpleTuner's mkdocs.yml says `docs_dir: documentation`; its DATALOADER.md links
    `#parquet-caption-strategy-json-lines-datasets` for `## Parquet caption strategy / JSON
    Lines datasets`, as the site's toc makes it (GitHub makes a double dash there)."""
    page = "# Loader\n\nSee [Parquet](#parquet-caption-strategy-json-lines-datasets) and [gone](#gone).\n\n## Parquet caption strategy / JSON Lines datasets\n\nText.\n"
    files = {"mkdocs.yml": "site_name: x\ndocs_dir: documentation\n", "documentation/DATALOADER.md": page, "README.md": page}
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("README.md", "#gone"), ("README.md", "#parquet-caption-strategy-json-lines-datasets"), ("documentation/DATALOADER.md", "#gone")]


def test_mkdocs_numbers_a_repeated_heading_with_an_underscore(make_repo):
    """gpustack's docs link `#parameters-reference_1`: Python-Markdown's toc makes the
    second `## Parameters Reference` #parameters-reference_1 (GitHub: -1)."""
    page = "# CLI\n\n[a](#parameters-reference_1) [b](#parameters-reference_2)\n\n## Parameters Reference\n\nx\n\n## Parameters Reference\n\ny\n"
    files = {"mkdocs.yml": "site_name: x\n", "docs/cli.md": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["#parameters-reference_2"]


def test_a_link_from_a_suffixed_translation_opens_that_language_s_page_on_the_mkdocs_site(make_repo):
    """SimpleTuner (mkdocs-static-i18n, `docs_structure: suffix`): DISTRIBUTED.es.md links
    `RESILIENCE.md#circuit-breaker-de-gpu`, which the site opens as RESILIENCE.es.md, whose
    heading that is; GitHub opens RESILIENCE.md, whose English anchor works too. An anchor
    neither page has is still broken."""
    config = "site_name: x\ndocs_dir: documentation\nplugins:\n  - i18n:\n      docs_structure: suffix\n"
    files = {
        "mkdocs.yml": config,
        "documentation/RESILIENCE.md": "# Resilience\n\n## GPU circuit breaker\n\nx\n",
        "documentation/RESILIENCE.es.md": "# Resiliencia\n\n## Circuit breaker de GPU\n\nx\n",
        "documentation/DISTRIBUTED.es.md": "# Distribuido\n\n[a](RESILIENCE.md#circuit-breaker-de-gpu) [b](RESILIENCE.md#gpu-circuit-breaker) [c](RESILIENCE.md#gone)\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["#gone"]
    files["mkdocs.yml"] = "site_name: x\ndocs_dir: documentation\n"  # no i18n plugin: the link opens RESILIENCE.md
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["#circuit-breaker-de-gpu", "#gone"]


def test_a_missing_license_txt_is_the_license_beside_it_not_a_vendored_copy_elsewhere(make_repo):
    """openr's README links `blob/main/LICENSE.txt`; the root has LICENSE, and only a
    vendored library has a LICENSE.txt."""
    files = {
        "pyproject.toml": '[project]\nname = "openr"\n',
        "LICENSE": "MIT\n",
        "envs/MATH/latex2sympy/LICENSE.txt": "MIT\n",
        "envs/MATH/latex2sympy/x.py": "",
        "README.md": "# openr\n\n[license](LICENSE.txt)\n",
    }
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("LICENSE.txt", "LICENSE")]


def test_a_sphinx_build_that_clones_another_repository_and_files_above_the_tree_are_notes(make_repo):
    """ploomber's doc/conf.py imports doc/hooks.py, which clones projects-ploomber beside the
    repository and copies its guides into user-guide/: `:doc:` links to those pages, and
    `literalinclude` of `../../../projects-ploomber/...`, name what only the build has. A
    page of a site that clones nothing is judged, and so is a Markdown file beside it."""
    hooks = "import subprocess\n\n\ndef git_clone():\n    subprocess.run(['git', 'clone', 'https://github.com/ploomber/projects', '../../projects-ploomber'])\n"
    spec = (
        "Spec\n====\n\nSee :doc:`a parametrized pipeline <../user-guide/parametrized>`.\n\n"
        ".. literalinclude:: ../../../projects-ploomber/cookbook/sql-dump/pipeline.yaml\n    :language: yaml\n"
    )
    files = {
        "pkg/__init__.py": "",
        "doc/conf.py": "import hooks  # noqa\n\nproject = 'x'\nextensions = ['sphinx.ext.autodoc']\n",
        "doc/hooks.py": hooks,
        "doc/user-guide/index.rst": "Guide\n=====\n",
        "doc/api/spec.rst": spec,
        "doc/CONTRIBUTING.md": "# Contributing\n\nEdit [spec](doc/api/spec.rst).\n",
    }
    found = sorted((f.path, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file="min-confidence = 'low'").findings)
    assert found == [
        ("doc/CONTRIBUTING.md", "doc/api/spec.rst", "high"),
        ("doc/api/spec.rst", "../../../projects-ploomber/cookbook/sql-dump/pipeline.yaml", "low"),
        ("doc/api/spec.rst", "../user-guide/parametrized", "low"),
    ]
    files["doc/conf.py"] = "project = 'x'\nextensions = ['sphinx.ext.autodoc']\n"
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file="min-confidence = 'low'").findings}
    assert found["../user-guide/parametrized"] == "high"


def test_an_agent_s_own_folder_is_where_its_prompts_paths_resolve_from(make_repo):
    """anthropic-cookbook's claude_code_sdk/chief_of_staff_agent/.claude/agents/financial-analyst.md
    runs `python scripts/hiring_impact.py`: the agent runs from chief_of_staff_agent/, the
    folder that holds its `.claude/`. A script it does not have is still stale."""
    prompt = "# Analyst\n\n- `python scripts/hiring_impact.py 3` - hiring impact\n- `python scripts/forecast.py` - forecast\n"
    files = {
        "claude_code_sdk/pyproject.toml": "[project]\nname = 'x'\n",
        "claude_code_sdk/chief_of_staff_agent/scripts/hiring_impact.py": "print(1)\n",
        "claude_code_sdk/other_agent/scripts/forecast.py": "print(1)\n",
        "scripts/validate_notebooks.py": "print(1)\n",  # the cookbook's own scripts/ at the root
        "claude_code_sdk/chief_of_staff_agent/.claude/agents/financial-analyst.md": prompt,
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["scripts/forecast.py"]


def test_theme_files_are_reached_from_where_the_site_serves_the_page(make_repo):
    """vidgear: docs/bonus/TQM.md is served at bonus/TQM/, so `<img src="../../assets/
    images/tqm.webp">` reaches the site's root, where the theme's `custom_dir:
    docs/overrides` puts assets/images/tqm.webp. A file the theme lacks is still missing."""
    files = {
        "mkdocs.yml": "site_name: x\ntheme:\n  name: material\n  custom_dir: docs/overrides\n",
        "docs/overrides/assets/images/tqm.webp": "img",
        "docs/index.md": "# Home\n",
        "docs/bonus/TQM.md": "# TQM\n\n<img src=\"../../assets/images/tqm.webp\" alt=\"x\"/>\n\n![a](../../assets/images/tqm.webp) ![b](../../assets/images/tqm.png)\n",
    }
    assert [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [(5, "../../assets/images/tqm.png")]


def test_emoji_shortcodes_add_nothing_to_an_mkdocs_heading_s_anchor(make_repo):
    """vidgear's `## Frequently Asked Questions :material-chat-alert:` and `* #### :simple-
    raspberrypi: Picamera2`: pymdownx.emoji makes each shortcode an icon, so the ids are
    #frequently-asked-questions and #picamera2. Without the extension the words stay."""
    page = "# Help\n\n## Frequently Asked Questions :material-chat-alert:\n\n* #### :simple-raspberrypi: Picamera2\n\n    Install it.\n"
    links = "# Home\n\nSee [faq](help.md#frequently-asked-questions), [pi](help.md#picamera2) and [gone](help.md#gone).\n"
    for extensions, expected in (("markdown_extensions:\n  - pymdownx.emoji\n", ["#gone"]), ("markdown_extensions:\n  - toc\n", ["#frequently-asked-questions", "#picamera2", "#gone"])):
        files = {"mkdocs.yml": "site_name: x\n" + extensions, "docs/help.md": page, "docs/index.md": links}
        assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == expected


def test_files_a_doc_build_copies_in_are_there_for_its_pages(make_repo):
    """BERTopic's mkdocs theme has `custom_dir: images/`, whose files the site serves at its
    root (`logo.png` from docs/index.md); SpanMarkerNER's docs/conf.py copies
    `Path("../notebooks").glob("*.ipynb")` into notebooks/ with shutil, so `:doc:` finds
    them. A file neither build has is still missing."""
    files = {
        "mkdocs.yml": "site_name: x\ntheme:\n  custom_dir: images/\n  name: material\n",
        "images/logo.png": "png",
        "docs/index.md": "# Home\n\n![logo](logo.png) ![gone](banner.png)\n",
        "notebooks/getting_started.ipynb": "{}",
        "sphinx/conf.py": (
            "import shutil\nfrom pathlib import Path\n\nproject = 'x'\nextensions = ['nbsphinx']\n\n\n"
            "def copy_notebooks():\n    for filename in Path('../notebooks').glob('*.ipynb'):\n        shutil.copy2(str(filename), 'notebooks')\n\n\ncopy_notebooks()\n"
        ),
        "sphinx/index.rst": "Home\n====\n\nSee :doc:`notebooks/getting_started` and :doc:`notebooks/gone`.\n",
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["banner.png", "notebooks/gone"]


def test_what_conf_py_copies_in_through_pathlib_and_os_path_is_there_for_its_pages(make_repo):
    """BayesianOptimization's docsrc/conf.py: `here = Path(__file__).parent`, `notebooks =
    glob(str(here.parent / 'examples' / '*.ipynb'))`, `shutil.copy(notebook, here)`; its
    reference pages link `../constraints.html`. torchmetrics' copies each notebook into
    `os.path.join(_PATH_HERE, "notebooks")` under its own name; pypdf's `copyfile`s
    ../CHANGELOG.md to meta/CHANGELOG.md. A page none of them copies is still missing."""
    files = {
        "examples/constraints.ipynb": "{}", "notebooks/tour.ipynb": "{}", "CHANGELOG.md": "# Changes\n",
        "docsrc/conf.py": (
            "import shutil\nfrom glob import glob\nfrom pathlib import Path\n\n"
            "this_file_loc = Path(__file__).parent\nnotebooks = glob(str(this_file_loc.parent / 'examples' / '*.ipynb'))\n"
            "for notebook in notebooks:\n    shutil.copy(notebook, this_file_loc)\n\nproject = 'x'\nextensions = ['nbsphinx']\n"
        ),
        "docsrc/index.rst": "Home\n====\n\n.. toctree::\n\n   reference/constraint\n",
        "docsrc/reference/constraint.rst": "Constraint\n==========\n\nSee the `notebook <../constraints.html>`__ and the `other <../gone.html>`__.\n",
        "site/conf.py": (
            "import glob\nimport os\nimport shutil\n\n_PATH_HERE = os.path.abspath(os.path.dirname(__file__))\n"
            "_PATH_ROOT = os.path.realpath(os.path.join(_PATH_HERE, '..'))\npath_nbs = os.path.join(_PATH_HERE, 'notebooks')\n"
            "for path_ipynb in glob.glob(os.path.join(_PATH_ROOT, 'notebooks', '*.ipynb')):\n"
            "    shutil.copy(path_ipynb, os.path.join(path_nbs, os.path.basename(path_ipynb)))\n"
            "shutil.copyfile('../CHANGELOG.md', 'meta/CHANGELOG.md')\nproject = 'y'\n"
        ),
        "site/index.rst": "Home\n====\n\nSee :doc:`notebooks/tour`, :doc:`meta/CHANGELOG` and :doc:`notebooks/gone`.\n",
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001")
    assert found == ["../gone.html", "notebooks/gone"]


def test_a_site_link_to_a_page_the_docs_build_writes_and_git_ignores_is_no_stale_path(make_repo):
    """sqlfluff's VitePress docs (docsv/) link `../reference/rules/capitalisation#cp01`; the
    docs build writes reference/rules/*.md, which docsv/.gitignore keeps out of the tree.
    A link to a page no build writes is still stale."""
    files = {
        "docsv/.vitepress/config.ts": "export default {}\n",
        "docsv/.gitignore": "reference/rules/*.md\nreference/cli/*.md\n",
        "docsv/scripts/generate_rule_docs.py": "print('writes reference/rules/*.md')\n",
        "docsv/configuration/rules.md": "# Rules\n\n[CP01](../reference/rules/capitalisation#cp01), [CLI](../reference/cli/index), [old](../reference/guides/gone).\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../reference/guides/gone"]


def test_a_project_template_s_placeholder_links_are_to_be_filled_in(make_repo):
    """mmpretrain's projects/example_project/README.md: `[model](MODEL-LINK)` and a config
    link that resolves where a project copied from the template puts it."""
    page = "# ExampleNet\n\n| Config | Download |\n|---|---|\n| [config](./examplenet_8xb32_in1k.py) | [model](MODEL-LINK) \\| [log](LOG-LINK) |\n"
    files = {"pkg/__init__.py": "", "projects/example_project/README.md": page, "docs/index.md": "# Home\n\n[model](MODEL-LINK) [license](LICENSE) [arXiv](xxxxx)\n"}  # VGen's unfilled badge
    found = [(f.path, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file="min-confidence = 'low'").findings]
    assert found == [("docs/index.md", "LICENSE", "high"), ("projects/example_project/README.md", "./examplenet_8xb32_in1k.py", "low")]


def test_numbered_proposals_and_upgrade_guides_are_set_aside(make_repo):
    """Flax: docs/flip/1009-optimizer-api.md (a numbered design proposal) and
    guides/converting_and_upgrading/optax_update_guide.rst name `flax.optim` on purpose."""
    files = {
        "pkg/__init__.py": "",
        "docs/flip/1009-optimizer-api.md": "# FLIP\n\nReplace `pkg.optim` with optax.\n",
        "docs/guides/converting_and_upgrading/optax_update_guide.rst": "Update\n======\n\n``pkg.optim`` is gone.\n",
        "docs/guides/orbax_upgrade_guide.md": "# Orbax\n\n`pkg.save_checkpoint` went.\n",
        "docs/migration.md": "# Migrating to v1\n\n`pkg.models.gemini` became `pkg.models.google`.\n",
        "v2.0-MIGRATION-GUIDE.md": "# v2\n\n`pkg.models.Meta` moved to `pkg.core`.\n",
        "docs/Plugin2to3MigrationGuide.md": "# Plugins\n\n`pkg.tagger.tagger` went.\n",  # picard's CamelCase name
        "docs/migration_2_to_3.rst": "Migration\n=========\n\n``pkg.types.chat.ChatType`` went.\n",  # aiogram's
        "docs/package_info/pkg8_migration.rst": "PKG 8\n=====\n\n``pkg.util.token_manager`` went.\n",  # praw's praw8_migration.rst
        "doc/releases.rst": "Release Highlights\n==================\n\n- gp: ``pkg.gp.stringify`` removed.\n",  # deap's
        "doc/porting.rst": "Porting Guide\n=============\n\nUse compile instead of ``pkg.gp.lambdify``.\n",  # deap's
        "docs/getting_started/updating_to_v2.rst": "Updating\n========\n\nImport from ``pkg.editor`` no more.\n",  # moviepy's
        "docs/moving-to-v3.md": "# Moving\n\n`pkg.legacy` went.\n",
        "pr_body.md": "## Summary\n\nAdds `pkg/tasks/apply_pipeline.py`.\n",  # cognee's: one pull request's description
        "ChangeLog.md": "# ChangeLog\n\n* [smbpasswd.py](examples/smbpasswd.py): added\n",  # impacket's
        "docs/guide.md": "# Guide\n\nUse `pkg.optim`.\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in result.findings] == [("docs/guide.md", "pkg.optim")]
    assert result.set_aside == {"proposals": 1, "history": 13}


def test_a_generator_s_golden_output_is_test_data(make_repo):
    """allennlp's scripts/tests/py2md/basic_example_expected_output.md: what py2md.py must
    write, compared by a test; its links are the generator's, not a page's."""
    files = {"pkg/__init__.py": "", "scripts/tests/py2md/basic_example_expected_output.md": "# x\n\n[SOURCE](pkg/tests/basic_example.py)\n"}
    result = audit(make_repo(files).root, blame=False)
    assert result.findings == [] and result.set_aside == {"test data": 1}


def test_a_release_s_own_folder_of_pages_is_a_past_version(make_repo):
    """Qwen2.5-Coder's vendored eval-dev-quality: docs/reports/v0.5.0/<model>/README.md
    link result folders of that release's run, never committed."""
    files = {
        "pkg/__init__.py": "",
        "eval/docs/reports/v0.5.0/claude/README.md": "# claude\n\n[results](./openrouter_claude/)\n",
        "eval/docs/reports/v0.5.0/gemma/README.md": "# gemma\n\n[results](./openrouter_gemma/)\n",
        "eval/docs/guide.md": "# Guide\n\n[results](./gone/)\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in result.findings] == [("eval/docs/guide.md", "./gone/")]
    assert result.set_aside == {"past versions": 2}


def test_a_page_whose_cli_headings_are_made_at_build_time_takes_any_anchor(make_repo):
    """kedro's commands reference is `::: mkdocs-click` (a heading per command, `#kedro-run`
    on the built site); sphinx-click's `.. click::` does the same in RST. A page with
    only written headings still has only those."""
    files = {
        "mkdocs.yml": "site_name: x\nmarkdown_extensions:\n  - attr_list\n  - mkdocs-click\n",
        "docs/commands.md": "# Commands\n\n::: mkdocs-click\n    :module: tool.cli\n    :command: main\n    :depth: 2\n",
        "docs/cli.rst": "CLI\n===\n\n.. click:: tool.cli:main\n   :prog: tool\n   :nested: full\n",
        "docs/guide.md": "# Guide\n\nSee [run](commands.md#tool-run), [pack](cli.rst#tool-package) and [gone](guide.md#gone).\n",
    }
    found = [(f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("DRIFT008", "#gone")]


def test_a_cli_that_adds_the_commands_plugins_register_leaves_their_options_unjudged(make_repo):
    """kedro's CLI adds every command plugins register by entry point: `kedro airflow
    create --target-dir dags/` is kedro-airflow's, a note. Without the entry points the
    same option is unknown."""
    head = "import click\nfrom importlib.metadata import entry_points\n\n@click.group()\n@click.option('--verbose', is_flag=True)\ndef main(verbose):\n    pass\n"
    plugins = "\nfor plugin in entry_points(group='tool.project_commands'):\n    main.add_command(plugin.load())\n"
    pyproject = '[project]\nname = "tool"\n\n[project.scripts]\ntool = "tool.cli:main"\n'
    files = {"pyproject.toml": pyproject, "tool/__init__.py": "", "tool/cli.py": head + plugins, "docs/deploy.md": "# Deploy\n\n```bash\ntool airflow create --target-dir dags/\n```\n"}
    (found,) = audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings
    assert found.confidence == "low" and "commands plugins register by entry point (tool/cli.py)" in found.evidence
    files["tool/cli.py"] = head
    assert [(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False).findings] == [("--target-dir", "high")]


def test_a_markdown_page_sphinx_builds_has_docutils_numbered_ids(make_repo):
    """aim's run_management.md (built by Sphinx through m2r2) links `#id4`, the id docutils
    gives the fourth section whose name another already has. On GitHub alone there is no
    such id."""
    page = "# Runs\n\n## Query\n\nSee [the second](#id4) and [gone](#gone).\n\n## Query\n\nMore.\n"
    files = {"docs/source/conf.py": "project = 'x'\n", "docs/source/runs.md": page, "docs/plain/runs.md": page}
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs/plain/runs.md", "#gone"), ("docs/plain/runs.md", "#id4"), ("docs/source/runs.md", "#gone")]


def test_pages_an_api_client_generator_writes_get_no_line_fix(make_repo):
    """kserve's python/kserve/docs/V1beta1Batcher.md is openapi-generator's: its dead "[[Back
    to API list]](../README.md#documentation-for-api-endpoints)" is real, but an edit there
    is undone at the next generation. The README, which the `.openapi-generator-ignore`
    keeps for the maintainers, takes fixes as usual."""
    model = "# V1beta1Batcher\n\n[[Back to API list]](../README.md#documentation-for-api-endpoint) [[Back]](V1Gone.md)\n"
    files = {
        "python/client/.openapi-generator-ignore": "# OpenAPI Generator Ignore\nREADME.md\nclient/__init__.py\n",
        "python/client/README.md": "# Client\n\n## Documentation for API endpoints\n\nSee [models](#documentation-for-api-endpoint) and [batcher](docs/V1beta1Batcher.md).\n",
        "python/client/docs/V1beta1Batcher.md": model,
        "python/client/client/__init__.py": "",
    }
    found = {(f.path, f.text): f for f in audit(make_repo(files).root, blame=False).findings}
    assert sorted(found) == [("python/client/README.md", "#documentation-for-api-endpoint"), ("python/client/docs/V1beta1Batcher.md", "#documentation-for-api-endpoint"), ("python/client/docs/V1beta1Batcher.md", "V1Gone.md")]
    generated = found[("python/client/docs/V1beta1Batcher.md", "#documentation-for-api-endpoint")]
    assert generated.replacement is None and "python/client/.openapi-generator-ignore" in generated.evidence
    assert found[("python/client/README.md", "#documentation-for-api-endpoint")].replacement == "#documentation-for-api-endpoints"


def test_a_page_that_opens_by_saying_its_project_was_archived_is_set_aside(make_repo):
    """ParlAI's projects/controllable_dialogue/README.md: "This project has been archived
    and is no longer being maintained ... check out the `controllable_dialogue_archive`
    tag", then the old README, whose paths live at that tag. A page that only mentions an
    archive further down is still read."""
    archived = "# Controllable Dialogue\n\n**This project has been archived and is no longer being maintained.**\n\nCheck out the `x_archive` tag.\n\nRun `projects/cd/train.py`.\n"
    convai = "# ConvAI2\n\nWe've opted to archive the code at this time. Switch to the `convai2archive` tag.\n\nRun `projects/convai2/eval.py`.\n"
    live = "# Guide\n\n" + "Some text.\n" * 200 + "\nOld runs are archived on S3.\n\nRun `pkg/gone.py`.\n"
    files = {"pkg/__init__.py": "", "projects/cd/README.md": archived, "projects/convai2/README.md": convai, "docs/guide.md": live}
    result = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in result.findings] == [("docs/guide.md", "pkg/gone.py")]
    assert result.set_aside == {"archived": 2}


def test_a_second_docusaurus_docs_instance_serves_its_own_routes_and_versions(make_repo):
    """haystack's site has a `reference` docs plugin (path `reference`, routeBasePath
    `reference`) beside the main docs: `/reference/integrations-unstructured` is its page
    by slug; its releases under `reference_versioned_docs/` are set aside like any other
    version folder. A route no instance serves is still broken."""
    config = (
        "module.exports = {\n  presets: [['classic', { docs: { path: 'docs' } }]],\n  plugins: [\n"
        "    [\n      '@docusaurus/plugin-content-docs',\n      {\n        id: 'reference',\n        path: 'reference',\n"
        "        routeBasePath: 'reference',\n        sidebarPath: './reference-sidebars.js',\n      },\n    ],\n  ],\n};\n"
    )
    page = "# Converter\n\nSee [the API](/reference/integrations-unstructured), [v2.9](/reference/2.9/integrations-unstructured) and [gone](/reference/integrations-gone).\n"
    files = {
        "site/docusaurus.config.js": config,
        "site/docs/converters/unstructured.mdx": page,
        "site/reference/integrations-api/unstructured.md": "---\nid: integrations-unstructured\nslug: \"/integrations-unstructured\"\n---\n# Unstructured\n",
        "site/reference_versions.json": '["2.9"]',
        "site/reference_versioned_docs/version-2.9/integrations-api/unstructured.md": "---\nslug: \"/integrations-unstructured\"\n---\n# Unstructured\n\nRun `scripts/gone.sh`.\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in result.findings] == [("site/docs/converters/unstructured.mdx", "/reference/integrations-gone")]
    assert result.set_aside == {"past versions": 1}


def test_an_i18n_folder_layout_serves_each_languages_pages_over_the_shared_docs_folder(make_repo):
    """MinerU: mkdocs-static-i18n with `docs_structure: folder` builds docs/en/ and docs/zh/
    as if the language folder were not there, so `../images/x.png` from
    docs/en/reference/ is the shared docs/images/x.png. Without that plugin layout the
    same link is broken."""
    mkdocs = "site_name: x\nplugins:\n  - i18n:\n      docs_structure: folder\n      languages:\n        - locale: en\n          default: true\n        - locale: zh\n"
    page = "# Output\n\n![layout](../images/layout.png)\n![gone](../images/gone.png)\n"
    files = {"docs/images/layout.png": "png", "docs/en/reference/output.md": page, "docs/zh/reference/output.md": page, "docs/en/index.md": "# Home\n"}
    builder = make_repo(files)
    plain = sorted(f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001" and f.path.startswith("docs/en/"))
    assert plain == ["../images/gone.png", "../images/layout.png"]
    builder.commit({"mkdocs.yml": mkdocs}, "build the site with mkdocs-static-i18n")
    found = sorted((f.path, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001")
    assert found == [("docs/en/reference/output.md", "../images/gone.png"), ("docs/zh/reference/output.md", "../images/gone.png")]


def test_a_default_in_prose_is_judged_for_the_programs_the_page_runs(make_repo):
    """ArcticInference: the embedding page runs its replica manager; "`--max-tokens`
    (default: 512)" under "Using the Client" is no statement about the one other program
    here with that flag (projects/dynasor/openai_client.py, default 2048)."""
    manager = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--num-replicas', type=int, default=4)\np.parse_args()\n"
    client = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--max-tokens', type=int, default=2048)\np.parse_args()\n"
    page = (
        "# Embedding\n\n```bash\npython -m pkg.embedding.manager --num-replicas 4\n```\n\n"
        "- `--num-replicas N`: replicas to launch (default: 2)\n\n## Using the client\n\n"
        "- `--max-tokens`: the most tokens to generate (default: 512)\n"
    )
    files = {"pkg/__init__.py": "", "pkg/embedding/__init__.py": "", "pkg/embedding/manager.py": manager,
             "projects/dynasor/openai_client.py": client, "pkg/embedding/README.md": page}
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT006"]
    assert found == [("2", "4")]


def test_pydoc_markdown_reference_pages_are_routes_of_the_modules_they_document(make_repo):
    """FLAML: pydoc-markdown's Docusaurus renderer writes website/docs/reference/ at build
    time, one page per module of `search_path: [../flaml/]`: /docs/reference/automl/model
    is flaml/automl/model.py's page; a route to a module that is gone is still broken."""
    pydoc = (
        "loaders:\n  - type: python\n    search_path: [../flaml/]\nrenderer:\n  type: docusaurus\n  docs_base_path: docs\n"
        "  relative_output_path: reference\n  relative_sidebar_path: sidebar.json\n"
    )
    files = {
        "flaml/__init__.py": "", "flaml/automl/__init__.py": "", "flaml/automl/model.py": "class LGBM:\n    pass\n",
        "website/docusaurus.config.js": "module.exports = {\n  baseUrl: '/',\n  presets: [['classic', { docs: {} }]],\n};\n",
        "website/pydoc-markdown.yml": pydoc,
        "website/docs/Getting-Started.md": "# Start\n\nSee [model](/docs/reference/automl/model), [automl](/docs/reference/automl) and [gone](/docs/reference/automl/gone).\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["/docs/reference/automl/gone"]


def test_a_folder_setup_py_links_into_the_package_is_there_once_installed(make_repo):
    """detrex (as detectron2): setup.py symlinks `configs/` to `detrex/config/configs`
    (copying it where links fail); docs import `detrex.config.configs.common.x`. Its
    modules and names exist; a name the module lacks, and a module it lacks, are still stale."""
    setup = (
        "import os\nimport shutil\nfrom os import path\nfrom setuptools import setup\n\n\n"
        "def get_configs():\n"
        "    source = path.join(path.dirname(path.realpath(__file__)), 'configs')\n"
        "    destination = path.join(path.dirname(path.realpath(__file__)), 'pkg', 'config', 'configs')\n"
        "    if not path.exists(destination):\n"
        "        try:\n            os.symlink(source, destination)\n"
        "        except OSError:\n            shutil.copytree(source, destination)\n    return []\n\n\n"
        "setup(name='pkg', package_data={'pkg.config': get_configs()})\n"
    )
    doc = (
        "# Training\n\n```python\nfrom pkg.config.configs.common.schedule import multistep_lr\n"
        "from pkg.config.configs.common.schedule import cosine_lr\n"
        "from pkg.config.configs.common.optimizer import SGD\n```\n\n"
        "Edit `pkg/config/configs/common/schedule.py` to add one.\n"
    )
    files = {
        "setup.py": setup,
        "pkg/__init__.py": "",
        "pkg/config/__init__.py": "",
        "configs/__init__.py": "",
        "configs/common/__init__.py": "",
        "configs/common/schedule.py": "def multistep_lr():\n    pass\n",
        "docs/training.md": doc,
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["pkg.config.configs.common.optimizer", "pkg.config.configs.common.schedule.cosine_lr"]


def test_a_block_whose_lead_in_pins_another_repository_runs_in_that_checkout(make_repo):
    """mmdetection3d's benchmarks: "- __votenet__: At commit [2f6d6d3](https://github.com/facebookresearch/votenet/tree/2f6d6d3), run"
    then `python train.py --dataset sunrgbd --batch_size 16`: votenet's train.py, not ours.
    The same command after a lead-in that pins nothing is still ours, and checked."""
    train = "import argparse\n\nparser = argparse.ArgumentParser()\nparser.add_argument('--config')\nparser.parse_args()\n"
    page = (
        "# Benchmarks\n\n### VoteNet\n\n"
        "- __ours__: run\n\n  ```bash\n  python tools/train.py --config a.py --batch_size 8\n  ```\n\n"
        "- __votenet__: At commit [2f6d6d3](https://github.com/facebookresearch/votenet/tree/2f6d6d36ff98d96901182e935afe48ccee82d566), run\n\n"
        "  ```bash\n  python train.py --dataset sunrgbd --batch_size 16\n  ```\n"
    )
    files = {"tools/train.py": train, "train.py": train, "docs/benchmarks.md": page}
    found = sorted((f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002")
    assert found == [(8, "--batch_size")], found


def test_files_a_makefile_copies_with_a_wildcard_when_the_docs_are_published_are_there(make_repo):
    """ydata-profiling: `publish-docs` runs `rsync -R examples/*/*.html docs`, copying the
    reports its examples write (git-ignored) into docs/examples/; the docs link them. A
    link to a file no recipe copies is still stale."""
    makefile = "publish-docs:\n\tmkdir docs/examples\n\trsync -R examples/*/*.html docs\n\tmike deploy --push\n"
    page = (
        "# Examples\n\n- [Census](../examples/census/census_report.html)\n"
        "- [Titanic](../examples/titanic/titanic.ipynb)\n"
    )
    files = {"Makefile": makefile, "examples/census/make_report.py": "print(1)\n", "docs/getting-started/examples.md": page}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["../examples/titanic/titanic.ipynb"]


def test_a_package_dir_mapping_installs_a_folder_as_a_dotted_package(make_repo):
    """YOLOX: setup.py's `package_dir={"yolox.tools": "tools", "yolox.exp.default":
    "exps/default"}` installs tools/ as yolox.tools: `python -m yolox.tools.train -n
    yolox-s` runs tools/train.py, and `yolox.exp.default.yolox_s` exists; a module the
    folder lacks is still stale, and `yolox.torchscript.ncnn.param` is an export's file."""
    setup = (
        "import setuptools\n\n\ndef get_package_dir():\n    pkg_dir = {\n        \"yolox.tools\": \"tools\",\n"
        "        \"yolox.exp.default\": \"exps/default\",\n    }\n    return pkg_dir\n\n\n"
        "setuptools.setup(name='yolox', package_dir=get_package_dir(), packages=setuptools.find_packages() + list(get_package_dir().keys()))\n"
    )
    train = "import argparse\n\nparser = argparse.ArgumentParser()\nparser.add_argument('-n', '--name')\nparser.parse_args()\n"
    doc = (
        "# Train\n\n```bash\npython -m yolox.tools.train -n yolox-s --name x\npython -m yolox.tools.gone -n yolox-s\n```\n\n"
        "See `yolox.exp.default.yolox_s` and `yolox.exp.default.yolox_q`; export writes `yolox.torchscript.ncnn.param`.\n"
    )
    files = {
        "setup.py": setup,
        "yolox/__init__.py": "",
        "tools/__init__.py": "",
        "tools/train.py": train,
        "exps/default/__init__.py": "",
        "exps/default/yolox_s.py": "class Exp:\n    pass\n",
        "docs/train.md": doc,
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["yolox.exp.default.yolox_q", "yolox.tools.gone"], found


def test_a_generated_index_a_sidebars_file_declares_is_a_route(make_repo):
    """DB-GPT: `link: {type: "generated-index", slug: "awel/tutorial"}` in sidebars.js
    makes /docs/awel/tutorial, which no doc file serves. A slug nothing declares is
    still no route."""
    sidebars = (
        "module.exports = {\n  docs: [\n    {\n      type: 'category',\n      label: 'Tutorial',\n"
        "      link: {\n        type: \"generated-index\",\n        description: \"Step by step.\",\n        slug: \"awel/tutorial\",\n      },\n"
        "      items: ['awel/intro'],\n    },\n  ],\n};\n"
    )
    files = {
        "docs/docusaurus.config.js": "module.exports = {\n  presets: [['classic', {docs: {sidebarPath: require.resolve('./sidebars.js')}}]],\n};\n",
        "docs/sidebars.js": sidebars,
        "docs/docs/awel/intro.md": "# Intro\n\nNext: [the tutorial](/docs/awel/tutorial) or [the cookbook](/docs/awel/cookbook).\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["/docs/awel/cookbook"]


def test_a_docusaurus_site_whose_docs_folder_a_build_step_writes_routes_its_sources(make_repo):
    """dlt's docusaurus.config.js serves `path: 'docs_processed'`, which a build step writes
    from docs/ and fills with the example pages its sidebars walk
    (`walkSync("./docs_processed/examples")`). An index page is served at its folder's route
    without a trailing slash (`trailingSlash: false`), so `../destinations/filesystem` from
    verified-sources/filesystem/index.md is /destinations/filesystem. A page no route has is
    still a dead link."""
    from drift_docs.engine import audit

    config = "module.exports = {\n  baseUrl: '/docs/',\n  trailingSlash: false,\n  presets: [['classic', {\n    docs: {\n      routeBasePath: '/',\n      path: 'docs_processed',\n    },\n  }]],\n};\n"
    sidebars = "for (let p of walkSync(\"./docs_processed/examples\")) { items.push(p) }\nmodule.exports = {};\n"
    page = "# Filesystem\n\nSee the [SFTP section](../destinations/filesystem#sftp), [an example](../../examples/custom_bq/) and [gone](../destinations/gone).\n"
    files = {
        "website/docusaurus.config.js": config, "website/sidebars.js": sidebars,
        "website/docs/verified-sources/filesystem/index.md": page,
        "website/docs/destinations/filesystem.md": "# Filesystem\n\n## SFTP\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["../destinations/gone"]


def test_a_zensical_site_serves_its_pages_as_folders_as_mkdocs_does(make_repo):
    """leafmap's zensical.toml (mkdocs-material's successor) builds docs/maps.md at /maps/,
    so its `<iframe src="../html/kepler.html">` is docs/html/kepler.html. A file the tree
    has nowhere is still missing."""
    from drift_docs.engine import audit

    page = '# Maps\n\n<iframe src="../html/kepler.html"></iframe>\n\n<iframe src="../html/gone.html"></iframe>\n'
    files = {"zensical.toml": '[project]\nsite_name = "x"\n', "docs/index.md": "# Home\n", "docs/maps.md": page, "docs/html/kepler.html": "<html></html>\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings] == ["../html/gone.html"]


def test_a_link_that_climbs_above_an_mkdocs_site_s_root_stops_there(make_repo):
    """uvicorn's docs/index.md, served at the site's root, shows `../../uvicorn.png` as
    /uvicorn.png (docs/uvicorn.png): a browser stops climbing at the root. A file the
    site does not have is still missing."""
    from drift_docs.engine import audit

    page = "# Uvicorn\n\n![logo](../../uvicorn.png) ![gone](../../gone.png)\n"
    files = {"mkdocs.yml": "site_name: x\n", "docs/index.md": page, "docs/uvicorn.png": "png"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../../gone.png"]


def test_pages_a_sphinx_build_makes_from_examples_or_copies_to_its_root(make_repo):
    """holoviews' doc/ is built with nbsite, which makes `reference/elements/bokeh/Image`
    from examples/reference/elements/bokeh/Image.ipynb and `gallery/index` from
    examples/gallery/; itables' Jupyter Book copies its `html_extra_path` folder quarto/ to
    the site's root, where `../quarto_html.qmd` from apps/quarto.md lands. A page no
    notebook and no copied file stands for is still missing."""
    from drift_docs.engine import audit

    holo = "# Docs\n\nSee [Image](../reference/elements/bokeh/Image), [the gallery](../gallery/index) and [gone](../reference/Gone).\n"
    files = {
        "doc/conf.py": "from nbsite.shared_conf import *\nproject = 'x'\nextensions = ['nbsite.gallery']\n",
        "doc/user_guide/index.md": holo, "examples/reference/elements/bokeh/Image.ipynb": "{}\n", "examples/gallery/demo.ipynb": "{}\n",
        "site/_config.yml": "sphinx:\n  config:\n    html_extra_path: ['quarto']\n",
        "site/apps/quarto.md": "# Quarto\n\n[html](../quarto_html.qmd) [gone](../quarto_gone.qmd)\n", "site/quarto/quarto_html.qmd": "---\n---\n",
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["../quarto_gone.qmd", "../reference/Gone"]


def test_a_file_html_extra_path_names_lands_at_the_root_and_a_route_above_the_site_is_the_host_s(make_repo):
    """pygame's docs/reST/conf.py has `html_extra_path = ['../LGPL.txt']`: the build copies
    the file to the site's root, where the index's `LGPL.txt` finds it. The index's
    `../wiki/about`, from pygame.org/docs/, is the website's wiki: a route above the site's
    root is the host's (low). A file the page names there, and a copy no entry makes, are
    still missing."""
    from drift_docs.engine import audit

    index = (
        "Pygame\n======\n\n`About <../wiki/about>`_, `Start <../wiki/GettingStarted.html>`_, `License <LGPL.txt>`_,\n"
        "`Notice <NOTICE.txt>`_ and `logo <../gone/logo.png>`_.\n"
    )
    files = {"docs/reST/conf.py": "project = 'x'\nhtml_extra_path = ['../LGPL.txt']\n", "docs/reST/index.rst": index, "docs/LGPL.txt": "GNU\n"}
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert found == [("../gone/logo.png", "high"), ("../wiki/GettingStarted.html", "low"), ("../wiki/about", "low"), ("NOTICE.txt", "high")]


def test_a_translation_s_own_sphinx_project_climbs_into_its_sibling_site_s_static_folder(make_repo):
    """pygame's docs/es/ has its own conf.py and is built inside the site of docs/reST/:
    `../_static/pygame_logo.png` is that site's static file. A file no static folder has is
    still missing, and a folder that is no language gets no sibling's files."""
    from drift_docs.engine import audit

    logos = "Logos\n=====\n\n.. image:: ../_static/pygame_logo.png\n\n.. image:: ../_static/gone.png\n"
    files = {
        "docs/reST/conf.py": "project = 'x'\nhtml_static_path = ['_static']\n", "docs/reST/index.rst": "Home\n====\n",
        "docs/reST/_static/pygame_logo.png": "png",
        "docs/es/conf.py": "project = 'x'\n", "docs/es/logos.rst": logos,
        "docs/api/conf.py": "project = 'x'\n", "docs/api/logos.rst": logos,
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs/api/logos.rst", "../_static/gone.png"), ("docs/api/logos.rst", "../_static/pygame_logo.png"), ("docs/es/logos.rst", "../_static/gone.png")]


def test_a_gallery_readme_links_from_the_folder_sphinx_gallery_builds_it_in(make_repo):
    """python-igraph's doc/examples_sphinx-gallery/README.rst becomes the index of
    doc/source/tutorials/ (`examples_dirs` -> `gallery_dirs`), so its `:doc:`../tutorial``
    is doc/source/tutorial.rst. A page no folder has is still missing."""
    from drift_docs.engine import audit

    conf = 'extensions = ["sphinx_gallery.gen_gallery"]\nsphinx_gallery_conf = {\n    "examples_dirs": "../examples_sphinx-gallery",\n    "gallery_dirs": "tutorials",\n}\n'
    readme = "Gallery\n=======\n\nRead the :doc:`extended tutorial <../tutorial>` and :doc:`../gone`.\n"
    files = {"doc/source/conf.py": conf, "doc/source/index.rst": "Docs\n====\n", "doc/source/tutorial.rst": "Tutorial\n========\n",
             "doc/examples_sphinx-gallery/README.rst": readme, "doc/examples_sphinx-gallery/plot.py": "x = 1\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../gone"]
    # Without the gallery the link is read from the README's own folder: broken.
    builder = make_repo({**files, "doc/source/conf.py": "extensions = []\n"})
    assert "../tutorial" in [f.text for f in audit(builder.root, blame=False).findings]


def test_a_conf_py_hook_that_writes_a_folder_into_the_built_site(make_repo):
    """pyodide's conf.py copies ./usage/examples to `Path(app.outdir) / "examples"`, so
    `../examples/black.html` from usage/examples.md is on the site. A file the copied
    folder lacks is still missing."""
    from drift_docs.engine import audit

    conf = (
        "from pathlib import Path\nextensions = ['myst_parser']\n\n"
        "def write_examples(app):\n    out = Path(app.outdir) / \"examples\"\n"
        "    for example in Path(\"./usage/examples\").iterdir():\n        (out / example.name).write_text(example.read_text())\n\n"
        "def setup(app):\n    app.connect('builder-inited', write_examples)\n"
    )
    page = "# Examples\n\n[black](../examples/black.html) and [gone](../examples/gone.html)\n"
    files = {"docs/conf.py": conf, "docs/index.md": "# Docs\n", "docs/usage/examples.md": page, "docs/usage/examples/black.html": "<html></html>\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings] == ["../examples/gone.html"]


def test_an_underscored_archive_folder_is_set_aside(make_repo):
    """arcade's doc/_archive/ (which its conf.py keeps out of the build) holds pages kept
    as they were: their moved images are not drift, as under archive/."""
    from drift_docs.engine import audit

    files = {"doc/_archive/get_started.rst": "Old\n===\n\n.. image:: images/tree.svg\n", "doc/guide.rst": "Guide\n=====\n\n.. image:: images/gone.svg\n",
             # psi4's doc/sphinxman/source/attic/: the old manual's pages, kept.
             "doc/source/attic/mp2.rst": "MP2\n===\n\n.. image:: images/old.svg\n",
             # pyscf's doc_legacy/: the manual before the current site.
             "doc_legacy/source/cc.rst": "CC\n==\n\n.. image:: images/older.svg\n",
             # pykan's docs/.ipynb_checkpoints/: Jupyter's autosaved copies of pages.
             "doc/.ipynb_checkpoints/intro-checkpoint.rst": "Intro\n=====\n\n.. image:: intro_files/x.png\n",
             # openff-toolkit's examples/deprecated/: examples kept as they were when their API went.
             "examples/deprecated/typing/README.md": "# Typing\n\n![tree](images/tree.svg)\n"}
    assert [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [("doc/guide.rst", "images/gone.svg")]


def test_pages_the_docs_build_files_write_are_no_missing_pages(make_repo):
    """psi4's doc/sphinxman/: CMakeLists.txt and document_options_c.pl write
    source/autodoc_abbr_options_c.rst and source/autodir_options_c/*.rst when the manual
    builds; 84 pages include the one, others the folder's pages. A page no build file
    names is still missing, and so is a wrong path to a page the tree has (`index.rst`)."""
    from drift_docs.engine import audit

    cmake = "add_custom_command(\n  OUTPUT ${CCBD}/source/autodir_options_c/module__scf.rst\n  COMMAND perl document_options_c.pl\n  COMMENT index.rst)\n"
    perl = "open(ABBR, '>source/autodoc_abbr_options_c.rst');\nprint ABBR '.. |x| replace:: y';\n"
    page = (
        "SCF\n===\n\n.. include:: autodoc_abbr_options_c.rst\n\n.. include:: autodir_options_c/scf__guess.rst\n\n"
        ".. include:: autodoc_gone.rst\n\nEdit ``doc/userman/source/index.rst``.\n"
    )
    # cantera's doc/SConscript writes compiling/scons-config-options.rst.inc.
    page += "\n.. include:: scons-config-options.rst.inc\n"
    scons = 'env.Command("#build/doc/sphinx/scons-config-options.rst.inc", [], build_options)\n'
    files = {"doc/sphinxman/CMakeLists.txt": cmake, "doc/sphinxman/document_options_c.pl": perl, "doc/sphinxman/source/index.rst": "Home\n====\n", "doc/sphinxman/source/scf.rst": page,
             "doc/SConscript": scons}
    assert sorted(f.text for f in audit(make_repo(files).root, blame=False).findings) == ["autodoc_gone.rst", "doc/userman/source/index.rst"]


def test_a_link_to_the_file_a_script_beside_it_writes_is_a_note(make_repo):
    """bionemo's README links `./internal/gitingest.txt`, which internal/gitingest.sh writes
    (`git ls-files | while read f; do cat "$f"; done > gitingest.txt`): the link works once
    the script has run. A note, never a certain fix; a file no script writes is stale."""
    from drift_docs.engine import audit

    script = 'git ls-files | while read file; do\n  echo "== $file"\n  cat "$file"\ndone > gitingest.txt\n'
    readme = "# Recipe\n\nSee [gitingest.txt](./internal/gitingest.txt) and [notes](./internal/notes.txt).\n"
    files = {"recipe/internal/gitingest.sh": script, "recipe/README.md": readme}
    found = {(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings}
    assert found == {("./internal/gitingest.txt", "low"), ("./internal/notes.txt", "high")}


def test_release_notes_under_a_longer_name_are_history(make_repo):
    """bionemo's docs/.../releasenotes-fw.md names each release's config keys in the words of
    its day; so do `release-notes-v2.md` pages and changie's .changes/ (dbt's). Set aside,
    as release_notes.md is."""
    from drift_docs.engine import audit

    notes = "# Release notes\n\n- `scripts/old_tool.py` added.\n"
    files = {"scripts/tool.py": "", "docs/about/releasenotes-fw.md": notes, "docs/release_notes_2024.md": notes, ".changes/2.0.0.md": notes, "docs/guide.md": "# Guide\n\nRun `scripts/gone.py`.\n"}
    assert [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [("docs/guide.md", "scripts/gone.py")]


def test_files_a_local_sphinx_extension_writes_at_the_site_s_root(make_repo):
    """locust's docs/_ext/llms_txt.py (in conf.py's `extensions`) writes
    `os.path.join(outdir, "llms.txt")`: `llms.txt <llms.txt>`_ works on the site. A file no
    hook writes is still missing."""
    from drift_docs.engine import audit

    conf = "import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), '_ext'))\nextensions = [\n    'sphinx.ext.autodoc',\n    'llms_txt',\n]\n"
    ext = "import os\n\ndef build_finished(app, exc):\n    outdir = app.outdir\n    with open(os.path.join(outdir, \"llms.txt\"), \"w\") as f:\n        f.write('x')\n"
    page = "AI docs\n=======\n\n* `llms.txt <llms.txt>`_\n* `gone.txt <gone.txt>`_\n"
    files = {"docs/conf.py": conf, "docs/_ext/llms_txt.py": ext, "docs/index.rst": "Docs\n====\n", "docs/ai-docs.rst": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["gone.txt"]


def test_a_path_the_code_spells_is_a_note(make_repo):
    """ansible-lint's docs: "`.config/ansible-lint.yml` in your current working directory",
    a name src/ansiblelint/cli.py looks for: the doc says what the code says. A path no
    code spells is still stale; so is one only a test spells."""
    from drift_docs.engine import audit

    cli = "CONFIG_FILES = ['.ansible-lint', '.config/ansible-lint.yml']\n"
    page = "# Configuring\n\nUse `.config/ansible-lint.yml` or `.config/other-lint.yml` or `.config/tested.yml`.\n"
    files = {".config/dictionary.txt": "words\n", "src/lint/__init__.py": "", "src/lint/cli.py": cli, "tests/test_cli.py": "X = '.config/tested.yml'\n", "examples/.config/ansible-lint.yml": "x: 1\n", "examples/.config/other-lint.yml": "x: 1\n", "examples/.config/tested.yml": "x: 1\n", "docs/configuring.md": page}
    found = {(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings}
    assert found == {(".config/ansible-lint.yml", "low"), (".config/other-lint.yml", "high"), (".config/tested.yml", "high")}


def test_breaking_change_pages_and_upgrade_sections_record_the_old_names(make_repo):
    """strawberry's docs/breaking-changes/0.278.1.md shows the import it removed ("instead
    of:"); pyinfra's "## Upgrading pyinfra from 0.x -> 1.x" shows the old `pyinfra.modules`.
    History: set aside, and a note. A page that is not history is still checked."""
    from drift_docs.engine import audit

    files = {
        "pkg/__init__.py": "", "pkg/operations.py": "def server():\n    pass\n",
        "docs/breaking-changes/0.2.md": "# 0.2 Breaking Changes\n\nInstead of:\n\n```python\nfrom pkg.http import HTTPException\n```\n",
        "docs/compatibility.md": "# Compatibility\n\n## Upgrading pkg from 0.x -> 1.x\n\n```py\n# Old, 0.x import:\nfrom pkg.modules import server\n```\n\n## Usage\n\n```py\nfrom pkg.gone import server\n```\n",
    }
    found = {(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings}
    assert found == {("pkg.modules", "low"), ("pkg.gone", "high")}


def test_a_page_an_mkdocs_nav_lists_that_the_tree_lacks_is_a_plugin_s(make_repo):
    """griffe's nav lists `guide/contributors/coverage.md`, which mkdocs-coverage writes:
    a link to it works on the site. A page neither the tree nor the nav has is missing."""
    from drift_docs.engine import audit

    config = "site_name: x\nnav:\n- Home: index.md\n- Guide:\n  - Coverage report: guide/coverage.md\nplugins:\n- coverage:\n    page_path: guide/coverage\n"
    files = {"mkdocs.yml": config, "docs/index.md": "# Home\n", "docs/guide/contributors.md": "# Contributing\n\nSee [the report](coverage.md) and [gone](gone.md).\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["gone.md"]


def test_a_docs_makefile_s_plain_variables_are_put_in_its_recipes(make_repo):
    """trimesh's docs/Makefile sets `GENDIR = generate`, copies `$(CONTENT)/*` there and
    has pandoc write `$(GENDIR)/README.rst` from ../README.md: content/index.rst, built
    from generate/, includes README.rst. An include nothing makes is still missing."""
    from drift_docs.build_copies import recipe_copies
    from drift_docs.engine import audit

    makefile = (
        "GENDIR        = generate\nCONTENT       = content\nOUT ?= $(HOME)/site\n\n"
        ".deps:\n\tmkdir -p $(GENDIR)\n\tcp conf.py $(CONTENT)/* $(GENDIR)\n\n"
        "README.rst: ../README.md\n\tpandoc --from=gfm --to=rst --output=\"$(GENDIR)/README.rst\" ../README.md\n\tcp x.md $(OUT)/\n"
    )
    assert recipe_copies("docs/Makefile", makefile) == [
        ("docs/conf.py", "docs/generate/conf.py", False),
        ("docs/content", "docs/generate", True),
        ("README.md", "docs/generate/README.rst", False),
    ]
    page = "Home\n====\n\n.. include:: README.rst\n.. include:: parts/gone.rst\n"
    files = {"README.md": "# Trimesh\n", "docs/Makefile": makefile, "docs/conf.py": "extensions = []\n", "docs/content/index.rst": page, "docs/content/parts/intro.rst": "Intro\n=====\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["parts/gone.rst"]


def test_a_page_goes_on_in_the_folder_its_earlier_step_made(make_repo):
    """Uni-Mol's unimol_plus/README.md: `cd scripts` (its own scripts/), `bash download.sh`,
    then in later blocks `cd pcqm4m-v2` (the download's folder) and `python
    ../get_3d_lmdb.py`: scripts/get_3d_lmdb.py. A script no folder has is still missing."""
    from drift_docs.engine import audit

    page = (
        "# Uni-Mol+\n\n```bash\ncd scripts\nbash download.sh\n```\n\n```bash\ncd pcqm4m-v2\npython ../get_label3d_lmdb.py\n```\n\n"
        "```bash\npython ../get_3d_lmdb.py train\npython ../gone_lmdb.py train\n```\n"
    )
    files = {"unimol_plus/README.md": page, "unimol_plus/scripts/download.sh": "wget x\n", "unimol_plus/scripts/get_3d_lmdb.py": "", "unimol_plus/scripts/get_label3d_lmdb.py": "", "scripts/other.py": ""}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../gone_lmdb.py"]


def test_pages_a_conf_py_hook_writes_into_the_source_tree(make_repo):
    """cartography's conf.py runs `write_schema_docs(model, srcdir / "modules")`: each
    module's `schema.md` is made when the docs build, and modules/aws/index.md links it. A
    missing page outside that folder is still stale."""
    from drift_docs.engine import audit

    conf = "from pathlib import Path\n\nextensions = [\"myst_parser\"]\n\ndef setup(app):\n    srcdir = Path(app.srcdir).resolve()\n    write_schema_docs(model, srcdir / \"modules\")\n"
    files = {
        "docs/conf.py": conf, "docs/index.md": "# Home\n",
        "docs/root/modules/aws/index.md": "# AWS\n\nSee [the schema](schema.md) and [usage](../../usage/gone.md).\n",
        "docs/root/usage/tutorial.md": "# Tutorial\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../../usage/gone.md"]


def test_pages_a_local_sphinx_extension_writes_when_the_site_builds(make_repo):
    """obspy's conf.py loads its own `citations` extension (source/_ext/citations.py),
    which writes source/citations.rst on `builder-inited`: `citations.html` is a page of
    the built site. A page no hook writes is still missing."""
    from drift_docs.engine import audit

    conf = "import sys\nsys.path.insert(0, '_ext')\n\nextensions = [\n    'sphinx.ext.autodoc',\n    'citations',\n]\n"
    extension = "import os\n\ndef create_citations_page(app):\n    fh = open(os.path.join('source', 'citations.rst'), 'w', encoding='utf-8')\n    fh.write('x')\n\ndef setup(app):\n    app.connect('builder-inited', create_citations_page)\n"
    files = {
        "docs/source/conf.py": conf, "docs/source/_ext/citations.py": extension,
        "docs/source/index.rst": "Home\n====\n\n* `Citations <citations.html>`_ / `Credits <credits.html>`_\n",
    }
    assert [f.text for f in audit(make_repo(files, removed=('docs/source/credits.rst',)).root, blame=False).findings] == ["credits.html"]


def test_a_test_s_target_files_are_no_pages(make_repo):
    """semgrep's cli/tests/default/e2e/targets/spacegrep/markdown.md is a file its tests scan
    (an old README), not a page. A page's missing path is still stale."""
    from drift_docs.engine import audit

    files = {
        "cli/tests/default/e2e/targets/spacegrep/markdown.md": "# Old\n\nSee [the rules](rules/gone.yaml).\n",
        "docs/tracing.md": "# Tracing\n\nSee [rules](../cli/tests/gone.yaml).\n",
    }
    assert [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [("docs/tracing.md", "../cli/tests/gone.yaml")]


def test_a_script_goes_on_in_the_build_folder_it_makes_beside_itself(make_repo):
    """Triton-distributed's build script: `SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"`, a
    sparse clone of another repository pushed into and popped out of, then `mkdir -p
    ${BUILD_DIR} && cd ${BUILD_DIR}` (BUILD_DIR under SCRIPT_DIR) and `bash
    ../scripts/build_single.sh`: its own scripts/. A script that folder lacks is missing."""
    from drift_docs.engine import audit

    script = (
        "#!/bin/bash\nset -e\nSCRIPT_DIR=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\nPROJECT_ROOT=$(realpath ${SCRIPT_DIR})\n"
        "SRC_DIR=${PROJECT_ROOT}/../../3rdparty/lib\nsys_path=${PROJECT_ROOT}/../../3rdparty/sys\n"
        "if ! [ -d \"${SRC_DIR}\" ]; then\n  pushd \"${PROJECT_ROOT}/../..\"\n  git clone \"https://github.com/example/other-systems.git\" --depth 1 --sparse \"${sys_path}\"\n  popd\nfi\n"
        "BUILD_DIR=${PROJECT_ROOT}/lib_build\nINSTALL_DIR=${BUILD_DIR}/install\n"
        "mkdir -p ${BUILD_DIR} && cd ${BUILD_DIR}\nbash ../scripts/build_single.sh ${INSTALL_DIR}\nbash ../scripts/gone_single.sh ${INSTALL_DIR}\n"
    )
    files = {"shmem/bind/build.sh": script, "shmem/bind/scripts/build_single.sh": "echo hi\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings] == ["../scripts/gone_single.sh"]


def test_nbsphinx_link_pages_are_the_site_s_pages(make_repo):
    """stellargraph's docs/demos/basics/index.rst lists `loading-pandas`, whose page is
    loading-pandas.nblink (nbsphinx-link points it at demos/basics/loading-pandas.ipynb)."""
    from drift_docs.engine import audit

    files = {
        "docs/conf.py": "extensions = [\n    'nbsphinx',\n    'nbsphinx_link',\n]\n",
        "docs/index.rst": "Home\n====\n\n.. toctree::\n\n   demos/basics/index\n",
        "docs/demos/basics/index.rst": "Basics\n======\n\n* :doc:`loading-pandas`\n* :doc:`loading-gone`\n",
        "docs/demos/basics/loading-pandas.nblink": '{"path": "../../../demos/basics/loading-pandas.ipynb"}\n',
        "demos/basics/loading-pandas.ipynb": '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 4}\n',
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["loading-gone"]


def test_a_jekyll_site_serves_pages_at_their_permalinks(make_repo):
    """pyatv's docs/ is a Jekyll site: documentation/getting_started.md says `permalink:
    /documentation/getting-started/`, so index.md's `documentation/getting-started` and that
    page's `concepts/` and `../support/faq/` are pages of the built site. A route no page
    serves is still broken, and so is the same link on a page no site builds."""
    from drift_docs.engine import audit

    def page(title: str, permalink: str, body: str) -> str:
        return f"---\nlayout: template\ntitle: {title}\npermalink: {permalink}\n---\n# {title}\n\n{body}\n"

    files = {
        "docs/_config.yml": "title: pkg\nmarkdown: kramdown\ntheme: jekyll-theme-cayman\n",
        "docs/index.md": "---\nlayout: template\n---\n# Home\n\nSee [Getting started](documentation/getting-started) and [gone](documentation/gone).\n",
        "docs/documentation/getting_started.md": page("Getting Started", "/documentation/getting-started/", "Read the [Concepts](../concepts/) first."),
        "docs/documentation/documentation.md": page("Documentation", "/documentation/", "Read the [Concepts](concepts/) and the [FAQ](../support/faq/#ed25519) first."),
        "docs/documentation/concepts.md": page("Concepts", "/documentation/concepts/", "Concepts."),
        "docs/support/faq.md": page("FAQ", "/support/faq/", "## ed25519\n\nAnswers."),
        "docs/internals/tools.md": page("Tools", "/internals/tools", "See [testing](testing) and [the wiki](Development-Environment)."),
        "docs/internals/testing.md": page("Testing", "/internals/testing", "Tests."),
        "notes/readme.md": "# Notes\n\nSee [Concepts](concepts/).\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001")
    assert found == [("docs/index.md", "documentation/gone"), ("docs/internals/tools.md", "Development-Environment"), ("notes/readme.md", "concepts/")]


def test_an_mkdocs_site_with_autolinks_finds_a_linked_page_by_its_name(make_repo):
    """PyPSA's mkdocs.yml loads mkdocs-autolinks-plugin: docs/index.md's `[Features](features.md)`
    is docs/home/features.md, found by its name. A name no page has is still broken, and
    so is the same link on a site without the plugin."""
    from drift_docs.engine import audit

    files = {
        "mkdocs.yml": "site_name: x\nplugins:\n- search\n- autolinks\n",
        "docs/index.md": "# Home\n\nSee the [Features](features.md) and [gone](gone.md).\n",
        "docs/home/features.md": "# Features\n",
        "other/mkdocs.yml": "site_name: y\nplugins:\n- search\n",
        "other/docs/index.md": "# Other\n\nSee the [Features](features.md).\n",
        "other/docs/home/features.md": "# Features\n",
    }
    assert sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings) == [("docs/index.md", "gone.md"), ("other/docs/index.md", "features.md")]


def test_a_doc_role_that_names_a_title_is_a_page_still_to_be_written(make_repo):
    """PySyft's guides index: ":doc:`Part 7: Connect to a Datasite`" where a page's name
    goes, no page written yet: a note. A missing page named as pages are is broken."""
    from drift_docs.engine import audit

    page = "Guides\n======\n\n| :doc:`Part 7: Connect to a Datasite`\n| :doc:`Part 1 <data-owner/00-deploy>`\n"
    files = {"docs/source/conf.py": "extensions = []\n", "docs/source/index.rst": "Home\n====\n", "docs/source/guides/index.rst": page}
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    assert found == {"Part 7: Connect to a Datasite": "low", "data-owner/00-deploy": "high"}


def test_a_quarto_site_s_pages_are_read_with_pandoc_ids_and_quartodoc_s_reference(make_repo):
    """ibis' docs are a Quarto site: `.qmd` pages, `{python}` cells, Pandoc heading ids
    (`## 1. Set up pkg.duckdb` is #set-up-pkg.duckdb), an API reference quartodoc writes into
    reference/ at build time, backend pages whose `#| output: asis` cell writes the API's
    headings, and a blog under posts/. A dead link, a gone anchor and a gone import are found."""
    quarto = "project:\n  type: website\n\nquartodoc:\n  package: pkg\n  title: Reference\n  sections:\n    - title: API\n      contents:\n        - kind: page\n          path: expression-tables\n"
    files = {
        "pkg/__init__.py": "def connect():\n    pass\n",
        "conda/environment.yml": "name: pkg\n",
        "docs/_quarto.yml": quarto,
        "docs/reference/cursed_knowledge.qmd": "# Cursed\n",
        "docs/install.qmd": (
            "---\ntitle: Install\n---\n\n## 1. Set up pkg.duckdb\n\nSee [setup](#set-up-pkg.duckdb), [gone](#no-such-part),\n"
            "[tables](reference/expression-tables.qmd), [cursed](reference/cursed_knowledge.qmd) and [old](tutorials/old.qmd).\n"
            "Use the `conda/mamba` setup.\n\n```{python}\nfrom pkg import connect\nfrom pkg.gone import helper\n```\n"
        ),
        "docs/backends/duckdb.qmd": "# DuckDB\n\nSee [do_connect](#pkg.backends.duckdb.Backend.do_connect).\n\n```{python}\n#| echo: false\n#| output: asis\nprint('## do_connect')\n```\n",
        "docs/posts/v6-release/index.qmd": "---\ntitle: v6\ndate: 2023-07-03\n---\n\nSee [the notes](../../../release_notes.qmd).\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert sorted((f.path, f.text) for f in result.findings) == [
        ("docs/install.qmd", "#no-such-part"),
        ("docs/install.qmd", "pkg.gone"),
        ("docs/install.qmd", "tutorials/old.qmd"),
    ]
    assert result.set_aside == {"blog posts": 1}


def test_pages_a_tool_builds_into_a_quarto_site_keep_their_names_without_ordering_numbers(make_repo):
    """pointblank's user guide: `user_guide/01-validation-plan/02-validation-methods.qmd`,
    linked as `validation-methods.qmd` and `../validation-plan/validation-overview.qmd`
    (great-docs drops the numbers that order the pages, as Docusaurus does), quartodoc's
    interlinks (`[MissingSpec](`pkg.MissingSpec`)`), CDISC's "`--SEQ` variables", and no
    _quarto.yml: the tool writes the project, so a missing page is a note."""
    files = {
        "pkg/__init__.py": "from pkg.missing import MissingSpec\n",
        "pkg/missing.py": "class MissingSpec:\n    pass\n",
        "pkg/cli.py": "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--seq-len')\np.parse_args()\n",
        "great-docs.yml": "display_name: Pkg\n",
        "user_guide/01-validation-plan/01-validation-overview.qmd": "# Overview\n\nSee [methods](validation-methods.qmd) and [gone](gone-methods.qmd).\n",
        "user_guide/01-validation-plan/02-validation-methods.qmd": "# Methods\n\nSee [overview](../validation-plan/validation-overview.qmd).\n",
        "user_guide/02-checks.qmd": (
            "# Checks\n\n[MissingSpec](`pkg.MissingSpec`), [Gone](`pkg.GoneSpec`), [short](`Validate.col_vals_gt`).\n\n"
            "| Check | Description |\n|---|---|\n| Sequence | `--SEQ` variables must be positive |\n| Length | `--seq-lenn` sets it |\n"
        ),
    }
    result = audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"])
    found = sorted((f.path, f.text, f.confidence) for f in result.findings if f.rule in ("DRIFT001", "DRIFT002", "DRIFT005"))
    assert found == [
        ("user_guide/01-validation-plan/01-validation-overview.qmd", "gone-methods.qmd", "low"),
        ("user_guide/02-checks.qmd", "--seq-lenn", "medium"),
        ("user_guide/02-checks.qmd", "pkg.GoneSpec", "medium"),
    ]


def test_pages_pydoc_markdowns_mkdocs_renderer_writes_are_linked_where_they_land(make_repo):
    """beanie: pydoc-markdown's MkDocs renderer writes docs/tutorial/update.md as
    `content/tutorial/updating-&-deleting.md` (its title) and the API pages from `contents`;
    the tutorial's links name those built pages. A link to no page of the tree stays."""
    config = (
        "loaders:\n  - type: python\nrenderer:\n  type: mkdocs\n  output_directory: docs/build\n  pages:\n"
        "    - title: Tutorial\n      children:\n        - title: Inserting into the database\n          source: docs/tutorial/insert.md\n"
        "        - title: Updating & Deleting\n          source: docs/tutorial/update.md\n"
        "    - title: API Documentation\n      children:\n        - title: Interfaces\n          contents:\n            - pkg.interfaces.*\n"
    )
    insert = (
        "# Insert\n\nThen see [updating](updating-&-deleting.md), the [methods](../api-documentation/interfaces.md/#aggregatemethods)"
        " and [the fields](../api-documentation/fields.md).\n"
    )
    files = {"pkg/__init__.py": "", "pkg/interfaces.py": "", "pydoc-markdown.yml": config, "docs/tutorial/insert.md": insert, "docs/tutorial/update.md": "# Update\n"}
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [("docs/tutorial/insert.md", "../api-documentation/fields.md")]


def test_an_image_a_pages_docker_build_tags_is_no_path(make_repo):
    """dopamine's docker README builds `docker build -f docker/atari/Dockerfile -t
    dopamine/atari .`, then says "replacing `$IMAGE` with `dopamine/atari`": an image's
    name, not the `dopamine/atari/` folder the package once had. A path the page names
    that is no image of it is still judged."""
    builder = make_repo({"dopamine/__init__.py": "", "dopamine/atari/run.py": "x = 1\n", "docker/atari/Dockerfile": "FROM python\n"})
    doc = (
        "# Docker\n\n```\ndocker build -f docker/atari/Dockerfile -t dopamine/atari:latest .\ndocker run --rm -it $IMAGE bash\n```\n\n"
        "replacing `$IMAGE` with `dopamine/atari`. The old code was in `dopamine/atari/run.py`.\n"
    )
    builder.commit({"docker/README.md": doc, "dopamine/discrete/run.py": "x = 1\n"}, "move atari", remove=("dopamine/atari/run.py",))
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["dopamine/atari/run.py"]


def test_a_data_folder_gitignore_keeps_out_is_not_read_from_above_a_same_named_folder_of_the_page(make_repo):
    """mmaction2's tools/data/omnisource/README_zh-CN.md: "所有数据应位于 `data/OmniSource/` 目录下":
    the reader's data folder at the root, which .gitignore keeps out (`/data`), not
    tools/data/OmniSource read from above the page's own `data/` folder (where
    `omnisource/` differs only in case). A script's path from above its folder still is."""
    files = {
        ".gitignore": "/data\n",
        "tools/data/omnisource/prepare.py": "x = 1\n",
        "tools/data/omnisource/README_zh-CN.md": "# OmniSource\n\n所有数据应位于 `data/OmniSource/` 目录下。\n",
        "tts/scripts/run.sh": "x\n",
        "tts/scripts/batch.sh": "bash scripts/gone/run.sh\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["scripts/gone/run.sh"]


def test_options_a_program_reads_out_of_a_prompt_split_at_dashes_are_not_its_flags(make_repo):
    """sd-scripts' gen_img.py splits each prompt at " --" and reads `nl 7.5`, `am 0.5` out
    of the parts: the docs' "`--nl`: the negative guidance scale" is such a prompt option,
    not an unknown flag. A prose flag the code reads nowhere is still unknown, and a
    placeholder link left to fill in is said to be one."""
    gen = (
        "import argparse\nimport re\n\n\ndef parse(raw_prompt):\n    for parg in raw_prompt.split(\" --\")[1:]:\n"
        "        m = re.match(r\"nl ([\\d\\.]+|none)\", parg, re.IGNORECASE)\n        m = re.match(r\"am ([\\d\\.\\-,]+)\", parg, re.IGNORECASE)\n\n\n"
        "if __name__ == '__main__':\n    p = argparse.ArgumentParser()\n    p.add_argument('--image_path')\n    p.add_argument('--network_mul')\n    p.add_argument('--ae')\n    p.add_argument('--nll')\n    p.parse_args()\n"
    )
    doc = (
        "# Generate\n\nPrompt options:\n\n- `--nl`: the negative prompt's guidance scale.\n- `--am`: the weights of the extra networks.\n"
        "- `--network_mult`: overrides it.\n\nSee the [dataset guide](link/to/dataset/doc).\n"
    )
    found = [(f.text, f.confidence) for f in audit(make_repo({"gen_img.py": gen, "docs/gen.md": doc}).root, blame=False).findings]
    assert found == [("--network_mult", "medium"), ("link/to/dataset/doc", "medium")]


def test_a_prose_flag_the_code_reads_from_keyword_arguments_is_a_low_note(make_repo):
    """sd-scripts: "Blocks not specified use `--network_dim`/`--network_alpha` or
    `--conv_dim`/`--conv_alpha`": networks/lora.py reads `kwargs.get("conv_alpha")`, which
    `--network_args "conv_alpha=1"` carries. A note, not a medium unknown flag; a prose
    flag no code reads at all stays medium."""
    train = "import argparse\n\nif __name__ == '__main__':\n    p = argparse.ArgumentParser()\n    p.add_argument('--network_dim')\n    p.add_argument('--network_args', nargs='*')\n    p.parse_args()\n"
    lora = "class Block:\n    conv_alpha: float = 1.0\n\n\ndef create_network(multiplier, **kwargs):\n    conv_alpha = kwargs.get(\"conv_alpha\", None)\n    return conv_alpha\n"
    doc = "# LoRA\n\nBlocks not specified use `--network_dim` or `--conv_alpha`. See also `--network_dimm`.\n"
    found = [(f.text, f.confidence) for f in audit(make_repo({"train_network.py": train, "networks/lora.py": lora, "docs/lora.md": doc}).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"]
    assert found == [("--conv_alpha", "low"), ("--network_dimm", "medium")]


def test_what_conf_py_copies_in_a_loop_over_literal_pairs_is_there(make_repo):
    """decaylanguage's docs/conf.py: `for name, dst_name in [("README.md", "readme.md"),
    ("CHANGELOG.md", "changelog.md")]: shutil.copy2(BASEDIR / name, DIR / dst_name)`, and
    index.rst's `.. include:: readme.md`. A file the loop does not copy is still missing."""
    conf = (
        "import shutil\nfrom pathlib import Path\n\nDIR = Path(__file__).parent.resolve()\nBASEDIR = DIR.parent\n"
        "project = 'x'\n\n\ndef _copy_files(_app):\n    for name, dst_name in [\n        ('README.md', 'readme.md'),\n"
        "        ('CHANGELOG.md', 'changelog.md'),\n    ]:\n        src = BASEDIR / name\n        dst = DIR / dst_name\n"
        "        if src.exists():\n            shutil.copy2(src, dst)\n\n\ndef setup(app):\n    app.connect('builder-inited', _copy_files)\n"
    )
    files = {
        "README.md": "# Tool\n", "CHANGELOG.md": "# Changes\n", "pkg/__init__.py": "", "docs/conf.py": conf,
        "docs/index.rst": "Tool\n====\n\n.. include:: readme.md\n.. include:: changelog.md\n.. include:: authors.md\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["authors.md"]
