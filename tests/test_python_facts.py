"""Facts read from Python source by the tree-sitter rules (nothing is imported or run)."""

from __future__ import annotations

import pytest

from drift_docs.engine import audit
from drift_docs.extract import compiled_rules, run_extractor
from drift_docs.rules import load_rules

COMPILED = compiled_rules(load_rules())


def facts(source: str, kind: str | None = None) -> list[dict]:
    result = run_extractor("python", source.encode(), COMPILED)
    assert "skip" not in result, result
    return [f for f in result["facts"] if kind is None or f["kind"] == kind]


def by_name(source: str, kind: str) -> dict[str, dict]:
    return {f["name"]: f for f in facts(source, kind)}


def test_argparse_option_strings_dest_group_and_defaults():
    flags = by_name(
        """
import argparse
MiB = 1024 ** 2
def add_args(parser):
    g = parser.add_argument_group(title="rollout")
    g.add_argument("--rollout-batch-size", "-b", dest="rbs", type=int, default=512 * MiB, help="size " "in bytes")
    ex = parser.add_mutually_exclusive_group()
    ex.add_argument("--fast", action="store_true")
    parser.add_argument("--colocate", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--backend", choices=("fsdp", "megatron"), default="fsdp")
    parser.add_argument("positional")
""",
        "flag",
    )
    assert set(flags) == {"--rollout-batch-size", "-b", "--fast", "--colocate", "--no-colocate", "--backend"}
    rbs = flags["--rollout-batch-size"]["attrs"]
    assert rbs["dest"] == "rbs" and rbs["group"] == "rollout" and rbs["aliases"] == ["-b"]
    assert rbs["default_value"] == 536870912 and rbs["default_human"][0] == "512 MiB"
    assert rbs["help"] == "size in bytes" and rbs["type"] == "int"
    assert flags["--fast"]["attrs"]["default_value"] is False
    assert flags["--no-colocate"]["attrs"]["dest"] == "colocate"
    assert flags["--backend"]["attrs"]["choices"] == ["fsdp", "megatron"]
    assert flags["--rollout-batch-size"]["line"] == 6


def test_argparse_helpers_that_hand_their_names_on_define_the_options_their_calls_name():
    # nvidia-resiliency-ext's launcher: every rendezvous option goes through a helper.
    flags = by_name(
        """
import argparse
def _add_argument(parser: argparse.ArgumentParser, *names: str, action=None, **kwargs) -> None:
    if action is not None:
        kwargs["action"] = action
    parser.add_argument(*names, **kwargs)

class Options:
    def add(self, parser, *flags, **kw):
        parser.add_argument(*flags, **kw)

def build(options):
    parser = argparse.ArgumentParser()
    group = parser.add_argument_group(title="rendezvous")
    _add_argument(group, "--rdzv-id", "--rdzv_id", type=str, default="none", help="group id")
    options.add(parser, "--retries", default=3)
    _add_argument(parser, name_from_elsewhere)
    return parser
""",
        "flag",
    )
    assert set(flags) == {"--rdzv-id", "--rdzv_id", "--retries"}
    # A splat of names made at run time (open-interpreter's loop over its arguments table)
    # leaves the program open.
    table = "import argparse\nARGS = load()\nparser = argparse.ArgumentParser()\nfor arg in ARGS:\n    flags = [f'--{arg[\"name\"]}']\n    parser.add_argument(*flags, help=arg['help'])\n"
    assert run_extractor("python", table.encode(), COMPILED)["dynamic_options"] == [6]
    rdzv = flags["--rdzv-id"]["attrs"]
    assert rdzv["default_value"] == "none" and rdzv["aliases"] == ["--rdzv_id"] and rdzv["group"] == "rendezvous"
    assert flags["--rdzv-id"]["line"] == 15 and flags["--retries"]["attrs"]["default_value"] == 3


def test_a_loop_over_a_module_constant_spells_the_options_it_adds():
    # speechbrain's run_opts: one add_argument(f"--{option}") per key of HELP_TEXTS.
    source = """
import argparse
HELP_TEXTS = {"compile_mode": "One of {default, max-autotune}", "debug": "Run briefly"}
EXTRA = ["seed"]
def make_parser(defaults, names):
    parser = argparse.ArgumentParser()
    for option in HELP_TEXTS.keys() & defaults.keys():
        kwargs = {"help": HELP_TEXTS[option]}
        parser.add_argument(f"--{option}", **kwargs)
    for name in sorted(EXTRA):
        parser.add_argument(f"--x-{name}", type=int, default=0)
    for name in names:
        parser.add_argument(f"--{name}")
    return parser
"""
    flags = by_name(source, "flag")
    assert {name for name in flags if "{" not in name} == {"--compile_mode", "--debug", "--x-seed"}
    # `**kwargs` may set the default: none is assumed; one the call spells is kept.
    assert "default" not in flags["--debug"]["attrs"] and flags["--x-seed"]["attrs"]["default_value"] == 0
    # The loop over a parameter spells nothing drift can list: the program is open.
    assert run_extractor("python", source.encode(), COMPILED)["dynamic_options"] == [13]


