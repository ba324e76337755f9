"""PR mode on real histories: renames, moves, changed defaults, re-prefixed metrics and
split files are traced to the docs that still name them, with the commit that did it."""

from __future__ import annotations

import subprocess
import sys

from drift_docs.cli import main
from drift_docs.engine import audit
from drift_docs.pr import run_pr

ARGS_V1 = '''
import argparse
def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--rollout-batch", dest="rollout_batch", type=int, default=32, help="prompts per rollout step")
    p.add_argument("--lr", type=float, default=1e-5)
    p.add_argument("--gone-flag", action="store_true")
    return p.parse_args()
'''

ARGS_V2 = '''
import argparse
def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--rollout-batch-size", dest="rollout_batch", type=int, default=64, help="prompts per rollout step")
    p.add_argument("--lr", type=float, default=3e-5)
    return p.parse_args()
'''

TRAIN = '''
import os
import wandb
from trainer.args import parse_args

DEBUG = os.environ.get("TRAINER_DEBUG")


def main():
    args = parse_args()
    wandb.log({"perf/step_time": 1.0, "train/loss": 2.0})
'''

TRAIN_V2 = TRAIN.replace('"TRAINER_DEBUG"', '"TRAINER_DEBUG_LEVEL"').replace('"perf/step_time"', '"timing/step_time"')

ROLLOUT = '''
class RolloutManager:
    def start(self):
        pass


def generate(prompt):
    return prompt
'''

DOC = """# Usage

Run `python trainer/train.py --rollout-batch 8 --lr 1e-5`.

The flag `--gone-flag` skips warm-up.

| Flag | Default |
| --- | --- |
| `--rollout-batch` | `32` |
| `--lr` | `1e-5` |

Set `TRAINER_DEBUG=1` to see more. Watch `perf/step_time` and `train/loss`.

The manager is `trainer.rollout.RolloutManager`, in `trainer/rollout.py`;
`trainer.rollout.generate` makes samples.

`python trainer/train.py --never-existed` was wrong long before this change.
"""

BASE_FILES = {
    "trainer/__init__.py": "",
    "trainer/args.py": ARGS_V1,
    "trainer/train.py": TRAIN + "\nif __name__ == '__main__':\n    main()\n",
    "trainer/rollout.py": ROLLOUT,
    "docs/usage.md": DOC,
}


def _history(make_repo):
    builder = make_repo(BASE_FILES, "initial")
    base = builder.repo.head.commit.hexsha
    builder.commit({"trainer/args.py": ARGS_V2}, "Rename --rollout-batch, change its default (#42)")
    builder.commit({"trainer/train.py": TRAIN_V2 + "\nif __name__ == '__main__':\n    main()\n"}, "Rename debug env var and timing metrics (#43)")
    # Split trainer/rollout.py into a package (git sees trainer/rollout.py removed).
    builder.repo.index.remove(["trainer/rollout.py"], working_tree=True)
    builder.commit(
        {
            "trainer/rollout/__init__.py": "",
            "trainer/rollout/manager.py": ROLLOUT.split("def generate")[0],
            "trainer/rollout/generate.py": "def generate(prompt):\n    return prompt\n",
        },
        "Split rollout into a package (#44)",
    )
    return builder, base


def _by_text(result):
    """The first finding (by line) for each stale text."""
    found = {}
    for f in result.findings:
        found.setdefault(f.text, f)
    return found


