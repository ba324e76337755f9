"""DRIFT006 default-mismatch: a doc states a default the code does not have.

What it does: in a table with a flag column and a "Default" column, compares each
row's default with the evaluated default of that flag in the code; so too a default a
sentence states for the one flag its line names ("`--x`: ... Defaults to 10s.",
"`--x` (default: `8`)"), at medium confidence. Formatting is
tolerated: `512 MiB`, `536870912` and `512 * 1024**2` agree; `-`/empty says nothing;
`off`/`false` agree with a `store_true` switch. When the code gives no default (None)
but the doc names a value, the value may be resolved at run time: that is reported only
at low confidence. Where the code does not show the default at all (a framework's flag
whose source is not at hand, one set at run time), the docs are compared with each other:
two that state different defaults for one flag of one program are each reported, at
medium confidence, naming the other.

Why: a wrong default in the reference is the most common way a doc misleads a user who
never passes the flag.

Example: `| --rollout-batch-size | 32 |` when the parser says `default=64`. The
suggestion is the row with the code's default.

Silence: `<!-- drift-ignore -->` above the table.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..model import Finding
from ..index import is_test_path, reset_for_program
from .base import CheckContext, definition, finding, flag_facts, mark_change, table_facts, where
from .classify import Claim
from .tables import NOT_STATED, UNKNOWN, clean_cell, doc_values, header_index, render, same_value

CODE = "DRIFT006"
NAME = "default-mismatch"
CLAIMS = ("row", "field_row")
SEVERITY = "error"


_BYTE_SIZE = re.compile(r"\d\s*(?:[kmgtp]i?)?b(?:ytes?)?\b", re.I)
_SIZE_NAME = re.compile(r"size|bytes|mem|buffer|cache|capacity|disk|storage", re.I)


def _switch_off(fact) -> bool:
    """A store_false switch (`--disable-x`, dest x) with no default of its own: a doc that
    calls its default False/off means the switch is not given, which is what a user gets;
    one that says True names the dest's value. Both are right."""
    return fact.attrs.get("action") == "store_false" and fact.attrs.get("default") in ("True", None)


# Words between "default" and a value that make it the old one: AReaL's "Defaults to True
# (changed from False in v0.3.4)" does not say the default is False.
_NOT_THE_OLD = r"(?:(?!\b(?:from|was|were|previously|formerly|instead\s+of|used\s+to)\b)[^.;])"


def _said_in_help(fact, claimed: list) -> bool:
    """Whether the option's help names a claimed value as its default."""
    help_text = str(fact.attrs.get("help") or "")
    return any(
        isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value)
        and re.search(r"\bdefault(?:s|ing)?\b" + _NOT_THE_OLD + r"{0,40}?(?<![\w.-])" + re.escape(str(value)) + r"(?![\w-])", help_text, re.I)
        for value in claimed
    )


def _agrees(fact, claimed: list, cell_text: str) -> bool:
    if not fact.attrs.get("default_known"):
        return False
    code = fact.attrs.get("default_value")
    if any(same_value(code, value) for value in claimed):
        return True
    if _switch_off(fact) and any(isinstance(value, bool) for value in claimed):
        return True
    if code in ("", []) and None in claimed:
        return True  # `default=""` or `[]` documented as None: unset either way, as the code tests it
    if code in ("", None) and _said_in_help(fact, claimed):
        # `default=""` whose help says "For Kokoro defaults to af_heart": the code fills the
        # empty default in, and the doc states what it becomes (openvino.genai).
        return True
    if isinstance(code, list) and code and [w.strip("\"'`,") for w in clean_cell(cell_text).strip("[]()").split()] == [str(v) for v in code]:
        return True  # `"jpg" "png"` for ['jpg', 'png']: the list as a command line spells it
    if isinstance(code, list) and len(code) > 1 and [w.strip("\"'` ") for w in clean_cell(cell_text).strip("[]()").split(",")] == [str(v) for v in code]:
        return True  # `1,2,7,10` for [1, 2, 7, 10] (cognee's `type=_comma_factors`): the same items, comma-joined
    if isinstance(code, list) and len(code) == 1 and fact.attrs.get("nargs"):
        # nargs="+" with default ["a"]: the doc's `a` is that one-element list.
        if any(same_value(code[0], value) for value in claimed):
            return True
    return isinstance(code, (int, float)) and not isinstance(code, bool) and clean_cell(cell_text) in fact.attrs.get("default_human", [])


