"""Coverage: what the code defines that no doc mentions, counted per kind and group.

"the CLI reference documents 91 of 344 flags", measured instead of counted by hand. A
name counts as documented when any doc names it as a whole token (in inline code, a
command, a table, a code block or prose); a flag counts once with all its aliases and
its `--no-` form. Groups follow the code: a flag's argument group (or the function or
config class that adds it), a metric's namespace, an env var's module, a config key's
file. A doc page can be declared the reference for a kind: its own coverage is reported
beside the total.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .engine import Analysis
from .model import CODE_BLOCK, COMMAND, CONFIG_KEY, ENV, FLAG, METRIC, Fact

KINDS = ("flags", "env", "metrics", "config_keys", "symbols")
# Tests define names for themselves, not for readers.
DEFAULT_EXCLUDE = ["tests/**", "**/tests/**", "**/test_*.py", "**/*_test.py", "**/conftest.py", ".*", "**/.*"]
TOKEN = re.compile(r"--?[A-Za-z0-9][\w.\-]*|[A-Za-z_][\w.\-/]*")


@dataclass
class Item:
    name: str
    path: str
    line: int
    group: str
    aliases: list[str] = field(default_factory=list)
    documented_in: list[str] = field(default_factory=list)
    fact: Fact | None = None
    config_key: bool = False  # a dotted key set as `a.b=v`, not a `--flag`

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "line": self.line, "group": self.group, "aliases": self.aliases, "documented_in": self.documented_in[:5]}


class _Counts:
    """Defined, documented and percent of a list of items (a kind's, or a program's)."""

    items: list[Item]

    @property
    def defined(self) -> int:
        return len(self.items)

    @property
    def documented(self) -> int:
        return sum(1 for item in self.items if item.documented_in)

    @property
    def percent(self) -> float:
        return 100.0 * self.documented / self.defined if self.defined else 100.0


@dataclass
class KindCoverage(_Counts):
    kind: str
    items: list[Item] = field(default_factory=list)
    reference: str | None = None  # the doc page declared the reference for this kind
    reference_documented: int = 0

    def undocumented(self) -> list[Item]:
        return [item for item in self.items if not item.documented_in]

    def groups(self) -> dict[str, dict[str, Any]]:
        groups: dict[str, dict[str, Any]] = {}
        for item in self.items:
            group = groups.setdefault(item.group, {"defined": 0, "documented": 0, "undocumented": [], "defined_at": {}})
            group["defined"] += 1
            if item.documented_in:
                group["documented"] += 1
            else:
                group["undocumented"].append(item.name)
                group["defined_at"][item.name] = f"{item.path}:{item.line}"
        return dict(sorted(groups.items(), key=lambda kv: (-len(kv[1]["undocumented"]), kv[0])))

    def to_dict(self) -> dict[str, Any]:
        data = {
            "defined": self.defined,
            "documented": self.documented,
            "percent": round(self.percent, 1),
            "undocumented": [item.to_dict() for item in self.undocumented()],
            "documented_names": [item.to_dict() for item in self.items if item.documented_in],
            "groups": self.groups(),
        }
        if self.reference:
            data["reference"] = {"page": self.reference, "documented": self.reference_documented, "defined": self.defined}
        return data


@dataclass
class ProgramCoverage(_Counts):
    """One program's flags: "train.py documents 91 of 344 flags"."""

    name: str  # its console script, or its entry path
    entry: str
    role: str  # main, tool, example or test: reported apart
    items: list[Item] = field(default_factory=list)
    open_to: list[str] = field(default_factory=list)  # packages whose flags it also takes, not counted

    @property
    def noun(self) -> str:
        """What its options are: flags, config keys (`a.b=v`), or both."""
        keys = sum(1 for item in self.items if item.config_key)
        return "config keys" if keys == len(self.items) else ("flags" if not keys else "options")

    def to_dict(self) -> dict[str, Any]:
        return {
            "program": self.name, "entry": self.entry, "role": self.role,
            "defined": self.defined, "documented": self.documented, "percent": round(self.percent, 1),
            "undocumented": [item.name for item in self.items if not item.documented_in],
            "open_to": self.open_to,
        }


