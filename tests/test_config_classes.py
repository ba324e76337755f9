"""Programs configured by classes: a command line built from a config class tree
(`cli(RLConfig)` behind `--trainer.optim.lr`, `Config.from_cli_overrides(argv)` behind
`trainer.epochs=2`), and a launcher's `--config x.yaml` that scopes its overrides to that
file and the config class its script loads. Real repositories, real parses."""

from __future__ import annotations

from drift_docs.engine import audit
from drift_docs.index import _package_roots

# A pydantic-settings style CLI (as prime-rl's): console scripts whose modules live in a
# namespace package under src/, their config classes in a monorepo sub-project.
CONFIGS = """\
from pydantic_config import BaseConfig
from transformers import TrainingArguments


class ClientConfig(BaseConfig):
    base_url: str = "http://localhost:8000"


class ModelConfig(BaseConfig):
    name: str = "Qwen/Qwen3-0.6B"
    client: ClientConfig = ClientConfig()


class OptimConfig(BaseConfig):
    lr: float = 1e-6
    weight_decay: float = 0.0


class HFArgs(TrainingArguments):
    extra_note: str = ""


class TrainerConfig(BaseConfig):
    optim: OptimConfig = OptimConfig()
    model: ModelConfig = ModelConfig()
    hf: HFArgs | None = None
    max_steps: int = 10


class RLConfig(BaseConfig):
    trainer: TrainerConfig = TrainerConfig()
    dry_run: bool = False
    clean: bool = True
    output_dir: str = "outputs"
"""

RL_ENTRY = """\
from pydantic_config import cli

from pkg.configs.rl import RLConfig


def main():
    config = cli(RLConfig)
    print(config)
"""

# The same config class behind a script that also parses one flag of its own.
HYBRID_ENTRY = """\
import argparse
import sys

from pydantic_config import cli

from pkg.configs.rl import RLConfig


def main():
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--env_variant", choices=["a", "b"])
    args, rest = parser.parse_known_args(sys.argv[1:])
    print(args, cli(RLConfig))


if __name__ == "__main__":
    main()
"""

CLI_DOC = """\
# Configuration

```bash
rl --trainer.optim.lr 5e-6 --dry-run --no-clean --output-dir /tmp/x
rl --trainer.hf.anything 1 --trainer.optim.weight-decay 0.1
rl --trainer.lr 1e-3
rl --client.base-url http://host:8000
rl --trainer.optim.lr=1e-5 --trainer.max-step 5
python scripts/hybrid.py --env_variant a --trainer.max-steps 3
```

Set `--trainer.model.client.base-url` to point at the server; `--help` lists every field.
"""


def _cli_files():
    return {
        "pyproject.toml": '[project]\nname = "pkg"\n\n[project.scripts]\nrl = "pkg.entrypoints.rl:main"\n',
        "src/pkg/entrypoints/rl.py": RL_ENTRY,
        "packages/pkg-configs/pyproject.toml": '[project]\nname = "pkg-configs"\n',
        "packages/pkg-configs/src/pkg/configs/rl.py": CONFIGS,
        "scripts/hybrid.py": HYBRID_ENTRY,
        "docs/configuration.md": CLI_DOC,
    }


def _found(result, rule):
    return sorted((f.line, f.text, f.replacement) for f in result.findings if f.rule == rule)


def test_flags_of_a_cli_built_from_config_classes_are_judged_by_their_field_tree(make_repo):
    builder = make_repo(_cli_files())
    result = audit(builder.root, blame=False)
    # `--trainer.lr`: TrainerConfig has no `lr`, the one `lr` below it is optim's;
    # `--client.base-url` moved under trainer.model; `--trainer.max-step` is a typo of max_steps. Fields
    # reached through a base class from transformers are open; pydantic bases add nothing.
    assert _found(result, "DRIFT002") == [
        (6, "--trainer.lr", "--trainer.optim.lr"),
        (7, "--client.base-url", "--trainer.model.client.base-url"),
        (8, "--trainer.max-step", "--trainer.max-steps"),
    ]
    evidence = next(f.evidence for f in result.findings if f.text == "--trainer.lr")
    assert "RLConfig" in evidence and "`trainer` (TrainerConfig" in evidence and "no field `lr`" in evidence


