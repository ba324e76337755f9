"""DRIFT019 invalid-choice: a command line passes a flag a value its choices do not accept.

What it does: checks the value after a flag on a command line of one of this
repository's programs (`python train.py --backend fsdp3`) against the flag's choices as
that program's parser defines them: an argparse `choices` list, a constant or a dict's
keys it names (`choices=list(MODELS)`), an Enum (`choices=[m.value for m in Mode]`,
`type=Mode`, a typer or dataclass field annotated with it), click's `Choice` and
`Literal[...]` fields. Values the shell fills in (`$BACKEND`, `${X:-a}`), placeholders
(`<backend>`, `{backend}`, `...`) and quoted lists are not judged.

Why: argparse stops with "invalid choice": the whole command fails.

Example: `--attn-backend flash_attn2` after the choices became `flash`, `sdpa`. The
suggestion is the value a commit renamed it to, else the closest choice.

The inputs of `gh workflow run build.yml -f variant=cuda12` are checked the same way
against the repository's own workflow: an input it does not take, or a value its
`options` do not list.

Silence: `<!-- drift-ignore -->` above the line; `ignore_names = ["--backend"]`.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..index import closest
from ..model import Finding
from ..programs import names_options_at_run_time, program_at, program_flags
from .base import CheckContext, changed, definition, finding, mark_change, where
from .classify import Claim

CODE = "DRIFT019"
NAME = "invalid-choice"
CLAIMS = ("flag", "workflow_input")
SEVERITY = "error"

# A value the reader or the shell supplies, not one the doc states.
_NOT_STATED = re.compile(r"[$<>{}\[\]*|`]|\.\.\.|^(?:x+|value|none|null|true|false)$", re.I)


def _placeholder_value(flag: str, value: str) -> bool:
    """`--algo algo_name`, `--model your_model`: a usage line's stand-in."""
    stem = flag.lstrip("-").replace("-", "_").lower()
    written = value.replace("-", "_")
    lowered = written.lower()
    if lowered == stem or (lowered.startswith(stem + "_") and lowered[len(stem) + 1 :] in ("name", "id", "type", "key", "value", "choice")):
        return True
    if written.isupper() and (lowered.replace("_", "") == stem.replace("_", "") or lowered in stem.split("_")):
        return True  # `--test_split TESTSPLIT`, `--test_split SPLIT`: a metavar, as argparse prints it
    if written.isupper() and len(lowered) >= 3 and any(part.startswith(lowered) and part != lowered for part in stem.split("_")):
        return True  # WeTextProcessing's `--language LANG`: the flag's name cut short, in capitals
    if lowered in _TYPE_WORDS:
        return True  # `--mode  str  Type of aggregation`: an options list's type column
    # `--name dataset_name`, `--model model_id`: what kind of value goes there.
    return bool(re.fullmatch(r"(?:my|your|some)_\w+|[a-z]+_(?:name|id|type|key|value|choice)", lowered))


def _metavar_for(value: str, choices: list[str]) -> bool:
    """`--lr TYPE`, `--pruning ALGORITHM`: a generic noun in capitals that no choice is
    spelled like is the metavar a usage line shows. `SGD` or `FP16` is a value."""
    lowered = value.lower()
    return value.isupper() and lowered in _METAVAR_WORDS and not any(c.lower() == lowered for c in choices)


_METAVAR_WORDS = frozenset({
    "type", "mode", "name", "path", "file", "dir", "value", "algorithm", "method", "option",
    "choice", "kind", "strategy", "level", "format", "backend", "target", "policy", "scheme",
})


_TYPE_WORDS = frozenset({"str", "string", "int", "integer", "float", "bool", "boolean", "list", "dict", "path"})