@dataclass
class Coverage:
    commit: str
    kinds: dict[str, KindCoverage]
    programs: list[ProgramCoverage] = field(default_factory=list)
    repository_url: str | None = None  # for links to definitions, when the remote gives one

    def to_dict(self) -> dict[str, Any]:
        total_defined = sum(k.defined for k in self.kinds.values())
        total_documented = sum(k.documented for k in self.kinds.values())
        return {
            "version": 1,
            "commit": self.commit,
            "total": {"defined": total_defined, "documented": total_documented, "percent": round(100.0 * total_documented / total_defined, 1) if total_defined else 100.0},
            "kinds": {name: kind.to_dict() for name, kind in self.kinds.items()},
            "programs": [program.to_dict() for program in self.programs],
            "repository_url": self.repository_url,
        }

    @property
    def percent(self) -> float:
        return self.to_dict()["total"]["percent"]


def _doc_tokens(analysis: Analysis) -> dict[str, set[str]]:
    """Every token each doc writes, from all its references. Flags on another program's
    command line (`docker run --name`, `tee -a`) are that program's: they document
    nothing of this repository's."""
    from .checks.classify import Classifier

    classifier = Classifier(analysis.index, [])
    tokens: dict[str, set[str]] = {}
    for path, refs in analysis.docs.items():
        if path not in analysis.extracted.docs:
            continue  # shell scripts carry references too, but they are not docs
        directory = path.rsplit("/", 1)[0] if "/" in path else ""
        found: set[str] = set()
        for ref in refs:
            flagless: list[str] = []
            texts: list[str] = []
            if ref.kind == COMMAND and (ref.attrs.get("program") or "-").startswith("-"):
                # `ROLLOUT_ARGS=( --rollout-batch-size 32 )` or a block of bare flag lines:
                # flags for the repository's program, named without it.
                texts.append(ref.text)
            elif ref.kind == COMMAND:
                owner = classifier.owner_of(ref.attrs, ["", directory])[0]
                flagless.append(ref.text)
                for flag in ref.attrs.get("flags", []):
                    if owner != "foreign" and flag.get("owner") not in ("launcher", "wrapper"):
                        texts.append(flag.get("flag", ""))
            elif ref.kind == CODE_BLOCK:
                texts.append(ref.attrs.get("body", ""))  # not shell: those come as COMMANDs
                if str(ref.attrs.get("lang", "")).lower() in ("yaml", "yml"):
                    found.update(_yaml_keys(ref.attrs.get("body", "")))  # `trainer:\n  nnodes: 1` shows trainer.nnodes
            else:
                texts += [ref.text, ref.attrs.get("raw", ""), ref.attrs.get("context", "")]
            for env in ref.attrs.get("env", []):
                texts.append(env.get("name", ""))
            for text in texts:
                if text:
                    found.update(match.group(0).rstrip(".") for match in TOKEN.finditer(text))
            for text in flagless:
                if text:
                    found.update(m.group(0).rstrip(".") for m in TOKEN.finditer(text) if not m.group(0).startswith("-"))
        tokens[path] = found
    return tokens


def _yaml_keys(body: str) -> set[str]:
    """The dotted keys a YAML example in a doc spells out, from wherever it starts."""
    from .facts.config_files import extract_yaml

    if len(body) > 200_000:
        return set()
    return {fact["name"] for fact in extract_yaml(body.encode("utf-8", "replace"))["facts"] if "." in fact["name"]}


def _flag_items(analysis: Analysis) -> list[Item]:
    from .programs import entry_programs

    programs = entry_programs(analysis.index)
    items: dict[str, Item] = {}
    for name, facts in analysis.index.names(FLAG).items():
        fact = facts[0]
        if not name.startswith("--"):
            continue
        if (fact.attrs.get("origin") or {}).get("by") == "name" and not any(p.owns(fact) for p in programs):
            continue  # an `*Args` dataclass no program parses (a model's config): no CLI flags
        key = f"{fact.path}\0{fact.attrs.get('dest') or name}\0{fact.line}"
        aliases = [a for a in fact.attrs.get("aliases", []) if a != name]
        if key in items:
            continue
        primary = next((n for n in [name, *aliases] if n.startswith("--") and not n.startswith("--no-")), name)
        group = fact.attrs.get("group") or fact.path
        if fact.attrs.get("group_kind") == "function":
            group = f"{fact.path} ({group})"  # a function name alone repeats across scripts
        items[key] = Item(primary, fact.path, fact.line, group, sorted(set([name, *aliases]) - {primary}), fact=fact)
    return sorted(items.values(), key=lambda i: (i.group, i.name))


