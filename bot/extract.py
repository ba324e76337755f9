"""Runs the extractors over a revision: each unique blob once, cached, on every core.

Results are path-free (keyed by blob id), and get their path back when loaded, so the
same content at two paths, or at two revisions, is parsed once.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from collections import OrderedDict
from dataclasses import dataclass, field
import posixpath
from typing import Any, Callable, Iterable

from .cache import Cache
from .config import Config, package_data_folders, past_version_folders, release_pages, test_inputs
from .plain import dumps_plain
from .revision import DriftError, Revision, TreeEntry
from .rules import CompiledRules, RuleSet

PYTHON_SUFFIXES = (".py", ".pyi")
SHELL_SUFFIXES = (".sh", ".bash")
YAML_SUFFIXES = (".yaml", ".yml")


def code_kind(path: str) -> str | None:
    lower = path.lower()
    if lower.endswith(PYTHON_SUFFIXES):
        return "python"
    if lower.endswith(SHELL_SUFFIXES):
        return "bash"
    if lower.endswith(YAML_SUFFIXES) and lower.startswith(".github/workflows/") and lower.count("/") == 2:
        return "workflow"
    if lower.endswith(YAML_SUFFIXES) and not lower.startswith(".github/"):
        return "yaml"
    if lower.endswith(".toml"):
        return "toml"
    return None


SHEBANG = "shebang"  # an extensionless file that may be a shell script
_SHELL_SHEBANG = re.compile(rb"#![^\n]*\b(?:ba|da|z|k|a)?sh\b")
_NOT_SCRIPTS = frozenset(
    "license licence copying notice authors contributors codeowners owners patents makefile dockerfile containerfile "
    "vagrantfile jenkinsfile procfile gemfile pipfile brewfile justfile readme changelog changes manifest version".split()
)
MAX_SHEBANG_BYTES = 65536


def _maybe_script(entry: TreeEntry) -> bool:
    """A file with no suffix and no well-known name, small enough to be a script."""
    name = entry.path.rsplit("/", 1)[-1]
    return "." not in name and name.lower() not in _NOT_SCRIPTS and 0 < entry.size <= MAX_SHEBANG_BYTES and not entry.path.startswith(".git/")


DOC_SUFFIXES = {".md": "md", ".markdown": "md", ".mdx": "mdx", ".rst": "rst", ".qmd": "md"}  # (Quarto's .qmd is Pandoc Markdown)


def doc_kind(path: str) -> str | None:
    name = path.rsplit("/", 1)[-1]  # on the hot path: every file of the tree, every run
    kind = DOC_SUFFIXES.get(posixpath.splitext(name)[1].lower())
    if kind is None and name.upper() in ("README", "CONTRIBUTING"):
        kind = "readme"
    return kind


@dataclass
class Extracted:
    """What one revision's files yield, path by path."""

    code: dict[str, dict[str, Any]] = field(default_factory=dict)  # path -> facts result
    docs: dict[str, dict[str, Any]] = field(default_factory=dict)  # path -> references result
    skipped: dict[str, str] = field(default_factory=dict)  # path -> reason
    notes: dict[str, list[str]] = field(default_factory=dict)
    parsed: int = 0  # blobs parsed this run (not from the cache)
    cached: int = 0


# Compiled queries by rules version. Jobs for different repositories (and configs) run
# side by side in one worker: each asks for its own version's rules, and nothing one job
# sets changes what another sees (or what the cache stores under another version).
_COMPILED: "OrderedDict[str, dict[str, CompiledRules]]" = OrderedDict()
_COMPILED_LOCK = threading.Lock()
_COMPILED_KEEP = 8
# In a pool process (forked for one extraction, so for one rules version only).
_POOL: dict[str, Any] = {}


def compiled_rules(rule_set: RuleSet) -> dict[str, CompiledRules]:
    """The rule set's queries compiled for each language, once per rules version."""
    from .facts.python import INTERNAL_RULE

    with _COMPILED_LOCK:
        found = _COMPILED.get(rule_set.version)
        if found is not None:
            _COMPILED.move_to_end(rule_set.version)
            return found
    built = {
        "python": CompiledRules(rule_set.for_language("python") + [INTERNAL_RULE], "python"),
        "bash": CompiledRules(rule_set.for_language("bash"), "bash"),
    }
    with _COMPILED_LOCK:
        _COMPILED[rule_set.version] = built
        while len(_COMPILED) > _COMPILED_KEEP:
            _COMPILED.popitem(last=False)
    return built


def _init_pool(rule_set: RuleSet) -> None:
    _POOL["compiled"] = compiled_rules(rule_set)


def _decode(data: bytes) -> tuple[str, list[str]]:
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        return data.decode("utf-8", "replace"), [f"invalid UTF-8 at byte {exc.start}: undecodable bytes replaced"]


