"""Who broke it: for each finding, the commit that removed or changed its subject in
the code, and how long the doc line has been stale, or that it was born stale.

History is asked in batches, whatever the number of findings: one pass over path
changes, one over the code's diffs for every name at once, one `git blame` per doc
file, and for a default/choices/type mismatch a walk over the versions of the one file
that defines it. A name missing from a module that exists is asked of that module's
file alone (bot.file_tokens), and a string the breaking commit put in place of the name
on its line is the fix (bot.literal_renames). Work is bounded by counts (bot.history.HISTORY_COMMITS,
bot.definition_history.DEFINITION_VERSIONS), never by time, so the same audit
attributes the same findings cold and warm.

``broken_by`` is one of:

- a commit: CommitInfo keys (commit, date, timestamp, author, subject, pr) plus
  ``reason`` ("removed", "renamed" or "changed"), ``born_stale`` (the doc line was
  written when the code already said otherwise), ``doc_line_commit``/``doc_line_timestamp``
  (from git blame, when the line is committed), ``stale_days``, and ``renamed_to`` for
  a path git saw moved;
- no code commit: ``{"born_stale": True, "reason": "never-existed" | "never-removed",
  "doc_line_commit", "doc_line_timestamp", "stale_days"}``: nothing in the code's history
  removed the name, so the doc was wrong from the line's first commit;
- ``{"unknown": "budget"}``: the count ran out before this finding;
  ``{"unknown": "no-definition"}``: a mismatch whose definition the head's file does not
  have as the check saw it (should not happen; no commit is guessed).
"""

from __future__ import annotations

import posixpath
from typing import Any, Callable, Iterable

from .definition_history import DefinitionHistory
from .file_tokens import MAX_QUESTIONS as MAX_FILE_QUESTIONS, file_removal
from .history import CODE_PATHSPEC, History, stale_for_days
from .history_scan import FIELD, PathHistory, path_history, token_events
from .index import closest
from .literal_renames import MAX_COMMITS as MAX_LITERAL_COMMITS, replaced_with
from .model import Finding
from .scope import MISNAMED_HERE, NEVER_HAD

# Where the names attribution looks for are defined and used: drift's flag, env var,
# metric and symbol facts come from Python and shell (YAML and TOML give config keys,
# which are not attributed), and skipping them makes the one diff pass cheaper.
NAME_PATHSPEC = [p for p in CODE_PATHSPEC if p in ("*.py", "*.pyi", "*.sh", "*.bash")]
# Rules whose subject is a name that once existed in the code.
ATTRIBUTED = {"DRIFT001", "DRIFT002", "DRIFT003", "DRIFT004", "DRIFT005", "DRIFT006", "DRIFT007", "DRIFT009", "DRIFT011"}
# Rules about a flag that still exists but whose definition changed.
DEFINITION_RULES = {"DRIFT006", "DRIFT007", "DRIFT009", "DRIFT011"}
BUDGET = {"unknown": "budget"}
RENAME_HOPS = 5

Exists = Callable[[str], bool]


def _token(finding: Finding) -> str | None:
    token = finding.subject or finding.text
    if not token or len(token) < 3:
        return None
    return token


def _path_candidates(finding: Finding, token: str, exists: Exists | None = None, climb: bool = True, checkouts: Iterable[str] = ()) -> list[str]:
    """Where a doc's path may point, and is not now: from the doc's folder, from the
    repository root, and last, for `../../tasks/x` in a doc that moved, without its
    climbs, and for `ColossalAI/examples/x`, written from above a checkout, without the
    checkout's name."""
    found = []
    relative = token.lstrip("/")
    climbed = posixpath.normpath(relative)
    while climb and climbed.startswith("../"):
        climbed = climbed[3:]
    head, _, rest = climbed.partition("/")
    inside = rest if rest and head.lower() in {c.lower() for c in checkouts} else climbed
    for joined in (posixpath.normpath(posixpath.join(posixpath.dirname(finding.path), relative)), posixpath.normpath(relative), climbed, inside):
        if joined.startswith("..") or joined in found or joined in (".", ""):
            continue
        if exists is not None and exists(joined):
            continue  # what is there now is not what the doc misses
        found.append(joined)
    if finding.context == "link" and finding.path.endswith((".rst", ".md", ".ipynb")) and not posixpath.splitext(token.rstrip("/"))[1]:
        # :doc:`glossary`, a site's `[x](setup)`: a page named without its suffix, which
        # git saw as glossary.rst.
        found += [joined + suffix for joined in list(found) for suffix in _PAGE_SUFFIXES if not (exists is not None and exists(joined + suffix))]
    return found


