"""DRIFT004 unknown-metric: a doc names a metric the code does not log.

What it does: checks names shaped like `namespace/name` whose namespace the code logs
to (`train/`, `eval/`, `rollout/`), against the keys logged to trackers: dict keys
passed to `wandb.log`-like emitters, keys stored into metrics dicts, and names built at
run time: `f"eval/skipped_{reason}"` is a pattern, and `eval/skipped_unhealthy` matches
it. A namespace where the code builds names from nothing but a hole (`f"rollout/{k}"`)
cannot be checked, and is not.

Why: dashboards and alerts keyed on a renamed metric go blank without an error.

Example: `train/grad_norm` after the code logs `train/grad-norm`; or `loss` moved to
`train/loss`. The suggestion is the closest logged name.

Silence: `<!-- drift-ignore -->`; `rules.metrics.params.emitters` to teach drift your logger.
"""

from __future__ import annotations

from typing import Iterable

from ..index import closest
from ..model import METRIC, Finding
from .base import CheckContext, changed, finding, where
from .classify import Claim

CODE = "DRIFT004"
NAME = "unknown-metric"
CLAIMS = ("metric",)
SEVERITY = "error"


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    if claim.attrs.get("bare"):
        return _bare(claim, ctx)
    name = claim.text
    index = ctx.index
    gone = ctx.changes.gone(METRIC, name) if ctx.changes else None
    if gone is not None and not index.metric_exists(name):
        return [changed((CODE, NAME), claim, gone)]
    namespace = name.split("/", 1)[0]
    if namespace in index.weak_namespaces or index.metric_exists(name):
        return []
    if namespace in index.framework_metric_namespaces():
        return []  # `rewards/accuracies`: TRL's trainer logs it, not the repository's code
    metrics = index.names(METRIC)
    if any(m.startswith(name + "/") for m in metrics):
        return []  # `loss/validation`: the group `loss/validation/step_average` and its siblings share
    concrete = [m for m in metrics if "{" not in m]
    suffix = name.split("/", 1)[1]
    if namespace in index.metric_namespaces:
        # The namespace is still logged: the fix is a name in it. `eval/avg_reward` of an
        # example's client is no fix for a trainer's `generate/avg_reward`.
        candidates = closest(name, [m for m in concrete if m.startswith(namespace + "/")], 0.75)
        moved = []
    else:
        candidates = closest(name, concrete, 0.75)
        moved = [m for m in concrete if m.endswith("/" + suffix) and m != name]
    if len(moved) == 1:
        candidates = moved
    confidence = "low" if index.dynamic_metrics else "high" if claim.context == "table" else "medium"
    if namespace not in index.metric_namespaces and len(moved) != 1:
        # The code logs nothing under this namespace any more: a name from another one
        # is no fix, only the one that kept its name under a new namespace is.
        logged = sorted(index.metric_namespaces)
        shown = ", ".join(f"{n}/" for n in logged[:8]) + (", ..." if len(logged) > 8 else "")
        evidence = f"drift finds no metric the code logs under {namespace}/" + (f" (it finds them under {shown})" if logged else "")
        return [finding((CODE, NAME), claim, f"unknown metric {name}", evidence, confidence, None)]
    if candidates:
        evidence = f"no metric {name} is logged; closest: {candidates[0]} ({where(metrics[candidates[0]][0])})"
    else:
        evidence = f"no metric {name} is logged ({sum(1 for m in metrics if m.startswith(namespace + '/'))} in {namespace}/)"
    return [finding((CODE, NAME), claim, f"unknown metric {name}", evidence, confidence, candidates[0] if candidates else None)]


def _bare(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    """A name a metrics table gives without its namespace (`kl` for `train/kl`)."""
    name = claim.text
    index = ctx.index
    if index.bare_metric_exists(name):
        return []
    tails = index.metric_tails()
    if ctx.changes:
        for change in ctx.changes.changes:
            if change.kind != METRIC or change.change not in ("removed", "renamed") or not change.old.endswith("/" + name):
                continue
            new = change.new
            # `kl` was `train/kl`, now `train/kl_div`: write the new name in the same form.
            if new and new.count("/") >= name.count("/"):
                new = "/".join(new.split("/")[-(name.count("/") + 1):])
            return [changed((CODE, NAME), claim, change, replacement=new)]
    same_depth = [t for t in tails if t.count("/") == name.count("/")]
    candidates = closest(name, same_depth, 0.75)
    confidence = "low" if index.dynamic_metrics else "medium"
    if candidates:
        # The name as the logger sees it: the one a flow reached, with its namespace.
        full = max(tails[candidates[0]], key=lambda n: (any(f.attrs.get("via") == "flow" for f in index.names(METRIC)[n]), n.count("/")))
        fact = index.names(METRIC)[full][0]
        evidence = f"the code logs no metric named {name}; closest: {candidates[0]}, logged as {full} ({where(fact)})"
        return [finding((CODE, NAME), claim, f"unknown metric {name}", evidence, confidence, candidates[0])]
    evidence = f"the code logs no metric named {name}, under any namespace; the table's other names are logged"
    return [finding((CODE, NAME), claim, f"unknown metric {name}", evidence, "low", None)]
