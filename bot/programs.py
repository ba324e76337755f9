"""Programs: what a user runs, and the flags each one has.

A flag belongs to a program, not to the repository: `--model_id` defined by a test or a
tool is no flag of `train.py`. A program is an entry file (a script, a module run with
`python -m`, a console script's module) with the repository files it imports and the
config classes those files hand a parser factory. Its flags are the ones those files and
classes define; when it extends a framework drift cannot read (Megatron-LM's
`parse_args(extra_args_provider=...)`, a dataclass that subclasses transformers'
`TrainingArguments`) its set is *open*: other names may be the framework's.

Everything here is read from the FactIndex; nothing imports or runs the repository.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from .index import CONFIG_CLI_FRAMEWORKS, DATACLASS_PARSERS, FactIndex, resolve_import, frameworks_behind, import_closure, is_test_path, own_parser_files, program_definitions
from .model import FLAG, Fact

# Deep enough to follow entry -> trainer -> arguments -> shared helpers; the closure is
# cached per (path, depth) in the index.
PROGRAM_DEPTH = 6
_EXAMPLE_DIRS = frozenset({"examples", "example", "recipes", "tutorials", "demo", "demos"})
_TOOL_DIRS = frozenset({"scripts", "tools", "benchmarks", "benchmark"})


@dataclass(frozen=True)
class Program:
    entry: str  # the repository path of the file that is run
    files: frozenset[str]  # it and the repository files it imports
    classes: frozenset[str]  # config classes (with their bases) handed to a flag factory
    frameworks: frozenset[str]  # argument frameworks it extends, read or not
    # Packages whose parser or config classes it builds on (frameworks, a base class such
    # as transformers.TrainingArguments, torch's get_args_parser): names drift does not
    # see may be theirs, so a flag it lacks is never "another program's".
    open_to: frozenset[str] = frozenset()
    native: bool = False  # its files define options with a parser (argparse, click, typer, fire, a factory)

    @property
    def role(self) -> str:
        """main, test, example or tool: how coverage and reports group programs."""
        if is_test_path(self.entry):
            return "test"
        folders = set(self.entry.split("/")[:-1])
        if folders & _EXAMPLE_DIRS:
            return "example"
        return "tool" if folders & _TOOL_DIRS else "main"

    def owns(self, fact: Fact) -> bool:
        """A config class's field belongs to the programs that hand that class to a
        parser, wherever the class sits; a parser's own option to the programs that import
        the file that adds it."""
        cls = fact.field_of
        if cls is not None and cls in self.classes:
            return True
        if cls is not None and (self.classes or (fact.attrs.get("origin") or {}).get("by") == "factory"):
            # A class some parser is handed (`TrlParser((GRPOScriptArguments, GRPOConfig))`
            # in grpo.py) gives options to the programs that hand it; sft.py, which imports
            # the same module and hands SFTConfig, does not take GRPOConfig's fields.
            return False
        if (fact.attrs.get("origin") or {}).get("by") == "name" and (self.native or is_test_path(self.entry)) and not self.frameworks & CONFIG_CLI_FRAMEWORKS:
            # A `*Args` dataclass that nothing hands a parser: in a program whose parser
            # has options of its own (`--config-file`) it is that config file's schema
            # (nanotron's YAML); in a unit test that imports the server's `StartArgs`
            # type hints it is no command line.
            return False
        return fact.path in self.files


def program_at(index: FactIndex, path: str) -> Program:
    """The program whose entry file is ``path`` (cached on the index)."""
    cache = index.memo.setdefault("_programs", {})
    found = cache.get(path)
    if found is None:
        files = import_closure(index, path, PROGRAM_DEPTH)
        _, classes = program_definitions(index, path)
        frameworks = frozenset(frameworks_behind(index, path))
        native = bool(files & own_parser_files(index))
        found = cache[path] = Program(path, files, classes, frameworks, frameworks | _opened_by(index, files, classes) | _delegated_cli(index, path), native)
    return found


# Packages that build parsers but add no flags of their own to them.
_PARSER_BUILDERS = frozenset({"argparse", "click", "typer", "optparse", "rich_argparse", "__future__", "typing", "dataclasses"})
_PARSER_NAME = re.compile(r"(?:^|_)args?_?parser$|(?:^|_)argument_?parser$|ArgumentParser$|ArgParser$|^parse_args$|^get_args|^add_\w*arg|^arguments$|Arguments$|Args$")


def _external_package(index: FactIndex, path: str, written: str) -> str | None:
    """The package a name written in ``path`` comes from, when not this repository."""
    imports = index.file_imports.get(path, [])
    head = written.split(".")[0]
    aliased = index.file_module_aliases.get(path, {}).get(head)
    if aliased:
        head = aliased.split(".")[0]  # `import transformers as tf`, then `class X(tf.TrainingArguments)`
    if "." in written:
        return head if head not in index.packages and any(n == head or n.startswith(head + ".") for n in imports) else None
    for name in imports:
        top = name.split(".")[0]
        if not name.startswith(".") and name.endswith("." + written) and top not in index.packages:
            return top
    for original in sorted(index.class_aliases.get(written, ())):
        # `from peft import LoraConfig as HFLoraConfig`, then `class LoraConfig(HFLoraConfig)`.
        top = original.split(".")[0]
        if not original.startswith(".") and original in imports and top not in index.packages:
            return top
    return None


_CLI_NAMES = frozenset({"main", "cli", "app", "run", "entrypoint", "entry_point"})
# A function named for running a command line (Django's `execute_from_command_line`,
# `run_cli`): what a script that defines no option hands its arguments to.
_COMMAND_LINE_RUNNER = re.compile(r"(?:^|_)(?:command_line|cmdline|cli)(?:_|$)")


def _delegated_cli(index: FactIndex, path: str) -> frozenset[str]:
    """fastapi's `fastapi = "fastapi.cli:main"`: cli.py defines no option and imports `main`
    from fastapi_cli, another distribution, which it calls: the command line is that
    package's. So is a Django project's manage.py, which hands sys.argv to
    django.core.management's execute_from_command_line."""
    if index.file_flags.get(path):
        return frozenset()
    for name in index.file_imports.get(path, []):
        parts = name.split(".")
        if len(parts) >= 2 and not name.startswith(".") and parts[0] not in index.packages and (parts[-1] in _CLI_NAMES or parts[-2] in ("cli", "__main__") or _COMMAND_LINE_RUNNER.search(parts[-1])):
            return frozenset({parts[0]})
        stub = index.modules.get(".".join(parts[:-1]), "") if len(parts) >= 2 and parts[-1] in _CLI_NAMES else ""
        if stub.endswith(".pyi"):
            # Daft's `from daft.daft import cli` then `cli(sys.argv)`: daft.daft is a compiled
            # extension (Rust, typed in daft/daft/__init__.pyi): its command line is not Python.
            return frozenset({f"options of the compiled extension it calls ({'.'.join(parts[:-1])}, typed in {stub})"})
    return frozenset()


