"""typer programs: which functions are commands, under which names, and their options.

A file records its apps and registrations (bot.facts.typer_commands); here they are
joined across files: `app.command()(pkg.main_vllm.vllm)` makes `vllm`'s parameters the
options of the `vllm` subcommand, `app.add_typer(tasks.app, name="tasks")` makes the
commands of that app `tasks inspect`, `tasks list`. An app with one command and no
sub-apps runs that command without a subcommand word, as typer does; so does
`typer.run(main)`. Options a parameter's `Option(...)` already names are the typer rule's
(rules/python/typer.scm); the rest get their flags here.
"""

from __future__ import annotations

from typing import Any, Callable

from .model import FLAG, Fact, add_parent

MAX_DEPTH = 4  # sub-apps within sub-apps


def _dashed(name: str) -> str:
    return name.lower().replace("_", "-")


def _resolve(index: Any, path: str, ref: str, result: dict[str, Any]) -> tuple[str, str] | None:
    """(file, name) that ``ref`` (a function or an app) written in ``path`` names, through a
    package's re-export (`from pkg.cli.auth import login_command`, which auth/__init__.py
    imports from auth/command.py)."""
    found = _resolve_written(index, path, ref, result)
    return (_defining_file(index, found[0], found[1]), found[1]) if found else None


def _defining_file(index: Any, path: str, name: str, hops: int = 3) -> str:
    from .index import resolve_import
    from .model import FUNCTION

    for _ in range(hops):
        module = index.path_modules.get(path)
        if not module or f"{module}.{name}" in index.names(FUNCTION):
            return path
        imported = next((n for n in index.file_imports.get(path, []) if n.endswith("." + name)), None)
        target = resolve_import(index, path, imported[: -len(name) - 1]) if imported else None
        if not target or target == path:
            return path
        path = target
    return path


def _resolve_written(index: Any, path: str, ref: str, result: dict[str, Any]) -> tuple[str, str] | None:
    from .index import resolve_import

    if "." not in ref:
        if ref in result.get("functions", {}) or ref in result.get("apps", []):
            return path, ref
        aliased = result.get("aliases", {}).get(ref)
        if aliased:
            # `from pkg.model import app as model_app`: `app` of pkg/model.py.
            module, _, name = aliased.rpartition(".")
            found = resolve_import(index, path, module) if module and not module.endswith(".") else None
            return (found, name) if found else None
        # `from pkg.cli.launch import status` beside `from pkg.cli.deploy import status as
        # deploy_status`: the bare name is launch's. Of `pkg.cli.train` and
        # `pkg.cli.train.train` (one import, both recorded), the longer is the function.
        renamed = set(result.get("aliases", {}).values())
        candidates = [name for name in index.file_imports.get(path, []) if name.endswith("." + ref)]
        for name in sorted(candidates, key=lambda n: (n in renamed, -len(n))):
            module = name[: -len(ref) - 1]
            found = resolve_import(index, path, module) if module else None
            if found:
                return found, ref
        return None
    head, last = ref.rsplit(".", 1)
    found = resolve_import(index, path, head)
    if found is None:
        # `main_vllm.vllm` after `from pkg import main_vllm`.
        first, _, rest = head.partition(".")
        for name in index.file_imports.get(path, []):
            if name == first or name.endswith("." + first):
                found = resolve_import(index, path, name + ("." + rest if rest else ""))
                if found:
                    break
    return (found, last) if found else None


def _app_key(index: Any, path: str, app: str, facts: dict[str, Any], apps: dict[str, list[str]] | None = None) -> tuple[str, str]:
    """The app a registration adds to: `@app.command()` in `eval.py` after `from
    pkg.app import app` adds to the app `pkg/app.py` made, which every module that
    registers a command shares."""
    from .index import resolve_import

    if app in facts.get("apps", []) or "." in app:
        return path, app
    for name in index.file_imports.get(path, []):
        if name.endswith("." + app):
            found = resolve_import(index, path, name[: -len(app) - 1])
            if found and (apps is None or app in apps.get(found, [])):
                return found, app
    return path, app


