"""Flags a repository defined and then removed: stale on its own word, even where its
parser extends a framework whose flags drift cannot read.

`--critic-num-nodes` on slime's command line is "maybe Megatron's" to the index (slime's
parser extends Megatron-LM's). But slime's own history shows slime defined it and then
removed it: a doc that still passes it fails now, unless the framework happens to define
the same name, which the evidence says and the confidence (medium) allows for. One pass
over history answers every such flag (bot.history_scan, cached per head, bounded by a
count of commits), so the answer is the same cold or warm, with blame on or off.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from .checks.base import bare_list_is_ours, finding
from .history import History, diff_hunks
from .history_scan import FIELD, token_events
from .index import FactIndex, closest, import_closure, is_test_path
from .literal_renames import replaced_with
from .model import FLAG, Finding

CODE, NAME = "DRIFT002", "unknown-flag"
MAX_FLAGS = 300  # flags asked about in one audit; the rest stay unverified notes
PATHSPEC = ["*.py", "*.pyi"]
TEST_PATH = re.compile(r"(^|/)(tests?|testing)/|(^|/)test_[^/]*\.py$|_test\.py$")
ANSWER_VERSION = "6"  # bump when what counts as a definition changes: cached answers age out
SCRIPTS_VOUCH = 2  # scripts of the repository that still pass a flag: then the framework has it
SUGGEST_RATIO = 0.88  # a removed flag's closest living one is offered only when this alike


def _tokens(flag: str) -> list[str]:
    """The spellings that define a flag: the option string, or a dataclass field."""
    return [flag, FIELD + flag[2:].replace("-", "_")]


def _removal(events: list[dict]) -> dict | None:
    """The commit that removed the last definition, when the code once defined the name
    and defines it no more."""
    added = sum(e.get("py_added", 0) for e in events)
    net = sum(e.get("py_added", 0) - e.get("py_removed", 0) for e in events)
    if added == 0 or net > 0:
        return None
    removals = [e for e in events if e.get("py_removed", 0) > e.get("py_added", 0)]
    return removals[0] if removals else None  # events come newest first


def _removed_from_live_files(history: History, commit: str, tokens: list[str]) -> set[str]:
    """Which of ``tokens`` ``commit`` removed from Python files it kept. A definition that
    went with its whole file (a backend removed) may have been a copy of the framework's
    flag, which lives on; one deleted from a parser that stays is the flag's end."""

    def compute() -> list[str]:
        try:
            out = history.run_git("show", "--format=", "--unified=0", "--no-color", "--no-ext-diff", commit, "--", *PATHSPEC).decode("utf-8", "replace")
        except Exception:
            return []
        found: set[str] = set()
        deleted = skipped = False
        hunk: list[str] = []

        def judge(lines: list[str]) -> None:
            # An option string alone on its line is a definition inside an add_argument call
            # (the call's opening line just before it) or when the hunk writes a new one
            # in its place (`-"--old",` then `+"--new",`: the option was renamed).
            renamed = any(_BARE_OPTION.match(added) for added in lines if added.startswith("+"))
            previous = ""
            for current in lines:
                if current.startswith("-") and not current.startswith("---"):
                    for token in tokens:
                        if _spelled(token, current, previous, renamed):
                            found.add(token)
                    previous = current

        for line in out.splitlines():
            if line.startswith(("diff --git", "@@")):
                if hunk and not deleted and not skipped:
                    judge(hunk)
                hunk = []
                if line.startswith("diff --git"):
                    deleted = False
                    skipped = bool(TEST_PATH.search(line.split(" b/", 1)[-1]))  # a test's command lines define nothing
            elif line.startswith("deleted file mode"):
                deleted = True
            elif line.startswith(("-", "+")):
                hunk.append(line)
        if hunk and not deleted and not skipped:
            judge(hunk)
        return sorted(found)

    return set(history._cached(f"own-flag-removal\0{ANSWER_VERSION}\0{commit}\0{','.join(sorted(tokens))}", compute))


