"""What a page says about itself: a page that describes code not in the tree yet.

"The runtime layer ... is not part of this PR", "those modules don't yet exist in the
tree", "the implementation is open at #1234": the page documents work that has not
landed, so the paths, modules and flags it names for that work are not stale here. Its
findings stay (the page may still be wrong), at low confidence, with the sentence that
says so as evidence.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any, Callable, Iterable

from .model import Finding

# Findings about things that exist or not: what an unlanded change would add.
# Rules whose findings name something the code has or not: paths, flags, env vars, metrics,
# Python names, config keys (a proposal's `VEOMNI_ENABLE_CHUNK_LOSS` is as planned as its paths).
NAMED_RULES = frozenset({"DRIFT001", "DRIFT002", "DRIFT003", "DRIFT004", "DRIFT005", "DRIFT017"})

UNLANDED = re.compile(
    r"\b(?:"
    r"not\s+(?:yet\s+)?(?:part\s+of|included\s+in|in)\s+this\s+(?:PR|pull\s+request|change|branch)"
    r"|(?:do|does|did)(?:n['’]t|\s+not)\s+(?:yet\s+)?exist\s+(?:yet|in\s+the\s+(?:tree|repo(?:sitory)?|codebase))"
    r"|not\s+(?:yet\s+)?(?:merged|landed|implemented)\s+(?:yet|in|into)"
    r"|(?:is|are)\s+(?:still\s+)?(?:open|pending|under\s+review)\s+(?:at|in|as)\s+#\d+"
    r"|(?:an?\s+|the\s+)?unmerged\s+(?:branch|PR|pull\s+request)"
    r"|(?:the\s+)?(?:code|implementation|source(?:\s+code)?|scripts?)\s+(?:is|are|will\s+be)\s+(?:coming\s+soon|released\s+(?:soon|later)|not\s+(?:yet\s+)?released)"
    r")",
    re.I,
)


# A design document's status line at its head: "**Status:** proposal, revision 2" (solara's
# docs/design/), an RST field list's ":Status: Draft" (nibabel's BIAPs, PEP-style),
# "Status: Draft", "Status: RFC": it describes code that may not exist.
# (Also a "## Status" section that opens with it: VeOmni's "**Historical proposal** | 2026-03-16".)
# "Status: **awaiting maintainer sign-off**" and a PRD's `| Status | Draft |` say so too, as
# does a title ("# Initiative C — `RoutineContext` Design Proposal", in any of several
# languages) or a head that calls the page a plan's working record ("This document
# proposes", "a temporary working artefact", "Counts captured on 2026-05-12 against the
# working branch"): its paths are the plan's.
PROPOSAL_STATUS = re.compile(
    r"^[ \t>*_:-]*status[*_]*\s*(?::|\n\s*\n)[*_]*\s*[*_`]*(?:historical\s+|superseded\s+)?(?:proposal|proposed|draft|rfc|planned|under\s+discussion|awaiting|pending|(?:in|under)\s+review|work\s+in\s+progress|wip)\b"
    r"|^#{1,6}[ \t]*status[ \t]*\n\s*\n[ \t>*_`]*(?:historical|superseded|proposal|proposed|draft|rfc)\b"
    r"|^[ \t>*_-]*status[*_]*\s*:(?:[^\n]|\n(?![ \t]*\n)){0,400}?\b(?:awaiting|pending)\b[^\n]{0,40}\b(?:sign-?off|approval)\b"
    r"|^\|[ \t*_]*status[ \t*_]*\|[ \t*_`]*(?:proposal|proposed|draft|rfc|planned|awaiting|pending|wip)\b"
    # yasa's "# Multi-Scorer Hypnogram Support — Design Plan": a title that names the page a plan.
    r"|^#[ \t]+(?:[^\n]*\b(?:design\s+proposal|implementation\s+plan|design\s+plan)\b|(?:rfc|proposal)\b)"
    # ... in other languages: Vietnamese "Các hướng phát triển" (directions of development)
    # and "Đề xuất" (proposal), Chinese 提案, 设计方案, 路线图, Korean 제안, 로드맵.
    r"|^#[ \t]+[^\n]*(?:hướng\s+phát\s+triển|đề\s+xuất|提案|设计方案|路线图|제안|로드맵)"
    r"|\bthis[\s>]+(?:document|doc|page)[\s>]+(?:proposes|drives|is[\s>]+(?:the|an?)[\s>]+[*_]*(?:action[\s>]+plan|plan|proposal|roadmap)\b)"
    r"|\b(?:temporary\s+)?working\s+(?:artefact|artifact|record)\b"
    r"|\bcaptured\s+on\s+\d{4}-\d\d-\d\d\s+against\b",
    re.I | re.M,
)
PROPOSAL_HEAD = 800  # characters: the header block a design document opens with

# Open task-list items that would make something (levanter's .agents/projects/inference.md:
# "- [ ] Create `src/levanter/serve/min_server.py` exposing `app`"): the page is a plan of
# work not done, and the names it gives may be the plan's.
_TODO_CREATE = re.compile(r"^[ \t]*[-*+][ \t]+\[ \][ \t]+[*_]*(?:create|implement|introduce|scaffold)\b[^\n]*", re.I | re.M)
TODO_CREATE_MIN = 2
# A task list mostly open: the page is a plan of work not done.
_OPEN_TASK = re.compile(r"^[ \t]*[-*+][ \t]+\[ \][ \t]+\S[^\n]*", re.M)
_DONE_TASK = re.compile(r"^[ \t]*[-*+][ \t]+\[[xX]\][ \t]", re.M)
OPEN_TASKS_MIN = 5


def unlanded_sentence(text: str) -> tuple[int, str] | None:
    """(line, the sentence) where a page says it describes code that has not landed."""
    head = text[:PROPOSAL_HEAD]
    # The header block ends where the first section (but Status) starts: a Markdown
    # heading, with words (an RST title's `#####` overline is none).
    section = re.search(r"\n#{2,6}[ \t]+(?!status[ \t]*\n)\S", head, re.I)
    status = PROPOSAL_STATUS.search(head[: section.start()] if section else head)
    if status:
        line_end = text.find("\n", status.start())
        return text.count("\n", 0, status.start()) + 1, " ".join(text[status.start() : line_end if line_end >= 0 else len(text)].split())[:160]
    todo = list(_TODO_CREATE.finditer(text))
    if len(todo) >= TODO_CREATE_MIN:
        first = todo[0]
        return text.count("\n", 0, first.start()) + 1, " ".join(first.group(0).split())[:160]
    open_tasks = list(_OPEN_TASK.finditer(text))
    if len(open_tasks) >= OPEN_TASKS_MIN and len(open_tasks) > len(_DONE_TASK.findall(text)):
        # underthesea's docs/research/*/04-roadmap.md: "## Phase 1: Core Module (MVP)", then
        # 27 open tasks ("- [ ] `Scenario` dataclass with YAML loader"), none done: a plan,
        # whose modules are still to be built. (A roadmap whose items are done is a record.)
        first = open_tasks[0]
        return text.count("\n", 0, first.start()) + 1, " ".join(first.group(0).split())[:160]
    match = UNLANDED.search(text)
    if not match:
        return None
    line = text.count("\n", 0, match.start()) + 1
    start = max(text.rfind("\n\n", 0, match.start()), text.rfind(". ", 0, match.start()) + 1, 0)
    end = min((i for i in (text.find(". ", match.end()), text.find("\n\n", match.end())) if i >= 0), default=len(text))
    sentence = " ".join(text[start:end].split())
    return line, sentence[:160]


# "git switch feature/B-FHTL", "switch to the branch `feature/B-FHTL`": the page's commands
# run on another branch (or tag), whose files and options are not this revision's.
_SWITCH_COMMAND = re.compile(r"^[ \t]*(?:\$[ \t]*)?git[ \t]+(?:switch|checkout)[ \t]+(?:--?[A-Za-z][\w-]*[ \t]+)*([A-Za-z0-9][\w./-]*)[ \t]*(?:#.*)?$", re.M)
_SWITCH_PROSE = re.compile(r"\b(?:switch|check[ -]?out)\s+(?:to\s+)?(?:the\s+)?(?:branch\s+[`'\"]([^`'\"\s]+)[`'\"]|[`'\"]([^`'\"\s]+)[`'\"]\s+branch)", re.I)
_CLONE = re.compile(r"git[ \t]+clone[ \t]+(?:-[-\w=]+[ \t]+(?:[^-\s]\S*[ \t]+)?)*(\S+)")
_DEFAULT_BRANCHES = frozenset({"main", "master", "head", "origin/main", "origin/master", "develop", "dev"})
_CREATING = re.compile(r"git[ \t]+(?:switch|checkout)[ \t]+(?:.*[ \t])?-[bBcC]\b|[ \t]--[ \t]|[ \t]--$")


def switched_branch(text: str, own_names: set[str]) -> tuple[int, str] | None:
    """(line, branch) where a page has its reader switch this repository to another branch
    or tag: a `git checkout REF` not of a repository an earlier `git clone` fetched (a
    dependency pinned at a tag), nor of the default branch, nor a new branch's creation."""
    for match in _SWITCH_COMMAND.finditer(text):
        ref = match.group(1)
        if ref.lower() in _DEFAULT_BRANCHES or _CREATING.search(match.group(0)):
            continue
        clones = list(_CLONE.finditer(text, 0, match.start()))
        if clones:
            cloned = clones[-1].group(1).rstrip("/").rsplit("/", 1)[-1].removesuffix(".git").lower()
            if cloned not in own_names:
                continue  # `git clone .../apex; cd apex; git checkout 22.04-dev`: another repository's
        return text.count("\n", 0, match.start()) + 1, ref
    for match in _SWITCH_PROSE.finditer(text):
        ref = match.group(1) or match.group(2)
        if ref.lower() not in _DEFAULT_BRANCHES:
            return text.count("\n", 0, match.start()) + 1, ref
    return None