def test_without_the_cli_call_the_classes_make_no_flags(make_repo):
    files = _cli_files()
    files["src/pkg/entrypoints/rl.py"] = "def main():\n    print('no config class here')\n"
    files["scripts/hybrid.py"] = "print('nothing')\n"
    result = audit(builder_root := make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"])
    # Nothing tells drift these flags exist now: the dotted ones are unknown again (low:
    # a page whose flags are nearly all unknown is more likely drift's blind spot).
    assert "--trainer.optim.lr" in {f.text for f in result.findings if f.rule == "DRIFT002"}, builder_root


def test_package_roots_cover_namespace_src_layouts_and_monorepo_sub_projects():
    files = set(_cli_files()) | {"tools/x.py", "src/README.md", "libs/a/setup.py", "libs/a/alib/__init__.py", "libs/a/alib/m.py"}
    assert _package_roots(files) == {"", "src", "packages/pkg-configs/src", "libs/a"}


# A dataclass tree read from `key=value` overrides (as SkyRL's), with an unrelated YAML
# elsewhere that happens to have a `generator` section.
TREE = """\
from dataclasses import dataclass, field
from typing import Optional


@dataclass
class EngineConfig:
    backend: str = "vllm"
    num_engines: int = 1


@dataclass
class GeneratorConfig:
    engine: EngineConfig = field(default_factory=EngineConfig)
    sampling: dict = field(default_factory=dict)


@dataclass
class TrainerConfig:
    epochs: int = 1
    override_entrypoint: Optional[str] = None


@dataclass
class MainConfig:
    generator: GeneratorConfig = field(default_factory=GeneratorConfig)
    trainer: TrainerConfig = field(default_factory=TrainerConfig)

    @classmethod
    def from_cli_overrides(cls, args):
        return cls()
"""

MAIN = """\
import sys
from importlib import import_module

from tree.config import MainConfig


def main():
    for arg in sys.argv[1:]:
        if arg.startswith("trainer.override_entrypoint="):
            return import_module(arg.split("=", 1)[1]).main()
    return MainConfig.from_cli_overrides(sys.argv[1:])


if __name__ == "__main__":
    main()
"""

TREE_DOC = """\
# Running

```bash
python -m tree.main generator.engine.backend=sglang generator.sampling.top_p=0.9 trainer.epochs=2
python -m tree.main generator.engine.async_engine=true trainer.epoch=3
python -m tree.main trainer.override_entrypoint=plugins.arctic trainer.arctic.zero_stage=3
```
"""


def test_overrides_of_a_program_built_from_a_dataclass_tree(make_repo):
    files = {
        "tree/__init__.py": "",
        "tree/config.py": TREE,
        "tree/main.py": MAIN,
        "examples/agent/openai.yaml": "generator:\n  model: gpt\n  temperature: 0.1\n",
        "docs/running.md": TREE_DOC,
    }
    result = audit(make_repo(files).root, blame=False)
    found = _found(result, "DRIFT017")
    # Known fields and a dict's keys pass; the unrelated YAML neither hides nor decides;
    # a command the entry dispatches elsewhere (it reads override_entrypoint itself) is open.
    assert found == [(5, "generator.engine.async_engine", None), (5, "trainer.epoch", "trainer.epochs")]
    evidence = next(f.evidence for f in result.findings if f.text == "generator.engine.async_engine")
    assert "tree/main.py reads its overrides into MainConfig" in evidence and "(EngineConfig, tree/config.py) has no field `async_engine`" in evidence


# A launcher handed a script and its YAML (as AReaL's): the YAML and the class the script
# loads it into decide, not a section another example's YAML has.
BASE = """\
from dataclasses import dataclass, field


@dataclass
class EngineConfig:
    path: str = ""
    lr: float = 1e-5


@dataclass
class BaseExperimentConfig:
    experiment_name: str = ""
    seed: int = 1
    cluster: dict = field(default_factory=dict)


@dataclass
class RWConfig(BaseExperimentConfig):
    actor: EngineConfig = field(default_factory=EngineConfig)


@dataclass
class SFTConfig(BaseExperimentConfig):
    model: EngineConfig = field(default_factory=EngineConfig)
"""

RW_SCRIPT = """\
import sys

from lab.api.cli_args import RWConfig, load_expr_config


def main(args):
    config, _ = load_expr_config(args, RWConfig)


if __name__ == "__main__":
    main(sys.argv[1:])
"""

RW_README = """\
# Reward model

```bash
python3 -m lab.launcher.local rw.py --config rw.yaml experiment_name=rw actor.path=Qwen/Qwen2 seed=2 model.path=Qwen/Qwen2
```
"""


def test_a_command_s_config_file_scopes_its_overrides(make_repo):
    files = {
        "lab/__init__.py": "",
        "lab/api/__init__.py": "",
        "lab/api/cli_args.py": BASE + "\n\ndef load_expr_config(args, cls):\n    return cls(), args\n",
        "lab/launcher/__init__.py": "",
        "lab/launcher/local.py": "import sys\n\nif __name__ == '__main__':\n    print(sys.argv)\n",
        "examples/rw/rw.py": RW_SCRIPT,
        "examples/rw/rw.yaml": "experiment_name: rw\nseed: 1\ncluster:\n  n_nodes: 1\nactor:\n  path: x\n  lr: 1e-5\n",
        "examples/rw/README.md": RW_README,
        "examples/sft/sft.yaml": "experiment_name: sft\nseed: 1\ncluster:\n  n_nodes: 1\nmodel:\n  path: x\n",
    }
    result = audit(make_repo(files).root, blame=False)
    found = [f for f in result.findings if f.rule == "DRIFT017"]
    assert [(f.line, f.text, f.confidence) for f in found] == [(4, "model.path", "high")]
    assert "examples/rw/rw.yaml, the config this command loads, has no `model`" in found[0].evidence
    assert "RWConfig" in found[0].evidence


def test_a_module_path_that_moved_still_has_its_overrides_checked(make_repo):
    files = {
        "lab/__init__.py": "",
        "lab/launcher/__init__.py": "",
        "lab/launcher/local.py": "import sys\n\nif __name__ == '__main__':\n    print(sys.argv)\n",
        "configs/base.yaml": "actor:\n  optimizer:\n    lr: 1e-5\nseed: 1\n",
        "docs/cli.md": "# CLI\n\n```bash\npython -m lab.launcher --config path/to/config.yaml actor.lr=1e-4 seed=42\n```\n",
    }
    result = audit(make_repo(files).root, blame=False)
    # A package with no __main__.py cannot be run with -m; its runnable module is the fix.
    package = next(f for f in result.findings if f.rule == "DRIFT005")
    assert (package.text, package.replacement) == ("lab.launcher", "lab.launcher.local")
    assert "no __main__.py" in package.evidence
    assert _found(result, "DRIFT017") == [(4, "actor.lr", "actor.optimizer.lr")]


def test_a_change_that_drops_a_key_from_the_file_a_command_loads_is_reported_in_pr_mode(make_repo):
    from drift_docs.pr import run_pr

    files = {
        "lab/__init__.py": "",
        "lab/launcher/__init__.py": "",
        "lab/launcher/local.py": "import sys\n\nif __name__ == '__main__':\n    print(sys.argv)\n",
        "examples/rw/rw.py": "print('train')\n",
        "examples/rw/rw.yaml": "seed: 1\nmodel:\n  path: x\n",
        "examples/rw/README.md": "# RW\n\n```bash\npython3 -m lab.launcher.local rw.py --config rw.yaml model.path=Qwen/Qwen2 seed=2\n```\n\nThe default image is `\"/storage/images/latest.sif\"`.\n",
        "examples/sft/sft.yaml": "seed: 1\nmodel:\n  path: x\n",
    }
    builder = make_repo(files)
    base = builder.repo.head.commit.hexsha
    builder.commit({"examples/rw/rw.yaml": "seed: 1\nactor:\n  path: x\n"}, "model is actor now")
    result = run_pr(builder.root, base, "HEAD", blame=False)
    # Another example still has `model.path`: only this file lost it, for this command.
    assert [(f.path, f.line, f.text) for f in result.findings] == [("examples/rw/README.md", 4, "model.path")]
    assert "removed from examples/rw/rw.yaml by this change" in result.findings[0].message
    # A quoted absolute path is a value on some machine, not a file of this repository.
    assert [f.rule for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"] == []


def test_a_config_class_cli_elsewhere_does_not_vouch_for_a_parser_s_misspelled_flags(make_repo):
    server = (
        "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('--local_world_size', type=int, default=1)\n"
        "    parser.add_argument('--reuse_cache', action='store_true')\n    parser.parse_args()\n\n\n"
        "if __name__ == '__main__':\n    main()\n"
    )
    tool = (
        "from dataclasses import dataclass\n\nfrom pydantic_config import cli\n\n\n@dataclass\nclass ToolConfig:\n"
        "    local_world_size: int = 1\n    reuse_cache: bool = False\n\n\nif __name__ == '__main__':\n    cli(ToolConfig)\n"
    )
    doc = "# Server\n\n| Flag | Default |\n|---|---|\n| `--local-world-size` | `1` |\n| `--reuse_cache` | off |\n\n```bash\npython server.py --reuse-cache\n```\n"
    result = audit(make_repo({"server.py": server, "tools/tool.py": tool, "docs/server.md": doc}).root, blame=False)
    # argparse takes `--local_world_size` only; the tool's class field of that name is no flag of the server.
    assert _found(result, "DRIFT002") == [(5, "--local-world-size", "--local_world_size"), (9, "--reuse-cache", "--reuse_cache")]


def test_the_reference_of_a_program_built_from_config_classes_lists_their_fields(make_repo, capsys):
    from drift_docs.cli import main

    files = _cli_files()
    files["packages/pkg-configs/src/pkg/configs/rl.py"] = CONFIGS.replace(
        "    max_steps: int = 10\n",
        '    max_steps: int = 10\n    """Steps to train for."""\n    mode: Literal["fast", "slow"] = "fast"\n',
    ).replace("from pydantic_config import BaseConfig\n", "from typing import Literal\n\nfrom pydantic_config import BaseConfig\n")
    root = str(make_repo(files).root)
    assert main(["reference", root, "--program", "rl", "--columns", "Flag,Description,Default,Choices"]) == 0
    page = capsys.readouterr().out
    assert "| `--trainer.optim.lr` |  | `1e-06` |  |" in page
    assert "| `--trainer.max-steps` | Steps to train for. | `10` |  |" in page
    assert "| `--trainer.mode` |  | `fast` | fast, slow |" in page
    assert "| `--dry-run` |  | `False` |  |" in page
    assert "## trainer.optim" in page and "--trainer.model.client.base-url" in page
    assert main(["reference", root, "--list-programs"]) == 0
    assert "config-class options" in capsys.readouterr().out


def test_coverage_counts_a_config_class_program_s_fields(make_repo):
    from drift_docs.cache import Cache
    from drift_docs.config import load_config
    from drift_docs.coverage import compute
    from drift_docs.engine import analyse
    from drift_docs.revision import Revision, open_repo

    with Revision(open_repo(make_repo(_cli_files()).root), "HEAD") as revision:
        config = load_config(revision)
        coverage = compute(analyse(revision, config, Cache(None)), config.coverage)
    rl = next(p for p in coverage.programs if p.name == "rl")
    names = {item.name: bool(item.documented_in) for item in rl.items}
    # The doc writes --trainer.optim.lr, --dry-run, --output-dir and
    # --trainer.model.client.base-url; nothing writes --trainer.model.name.
    assert names["--trainer.optim.lr"] and names["--dry-run"] and names["--trainer.model.client.base-url"]
    assert names["--trainer.model.name"] is False and rl.open_to == []


def test_overrides_of_a_module_that_is_nowhere_are_not_judged(make_repo):
    files = {
        "verl/__init__.py": "",
        "verl/trainer/__init__.py": "",
        "verl/trainer/main_ppo.py": "if __name__ == '__main__':\n    pass\n",
        "verl/trainer/config/ppo_trainer.yaml": "trainer:\n  nnodes: 1\n  n_gpus_per_node: 8\n",
        "scripts/pipeline.sh": "python3 -m verl.trainer.main_ppo_async trainer.n_training_gpus_per_node=4 trainer.n_gpus_per_node=8\n",
        "scripts/run.sh": "python3 -m verl.trainer.main_ppo trainer.nnode=2 trainer.nnodes=1\n",
    }
    result = audit(make_repo(files).root, blame=False)
    # main_ppo_async belongs to another distribution (reported as a missing module, its keys
    # left alone); main_ppo's typo gets no fix that the command already sets.
    assert _found(result, "DRIFT017") == [(1, "trainer.nnode", None)]
    assert ("DRIFT005", "scripts/pipeline.sh") in {(f.rule, f.path) for f in result.findings}


def test_an_omegaconf_structured_config_is_the_programs_and_a_remote_worker_is_not(make_repo, capsys):
    from drift_docs.cli import main

    config = (
        "from dataclasses import dataclass, field\n\n\n@dataclass\nclass DataConfig:\n    max_prompt_length: int = 512\n\n\n"
        "@dataclass\nclass PPOConfig:\n    data: DataConfig = field(default_factory=DataConfig)\n    seed: int = 1\n"
    )
    worker = "class Worker:\n    _world_size: int\n    _rank: int\n    name: str = 'w'\n    size: int = 1\n"
    entry = (
        "import ray\nfrom omegaconf import OmegaConf\n\nfrom pkg.config import PPOConfig\nfrom pkg.worker import Worker\n\n\n"
        "def main():\n    cli_args = OmegaConf.from_cli()\n    config = OmegaConf.merge(OmegaConf.structured(PPOConfig()), cli_args)\n"
        "    ray.remote(Worker)\n\n\nif __name__ == '__main__':\n    main()\n"
    )
    doc = "# Run\n\n```bash\npython3 -m pkg.main data.max_prompt_length=1024 data.max_prompt_lenght=1\n```\n"
    files = {"pkg/__init__.py": "", "pkg/config.py": config, "pkg/worker.py": worker, "pkg/main.py": entry, "docs/run.md": doc}
    root = make_repo(files).root
    assert _found(audit(root, blame=False), "DRIFT017") == [(4, "data.max_prompt_lenght", "data.max_prompt_length")]
    assert main(["reference", str(root), "--program", "pkg/main.py", "--columns", "Flag,Default"]) == 0
    page = capsys.readouterr().out
    assert "| `data.max_prompt_length` | `512` |" in page and "rank" not in page and "Worker" not in page


def test_a_dataclass_with_its_own_init_takes_that_init_s_keywords(make_repo):
    config = (
        "from dataclasses import dataclass\n\n\n@dataclass\nclass Base:\n    method: str = 'x'\n\n\n"
        "@dataclass\nclass QuantConfig(Base):\n    weights: str = 'int8'\n\n"
        "    def __init__(self, weights_dtype='int8', modules_to_not_convert=None):\n        self.weights = weights_dtype\n\n\n"
        "@dataclass\nclass OpenConfig(Base):\n    bits: int = 4\n\n    def __init__(self, bits=4, **kwargs):\n        self.bits = bits\n\n\n"
        "@dataclass\nclass PlainConfig:\n    rank: int = 8\n\n\n"
        # kaolin-wisp's RenderBuffer: `__new__(cls, *args, **kwargs)` makes a subclass with a
        # field per custom channel, so `RenderBuffer(my_channel=...)` works.
        "@dataclass\nclass Buffer:\n    rgb: int = 0\n\n    def __new__(cls, *args, **kwargs):\n        return super().__new__(cls)\n"
    )
    doc = (
        "# Quantize\n\n```python\nfrom pkg.config import Buffer, OpenConfig, PlainConfig, QuantConfig\n\n"
        "QuantConfig(weights_dtype='int4')\nQuantConfig(weight_dtype='int4')\n"
        "OpenConfig(load_in_4bit=True)\nPlainConfig(rnk=4)\nBuffer(rgb=1, my_channel=2)\n```\n"
    )
    files = {"pkg/__init__.py": "", "pkg/config.py": config, "docs/q.md": doc}
    found = sorted((f.line, f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005")
    # The init's keyword is right and its near miss is not; **kwargs takes anything.
    assert found == [(7, "weight_dtype", "weights_dtype"), (9, "rnk", "rank")]


RENDER = '''
from dataclasses import dataclass, field
from typing import List, Union

import tyro
from typing_extensions import Annotated

from extra import ProcessExtra


@dataclass
class BaseRender:
    load_config: str = "config.yml"
    rendered_output_names: List[str] = field(default_factory=lambda: ["rgb"])


@dataclass
class RenderPath(BaseRender):
    camera_path_filename: str = "camera_path.json"


@dataclass
class RenderSpiral(BaseRender):
    seconds: float = 3.0


Commands = tyro.conf.FlagConversionOff[
    Union[
        Annotated[RenderPath, tyro.conf.subcommand(name="camera-path")],
        Annotated[RenderSpiral, tyro.conf.subcommand(name="spiral")],
    ]
]
try:
    import extra_tools
except ImportError:
    extra_tools = None
if extra_tools is not None:
    Commands = Union[Commands, Annotated[ProcessExtra, tyro.conf.subcommand(name="extra")]]


def entrypoint():
    tyro.cli(Commands).main()


if __name__ == "__main__":
    entrypoint()
'''

EXTRA = "from dataclasses import dataclass\n\n\n@dataclass\nclass ProcessExtra:\n    vrs_file: str = ''\n    output_dir: str = 'out'\n"


def test_a_tyro_union_of_subcommand_classes_is_read_through_its_alias(make_repo):
    """nerfstudio: `tyro.cli(Commands)` where `Commands` is a Union of `Annotated[Class,
    tyro.conf.subcommand(...)]`, extended under a condition with one more class: every
    member's fields (inherited ones too) are the program's options, and prose that names
    one (`--rendered-output-names`) names an option of such a program."""
    doc = (
        "# Render\n\n```bash\npython render.py camera-path --load-config c.yml --camera-path-filename p.json\n"
        "python render.py spiral --seconds 2 --rendred-seconds 3\n"
        "python render.py extra --vrs-file f.vrs --output-dir out\n```\n\n"
        "Add `--rendered-output-names accumulation` to the render command for a mask.\n"
    )
    builder = make_repo({"render.py": RENDER, "extra.py": EXTRA, "docs/render.md": doc})
    found = [(f.line, f.text, f.confidence) for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"]
    assert found == [(5, "--rendred-seconds", "high")]


def test_a_config_class_cli_whose_argv_is_rebuilt_before_parsing_takes_more_than_its_fields(make_repo):
    """kaolin-wisp: `cfg = parse_config(NeRFAppConfig, yaml_arg='--config')`, whose
    config/_tyro.py pops `--config` and rebuilds sys.argv (short `--dataset-path` for the
    nested field) before `tyro.cli`: the class's fields are not the whole command line, so
    `--dataset-path` and `--config` are notes. A program whose argv nobody rewrites is still
    judged; a rename list's old side (`--epochs -> --max-epochs`) is history."""
    wrapper = (
        "import sys\nimport tyro\n\n\ndef parse_config(config_type, yaml_arg='--config'):\n"
        "    if yaml_arg in sys.argv:\n        at = sys.argv.index(yaml_arg)\n        del sys.argv[at:at + 2]\n"
        "    sys.argv = [a.replace('--dataset-path', '--dataset.dataset-path') for a in sys.argv]\n    return tyro.cli(config_type)\n"
    )
    app = (
        "from dataclasses import dataclass\n\nfrom pkg.config import parse_config\n\n\n@dataclass\nclass DatasetConfig:\n    dataset_path: str = ''\n\n\n"
        "@dataclass\nclass AppConfig:\n    dataset: DatasetConfig\n    max_epochs: int = 1\n\n\ncfg = parse_config(AppConfig)\n"
    )
    plain = "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--seed')\np.parse_args()\n"
    doc = (
        "# Apps\n\n```bash\npython app/main.py --config app/x.yaml --dataset-path data/lego\n```\n\n"
        "Renamed options:\n\n```\n--epochs -> --max-epochs\n--render-every -> --render-tb-every\n```\n"
    )
    train = "# Train\n\n```bash\npython tools/train.py --seeed 3\n```\n"
    files = {"pkg/__init__.py": "", "pkg/config.py": wrapper, "app/main.py": app, "tools/train.py": plain, "docs/apps.md": doc, "docs/train.md": train}
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == [("docs/train.md", "--seeed")]


def test_a_key_spelled_with_dashes_for_a_field_s_underscores_is_that_field(make_repo):
    """flwr's docs set ``options.backend.init-args``: its TOML spells with `-` what its
    config classes spell with `_` (`init_args`). A key no spelling of a field matches is
    still unknown."""
    config = (
        "from dataclasses import dataclass, field\n\n\n@dataclass\nclass BackendConfig:\n    name: str = 'ray'\n    init_args: dict = field(default_factory=dict)\n\n\n"
        "@dataclass\nclass OptionsConfig:\n    num_supernodes: int = 2\n    backend: BackendConfig = field(default_factory=BackendConfig)\n\n\n"
        "@dataclass\nclass FederationConfig:\n    address: str = ''\n    options: OptionsConfig = field(default_factory=OptionsConfig)\n"
    )
    doc = "# Simulation\n\nLimit resources by setting ``options.backend.init-args``, not ``options.backend.init-kwargs``.\n"
    files = {"fl/__init__.py": "", "fl/typing.py": config, "docs/sim.md": doc, "examples/sim.yaml": "options:\n  num_supernodes: 2\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT017"] == ["options.backend.init-kwargs"]


SPARSE_CONFIG = """\
from dataclasses import dataclass


@dataclass
class CoderConfig:
    k: int = 32
    expansion_factor: int = 32


@dataclass
class OptimConfig:
    lr: float = 1e-3


@dataclass
class TrainConfig:
    sae: CoderConfig
    optim: OptimConfig
    batch_size: int = 32
"""

SPARSE_MAIN = """\
from dataclasses import dataclass

from simple_parsing import parse

from pkg.config import TrainConfig


@dataclass
class RunConfig(TrainConfig):
    model: str = "gpt2"
    grad_acc_steps: int = 1


if __name__ == "__main__":
    print(parse(RunConfig))
"""


def test_simple_parsing_takes_a_nested_field_by_its_own_name(make_repo):
    """sparsify: `parse(RunConfig)`, where `sae: CoderConfig` has `k`. simple_parsing adds
    a nested dataclass's fields under their own names (`--k 192`), prefixing only names
    that clash; `--kk` is still no field."""
    doc = "# Train\n\n```bash\npython -m pkg --batch_size 1 --k 192 --lr 1e-4 --grad_acc_steps 8 --kk 3\n```\n"
    files = {"pkg/__init__.py": "", "pkg/config.py": SPARSE_CONFIG, "pkg/__main__.py": SPARSE_MAIN, "README.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["--kk"]
