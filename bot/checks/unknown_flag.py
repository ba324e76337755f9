"""DRIFT002 unknown-flag: a doc passes the repository's program a flag it does not define.

What it does: checks `--flags` on command lines whose program is this repository's
(a script in the tree that defines or imports an argument parser, `python -m` of one of
its modules, or one of its console scripts), in inline code, and in the flag column of
reference tables. A command line is checked against the program it runs (its entry
file, what it imports, the config classes it hands a parser), so a flag that only a
test or another script defines is still unknown there, and so is another subcommand's
option. A flag matches only by its whole name: `--foo` is not `--foo-bar` (an argparse
abbreviation is named as one).
Flags of other programs (`torchrun --nproc-per-node`, `docker run --gpus`) are theirs;
flags with a configured passthrough prefix (`--sglang-*`) are reported by DRIFT012.

Why: argparse stops at the first unknown flag: the whole command fails.

Example: `python train.py --rollout-batch 8` when the parser defines
`--rollout-batch-size`. The suggestion is the renamed flag (same dest or help, from
history) or the closest defined name.

A program whose parser has subparsers is also checked for the subcommand a command line
names (the word right after the program, before any option): argparse stops at "invalid
choice" for one that was removed or misspelled. Programs whose subcommand names are
built at run time are not judged.

Silence: `<!-- drift-ignore -->` above the line; `ignore_names = ["--legacy-*"]`;
`programs = [...]` to name more of the repo's own commands.
"""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from typing import Iterable

from ..config_classes import KNOWN, MISSING, class_schemas, cli_programs, cli_roots, describe, flag_keys
from ..index import ARG_FRAMEWORKS, closest, import_closure, program_definitions, shadowed_by_parser, swapped_spelling
from ..model import FLAG, TABLE_ROW, Finding, takes_no_value
from ..programs import ABSL_FLAGS, Program, abbreviates, absl_registrant, ambiguous_prefix, dashed_spelling, has_flag, underscored_spelling, names_options_at_run_time, nested_subcommands, other_subcommands, other_programs_note, program_at, program_flags
from .base import CheckContext, bare_list_is_ours, changed, defined_on_page, finding, where
from .classify import PLACEHOLDER_FLAG, Claim

CODE = "DRIFT002"
NAME = "unknown-flag"
CLAIMS = ("flag", "subcommand")
SEVERITY = "error"


@lru_cache(maxsize=1)
def common_tool_flags() -> frozenset[str]:
    """rules/foreign_flags.txt: flags of git, torchrun, pip, pytest, docker, slurm."""
    from ..rules import builtin_rules_dir

    path = builtin_rules_dir() / "foreign_flags.txt"
    words = path.read_text(encoding="utf-8").split() if path.is_file() else []
    return frozenset(w for w in words if w.startswith("--"))


_POSSESSIVE = re.compile(r"([A-Za-z][\w.+-]*)(?:'|\u2019)s\s*(?:own\s+|`?\w+`?\s+)?$")


def _possessive_owner(line: str, column: int) -> str | None:
    """The X of "X's `--flag`" (or "X's own/flag `--flag`"), just before the code span."""
    before = line[: max(column - 1, 0)].rstrip("`").rstrip()
    match = _POSSESSIVE.search(before[-80:])
    # A program's name (vLLM, SGLang, DeepSpeed), not "the script's" or "this model's".
    return match.group(1) if match and any(ch.isupper() for ch in match.group(1)) else None


# "the correct `--plat` command line argument to pass to auditwheel": the option is the
# program's it is passed to.
_PASSED_TO = re.compile(r"^`*\s*(?:command[- ]line\s+)?(?:argument|option|flag|switch)s?\s+(?:to\s+pass\s+|passed\s+|handed\s+|given\s+)?to\s+`?([A-Za-z][\w.-]*)`?", re.I)


def _passed_to_owner(line: str, flag: str, column: int) -> str | None:
    """The X of "`--flag` argument to pass to X", just after the code span."""
    start = line.find(flag, max(column - 2, 0))
    match = _PASSED_TO.match(line[start + len(flag) :]) if start >= 0 else None
    return match.group(1) if match and match.group(1).lower() not in ("the", "a", "an", "it", "this", "your", "our") else None


# "run apptainer with the ``--contain`` option", "start docker with `--privileged`": the
# option of the program the sentence runs.
_RUN_WITH = re.compile(r"\b(?:run|running|runs|start|starting|starts|invoke|invoking|invokes|launch|launching|launches|call|calling|calls|use|using|uses)\s+[`*]*([A-Za-z][\w+-]*)[`*]*\s+with(?:\s+(?:the|an?))?(?:\s+(?:options?|flags?))?$", re.I)
_NOT_A_PROGRAM = frozenset({"the", "a", "an", "it", "this", "that", "them", "your", "our", "its", "script", "command", "program", "code", "tests", "test", "again", "once"})


def _run_with_owner(line: str, flag: str, column: int) -> str | None:
    """The X of "run X with the `--flag` option", just before the flag."""
    start = line.find(flag, max(column - 2, 0))
    match = _RUN_WITH.search(line[:start].rstrip("`*: ")) if start >= 0 else None
    return match.group(1) if match and match.group(1).lower() not in _NOT_A_PROGRAM else None


_PREFIX_WORD = re.compile(r"^`?\s*(?:-\s*)?(?:prefix(?:es|ed)?|family|flags|options|arguments)\b", re.I)
# "the family of `--distillation` flags": the options that begin so.
_FAMILY_BEFORE = re.compile(r"\b(?:family|families|group)\s+of\s+(?:the\s+)?`?$", re.I)


def _named_as_prefix(line: str, flag: str, column: int, flags: Iterable[str]) -> bool:
    """"this argument has the `--pbt` prefix": prose about the options that begin so
    (`--pbt_mix_policies_in_one_env`), not an option of that name."""
    start = line.find(flag, max(column - 2, 0))
    if start < 0 or not (_PREFIX_WORD.match(line[start + len(flag) :]) or _FAMILY_BEFORE.search(line[:start])):
        return False
    return any(name.startswith((flag + "_", flag + "-", flag + ".")) for name in flags)


@lru_cache(maxsize=1)
def complete_framework_flags() -> dict[str, frozenset[str]]:
    """Frameworks whose every option rules/framework_flags.toml lists (`complete = true`):
    package -> option names, `_` for `-`."""
    from ..rules import framework_flags

    return {package: frozenset(n.replace("-", "_") for n in entry.get("names", [])) for package, entry in framework_flags().items() if entry.get("complete")}


@lru_cache(maxsize=1)
def known_programs() -> frozenset[str]:
    """rules/foreign_programs.txt: other programs sentences name (vllm, docker, ray)."""
    from ..rules import builtin_rules_dir

    path = builtin_rules_dir() / "foreign_programs.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return frozenset(w.lower() for line in lines if not line.startswith("#") for w in line.split())


def _named_package(line: str, index, programs: set[str]) -> str | None:
    words = set(re.findall(r"[a-z][a-z0-9_.-]*[a-z0-9]", line.lower()))
    candidates = (programs | known_programs()) - {n.lower() for n in index.packages | index.root_names | index.programs}
    hits = sorted(words & candidates)
    return hits[0] if hits else None


def _near_own_flag(flag: str, index) -> bool:
    """`--slurm_logs_path` beside the repository's `--slurm-logs-path`: a misspelling of
    this repository's flag, whatever program the sentence also names."""
    names = index.names(FLAG)
    return swapped_spelling(flag) in names or bool(closest(flag, [n for n in names if n.startswith("--")], 0.85))


def _is_own_name(name: str, index) -> bool:
    lowered = name.lower()
    own = {n.lower() for n in index.packages | index.root_names | index.programs}
    return any(lowered == n or lowered.startswith(n) or n.startswith(lowered) for n in own if len(n) >= 3)


TYPO_RATIO = 0.95  # how alike a name must be to an option defined here to be its misspelling
HANDED_ON_NEAR = 0.75  # prose this near an option defined here means that option, not one handed on


# Options Hydra's own command line adds to every `@hydra.main` program.
HYDRA_FLAGS = frozenset({"--config-name", "--config-path", "--config-dir", "--multirun", "--cfg", "--resolve", "--package", "--info", "--run", "--hydra-help", "--version", "--shell-completion", "--experimental-rerun"})


_CSS_WORDS = re.compile(r"\bCSS\b|\bcustom propert(?:y|ies)\b|\bstylesheets?\b|\bstyle sheets?\b")


def _names_columns(line: str, flag: str) -> bool:
    """Whether the line calls ``flag`` a kind of variable or column ("`--SEQ` variables",
    "all `--DTC` timing variables": CDISC's names for a domain's columns, not options)."""
    return re.search(rf"(?<![\w-]){re.escape(flag)}`?\s+(?:[A-Za-z]+\s+)?(?:variables?|columns?)\b", line) is not None