def downgrade_other_branch_pages(findings: Iterable[Finding], read: Callable[[str], str], own_names: set[str]) -> dict[str, str]:
    """Findings about names below the line where a page switches the reader to another
    branch (the benchmark that lives on `feature/B-FHTL`): low, and said why. A note per page."""
    return _lower_pages(
        findings,
        lambda f: f.rule in NAMED_RULES and f.change is None and f.confidence != "low",
        lambda path: switched_branch(read(path), own_names),
        lambda found: f"; the page has the reader switch to `{found[1]}` (line {found[0]}), whose files may differ from this revision's",
        lambda found, n: f"line {found[0]} switches to `{found[1]}`: the {n} finding(s) about names below it are low confidence, as they may hold on that branch (min-confidence = \"low\" shows them)",
        reaches=lambda f, found: f.line >= found[0],  # what the page says before the switch is of this revision
    )


# "You need to create a new directory named `mmdet/core/optimizer`": a folder the page has
# the reader make, whose files it goes on to name (`mmdet/core/optimizer/__init__.py`).
# ("a new directory under `test/eval/`" names where it goes, not the folder made.)
_CREATED_FOLDER = re.compile(
    r"\b(?:create|make|add|set\s+up|mkdir)\s+(?:a\s+|the\s+)?(?:new\s+|empty\s+)?(?:directory|folder|dir|package|module)\s+(?:named\s+|called\s+|at\s+)?[`'\"]([\w./-]+?)/?[`'\"]"
    r"|^\s*(?:\$\s*)?mkdir\s+(?:-p\s+)?([\w./-]+?)/?\s*$",
    re.I | re.M,
)


def created_folders(text: str) -> list[tuple[int, str]]:
    """(line, folder) of each folder a page tells the reader to make."""
    found = []
    for match in _CREATED_FOLDER.finditer(text):
        folder = (match.group(1) or match.group(2) or "").strip("./")
        if folder:
            found.append((text.count("\n", 0, match.start()) + 1, folder))
    return found


def downgrade_paths_under_created_folders(findings: Iterable[Finding], read: Callable[[str], str]) -> int:
    """Stale paths under a folder the page had the reader make, on a line after it: the
    reader's files, not the tree's. Low, and said why. Returns how many."""
    made: dict[str, list[tuple[int, str]]] = {}
    lowered = 0
    for f in findings:
        if f.rule != "DRIFT001" or f.change is not None or f.confidence == "low":
            continue
        if f.path not in made:
            try:
                made[f.path] = created_folders(read(f.path))
            except Exception:
                made[f.path] = []
        name = f.text.strip("./")
        folder = next(((line, d) for line, d in made[f.path] if line <= f.line and (name == d or name.startswith(d + "/"))), None)
        if folder is not None:
            f.confidence = "low"
            f.certain = False
            f.replacement = None
            f.evidence += f"; line {folder[0]} has the reader create {folder[1]}/, which this path is in"
            lowered += 1
    return lowered


# "# Using dataset_tool.py from TensorFlow version at https://github.com/NVlabs/stylegan2-ada/"
# above a command in a shell block: the command is that repository's program.
_COMMENT_OTHER_REPO = re.compile(r"^\s*#.*?\bhttps?://github\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?(?:[/#?\s]|$)", re.I)
COMMAND_RULES = frozenset({"DRIFT001", "DRIFT002", "DRIFT006", "DRIFT007", "DRIFT017", "DRIFT019"})


