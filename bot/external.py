"""Flags of other programs, read statically from their source wherever it can be found.

A framework a repository's parser extends (Megatron-LM, transformers' TrainingArguments)
or a program it passes a prefix through to (`--sglang-*` to SGLang) is resolved with no
configuration: a configured `source`; a copy in the tree or a git submodule at its
recorded commit; the package installed where drift runs (located with importlib's finder,
never imported); or the version the repository pins (bot.pins), fetched into the user
cache (bot.fetch) with `--fetch` or found there from an earlier fetch. Its files are parsed
with the same rules as the repository's own, cached by content.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import importlib.machinery
import subprocess
import sys
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from .cache import Cache
from .config import Passthrough
from .extract import compiled_rules, run_extractor
from .index import DATACLASS_PARSERS
from .model import FLAG
from .plain import dumps_plain
from .facts.builders import derive_factory_flags, flag_classes_by_file
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

    name = rule.source.split(":", 1)[1]
    # The import name's distribution (`megatron` is installed by `megatron-core`), read
    # from the installed metadata.
    try:
        candidates = importlib.metadata.packages_distributions().get(name, []) + [name]
    except Exception:
        candidates = [name]
    for distribution in candidates:
        try:
            return importlib.metadata.version(distribution)
        except importlib.metadata.PackageNotFoundError:
            continue
    return None


def _read_flags(program: str, files: list[tuple[str, Any]], cache: Cache, rule_set: RuleSet, meta: dict[str, Any], bases: dict[str, list[str]]) -> dict[str, Any]:
    """{flag: attrs} from one external's Python files: (shown path, bytes reader) pairs."""
    compiled = compiled_rules(rule_set)
    flags: dict[str, Any] = {}
    results: list[tuple[str, dict[str, Any]]] = []
    for shown, read in files[:MAX_FILES]:
        try:
            data = read()
        except Exception:
            continue
        if not any(marker in data for marker in (b"add_argument", b"dataclass", b"option", b"Factory", b"Parser")):
            continue
        key = ("ext-" + hashlib.sha1(data).hexdigest(), "python")
        result = cache.get_many([key], rule_set.version).get(key)
        if result is None:
            text = dumps_plain(run_extractor("python", data, compiled), separators=(",", ":"))
            result = json.loads(text)
            cache.put_many([(key[0], key[1], text)], rule_set.version)
        results.append((shown, result))
        for entry in result.get("class_fields", {}).get("__bases__", []):
            bases.setdefault(entry["class"], []).extend(b.rsplit(".", 1)[-1] for b in entry["bases"])
        for fact in result.get("facts", []):
            if fact["kind"] == FLAG:
                flags.setdefault(fact["name"], {**fact["attrs"], "path": shown, "program": program, **meta})
    for fact in derive_factory_flags(results, flag_classes_by_file(results, DATACLASS_PARSERS)):
        flags.setdefault(fact.name, {**fact.attrs, "path": fact.path, "program": program, **meta})
    return flags


def _python_files(folder: Path, package: str | None, program: str) -> list[tuple[str, Any]]:
    """A source folder's Python files (its `package` folder when it holds one: a whole
    checkout also has examples and tests), shown as `program:relative/path`."""
    root = folder / package if package and (folder / package).is_dir() else folder
    if root.is_file():
        return [(f"{program}:{root.name}", root.read_bytes)]
    found = sorted(p for p in root.rglob("*.py") if "test" not in p.name and "/tests/" not in p.as_posix())
    return [(f"{program}:{p.relative_to(folder).as_posix()}", p.read_bytes) for p in found]


def _tree_copy(revision: Any, index: Any, package: str) -> tuple[str, list[str]] | None:
    """A copy of the package inside the repository's own tree (`third_party/Megatron-LM/
    megatron/...`): its folder and files. The repository's own package is no copy."""
    if package in getattr(index, "packages", set()):
        return None
    marker = f"/{package}/__init__.py"
    entries = revision.entries()
    # (`arctic_inference/vllm/` is that package's module of vLLM patches, imported as
    # arctic_inference.vllm: a copy is importable as `vllm`, its folder in no package.)
    homes = sorted({path[: -len("/__init__.py")] for path in entries if path.endswith(marker) and path[: -len(marker)] + "/__init__.py" not in entries}, key=lambda p: (p.count("/"), p))
    if not homes:
        return None
    home = homes[0]
    files = [path for path in revision.entries() if path.startswith(home + "/") and path.endswith(".py") and "/tests/" not in path]
    return home, files