def _opened_by(index: FactIndex, files: frozenset[str], classes: frozenset[str]) -> frozenset[str]:
    found: set[str] = set()
    for path in sorted(files):
        for number in index.dynamic_options.get(path, [])[:1]:
            found.add(f"options named at run time ({path}:{number})")
        for class_name, bases in index.written_bases.get(path, {}).items():
            if class_name in classes:
                found.update(p for p in (_external_package(index, path, b) for b in bases) if p)
        if path in index.traitlets_apps and not is_test_path(path):
            # voila: `main = Voila.launch_instance`: `--autoreload`, `--base_url` are the
            # Application's traits and aliases, which traitlets turns into options.
            found.add(f"options of the traitlets Application it launches ({path})")
        if path in index.entry_point_loaders and not is_test_path(path):
            # kedro's CLI adds the commands plugins register (`kedro airflow create`).
            found.add(f"commands plugins register by entry point ({path})")
        if path in index.argv_rewriters:
            # kaolin-wisp's `parse_config`: it rebuilds sys.argv (short names for nested
            # fields, a YAML file's args) before tyro parses it.
            found.add(f"the command line it rewrites before parsing ({path})")
        parsers, loads_plugins = _file_openers(index, path)
        found |= parsers
        if loads_plugins and (path in own_parser_files(index) or path in index.file_flag_classes):
            # A parser file that loads modules by name (`loader_{name}` plugins): they
            # may add flags drift cannot trace. (A module that only defines the config
            # classes another file hands a parser builds none.)
            found.add("plugins it loads by name")
    return frozenset(found)