def commands_of_other_repositories(text: str, own_names: set[str]) -> dict[int, tuple[int, str]]:
    """Line -> (comment line, repository) for the lines of a command that a comment just
    above it says comes from another GitHub repository (until a blank line or another comment)."""
    lines = text.splitlines()
    marked: dict[int, tuple[int, str]] = {}
    for number, line in enumerate(lines, 1):
        match = _COMMENT_OTHER_REPO.match(line)
        if not match or match.group(2).lower() in own_names:
            continue
        repository = f"{match.group(1)}/{match.group(2)}"
        for below in range(number + 1, min(number + 30, len(lines) + 1)):
            text_below = lines[below - 1].strip()
            if not text_below or text_below.startswith(("#", "```", "~~~")):
                break
            marked[below] = (number, repository)
    return marked


def downgrade_commands_of_other_repositories(findings: Iterable[Finding], read: Callable[[str], str], own_names: set[str]) -> int:
    """Findings in a command a comment above says is another repository's: low, said why."""
    pages: dict[str, dict[int, tuple[int, str]]] = {}
    lowered = 0
    for f in findings:
        if f.rule not in COMMAND_RULES or f.context != "command" or f.change is not None or f.confidence == "low":
            continue
        if f.path not in pages:
            try:
                text = read(f.path)
                pages[f.path] = commands_of_other_repositories(text, own_names) if "github.com" in text else {}
            except Exception:
                pages[f.path] = {}
        said = pages[f.path].get(f.line)
        if said is not None:
            f.confidence = "low"
            f.certain = False
            f.evidence += f"; the comment above the command (line {said[0]}) says it is {said[1]}'s"
            lowered += 1
    return lowered


# A notice at the head of a page that it is kept as history ("This page is preserved only
# for archival purposes", pyserini's pages whose code a commit removed).
ARCHIVED = re.compile(
    r"\b(?:preserved|kept|retained|left)\s+(?:here\s+)?(?:only\s+|solely\s+|purely\s+)?for\s+(?:archival|historical)\s+(?:purposes|reasons|reference)"
    r"|\bthis\s+(?:page|document|guide|tutorial|readme)\s+is\s+(?:now\s+)?(?:archived|obsolete|no\s+longer\s+(?:maintained|updated|accurate))\b"
    # SpecForge's parity page: "This page preserves a historical correctness check from
    # commit `40d8feff`": its metric names are the ones logged then.
    r"|\bthis\s+(?:page|document|report|readme)\s+(?:preserves|records|keeps|is)\s+(?:a|an|the)\s+(?:historical|archived)\b",
    re.I,
)
ARCHIVED_HEAD = 1500  # characters: a notice, not a sentence deep in the page about other pages
# Rules whose findings stay on an archived page: a broken fence or a curly quote breaks it still.
LAYOUT_RULES = frozenset({"DRIFT010", "DRIFT014"})


def _lower_pages(
    findings: Iterable[Finding],
    applies: Callable[[Finding], bool],
    said_of: Callable[[str], Any],
    evidence: Callable[[Any], str],
    note: Callable[[Any, int], str],
    reaches: Callable[[Finding, Any], bool] = lambda f, found: True,
) -> dict[str, str]:
    """Lower to `low` the findings ``applies`` picks on pages where ``said_of(page)`` finds
    a reason (read once per page), adding ``evidence(reason)``; one ``note(reason, count)``
    per page."""
    said: dict[str, Any] = {}
    counts: dict[str, int] = {}
    for f in findings:
        if not applies(f):
            continue
        if f.path not in said:
            try:
                said[f.path] = said_of(f.path)
            except Exception:
                said[f.path] = None
        found = said[f.path]
        if not found or not reaches(f, found):
            continue
        f.confidence = "low"
        f.certain = False
        counts[f.path] = counts.get(f.path, 0) + 1
        f.evidence += evidence(found)
    return {path: note(said[path], n) for path, n in counts.items()}


def downgrade_archived(findings: Iterable[Finding], read: Callable[[str], str]) -> dict[str, str]:
    """Findings of pages whose head says they are kept as history: low, and said why.
    Returns a note per such page."""

    def said_of(path: str) -> tuple[int, str] | None:
        head = read(path)[:ARCHIVED_HEAD]
        match = ARCHIVED.search(head)
        return (head.count("\n", 0, match.start()) + 1, " ".join(match.group(0).split())) if match else None

    return _lower_pages(
        findings,
        lambda f: f.rule not in LAYOUT_RULES and f.change is None and f.confidence != "low",
        said_of,
        lambda found: f"; the page says it is kept as history (line {found[0]}: \"{found[1]}\")",
        lambda found, n: f"line {found[0]} says the page is kept as history: its {n} finding(s) are low confidence (min-confidence = \"low\" shows them)",
    )


# A scholarly paper's source (a JOSS `paper/paper.md`): YAML front matter that names the
# authors and a bibliography file. It is what was published, kept as it was.
PAPER_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(?=(?:(?!^---)[^\n]*\n)*?^bibliography:[ \t]*\S)(?=(?:(?!^---)[^\n]*\n)*?^(?:authors|author|affiliations):)", re.M)


def downgrade_papers(findings: Iterable[Finding], read: Callable[[str], str]) -> dict[str, str]:
    """Findings of a paper's source (front matter with authors and a bibliography): low,
    with a note per page. Its figures and names are the published paper's."""
    return _lower_pages(
        findings,
        lambda f: f.rule not in LAYOUT_RULES and f.change is None and f.confidence != "low",
        lambda path: bool(PAPER_FRONT_MATTER.search(read(path)[:ARCHIVED_HEAD])),
        lambda _: "; the page is a paper's source (its front matter names authors and a bibliography): what was published, kept as it was",
        lambda _, n: f"the page is a paper's source (front matter with authors and a bibliography): its {n} finding(s) are low confidence",
    )


# A head that says the page is a tool's output (crawl4ai's "Generated on 2025-04-21" over
# the doc pages it concatenates, "**Generated:** ...", "auto-generated ... do not edit").
GENERATED_HEAD = re.compile(
    r"^[ \t>*_#<!-]*(?:this\s+(?:file|page|document|readme)\s+(?:is|was|has\s+been)\s+)?(?:automatically\s+|auto-?)?generated\b(?:\s+(?:on|at|by|from|with|using|automatically)\b|[*_]*\s*:)"
    r"|\bdo\s+not\s+edit\b|\bdon't\s+edit\s+(?:this|manually|by\s+hand)",
    re.I | re.M,
)
GENERATED_HEAD_CHARS = 600


