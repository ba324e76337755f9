"""DRIFT015 help-unknown-flag: a flag's help text names a flag that does not exist.

What it does: help strings are documentation too (they are what `--help` prints). Each
`--flag` named inside a flag's help text must be a flag this repository (or a program
it passes flags to) defines. The finding is on the code line of the flag whose help it is.
In PR mode it reports the help texts that still name a flag the change removed or renamed.

Why: "use together with --rollout-batch" in `--help` sends users to a flag that is gone.

Example: `help="Only used with --use-kl-loss"` after `--use-kl-loss` became `--use-kl`.

Silence: `ignore_names = ["--the-flag"]`.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..index import closest
from ..model import FLAG, Finding
from .base import CheckContext
from .classify import PLACEHOLDER_FLAG

CODE = "DRIFT015"
NAME = "help-unknown-flag"
CLAIMS = ("code",)
SEVERITY = "warning"
# A family like `--bpe-*` names flags that start so, not a flag `--bpe`.
FLAG_IN_TEXT = re.compile(r"(?<![\w-])--[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*(?![\w*-])")


_WORD = re.compile(r"[A-Za-z][\w.-]*")


def _after_other_program(before: str, index, ctx: CheckContext) -> bool:
    """The flag is part of a command line of another program quoted in the help: the word
    that starts it (within six words of its sentence) is a program drift knows is not this repository's,
    or the command in backticks around it starts with a word that is no program of ours
    (`nsys profile --capture-range=cudaProfilerApi ... --profile`)."""
    from .unknown_flag import known_programs

    own = {n.lower() for n in index.packages | index.root_names | index.programs}
    # ("passed to the Docker build step as `--secret id=<key>`": the program a few words back.)
    for word in [w.lower() for w in _WORD.findall(before.rsplit(". ", 1)[-1])[-6:]]:
        if word not in own and (word in known_programs() or word in ctx.foreign_programs or word in _TOOLS):
            return True
    if before.count("`") % 2 == 1:
        quoted = before[before.rindex("`") + 1 :].split()
        first = quoted[0].lower() if quoted else ""
        if first and not first.startswith("-") and first not in own and first not in _OUR_RUNNERS and not first.endswith((".py", ".sh")):
            return True
    return False


# Words that start a command line of this repository's own programs.
_OUR_RUNNERS = frozenset({"python", "python3", "torchrun", "accelerate", "deepspeed", "bash", "sh", "uv", "srun"})


# `--extra_launch_args "--standalone ..."`: a flag that carries another program's options;
# the flags its help names are that program's.
# (scilpy's `--topup_options`: "Add these options using quotes (i.e. "--fwhm=6 --miter=4")".)
# (A bare `--options`, "deprecated, use --cfg-options", carries none.)
_CARRIER = re.compile(r"(?:^|[-_])(?:args|arguments|kwargs|opts|extra)(?:[-_]|$)|\w[-_](?:options|flags)$")

# Tools whose commands help texts quote.
_TOOLS = frozenset("tensorboard git pip docker torchrun huggingface-cli hf nvidia-smi wandb nsys ncu nvprof perf py-spy mpirun".split())


def check(claim, ctx: CheckContext) -> Iterable[Finding]:
    return []  # works on the code, not on a doc claim: see check_code


def check_code(analysis, ctx: CheckContext) -> Iterable[Finding]:
    index = ctx.index
    flags = index.names(FLAG)
    external = {name for program in ctx.external_flags.values() for name in program}
    prefixes = set(index.flag_prefixes) | {r.prefix for r in ctx.config.passthrough if r.prefix}
    frameworks = ctx.extended_frameworks(ctx.frameworks)
    unverified = [f for f in frameworks if f not in ctx.external_flags]
    found: list[Finding] = []
    seen: set[tuple[str, int, str]] = set()
    for name, facts in flags.items():
        fact = facts[0]
        help_text = fact.attrs.get("help") or ""
        if "--" not in help_text or fact.attrs.get("origin", {}).get("kind") != "defined":
            continue
        if _CARRIER.search(name.lstrip("-")):
            continue
        for match in FLAG_IN_TEXT.finditer(help_text):
            token = match.group(0)
            if token in flags or token in external or PLACEHOLDER_FLAG.match(token) or any(token.startswith(p) or p.rstrip("-_") == token for p in prefixes):
                continue
            if unverified:
                continue  # it may be the extended framework's flag
            if _after_other_program(help_text[: match.start()], index, ctx):
                continue  # "view them with `tensorboard --logdir <path>`": that program's flag
            if token in index.quoted_flags:
                continue  # the code hands `"--cpunodebind"` to another program (numactl): its option
            if _dataclass_field(index, token[2:].replace("-", "_")):
                continue  # `--save-interval-updates` of CheckpointConfig.save_interval_updates: made from the class
            if fact.path not in index.no_abbrev_files and len([n for n, fs in flags.items() if n.startswith(token) and any(f.path == fact.path for f in fs)]) == 1:
                continue  # "filter by class: --class 0" in the help of --classes: argparse takes the unique prefix
            key = (fact.path, fact.line, token)
            if key in seen:
                continue
            seen.add(key)
            gone = ctx.changes.gone(FLAG, token) if ctx.changes else None
            if gone is not None:
                # PR mode: the change removed or renamed the flag this help still names.
                result = Finding(CODE, NAME, fact.path, fact.line, 1, token, f"help text of {name} names {token}, which this change {'renamed to ' + gone.new if gone.new else 'removed'}", f"the help of {name} names {token}; {gone.describe()}", "high", gone.new, subject=token)
                result.change = gone.to_dict()
                found.append(result)
                continue
            # (Never the flag whose help it is: "--options is deprecated, use --cfg-options".)
            candidates = _near_options_of_its_programs(index, fact.path, token, [n for n in flags if n.startswith("--") and n != name])
            evidence = f"the help of {name} names {token}, which no parser defines" + (f"; closest: {candidates[0]}" if candidates else "")
            # With no near spelling among the parsers' options, the help most often names
            # the program it launches (judged first runs since stop 31: 3 of 8 true; 3 of 3
            # with one): a note.
            confidence = "medium" if candidates else "low"
            found.append(Finding(CODE, NAME, fact.path, fact.line, 1, token, f"help text of {name} names unknown flag {token}", evidence, confidence, candidates[0] if candidates else None, subject=token))
    return found


def _near_options_of_its_programs(index, path: str, token: str, pool: list[str]) -> list[str]:
    """Near spellings of ``token`` among the options of the programs whose parser includes
    ``path``: scilpy's "Same convention as --color" in one script of a hundred is no typo
    of another script's `--colors`."""
    from ..programs import entry_programs, has_flag

    near = closest(token, pool, 0.8)
    owners = [program for program in entry_programs(index) if path in program.files]
    if not owners:
        return near  # a parser no program runs (a library's): any of the repository's options
    return [flag for flag in near if any(has_flag(index, program, flag) for program in owners)]


def _dataclass_field(index, name: str) -> bool:
    """Whether a config class here has a field of that name: a parser built from the
    class (fairseq's gen_parser_from_dataclass) makes the option at run time."""
    if "dataclass_field_names" not in index.memo:
        index.memo["dataclass_field_names"] = {name for entries in index.dataclass_fields.values() for _, own in entries for name in own}
    return name in index.memo["dataclass_field_names"]

