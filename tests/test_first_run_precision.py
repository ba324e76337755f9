"""Layouts real doc sites and CLIs use that once flooded a first run with false findings."""

from __future__ import annotations

from drift_docs.engine import audit, project_generator

# Subcommand findings are notes (low): the tests of the subcommand model ask for them.
LOW = ["min-confidence = 'low'"]


def test_myst_labels_are_link_targets_not_files(make_repo):
    # (networkx: `[Tutorial](#using-networkx-backends)` reaches another page's label too.)
    reference = "# CLI\n\n- [GRPO](section-grpo)\n- [Gone](section-gone)\n- [Anchor](#section-grpo)\n- [Policy](#labels/stability-policy)\n\n(section-grpo)=\n## GRPO\n"
    # black's labels have slashes: `(labels/stability-policy)=`, linked as a path would be.
    other = "# Other\n\nSee [the GRPO options](section-grpo) and [the policy](labels/stability-policy).\n\n(labels/stability-policy)=\n## Policy\n"
    builder = make_repo({"docs/cli.md": reference, "docs/other.md": other, "docs/conf.py": "extensions = ['myst_parser']\n"})
    stale = [(f.path, f.line, f.text) for f in audit(builder.root, blame=False).findings]
    assert stale == [("docs/cli.md", 4, "section-gone")]


def test_labels_are_found_lower_cased_and_in_gallery_readmes(make_repo):
    # rlberry: MyST looks `[x](ExperimentManager_page)` up lower-cased, and finds
    # `(experimentManager_page)=`; `[Examples](examples)` reaches the `.. _examples:` that
    # sphinx-gallery copies from examples/README.md into the gallery's RST index.
    page = "# Save\n\nSee [the manager](ExperimentManager_page), [the examples](examples) and [gone](gone_page).\n"
    manager = "(experimentManager_page)=\n\n# Experiment manager\n"
    gallery = ".. _examples:\n\n===================\nGallery of examples\n===================\n"
    builder = make_repo({
        "docs/save.md": page, "docs/manager.md": manager, "examples/README.md": gallery,
        "examples/demo.py": "print(1)\n", "docs/conf.py": "extensions = ['myst_parser', 'sphinx_gallery.gen_gallery']\n",
    })
    stale = [(f.path, f.line, f.text) for f in audit(builder.root, blame=False).findings]
    assert stale == [("docs/save.md", 3, "gone_page")]


TRAIN = """\
from dataclasses import dataclass

import draccus


@dataclass
class PolicyConfig:
    lr: float = 1e-4


@dataclass
class TrainConfig:
    policy: PolicyConfig
    steps: int = 100


@draccus.wrap()
def main(cfg: TrainConfig):
    print(cfg.steps)
"""

PYPROJECT = """\
[project]
name = "robot"
version = "0.1"

[project.scripts]
robot-train = "robot.train:main"
robot-eval = "robot.evaluate:main"
"""

EVALUATE = "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n    p.add_argument('--episodes', type=int)\n    p.parse_args()\n"


def test_a_console_script_built_on_a_dataclass_cli_framework_owns_its_dotted_flags(make_repo):
    doc = "# Train\n\n```bash\nrobot-train --policy.lr=1e-5 --steps 10 --policy.type=act\nrobot-eval --episdoes 4\n```\n"
    builder = make_repo({"pyproject.toml": PYPROJECT, "robot/__init__.py": "", "robot/train.py": TRAIN, "robot/evaluate.py": EVALUATE, "README.md": doc})
    found = [(f.line, f.text, f.replacement) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"]
    # draccus makes robot-train's flags from its dataclasses; robot-eval's argparse flags are checked.
    assert found == [(5, "--episdoes", "--episodes")]


def test_a_template_s_paths_are_to_be_filled_in(make_repo):
    template = "# Checklist\n\n| file | what |\n|---|---|\n| `tests/test_file.py` | the test |\n\nSee [the guide](missing.md).\n"
    builder = make_repo({"tests/test_real.py": "", "docs/_TEMPLATE.md": template, "model_cards/card_template.md": "# {{name}}\n\nSee [the config](cfg.yaml).\n", "tests/data/cfg.yaml": "a: 1\n"})
    # Its links resolve where the rendered copy goes (h2o-llmstudio's model cards): notes,
    # and a test's fixture of the same name is no fix.
    found = [(f.path, f.line, f.text, f.confidence, f.replacement) for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [("docs/_TEMPLATE.md", 7, "missing.md", "low", None), ("model_cards/card_template.md", 3, "cfg.yaml", "low", None)]


def test_a_generator_s_nameless_page_link_is_no_path(make_repo):
    """kubeflow pipelines' OpenAPI client docs: `[**object**](.md)` for a free-form type,
    a link the generator writes with an empty name. A named page that is gone is stale."""
    page = "# V2beta1Run\n\nName | Type\n---- | ----\n**spec** | [**object**](.md)\n**run** | [**V2beta1Gone**](V2beta1Gone.md)\n"
    found = [f.text for f in audit(make_repo({"docs/V2beta1Run.md": page, "docs/V2beta1Job.md": "# Job\n"}).root, blame=False).findings]
    assert found == ["V2beta1Gone.md"]


def test_ids_placeholders_and_github_emoji_anchors_are_not_stale(make_repo):
    readme = (
        "# Tool\n\n- [Install](#%EF%B8%8F-installation)\n- [Run](#-run)\n\n## 🛠️ Installation\n\n## 🚀 Run\n\n"
        "Train on `swift/self-cognition#500` or `swift/self-cognition`; see [the run](beaker_url) and [docs](link).\n"
        "The dashboard serves at [127.0.0.1:8000](127.0.0.1:8000) and [localhost:3000/app](localhost:3000/app).\n"
        "- `model.safetensors` holds the weights of the config.\n- `trainer.nnode`: the node count of the config\n"
    )
    files = {"swift/__init__.py": "", "README.md": readme, "conf/train.yaml": "trainer:\n  nnodes: 1\nmodel:\n  path: x\n"}
    builder = make_repo(files)
    assert [(f.rule, f.text) for f in audit(builder.root, blame=False).findings] == [("DRIFT017", "trainer.nnode")]


MIXIN = """\
from dataclasses import dataclass


@dataclass
class RolloutMixin:
    vllm_mode: str = "colocate"
    vllm_server_port: int = 8000
"""

SFT = """\
from dataclasses import dataclass

from transformers import Seq2SeqTrainingArguments

from tool.mixin import RolloutMixin


@dataclass
class SftArguments(RolloutMixin, Seq2SeqTrainingArguments):
    lora_rank: int = 8
"""

GRPO = """\
from dataclasses import dataclass

from tool.mixin import RolloutMixin


@dataclass
class GrpoArguments(RolloutMixin):
    num_generations: int = 8
"""

def test_mixin_fields_are_flags_and_a_library_base_makes_the_rest_the_library_s(make_repo):
    doc = (
        "# Train\n\n```bash\npython sft.py --vllm_mode server --lora_rank 4 --save_only_model true\n"
        "python grpo.py --vllm_mode server --num_generations 4 --num_generation 4 --save_only_model true\n```\n"
    )
    files = {
        "tool/__init__.py": "", "tool/mixin.py": MIXIN, "tool/sft.py": SFT, "tool/grpo.py": GRPO,
        "sft.py": "from tool.sft import SftArguments\n\nif __name__ == '__main__':\n    print(SftArguments())\n",
        "grpo.py": "from tool.grpo import GrpoArguments\n\nif __name__ == '__main__':\n    print(GrpoArguments())\n",
        "README.md": doc,
    }
    builder = make_repo(files)
    found = [(f.line, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"]
    # sft.py's SftArguments extends transformers' class: --save_only_model may be its.
    # grpo.py's classes are all here: its typo and its stranger are unknown.
    assert found == [(5, "--num_generation"), (5, "--save_only_model")]


FLEXIBLE_CLI = '''\
import argparse
import os
import re
import sys
from dataclasses import dataclass


class FlexibleArgumentParser(argparse.ArgumentParser):
    """Takes `--max_len` for `--max-len`."""

    def parse_args(self, args=None, namespace=None):
        args = sys.argv[1:] if args is None else args
        fixed = [re.sub(r"(?<=--)[^.=]*", lambda m: m.group(0).replace('_', '-'), a, count=1) for a in args]
        return super().parse_args(fixed, namespace)


class ArgumentHelper:
    @staticmethod
    def session_len(parser, default=None):
        return parser.add_argument("--session-len", type=int, default=default, help="longest session")


@dataclass
class Linear:
    in_features: int
    out_features: int


@dataclass
class TrainingArgs:  # a naming rule makes `--max_train_steps` of it; the parser spells it dashed
    max_train_steps: int = 1


def run():
    parser = FlexibleArgumentParser(prog="srv")
    ArgumentHelper.session_len(parser)
    parser.add_argument("--tp", type=int, default=1)
    parser.add_argument("--max-train-steps", type=int, default=1)
    parser.parse_args()
    os.getenv("SRV_IMAGE_FETCH_TIMEOUT")
    os.getenv("SRV_VIDEO_FETCH_TIMEOUT")
    os.getenv("SRV_LOG_FILE")


if __name__ == "__main__":
    run()
'''

FLEXIBLE_DOC = """\
# Serving

Raise the limit by passing `--session_len` to the server, or run
`srv --session_len 4096 --tp 2 --max_train_steps 9`. A misspelt `--sesion-len` fails.

Set `SRV_FETCH_TIMEOUT` for slow images and `SRV_LOG_LEVEL=DEBUG` for more logs.

```python
import torch.nn as nn
from srv.cli import Linear

head = nn.Linear(8, 8, bias=False)
mine = Linear(in_features=8, out_feature=8)
```
"""


def test_a_parser_that_rewrites_underscores_takes_both_spellings_and_suggestions_are_meant(make_repo, capsys):
    from drift_docs.cli import main

    files = {
        "srv/__init__.py": "", "srv/cli.py": FLEXIBLE_CLI, "srv/__main__.py": "from srv.cli import run\n\nrun()\n",
        "pyproject.toml": '[project]\nname = "srv"\n[project.scripts]\nsrv = "srv.cli:run"\n',
        "docs/serving.md": FLEXIBLE_DOC, "scripts/train.sh": "srv --max_train_steps 3 --tp 2\n",
    }
    builder = make_repo(files)
    found = {(f.line, f.text): f for f in audit(builder.root, blame=False).findings}
    assert set(found) == {(4, "--sesion-len"), (6, "SRV_FETCH_TIMEOUT"), (6, "SRV_LOG_LEVEL"), (13, "out_feature")}
    # Two variables are as close as each other: the evidence names both, the fix neither.
    tie = found[(6, "SRV_FETCH_TIMEOUT")]
    assert tie.replacement is None and "SRV_IMAGE_FETCH_TIMEOUT" in tie.evidence and "SRV_VIDEO_FETCH_TIMEOUT" in tie.evidence
    # LOG_FILE takes a path: another variable, not a spelling of LOG_LEVEL.
    assert found[(6, "SRV_LOG_LEVEL")].replacement is None
    # `python -m srv` and the console script are one program; the helper's `default=default`
    # is the caller's value, which the reference does not pretend to know.
    assert main(["reference", str(builder.root), "--list-programs"]) == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()] == ["srv"]
    assert main(["reference", str(builder.root), "--program", "srv", "--format", "json"]) == 0
    import json

    rows = {r["flag"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["--session-len"]["default"] == "" and rows["--tp"]["default"] == "1"


def test_a_committed_doc_build_is_not_audited_and_a_tutorials_my_module_is_a_placeholder(make_repo):
    page = "# Server\n\nRun `python serve.py --gone-flag`.\n"
    tutorial = "# Add a router\n\n```python\nfrom pkg.routers.my_router import MyRouter\nfrom pkg.routers.old import Router\nfrom pkg.routers.export_to_yourformat import export\n```\n"
    files = {
        "pkg/__init__.py": "", "pkg/routers/__init__.py": "",
        "serve.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--port')\np.parse_args()\n",
        "docs/server.md": page, "docs/router.md": tutorial,
        # Sphinx's HTML output, committed: its `_sources` are copies of the pages.
        "docs/build/en/objects.inv": "# Sphinx inventory\n", "docs/build/en/_sources/server.md.txt": page,
        "docs/build/en/_sources/server.md": page,
    }
    builder = make_repo(files)
    found = sorted((f.path, f.line, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [("docs/router.md", 5, "pkg.routers.old"), ("docs/server.md", 3, "--gone-flag")]


def test_an_env_var_the_docs_examples_read_is_the_readers(make_repo):
    """logfire's gateway pages: `api_key=os.environ["PKG_GATEWAY_KEY"]` in one example,
    `os.Getenv("PKG_GATEWAY_KEY")` in another, and a troubleshooting page that names it:
    the reader's variable, which the examples read. One no example reads is still judged."""
    example = (
        "# Gateway\n\nSet `PKG_GATEWAY_KEY` first.\n\n```python\nimport os\nkey = os.environ[\"PKG_GATEWAY_KEY\"]\n"
        "os.environ[\"PKG_OLD\"] = \"1\"\n```\n\n```go\nkey := os.Getenv(\"PKG_OTHER_KEY\")\n```\n"
        # rocketry: `EnvArg('ROCKETRY_ENV') >> CliArg('--env')`, the example's own variable.
        "\n```python\nenv_arg = EnvArg('PKG_ENV') >> CliArg('--env')\n```\n\nIt takes `PKG_ENV` first.\n"
    )
    help_page = "# Troubleshooting\n\nIf `PKG_GATEWAY_KEY` or `PKG_OTHER_KEY` is missing, set it. `PKG_TOKEN` is read by the SDK; `PKG_TOKNE` is not.\n"
    code = "import os\n\nTOKEN = os.getenv('PKG_TOKEN')\n"
    builder = make_repo({"pkg/__init__.py": "", "pkg/main.py": code, "docs/gateway.md": example, "docs/help.md": help_page})
    found = sorted((f.path, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [("docs/help.md", "PKG_TOKNE")]


def test_an_env_var_the_page_writes_as_a_stand_in_is_the_readers_value(make_repo):
    """openvla: "Let's say your training run directory is `PRISMATIC_RUN_DIR`", then
    `cd PRISMATIC_RUN_DIR/checkpoints` and `--path <PRISMATIC_RUN_DIR>`: a value to fill in.
    A name the page only sets or reads as `$NAME` is still judged."""
    page = (
        "# Convert\n\nSay your run directory is `PRISMATIC_RUN_DIR`. Then:\n\n"
        "```bash\ncd PRISMATIC_RUN_DIR/checkpoints\npython convert.py --path <PRISMATIC_RUN_DIR>\n```\n\n"
        "Set `PRISMATIC_CACHE_HOME` to move the cache.\n"
    )
    code = "import argparse\nimport os\n\nROOT = os.getenv('PRISMATIC_ROOT')\nparser = argparse.ArgumentParser()\nparser.add_argument('--path')\nparser.parse_args()\n"
    builder = make_repo({"prismatic/__init__.py": "", "convert.py": code, "prismatic/env.py": code, "README.md": page})
    assert [(f.line, f.text) for f in audit(builder.root, blame=False).findings] == [(10, "PRISMATIC_CACHE_HOME")]


def test_an_env_var_the_page_s_commands_expand_is_the_reader_s_shell_variable(make_repo):
    """simclr: "set the following environment variables: `MODEL_DIR=...`", then "set a new
    `MODEL_DIR`" before a command passing `--model_dir=$MODEL_DIR`: the shell fills it in,
    no program reads it. A note; a name no command of the page expands is still judged."""
    page = (
        "# Pretrain\n\nSet the following environment variables:\n\n```\nSIMCLR_MODEL_DIR=$BUCKET/<path>\n```\n\n"
        "Set a new `SIMCLR_MODEL_DIR` and `SIMCLR_CACHE`, then:\n\n```bash\npython run.py --ckpt=$SIMCLR_MODEL_DIR\n```\n"
    )
    code = "import argparse\nimport os\n\nROOT = os.getenv('SIMCLR_ROOT')\nparser = argparse.ArgumentParser()\nparser.add_argument('--ckpt')\nparser.parse_args()\n"
    builder = make_repo({"simclr/__init__.py": "", "run.py": code, "README.md": page})
    found = [(f.text, f.confidence) for f in audit(builder.root, blame=False, config_file=LOW).findings]
    assert found == [("SIMCLR_MODEL_DIR", "low"), ("SIMCLR_CACHE", "medium")]


def test_env_vars_click_builds_from_an_auto_envvar_prefix_are_read(make_repo):
    """flask: `extra["context_settings"].setdefault("auto_envvar_prefix", "FLASK")`: click
    reads FLASK_RUN_PORT for `flask run --port`. A name outside that prefix is still judged."""
    cli = (
        "import os\nimport click\n\nAPP = os.environ.get('FLASK_APP')\n\n\nclass FlaskGroup(click.Group):\n"
        "    def __init__(self, **extra):\n        extra.setdefault('context_settings', {})\n"
        "        extra['context_settings'].setdefault('auto_envvar_prefix', 'FLASK')\n        super().__init__(**extra)\n"
    )
    page = "# CLI\n\nSet `FLASK_RUN_PORT` to choose the port, and `FLASKY_DEBUG` to debug.\n"
    builder = make_repo({"flask/__init__.py": "", "flask/cli.py": cli, "flasky/__init__.py": "", "docs/cli.md": page})
    assert [f.text for f in audit(builder.root, blame=False, config_file=LOW).findings] == ["FLASKY_DEBUG"]


def test_env_vars_a_donfig_config_reads_under_its_name_are_read(make_repo):
    """satpy's `config = Config("satpy", defaults=[{"cache_dir": ...}])` from donfig (dask's
    config library) reads SATPY_CACHE_DIR for `cache_dir`: every setting under the
    prefix. Without donfig, a `Config("x")` call promises no env var."""
    page = "# Config\n\nSet `SATPY_CACHE_DIR` for the cache and `SATPY_TMP_DIR` for scratch.\n"
    for head, expected in (("from donfig import Config\n", []), ("from .base import Config\n", ["SATPY_CACHE_DIR", "SATPY_TMP_DIR"])):
        config = head + "import os\n\nROOT = os.getenv('SATPY_ROOT_CONFIG')\nconfig = Config(\"satpy\", defaults=[{\"cache_dir\": None, \"tmp_dir\": None}])\n"
        builder = make_repo({"satpy/__init__.py": "", "satpy/base.py": "class Config:\n    pass\n", "satpy/_config.py": config, "docs/config.md": page})
        assert [f.text for f in audit(builder.root, blame=False, config_file=LOW).findings] == expected


def test_a_file_a_command_deletes_is_gone_on_purpose(make_repo):
    """networkx's release steps: `git rm doc/release/release_dev.rst`: the step deletes it,
    so it is absent after the release. A path another command names is still judged."""
    page = "# Release\n\n```bash\ngit rm doc/release/release_dev.rst\nrm -rf doc/build/old\ncat doc/release/gone.rst\n```\n"
    builder = make_repo({"doc/release/release_3.6.rst": "x\n", "doc/index.rst": "Docs\n====\n", "doc/developer/release.md": page})
    assert [f.text for f in audit(builder.root, blame=False, config_file=LOW).findings] == ["doc/release/gone.rst"]


def test_a_dotted_name_of_a_folder_of_non_python_files_is_that_folder(make_repo):
    """conda: "This part of the logic can be found in `conda.shell`": conda/shell/ holds
    shell scripts, no Python module. In a code block, or without such a folder, the name
    is still judged."""
    # (pyinstaller: "Use cygwin's `setup.exe`" names Cygwin's installer, beside setup.py.)
    # (DeepLearningExamples: "pass `waveglow.fp16.trt`", a TensorRT engine the reader builds.)
    page = (
        "# Install\n\nThe logic is in `conda.shell`, and in `conda.gone`. Run `setup.exe` first. (`conda.render.pdf` is gone: a module, its package is here.)\n\n```python\nimport conda.shell\n```\n\n"
        "```bash\npython run.py --engine_path=\"conda.fp16.trt\"\n```\n"
    )
    run = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--engine_path')\np.parse_args()\n"
    files = {"conda/__init__.py": "X = 1\n", "conda/render/__init__.py": "", "conda/shell/conda.sh": "echo x\n", "setup.py": "from setuptools import setup\nsetup()\n", "run.py": run, "docs/install.md": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings] == ["conda.gone", "conda.render.pdf", "conda.shell"]


def test_an_env_var_another_tools_config_on_the_page_names_is_that_tools(make_repo):
    page = (
        "# Use with Codex\n\n```toml\n[model_providers.srv]\nbase_url = \"http://localhost:8000/v1\"\n"
        "env_key = \"SRV_API_KEY\"\n```\n\nThen `export SRV_API_KEY=dummy` and run:\n\n"
        "```bash\nexport SRV_API_KEY=dummy\nSRV_API_TOKEN=1 codex\n```\n"
    )
    code = "import os\n\nTOKEN = os.getenv('SRV_TOKEN')\n"
    builder = make_repo({"srv/__init__.py": "", "srv/main.py": code, "docs/codex.md": page})
    found = [(f.line, f.text) for f in audit(builder.root, blame=False).findings]
    assert found == [(13, "SRV_API_TOKEN")]  # named by no config on the page: still judged


def test_a_url_wrapped_in_stray_parentheses_is_no_path_of_the_tree(make_repo):
    doc = "# Data\n\nSee the ([docs]((https://example.org/a/b#load))) and [the guide](docs/gone.md).\n"
    builder = make_repo({"README.md": doc})
    assert [(f.line, f.text) for f in audit(builder.root, blame=False).findings] == [(3, "docs/gone.md")]


def test_a_back_to_top_link_needs_no_heading(make_repo):
    doc = '# Tool\n\n## Usage\n\n<p align="right"><a href="#top">Back to top</a></p>\n\n[Up](#Top) [gone](#install)\n'
    builder = make_repo({"README.md": doc})
    assert [(f.line, f.text) for f in audit(builder.root, blame=False).findings] == [(7, "#install")]


def test_python_names_in_titled_cross_references_and_flag_values_are_checked(make_repo):
    doc = (
        "# Design\n\n"
        "The backend is {py:class}`Worker <pkg.workers.Worker>`, not {py:class}`Old <pkg.old_worker.Worker>`.\n\n"
        "```bash\n--filter-path pkg.filters.pop_first\npython -m pkg.train --reward-path pkg.rewards.gone_fn --config x.yaml\n```\n"
    )
    builder = make_repo({
        "pkg/__init__.py": "", "pkg/workers.py": "class Worker:\n    pass\n", "pkg/filters.py": "def keep_all(x):\n    return x\n",
        "pkg/rewards.py": "def score(x):\n    return 1\n",
        "pkg/train.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--reward-path')\np.add_argument('--config')\np.parse_args()\n",
        "docs/design.md": doc,
    })
    found = sorted((f.line, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [(3, "pkg.old_worker.Worker"), (6, "pkg.filters.pop_first"), (7, "pkg.rewards.gone_fn")]


def test_commands_after_a_cd_into_another_checkout_are_that_trees(make_repo):
    doc = (
        "```bash\npython tools/gone.py\n```\n\n"
        "```bash\ncd ${path_to_CHARM_repo}\npython tools/summarize.py\n```\n\n"
        "```bash\ncd $REPO_ROOT\npython tools/missing.py\n```\n\n"
        "```bash\ncd ~/work\npython tools/mine.py\n```\n\n"
        '```bash\nROOT="$(cd "$(dirname "$0")"/.. && pwd)"\ncd "${ROOT}"\npython tools/lost.py\n```\n'
    )
    builder = make_repo({"tools/run.py": "print(1)\n", "docs/charm.md": doc})
    assert [(f.line, f.text) for f in audit(builder.root, blame=False).findings] == [(2, "tools/gone.py"), (12, "tools/missing.py"), (23, "tools/lost.py")]


def test_hub_ids_with_version_dots_are_no_paths(make_repo):
    doc = "Load `unsloth/Llama-3.1-8B-bnb-4bit`, `unsloth/Qwen2.5-0.5B` or see `unsloth/models/gone.py` and `unsloth/data-prep.yaml`.\n"
    builder = make_repo({"unsloth/__init__.py": "", "docs/m.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["unsloth/models/gone.py", "unsloth/data-prep.yaml"]


def test_a_renamed_headings_anchor_gets_the_one_anchor_it_begins(make_repo):
    doc = "# Guide\n\n- [SFT](#sft)\n\n## SFT distillation\n\ntext\n"
    builder = make_repo({"README.md": doc})
    (found,) = audit(builder.root, blame=False).findings
    assert (found.text, found.replacement) == ("#sft", "#sft-distillation")


def test_a_stale_anchor_s_fix_is_the_heading_its_link_names(make_repo):
    """TinyTroupe: `[Citing TinyTroupe](#how-to-cite-tinytroupe)` where the heading is now
    `## Citing TinyTroupe`; the nearest spelling (`#tinytroupe-`, the title's) is not it.
    A link whose words name no heading keeps the nearest spelling."""
    doc = (
        "# TinyTroupe 🤠\n\n- 📜 [Citing TinyTroupe](#how-to-cite-tinytroupe)\n- [Setup](#instal)\n"
        "- [see **the** `docs` here](https://example.org) and [x](#instalation)\n\n"
        "## Installation\n\ntext\n\n## Citing TinyTroupe\n\ncite\n"
    )
    found = {f.text: f for f in audit(make_repo({"README.md": doc}).root, blame=False).findings}
    assert found["#how-to-cite-tinytroupe"].replacement == "#citing-tinytroupe"
    assert "link's own words" in found["#how-to-cite-tinytroupe"].evidence
    assert found["#instal"].replacement == "#installation" and found["#instalation"].replacement == "#installation"


def test_a_stale_table_of_contents_entry_stands_for_the_section_between_its_neighbours(make_repo):
    """MiDaS: entry 2 of a list of sections, `#run-inference-on-onnx-model-by-using-tensorflow`,
    sits between the entries for sections 1 and 3: its section is the second, now "...
    by using ONNX-Runtime", not the nearest spelling (section 1's). circuit_training's
    `#setup-2`, for the second "Setup" (#setup-1), likewise. A stale entry at a list's
    end, or with two sections between its neighbours, keeps the nearest spelling."""
    doc = (
        "# Inference\n\n1. [Run inference on TensorFlow-model by using TensorFlow](#run-inference-on-tensorflow-model-by-using-tensorflow)\n"
        "2. [Run inference on ONNX-model by using TensorFlow](#run-inference-on-onnx-model-by-using-tensorflow)\n"
        "3. [Make ONNX model from downloaded Pytorch model file](#make-onnx-model-from-downloaded-pytorch-model-file)\n"
        "4. [Requirements](#requirement)\n\n"
        "## Run inference on TensorFlow-model by using TensorFlow\n\nx\n\n### Details\n\nx\n\n"
        "## Run inference on ONNX-model by using ONNX-Runtime\n\nx\n\n"
        "## Make ONNX model from downloaded Pytorch model file\n\nx\n\n## Requirements\n\nx\n\n"
        "- [Setup](#setup)\n- [Setup again](#setup-2)\n- [Use](#use)\n\n## Setup\n\nx\n\n## Setup\n\nx\n\n## Use\n\nx\n"
    )
    found = {f.text: f for f in audit(make_repo({"README.md": doc}).root, blame=False).findings}
    assert found["#run-inference-on-onnx-model-by-using-tensorflow"].replacement == "#run-inference-on-onnx-model-by-using-onnx-runtime"
    assert "list of sections" in found["#run-inference-on-onnx-model-by-using-tensorflow"].evidence
    assert found["#setup-2"].replacement == "#setup-1"
    assert found["#requirement"].replacement == "#requirements" and "list of sections" not in found["#requirement"].evidence


def test_a_path_written_from_the_sub_project_a_doc_belongs_to_resolves(make_repo):
    doc = "# Assets\n\nRun `pytest tests/test_assets.py` from the backend; see `tests/test_gone.py`.\n"
    builder = make_repo({
        "studio/backend/main.py": "print(1)\n", "studio/backend/tests/test_assets.py": "def test_x():\n    pass\n",
        "studio/backend/assets/ui/README.md": doc, "tests/test_other.py": "",
    })
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["tests/test_gone.py"]


def test_an_alias_a_metrics_list_item_names_is_a_metric_too(make_repo):
    code = "import wandb\n\n\ndef log(kl, reward):\n    wandb.log({'objective/kl': kl, 'env/reward_mean': reward})\n"
    doc = (
        "# Logging\n\n## PPO Logging\n\nThe logged metrics:\n\n"
        "1. `env/reward_mean`: the mean reward. Alias `ppo/mean_scores`, used for the reward model.\n"
        "1. `objective/kl`: the KL divergence; see `ppo/policy/entropy` too.\n"
        "1. `objective/kl_coef`: the KL coefficient.\n"
    )
    builder = make_repo({"trainer/__init__.py": "", "trainer/log.py": code, "docs/logging.md": doc})
    found = sorted((f.line, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [(7, "ppo/mean_scores"), (8, "ppo/policy/entropy"), (9, "objective/kl_coef")]


def test_an_open_task_names_what_is_to_be_made(make_repo):
    doc = (
        "# Plan\n\n- [ ] Create `src/pkg/min_server.py` and read `PKG_API_KEY`\n- [] CLI `python -m pkg.min_server`\n"
        "- [x] Created `src/pkg/service.py`\n* [ ] and [the design](design/gone.md)\n"
    )
    builder = make_repo({"pkg/__init__.py": "", "src/pkg/__init__.py": "", "docs/tasks.md": doc})
    assert sorted(f.text for f in audit(builder.root, blame=False).findings) == ["design/gone.md", "src/pkg/service.py"]


def test_a_module_run_from_a_folder_above_the_script_is_found_there(make_repo):
    script = "#!/bin/bash\npython -m tests.test_moe\npython -m tests.test_gone\nEXECUTABLE=test_moe\npython -m tests.$EXECUTABLE\npython -m tests.\"${EXECUTABLE}\"\n"
    builder = make_repo({
        "tests/__init__.py": "", "pkg/__init__.py": "", "pkg/moe/tests/__init__.py": "",
        "pkg/moe/tests/test_moe.py": "def test_x():\n    pass\n", "pkg/moe/tests/run.sh": script,
    })
    # A module the script picks at run time (`$EXECUTABLE`) is no name to look up.
    assert [(f.line, f.text) for f in audit(builder.root, blame=False).findings] == [(3, "tests.test_gone")]


def test_doc_builder_autodoc_targets_are_anchors_with_their_members(make_repo):
    reference = "# LoRA\n\n## LoraModel\n\n[[autodoc]] tuners.lora.LoraModel\n    - all\n\n[[autodoc]] PeftMixedModel\n"
    guide = (
        "# Guide\n\n"
        "See [LoraModel](./lora#peft.LoraModel), [merge](./lora#peft.LoraModel.add_weighted_adapter),\n"
        "[mixed](./lora#peft.PeftMixedModel) and [gone](./lora#peft.NoSuchModel).\n"
    )
    builder = make_repo({"peft/__init__.py": "", "docs/source/lora.md": reference, "docs/source/guide.md": guide})
    stale = [(f.line, f.text) for f in audit(builder.root, blame=False).findings]
    assert stale == [(4, "#peft.NoSuchModel")]


def test_a_same_named_subclass_of_another_packages_class_does_not_bound_its_fields(make_repo):
    example = "import transformers\nfrom dataclasses import dataclass, field\n\n\n@dataclass\nclass TrainingArguments(transformers.TrainingArguments):\n    data_path: str = field(default=None)\n"
    doc = "# Train\n\n```py\nfrom transformers import TrainingArguments\nargs = TrainingArguments(output_dir='x', learning_rate=1e-3)\n```\n\nSee `lm/models/__init__.py!`\n"
    builder = make_repo({"lm/__init__.py": "", "lm/models/__init__.py": "", "examples/train.py": example, "docs/train.md": doc})
    assert audit(builder.root, blame=False).findings == []


def test_a_subclass_of_a_base_imported_by_name_from_another_package_takes_its_fields(make_repo):
    """Transformers4Rec: `from transformers import TrainingArguments`, then
    `class T4RecTrainingArguments(TrainingArguments)`: `output_dir=` is the base's field,
    though an example here defines a class of that name on top of it. A dataclass whose
    bases are all here is still judged."""
    config = (
        "from dataclasses import dataclass, field\n\nfrom transformers import TrainingArguments\n\n\n"
        "@dataclass\nclass T4RecTrainingArguments(TrainingArguments):\n    max_sequence_length: int = field(default=None)\n\n\n"
        "@dataclass\nclass Local:\n    size: int = 1\n"
    )
    doc = (
        "# Train\n\n```python\nfrom t4r.config import T4RecTrainingArguments, Local\n"
        "args = T4RecTrainingArguments(output_dir='./tmp', max_sequence_length=20)\nlocal = Local(sise=2)\n```\n"
    )
    example = "from dataclasses import dataclass\n\nfrom t4r.config import T4RecTrainingArguments\n\n\n@dataclass\nclass TrainingArguments(T4RecTrainingArguments):\n    paper: bool = False\n"
    builder = make_repo({"t4r/__init__.py": "", "t4r/config.py": config, "examples/exp_args.py": example, "docs/train.md": doc})
    assert [(f.text, f.replacement) for f in audit(builder.root, blame=False).findings] == [("sise", "size")]


def test_names_a_training_framework_logs_under_its_own_namespaces_are_not_judged(make_repo):
    trainer = "import wandb\nfrom trl import DPOTrainer\n\n\ndef log(m):\n    wandb.log({'rewards/own_metric': m, 'train/loss': m})\n"
    doc = "# DPO\n\nWatch `rewards/accuracies` and `rewards/margins` (TRL's), and `train/los`.\n"
    builder = make_repo({"trainer.py": trainer, "docs/dpo.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["train/los"]


def test_a_translation_linking_to_a_page_only_the_english_tree_has(make_repo):
    files = {
        "docs/source/en/index.md": "# Home\n\nSee [schedulers](api/schedulers) and [philosophy](philosophy#simple-over-easy).\n",
        "docs/source/en/api/schedulers.md": "# Schedulers\n",
        "docs/source/en/philosophy.md": "# Philosophy\n\n## Simple over easy [[simple-over-easy]]\n",
        "docs/source/zh/index.md": (
            "# 首页\n\n见 [调度器](api/schedulers) 和 [哲学](philosophy#simple-over-easy)、[旧](philosophy#simpleover-easy)。\n\n"
            "还有 [不存在](api/nowhere)。\n"
        ),
        "docs/source/zh/philosophy.md": "# 哲学 [[philosophy]]\n\n## 简单胜过容易 [[simple-over-easy]]\n",
    }
    result = audit(make_repo(files).root, blame=False)
    shown = sorted((f.path, f.line, f.rule, f.text, f.confidence) for f in result.findings)
    # The untranslated page is the English tree's (a low note, hidden by default); a page in
    # no language is stale; doc-builder's `[[id]]` is the heading's anchor, so only the
    # misspelt one is broken, and its suggestion is the explicit anchor.
    assert shown == [
        ("docs/source/zh/index.md", 3, "DRIFT008", "#simpleover-easy", "high"),
        ("docs/source/zh/index.md", 5, "DRIFT001", "api/nowhere", "high"),
    ]
    assert next(f for f in result.findings if f.rule == "DRIFT008").replacement == "#simple-over-easy"


def test_an_untranslated_page_is_a_low_note(make_repo):
    files = {
        "docs/source/en/api/schedulers.md": "# Schedulers\n",
        "docs/source/ko/index.md": "# 홈\n\n[스케줄러](api/schedulers)\n",
        "pyproject.toml": '[tool.drift]\nmin_confidence = "low"\n',
    }
    found = [(f.line, f.text, f.confidence, f.message) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(3, "api/schedulers", "low", "page api/schedulers is not translated")]


def test_names_the_reader_is_asked_to_write_are_not_stale_symbols(make_repo):
    files = {
        "pkg/__init__.py": "",
        "pkg/robots/__init__.py": "",
        "pkg/processor.py": "class Step:\n    pass\n",
        "docs/extend.md": (
            "# Your own robot\n\n```python\nfrom pkg.robots.myrobot import MyRobotConfig\n"
            "from pkg.processor import MyBenchmarkStep\nfrom pkg.processor import Stepper\n```\n"
            # iGibson: "Explore other examples by executing `python -m pkg.robots.XXXX`".
            "\nExplore other examples by executing `python -m pkg.robots.XXXX`, or `python -m pkg.robots.gone`.\n"
            # hloc: "called from the command line with: `python -m hloc.name_of_script --arg1 --arg2`".
            "\nOr call `python -m pkg.robots.name_of_script --arg1`.\n"
            # tango: "creating a new submodule `tango.integrations.name_of_integration`".
            "\nCreate a new submodule `pkg.robots.name_of_integration` for your robot.\n"
        ),
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005"]
    assert found == [(6, "pkg.processor.Stepper"), (9, "pkg.robots.gone")]


def test_a_missing_file_beside_one_of_nearly_its_name_gets_that_name_as_suggestion(make_repo):
    files = {
        "tests/numerical_tests_example.py": "",
        "requirements/requirements-transformerengine.txt": "",
        "docs/OnlineTraining.MD": "# x\n",
        "docs/reference/python_client/index.md": "# Client\n",
        "pkg/projects/xinstruct_blip/train/a.yaml": "x: 1\n",
        "docs/reference/python_client/client.md": "# Client API\n",
        "docs/sa_03_iso_correctness.ipynb": "{}\n",
        "docs/01_introduction.ipynb": "{}\n",
        "docs/guide.md": (
            "# Guide\n\nRun `tests/numerical_test_example.py`, read [online](online_training.md) and [gone](nothing_like_it.md).\n\n"
            # devito: another item of a numbered series is no fix; the same number written shorter is.
            "Notebooks: [vti](sa_12_vti_correctness.ipynb), [intro](1_introduction.ipynb).\n\n"
            "Install `requirements/requirements-transformer-engine.txt`. See [the client](reference/python_client.md).\n\n"
            "Configs are in `pkg/projects/xinstructblip/train`.\n"
        ),
    }
    found = {f.text: (f.replacement, f.certain) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"}
    assert found == {
        "tests/numerical_test_example.py": ("tests/numerical_tests_example.py", False),
        "requirements/requirements-transformer-engine.txt": ("requirements/requirements-transformerengine.txt", False),
        "online_training.md": ("OnlineTraining.MD", False),
        "nothing_like_it.md": (None, False),
        "sa_12_vti_correctness.ipynb": (None, False),
        "1_introduction.ipynb": ("01_introduction.ipynb", False),
        # A page split into a folder of pages: its index, not the folder.
        "reference/python_client.md": ("reference/python_client/index.md", False),
        # The same path but for an underscore along the way.
        "pkg/projects/xinstructblip/train": ("pkg/projects/xinstruct_blip/train", False),
    }


def test_a_file_in_another_language_beside_a_missing_one_is_no_suggestion(make_repo):
    """TurboTransformers: `[[Python]](example/bert_example.py) [[C++]](example/bert_example.cpp)`:
    the C++ example is gone, and the Python one beside it is another program, not its fix.
    `bert_exmaple.py` still gets bert_example.py."""
    files = {"example/bert_example.py": "", "README.md": "# Turbo\n\n[[Python]](example/bert_example.py) [[C++]](example/bert_example.cpp) [[typo]](example/bert_exmaple.py)\n"}
    found = {f.text: f.replacement for f in audit(make_repo(files).root, blame=False).findings}
    assert found == {"example/bert_example.cpp": None, "example/bert_exmaple.py": "example/bert_example.py"}


def test_a_program_the_build_makes_from_a_source_beside_it_is_no_missing_file(make_repo):
    """cutlass: `./examples/95_gemm/95_gemm --m=8192` runs what CMake builds from 95_gemm.cu,
    and `13_fused_two_convs_sm75` what it builds from fused_two_convs_sm75.cu. Without a
    build file in that folder, or without such a source, the path is still missing."""
    files = {
        "examples/95_gemm/CMakeLists.txt": "cutlass_example_add_executable(95_gemm 95_gemm.cu)\n", "examples/95_gemm/95_gemm.cu": "int main() {}\n",
        "examples/13_fusion/CMakeLists.txt": "foreach(X fused_two_convs_sm75)\n  cutlass_example_add_executable(13_${X} ${X}.cu)\nendforeach()\n",
        "examples/13_fusion/fused_two_convs_sm75.cu": "int main() {}\n", "examples/7_plain/7_plain.cu": "int main() {}\n",
        # nixl: meson builds `mooncake_backend_test` from mooncake_backend_test.cpp.
        "test/unit/mooncake/meson.build": "executable('mooncake_backend_test', 'mooncake_backend_test.cpp')\n",
        "test/unit/mooncake/mooncake_backend_test.cpp": "int main() {}\n",
        "README.md": (
            "# Examples\n\nRun `examples/95_gemm/95_gemm`, `examples/13_fusion/13_fused_two_convs_sm75`,\n"
            "`examples/13_fusion/13_fused_two_gemms_sm75` and `examples/7_plain/7_plain`.\n"
            "Test with `test/unit/mooncake/mooncake_backend_test`.\n"
        ),
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"]
    assert found == ["examples/13_fusion/13_fused_two_gemms_sm75", "examples/7_plain/7_plain"]


def test_a_binary_a_build_compiles_from_a_source_beside_it_is_no_missing_file(make_repo):
    """camelot: "a wheel whose `camelot/utils.so` exists" names what mypyc compiles from
    camelot/utils.py; `_ops.cpython-312-x86_64-linux-gnu.so` and `libkernel.so` are built
    from _ops.pyx and kernel.cu. A binary with no source of its stem is still missing."""
    files = {
        "camelot/utils.py": "def f():\n    pass\n", "pkg/_ops.pyx": "", "csrc/kernel.cu": "",
        "README.md": (
            "# Speed\n\nThe wheel ships `camelot/utils.so`, `pkg/_ops.cpython-312-x86_64-linux-gnu.so`\n"
            "and `csrc/libkernel.so`, but not `camelot/parsers.so` or `pkg/data.pkl`.\n"
        ),
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"]
    assert found == ["camelot/parsers.so", "pkg/data.pkl"]


def test_a_version_file_pyproject_has_the_build_write_is_no_missing_file(make_repo):
    """boost-histogram's AGENTS.md: "generated at build time into `boost_histogram/version.py`
    (do not commit/edit it)", which `[[tool.scikit-build.generate]] path = ...` writes;
    setuptools_scm's `version_file` likewise. Another file of that folder is still missing."""
    pyproject = (
        '[project]\nname = "bh"\ndynamic = ["version"]\n\n[tool.setuptools_scm]\nversion_file = "src/other/_version.py"\n\n'
        '[[tool.scikit-build.generate]]\npath = "bh/version.py"\ntemplate = \'\'\'\n__version__ = "$version"\n\'\'\'\n'
    )
    files = {
        "pyproject.toml": pyproject, "src/bh/__init__.py": "", "src/other/__init__.py": "",
        "AGENTS.md": "# Agents\n\nThe version is generated at build time into\n`bh/version.py` (do not commit it), and `src/other/_version.py`; see `src/bh/gone.py`.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"]
    assert found == ["src/bh/gone.py"]


def test_the_reader_s_copy_of_a_template_the_tree_ships_is_no_missing_file(make_repo):
    """flyte's dataproxy: "Create a configuration file based on `config/config.example.yaml`",
    then `go run cmd/main.go --config config/config.yaml`: the reader's copy. `.env` beside
    .env.sample and `settings.py` beside settings_template.py too; `config/other.yaml`, which
    no template stands for, is still missing, and so is a link to the copy."""
    files = {
        "svc/config/config.example.yaml": "port: 1\n", "svc/.env.sample": "A=1\n", "settings_template.py": "A = 1\n",
        "svc/README.md": (
            "# Svc\n\n1. Create a configuration file based on `config/config.example.yaml`\n2. Run the service:\n\n"
            "```bash\ngo run cmd/main.go --config config/config.yaml\nsource .env\npython ../settings.py\n"
            "go run cmd/main.go --config config/other.yaml\n```\n\nSee [the config](config/config.yaml).\n"
        ),
        "cmd/main.go": "package main\n",
    }
    found = sorted((f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001")
    assert found == [(10, "config/other.yaml"), (13, "config/config.yaml")]


def test_where_the_page_has_the_reader_copy_a_folder_to_is_theirs_to_make(make_repo):
    """SAELens' scripts/ansible/README.md: "Make sure you've copied the latest
    `scripts/ansible/configs-example` to `scripts/ansible/config`": the copy is the
    reader's to make (a note), while the misspelt source is a missing folder."""
    files = {
        "scripts/ansible/configs_example/dev.yml": "a: 1\n", "scripts/ansible/run.yml": "a: 1\n",
        "scripts/ansible/README.md": "# Ansible\n\n1) Make sure you've copied the latest `scripts/ansible/configs-example` to `scripts/ansible/config`.\n",
    }
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"}
    assert found == {"scripts/ansible/configs-example": "high", "scripts/ansible/config": "low"}


def test_a_path_the_page_calls_the_reader_s_own_is_a_note(make_repo):
    """flyte's boilerplate pages: "Add ``flyteorg/docker_build`` to your ``boilerplate/update.cfg``
    file": a file of the reader's project, which this repository need not hold. Named plainly,
    it is a missing file."""
    files = {
        "boilerplate/update.sh": "echo\n",
        "boilerplate/docker/Readme.rst": "Docker\n======\n\nAdd ``flyteorg/docker_build`` to your ``boilerplate/update.cfg`` file.\n",
        "boilerplate/go/Readme.rst": "Go\n==\n\nThe list is in ``boilerplate/targets.cfg``.\n",
    }
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"}
    assert found == {"boilerplate/update.cfg": "low", "boilerplate/targets.cfg": "medium"}


def test_an_option_of_a_build_tool_the_page_runs_inline_is_that_tool_s(make_repo):
    """cutlass: "one can run `cmake --build . --config Release -j 4`", then "The `--config`
    option specifies the kind of build": cmake's, not a slip for a script's `--configs`.
    `--confgis`, which no command of the page shows, still is."""
    bench = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--configs')\np.parse_args()\n"
    page = "# Build\n\nOne can run `cmake --build . --config Release -j 4`.\n\nThe `--config` option sets the kind of build. See `--confgis`.\n"
    found = [f.text for f in audit(make_repo({"bench.py": bench, "docs/build.md": page}).root, blame=False, config_file=LOW).findings]
    assert found == ["--confgis"]


def test_an_installer_s_option_the_page_runs_inline_is_the_installer_s(make_repo):
    """spikingjelly: "`uv pip install --editable . --group dev`", then "The argument
    `--group dev` installs all development tools": uv's option, not a slip for a benchmark
    script's `--group-by`. Where the repository is the installer, its options are its own."""
    bench = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--group-by')\np.parse_args()\n"
    page = "# Contributing\n\nInstall it: `uv pip install --editable . --group dev`.\n\n- The argument `--group dev` installs the dev tools.\n- See `--grop-by`.\n"
    found = [f.text for f in audit(make_repo({"bench.py": bench, "CONTRIBUTING.md": page}).root, blame=False).findings]
    assert found == ["--grop-by"]
    own = "[project]\nname = 'uv'\n[project.scripts]\nuv = 'bench:main'\n"
    found = [f.text for f in audit(make_repo({"bench.py": bench, "CONTRIBUTING.md": page, "pyproject.toml": own}).root, blame=False).findings]
    assert "--editable" in found  # (its own `uv pip install` defines no such option)


def test_a_module_the_package_s_own_code_imports_is_there_at_run_time(make_repo):
    """cutlass: `from cutlass._mlir import ir`, as the package's own modules import it: the
    build puts the MLIR bindings there, though the tree has no cutlass/_mlir/. A module
    one test imports, or none, is still unknown."""
    files = {
        "cutlass/__init__.py": "from cutlass._impl import Stage\n", "cutlass/base.py": "from cutlass._mlir import ir\nfrom cutlass import Stage\n",
        "cutlass/ops.py": "from cutlass._mlir.dialects import arith\nfrom cutlass import Stage\n", "cutlass/_impl.py": "class Stage:\n    pass\n",
        "tests/test_x.py": "import cutlass._gone\nimport cutlass._gone.more\n",
        "README.md": "# DSL\n\n```python\nfrom cutlass._mlir import ir\nfrom cutlass._gone import x\nimport cutlass._other\nfrom cutlass.Stage import Stage\n```\n",
    }
    # (PiPPy: `from pippy import PipelineStage` in two files names a class, not a module
    # `pippy.PipelineStage`, which the page still imports from.)
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"]
    assert found == ["cutlass._gone", "cutlass._other", "cutlass.Stage"]


def test_a_file_the_page_links_for_download_is_the_reader_s(make_repo):
    doc = (
        "# Record\n\nAn example of the config file is [here](https://huggingface.co/datasets/org/files/blob/main/env_config.json):\n\n"
        "```bash\npython -m pkg.record --config_path pkg/configs/env_config.json\npython -m pkg.record --config_path pkg/configs/train.json\n```\n"
    )
    files = {"pkg/__init__.py": "", "pkg/record.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--config_path')\np.parse_args()\n", "pkg/configs/base.json": "{}", "docs/record.md": doc}
    found = [(f.line, f.text) for f in audit(make_repo(files, removed=('pkg/configs/train.json',)).root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == [(7, "pkg/configs/train.json")]


def test_a_doc_linked_back_by_a_symlink_has_its_links_read_from_there_too(make_repo):
    import os

    files = {
        "src/pkg/policies/pi0/__init__.py": "",
        "src/pkg/policies/rtc/__init__.py": "",
        "docs/source/rtc.md": "# RTC\n\nWorks with [pi0](../pi0/) but not [gone](../gone/).\n",
    }
    builder = make_repo(files)
    os.symlink("../../../../docs/source/rtc.md", builder.root / "src/pkg/policies/rtc/README.md")
    builder.repo.index.add(["src/pkg/policies/rtc/README.md"])
    builder.repo.index.commit("link the README back")
    found = [(f.line, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == [(3, "../gone/")]


def test_a_page_that_says_its_code_has_not_landed_is_low_and_noted(make_repo):
    tools = (
        "# Tools\n\nThe registry lives in `pkg/tools/registry.py` and the runner in `pkg/tools/run.py`.\n\n"
        "> Those modules don't yet exist in the tree: the implementation is open at #1234.\n"
    )
    soon = "# Cell model\n\n:warning: This is just the README, the code is coming soon (in July 2025).\n\nRun `pkg/run/linear_cell.py`.\n"
    # solara's docs/design/: "**Status:** proposal, revision 2" under the title.
    design = "# Design: state in Redis\n\n**Status:** proposal, revision 2\n**Date:** 2026-07-02\n\nAdd `pkg/server/state/redis.py`.\n"
    # VeOmni's docs/design/: a "## Status" section that opens "**Historical proposal**", naming an env var.
    registry = "# Kernel registry\n\n## Status\n\n**Historical proposal** | 2026-03-16\n\n## Problem\n\nSet `PKG_ENABLE_CHUNK_LOSS=1`.\n"
    # nibabel's BIAPs: an RST field list, ":Status: Draft".
    biap = ".. _biap7:\n\n#####\nBIAP7\n#####\n\n:Author: M. B.\n:Status: Draft\n:Type: Standards\n\nAdd ``pkg.load_multi``, in ``pkg/multi.py``.\n"
    files = {"pkg/__init__.py": "", "docs/tools.md": tools, "docs/soon.md": soon, "docs/design.md": design, "docs/registry.md": registry, "docs/biap_0007.rst": biap, "docs/other.md": "# Other\n\nSee `pkg/gone.py`.\n\n## Review\n\nStatus: proposal.\n"}
    result = audit(make_repo(files, removed=('pkg/gone.py',)).root, blame=False)
    assert [(f.path, f.text) for f in result.findings] == [("docs/other.md", "pkg/gone.py")]
    assert "line 3 says the page describes code not in the tree yet" in result.notes["docs/design.md"][0]
    assert "line 3 says the page describes code not in the tree yet" in result.notes["docs/registry.md"][0]
    assert "line 8 says the page describes code not in the tree yet" in result.notes["docs/biap_0007.rst"][0]
    (note,) = result.notes["docs/tools.md"]
    assert "line 5 says the page describes code not in the tree yet" in note and "2 finding(s)" in note
    assert "line 3 says the page describes code not in the tree yet" in result.notes["docs/soon.md"][0]


def test_open_task_lists_and_proposals_titled_in_other_languages_describe_the_plan(make_repo):
    """underthesea's docs/research/: `04-roadmap.md` ("# Agent Simulation — Roadmap", then
    tasks none of which is done) and "# Các hướng phát triển Agent Harness" (directions of
    development, with its "Đề xuất" proposals) import modules still to be built. A guide
    importing the same missing module is judged, and so is a roadmap whose tasks are done
    (picard's, below)."""
    code = "```python\nfrom pkg.agent.simulation import Scenario\n```\n"
    tasks = "".join(f"- [ ] `Task{n}` with a loader\n" for n in range(5))
    files = {
        "pkg/__init__.py": "", "pkg/agent/__init__.py": "",
        "docs/research/sim/04-roadmap.md": "# Agent Simulation — Roadmap\n\n## Phase 1\n\n" + tasks + "\n" + code,
        "docs/research/done/04-roadmap.md": "# Agent — Roadmap\n\n## Phase 1\n\n" + tasks.replace("[ ]", "[x]") + "- [ ] `Last` task\n\n" + code,
        "docs/research/directions.md": "# Các hướng phát triển Agent Harness\n\n## Phân tích hiện trạng & Đề xuất\n\n" + code,
        "docs/guide.md": "# Guide\n\n" + code,
    }
    assert [f.path for f in audit(make_repo(files).root, blame=False).findings] == ["docs/guide.md", "docs/research/done/04-roadmap.md"]


def test_a_plans_working_records_describe_the_plan_not_the_tree(make_repo):
    """pipenv's docs/dev/: design proposals awaiting sign-off, a PRD whose status table says
    Draft, a triage that calls itself the working record: the files they name are the
    plan's (kept, deleted or to be made). A page that says it is reference stays audited."""
    pages = {
        "docs/dev/e-design.md": "# Initiative E\n\nStatus: **awaiting maintainer sign-off**. No code moves until approved.\n\nDelete `pkg/legacy.py`.\n",
        "docs/dev/c-design.md": "# Initiative C \u2014 `Context` Design Proposal (T_C.3)\n\nIt groups parameters.\n\nSee `pkg/legacy.py`.\n",
        "docs/dev/prd.md": "# Modernization PRD\n\n| Field | Value |\n| --- | --- |\n| Status | Draft |\n\nRetire `pkg/legacy.py`.\n",
        "docs/dev/triage.md": "# Triage\n\nEach symbol is adopt or delete; the per-symbol audit below is the working record.\n\n| `a` | `pkg/legacy.py` | delete |\n",
        "docs/dev/inventory.md": "# Inventory\n\nCounts captured on 2026-05-12 against the working branch.\n\nSee `pkg/legacy.py`.\n",
        # pipenv's initiative-g: part shipped, the rest "awaiting maintainer sign-off".
        "docs/dev/g-design.md": "# Initiative G\n\nStatus: **Phases 1 + 2 shipped;\nphases 3-4 awaiting maintainer sign-off.**\n\nA new backend (`pkg/legacy.py`).\n",
        # pymoo's IMPROVEMENTS.md: "> ... This document is the **action\n> plan**."
        "IMPROVEMENTS.md": "# Improvements\n\n> Companion to the analysis. This document is the **action\n> plan**.\n\nThe code is in `pkg/legacy.py`.\n",
        # langroid's issues/html-logger-implementation.md: the plan names where the module will go.
        "issues/html-logger-implementation.md": "# HTML Logger Implementation Plan\n\n## Overview\n\nThe logger lives in `pkg/legacy.py`.\n",
        "docs/dev/protocol.md": "# Protocol\n\n> Status: reference documentation.\n\nThe resolver is `pkg/legacy.py`.\n",
        # A release checklist's open items are chores on the tree as it is.
        "RELEASING.md": "# Releasing\n\n- [ ] Add the notes to `CHANGES.md`.\n- [ ] Add a tag.\n- [ ] Bump `pkg/legacy.py`.\n",
        # levanter's .agents/projects/inference.md: open task items that would make the files.
        ".agents/projects/serve.md": "# Server\n\n## Progress\n\n- [ ] **Scaffold**\n  - [ ] Create `pkg/serve.py` exposing `app`.\n  - [ ] Implement `GET /healthz`.\n\n## Acceptance\n\nRun `python -m pkg.serve.min_server`; the code is in `pkg/legacy.py`.\n",
    }
    result = audit(make_repo({"pkg/__init__.py": "", **pages}).root, blame=False, config_file=LOW)
    planned = {f.path for f in result.findings if "describes code not in the tree yet" in f.evidence}
    assert planned == set(pages) - {"docs/dev/protocol.md", "RELEASING.md"}
    for page in pages:
        if page not in ("docs/dev/protocol.md", "RELEASING.md"):
            assert "says the page describes code not in the tree yet" in result.notes[page][0], page


def test_a_smart_dash_before_a_long_option_stands_for_two_hyphens(make_repo):
    files = {
        "serve.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--enable-prefix-caching', action='store_true')\np.parse_args()\n",
        "docs/serve.md": "# Serve\n\n`python serve.py \u2014enable-prefix-caching`\n",
        # Open-Sora-Plan's docs/VAE.md: a folder tree drawn in a shell block with em dashes.
        "docs/data.md": "# Data\n\n```shell\nTraining Dataset\n|\u2014\u2014sub_dataset1\n    |\u2014\u2014video1.mp4\n```\n\n```bash\npython serve.py \\\n    \u2014\u2014enable-prefix-caching\n```\n",
        "docs/api.md": "# API\n\nSee `pkg.path.to.module` and the [notebook](../examples/resume.html).\n",
        "examples/resume.ipynb": "{}",
    }
    findings = audit(make_repo(files).root, blame=False).findings
    dash, continued = sorted((f for f in findings if f.rule == "DRIFT010"), key=lambda f: f.path, reverse=True)
    assert dash.replacement.endswith("--enable-prefix-caching") and "\u2014" not in dash.replacement
    assert (continued.path, continued.line) == ("docs/data.md", 10)
    assert [f for f in findings if f.path == "docs/api.md"] == []


def test_a_page_that_names_a_package_folder_may_write_paths_from_there(make_repo):
    files = {
        "src/robot/__init__.py": "",
        "src/robot/utils/import_utils.py": "",
        "AGENTS.md": "# Agents\n\n## Architecture (`src/robot/`)\n\n- `utils/import_utils.py`: optional imports\n- `utils/gone.py`: more helpers\n",
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == [(6, "utils/gone.py")]


def test_a_link_whose_text_is_its_missing_target_is_one_finding(make_repo):
    files = {"yamls/pretrain/a.yaml": "", "README.md": "# x\n\nSee [`yamls/pretraining/mpt.yaml`](./yamls/pretraining/mpt.yaml).\n"}
    found = [(f.line, f.text.removeprefix("./")) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(3, "yamls/pretraining/mpt.yaml")]


def test_help_is_an_option_of_every_command_even_one_whose_parser_drift_cannot_see(make_repo):
    """`optimum-cli export onnx --help`: its commands register themselves from plugin
    packages, so drift sees no parser and judges against the repository's flags."""
    cli = "from .registry import run_commands\n\n\ndef main():\n    run_commands()\n"
    other = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--verbose')\np.parse_args()\n"
    pyproject = '[project]\nname = "tool"\nversion = "1"\n\n[project.scripts]\ntool-cli = "tool.cli:main"\n'
    doc = "# Tool\n\n```bash\ntool-cli export onnx --help\npython scripts/bench.py --verbos\n```\n"
    builder = make_repo({"pyproject.toml": pyproject, "tool/__init__.py": "", "tool/cli.py": cli, "tool/registry.py": "def run_commands():\n    pass\n", "scripts/bench.py": other, "README.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"] == ["--verbos"]


def test_namespace_packages_are_modules_and_other_distributions_may_add_to_them(make_repo):
    """optimum has no __init__.py (PEP 420): `optimum.exporters` is a module, and
    `optimum.onnxruntime` may come from another distribution; a class needs a module."""
    files = {
        "optimum/exporters/tasks.py": "class TasksManager:\n    pass\n",
        "optimum/commands/base.py": "class BaseCommand:\n    pass\n",
        "optimum/commands/env.py": "from .base import BaseCommand\n\n\nclass EnvCommand(BaseCommand):\n    pass\n",
        "optimum/utils/__init__.py": "from optimum.exporters.tasks import TasksManager\n",
        "docs/index.md": "# API\n\n- `optimum.exporters`\n- `optimum.exporters.tasks.TasksManager`\n- `optimum.onnxruntime.ORTModel`\n- `optimum.commands.BaseCommand`\n",
    }
    builder = make_repo(files)
    found = [(f.text, f.replacement) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT005"]
    assert found == [("optimum.commands.BaseCommand", "optimum.commands.base.BaseCommand")]


def test_mkdocs_pages_are_folders_so_url_links_resolve_from_the_page_itself(make_repo):
    """mkdocs (use_directory_urls) serves docs/guide/setup.md at /guide/setup/: the link
    `../install/` written on that page means docs/guide/install.md."""
    files = {
        "mkdocs.yml": "site_name: x\n",
        "docs/guide/setup.md": "# Setup\n\nSee [install](../install/) and [gone](../removed/) and [src](../../tool.py).\n",
        "docs/guide/install.md": "# Install\n",
        "tool.py": "x = 1\n",
    }
    builder = make_repo(files)
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"] == ["../removed/"]
    # Without mkdocs the same page is read as GitHub renders it: ../install/ is docs/install,
    # broken there, though right where some site serves the page as a folder: a note.
    builder.commit({}, "no site", remove=("mkdocs.yml",))
    found = {(f.text, f.confidence) for f in audit(builder.root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"}
    assert found == {("../install/", "low"), ("../removed/", "high")}


def test_a_file_the_page_tells_the_reader_to_create_is_not_a_stale_path(make_repo):
    doc = (
        "# Custom runs\n\n"
        "Create a new file `configs/my_run.yaml` with your settings.\n\n"
        "- Create a file `xxx.mdx` or under `./source/model_doc` (copy an existing one).\n\n"
        "Save the script as `scripts/launch_mine.sh`; `outputs/summary.json` will be created.\n\n"
        "The program will be written to `outputs/run1/program.py`, the inputs as JSON files to `outputs/run1/inputs/`.\n\n"
        "If `--output_dir` is not given, you can find the reconstructed image at `test_data/reconstructions/image.png`.\n\n"
        "You can find the script at `scripts/gone.sh`.\n\n"
        "3. Place your task script in [`pkg/environments/customenv/common.py`](pkg/environments).\n\n"
        "The defaults live in `configs/default.yaml`, and `configs/base.yaml` holds the rest.\n"
    )
    files = {"configs/default.yaml": "a: 1\n", "scripts/run.sh": "echo\n", "outputs/.keep": "", "source/index.mdx": "x\n", "test_data/image.png": b"\x89PNG", "pkg/environments/__init__.py": "", "README.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == ["scripts/gone.sh", "configs/base.yaml"]


def test_a_build_option_the_cmake_files_define_is_no_lost_env_var(make_repo):
    """fairseq2's `FAIRSEQ2N_USE_CUDA` is a CMake `option()`, passed as -D: not an env var."""
    files = {
        "tool/__init__.py": "import os\n\nHOME = os.environ.get('TOOL_HOME', '~')\n",
        "native/CMakeLists.txt": 'option(TOOL_USE_CUDA "Build the CUDA kernels." OFF)\n',
        # FunASR's server Dockerfile reads its port from the environment.
        "runtime/Dockerfile": "FROM python:3.11\nCMD python server.py --port ${TOOL_PORT:-8000}\n",
        "README.md": "# Build\n\nTurn on the `TOOL_USE_CUDA` option, set `TOOL_PORT` for the server, and set `TOOL_HOMEDIR` to move the cache.\n",
    }
    builder = make_repo(files)
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT003"] == ["TOOL_HOMEDIR"]


def test_a_virtual_environment_the_page_makes_is_no_repository_path(make_repo):
    """`uv venv torchrl` then `source torchrl/bin/activate`, where torchrl/ is the package."""
    doc = (
        "# Setup\n\n```bash\nuv venv torchrl --python 3.12\nsource torchrl/bin/activate\n"
        "python -m venv env2\nsource env2/bin/activate\npython torchrl/train.py\n```\n\n"
        "The tests are in `test/test_envs.py`; `tool/test_envs.py` is not.\n"
    )
    files = {"torchrl/__init__.py": "", "torchrl/run.py": "x = 1\n", "test/test_envs.py": "", "tool/__init__.py": "", "README.md": doc}
    builder = make_repo(files)
    assert sorted(f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001") == ["tool/test_envs.py", "torchrl/train.py"]


def test_a_missing_file_under_a_logged_namespace_is_a_path_not_a_metric(make_repo):
    """torchrl logs `test/...` metrics; `test/test_services.py` is still a file name."""
    code = "import wandb\n\n\ndef log(r):\n    wandb.log({'test/reward': r})\n"
    doc = "# Tests\n\n- `test/reward` is logged.\n- `test/test_services.py` has the tests.\n"
    builder = make_repo({"pkg/__init__.py": "", "pkg/log.py": code, "test/test_envs.py": "", "README.md": doc})
    assert [(f.rule, f.text) for f in audit(builder.root, blame=False).findings] == [("DRIFT001", "test/test_services.py")]


def test_file_names_that_show_a_pattern_are_examples(make_repo):
    doc = "# Flaky tests\n\n```bash\n# Add your specific test here:\npytest test/test_file.py::TestClass::test_method --count=20\npytest test/test_envs.py test/test_gone.py\n```\n"
    builder = make_repo({"test/test_envs.py": "", "README.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"] == ["test/test_gone.py"]


def test_an_anchor_fix_is_a_renamed_heading_not_a_section_with_one_word_swapped(make_repo):
    doc = (
        "# Parquet\n\n- [Basic](#basic-usage)\n- [Advanced](#advanced-usage)\n- [Config](#configuration-option)\n- [vLLM](#inference-with-vllm)\n\n"
        "## Basic Usage\n\n## Configuration Options\n\n## Inference with Transformers 🤗\n"
    )
    builder = make_repo({"README.md": doc})
    found = {f.text: f.replacement for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT008"}
    # "advanced" for "basic" is another section; "option" for "options" is the same one;
    # the emoji's trailing "-" is no word that every word starts with.
    assert found == {"#advanced-usage": None, "#configuration-option": "#configuration-options", "#inference-with-vllm": None}


def test_a_renumbered_heading_is_the_anchor_fix_and_a_moved_section_is_named(make_repo):
    """parler-tts: `#a-architecture` after the heading became "1. Architecture";
    llama-cookbook: `#installing` after the install steps moved to src/README.md."""
    doc = "# Train\n\n- [Arch](#a-architecture)\n- [Install](#installing)\n- [New](#Contributing-a-New-Benchmark)\n\n## 1. Architecture\n\n## 2. Training\n\n## Running VLA Benchmarks\n\n## Contributing a New Bench\n"
    builder = make_repo({"README.md": doc, "src/README.md": "# Source\n\n## Installing\n"})
    found = {f.text: f for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT008"}
    assert found["#a-architecture"].replacement == "#1-architecture"
    assert found["#Contributing-a-New-Benchmark"].replacement == "#contributing-a-new-bench"  # a word cut short, any case
    assert found["#installing"].replacement is None and "src/README.md has a heading #installing" in found["#installing"].evidence


def test_a_path_cut_where_a_placeholder_begins_is_no_path(make_repo):
    """`bash qa/L0_<framework>_lint/test.sh`: bash reads `<` as a redirection."""
    doc = "# Lint\n\n```bash\nTE_PATH=<path to TE source> bash qa/L0_<framework>_lint/test.sh\n```\n\n```bash\nbash qa/L0_gone/test.sh\n```\n"
    builder = make_repo({"qa/L0_jax_lint/test.sh": "echo\n", "README.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"] == ["qa/L0_gone/test.sh"]


def test_an_org_name_id_the_sentence_places_on_a_hub_is_no_path(make_repo):
    """evalscope's pages: "loads `evalscope/OCRBench` from ModelScope", where `evalscope/` is the package."""
    doc = (
        "# OCR\n\nThe default ID is `evalscope/OCRBench` on ModelScope; the Hugging Face copy is `evalscope/ocr_bench`.\n\n"
        "使用旧版 `evalscope/OmniDocBench_tsv` 数据集.\n\n"
        "The loader is `evalscope/loaders` and the old one `evalscope/legacy_loader.py`.\n"
    )
    builder = make_repo({"evalscope/__init__.py": "", "evalscope/loaders/__init__.py": "", "README.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"] == ["evalscope/legacy_loader.py"]


def test_css_custom_properties_and_dated_news_items_are_not_stale_flags(make_repo):
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--limit')\np.parse_args()\n"
    css = ":root {\n  --score-fg-s: 70%;\n}\n.pill { color: hsl(1 var(--score-fg-l) 2); }\n"
    doc = (
        "# Design\n\nTune `--score-fg-s` and `--score-fg-l` (CSS vars); `--limitt` caps the run.\n\n"
        "- 🔥 **[2024.12.13]** 不再需要传递`--template-type`参数.\n"
        "\n[23/06/22] We aligned the demo API with `--api-format openai`.\n"
    )
    builder = make_repo({"tool/__init__.py": "", "tool/cli.py": cli, "web/src/index.css": css, "DESIGN.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"] == ["--limitt"]


def test_names_in_a_module_drift_did_not_read_are_not_judged(make_repo):
    """evalscope/third_party/ is evalscope's own code, but excluded by default as vendored."""
    files = {
        "pkg/__init__.py": "",
        "pkg/third_party/__init__.py": "",
        "pkg/third_party/bench/__init__.py": "from .run import run_task\n",
        "pkg/third_party/bench/run.py": "def run_task():\n    pass\n",
        "pkg/core.py": "def helper():\n    pass\n",
        "README.md": "# Use\n\n```python\nfrom pkg.third_party.bench import run_task\nfrom pkg.core import helpr\n```\n",
    }
    builder = make_repo(files)
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT005"] == ["pkg.core.helpr"]


def test_a_vendored_projects_readme_under_thirdparty_is_set_aside(make_repo):
    files = {
        "pkg/__init__.py": "",
        "pkg/thirdparty/hifigan/README.md": "# HiFi-GAN\n\n![loss](./validation_loss.png)\n",
        "pkg/third-party/x/README.md": "# X\n\nSee [setup](setup.md).\n",
        # thonny's vendored_libs/ (a typeshed copy inside basedpyright), pip's _vendor/.
        "pkg/vendored_libs/typeshed/README.md": "# typeshed\n\nSee [CONTRIBUTING.md](CONTRIBUTING.md).\n",
        "src/pkg/_vendor/rich/README.md": "# Rich\n\nSee [docs](docs/index.md).\n",
        "README.md": "# Pkg\n\nSee [gone](docs/gone.md).\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert [f.text for f in result.findings] == ["docs/gone.md"]
    assert result.set_aside == {"other projects' code": 4}


def test_paths_run_inside_a_checkout_the_block_cloned_are_that_repositorys(make_repo):
    doc = (
        "# Serve\n\n```bash\ngit clone https://github.com/vllm-project/vllm.git\ncd vllm\npip install -r requirements/cuda.txt\n```\n\n"
        # The page goes on inside vLLM's checkout until a new section.
        "```bash\npip install -r requirements/also_vllms.txt\n```\n\n## Ours\n\n"
        "```bash\npip install -r requirements/gone.txt\n```\n\n"
        "```bash\ngit clone https://github.com/me/repo.git\ncd repo\npip install -r requirements/gone2.txt\n```\n\n"
        # The `cd` into the checkout it just made, and a path through it without a `cd`.
        "```\ngit clone https://github.com/vllm-project/vllm\ncd vllm/vllm/entrypoints\npython api_server.py --port 5000\n```\n\n"
        "```bash\ngit clone https://github.com/NVIDIA/apex.git\npip install -r apex/requirements.txt\n```\n\n"
        # A checkout of this repository (named `repo` here) holds its files: stale ones too.
        "```bash\ngit clone https://github.com/me/repo.git\ncd repo/recipes/gone/\n```\n\n"
        "```bash\ngit clone --recursive https://github.com/me/repo.git checkout && cd checkout/\nmkdir -p build && cd build\npython ../tools/gen.py\npython ../tools/gen_old.py\n```\n"
    )
    builder = make_repo({"requirements/base.txt": "x\n", "recipes/kept/README.md": "x\n", "tools/gen.py": "", "README.md": doc}, removed=('requirements/gone.txt', 'requirements/gone2.txt', 'recipes/gone/README.md', 'tools/gen_old.py'))
    # The last blocks clone this repository (its checkout is named `repo`): its paths are
    # ours, read from inside it (`cd checkout/ && cd build`: this tree's build/).
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"] == ["requirements/gone.txt", "requirements/gone2.txt", "repo/recipes/gone", "../tools/gen_old.py"]


def test_a_path_through_a_committed_symlink_to_a_folder_exists(make_repo):
    import os

    builder = make_repo({".claude/skills/sync/scan.py": "x = 1\n"})
    os.makedirs(builder.root / ".agents")
    os.symlink("../.claude/skills", builder.root / ".agents" / "skills")
    builder.repo.index.add([".agents/skills"])
    builder.repo.index.commit("link the skills")
    builder.commit({"README.md": "# Skills\n\nRun `.agents/skills/sync/scan.py`, not `.agents/skills/sync/gone.py`.\n"}, "docs")
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"] == [".agents/skills/sync/gone.py"]


def test_pages_a_test_reads_as_input_are_test_data(make_repo):
    """ColossalQA's data/tests/test.md is a copied README its loader tests read."""
    page = "# Copied\n\nSee [the example](examples/retrieval.py).\n"
    builder = make_repo({"app/data/tests/test.md": page, "app/tests/fixtures/page.md": page, "docs/guide.md": page})
    result = audit(builder.root, blame=False)
    assert [f.path for f in result.findings if f.rule == "DRIFT001"] == ["docs/guide.md"]
    assert result.set_aside.get("test data") == 2


def test_a_page_rewritten_in_another_format_is_the_fix(make_repo):
    """TransformerEngine replaced te_jax_integration.ipynb with te_jax_integration.rst."""
    doc = "# Examples\n\nSee [the JAX notebook](docs/examples/te_jax_integration.ipynb).\n"
    builder = make_repo({"docs/examples/te_jax_integration.rst": "JAX\n===\n", "docs/examples/other.rst": "x\n===\n", "README.md": doc})
    (found,) = [f for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"]
    assert found.replacement == "docs/examples/te_jax_integration.rst"


def test_a_bundle_s_pages_write_paths_from_the_bundle_and_made_up_files_are_examples(make_repo):
    """Olive's agent skill: `scripts/validate_config.py` from the skill root (SKILL.md);
    NeMo-Curator's "the fictitious file `nemo_curator/download/mydataset.py`"."""
    files = {
        "scripts/run.py": "x = 1\n",
        "skills/olive/SKILL.md": "# Olive skill\n",
        "skills/olive/scripts/validate_config.py": "x = 1\n",
        "skills/olive/references/cli.md": "# CLI\n\nFrom the skill root, run `scripts/validate_config.py`, not `scripts/gone.py`.\n",
        "nemo_curator/download/__init__.py": "",
        "docs/download.md": "# Download\n\nWrite the fictitious file `nemo_curator/download/mydatasets.py` for your data.\n",
    }
    builder = make_repo(files)
    found = [(f.path, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == [("skills/olive/references/cli.md", "scripts/gone.py")]


def test_an_rst_label_is_an_anchor_as_written(make_repo):
    page = "Passes\n======\n\n.. _graph_surgery:\n\nGraph surgery\n-------------\n"
    doc = "# Guide\n\nSee [surgery](pass.rst#graph_surgery) and [gone](pass.rst#no-such-section).\n"
    builder = make_repo({"docs/pass.rst": page, "docs/guide.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT008"] == ["#no-such-section"]


def test_a_path_prose_writes_from_inside_its_package_is_short_not_stale(make_repo):
    """prime-rl: "in `VLM_REGISTRY` (`utils/vlm.py`)" for src/prime_rl/utils/vlm.py."""
    doc = "# Dev\n\nRegister it in `utils/vlm.py`; see `utils/gone.py` too.\n\n```bash\npython utils/vlm.py\n```\n"
    files = {"src/prime_rl/__init__.py": "", "src/prime_rl/utils/__init__.py": "", "src/prime_rl/utils/vlm.py": "x = 1\n", "utils/README.md": "# u\n", "docs/dev.md": doc}
    builder = make_repo(files, removed=('utils/gone.py',))
    found = {(f.line, f.text): f.confidence for f in audit(builder.root, blame=False, ).findings if f.rule == "DRIFT001"}
    # The command runs it from the root, where it is not: that one stays.
    assert found == {(3, "utils/gone.py"): "high", (6, "utils/vlm.py"): "high"}


def test_prose_flags_on_a_page_that_runs_only_another_program_are_likely_its(make_repo):
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--limit')\np.parse_args()\n"
    serve = "# Deploy\n\n```bash\nvllm serve my-model\n```\n\nChange them with the `--host` and `--port` flags.\n"
    own = "# Run\n\n```bash\npython tool/cli.py --limit 3\n```\n\nAlso pass `--hostname`.\n"
    # Not a known program, but a command with options of its own; `--max-limit` looks
    # like ours, yet the page runs none of ours.
    other = "# Long context\n\n```bash\nmyserver serve api --model-name m --server-port 8000\n```\n\nThen add `--max-limit 1 --tp 2`.\n"
    # `--hostname` is an option the code dropped (prose naming one it never had is another program's).
    builder = make_repo({"tool/__init__.py": "", "tool/cli.py": cli.replace("p.parse_args()", "p.add_argument('--hostname')\np.parse_args()"), "docs/deploy.md": serve, "docs/run.md": own, "docs/long.md": other})
    builder.commit({"tool/cli.py": cli}, "Drop --hostname")
    assert [(f.path, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"] == [("docs/run.md", "--hostname")]


def test_another_program_with_a_hyphenated_name_owns_the_flags_its_page_and_sentence_name(make_repo):
    """llama-stack: a reference page for `llama-stack-client` (another repository's CLI)
    lists its options in prose; "the `kube-apiserver` runs with `--anonymous-auth=true`";
    "Tests use `--asyncio-mode=auto`" (a pytest plugin's). Prose that names one of ours
    misspelt is still reported."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--limit')\np.parse_args()\n"
    client = "# Client CLI\n\n```bash\nstack-client chat --message hi\n```\n\nRequired arguments:\n- `--session`: start a chat session\n"
    kube = "# Auth\n\nMake sure the `kube-apiserver` runs with `--anonymous-auth=true`, then pass `--limitt`.\n\n```bash\npython tool/cli.py --limit 3\n```\n"
    tests = "# Tests\n\n- Tests use `--asyncio-mode=auto` and `--cov-report=html`.\n"
    files = {"tool/__init__.py": "", "tool/cli.py": cli, "docs/client.md": client, "docs/auth.md": kube, "tests/README.md": tests}
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002" and f.confidence != "low"]
    assert found == [("docs/auth.md", "--limitt")]


def test_a_bare_flag_list_on_a_page_that_also_runs_another_known_program_is_not_the_scripts(make_repo):
    """ktransformers: a page converts an adapter with its own script, then serves with
    SGLang; the bare list `--enable-lora --lora-paths ...` is SGLang's."""
    script = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--lora-alpha')\np.add_argument('--output')\np.parse_args()\n"
    doc = (
        "# Serve\n\n```bash\npython scripts/convert.py --lora-alpha 16 --output out\n```\n\n"
        "```bash\npython -m sglang.launch_server --model m --port 1\n```\n\n"
        "```text\n--enable-lora\n--lora-paths a=b\n```\n"
    )
    own = "# Convert\n\n```bash\npython scripts/convert.py --lora-alpha 16\n```\n\n```text\n--lora-alpah 8\n--output x\n```\n"
    builder = make_repo({"scripts/convert.py": script, "docs/serve.md": doc, "docs/convert.md": own})
    assert [(f.path, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"] == [("docs/convert.md", "--lora-alpah")]


def test_a_path_never_here_on_a_page_that_links_another_repository_is_likely_its(make_repo):
    """llm-compressor: "see [vLLM](https://github.com/vllm-project/vllm); run `benchmarks/benchmark_latency.py`"."""
    linked = (
        "# Bench\n\nUse [vLLM's scripts](https://github.com/vllm-project/vllm): `benchmarks/benchmark_latency.py`.\n\n"
        "Thanks to [TRL](https://github.com/huggingface/trl).\n\n\n\n\n\n\n\nOur own: `benchmarks/benchmark_ours.py`.\n"
    )
    plain = "# Bench\n\nRun `benchmarks/benchmark_speed.py`.\n"
    builder = make_repo({"benchmarks/run.py": "x = 1\n", "docs/linked.md": linked, "docs/plain.md": plain})
    found = [(f.path, f.text, f.confidence) for f in audit(builder.root).findings if f.rule == "DRIFT001"]
    # A link to another project elsewhere on the page says nothing about this path.
    assert found == [("docs/linked.md", "benchmarks/benchmark_ours.py", "medium"), ("docs/plain.md", "benchmarks/benchmark_speed.py", "medium")]


def test_doc_builder_pages_have_the_anchors_doc_builder_makes(make_repo):
    """huggingface_hub: `### HF_TOKEN` is #hftoken on the doc-builder site."""
    page = "# CLI\n\n### HF_TOKEN\n\nSet it.\n\n### Upload a folder\n\n## Installation überprüfen\n"
    guide = (
        "# Guide\n\nSee [the token](./cli#hftoken), [upload](./cli#upload-a-folder), [check](./cli#installation-überprüfen),\n"
        "[gone](./cli#download-a-folder) and [mangled](./cli#installation-berprfen).\n"
    )
    files = {"docs/source/en/_toctree.yml": "- sections: []\n", "docs/source/en/cli.md": page, "docs/source/en/guide.md": guide}
    builder = make_repo(files)
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT008"] == ["#download-a-folder", "#installation-berprfen"]


def test_a_module_that_became_a_package_is_fixed_to_the_package(make_repo):
    """streaming: convert/webvid.py became convert/webvid/; multimodal/webvid.py is another module."""
    files = {
        "streaming/__init__.py": "",
        "streaming/multimodal/__init__.py": "",
        "streaming/multimodal/webvid.py": "class WebVid:\n    pass\n",
        "streaming/multimodal/convert/__init__.py": "",
        "streaming/multimodal/convert/webvid/__init__.py": "",
        "streaming/multimodal/convert/webvid/crawl.py": "x = 1\n",
        "README.md": "# Convert\n\nSee [the converter](streaming/multimodal/convert/webvid.py).\n",
    }
    builder = make_repo(files)
    (found,) = [f for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"]
    assert found.replacement == "streaming/multimodal/convert/webvid"
    # marker: `python benchmarks/overall.py` after it became benchmarks/overall/, which has
    # no __main__.py: Python cannot run the folder, so it is no fix for the command.
    runs = {"benchmarks/overall/__init__.py": "", "benchmarks/overall/overall.py": "x = 1\n", "benchmarks/table/__init__.py": "", "benchmarks/table/__main__.py": "x = 1\n", "tools/table.py": "x = 1\n",
            "docs/bench.md": "# Bench\n\n```bash\npython benchmarks/overall.py --methods marker\npython benchmarks/table.py\n```\n"}
    builder.commit(runs, "benchmarks")
    fixes = sorted((f.text, f.replacement) for f in audit(builder.root, blame=False).findings if f.path == "docs/bench.md")
    assert fixes == [("benchmarks/overall.py", None), ("benchmarks/table.py", "benchmarks/table")]


def test_a_file_another_program_is_handed_that_this_repository_never_had_is_a_note(make_repo):
    """torchao's QAT page runs `axolotl train examples/llama-3/3b-qat-fsdp2.yaml` and links
    Axolotl: Axolotl's example config. A file this repository had and removed stays
    stale, whoever reads it."""
    doc = (
        "# QAT\n\n[Axolotl](https://github.com/axolotl-ai-cloud) supports QAT:\n\n```bash\naxolotl train examples/llama-3/3b-qat.yaml\n"
        "axolotl quantize configs/qat_removed.yaml\npython -m pytest tests/test_gone.py\npytest tests/unit/test_gone.py\n```\n"
    )
    builder = make_repo({"configs/qat_removed.yaml": "a: 1\n", "configs/base.yaml": "a: 0\n", "tests/test_ok.py": "x = 1\n", "examples/README.md": "x\n", "README.md": "# Kit\n"})
    builder.commit({"docs/qat.md": doc}, "drop the config", remove=("configs/qat_removed.yaml",))
    found = {f.text: f.confidence for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    # pytest runs this repository's tests; the page links no pytest project.
    assert found == {"examples/llama-3/3b-qat.yaml": "low", "configs/qat_removed.yaml": "high", "tests/test_gone.py": "medium", "tests/unit/test_gone.py": "medium"}


def test_a_list_of_deleted_apis_names_them_as_gone(make_repo):
    """torchao's CLAUDE.md: "`torchao.prototype.sparsity` ... - deleted": the page knows."""
    doc = "# Agents\n\n## APIs\n\n- `pkg.sparsity` and `pkg.kernel` - deleted\n- `pkg.gone` moved elsewhere\n"
    # roboflow/inference's skill: "there is no `x/entities/` directory — the entities live under ...".
    doc += "\nNote: there is no `pkg/entities/` directory; they live in `pkg/core.py`. See `pkg/missing.py`.\n"
    builder = make_repo({"pkg/__init__.py": "", "pkg/core.py": "x = 1\n", "CLAUDE.md": doc}, removed=('pkg/missing.py',))
    found = {f.text: f.confidence for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule in ("DRIFT001", "DRIFT005")}
    assert found == {"pkg.sparsity": "low", "pkg.kernel": "low", "pkg.gone": "medium", "pkg/entities": "low", "pkg/missing.py": "high"}


def test_a_package_init_a_placeholder_test_file_and_a_named_constant_are_not_stale(make_repo):
    """bitsandbytes' agent guides: `bitsandbytes.nn.__init__` is the package's file,
    `tests/test_relevant_file.py` the reader's pick, and "constant `PKG_MIN_VERSION`" a
    Python constant; `PKG_GONE_VAR` in the same prose is still an unknown variable."""
    code = "import os\nPKG_MIN_VERSION = '0.46'\nCUDA = os.environ.get('PKG_CUDA_VERSION')\nLOG = os.environ.get('PKG_LOG_LEVEL')\nOFF = os.environ.get('PKG_DISABLE')\n"
    doc = (
        "# Guide\n\n- `pkg.nn.__init__` re-exports the layers.\n- Run the tests for your change:\n\n```bash\npytest tests/test_relevant_file.py\n```\n\n"
        "- Transformers' minimum is the constant `PKG_OTHER_MIN_VERSION` in its `utils/import_utils.py`.\n- Set `PKG_GONE_VAR` to override it.\n"
    )
    builder = make_repo({"pkg/__init__.py": "", "pkg/nn/__init__.py": "", "pkg/consts.py": code, "tests/test_ok.py": "", "CLAUDE.md": doc})
    found = [(f.rule, f.text) for f in audit(builder.root, blame=False).findings]
    assert found == [("DRIFT003", "PKG_GONE_VAR")]


def test_a_section_whose_heading_says_legacy_tells_history(make_repo):
    """bitsandbytes' triage guide: "### Legacy `cuda_setup/main.py` (versions 0.41-0.42)"
    quotes the old tracebacks' paths on purpose; the next section is about today."""
    doc = (
        "# Triage\n\n### Legacy `cuda_setup/main.py` (versions 0.41.x-0.42.x)\n\nTracebacks reference `pkg/cuda_setup/main.py`.\n\n"
        "### Current loader\n\nThe loader is `pkg/cextension.py`; see `pkg/gone/loader.py`.\n"
    )
    # sagemaker: "Migration from V2", then a sub-section "Inference Classes": the V2 names
    # are the past on purpose under the section they are part of; the next section is not.
    migration = (
        "# Inference\n\n## Migration from V2\n\n### Inference Classes\n\nThe V2 `pkg/old_model.py` is now `pkg/cextension.py`.\n\n"
        "## Usage\n\nRun `pkg/gone_too.py`.\n\n"
        # sagemaker's ml_ops page: an empty "Migration from V2" right before a section of the
        # same level, which it introduces.
        "## Migration from V1\n\n## MLOps Classes\n\nThe V1 `pkg/old_step.py` is now `pkg/cextension.py`.\n"
    )
    builder = make_repo({"pkg/__init__.py": "", "pkg/cextension.py": "", "pkg/gone_not/x.py": "", "agents/triage.md": doc, "docs/inference.md": migration}, removed=('pkg/gone/loader.py', 'pkg/gone_too.py'))
    found = {f.text: f.confidence for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    assert found == {"pkg/cuda_setup/main.py": "low", "pkg/gone/loader.py": "high", "pkg/old_model.py": "low", "pkg/gone_too.py": "high", "pkg/old_step.py": "low"}


def test_a_page_goes_on_inside_the_checkout_it_cloned_and_entered(make_repo):
    """align-anything's Chameleon tutorial clones mmsg_chameleon and cds into it; the
    next blocks and the prose between them name that checkout's `scripts/x.sh`. A new
    section, or a `cd ..`, brings the page back."""
    doc = (
        "# Chameleon\n\n```bash\ngit clone https://github.com/htlou/mmsg_chameleon.git\ncd mmsg_chameleon\n```\n\n"
        "Set the paths in `scripts/interleaved_gen.sh`, then run\n\n```bash\nbash scripts/interleaved_gen.sh\n```\n\n"
        "```bash\ncd ..\nbash scripts/gone_here.sh\n```\n\n## Back home\n\nRun `scripts/also_gone.sh`.\n"
        # A page whose sections are deeper: the cloning section ends at the next of its level.
        "\n## Tutorial\n\n### Generate\n\n```bash\ngit clone https://github.com/htlou/other.git\ncd other\nbash scripts/theirs.sh\n```\n\n"
        "#### Options\n\n```bash\nbash scripts/theirs_too.sh\n```\n\n### DPO\n\n```bash\nbash scripts/dpo_gone.sh\n```\n"
    )
    builder = make_repo({"scripts/train.sh": "echo\n", "docs/chameleon.md": doc}, removed=('scripts/gone_here.sh', 'scripts/also_gone.sh', 'scripts/dpo_gone.sh'))
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"] == ["scripts/gone_here.sh", "scripts/also_gone.sh", "scripts/dpo_gone.sh"]


def test_a_section_that_opens_with_another_repositorys_link_describes_it(make_repo):
    """bitsandbytes' downstream guide: "## 1. HuggingFace Transformers" opens with its
    repository link; screens below, `tests/quantization/bnb/test_4bit.py` is its file.
    A section that opens with no such link keeps its never-had path."""
    filler = "".join(f"Line {i} of the integration notes.\n" for i in range(12))
    doc = (
        "# Downstream\n\n## 1. HuggingFace Transformers\n\n**Repository**: https://github.com/huggingface/transformers\n\n"
        + filler + "### 1.7 Test Coverage\n\n- `tests/quantization/bnb/test_4bit.py`\n\n## 2. Our own tests\n\n" + filler + "- `tests/quantization/gone_test.py`\n"
    )
    builder = make_repo({"tests/quantization/test_ok.py": "x = 1\n", "agents/downstream.md": doc})
    found = {f.text: f.confidence for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    assert found == {"tests/quantization/bnb/test_4bit.py": "low", "tests/quantization/gone_test.py": "medium"}


def test_a_removed_module_gets_no_fix_from_setup_py_and_a_misspelt_package_is_fixed(make_repo):
    """apex: `apex.parallel.SyncBatchNorm` after apex.parallel was removed, while setup.py
    has a local `parallel`: no fix. InternEvo: `internlm.util.registry.Registry` for
    `internlm.utils.registry`."""
    files = {
        "setup.py": "from setuptools import setup\nparallel = 4\nsetup(name='apex')\n",
        "apex/__init__.py": "",
        "apex/core.py": "x = 1\n",
        "internlm/__init__.py": "",
        "internlm/utils/__init__.py": "",
        "internlm/utils/registry.py": "class Registry:\n    pass\n",
        "README.md": "# Use\n\nUse `apex.parallel.SyncBatchNorm` and `internlm.util.registry.Registry`.\n",
    }
    found = {f.text: f.replacement for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005"}
    assert found == {"apex.parallel.SyncBatchNorm": None, "internlm.util.registry.Registry": "internlm.utils.registry.Registry"}


def test_a_block_introduced_as_a_pull_requests_code_is_a_note(make_repo):
    """bigcode-evaluation-harness: "Replit model command (pull code from this
    [PR](https://github.com/o/r/pull/115)):" then `--automodel_kwargs`, which main
    never had. The next block, introduced plainly, is judged."""
    main = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--model')\np.parse_args()\n"
    doc = (
        "# Leaderboard\n\nReplit model command (pull code from this [PR](https://github.com/o/r/pull/115)):\n"
        "```bash\npython main.py --model replit --automodel_kwargs '{}'\n```\n\nThe usual command:\n"
        "```bash\npython main.py --model x --automodel_kwarg '{}'\n```\n"
    )
    found = {f.text: f.confidence for f in audit(make_repo({"main.py": main, "README.md": doc}).root, config_file=["min-confidence = 'low'"]).findings}
    assert found == {"--automodel_kwargs": "low", "--automodel_kwarg": "high"}


def test_a_link_label_naming_its_page_without_the_suffix_is_that_page(make_repo):
    """bigcode: "see the guide in [`docs/guide`](https://github.com/o/r/blob/main/docs/guide.md)"."""
    doc = "# Tasks\n\nSee [`docs/guide`](docs/guide.md) and [`docs/gone`](docs/guide.md).\n"
    found = [f.text for f in audit(make_repo({"docs/guide.md": "# Guide\n", "README.md": doc}).root, blame=False).findings]
    assert found == ["docs/gone"]


def test_a_subpackage_its_parent_rebinds_to_its_module_has_that_modules_names(make_repo):
    """datasets: `packaged_modules/__init__.py` runs `from .csv import csv`, so
    `datasets.packaged_modules.csv.Csv` is `packaged_modules/csv/csv.py`'s Csv."""
    files = {
        "pkg/__init__.py": "",
        "pkg/packaged/__init__.py": "from .csv import csv\n",
        "pkg/packaged/csv/__init__.py": "",
        "pkg/packaged/csv/csv.py": "class Csv:\n    pass\n",
        "pkg/packaged/json/__init__.py": "",
        "pkg/packaged/json/json.py": "class Json:\n    pass\n",
        "README.md": "# Loaders\n\n- `pkg.packaged.csv.Csv`\n- `pkg.packaged.csv.Gone`\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.packaged.csv.Gone"]


def test_a_module_its_package_rebinds_to_its_class_names_the_class(make_repo):
    """sentence-transformers: `__init__.py` runs `from .SentenceTransformer import
    SentenceTransformer`, so `pkg.SentenceTransformer.encode` is the class's method (52
    false findings). A name the module lacks, under a module not rebound, is still one."""
    files = {
        "pkg/__init__.py": "from pkg.Model import Model\n",
        "pkg/Model.py": "class Model:\n    def encode(self):\n        pass\n",
        "pkg/cross/__init__.py": "from .Cross import Cross\n",
        "pkg/cross/Cross.py": "class Cross:\n    pass\n",
        "pkg/util.py": "def helper():\n    pass\n",
        "docs/api.md": "# API\n\n- `pkg.Model.encode`\n- `pkg.cross.Cross.predict`\n- `pkg.util.gone`\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.util.gone"]


def test_data_folders_the_repositorys_scripts_read_and_write_are_made_at_run_time(make_repo):
    """LLaVA's Evaluation.md names `./playground/data/eval/textvqa`, which the eval scripts
    read and `mkdir -p` (10 of 20 false findings). A folder no script or option uses
    (`eval/mmvet`, where the script writes `eval/mm-vet`) is still reported."""
    script = (
        "#!/bin/bash\npython -m llava.eval.run --question-file ./playground/data/eval/textvqa/questions.jsonl "
        "--answers-file ./playground/data/eval/mm-vet/results/answers.jsonl\n"
        "mkdir -p playground/data/eval/mmbench/answers_upload/dev\ncd ./playground/data/eval/MME\n"
    )
    convert = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--dir', default='./playground/data/eval/vqav2')\np.parse_args()\n"
    doc = (
        "# Evaluation\n\nPut the images under `./playground/data/eval/textvqa` and `./playground/data/eval/MME`.\n"
        "Results go to `./playground/data/eval/mmbench/answers_upload` and `./playground/data/eval/vqav2/answers_upload`.\n"
        "MM-Vet results: `./playground/data/eval/mmvet/results`.\n"
    )
    files = {"llava/__init__.py": "", "llava/eval/__init__.py": "", "llava/eval/run.py": "x = 1\n", "playground/data/prompts.txt": "x\n",
             "scripts/eval/textvqa.sh": script, "scripts/convert.py": convert, "docs/Evaluation.md": doc}
    files["scripts/finetune.sh"] = "#!/bin/bash\npython -m llava.eval.run --image_folder ./playground/data --model-path OpenGVLab/InternVL2_5-1B\ncd llava/eval\n"
    files["docs/Evaluation.md"] += "Run `llava/eval/gone_eval.py`.\n"  # `cd llava/eval` in a script: a code folder, not data
    files["docs/Evaluation.md"] += "Evaluate `OpenGVLab/InternVL2_5-8B` too.\n"  # a hub id, whatever the scripts pass
    # PaddleMIX: the scripts load `./playground/data/zoo/EVA02-CLIP-L-14`; the page's
    # `EVA02-CLIP-bigE-14` is another model of the zoo, not a slip of that one.
    files["scripts/finetune.sh"] += "python -m llava.eval.run --teacher ./playground/data/zoo/EVA02-CLIP-L-14\n"
    files["docs/Evaluation.md"] += "Or `./playground/data/zoo/EVA02-CLIP-bigE-14`.\n"
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"]
    # Under a folder the scripts use (`--image_folder ./playground/data`), a name one slip
    # from the one the scripts use is still wrong, and theirs is the fix.
    assert found == [("playground/data/eval/mmvet/results", "playground/data/eval/mm-vet/results"), ("llava/eval/gone_eval.py", None)]


def test_a_config_file_missing_from_a_folder_of_configs_is_stale_not_run_time_data(make_repo):
    """LMFlow: the scripts pass `--deepspeed configs/archive/ds_config_zero3.json` and
    `.../ds_config_zero2.json`, and configs/archive/ holds only other .json files: missing
    inputs, not a run's outputs; one is no fix for the other. A results file a script
    writes into a folder of results stays run-time data."""
    script = "#!/bin/bash\npython train.py --deepspeed configs/archive/ds_config_zero3.json --out results/run1/metrics.json\n"
    doc = "#!/bin/bash\npython train.py --deepspeed configs/archive/ds_config_zero2.json\ncat results/run1/metrics.json\n"
    files = {"train.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--deepspeed')\np.add_argument('--out')\np.parse_args()\n",
             "configs/archive/ds_config_chatbot.json": "{}\n", "results/run0/metrics.json": "{}\n",
             "scripts/a.sh": script, "scripts/b.sh": doc}
    found = sorted((f.path, f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001")
    assert found == [("scripts/a.sh", "configs/archive/ds_config_zero3.json", None), ("scripts/b.sh", "configs/archive/ds_config_zero2.json", None)]


def test_a_plural_of_a_name_the_module_has_is_prose(make_repo):
    """ormar's docs: "pydantic models from existing `ormar.Models`", "defining
    `ormar.Fields` as class variables" (it has Model, BaseField, ForeignKeyField). A plural
    of nothing it has, or one imported in code, is still reported."""
    init = "class Model:\n    pass\n\n\nclass BaseField:\n    pass\n\n\nclass ForeignKeyField(BaseField):\n    pass\n"
    doc = ("# Models\n\nSubclass `ormar.Models` by defining `ormar.Fields` as class variables.\n\n"
           "Use `ormar.Queries` too.\n\n```python\nfrom ormar import Models\n```\n")
    found = sorted((f.line, f.text) for f in audit(make_repo({"ormar/__init__.py": init, "docs/models.md": doc}).root, blame=False).findings)
    assert found == [(5, "ormar.Queries"), (8, "ormar.Models")]


def test_paths_that_show_a_pattern_are_not_stale(make_repo):
    """OLMo's CONTRIBUTING: "tests for `olmo/a/b.py` go in `tests/a/b_test.py`", and
    "create `evaluation/experiment_YYYY_MM_DD.jsonnet`"; `olmo/data/gone.py` is a file."""
    doc = "# Contributing\n\nTests for `olmo/a/b.py` go in `tests/a/b_test.py`.\nCopy `evaluation/experiment_YYYY_MM_DD.jsonnet` for a run.\nSee `olmo/data/gone.py`.\n"
    # wagtail: "the base URL path relative to `snippets/app_label/model_name`".
    doc += "Views live under `evaluation/app_label/model_name` and runs under `evaluation/run_id/`.\n"
    # cloud-custodian: `ls tests/data/placebo/test_example/`, the recorded data of the page's made-up test.
    doc += "\n```shell\n$ ls tests/data/placebo/test_example/\n$ ls tests/data/placebo/test_gone/\n```\n"
    files = {"olmo/__init__.py": "", "olmo/data/__init__.py": "", "tests/test_x.py": "", "tests/data/placebo/test_ami/x.json": "{}", "evaluation/base.jsonnet": "{}\n", "CONTRIBUTING.md": doc}
    assert [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings] == ["olmo/data/gone.py", "tests/data/placebo/test_gone"]


def test_a_site_page_linked_as_a_folder_is_that_page(make_repo):
    """datasets' access.mdx: `[slicing](access/#slicing)`, the page served as a folder."""
    page = "# Access\n\n## Slicing\n\nSee [slicing](access/#slicing) and [gone](gone/).\n"
    found = [f.text for f in audit(make_repo({"docs/source/access.mdx": page}).root, blame=False).findings]
    assert found == ["gone/"]


def test_a_vendored_dependency_folders_docs_are_another_projects(make_repo):
    """OLMo vendors AutoGPTQ under inference/compression/dependencies/: its README's
    `model.config.model_type` is that project's Python, not a key of OLMo's configs."""
    files = {
        "configs/base.yaml": "model:\n  d_model: 8\n",
        "inference/compression/dependencies/AutoGPTQ/README.md": "# AutoGPTQ\n\nSet `model.config.model_type` and see `auto_gptq/gone.py`.\n",
        "deps/pybind11/docs/index.rst": "pybind11\n========\n\nSee `tests/test_eigen.cpp`.\n",  # coremltools' deps/
        "README.md": "# OLMo\n\nSee `configs/gone.yaml`.\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert [f.path for f in result.findings] == ["README.md"]
    assert result.set_aside.get("other projects' code") == 2


def test_mkdocstrings_directives_are_anchors_with_their_members(make_repo):
    """SWE-agent's reference pages: `::: sweagent.environment.repo.GithubRepoConfig` is
    rendered with that id; a tutorial links `repo.md#sweagent.environment.repo.GithubRepoConfig`."""
    reference = "# Repositories\n\n::: sweagent.environment.repo.GithubRepoConfig\n\n::: sweagent.environment.repo.LocalRepoConfig\n"
    guide = "# Tutorial\n\n[github](../reference/repo.md#sweagent.environment.repo.GithubRepoConfig), [gone](../reference/repo.md#sweagent.environment.repo.GoneConfig)\n"
    builder = make_repo({"mkdocs.yml": "site_name: x\n", "docs/reference/repo.md": reference, "docs/usage/tutorial.md": guide})
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["#sweagent.environment.repo.GoneConfig"]
    # bqplot: a heading inside the rendered docstring gets the object's id, `--`, its slug.
    guide = "# Tutorial\n\n[style](../reference/repo.md#sweagent.environment.repo.GithubRepoConfig--style-attributes)\n"
    builder.commit({"docs/usage/tutorial.md": guide}, "link a docstring section")
    assert [f.text for f in audit(builder.root, blame=False).findings] == []


def test_a_cd_up_from_the_page_leads_to_the_folder_beside_it(make_repo):
    """InternVL's internvl_g/README.md: `cd ../clip_benchmark/` then
    `python3 clip_benchmark/cli.py`: the repository's clip_benchmark/clip_benchmark/cli.py."""
    doc = "# Eval\n\n```bash\ncd ../clip_benchmark/\npython3 clip_benchmark/cli.py eval\npython3 clip_benchmark/gone.py\n```\n"
    files = {"clip_benchmark/clip_benchmark/__init__.py": "", "clip_benchmark/clip_benchmark/cli.py": "x = 1\n", "internvl_g/README.md": doc}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["clip_benchmark/gone.py"]


def test_commands_after_a_cd_into_a_folder_this_tree_lacks_are_not_judged(make_repo):
    """ChatGLM3's TensorRT-LLM page: `cd ./examples/chatglm` (TensorRT-LLM's folder, in a
    later section than its clone) then `python3 ../run.py`. A cd into our own folder
    still has its paths judged."""
    doc = (
        "# TensorRT-LLM\n\n## Build\n\n```bash\ncd ./examples/chatglm\npython3 ../run.py --max_output_len 50\n```\n\n"
        "## Ours\n\n```bash\ncd demos\npython3 ../gone.py\n```\n\n"
        # FastChat: `cd fastchat_logs/controller` (a log folder) then `python3 -m pkg.serve`:
        # the installed package runs wherever the shell is; its flags are still checked.
        "## Logs\n\n```bash\ncd fastchat_logs/controller\npython3 -m demos.app --add-palm\ncat ../notes.txt\n```\n"
    )
    app = "import argparse\n\nif __name__ == '__main__':\n    p = argparse.ArgumentParser()\n    p.add_argument('--port')\n    p.parse_args()\n"
    files = {"demos/__init__.py": "", "demos/app.py": app, "trt/README.md": doc}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../gone.py", "--add-palm"]


def test_a_never_had_path_in_a_command_on_a_page_that_clones_another_repository_is_a_note(make_repo):
    """ChatGLM3: the page clones TensorRT-LLM; sections later, `python3 ../run.py` is that
    checkout's file. A path this repository had and removed stays stale."""
    doc = (
        "# TensorRT-LLM\n\n```bash\npython3 ../before.py\n```\n\nFirst, our own script.\n\nThen the engine.\n\n```bash\ngit clone https://github.com/NVIDIA/TensorRT-LLM.git\ncd TensorRT-LLM\n```\n\n"
        "## Inference\n\n```bash\npython3 ../run.py --max_output_len 50\npython3 ../removed.py\n```\n"
    )
    builder = make_repo({"removed.py": "x = 1\n", "other.py": "", "trt/README.md": "# x\n"})
    builder.commit({"trt/README.md": doc}, "the page", remove=("removed.py",))
    found = {f.text: f.confidence for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    # (Above the clone, the page is still this repository's.)
    assert found == {"../before.py": "medium", "../run.py": "low", "../removed.py": "high"}


def test_an_image_a_container_tool_runs_is_no_path(make_repo):
    """TorchServe: `docker run ... ts/vllm --model_id x` where `ts/` is its package: the
    image built with `-t ts/vllm`, not a folder; `-f docker/Dockerfile.gone` is a file."""
    doc = "# vLLM\n\n```bash\ndocker build . -f docker/Dockerfile.gone -t ts/vllm\ndocker run --rm -ti -p 8080:8080 -v data:/data ts/vllm --model_id m\n```\n"
    files = {"ts/__init__.py": "", "docker/Dockerfile": "FROM x\n", "README.md": doc}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["docker/Dockerfile.gone"]


def test_a_script_that_pushd_s_to_its_own_folder_writes_paths_from_there(make_repo):
    """TensorRT-Model-Optimizer: `pushd $script_dir/..` then `python ../livecodebench.py`;
    `popd` returns; `cd "$(dirname "$0")"` reads from the script's folder too."""
    script = (
        '#!/bin/bash\nscript_dir="$(dirname "$(readlink -f "$0")")"\npushd $script_dir/..\npython ../livecodebench.py\npopd\n'
        'cd "$(dirname "$0")"\npython ../../gone.py\n'
    )
    files = {"examples/livecodebench.py": "x = 1\n", "examples/llm_eval/run/eval.sh": script}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../../gone.py"]


def test_a_folder_pushd_enters_with_a_redirection_glued_on_is_followed(make_repo):
    """dgl-ke: `KG_DIR_TEST="${PWD}/python/dglke"`, then `pushd $KG_DIR_TEST> /dev/null`
    (no space before the `>`), then `pytest tests/test_score.py`: from python/dglke/."""
    script = '#!/bin/bash\nKG_DIR="${PWD}/python/"\nKG_DIR_TEST="${PWD}/python/dglke"\npushd $KG_DIR> /dev/null\npython3 setup.py install\npushd $KG_DIR_TEST> /dev/null\npython3 -m pytest tests/test_score.py\npython3 -m pytest tests/test_gone.py\n'
    files = {"tests/scripts/task_kg_test.sh": script, "python/setup.py": "x = 1\n", "python/dglke/tests/test_score.py": "x = 1\n"}
    found = audit(make_repo(files, removed=("python/dglke/tests/test_gone.py",)).root, blame=False).findings
    assert [f.text for f in found] == ["tests/test_gone.py"]


def test_a_myst_directives_name_is_a_link_target_and_a_file_named_like_a_key_is_a_file(make_repo):
    """neural-compressor: ```{code-block} python / :name: prepcode and `[code](#prepcode)`.
    NeMo-Guardrails: `core.co` in a list of library files, beside a `core` config section."""
    page = "# Quantize\n\n```{code-block} python\n:name: prepcode\n:caption: prep\nx = 1\n```\n\nSee [the code](#prepcode) and [gone](#gonecode).\n"
    lib = "# Library\n\nThe core flows live in `core.co`; set `core.gone_key` in the config.\n"
    files = {"docs/source/quant.md": page, "docs/lib.md": lib, "nemo/library/core.co": "flow x\n", "configs/base.yaml": "core:\n  actions: []\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["core.gone_key", "#gonecode"]


def test_pages_sphinx_generates_are_link_targets(make_repo):
    """Megatron-Energon's index.md: `[](genindex)` and `[](modindex)` are built by Sphinx."""
    index = "# Energon\n\n- [](genindex)\n- [](modindex)\n- [](search)\n- [](gone)\n"
    files = {"docs/source/conf.py": "project = 'x'\n", "docs/source/index.md": index}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["gone"]


def test_a_sentence_that_goes_on_to_say_the_name_is_gone_is_a_note(make_repo):
    code = "import os\nDIST = os.environ.get('TOOL_FRONTEND_DIST_DIR')\n"
    doc = (
        "Migration\n=========\n\n* The ``TOOL_FRONTEND_ENDPOINT`` environment variable has been\n  **removed**. Point\n"
        "  ``TOOL_FRONTEND_DIST_DIR`` at the build instead.\n* Set ``TOOL_FRONTEND_HOST`` to the\n  host name.\n\n"
        "Set ``TOOL_FRONTEND_PORT``.\nThe port was removed from the old guide.\n"
        # garak: the sentence began a line above ("The deprecated ... (and the").
        "\nThe deprecated ``--probes`` flags (and the\n``TOOL_PROBE_SPEC`` variable) map onto the spec.\n"
        "This is not.\n``TOOL_FRONTEND_USER`` is new.\n"
    )
    found = {f.text: f.confidence for f in audit(make_repo({"tool/__init__.py": "", "tool/env.py": code, "docs/migrate.rst": doc}).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT003"}
    # The wrapped sentence says so; another item, or the next sentence, does not speak for it.
    assert found == {"TOOL_FRONTEND_ENDPOINT": "low", "TOOL_FRONTEND_HOST": "medium", "TOOL_FRONTEND_PORT": "medium", "TOOL_PROBE_SPEC": "low", "TOOL_FRONTEND_USER": "medium"}


def test_a_file_a_wrapped_sentence_has_the_reader_create_is_a_note(make_repo):
    """PlasmaPy's doc guide: "It will then be necessary to create stub files at both /
    :file:`docs/api_static/plasmapy.io.rst` and ...": what the reader makes for a new
    subpackage, over a wrapped line (a role's `:file:` is no sentence end). A wrapped
    sentence that only names a file is judged."""
    doc = (
        "Stubs\n=====\n\nFor example, suppose a pull request adds ``pkg.io``. It\nwill then be necessary to create stub files at both\n"
        "   :file:`docs/api_static/pkg.io.rst` and\n   :file:`docs/api_static/pkg.io.readers.rst`.\n\n"
        "The index of the API is\n:file:`docs/api_static/index.rst`.\n"
    )
    files = {"pkg/__init__.py": "", "docs/conf.py": "project = 'x'\nextensions = []\n", "docs/api_static/pkg.rst": "pkg\n===\n", "docs/guide.rst": doc}
    found = {f.text: f.confidence for f in audit(make_repo(files, removed=('docs/api_static/index.rst',)).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    assert found == {"docs/api_static/pkg.io.rst": "low", "docs/api_static/pkg.io.readers.rst": "low", "docs/api_static/index.rst": "high"}


def test_an_option_in_a_wrapped_sentence_that_began_with_a_tool_s_command_is_that_tool_s():
    """VeOmni's docker README: "raw flags appended to `uv sync` (the CANN base image needs /
    `--allow-insecure-host github.com`": uv's option, over a wrapped line. One in a sentence
    about the repository's own program keeps its confidence."""
    from drift_docs.model import Finding
    from drift_docs.scope import downgrade_wrapped_history

    page = (
        "# Docker\n\n- `uv_extra_flags`: raw flags appended to `uv sync` (the base image needs\n"
        "  `--allow-insecure-host github.com` to fetch wheels).\n\nThe generator takes an image\nname: `--imge x`.\n"
    )
    uv = Finding("DRIFT002", "unknown-flag", "docker/README.md", 4, 4, "--allow-insecure-host", "unknown flag", "no flag", "medium", context="inline")
    own = Finding("DRIFT002", "unknown-flag", "docker/README.md", 7, 8, "--imge", "unknown flag", "no flag", "medium", context="inline")
    assert downgrade_wrapped_history([uv, own], lambda path: page) == 1
    assert (uv.confidence, own.confidence) == ("low", "medium") and "`uv sync`" in uv.evidence


def test_names_under_the_package_listed_together_that_it_never_defines_are_a_logs_fields(make_repo):
    doc = (
        "# Logs\n\nParsed fields:\n- `tool.timestamp` — timestamp\n- `tool.module` — module name\n- `tool.pid` — process ID\n\n"
        "Call `tool.strat()` first, then `tool.run()`.\n"
    )
    files = {"tool/__init__.py": "def start():\n    pass\n\n\ndef run():\n    pass\n", "docs/logs.md": doc}
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT005"}
    # Three listed names none of which the package defines: a log's fields. A misspelt
    # call beside a real one is still a finding.
    assert found == {"tool.timestamp": "low", "tool.module": "low", "tool.pid": "low", "tool.strat": "medium"}


def test_scripts_quoted_in_a_command_string_are_read_from_its_cd_and_not_inside_a_container(make_repo):
    doc = (
        "# Ingest\n\n```bash\n"
        "docker compose -f compose.yml run --rm agent bash -c 'cd sim_agent && python scripts/gone_in_image.py'\n"
        "bash -c 'cd agent && python scripts/ingest.py --drop'\n"
        "bash -c 'cd agent && python scripts/missing.py'\n"
        "COMMAND=\"python tools/gone.py\"\n"
        "```\n"
    )
    files = {"agent/scripts/ingest.py": "print(1)\n", "agent/scripts/other.py": "", "tools/keep.py": "", "compose.yml": "services: {}\n", "docs/ingest.md": doc}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    # A container's command runs in its image; a `cd` in the string says where the rest runs.
    assert found == [(6, "scripts/missing.py"), (7, "tools/gone.py")]


def test_a_readme_of_another_project_across_the_repository_is_no_fix(make_repo):
    doc = "# Skill\n\nSee [tools](../../tools/README.md) and [the loader](../../loader/load_data.py).\n"
    files = {
        "industries/agent/src/skills/sim/SKILL.md": doc,
        "industries/agent/src/app.py": "",
        "RAG/tools/README.md": "# RAG tools\n",
        "RAG/loader/load_data.py": "",
    }
    found = {f.text: f.replacement for f in audit(make_repo(files).root, blame=False).findings}
    # A name every folder has, found in another project, is no fix; a specific one still is.
    assert found == {"../../tools/README.md": None, "../../loader/load_data.py": "../../../../../RAG/loader/load_data.py"}


def test_a_variable_the_page_exports_for_its_own_shell_lines_is_a_note(make_repo):
    code = "import os\nHOME = os.environ.get('TOOL_HOME')\n"
    doc = (
        "# Install\n\n```bash\nexport TOOL_REPO_ROOT=/path/to/tool\nexport PYTHONPATH=\"${TOOL_REPO_ROOT}:${PYTHONPATH}\"\n"
        "export TOOL_CACHE=/tmp/cache\npython -m tool.run\n```\n"
    )
    files = {"tool/__init__.py": "", "tool/run.py": code, "docs/install.md": doc}
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT003"}
    # Expanded by the page's next line: the shell's own. One only exported: for the program.
    assert found == {"TOOL_REPO_ROOT": "low", "TOOL_CACHE": "high"}


def test_nextra_pages_are_folders_too(make_repo):
    """A Nextra site (its package.json names nextra) serves content/guide/setup.md at
    /guide/setup/: `../../tools/context/` there is content/tools/context.md."""
    page = "# Setup\n\nSee [context](../../tools/context/) and [gone](../../tools/removed/).\n"
    files = {
        "site/package.json": '{"dependencies": {"next": "15", "nextra": "^4.3.0"}}\n',
        "site/content/guide/get_started/setup.md": page,
        "site/content/guide/tools/context.md": "# Context\n",
        "wiki/guide/get_started/setup.md": page,
        "wiki/guide/tools/context.md": "# Context\n",
    }
    found = sorted((f.path, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001")
    # Outside the site the page is read as GitHub renders it: a note where only a site that
    # serves pages as folders makes the link right.
    assert found == [
        ("site/content/guide/get_started/setup.md", "../../tools/removed/", "high"),
        ("wiki/guide/get_started/setup.md", "../../tools/context/", "low"),
        ("wiki/guide/get_started/setup.md", "../../tools/removed/", "high"),
    ]


def test_a_script_inside_the_folder_a_path_starts_with_writes_it_from_that_folders_parent(make_repo):
    batch = "#!/bin/bash\nbash scripts/final/run_small.sh\nbash scripts/final/run_gone.sh\n"
    files = {"tts/evaluate.py": "", "tts/scripts/batch.sh": batch, "tts/scripts/final/run_small.sh": "python evaluate.py\n"}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    # Run from tts/, as the scripts it calls are: only the one that is missing there.
    assert found == [(3, "scripts/final/run_gone.sh")]


def test_a_path_given_as_an_example_of_what_the_reader_creates_is_a_note(make_repo):
    doc = (
        "# Tests\n\n1. Create a new directory under `test/eval/` with the model name (e.g., `test/eval/llava/`)\n"
        "2. Run the suite in `test/eval/gone/` (e.g., `test/eval/missing/`) first.\n"
        # pyribs: where the reader may save theirs.
        "3. Notebooks may also be\n   saved in a subdirectory of `test/`, e.g., `test/features`.\n"
    )
    files = {"test/eval/__init__.py": "", "test/eval/base/test_x.py": "", "docs/tests.md": doc}
    found = {f.text: f.confidence for f in audit(make_repo(files, removed=('test/eval/gone/x.py', 'test/eval/missing/x.py', 'test/features/x.py')).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"}
    # An example of a directory the reader makes is no claim; an example of nothing new is.
    assert found == {"test/eval/llava": "low", "test/features": "low", "test/eval/gone": "high", "test/eval/missing": "high"}


def test_a_file_of_the_same_name_in_no_folder_of_the_path_is_no_fix(make_repo):
    doc = "# Data\n\nRun `examples/data_preprocess/gsm8k.py`, then `scripts/train/run.sh`.\n"
    files = {"examples/other.py": "", "pkg/utils/reward_score/gsm8k.py": "", "scripts/run.sh": "", "docs/data.md": doc}
    found = {f.text: (f.confidence, f.replacement) for f in audit(make_repo(files, removed=('examples/data_preprocess/gsm8k.py',)).root, blame=False).findings}
    # A reward scorer that shares only the file name is no fix for a data script; a script
    # one folder up in the same folder is.
    assert found == {"examples/data_preprocess/gsm8k.py": ("high", None), "scripts/train/run.sh": ("high", "scripts/run.sh")}


def test_a_script_named_in_prose_without_its_suffix_is_that_script(make_repo):
    doc = "# Sizing\n\nRun the `plotting/convert_to_csv` script, then [plot](plotting/plot_all).\n"
    files = {"plotting/convert_to_csv.py": "", "plotting/plot_all.py": "", "docs/sizing.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    # Prose may leave the suffix off; a link to a path without it is broken all the same.
    assert found == ["plotting/plot_all"]


def test_a_block_run_in_a_checkout_at_a_given_commit_is_a_note(make_repo):
    doc = (
        "# Benchmarks\n\n* __ours__: run\n  ```\n  python tools/train.py --config-file configs/gone.yaml\n  ```\n\n"
        "* __other__: use commit `0ce8f6f` with a patch\n  to make it work. Then, run training with\n"
        "  ```\n  python tools/train.py --config-file configs/e2e_mask_rcnn.yaml\n  ```\n"
    )
    train = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--config-file')\np.parse_args()\n"
    files = {"tools/train.py": train, "configs/base.yaml": "a: 1\n", "docs/bench.md": doc}
    found = {f.text: f.confidence for f in audit(make_repo(files, removed=('configs/gone.yaml',)).root, blame=False, config_file=["min-confidence = 'low'"]).findings}
    assert found == {"configs/gone.yaml": "high", "configs/e2e_mask_rcnn.yaml": "low"}


def test_a_backslash_in_an_html_link_is_a_slash_to_the_browser(make_repo):
    """`<img src="docs/\\_static/logo.png">`: an escape left from Markdown; the browser reads
    `\\` as `/` and the file shows. A missing file behind a backslash is still stale."""
    readme = '# Lib\n\n<img src="docs/\\_static/img/logo.png" width="40%"/>\n<img src="docs/\\_static/img/gone.png"/>\n'
    builder = make_repo({"README.md": readme, "docs/_static/img/logo.png": "png"})
    stale = [(f.line, f.rule) for f in audit(builder.root, blame=False).findings]
    assert stale == [(4, "DRIFT001")]


def test_a_heading_written_in_html_has_its_github_anchor(make_repo):
    """alpaca_eval puts sections under `<details><summary><h2 dir="auto">…</h2>`: GitHub
    anchors those like `##` headings (18 of 20 false findings)."""
    readme = (
        "# Eval\n\n- [Leaderboard](#making-a-new-leaderboard)\n- [LC](#length-controlled-win-rates)\n- [Gone](#no-such-section)\n\n"
        '<details>\n  <summary><h2 tabindex="-1" dir="auto">Making a new leaderboard</h2></summary>\n\nText.\n</details>\n\n'
        "<h3 align=\"center\">Length-Controlled <em>Win</em> Rates</h3>\n"
    )
    found = [(f.rule, f.text) for f in audit(make_repo({"README.md": readme}).root, blame=False).findings]
    assert found == [("DRIFT008", "#no-such-section")]


def test_an_indented_html_heading_keeps_its_indent_in_its_github_anchor(make_repo):
    """deepchecks: `<summary>\n  <h4>\n     Testing Quickstart\n  </h4>`, linked as
    `#-----testing-quickstart--`: GitHub drops the line breaks and keeps the spaces."""
    readme = (
        "# Checks\n\n- [Quickstart](#-----testing-quickstart--)\n- [Plain](#testing-quickstart)\n- [Gone](#---testing-quickstart)\n\n"
        "<details open>\n   <summary>\n  <h4>\n     Testing Quickstart\n  </h4>\n   </summary>\n\nText.\n</details>\n"
    )
    found = [(f.rule, f.text) for f in audit(make_repo({"README.md": readme}).root, blame=False).findings]
    assert found == [("DRIFT008", "#---testing-quickstart")]


def test_a_sphinx_page_s_link_into_static_climbs_to_the_site_root(make_repo):
    """BentoML: `.. image:: ../../_static/img/a.png` one folder deep; sentence-transformers:
    `<iframe src="../../../_static/html/t.html">`. The site serves `_static/` at its root and
    the browser stops climbing there: both show. A static file that is nowhere is stale;
    `:doc:` into another project intersphinx maps (`optimum:usage/x`) is not this tree's."""
    files = {
        "docs/source/conf.py": "html_static_path = ['_static']\n",
        "docs/source/_static/img/a.png": "png",
        "docs/source/_static/html/t.html": "<p>",
        "docs/source/guide/deploy.rst": "Deploy\n======\n\n.. image:: ../../_static/img/a.png\n\n.. image:: ../../_static/img/gone.png\n\nSee :doc:`optimum:usage/quantization`.\n",
        "docs/source/guide/models.md": '# Models\n\n<iframe src="../../../_static/html/t.html"></iframe>\n',
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/source/guide/deploy.rst", "../../_static/img/gone.png")]


def test_a_link_s_code_label_names_the_file_the_link_reaches(make_repo):
    """cleanrl: [`benchmark.py`](https://github.com/o/r/blob/master/utils/benchmark.py),
    while the scripts write a run-time folder `benchmark`: the label is no stale path, and
    no run-time folder is a fix for a file name."""
    files = {
        "utils/__init__.py": "",
        "utils/benchmark.py": "print(1)\n",
        "benchmark/README.md": "# Results\n",
        "bench/run.sh": "python -m utils.benchmark --out benchmark/results\n",
        "docs/contributing.md": (
            "# Contributing\n\nRun [`benchmark.py`](https://github.com/o/r/blob/master/utils/benchmark.py).\n"
            "See [`run.sh`](../bench/run.sh) and [`gone.sh`](../bench/gone.sh).\n"
            # Surprise: a label spelt loosely for the file the address names.
            "Look at [`utils/benchmarks`](https://github.com/o/r/blob/master/utils/benchmark.py), not `utils/benchmarkz`.\n"
        ),
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == [(4, "../bench/gone.sh"), (5, "utils/benchmarkz")]


def test_a_package_that_replaces_itself_with_a_lazy_module_has_any_name(make_repo):
    """optimum-intel: `sys.modules[__name__] = _LazyModule(..., _import_structure)` makes
    `pkg.OVLTXPipeline` on demand from the names the structure spells; a name it does not
    spell (trl's `STFConfig`) fails, as does a plain package's missing name."""
    lazy = (
        "import sys\nfrom transformers.utils import _LazyModule\n\n_import_structure = {'models': []}\n"
        "_import_structure['models'].extend(['OVPipeline'])\n\n"
        "sys.modules[__name__] = _LazyModule(__name__, globals()['__file__'], _import_structure)\n"
    )
    files = {
        "pkg/__init__.py": lazy,
        "pkg/models.py": "class OVPipeline:\n    pass\n",
        "plain/__init__.py": "VALUE = 1\n",
        "README.md": "# Use\n\n```python\nfrom pkg import OVPipeline\nfrom pkg import OVPipelin\nfrom plain import Gone\n```\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.OVPipelin", "plain.Gone"]


def test_a_page_only_a_translation_has_is_no_fix_for_an_english_link(make_repo):
    """ROLL: docs/guide/runner.md links `prefix.md`, which only the Docusaurus zh-Hans
    tree has: the English page is missing; linking into the translation is no fix."""
    files = {
        "site/docs/guide/runner.md": "# Runner\n\nSee [prefix](prefix.md) and [setup](setup.md).\n",
        "site/i18n/zh-Hans/docusaurus-plugin-content-docs/current/guide/prefix.md": "# 前缀\n",
        "site/docs/start/setup.md": "# Setup\n",
    }
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("prefix.md", None), ("setup.md", "../start/setup.md")]


def test_a_model_id_beside_a_folder_of_its_organisation_s_name_is_no_path(make_repo):
    """llama-stack: the nvidia provider's page names `nvidia/llama-3.2-nv-embedqa-1b-v2`,
    a model, from inside providers/nvidia/. A lost folder of the repository's own tree
    with a size in its name (`examples/llama-7b`) is still stale."""
    page = "# NVIDIA\n\nEmbedding models (e.g., `nvidia/llama-3.2-nv-embedqa-1b-v2`) need `input_type`.\nRun `examples/llama-7b/run.sh` or see `examples/llama-7b`.\n"
    files = {"pkg/__init__.py": "", "pkg/providers/nvidia/README.md": page, "pkg/providers/nvidia/adapter.py": "x = 1\n", "examples/other/run.sh": "echo\n"}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == ["examples/llama-7b/run.sh", "examples/llama-7b"]


def test_a_made_up_pull_request_number_and_a_test_of_what_you_changed_are_placeholders(make_repo):
    """hydra's CONTRIBUTING: "add `news/1234.bugfix`"; llama-stack: "run
    `tests/integration/inference/test_modified.py`". Both are the reader's to make."""
    doc = "# Contributing\n\nAdd `news/1234.bugfix` and run `tests/unit/test_modified.py`, then `tests/unit/test_gone.py`.\n"
    files = {"tests/unit/test_a.py": "def test_a():\n    pass\n", "news/.gitignore": "!.gitignore\n", "CONTRIBUTING.md": doc}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["tests/unit/test_gone.py"]


def test_options_listed_with_a_common_tool_s_option_are_that_tool_s(make_repo):
    """graphrag's agent skill: "never add `--index`/`--default-index`/`--index-url`
    overrides" (uv's options, pip's `--index-url`). An option listed alone is still ours."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--limit')\np.parse_args()\n"
    doc = "# Deps\n\nNever add `--index`/`--default-index`/`--index-url` overrides.\nPass `--limitt` to the tool.\n\n```bash\npython tool/cli.py --limit 3\n```\n"
    files = {"tool/__init__.py": "", "tool/cli.py": cli, "docs/deps.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == ["--limitt"]


def test_options_of_a_runner_that_reads_sys_argv_itself_are_not_unknown(make_repo):
    """spinningup: `python -m spinup.run ppo --act torch.nn.ELU`, in a Sphinx
    parsed-literal, runs a module that turns any `--kwarg` into a keyword argument
    without a parser; the page's options are not unknown flags. The block is still read
    as a command: a script that does have a parser is judged."""
    runner = "import sys\n\ndef main():\n    for arg in sys.argv[2:]:\n        print(arg)\n\nif __name__ == '__main__':\n    main()\n"
    plot = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--logdir')\np.parse_args()\n"
    page = (
        "Running\n=======\n\n.. parsed-literal::\n\n    python -m spinup.run ppo --env Walker2d-v2 --act torch.nn.ELU\n\n"
        "With ``ppo_tf1``, pass ``--act tf.nn.elu``.\n\n.. option:: --num_cpu\n\n    Processes.\n\n"
        ".. parsed-literal::\n\n    python spinup/plot.py --logdirr data\n\n"
        ".. parsed-literal::\n\n    data_dir/[prefix]exp_name --not-a-command\n"
    )
    files = {"spinup/__init__.py": "", "spinup/run.py": runner, "spinup/plot.py": plot, "docs/running.rst": page}
    found = [(f.text, f.line) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == [("--logdirr", 16)]


def test_a_doc_site_resolves_a_short_name_in_its_package_not_in_a_root_folder_of_scripts(make_repo):
    """accelerate's docs write [`utils.DeepSpeedPlugin`], which doc-builder resolves as
    accelerate.utils.DeepSpeedPlugin; the root `utils/` holds maintenance scripts with no
    __init__.py. A class that neither has is still unknown."""
    files = {
        "src/accelerate/__init__.py": "",
        "src/accelerate/utils/__init__.py": "from .dataclasses import DeepSpeedPlugin\n",
        "src/accelerate/utils/dataclasses.py": "class DeepSpeedPlugin:\n    pass\n",
        "utils/stale.py": "def main():\n    print('maintenance')\n",
        "utils/check_all.py": "from utils.stale import main\n",
        "docs/source/deepspeed.md": "# DeepSpeed\n\nPass a [`utils.DeepSpeedPlugin`] or a [`utils.GonePlugin`].\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["utils.GonePlugin"]


def test_a_file_named_after_the_package_is_a_file(make_repo):
    """axolotl's examples/slurm/README.md: "Copy [`axolotl.slurm`](./axolotl.slurm)",
    a Slurm script beside the page, not the attribute `slurm` of the package."""
    files = {
        "axolotl/__init__.py": "",
        "examples/slurm/axolotl.slurm": "#!/bin/bash\n",
        "deploy/systemd/axolotl.worker.service": "[Unit]\n",
        "examples/slurm/README.md": "# Slurm\n\nCopy [`axolotl.slurm`](./axolotl.slurm), start `axolotl.worker.service`, then read `axolotl.gone_helper`.\n\n```bash\nsudo systemctl stop axolotl.worker.service\n```\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["axolotl.gone_helper"]


def test_a_model_id_linked_as_a_file_gets_its_hub_address(make_repo):
    """axolotl: `[Ministral](mistralai/Ministral-8B-Instruct-2410)` resolves inside the
    repository on GitHub, where there is no such file: a broken link whose fix is the
    model's page on the Hub. A missing folder of the repository gets no such fix."""
    page = "# Ministral\n\nTrain [Ministral](mistralai/Ministral-8B-Instruct-2410) with [the config](configs/gone.yml).\n\n![picker](images/04b-picker.png)\n"
    files = {"pkg/__init__.py": "", "examples/ministral/README.md": page, "examples/ministral/train.yml": "a: 1\n"}
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings]
    # An image whose name has a size-like part (`04b`) is still an image, no model.
    assert found == [("mistralai/Ministral-8B-Instruct-2410", "https://huggingface.co/mistralai/Ministral-8B-Instruct-2410"), ("configs/gone.yml", None), ("images/04b-picker.png", None)]


def test_options_of_a_renamed_import_and_of_another_package_s_class(make_repo):
    """FlagEmbedding: coir_eval/main.py parses `COIREvalModelArgs`, which its sibling
    arguments.py imports as `AbsEvalModelArgs as COIREvalModelArgs`; air_bench's
    __main__.py parses `AIRBenchEvalArgs`, air_benchmark's `EvalArgs` renamed. The first
    has the fields of the class it renames; the second, options drift cannot read.
    `python -m FlagEmbedding.evaluation.air_bench` runs the package's __main__.py."""
    base = "from dataclasses import dataclass\n\n@dataclass\nclass AbsEvalModelArgs:\n    embedder_name_or_path: str = ''\n"
    coir_args = "from FlagEmbedding.abc import AbsEvalModelArgs as COIREvalModelArgs\n"
    coir_main = "from transformers import HfArgumentParser\nfrom arguments import COIREvalModelArgs\n\nif __name__ == '__main__':\n    (m,) = HfArgumentParser((COIREvalModelArgs,)).parse_args_into_dataclasses()\n"
    air_args = "from dataclasses import dataclass\nfrom air_benchmark import EvalArgs as AIRBenchEvalArgs\n\n@dataclass\nclass AIRBenchEvalModelArgs:\n    devices: str = ''\n"
    air_init = "from .arguments import AIRBenchEvalArgs, AIRBenchEvalModelArgs\n"
    air_main = "from transformers import HfArgumentParser\nfrom FlagEmbedding.evaluation.air_bench import AIRBenchEvalArgs, AIRBenchEvalModelArgs\n\ndef main():\n    HfArgumentParser((AIRBenchEvalArgs, AIRBenchEvalModelArgs)).parse_args_into_dataclasses()\n\nif __name__ == '__main__':\n    main()\n"
    page = (
        "# Eval\n\n```bash\npython main.py --embedder_name_or_path BAAI/bge --embedder_nme x\n```\n\n"
        "```bash\npython -m FlagEmbedding.evaluation.air_bench --benchmark_version v1 --devices cuda:0\n```\n"
    )
    files = {
        "FlagEmbedding/__init__.py": "",
        "FlagEmbedding/abc.py": base,
        "FlagEmbedding/evaluation/__init__.py": "",
        "FlagEmbedding/evaluation/air_bench/__init__.py": air_init,
        "FlagEmbedding/evaluation/air_bench/arguments.py": air_args,
        "FlagEmbedding/evaluation/air_bench/__main__.py": air_main,
        "research/coir_eval/arguments.py": coir_args,
        "research/coir_eval/main.py": coir_main,
        "research/coir_eval/README.md": page,
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == ["--embedder_nme"]


def test_a_shell_script_s_own_options_are_options(make_repo):
    """guidellm's weekly-summary skill: "prereleases are omitted unless
    `--include-prereleases` is passed", an option scripts/fetch_activity.sh takes in a
    `case "$1" in` of its own."""
    script = 'while [[ $# -gt 0 ]]; do\n  case "$1" in\n    --body-max) B=$2; shift 2;;\n    --include-prereleases|-p) P=1; shift;;\n    --since=*) S=1; shift;;\n  esac\ndone\n'
    page = "# Summary\n\n- Pass `--include-prereleases`, raise `--body-max` or set `--since=2024-01-01`; `--no-such-option` is gone.\n"
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--limit')\np.parse_args()\n"
    files = {"pkg/__init__.py": "", "pkg/cli.py": cli.replace("p.parse_args()", "p.add_argument('--no-such-option')\np.parse_args()"), "skills/weekly/scripts/fetch_activity.sh": script, "skills/weekly/SKILL.md": page}
    builder = make_repo(files)
    builder.commit({"pkg/cli.py": cli}, "Drop --no-such-option")  # a name the code had: still reported
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["--no-such-option"]


def test_an_option_of_another_subcommand_gets_no_fix_that_is_itself(make_repo):
    """dstack: `--importer` is an option of `export create`; passed to `apply` it is
    another subcommand's, and the fix drift offered was `--importer` itself (a name with
    no `-` or `_` to swap is spelled no other way)."""
    cli = (
        "import argparse\n\n\nclass Export:\n    def __init__(self, parser):\n        self._parser = parser\n\n"
        "    def register(self):\n        subparsers = self._parser.add_subparsers(dest='action')\n"
        "        create = subparsers.add_parser('create')\n        create.add_argument('--importer', action='append')\n\n\n"
        "def main():\n    parser = argparse.ArgumentParser()\n    subs = parser.add_subparsers()\n    Export(subs.add_parser('export')).register()\n"
        "    apply = subs.add_parser('apply')\n    apply.add_argument('--force', action='store_true')\n    parser.parse_args()\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    page = "# Exports\n\n```shell\npython tool/cli.py export create --importer team-b\npython tool/cli.py apply --importer team-b\n```\n"
    files = {"tool/__init__.py": "", "tool/cli.py": cli, "docs/exports.md": page}
    found = [(f.line, f.text, f.replacement, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT002"]
    assert found == [(5, "--importer", None, "low")]


def test_a_gone_class_and_its_method_on_one_line_are_one_finding(make_repo):
    """optuna's FAQ names `optuna.integration.ChainerMNStudy` and its `.optimize` in one
    sentence: the class went, its method with it. On another line the method still counts."""
    page = "FAQ\n===\n\nUse :class:`~pkg.integration.ChainerMNStudy` and :meth:`~pkg.integration.ChainerMNStudy.optimize`.\n\nThen :meth:`pkg.integration.ChainerMNStudy.optimize`.\n"
    files = {"pkg/__init__.py": "", "pkg/integration.py": "class Other:\n    pass\n", "docs/faq.rst": page}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(4, "pkg.integration.ChainerMNStudy"), (6, "pkg.integration.ChainerMNStudy.optimize")]


def test_a_class_a_snippet_imports_in_parentheses_is_the_one_it_names(make_repo):
    """flashinfer's MoE design doc: `from flashinfer.moe_ep import (\\n MoEWeightPack, ...)`
    then `MoEWeightPack(w13=..., w2=...)`: moe_ep's class (not a dataclass), not the
    dataclass of that name in fused_moe, which has other fields."""
    page = "# MoE\n\n```python\nfrom pkg.moe_ep import (\n    MoEEpLayer,\n    MoEWeightPack,\n)\n\nw = MoEWeightPack(w13=1, w2=2)\n```\n"
    files = {
        "pkg/__init__.py": "",
        "pkg/moe_ep/__init__.py": "from .weights import MoEWeightPack\n\nclass MoEEpLayer:\n    pass\n",
        "pkg/moe_ep/weights.py": "class MoEWeightPack:\n    def __init__(self, w13, w2):\n        self.w13, self.w2 = w13, w2\n",
        "pkg/fused_moe/__init__.py": "",
        "pkg/fused_moe/api.py": "from dataclasses import dataclass\n\n@dataclass\nclass MoEWeightPack:\n    gemm1: int = 0\n",
        "docs/moe.md": page,
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == []


def test_python_m_with_a_file_name_gets_the_module_name(make_repo):
    """qlib: `python -m qlib.rl.contrib.train_onpolicy.py`: -m takes a module name."""
    page = "# RL\n\n```bash\npython -m pkg.contrib.train.py --config x.yml\n```\n"
    files = {"pkg/__init__.py": "", "pkg/contrib/__init__.py": "", "pkg/contrib/train.py": "if __name__ == '__main__':\n    pass\n", "docs/rl.md": page}
    found = [(f.text, f.replacement, f.certain) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("pkg.contrib.train.py", "pkg.contrib.train", True)]


def test_python_m_runs_a_script_whose_file_name_has_dashes(make_repo):
    """StreamDiffusion: `python -m streamdiffusion.tools.install-tensorrt` runs
    tools/install-tensorrt.py (runpy finds the file; only an import needs a name).
    A dashed name the package has no file for is still unknown."""
    page = "# Install\n\n```bash\npython -m pkg.tools.install-tensorrt\npython -m pkg.tools.install-cuda\n```\n"
    files = {"pkg/__init__.py": "", "pkg/tools/__init__.py": "", "pkg/tools/install-tensorrt.py": "print('x')\n", "README.md": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.tools.install-cuda"]


def test_a_dataclass_only_a_test_defines_is_not_the_one_a_page_calls(make_repo):
    """flax's lift.md calls `nn.Dense(features=3, name='dense')`: linen's Dense, not the
    dataclass `Dense` a test file defines with other fields."""
    page = "# Lift\n\n```python\nimport pkg.linen as nn\n\nlayer = nn.Dense(features=3, name='dense')\n```\n"
    files = {
        "pkg/__init__.py": "", "pkg/linen.py": "class Module:\n    pass\n",
        "tests/test_lift.py": "from dataclasses import dataclass\n\n@dataclass\nclass Dense:\n    features: int = 1\n",
        "docs/lift.md": page,
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == []


def test_keywords_of_a_dataclass_with_its_own_open_init_or_private_fields(make_repo):
    """pydantic-ai: `SetToolMetadata(tools=[...], sensitive=True)`, a @dataclass(init=False)
    whose __init__ takes `**metadata: Any`; `EvaluatorContext(_span_tree=...)`, a private
    field. A keyword a closed dataclass lacks is still unknown."""
    code = (
        "from dataclasses import dataclass, field\nfrom typing import Any\n\n\n@dataclass(init=False)\nclass SetToolMetadata:\n    tools: str = 'all'\n\n"
        "    def __init__(self, *, tools: str = 'all', **metadata: Any) -> None:\n        self.tools = tools\n\n\n"
        "@dataclass\nclass EvaluatorContext:\n    name: str\n    _span_tree: int = field(repr=False, default=0)\n"
    )
    page = "# Tools\n\n```python\nfrom pkg.caps import SetToolMetadata, EvaluatorContext\n\nSetToolMetadata(tools='search', sensitive=True)\nEvaluatorContext(name='x', _span_tree=1, nme='y')\n```\n"
    files = {"pkg/__init__.py": "", "pkg/caps.py": code, "docs/tools.md": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["nme"]



def test_a_sub_project_s_page_naming_a_file_only_another_sub_project_has(make_repo):
    """InternVideo's Open-Set-Action-Recognition (a project of its own, with setup.py)
    shows PySlowFast's `python tools/run_net.py` in a speed comparison; the only
    `tools/run_net.py` is UniFormerV2's, another sub-project: no fix, and only a note.
    A missing file of the page's own project is still stale, and one the repository's own
    level has (Megatron-LM's docs/ for megatron/core/) is still its fix; a docs/ Makefile
    and an examples/ requirements.txt make no projects apart (accelerate)."""
    page = "# Benchmark\n\n```shell\npython tools/run_net.py --cfg configs/Kinetics/I3D.yaml\npython tools/gone.py\n```\n\nSee `docs/api/offloading.md`.\n"
    files = {
        "docs/user/offloading.md": "# Offloading\n",
        "docs/Makefile": "html:\n\tsphinx-build . _build\n",
        "docs/source/parallel.md": "# Parallel\n\nRun `examples/fsdp2/nd_parallel.py`.\n",
        "examples/requirements.txt": "torch\n",
        "examples/torch_native/nd_parallel.py": "print(1)\n",
        "osar/setup.py": "from setuptools import setup\nsetup()\n",
        "osar/tools/train.py": "print(1)\n",
        "osar/docs/benchmark.md": page,
        "uniformer/setup.py": "from setuptools import setup\nsetup()\n",
        "uniformer/tools/run_net.py": "print(1)\n",
    }
    found = [(f.text, f.confidence, f.replacement) for f in audit(make_repo(files, removed=('osar/tools/gone.py',)).root, blame=False, config_file="min-confidence = 'low'").findings if f.rule == "DRIFT001"]
    assert found == [
        ("examples/fsdp2/nd_parallel.py", "high", "examples/torch_native/nd_parallel.py"),
        ("tools/run_net.py", "low", None),
        ("tools/gone.py", "high", None),
        ("docs/api/offloading.md", "high", "docs/user/offloading.md"),
    ]


def test_a_namespace_variable_a_companion_package_reads_is_a_note(make_repo):
    """LMCache: `LMCACHE_CONFIG_FILE=x.yaml lmcache_vllm serve ...` and examples that import
    `lmcache_vllm`, another distribution of the family that this repository does not hold:
    it reads the namespace too, out of sight. A near miss of a name the code reads stays."""
    code = "import os\nHOME = os.environ.get('TOOL_HOME')\n"
    example = "from tool_vllm.vllm import LLM\n\nLLM('m')\n"
    doc = (
        "# Serve\n\n```bash\nTOOL_CONFIG_FILE=x.yaml tool_vllm serve org/model\n"
        "TOOL_CONFIG_FILE=x.yaml python examples/offline.py\nTOOL_HOMEE=/data python examples/offline.py\n```\n"
    )
    files = {"tool/__init__.py": "", "tool/env.py": code, "examples/offline.py": example, "README.md": doc}
    found = {(f.line, f.text): f for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT003"}
    assert {key: f.confidence for key, f in found.items()} == {(4, "TOOL_CONFIG_FILE"): "low", (5, "TOOL_CONFIG_FILE"): "low", (6, "TOOL_HOMEE"): "high"}
    assert "tool_vllm, a companion" in found[(4, "TOOL_CONFIG_FILE")].evidence
    # Without the companion, the same unread name is a finding.
    builder = make_repo({"examples/offline.py": "print('mine')\n", "README.md": doc.replace("tool_vllm serve", "tool serve")})
    assert {f.confidence for f in audit(builder.root, blame=False).findings if f.text == "TOOL_CONFIG_FILE"} == {"high"}


def test_a_pasted_report_after_its_command_and_a_templated_url_name_no_paths(make_repo):
    """speechbrain: a coverage report pasted under its pytest command lists module paths
    of an old run, row by row; a notebook header's `blob/develop/docs/{tutorialpath}` is
    filled in by a script. A script the block runs is still a path."""
    doc = (
        "# Coverage\n\n```\npytest --cov=tool tests\n\nName                Stmts   Miss  Cover\n"
        "tool/core.py          424    155    63% <== < 80%\ntool/gone.py           99      8    92%\n"
        "tools/missing.py --fast\n```\n\n"
        "[Open](https://github.com/acme/tool/blob/main/docs/{tutorialpath}) or [this](https://github.com/acme/tool/blob/main/docs/old.md)\n"
    )
    files = {"tool/__init__.py": "", "tool/core.py": "", "tools/run.py": "", "docs/index.md": "# Docs\n", "docs/coverage.md": doc}
    builder = make_repo(files)
    builder.repo.git.remote("add", "origin", "https://github.com/acme/tool.git")
    found = sorted((f.line, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001")
    assert found == [(9, "tools/missing.py"), (12, "docs/old.md")]


def test_an_agent_skill_links_files_from_the_repository_root(make_repo):
    """RLinf's `.codex/skills/test-install/SKILL.md` links `.github/workflows/e2e.yml` and
    its own `driver.py` by their paths from the root, where the agent runs; a link there
    that resolves from nowhere is still stale, and a README's root-style link still is."""
    skill = "# Test install\n\nThe harness is [driver.py](.codex/skills/test/driver.py); it reads [the workflow](.github/workflows/e2e.yml) and [gone](scripts/gone.sh).\n"
    files = {
        ".codex/skills/test/SKILL.md": skill,
        ".codex/skills/test/driver.py": "",
        ".github/workflows/e2e.yml": "on: push\n",
        "docs/guide.md": "# Guide\n\nSee [the workflow](.github/workflows/e2e.yml).\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001")
    assert found == [(".codex/skills/test/SKILL.md", "scripts/gone.sh"), ("docs/guide.md", ".github/workflows/e2e.yml")]


def test_a_package_whose_names_are_made_at_run_time_is_open(make_repo):
    """metaflow's __init__ hands `globals()` to the plugin loader (`from metaflow import card`
    works); lightning.data aliases itself to litdata with `sys.modules[...] = litdata`, so
    `lightning.data.streaming.item_loader` is litdata's. A package that does neither is
    still checked."""
    files = {
        "flow/__init__.py": "from .plugins import load_decorators\n\nload_decorators(globals())\n",
        "flow/plugins.py": "def load_decorators(namespace):\n    namespace.update({})\n",
        "pkg/__init__.py": "",
        "pkg/data/__init__.py": "import sys\n\ntry:\n    import otherdata\nexcept ImportError:\n    raise\nelse:\n    sys.modules['pkg.data'] = otherdata\n",
        "pkg/core.py": "class Trainer:\n    pass\n",
        "docs/api.md": "# API\n\nUse `flow.card`, `pkg.data.streaming.item_loader` and `pkg.core.Gone`.\n\n```python\nfrom pkg.data.streaming.item_loader import TokensLoader\n```\n",
        # nvitop registers each api submodule under its own name (a key with brackets of
        # its own); eventlet's green module copies the standard module's names in.
        "top/__init__.py": "import sys\n\nfrom top.api import device\n\nfor submodule in (device,):\n    sys.modules[f'{__name__}.{submodule.__name__.rpartition(\".\")[-1]}'] = submodule\n",
        "top/api/__init__.py": "", "top/api/device.py": "class Device:\n    pass\n",
        "green/__init__.py": "", "green/patcher.py": "def inject(name, namespace, *extra):\n    pass\n",
        "green/request.py": "from green import patcher\n\npatcher.inject('urllib.request', globals(), ('http.client', None))\n",
        "docs/more.md": "# More\n\n```python\nimport top.device as device\nfrom green.request import urlopen\nfrom green.patcher import gone\n```\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005"]
    assert found == ["pkg.core.Gone", "green.patcher.gone"]


def test_a_go_programs_config_keys_a_ci_secret_and_a_contributors_table_are_not_drift(make_repo):
    """cog: `build.sdk_version` is a field of the Go struct cog.yaml is read into, though
    no example cog.yaml sets it; `COG_TAP_KEY` is a GitHub Actions secret; the
    all-contributors table's `#ideas-x` links are the bot's. A key no struct has, and a
    variable nothing reads, are still reported."""
    go = 'package config\n\ntype Build struct {\n\tRun *string `json:"run,omitempty" yaml:"run,omitempty"`\n\tSDKVersion string `yaml:"sdk_version"`\n}\n'
    readme = (
        "# Tool\n\nSet `build.sdk_version`, `build.run` or `build.gpu_count` in cog.yaml; export `COG_TAP_KEY` and `COG_DEBUG_LEVEL`.\n\n"
        "## Contributors\n\n<!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify this section -->\n"
        '<td><a href="#ideas-alice" title="Ideas">🤔</a></td>\n<!-- ALL-CONTRIBUTORS-LIST:END -->\n\nSee [usage](#usage).\n'
    )
    files = {
        "go.mod": "module github.com/acme/cog\n",
        "pkg/config/config.go": go,
        "examples/hello/cog.yaml": "build:\n  python_version: '3.11'\n  gpu: true\n",
        "python/cog/__init__.py": "import os\nLEVEL = os.environ.get('COG_LOG_LEVEL')\n",
        ".github/workflows/release.yaml": "on: push\njobs:\n  tap:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ secrets.COG_TAP_KEY }}\n",
        "README.md": readme,
    }
    found = sorted((f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("DRIFT003", "COG_DEBUG_LEVEL"), ("DRIFT008", "#usage"), ("DRIFT017", "build.gpu_count")]


def test_a_link_destination_with_backslash_escapes_names_the_unescaped_file(make_repo):
    """feast's GitBook export writes `[spec](../specs/online\\_store\\_format.md)`: CommonMark
    reads `online_store_format.md`, which exists. "config/model/some_model.yaml" is the
    reader's file to write. A link to a file that is gone still is stale."""
    doc = (
        "# Stores\n\nSee [the format](../specs/online\\_store\\_format.md), "
        "[old](../specs/offline\\_store\\_format.md) and write `config/model/some_model.yaml`.\n"
    )
    files = {"docs/specs/online_store_format.md": "# Format\n", "docs/stores/redis.md": doc}
    found = [(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [("../specs/offline_store_format.md", "high")]


def test_a_dotted_file_name_given_to_an_option_beside_a_script_of_that_name_is_a_file(make_repo):
    """fairseq's pointer_generator: `--source-out train.pg.src` beside the repository's
    train.py is an output file, not a path into train.py; a package's dotted name given
    to an option is still checked."""
    files = {
        "train.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--source-out')\np.add_argument('--reward-fn')\np.parse_args()\n",
        "pkg/__init__.py": "",
        "pkg/rewards.py": "def accuracy():\n    pass\n",
        "README.md": "# Prep\n\n```bash\npython train.py --source-out train.pg.src --reward-fn pkg.rewards.acuracy\n```\n",
    }
    assert [(f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [("DRIFT005", "pkg.rewards.acuracy")]


def test_a_data_file_named_like_a_package_is_a_file_not_a_module(make_repo):
    """sockeye's WMT tutorial: `sockeye-translate --input test.en.bpe --output out.bpe`
    beside a `test/` package: a value of an input option, and an ending two values share,
    name data files; a dotted name given to another option is still checked."""
    files = {
        "train.py": "import argparse\np = argparse.ArgumentParser()\nfor f in ('--input', '--output', '--src-vocab', '--reward-fn', '--seed'):\n    p.add_argument(f)\np.parse_args()\n",
        "test/__init__.py": "",
        "pkg/__init__.py": "",
        "pkg/rewards.py": "def accuracy():\n    pass\n",
        "README.md": (
            "# Evaluate\n\n```bash\npython train.py --input test.en.bpe --output out.bpe\n"
            "python train.py --src-vocab test.vocab.src --seed test.de.bpe\n"
            "python train.py --seed test.de.bpe --reward-fn pkg.rewards.acuracy\n```\n"
        ),
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT005"]
    assert found == [(5, "test.de.bpe"), (6, "test.de.bpe"), (6, "pkg.rewards.acuracy")]


def test_an_option_in_a_sentence_of_a_troubleshooting_table_is_prose(make_repo):
    """orbax's TPU guide: "| `Permission denied` | SSH keys not propagated. | Run `gcloud
    auth login`. Check `--reason` if internal. |": advice in a sentence, judged as prose
    (never high), while an options table's own first column stays high."""
    args = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--tpu-name')\np.parse_args()\n"
    doc = (
        "# Troubleshooting\n\n| Error | Cause | Fix |\n|---|---|---|\n"
        "| `denied` | keys missing | Check `--reason` if internal. Then run `tpu-vm auth login`. |\n\n"
        "| Option | Meaning |\n|---|---|\n| `--tpu-nmae` | the TPU |\n"
    )
    found = {f.text: f.confidence for f in audit(make_repo({"bench.py": args, "docs/tpu.md": doc}).root, blame=False, config_file=["min-confidence = 'low'"]).findings}
    assert found == {"--tpu-nmae": "high", "--reason": "low"}  # (never in the code: another program's)


def test_a_table_row_about_a_setting_that_names_an_option_is_prose(make_repo):
    """earth2studio's skill: `| Harbor + `--copy-repo` | Full checkout |`, a workspace's
    setting that mentions another tool's option, not a row about an option of a program
    here; an options table, with or without backticks, is about its options."""
    args = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--tpu-name')\np.parse_args()\n"
    doc = (
        "# Workspace\n\n| Context | Location |\n|---|---|\n| Harbor + `--copy-repo` | Full checkout |\n\n"
        "| Option | Meaning |\n|---|---|\n| --tpu-nmea | the TPU |\n| `--tpu-nmae` | the TPU |\n"
    )
    found = {f.text: f.confidence for f in audit(make_repo({"bench.py": args, "docs/ws.md": doc}).root, blame=False, config_file=["min-confidence = 'low'"]).findings}
    assert found == {"--copy-repo": "low", "--tpu-nmea": "high", "--tpu-nmae": "high"}  # (never in the code: another tool's)


def test_names_a_package_binds_in_a_function_and_commands_registered_from_a_reexport(make_repo):
    """deepeval: `_expose_public_api()` declares `global run_eval` and binds it at import,
    so `from tool import run_eval` works; `app.command(name="login")(login_command)` with
    login_command re-exported by the cli/auth package is the `login` subcommand. A name
    nothing binds and a subcommand nobody registers are still reported."""
    init = "def _expose_public_api():\n    global run_eval, assert_test\n    from .evaluate import evaluate as run_eval, assert_test\n\n\n_expose_public_api()\n"
    main = (
        "import typer\nfrom tool.cli.auth import login_command\n\napp = typer.Typer()\n\n\n"
        "@app.command()\ndef run(fast: bool = False):\n    pass\n\n\napp.command(name=\"login\")(login_command)\n"
    )
    command = "import typer\n\n\ndef login_command(key: str = typer.Option(None, '--key')):\n    pass\n"
    pyproject = '[project]\nname = "tool"\n\n[project.scripts]\ntool = "tool.cli.main:app"\n'
    doc = "# Use\n\n```python\nfrom tool import run_eval, compare\n```\n\n```bash\ntool login --key x\ntool logon --key x\n```\n"
    files = {
        "pyproject.toml": pyproject, "tool/__init__.py": init, "tool/evaluate.py": "def evaluate():\n    pass\n\n\ndef assert_test():\n    pass\n",
        "tool/cli/__init__.py": "", "tool/cli/main.py": main, "tool/cli/auth/__init__.py": "from tool.cli.auth.command import login_command\n",
        "tool/cli/auth/command.py": command, "README.md": doc,
    }
    assert sorted((f.rule, f.text) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings) == [("DRIFT002", "logon"), ("DRIFT005", "tool.compare")]


def test_an_mdx_jsx_element_does_not_hide_the_fence_below_it_and_a_plan_links_from_the_root(make_repo):
    """camel's Mintlify pages put `<Card title="x">` on the line right above a code fence:
    MDX reads a JSX element with Markdown inside, not an HTML block that swallows the
    fence's opening line (CommonMark), so the fence is closed. chroma's Cursor plans
    (`plans/x.plan.md`) link files from the repository's root."""
    page = "# Cards\n\n<Card title=\"Run\">\n```bash\npython run.py\n```\n</Card>\n\nSee [gone](#gone).\n"
    plan = "# Plan\n\nEdit [the types](rust/types.rs) and [gone](rust/gone.rs).\n"
    files = {"run.py": "", "docs/cards.mdx": page, "notes/search.plan.md": plan, "rust/types.rs": "struct X;\n"}
    assert sorted((f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings) == [("DRIFT001", "rust/gone.rs"), ("DRIFT008", "#gone")]


def test_a_page_where_most_flags_are_unknown_and_nothing_backs_them_goes_low_with_a_note(make_repo):
    cli = (
        "import argparse\n\n"
        "def main():\n"
        "    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('--alpha', type=int, default=1)\n"
        "    parser.add_argument('--beta', type=int, default=2)\n"
        "    parser.parse_args()\n"
    )
    bulk = (
        "# Tuning\n\n```bash\n"
        "python cli.py --alpha 1 --beta 2 --warmup-steps 3 --num-shards 4\n"
        "python cli.py --seed-offset 5 --log-dir x --cache-path y --alphaa 2\n```\n"
    )
    sparse = "# Usage\n\n```bash\npython cli.py --alpha 1 --beta 2 --max-tokens 3\n```\n"
    gallery = "# Results\n\n" + "".join(f"![run {n}](results/run{n}.png)\n" for n in range(5))
    builder = make_repo({"cli.py": cli, "docs/tuning.md": bulk, "docs/usage.md": sparse, "docs/results.md": gallery}, removed=('docs/results/run0.png', 'docs/results/run1.png', 'docs/results/run2.png', 'docs/results/run3.png', 'docs/results/run4.png'))
    result = audit(builder.root, blame=False, config_file=["min-confidence = 'low'"])
    level = {f.text: f.confidence for f in result.findings}
    # Five of the seven names the page passes are unknown with nothing behind them: the
    # page's convention is the likelier fault, so they go low, the page gets one note.
    for name in ("--warmup-steps", "--num-shards", "--seed-offset", "--log-dir", "--cache-path"):
        assert level[name] == "low"
    assert any("5 of the 8 names" in note for note in result.notes["docs/tuning.md"])
    # A typo with its near twin is evidence of its own; one unknown among known ones is drift.
    assert level["--alphaa"] == "high" and level["--max-tokens"] == "high"
    default = audit(builder.root, blame=False)
    # A file is in the tree or not: a page whose images were all deleted is all stale.
    assert sorted(f.text for f in default.findings) == ["--alphaa", "--max-tokens"] + [f"results/run{n}.png" for n in range(5)]


def test_a_page_named_without_its_suffix_that_gitignore_keeps_out_is_a_build_output(make_repo):
    files = {
        ".gitignore": "docs/api/*.rst\n*.ipynb\n",
        "docs/conf.py": "extensions = ['myst_parser']\n",
        "docs/index.md": "# Docs\n\nSee {doc}`/api/pkg` and {doc}`/api/pkg.core.tuners` (sphinx-apidoc writes them), not {doc}`/guide/gone`.\n\n[tasks](tasks/gone)\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    # A link to a folder is no page: that notebooks are ignored says nothing of it.
    assert found == ["guide/gone", "tasks/gone"]


def test_an_import_whose_name_runs_into_a_placeholder_is_a_template_line(make_repo):
    doc = (
        "# New kernel\n\n```python\nfrom pkg.ops import Liger{Kernel}Function\nfrom pkg.functional import liger_{kernel}\n"
        "from pkg.ops import LigerGoneFunction\n```\n"
    )
    files = {"pkg/__init__.py": "", "pkg/ops.py": "class LigerRMSNormFunction:\n    pass\n", "pkg/functional.py": "def liger_rms_norm():\n    pass\n", "docs/template.md": doc}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(6, "pkg.ops.LigerGoneFunction")]


def test_a_dotted_console_script_is_a_command_not_a_module(make_repo):
    """mlx-lm: `tool.dwq` was a module, moved to `tool.quantize.dwq`; the console script
    `tool.dwq` runs it. Named as a command it is the script; run by `python -m`, the module."""
    setup = "from setuptools import setup\n\nsetup(name='tool', entry_points={'console_scripts': ['tool.dwq = tool.quantize.dwq:main']})\n"
    doc = "# Quantize\n\nUse `tool.dwq` to quantize:\n\n```bash\ntool.dwq --model x\npython -m tool.dwq --model x\n```\n"
    builder = make_repo({"setup.py": setup, "tool/__init__.py": "", "tool/dwq.py": "def main():\n    pass\n"})
    builder.commit({"tool/quantize/__init__.py": "", "tool/quantize/dwq.py": "def main():\n    pass\n", "docs/quant.md": doc}, "move", remove=("tool/dwq.py",))
    found = [(f.line, f.text) for f in audit(builder.root, blame=False).findings]
    assert found == [(7, "tool.dwq")]


def test_a_link_that_climbs_out_of_an_mkdocs_site_and_back_in_through_its_served_path(make_repo):
    files = {
        "mkdocs.yml": "site_name: Tool\nsite_url: https://org.github.io/tool/\n",
        "docs/index.md": '# Tool\n\n<a href="../tool/guide/" class="card">Guide</a>\n\n<a href="../tool/concepts/">Concepts</a> <a href="../tool/gone/">Gone</a>\n',
        "docs/guide.md": "# Guide\n\n[Home](../../tool/)\n",
        "docs/concepts/index.md": "# Concepts\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/index.md", "../tool/gone/")]


def test_a_myst_link_to_a_dotted_target_on_a_sphinx_page_is_an_object_cross_reference(make_repo):
    files = {
        "pkg/__init__.py": "", "pkg/data.py": "class Sentence:\n    def get_labels(self):\n        pass\n",
        "docs/conf.py": "extensions = ['myst_parser', 'sphinx.ext.autodoc']\n",
        "docs/intro.md": "# Intro\n\nMake a [Sentence](#pkg.data.Sentence), read [labels](#pkg.data.Sentence.get_labels), not [a gone one](#pkg.data.Token).\n",
        "README.md": "# Pkg\n\n[Sentence](#pkg.data.Sentence) on GitHub is a heading anchor.\n",
    }
    found = [(f.rule, f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("DRIFT008", "README.md", "#pkg.data.Sentence"), ("DRIFT005", "docs/intro.md", "pkg.data.Token")]


def test_a_link_whose_scheme_lacks_its_colon_is_one_character_from_its_url(make_repo):
    """ecco's readme: `[Transformer](https//jalammar.github.io/illustrated-transformer/)`:
    GitHub reads it as a path of the repository; the fix adds the colon. A folder that
    happens to be called `https` with no host after it is left to the path rules."""
    doc = "# Ecco\n\nSee [Transformer](https//jalammar.github.io/illustrated-transformer/) and [notes](http//notes).\n"
    found = [(f.text, f.replacement, f.certain, "no colon after https" in f.evidence) for f in audit(make_repo({"readme.md": doc}).root, blame=False).findings]
    assert found == [
        ("https//jalammar.github.io/illustrated-transformer/", "https://jalammar.github.io/illustrated-transformer/", True, True),
        ("http//notes", None, False, False),
    ]


def test_a_link_whose_scheme_has_a_fullwidth_colon_is_one_character_from_its_url(make_repo):
    doc = "# 贡献\n\n请阅读 [指南](https：//github.com/org/tool/blob/main/CONTRIBUTING.md) 和 [文档](https://example.org/docs)。\n"
    found = [(f.text, f.replacement, f.certain) for f in audit(make_repo({"CONTRIBUTING_zh.md": doc}).root, blame=False).findings]
    assert found == [("https：//github.com/org/tool/blob/main/CONTRIBUTING.md", "https://github.com/org/tool/blob/main/CONTRIBUTING.md", True)]


def test_the_old_side_of_a_rename_arrow_is_history(make_repo):
    doc = "# Design\n\nRenames:\n\n- `pkg/task_tool.py` → `pkg/agent_tool.py`\n- `pkg/old_cli.py` -> `pkg/cli.py`\n\nSee `pkg/gone.py`.\n"
    files = {"pkg/__init__.py": "", "pkg/agent_tool.py": "", "pkg/cli.py": "", "design/agents.md": doc}
    builder = make_repo(files, removed=('pkg/gone.py',))
    assert [(f.line, f.text) for f in audit(builder.root, blame=False).findings] == [(8, "pkg/gone.py")]
    low = [(f.line, f.confidence) for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert low == [(5, "low"), (6, "low"), (8, "high")]


def test_a_flag_class_inherits_a_field_another_scripts_class_also_defines(make_repo):
    """miles: run_a.py's ScriptArgs has its own `num_nodes`; run_b.py's inherits it from
    the shared ExecuteTrainConfig. Both scripts take `--num-nodes`."""
    common = (
        "from dataclasses import dataclass\n\n\n@dataclass\nclass ExecuteTrainConfig:\n    num_nodes: int = 1\n\n\n"
        "def dataclass_cli(func):\n    return func\n"
    )
    script = (
        "from dataclasses import dataclass\n\nimport typer\n\nimport tool.common as U\n\napp = typer.Typer()\n\n\n"
        "@dataclass\nclass ScriptArgs{base}:\n{own}    model_name: str = 'm'\n\n\n"
        "@app.command()\n@U.dataclass_cli\ndef train(args: ScriptArgs):\n    pass\n\n\nif __name__ == '__main__':\n    app()\n"
    )
    doc = "# Run\n\n```bash\npython scripts/run_b.py train --model-name m --num-nodes 2\npython scripts/run_b.py train --num-gpus 8\n```\n"
    files = {
        "tool/__init__.py": "", "tool/common.py": common, "docs/run.md": doc,
        "scripts/run_a.py": script.format(base="", own="    num_nodes: int = 1\n"),
        "scripts/run_b.py": script.format(base="(U.ExecuteTrainConfig)", own=""),
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"]
    assert found == [(5, "--num-gpus")]


def test_a_classes_underscore_flag_is_not_shadowed_by_another_programs_dashed_parser(make_repo):
    tap = "from tap import Tap\n\n\nclass Args(Tap):\n    tasks_dir: str = 'tb2'\n\n\nif __name__ == '__main__':\n    args = Args().parse_args()\n"
    recipe = "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--tasks-dir')\np.parse_args()\n"
    doc = "# Data\n\n```bash\npython make_data.py --tasks_dir /data/tb2\npython recipe.py --tasks_dir /data/tb2\n```\n"
    files = {"make_data.py": tap, "recipe.py": recipe, "README.md": doc}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(5, "--tasks_dir")]  # recipe.py's argparse wants the dashed spelling


def test_a_framework_flag_is_not_shadowed_by_another_programs_dashed_parser(make_repo):
    # sparseml: the MLM script takes `--logging_steps` from transformers' TrainingArguments
    # (HfArgumentParser over a subclass of it); the torchvision script's click spells
    # `--logging-steps`, and a test's `*Args` dataclass has a `logging_steps` field.
    args = "from dataclasses import dataclass\n\nfrom transformers import TrainingArguments as HFTrainingArgs\n\n\n@dataclass\nclass TrainingArguments(HFTrainingArgs):\n    recipe: str = None\n"
    mlm = "from transformers import HfArgumentParser\n\nfrom pkg.training_args import TrainingArguments\n\n\nif __name__ == '__main__':\n    (training_args,) = HfArgumentParser((TrainingArguments,)).parse_args_into_dataclasses()\n"
    test_args = "from dataclasses import dataclass\n\n\n@dataclass\nclass _TrainArgs:\n    logging_steps: int = 10\n"
    vision = "import click\n\n\n@click.command()\n@click.option('--logging-steps', type=int)\n@click.option('--epochs', type=int)\ndef main(logging_steps, epochs):\n    pass\n\n\nif __name__ == '__main__':\n    main()\n"
    doc = "# Train\n\n```bash\npython pkg/mlm.py --recipe r.yaml --logging_steps 100\npython pkg/vision.py --logging_steps 100\n```\n"
    files = {"pkg/__init__.py": "", "pkg/training_args.py": args, "pkg/mlm.py": mlm, "tests/integrations/args.py": test_args, "pkg/vision.py": vision, "README.md": doc}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == [(5, "--logging_steps")]  # the click script wants the dashed spelling


def test_a_dotted_option_that_names_a_key_of_the_repositorys_config_is_an_override(make_repo):
    loader = "from tool.config import parse_args_and_load_config\n\n\nif __name__ == '__main__':\n    parse_args_and_load_config('mining.yaml')\n"
    config = (
        "import sys\n\nimport yaml\n\n\ndef parse_args_and_load_config(path):\n    overrides = [a for a in sys.argv[1:] if a.startswith('--')]\n"
        "    return yaml.safe_load(open(path)), overrides\n"
    )
    doc = "# Mining\n\nOverride any key of the config on the command line: `--mining.query_max_length 512`, not `--mining.query_max_lenght`.\n"
    files = {"tool/__init__.py": "", "tool/mine.py": loader, "tool/config.py": config, "tool/mining.yaml": "mining:\n  query_max_length: 256\n", "docs/mining.md": doc,
             "tool/other.py": "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--seed')\np.parse_args()\n"}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == ["--mining.query_max_lenght"]


def test_a_pydantic_cli_command_line_is_the_frameworks_but_not_a_script_with_its_own_parser(make_repo):
    """atropos: `GSM8kEnv.cli()` builds its command line with pydantic_cli from prefixed
    config models (`--env.group_size`); a script with its own argparse that imports the
    same module still has only its own options."""
    base = (
        "from pydantic import BaseModel\nfrom pydantic_cli import run_and_exit\n\n\n"
        "class EnvConfig(BaseModel):\n    group_size: int = 8\n\n\n"
        "class BaseEnv:\n    @classmethod\n    def cli(cls):\n        run_and_exit(EnvConfig, lambda c: 0)\n"
    )
    env = "from envs.base import BaseEnv\n\n\nclass Gsm(BaseEnv):\n    pass\n\n\nif __name__ == '__main__':\n    Gsm.cli()\n"
    local = (
        "import argparse\n\nfrom envs.base import EnvConfig\n\n\ndef main():\n    p = argparse.ArgumentParser()\n"
        "    p.add_argument('--config')\n    p.parse_args()\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    doc = "# Envs\n\n```bash\npython envs/gsm8k.py serve --env.group_size 16\npython envs/local.py --config-path x.yaml\n```\n"
    web = "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--env.group_size')\np.parse_args()\n"
    files = {"envs/__init__.py": "", "envs/base.py": base, "envs/gsm8k.py": env, "envs/local.py": local, "tools/web.py": web, "README.md": doc}
    builder = make_repo(files)
    found = [(f.line, f.text, f.replacement) for f in audit(builder.root, blame=False).findings]
    assert found == [(5, "--config-path", "--config")]
    from drift_docs.programs import program_at

    from .test_programs import build_index_at

    index = build_index_at(builder.root)
    assert "pydantic_cli" in program_at(index, "envs/gsm8k.py").open_to
    assert "pydantic_cli" not in program_at(index, "envs/local.py").open_to


def test_a_name_the_docs_python_binds_to_an_object_is_that_object_in_prose(make_repo):
    """python-sdk: `mcp = MCPServer("Demo")` in one guide; `mcp.run()` on any page is the
    server's method, not a name of the package `mcp`. Another package's names are still
    judged, and an all-caps link target (`ENGLISH_PAGE`) is a template's variable."""
    files = {
        "src/mcp/__init__.py": "from .server import MCPServer\n", "src/mcp/server.py": "class MCPServer:\n    def run(self):\n        pass\n",
        "src/tool/__init__.py": "",
        "docs/quickstart.md": "# Quickstart\n\n```python\nfrom mcp import MCPServer\n\nmcp = MCPServer(\"Demo\")\nmcp.run()\n```\n",
        "docs/transports.md": "# Transports\n\nWhat `mcp.run()` does, and `mcp.settings`, is the server's. `tool.gone` is not a module.\n\nSee [the English page](ENGLISH_PAGE) and [gone](GONE_PAGE.md).\n",
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [(3, "tool.gone"), (5, "GONE_PAGE.md")]


def test_a_sphinx_built_markdown_page_takes_docutils_section_ids(make_repo):
    page = "# Modules\n\n## I/O Processing and Augmentation\n\nSee [io](#i-o-processing-and-augmentation), [github](#io-processing-and-augmentation), [gone](#gone).\n"
    files = {"docs/source/conf.py": "extensions = ['myst_parser']\n", "docs/source/modules.md": page, "README.md": "# X\n\n## I/O Setup\n\n[io](#i-o-setup)\n"}
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    # GitHub's slug of `I/O Setup` is #io-setup: README.md is read on GitHub only.
    assert found == [("README.md", "#i-o-setup"), ("docs/source/modules.md", "#gone")]


def test_a_translation_laid_over_the_english_tree_elsewhere_finds_its_untranslated_pages_there(make_repo):
    """python-sdk: `i18n/de/pages/` is staged over `docs/` at build time; `migration.md`
    is English only. Another translation (`i18n/zh/pages/`) is no source."""
    files = {
        "docs/index.md": "# Home\n", "docs/guide.md": "# Guide\n", "docs/migration.md": "# Migration\n",
        "i18n/zh/pages/index.md": "# 首页\n", "i18n/zh/pages/guide.md": "# 指南\n",
        "i18n/de/pages/guide.md": "# Anleitung\n",
        "i18n/de/pages/index.md": "# Start\n\nSiehe [Migration](migration.md), [Anleitung](guide.md) und [weg](gone.md).\n",
    }
    found = [(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [("migration.md", "low"), ("gone.md", "high")]


def test_a_mintlify_api_page_has_the_anchors_its_openapi_spec_generates(make_repo):
    """mem0: a page with `openapi: post /v3/memories/add/` in its front matter gets the
    endpoint's parameters written in by Mintlify, each with an anchor (`#body-messages`);
    a page without that front matter has only its headings."""
    generated = "---\ntitle: Add\nopenapi: post /v3/memories/add/\n---\n\nSee [all parameters](#body-messages).\n\n## Endpoint\n"
    plain = "---\ntitle: Guide\n---\n\nSee [all parameters](#body-messages).\n\n## Endpoint\n"
    builder = make_repo({"docs/api/add.mdx": generated, "docs/guide.mdx": plain, "docs/docs.json": '{"name": "x", "navigation": []}'})
    found = [(f.path, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT008"]
    assert found == [("docs/guide.mdx", "#body-messages")]


def test_a_source_file_a_dead_script_names_is_no_fix_for_another_missing_one(make_repo):
    """roboflow/inference: a publish script names `docker/dockerfiles/Dockerfile.onnx.lambda`,
    deleted like the `Dockerfile.onnx.lambda.slim` a page names; a source file missing from
    a folder the tree has is no name the scripts make at run time, so it is no fix. A
    run-time output one slip away still is."""
    files = {
        "docker/publish/lambda.sh": "#!/bin/bash\ndocker build -t x -f docker/dockerfiles/Dockerfile.onnx.lambda .\n",
        "docker/dockerfiles/Dockerfile.cpu": "FROM python:3.11\n",
        "scripts/eval.sh": "#!/bin/bash\npython eval.py --out ./outputs/mm-vet/answers\n",
        "eval.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--out')\np.parse_args()\n",
        "README.md": "# Eval\n\nBuild with `docker/dockerfiles/Dockerfile.onnx.lambda.slim`. Answers go to `./outputs/mmvet/answers`.\n",
    }
    found = sorted((f.path, f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings)
    # The script's own Dockerfile is as missing: the tree's file, not one a run makes.
    assert found == [
        ("README.md", "docker/dockerfiles/Dockerfile.onnx.lambda.slim", None),
        ("README.md", "outputs/mmvet/answers", "outputs/mm-vet/answers"),
        ("docker/publish/lambda.sh", "docker/dockerfiles/Dockerfile.onnx.lambda", None),
    ]


def test_a_page_of_an_mkdocs_site_gets_no_fix_that_links_out_of_its_docs_folder(make_repo):
    """roboflow/inference: inference_models/docs/ is an mkdocs site; its page's dead link
    `testing.md` is not fixed by the repository's other docs/workflows/testing.md, which
    the site cannot link to. A page of that name inside the site is the fix."""
    page = "# Architecture\n\nSee [testing](testing.md) and [backends](backends.md).\n"
    files = {
        "models/mkdocs.yml": "site_name: models\n", "models/docs/index.md": "# Models\n",
        "models/docs/contributors/architecture.md": page, "models/docs/getting-started/backends.md": "# Backends\n",
        "docs/workflows/testing.md": "# Testing workflows\n",
    }
    found = sorted((f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("backends.md", "../getting-started/backends.md"), ("testing.md", None)]
    # A GitHub URL to a file of the repository is no link within the site: it gets its fix.
    builder = make_repo({**files, "models/mkdocs.yml": "site_name: models\nrepo_url: https://github.com/o/r\n", "models/docs/index.md": "# Models\n\n[tests](https://github.com/o/r/blob/main/docs/testing.md)\n"})
    builder.repo.create_remote("origin", "https://github.com/o/r.git")
    found = {f.text: (f.replacement, f.evidence) for f in audit(builder.root, blame=False).findings}
    assert found["docs/testing.md"][0] is not None and "outside the site" not in found["docs/testing.md"][1]


def test_a_file_sphinx_includes_from_outside_the_site_gets_its_fix(make_repo):
    """deepxde: `.. literalinclude:: ../../examples/function/dataset.py` one folder short of
    the repository's examples/. Sphinx reads an included file wherever it is (the other
    demos include `../../../examples/...`): the fix climbs out of docs/; a link cannot."""
    page = "Dataset\n=======\n\n.. literalinclude:: ../../examples/function/dataset.py\n\nSee `the script <../../examples/function/dataset.py>`_.\n"
    files = {"docs/conf.py": "project = 'x'\n", "docs/index.rst": "Home\n====\n", "docs/demos/function/dataset.rst": page, "examples/function/dataset.py": "print(1)\n"}
    found = sorted((f.line, f.replacement) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [(4, "../../../examples/function/dataset.py"), (6, None)]


def test_a_folder_style_link_on_an_mkdocs_page_is_the_page_it_serves(make_repo):
    """earth2studio's home page (raw HTML in docs/index.md) links `userguide/about/install/`:
    mkdocs serves install.md there. A folder link to no page is still broken; off the
    site (no mkdocs.yml) the same link names a folder that is not there."""
    page = '# Home\n\n<a href="userguide/about/install/">Start</a> and [models](modules/models/) and [gone](userguide/gone/).\n'
    files = {"docs/index.md": page, "docs/userguide/about/install.md": "# Install\n", "docs/modules/models/index.md": "# Models\n"}
    builder = make_repo(files)
    assert sorted(f.text for f in audit(builder.root, blame=False).findings) == ["userguide/about/install/", "userguide/gone/"]
    builder.commit({"mkdocs.yml": "site_name: x\n"}, "build the docs with mkdocs")
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["userguide/gone/"]


def test_a_folder_link_to_a_notebook_page_through_a_symlinked_folder_is_that_page(make_repo):
    """lonboard: docs/examples -> ../examples, so examples/index.md is a page of the mkdocs
    site, and its `../examples/column-layer/` is the page mkdocs-jupyter makes of
    examples/column-layer.ipynb. A folder link to no page is still broken."""
    import os

    files = {
        "mkdocs.yml": "site_name: x\ndocs_dir: docs\n",
        "docs/index.md": "# Home\n",
        "examples/column-layer.ipynb": "{}",
        "examples/index.md": "# Examples\n\n[Columns](../examples/column-layer/) and [gone](../examples/gone/).\n",
    }
    builder = make_repo(files)
    os.symlink("../examples", builder.root / "docs/examples")
    builder.repo.index.add(["docs/examples"])
    builder.repo.index.commit("serve the examples on the site")
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["../examples/gone/"]


def test_an_mkdocs_site_configured_in_a_split_config_is_an_mkdocs_site(make_repo):
    """textual: mkdocs-online.yml INHERITs mkdocs-common.yml, no mkdocs.yml; docs/styles/align.md
    links `<a href="../../css_types/horizontal">`, which the site serves from /styles/align/."""
    page = '# Align\n\nalign: <a href="../../css_types/horizontal">h</a> <a href="../../css_types/gone">g</a>\n'
    files = {"docs/styles/align.md": page, "docs/css_types/horizontal.md": "# Horizontal\n", "docs/index.md": "# Home\n"}
    builder = make_repo(files)
    # (With no site config, a link right only from the page served as a folder is a note.)
    assert sorted((f.text, f.confidence) for f in audit(builder.root, blame=False, config_file=LOW).findings) == [("../../css_types/gone", "high"), ("../../css_types/horizontal", "low")]
    builder.commit({"mkdocs-common.yml": "site_name: x\n", "mkdocs-online.yml": "INHERIT: mkdocs-common.yml\n"}, "build the docs with mkdocs")
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["../../css_types/gone"]


def test_a_link_copied_from_the_readme_into_a_folder_names_the_root_folder(make_repo):
    """Hunyuan3D-2: `[examples](examples)` copied from the README into a page one folder
    down names the repository's examples/, which the link does not reach from there: the
    fix climbs to it, except on a page a Sphinx site builds, which cannot link out."""
    page = "# Code\n\nSee [examples](examples) and [the addon](blender_addon.py).\n"
    files = {"examples/run.py": "x = 1\n", "blender_addon.py": "x = 1\n", "guides/code.md": page,
             "docs/source/conf.py": "project = 'x'\n", "docs/source/code.md": page}
    found = sorted((f.path, f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [
        ("docs/source/code.md", "blender_addon.py", None), ("docs/source/code.md", "examples", None),
        ("guides/code.md", "blender_addon.py", "../blender_addon.py"), ("guides/code.md", "examples", "../examples"),
    ]


def test_a_recorded_chat_transcript_is_not_judged_the_page_around_it_is(make_repo):
    """aider: example pages wrap a recorded session in `<div class="chat-transcript">`;
    the paths it names (`tool/commands.py` before the code moved) are those of the day it
    was recorded. The page's own prose around it is still checked."""
    page = (
        "# Add a test\n\nThis transcript shows a command being added; see [the guide](../guide.md).\n\n"
        '<div class="chat-transcript" markdown="1">\n\n> $ tool tool/commands.py\n\n'
        "I will add `cmd_add` to `tool/commands.py`.\n\n<div>\nnested\n</div>\n\n```bash\npython tool/commands.py\n```\n\n</div>\n\n"
        "Then edit `tool/commands.py` yourself.\n"
    )
    files = {"tool/__init__.py": "", "tool/cmds/commands.py": "def cmd_add():\n    pass\n", "docs/examples/add-test.md": page}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"]
    assert found == [(3, "../guide.md"), (21, "tool/commands.py")]


def test_a_flag_named_as_a_prefix_is_the_options_that_begin_so(make_repo):
    """sample-factory: "Although this argument has `--pbt` prefix, it applies ..." is about
    `--pbt_mix_policies_in_one_env`; a prefix no option begins with is still unknown."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--pbt_mix_policies_in_one_env')\np.add_argument('--pbt_period')\np.parse_args()\n"
    doc = "# PBT\n\nAlthough this argument has `--pbt` prefix, it applies always. The `--zzz` prefix is gone.\n"
    builder = make_repo({"train.py": cli.replace("--pbt_period", "--zzz_period"), "docs/pbt.md": doc})
    builder.commit({"train.py": cli}, "Drop --zzz_period")
    found = [(f.line, f.text) for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"]
    assert found == [(3, "--zzz")]


def test_faqtory_questions_link_from_the_faq_they_are_built_into(make_repo):
    """pyannote-audio: FAQtory builds questions/*.question.md into the root FAQ.md
    (faq.yml: questions_path, output_path); a question's `tutorials/x.ipynb` is written
    for FAQ.md, where it resolves. A link that resolves from neither is still stale."""
    question = "---\ntitle: Offline use?\n---\n\nYes: read [this tutorial](tutorials/offline.ipynb), not [that one](tutorials/gone.ipynb).\n"
    files = {
        "faq.yml": 'questions_path: "./questions"\noutput_path: "./FAQ.md"\ntemplates_path: ".faq"\n',
        "questions/offline.question.md": question,
        "tutorials/offline.ipynb": "{}\n",
        "FAQ.md": "# FAQ\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [("questions/offline.question.md", "tutorials/gone.ipynb")]


def test_an_anchor_into_a_moved_member_gets_the_member_as_the_page_documents_it(make_repo):
    """txtai: `methods.md` documents `::: txtai.embeddings.Embeddings`; links to
    `#txtai.embeddings.base.Embeddings.upsert` (the class's old module) get the member's
    anchor under the documented path, not the class's own."""
    files = {
        "mkdocs.yml": "site_name: txtai\nplugins:\n  - mkdocstrings\n",
        "txtai/__init__.py": "", "txtai/embeddings/__init__.py": "from .search import Embeddings\n",
        "txtai/embeddings/search.py": "class Embeddings:\n    def upsert(self):\n        pass\n",
        "docs/embeddings/methods.md": "# Methods\n\n::: txtai.embeddings.Embeddings\n",
        "docs/embeddings/index.md": "# Embeddings\n\nCall [upsert](methods#txtai.embeddings.base.Embeddings.upsert).\n",
    }
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT008"]
    assert found == [("#txtai.embeddings.base.Embeddings.upsert", "#txtai.embeddings.Embeddings.upsert")]


def test_an_anchor_into_a_moved_object_gets_that_object_never_its_neighbour(make_repo):
    """scikit-lego's API pages document `::: sklego.mixture.bayesian_gmm_detector.
    BayesianGMMOutlierDetector` beside `...gmm_outlier_detector.GMMOutlierDetector`: a
    link to `#sklego.mixture.gmm_outlier_detector.BayesianGMMOutlierDetector` gets the
    same class under its documented module, not the neighbour whose anchor is closest in
    letters; an object the page no longer documents gets no replacement."""
    files = {
        "mkdocs.yml": "site_name: sk\nplugins:\n  - mkdocstrings\n",
        "sklego/__init__.py": "", "sklego/mixture/__init__.py": "",
        "sklego/mixture/gmm_outlier_detector.py": "class GMMOutlierDetector:\n    pass\n",
        "sklego/mixture/bayesian_gmm_detector.py": "class BayesianGMMOutlierDetector:\n    pass\n",
        "docs/api/mixture.md": "# Mixture\n\n::: sklego.mixture.bayesian_gmm_detector.BayesianGMMOutlierDetector\n\n::: sklego.mixture.gmm_outlier_detector.GMMOutlierDetector\n",
        "docs/guide.md": (
            "# Guide\n\nSee [bayes](api/mixture.md#sklego.mixture.gmm_outlier_detector.BayesianGMMOutlierDetector) "
            "and [old](api/mixture.md#sklego.mixture.gmm_outlier_detector.GMMOutlierDetectors).\n"
        ),
    }
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT008"]
    assert found == [
        ("#sklego.mixture.gmm_outlier_detector.BayesianGMMOutlierDetector", "#sklego.mixture.bayesian_gmm_detector.BayesianGMMOutlierDetector"),
        ("#sklego.mixture.gmm_outlier_detector.GMMOutlierDetectors", None),
    ]


def test_a_url_link_to_a_page_the_mkdocs_site_redirects_is_a_note_with_the_page(make_repo):
    """txtai: mkdocs-redirects maps pipeline/text/llm.md to pipeline/llm/llm.md; a URL link
    (`../pipeline/text/llm`, read from where the page is served) still works, so a note with
    the page itself. A `.md` link is rewritten only when the page exists: still broken."""
    mkdocs = 'site_name: x\nplugins:\n  - search\n  - redirects:\n      redirect_maps:\n        "pipeline/text/llm.md": "pipeline/llm/llm.md"\n\nnav:\n  - index.md\n'
    files = {
        "mkdocs.yml": mkdocs,
        "docs/index.md": "# Home\n",
        "docs/pipeline/llm/llm.md": "# LLM\n",
        "docs/observability.md": "# Observe\n\nSee [LLM](../pipeline/text/llm) and [the source](pipeline/text/llm.md).\n",
    }
    found = [(f.text, f.confidence, f.replacement) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"]
    assert found == [("../pipeline/text/llm", "low", "../pipeline/llm/llm"), ("pipeline/text/llm.md", "high", "pipeline/llm/llm.md")]


def test_a_walk_through_of_a_hypothetical_name_names_what_the_reader_will_create(make_repo):
    """ludwig's guide to adding a feature type "(e.g. a hypothetical `"widget"` type)":
    `WIDGET` and `pkg.features.widget_feature` in its steps are the reader's to create; a
    name of the code it also cites is still checked."""
    guide = (
        "# Adding a feature type\n\nThis guide adds a feature type (e.g. a hypothetical `\"widget\"` type).\n\n"
        "```python\nfrom pkg.constants import WIDGET\nfrom pkg.features.widget_feature import WidgetFeature\nfrom pkg.features.gone import Helper\n```\n"
    )
    # dlt's marimo README adds "the hypothetical `pipeline_browser` widget": a name with an underscore.
    marimo = "# Widgets\n\nThis shows how to add the hypothetical `pipeline_browser` widget.\n\n```python\nfrom pkg.features import pipeline_browser\n```\n"
    files = {"pkg/__init__.py": "", "pkg/constants.py": "BINARY = 'binary'\n", "pkg/features/__init__.py": "", "docs/adding.md": guide, "docs/marimo.md": marimo}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.features.gone"]


def test_an_mkdocstrings_target_answers_to_its_name_as_a_heading_too(make_repo):
    """neuralforecast: `::: neuralforecast.losses.pytorch.MQLoss`, rendered by a parser
    that writes `### MQLoss`: `#mqloss` is an anchor of the page, as is the full path."""
    files = {
        "mkdocs.yml": "site_name: x\n",
        "pkg/__init__.py": "", "pkg/losses.py": "class MQLoss:\n    pass\n",
        "docs/losses.md": "# Losses\n\n::: pkg.losses.MQLoss\n",
        "docs/model.md": "# Model\n\nUses [MQLoss](losses.md#mqloss), [the class](losses.md#pkg.losses.MQLoss) and [gone](losses.md#huberloss).\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["#huberloss"]


def test_a_page_that_says_it_is_another_projects_original_readme_is_set_aside(make_repo):
    """cosmos-rl: `megatron_moe` "is forked from [megatron/core/transformer/moe](...). The
    following contents are the original README.md": Megatron-LM's page, with its flags."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--lr')\np.parse_args()\n"
    copied = (
        "# Overview of moe\n\nmoe is forked from [megatron/moe](https://github.com/NVIDIA/Megatron-LM/tree/main/moe).\n"
        "The following contents are the original [README.md](https://github.com/NVIDIA/Megatron-LM/blob/main/moe/README.md)\n\n"
        "```bash\npython train.py --moe-router-topk 2\n```\n\nSee [the guide](guide.md).\n"
    )
    files = {"train.py": cli, "pkg/moe/README.md": copied, "docs/own.md": "# Own\n\n```bash\npython train.py --moe-router-topk 2\n```\n"}
    result = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in result.findings] == [("docs/own.md", "--moe-router-topk")]
    assert result.set_aside.get("other projects' code") == 1


def test_a_missing_folder_whose_other_files_are_not_where_it_would_have_moved_is_another_trees(make_repo):
    """wenet: recipes run Kaldi's `utils/copy_data_dir.sh` and `utils/apply_map.pl` from a
    `utils/` checkout they expect; wenet ships copies of a few of its scripts in tools/, but
    not apply_map.pl: `utils/` did not become `tools/`. A script that names only scripts
    tools/ has is still told of the move."""
    kaldi = "#!/bin/bash\n. ./utils/parse_options.sh\nutils/copy_data_dir.sh data/a data/b\ncat data/a/utt2spk | utils/apply_map.pl -f 1 map > out\n"
    moved = "#!/bin/bash\nutils/copy_data_dir.sh data/a data/b\nutils/fix_data_dir.sh data/b\n"
    files = {"tools/copy_data_dir.sh": "#!/bin/bash\n", "tools/fix_data_dir.sh": "#!/bin/bash\n", "tools/parse_options.sh": "#!/bin/bash\n",
             "recipes/a/local/prep.sh": kaldi, "recipes/b/local/prep.sh": moved}
    found = [(f.path, f.line, f.confidence, f.replacement) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"]
    assert found == [
        ("recipes/a/local/prep.sh", 3, "low", None),
        ("recipes/b/local/prep.sh", 2, "high", "tools/copy_data_dir.sh"),
        ("recipes/b/local/prep.sh", 3, "high", "tools/fix_data_dir.sh"),
    ]


def test_a_kubectl_object_is_not_a_path_even_beside_a_folder_of_that_name(make_repo):
    """aibrix: `kubectl -n aibrix-system rollout status \\` then `deployment/aibrix-controller-manager`
    on the next line: a Kubernetes object, though the repository has a deployment/ folder."""
    doc = (
        "# Install\n\n```bash\nkubectl -n aibrix-system wait --for=condition=available \\\n  deployment/aibrix-controller-manager --timeout=10m\n"
        "kubectl logs pod/gateway-0\nbash deployment/gone.sh\n```\n"
    )
    files = {"deployment/install.sh": "#!/bin/bash\n", "docs/install.md": doc}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["deployment/gone.sh"]


def test_a_dotted_name_the_page_calls_a_field_or_keeps_under_a_payload_key_is_data(make_repo):
    """aibrix: "AIBrix Batch carries intent through ``extra_body.aibrix``": `aibrix.model`
    there is a key of that object; "the ``aibrix.runtime.target`` field" says so itself.
    A dotted name of the package on a page with neither is still checked."""
    files = {
        "aibrix/__init__.py": "", "aibrix/runtime/__init__.py": "X = 1\n",
        "docs/batch.md": "# Batch\n\nIntent goes in `extra_body.aibrix`: `aibrix.model` must load, and `aibrix.model_template.spec` is sent.\n",
        "docs/providers.md": "# Providers\n\nThe `aibrix.runtime.target` field takes `RunPod`.\n",
        "docs/api.md": "# API\n\nCall `aibrix.gone_helper`.\n",
    }
    assert [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [("docs/api.md", "aibrix.gone_helper")]


def test_a_command_without_a_cd_runs_from_the_folder_the_page_last_cd_ed_into(make_repo):
    """lightly: `cd benchmarks/imagenet/resnet50`, later `cd benchmarks/imagenet/vitb16`, and
    blocks below it run `python main.py --eval-method mae`: vitb16's main.py, which has it."""
    resnet = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--epochs')\np.parse_args()\n"
    vit = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--epochs')\np.add_argument('--eval-method')\np.parse_args()\n"
    doc = (
        "# ImageNet\n\n```bash\ncd bench/resnet50\npython main.py --epochs 1\n```\n\n"
        "```bash\ncd bench/vitb16\npython main.py --epochs 1\n```\n\n"
        "```bash\npython main.py --eval-method mae\npython main.py --eval-methd mae\n```\n"
    )
    files = {"bench/resnet50/main.py": resnet, "bench/vitb16/main.py": vit, "bench/README.md": doc}
    found = [(f.line, f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(15, "--eval-methd", "--eval-method")]


def test_a_tutorial_s_own_classes_and_the_module_it_puts_them_in_are_the_readers(make_repo):
    """anomalib's custom pipeline guide: its code (inline and in a `{literalinclude}` of
    snippets/pipeline.txt) defines `TrainJob` and `ExperimentPipeline`, then imports them
    from `pkg.pipelines.experiment_pipeline`, the module the reader makes. The package's
    own names are still checked, and a class named with the wrong case gets the right one."""
    guide = (
        "# Custom pipeline\n\n```python\nclass TrainJob(Job):\n    pass\n```\n\n"
        "```{literalinclude} ../snippets/pipeline.txt\n:language: python\n```\n\n"
        "```python\nfrom pkg.pipelines.experiment_pipeline import ExperimentPipeline\nfrom pkg.pipelines import TrainJob, Pipeline\n"
        "from pkg.models import FastFlow\n\nif __name__ == '__main__':\n    ExperimentPipeline().run()\n```\n"
    )
    files = {
        "pkg/__init__.py": "", "pkg/pipelines/__init__.py": "class Pipeline:\n    pass\n", "pkg/models/__init__.py": "class Fastflow:\n    pass\n",
        "docs/snippets/pipeline.txt": "class ExperimentPipeline(Pipeline):\n    def _setup_runners(self):\n        return []\n",
        "docs/guides/custom.md": guide,
    }
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("pkg.models.FastFlow", "pkg.models.Fastflow")]


def test_a_page_quoting_the_package_s_own_function_still_names_where_it_lives(make_repo):
    """slime: `--dynamic-sampling-filter-path pkg.filter_hub.filters.check_reward_nonzero_std`,
    then the function's code on the page: it is the package's (moved to another module),
    not the reader's, so the stale module path is still reported."""
    page = (
        "# Dynamic sampling\n\n```bash\npython train.py --filter-path pkg.filter_hub.filters.check_reward_nonzero_std\n```\n\n"
        "```python\ndef check_reward_nonzero_std(args, samples, **kwargs):\n    return True\n```\n"
    )
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--filter-path')\np.parse_args()\n"
    files = {"train.py": cli, "pkg/__init__.py": "", "pkg/filter_hub/__init__.py": "",
             "pkg/filter_hub/sampling_filters.py": "def check_reward_nonzero_std(args, samples, **kwargs):\n    return True\n", "docs/sampling.md": page}
    found = [(f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("DRIFT005", "pkg.filter_hub.filters.check_reward_nonzero_std")]


def test_an_astro_site_serves_an_index_pages_neighbours_as_folders_under_slugged_names(make_repo):
    """InvokeAI's Starlight site: `Front End/index.md` is served at /front-end/, so
    `./state-management/` is state-management.mdx beside it, and `../front-end/` from a
    sibling page is that folder, as the site slugs "Front End"."""
    files = {
        "docs/package.json": '{"dependencies": {"astro": "5", "@astrojs/starlight": "0.30"}}\n',
        "docs/src/content/docs/dev/Front End/index.md": "# FE\n\nSee [state] and [flows](./flows/) and [gone](./gone/).\n\n[state]: ./state-management/\n",
        "docs/src/content/docs/dev/Front End/state-management.mdx": "# State\n",
        "docs/src/content/docs/dev/Front End/flows.mdx": "# Flows\n",
        "docs/src/content/docs/dev/other.md": "# Other\n\nSee [fe](../front-end/), [state](../front-end/state-management/) and [old](../front-end/old-state/).\n",
    }
    found = sorted((f.path.rsplit("/", 1)[-1], f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("index.md", "./gone/"), ("other.md", "../front-end/old-state/")]


def test_a_folder_the_page_makes_and_enters_is_under_the_pages_folder(make_repo):
    """torchserve: `mkdir adapters && cd adapters` in examples/.../lora/Readme.md, then
    `python ../../../utils/Download_model.py`: from the page's folder, that file exists."""
    doc = "# LoRA\n\n```bash\nmkdir adapters && cd adapters\npython ../../../utils/Download_model.py --model_path m\npython ../../../utils/gone.py\n```\n"
    files = {"examples/large/utils/Download_model.py": "", "examples/large/vllm/lora/Readme.md": doc}
    assert [(f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [("DRIFT001", "../../../utils/gone.py")]


def test_a_path_whose_parts_the_code_holds_as_literals_is_one_it_builds_at_run_time(make_repo):
    """InvokeAI's model-manager page: "the main database, usually `databases/invokeai.db`",
    which config_default.py builds from `Path("databases")` and `"invokeai.db"` in the
    user's root folder (a committed databases/invokeai.db was deleted long ago)."""
    config = 'from pathlib import Path\nDB_FILE = Path("invokeai.db")\n\nclass Config:\n    db_dir: Path = Path("databases")\n'
    doc = "# Models\n\nRecords live in the main database, usually `databases/invokeai.db`; logs in `databases/run.log`.\n"
    builder = make_repo({"app/config_default.py": config, "databases/invokeai.db": b"SQLite", "databases/run.log": "x\n", "docs/models.md": "# Models\n"})
    builder.commit({"docs/models.md": doc}, "document the database", remove=("databases/invokeai.db", "databases/run.log"))
    found = {f.text: f for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings}
    assert found["databases/invokeai.db"].confidence == "low" and "app/config_default.py" in found["databases/invokeai.db"].evidence
    assert found["databases/run.log"].confidence == "high"  # the code names no run.log


def test_a_sub_project_s_page_imports_its_modules_from_the_sub_project_s_folder(make_repo):
    """LLaMA-Adapter: llama_adapter_v2_multimodal7b/docs/train.md has `from
    llama.llama_adapter import LLaMA_adapter`, run from llama_adapter_v2_multimodal7b/
    (its llama/ folder); sub/README.md likewise. A module no folder above has is stale."""
    files = {
        "llama_adapter_v2_multimodal7b/llama/__init__.py": "", "llama_adapter_v2_multimodal7b/llama/llama_adapter.py": "class LLaMA_adapter:\n    pass\n",
        "imagebind_LLM/llama/__init__.py": "", "imagebind_LLM/llama/llama_adapter.py": "class LLaMA_adapter:\n    pass\n",
        "llama/__init__.py": "", "llama/model.py": "class Transformer:\n    pass\n",
        "llama_adapter_v2_multimodal7b/docs/train.md": "# Train\n\n```python\nfrom llama.llama_adapter import LLaMA_adapter\n```\n",
        "imagebind_LLM/README.md": "# ImageBind\n\n```python\nfrom llama.llama_adapter import LLaMA_adapter\n```\n",
        "docs/other.md": "# Other\n\n```python\nfrom llama.llama_adapter import LLaMA_adapter\n```\n",
    }
    assert [f.path for f in audit(make_repo(files).root, blame=False).findings] == ["docs/other.md"]


def test_a_page_that_binds_a_submodule_to_the_package_s_name_means_that_submodule(make_repo):
    """spconv's USAGE.md: `import spconv.pytorch as spconv`, then `spconv.SparseConv3d`,
    which spconv.pytorch exports. A name the submodule lacks too is still unknown; a page
    without the import reads `spconv.X` as the package's."""
    files = {
        "spconv/__init__.py": "", "spconv/pytorch/__init__.py": "from spconv.pytorch.conv import SparseConv3d\n",
        "spconv/pytorch/conv.py": "class SparseConv3d:\n    pass\n",
        "docs/USAGE.md": "# Usage\n\n```python\nimport spconv.pytorch as spconv\n```\n\nUse `spconv.SparseConv3d` or `spconv.SparseConv4d`.\n",
        "docs/OTHER.md": "# Other\n\nUse `spconv.SparseConv3d`.\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs/OTHER.md", "spconv.SparseConv3d"), ("docs/USAGE.md", "spconv.SparseConv4d")]


def test_names_a_module_makes_at_import_time_and_lists_in_all_are_its_own(make_repo):
    """underthesea/__init__.py: `for name, module in optional_imports.items(): globals()[name]
    = get_optional_import(module, name)`, then `__all__ = [..., 'translate', ...]`: the
    page's `from underthesea import translate` is right, even where a function of that name
    lives in a submodule (no fix to suggest). A name in no `__all__` is still missing."""
    init = (
        "from .pipeline.ner import ner\n\noptional_imports = {'translate': 'pkg.pipeline.translate'}\n\n\n"
        "def get_optional_import(module_name, object_name):\n    return None\n\n\n"
        "for name, module in optional_imports.items():\n    globals()[name] = get_optional_import(module, name)\n\n"
        "__all__ = ['ner', 'translate']\n"
    )
    files = {
        "pkg/__init__.py": init, "pkg/pipeline/__init__.py": "", "pkg/pipeline/ner.py": "def ner(x):\n    return x\n",
        "pkg/pipeline/translate.py": "def translate(x):\n    return x\n", "pkg/pipeline/detect.py": "def lang_detect(x):\n    return x\n",
        "docs/api.md": "# API\n\n```python\nfrom pkg import translate\nfrom pkg import lang_detect\n```\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.lang_detect"]


def test_a_module_that_makes_names_at_import_time_may_have_any(make_repo):
    """auto-sklearn: metrics/__init__.py builds `f1_macro` and kin with
    `globals()[name] = scorer`; a module that does not is still judged."""
    metrics = (
        "from itertools import product\n\n\ndef make_scorer(n):\n    return n\n\n\n"
        "for base_name, average in product(['f1', 'recall'], ['macro', 'micro']):\n    name = base_name + '_' + average\n"
        "    scorer = make_scorer(name)\n    globals()[name] = scorer  # Adds scorer to the module scope\n"
    )
    files = {"pkg/__init__.py": "", "pkg/metrics/__init__.py": metrics, "pkg/other.py": "X = 1\n",
             "doc/api.rst": "API\n===\n\nUse a metric such as ``pkg.metrics.f1_macro`` or ``pkg.other.recall_micro``.\n"}
    # plumbum's colors.py: `sys.modules[__name__] = ansicolors`, an object in the module's place.
    files["pkg/colorlib/__init__.py"] = "ansicolors = object()\n"
    files["pkg/colors.py"] = "import sys\n\nfrom pkg.colorlib import ansicolors\n\nsys.modules[__name__] = ansicolors  # type: ignore[assignment]\n"
    files["doc/colors.rst"] = "Colors\n======\n\n.. code-block:: python\n\n    from pkg.colors import warn\n"
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.other.recall_micro"]


def test_a_module_a_plugin_loader_sets_names_on_may_have_any(make_repo):
    """molfeat's plugins/entry_point.py: for each entry point of the groups "pkg.calc" and
    "pkg.trans", `setattr(sys.modules[entry_point.group], name, obj)`: after
    `load_registered_plugins()`, `from pkg.calc import PadelDescriptors` is a plugin's
    class (a note). A module no loader names is still judged."""
    loader = (
        "import sys\n\nGROUPS = {\"pkg.calc\": 1, \"pkg.trans\": 2}\n\n\ndef load_registered_plugins():\n"
        "    for group in GROUPS:\n        for entry_point in get_entry_points(group):\n"
        "            obj = entry_point.load()\n            setattr(sys.modules[entry_point.group], obj.__name__, obj)\n"
    )
    block = "```python\nfrom pkg.plugins import load_registered_plugins\nload_registered_plugins()\nfrom pkg.calc import PadelDescriptors\nfrom pkg.other import Gone\n```\n"
    files = {"pkg/__init__.py": "", "pkg/calc/__init__.py": "X = 1\n", "pkg/trans.py": "", "pkg/other.py": "Y = 1\n", "pkg/plugins.py": loader, "docs/plugins.md": "# Plugins\n\n" + block}
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings}
    assert found == {"pkg.calc.PadelDescriptors": "low", "pkg.other.Gone": "high"}


def test_a_name_the_sentence_calls_the_wrong_one_is_no_reference(make_repo):
    """OpenHands: "use `telemetry.registry.logger` not `pkg.telemetry.registry.logger`":
    the second is named as the mistake to avoid. A name the sentence recommends is judged."""
    files = {
        "pkg/__init__.py": "", "telemetry/__init__.py": "", "telemetry/registry.py": "logger = None\n",
        "AGENTS.md": "# Rules\n\n- Use `telemetry.registry.logger` not `pkg.telemetry.registry.logger`.\n- Avoid `pkg.old_api`; use `pkg.gone_api` instead.\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.gone_api"]


def test_a_module_that_only_imports_a_name_is_no_new_home_for_it(make_repo):
    """InvokeAI: `invokeai.backend.model_manager.config` after config.py became a package
    `configs/`; a vendored module's `from geffnet import config` is no fix for it."""
    files = {
        "pkg/__init__.py": "", "pkg/manager/__init__.py": "", "pkg/manager/configs/__init__.py": "",
        "pkg/image_util/__init__.py": "", "pkg/image_util/acts.py": "from geffnet import config\n",
        "pkg/tools.py": "def loader():\n    pass\n",
        "docs/models.md": "# Models\n\nThe records are in `pkg.manager.config`; load with `pkg.manager.loader`.\n",
    }
    found = sorted((f.text, f.replacement, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    # Named by a module that only imports it, with no home to suggest: a note.
    assert found == [("pkg.manager.config", None, "low"), ("pkg.manager.loader", "pkg.tools.loader", "medium")]


def test_a_moved_file_s_fix_is_written_from_where_the_doc_s_path_was(make_repo):
    """trulens: an example's README names `src/ground_truth.py`, now `src/eval/ground_truth.py`
    in that example: the fix is that, not the path from the repository's root."""
    readme = "# Agent\n\nLoaded by `load()` in `src/ground_truth.py`.\n"
    files = {"examples/agent/pyproject.toml": "[project]\nname = 'agent'\n", "examples/agent/README.md": readme, "examples/agent/src/eval/ground_truth.py": "def load():\n    pass\n"}
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("src/ground_truth.py", "src/eval/ground_truth.py")]


def test_what_the_docs_build_copies_or_links_is_read_where_it_lands(make_repo):
    """envpool's Makefile converts benchmark/README.md into docs/content/benchmark.rst with
    pandoc, so the README's `../_static/images/x.png` is written from docs/content/;
    neuralforecast's `cp -r nbs/imgs docs/mintlify/` makes docs/mintlify/imgs/; trulens'
    docs/cookbook symlinks examples/expositional, whose index links from docs/cookbook/."""
    import os

    makefile = (
        "doc-benchmark:\n\tpandoc benchmark/README.md --from markdown --to rst -s -o docs/content/benchmark.rst --columns 1000\n"
        "\tcd benchmark && ./plot.py --suffix png\n\ndocs:\n\tcp -r nbs/imgs docs/mintlify/\n"
    )
    files = {
        "Makefile": makefile,
        "benchmark/README.md": "# Bench\n\n![t](../_static/images/t.png) ![g](../_static/images/gone.png)\n",
        "docs/_static/images/t.png": "png",
        "nbs/imgs/a.png": "png",
        "docs/mintlify/guide.mdx": "# Guide\n\n![a](imgs/a.png) ![b](imgs/b.png)\n",
        "examples/expositional/index.md": "# Cookbook\n\n[q](../getting_started/quick.ipynb) [g](../getting_started/gone.ipynb)\n",
        "docs/getting_started/quick.ipynb": "{}",
    }
    builder = make_repo(files)
    os.symlink("../examples/expositional", builder.root / "docs/cookbook")
    builder.repo.index.add(["docs/cookbook"])
    builder.repo.index.commit("link the cookbook into the site")
    found = sorted((f.path, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [
        ("benchmark/README.md", "../_static/images/gone.png"),
        ("docs/mintlify/guide.mdx", "imgs/b.png"),
        ("examples/expositional/index.md", "../getting_started/gone.ipynb"),
    ]


def test_makefile_recipes_give_their_copies_and_leave_out_what_they_cannot_name():
    from drift_docs.build_copies import recipe_copies

    text = (
        "site:\n\t@cd docs && cp ../README.md src/index.md && cp a.png b.png static/\n"
        "\tcp $(BUILD)/x.md out/\n\tcp -r nbs/imgs/* docs/imgs/\n\tpandoc -s notes.md -o notes.rst\n"
        "not_a_recipe: cp x y\n\tpandoc a.md b.md -o both.rst\n"
    )
    assert recipe_copies("site/Makefile", text) == [
        ("site/README.md", "site/docs/src/index.md", False),
        ("site/docs/a.png", "site/docs/static/a.png", False),
        ("site/docs/b.png", "site/docs/static/b.png", False),
        ("site/nbs/imgs", "site/docs/imgs", True),
        ("site/notes.md", "site/notes.rst", False),
    ]


def test_a_file_a_packaging_script_stages_into_the_package_is_the_package_s(make_repo):
    """tensorflow/compression's build_pip_pkg.sh: `cp pkg/tests_all.py "${SRCDIR}/pkg/tests/all.py"`,
    then builds the wheel from ${SRCDIR}; its README's `python -m pkg.tests.all` runs it.
    A module no script stages is still reported, and so is a copy to a folder the tree lacks."""
    from drift_docs.build_copies import staged_copies

    script = (
        'SRCDIR="$(mktemp -d)"\ncp LICENSE "${SRCDIR}"\nmkdir -p "${SRCDIR}/pkg/tests"\n'
        'cp pkg/tests_all.py "${SRCDIR}/pkg/tests/all.py"\ncp -r pkg/cc $OUT/pkg/ && cp x.txt "$HOME/notes/x.txt"\n'
    )
    assert staged_copies("pkg/build_pip_pkg.sh", script) == [
        ("pkg/tests_all.py", "pkg/tests/all.py", False),
        ("pkg/pkg/tests_all.py", "pkg/tests/all.py", False),
        ("pkg/cc", "pkg/cc", True),
        ("pkg/pkg/cc", "pkg/cc", True),
        ("x.txt", "notes/x.txt", False),
        ("pkg/x.txt", "notes/x.txt", False),
    ]
    readme = "# Ops\n\n```bash\npython -m pkg.tests.all\npython -m pkg.tests.gone\npython -m pkg.notes.x\n```\n"
    files = {"pkg/__init__.py": "", "pkg/tests_all.py": "print(1)\n", "pkg/build_pip_pkg.sh": script, "pkg/README.md": readme, "x.txt": "x"}
    found = sorted((f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [(5, "pkg.tests.gone"), (6, "pkg.notes.x")]


def test_a_page_that_names_a_package_s_files_bare_names_its_other_paths_from_there(make_repo):
    """pycolab's README lists `engine.py`, `plot.py`, then `prefab_parts/sprites.py`: files of
    the pycolab/ package, named from there. A path not there either is still reported, and a
    page that names one bare file only has no such folder."""
    files = {
        "engine.py": "", "plot.py": "", "parts/__init__.py": "", "parts/sprites.py": "", "parts/gone.py": "",
        "README.md": "# Pkg\n\n1. `engine.py`\n2. `plot.py`\n3. `parts/sprites.py`\n4. `parts/gone.py`\n",
        "docs/one.md": "# One\n\nSee `engine.py` and `parts/sprites.py`.\n",
    }
    builder = make_repo(files)
    moved = ["engine.py", "plot.py", "parts/__init__.py", "parts/sprites.py"]
    builder.commit({"pkg/__init__.py": "", **{"pkg/" + p: "" for p in moved}}, "adopt a package layout", remove=(*moved, "parts/gone.py"))
    found = sorted((f.path, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [("README.md", "parts/gone.py"), ("docs/one.md", "parts/sprites.py")]


def test_a_python_file_s_path_with_a_name_after_a_dot_names_that_name(make_repo):
    """spriteworld's README: "subclass `spriteworld/tasks.AbstractTask`": the class in
    spriteworld/tasks.py. A missing file, or a suffix where the name would be
    (`spriteworld/tasks.cpp`), is still reported."""
    readme = "# Tasks\n\nSubclass `pkg/tasks.AbstractTask` or `pkg/gone.AbstractTask`; see `pkg/tasks.cpp`.\n"
    files = {"pkg/__init__.py": "", "pkg/tasks.py": "class AbstractTask:\n    pass\n", "pkg/gone.py": "", "README.md": readme}
    builder = make_repo(files)
    builder.commit({}, "drop gone", remove=("pkg/gone.py",))
    found = sorted(f.text for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert found == ["pkg/gone.AbstractTask", "pkg/tasks.cpp"]


def test_a_go_package_s_folder_with_an_exported_name_names_that_name(make_repo):
    """ingestr's CLAUDE.md: "use `pkg/schema.JSONArrowType` for nested documents": the type
    in the Go package pkg/schema. A lower-case name after the dot, or a folder that holds
    no Go files, is still a path."""
    page = "# Notes\n\nUse `pkg/schema.JSONArrowType`, not `pkg/schema.jsonType` or `web/assets.Logo`.\n"
    files = {"go.mod": "module x\n", "pkg/schema/schema.go": "package schema\n\ntype JSONArrowType struct{}\n", "web/assets/logo.svg": "<svg/>", "CLAUDE.md": page}
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert found == ["pkg/schema.jsonType", "web/assets.Logo"]


def test_a_file_an_rst_page_includes_resolves_its_doc_links_from_that_page(make_repo):
    """marshmallow: docs/contributing.rst is `.. include:: ../CONTRIBUTING.rst`, whose
    :doc:`code_of_conduct` Sphinx resolves from docs/. A page there is not, still reported."""
    files = {
        "docs/conf.py": "project = 'x'\n",
        "docs/contributing.rst": "Contributing\n============\n\n.. include:: ../CONTRIBUTING.rst\n",
        "docs/code_of_conduct.rst": "Code of conduct\n===============\n",
        "CONTRIBUTING.rst": "Contributing\n============\n\nRead :doc:`code_of_conduct` and :doc:`gone_page`.\n",
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["gone_page"]


def test_news_fragments_made_up_names_and_host_names_are_not_stale(make_repo):
    """attrs' CONTRIBUTING: "For example, `changelog.d/42.change.md`" (a towncrier fragment,
    named for its pull request) and "`attrs.func()` or `attrs.Class.method()`" (how to write
    one); xarray's "the `xarray.dev` landing page" and statsmodels' `statsmodels.github.io`
    (web sites); sunpy's "compare your branch with ``sunpy/main``" (a remote's branch). A
    missing page beside the fragments, a missing module and a missing folder are still reported."""
    doc = (
        "# Contributing\n\nFor example, `changelog.d/42.change.md` for a change in #42; see `changelog.d/notes.md`.\n\n"
        "Write `pkg.func()` or `pkg.Class.method()`. See the `pkg.dev` site and `pkg.github.io`; `pkg.gone` is gone.\n\n"
        "Compare your branch with `pkg/main` or `upstream/master`, not `pkg/gone_dir`.\n\n"
        # Tandoor: the `recipes.local` ingress host; SWAG's `recipes.subdomain.conf`.
        "Browse `pkg.local`, then:\n\n```bash\ncp pkg.subdomain.conf.sample pkg.subdomain.conf\n```\n"
    )
    files = {"pkg/__init__.py": "def run():\n    pass\n", "pkg/gone.py": "", "pkg/gone_dir/x.py": "", "changelog.d/240.change.md": "Fixed.\n", "CONTRIBUTING.md": doc,
             "pyproject.toml": '[project]\nname = "pkg"\n'}
    builder = make_repo(files)
    builder.commit({}, "drop gone", remove=("pkg/gone.py", "pkg/gone_dir/x.py"))
    found = sorted(f.text for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert found == ["changelog.d/notes.md", "pkg.gone", "pkg/gone_dir"]


def test_a_dotted_name_of_a_file_and_an_example_module_are_not_stale(make_repo):
    """MDAnalysis: ":mod:`MDAnalysis.lib.libmdanalysis.__init__.pxd`" names the Cython header
    there, `from MDAnalysis.analysis import ExampleAnalysisModule  # (e.g. RMSD)` a stand-in, and
    so is biopython's test guide's `Bio.Biospam`, and towncrier's `towncrier.test.FILE.CLASS.METHOD`.
    A header the tree lacks is still reported."""
    doc = (
        "Lib\n===\n\nSee :mod:`pkg.lib.__init__.pxd` and :mod:`pkg.lib.gone.pxd`.\n\n"
        ".. code-block:: python\n\n    from pkg.analysis import ExampleAnalysisModule  # (e.g. RMSD)\n    import pkg.Biospam\n"
        "    from pkg.analysis import ChosenPartitioner  # flwr-datasets': the partitioner of your choice\n\n"
        "Run one test with ``pkg.analysis.FILE.CLASS.METHOD``.\n"  # towncrier's how-to
    )
    files = {"pkg/__init__.py": "", "pkg/lib/__init__.py": "", "pkg/lib/__init__.pxd": "", "pkg/lib/gone.pxd": "", "pkg/analysis/__init__.py": "", "docs/lib.rst": doc}
    builder = make_repo(files)
    builder.commit({}, "drop gone", remove=("pkg/lib/gone.pxd",))
    found = sorted(f.text for f in audit(builder.root, blame=False).findings)
    assert found == ["pkg.lib.gone.pxd"]


def test_a_markdown_snippet_s_links_resolve_from_the_page_that_includes_it(make_repo):
    """SQLModel: docs/tutorial/fastapi/tests.md takes in
    `{!./docs_src/app_testing/annotations/en/test_main_003.md!}`, whose
    `[Order Matters](../create-db-and-table.md)` is written for the page (docs/tutorial/).
    The same for a pymdownx `--8<--` snippet; a link that works from neither is reported."""
    files = {
        "mkdocs.yml": "site_name: x\nmarkdown_extensions:\n  - markdown_include.include\n  - pymdownx.snippets\n",
        "docs/tutorial/create-db-and-table.md": "# Create\n",
        "docs/tutorial/fastapi/tests.md": "# Tests\n\n{!./docs_src/ann/a.md!}\n\n--8<-- \"docs_src/ann/b.md\"\n",
        "docs_src/ann/a.md": "1. See [Order Matters](../create-db-and-table.md) and [gone](../gone-page.md).\n",
        "docs_src/ann/b.md": "1. See [Create](../create-db-and-table.md).\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs_src/ann/a.md", "../gone-page.md")]


def test_cheat_sheet_placeholders_prefixes_and_a_package_of_many_copies(make_repo):
    """prefect's AGENTS.md: `uv run pytest tests/path.py -k name` and `pytest tests/module/`
    (whichever file or module); pyramid's "the ``pyramid.debug_`` settings" (a prefix),
    "``tutorial.sqlite``" (the database file a step makes), and `tutorial.models.User` where
    each tutorial step has its own `tutorial` package under src/<step>/. A name no copy has,
    and a real missing test folder, are still reported."""
    agents = "# Agents\n\n```bash\nuv run pytest tests/path.py -k name\nuv run pytest tests/module/\nuv run pytest tests/gone_suite/\n```\n"
    wiki = (
        "Wiki\n====\n\nThe ``pkg.debug_`` settings; the ``tutorial.sqlite`` file; ``pkg.sln`` in Visual Studio; ``pkg.deb`` and ``pkg.rpm`` packages; :class:`tutorial.models.User` and\n"
        ":class:`tutorial.models.Page`; :class:`tutorial.gone.Page`.\n"
    )
    files = {
        "pkg/__init__.py": "", "tests/test_a.py": "def test_a():\n    pass\n", "tests/gone_suite/test_b.py": "", "AGENTS.md": agents,
        "docs/wiki/src/basic/setup.py": "", "docs/wiki/src/basic/tutorial/__init__.py": "", "docs/wiki/src/basic/tutorial/views.py": "",
        "docs/wiki/src/models/setup.py": "", "docs/wiki/src/models/tutorial/__init__.py": "", "docs/wiki/src/models/tutorial/models/__init__.py": "class User:\n    pass\n",
        "docs/wiki/src/models/tutorial/gone.py": "", "docs/wiki/models.rst": wiki,
    }
    builder = make_repo(files)
    builder.commit({}, "drop", remove=("tests/gone_suite/test_b.py", "docs/wiki/src/models/tutorial/gone.py"))
    found = sorted(f.text for f in audit(builder.root, blame=False).findings)
    assert found == ["tests/gone_suite", "tutorial.gone.Page"]


def test_a_star_import_re_exports_in_a_package_under_a_source_folder(make_repo):
    """TensorRT: py/torch_tensorrt/dynamo/conversion/__init__.py does `from ._TRTInterpreter
    import *`, so `torch_tensorrt.dynamo.conversion.TRTInterpreter` is importable; the
    package sits in py/, which setup.py's package_dir maps. A name a module there lacks is
    still reported."""
    setup = "from setuptools import setup\nsetup(name='pkg', package_dir={'pkg': 'py/pkg', 'pkg.conv': 'py/pkg/conv'})\n"
    files = {
        "setup.py": setup, "pyproject.toml": '[project]\nname = "pkg"\n',
        "py/pkg/__init__.py": "", "py/pkg/conv/__init__.py": "from ._interp import *  # noqa: F403\n",
        "py/pkg/conv/_interp.py": "class Interp:\n    pass\n", "py/pkg/conv/other.py": "def helper():\n    pass\n",
        "tests/test_conv.py": "from pkg.conv import Interp\n",
        "docs/guide.md": "# Guide\n\n```python\nfrom pkg.conv import Interp\nfrom pkg.conv.other import helper, helpr\n```\n",
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert found == ["pkg.conv.other.helpr"]


def test_an_ignored_build_folder_named_from_above_the_checkout_is_ignored(make_repo):
    """mlxtend's CONTRIBUTING: "`mlxtend/docs/sources/api_modules`", a folder the docs build
    writes and .gitignore keeps out, named from above the checkout (mlxtend/ is also its
    package folder)."""
    files = {
        ".gitignore": "docs/sources/api_modules/\n", "mlxtend/__init__.py": "", "docs/sources/index.md": "# Docs\n",
        "pyproject.toml": "[project]\nname = \"mlxtend\"\n",
        "docs/sources/CONTRIBUTING.md": "# Contributing\n\n- `mlxtend/docs/sources/api_modules`\n- `mlxtend/docs/sources/gone_folder`\n",
    }
    builder = make_repo(files)
    builder.commit({"docs/sources/gone_folder/x.md": "x\n"}, "add")
    builder.commit({}, "drop", remove=("docs/sources/gone_folder/x.md",))
    found = sorted(f.text for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert found == ["mlxtend/docs/sources/gone_folder"]


def test_a_path_the_sentence_puts_in_the_readers_own_project_is_theirs(make_repo):
    """trulens' CI example: "A GitHub Actions workflow template. Copy it to
    `.github/workflows/` in your repo." The tree has no such folder; the reader's does."""
    readme = (
        "# Eval gate\n\n| File | Purpose |\n|---|---|\n| `gate.yml` | A workflow template, which runs from `.github/workflows/` in your repo. |\n\n"
        "The gate runs `examples/gate/run.py`.\n"
    )
    files = {"examples/gate/README.md": readme, "examples/gate/gate.yml": "on: push\n", ".github/ISSUE_TEMPLATE/bug.md": "x\n"}
    found = [(f.text, f.confidence) for f in audit(make_repo(files, removed=('examples/gate/run.py',)).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert sorted(found) == [(".github/workflows", "low"), ("examples/gate/run.py", "high")]


def test_sphinxcontrib_collections_and_doc_builder_redirects_make_pages_that_links_reach(make_repo):
    """penzai's conf.py loads the extension as `sphinxcontrib.collections` and copies
    ../notebooks/ into docs/notebooks/; huggingface_hub's docs/source/en/_redirects.yml
    sends `how-to-model-cards` to guides/model-cards: a link there works, a note with the page."""
    conf = "extensions = ['sphinxcontrib.collections']\ncollections_target = ''\ncollections = {\n    'notebooks': {'driver': 'copy_folder', 'source': '../notebooks/', 'target': 'notebooks/'},\n}\n"
    files = {
        "docs/conf.py": conf,
        "docs/guides/howto.md": "# How to\n\nSee [axes](../notebooks/named_axes.ipynb) and [gone](../notebooks/gone.ipynb).\n",
        "notebooks/named_axes.ipynb": "{}",
        "hub/source/en/_toctree.yml": "- title: Guides\n",
        "hub/source/en/_redirects.yml": "# Move how-to pages\nhow-to-model-cards: guides/model-cards\n",
        "hub/source/en/guides/model-cards.md": "# Cards\n",
        "hub/source/en/package_reference/cards.md": "# Cards API\n\nSee [the guide](../how-to-model-cards) and [old](../how-to-nothing).\n",
    }
    found = sorted((f.text, f.confidence, f.replacement) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert found == [("../how-to-model-cards", "low", "../guides/model-cards"), ("../how-to-nothing", "high", None), ("../notebooks/gone.ipynb", "high", None)]


def test_a_path_the_page_tells_the_reader_to_make_is_theirs_wherever_the_page_names_it_later(make_repo):
    """mmyolo's tutorial: "place it into the dir of `configs/custom_dataset`", "You can choose
    to copy to `configs/custom_dataset/cat.py`", then trains with that path: the reader's copy."""
    doc = (
        "# Tutorial\n\nName it `cat.py` and place it into the dir of `configs/custom_dataset`.\n\n"
        "We put an identical config in `projects/misc/cat.py`. You can choose to copy to `configs/custom_dataset/cat.py` to start.\n\n"
        "```bash\npython tools/train.py configs/custom_dataset/cat.py\npython tools/train.py configs/gone/dog.py\n```\n"
    )
    files = {"tools/train.py": "", "projects/misc/cat.py": "", "configs/yolo/base.py": "", "docs/tutorial.md": doc}
    assert [(f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [("DRIFT001", "configs/gone/dog.py")]


def test_a_cd_from_a_variable_naming_the_checkout_s_root_is_followed(make_repo):
    """HugeCTR's samples: `cd ${project_root}/tools`, then `python3 ../samples/dcn/x.py`;
    `$HUGECTR_HOME/tools` likewise. A path wrong from there is still stale."""
    page = (
        "# DCN\n\n```bash\ncd ${project_root}/tools\npython3 ../samples/dcn/dcn.py\npython3 ../samples/dcn/gone.py\n```\n\n"
        "```bash\ncd $HUGECTR_HOME/tools\nbash preprocess.sh\n```\n"
    )
    files = {"tools/preprocess.sh": "echo\n", "samples/dcn/dcn.py": "x = 1\n", "samples/dcn/README.md": page}
    builder = make_repo(files)
    builder.repo.create_remote("origin", "https://github.com/NVIDIA-Merlin/HugeCTR.git")
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["../samples/dcn/gone.py"]


def test_a_cd_into_a_path_to_another_project_leaves_this_tree(make_repo):
    """mmpose's deploy guide: `cd ${PATH_TO_MMDEPLOY}` then `python tools/test.py ... --device
    cpu`, MMDeploy's script; `cd ${PATH_TO_DATA}` stays here, as does this repository's name."""
    test = "import argparse\np = argparse.ArgumentParser()\np.add_argument('config')\np.add_argument('--work-dir')\np.parse_args()\n"
    doc = (
        "# Deploy\n\n```shell\ncd ${PATH_TO_MMDEPLOY}\npython tools/test.py configs/x.py --device cpu\n```\n\n"
        "```shell\ncd ${PATH_TO_DATA}\npython tools/test.py configs/x.py --devcie cpu\n```\n"
    )
    files = {"tools/test.py": test, "configs/x.py": "", "docs/deploy.md": doc}
    assert [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [(10, "--devcie")]


def test_a_path_the_sentence_says_is_not_there_or_names_at_an_old_commit_is_a_note(make_repo):
    """trulens: "lives here as a template rather than under this repo's own
    `.github/workflows/`"; determined: "Looking at `harness/schemas/extensions.py` in
    `5d9266a0~` may be instructive." A plain mention of a missing file is still reported."""
    readme = (
        "# Schemas\n\nThe template lives here rather than under this repo's own `.github/workflows/` so it does not run.\n\n"
        "The python versions were removed. Looking at `harness/schemas/extensions.py` in `5d9266a0~` may help.\n\n"
        "The loader is `harness/schemas/loader.py`.\n"
    )
    files = {"harness/schemas/__init__.py": "", ".github/ISSUE_TEMPLATE/x.md": "x\n", "schemas/README.md": readme}
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files, removed=('harness/schemas/loader.py',)).root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert found == [(".github/workflows", "low"), ("harness/schemas/extensions.py", "low"), ("harness/schemas/loader.py", "high")]


def test_a_macro_a_c_header_defines_is_no_environment_variable(make_repo):
    """xgboost's plugin README names `XGBOOST_REGISTER_OBJECTIVE`, a macro of
    include/xgboost/objective.h, in the package's env namespace; a name no code has is
    still reported."""
    # cuVS's C API pages list enum members: `CUVS_LOG_LEVEL_TRACE = 0,` and `{ CUVS_KMEANS_TYPE_KMEANS = 0, ... }`.
    header = (
        "#define XGBOOST_REGISTER_OBJECTIVE(UniqueId, Name) \\\n  static int x = 0\n\n"
        "typedef enum {\n  XGBOOST_LOG_TRACE = 0,\n  XGBOOST_LOG_DEBUG = 1\n} xgbLogLevel;\n"
        "typedef enum { XGBOOST_KIND_A = 0, XGBOOST_KIND_B = 1 } xgbKind;\nenum xgbError {\n  XGBOOST_ERROR,\n  XGBOOST_SUCCESS\n};\n"
    )
    doc = (
        "# Plugin\n\n- Register it with a macro: `XGBOOST_REGISTER_OBJECTIVE`.\n- Set `XGBOOST_VERBOS` to see more.\n"
        "- Levels: `XGBOOST_LOG_TRACE`, `XGBOOST_LOG_DEBUG`; kinds `XGBOOST_KIND_B`; errors `XGBOOST_ERROR`, `XGBOOST_SUCCESS`.\n"
    )
    files = {"include/xgboost/objective.h": header, "python-package/pyproject.toml": "[project]\nname = 'xgboost'\n", "python-package/xgboost/__init__.py": "import os\nDEBUG = os.environ.get('XGBOOST_VERBOSE')\n", "plugin/README.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["XGBOOST_VERBOS"]


def test_a_backlog_a_data_file_named_as_a_module_and_gallery_figures_are_no_stale_names(make_repo):
    """pyod: docs/v3.3-backlog.md lists modules proposed for later; `pyod.utils.knowledge.algorithms`
    is the table pyod/utils/knowledge/algorithms.json. tslearn: `../../_images/sphx_glr_*.svg`
    is a figure sphinx-gallery draws when the site builds."""
    files = {
        "pyod/__init__.py": "", "pyod/utils/__init__.py": "", "pyod/utils/knowledge/__init__.py": "", "pyod/utils/knowledge/algorithms.json": "{}",
        "docs/v3.3-backlog.md": "# Backlog\n\n- add `pyod.models.eif`\n",
        "docs/conf.py": "extensions = ['sphinx_gallery.gen_gallery']\n",
        "docs/user_guide/dtw.rst": "DTW\n===\n\n.. image:: ../../_images/sphx_glr_plot_dtw_001.svg\n\n.. image:: ../../_static/gone.png\n",
        "docs/guide.md": "# Guide\n\nThe table is `pyod.utils.knowledge.algorithms`; see `pyod.utils.knowledge.gone`.\n",
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["../../_static/gone.png", "pyod.utils.knowledge.gone"]


def test_a_code_label_that_keeps_an_old_name_of_the_file_its_link_reaches_is_a_note(make_repo):
    """Merlion's examples README: [`anomaly/AnomalyIntro.ipynb`](anomaly/0_AnomalyIntro.ipynb).
    The link works; the label is the notebook's old name: a note with the new one. A label
    whose link is broken, or that names another file, is still reported."""
    readme = (
        "# Examples\n\n- [`anomaly/AnomalyIntro.ipynb`](anomaly/0_AnomalyIntro.ipynb) to start.\n"
        "- [`forecast/Intro.ipynb`](forecast/0_Gone.ipynb) next.\n- See `anomaly/Missing.ipynb` too.\n"
    )
    files = {"examples/README.md": readme, "examples/anomaly/0_AnomalyIntro.ipynb": "{}", "examples/forecast/1_Other.ipynb": "{}"}
    found = sorted((f.text, f.confidence, f.replacement) for f in audit(make_repo(files, removed=('examples/anomaly/Missing.ipynb', 'examples/forecast/0_Gone.ipynb')).root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert ("anomaly/AnomalyIntro.ipynb", "low", "anomaly/0_AnomalyIntro.ipynb") in found
    assert ("forecast/0_Gone.ipynb", "high", None) in [(t, c, r) for t, c, r in found if t == "forecast/0_Gone.ipynb"]
    assert any(t == "anomaly/Missing.ipynb" and c == "high" for t, c, _ in found)


def test_generic_names_in_a_dotted_example_and_private_names_by_package_are_not_stale(make_repo):
    """EconML: "run `python -m unittest econml.tests.test_module`" names any test module;
    gpytorch: ":obj:`~gpytorch.mlls._ApproximateMarginalLogLikelihood`" names a private
    base class by its package, where a submodule defines it: a note, not a finding."""
    files = {
        "pkg/__init__.py": "",
        "pkg/tests/__init__.py": "",
        "pkg/tests/test_fit.py": "def test_fit():\n    pass\n",
        "pkg/mlls/__init__.py": "from .exact import ExactMLL\n",
        "pkg/mlls/exact.py": "class ExactMLL:\n    pass\n",
        "pkg/mlls/_approximate.py": "class _ApproximateMLL:\n    pass\n",
        "pyproject.toml": '[tool.drift]\nmin_confidence = "low"\n',
        "docs/guide.md": (
            "# Guide\n\nRun one module with `python -m unittest pkg.tests.test_module`.\n\n"
            "The base class is `pkg.mlls._ApproximateMLL`. The exact one is `pkg.mlls.ExactMll`.\n"
        ),
    }
    found = [(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005"]
    assert sorted(found) == [("pkg.mlls.ExactMll", "medium"), ("pkg.mlls._ApproximateMLL", "low")]


def test_a_code_label_naming_the_source_of_the_site_page_its_url_reaches_is_a_note(make_repo):
    """garage: See [`docs/benchmarking.md`](https://garage.readthedocs.io/en/latest/user/benchmarking.html):
    the link reaches the page built from docs/user/benchmarking.md; only the label's folder
    is off. A label naming no page the URL reaches is still a stale path."""
    page = (
        "# Experiments\n\nSee [`docs/benchmarking.md`](https://pkg.readthedocs.io/en/latest/user/benchmarking.html) for more.\n\n"
        "And [`docs/tuning.md`](https://pkg.readthedocs.io/en/latest/user/benchmarking.html) too.\n"
    )
    files = {
        "docs/user/experiments.md": page,
        "docs/user/benchmarking.md": "# Benchmarking\n",
        "pyproject.toml": '[tool.drift]\nmin_confidence = "low"\n',
    }
    found = [(f.text, f.confidence, f.replacement) for f in audit(make_repo(files, removed=('docs/tuning.md',)).root, blame=False).findings if f.rule == "DRIFT001"]
    assert sorted(found) == [("docs/benchmarking.md", "low", "docs/user/benchmarking.md"), ("docs/tuning.md", "high", None)]


def test_a_link_the_page_says_is_coming_soon_is_a_note(make_repo):
    """paxml: `**Jupyter Notebook (coming soon):** [A JAX Primer][ipynb_jax_primer]` with the
    definition at the foot of the page, and `| [Life][life] (coming soon) |` in a table:
    the page says the file is not out yet. A link without such words is still stale."""
    page = (
        "# Tutorials\n\n**Jupyter Notebook (coming soon):** [A JAX Primer][primer]\n\n"
        "| Page | About |\n|---|---|\n| [Life of an experiment](life.md) (coming soon) | concepts |\n\n"
        "See the [decoder][decoder] page, and submit a node to be added to the [list](nodes.md).\n\n"
        "[primer]: https://github.com/acme/pkg/tree/main/docs/primer.ipynb\n"
        "[decoder]: https://github.com/acme/pkg/tree/main/docs/decoder.md\n"
    )
    files = {"docs/tutorials.md": page, "pyproject.toml": '[tool.drift]\nmin_confidence = "low"\n'}
    builder = make_repo(files)
    builder.repo.git.remote("add", "origin", "https://github.com/acme/pkg.git")
    found = sorted((f.text, f.confidence) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001")
    assert found == [("docs/decoder.md", "high"), ("docs/primer.ipynb", "low"), ("life.md", "low"), ("nodes.md", "high")]


def test_a_myst_anchor_that_is_another_pages_section_label_reaches_it(make_repo):
    """aeon: `[release notes](#changelog)` in developer_guide/release.md, on a Sphinx site
    whose conf.py loads sphinx.ext.autosectionlabel: MyST resolves it to the label of
    changelog.md's `# Changelog`. An anchor no page's heading has is still broken; so is
    `#installation` on a site without autosectionlabel, where `#changelog` still reaches
    the document changelog.md (MyST resolves a `#name` it cannot find on the page as a
    reference, and a document's name is one: Uni-Mol's docs, built with myst-parser 5)."""
    release = "# Releasing\n\nWrite [release notes](#changelog) after [installing](#installation), and [more](#nowhere).\n"
    files = {
        "docs/conf.py": "extensions = ['myst_parser', 'sphinx.ext.autosectionlabel']\n",
        "docs/getting_started.md": "# Getting started\n\n## Installation\n\nRun pip.\n",
        "docs/developer_guide/release.md": release,
        "docs/changelog.md": "# Changelog\n\nAll changes.\n",
        "site/conf.py": "extensions = ['myst_parser']\n",
        "site/release.md": release,
        "site/changelog.md": "# Changelog\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT008")
    assert found == [("docs/developer_guide/release.md", "#nowhere"), ("site/release.md", "#installation"), ("site/release.md", "#nowhere")]


def test_a_mystmd_project_s_labels_are_reached_from_any_page(make_repo):
    """jupyter-book's docs (a mystmd project, docs/myst.yml): `[](#fig:mountains)` reaches a
    figure's `:label: fig:mountains`, and `[limits](#known-limitations)` the
    `(known-limitations)=` label of another page. An anchor nothing defines is still
    broken, and so is the same link outside a mystmd project."""
    figure = "# Figures\n\n```{figure} img/m.png\n:label: fig:mountains\n:width: 50%\n\nMountains.\n```\n\nSee [](#fig:mountains).\n"
    links = "# Links\n\nSee [limits](#known-limitations), [the figure](#fig:mountains) and [gone](#nowhere-label).\n"
    files = {
        "docs/myst.yml": "version: 1\nproject:\n  title: Book\n",
        "docs/figures.md": figure,
        # tavern: `[saving data](#saving-data-from-a-response)`, the heading of one other page;
        # two pages with that heading make the reference ambiguous.
        "docs/links.md": links + "\nSave with [saving](#saving-data); see [both](#setup).\n",
        "docs/faq.md": "# FAQ\n\n(known-limitations)=\n## Limits\n\nSome.\n\n## Setup\n",
        "docs/external.md": "# External\n\n## Saving data\n\nSave.\n\n## Setup\n",
        "notes/links.md": links,
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT008")
    assert found == [("docs/links.md", "#nowhere-label"), ("docs/links.md", "#setup"), ("notes/links.md", "#fig:mountains"), ("notes/links.md", "#known-limitations"), ("notes/links.md", "#nowhere-label")]


def test_block_and_inline_id_attributes_are_link_targets(make_repo):
    """MyST-Parser's docs: `{#paragraph-target}` above a paragraph and `[a span]{#span-target}`
    give those elements ids (MyST's attrs_block and attrs_inline, kramdown's and Pandoc's
    syntax too). A Jinja comment `{# note #}` gives none, and a missing id is still broken."""
    page = (
        "# Targets\n\n{#paragraph-target}\nA paragraph.\n\nA [span]{#span-target .cls}. {# a comment #}\n\n"
        ":::{figure-md} fig-target\n<img src=\"x.png\">\n\nA caption\n:::\n\n"  # figure-md's argument is its label
        "[`**kwargs`](#**kwargs){ #**kwargs }\n\n"  # audiomentations: attr_list takes any word after `#`
        "[p](#paragraph-target), [s](#span-target), [f](#fig-target), [gone](#a-comment), [gone](#no-such-target).\n"
    )
    found = sorted(f.text for f in audit(make_repo({"docs/targets.md": page}).root, blame=False).findings if f.rule == "DRIFT008")
    assert found == ["#a-comment", "#no-such-target"]


def test_spaced_attribute_ids_and_fenced_block_ids_are_link_targets(make_repo):
    """Moonraker's API pages: a table caption `{ #job-totals-spec } Job Totals` (a Python-Markdown
    table-caption extension, attr_list's spacing) and a superfences block
    ```` ```{.json #status-example .apiresponse title="Example"} ```` give those elements ids the
    field tables link to, and so does an MDX component's `id` (frigate's `<FaqItem id=...>`).
    An id nothing declares is still broken."""
    page = (
        "# Job API\n\n| Field | Type |\n| ----- | ---- |\n| `jobs` | [Totals](#job-totals-spec) |\n"
        "{ #job-totals-spec } Job Totals\n\nA note.\n{: #note-attr }\n\n"
        '```{.json #status-example .apiresponse title="Example"}\n{"a": 1}\n```\n\n'
        "See [the response](#status-example), [the note](#note-attr) and [gone](#no-such-spec).\n\n"
        # frigate's MDX components with ids, in JSX CommonMark does not take for HTML.
        '<FaqItem id="decode-error" question={"Won\'t \\"play\\""}>\n\nText.\n\n</FaqItem>\n\nSee [decode](#decode-error).\n'
    )
    found = sorted(f.text for f in audit(make_repo({"docs/job_api.md": page}).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT008")
    assert found == ["#no-such-spec"]


def test_names_a_style_guide_shows_as_a_convention_are_low(make_repo):
    """twisted's docs/development/coding-standard.rst: "Examples of classes meeting this
    criteria: ``pkg.parser.patterns.Pattern``", "might be named ``pkg.forum.service.ForumService``":
    made up to show a convention, low. The same names in a guide's prose stay medium."""
    code = {"pkg/__init__.py": "", "pkg/words/__init__.py": "", "pkg/words/service.py": "class Service:\n    pass\n"}
    style = (
        "Coding standard\n===============\n\nExamples of classes meeting this criteria:\n\n- ``pkg.parser.patterns.Pattern``\n\n"
        "A Service subclass for Words might be named ``pkg.words.service.WordsService``.\n"
    )
    guide = "Guide\n=====\n\nUse ``pkg.parser.patterns.Pattern``.\n\nSubclass ``pkg.words.service.WordsService`` and it might be named so.\n"
    files = {**code, "docs/development/coding-standard.rst": style, "docs/guide.rst": guide}
    found = sorted((f.path, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [
        ("docs/development/coding-standard.rst", "pkg.parser.patterns.Pattern", "low"),
        ("docs/development/coding-standard.rst", "pkg.words.service.WordsService", "low"),
        ("docs/guide.rst", "pkg.parser.patterns.Pattern", "medium"),
        ("docs/guide.rst", "pkg.words.service.WordsService", "low"),
    ]


def test_headings_a_page_takes_in_with_snippets_are_its_anchors(make_repo):
    """freqtrade's docs/configuration.md takes in `--8<-- "includes/pricing.md"`, read from
    the snippets `base_path: docs`: the included headings are the page's sections on the
    site, for its own links and other pages'. An anchor no file has is still broken."""
    files = {
        "mkdocs.yml": "site_name: x\nmarkdown_extensions:\n  - pymdownx.snippets:\n      base_path: docs\n      check_paths: true\n",
        "docs/configuration.md": "# Config\n\nSee [prices](#pricing-rules) and [gone](#gone-rules).\n\n--8<-- \"includes/pricing.md\"\n",
        "docs/includes/pricing.md": "## Pricing rules\n\nText.\n",
        "docs/strategy.md": "# Strategy\n\nSee [prices](configuration.md#pricing-rules) and [gone](configuration.md#gone-too).\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT008")
    assert found == [("docs/configuration.md", "#gone-rules"), ("docs/strategy.md", "#gone-too")]


def test_snippets_base_path_is_read_under_its_own_entry_only():
    """scikit-lego's mkdocs.yaml lists `pymdownx.snippets:` with `check_paths` only and
    many extensions with options after it: no base path (a pattern over the whole file
    once spent minutes there). A block list and a flow list are both read."""
    from drift_docs.index import snippet_base_path as _snippet_base_path

    others = "".join(f"  - pymdownx.ext{i}:\n      option_{i}: true\n      other_{i}: x\n" for i in range(40))
    assert _snippet_base_path("markdown_extensions:\n  - pymdownx.snippets:\n      check_paths: true\n" + others + "  - pymdownx.snippets\n") is None
    assert _snippet_base_path("markdown_extensions:\n  - pymdownx.snippets:\n      check_paths: true\n  - x:\n      base_path: no\n") is None
    assert _snippet_base_path("markdown_extensions:\n  - pymdownx.snippets:\n      base_path: [docs, includes]\n") == "[docs, includes]"
    assert _snippet_base_path("markdown_extensions:\n  - pymdownx.snippets:\n      base_path:\n        - docs\n        - inc\n") == "[docs, inc]"


def test_message_topics_written_like_paths_are_low(make_repo):
    """frigate: "the `app/events` MQTT topic", "an mqtt sensor on the `app/events` or
    `app/reviews` topic", and docs/integrations/mqtt.md's heading `### app/reviews` (in code): topics
    a broker routes, not files, though app/review/ is a folder. A path in a sentence that
    merely says "topic" elsewhere is still checked."""
    files = {
        "app/__init__.py": "", "app/review/__init__.py": "",
        "docs/guide.md": (
            "# Guide\n\nThe `app/events` MQTT topic carries them.\n\nUse a sensor on the `app/events` or `app/reviews` topic.\n\n"
            "Read `app/reviews` for this topic.\n"
        ),
        "docs/integrations/mqtt.md": "# MQTT\n\n### `app/reviews`\n\nMessages.\n",
    }
    found = sorted((f.path, f.line, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert [x for x in found if x[3] != "low"] == [("docs/guide.md", 7, "app/reviews", "high")]


def test_files_a_work_log_says_a_past_change_touched_are_low(make_repo):
    """picard's ROADMAP.md: "### 1.1 Configuration ✅ COMPLETE ... **Files modified:**" then
    `pkg/manager.py`, since split into the package pkg/manager/: a record of what that change
    touched, right in its day. The same path in the page's guidance is still stale."""
    page = (
        "# Roadmap\n\n### 1.1 Configuration ✅ COMPLETE\n\n**Files modified:**\n"
        "- `pkg/manager.py` - added config methods\n- `tests/test_gone.py` - added tests\n\n**Acceptance criteria:**\n\n"
        "- Read `pkg/manager.py` to start.\n"
    )
    files = {"pkg/__init__.py": "", "pkg/manager/__init__.py": "", "tests/test_x.py": "", "docs/ROADMAP.md": page}
    found = sorted((f.line, f.text, f.confidence) for f in audit(make_repo(files, removed=('pkg/manager.py',)).root, blame=False, config_file=LOW).findings)
    assert found == [(6, "pkg/manager.py", "low"), (7, "tests/test_gone.py", "low"), (11, "pkg/manager.py", "high")]


def test_a_module_a_distribution_the_docs_install_adds_to_the_package_is_low(make_repo):
    """nonebot2's tutorial runs `pip install nonebot-adapter-console`, then its pages import
    `from nonebot.adapters.console import Adapter`: that distribution puts the module into
    the package. A module no installed distribution spells is still missing."""
    files = {
        "pyproject.toml": '[project]\nname = "nonebot2"\n', "nonebot/__init__.py": "", "nonebot/adapters/__init__.py": "",
        "docs/tutorial.md": "# Start\n\n```bash\npip install nonebot-adapter-console\n```\n",
        "docs/adapter.md": "# Adapter\n\n```python\nfrom nonebot.adapters.console import Adapter\nfrom nonebot.adapters.gone import Adapter\n```\n",
    }
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [("nonebot.adapters.console", "low"), ("nonebot.adapters.gone", "high")]


def test_a_submodule_gitignore_keeps_out_as_generated_code_is_the_build_s(make_repo):
    """Telethon's setup.py generates telethon/tl/functions/ and types/, which .gitignore
    lists under "# Generated code": `from telethon.tl.functions.channels import X` is there
    once built. A submodule nothing ignores is still missing."""
    files = {
        ".gitignore": "# Generated code\n/tele/tl/functions/\n/tele/tl/types/\n",
        "tele/__init__.py": "", "tele/tl/__init__.py": "", "tele/tl/tlobject.py": "class TLObject:\n    pass\n",
        "docs/api.rst": "API\n===\n\n.. code-block:: python\n\n    from tele.tl.functions.channels import JoinChannelRequest\n    from tele.tl.gone import Thing\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["tele.tl.gone"]


def test_owner_slash_name_in_a_command_is_another_repository_of_the_owner(make_repo):
    """hummingbot/hummingbot's README: `npx skills add hummingbot/skills --skill lp-agent`
    names the owner's skills repository, though hummingbot/ is also the package's folder:
    low. A missing file under the package is still stale."""
    files = {
        "pyproject.toml": '[project]\nname = "hb"\n[project.urls]\nRepository = "https://github.com/hb/hb"\n',
        "hb/__init__.py": "", "hb/run.py": "x = 1\n",
        "README.md": "# hb\n\n```bash\nnpx skills add hb/skills --skill lp-agent\npython hb/gone.py\n```\n",
    }
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files, removed=('hb/gone.py',)).root, blame=False, config_file=LOW).findings)
    assert found == [("hb/gone.py", "high"), ("hb/skills", "low")]


def test_an_env_like_name_a_sentence_defines_as_a_stand_in_is_low(make_repo):
    """rhasspy's audio-input page: `udpsink host=RHASSPY_SERVER port=12333`, "where
    `RHASSPY_SERVER` is the hostname of your Rhasspy server": a value to fill in, not a
    variable the code reads. One the page calls a setting is still unknown."""
    files = {
        "rhasspy/__init__.py": "import os\nPROFILE = os.environ.get('RHASSPY_PROFILE')\n",
        "docs/audio.md": (
            "# Audio\n\n```bash\ngst-launch-1.0 udpsink host=RHASSPY_SERVER port=12333\n```\n\n"
            "where `RHASSPY_SERVER` is the hostname of your server. Set `RHASSPY_PROFIL` first.\n\n"
            "Run `RHASSPY_LANGUAGE=en ./configure` to choose a language.\n"
        ),
        # (`./configure` reads RHASSPY_LANGUAGE: autoconf's AC_ARG_VAR in configure.ac.)
        "configure.ac": "AC_INIT([rhasspy], [2.5])\nAC_ARG_VAR([RHASSPY_LANGUAGE], [language of the profile])\n",
    }
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT003")
    assert found == [("RHASSPY_PROFIL", "medium"), ("RHASSPY_SERVER", "low")]


def test_a_placeholder_option_in_a_usage_pattern_is_no_flag(make_repo):
    """kalliope's cli.md: `kalliope command --option <argument>`, the synopsis of every
    command. A real command's misspelt option is still caught."""
    cli = "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n    p.add_argument('--signal-name')\n    p.parse_args()\n"
    files = {
        "pyproject.toml": '[project]\nname = "kal"\n[project.scripts]\nkalliope = "kal.cli:main"\n', "kal/__init__.py": "", "kal/cli.py": cli,
        "docs/cli.md": "# CLI\n\n```bash\nkalliope command --option <argument>\nkalliope start --ignal-name x\n```\n",
    }
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == [("--ignal-name", "--signal-name")]


def test_a_link_to_a_bare_hash_is_a_hover_title_not_an_anchor(make_repo):
    """yt-dlp's README: `[kbps](## "1000 bits/sec")` links nowhere on purpose, to show a
    title on hover (236 of them); `[gone](#gone)` is still a broken anchor."""
    page = "# Formats\n\n- `tbr`: bitrate in [kbps](## \"1000 bits/sec\"), [k](#), see [gone](#gone).\n"
    found = [f.text for f in audit(make_repo({"README.md": page}).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT008"]
    assert found == ["#gone"]


def test_a_myst_link_to_an_object_or_page_may_be_another_project_s_through_intersphinx(make_repo):
    """MyST-Parser's docs: `[](#sphinx.application.Sphinx)` and `[](#usage/restructuredtext/roles)`
    on a Sphinx site that loads intersphinx: MyST looks in the inventories it loads. A
    heading-like anchor is still checked, and so are the same links on a site without it."""
    page = "# Refs\n\nSee [](#sphinx.application.Sphinx), [](#usage/restructuredtext/roles) and [](#gone-section).\n"
    files = {
        "docs/conf.py": "extensions = ['myst_parser', 'sphinx.ext.intersphinx']\n", "docs/refs.md": page,
        "site/conf.py": "extensions = ['myst_parser']\n", "site/refs.md": page,
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT008")
    assert found == [("docs/refs.md", "#gone-section"), ("site/refs.md", "#gone-section"), ("site/refs.md", "#sphinx.application.Sphinx"), ("site/refs.md", "#usage/restructuredtext/roles")]


def test_sphinx_pages_in_custom_formats_and_myst_references_drift_cannot_list(make_repo):
    """nbsphinx's docs: :doc:`custom-formats` is doc/custom-formats.pct.py, read as a notebook
    (`nbsphinx_custom_formats = {'.pct.py': ...}`); sphinx-book-theme's `[icon links](icon-links)`
    is a label of another project's inventory (intersphinx), and MyST-NB's `[fig](fun-fish-ref)`
    a name in a notebook's cell metadata. A label the notebook comments out (weatherbench2's
    `<!-- (pangu)= -->`), a GitHub link to a gone folder, and a page of no such site are still
    checked."""
    conf = "extensions = ['nbsphinx', 'myst_parser']\nnbsphinx_custom_formats = {\n    '.pct.py': ['jupytext.reads', {'fmt': 'py:percent'}],\n}\n"
    files = {
        "doc/conf.py": conf, "doc/index.rst": "Docs\n====\n\nSee :doc:`custom-formats` and :doc:`gone-format`.\n",
        "doc/custom-formats.pct.py": "# %% [markdown]\n# # Custom\n",
        "site/conf.py": "extensions = ['myst_parser', 'sphinx.ext.intersphinx']\n", "site/sidebar.md": "# Sidebar\n\nSee [icon links](icon-links).\n",
        "nb/conf.py": "extensions = ['myst_nb']\n", "nb/glue.md": "# Glue\n\nSee [fig](fun-fish-ref) and [pangu](pangu).\n",
        "nb/cells.ipynb": '{"cells": [{"metadata": {"name": "fun-fish-ref"}, "source": ["<!-- (pangu)= -->\\n"]}]}',
        "plain/conf.py": "extensions = ['myst_parser']\n", "plain/page.md": "# Page\n\nSee [icon links](icon-links).\n",
        "site/repo.md": "# Repo\n\n[older](https://github.com/o/r/tree/main/packages/gone-manager#compat)\n",
        "pyproject.toml": '[project]\nname = "r"\n[project.urls]\nSource = "https://github.com/o/r"\n',
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("doc/index.rst", "gone-format"), ("nb/glue.md", "pangu"), ("plain/page.md", "icon-links"), ("site/repo.md", "packages/gone-manager")]


def test_module_specifiers_without_suffix_and_constants_of_other_languages_are_no_stale_names(make_repo):
    """chainlit's research notes: `components/AudioPresence` is an import specifier of
    frontend/src/components/AudioPresence.tsx, which TypeScript writes without a suffix;
    `CHAINLIT_APP_PORT` is `export const CHAINLIT_APP_PORT = 8000;` in cypress.config.ts,
    no env var. A specifier of no file, and a name nothing defines, are still reported."""
    page = (
        "# Type checking\n\nRun from `frontend/src`:\n\n| File | Imports |\n|---|---|\n"
        "| `components/Header.tsx` | `components/AudioPresence`, `components/Logo`, `components/Gone` |\n\n"
        "Make `CHAINLIT_APP_PORT` dynamic, like `CHAINLIT_PORT`; `CHAINLIT_NOPE` too.\n"
    )
    files = {
        "frontend/src/components/Header.tsx": "export const Header = () => null;\n",
        "frontend/src/components/AudioPresence.tsx": "export const AudioPresence = () => null;\n",
        "frontend/src/components/Logo/index.tsx": "export const Logo = () => null;\n",
        "cypress.config.ts": "export const CHAINLIT_APP_PORT = 8000;\n",
        "chainlit/__init__.py": "import os\n\nPORT = os.environ.get('CHAINLIT_PORT')\n",
        "docs/research/type-checking.md": page,
    }
    found = sorted((f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("DRIFT001", "components/Gone"), ("DRIFT003", "CHAINLIT_NOPE")], found


def test_a_code_label_naming_its_links_page_without_suffix_is_that_page(make_repo):
    """SMAC3: [`advanced_usage/5_ask_and_tell`](../advanced_usage/5_ask_and_tell.md): the
    label names the page the link reaches, from the docs' root and without its suffix. A
    label whose link reaches another page is still checked."""
    page = (
        "# Warmstarting\n\nConsult [`advanced_usage/5_ask_and_tell`](../advanced_usage/5_ask_and_tell.md).\n\n"
        "Or [`advanced_usage/6_gone`](../advanced_usage/5_ask_and_tell.md).\n"
    )
    files = {"docs/advanced_usage/5.1_warmstarting.md": page, "docs/advanced_usage/5_ask_and_tell.md": "# Ask and tell\n"}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["advanced_usage/6_gone"]


def test_names_under_a_package_the_docs_import_another_module_as_are_a_note(make_repo):
    """Open3D-ML: the README does `import open3d.ml.torch as ml3d`, and the tree's own
    package is also `ml3d`; `ml3d.models.OpenVINOModel` on another page may be the
    installed module's. A note. Names under a package no doc rebinds are still findings."""
    files = {
        "ml3d/__init__.py": "",
        "ml3d/torch/__init__.py": "",
        "ml3d/torch/models/__init__.py": "from .openvino_model import OpenVINOModel\n",
        "ml3d/torch/models/openvino_model.py": "class OpenVINOModel:\n    pass\n",
        "tools/__init__.py": "",
        "README.md": "# ML3D\n\n```python\nimport open3d.ml.torch as ml3d\n```\n",
        "docs/openvino.md": "# OpenVINO\n\nWrap a model in `ml3d.models.OpenVINOModel`; see `tools.gone_helper`.\n",
        "pyproject.toml": '[tool.drift]\nmin_confidence = "low"\n',
    }
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005")
    assert found == [("ml3d.models.OpenVINOModel", "low"), ("tools.gone_helper", "medium")], found
    # mpmath's setup page, in a Sage session: `sage: import sage.libs.mpmath.all as mpmath`.
    files["docs/sage.rst"] = "Sage\n====\n\n::\n\n    sage: import sage.libs.mpmath.all as tools\n\nIt adds ``tools.call()``.\n"
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005")
    assert found == [("ml3d.models.OpenVINOModel", "low"), ("tools.call", "low"), ("tools.gone_helper", "low")], found


def test_a_heading_attribute_list_names_its_anchor(make_repo):
    """spaCy's MDX site: `## Serialization fields {id="serialization-fields"}` and
    `## Tagger.add {id="add",tag="method"}` are anchored at their `id`; a list with no id
    (`{hidden="true"}`) leaves the text's own slug. A missing anchor is still found."""
    page = (
        "# Tagger\n\n"
        '## Serialization fields {id="serialization-fields"}\n\n'
        '## Tagger.add {id="add",tag="method"}\n\n'
        '## Quickstart {hidden="true"}\n\n'
        "## Android {: android}\n\n"  # cibuildwheel's mkdocs attr_list with no id: #android
        "See [fields](#serialization-fields), [add](#add), [start](#quickstart), [android](#android) and [gone](#gone).\n"
    )
    files = {"website/docs/api/tagger.mdx": page, "README.md": "# X\n"}
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("website/docs/api/tagger.mdx", "#gone")]


def test_a_path_behind_a_site_variable_is_read_from_the_repository_root(make_repo):
    """spaCy: `[punctuation.py](%%GITHUB_SPACY/spacy/lang/punctuation.py)`, which the site
    fills in with the repository's GitHub tree. A path that is there is fine; one that is
    not may lie where the variable points elsewhere: a note, never a high finding."""
    page = (
        "# Language data\n\n"
        "See [punctuation.py](%%GITHUB_SPACY/spacy/lang/punctuation.py), the [repo](%%GITHUB_SPACY/),\n"
        "[a project](%%GITHUB_PROJECTS/benchmarks/ner) and [gone](%%GITHUB_SPACY/spacy/lang/gone.py).\n"
    )
    files = {"spacy/__init__.py": "", "spacy/lang/punctuation.py": "X = 1\n", "website/docs/usage/data.mdx": page}
    found = [(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [("%%GITHUB_PROJECTS/benchmarks/ner", "low"), ("%%GITHUB_SPACY/spacy/lang/gone.py", "low")]


def test_a_jinja_expression_building_a_link_is_read_as_a_site_variable(make_repo):
    """raster-vision: `{% set tiny = '`tiny.py <' ~ repo_examples ~ '/tiny.py>`__' %}` at
    the top of an rst page that Jinja renders: `repo_examples` is a URL from conf.py, so the
    rest is no path of the page's folder; a note at most."""
    page = (
        "{% set tiny = '`tiny.py <' ~ repo_examples ~ '/tiny.py>`__' %}\n\nPipelines\n=========\n\n"
        "See {{ tiny }} and `gone <gone.rst>`_.\n"
    )
    files = {"docs/conf.py": "html_context = {'repo_examples': 'https://github.com/o/r/tree/main/pkg/examples'}\n", "docs/framework/pipelines.rst": page, "pkg/examples/tiny.py": "x = 1\n"}
    found = [(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"]
    assert found == [("' ~ repo_examples ~ '/tiny.py", "low"), ("gone.rst", "high")]


def test_a_page_kept_beside_its_replacement_is_set_aside(make_repo):
    """gpt4all: `gpt4all-training/old-README.md` and `docs/old/cli.md` keep what the new
    pages replaced; their links to files since moved are history, not drift."""
    files = {
        "gpt4all-training/README.md": "# Training\n\nRun [the config](configs/train.yaml).\n",
        "gpt4all-training/configs/train.yaml": "a: 1\n",
        "gpt4all-training/old-README.md": "# Training\n\nRun [the config](configs/train/finetune_gptj.yaml).\n",
        "docs/old/cli.md": "# CLI\n\nSee [the script](../../scripts/gone.py).\n",
        # fastMRI's forum posts of 2020, kept as they were posted.
        ".github/old_discussion_posts/2020_launch.md": "# Launch\n\nSee [the script](../../scripts/gone.py).\n",
        "docs/cli.md": "# CLI\n\nSee [the script](../scripts/gone.py).\n",
    }
    report = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in report.findings] == [("docs/cli.md", "../scripts/gone.py")]


def test_a_cython_module_and_the_names_it_defines_are_known(make_repo):
    """spaCy: `spacy.typedefs` is `spacy/typedefs.pyx`; `spacy.strings.hash_string` is a
    `cpdef` in `spacy/strings.pyx` that the `strings.pyi` stub leaves out. A name neither
    the stub nor the Cython source defines is still a finding."""
    files = {
        "spacy/__init__.py": "",
        "spacy/typedefs.pyx": "ctypedef unsigned long hash_t\n",
        "spacy/strings.pyi": "class StringStore: ...\n",
        "spacy/strings.pyx": "cpdef hash_t hash_string(str string) except 0:\n    return 0\n\ncdef class StringStore:\n    pass\n\ncdef int _private(int x):\n    return x\n",
        "docs/api.md": "# API\n\n```python\nimport spacy.typedefs\nfrom spacy.strings import hash_string\nfrom spacy.strings import StringStore\nfrom spacy.strings import _private\n```\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT005"]
    assert found == ["spacy.strings._private"]


def test_setup_py_commands_take_setuptools_options(make_repo):
    """spaCy: `python setup.py build_ext --inplace` is setuptools' option of its build_ext
    command, which setup() runs; the script defines no parser of its own."""
    files = {
        "setup.py": "from setuptools import setup\n\nsetup(name='x', cmdclass={})\n",
        "tool/__init__.py": "", "tool/cli.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--size')\np.parse_args()\n",
        "CONTRIBUTING.md": "# Build\n\n```bash\npython setup.py build_ext --inplace\npython tool/cli.py --sise 3\n```\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["--sise"]


def test_pages_named_for_releases_are_set_aside_as_history(make_repo):
    """spaCy's website/docs/usage/v2-1.mdx ... v3.mdx: what changed in each release, with
    that release's flags. One page named `v2.md` alone is audited."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--size')\np.parse_args()\n"
    files = {
        "tool/__init__.py": "", "tool/cli.py": cli,
        "docs/usage/v2-1.mdx": "# What's new in v2.1\n\n```bash\npython tool/cli.py --freqs-loc x\n```\n",
        "docs/usage/v3.mdx": "# What's new in v3\n\n```bash\npython tool/cli.py --n-workers 2\n```\n",
        "docs/api/v2.md": "# API v2\n\n```bash\npython tool/cli.py --gone 2\n```\n",
        # streamlink's docs/migrations.rst: "use --stream-timeout instead of ``--hls-timeout``".
        "docs/migrations.rst": "Migrations\n==========\n\n- use ``--size`` instead of ``--hls-size``\n",
        # django-cms's docs/upgrade/3.1.rst: that release's upgrade notes.
        "docs/upgrade/3.1.rst": "3.1 release notes\n=================\n\n- ``--hls-size`` became ``--size``\n",
    }
    report = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in report.findings] == [("docs/api/v2.md", "--gone")]


def test_a_registered_name_without_its_version_is_the_registry_entry(make_repo):
    """spaCy: `registry.architectures("spacy.Tok2Vec.v2")`; a table names the family
    `spacy.Tok2Vec`. A name nothing registers is still unknown."""
    files = {
        "spacy/__init__.py": "from .language import Language\n", "spacy/language.py": "class Language:\n    pass\n",
        "spacy/registrations.py": "from thinc.api import registry\n\nregistry.architectures('spacy.Tok2Vec.v2')(print)\n",
        "docs/arch.md": "# Architectures\n\n| name | kind |\n| --- | --- |\n| [`spacy.Tok2Vec`](#tok2vec) | standalone |\n| `spacy.Gone` | gone |\n\n## Tok2Vec\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005"]
    assert found == ["spacy.Gone"]


def test_a_cython_module_without_a_stub_leaves_its_declared_names_unjudged(make_repo):
    """spaCy: `spacy.attrs.LEMMA` is an enum member `attrs.pxd` declares; drift reads no
    `.pxd`, and no stub lists the module's names: the module is there, the name unjudged."""
    files = {
        "spacy/__init__.py": "", "spacy/attrs.pyx": "IDS = {}\n", "spacy/attrs.pxd": "cdef enum attr_id_t:\n    LEMMA\n",
        "docs/api.md": "# API\n\nPass an attribute ID (e.g. `spacy.attrs.LEMMA`) or `spacy.gone.LEMMA`.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT005"]
    assert found == ["spacy.gone.LEMMA"]


def test_a_class_the_page_defines_is_the_example_s_own(make_repo):
    """reflex: `class ListItem:` in a page's example, then `ListItem(id="1", text="a")`;
    the repository's own dataclass ListItem has other fields. Calls of the repository's
    class elsewhere are still judged."""
    files = {
        "pkg/__init__.py": "", "pkg/types.py": "from dataclasses import dataclass\n\n\n@dataclass\nclass ListItem:\n    content: str = ''\n",
        "docs/dnd.md": "# Drag\n\n```python\nimport dataclasses\n\n@dataclasses.dataclass\nclass ListItem:\n    id: str\n    text: str\n```\n\n```python\nitems = [ListItem(id='1', text='a')]\n```\n",
        "docs/api.md": "# API\n\n```python\nfrom pkg.types import ListItem\nListItem(contents='x')\n```\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005"]
    assert found == [("docs/api.md", "contents")]


def test_a_switch_default_written_as_its_own_name(make_repo):
    """reflex: `| --interactive / --no-interactive | --interactive |`: the default is on.
    A table that says `--no-wait` for a switch that is on by default is wrong."""
    cli = (
        "import click\n\n\n@click.command()\n@click.option('--interactive/--no-interactive', default=True)\n"
        "@click.option('--wait/--no-wait', default=True)\ndef deploy(interactive, wait):\n    pass\n"
    )
    files = {
        "pkg/__init__.py": "", "pkg/cli.py": cli,
        "pyproject.toml": '[project]\nname = "tool"\n[project.scripts]\ntool = "pkg.cli:deploy"\n',
        "docs/cli.md": "# Deploy\n\n| Option | Default | Meaning |\n| --- | --- | --- |\n| `--interactive / --no-interactive` | `--interactive` | Prompt |\n| `--wait / --no-wait` | `--no-wait` | Wait |\n",
    }
    found = [(f.rule, f.line) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("DRIFT006", 6)]


def test_css_variables_named_in_prose_are_no_flags(make_repo):
    """reflex: "custom CSS variables (`--background` and `--foreground`)". Another flag in
    prose is still judged."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--size')\np.parse_args()\n"
    files = {
        "tool/__init__.py": "", "tool/cli.py": cli,
        "docs/style.md": "# Style\n\nWe define custom CSS variables (`--background` and `--foreground`).\n\nPass `--sise` to the tool.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == ["--sise"]


def test_a_module_protoc_generates_from_a_proto_of_the_repository_exists(make_repo):
    """tfx: `from ...presto_example_gen.proto import presto_config_pb2` names the module
    protoc writes from presto_config.proto at build time. A `_pb2` with no `.proto` is
    still unknown."""
    files = {
        "tfx/__init__.py": "", "tfx/gen/__init__.py": "", "tfx/gen/proto/__init__.py": "",
        "tfx/gen/proto/presto_config.proto": 'syntax = "proto3";\nmessage PrestoConnConfig {}\n',
        "docs/gen.md": "# Gen\n\n```python\nfrom tfx.gen.proto import presto_config_pb2\nfrom tfx.gen.proto import gone_pb2\n```\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT005"]
    assert found == ["tfx.gen.proto.gone_pb2"]


def test_links_to_the_source_pages_sphinx_viewcode_writes(make_repo):
    """Minigrid: `[source](../../_modules/minigrid/wrappers/)` on a site whose conf.py
    loads sphinx.ext.viewcode, which writes those pages. Without viewcode it is stale."""
    files = {
        "minigrid/__init__.py": "", "minigrid/wrappers.py": "X = 1\n",
        "docs/conf.py": "extensions = ['sphinx.ext.autodoc', 'sphinx.ext.viewcode', 'myst_parser']\n",
        "docs/api/wrappers.md": "# Wrappers\n\nSee [the source](../_modules/minigrid/wrappers/).\n",
    }
    assert audit(make_repo(files).root, blame=False).findings == []
    files["docs/conf.py"] = "extensions = ['sphinx.ext.autodoc', 'myst_parser']\n"
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../_modules/minigrid/wrappers/"]


def test_a_file_the_build_writes_from_its_template_is_no_stale_path(make_repo):
    """onnx: `onnx/common/version.h` (auto-generated) is written by CMake's configure_file
    from `version.h.in`; `.env` from `.env.template` likewise. A path with no template
    beside it is still stale."""
    files = {
        "onnx/common/version.h.in": "#define ONNX_VERSION \"@ONNX_VERSION@\"\n", "deploy/app.env.template": "A=1\n",
        "docs/build.md": "# Build\n\nThe version is in `onnx/common/version.h` (auto-generated); set `deploy/app.env`; see `onnx/common/gone.h`.\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["onnx/common/gone.h"]


def test_github_user_content_anchors_reach_their_headings(make_repo):
    """tf-agents' PRINCIPLES.md links `#user-content-modularity`: GitHub's own id for the
    heading `## Modularity`. A prefixed anchor with no such heading is still broken."""
    page = "# Principles\n\n- [Modularity](#user-content-modularity)\n- [Gone](#user-content-gone)\n\n## Modularity\n"
    found = [f.text for f in audit(make_repo({"PRINCIPLES.md": page}).root, blame=False).findings]
    assert found == ["#user-content-gone"]


def test_pages_sphinx_apidoc_writes_when_a_build_script_runs_it(make_repo):
    """lingvo: docs/generate_apidoc.sh runs `sphinx-apidoc -o $OUTDIR lingvo`, which writes
    modules.rst and lingvo.core.rst; index.rst includes them. Without that script they
    are missing, and a page no package names is missing either way."""
    files = {
        "lingvo/__init__.py": "", "lingvo/core/__init__.py": "",
        "docs/apidoc/conf.py": "extensions = ['sphinx.ext.autodoc']\n",
        "docs/apidoc/index.rst": "Lingvo\n======\n\n.. include:: modules.rst\n\n.. include:: lingvo.core.rst\n\n.. include:: gone_page.rst\n",
        "docs/generate_apidoc.sh": "#!/bin/bash\nsphinx-apidoc -o /tmp/out lingvo\ncp docs/apidoc/index.rst /tmp/out\n",
    }
    builder = make_repo(files)
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["gone_page.rst"]
    builder.commit({}, "drop the script", remove=("docs/generate_apidoc.sh",))
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["modules.rst", "lingvo.core.rst", "gone_page.rst"]


def test_pages_sphinx_autoapi_writes_are_there_and_static_copies_are_no_pages(make_repo):
    """earthkit-data's conf.py loads `autoapi.extension`, which writes a page per module
    under docs/source/autoapi/: `:doc:`autoapi/earthkit/data/index`` works on the site
    (another `autoapi_root` moves them). Its _static/api-reference.rst is a file the site
    copies as it is, not a page. A page nothing writes is still missing."""
    page = "API\n===\n\n- :doc:`autoapi/pkg/index`\n- :doc:`reference/pkg/index`\n- :doc:`gone/index`\n"
    files = {
        "pkg/__init__.py": "",
        "docs/source/conf.py": "extensions = ['autoapi.extension']\nautoapi_dirs = ['../../pkg']\n",
        "docs/source/index.rst": "Home\n====\n",
        "docs/source/api.rst": page,
        "docs/source/_static/api-reference.rst": page,
    }
    result = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in result.findings] == [("docs/source/api.rst", "reference/pkg/index"), ("docs/source/api.rst", "gone/index")]
    assert result.set_aside == {"site assets": 1}
    files["docs/source/conf.py"] += "autoapi_root = 'reference'\n"
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["autoapi/pkg/index", "gone/index"]


def test_code_a_roadmap_introduces_as_the_api_to_come_is_a_plan(make_repo):
    """pyresample's roadmap.rst: "You'll create resampler classes by doing:" above `from
    pyresample import create_resampler`, which the package does not export yet. The same
    block without that sentence, or on a page that is no roadmap, is still judged."""
    block = "```python\nfrom pkg import create_resampler\n```\n"
    roadmap = "# Roadmap\n\n## Resamplers\n\nYou'll create resampler classes by doing:\n\n" + block + "\n## Done\n\nImport it:\n\n" + block.replace("create_resampler", "load_area")
    guide = "# Guide\n\nYou'll create resampler classes by doing:\n\n" + block
    files = {"pkg/__init__.py": "", "docs/roadmap.md": roadmap, "docs/guide.md": guide}
    found = sorted((f.path, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [("docs/guide.md", "pkg.create_resampler", "high"), ("docs/roadmap.md", "pkg.create_resampler", "low"), ("docs/roadmap.md", "pkg.load_area", "high")]


def test_fumadocs_heading_ids_and_env_vars_javascript_reads(make_repo):
    """polyaxon's Fumadocs site: `## SDKs [#sdks]` is anchored at #sdks. sematic's UI
    reads `process.env.SEMATIC_PROXY_OVERRIDE` in setupProxy.js: the code reads it. A
    missing anchor and a var nothing reads are still findings."""
    files = {
        "site/query.mdx": "# Query\n\n## SDKs [#sdks]\n\nSee [SDKs](#sdks) and [gone](#gone).\n",
        "sematic/__init__.py": "import os\nX = os.environ.get('SEMATIC_HOME')\n",
        "ui/src/setupProxy.js": "module.exports = function (app) {\n  const target = process.env.SEMATIC_PROXY_OVERRIDE || 'http://localhost';\n};\n",
        "docs/dev.md": "# Dev\n\nSet `SEMATIC_PROXY_OVERRIDE` for the UI, `SEMATIC_HOME` for the server, and `SEMATIC_GONE_VAR` for nothing.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == ["SEMATIC_GONE_VAR", "#gone"]


def test_a_python_name_in_prose_is_no_config_key(make_repo):
    """guildai: "`config.ConfigError` is raised" names a class of guild/config.py, where
    YAML files also have a `config:` section. A key under it that no module defines is
    still judged as a config key."""
    files = {
        "guild/__init__.py": "", "guild/config.py": "class ConfigError(Exception):\n    pass\n\n\nclass _Config:\n    pass\n",
        "examples/guild.yml": "config:\n  flags:\n    lr: 0.1\n",
        "docs/config.md": "# Config\n\nIf a parent is missing, `config.ConfigError` is raised; `config._Config` reads it. Set `config.flagz`.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT017"]
    assert found == ["config.flagz"]


def test_a_module_that_sets_its_own_attributes_at_import_has_any_name(make_repo):
    """dgl.nn: `thismod = sys.modules[__name__]` then `setattr(thismod, api, obj)` for each
    name of the backend's module; `dgl.nn.HeteroGraphConv` is one. A submodule that is
    not there is still unknown."""
    nn = (
        "import importlib\nimport sys\n\n\ndef _load_backend(mod_name):\n    mod = importlib.import_module('.%s' % mod_name, __name__)\n"
        "    thismod = sys.modules[__name__]\n    for api, obj in mod.__dict__.items():\n        setattr(thismod, api, obj)\n\n\n_load_backend('pytorch')\n"
    )
    files = {
        "dgl/__init__.py": "", "dgl/nn/__init__.py": nn, "dgl/nn/pytorch/__init__.py": "from .conv import *\n", "dgl/nn/pytorch/conv.py": "class GraphConv:\n    pass\n",
        "docs/nn.md": "# NN\n\n```python\nfrom dgl.nn import HeteroGraphConv\nimport dgl.nn.gone_backend\n```\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT005"]
    assert found == ["dgl.nn.gone_backend"]


def test_a_package_the_docs_install_under_its_name_from_pypi_is_another_distribution(make_repo):
    """marqo: the repository is published as `marqo-engine` (its server, package `marqo`);
    the articles `pip install marqo`, the client, and call `marqo.Client`. A note. Where the
    repository is itself published as `marqo`, the same name is a finding."""
    files = {
        "setup.py": "from setuptools import setup\n\nsetup(name='marqo-engine', packages=['marqo'])\n",
        "src/marqo/__init__.py": "", "src/marqo/server.py": "def serve():\n    pass\n",
        "examples/article.md": "# Search\n\n```bash\npip install marqo\n```\n\n```python\nfrom marqo import Client\nmq = Client()\n```\n",
    }
    report = audit(make_repo(files).root, blame=False, config_file=LOW)
    assert [(f.text, f.confidence) for f in report.findings if f.rule == "DRIFT005"] == [("marqo.Client", "low")]
    files["setup.py"] = "from setuptools import setup\n\nsetup(name='marqo', packages=['marqo'])\n"
    report = audit(make_repo(files).root, blame=False, config_file=LOW)
    assert [(f.text, f.confidence) for f in report.findings if f.rule == "DRIFT005"] == [("marqo.Client", "high")]


def test_a_readme_s_anchor_matches_whatever_its_case_as_on_github(make_repo):
    """XAgent: `[Quickstart](#quickstart)` for `<a id="Quickstart"></a>` in the README.
    GitHub, where a README is read, finds an id whatever its case; a page of a doc site
    does not, and an anchor no heading makes is broken anywhere."""
    readme = '# X\n\n- [Quickstart](#quickstart)\n- [Gone](#gone)\n\n<a id="Quickstart"></a>\n## Quick start\n\nRun it.\n'
    guide = '# Guide\n\n- [Setup](#setup)\n\n<a id="Setup"></a>\n## Installing\n\nRun it.\n'
    files = {"README.md": readme, "docs/guide.md": guide, "mkdocs.yml": "site_name: x\n"}
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("README.md", "#gone"), ("docs/guide.md", "#setup")]


def test_vitepress_makes_heading_ids_with_its_own_slugify(make_repo):
    """lmql's VitePress site (docs/.vitepress/config.mjs): `### lmql.generate(...)` (in backticks)
    is #lmql-generate there (GitHub would make #lmqlgenerate). A page outside the site
    keeps GitHub's ids; an anchor no heading makes is still broken."""
    files = {
        "docs/.vitepress/config.mjs": "export default { title: 'x' }\n",
        "docs/docs/lib/generations.md": "# Generations\n\n## `lmql.LLM` Objects\n\n### `LLM.generate_sync(...)`\n\nSee [score](#llm-score) and [objects](#lmql-llm-objects).\n",
        "docs/docs/models/index.md": "# Models\n\nUse [LLM objects](../lib/generations.md#lmql-llm-objects) and [sync](../lib/generations.md#llm-generate-sync).\n",
        "README.md": "# R\n\n## `pkg.run()` API\n\nSee [the API](#pkgrun-api) and [site style](#pkg-run-api).\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("README.md", "#pkg-run-api"), ("docs/docs/lib/generations.md", "#llm-score")]


def test_mintlify_keeps_non_ascii_punctuation_in_heading_ids(make_repo):
    """phoenix's Mintlify site: "Anthropic — built-in tools" is #anthropic-—-built-in-tools
    there. The same link on a page GitHub renders is broken (GitHub drops the dash)."""
    page = "---\ntitle: Tools\n---\n\n- [Anthropic](#anthropic-—-built-in-tools)\n\n## Anthropic — built-in tools\n"
    files = {"docs/docs.json": '{"$schema": "https://mintlify.com/docs.json", "navigation": []}\n', "docs/tools.mdx": page, "README.md": page.split("---\n\n", 1)[1]}
    assert [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [("README.md", "#anthropic-—-built-in-tools")]


# A Python program beside one in another language: the repository has parsers of both kinds.
PYTHON_SERVER = {"pkg/__init__.py": "", "pkg/serve.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--port')\np.parse_args()\n"}


def test_options_a_typescript_cli_spells_are_known(make_repo):
    """phoenix's `px` CLI is TypeScript (commander): `.option("-w, --workers <n>")`. Prose
    naming `--workers` names it; a flag nothing spells is still unknown."""
    cli = 'program\n  .command("fetch")\n  .option("-w, --workers <n>", "parallel downloads")\n  .option("--no-instrument");\n'
    files = {
        "js/packages/cli/src/index.ts": cli,
        **PYTHON_SERVER,
        "docs/cli.md": "# CLI\n\nPass `--workers 4` to fetch faster, `--no-instrument` to skip tracing, or `--gone-flag`.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["--gone-flag"]


def test_a_config_file_named_after_the_package_is_no_python_name(make_repo):
    """phoenix: "create `phoenix.jest.config.cjs`" names the reader's Jest config, not a
    name of the package `phoenix`. A dotted Python name is still judged."""
    files = {
        "phoenix/__init__.py": "", "phoenix/evals.py": "def run():\n    pass\n",
        "docs/jest.md": "# Jest\n\nCreate `phoenix.jest.config.cjs` and call `phoenix.evals.gone`.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["phoenix.evals.gone"]


def test_an_empty_default_documented_as_none_agrees(make_repo):
    """mlcommons/training: `--ckpt` defaults to "" and `--milestones` to [] (nargs), the
    docs say `None`: unset either way. A real difference is still reported."""
    script = (
        "import argparse\np = argparse.ArgumentParser()\np.add_argument('--ckpt', default='')\n"
        "p.add_argument('--milestones', nargs='+', type=int, default=[])\np.add_argument('--lr', type=float, default=0.1)\np.parse_args()\n"
    )
    doc = "# Args\n\n| Flag | Default |\n| --- | --- |\n| `--ckpt` | `None` |\n| `--milestones` | `None` |\n| `--lr` | `None` |\n"
    found = [(f.rule, f.line) for f in audit(make_repo({"train.py": script, "README.md": doc}).root, blame=False).findings]
    assert found == [("DRIFT006", 7)]


def test_a_default_misspelt_in_the_table_is_a_note(make_repo):
    """HunyuanDiT: `--load-4bit` defaults to False, the table says `Fasle`: the right
    default, mistyped, as `tru` is for 'true'. `Flase` for a True default is still wrong."""
    script = (
        "import argparse\np = argparse.ArgumentParser()\np.add_argument('--load-4bit', action='store_true')\n"
        "p.add_argument('--fp16', default=True)\np.add_argument('--mode', default='true')\np.parse_args()\n"
    )
    doc = "# Args\n\n| Flag | Default |\n| --- | --- |\n| `--load-4bit` | Fasle |\n| `--fp16` | Flase |\n| `--mode` | tru |\n"
    found = [(f.rule, f.line, f.confidence) for f in audit(make_repo({"sample.py": script, "README.md": doc}).root, blame=False, config_file=LOW).findings]
    assert found == [("DRIFT006", 5, "low"), ("DRIFT006", 6, "high"), ("DRIFT006", 7, "low")]


def test_a_call_on_a_page_that_imports_nothing_of_the_repository_is_not_its_dataclass(make_repo):
    """phoenix: `Attribute(value=Name(id='span', ctx=Load()), attr='kind')`, the printed
    output of Python's ast, on a page that imports nothing of phoenix; phoenix has a
    dataclass `Attribute`. Where the page imports phoenix, the call is judged."""
    files = {
        "phoenix/__init__.py": "", "phoenix/dsl.py": "from dataclasses import dataclass\n\n\n@dataclass\nclass Attribute:\n    name: str = ''\n",
        "docs/ast.md": "# AST\n\n```python\nAttribute(value=Name(id='span', ctx=Load()), attr='kind')\n```\n",
        "docs/dsl.md": "# DSL\n\n```python\nfrom phoenix.dsl import Attribute\nAttribute(nam='x')\n```\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/dsl.md", "nam")]


def test_markdown_in_a_package_s_data_folder_is_data(make_repo):
    """Langchain-Chatchat: chatchat/data/knowledge_base/samples/content/*.md are articles
    the package loads into its vector store, their images dropped on purpose. A `data/`
    folder that is no package's (docs/data/) is still documentation."""
    files = {
        "chatchat/__init__.py": "",
        "chatchat/data/knowledge_base/samples/content/llm.md": "# LLM\n\n![fig](./img/llm-1.jpg)\n",
        "docs/data/formats.md": "# Formats\n\n![fig](./img/gone.png)\n",
    }
    report = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in report.findings] == [("docs/data/formats.md", "./img/gone.png")]
    assert report.set_aside.get("package data") == 1


def test_a_route_to_a_numbered_page_reaches_it(make_repo):
    """gradio's guides: `guides/08_custom-components/04_backend.md` is served as
    /guides/backend, so `./backend` and `../guides/backend` reach it. A route to no page
    under any number is still broken."""
    page = "# Concepts\n\nRead [the backend](./backend), [again](../guides/backend/) and [the gone page](./frontend).\n"
    files = {
        "guides/08_custom-components/02_key-component-concepts.md": page,
        "guides/08_custom-components/04_backend.md": "# Backend\n",
        "notes/03_frontend.md": "# Another tree's page\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["./frontend"]


def test_mintlify_takes_a_dot_in_a_heading_as_a_word_break(make_repo):
    """embedchain's Mintlify page: "## Using streamlit.io" is linked as #using-streamlit-io.
    On a page GitHub renders that link is broken (#using-streamlitio)."""
    page = "---\ntitle: Spaces\n---\n\n- [Streamlit](#using-streamlit-io)\n\n## Using streamlit.io\n"
    files = {"docs/mint.json": '{"name": "x", "navigation": []}\n', "docs/spaces.mdx": page, "README.md": page.split("---\n\n", 1)[1]}
    assert [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings] == [("README.md", "#using-streamlit-io")]


def test_a_sub_project_inside_a_root_package_answers_to_both_names(make_repo):
    """ragflow: agent/sandbox/ has its own pyproject.toml, inside the root package `agent`;
    the code imports `agent.sandbox.client`. That name and the sub-project's `client`
    both reach the file; a doubled prefix is stale, with the full name as its fix."""
    files = {
        "agent/__init__.py": "", "agent/sandbox/pyproject.toml": "[project]\nname = 'sandbox'\n",
        "agent/sandbox/client.py": "def execute_code():\n    pass\n",
        "agent/sandbox/providers/__init__.py": "", "agent/sandbox/providers/e2b.py": "X = 1\n",
        "docs/sandbox.md": "# Sandbox\n\nCall `agent.sandbox.client.execute_code`, then `agent.sandbox.client.gone`.\n\n```bash\npython -m agent.providers.e2b\n```\n",
    }
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == [("agent.sandbox.client.gone", None), ("agent.providers.e2b", "agent.sandbox.providers.e2b")]


def test_dotted_names_of_another_language_on_the_page_are_not_python(make_repo):
    """gradio: a guide's Svelte example calls `gradio.dispatch("change")` and the prose then
    names `gradio.dispatch`; a frontend testing page names Vitest's `test.todo`, beside the
    repository's Python `test/` folder. A Python name that is gone is still reported."""
    files = {
        "gradio/__init__.py": "def launch():\n    pass\n", "test/__init__.py": "",
        "guides/pdf.md": "# PDF\n\n```svelte\n<script>\n  gradio.dispatch(\"change\");\n</script>\n```\n\nThe `gradio.dispatch` method fires events; `gradio.gone` does not exist.\n",
        "guides/testing.md": "# Testing\n\nAdd a `test.todo(\"visual\")` for visual-only props.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["gradio.gone"]


def test_a_folder_link_to_its_readme_box_is_github_s(make_repo):
    """gradio: `[中文](readme_files/zh-cn#readme)`. GitHub shows a folder's README under
    the id `readme`. The same anchor on a link to the file itself is judged."""
    files = {
        "readme_files/zh-cn/README.md": "# Gradio\n",
        "README.md": "# Gradio\n\n[中文](readme_files/zh-cn#readme) and [file](readme_files/zh-cn/README.md#readme)\n",
    }
    found = [(f.text, f.column) for f in audit(make_repo(files).root, blame=False).findings]
    assert [t for t, _ in found] == ["#readme"] and found[0][1] > 30
    # loguru's README wraps its logo in `<a href="#readme">`: the box its own page is shown in.
    files["README.md"] = '<p align="center">\n    <a href="#readme">\n        <img src="logo.png">\n    </a>\n</p>\n\n# Loguru\n'
    files["logo.png"] = "png"
    assert audit(make_repo(files).root, blame=False).findings == []


def test_a_family_of_flags_named_by_its_prefix_is_no_flag(make_repo):
    """openfold: "use the family of `--distillation` flags" and "the `--distillation`
    options" mean `--distillation_data_dir` and its kin; a family no option begins is
    still unknown."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--distillation_data_dir')\np.add_argument('--distillation_alignment_dir')\np.parse_args()\n"
    doc = "# Train\n\nFor distillation, use the family of `--distillation` flags, or the `--distillation` options.\nThe family of `--gone` flags is gone.\n"
    found = [(f.line, f.text) for f in audit(make_repo({"train.py": cli, "docs/train.md": doc}).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT002"]
    assert found == [(4, "--gone")]


def test_a_partial_links_the_headings_of_the_page_it_is_rendered_into(make_repo):
    """great_expectations' Docusaurus partials: `_create_a_batch_definition/_tab-file.md`
    is imported into filesystem_data.md and links its `## Create a Data Asset`. An anchor
    the importing page lacks too is still broken; so is one on a page of its own."""
    files = {
        "docs/docusaurus.config.js": "module.exports = {baseUrl: '/'};\n",
        "docs/docs/filesystem/filesystem_data.md": "# Filesystem\n\n## Create a Data Asset\n\nText.\n",
        "docs/docs/filesystem/_create_a_batch_definition/_tab-file.md": "### Steps\n\n- [An asset](#create-a-data-asset)\n- [Creds](#configure-your-credentials)\n",
        "docs/docs/filesystem/batches/page.md": "# Page\n\n- [An asset](#create-a-data-asset)\n",
    }
    found = sorted((f.path.rsplit("/", 1)[-1], f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("_tab-file.md", "#configure-your-credentials"), ("page.md", "#create-a-data-asset")]


def test_a_program_that_splits_its_command_line_at_subcommand_names(make_repo):
    """pyserini's `python -m pyserini.encode input --corpus c output --embeddings e
    --to-faiss encoder --encoder x`: the program splits argv at each subcommand's name, so
    `--encoder` is `encoder`'s, even where the shell parser took `encoder` for the value of
    the switch before it. An option no subcommand on the line has is still reported."""
    cli = (
        "import argparse\n\nif __name__ == '__main__':\n    parser = argparse.ArgumentParser()\n"
        "    commands = parser.add_subparsers()\n    i = commands.add_parser('input')\n    i.add_argument('--corpus')\n"
        "    o = commands.add_parser('output')\n    o.add_argument('--embeddings')\n    o.add_argument('--to-faiss', action='store_true')\n"
        "    e = commands.add_parser('encoder')\n    e.add_argument('--encoder')\n    parser.parse_args()\n"
    )
    doc = "# Encode\n\n```bash\npython -m pkg.encode input --corpus c output --embeddings e --to-faiss encoder --encoder x\npython -m pkg.encode input --corpus c --encoder x\n```\n"
    files = {"pkg/__init__.py": "", "pkg/encode/__init__.py": "", "pkg/encode/__main__.py": cli, "docs/encode.md": doc}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT002"]
    assert found == [(5, "--encoder")]


def test_a_page_kept_as_history_is_set_aside(make_repo):
    """pyserini: "Code associated with these experiments was removed in commit a65b96. This
    page is preserved only for archival purposes." Its names are notes; a page without
    the notice is judged."""
    archived = "# IRST\n\nCode associated with these experiments was removed.\nThis page is preserved only for archival purposes.\n\n```bash\npython -m pkg.irst --x 1\n```\n"
    files = {"pkg/__init__.py": "", "pkg/search.py": "X = 1\n", "docs/irst.md": archived, "docs/live.md": archived.split("\n\n", 2)[0] + "\n\nUse `pkg.irst` and `pkg.search.Y`.\n"}
    report = audit(make_repo(files).root, blame=False)
    assert sorted((f.path, f.text) for f in report.findings) == [("docs/live.md", "pkg.irst"), ("docs/live.md", "pkg.search.Y")]
    low = audit(make_repo(files).root, blame=False, config_file=LOW)
    assert [f.confidence for f in low.findings if f.path == "docs/irst.md"] == ["low"]
    assert any("kept as history" in note for note in low.notes.get("docs/irst.md", []))


def test_a_page_that_preserves_a_historical_check_and_names_said_to_be_former_are_history(make_repo):
    """SpecForge: "This page preserves a historical correctness check from commit
    `40d8feff`", whose table names the metrics logged then; "The file loader translates
    the former `pkg.old_mode`, / `pkg.old_urls` fields" names keys on purpose, over two
    lines. A page that only names the same things is judged."""
    historical = "# Parity\n\nThis page preserves a historical correctness check from commit `40d8feff`.\n\nRun `python -m pkg.parity` and read `pkg.gone_module`.\n"
    migration = "# Config\n\nThe file loader translates the former `pkg.old_mode`,\n`pkg.old_urls` and `pkg.old_db` fields at its boundary.\n"
    live = "# Live\n\nRun `python -m pkg.parity` and read `pkg.gone_module`, `pkg.old_mode`.\n"
    files = {"pkg/__init__.py": "", "pkg/parity.py": "X = 1\n", "docs/parity.md": historical, "docs/config.md": migration, "docs/live.md": live}
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs/live.md", "pkg.gone_module"), ("docs/live.md", "pkg.old_mode")]


def test_a_page_moved_from_an_old_path_and_a_cpython_extension_module_are_not_stale(make_repo):
    """nnsight: "Doc moved from `docs/remote/async-vllm.md` to `docs/models/vllm.md`"
    names the old path on purpose; `nnsight._c.py_mount` is built from py_mount.c, whose
    `PyInit_py_mount` makes the module. A page missing with no such words, and a name no
    extension makes, are still stale."""
    page = "# Follow-up\n\n**Status:** Doc moved from `docs/remote/async-vllm.md` to `docs/models/vllm.md`.\n\nSee `docs/remote/sessions.md` and `pkg._c.py_mount`, `pkg._c.gone`.\n"
    files = {
        "pkg/__init__.py": "",
        "pkg/_c/__init__.py": "from .py_mount import mount\n",
        "pkg/_c/py_mount.c": "#include <Python.h>\n\nPyMODINIT_FUNC PyInit_py_mount(void) {\n    return NULL;\n}\n",
        "docs/models/vllm.md": "# vLLM\n",
        "docs/followup.md": page,
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["docs/remote/sessions.md", "pkg._c.gone"]


def test_a_heading_that_says_tests_migrated_from_a_file_names_it_as_history(make_repo):
    """nvFuser's tests/python/direct/README.md: "### Migrated tests in `.../test_python_frontend.py`
    from `tests/python/test_pointwise.py`", written in the commit that deleted the old file.
    The next heading ("### Shared Tests in ... and `tests/python/gone.py`") is its own
    section, judged by its own words; and aistore's docs/relnotes/3.30.md is a release's notes."""
    page = (
        "# Direct bindings\n\n### Migrated tests in `tests/python/direct/test_frontend.py` from `tests/python/test_pointwise.py`\n- `test_a`\n\n"
        "### Shared Tests in `tests/python/direct/test_frontend.py` and `tests/python/gone.py`\n- `test_b`\n"
    )
    files = {
        "tests/python/direct/test_frontend.py": "def test_a():\n    pass\n",
        "tests/python/direct/README.md": page,
        "docs/relnotes/3.30.md": "# 3.30\n\nSee `tests/python/old_api.py`.\n",
    }
    found = [(f.text, f.confidence) for f in audit(make_repo(files, removed=('tests/python/gone.py',)).root, blame=False, config_file=LOW).findings]
    assert found == [("tests/python/test_pointwise.py", "low"), ("tests/python/gone.py", "high")]


def test_a_settings_class_s_env_prefix_makes_its_fields_environment_variables(make_repo):
    """vaex's `class Display(BaseSettings)` with `env_prefix = 'vaex_display_'` in its Config
    reads VAEX_DISPLAY_MAX_COLUMNS for its `max_columns` field (pydantic upper-cases the
    prefix); a name under that prefix that no field has is still unknown."""
    settings = (
        "from pydantic import BaseSettings, Field\n\n\nclass Display(BaseSettings):\n"
        "    max_columns: int = Field(200)\n    max_rows: int = Field(10)\n\n    class Config:\n        env_prefix = 'vaex_display_'\n"
    )
    doc = "# Display\n\nSet `VAEX_DISPLAY_MAX_COLUMNS` or `VAEX_DISPLAY_MAX_ROWS`; not `VAEX_DISPLAY_MAX_COLS`.\n"
    files = {"vaex/__init__.py": "", "vaex/settings.py": settings, "README.md": doc}
    # quacc's `env_prefix="quacc_"` over upper-case fields (`GAUSSIAN_CMD: str = Field("g16")`):
    # pydantic-settings matches names whatever their case.
    files["vaex/more.py"] = (
        "from pydantic import Field\nfrom pydantic_settings import BaseSettings, SettingsConfigDict\n\n\nclass More(BaseSettings):\n"
        "    model_config = SettingsConfigDict(env_prefix='vaex_display_')\n\n    GAUSSIAN_CMD: str = Field('g16')\n"
    )
    files["docs/codes.md"] = "# Codes\n\n```bash\nexport VAEX_DISPLAY_GAUSSIAN_CMD=/path/to/g16\n```\n"
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["VAEX_DISPLAY_MAX_COLS"]


def test_a_config_named_as_hydra_names_it_exists(make_repo):
    """vissl's configs/config/debugging/README.md names `debugging/pretrain/simclr/x`,
    the config configs/config/debugging/pretrain/simclr/x.yaml, as `config=` takes it. A
    name no folder above the page has a YAML for is still stale."""
    files = {
        "configs/config/debugging/pretrain/simclr/x.yaml": "a: 1\n",
        "configs/config/debugging/README.md": "# Debugging\n\n- `debugging/pretrain/simclr/x` for SSL\n- `debugging/pretrain/simclr/gone/` is gone\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["debugging/pretrain/simclr/gone"]


def test_sphinx_copies_each_static_folder_into_static(make_repo):
    """robocasa's v0.2 conf.py: `html_static_path = ["images", "static"]`, so
    `../_static/banner.jpg` is images/banner.jpg on the site. A file no static folder has
    is still stale."""
    files = {
        "docs/conf.py": 'extensions = ["myst_parser"]\nhtml_static_path = ["images", "static"]\n',
        "docs/images/banner.jpg": b"\xff\xd8\xff",
        "docs/intro/overview.md": "# Overview\n\n![banner](../_static/banner.jpg)\n![gone](../_static/gone.jpg)\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../_static/gone.jpg"]


def test_a_link_that_starts_with_a_word_the_sphinx_build_replaces_is_no_path(make_repo):
    """MONAILabel's conf.py swaps `LINKREF_GITHUB_MONAILABEL` for the GitHub tree URL at
    the tagged release; the link is no file of the docs folder. A capitalised folder the
    conf.py does not name is still checked."""
    conf = 'project = "MONAI Label"\nextensions = []\n\n\nclass GenerateTagLinks:\n    linkref_lut = {"LINKREF_GITHUB_MONAILABEL": "https://github.com/o/r/tree/main"}\n'
    page = "Apps\n====\n\n- `radiology <LINKREF_GITHUB_MONAILABEL/sample-apps/radiology>`_\n- `gone <OTHER_TOKEN/sample-apps/x>`_\n"
    files = {"docs/source/conf.py": conf, "docs/source/modules.rst": page, "sample-apps/radiology/main.py": "x = 1\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["OTHER_TOKEN/sample-apps/x"]


def test_an_included_markdown_file_s_links_resolve_from_the_page_that_includes_it(make_repo):
    """PGL: `.. mdinclude:: md/quick_start.md` in docs/source/quick_start.rst, whose images
    are written for the page one folder up (`_static/flow.png`); MyST's ```{include}```
    likewise. A link no including page resolves either is still stale; so is a missing
    included file."""
    files = {
        "docs/source/conf.py": 'extensions = ["m2r2"]\n',
        "docs/source/_static/flow.png": b"\x89PNG",
        "docs/source/quick_start.rst": "Quick start\n===========\n\n.. mdinclude:: md/quick_start.md\n\n.. mdinclude:: md/gone.md\n",
        "docs/source/md/quick_start.md": "# Start\n\n![flow](_static/flow.png)\n![old](_static/old.png)\n",
        "docs/source/myst.md": "# Guide\n\n```{include} parts/guide.md\n```\n",
        "docs/source/parts/guide.md": "See ![flow](_static/flow.png).\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs/source/md/quick_start.md", "_static/old.png"), ("docs/source/quick_start.rst", "md/gone.md")]


def test_images_a_page_s_own_script_rewrites_are_notes(make_repo):
    """robocasa's scene gallery: a script on the page points each `<img src="../scenes/x.png">`
    at `../_static/scenes/` when it loads. Its paths are notes; a page without such a
    script is judged."""
    script = '<script>\n  for (const img of document.querySelectorAll("img")) {\n    img.setAttribute("src", "../_static/" + img.getAttribute("src").slice(3));\n  }\n</script>\n'
    gallery = "# Scenes\n\n" + script + '\n<img src="../scenes/a.png">\n'
    files = {"docs/assets/scenes.md": gallery, "docs/assets/other.md": '# Other\n\n<img src="../scenes/a.png">\n'}
    report = audit(make_repo(files).root, blame=False, config_file=LOW)
    assert sorted((f.path, f.confidence) for f in report.findings) == [("docs/assets/other.md", "high"), ("docs/assets/scenes.md", "low")]


def test_a_versions_folder_holds_earlier_releases_docs(make_repo):
    """robocasa keeps docs/_versions/v0.2/ beside the current docs: that release's pages
    name the code of its day. The current pages are judged."""
    files = {
        "docs/_versions/v0.2/start.md": "# Start\n\nSee `scripts/old_tool.py`.\n",
        "docs/start.md": "# Start\n\nSee `scripts/gone_tool.py`.\n",
        "scripts/tool.py": "",
    }
    assert [f.path for f in audit(make_repo(files).root, blame=False).findings] == ["docs/start.md"]


def test_a_folder_named_for_another_and_a_release_holds_that_release_s_docs(make_repo):
    """SAPIEN keeps docs/source-0.1/ beside docs/source/: the 0.1 release's tutorials,
    which include example/ files removed since. `guide-v2/` with no `guide/` beside it is
    no such copy, and is judged."""
    files = {
        "docs/source-0.1/tutorial.rst": "Tutorial\n========\n\nSee ``example/basic/minimal.py``.\n",
        "docs/source/tutorial.rst": "Tutorial\n========\n\nSee ``examples/basic/gone.py``.\n",
        "docs/guide-v2/start.md": "# Start\n\nSee `examples/basic/lost.py`.\n",
        "examples/basic/hello.py": "",
    }
    found = sorted(f.path for f in audit(make_repo(files, removed=("example/basic/minimal.py", "examples/basic/gone.py", "examples/basic/lost.py")).root, blame=False, config_file=LOW).findings)
    assert found == ["docs/guide-v2/start.md", "docs/source/tutorial.rst"]


def test_a_settings_row_keyed_by_a_loose_script_s_dest_is_not_that_script_s_flag(make_repo):
    """suite2p's docs/roidetection.md: `| threshold_scaling | ... (default: 1.0) |` under
    "Key parameters (`sparsery_settings`)", a page that runs no program; only
    paper/detect_benchmarks.py, a loose script, takes `--threshold_scaling` (default 0.7).
    The row documents a setting, not that script's option. A row keyed by the dest of a flag
    the package's own parser defines is still that flag's."""
    bench = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--threshold_scaling', type=float, default=0.7)\np.parse_args()\n"
    args = "import argparse\n\n\ndef add_args(p):\n    p.add_argument('--warmup-ratio', type=float, default=0.1)\n    return p\n"
    page = (
        "# Detection\n\n### Key parameters (`sparsery_settings`)\n\n| Parameter | Description |\n|---|---|\n"
        "| `threshold_scaling` | Multiplier on the threshold (default: 1.0) |\n| `warmup_ratio` | Share of steps to warm up (default: 0.3) |\n"
    )
    files = {"paper/detect_benchmarks.py": bench, "pkg/__init__.py": "", "pkg/arguments.py": args, "docs/detection.md": page}
    found = [(f.rule, f.text) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == [("DRIFT006", "0.3")]  # (a default finding marks the stated value)


def test_a_group_variable_reused_for_two_subcommands_belongs_to_each_in_turn(make_repo):
    """matgl's cli.py: `groups = p_relax.add_mutually_exclusive_group()` takes `--outfile`,
    then `groups = p_predict.add_mutually_exclusive_group()` takes `--infile`: each
    option is its own subcommand's. An option of the other subcommand is still reported."""
    cli = (
        "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n    subparsers = parser.add_subparsers()\n"
        "    p_relax = subparsers.add_parser('relax')\n    groups = p_relax.add_mutually_exclusive_group()\n    groups.add_argument('--outfile')\n"
        "    p_predict = subparsers.add_parser('predict')\n    groups = p_predict.add_mutually_exclusive_group()\n    groups.add_argument('--infile')\n"
        "    parser.parse_args()\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "pkg"\n[project.scripts]\nmgl = "pkg.cli:main"\n', "pkg/__init__.py": "", "pkg/cli.py": cli,
        "README.md": "# Use\n\n```bash\nmgl relax --outfile b.cif\nmgl predict --infile a.cif\nmgl relax --infile a.cif\n```\n",
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == [(6, "--infile")]


def test_options_a_c_program_gives_getopt_long_are_known(make_repo):
    """perf_analyzer's C++ command line: `{"triton-server-directory", required_argument,
    0, 'x'}` in a getopt_long table. The docs' `--triton-server-directory` is that
    program's; a name no table has is still unknown."""
    parser = 'static struct option long_options[] = {\n  {"triton-server-directory", required_argument, 0, 1},\n  {"verbose", no_argument, 0, 2},\n};\n'
    files = {
        "src/command_line_parser.cc": parser,
        **PYTHON_SERVER,
        "docs/cli.md": "# CLI\n\nPass `--triton-server-directory` and `--verbose`, not `--gone-flag`.\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings] == ["--gone-flag"]


def test_options_a_c_program_defines_with_gflags_are_known(make_repo):
    """PaddleYOLO's C++ demo: `DEFINE_int32(gpu_id, 0, "...")` in deploy/cpp/src/main.cc, and
    a table row documenting `--gpu_id`; a name gflags does not define is still unknown."""
    main = 'DEFINE_string(model_dir, "", "Path of inference model");\nDEFINE_int32(gpu_id, 0, "Device id of GPU to execute");\nDEFINE_bool(use_dark, true, "Whether to use DARK");\n'
    files = {
        "deploy/cpp/src/main.cc": main,
        **PYTHON_SERVER,
        "deploy/cpp/docs/build.md": "# Build\n\n| flag | meaning |\n|---|---|\n| --gpu_id | GPU |\n| --use_dark | DARK |\n| --gone_flag | old |\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings] == ["--gone_flag"]


def test_a_substitution_in_a_sphinx_heading_leaves_its_id(make_repo):
    """deepmd-kit: `### Install horovod and mpi4py {{ tensorflow_icon }}` on a MyST page;
    the substitution is an image, and the section's id is #install-horovod-and-mpi4py."""
    files = {
        "doc/conf.py": 'extensions = ["myst_parser"]\n',
        "doc/install.md": "# Install\n\n### Install horovod and mpi4py {{ tensorflow_icon }}\n\nText.\n",
        "doc/howto.md": "# How\n\nSee [horovod](install.md#install-horovod-and-mpi4py) and [gone](install.md#install-gone).\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["#install-gone"]


def test_a_path_written_from_a_sibling_checkout_names_this_repository(make_repo):
    """JetStream's guide clones maxtext beside JetStream and runs from maxtext/:
    `../JetStream/jetstream/tools/convert.sh` is this repository's file (the project is
    named JetStream). A file it does not have is still stale."""
    files = {
        "pyproject.toml": '[project]\nname = "JetStream"\n',
        "jetstream/__init__.py": "", "jetstream/tools/convert.sh": "echo hi\n",
        "docs/guide.md": "# Guide\n\nFrom maxtext/, beside this checkout:\n\n```bash\nbash ../JetStream/jetstream/tools/convert.sh\nbash ../JetStream/jetstream/tools/gone.sh\n```\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["../JetStream/jetstream/tools/gone.sh"]


def test_a_name_the_reader_writes_in_is_a_placeholder(make_repo):
    """deepmd-kit's skill page for adding a descriptor: `deepmd.utils.argcheck.descrpt_your_name_args`
    is the function the reader writes. A missing name without such a part is reported."""
    files = {
        "deepmd/__init__.py": "", "deepmd/utils/__init__.py": "", "deepmd/utils/argcheck.py": "def descrpt_se_a_args():\n    pass\n",
        "docs/add.md": "# Add\n\n```python\nfrom deepmd.utils.argcheck import descrpt_your_name_args\n```\n\nAnd `deepmd.utils.argcheck.descrpt_se_b_args`.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["deepmd.utils.argcheck.descrpt_se_b_args"]


def test_a_partial_links_a_heading_another_partial_beside_it_renders(make_repo):
    """openvino.genai: `_sections/_usage_options/index.mdx` links #use-different-generation-parameters,
    a heading of `_generation_parameters.mdx`, which it imports into the same page."""
    files = {
        "site/docs/use/_sections/_usage_options/index.mdx": "### Options\n\n- [Parameters](#use-different-generation-parameters)\n- [Gone](#gone-section)\n",
        "site/docs/use/_sections/_usage_options/_generation_parameters.mdx": "### Use Different Generation Parameters\n\nText.\n",
        "site/docs/use/index.mdx": "# Use\n\nText.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["#gone-section"]


def test_an_empty_default_the_help_fills_in_agrees_with_the_doc(make_repo):
    """openvino.genai's llm_bench: `--speech_voice` defaults to "" and its help says "For
    Kokoro defaults to af_heart"; the README's `af_heart` is what the user gets. A value
    the help does not name is still a mismatch."""
    script = (
        "import argparse\np = argparse.ArgumentParser()\n"
        "p.add_argument('--speech_voice', default='', help='Speech voice. For Kokoro defaults to af_heart.')\n"
        "p.add_argument('--speaker', default='', help='Speaker name.')\np.parse_args()\n"
    )
    doc = "# Args\n\n| Flag | Default |\n| --- | --- |\n| `--speech_voice` | `af_heart` |\n| `--speaker` | `Ethan` |\n"
    found = [(f.rule, f.line) for f in audit(make_repo({"bench.py": script, "README.md": doc}).root, blame=False, config_file=LOW).findings]
    assert found == [("DRIFT006", 6)]


def test_a_sub_project_s_copy_of_a_required_package_is_not_what_other_pages_import(make_repo):
    """unilm: xtune/ vendors an old transformers under xtune/src/, and wavlm's requirements
    install transformers from the package index; wavlm's README imports Wav2Vec2ForCTC
    from that one. A page inside xtune/ is judged against the copy."""
    files = {
        "xtune/setup.py": "from setuptools import setup\nsetup(name='xtune')\n",
        "xtune/src/transformers/__init__.py": "class BertModel:\n    pass\n",
        "wavlm/requirements.txt": "torch>=1.9\ntransformers==4.20.0\n",
        "wavlm/README.md": "# WavLM\n\n```python\nfrom transformers import Wav2Vec2ForCTC\n```\n",
        "xtune/README.md": "# XTune\n\n```python\nfrom transformers import RobertaGone\n```\n",
    }
    report = audit(make_repo(files).root, blame=False, config_file=LOW)
    assert sorted((f.path, f.confidence) for f in report.findings if f.rule == "DRIFT005") == [("wavlm/README.md", "low"), ("xtune/README.md", "high")]


def test_a_list_default_written_as_a_command_line_spells_it_agrees(make_repo):
    """PaddleSeg: `--img_suffixes` defaults to ['jpg', 'png'] (nargs), and the README's
    default cell says `"jpg" "png"`, as the command line takes it. Another list differs."""
    script = (
        "import argparse\np = argparse.ArgumentParser()\n"
        "p.add_argument('--img_suffixes', nargs='+', default=['jpg', 'png'])\n"
        "p.add_argument('--exts', nargs='+', default=['jpg', 'png'])\np.parse_args()\n"
    )
    doc = '# Args\n\n| Flag | Default |\n| --- | --- |\n| `--img_suffixes` | `"jpg" "png"` |\n| `--exts` | `"jpg" "gif"` |\n'
    found = [(f.rule, f.line) for f in audit(make_repo({"tool.py": script, "README.md": doc}).root, blame=False, config_file=LOW).findings]
    assert found == [("DRIFT006", 6)]
    # cognee: `--reduction-factors` parses a comma list into [1, 2, 7, 10]; the table says `1,2,7,10`.
    script = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--factors', type=parse, default=[1, 2, 7, 10])\np.add_argument('--steps', type=parse, default=[1, 2])\np.parse_args()\n"
    doc = "# Args\n\n| Flag | Default |\n| --- | --- |\n| `--factors` | `1,2,7,10` |\n| `--steps` | `1,3` |\n"
    found = [(f.rule, f.line) for f in audit(make_repo({"tool.py": script, "README.md": doc}).root, blame=False, config_file=LOW).findings]
    assert found == [("DRIFT006", 6)]


def test_a_file_name_labelling_a_link_to_such_a_file_is_no_python_name(make_repo):
    """unilm's speechlm README: hidden units [`train.km`](dataset/train_sample100.km), beside a
    module `train`. A dotted name labelling a link to a page is still judged."""
    files = {
        "train.py": "def main():\n    pass\n", "dataset/train_sample100.km": "1 2 3\n", "docs.md": "# D\n",
        "README.md": "# S\n\nUnits [`train.km`](dataset/train_sample100.km); see [`train.gone`](docs.md).\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["train.gone"]


def test_a_block_that_names_its_folder_in_a_commented_cd_runs_from_there(make_repo):
    """PaddleRec's model pages: `# cd models/rank/deepfm  # runs from any folder`, then
    `python -u ../../../tools/trainer.py -m config.yaml`. The path resolves from the folder
    the comment names; one that resolves from nowhere is still stale."""
    doc = (
        "# DeepFM\n\n```bash\n# cd models/rank/deepfm # 在任意目录均可运行\n"
        "python -u ../../../tools/trainer.py -m config.yaml\npython -u ../../../tools/gone.py -m config.yaml\n```\n"
    )
    files = {"tools/trainer.py": "print(1)\n", "models/rank/deepfm/config.yaml": "a: 1\n", "doc/source/models/rank/deepfm.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["../../../tools/gone.py"]


def test_a_folder_the_prose_sends_the_reader_into_is_where_the_commands_run(make_repo):
    """PGL: "cd to `PGL/examples/erniesage`", then `python ../common/prepare.py` in a
    block; "进入 `examples/gnn` 目录" likewise. A path no such folder has is still stale."""
    english = "# ERNIESage\n\nFirst cd to `PGL/examples/erniesage`, then run:\n\n```bash\npython ../common/prepare.py\npython ../common/gone.py\n```\n"
    chinese = "# GNN\n\n进入 `examples/gnn` 目录:\n\n```bash\npython ../common/prepare.py\n```\n"
    files = {"examples/common/prepare.py": "print(1)\n", "examples/erniesage/train.py": "print(1)\n", "examples/gnn/run.py": "print(1)\n", "docs/erniesage.md": english, "docs/gnn.md": chinese}
    builder = make_repo(files)
    builder.repo.create_remote("origin", "https://github.com/PaddlePaddle/PGL.git")
    assert [(f.path, f.text) for f in audit(builder.root, blame=False).findings] == [("docs/erniesage.md", "../common/gone.py")]


def test_a_script_in_a_scripts_folder_may_name_paths_from_the_folder_above(make_repo):
    """RocketQA: research/x/model/script/run.sh is run as `sh script/run.sh` from model/, and
    calls `python ./src/train.py`. A path that resolves from no folder above is stale."""
    script = "#!/bin/bash\npython -u ./src/train.py --lr 1\npython -u ./src/gone.py\n"
    files = {"research/x/model/script/run.sh": script, "research/x/model/src/train.py": "print(1)\n"}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["src/gone.py"]


def test_a_file_name_under_a_config_key_s_name_is_a_file(make_repo):
    """Paddle3D's export tables: `model.pdparams`, `model.pdiparams.info` are the files the
    export writes, beside a config key `model`. A missing key under `model` is reported."""
    files = {
        "configs/pv_rcnn.yml": "model:\n  type: PVRCNN\n  num_classes: 3\n",
        "tools/train.py": "import yaml\ncfg = yaml.safe_load(open('configs/pv_rcnn.yml'))\nprint(cfg['model']['type'])\n",
        "docs/export.md": "# Export\n\n| File | What |\n| --- | --- |\n| `model.pdparams` | weights |\n| `model.pdiparams.info` | info |\n\nSet `model.num_clases` in the config.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT017"]
    assert found == ["model.num_clases"]


def test_a_shared_partial_links_a_heading_of_a_partial_in_another_folder(make_repo):
    """openvino.genai: visual-processing's `_sections/_usage_options/index.mdx` is rendered
    into the text-generation page, beside text-generation's `_sections/_parameters.mdx`,
    whose heading it links. A heading no partial or page has is still missing."""
    files = {
        "site/docs/visual/_sections/_usage_options/index.mdx": "### Options\n\n- [Parameters](#use-different-generation-parameters)\n- [Gone](#gone-section)\n",
        "site/docs/text/_sections/_parameters.mdx": "### Use Different Generation Parameters\n\nText.\n",
        "site/docs/text/index.mdx": "# Text\n\nText.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["#gone-section"]


def test_a_star_import_three_conditions_deep_exports_its_names(make_repo):
    """PARL's __init__: `if 'X' not in os.environ:` / `if 'BACKEND' in os.environ:` /
    `if backend == 'paddle':` / `from parl.core.paddle import *`, so `parl.Model` exists. A name no branch gives is
    still reported, from a package without such an import."""
    init = (
        "import os\n\nif 'IGNORE' not in os.environ:\n    if 'BACKEND' in os.environ:\n"
        "        if os.environ['BACKEND'] == 'paddle':\n            from parl.core.paddle import *\n"
        "        elif os.environ['BACKEND'] == 'torch':\n            from parl.core.torch import *\n"
    )
    files = {
        "parl/__init__.py": init, "parl/core/__init__.py": "", "parl/core/paddle.py": "class Model:\n    pass\n",
        "parl/core/torch.py": "class Model:\n    pass\n", "other/__init__.py": "X = 1\n",
        "README.md": "# PARL\n\nSubclass `parl.Model`; `other.Gone` is gone.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["other.Gone"]


def test_an_unlabelled_block_of_another_program_s_command_gives_its_options_to_it(make_repo):
    """adanet's improve_nas README: an unlabelled block runs `gcloud ml-engine jobs submit
    training ... --config config.yaml -- --batch_size=1`, and a sentence after it says "use
    `--config config_test.yaml`": gcloud's option, not the trainer's. A slip of the trainer's
    own option in that sentence is still caught."""
    trainer = (
        "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('--batch_size', type=int)\n    parser.add_argument('--dataset')\n    parser.parse_args()\n\n\n"
        "if __name__ == '__main__':\n    main()\n"
    )
    readme = (
        "# NAS\n\nRun:\n\n```\ngcloud ml-engine jobs submit training $JOBNAME --package-path trainer/ \\\n"
        "--module-name trainer.trainer --config config.yaml -- --batch_size=1 --dataset=cifar10\n```\n\n"
        "For testing, use `--config config_test.yaml` and set `python -m trainer.trainer --datset=fake`.\n"
    )
    files = {"trainer/__init__.py": "", "trainer/trainer.py": trainer, "README.md": readme, "config.yaml": "x: 1\n", "config_test.yaml": "x: 1\n"}
    found = sorted((f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings)
    assert found == [(10, "--datset")]


def test_options_a_command_writes_after_dashes_are_the_program_it_hands_them_to(make_repo):
    """weatherbench2: `python scripts/evaluate.py --use_beam=True -- --project $PROJECT
    --temp_location gs://b/tmp`, and bullets above it: "`--project`: the project ID".
    Those are Beam's pipeline options, which evaluate.py hands on; a slip of its own option in
    a bullet is still caught."""
    script = (
        "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('--use_beam')\n    parser.add_argument('--runner')\n    parser.parse_args()\n\n\n"
        "if __name__ == '__main__':\n    main()\n"
    )
    doc = (
        "# Beam\n\n* `--project`: the project ID.\n* `--temp_location`: a bucket.\n* `--runer`: the runner.\n\n"
        "```bash\npython scripts/evaluate.py \\\n  --use_beam=True \\\n  --runner=DataflowRunner \\\n  -- \\\n"
        "  --project $PROJECT \\\n  --temp_location gs://$BUCKET/tmp/\n```\n"
    )
    builder = make_repo({"scripts/evaluate.py": script.replace("'--runner')", "'--runner')\n    parser.add_argument('--project')"), "docs/beam.md": doc})
    builder.commit({"scripts/evaluate.py": script}, "Beam takes the project")  # the code once spelled --project
    found = sorted((f.line, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [(5, "--runer")]


def test_options_after_another_program_s_command_in_the_sentence_are_its_own(make_repo):
    """xarray's benchmarks README: "compare them with `asv compare` and some extra options.
    `--sort ratio` will show largest ratios first": asv's options. A slip of the repository's
    own program's option after `python run.py` is still caught."""
    script = (
        "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n    parser.add_argument('--order')\n    parser.parse_args()\n\n\n"
        "if __name__ == '__main__':\n    main()\n"
    )
    doc = (
        "# Bench\n\nCompare them with `asv compare` and some extra options. `--sort ratio` shows ratios.\n\nRun `python run.py` with `--ordr`.\n\n"
        # pipx: a runner's own command (`uv tool list`, not `uv run`) has its own options;
        # cibuildwheel: "the `--plat` argument to pass to auditwheel" is auditwheel's.
        "`uv tool list` toggles columns via `--show-pythn`. `uv run run.py` takes `--ordre`.\n\n"
        "There is no way to tell the correct `--platfrm` command line argument to pass to auditwheel.\n"
    )
    # snakemake: "run apptainer with the ``--contain`` option" is apptainer's, on a page that
    # runs the repository's program; running that program with a slip is still a finding.
    faq = "# FAQ\n\n```bash\npython run.py --order x\n```\n\nTo stop this you have to run apptainer with the `--contain` option; run run.py with `--ordar`.\n"
    # devito's action readme: "The default args `--init -t --rm` are always added": docker's.
    faq += "\nThe default args `--init -t --rm` are always added.\n"
    # deepTools: "filter the file first, e.g. using ``intersectBed`` with ``--abam``": bedtools'.
    faq += "\nFilter first, e.g. using `intersectBed` with `--abam`.\n"
    script = script.replace("    parser.add_argument('--order')\n", "    parser.add_argument('--order')\n    parser.add_argument('--show-python')\n    parser.add_argument('--platform')\n")
    old_tool = script.replace("'--order'", "'--sort'").replace("'--platform'", "'--contain'").replace("'--show-python'", "'--init'").replace("    parser.add_argument('--sort')\n", "    parser.add_argument('--sort')\n    parser.add_argument('--abam')\n")
    builder = make_repo({"run.py": script, "README.md": doc, "docs/faq.md": faq, "tools/old.py": old_tool})
    builder.commit({}, "drop the old tool", remove=("tools/old.py",))  # the code once spelled --sort and --contain
    found = sorted((f.path, f.line, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [("README.md", 5, "--ordr"), ("README.md", 7, "--ordre"), ("docs/faq.md", 7, "--ordar")]


def test_a_plain_text_block_with_prompts_is_a_session_of_commands(make_repo):
    """werkzeug's deployment pages: ``.. code-block:: text`` holding `$ uwsgi --http
    127.0.0.1:8000 -w wsgi:app` and its output, then "The ``--http`` option starts an HTTP
    server": uWSGI's option. The same in a Markdown ```text block; a slip of the repository's
    own program's option in such a block is still caught."""
    script = (
        "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n    parser.add_argument('--hostname')\n    parser.parse_args()\n\n\n"
        "if __name__ == '__main__':\n    main()\n"
    )
    rst = (
        "uWSGI\n=====\n\n.. code-block:: text\n\n    $ uwsgi --http 127.0.0.1:8000 --master -w wsgi:app\n    Serving on 8000\n\n"
        "The ``--http`` option starts an HTTP server.\n"
    )
    md = "# Waitress\n\n```text\n$ waitress-serve hello:app --host 127.0.0.1\n$ python serve.py --hostnme x\nServing\n```\n\nThe `--host` option binds it.\n"
    builder = make_repo({"serve.py": script, "docs/uwsgi.rst": rst, "docs/waitress.md": md, "tools/old.py": script.replace("'--hostname'", "'--http')\n    parser.add_argument('--host'")})
    builder.commit({}, "drop the old tool", remove=("tools/old.py",))  # the code once spelled both
    found = sorted((f.path, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [("docs/waitress.md", "--hostnme")]


def test_an_unlabelled_command_block_left_open_at_the_end_keeps_its_comments(make_repo):
    """PARL's READMEs end with an unlabelled block of commands never closed: its
    `# To train an agent` lines are shell comments, not swallowed headings. A `##` heading
    after an open fence is still reported."""
    commands = "# DDPG\n\n### Start Training:\n```\n# To train an agent\npython train.py\n\n# To train for other game\n# python train.py --env X\n"
    prose = "# Guide\n\n```\n# To train an agent\npython train.py\n\n## Results\n\nText.\n"
    found = [(f.path, f.rule) for f in audit(make_repo({"ddpg/README.md": commands, "guide/README.md": prose}).root, blame=False).findings]
    assert found == [("guide/README.md", "DRIFT014")]


def test_a_page_that_switches_to_another_branch_describes_that_branch(make_repo):
    """FederatedScope's B-FHTL README: "git switch feature/B-FHTL" and then
    `--cfg scripts/B-FHTL_exp_scripts/x.yaml`, a file of that branch. Its names are notes;
    a dependency cloned and pinned at a tag, or a new branch made here, is no switch."""
    switched = "# Bench\n\nBuild with [the script](../scripts/old_build.sh).\n\n```bash\ngit switch feature/bench\npython run.py --cfg scripts/bench.yaml\n```\n"
    pinned = "# Setup\n\n```bash\ngit clone https://github.com/NVIDIA/apex\ncd apex\ngit checkout 22.04-dev\n```\n\nThen edit [the config](../scripts/gone.yaml).\n"
    branching = "# Contributing\n\n```bash\ngit checkout -b my-fix\npython run.py --cfg scripts/old.yaml\n```\n"
    files = {"run.py": "import sys\n", "scripts/keep.yaml": "a: 1\n", "docs/bench.md": switched, "docs/setup.md": pinned, "docs/contributing.md": branching}
    report = audit(make_repo(files).root, blame=False)
    # (What the page says above the switch is of this revision.)
    assert sorted((f.path, f.text) for f in report.findings) == [("docs/bench.md", "../scripts/old_build.sh"), ("docs/contributing.md", "scripts/old.yaml"), ("docs/setup.md", "../scripts/gone.yaml")]
    low = audit(make_repo(files).root, blame=False, config_file=LOW)
    assert [(f.text, f.confidence) for f in low.findings if f.path == "docs/bench.md"] == [("../scripts/old_build.sh", "high"), ("scripts/bench.yaml", "low")]
    assert any("feature/bench" in note for note in low.notes.get("docs/bench.md", []))


def test_a_fix_keeps_the_checkout_name_the_page_writes_paths_from(make_repo):
    """deeplab2's g3doc writes every path from above the checkout
    (`deeplab2/configs/cityscaspes/x.textproto`): the fix for a typo keeps that prefix."""
    files = {
        "configs/cityscapes/resnet50.textproto": "a: 1\n",
        "trainer/train.py": "import sys\n",
        "g3doc/setup.md": "# Setup\n\nThe config `deeplab2/configs/cityscaspes/resnet50.textproto` trains it.\n",
    }
    builder = make_repo(files)
    builder.repo.create_remote("origin", "https://github.com/google-research/deeplab2.git")
    found = [(f.text, f.replacement) for f in audit(builder.root, blame=False).findings]
    assert found == [("deeplab2/configs/cityscaspes/resnet50.textproto", "deeplab2/configs/cityscapes/resnet50.textproto")]


def test_a_page_in_another_language_s_program_folder_documents_that_program(make_repo):
    """kubeflow pipelines' frontend/scripts/ui-smoke-test/README.md: a table of the
    options of smoke-test-runner.js beside it, whose `--mode` defaults to `auto`; a Python
    script elsewhere with `--mode` (default `validation`) is not that program. A page
    beside Python keeps its finding."""
    py = 'import argparse\n\np = argparse.ArgumentParser()\np.add_argument("--mode", default="validation")\np.add_argument("--repo", default="x")\np.parse_args()\n'
    table = "# Smoke test\n\n| Option | What | Default |\n|---|---|---|\n| `--mode <mode>` | backend mode | `auto` |\n| `--repo <r>` | repository | `x` |\n"
    files = {
        ".github/scripts/check.py": py,
        "frontend/smoke/runner.js": "const mode = args.mode || 'auto';\n",
        "frontend/smoke/README.md": table,
        "tools/README.md": table,
        "tools/run.py": "print(1)\n",
        # cutlass: a CUDA example's README names its own `--groups`, not a Python script's `--num_groups`.
        "examples/69_grouped_gemm/69_grouped_gemm.cu": "int main() {}\n",
        "examples/69_grouped_gemm/README.md": "# Grouped GEMM\n\nThe `--groups` argument sets the number of GEMMs.\n",
        "examples/python/grouped.py": 'import argparse\n\np = argparse.ArgumentParser()\np.add_argument("--num_groups")\np.parse_args()\n',
    }
    report = audit(make_repo(files).root, blame=False, config_file=LOW)
    found = [(f.path, f.text, f.confidence) for f in report.findings if f.rule == "DRIFT006"]
    assert sorted(found) == [("frontend/smoke/README.md", "auto", "low"), ("tools/README.md", "auto", "high")]
    assert [(f.text, f.confidence) for f in report.findings if f.path.startswith("examples/69")] == [("--groups", "low")]


def test_an_unknown_flag_s_fix_keeps_its_words_before_the_nearest_spelling(make_repo):
    """DrQA: "(this is the default for `--embedding-dir`)" where the parser has
    `--embed-dir` and `--embedding-dim`: the same words shortened, not another word."""
    code = 'import argparse\n\np = argparse.ArgumentParser()\np.add_argument("--embed-dir", default="data/embeddings")\np.add_argument("--embedding-dim", type=int)\np.add_argument("--block-width", type=int)\np.parse_args()\n'
    doc = "# Reader\n\n```bash\npython train.py --embedding-dir data/emb --block-wdith 2\n```\n"
    found = {f.text: f.replacement for f in audit(make_repo({"train.py": code, "README.md": doc}).root, blame=False).findings}
    assert found == {"--embedding-dir": "--embed-dir", "--block-wdith": "--block-width"}


def test_files_under_a_folder_the_page_has_the_reader_make_are_the_reader_s(make_repo):
    """mmdetection's customize_runtime tutorial: "create a new directory named
    `mmdet/core/optimizer`", then "Modify `mmdet/core/optimizer/__init__.py`". Those
    files are the reader's; a path under that folder named above the sentence is judged."""
    page = (
        "# Customize\n\nSee `mmdet/core/optimizer/old.py` first.\n\n"
        "You need to create a new directory named `mmdet/core/optimizer`.\n"
        "Then modify `mmdet/core/optimizer/__init__.py` to import it.\n\n"
        "```bash\nmkdir -p configs/mine\n```\n\nEdit `configs/mine/base.py`.\nSee `mmdet/gone.py`.\n"
    )
    files = {"mmdet/__init__.py": "", "mmdet/core/__init__.py": "", "configs/base.py": "", "docs/customize.md": page}
    found = [(f.text, f.confidence) for f in audit(make_repo(files, removed=('mmdet/core/optimizer/old.py', 'mmdet/gone.py')).root, blame=False, config_file=LOW).findings if f.text != "mmdet/core/optimizer"]
    assert sorted(found) == [
        ("configs/mine/base.py", "low"), ("mmdet/core/optimizer/__init__.py", "low"),
        ("mmdet/core/optimizer/old.py", "high"), ("mmdet/gone.py", "high"),
    ]


def test_a_command_a_comment_says_is_another_repository_s_is_a_note(make_repo):
    """stylegan2-ada-pytorch's README: "# Using dataset_tool.py from TensorFlow version at
    https://github.com/NVlabs/stylegan2-ada/" above `python dataset_tool.py ... --cropsize=512`:
    that repository's program. The same command with no such comment is judged."""
    tool = 'import click\n\n\n@click.command()\n@click.option("--source")\n@click.option("--dest")\ndef main(source, dest):\n    pass\n\n\nif __name__ == "__main__":\n    main()\n'
    doc = (
        "# Datasets\n\n```bash\n# Using dataset_tool.py from TensorFlow version at\n# https://github.com/NVlabs/stylegan2-ada/\n"
        "python dataset_tool.py extract --cropsize=512 \\\n    --output_dir=/tmp/crops\n\npython dataset_tool.py --source=a --dest=b --cropsize=4\n```\n"
    )
    builder = make_repo({"dataset_tool.py": tool, "README.md": doc})
    builder.repo.create_remote("origin", "https://github.com/NVlabs/stylegan2-ada-pytorch.git")
    found = sorted((f.line, f.text, f.confidence) for f in audit(builder.root, blame=False, config_file=LOW).findings)
    assert found == [(6, "--cropsize", "low"), (7, "--output_dir", "low"), (9, "--cropsize", "high")]


def test_a_folder_whose_license_names_another_holder_is_another_project_s_copy(make_repo):
    """torchcomms keeps AMD's ROCm projects under `comms/rcclx/develop/projects/`, each with
    AMD's LICENSE: their pages are AMD's, set aside as `third_party/` is. A folder whose
    LICENSE names the root's holder, or the project itself (optuna-dashboard's `vscode/`,
    "Optuna Development Team"), is this repository's own."""
    mit = "MIT License\n\nCopyright (c) {} {}\n\nPermission is hereby granted... The above copyright notice...\n"
    files = {
        "pyproject.toml": "[project]\nname = \"widgetlib\"\n",
        "LICENSE": mit.format(2024, "Acme Labs, Inc. and affiliates"),
        "widgetlib/__init__.py": "",
        "hw/projects/rocthing/LICENSE.md": mit.format("2019-2025", "Advanced Micro Devices, Inc. All rights reserved."),
        "hw/projects/rocthing/README.md": "# rocthing\n\nSee [the source](src/gone.cpp).\n",
        "tools/dash/LICENSE": mit.format(2025, "Acme Labs"),
        "tools/dash/README.md": "# dash\n\nSee [the source](src/gone.cpp).\n",
        "vscode/LICENSE": mit.format(2023, "Widgetlib Development Team"),
        "vscode/README.md": "# extension\n\nSee [the source](src/gone.ts).\n",
    }
    builder = make_repo(files)
    result = audit(builder.root, blame=False)
    assert sorted(f.path for f in result.findings) == ["tools/dash/README.md", "vscode/README.md"]
    assert result.set_aside.get("other projects' code") == 2  # its README and its LICENSE.md
    assert any("Advanced Micro Devices" in n for n in result.notes["hw/projects/rocthing/"])
    # A root LICENSE that names nobody (Apache's text) says nothing about whose a folder is.
    apache = "Apache License\nVersion 2.0, January 2004\n\n" + "   terms\n" * 50 + "APPENDIX: How to apply the Apache License to your work.\n\n   Copyright {}\n"
    builder.commit({"LICENSE": apache.format("[yyyy] [name of copyright owner]")})
    assert len(audit(builder.root, blame=False).findings) == 3
    # OFA: the appendix filled in names the holder (Alibaba), and fairseq/'s MIT LICENSE another.
    builder.commit({"LICENSE": apache.format("1999-2022 Acme Labs Holding Ltd.")})
    assert sorted(f.path for f in audit(builder.root, blame=False).findings) == ["tools/dash/README.md", "vscode/README.md"]


def test_a_link_to_a_built_page_no_commit_ever_had_the_source_of_is_a_note(make_repo):
    """awkward's Doxygen page links `../reference/generated/kernels.html`, monarch's
    `rust-api/hyperactor/index.html`: pages a build writes (autosummary, rustdoc). A link to
    `old.html` whose source `old.md` a commit removed, or to a missing `.md`, stays stale."""
    builder = make_repo({"docs/old.md": "# Old\n", "docs/index.md": "# Docs\n"})
    builder.commit({}, "drop the old page", remove=("docs/old.md",))
    page = "# Docs\n\n[kernels](reference/generated/kernels.html), [old](old.html), [gone](never.md)\n"
    builder.commit({"docs/index.md": page}, "links")
    found = {f.text: f.confidence for f in audit(builder.root, config_file=LOW).findings}
    assert found == {"reference/generated/kernels.html": "low", "old.html": "high", "never.md": "high"}


def test_a_model_id_beside_the_config_named_for_it_is_no_missing_path(make_repo):
    """ome's config/models/SUPPORTED_MODELS.md lists `microsoft/Phi-3.5-mini-instruct`
    beside microsoft/Phi-3.5-mini-instruct.yaml: the model the config is named for. A model
    whose config is not there, in a folder that is, is still a path that is not."""
    files = {
        "config/models/microsoft/Phi-3.5-mini-instruct.yaml": "name: phi\n",
        "config/models/BAAI/bge-large-en-v1.5.yaml": "name: bge\n",
        "config/models/SUPPORTED_MODELS.md": "# Models\n\n| Model | ID |\n| --- | --- |\n| Phi | `microsoft/Phi-3.5-mini-instruct` |\n| BGE | `BAAI/bge-large-en-v1.5` |\n| Gone | `microsoft/gone.yaml` |\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["microsoft/gone.yaml"]


def test_a_dataclass_that_shares_its_name_with_another_class_is_not_the_one_surely_meant(make_repo):
    """AWorld: a plugin's dataclass `AgentConfig` lacks `llm_config`; the pydantic
    `AgentConfig` the README imports has it. With two classes of the name, the keyword is
    no evidence against either."""
    files = {
        "cli/__init__.py": "", "cli/config.py": "from dataclasses import dataclass\n\n\n@dataclass\nclass AgentConfig:\n    name: str = ''\n",
        "core/__init__.py": "", "core/conf.py": "from pydantic import BaseModel\n\n\nclass AgentConfig(BaseModel):\n    llm_config: dict = {}\n",
        "README.md": "# Agents\n\n```python\nfrom core.conf import AgentConfig\n```\n\nThen:\n\n```python\nconf = AgentConfig(\n    llm_config={},\n)\n```\n",
    }
    assert audit(make_repo(files).root, blame=False).findings == []


def test_shell_escapes_a_conf_py_of_config_classes_and_setup_py_are_read_as_bash_and_python_do(make_repo):
    """AWorld: `./docs/AWorld\\ CLI/Hooks/x.sh` runs docs/AWorld CLI/Hooks/x.sh; its
    examples/common/tools/conf.py holds config classes, so the folder is no Sphinx site and
    a link out of it is judged as GitHub resolves it. semantic-router: `setup.mode` is a
    key, not a name in bench/setup.py."""
    files = {
        "docs/AWorld CLI/Hooks/x.sh": "#!/bin/sh\n",
        "docs/AWorld CLI/README.md": "# Hooks\n\n```bash\n./docs/AWorld\\ CLI/Hooks/x.sh | jq .\n./docs/AWorld\\ CLI/Hooks/gone.sh\n```\n",
        "readme_assets/a.png": "png",
        "examples/tools/conf.py": "class BrowserConfig:\n    headless: bool = False\n",
        "examples/tools/android/README.md": "# Android\n\n![a](../../../readme_assets/a.png) ![b](../../readme_assets/a.png)\n",
        "bench/__init__.py": "", "bench/setup.py": "from setuptools import setup\nsetup(name='bench')\n",
        "docs/setup.md": "# Setup\n\nThe key `setup.mode` picks the mode.\n",
    }
    found = sorted((f.path, f.text, f.evidence.split(";")[0]) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [
        ("docs/AWorld CLI/README.md", "docs/AWorld CLI/Hooks/gone.sh", "docs/AWorld CLI/Hooks/gone.sh is not in the tree at this revision"),
        ("examples/tools/android/README.md", "../../readme_assets/a.png", "../../readme_assets/a.png does not resolve from examples/tools/android"),
    ]


def test_a_page_that_says_a_thing_did_or_is_empty_names_it_on_purpose(make_repo):
    """semantic-router's tech-debt record: "`.github/workflows/cleanup.yml` wrapped and
    evaluated the same secret" tells what a removed file did; "`deploy/nvidia/` is
    intentionally empty" (git keeps no empty folder) says it is not there. A path named as
    a current file is still judged."""
    page = (
        "# Evidence\n\n- `.github/workflows/cleanup.yml` wrapped and evaluated the same secret.\n"
        "- `deploy/nvidia/` is intentionally empty until a recipe is written.\n"
        "- Run `deploy/amd/run.sh` to deploy.\n"
        "- `deploy/amd/start.py` defined in the old layout is gone.\n"
    )
    files = {"deploy/keep.txt": "", "docs/td.md": page}
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["deploy/amd/run.sh", "deploy/amd/start.py"]


def test_a_module_a_file_imports_is_a_name_of_that_file(make_repo):
    """dlt: dlt/common/pendulum.py does `import pendulum`, so `from dlt.common.pendulum
    import pendulum` works; `import numpy.linalg` binds `numpy`, `import yaml as y` binds
    `y`. A name the file neither imports nor defines is still missing."""
    files = {
        "pkg/__init__.py": "", "pkg/common/__init__.py": "",
        "pkg/common/pend.py": "import pendulum\nimport numpy.linalg\nimport yaml as y\n\n\ndef now():\n    return pendulum.now()\n",
        "README.md": "# Time\n\n```python\nfrom pkg.common.pend import pendulum, numpy, y, now\nfrom pkg.common.pend import arrow\n```\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.common.pend.arrow"]


def test_an_mdx_page_no_site_here_builds_takes_the_ids_of_the_site_that_publishes_it(make_repo):
    """truss's docs/chains/doc_gen/API-reference.mdx is published by a Mintlify site kept in
    another repository, from Sphinx output: `#class-truss-chains-dockerimage` and
    `#truss_chains.DockerImage` both reach `### *class* truss_chains.DockerImage`. GitHub
    renders no MDX; a Markdown page it renders still gets GitHub's ids only."""
    heading = "# API\n\n### *class* `truss_chains.DockerImage`\n\nText.\n\n"
    links = "[a](#class-truss-chains-dockerimage) [b](#truss_chains.DockerImage) [c](#class-truss-chains-gone)\n"
    files = {"docs/api/API-reference.mdx": heading + links, "docs/api/README.md": heading + links}
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [
        ("docs/api/API-reference.mdx", "#class-truss-chains-gone"),
        ("docs/api/README.md", "#class-truss-chains-dockerimage"),
        ("docs/api/README.md", "#class-truss-chains-gone"),
        ("docs/api/README.md", "#truss_chains.DockerImage"),
    ]


def test_an_env_var_named_for_a_setting_is_the_one_the_code_derives(make_repo):
    """meltano reads MELTANO_CLI_LOG_CONFIG for the setting `cli.log_config` its
    settings.yml lists, deriving each variable from a setting's name; Airflow reads
    AIRFLOW__CORE__DAGS_FOLDER for `core.dags_folder`; setuptools-scm reads
    SETUPTOOLS_SCM_HG_COMMAND as "HG_COMMAND" under its prefix. A name that no setting
    spells is still unknown."""
    settings = "settings:\n- name: cli.log_config\n  kind: string\n- name: project_id\n  kind: string\n"
    config = "core:\n  dags_folder: dags\n"
    # setuptools-scm: `reader.read("HG_COMMAND")` under each tool's prefix reads PKG_HG_COMMAND.
    code = "import os\n\n\ndef env_value(prefix, name):\n    return os.environ.get(f'{prefix}_{name}'.upper().replace('.', '_'))\n\n\nTOKEN = os.getenv('PKG_TOKEN')\nHG = env_value('PKG', 'HG_COMMAND')\n"
    page = "# Settings\n\nSet `PKG_CLI_LOG_CONFIG`, `PKG_PROJECT_ID`, `PKG_HG_COMMAND` or `PKG__CORE__DAGS_FOLDER`, not `PKG_CLI_LOG_CONFG`.\n"
    files = {"pkg/__init__.py": "", "pkg/env.py": code, "pkg/bundle/settings.yml": settings, "pkg/config/core.yml": config, "docs/settings.md": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["PKG_CLI_LOG_CONFG"]


def test_a_gallery_readme_names_the_pages_sphinx_gallery_makes_from_its_scripts(make_repo):
    """helion's examples/README.rst, the index of a sphinx-gallery whose `examples_dirs` is
    ../examples: `:doc:`add.py <add>`` is the page made from examples/add.py. A name no
    script of the gallery has is still a dead reference."""
    conf = "project = 'x'\nextensions = ['sphinx_gallery.gen_gallery']\nsphinx_gallery_conf = {\n    'examples_dirs': ['../examples'],\n    'gallery_dirs': 'examples',\n}\n"
    readme = "Examples\n========\n\n- :doc:`add.py <add>`: addition\n- :doc:`gone.py <gone>`: removed\n"
    files = {"docs/conf.py": conf, "docs/index.rst": "Docs\n====\n", "examples/README.rst": readme, "examples/add.py": "x = 1\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["gone"]


def test_a_class_an_rst_tutorial_has_the_reader_write_in_a_plain_literal_block_is_its_own(make_repo):
    """Graphormer's tutorial: "we will extend Graphormer by adding a new
    :class:`~graphormer.models.GraphMLP`", then `class GraphMLP(FairseqEncoderModel):` in
    an RST `::` block, which names no language. A name the page does not write is still
    checked."""
    page = (
        "Tutorial\n========\n\nWe add a new :class:`~pkg.models.GraphMLP` and use :class:`~pkg.models.Gone`.\n\n"
        "Here we implement it by adding the following code in :file:`pkg/models/graphmlp.py`::\n\n    class GraphMLP(BaseModel):\n        def forward(self, x):\n            return x\n\nDone.\n"
    )
    files = {"pkg/__init__.py": "", "pkg/models/__init__.py": "from .base import BaseModel\n", "pkg/models/base.py": "class BaseModel:\n    pass\n", "docs/tutorial.rst": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005"] == ["pkg.models.Gone"]


def test_an_import_in_a_branch_kept_for_older_versions_names_their_api_on_purpose(make_repo):
    """zarr's design note shows code for both releases: `except ImportError: from
    zarr.core.chunk_grids import RegularChunkGrid`, and `else: from zarr.indexing import`
    under `if zarr.__version__[0] == "3":`. Those are notes; an import outside such a
    branch is still judged."""
    block = (
        "```python\nimport pkg\n\n\ndef make():\n    if pkg.__version__[0] == \"3\":\n        from pkg.core.grids import Grid\n"
        "        try:\n            from pkg.core.grids import NewGrid\n        except ImportError:\n            from pkg.core.grids import OldGrid\n"
        "    else:\n        from pkg.indexing import Indexer\n    from pkg.core.grids import Gone\n```\n"
    )
    files = {"pkg/__init__.py": "__version__ = '3.0'\n", "pkg/core/__init__.py": "", "pkg/core/grids.py": "class Grid:\n    pass\n\n\nclass NewGrid:\n    pass\n", "docs/compat.md": "# Compat\n\n" + block}
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings}
    assert found == {"pkg.core.grids.OldGrid": "low", "pkg.indexing": "low", "pkg.core.grids.Gone": "high"}


def test_an_import_under_the_old_side_of_a_before_after_block_names_the_old_api_on_purpose(make_repo):
    """MAPIE's v1 release notes: `# v0.x` above `from mapie.metrics import
    classification_coverage_score` and `# v1` above the new import; other pages label the
    sides `# Before` / `# After`. The old side's names are notes. Comments that are steps
    (`# Step 2`, `# Before training`) mark nothing, and the new side is still judged."""
    pairs = (
        "```python\n# v0.x\nfrom pkg.metrics import coverage\n\n# v1\nfrom pkg.metrics.classification import coverage\n"
        "from pkg.metrics.classification import gone_one\n```\n\n"
        "```python\n# Before\nfrom pkg.old_api import thing\n# After\nfrom pkg.metrics import thing\n```\n\n"
        "```python\n# Step 2\nfrom pkg.step_two import a\n# Step 3\nfrom pkg.metrics.classification import coverage\n"
        "# Before training\nfrom pkg.prepare import b\n```\n"
    )
    files = {"pkg/__init__.py": "", "pkg/metrics/__init__.py": "thing = 1\n", "pkg/metrics/classification.py": "def coverage():\n    pass\n", "docs/notes.md": "# Notes\n\n" + pairs}
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings}
    assert found == {"pkg.metrics.coverage": "low", "pkg.metrics.classification.gone_one": "high", "pkg.old_api": "low", "pkg.step_two": "high", "pkg.prepare": "high"}


def test_a_page_or_section_gated_to_another_edition_is_that_edition_s(make_repo):
    """mage-ai's docs: a page with `<ProOnly source="vault" />` imports a module only Mage Pro
    ships; the CLI reference marks a command "**Available in:** ❌ OSS, ✅ Pro" and an option
    "(Pro only)". Names on an open-source section of the same page are still judged."""
    gated = "---\ntitle: Vault\n---\nimport { ProOnly } from '/snippets/pro/only.mdx';\n\n<ProOnly source=\"vault\" />\n\n```python\nfrom pkg.vault import get_secret\n```\n"
    cli = (
        "# CLI\n\n## run\n\n**Available in:** ✅ OSS, ✅ Pro\n\n- `--cluster-type` (Pro only): the instance type\n- its code is in `pkg/gone_cli.py`\n\n"
        "## logs\n\n**Available in:** ❌ OSS, ✅ Pro\n\n- `--end-time`: end of the window\n"
    )
    cli_code = "import argparse\np = argparse.ArgumentParser(prog='pkg')\np.add_argument('--start-time')\np.parse_args()\n"
    files = {"pkg/__init__.py": "", "pkg/cli.py": cli_code, "docs/vault.mdx": gated, "docs/cli.mdx": cli}
    found = {f.text: f.confidence for f in audit(make_repo(files, removed=('pkg/gone_cli.py',)).root, blame=False, config_file=LOW).findings}
    assert found == {"pkg.vault": "low", "--cluster-type": "low", "pkg/gone_cli.py": "high", "--end-time": "low"}


def test_a_parser_handed_to_another_package_s_class_takes_its_options(make_repo):
    """lumen: `Serve(parser=serve_parser)` with `from panel.command import Serve` (or a
    subclass of it, `class LumenAIServe(Serve)`): panel's command adds bokeh serve's
    `--show` and `--port`, which drift cannot read. A program that hands its parser to
    nothing of another package still has only its own options."""
    cli = (
        "import argparse\n\nfrom panel.command import Serve\n\n\nclass AppServe(Serve):\n    pass\n\n\n"
        "def main():\n    parser = argparse.ArgumentParser(prog='app')\n    subs = parser.add_subparsers()\n"
        "    sp = subs.add_parser('serve')\n    AppServe(parser=sp)\n    parser.parse_args()\n"
    )
    tool = "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser(prog='tool')\n    parser.add_argument('--shows')\n    parser.parse_args()\n"
    files = {
        "pyproject.toml": "[project]\nname = \"app\"\n\n[project.scripts]\napp = \"app.cli:main\"\ntool = \"app.tool:main\"\n",
        "app/__init__.py": "", "app/cli.py": cli, "app/tool.py": tool,
        "README.md": "# App\n\n```bash\napp serve dash.py --show --port 5006\ntool --shos x\n```\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["--shos"]


def test_names_a_page_marks_as_another_language_s_objects_are_not_the_python_package_s(make_repo):
    """pyodide documents its JavaScript `pyodide` object beside its Python package:
    {js:func}`pyodide.setStdout` is the JavaScript API's, and so is a plain mention of the
    same name. Another unknown name under that head is a note; a Python role is checked."""
    files = {
        "pyodide/__init__.py": "def run():\n    pass\n",
        "docs/conf.py": "extensions = ['myst_parser', 'sphinx_js']\n",
        "docs/streams.md": (
            "# Streams\n\nUse {js:func}`pyodide.setStdout` to redirect. The `pyodide.setStdout` call takes a handler.\n\n"
            "Call `pyodide.loadPackage` first. From Python, {py:func}`pyodide.gone` is gone.\n"
        ),
        "docs/rst.rst": "Page\n====\n\nSee :js:func:`pyodide.setStderr`.\n",
    }
    found = {(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"}
    assert found == {("pyodide.loadPackage", "low"), ("pyodide.gone", "medium")}


def test_names_a_page_uses_in_jinja_expressions_are_template_variables(make_repo):
    """cookiecutter's "creates ``cookiecutter.license``, which can be used like this:"
    over `{%- if cookiecutter.license == "MIT" -%}`: the template's context, not the
    package's attribute. A name the page uses nowhere in a template is still checked."""
    page = (
        "Choice variables\n================\n\nThe ``license`` variable creates ``cookiecutter.license``, which can be used like this::\n\n"
        "  {%- if cookiecutter.license == \"MIT\" -%}\n  MIT\n  {%- endif %}\n\nAnd ``cookiecutter.gone_function`` is gone.\n\n"
        # (Braces on different lines of code are no expression: the name between is code's.)
        ".. code-block:: python\n\n   opening = \"{{\"\n   from cookiecutter.spanned import thing\n   closing = \"}}\"\n"
    )
    files = {"cookiecutter/__init__.py": "def main():\n    pass\n", "docs/choice.rst": page}
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005")
    assert found == ["cookiecutter.gone_function", "cookiecutter.spanned"]


def test_python_m_runs_a_module_whose_file_name_opens_with_a_digit(make_repo):
    """arcade's tutorial runs `python -m arcade.examples.platform_tutorial.01_open_window`:
    runpy imports it by name; agno's cookbook runs `python -m cookbook.01_demo.evals`, a
    package in a folder that opens with a digit. A step that is not there is still missing."""
    files = {
        "arcade/__init__.py": "",
        "arcade/examples/__init__.py": "",
        "arcade/examples/platform_tutorial/__init__.py": "",
        "arcade/examples/platform_tutorial/01_open_window.py": "print('hi')\n",
        "cookbook/__init__.py": "", "cookbook/01_demo/evals/__init__.py": "", "cookbook/01_demo/evals/__main__.py": "print('run')\n",
        "docs/step.md": (
            "# Step 1\n\n```bash\npython -m arcade.examples.platform_tutorial.01_open_window\npython -m arcade.examples.platform_tutorial.02_gone\n"
            "python -m cookbook.01_demo.evals --case x\npython -m cookbook.02_demo.evals\n```\n"
        ),
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["arcade.examples.platform_tutorial.02_gone", "cookbook.02_demo.evals"]


def test_a_module_the_page_s_own_setup_code_builds_is_the_reader_s(make_repo):
    """aiter's add-an-op tutorial has the reader add `CUDAExtension(name='aiter._C', ...)`
    to setup.py, then `from aiter._C import rmsnorm_forward`. A module no code on the page
    builds is still missing; so is a placeholder-free path no file has."""
    page = (
        "Add an op\n=========\n\nAdd it to ``setup.py``:\n\n.. code-block:: python\n\n   setup(ext_modules=[CUDAExtension(\n       name='aiter._C', sources=['csrc/x.cu'])])\n\n"
        "Then:\n\n.. code-block:: python\n\n   from aiter._C import rmsnorm_forward\n   from aiter.gone import thing\n\n"
        "Tuned results go to ``aiter/configs/xx_a4w4_tuned_gemm_xx.csv`` and ``aiter/configs/gone.csv``.\n"
    )
    files = {"aiter/__init__.py": "", "aiter/configs/dsv3_a4w4_tuned_gemm.csv": "a,b\n", "docs/add_op.rst": page}
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["aiter.gone", "aiter/configs/gone.csv"]


def test_a_symbol_s_fix_is_where_its_package_exposes_it_or_where_its_module_went(make_repo):
    """pyglet's docs name `pyglet.media.AudioFormat` (defined in media/codecs/base.py, which
    media/codecs/__init__.py star-imports) and `pyglet.media.listener.AbstractListener`
    (the module went to media/drivers/listener.py, while an example script binds a
    variable `listener`): the fixes are `pyglet.media.codecs.AudioFormat` and
    `pyglet.media.drivers.listener.AbstractListener`, not the example's."""
    page = "Media\n=====\n\nSee :class:`pyglet.media.AudioFormat` and :attr:`pyglet.media.listener.AbstractListener.position`.\n"
    files = {
        "pyglet/__init__.py": "", "pyglet/media/__init__.py": "from .player import Player\n", "pyglet/media/player.py": "class Player:\n    pass\n",
        "pyglet/media/codecs/__init__.py": "from .base import *\n", "pyglet/media/codecs/base.py": "class AudioFormat:\n    pass\n",
        "pyglet/media/drivers/__init__.py": "", "pyglet/media/drivers/listener.py": "class AbstractListener:\n    position = None\n",
        "examples/__init__.py": "", "examples/soundspace.py": "listener = None\n",
        "doc/media.rst": page,
    }
    found = sorted((f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [
        ("pyglet.media.AudioFormat", "pyglet.media.codecs.AudioFormat"),
        ("pyglet.media.listener.AbstractListener.position", "pyglet.media.drivers.listener.AbstractListener.position"),
    ]


def test_a_marp_deck_s_numbered_anchors_are_its_slides(make_repo):
    """gpu-mode's lecture_029/presentation.md (`marp: true`) links its agenda to `#5` and
    `#9`: the fifth and ninth slides, split by `---`/`----` breaks. A slide past the deck's
    end, or a page that is no deck, is still a broken anchor."""
    slides = "\n\n----\n\n".join(f"# Slide {n}\n\nText {n}." for n in range(2, 7))
    deck = "---\nmarp: true\ntheme: uncover\n---\n\n# Agenda\n\n- [Compilation](#5)\n- [Gone](#9)\n\n---\n\n" + slides + "\n"
    page = "# Notes\n\n- [Five](#5)\n"
    found = sorted((f.path, f.text) for f in audit(make_repo({"lecture/presentation.md": deck, "lecture/notes.md": page}).root, blame=False).findings)
    assert found == [("lecture/notes.md", "#5"), ("lecture/presentation.md", "#9")]


def test_nested_keys_of_a_config_the_code_writes_as_dict_literals(make_repo):
    """invoke's global_defaults() returns `{"tasks": {"collection_name": "tasks", ...}}`:
    "set ``tasks.collection_name``" names that config key, not tasks.py's attribute. A
    key no dict has is still checked; so is a name only a test's dict spells."""
    config = "def global_defaults():\n    return {\n        'run': {'echo': False},\n        'tasks': {'collection_name': 'tasks', 'search_root': None},\n    }\n"
    page = "Loading\n=======\n\nSet ``tasks.collection_name`` or ``tasks.search_root``; ``tasks.gone_option`` and ``tasks.only_tested`` are gone.\n"
    files = {"invoke/__init__.py": "", "invoke/config.py": config, "tasks.py": "def build():\n    pass\n", "tests/test_config.py": "X = {'tasks': {'only_tested': 1}}\n", "docs/loading.rst": page}
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["tasks.gone_option", "tasks.only_tested"]


def test_an_xpath_is_no_path(make_repo):
    """parsel: "note the dot prefixing the ``.//p`` XPath": a query from the context node,
    not a file. A path is still checked."""
    files = {"docs/usage.rst": "Usage\n=====\n\nNote the dot prefixing the ``.//p`` XPath, and ``//div`` too; see ``docs/gone.rst``.\n", "docs/index.rst": "Docs\n====\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["docs/gone.rst"]


def test_a_myst_page_s_hash_link_to_another_document_of_the_project(make_repo):
    """Uni-Mol's requirements.md: "See [Installation](#installation)": no heading of the page
    has it, and MyST resolves it as a reference, to installation.md beside it. On a page no
    Sphinx project builds, GitHub shows it: broken."""
    files = {
        "docs/source/conf.py": "extensions = ['myst_parser']\n",
        "docs/source/index.md": "# Home\n",
        "docs/source/installation.md": "# Installation\n",
        "docs/source/requirements.md": "# Requirements\n\nSee [Installation](#installation) and [gone](#nothing-here).\n",
        "notes/requirements.md": "# Requirements\n\nSee [Installation](#installation).\n",
        "notes/installation.md": "# Installation\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs/source/requirements.md", "#nothing-here"), ("notes/requirements.md", "#installation")]


def test_options_a_page_defines_with_click_or_names_by_a_man_page_are_not_the_repository_s(make_repo):
    """click-extra's config.md defines `@option("--hash-header", ...)` in its example, then
    "The `--hash-header` flag is repeated"; tree.md: "the pure-ASCII set `tree(1)` uses with
    `--charset=ascii`"; jupyter_server: "(replacing the ``--script`` option in older
    versions of the notebook)". An option nothing explains is still unknown."""
    cli = "import click\n\n@click.command()\n@click.option('--theme')\n@click.option('--hash_header')\n@click.option('--char_set')\n@click.option('--old_script')\ndef main(theme, hash_header, char_set, old_script):\n    pass\n"
    page = (
        "# Config\n\n```python\n@option(\"--hash-header\", \"hash_headers\", multiple=True)\ndef scanner(hash_headers):\n    pass\n```\n\n"
        "The `--hash-header` flag is repeated once per value.\n\nThe rail uses the set `tree(1)` uses with `--charset=ascii`.\n\n"
        "This replaces the `--old-script` option in older versions of the tool.\n\nPass `--theem` too.\n"
        # fmriprep: "This mechanism replaces the earlier, more limited ``--anat-derivatives`` flag."
        "\nThis mechanism replaces the earlier, more limited `--anat-derivatives` flag.\n"
    )
    found = [f.text for f in audit(make_repo({"pkg/__init__.py": "", "pkg/cli.py": cli, "docs/config.md": page}).root, blame=False).findings]
    assert found == ["--theem"]


def test_modules_a_sentence_says_were_part_of_the_package_or_have_been_moved_are_history(make_repo):
    """Qcodes' README: "The modules ``qcodes.extensions.slack`` and ``qcodes.utils.magic``
    that were part of QCoDeS until version 0.37.0 have been moved into an independent
    package". A module a sentence presents as current is still reported."""
    page = (
        "Pkg\n===\n\nThe modules ``pkg.extensions.slack``\nand ``pkg.utils.magic`` that were part of Pkg until version 0.37.0\n"
        "have been moved into an independent package.\n\nUse ``pkg.utils.gone`` for helpers.\n"
    )
    files = {"pkg/__init__.py": "", "pkg/extensions/__init__.py": "", "pkg/utils/__init__.py": "", "README.rst": page}
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings}
    assert found == {"pkg.extensions.slack": "low", "pkg.utils.magic": "low", "pkg.utils.gone": "medium"}


def test_the_old_name_a_historical_section_and_a_whatever_stand_in_are_not_drift(make_repo):
    """trio's reference: "only wrap concurrent exceptions in the old ``trio.MultiError``
    type", under "Historical Note"; its tutorial: "... -> trio.whatever", any function of
    trio's. A name the page presents as current is still reported."""
    page = (
        "Core\n====\n\nUse ``pkg.run`` and ``pkg.Gone``.\n\nExceptions\n----------\n\n"
        "Some APIs would only wrap concurrent exceptions in the old ``pkg.MultiError`` type.\n\n"
        "Historical Note\n---------------\n\nErrors were once ``pkg.ErrorGroup`` objects.\n\n"
        "The path from ``pkg.run`` to ``pkg.whatever`` must be async.\n"
    )
    files = {"pkg/__init__.py": "def run():\n    pass\n", "docs/core.rst": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.Gone"]


def test_a_name_in_a_packages_init_file_named_through_it_is_there(make_repo):
    """beets' docs: "``beets.ui.__init__._open_library``", the function in
    beets/ui/__init__.py. A name the file lacks is still reported."""
    files = {"beets/__init__.py": "", "beets/ui/__init__.py": "def _open_library(config):\n    pass\n",
             "docs/dev.rst": "Dev\n===\n\nSee ``beets.ui.__init__._open_library`` and ``beets.ui.__init__._gone``.\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["beets.ui.__init__._gone"]


def test_a_folder_the_page_puts_outside_the_repository_is_an_installed_copy(make_repo):
    """kivy's install guide runs `python kivy_venv/share/kivy-examples/demo/showcase/main.py`,
    then "The 3d monkey demo under ``kivy-examples/3Drendering/main.py``": setup.py installs
    examples/ there. A page that never puts the folder elsewhere keeps the slip."""
    guide = (
        "Install\n=======\n\n.. code-block:: bash\n\n    python kivy_venv/share/kivy-examples/demo/showcase/main.py\n\n"
        "The 3d monkey demo under ``kivy-examples/3Drendering/main.py`` is also fun.\n"
    )
    other = "Demos\n=====\n\nRun ``example/3Drendering/main.py``.\n"
    files = {"examples/demo/showcase/main.py": "x = 1\n", "examples/3Drendering/main.py": "x = 1\n", "docs/install.rst": guide, "docs/demos.rst": other}
    found = sorted((f.path, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [("docs/demos.rst", "example/3Drendering/main.py", "high"), ("docs/install.rst", "kivy-examples/3Drendering/main.py", "low")]


def test_an_agent_skills_declared_arguments_and_its_dependencys_files_are_not_the_repositorys(make_repo):
    """aiobotocore's Claude Code skills: `argument-hint: "[--focus=<id>] [--resolve]"`, then
    "- `--resolve` (optional): ..."; the review skill pairs `aio/httpchecksum.py` with
    `botocore/tests/unit/test_httpchecksum.py`, a file of botocore's repository (the package
    the code imports). The same option on a page that does not declare it (the repository's
    CLI dropped its own `--resolve`), and a path under the repository's own package, are
    still reported."""
    skill = (
        "---\ndescription: Address review feedback.\nargument-hint: \"[--focus=<databaseId>] [--resolve]\"\n---\n\n"
        "- `--resolve` (optional): mark threads resolved.\n\n"
        "Compare `aio/httpchecksum.py` with `botocore/tests/unit/test_httpchecksum.py` and `aio/tests/unit/test_httpchecksum.py`.\n"
    )
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--resolver')\n{more}p.parse_args()\n"
    files = {
        "aio/__init__.py": "import botocore\n", "aio/httpchecksum.py": "from botocore import httpchecksum\n",
        "tests/botocore_tests/unit/test_httpchecksum.py": "x = 1\n", "cli.py": cli.format(more="p.add_argument('--resolve')\n"),
        "skills/review/SKILL.md": skill, "docs/cli.md": "# CLI\n\nPass `--resolve` to mark threads resolved.\n",
    }
    builder = make_repo(files)
    builder.commit({"cli.py": cli.format(more="")}, "Drop --resolve")
    found = sorted((f.path, f.text) for f in audit(builder.root, blame=False).findings)
    assert found == [("docs/cli.md", "--resolve"), ("skills/review/SKILL.md", "aio/tests/unit/test_httpchecksum.py")]


def test_paths_after_a_command_that_makes_a_new_project_are_that_projects(make_repo):
    """toga's positron README: `briefcase new`, then `python src/manage.py migrate` in the
    Django app it generated (the repository keeps an example of that app elsewhere). The
    same command on a page that made no project is still a path the tree lacks."""
    made = "# Positron\n\n```console\n$ pip install toga-positron\n$ briefcase new\n```\n\nThen:\n\n```console\n$ python src/manage.py migrate\n```\n"
    plain = "# Django\n\n```console\n$ python src/manage.py migrate\n```\n"
    files = {"examples/site/src/manage.py": "x = 1\n", "src/app/__init__.py": "", "positron/README.md": made, "django/README.md": plain}
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root).findings)
    assert found == [("django/README.md", "src/manage.py")]
    assert project_generator("briefcase", ["new"]) == "briefcase new" and project_generator("npx", ["create-react-app", "x"]) == "npx create-react-app"
    assert project_generator("briefcase", ["build"]) is None and project_generator("pip", ["install"]) is None


def test_a_package_path_after_the_code_moved_into_src_is_a_note(make_repo):
    """mistune's docs: "(located at ``mistune/plugins/math.py``)", written before the code
    moved into src/; trio's design notes name ``trio/_core/_run.py`` the same way. The
    package's path as Python sees it: a note, with the tree's path as its fix. A command
    that runs the file from the root, and a link, still fail."""
    doc = ("# Plugins\n\nThe math plugin (located at ``pkg/plugins/math.py``) and ``pkg/plugins/toc.py``.\n\n"
           "```bash\npython pkg/plugins/math.py\n```\n\nSee [math](../pkg/plugins/math.py).\n")
    builder = make_repo({"pkg/__init__.py": "", "pkg/plugins/__init__.py": "", "pkg/plugins/math.py": "x = 1\n", "docs/plugins.md": doc})
    builder.commit({"src/pkg/__init__.py": "", "src/pkg/plugins/__init__.py": "", "src/pkg/plugins/math.py": "x = 1\n", "src/pkg/plugins/toc.py": "y = 1\n"},
                   "Move code to src", remove=("pkg/__init__.py", "pkg/plugins/__init__.py", "pkg/plugins/math.py"))
    found = sorted((f.line, f.text, f.confidence, f.replacement) for f in audit(builder.root, config_file=LOW).findings)
    # (``pkg/plugins/toc.py``, only ever at src/pkg/plugins/, is no path the tree lost.)
    assert found == [(3, "pkg/plugins/math.py", "low", "src/pkg/plugins/math.py"), (6, "pkg/plugins/math.py", "high", "src/pkg/plugins/math.py"),
                     (9, "../pkg/plugins/math.py", "high", "../src/pkg/plugins/math.py")]


def test_a_file_a_script_tests_for_before_using_it_is_optional(make_repo):
    """pulpcore's CI: `if [ -f .github/workflows/scripts/pre_before_install.sh ]; then source
    ...; fi`, a hook a plugin may add. A script sourced without the test is still stale."""
    script = (
        "#!/bin/bash\nif [ -f .github/workflows/scripts/pre_before_install.sh ]; then\n  source .github/workflows/scripts/pre_before_install.sh\nfi\n"
        "test -x scripts/post_hook.sh && bash scripts/post_hook.sh\nsource .github/workflows/scripts/env.sh\n"
    )
    files = {".github/workflows/scripts/before_install.sh": script, "scripts/build.sh": "echo hi\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == [".github/workflows/scripts/env.sh"]


def test_a_shell_script_without_a_suffix_reads_variables_too(make_repo):
    """paperless-ngx's s6 service `run` scripts (`#!/command/with-contenv /usr/bin/bash`)
    read `PAPERLESS_WEBSERVER_WORKERS`; a variable nothing reads is still unknown. An
    extensionless file that is no script is neither read nor reported as skipped, and the
    script's commands are not checked as a doc's."""
    run = '#!/command/with-contenv /usr/bin/bash\nexec granian --workers "${APP_WEBSERVER_WORKERS:-1}" --bogus-flag app\n'
    files = {
        "app/__init__.py": "import os\nHOME = os.environ.get('APP_HOME')\n",
        "docker/rootfs/etc/s6-overlay/s6-rc.d/svc-webserver/run": run,
        "data/words": "alpha\nbeta\n", "LICENSE": "MIT\n",
        "docs/setup.md": "# Setup\n\nSet `APP_HOME`, `APP_WEBSERVER_WORKERS` and `APP_GONE_VAR`.\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert [(f.rule, f.text) for f in result.findings] == [("DRIFT003", "APP_GONE_VAR")]
    assert not any("data/words" in path or "LICENSE" in path for path in result.skipped)


def test_anchors_made_at_build_time_by_a_render_directive_or_a_jinja_template(make_repo):
    """click-extra's theme.md has a ```{python:render} block that writes a heading per theme
    (`#dark`); xonsh links `envvars.html`, which the build renders from
    docs/envvars.rst.jinja2; jupyterhub's MyST `[Authenticator](#Authenticator)` is a
    reference to the class its API pages document; nautobot's settings headings are a
    template's. A page with none of these is judged."""
    theme = "# Themes\n\n| [`dark`](#dark) | default |\n|---|---|\n\n```{python:render}\nfor name in THEMES:\n    print(f'## {name}')\n```\n"
    files = {
        "pkg/__init__.py": "", "pkg/auth.py": "class Authenticator:\n    def authenticate(self):\n        pass\n",
        "docs/conf.py": "extensions = ['myst_parser']\n", "docs/index.md": "# Home\n",
        "docs/theme.md": theme, "docs/envvars.rst.jinja2": "Env vars\n========\n",
        "docs/platforms.rst": "Platforms\n=========\n\nSee `env vars <envvars.html>`_ and `gone <gonevars.html>`_.\n",
        "docs/auth.md": "# Auth\n\nSubclass [Authenticator](#Authenticator), call [](#Authenticator.authenticate); see [gone](#Gone).\n",
        "docs/plain.md": "# Plain\n\n| [`dark`](#dark) | default |\n|---|---|\n",
        # nautobot's settings page: mkdocs-macros renders `### {{ property }}` per setting.
        "docs/settings.md": "# Settings\n\n{% for property, attrs in schema.items() %}\n### `{{ property }}`\n{% endfor %}\n",
        "docs/apps.md": "# Apps\n\nSet [`PLUGINS_CONFIG`](settings.md#plugins_config).\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files, removed=('docs/gonevars.rst',)).root, blame=False).findings)
    assert found == [("docs/auth.md", "#Gone"), ("docs/plain.md", "#dark"), ("docs/platforms.rst", "gonevars.html")]


def test_a_link_right_from_the_page_served_as_a_folder_is_a_note_without_a_site_config(make_repo):
    """visidata's docs/columns.md plays `../casts/types.cast` (docs/casts/), as its site
    serves the page at docs/columns/; no site config in the tree says so, and GitHub shows
    it broken: a note. A README, served at its folder, is still broken; so is a file no
    folder has."""
    files = {
        "docs/casts/types.cast": "{}\n", "docs/internal.md": "# Internal\n", "docs/columns.md": "# Columns\n\n[cast](../casts/types.cast) [gone](../casts/gone.cast) [page](../internal)\n",
        "docs/README.md": "# Docs\n\n[cast](../casts/types.cast)\n",
    }
    found = {(f.path, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings}
    assert found == {("docs/columns.md", "../casts/types.cast", "low"), ("docs/columns.md", "../internal", "low"), ("docs/columns.md", "../casts/gone.cast", "high"), ("docs/README.md", "../casts/types.cast", "high")}


def test_names_the_docs_yaml_lists_are_another_package_s_macros(make_repo):
    """elementary documents its dbt package beside its Python CLI: `elementary.volume_anomalies`
    is the dbt test its YAML lists (`tests: [- elementary.volume_anomalies]`), and another
    `elementary.x` in prose may be one too (a note). A name under a head no YAML lists is
    still checked, and so is one under a head whose YAML names its own modules (xonsh's
    event handlers, `- xonsh.pyghooks.on_lscolors_change`)."""
    files = {
        "elementary/__init__.py": "", "elementary/cli.py": "def main():\n    pass\n",
        "other/__init__.py": "", "other/hooks.py": "def on_change():\n    pass\n",
        "docs/events.md": "# Events\n\n```yaml\non_change:\n  - other.hooks.on_change\n```\n",
        "docs/tests.md": "# Tests\n\n```yaml\nmodels:\n  - name: orders\n    tests:\n      - elementary.volume_anomalies:\n          timestamp_column: updated_at\n```\n",
        "docs/volume.md": "# Volume\n\n`elementary.volume_anomalies` monitors row counts; `elementary.python` runs code. See `other.gone`.\n",
    }
    found = {(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"}
    assert found == {("elementary.python", "low"), ("other.gone", "medium")}


def test_a_mintlify_partial_s_links_work_from_the_pages_that_render_it(make_repo):
    """elementary's docs/_snippets/guides/alerts-code-configuration.mdx links
    `./alerts-configuration#owner`: the pages that render it (`<Snippet
    file="guides/alerts-code-configuration.mdx" />`) are alerts-configuration.mdx. A
    `<Tab title="Generic Method">` is an anchor there too. A link no rendering page reaches
    is still broken."""
    files = {
        "docs/mint.json": "{}\n",
        "docs/_snippets/guides/alerts-code-configuration.mdx": "The attributes: [owner](./alerts-configuration#owner), [gone](./gone-page).\n",
        "docs/oss/guides/alerts/alerts-configuration.mdx": "---\ntitle: Alerts\n---\n\n## Owner\n\n<Snippet file=\"guides/alerts-code-configuration.mdx\" />\n",
        "docs/setup.mdx": "---\ntitle: Setup\n---\n\nSee [the method](#generic-method) and [nothing](#nothing).\n\n<Tabs>\n  <Tab title=\"Generic Method\">\n    Run it.\n  </Tab>\n</Tabs>\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs/_snippets/guides/alerts-code-configuration.mdx", "./gone-page"), ("docs/setup.mdx", "#nothing")]


def test_a_counter_example_block_and_example_names_are_notes(make_repo):
    """prowler's "**❌ INCORRECT - Direct data access:**" over `# DON'T DO THIS` imports what
    checks must not; `CheckReportYourTool` is the reader's tool; `prowler.cloud` is a mail
    domain. A block that is no counter-example is still judged."""
    page = (
        "# Services\n\n**❌ INCORRECT - Direct data access:**\n\n```python\n# DON'T DO THIS\nfrom pkg.services.cloudtrail_service import cloudtrail_service\n```\n\n"
        "Write a `pkg.CheckReportYourTool` class; mail `pkg.cloud` for help.\n\nIf something goes wrong, run:\n\n```python\nfrom pkg.services.gone_service import x\n```\n"
    )
    files = {"pkg/__init__.py": "", "pkg/services/__init__.py": "", "pkg/services/cloudtrail_service.py": "class Cloudtrail:\n    pass\n", "docs/services.md": page}
    found = {(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"}
    assert found == {("pkg.services.cloudtrail_service.cloudtrail_service", "low"), ("pkg.services.gone_service", "high")}


def test_settings_a_json_schema_names_are_no_python_names(make_repo):
    """python-lsp-server's CONFIGURATION.md table lists `pylsp.plugins.autopep8.enabled` and
    `pylsp.configurationSources`, the keys of pylsp/config/schema.json. A name no schema and
    no code has is still checked."""
    schema = '{\n  "properties": {\n    "pylsp.configurationSources": {"type": "array"},\n    "pylsp.plugins.autopep8.enabled": {"type": "boolean"}\n  }\n}\n'
    page = "# Configuration\n\n| Setting | Type |\n|---|---|\n| `pylsp.configurationSources` | array |\n| `pylsp.plugins.autopep8.enabled` | boolean |\n\nSee `pylsp.gone_module` too.\n"
    files = {"pylsp/__init__.py": "", "pylsp/plugins/__init__.py": "", "pylsp/config/__init__.py": "", "pylsp/config/schema.json": schema, "CONFIGURATION.md": page}
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"]
    assert found == ["pylsp.gone_module"]


def test_a_nextra_index_page_links_through_the_route_its_content_is_mounted_under(make_repo):
    """deer-flow's Nextra site mounts src/content/<lang>/ at /<lang>/docs
    (src/app/[lang]/docs/[[...mdxPath]]/page.tsx): content/en/index.mdx, served at /en/docs,
    links `./docs/harness/quick-start`, which is content/en/harness/quick-start.mdx. A page
    the content lacks is still missing."""
    files = {
        "frontend/package.json": '{"dependencies": {"next": "15", "nextra": "^4.6.1"}}\n',
        "frontend/src/app/[lang]/docs/[[...mdxPath]]/page.tsx": "export default function Page() {}\n",
        "frontend/src/content/en/index.mdx": "# DeerFlow\n\n[Quick start](./docs/harness/quick-start) and [gone](./docs/harness/gone).\n",
        "frontend/src/content/en/harness/quick-start.mdx": "# Quick start\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["./docs/harness/gone"]


def test_a_method_named_on_an_object_called_after_the_package_is_no_missing_name(make_repo):
    """snakemake's scripts get an object called `snakemake`: "the ``snakemake.report_href()``
    method" is that object's (a class here has the method), not a name the package lacks."""
    files = {
        "flow/__init__.py": "from .api import run\n",
        "flow/api.py": "def run():\n    pass\n",
        "flow/io.py": "class Namedlist(list):\n    def report_href(self, path):\n        return path\n",
        "docs/report.rst": "Report\n======\n\nUse the ``flow.report_href()`` method from scripts; ``flow.gone_helper()`` went.\n",
    }
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"}
    assert found == {"flow.report_href": "low", "flow.gone_helper": "medium"}


def test_a_missing_module_whose_functions_the_line_names_is_fixed_to_where_they_are_now(make_repo):
    """pipenv's "`pipenv/utils/requirementslib.py` — `unpack_url` and `get_http_url`" after
    both moved to pipenv/utils/unpack.py: that file is the fix, not the sibling spelled
    most alike (requirements.py). A vendored copy of one of them elsewhere does not count."""
    files = {
        "pkg/__init__.py": "",
        "pkg/utils/__init__.py": "",
        "pkg/utils/requirements.py": "def parse():\n    pass\n",
        "pkg/utils/unpack.py": "def unpack_url():\n    pass\n\n\ndef get_http_url():\n    pass\n",
        "pkg/patched/pip/prepare.py": "def unpack_url():\n    pass\n",
        "docs/dev.md": "# Layout\n\n- `pkg/utils/requirementslib.py` \u2014 `unpack_url` and `get_http_url`\n- `pkg/utils/requirementlib.py` \u2014 parsing\n",
    }
    found = {(f.line, f.text): f.replacement for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"}
    assert found == {(3, "pkg/utils/requirementslib.py"): "pkg/utils/unpack.py", (4, "pkg/utils/requirementlib.py"): "pkg/utils/requirements.py"}


def test_a_table_column_of_removed_names_lists_them_on_purpose(make_repo):
    """astropy's testhelpers.rst: a "Removed | Use this" table names
    `astropy.tests.disable_internet` because it went. The same name in another column, or
    in a table whose column says nothing of the past, is still judged."""
    table = (
        "Helpers\n=======\n\n"
        "================================ =====================\n"
        "Removed                          Use this\n"
        "================================ =====================\n"
        "``pkg.tests.disable_internet``   ``pkg.tests.network``\n"
        "``pkg.tests.plugins.display``    ``pkg.tests.gone_too``\n"
        "================================ =====================\n\n"
        "======================== =====\n"
        "Helper                   Notes\n"
        "======================== =====\n"
        "``pkg.tests.raises``     gone\n"
        "======================== =====\n"
    )
    files = {"pkg/__init__.py": "", "pkg/tests/__init__.py": "network = 1\n", "docs/helpers.rst": table}
    found = sorted((f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005")
    assert found == [(8, "pkg.tests.gone_too"), (14, "pkg.tests.raises")]


def test_a_home_that_lacks_the_rest_of_the_dotted_name_is_no_fix(make_repo):
    """zipline's `zipline.utils.calendars.TradingCalendar` after the calendars went to
    exchange_calendars: zipline.utils.events has a class `calendars`, with no
    TradingCalendar; `zipline.utils.events.calendars.TradingCalendar` is no fix, and the
    name is still gone. A home that has the rest is the fix."""
    files = {
        "pkg/__init__.py": "",
        "pkg/utils/__init__.py": "",
        "pkg/utils/events.py": "class calendars:\n    US = 'XNYS'\n\n\nclass rules:\n    class Weekly:\n        pass\n",
        "pkg/utils/other.py": "from pkg.utils.events import calendars\n",
        "docs/api.rst": "API\n===\n\nGiven :class:`~pkg.utils.calendars.TradingCalendar` and :class:`~pkg.utils.rules.Weekly`.\n",
    }
    found = {f.text: (f.confidence, f.replacement) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"}
    assert found == {"pkg.utils.calendars.TradingCalendar": ("medium", None), "pkg.utils.rules.Weekly": ("medium", "pkg.utils.events.rules.Weekly")}


def test_a_class_that_star_imports_bind_over_its_module_has_its_members_named(make_repo):
    """pyqtgraph's flowchart/__init__.py does `from .Flowchart import *`: the package's
    `Flowchart` is then the class, so `pyqtgraph.flowchart.Flowchart.setInput` and (bound
    through Flowchart.py's own star import) `pyqtgraph.flowchart.Node.ctrlWidget` name
    methods. A member neither class has is still missing; a name spelled nearly as one the
    package exports gets it as the fix (tensorly's CPRegression for CPRegressor)."""
    files = {
        "pkg/__init__.py": "",
        "pkg/flowchart/__init__.py": "from .Flowchart import *\n",
        "pkg/flowchart/Flowchart.py": "from .Node import *\n\n\nclass Flowchart(Node):\n    def setInput(self, **args):\n        pass\n",
        "pkg/flowchart/Node.py": "class Node:\n    def ctrlWidget(self):\n        pass\n",
        "pkg/regression/__init__.py": "from .cp import CPRegressor\n",
        "pkg/regression/cp.py": "class CPRegressor:\n    pass\n",
        "docs/flow.rst": (
            "Flow\n====\n\nCall :func:`pkg.flowchart.Flowchart.setInput`, then :func:`pkg.flowchart.Node.ctrlWidget`,"
            " not :func:`pkg.flowchart.Node.gone_method`. Fit :class:`pkg.regression.CPRegression`.\n"
        ),
    }
    found = {f.text: f.replacement for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"}
    assert found == {"pkg.flowchart.Node.gone_method": None, "pkg.regression.CPRegression": "pkg.regression.CPRegressor"}


def test_a_name_the_line_says_is_coming_is_a_note(make_repo):
    """matminer's "pre-trained models (:code:`matminer.models` - Coming soon!)": the page
    says the module is not out yet; a name on a line that says nothing of the kind is judged."""
    files = {
        "flow/__init__.py": "from .api import run\n",
        "flow/api.py": "def run():\n    pass\n",
        "docs/index.rst": "Index\n=====\n\n- pre-trained models (``flow.models`` - Coming soon!)\n- the runner (``flow.runner``)\n",
    }
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"}
    assert found == {"flow.models": "low", "flow.runner": "medium"}


def test_a_link_without_suffix_to_a_jupytext_notebook_script_reaches_its_page(make_repo):
    """nautilus_trader's `[Quickstart](quickstart)` beside quickstart.py written as a
    percent-format notebook (`# %% [markdown]`): the site publishes it as a page. A plain
    script of that name is no page, so a link to it without its suffix is still stale."""
    files = {
        "pkg/__init__.py": "",
        "docs/start/quickstart.py": "# %% [markdown]\n# # Quickstart\n\n# %%\nimport pkg\n",
        "docs/start/helper.py": "import pkg\n\nprint(pkg)\n",
        "docs/start/index.md": "# Start\n\nRun the [Quickstart](quickstart), then the [helper](helper).\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == ["helper"]


def test_a_doc_reference_to_a_percent_format_notebook_reaches_its_page(make_repo):
    """GPflow's index.rst: `:doc:`notebooks/advanced/GPLVM`` for GPLVM.pct.py, a jupytext
    percent-format notebook (some open with a coding line) that the docs build converts into
    a page. A plain `.pct.py`-less script is no page."""
    header = "# ---\n# jupyter:\n#   jupytext:\n#     formats: ipynb,.pct.py:percent\n# ---\n\n# %% [markdown]\n# # Title\n"
    files = {
        "doc/conf.py": "project = 'x'\nextensions = ['nbsphinx']\n",
        "doc/notebooks/GPLVM.pct.py": header,
        "doc/notebooks/multioutput.pct.py": "# -*- coding: utf-8 -*-\n" + header,
        "doc/notebooks/helper.py": "import os\n",
        "doc/index.rst": "Home\n====\n\nSee :doc:`notebooks/GPLVM`, :doc:`notebooks/multioutput` and :doc:`notebooks/helper`.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"]
    assert found == ["notebooks/helper"]


def test_code_in_an_issue_template_is_the_reporter_s_to_replace(make_repo):
    """zuko's .github/ISSUE_TEMPLATE/bug-report.md: `from zuko import component` then
    `y = component(x)  # bug happens`: a shape for the reporter's own code, a note at most.
    The same import in a guide is a name the package lacks; a dead link in the template is
    still dead."""
    code = "```python\nfrom zuko import component\n...\ny = component(x)  # bug happens\n```\n"
    files = {
        "zuko/__init__.py": "from .flows import Flow\n", "zuko/flows.py": "class Flow:\n    pass\n",
        ".github/ISSUE_TEMPLATE/bug-report.md": "---\nname: Bug report\n---\n\n## Reproduce\n\n" + code + "\nRead [the guide](../../docs/gone.md) first.\n",
        "docs/guide.md": "# Guide\n\n" + code,
    }
    found = sorted((f.path, f.rule, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [
        (".github/ISSUE_TEMPLATE/bug-report.md", "DRIFT001", "low"),  # (a template's links: where its copy goes)
        (".github/ISSUE_TEMPLATE/bug-report.md", "DRIFT005", "low"),
        ("docs/guide.md", "DRIFT005", "high"),
    ]


def test_a_folder_holding_a_package_as_its_registry_publishes_it_is_another_project_s_copy(make_repo):
    """nautilus_trader's patches/pyo3-stub-gen/: a crate with the Cargo.toml cargo writes when
    it publishes one, and the crate's README naming the crate's own examples/. An sdist's
    PKG-INFO says the same of a Python package. A crate of the workspace, with the Cargo.toml
    its authors wrote, is this repository's own."""
    published = "# THIS FILE IS AUTOMATICALLY GENERATED BY CARGO\n#\n# When uploading crates...\n\n[package]\nedition = \"2021\"\nname = \"stub-gen\"\nversion = \"0.20.0\"\n"
    files = {
        "Cargo.toml": "[workspace]\nmembers = [\"crates/core\"]\n\n[patch.crates-io]\nstub-gen = { path = \"patches/stub-gen\" }\n",
        "crates/core/Cargo.toml": "[package]\nname = \"core\"\nversion = \"0.1.0\"\n",
        "crates/core/src/lib.rs": "pub fn run() {}\n",
        "crates/core/README.md": "# core\n\nSee [the examples](./examples/).\n",
        "patches/stub-gen/Cargo.toml": published,
        "patches/stub-gen/src/lib.rs": "pub fn generate() {}\n",
        "patches/stub-gen/README.md": "# stub-gen\n\nSee [the examples](./examples/pure/).\n",
        "vendor_py/oldlib/PKG-INFO": "Metadata-Version: 2.1\nName: oldlib\nVersion: 1.0\n",
        "vendor_py/oldlib/setup.py": "from setuptools import setup\nsetup()\n",
        "vendor_py/oldlib/README.md": "# oldlib\n\nSee [the docs](docs/index.md).\n",
        "pkg.egg-info/PKG-INFO": "Metadata-Version: 2.1\nName: pkg\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert sorted(f.path for f in result.findings) == ["crates/core/README.md"]
    assert any("stub-gen" in n for n in result.notes["patches/stub-gen/"])
    assert any("oldlib" in n for n in result.notes["vendor_py/oldlib/"])


def test_a_name_a_compiled_module_s_stub_lacks_is_a_note(make_repo):
    """nautilus_trader's `nautilus_pyo3.CoinbaseDataClientConfig`: the Rust extension exports
    it, while `nautilus_pyo3.pyi`, the only Python the tree has of that module, does not list
    it. A stub may lag its binary: a note. A name a Python module lacks is judged as before."""
    files = {
        "trader/__init__.py": "",
        "trader/core/__init__.py": "",
        "trader/core/native.pyi": "class BitmexConfig: ...\n",
        "trader/core/plain.py": "class Plain:\n    pass\n",
        "docs/coinbase.md": "# Coinbase\n\n```python\nfrom trader.core.native import CoinbaseConfig\nfrom trader.core.plain import Gone\n```\n",
    }
    found = {f.text: f.confidence for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"}
    assert found == {"trader.core.native.CoinbaseConfig": "low", "trader.core.plain.Gone": "high"}


def test_a_file_in_a_committed_build_is_no_fix_for_a_link(make_repo):
    """lumibot's docsrc keeps a committed `_build/html/`: a stale link to
    `../docs/x/page.html` is stale, and the page of that name in the build is no fix to
    write. The same name in a source folder is still offered."""
    files = {
        "docsrc/conf.py": "project = 'x'\n",
        "docsrc/index.rst": "Index\n=====\n\nSee `marker <../docs/chart/add_marker.html>`_ and `lines <../docs/chart/add_line.rst>`_.\n",
        "docsrc/_build/html/chart/add_marker.html": "<html></html>\n",
        "docsrc/chart/add_line.rst": "Lines\n=====\n",
    }
    found = {f.text: f.replacement for f in audit(make_repo(files, removed=('docs/chart/add_marker.rst',)).root, blame=False).findings}
    assert found == {"../docs/chart/add_marker.html": None, "../docs/chart/add_line.rst": "chart/add_line.rst"}


def test_an_env_var_read_by_test_fixture_code_is_read(make_repo):
    """indico's testing/fixtures/database_docker.py reads `INDICO_TEST_USE_DOCKER`, which
    the development guide names: fixture code is code, though a fixtures/ page is a test's
    input (not audited). A variable nothing reads is still reported."""
    files = {
        "app/__init__.py": "import os\n\nHOME = os.environ.get('APP_HOME')\n",
        "app/testing/fixtures/database.py": "import os\n\n\ndef db():\n    return os.environ.get('APP_TEST_USE_DOCKER')\n",
        "app/testing/fixtures/README.md": "# Data\n\nSee [gone](gone.md).\n",
        "docs/dev.md": "# Tests\n\n```bash\nexport APP_TEST_USE_DOCKER=1\nexport APP_TEST_GONE=1\npytest\n```\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/dev.md", "APP_TEST_GONE")]


def test_a_container_image_and_a_file_the_reader_edits_are_notes(make_repo):
    """awx: "you will have a `ansible/awx_devel` image" names an image; kedro-viz: "Add the
    following to `src/spaceflights/pipelines/reporting/nodes.py`:" and "Update `...` to
    replace the existing code with the following:" name files of the reader's project. A
    path the page merely names is still judged."""
    files = {
        "tools/build.sh": "echo build\n",
        "ansible/site.yml": "- hosts: all\n",
        "src/app/__init__.py": "",
        "src/app/nodes.py": "def run():\n    pass\n",
        "docs/guide.md": (
            "# Guide\n\nOnce the build completes, you will have a `ansible/awx_devel` image in your cache.\n\n"
            "Add the following to `src/spaceflights/pipelines/reporting/nodes.py`:\n\n"
            "Update `src/spaceflights/pipelines/reporting/pipeline.py` to replace the existing code with the following:\n\n"
            "The build lives in `tools/gone_build.sh`.\n"
        ),
    }
    found = {f.text: f.confidence for f in audit(make_repo(files, removed=('tools/gone_build.sh',)).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"}
    assert found == {
        "ansible/awx_devel": "low",
        "src/spaceflights/pipelines/reporting/nodes.py": "low",
        "src/spaceflights/pipelines/reporting/pipeline.py": "low",
        "tools/gone_build.sh": "high",
    }


def test_a_prose_flag_the_code_names_only_in_a_docstring_is_what_the_code_describes(make_repo):
    """MultiQC's module pages, written from each module's docstring: "the command line
    option `--new-summary` has been specified" is HISAT2's option, which hisat2.py's
    docstring explains too. A flag neither the code nor its docstrings name is still
    judged; so are placeholder paths (`pkg/modules/toolname/`) kept out."""
    module = '"""HISAT2: the module parses logs written with `--new-summary`."""\n\n\ndef parse(text):\n    return text\n'
    cli = "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n    p.add_argument('--outdir')\n    p.parse_args()\n"
    files = {
        "pkg/__init__.py": "", "pkg/cli.py": cli, "pkg/modules/__init__.py": "", "pkg/modules/hisat2/__init__.py": "", "pkg/modules/hisat2/hisat2.py": module,
        "pyproject.toml": '[project]\nname = "pkg"\n[project.scripts]\npkg = "pkg.cli:main"\n',
        "docs/modules/hisat2.md": "# HISAT2\n\nThe module reads logs where the option `--new-summary` was given; `--old-summary` too.\n\nAdd a module under `pkg/modules/toolname/`.\n",
    }
    builder = make_repo({**files, "pkg/cli.py": cli.replace("'--outdir'", "'--old-summary'")})
    builder.commit({"pkg/cli.py": cli}, "drop --old-summary")
    found = {f.text: f.confidence for f in audit(builder.root, blame=False, config_file=LOW).findings}
    assert found == {"--new-summary": "low", "--old-summary": "medium"}


def test_a_minus_sign_in_a_formula_is_no_look_alike_but_a_dash_before_an_option_is(make_repo):
    """scalene's formal/README.md: `(unfreed−frees+1)/(unfreed+2)` and "free `−count`" on a
    line that says `Σmalloc − Σfree` are arithmetic (U+2212, the minus sign). The same
    sign or an en dash before an option's name in a span is a pasted look-alike."""
    files = {
        "docs/formal.md": (
            "# Formal\n\n| rule | meaning |\n|---|---|\n| `leak` | matches `(unfreed\u2212frees+1)/(unfreed+2)`. |\n"
            "| `fp` | malloc `+count` / free `\u2212count`; `after = before + (\u03a3malloc \u2212 \u03a3free)` |\n\n"
            "Run it with `\u2212\u2212cli` or `\u2013\u2013memory`.\n"
        ),
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT010"]
    assert found == ["\u2212\u2212cli", "\u2013\u2013memory"]


def test_a_script_name_a_wrapper_completes_with_py_is_no_missing_path(make_repo):
    """pywikibot's `python pwb.py tests/api_tests -v`: its wrapper adds `.py` to the script
    name it is given (`if not fname.endswith('.py'): fname += '.py'`). Without such code,
    a positional without its suffix is a path to judge; a name no `.py` has stays stale."""
    wrapper = "import sys\n\n\ndef main():\n    fname = sys.argv[1]\n    if not fname.endswith('.py'):\n        fname += '.py'\n    exec(open(fname).read())\n"
    files = {
        "pwb.py": "from wiki.wrapper import main\n\nmain()\n",
        "wiki/__init__.py": "", "wiki/wrapper.py": wrapper,
        "tests/api_tests.py": "def test_x():\n    pass\n",
        "tests/README.rst": "Tests\n=====\n\n::\n\n    python pwb.py tests/api_tests -v\n    python pwb.py tests/gone_tests -v\n",
    }
    builder = make_repo(files)
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["tests/gone_tests"]
    builder.commit({"wiki/wrapper.py": wrapper.replace("    if not fname.endswith('.py'):\n        fname += '.py'\n", "")}, "no completion")
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["tests/api_tests", "tests/gone_tests"]


def test_a_logger_name_the_code_makes_is_no_missing_symbol(make_repo):
    """pyocd's trace loggers: `LOG = logging.getLogger(__name__)` then
    `TRACE = LOG.getChild("trace")` makes the logger `pyocd.coresight.ap.trace`, which a
    logging page lists; so do `getLogger(__name__ + ".wire")` and a literal
    `getLogger("pkg.audit")`'s children. A module that makes no such logger is judged."""
    files = {
        "pkg/__init__.py": "",
        "pkg/probe.py": "import logging\n\nLOG = logging.getLogger(__name__)\nTRACE = LOG.getChild('trace')\n",
        "pkg/flash.py": "import logging\n\nWIRE = logging.getLogger(__name__ + '.wire')\n",
        "pkg/audit.py": "import logging\n\nLOG = logging.getLogger('pkg.audit_log')\nEVENTS = LOG.getChild(\"events\")\n",
        "pkg/plain.py": "X = 1\n",
        "docs/logging.md": (
            "# Logging\n\n| Logger | Output |\n|---|---|\n| `pkg.probe.trace` | probe calls |\n| `pkg.flash.wire` | bytes |\n"
            "| `pkg.audit_log.events` | audit events |\n| `pkg.plain.trace` | nothing makes it |\n"
        ),
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT005"]
    assert found == ["pkg.plain.trace"]


def test_a_gitignore_pattern_that_covers_a_tracked_folder_does_not_excuse_a_file_missing_there(make_repo):
    """AReaL's .gitignore has `env/` (a virtualenv's name), which also matches its tracked
    examples/env/: `bash examples/env/setup-pip-deps.sh`, deleted by a commit, is stale.
    A build folder the pattern keeps out, and a log it ignores by suffix, are still local."""
    doc = (
        "# Setup\n\n```bash\nbash examples/env/setup-pip-deps.sh\npython examples/env/validate.py > logs/run.log\n```\n\n"
        "See `docs/_build/html/index.html` and `logs/run.log`, and `docs/api/generated.md`.\n"
    )
    # A pattern written for its place (`/docs/api/`, a build's output beside tracked pages) still holds.
    files = {".gitignore": "env/\n_build/\n*.log\n/docs/api/\n", "examples/env/validate.py": "print(1)\n", "docs/index.md": "# Home\n", "docs/api/index.md": "# API\n", "CONTRIBUTING.md": doc}
    builder = make_repo(files, removed=("examples/env/setup-pip-deps.sh",))
    found = [(f.line, f.text) for f in audit(builder.root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001"]
    assert found == [(4, "examples/env/setup-pip-deps.sh")]


def test_a_small_table_documents_the_script_the_prose_above_it_names(make_repo):
    """bindsnet's examples/README.md: "```reservoir.py```: **Training MNIST ...**", then a
    one-row table `--n_neurons | 500`. reservoir.py defaults it to 500; the page's other
    tables, for baseline.py, make baseline.py (100) the page's home, which is no answer
    for a table the prose ties to another script."""
    def script(n_neurons):
        return f"import argparse\np = argparse.ArgumentParser()\np.add_argument('--n_neurons', type=int, default={n_neurons})\np.add_argument('--seed', type=int, default=0)\np.add_argument('--time', type=int, default=250)\nif __name__ == '__main__':\n    p.parse_args()\n"
    page = (
        "# Examples\n\n```baseline.py```: plays at random.\n\n|parameter|default|description\n|-|:-:|-|\n"
        "|--n_neurons|100|neurons\n|--seed|0|seed\n|--time|250|time\n\n"
        "```reservoir.py```: **Training MNIST with a reservoir.**\n\n|parameter|default|description\n|-|:-:|-|\n|--n_neurons|{n}|neurons\n"
    )
    files = {"examples/breakout/baseline.py": script(100), "examples/mnist/reservoir.py": script(500)}
    assert audit(make_repo({**files, "examples/README.md": page.format(n=500)}).root, blame=False).findings == []
    found = [(f.line, f.message) for f in audit(make_repo({**files, "examples/README.md": page.format(n=400)}).root, blame=False).findings]
    assert found == [(15, "default of --n_neurons is 500 in the code, the doc says 400")]


def test_a_dotted_name_where_files_are_placed_is_a_folder_not_a_symbol(make_repo):
    """nengo's contributing.rst: "Plots are placed in ``nengo.simulator.plots`` in whatever
    directory pytest is invoked from": a folder's name. "Call ``nengo.simulator.plot``" is
    a function the module does not have."""
    page = "Testing\n=======\n\nPlots are placed in ``nengo.simulator.plots`` in whatever directory\npytest is invoked from. Call ``nengo.simulator.plot`` to see one.\n"
    files = {"nengo/__init__.py": "", "nengo/simulator.py": "class Simulator:\n    pass\n", "docs/contributing.rst": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["nengo.simulator.plot"]


def test_a_table_under_a_heading_that_names_a_method_lists_its_parameters_not_flags(make_repo):
    """sense2vec's README: "#### method `Sense2Vec.most_similar`", then a row `batch_size`
    "Defaults to `16`": the method's parameter, not the `--batch-size` (1024) of the cache
    script. Under a heading that names no callable, after prose that names the script, the
    row is the flag's."""
    script = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--batch-size', type=int, default=1024)\nif __name__ == '__main__':\n    p.parse_args()\n"
    model = "class Sense2Vec:\n    def most_similar(self, keys, n=10, batch_size=16):\n        return []\n"
    table = "| Argument | Type | Description |\n| --- | --- | --- |\n| `keys` | str | The keys. |\n| `batch_size` | int | The batch size to use. Defaults to `16`. |\n"
    files = {"scripts/precompute.py": script, "s2v/__init__.py": "", "s2v/model.py": model}
    readme = "# s2v\n\n#### method `Sense2Vec.most_similar`\n\nThe nearest keys.\n\n" + table
    assert audit(make_repo({**files, "README.md": readme}).root, blame=False).findings == []
    readme = "# s2v\n\n## Caching\n\nThe cache script, `scripts/precompute.py`.\n\n" + table
    assert [f.message for f in audit(make_repo({**files, "README.md": readme}).root, blame=False).findings] == ["default of --batch-size is 1024 in the code, the doc says 16"]


def test_routes_listed_under_a_server_s_endpoints_are_not_paths(make_repo):
    """mito-sql-cell's README: "On the server side, we define 2 endpoints:" then
    "- `mito-sql-cell/databases`; defined in `DatabasesHandler`": a route of its server.
    The same name in another list is a folder the tree lacks."""
    def page(lead):
        return f"# SQL cell\n\n{lead}\n\n- `sqlcell/databases`; defined in `DatabasesHandler`\n"
    files = {"sqlcell/__init__.py": "", "sqlcell/handlers.py": "class DatabasesHandler:\n    pass\n"}
    found = audit(make_repo({**files, "README.md": page("On the server side, we define 2 endpoints:")}).root, blame=False, config_file=LOW).findings
    assert [(f.text, f.confidence) for f in found] == [("sqlcell/databases", "low")]
    found = audit(make_repo({**files, "README.md": page("The data lives in:")}).root, blame=False, config_file=LOW).findings
    assert [(f.text, f.confidence) for f in found] == [("sqlcell/databases", "medium")]


def test_paths_listed_under_what_a_run_will_create_are_notes(make_repo):
    """tabular-dl-tabr: "Once the run is finished, the following directories should
    appear:" and a list of `exp/mlp/california/0-reproduce-tuning` and its siblings: what
    the run writes, not files of the tree. The same list under another lead is judged."""
    def page(lead):
        return f"# Reproduce\n\nRun `python bin/go.py exp/mlp/california/0-tuning.toml`.\n\n{lead}\n\n- `exp/mlp/california/0-reproduce-tuning`\n- `exp/mlp/california/0-reproduce-evaluation`\n"
    files = {"bin/go.py": "print(1)\n", "exp/mlp/california/0-tuning.toml": "x = 1\n"}
    assert audit(make_repo({**files, "README.md": page("Once the run is finished, the following directories should appear:")}).root, blame=False).findings == []
    found = audit(make_repo({**files, "README.md": page("The results are kept in:")}).root, blame=False, config_file=LOW).findings
    assert sorted(f.text for f in found) == ["exp/mlp/california/0-reproduce-evaluation", "exp/mlp/california/0-reproduce-tuning"]


def test_a_command_on_a_page_of_a_folders_docs_runs_from_that_folder(make_repo):
    """DistServe's evaluation/docs/repro-dataset.md (moved from distserve/evaluation/docs/
    with the scripts): `python3 2-benchmark-serving/0-prepare-dataset.py` is
    evaluation/2-benchmark-serving/0-prepare-dataset.py, as it always was: the page
    documents evaluation/, and its commands run there. A path gone from there is stale."""
    page = "# Datasets\n\n```bash\npython3 2-benchmark-serving/0-prepare-dataset.py --dataset sharegpt\npython3 2-benchmark-serving/9-gone.py\n```\n"
    builder = make_repo({"distserve/evaluation/2-benchmark-serving/0-prepare-dataset.py": "print(1)\n", "distserve/evaluation/2-benchmark-serving/9-gone.py": "print(9)\n",
                         "distserve/evaluation/docs/repro-dataset.md": page, "distserve/__init__.py": ""})
    builder.repo.git.rm("distserve/evaluation/2-benchmark-serving/9-gone.py")
    (builder.root / "evaluation").mkdir()
    builder.repo.git.mv("distserve/evaluation/2-benchmark-serving", "evaluation/2-benchmark-serving")
    builder.repo.git.mv("distserve/evaluation/docs", "evaluation/docs")
    builder.repo.index.commit("Move evaluation to the top level")
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["2-benchmark-serving/9-gone.py"]


def test_names_a_page_says_are_past_or_to_be_added_and_a_namesake_class_member(make_repo):
    """gala: "``GALA_EXP_LIB_PATH`` was used in past Gala versions but not anymore": the
    page records the name's end. galpy's contributing notes: "Add API documentation page
    in `doc/source/reference/potentialnew.rst`": the reader's page to write. Its index names
    `galpy.actionAngle.EccZmaxRperiRap`: a method of the class actionAngle that the package
    actionAngle holds. Notes, or nothing; `GALPY_GONE` and `galpy.actionAngle.Gone` are judged."""
    exp = "EXP\n===\n\n``GALPY_EXP_LIB_PATH`` was used in past Gala versions but not anymore.\n\nSet ``GALPY_GONE``.\n"
    guide = "# Adding a potential\n\n1. Add API documentation page in `doc/source/reference/potentialnew.rst` (2-line file)\n"
    index = "galpy\n=====\n\n* ``galpy.actionAngle.EccZmaxRperiRap``: fast orbital parameters.\n* ``galpy.actionAngle.Gone``: nothing.\n"
    action = "import os\n\nX = os.environ.get('GALPY_EXP_PATH')\nY = os.environ.get('GALPY_NPROC')\nZ = os.environ.get('GALPY_CACHE')\n\n\nclass actionAngle:\n    def EccZmaxRperiRap(self):\n        return 0\n"
    files = {
        "galpy/__init__.py": "", "galpy/actionAngle/__init__.py": "from . import actionAngle\n\nactionAngle = actionAngle.actionAngle\n",
        "galpy/actionAngle/actionAngle.py": action, "doc/source/reference/potential.rst": "Potential\n=========\n",
        "docs/exp.rst": exp, "CONTRIBUTING.md": guide, "doc/source/index.rst": index,
    }
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [("GALPY_EXP_LIB_PATH", "low"), ("GALPY_GONE", "medium"), ("doc/source/reference/potentialnew.rst", "low"), ("galpy.actionAngle.Gone", "medium")]


def test_an_env_name_built_from_a_constant_prefix_and_a_key_list_of_the_block_above(make_repo):
    """cobaya: `os.environ.get(code_prefix + "_" + key_name)` with `code_prefix = "COBAYA"`
    reads COBAYA_* names built at run time: `COBAYA_job_template` is one. Its MCMC page
    shows a `params` block with `a`, `b` and `c`, then a list of `a`, `b`, `c`: the block's
    own keys, though the repository's configs have only a and b; the list's `d` is still
    judged. (Any COBAYA_ name may be one the code builds, `COBAYA_GONE` too.)"""
    jobqueue = "import os\n\ncode_prefix = 'COBAYA'\n\n\ndef get_defaulted(key_name):\n    return os.environ.get(code_prefix + '_' + key_name)\n\n\nX = os.environ.get('COBAYA_NOMPI')\n"
    yaml_block = "params:\n  a:\n    ref: 1\n  b:\n    ref: 2\n  c:\n    ref: 3\n"
    page = (
        "MCMC\n====\n\nSet ``COBAYA_job_template`` or ``COBAYA_GONE``.\n\n.. code-block:: yaml\n\n" + "".join("   " + line + "\n" for line in yaml_block.splitlines())
        + "\n+ ``a`` -- uniform.\n+ ``b`` -- fixed.\n+ ``c`` -- gaussian.\n+ ``d`` -- none.\n"
    )
    files = {"cobaya/__init__.py": "", "cobaya/jobqueue.py": jobqueue, "cobaya/defaults.yaml": "params:\n  a:\n    ref: 0\n  b:\n    ref: 0\n", "docs/mcmc.rst": page}
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["d"]


def test_a_link_written_from_the_repository_root_says_so_and_offers_the_page_relative_path(make_repo):
    """sumy: docs/how-to-add-new-language.md links `docs/index.md#Tokenizer`; from docs/ it
    is docs/docs/index.md. The evidence says the path was written from the root, not that a
    file "of that name" is at the very path the doc wrote."""
    files = {"docs/index.md": "# Sumy\n\n## Tokenizer\n", "docs/how-to.md": "# How to\n\nYou need a [tokenizer](docs/index.md#Tokenizer).\n"}
    [found] = audit(make_repo(files).root, blame=False).findings
    assert (found.path, found.text, found.replacement) == ("docs/how-to.md", "docs/index.md", "index.md")
    assert "written from the repository root" in found.evidence and "docs/docs/index.md" in found.evidence


def test_a_file_every_folder_has_is_known_by_its_folder_not_offered_from_another(make_repo):
    """uxarray: docs/user_api/index.rst went in a doc cleanup; docs/index.rst is the site's
    front page, no fix for it. A README that moved with its folder is still offered."""
    files = {
        "docs/index.rst": "Front\n=====\n", "docs/api.rst": "API\n===\n",
        "docs/guide/tools/README.md": "# Tools\n",
        "docs/contributing.rst": "Contributing\n============\n\nThe index file ``docs/user_api/index.rst`` builds the API page.\nSee ``docs/tools/README.md`` for the tools.\n",
    }
    found = sorted((f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings)
    assert found == [("docs/tools/README.md", "docs/guide/tools/README.md"), ("docs/user_api/index.rst", None)]


def test_an_rst_doc_role_spelled_in_a_myst_page_names_a_page_without_its_suffix(make_repo):
    """tiled: a MyST page writes :doc:`../explanations/metadata` as RST would; the page is
    explanations/metadata.md. A page that is not there is still stale."""
    files = {
        "docs/source/conf.py": "extensions = ['myst_parser']\n",
        "docs/source/explanations/metadata.md": "# Metadata\n",
        "docs/source/guide/read.md": "# Read\n\nSee :doc:`../explanations/metadata` and :doc:`../explanations/specs`.\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/source/guide/read.md", "../explanations/specs")]


def test_a_myst_link_to_a_python_name_with_an_underscore_an_exported_alias_or_a_stdlib_module_is_a_reference(make_repo):
    """ophyd-async: `[](#init_devices)`, `[](#LazyMock)` (an alias, `LazyMock = DeviceMock`)
    and `[](#asyncio)` on MyST pages of a Sphinx site with intersphinx: MyST falls back to
    any reference target, so these are no broken anchors. A lower-case word with no
    underscore may be a heading's slug, and a name the code lacks is still checked."""
    files = {
        "docs/conf.py": "extensions = ['myst_parser', 'sphinx.ext.intersphinx']\nintersphinx_mapping = {'python': ('https://docs.python.org/3', None)}\n",
        "src/pkg/__init__.py": "from ._device import DeviceMock, LazyMock, init_devices, connect\n",
        "src/pkg/_device.py": "class DeviceMock:\n    pass\n\n\nLazyMock = DeviceMock\n\n\ndef init_devices():\n    pass\n\n\ndef connect():\n    pass\n",
        "docs/guide.md": "# Guide\n\nUse [](#init_devices) with a [](#LazyMock), built on [](#asyncio).\nSee [](#connect), [](#init_motors) and [](#GoneMock).\n",
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == ["#GoneMock", "#connect", "#init_motors"]


def test_a_folder_copied_from_another_project_whose_links_out_of_it_never_existed_is_a_note(make_repo):
    """pystac: tests/data-files/examples/1.1.0/README.md is the STAC spec's examples README,
    copied with its JSON. Its links inside the folder resolve; the six that climb out
    (`../best-practices.md`, `../extensions/`) name the spec's pages, never this
    repository's. A page with two such links keeps them."""
    inside = ("simple-item.json", "core-item.json", "extended-item.json", "catalog.json", "collection.json", "collectionless-item.json", "item-assets.json")
    copied = "# Examples\n\n" + "".join(f"- [{name}]({name})\n" for name in inside) + "".join(
        f"- See [{name}](../{name})\n" for name in ("best-practices.md", "item-spec/item-spec.md", "collection-spec/collection-spec.md", "commons/common-metadata.md", "extensions/", "catalog-spec/catalog-spec.md")
    )
    files = {
        "pkg/__init__.py": "", "pkg/extensions/__init__.py": "",
        **{f"tests/data-files/examples/1.1.0/{name}": "{}\n" for name in inside},
        "tests/data-files/examples/1.1.0/README.md": copied,
        "docs/guide.md": "# Guide\n\nSee [a](../gone-a.md) and [b](../gone-b.md).\n",
    }
    found = audit(make_repo(files).root, config_file=LOW).findings
    levels = sorted({(f.path, f.confidence) for f in found})
    assert levels == [("docs/guide.md", "high"), ("tests/data-files/examples/1.1.0/README.md", "low")]
    assert len([f for f in found if f.path.startswith("tests/")]) == 6


def test_what_a_doctest_session_prints_is_output_not_a_call(make_repo):
    """delta-rs: `>>> dt.metadata()` prints `Metadata(id: ..., configuration={})`, a repr,
    not a call with the keyword `configuration`. A call at a prompt is still checked."""
    files = {
        "pkg/__init__.py": "from dataclasses import dataclass\n\n\n@dataclass\nclass Metadata:\n    id: int = 0\n    name: str = ''\n",
        "docs/usage.md": "# Usage\n\n```python\nfrom pkg import Metadata\n```\n\n```python\n>>> Metadata(id=1)\nMetadata(id: 1, name: None, configuration={})\n>>> Metadata(\n...     title='x')\n```\n",
    }
    found = [(f.line, f.column, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(11, 9, "title")]


def test_pages_a_makefile_copies_with_a_wildcard_link_from_where_they_land(make_repo):
    """firedrake: docs/Makefile runs `cp ../demos/*/*.rst source/demos`, so
    demos/helmholtz/helmholtz.py.rst is built at docs/source/demos/ and its
    :doc:`../solving-interface` is docs/source/solving-interface.rst. A page the copy does
    not take is read from where it is."""
    files = {
        "docs/Makefile": "copy_demos:\n\tinstall -d source/demos\n\tcp ../demos/*/*.rst source/demos\n",
        "docs/source/conf.py": "extensions = []\n",
        "docs/source/index.rst": "Index\n=====\n",
        "docs/source/solving-interface.rst": "Solving\n=======\n",
        "demos/helmholtz/helmholtz.py.rst": "Helmholtz\n=========\n\nSee :doc:`solving PDEs <../solving-interface>`.\n",
        "demos/helmholtz/notes/extra.rst": "Extra\n=====\n\nSee :doc:`solving PDEs <../solving-interface>`.\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == [("demos/helmholtz/notes/extra.rst", "../solving-interface")]


def test_a_data_file_committed_as_a_content_link_is_there_once_fetched(make_repo):
    """SimpleITK: `Testing/Data/Baseline/x.nrrd` is committed as x.nrrd.sha512, which CMake's
    ExternalData downloads at build time. A data file with no content link is still missing."""
    files = {
        "Testing/Data/Baseline/Filter_NoMask.nrrd.sha512": "ab12\n",
        "docs/data.md": "# Data\n\nExample: `Testing/Data/Baseline/Filter_NoMask.nrrd`, or `Testing/Data/Baseline/Filter_Mask.nrrd`.\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == ["Testing/Data/Baseline/Filter_Mask.nrrd"]


STPIPE_STEP = '''\
from stpipe import Step


class BackgroundStep(Step):
    """Subtract the background."""

    spec = """
        bkg_list = force_list(default=None)  # background files
        sigma = float(default=3.0)  # clipping threshold
        soss_estimate = input_file(default=None)  # a validator stpipe adds
        save_combined_background = boolean(default=False)
    """

    def process(self, data):
        return data


class Note:
    doc = """
    total = compute(a, b)
    """
'''


def test_options_a_step_declares_in_a_configobj_spec_are_defined(make_repo):
    """jwst and romancal: each stpipe step lists its parameters in a configobj `spec`
    string; `strun` takes each as `--name`, and the "Step Arguments" pages document them
    (66 of jwst's 68 prose flag findings). A name no spec lists is still unknown, and a
    string that is not a spec (`total = compute(a, b)`) declares nothing."""
    page = (
        "Step Arguments\n==============\n\n``--sigma`` (float, default=3.0)\n  Clipping.\n\n``--soss_estimate`` (string)\n  An estimate.\n\n"
        "``--save_combined_background`` (boolean)\n  Save it.\n\n``--maxiters`` (integer)\n  Iterations.\n\n``--total`` (int)\n  Not an option.\n"
    )
    script = "import argparse\n\nparser = argparse.ArgumentParser()\nparser.add_argument('--input')\nparser.parse_args()\n"
    files = {"pkg/__init__.py": "", "pkg/background.py": STPIPE_STEP, "pkg/scripts/run.py": script, "docs/background/arguments.rst": page}
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT002")
    assert found == ["--maxiters", "--total"]


def test_a_translation_whose_links_resolve_from_the_page_it_translates_is_a_note(make_repo):
    """ginga: ginga/locale/de/docs/plugins/Compose.rst translates
    doc/manual/plugins_local/compose.rst, and its `figures/compose-rgb.png` is the
    original's, copied with the text (196 false highs). A link that resolves from neither
    stays."""
    page = "Compose\n=======\n\n.. figure:: figures/{}.png\n   :width: 800px\n"
    files = {
        "doc/manual/plugins_local/compose.rst": page.format("compose-rgb"),
        "doc/manual/plugins_local/figures/compose-rgb.png": "png",
        "ginga/__init__.py": "",
        "ginga/locale/de/docs/plugins/Compose.rst": page.format("compose-rgb") + "\n.. figure:: figures/gone.png\n",
    }
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [("figures/compose-rgb.png", "low"), ("figures/gone.png", "high")]


def test_numbered_proposals_of_any_kind_are_set_aside(make_repo):
    """gammapy's docs/development/pigs/pig-001.rst (Proposals for Improvement of Gammapy):
    a proposal names the API it proposes or replaces, as PEPs do (42 findings)."""
    proposal = "PIG 1\n=====\n\nUse ``pkg.spectrum.SpectrumFit`` from ``pkg/spectrum/fit.py``.\n"
    files = {"pkg/__init__.py": "", "docs/development/pigs/pig-001.rst": proposal, "docs/guide.rst": proposal.replace("PIG 1\n=====", "Guide\n=====")}
    result = audit(make_repo(files).root, blame=False)
    assert sorted({f.path for f in result.findings}) == ["docs/guide.rst"]


def test_a_script_that_hands_argv_to_a_package_s_command_line_runner_takes_that_package_s_options(make_repo):
    """jwql: website/manage.py hands sys.argv to Django's execute_from_command_line, so
    `manage.py migrate jwql --database=monitors` is Django's option. The repository's own
    argparse script is still judged."""
    manage = "import sys\n\nfrom django.core.management import execute_from_command_line\n\nfrom proj.settings import ServerArgs\n\n\ndef main():\n    execute_from_command_line(sys.argv)\n"
    settings = "from dataclasses import dataclass\n\n\n@dataclass\nclass ServerArgs:\n    port: int = 0\n"
    tool = "import argparse\n\nparser = argparse.ArgumentParser()\nparser.add_argument('--input')\nparser.parse_args()\n"
    pyproject = '[project]\nname = "proj"\n[project.scripts]\nproj-admin = "proj.manage:main"\n'
    files = {
        "pyproject.toml": pyproject, "proj/__init__.py": "", "proj/settings.py": settings, "proj/manage.py": manage, "tools/load.py": tool,
        "docs/deploy.md": "# Deploy\n\n```bash\nproj-admin migrate proj --database monitors\npython tools/load.py --inputs x\n```\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("docs/deploy.md", "--inputs")]


def test_a_migration_page_and_a_release_number_to_fill_in_are_not_stale(make_repo):
    """hoomd-blue's sphinx-doc/migrating.rst lists the API each release removed (25
    findings); ProDy's release guide says to write `docs/release/vX.Y_series.rst`. A
    release page that is not there by its number is still missing."""
    files = {
        "pkg/__init__.py": "",
        "docs/migrating.rst": "Migrating\n=========\n\n* ``pkg.methods.NVE``: use ``pkg.methods.ConstantVolume``.\n",
        "docs/release/v2.6_series.rst": "2.6\n===\n",
        "docs/devel/release.rst": "Release\n=======\n\nAdd ``docs/release/vX.Y_series.rst`` and link ``docs/release/v2.5_series.rst``.\n",
    }
    found = sorted((f.path, f.text) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [("docs/devel/release.rst", "docs/release/v2.5_series.rst")]


def test_a_folder_named_for_a_release_with_its_own_license_is_that_release_s_copy(make_repo):
    """Riskfolio-Lib keeps Spectra under lib/spectra-1.0.1/ with its MPL LICENSE, which
    names no holder: its pages link Spectra's own layout (`include/contrib/...`). A folder
    of the repository's own with a version in its name but no LICENSE is still audited."""
    files = {
        "LICENSE": "Copyright (c) 2020-2026, Dany Cajas\nAll rights reserved.\n",
        "pkg/__init__.py": "",
        "lib/spectra-1.0.1/LICENSE": "Mozilla Public License Version 2.0\n",
        "lib/spectra-1.0.1/include/Spectra/contrib/LOBPCGSolver.h": "// solver\n",
        "lib/spectra-1.0.1/AUTHORS.md": "# Authors\n\nSee `include/contrib/LOBPCGSolver.h` and [the guide](guide.md).\n",
        "tools/exporter-2.0/README.md": "# Exporter\n\nSee [the guide](guide.md).\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert [f.path for f in result.findings] == ["tools/exporter-2.0/README.md"]


def test_an_rst_page_link_said_to_be_coming_soon_is_a_note(make_repo):
    """pyiron: "frequently encountered issues (coming soon) :doc:`installation_errors`": the
    page is announced, not lost. A page link with no such words is still broken."""
    page = "Install\n=======\n\nSee the issues (coming soon) :doc:`installation_errors`.\n\nSee :doc:`installation_gone`.\n"
    files = {"docs/conf.py": "extensions = []\n", "docs/index.rst": "Index\n=====\n", "docs/install.rst": page}
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [("installation_errors", "low"), ("installation_gone", "high")]


def test_a_badge_linking_to_no_section_is_a_note(make_repo):
    """pandas-ta's README: `[![Stars](https://img.shields.io/...)](#stars)` and five more
    badges link sections the page never had; decoration, not drift. A text link to a
    missing section, and a badge whose section was renamed (#issues for "Issues and
    Contributions"), stay."""
    readme = (
        "# Lib\n\n[![Stars](https://img.shields.io/github/stars/o/r)](#stars) "
        "[![Issues](https://img.shields.io/github/issues/o/r)](#issues)\n\n"
        "See [the metrics](#performance-metrics).\n\n## Issues and Contributions\n\nWelcome.\n"
    )
    found = sorted((f.text, f.confidence) for f in audit(make_repo({"README.md": readme}).root, blame=False, config_file=LOW).findings)
    assert found == [("#issues", "high"), ("#performance-metrics", "high"), ("#stars", "low")]


def test_a_readme_rst_heading_has_github_s_anchor_too(make_repo):
    """foolbox's README.rst links `<#-compatibility>`_ for "🐍 Compatibility": GitHub gives
    the heading its own anchor beside docutils' `compatibility`. A section that is not
    there is still a broken anchor."""
    readme = "Foolbox\n=======\n\nSee the `Compatibility section <#-compatibility>`_ and `the FAQ <#faq>`_.\n\n🐍 Compatibility\n----------------\n\nPython 3.8.\n"
    found = [f.text for f in audit(make_repo({"README.rst": readme}).root, blame=False).findings]
    assert found == ["#faq"]


def test_the_fallback_image_of_a_picture_is_a_note(make_repo):
    """adversarial-robustness-toolbox's README: `<picture>` with a dark and a light
    `<source>`, then `<img src="default-image.png">`, which only browsers without <picture>
    show. A plain missing image is still stale."""
    readme = (
        "# ART\n\n<picture>\n  <source media=\"(prefers-color-scheme: dark)\" srcset=\"docs/dark.png\">\n"
        "  <img alt=\"Fallback image description\" src=\"default-image.png\">\n</picture>\n\n<img src=\"docs/gone.png\">\n"
    )
    files = {"README.md": readme, "docs/dark.png": "png"}
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [("default-image.png", "low"), ("docs/gone.png", "high")]


def test_a_package_filled_by_its_compiled_extension_may_have_any_name(make_repo):
    """Dr.Jit: drjit/__init__.py imports `from . import _drjit_ext`, a nanobind module (its
    C++ is in src/) that fills drjit and drjit.scalar (an empty __init__.py): `drjit.ArrayBase`
    and DRJIT_CACHE_DIR (read by the native code) are notes. A package with no extension
    is still judged."""
    files = {
        "src/python/main.cpp": "NB_MODULE(_drjit_ext, m) {}\n",
        "drjit/__init__.py": "from . import _drjit_ext as _drjit_ext\n\n\ndef sqrt(x):\n    return x\n",
        "drjit/scalar/__init__.py": "",
        "plain/__init__.py": "def run():\n    pass\n",
        "docs/ref.md": "# Reference\n\nUse `drjit.ArrayBase`, `drjit.scalar.Matrix2f` and `plain.walk`; set `DRJIT_CACHE_DIR`.\n",
    }
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings)
    assert found == [("DRJIT_CACHE_DIR", "low"), ("drjit.ArrayBase", "low"), ("drjit.scalar.Matrix2f", "low"), ("plain.walk", "medium")]


def test_a_page_doxygen_builds_links_from_its_flat_output(make_repo):
    """ompl: doc/CMakeLists.txt drives Doxygen and copies doc/images/ into its HTML output,
    where every page lands flat: doc/markdown/x.md's `images/prm.png` and
    `implementingStateSpaces.html` (the page `# ... {#implementingStateSpaces}`) resolve. A
    missing image is still stale; doc/markdown/releaseNotes.md is release notes."""
    files = {
        "doc/CMakeLists.txt": "set(DOXYGEN_IMAGE_PATH images)\ndoxygen_add_docs(ompl_doc markdown)\n",
        "doc/images/prm.png": "png",
        "doc/markdown/spaces.md": "# Implementing State Spaces {#implementingStateSpaces}\n\nText.\n",
        "doc/markdown/tutorial.md": "# Tutorial\n\n![prm](images/prm.png) ![gone](images/gone.png)\n\nSee [spaces](implementingStateSpaces.html).\n",
        "doc/markdown/releaseNotes.md": "# Release notes\n\nSee [old](quotientSpacePlanning.html).\n",
        # pinocchio: Doxygen finds `SE3Example1.jpg` by name in its IMAGE_PATH (doc/pictures/).
        "doc/pictures/SE3Example1.jpg": "jpg",
        "doc/markdown/lie.md": "# Lie\n\n![se3](SE3Example1.jpg)\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("doc/markdown/tutorial.md", "images/gone.png")]


def test_a_module_that_updates_its_locals_at_top_level_makes_names_at_import(make_repo):
    """cmocean's cm.py ends with `locals().update(cmap_d)`: `cmocean.cm.balance_i_r` is made
    at import time, a note. A `locals().update` inside a function makes no module name."""
    files = {
        "cmocean/__init__.py": "",
        "cmocean/cm.py": "cmap_d = {}\nfor name in ('balance', 'thermal'):\n    cmap_d[name + '_i_r'] = name\n\n# make colormaps available to call\nlocals().update(cmap_d)\n",
        "other/__init__.py": "",
        "other/maps.py": "def load(d):\n    locals().update(d)\n    return d\n",
        "docs/index.md": "# Maps\n\nUse `cmocean.cm.balance_i_r`, or `other.maps.thermal`.\n",
    }
    found = [(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings]
    assert found == [("cmocean.cm.balance_i_r", "low"), ("other.maps.thermal", "medium")]


def test_a_misspelt_module_is_fixed_to_the_near_module_that_has_the_names(make_repo):
    """spikeinterface: `neoextractors.neobaseextractors.NeoBaseRecordingExtractor` where
    the module is `neobaseextractor`; `from sorting.quality_metrics import isi` where the
    package moved it to `sorting.metrics.quality` (its __init__ re-exports misc). A near
    spelling that lacks the name (`sorting.curate` for `sorting.curation.remove`) is no fix."""
    files = {
        "sorting/__init__.py": "",
        "sorting/neo/__init__.py": "",
        "sorting/neo/neobaseextractor.py": "class NeoBaseExtractor:\n    pass\n",
        "sorting/metrics/__init__.py": "",
        "sorting/metrics/quality/__init__.py": "from .misc import *\n",
        "sorting/metrics/quality/misc.py": "def compute_isi(x):\n    return x\n",
        "sorting/curate.py": "def keep(x):\n    return x\n",
        "README.md": (
            "# Use\n\nThe base is `sorting.neo.neobaseextractors.NeoBaseExtractor`.\n\n"
            "```python\nfrom sorting.quality_metrics import compute_isi\nfrom sorting.curation import remove\n```\n"
        ),
    }
    found = {f.text: f.replacement for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005"}
    assert found == {
        "sorting.neo.neobaseextractors.NeoBaseExtractor": "sorting.neo.neobaseextractor.NeoBaseExtractor",
        "sorting.quality_metrics": "sorting.metrics.quality",
        "sorting.curation": None,
    }


def test_a_design_plan_s_new_files_are_notes(make_repo):
    """yasa's "# Multi-Scorer Hypnogram Support — Design Plan": "Introduce the class in a
    new file `src/pkg/hypnoset.py`" names a file still to be written. The same line on a
    page that is no plan is stale."""
    line = "Introduce `HypnogramSet` in a new file `src/pkg/hypnoset.py`.\n"
    files = {
        "src/pkg/__init__.py": "",
        "src/pkg/hypno.py": "class Hypnogram:\n    pass\n",
        "SCORERS.md": "# Multi-Scorer Hypnogram Support — Design Plan\n\n## Motivation\n\n" + line,
        "docs/guide.md": "# Guide\n\n" + line,
    }
    root = make_repo(files).root
    assert [(f.path, f.text) for f in audit(root, blame=False).findings] == [("docs/guide.md", "src/pkg/hypnoset.py")]
    low = [(f.path, f.confidence) for f in audit(root, blame=False, config_file=LOW).findings if f.path == "SCORERS.md"]
    assert low == [("SCORERS.md", "low")]


def test_a_file_beside_its_compressed_form_is_a_note_unless_it_was_committed_unpacked(make_repo):
    """yasa: "loads all subjects from `tests/data/sample_data.csv`", only ever committed as
    `sample_data.csv.xz`, which the test unpacks: the page names what the archive holds.
    abagen's `data/coords.csv`, committed and later replaced by `coords.csv.gz`, is stale;
    so is a name merely close to another file's (`othr.csv`)."""
    files = {
        "pkg/__init__.py": "",
        "tests/data/sample_data.csv.xz": "xz",
        "tests/data/other.csv": "a,b\n",
        "data/coords.csv.gz": "gz",
        "tests/test_x.py": "def test_x():\n    pass\n",
        "docs/review.md": "# Review\n\nThe test loads `tests/data/sample_data.csv` and `tests/data/othr.csv`; the package ships `data/coords.csv`.\n",
    }
    builder = make_repo(files, removed=("data/coords.csv",))
    found = [(f.text, f.confidence) for f in audit(builder.root, config_file=LOW).findings if f.rule == "DRIFT001"]
    assert sorted(found) == [("data/coords.csv", "high"), ("tests/data/othr.csv", "high"), ("tests/data/sample_data.csv", "low")]


def test_a_paper_s_source_is_kept_as_published(make_repo):
    """yasa's JOSS `paper/paper.md` (front matter with authors and `bibliography:`) shows
    `figure.png`, which the repository never held: the published paper, not a page to fix.
    A page with front matter but no bibliography is checked."""
    paper = "---\ntitle: 'Tool: a toolbox'\nauthors:\n - name: A. Author\naffiliations:\n - name: Uni\n   index: 1\nbibliography: paper.bib\n---\n\n# Summary\n\n![Figure](figure.png)\n"
    page = "---\ntitle: Guide\nauthors:\n - name: A. Author\n---\n\n# Guide\n\n![Figure](figure.png)\n"
    files = {"pkg/__init__.py": "", "paper/paper.md": paper, "docs/guide.md": page}
    root = make_repo(files).root
    assert [(f.path, f.text) for f in audit(root, blame=False).findings] == [("docs/guide.md", "figure.png")]
    assert [f.confidence for f in audit(root, blame=False, config_file=LOW).findings if f.path == "paper/paper.md"] == ["low"]


def test_a_parser_handed_to_the_standard_library_takes_no_options_from_it(make_repo):
    """qsiprep's `PathExists = partial(_path_exists, parser=parser)`: functools reads no
    flag, so the program is not open to "functools' options" and its stale flags are found."""
    parser = (
        "import argparse\nfrom functools import partial\n\n\n"
        "def _path_exists(path, parser):\n    return path\n\n\n"
        "def main():\n    parser = argparse.ArgumentParser()\n"
        "    PathExists = partial(_path_exists, parser=parser)\n"
        "    parser.add_argument('bids_dir', type=PathExists)\n"
        "    parser.add_argument('--no-b0-harmonization', action='store_true')\n"
        "    parser.parse_args()\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    files = {
        "pyproject.toml": "[project]\nname = 'qsi'\n[project.scripts]\nqsi = 'qsi.cli:main'\n",
        "qsi/__init__.py": "",
        "qsi/cli.py": parser,
        "docs/usage.md": "# Usage\n\nTurn it off with `--dwi-no-b0-harmonization`, as in `qsi data/ --no-b0-harmonization`.\n",
    }
    result = audit(make_repo(files).root, blame=False)
    assert [(f.rule, f.text, f.replacement) for f in result.findings] == [("DRIFT002", "--dwi-no-b0-harmonization", "--no-b0-harmonization")]


def test_an_env_var_tox_passes_through_is_named_by_the_repository(make_repo):
    """smriprep's CLAUDE.md: "Key variables passed through tox: `TEST_DATA_HOME`, ...",
    which tox.ini's `passenv` lists and the tests' tooling reads: no lost variable."""
    files = {
        "tool/__init__.py": "import os\n\nHOME = os.environ.get('TOOL_HOME', '~')\n",
        "tox.ini": "[testenv]\npassenv =\n  TOOL_DATA_HOME\n  TOOL_WORK_DIR\ncommands = pytest\n",
        "README.md": "# Tests\n\nVariables passed through tox: `TOOL_DATA_HOME`, `TOOL_WORK_DIR`, `TOOL_HOMEDIR`.\n",
    }
    builder = make_repo(files)
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT003"] == ["TOOL_HOMEDIR"]


def test_a_link_to_a_reference_label_in_parentheses_is_fixed_to_its_url(make_repo):
    """abagen's CONTRIBUTING.md: `["standard" GitHub workflow](link_gitworkflow)` where the
    page defines `[link_gitworkflow]: https://...`: parentheses link a file of that name,
    which is broken; the fix is the label's URL. A label used with brackets is fine."""
    page = (
        "# Contributing\n\nFollow the [GitHub workflow](link_gitworkflow), see [the CI][link_ci] "
        "and [the guide](link_guide).\n\n[link_gitworkflow]: https://guides.github.com/introduction/flow\n"
        "[link_ci]: https://docs.travis-ci.com/\n"
    )
    builder = make_repo({"pkg/__init__.py": "", "CONTRIBUTING.md": page})
    found = sorted((f.text, f.replacement) for f in audit(builder.root, blame=False).findings)
    assert found == [("link_gitworkflow", "https://guides.github.com/introduction/flow"), ("link_guide", None)]


def test_a_flag_written_with_a_space_for_its_hyphen_is_said_so(make_repo):
    """maigret's "can be disabled with ``--no extracting``": the program has
    --no-extracting. The finding says so (closest would otherwise be --info), and offers
    no replacement of `--no` alone, which would leave the word behind."""
    cli = (
        "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n"
        "    p.add_argument('--no-extracting', action='store_true')\n    p.add_argument('--no-color', action='store_true')\n"
        "    p.add_argument('--info', action='store_true')\n"
        "    p.parse_args()\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    files = {
        "pyproject.toml": "[project]\nname = 'finder'\n[project.scripts]\nfinder = 'finder.cli:main'\n",
        "finder/__init__.py": "",
        "finder/cli.py": cli,
        "docs/features.rst": "Features\n========\n\nFinder parses pages. Run ``finder --info``.\n\nEnabled by default, can be disabled with ``--no extracting``.\n",
    }
    found = [(f.text, f.replacement, f.evidence) for f in audit(make_repo(files).root, blame=False).findings]
    assert len(found) == 1 and found[0][:2] == ("--no", None)
    assert "reads as --no-extracting with a space for its hyphen" in found[0][2]


def test_env_vars_the_code_builds_or_the_config_files_expand_are_the_repository_s(make_repo):
    """aiida: `os.environ.get(f'AIIDA_WARN_v{version}')` reads AIIDA_WARN_v3; molecule's
    YAML expands `${AIIDA_TEST_WORKERS:-2}`; pyproject.toml's tox section passes
    AIIDA_TEST_PROFILE. A name none of them makes is still unknown."""
    files = {
        "aiida/__init__.py": "import os\n\n\ndef warn(version):\n    return os.environ.get(f'AIIDA_WARN_v{version}')\n\n\nHOME = os.environ.get('AIIDA_PATH')\n",
        ".molecule/default/config.yml": "provisioner:\n  env:\n    aiida_workers: ${AIIDA_TEST_WORKERS:-2}\n",
        "pyproject.toml": "[project]\nname = 'aiida'\n\n[tool.tox]\nlegacy_tox_ini = '''\n[testenv]\npassenv = AIIDA_TEST_PROFILE\n'''\n",
        "README.md": "# Set up\n\n```console\nAIIDA_WARN_v3=1 verdi run x.py\nAIIDA_TEST_WORKERS=4 molecule test\nAIIDA_TEST_PROFILE=x tox\nAIIDA_TEST_GONE=1 tox\n```\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT003"] == ["AIIDA_TEST_GONE"]


def test_a_page_s_own_settings_field_under_the_env_prefix_is_the_page_s(make_repo):
    """emmet: `class MySettings(EmmetSettings): my_new_setting: int = Field(3)`, then
    `export EMMET_MY_NEW_SETTING=4`: pydantic reads the page's own field under the prefix."""
    settings = "import os\n\nDB_URI = os.environ.get('EMMET_DB_URI', 'x')\n"
    page = (
        "# Settings\n\n```python\nclass MySettings(EmmetSettings):\n    my_new_setting: int = Field(3, description='A custom setting')\n```\n\n"
        "```bash\nexport EMMET_MY_NEW_SETTING=4\nexport EMMET_GONE_SETTING=1\n```\n"
    )
    files = {"emmet/__init__.py": "", "emmet/settings.py": settings, "docs/settings.md": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT003"] == ["EMMET_GONE_SETTING"]


def test_placeholders_keys_and_switch_prefixes_are_no_names(make_repo):
    """mitiq's contributing guide: "all elements of the `mitiq.new_module` module";
    mne-icalabel's "a bug in `mne_icalabel/a/b.py`... `--cov mne_icalabel.a.b`"; aiida's
    "keypair (``aiida``/``aiida.pub``)"; "the ``--with-mpi`` / ``--no-with-mpi`` option",
    where the code builds `--no-` switches: `--no-` names no program whose option it is.
    `mitiq.shadow` for the package `mitiq.shadows` is still a finding.""" 
    cli = (
        "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n    for name in ('color', 'cache'):\n"
        "        p.add_argument(f'--no-{name}', action='store_true')\n    p.add_argument('--verbose', action='store_true')\n"
        "    p.parse_args()\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    files = {
        "pyproject.toml": "[project]\nname = 'mitiq'\n[project.scripts]\nmitiq = 'mitiq.cli:main'\n",
        "mitiq/__init__.py": "",
        "mitiq/cli.py": cli,
        "mitiq/shadows/__init__.py": "def shadow_quantum_processing():\n    pass\n",
        "docs/guide.md": (
            "# Guide\n\nThis adds all of `mitiq.new_module`; create the keypair `mitiq`/`mitiq.pub`.\n\n"
            "The `mitiq.shadow` module reconstructs states. Run `mitiq --verbose`; the `--with-mpi` / `--no-with-mpi` option is gone.\n\n"
            # (NeMo-RL's `adding_new_models.md` is a page's name, not a placeholder.)
            "See [Adding New Models](adding_new_models.md). After a fix in `mitiq/a/b.py`, run:\n\n```bash\npytest -v --cov mitiq.a.b tests/a/b_test.py\n```\n"
        ),
    }
    root = make_repo(files).root
    assert sorted((f.rule, f.text) for f in audit(root, blame=False).findings) == [("DRIFT001", "adding_new_models.md"), ("DRIFT005", "mitiq.shadow")]
    # The option is judged (a note: no commit here ever had it), not set aside as "no's".
    assert ("DRIFT002", "--with-mpi") in {(f.rule, f.text) for f in audit(root, blame=False, config_file=LOW).findings}


def test_an_unprefixed_doc_role_may_be_another_project_s_page_on_old_sphinx(make_repo):
    """strawberryfields (Sphinx 2.2.2, intersphinx to its demos site): :doc:`demonstrations`
    names a page of the other site, which Sphinx before 5 looked up there. A page the site
    had and lost (`glossary`) is stale; so is any missing page where Sphinx is newer."""
    conf = "extensions = ['sphinx.ext.intersphinx']\nintersphinx_mapping = {'demos': ('https://example.org/demos', None)}\n"
    page = "Intro\n=====\n\nSee the :doc:`tutorials <demonstrations>` and the :doc:`glossary`.\n"
    files = {"pkg/__init__.py": "", "doc/conf.py": conf, "doc/index.rst": page, "doc/requirements.txt": "sphinx==2.2.2\n"}
    old = make_repo(files, removed=("doc/glossary.rst",))
    assert sorted((f.text, f.confidence) for f in audit(old.root, config_file=LOW).findings) == [("demonstrations", "low"), ("glossary", "high")]


def test_an_unprefixed_doc_role_is_the_site_s_own_on_sphinx_5_and_later(make_repo):
    """Sphinx 5 stopped looking unprefixed :doc: targets up in other inventories
    (intersphinx_disabled_reftypes = ["std:doc"]): a missing page is the site's."""
    conf = "extensions = ['sphinx.ext.intersphinx']\nintersphinx_mapping = {'demos': ('https://example.org/demos', None)}\n"
    page = "Intro\n=====\n\nSee the :doc:`tutorials <demonstrations>`.\n"
    files = {"pkg/__init__.py": "", "doc/conf.py": conf, "doc/index.rst": page, "doc/requirements.txt": "sphinx>=7\n"}
    assert [(f.text, f.confidence) for f in audit(make_repo(files).root, config_file=LOW).findings] == [("demonstrations", "high")]


def test_a_page_named_without_its_suffix_in_prose_is_a_note(make_repo):
    """openff-interchange's CONTRIBUTING: "Also see `docs/developing`", the page
    docs/developing.md as its site names it. A missing page named so is still stale."""
    files = {
        "pkg/__init__.py": "",
        "docs/developing.md": "# Developing\n",
        ".github/CONTRIBUTING.md": "# Contributing\n\nAlso see `docs/developing` and `docs/releasing`.\n",
    }
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001")
    assert found == [("docs/developing", "low"), ("docs/releasing", "medium")]


def test_a_generated_bundle_s_links_are_its_sources_and_an_empty_toc_marker_is_no_link(make_repo):
    """crawl4ai's deploy/docker/c4ai-doc-context.md ("# Doc Context / Generated on
    2025-04-21", then each page of docs/) keeps the pages' links as they were written
    there: notes; what it says about names is still checked. bumpver's `[](TOC)` is
    md-toc's marker, an empty link nobody follows. A page that merely mentions a generated
    report is checked as usual."""
    bundle = "# Doc Context\n\nGenerated on 2025-04-21\n\n## File: docs/core/intro.md\n\nSee [the API](../api/params.md).\n\n```python\nfrom tool import Gone\n```\n"
    page = "# Intro\n\nThe report is generated by the tool. See [the API](../api/params.md) and [the old API](../api/old.md).\n\n[](TOC)\n"
    files = {"tool/__init__.py": "class Here:\n    pass\n", "docs/api/params.md": "# Params\n", "docs/core/intro.md": page, "deploy/context.md": bundle}
    root = make_repo(files).root
    assert sorted((f.path, f.text) for f in audit(root, blame=False).findings) == [("deploy/context.md", "tool.Gone"), ("docs/core/intro.md", "../api/old.md")]
    low = [(f.path, f.text) for f in audit(root, blame=False, config_file=LOW).findings if f.confidence == "low"]
    assert low == [("deploy/context.md", "../api/params.md")]


def test_a_folder_whose_readme_badges_are_another_repository_s_is_its_copy(make_repo):
    """cwltool's cwltool/schemas/: its own LICENSE, and a README whose stars and CI badges
    are common-workflow-language/common-workflow-language's: a copy of that repository,
    whose specification pages link what its own site builds (`Workflow.html`). A folder
    whose badges are this repository's own is checked."""
    copy_readme = (
        "Common Workflow Language\n========================\n\n"
        "[![Build](https://travis-ci.org/common-workflow-language/common-workflow-language.svg?branch=master)](https://travis-ci.org/common-workflow-language/common-workflow-language)\n"
        "[![GitHub stars](https://img.shields.io/github/stars/common-workflow-language/common-workflow-language.svg)](https://github.com/common-workflow-language/common-workflow-language/stargazers)\n\n"
        "See [the workflow spec](Workflow.html).\n"
    )
    own_readme = "# Plugin\n\n[![Stars](https://img.shields.io/github/stars/acme/runner.svg)](https://github.com/acme/runner/stargazers)\n\nSee [the spec](spec.md).\n"
    files = {
        "runner/__init__.py": "",
        "pyproject.toml": "[project]\nname = 'runner'\n[project.urls]\nSource = 'https://github.com/acme/runner'\n",
        "runner/schemas/LICENSE.txt": "Apache License\nVersion 2.0\n",
        "runner/schemas/README.md": copy_readme,
        "runner/schemas/Workflow.yml": "name: Workflow\n",
        "plugins/x/LICENSE": "Apache License\nVersion 2.0\n",
        "plugins/x/README.md": own_readme,
    }
    result = audit(make_repo(files).root, blame=False)
    assert [(f.path, f.text) for f in result.findings] == [("plugins/x/README.md", "spec.md")]


def test_what_the_page_s_commands_hand_another_program_and_placeholder_classes_are_no_python_names(make_repo):
    """covalent: "Configure ``covalent.service`` to start on boot" above `systemctl enable
    covalent.service`: the unit systemctl takes. dask-jobqueue's "implementing a new
    runner": `from dask_jobqueue import SomeRunner`. A missing name the page imports
    otherwise is still found."""
    page = (
        "Deploy\n======\n\nConfigure ``covalent.service`` to start on boot:\n\n.. code-block:: bash\n\n    systemctl enable covalent.service\n\n"
        "Implement a runner:\n\n.. code-block:: python\n\n    from covalent import SomeRunner\n    from covalent import GoneRunner\n"
    )
    files = {"covalent/__init__.py": "class BaseRunner:\n    pass\n", "docs/deploy.rst": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["covalent.GoneRunner"]


def test_a_path_every_project_of_a_layout_has_is_named_inside_any_of_them(make_repo):
    """Ren'Py's gui.rst: "with only :file:`gui/main_menu.png` replaced", where each game
    here (the_question/game/, tutorial/game/) has gui/main_menu.png: a path inside any
    game. A name two folders have under other paths (`gui/title.png`) is still stale."""
    files = {
        "renpy/__init__.py": "",
        "the_question/game/gui/main_menu.png": b"\x89PNG",
        "tutorial/game/gui/main_menu.png": b"\x89PNG",
        "the_question/game/images/title.png": b"\x89PNG",
        "tutorial/game/art/title.png": b"\x89PNG",
        "gui/README.md": "# GUI\n",
        "sphinx/source/gui.rst": "GUI\n===\n\nThe main menu, with only :file:`gui/main_menu.png` replaced, or :file:`gui/title.png`.\n",
    }
    found = sorted((f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=LOW).findings if f.rule == "DRIFT001")
    assert [c for t, c in found if t == "gui/main_menu.png"] == ["low"]
    assert [c for t, c in found if t == "gui/title.png"] != ["low"] and [t for t, c in found if t == "gui/title.png"]


def test_a_folder_the_docs_makefile_cleans_is_what_the_build_writes(make_repo):
    """nitime's doc/Makefile: `clean: -rm -rf _build/* *~ api/generated` and the api page's
    `.. include:: generated/gen.rst`, which the build's script writes there. A page
    missing from a folder the tree holds is still stale."""
    makefile = "html:\n\tpython ../tools/build_modref_templates.py\n\tsphinx-build . _build/html\n\nclean:\n\t-rm -rf _build/* *~ api/generated\n"
    files = {
        "nitime/__init__.py": "",
        "doc/conf.py": "project = 'nitime'\n",
        "doc/Makefile": makefile,
        "doc/api/index.rst": "API\n===\n\n.. include:: generated/gen.rst\n.. include:: gone.rst\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["gone.rst"]


def test_an_anchor_a_letter_from_a_heading_is_fixed_to_it_before_the_link_s_words(make_repo):
    """InquirerPy: `[keybindings](#customizing-keybindings)` under "## Customising
    Keybindings", with a "### keybindings" below it: the spelling is the fix, not the
    heading the link's words name. Numbered sections are no spellings of each other."""
    page = (
        "# Keys\n\nSee [keybindings](#customizing-keybindings) and [setup](#step-3-install-it).\n\n"
        "## Customising Keybindings\n\n### keybindings\n\n## Step 1 install it\n\n## Step 2 install it\n"
    )
    found = {f.text: f for f in audit(make_repo({"pkg/__init__.py": "", "docs/kb.md": page}).root, blame=False).findings}
    assert found["#customizing-keybindings"].replacement == "#customising-keybindings"
    assert "a letter or two" not in found["#step-3-install-it"].evidence


def test_a_snippet_taken_in_by_section_from_the_base_path_links_from_the_page_that_includes_it(make_repo):
    """clinica: `--8<-- "snippets/cmd_inputs.md:caps"` in docs/Pipelines/DWI.md, with
    pymdownx.snippets' `base_path: docs`; the snippet's `[t1-volume](./T1_Volume.md)` is
    read where it lands, in docs/Pipelines/. A link no including page resolves is stale."""
    config = "site_name: x\nmarkdown_extensions:\n  - pymdownx.snippets:\n      base_path: docs\n"
    snippet = "# Inputs\n\n<!-- --8<-- [start:caps] -->\nRun [t1-volume](./T1_Volume.md) first, then [gone](./Gone.md).\n<!-- --8<-- [end:caps] -->\n"
    files = {
        "mkdocs.yml": config,
        "docs/index.md": "# Home\n",
        "docs/snippets/cmd_inputs.md": snippet,
        "docs/Pipelines/T1_Volume.md": "# T1\n",
        "docs/Pipelines/DWI.md": '# DWI\n\n--8<-- "snippets/cmd_inputs.md:caps"\n',
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["./Gone.md"]


def test_a_page_made_by_a_template_call_has_any_anchor_and_a_schema_s_data_path_is_known(make_repo):
    """The BIDS specification: src/appendices/entities.md is `{{ MACROS___make_entity_definitions() }}`
    (mkdocs-macros writes a heading per entity), so `entities.md#acq` is there; its schema
    YAML has `GeneratedBy: items: properties: Name`, which the text names as
    `GeneratedBy.Name`, the data path. A page without such a call, and a field the schema
    lacks, are still checked."""
    schema = "GeneratedBy:\n  type: array\n  items:\n    type: object\n    properties:\n      Name:\n        type: string\n      Version:\n        type: string\n"
    page = (
        "# Principles\n\nUse the [`acq` entity](entities.md#acq) and [`run`](glossary.md#run).\n\n"
        "The folder name SHOULD be the `GeneratedBy.Name` field in `dataset_description.json`,\n"
        "followed by the `GeneratedBy.Versio` field.\n"
    )
    files = {
        "mkdocs.yml": "site_name: x\nplugins:\n  - macros\n",
        "src/schema/objects/metadata.yaml": schema,
        "docs/entities.md": "# Entities\n\n{{ MACROS___make_entity_definitions() }}\n",
        "docs/glossary.md": "# Glossary\n\nThe terms.\n",
        "docs/principles.md": page,
        "pkg/__init__.py": "",
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings)
    assert found == ["#run", "GeneratedBy.Versio"]