def test_pr_traces_each_change_to_the_docs_and_the_commit(make_repo):
    builder, base = _history(make_repo)
    result = run_pr(builder.root, base)
    found = _by_text(result)

    flag = found["--rollout-batch"]
    assert flag.rule == "DRIFT002" and flag.replacement == "--rollout-batch-size" and flag.certain
    assert flag.change["why"] == "same dest"
    assert flag.broken_by["pr"] == 42 and "Rename --rollout-batch" in flag.broken_by["subject"]
    assert flag.line_after == "Run `python trainer/train.py --rollout-batch-size 8 --lr 1e-5`."

    assert found["--gone-flag"].change["change"] == "removed" and found["--gone-flag"].replacement is None
    env = found["TRAINER_DEBUG"]
    assert env.rule == "DRIFT003" and env.replacement == "TRAINER_DEBUG_LEVEL" and env.broken_by["pr"] == 43
    metric = found["perf/step_time"]
    assert metric.rule == "DRIFT004" and metric.replacement == "timing/step_time"

    manager = found["trainer.rollout.RolloutManager"]
    assert manager.rule == "DRIFT005" and manager.replacement == "trainer.rollout.manager.RolloutManager"
    # The function moved into a module of the same name: the dotted name still resolves.
    assert "trainer.rollout.generate" not in found
    assert found["trainer/rollout.py"].rule == "DRIFT001" and found["trainer/rollout.py"].broken_by["pr"] == 44

    renamed_default, lr_default = [f for f in result.findings if f.rule == "DRIFT006"]
    assert renamed_default.text == "32" and renamed_default.replacement == "64"
    assert renamed_default.change["change"] == "renamed" and renamed_default.change["detail"]["default_after"] == 64
    assert lr_default.text == "1e-5" and lr_default.replacement == "3e-05" and lr_default.change["change"] == "default-changed"
    assert lr_default.broken_by["pr"] == 42

    # Not this change's doing: reported by `drift audit`, not by `drift pr`.
    assert "--never-existed" not in found
    assert "--never-existed" in _by_text(audit(builder.root))
    assert "train/loss" not in found and "--lr" not in found and "1e-5" not in {f.text for f in result.findings if f.rule != "DRIFT006"}


def test_a_doc_line_the_pr_adds_is_checked_at_head(make_repo):
    builder, base = _history(make_repo)
    head = builder.commit({"docs/new.md": "# New\n\nUse `--rollout-batch-size 4` or `--roll-batch 4`.\n"}, "Document batching")
    result = run_pr(builder.root, base, head)
    born = [f for f in result.findings if f.path == "docs/new.md"]
    assert [(f.line, f.text, f.replacement) for f in born] == [(3, "--roll-batch", "--rollout-batch-size")]
    assert not born[0].certain  # the closest name is a guess, not a rename the code shows


def test_docs_the_pr_already_fixed_are_not_reported(make_repo):
    builder = make_repo(BASE_FILES)
    base = builder.repo.head.commit.hexsha
    builder.commit({"trainer/args.py": ARGS_V2, "docs/usage.md": DOC.replace("--rollout-batch ", "--rollout-batch-size ").replace("`--rollout-batch` | `32`", "`--rollout-batch-size` | `64`")}, "Rename and fix the docs")
    result = run_pr(builder.root, base)
    assert not [f for f in result.findings if "rollout-batch" in f.text]
    assert [f.text for f in result.findings if f.rule == "DRIFT002"] == ["--gone-flag"]


def test_fix_round_trips(make_repo, capsys):
    builder, base = _history(make_repo)
    assert main(["fix", str(builder.root), "--base", base, "--dry-run"]) == 0
    diff = capsys.readouterr().out
    assert "+Run `python trainer/train.py --rollout-batch-size 8 --lr 1e-5`." in diff
    assert "+| `--lr` | `3e-05` |" in diff
    assert (builder.root / "docs/usage.md").read_text() == DOC  # dry run changes nothing
    assert main(["fix", str(builder.root), "--base", base]) == 0
    fixed = (builder.root / "docs/usage.md").read_text()
    assert "`trainer.rollout.manager.RolloutManager`" in fixed and "| `--rollout-batch-size` | `64` |" in fixed
    builder.commit({"docs/usage.md": fixed}, "Apply drift's fixes")
    again = run_pr(builder.root, base)
    fixable = {"DRIFT001", "DRIFT002", "DRIFT003", "DRIFT004", "DRIFT005", "DRIFT006"}
    left = [(f.rule, f.text) for f in again.findings if f.rule in fixable]
    assert left == [("DRIFT002", "--gone-flag")]  # removed outright: a person decides what to write


def test_pr_without_base_uses_the_merge_base_with_the_default_branch(make_repo):
    builder = make_repo(BASE_FILES)
    builder.repo.git.checkout("-b", "feature")
    builder.commit({"trainer/args.py": ARGS_V2}, "Rename on a branch")
    result = run_pr(builder.root)
    assert result.base == builder.repo.git.rev_parse("main")
    assert "--rollout-batch" in _by_text(result)