def _said_of_css(line: str, flag: str) -> bool:
    """Whether the clause that names ``flag`` speaks of CSS ("custom CSS variables
    (`--background` and `--foreground`)"); another clause of the line may name a flag."""
    at = line.find(flag)
    if at < 0:
        return False
    for match in _CSS_WORDS.finditer(line):
        lo, hi = sorted((match.start(), at))
        if hi - lo <= 80 and not re.search(r"[.;!?]\s|\)\s*;", line[lo:hi]):
            return True
    return False


def _opaque_subcommand(index, claim: Claim) -> str | None:
    """The subcommand (or its parent) of a command line that the program adds from a
    command drift cannot follow (`cli.add_command(hosting_cli, name="cloud")`)."""
    if claim.context != "command" or not claim.attrs.get("program_path") or not index.opaque_subcommands:
        return None
    words = {claim.attrs.get("subcommand"), claim.attrs.get("parent")} - {None}
    program = program_at(index, claim.attrs["program_path"])
    for path in program.files:
        hit = words & index.opaque_subcommands.get(path, set())
        if hit:
            return sorted(hit)[0]
    return None


def _words_of(ref) -> set[str]:
    """The words of a command line that are no options: its positionals, and the values
    the shell parser gave options (which may be switches followed by a word)."""
    words = {p.get("text") for p in ref.attrs.get("positionals", [])}
    words |= {str(f.get("value")) for f in ref.attrs.get("flags", []) if f.get("value")}
    return words


def flag_status(flag: str, claim: Claim, ctx: CheckContext) -> tuple[str, str]:
    """("known" | "passthrough" | "dynamic" | "framework" | "foreign" | "unknown", detail)."""
    index = ctx.index
    if flag in HYDRA_FLAGS and claim.attrs.get("program_path") in index.hydra_mains:
        return "known", ""  # `python train.py --config-name config_paper`: Hydra's own option
    program = _program_of(claim, index)
    if _spelled_as_the_parser_does_not(index, program, flag):
        return "unknown", ""
    if program is not None and has_flag(index, program, flag):
        owners = other_subcommands(index, program, flag, claim.attrs.get("subcommand"))
        if owners and claim.ref is not None and _words_of(claim.ref) & set(owners):
            # `dstack export create --importer x`: `create` is export's own subcommand (its
            # parser made by a command class drift could not tie to `export`). pyserini's
            # `encode input --corpus c output --to-faiss encoder --encoder x`: the program
            # splits its command line at each subcommand's name (click's chained groups do
            # too); `encoder` read as the value of `--to-faiss` is such a name.
            owners = []
        if owners:
            listed = ", ".join(f"`{o}`" for o in owners)
            return "elsewhere", f"{flag} is an option of the {listed} subcommand{'s' if len(owners) > 1 else ''}, not of `{claim.attrs['subcommand']}`"
        return "known", ""
    if claim.context != "command" and flag.startswith("--") and flag[2:] in index.text_options and not index.has(FLAG, flag):
        # sd-scripts' "`--nl`: the guidance scale of the negative prompt": an option the
        # program reads out of a prompt it splits at " --", not one of its command line.
        return "foreign", f"an option written inside the text {index.text_options[flag[2:]]} splits at ' --'"
    opaque = _opaque_subcommand(index, claim)
    if opaque:
        return "framework", f"options of the `{opaque}` subcommand, whose command drift cannot follow"
    entry = program.entry if program is not None else claim.attrs.get("program_path") if claim.context == "command" else None
    if entry and posixpath.basename(entry) == "setup.py":
        # `python setup.py build_ext --inplace`: setup() hands the command line to the
        # setuptools command it names, whose options drift does not list.
        return "framework", "setuptools' commands, which setup() runs"
    if claim.context == "command" and program is not None and program.files & index.dash_splitting_files and _before_dashes(claim, flag):
        # `python -m pkg.launch.torch_distributed --rdzv_endpoint=x -- --trial y`: the
        # launcher splits its command line at `--` and hands the part before on.
        return "dynamic", "the options before `--`, which the program hands on"
    table = claim.attrs.get("table") if claim.context == "table" else None
    if table is not None and getattr(table, "foreign_owner", None):
        return "foreign", table.foreign_owner  # a "megatron-lm arguments" column: that project's
    runs = ctx.doc_programs.get(claim.doc, ())
    # Prose on a page that runs only programs with parsers of their own names their options,
    # however a config-class CLI elsewhere spells its fields.
    generated = _config_class_flag(flag, claim, index, prose_fields=not runs or any(entry in cli_programs(index) for entry in runs))
    if generated is not None and program is not None:
        if program.entry not in cli_programs(index):
            generated = None  # a program with a parser of its own: a class's field is not its flag
        elif not _sees_parser(index, program):
            program = None  # only `*Args` classes picked up by name: its real parser is the config class
    if generated is not None and (program is None or generated[0].status == KNOWN):
        # A program whose parser drift sees takes only a positive answer from the classes.
        verdict, roots, key = generated
        if verdict.status != MISSING:
            return "known", ""  # a field of the config class the program's CLI is built from
        guessed = claim.attrs.get("inferred_program") or claim.attrs.get("page_program")
        program_path = claim.attrs.get("program_path")
        rewritten = _argv_rewritten(index, program_path) if program_path else None
        if rewritten:
            # kaolin-wisp: its parse_config rebuilds sys.argv (short `--dataset-path` for
            # the nested dataset.dataset_path, a YAML file's `--config`) before tyro sees it.
            return "dynamic", rewritten
        if program_path and index.has(FLAG, flag) and any(f.path in import_closure(index, program_path) for f in index.names(FLAG)[flag]):
            return "known", ""  # its own argparse beside the config class (`--env_variant`)
        if claim.context == "command" and program_path and not guessed:
            said, suggestion = describe(verdict, key, index)
            return "config-class", (said, suggestion, roots)
    program_path = claim.attrs.get("program_path") if claim.context == "command" else None
    if program_path and "." in flag.lstrip("-") and _takes_the_rest(index, program_path):
        # `parser.parse_known_args()` hands `--trainer.max_duration.value=2` on (to a config's
        # merge): a key of some config class, unless the classes say it is not.
        verdict = class_schemas(index).resolve(flag_keys(flag)[0])
        if verdict is None or verdict.status != MISSING:
            return "dynamic", "the options parse_known_args leaves"
        said, suggestion = describe(verdict, flag_keys(flag)[0], index)
        return "config-class", (said, suggestion, None)
    if program_path and program is None and program_path in index.argv_readers and not index.file_flags.get(program_path):
        return "dynamic", "options the script reads from sys.argv itself"  # no parser: drift cannot list them
    full = abbreviates(index, program, flag) if program is not None else None
    if full is None and program is None and claim.context != "command":
        # `--controller` in prose below `python -m llava.serve.model_worker --controller
        # ...`: the programs the page runs come first.
        runs = [program_at(index, p) for p in sorted(ctx.doc_programs.get(claim.doc, ()))]
        if any(has_flag(index, p, flag) for p in runs):
            return "known", ""
        named = _scripts_on_line(claim, index)
        if named:
            # "use `scripts/extract_lycoris_adapter.py` with the same arguments and `--algo
            # locon`": the script the sentence names, not the one the block above ran.
            runs = [program_at(index, p) for p in named]
            if any(has_flag(index, p, flag) for p in runs):
                return "known", ""
        expanded = {abbreviates(index, p, flag) for p in runs} - {None}
        if len(expanded) == 1:
            return "abbreviation", expanded.pop()
        if expanded:
            return "known", ""  # each of those programs takes it, by a prefix of its own option
    if full is None and program is None and claim.context != "command":
        # `--max-num-worker` in prose: the one program whose argparse option it prefixes
        # takes it (`--max-num-workers`), as a command line would.
        owners = {abbreviates(index, p, flag) for p in _main_programs(index)} - {None}
        full = owners.pop() if len(owners) == 1 and not index.has(FLAG, flag) else None
    if full:
        return "abbreviation", full
    pooled = index.has(FLAG, flag) or flag in index.flag_mentions or index.flag_pattern(flag) is not None
    if program is not None and pooled and not program.open_to:
        if _takes_the_rest(index, program.entry):
            # `args, rest = parser.parse_known_args()`: a wrapper that hands what it does
            # not know to the program it launches, which may be the one that defines it.
            return "dynamic", "the options parse_known_args leaves"
        # Defined, but by a test, a tool or another entry point: this program's parser
        # rejects it all the same.
        return "elsewhere", other_programs_note(index, flag, program)
    if pooled:
        return "known", ""  # an open program (its parser extends another package's) may take it
    tree = index.config_tree
    if program is None and "." in flag.strip("-") and tree is not None and tree.knows(flag.lstrip("-")):
        # `--mining.query_max_length 512` for a script that reads its own argv into a
        # config: a key of the repository's YAML, written as an override.
        return "known", ""
    if program is None and _rewritten_to_parser(index, None, flag):
        # `--session_len` in prose, while a parser that rewrites `_` to `-` defines
        # `--session-len` (or xDiT's, `-` to `_`): the programs built on it take either spelling.
        return "known", ""
    if program is not None and any(ctx.takes_external(program, name, flag) for name in program.open_to):
        return "known", ""  # a flag of a package the program takes options from, read from its source
    rule = ctx.passthrough_for(flag)
    if rule is not None:
        return "passthrough", rule.program  # `--sglang-*`: another program's, however it is added
    if program is not None and program.entry in index.dynamic_options:
        # The entry itself names options at run time (`fire.Fire(main)` with **kwargs).
        return "framework", f"options named at run time ({program.entry}:{index.dynamic_options[program.entry][0]})"
    hands_on = None
    if index.extra_options:
        hands_on = _hands_options_on(index, [program] if program is not None else [program_at(index, p) for p in sorted(ctx.doc_programs.get(claim.doc, ()))] if claim.context != "command" else [], claim if claim.context == "command" else None)
    if hands_on:
        # `xinference launch ... --cpu_offload True`: a click command with
        # ignore_unknown_options passes what it lacks to the model it loads. So do the
        # options the page's prose names beside such a command.
        return "framework", f"options its command hands on ({hands_on}: ignore_unknown_options)"
    prefix = next((p for p in sorted(index.flag_prefixes, key=len, reverse=True) if flag.startswith(p)), None)
    if prefix:
        return "dynamic", prefix
    if claim.context != "command" and (flag in ctx.foreign_flags or flag in common_tool_flags()):
        return "foreign", ""
    prefixes = set(index.flag_prefixes) | {rule.prefix for rule in ctx.config.passthrough if rule.prefix}
    if any(p.rstrip("-_") == flag for p in prefixes):
        return "dynamic", flag + "-"  # `--sglang` names the prefix itself
    if claim.context != "command" and claim.ref is not None:
        # Prose about another program: "SGLang's `--tp-size` ... pass `--sglang-tp-size`".
        line = claim.source_line()
        owner = _possessive_owner(line, claim.column) or _passed_to_owner(line, flag, claim.column) or _run_with_owner(line, flag, claim.column)
        if owner and not _is_own_name(owner, index) and owner not in index.programs:
            return "foreign", owner  # "mirroring vLLM's `--headless`"; "the `--plat` argument to pass to auditwheel"
        shown = _shown_with(line, flag, index) or _program_span_beside(line, flag, index) or _command_span_before(line, claim.column, index)
        if shown:
            return "foreign", shown
        if _listed_with_tool_flag(line, flag, index):
            return "foreign", "the tool whose options it is listed with"  # "Add `--fix` locally (`ruff check --fix .`)"
        named = _named_package(line, ctx.index, ctx.foreign_programs) if claim.context == "inline" else None
        if named and not _near_own_flag(flag, index):
            return "foreign", named  # "the vllm server needs `--mamba_ssm_cache_dtype`"
        # (A switch's prefix, `--no-` of f"--no-{name}", names no program: aiida's
        # "the ``--with-mpi`` / ``--no-with-mpi`` option" is one option's two spellings.)
        programs = [p for p in prefixes if p.strip("-_").lower() not in _SWITCH_WORDS]
        if any(p + flag[2:] in line for p in programs):
            return "framework", next(p for p in programs if p + flag[2:] in line).strip("-_")
        lowered = line.lower()
        named = sorted({p.strip("-_") for p in programs if len(p.strip("-_")) >= 3 and p.strip("-_").lower() in lowered})
        if named:
            return "framework", ", ".join(named)
    if claim.context != "command" and "." in flag.lstrip("-") and _nested_field(index, flag):
        # `--train.max_seq_length` in prose, where `max_seq_length` is a field here: a
        # config-class CLI (jsonargparse, draccus, tyro) nests fields that way.
        return "dynamic", "a nested config field"
    if claim.context != "command" and not _spelled_alike(index, flag):
        blind = blind_spots(index, ctx, claim.doc)
        if blind:
            # A flag in prose or a table names no program: it is unknown only when drift
            # sees every program the repository has, and all of their options.
            return "framework", blind
        hands_on = _main_hands_on(index)
        if hands_on and not closest(flag, [n for n in index.names(FLAG) if n.startswith("--")], HANDED_ON_NEAR):
            # `xinference launch` takes any `--name value` for the model it loads: prose
            # that names no program may mean one of those, unless it misspells one of ours
            # (`--metrics-port` for `--metrics-exporter-port`).
            return "framework", hands_on
    detected = claim.attrs.get("frameworks") if claim.context == "command" else ctx.frameworks
    frameworks = ctx.extended_frameworks(detected or [])
    reasons: list[str] = []
    if claim.context == "command" and claim.attrs.get("program_path"):
        # Every package the program may take options from must be read before a flag is
        # unknown: a base class's (`SFTConfig(TrainingArguments)`), not only the parser's.
        opened = program_at(index, claim.attrs["program_path"]).open_to
        # So must a package whose parser or argument classes it imports, read or not
        # (PaddleMIX: `PdArgumentParser((ModelArguments, TrainingArguments))` from paddlenlp).
        frameworks = sorted(set(frameworks) | {name for name in opened if " " not in name})
        reasons = sorted(name for name in opened if " " in name)
    if frameworks:
        verified = [name for name in frameworks if name in ctx.external_flags]
        owner = program_at(index, claim.attrs["program_path"]) if claim.context == "command" and claim.attrs.get("program_path") else None
        if any(ctx.takes_external(owner, name, flag) for name in verified):
            return "known", ""
        unverified = [name for name in frameworks if name not in verified]
        # A framework whose every option is listed (deepspeed.add_config_arguments adds four)
        # does not stand for a flag outside its list.
        unverified = [name for name in unverified if flag[2:].replace("-", "_") in complete_framework_flags().get(name, {flag[2:].replace("-", "_")})]
        if unverified:
            return "framework", ", ".join(unverified)
        if reasons:
            if any(ctx.takes_external(owner, name, flag) for name in ctx.external_flags):
                return "known", ""  # it may reach any package the repository extends: one has it
            return "framework", reasons[0]  # plugins it loads, options named at run time
        return "unknown", "; ".join(f"not a flag of {external_label(name, ctx.external_flags[name])}, whose {len(ctx.external_flags[name])} flags drift read" for name in verified)
    if reasons and not closest(flag, [n for n in index.names(FLAG) if n.startswith("--")], TYPO_RATIO):
        # No framework, but the program names options at run time (dolma's make_parser
        # adds `--{prefix}.{field}` for each dataclass field): drift cannot list them.
        # One slip from an option some file here defines (`--target-pipeline-paralle-size`
        # for a plugin's `--target-pipeline-parallel-size`) is still a typo.
        return "framework", reasons[0]
    return "unknown", ""