def downgrade_generated_links(findings: Iterable[Finding], read: Callable[[str], str]) -> dict[str, str]:
    """Link and anchor findings of a page whose head says a tool made it: its links were
    written for the pages it was made from (crawl4ai's doc bundles), and the fix is in
    those. Low, with a note per page; what the page says about names stays."""

    def said_of(path: str) -> tuple[int, str] | None:
        head = read(path)[:GENERATED_HEAD_CHARS]
        match = GENERATED_HEAD.search(head)
        if not match:
            return None
        end = head.find("\n", match.start())
        return head.count("\n", 0, match.start()) + 1, " ".join(head[match.start() : end if end >= 0 else len(head)].split())[:120]

    return _lower_pages(
        findings,
        lambda f: f.change is None and f.confidence != "low" and (f.rule == "DRIFT008" or (f.rule == "DRIFT001" and f.context in ("link", "url"))),
        said_of,
        lambda found: f"; the page says a tool made it (line {found[0]}: \"{found[1]}\"): its links were written for the pages it was made from",
        lambda found, n: f"line {found[0]} says a tool made the page: its {n} link finding(s) are low confidence; fix the pages it is made from",
    )


# A page's own script that sets its images' or links' targets when it loads (robocasa's
# scene gallery: `img.setAttribute("src", "../_static/" + ...)`).
REWRITING_SCRIPT = re.compile(r"<script\b[^>]*>(?:(?!</script>).)*?(?:setAttribute\(\s*[\"'](?:src|href)[\"']|\.(?:src|href)\s*=[^=])", re.S | re.I)


def downgrade_rewritten_links(findings: Iterable[Finding], read: Callable[[str], str]) -> dict[str, str]:
    """Stale-path findings of pages whose own script rewrites their image sources or links
    when they load: the browser asks for what the script makes, which drift cannot run.
    Low, with a note per page."""
    return _lower_pages(
        findings,
        lambda f: f.rule == "DRIFT001" and f.change is None and f.confidence != "low",
        lambda path: bool(REWRITING_SCRIPT.search(read(path))),
        lambda _: "; a script on the page rewrites its image sources or links when it loads",
        lambda _, n: f"a script on the page rewrites its image sources or links when it loads: its {n} stale path(s) are low confidence",
    )


def downgrade_unlanded(findings: Iterable[Finding], read: Callable[[str], str]) -> dict[str, str]:
    """Findings of pages that say they describe unlanded code: low, and said why.
    Returns a note per such page."""
    return _lower_pages(
        findings,
        lambda f: f.rule in NAMED_RULES and f.change is None,  # a change that removed a name is evidence enough
        lambda path: unlanded_sentence(read(path)),
        lambda found: f"; the page says it describes code not in the tree yet (line {found[0]}: \"{found[1]}\")",
        lambda found, n: f"line {found[0]} says the page describes code not in the tree yet: its {n} finding(s) about names are low confidence (min-confidence = \"low\" shows them)",
    )


# A docs site's component that gates a page to a paid edition (mage-ai's `<ProOnly source="x" />`),
# and the marks that say a section or an option is another edition's ("**Available in:**
# ❌ OSS, ✅ Pro", "(Pro only)", "Enterprise only").
_EDITION_GATE = re.compile(r"<(?:Pro|Enterprise|Premium|Paid|Cloud|Plus|Team|Business)Only\b")
_SECTION_EDITION = re.compile(r"❌\s*(?:OSS|Open[- ]?source|Community)\b", re.I)  # "**Available in:** ❌ OSS, ✅ Pro": the section's
_LINE_EDITION = re.compile(r"\b(?:Pro|Enterprise|Premium|Cloud)[- ]only\b", re.I)  # "(Pro only)": the line's
_HEADING_LINE = re.compile(r"^\s*#{1,6}\s|^[=~^\-]{3,}\s*$")


def _edition_gate(text: str) -> tuple[int, str] | None:
    """(line, words) of a page's gate to another edition, if it has one."""
    for number, line in enumerate(text.splitlines(), 1):
        if _EDITION_GATE.search(line):
            return number, line.strip()[:80]
    return None


def downgrade_other_edition(findings: Iterable[Finding], read: Callable[[str], str]) -> dict[str, str]:
    """Findings about names on pages, sections or lines that document another edition of
    the product (a paid one this repository does not hold): low, and said why. mage-ai's
    `<ProOnly />` pages import `mage_ai.services.hashicorp.vault`, which only Mage Pro
    ships; its CLI reference marks `--end-time` "❌ OSS, ✅ Pro". Returns a note per gated page."""
    pages: dict[str, list[str]] = {}
    found = list(findings)
    notes = _lower_pages(
        found,
        lambda f: f.rule in NAMED_RULES and f.change is None,
        lambda path: _edition_gate(read(path)),
        lambda gate: f"; the page is gated to another edition (line {gate[0]}: {gate[1]}), which this repository does not hold",
        lambda gate, n: f"line {gate[0]} gates the page to another edition: its {n} finding(s) about names are low confidence (min-confidence = \"low\" shows them)",
    )
    for f in found:
        if f.confidence == "low" or f.rule not in NAMED_RULES or f.change is not None:
            continue
        lines = _page_lines(pages, read, f.path)
        mark = None
        for number in range(min(f.line, len(lines)), 0, -1):
            line = lines[number - 1]
            if _SECTION_EDITION.search(line) or (number == f.line and _LINE_EDITION.search(line)):
                mark = (number, line.strip()[:80])
                break
            if number < f.line and _HEADING_LINE.match(line):
                break  # the mark, if any, is the section's: no further up than its heading
        if mark is not None:
            f.confidence = "low"
            f.certain = False
            f.evidence += f"; line {mark[0]} marks it another edition's ({mark[1]})"
    return notes


def _page_lines(pages: dict[str, list[str]], read: Callable[[str], str], path: str) -> list[str]:
    """A page's lines, read once (none when it cannot be read)."""
    if path not in pages:
        try:
            pages[path] = read(path).splitlines()
        except Exception:
            pages[path] = []
    return pages[path]


_PR_LINK = re.compile(r"github\.com/[\w.-]+/[\w.-]+/pull/\d+|\b(?:from|in|on|with|needs?|requires?)\s+(?:this\s+|the\s+|an?\s+)?(?:open\s+|unmerged\s+)?(?:PR|pull\s+request)\b", re.I)
_FENCE = re.compile(r"^\s*(?:```|~~~)")


