"""The audit: a revision's docs against the same revision's code.

revision -> extract (facts, references; cached by blob) -> index -> claims -> findings.
No network, no GitHub: reporters and the app take it from here.
"""

from __future__ import annotations

import contextlib
import fnmatch
import os
import posixpath
import re
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterable

from .cache import Cache, default_cache_path
from .checks import all_rules
from .checks.base import CheckContext, as_notes, other_language
from .checks.classify import ENDPOINTS_LEAD, OUTPUTS_LEAD, WORK_LOG_LEAD, Claim, Classifier, DocContext, built_images, listed_under, produced_paths, reader_makes, sphinx_source_root
from .checks.key_lists import key_list_items
from .checks.table_context import metric_list_items, table_contexts
from .checks.unknown_flag import known_programs
from .config import CONFIDENCE_ORDER, Config, load_config
from .docs.rst import ADORNMENT
from .docusaurus import site_of
from .extract import Extracted, extract
from .index import MKDOCS_CONFIG, FactIndex, build_index, frameworks_behind, repository_web_url, snippet_base_path
from .model import CODE_BLOCK, COMMAND, FLAG, HEADING, INCLUDE, INLINE_CODE, LINK, REMOTE_FILE, TABLE_ROW, UNCLOSED_FENCE, Finding, Reference, replace_on_line
from .quarto import pandoc_slug
from .revision import Revision, open_repo
from .rules import RuleSet, load_rules
from .scope import DENIED, sentence_at
from .scope import HISTORY_WORDS as _HISTORY_WORDS


@dataclass
class Analysis:
    """One revision, extracted and indexed."""

    revision: Revision
    config: Config
    extracted: Extracted
    index: FactIndex
    docs: dict[str, list[Reference]]
    external: dict[str, dict[str, Any]] = field(default_factory=dict)  # program -> flags
    sections: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # generated sections by doc
    seconds: float = 0.0
    externals: list[dict[str, Any]] = field(default_factory=list)  # each other program found, and how
    external_bases: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # program -> class -> its bases there


@dataclass
class AuditResult:
    commit: str
    findings: list[Finding]
    base: str | None = None  # PR mode: the base commit
    changes: list[dict[str, Any]] = field(default_factory=list)  # PR mode: what the code change did
    skipped: dict[str, str] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    # Failures isolated to one file, check or stage: {"stage", "path", "line", "error"}.
    internal_errors: list[dict[str, Any]] = field(default_factory=list)
    externals: list[dict[str, Any]] = field(default_factory=list)  # other programs' sources, and how each was found
    repository_url: str | None = None  # the audited repository's absolute URI, when its remote gives one
    set_aside: dict[str, int] = field(default_factory=dict)  # docs default exclusions left out, by why
    unverified: list[dict[str, Any]] = field(default_factory=list)  # per program: flags no source could check

    @property
    def audited_nothing(self) -> bool:
        """Every doc failed: an internal error that left no audit (exit 2)."""
        docs = self.stats.get("doc_files", 0)
        failed_docs = {p["path"] for p in self.internal_errors if p.get("path")}
        return bool(self.internal_errors) and (docs == 0 or len(failed_docs) >= docs) and not self.findings

    @property
    def groups(self) -> list[Any]:
        """The findings by root cause (bot.grouping.Group), each finding's `group` set."""
        from .grouping import group_findings

        return group_findings(self.findings)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if severity(f.rule) != "note"]


_SEVERITY: dict[str, str] = {}


def severity(code: str) -> str:
    if not _SEVERITY:
        _SEVERITY.update({rule.CODE: rule.SEVERITY for rule in all_rules()})
    return _SEVERITY.get(code, "warning")


def load_rule_set(revision: Revision, config: Config) -> RuleSet:
    extra = []
    for directory in config.rule_dirs:
        candidate = revision.root / directory
        if (candidate / "manifest.toml").is_file():
            extra.append(candidate)
    return load_rules(extra, config.rules)


# The last few analyses, by commit: consecutive PRs share a base, and a replay's head is
# the next commit's base. A revision's analysis never changes for the same settings.
_RECENT: "OrderedDict[tuple, Analysis]" = OrderedDict()
RECENT_ANALYSES = 4


def analyse(
    revision: Revision,
    config: Config,
    cache: Cache,
    progress: Callable[[int, int], None] | None = None,
    jobs: int | None = None,
    reuse: bool = False,
) -> Analysis:
    """Extract and index one revision; with ``reuse``, answer from the recent ones."""
    rule_set = load_rule_set(revision, config)
    key = (revision.repo.git_dir, revision.commit, rule_set.version, repr(config))
    recent = _RECENT.get(key) if reuse else None
    if recent is not None:
        _RECENT.move_to_end(key)
        recent.revision = revision
        return recent
    analysis = _analyse(revision, config, cache, rule_set, progress, jobs)
    _RECENT[key] = analysis
    while len(_RECENT) > RECENT_ANALYSES:
        _RECENT.popitem(last=False)
    return analysis


def stage(progress, label: str):
    """The progress display's stage line, when the caller gave one that has stages."""
    show = getattr(progress, "stage", None)
    return show(label) if show is not None else contextlib.nullcontext()


def _analyse(revision: Revision, config: Config, cache: Cache, rule_set: RuleSet, progress, jobs) -> Analysis:
    started = time.perf_counter()
    extracted = extract(revision, rule_set, config, cache, progress=progress, jobs=jobs)
    with stage(progress, "indexing the code"):
        index = build_index(revision, extracted, config)
    docs = {}
    scripts = {path: result for path, result in extracted.code.items() if result.get("references")}
    for path, result in [*extracted.docs.items(), *scripts.items()]:
        refs = []
        for raw in result.get("references", []):
            ref = Reference.from_dict(raw)
            ref.path = path
            refs.append(ref)
        docs[path] = refs
    external: dict[str, dict[str, Any]] = {}
    externals: list[dict[str, Any]] = []
    lineage: dict[str, dict[str, list[str]]] = {}
    frameworks = {name for names in index.framework_imports.values() for name in names}
    config = _with_passthrough_prefixes(config, index)
    if config.passthrough or frameworks:
        from .external import resolve_externals

        external, externals, lineage = resolve_externals(revision, index, config, cache, rule_set, frameworks, fetch=config.fetch or os.environ.get("DRIFT_FETCH") == "1")
    sections = {path: result["sections"] for path, result in extracted.docs.items() if result.get("sections")}
    return Analysis(revision, config, extracted, index, docs, external, sections, time.perf_counter() - started, externals, lineage)


# `${ARGS[@]}`, `"${ARGS[@]}"`, `$ARGS`: a command passing a shell array or variable.
ARRAY_USE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)(?:\[[@*]\])?\}?")


def _with_passthrough_prefixes(config: Config, index: FactIndex) -> Config:
    """Prefixes the code builds flags under (`f"--sglang-{name}"`) that name a program drift
    knows (rules/externals.toml): passed through to that program, found like a framework."""
    import dataclasses

    from .config import Passthrough
    from .external import known_external

    configured = {rule.prefix for rule in config.passthrough}
    found: list[Passthrough] = []
    for prefix in sorted(index.flag_prefixes):
        stem = prefix.strip("-_").replace("_", "-").split("-")[0]
        known = known_external(stem) if prefix.startswith("--") and len(stem) >= 3 else None
        if known is not None and prefix not in configured and not any(p.prefix and prefix.startswith(p.prefix) for p in found):
            found.append(Passthrough(prefix, known["key"], None, True))
    return dataclasses.replace(config, passthrough=config.passthrough + found) if found else config


# Command words that name no program a sentence could be about.
GENERIC_PROGRAMS = frozenset(
    "python python3 bash sudo conda make curl wget mkdir source export echo pip3 uvx srun sbatch torchrun accelerate deepspeed "
    "grep sort find xargs sed awk date head tail chmod chown rsync unzip nohup time timeout env exec eval test".split()
)


# Tools whose arguments are this tree's files: never "another program's input".
_FILE_TOOLS = frozenset("cd pushd popd ls cat cp mv rm ln touch tar git pytest less more vim nano code open du wc diff patch chmod".split())

_EXPANDED = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)")
# A program named on a command line: `vllm`, `llama-stack-client` (not a path or `$VAR`).
_PROGRAM_WORD = re.compile(r"[a-z_][a-z0-9_]*(?:-[a-z0-9_]+)*")
CONFIG_LANGS = frozenset({"toml", "yaml", "yml", "json", "jsonc", "ini"})
# An example's own read of a variable (not a write: `os.environ["X"] = "1"` may set one
# the package reads): Python, JavaScript, an OpenTelemetry collector's `${env:X}`.
_ENV = r"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)"
_EXAMPLE_READS_ENV = re.compile(
    # (rocketry's `EnvArg("ROCKETRY_ENV")`: a class of the library named for the environment.)
    r"(?:environ\.get|[Gg]et_?[Ee]nv|environ\.setdefault|env\.get|from_env(?:_var)?|env_var|env::var|\b[A-Z]\w*Env\w*|\bEnv[A-Z]\w*)\(\s*[\"']" + _ENV + r"[\"']"
    r"|(?:os\.environ|process\.env)\[\s*[\"']" + _ENV + r"[\"']\s*\](?!\s*=[^=])"
    r"|\b(?:process\.)?env\." + _ENV + r"\b(?!\s*=[^=])"
    r"|\$\{env:" + _ENV + r"\}"
)
QUOTED_ENV_NAME = re.compile(r"""["']([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["']""")


# `mcp = MCPServer("Demo")`, `interpreter = OpenInterpreter()`: a name bound to an object.
# An annotated field in a class body (`    my_setting: int = Field(3)`).
_FIELD_DECLARED = re.compile(r"^[ \t]+([a-z_][a-z0-9_]*)[ \t]*:[ \t]*[\w\[\]., |]+=", re.M)
_OBJECT_MADE = re.compile(r"^(?:>>> )?([A-Za-z_]\w*)\s*=\s*[A-Za-z_][\w.]*\(", re.M)


