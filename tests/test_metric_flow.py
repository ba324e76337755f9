"""Metric names followed from the literal to the logger: helpers that return dicts,
prefixes added on the way, wrappers that log for their callers, loops over literal
lists and helpers that write into a dict they are handed. Real repositories built in
the test, real tree-sitter parses, the real audit and PR mode."""

from __future__ import annotations

from drift_docs.engine import audit
from drift_docs.model import METRIC
from drift_docs.pr import run_pr

STATS = '''
import numpy as np


def compute_statistics(values):
    values = np.array(values)
    return {
        "mean": np.mean(values).item(),
        "median": np.median(values).item(),
        "max": np.max(values).item(),
    }


def dict_add_prefix(d, prefix):
    return {f"{prefix}{k}": v for k, v in d.items()}
'''

LOGGING = '''
import wandb


def log(args, metrics, step_key):
    if args.use_wandb:
        wandb.log(metrics)
'''

ROLLOUT = '''
from pkg import logging_utils
from pkg.metric_utils import compute_statistics, dict_add_prefix


def _zero_std(samples):
    groups = group_by(samples)
    return {f"zero_std/count_{reward}": len(items) for reward, items in groups.items()}


def compute_metrics_from_samples(args, samples):
    log_dict = {}
    log_dict |= dict_add_prefix(compute_statistics([s.length for s in samples]), "response_len/")
    log_dict |= _zero_std(samples)
    log_dict["repetition_frac"] = 0.0
    return log_dict


def log_rollout_data(rollout_id, args, samples):
    log_dict = {}
    log_dict |= dict_add_prefix(compute_metrics_from_samples(args, samples), "rollout/")
    log_dict["rollout/step"] = rollout_id
    logging_utils.log(args, log_dict, step_key="rollout/step")
'''


def _metrics(root) -> set[str]:
    from drift_docs.cache import Cache
    from drift_docs.config import load_config
    from drift_docs.engine import analyse
    from drift_docs.revision import Revision, open_repo

    repo = open_repo(root)
    with Revision(repo, "HEAD") as revision:
        analysis = analyse(revision, load_config(revision, None), Cache(None))
        return set(analysis.index.by_kind[METRIC])


def _findings(root):
    return {(f.path, f.line, f.text): f for f in audit(root, blame=False).findings}


def test_keys_from_helpers_reach_the_logger_with_every_prefix(make_repo):
    builder = make_repo({"pkg/__init__.py": "", "pkg/metric_utils.py": STATS, "pkg/logging_utils.py": LOGGING, "pkg/rollout.py": ROLLOUT})
    names = _metrics(builder.root)
    # Statistics helper, then a sub-prefix, then the namespace, through a wrapper logger.
    assert {"rollout/response_len/mean", "rollout/response_len/median", "rollout/response_len/max", "rollout/repetition_frac", "rollout/step"} <= names
    # A key built from a dict drift cannot see into stays a pattern.
    assert "rollout/zero_std/count_{key}" in names
    # Only what reaches the logger with its prefixes: no bare `rollout/mean`.
    assert "rollout/mean" not in names


def test_doc_names_are_checked_against_the_flow_with_the_closest_logged_name(make_repo):
    doc = (
        "# Metrics\n\n"
        "| Metric | Meaning |\n|---|---|\n"
        "| `rollout/response_len/mean` | mean response length |\n"
        "| `rollout/response_len/avg` | average response length |\n"
        "| `rollout/zero_std/count_1.0` | groups whose rewards are all 1.0 |\n"
        "| `rollout/repetition_frac` | repeated responses |\n"
    )
    builder = make_repo({"pkg/__init__.py": "", "pkg/metric_utils.py": STATS, "pkg/logging_utils.py": LOGGING, "pkg/rollout.py": ROLLOUT, "docs/metrics.md": doc})
    findings = _findings(builder.root)
    assert list(findings) == [("docs/metrics.md", 6, "rollout/response_len/avg")]
    finding = findings[("docs/metrics.md", 6, "rollout/response_len/avg")]
    assert finding.replacement in ("rollout/response_len/mean", "rollout/response_len/max")
    assert "pkg/metric_utils.py" in finding.evidence


