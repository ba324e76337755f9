"""Dotted config keys read into classes: `generator.inference_engine.backend=vllm`.

Many config-driven programs have no YAML that lists every key: the keys are the fields
of a class tree (a dataclass handed to OmegaConf.structured or a `from_cli_overrides`
helper, a pydantic model behind `--trainer.optim.lr`), each field's type the class of
the next level. This module walks a dotted key down the annotated fields the Python
facts recorded, statically: a key is `known`, `open` (the walk reaches something drift
cannot see into: a base class from another package, a type alias, a Union, a dict), or
`missing` at one class, with that class's fields for the suggestion. Nothing is imported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .index import FactIndex

KNOWN, OPEN, MISSING = "known", "open", "missing"
# Flag factories the rules already turn into a program's flags (rules/manifest.toml).
MODELLED_FACTORIES = frozenset({"ArgumentGroupFactory", "HfArgumentParser", "TrlParser", "PdArgumentParser", "add_dataclass_arguments", "add_arguments_from_dataclass", "ArgumentParser", "add_argument_group"})
MAX_DEPTH = 12
# What makes a handed class a config: its name, or the call that receives it.
CONFIG_CLASS_NAME = re.compile(r"(?:Config|Configuration|Args|Arguments|Settings|Options|Params|Cfg|Conf)$")
CLI_CALLEE = re.compile(r"cli|pars|argv|override|dotlist|structured|from_args", re.I)
OVERRIDE_CALLEES = re.compile(r"override|dotlist|structured|from_cli|merge", re.I)
MAX_ROOTS = 50  # classes that have a field named like the key's first part

# Library bases that add no settable fields of their own.
_EMPTY_BASES = frozenset(
    "object ABC Protocol Generic BaseModel BaseSettings TypedDict NamedTuple Enum StrEnum IntEnum "
    "Struct PretrainedConfig Serializable JSONWizard DataClassJsonMixin YAMLWizard".split()
)
# Packages whose base classes (pydantic's BaseModel, a BaseConfig built on it) add no
# settable fields: a class built on them is as closed as its own fields.
_FIELDLESS_PACKAGES = ("pydantic", "msgspec", "attr", "attrs", "dataclasses_json", "mashumaro", "marshmallow_dataclass")
# Types whose values take any sub-key.
_ANY_TYPES = frozenset("dict Dict Mapping MutableMapping Any DictConfig object defaultdict OrderedDict".split())
_LEAF_TYPES = frozenset("int float str bool bytes complex Path PathLike None".split())
_WRAPPERS = re.compile(r"^(?:typing\.)?(?:Optional|Annotated|ClassVar|Final|Required|NotRequired|InitVar)\[(.*)\]$", re.S)


@dataclass
class Verdict:
    status: str  # known | open | missing
    walked: str = ""  # the key's prefix that resolved (`generator.inference_engine`)
    cls: str = ""  # the class at which the walk stopped
    path: str = ""  # the file that defines it
    missing: str = ""  # the field it does not have
    fields: set[str] = field(default_factory=set)  # the fields it has
    # open because a class on the way builds on another package's class (Megatron Core's
    # OptimizerConfig): its fields are that package's too, and drift cannot list them.
    inherited: bool = False


def _split_top(text: str, sep: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _class_name(written: str) -> str:
    """`pkg.mod.Config[int]` -> `Config`: the class a base or an annotation names."""
    return re.sub(r"\[.*", "", written, flags=re.S).rsplit(".", 1)[-1].strip()


def _type_names(type_text: str) -> list[str]:
    """The alternatives a field's annotation allows, unwrapped: `Optional["X"]` -> [X]."""
    text = type_text.strip().strip("\"'")
    while True:
        match = _WRAPPERS.match(text)
        if not match:
            break
        text = _split_top(match.group(1), ",")[0].strip().strip("\"'")
    union = re.match(r"^(?:typing\.)?Union\[(.*)\]$", text, re.S)
    alternatives = _split_top(union.group(1), ",") if union else _split_top(text, "|")
    return [a.strip("\"'") for a in alternatives if a.strip("\"'") not in ("None", "NoneType")]


