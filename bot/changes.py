"""What a change did to the code's names: the facts of two revisions, compared.

A flag that is gone may have been renamed (same dest, same help, the old name kept as
an alias), a module may have moved with its file (git rename detection), a function may
have moved to a new module when a file was split, a metric may have gained a prefix.
Each result says what happened and, when it can be told, what the name is now.
"""

from __future__ import annotations

import difflib
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any

from .extract import module_name
from .index import FactIndex
from .model import CLASS, CONFIG_KEY, CONSTANT, ENV, FLAG, FUNCTION, METHOD, METRIC, MODULE, PATH, Fact

REMOVED = "removed"
RENAMED = "renamed"
DEFAULT_CHANGED = "default-changed"
CHOICES_CHANGED = "choices-changed"
TYPE_CHANGED = "type-changed"
# A name that one definition dropped while another program still defines it.
REMOVED_FROM = "removed-from"

SYMBOL_KINDS = (CLASS, FUNCTION, METHOD, CONSTANT)


@dataclass
class Change:
    kind: str  # flag | env | metric | module | symbol | path | config_key
    old: str
    change: str  # removed | renamed | default-changed | choices-changed | type-changed
    new: str | None = None
    where: str = ""  # where the old name was defined (base)
    now: str = ""  # where the new one is (head)
    why: str = ""  # how the rename was recognised
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def describe(self) -> str:
        if self.change == RENAMED:
            text = f"{self.old} was renamed to {self.new} ({self.why}; now at {self.now})"
            if "default_after" in self.detail:
                text += f", and its default changed from {self.detail['default_before']} to {self.detail['default_after']}"
            return text
        if self.change == REMOVED:
            return f"{self.old} was removed (was at {self.where})"
        if self.change == REMOVED_FROM:
            owner = self.detail.get("class") or self.detail.get("path")
            text = f"{self.old} was removed from {owner} (was at {self.where}); still defined at {', '.join(self.detail.get('still', []))}, for other programs"
            return text + (f"; {owner} now have it as {self.new} ({self.now})" if self.new and self.detail.get("main") else "")
        if self.change == DEFAULT_CHANGED:
            return f"the default of {self.old} changed from {self.detail.get('before')} to {self.detail.get('after')} ({self.now})"
        if self.change == CHOICES_CHANGED:
            return f"the choices of {self.old} changed from {self.detail.get('before')} to {self.detail.get('after')} ({self.now})"
        if self.change == TYPE_CHANGED:
            return f"the type of {self.old} changed from {self.detail.get('before')} to {self.detail.get('after')} ({self.now})"
        return f"{self.old}: {self.change}"


def _at(fact: Fact) -> str:
    return f"{fact.path}:{fact.line}"


def _unique(items: list[str]) -> str | None:
    items = sorted(set(items))
    return items[0] if len(items) == 1 else None


def _definition_key(fact: Fact) -> tuple[str, str]:
    """Which definition of a flag this is: the config class it is a field of, or the
    file and argument group that adds it. Several programs may define one name."""
    if fact.field_of:
        return ("class", fact.field_of)
    return (fact.path, str(fact.attrs.get("group") or ""))


def _same_definitions(before: list[Fact], after: list[Fact]) -> list[tuple[Fact, Fact]]:
    """Pairs of one definition at base and at head; a lone definition on each side is
    one definition even if it moved to another file."""
    if len(before) == 1 and len(after) == 1:
        return [(before[0], after[0])]
    # Only a key that names one definition on each side pairs them: several facts under
    # one key (a base class's field seen through many subclasses) say nothing certain.
    counts_before = Counter(_definition_key(f) for f in before)
    now: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    for fact in after:
        now[_definition_key(fact)].append(fact)
    return [(fact, now[key][0]) for fact in before if counts_before[(key := _definition_key(fact))] == 1 and len(now.get(key, ())) == 1]


def _definition_changes(name: str, fact: Fact, now: Fact) -> list[Change]:
    changes = []
    for key, kind in (("default_value", DEFAULT_CHANGED), ("choices", CHOICES_CHANGED)):
        before, after = fact.attrs.get(key), now.attrs.get(key)
        known = fact.attrs.get("default_known") and now.attrs.get("default_known") if key == "default_value" else key in fact.attrs and key in now.attrs
        if known and before != after:
            changes.append(Change(FLAG, name, kind, name, _at(fact), _at(now), detail={"before": before, "after": after, "source": now.attrs.get("default")}))
    if fact.attrs.get("type") and now.attrs.get("type") and fact.attrs["type"] != now.attrs["type"]:
        changes.append(Change(FLAG, name, TYPE_CHANGED, name, _at(fact), _at(now), detail={"before": fact.attrs["type"], "after": now.attrs["type"]}))
    return changes