def external_label(name: str, flags: dict) -> str:
    """`Megatron-LM 1dcf0dafa884 (pinned in docker/Dockerfile:68)`: which source, at which
    version, found how."""
    meta = next(iter(flags.values()), {})
    label = str(meta.get("display") or name)
    if meta.get("version"):
        label += f" {meta['version']}"
    how = meta.get("how")
    if meta.get("pin"):
        label += f" (pinned in {meta['pin']})"
    elif how in ("installed", "vendored", "submodule", "configured"):
        label += f" ({how})"
    return label


TYPO_MIN_LENGTH = 8  # shorter names are one edit from too many others


def _typo_of_own(flag: str, claim: Claim, ctx: CheckContext) -> str | None:
    """The one option of the command's own program that ``flag`` is a single typo of (a
    letter doubled, dropped, swapped or mistyped)."""
    program_path = claim.attrs.get("program_path")
    if len(flag) < TYPO_MIN_LENGTH:
        return None
    if program_path:
        programs = [program_at(ctx.index, program_path)]
    elif claim.context in ("inline", "table"):
        # Prose names no program: those the page runs, else the repository's main ones
        # (snakemake's "use ``--preemtible-rules``" for its `--preemptible-rules`).
        runs = sorted(ctx.doc_programs.get(claim.doc, ()))
        programs = [program_at(ctx.index, p) for p in runs] or _main_programs(ctx.index)
    else:
        return None
    own = {name for program in programs for name, facts in program_flags(ctx.index, program).items()
           if name.startswith("--") and any((f.attrs.get("origin") or {}).get("kind") != "derived" or (f.attrs.get("origin") or {}).get("by") == "factory" for f in facts)}
    close = sorted(name for name in own if abs(len(name) - len(flag)) <= 1 and _one_edit(flag, name))
    if len(close) != 1 or re.search(rf"(?<![\w-]){re.escape(close[0])}(?![\w-])", claim.source_line()):
        return None  # borg's "``--noatime / --noctime``": a line that names both means two options
    return close[0]


SCRIPTS_PASSING_MIN = 2  # scripts of the repository that pass a flag before its spelling is the one to expect


