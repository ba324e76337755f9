"""typer apps as the code writes them, for the index to turn into programs' options.

typer makes a command line from plain functions: each parameter with a default is an
option (`max_samples: int = 10` is `--max-samples`), one without is an argument, unless
`Option(...)`/`Argument(...)` says otherwise. Which functions are commands is often
decided in another file (`app.command()(pkg.main_vllm.vllm)`, `app.add_typer(tasks.app,
name="tasks")`), so this module only records, per file, the apps, their registrations and
each top-level function's parameters; `bot.typer_programs` joins them across files.
"""

from __future__ import annotations

from typing import Any

from tree_sitter import Node

from .builders import call_arguments, default_attrs, line, text
from .pystrings import string_value

_SKIPPED_TYPES = ("Context", "typer.Context", "click.Context")


def _literal(node: Node | None) -> str | None:
    value = string_value(node) if node is not None and node.type == "string" else None
    return value.literal if value is not None and not value.is_pattern else None


def _parameter(ctx: Any, node: Node) -> dict[str, Any] | None:
    """One parameter of a function: its name, whether typer makes it an option, and the
    option's attributes (default, type)."""
    if node.type == "identifier":
        name, annotation, default = text(node), None, None
    elif node.type in ("typed_parameter", "default_parameter", "typed_default_parameter"):
        name_node = node.child_by_field_name("name") or next((c for c in node.named_children if c.type == "identifier"), None)
        if name_node is None or name_node.type != "identifier":
            return None  # *args, **kwargs
        name = text(name_node)
        annotation = node.child_by_field_name("type")
        default = node.child_by_field_name("value")
    else:
        return None
    if name in ("self", "cls"):
        return None
    written = text(annotation) if annotation is not None else ""
    if written in _SKIPPED_TYPES:
        return None
    said = written + " " + (text(default) if default is not None else "")
    if "Argument(" in said:
        kind = "argument"
    elif "Option(" in said:
        kind = "option"
    else:
        kind = "option" if default is not None else "argument"
    attrs: dict[str, Any] = {"dest": name, "origin": {"kind": "defined", "builder": "typer"}, "named_by_param": True}
    alias = None
    if default is not None and default.type in ("identifier", "attribute") and not _constant_like(text(default)):
        alias = text(default).split(".", 1)[0]  # `= _MODEL_OPTION`, `= max_samples.default`
    elif default is not None and default.type != "call":
        attrs.update(default_attrs(ctx, default))
    elif default is None and kind == "option":
        attrs["required"] = "True"
    if written and (written.endswith(".type") or (annotation is not None and annotation.type == "type" and written.isidentifier() and written[:1].isupper() and written not in _PLAIN_TYPES)):
        alias = alias or written.split(".", 1)[0]  # `max_samples.type`, `OutputDir`: kept elsewhere
    elif written:
        attrs["type"] = _plain_type(written)
    option = _option_call(annotation) or _option_call(default)
    if option is not None:
        attrs.update(_option_details(option))
    found = {"name": name, "line": line(node), "kind": kind, "explicit": "Option(" in said or "Argument(" in said, "attrs": attrs}
    if alias:
        found["alias"] = alias
    return found


_PLAIN_TYPES = frozenset({"Path", "Optional", "List", "Dict", "Any", "Union", "Tuple", "Literal"})


def _constant_like(written: str) -> bool:
    """`None`, `True`, `math.pi`-like constants that are values, not option aliases."""
    return written in ("None", "True", "False") or written.split(".", 1)[0] in ("math", "sys", "os", "np", "torch")


def _option_call(node: Node | None) -> Node | None:
    """The `Option(...)`/`typer.Option(...)` call inside an annotation or default."""
    if node is None:
        return None
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "call":
            function = current.child_by_field_name("function")
            if function is not None and text(function).rsplit(".", 1)[-1] in ("Option", "Argument"):
                return current
        stack.extend(current.named_children)
    return None


def _option_details(call: Node) -> dict[str, Any]:
    """help, explicit names and, for `Argument`, the kind, of one `Option(...)` call."""
    arguments = call.child_by_field_name("arguments")
    if arguments is None:
        return {}
    positional, keywords = call_arguments(arguments)
    details: dict[str, Any] = {}
    help_text = _literal(keywords.get("help"))
    if help_text is not None:
        details["help"] = help_text
    # `"--wait/--no-wait"`: a boolean option and its negation, as click spells the pair.
    names = [part.strip() for n in (_literal(p) for p in positional) if n and n.startswith("-") for part in n.split("/") if part.strip().startswith("-")]
    if names:
        details["option_names"] = names
    return details


