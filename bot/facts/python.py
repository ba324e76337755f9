"""Facts from one Python file: symbols by a shallow walk, everything else by the rules.

The result is independent of the file's path (the cache keys it by blob id), so symbol
facts carry names local to the module (``Class.method``); the index adds the module.
"""

from __future__ import annotations

import re
import threading
from typing import Any

from tree_sitter import Node, Parser, Query, QueryCursor

from ..model import CLASS, CONSTANT, FUNCTION, METHOD, Fact, add_parent
from ..rules import CompiledRules, Rule
from .attr_configs import attribute_config_keys
from .builders import BUILDERS, call_arguments, default_attrs, line, text, wrapped_options
from .metric_flow import metric_flow
from .pystrings import string_value
from .typer_commands import typer_facts
from .values import UNKNOWN, evaluate

# Patterns drift needs for itself, run in the same tree walk as the rules.
INTERNAL_QUERY = r"""
(assignment left: (identifier) @bind.name right: (string) @bind.value) @match
(keyword_argument name: (identifier) @bind.name value: (string) @bind.value
  (#not-match? @bind.name "^(help|dest|default|metavar|type|action|description|title|prog|usage|epilog|encoding|mode|sep|end|name|desc|msg|message)$")) @match
(comparison_operator (identifier) @bind.name (string) @bind.value) @match
(call function: (identifier) @call.class arguments: (argument_list . (string) @call.value)
  (#match? @call.class "^[A-Z]")) @match
(call function: (attribute attribute: (identifier) @sub.method) arguments: (argument_list . (string) @sub.name) @sub.args
  (#eq? @sub.method "add_parser")) @match
(call function: (attribute attribute: (identifier) @sub.method) arguments: (argument_list . [(identifier) (attribute) (call) (subscript) (binary_operator)] @sub.dynamic)
  (#eq? @sub.method "add_parser")) @match
(call function: [(identifier) (attribute)] @handed.fn arguments: (argument_list . (identifier) @handed.class)
  (#match? @handed.class "^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")) @match
(call function: [(identifier) (attribute)] @handed.fn arguments: (argument_list . (call function: (identifier) @handed.class arguments: (argument_list . ")")))
  (#match? @handed.class "^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")) @match
(assignment left: (identifier) @alias.name right: [(subscript) (binary_operator)] @alias.value
  (#match? @alias.name "^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")) @match
(attribute object: (identifier) @fields.class attribute: (identifier) @fields.attr
  (#match? @fields.class "^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")
  (#match? @fields.attr "^(model_fields|__fields__|__dataclass_fields__|__annotations__)$")) @match
(call function: [(identifier) @fields.fn (attribute attribute: (identifier) @fields.fn)] arguments: (argument_list . (identifier) @fields.class)
  (#eq? @fields.fn "fields")
  (#match? @fields.class "^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")) @match
(call function: (attribute object: (identifier) @handed.class attribute: (identifier) @handed.fn)
  (#match? @handed.class "^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")
  (#match? @handed.fn "(cli|argv|args|parse|override)")) @match
(call
  function: [(identifier) @prefix.fn (attribute attribute: (identifier) @prefix.fn)]
  arguments: (argument_list (string) @prefix.value)
  (#match? @prefix.fn "prefix")) @match
(keyword_argument name: (identifier) @prefix.kw value: (string) @prefix.value
  (#match? @prefix.kw "prefix")) @match
(assignment left: (identifier) @prefix.kw right: (string) @prefix.value
  (#eq? @prefix.kw "env_prefix")) @match
(assignment
  left: (identifier) @group.var
  right: (call
    function: [(identifier) @group.kind (attribute object: (_) @group.receiver attribute: (identifier) @group.kind)]
    arguments: (argument_list) @group.args)
  (#match? @group.kind "^(add_argument_group|add_mutually_exclusive_group|add_parser|ArgumentParser|add_subparsers)$")) @match
(call
  function: [(identifier) @helper.fn (attribute attribute: (identifier) @helper.fn)]
  arguments: (argument_list . [(identifier) @helper.arg
                               (call function: (attribute object: (identifier) @helper.arg attribute: (identifier) @helper.group))])
  (#not-match? @helper.fn "^(add_argument|add_argument_group|add_mutually_exclusive_group|add_parser|add_subparsers|set_defaults|parse_args|parse_known_args|print|len|isinstance|getattr|setattr|hasattr|str|repr|type)$")) @match
(call
  function: (attribute object: (identifier) attribute: (identifier) @helper.method)) @match
(call function: (attribute object: [(identifier) (attribute object: (identifier) attribute: (identifier)) (call function: (identifier))] @fwcall.obj attribute: (identifier) @fwcall.fn)
  arguments: (argument_list . (identifier))
  (#match? @fwcall.fn "(arg|parse)")) @match
(call function: (attribute object: (identifier) @handoff.obj attribute: (identifier) @handoff.fn) arguments: (argument_list) @handoff.args
  (#match? @handoff.fn "^(main|cli|cli_main|main_cli|run_cli|entrypoint)$")) @match
(call function: (identifier) @handoff.fn arguments: (argument_list) @handoff.args
  (#match? @handoff.fn "^(main|cli|cli_main|main_cli|run_cli|entrypoint)$")) @match
(keyword_argument value: [(identifier) @callback.fn (attribute attribute: (identifier) @callback.fn)]
  (#match? @callback.fn "^_*(add|get|parse|build|make|setup|register|extend|extra|define)_?[a-z0-9_]*$")) @match
(block [(import_from_statement) (import_statement)] @import.deferred) @match
(decorator (call function: [(identifier) (attribute)] @hydra.fn arguments: (argument_list) @hydra.args)
  (#eq? @hydra.fn "hydra.main")) @match
(call
  function: (attribute attribute: (identifier) @reset.method)
  arguments: (argument_list) @reset.args
  (#match? @reset.method "^set_defaults$")) @match
(call
  function: [(identifier) (attribute)] @reset.fn
  arguments: (argument_list (string) (keyword_argument name: (identifier) @reset.kw) ) @reset.call
  (#match? @reset.kw "^default$")
  (#not-match? @reset.fn "(add_argument|add_option|option|Option|field|get|getenv|setdefault|pop|Field)$")) @match
(call function: (identifier) @pcall.fn
  arguments: (argument_list (keyword_argument name: (identifier) @pcall.kw value: (identifier)))
  (#eq? @pcall.kw "parser")) @match
(class_definition name: (identifier) @pcls.name superclasses: (argument_list (identifier) @pcls.base)) @match
"""

# Right-hand sides worth evaluating as constants; a call, lambda or comprehension at
# module level (most assignments) never is one, so it skips a Python parse.
_MAYBE_CONSTANT = frozenset(
    "integer float string concatenated_string true false none binary_operator unary_operator "
    "list tuple dictionary set parenthesized_expression identifier attribute".split()
)

# Calls that take a class for other reasons than parsing a command line into it.
_NOT_CLI_CALLS = frozenset(
    "isinstance issubclass type super print repr str len list dict tuple set getattr setattr hasattr "
    "field fields asdict astuple replace dataclass register append add extend cast partial "
    "Optional Union List Dict TypeVar NewType deepcopy copy format join get pop".split()
)

INTERNAL_RULE = Rule("internal", "python", "internal", INTERNAL_QUERY)

# Keyword arguments whose string values are never the values of a name's hole.
_NOT_BINDINGS = frozenset(
    "help dest default metavar type action description title prog usage epilog encoding "
    "mode sep end name desc msg message".split()
)

# Mentions only ever vouch for a name, so loose patterns are fine, and fast ones matter:
# a leading literal lets the regex engine skip ahead (a lookbehind made this 40x slower).
_REMAINDER = re.compile(rb"nargs\s*=\s*(?:argparse\.)?REMAINDER\b")
_EXTRA_OPTIONS = re.compile(rb"""["']?ignore_unknown_options["']?\s*[=:]\s*True""")


_COMMAND_NAME = re.compile(rb"""\.command\(\s*(?:name\s*=\s*)?["']([\w-]+)["']""")
_NEXT_DEF = re.compile(rb"\bdef\s+(\w+)")


_KNOWN_ARGS_REST = re.compile(rb"\w+\s*,\s*([A-Za-z]\w*)\s*=\s*[\w.]*parse_known_args\(")


_DASH_HANDLING = re.compile(rb"""startswith\(\s*["']--?["']|\[2:\]|[lr]?strip\(\s*["']-+["']\s*\)|removeprefix\(\s*["']--""")


# The rest of a command line handed to another program's own command line in the same
# file: wagtail's runtests.py `execute_from_command_line([argv0, "test"] + rest)`.
_HANDS_ARGV_ON = re.compile(rb"\bexecute_from_command_line\(|\bcall_command\(|\bpytest\.main\(|\bunittest\.main\(|^\s*sys\.argv\s*=", re.M)


