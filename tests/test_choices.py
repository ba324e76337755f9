"""Choices a parser names indirectly (an Enum, a constant list, a dict's keys, in
another file), and the values command lines pass: `--backend fsdp3` fails with
"invalid choice" before the program runs. Real repositories, real parses."""

from __future__ import annotations

from drift_docs.engine import audit
from drift_docs.pr import run_pr

ENUMS = '''
from enum import Enum, StrEnum, auto


class Backend(str, Enum):
    FSDP = "fsdp"
    MEGATRON = "megatron"


class Precision(StrEnum):
    BF16 = auto()
    FP32 = auto()
'''

MODELS = '''
MODELS = {"llama": object, "qwen": object}
SCHEDULES = ["cosine", "linear"]
'''

TRAIN = '''
import argparse
from dataclasses import dataclass

from pkg.enums import Backend, Precision
from pkg.registry import MODELS, SCHEDULES


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--backend", choices=[b.value for b in Backend], default="fsdp")
    p.add_argument("--precision", type=Precision, default=Precision.BF16)
    p.add_argument("--model", choices=list(MODELS.keys()))
    p.add_argument("--schedule", choices=SCHEDULES)
    p.add_argument("--free", default="x")
    return p.parse_args()


if __name__ == "__main__":
    main()
'''

DOC = """# Training

```bash
python train.py --backend fsdp --precision bf16 --model llama --schedule cosine
python train.py --backend deepspeed --model lama \\
    --schedule linear --precision fp16 --free anything
python train.py --backend $BACKEND --model <model> --schedule "${SCHEDULE}"
python train.py --backend fsdp/megatron --precision bf16/fp8
```
"""


def _files():
    return {"pkg/__init__.py": "", "pkg/enums.py": ENUMS, "pkg/registry.py": MODELS, "train.py": TRAIN, "docs/train.md": DOC}