def external_bases(index: FactIndex, program: Program) -> dict[str, set[str]]:
    """package -> the classes of it that the program's config classes subclass (memoised):
    `class SFTConfig(TrainingArguments)` gives {"transformers": {"TrainingArguments"}}."""
    memo = index.memo.setdefault("_external_bases", {})
    found = memo.get(program.entry)
    if found is None:
        found = {}
        for path in sorted(program.files):
            for class_name, bases in index.written_bases.get(path, {}).items():
                if class_name in program.classes:
                    for base in bases:
                        package = _external_package(index, path, base)
                        if package:
                            found.setdefault(package, set()).add(base.rsplit(".", 1)[-1])
        memo[program.entry] = found
    return found


def _file_openers(index: FactIndex, path: str) -> tuple[frozenset[str], bool]:
    """Packages whose parser one file imports, and whether it imports importlib (memoised)."""
    memo = index.memo.setdefault("_file_openers", {})
    found = memo.get(path)
    if found is None:
        packages: set[str] = set()
        plugins = False
        for name in index.file_imports.get(path, []):
            top = name.split(".")[0]
            if name in ("importlib", "importlib.import_module"):
                plugins = True
            if name.startswith(".") or top in index.packages or top in _PARSER_BUILDERS:
                continue
            last = name.rsplit(".", 1)[-1]
            if last in DATACLASS_PARSERS or not _PARSER_NAME.search(last):
                continue
            if resolve_import(index, path, name) or resolve_import(index, path, name.rsplit(".", 1)[0]):
                continue  # a sibling module of this repository (`from common import add_args`)
            packages.add(top)
        found = memo[path] = (frozenset(packages), plugins)
    return found


