"""Flags a project's helper builds from the name it is handed.

NeMo-Curator's `ArgumentHelper.attach_bool_arg(parser, "remove-urls")` runs
`parser.add_argument(f"--{flag_name}")` and `f"--no-{flag_name}"`: the parser reads as
"a flag built at run time", and every doc naming `--remove-urls` looked stale. Here the
helper's parameter is found in its `def`, its call sites in the tree (`git grep`, only for
helpers that exist), and each literal name handed to it becomes the flags it makes, at
the call's file and line, so they belong to the programs that call it. When every call
site hands a literal, the template itself stops making its programs open to any flag.

Nothing is run: the helper's source and its callers are read as text.
"""

from __future__ import annotations

import re
from typing import Any

from .model import FLAG, Fact

TEMPLATE = re.compile(r"^(--?[\w-]*)\{([A-Za-z_]\w*)\}([\w-]*)$")
_DEF = re.compile(r"^(\s*)def\s+([A-Za-z_]\w*)\s*\(")
_LITERAL = re.compile(r"""^(?:[rRuU])?(['"])(.*)\1$""", re.S)
MAX_CALLS = 2000  # call sites read per helper


def resolve(index: Any, revision: Any) -> int:
    """Add the flags literal calls of template helpers make; returns how many."""
    flags = index.by_kind[FLAG]
    templates = [(name, fact) for name, facts in flags.items() if TEMPLATE.match(name) for fact in facts]
    if not templates:
        return 0
    helpers: dict[str, list[tuple[str, Fact, list[str], int]]] = {}
    sources: dict[str, list[str]] = {}
    for name, fact in templates:
        if fact.path not in sources:
            try:
                sources[fact.path] = revision.read(fact.path).decode("utf-8", "replace").splitlines()
            except Exception:
                sources[fact.path] = []
        found = _enclosing_def(sources[fact.path], fact.line)
        param = TEMPLATE.match(name).group(2)
        if found is None or param not in found[1]:
            continue
        helpers.setdefault(found[0], []).append((name, fact, found[1], found[1].index(param)))
    added = 0
    for helper, specs in helpers.items():
        calls = _calls(revision, helper)
        for alias, files in _partial_aliases(revision, helper).items():
            # `add_arg = functools.partial(add_arguments, argparser=parser)`, then
            # `add_arg("epochs", int, 10, "...")` (PaddleSlim): the helper, called by that name.
            calls += [call for call in _calls(revision, alias) if call[0] in files]
        literal_everywhere = bool(calls)
        for path, line, is_method, args, keywords in calls:
            for name, fact, params, position in specs:
                param = params[position]
                at = position - 1 if is_method and params and params[0] in ("self", "cls") else position
                raw = keywords.get(param, args[at] if 0 <= at < len(args) else None)
                value = _literal(raw) if raw is not None else None
                if value is None or not re.fullmatch(r"[A-Za-z0-9][\w.-]*", value):
                    literal_everywhere = False
                    continue
                prefix, _, suffix = TEMPLATE.match(name).groups()
                attrs = dict(fact.attrs)
                help_text = _literal(keywords["help"]) if "help" in keywords else None
                if help_text:
                    attrs["help"] = help_text
                attrs["origin"] = {**(fact.attrs.get("origin") or {}), "kind": "defined", "helper": helper}
                flags[f"{prefix}{value}{suffix}"].append(Fact(FLAG, f"{prefix}{value}{suffix}", path, line, attrs))
                added += 1
        if literal_everywhere:
            # Every caller names its flags: the template opens no program to any name.
            for name, fact, _, _ in specs:
                flags[name] = [f for f in flags[name] if f is not fact]
                if not flags[name]:
                    del flags[name]
                lines = [n for n in index.dynamic_options.get(fact.path, []) if n != fact.line]
                if lines:
                    index.dynamic_options[fact.path] = lines
                else:
                    index.dynamic_options.pop(fact.path, None)
    return added