# "This project has been archived and is no longer being maintained ... check out the
# `x_archive` tag": the page describes code that lives at that tag, not in this tree.
_ARCHIVED_NOTICE = re.compile(
    r"\b(?:(?:project|code|example|directory|folder|repository|package|module)s? (?:has|have|is|are|was|were) (?:been )?archived"
    r"|(?:opted|decided|chose) to archive|is archived\b|no longer (?:being )?maintained)",
    re.I,
)
ARCHIVED_NOTICE_CHARS = 1500  # the notice opens the page

# "megatron_moe is forked from [megatron/core/transformer/moe](...). The following contents
# are the original README.md": another project's page, kept beside the fork of its code.
_COPIED_NOTICE = re.compile(r"\b(?:following|below)\b[^.\n]{0,40}\b(?:is|are)\s+(?:copied\s+from\s+)?the\s+original\b[^.\n]{0,20}\b(?:readme|document|docs?|page)\b", re.I)
COPIED_NOTICE_CHARS = 4000

# `<div class="chat-transcript" markdown="1">`: a recorded session (aider's example chats),
# its paths and commands those of the day it was recorded; nobody rewrites a record.
_TRANSCRIPT_OPEN = re.compile(r"""<div\b[^>]*\bclass\s*=\s*["'][^"']*\btranscript\b""", re.I)
_DIV = re.compile(r"<div\b|</div\s*>", re.I)


def transcript_blocks(text: str) -> list[list[int]]:
    """First and last line (1-based) of each element a page marks as a transcript; one
    left open runs to the end of the page."""
    blocks: list[list[int]] = []
    lines = text.splitlines()
    at = 0
    while at < len(lines):
        match = _TRANSCRIPT_OPEN.search(lines[at])
        if not match:
            at += 1
            continue
        depth, end = 0, len(lines) - 1
        for number in range(at, len(lines)):
            line = lines[number][match.start() :] if number == at else lines[number]
            for tag in _DIV.findall(line):
                depth += -1 if tag.startswith("</") else 1
            if depth <= 0:
                end = number
                break
        blocks.append([at + 1, end + 1])
        at = end + 1
    return blocks


def run_extractor(kind: str, data: bytes, compiled: dict[str, CompiledRules] | None = None) -> dict[str, Any]:
    """Extract one blob with the given compiled rules (in a pool process, its own). Never
    raises: a failure becomes a skip reason."""
    compiled = compiled if compiled is not None else _POOL.get("compiled")
    try:
        if kind == "python":
            from .facts.python import extract_python

            return extract_python(data, compiled["python"])
        if kind == SHEBANG:
            # paperless-ngx's s6 `run` scripts, a `bin/` tool: a shell script without a
            # suffix. Its facts (the variables it reads) count; its commands are not docs.
            if not _SHELL_SHEBANG.match(data[:200]):
                return {"not_a_script": True}
            from .facts.shell import extract_shell

            return extract_shell(data, compiled["bash"])
        if kind == "bash":
            from .docs.shell import flag_lists, split_commands
            from .facts.shell import extract_shell

            result = extract_shell(data, compiled["bash"])
            # A script's own commands pass flags to the repo's programs: checked like a doc's.
            text, _ = _decode(data)
            result["references"] = [r.to_dict() for r in split_commands(text, 1, "bash") + flag_lists(text, 1)]
            return result
        if kind == "yaml":
            from .facts.config_files import extract_yaml

            return extract_yaml(data)
        if kind == "workflow":
            from .facts.workflows import extract_workflow

            return extract_workflow(data)
        if kind == "toml":
            from .facts.config_files import extract_toml

            return extract_toml(data)
        from .docs import extract_references

        text, notes = _decode(data)
        refs = extract_references("x." + kind if kind != "readme" else "README", text)
        result = {"references": [r.to_dict() for r in refs], "notes": notes}
        if "drift:reference" in text:
            from .reference import find_sections

            result["sections"] = find_sections(text)
        if _ARCHIVED_NOTICE.search(text[:ARCHIVED_NOTICE_CHARS]):
            result["archived"] = True
        if _COPIED_NOTICE.search(text[:COPIED_NOTICE_CHARS]):
            result["copied"] = True
        declared = _declared_options(text)
        if declared:
            result["declared_options"] = declared
        blocks = []
        if "START" in text or "BEGIN" in text:
            from .reference import tool_generated_blocks

            blocks = tool_generated_blocks(text)
        if "transcript" in text:
            blocks += transcript_blocks(text)
        if blocks:
            result["tool_generated"] = blocks
        return result
    except RecursionError:
        return {"skip": "too deeply nested to analyse"}
    except Exception as exc:  # one bad file must not stop the audit
        return {"skip": f"extractor failed: {type(exc).__name__}: {exc}"}