# An option added under a name built at run time: `add_argument(argument)`,
# `add_argument(f"--{name}")`, `add_argument("--" + name)`.
_DYNAMIC_ADD = re.compile(r"""\badd_argument\(\s*(?:[A-Za-z_][\w.\[\]'"]*\s*[,)]|f["']|["']-{1,2}["']\s*\+|\*)""")


def _dynamic_options_added(history: History, commit: str) -> set[str]:
    """The Python files in which ``commit`` added an option named at run time (cached)."""
    def compute() -> list[str]:
        out = history.run_git("show", "--format=", "-U0", "--no-color", "--no-ext-diff", "--no-renames", commit, "--", *PATHSPEC).decode("utf-8", "replace")
        return sorted({path for path, _, added in diff_hunks(out) if path and any(_DYNAMIC_ADD.search(line) for line in added)})

    return set(history._cached(f"dynamic-options-added\0{ANSWER_VERSION}\0{commit}", compute))


def _spelled(token: str, line: str, previous: str = "", renamed: bool = False) -> bool:
    """Whether a removed line defined ``token``: a dataclass field, or an option string in
    an `add_argument`/`option` call (or alone on its line inside one); a usage example in
    a docstring only names it."""
    if token.startswith(FIELD):
        name = token[len(FIELD):]
        return re.match(rf"-\s*{re.escape(name)}\s*:", line) is not None
    quoted = rf"[\"']{re.escape(token)}[\"']"
    if re.search(quoted, line) is None:
        return False
    if _DEFINES.search(line):
        return True
    # `parser.add_argument(` on the line before, the option string alone on this one.
    alone = re.match(rf"-\s*{quoted}\s*(?:,|\)|$)", line) is not None
    return alone and (renamed or bool(_DEFINES.search(previous) and previous.rstrip().endswith("(")))


_BARE_OPTION = re.compile(r"^\+\s*[\"']--[A-Za-z][\w.-]*[\"']\s*(?:,|\)|$)")


_DEFINES = re.compile(r"add_argument\(|\boption\(|\bOption\(|add_option\(")


def _framework_roots(also: str | None) -> set[str]:
    """`trl (TrlParser), transformers` -> {"trl", "transformers"}: the packages named."""
    return {name.split(" ", 1)[0].split(".", 1)[0].lower() for name in re.split(r",\s*|\s+and\s+", also or "") if name.strip()}


_IMPORT = re.compile(r"^\+\s*(?:from|import)\s+([A-Za-z_]\w*)")


def _imports_added(history: History, commit: str) -> set[str]:
    """The top-level packages a commit's added Python lines import."""

    def compute() -> list[str]:
        try:
            out = history.run_git("show", "--format=", "--unified=0", "--no-color", "--no-ext-diff", commit, "--", *PATHSPEC).decode("utf-8", "replace")
        except Exception:
            return []
        return sorted({m.group(1).lower() for m in map(_IMPORT.match, out.splitlines()) if m})

    return set(history._cached(f"imports-added\0{ANSWER_VERSION}\0{commit}", compute))


def _known_framework_flags(frameworks: set[str]) -> set[str]:
    """Option names the frameworks behind the programs define (rules/framework_flags.toml)."""
    from .rules import framework_flags

    roots = set().union(*(_framework_roots(also) for also in frameworks)) if frameworks else set()
    return {n for package, entry in framework_flags().items() if package in roots for n in entry.get("names", [])}


# The reasons a program's options reach code drift cannot follow: plugins loaded by name,
# options named at run time, the rest of a parse_known_args handed on.
_HANDED_ON = re.compile(r"loads by name|named at run time|hands? (?:the options it lacks )?on|parse_known_args")