def _doc_contexts(analysis: Analysis, classifier: Classifier, problems: list[dict[str, Any]]) -> tuple[dict[str, DocContext], set[str]]:
    contexts: dict[str, DocContext] = {}
    foreign: set[str] = set()
    example_env: set[str] = set()  # variables the docs' own examples read
    own_programs = {name.lower() for name in analysis.index.programs}  # (pip's own docs run `pip`)
    for path, refs in analysis.docs.items():
        context = DocContext(path, project=analysis.index.project_of(path))
        context.headings = [(ref.line, ref.text) for ref in refs if ref.kind == HEADING]
        context.heading_levels = {ref.line: int(ref.attrs.get("level") or 0) for ref in refs if ref.kind == HEADING}
        if any(ref.kind == INLINE_CODE for ref in refs):
            lines = _doc_lines(analysis, path)
            context.work_log_lines = listed_under(WORK_LOG_LEAD, lines)
            context.output_lines = listed_under(OUTPUTS_LEAD, lines)
            context.endpoint_lines = listed_under(ENDPOINTS_LEAD, lines)
        try:
            context.key_items = key_list_items(refs, analysis.index.config_tree)
        except Exception as exc:
            problems.append(isolated_failure("key lists", path, None, exc))
        try:
            context.metric_items = metric_list_items(refs, analysis.index)
        except Exception as exc:
            problems.append(isolated_failure("metric lists", path, None, exc))
        if any(ref.kind == TABLE_ROW for ref in refs):
            try:
                context.tables = table_contexts(refs, analysis.index, path)
            except Exception as exc:
                problems.append(isolated_failure("tables", path, None, exc))
        if any(ref.kind == COMMAND for ref in refs):
            _declared_cds(analysis, classifier, path, context)
        _declare_bare_names_folder(analysis.index, refs, context)
        for ref in refs:
            if ref.kind == INLINE_CODE and _HYPOTHETICAL.search(str(ref.attrs.get("context") or "")[: max(ref.column - 1, 0)]):
                context.hypothetical.add(ref.text.strip("`\"' ").lower())
            if ref.kind == INLINE_CODE:
                folder = ref.text.strip().strip("`").rstrip("/")
                if "/" in folder and folder in analysis.index.dirs and folder not in context.declared:
                    context.declared.append(folder)
                if "/" in folder and " " not in folder and not analysis.index.path_exists(folder) and reader_makes(str(ref.attrs.get("context") or ""), ref.column):
                    # "place it into the dir of `configs/custom_dataset`", "copy to
                    # `configs/custom_dataset/x.py`": the page's later mentions name the
                    # reader's copy.
                    context.produced.add(folder)
            if ref.kind == REMOTE_FILE:
                # `an example config is [here](https://hf.co/.../env_config.json)`: a file
                # of that name the reader downloads, not one this repository lost.
                context.produced.add(ref.text)
            if ref.kind == CODE_BLOCK and str(ref.attrs.get("lang", "")).lower() in CONFIG_LANGS:
                context.config_named_env |= set(QUOTED_ENV_NAME.findall(ref.attrs.get("body", "")))
            if ref.kind == CODE_BLOCK:
                # logfire's gateway pages: `api_key=os.environ["LOGFIRE_GATEWAY_API_KEY"]`,
                # the reader's variable, which the example reads; not the SDK's.
                example_env |= {name for m in _EXAMPLE_READS_ENV.finditer(ref.attrs.get("body", "")) for name in m.groups() if name}
            if ref.kind == CODE_BLOCK and str(ref.attrs.get("lang", "")).lower() in ("python", "py", "python3", "pycon"):
                context.objects |= set(_OBJECT_MADE.findall(ref.attrs.get("body", "")))
                context.defined |= set(_DEFINED.findall(ref.attrs.get("body", "")))
                # emmet's settings page: `class MySettings(EmmetSettings): my_new_setting: int = ...`,
                # then `export EMMET_MY_NEW_SETTING=4`: the page's own field, under the prefix.
                fields = _FIELD_DECLARED.findall(ref.attrs.get("body", ""))
                context.config_named_env |= {prefix + name.upper() for name in fields for prefix in analysis.index.env_prefixes}
                context.imported_tops |= set(_IMPORTED_TOP.findall(ref.attrs.get("body", "")))
            elif ref.kind == CODE_BLOCK and not ref.attrs.get("lang"):
                # Graphormer's tutorial writes `class GraphMLP(FairseqEncoderModel):` in an RST
                # `::` block, which names no language: Python's own statements say what it is.
                context.defined |= set(_DEFINED_STATEMENT.findall(ref.attrs.get("body", "")))
            if ref.kind == CODE_BLOCK and ref.attrs.get("include") and "python" in str(ref.attrs.get("body", "")).lower() + str(ref.attrs["include"]).lower():
                # ```{literalinclude} ../snippets/pipeline.txt with `:language: python`: the
                # tutorial's code, kept in a file of its own.
                included = posixpath.normpath(posixpath.join(posixpath.dirname(path), str(ref.attrs["include"])))
                try:
                    context.defined |= set(_DEFINED.findall(analysis.revision.read(included)[:INCLUDED_BYTES].decode("utf-8", "replace")))
                except Exception:
                    pass  # not in the tree: nothing it defines
            if ref.kind == INLINE_CODE and _INLINE_TOOL_COMMAND.match(ref.text) and ref.text.split()[0].lower() not in own_programs:
                # "one can run `cmake --build . --config Release`": the page's `--config`
                # is cmake's, in the sentences after it too.
                context.foreign_flags |= set(_LONG_FLAG.findall(ref.text))
            if ref.kind != COMMAND:
                continue
            context.launchers |= {str(w).lower() for w in (ref.attrs.get("launcher"), ref.attrs.get("program")) if w}
            context.produced |= produced_paths(ref, classifier._clones_this_repository)
            context.images |= built_images(ref)
            words = [p.get("text", "") for p in ref.attrs.get("positionals", [])]
            if str(ref.attrs.get("program") or "").lower() not in own_programs and not ref.attrs.get("script"):
                # `systemctl enable covalent.service`: what another program takes by name.
                context.arguments |= {w for w in words if "." in w and "/" not in w}
            if ref.attrs.get("program") in ("cd", "pushd") and len(words) == 1 and not ref.attrs.get("cwd_clone"):
                # A folder of this tree the page `cd`s into: the blocks of later sections,
                # written from there (`python ../gaudi_spawn.py`), may say so only once.
                cwd = None if ref.attrs.get("cwd_unknown") else ref.attrs.get("cwd", "")
                # (From the page's folder first, as its paths are: unimol_plus/README.md's `cd scripts`.)
                beside = classifier.checkout_folder(words[0], posixpath.dirname(path)) if cwd == "" and posixpath.dirname(path) and _SUBFOLDER.fullmatch(words[0]) else None
                folder = beside or classifier.checkout_folder(words[0], cwd)
                if folder and folder not in context.declared:
                    context.declared.append(folder)
                if folder:
                    context.cd_lines.append((ref.line, folder))
                elif context.cd_lines and not ref.attrs.get("cwd") and _SUBFOLDER.fullmatch(words[0]):
                    # `cd scripts`, `bash download.sh`, then in the next block `cd pcqm4m-v2`:
                    # a folder the earlier step made in the one the page went to.
                    context.cd_lines.append((ref.line, posixpath.join(context.cd_lines[-1][1], words[0].strip("./").rstrip("/"))))
            if ref.attrs.get("program") == "git" and words[:1] == ["clone"] and len(words) >= 2 and "://" in words[1] and not classifier._clones_this_repository(words[1]):
                context.foreign_clones.append((ref.line, words[1]))  # an integration tutorial: it goes on in that checkout
            generator = project_generator(str(ref.attrs.get("program") or ""), words)
            if generator:
                # toga's positron page: `briefcase new`, then `python src/manage.py migrate`
                # in the project it made: the reader's new project, like a checkout.
                context.foreign_clones.append((ref.line, f"`{generator}`"))
            for name in ARRAY_USE.findall(ref.text) if ref.attrs.get("program") else ():
                context.array_users.setdefault(name, []).append(ref)
            if ref.attrs.get("program") and not ref.attrs.get("array"):
                try:
                    owner, program_path = classifier.owner_of(ref.attrs, ["", context.directory])
                except Exception:
                    owner, program_path = "foreign", None
                if owner == "repo" and program_path:
                    context.programs.append(program_path)
                    launched = classifier.launched_program(ref, program_path, ["", context.directory])
                    if launched:
                        context.programs.append(launched)  # `horovodrun ... python -m pkg.worker`: the worker runs too
                elif owner == "unverifiable" and program_path:
                    context.unverifiable.append(program_path)  # the repo's, options unlisted
                else:  # another program's (`vllm serve`), or a module not in this tree (`python -m sglang.launch_server`)
                    word = (ref.attrs.get("script") if ref.attrs.get("script_kind") == "module" else ref.attrs.get("program")) or ""
                    word = word.split(".", 1)[0].rsplit("/", 1)[-1].lower()
                    long_flags = any(str(f.get("flag", "")).startswith("--") for f in ref.attrs.get("flags", []))
                    if word and word not in GENERIC_PROGRAMS and word not in _FILE_TOOLS and _PROGRAM_WORD.fullmatch(word) and owner == "foreign":
                        context.foreign_lines[ref.line] = word
                    if len(word) >= 4 and word not in GENERIC_PROGRAMS and _PROGRAM_WORD.fullmatch(word) and (long_flags or word in known_programs()):
                        context.foreign_programs.add(word)  # `vllm serve ...`: a program a sentence may name
            context.shell_used.update(_EXPANDED.findall(ref.text))
            if not ref.attrs.get("program"):
                for item in ref.attrs.get("env", []):
                    if item.get("scope") != "export":
                        context.local_vars.add(item.get("name", ""))
            context.local_vars.update(ref.attrs.get("locals", []))
            try:
                flags = classifier.foreign_flags(ref, ["", context.directory])
            except Exception as exc:
                problems.append(isolated_failure("commands", path, ref.line, exc))
                continue
            context.foreign_flags |= flags | _handed_on_flags(ref)
        foreign |= context.foreign_flags
        classifier.foreign_programs |= context.foreign_programs
        contexts[path] = context
    # A guide binds `mcp = MCPServer(...)` once; the pages after it say `mcp.run()` alone.
    # So with a variable one page's example reads: its troubleshooting page names it too.
    objects = set().union(*(context.objects for context in contexts.values())) if contexts else set()
    for context in contexts.values():
        context.objects = objects
        context.config_named_env |= example_env
    return contexts, foreign


_DOC_BUILDER_DROPPED = re.compile(r"[^\w\s-]|_")  # keeps letters (any script), digits, dashes
_DOC_BUILDER_SPACES = re.compile(r"\s+")


