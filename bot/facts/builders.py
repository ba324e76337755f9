"""Builders: each turns one match of a rule's query into facts.

A rule in rules/manifest.toml names its builder; the capture names each one reads are in
its docstring. Builders only read syntax trees; they never import or run the code.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from tree_sitter import Node

from ..model import ENV, FLAG, METRIC, Fact
from .pystrings import StringValue, _merge, string_value
from .values import UNKNOWN, evaluate, human_sizes, json_safe

FLAG_NAME = re.compile(r"^--?[A-Za-z][\w.-]*$")

ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
UPPER_ENV_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$")
METRIC_KEY = re.compile(r"^[^\s\"'`]{1,200}$")


def text(node: Node | None) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""


def line(node: Node) -> int:
    return node.start_point[0] + 1


def call_arguments(args: Node) -> tuple[list[Node], dict[str, Node]]:
    positional: list[Node] = []
    keywords: dict[str, Node] = {}
    for child in args.named_children:
        if child.type == "keyword_argument":
            name = child.child_by_field_name("name")
            value = child.child_by_field_name("value")
            if name is not None and value is not None:
                keywords[text(name)] = value
        elif child.type not in ("comment", "list_splat", "dictionary_splat"):
            positional.append(child)
    return positional, keywords


def constant(ctx: Any, node: Node | None) -> Any:
    if node is None:
        return UNKNOWN
    return evaluate(text(node), ctx.constants)


def _string(node: Node | None) -> str | None:
    value = string_value(node)
    if value is None:
        return None
    return value.display() if value.is_pattern else value.literal


def default_attrs(ctx: Any, node: Node | None) -> dict[str, Any]:
    if node is None:
        return {}
    value = constant(ctx, node)
    attrs: dict[str, Any] = {"default": text(node)}
    if value is not UNKNOWN:
        attrs["default_value"] = json_safe(value)
        attrs["default_known"] = True
        sizes = human_sizes(value)
        if sizes:
            attrs["default_human"] = sizes
    return attrs


def _choices(ctx: Any, node: Node | None) -> dict[str, Any]:
    if node is None:
        return {}
    value = constant(ctx, node)
    if isinstance(value, list):
        return {"choices": json_safe(value)}
    if node.type == "identifier" and _parameter_of_enclosing(node, text(node)):
        return {}  # `choices=choices` in a helper: each caller's, none of them here
    return {"choices_source": text(node)}


def _parameter_of_enclosing(node: Node, name: str) -> bool:
    """Whether ``name`` is a parameter of a function or lambda around ``node``."""
    current = node.parent
    while current is not None:
        if current.type in ("function_definition", "lambda"):
            params = current.child_by_field_name("parameters")
            for param in params.named_children if params is not None else []:
                spelled = param if param.type == "identifier" else param.child_by_field_name("name") or next((c for c in param.named_children if c.type == "identifier"), None)
                if spelled is not None and text(spelled) == name:
                    return True
        current = current.parent
    return False


def _names_a_parameter(node: Node) -> bool:
    """Whether an expression spells a parameter of the function around it: fiddle's
    DEFINE_fiddle_config(name, ...) calls `flags.DEFINE_flag(FiddleFlag(name=name))`, a
    wrapper whose callers give the names."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "identifier" and _parameter_of_enclosing(current, text(current)):
            return True
        stack.extend(current.named_children)
    return False


def _flag_facts(ctx: Any, names: list[str], node: Node, attrs: dict[str, Any]) -> None:
    names = [n for n in names if n.startswith("-") and len(n) > 1]
    for name in names:
        aliases = [n for n in names if n != name]
        ctx.add(Fact(FLAG, name, ctx.path, line(node), {**attrs, "aliases": aliases}))


def _action(node: Node | None) -> str | None:
    if node is None:
        return None
    literal = _string(node)
    if literal is not None:
        return literal
    return text(node).rsplit(".", 1)[-1]


_ALL_HOLES = re.compile(r"-*(\{[^{}]*\}-*)+")