def _read_by_name(history: History, head: str, flags: list[str]) -> dict[str, str]:
    """Per flag, a Python file at ``head`` that reads its name as a key (`args["x"]`,
    `.get("x"`, `"x" in kwargs`): the options a parser hands on (parse_known_args to a
    model module loaded by name) may reach it there, so the flag still works."""
    names = {flag[2:].replace("-", "_"): flag for flag in flags if re.fullmatch(r"--[A-Za-z][\w-]*", flag)}
    names.update({flag[2:]: flag for flag in names.values()})
    if not names:
        return {}
    alternatives = "|".join(sorted(re.escape(n) for n in names))
    # Also an option helper's call that spells the name (huey's `option('logfile', ...)`,
    # `option(('k', 'worker-type'), ...)`, which make `--logfile` and `--worker-type`).
    key = (
        rf"""(\[|\.(get|pop)\()\s*["']({alternatives})["']|["']({alternatives})["']\s+(not\s+)?in\b"""
        rf"""|\w\(\s*\(?\s*(["'][A-Za-z]["']\s*,\s*)?["']({alternatives})["']\s*[,)]"""
    )
    out = history.run_git("grep", "-I", "-o", "-E", "-e", key, head, "--", *PATHSPEC).decode("utf-8", "replace")
    found: dict[str, str] = {}
    for line in out.splitlines():
        _, path, match = (line.split(":", 2) + ["", ""])[:3]
        name = next((n for n in re.findall(r"[\w-]+", match) if n in names), None)
        if name is not None and not is_test_path(path):
            found.setdefault(names[name], path)
    return found


_OTHER_LANGUAGE = re.compile(r"\b(?:Rust|Go) programs\b")
OTHER_LANGUAGE_PATHSPEC = ["*.rs", "*.go"]


def _named_in_other_language(history: History, head: str, flags: list[str]) -> dict[str, str]:
    """Per flag, a Rust or Go file at ``head`` that names it as an option: a clap field
    (`private: bool`), `long = "private"`, or the quoted option string."""
    names = {flag[2:]: flag for flag in flags if re.fullmatch(r"--[A-Za-z][\w-]*", flag)}
    if not names:
        return {}
    kebab = "|".join(sorted(re.escape(n) for n in names))
    snake = "|".join(sorted({re.escape(n.replace("-", "_")) for n in names}))
    pattern = rf'\b({snake})\s*:[^:]|"(--)?({kebab})"'
    try:
        out = history.run_git("grep", "-I", "-o", "-E", "-e", pattern, head, "--", *OTHER_LANGUAGE_PATHSPEC).decode("utf-8", "replace")
    except Exception:
        return {}
    by_snake = {n.replace("-", "_"): flag for n, flag in names.items()}
    found: dict[str, str] = {}
    for line in out.splitlines():
        _, path, match = (line.split(":", 2) + ["", ""])[:3]
        word = re.search(r"[A-Za-z][\w-]*", match.lstrip('"-'))
        flag = names.get(word.group(0)) or by_snake.get(word.group(0)) if word else None
        if flag is not None and not is_test_path(path):
            found.setdefault(flag, path)
    return found