def _flag_changes(base: FactIndex, head: FactIndex) -> list[Change]:
    old_flags, new_flags = base.names(FLAG), head.names(FLAG)
    added = {name: facts[0] for name, facts in new_flags.items() if name not in old_flags}
    changes: list[Change] = []
    for name, facts in old_flags.items():
        fact = facts[0]
        if name in new_flags:
            pairs = _same_definitions(facts, new_flags[name])
            for before_fact, now in pairs:
                changes += _definition_changes(name, before_fact, now)
            # Dropped: a definition whose class (or file and group) has no such flag at head.
            keys_now = {_definition_key(f) for f in new_flags[name]}
            for dropped in facts if len(facts) > 1 or len(new_flags[name]) > 1 else ():
                if _definition_key(dropped) not in keys_now and name.startswith("--"):
                    still = sorted({_at(f) for f in new_flags[name]})
                    detail = {"path": dropped.path, "class": dropped.field_of, "still": still[:3]}
                    changes.append(Change(FLAG, name, REMOVED_FROM, None, _at(dropped), detail=detail))
            continue
        if name.startswith("--no-") or not name.startswith("--"):
            continue  # a negation or short alias follows its long flag
        dest = fact.attrs.get("dest")
        help_text = fact.attrs.get("help")
        renamed, why = None, ""
        long_added = {n: f for n, f in added.items() if n.startswith("--") and not n.startswith("--no-")}
        by_dest = [n for n, f in long_added.items() if dest and f.attrs.get("dest") == dest]
        by_help = [n for n, f in long_added.items() if help_text and len(help_text) > 8 and f.attrs.get("help") == help_text]
        if _unique(by_dest):
            renamed, why = _unique(by_dest), "same dest"
        elif _unique(by_help):
            renamed, why = _unique(by_help), "same help text"
        else:
            near = [n for n, f in long_added.items() if f.path == fact.path and difflib.SequenceMatcher(None, name, n).ratio() >= 0.75]
            if _unique(near):
                renamed, why = _unique(near), "similar name in the same file"
        if renamed:
            detail = {}
            now = added[renamed]
            if fact.attrs.get("default_known") and now.attrs.get("default_known") and fact.attrs.get("default_value") != now.attrs.get("default_value"):
                detail = {"default_before": fact.attrs.get("default_value"), "default_after": now.attrs.get("default_value")}
            changes.append(Change(FLAG, name, RENAMED, renamed, _at(fact), _at(now), why, detail))
        else:
            changes.append(Change(FLAG, name, REMOVED, None, _at(fact)))
    return changes


def _simple_changes(kind: str, base: FactIndex, head: FactIndex, similar: float) -> list[Change]:
    old, new = base.names(kind), head.names(kind)
    added = {name: facts[0] for name, facts in new.items() if name not in old}
    changes = []
    for name, facts in old.items():
        if name in new:
            continue
        if kind == METRIC and head.metric_exists(name):
            continue  # a pattern at head still produces it
        fact = facts[0]
        candidates = []
        if kind == METRIC:
            tail = name.split("/", 1)[-1]
            candidates = [n for n in added if n != name and (n.endswith("/" + tail) or n.endswith("/" + name) or n == tail)]
        if not candidates:
            candidates = [n for n, f in added.items() if f.path == fact.path and difflib.SequenceMatcher(None, name, n).ratio() >= similar]
        renamed = _unique(candidates)
        if renamed:
            why = "same name under a new prefix" if kind == METRIC and renamed.endswith(name.split("/", 1)[-1]) else "similar name in the same file"
            changes.append(Change(kind, name, RENAMED, renamed, _at(fact), _at(added[renamed]), why))
        else:
            changes.append(Change(kind, name, REMOVED, None, _at(fact)))
    return changes


