"""What every check gets: the facts index, the settings, and each doc's headings."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..config import Config, Passthrough
from ..index import FactIndex, is_test_path
from ..model import Finding
from .classify import Claim


@dataclass
class CheckContext:
    index: FactIndex
    config: Config
    doc_slugs: dict[str, set[str]] = field(default_factory=dict)  # doc path -> anchors
    foreign_flags: set[str] = field(default_factory=set)  # flags docs show on other programs
    external_flags: dict[str, dict[str, Any]] = field(default_factory=dict)  # program -> {flag: fact}
    frameworks: set[str] = field(default_factory=set)  # argument frameworks the repo's parsers extend
    changes: Any = None  # a ChangeSet in PR mode: names the change removed or renamed
    # Flags a framework might define, which only history can still judge (bot.own_history).
    unverified: list[Any] = field(default_factory=list)
    # Paths whose first part is nowhere in the tree: stale only if git saw that part
    # renamed (`pkg_old/` -> `pkg/`); the caller asks history (attribution.apply_renames).
    renamed_away: list[Any] = field(default_factory=list)
    # Flags named outside any command, for no program here, with no near spelling: if no
    # commit of the repository ever spelled them, they are another program's (bot.own_history).
    orphan_flags: list[Any] = field(default_factory=list)
    # Flags argparse expands to a longer option: deliberate unless the code once had them.
    abbreviations: list[Any] = field(default_factory=list)
    doc_texts: dict[str, list[str]] = field(default_factory=dict)  # doc -> the text of its commands and code
    doc_other_code: dict[str, list[str]] = field(default_factory=dict)  # doc -> its code blocks in languages other than Python (js, svelte, go)
    doc_programs: dict[str, set[str]] = field(default_factory=dict)  # doc -> entries of the repository programs its commands run
    doc_unverifiable: dict[str, list[str]] = field(default_factory=dict)  # doc -> the repository's programs it runs whose options drift cannot list
    foreign_programs: set[str] = field(default_factory=set)  # programs the docs run that are not the repository's
    doc_foreign: dict[str, set[str]] = field(default_factory=dict)  # doc -> other programs its commands run (vllm, docker)
    doc_command_words: dict[str, set[str]] = field(default_factory=dict)  # doc -> programs and launchers its commands start with
    doc_foreign_lines: dict[str, dict[int, str]] = field(default_factory=dict)  # doc -> command line -> the other program it runs
    doc_clones: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # doc -> (line, URL) of other repositories it clones, or (line, "`generator`") of a new project it makes
    runtime_paths: dict[str, str] = field(default_factory=dict)  # data paths the repository's scripts and options use -> where (engine.runtime_paths)
    runtime_folders: tuple[str, ...] = ()  # those of them that are folders (no file suffix): what lies under them is data
    labels: set[str] = field(default_factory=set)  # site-wide link targets, lower-cased: MyST `(label)=`, RST `.. _label:`
    swallowed: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)  # doc -> slug -> (heading line, unclosed fence line)
    stated_defaults: dict[tuple[str, str], list[Any]] = field(default_factory=dict)  # (program, flag) -> defaults docs state that the code does not show
    base: Any = None  # in PR mode: the Analysis of the base revision (what the docs and code said before)
    external_bases: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # external -> class -> bases there
    # doc path -> its headings in order, (line, level, anchor), and its links to its own
    # anchors, (line, anchor): where a table of contents' stale entry was pointing.
    doc_outline: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)
    doc_own_links: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    # Names the docs mark as another language's objects (`{js:func}`pyodide.setStdout``,
    # `:c:func:`) -> that domain: a namesake of the Python package, not its attribute.
    other_language_names: dict[str, str] = field(default_factory=dict)
    # A partial -> the pages that render it (Mintlify's `<Snippet file="guides/x.mdx" />`,
    # MDX's `import X from '/snippets/x.mdx'`): its relative links work from there.
    partial_importers: dict[str, list[str]] = field(default_factory=dict)
    # A page -> the options its front matter says it takes (an agent skill's `argument-hint`).
    declared_options: dict[str, set[str]] = field(default_factory=dict)

    def takes_external(self, program: Any, name: str, flag: str) -> bool:
        """Whether ``flag`` is one the program takes from the external ``name``: any of its
        flags when the program's parser extends that package's, only its config classes'
        fields when the program only subclasses one (`SFTConfig(TrainingArguments)` takes
        TrainingArguments' fields, not a GLUE script's)."""
        flags = self.external_flags.get(name) or {}
        if flag not in flags:
            return False
        if program is None:
            return True
        from ..programs import external_bases

        wanted = external_bases(self.index, program).get(name)
        if not wanted:
            return True  # its parser extends that package's: any of its flags
        bases = self.external_bases.get(name, {})
        lineage, stack = set(), list(wanted)
        while stack:
            current = stack.pop()
            if current not in lineage:
                lineage.add(current)
                stack.extend(bases.get(current, []))
        origin = (flags[flag].get("origin") or {}).get("class")
        return origin in lineage or (origin is None and name in program.frameworks)

    def passthrough_for(self, flag: str) -> Passthrough | None:
        """The prefix rule a flag falls under (`--sglang-*`); no-prefix rules name
        frameworks the repo's parser extends, and are consulted as such."""
        best = None
        for rule in self.config.passthrough:
            if rule.prefix and flag.startswith(rule.prefix) and (best is None or len(rule.prefix) > len(best.prefix)):
                best = rule
        return best

    def extended_frameworks(self, detected: Iterable[str]) -> list[str]:
        names = set(detected) | {rule.program for rule in self.config.passthrough if rule.prefix == ""}
        return sorted(names)


