"""Files a Makefile's recipes copy or convert into another place when the docs are built.

envpool's `doc-benchmark` target runs `pandoc benchmark/README.md ... -o
docs/content/benchmark.rst`: the README's image links are written for the page it becomes
(`../_static/images/x.png` from docs/content/). neuralforecast's `cp -r nbs/imgs
docs/mintlify/` makes `docs/mintlify/imgs/x.png`, which pages there link. Recipes are read,
never run: `cp`, `pandoc -o` and `cd` within one recipe line, with paths from the Makefile's
folder and variables set to one plain word put in (trimesh's `$(GENDIR)`); anything with
another variable or a wildcard other than a trailing `/*` is left out.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from typing import Iterator

MAKEFILE = re.compile(r"(^|/)(Makefile|GNUmakefile|makefile|[^/]+\.mk)$")
MAX_BYTES = 256 * 1024
_SEPARATORS = re.compile(r"&&|\|\||;")
# `GENDIR = generate`, `CONTENT ?= content`: a variable set to one plain word.
_PLAIN_ASSIGNMENT = re.compile(r"(?m)^([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?:\?|:|::)?=[ \t]*([\w./-]+)[ \t]*(?:#.*)?$")
_MAKE_VARIABLE = re.compile(r"\$\((\w+)\)|\$\{(\w+)\}")


def _line_commands(line: str) -> Iterator[list[str]]:
    """The words of each command of one shell line (`a && b; c`), up to one shlex cannot read."""
    for command in _SEPARATORS.split(line):
        try:
            words = shlex.split(command, comments=True)
        except ValueError:
            return
        if words:
            yield words


def _recipe_commands(makefile: str, text: str) -> Iterator[tuple[str, list[str]]]:
    """(folder it runs in, words) of each command of each recipe line: `cd` within a line
    moves the rest of it; paths are from the Makefile's folder."""
    home = posixpath.dirname(makefile)
    joined = text.replace("\\\n", " ")
    values = {m.group(1): m.group(2) for m in _PLAIN_ASSIGNMENT.finditer(joined)}
    for raw in joined.splitlines():
        if not raw.startswith("\t"):
            continue
        if values and "$" in raw:
            # `cp $(CONTENT)/* $(GENDIR)` with `GENDIR = generate` set above: plain values only.
            raw = _MAKE_VARIABLE.sub(lambda m: values.get(m.group(1) or m.group(2), m.group(0)), raw)
        cwd = home
        for words in _line_commands(raw.strip().lstrip("@-+")):
            if words[0] == "cd" and len(words) == 2 and _plain(words[1]):
                cwd = _joined(cwd, words[1])
                continue
            yield cwd, words


def recipe_copies(makefile: str, text: str) -> list[tuple[str, str, bool]]:
    """(source, destination, destination is a folder) of each copy a Makefile's recipes
    make, as repository paths."""
    found: list[tuple[str, str, bool]] = []
    for cwd, words in _recipe_commands(makefile, text):
        for source, target, folder in _copies(words):
            if _plain(source) and _plain(target):
                found.append((_joined(cwd, source), _joined(cwd, target), folder))
    return [(s, t, f) for s, t, f in found if not s.startswith("..") and not t.startswith("..") and s != t]


def recipe_copy_patterns(makefile: str, text: str) -> list[str]:
    """Patterns of the paths a Makefile's recipes copy files to with a wildcard:
    ydata-profiling's `rsync -R examples/*/*.html docs` makes docs/examples/*/*.html
    (reports its examples write, copied when the docs are published)."""
    found: list[str] = []
    for cwd, words in _recipe_commands(makefile, text):
        if words[0] not in ("cp", "rsync"):
            continue
        paths = [w for w in words[1:] if not w.startswith("-")]
        if len(paths) < 2 or not _plain(paths[-1]):
            continue
        relative = words[0] == "rsync" and any(w in ("-R", "--relative") or (w.startswith("-") and not w.startswith("--") and "R" in w) for w in words[1:])
        for source in paths[:-1]:
            if "*" not in source or not _plain(source.replace("*", "x")):
                continue
            copied = source if relative else posixpath.basename(source)
            pattern = _joined(cwd, posixpath.join(paths[-1], copied))
            if not pattern.startswith(".."):
                found.append(pattern)
    return found


def recipe_glob_copies(makefile: str, text: str) -> list[tuple[str, str]]:
    """(source pattern, destination folder) of each wildcard copy into one folder, as
    repository paths: firedrake's docs/Makefile runs `cp ../demos/*/*.rst source/demos`, so
    demos/helmholtz/helmholtz.py.rst is built at docs/source/demos/ and its links are written
    from there. (rsync -R keeps the folders: left out.)"""
    found: list[tuple[str, str]] = []
    for cwd, words in _recipe_commands(makefile, text):
        if words[0] != "cp":
            continue
        paths = [w for w in words[1:] if not w.startswith("-")]
        if len(paths) < 2 or not _plain(paths[-1]):
            continue
        for source in paths[:-1]:
            if "*" in source and _plain(source.replace("*", "x")):
                pattern, target = _joined(cwd, source), _joined(cwd, paths[-1])
                if not pattern.startswith("..") and not target.startswith(".."):
                    found.append((pattern, target))
    return found