def _config_tree_changes(base: FactIndex, head: FactIndex) -> list[Change]:
    """Keys the composed configs lost: a key a group file defined under its mount point
    (`actor_rollout_ref.rollout.x` from rollout/rollout.yaml) is the key a doc writes."""
    old, new = base.config_tree, head.config_tree
    if old is None or new is None:
        return []
    added = [k for k in new.keys if k not in old.keys]
    changes = []
    for key in sorted(old.keys):
        if key in new.keys or new.knows(key) or new.is_section(key):
            continue
        parent, _, leaf = key.rpartition(".")
        moved = [k for k in added if k.endswith("." + key)]  # `ray_init.x` now `ray_kwargs.ray_init.x`
        candidates = moved or [k for k in added if k.rsplit(".", 1)[-1] == leaf and k.split(".", 1)[0] == key.split(".", 1)[0]]
        candidates = candidates or [k for k in added if k.rsplit(".", 1)[0] == parent and difflib.SequenceMatcher(None, leaf, k.rsplit(".", 1)[-1]).ratio() >= 0.85]
        renamed = _unique(candidates)
        where = old.keys[key]
        if renamed:
            changes.append(Change(CONFIG_KEY, key, RENAMED, renamed, where, new.keys[renamed], "same key under a new section" if renamed.endswith("." + leaf) else "similar key in the same section"))
        else:
            changes.append(Change(CONFIG_KEY, key, REMOVED, None, where))
    return changes + _scoped_config_changes(old, new)


def _scoped_config_changes(old: Any, new: Any) -> list[Change]:
    """Keys one config file stopped composing while other configs still have them: a
    command that loads that file (`--config rw.yaml model.path=...`) lost the key."""
    changes = []
    for path in sorted(set(old.primaries) & set(new.primaries)):
        if old._sources.get(path) == new._sources.get(path):
            continue  # the file itself is unchanged (a group file it mounts rarely moves alone)
        before, after = old.scoped(path), new.scoped(path)
        if before is None or after is None or not after.keys:
            continue
        for key in sorted(before.keys):
            if key in after.keys or after.knows(key) or after.is_section(key) or not new.knows(key):
                continue  # still there, or gone everywhere (reported above)
            changes.append(Change(CONFIG_KEY, key, REMOVED_FROM, None, before.keys[key], detail={"path": path, "still": new.files_of(key.split(".", 1)[0], 2)}))
    return changes + _main_config_changes(old, new)


MAIN_CONFIGS = "the repository's own configs"


def _main_config_changes(old: Any, new: Any) -> list[Change]:
    """Keys the repository's own configs (not its tests', examples' or recipes') stopped
    composing while some other config keeps a copy (a legacy test YAML): a main page that
    names the key describes the trainer, which lost it. The new place is the one key the
    change added with the same name, when there is one."""
    before, after = old.main(), new.main()
    if not before.keys or not after.keys:
        return []
    added = [k for k in after.keys if k not in before.keys]
    changes = []
    for key in sorted(before.keys):
        if key in after.keys or after.knows(key) or after.is_section(key) or not new.knows(key):
            continue  # still there, or gone everywhere (reported above)
        leaf = key.rsplit(".", 1)[-1]
        moved = _unique([k for k in added if k.endswith("." + key)] or [k for k in added if k.rsplit(".", 1)[-1] == leaf])
        detail = {"path": MAIN_CONFIGS, "main": True, "still": new.files_of(key, 2)}
        if moved:
            detail["moved_to"] = moved
        changes.append(Change(CONFIG_KEY, key, REMOVED_FROM, moved, before.keys[key], after.keys.get(moved, "") if moved else "", detail=detail))
    return changes


def _module_changes(base: FactIndex, head: FactIndex, renames: dict[str, str]) -> tuple[list[Change], dict[str, str]]:
    moved: dict[str, str] = {}
    for old_path, new_path in renames.items():
        old_mod, new_mod = module_name(old_path, base.package_roots), module_name(new_path, head.package_roots)
        if old_mod and new_mod and old_mod != new_mod and old_mod not in head.modules:
            moved[old_mod] = new_mod
    # Packages renamed wholesale: every module under a.b moved under a.x.
    prefixes: dict[str, set[str]] = defaultdict(set)
    for old_mod, new_mod in moved.items():
        old_parts, new_parts = old_mod.split("."), new_mod.split(".")
        if old_parts[-1] == new_parts[-1] and len(old_parts) > 1:
            prefixes[".".join(old_parts[:-1])].add(".".join(new_parts[:-1]))
    for old_pkg, targets in prefixes.items():
        if len(targets) == 1 and old_pkg not in head.modules:
            moved.setdefault(old_pkg, next(iter(targets)))
    changes = []
    for name in base.modules:
        if name in head.modules:
            continue
        if name in moved:
            changes.append(Change(MODULE, name, RENAMED, moved[name], base.modules[name], head.modules.get(moved[name], ""), "file moved (git rename)"))
        else:
            changes.append(Change(MODULE, name, REMOVED, None, base.modules[name]))
    return changes, moved