def _submodule_copy(revision: Any, package: str) -> tuple[str, str, list[tuple[str, Any]]] | None:
    """A git submodule whose recorded commit holds the package, read from the clone's
    `.git/modules` store (or the submodule's own checkout): (path, commit, files)."""
    from .revision import BlobReader

    git_dir = Path(revision.repo.git_dir)
    for entry in sorted(revision.entries().values(), key=lambda e: e.path):
        if not entry.is_submodule:
            continue
        stores = [git_dir / "modules" / entry.path]
        checkout = revision.root / entry.path
        if (checkout / ".git").exists():
            stores.append(checkout / ".git")
        for store in stores:
            if not store.exists():
                continue
            try:
                listing = subprocess.run(["git", f"--git-dir={store}", "ls-tree", "-r", "-z", entry.blob], capture_output=True, timeout=60)
            except (OSError, subprocess.TimeoutExpired):
                continue
            if listing.returncode != 0:
                continue
            blobs = []
            for record in listing.stdout.split(b"\0"):
                meta, _, name = record.partition(b"\t")
                parts = meta.split()
                path = name.decode("utf-8", "replace")
                if len(parts) == 3 and parts[1] == b"blob" and path.endswith(".py") and (path.startswith(package + "/") or f"/{package}/" in f"/{path}") and "/tests/" not in f"/{path}":
                    blobs.append((path, parts[2].decode()))
            if not blobs:
                continue
            reader = BlobReader(str(store))
            _READERS.append(reader)
            return entry.path, entry.blob, [(f"{path}", (lambda blob=blob: reader.read(blob))) for path, blob in sorted(blobs)]
    return None


_READERS: list[Any] = []  # blob readers of submodule stores, closed after reading


_PATCH_FIELD = re.compile(r"^\+\s{4}([a-z_][a-z0-9_]*)\s*:\s*\S")
_PATCH_OPTION = re.compile(r"^\+.*[\"'](--[A-Za-z][\w-]*)[\"']")


def _patched_flags(revision: Any, package: str, version: str) -> dict[str, dict[str, Any]]:
    """Options the repository's own patches of a program add (`+    new_field: str = ...` in
    a dataclass, `+ parser.add_argument("--x")`), from patch files named after it; those in
    a folder named after the pinned version when there is one."""
    patches = [p for p in revision.entries() if p.endswith((".patch", ".diff")) and package in p.rsplit("/", 1)[-1].lower()]
    versioned = [p for p in patches if version and version.lstrip("v") in p]
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(versioned or patches)[:50]:
        try:
            text = revision.read(path).decode("utf-8", "replace")
        except Exception:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            field = _PATCH_FIELD.match(line)
            names = ["--" + field.group(1).replace("_", "-"), "--" + field.group(1)] if field else []
            option = _PATCH_OPTION.match(line)
            names += [option.group(1)] if option else []
            for name in names:
                found.setdefault(name, {"path": f"{path}:{number}", "patched": True})
    return found


def known_external(name: str) -> dict[str, Any] | None:
    """rules/externals.toml's entry for a program, by key or display name; None if unknown."""
    found = _known(name)
    return found if found["key"] in _EXTERNALS.get("table", {}) else None