def removed_here(unverified: list[tuple[Any, str]], index: FactIndex, history: History, head: str) -> list[Finding]:
    from .engine import _tells_history

    claims = [(claim, also) for claim, also in unverified if claim.text.startswith("--")]
    flags = sorted({claim.text for claim, _ in claims})[:MAX_FLAGS]
    if not flags:
        return []
    events = token_events(history, head, [t for flag in flags for t in _tokens(flag)], PATHSPEC)
    removed: dict[str, dict] = {}
    window = history.window(head)
    known = _known_framework_flags({also for _, also in claims if also})
    for flag in flags:
        if index.scripts_passing(flag) >= SCRIPTS_VOUCH:
            continue  # the repository's own scripts still pass it: the framework has it
        if flag[2:].replace("-", "_") in known:
            continue  # `--lr_scheduler_type`: a TrainingArguments field the framework still has
        merged = sorted((e for t in _tokens(flag) for e in events.get(t, [])), key=lambda e: window.rank(e["commit"]), reverse=True)
        found = _removal(merged)
        if found is not None:
            removed[flag] = found
    by_commit: dict[str, list[str]] = {}
    for flag, event in removed.items():
        by_commit.setdefault(event["commit"], []).extend(_tokens(flag))
    live = {commit: _removed_from_live_files(history, commit, tokens) for commit, tokens in sorted(by_commit.items())}
    removed = {flag: event for flag, event in removed.items() if live[event["commit"]] & set(_tokens(flag))}
    # A bare list of no known program is judged only when each of its flags is one a parser
    # here defines, or one the repository removed: a flag neither may make it another program's.
    claims = [(claim, also) for claim, also in claims if not claim.attrs.get("unowned_list") or bare_list_is_ours(claim, index, removed.__contains__)]
    own_flags = [n for n in index.names(FLAG) if n.startswith("--")]
    # Only options a program hands on to code it loads by name or at run time are asked
    # about: behind a package's parser, `kwargs.get("torch_dtype")` in some trainer says
    # nothing of the command line.
    handed_on = sorted({claim.text for claim, also in claims if claim.text in removed and _HANDED_ON.search(also or "")})
    read_by_name = _read_by_name(history, head, handed_on) if handed_on else {}
    blind = sorted({claim.text for claim, also in claims if claim.text in removed and _OTHER_LANGUAGE.search(also or "")})
    other_language = _named_in_other_language(history, head, blind) if blind else {}
    results = []
    for claim, also in claims:
        event = removed.get(claim.text)
        if event is None:
            continue
        program_path = claim.attrs.get("program_path")
        pool = own_flags
        if program_path:
            reach = import_closure(index, program_path)
            pool = [n for n in own_flags if any(f.path in reach for f in index.names(FLAG)[n])] or own_flags
        candidates = closest(claim.text, pool, SUGGEST_RATIO)
        pr = f" (#{event['pr']})" if event.get("pr") else ""
        framework = also or "a framework"
        evidence = f"the repository defined {claim.text} until {event['commit'][:10]}{pr} removed it ({str(event.get('date', ''))[:10]}: {event.get('subject', '')}); "
        if claim.attrs.get("unowned_list"):
            evidence += "the list names no program, and every other flag in it is one a parser here defines or one it removed"
        else:
            evidence += f"its parser extends {framework}, whose flags drift cannot read, so only a flag of the same name there would keep it"
        if candidates:
            evidence += f"; closest flag here: {candidates[0]}"
        program = claim.attrs.get("script") or claim.attrs.get("program")
        message = f"unknown flag {claim.text}" + (f" for {program}" if program else "")
        confidence = "low" if _tells_history(claim) else "medium"  # "`--x` was removed": the doc knows
        moved_to = _framework_roots(also) & _imports_added(history, event["commit"])
        renamed = replaced_with(history, event["commit"], claim.text, PATHSPEC) if moved_to else None
        if renamed is not None and index.has(FLAG, renamed[0]):
            # snakemake's 2be3bfa484 began importing its plugin interfaces and wrote
            # `--list-changes` where `--list-code-changes` stood: renamed here, not moved there.
            moved_to = set()
        if moved_to:
            # The commit that dropped the definition began importing the framework's classes
            # (alignment-handbook's `ModelArguments` fields for trl's ModelConfig): moved, not gone.
            confidence = "low"
            evidence += f"; that commit began importing {sorted(moved_to)[0]}, which likely defines it now"
        if claim.text in other_language:
            # kernels' `--private` left the Python CLI for the Rust `kernel-builder`, whose
            # clap struct in this repository still has `private: bool`.
            confidence = "low"
            evidence += f"; {other_language[claim.text]} still names {claim.text[2:]}: the option likely moved there"
        generating = sorted(_dynamic_options_added(history, event["commit"]) & set(index.dynamic_options))
        if generating:
            # django-cms's startcmsproject: `--alias` left the code in the commit that made
            # the command add an option per entry of its JSON install rules (`add_argument(argument)`).
            confidence = "low"
            evidence += f"; that commit made {generating[0]} add options named at run time (line {index.dynamic_options[generating[0]][0]})"
        key = claim.text[2:].replace("-", "_")
        if index.config_leaf(key) is not None:
            # MindSpeed-RL's configs still set `recompute_method:`, which its loader turns
            # into `--recompute-method` for Megatron's parser: the option lives on there.
            confidence = "low"
            evidence += f"; the repository's configs still set {key}, which a loader may hand to the framework's parser"
        if claim.text in read_by_name and _HANDED_ON.search(also or ""):
            # evaluate.py hands `--lm_tokenizer_path x` on (parse_known_args) to a model
            # module that reads model_args["lm_tokenizer_path"]: its parser went, the name works.
            confidence = "low"
            evidence += f"; {read_by_name[claim.text]} still reads {claim.text[2:].replace('-', '_')} by name, where the options handed on may go"
        results.append(finding((CODE, NAME), claim, message, evidence, confidence, candidates[0] if candidates else None))
    return results