def argparse_option(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@match the call, @args its arguments, @receiver the parser or group."""
    args = captures["args"][0]
    positional, keywords = call_arguments(args)
    if not positional and not _record_option_wrapper(ctx, args, captures.get("receiver", [None])[0]):
        if any(child.type == "list_splat" for child in args.named_children):
            # `parser.add_argument(*flags, ...)` in a loop over a list of dicts (open-interpreter's
            # arguments table): names made at run time, a program drift cannot list.
            ctx.dynamic_options.append(line(captures["match"][0]))
    _argparse_flags(ctx, captures["match"][0], positional, keywords, captures.get("receiver", [None])[0], _splats_keywords(args))


def _splats_keywords(args: Node) -> bool:
    return any(child.type == "dictionary_splat" for child in args.named_children)


def _record_option_wrapper(ctx: Any, args: Node, receiver: Node | None) -> bool:
    """`def _add_argument(parser, *names, **kw): parser.add_argument(*names, **kw)`: a
    helper whose calls (`_add_argument(parser, "--rdzv-id", type=str)`) define the options;
    remembered by name with where its names and its parser sit among the call's arguments."""
    splat = next((c for c in args.named_children if c.type == "list_splat"), None)
    inner = splat.named_children[0] if splat is not None and splat.named_children else None
    function = _innermost_function_node(args)
    if inner is None or inner.type != "identifier" or function is None:
        return False
    params = [p for p in (function.child_by_field_name("parameters") or args).named_children if p.type != "comment"]
    names = [_param_name(p) for p in params]
    star = "*" + text(inner)
    if star not in names:
        return False
    receiver_name = text(receiver) if receiver is not None and receiver.type == "identifier" else None
    name = function.child_by_field_name("name")
    if name is None:
        return False
    ctx.option_wrappers[text(name)] = {
        "names_from": names.index(star),
        "receiver": names.index(receiver_name) if receiver_name in names else None,
        "method": bool(names) and names[0] in ("self", "cls"),
    }
    return True


def _param_name(param: Node) -> str:
    if param.type == "list_splat_pattern":
        return "*" + text(param.named_children[0]) if param.named_children else "*"
    if param.type in ("typed_parameter", "default_parameter", "typed_default_parameter"):
        first = param.child_by_field_name("name") or (param.named_children[0] if param.named_children else None)
        if first is not None and first.type == "list_splat_pattern":
            return _param_name(first)
        return text(first) if first is not None else ""
    return text(param)


def _innermost_function_node(node: Node) -> Node | None:
    current = node.parent
    while current is not None and current.type != "function_definition":
        current = current.parent
    return current


def wrapped_options(ctx: Any, root: Node) -> None:
    """The options a file's argparse helpers define: each call of a recorded wrapper,
    read as the `add_argument` it makes (its string arguments from the names' place on,
    its keywords, its parser argument as the receiver)."""
    if not ctx.option_wrappers:
        return
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type != "call":
            continue
        callee = node.child_by_field_name("function")
        bound = callee is not None and callee.type == "attribute"  # `self._add(parser, "--x")`
        if bound:
            callee = callee.child_by_field_name("attribute")
        wrapper = ctx.option_wrappers.get(text(callee)) if callee is not None and callee.type == "identifier" else None
        args = node.child_by_field_name("arguments")
        if wrapper is None or args is None or args.type != "argument_list":
            continue
        positional, keywords = call_arguments(args)
        shift = 1 if bound and wrapper["method"] else 0
        at = wrapper["receiver"] - shift if wrapper["receiver"] is not None else -1
        receiver = positional[at] if 0 <= at < len(positional) else None
        names = positional[max(wrapper["names_from"] - shift, 0):]
        if names and all(n.type in ("string", "concatenated_string") for n in names):
            _argparse_flags(ctx, node, names, keywords, receiver, _splats_keywords(args))


def _loop_names(ctx: Any, node: Node) -> list[str] | None:
    """`for option in HELP_TEXTS.keys() & defaults.keys(): add_argument(f"--{option}")`:
    the names a loop over a module constant (a list, or a dict's keys) spells, or None."""
    value = string_value(node)
    if value is None or value.parts.count(None) != 1 or not value.holes:
        return None
    hole = value.holes[0].strip()
    current = node.parent
    while current is not None and current.type != "function_definition":
        if current.type == "for_statement":
            left, right = current.child_by_field_name("left"), current.child_by_field_name("right")
            if left is not None and text(left) == hole and right is not None:
                # (An intersection's first operand is the superset: its names, at most.)
                source = re.sub(r"^(?:sorted|list|set)\((.*)\)$", r"\1", text(right).split("&")[0].strip())
                source = re.sub(r"\.keys\(\)$", "", source.strip())
                known = ctx.value_sets.get(source) if re.fullmatch(r"[A-Za-z_]\w*", source) else None
                if not known:
                    return None
                head, tail = value.parts[0] if value.parts[0] is not None else "", value.parts[-1] if value.parts[-1] is not None else ""
                return [head + name + tail for name in known["values"]]
        current = current.parent
    return None


def _argparse_flags(ctx: Any, match: Node, positional: list[Node], keywords: dict[str, Node], receiver: Node | None, opaque: bool = False) -> None:
    """The option an `add_argument` call defines; ``opaque`` when `**kwargs` may set
    what the keywords do not say (its default, its action)."""
    names = [s for s in (_string(n) for n in positional) if s]
    first = positional[0] if positional else None
    first_text = _string(first) if first is not None else None
    spelled = _loop_names(ctx, first) if first is not None and first_text is not None and "{" in first_text else None
    if spelled:
        # One option per name the loop spells, each with what the call says of all.
        for name in spelled:
            _option_facts(ctx, match, [name], keywords, receiver, opaque)
        return
    if first is not None and (first.type not in ("string", "concatenated_string") or (first_text is not None and _ALL_HOLES.fullmatch(first_text))):
        # add_argument(flag, **kw), add_argument(f"--{name}"): option names built at run
        # time; the program they belong to has flags drift cannot list.
        ctx.dynamic_options.append(line(match))
    _option_facts(ctx, match, names, keywords, receiver, opaque)


def _option_facts(ctx: Any, match: Node, names: list[str], keywords: dict[str, Node], receiver: Node | None, opaque: bool) -> None:
    if not any(n.startswith("-") for n in names):
        return  # a positional argument: nothing a doc can name as --flag
    action = _action(keywords.get("action"))
    long_names = [n for n in names if n.startswith("--")]
    dest = _string(keywords.get("dest")) or (
        (long_names[0] if long_names else names[0]).lstrip("-").replace("-", "_")
    )
    attrs: dict[str, Any] = {"dest": dest, "origin": {"kind": "defined", "builder": "argparse"}}
    if action:
        attrs["action"] = action
    attrs.update(default_attrs(ctx, keywords.get("default")))
    if "default" not in attrs and action in ("store_true", "store_false"):
        attrs.update({"default": str(action == "store_false"), "default_value": action == "store_false", "default_known": True})
    if "default" not in attrs and action not in ("help", "version") and not opaque:
        attrs.update({"default": "None", "default_value": None, "default_known": True, "default_implicit": True})
    attrs.update(_choices(ctx, keywords.get("choices")))
    for key in ("type", "nargs", "metavar", "required"):
        if key in keywords:
            attrs[key] = text(keywords[key])
    if re.search(r"\.(?:lower|upper|casefold)\(\)|\bstr\.(?:lower|upper|casefold)\b", attrs.get("type", "")):
        attrs["case_insensitive"] = True  # type=lambda s: s.lower(): `Adam` becomes a choice
    if action in ("store_true", "store_false", "BooleanOptionalAction"):
        attrs.setdefault("type", "bool")
    help_text = _string(keywords.get("help"))
    if help_text is not None:
        attrs["help"] = help_text
    group, titled = ctx.group_of(receiver, match)
    if group:
        attrs["group"] = group
        attrs["group_kind"] = "title" if titled else "function"
        attrs["origin"]["group"] = group
    function = _enclosing_function(match)
    if function:
        attrs["function"] = function  # whose call builds this option: its program calls it
    subcommand = ctx.subcommand_of(receiver, match) if hasattr(ctx, "subcommand_of") else None
    if subcommand:
        attrs["subcommand"] = subcommand  # `chat_parser.add_argument(...)`, or one of its groups
    elif titled:
        inner = _innermost_function(match)
        if inner:
            attrs["builder"] = inner  # a helper that makes its own group on the parser it is handed
    if action == "BooleanOptionalAction":
        names = names + ["--no-" + n[2:] for n in long_names]
    _flag_facts(ctx, names, match, attrs)


def _innermost_function(node: Node) -> str | None:
    current = _innermost_function_node(node)
    name = current.child_by_field_name("name") if current is not None else None
    return text(name) if name is not None else None


def _enclosing_function(node: Node) -> str | None:
    """The name of the outermost module-level function a node sits in; "__main__" for
    the body of an `if __name__ == "__main__":` block (None at top level)."""
    found = None
    in_main = False
    current = node.parent
    while current is not None:
        if current.type == "function_definition":
            name = current.child_by_field_name("name")
            found = text(name) if name is not None else found
        elif current.type == "class_definition":
            return None  # a method: the class decides who calls it
        elif current.type == "if_statement":
            condition = current.child_by_field_name("condition")
            if condition is not None and "__name__" in text(condition) and "__main__" in text(condition):
                in_main = True
        current = current.parent
    return found or ("__main__" if in_main else None)


def fire_cli(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@target of fire.Fire(target): a function defined in the same file gives one flag
    per parameter, with its default; anything else (a class, a dict, a function from
    elsewhere, `**kwargs`) makes the program's options unknowable here."""
    match = captures["match"][0]
    if "bare" in captures:
        if captures["bare"][0].named_children:
            return  # handed something: the pattern above reads it
        root = match
        while root.parent is not None:
            root = root.parent
        for node in root.named_children:
            definition = node.child_by_field_name("definition") if node.type == "decorated_definition" else node
            if definition is not None and definition.type == "function_definition" and not text(definition.child_by_field_name("name")).startswith("_"):
                _fire_function_flags(ctx, definition)
        return
    target = captures["target"][0]
    function = None
    if target.type == "identifier":
        root = target
        while root.parent is not None:
            root = root.parent
        name = text(target)
        for node in root.named_children:
            definition = node.child_by_field_name("definition") if node.type == "decorated_definition" else node
            if definition is not None and definition.type == "function_definition" and text(definition.child_by_field_name("name")) == name:
                function = definition
    if function is None:
        ctx.dynamic_options.append(line(match))
        return
    _fire_function_flags(ctx, function)


def _fire_function_flags(ctx: Any, function: Node) -> None:
    """One flag per parameter of a function python-fire runs, with its default."""
    templates = ctx.rule.options.get("templates", ["--{name}", "--{kebab}"])
    for param in function.child_by_field_name("parameters").named_children:
        if param.type in ("list_splat_pattern", "dictionary_splat_pattern"):
            if param.type == "dictionary_splat_pattern":
                ctx.dynamic_options.append(line(param))  # **kwargs: fire passes any --name through
            continue
        name_node = param if param.type == "identifier" else param.child_by_field_name("name") or (param.named_children[0] if param.named_children else None)
        if name_node is None or name_node.type != "identifier" or text(name_node) in ("self", "cls"):
            continue
        field = text(name_node)
        attrs: dict[str, Any] = {"dest": field, "origin": {"kind": "defined", "builder": "fire", "function": text(function.child_by_field_name("name"))}}
        type_node = param.child_by_field_name("type")
        if type_node is not None:
            attrs["type"] = text(type_node)
        value = param.child_by_field_name("value")
        if value is not None:
            attrs.update(default_attrs(ctx, value))
        else:
            attrs["required"] = "True"
        names = list(dict.fromkeys(t.format(name=field, kebab=field.replace("_", "-")) for t in templates))
        for flag in names:
            ctx.add(Fact(FLAG, flag, ctx.path, line(param), {**attrs, "aliases": [n for n in names if n != flag]}))


def click_option(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@args of a @click.option(...) decorator call, or of a `click.Option(@names, ...)`."""
    args = captures["args"][0]
    positional, keywords = call_arguments(args)
    names: list[str] = []
    if "names" in captures:
        # `click.Option([...])`: its first argument lists the names.
        written = captures["names"][0].named_children
        positional = [n for n in written if n.type == "string"]
        if len(positional) != len(written) or any(_string(n) is None for n in positional):
            ctx.dynamic_options.append(line(captures["match"][0]))
            return
    if "names" not in captures and not captures.get("_decorator") and args.named_children and args.named_children[0].type == "list_splat":
        ctx.dynamic_options.append(line(captures["match"][0]))  # `click.option(*decls, ...)`
        return
    decorator = text(captures["_decorator"][0]) if captures.get("_decorator") else ""
    if decorator.endswith("version_option"):
        # `@click.version_option(version=...)`: `--version` unless it names its own flags;
        # its first positional is the version, not a name.
        positional = [n for n in positional[1:] if (_string(n) or "").startswith("-")]
        names = [] if positional else ["--version"]
    for node in positional:
        literal = _string(node)
        if literal:
            for part in literal.split("/"):
                names.append(part.strip())
    attrs: dict[str, Any] = {"origin": {"kind": "defined", "builder": "click"}}
    attrs.update(default_attrs(ctx, keywords.get("default")))
    if "type" in keywords:
        type_node = keywords["type"]
        attrs["type"] = text(type_node)
        if type_node.type == "call" and text(type_node.child_by_field_name("function")).endswith("Choice"):
            type_args = type_node.child_by_field_name("arguments")
            if type_args is not None and type_args.named_children:
                attrs.update(_choices(ctx, type_args.named_children[0]))
    if "is_flag" in keywords:
        attrs["type"] = "bool"
    if "is_flag" in keywords or any("/" in (_string(n) or "") for n in positional):
        attrs["switch"] = True  # `--shared-js/--no-shared-js` takes no value either
    help_text = _string(keywords.get("help"))
    if help_text is not None:
        attrs["help"] = help_text
    _flag_facts(ctx, names, captures["match"][0], attrs)


def typer_option(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@param the function parameter, @args of typer.Option(...)."""
    args = captures["args"][0]
    positional, keywords = call_arguments(args)
    names = [s for s in (_string(n) for n in positional) if s and s.startswith("-")]
    param = text(captures["param"][0])
    match = captures["match"][0]
    named_by_param = not names  # typer's get_command_name dashes it; a project may override that
    if not names:
        names = ["--" + param.replace("_", "-")]
    attrs: dict[str, Any] = {"dest": param, "origin": {"kind": "defined", "builder": "typer"}}
    if named_by_param:
        attrs["named_by_param"] = True
    default_node = keywords.get("default")
    if default_node is None and positional and _string(positional[0]) is None:
        default_node = positional[0]
    if default_node is None:
        default_node = match.child_by_field_name("value") if match.type == "typed_default_parameter" and match.child_by_field_name("value") is not None and match.child_by_field_name("value").type != "call" else None
    attrs.update(default_attrs(ctx, default_node))
    if default_node is not None and default_node.type == "ellipsis":
        # typer.Option(...): required, no default
        attrs = {key: value for key, value in attrs.items() if not key.startswith("default")}
        attrs["required"] = "True"
    annotation = match.child_by_field_name("type")
    if annotation is not None:
        attrs["type"] = text(annotation)
        if text(annotation) == "bool" and named_by_param:  # typer adds `--no-x` only to a name it made
            names = names + ["--no-" + n[2:] for n in names if n.startswith("--")]
    help_text = _string(keywords.get("help"))
    if help_text is not None:
        attrs["help"] = help_text
    expanded = []
    for name in names:
        expanded.extend(part.strip() for part in name.split("/"))
    _flag_facts(ctx, expanded, match, attrs)


def _field_parts(ctx: Any, value: Node | None) -> tuple[Node | None, str | None, dict[str, Any]]:
    """The default node, help and explicit argparse settings of
    ``field(default=..., metadata={"help": ..., "argparse_meta": {"arg_names": [...], "dest": ...}})``."""
    if value is None or value.type != "call":
        return value, None, {}
    function = text(value.child_by_field_name("function"))
    if function.rsplit(".", 1)[-1] not in ("field", "Field"):
        return value, None, {}
    arguments = value.child_by_field_name("arguments")
    if arguments is None:
        return None, None, {}
    positional, keywords = call_arguments(arguments)
    default = keywords.get("default") or keywords.get("default_factory") or (positional[0] if positional else None)
    help_text = _string(keywords.get("help")) or _string(keywords.get("description"))
    metadata = keywords.get("metadata")
    explicit: dict[str, Any] = {}
    if metadata is not None and metadata.type == "dictionary":
        for pair in metadata.named_children:
            if pair.type == "pair" and _string(pair.child_by_field_name("key")) == "help":
                help_text = _string(pair.child_by_field_name("value"))
        explicit = _explicit_argparse(metadata)
    for name in ("alias", "aliases", "arg_names", "option_strings"):
        if name in keywords:
            explicit.setdefault("names", []).extend(_option_strings(keywords[name]))
    return default, help_text, explicit


def _option_strings(node: Node) -> list[str]:
    items = node.named_children if node.type in ("list", "tuple") else [node]
    return [value for value in (_string(item) for item in items) if value and FLAG_NAME.match(value)]


def _explicit_argparse(node: Node) -> dict[str, Any]:
    """Option names (`arg_names`, `aliases`, `option_strings`) and `dest` spelled in a
    field's metadata at any depth: they replace the names derived from the field."""
    explicit: dict[str, Any] = {}
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "pair":
            key = _string(current.child_by_field_name("key"))
            value = current.child_by_field_name("value")
            if value is not None and key in ("arg_names", "aliases", "alias", "option_strings", "flags"):
                explicit.setdefault("names", []).extend(_option_strings(value))
            elif value is not None and key == "dest" and _string(value):
                explicit["dest"] = _string(value)
        stack.extend(current.named_children)
    return explicit


def _fields(ctx: Any, body: Node):
    """(assignment node, field name, type text, default node, help) for each field."""
    for statement in body.named_children:
        if statement.type != "expression_statement" or not statement.named_children:
            continue
        assignment = statement.named_children[0]
        if assignment.type != "assignment":
            continue
        left = assignment.child_by_field_name("left")
        annotation = assignment.child_by_field_name("type")
        if left is None or left.type != "identifier" or annotation is None:
            continue
        field_name = text(left)
        type_text = text(annotation)
        if field_name.startswith("_") or "ClassVar" in type_text:
            continue
        default_node, help_text, explicit = _field_parts(ctx, assignment.child_by_field_name("right"))
        yield assignment, field_name, type_text, default_node, help_text, explicit


def _field_flag_names(explicit: list[str] | None, templates: list[str], negatives: list[str], forms: dict[str, str], attrs: dict[str, Any]) -> list[str]:
    """A field's own option names when it spells them, else the rule's templates."""
    if explicit:
        return list(dict.fromkeys(explicit))
    names = [t.format(**forms) for t in templates]
    if str(attrs.get("type", "")).replace("Optional[", "").startswith("bool") and attrs.get("default_value") is True:
        names += [t.format(**forms) for t in negatives]
    # `ep_size: Annotated[int, Arg(aliases=["--expert-parallel-size", "--ep"])]`
    names += _ANNOTATED_ALIASES.findall(str(attrs.get("type", "")).split("aliases", 1)[1]) if "aliases" in str(attrs.get("type", "")) else []
    return list(dict.fromkeys(names))


_ANNOTATED_ALIASES = re.compile(r"[\"'](--?[A-Za-z][\w.-]*)[\"']")


def literal_choices(type_text: str) -> list[str] | None:
    """["a", "b"] for a field typed `Literal["a", "b"]` (also inside Optional or a union);
    None when there is no Literal, or its values are not plain strings and numbers."""
    start = type_text.find("Literal[")
    if start < 0:
        return None
    depth, begin = 0, start + len("Literal[")
    for i in range(begin - 1, len(type_text)):
        depth += {"[": 1, "]": -1}.get(type_text[i], 0)
        if depth == 0:
            parts = [p.strip() for p in type_text[begin:i].split(",") if p.strip()]
            values = []
            for part in parts:
                if len(part) >= 2 and part[0] == part[-1] and part[0] in "\"'":
                    values.append(part[1:-1])
                elif re.fullmatch(r"-?\d+(?:\.\d+)?", part):
                    values.append(part)
                else:
                    return None
            return values or None
    return None


def field_flag_facts(class_name: str, field: dict[str, Any], templates: list[str], negatives: list[str], path: str = "") -> list[Fact]:
    """The flags one dataclass field becomes under a naming template."""
    field_name = field["name"]
    forms = {"name": field_name, "kebab": field_name.replace("_", "-"), "upper": field_name.upper()}
    attrs = {k: v for k, v in field.items() if k not in ("name", "line", "names")}
    if "choices" not in attrs:
        choices = literal_choices(str(attrs.get("type") or ""))
        if choices:
            attrs["choices"] = choices  # `x: Literal["a", "b"]`: the parser accepts these only
    attrs.update({"dest": field.get("dest", field_name), "group": class_name, "origin": {"kind": "derived", "class": class_name, "builder": "dataclass", "by": "factory"}})
    names = _field_flag_names(field.get("names"), templates, negatives, forms, attrs)
    return [Fact(FLAG, name, path, field.get("line", 1), {**attrs, "aliases": [n for n in names if n != name]}) for name in names]


def dataclass_fields(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@class and @body of a @dataclass: its fields, for flag factories in any file."""
    class_name = text(captures["class"][0])
    fields = []
    for assignment, field_name, type_text, default_node, help_text, explicit in _fields(ctx, captures["body"][0]):
        field = {"name": field_name, "type": type_text, "line": line(assignment)}
        field.update(default_attrs(ctx, default_node))
        if help_text:
            field["help"] = help_text
        field.update(explicit)
        fields.append(field)
    ctx.class_fields.setdefault(class_name, []).extend(fields)
    init = _own_init(captures["body"][0])
    if init is not None:
        ctx.class_inits[class_name] = init
    # Bases: a factory exposes inherited fields too (TransformerConfig(ModelParallelConfig)).
    definition = captures["class"][0].parent
    supers = definition.child_by_field_name("superclasses") if definition is not None else None
    if supers is not None:
        # `RagasDataset[Sample]`: a generic base is its class.
        named = [n.child_by_field_name("value") if n.type == "subscript" else n for n in supers.named_children]
        named = [n for n in named if n is not None and n.type in ("identifier", "attribute")]
        bases = [text(n).rsplit(".", 1)[-1] for n in named]
        if bases:
            qualified = [text(n) for n in named]
            ctx.class_fields.setdefault("__bases__", []).append({"class": class_name, "bases": bases, "qualified": qualified})


def _keywords_splat(param: Node) -> bool:
    """Whether a parameter is `**kwargs` (or `**metadata: Any`)."""
    return param.type == "dictionary_splat_pattern" or (param.type == "typed_parameter" and bool(param.named_children) and param.named_children[0].type == "dictionary_splat_pattern")


def _own_init(body: Node) -> dict[str, Any] | None:
    """A dataclass that writes its own `__init__` (diffusers' quantization configs) takes
    that method's keywords, not its fields: {"params": [...], "open": takes **kwargs}. One
    whose `__new__` takes **kwargs (kaolin-wisp's RenderBuffer, which makes a subclass with
    a field per custom channel) takes its fields and any keyword besides."""
    for child in body.named_children:
        function = child.child_by_field_name("definition") if child.type == "decorated_definition" else child
        if function is None or function.type != "function_definition":
            continue
        method = text(function.child_by_field_name("name"))
        if method == "__new__" and any(_keywords_splat(p) for p in function.child_by_field_name("parameters").named_children):
            return {"params": [], "open": True}
        if method != "__init__":
            continue
        params, open_ = [], False
        for param in function.child_by_field_name("parameters").named_children:
            if _keywords_splat(param):
                open_ = True  # `**kwargs`, or `**metadata: Any`
                continue
            name = param if param.type == "identifier" else param.child_by_field_name("name") or (param.named_children[0] if param.named_children else None)
            if name is not None and name.type == "identifier" and text(name) not in ("self", "cls"):
                params.append(text(name))
        return {"params": params, "open": open_}
    return None


def _assigned_in_scope(name: Node, kinds: tuple[str, ...] = ("tuple", "list")) -> Node | None:
    """The value of one of ``kinds`` (a tuple or list) last assigned to ``name`` before it
    is used, in the same function (or module) body, statement by statement, one level deep."""
    scope = name.parent
    while scope is not None and scope.type not in ("function_definition", "module"):
        scope = scope.parent
    body = scope.child_by_field_name("body") if scope is not None and scope.type == "function_definition" else scope
    if body is None:
        return None
    found = None
    stack = list(body.named_children)
    while stack:
        statement = stack.pop(0)
        if statement.start_byte >= name.start_byte:
            break
        if statement.type in ("if_statement", "else_clause", "block", "elif_clause"):
            stack = list(statement.named_children) + stack
            continue
        if statement.type != "expression_statement" or not statement.named_children:
            continue
        assignment = statement.named_children[0]
        left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
        if assignment.type == "assignment" and left is not None and text(left) == text(name) and right is not None:
            found = right if right.type in kinds else None
    return found


def flag_factory(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@args of a call such as ArgumentGroupFactory(Config) or HfArgumentParser((A, B)),
    or of a project's parser class that may extend one (kept apart, for the index)."""
    callee = text(captures["_factory"][0])
    if callee == "ArgumentParser":
        return
    factory = callee in ctx.rule.params.get("factories", ())
    target = ctx.flag_classes if factory else ctx.custom_factory_calls.setdefault(callee, {})
    positional, keywords = call_arguments(captures["args"][0])
    # (HfArgumentParser(dataclass_types=(ModelArguments, LoraConfig)), by keyword.)
    handed = positional[:1] or [keywords[k] for k in ("dataclass_types",) if k in keywords]
    for node in handed:
        if node.type == "identifier":
            # TrlParser(dataclass_types) after dataclass_types = (ScriptArguments, SFTConfig)
            node = _assigned_in_scope(node) or node
        items = node.named_children if node.type in ("tuple", "list", "parenthesized_expression") else [node]
        for item in items:
            if item.type == "identifier":
                # Emu's `model_args = ModelArguments`, then HfArgumentParser((model_args, eval_args)).
                item = _assigned_in_scope(item, ("identifier", "attribute")) or item
            if item.type in ("identifier", "attribute"):
                target[text(item).rsplit(".", 1)[-1]] = {
                    "templates": ctx.rule.options.get("templates", ["--{kebab}"]),
                    "negative_templates": ctx.rule.options.get("negative_templates", ["--no-{kebab}"]),
                }


def dataclass_flags(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@class the class name, @body its block: each annotated field becomes flags."""
    class_name = text(captures["class"][0])
    templates = ctx.rule.options.get("templates", ["--{kebab}"])
    negatives = ctx.rule.options.get("negative_templates", ["--no-{kebab}"])
    env_templates = ctx.rule.options.get("env_templates", [])
    for assignment, field_name, type_text, default_node, help_text, explicit in _fields(ctx, captures["body"][0]):
        attrs: dict[str, Any] = {
            "dest": explicit.get("dest", field_name),
            "type": type_text,
            "origin": {"kind": "derived", "class": class_name, "builder": "dataclass", "by": "name"},
            "group": class_name,
        }
        attrs.update(default_attrs(ctx, default_node))
        choices = literal_choices(type_text or "")
        if choices:
            attrs["choices"] = choices
        if help_text:
            attrs["help"] = help_text
        forms = {"name": field_name, "kebab": field_name.replace("_", "-"), "upper": field_name.upper()}
        _flag_facts(ctx, _field_flag_names(explicit.get("names"), templates, negatives, forms, attrs), assignment, attrs)
        for template in env_templates:
            ctx.add(Fact(ENV, template.format(**forms), ctx.path, line(assignment), {"origin": {"kind": "derived", "class": class_name}}))


def env_name(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@name the string naming the variable, @default the fallback, if any."""
    node = captures["name"][0]
    if node.type == "binary_operator":
        # cobaya's `os.environ.get(code_prefix + "_" + key_name)`, code_prefix = "COBAYA":
        # the code reads COBAYA_* names it builds at run time.
        head = _concatenated_head(ctx, node)
        if head and re.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_", head) and hasattr(ctx, "env_prefixes"):
            ctx.env_prefixes.add(head)
        return
    if node.type == "identifier":
        value = ctx.constants.get(text(node))
        name = value if isinstance(value, str) else None  # a module constant's string
    else:
        name = _string(node)
        built = string_value(node)
        if built is not None and built.is_pattern:
            # aiida's `os.environ.get(f'AIIDA_WARN_v{version}')`: the names under its head.
            head = built.parts[0] if built.parts and isinstance(built.parts[0], str) else ""
            if re.fullmatch(r"[A-Z][A-Z0-9]*_[A-Za-z0-9_]*", head) and hasattr(ctx, "env_prefixes"):
                ctx.env_prefixes.add(head)
            return
    if not name or not ENV_NAME.match(name):
        return
    generic = "_function" in captures  # a helper matched by its name only
    if generic and not UPPER_ENV_NAME.match(name):
        return
    attrs: dict[str, Any] = {}
    default_node = captures.get("default", [None])[0]
    if default_node is not None and default_node.type not in ("keyword_argument",):
        attrs.update(default_attrs(ctx, default_node))
    ctx.add(Fact(ENV, name, ctx.path, line(node), attrs))


def _concatenated_head(ctx: Any, node: Node) -> str:
    """The string the leading operands of `a + b + c` spell, where each is a literal or a
    module constant's string ("" when the first is neither)."""
    operands: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "binary_operator" and text(current.child_by_field_name("operator") or current) == "+":
            stack.extend([current.child_by_field_name("right"), current.child_by_field_name("left")])
        else:
            operands.append(current)
    head = ""
    for operand in operands:
        literal = string_value(operand) if operand is not None and operand.type == "string" else None
        value = ctx.constants.get(text(operand)) if operand is not None and operand.type == "identifier" else literal.literal if literal is not None and not literal.is_pattern else None
        if not isinstance(value, str):
            break
        head += value
    return head


@lru_cache(maxsize=64)
def _full_match(alternation: str) -> re.Pattern[str]:
    return re.compile(f"^(?:{alternation})$")


# Containers whose name says they hold metrics, as opposed to any dict called `result`.
_METRIC_CONTAINER = re.compile(r"metric|log|scalar|stat|report|wandb|tensorboard|tb_", re.I)


# A logger's prefix scope: `with tabular.prefix(name + '/'):` (dowel, garage, rllab's
# `logger.tabular_prefix`) puts its argument in front of every key recorded inside.
_PREFIX_SCOPE = re.compile(r"(?:\w+_)?prefix")


def _scope_prefixes(node: Node) -> list[StringValue]:
    """The prefixes of the logger scopes around `node`, outermost first; an argument
    that is no string known here is a hole."""
    found: list[StringValue] = []
    parent = node.parent
    while parent is not None:
        if parent.type == "with_statement":
            for item in parent.named_children[0].named_children if parent.named_children and parent.named_children[0].type == "with_clause" else []:
                call = item.named_children[0] if item.type == "with_item" and item.named_children else None
                if call is None or call.type != "call":
                    continue
                function = call.child_by_field_name("function")
                name = function.child_by_field_name("attribute") if function is not None and function.type == "attribute" else function
                arguments = call.child_by_field_name("arguments")
                if name is None or not _PREFIX_SCOPE.fullmatch(text(name)) or arguments is None or not arguments.named_children:
                    continue
                prefix = string_value(arguments.named_children[0])
                if prefix is None:
                    prefix = StringValue([None], [text(arguments.named_children[0])])
                found.insert(0, prefix)
        parent = parent.parent
    return found


def _metric_from(ctx: Any, node: Node, via: str, strong: bool = True, direct: bool = False) -> None:
    value = string_value(node)
    if value is None:
        return
    if direct:
        prefixes = _scope_prefixes(node)
        if prefixes:
            scoped = StringValue()
            for part in (*prefixes, value):
                scoped.extend(part)
            value = _merge(scoped)
    # `logged`: surely a metric (sent to a logger, namespaced, or kept in a metrics dict);
    # a key of a dict merely named `result` may be one, so it counts as existing, but
    # coverage does not ask docs to describe it.
    logged = direct or "/" in value.literal or bool(_METRIC_CONTAINER.search(via))
    if value.is_pattern:
        literal = value.literal
        if not literal.strip("/_-. ") or not METRIC_KEY.match(value.display()):
            return
        ctx.add(Fact(METRIC, value.display(), ctx.path, line(node), {"holes": value.holes, "via": via, "strong": strong, "logged": logged}, pattern=value.regex()))
    else:
        name = value.literal
        if METRIC_KEY.match(name):
            ctx.add(Fact(METRIC, name, ctx.path, line(node), {"via": via, "strong": strong, "logged": logged}))


def metric_keys(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@dict a dict literal or @key a subscript/name argument; @container the dict it
    is stored in, when no logger call (@_emitter) is in sight."""
    container = text(captures["container"][0]) if "container" in captures else None
    if container is not None:
        metric_dicts = _full_match("|".join(ctx.rule.params.get("metric_dicts", [])) or "(?!)")
        all_keys = bool(metric_dicts.match(container))
    else:
        all_keys = True  # passed straight to a logger
    via = container or text(captures.get("_emitter", [None])[0]) or "logger"
    keys: list[Node] = []
    if "dict" in captures:
        for pair in captures["dict"][0].named_children:
            if pair.type == "pair":
                key = pair.child_by_field_name("key")
                if key is not None:
                    keys.append(key)
    keys.extend(captures.get("key", []))
    for key in keys:
        value = string_value(key)
        if value is None:
            continue
        if all_keys or "/" in value.literal:
            _metric_from(ctx, key, via, all_keys, direct=container is None)


def shell_env(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@read a variable expanded, @export one exported, @assign one assigned."""
    for kind in ("read", "export", "assign"):
        for node in captures.get(kind, []):
            name = text(node)
            if ENV_NAME.match(name):
                ctx.record_shell_variable(kind, name, line(node), captures["match"][0])


_ABSL_TYPES = {"string": "str", "integer": "int", "float": "float", "bool": "bool", "boolean": "bool", "enum": "str", "list": "list", "spaceseplist": "list", "path": "str"}


def absl_flag(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@_call the definer (`flags.DEFINE_enum`), @args its arguments: name, default, then
    the enum's values (or help); or @read, a name read from the registry (`FLAGS.x`). A boolean also takes `--noname`; a config flag of
    ml_collections takes `--name.key=value` overrides."""
    if "handed" in captures:
        node = captures["handed"][0]
        called = node.parent is not None and node.parent.type == "call" and node.parent.child_by_field_name("function") == node
        if not called and node.parent is not None and node.parent.type not in ("attribute", "dotted_name", "decorator"):
            # nsl's train.py: `{"string": flags.DEFINE_string, ...}`, then `flag_fn(arg, ...)`
            # for each key of a config dict: names drift cannot list.
            ctx.dynamic_options.append(line(node))
        return
    if "kwargs" in captures:
        _flags_with_default(ctx, captures["kwargs"][0])
        return
    if "read" in captures:
        node = captures["match"][0]
        name = text(captures["read"][0])
        called = node.parent is not None and node.parent.type == "call" and node.parent.child_by_field_name("function") == node
        if not called and re.fullmatch(r"[A-Za-z]\w*", name):  # not `FLAGS.mark_as_parsed()`
            ctx.add(Fact(FLAG, "--" + name, ctx.path, line(node), {"dest": name, "origin": {"kind": "read", "builder": "absl"}}))
        return
    kind = text(captures["_call"][0]).rsplit("DEFINE_", 1)[-1]
    positional, keywords = call_arguments(captures["args"][0])
    name = _string(keywords.get("name") or (positional[0] if positional else None))
    if not name or not re.fullmatch(r"[A-Za-z]\w*", name):
        first = keywords.get("name") or (positional[0] if positional else None)
        if first is not None and _string(first) is None and not _names_a_parameter(first):
            ctx.dynamic_options.append(line(captures["match"][0]))  # `for name in NAMES: flags.DEFINE_string(name, ...)`
        return
    default_node = keywords.get("default") or (positional[1] if len(positional) > 1 else None)
    attrs: dict[str, Any] = {"dest": name, "origin": {"kind": "defined", "builder": "absl"}}
    attrs.update(default_attrs(ctx, default_node))
    if kind in _ABSL_TYPES:
        attrs["type"] = _ABSL_TYPES[kind]
    elif kind.startswith("multi_"):
        attrs["type"] = "list"
    if kind in ("enum", "multi_enum"):
        attrs.update(_choices(ctx, keywords.get("enum_values") or (positional[2] if len(positional) > 2 else None)))
    if kind.startswith("config_"):
        attrs["dotted_overrides"] = True  # `--config.optimizer.lr=1e-3`
    names = ["--" + name] + (["--no" + name] if kind in ("bool", "boolean") else [])
    help_text = _string(keywords.get("help") or (positional[3 if kind == "enum" else 2] if len(positional) > (3 if kind == "enum" else 2) else None))
    if help_text is not None:
        attrs["help"] = help_text
    _flag_facts(ctx, names, captures["match"][0], attrs)


# A default that is a config dict (`LMServer.get_default_config()`, `ConfigDict(...)`): its
# flag takes dotted overrides of the dict's keys.
_CONFIG_DICT_CALL = re.compile(r"(?:^|\.)(?:get_default_config|ConfigDict|FrozenConfigDict|config_dict)$")


def _flags_with_default(ctx: Any, arguments: Node) -> None:
    """mlxu.define_flags_with_default(name=default, ...): each keyword an absl flag."""
    _, keywords = call_arguments(arguments)
    for name, value in keywords.items():
        if not re.fullmatch(r"[A-Za-z]\w*", name):
            continue
        attrs: dict[str, Any] = {"dest": name, "origin": {"kind": "defined", "builder": "absl"}}
        if value.type == "call" and _CONFIG_DICT_CALL.search(text(value.child_by_field_name("function"))):
            attrs["dotted_overrides"] = True
        else:
            attrs.update(default_attrs(ctx, value))
        _flag_facts(ctx, ["--" + name], value, attrs)


def twisted_options(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@class and @bases of a usage.Options class (or a mixin named like one); @table an
    `optFlags`/`optParameters` list (each row `[long, short, default, help]`, flags without
    the default), or @method an `opt_name` method. Twisted takes `opt_foo_bar` as
    `--foo-bar` and `--foo_bar`."""
    wanted = ctx.rule.options.get("bases", [r"(\w+\.)*\w*Options"])
    names = [text(captures["class"][0])] + [text(b) for b in (captures["bases"][0].named_children if captures.get("bases") else [])]
    if not any(re.fullmatch(pattern, n) for n in names for pattern in wanted):
        return
    if "method" in captures:
        name = text(captures["method"][0])[len("opt_"):]
        if re.fullmatch(r"[A-Za-z]\w*", name):
            names = sorted({"--" + name, "--" + name.replace("_", "-")})
            _flag_facts(ctx, names, captures["match"][0], {"dest": name, "origin": {"kind": "defined", "builder": "twisted"}})
        return
    parameters = text(captures["_table"][0]) == "optParameters"
    for row in captures["table"][0].named_children:
        if row.type not in ("list", "tuple"):
            continue
        cells = row.named_children
        name = _string(cells[0]) if cells else None
        if not name or not re.fullmatch(r"[A-Za-z][\w-]*", name):
            continue
        short = _string(cells[1]) if len(cells) > 1 else None
        attrs: dict[str, Any] = {"dest": name.replace("-", "_"), "origin": {"kind": "defined", "builder": "twisted"}}
        if parameters:
            attrs.update(default_attrs(ctx, cells[2] if len(cells) > 2 else None))
        else:
            attrs["type"] = "bool"
        names = ["--" + name] + (["-" + short] if short and re.fullmatch(r"[A-Za-z0-9]", short) else [])
        _flag_facts(ctx, names, row, attrs)


def distutils_options(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@table a `user_options` list of a command class: rows `(long, short, help)`, where
    a long name ending in `=` takes a value and one without is a switch."""
    for row in captures["table"][0].named_children:
        if row.type not in ("list", "tuple"):
            continue
        cells = row.named_children
        spelled = _string(cells[0]) if len(cells) >= 2 else None
        if not spelled or not re.fullmatch(r"[A-Za-z][\w-]*=?", spelled):
            continue  # not the shape of a user_options row
        name = spelled.rstrip("=")
        short = _string(cells[1])
        attrs: dict[str, Any] = {"dest": name.replace("-", "_"), "origin": {"kind": "defined", "builder": "distutils", "class": text(captures["class"][0])}}
        if not spelled.endswith("="):
            attrs["type"] = "bool"
        names = ["--" + name] + (["-" + short] if short and re.fullmatch(r"[A-Za-z0-9]", short) else [])
        _flag_facts(ctx, names, row, attrs)


# One line of a configobj spec: `name = type(args)`; a spec has lines of the types
# configobj's validate knows, and may add its own (stpipe's `input_file(default=None)`).
_SPEC_LINE = re.compile(r"^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Za-z_]\w*)\(", re.M)
_SPEC_TYPES = frozenset(
    {"integer", "float", "boolean", "string", "option", "list", "force_list", "tuple", "int_list", "float_list", "bool_list", "string_list", "mixed_list", "ip_addr", "ip_addr_list"}
)


def configobj_options(ctx: Any, captures: dict[str, list[Node]]) -> None:
    """@spec a configobj spec string in a class body: each `name = type(...)` line is an
    option `--name` of the command that runs the class (stpipe's `strun`). Two lines of
    configobj's own types at least (one in a one-line spec), so that a stray `x = f(` in
    some other string is no spec."""
    spec = _string(captures["spec"][0])
    if not spec:
        return
    lines = list(_SPEC_LINE.finditer(spec))
    if sum(1 for match in lines if match.group(2) in _SPEC_TYPES or match.group(2).startswith("is_")) < min(2, len(lines)) or not lines:
        return
    first = line(captures["spec"][0])
    for match in lines:
        name, kind = match.group(1), match.group(2)
        attrs: dict[str, Any] = {"dest": name, "origin": {"kind": "defined", "builder": "configobj", "class": text(captures["class"][0])}}
        if kind == "boolean":
            attrs["type"] = "bool"
        ctx.add(Fact(FLAG, "--" + name, ctx.path, first + spec[: match.start()].count("\n"), {**attrs, "aliases": []}))


BUILDERS: dict[str, Callable[[Any, dict[str, list[Node]]], None]] = {
    "configobj_options": configobj_options,
    "twisted_options": twisted_options,
    "distutils_options": distutils_options,
    "absl_flag": absl_flag,
    "argparse_option": argparse_option,
    "fire_cli": fire_cli,
    "click_option": click_option,
    "typer_option": typer_option,
    "dataclass_flags": dataclass_flags,
    "dataclass_fields": dataclass_fields,
    "flag_factory": flag_factory,
    "env_name": env_name,
    "metric_keys": metric_keys,
    "shell_env": shell_env,
}


def flag_classes_by_file(results: list[tuple[str, dict[str, Any]]], factories: frozenset[str]) -> dict[str, dict[str, Any]]:
    """Each file's classes handed to a flag factory, with a project's own subclass of
    one counted as one: open-instruct's `class ArgumentParserPlus(HfArgumentParser)`,
    alignment-handbook's `H4ArgumentParser`, called in other files."""
    bases: dict[str, set[str]] = {}
    for _, result in results:
        for name, info in result.get("typed_classes", {}).items():
            bases.setdefault(name, set()).update(base.rsplit(".", 1)[-1] for base in info.get("bases", ()))
    subclasses: set[str] = set()
    grew = True
    while grew:
        grew = False
        for name, named in bases.items():
            if name not in subclasses and name not in factories and named & (factories | subclasses):
                subclasses.add(name)
                grew = True
    found: dict[str, dict[str, Any]] = {}
    for path, result in results:
        classes = dict(result.get("flag_classes", {}))
        for callee, handed in result.get("custom_factory_calls", {}).items():
            if callee in subclasses:
                classes.update(handed)
        if classes:
            found[path] = classes
    return found


def derive_factory_flags(results: list[tuple[str, dict[str, Any]]], handed_by_file: dict[str, dict[str, Any]]) -> list[Fact]:
    """Flags of config classes handed to a flag factory (``handed_by_file``, from
    flag_classes_by_file), wherever each class is defined: the call is in one file
    (arguments.py), the dataclass in another (config.py)."""
    wanted: dict[str, dict[str, Any]] = {}
    for classes in handed_by_file.values():
        wanted.update(classes)
    facts: list[Fact] = []
    if not wanted:
        return facts
    bases: dict[str, list[str]] = {}
    for _, result in results:
        for entry in result.get("class_fields", {}).get("__bases__", []):
            bases.setdefault(entry["class"], []).extend(entry["bases"])
    # Each wanted class also exposes the fields of its bases, as dataclasses inherit them.
    naming_of: dict[str, dict[str, Any]] = {}
    for name, naming in wanted.items():
        stack, seen = [name], set()
        while stack:
            current = stack.pop()
            if current in seen:
                continue
            seen.add(current)
            naming_of.setdefault(current, naming)
            stack.extend(bases.get(current, []))
    for path, result in results:
        for class_name, fields in result.get("class_fields", {}).items():
            naming = naming_of.get(class_name)
            if naming is None or class_name == "__bases__":
                continue
            for field in fields:
                facts.extend(field_flag_facts(class_name, field, naming["templates"], naming["negative_templates"], path))
    return facts