def _known(name: str) -> dict[str, Any]:
    from .rules import builtin_rules_dir

    table = _EXTERNALS.get("table")
    if table is None:
        try:
            table = _EXTERNALS["table"] = tomllib.loads((builtin_rules_dir() / "externals.toml").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            table = _EXTERNALS["table"] = {}
    for key, entry in table.items():
        if key == name or str(entry.get("display", "")).lower() == name.lower():
            return {"key": key, **entry}
    return {"key": name, "display": name, "package": name, "distributions": [name], "git": []}


_EXTERNALS: dict[str, Any] = {}


def _installed(package: str, repo_root: Path) -> tuple[Path, str | None] | None:
    rule = Passthrough("", package, f"package:{package}")
    where = _source_dir(rule, repo_root)
    if where is None:
        return None
    return where, _version(rule)


def _sources(revision: Any, index: Any, rule: Passthrough | None, package: str, known: dict[str, Any], fetch: bool, repo_root: Path, pins: Any, entry: dict[str, Any]):
    """(how, version, where, pin, files) for each place the external's source may be, in
    the order they are tried; ``entry["missing"]`` says what stands in the way."""
    from .fetch import FetchError, cached, fetch as fetch_pin
    from .pins import pins_for, ranges_for

    if rule is not None and rule.source:
        where = _source_dir(rule, repo_root)
        if where is None:
            entry["missing"] = f"the configured source {rule.source} is not there"
        else:
            yield "configured", _version(rule), rule.source, None, _python_files(where, None, rule.program)
        if rule.prefix:
            return  # a passthrough whose source the user named: nothing else to guess
    copy = _tree_copy(revision, index, package)
    if copy is not None:
        home, paths = copy
        yield "vendored", None, home, None, [(path, (lambda path=path: revision.read(path))) for path in sorted(paths)]
    sub = _submodule_copy(revision, package)
    if sub is not None:
        path, commit, files = sub
        yield "submodule", commit[:10], path, None, files
    candidates = pins_for(pins(), known.get("distributions", [package]), known.get("git", []))
    installed = _installed(package, repo_root)
    exact = next((p for p in candidates if p.distribution), None)
    if installed is not None and (not candidates or (exact is not None and installed[1] == exact.version)):
        yield "installed", installed[1], f"package:{package}", None, _python_files(installed[0], None, entry["program"])
    problems = []
    # Only the version the repository's main statement pins (a git tag or a release of the
    # same number): an older pin of a variant image would judge today's docs by old flags.
    main_version = (candidates[0].version or candidates[0].ref or "").lstrip("v") if candidates else ""
    for pin in [c for c in candidates if (c.version or c.ref or "").lstrip("v") == main_version]:
        folder = cached(pin)
        if folder is None and fetch:
            try:
                folder = fetch_pin(pin)
            except FetchError as exc:
                problems.append(f"{pin.label}: {exc}")
                continue
        if folder is not None:
            yield "fetched", pin.version or (pin.ref or "")[:12], pin.label, pin.where, _python_files(folder, package, entry["program"])
    if installed is not None and candidates and not (exact is not None and installed[1] == exact.version):
        # The pinned source is not at hand: the installed one, said so.
        entry["missing"] = f"pinned at {candidates[0].label} ({candidates[0].where}) but {installed[1] or 'another version'} is installed here; `drift audit --fetch` reads the pinned one"
        yield "installed", installed[1], f"package:{package}", None, _python_files(installed[0], None, entry["program"])
    if candidates:
        pin = candidates[0]
        entry.update(how="pinned", version=pin.version or (pin.ref or "")[:12], pin=pin.where, where=pin.label)
        entry["missing"] = "; ".join(problems) if problems else f"not fetched: `drift audit --fetch` reads {entry['display']} at {pin.label} (pinned in {pin.where})"
    elif entry["missing"] is None:
        ranged = ranges_for(pins(), known.get("distributions", [package]))
        if ranged:
            # `draccus>=0.11.6,<0.12.0`: the repository uses it, at no one version to fetch.
            entry["missing"] = f"{package} is required as {ranged[0].distribution}{ranged[0].spec} ({ranged[0].where}), not at one version, and is not installed where drift runs: install it there, or pin one version"
        else:
            entry["missing"] = f"{package} is not installed where drift runs and no file here names a version of it: install it there, or set [[tool.drift.passthrough]] source"


def resolve_externals(revision: Any, index: Any, config: Any, cache: Cache, rule_set: RuleSet, frameworks: set[str], fetch: bool = False) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]], dict[str, dict[str, list[str]]]]:
    """Each other program whose flags the repository's commands may name, found with no
    configuration: a configured source; a copy in the tree or a submodule at its recorded
    commit; the package installed where drift runs; the version the repository pins,
    fetched into the user cache (with ``fetch``, or fetched before). Returns
    ({program: {flag: attrs}}, [what was found for each, and how], {program: {class: bases}})."""
    from .pins import find_pins

    repo_root = revision.root
    wanted: list[tuple[str, Passthrough | None]] = [(rule.program, rule) for rule in config.passthrough]
    configured = {rule.program for rule in config.passthrough}
    wanted += [(name, None) for name in sorted(frameworks) if name not in configured]
    pins: list[Any] = []

    def pins_cache() -> list[Any]:
        if not pins:
            pins.extend(find_pins(list(revision.entries()), revision.read) or [None])
        return [p for p in pins if p is not None]

    flags: dict[str, dict[str, Any]] = {}
    report: list[dict[str, Any]] = []
    lineage: dict[str, dict[str, list[str]]] = {}  # program -> its classes' bases, by name
    for program, rule in wanted:
        known = _known(program)
        package = known.get("package") or program
        if rule is None and package in getattr(index, "packages", set()):
            continue  # the repository's own package (the framework's own repository)
        entry: dict[str, Any] = {"program": program, "display": known.get("display", program), "prefix": rule.prefix if rule else "", "how": "unresolved", "version": None, "pin": None, "where": None, "flags": 0, "missing": None}
        meta_of = lambda e: {"version": e["version"], "display": e["display"], "how": e["how"], "pin": e["pin"]}  # noqa: E731
        found: dict[str, Any] = {}
        for how, version, where, pin, files in _sources(revision, index, rule, package, known, fetch, repo_root, pins_cache, entry):
            trial = {**entry, "how": how, "version": version, "where": where, "pin": pin}
            bases: dict[str, list[str]] = {}
            found = _read_flags(program, files, cache, rule_set, meta_of(trial), bases) if files else {}
            if found:
                entry.update(how=how, version=version, where=where, pin=pin)
                lineage[program] = bases
                break
        if found:
            patched = _patched_flags(revision, package, entry.get("version") or "")
            if patched:
                # The repository builds the program with its own patches (docker/patch/
                # v0.5.15/sglang.patch): the options they add are the program's too.
                entry["patches"] = sorted({attrs["path"].rsplit(":", 1)[0] for attrs in patched.values()})
                for name, attrs in patched.items():
                    found.setdefault(name, {**attrs, "program": program, "display": entry["display"], "version": entry["version"], "how": entry["how"], "pin": entry["pin"]})
            flags.setdefault(program, {}).update(found)
            entry["flags"] = len(found)
            entry["missing"] = entry["missing"] if entry["how"] == "installed" else None
        report.append(entry)
    while _READERS:
        _READERS.pop().close()
    return flags, report, lineage