def _called_by(index: FactIndex, program: Program, fact: Fact) -> bool:
    """A parser option built in another program's private builder (`_parse_args()` or
    `main()` of a module with its own `__main__` guard, or that guard's own block) is
    that program's, not of every script that imports the module for its classes; unless
    the script imports that function by name."""
    function = fact.attrs.get("function")
    if fact.path == program.entry:
        return True
    helper = fact.attrs.get("group") if fact.attrs.get("group_kind") == "function" else None
    if helper and helper in _helper_functions(index, fact.path):
        # One of a file's many option helpers (`ArgumentHelper.tp(parser)`): a program
        # that picks helpers by calling them has the options of those it calls only.
        called = set().union(*(index.helper_calls.get(path, set()) for path in program.files if path != fact.path))
        if helper in index.helper_calls.get(fact.path, set()):
            return True  # the toolbox composes it into others (`parse_semdedup_args` calls it): which ones a program gets, drift cannot tell
        if called & _helper_functions(index, fact.path):
            return helper in called
    if any(name.endswith(".main") and resolve_import(index, path, name[: -len(".main")]) == fact.path for path in program.files if path != fact.path for name in index.file_imports.get(path, ())):
        # demucs' __main__.py: `from .separate import main; main()`, and separate.main
        # builds its parser with `get_parser()`: the module's CLI, which the program runs.
        return True
    if helper and fact.path not in index.entry_files and fact.path != program.entry:
        # `add_model_args(parser)` in a library module: its options are a program's only
        # when one of the program's files calls it or imports it by name (fastchat's
        # test_message imports `get_conversation_template` from that module, not its
        # parser helper).
        # (An import by name is matched on the name: `from _shared import run_contract`
        # names the module as the script's folder sees it.)
        if not any(helper in index.helper_calls.get(path, ()) or any(n == helper or n.endswith("." + helper) for n in index.file_imports.get(path, ())) for path in program.files):
            return False
    if not function:
        return True
    if function == "__main__":
        return False  # the module's own `if __name__ == "__main__":` parser: no importer runs it
    if fact.path not in index.entry_files:
        return True
    module = index.path_modules.get(fact.path, "")
    imports = [index.file_imports.get(path, ()) for path in program.files if path != fact.path]
    if any(f"{module}.{function}" in names for names in imports):
        return True  # imported by name: the program calls it
    if any(n.endswith("." + function) and resolve_import(index, path, n[: -len(function) - 1]) == fact.path for path in program.files if path != fact.path for n in index.file_imports.get(path, ())):
        return True  # `from train import add_model_arguments` beside train.py: the script's own folder
    if any(n.endswith("." + function) and module.startswith(n[: -len(function) - 1] + ".") for names in imports for n in names):
        # `from dinov2.train import get_args_parser as get_train_args_parser`: the package
        # re-exports its module's function, which the program imports (and calls).
        return True
    if function.startswith("_") or function == "main":
        return False
    # `add_rollout_arguments(parser)`, `parse_args()` of a module that runs on its own as
    # well: shared when the program imports the module itself (`lark.parse_args()` may be
    # called), not when it only takes a class from it (`from .lark import LarkReporter`).
    # (`from .lark import X` records `pkg.lark` and `pkg.lark.X`; `import pkg.lark` and
    # `from pkg import lark` record no name under it.)
    return any(module in names and not any(n.startswith(module + ".") for n in names) for names in imports)


MIN_HELPERS = 5  # a file with this many one-option helper functions is a toolbox, not a parser


def _helper_functions(index: FactIndex, path: str) -> frozenset[str]:
    """Functions of ``path`` that each add options to the parser they are handed, when
    the file has many of them (lmdeploy's `ArgumentHelper`, vLLM-style arg utils)."""
    memo = index.memo.setdefault("_helper_functions", {})
    if path not in memo:
        names = {f.attrs.get("group") for f in _flags_by_home(index)[0].get(path, []) if f.attrs.get("group_kind") == "function"}
        names.discard(None)
        memo[path] = frozenset(names) if len(names) >= MIN_HELPERS else frozenset()
    return memo[path]


def names_options_at_run_time(program: Program) -> bool:
    """Whether the program's parser takes options drift cannot list: named at run time
    (`--{field}` for each dataclass field), or by plugins it loads."""
    return any(" " in name for name in program.open_to)


def program_flags(index: FactIndex, program: Program) -> dict[str, list[Fact]]:
    """Each flag the program defines, with the definitions that give it (best first)."""
    cache = index.memo.setdefault("_program_flags", {})
    found = cache.get(program.entry)
    if found is None:
        by_path, by_class = _flags_by_home(index)
        candidates = {id(f): f for path in program.files for f in by_path.get(path, ())}
        # A config class by its name, but only the definition the program can import: three
        # `ScriptArguments` of three scripts are three classes.
        candidates.update((id(f), f) for cls in program.classes for f in by_class.get(cls, ()) if f.path in program.files)
        found = {}
        # In the index's order (best definition first), each name once.
        for fact in sorted((f for f in candidates.values() if program.owns(f) and _called_by(index, program, f)), key=lambda f: _rank(index)[id(f)]):
            found.setdefault(fact.name, []).append(fact)
        cache[program.entry] = found
    return found