def _keeps_rest(source: bytes) -> bool:
    """Whether the rest parse_known_args returns is named, used again, and read as options
    (`key.startswith('--')`, `key[2:]`): handed on as `--key value`, not as Hydra's or
    OmegaConf's `key=value` overrides, which a `--flag` is not; or handed whole to another
    program's command line (Django's, pytest's)."""
    if b"parse_known_args(" in source and _HANDS_ARGV_ON.search(source):
        return True
    if not _DASH_HANDLING.search(source):
        return False
    for match in _KNOWN_ARGS_REST.finditer(source):
        if len(re.findall(rb"\b" + re.escape(match.group(1)) + rb"\b", source[match.end() :])) >= 1:
            return True
    return False


# (Inside a function: a launcher's module-level `sys.argv = [script] + rest` after its own
# parse hands the command line on, rewriting nothing its parser reads.)
_REWRITES_ARGV = re.compile(rb"^[ \t]+(?:.*[^\w.])?(?:sys\.argv(?:\[[^\]\n]*\])?\s*=(?!=)|sys\.argv\.(?:pop|insert|remove|extend|append|clear)\(|del\s+sys\.argv\[)", re.M)
_PARSES = re.compile(rb"\b(?:tyro\.cli|parse_args|parse_known_args|HfArgumentParser|simple_parsing\.parse|jsonargparse|fire\.Fire)\b")
_OPENS_OTHER_MODULES = re.compile(rb"setattr\(\s*(?:sys\.modules\[(?!\s*__name__\s*\])|importlib\.import_module\()")
_DOTTED_STRING = re.compile(rb"""["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)["']""")
# (`locals().update(...)` and `vars().update(...)` at a module's top level are its globals:
# cmocean's cm.py makes `balance_i_r` and the other colormaps so.)
_DYNAMIC_GLOBALS = re.compile(
    rb"globals\(\)\s*\[[^\]\n]+\]\s*=(?!=)|globals\(\)\.update\(|(?m:^(?:locals|vars)\(\)\.update\()|setattr\(\s*sys\.modules\[__name__\]|sys\.modules\[__name__\]\s*=(?!=)"
)
# `prompt.split(" --")`, then `re.match(r"nl ([\d.]+)", part)`: options written inside a
# string the program parses (sd-scripts' prompt options `--nl 7 --am 0.5`), not its argv.
_SPLITS_TEXT_AT_DASHES = re.compile(rb"""\.split\(\s*[rb]?["']\s?--["']\s*\)""")
_TEXT_OPTION_WORD = re.compile(rb"""(?:re\.(?:match|search|fullmatch)\(\s*r?["']\^?|\.startswith\(\s*["'])([A-Za-z][A-Za-z0-9_]{0,30})(?=[ :=(\\\[]|["'])""")
# `conv_alpha = kwargs.get("conv_alpha", None)`: a setting handed in as a keyword, which a
# command line may carry inside another option (`--network_args "conv_alpha=1"`).
_KWARGS_KEY = re.compile(rb"""\b\w*kwargs(?:\.get\(|\[)\s*["']([A-Za-z_][A-Za-z0-9_]{2,40})["']""")
_SPLITS_AT_DASHES = re.compile(rb"""\.index\(\s*["']--["']\s*\)|["']--["']\s+in\s+[\w.]*arg""")


def _donfig_prefixes(source: bytes) -> set[str]:
    """The env var prefixes of the donfig configs a module makes (`SATPY_`)."""
    if not _DONFIG_IMPORT.search(source):
        return set()
    return {name.decode().upper() + "_" for name in _DONFIG_CONFIG.findall(source)}


def _extra_options_lines(source: bytes) -> list[list]:
    """The click/typer commands that take options they do not define: [line, the
    command's name (its decorator's, else its function's, dashed), its function]."""
    if b"click" not in source and b"typer" not in source:
        return []
    found = []
    for m in _EXTRA_OPTIONS.finditer(source):
        decorator = source.rfind(b"@", 0, m.start())
        named = _COMMAND_NAME.search(source, decorator, m.start()) if decorator >= 0 else None
        function = _NEXT_DEF.search(source, m.end())
        func = function.group(1).decode() if function else ""
        name = named.group(1).decode() if named else func.replace("_", "-")
        found.append([source.count(b"\n", 0, m.start()) + 1, name, func])
    return found


_FLAG_MENTION = re.compile(rb"--[A-Za-z][\w.-]*")
_UPPER_MENTION = re.compile(rb"[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]")
_UPPER_TAIL = re.compile(rb"""(?:\}_|["'])([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])["']""")


class _Context:
    def __init__(self, rule_set: CompiledRules, source: bytes):
        self.path = ""  # filled in by whoever knows the path; results must not depend on it
        self.source = source
        self.facts: list[Fact] = []
        self.constants: dict[str, Any] = {}
        self.groups: dict[tuple[int, str], str] = {}
        self.bindings: dict[str, set[str]] = {}
        self.class_calls: dict[str, set[str]] = {}
        self.imports: list[str] = []
        self.module_aliases: dict[str, str] = {}  # `import X as Y` of a module: Y -> X
        self.class_aliases: dict[str, str] = {}  # `X as Y` of a class: Y -> its module's dotted X
        self.metric_prefixes: set[str] = set()
        self.env_prefixes: set[str] = set()
        self.settings_prefixes: set[str] = set()  # pydantic settings' env_prefix: a field's name follows it
        self.class_fields: dict[str, list[dict[str, Any]]] = {}
        self.class_inits: dict[str, dict[str, Any]] = {}  # dataclass -> its own __init__'s keywords
        self.typed_classes: dict[str, dict[str, Any]] = {}  # class -> {"fields": {name: type}, "bases": [...]}
        self.flag_classes: dict[str, dict[str, Any]] = {}
        self.custom_factory_calls: dict[str, dict[str, Any]] = {}  # `ArgumentParserPlus` -> classes it is handed
        self.value_sets: dict[str, dict[str, Any]] = {}  # enums and constant lists/dicts: what `choices` may name
        self.handed_classes: dict[str, set[str]] = {}  # class -> the calls it is handed to (`cli(RLConfig)`)
        self.field_sources: set[str] = set()  # classes whose fields the file walks (`X.model_fields`, `fields(X)`)
        self.type_aliases: dict[str, list[str]] = {}  # `Commands = Union[Annotated[A, ...], B]` -> [A, B]
        self.subparsers: set[str] = set()  # `sub.add_parser("serve", aliases=["s"])`: subcommand names
        # Which subcommand a parser or group variable belongs to, per scope, and which
        # subcommand a subparsers object adds children to: `serve` then `serve api_server`.
        self.sub_of: dict[tuple[int, str], str] = {}
        # (scope, variable) -> (where, subcommand or None) for each assignment of a parser
        # or group: `groups = p_relax.add_mutually_exclusive_group()`, then the same name
        # for p_predict's group (matgl); a use takes the last assignment before it.
        self.sub_assignments: dict[tuple[int, str], list[tuple[int, str | None]]] = {}
        self.children_of: dict[tuple[int, str], str] = {}
        self.subparser_parents: dict[str, Any] = {}  # nested subcommand -> its parent (or parents)
        self.root_subcommands: set[str] = set()  # subcommands the top-level parser adds
        self.helper_subcommands: dict[str, set[str]] = {}  # `ArgumentHelper.tp(parser)` -> subcommands it adds to
        # `parse_model_instances(subparsers_models)`: a helper handed a subcommand's subparsers
        # object adds its parsers under that subcommand, through its first parameter.
        self.handed_subparsers: dict[str, str] = {}  # helper -> the subcommand whose subparsers it gets
        self.helper_parsers: dict[str, list[str]] = {}  # helper -> subcommands it adds through its first parameter
        self.argv_handoffs: set[str] = set()  # `run.main()`: calls that hand the command line to another module's main
        self.framework_calls: set[str] = set()  # `deepspeed.add_config_arguments(parser)`: package.function
        self.parser_classes: set[str] = set()  # `Serve(parser=p)`: names called with a parser by keyword
        self.local_bases: dict[str, set[str]] = {}  # class -> the bases its definition names
        self.helper_calls: set[str] = set()  # functions called with a variable first (`ArgumentHelper.tp(parser)`) or handed over by keyword
        self.default_resets: list[dict[str, Any]] = []  # set_defaults(x=...), reset_arg(p, "--x", default=...)
        self.hydra_mains: list[dict[str, Any]] = []  # @hydra.main(config_path=..., config_name=...)
        self.dynamic_options: list[int] = []  # lines of add_argument calls whose names are built at run time
        self.option_wrappers: dict[str, dict[str, Any]] = {}  # helpers that hand their *names to add_argument
        self.rule: Rule = INTERNAL_RULE
        self.compiled = rule_set

    def add(self, fact: Fact) -> None:
        self.facts.append(fact)

    def group_of(self, receiver: Node | None, at: Node) -> tuple[str | None, bool]:
        """The argument group's title (and True), else the function adding the flag."""
        scope = _scope_start(at)
        if receiver is not None and receiver.type == "identifier":
            title = self.groups.get((scope, text(receiver)))
            if title:
                return title, True
        function = _enclosing_function(at)
        return (text(function.child_by_field_name("name")) if function is not None else None), False

    def _lookup(self, table: dict[tuple[int, str], str], receiver: Node | None, at: Node) -> str | None:
        """A variable's entry in its scope, else at module or class level; a receiver
        like `SubCli.subparsers` by its last name."""
        if receiver is None:
            return None
        qualified = receiver.type == "attribute"
        if qualified:
            receiver = receiver.child_by_field_name("attribute")
        if receiver is None or receiver.type != "identifier":
            return None
        name = text(receiver)
        found = table.get((_scope_start(at), name))
        # `Serve.subparsers` names a class-level variable; a bare `parser` inside a
        # function is its own (often a parameter), never the module's of that name.
        return found if found or not qualified else table.get((-1, name))

    def subcommand_of(self, receiver: Node | None, at: Node) -> str | None:
        """The subcommand whose parser (or one of its groups) ``receiver`` is."""
        found = self._lookup(self.sub_of, receiver, at)
        assigned = self._lookup(self.sub_assignments, receiver, at)
        if assigned and len(assigned) > 1:
            before = [sub for where, sub in assigned if where < at.start_byte]
            if before:
                return before[-1]
        return found

    def record_shell_variable(self, *args: Any) -> None:  # bash only
        pass