_GITHUB_REPO = re.compile(r"github\.com/([\w.-]+)/([\w.-]+)", re.IGNORECASE)


def links_another_repository(text: str, own_names: set[str]) -> bool:
    """Whether a page links to a GitHub repository that is not this one (by name)."""
    return any(name.lower().removesuffix(".git") not in own_names for _, name in _GITHUB_REPO.findall(text))


def never_spelled_here(orphans: list[Finding], history: History, head: str, read_page: Callable[[str], str], own_names: set[str]) -> int:
    """Flags a page names outside any command, for no program of this repository and with
    no near spelling here, that no commit of this repository ever spelled in its code: not
    names this code dropped, but another program's options (Node's `--require`, SGLang's
    `--mamba-scheduler-strategy`; a companion's tutorial: DeepSpeed's pages on
    Megatron-DeepSpeed). Lowered in place; returns how many. A flag the code once had and
    dropped stays. A history git cannot walk whole says nothing about "never"."""
    # (`--mining.query_max_lenght` is a config key's path, spelled in YAML, not in code.)
    orphans = [item for item in orphans if "." not in item.text]
    if not orphans:
        return 0
    window = history.window(head)
    if not window.complete:
        return 0
    flags = sorted({f.text for f in orphans})[:MAX_FLAGS]
    events = token_events(history, head, [t for flag in flags for t in _tokens(flag)], PATHSPEC)
    never = {flag for flag in flags if not any(e.get("py_added", 0) for t in _tokens(flag) for e in events.get(t, []))}
    pages: dict[str, bool] = {}
    lowered = 0
    for item in orphans:
        if item.text not in never:
            continue
        if item.path not in pages:
            try:
                pages[item.path] = links_another_repository(read_page(item.path), own_names)
            except Exception:
                pages[item.path] = False
        whose = "and the page links to another repository: its option" if pages[item.path] else "so no name this code dropped: another program's option, most likely"
        item.confidence = "low"
        item.evidence += f"; no commit of this repository ever spelled {item.text} in its code, {whose}"
        lowered += 1
    return lowered


def _option_strings(flag: str) -> list[str]:
    """The quoted spellings an argparse definition writes (`"--controller"`): a usage line
    in a docstring (`python -m x --controller ...`) defines nothing."""
    return [f'"{flag}"', f"'{flag}'"]


MAX_PROGRAM_PICKAXES = 40  # per audit: `git log -S` runs over one program's files


def _spelled_in(history: History, head: str, option: str, files: list[str]) -> bool:
    """Whether any commit up to ``head`` added or removed the quoted option in ``files``
    (as they are named now: a program's own past, apart from the other programs that
    define the same name)."""
    out = b""
    for quoted in _option_strings(option):
        out += history.run_git("log", "--format=%H", "-S", quoted, head, "--", *files)
    return bool(out.strip())