def _flag_words(flag: str) -> list[str]:
    """`--max-position_embeddings` -> [max, position, embeddings]."""
    return [w for w in re.split(r"[-_]+", flag.lstrip("-").lower()) if w]


def _stems(flag: str) -> tuple[str, ...]:
    """A flag's words without their endings: `--max-positional-embedding` and
    `--max-position-embeddings` both give (max, position, embedd)."""
    stems = []
    for word in _flag_words(flag):
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        for ending, shortest in (("al", 6), ("ing", 6), ("ed", 5)):
            if len(word) >= shortest and word.endswith(ending):
                word = word[: -len(ending)]
                break
        stems.append(word)
    return tuple(stems)


def _inflection_of_passed(flag: str, claim: Claim, ctx: CheckContext) -> str | None:
    """The one flag the repository's shell scripts pass (SCRIPTS_PASSING_MIN or more) that
    has ``flag``'s words with other endings, when nothing here defines, spells or passes
    ``flag`` itself: behind a framework drift cannot read, the scripts show its spelling."""
    index = ctx.index
    if not flag.startswith("--") or index.scripts_passing(flag) or flag in index.flag_mentions or index.has(FLAG, flag):
        return None
    key = _stems(flag)
    close = sorted(
        name for name, count in index.script_flags.items()
        if count >= SCRIPTS_PASSING_MIN and name.startswith("--") and name.replace("_", "-") != flag.replace("_", "-") and _stems(name) == key
    )
    if len(close) != 1 or re.search(rf"(?<![\w-]){re.escape(close[0])}(?![\w-])", claim.source_line()):
        return None
    return close[0]


def _one_edit(a: str, b: str) -> bool:
    """Damerau-Levenshtein distance 1: one insertion, deletion, substitution or swap of
    neighbours; `_` for `-` is the other spelling, not a typo."""
    if a == b or a.replace("_", "-") == b.replace("_", "-"):
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long[k]), len(short))
    return short[i:] == long[i + 1:]


# Manifests of programs in languages drift does not read: their options are invisible.
_OTHER_LANGUAGE_PROGRAMS = (("Cargo.toml", "Rust"), ("go.mod", "Go"))


def blind_spots(index, ctx: CheckContext, doc: str) -> str:
    """Why drift cannot see every option a doc's prose may name, or "": programs in
    another language (a Rust launcher with clap), or a program the page runs that takes
    options from a package drift did not read or names them at run time (jsonargparse from
    function signatures, fire with **kwargs)."""
    if "blind_languages" not in index.memo:
        reasons = []
        for manifest, language in _OTHER_LANGUAGE_PROGRAMS:
            found = sorted(p for p in index.files if p.rsplit("/", 1)[-1] == manifest and not is_vendored(p))
            if found:
                reasons.append(f"{language} programs ({found[0]})")
        index.memo["blind_languages"] = "; ".join(reasons)
    reasons = [index.memo["blind_languages"]] if index.memo["blind_languages"] else []
    if ctx.doc_unverifiable.get(doc):
        reasons.append(f"the page runs {ctx.doc_unverifiable[doc][0]}, whose options drift cannot list")
    for entry in sorted(ctx.doc_programs.get(doc, ())):
        program = program_at(index, entry)
        unread = sorted(name for name in program.open_to if name not in ctx.external_flags)
        if unread or entry in index.dynamic_options:
            reasons.append(f"{entry}, which the page runs, takes options from {', '.join(unread) or 'names built at run time'}")
            break
        if entry in index.argv_readers and not index.file_flags.get(entry):
            # `python -m spinup.run ppo --act ...`: no parser, it reads sys.argv itself.
            reasons.append(f"{entry}, which the page runs, reads its options from sys.argv itself")
            break
    if not ctx.doc_programs.get(doc) and _main_names_at_run_time(index):
        # huey's troubleshooting page names `--max-delay` and runs nothing: the consumer,
        # whose options come from `option('max_delay')` calls, may well take it.
        reasons.append(_main_names_at_run_time(index))
    return "; ".join(reasons)


def _main_names_at_run_time(index) -> str:
    """A main program whose options are named at run time, as a reason, or ""."""
    if "main_names_at_run_time" not in index.memo:
        # Console scripts first: a program whose options are all named at run time defines
        # no flag drift can list, so it is not among the entry programs.
        entries = [index.module_path(m) for m in sorted(index.program_modules.values())] + [p.entry for p in _main_programs(index)]
        # (A traitlets Application's options are its classes' traits and its flags table:
        # jupyterlab's `--LabApp.check_for_updates_class`, `--custom-css`.)
        index.memo["main_names_at_run_time"] = next((f"{entry}, the repository's program, whose options are named at run time" for entry in entries if entry and any("named at run time" in name or "traitlets Application" in name for name in program_at(index, entry).open_to)), "")
    return index.memo["main_names_at_run_time"]


def _nested_field(index, flag: str) -> bool:
    """The last part of a dotted flag is a flag or a dataclass field the repository has."""
    leaf = "--" + flag.lstrip("-").rsplit(".", 1)[-1]
    if _spelled_alike(index, leaf) or leaf in index.names(FLAG):
        return True
    field = leaf[2:].replace("-", "_")
    return any(field in own for entries in index.dataclass_fields.values() for _, own in entries)


def _spelled_alike(index, flag: str) -> bool:
    """`--hidden_size` while `--hidden-size` is defined: the doc means this repository's
    option, misspelt, whatever else is out of sight."""
    return swapped_spelling(flag) in index.names(FLAG)


def is_vendored(path: str) -> bool:
    return bool(re.search(r"(^|/)(third_party|3rdparty|vendor|node_modules|examples?|tests?|docs?)/", path))


def _main_hands_on(index) -> str:
    """A main program that hands the options it lacks on, as a reason, or ""."""
    if "main_hands_on" not in index.memo:
        index.memo["main_hands_on"] = next((f"{p.entry}, which hands the options it lacks on ({where_})" for p in _main_programs(index) for where_ in [_hands_options_on(index, [p])] if where_), "")
    return index.memo["main_hands_on"]


def _main_programs(index):
    from ..programs import entry_programs

    return [p for p in entry_programs(index) if p.role == "main"]


def _spelled_as_the_parser_does_not(index, program: Program | None, flag: str) -> bool:
    """`--tp-size` matches a field of some `ModelArgs` dataclass, but the parser defines
    `--tp_size`: the doc's spelling fails on the command line. Not for a program that
    makes its options from fields at run time (the field's spelling), nor where the parser
    rewrites `_` to `-` before parsing, nor where that parser is another program's."""
    if not (index.has(FLAG, flag) and shadowed_by_parser(index, flag)):
        return False
    if program is not None and names_options_at_run_time(program):
        return False
    return not _rewritten_to_parser(index, program, flag) and not _parser_elsewhere(index, program, flag)


def _parser_elsewhere(index, program: Program | None, flag: str) -> bool:
    """The parser that spells the flag otherwise is another program's: `class Args(Tap)`
    keeps `--tasks_dir` while some other script's argparse defines `--tasks-dir`; sparseml's
    masked_language_modeling.py takes `--logging_steps` from transformers' TrainingArguments
    while its torchvision script defines `--logging-steps`."""
    if program is None:
        return False
    other = index.names(FLAG).get(swapped_spelling(flag), ())
    return not any(f.path in program.files and (f.attrs.get("origin") or {}).get("by") != "name" for f in other)


def _rewritten_to_parser(index, program: Program | None, flag: str) -> bool:
    """`--max_train_steps` where a parser that rewrites `_` to `-` before parsing (a
    FlexibleArgumentParser) defines `--max-train-steps`: the program takes it."""
    underscored = underscored_spelling(flag)
    if underscored is not None:
        # (`--attention-backend` where xDiT's parser rewrites `-` to `_`.)
        if program is not None and program.files & index.underscoring_parser_files and has_flag(index, program, underscored):
            return True
        if program is None and any(f.path in _flexible_reach(index, "underscoring_parser_files") for f in index.names(FLAG).get(underscored, [])):
            return True
    dashed = dashed_spelling(flag)
    if dashed is None:
        return False
    if program is not None:
        return bool(program.files & index.flexible_parser_files) and has_flag(index, program, dashed)
    return any(f.path in index.flexible_parser_files or f.path in _flexible_reach(index) for f in index.names(FLAG).get(dashed, []))


def _flexible_reach(index, parsers: str = "flexible_parser_files") -> frozenset[str]:
    """Files of the programs whose parser takes `_` for `-` in option names (or, with
    `underscoring_parser_files`, the other way round), and the parsers' own files."""
    files = getattr(index, parsers)
    key = ("flexible_reach", parsers)
    if key not in index.memo:
        from ..programs import entry_programs

        index.memo[key] = frozenset(files).union(*(p.files for p in entry_programs(index) if p.files & files)) if files else frozenset()
    return index.memo[key]