SHELL_SCRIPT = re.compile(r"\.(sh|bash)$")
_STAGED = re.compile(r"^\$(?:\{(\w+)\}|(\w+))/(.+)$")


def staged_copies(script: str, text: str) -> list[tuple[str, str, bool]]:
    """(source, destination, destination is a folder) of each file a packaging script copies
    into a staging folder: tensorflow/compression's build_pip_pkg.sh runs `cp
    pkg/tests_all.py "${SRCDIR}/pkg/tests/all.py"` and builds the wheel from ${SRCDIR}, so
    the package has `pkg/tests/all.py`. Only copies to `$VAR/path` are read; the path is
    taken from the repository's root (the caller keeps those whose folder the tree has), the
    source from the root or the script's folder, whichever the caller finds."""
    home = posixpath.dirname(script)
    found: list[tuple[str, str, bool]] = []
    for raw in text.replace("\\\n", " ").splitlines():
        for words in _line_commands(raw.strip()):
            if words[0] != "cp":
                continue
            paths = [w for w in words[1:] if not w.startswith("-")]
            staged = _STAGED.match(paths[-1]) if len(paths) >= 2 else None
            if staged is None or not _plain(staged.group(3)) or staged.group(3).startswith(".."):
                continue
            for source, target, folder in _copies(["cp", *words[1:-1], staged.group(3)]):
                if _plain(source) and not source.startswith(".."):
                    for base in dict.fromkeys(("", home)):
                        found.append((_joined(base, source), posixpath.normpath(target), folder))
    return found


def _copies(words: list[str]) -> list[tuple[str, str, bool]]:
    program, args = words[0], words[1:]
    if program == "cp":
        paths = [a for a in args if not a.startswith("-")]
        if len(paths) < 2:
            return []
        *sources, target = paths
        recursive = any(a.startswith("-") and not a.startswith("--") and ("r" in a or "R" in a or "a" in a) for a in args) or "--recursive" in args
        out = []
        for source in sources:
            if source.endswith("/*"):
                out.append((source[:-2], target.rstrip("/"), True))  # `cp -r nbs/imgs/* docs/imgs/`: the folder's files
            elif len(sources) > 1 or target.endswith("/") or recursive:
                out.append((source.rstrip("/"), posixpath.join(target.rstrip("/"), posixpath.basename(source.rstrip("/"))), recursive))
            else:
                out.append((source, target, False))
        return out
    if program == "pandoc":
        output = None
        for index, arg in enumerate(args):
            if arg in ("-o", "--output") and index + 1 < len(args):
                output = args[index + 1]
            elif arg.startswith("--output="):
                output = arg.split("=", 1)[1]
        inputs = [a for i, a in enumerate(args) if not a.startswith("-") and (i == 0 or args[i - 1] not in ("-o", "--output", "-f", "--from", "-r", "--read", "-t", "--to", "-w", "--write", "--columns", "--template"))]
        return [(inputs[0], output, False)] if output and len(inputs) == 1 else []
    return []


def _plain(path: str) -> bool:
    body = path[:-2] if path.endswith("/*") else path
    return bool(body) and not any(ch in body for ch in "$*?{}<>|`~") and not body.startswith("/")


def _joined(cwd: str, path: str) -> str:
    return posixpath.normpath(posixpath.join(cwd, path)) if cwd else posixpath.normpath(path)


PYDOC_MARKDOWN_CONFIG = re.compile(r"(^|/)pydoc-markdown\.ya?ml$")


def pydoc_markdown_pages(config: str, text: str) -> tuple[list[tuple[str, str, bool]], list[str]]:
    """What pydoc-markdown's MkDocs renderer writes: each page of its `pages` tree lands at
    `<output_directory>/content/<titles>.md`, named by its `name` or its title lowercased
    with hyphens for spaces (beanie's "Updating & Deleting" is `tutorial/updating-&-deleting.md`).
    Returns (source, where it lands, False) for pages copied from a `source`, and the paths
    of pages it generates from `contents` (the API pages). Nothing else is read."""
    import yaml

    try:
        data = yaml.safe_load(text)
    except Exception:
        return [], []
    renderer = data.get("renderer") if isinstance(data, dict) else None
    if not isinstance(renderer, dict) or renderer.get("type") != "mkdocs":
        return [], []
    home = posixpath.dirname(config)
    content = _joined(home, posixpath.join(str(renderer.get("output_directory") or "build/docs"), "content"))
    copies: list[tuple[str, str, bool]] = []
    generated: list[str] = []

    def walk(pages: object, folder: str) -> None:
        for page in pages if isinstance(pages, list) else []:
            if not isinstance(page, dict) or not isinstance(page.get("title") or page.get("name"), str):
                continue
            slug = str(page.get("name") or re.sub(r"\s+", "-", str(page["title"]).strip().lower()))
            if page.get("children"):
                walk(page["children"], posixpath.join(folder, slug))
                continue
            built = posixpath.join(folder, slug + ".md")
            if isinstance(page.get("source"), str):
                copies.append((_joined(home, page["source"]), built, False))
            elif page.get("contents"):
                generated.append(built)

    walk(renderer.get("pages"), content)
    return copies, generated
