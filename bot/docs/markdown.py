"""Markdown (and MDX) references.

markdown-it gives the block structure and the inline tokens; it does not give inline
positions, so each inline token's source window is re-scanned for backtick runs and
link destinations, which are matched back to the tokens by content (then by order).
"""

from __future__ import annotations

import bisect
import html as html_lib
import re
import unicodedata
from functools import lru_cache
from typing import Any, Callable, Iterable
from urllib.parse import unquote

from markdown_it import MarkdownIt
from markdown_it.common.utils import unescapeAll
from mdit_py_plugins.front_matter import front_matter_plugin

from .shell import carry_clones, flag_lists, looks_like_command, session_lang, split_commands
from ..model import CODE_BLOCK, COMMAND, HEADING, INCLUDE, INLINE_CODE, LINK, REMOTE_FILE, TABLE_ROW, UNCLOSED_FENCE, Reference

_STRICT = False  # tests set this so a bug raises instead of being skipped

_DIRECTIVE = re.compile(
    r"^[ \t>]*(?:<!--[ \t]*drift-ignore(?P<a>-start|-end|-file)?(?![\w-])[^>]*-->"
    r"|\{[ \t]*/\*[ \t]*drift-ignore(?P<b>-start|-end|-file)?(?![\w-]).*?\*/[ \t]*\})[ \t]*$"
)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ESM = re.compile(r"^(?:import|export)\b")
_BACKTICKS = re.compile(r"`+")
_MYST_LABEL = re.compile(r"^\(([A-Za-z0-9_][\w.:/-]*)\)=\s*$")  # black's `(labels/stability-policy)=`
# An RST target in a Markdown file (rlberry's examples/README.md opens with `.. _examples:`):
# sphinx-gallery copies a gallery's README into the RST index it writes, where it is a label.
_RST_LABEL = re.compile(r"^\.\. _([A-Za-z0-9_][\w.:/-]*):\s*$")
_PRE_TAGS = re.compile(r"</?(?:code|span|b|i|em|strong|kbd|samp)\b[^>]*>", re.I)
_SCHEME = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.-]*:|//)")
_MYST_DIRECTIVE = re.compile(r"^\s*(?:```+|~~~+|:::+)\{[\w-]+\}")
# `:::{figure-md} fig-target`: MyST's figure-md takes its link target as its argument.
_MYST_FIGURE_MD = re.compile(r"^\s*(?:```+|~~~+|:::+)\{figure-md\}\s+([\w.:/-]+)\s*$")
# An id in braces anywhere on a line (not a heading's own): MyST's attrs, kramdown, Pandoc
# (`{#x}`), Python-Markdown's attr_list and table-caption extensions (`{: #x }`, `{ #x } Caption`).
# (attr_list takes any word after `#`: audiomentations' `{ #**kwargs }`.)
_BRACE_ID = re.compile(r"\{:?[ \t]*#([A-Za-z][\w:.-]*|[*_][^\s{}#=]*)(?:[ \t]+[^{}#\n]*)?\}")
# A MyST role written just before a code span: {py:class}`x`, {js:func}`pyodide.setStdout`.
_JSX_ID = re.compile(r"""<[A-Z][\w.]*\s[^<>]*?(?<![\w-])id=["']([^"'{}\s]+)["']""")
_FENCE_ID = re.compile(r"(?<=[{\s])#([A-Za-z][\w:.-]*)(?=[\s}])")
_MYST_ROLE = re.compile(r"\{([A-Za-z][\w.+-]*(?::[\w.+-]+)*)\}$")
_MYST_NAME = re.compile(r"^\s*:(?:name|label):\s+([\w.:/-]+)\s*$")  # a MyST directive's `:name:` (mystmd: `:label: fig:x`): a link target
# pymdownx.snippets: `--8<-- "CONTRIBUTING.md"` takes that file into the page when it is built.
_SNIPPET = re.compile(r"""^\s*-{2}8<-{2}\s+["']([^"';]+)["']\s*$""")
# markdown-include (FastAPI's and SQLModel's sites): `{!./docs_src/x/annotations/en/a.md!}`.
_MD_INCLUDE = re.compile(r"^\s*\{!\s*([^!{}\s]+)\s*!\}\s*$")
# pymdownx.tabbed's `=== "SSH fleets"`: with its slugify option, the tab's id (`#ssh-fleets`).
# An admonition titled as rendered output: `/// admonition | Preview` (pymdownx.blocks),
# `!!! example "Output"` / `??? note "Result"` (Python-Markdown's admonitions).
_PREVIEW_BLOCK = re.compile(r"""^(\s*)(?:(/{3,})\s*[\w-]+\s*\|\s*|[!?]{3}\+?\s*[\w-]+(?:\s+[\w-]+)*\s+["'])(?:Preview|Output|Rendered(?: output)?|Result)s?\b""", re.I)
_MINTLIFY_TAB = re.compile(r"""<Tab\s+(?:[^>]*?\s)?title=["']([^"']+)["']""")
_TAB = re.compile(r'^\s*===[!+]?\s+"([^"]+)"\s*$')
# A build step's own expansion marker with an object to render (`#SCHEMA# pkg.models.Task`,
# a mkdocs hook): the built page has anchors drift cannot list.
_EXPANSION = re.compile(r"^\s*#[A-Z][A-Z_]*#\s+[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+\s*$")
# Plugins that write a CLI's commands and options as headings when the site builds.
# Languages whose line comments start with `#`.
_HASH_COMMENT_LANGS = frozenset("python py python3 ipython bash sh shell zsh console shell-session yaml yml toml ruby rb r perl dockerfile makefile make cmake powershell ps1 nim julia jl".split())
_THEMATIC_BREAK = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")  # `---`, `----`, `***`: a slide break in a deck
_MARP = re.compile(r"^marp\s*:\s*true\s*$", re.I)
# A heading that is nothing but a template's expression (`### \`{{ property }}\``): the
# engine writes it, once per item. (`### Install x {{ icon }}` is a heading with an image.)
_TEMPLATED_HEADING = re.compile(r"^ {0,3}#{1,6}\s.*(?:\{\{.*\}\}|\{%.*%\})")
_GENERATING_FRONT_MATTER = re.compile(r"^(?:openapi|asyncapi|api)\s*:\s*\S")
_GENERATED_HEADINGS = re.compile(
    r"^\s*::: ?(?:mkdocs-click|mkdocs-typer2?|mkdocs_click|mkdocs_typer)\s*$"
    # A MyST directive that runs code and renders its output as Markdown (click-extra's
    # ```{python:render}, which writes a heading per built-in theme), or a Jinja page.
    r"|^\s*(?:`{3,}|:{3,})\{(?:[\w-]+:)?(?:render|exec|execute|jinja|runpython|run-python|program-output|command-output)\}"
    # A line that is one template call (mkdocs-macros' `{{ MACROS___make_glossary() }}`, the
    # BIDS specification's entity and glossary pages): its output, headings too.
    r"|^\s*\{\{-?\s*[A-Za-z_][\w.]*\([^{}\n]*\)\s*-?\}\}\s*$"
)
# Sphinx autodoc and the Python domain, as MyST writes them (```{autoclass} x) or inside
# an ```{eval-rst} block (`.. autofunction:: x`).
_AUTODOC_NAMES = frozenset("automodule autoclass autofunction automethod autoattribute autodata autoexception".split())
_RST_AUTODOC = re.compile(r"^\s*\.\.\s+((?:py:)?(?:auto)?(?:module|class|function|method|attribute|data|exception))::\s+([\w.]+)")
_AUTODOC = re.compile(r"^\s*\[\[autodoc\]\]\s+([\w.]+)\s*$|^(?:#{1,6} *)?::: ?([\w.]+)\s*$")  # doc-builder; mkdocstrings (`:::x` too)
# An explicit heading anchor: `{#id}` (kramdown, MyST, mkdocs attr_list, also written
# `{: #id }` or with classes, `{#id .wide}`), doc-builder's `[[id]]` (Hugging Face docs:
# `## Inference [[python-inference]]`) or Fumadocs' `[#id]` (`## SDKs [#sdks]`).
_CUSTOM_ID = re.compile(r"[ \t]*(?:\{:?[ \t]*#([^\s{}]+)(?:[ \t]+[^{}]*)?\}|\[\[([^\s\[\]]+)\]\]|\[#([^\s\[\]]+)\])[ \t]*$")
# An attribute list of `key="value"` pairs closing a heading (markdown-it-attrs, pandoc,
# spaCy's and other MDX sites: `## Tagger.add {id="add",tag="method"}`): the `id` key is the
# anchor; without one the site slugs the text before the list.
_ATTR_LIST = re.compile(r"""[ \t]*\{[ \t]*((?:[\w-]+[ \t]*=[ \t]*(?:"[^"{}]*"|'[^'{}]*'|[^\s,"'{}]+)[ \t]*,?[ \t]*)+)\}[ \t]*$""")
# Python-Markdown's attr_list with no id (`## Android {: android}`, `{: .wide}`): the list
# is no part of the title, and the heading gets its usual id (cibuildwheel's #android).
_BARE_ATTR_LIST = re.compile(r"[ \t]*\{:[ \t]*[^{}#\n]*\}[ \t]*$")
_ATTR_ID = re.compile(r"""(?:^|[\s,])id[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\s,"'{}]+))""")
_TAG = re.compile(r"<([A-Za-z][\w-]*)\b([^<>]*)>")
_ATTR = re.compile(
    r"(?<![\w-])(href|src|name|id)[ \t]*=[ \t]*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+))", re.I
)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_DEF_DEST = re.compile(r"\]:[ \t]*\n?[ \t>]*(<[^>\n]*>|\S+)")