def _alias_words(node: Node | None) -> list[str]:
    """`aliases=["variations"]` of an add_parser call: the literal names."""
    if node is None or node.type not in ("list", "tuple"):
        return []
    values = [string_value(item) for item in node.named_children]
    return [v.literal for v in values if v is not None and not v.is_pattern and v.literal]


def _first_parameter_of(at: Node, receiver: Node | None) -> str | None:
    """The function whose first parameter ``receiver`` is (`def parse_x(subparsers):
    subparsers.add_parser(...)`), else None."""
    function = _enclosing_function(at)
    if function is None or receiver is None or receiver.type != "identifier":
        return None
    params = function.child_by_field_name("parameters")
    first = next((p for p in (params.named_children if params is not None else []) if p.type in ("identifier", "typed_parameter", "default_parameter", "typed_default_parameter")), None)
    if first is not None and first.type != "identifier":
        first = first.child_by_field_name("name") or next((c for c in first.named_children if c.type == "identifier"), None)
    if first is None or text(first) != text(receiver):
        return None
    return text(function.child_by_field_name("name"))


def _join_handed_parents(ctx: Any) -> None:
    """Put the subcommands a helper adds under the subcommand whose subparsers object the
    file hands it; those are no longer top-level ones."""
    for helper, words in ctx.helper_parsers.items():
        parent = ctx.handed_subparsers.get(helper)
        if not parent:
            continue
        for word in words:
            if word != parent:
                add_parent(ctx.subparser_parents, word, parent)
                ctx.root_subcommands.discard(word)


def _enclosing_function(node: Node) -> Node | None:
    parent = node.parent
    while parent is not None:
        if parent.type == "function_definition":
            return parent
        parent = parent.parent
    return None


def _scope_start(node: Node) -> int:
    function = _enclosing_function(node)
    return function.start_byte if function is not None else -1


def _unwrap(node: Node) -> Node:
    if node.type == "decorated_definition":
        definition = node.child_by_field_name("definition")
        if definition is not None:
            return definition
    return node


def _init_params(class_body: Node) -> list[str]:
    for statement in class_body.named_children:
        statement = _unwrap(statement)
        if statement.type == "function_definition" and text(statement.child_by_field_name("name")) == "__init__":
            params = statement.child_by_field_name("parameters")
            names = []
            for param in params.named_children if params is not None else []:
                name_node = param if param.type == "identifier" else param.child_by_field_name("name") or (param.named_children[0] if param.named_children else None)
                if name_node is not None and name_node.type == "identifier":
                    names.append(text(name_node))
            return [n for n in names if n not in ("self", "cls")]
    return []


def _record_typed_class(ctx: _Context, definition: Node, name: str, body: Node | None) -> None:
    """A class's annotated fields and its bases as written: the schema a config loader
    (a dataclass, pydantic model, OmegaConf structured config) reads dotted keys into."""
    fields: dict[str, str] = {}
    details: dict[str, dict[str, Any]] = {}  # field -> line, default text, description
    last = ""
    for statement in body.named_children if body is not None else ():
        if statement.type != "expression_statement" or not statement.named_children:
            last = ""
            continue
        assignment = statement.named_children[0]
        if assignment.type == "string" and last:
            # A docstring under a field (pydantic's and many dataclasses' convention).
            doc = string_value(assignment)
            if doc is not None and not doc.is_pattern and doc.literal.strip():
                details[last].setdefault("help", doc.literal.strip().split("\n\n", 1)[0].replace("\n", " ")[:300])
            last = ""
            continue
        left = assignment.child_by_field_name("left") if assignment.type == "assignment" else None
        annotation = assignment.child_by_field_name("type") if left is not None else None
        last = ""
        if left is not None and left.type == "identifier" and annotation is not None and not text(left).startswith("_"):
            last = text(left)  # `_world_size: int` is a private attribute, not a setting
            fields[last] = text(annotation)[:200]
            detail: dict[str, Any] = {"line": line(assignment)}
            right = assignment.child_by_field_name("right")
            if right is not None:
                detail["default"] = text(right)[:120]
                described = re.search(r"""description\s*=\s*(?:"([^"]{1,300})"|'([^']{1,300})')""", detail["default"] if right.type == "call" else "")
                if described:
                    detail["help"] = described.group(1) or described.group(2)
            details[last] = detail
    supers = definition.child_by_field_name("superclasses")
    bases = [text(n)[:200] for n in supers.named_children if n.type != "keyword_argument"] if supers is not None else []
    if fields or bases:
        ctx.typed_classes.setdefault(name, {"fields": fields, "bases": bases, "line": line(definition), "details": details})


_ARGV = re.compile(r"^\*?(?:sys\.argv|\w*argv\w*)(?:\[[^\]]*\])?$")
_ENUM_BASE = re.compile(r"(?:^|\.)(?:Enum|StrEnum|IntEnum|Flag|IntFlag)$")


def _record_enum(ctx: _Context, definition: Node, name: str, body: Node | None) -> None:
    """`class Mode(str, Enum): FAST = "fast"`: the values (and names) a parser taking
    the enum accepts; `auto()` in a StrEnum is the lower-cased name."""
    supers = definition.child_by_field_name("superclasses")
    bases = [text(n) for n in supers.named_children if n.type != "keyword_argument"] if supers is not None else []
    if body is None or not any(_ENUM_BASE.search(b) for b in bases):
        return
    str_enum = any(b.endswith("StrEnum") for b in bases)
    values: list[str] = []
    names: list[str] = []
    for statement in body.named_children:
        assignment = statement.named_children[0] if statement.type == "expression_statement" and statement.named_children else None
        if assignment is None or assignment.type != "assignment":
            continue
        left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
        if left is None or left.type != "identifier" or right is None or text(left).startswith("_"):
            continue
        member = text(left)
        value = string_value(right)
        if value is not None and not value.is_pattern:
            values.append(value.literal)
        elif right.type == "call" and text(right.child_by_field_name("function")).endswith("auto"):
            values.append(member.lower() if str_enum else member)
        elif right.type in ("integer", "float"):
            values.append(text(right))
        else:
            continue
        names.append(member)
    if names:
        if all(re.fullmatch(r"-?\d+(?:\.\d+)?", v) for v in values):
            # `flash = 1`: a command line names the member (`AttnBackend[x]`), not its number.
            values = list(names)
        ctx.value_sets[name] = {"kind": "enum", "values": values, "names": names}


def _record_value_set(ctx: _Context, name: str, value: Any) -> None:
    """A module constant a parser's `choices` may name: a list of strings, or a dict whose
    keys are the accepted values (`choices=list(MODELS)`)."""
    if isinstance(value, (list, tuple, set)) and value and len(value) <= 500 and all(isinstance(v, str) for v in value):
        ctx.value_sets[name] = {"kind": "list", "values": list(value)}
    elif isinstance(value, dict) and value and len(value) <= 500 and all(isinstance(k, str) for k in value):
        ctx.value_sets[name] = {"kind": "dict", "values": list(value)}