def toc_slug(text: str) -> str:
    """A heading's id as Python-Markdown's toc extension makes it (mkdocs' default)."""
    value = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", value).strip().lower())


_TOC_COUNTED = re.compile(r"^(.*)_([0-9]+)$")


def _unique_toc_id(slug: str, taken: set[str]) -> str:
    """Python-Markdown's toc makes a repeated (or empty) id unique with `_1`, `_2`, ..."""
    while slug in taken or not slug:
        counted = _TOC_COUNTED.match(slug)
        slug = f"{counted.group(1)}_{int(counted.group(2)) + 1}" if counted else f"{slug}_1"
    taken.add(slug)
    return slug


def _mkdocs_pages(analysis: Analysis) -> set[str]:
    """The Markdown files an mkdocs site builds into pages: those under its docs folder,
    and the files its pages take in with `--8<--` (a CONTRIBUTING.md at the root)."""
    sites = _mkdocs_sites(analysis)
    if not sites:
        return set()
    # Each site's docs folder as its config names it (`docs_dir: documentation`), else docs/.
    folders = sorted(analysis.index.mkdocs_docs_dirs) or [posixpath.join(site, "docs") if site else "docs" for site in sites]
    pages = {path for path in analysis.docs if path.endswith((".md", ".markdown")) and any(path.startswith(folder + "/") for folder in folders)}
    for path in sorted(pages):
        for ref in analysis.docs[path]:
            if ref.kind == INCLUDE:
                pages.update(snippet_files(analysis, path, ref.text) or [posixpath.normpath(posixpath.join(_mkdocs_site_of(analysis, path), ref.text))])
    return pages


def _mkdocs_sites(analysis: Analysis) -> list[str]:
    """The folders that hold an mkdocs config (read once per analysis)."""
    if "mkdocs_sites" not in analysis.index.memo:
        analysis.index.memo["mkdocs_sites"] = sorted({posixpath.dirname(p) for p in analysis.index.files if MKDOCS_CONFIG.fullmatch(posixpath.basename(p))})
    return analysis.index.memo["mkdocs_sites"]


# `[label][identifier]` (or `[identifier][]`): a reference mkdocs-autorefs resolves.
_AUTOREF = re.compile(r"\[([^\[\]]+)\]\[[\w.:-]*\]")


_AUTOREFS = re.compile(r"\b(?:autorefs|mkdocstrings)\b")  # (mkdocstrings loads autorefs)
_EMOJI_EXTENSION = re.compile(r"\bpymdownx\.emoji\b")
_EMOJI_SHORTCODE = re.compile(r":[a-z0-9_+-]+:")


def _site_has(analysis: Analysis, page: str, written: re.Pattern) -> bool:
    """Whether the mkdocs config of a page's site names an extension or plugin."""
    site = _mkdocs_site_of(analysis, page)
    memo = analysis.index.memo.setdefault("mkdocs_config_names", {})
    if (site, written.pattern) not in memo:
        configs = [posixpath.join(site, name) for name in ("mkdocs.yml", "mkdocs.yaml")]
        memo[site, written.pattern] = any(analysis.index.path_exists(c) and written.search(_read_text(analysis, c)) for c in configs)
    return memo[site, written.pattern]


def _mkdocs_site_of(analysis: Analysis, path: str) -> str:
    """The deepest folder above a page that holds an mkdocs config: where mkdocs runs."""
    return max((s for s in _mkdocs_sites(analysis) if not s or path.startswith(s + "/")), key=len, default="")


def snippet_files(analysis: Analysis, page: str, written: str) -> list[str]:
    """The files a page's `--8<-- "includes/pricing.md"` takes in: read from where mkdocs
    runs, from each snippets `base_path` there (freqtrade's `docs`), or the page's folder."""
    site = _mkdocs_site_of(analysis, page)
    memo = analysis.index.memo.setdefault("snippet_bases", {})
    if site not in memo:
        bases = [""]
        for name in ("mkdocs.yml", "mkdocs.yaml"):
            config = posixpath.join(site, name)
            if analysis.index.path_exists(config):
                base_path = snippet_base_path(_read_text(analysis, config))
                if base_path:
                    bases += [b for b in re.findall(r"[^\s\[\],'\"]+", base_path)]
                break
        memo[site] = bases
    spots = [posixpath.normpath(posixpath.join(site, base, written.lstrip("/"))) for base in memo[site]]
    spots.append(posixpath.normpath(posixpath.join(posixpath.dirname(page), written)))
    return [spot for spot in dict.fromkeys(spots) if spot in analysis.docs][:1]


_YAML_LISTED_NAME = re.compile(r"(?m)^[ \t]*-[ \t]+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)[ \t]*:?[ \t]*(?:#.*)?$")  # `- elementary.volume_anomalies:`


def other_language_names(analysis: Analysis) -> dict[str, str]:
    """Names the docs give as another language's objects -> that language: a role's domain
    (`{js:func}`pyodide.setStdout``), or `yaml` for a dotted name a YAML block lists (dbt's
    `tests: [- elementary.volume_anomalies]`, a macro of the dbt package of that name)."""
    found: dict[str, str] = {}
    for refs in analysis.docs.values():
        for ref in refs:
            if ref.kind == INLINE_CODE and (domain := other_language(ref.attrs.get("role"))):
                found[ref.text] = domain
            elif ref.kind == CODE_BLOCK and str(ref.attrs.get("lang") or "").lower() in ("yaml", "yml"):
                for name in _YAML_LISTED_NAME.findall(str(ref.text)):
                    found.setdefault(name, "yaml")
    return found


_RENDERS_PARTIAL = re.compile(r"""<Snippet\s+file=["']([^"']+)["']|^import\s+\w+\s+from\s+["']([^"']+\.mdx?)["']""", re.M)


def partial_importers(analysis: Analysis) -> dict[str, list[str]]:
    """Each MDX partial (under `snippets/` or `_snippets/`) -> the pages that render it."""
    partials = [path for path in analysis.docs if path.endswith((".md", ".mdx")) and ("snippets/" in path)]
    if not partials:
        return {}
    found: dict[str, list[str]] = {}
    for page in analysis.docs:
        if not page.endswith(".mdx"):
            continue
        for match in _RENDERS_PARTIAL.finditer("\n".join(_doc_lines(analysis, page))):
            target = (match.group(1) or match.group(2)).lstrip("./")
            for partial in partials:
                if partial != page and (partial.endswith("/" + target) or partial.endswith("snippets/" + target.removeprefix("snippets/"))):
                    found.setdefault(partial, []).append(page)
    return found


# Fenced-block languages whose dotted names are that language's, not Python's
# (`gradio.dispatch("change")` in a Svelte component, `test.todo(...)` in a Vitest file).
OTHER_CODE_LANGS = frozenset({"js", "javascript", "jsx", "ts", "typescript", "tsx", "svelte", "vue", "html", "go", "rust", "rs", "java", "kotlin", "swift", "c", "cpp", "c++", "cs", "csharp", "ruby", "php", "dart", "scala", "lua", "r"})


_SUBSTITUTION = re.compile(r"\{\{.*?\}\}")


# `# cd models/rank/deepfm  # runs from any folder`: a block that says where it runs, in a comment.
_COMMENTED_CD = re.compile(r"(?m)^[ \t>]*#+[ \t]*cd[ \t]+([\w.][\w./-]*)[ \t]*(?:#.*)?$")


# Prose that sends the reader into a folder: "cd to `PGL/examples/erniesage`", "go to the
# `examples/x` folder", "enter the `x` directory", "进入 `x` 目录", "切换到`x`目录".
_PROSE_CD = re.compile(
    r"(?:\bcd\s+(?:in)?to|\b(?:go|change|switch|move|navigate)\s+(?:in)?to(?:\s+the)?|\benter(?:\s+the)?|进入(?:到)?|切换到)"
    r"\s*(?:folder|directory|dir)?\s*`\.?/?([\w][\w./-]*)`",
    re.I,
)


def _handed_on_flags(ref: Reference) -> set[str]:
    """Options a command writes after a lone `--` (weatherbench2's `python evaluate.py ...
    -- --project $P --temp_location gs://x`): the program hands them on (to Beam's
    pipeline), so the page's sentences about them are the other program's."""
    dashes = ref.attrs.get("dashes")
    if not dashes:
        return set()
    after = [p["text"] for p in ref.attrs.get("positionals", []) if (p.get("line", 0), p.get("column", 0)) > tuple(dashes)]
    return {m.group(1) for word in after for m in [_HANDED_FLAG.match(word)] if m}


_HANDED_FLAG = re.compile(r"^(--[A-Za-z][\w.-]*)(?:=|$)")
_BARE_FILE = re.compile(r"[\w-]+\.(?:py|sh|md|rst|yaml|yml|json|toml|cfg|txt)")


def _declare_bare_names_folder(index: Any, refs: list[Reference], context: Any) -> None:
    """pycolab's README: "`engine.py`", "`plot.py`", "`human_ui.py`", then
    "`prefab_parts/sprites.py`": files named from the package folder, where each bare name is
    (pycolab/), not from the page's. Two or more bare names that are only in one folder
    make the page's paths resolve from there too."""
    folders: dict[str, set[str]] = {}
    for ref in refs:
        name = ref.text.strip().strip("`") if ref.kind == INLINE_CODE else ""
        if not _BARE_FILE.fullmatch(name) or name in index.files or posixpath.join(context.directory, name) in index.files:
            continue
        places = {posixpath.dirname(p) for p in index.by_basename(name)}
        if len(places) == 1:
            folders.setdefault(places.pop(), set()).add(name)
    for folder, names in sorted(folders.items()):
        if folder and len(names) >= 2 and folder not in context.declared:
            context.declared.append(folder)


_SUBFOLDER = re.compile(r"(?:\./)?(?!\.\.?/?$)[\w.-]+/?")  # `pcqm4m-v2`, `./out/`: one folder down, no variable