def _flags_by_home(index: FactIndex) -> tuple[dict[str, list[Fact]], dict[str, list[Fact]]]:
    """Flag definitions by the file that holds them and by the config class they are a
    field of: a program collects its own from its files and classes, not from all flags."""
    found = index.memo.get("_flags_by_home")
    if found is None:
        by_path: dict[str, list[Fact]] = {}
        by_class: dict[str, list[Fact]] = {}
        for facts in index.names(FLAG).values():
            for fact in facts:
                by_path.setdefault(fact.path, []).append(fact)
                if fact.field_of:
                    by_class.setdefault(fact.field_of, []).append(fact)
        found = index.memo["_flags_by_home"] = (by_path, by_class)
    return found


def _rank(index: FactIndex) -> dict[int, int]:
    found = index.memo.get("_flag_rank")
    if found is None:
        found = index.memo["_flag_rank"] = {id(f): i for i, f in enumerate(f for facts in index.names(FLAG).values() for f in facts)}
    return found


def mentioned_in(index: FactIndex, program: Program, flag: str) -> bool:
    """Whether the program's own files spell ``flag`` in a string: a parser built from a
    table of names (`for name in ("--a", "--b"): parser.add_argument(name)`) still has it."""
    cache = index.memo.setdefault("_program_mentions", {})
    spelled = cache.get(program.entry)
    if spelled is None:
        spelled = cache[program.entry] = frozenset().union(*(index.file_flag_mentions.get(path, ()) for path in program.files))
    return flag in spelled


# What absl's own modules define for every program that parses absl flags (app.run).
ABSL_FLAGS = frozenset(
    "--help --helpshort --helpfull --helpxml --flagfile --undefok --logtostderr --alsologtostderr --log_dir "
    "--verbosity --v --stderrthreshold --showprefixforinfo --logger_levels --only_check_args --pdb_post_mortem "
    "--pdb --run_with_pdb --run_with_profiling --profile_file --use_cprofile_for_profiling".split()
)


def absl_registrant(index: FactIndex, program: Program, flag: str) -> str | None:
    """The package a flag of an absl program most likely comes from: absl's registry holds
    the flags of every module the program imports, and a package prefixes its own with its
    name (`--lp_termination_notice_secs` of launchpad, imported `as lp`). None when the
    program parses no absl flags or no imported package has the flag's first word."""
    own = program_flags(index, program)
    if not any((f.attrs.get("origin") or {}).get("builder") == "absl" for facts in own.values() for f in facts):
        return None
    name = flag.lstrip("-")
    head = name.split("_", 1)[0]
    if head == name or not head:
        return None
    for path in sorted(program.files):
        module = index.file_module_aliases.get(path, {}).get(head)
        if module and module.split(".")[0] not in index.packages:
            return module
        if any(imported.split(".")[0] == head and head not in index.packages for imported in index.file_imports.get(path, ())):
            return head
    return None


def has_flag(index: FactIndex, program: Program, flag: str) -> bool:
    if flag == "--help":
        return True  # argparse, click and typer add it
    own = program_flags(index, program)
    if flag in own:
        return True
    if "." in flag and any(f.attrs.get("dotted_overrides") for f in own.get(flag.split(".", 1)[0], ())):
        return True  # `--config.optimizer.lr=1e-3` to ml_collections' config flag `--config`
    if flag.split("=", 1)[0] in ABSL_FLAGS and any((f.attrs.get("origin") or {}).get("builder") == "absl" for facts in own.values() for f in facts):
        return True
    if mentioned_in(index, program, flag):
        # A string that spells it, unless that string is the very option another
        # program's own parser defines (its `__main__` block, a private builder).
        definitions = index.names(FLAG).get(flag, [])
        if not any(f.path in program.files and not _called_by(index, program, f) for f in definitions):
            return True
    pattern = index.flag_pattern(flag)
    if pattern is not None and program.owns(pattern):
        return True
    dashed = flexible_spelling(index, program, flag)
    return dashed is not None and has_flag(index, program, dashed)


def dashed_spelling(flag: str) -> str | None:
    """`--session-len` for `--session_len` (up to the first dot, as a FlexibleArgumentParser
    rewrites it); None when the name has no underscore to rewrite."""
    head, dot, rest = flag.partition(".")
    if not flag.startswith("--") or "_" not in head:
        return None
    return "--" + head[2:].replace("_", "-") + dot + rest