ROLE_ORDER = {"main": 0, "tool": 1, "example": 2, "test": 3}


def _program_items(analysis: Analysis, program: Any) -> list[Item]:
    """A program's own options, each once (aliases and `--no-` forms folded in)."""
    from .programs import program_flags

    items: dict[tuple, Item] = {}
    for name, facts in program_flags(analysis.index, program).items():
        fact = facts[0]
        if not name.startswith("--") or "{" in name:
            continue
        aliases = [a for a in fact.attrs.get("aliases", []) if a != name]
        key = (fact.path, fact.line, fact.attrs.get("dest") or name)
        if key in items:
            continue
        primary = next((n for n in [name, *aliases] if n.startswith("--") and not n.startswith("--no-")), name)
        items[key] = Item(primary, fact.path, fact.line, fact.attrs.get("group") or fact.path, sorted(set([name, *aliases]) - {primary}), fact=fact)
    from .programs import config_option_rows

    for row in config_option_rows(analysis.index, program.entry):
        # Options that are a config class's fields: `--trainer.optim.lr` or `trainer.optim.lr`.
        name = row["flag"]
        spelled = {name, name.replace("-", "_")} if name.startswith("--") else {name}
        items.setdefault((row["path"], row["line"], name), Item(name, row["path"], row["line"], row["group"], sorted(spelled - {name}), config_key=not name.startswith("--")))
    return sorted(items.values(), key=lambda i: (i.group, i.name))


def _program_coverage(analysis: Analysis, tokens: dict[str, set[str]]) -> list[ProgramCoverage]:
    from .programs import display_name, entry_programs

    found = []
    for program in entry_programs(analysis.index):
        items = _program_items(analysis, program)
        if not items:
            continue
        for item in items:
            item.documented_in = [path for path, words in tokens.items() if _matches(item, "flags", words)]
        from .config_classes import cli_programs
        from .hydra_programs import hydra_programs

        # A program built from config classes takes their fields, not a framework's flags.
        built = program.entry in cli_programs(analysis.index) or hydra_programs(analysis.index).get(program.entry)
        open_to = [] if built else sorted(p for p in program.open_to)
        found.append(ProgramCoverage(display_name(analysis.index, program), program.entry, program.role, items, open_to))
    found.sort(key=lambda p: (ROLE_ORDER.get(p.role, 9), -p.defined, p.entry))
    return found


def _simple_items(analysis: Analysis, kind: str, group_of) -> list[Item]:
    items = []
    for name, facts in analysis.index.names(kind).items():
        fact = facts[0]
        items.append(Item(name, fact.path, fact.line, group_of(name, fact), fact=fact))
    return sorted(items, key=lambda i: (i.group, i.name))


_NOISE = re.compile(r"[{}<>\[\]*$%]")


def _metric_items(analysis: Analysis) -> list[Item]:
    """Names surely logged as metrics; a key that a wrapper prefixes (`dict_add_prefix(d,
    "perf/")` in the same file) under its full name."""
    items = []
    for name, facts in analysis.index.names(METRIC).items():
        fact = next((f for f in facts if f.attrs.get("logged", True)), None)
        if fact is None:
            continue
        prefixes = (analysis.extracted.code.get(fact.path) or {}).get("metric_prefixes", [])
        full = prefixes[0] + name if "/" not in name and len(prefixes) == 1 else name
        group = full.split("/", 1)[0] if "/" in full else "(no namespace)"
        if _NOISE.search(group):
            group = "(namespace built at run time)"  # `{prefix}/loss`: not a namespace to list
        aliases = [name] if full != name else []
        items.append(Item(full, fact.path, fact.line, group, aliases, fact=fact))
    return sorted(items, key=lambda i: (i.group, i.name))