_NOT_A_LANGUAGE = frozenset({"py", "std", "rst", "math", "external"})


def other_language(role: str | None) -> str | None:
    """The language domain of a Sphinx/MyST role that is not Python's (`js` for `js:func`)."""
    if not role or ":" not in role:
        return None
    domain = role.split(":", 1)[0]
    return None if domain in _NOT_A_LANGUAGE or domain.startswith("external") else domain


def finding(rule: tuple[str, str], claim: Claim, message: str, evidence: str, confidence: str = "high", replacement: str | None = None, subject: str | None = None, text: str | None = None, certain: bool = False) -> Finding:
    return Finding(
        rule=rule[0],
        name=rule[1],
        path=claim.doc,
        line=claim.line,
        column=claim.column,
        text=text if text is not None else claim.text,
        message=message,
        evidence=evidence,
        confidence=confidence,
        replacement=replacement,
        subject=subject or claim.text,
        certain=certain and replacement is not None,
        context="url" if claim.attrs.get("url") else claim.context,  # a link by this repository's URL: written from its root
    )


def as_notes(found: list[Finding], why: str) -> None:
    """Make findings notes (`low`), saying why: the name may be right for a reason drift
    cannot settle (an object's method, a version note, a link the writer turned off)."""
    for item in found:
        if item.confidence != "low":
            item.confidence = "low"
            item.evidence += f"; {why}"


def where(fact: Any) -> str:
    return f"{fact.path}:{fact.line}"


def definition(fact: Any, flag: str, attribute: str) -> dict[str, Any]:
    """Which definition a mismatch is about, for history to find when that attribute
    (default, choices, type) got its value."""
    origin = fact.attrs.get("origin") or {}
    return {"path": fact.path, "line": fact.line, "flag": flag, "attribute": attribute, "class": origin.get("class"), "dest": fact.attrs.get("dest")}


def changed(rule: tuple[str, str], claim: Claim, change: Any, replacement: str | None = None, subject: str | None = None) -> Finding:
    """A finding about a name the change under review removed or renamed."""
    new = replacement if replacement is not None else change.new
    if change.change == "renamed":
        message = f"{claim.text} was renamed to {new} by this change"
    elif change.change == "removed-from":
        message = f"{claim.text} was removed from {change.detail.get('class') or change.detail.get('path')} by this change"
    else:
        message = f"{claim.text} was removed by this change"
    result = finding(rule, claim, message, change.describe(), "high", new, subject or claim.text, certain=True)
    result.change = change.to_dict()
    return result


def flag_facts(ctx: CheckContext, name: str, doc: str | None = None) -> list[Any]:
    """The facts of a flag, following a rename the change under review made; none when
    the page ``doc`` defines the option in its own code."""
    if doc is not None and defined_on_page(ctx, doc, name):
        return []
    facts = ctx.index.names("flag").get(name)
    if facts or not ctx.changes:
        return facts or []
    change = ctx.changes.gone("flag", name)
    if change is not None and change.new:
        return ctx.index.names("flag").get(change.new) or []
    return []


MIN_TABLE_ROWS = 3
_EXAMPLE_PATH = re.compile(r"(?:^|/)(?:examples?|demos?|tutorials?|notebooks?|tests?)/")


def bare_list_is_ours(claim: Claim, index: FactIndex, gone: Any) -> bool:
    """Whether each flag of the claim's bare list is defined or spelled here, or ``gone``
    (the change, or history, took it away): a flag neither may make it another program's."""
    listed = [str(item.get("flag", "")) for item in claim.ref.attrs.get("flags", [])] if claim.ref is not None else []
    return all(index.has("flag", f) or f in index.flag_mentions or gone(f) for f in listed if f.startswith("--"))