def _walk_block(ctx: _Context, block: Node, prefix: str, in_class: bool, depth: int = 0) -> None:
    for statement in block.named_children:
        statement = _unwrap(statement)
        kind = statement.type
        if kind == "function_definition":
            name = text(statement.child_by_field_name("name"))
            ctx.add(Fact(METHOD if in_class else FUNCTION, prefix + name, "", line(statement)))
        elif kind == "class_definition":
            name = text(statement.child_by_field_name("name"))
            body = statement.child_by_field_name("body")
            attrs = {"init_params": _init_params(body)} if body is not None else {}
            ctx.add(Fact(CLASS, prefix + name, "", line(statement), attrs))
            _record_typed_class(ctx, statement, name, body)
            _record_enum(ctx, statement, name, body)
            if body is not None and depth < 3:
                _walk_block(ctx, body, prefix + name + ".", True, depth + 1)
        elif kind == "expression_statement" and statement.named_children:
            assignment = statement.named_children[0]
            if assignment.type != "assignment":
                continue
            left = assignment.child_by_field_name("left")
            right = assignment.child_by_field_name("right")
            if left is not None and not in_class and re.sub(r"\s", "", text(left)) == "sys.modules[__name__]":
                # `sys.modules[__name__] = _LazyModule(..., _import_structure)`: the module
                # makes its names on demand from the names its import structure spells.
                for name in sorted(set(_LAZY_NAME.findall(ctx.source))):
                    ctx.add(Fact(CONSTANT, prefix + name.decode("ascii"), "", line(statement), {"imported": True}))
                continue
            if left is not None and left.type in ("pattern_list", "tuple_pattern", "list_pattern"):
                # `KernelShap, TreeShap = import_optional(...)`: each name is the module's.
                for target in left.named_children:
                    if target.type == "identifier":
                        ctx.add(Fact(CONSTANT, prefix + text(target), "", line(statement), {}))
                continue
            if left is None or left.type != "identifier":
                continue
            names = [text(left)]
            while right is not None and right.type == "assignment":
                # skyfield's `N = E = +1.0`: each target of a chained assignment is a name
                # of the module, bound to the value at its end.
                inner = right.child_by_field_name("left")
                if inner is not None and inner.type == "identifier":
                    names.append(text(inner))
                right = right.child_by_field_name("right")
            name = names[0]
            if name == "__all__" and not in_class and not prefix and right is not None and right.type in ("list", "tuple") and _DYNAMIC_GLOBALS.search(ctx.source):
                # underthesea's `for name, module in optional_imports.items(): globals()[name]
                # = ...`, then `__all__ = ['translate', ...]`: a module that makes its names at
                # import time lists them for export; each is the module's.
                for entry in right.named_children:
                    value = string_value(entry) if entry.type == "string" else None
                    if value is not None and not value.is_pattern and value.literal.isidentifier():
                        ctx.add(Fact(CONSTANT, value.literal, "", line(statement), {"imported": True}))
            attrs: dict[str, Any] = {}
            if right is not None and not in_class and right.type in _MAYBE_CONSTANT:
                value = evaluate(text(right), ctx.constants)
                if value is not UNKNOWN:
                    for each in names:
                        ctx.constants[each] = value
                    _record_value_set(ctx, name, value)
                elif right.type == "dictionary" and not in_class:
                    # `MODELS = {"llama": LlamaModel, ...}`: the keys, whatever the values.
                    keys = [string_value(pair.child_by_field_name("key")) for pair in right.named_children if pair.type == "pair"]
                    if keys and all(k is not None and not k.is_pattern for k in keys):
                        _record_value_set(ctx, name, {k.literal: None for k in keys})
                    if isinstance(value, (int, float, str, bool)) or value is None:
                        attrs["value"] = value
            for each in names:
                ctx.add(Fact(CONSTANT, prefix + each, "", line(statement), dict(attrs)))
        elif kind in ("import_from_statement", "import_statement") and not in_class:
            _record_imports(ctx, statement)
            if any(c.type == "wildcard_import" for c in statement.named_children):
                ctx.add(Fact(CONSTANT, prefix + "*", "", line(statement), {"imported": True}))
            for child in statement.children_by_field_name("name"):
                alias = child.child_by_field_name("alias") if child.type == "aliased_import" else None
                target = alias if alias is not None else (child.child_by_field_name("name") if child.type == "aliased_import" else child)
                if target is not None and kind == "import_from_statement":
                    ctx.add(Fact(CONSTANT, prefix + text(target).split(".")[-1], "", line(statement), {"imported": True}))
                elif target is not None:
                    # `import pendulum` in dlt/common/pendulum.py: `from dlt.common.pendulum
                    # import pendulum` works (`import a.b` binds `a`, `import a.b as c` binds `c`).
                    ctx.add(Fact(CONSTANT, prefix + (text(target) if alias is not None else text(target).split(".")[0]), "", line(statement), {"imported": True}))
        elif kind in ("if_statement", "try_statement", "with_statement", "for_statement", "while_statement") and depth < 4:
            # (pulpcore's urls.py binds `root_router` inside a module-level `for`.)
            for child in statement.named_children:
                if child.type == "block":
                    _walk_block(ctx, child, prefix, in_class, depth + 1)
                elif child.type in ("else_clause", "except_clause", "finally_clause", "elif_clause"):
                    for grandchild in child.named_children:
                        if grandchild.type == "block":
                            _walk_block(ctx, grandchild, prefix, in_class, depth + 1)


def _record_imports(ctx: _Context, statement: Node) -> None:
    """Module names this file imports (relative ones keep their dots)."""
    if statement.type == "import_statement":
        for child in statement.children_by_field_name("name"):
            target = child.child_by_field_name("name") if child.type == "aliased_import" else child
            if target is not None:
                ctx.imports.append(text(target))
            alias = child.child_by_field_name("alias") if child.type == "aliased_import" else None
            if target is not None and alias is not None:
                ctx.module_aliases[text(alias)] = text(target)  # `import launchpad as lp`
        return
    module = statement.child_by_field_name("module_name")
    if module is None:
        return
    base = text(module)
    ctx.imports.append(base)
    for child in statement.children_by_field_name("name"):
        target = child.child_by_field_name("name") if child.type == "aliased_import" else child
        if target is not None:
            ctx.imports.append(base + ("" if base.endswith(".") else ".") + text(target))
        alias = child.child_by_field_name("alias") if child.type == "aliased_import" else None
        if target is not None and alias is not None and text(target)[:1].isupper() and text(alias) != text(target):
            # `from pkg import AbsEvalModelArgs as COIREvalModelArgs`: the same class, renamed.
            ctx.class_aliases[text(alias)] = base + ("" if base.endswith(".") else ".") + text(target)


_TYPING_WRAPPERS = frozenset({"Union", "Annotated", "Optional", "Literal", "List", "Dict", "Tuple", "Set", "Type", "ClassVar", "Final", "Any", "None"})
_UNION_HEADS = frozenset({"Union", "Annotated", "Optional"})
_CLASS_NAME = re.compile(r"^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")


def _union_members(node: Node) -> list[str]:
    """The classes a module-level type alias unites, for a CLI built from a union of config
    classes (tyro's subcommands: `Commands = tyro.conf.FlagConversionOff[Union[
    Annotated[RenderCameraPath, tyro.conf.subcommand(...)], ...]]`, or `A | B`). Only the
    first argument of an `Annotated[...]` is a type; names inside attributes and calls
    (`tyro.conf.subcommand(...)`) are markers, not members."""
    found: list[str] = []

    def walk(current: Node) -> None:
        if current.type == "identifier":
            name = text(current)
            if name not in _TYPING_WRAPPERS and _CLASS_NAME.match(name) and name not in found:
                found.append(name)
            return
        if current.type in ("attribute", "call", "string", "keyword_argument"):
            return
        if current.type == "subscript":
            head = current.child_by_field_name("value")
            head_name = text(head).rsplit(".", 1)[-1] if head is not None else ""
            items = [c for c in current.children_by_field_name("subscript")]
            if head_name == "Annotated":
                items = items[:1]
            elif head_name not in _UNION_HEADS and head is not None and head.type == "identifier":
                return  # `List[A]`, `Dict[str, B]`: a container of classes is no union of commands
            for item in items:
                walk(item)
            return
        for child in current.named_children:
            walk(child)

    walk(node)
    return found


def _handed_through_aliases(handed: dict[str, set[str]], aliases: dict[str, list[str]]) -> dict[str, list[str]]:
    """Classes handed to a call, with a union alias (`tyro.cli(Commands)`) read as the
    classes it unites: each is one of the program's subcommands."""
    result: dict[str, set[str]] = {}
    for name, callees in handed.items():
        members = aliases.get(name, [])
        for cls in members if len(members) >= 2 else [name]:
            result.setdefault(cls, set()).update(callees)
    return {k: sorted(v) for k, v in result.items()}


