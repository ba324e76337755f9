"""Loads the declarative extraction rules: tree-sitter queries plus a TOML manifest.

All rules of one language are compiled into a single query, since one query walks the
tree once whatever its number of patterns; each match is routed back to its rule by
the pattern index.
"""

from __future__ import annotations

import copy
import hashlib
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from tree_sitter import Language, Query

from .revision import DriftError

# Bump when extraction code changes in a way that alters cached results. The source of
# the extractors is hashed into the rules version too, so a forgotten bump cannot serve
# stale cached facts.
EXTRACTOR_VERSION = "207"
_EXTRACTOR_SOURCES = ("facts", "docs", "extract.py")


@lru_cache(maxsize=1)
def extractor_source_digest() -> str:
    package = Path(__file__).resolve().parent
    digest = hashlib.sha1()
    for name in _EXTRACTOR_SOURCES:
        target = package / name
        files = sorted(target.rglob("*.py")) if target.is_dir() else [target]
        for path in files:
            digest.update(path.relative_to(package).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


@lru_cache(maxsize=1)
def framework_flags() -> dict[str, dict]:
    """rules/framework_flags.toml: per package a framework's parser options (`names`), and
    whether the list is its whole (`complete`). Empty when unreadable."""
    try:
        with open(builtin_rules_dir() / "framework_flags.toml", "rb") as handle:
            return tomllib.load(handle)
    except (OSError, ValueError):
        return {}


def builtin_rules_dir() -> Path:
    """rules/ ships inside the wheel as bot/rules; in a checkout it sits beside bot/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "rules", here.parent / "rules"):
        if (candidate / "manifest.toml").is_file():
            return candidate
    raise DriftError("drift's built-in rules/ directory is missing from this installation")


@dataclass
class Rule:
    id: str
    language: str
    build: str
    query_text: str
    params: dict[str, list[str]] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class RuleSet:
    rules: list[Rule]
    version: str

    def for_language(self, language: str) -> list[Rule]:
        return [rule for rule in self.rules if rule.language == language]


@lru_cache(maxsize=None)
def language(name: str) -> Language:
    if name == "python":
        import tree_sitter_python as grammar
    elif name == "bash":
        import tree_sitter_bash as grammar
    else:
        raise DriftError(f"no tree-sitter grammar for language {name!r}")
    return Language(grammar.language())


def _alternation(values: list[str]) -> str:
    # The regex lands inside a query string literal, whose escapes eat one backslash.
    regex = "|".join(values) if values else "(?!)"
    return regex.replace("\\", "\\\\").replace('"', '\\"')


def _render(query: str, params: dict[str, list[str]]) -> str:
    for key, values in params.items():
        query = query.replace("{{" + key + "}}", _alternation(values))
    return query


def load_manifest(directory: Path, overrides: dict[str, dict[str, Any]] | None = None) -> list[Rule]:
    manifest_path = directory / "manifest.toml"
    try:
        manifest = tomllib.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DriftError(f"{manifest_path}: cannot read rules manifest: {exc}") from None
    rules = []
    for raw in manifest.get("rule", []):
        raw = copy.deepcopy(raw)
        for key in ("id", "language", "query", "build"):
            if key not in raw:
                raise DriftError(f"{manifest_path}: a rule lacks {key!r}")
        params = {k: list(v) for k, v in raw.pop("params", {}).items()}
        override = (overrides or {}).get(raw["id"], {})
        if override.get("enabled") is False:
            continue
        for key, values in override.get("params", {}).items():
            params[key] = list(params.get(key, [])) + list(values)
        query_path = directory / raw.pop("query")
        try:
            query_text = query_path.read_text(encoding="utf-8")
        except OSError as exc:
            raise DriftError(f"{query_path}: cannot read query: {exc}") from None
        options = {k: v for k, v in raw.items() if k not in ("id", "language", "build")}
        options.update({k: v for k, v in override.items() if k not in ("params", "enabled")})
        rules.append(Rule(raw["id"], raw["language"], raw["build"], query_text, params, options))
    return rules


def load_rules(extra_dirs: list[Path] | None = None, overrides: dict[str, dict[str, Any]] | None = None) -> RuleSet:
    rules = load_manifest(builtin_rules_dir(), overrides)
    for directory in extra_dirs or []:
        rules.extend(load_manifest(directory, overrides))
    digest = hashlib.sha1(EXTRACTOR_VERSION.encode())
    digest.update(extractor_source_digest().encode())
    launchers = builtin_rules_dir() / "launchers.toml"  # read by the shell extractor
    digest.update(launchers.read_bytes() if launchers.is_file() else b"")
    for rule in rules:
        digest.update(repr((rule.id, rule.language, rule.build, rule.query_text, sorted(rule.params.items()), sorted(rule.options.items(), key=str))).encode())
    return RuleSet(rules, digest.hexdigest()[:16])


class CompiledRules:
    """One query per language, with each pattern index mapped to its rule."""

    def __init__(self, rules: list[Rule], lang: str):
        self.language = language(lang)
        self.rules = rules
        self.pattern_rule: list[Rule] = []
        texts = []
        for rule in rules:
            text = _render(rule.query_text, rule.params)
            try:
                count = Query(self.language, text).pattern_count
            except Exception as exc:  # tree-sitter raises QueryError subclasses
                raise DriftError(f"rule {rule.id}: invalid tree-sitter query: {exc}") from None
            self.pattern_rule.extend([rule] * count)
            texts.append(text)
        self.query = Query(self.language, "\n".join(texts)) if texts else None
