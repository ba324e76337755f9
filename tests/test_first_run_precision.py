"""Layouts real doc sites and CLIs use that once flooded a first run with false findings."""

from __future__ import annotations

from bot.engine import audit


def test_myst_labels_are_link_targets_not_files(make_repo):
    reference = "# CLI\n\n- [GRPO](section-grpo)\n- [Gone](section-gone)\n- [Anchor](#section-grpo)\n\n(section-grpo)=\n## GRPO\n"
    other = "# Other\n\nSee [the GRPO options](section-grpo).\n"
    builder = make_repo({"docs/cli.md": reference, "docs/other.md": other, "docs/conf.py": "extensions = ['myst_parser']\n"})
    stale = [(f.path, f.line, f.text) for f in audit(builder.root, blame=False).findings]
    assert stale == [("docs/cli.md", 4, "section-gone")]


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
    doc = "# Train\n\n```bash\nrobot-train --policy.lr=1e-5 --steps 10 --policy.type=act\nrobot-eval --episodes 3 --episode 4\n```\n"
    builder = make_repo({"pyproject.toml": PYPROJECT, "robot/__init__.py": "", "robot/train.py": TRAIN, "robot/evaluate.py": EVALUATE, "README.md": doc})
    found = [(f.line, f.text, f.replacement) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"]
    # draccus makes robot-train's flags from its dataclasses; robot-eval's argparse flags are checked.
    assert found == [(5, "--episode", "--episodes")]


def test_a_template_s_paths_are_to_be_filled_in(make_repo):
    template = "# Checklist\n\n| file | what |\n|---|---|\n| `tests/test_file.py` | the test |\n\nSee [the guide](missing.md).\n"
    builder = make_repo({"tests/test_real.py": "", "docs/_TEMPLATE.md": template})
    assert [(f.line, f.text) for f in audit(builder.root, blame=False).findings] == [(7, "missing.md")]