_SPAN = re.compile(r"`([^`\n]+)`")
_OWN_RUNNERS = frozenset({"python", "python3", "uv", "uvx", "torchrun", "accelerate", "deepspeed", "bash", "sh", "srun", "sudo", "env"})


def _shown_with(line: str, flag: str, index) -> str | None:
    """The other program a sentence shows this flag with, in a command of its own on the
    same line (`ruff check --fix .`); None when that command is the repository's."""
    for span in _SPAN.findall(line):
        words = span.split()
        if len(words) < 2 or flag not in (w.split("=", 1)[0] for w in words[1:]):
            continue
        program = words[0].rsplit("/", 1)[-1]
        if program in _OWN_RUNNERS or program in index.programs or program.endswith((".py", ".sh")) or _is_own_name(program, index):
            return None
        return program
    return None


# "the `kube-apiserver` runs with `--anonymous-auth`", "pass `--x` to `foo-cli`": a
# program's name alone in a code span, then a few words and the flag (or the reverse).
_PROGRAM_SPAN_BEFORE = re.compile(r"`([a-z][a-z0-9]*(?:-[a-z0-9]+)+)`\s+(?:[a-z]+\s+){0,3}`(--[\w-]+)")
_PROGRAM_SPAN_AFTER = re.compile(r"`(--[\w-]+)[^`]*`\s+(?:to|of|for|in)\s+(?:the\s+)?`([a-z][a-z0-9]*(?:-[a-z0-9]+)+)`")


_SLASHED_FLAGS = re.compile(r"`--[\w-]+`(?:\s*/\s*`--[\w-]+`)+")


def _listed_with_tool_flag(line: str, flag: str, index) -> bool:
    """`--index`/`--default-index`/`--index-url`: options written as one set, one of them
    a common tool's (pip's `--index-url`) that no parser here defines: the set is that
    tool's."""
    # (Also one code span of options: devito's "the default args `--init -t --rm`", docker's.)
    for group in _SLASHED_FLAGS.findall(line) + [span for span in re.findall(r"`([^`]+)`", line) if span.lstrip().startswith("-")]:
        names = re.findall(r"--[\w-]+", group)
        if flag in names and any(n != flag and n in common_tool_flags() and not index.has(FLAG, n) for n in names):
            return True
    return False


def _program_span_beside(line: str, flag: str, index) -> str | None:
    """Another program named in its own code span next to the flag; not one of ours."""
    pairs = [(m.group(1), m.group(2)) for m in _PROGRAM_SPAN_BEFORE.finditer(line)]
    pairs += [(m.group(2), m.group(1)) for m in _PROGRAM_SPAN_AFTER.finditer(line)]
    for program, named in pairs:
        if named == flag and program not in index.programs and not _is_own_name(program, index):
            return program
    return None


_COMMAND_SPAN = re.compile(r"`([a-z][a-z0-9_-]*) ([a-z][a-z0-9_-]*(?: [\w./-]+)*)`")
# What a runner runs ours with (`uv run x.py`, `pip install .`): its other commands
# (`uv tool list`, `conda env list`) are its own, and so are their options.
_RUNS_OURS = frozenset("run exec x install -m -c tool-run".split())


_SCRIPT_PATH = re.compile(r"[\w./-]+\.py\b")


def _scripts_on_line(claim: Claim, index) -> list[str]:
    """The repository's Python files a prose line names (a path in a code span or not)."""
    line = claim.source_line()
    found = []
    for written in _SCRIPT_PATH.findall(line):
        path = posixpath.normpath(posixpath.join(posixpath.dirname(claim.doc), written)) if written.startswith(".") else written.lstrip("/")
        if path in index.files and path not in found:
            found.append(path)
    return found


def _command_span_before(line: str, column: int, index) -> str | None:
    """Another program's command, in a code span earlier in the sentence: "compare them with
    `asv compare` and some extra options. `--sort ratio` will show..." (xarray's benchmarks
    README). Not one of ours, nor an interpreter or installer that runs ours."""
    spans = list(_COMMAND_SPAN.finditer(line[: max(column - 1, 0)]))
    if not spans:
        return None
    m = spans[-1]  # the nearest command before the option is the one it goes with
    word, rest = m.group(1), m.group(2).split()
    runner_own = word in _RUNNERS and len(rest) >= 2 and rest[0] not in _RUNS_OURS and rest[-1] not in _RUNS_OURS and not any(index.path_exists(r) or _is_own_name(r, index) or r in index.programs for r in rest)
    if (word not in _RUNNERS or runner_own) and word not in index.programs and not _is_own_name(word, index) and not index.path_exists(word):
        return f"{word} {m.group(2)}"  # (pipx's "`uv tool list` toggles columns via `--show-python`": uv's)
    return None


def _hands_options_on(index, programs: list[Program], command: Claim | None = None) -> str | None:
    """Where one of the programs defines a click/typer command that takes options it does
    not define (`context_settings=dict(ignore_unknown_options=True)`). For a command
    line, only that command: the subcommand it names (`xinference launch`), the function
    its console script calls, or the file's one such command when it names neither
    (`xinference-worker` runs another command of the same file)."""
    word = (command.attrs.get("program") or "") if command is not None else ""
    sub = command.attrs.get("subcommand") if command is not None else None
    for program in programs:
        for path in sorted(program.files & index.extra_options.keys()):
            for line, name, func in index.extra_options.get(path, ()):
                if command is None or sub == name or index.program_functions.get(word) == func or (not sub and word not in index.program_functions):
                    return f"{path}:{line}"
    return None


# Interpreters, shells and installers: a heading that names them is about our scripts.
_RUNNERS = frozenset("python python3 py bash sh zsh uv uvx pip pip3 conda mamba sudo env cd export source make poetry pixi".split())


def _section_program(claim: Claim, ctx: CheckContext) -> str | None:
    """Another program the heading over a prose flag names, which the page's commands run
    and which is not the repository's (`torchrun`, `deepspeed`)."""
    words = ctx.doc_command_words.get(claim.doc, set())
    for word in re.findall(r"[\w.-]+", str(claim.attrs.get("section") or "").lower()):
        if word in words and word not in _RUNNERS and word not in ctx.index.programs and not ctx.index.path_exists(word):
            return word
    return None


def _before_dashes(claim: Claim, flag: str) -> bool:
    """Whether the command passes ``flag`` before a lone `--`."""
    dashes = claim.ref.attrs.get("dashes") if claim.ref is not None else None
    return bool(dashes) and (claim.line, claim.column) < tuple(dashes)


def _takes_the_rest(index, program_path: str) -> bool:
    """The program's own code calls parse_known_args: options its parser lacks are kept."""
    return program_path in index.known_args_files or any(path in index.known_args_files for path in program_at(index, program_path).files)


def _sees_parser(index, program: Program) -> bool:
    """Whether any of the program's flags comes from a parser drift reads, rather than
    from a class it took for a flag source by its name (`class MoEArgs`)."""
    return any((fact.attrs.get("origin") or {}).get("by") != "name" for facts in program_flags(index, program).values() for fact in facts)


def _config_class_flag(flag: str, claim: Claim, index, prose_fields: bool = True):
    """(verdict, root classes) for a flag of a program whose command line is built from
    config classes (`cli(RLConfig)`): the command's program, or for prose any such
    program of the repository. None when no program of that kind is in view."""
    if flag in ("--help", "-h"):
        return None  # every command-line builder adds it
    program_path = claim.attrs.get("program_path") if claim.context == "command" else None
    guessed = claim.attrs.get("inferred_program") or claim.attrs.get("page_program")
    if program_path and not guessed:
        roots = cli_roots(index, program_path)
    elif claim.context == "command" and not guessed:
        return None  # another program's command line
    elif "." in flag.lstrip("-"):  # prose, a table, a bare list: `--a.b-c` is a class tree's key
        roots = sorted({cls for classes in cli_programs(index).values() for cls in classes})
        if not roots and index.known_args_files:
            # Scripts that hand what argparse leaves to a config (`Config.merge(rest)`):
            # any class tree may be the one; only a positive answer counts.
            verdict = class_schemas(index).resolve(flag_keys(flag)[0])
            return (verdict, [], flag_keys(flag)[0]) if verdict is not None and verdict.status != MISSING else None
    else:
        # `--local-world-size` in prose: a parser's flag, spelled as it spells it, unless a
        # program builds its command line from a class with that field (tyro's
        # `--rendered-output-names`): only that positive answer counts.
        roots = sorted({cls for classes in cli_programs(index).values() for cls in classes}) if prose_fields else []
        verdicts = [class_schemas(index).resolve(key, roots) for key in flag_keys(flag)] if roots else []
        known = next((v for v in verdicts if v is not None and v.status == KNOWN), None)
        if known is None and not roots and index.known_args_files:
            # OLMo-core's train.py merges what parse_known_args leaves into its config
            # (`--load-path=x` sets `load_path`): a config class's field may be the one.
            verdict = class_schemas(index).resolve(flag_keys(flag)[0])
            known = verdict if verdict is not None and verdict.status == KNOWN else None
        return (known, roots, flag_keys(flag)[0]) if known is not None else None
    if not roots:
        return None
    schemas = class_schemas(index)
    verdicts = [(v, key) for v, key in ((schemas.resolve(key, roots), key) for key in flag_keys(flag)) if v is not None]
    if not verdicts:
        return None
    best = next((pair for pair in verdicts if pair[0].status != MISSING), None) or max(verdicts, key=lambda pair: len(pair[0].walked))
    if best[0].status == MISSING and program_path and "simple_parsing" in program_at(index, program_path).frameworks:
        flat = schemas.flattened(best[1], roots)
        if flat is not None:
            return flat, roots, best[1]
    return best[0], roots, best[1]