HELPERS = '''
import wandb


def append_metric(metrics, name, value):
    metrics.setdefault(name, []).append(value)


def add_prefix(d, prefix):
    out = {}
    for key, value in d.items():
        out[f"{prefix}{key}"] = value
    return out


def losses(batch):
    stats = {}
    for k in ("policy", "value"):
        stats[f"{k}_loss"] = 0.0
    stats.update({"entropy": 1.0})
    stats.update(grad_norm=2.0)
    return stats


def train_step(batch):
    metrics = {}
    append_metric(metrics, "kl", 0.1)
    metrics.update(losses(batch))
    wandb.log(add_prefix(metrics, "train/"))


def log_metrics(metrics, namespace):
    wandb.log({f"{namespace}/{key}": value for key, value in metrics.items()})


def evaluate():
    log_metrics({"accuracy": 1.0}, "eval")


def rollout():
    log_metrics({"reward": 1.0}, namespace="rollout")


def recurse(d, depth):
    if depth:
        return recurse(d, depth - 1)
    return {"leaf": 1}
'''


def test_helpers_that_write_loop_update_and_rewrite_keys(make_repo):
    builder = make_repo({"trainer.py": HELPERS})
    names = _metrics(builder.root)
    # A helper writing into the dict it was handed, a loop over a literal tuple,
    # update() with a dict and with keywords, a key-rewriting wrapper.
    assert {"train/kl", "train/policy_loss", "train/value_loss", "train/entropy", "train/grad_norm"} <= names
    # A prefix bound at each call site goes with that call site's keys only.
    assert {"eval/accuracy", "rollout/reward"} <= names
    assert "eval/reward" not in names and "rollout/accuracy" not in names


def test_a_renamed_key_in_a_helper_is_reported_in_pr_mode_with_the_new_name(make_repo):
    doc = "# Training\n\nWatch `train/policy_loss` and `train/kl` in W&B.\n"
    builder = make_repo({"trainer.py": HELPERS, "docs/training.md": doc})
    base = builder.repo.head.commit.hexsha
    builder.commit({"trainer.py": HELPERS.replace('append_metric(metrics, "kl", 0.1)', 'append_metric(metrics, "kl_div", 0.1)')}, "rename kl")
    result = run_pr(builder.root, base)
    stale = [(f.path, f.line, f.text, f.replacement) for f in result.findings]
    assert stale == [("docs/training.md", 3, "train/kl", "train/kl_div")]


def test_cycles_and_deep_chains_end(make_repo):
    chain = "import wandb\n\n" + "".join(f"def f{i}(d):\n    return f{i + 1}(d)\n\n" for i in range(40))
    chain += "def f40(d):\n    return {'deep': 1}\n\n"
    chain += "def cyc(d):\n    d.update(cyc(d))\n    return d\n\n"
    chain += "def main():\n    wandb.log({**f0({}), **cyc({'x/one': 1})})\n"
    builder = make_repo({"chain.py": chain})
    names = _metrics(builder.root)
    assert "x/one" in names  # the cycle ends with what it has
    assert "deep" not in names  # past the depth bound the chain is not followed


BARE_TABLE = """# Training

## Logged metrics

| Metric | Description |
|---|---|
| `kl` | KL divergence to the reference |
| `entropy` | policy entropy |
| `policy_loss` | clipped surrogate loss |
| `valu_loss` | value loss |
"""

OTHER_TOOL = """# Serving

## Metrics the server exports

| Name | Description |
|---|---|
| `num_requests_running` | requests in flight |
| `gpu_cache_usage_perc` | KV cache usage |
| `entropy` | unrelated |
"""


def test_a_table_of_metric_names_without_namespace_is_checked_against_the_logged_names(make_repo):
    builder = make_repo({"trainer.py": HELPERS, "docs/training.md": BARE_TABLE, "docs/serving.md": OTHER_TOOL})
    findings = _findings(builder.root)
    # The metrics table whose other names the code logs: its unknown row is stale, with
    # the closest logged name in the same form. The other tool's table is not judged.
    assert list(findings) == [("docs/training.md", 10, "valu_loss")]
    finding = findings[("docs/training.md", 10, "valu_loss")]
    assert finding.replacement == "value_loss"
    assert "train/value_loss" in finding.evidence


def test_a_bare_table_name_a_change_renamed_gets_the_new_name_in_pr_mode(make_repo):
    builder = make_repo({"trainer.py": HELPERS, "docs/training.md": BARE_TABLE.replace("valu_loss", "value_loss")})
    base = builder.repo.head.commit.hexsha
    builder.commit({"trainer.py": HELPERS.replace('stats.update({"entropy": 1.0})', 'stats.update({"policy_entropy": 1.0})')}, "rename entropy")
    stale = [(f.path, f.line, f.text, f.replacement) for f in run_pr(builder.root, base).findings]
    assert stale == [("docs/training.md", 8, "entropy", "policy_entropy")]


