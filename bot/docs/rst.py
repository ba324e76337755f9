"""reStructuredText references from a line scanner (docutils is not needed).

It knows enough structure to find literals, code blocks, links, section titles and
tables with exact positions; anything it does not recognise is scanned as text.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from .markdown import ANNOUNCED, Slugger, github_slug, link_ref, normalize_text, suppressed_lines
from .shell import carry_clones, looks_like_command, session_lang, split_commands
from ..model import CODE_BLOCK, HEADING, INLINE_CODE, LINK, TABLE_ROW, Reference

_STRICT = False  # tests set this so a bug raises instead of being skipped

_EXPLICIT = re.compile(r"^(\s*)\.\.(?:\s+|$)(.*)$")
_DIRECTIVE = re.compile(r"^([\w:+.-]+)::(?:\s+(.*))?$")
_TARGET = re.compile(r"^_(`[^`]+`|[^:]+):(?:\s+(.*))?$")
_IGNORE = re.compile(r"^drift-ignore(-start|-end|-file)?(?![\w-])")
ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1+\s*$")  # a section title's underline (or overline)
_ONE_CHAR_ADORNMENT = re.compile(r"^[!-/:-@\[-`{-~]\s*$")  # a one-character title's own underline
_GRID = re.compile(r"^\s*\+(?:[-=]+\+)+\s*$")
_SIMPLE = re.compile(r"^\s*=+(?:\s+=+)+\s*$")
_LITERAL = re.compile(r"(?<![`\\])``(?!\s)(.+?)(?<!\s)``(?!`)")
_ROLE = re.compile(r"(?<![\w`\\]):((?:[\w.+-]+:)?[\w.+-]+):`([^`]+)`")
_HYPERLINK = re.compile(r"(?<![\w`:\\])`([^`<]*?)\s*<([^`<>]+)>`__?")
# The end of a link whose text began on the line before (`full list of supported` /
# `sites <#supported-sites>`__`, as pandoc wraps a README).
_LINK_TAIL = re.compile(r"^(\s*[^`<]*?)<([^`<>]+)>`__?")


def _opens_link(lines: list[str], i: int, depth: int = 3) -> bool:
    """Line i ends inside a link's text: a backtick opened and not closed, outside literals,
    whole roles and links, and the end of a link the line before opened."""
    line = lines[i]
    if depth and i > 0 and _opens_link(lines, i - 1, depth - 1):
        line = _LINK_TAIL.sub("", line, 1)
    rest = _HYPERLINK.sub("", re.sub(r"``.*?``|:[\w:+-]+:`[^`]*`|`[^`]*`_{0,2}", "", line))
    return rest.count("`") == 1 and "<" not in rest.split("`", 1)[1]

_CODE_DIRECTIVES = {"code-block", "code", "sourcecode", "prompt"}
_PY_BLOCKS = {"testcode": "python", "testsetup": "python", "testcleanup": "python",
              "doctest": "pycon", "ipython": "ipython", "jupyter-execute": "python"}
_CLI_DIRECTIVES = frozenset({"click", "argparse", "autoprogram", "typer", "autoclick"})
_OPAQUE = {"math", "raw", "testoutput", "mermaid", "graphviz", "digraph", "graph",
           "uml", "plantuml"}
# Sphinx autodoc and the Python domain: each documents an object, whose id is its dotted name.
_AUTODOC_DIRECTIVES = {"automodule", "autoclass", "autofunction", "automethod", "autoattribute", "autodata",
                       "autoexception", "module", "class", "function", "method", "attribute", "data", "exception"}
_PATH_DIRECTIVES = {"image", "figure", "include", "literalinclude", "mdinclude"}  # (m2r's mdinclude: a Markdown file)
# Roles whose content names code (flags, env vars, Python objects, files).
# An option name in an `.. option::` signature: `--port`, `-p`, `--dtype=<t>`, `/V`.
_OPTION_NAME = re.compile(r"(?:^|(?<=[\s,]))(--?[A-Za-z0-9][\w.\-]*)")
_CODE_ROLES = {"code", "option", "envvar", "file", "program", "command", "samp", "func",
               "class", "mod", "meth", "attr", "data", "obj", "exc", "const"}


_HISTORY_DIRECTIVES = {"versionchanged", "versionadded", "deprecated", "versionremoved"}
_OBJECT_ROLES = {"func", "class", "mod", "meth", "attr", "data", "obj", "exc", "const"}
_RAW_HTML_DIRECTIVE = re.compile(r"^\s*\.\.\s+raw::\s+html\b")
_RAW_ANCHOR = re.compile(r"""<a\s[^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']""")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def docutils_slug(text: str) -> str:
    s = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode("ascii")
    s = re.sub(r"[^a-z0-9]+", "-", " ".join(s.split()))
    return re.sub(r"^[-0-9]+|-+$", "", s)


def _plain(text: str) -> str:
    """Title text without inline markup."""
    text = _LITERAL.sub(lambda m: m.group(1), text)
    text = _HYPERLINK.sub(lambda m: m.group(1) or m.group(2), text)
    text = _ROLE.sub(lambda m: m.group(2), text)
    text = re.sub(r"`([^`]+)`_{0,2}", r"\1", text)
    return re.sub(r"\*\*?([^*]+)\*\*?", r"\1", text).strip()


class _Rst:
    def __init__(self, path: str, text: str):
        self.path = path
        self.lines = text.split("\n")
        self.refs: list[Reference] = []
        self.slugs = Slugger()
        self.github_slugs = Slugger()  # the anchors GitHub gives the same headings
        self.blocks: dict[int, int] = {}
        self.directives: list[tuple[int, str]] = []
        self.history: list[tuple[int, int]] = []  # line ranges of versionchanged/deprecated notes
        self.styles: list[tuple[str, bool]] = []  # title adornment styles, in order seen
        self.highlight = ""

    def add(self, kind: str, text: str, line: int, column: int, **attrs: Any) -> None:
        self.refs.append(Reference(kind=kind, text=text, path=self.path, line=line,
                                   column=column, attrs=attrs))

    # ------------------------------------------------------------ driver

    def run(self) -> None:
        lines = self.lines
        i, para, literal_indent = 0, None, None
        while i < len(lines):
            line = lines[i]
            if not line.strip():
                if para is not None:
                    self.blocks[para] = i
                para = None
                i += 1
                continue
            if literal_indent is not None and para is None:
                pending, literal_indent = literal_indent, None
                if _indent(line) > pending:
                    i = self.literal_block(i, pending)
                    continue
            try:
                nxt = self.structure(i)
            except Exception:
                if _STRICT:
                    raise
                nxt = None
            if nxt is not None:
                if para is not None:
                    self.blocks[para] = i
                para = None
                i = max(nxt, i + 1)
                continue
            if para is None:
                para = i
            self.scan(i, 0, len(line))
            # `::` ending a paragraph introduces a literal block
            literal_indent = _indent(lines[para]) if line.rstrip().endswith("::") else None
            i += 1
        if para is not None:
            self.blocks[para] = len(lines)
        self.raw_html_anchors()

    def raw_html_anchors(self) -> None:
        """`<a id="label_gain">` in raw HTML (a `:raw-html:` role, a `.. raw:: html` block):
        an anchor the built page has (LightGBM's Parameters.rst permalinks)."""
        raw_indent = None
        for i, line in enumerate(self.lines):
            if raw_indent is not None and line.strip() and _indent(line) <= raw_indent:
                raw_indent = None
            directive = _RAW_HTML_DIRECTIVE.match(line)
            if directive:
                raw_indent = _indent(line)
                continue
            if raw_indent is None and ":`<" not in line:
                continue
            for match in _RAW_ANCHOR.finditer(line):
                self.add(HEADING, match.group(1), i + 1, match.start(1) + 1, level=0, slug=match.group(1), anchor_only=True)

    def structure(self, i: int) -> int | None:
        """Handle a structural element starting at line ``i``; return the next line."""
        lines = self.lines
        line = lines[i]
        m = _EXPLICIT.match(line)
        if m:
            return self.explicit(i, len(m.group(1)), m.group(2).strip())
        if _GRID.match(line):
            return self.grid_table(i)
        if _SIMPLE.match(line):
            return self.simple_table(i)
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if ADORNMENT.match(line.strip()) and i + 2 < len(lines) and nxt.strip() \
                and lines[i + 2].strip() == line.strip() and not ADORNMENT.match(nxt.strip()):
            self.title(i + 1, (line.strip()[0], True))
            return i + 3
        if _indent(line) == 0 and ADORNMENT.match(nxt) and not ADORNMENT.match(line) \
                and len(nxt.strip()) >= min(len(line.rstrip()), 3):
            self.title(i, (nxt.strip()[0], False))
            return i + 2
        if _indent(line) == 0 and len(line.rstrip()) == 1 and line[0].isalnum() and _ONE_CHAR_ADORNMENT.match(nxt) \
                and (i == 0 or not lines[i - 1].strip()):
            # appdaemon's index page: sections `A` to `Z`, each underlined by one `-`.
            self.title(i, (nxt.strip()[0], False))
            return i + 2
        return None

    # ------------------------------------------------------------ elements

    def title(self, i: int, style: tuple[str, bool]) -> None:
        if style not in self.styles:
            self.styles.append(style)
        line = self.lines[i]
        text = _plain(line)
        slug = self.slugs.unique(docutils_slug(text))
        # GitHub renders a README.rst's headings with its own anchors too: foolbox's
        # `<#-compatibility>`_ for "🐍 Compatibility" (docutils' id is `compatibility`).
        shown = self.github_slugs.unique(github_slug(text))
        extra = {"github_slug": shown} if shown and shown != slug else {}
        self.add(HEADING, text, i + 1, _indent(line) + 1, level=self.styles.index(style) + 1, slug=slug, **extra)
        self.scan(i, 0, len(line), in_heading=True)

    def body(self, start: int, indent: int) -> int:
        """End (exclusive) of the block of lines indented more than ``indent``."""
        j = end = start
        while j < len(self.lines):
            line = self.lines[j]
            if line.strip():
                if _indent(line) <= indent:
                    break
                end = j + 1
            j += 1
        return end

    def explicit(self, i: int, indent: int, rest: str) -> int:
        ign = _IGNORE.match(rest)
        end = self.body(i + 1, indent)
        if ign:
            self.directives.append((i, (ign.group(1) or "-next")[1:]))
            return end
        d = _DIRECTIVE.match(rest)
        if d:
            return self.directive(i, indent, d.group(1).lower(), (d.group(2) or "").strip(), end)
        t = _TARGET.match(rest)
        if t:
            self.target(i, t.group(1).strip("`"), t.group(2), end)
            return end
        if rest.startswith(("[", "|")):  # footnote, citation, substitution: text
            self.scan(i, 0, len(self.lines[i]))
            return i + 1
        return end  # a comment

    def directive(self, i: int, indent: int, name: str, arg: str, end: int) -> int:
        name = name.split(":")[-1]  # `rst:directive` domains
        if name in _CODE_DIRECTIVES:
            lang = arg.split()[0].lower() if arg else self.highlight
            self.blocks[i] = end
            return self.code(i + 1, end, lang)
        if name in _PY_BLOCKS:
            self.blocks[i] = end
            return self.code(i + 1, end, _PY_BLOCKS[name])
        if name in _OPAQUE:
            self.blocks[i] = end
            return end
        if name == "parsed-literal":
            # Sphinx's literal text with markup: often the commands a page runs
            # (`python -m pkg.run ppo --env X`); read as shell only when it reads as shell.
            self.blocks[i] = end
            return self.code(i + 1, end, "", commands_only=True)
        if name in _CLI_DIRECTIVES:
            # sphinx-click's `.. click:: pkg.cli:main`, sphinx-argparse's `.. argparse::`:
            # a section per command and option, made when the site builds.
            self.add(HEADING, "", i + 1, 1, level=0, slug="", anchor_only=True, anchor_prefix=True)
            return self.options_end(i + 1, end)
        if name in _AUTODOC_DIRECTIVES and arg:
            # `.. automodule:: pkg.metrics :members:`: the built page has `#pkg.metrics.mse`
            # for each member it documents, and `#module-pkg.metrics` for the module.
            target = arg.split()[0]
            self.add(HEADING, target, i + 1, 1, level=0, slug=target, anchor_only=True, anchor_prefix=True)
            if name in ("automodule", "module"):
                self.add(HEADING, target, i + 1, 1, level=0, slug="module-" + target, anchor_only=True)
            return self.options_end(i + 1, end)
        if name == "highlight":
            self.highlight = arg.split()[0].lower() if arg else ""
            return end
        if name == "list-table":
            self.blocks[i] = end
            self.list_table(i + 1, end)
            return end
        line = self.lines[i]
        if name in _PATH_DIRECTIVES and arg:
            col = line.rfind(arg) + 1
            ref = link_ref(self.path, arg, i + 1, col, is_image=name in ("image", "figure"),
                           directive=name)
            if ref:
                self.refs.append(ref)
            return self.options_end(i + 1, end)
        if name in ("option", "cmdoption") and arg:
            # `.. option:: -p <port>, --port <port>`: Sphinx's entry for a program's
            # option; each name in it is a flag the page documents, as if in code.
            start = line.find("::") + 2
            for m in _OPTION_NAME.finditer(line, start):
                self.inline(i, line, m.start(1), m.group(1), {"role": "option"})
            return self.options_end(i + 1, end)
        if name in _HISTORY_DIRECTIVES:
            # `.. versionchanged:: 2.3` / `.. deprecated::`: what the code was, on purpose.
            self.history.append((i, end))
        self.scan(i, line.find("::") + 2, len(line))
        return self.options_end(i + 1, end)  # content is ordinary text

    def options_end(self, start: int, end: int) -> int:
        j = start
        while j < end and self.lines[j].strip().startswith(":"):
            j += 1
        return j

    def code(self, start: int, end: int, lang: str, commands_only: bool = False) -> int:
        j = self.options_end(start, end)
        while j < end and not self.lines[j].strip():
            j += 1
        if j >= end:
            return end
        body_lines = self.lines[j:end]
        indent = min(_indent(x) for x in body_lines if x.strip())
        body = "\n".join(x[indent:] for x in body_lines) + "\n"
        offsets = [indent] * len(body_lines)
        session = session_lang(lang, body)
        if session or (not lang and looks_like_command(body)):
            self.refs += split_commands(body, j + 1, session or lang, path=self.path,
                                        column_offsets=offsets)
        elif not commands_only:
            self.add(CODE_BLOCK, body, j + 1, indent + 1, lang=lang, body=body,
                     body_line=j + 1, body_column=indent + 1)
        return end

    def literal_block(self, start: int, indent: int) -> int:
        end = self.body(start, indent)
        self.blocks[start] = end
        return self.code(start, end, self.highlight)

    def target(self, i: int, name: str, url: str | None, end: int) -> None:
        line = self.lines[i]
        if url is None and end > i + 1:  # target on the following indented line
            i, line = i + 1, self.lines[i + 1]
            url = line.strip()
        if url:
            url = url.strip()
            if url.endswith("_"):  # indirect target: `.. _a: b_`
                return
            col = line.rfind(url) + 1
            ref = link_ref(self.path, url, i + 1, col, definition=True)
            if ref:
                self.refs.append(ref)
        else:
            self.add(HEADING, name, i + 1, line.find(name) + 1, level=0,
                     slug=docutils_slug(name), anchor_only=True, label=True)

    # ------------------------------------------------------------ tables

    def emit_row(self, line_no: int, headers: list[str], cells: list[dict], is_header: bool):
        if not is_header:
            raw = self.lines[line_no]
            self.add(TABLE_ROW, raw, line_no + 1, 1, headers=list(headers),
                     cells=cells, raw=raw)

    def scan_cells(self, pieces: list[tuple[int, int, int, int]], headers: list[str],
                   first_cell: str, is_header: bool) -> None:
        """Inline-scan cell pieces (line, lo, hi, column index) with table context."""
        for line_no, lo, hi, k in pieces:
            ctx: dict[str, Any] = {"row_first_cell": first_cell}
            if k < len(headers):
                ctx["in_table"] = headers[k]
            if is_header:
                ctx["table_header"] = True
            self.scan(line_no, lo, hi, **ctx)

    def finish_rows(self, rows: list[dict], header_rows: int) -> None:
        """rows: {"line", "cells": [[(line, lo, hi)...] per column]}."""
        headers: list[str] = []
        for r, row in enumerate(rows):
            cells = []
            for frags in row["cells"]:
                texts = [self.lines[ln][lo:hi].strip() for ln, lo, hi in frags]
                text = " ".join(t for t in texts if t)
                first = next(((ln, lo + _indent(self.lines[ln][lo:hi]))
                              for ln, lo, hi in frags if self.lines[ln][lo:hi].strip()),
                             frags[0][:2] if frags else (row["line"], 0))
                cells.append({"text": text, "line": first[0] + 1, "column": first[1] + 1})
            is_header = r < header_rows
            if is_header:
                if not headers:
                    headers = [_plain(c["text"]) for c in cells]
                else:
                    headers = [(h + " " + _plain(c["text"])).strip()
                               for h, c in zip(headers, cells)]
            first = _plain(cells[0]["text"]) if cells else ""
            pieces = [(ln, lo, hi, k) for k, frags in enumerate(row["cells"])
                      for ln, lo, hi in frags]
            self.scan_cells(pieces, headers, first, is_header)
            self.emit_row(row["line"], headers, cells, is_header)

    def grid_table(self, i: int) -> int:
        lines = self.lines
        end = i
        while end < len(lines) and lines[end].strip()[:1] in ("+", "|"):
            end += 1
        self.blocks[i] = end
        border = lines[i]
        bounds = [k for k, ch in enumerate(border) if ch == "+"]
        rows: list[dict] = []
        header_rows = 0
        current: dict | None = None
        for ln in range(i + 1, end):
            line = lines[ln]
            if _GRID.match(line):
                if current:
                    rows.append(current)
                current = None
                if "=" in line:
                    header_rows = len(rows)
                continue
            if current is None:
                current = {"line": ln, "cells": [[] for _ in bounds[:-1]]}
            for k in range(len(bounds) - 1):
                lo, hi = bounds[k] + 1, min(bounds[k + 1], len(line))
                if lo < hi:
                    current["cells"][k].append((ln, lo, hi))
        if current:
            rows.append(current)
        self.finish_rows(rows, header_rows)
        return end

    def simple_table(self, i: int) -> int:
        lines = self.lines
        border = lines[i]
        starts = [m.start() for m in re.finditer(r"=+", border)]
        borders = [i]
        first_blank = None  # a blank line after the header: the end, if no border closes the table
        j = i + 1
        while j < len(lines):
            if _SIMPLE.match(lines[j]):
                borders.append(j)
                after = lines[j + 1] if j + 1 < len(lines) else ""
                if len(borders) == 3 or not after.strip():
                    break  # (a blank line between rows is part of the table: a border closes it)
            elif not lines[j].strip() and len(borders) >= 2 and first_blank is None:
                first_blank = j
            j += 1
        if j >= len(lines) and first_blank is not None:
            j = first_blank  # never closed: it ended at its first blank line
        end = min(j + 1, len(lines))
        self.blocks[i] = end
        header_rows = 0
        rows: list[dict] = []
        for ln in range(i + 1, end):
            line = lines[ln]
            if ln in borders or not line.strip():
                if len(borders) == 3 and ln == borders[1]:
                    header_rows = len(rows)
                continue
            frags = []
            for k, lo in enumerate(starts):
                hi = starts[k + 1] if k + 1 < len(starts) else len(line)
                frags.append([(ln, lo, min(hi, len(line)))] if lo < len(line) else [])
            if rows and not line[:starts[1] if len(starts) > 1 else 0].strip():
                for k, f in enumerate(frags):  # blank first column: continuation line
                    rows[-1]["cells"][k] += f
                continue
            rows.append({"line": ln, "cells": frags})
        self.finish_rows(rows, header_rows)
        return end

    def list_table(self, start: int, end: int) -> None:
        header_rows = 0
        j = start
        while j < end and self.lines[j].strip().startswith(":"):
            m = re.match(r"\s*:header-rows:\s*(\d+)", self.lines[j])
            if m:
                header_rows = int(m.group(1))
            j += 1
        rows: list[dict] = []
        cell_indent = None
        for ln in range(j, end):
            line = self.lines[ln]
            m = re.match(r"^(\s*)(\*\s+)?-(?:\s+(.*))?$", line)
            if m and (m.group(2) or (rows and cell_indent is not None and
                                     len(m.group(1)) <= cell_indent)):
                if m.group(2):
                    rows.append({"line": ln, "cells": []})
                    cell_indent = len(m.group(1)) + len(m.group(2))
                lo = m.start(3) if m.group(3) is not None else len(line)
                rows[-1]["cells"].append([(ln, lo, len(line))])
            elif rows and rows[-1]["cells"] and line.strip():
                rows[-1]["cells"][-1].append((ln, _indent(line), len(line)))
        self.finish_rows(rows, header_rows)

    # ------------------------------------------------------------ inline

    def scan(self, i: int, lo: int, hi: int, **ctx: Any) -> None:
        line = self.lines[i]
        seg = line[lo:hi]
        masked = list(seg)
        for m in _LITERAL.finditer(seg):
            self.inline(i, line, lo + m.start(1), m.group(1), ctx)
            masked[m.start():m.end()] = " " * (m.end() - m.start())
        rest = "".join(masked)
        for m in _ROLE.finditer(rest):
            role = m.group(1).split(":")[-1]
            content, at = m.group(2), m.start(2)
            if m.group(1).startswith("external"):
                # `:external+pytorch_tutorials:doc:`: a page of another project intersphinx maps.
                masked[m.start():m.end()] = " " * (m.end() - m.start())
                continue
            if role == "doc":
                self.doc_link(i, lo + at, content)
                masked[m.start():m.end()] = " " * (m.end() - m.start())
                continue
            if role not in _CODE_ROLES:
                continue
            t = re.search(r"<([^<>]+)>\s*$", content)
            if t and role != "samp":
                content, at = t.group(1), at + t.start(1)
            stripped = content.lstrip("~!")
            # `:class:`!celery.worker.control.ControlDispatch``: Sphinx's "no link" mark,
            # written for a name that has no page (often one that is gone, on purpose).
            no_link = {"no_link": True} if "!" in content[: len(content) - len(stripped)] and role in _OBJECT_ROLES else {}
            self.inline(i, line, lo + at + len(content) - len(stripped), stripped,
                        {**ctx, "role": m.group(1), **no_link})
            masked[m.start():m.end()] = " " * (m.end() - m.start())
        rest = "".join(masked)
        tail = _LINK_TAIL.match(rest) if i > 0 and _opens_link(self.lines, i - 1) else None
        for m in ([tail] if tail else []) + list(_HYPERLINK.finditer(rest)):
            target = m.group(2).strip()
            if target.endswith("_") and not target.endswith("\\_"):
                # `refresh-token <extractor.deviantart.refresh-token_>`_: an embedded alias, the
                # name of a target or section on the site (docutils resolves it), not a URI.
                continue
            announced = {"announced": True} if ANNOUNCED.search(line) else {}
            ref = link_ref(self.path, target, i + 1, lo + m.start(2) + 1, **announced)
            if ref:
                self.refs.append(ref)

    def doc_link(self, i: int, col0: int, content: str) -> None:
        """:doc:`target` or :doc:`Title <target>`: another page of the Sphinx project, by
        its name without extension, from this page's folder (or, with a leading `/`, from
        the project's source folder)."""
        t = re.search(r"<([^<>]+)>\s*$", content)
        target = (t.group(1) if t else content).strip()
        # Interpreted text takes backslash escapes: tedana's `:doc:`approach <\approach>``
        # is the page approach.
        target = re.sub(r"\\(.)", r"\1", target)
        if not target or target.startswith(("http:", "https:")):
            return
        if re.match(r"[A-Za-z][\w-]*:(?!/)", target):
            return  # `optimum:onnxruntime/usage`: a page of a project intersphinx maps
        col = col0 + (t.start(1) if t else 0)
        # Sphinx normalises the name: `:doc:`../safe_velocity/`` is the page safe_velocity.
        page = target.rstrip("/") or target
        # pyiron's "frequently encountered issues (coming soon) :doc:`installation_errors`".
        announced = {"announced": True} if ANNOUNCED.search(self.lines[i]) else {}
        self.refs.append(Reference(kind=LINK, text=target, path=self.path, line=i + 1, column=col + 1, attrs={"target": page, "anchor": None, "sphinx_doc": True, **announced}))

    def inline(self, i: int, line: str, col0: int, text: str, ctx: dict) -> None:
        if any(lo <= i < hi for lo, hi in self.history):
            ctx = {**ctx, "history": True}
        self.add(INLINE_CODE, text, i + 1, col0 + 1, context=line, **ctx)


def extract(path: str, text: str) -> list[Reference]:
    """All references in a reStructuredText document, in document order."""
    doc = _Rst(path, normalize_text(text))
    try:
        doc.run()
    except Exception:
        if _STRICT:
            raise
    drop = suppressed_lines(doc.directives, doc.lines, doc.blocks)
    if drop is None:
        return []
    refs = [r for r in doc.refs if r.line - 1 not in drop]
    refs.sort(key=lambda r: (r.line, r.column))
    carry_clones(refs)
    return refs