class ClassSchemas:
    """The repository's annotated classes, as a config loader sees them."""

    def __init__(self, index: FactIndex):
        self.index = index
        self.classes = index.typed_classes
        self._fields: dict[str, tuple[dict[str, str], bool] | None] = {}
        self._by_field: dict[str, list[str]] | None = None

    def fields(self, name: str, depth: int = 0) -> tuple[dict[str, str], bool] | None:
        """(field -> type, closed) of a class with its bases; closed when every base is
        known to add nothing drift does not see. None for a class the repository lacks."""
        if name in self._fields:
            return self._fields[name]
        entries = self.classes.get(name)
        if not entries or depth > MAX_DEPTH:
            return None
        self._fields[name] = ({}, False)  # a cycle in the bases ends open
        merged: dict[str, str] = {}
        closed = len(entries) == 1  # defined twice: which one a loader gets is unknown
        for path, info in entries:
            for base in info.get("bases", []):
                short = _class_name(base)
                if short in _EMPTY_BASES or "metaclass" in base:
                    continue
                inherited = self.fields(short, depth + 1)
                if inherited is None:
                    if not self._fieldless_import(path, short):
                        closed = False  # `BaseConfig` from another package
                    continue
                merged.update(inherited[0])
                closed = closed and inherited[1]
            merged.update(info.get("fields", {}))
        self._fields[name] = (merged, closed)
        return self._fields[name]

    def _fieldless_import(self, path: str, name: str, hops: int = 0) -> bool:
        """`from pydantic_config import BaseConfig` in the file that builds on it, or in
        the repository module it imports the name from (a re-export)."""
        for imported in self.index.file_imports.get(path, []):
            if imported.endswith("." + name):
                top = imported.split(".", 1)[0]
                if top.startswith("pydantic") or top in _FIELDLESS_PACKAGES:
                    return True
                home = self.index.module_path(imported.rsplit(".", 1)[0])
                return bool(home and home != path and hops < 3 and self._fieldless_import(home, name, hops + 1))
        return False

    def roots_with(self, name: str) -> list[str]:
        if self._by_field is None:
            self._by_field = {}
            for cls, entries in self.classes.items():
                for _, info in entries:
                    for field_name in info.get("fields", {}):
                        self._by_field.setdefault(field_name, []).append(cls)
        return sorted(set(self._by_field.get(name, [])))[:MAX_ROOTS]

    def _walk(self, cls: str, parts: list[str], at: int, walked: str, depth: int = 0) -> Verdict:
        found = self.fields(cls)
        if found is None or depth > MAX_DEPTH:
            return Verdict(OPEN)
        fields, closed = found
        part = parts[at]
        if part not in fields:
            if not closed:
                return Verdict(OPEN, cls=cls, inherited=True)
            path = self.classes[cls][0][0]
            return Verdict(MISSING, walked, cls, path, part, set(fields))
        here = f"{walked}.{part}" if walked else part
        if at == len(parts) - 1:
            return Verdict(KNOWN, here, cls)
        verdicts = []
        for alternative in _type_names(fields[part]) or ["Any"]:
            head = _class_name(alternative)
            if head in _ANY_TYPES or alternative.startswith(("dict[", "Dict[", "Mapping[")):
                return Verdict(KNOWN, here, cls)
            if head in _LEAF_TYPES or head.startswith("Literal"):
                continue  # `lr: float` has no keys below it
            if head not in self.classes:
                return Verdict(OPEN)  # a type alias, a list, another package's class
            verdicts.append(self._walk(head, parts, at + 1, here, depth + 1))
        if not any(v.status == KNOWN for v in verdicts):
            inherited = next((v for v in verdicts if v.status == OPEN and v.inherited), None)
            if inherited is not None:
                return inherited
        for status in (KNOWN, OPEN):
            for verdict in verdicts:
                if verdict.status == status:
                    return verdict
        return max(verdicts, key=lambda v: len(v.walked), default=Verdict(OPEN))

    def locate(self, cls: str, tail: list[str], limit: int = 4) -> list[str]:
        """Dotted paths below ``cls`` that end with ``tail`` (`client.base_url` is
        `model.client.base_url` now): where a key that moved under a new section went."""
        found: list[str] = []
        queue = [(cls, "")]
        seen = {cls}
        while queue and len(seen) < 500:
            current, prefix = queue.pop(0)
            fields = (self.fields(current) or ({}, False))[0]
            for name, type_text in sorted(fields.items()):
                here = f"{prefix}.{name}" if prefix else name
                if name == tail[0] and (len(tail) == 1 or self._walk(current, [name, *tail[1:]], 0, "").status == KNOWN):
                    if prefix:
                        found.append(f"{prefix}.{'.'.join(tail)}")
                for alternative in _type_names(type_text):
                    head = _class_name(alternative)
                    if head in self.classes and head not in seen and here.count(".") < limit:
                        seen.add(head)
                        queue.append((head, here))
        return sorted(set(found))

    def flattened(self, key: str, roots: list[str]) -> Verdict | None:
        """simple_parsing adds a nested dataclass's fields under their own names unless two
        clash (sparsify's `--k` for `sae.k` of RunConfig): KNOWN when one nested field
        below the roots has that name."""
        if "." in key:
            return None
        found = {path for root in roots for path in self.locate(root, [key])}
        return Verdict(KNOWN, found.pop()) if len(found) == 1 else None

    def resolve(self, key: str, roots: list[str] | None = None) -> Verdict | None:
        """How the classes answer a dotted key; None when no class has its first part.
        With ``roots``, only those classes are the top of the tree (a program's config)."""
        parts = [p for p in key.split(".") if not p.isdigit()]  # `source.0.args`: a list item
        if not parts:
            return None
        roots = self.roots_with(parts[0]) if roots is None else roots
        if not roots:
            return None
        verdicts = [self._walk(cls, parts, 0, "") for cls in roots]
        if not any(v.status == KNOWN for v in verdicts):
            # The class that leads to another package's base answers for the key.
            inherited = next((v for v in verdicts if v.status == OPEN and v.inherited), None)
            if inherited is not None:
                return inherited
        for status in (KNOWN, OPEN):
            for verdict in verdicts:
                if verdict.status == status:
                    return verdict
        return max(verdicts, key=lambda v: len(v.walked))


