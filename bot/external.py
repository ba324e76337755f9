"""Flags of other programs, read statically from their source where it is available.

A passthrough rule (`--sglang-*` goes to SGLang) names a `source`: a directory or file
of that program's Python code, relative to the repository or absolute, or
`package:NAME` for an installed package, located with importlib's finder, which reads
no code. Its files are parsed with the same rules as the repository's own.
"""

from __future__ import annotations

import hashlib
import json
import importlib.machinery
import sys
from pathlib import Path
from typing import Any

from .cache import Cache
from .config import Passthrough
from .extract import _WORKER, _init_worker, run_extractor
from .model import FLAG
from .plain import dumps_plain
from .facts.builders import derive_factory_flags
from .rules import RuleSet

MAX_FILES = 5000


def _source_dir(rule: Passthrough, repo_root: Path) -> Path | None:
    if not rule.source:
        return None
    if rule.source.startswith("package:"):
        # Look only in installed locations: never in the repository or the working directory.
        root = str(repo_root.resolve())
        search = [p for p in sys.path if p and Path(p).resolve() != Path.cwd().resolve() and not str(Path(p).resolve()).startswith(root)]
        try:
            spec = importlib.machinery.PathFinder.find_spec(rule.source.split(":", 1)[1], search)
        except (ImportError, ValueError):
            return None
        if spec is None:
            return None
        if spec.submodule_search_locations:
            return Path(list(spec.submodule_search_locations)[0])
        return Path(spec.origin) if spec.origin else None
    path = Path(rule.source)
    if not path.is_absolute():
        path = repo_root / path
    return path if path.exists() else None


def _version(rule: Passthrough) -> str | None:
    """The installed version of a `package:NAME` source, from its metadata (no import)."""
    if not rule.source or not rule.source.startswith("package:"):
        return None
    import importlib.metadata

    try:
        return importlib.metadata.version(rule.source.split(":", 1)[1])
    except importlib.metadata.PackageNotFoundError:
        return None


def external_flags(rules: list[Passthrough], repo_root: Path, cache: Cache, rule_set: RuleSet, frameworks: set[str] | None = None) -> dict[str, dict[str, Any]]:
    """program -> {flag: attrs} for each passthrough whose source can be read, and for
    each argument framework the repo extends that is installed here (found, not imported)."""
    configured = {rule.program for rule in rules}
    rules = list(rules) + [Passthrough("", name, f"package:{name}") for name in sorted(frameworks or ()) if name not in configured]
    if "python" not in _WORKER:
        _init_worker(rule_set)
    version = rule_set.version
    found: dict[str, dict[str, Any]] = {}
    for rule in rules:
        where = _source_dir(rule, repo_root)
        if where is None:
            continue
        files = [where] if where.is_file() else sorted(p for p in where.rglob("*.py") if "test" not in p.name)[:MAX_FILES]
        flags: dict[str, Any] = found.setdefault(rule.program, {})
        version = _version(rule)
        results: list[tuple[str, dict[str, Any]]] = []
        for path in files:
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if not any(marker in data for marker in (b"add_argument", b"dataclass", b"option", b"Factory", b"Parser")):
                continue
            key = ("ext-" + hashlib.sha1(data).hexdigest(), "python")
            result = cache.get_many([key], version).get(key)
            if result is None:
                text = dumps_plain(run_extractor("python", data), separators=(",", ":"))
                result = json.loads(text)
                cache.put_many([(key[0], key[1], text)], version)
            # Shown in evidence: where in the program, not where on this machine.
            shown = f"{rule.program}:{path.relative_to(where).as_posix()}" if where.is_dir() else f"{rule.program}:{path.name}"
            results.append((shown, result))
            for fact in result.get("facts", []):
                if fact["kind"] == FLAG:
                    flags.setdefault(fact["name"], {**fact["attrs"], "path": shown, "program": rule.program, "version": version})
        for fact in derive_factory_flags(results):
            flags.setdefault(fact.name, {**fact.attrs, "path": fact.path, "program": rule.program, "version": version})
    return found