PERF = '''
import wandb

from pkg.metric_utils import compute_statistics, dict_add_prefix

_REQUEST_FIELDS = (
    ("request/e2e_latency", "e2e_latency"),
    ("decode/throughput", "decode_throughput"),
)


def perf_metrics(samples, rollout_time):
    log_dict = {}
    values_by_metric = {}

    def add_value(metric_key, source_key, attrs):
        values_by_metric.setdefault(metric_key, []).append(attrs[source_key])

    def token_perf(lengths, key=""):
        log_dict[f"{key}tokens_per_sec"] = sum(lengths) / rollout_time

    for attrs in samples:
        for metric_key, source_key in _REQUEST_FIELDS:
            add_value(metric_key, source_key, attrs)
    for key, values in values_by_metric.items():
        log_dict |= dict_add_prefix(compute_statistics(values), f"{key}/")
    token_perf([1])
    token_perf([2], key="effective_")
    wandb.log(dict_add_prefix(log_dict, "perf/"))
'''


def test_closures_read_with_each_call_and_calls_inside_a_loop_over_a_dict(make_repo):
    builder = make_repo({"pkg/__init__.py": "", "pkg/metric_utils.py": STATS, "pkg/perf.py": PERF})
    names = {n for n in _metrics(builder.root) if n.startswith("perf/")}
    assert names == {
        "perf/request/e2e_latency/mean", "perf/request/e2e_latency/median", "perf/request/e2e_latency/max",
        "perf/decode/throughput/mean", "perf/decode/throughput/median", "perf/decode/throughput/max",
        "perf/tokens_per_sec", "perf/effective_tokens_per_sec",
    }


def test_a_list_of_metric_names_without_namespace_under_a_metrics_heading(make_repo):
    doc = (
        "# Training\n\n## What gets logged to W&B\n\n"
        "- `kl`: KL divergence to the reference\n"
        "- `entropy`: policy entropy\n"
        "- `gradnorm`: gradient norm\n\n"
        "## Install\n\n- `uv`: the installer\n- `pip`: also works\n"
    )
    builder = make_repo({"trainer.py": HELPERS, "docs/training.md": doc})
    findings = _findings(builder.root)
    assert list(findings) == [("docs/training.md", 7, "gradnorm")]
    assert findings[("docs/training.md", 7, "gradnorm")].replacement == "grad_norm"


def test_wrappers_of_wrappers_called_from_many_places_stay_within_bounds(make_repo):
    # Forty trainers each override `log` and call the next one's; each logs its own
    # keys through it. Walked naively, the callers of callers multiply without end.
    classes = "import wandb\n\n"
    for i in range(40):
        classes += (
            f"class T{i}:\n"
            f"    def log(self, logs):\n"
            f"        logs = {{**logs, 'extra_{i}': 1}}\n"
            f"        super().log(logs)\n"
            f"        wandb.log(logs)\n\n"
            f"    def step(self):\n"
            f"        self.log({{'t{i}/loss': 1.0}})\n\n"
        )
    builder = make_repo({"trainers.py": classes})
    from drift_docs.metric_flow import FlowJoin
    from drift_docs.extract import compiled_rules, run_extractor
    from drift_docs.rules import load_rules

    result = run_extractor("python", classes.encode(), compiled_rules(load_rules()))
    join = FlowJoin([("trainers.py", result)])
    names = {"".join(p for p in key.parts if isinstance(p, str)) for key, _, _ in join.logged()}
    assert {"t0/loss", "t39/loss", "extra_0", "extra_39"} <= names
    assert join.abandoned == 0
    assert {"t0/loss", "t39/loss"} <= _metrics(builder.root)