def _declared_cds(analysis: Analysis, classifier: Any, path: str, context: Any) -> None:
    """Folders of this tree a page's shell blocks `cd` into in a comment (PaddleRec's
    `# cd models/contentunderstanding/tagspace`), or its prose sends the reader into
    ("cd to `PGL/examples/erniesage`"): the commands after it may be written from there,
    so the folder is one the page's paths resolve from."""
    try:
        text = analysis.revision.read(path).decode("utf-8", "replace")
    except Exception:
        return
    for match in [*_COMMENTED_CD.finditer(text), *_PROSE_CD.finditer(text)]:
        target = (match.group(1) or "").strip("./").rstrip("/") if match.re is _PROSE_CD else match.group(1).rstrip("/")
        if not target:
            continue
        first, _, rest = target.partition("/")
        folder = classifier.checkout_folder(target, "")
        if folder is None and rest and first.lower() in {n.lower() for n in analysis.index.root_names}:
            folder = classifier.checkout_folder(rest, "")  # `# cd PaddleRec/models/rank/dcn`, from above the checkout
        if folder:
            if folder not in context.declared:
                context.declared.append(folder)
            context.cd_lines.append((text.count("\n", 0, match.start()) + 1, folder))


def mintlify_slug(text: str) -> str:
    """Mintlify's heading id: lower case, spaces to dashes, ASCII punctuation dropped,
    other characters kept (`What’s next?` is `what’s-next`, an em dash stays)."""
    kept = (ch for ch in text.strip().lower() if ch.isalnum() or ch in "-_ " or ord(ch) > 127)
    return "".join(kept).replace(" ", "-")


def docutils_id(text: str) -> str:
    """A section's id as docutils makes it (Sphinx, MyST pages included): ASCII letters
    and digits, every other run one dash, starting with a letter."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"^[^a-z]+", "", re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-"))


# VitePress's slugify (@mdit-vue/shared): runs of spaces and ASCII punctuation become one
# dash (`lmql.generate(...)` is #lmql-generate), ends trimmed, a leading digit gets `_`.
_VITEPRESS_SPECIAL = re.compile(r"[\s~`!@#$%^&*()\-_+=\[\]{}|\\;:\"'“”‘’<>,.?/]+")


def vitepress_slug(text: str) -> str:
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch) and ord(ch) >= 0x20)
    slug = _VITEPRESS_SPECIAL.sub("-", plain).strip("-")
    return re.sub(r"^(\d)", r"_\1", slug).lower()


def _vitepress_roots(index: FactIndex) -> list[str]:
    """Folders that hold a `.vitepress/config.*`: the VitePress site's pages are below."""
    configs = [p for name in ("config.js", "config.mjs", "config.ts", "config.mts") for p in index.by_basename(name)]
    return sorted({posixpath.dirname(posixpath.dirname(p)) for p in configs if posixpath.basename(posixpath.dirname(p)) == ".vitepress"})


# An inline command of a build or cloud tool: its options are that tool's.
_INLINE_TOOL_COMMAND = re.compile(
    r"^\s*(?:cmake|ctest|ninja|bazel|bazelisk|meson|gcloud|gsutil|az|aws|kubectl|helm|terraform"
    # Installers: spikingjelly's "`uv pip install --editable . --group dev`", then "the
    # argument `--group dev` installs all development tools": uv's option.
    r"|pip3?|uv|conda|mamba|micromamba|poetry|pipx|pdm|hatch|npm|npx|yarn|pnpm|apt-get|apt|brew)\s+\S"
)
_LONG_FLAG = re.compile(r"(?<![\w-])--[A-Za-z][\w-]*")


_DOTTED_NAME = re.compile(r"(?<![\w.])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?![\w(])")


# A Quarto cell whose output is read as the page's own Markdown (headings and all).
_WRITES_MARKDOWN = re.compile(r"^#\|\s*output:\s*asis\b", re.M)


def heading_slugs(analysis: Analysis) -> dict[str, set[str]]:
    """The anchors each doc's headings make."""
    packages = sorted(analysis.index.packages)
    # Hugging Face doc-builder sites (a `_toctree.yml` above the page) make their own
    # anchors: letters, digits and dashes kept, spaces made dashes (`HF_TOKEN` -> #hftoken).
    builder_roots = sorted({posixpath.dirname(p) for p in analysis.index.by_basename("_toctree.yml")})
    on_mkdocs = _mkdocs_pages(analysis)
    on_sphinx = lambda path: path.endswith((".md", ".mdx")) and sphinx_source_root(analysis.index, path) is not None  # noqa: E731
    # Mintlify sites (mint.json, or a docs.json beside .mdx pages) keep non-ASCII
    # punctuation in their heading ids: "Anthropic — built-in tools" is
    # #anthropic-—-built-in-tools there, #anthropic--built-in-tools on GitHub.
    mintlify_roots = sorted(
        {posixpath.dirname(p) for p in analysis.index.by_basename("mint.json")}
        | {posixpath.dirname(p) for p in analysis.index.by_basename("docs.json") if any(f.startswith((posixpath.dirname(p) + "/") if posixpath.dirname(p) else "") and f.endswith(".mdx") for f in analysis.docs)}
    )
    vitepress_roots = _vitepress_roots(analysis.index)
    slugs: dict[str, set[str]] = {}
    for path, refs in analysis.docs.items():
        found = slugs[path] = set()
        if path.endswith(".qmd") and any(ref.kind == CODE_BLOCK and _WRITES_MARKDOWN.search(ref.text) for ref in refs):
            found.add("*")  # ibis' backend pages: a `#| output: asis` cell writes the API's headings when the site builds
        on_vitepress = any(not root or path.startswith(root + "/") for root in vitepress_roots)
        on_builder = any(not root or path.startswith(root.rsplit("/", 1)[0] + "/") for root in builder_roots)
        on_mintlify = any(not root or path.startswith(root + "/") for root in mintlify_roots)
        # An MDX page no site of this repository builds (truss's docs/chains/doc_gen/*.mdx,
        # published by a Mintlify site kept elsewhere): GitHub renders no MDX, so its ids
        # are the publishing site's, whichever common generator that is.
        unseen_site = path.endswith(".mdx") and not (on_mintlify or on_vitepress or path in on_mkdocs or on_sphinx(path) or site_of(analysis.index.docusaurus, path) is not None)
        toc_ids: set[str] = set()
        for ref in refs:
            if ref.kind != HEADING:
                continue
            slug = ref.attrs.get("slug", "")
            if path in on_mkdocs and not ref.attrs.get("anchor_only"):
                # `## 🎨 Code Style`: #code-style on the site, #-code-style on GitHub; a
                # second `## Parameters` is #parameters_1 there (#parameters-1 on GitHub).
                found.add(_unique_toc_id(toc_slug(ref.text), toc_ids))
                if _EMOJI_SHORTCODE.search(ref.text) and _site_has(analysis, path, _EMOJI_EXTENSION):
                    # vidgear's `## Frequently Asked Questions :material-chat-alert:`:
                    # pymdownx.emoji makes the shortcode an icon, which adds no word to the id.
                    found.add(toc_slug(_EMOJI_SHORTCODE.sub("", ref.text)))
                if _AUTOREF.search(ref.text) and _site_has(analysis, path, _AUTOREFS):
                    # Daft's `### [`read_iceberg`][daft.read_iceberg]`: mkdocs-autorefs makes
                    # the reference a link, and the heading's text (its id) is the label's.
                    found.add(toc_slug(_AUTOREF.sub(r"\1", ref.text)))
            if on_builder and not ref.attrs.get("label"):
                found.add(_DOC_BUILDER_SPACES.sub("-", _DOC_BUILDER_DROPPED.sub("", ref.text).strip()).lower())
            if ref.attrs.get("github_slug"):
                found.add(ref.attrs["github_slug"])  # `## X [[x-id]]` read on GitHub
            if on_vitepress and not ref.attrs.get("anchor_only") and not ref.attrs.get("label"):
                found.add(vitepress_slug(ref.text))  # `### \`lmql.generate(...)\``: #lmql-generate
            if unseen_site and not ref.attrs.get("anchor_only") and not ref.attrs.get("label"):
                found |= {docutils_id(ref.text), mintlify_slug(ref.text), vitepress_slug(ref.text)}
                # `### *class* truss_chains.DeploymentContext` written by Sphinx: the object's
                # dotted name is its id (#truss_chains.DeploymentContext).
                found |= set(_DOTTED_NAME.findall(ref.text))
            if on_mintlify and not ref.attrs.get("anchor_only"):
                found.add(mintlify_slug(ref.text))
                if "." in ref.text:
                    # `## Using streamlit.io`, linked as #using-streamlit-io on the site (and
                    # #using-streamlitio elsewhere): take the dot as a word break too.
                    found.add(mintlify_slug(ref.text.replace(".", " ")))
            if path.endswith(".qmd") and not ref.attrs.get("anchor_only") and not ref.attrs.get("label"):
                found.add(pandoc_slug(ref.text))  # Quarto: `## 1. Set up` is #set-up
            if on_sphinx(path) and not ref.attrs.get("anchor_only") and not ref.attrs.get("label"):
                found.add(docutils_id(ref.text))  # `## I/O Processing`: #i-o-processing on the Sphinx site
                if "{{" in ref.text:
                    # `### Install horovod {{ tensorflow_icon }}`: a MyST substitution, often an
                    # image, which adds no words to the section's id.
                    found.add(docutils_id(_SUBSTITUTION.sub("", ref.text)))
            if ref.attrs.get("label") and path.endswith(".rst"):
                found.add(ref.text)  # `.. _nvmodelopt_graph_surgery:` as written, which MyST links may name
            if not ref.attrs.get("anchor_prefix"):
                found.add(slug)
                continue
            if not slug:
                found.add("*")  # a build step's expansion (`#SCHEMA# pkg.Task`): any anchor may be its
                continue
            # `[[autodoc]] PeftModel` builds `#peft.PeftModel` (the library's import path,
            # also by its last name when re-exported) and one anchor per member, kept as
            # `name.*` to match.
            names = {slug} | {f"{package}.{slug}" for package in packages} | {f"{package}.{slug.rsplit('.', 1)[-1]}" for package in packages}
            found |= names | {name + ".*" for name in names}
            if ref.attrs.get("mkdocstrings"):
                # `::: pkg.losses.MQLoss` under a heading-style renderer (Nixtla's parser
                # writes `### MQLoss`): `#mqloss` as well as the full path.
                found.add(slug.rsplit(".", 1)[-1].lower())
    for path, refs in analysis.docs.items():
        for ref in refs:
            if ref.kind == INCLUDE and path.endswith((".md", ".markdown")):
                # freqtrade's configuration.md takes in includes/pricing.md: its headings
                # are the page's sections on the site.
                for included in snippet_files(analysis, path, ref.text):
                    slugs[path] |= slugs.get(included, set())
    return slugs