def downgrade_pr_blocks(findings: Iterable[Finding], read: Callable[[str], str]) -> int:
    """Findings in a code block introduced as something other than this tree at its head:
    a pull request's code ("Replit model command (pull code from this [PR](.../pull/115)):"),
    a checkout at some commit, or a counter-example ("❌ INCORRECT", `# DON'T DO THIS`):
    low, in place. Returns how many."""
    pages: dict[str, list[str]] = {}
    lowered = 0
    for f in findings:
        if f.rule not in NAMED_RULES or f.change is not None or f.confidence == "low" or f.context not in ("command", "code"):
            continue
        lines = _page_lines(pages, read, f.path)
        fence = next((i for i in range(min(f.line, len(lines)) - 2, -1, -1) if _FENCE.match(lines[i])), None)
        why = _block_introduced_as(lines, fence, f.line, f.context) if fence is not None else None
        if why:
            f.confidence = "low"
            f.certain = False
            f.evidence += f"; {why}"
            lowered += 1
    return lowered


# GitHub's issue and pull-request templates: `.github/ISSUE_TEMPLATE/bug-report.md`,
# `.github/PULL_REQUEST_TEMPLATE.md`, `docs/ISSUE_TEMPLATE.md`.
_REPORT_TEMPLATE = re.compile(r"(?:^|/)(?:\.github/)?(?:ISSUE_TEMPLATE|PULL_REQUEST_TEMPLATE)(?:/|\.(?:md|ya?ml)$)", re.I)


def downgrade_report_template_code(findings: Iterable[Finding]) -> int:
    """Findings in the code of an issue or pull-request template: zuko's bug report shows
    `from zuko import component` / `y = component(x)  # bug happens`, a shape for the
    reporter to replace with their own code, not a name the package promises. Low, in
    place. Returns how many."""
    lowered = 0
    for f in findings:
        if f.rule not in NAMED_RULES or f.rule == "DRIFT001" or f.confidence == "low" or f.context not in ("command", "code"):
            continue
        if _REPORT_TEMPLATE.search(f.path):
            f.confidence = "low"
            f.certain = False
            f.evidence += "; the page is an issue or pull-request template, whose code the reporter replaces with their own"
            lowered += 1
    return lowered


def _block_introduced_as(lines: list[str], fence: int, line: int, context: str) -> str | None:
    """Why the block opening at ``fence`` is not this tree's code at its head, if its own
    first lines or the lines above it say so."""
    above = next((lines[i] for i in range(fence - 1, max(fence - 4, -1), -1) if lines[i].strip()), "")
    said = next((text for text in (above, *lines[fence + 1 : min(fence + 3, line - 1)]) if _COUNTER_EXAMPLE.search(text)), None)
    if said is not None:
        # prowler's "**❌ INCORRECT - Direct data access:**" over `# DON'T DO THIS`: the
        # block shows what not to write, names that need not exist.
        return f"the block is a counter-example (\"{said.strip()[:80]}\")"
    if context != "command":
        return None
    if _PR_LINK.search(above):
        return f"the block runs a pull request's code (\"{above.strip()[:80]}\")"
    at = _AT_COMMIT.search(" ".join(text.strip() for text in _paragraph_above(lines, fence)))
    # "* __mmdetection__: at commit `b0d845f`, run": a checkout at some commit, another
    # project's or an old one, not this tree at its head.
    return f"the block runs a checkout at a given commit (\"{at.group(0)}\")" if at else None


# A block shown as what not to do: "❌ INCORRECT", "# DON'T DO THIS", "Bad:", "Anti-pattern".
# (The words in capitals only: "if something goes wrong, run:" introduces a block to run.)
_COUNTER_EXAMPLE = re.compile(r"❌|(?-i:\bDON'?T\s+DO\s+THIS\b|\bINCORRECT\b|\bWRONG\b)|\bAnti-?pattern\b|^\W*(?:Bad|Wrong|Incorrect|Avoid)\W*:", re.I)


def _paragraph_above(lines: list[str], fence: int) -> list[str]:
    """The lines of the paragraph (or list item) right above a fence, nearest last."""
    found: list[str] = []
    for i in range(fence - 1, max(fence - 5, -1), -1):
        if not lines[i].strip():
            if found:
                break
            continue
        found.insert(0, lines[i])
        if re.match(r"\s*(?:[-*+]|\d+[.)])\s", lines[i]):
            break  # the list item's first line
    return found


_AT_COMMIT = re.compile(r"\b(?:at|use|using|with|from|on|checkout)\s+(?:the\s+)?commit\s+`?[0-9a-f]{6,40}\b", re.I)


# Words by which a page says a name is gone: the page knows, so its finding is a note.
HISTORY_WORDS = re.compile(r"\b(removed|deleted|discontinued|deprecated|no longer|renamed|replaced by|dropped|formerly|legacy|was called|used to be|obsolete|(?:migrat(?:e|ed|ing|ion)|upgrad(?:e|ed|ing))\b(?:[^\n]{0,100}?\s)?from|moved from|(?:has|have) been moved|(?:was|were) part of|former(?=\s+[`*])|the old(?=\s+[`*])|historical(?:ly)?|replac(?:es|ed|ing) the|the (?:earlier|previous|prior)(?=[^.`*\n]{0,30}[`*])|(?:in|for|from|of) (?:past|older|earlier|previous|prior) (?:[\w-]+ )?(?:versions?|releases?)|not any ?more)\b|不再|已移除|移除|弃用|废弃|重命名", re.I)
# "there is no `x/entities/` directory", "`--x` does not exist", "`deploy/nvidia/` is
# intentionally empty" (git keeps no empty folder): the sentence says so.
# ("There is no need to configure `--x`" denies no name: it says the option is optional.)
DENIED = re.compile(r"\b(?:there(?: is|'s| are) no(?!\s+(?:need|reason|point|harm|difference|requirement|guarantee)\b)|do(?:es)? not (?:yet )?exist|do(?:es)?n't (?:yet )?exist|(?:is|are) (?:\w+ly )?empty)\b", re.I)
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$|\*|`|\))|:(?=\s|$|\*|\))")  # (`:file:` before a backtick is a role)
_NEW_ITEM = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|#|\.\.\s|$|```|~~~|\|)")
WRAP_LINES = 2  # lines below a finding's own where its sentence may go on
_NAME_RULES = frozenset({"DRIFT001", "DRIFT002", "DRIFT003", "DRIFT004", "DRIFT005", "DRIFT017"})


def sentence_at(line: str, column: int) -> str:
    """The sentence of ``line`` around 1-based ``column``."""
    start = 0
    for end in _SENTENCE_END.finditer(line):
        if end.end() >= column:
            return line[start : end.end()]
        start = end.end()
    return line[start:]