_PAGE_SUFFIXES = (".rst", ".md", ".ipynb")


def _known_from(bases: Iterable[str], relative: str, paths: PathHistory, exists: Exists) -> list[tuple[str, str]]:
    """The path read from each base, when git saw it in the tree and it is not there now:
    (path, base) pairs, each path once."""
    found: list[tuple[str, str]] = []
    for base in bases:
        candidate = posixpath.normpath(posixpath.join(base, relative))
        if candidate.startswith("..") or candidate in (".", "") or any(candidate == c for c, _ in found):
            continue
        if not exists(candidate) and paths.known(candidate):
            found.append((candidate, base))
    return found


def _folder_and_above(folder: str) -> list[str]:
    """A folder and each folder above it, up to (not including) the root."""
    found = []
    while folder:
        found.append(folder)
        folder = posixpath.dirname(folder)
    return found


def _moved_page_candidates(finding: Finding, token: str, paths: PathHistory, exists: Exists, former: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """For a page git saw moved (`skyrl-train/examples/moe/README.md` to
    `examples/train/moe/README.md`): the paths it named from where it was written, from
    its old folder and from each folder above it (a sub-project's root), that git saw
    in the tree. Pairs of (path, the old folder it was read from). ``former``: the
    page's former names, when the caller has them."""
    relative = token.lstrip("/")
    found: list[tuple[str, str]] = []
    for old, _ in paths.former_names(finding.path) if former is None else former:
        folder = posixpath.dirname(old)
        bases = [folder] if relative.startswith("../") else [*_folder_and_above(folder), ""]
        found += [pair for pair in _known_from(bases, relative, paths, exists) if all(pair[0] != c for c, _ in found)]
    return found


def _from_folders_above(finding: Finding, token: str, paths: PathHistory, exists: Exists) -> list[str]:
    """`doc/images` in `projects/DensePose/doc/TOOL_APPLY_NET.md`, written from the
    sub-project's root: the path from each folder above the page that git saw in the tree
    (and is not there now), so history is asked where the page most likely meant it."""
    relative = token.lstrip("/")
    if relative.startswith(("../", "./")):
        return []
    above = _folder_and_above(posixpath.dirname(posixpath.dirname(finding.path)))
    return [path for path, _ in _known_from(above, relative, paths, exists)]


def questions(finding: Finding, token: str, exists: Exists | None, roots: Iterable[str] = (), checkouts: Iterable[str] = (), paths: PathHistory | None = None) -> list[tuple[str, str]]:
    """What history is asked, in order, until one answers: ("path", path) for a file or
    directory removal, ("token", name) for the net removal of a name from the code.
    ``roots``: the folders packages sit in (`src/`), where a dotted name's files are.
    ``paths``: the path history, to read a moved page's paths from where it was."""
    exists = exists or (lambda _path: False)
    if finding.rule == "DRIFT001":
        asked = [("path", p) for p in _path_candidates(finding, token, exists, checkouts=checkouts)]
        if paths is not None:
            asked += [("path", p) for p, _ in _moved_page_candidates(finding, token, paths, exists) if ("path", p) not in asked]
            asked += [("path", p) for p in _from_folders_above(finding, token, paths, exists) if ("path", p) not in asked]
        return asked
    if finding.rule == "DRIFT005":
        parts = token.split(".")
        # `fairseq2.dependency` is src/fairseq2/dependency.py when the package sits in src/:
        # asking for fairseq2/ finds the commit that moved the package there instead.
        root = next((r + "/" for r in sorted(roots) if r and exists(f"{r}/{parts[0]}")), "")
        for length in range(len(parts), 0, -1):
            module = root + "/".join(parts[:length])
            if not (exists(module + ".py") or exists(module)):
                continue
            if length == len(parts):
                return [("token", parts[-1])]
            # `pkg.ray.megatron` where pkg/ray exists: megatron.py (or the folder) was
            # removed, or megatron was a name defined in pkg/ray (asked of that file's own
            # history), or pkg/ray was a module file before it became a package.
            gone = f"{module}/{parts[length]}"
            source = module + ".py" if exists(module + ".py") else module + "/__init__.py" if exists(module + "/__init__.py") else None
            asked = [("path", gone + ".py"), ("path", gone), ("file-token", f"{source}\0{parts[length]}") if source else ("token", parts[length])]
            if source:
                # Else the whole dotted name as the code spelled it: scriv's
                # `git_config("scriv.user_nick")`, a string, never a name of scriv/__init__.py.
                asked.append(("token", token))
            if not exists(module + ".py"):
                asked.append(("path", module + ".py"))
            return asked
        modules = [root + "/".join(parts[:length]) for length in range(len(parts), 0, -1)]
        return [q for m in modules for q in (("path", m + ".py"), ("path", m))] + [("token", parts[-1])]
    asked = [("token", token)]
    if finding.rule == "DRIFT002" and token.startswith("--"):
        # A flag a dataclass field makes (`--foo-bar` from `foo_bar: int`) is removed
        # with the field.
        asked.append(("token", FIELD + token[2:].replace("-", "_")))
    return asked


def _net_removal(events: list[dict], window, outside: frozenset[str]) -> dict | None:
    """The newest commit whose diff removes more occurrences than it adds, in Python
    files first (where names are defined; a deleted example script only uses them),
    and in the change under review first (``outside``: the base's history)."""
    for column in ("py_", ""):
        removals = [e for e in events if e[column + "removed"] > e[column + "added"]]
        for pool in ([e for e in removals if e["commit"] not in outside], removals):
            if pool:
                best = window.newest(e["commit"] for e in pool)
                return next(e for e in pool if e["commit"] == best)
    return None


def _info(event: dict) -> dict:
    return {k: event[k] for k in ("commit", "date", "timestamp", "author", "subject", "pr")}


class _Answers:
    """The passes' results for one run, and the per-finding answers built from them."""

    def __init__(self, history: History, head: str, base: str | None, rule_set=None):
        self.history = history
        self.window = history.window(head)
        self.outside = self.window.ancestors(base) if base else frozenset()
        self._paths: PathHistory | None = None
        self.tokens: dict[str, list[dict]] = {}
        self.definitions = DefinitionHistory(history, head, rule_set)
        self.head = head
        self.file_questions = 0  # asked of one file's history (bot.file_tokens), up to a count

    @property
    def paths(self) -> PathHistory:
        if self._paths is None:
            self._paths = path_history(self.history, self.head)
        return self._paths

    def removal(self, asked: list[tuple[str, str]]) -> dict | str:
        """A commit (CommitInfo + reason, renamed_to), or why there is none:
        "never-existed", "never-removed", or "budget" (the window was cut short)."""
        seen = False
        for kind, subject in asked:
            if kind == "path":
                seen = seen or self.paths.known(subject)
                found = self.paths.removal(subject, self.outside)
                if found:
                    return {**found, "reason": "renamed" if found.get("renamed_to") else "removed"}
            elif kind == "file-token" and self.file_questions < MAX_FILE_QUESTIONS:
                self.file_questions += 1
                path, name = subject.split("\0")
                sha, had = file_removal(self.history, self.head, path, name)
                seen = seen or had
                info = self.history.commit_info(sha) if sha and sha in self.window else None
                if info is not None:
                    return {**info.to_dict(), "reason": "removed"}
            else:
                events = self.tokens.get(subject.split("\0")[-1], [])
                seen = seen or bool(events)
                found = _net_removal(events, self.window, self.outside)
                if found:
                    return {**_info(found), "reason": "removed"}
        if not self.window.complete:
            return "budget"  # older history, never searched, may hold the answer
        return "never-removed" if seen else "never-existed"

    def definition_change(self, definition: dict) -> dict | str:
        status, info = self.definitions.change(definition)
        if status == "changed" and info:
            return {**info, "reason": "changed"}
        return "budget" if status == "budget" else "no-definition"


def apply_renames(findings: list[Finding], history: History, head: str, exists: Exists | None, roots: Iterable[str] = ()) -> int:
    """A stale path that git saw renamed (and whose new path exists) gets the new path
    as its certain replacement. Uses only the one-pass path map, so an audit gives the
    same findings with and without blame. Returns how many it replaced."""
    if exists is None:
        return 0
    # A move git saw outranks a guess by name: tinytuya's IRRemoteControlDevice-example.py,
    # renamed to IRRemoteControlDevice-ircode-converting-example.py, is not the folder's
    # closest name RFRemoteControlDevice-example.py.
    wanted = [f for f in findings if f.rule == "DRIFT001" and (f.replacement is None or not f.certain) and _token(f)]
    if not wanted:
        return 0
    paths = path_history(history, head)
    replaced = 0
    for finding in wanted:
        token = _token(finding)
        # Not the climb-less guess: a certain replacement comes only from what the doc wrote.
        for candidate in _path_candidates(finding, token, exists, climb=False):
            target, commit = _follow(paths, candidate, exists)
            if target is None:
                continue
            relative = target
            from_folder = candidate == posixpath.normpath(posixpath.join(posixpath.dirname(finding.path), token.lstrip("/")))
            # A relative link resolves from its page, whichever folder the old path was in.
            from_folder = from_folder or (finding.context == "link" and not token.startswith("/"))
            if from_folder and posixpath.dirname(finding.path):
                relative = posixpath.relpath(target, posixpath.dirname(finding.path))  # the doc wrote it from its folder
            if from_folder and token.startswith("./") and not relative.startswith("../"):
                relative = "./" + relative
            new = relative + ("/" if token.endswith("/") else "")
            finding.replacement = new if finding.text == token else finding.text.replace(token, new)
            finding.certain = True
            finding.evidence += f"; git history: renamed to {target} in {commit[:10]}"
            if finding.context == "inline" and any(r and target == f"{r}/{candidate}" for r in roots):
                # mistune's "``mistune/plugins/math.py``" after the code moved into src/: the
                # package's path as Python sees it still; a note, with the tree's path as fix.
                finding.confidence = "low"
                finding.evidence += f" (a move into {target[: -len(candidate) - 1]}/: the path still names the package's folder as Python imports it)"
            replaced += 1
            break
        else:
            replaced += _moved_page_rename(finding, token, paths, exists)
    return replaced


def _moved_page_rename(finding: Finding, token: str, paths: PathHistory, exists: Exists) -> int:
    """A page that moved names a path from where it was, and that path moved with the
    page (in the same commit) or since: its new path, as a suggestion (from which root
    the page now means it, only its author knows)."""
    former = paths.former_names(finding.path)
    for candidate, base in _moved_page_candidates(finding, token, paths, exists, former):
        target, commit = None, ""
        for old, moved_by in former:
            moved = paths.moved_in(candidate, moved_by)
            if moved and exists(moved):
                target, commit = moved, moved_by
                break
        if target is None:
            target, commit = _follow(paths, candidate, exists)
        if target is None:
            continue
        new = target
        if base == posixpath.dirname(former[0][0]) and posixpath.dirname(finding.path) and base:
            new = posixpath.relpath(target, posixpath.dirname(finding.path))  # written from its folder
        new += "/" if token.endswith("/") else ""
        finding.replacement = new if finding.text == token else finding.text.replace(token, new)
        finding.certain = False
        note = f"; the page was {former[0][0]}, from where it named {candidate}, which git saw renamed to {target} in {commit[:10]}"
        if note not in finding.evidence:  # (a finding asked twice, in a group and alone, says it once)
            finding.evidence += note
        return 1
    return 0


def removed_exactly(findings: list[Finding], history: History, head: str, exists: Exists) -> list[Finding]:
    """The findings whose very path a commit of this repository deleted (`arealite/x.py`
    once in the tree, its folder gone since): stale, although its first part is nowhere."""
    paths = path_history(history, head)
    kept = []
    for finding in findings:
        token = _token(finding)
        for candidate in _path_candidates(finding, token, exists, climb=False) if token else ():
            found = paths.removal(candidate)
            if found and not found.get("renamed_to"):
                finding.evidence += f"; git history: {candidate} was deleted in {found['commit'][:10]}"
                kept.append(finding)
                break
    return kept


def _follow(paths: PathHistory, path: str, exists: Exists) -> tuple[str | None, str]:
    """Where a chain of renames took ``path``, when it ends at a path that exists."""
    first = None
    for _ in range(RENAME_HOPS):
        found = paths.removal(path)
        if not found or not found.get("renamed_to"):
            return None, ""
        first = first or found["commit"]
        path = found["renamed_to"]
        if exists(path):
            return path, first
    return None, ""


def attribute(findings: list[Finding], history: History, head: str, base: str | None = None, *, index: Any, rule_set: Any = None, blame: bool = True) -> int:
    """Set ``broken_by`` on every attributable finding (see the module's docstring for
    its shapes); with the head's ``index`` (bot.index.FactIndex: which paths exist, the
    package roots, what modules define), renamed paths get their replacement
    (apply_renames) and history's verdicts their context. Returns how many findings got
    a commit or a born-stale answer.

    Without ``blame``, the doc lines' ages are not read (git blame on every page is the
    slow part), so ``broken_by`` has no doc-line fields; everything history decides
    about a finding (its confidence, its fix) is the same, so --no-blame reports the
    same findings. The few lines whose confidence depends on their age are blamed."""
    exists: Exists = index.path_exists
    roots: Iterable[str] = index.package_roots
    checkouts: Iterable[str] = index.root_names
    apply_renames(findings, history, head, exists, roots)
    subjects = [(f, _token(f)) for f in findings if f.rule in ATTRIBUTED]
    subjects = [(f, t) for f, t in subjects if t is not None]
    if not subjects:
        return 0
    lines: dict[str, set[int]] = {}
    for finding, _ in subjects:
        lines.setdefault(finding.path, set()).add(finding.line)
    blamed = history.start_line_ages(lines, head) if blame else None  # runs while the passes below do
    answers = _Answers(history, head, base, rule_set)
    asked = {id(f): questions(f, t, exists, roots, checkouts, answers.paths) for f, t in subjects if f.rule not in DEFINITION_RULES or not f.definition}
    # (A name asked of one file is also counted across the code: past the file questions'
    # count, that is the answer.)
    tokens = sorted({s.split("\0")[-1] for qs in asked.values() for kind, s in qs if kind in ("token", "file-token")})
    if tokens:
        answers.tokens = token_events(history, head, tokens, NAME_PATHSPEC)
    head_info = history.commit_info(head)
    now = head_info.timestamp if head_info else 0
    attributed = 0
    try:
        found_for = {id(f): answers.removal(asked[id(f)]) if id(f) in asked else answers.definition_change(f.definition) for f, _ in subjects}
        if blamed is not None:
            ages = blamed()
        else:
            aged: dict[str, set[int]] = {}
            for finding, _ in subjects:
                if _moved_into(finding, found_for[id(finding)]):
                    aged.setdefault(finding.path, set()).add(finding.line)
            ages = history.start_line_ages(aged, head)() if aged else {}
        for finding, _ in subjects:
            found = found_for[id(finding)]
            finding.broken_by = _broken_by(found, ages.get((finding.path, finding.line)) or None, answers.window, now)
            attributed += "unknown" not in finding.broken_by
            if finding.rule == "DRIFT005" and finding.replacement is None and isinstance(found, dict) and found.get("renamed_to") and id(finding) in asked:
                _module_renamed(finding, answers, asked[id(finding)], roots, exists, index.defines_name)
            if _named_from_inside_after_move(finding, found):
                # graphrag's design doc, written after `graphrag/` moved to
                # packages/graphrag/graphrag/, lists `graphrag/cli/main.py`: the path from
                # inside the package, as the page meant it; not a path the move broke.
                finding.confidence = "low"
                finding.certain = False
                finding.evidence += "; the page was written after that move: it names the file from inside its package"
            elif found == "never-existed" and finding.rule == "DRIFT001" and finding.context == "command" and finding.text.lower().endswith(DATA_SUFFIXES) and finding.confidence != "low":
                # `train_data="data/train.jsonl"` in a fine-tuning script: the reader's data,
                # never a file of the repository.
                finding.confidence = "low"
                finding.replacement = None
                finding.certain = False
                finding.evidence += f"; {NEVER_HAD}: a data file, the reader's own"
            elif found == "never-existed" and finding.rule == "DRIFT001" and finding.context == "link" and finding.replacement is None and finding.confidence != "low" and _never_had_a_source(asked.get(id(finding), []), answers.paths):
                # `../../reference/generated/kernels.html`, `rust-api/hyperactor/index.html`:
                # a page no commit ever had the source of is one a build writes (autosummary,
                # Doxygen, rustdoc) more often than a slip. A note.
                finding.confidence = "low"
                finding.certain = False
                finding.evidence += f"; {NEVER_HAD}, nor a page's source of that name: a page the doc build may write"
            elif found == "never-existed" and finding.rule == "DRIFT001" and finding.context not in ("link", "url") and finding.replacement is None and finding.confidence == "high":
                # A path named in prose or a command that this repository never had: more
                # often the reader's own file, another project's or a plan than a typo
                # (hand-judged first runs on 40 repositories: 11 true of 45), so a note
                # where the history is long enough for "never" to say much; medium else.
                near = _near_namesake(asked.get(id(finding), []), index.children, index.dirs.__contains__)
                if near is not None:
                    # NeMo-RL's `uv run examples/run_grpo.py` beside examples/run_grpo_math.py,
                    # pyOCD's `test/unit/semihosting.py` beside test_semihosting.py: a folder of
                    # this repository, and a name in it nearly the page's: misnamed here, not
                    # the reader's file. Reported, at medium.
                    finding.confidence = "medium"
                    # (Worded apart from NEVER_HAD: a page naming our files misspelt is no
                    # sign that it describes another codebase, bot.scope.downgrade_foreign_pages.)
                    finding.evidence += f"; {MISNAMED_HERE}, but its folder {near[0]}/ has {near[1]}"
                else:
                    finding.confidence = "low" if len(answers.window.order) >= NEVER_HAD_HISTORY else "medium"
                    finding.evidence += f"; {NEVER_HAD} (the reader's own file, or another project's?)"
    finally:
        answers.definitions.close()
    _replaced_literals([f for f, _ in subjects], history, index.names_kind)
    if not blame:
        for finding, _ in subjects:
            _without_line_age(finding.broken_by)
    return attributed


# What git blame adds to an attribution: the doc line's commit and what follows from it.
LINE_AGE_FIELDS = ("doc_line_commit", "doc_line_timestamp", "stale_days")


def _without_line_age(broken: dict | None) -> None:
    """--no-blame's attribution: the code's side only, the same whichever lines were
    blamed to decide a confidence. A name the code never had was born stale whatever
    the line's age; one a commit removed is not known to be."""
    if not broken:
        return
    for field in LINE_AGE_FIELDS:
        broken.pop(field, None)
    if broken.get("commit"):
        broken.pop("born_stale", None)


LITERAL_RULES = {"DRIFT002", "DRIFT003", "DRIFT004", "DRIFT005"}


# The kind of name each rule's subject is, to ask whether the code still has a swap's new string.
_RULE_KINDS = {"DRIFT002": "flag", "DRIFT003": "env", "DRIFT004": "metric"}


def _replaced_literals(findings: list[Finding], history: History, names_kind: Callable[[str, str], bool] | None = None) -> None:
    """scriv's `git_config("scriv.user_nick")` became `git_config("scriv.user-nick")` in
    the commit that broke the doc: that string is the fix, whatever a spelling guess said,
    while the code still has it (smart_open's `SMART_OPEN_S3_URL` became `SO_S3_URL` in
    2017, itself gone since: that is history, no fix)."""
    asked: dict[str, list[Finding]] = {}
    for finding in findings:
        broken = finding.broken_by or {}
        if finding.rule in LITERAL_RULES and not finding.certain and broken.get("reason") == "removed" and broken.get("commit"):
            asked.setdefault(broken["commit"], []).append(finding)
    for commit in sorted(asked, key=lambda c: -len(asked[c]))[:MAX_LITERAL_COMMITS]:
        for finding in asked[commit]:
            token = _token(finding) or ""
            found = replaced_with(history, commit, token, NAME_PATHSPEC)
            leaf = token.rsplit(".", 1)[-1]
            if found is None and finding.rule == "DRIFT005" and leaf != token:
                # `schemas.validate_config`: the module's `__all__` entry "validate_config"
                # became "validate_config_schema" in that commit.
                renamed = replaced_with(history, commit, leaf, NAME_PATHSPEC)
                if renamed is not None and renamed[0].isidentifier():
                    finding.replacement = token[: -len(leaf)] + renamed[0]
                    finding.evidence += f'; {commit[:10]} replaced "{leaf}" with "{renamed[0]}" in {renamed[1]}'
                continue
            if found is None or found[0] == token:
                continue
            new, path = found
            said = f'{commit[:10]} replaced the string "{token}" with "{new}" in {path}'
            kind = _RULE_KINDS.get(finding.rule)
            if kind and names_kind is not None and not names_kind(kind, new):
                finding.evidence += f"; {said}, which the code no longer has either"
                if finding.replacement == new:
                    finding.replacement = None
                continue
            finding.replacement = new
            if finding.rule == "DRIFT005":
                # `scriv.user_nick` read as a Python name: the code held it as a string, so
                # what modules define says nothing.
                finding.message = f"the code no longer has {token}: it says {new}"
                finding.evidence = said
            else:
                finding.evidence += "; " + said


_BUILT_PAGE = (".html", ".htm")
_PAGE_SOURCES = (".md", ".mdx", ".rst", ".ipynb", ".txt", ".qmd")


def _never_had_a_source(asked: list[tuple[str, str]], paths: PathHistory) -> bool:
    """Whether a link names a built page (`x.html`) whose source (`x.md`, `x.rst`, ...) no
    commit ever had, wherever the link may point."""
    built = [subject for kind, subject in asked if kind == "path" and subject.lower().endswith(_BUILT_PAGE)]
    # (A page committed as HTML and deleted since is no build's: the link is stale.)
    return bool(built) and not any(paths.known(posixpath.splitext(b)[0] + ext) for b in built for ext in (*_PAGE_SOURCES, posixpath.splitext(b)[1]))


# Files a run reads or writes, not ones a repository ships: named in a command and never
# in any commit, they are the reader's.
DATA_SUFFIXES = (
    ".jsonl", ".csv", ".tsv", ".parquet", ".arrow", ".npy", ".npz", ".pt", ".pth", ".ckpt",
    ".safetensors", ".bin", ".wav", ".mp3", ".flac", ".mp4", ".tar", ".zip", ".gz", ".h5",
    ".pkl", ".pickle", ".tfrecord", ".jpg", ".jpeg", ".png",
)


def _dotted(path: str, roots: Iterable[str]) -> str | None:
    """The module a file or package folder is (`src/pkg/a/b.py` -> `pkg.a.b`)."""
    for root in sorted((r for r in roots if r), key=len, reverse=True):
        if path.startswith(root + "/"):
            path = path[len(root) + 1 :]
            break
    path = path.removesuffix("/__init__.py").removesuffix(".py")
    parts = path.split("/")
    return ".".join(parts) if all(p.isidentifier() for p in parts) else None


def _module_renamed(finding: Finding, answers: Any, asked: list[tuple[str, str]], roots: Iterable[str], exists: Exists | None, defines: Callable[[str, str], bool] | None = None) -> None:
    """`pkg.moe.scaled_grouped_mm` after git saw scaled_grouped_mm.py renamed to
    mxfp8_grouped_mm.py: the new module's dotted name, as a suggestion, when the new
    module has the name the doc imports from it (``defines``: module, name -> bool;
    django-guardian's models.py became models/models.py, which has no `User`)."""
    for kind, subject in asked:
        if kind != "path":
            continue
        found = answers.removal([(kind, subject)])
        target = found.get("renamed_to") if isinstance(found, dict) else None
        old, new = _dotted(subject, roots), _dotted(target, roots) if target else None
        if not (old and new and old != new and (finding.text == old or finding.text.startswith(old + "."))):
            continue  # (`http.py` made `http/__init__.py` keeps the name: no fix there)
        if exists is not None and not exists(target):
            return
        finding.evidence += f"; git history: {subject} was renamed to {target}"
        name = finding.text[len(old) :].lstrip(".").split(".")[0]
        if not name or defines is None or defines(new, name):
            finding.replacement = new + finding.text[len(old) :]
        return


NEVER_HAD_HISTORY = 20  # commits a history needs before "no commit ever had it" makes a path a note


NEAR_NAME_RATIO = 0.7  # how alike a missing file's name and its folder's entry must be


def _near_namesake(asked: list[tuple[str, str]], children: Callable[[str], list[str]], is_dir: Callable[[str], bool]) -> tuple[str, str] | None:
    """(folder, entry) when a path the finding asked of history leaves the tree in a
    folder (not the root) that holds an entry named nearly as the part it misses there:
    `examples/run_grpo.py` by run_grpo_math.py, `training/config/x.yaml` by configs/.
    Names are compared without their suffixes (`never.py` is not `new.py`); a folder the
    path goes through is compared with folders only."""
    for kind, subject in asked:
        if kind != "path":
            continue
        parts = [p for p in subject.strip("/").split("/") if p]
        folder = ""
        for i, part in enumerate(parts):
            entries = children(folder)
            if part in entries:
                folder = f"{folder}/{part}" if folder else part
                continue
            if i < len(parts) - 1:
                entries = [e for e in entries if is_dir(f"{folder}/{e}" if folder else e)]
            if folder and entries:
                # Of entries sharing a stem (v1_demo.yaml, v1_demo.jsonl), the one with the
                # page's suffix is the one it means.
                suffix = posixpath.splitext(part)[1].lower()
                stems = {posixpath.splitext(e)[0].lower(): e for e in sorted(entries, key=lambda e: posixpath.splitext(e)[1].lower() == suffix)}
                near = closest(posixpath.splitext(part)[0].lower(), stems, NEAR_NAME_RATIO)
                if near:
                    return folder, stems[near[0]]
            break
    return None


def _moved_into(finding: Finding, found: dict | str) -> bool:
    """A path in prose that a move made the tail of the new path: whether it is stale
    depends on the age of its line (_named_from_inside_after_move)."""
    if finding.rule != "DRIFT001" or finding.context in ("link", "url", "command") or not isinstance(found, dict):
        return False
    target = found.get("renamed_to") or ""
    token = _token(finding) or ""
    return bool(token) and target.endswith("/" + token.lstrip("./"))


def _named_from_inside_after_move(finding: Finding, found: dict | str) -> bool:
    """A path in prose whose rename the page's line already had, and which the new path
    ends with (`graphrag/cli/main.py`, now packages/graphrag/graphrag/cli/main.py)."""
    return _moved_into(finding, found) and bool(finding.broken_by and finding.broken_by.get("born_stale"))


def _broken_by(found: dict | str, doc_line: dict | None, window, now: int) -> dict:
    if found == "budget":
        return dict(BUDGET)
    if found == "no-definition":
        return {"unknown": "no-definition"}  # the head's file does not define it as the check saw
    doc = {}
    if doc_line and doc_line.get("commit"):
        doc = {"doc_line_commit": doc_line["commit"], "doc_line_timestamp": doc_line.get("timestamp", 0)}
    if isinstance(found, str):
        # Nothing in the code's history removed it: wrong since the line was written.
        days = stale_for_days(doc_line.get("timestamp", 0), now) if doc else None
        return {"born_stale": True, "reason": found, **doc, **({"stale_days": days} if days is not None else {})}
    broken = dict(found)
    broken.update(doc)
    # Born stale: the doc line's commit already had the code as it is (the breaking
    # commit is in its history). Ancestry, not clocks: commits of one second tie.
    broken["born_stale"] = bool(doc) and window.is_ancestor(found["commit"], doc["doc_line_commit"])
    since = max(found.get("timestamp", 0), doc_line.get("timestamp", 0) if doc else 0)
    days = stale_for_days(since, now)
    if days is not None:
        broken["stale_days"] = days
    return broken