# A `type=` that is no plain constructor (str, int, float, an Enum class): a lambda, or a
# function of the script's own, converts the value before argparse checks the choices.
_CONVERTS = re.compile(r"\blambda\b|^[a-z_][\w.]*$(?<!^str)(?<!^int)(?<!^float)(?<!^bool)")


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    if claim.kind == "workflow_input":
        return _workflow_input(claim, ctx)
    value = claim.attrs.get("value")
    if claim.context != "command" or not isinstance(value, str) or not claim.attrs.get("program_path"):
        return []
    value = value.strip().strip("\"'")
    if not value or _NOT_STATED.search(value) or "," in value or " " in value or _placeholder_value(claim.text, value):
        return []
    program = program_at(ctx.index, claim.attrs["program_path"])
    facts = program_flags(ctx.index, program).get(claim.text) if program is not None else None
    if not facts:
        return []
    fact = facts[0]
    if names_options_at_run_time(program) and fact.path != program.entry:
        # The program names options at run time (dataclass fields made into flags): a
        # parser elsewhere in what it imports may not be the one that takes this option.
        return []
    choices = fact.attrs.get("choices")
    if not isinstance(choices, list) or not choices or any(not isinstance(c, (str, int, float)) for c in choices):
        return []
    others = [f for f in facts[1:] if (f.path, f.line) != (fact.path, fact.line) and f.field_of is None]
    if any(value in [str(c) for c in (f.attrs.get("choices") or [])] or not f.attrs.get("choices") for f in others):
        # TextAttack: `--recipe` of `textattack augment` (AugmenterArgs, any recipe name) and
        # of `textattack attack` (ATTACK_RECIPE_NAMES), both added through helpers drift
        # does not tie to their subcommands: the other parser may be the one that reads it.
        return []
    shown = [str(c) for c in choices]
    if value in shown or value.lower() in {c.lower() for c in shown if fact.attrs.get("case_insensitive")}:
        return []
    if "/" in value and all(part in shown for part in value.split("/")):
        return []  # `--task train/eval/data` in a usage line: one of these, each a choice
    if _metavar_for(value, shown):
        return []  # `--lr TYPE` over "TYPE: constant, stepped, ...": a usage line's metavar
    if not fact.attrs.get("case_insensitive") and _CONVERTS.search(str(fact.attrs.get("type") or "")):
        # `type=lambda x: x.replace("facebook/opt-", "")`: argparse checks the converted
        # value (`66b`), not the one written (`facebook/opt-66b`); what it becomes drift
        # does not compute.
        return []
    if all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in choices):
        return []  # numeric choices: `--tp 3` vs range(1, 9) is rarely written as a list
    suggestion = _renamed(ctx, claim.text, value, shown) or next(iter(closest(value, shown, 0.6)), None)
    source = f" (from {fact.attrs['choices_from']})" if fact.attrs.get("choices_from") else ""
    evidence = f"{claim.text} of {program.entry} accepts {', '.join(shown[:12])}{', ...' if len(shown) > 12 else ''}{source} ({where(fact)})"
    result = finding((CODE, NAME), claim, f"{claim.text} does not accept {value}", evidence, "high", suggestion, claim.text, text=value)
    value_line, value_column = claim.attrs.get("value_at") or (None, None)
    if value_line and value_column:
        result.line, result.column = value_line, value_column  # the value may sit after a `\`
    result.definition = definition(fact, claim.text, "choices")
    mark_change(result, ctx, claim.text, "choices-changed")
    return [result]


def _workflow_input(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    """`gh workflow run build.yml -f variant=cuda12` against the workflow's own inputs."""
    path, key, value = claim.attrs["workflow"], claim.attrs["input"], claim.attrs["value"].strip().strip("\"'")
    inputs = ctx.index.workflows.get(path, {}).get("inputs", {})
    subject = f"{path}:{key}"
    if key not in inputs:
        change = ctx.changes.gone("workflow_input", subject) if ctx.changes else None
        if change is not None:
            return [changed((CODE, NAME), claim, change, replacement=(change.new or "").rsplit(":", 1)[-1] or None, subject=subject)]
        near = closest(key, list(inputs), 0.7)
        evidence = f"{path} takes the inputs {', '.join(inputs) or '(none)'}"
        return [finding((CODE, NAME), claim, f"{path} has no input {key}", evidence, "high", near[0] if near else None, subject)]
    options = [str(o) for o in inputs[key].get("options") or []]
    if not options or not value or value in options or _NOT_STATED.search(value):
        return []
    suggestion = _renamed(ctx, subject, value, options, kind="workflow_input") or next(iter(closest(value, options, 0.6)), None)
    evidence = f"input {key} of {path} accepts {', '.join(options)} ({path}:{inputs[key].get('line', 1)})"
    result = finding((CODE, NAME), claim, f"{key} does not accept {value}", evidence, "high", suggestion, subject, text=value)
    result.line, result.column = claim.attrs["value_at"]
    if ctx.changes and ctx.changes.get("workflow_input", subject) is not None:
        change = ctx.changes.get("workflow_input", subject)
        result.change = change.to_dict()
        result.evidence += f"; this change: {change.describe()}"
    return [result]


def _renamed(ctx: CheckContext, flag: str, value: str, choices: list[str], kind: str = "flag") -> str | None:
    """In PR mode, the choice that took the value's place when the change swapped one."""
    change = ctx.changes.get(kind, flag) if ctx.changes else None
    if change is None or change.change != "choices-changed":
        return None
    before = [str(v) for v in change.detail.get("before") or []]
    after = [str(v) for v in change.detail.get("after") or []]
    added = [v for v in after if v not in before]
    return added[0] if value in before and len(added) == 1 and added[0] in choices else None