def _internal(ctx: _Context, captures: dict[str, list[Node]]) -> None:
    if "bind.name" in captures:
        if text(captures["bind.name"][0]) in _NOT_BINDINGS:
            return
        value = string_value(captures["bind.value"][0])
        if value is not None and not value.is_pattern and 0 < len(value.literal) <= 80:
            ctx.bindings.setdefault(text(captures["bind.name"][0]), set()).add(value.literal)
    elif "sub.dynamic" in captures:
        ctx.subparsers.add("*")  # add_parser(name) with a name built at run time: any word
    elif "sub.name" in captures:
        value = string_value(captures["sub.name"][0])
        if value is not None and not value.is_pattern and value.literal:
            ctx.subparsers.add(value.literal)
            _, keywords = call_arguments(captures["sub.args"][0])
            aliases = keywords.get("aliases")
            for item in aliases.named_children if aliases is not None and aliases.type in ("list", "tuple") else ():
                alias = string_value(item)
                if alias is not None and not alias.is_pattern:
                    ctx.subparsers.add(alias.literal)
        else:
            ctx.subparsers.add("*")  # add_parser(name) with a name built at run time: any word
    elif "fields.class" in captures:
        ctx.field_sources.add(text(captures["fields.class"][0]))  # `for name in Options.model_fields`
    elif "alias.name" in captures:
        # Every assignment counts: an alias extended under a condition (`if extra is not
        # None: Commands = Union[Commands, Annotated[Extra, ...]]`) has all its members.
        name = text(captures["alias.name"][0])
        members = ctx.type_aliases.setdefault(name, [])
        members.extend(m for m in _union_members(captures["alias.value"][0]) if m != name and m not in members)
    elif "handed.class" in captures:
        callee = text(captures["handed.fn"][0]).rsplit(".", 1)[-1]
        if callee not in _NOT_CLI_CALLS:
            ctx.handed_classes.setdefault(text(captures["handed.class"][0]), set()).add(callee)
    elif "call.class" in captures:
        value = string_value(captures["call.value"][0])
        if value is not None and not value.is_pattern and 0 < len(value.literal) <= 80:
            ctx.class_calls.setdefault(text(captures["call.class"][0]), set()).add(value.literal)
    elif "prefix.value" in captures:
        # dict_add_prefix(stats, "perf/"), prefix="eval/": keys get a namespace later.
        value = string_value(captures["prefix.value"][0])
        if value is not None and not value.is_pattern and 1 < len(value.literal) <= 40:
            literal = value.literal
            if literal[-1] in "/_-.":
                ctx.metric_prefixes.add(literal)
            if re.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_?", literal):
                # from_env(prefix="MEGATRON_OTEL"): a library reads MEGATRON_OTEL_* itself.
                ctx.env_prefixes.add(literal if literal.endswith("_") else literal + "_")
            elif "prefix.kw" in captures and text(captures["prefix.kw"][0]) == "env_prefix" and re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_", literal):
                # pydantic settings: `env_prefix = 'vaex_display_'` (or `env_prefix="X_"`) makes
                # each field an env var under the prefix, upper-cased (VAEX_DISPLAY_MAX_COLUMNS).
                ctx.settings_prefixes.add(literal.upper())
    elif "import.deferred" in captures:
        # `from megatron.training.arguments import parse_args` inside parse_args(), or in
        # an `else:` there (vllm-omni's main imports its serve command only with --omni):
        # a deferred import pulls the framework's flags in just as a module-level one does.
        for statement in captures["import.deferred"]:
            _record_imports(ctx, statement)
    elif "hydra.fn" in captures:
        # @hydra.main(config_path="config", config_name="ppo_trainer"): the program's
        # options are the keys of that composed config.
        positional, keywords = call_arguments(captures["hydra.args"][0])
        found: dict[str, Any] = {"line": line(captures["match"][0])}
        for index, name in enumerate(("config_path", "config_name")):
            node = keywords.get(name) or (positional[index] if len(positional) > index else None)
            value = evaluate(text(node), ctx.constants) if node is not None else None
            found[name] = value if isinstance(value, str) else None
        ctx.hydra_mains.append(found)
    elif "reset.method" in captures:
        # parser.set_defaults(lr=1e-6): the default a user gets changes after add_argument.
        _, keywords = call_arguments(captures["reset.args"][0])
        for dest, node in keywords.items():
            ctx.default_resets.append({"dest": dest, "line": line(node), **default_attrs(ctx, node)})
    elif "reset.call" in captures:
        # reset_arg(parser, "--lr", default=1e-6): a project's own helper that does the same.
        positional, keywords = call_arguments(captures["reset.call"][0])
        flags = [v.literal for v in (string_value(n) for n in positional) if v is not None and not v.is_pattern and v.literal.startswith("--")]
        if len(flags) == 1 and "default" in keywords:
            ctx.default_resets.append({"flag": flags[0], "line": line(captures["match"][0]), **default_attrs(ctx, keywords["default"])})
    elif "handoff.fn" in captures:
        # `run.main()`, `stcli.main(sys.argv[1:])`: another module's command line, handed
        # this one's argv (the index keeps the calls into other packages).
        handed = captures["handoff.args"][0].named_children
        if all(_ARGV.match(text(node)) for node in handed):
            obj = captures.get("handoff.obj")
            ctx.argv_handoffs.add(f"{text(obj[0])}.{text(captures['handoff.fn'][0])}" if obj else text(captures["handoff.fn"][0]))
    elif "pcall.fn" in captures:
        # `Serve(parser=serve_parser)` (lumen, from panel.command): a class handed the
        # parser adds options to it; the index asks whose class it is.
        ctx.parser_classes.add(text(captures["pcall.fn"][0]))
    elif "pcls.name" in captures:
        ctx.local_bases.setdefault(text(captures["pcls.name"][0]), set()).add(text(captures["pcls.base"][0]))
    elif "fwcall.fn" in captures:
        # `deepspeed.add_config_arguments(parser)`: a package's own options added to the
        # parser (the package's name, as the module calls it; the index keeps frameworks).
        # (`StoragePluginRegistry().register_cli_args(parser)`: a new object of a class.)
        obj = text(captures["fwcall.obj"][0])
        if "(" in obj.removesuffix("()"):
            return  # a class built with arguments: whose it is, the call does not say plainly
        ctx.framework_calls.add(f"{obj.removesuffix('()')}.{text(captures['fwcall.fn'][0])}")
        ctx.helper_calls.add(text(captures["fwcall.fn"][0]))
    elif "callback.fn" in captures:
        # `megatron_parse_args(extra_args_provider=add_slime_arguments)`: a parser helper
        # handed over to be called is as good as called.
        ctx.helper_calls.add(text(captures["callback.fn"][0]))
    elif "helper.method" in captures:
        # `arg_helper.add_arg_input_data_dir()`, `arg_helper.parse_gpu_dedup_args()` on a
        # helper object that holds the parser: the program picks that helper.
        ctx.helper_calls.add(text(captures["helper.method"][0]))
    elif "helper.fn" in captures:
        # `ArgumentHelper.tp(parser)` with `parser = sub.add_parser("chat")`: the options
        # the helper adds belong to that subcommand; so do those it adds to a group of it
        # (`add_input_model_options(sub_parser.add_argument_group("Model options"))`).
        if "helper.group" in captures and text(captures["helper.group"][0]) not in ("add_argument_group", "add_mutually_exclusive_group"):
            return
        ctx.helper_calls.add(text(captures["helper.fn"][0]))
        sub = ctx.subcommand_of(captures["helper.arg"][0], captures["match"][0])
        if sub:
            ctx.helper_subcommands.setdefault(text(captures["helper.fn"][0]), set()).add(sub)
        children = ctx._lookup(ctx.children_of, captures["helper.arg"][0], captures["match"][0])
        if children:
            ctx.handed_subparsers[text(captures["helper.fn"][0]).rsplit(".", 1)[-1]] = children
    elif "group.var" in captures:
        kind = text(captures["group.kind"][0])
        receiver = captures.get("group.receiver", [None])[0]
        at = captures["match"][0]
        key = (_scope_start(at), text(captures["group.var"][0]))
        if kind == "add_subparsers":
            parent = ctx.subcommand_of(receiver, at)
            if parent:
                ctx.children_of[key] = parent
            return
        if kind in ("add_argument_group", "add_mutually_exclusive_group"):
            sub = ctx.subcommand_of(receiver, at)
            ctx.sub_assignments.setdefault(key, []).append((at.start_byte, sub))
            if sub:
                ctx.sub_of[key] = sub
        positional, keywords = call_arguments(captures["group.args"][0])
        title_node = keywords.get("title") or keywords.get("prog") or (positional[0] if positional else None)
        value = string_value(title_node)
        title = value.literal if value is not None and not value.is_pattern else None
        if kind == "add_parser" and title:
            ctx.sub_of[key] = title
            ctx.sub_assignments.setdefault(key, []).append((at.start_byte, title))
            parent = ctx._lookup(ctx.children_of, receiver, at)
            words = [title] + _alias_words(keywords.get("aliases"))
            if parent and parent != title:
                for word in words:
                    add_parent(ctx.subparser_parents, word, parent)
            elif not parent:
                ctx.root_subcommands.update(words)  # `list` at the top, whatever `registry list` is
                helper = _first_parameter_of(at, receiver)
                if helper:
                    ctx.helper_parsers.setdefault(helper, []).extend(words)
            title = f"{title} (subcommand)"
        if title:
            ctx.groups[(_scope_start(captures["match"][0]), text(captures["group.var"][0]))] = title