def abbreviated_on_purpose(abbreviations: list[tuple[Finding, list[str], bool]], history: History, head: str) -> int:
    """Abbreviations (`--controller` for `--controller-address`) that no commit ever
    spelled in the code (or, where other programs define the name, in this program's
    files): the page shortens the option on purpose, and argparse runs what it means.
    Lowered to a note in place; returns how many. The rest stay, with the commit that
    renamed the short name to the longer one (`--model-name` to `--model-names`: it runs,
    but the page kept a name the code gave up; a note if the page wrote it in that very
    commit) or removed it (`--cpu_offload` gone while `--cpu_offload_split_threshold`
    stays: it now runs another option). ``abbreviations`` gives each finding with its
    program's files and whether the program is only a guess (prose that names none: the
    one program whose option the name prefixes)."""
    if not abbreviations:
        return 0
    window = history.window(head)
    flags = sorted({f.text for f, _, _ in abbreviations})[:MAX_FLAGS]
    longer = sorted({f.replacement for f, _, _ in abbreviations if f.text in flags and f.replacement})
    events = token_events(history, head, [t for flag in flags + longer for t in _option_strings(flag)], PATHSPEC)

    def spelled(flag: str) -> list[dict]:
        return sorted((e for t in _option_strings(flag) for e in events.get(t, [])), key=lambda e: window.rank(e["commit"]), reverse=True)

    pickaxes: dict[tuple[str, tuple[str, ...]], bool] = {}
    renames: list[tuple[Finding, str]] = []
    lowered = 0
    for item, files, guessed in abbreviations:
        if item.text not in flags:
            continue
        short, long = spelled(item.text), spelled(item.replacement or "")
        # A name cut where a word ends (`--controller` of `--controller-address`) is
        # shortened on purpose; one cut inside a word (`--actor-num-node`) on a command line
        # is a slip. In prose that names no program, the program itself is a guess.
        rest = (item.replacement or "")[len(item.text) :]
        # (A plural's `s` dropped, `--task` for `--tasks`, is the same word.)
        # (And a name of up to three letters for a long one, `--t` for `--target-domain`,
        # pint's `--sys` for `--system`, is short on purpose; `--l` for `--lr` is a letter dropped.)
        at_word = guessed or rest[:1] in ("-", "_") or rest in ("s", "es") or (len(item.text) <= 5 and len(rest) >= 3)
        never = not any(e.get("py_added", 0) for e in short)
        if not never and at_word and files and window.complete:
            key = (item.text, tuple(files))
            if key not in pickaxes and len(pickaxes) < MAX_PROGRAM_PICKAXES:
                pickaxes[key] = _spelled_in(history, head, item.text, list(files))
            never = pickaxes.get(key) is False  # other programs define it; this one never did
        if never:
            if window.complete and at_word:  # a history git cannot walk whole says nothing about "never"
                item.confidence = "low"
                item.evidence += f"; no commit of this repository ever spelled {item.text} in this program's code: the page shortens the option on purpose"
                lowered += 1
            continue
        removed = {e["commit"] for e in short if e.get("py_removed", 0)}
        renamed = next((e for e in long if e.get("py_added", 0) and e["commit"] in removed), None)
        if renamed is not None:
            # Still runs (argparse expands the old name to the new), but the page kept a
            # name the code gave up: stale, the fix certain in all but name. Unless the page
            # wrote it in the commit that renamed it (kvcached's `--config` for
            # `--config_path`): shortened on purpose, a note.
            pr = f" (#{renamed['pr']})" if renamed.get("pr") else ""
            item.evidence += f"; {renamed['commit'][:10]}{pr} ({renamed.get('subject', '')}) renamed {item.text} to {item.replacement}"
            renames.append((item, renamed["commit"]))
            # The old name still runs the option it was renamed to: worth renaming, but the
            # command works as written (judged on first runs: 2 of 8 such findings true).
            item.confidence = "low"
            lowered += 1
            continue
        removal = _removal(short)
        if removal is not None:
            # Gone while a longer option stays: the command now runs another option. Kept.
            pr = f" (#{removal['pr']})" if removal.get("pr") else ""
            item.evidence += f"; the repository defined {item.text} until {removal['commit'][:10]}{pr} ({removal.get('subject', '')}) removed it: {item.replacement} is another option"
        elif window.complete:
            item.confidence = "low"  # neither renamed nor removed here: a shortening argparse runs
            lowered += 1
    if renames:
        ages = history.line_ages(_lines_of(renames), head)
        for item, commit in renames:
            written = (ages.get((item.path, item.line)) or {}).get("commit")
            # (The very commit, not any later one: a page moved or rewritten since has new
            # blame for old words.)
            if written == commit:
                item.evidence += f"; the page wrote {item.text} in that very commit: shortened on purpose, and argparse runs it"
    return lowered


def _lines_of(found: list[tuple[Finding, str]]) -> dict[str, set[int]]:
    lines: dict[str, set[int]] = {}
    for item, _ in found:
        lines.setdefault(item.path, set()).add(item.line)
    return lines