# A default cell that says a run decides the value ("auto", "model-specific", "detected").
_DECIDED_AT_RUN_TIME = re.compile(r"auto(?:matic(?:ally)?|-?detect(?:ed)?)?|detected|dynamic|varies|depends|model[- ]specific|per[- ]model|inferred|runtime|at run ?time")


def _default_of(fact) -> str:
    """A definition's default as one comparable word; a flag defined bare defaults to None."""
    return repr(fact.attrs.get("default_value")) if fact.attrs.get("default_known") else "None"


def _misspelt(written: str, value: str) -> bool:
    """`Fasle`, `Ture`, `flase` for a word default: two letters swapped, or one dropped."""
    a, b = written.strip("`'\"").lower(), value.strip("'\"").lower()
    if a == b or len(b) < 4 or not (a.isalpha() and b.isalpha()):
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    return len(a) == len(b) - 1 and any(b[:i] + b[i + 1 :] == a for i in range(len(b)))


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    column = header_index(claim.attrs["headers"], "default", "default value", "defaults")
    cells = claim.attrs["cells"]
    if column is None or column >= len(cells) or column == claim.attrs["flag_column"]:
        return []
    if claim.attrs.get("field_facts"):
        facts, doubt, trust = claim.attrs["field_facts"], "", "high"  # the section's config class's field
    else:
        facts, doubt, trust = table_facts(claim, flag_facts(ctx, claim.text, claim.doc))
    if not facts:
        _remember(claim, ctx, cells[column])  # a framework's flag: docs can still disagree with each other
        return []
    if not doubt and len({_default_of(f) for f in facts if not is_test_path(f.path)}) > 1:
        # The row's own definitions give the flag different defaults (xDiT's args.py:
        # `--height` 1024 for the examples' parser, none for the runner's, which fills it
        # in per model): which parser the row documents, nothing says.
        places = ", ".join(f"{f.path}:{f.line}" for f in facts[:3])
        doubt, trust = f"its definitions ({places}) give it different defaults, and the row names none of their parsers", "low"
    if claim.attrs.get("prose") and doubt:
        return []  # a sentence names no program: with definitions that disagree, no answer
    if claim.attrs.get("prose") and not _of_programs_the_page_runs(ctx, claim.doc, facts):
        # ArcticInference's embedding page runs its replica programs; its "`--max-tokens`
        # (default: 512)" is a client's the page does not run, not dynasor's client's.
        return []
    table = claim.attrs.get("table")
    program = getattr(table, "program", None) if table is not None else None
    if program is not None:
        # olmo_core_finetune.py's `set_defaults(learning_rate=8e-5)` on a config class
        # dpo.py shares: the table of the program that resets it states the reset one.
        facts = [reset_for_program(f, program.files) for f in facts]
    fact = facts[0]
    if fact.attrs.get("required") == "True":
        return []  # required: the user always passes it; whatever the doc calls its default, no run uses one
    if not fact.attrs.get("default_known"):
        _remember(claim, ctx, cells[column])
        return []
    code = fact.attrs.get("default_value")
    cell = cells[column]
    if isinstance(code, str) and (len(code) > 40 or "{" in code or "\n" in code):
        return []  # a template or a paragraph: a doc describes it ("concatenate"), it does not quote it
    claimed = _switch_named(cell["text"], claim.text, facts) or doc_values(cell["text"])
    if claimed is NOT_STATED or claimed is UNKNOWN:
        return []
    if any(_agrees(other, claimed, cell["text"]) for other in facts):
        return []  # one of the definitions the row may mean says what the doc says
    dests = {f.attrs.get("dest") for f in facts if f.attrs.get("dest")}
    if any(same_value(value, doc) for dest in dests for _, value in ctx.index.default_resets.get(dest, ()) for doc in claimed):
        return []  # a program resets this default to what the doc says (`parser.set_defaults(lr=8e-5)`)
    moved = ctx.changes.get("flag", claim.text) if ctx.changes else None
    if moved is not None and moved.change == "default-changed" and any(same_value(moved.detail.get("before"), v) for v in claimed):
        # The doc states the old default of the definition this change edited: that
        # definition is the one the row documents, and its new default is the fix.
        fact = next((f for f in facts if f"{f.path}:{f.line}" == moved.now), fact)
        code = moved.detail.get("after")
        doubt, trust = "", "high"
    implicit = fact.attrs.get("default_implicit") or code is None
    confidence = "low" if implicit else trust
    if claim.attrs.get("prose") and confidence == "high":
        confidence = "medium"  # a sentence, not a reference table's cell
    written = clean_cell(cell["text"])
    new = render(code)
    # A size in bytes only where the doc writes one ("1 GB"), or the option names one: 1000000
    # steps are no "1 MB".
    sized = bool(fact.attrs.get("default_human")) and (bool(_BYTE_SIZE.search(written)) or bool(_SIZE_NAME.search(claim.text)))
    if sized and any(ch.isalpha() for ch in written):
        new = fact.attrs["default_human"][0]  # answer "1 GB" in the doc's own units
    shown = fact.attrs.get("default", new)
    evidence = f"{claim.text} defaults to {shown} in the code ({where(fact)})"
    if fact.attrs.get("default_reset"):
        evidence = f"{claim.text} defaults to {shown}, set after the option is added ({fact.attrs['default_reset']}; the option: {where(fact)})"
    if sized:
        evidence += f" = {code} ({fact.attrs['default_human'][0]})"
    elif fact.attrs.get("default_known") and str(code) != str(shown):
        evidence += f" = {code}"
    if implicit:
        evidence += "; the code may resolve it at run time"
    if isinstance(code, list) and len(code) > 1 and any(same_value(item, value) for item in code for value in claimed):
        # open-instruct's `allenai/tulu-3-sft-olmo-2-mixture` for the mixer list
        # ["allenai/tulu-3-sft-olmo-2-mixture", "1.0"]: the doc names the part that matters.
        confidence = "low"
        evidence += f"; the doc's {written} is one of its items"
    if _misspelt(written, new):
        # `Fasle` for False: the page states the right default with a slip of the keyboard.
        confidence = "low"
        evidence += f"; the doc's {written} is a misspelling of it"
    # (Against a string default, "auto" is a value the parser could have had: a mismatch.)
    decided_later = (code is None or isinstance(code, bool)) and bool(_DECIDED_AT_RUN_TIME.fullmatch(written.strip("`*_ ").lower()))
    if decided_later:
        # kernels' `--use-optimized-kernels` "auto": off as stored, but the script uses the
        # kernels when they are there; the doc states what a run does, which the parser's
        # default does not show.
        confidence = "low"
        evidence += f"; the doc's {written} says a run decides it, which the parser's default does not show"
    elsewhere = fact.attrs.get("program_resets", ())
    if elsewhere:
        evidence += "; " + ", ".join(f"{r['place']} sets it to {r.get('default', render(r.get('default_value')))}" for r in elsewhere[:2]) + " for its own program"
    if doubt:
        evidence += f"; {doubt}"
    result = finding((CODE, NAME), claim, f"default of {claim.text} is {new} in the code, the doc says {written}", evidence, confidence, new, claim.text, text=written, certain=not implicit and not doubt and not decided_later and not elsewhere)
    result.column = cell["column"] + max(cell["text"].find(written), 0)
    result.definition = definition(fact, fact.name, "default")
    mark_change(result, ctx, claim.text, "default-changed")
    return [result]