def test_values_outside_choices_named_through_enums_and_constants(make_repo):
    builder = make_repo(_files())
    found = {(f.line, f.text): f for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT019"}
    # `fsdp/megatron` is usage notation for one of two choices; `bf16/fp8` names one that is not.
    assert sorted(found) == [(5, "deepspeed"), (5, "lama"), (6, "fp16"), (8, "bf16/fp8")]
    assert found[(5, "lama")].replacement == "llama"
    assert "fsdp, megatron" in found[(5, "deepspeed")].evidence
    assert "from [b.value for b in Backend]" in found[(5, "deepspeed")].evidence
    assert "bf16, fp32" in found[(6, "fp16")].evidence  # auto() in a StrEnum: the lower-cased name
    # The value is where the finding points, so the suggestion edits the value only.
    assert found[(5, "lama")].line_after.strip().startswith("python train.py --backend deepspeed --model llama")


def test_a_renamed_choice_is_reported_in_pr_mode_with_the_new_value(make_repo):
    doc = "# Training\n\n```bash\npython train.py --schedule cosine\n```\n"
    builder = make_repo({**_files(), "docs/train.md": doc})
    base = builder.repo.head.commit.hexsha
    builder.commit({"pkg/registry.py": MODELS.replace('"cosine"', '"cosine_decay"')}, "rename the schedule")
    stale = [(f.rule, f.line, f.text, f.replacement) for f in run_pr(builder.root, base).findings]
    assert stale == [("DRIFT019", 4, "cosine", "cosine_decay")]


WORKFLOW = """name: Build images
on:
  workflow_dispatch:
    inputs:
      variant:
        description: which image
        type: choice
        options:
          - cuda-12.4
          - cuda-12.8
          - rocm
      push:
        type: boolean
        default: false
  push:
    branches: [main]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: echo ${{ inputs.variant }}
"""

RELEASING = """# Releasing

```bash
gh workflow run build.yml -f variant=cuda-12.4 -f push=true
gh workflow run "Build images" --field variant=cuda-12.2
gh workflow run build.yml -f flavour=rocm
gh workflow run other.yml -f variant=anything
```
"""


def test_workflow_run_inputs_and_values_are_checked_against_the_workflow(make_repo):
    builder = make_repo({".github/workflows/build.yml": WORKFLOW, "docs/releasing.md": RELEASING})
    found = {(f.line, f.text): f for f in audit(builder.root, blame=False).findings}
    assert sorted(found) == [(5, "cuda-12.2"), (6, "flavour")]
    assert found[(5, "cuda-12.2")].replacement in ("cuda-12.4", "cuda-12.8")
    assert "cuda-12.4, cuda-12.8, rocm" in found[(5, "cuda-12.2")].evidence
    assert found[(5, "cuda-12.2")].line_after.endswith("--field variant=" + found[(5, "cuda-12.2")].replacement)


def test_a_workflow_option_renamed_by_a_change_is_reported_with_the_new_value(make_repo):
    doc = "# Releasing\n\n```bash\ngh workflow run build.yml -f variant=rocm\n```\n"
    builder = make_repo({".github/workflows/build.yml": WORKFLOW, "docs/releasing.md": doc})
    base = builder.repo.head.commit.hexsha
    builder.commit({".github/workflows/build.yml": WORKFLOW.replace("- rocm", "- rocm-6.2")}, "pin the ROCm version")
    stale = [(f.rule, f.line, f.text, f.replacement) for f in run_pr(builder.root, base).findings]
    assert stale == [("DRIFT019", 4, "rocm", "rocm-6.2")]


def test_a_line_about_one_flag_that_lists_its_values_is_judged_like_a_choices_cell(make_repo):
    doc = (
        "# Options\n\n"
        "- `--backend`: the training backend, one of `fsdp`, `megatron` or `deepspeed`.\n"
        "- `--schedule`: the learning-rate schedule, one of `cosine`, `linear`.\n"
        "- `--model`: the model, either `llama` or `qwen`.\n"
        "- `--free`: any value, e.g. `a`, `b`.\n"
    )
    builder = make_repo({**_files(), "docs/options.md": doc})
    found = {(f.rule, f.line): f for f in audit(builder.root, blame=False).findings if f.path == "docs/options.md"}
    assert list(found) == [("DRIFT007", 3)]
    assert found[("DRIFT007", 3)].text == "`fsdp`, `megatron` or `deepspeed`"


def test_a_glob_in_a_choices_cell_stands_for_the_choices_it_matches(make_repo):
    train = TRAIN.replace('choices=SCHEDULES', 'choices=["cuda-12.4", "cuda-12.8", "rocm"]')
    doc = "# Options\n\n| Flag | Choices |\n|---|---|\n| `--schedule` | `cuda-*`, `rocm` |\n| `--backend` | `fsdp`, `tpu-*` |\n"
    builder = make_repo({**_files(), "train.py": train, "docs/options.md": doc})
    found = {(f.rule, f.line, f.text) for f in audit(builder.root, blame=False).findings if f.path == "docs/options.md"}
    # `cuda-*` covers both CUDA choices; `tpu-*` matches none of fsdp, megatron; the
    # backend row also misses megatron.
    assert found == {("DRIFT007", 6, "`fsdp`, `tpu-*`"), ("DRIFT009", 6, "`fsdp`, `tpu-*`")}


def test_a_parser_that_lowercases_its_value_accepts_any_case(make_repo):
    train = (
        "import argparse\n\np = argparse.ArgumentParser()\n"
        "p.add_argument('--optimizer', type=lambda s: s.lower(), choices=['adam', 'adamw'], default='adam')\n"
        "p.add_argument('--mode', type=str, choices=['fast', 'slow'])\np.parse_args()\n"
    )
    doc = "# Run\n\n```bash\npython train.py --optimizer Adam --mode Fast\npython train.py --optimizer SGD\n```\n"
    found = sorted((f.line, f.text) for f in audit(make_repo({"train.py": train, "docs/run.md": doc}).root, blame=False).findings if f.rule == "DRIFT019")
    # `Adam` is lower-cased before the check; `Fast` is not; `SGD` is no choice at all.
    assert found == [(4, "Fast"), (5, "SGD")]


def test_a_type_that_converts_the_value_first_is_checked_by_what_it_becomes(make_repo):
    """DeepSpeed-Chat: `type=lambda x: x.replace("facebook/opt-", "")` with choices
    `["1.3b", "66b"]`: `--actor-model facebook/opt-66b` is accepted. A plain `str` type
    still rejects what it does not list."""
    train = (
        "import argparse\np = argparse.ArgumentParser()\n"
        "p.add_argument('--actor-model', type=lambda x: x.replace('facebook/opt-', ''), choices=['1.3b', '66b'])\n"
        "p.add_argument('--deployment-type', type=str, choices=['single_gpu', 'multi_node'])\np.parse_args()\n"
    )
    doc = "# Run\n\n```bash\npython e2e_rlhf.py --actor-model facebook/opt-66b --deployment-type single_node\n```\n"
    found = [f.text for f in audit(make_repo({"e2e_rlhf.py": train, "README.md": doc}).root, blame=False).findings if f.rule == "DRIFT019"]
    assert found == ["single_node"]


def test_a_usage_line_s_stand_in_value_is_no_invalid_choice(make_repo):
    """rl-baselines3-zoo: `python train.py --algo algo_name --env env_id` is a template;
    `--algo ppo2` names a choice that is not."""
    train = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--algo', choices=['ppo', 'sac'])\np.add_argument('--env')\np.parse_args()\n"
    doc = "# Train\n\n```bash\npython train.py --algo algo_name --env env_id\npython train.py --algo your_algo\npython train.py --algo ppo2\n```\n"
    found = [(f.line, f.text) for f in audit(make_repo({"train.py": train, "README.md": doc}).root, blame=False).findings if f.rule == "DRIFT019"]
    assert found == [(6, "ppo2")]


def test_a_metavar_written_in_capitals_is_a_stand_in_value(make_repo):
    """fastMRI: `--test_split TESTSPLIT`, and the page says what to put there; `--test_split
    SPLIT` too; WeTextProcessing's `--language LANG`, the flag's name cut short. `--test_split
    Val` is a value, and not one argparse takes."""
    train = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--test_split', choices=['val', 'test', 'challenge'])\np.add_argument('--language', choices=['zh', 'en'])\np.parse_args()\n"
    doc = "# Test\n\n```bash\npython run.py --test_split TESTSPLIT\npython run.py --test_split SPLIT\npython run.py --test_split VAL\npython run.py --language LANG\n```\n"
    found = [(f.line, f.text) for f in audit(make_repo({"run.py": train, "README.md": doc}).root, blame=False).findings if f.rule == "DRIFT019"]
    assert found == [(6, "VAL")]


def test_a_capitalised_word_no_choice_is_spelled_like_is_a_metavar(make_repo):
    """sparseml's usage block: `--lr TYPE`, then "TYPE: constant, stepped, cyclic". `FP16`
    for the choice `fp16` and `CYCLE` for `cyclic` are values argparse rejects."""
    cli = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--lr', choices=['constant', 'stepped', 'cyclic'])\np.add_argument('--precision', choices=['fp16', 'bf16'])\np.parse_args()\n"
    doc = "# Usage\n\n```bash\npython cli.py --lr TYPE\npython cli.py --precision FP16\npython cli.py --lr CYCLE\npython cli.py --lr ALGORITHM\n```\n"
    found = [(f.line, f.text) for f in audit(make_repo({"cli.py": cli, "README.md": doc}).root, blame=False).findings if f.rule == "DRIFT019"]
    assert found == [(5, "FP16"), (6, "CYCLE")]


def test_a_helpers_choices_parameter_is_its_callers_not_a_constant_of_that_name_elsewhere(make_repo):
    """NeMo Gym: `_value_flag(name, choices=None)` registers `add_argument(..., choices=choices)`;
    some other file's `choices = ["A", "B"]` is no list of the helper's values."""
    cli = (
        "import argparse\n\n\ndef _value_flag(name, *, choices=None):\n"
        "    return lambda p: p.add_argument(f'--{name}', choices=choices)\n\n\n"
        "def main():\n    p = argparse.ArgumentParser()\n    _value_flag('limit')(p)\n    p.add_argument('--split', choices=['train', 'test'])\n    p.parse_args()\n\n\n"
        "if __name__ == '__main__':\n    main()\n"
    )
    files = {
        "tool/__init__.py": "", "tool/cli.py": cli, "tool/demo.py": "choices = ['A', 'B']\n",
        "README.md": "# Tool\n\n```bash\npython tool/cli.py --limit 5 --split train\npython tool/cli.py --split dev\n```\n",
    }
    found = [(f.rule, f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("DRIFT019", 5, "dev")]


SERVE = '''
import dataclasses
import enum

import tyro


class EnvMode(enum.Enum):
    ALOHA = "aloha"
    DROID = "droid"


@dataclasses.dataclass
class Args:
    env: EnvMode = EnvMode.ALOHA
    port: int = 8000


def main(args: Args) -> None:
    print(args)


if __name__ == "__main__":
    main(tyro.cli(Args))
'''


def test_an_enum_field_of_a_config_class_accepts_member_names_and_values(make_repo):
    # tyro, simple_parsing and jsonargparse parse the member name, HfArgumentParser the value.
    doc = "# Serve\n\n```bash\npython serve.py --env ALOHA\npython serve.py --env droid\npython serve.py --env LIBERO\n```\n"
    builder = make_repo({"serve.py": SERVE, "docs/serve.md": doc})
    found = [(f.line, f.text) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT019"]
    assert found == [(6, "LIBERO")]


def test_type_columns_and_kind_placeholders_are_no_values(make_repo):
    """dgl: an options list (`--mode  str  Type of aggregation`) under the command, and
    `python load_dataset.py --name dataset_name` where the next sentence names real ones.
    A real value outside the choices is still invalid."""
    script = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--mode', choices=['cat', 'max'])\np.add_argument('--name', choices=['ogbl-collab'])\np.parse_args()\n"
    doc = (
        "# JKNet\n\n###### Model options\n```\n--run              int     Number of running times.       Default is 10.\n"
        "--mode             str     Type of aggregation ['cat', 'max']. Default is 'cat'.\n```\n\n"
        "```bash\npython main.py --mode max\npython main.py --name dataset_name\npython main.py --mode lstm\n```\n"
    )
    script = script.replace("p.parse_args()", "p.add_argument('--run', type=int)\np.parse_args()")
    found = [(f.line, f.text) for f in audit(make_repo({"main.py": script, "README.md": doc}).root, blame=False).findings if f.rule == "DRIFT019"]
    assert found == [(12, "lstm")]


def test_a_flag_two_parsers_define_takes_a_value_either_accepts(make_repo):
    """TextAttack: `textattack augment --recipe embedding`. Both AugmenterArgs (augment's
    recipes) and AttackArgs (attack's) add `--recipe` through `_add_parser_args(parser)`,
    which drift does not tie to a subcommand: a value either one accepts is no invalid
    choice; one neither accepts still is."""
    args = (
        "class AugmenterArgs:\n    @classmethod\n    def _add_parser_args(cls, parser):\n"
        "        parser.add_argument('--recipe', choices=['embedding', 'eda'])\n        return parser\n\n\n"
        "class AttackArgs:\n    @classmethod\n    def _add_parser_args(cls, parser):\n"
        "        parser.add_argument('--recipe', choices=['textfooler', 'bae'])\n        return parser\n"
    )
    cli = (
        "import argparse\nfrom pkg.args import AttackArgs, AugmenterArgs\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
        "    subparsers = parser.add_subparsers()\n    AugmenterArgs._add_parser_args(subparsers.add_parser('augment'))\n"
        "    AttackArgs._add_parser_args(subparsers.add_parser('attack'))\n    parser.parse_args()\n\n\n"
        "if __name__ == '__main__':\n    main()\n"
    )
    doc = "# CLI\n\n```bash\npython -m pkg.cli augment --recipe eda\npython -m pkg.cli attack --recipe textfooler\npython -m pkg.cli attack --recipe textfoolr\n```\n"
    files = {"pkg/__init__.py": "", "pkg/args.py": args, "pkg/cli.py": cli, "docs/cli.md": doc}
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT019"]
    assert found == [(6, "textfoolr")]