def _constants(ctx: Any, root: Node) -> dict[str, dict[str, Any]]:
    """Module-level option definitions other functions point at: `_MODEL = typer.Option(None,
    "--model", "-m", help=...)`, `OutputDir = Annotated[str, Option(help=...)]`, and
    `max_samples = Arg(type=Annotated[int, Option(help=...)], default=None)`."""
    found: dict[str, dict[str, Any]] = {}
    for statement in root.named_children:
        expression = statement.named_children[0] if statement.type == "expression_statement" and statement.named_children else None
        if expression is None or expression.type != "assignment":
            continue
        left, value = expression.child_by_field_name("left"), expression.child_by_field_name("right")
        if left is None or value is None or left.type != "identifier":
            continue
        option = _option_call(value)
        if option is None:
            continue
        entry: dict[str, Any] = {"kind": "argument" if text(option.child_by_field_name("function")).endswith("Argument") else "option", **_option_details(option)}
        if value is option:
            positional, keywords = call_arguments(option.child_by_field_name("arguments"))
            # `Option(None, "--model", "-m")`: the first positional is the default unless it
            # is an option name.
            first = positional[0] if positional else None
            named = first is not None and (_literal(first) or "").startswith("-")
            default = keywords.get("default") or (first if first is not None and not named else None)
            if default is not None and default.type != "ellipsis":
                entry.update(default_attrs(ctx, default))
        elif value.type == "call":
            _, keywords = call_arguments(value.child_by_field_name("arguments"))
            if keywords.get("default") is not None:
                entry.update(default_attrs(ctx, keywords["default"]))
            typed = keywords.get("type")
            if typed is not None:
                entry["type"] = _plain_type(text(typed))
        else:
            entry["type"] = _plain_type(text(value))
        found[text(left)] = entry
    return found


def _plain_type(written: str) -> str:
    """`Annotated[Optional[int], Option(...)]` reads as `Optional[int]`."""
    if written.startswith(("Annotated[", "typing.Annotated[", "typing_extensions.Annotated[")):
        inner = written.split("[", 1)[1]
        depth = 0
        for i, char in enumerate(inner):
            if char in "[(":
                depth += 1
            elif char in "])":
                depth -= 1
            elif char == "," and depth == 0:
                return inner[:i].strip()
    return written


def _name_keyword(arguments: Node | None) -> str | None:
    """The name a registration gives: `command("list")` or `add_typer(x, name="tasks")`."""
    if arguments is None:
        return None
    positional, keywords = call_arguments(arguments)
    if "name" in keywords:
        return _literal(keywords["name"])
    return _literal(positional[0]) if positional and positional[0].type == "string" else None