# One scan for the quoted names of all four kinds below: a regex led by a quote is tried
# at every quote, so four of them cost four times one.
_QUOTED_PATH = re.compile(rb"[\"'](\.?[\w-][\w.\-]*(?:/[\w.\-]+)+\.[A-Za-z0-9]{1,8})[\"']")
_QUOTED = re.compile(rb"[\"']([A-Za-z_-][\w.\-/]*)([\"'{])")
_DOTTED_NAME = re.compile(r"[A-Za-z_]\w*(?:\.\w+)+")
# `"dpo_train_filtered.jsonl"`: a data file the code writes or reads by name.
_DATA_FILE = re.compile(rb"[\"'/]([\w.{}-]+\.(?:jsonl|json|csv|tsv|parquet|arrow|pt|pth|bin|safetensors|npy|npz|pkl|sif|log|h5))[\"']")
# `arg.startswith("trainer.override_entrypoint=")`: an override the code reads from argv itself.
_PEEKED_OVERRIDE = re.compile(rb"[\"']([A-Za-z_]\w*(?:\.\w+)+)=[\"']")
_SLASHED_NAME = re.compile(r"[A-Za-z_][\w.\-]*(?:/[\w.\-]+)+")
_FLAG_PREFIX_NAME = re.compile(r"--[A-Za-z][\w.-]*[-_]")
_QUOTED_FLAG = re.compile(r"--[A-Za-z][\w.-]*[A-Za-z0-9]")
_UPPER_PREFIX_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_")


# A name a lazy module's import structure spells: `"SFTConfig"` in `_import_structure`.
_LAZY_NAME = re.compile(rb"[\"']([A-Za-z_][A-Za-z0-9_]*)[\"']")


def _read_names(source: bytes) -> list[str]:
    """Names the file reads off objects: `cfg.num_nodes`, `cfg.get("num_nodes")`, `cfg["num_nodes"]`."""
    names = {next(g for g in m.groups() if g).decode("ascii") for m in _READ_NAME.finditer(source)}
    return sorted(names)[:2000]


def _mentions(source: bytes) -> dict[str, list[str]]:
    dotted, slashed, flag_prefixes, upper_prefixes, quoted_flags = set(), set(), set(), set(), set()
    for raw, end in _QUOTED.findall(source):
        token = raw.decode("utf-8", "replace")
        quoted = end != b"{"
        if quoted and _QUOTED_FLAG.fullmatch(token):
            quoted_flags.add(token)  # `("numactl", "--cpunodebind", node)`, or a definition
        if quoted and _DOTTED_NAME.fullmatch(token):
            dotted.add(token)
        if quoted and _SLASHED_NAME.fullmatch(token):
            slashed.add(token)
        if _FLAG_PREFIX_NAME.fullmatch(token):
            flag_prefixes.add(token)
        if _UPPER_PREFIX_NAME.fullmatch(token):
            upper_prefixes.add(token)
    return {
        "flags": sorted({m.decode("utf-8", "replace") for m in _FLAG_MENTION.findall(source)}),
        "upper": sorted({m.decode("utf-8", "replace") for m in _UPPER_MENTION.findall(source)}),
        # `reader.read("HG_COMMAND")`, `f"{prefix}_HG_COMMAND"`: a name's tail, read under a prefix.
        "upper_tails": sorted({m.decode("utf-8", "replace") for m in _UPPER_TAIL.findall(source)}),
        "slashed": sorted(slashed),
        # "megatron.training.loss" spelled in code is a name (a metric, a config path), not an import.
        "dotted": sorted(dotted),
        "flag_prefixes": sorted(flag_prefixes),
        "quoted_flags": sorted(quoted_flags),
        "upper_prefixes": sorted(upper_prefixes),
        "peeked": sorted({m.decode("utf-8", "replace") for m in _PEEKED_OVERRIDE.findall(source)}),
        "data_files": sorted({m.decode("utf-8", "replace") for m in _DATA_FILE.findall(source)})[:200],
        # `".config/ansible-lint.yml"` in a list of files the program looks for.
        "paths": sorted({m.decode("utf-8", "replace") for m in _QUOTED_PATH.findall(source)})[:300],
    }


# A file that runs as a program: a __main__ guard, or a parse call at module level.
_ENTRY = re.compile(rb"^if\s+__name__\s*==\s*['\"]__main__['\"]|^[A-Za-z_][\w.]*\s*(?:,\s*[A-Za-z_]\w*\s*)*=\s*[\w.]+\.parse_(?:known_)?args(?:_into_dataclasses)?\(|^(?:fire\.Fire|typer\.run|app|cli|main)\(", re.M)

_GLOBAL = re.compile(rb"^[ \t]+global[ \t]+([A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)[ \t]*$", re.M)
_ENTRY_POINTS = re.compile(rb"\b(?:entry_points|iter_entry_points)\(")
# A traitlets Application (Jupyter's apps: `main = Voila.launch_instance`): its options are
# its configurable traits and alias tables, named at run time.
_TRAITLETS_APP = re.compile(rb"\.launch_instance\b")
# `if not fname.endswith('.py'): fname += '.py'`: a program that takes scripts by name.
# Logger names the code makes: `logging.getLogger(__name__)` is the module's own name, and
# `LOG.getChild("trace")` or `getLogger(__name__ + ".trace")` a name under it that no
# statement spells (pyocd's "`pyocd.coresight.ap.trace`" trace loggers); a literal
# `getLogger("app.audit")` names its logger outright.
_MODULE_LOGGER = re.compile(rb"getLogger\(\s*__name__\s*\)")
_NAMED_LOGGER = re.compile(rb"""getLogger\(\s*['"]([A-Za-z_][\w.\-]*)['"]\s*\)""")
_CHILD_LOGGER = re.compile(rb"""\.getChild\(\s*['"]([A-Za-z_][\w.\-]*)['"]\s*\)""")
_SUFFIXED_LOGGER = re.compile(rb"""getLogger\(\s*(?:__name__\s*\+\s*['"]\.([\w.\-]+)['"]|f['"]\{__name__\}\.([\w.\-]+)['"])\s*\)""")


def _logger_names(source: bytes) -> list[str]:
    """The loggers a file makes, those under its own module's name written `.child`."""
    if b"getLogger" not in source:
        return []
    bases = [m.decode() for m in _NAMED_LOGGER.findall(source)]
    own = bool(_MODULE_LOGGER.search(source))
    names = set(bases)
    for match in _SUFFIXED_LOGGER.finditer(source):
        names.add("." + (match.group(1) or match.group(2)).decode())
    for child in {c.decode() for c in _CHILD_LOGGER.findall(source)}:
        # (Which logger a getChild hangs from is not followed: any the file makes.)
        if own:
            names.add("." + child)
        names.update(f"{base}.{child}" for base in bases)
    return sorted(names)