def _env_items(analysis: Analysis) -> list[Item]:
    prefixes = analysis.index.env_prefixes
    items = _simple_items(analysis, ENV, lambda name, fact: fact.path)
    own = [i for i in items if any(i.name.startswith(p) for p in prefixes)]
    return own if own else items  # the repository's own namespace, when it has one


def _config_items(analysis: Analysis, globs: list[str]) -> list[Item]:
    from .config import _glob_match

    items = []
    for name, facts in analysis.index.names(CONFIG_KEY).items():
        for fact in facts:
            path = fact.path
            chosen = any(_glob_match(path, g) for g in globs) if globs else ("config" in path.lower() and not path.startswith((".github/", "tests/")) and name.count(".") <= 1)
            if chosen:
                items.append(Item(name, path, fact.line, path, fact=fact))
                break
    return sorted(items, key=lambda i: (i.group, i.name))


def _symbol_items(analysis: Analysis) -> list[Item]:
    """Public classes and functions at module level (no leading underscore anywhere)."""
    from .model import CLASS, FUNCTION

    items = []
    for kind in (CLASS, FUNCTION):
        for name, facts in analysis.index.names(kind).items():
            fact = facts[0]
            module = analysis.index.path_modules.get(fact.path, "")
            local = name[len(module) + 1 :] if module and name.startswith(module + ".") else name
            if "." in local or any(part.startswith("_") for part in name.split(".")):
                continue
            items.append(Item(name, fact.path, fact.line, module or fact.path, [local], fact=fact))
    return sorted(items, key=lambda i: (i.group, i.name))


def _matches(item: Item, kind: str, tokens: set[str]) -> bool:
    names = [item.name, *item.aliases]
    if kind == "config_keys":
        leaf = item.name.rsplit(".", 1)[-1]
        return item.name in tokens or leaf in tokens
    if kind == "metrics" and item.fact is not None and item.fact.pattern:
        regex = re.compile(item.fact.pattern)
        prefix = item.name[: len(item.name) - len(item.fact.name)] if item.name.endswith(item.fact.name) else ""
        literal = item.fact.name.split("{", 1)[0]
        if item.name in tokens or item.fact.name in tokens:
            return True
        return any(regex.fullmatch(t[len(prefix):]) for t in tokens if literal and t.startswith(prefix + literal))
    if kind == "flags":
        names = [name for name in names if name.startswith("--") or "." in name]  # `-a` is also `tee -a`
        if item.config_key:
            # A YAML example of one section (`actor:` then `ppo_epochs: 1`) documents
            # `actor_rollout_ref.actor.ppo_epochs` by its last two or more parts.
            parts = item.name.split(".")
            names += [".".join(parts[n:]) for n in range(1, len(parts) - 1)]
    return any(name in tokens for name in names)


def compute(analysis: Analysis, settings: dict[str, Any] | None = None) -> Coverage:
    from .config import _glob_match

    settings = settings or {}
    references: dict[str, str] = settings.get("reference", {})
    excluded = list(settings.get("exclude", DEFAULT_EXCLUDE))
    tokens = _doc_tokens(analysis)
    kinds = {
        "flags": _flag_items(analysis),
        "env": _env_items(analysis),
        "metrics": _metric_items(analysis),
        "config_keys": _config_items(analysis, settings.get("config_files", [])),
    }
    if settings.get("symbols"):
        kinds["symbols"] = _symbol_items(analysis)
    result: dict[str, KindCoverage] = {}
    for kind, items in kinds.items():
        items = [item for item in items if not any(_glob_match(item.path, g) for g in excluded)]
        coverage = KindCoverage(kind, items, references.get(kind))
        for item in items:
            item.documented_in = [path for path, found in tokens.items() if _matches(item, kind, found)]
        if coverage.reference:
            page = tokens.get(coverage.reference, set())
            coverage.reference_documented = sum(1 for item in items if _matches(item, kind, page))
        result[kind] = coverage
    from .index import repository_web_url

    return Coverage(analysis.revision.commit, result, _program_coverage(analysis, tokens), repository_web_url(analysis.revision))