def typer_facts(ctx: Any, root: Node) -> dict[str, Any]:
    """apps, registrations and top-level functions' parameters of one file."""
    apps: list[str] = []
    commands: list[dict[str, Any]] = []  # {"app", "func" | "ref", "name", "kind", "line"}
    subapps: list[dict[str, Any]] = []  # {"app", "ref", "name", "line"}
    functions: dict[str, list[dict[str, Any]]] = {}
    aliases: dict[str, str] = {}  # `from pkg.model import app as model_app`: model_app -> pkg.model.app
    for statement in _statements(root):
        if statement.type == "import_from_statement" and statement.child_by_field_name("module_name") is not None:
            module = text(statement.child_by_field_name("module_name"))
            for child in statement.children_by_field_name("name"):
                if child.type == "aliased_import" and child.child_by_field_name("alias") is not None:
                    aliases[text(child.child_by_field_name("alias"))] = module + ("" if module.endswith(".") else ".") + text(child.child_by_field_name("name"))
            continue
        definition = statement
        decorators: list[Node] = []
        if statement.type == "decorated_definition":
            decorators = [c for c in statement.named_children if c.type == "decorator"]
            definition = statement.child_by_field_name("definition")
        if definition is not None and definition.type == "function_definition":
            func = text(definition.child_by_field_name("name"))
            params = definition.child_by_field_name("parameters")
            found = [p for p in (_parameter(ctx, child) for child in (params.named_children if params is not None else [])) if p]
            functions[func] = found
            for decorator in decorators:
                call = next((c for c in decorator.named_children if c.type == "call"), None)
                target = call.child_by_field_name("function") if call is not None else None
                if target is not None and target.type == "attribute":
                    method = text(target.child_by_field_name("attribute"))
                    if method in ("command", "callback"):
                        commands.append({"app": text(target.child_by_field_name("object")), "func": func, "name": _name_keyword(call.child_by_field_name("arguments")) if method == "command" else None, "kind": method, "line": line(decorator)})
            continue
        if statement.type != "expression_statement":
            continue
        expression = statement.named_children[0] if statement.named_children else None
        if expression is not None and expression.type == "assignment":
            value = expression.child_by_field_name("right")
            # `typer.Typer(...)`, or a subclass by its usual name (`OpenLLMTyper(...)`, `AsyncTyper()`).
            if _makes_app(statement):
                apps.append(text(expression.child_by_field_name("left")))
            continue
        if expression is None or expression.type != "call":
            continue
        function = expression.child_by_field_name("function")
        arguments = expression.child_by_field_name("arguments")
        if function is None:
            continue
        if function.type == "call":
            # `app.command(...)(pkg.main_vllm.vllm)`: a function registered from elsewhere.
            inner = function.child_by_field_name("function")
            positional, _ = call_arguments(arguments) if arguments is not None else ([], {})
            if inner is not None and inner.type == "attribute" and positional and positional[0].type in ("identifier", "attribute"):
                method = text(inner.child_by_field_name("attribute"))
                if method in ("command", "callback"):
                    name = _name_keyword(function.child_by_field_name("arguments")) if method == "command" else None
                    commands.append({"app": text(inner.child_by_field_name("object")), "ref": text(positional[0]), "name": name, "kind": method, "line": line(statement)})
        elif function.type == "attribute" and text(function.child_by_field_name("attribute")) in ("add_typer", "add_command") and arguments is not None:
            # typer's `add_typer(tasks.app, name="tasks")`; click's `cli.add_command(db_cli,
            # name="db")`, whose command may be made where drift does not follow it.
            positional, _ = call_arguments(arguments)
            if positional and positional[0].type in ("identifier", "attribute"):
                subapps.append({"app": text(function.child_by_field_name("object")), "ref": text(positional[0]), "name": _name_keyword(arguments), "line": line(statement)})
        elif text(function) in ("typer.run", "run") and arguments is not None:
            positional, _ = call_arguments(arguments)
            if positional and positional[0].type in ("identifier", "attribute"):
                commands.append({"app": "", "ref": text(positional[0]), "name": None, "kind": "run", "line": line(statement)})
    return {"apps": apps, "commands": commands, "subapps": subapps, "functions": functions, "constants": _constants(ctx, root), "aliases": aliases}


def _statements(root: Node) -> list[Node]:
    """Top-level statements, those of a top-level `if` block (`__main__`, an optional
    dependency) or `try` block, and
    those of an app factory (`def get_app(): app = typer.Typer(); app.command()(train)`)."""
    found = []
    for statement in root.named_children:
        found.append(statement)
        if statement.type == "if_statement":
            # `if __name__ == "__main__":`, and `if _CELERY_AVAILABLE: app.command("worker")(w)`:
            # a command registered when an optional dependency is installed is the program's.
            block = statement.child_by_field_name("consequence")
            found.extend(block.named_children if block is not None else [])
        elif statement.type == "try_statement":
            block = statement.child_by_field_name("body")
            found.extend(block.named_children if block is not None else [])
        elif statement.type in ("function_definition", "class_definition", "decorated_definition"):
            found.extend(_factory_statements(statement))
    return found


def _factory_statements(definition: Node) -> list[Node]:
    """The statements of an app factory, a function (or a class's method: cartography's
    `CLI._build_app`) that makes `app = typer.Typer(...)`: the registrations and the command
    functions it defines (`@app.command() def main(...)`, nested in the factory)."""
    if definition.type == "decorated_definition":
        definition = definition.child_by_field_name("definition") or definition
    block = definition.child_by_field_name("body")
    body = block.named_children if block is not None else []
    if definition.type == "class_definition":
        return [s for method in body if method.type in ("function_definition", "decorated_definition") for s in _factory_statements(method)]
    if definition.type != "function_definition" or not any(_makes_app(child) for child in body):
        return []
    return [child for child in body if child.type in ("expression_statement", "decorated_definition", "function_definition")]


def _makes_app(statement: Node) -> bool:
    """`app = typer.Typer(...)` (or a subclass by its usual name)."""
    expression = statement.named_children[0] if statement.type == "expression_statement" and statement.named_children else None
    value = expression.child_by_field_name("right") if expression is not None and expression.type == "assignment" else None
    return value is not None and value.type == "call" and text(value.child_by_field_name("function")).rpartition(".")[2].endswith("Typer")