def underscored_spelling(flag: str) -> str | None:
    """`--attention_backend` for `--attention-backend`, up to the first `=`; None when the
    name has no dash to rewrite."""
    head = flag.split("=", 1)[0]
    if not head.startswith("--") or "-" not in head[2:]:
        return None
    return "--" + head[2:].replace("-", "_")


def flexible_spelling(index: FactIndex, program: Program, flag: str) -> str | None:
    """The spelling of ``flag`` the program's parser rewrites it to before parsing (a
    FlexibleArgumentParser: `_` to `-`, or `-` to `_`); None otherwise."""
    if program.files & index.flexible_parser_files:
        return dashed_spelling(flag)
    if program.files & index.underscoring_parser_files:
        return underscored_spelling(flag)
    return None


def _parser_flags(index: FactIndex, program: Program) -> dict[str, list[Fact]]:
    """The options of the parser that reads the program's command line, as far as a prefix
    goes: the entry's own, when it builds its parser itself. (YOLOv6's train.py also
    imports tools/eval.py, whose own parser's `--conf-thres` makes `--conf` no less
    unique for train.py.)"""
    flags = program_flags(index, program)
    if program.entry in index.parent_taking_files:
        return flags  # `ArgumentParser(parents=[main.get_args_parser()])`: the imported parser's options are its own
    # (The fields of the config classes it hands its parser are that parser's options too.)
    own = {name: facts for name, facts in flags.items() if any(f.path == program.entry or (f.field_of is not None and f.field_of in program.classes) for f in facts)}
    return own or flags


def abbreviates(index: FactIndex, program: Program, flag: str) -> str | None:
    """The one argparse option ``flag`` is a unique prefix of (`--output` for
    `--output_path`): argparse accepts it while ``allow_abbrev`` is on, its default."""
    if not flag.startswith("--") or len(flag) < 3 or _whole_names_only(index, program):
        return None  # a parser built with allow_abbrev=False takes whole names only
    flags = _parser_flags(index, program)
    longer = [name for name in flags if name.startswith(flag) and name != flag]
    if len(longer) != 1:
        return None
    return longer[0] if _parsed_by_argparse(flags[longer[0]]) else None


def _whole_names_only(index: FactIndex, program: Program) -> bool:
    """Whether the parser that reads the program's command line was built with
    allow_abbrev=False: the entry's own, when it builds one (FlagAI's copy of Megatron's
    tools/preprocess_data.py imports megatron/arguments.py, whose parser is another)."""
    if program.entry in own_parser_files(index):
        return program.entry in index.no_abbrev_files
    return bool(program.files & index.no_abbrev_files)


def _parsed_by_argparse(facts: list[Fact]) -> bool:
    """Every definition of an option is argparse's (a dataclass field that a naming rule
    also makes a flag counts, when HfArgumentParser makes it one too)."""
    return any(_argparse_made(f) for f in facts) and all(_argparse_made(f) or (f.attrs.get("origin") or {}).get("by") == "name" for f in facts)


def _argparse_made(fact: Fact) -> bool:
    """An option argparse parses, which takes abbreviations: added with add_argument, or
    made from a config class's field by HfArgumentParser and its kin (argparse parsers)."""
    origin = fact.attrs.get("origin") or {}
    return origin.get("builder") == "argparse" or (origin.get("builder") == "dataclass" and origin.get("by") == "factory")


def ambiguous_prefix(index: FactIndex, program: Program, flag: str) -> list[str]:
    """The argparse options ``flag`` prefixes when it prefixes more than one (`--schema`
    for `--schema-path` and `--schema-validation`): argparse rejects it as ambiguous."""
    if not flag.startswith("--") or len(flag) < 3 or _whole_names_only(index, program):
        return []
    flags = _parser_flags(index, program)
    longer = sorted(name for name in flags if name.startswith(flag) and name != flag)
    if len(longer) < 2 or not all(_parsed_by_argparse(flags[name]) for name in longer):
        return []
    return longer