# An agent skill's or command's front matter (Claude Code's `argument-hint: "[--focus=<id>]
# [--resolve]"`): the options the page itself takes, not any program's of the repository.
_ARGUMENT_HINT = re.compile(r"^argument-hint:[ \t]*(.+)$", re.M)


def _declared_options(text: str) -> list[str]:
    if not text.startswith("---"):
        return []
    end = text.find("\n---", 3)
    found = _ARGUMENT_HINT.search(text, 3, end if end > 0 else 3000)
    return sorted(set(re.findall(r"(?<![\w-])--?[A-Za-z][\w-]*", found.group(1)))) if found else []


def _run_batch(items: list[tuple[str, str, bytes]], compiled: dict[str, CompiledRules] | None = None) -> list[tuple[str, str, str]]:
    """Each blob's result as JSON text: what is cached is exactly what this run uses, so a
    warm audit sees the same data as a cold one (tuples, int keys, odd constants)."""
    return [(blob, kind, dumps_plain(run_extractor(kind, data, compiled), separators=(",", ":"))) for blob, kind, data in items]


def _binary(data: bytes) -> bool:
    return b"\0" in data[:8192]


# Files only a doc generator's output has, beside the pages it copied (`_sources/`).
_BUILD_MARKERS = ("objects.inv", ".buildinfo", "search/search_index.json")


def built_sites(paths: Iterable[str]) -> tuple[str, ...]:
    """Folders (with a trailing /) that hold a built doc site: Sphinx's HTML output, an
    MkDocs `site/`. Their `_sources/*.md` are copies of the real pages, rebuilt from them."""
    roots = set()
    for path in paths:
        for marker in _BUILD_MARKERS:
            if path.endswith("/" + marker):
                roots.add(path[: -len(marker)])
    return tuple(sorted(roots))


def plan(revision: Revision, config: Config, paths: Iterable[str] | None = None) -> tuple[list[tuple[TreeEntry, str, str]], dict[str, str]]:
    """(entry, kind, role) for each file to extract, and skip reasons for the rest."""
    work: list[tuple[TreeEntry, str, str]] = []
    skipped: dict[str, str] = {}
    entries = revision.entries()
    selected = entries.values() if paths is None else [entries[p] for p in paths if p in entries]
    built = built_sites(entries)
    past = past_version_folders(entries) if config.skips_dated_pages else ()
    releases = set(release_pages(entries)) if config.skips_dated_pages else set()
    data = package_data_folders(entries) if config.skips_dated_pages else ()
    inputs = test_inputs(entries) if config.skips_dated_pages else frozenset()
    for entry in selected:
        if entry.is_link or entry.is_submodule:
            continue
        if built and any(entry.path.startswith(root) for root in built):
            continue  # a doc site's build output committed to the tree: copies of the sources
        if past and entry.path.startswith(past) and doc_kind(entry.path) is not None and code_kind(entry.path) is None:
            continue  # docs/v2/ beside docs/v3/: an older release's pages
        if entry.path in releases:
            continue  # usage/v2-1.mdx beside usage/v3.mdx: what changed in each release
        if data and entry.path.startswith(data) and doc_kind(entry.path) is not None and code_kind(entry.path) is None:
            continue  # chatchat/data/knowledge_base/*.md: what the package loads, not its docs
        if entry.path in inputs:
            continue  # tests/test_html/html_ast.md beside test_parse_html.py: a test's input
        kind = code_kind(entry.path)
        role = "code"
        if kind is None:
            kind = doc_kind(entry.path)
            role = "doc"
            if kind is None and _maybe_script(entry) and not config.is_excluded(entry.path):
                kind, role = SHEBANG, "code"  # read only if it starts with a shell's #!
            elif kind is None or not config.is_doc_included(entry.path):
                continue
        elif config.is_code_excluded(entry.path):
            continue
        if entry.size < 0:
            skipped[entry.path] = "its blob is missing from this clone (partial clone or damaged object)"
            continue
        if entry.size > config.max_file_bytes:
            skipped[entry.path] = f"larger than {config.max_file_bytes} bytes ({entry.size})"
            continue
        work.append((entry, kind, role))
    return work, skipped


# Decoded results of recent blobs, so a process that analyses many nearby revisions (a
# bot worker, PR mode's base and head) decodes each blob's cached JSON once.
# It stands in front of one on-disk cache (keyed by its path): without a cache, no memo.
_MEMO: dict[tuple[str, str, str, str], dict[str, Any]] = {}
MEMO_ENTRIES = 60000


def _remember(scope: str | None, version: str, results: dict[tuple[str, str], dict[str, Any]]) -> None:
    if scope is None:
        return
    if len(_MEMO) + len(results) > MEMO_ENTRIES:
        _MEMO.clear()
    for (blob, kind), result in results.items():
        _MEMO[(scope, blob, kind, version)] = result


