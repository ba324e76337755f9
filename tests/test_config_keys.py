"""Config keys: YAML configs composed as Hydra composes them, and the docs' dotted keys
and overrides checked against the result (DRIFT017), in audit and in PR mode."""

from __future__ import annotations

from drift_docs.engine import audit
from drift_docs.pr import run_pr

from .conftest import expected_findings

MAIN = """\
import hydra


@hydra.main(config_path="config", config_name="ppo_trainer", version_base=None)
def main(config):
    print(config.trainer.nnodes)
"""

PPO_TRAINER = """\
defaults:
  - actor@actor_rollout_ref.actor: dp_actor
  - reward@reward: base_reward
  - _self_

trainer:
  nnodes: 1
  n_gpus_per_node: 8
algorithm:
  _target_: pkg.config.AlgoConfig
  gamma: 1.0
  lam: 1.0
ray_kwargs:
  ray_init:
    num_cpus: null
optim:
  _target_: torch.optim.AdamW
  lr: 1e-4
extra: {}
"""

DP_ACTOR = """\
defaults:
  - ../optim@optim: fsdp
  - actor
  - _self_

strategy: fsdp
"""

ACTOR = """\
ppo_mini_batch_size: 256
ppo_epochs: 1
"""

FSDP_OPTIM = """\
lr: 1e-6
warmup_steps: 0
"""

BASE_REWARD = "enable: false\n"

GUIDE = """\
# Configuration

```bash
python3 -m pkg.main_ppo \\
    trainer.nnodes=2 \\
    trainer.nnode=2 \\
    actor_rollout_ref.actor.ppo_mini_batch_size=64 \\
    actor_rollout_ref.actor.optim.lr=1e-6 \\
    actor_rollout_ref.actor.optim.betas=0.9 \\
    +trainer.new_key=1 \\
    extra.anything.goes=1 \\
    optim.weight_decay=0.1 \\
    reward.enable=true
python3 -m other_pkg.main actor_rollout_ref.whatever=1
```

## Parameters

- `algorithm.gamma`: discount factor
- `algorithm.gemma`: discount factor
- `ray_init.num_cpus`: a key under a root no config has
- `ray_kwargs.ray_init.num_cpus`: the CPUs Ray may use
- ``actor_rollout_ref.actor.strategy``: the training backend

Set `trainer.n_gpus_per_node=8` on each node; the model is `torch.nn.Module`.
The section `_teachers.X` takes one override per teacher.
"""


def _files(**overrides):
    files = {
        "pkg/__init__.py": "",
        "pkg/main_ppo.py": MAIN,
        "pkg/config/ppo_trainer.yaml": PPO_TRAINER,
        "pkg/config/actor/dp_actor.yaml": DP_ACTOR,
        "pkg/config/actor/actor.yaml": ACTOR,
        "pkg/config/optim/fsdp.yaml": FSDP_OPTIM,
        "pkg/config/reward/base_reward.yaml": BASE_REWARD,
        "docs/config.md": GUIDE,
        ".github/workflows/ci.yaml": "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n",
    }
    files.update(overrides)
    return files


def _unknown(result):
    return sorted((f.line, f.text, f.replacement, f.confidence) for f in result.findings if f.rule == "DRIFT017")


def test_overrides_and_listed_keys_are_checked_against_the_composed_configs(make_repo):
    builder = make_repo(_files())
    found = _unknown(audit(builder.root, blame=False))
    # The command sets trainer.nnodes itself: no fix that would set it twice.
    assert found == [
        (6, "trainer.nnode", None, "high"),
        (9, "actor_rollout_ref.actor.optim.betas", None, "high"),
        (20, "algorithm.gemma", "algorithm.gamma", "medium"),
    ]


def test_a_key_moved_by_a_change_is_reported_with_its_new_place(make_repo):
    builder = make_repo(_files())
    base = builder.repo.head.commit.hexsha
    moved = PPO_TRAINER.replace("trainer:\n  nnodes: 1\n", "trainer:\n  nnodes: 1\n  max_ckpt: 3\n")
    builder.commit({"pkg/config/ppo_trainer.yaml": moved}, "a key")
    base = builder.repo.head.commit.hexsha
    # The change moves `lam` under `algorithm.gae` and drops `trainer.max_ckpt`.
    changed = moved.replace("  lam: 1.0\n", "  gae:\n    lam: 1.0\n").replace("  max_ckpt: 3\n", "")
    doc = GUIDE + "\nUse `algorithm.lam` for GAE and `trainer.max_ckpt` to keep checkpoints.\n"
    builder.commit({"docs/config.md": doc}, "docs")
    base = builder.repo.head.commit.hexsha
    builder.commit({"pkg/config/ppo_trainer.yaml": changed}, "move lam")
    result = run_pr(builder.root, base, "HEAD", blame=False)
    by_text = {f.text: f for f in result.findings if f.rule == "DRIFT017"}
    assert set(by_text) == {"algorithm.lam", "trainer.max_ckpt"}
    assert by_text["algorithm.lam"].replacement == "algorithm.gae.lam" and by_text["algorithm.lam"].certain
    assert by_text["trainer.max_ckpt"].change["change"] == "removed"


def test_a_dataclass_that_holds_a_section_s_fields_vouches_for_the_rest(make_repo):
    schema = (
        "from dataclasses import dataclass\n\n\n@dataclass\nclass TrainerConfig:\n"
        "    nnodes: int = 1\n    n_gpus_per_node: int = 8\n    save_freq: int = -1\n"
    )
    doc = "# Trainer\n\n- `trainer.save_freq`: how often to save\n- `trainer.save_frequency`: a typo\n"
    builder = make_repo(_files(**{"pkg/config/schema.py": schema, "docs/config.md": doc}))
    assert [f[1] for f in _unknown(audit(builder.root, blame=False))] == ["trainer.save_frequency"]


def test_repositories_without_composed_configs_are_not_judged(make_repo):
    files = {
        "tool/__init__.py": "",
        "k8s/chart/values.yaml": "trainer:\n  image: x\n",
        "mkdocs.yml": "site_name: x\nnav:\n  - index.md\n",
        "deploy/k8s.yaml": "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n",
        "README.md": "# Tool\n\nSet `metadata.labels` in the manifest; `site_name.x=1` and `nav.y` are not ours.\n\n- `trainer.deployment.num_nodes`: a key of the trainer's config\n",
    }
    builder = make_repo(files)
    assert _unknown(audit(builder.root, blame=False)) == []