def _sentence_opening(lines: list[str], number: int, before: str) -> str | None:
    """The part of a sentence on the lines above 1-based line ``number``, when the text
    before the name on its own line (``before``) does not start a sentence; None if the
    sentence begins on that line."""
    if _SENTENCE_END.search(before) or _NEW_ITEM.match(lines[number - 1]):
        return None  # a sentence, list item, heading or table row begins on its own line
    parts = []
    for above in reversed(lines[max(0, number - 1 - WRAP_LINES) : number - 1]):
        ends = list(_SENTENCE_END.finditer(above))
        if not above.strip():
            break
        parts.insert(0, above[ends[-1].end() :] if ends else above)
        if ends or _NEW_ITEM.match(above):
            break
    return " ".join(parts) if parts else None


# The words right before a path the reader is told to make: "create stub files at both",
# "add a new file named", "write a module in" (then a code span, a Sphinx role or quotes).
_READER_CREATES = re.compile(r"\b(?:create|add|write|make)\s+(?:(?:a|an|the|new|your|own|stub|empty|\w+)\s+){0,4}(?:at|in|under|as|named|called)(?:\s+both)?\s*(?:(?::\w+:)?`[^`]*`+\s*(?:,|and|or|,\s*and)\s*)*(?::\w+:)?[`'\"]*\s*$", re.I)


# A common tool's command in a code span (`uv sync`, `pip install -e .`, `docker run`):
# options a sentence that began with it goes on to name are that tool's.
_TOOL_COMMAND_SPAN = re.compile(r"`((?:uv|uvx|pip|pip3|conda|mamba|docker|podman|git|npm|npx|yarn|pnpm|cargo|kubectl|helm|poetry|pdm|hatch|brew|apt|apt-get)\s+[a-z][\w-]*)[^`]*`")


def downgrade_wrapped_history(findings: Iterable[Finding], read: Callable[[str], str]) -> int:
    """A sentence that names the thing and, wrapped onto the next line, says it is gone
    ("The ``X_ENDPOINT`` variable has been / **removed**."): the page knows; low, in place.
    (The finding's own line is judged where it is found.) Returns how many."""
    pages: dict[str, list[str]] = {}
    lowered = 0
    for f in findings:
        if f.rule not in _NAME_RULES or f.change is not None or f.confidence == "low" or f.context == "command":
            continue
        lines = _page_lines(pages, read, f.path)
        if not 0 < f.line <= len(lines):
            continue
        own = lines[f.line - 1]
        at = own.find(f.text, max(f.column - 1, 0)) if f.text else -1
        opening = _sentence_opening(lines, f.line, own[:at] if at >= 0 else "")
        if opening is not None and f.rule == "DRIFT001" and _READER_CREATES.search(f"{opening} {own[:at] if at >= 0 else ''}"):
            # PlasmaPy: "It will then be necessary to create stub files at both / :file:`docs/x.rst`":
            # a file the reader is to make, named over a wrapped line.
            f.confidence = "low"
            f.certain = False
            f.evidence += f"; its sentence has the reader create it (\"{opening.strip()[:60]}\")"
            lowered += 1
            continue
        tool = _TOOL_COMMAND_SPAN.search(opening) if opening is not None and f.rule == "DRIFT002" and f.context != "command" else None
        if tool:
            # VeOmni's docker README: "raw flags appended to `uv sync` (the CANN base image needs /
            # `--allow-insecure-host github.com`": the option of the tool the sentence began with.
            f.confidence = "low"
            f.certain = False
            f.evidence += f"; its sentence is about `{tool.group(1)}`, another program (\"{opening.strip()[:60]}\")"
            lowered += 1
            continue
        if opening is not None and HISTORY_WORDS.search(opening):
            # "The deprecated ``--probes`` flags (and the / ``plugins.probe_spec`` keys) are
            # mapped onto ``run.spec``": said on the line the sentence began.
            f.confidence = "low"
            f.certain = False
            f.evidence += f"; its sentence says so (\"{opening.strip()[:60]}\")"
            lowered += 1
            continue
        if _SENTENCE_END.search(own[at + len(f.text) :] if at >= 0 else own):
            continue  # its sentence ends on its own line
        for below in lines[f.line : f.line + WRAP_LINES]:
            if _NEW_ITEM.match(below):
                break
            end = _SENTENCE_END.search(below)
            if HISTORY_WORDS.search(below[: end.start()] if end else below):
                f.confidence = "low"
                f.certain = False
                f.evidence += f"; its sentence goes on to say so (\"{below.strip()[:60]}\")"
                lowered += 1
                break
            if end:
                break
    return lowered


LISTED_FIELDS_MIN = 3  # names under one parent, listed together, that none of it defines
LISTED_GAP = 1  # listed on consecutive lines (list items, table rows)


def downgrade_listed_fields(findings: Iterable[Finding]) -> int:
    """`xinference.timestamp`, `xinference.module`, `xinference.pid` ... listed together,
    none defined by the package and none near a name it defines: the fields of a log or
    schema named after the project, not the package's names. Low, in place."""
    groups: dict[tuple[str, str], list[Finding]] = {}
    for f in findings:
        if f.rule == "DRIFT005" and f.change is None and " defines no " in f.evidence and "." in f.text:
            groups.setdefault((f.path, f.text.rsplit(".", 1)[0]), []).append(f)
    lowered = 0
    for (_, parent), found in groups.items():
        found.sort(key=lambda f: f.line)
        runs: list[list[Finding]] = [[found[0]]]
        for f in found[1:]:
            if f.line - runs[-1][-1].line <= LISTED_GAP:
                runs[-1].append(f)
            else:
                runs.append([f])
        for run in runs:
            if len({f.line for f in run}) < LISTED_FIELDS_MIN or any(f.replacement for f in run):
                continue
            for f in run:
                if f.confidence != "low":
                    f.confidence = "low"
                    f.certain = False
                    f.evidence += f"; {len(run)} names under {parent} listed together, none of which it defines: most likely fields named after the project"
                    lowered += 1
    return lowered


# A page whose paths this repository never had, most of them: it describes another
# codebase (a partner project's checkout, a downstream fork), not this one.
FOREIGN_PAGE_MIN = 5
FOREIGN_PAGE_SHARE = 0.6
FOREIGN_FOLDER_PAGES = 2  # pages of one folder with never-had paths, before the folder is judged whole
NEVER_HAD = "no commit in this repository ever had it"
PACKED_FORM = "which unpacks to it"  # stale_path: the folder has the file compressed (`x.csv.xz`)
# stale_path: an unprefixed :doc: on a site whose Sphinx looks it up in other projects' inventories
INTERSPHINX_DOC = "the site's Sphinx looks up a :doc: it lacks in the projects intersphinx maps"
# A path no commit had, beside a near namesake in a folder of ours (bot.attribution): misnamed here.
MISNAMED_HERE = "no commit had it by this name"
OTHER_PROGRAMS_INPUT = "not a program of this repository"  # stale_path: a command argument of another program
CLONING_PAGE = "the page clones another repository"  # stale_path: its commands may run in that checkout
GENERATING_PAGE = "the page makes a new project"  # stale_path: its commands may run in that project