def class_schemas(index: FactIndex) -> ClassSchemas:
    found = index.memo.get("class_schemas")
    if found is None:
        found = index.memo["class_schemas"] = ClassSchemas(index)
    return found


def describe(verdict: Verdict, key: str, index: FactIndex | None = None) -> tuple[str, str | None]:
    """Evidence for a missing key and the closest key the class has."""
    from .index import closest

    prefix = verdict.walked
    near = closest(verdict.missing, verdict.fields, 0.7)
    where = f"`{prefix}` ({verdict.cls}, {verdict.path})" if prefix else f"{verdict.cls} ({verdict.path})"
    evidence = f"{where} has no field `{verdict.missing}`"
    suggestion = None
    rest = key.split(".")[len(prefix.split(".")) + 1 if prefix else 1 :]
    moved = class_schemas(index).locate(verdict.cls, [verdict.missing, *rest]) if index is not None else []
    if len(moved) == 1:
        suggestion = ".".join([p for p in (prefix, moved[0]) if p])
        evidence += f"; it has {suggestion}"
    elif near:
        suggestion = ".".join([p for p in (prefix, near[0]) if p] + rest)
        evidence += f"; closest: {near[0]}"
    return evidence, suggestion


def resolve(index: FactIndex, key: str) -> Any:
    return class_schemas(index).resolve(key)


def cli_roots(index: FactIndex, entry: str) -> list[str]:
    """The config classes a program's entry file hands to a call that builds its command
    line from them (`cli(RLConfig)`, `tyro.cli(Args)`, `Config.from_cli_overrides(argv)`):
    its flags are their fields, `--trainer.optim.lr` for `trainer.optim.lr`."""
    memo = index.memo.setdefault("cli_roots", {})
    if entry not in memo:
        schemas = class_schemas(index)
        found = []
        for cls, callees in sorted(index.handed_classes.get(entry, {}).items()):
            if set(callees) <= MODELLED_FACTORIES:
                continue  # HfArgumentParser(Args): its flags are already the program's own
            if not CONFIG_CLASS_NAME.search(cls) and not any(CLI_CALLEE.search(c) for c in callees):
                continue  # `ray.remote(FSDPWorker)`: a class handed on, not a config read from argv
            fields = schemas.fields(cls)
            if fields is not None and len(fields[0]) >= 2:
                found.append(cls)
        memo[entry] = found
    return memo[entry]


def cli_programs(index: FactIndex) -> dict[str, list[str]]:
    """Entry files (a `__main__` guard, a console script's module) whose command line
    is built from config classes, each with those classes."""
    if "cli_programs" not in index.memo:
        entries = set(index.entry_files) | {p for p in (index.module_path(m) for m in index.program_modules.values()) if p}
        index.memo["cli_programs"] = {e: cli_roots(index, e) for e in sorted(entries) if e in index.handed_classes and cli_roots(index, e)}
    return index.memo["cli_programs"]