def _enclosing_def(lines: list[str], line: int) -> tuple[str, list[str]] | None:
    """(function name, parameter names) of the `def` the 1-based ``line`` is inside."""
    if not 0 < line <= len(lines):
        return None
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    for index in range(line - 2, -1, -1):
        match = _DEF.match(lines[index])
        if match and len(match.group(1)) < indent:
            text = "\n".join(lines[index : index + 40])
            inside = _balanced(text, text.index("(", match.end() - 1))
            if inside is None:
                return None
            params = []
            for part, _ in _split_args(inside):
                name = part.split(":", 1)[0].split("=", 1)[0].strip().lstrip("*")
                if name.isidentifier():
                    params.append(name)
            return match.group(2), params
        stripped = lines[index].strip()
        if stripped and len(lines[index]) - len(lines[index].lstrip()) < indent and not stripped.startswith(("#", ")", "@")):
            indent = len(lines[index]) - len(lines[index].lstrip())  # a block inside the def
    return None


def _partial_aliases(revision: Any, helper: str) -> dict[str, set[str]]:
    """Names ``functools.partial`` gives the helper (`add_arg = partial(add_arguments, ...)`),
    with the files that give them."""
    try:
        out = revision.repo.git.grep("-n", "-E", "-e", rf"partial\(\s*{re.escape(helper)}\b", revision.commit, "--", "*.py")
    except Exception:
        return {}
    found: dict[str, set[str]] = {}
    for row in out.splitlines()[:MAX_CALLS]:
        try:
            _, path, _, text = row.split(":", 3)
        except ValueError:
            continue
        match = re.match(rf"\s*([A-Za-z_]\w*)\s*=\s*(?:functools\.)?partial\(\s*{re.escape(helper)}\b", text)
        if match and match.group(1) != helper:
            found.setdefault(match.group(1), set()).add(path)
    return found


def _calls(revision: Any, helper: str) -> list[tuple[str, int, bool, list[str], dict[str, str]]]:
    """Each call of ``helper`` in the tree's Python files: (path, line, as a method, positional
    argument texts, keyword argument texts)."""
    try:
        out = revision.repo.git.grep("-n", "-F", "-e", f"{helper}(", revision.commit, "--", "*.py")
    except Exception:
        return []  # no match (git grep exits 1) or no git: nothing to add
    found = []
    texts: dict[str, list[str]] = {}
    for row in out.splitlines()[:MAX_CALLS]:
        try:
            _, path, number, _ = row.split(":", 3)
            line = int(number)
        except ValueError:
            continue
        if path not in texts:
            try:
                texts[path] = revision.read(path).decode("utf-8", "replace").splitlines()
            except Exception:
                texts[path] = []
        lines = texts[path]
        text = "\n".join(lines[line - 1 : line + 30])
        for match in re.finditer(rf"(?<![\w])(\.?){re.escape(helper)}\(", text.split("\n", 1)[0]):
            if re.match(r"\s*def\b", lines[line - 1]):
                break  # the definition itself
            inside = _balanced(text, match.end() - 1)
            if inside is None:
                continue
            args, keywords = [], {}
            for part, keyword in _split_args(inside):
                if keyword:
                    keywords[keyword] = part
                else:
                    args.append(part)
            found.append((path, line, bool(match.group(1)), args, keywords))
    return found


def _balanced(text: str, start: int) -> str | None:
    """The text inside the bracket that opens at ``start``."""
    depth, quote, i = 0, "", start
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 1
            elif text.startswith(quote, i):
                i += len(quote) - 1
                quote = ""
        elif char in "\"'":
            quote = char * 3 if text.startswith(char * 3, i) else char
            i += len(quote) - 1
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i]
        i += 1
    return None


def _split_args(inside: str) -> list[tuple[str, str | None]]:
    """Top-level arguments: (text, keyword or None)."""
    parts, depth, quote, current, i = [], 0, "", "", 0
    while i < len(inside):
        char = inside[i]
        if quote:
            if char == "\\" and i + 1 < len(inside):
                current += char + inside[i + 1]
                i += 2
                continue
            if inside.startswith(quote, i):
                current += quote
                i += len(quote)
                quote = ""
                continue
        elif char in "\"'":
            quote = char * 3 if inside.startswith(char * 3, i) else char
            current += quote
            i += len(quote)
            continue
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(current)
            current = ""
            i += 1
            continue
        current += char
        i += 1
    if current.strip():
        parts.append(current)
    result = []
    for part in parts:
        part = part.strip()
        match = re.match(r"^([A-Za-z_]\w*)\s*=(?!=)\s*(.*)$", part, re.S)
        result.append((match.group(2), match.group(1)) if match else (part, None))
    return result


def _literal(text: str) -> str | None:
    match = _LITERAL.match(text.strip())
    return match.group(2) if match and match.group(1) not in match.group(2) else None