def _switch_named(text: str, flag: str, facts: list) -> list | None:
    """`--interactive / --no-interactive` with the default written `--interactive`: the
    switch's own name says on, its negation off (click's and typer's boolean pairs)."""
    written = clean_cell(text).strip("`")
    names = {flag} | {alias for f in facts for alias in f.attrs.get("aliases", []) or []}
    positive = {n for n in names if n.startswith("--") and not n.startswith(("--no-", "--no_"))}
    if written in positive:
        return [True, written]
    if any(written in ("--no-" + n[2:], "--no_" + n[2:]) for n in positive) or written in names - positive:
        return [False, written]
    return None


def _of_programs_the_page_runs(ctx: CheckContext, doc: str, facts: list) -> bool:
    """Whether a definition belongs to a program the page runs; True when it runs none."""
    from ..programs import program_at

    runs = ctx.doc_programs.get(doc, ())
    return not runs or any(program_at(ctx.index, entry).owns(fact) for entry in sorted(runs) for fact in facts)


def _remember(claim: Claim, ctx: CheckContext, cell: dict) -> None:
    """A default stated for a flag whose default the code does not show: kept to compare
    with what the other docs say about the same flag of the same program."""
    claimed = doc_values(cell["text"])
    if claimed is NOT_STATED or claimed is UNKNOWN:
        return
    table = claim.attrs.get("table")
    program = table.program.entry if table is not None and getattr(table, "program", None) is not None else ""
    if not program and len({f.path for f in flag_facts(ctx, claim.text)}) > 1:
        # No program known, and several scripts define the flag: two pages (or two tables
        # of one page: `finetune.py`, then `dpo.py`) may document two of them, whose
        # defaults differ on purpose. Only statements in one table, or outside any on one
        # page, are compared. A flag no file here defines is a framework's: one default.
        program = f"\0{claim.doc}\0{id(table) if table is not None else ''}"
    ctx.stated_defaults.setdefault((program, claim.text), []).append((claim, cell, claimed))


