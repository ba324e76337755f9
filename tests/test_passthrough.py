"""Flags passed through to another program: external, never unknown; checked against
that program's own argument definitions when its source is at hand."""

from __future__ import annotations

from drift_docs.engine import audit

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


MEGATRON_ARGS = '''
from megatron.core.config import TrainConfig
def add_args(parser):
    factory = ArgumentGroupFactory(TrainConfig, exclude=["secret"])
    parser.add_argument("--tensor-model-parallel-size", type=int, default=1)
'''

MEGATRON_CONFIG = '''
from dataclasses import dataclass
@dataclass
class TrainConfig:
    num_layers: int = 2
    use_flash_attn: bool = True
'''

TRAIN_ON_MEGATRON = '''
import argparse
from megatron.training.arguments import parse_args
def extra(parser):
    parser.add_argument("--rollout-batch-size", type=int, default=8)
    return parser
args = parse_args(extra_args_provider=extra)
'''

MEGATRON_DOC = """# Training

```bash
python train.py --rollout-batch-size 8 --num-layers 4 --no-use-flash-attn --tensor-model-parallel-size 2
python train.py --num-layer 4
```

SGLang's `--tp-size` is passed as `--sglang-tp-size`; every such flag takes the `--sglang` prefix.
"""


def _megatron_repo(make_repo, with_source: bool):
    files = {
        "train.py": TRAIN_ON_MEGATRON,
        "router.py": 'def wrap(parser, stem):\n    parser.add_argument(f"--sglang-{stem}")\n',
        "docs/train.md": MEGATRON_DOC,
        "third_party/megatron/training/arguments.py": MEGATRON_ARGS,
        "third_party/megatron/core/config.py": MEGATRON_CONFIG,
    }
    if with_source:
        files["pyproject.toml"] = '[tool.drift]\n[[tool.drift.passthrough]]\nprefix = ""\nprogram = "megatron"\nsource = "third_party/megatron"\n'
    return audit(make_repo(files).root)


def test_flags_of_an_extended_framework_are_checked_against_its_source(make_repo):
    result = _megatron_repo(make_repo, with_source=True)
    found = [(f.line, f.rule, f.text) for f in result.findings if f.path == "docs/train.md"]
    # --num-layers and --no-use-flash-attn come from a config dataclass that Megatron's
    # ArgumentGroupFactory turns into flags, in another file: both known.
    assert found == [(5, "DRIFT002", "--num-layer")]
    evidence = next(f for f in result.findings if f.text == "--num-layer").evidence
    assert "not a flag of Megatron-LM" in evidence and "--num-layers" in evidence


def test_without_the_framework_source_its_flags_are_unverified_not_unknown(make_repo):
    result = _megatron_repo(make_repo, with_source=False)
    assert not [f for f in result.findings if f.path == "docs/train.md"]


def test_factory_flags_include_inherited_fields(make_repo):
    base = "from dataclasses import dataclass\n@dataclass\nclass ParallelConfig:\n    tensor_model_parallel_size: int = 1\n"
    child = "from dataclasses import dataclass\nfrom pkg.base import ParallelConfig\n@dataclass\nclass TrainConfig(ParallelConfig):\n    num_layers: int = 2\n"
    args = "from pkg.child import TrainConfig\ndef add(parser):\n    ArgumentGroupFactory(TrainConfig).build_group(parser, 'train')\n"
    doc = "Use `--tensor-model-parallel-size 2` and `--num-layers 4`; not `--num-layer`.\n"
    files = {"pkg/__init__.py": "", "pkg/base.py": base, "pkg/child.py": child, "pkg/args.py": args, "README.md": doc}
    result = audit(make_repo(files).root, blame=False)
    assert [f.text for f in result.findings if f.path == "README.md"] == ["--num-layer"]


def test_a_field_that_spells_its_own_option_names_is_exposed_under_them(make_repo):
    # Megatron: field(metadata={"argparse_meta": {"arg_names": [...], "dest": ...}})
    # replaces the names derived from the field.
    config = (
        "from dataclasses import dataclass, field\n"
        "@dataclass\nclass CkptConfig:\n"
        '    fully_parallel_save: bool = field(default=True, metadata={"argparse_meta": {"arg_names": ["--no-ckpt-fully-parallel-save"], "dest": "ckpt_fully_parallel_save"}})\n'
        '    fp8: str = field(default=None, metadata={"argparse_meta": {"arg_names": ["--fp8-format"]}})\n'
        "    use_cache: bool = True\n"
    )
    args = "from pkg.config import CkptConfig\ndef add(parser):\n    ArgumentGroupFactory(CkptConfig).build_group(parser, 'ckpt')\n"
    doc = (
        "Turn it off with `--no-ckpt-fully-parallel-save`, pick `--fp8-format hybrid`, or `--disable-use-cache`.\n\n"
        "Not `--no-fully-parallel-save`, nor `--fp8`.\n"
    )
    files = {"pkg/__init__.py": "", "pkg/config.py": config, "pkg/args.py": args, "README.md": doc}
    result = audit(make_repo(files).root, blame=False)
    assert sorted(f.text for f in result.findings if f.path == "README.md") == ["--fp8", "--no-fully-parallel-save"]


def test_a_parser_given_its_config_classes_through_a_variable(make_repo):
    config = "from dataclasses import dataclass\n@dataclass\nclass DistillationConfig:\n    lmbda: float = 0.5\n"
    script = (
        "def make_parser():\n"
        "    from trl import TrlParser\n"
        "    from trl.config import DistillationConfig\n"
        "    dataclass_types = (DistillationConfig,)\n"
        "    if True:\n"
        "        parser = TrlParser(dataclass_types)\n"
        "    return parser\n"
    )
    # In trl itself: its own parser class, not a framework's.
    doc = "```bash\npython examples/distill.py --lmbda 0.5 --lmbdaa 1\n```\n"
    files = {"trl/__init__.py": "class TrlParser:\n    pass\n", "trl/config.py": config, "examples/distill.py": script, "README.md": doc}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["--lmbdaa"]