def test_a_block_of_bare_overrides_is_checked_whatever_its_label(make_repo):
    doc = (
        "# Profiling\n\n"
        "```python\n"
        "actor_rollout_ref.actor.ppo_epochs=2 \\\n"
        "actor_rollout_ref.actor.ppo_epoch=2 \\\n"
        "+actor_rollout_ref.model.override_config.rope_type=yarn \\\n"
        "trainer.nnodes=1\n"
        "```\n\n"
        "```bash\n"
        "trainer.nnode=4\n"
        "```\n\n"
        "```python\n"
        "trainer.nnode = 4  # Python, not an override\n"
        "```\n"
    )
    builder = make_repo(_files(**{"docs/profile.md": doc}))
    found = [(f.path, f.line, f.text, f.replacement) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT017" and f.path == "docs/profile.md"]
    assert found == [
        ("docs/profile.md", 5, "actor_rollout_ref.actor.ppo_epoch", "actor_rollout_ref.actor.ppo_epochs"),
        ("docs/profile.md", 11, "trainer.nnode", "trainer.nnodes"),
    ]


def test_keys_under_a_kwargs_section_are_free(make_repo):
    trainer = PPO_TRAINER + "agent:\n  name: terminus\n  kwargs:\n    max_turns: 32\n"
    doc = "# Agent\n\n- `agent.kwargs.llm_kwargs.extra_body.cache_salt`: set per policy version\n- `agent.nmae`: a typo\n"
    builder = make_repo(_files(**{"pkg/config/ppo_trainer.yaml": trainer, "docs/agent.md": doc}))
    found = [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT017" and f.path == "docs/agent.md"]
    assert found == ["agent.nmae"]


KEY_LIST_DOC = """\
Algorithm
---------

.. code:: yaml

   algorithm:
     gamma: 1.0
     lam: 1.0

- ``gemma``: discount factor
- ``lam``: trade-off between bias and variance
- ``kl_coef``: the KL penalty
- ``scheduler``: the KL schedule, one of:

  - ``cosine``: a value, not a key
  - ``wsd``: another value
  - ``linear``: a third

Trainer
-------

- ``nnode``: no YAML block above this list: not judged
- ``gamma``: nor this
- ``lam``: nor this
"""


def test_a_list_of_bare_names_under_a_yaml_block_names_that_block_s_keys(make_repo):
    trainer = PPO_TRAINER.replace("  lam: 1.0\n", "  lam: 1.0\n  kl_coef: 0.1\n  scheduler: cosine\n")
    builder = make_repo(_files(**{"docs/algorithm.rst": KEY_LIST_DOC, "pkg/config/ppo_trainer.yaml": trainer}))
    found = [(f.line, f.text, f.replacement) for f in audit(builder.root, blame=False).findings if f.path == "docs/algorithm.rst"]
    assert found == [(10, "gemma", "gamma")]


def test_a_key_only_a_recipe_has_is_named_without_its_parent_in_the_main_docs(make_repo):
    recipe = "ray_init:\n  num_cpus: null\ntrainer:\n  nnodes: 1\n"
    files = _files(**{"recipe/distill/config/distill.yaml": recipe, "recipe/distill/README.md": "# Distill\n\n- `ray_init.num_cpus`: this recipe's own key\n"})
    result = audit(make_repo(files).root, blame=False)
    found = [(f.path, f.text, f.replacement, f.confidence) for f in result.findings if f.rule == "DRIFT017" and f.text == "ray_init.num_cpus"]
    # The main docs mean the trainer's key; the recipe's README means its own.
    assert found == [("docs/config.md", "ray_init.num_cpus", "ray_kwargs.ray_init.num_cpus", "medium")]


# A Hydra program as verl writes one: the script runs the decorated function.
HYDRA_ENTRY = MAIN + '\n\nif __name__ == "__main__":\n    main()\n'

COMMENTED_TRAINER = PPO_TRAINER.replace(
    "trainer:\n  nnodes: 1\n  n_gpus_per_node: 8\n",
    "trainer:\n  # How many nodes to train on.\n  nnodes: 1\n  n_gpus_per_node: 8  # GPUs on each node\n  # save_freq: 10\n  project_name: demo\n",
)

SFT_ENTRY = HYDRA_ENTRY.replace('config_name="ppo_trainer"', 'config_name="sft_trainer"')
SFT_TRAINER = "data:\n  train_files: null\n  max_length: 1024\noptim:\n  lr: 1e-5\n"

# An experimental program whose config pulls the trainer's in by Hydra's search path.
ASYNC_ENTRY = HYDRA_ENTRY.replace('config_name="ppo_trainer"', 'config_name="async_trainer"')
ASYNC_TRAINER = """\
hydra:
  searchpath:
    - file://pkg/config

defaults:
  - ppo_trainer
  - _self_

async_training:
  staleness_threshold: 0.1
"""

HYDRA_GUIDE = """\
# Training

```bash
python3 -m pkg.main_ppo trainer.nnodes=2 data.max_length=512  # expect: DRIFT017
python3 -m pkg.sft_trainer data.max_length=512 trainer.nnodes=2  # expect: DRIFT017
python3 -m pkg.main_ppo --config-name sft_trainer data.max_length=512
python3 -m pkg.experimental.async_main trainer.nnodes=2 async_training.staleness_threshold=0.5
python3 -m pkg.experimental.async_main async_training.staleness_treshold=0.5  # expect: DRIFT017
```
"""


def _hydra_files(**overrides):
    return _files(**{
        "pkg/main_ppo.py": HYDRA_ENTRY,
        "pkg/config/ppo_trainer.yaml": COMMENTED_TRAINER,
        "pkg/sft_trainer.py": SFT_ENTRY,
        "pkg/config/sft_trainer.yaml": SFT_TRAINER,
        "pkg/experimental/__init__.py": "",
        "pkg/experimental/async_main.py": ASYNC_ENTRY,
        "pkg/experimental/config/async_trainer.yaml": ASYNC_TRAINER,
        **overrides,
    })


def test_a_hydra_programs_options_are_the_keys_of_its_composed_config(make_repo, capsys):
    import json

    from drift_docs.cli import main

    builder = make_repo(_hydra_files())
    assert main(["reference", str(builder.root), "--list-programs"]) == 0
    listing = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "config keys (pkg/config/ppo_trainer.yaml)" in listing["pkg/main_ppo.py"]
    assert "config keys (pkg/config/sft_trainer.yaml)" in listing["pkg/sft_trainer.py"]
    assert main(["reference", str(builder.root), "--program", "pkg.main_ppo", "--format", "json"]) == 0
    rows = {row["flag"]: row for row in json.loads(capsys.readouterr().out)}
    # Its own keys and the group files its defaults list mounts, each with the YAML's
    # value as the default and the comment above (or after) it as the description.
    assert rows["trainer.nnodes"]["default"] == "1" and rows["trainer.nnodes"]["description"] == "How many nodes to train on."
    assert rows["trainer.n_gpus_per_node"]["description"] == "GPUs on each node"
    assert rows["trainer.project_name"]["description"] == ""  # a commented-out key describes nothing
    assert rows["actor_rollout_ref.actor.ppo_mini_batch_size"]["default"] == "256"
    assert rows["actor_rollout_ref.actor.ppo_mini_batch_size"]["path"] == "pkg/config/actor/actor.yaml"
    assert "algorithm._target_" not in rows and "trainer" not in rows  # Hydra's own keys, sections
    assert not any(name.startswith(("data.", "async_training.")) for name in rows)  # other programs' configs
    assert main(["reference", str(builder.root), "--program", "pkg.main_ppo"]) == 0
    page = capsys.readouterr().out
    assert "| Key | Description | Default | Source |" in page and "as Hydra composes it" in page
    # The experimental program composes the trainer's config through its search path.
    assert main(["reference", str(builder.root), "--program", "pkg/experimental/async_main.py", "--format", "json"]) == 0
    async_rows = {row["flag"] for row in json.loads(capsys.readouterr().out)}
    assert {"trainer.nnodes", "actor_rollout_ref.actor.ppo_epochs", "async_training.staleness_threshold"} <= async_rows


def test_overrides_are_judged_by_the_config_of_the_hydra_program_the_command_runs(make_repo):
    files = _hydra_files(**{"docs/training.md": HYDRA_GUIDE})
    builder = make_repo(files)
    found = [f for f in audit(builder.root, blame=False).findings if f.path == "docs/training.md"]
    assert {(f.line, f.rule) for f in found} == {(p[1], p[2]) for p in expected_findings({"docs/training.md": HYDRA_GUIDE})}
    by_line = {f.line: f for f in found}
    # `data` is a section of another program's config, not of ppo_trainer.yaml.
    assert by_line[4].text == "data.max_length" and "pkg/config/ppo_trainer.yaml" in by_line[4].message
    assert by_line[5].text == "trainer.nnodes" and "pkg/config/sft_trainer.yaml" in by_line[5].message
    assert by_line[8].text == "async_training.staleness_treshold" and by_line[8].replacement == "async_training.staleness_threshold"


def test_coverage_counts_a_hydra_programs_keys_documented_in_prose_or_a_yaml_example(make_repo, capsys):
    import json

    from drift_docs.cli import main

    docs = {
        "docs/config.md": "# Config\n\nSet `trainer.nnodes` for more nodes.\n\n```yaml\nactor:\n  ppo_mini_batch_size: 256\n```\n",
    }
    builder = make_repo({**_hydra_files(), **docs})
    assert main(["coverage", str(builder.root), "--format", "json"]) in (0, 1)
    programs = {p["entry"]: p for p in json.loads(capsys.readouterr().out)["programs"]}
    ppo = programs["pkg/main_ppo.py"]
    assert "trainer.nnodes" not in ppo["undocumented"]
    assert "actor_rollout_ref.actor.ppo_mini_batch_size" not in ppo["undocumented"]  # by its last two parts
    assert "trainer.n_gpus_per_node" in ppo["undocumented"] and "actor_rollout_ref.actor.ppo_epochs" in ppo["undocumented"]
    assert main(["coverage", str(builder.root)]) in (0, 1)
    assert f"pkg/main_ppo.py documents {ppo['documented']} of {ppo['defined']} config keys" in capsys.readouterr().out


def test_a_key_the_change_moves_out_of_the_trainers_configs_is_stale_on_main_pages_though_a_test_config_keeps_it(make_repo):
    with_options = PPO_TRAINER.replace("trainer:\n  nnodes: 1\n", "trainer:\n  nnodes: 1\n  nsight_options:\n    trace: cuda\n")
    files = _files(**{
        "pkg/config/ppo_trainer.yaml": with_options,
        "tests/config/legacy_trainer.yaml": "trainer:\n  nnodes: 1\n  nsight_options:\n    trace: cuda\n",
        "docs/profiling.md": "# Profiling\n\nThe **`trainer.nsight_options`** group goes to Nsight Systems.\n",
        "examples/profiling/README.md": "# Legacy\n\nThe **`trainer.nsight_options`** group of the legacy config.\n",
    })
    builder = make_repo(files)
    base = builder.repo.head.commit.hexsha
    moved = with_options.replace("  nsight_options:\n    trace: cuda\n", "") + "profiler:\n  nsight_options:\n    trace: cuda\n"
    builder.commit({"pkg/config/ppo_trainer.yaml": moved}, "Move the Nsight options under profiler")
    found = [f for f in run_pr(builder.root, base, blame=False).findings if f.rule == "DRIFT017"]
    assert [(f.path, f.text, f.replacement) for f in found] == [("docs/profiling.md", "trainer.nsight_options", "profiler.nsight_options")]
    assert "the repository's own configs" in found[0].message and "tests/config/legacy_trainer.yaml" in found[0].evidence
    # The audit of the same tree does not judge it: the test config still has the key.
    assert not [f for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT017" and f.text == "trainer.nsight_options"]


def test_an_attribute_of_a_plain_values_object_is_no_key_under_it(make_repo):
    from drift_docs.engine import audit

    builder = make_repo({
        "conf/train.yaml": "tokenizer: meta-llama/Llama-3.1-8B\ntrainer:\n  steps: 10\n",
        "docs/data.md": "# Data\n\n| key | meaning |\n|---|---|\n| `trainer.stepz` | steps |\n| `tokenizer.chat_template` | the chat format |\n",
    })
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["trainer.stepz"]


def test_prose_that_shortens_a_key_to_its_tail_names_the_full_key(make_repo):
    """NeMo-Aligner: "modify ``data.n_chunks``" for model.data.n_chunks, while another
    script's config has a top-level `data` without it."""
    short = "# Ray config\n\nIn the config, modify `ray_init.num_cpus` to cap the CPUs, or `ray_init.num_cpu` (a typo).\n"
    builder = make_repo(_files(**{"pkg/config/ppo_trainer.yaml": PPO_TRAINER + "ray_init:\n  address: auto\n", "docs/short.md": short}))
    found = sorted((f.text, f.confidence) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT017" and f.path == "docs/short.md")
    assert found == [("ray_init.num_cpu", "medium")]


def test_a_dotted_file_name_is_no_config_key(make_repo):
    """TorchServe: "set it in `config.properties`" beside a `config:` YAML root (41 false).
    redis-py: `config.connection.count`, an OpenTelemetry metric its code names, is no key."""
    from drift_docs.engine import audit

    code = "def meter(create):\n    create(name='config.connection.count', unit='1')\n"
    files = {"configs/logging.yaml": "config:\n  level: INFO\n", "pkg/__init__.py": "", "pkg/metrics.py": code, "docs/configuration.md": "# Configuration\n\nSet the option in `config.properties`, or the key `config.levl`; see `config.connection.count`; host `config.abc.us-west-2.rds.amazonaws.com`.\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["config.levl"]


def test_hydra_group_configs_go_under_their_group_and_a_command_may_compose_more(make_repo):
    """physicsnemo: stormcast's `defaults: [training/default]` puts batch_size under
    `training` (Hydra 1.1), unless the file says `# @package _global_`; figconvnet's
    `+experiment=drivaernet/figconv_unet` composes the data section in; `--config-name`
    is Hydra's own option. A key no config has is still stale."""
    train = "import hydra\n\n\n@hydra.main(config_path='config', config_name='regression', version_base=None)\ndef main(cfg):\n    print(cfg)\n\n\nmain()\n"
    regression = "defaults:\n  - training/default\n  - flags/globals\n  - _self_\n\nseed: 1\n"
    training = "batch_size: 64\nlr: 0.001\n"
    flags = "# @package _global_\ndebug: false\n"
    experiment = "# @package _global_\ndefaults:\n  - /data: drivaernet\n"
    data = "data_path: ???\n"
    page = (
        "# Train\n\n```bash\npython train.py --config-name regression training.batch_size=4 debug=true training.batchsize=2\n"
        "python train.py +experiment=drivaernet/figconv data.data_path=/data\n```\n"
    )
    files = {
        "train.py": train, "config/regression.yaml": regression, "config/training/default.yaml": training,
        "config/flags/globals.yaml": flags, "config/experiment/drivaernet/figconv.yaml": experiment,
        "config/data/drivaernet.yaml": data, "README.md": page,
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(4, "training.batchsize")]


def test_a_group_the_command_selects_brings_its_file_s_keys_at_its_package(make_repo):
    """BenchMARL: `model=sequence "model.intermediate_sizes=[256]"` picks
    model/sequence.yaml for `model`, and `+model/layers@model.layers.l3=mlp` mounts
    model/layers/mlp.yaml at `model.layers.l3`. A key the selected file lacks is still
    unknown; without the selection the default file decides."""
    run = "import hydra\n\n\n@hydra.main(config_path='conf', config_name='config', version_base=None)\ndef main(cfg):\n    print(cfg)\n\n\nmain()\n"
    files = {
        "run.py": run, "conf/config.yaml": "defaults:\n  - model: layers/mlp\n  - _self_\n\nseed: 0\n",
        "conf/model/layers/mlp.yaml": "num_cells: [256, 256]\n", "conf/model/sequence.yaml": "intermediate_sizes: [256]\n",
        "README.md": (
            "# Models\n\n```bash\npython run.py model=sequence model.intermediate_sizes=[256] "
            "+model/layers@model.layers.l3=mlp model.layers.l3.num_cells=[3] model.layers.l3.depth=2 model.intermediate_size=1\n"
            "python run.py model.intermediate_sizes=[256]\n```\n"
        ),
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(4, "model.layers.l3.depth"), (4, "model.intermediate_size"), (5, "model.intermediate_sizes")]


def test_a_key_whose_last_part_is_a_method_of_the_code_may_name_the_method(make_repo):
    """map-anything: "Key constraints for `model.infer`" beside a `model:` config: the model
    object's method (`def infer`). A note; `model.infers`, no method's name, stays a finding."""
    run = "import hydra\n\n\n@hydra.main(config_path='configs', config_name='train', version_base=None)\ndef main(cfg):\n    print(cfg)\n\n\nmain()\n"
    model = "class MapAnything:\n    def infer(self, views):\n        return views\n"
    files = {"run.py": run, "pkg/__init__.py": "", "pkg/model.py": model, "configs/train.yaml": "model:\n  name: x\n", "README.md": "# API\n\nKey constraints for `model.infer`; see `model.infers`.\n"}
    found = [(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [("model.infer", "low"), ("model.infers", "medium")]


def test_a_key_under_a_nested_group_is_one_of_its_options_keys(make_repo):
    """map-anything: `model.info_sharing.module_args.gradient_checkpointing=true`, where
    model/mapanything.yaml picks an option of configs/model/info_sharing/ in its defaults
    and the default model composes none. A key no option of the group has is unknown."""
    run = "import hydra\n\n\n@hydra.main(config_path='configs', config_name='train', version_base=None)\ndef main(cfg):\n    print(cfg)\n\n\nmain()\n"
    files = {
        "run.py": run, "configs/train.yaml": "defaults:\n  - model: default\n  - _self_\n\nseed: 0\n",
        "configs/model/default.yaml": "model_str: x\n", "configs/model/big.yaml": "defaults:\n  - default\n  - info_sharing: aat\n",
        "configs/model/info_sharing/aat.yaml": "module_args:\n  gradient_checkpointing: false\n",
        "README.md": "# Train\n\n```bash\npython run.py model.info_sharing.module_args.gradient_checkpointing=true model.info_sharing.module_args.checkpointing=true\n```\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["model.info_sharing.module_args.checkpointing"]


def test_a_group_no_file_of_the_repository_has_is_an_installed_package_s(make_repo):
    """droidlet: `mephisto/architect=heroku mephisto.architect.server_type=flask`: the
    repository's YAML sets some `mephisto:` keys, and Mephisto registers the architect
    group and its schema. Without that selection the key is still judged."""
    run = "import hydra\n\n\n@hydra.main(config_path='conf', config_name='example', version_base=None)\ndef main(cfg):\n    print(cfg)\n\n\nmain()\n"
    files = {
        "run.py": run, "conf/example.yaml": "mephisto:\n  task:\n    task_name: x\n",
        "README.md": "# Run\n\n```bash\npython run.py mephisto/architect=heroku mephisto.architect.server_type=flask mephisto.provider.requester_name=me\npython run.py mephisto.architect.server_type=flask\n```\n",
    }
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(5, "mephisto.architect.server_type")]


def test_a_config_key_named_like_a_module_s_attribute_is_a_key(make_repo):
    """s4: `train.pretrained_model_path` in prose is a key of the composed config (its
    `train:` section), though train.py is also a module; a name neither has is unknown."""
    train = "import hydra\n\n\n@hydra.main(config_path='configs', config_name='config', version_base=None)\ndef main(cfg):\n    print(cfg.train)\n\n\nmain()\n"
    config = "train:\n  seed: 0\n  pretrained_model_path: null\n"
    page = "# Fine-tune\n\nSet `train.pretrained_model_path` to the checkpoint; call `train.gone_helper` first.\n"
    files = {"train.py": train, "configs/config.yaml": config, "README.md": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["train.gone_helper"]


def test_a_key_the_code_reads_though_no_config_sets_it_is_optional(make_repo):
    """RLinf's STEAM page: `algorithm.positive_threshold` is read with
    `cfg.algorithm.get("positive_threshold")` in threshold mode, which the shipped YAML does
    not use; a key nothing reads, or reads beside its deprecation, is still stale."""
    reader = (
        "def label(cfg):\n    if cfg.algorithm.mode == 'threshold':\n        return cfg.algorithm.get(\"positive_threshold\", 0.5)\n"
        # A longer chain that ends alike is another key; a read beside its deprecation, a key going.
        "    low = cfg.extra.algorithm.negative_threshold\n"
        "    old = cfg.algorithm.get('legacy_threshold')\n    if old:\n        warn('legacy_threshold is deprecated')\n"
    )
    env = "env:\n  train:\n    reward:\n      key: avg\n"
    doc = "# Labels\n\nSet `algorithm.positive_threshold` in threshold mode, `algorithm.negative_threshold` and `algorithm.legacy_threshold` too, and `reward.key` to pick the score.\n"
    builder = make_repo(_files(**{"pkg/label.py": reader, "pkg/config/ppo_trainer.yaml": PPO_TRAINER + env, "docs/label.md": doc}))
    found = {f.text: f for f in audit(builder.root, blame=False, config_file="min-confidence = 'low'").findings if f.rule == "DRIFT017" and f.path == "docs/label.md"}
    assert {text: f.confidence for text, f in found.items()} == {"algorithm.positive_threshold": "low", "algorithm.negative_threshold": "medium", "algorithm.legacy_threshold": "medium", "reward.key": "low"}
    assert "pkg/label.py reads algorithm.positive_threshold" in found["algorithm.positive_threshold"].evidence


def test_the_other_options_of_a_config_group_go_under_the_group(make_repo):
    """direct-preference-optimization: config.yaml's defaults pick `- loss: sft`, and
    `loss=dpo loss.beta=0.1` picks config/loss/dpo.yaml, whose keys are `loss.beta`, not
    top-level `beta`. A key no option of the group has is still unknown."""
    train = "import hydra\n\n\n@hydra.main(version_base=None, config_path='config', config_name='config')\ndef main(config):\n    print(config.loss.name)\n\n\nmain()\n"
    files = {
        "train.py": train,
        "config/config.yaml": "defaults:\n  - _self_\n  - loss: sft\n\nseed: 0\nlr: 0.001\n",
        "config/loss/sft.yaml": "name: sft\n",
        "config/loss/dpo.yaml": "name: dpo\nbeta: 0.1\nreference_free: false\n",
        "README.md": "# DPO\n\n```bash\npython -u train.py loss=dpo loss.beta=0.1 loss.reference_free=true loss.gamma=1\n```\n",
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT017")
    assert found == ["loss.gamma"], found


def test_a_group_the_command_line_must_pick_takes_each_config_in_its_folder_as_an_option(make_repo):
    """uni2ts: finetune/default.yaml's defaults are `- model: ???` and `- val_data: null`;
    `val_data=etth1 val_data.patch_size=32` picks finetune/val_data/etth1.yaml, whose keys
    are `val_data.*`. A key no option of the group has is still unknown."""
    train = "import hydra\n\n\n@hydra.main(version_base='1.3', config_name='default.yaml')\ndef main(cfg):\n    print(cfg.seed)\n\n\nmain()\n"
    files = {
        "cli/train.py": train,
        "cli/conf/finetune/default.yaml": "defaults:\n  - model: ???\n  - val_data: null\n  - _self_\nseed: 0\ntrainer:\n  devices: auto\n",
        "cli/conf/finetune/model/small.yaml": "patch_size: null\ncontext_length: null\n",
        "cli/conf/finetune/val_data/etth1.yaml": "dataset: ETTh1\npatch_size: ???\nmode: ???\n",
        "README.md": (
            "# Finetune\n\n```bash\npython -m cli.train -cp conf/finetune model=small model.patch_size=32 \\\n"
            "  val_data=etth1 val_data.patch_size=32 val_data.mode=S val_data.modes=S trainer.devices=1\n```\n"
        ),
    }
    found = sorted(f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT017")
    assert found == ["val_data.modes"], found


def test_values_files_for_the_repositorys_helm_chart_are_no_programs_config(make_repo):
    """production-stack: tutorials/assets/values-06-shared-storage.yaml sets a few of the
    chart's values; the chart's README documents every key of helm/values.yaml, which no
    program composes. A program's own config keys are still judged."""
    files = {
        "helm/Chart.yaml": "apiVersion: v2\nname: stack\nversion: 0.1.0\n",
        "helm/values.yaml": "servingEngineSpec:\n  servicePort: 80\n  modelSpec: []\nrouterSpec:\n  replicaCount: 1\n",
        "tutorials/assets/values-06-shared-storage.yaml": "servingEngineSpec:\n  modelSpec:\n    - name: opt\n",
        "configs/train.yaml": "trainer:\n  nnodes: 1\n",
        "helm/README.md": "# Chart\n\n| Key | Meaning |\n|---|---|\n| `servingEngineSpec.servicePort` | port |\n| `routerSpec.replicaCount` | replicas |\n",
        "docs/train.md": "# Train\n\n```bash\npython train.py trainer.nnode=2\n```\n",
        "train.py": "import hydra\n\n\n@hydra.main(config_path='configs', config_name='train', version_base=None)\ndef main(cfg):\n    pass\n\n\nmain()\n",
    }
    assert [(f.path, f.text) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT017"] == [("docs/train.md", "trainer.nnode")]


def test_a_config_that_composes_an_installed_packages_config_leaves_its_sections_unknown(make_repo):
    """agent-lightning: `searchpath: [pkg://verl/trainer/config]`, `defaults: [ppo_trainer]`;
    verl's config fills `actor_rollout_ref`, which this file extends."""
    config = (
        "hydra:\n  searchpath:\n    - pkg://verl/trainer/config\n\ndefaults:\n  - ppo_trainer\n  - _self_\n\n"
        "actor_rollout_ref:\n  rollout:\n    mode: async\n\nlightning:\n  timeout: 10\n"
    )
    entry = 'import hydra\n\n\n@hydra.main(config_path=".", config_name="config", version_base=None)\ndef main(cfg):\n    pass\n\n\nif __name__ == "__main__":\n    main()\n'
    doc = "# Config\n\nSet `actor_rollout_ref.model.path` (verl's), `lightning.timeout` and `lightning.timeot`.\n"
    files = {"lit/__init__.py": "", "lit/main.py": entry, "lit/config.yaml": config, "docs/config.md": doc}
    builder = make_repo(files)
    found = {f.text: f for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings}
    assert sorted(found) == ["actor_rollout_ref.model.path", "lightning.timeot"]
    assert found["actor_rollout_ref.model.path"].confidence == "low" and "pkg://verl/trainer/config" in found["actor_rollout_ref.model.path"].evidence
    assert found["lightning.timeot"].confidence == "medium"


AGENTIC_BASE = """\
base_optimizer: &base_optimizer
  learning_rate: 1.0e-6
  weight_decay: 0.1
training:
  actor_optimizer:
    <<: *base_optimizer
    b1: 0.9
agentic: {}
"""

FROZENLAKE = """\
training:
  epochs: 3
agentic:
  num_generations: 8
"""

GRPO_MAIN = """\
import sys

from omegaconf import OmegaConf


def main():
    config = OmegaConf.merge(OmegaConf.load(sys.argv[1]), OmegaConf.from_cli(sys.argv[2:]))
    print(config.agentic.get("max_turns", 1))


if __name__ == "__main__":
    main()
"""


def test_a_config_file_the_command_names_takes_its_merge_keys_and_its_free_sections(make_repo):
    # `<<: *anchor` makes the anchored keys the mapping's own; the file the command passes
    # leaves `agentic` empty, so any key goes there though an example config lists a few.
    script = (
        "#!/bin/bash\n"
        "python -m pkg.grpo_main pkg/base.yaml \\\n"
        "  training.actor_optimizer.learning_rate=1e-6 \\\n"
        "  training.actor_optimizer.b2=0.99 \\\n"
        "  agentic.max_turns=1\n"
    )
    builder = make_repo({"pkg/__init__.py": "", "pkg/grpo_main.py": GRPO_MAIN, "pkg/base.yaml": AGENTIC_BASE,
                         "examples/frozenlake/config.yaml": FROZENLAKE, "examples/run.sh": script})
    found = [(f.rule, f.text, f.confidence) for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    # (OmegaConf.from_cli adds a key the file lacks, but the program never reads `b2`.)
    assert found == [("DRIFT017", "training.actor_optimizer.b2", "high")]


def test_a_defaults_entry_that_names_no_readable_file_leaves_the_sections_it_may_fill_unknown(make_repo):
    """RAGEN: `defaults: [ppo_trainer]`, where config/ppo_trainer.yaml is a link into the
    verl submodule: Hydra composes it, drift cannot read it, so `trainer.nnodes` (verl's)
    may be defined; a near miss of the repository's own key is still a typo."""
    config = "defaults:\n  - ppo_trainer\n  - _self_\n\ntrainer:\n  project_name: ragen\n  total_training_steps: 10\n"
    entry = 'import hydra\n\n\n@hydra.main(config_path="config", config_name="base", version_base=None)\ndef main(cfg):\n    pass\n\n\nif __name__ == "__main__":\n    main()\n'
    doc = "# Train\n\n```bash\npython train.py trainer.nnodes=1 trainer.project_nme=x\n```\n"
    builder = make_repo({"train.py": entry, "config/base.yaml": config, "docs/train.md": doc})
    found = {f.text: f for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT017"}
    assert sorted(found) == ["trainer.nnodes", "trainer.project_nme"]
    assert found["trainer.nnodes"].confidence == "low" and "`ppo_trainer`, which names no config file drift can read" in found["trainer.nnodes"].evidence
    assert found["trainer.project_nme"].confidence == "high" and found["trainer.project_nme"].replacement == "trainer.project_name"


def test_dotted_names_on_a_web_apps_pages_are_a_note(make_repo):
    """private-gpt: ui/docs/SOURCE_OF_TRUTH.md, beside ui/index.html, says "each chat stores
    `chat.settings.reasoningEffort`": a property of the browser app's objects, while the
    server's settings.yaml also has a `chat:` section. A note there; still a finding on the
    server's own pages."""
    files = {
        "settings.yaml": "chat:\n  engine_mode: async\n  maximum_history_length: 100\n",
        "app/settings.py": "from pydantic import BaseModel\n\n\nclass ChatSettings(BaseModel):\n    engine_mode: str\n    maximum_history_length: int\n",
        "ui/index.html": "<html></html>\n",
        "ui/docs/SOURCE_OF_TRUTH.md": "# UI\n\nEach chat stores `chat.settings.reasoningEffort` as `null`.\n",
        "docs/settings.md": "# Settings\n\nSet `chat.engine_mode` and `chat.max_history`.\n",
    }
    found = sorted((f.path, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT017")
    assert found == [("docs/settings.md", "chat.max_history", "medium"), ("ui/docs/SOURCE_OF_TRUTH.md", "chat.settings.reasoningEffort", "low")], found


# A yacs-style config the code builds by attribute (FederatedScope's cfg_*.py, SlowFast's
# defaults.py): the schema YAML files are merged into, whichever of them sets a key.
YACS_DEFAULTS = """\
from yacs.config import CfgNode as CN

_C = CN()
_C.train = CN()
_C.train.local_update_steps = 1
_C.train.optimizer = CN(new_allowed=True)
_C.train.optimizer.lr = 0.1
"""

YACS_EXTENSION = """\
from fl.configs.config import CN


def extend_fl_algo_cfg(cfg):
    cfg.fedopt = CN()
    cfg.fedopt.use = False
    cfg.fedopt.optimizer = CN()
    cfg.fedopt.optimizer.type = "SGD"
    cfg.model.extra_head = CN()  # `model` is built elsewhere (another package's defaults)
    cfg.model.extra_head.dim = 8
"""

YACS_YAML = "train:\n  local_update_steps: 2\nfedopt:\n  use: true\nmodel:\n  type: lr\n"

YACS_DOC = """\
# Configs

| Name | Default |
|---|---|
| `train.local_update_steps` | 1 |
| `train.optimizer.momentum` | any key the optimizer takes |
| `fedopt.optimizer.type` | 'SGD' |
| `fedopt.optimzer.type` | a typo |
| `fedopt.annealing` | gone |
| `model.hidden` | the model package's |
"""


def test_a_config_the_code_builds_by_attribute_is_the_schema_of_its_yaml(make_repo):
    builder = make_repo({
        "fl/__init__.py": "",
        "fl/configs/__init__.py": "",
        "fl/configs/config.py": YACS_DEFAULTS,
        "fl/configs/cfg_fl_algo.py": YACS_EXTENSION,
        "scripts/example.yaml": YACS_YAML,
        "docs/configs.md": YACS_DOC,
    })
    found = {f.text: f for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT017"}
    # Keys of the tree the code builds, keys under a node that takes any key, and keys
    # under a node the code extends but never builds are all known.
    assert set(found) == {"fedopt.optimzer.type", "fedopt.annealing"}
    typo = found["fedopt.optimzer.type"]
    assert typo.replacement == "fedopt.optimizer.type"
    assert "fl/configs/cfg_fl_algo.py:" in found["fedopt.annealing"].evidence


LAZY_TRAIN = """\
import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--config-file")
parser.add_argument("opts", nargs=argparse.REMAINDER)

if __name__ == "__main__":
    args = parser.parse_args()
"""


def test_overrides_of_a_config_written_as_code_are_that_file_s(make_repo):
    """perception_models' detectron2 scripts: `--config-file projects/x/configs/y.py
    model.backbone.net.use_act_checkpoint=True` sets a key of the objects the LazyConfig
    file builds, which no YAML composition or config class describes; with a YAML config
    the same override is judged."""
    doc = (
        "# Detection\n\n```bash\n"
        "python tools/lazy_train.py --config-file configs/mask_rcnn.py trainer.backbone.depth=3\n"
        "python tools/lazy_train.py --config-file pkg/config/ppo_trainer.yaml trainer.nnode=3\n"
        "```\n"
    )
    builder = make_repo(_files(**{"tools/lazy_train.py": LAZY_TRAIN, "configs/mask_rcnn.py": "model = dict(depth=2)\n", "docs/config.md": doc}))
    assert [f[1] for f in _unknown(audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]))] == ["trainer.nnode"]


DOTLIST_MAIN = """\
import argparse

from omegaconf import OmegaConf

parser = argparse.ArgumentParser()
parser.add_argument("--base", nargs="*")

if __name__ == "__main__":
    args, unknown = parser.parse_known_args()
    configs = [OmegaConf.load(c) for c in args.base]
    config = OmegaConf.merge(*configs, OmegaConf.from_dotlist(unknown))
    trainer_config = config.get("trainer", OmegaConf.create())
    num_nodes = trainer_config.num_nodes
"""


def test_overrides_a_program_merges_into_its_config_may_add_keys(make_repo):
    """DynamiCrafter's main/trainer.py: `OmegaConf.merge(*configs, OmegaConf.from_dotlist(unknown))`
    takes `lightning.trainer.num_nodes=1` as a key to add, which its YAML lacks and it reads
    (`trainer_config.num_nodes`): a note. A key it never reads, and a Hydra program's
    overrides, are still judged."""
    doc = (
        "# Train\n\n```bash\npython main/trainer.py --base pkg/config/ppo_trainer.yaml trainer.num_nodes=1 trainer.num_nodez=1\n"
        "python3 -m pkg.main_ppo trainer.nnode=2\n```\n"
    )
    builder = make_repo(_files(**{"main/trainer.py": DOTLIST_MAIN, "docs/config.md": doc}))
    assert [(f[1], f[3]) for f in _unknown(audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]))] == [("trainer.num_nodes", "low"), ("trainer.num_nodez", "high"), ("trainer.nnode", "high")]


def test_a_listed_key_the_config_class_has_is_the_schema_s_own(make_repo):
    """Gym's claude_code_agent README lists `thinking` with the other keys of its agent's
    YAML; the shipped YAML leaves it out, the agent's config class has it. `thinkng`,
    which the class lacks, is still unknown."""
    trainer = PPO_TRAINER.replace("  lam: 1.0\n", "  lam: 1.0\n  kl_coef: 0.1\n  scheduler: cosine\n")
    algo = "from dataclasses import dataclass\n\n\n@dataclass\nclass AlgoConfig:\n    gamma: float = 1.0\n    lam: float = 1.0\n    kl_coef: float = 0.1\n    scheduler: str = 'cosine'\n    thinking: str = 'off'\n"
    doc = KEY_LIST_DOC.replace("- ``gemma``: discount factor\n", "- ``gamma``: discount factor\n- ``thinking``: the class's\n- ``thinkng``: a slip\n")
    builder = make_repo(_files(**{"docs/algorithm.rst": doc, "pkg/config/ppo_trainer.yaml": trainer, "pkg/config/__init__.py": algo}))
    found = [f.text for f in audit(builder.root, blame=False).findings if f.path == "docs/algorithm.rst"]
    assert found == ["thinkng"]


def test_prose_may_name_a_section_that_a_yaml_the_tree_does_not_compose_holds(make_repo):
    """Gym: "point `sandbox.ecr_repository` in the config" where NeMo Evaluator's configs
    beside the page (read as compose files: they have `services:`) have it under
    `benchmarks:`, while the repository's own `sandbox:` configs lack it: a note."""
    evaluator = "services:\n  nemotron:\n    url: x\nbenchmarks:\n- playbook: tb\n  sandbox:\n    region: us-east-1\n    ecr_repository: x\n"
    page = "# Run\n\nPoint `sandbox.ecr_repository` in the config at your ECR, and `sandbox.regoin` too.\n"
    builder = make_repo(_files(**{"pkg/config/sandbox.yaml": "sandbox:\n  region: us\n  concurrency: 4\n", "recipes/eval/tb.yaml": evaluator, "recipes/eval/README.md": page}))
    found = {f.text: f.confidence for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.path == "recipes/eval/README.md"}
    assert found == {"sandbox.ecr_repository": "low", "sandbox.regoin": "medium"}


def test_overrides_after_a_commented_backslash_still_go_to_the_command_above(make_repo):
    """OpenManus-RL's train script: `data.val_files=x \\ # TODO: change` (bash ends the
    command there), then `env.seed=0 \\`: to its author the same `python3 -m
    verl.trainer.main_ppo` command, whose configs are in a submodule not checked out, not
    override lines for this repository's own configs (`env` of an ALFWorld YAML)."""
    script = (
        "python3 -m verl.trainer.main_ppo \\\n    data.train_files=/data/train.parquet \\ # TODO: change to the correct path\n"
        "    data.val_batch_size=8 \\\n    env.seed=0 \\\n    env.max_steps=50\n"
    )
    files = {
        "pkg/__init__.py": "",
        "pkg/envs/alfworld/config.yaml": "env:\n  type: AlfredTWEnv\n  goal_desc_human_anns_prob: 0.0\n",
        "scripts/train.sh": script,
        "README.md": "# Train\n\n```bash\nenv.typ=AlfredTWEnv\n```\n",
    }
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["env.typ"]


def test_a_key_a_pydantic_model_of_the_section_declares_exists_though_the_yaml_leaves_it_out(make_repo):
    """easydistill: `t2v_backend.i2v_image_field` is a field of the pydantic model that
    validates the `t2v_backend` section (PaiTokenVideoBackendConfig); the shipped YAML sets
    only the others. A key neither the YAML nor the model has is still unknown."""
    schema = (
        "from typing import Optional\n\nfrom pydantic import BaseModel\n\n\nclass VideoBackendConfig(BaseModel):\n"
        "    type: str\n    api_key: Optional[str] = None\n    base_url: Optional[str] = None\n    model_id: Optional[str] = None\n"
        "    i2v_model_id: Optional[str] = None\n    i2v_image_field: Optional[str] = None\n    poll_interval: Optional[float] = None\n"
    )
    yaml = "t2v_backend:\n  type: pai\n  api_key: k\n  base_url: u\n  model_id: m\n  i2v_model_id: n\n  poll_interval: 5.0\n"
    doc = "# T2V\n\n- `t2v_backend.i2v_image_field`: the image field.\n- `t2v_backend.poll_intervall`: how often.\n"
    files = {"pkg/__init__.py": "", "pkg/schemas.py": schema, "configs/t2v.yaml": yaml, "docs/t2v.md": doc}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["t2v_backend.poll_intervall"]


def test_hydra_s_own_settings_are_every_hydra_app_s_keys(make_repo):
    """bionemo's "For verbose logging, use `hydra.verbose=true`": Hydra's own config
    (HydraConf.verbose, .run.dir, .job.chdir) which every @hydra.main program takes, though
    the repository's YAML has no `hydra:` section. A key of the app's config that is not
    there is still reported, and so is a `hydra.` field Hydra does not have."""
    doc = (
        "# Train\n\n```bash\npython -m pkg.main_ppo hydra.verbose=true hydra.run.dir=outputs/x trainer.nnodes=2 trainer.gone_key=1 hydra.no_such_field=1\n```\n"
    )
    found = sorted(f.text for f in audit(make_repo(_hydra_files(**{"docs/train.md": doc})).root, blame=False).findings if f.path == "docs/train.md")
    assert found == ["hydra.no_such_field", "trainer.gone_key"]


def test_a_section_only_a_test_fixture_defines_is_no_schema(make_repo):
    """fabric's "the ``run.echo`` config setting": the only YAML with a `run:` section is a
    test's fixture (tests/_support/config.yml), no schema of the program's config: a note.
    A key under a section the program's own YAML has is still reported."""
    page = "# Config\n\nSet the `run.echo` setting, or `server.gone_key`.\n"
    files = {"pkg/__init__.py": "", "pkg/config.yaml": "server:\n  port: 1\n", "tests/_support/config.yml": "run:\n  warn: true\n", "docs/config.md": page}
    found = {(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT017"}
    assert found == {("run.echo", "low"), ("server.gone_key", "medium")}


def test_a_section_only_one_example_s_data_file_has_is_no_schema_for_other_pages(make_repo):
    """pyomo's "the parameters ``model.m`` and ``model.n``" (of a Python model), where the
    one YAML with a `model:` section is an example's data (examples/mpec/munson1.yml): a
    note. A key under a section the program's own YAML has is still reported."""
    page = "# Sets\n\nThe parameters ``model.m`` and ``model.n`` bound the set; set ``server.gone_key``.\n"
    files = {"pkg/__init__.py": "", "pkg/config.yaml": "server:\n  port: 1\n", "examples/mpec/munson1.yml": "model:\n  x: 1\n", "docs/sets.md": page}
    found = {(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT017"}
    assert found == {("model.m", "low"), ("model.n", "low"), ("server.gone_key", "medium")}


def test_the_other_options_of_a_group_found_through_the_search_path_mount_under_it(make_repo):
    """navsim: training's config has `searchpath: [pkg://navsim/config/common]` and
    `- agent: ego_agent`; common/agent/ also holds transfuser_agent.yaml, which
    `agent=transfuser_agent` mounts under `agent`: `agent.config.latent=True` is its key,
    not a key of a primary config named config.latent."""
    training = "hydra:\n  searchpath:\n    - pkg://navsim.config.common\n\ndefaults:\n  - agent: ego_agent\n  - _self_\n\nsplit: trainval\n"
    entry = "import hydra\n\n\n@hydra.main(config_path='config/training', config_name='default_training', version_base=None)\ndef main(cfg):\n    print(cfg)\n\n\nif __name__ == '__main__':\n    main()\n"
    doc = "# Agents\n\nEnable it with `agent.config.latent=True` on the TransfuserAgent; `agent.config.latnet` is a slip.\n"
    files = {
        "navsim/__init__.py": "", "navsim/train.py": entry, "navsim/config/training/default_training.yaml": training,
        "navsim/config/common/agent/ego_agent.yaml": "_target_: navsim.agents.Ego\nlr: 1e-4\nhidden_layer_dim: 512\n",
        "navsim/config/common/agent/transfuser_agent.yaml": "_target_: navsim.agents.Transfuser\nconfig:\n  latent: False\n  width: 4\nlr: 1e-4\n",
        "docs/agents.md": doc,
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == ["agent.config.latnet"]