def _dead_link_never_had(f: Finding, named_here: Callable[[str], bool]) -> bool:
    """A relative link to a file no commit ever had, and no file here of that name (or
    that name and a page's suffix): kept as it is alone (maintainers fix dead links), but
    a page of them describes another tree (RD-Agent's dataset card, copied next to the
    files a download brings). (fairchem's `inorganic_materials/datasets/omat24` from the
    wrong folder is a page this tree has: a dead link to fix.)"""
    if f.context != "link" or f.replacement is not None or (f.broken_by or {}).get("reason") != "never-existed":
        return False
    return not named_here(posixpath.basename(f.text.split("#", 1)[0].rstrip("/")))


def _outward_never_had(f: Finding) -> bool:
    """A relative link out of its page's folder (`../best-practices.md`) to a file no
    commit ever had."""
    return f.context == "link" and f.text.startswith("../") and f.replacement is None and (f.broken_by or {}).get("reason") == "never-existed"


def _lower(found: list[Finding]) -> None:
    for f in found:
        f.confidence = "low"
        f.certain = False


def downgrade_foreign_pages(
    findings: list[Finding], path_refs: dict[str, int], named_here: Callable[[str], bool] = lambda name: True, outward_refs: dict[str, int] | None = None
) -> dict[str, str]:
    """Pages where at least FOREIGN_PAGE_MIN missing paths were never in any commit and
    they are most of the page's paths: those findings go low, with one note per page.
    ``path_refs``: doc -> how many paths (links and code spans with a slash) it names;
    ``named_here``: whether a file of this name, or this stem, is in the tree;
    ``outward_refs``: doc -> how many relative links climb out of its folder."""
    never: dict[str, list[Finding]] = {}
    for f in findings:
        if f.rule == "DRIFT001" and f.change is None and (NEVER_HAD in f.evidence or _dead_link_never_had(f, named_here)):
            never.setdefault(f.path, []).append(f)
    notes = {}
    for path, found in never.items():
        named = max(path_refs.get(path, 0), len(found))
        if len(found) >= FOREIGN_PAGE_MIN and len(found) >= FOREIGN_PAGE_SHARE * named:
            _lower(found)
            notes[path] = (
                f"{len(found)} of its {named} paths were never in this repository: the page likely describes another "
                "codebase; its path findings are low confidence (min-confidence = \"low\" shows them)"
            )
    # A folder copied out of another tree with its README (pystac's
    # tests/data-files/examples/1.1.0/, the STAC spec's examples): the links inside the
    # folder resolve, and those that climb out of it name the spec's pages, never here.
    for path, found in never.items():
        if path in notes or not outward_refs:
            continue
        outward = [f for f in findings if f.path == path and f.rule == "DRIFT001" and f.change is None and _outward_never_had(f)]
        if sum(1 for f in found if f.text.startswith("../")) >= FOREIGN_PAGE_MIN and len(outward) >= FOREIGN_PAGE_SHARE * max(outward_refs.get(path, 0), len(outward)):
            _lower(outward)
            notes[path] = (
                f"{len(outward)} of its {max(outward_refs.get(path, 0), len(outward))} links out of its folder name files never in this repository: "
                "the folder is likely a copy of another project's; those findings are low confidence (min-confidence = \"low\" shows them)"
            )
    # A folder of short pages about another codebase (a partner's tutorials, two or three
    # paths a page): no page reaches the bar alone, the folder does.
    by_folder: dict[str, list[str]] = {}
    for path in never:
        if path not in notes:
            by_folder.setdefault(posixpath.dirname(path), []).append(path)
    for folder, pages in by_folder.items():
        if len(pages) < FOREIGN_FOLDER_PAGES or not folder:
            continue
        found = [f for page in pages for f in never[page]]
        named = sum(path_refs.get(p, 0) for p in path_refs if posixpath.dirname(p) == folder)
        named = max(named, len(found))
        if len(found) >= FOREIGN_PAGE_MIN and len(found) >= FOREIGN_PAGE_SHARE * named:
            _lower(found)
            notes[folder + "/"] = (
                f"{len(found)} of the {named} paths its pages name were never in this repository: the folder likely "
                "describes another codebase; its path findings are low confidence (min-confidence = \"low\" shows them, "
                f"exclude = [\"{folder}/**\"] sets it aside)"
            )
    return notes


# Marks a check leaves on a path finding, and what "no commit here ever had it" makes of it.
_NEVER_HAD_MEANS = {
    # yasa's `tests/data/sample_data_sri.csv` beside `sample_data_sri.csv.xz`, which its
    # test unpacks (abagen's `corrected_mni_coordinates.csv`, committed and later gzipped, is stale).
    PACKED_FORM: "no commit here had it unpacked: the page names what the archive holds",
    # strawberryfields' :doc:`demonstrations`, a page of its demos site.
    INTERSPHINX_DOC: "no commit here had that page: most likely another project's",
}


def downgrade_never_had_marks(findings: Iterable[Finding]) -> int:
    """Path findings a check marked as possibly meaning something else, whose path no
    commit ever had: low, said why. Lowered in place; returns how many."""
    lowered = 0
    for f in findings:
        if f.rule != "DRIFT001" or f.confidence == "low" or (f.broken_by or {}).get("reason") != "never-existed":
            continue
        why = next((means for mark, means in _NEVER_HAD_MEANS.items() if mark in f.evidence), None)
        if why is not None:
            f.confidence = "low"
            f.replacement = None
            f.certain = False
            f.evidence += f"; {why}"
            lowered += 1
    return lowered


LINKED_NEARBY = 4  # lines above and below a path where a link to another repository says whose it is