def _beside(doc: str, path: str) -> bool:
    """A test's or an example's parser speaks for a doc in the same part of the tree
    (`examples/cogvideo/README.md` for `examples/cogvideo/train.py`), not for the main
    docs: `--seed` in `docs/x.mdx` is not the `--seed` of a test's dump script."""
    doc_dir, script_dir = posixpath.dirname(doc), posixpath.dirname(path)
    common = posixpath.commonpath([doc_dir, script_dir]) if doc_dir and script_dir else ""
    return bool(common) and bool(_EXAMPLE_PATH.search(common + "/"))


def defined_on_page(ctx: CheckContext, doc: str, flag: str) -> bool:
    """Whether the page's own code defines the option (GLiNER's convert_to_onnx.md: "Save
    the following script as `convert_to_onnx.py`", its parser's `--save_path` with
    `default='./onnx_models'`): the page's table describes that script, not the repository's
    file of the same name."""
    # (argparse's `add_argument("--x"`, optparse's `add_option`, click's and typer's
    # `@option("--x"`, `Option("--x"`: click-extra's config.md defines `--hash-header` so.)
    if flag in ctx.declared_options.get(doc, ()):
        return True  # a skill's `argument-hint: "[--resolve]"`: the page's own argument
    added = re.compile(r"(?:add_argument|add_option|\boption|\bOption)\(\s*(?:['\"]-\w['\"]\s*,\s*)?['\"]" + re.escape(flag) + r"['\"]")
    # Twisted's usage.Options on the page: `optFlags = [["fast", "f", "Act quickly"]]`, `def opt_fast(`.
    bare = re.escape(flag.lstrip("-"))
    tabled = re.compile(r"\[\s*['\"]" + bare + r"['\"]\s*,\s*(?:['\"]\w?['\"]|None)\s*,|\bdef opt_" + bare.replace("\\-", "_") + r"\(")
    return any(added.search(text) or ("opt" in text and tabled.search(text)) for text in ctx.doc_texts.get(doc, ()))


def table_facts(claim: Claim, facts: list[Any]) -> tuple[list[Any], str, str]:
    """The definitions a table row may mean, best first, and a doubt to state when the
    row's own program cannot be told: a row is judged by its table's program (the files
    that define most of its rows), not by any file that defines a flag of that name.
    Returns (facts, doubt, the confidence the doubt leaves)."""
    if not facts:
        return [], "", "high"
    table = claim.attrs.get("table")
    home = table.home if table is not None else frozenset()
    program = table.program if table is not None else None
    if program is None and not home:
        facts = [f for f in facts if not (is_test_path(f.path) or _EXAMPLE_PATH.search(f.path)) or _beside(claim.doc, f.path)]
        if not facts:
            return [], "", "high"
    if program is not None:
        own = [f for f in facts if program.owns(f)]
        if own:
            return own, "", "high"
    if home:
        own = [f for f in facts if table.is_home(f.path)]
        if own:
            return own, "", "high"
        elsewhere = ", ".join(sorted({f.path for f in facts})[:3])
        return facts, f"only {elsewhere} defines it, not the files that define this table's other flags ({', '.join(sorted(home)[:3])})", "low"
    if table is not None and table.flag_rows >= MIN_TABLE_ROWS and table.defined_rows * 2 < table.flag_rows:
        # Most of the table's flags are defined nowhere here (a config-class CLI drift
        # cannot see, another program): the one script that has a flag of this name is
        # likely not the one the table documents.
        return facts, f"most flags of this table ({table.flag_rows - table.defined_rows} of {table.flag_rows}) are defined nowhere in this repository, so {facts[0].path} may be another program", "low"
    if (facts[0].attrs.get("origin") or {}).get("by") == "name":
        return facts, f"taken from the fields of {facts[0].attrs['origin'].get('class', 'a dataclass')}, which a naming rule makes flags", "medium"
    defaults = {repr(f.attrs.get("default_value")) for f in facts if f.attrs.get("default_known") and not is_test_path(f.path)}
    if len(defaults) > 1:
        # Programs of this repository disagree, and nothing says which one the table
        # documents (neural-compressor's --port: 8888 in one benchmark, 8009 in another).
        return facts, f"{len(defaults)} definitions of it disagree, and the table names none of their programs", "low"
    return facts, "", "high"


def mark_change(result: Finding, ctx: CheckContext, flag: str, kind: str) -> None:
    """In PR mode, tie a table mismatch to the change that caused it."""
    change = ctx.changes.get("flag", flag) if ctx.changes else None
    if change is not None and (change.change == kind or change.change == "renamed"):
        result.change = change.to_dict()
        result.evidence += f"; this change: {change.describe()}"