def _argv_rewritten(index, program_path: str) -> str | None:
    """Why the program's command line is not the one its config class spells: code in its
    import closure rebuilds sys.argv before parsing."""
    rewriters = sorted(import_closure(index, program_path) & index.argv_rewriters) if index.argv_rewriters else []
    return f"the command line {rewriters[0]} rewrites before parsing" if rewriters else None


def _program_of(claim: Claim, index) -> Program | None:
    """The program a command line runs, when drift can see the flags its parser defines;
    None for prose, or a program whose parser drift cannot see."""
    table = claim.attrs.get("table")
    if claim.context == "table" and table is not None and table.program is not None and not table.historical:
        return table.program  # a reference table: the program nearly all its rows are options of
    program_path = claim.attrs.get("program_path")
    if claim.context != "command" or not program_path or claim.attrs.get("inferred_program") or claim.attrs.get("page_program"):
        return None  # a bare list of flags: its program is a guess
    program = program_at(index, program_path)
    # No parser drift can read: judge against the repository's flags, as before.
    return program if program_flags(index, program) else None


_PRINT_AND_EXIT = frozenset({"--version", "--help"})


def _negation(flag: str) -> str:
    for positive, negative in (("--no-", "--"), ("--no_", "--")):
        if flag.startswith(positive):
            return negative + flag[len(positive):]
    return "--no-" + flag[2:] if flag.startswith("--") else flag


def _dropped_for_program(flag: str, claim: Claim, ctx: CheckContext):
    """The change that dropped ``flag`` from the definitions this command's program
    uses, while other programs still define it; None when the program still has it."""
    program_path = claim.attrs.get("program_path")
    dropped = ctx.changes.removed_from(FLAG, flag) if ctx.changes and claim.context == "command" and program_path else []
    if not dropped:
        return None
    reach, classes = program_definitions(ctx.index, program_path)
    # A config class's field belongs to the programs that hand that class to a parser,
    # whatever file it sits in; a parser's own option to the programs that import it.
    mine = lambda path, cls: cls in classes if cls else path in reach  # noqa: E731
    if any(mine(f.path, f.field_of) for f in ctx.index.names(FLAG).get(flag, [])):
        return None
    return next((c for c in dropped if mine(c.detail.get("path"), c.detail.get("class"))), None)


def _subcommand(claim: Claim, ctx: CheckContext) -> list[Finding]:
    """`tool serv --port 1` where the program's subparsers are serve and chat: argparse
    stops at "invalid choice". Judged only when every add_parser name is a literal."""
    index = ctx.index
    program = program_at(index, claim.attrs["program_path"])
    if program.entry in index.argv_readers and not index.subparsers.get(program.entry) and not index.file_flags.get(program.entry):
        # `mini-extra config ...`: the entry reads sys.argv itself and dispatches on its
        # first word (to modules it imports by name); the subcommands of those modules are
        # a level below, and its own words are not a parser's.
        return []
    names = set().union(*(index.subparsers.get(path, set()) for path in program.files)) if program.files else set()
    if not names or "*" in names:
        return []
    nested = nested_subcommands(index, program)
    parent = claim.attrs.get("parent")
    if parent:
        names = nested.get(parent, set())  # `serve api_client`: only serve's own subcommands
    else:
        # `api_server` is no top-level command, unless the top-level parser adds one of
        # that name too (`tool list` beside `tool registry list`).
        roots = set().union(*(index.root_subcommands.get(path, set()) for path in program.files))
        names = (names - set().union(*nested.values())) | (roots & names) if nested else names
    if not names or claim.text in names:
        return []
    near = closest(claim.text, names, 0.6)
    home = [p for p, children in nested.items() if claim.text in children] if not parent else []
    if len(home) == 1:
        near = [f"{home[0]} {claim.text}"]  # `tool api_server` for `tool serve api_server`
    shown = ", ".join(sorted(names)[:8]) + (", ..." if len(names) > 8 else "")
    owner = f"`{parent}` of {program.entry}" if parent else f"{program.entry} (with what it imports)"
    evidence = f"{owner} has the subcommands {shown}; none is {claim.text}"
    if home:
        evidence += f" ({claim.text} is a subcommand of `{home[0]}`)"
    if near:
        evidence += f"; closest: {near[0]}"
    program_name = claim.attrs.get("script") or claim.attrs.get("program")
    # Judged first runs: 0 of 56 sampled "no subcommand" findings on six repositories were
    # true. Programs add subcommands where drift's parser model does not reach (a helper
    # handed the subparsers object, a command object, a plugin, a class constant's name),
    # so a word drift does not see is a note, not a finding to act on.
    evidence += "; a note: programs often add subcommands where drift cannot follow (helpers, command objects, plugins)"
    return [finding((CODE, NAME), claim, f"no subcommand {claim.text}" + (f" for {program_name}" if program_name else ""), evidence, "low", near[0] if near else None)]


def _parses_absl_flags(index) -> bool:
    """Whether any program here defines absl flags (so absl's own, `--helpfull`, exist)."""
    if "_parses_absl" not in index.memo:
        index.memo["_parses_absl"] = any((f.attrs.get("origin") or {}).get("builder") == "absl" for facts in index.names(FLAG).values() for f in facts)
    return index.memo["_parses_absl"]


def _valued_with_equals(claim: Claim, flag: str) -> bool:
    """Whether the doc writes the option with a value after `=` (`--shared=js`)."""
    if claim.context != "command" or claim.ref is None:
        return f"{flag}=" in claim.source_line()
    return any(
        item.get("flag") == flag and item.get("line") == claim.line and item.get("value_line") == item.get("line")
        and isinstance(item.get("column"), int) and isinstance(item.get("value_column"), int) and item["value_column"] - item["column"] in (len(flag) + 1, len(flag) + 2)
        for item in claim.ref.attrs.get("flags", [])
    )


def _is_switch(name: str, flags: dict, external: dict) -> bool:
    """Whether every definition of the option ``name`` takes no value."""
    if name in flags:
        return all(f.takes_no_value for f in flags[name])
    return takes_no_value(external.get(name, {}))


def _same_words_shortened(flag: str, other: str) -> bool:
    """Whether two flags have the same words in the same order, each equal to the other's
    or a prefix of it (`--embed-dir` and `--embedding-dir`, `--lr-sched` and `--lr-scheduler`)."""
    words, others = _flag_words(flag), _flag_words(other)
    return len(words) == len(others) and words != others and all(a.startswith(b) or b.startswith(a) for a, b in zip(words, others))


# `tree(1)`, `git-commit(1)`: a man page's name, which names another program.
_MAN_PAGE = re.compile(r"(?<![\w/.-])([a-z][\w.+-]*)\(([1-8])\)")


def _man_page_before(line: str, column: int, ctx: CheckContext) -> bool:
    """Whether the sentence before an option in prose names another program by its man
    page (`tree(1)`), which the option then belongs to."""
    head = line[: max(column - 1, 0)]
    ends = [m.end() for m in re.finditer(r"[.!?;](?=\s)", head)]
    named = [m.group(1) for m in _MAN_PAGE.finditer(head[ends[-1] if ends else 0 :])]
    return bool(named) and named[-1] not in ctx.index.programs


# Prefixes that turn an option on or off: no program's name.
_SWITCH_WORDS = frozenset({"no", "not", "dont", "disable", "enable", "with", "without", "skip", "use"})