_ENDS_WITH_PY = re.compile(rb"""endswith\(\s*['"]\.py['"]\s*\)""")
_ADDS_PY = re.compile(rb"""\+=?\s*['"]\.py['"]""")
# A script jupytext reads as a notebook: its YAML header (`# ---` / `# jupyter:`) or a
# percent-format Markdown cell (`# %% [markdown]`) at the top.
_NOTEBOOK_SCRIPT = re.compile(rb"\A(?:#![^\n]*\n)?(?:#[^\n]*coding[:=][^\n]*\n)?(?:\s*\n)*# (?:---\s*\n# jupyter:|%%)")
# click's `auto_envvar_prefix="FLASK"` (a keyword, a context_settings entry, a setdefault):
# click reads FLASK_RUN_PORT for `flask run --port`, names it builds at run time.
_AUTO_ENVVAR_PREFIX = re.compile(rb"""auto_envvar_prefix['"]?\s*[,:=]\s*['"]([A-Z][A-Z0-9_]*)['"]""")
# donfig's `Config("satpy", defaults=[...])` (dask's config library): it reads SATPY_CACHE_DIR
# for the `cache_dir` setting, every key under the name's prefix.
_DONFIG_IMPORT = re.compile(rb"^\s*(?:from\s+donfig\b|import\s+donfig\b)", re.M)
_DONFIG_CONFIG = re.compile(rb"""\bConfig\(\s*['"]([A-Za-z][A-Za-z0-9_]*)['"]""")
# `sys.modules[f'{__name__}.{m.__name__.rpartition(".")[-1]}'] = m` (nvitop: a key with
# brackets of its own); `patcher.inject('urllib.request', globals(), ...)` (eventlet: the
# named module's names copied in), `_import_plugins(globals())`, `globals().update(...)`.
# (Not trio's `fixup_module_metadata(__name__, globals())`: it edits names, adds none.)
_OPEN_NAMESPACE = re.compile(rb"^[ \t]*sys\.modules\[[^\n]+\][ \t]*=[ \t]*[A-Za-z_][\w.]*[ \t]*$|^[A-Za-z_][\w.]*\(\s*(?:[\x27\x22][\w.]+[\x27\x22]\s*,\s*)?globals\(\)\s*[,)]|^globals\(\)\.update\(", re.M)
_SELF_MODULE = re.compile(rb"sys\.modules\[\s*__name__\s*\]")
_GLOBALS_ITEM = re.compile(rb"""globals\(\)\[\s*(f?)["']([^"'\n]*)["'](\s*\.format\()?""")
_NO_ABBREV = re.compile(rb"allow_abbrev\s*=\s*False")
_DOTLIST_MERGE = re.compile(rb"OmegaConf\.from_(?:dotlist|cli)\(")
_READ_NAME = re.compile(rb"\.([A-Za-z_]\w*)\b(?!\s*\()|\.get\(\s*[\"']([A-Za-z_]\w*)[\"']|\[\s*[\"']([A-Za-z_]\w*)[\"']\s*\]")
# `argparse.ArgumentParser("Submitit for DeiT", parents=[classification_parser])`: the
# parser takes on the options of parsers built elsewhere (DeiT's main.get_args_parser()).
_PARSER_PARENTS = re.compile(rb"ArgumentParser\((?:[^()]|\([^()]*\))*?\bparents\s*=")
# `class FlexibleArgumentParser(argparse.ArgumentParser)` whose parse_args rewrites
# `--max_len` to `--max-len` (vLLM's, and its copies), or `--attention-backend` to
# `--attention_backend` (xDiT's): both spellings work.
_PARSER_SUBCLASS = re.compile(rb"^class\s+\w+\s*\((?:argparse\.)?ArgumentParser\)\s*:", re.M)
_UNDERSCORE_TO_DASH = re.compile(rb"""replace\(\s*['"]_['"]\s*,\s*['"]-['"]\s*\)""")
_DASH_TO_UNDERSCORE = re.compile(rb"""replace\(\s*['"]-['"]\s*,\s*['"]_['"]\s*\)""")


def _flexible_parser(source: bytes, rewrite: re.Pattern[bytes] = _UNDERSCORE_TO_DASH) -> bool:
    for match in _PARSER_SUBCLASS.finditer(source):
        end = re.compile(rb"^\S", re.M).search(source, match.end())
        if rewrite.search(source, match.end(), end.start() if end else len(source)):
            return True
    return False
_TYPER_KEEPS_NAMES = re.compile(rb"get_command_name\s*=\s*lambda\s+(\w+)\s*:\s*\1\b")

# A parser per thread: the App's worker threads parse at the same time.
_parsers_local = threading.local()


# A `help=` text is prose too: Megatron's "ignored unless --no-query-key-layer-scaling is
# specified" outlived the option it names, and no parser reads a flag from it.
_PROSE = (
    "(comment) @prose (expression_statement (string) @prose) (expression_statement (concatenated_string) @prose) "
    '(keyword_argument name: (identifier) @_help value: [(string) (concatenated_string) (parenthesized_expression)] @prose (#eq? @_help "help"))'
)
_prose_queries: dict[int, Query] = {}


def _without_prose(source: bytes, tree, language) -> bytes:
    """The source with its comments and docstrings (string statements) blanked out."""
    query = _prose_queries.get(id(language))
    if query is None:
        query = _prose_queries[id(language)] = Query(language, _PROSE)
    nodes = QueryCursor(query).captures(tree.root_node).get("prose", [])
    if not nodes:
        return source
    out = bytearray(source)
    for node in nodes:
        if b"--" in source[node.start_byte:node.end_byte]:
            out[node.start_byte:node.end_byte] = b" " * (node.end_byte - node.start_byte)
    return bytes(out)


def _spell_out_loop_keys(ctx: _Context, spelled: dict[str, list[str]]) -> None:
    """`for k in ("policy", "value"): stats[f"{k}_loss"] = ...`: the rules see the pattern
    `{k}_loss`; the loop says it is `policy_loss` and `value_loss`, and nothing else."""
    if not spelled:
        return
    facts: list[Fact] = []
    for fact in ctx.facts:
        names = spelled.get(str(fact.line)) if fact.kind == "metric" and fact.pattern else None
        if not names:
            facts.append(fact)
            continue
        attrs = {k: v for k, v in fact.attrs.items() if k != "holes"}
        facts.extend(Fact(fact.kind, name, fact.path, fact.line, dict(attrs)) for name in names)
    ctx.facts = facts


DICT_PATHS_MAX = 500  # nested key paths kept per file
_DICT_KEY = re.compile(r"[A-Za-z_][\w-]*")


def _dict_key_paths(root, source: bytes) -> list[str]:
    """Dotted paths of string keys through nested dict literals (`tasks.collection_name`
    for `{"tasks": {"collection_name": ...}}`), two parts or more."""
    found: set[str] = set()

    def key_of(pair) -> str | None:
        key = pair.child_by_field_name("key")
        if key is None or key.type != "string":
            return None
        text = source[key.start_byte : key.end_byte].decode("utf-8", "replace").strip("\"'")
        return text if _DICT_KEY.fullmatch(text) else None

    def walk(node, prefix: str, depth: int) -> None:
        for pair in node.named_children:
            if pair.type != "pair" or len(found) >= DICT_PATHS_MAX:
                continue
            key = key_of(pair)
            if key is None:
                continue
            path = f"{prefix}.{key}" if prefix else key
            if prefix:
                found.add(path)
            value = pair.child_by_field_name("value")
            if value is not None and value.type == "dictionary" and depth < 6:
                walk(value, path, depth + 1)

    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "dictionary":
            walk(node, "", 0)
            continue  # its nested dicts are walked as its values
        stack.extend(node.named_children)
    return sorted(found)[:DICT_PATHS_MAX]


