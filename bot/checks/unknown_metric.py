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
    name = claim.text
    index = ctx.index
    gone = ctx.changes.gone(METRIC, name) if ctx.changes else None
    if gone is not None and not index.metric_exists(name):
        return [changed((CODE, NAME), claim, gone)]
    namespace = name.split("/", 1)[0]
    if namespace in index.weak_namespaces or index.metric_exists(name):
        return []
    metrics = index.names(METRIC)
    concrete = [m for m in metrics if "{" not in m]
    candidates = closest(name, concrete, 0.75)
    suffix = name.split("/", 1)[1]
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