INCLUDED_BYTES = 200_000  # of a file a page includes as its code
_IMPORTED_TOP = re.compile(r"^\s*(?:from|import)\s+([A-Za-z_]\w*)", re.M)  # the top-level packages a block imports
_DEFINED = re.compile(r"(?m)^\s*(?:async\s+)?(?:class|def)\s+([A-Za-z_]\w*)")
_DEFINED_STATEMENT = re.compile(r"(?m)^\s*(?:async\s+)?(?:class|def)\s+([A-Za-z_]\w*)\s*(?:\([^\n]*\))?\s*(?:->[^\n:]*)?:\s*$")


def _code_names(index: Any) -> set[str]:
    """Every top-level name the repository's modules define (read once per analysis)."""
    if "code_names" not in index.memo:
        index.memo["code_names"] = {name.split(".", 1)[0] for names in index.module_symbols.values() for name in names}
    return index.memo["code_names"]


def _written_on_page(name: str, defined: set[str], refs: list[Reference]) -> bool:
    """Whether a dotted name is the page's own code: its last part is a class or function
    the page's Python defines and the repository's code does not (a page quoting the
    package's `check_reward_nonzero_std` is about the package's), or it is the module the
    page imports such a name from."""
    if name.rsplit(".", 1)[-1] in defined:
        return True
    importing = re.compile(rf"\bfrom[ \t]+{re.escape(name)}[ \t]+import[ \t]+(?:\(([^)]*)\)|([\w \t,]+))")
    for ref in refs:
        if ref.kind == CODE_BLOCK:
            for match in importing.finditer(ref.attrs.get("body", "")):
                names = {part.strip().split(" as ")[0].strip() for part in (match.group(1) or match.group(2)).split(",")}
                if names & defined:
                    return True
    return False


_HYPOTHETICAL = re.compile(r"\b(?:hypothetical|imaginary|fictional|made-up)\s*[`\"']*$", re.I)
_NAME_PARTS = re.compile(r"[^a-z0-9]+")


def isolated_failure(stage: str, path: str, line: int | None, exc: BaseException) -> dict[str, Any]:
    """An internal error, isolated: what failed, where, and why (never a traceback)."""
    return {"stage": stage, "path": path, "line": line, "error": f"{type(exc).__name__}: {exc}"[:300]}


def check_docs(
    analysis: Analysis,
    lines: dict[str, set[int]] | None = None,
    changes: Any = None,
    relevant: Callable[[Any], bool] | None = None,
    problems: list[dict[str, Any]] | None = None,
    unverified: list[Any] | None = None,
    renamed_away: list[Finding] | None = None,
    base: Any = None,
    orphan_flags: list[Finding] | None = None,
    abbreviations: list[Finding] | None = None,
    read_names: dict[tuple[str, str], set[str]] | None = None,
) -> list[Finding]:
    """Findings for every doc (or, with ``lines``, only those doc lines). With
    ``changes`` (a ChangeSet), names the change removed or renamed are reported as such.
    A check that fails on one reference loses only that reference's findings: the
    failure goes to ``problems`` and the audit goes on. ``read_names`` collects, per
    (page, rule), the texts each rule was asked about."""
    problems = problems if problems is not None else []
    problems.extend(analysis.index.problems)
    config = analysis.config
    classifier = Classifier(analysis.index, [p.prefix for p in config.passthrough], changes.namespaces() if changes else None)
    classifier.learn_own_repos(analysis.docs)
    if changes:
        classifier.extra_config_roots = changes.config_roots()
        classifier.changed_config_keys = {c.old for c in changes.changes if c.kind == "config_key" and (c.change in ("removed", "renamed") or c.detail.get("main"))}
    contexts, foreign = _doc_contexts(analysis, classifier, problems)
    slugs = heading_slugs(analysis)
    ctx = CheckContext(analysis.index, config, slugs, foreign, analysis.external, frameworks_behind(analysis.index, None), changes)
    ctx.external_bases = analysis.external_bases
    ctx.doc_outline = {path: [(ref.line, int(ref.attrs.get("level") or 0), str(ref.attrs.get("slug") or "")) for ref in refs if ref.kind == HEADING and ref.attrs.get("level") and ref.attrs.get("slug")] for path, refs in analysis.docs.items()}
    ctx.doc_own_links = {path: links for path, refs in analysis.docs.items() if (links := [(ref.line, str(ref.attrs["anchor"])) for ref in refs if ref.kind == LINK and not ref.attrs.get("target") and ref.attrs.get("anchor")])}
    ctx.doc_programs = {path: set(context.programs) for path, context in contexts.items()}
    ctx.doc_texts = {path: [str(ref.attrs.get("raw") or ref.text) for ref in refs if ref.kind in (COMMAND, INLINE_CODE, CODE_BLOCK)] for path, refs in analysis.docs.items()}
    ctx.doc_other_code = {path: texts for path, refs in analysis.docs.items() if (texts := [str(ref.text) for ref in refs if ref.kind == CODE_BLOCK and str(ref.attrs.get("lang") or "") in OTHER_CODE_LANGS])}
    ctx.doc_unverifiable = {path: sorted(set(context.unverifiable)) for path, context in contexts.items() if context.unverifiable}
    ctx.foreign_programs = set(classifier.foreign_programs)
    ctx.doc_foreign = {path: set(context.foreign_programs) for path, context in contexts.items() if context.foreign_programs}
    ctx.doc_foreign_lines = {path: dict(context.foreign_lines) for path, context in contexts.items() if context.foreign_lines}
    ctx.doc_command_words = {path: set(context.launchers) for path, context in contexts.items() if context.launchers}
    ctx.runtime_paths = runtime_paths(analysis)
    ctx.runtime_folders = tuple(r for r in ctx.runtime_paths if not posixpath.splitext(r)[1])  # once, not per claim
    ctx.doc_clones = {path: list(context.foreign_clones) for path, context in contexts.items() if context.foreign_clones}
    ctx.base = base
    if unverified is not None:
        ctx.unverified = unverified  # flags only history can judge: the caller asks it
    if renamed_away is not None:
        ctx.renamed_away = renamed_away  # paths only history can judge
    if orphan_flags is not None:
        ctx.orphan_flags = orphan_flags  # flags of no program here: history says whose
    if abbreviations is not None:
        ctx.abbreviations = abbreviations  # shortened flags: history says whether on purpose
    ctx.other_language_names = other_language_names(analysis)
    ctx.partial_importers = partial_importers(analysis)
    ctx.declared_options = {path: set(extracted["declared_options"]) for path, extracted in analysis.extracted.docs.items() if extracted.get("declared_options")}
    # Sphinx and MyST look labels up lower-cased (`[x](ExperimentManager_page)` finds `(experimentManager_page)=`).
    ctx.labels = {ref.text.lower() for refs in analysis.docs.values() for ref in refs if ref.kind == HEADING and ref.attrs.get("label")}
    ctx.swallowed = {
        path: {slug: (line, ref.line) for ref in refs if ref.kind == UNCLOSED_FENCE for line, _, slug in ref.attrs.get("headings", [])}
        for path, refs in analysis.docs.items()
        if any(ref.kind == UNCLOSED_FENCE for ref in refs)
    }
    rules = [rule for rule in all_rules() if config.rule_enabled(rule.CODE, rule.NAME)]
    by_claim: dict[str, list[Any]] = {}
    for rule in rules:
        for kind in rule.CLAIMS:
            by_claim.setdefault(kind, []).append(rule)
    findings: dict[tuple, Finding] = {}

    def run(rule: Any, claim: Claim) -> list[Finding]:
        try:
            found = list(rule.check(claim, ctx))
        except Exception as exc:  # one rule on one claim: drop its findings, keep the rest
            problems.append(isolated_failure(f"check {rule.CODE}", claim.doc, claim.line, exc))
            return []
        if claim.ref is not None and claim.ref.attrs.get("history"):
            # Inside `.. versionchanged::` / `.. deprecated::`: the note says what the code
            # was, and names the old name on purpose. A note.
            as_notes(found, "the line is in a versionchanged/deprecated note, which names the past on purpose")
        return found

    set_aside = pages_set_aside(analysis) if config.skips_dated_pages else {}
    for path, refs in analysis.docs.items():
        wanted = None if lines is None else lines.get(path)
        if lines is not None and not wanted:
            continue
        if path in set_aside:
            continue  # release notes under another name, an archived project's page
        # A generated section is judged whole (DRIFT016): its defaults and help texts
        # are the code's own words, not claims about it.
        generated = {n for section in analysis.sections.get(path, []) for n in range(section["start"] + 1, section["end"] + 1)}
        # A block another tool writes (all-contributors' table): its links are that tool's;
        # a recorded transcript's are those of the day it was recorded.
        generated |= {n for first, last in analysis.extracted.docs.get(path, {}).get("tool_generated", []) for n in range(first, last + 1)}
        for ref in refs:
            try:
                claims = list(classifier.classify(ref, contexts[path]))
            except Exception as exc:
                problems.append(isolated_failure("classify", path, ref.line, exc))
                continue
            for claim in claims:
                if wanted is not None and claim.line not in wanted:
                    continue
                if claim.line in generated:
                    continue
                if contexts[path].hypothetical and contexts[path].hypothetical & (set(_NAME_PARTS.split(claim.text.lower())) | set(re.split(r"[./:]", claim.text.lower()))):
                    continue  # `ludwig.constants.WIDGET` in a walk-through of a hypothetical "widget" type (dlt's `pipeline_browser`)
                if claim.kind == "symbol" and contexts[path].defined and _written_on_page(claim.text, contexts[path].defined - _code_names(analysis.index), refs):
                    continue  # the tutorial's own `ExperimentPipeline`, and the module it tells the reader to put it in
                if relevant is not None and not relevant(claim):
                    continue
                if config.name_ignored(claim.text):
                    continue
                for rule in by_claim.get(claim.kind, []):
                    if read_names is not None:
                        read_names.setdefault((path, rule.CODE), set()).add(claim.text)
                    for found in run(rule, claim):
                        if found.change is None and (_tells_history(claim) or _section_tells_history(contexts[path], claim.line, lambda: _doc_lines(analysis, path))):
                            found.confidence = "low"  # "`--x` was removed", "### Legacy cuda_setup": the doc knows
                        elif found.change is None and claim.context == "code" and _planned_code(path, claim, lambda: _doc_lines(analysis, path)):
                            found.confidence = "low"  # pyresample's roadmap: "You'll create resampler classes by doing:"
                        if not config.confident_enough(found.confidence) or config.name_ignored(found.subject or ""):
                            continue
                        if config.per_file_ignores and config.ignored_in(found.path, found.rule, found.name):
                            continue
                        key = (found.rule, found.path, found.line, found.text)
                        findings.setdefault(key, found)
    for rule in rules:
        if not hasattr(rule, "finish"):
            continue  # checks that compare claims across docs, once all are seen
        try:
            for found in rule.finish(ctx):
                if config.confident_enough(found.confidence) and not config.name_ignored(found.subject or "") and not config.ignored_in(found.path, found.rule, found.name):
                    findings.setdefault((found.rule, found.path, found.line, found.text), found)
        except Exception as exc:
            problems.append(isolated_failure(f"check {rule.CODE}", "", None, exc))
    for path, sections in analysis.sections.items():
        if lines is not None and path not in lines:
            continue
        for section in sections:
            claim = Claim("section", section["body"], section["start"] + 1, 1, path, "section", section)
            for rule in by_claim.get("section", []):
                for found in run(rule, claim):
                    findings.setdefault((found.rule, found.path, found.line, "section"), found)
    for rule in by_claim.get("code", []) if lines is None else []:
        try:
            found_in_code = list(rule.check_code(analysis, ctx))
        except Exception as exc:
            problems.append(isolated_failure(f"check {rule.CODE}", "", None, exc))
            continue
        for found in found_in_code:
            if relevant is not None and found.change is None:
                continue  # in PR mode, only what the change under review broke
            if config.confident_enough(found.confidence) and not config.name_ignored(found.subject or ""):
                findings.setdefault((found.rule, found.path, found.line, found.text), found)
    result = sorted(findings.values(), key=finding_order)
    generated = _generated_docs(analysis)
    for found in result:
        marker = generated.get(found.path)
        if marker is not None:
            # kserve's SDK pages: openapi-generator rewrites them, so the fix belongs in its
            # input (the template, the spec, the README it links), not on this line.
            found.replacement = None
            found.evidence += f"; the page is written by an API client generator ({marker}): a fix here is undone at the next generation"
    attach_lines(analysis.revision, result)
    return result


