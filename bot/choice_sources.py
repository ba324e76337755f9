"""The values a flag accepts when its parser names them indirectly.

`choices=list(Mode)`, `choices=[m.value for m in Mode]`, `choices=MODELS.keys()`,
`choices=sorted(BACKENDS)`, `choices=SUPPORTED` and a `type` (or a typer/dataclass
annotation) that is an Enum all name a set written elsewhere, often in another file.
Each file's extraction records its enums and its constant lists and dicts
(`value_sets`); here a flag's source text is read against them. A name two files
define differently, and no import settles, stays unresolved: no choices, no claim.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from .extract import module_name
from .model import Fact

_WRAPPER = re.compile(r"^(?:list|tuple|sorted|set|frozenset)\((.*)\)$", re.S)
_COMPREHENSION = re.compile(r"^\[\s*(\w+)(\.value|\.name)?(?:\.lower\(\))?\s+for\s+\1\s+in\s+([\w.]+)\s*\]$")
_KEYS = re.compile(r"^([\w.]+)(?:\.keys\(\)|\.__members__(?:\.keys\(\))?)$")
_NAME = re.compile(r"^[A-Za-z_][\w.]*$")


def _index(results: Iterable[tuple[str, dict[str, Any]]]) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    sets: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for path, result in results:
        for name, value_set in (result.get("value_sets") or {}).items():
            sets.setdefault(name, []).append((path, value_set))
    return sets


def _lookup(sets: dict[str, list[tuple[str, dict[str, Any]]]], dotted: str, path: str, imports: set[str]) -> dict[str, Any] | None:
    name = dotted.rsplit(".", 1)[-1]
    found = sets.get(name, [])
    if not found:
        return None
    same_file = [v for p, v in found if p == path]
    if same_file:
        return same_file[0]
    # A file the flag's own file imports (`from .enums import Mode`, `import pkg.enums`).
    imported_tails = {i.strip(".").rsplit(".", 1)[-1] for i in imports}
    imported = [v for p, v in found if (module_name(p, set()) or "").rsplit(".", 1)[-1] in imported_tails]
    candidates = imported or [v for _, v in found]
    distinct = {tuple(v["values"]) for v in candidates}
    return candidates[0] if len(distinct) == 1 else None


def resolve(source: str, sets: dict[str, list[tuple[str, dict[str, Any]]]], path: str, imports: set[str]) -> list[str] | None:
    """The values a `choices=` source text names, or None."""
    text = source.strip()
    for _ in range(3):
        wrapped = _WRAPPER.match(text)
        if not wrapped:
            break
        text = wrapped.group(1).strip()
    use = "values"
    comprehension = _COMPREHENSION.match(text)
    keys = _KEYS.match(text)
    if comprehension:
        use = "names" if comprehension.group(2) == ".name" else "values"
        text = comprehension.group(3)
    elif keys:
        text = keys.group(1)
        use = "names" if "__members__" in source else "values"
    elif not _NAME.match(text):
        return None
    value_set = _lookup(sets, text, path, imports)
    if value_set is None:
        return None
    values = value_set.get(use) if use == "names" else value_set.get("values")
    if use == "names" and value_set.get("kind") != "enum":
        values = value_set.get("values")
    if comprehension and ".lower()" in source:
        values = [v.lower() for v in values or []]
    return list(values) if values else None


def resolve_choice_sources(by_flag: dict[str, list[Fact]], results: dict[str, dict[str, Any]], file_imports: dict[str, list[str]]) -> int:
    """Fill `choices` of flags whose parser names them through an enum or a constant;
    returns how many it filled."""
    sets = _index(results.items())
    if not sets:
        return 0
    filled = 0
    for facts in by_flag.values():
        for fact in facts:
            if "choices" in fact.attrs:
                continue
            imports = set(file_imports.get(fact.path, []))
            values = None
            if fact.attrs.get("choices_source"):
                values = resolve(str(fact.attrs["choices_source"]), sets, fact.path, imports)
            elif fact.attrs.get("type"):
                # `type=Mode`, `mode: Mode = Mode.FAST`, typer's `mode: Mode`: an enum
                # type accepts its values and nothing else.
                annotation = re.sub(r"^(?:Optional|Annotated)\[([\w.]+).*\]$", r"\1", str(fact.attrs["type"]).strip())
                if _NAME.match(annotation):
                    value_set = _lookup(sets, annotation, fact.path, imports)
                    if value_set is not None and value_set.get("kind") == "enum":
                        values = list(value_set["values"])
                        if fact.field_of:
                            # A config class's enum field: HfArgumentParser parses the
                            # values, tyro, simple_parsing and jsonargparse the member
                            # names (`--env ALOHA`). Either spelling may be right.
                            values += [n for n in value_set.get("names", ()) if n not in values]
            if values:
                # A new dict: the extraction's result (and so this attrs dict) is shared
                # by every revision with the same blob, and the values may differ.
                fact.attrs = {**fact.attrs, "choices": values, "choices_from": str(fact.attrs.get("choices_source") or fact.attrs.get("type"))}
                filled += 1
    return filled