@lru_cache(maxsize=1)
def _md() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table").use(front_matter_plugin)


@lru_cache(maxsize=1)
def _mdx() -> MarkdownIt:
    """MDX reads `<Card title="x">` alone on a line as a JSX element whose children are
    Markdown, not as an HTML block that runs to the next blank line (and hides the fence
    that opens right below it, as CommonMark would)."""
    return MarkdownIt("commonmark").enable("table").disable("html_block").use(front_matter_plugin)


def _link_key(dest: tuple[int, str]) -> str:
    """A raw destination as markdown-it stores it in ``href``."""
    try:
        return _md().normalizeLink(unescapeAll(dest[1]))
    except Exception:  # odd input: fall back to the raw text
        return dest[1]


def normalize_text(text: str) -> str:
    """Line endings and NULs as markdown-it sees them, so lines and columns agree."""
    return re.sub(r"\r\n?", "\n", text).replace("\0", "\ufffd")


def github_slug(text: str, keep_edges: bool = False) -> str:
    """GitHub's heading anchor: lower case, spaces to dashes, punctuation and symbols
    dropped, combining marks kept (`🛠️ Installation` is `#️-installation`: the emoji
    goes, its variation selector U+FE0F stays). With ``keep_edges``, the space that inline
    HTML leaves at an end of a heading's text stays a dash, as on GitHub
    (`# Part 1 <a name="p1"></a>` is `#part-1-`)."""
    kept = (ch for ch in (text if keep_edges else text.strip()).lower() if ch.isalnum() or ch in "-_ " or unicodedata.category(ch).startswith("M"))
    return "".join(kept).replace(" ", "-")