def flag_keys(flag: str) -> list[str]:
    """The dotted keys a generated flag stands for: `--trainer.optim.lr`,
    `--no-trainer.compile` (a boolean's off form), kebab-case for snake_case fields."""
    body = flag.lstrip("-")
    keys = [body.replace("-", "_")]
    for negative in ("no-", "no_"):
        if body.startswith(negative):
            keys.append(body[len(negative):].replace("-", "_"))
        head, dot, last = body.rpartition(".")
        if dot and last.startswith(negative):
            keys.append(f"{head}.{last[len(negative):]}".replace("-", "_"))
    return list(dict.fromkeys(keys))


MAX_OPTIONS = 3000  # rows one program's class tree may give (a cycle or a huge tree ends there)


def _shown_default(text: str) -> str:
    """A field's default as a reader should see it: `5` for `Field(default=5)`, nothing
    for a factory (the nested class's own defaults are its rows)."""
    from .checks.tables import render
    from .facts.values import UNKNOWN, evaluate

    text = (text or "").strip()
    call = re.match(r"^(?:\w+\.)?(?:field|Field)\((.*)\)$", text, re.S)
    if call:
        inner = call.group(1)
        if "default_factory" in inner:
            return ""
        keyword = re.search(r"\bdefault\s*=\s*([^,]+(?:\([^)]*\))?)", inner)
        positional = _split_top(inner, ",")[0] if inner.strip() and "=" not in _split_top(inner, ",")[0] else None
        text = (keyword.group(1) if keyword else positional or "").strip()
        if not text or text == "...":
            return "required" if text == "..." else ""
    value = evaluate(text, {})
    if value == "":
        return '""'
    if value is not UNKNOWN and (value is None or isinstance(value, (int, float, str, bool))):
        return render(value)
    return text if len(text) <= 40 else ""


def _choices(type_text: str) -> str:
    """`a, b` for `Literal["a", "b"]` (inside Optional, list or a union too)."""
    start = type_text.find("Literal[")
    if start < 0:
        return ""
    depth, begin = 0, start + len("Literal[")
    for i in range(begin - 1, len(type_text)):
        depth += {"[": 1, "]": -1}.get(type_text[i], 0)
        if depth == 0:
            return ", ".join(part.strip().strip("\"'") for part in _split_top(type_text[begin:i], ","))
    return ""


def option_rows(index: FactIndex, entry: str) -> list[dict[str, Any]]:
    """One row per settable key of the config classes a program's command line is built
    from, in definition order, grouped by section (`trainer.optim`): `--trainer.optim.lr`
    for a flag-style builder, `trainer.optim.lr` for one that reads `key=value`."""
    schemas = class_schemas(index)
    handed = index.handed_classes.get(entry, {})
    rows: list[dict[str, Any]] = []
    for root in cli_roots(index, entry):
        override_style = any(OVERRIDE_CALLEES.search(callee) for callee in handed.get(root, []))
        stack: list[tuple[str, str, frozenset[str]]] = [(root, "", frozenset({root}))]
        while stack and len(rows) < MAX_OPTIONS:
            cls, prefix, seen = stack.pop(0)
            found = schemas.fields(cls)
            if found is None:
                continue
            for name, type_text in found[0].items():
                key = f"{prefix}.{name}" if prefix else name
                nested = [_class_name(a) for a in _type_names(type_text)]
                inner = [n for n in nested if n in schemas.classes and n not in seen and (schemas.fields(n) or ({}, False))[0]]
                if inner and len(inner) == len(nested):
                    for child in inner:
                        stack.append((child, key, seen | {child}))
                    continue  # a section: its fields are the rows
                owner, detail = _field_home(schemas, cls, name)
                rows.append({
                    "flag": key if override_style else "--" + key.replace("_", "-"),
                    "aliases": [],
                    "description": " ".join(detail.get("help", "").split()),
                    "default": _shown_default(detail.get("default", "")),
                    "type": type_text,
                    "choices": _choices(type_text),
                    "source": f"{owner} (config class)",
                    "group": prefix or root,
                    "path": schemas.classes[owner][0][0] if owner in schemas.classes else "",
                    "line": detail.get("line", 0),
                })
    return rows


def _field_home(schemas: ClassSchemas, cls: str, name: str, depth: int = 0) -> tuple[str, dict[str, Any]]:
    """The class (itself or a base) that declares ``name``, and that field's details."""
    for _, info in schemas.classes.get(cls, []):
        if name in info.get("fields", {}):
            return cls, info.get("details", {}).get(name, {})
    for _, info in schemas.classes.get(cls, []):
        for base in info.get("bases", []):
            short = _class_name(base)
            if short in schemas.classes and depth < MAX_DEPTH:
                owner, detail = _field_home(schemas, short, name, depth + 1)
                if detail or owner != short:
                    return owner, detail
    return cls, {}