def test_click_and_typer_options():
    flags = by_name(
        """
import click, typer
@click.command()
@click.option("--shout/--no-shout", default=False, help="loud")
@click.option("--level", type=click.Choice(["a", "b"]), default="a")
def cli(shout, level): ...

def main(name: str = typer.Option("x", "--name", "-n"), dry_run: bool = typer.Option(False)):
    ...
""",
        "flag",
    )
    assert {"--shout", "--no-shout", "--level", "--name", "-n", "--dry-run", "--no-dry-run"} <= set(flags)
    assert flags["--level"]["attrs"]["choices"] == ["a", "b"]


def test_dataclass_fields_become_flags_with_negations():
    flags = by_name(
        """
from dataclasses import dataclass, field
@dataclass
class ScriptArgs:
    train_deterministic: bool = True
    lr: float = field(default=1e-3, metadata={"help": "learning rate"})
    _private: int = 0
""",
        "flag",
    )
    assert {"--train-deterministic", "--no-train-deterministic", "--train_deterministic", "--lr"} <= set(flags)
    assert not any("private" in name for name in flags)
    assert flags["--lr"]["attrs"]["help"] == "learning rate"
    assert flags["--lr"]["attrs"]["origin"] == {"kind": "derived", "class": "ScriptArgs", "builder": "dataclass", "by": "name"}


def test_env_reads_in_every_form():
    env = by_name(
        """
import os
from os import environ, getenv
a = os.environ["A_VAR"]
b = os.environ.get("B_VAR", "1")
c = environ.get("C_VAR")
d = os.getenv("D_VAR")
e = getenv("E_VAR")
f = get_bool_env_var("F_VAR")
os.environ.setdefault("G_VAR", "x")
if "H_VAR" in os.environ: pass
not_env = get_config("lowercase")
""",
        "env",
    )
    assert set(env) == {"A_VAR", "B_VAR", "C_VAR", "D_VAR", "E_VAR", "F_VAR", "G_VAR", "H_VAR"}
    assert env["B_VAR"]["attrs"]["default_value"] == "1"


def test_metric_names_patterns_and_wrapped_prefixes():
    result = run_extractor(
        "python",
        b"""
def log(stats, reason, name):
    wandb.log({"train/loss": 1.0, "lr": 2})
    log_dict = {}
    log_dict[f"eval/skipped_{reason}"] = 1
    log_dict["rollout/%s_acc" % name] = 2
    writer.add_scalar("perf/{}_time".format(name), 3)
    result[f"mis_{name}"] = 4
    other = {}
    other["not_a_metric"] = 5
    log_dict |= dict_add_prefix(stats, "perf/")
""",
        COMPILED,
    )
    metrics = {f["name"]: f for f in result["facts"] if f["kind"] == "metric"}
    assert {"train/loss", "lr", "eval/skipped_{reason}", "rollout/{name}_acc", "perf/{name}_time", "mis_{name}"} <= set(metrics)
    assert "not_a_metric" not in metrics
    assert metrics["eval/skipped_{reason}"]["pattern"] == "eval/skipped_(.*)"
    assert "perf/" in result["metric_prefixes"]


def test_symbols_are_module_local_and_walk_conditional_blocks():
    symbols = {(f["kind"], f["name"]) for f in facts(
        """
import os
from .sub import helper as public_helper
LIMIT = 3
class Engine:
    def start(self): ...
    class Inner: ...
def run(): ...
try:
    from fast import thing
except ImportError:
    def thing(): ...
for app in ("core",):
    root_router = make_router(app)
"""
    )}
    # (pulpcore's urls.py binds `root_router` inside a module-level `for`.)
    assert {("class", "Engine"), ("method", "Engine.start"), ("class", "Engine.Inner"), ("function", "run"), ("constant", "LIMIT"), ("constant", "public_helper"), ("function", "thing"), ("constant", "root_router")} <= symbols


def test_broken_python_still_yields_what_parses():
    result = run_extractor("python", b"def ok():\n    pass\nparser.add_argument('--still-here')\ndef broken(:\n", COMPILED)
    names = {f["name"] for f in result["facts"]}
    assert "--still-here" in names and "ok" in names
    assert any("syntax errors" in note for note in result["notes"])