def _symbol_changes(base: FactIndex, head: FactIndex, moved_modules: dict[str, str]) -> list[Change]:
    changes = []
    old_all = {name: facts[0] for kind in SYMBOL_KINDS for name, facts in base.names(kind).items() if not facts[0].attrs.get("imported")}
    new_all = {name: facts[0] for kind in SYMBOL_KINDS for name, facts in head.names(kind).items() if not facts[0].attrs.get("imported")}
    new_by_tail: dict[str, list[str]] = defaultdict(list)
    for name, fact in new_all.items():
        if name not in old_all:
            module = next((m for m in sorted(head.module_symbols, key=len, reverse=True) if name.startswith(m + ".")), "")
            new_by_tail[name[len(module) + 1 :]].append(name)
    for name, fact in old_all.items():
        if name in new_all or fact.kind == CONSTANT and not fact.name.isupper():
            continue
        module = next((m for m in sorted(base.module_symbols, key=len, reverse=True) if name.startswith(m + ".")), "")
        local = name[len(module) + 1 :]
        target = None
        why = ""
        if module in moved_modules and f"{moved_modules[module]}.{local}" in new_all:
            target, why = f"{moved_modules[module]}.{local}", "its module moved"
        elif _unique(new_by_tail.get(local, [])):
            target, why = _unique(new_by_tail[local]), "defined in a new module"
        if target:
            changes.append(Change("symbol", name, RENAMED, target, _at(fact), _at(new_all[target]), why))
        elif module in head.modules:
            changes.append(Change("symbol", name, REMOVED, None, _at(fact)))
    return changes


def _path_changes(base: FactIndex, head: FactIndex, renames: dict[str, str]) -> list[Change]:
    changes = []
    for path in sorted(base.files - head.files):
        if path in renames:
            changes.append(Change(PATH, path, RENAMED, renames[path], path, renames[path], "git rename"))
        else:
            changes.append(Change(PATH, path, REMOVED, None, path))
    # Directories: moved when every file under them moved under one new directory.
    for directory in sorted(base.dirs - head.dirs):
        prefix = directory + "/"
        inside = [p for p in base.files if p.startswith(prefix)]
        targets = set()
        for old in inside:
            new = renames.get(old)
            if new is None:
                targets.add(None)
                continue
            rest = old[len(prefix) :]
            targets.add(new[: -len(rest) - 1] if new.endswith("/" + rest) else None)
        target = next(iter(targets)) if len(targets) == 1 else None
        if target:
            changes.append(Change(PATH, directory, RENAMED, target, directory, target, "every file moved there"))
        else:
            changes.append(Change(PATH, directory, REMOVED, None, directory))
    return changes


ANCHOR = "anchor"


def anchor_changes(base_slugs: dict[str, set[str]], head_slugs: dict[str, set[str]], renames: dict[str, str]) -> list[Change]:
    """Headings the change removed or reworded, as anchors `doc#slug`. One heading gone
    and one new in the same doc is a rewording: its new anchor is the fix for links."""
    changes: list[Change] = []
    for doc, before in base_slugs.items():
        now_doc = renames.get(doc, doc)
        after = head_slugs.get(now_doc)
        if after is None:
            continue  # a deleted doc: its links are stale paths
        removed, added = sorted(before - after), sorted(after - before)
        for slug in removed:
            if len(removed) == 1 and len(added) == 1:
                changes.append(Change(ANCHOR, f"{doc}#{slug}", RENAMED, f"{now_doc}#{added[0]}", doc, now_doc, "the heading was reworded"))
            else:
                new = _unique(difflib.get_close_matches(slug, added, n=1, cutoff=0.8))
                kind = RENAMED if new else REMOVED
                changes.append(Change(ANCHOR, f"{doc}#{slug}", kind, f"{now_doc}#{new}" if new else None, doc, now_doc, "a close heading replaced it" if new else ""))
    return changes