def _imports_typer(index: Any, path: str) -> bool:
    return any(name == "typer" or name.startswith("typer.") for name in index.file_imports.get(path, []))


def _parse_functions(read: Callable[[str], bytes], path: str) -> dict[str, Any]:
    """A registered module that never imports typer (`def sglang(model_args: ...)` in a
    file of plain functions): its functions are read here, once, on demand."""
    from types import SimpleNamespace

    import tree_sitter_python
    from tree_sitter import Language, Parser

    from .facts.typer_commands import typer_facts

    try:
        source = read(path)
    except Exception:
        return {}
    tree = Parser(Language(tree_sitter_python.language())).parse(source)
    return typer_facts(SimpleNamespace(constants={}), tree.root_node)


def _constant(index: Any, typer: dict[str, Any], path: str, name: str | None) -> dict[str, Any] | None:
    """The option definition a parameter points at, in its own file or the one it imports
    the name from."""
    if not name:
        return None
    own = typer.get(path, {}).get("constants", {})
    if name in own:
        return own[name]
    target = _resolve(index, path, name, {"functions": {}, "apps": []})
    if target is None:
        return None
    return typer.get(target[0], {}).get("constants", {}).get(target[1])


def _says_option(index: Any, typer: dict[str, Any], file: str, param: dict[str, Any]) -> bool:
    """A parameter written as a typer option: `Option(...)` in its annotation or default,
    or an alias of one (`image: ImageOpt`, `ImageOpt = Annotated[str, Option(...)]`)."""
    if param.get("explicit") and param.get("kind") == "option":
        return True
    constant = _constant(index, typer, file, param.get("alias")) if param.get("alias") else None
    return bool(constant) and constant.get("kind") == "option"