def _merge(findings: list[Finding], more: list[Finding], config: Config) -> list[Finding]:
    """``findings`` with ``more`` that pass the settings, each (rule, place, text) once."""
    merged = {(f.rule, f.path, f.line, f.text): f for f in findings}
    for found in more:
        if config.confident_enough(found.confidence) and not config.name_ignored(found.text) and not config.name_ignored(found.subject or ""):
            merged.setdefault((found.rule, found.path, found.line, found.text), found)
    return sorted(merged.values(), key=finding_order)


def _named_here(index) -> Callable[[str], bool]:
    """Whether a file of this name, or with this stem, is anywhere in the tree."""
    names: set[str] = set()
    for path in index.files:
        base = path.rsplit("/", 1)[-1]
        names.add(base)
        names.add(posixpath.splitext(base)[0])
    return lambda name: name in names


def _path_refs(analysis: Analysis) -> dict[str, int]:
    """How many paths each doc names: links, and code spans with a slash."""
    counts: dict[str, int] = {}
    for path, refs in analysis.docs.items():
        counts[path] = sum(1 for ref in refs if (ref.kind == LINK and "://" not in ref.text) or (ref.kind == INLINE_CODE and "/" in ref.text and " " not in ref.text.strip()))
    return counts


def _outward_refs(analysis: Analysis) -> dict[str, int]:
    """How many relative links each doc makes out of its own folder (`../x.md`)."""
    return {path: sum(1 for ref in refs if ref.kind == LINK and ref.text.startswith("../")) for path, refs in analysis.docs.items()}


def _one_path_per_place(findings: list[Finding]) -> list[Finding]:
    """`[`x/y.yaml`](x/y.yaml)`: the link's text and its target name one missing path on
    one line; it is one finding, at the more confident of the two."""
    rank = CONFIDENCE_ORDER
    best: dict[tuple, Finding] = {}
    for f in findings:
        if f.rule != "DRIFT001":
            continue
        key = (f.path, f.line, posixpath.normpath(f.text.strip("`").strip()).removeprefix("./"))
        kept = best.get(key)
        if kept is None or rank.get(f.confidence, 0) > rank.get(kept.confidence, 0):
            best[key] = f
    chosen = {id(f) for f in best.values()}
    kept = [f for f in findings if f.rule != "DRIFT001" or id(f) in chosen]
    # `ChainerMNStudy` and `ChainerMNStudy.optimize` on one line: the class is gone, and
    # its method with it; one finding, the class's.
    gone = {(f.path, f.line, f.text) for f in kept if f.rule == "DRIFT005"}
    return [f for f in kept if f.rule != "DRIFT005" or not any((f.path, f.line, f.text[:i]) in gone for i in range(len(f.text)) if f.text[i] == ".")]


def finding_order(found: Finding) -> tuple:
    """A total order, so two runs print findings in one order whatever the dict order."""
    return (found.path, found.line, found.column, found.rule, found.text, found.message)


# A dated news item (`- 🔥 **[2024.12.13]** ...`): it tells what changed then.
_NEWS_DATE = re.compile(r"^[^\w\[]*(?:\[?(?:19|20)\d{2}[./-]\d{1,2}(?:[./-]\d{1,2})?\]?|\[\d{2}[./-]\d{2}[./-]\d{2}\])")


def _own_names(index: Any) -> set[str]:
    """This repository's names as GitHub URLs spell them (`owner/NAME`), lower case."""
    return {name.split("/", 1)[-1] for name in index.own_repos} | {name.lower() for name in index.root_names}


_SCRIPT_SUFFIXES = (".sh", ".bash", ".slurm", ".sbatch")
_CODE_OR_CONFIG = (".py", ".sh", ".bash", ".yaml", ".yml", ".toml", ".cfg", ".ini", ".md", ".rst")


def _missing_config(index, path: str) -> bool:
    """`--deepspeed configs/archive/ds_config_zero2.json` where configs/archive/ holds other
    .json files: an input the tree should have, not data a run makes."""
    folder, name = posixpath.split(path)
    suffix = posixpath.splitext(name)[1]
    return bool(suffix) and "conf" in folder.lower() and not index.path_exists(path) and any(child.endswith(suffix) for child in index.children(folder))


# Commands that make a new project for the reader (program -> the subcommands that do, or
# None for the program itself): the page's later paths are that project's files.
_GENERATORS: dict[str, frozenset[str] | None] = {
    "briefcase": frozenset({"new"}), "cookiecutter": None, "copier": frozenset({"copy", "run"}),
    "django-admin": frozenset({"startproject", "startapp"}), "poetry": frozenset({"new"}), "hatch": frozenset({"new"}),
    "uv": frozenset({"init"}), "pdm": frozenset({"init"}), "cargo": frozenset({"new", "init"}), "kedro": frozenset({"new"}),
    "dbt": frozenset({"init"}), "sam": frozenset({"init"}), "cdk": frozenset({"init"}), "putup": None, "rails": frozenset({"new"}),
    "npm": frozenset({"create", "init"}), "yarn": frozenset({"create"}), "pnpm": frozenset({"create"}),
    "sphinx-quickstart": None, "mkdocs": frozenset({"new"}), "jupyter-book": frozenset({"create"}),
}


def project_generator(program: str, words: list[str]) -> str | None:
    """`briefcase new`, `django-admin startproject site`, `npx create-react-app x`: the
    command, when it makes a new project for the reader."""
    name = program.rsplit("/", 1)[-1]
    if name == "npx" and words and words[0].startswith("create-"):
        return f"npx {words[0]}"
    if name not in _GENERATORS:
        return None
    subcommands = _GENERATORS[name]
    if subcommands is None:
        return name
    return f"{name} {words[0]}" if words and words[0] in subcommands else None


def _ancestors(path: str) -> list[str]:
    """The folders above a path (`a/b/x.md`: `a`, `a/b`), the root left out."""
    parts = path.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts))]


def runtime_paths(analysis: Analysis) -> dict[str, str]:
    """Paths the repository's own scripts and parsers use for data they read or write at
    run time, whether or not the tree has them: the folders its shell scripts `cd` and
    `mkdir` into, hand as option values (`--image-folder ./playground/data/eval/x`) or
    assign to variables, and the path defaults of its options
    (`default="./playground/data/eval/vqav2"`).
    Code and config files are left out: a script naming a lost one is stale too.
    Returns path -> where it is named."""
    found: dict[str, str] = {}
    top_folders = {d.split("/", 1)[0] for d in analysis.index.dirs}
    # Folders that hold code (`cd examples` in a script) are the repository's, not data.
    code_dirs = {posixpath.dirname(path) for path in analysis.index.files if path.endswith((".py", ".sh", ".ipynb"))}
    code_dirs |= {parent for folder in list(code_dirs) for parent in _ancestors(folder)}

    def add(raw: Any, where: str) -> None:
        if not isinstance(raw, str):
            return
        path = raw.strip().strip("\"'")
        if "/" not in path or any(ch in path for ch in "$*{}<> ") or "://" in path or path.startswith(("/", "~", "-")):
            return
        dotted = path.startswith("./")
        path = posixpath.normpath(path)
        if path.startswith("..") or path.lower().endswith(_CODE_OR_CONFIG):
            return
        if path.split("/", 1)[0] not in top_folders and not (dotted and path.count("/") >= 2):
            return  # `OpenGVLab/InternVL2_5-1B`: a hub id, not a folder of this checkout
        if path in code_dirs or _missing_config(analysis.index, path):
            return
        found.setdefault(path, where)

    for doc, refs in analysis.docs.items():
        if not doc.endswith(_SCRIPT_SUFFIXES):
            continue
        for ref in refs:
            if ref.kind != COMMAND:
                continue
            where = f"{doc}:{ref.line}"
            for item in ref.attrs.get("env", []):
                add(item.get("value"), where)  # `train_data="data/train.jsonl"`, handed on as ${train_data}
            for written in ref.attrs.get("writes", []):
                if written and "/" not in written and not any(ch in written for ch in "$*{}<> "):
                    # `done > gitingest.txt` in internal/gitingest.sh: the file beside it.
                    found.setdefault(posixpath.join(posixpath.dirname(doc), written), where)
            if not ref.attrs.get("program"):
                continue
            script = ref.attrs.get("script")
            for item in ref.attrs.get("positionals", []):
                if item.get("text") != script:
                    add(item.get("text"), where)
            for item in ref.attrs.get("flags", []):
                add(item.get("value"), where)
    for facts in analysis.index.names(FLAG).values():
        for fact in facts:
            add(fact.attrs.get("default_value"), f"{fact.path}:{fact.line}")
    return found