def _spaced_hyphen(claim: Claim, flag: str, pool: list[str]) -> str | None:
    """The option ``flag`` and the word after it make when joined by `-` or `_`
    (`--no extracting` for --no-extracting), when the program has it."""
    for match in re.finditer(rf"(?<![\w-]){re.escape(flag)}\s+([A-Za-z][\w-]*)", claim.source_line()):
        for joined in (f"{flag}-{match.group(1)}", f"{flag}_{match.group(1)}"):
            if joined in pool:
                return joined
    return None


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    if claim.kind == "subcommand":
        return _subcommand(claim, ctx)
    flag = claim.text
    gone = ctx.changes.gone(FLAG, flag) if ctx.changes else None
    if gone is None and not claim.attrs.get("unowned_list"):
        gone = _dropped_for_program(flag, claim, ctx)
    if gone is not None and claim.attrs.get("unowned_list") and not bare_list_is_ours(claim, ctx.index, lambda f: ctx.changes.gone(FLAG, f) is not None):
        return []  # `--gpu-memory-utilization` beside it, never here: maybe another program's list
    if gone is not None:
        return [changed((CODE, NAME), claim, gone)]
    if claim.attrs.get("unowned_list"):
        # A bare list whose program is not known: only the repository's own history (it
        # defined the flag, then removed it) says it is stale.
        ctx.unverified.append((claim, ""))
        return []
    flags = ctx.index.names(FLAG)
    if (not flags and not cli_programs(ctx.index)) or flag == "--help":
        return []  # argparse, click, typer and fire all add --help, whatever the subcommand
    if claim.context != "command" and PLACEHOLDER_FLAG.match(flag) and not ctx.index.has(FLAG, flag):
        return []  # "`--flag: true` names `--flag`": a placeholder in prose
    if claim.context == "command" and PLACEHOLDER_FLAG.match(flag) and not ctx.index.has(FLAG, flag) and claim.ref is not None and re.search(r"<[\w -]+>", str(claim.ref.attrs.get("raw") or claim.ref.text)):
        return []  # kalliope's synopsis `kalliope command --option <argument>`: a usage pattern
    if claim.context != "command" and claim.ref is not None and _named_as_prefix(claim.source_line(), flag, claim.column, flags):
        return []
    if flag in ctx.index.css_properties and claim.context != "command":
        return []  # a CSS custom property the style sheets define (`--score-fg-s: 70%`)
    if claim.context != "command" and claim.ref is not None and _said_of_css(claim.source_line(), flag):
        return []  # "custom CSS variables (`--background` and `--foreground`)": style, not a command line
    if claim.context != "command" and claim.ref is not None and _names_columns(claim.source_line(), flag):
        return []  # "`--SEQ` variables must be positive integers": a family of columns, not an option
    if claim.context != "command" and claim.ref is not None and _man_page_before(str(claim.ref.attrs.get("context") or ""), claim.column, ctx):
        return []  # "the pure-ASCII set `tree(1)` uses with `--charset=ascii`": tree's option
    if claim.context != "command" and defined_on_page(ctx, claim.doc, flag):
        return []  # "The `--hash-header` flag is repeated": the page's own example defines it
    status, also = flag_status(flag, claim, ctx)
    if status == "framework" and ((claim.context == "command" and " " not in also) or claim.context in ("inline", "table")):
        # (Only behind a package's parser: one that takes any name, `**kwargs`, takes this.)
        meant = _typo_of_own(flag, claim, ctx)
        passed = _inflection_of_passed(flag, claim, ctx) if meant is None else None
        if passed is not None:
            # slime's "no need to configure `--max-positional-embedding`" where its scripts
            # pass Megatron's `--max-position-embeddings`: the same words, other endings,
            # and nothing here spells the page's form.
            evidence = (
                f"nothing here defines or passes {flag}; {passed} has the same words with other endings, and "
                f"{ctx.index.scripts_passing(passed)} of the repository's scripts pass it; its options may come from {also}, which drift could not read"
            )
            program = claim.attrs.get("script") or claim.attrs.get("program")
            return [finding((CODE, NAME), claim, f"unknown flag {flag}" + (f" for {program}" if program else ""), evidence, "medium", passed, certain=False)]
        if meant is not None:
            # `--foregrouund` for the program's own `--foreground`: one slip of the keyboard
            # from a flag this program defines is a typo, whatever the framework adds.
            fact = ctx.index.names(FLAG)[meant][0]
            evidence = f"{flag} is one typo from {meant} ({where(fact)}), an option of this program; its other options may come from {also}, which drift could not read"
            program = claim.attrs.get("script") or claim.attrs.get("program")
            return [finding((CODE, NAME), claim, f"unknown flag {flag}" + (f" for {program}" if program else ""), evidence, "medium", meant)]
    if status == "framework" and claim.context in ("command", "table", "inline"):
        ctx.unverified.append((claim, also))  # the repository's own history may still know it
    if status == "abbreviation":
        # The command runs (argparse expands unique prefixes), but the doc names a flag the
        # program does not have: often the old name of a renamed one.
        program_path = claim.attrs.get("program_path")
        reach = import_closure(ctx.index, program_path) if program_path else frozenset()
        facts = ctx.index.names(FLAG)[also]
        # The definition the named program runs with (FlagAI's preprocess_data.py builds its
        # own `--vocab-file`, though megatron/arguments.py, which it imports, has one too).
        own = program_flags(ctx.index, program_at(ctx.index, program_path)).get(also) if program_path else None
        fact = next((f for f in facts if f.path == program_path), None) or (own or [None])[0] or next((f for f in facts if f.path in reach), facts[0])
        owner = program_path or fact.path  # prose names no program: the one that has the longer flag
        evidence = f"{owner} defines no {flag}; argparse takes it as an abbreviation of {also} ({where(fact)}) while allow_abbrev is on"
        program = claim.attrs.get("script") or claim.attrs.get("program")
        # argparse runs it. In a doc it is often a renamed flag's old name; in a shell script
        # (`--cluster` for `--clusters` all through a sweep) it is a working script: a note.
        confidence = "low" if claim.doc.endswith((".sh", ".bash")) else "medium"
        short = "-" + flag[2:]  # `-b` for `--b`; `-max_ite` for `--max_ite`
        if any((f.path, f.line) == (fact.path, fact.line) for f in ctx.index.names(FLAG).get(short, ())):
            # `--b 224` where the option is `-b, --batch-size`, `--max_ite 10` where it is
            # `-max_ite, --max_iteration`: the page means the short option, and argparse
            # runs it all the same.
            confidence = "low"
            evidence += f"; the page means the short option {short}"
        # Not certain: a renamed flag's old name can be a prefix of an unrelated option
        # (`--cpu_offload` of `--cpu_offload_split_threshold` after it became
        # `--enable_model_cpu_offload`); the longer name is what runs, not what was meant.
        result = finding((CODE, NAME), claim, f"{flag} is only an abbreviation of {also}" + (f" for {program}" if program else ""), evidence, confidence, also, certain=False)
        if confidence != "low":
            # History says whether the page shortens on purpose: asked of the program's
            # files, or in prose of the file whose option the name prefixes.
            ctx.abbreviations.append((result, sorted(reach) or [fact.path], not program_path))
        return [result]
    if status == "config-class":
        said, suggestion, roots = also
        entry = claim.attrs.get("program_path")
        if roots is None:  # parse_known_args: the classes are a guess at where the rest goes
            evidence = f"{entry} hands the options its parser lacks on (parse_known_args), and no config class has this key: {said}"
        else:
            evidence = f"{entry} builds its command line from {', '.join(roots[:2])}: {said}"
        replacement = None
        if suggestion:
            replacement = "--" + (suggestion if "_" in flag else suggestion.replace("_", "-"))
        program = claim.attrs.get("script") or claim.attrs.get("program")
        return [finding((CODE, NAME), claim, f"unknown flag {flag}" + (f" for {program}" if program else ""), evidence, "high" if roots is not None else "medium", replacement)]
    if status not in ("unknown", "elsewhere"):
        return []
    long_flags = [name for name in flags if name.startswith("--")]
    program_path = claim.attrs.get("program_path")
    program = _program_of(claim, ctx.index)
    # Another package's flags as suggestions: only those this program takes from it (a
    # config class it subclasses), never a sibling class's (`--vllm-mode` of GRPOConfig
    # for an SFT command).
    if program is None and flag.split("=", 1)[0] in ABSL_FLAGS and _parses_absl_flags(ctx.index):
        return []  # ":code:`--helpfull`" in a repository whose tools parse absl flags: absl's own
    taker = program if program is not None else (program_at(ctx.index, program_path) if program_path else None)
    external = {name: attrs for owner, flags_of in ctx.external_flags.items() for name, attrs in flags_of.items() if ctx.takes_external(taker, owner, name)}
    pool = long_flags + [n for n in external if n.startswith("--")]
    scope = program_flags(ctx.index, program) if program is not None else flags
    if program is not None:
        # Suggest only what this program's own parser (and what it imports) defines.
        pool = [n for n in scope if n.startswith("--")] + [n for n in external if n.startswith("--")]
    elif program_path:
        reach = import_closure(ctx.index, program_path)
        own = [n for n in long_flags if any(f.path in reach for f in flags[n])]
        pool = own + [n for n in external if n.startswith("--")] if own else pool
    # (`--version` and `--help` print and exit: no fix for `--model-version`; nor is an
    # option the same command already passes: `--s3-bucket a --s3-backup-bucket b`.)
    passed = {str(item.get("flag", "")) for item in claim.ref.attrs.get("flags", [])} if claim.context == "command" and claim.ref is not None else set()
    candidates = [c for c in closest(flag, pool, 0.75) if c != flag and c not in _PRINT_AND_EXIT and c not in passed]
    # `--embedding-dir` where the parser has `--embed-dir` and `--embedding-dim`: the same
    # words, one shortened, name the same thing; a changed word names another option.
    candidates.sort(key=lambda c: not _same_words_shortened(flag, c))
    switches = [c for c in candidates if _is_switch(c, flags, external)] if _valued_with_equals(claim, flag) else []
    if switches:
        # wily's `--shared=js` by `--shared-js/--no-shared-js`: a switch takes no value, so
        # `--shared-js=js` is no fix.
        candidates = [c for c in candidates if c not in switches]
    if status == "elsewhere" and " subcommand" in also:
        candidates = []  # another subcommand's option: the doc meant that subcommand, or nothing
    swapped = swapped_spelling(flag)
    spelled_otherwise = swapped != flag and (swapped in scope or swapped in external)
    if spelled_otherwise:
        candidates = [swapped]
    replacement = candidates[0] if candidates else None
    spaced = _spaced_hyphen(claim, flag, pool) if claim.ref is not None else None
    if spaced:
        # maigret's "can be disabled with ``--no extracting``": --no-extracting with a
        # space for its hyphen. The fix spans both words: said, not applied.
        candidates, replacement = [spaced], None
    negation = _negation(flag)
    if negation in scope:
        # `--align-param-gather` where only `--no-align-param-gather` exists: the doc
        # names the behaviour, which is on by default; its negation is no fix.
        where_defined = where(flags[negation][0])
        evidence = f"no flag {flag} is defined; only its negation {negation} ({where_defined}), so the behaviour it names is the default"
        return [finding((CODE, NAME), claim, f"unknown flag {flag}", evidence, "low", None)]
    def found_at(name: str) -> str:
        """Where the suggested flag is defined: in this program's own files when it is."""
        if name not in flags:
            return external[name].get("path", "external source")
        own = program_flags(ctx.index, program).get(name) if program is not None else None
        if own:
            return where(own[0])  # the parser the program calls, not a module's own `__main__` one it imports
        reach = program.files if program is not None else (import_closure(ctx.index, program_path) if program_path else frozenset())
        return where(next((f for f in flags[name] if f.path in reach), flags[name][0]))

    if status == "elsewhere":
        evidence = also if " subcommand" in also else f"{program.entry if program is not None else program_path} (with what it imports) does not define {flag}; {also}"
        if candidates:
            evidence += f"; closest of its own: {candidates[0]} ({found_at(candidates[0])})"
    elif candidates:
        evidence = f"no flag {flag} is defined; closest: {candidates[0]} ({found_at(candidates[0])})"
    elif program is not None:
        evidence = f"{program.entry} (with what it imports) defines no flag {flag}, nor does any other program here"
    else:
        evidence = f"no flag {flag} is defined by this repository's {len(long_flags)} flags"
    if also and status != "elsewhere":
        evidence += f"; {also}"
    if spaced:
        evidence += f"; `{flag} {spaced[len(flag) + 1:]}` reads as {spaced} with a space for its {'hyphen' if spaced[len(flag)] == '-' else 'underscore'}"
    if switches and not candidates:
        evidence += f"; the closest, {switches[0]} ({found_at(switches[0])}), is a switch and takes no value"
    ambiguous = ambiguous_prefix(ctx.index, program, flag) if program is not None else []
    if ambiguous:
        # `--schema` ran as `--schema-path` until `--schema-validation` came: now an error.
        evidence += f"; argparse rejects it as ambiguous: it prefixes {', '.join(ambiguous[:4])}"
    # (A table names a program's flags when it belongs to one, or when each row is about
    # its option; `| Harbor + --copy-repo | Full checkout at ... |` is prose in cells.)
    row_subject = claim.ref is not None and (claim.ref.kind == TABLE_ROW or str(claim.ref.attrs.get("row_first_cell", "")).strip().strip("`").startswith(flag))
    confidence = "high" if claim.context == "command" or (claim.context == "table" and (program is not None or program_path or row_subject)) else "medium"
    if status == "elsewhere":
        confidence = "medium"  # what the program imports is read statically: a plugin it loads by name is not
        if "added by the helper" in also and " never calls" in also:
            # The program has the helper that adds it, and drift saw no call: calls go
            # through tables, classes and other scripts drift does not follow. Judged
            # first runs: 1 of 14 such findings was true.
            confidence = "low"
        elif not candidates:
            # Defined by a program this one does not import (or by another subcommand),
            # with no spelling of its own close by: most often the import, the argv split
            # or the plugin drift did not see. Judged first runs since stop 31: 12 of 59
            # such findings were true, against 10 of 10 with a close spelling of its own;
            # none of the truth set's found items is of this kind.
            confidence = "low"
    if claim.attrs.get("inferred_program"):
        confidence = "medium"  # a bare list: its program is inferred from the flags it names
    if ctx.index.submodules and claim.context != "command":
        confidence = "low"  # a submodule's code (not in this tree) may define it
        evidence += f"; the repository has submodules ({', '.join(sorted(ctx.index.submodules)[:3])}) drift cannot read"
    config_key = None if spelled_otherwise else ctx.index.config_leaf(flag.lstrip("-").replace("-", "_"))
    if config_key is not None:
        # `--tis-mode` for the key tis_mode of a config file the program loads: the doc
        # spells a setting as a flag; not a flag, but not a name that is gone either.
        confidence = "low"
        evidence += f"; a config key {config_key.name} exists ({where(config_key)})"
    table = claim.attrs.get("table")
    if table is not None and table.historical:
        # A "Removed options" table, or a "Deprecated" column: the names are past on purpose.
        confidence = "low"
        replacement = None if not spelled_otherwise else replacement
        evidence += f"; the table lists past names ({table.section or 'its header says so'})"
    orphan = program is None and not program_path and claim.context != "command" and replacement is None and not spaced and status == "unknown"
    prose = program is None and not program_path and claim.context != "command" and status == "unknown" and not spelled_otherwise
    runs = sorted(p.lower() for p in ctx.doc_foreign.get(claim.doc, ())) if prose and not ctx.doc_programs.get(claim.doc) else []
    if runs and confidence != "low":
        # `--host` and `--port` in prose below `vllm serve ...`, `--max-batch-size 1` below
        # `lmdeploy serve api_server ...`: the page runs no program of this repository, so
        # its options are most likely that program's, whatever ours look like.
        confidence = "low"
        replacement = None
        evidence += f"; the page runs {runs[0]} and no program of this repository: its option, most likely"
    said_in = ctx.index.prose_flag_mentions.get(flag) if prose and confidence != "low" else None
    if said_in is not None:
        # MultiQC's module pages, written from each module's docstring: "the command line
        # option `--new-summary`" is HISAT2's, which hisat2.py's docstring explains too.
        confidence = "low"
        replacement = None
        evidence += f"; {said_in} names it in a comment or docstring, not as an option: what the code describes, most likely another program's"
    handed_in = ctx.index.kwargs_keys.get(flag[2:].replace("-", "_")) if prose and confidence != "low" and flag.startswith("--") else None
    if handed_in is not None:
        # sd-scripts' "`--conv_dim`/`--conv_alpha`": networks/lora.py reads
        # `kwargs.get("conv_alpha")`, which `--network_args "conv_alpha=1"` carries.
        confidence = "low"
        evidence += f"; {handed_in} reads {flag[2:].replace('-', '_')} from keyword arguments: a setting that may be passed inside another option (`key=value`)"
    if program is not None and status == "unknown" and not candidates and claim.context == "command" and confidence != "low" and program.files & ctx.index.rest_keeping_files:
        # mmagic's demo: `args, rest = parser.parse_known_args()`, the rest handed to the
        # inferencer as keyword arguments (`--control x`). The command runs; what takes
        # the option is out of the parser's sight.
        confidence = "low"
        evidence += "; the program keeps the options its parser lacks (parse_known_args), which may be handed on"
    registrant = absl_registrant(ctx.index, program, flag) if program is not None and status == "unknown" and not candidates else None
    if registrant is not None:
        # `--lp_termination_notice_secs` to a program that imports launchpad as lp: absl
        # takes the flags of every module imported, and drift reads only this repository.
        confidence = "low"
        evidence += f"; the program parses absl flags, which {registrant} (imported here) may define"
    launcher = _section_program(claim, ctx) if prose and confidence != "low" else None
    if launcher is not None:
        # "#### Key `torchrun` parameters" over `--rdzv_backend`: the section lists the
        # options of the launcher the page's commands start with, not of our script.
        confidence = "low"
        replacement = None
        evidence += f"; its section ({claim.attrs['section']}) is about {launcher}, which the page's commands run"
    program = claim.attrs.get("script") or claim.attrs.get("program")
    message = f"unknown flag {flag}" + (f" for {program}" if program else "")
    result = finding((CODE, NAME), claim, message, evidence, confidence, replacement)
    if orphan and confidence != "low":
        ctx.orphan_flags.append(result)
    return [result]