def finish(ctx: CheckContext) -> Iterable[Finding]:
    """Two docs (or two rows) that state different defaults for one flag of one program,
    where the code cannot say which is right: a finding on each line, naming the other."""
    for (program, flag), stated in sorted(ctx.stated_defaults.items()):
        groups: list[list[tuple]] = []
        for entry in stated:
            home = next((g for g in groups if any(same_value(a, b) for a in g[0][2] for b in entry[2])), None)
            if home is None:
                groups.append([entry])
            else:
                home.append(entry)
        if len(groups) < 2:
            continue
        shown_program = "" if program.startswith("\0") else program
        for group in groups:
            others = [e for g in groups if g is not group for e in g]
            shown = "; ".join(f"`{clean_cell(c['text'])}` at {cl.doc}:{cl.line}" for cl, c, _ in others[:3])
            for claim, cell, _ in group:
                evidence = f"the docs state different defaults for {flag}" + (f" of {shown_program}" if shown_program else "") + f": `{clean_cell(cell['text'])}` here, {shown}; the code does not show its default (a framework's flag, or one set at run time)"
                # A flag no file here defines, in a repository that extends no framework or
                # that the docs show on another program's command line, is that program's
                # (`--mem-fraction-static` of SGLang): pages for two setups may each give the
                # value they need: a note.
                confidence = "medium" if flag_facts(ctx, flag) or (ctx.frameworks and flag not in ctx.foreign_flags) else "low"
                result = finding((CODE, NAME), claim, f"docs disagree on the default of {flag}", evidence, confidence, None, claim.text, text=clean_cell(cell["text"]))
                result.column = cell["column"] + max(cell["text"].find(clean_cell(cell["text"])), 0)
                yield result