def extract_python(source: bytes, compiled: CompiledRules) -> dict[str, Any]:
    """Facts, mentions and literal bindings of one Python file."""
    parsers = _parsers_local.__dict__.setdefault("by_language", {})
    parser = parsers.get(id(compiled.language))
    if parser is None:
        parser = parsers[id(compiled.language)] = Parser(compiled.language)
    tree = parser.parse(source)
    ctx = _Context(compiled, source)
    _walk_block(ctx, tree.root_node, "", False)
    notes = []
    if tree.root_node.has_error:
        notes.append("Python syntax errors: extracted what parsed")
    if compiled.query is not None:
        matches = QueryCursor(compiled.query).matches(tree.root_node)
        # Groups and bindings first: flag builders look them up.
        matches.sort(key=lambda m: 0 if compiled.pattern_rule[m[0]].build == "internal" else 1)
        for pattern_index, captures in matches:
            rule = compiled.pattern_rule[pattern_index]
            ctx.rule = rule
            try:
                if rule.build == "internal":
                    _internal(ctx, captures)
                else:
                    BUILDERS[rule.build](ctx, captures)
            except (KeyError, IndexError, AttributeError, ValueError, TypeError) as exc:
                notes.append(f"rule {rule.id} failed on line {line(captures['match'][0]) if 'match' in captures else '?'}: {exc!r}")
        try:
            wrapped_options(ctx, tree.root_node)
        except (KeyError, IndexError, AttributeError, ValueError, TypeError) as exc:
            notes.append(f"argparse helpers: {exc!r}")
    if b"global " in source:
        # deepeval's `_expose_public_api()` declares `global evaluate, assert_test` and
        # binds them when the package is imported: module names, made in a function.
        known = {f.name for f in ctx.facts if f.kind in (CLASS, FUNCTION, CONSTANT)}
        for match in _GLOBAL.finditer(source):
            for name in re.findall(r"[A-Za-z_]\w*", match.group(1).decode("ascii")):
                if name not in known:
                    known.add(name)
                    ctx.add(Fact(CONSTANT, name, "", source.count(b"\n", 0, match.start()) + 1, {}))
    for match in _GLOBALS_ITEM.finditer(source):
        # dtale's `globals()["show_{}".format(loader_name)] = loader.show_loader`: names
        # made at import time after a pattern; `show_csv`, `show_r` are the module's.
        template = match.group(2).decode("utf-8", "replace")
        name = re.sub(r"\{[^{}]*\}", "*", template) if (match.group(1).startswith(b"f") or match.group(3)) else template
        if re.fullmatch(r"[A-Za-z_*][\w*]*", name) and name.strip("*"):
            ctx.add(Fact(CONSTANT, name, "", source.count(b"\n", 0, match.start()) + 1, {}))
    opened = _OPEN_NAMESPACE.search(source)
    if opened is None and b"setattr(" in source:
        # dgl.nn's `thismod = sys.modules[__name__]` then `setattr(thismod, api, obj)` for
        # each name of the backend's module: the names are made at import time.
        opened = _SELF_MODULE.search(source)
    if opened:
        # `_import_plugin_decorators(globals())`, `sys.modules["pkg.data"] = litdata`: the
        # module's names are made at run time (plugins, an alias of another package).
        aliased = opened.re is _OPEN_NAMESPACE and opened.group(0).lstrip().startswith(b"sys.modules")  # its submodules are the other package's too
        ctx.add(Fact(CONSTANT, "*", "", source.count(b"\n", 0, opened.start()) + 1, {"imported": True, "aliased": aliased}))
    mentions = _mentions(source)
    if b"{" in source:
        # `{"tasks": {"collection_name": "tasks"}}` in invoke's global_defaults(): a config's
        # nested keys the code spells as dict literals (`tasks.collection_name`).
        mentions["dict_paths"] = _dict_key_paths(tree.root_node, source)
    flow: dict[str, Any] = {}
    metrics_rule = next((r for r in compiled.rules if r.build == "metric_keys"), None)
    if metrics_rule is not None:
        try:
            flow = metric_flow(tree.root_node, source, ctx.constants, list(metrics_rule.params.get("emitters", [])))
            _spell_out_loop_keys(ctx, flow.pop("<spelled>", {}))
        except (RecursionError, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            notes.append(f"metric flow: {exc!r}")
    # A module that only registers a command on an app it imports (`@app.command()` after
    # `from pkg.app import app`) never names typer itself.
    typer = typer_facts(ctx, tree.root_node) if b"typer" in source or b".command(" in source or b".add_command(" in source else {}
    if b"--" in source:
        # `--x` in a docstring or a comment ("the --legacy-mode option was removed") names
        # a flag; only the code's own strings can hand one to a parser.
        mentions["flags"] = sorted({m.decode("utf-8", "replace") for m in _FLAG_MENTION.findall(_without_prose(source, tree, compiled.language))})
        # What the comments and docstrings alone say: MultiQC's vep module explains VEP's
        # `--stats_file`, the page generated from that docstring too.
        said = {m.decode("utf-8", "replace") for m in _FLAG_MENTION.findall(source)} - set(mentions["flags"])
        if said:
            mentions["prose_flags"] = sorted(said)
    _join_handed_parents(ctx)
    return {
        # `_C.MODEL.NUM_CLASSES = 400` after `_C = CN()`: keys of a yacs-style config tree.
        "attr_config": attribute_config_keys(tree.root_node, source),
        "entry": bool(_ENTRY.search(source)),
        # typer.main.get_command_name = lambda name: name: typer keeps `--num_chunks` as is.
        "typer_keeps_names": bool(_TYPER_KEEPS_NAMES.search(source)),
        "no_abbrev": bool(_NO_ABBREV.search(source)),  # ArgumentParser(allow_abbrev=False)
        "parser_parents": bool(_PARSER_PARENTS.search(source)),
        # `OmegaConf.merge(*configs, OmegaConf.from_dotlist(unknown))`: key=value words
        # on the command line add keys to the config, whether its YAML has them or not;
        # the names the file reads (`trainer_config.num_nodes`) are keys it may take so.
        "dotlist_merge": _read_names(source) if _DOTLIST_MERGE.search(source) else [],
        "flexible_parser": b"ArgumentParser)" in source and _flexible_parser(source),
        "underscoring_parser": b"ArgumentParser)" in source and _flexible_parser(source, _DASH_TO_UNDERSCORE),
        # `args, rest = parser.parse_known_args()`: the rest of the command line goes elsewhere.
        "known_args": b"parse_known_args(" in source,
        # `args, rest = parser.parse_known_args()` and `rest` used again: the options its
        # parser lacks go somewhere (mmagic's demo makes them keyword arguments).
        "keeps_rest": _keeps_rest(source),
        # `override_args = args[:args.index("--")]`: the program splits its command line at
        # `--` itself and hands what comes before on (determined's torch_distributed).
        "splits_at_dashes": bool(_SPLITS_AT_DASHES.search(source)),
        "kwargs_keys": sorted({m.decode() for m in _KWARGS_KEY.findall(source)}),
        "text_options": sorted({m.decode() for m in _TEXT_OPTION_WORD.findall(source)}) if _SPLITS_TEXT_AT_DASHES.search(source) else [],
        # `parser.add_argument("training_script_args", nargs=REMAINDER)`: a launcher; what
        # follows the script it is handed is that script's.
        "remainder": bool(_REMAINDER.search(source)),
        "reads_argv": b"sys.argv" in source,  # a script that takes its options without a parser
        # kaolin-wisp's config/_tyro.py rebuilds sys.argv before tyro parses it (short names,
        # a YAML file's args): the command line a parser sees is not the one the user types.
        "rewrites_argv": bool(_REWRITES_ARGV.search(source)) and bool(_PARSES.search(source)) and not _REMAINDER.search(source),
        # `globals()[name] = scorer`, `setattr(sys.modules[__name__], n, v)`: the module
        # makes names at import time that no statement spells.
        "dynamic_globals": bool(_DYNAMIC_GLOBALS.search(source)),
        # molfeat's plugin loader: `setattr(sys.modules[group], name, obj)` for groups such as
        # "molfeat.calc": the modules its strings name gain names at run time.
        "opened_modules": sorted({m.decode() for m in _DOTTED_STRING.findall(source)}) if _OPENS_OTHER_MODULES.search(source) else [],
        # `entry_points(group="tool.project_commands")`: commands plugins register, out of sight.
        "entry_points": bool(_ENTRY_POINTS.search(source)),
        "traitlets_app": bool(_TRAITLETS_APP.search(source)),
        # A docs site that reads it with jupytext publishes it as a page (nautilus_trader's
        # docs/getting_started/quickstart.py, linked as `[Quickstart](quickstart)`).
        "notebook_script": bool(_NOTEBOOK_SCRIPT.match(source)),
        # pywikibot's wrapper: `python pwb.py tests/api_tests` runs tests/api_tests.py.
        "completes_py": bool(_ENDS_WITH_PY.search(source) and _ADDS_PY.search(source)),
        "loggers": _logger_names(source),
        # click/typer `context_settings=dict(ignore_unknown_options=True, allow_extra_args=True)`:
        # a command that hands the options it lacks on (to a model's loader, a subprocess).
        "extra_options": _extra_options_lines(source),
        "facts": [f.to_dict() for f in ctx.facts],
        "mentions": mentions,
        "bindings": {k: sorted(v) for k, v in ctx.bindings.items()},
        "class_calls": {k: sorted(v) for k, v in ctx.class_calls.items()},
        "imports": sorted(set(ctx.imports)),
        "class_aliases": ctx.class_aliases,
        "module_aliases": ctx.module_aliases,
        "metric_prefixes": sorted(ctx.metric_prefixes),
        "metric_flow": flow,
        "env_prefixes": sorted(ctx.env_prefixes | {m.decode() + "_" for m in _AUTO_ENVVAR_PREFIX.findall(source)} | _donfig_prefixes(source)),
        "settings_prefixes": sorted(ctx.settings_prefixes),
        "class_fields": ctx.class_fields,
        "class_inits": ctx.class_inits,
        "typed_classes": ctx.typed_classes,
        "flag_classes": ctx.flag_classes,
        "custom_factory_calls": ctx.custom_factory_calls,
        "handed_classes": _handed_through_aliases(ctx.handed_classes, ctx.type_aliases),
        "value_sets": ctx.value_sets,
        "dynamic_options": ctx.dynamic_options,
        # A file that builds options at run time from a class's fields: its options are
        # that class's fields (mergekit's add_merge_options over MergeOptions.model_fields).
        "field_options": sorted(ctx.field_sources) if ctx.dynamic_options else [],
        "hydra_mains": ctx.hydra_mains,
        "subparsers": sorted(ctx.subparsers),
        "typer": typer,
        "subparser_parents": ctx.subparser_parents,
        "root_subcommands": sorted(ctx.root_subcommands),
        "helper_subcommands": {k: sorted(v) for k, v in ctx.helper_subcommands.items()},
        "helper_calls": sorted(ctx.helper_calls),
        "framework_calls": sorted(ctx.framework_calls),
        # The names a parser is handed to: a class called with `parser=`, or its bases when
        # this file defines it (`class LumenAIServe(Serve)`).
        "parser_classes": sorted({b for name in ctx.parser_classes for b in ctx.local_bases.get(name, {name})}),
        "argv_handoffs": sorted(ctx.argv_handoffs),
        "default_resets": ctx.default_resets,
        "notes": notes,
    }