def definers(index: FactIndex, flag: str) -> list[str]:
    """Paths of the files that define ``flag`` anywhere in the repository (code before
    tests, as the index ranks them)."""
    return list(dict.fromkeys(f.path for f in index.names(FLAG).get(flag, [])))


def other_programs_note(index: FactIndex, flag: str, program: Program) -> str:
    """'--x is a flag of tools/convert.py, not of train.py' (up to three places)."""
    uncalled = [f for f in index.names(FLAG).get(flag, []) if f.path in program.files and not _called_by(index, program, f)]
    if uncalled:
        fact = uncalled[0]
        builder = f"the helper `{fact.attrs['group']}`" if fact.attrs.get("group_kind") == "function" else f"`{fact.attrs.get('function')}`"
        return f"{flag} is added by {builder} ({fact.path}:{fact.line}), which {program.entry} never calls"
    places = [p for p in definers(index, flag) if p not in program.files]
    if not places:
        places = sorted(p for p, flags in index.file_flag_mentions.items() if flag in flags and p not in program.files)
    shown = ", ".join(places[:3]) + (f" and {len(places) - 3} more" if len(places) > 3 else "")
    return f"{flag} is defined by {shown}, which {program.entry} does not import" if shown else ""


def entry_programs(index: FactIndex) -> list[Program]:
    """Every program the repository has: console scripts' modules, `__main__.py` files,
    and files that run as scripts (a `__main__` guard or a module-level parse call)
    whose parser, with what they import, defines flags."""
    cache = index.memo.get("_entry_programs")
    if cache is not None:
        return cache
    entries = {path for path in (index.module_path(m) for m in index.program_modules.values()) if path}
    entries |= {path for path in index.entry_files if path.endswith(".py")}
    entries |= {path for path in index.files if path.endswith("/__main__.py") or path == "__main__.py"}
    programs = [program_at(index, path) for path in sorted(entries)]
    from .config_classes import cli_programs

    from .hydra_programs import hydra_programs

    built = cli_programs(index)  # `cli(RLConfig)`: options are the config classes' fields
    hydra = hydra_programs(index)  # `@hydra.main(...)`: options are the composed config's keys
    found = [p for p in programs if program_flags(index, p) or p.frameworks or p.entry in built or p.entry in hydra]
    # `pkg/__main__.py` that only calls the console script's entry: one program, two ways
    # to start it (`python -m pkg` and `pkg`); keep the console script's.
    consoles = [p for p in found if console_names(index, p)]
    found = [p for p in found if not (p.entry.endswith("__main__.py") and not console_names(index, p) and any(q is not p and set(program_flags(index, q)) == set(program_flags(index, p)) for q in consoles))]
    index.memo["_entry_programs"] = found
    return found


def config_option_rows(index: FactIndex, entry: str) -> list[dict[str, Any]]:
    """The options a program takes beyond its parser's flags: the fields of the config
    classes its command line is built from, and the keys of its Hydra config."""
    from .config_classes import option_rows
    from .hydra_programs import hydra_rows

    return option_rows(index, entry) + hydra_rows(index, entry)


def programs_defining(index: FactIndex, flags: Iterable[str]) -> list[tuple[Program, int]]:
    """Programs ranked by how many of ``flags`` they define."""
    wanted = set(flags)
    ranked = []
    for program in entry_programs(index):
        count = sum(1 for flag in wanted if has_flag(index, program, flag))
        if count:
            ranked.append((program, count))
    ranked.sort(key=lambda item: (-item[1], item[0].role != "main", item[0].entry))
    return ranked


def console_names(index: FactIndex, program: Program) -> list[str]:
    return sorted(name for name, module in index.program_modules.items() if index.module_path(module) == program.entry)


def display_name(index: FactIndex, program: Program) -> str:
    names = console_names(index, program)
    return names[0] if names else program.entry