def extract(
    revision: Revision,
    rule_set: RuleSet,
    config: Config,
    cache: Cache,
    paths: Iterable[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int | None = None,
) -> Extracted:
    out = Extracted()
    work, out.skipped = plan(revision, config, paths)
    keys = {(entry.blob, kind) for entry, kind, _ in work}
    version = rule_set.version
    results: dict[tuple[str, str], dict[str, Any]] = {}
    scope = cache.path if cache.enabled else None
    for key in keys if scope is not None else ():
        memo = _MEMO.get((scope, key[0], key[1], version))
        if memo is not None:
            results[key] = memo
    stored = cache.get_many(keys - results.keys(), version)
    results.update(stored)
    out.cached = len(results)
    missing = sorted(keys - results.keys())
    if missing:
        blob_of = {}
        for entry, kind, _ in work:
            blob_of.setdefault((entry.blob, kind), entry)
        batch: list[tuple[str, str, bytes]] = []
        unreadable = set()
        for blob, kind in missing:
            try:
                data = revision.read_blob(blob)
            except DriftError as exc:
                results[(blob, kind)] = {"skip": str(exc)}
                unreadable.add((blob, kind))  # not cached: a later fetch may bring it
                continue
            if _binary(data):
                results[(blob, kind)] = {"skip": "binary content"}
                continue
            batch.append((blob, kind, data))
        fresh = _extract_many(batch, rule_set, progress, jobs)
        texts = {}
        for blob, kind, text in fresh:
            results[(blob, kind)] = json.loads(text)
            texts[(blob, kind)] = text
        out.parsed = len(batch)
        missing_keys = set(missing) - unreadable
        cache.put_many(
            ((b, k, texts.get((b, k)) or dumps_plain(r, separators=(",", ":"))) for (b, k), r in results.items() if (b, k) in missing_keys),
            rule_set.version,
        )
    _remember(scope, version, results)
    for entry, kind, role in work:
        result = results.get((entry.blob, kind), {"skip": "not extracted"})
        if kind == SHEBANG and (result.get("not_a_script") or "skip" in result):
            continue  # an extensionless file that is no shell script: nothing to say of it
        if "skip" in result:
            out.skipped[entry.path] = result["skip"]
            continue
        if result.get("notes"):
            out.notes[entry.path] = list(result["notes"])
        (out.code if role == "code" else out.docs)[entry.path] = result
    return out


def _extract_many(batch, rule_set, progress, jobs):
    total = len(batch)
    if jobs is None:
        jobs = min(os.cpu_count() or 1, 8)
    # Forking workers costs more than it saves on a few hundred small files.
    if jobs <= 1 or total < 400 or sys.platform == "win32":
        compiled = compiled_rules(rule_set)
        results = []
        for index, item in enumerate(batch):
            results.extend(_run_batch([item], compiled))
            if progress and index % 25 == 0:
                progress(index, total)
        if progress:
            progress(total, total)
        return results
    # Batches amortise inter-process traffic; big files go first to balance the cores.
    batch = sorted(batch, key=lambda item: -len(item[2]))
    chunks = [batch[i::jobs * 4] for i in range(jobs * 4)]
    results = []
    import multiprocessing

    context = multiprocessing.get_context("fork" if sys.platform != "darwin" else "spawn")
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_pool, initargs=(rule_set,)) as pool:
        done = 0
        for chunk_result in pool.map(_run_batch, chunks):
            results.extend(chunk_result)
            done += len(chunk_result)
            if progress:
                progress(done, total)
    return results


def package_root_of(path: str, package_roots: set[str]) -> str:
    """The deepest package root ``path`` sits under ("" for the repository's root)."""
    for root in sorted(package_roots, key=len, reverse=True):
        if root and path.startswith(root + "/"):
            return root
    return ""


def module_name(path: str, package_roots: set[str]) -> str | None:
    """``pkg/sub/mod.py`` -> ``pkg.sub.mod``; ``src/pkg/__init__.py`` -> ``pkg``."""
    if path.endswith(".py"):
        stem = path[:-3]
    elif path.endswith(".pyi"):
        stem = path[:-4]
    else:
        return None
    root = package_root_of(path, package_roots)
    parts = stem.split("/")[len(root.split("/")) if root else 0 :]
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    # `tools/install-tensorrt.py` is no importable name, but `python -m pkg.tools.install-tensorrt`
    # runs it: a module's own file name may have dashes, or open with a digit
    # (`python -m arcade.examples.platform_tutorial.01_open_window`), and so may a folder
    # below the top one (agno's `python -m cookbook.01_demo.evals`: runpy takes any name).
    if not parts or (len(parts) > 1 and not parts[0].isidentifier()):
        return None
    if not all(("_" + p).isidentifier() for p in parts[1:-1]) or not ("_" + parts[-1].replace("-", "_")).isidentifier():
        return None
    return ".".join(parts)