def test_a_fix_stays_in_a_namespace_the_code_still_logs(make_repo):
    trainer = "import wandb\n\n\ndef log(stats):\n    wandb.log({'generate/avg_response_length': stats[0], 'generate/avg_num_tokens': stats[1], 'loss/validation/step_average': stats[2]})\n"
    client = "import wandb\n\n\ndef report(r):\n    wandb.log({'eval/avg_reward': r})\n"
    doc = "# Metrics\n\n| Metric | Meaning |\n|---|---|\n| `generate/avg_reward` | mean reward |\n| `generate/avg_response_lenght` | mean length |\n| `generate/avg` | the averages |\n| `loss/validation` | validation losses |\n"
    builder = make_repo({"pkg/__init__.py": "", "pkg/trainer.py": trainer, "examples/client.py": client, "docs/metrics.md": doc})
    found = {text: f.replacement for (_, _, text), f in _findings(builder.root).items()}
    # generate/ is still logged: eval/avg_reward, another program's name, is no fix.
    # (`generate/avg` names no metric, but neither is it a group: `generate/avg_x` is no child.)
    # `loss/validation` names the group its logged children share.
    assert found == {"generate/avg_reward": None, "generate/avg_response_lenght": "generate/avg_response_length", "generate/avg": None}


def test_a_prefix_mapped_over_a_dict_the_flow_cannot_see_into_is_a_family(make_repo):
    """RLinf: `all_actor_metrics = {f"actor/{key}": mean(v) for key, v in
    all_actor_metrics.items()}`, the keys coming from a method each subclass overrides:
    `actor/bc_loss` may be any of them. A namespace with no such family is still checked."""
    worker = (
        "import numpy as np\n\n\nclass Worker:\n    def update(self, batches):\n        all_actor_metrics = {}\n"
        "        for batch in batches:\n            _, metrics = self.forward_actor(batch)\n            merge(all_actor_metrics, metrics)\n"
        "        all_actor_metrics = {f\"actor/{key}\": np.mean(value) for key, value in all_actor_metrics.items()}\n"
        "        return {\"critic/lr\": 1.0, **all_actor_metrics}\n"
    )
    doc = "# Metrics\n\n| Metric | Meaning |\n|---|---|\n| `actor/bc_loss` | BC loss |\n| `critic/lr` | rate |\n| `critic/critic_los` | loss |\n"
    builder = make_repo({"pkg/__init__.py": "", "pkg/worker.py": worker, "docs/metrics.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT004"] == ["critic/critic_los"]


def test_a_function_named_for_metrics_returns_them_under_the_prefix_it_is_given(make_repo):
    """tunix: `def _calculate_scalar_reward_log_metrics(rewards, prefix="rewards"): return
    {f"{prefix}/mean": ...}`: `rewards/mean` is logged, whoever passes the dict on. A
    name under no such family is still checked."""
    manager = (
        "import numpy as np\n\n\ndef _reward_log_metrics(rewards, prefix=\"rewards\"):\n"
        "    return {\n        f\"{prefix}/sum\": np.sum(rewards),\n        f\"{prefix}/mean\": np.mean(rewards),\n    }\n\n\n"
        "def other(values):\n    return {\"count\": len(values)}\n\n\n"
        "def log_step(logger, rewards):\n    logger.log({\"perf/step_time\": 1.0})\n"
    )
    doc = "# Metrics\n\n| Metric | Meaning |\n|---|---|\n| `rewards/mean` | mean reward |\n| `perf/step_time` | time |\n| `perf/stepp_time` | typo |\n"
    builder = make_repo({"pkg/__init__.py": "", "pkg/rewards.py": manager, "docs/metrics.md": doc})
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT004"] == ["perf/stepp_time"]


def test_keys_recorded_inside_a_logger_prefix_scope_carry_its_prefix(make_repo):
    """garage (dowel): `with tabular.prefix(prefix + '/'): tabular.record('SuccessRate', r)`
    logs `Evaluation/SuccessRate` for the default prefix and any other a caller passes;
    a literal scope prefix gives the concrete name. A key under no such scope is checked."""
    functions = (
        "from dowel import tabular\n\n\n"
        "def log_performance(itr, batch, prefix='Evaluation'):\n"
        "    with tabular.prefix(prefix + '/'):\n"
        "        tabular.record('SuccessRate', 0.5)\n"
        "        tabular.record('AverageReturn', 1.0)\n\n\n"
        "def log_timing(seconds):\n"
        "    with tabular.prefix('Time/'):\n"
        "        tabular.record('Epoch', seconds)\n"
    )
    doc = (
        "# Metrics\n\n| Metric | Meaning |\n|---|---|\n"
        "| `Evaluation/SuccessRate` | success |\n| `Time/Epoch` | seconds |\n| `Time/Epok` | typo |\n"
    )
    builder = make_repo({"pkg/__init__.py": "", "pkg/functions.py": functions, "docs/metrics.md": doc})
    assert "Time/Epoch" in _metrics(builder.root)
    assert [f.text for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT004"] == ["Time/Epok"]