def find_program(index: FactIndex, wanted: str) -> Program | None:
    """A program by its console script, entry path, or module (`pkg.train`)."""
    module_path = index.run_module_path(wanted)
    for program in entry_programs(index):
        if wanted in console_names(index, program) or program.entry in (wanted, module_path):
            return program
    script = index.module_path(index.program_modules.get(wanted, ""))
    return program_at(index, script) if script else (program_at(index, wanted) if wanted in index.files else None)


def naming_notes(index: FactIndex, program: Program, passthrough: Iterable = ()) -> list[str]:
    """What a reader of the program's reference must know beyond its own options."""
    notes = []
    for rule in passthrough:
        if getattr(rule, "prefix", ""):
            notes.append(f"Flags named `{rule.prefix}*` are passed through to {rule.program}.")
    prefixes = sorted(p for p in index.flag_prefixes if any(p in index.file_flag_mentions.get(f, ()) for f in program.files))
    for prefix in prefixes[:5]:
        if not any(prefix == getattr(rule, "prefix", None) for rule in passthrough):
            notes.append(f"Flags named `{prefix}*` are built at run time (not listed here).")
    from .config_classes import cli_programs

    from .hydra_programs import hydra_programs

    primary = hydra_programs(index).get(program.entry)
    if primary:
        notes.append(f"Its options are the keys of {primary} as Hydra composes it (its defaults list mounts the group files): set one with `key=value`, add a new one with `+key=value`.")
    if program.entry in cli_programs(index):
        notes.append("Its options are the fields of the config classes its command line is built from, section by section.")
    elif program.open_to and not primary:
        notes.append("It also accepts options of: " + ", ".join(sorted(program.open_to)) + " (not listed here: drift reads only this repository).")
    return notes


SUBCOMMAND = " (subcommand)"


def fact_subcommands(index: FactIndex, fact: Fact) -> set[str] | None:
    """The subcommands an option belongs to: the subparser (or its group) it is added to,
    or those whose parser a helper that adds it is handed (`ArgumentHelper.tp(parser)`);
    None for a top-level option or one whose parser drift cannot tell."""
    if fact.attrs.get("subcommand"):
        return {fact.attrs["subcommand"]}
    group = str(fact.attrs.get("group", ""))
    if group.endswith(SUBCOMMAND):
        return {group[: -len(SUBCOMMAND)]}
    if fact.attrs.get("group_kind") == "function" and group in index.helper_subcommands:
        return set(index.helper_subcommands[group])
    if fact.attrs.get("builder") in index.helper_subcommands:
        return set(index.helper_subcommands[fact.attrs["builder"]])  # the helper's own group
    return None


def subcommands(index: FactIndex, program: Program) -> set[str]:
    """The subcommands whose options drift sees (`serve` of `sub.add_parser("serve")`)."""
    found: set[str] = set()
    for facts in program_flags(index, program).values():
        for fact in facts:
            found |= fact_subcommands(index, fact) or set()
    return found


def other_subcommands(index: FactIndex, program: Program, flag: str, subcommand: str | None) -> list[str]:
    """The subcommands that define ``flag`` when the command runs another one that does
    not (`tool chat --model-name`, while only `tool serve` has it); [] otherwise."""
    if not subcommand:
        return []
    owners: set[str] = set()
    for fact in program_flags(index, program).get(flag, []):
        subs = fact_subcommands(index, fact)
        if subs is None:
            return []  # also a top-level (or unattributed) option
        owners |= subs
    if not owners or subcommand in owners:
        return []  # this subcommand's own
    return sorted(owners) if subcommand in subcommands(index, program) else []


def nested_subcommands(index: FactIndex, program: Program) -> dict[str, set[str]]:
    """parent -> the subcommands its own subparsers add (`serve` -> api_server, proxy)."""
    found: dict[str, set[str]] = {}
    for path in program.files:
        for child, parents in index.subparser_parents.get(path, {}).items():
            for parent in [parents] if isinstance(parents, str) else parents:
                found.setdefault(parent, set()).add(child)
    return found