class Slugger:
    """GitHub's duplicate handling: `x`, `x-1`, `x-2`, ... in document order."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def unique(self, slug: str) -> str:
        base = slug
        while slug in self.seen:
            self.seen[base] += 1
            slug = f"{base}-{self.seen[base]}"
        self.seen[slug] = 0
        return slug


def suppressed_lines(
    directives: Iterable[tuple[int, str]], lines: list[str], blocks: dict[int, int]
) -> set[int] | None:
    """0-based lines to drop, or None when the whole file is ignored.

    ``directives`` are (line, kind) with kind in next/start/end/file; ``blocks`` maps
    the first line of a code block or table to its end (exclusive).
    """
    out: set[int] = set()
    start: int | None = None
    for i, kind in sorted(directives):
        if kind == "file":
            return None
        if kind == "start":
            start = i if start is None else start
        elif kind == "end":
            if start is not None:
                out.update(range(start, i + 1))
            start = None
        else:
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            out.update(range(j, blocks[j]) if j in blocks else (j,))
    if start is not None:
        out.update(range(start, len(lines)))
    return out


def is_relative(target: str) -> bool:
    return not _SCHEME.match(target)


# A file or folder of a GitHub repository by URL: blob/tree pages and raw files.
_GITHUB_FILE = re.compile(
    r"^https?://(?:www\.)?github\.com/([\w.-]+/[\w.-]+)/(?:blob|tree)/([^/#?\s]+)/([^#?\s]*)(?:[?#].*)?$"
    r"|^https?://raw\.githubusercontent\.com/([\w.-]+/[\w.-]+)/([^/#?\s]+)/([^#?\s]*)$"
)


def github_file_link(path: str, raw: str, line: int, column: int, **extra: Any) -> Reference | None:
    """LINK for a URL into a GitHub repository's files, with the repository and branch:
    whether that repository is this one is decided later, with the whole index."""
    match = _GITHUB_FILE.match(raw.strip())
    if not match:
        return None
    repo, branch, target = (match.group(1), match.group(2), match.group(3)) if match.group(1) else match.group(4, 5, 6)
    target = unquote(target).strip("/")
    if target.endswith(".") and not target.endswith(".."):
        # deepxde's `.. _x: https://github.com/.../poisson.1d.dirichlet.rst.`: the
        # sentence's full stop; the file the link was meant for is named without it.
        target = target.rstrip(".")
    if not target:
        return None
    attrs = {"target": target, "anchor": None, "github": repo.lower().removesuffix(".git"), "branch": branch, **extra}
    return Reference(kind=LINK, text=raw, path=path, line=line, column=column, attrs=attrs)


_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


PROSE_CELL_WORDS = 6  # a cell this long, past the first column, is a sentence, not a name


def _picture_fallback(chunk: str, at: int) -> bool:
    """Whether the `<img>` at ``at`` is the fallback of a `<picture>` whose `<source>`s
    browsers show instead (ART's README: `<img alt="Fallback image description"
    src="default-image.png">`, a file it never had)."""
    before = chunk[:at].lower()
    opened = before.rfind("<picture")
    return opened != -1 and before.rfind("</picture") < opened and "<source" in before[opened:]


def link_ref(path: str, raw: str, line: int, column: int, **extra: Any) -> Reference | None:
    """LINK for a relative target as written, or for a URL into a GitHub repository's
    files; None for other absolute URLs and bare `#`."""
    if not extra.get("html") and "\\" in raw:
        # CommonMark takes `\_` in a link's destination as `_` (GitBook writes
        # `online\_store\_format.md`): the file the site links is the unescaped one.
        raw = _ESCAPED.sub(r"\1", raw)
    if not is_relative(raw):
        found = github_file_link(path, raw, line, column, **extra)
        if found is None and re.match(r"^https?://", raw.strip()):
            # A file on another site: only its name is kept, so a command on the page
            # that uses a file of that name is using the download, not a lost file.
            name = raw.strip().split("?", 1)[0].split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
            if re.fullmatch(r"[\w.-]+\.[A-Za-z0-9]{1,8}", name) and not name.lower().endswith((".html", ".htm", ".php")):
                return Reference(kind=REMOTE_FILE, text=unquote(name), path=path, line=line, column=column, attrs={})
        return found
    target, _, anchor = raw.partition("#")
    target = unquote(target.split("?", 1)[0])
    if extra.get("html") and "\\" in target:
        # A browser reads `\` in a URL as `/` (`docs/\_static/logo.png`, an escape left
        # from Markdown) and the server folds the doubled slash.
        target = re.sub(r"/{2,}", "/", target.replace("\\", "/"))
    if not target and not anchor.strip("#"):
        # `[kbps](## "1000 bits/sec")`: a link to nowhere on purpose, for its hover title.
        return None
    attrs = {"target": target, "anchor": unquote(anchor) if "#" in raw else None, **extra}
    return Reference(kind=LINK, text=raw, path=path, line=line, column=column, attrs=attrs)


# A link to another repository at a commit or branch: `.../votenet/tree/2f6d6d3`, `.../commit/abc1234`.
_PINNED_REPO = re.compile(r"https?://github\.com/([\w.-]+/[\w.-]+?)(?:\.git)?/(?:tree|commit)/[\w.-]+/?\)")

# Output a program prints for a command line it rejects, shown under the command.
_SHOWN_ERROR = re.compile(r"\b(?:unknown (?:command|option|argument)|unrecognized (?:arguments?|options?)|invalid choice|no such (?:command|option)|did you mean|error: (?:unrecognized|unknown|invalid))\b", re.I)


def _mark_shown_errors(commands: list[Reference], body: list[str], first_line: int) -> None:
    """A command whose next lines (its output, before the next prompt) say the program
    rejected it: the page shows the error on purpose (`$ tool srve` / "Unknown command:
    'srve'. Did you mean: 'serve'?")."""
    for ref in commands:
        if ref.kind != COMMAND:
            continue
        at = ref.line - first_line
        for line in body[at + 1 : at + 4]:
            if line.lstrip().startswith(("$ ", "> ", "# ")) or not line.strip():
                break
            if _SHOWN_ERROR.search(line):
                ref.attrs["shows_error"] = True
                break


# Words that say what a link points at is not published yet: "(coming soon)".
# ("to be added" is no such word: "submit a node to be added to the list".)
ANNOUNCED = re.compile(r"\b(?:coming soon|to be (?:released|published) soon|not yet (?:available|released|published|public)|under construction|TBD|WIP)\b", re.I)


# ---------------------------------------------------------------- source scanning


def _code_spans(text: str, lo: int, hi: int) -> list[tuple[int, str, int]]:
    """Code spans in text[lo:hi] as (content offset, raw content, backtick count)."""
    runs = [(m.start(), m.end() - m.start()) for m in _BACKTICKS.finditer(text, lo, hi)]
    by_len: dict[int, list[int]] = {}
    for k, (_, n) in enumerate(runs):
        by_len.setdefault(n, []).append(k)
    spans = []
    k = 0
    while k < len(runs):
        start, n = runs[k]
        slashes = 0
        while start - slashes - 1 >= lo and text[start - slashes - 1] == "\\":
            slashes += 1
        if slashes % 2:  # first backtick escaped
            start, n = start + 1, n - 1
            if n == 0:
                k += 1
                continue
        same = by_len.get(n, [])  # a closer is a whole run of exactly n backticks
        at = bisect.bisect_right(same, k)
        close = same[at] if at < len(same) else None
        if close is None:
            k += 1
            continue
        end = runs[close][0]
        spans.append((start + n, text[start + n:end], n))
        k = close + 1
    return spans


def _norm_code(raw: str) -> tuple[str, int]:
    """markdown-it's code_inline content for a raw span, and chars skipped at the front."""
    s = re.sub(r"\n[ \t>]*", " ", raw).replace("\\|", "|")
    if not (len(s) > 2 and s[0] == " " and s[-1] == " " and s.strip()):
        return s, 0
    m = re.match(r"\n[ \t>]*", raw)
    return s[1:-1], m.end() if m else 1


def _link_dests(text: str, lo: int, hi: int) -> list[tuple[int, str]]:
    """Inline link destinations `](dest` in text[lo:hi] as (offset, raw)."""
    out = []
    pos = text.find("](", lo, hi)
    while pos != -1:
        i = pos + 2
        while i < hi and text[i] in " \t":
            i += 1
        if i < hi and text[i] == "\n":
            i += 1
            while i < hi and text[i] in " \t>":
                i += 1
        if i < hi and text[i] == "<":
            end = text.find(">", i + 1, hi)
            nl = text.find("\n", i + 1, hi)
            if end != -1 and (nl == -1 or nl > end):
                out.append((i + 1, text[i + 1:end]))
        else:
            j, depth = i, 0
            while j < hi:
                ch = text[j]
                if ch == "\\":
                    j += 2
                    continue
                if ch.isspace() or ord(ch) < 32:
                    break
                if ch == "(":
                    depth += 1
                    if depth > 32:  # markdown-it's limit; also keeps `[x](((...` linear
                        break
                elif ch == ")":
                    if depth == 0:
                        break
                    depth -= 1
                j += 1
            j = min(j, hi)
            if j > i:
                out.append((i, text[i:j]))
        pos = text.find("](", pos + 2, hi)
    return out


class _Pool:
    """Candidates found in the source, claimed by tokens: equal key first, else in order."""

    def __init__(self, items: list, key: Callable[[Any], str]):
        self.items = items
        self.by_key: dict[str, list[int]] = {}
        for k in reversed(range(len(items))):
            self.by_key.setdefault(key(items[k]), []).append(k)  # stacks, first on top
        self.used = [False] * len(items)
        self.last = -1

    def take(self, want: str, fallback: bool = True):
        stack = self.by_key.get(want, [])
        while stack and self.used[stack[-1]]:
            stack.pop()
        if stack:
            return self._claim(stack.pop())
        if fallback:
            k = self.last + 1
            while k < len(self.items) and self.used[k]:
                k += 1
            if k < len(self.items):
                return self._claim(k)
        return None

    def _claim(self, k: int):
        self.used[k] = True
        self.last = k
        return self.items[k]


def _plain(children) -> str:
    parts = []
    for c in children or ():
        if c.type in ("text", "code_inline"):
            parts.append(c.content)
        elif c.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts)