def test_shell_script_env_interface():
    result = run_extractor("bash", b'export MY_TOKEN=1\nLOCAL=2\necho ${NODES:-4} $LOCAL $HOME\npython train.py --lr 1 "$@"\n', COMPILED)
    env = {f["name"]: f for f in result["facts"]}
    assert set(env) == {"MY_TOKEN", "NODES"}
    assert env["NODES"]["attrs"]["default"] == "4"
    assert result["mentions"]["flags"] == []  # passing a flag does not define it


def test_yaml_and_toml_keys():
    yaml_facts = {f["name"] for f in run_extractor("yaml", b"mis:\n  enabled: true\n  levels:\n    - name: a\n")["facts"]}
    assert {"mis", "mis.enabled", "mis.levels", "mis.levels.name"} <= yaml_facts
    toml_facts = {f["name"] for f in run_extractor("toml", b"[train]\nlr = 1\n")["facts"]}
    assert {"train", "train.lr"} <= toml_facts
    broken = run_extractor("yaml", b"a: [unclosed\n")
    assert broken["notes"] and "does not parse" in broken["notes"][0]


def test_names_a_module_assigns_by_unpacking_are_its_own(make_repo):
    """alibi: `KernelShap, TreeShap = import_optional('...shap_wrappers', names=[...])` in
    alibi/explainers/__init__.py makes `alibi.explainers.KernelShap` a name of the package."""
    init = "from pkg.utils import import_optional\n\nKernelShap, TreeShap = import_optional('pkg.explainers.shap', names=['KernelShap', 'TreeShap'])\n"
    files = {"pkg/__init__.py": "", "pkg/utils.py": "def import_optional(module, names):\n    pass\n", "pkg/explainers/__init__.py": init, "pkg/explainers/shap.py": "class KernelShap:\n    pass\n\n\nclass TreeShap:\n    pass\n",
             "docs/api.md": "# API\n\nUse `pkg.explainers.KernelShap`, `pkg.explainers.TreeShap` or `pkg.explainers.DeepShap`.\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.explainers.DeepShap"]


def test_every_target_of_a_chained_assignment_is_a_name_of_the_module(make_repo):
    """skyfield's api.py: `N = E = +1.0` and `S = W = -1.0`; its docs import
    `from skyfield.api import N, S, E, W`. `Z` is no name of the module."""
    api = "from .units import Angle\n\nN = E = +1.0\nS = W = -1.0\n"
    doc = "Almanac\n=======\n\n.. code-block:: python\n\n    from pkg.api import N, S, E, W, Z\n"
    files = {"pkg/__init__.py": "", "pkg/units.py": "class Angle:\n    pass\n", "pkg/api.py": api, "docs/almanac.rst": doc}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["pkg.api.Z"]


def test_a_sub_projects_portion_of_a_namespace_package_holds_its_modules(make_repo):
    """promptflow: src/promptflow has promptflow/__init__.py (pkgutil.extend_path) and
    src/promptflow-devkit/promptflow/client/ adds `promptflow.client` with no __init__.py
    of its own at promptflow/."""
    files = {
        "src/promptflow/pyproject.toml": "[project]\nname = 'promptflow'\n",
        "src/promptflow/promptflow/__init__.py": "__path__ = __import__('pkgutil').extend_path(__path__, __name__)\n",
        "src/promptflow-devkit/pyproject.toml": "[project]\nname = 'promptflow-devkit'\n",
        "src/promptflow-devkit/promptflow/client/__init__.py": "from promptflow._sdk import PFClient, load_run\n",
        "src/promptflow-devkit/promptflow/_sdk/__init__.py": "class PFClient:\n    pass\n\n\ndef load_run():\n    pass\n",
        "docs/run.md": "# Run\n\n```python\nfrom promptflow.client import PFClient\nfrom promptflow.clients import load_run\n```\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["promptflow.clients"]


def test_names_a_module_makes_after_a_pattern_in_globals_exist(make_repo):
    """dtale: `globals()["show_{}".format(loader_name)] = loader.show_loader` makes
    `dtale.show_csv`, `dtale.show_r`, ... at import time; a name outside the pattern is
    still unknown."""
    from drift_docs.engine import audit

    init = (
        "from pkg.loaders import LOADERS\n\n\ndef show(data):\n    return data\n\n\n"
        "for loader_name, loader in LOADERS.items():\n    globals()[\"show_{}\".format(loader_name)] = loader.show_loader\n"
        "    globals()[f\"load_{loader_name}\"] = loader.load\n"
    )
    files = {
        "pkg/__init__.py": init,
        "pkg/loaders.py": "LOADERS = {}\n",
        "docs/loaders.md": "# Loaders\n\nUse `pkg.show_r`, `pkg.load_csv`, `pkg.show` and `pkg.display_r`.\n",
        "pyproject.toml": '[tool.drift]\nmin_confidence = "low"\n',
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT005"]
    assert found == ["pkg.display_r"], found