def test_history_command_shows_when_a_name_came_and_went(make_repo, capsys):
    builder, _ = _history(make_repo)
    assert main(["history", "--rollout-batch", str(builder.root)]) == 0
    out = capsys.readouterr().out
    assert "in code:" in out and "(#42)" in out and "gone since" in out
    assert "in docs:" in out


def test_pr_cli_json(make_repo):
    builder, base = _history(make_repo)
    proc = subprocess.run([sys.executable, "-m", "drift_docs.cli", "pr", str(builder.root), "--base", base, "--format", "json"], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    import json

    data = json.loads(proc.stdout)
    assert data["base"] == base and any(c["old"] == "--rollout-batch" and c["new"] == "--rollout-batch-size" for c in data["changes"])


def test_a_reworded_heading_is_traced_to_the_links_into_it_and_old_breakage_is_left_to_audit(make_repo):
    guide = "# Guide\n\n## Projects built with trainer\n\nText.\n\n## Setup\n\nMore.\n"
    readme = (
        "# Trainer\n\n"
        "See [projects](docs/guide.md#projects-built-with-trainer).\n\n"
        "And [a link that was always broken](docs/guide.md#no-such-heading).\n"
    )
    builder = make_repo({"docs/guide.md": guide, "README.md": readme})
    base = builder.repo.head.commit.hexsha
    builder.commit({"docs/guide.md": guide.replace("built with", "built upon") + "\nA new line.\n"}, "Reword a heading (#12)")
    result = run_pr(builder.root, base=base, blame=False)
    (found,) = result.findings
    assert (found.path, found.line, found.rule, found.text) == ("README.md", 3, "DRIFT008", "#projects-built-with-trainer")
    assert found.replacement == "#projects-built-upon-trainer" and found.certain
    assert found.line_after == "See [projects](docs/guide.md#projects-built-upon-trainer)."
    # The audit still reports the link that was broken before the change.
    assert {f.text for f in audit(builder.root, blame=False).findings} == {"#projects-built-with-trainer", "#no-such-heading"}


def test_removing_the_read_of_a_librarys_env_var_does_not_make_the_doc_stale(make_repo):
    code = 'import os\nKEY = os.environ.get("E2B_API_KEY")\nDEBUG = os.environ.get("TRAINER_DEBUG")\nPORT = os.environ.get("PROXY_BACKEND_PORT")\n'
    doc = "# Setup\n\nExport `E2B_API_KEY` for the sandbox SDK.\n\nSet `TRAINER_DEBUG=1` to debug.\n\nThe proxy listens on `PROXY_BACKEND_PORT`.\n"
    builder = make_repo({"trainer/__init__.py": "", "trainer/run.py": code, "README.md": doc})
    base = builder.repo.head.commit.hexsha
    builder.commit({"trainer/run.py": "X = 1\n"}, "Stop reading env vars here")
    found = [(f.line, f.text, f.confidence) for f in run_pr(builder.root, base=base, blame=False).findings]
    # A library's family (E2B_) may still be read by that library; a name of no library's
    # family that the change stopped reading is stale, if less surely than the repository's own.
    assert found == [(5, "TRAINER_DEBUG", "high"), (7, "PROXY_BACKEND_PORT", "medium")]


def test_the_audit_follows_a_file_git_saw_renamed_to_its_new_path(make_repo):
    script = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--model')\n"
    doc = "```bash\npython scripts/dpo_online.py --model m\n```\n"
    builder = make_repo({"scripts/dpo_online.py": script, "README.md": doc})
    builder.repo.git.mv("scripts/dpo_online.py", "scripts/online_dpo.py")
    builder.repo.index.commit("Rename the DPO script (#3783)")
    (found,) = audit(builder.root).findings
    assert found.replacement == "scripts/online_dpo.py" and found.certain
    assert found.line_after == "python scripts/online_dpo.py --model m"
    assert found.broken_by["pr"] == 3783
    # The doc line was written before the rename: it went stale, it was not born so.
    assert found.broken_by["born_stale"] is False


def test_a_default_changed_in_one_of_two_configs_sharing_a_field(make_repo):
    configs = (
        "from dataclasses import dataclass, field\n"
        "@dataclass\nclass DPOConfig:\n    max_completion_length: int = field(default=128)\n"
        "@dataclass\nclass GRPOConfig:\n    max_completion_length: int = field(default=256)\n"
    )
    script = "from transformers import HfArgumentParser\nfrom configs import {cls}\nHfArgumentParser(({cls},)).parse_args_into_dataclasses()\n"
    doc = "# GRPO\n\n| flag | default | meaning |\n| --- | --- | --- |\n| `--max_completion_length` | `256` | Max completion tokens. |\n"
    builder = make_repo({"configs.py": configs, "dpo.py": script.format(cls="DPOConfig"), "grpo.py": script.format(cls="GRPOConfig"), "README.md": doc})
    base = builder.repo.head.commit.hexsha
    builder.commit({"configs.py": configs.replace("default=256", "default=512")}, "Raise GRPO's completion length (#6264)")
    result = run_pr(builder.root, base=base, blame=False)
    # Both spellings HfArgumentParser accepts changed, in GRPOConfig only.
    assert sorted((c["old"], c["change"], c["now"]) for c in result.changes) == [
        ("--max-completion-length", "default-changed", "configs.py:7"),
        ("--max_completion_length", "default-changed", "configs.py:7"),
    ]
    (found,) = result.findings
    assert (found.rule, found.text, found.replacement, found.certain) == ("DRIFT006", "256", "512", True)


def test_a_field_dropped_from_one_config_is_stale_for_that_programs_commands_only(make_repo):
    configs = (
        "from dataclasses import dataclass, field\n"
        "@dataclass\nclass DistillConfig:\n    lmbda: float = field(default=0.5)\n    beta: float = field(default=0.5)\n"
        "@dataclass\nclass GKDConfig:\n    lmbda: float = field(default=0.5)\n"
    )
    script = "from transformers import HfArgumentParser\nfrom configs import {cls}\nHfArgumentParser(({cls},)).parse_args_into_dataclasses()\n"
    doc = (
        "# Distillation\n\n```bash\npython distill.py --lmbda 0.0 --beta 0.5\npython gkd.py --lmbda 0.5\n```\n\n"
        "Both trainers once read `--lmbda`.\n"
    )
    builder = make_repo({"configs.py": configs, "distill.py": script.format(cls="DistillConfig"), "gkd.py": script.format(cls="GKDConfig"), "README.md": doc})
    base = builder.repo.head.commit.hexsha
    builder.commit({"configs.py": configs.replace("    lmbda: float = field(default=0.5)\n    beta", "    beta", 1)}, "Remove lmbda from distillation (#6460)")
    (found,) = run_pr(builder.root, base=base, blame=False).findings
    assert (found.line, found.text, found.rule) == (4, "--lmbda", "DRIFT002")
    assert found.message == "--lmbda was removed from DistillConfig by this change"
    assert "still defined at configs.py" in found.evidence


def test_keyword_arguments_of_a_config_class_in_a_doc_are_its_fields(make_repo):
    configs = (
        "from dataclasses import dataclass, field\n"
        "@dataclass\nclass BaseConfig:\n    seed: int = 0\n"
        "@dataclass\nclass DistillConfig(BaseConfig):\n    use_teacher_server: bool = False\n    beta: float = 0.5\n"
    )
    script = "from transformers import HfArgumentParser\nfrom configs import DistillConfig\nHfArgumentParser((DistillConfig,)).parse_args_into_dataclasses()\n"
    doc = (
        "# Distillation\n\n```python\nfrom configs import DistillConfig\n\n"
        "config = DistillConfig(\n    use_teacher_server=True,\n    beta=1.0, seed=3,\n    betta=2,\n)\nprint(dict(a=1))\n```\n"
    )
    builder = make_repo({"configs.py": configs, "train.py": script, "README.md": doc})
    # The audit: a keyword the dataclass (with its base) does not have.
    (typo,) = audit(builder.root, blame=False).findings
    assert (typo.line, typo.column, typo.text, typo.replacement) == (9, 5, "betta", "beta")
    assert typo.message == "DistillConfig has no field betta"
    base = builder.repo.head.commit.hexsha
    builder.commit({"configs.py": configs.replace("    use_teacher_server: bool = False\n", "")}, "Move the teacher server out (#6454)")
    # PR mode: the field the change removed, at the doc line that still sets it.
    (gone,) = run_pr(builder.root, base=base, blame=False).findings
    assert (gone.line, gone.text, gone.replacement) == (7, "use_teacher_server", None)
    assert gone.message == "DistillConfig has no field use_teacher_server since this change"


def test_a_removed_field_of_a_config_with_a_base_from_elsewhere(make_repo):
    configs = (
        "from dataclasses import dataclass\nfrom transformers import TrainingArguments\n"
        "@dataclass\nclass DistillConfig(TrainingArguments):\n    use_teacher_server: bool = False\n    beta: float = 0.5\n"
    )
    script = "from transformers import HfArgumentParser\nfrom configs import DistillConfig\nHfArgumentParser((DistillConfig,)).parse_args_into_dataclasses()\n"
    doc = "```python\nconfig = DistillConfig(output_dir='out', use_teacher_server=True, bogus=1)\n```\n"
    builder = make_repo({"configs.py": configs, "train.py": script, "README.md": doc})
    # TrainingArguments' fields are unknown here: the audit claims nothing about them.
    assert audit(builder.root, blame=False).findings == []
    base = builder.repo.head.commit.hexsha
    builder.commit({"configs.py": configs.replace("    use_teacher_server: bool = False\n", "")}, "Drop the teacher server")
    (gone,) = run_pr(builder.root, base=base, blame=False).findings
    assert (gone.text, gone.confidence) == ("use_teacher_server", "medium")


def test_a_field_moved_to_a_new_config_class_is_not_stale_where_the_doc_uses_that_class(make_repo):
    configs = (
        "from dataclasses import dataclass\nfrom transformers import TrainingArguments\n"
        "@dataclass\nclass DistillConfig(TrainingArguments):\n    gamma: float = 0.5\n    beta: float = 0.5\n"
    )
    moved = configs.replace("    gamma: float = 0.5\n", "") + "@dataclass\nclass IWConfig(DistillConfig):\n    gamma: float = 0.5\n"
    script = "from transformers import HfArgumentParser\nfrom configs import DistillConfig\nHfArgumentParser((DistillConfig,)).parse_args_into_dataclasses()\n"
    doc = "```python\na = IWConfig(gamma=0.5)\nb = DistillConfig(gamma=0.5)\n```\n"
    builder = make_repo({"configs.py": configs, "train.py": script, "README.md": doc})
    base = builder.repo.head.commit.hexsha
    builder.commit({"configs.py": moved, "README.md": doc}, "Move gamma to IWConfig")
    assert [(f.line, f.text) for f in run_pr(builder.root, base=base, blame=False).findings] == [(3, "gamma")]


HELP_ARGS = '''
import argparse
def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--rollout-batch", type=int, default=32, help="Number of prompts per rollout step.")
    p.add_argument("--use-kl-loss", action="store_true", help="Add a KL term to the loss.")
    p.add_argument("--kl-coef", type=float, default=0.1, help="Weight of the KL term; only used with --use-kl-loss.")
    p.add_argument("--lr", type=float, default=1e-5, help="Learning rate.")
    return p.parse_args()


if __name__ == "__main__":
    parse_args()
'''

HELP_TABLE = """# Flags

| Flag | Default | Description |
| --- | --- | --- |
| `--rollout-batch` | `32` | Number of prompts per rollout step. |
| `--lr` | `1e-5` | Learning rate. |
| `--kl-coef` | `0.1` | Weight of the KL term. |
"""


def test_a_pr_that_rewrites_a_flags_description_points_at_its_help_string(make_repo):
    builder = make_repo({"train.py": HELP_ARGS, "docs/flags.md": HELP_TABLE})
    base = builder.repo.head.commit.hexsha
    rewritten = HELP_TABLE.replace("Number of prompts per rollout step.", "Prompts sampled at each step, before filtering.")
    rewritten = rewritten.replace("| Learning rate. |", "| Learning rate (peak). |").replace("`0.1` |", "`0.2` |")
    builder.commit({"docs/flags.md": rewritten}, "Reword the flag docs")
    found = [f for f in run_pr(builder.root, base, blame=False).findings if f.rule == "DRIFT018"]
    # One new description that says something else; a close rewording and a row whose
    # description the change left alone (only its default) are not pointed at.
    assert [(f.line, f.text) for f in found] == [(5, "--rollout-batch")]
    assert "train.py:5" in found[0].message and '"Number of prompts per rollout step."' in found[0].evidence
    assert found[0].replacement is None
    # A change that rewrites the help as well needs no pointer; audits never run the rule.
    builder.commit({"train.py": HELP_ARGS.replace("Number of prompts per rollout step.", "Prompts sampled at each step, before filtering.")}, "Reword the help")
    assert not [f for f in run_pr(builder.root, base, blame=False).findings if f.rule == "DRIFT018"]
    assert not [f for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT018"]


def test_a_pr_that_removes_a_flag_reports_the_help_strings_that_still_name_it(make_repo):
    builder = make_repo({"train.py": HELP_ARGS, "docs/flags.md": HELP_TABLE})
    base = builder.repo.head.commit.hexsha
    renamed = HELP_ARGS.replace('"--use-kl-loss", action', '"--use-kl", action')
    builder.commit({"train.py": renamed}, "Rename --use-kl-loss")
    found = [f for f in run_pr(builder.root, base, blame=False).findings if f.rule == "DRIFT015"]
    assert [(f.path, f.line, f.text, f.replacement) for f in found] == [("train.py", 7, "--use-kl-loss", "--use-kl")]
    assert found[0].change["change"] == "renamed" and "this change renamed to --use-kl" in found[0].message


def test_a_class_the_block_imports_from_another_package_is_not_a_same_named_dataclass_here(make_repo):
    """LMOps vendors a BigBird example with a dataclass `Trainer`; its docs' `from
    transformers import Trainer` then `Trainer(model=..., train_dataset=...)` is the
    library's class (6 of 20 false findings)."""
    example = "from dataclasses import dataclass\n\n\n@dataclass\nclass Trainer:\n    args: int = 0\n"
    doc = (
        "# Fine-tune\n\n```python\nfrom transformers import Trainer\n\ntrainer = Trainer(model=m, train_dataset=d)\n```\n\n"
        "With no import, the page means the library's class too:\n\n```python\ntrainer = Trainer(model=m, eval_dataset=d)\n```\n\n"
        "```python\nfrom examples.bigbird import Trainer\n\ntrainer = Trainer(argz=1)\n```\n"
    )
    builder = make_repo({"examples/__init__.py": "", "examples/bigbird.py": example, "README.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["argz"]


def test_an_unlabelled_fence_that_opens_with_an_import_is_python(make_repo):
    """Megatron-LM's QuickStart: a bare ``` block opening with `import torch` imports
    `_NullTokenizer` from a module the change deletes: read as Python for its imports."""
    doc = (
        "# Quick start\n\n1. Build the data:\n\n    ```\n    import torch\n\n"
        "    from pkg.tokenizer.legacy import _NullTokenizer\n    ```\n\n"
        "```\npip install pkg\n```\n"
    )
    builder = make_repo({"pkg/__init__.py": "", "pkg/tokenizer/__init__.py": "", "pkg/tokenizer/legacy.py": "class _NullTokenizer:\n    pass\n", "pkg/core.py": "x = 1\n", "docs/quick.md": doc})
    base = builder.repo.head.commit.hexsha
    head = builder.commit({}, "Remove the legacy tokenizer", remove=("pkg/tokenizer/legacy.py",))
    review = run_pr(builder.root, base, head, blame=False)
    assert sorted((f.line, f.text) for f in review.findings) == [(8, "pkg.tokenizer.legacy"), (8, "pkg.tokenizer.legacy._NullTokenizer")]