def typer_option_facts(index: Any, results: dict[str, dict[str, Any]], read: Callable[[str], bytes] | None = None) -> list[Fact]:
    """Flag facts for the parameters of every typer command, with their subcommand; also
    records the subcommand names (and their parents) on the index."""
    typer = {path: result["typer"] for path, result in results.items() if result.get("typer")}
    if not typer:
        return []
    if read is not None:
        # Targets of registrations in files that do not import typer themselves.
        for path, facts in list(typer.items()):
            for entry in facts.get("commands", []):
                target = _resolve(index, path, entry["ref"], facts) if "ref" in entry else None
                if target is not None and target[0] not in typer and target[0].endswith(".py"):
                    typer[target[0]] = _parse_functions(read, target[0])
    # app (file, variable) -> commands [(file, function, name, kind)] and sub-apps.
    commands: dict[tuple[str, str], list[tuple[str, str, str | None, str, str]]] = {}
    subapps: dict[tuple[str, str], list[tuple[tuple[str, str], str | None, str]]] = {}
    runs: list[tuple[str, str, str]] = []
    app_names = {path: facts.get("apps", []) for path, facts in typer.items()}
    for path, facts in typer.items():
        for entry in facts.get("commands", []):
            if "func" in entry:
                target: tuple[str, str] | None = (path, entry["func"])
            else:
                target = _resolve(index, path, entry["ref"], facts)
            if target is None or target[1] not in typer.get(target[0], {}).get("functions", {}):
                continue
            if entry["kind"] == "run":
                runs.append((*target, path))
            else:
                key = _app_key(index, path, entry["app"], facts, app_names)
                if not _imports_typer(index, path) and key[1] not in typer.get(key[0], {}).get("apps", []):
                    continue  # `@cli.command()` of a click group, in a file that never names typer
                commands.setdefault(key, []).append((*target, entry.get("name"), entry["kind"], path))
        for entry in facts.get("subapps", []):
            target = _resolve(index, path, entry["ref"], facts)
            # Unresolved (`cli.add_command(hosting_cli_command, name="cloud")`, made under a
            # condition): the word is a subcommand all the same, with options drift cannot
            # see. Unnamed too (`main.add_command(run)`, `run = RunCommand(...)`): its name
            # is the command object's, which drift cannot read, so any word may be one.
            name = entry.get("name") or (None if target is not None else "*")
            subapps.setdefault(_app_key(index, path, entry["app"], facts, app_names), []).append((target, name, path))
    added = {child for children in subapps.values() for child, _, _ in children if child is not None}
    # typer spells a function's command name with dashes, unless the program replaced
    # that (`typer.main.get_command_name = lambda name: name`).
    spell = (lambda name: name) if any(result.get("typer_keeps_names") for result in results.values()) else _dashed
    made: list[Fact] = []
    taken = {(f.path, f.line, f.attrs.get("dest")) for fs in index.by_kind[FLAG].values() for f in fs if (f.attrs.get("origin") or {}).get("builder") == "typer"}

    used: set[tuple[str, str]] = set()

    def options(file: str, function: str, subcommand: str | None) -> None:
        used.add((file, function))
        for param in typer.get(file, {}).get("functions", {}).get(function, []):
            if (file, param["line"], param["name"]) in taken:
                continue
            attrs = dict(param["attrs"])
            kind = param["kind"]
            constant = _constant(index, typer, file, param.get("alias"))
            if constant is not None:
                # `model: str = _MODEL_OPTION`, `max_samples: max_samples.type = max_samples.default`
                kind = constant.get("kind", kind)
                attrs.update({k: v for k, v in constant.items() if k != "kind" and k not in attrs})
            if kind != "option":
                continue
            if subcommand:
                attrs["subcommand"] = subcommand
            explicit = attrs.pop("option_names", None)
            names = list(explicit or ["--" + _dashed(param["name"])])
            if explicit:
                attrs.pop("named_by_param", None)
            if attrs.get("type") == "bool" and not explicit:
                names.append("--no-" + names[0][2:])  # typer adds `--no-x` only to a name it made
            for name in names:
                made.append(Fact(FLAG, name, file, param["line"], {**attrs, "aliases": [n for n in names if n != name]}))

    def register(where: str, word: str, parent: str | None) -> None:
        """A subcommand `word` added in ``where``, under ``parent`` or at the top."""
        index.subparsers.setdefault(where, set()).add(word)
        if parent:
            add_parent(index.subparser_parents.setdefault(where, {}), word, parent)
        else:
            index.root_subcommands.setdefault(where, set()).add(word)

    def walk(app: tuple[str, str], name: str | None, depth: int) -> None:
        own = commands.get(app, [])
        children = subapps.get(app, [])
        single = name is None and len([c for c in own if c[3] == "command"]) == 1 and not children
        for file, function, explicit, kind, where in own:
            if kind == "callback":
                options(file, function, name)  # the app's own options, before its commands
                continue
            word = explicit or spell(function)
            if single:
                options(file, function, None)
                continue
            register(where, word, name)
            options(file, function, word)
        if depth >= MAX_DEPTH:
            return
        for child, explicit, where in children:
            word = explicit or spell(child[1])
            register(where, word, name)
            if child is None:
                index.opaque_subcommands.setdefault(where, set()).add(word)  # its options: not drift's to list
                continue
            walk(child, word, depth + 1)

    for app in sorted(set(commands) | set(subapps)):
        if app not in added:
            walk(app, None, 0)
    for file, function, _ in runs:
        options(file, function, None)
    # A command registered in a way drift does not follow (an app made by the project's
    # own factory, `ie_cli = typer_factory(...)`, a custom `add_group`): a function whose
    # parameters say `Option(...)` is a command all the same; its options belong to the
    # programs that import its file, under no subcommand drift could name.
    for file, facts in sorted(typer.items()):
        for function, params in sorted(facts.get("functions", {}).items()):
            if (file, function) not in used and any(_says_option(index, typer, file, p) for p in params):
                options(file, function, None)
    return made