def downgrade_paths_of_linked_repositories(findings: list[Finding], read_page, own_names: set[str]) -> int:
    """A path no commit of this repository ever had, named outside a link right by a link
    to another repository (`benchmarks/benchmark_latency.py` below a link to vLLM): most
    likely that repository's file. Only nearby: READMEs link other projects everywhere.
    So is one handed to another program on a page that links that program's project
    (`axolotl train examples/llama-3/x.yaml`). Lowered in place; returns how many."""
    from .own_history import links_another_repository

    pages: dict[str, list[str]] = {}
    lowered = 0
    downloads: dict[str, set[str]] = {}  # page -> paths it has the reader download
    for f in findings:
        never_had = NEVER_HAD in f.evidence or (f.broken_by or {}).get("reason") == "never-existed"
        if f.rule != "DRIFT001" or not never_had or f.change is not None or f.context in ("link", "url") or f.confidence == "low":
            continue
        if GENERATING_PAGE in f.evidence and f.context == "command":
            # toga's `briefcase new`, then `python src/manage.py migrate`: the new project's
            # file, whatever example of the same name the repository keeps.
            f.confidence = "low"
            f.replacement = None
            f.certain = False
            f.evidence += "; no commit here ever had it: most likely the new project's file"
            lowered += 1
            continue
        if NEVER_HAD not in f.evidence and MISNAMED_HERE not in f.evidence:
            continue
        nearby = "\n".join(_page_lines(pages, read_page, f.path)[max(f.line - 1 - LINKED_NEARBY, 0) : f.line + LINKED_NEARBY])
        if links_another_repository(nearby, own_names):
            f.confidence = "low"
            f.evidence += "; the page links another repository right there, whose file it most likely is"
            lowered += 1
            continue
        intro = _section_intro(pages[f.path], f.line)
        if intro and _heading_names_linked_repository(intro, own_names):
            # "## 1. HuggingFace Transformers / **Repository**: github.com/huggingface/
            # transformers" and, screens below, "Transformers maintains tests/quantization/...".
            f.confidence = "low"
            f.evidence += "; its section opens with a link to another repository, which it describes"
            lowered += 1
            continue
        if CLONING_PAGE in f.evidence and f.context == "command":
            # ChatGLM3's TensorRT-LLM page clones TensorRT-LLM, cds into examples/chatglm,
            # and later runs `python3 ../run.py`: that checkout's file, never this one's.
            f.confidence = "low"
            f.evidence += "; no commit here ever had it: most likely that checkout's file"
            lowered += 1
            continue
        said = _download_section(pages[f.path], f.line)
        if said:
            # "### Step 2: Download Data Files / download them from [HuggingFace Dataset](...)
            # and place them in the project: `shoppingplanning/database_zip/x.tar.gz`".
            f.confidence = "low"
            f.evidence += f"; its section has the reader download data ({said}): the reader's files"
            downloads.setdefault(f.path, set()).add(f.text.strip("./").rstrip("/"))
            lowered += 1
            continue
        program = _OTHER_PROGRAM.search(f.evidence)
        if program and _links_project(pages[f.path], program.group(1), own_names):
            # `axolotl train examples/llama-3/x.yaml` on a page that links Axolotl's
            # GitHub: that project's example, which this repository never had.
            f.confidence = "low"
            f.evidence += f"; the page links {program.group(1)}'s project: its file most likely"
            lowered += 1
    for f in findings:
        # `cd shoppingplanning/database_zip` sections after the page had the reader put the
        # downloads there: the same folder, the reader's.
        fetched = downloads.get(f.path)
        if not fetched or f.rule != "DRIFT001" or NEVER_HAD not in f.evidence or f.confidence == "low":
            continue
        path = f.text.strip("./").rstrip("/")
        if any(path == d or d.startswith(path + "/") or path.startswith(d + "/") for d in fetched):
            f.confidence = "low"
            f.evidence += "; the page had the reader download files there: the reader's"
            lowered += 1
    return lowered


SECTION_INTRO_LINES = 4
_TOP_HEADING = re.compile(r"^#{1,2}\s")
_ANY_HEADING = re.compile(r"^#{1,6}\s")
_DOWNLOAD_HEADING = re.compile(r"\bdownload|\bdatasets?\b|\bdata\s+(?:files?|preparation)\b|\bprepar\w*\s+(?:the\s+)?data\b|下载|数据集|数据准备", re.I)
_DATA_HOST = re.compile(r"huggingface\.co/datasets/|hf\.co/datasets/|modelscope\.cn/datasets/|zenodo\.org/|drive\.google\.com/|kaggle\.com/|figshare\.com/|dropbox\.com/|pan\.baidu\.com/|storage\.googleapis\.com/", re.I)


def _download_section(lines: list[str], line: int) -> str:
    """What says the section a line is in has the reader fetch data: its heading
    ("Download Data Files"), or a link to a data host between the heading and the line."""
    start = next((i for i in range(min(line, len(lines)) - 1, -1, -1) if _ANY_HEADING.match(lines[i])), None)
    if start is None:
        return ""
    heading = lines[start].lstrip("#").strip()
    if _DOWNLOAD_HEADING.search(heading):
        return f"heading \"{heading[:50]}\""
    host = _DATA_HOST.search("\n".join(lines[start + 1 : line]))
    return f"a link to {host.group(0).rstrip('/')}" if host else ""


def _heading_names_linked_repository(intro: str, own_names: set[str]) -> bool:
    """Whether a section's heading names a repository its first lines link (`## 1.
    HuggingFace Transformers` over `github.com/huggingface/transformers`): the section
    describes that repository."""
    heading, _, body = intro.partition("\n")
    words = set(re.findall(r"[a-z0-9]+", heading.lower()))
    for owner, name in _GITHUB_OWNER_NAME.findall(body):
        if name and name.lower().removesuffix(".git") not in own_names and set(re.findall(r"[a-z0-9]+", name.lower())) <= words:
            return True
    return False


def _section_intro(lines: list[str], line: int) -> str:
    """The first lines under the level 1-2 Markdown heading a line is in (not the
    line's own neighbourhood: that is the nearby rule's)."""
    start = next((i for i in range(min(line, len(lines)) - 1, -1, -1) if _TOP_HEADING.match(lines[i])), None)
    if start is None or line - 1 - start <= LINKED_NEARBY:
        return ""
    return "\n".join(lines[start : start + 1 + SECTION_INTRO_LINES])


_OTHER_PROGRAM = re.compile(r"an argument of ([\w.-]+), " + re.escape(OTHER_PROGRAMS_INPUT))
_GITHUB_OWNER_NAME = re.compile(r"github\.com/([\w.-]+)(?:/([\w.-]+))?", re.IGNORECASE)


def _links_project(lines: list[str], program: str, own_names: set[str]) -> bool:
    """Whether the page links a GitHub owner or repository named for the program
    (`github.com/axolotl-ai-cloud`, `github.com/vllm-project/vllm`), not this one."""
    word = program.lower()
    for owner, name in _GITHUB_OWNER_NAME.findall("\n".join(lines)):
        if name and name.lower().removesuffix(".git") in own_names:
            continue
        if any(part.lower().startswith(word) or part.lower().split("-")[0] == word for part in (owner, name) if part):
            return True
    return False