# ---------------------------------------------------------------- the extractor


class _Extractor:
    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self.lines = text.split("\n")
        self.starts = [0]
        for line in self.lines[:-1]:
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.refs: list[Reference] = []
        self.preview_lines: set[int] = set()  # lines of rendered-output mock-ups (see preview_lines)
        self.slugs = Slugger()
        self.blocks: dict[int, int] = {}
        self.code_lines: set[int] = set()
        self.shifted: dict[int, int] = {}  # line -> spaces an admonition's or tab's body lost (_dedent_indented_blocks)
        self.bq = 0

    # positions
    def pos(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i + 1, offset - self.starts[i] + 1

    def span(self, map_: list[int] | None) -> tuple[int, int]:
        if not map_:
            return 0, 0
        a = min(map_[0], len(self.lines) - 1)
        b = min(map_[1], len(self.lines))
        end = self.starts[b - 1] + len(self.lines[b - 1]) if b > a else self.starts[a]
        return self.starts[a], end

    def add(self, kind: str, text: str, line: int, column: int, **attrs: Any) -> None:
        self.refs.append(Reference(kind=kind, text=text, path=self.path, line=line,
                                   column=column, attrs=attrs))

    # walking
    def run(self, tokens) -> None:
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            try:
                i = self.token(tokens, i)
            except Exception:
                if _STRICT:
                    raise
                i += 1
            if tok.type == "blockquote_open":
                self.bq += 1
            elif tok.type == "blockquote_close":
                self.bq -= 1

    def token(self, tokens, i: int) -> int:
        tok = tokens[i]
        t = tok.type
        if t == "heading_open" and i + 1 < len(tokens):
            self.heading(tok, tokens[i + 1])
            self.inline(tokens[i + 1], *self.span(tokens[i + 1].map), in_heading=True)
            return i + 2
        if t in ("fence", "code_block"):
            self.code(tok)
        elif t == "table_open":
            return self.table(tokens, i)
        elif t == "inline":
            self.inline(tok, *self.span(tok.map))
        elif t == "html_block":
            lo, hi = self.span(tok.map)
            self.html(lo, hi)
            self.pre(tok)
        return i + 1

    def pre(self, tok) -> None:
        """A `<pre>` block of commands is a shell block: its commands and flag lists."""
        if not tok.map or "<pre" not in tok.content.lower():
            return
        first = tok.map[0]
        lines = self.lines[first : tok.map[1]]
        inside, body, start = False, [], None
        for k, line in enumerate(lines):
            low = line.lower()
            if not inside and "<pre" in low:
                inside, start = True, first + k + 1
                rest = line[low.index("<pre") :].split(">", 1)[1] if ">" in line[low.index("<pre") :] else ""
                if rest.strip() and "</pre" not in rest.lower():
                    body, start = [rest], first + k
                continue
            if inside:
                if "</pre" in low:
                    break
                body.append(line)
        if start is None or not body:
            return
        text = _PRE_TAGS.sub("", html_lib.unescape("\n".join(body)))
        if looks_like_command(text):
            self.refs += split_commands(text, start + 1, "bash", path=self.path)
        self.refs += flag_lists(text, start + 1, self.path)

    def heading(self, open_tok, inline_tok) -> None:
        level = int(open_tok.tag[1:]) if open_tok.tag[1:].isdigit() else 0
        plain = _plain(inline_tok.children)
        text = plain.strip()
        m = _CUSTOM_ID.search(text) or _ATTR_LIST.search(text) or _BARE_ATTR_LIST.search(text)
        line_no = (open_tok.map or [0])[0]
        src = self.lines[line_no] if line_no < len(self.lines) else ""
        first = inline_tok.content.split("\n")[0].strip()
        col = src.find(first) + 1 if first and first in src else len(src) - len(src.lstrip()) + 1
        attrs: dict[str, Any] = {"level": level}
        if not text:
            return
        if m and m.re in (_ATTR_LIST, _BARE_ATTR_LIST):
            attrs["github_slug"] = github_slug(text)  # GitHub shows the list as text
            named = _ATTR_ID.search(m.group(1)) if m.re is _ATTR_LIST else None
            text = text[:m.start()].rstrip()
            attrs["auto_slug"] = github_slug(text)
            attrs["slug"] = self.slugs.unique(next(g for g in named.groups() if g is not None) if named else attrs["auto_slug"])
        elif m:
            # GitHub shows the brackets or braces as text: OpenVINO model server's `## Integration
            # with MediaPipe {#ovms_docs_mediapipe}` is #integration-with-mediapipe-ovms_docs_mediapipe there.
            attrs["github_slug"] = github_slug(text)
            text = text[:m.start()].rstrip()
            attrs["auto_slug"] = github_slug(text)
            attrs["slug"] = self.slugs.unique(m.group(1) or m.group(2) or m.group(3))
        else:
            # Inline HTML (`<a name>`) leaves its neighbouring space in GitHub's text content.
            edges = plain if any(c.type == "html_inline" for c in inline_tok.children or []) else text
            attrs["slug"] = self.slugs.unique(github_slug(edges, keep_edges=True))
        self.add(HEADING, text, line_no + 1, col, **attrs)

    def _unclosed(self, tok) -> None:
        """A fence with no closing line runs to the end of the page (or of its container):
        every heading and paragraph after it renders as code."""
        last = tok.map[1] - 1
        closing = re.sub(r"^[\s>]*", "", self.lines[last]).strip() if 0 <= last < len(self.lines) else ""  # a blockquote's `> ```
        mark = tok.markup[:1]
        if last > tok.map[0] and closing.startswith(mark * len(tok.markup)) and not closing.strip(mark).strip():
            return
        swallowed = []
        inner = ""  # a later block's own fence, swallowed too: its `# comments` are no headings
        info = tok.info.strip()
        # ```python left open at the end of a style guide: `# Good` is the example's own
        # comment; only a `## Heading` is surely the page's.
        commented = (info.split()[0].strip("{}.").lower() if info else "") in _HASH_COMMENT_LANGS
        if not info and looks_like_command("\n".join(l for l in self.lines[tok.map[0] + 1 : tok.map[1]] if not l.lstrip().startswith("#"))):
            # An unlabelled block of commands left open at the end of a README (PARL's
            # "# To train an agent" then `python train.py`): its `#` lines are shell comments.
            commented = True
        for number in range(tok.map[0] + 1, min(tok.map[1], len(self.lines))):
            line = self.lines[number]
            fence = re.match(r"^\s*(`{3,}|~{3,})", line)
            if fence:
                marker = fence.group(1)
                if not inner:
                    inner = marker
                elif marker[0] == inner[0] and len(marker) >= len(inner) and not line.strip().strip(marker[0]):
                    inner = ""
                continue
            heading = None if inner else re.match(r"^#{2,6}\s+(\S.*?)\s*#*\s*$" if commented else r"^#{1,6}\s+(\S.*?)\s*#*\s*$", line)
            if heading:
                swallowed.append([number + 1, heading.group(1), github_slug(heading.group(1))])
        if swallowed:
            self.add(UNCLOSED_FENCE, tok.markup, tok.map[0] + 1, 1, headings=swallowed, end=tok.map[1])

    def _autodoc_anchors(self, lang: str, info: str, body: str, start: int) -> None:
        """MyST's ```{autoclass} vizdoom.Button and ```{eval-rst} with `.. autofunction::
        vizdoom.doom_fixed_to_float` inside (ViZDoom's API pages): the built page has an
        anchor for each object, `#vizdoom.doom_fixed_to_float`, and for its members."""
        targets = []
        if lang in _AUTODOC_NAMES and len(info.split()) > 1:
            targets.append((info.split()[1], lang, start))
        elif lang == "eval-rst":
            for offset, line in enumerate(body.split("\n")):
                match = _RST_AUTODOC.match(line)
                if match:
                    targets.append((match.group(2), match.group(1).removeprefix("py:"), start + 1 + offset))
        for target, kind, line in targets:
            self.add(HEADING, target, line, 1, level=0, slug=target, anchor_only=True, anchor_prefix=True)
            if kind in ("automodule", "module"):
                self.add(HEADING, target, line, 1, level=0, slug="module-" + target, anchor_only=True)

    def _pinned_checkout_before(self, fence: int) -> str | None:
        """The repository a block's lead-in pins to a commit or branch ("At commit
        [2f6d6d3](https://github.com/org/repo/tree/2f6d6d3), run"), from the last line of
        prose before the fence; None when there is none."""
        for number in range(fence - 1, max(fence - 4, -1), -1):
            line = self.lines[number].strip()
            if not line:
                continue
            match = _PINNED_REPO.search(line)
            return f"https://github.com/{match.group(1)}.git" if match else None
        return None

    def code(self, tok) -> None:
        fenced = tok.type == "fence"
        if fenced:
            self._unclosed(tok)
        info = tok.info.strip()
        lang = info.split()[0].strip("{}.").lower() if info else ""
        body = tok.content
        start = tok.map[0] + (1 if fenced else 0)
        offsets = []
        for k, bl in enumerate(body.split("\n")):
            src = self.lines[start + k] if start + k < len(self.lines) else ""
            if not bl or src.endswith(bl):
                offsets.append(len(src) - len(bl) if bl else 0)
            else:
                stripped = bl.lstrip()
                offsets.append(max(0, src.find(stripped) - (len(bl) - len(stripped))))
        self.blocks[tok.map[0]] = tok.map[1]
        self.code_lines.update(range(tok.map[0], tok.map[1]))
        if fenced and info.startswith("{"):
            self._autodoc_anchors(lang, info, body, start)
        fence_id = _FENCE_ID.search(info) if fenced and info.startswith("{") else None
        if fence_id:
            # superfences' attributes (```` ```{.json #status-example .wide} ````): the block's id.
            self.add(HEADING, fence_id.group(1), tok.map[0] + 1, 1, level=0, slug=fence_id.group(1), anchor_only=True)
        session = session_lang(lang, body)
        if session or (not lang and looks_like_command(body)):
            commands = split_commands(body, start + 1, session or lang, path=self.path, column_offsets=offsets)
            _mark_shown_errors(commands, body.split("\n"), start + 1)
            pinned = self._pinned_checkout_before(tok.map[0])
            for ref in commands if pinned else ():
                if ref.kind == COMMAND and not ref.attrs.get("cwd_clone"):
                    # "At commit [2f6d6d3](https://github.com/facebookresearch/votenet/tree/2f6d6d3), run":
                    # the block runs in that repository's checkout (OpenMMLab's benchmark pages).
                    ref.attrs["cwd_clone"] = pinned
            self.refs += commands
            self.refs += flag_lists(body, start + 1, self.path, offsets)
            return
        if not body.strip():
            return
        if not lang or lang in ("text", "txt", "console", "none"):
            self.refs += flag_lists(body, start + 1, self.path, offsets)  # bare `--x 1 \` lines
        first_col = next((o for o, bl in zip(offsets, body.split("\n")) if bl.strip()), 0)
        extra = {}
        if lang == "literalinclude" and len(info.split()) > 1:
            extra["include"] = info.split()[1]  # MyST's ```{literalinclude} ../snippets/x.txt
        if lang == "include" and len(info.split()) > 1:
            # MyST's ```{include} ../../README.md: the file is part of this page.
            included = link_ref(self.path, info.split()[1], start + 1, 1, directive="include")
            if included is not None:
                self.refs.append(included)
            return
        self.add(CODE_BLOCK, body, start + 1, first_col + 1, lang=lang, body=body,
                 body_line=start + 1, body_column=first_col + 1, **extra)

    def table(self, tokens, i: int) -> int:
        table_map = tokens[i].map
        if table_map:
            self.blocks[table_map[0]] = table_map[1]
        headers: list[str] = []
        row: list = []  # inline tokens of the current row
        row_map = None
        in_head = False
        while i < len(tokens) and tokens[i].type != "table_close":
            tok = tokens[i]
            if tok.type == "thead_open":
                in_head = True
            elif tok.type == "thead_close":
                in_head = False
            elif tok.type == "tr_open":
                row, row_map = [], tok.map
            elif tok.type == "inline":
                row.append(tok)
            elif tok.type == "tr_close":
                if in_head:
                    headers = [_plain(c.children).strip() for c in row]
                self.table_row(row, row_map, headers, in_head)
            i += 1
        return i + 1

    def table_row(self, cells, row_map, headers: list[str], is_header: bool) -> None:
        if not row_map or row_map[0] >= len(self.lines):
            return
        line_no = row_map[0]
        raw = self.lines[line_no]
        segs = self.split_row(raw)
        base = self.starts[line_no]
        first_cell = _plain(cells[0].children).strip() if cells else ""
        for j, tok in enumerate(cells):
            if j >= len(segs):
                break
            ctx: dict[str, Any] = {"row_first_cell": first_cell}
            if j < len(headers):
                ctx["in_table"] = headers[j]
            if j > 0 and len(_plain(tok.children).split()) >= PROSE_CELL_WORDS:
                ctx["prose_cell"] = True  # "Run `gcloud auth login`. Check `--reason` if internal."
            if is_header:
                ctx["table_header"] = True
            self.inline(tok, base + segs[j][0], base + segs[j][1], **ctx)
        if is_header:
            return
        cell_attrs = []
        for a, b in segs:
            s = raw[a:b]
            lead = len(s) - len(s.lstrip())
            cell_attrs.append({"text": s.strip(), "line": line_no + 1, "column": a + lead + 1})
        self.add(TABLE_ROW, raw, line_no + 1, 1, headers=list(headers), cells=cell_attrs, raw=raw)

    def split_row(self, line: str) -> list[tuple[int, int]]:
        """Cell (start, end) offsets of a table row, as markdown-it splits it."""
        i = 0
        for _ in range(self.bq):
            while i < len(line) and line[i] in " \t":
                i += 1
            if i < len(line) and line[i] == ">":
                i += 1
        while i < len(line) and line[i] in " \t":
            i += 1
        end = len(line.rstrip())
        if i < end and line[i] == "|":
            i += 1
        if end > i and line[end - 1] == "|" and line[end - 2:end - 1] != "\\":
            end -= 1
        segs, start = [], i
        for j in range(i, end):
            if line[j] == "|" and line[j - 1:j] != "\\":
                segs.append((start, j))
                start = j + 1
        segs.append((start, end))
        return segs

    def inline(self, tok, lo: int, hi: int, **ctx: Any) -> None:
        text = self.text
        spans = _Pool(_code_spans(text, lo, hi), lambda s: _norm_code(s[1])[0])
        dests = _Pool(_link_dests(text, lo, hi), _link_key)
        html_at = lo
        in_link = 0
        hrefs: list[str] = []  # the open links' targets, innermost last
        labelled: list[tuple[Any, list[str]]] = []  # the open links' references and the words of their text
        images_in_link = 0  # images inside the open links: a link that shows only one is a badge
        for child in tok.children or ():
            t = child.type
            if t in ("text", "code_inline") and labelled:
                labelled[-1][1].append(child.content)
            if t == "code_inline":
                found = spans.take(child.content)
                role = None
                if found:
                    off, raw, ticks = found
                    role = _MYST_ROLE.search(text, max(lo, off - ticks - 60), off - ticks)
                    off += _norm_code(raw)[1]
                else:
                    off = lo
                line, col = self.pos(off)
                attrs = {"context": self.lines[line - 1], **ctx}
                if role:
                    attrs["role"] = role.group(1)  # `{js:func}`: the object's domain says its language
                if in_link:
                    attrs["in_link"] = True
                    attrs["link_target"] = hrefs[-1] if hrefs else ""
                self.add(INLINE_CODE, child.content, line, col, **attrs)
            elif t in ("link_open", "image"):
                if t == "image" and in_link:
                    images_in_link += 1
                if t == "link_open":
                    in_link += 1
                    hrefs.append(str(child.attrs.get("href", "")))
                if child.markup == "autolink":
                    if t == "link_open":
                        labelled.append((None, []))
                    continue
                href = child.attrs.get("href" if t == "link_open" else "src", "")
                found = dests.take(str(href), fallback=False)
                if found:
                    line, col = self.pos(found[0])
                    announced = {"announced": True} if ANNOUNCED.search(self.lines[line - 1]) else {}
                    ref = link_ref(self.path, found[1], line, col, is_image=t == "image", **announced)
                    if ref:
                        if ref.attrs.get("anchor"):
                            ref.attrs["row"] = self.lines[line - 1]  # the line that may name the section
                        self.refs.append(ref)
                    if t == "link_open":
                        labelled.append((ref, []))
                elif t == "link_open":
                    labelled.append((None, []))
            elif t == "link_close":
                in_link = max(0, in_link - 1)
                del hrefs[in_link:]
                if labelled:
                    # `[Citing TinyTroupe](#how-to-cite-tinytroupe)`: the words a link
                    # shows, which name the section it means when its anchor is stale.
                    ref, words = labelled.pop()
                    if ref is not None and words and ref.attrs.get("anchor"):
                        ref.attrs["label"] = "".join(words).strip()[:200]
                    elif ref is not None and not "".join(words).strip() and ref.attrs.get("anchor") and images_in_link:
                        # pandas-ta's `[![Stars](https://img.shields.io/...)](#stars)`: a
                        # badge, whose link is decoration as often as a way in.
                        ref.attrs["badge"] = True
                    elif ref is not None and not "".join(words).strip() and not images_in_link and ref.kind == LINK:
                        # bumpver's `[](TOC)`: md-toc's marker, an empty link GitHub shows
                        # nothing for (MyST fills in the target's title: checks decide).
                        ref.attrs["empty_text"] = True
                images_in_link = 0 if not in_link else images_in_link
            elif t == "html_inline":
                at = text.find(child.content, html_at, hi)
                if at != -1:
                    self.html(at, at + len(child.content))
                    html_at = at + len(child.content)

    def html(self, lo: int, hi: int) -> None:
        """`<a href>`, `<img src>` links and `<a name>` / `id=` anchors in raw HTML."""
        chunk = self.text[lo:hi]
        comments = [(m.start(), m.end()) for m in _COMMENT.finditer(chunk)]
        for tag in _TAG.finditer(chunk):
            if any(a <= tag.start() < b for a, b in comments):
                continue
            name = tag.group(1).lower()
            if re.fullmatch(r"h[1-6]", name):
                self._html_heading(chunk, lo, tag, name)
            for attr in _ATTR.finditer(tag.group(2)):
                key = attr.group(1).lower()
                value = next(g for g in attr.groups()[1:] if g is not None)
                vstart = tag.start(2) + attr.start(attr.lastindex)
                if key in ("href", "src"):
                    # HTML's URL attributes may be "surrounded by spaces" (`src ="x.png "`):
                    # browsers strip them, so the file is x.png.
                    vstart += len(value) - len(value.lstrip())
                    value = value.strip(" \t\n\r\f")
                line, col = self.pos(lo + vstart)
                if key in ("href", "src") and line - 1 in self.preview_lines:
                    continue  # mkdocstrings' "Preview" boxes: mock output of an imaginary class
                if key in ("href", "src"):
                    fallback = {"fallback": True} if name == "img" and _picture_fallback(chunk, tag.start()) else {}
                    ref = link_ref(self.path, value, line, col, is_image=name == "img", html=True, **fallback)
                    if ref:
                        self.refs.append(ref)
                elif value and (key == "id" or name == "a"):
                    self.add(HEADING, value, line, col, level=0, slug=value, anchor_only=True)

    def _html_heading(self, chunk: str, lo: int, tag: re.Match, name: str) -> None:
        """`<summary><h2 dir="auto">Making a leaderboard</h2></summary>`: GitHub gives a
        heading written in HTML the same anchor as one written with `#`."""
        close = re.compile(rf"</{name}\s*>", re.I).search(chunk, tag.end())
        if close is None:
            return
        raw = html_lib.unescape(re.sub(r"<[^>]*>", "", chunk[tag.end() : close.start()]))
        inner = raw.strip()
        if inner:
            line, col = self.pos(lo + tag.end())
            self.add(HEADING, inner, line, col, level=int(name[1]), slug=self.slugs.unique(github_slug(inner)))
            padded = github_slug(re.sub(r"[\r\n]", "", raw), keep_edges=True)
            if padded != github_slug(inner):
                # `<h4>\n   Testing Quickstart\n  </h4>`: GitHub slugs the text as written,
                # its indent included (`#---testing-quickstart--`), and pages link that.
                self.add(HEADING, inner, line, col, level=0, slug=padded, anchor_only=True)

    def labels(self) -> None:
        """MyST targets, `(label)=` on a line of their own: `[x](label)` and `{ref}` links
        to them resolve site-wide, like Sphinx labels. Also Hugging Face doc-builder's
        `[[autodoc]] peft.LoraModel`: the built page has `#peft.LoraModel` and an anchor
        for each documented member (`#peft.LoraModel.add_weighted_adapter`); so does
        mkdocstrings' `::: sweagent.environment.repo.GithubRepoConfig`."""
        slides = self._marp_slides()
        for number in range(1, slides + 1):
            # A Marp deck (`marp: true`): `#5` is its fifth slide.
            self.add(HEADING, str(number), 1, 1, level=0, slug=str(number), anchor_only=True)
        if self._front_matter_generates_sections():
            # Mintlify's `openapi: post /v1/x/`: the site writes the endpoint's parameters
            # and responses into the page with anchors of their own (`#body-messages`).
            self.add(HEADING, "", 1, 1, level=0, slug="", anchor_only=True, anchor_prefix=True)
        tab_sets = 0  # pymdownx.tabbed's sets of `=== "x"` tabs, numbered as they open
        open_sets: dict[int, list[int]] = {}  # indent -> [its set's number, tabs so far]
        for number, line in enumerate(self.lines):
            if open_sets and line.strip():
                # (A tab's body is indented; a line back at a set's level, other than its
                # next tab, ends it, and any set opened deeper.)
                here = _indent_width(line) + self.shifted.get(number, 0)
                is_tab = bool(_TAB.match(line))
                for indent in [i for i in open_sets if i > here or (i == here and not is_tab)]:
                    del open_sets[indent]
            if _MYST_DIRECTIVE.match(line):
                figure = _MYST_FIGURE_MD.match(line)
                if figure:
                    self.add(HEADING, figure.group(1), number + 1, 1, level=0, slug=figure.group(1), anchor_only=True, label=True)
                # ```{code-block} python / :name: prepcode: the directive's options open its
                # body, and `:name:` is a link target (`[code](#prepcode)`).
                for option in self.lines[number + 1 : number + 12]:
                    named = _MYST_NAME.match(option)
                    if named:
                        self.add(HEADING, named.group(1), number + 2, 1, level=0, slug=named.group(1), anchor_only=True, label=True)
                    if not option.strip().startswith(":"):
                        break
            if _GENERATED_HEADINGS.match(line):
                # `::: mkdocs-click` renders each command of a click CLI as a heading at
                # build time (`#kedro-run`), and ```{python:render} what its code prints:
                # any anchor on the page may be one of them.
                self.add(HEADING, "", number + 1, 1, level=0, slug="", anchor_only=True, anchor_prefix=True)
            if number in self.code_lines:
                continue
            if _TEMPLATED_HEADING.match(line) and not re.sub(r"\{\{.*?\}\}|\{%.*?%\}|[#`*_\s]", "", line):
                # nautobot's settings page: `### \`{{ property }}\`` in a `{% for %}` loop that
                # mkdocs-macros renders at build time: one heading per setting, any anchor.
                self.add(HEADING, "", number + 1, 1, level=0, slug="", anchor_only=True, anchor_prefix=True)
            match = _MYST_LABEL.match(line) or _RST_LABEL.match(line)
            if match:
                self.add(HEADING, match.group(1), number + 1, 2, level=0, slug=match.group(1), anchor_only=True, label=True)
            for attr in _BRACE_ID.finditer(line) if "#" in line and not line.lstrip().startswith("#") else ():
                # MyST's attrs_block `{#paragraph-target}` and attrs_inline `[span]{#span-target}`
                # (kramdown and Pandoc write ids the same way): an element's id, a link target.
                self.add(HEADING, attr.group(1), number + 1, attr.start() + 1, level=0, slug=attr.group(1), anchor_only=True)
            for attr in _JSX_ID.finditer(line) if "id=" in line else ():
                # An MDX component given an id (frigate's `<FaqItem id="pipeline-error-decode"
                # question={"..."}>`), JSX that CommonMark does not take for HTML: its anchor.
                self.add(HEADING, attr.group(1), number + 1, attr.start(1) + 1, level=0, slug=attr.group(1), anchor_only=True)
            autodoc = _AUTODOC.match(line)
            if autodoc:
                name = autodoc.group(1) or autodoc.group(2)
                self.add(HEADING, name, number + 1, 1, level=0, slug=name, anchor_only=True, anchor_prefix=True, mkdocstrings=bool(autodoc.group(2)))
            included = _SNIPPET.match(line) or _MD_INCLUDE.match(line)
            if included:
                # (pymdownx.snippets takes a section or lines after the name:
                # clinica's `--8<-- "snippets/cmd_inputs.md:caps"`.)
                named = re.sub(r"(\.\w+)(?::[\w-]+)+$", r"\1", included.group(1))
                self.add(INCLUDE, named, number + 1, line.find(included.group(1)) + 1)
            for titled in _MINTLIFY_TAB.finditer(line) if "<Tab" in line else ():
                # Mintlify gives each `<Tab title="Generic Method">` an anchor of its title.
                self.add(HEADING, titled.group(1), number + 1, titled.start() + 1, level=0, slug=github_slug(titled.group(1)), anchor_only=True)
            tab = _TAB.match(line)
            if tab:
                self.add(HEADING, tab.group(1), number + 1, 1, level=0, slug=github_slug(tab.group(1)), anchor_only=True)
                indent = _indent_width(line) + self.shifted.get(number, 0)
                if indent not in open_sets:
                    tab_sets += 1
                    open_sets[indent] = [tab_sets, 0]
                open_sets[indent][1] += 1
                # Without its slugify option, the tab's id is its place: `#__tabbed_1_2`.
                ident = f"__tabbed_{open_sets[indent][0]}_{open_sets[indent][1]}"
                self.add(HEADING, ident, number + 1, 1, level=0, slug=ident, anchor_only=True)
            if _EXPANSION.match(line):
                # Any anchor may be the expansion's (its fields: `#spot_policy`).
                self.add(HEADING, line.split()[-1], number + 1, 1, level=0, slug="", anchor_only=True, anchor_prefix=True)

    def _marp_slides(self) -> int:
        """How many slides a Marp deck has (front matter `marp: true`, slides split by
        thematic breaks outside code), 0 for any other page."""
        if not self.lines or self.lines[0].strip() != "---":
            return 0
        end = next((i for i, line in enumerate(self.lines[1:60], 1) if line.strip() == "---"), None)
        if end is None or not any(_MARP.match(line) for line in self.lines[1:end]):
            return 0
        return 1 + sum(1 for i, line in enumerate(self.lines[end + 1 :], end + 1) if _THEMATIC_BREAK.match(line) and i not in self.code_lines)

    def _front_matter_generates_sections(self) -> bool:
        if not self.lines or self.lines[0].strip() != "---":
            return False
        for line in self.lines[1:60]:
            if line.strip() == "---":
                return False
            if _GENERATING_FRONT_MATTER.match(line):
                return True
        return False

    def definitions(self, env: dict) -> None:
        """`[label]: target` reference definitions (markdown-it keeps their map)."""
        for label, ref in (env.get("references") or {}).items():
            lo, hi = self.span(ref.get("map"))
            m = _DEF_DEST.search(self.text, lo, hi)
            if not m:
                continue
            uses = self._label_uses(label, lo, hi)
            if not uses:
                continue  # `[skip default]: begin`, `[//]: # (note)`: a comment no reader sees
            raw, off = m.group(1), m.start(1)
            if raw.startswith("<"):
                raw, off = raw[1:-1], off + 1
            line, col = self.pos(off)
            extra = {"announced": True} if all(ANNOUNCED.search(self.lines[i]) for i in uses) else {}
            link = link_ref(self.path, raw, line, col, is_image=False, definition=True, **extra)
            if link:
                self.refs.append(link)

    def label_targets(self, env: dict) -> None:
        """abagen's `[the GitHub workflow](link_gitworkflow)` where the page defines
        `[link_gitworkflow]: https://...`: parentheses link a file of that name; the label
        needed brackets. Such links carry the label, its URL and the definition's line."""
        defined = env.get("references") or {}
        if not defined:
            return
        for ref in self.refs:
            target = ref.attrs.get("target") if ref.kind == LINK and not ref.attrs.get("definition") else None
            if not target or "/" in target or "." in target:
                continue
            found = defined.get(" ".join(target.split()).lower().upper()) or defined.get(target.upper())
            if found and found.get("href"):
                line = (found.get("map") or [None])[0]
                ref.attrs["reference_label"] = (target, found["href"], line + 1 if line is not None else None)

    def _label_uses(self, label: str, lo: int, hi: int) -> list[int]:
        """The lines (0-based) where a `[label]` (in `[text][label]`, `[label][]` or
        `[label]`) appears outside its definition (``lo``..``hi``)."""
        words = [re.escape(w) for w in label.split()]
        pattern = re.compile(r"\[" + r"\s+".join(words) + r"\](?!:)", re.I)  # (another `[label]:` defines, it does not use)
        return sorted({self.pos(m.start())[0] - 1 for m in pattern.finditer(self.text) if not lo <= m.start() < hi})

    def directives(self) -> list[tuple[int, str]]:
        out = []
        for i, line in enumerate(self.lines):
            if i in self.code_lines or "drift-ignore" not in line:
                continue
            m = _DIRECTIVE.match(line)
            if m:
                kind = m.group("a") or m.group("b") or "-next"
                out.append((i, kind[1:]))
        return out


def _blank_esm(lines: list[str]) -> list[str]:
    """MDX: top-level `import`/`export` statements become blank lines."""
    out = list(lines)
    fence: str | None = None
    i = 0
    while i < len(out):
        line = out[i]
        m = _FENCE.match(line)
        if m:
            mark = m.group(1)
            if fence is None:
                fence = mark
            elif mark[0] == fence[0] and len(mark) >= len(fence) \
                    and not line.strip(mark[0] + " \t"):
                fence = None
        elif fence is None and _ESM.match(line):
            depth = 0
            while i < len(out) and out[i].strip():
                depth += sum(out[i].count(c) for c in "{([") - sum(out[i].count(c) for c in "})]")
                done = depth <= 0 and not out[i].rstrip().endswith(("from", ",", "=", "{", "("))
                out[i] = ""
                i += 1
                if done:
                    break
            continue
        i += 1
    return out


# Python-Markdown's indented blocks (mkdocs-material): an admonition `!!! note "Title"`, a
# collapsible `??? tip` or `???+ tip`, a content tab `=== "SSH fleets"`.
_INDENTED_BLOCK = re.compile(r'''^( *)(?:(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+"[^"]*")?|===[!+]?[ \t]+"[^"]*")[ \t]*$''')
_FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def _indent_width(line: str) -> int:
    expanded = line.expandtabs(4)
    return len(expanded) - len(expanded.lstrip())


def _dedent_indented_blocks(lines: list[str]) -> tuple[list[str], dict[int, int]]:
    """The lines with the content of admonitions and tabs moved out by one indent per
    block: CommonMark reads their four-space indent as code, the site as Markdown. Also,
    per line index, how many spaces were taken (its columns move back by as many)."""
    out: list[str] = []
    shifted: dict[int, int] = {}
    stack: list[int] = []  # the indent each open block's content has
    fence: str | None = None
    for i, line in enumerate(lines):
        indent = len(line) - len(line.lstrip(" "))
        if line.strip() and fence is None:
            while stack and indent < stack[-1]:
                stack.pop()
        cut = min(4 * len(stack), indent)
        moved = line[cut:] if cut else line
        if cut:
            shifted[i] = cut
        out.append(moved)
        opened = _FENCE_LINE.match(moved)
        if opened:
            mark = opened.group(1)
            if fence is None:
                fence = mark
            elif mark[0] == fence[0] and len(mark) >= len(fence) and not moved.strip(mark[0] + " \t"):
                fence = None
            continue
        if fence is None and _INDENTED_BLOCK.match(line):
            stack.append(indent + 4)
    return out, shifted


# Meta's Docusaurus sites (docusaurus-plugin-internaldocs-fb) keep internal-only content
# in `<FbInternalOnly>` blocks, whose pages the public repository leaves out on purpose.
_INTERNAL_OPEN = re.compile(r"<(FbInternalOnly|InternalOnly)\b[^>]*>")


def _internal_only_lines(lines: list[str]) -> set[int]:
    """Lines (0-based) inside an internal-only block."""
    inside: set[int] = set()
    closing = None
    for number, line in enumerate(lines):
        if closing is None:
            opened = _INTERNAL_OPEN.search(line)
            if opened:
                closing = f"</{opened.group(1)}>"
                inside.add(number)
                if closing in line[opened.end():]:
                    closing = None
        else:
            inside.add(number)
            if closing in line:
                closing = None
    return inside


def preview_lines(lines: list[str]) -> set[int]:
    """0-based lines inside an admonition titled as rendered output ("Preview", "Output",
    "Result"): pymdownx's `/// admonition | Preview` ... `///`, or an indented
    `!!! example "Preview"` body. Its HTML links are a mock-up, not the site's."""
    found: set[int] = set()
    i = 0
    while i < len(lines):
        opened = _PREVIEW_BLOCK.match(lines[i])
        if opened is None:
            i += 1
            continue
        indent, slashes = len(opened.group(1)), opened.group(2)
        j = i + 1
        while j < len(lines):
            line = lines[j]
            if slashes and line.strip() == slashes and len(line) - len(line.lstrip()) == indent:
                break
            if not slashes and line.strip() and len(line) - len(line.lstrip()) <= indent:
                break
            j += 1
        found.update(range(i + 1, j))
        i = j + 1
    return found


def extract(path: str, text: str, mdx: bool = False) -> list[Reference]:
    """All references in a Markdown (or MDX) document, in document order."""
    text = normalize_text(text)
    lines = text.split("\n")
    preview = preview_lines(lines)  # (before admonition bodies lose their indentation)
    shifted: dict[int, int] = {}
    if any(_INDENTED_BLOCK.match(line) for line in lines):
        lines, shifted = _dedent_indented_blocks(lines)
        text = "\n".join(lines)
    if mdx:
        text = "\n".join(_blank_esm(lines))
    ex = _Extractor(path, text)
    ex.preview_lines = preview
    ex.shifted = shifted
    env: dict = {}
    try:
        tokens = (_mdx() if mdx else _md()).parse(text, env)
    except Exception:
        if _STRICT:
            raise
        return []
    ex.run(tokens)
    try:
        ex.definitions(env)
        ex.label_targets(env)
        ex.labels()
    except Exception:
        if _STRICT:
            raise
    drop = suppressed_lines(ex.directives(), ex.lines, ex.blocks)
    if drop is None:
        return []
    drop = drop | _internal_only_lines(ex.lines)
    refs = [r for r in ex.refs if r.line - 1 not in drop]
    for ref in refs:
        ref.column += shifted.get(ref.line - 1, 0)  # where it stands in the file
    refs.sort(key=lambda r: (r.line, r.column))
    carry_clones(refs)
    return refs