def _workflow_changes(base: FactIndex, head: FactIndex, renames: dict[str, str]) -> list[Change]:
    """Inputs of hand-run workflows removed, renamed (the one input that took an old one's
    place) or given other options."""
    changes: list[Change] = []
    for path, workflow in base.workflows.items():
        now_path = renames.get(path, path)
        now = head.workflows.get(now_path)
        if now is None:
            continue
        old_inputs, new_inputs = workflow.get("inputs", {}), now.get("inputs", {})
        added = [k for k in new_inputs if k not in old_inputs]
        for key, spec in old_inputs.items():
            where = f"{path}:{spec.get('line', 1)}"
            if key not in new_inputs:
                new = added[0] if len(added) == 1 and len([k for k in old_inputs if k not in new_inputs]) == 1 else None
                kind = RENAMED if new else REMOVED
                at = f"{now_path}:{new_inputs[new].get('line', 1)}" if new else ""
                changes.append(Change("workflow_input", f"{path}:{key}", kind, f"{now_path}:{new}" if new else None, where, at, "the one input added in its place" if new else ""))
                continue
            before, after = spec.get("options"), new_inputs[key].get("options")
            if before and after and before != after:
                changes.append(Change("workflow_input", f"{path}:{key}", CHOICES_CHANGED, f"{now_path}:{key}", where, f"{now_path}:{new_inputs[key].get('line', 1)}", detail={"before": before, "after": after}))
    return changes


def diff_facts(base: FactIndex, head: FactIndex, renames: dict[str, str]) -> list[Change]:
    changes = _flag_changes(base, head)
    changes += _workflow_changes(base, head, renames)
    changes += _simple_changes(ENV, base, head, 0.7)
    changes += _simple_changes(METRIC, base, head, 0.75)
    # Composed keys first: a key moved between files of one config is no change.
    changes += _config_tree_changes(base, head)
    composed = (base.config_tree.files if base.config_tree else set()) | (head.config_tree.files if head.config_tree else set())
    changes += [c for c in _simple_changes(CONFIG_KEY, base, head, 0.85) if c.where.rsplit(":", 1)[0] not in composed]
    module_changes, moved = _module_changes(base, head, renames)
    changes += module_changes
    changes += _symbol_changes(base, head, moved)
    changes += _path_changes(base, head, renames)
    return changes


class ChangeSet:
    """Changes by (kind, old name), for checks to consult."""

    def __init__(self, changes: list[Change]):
        self.changes = changes
        self._by_key: dict[tuple[str, str], Change] = {}
        self._removed_from: dict[tuple[str, str], list[Change]] = defaultdict(list)
        for change in changes:
            kind = "symbol" if change.kind in (MODULE, "symbol") else change.kind
            if change.change == REMOVED_FROM:
                self._removed_from[(kind, change.old)].append(change)
            else:
                self._by_key.setdefault((kind, change.old), change)

    def removed_from(self, kind: str, name: str) -> list[Change]:
        """Definitions of ``name`` the change dropped while others still define it."""
        return self._removed_from.get((kind, name), [])

    def get(self, kind: str, name: str) -> Change | None:
        return self._by_key.get((kind, name))

    def config_roots(self) -> set[str]:
        """Top-level config keys of keys the change removed or renamed: still judged in
        docs although the head's configs no longer have them."""
        return {c.old.split(".", 1)[0] for c in self.changes if c.kind == CONFIG_KEY and c.change in (REMOVED, RENAMED)}

    def gone(self, kind: str, name: str) -> Change | None:
        change = self.get(kind, name)
        return change if change is not None and change.change in (REMOVED, RENAMED) else None

    def symbol(self, dotted: str) -> tuple[Change, str] | None:
        """A change to ``dotted`` or to a module it lies in, and the rewritten name."""
        parts = dotted.split(".")
        for length in range(len(parts), 0, -1):
            change = self.gone("symbol", ".".join(parts[:length]))
            if change is not None:
                rest = parts[length:]
                new = ".".join([change.new, *rest]) if change.new else None
                return change, new
        return None

    def path(self, path: str) -> tuple[Change, str] | None:
        parts = path.split("/")
        for length in range(len(parts), 0, -1):
            change = self.gone(PATH, "/".join(parts[:length]))
            if change is not None:
                rest = parts[length:]
                new = "/".join([change.new, *rest]) if change.new else None
                return change, new
        return None

    def namespaces(self) -> set[str]:
        return {c.old.split("/", 1)[0] for c in self.changes if c.kind == METRIC and "/" in c.old}

    def __len__(self) -> int:
        return len(self.changes)