# `# Release 0.19.3`, `## [1.2.0] - 2024-01-01`, `## v2.0.0 (2024-05-01)`, `## 1.4`: a release's heading.
# (Not a numbered section, `3.1 Schedulers`: after the version, nothing or a date or a note.)
# (`trio 0.34.0 (2026-08-10)`: towncrier's default title, the project's name first.)
# (`DIPY 1.9.0 changes`, `1.2 release notes`: a word that says so after the version.)
# (`#### 0.6.2 [[Documentation](http://archive.pymoo.org/0.6.2/)]`: a link to that release's docs.)
# (`NautilusTrader 1.231.0 Beta`: the release's stage after the version.)
_RELEASE_WORDS = r"(?:(?:api\s+)?(?:changes|release\s+notes|release|notes|changelog|highlights)|alpha|beta|stable|lts|final)"
_RELEASE_HEADING = re.compile(
    r"^\W*(?:[A-Za-z][\w.-]*\s+(?=v?\d+\.\d+\S*\s+(?:\(\d{4}-\d\d-\d\d\)|" + _RELEASE_WORDS + r"\s*$)))?"
    r"(?:(?:release|version|v)\s*)?\[?v?\d+\.\d+(?:\.\d+)*(?:[.-]?(?:rc|a|b|post|dev)\d*)?\]?"
    r"\s*(?:$|[-–—(:,/|].*$|\[\[?(?:docs?|documentation|release|changelog|notes|diff|compare|pypi)\b.*$|" + _RELEASE_WORDS + r"\s*$)",
    re.I,
)
RELEASE_NOTES_MIN = 3  # release headings that make a page the project's release notes


# Marker files of API client generators: the folder's pages are written by the generator.
_GENERATOR_MARKERS = (".openapi-generator-ignore", ".swagger-codegen-ignore", ".openapi-generator/FILES", ".openapi-generator/VERSION")


def generated_pages(index: Any, docs: Iterable[str], read: Callable[[str], str]) -> dict[str, str]:
    """Pages an API client generator wrote (kserve's python/kserve/docs/V1beta1Batcher.md
    beside its `.openapi-generator-ignore`), each with that marker: fixed in the generator
    or its spec, never by hand. Files the ignore file lists are the maintainers' own."""
    found: dict[str, str] = {}
    for marker in _GENERATOR_MARKERS:
        for path in index.by_basename(marker.rsplit("/", 1)[-1]):
            if not path.endswith(marker):
                continue
            folder = path[: -len(marker)].rstrip("/")
            kept: set[str] = set()
            if marker.endswith("-ignore"):
                try:
                    kept = {line.strip().lstrip("/") for line in read(path).splitlines() if line.strip() and not line.startswith("#")}
                except Exception:
                    kept = set()
            for doc in docs:
                inside = doc[len(folder) + 1 :] if folder else doc
                if (not folder or doc.startswith(folder + "/")) and inside not in kept and not any(fnmatch.fnmatch(inside, k) for k in kept):
                    found.setdefault(doc, path)
    return found


def _generated_docs(analysis: Analysis) -> dict[str, str]:
    if "generated_docs" not in analysis.index.memo:
        analysis.index.memo["generated_docs"] = generated_pages(analysis.index, sorted(analysis.docs), partial(_read_text, analysis))
    return analysis.index.memo["generated_docs"]


def pages_set_aside(analysis: Analysis) -> dict[str, str]:
    """Pages the default scope sets aside by what they say, not their path, with why
    (read once per analysis): release notes under any name, an archived project's page."""
    if "pages_set_aside" not in analysis.index.memo:
        found = {path: "history" for path, refs in analysis.docs.items() if release_notes(refs)}
        for path, extracted in analysis.extracted.docs.items():
            if extracted.get("archived") and path in analysis.docs:
                found.setdefault(path, "archived")
            if extracted.get("copied") and path in analysis.docs:
                found.setdefault(path, "other projects' code")  # "the following is the original README"
        from .vendored import LICENSE_FILE, published_copies, repository_copies, vendored_folders

        copies = vendored_folders(analysis.index.files, partial(_read_text, analysis), _own_names(analysis.index) | {r.split("/", 1)[0] for r in analysis.index.own_repos})
        # AMD's projects in torchcomms' comms/rcclx/develop/projects/
        _set_aside_under(analysis, found, copies, lambda holder: f"its LICENSE names {holder} as the copyright holder, not this repository's: a copy of another project, whose pages are set aside")
        # (Only manifests in a folder above some doc: a Rust workspace's hundred crates are not read.)
        above_docs = {parent for path in analysis.docs for parent in _ancestors(path)}
        manifests = [f for name in ("Cargo.toml", "PKG-INFO", "setup.py", "pyproject.toml") for f in analysis.index.by_basename(name) if posixpath.dirname(f) in above_docs]
        # nautilus_trader's patches/pyo3-stub-gen/README.md, the crate's own
        _set_aside_under(analysis, found, published_copies(manifests, partial(_read_text, analysis)), lambda package: f"it holds {package} as its registry publishes it (a crate's generated Cargo.toml, an sdist's PKG-INFO): a copy of another project, whose pages are set aside")
        readmes = [f for name in ("README.md", "README.rst") for f in analysis.index.by_basename(name) if posixpath.dirname(f) in above_docs]
        licenses = [f for f in analysis.index.files if posixpath.dirname(f) in above_docs and LICENSE_FILE.fullmatch(posixpath.basename(f))]
        # cwltool's cwltool/schemas/, the CWL repository's copy
        _set_aside_under(analysis, found, repository_copies(readmes + licenses, partial(_read_text, analysis), analysis.index.own_repos), lambda repo: f"its README's badges are {repo}'s, and it has its own LICENSE: a copy of that repository, whose pages are set aside")
        analysis.index.memo["pages_set_aside"] = found
    return analysis.index.memo["pages_set_aside"]


def _set_aside_under(analysis: Analysis, found: dict[str, str], folders: dict[str, str], note_of: Callable[[str], str]) -> None:
    """The pages under each of ``folders`` (folder -> whose copy it is) are another
    project's: set aside, with one note per folder saying why."""
    from .vendored import under

    for path in analysis.docs:
        folder = under(folders, path)
        if folder is None or path in found:
            continue
        found[path] = "other projects' code"
        notes = analysis.extracted.notes.setdefault(folder + "/", [])
        note = note_of(folders[folder])
        if note not in notes:
            notes.append(note)


def release_notes(refs: list[Reference]) -> bool:
    """A page whose headings are mostly releases (`RELEASE.md` written as a changelog):
    it records what each release changed, in the words of its day."""
    by_level: dict[int, list[bool]] = {}
    for ref in refs:
        if ref.kind == HEADING and ref.attrs.get("level"):
            by_level.setdefault(ref.attrs["level"], []).append(bool(_RELEASE_HEADING.match(ref.text)))
    # (At the level where the releases are: each has its own "Bug fixes" sub-headings.)
    return any(sum(marks) >= RELEASE_NOTES_MIN and sum(marks) * 2 >= len(marks) for marks in by_level.values())


EMPTY_SECTION_LINES = 5  # a heading, its underline and blank lines: a section with nothing in it


def _read_text(analysis: Analysis, path: str) -> str:
    return analysis.revision.read(path).decode("utf-8", "replace")


_PLAN_PAGE = re.compile(r"roadmap|(?:^|[-_])plans?(?:[-_.]|$)", re.I)
_FUTURE_INTRO = re.compile(r"\b(?:you'll|you will|we'll|we will|will (?:be|look|allow|let)|would (?:be|look)|is planned|are planned|planned|proposed|in the future|eventually)\b", re.I)
BLOCK_INTRO_LINES = 4  # lines above a code block that introduce it


def _planned_code(path: str, claim: Any, lines: Callable[[], list[str]]) -> bool:
    """Whether a code block on a roadmap or plan page is introduced as the API to come
    (pyresample's roadmap.rst: "You'll create resampler classes by doing:" above
    `from pyresample import create_resampler`)."""
    if not _PLAN_PAGE.search(posixpath.basename(path)) or claim.ref is None:
        return False
    start = int(claim.ref.line or 0)
    above = [line for line in lines()[max(0, start - 1 - BLOCK_INTRO_LINES) : max(0, start - 1)] if line.strip()]
    return any(_FUTURE_INTRO.search(line) for line in above)


def _doc_lines(analysis: Analysis, path: str) -> list[str]:
    """A doc's lines, read once per analysis."""
    memo = analysis.index.memo.setdefault("doc_lines", {})
    if path not in memo:
        memo[path] = _read_text(analysis, path).splitlines()
    return memo[path]


def _has_text_between(lines: list[str], first: int, last: int) -> bool:
    """Whether lines strictly between two headings (1-based) hold anything but blanks and
    the first heading's RST underline."""
    return any(line.strip() and not ADORNMENT.match(line) for line in lines[first : last - 1])


def _section_tells_history(context: DocContext, line: int, lines: Callable[[], list[str]] = lambda: []) -> bool:
    """Whether the heading of the section a line is in says it is about the past
    ("Legacy `cuda_setup/main.py` (versions 0.41.x-0.42.x)", "Deprecated APIs")."""
    above = [(at, text) for at, text in context.headings if at <= line]  # (a heading's own words are its section's)
    if not above:
        return False
    # The section and the sections it is part of: sagemaker's "Inference Classes and
    # Imports" under "Migration from V2" lists the V2 names on purpose.
    chain, level = [above[-1][1]], context.heading_levels.get(above[-1][0], 0)
    if len(above) > 1 and above[-1][0] - above[-2][0] <= EMPTY_SECTION_LINES and not _has_text_between(lines(), above[-2][0], above[-1][0]):
        # An empty section right before ("Migration from V2", then at the same level "MLOps
        # Classes and Imports"): it introduces the one that follows.
        chain.append(above[-2][1])
    for at, text in reversed(above[:-1]):
        own = context.heading_levels.get(at, 0)
        if 0 < own < level:
            chain.append(text)
            level = own
    return any(_HISTORY_WORDS.search(text) for text in chain)


