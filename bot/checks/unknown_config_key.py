"""DRIFT017 unknown-config-key: a doc sets or names a config key the configs do not have.

What it does: composes the repository's YAML configs as Hydra does (each primary config
with its defaults list: `- actor@actor_rollout_ref.actor: dp_actor` mounts
actor/dp_actor.yaml under `actor_rollout_ref.actor`; `defaults: base.yaml` inherits a
file) and checks dotted keys against the result: overrides on command lines and in inline
code (`trainer.nnodes=2`), and keys a config reference lists (`- ``algorithm.gamma``:`).
Only keys under a root the configs define are judged; a key under a node that takes any
sub-key (null, `{}`, a `_target_` mapping) exists; `+key=v` adds a key and is not judged.

Why: Hydra rejects an unknown override (`Could not override 'trainer.nnode'`), and a
documented key that no config reads is silently ignored in YAML.

Example: `trainer.nnode=2` where the config has `trainer.nnodes`; `ray_init.num_cpus`
after `ray_init` moved under `ray_kwargs`. The suggestion is the one key of the same name
elsewhere under the same root, or the closest spelling.

Silence: `<!-- drift-ignore -->` above the line, or `ignore_names = ["trainer.nnode"]`.
"""

from __future__ import annotations

from typing import Iterable

from ..model import CONFIG_KEY, Finding
from .base import CheckContext, changed, finding
from .classify import Claim

CODE = "DRIFT017"
NAME = "unknown-config-key"
CLAIMS = ("config",)
SEVERITY = "error"


# How much of a YAML section a dataclass's fields must cover to be taken as its schema.
SCHEMA_COVER = 0.6
SCHEMA_MIN_SHARED = 5  # or this many of its keys, in a section many configs add to


def _field_of_schema(index, tree, key: str) -> bool:
    """`actor.loss_type` where the YAML's `actor` section lists only some of the fields
    of a config dataclass the repository defines: the dataclass, not the YAML, says
    which keys exist (its defaults fill the rest)."""
    section = tree.longest_known_prefix(key)
    if not section:
        return False
    children = tree.children(section)
    wanted = key[len(section) + 1 :].split(".", 1)[0]
    if len(children) < 2:
        return False
    for class_name in index.dataclass_fields:
        fields = index.known_fields(class_name)
        if wanted in fields and len(children & fields) >= min(SCHEMA_MIN_SHARED, SCHEMA_COVER * len(children)):
            return True
    return False


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    tree = ctx.index.config_tree
    key = claim.text
    if tree is None or tree.knows(key) or tree.is_section(key) or _field_of_schema(ctx.index, tree, key):
        return []
    gone = ctx.changes.gone(CONFIG_KEY, key) if ctx.changes else None
    if gone is not None:
        return [changed((CODE, NAME), claim, gone)]
    suggestions = tree.suggestions(key)
    root = key.split(".", 1)[0]
    evidence = f"no config composed from the repository's YAML has {key} (`{root}` is defined in {', '.join(tree.files_of(root))})"
    if suggestions:
        evidence += f"; closest: {suggestions[0]} ({tree.keys[suggestions[0]]})"
    confidence = "high" if claim.attrs.get("override") else "medium"
    return [finding((CODE, NAME), claim, f"unknown config key {key}", evidence, confidence, suggestions[0] if suggestions else None)]