# A name that opens its sentence, followed by a verb in the past tense and its object
# ("`x.yml` loaded a secret", "`x.py` wrapped and evaluated the same secret"): the page
# tells what the thing did. (A participle, "`x.py` defined in y", takes a preposition.)
_NARRATED_PAST = re.compile(r"`?\s+(?:was|were|had|did|used|[a-z]{3,}ed)(?:\s+and\s+[a-z]{3,}ed)?\s+(?:a|an|the|its|it|this|that|these|those|all|every|each|their|them|our)\b")


# A table column whose header says its names are gone: "Removed", "Deprecated name", "Old".
_PAST_COLUMN = re.compile(r"(?:removed|deprecated|obsolete|old|former|previous|legacy|dropped|retired|before)\b(?:\s+[\w ]{0,30})?$", re.I)


def _tells_history(claim: Claim) -> bool:
    """Whether the doc line itself says the name is gone (release notes inside a page)."""
    ref = claim.ref
    if ref is None:
        return False
    line = ref.attrs.get("context") or ref.attrs.get("raw") or (ref.text if ref.kind == "table_row" else "")
    header = ref.attrs.get("in_table")
    if isinstance(header, str) and _PAST_COLUMN.match(header.strip(" *_`")):
        return True  # astropy's "Removed | Use this" table: the first column lists what went
    # (A link in a dated news item is still judged: measured on first runs, maintainers
    # fix those dead links as often as not.)
    if line and re.search(re.escape(claim.text) + r"`?\s*(?:→|->|=>|⇒|⟶)\s*`?\S", line):
        return True  # "`task_tool.py` → `agent_tool.py`": the old side of a rename the page records
    if line and ref.attrs.get("context") and DENIED.search(sentence_at(line, claim.column)):
        return True  # "there is no `x/entities/` directory": the sentence says it is not there
    if line and ref.attrs.get("context") and _NARRATED_PAST.match(sentence_at(line, claim.column).lstrip(" -*+>`'\"").removeprefix(claim.text)):
        return True  # "`cleanup-existing-spam.yml` wrapped and evaluated the same secret": what it did
    return bool(line and (_HISTORY_WORDS.search(line) or _NEWS_DATE.match(line)))


def attach_lines(revision: Revision, findings: Iterable[Finding]) -> None:
    """Whole-line before/after for each finding with a replacement: a GitHub suggestion."""
    texts: dict[str, list[str]] = {}
    for found in findings:
        if found.path not in texts:
            try:
                texts[found.path] = revision.read(found.path).decode("utf-8", "replace").splitlines()
            except KeyError:
                texts[found.path] = []
        lines = texts[found.path]
        if not 0 < found.line <= len(lines):
            continue
        before = lines[found.line - 1]
        found.line_before = before
        if found.replacement is None or found.end_line is not None:
            continue  # a multi-line edit keeps its text and replacement whole
        found.line_after = replace_on_line(before, found.column, found.text, found.replacement)


def audit(
    path: str | Path = ".",
    rev: str = "HEAD",
    config_file: str | list[str] | None = None,  # a file, and/or KEY = VALUE settings
    progress: Callable[[int, int], None] | None = None,
    use_cache: bool = True,
    jobs: int | None = None,
    blame: bool = True,
) -> AuditResult:
    started = time.perf_counter()
    repo = open_repo(path)
    with Revision(repo, rev) as revision:
        config = load_config(revision, config_file)
        cache = Cache(default_cache_path(repo.git_dir) if use_cache else None)
        try:
            analysis = analyse(revision, config, cache, progress, jobs)
        finally:
            cache.close()
        problems: list[dict[str, Any]] = []
        unverified: list[Any] = []
        renamed_away: list[Finding] = []
        orphan_flags: list[Finding] = []
        abbreviations: list[Finding] = []
        read_names: dict[tuple[str, str], set[str]] = {}
        with stage(progress, "checking the docs"):
            findings = check_docs(analysis, problems=problems, unverified=unverified, renamed_away=renamed_away, orphan_flags=orphan_flags, abbreviations=abbreviations, read_names=read_names)
        attributed = 0
        if findings or unverified or renamed_away:
            from .attribution import apply_renames, attribute, removed_exactly
            from .history import History
            from .own_history import abbreviated_on_purpose, never_spelled_here, removed_here
            from .code_reads import keys_of_other_language_structs, optional_keys_read, paths_the_code_builds

            history = History(repo)
            try:
                with stage(progress, "reading history (blame)" if blame else "reading history"):
                    try:
                        findings = _merge(findings, removed_here(unverified, analysis.index, history, revision.commit), config)
                    except Exception as exc:
                        problems.append(isolated_failure("history flags", "", None, exc))
                    try:
                        never_spelled_here(orphan_flags, history, revision.commit, lambda path: revision.read(path).decode("utf-8", "replace"), _own_names(analysis.index))
                    except Exception as exc:
                        problems.append(isolated_failure("history flags", "", None, exc))
                    try:
                        abbreviated_on_purpose(abbreviations, history, revision.commit)
                    except Exception as exc:
                        problems.append(isolated_failure("history flags", "", None, exc))
                    try:
                        optional_keys_read(findings, history, revision.commit)
                        keys_of_other_language_structs(findings, history, revision.commit)
                    except Exception as exc:
                        problems.append(isolated_failure("config keys the code reads", "", None, exc))
                    # A path git saw renamed gets its new path whether or not blame runs:
                    # --no-blame changes only the broken_by fields (attribute).
                    apply_renames(findings, history, revision.commit, analysis.index.path_exists, analysis.index.package_roots)
                    if renamed_away:
                        # A path under a folder git saw renamed: stale, with the new path;
                        # one a commit deleted: stale, with no fix to offer.
                        apply_renames(renamed_away, history, revision.commit, analysis.index.path_exists, analysis.index.package_roots)
                        gone = removed_exactly([f for f in renamed_away if f.replacement is None], history, revision.commit, analysis.index.path_exists)
                        findings = _merge(findings, [f for f in renamed_away if f.replacement is not None] + gone, config)
                    try:
                        paths_the_code_builds(findings, history, revision.commit)
                    except Exception as exc:
                        problems.append(isolated_failure("paths the code builds", "", None, exc))
                    attributed = attribute(findings, history, revision.commit, index=analysis.index, rule_set=load_rule_set(revision, config), blame=blame)
            except Exception as exc:  # history is evidence, not the audit: keep the findings
                problems.append(isolated_failure("blame", "", None, exc))
            finally:
                history.close()
            attach_lines(revision, findings)
            pages: dict[str, str] = {}

            def page_text(path: str) -> str:
                """A page's text, read once for all the rules below that look at it."""
                if path not in pages:
                    pages[path] = revision.read(path).decode("utf-8", "replace")
                return pages[path]

            from .scope import downgrade_archived, downgrade_generated_links, downgrade_never_had_marks, downgrade_papers, downgrade_commands_of_other_repositories, downgrade_other_edition, downgrade_foreign_pages, downgrade_other_branch_pages, downgrade_paths_under_created_folders, downgrade_rewritten_links, downgrade_paths_of_linked_repositories, downgrade_pr_blocks, downgrade_report_template_code, downgrade_listed_fields, downgrade_unlanded, downgrade_wrapped_history

            for path, note in downgrade_unlanded(findings, page_text).items():
                analysis.extracted.notes.setdefault(path, []).append(note)
            for path, note in downgrade_other_edition(findings, page_text).items():
                analysis.extracted.notes.setdefault(path, []).append(note)
            for path, note in downgrade_archived(findings, page_text).items():
                analysis.extracted.notes.setdefault(path, []).append(note)
            for path, note in downgrade_papers(findings, page_text).items():
                analysis.extracted.notes.setdefault(path, []).append(note)
            for path, note in downgrade_generated_links(findings, page_text).items():
                analysis.extracted.notes.setdefault(path, []).append(note)
            for path, note in downgrade_rewritten_links(findings, page_text).items():
                analysis.extracted.notes.setdefault(path, []).append(note)
            for path, note in downgrade_other_branch_pages(findings, page_text, _own_names(analysis.index)).items():
                analysis.extracted.notes.setdefault(path, []).append(note)
            downgrade_pr_blocks(findings, page_text)
            downgrade_report_template_code(findings)
            downgrade_paths_under_created_folders(findings, page_text)
            downgrade_commands_of_other_repositories(findings, page_text, _own_names(analysis.index))
            downgrade_wrapped_history(findings, page_text)
            downgrade_listed_fields(findings)
            from .bulk_pages import downgrade_bulk_pages
            from .foreign_folders import downgrade_foreign_program_pages

            downgrade_foreign_program_pages(findings, analysis.index)
            for path, note in downgrade_bulk_pages(findings, read_names).items():
                analysis.extracted.notes.setdefault(path, []).append(note)
            for path, note in downgrade_foreign_pages(findings, _path_refs(analysis), _named_here(analysis.index), _outward_refs(analysis)).items():
                analysis.extracted.notes.setdefault(path, []).append(note)
            downgrade_paths_of_linked_repositories(findings, page_text, _own_names(analysis.index))
            downgrade_never_had_marks(findings)
            findings = [f for f in _one_path_per_place(findings) if config.confident_enough(f.confidence)]
        extracted = analysis.extracted
        stats = {
            "code_files": len(extracted.code),
            "doc_files": len(extracted.docs),
            "parsed": extracted.parsed,
            "cached": extracted.cached,
            "facts": {kind: len(names) for kind, names in analysis.index.by_kind.items()},
            "references": sum(len(refs) for refs in analysis.docs.values()),
            "attributed": attributed,
            "seconds": round(time.perf_counter() - started, 3),
            "config": config.source,
        }
        from .unverified import summarise

        result = AuditResult(revision.commit, findings, skipped=extracted.skipped, notes=extracted.notes, stats=stats, internal_errors=sorted_problems(problems))
        result.externals = analysis.externals
        result.repository_url = repository_web_url(revision)
        from .extract import doc_kind

        result.set_aside = config.set_aside((p for p in revision.entries() if doc_kind(p) is not None), revision.entries())
        for why in (pages_set_aside(analysis) if config.skips_dated_pages else {}).values():
            result.set_aside[why] = result.set_aside.get(why, 0) + 1
        result.unverified = summarise(unverified, analysis.externals, findings)
        return result


def sorted_problems(problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Internal errors in one order, each once."""
    unique = {(p.get("stage", ""), p.get("path", ""), p.get("line") or 0, p.get("error", "")): p for p in problems}
    return [unique[key] for key in sorted(unique)]
