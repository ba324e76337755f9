"""The data that flows through drift: facts (code), references (docs), findings.

Everything here is plain data that serialises to JSON, so the cache can store it and
reporters can print it without knowing where it came from.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

# Fact kinds: what the code defines.
FLAG = "flag"
ENV = "env"
METRIC = "metric"
MODULE = "module"
CLASS = "class"
FUNCTION = "function"
METHOD = "method"
CONSTANT = "constant"
CONFIG_KEY = "config_key"
PATH = "path"
SCRIPT = "script"  # a console script / entry point name

SYMBOL_KINDS = (MODULE, CLASS, FUNCTION, METHOD, CONSTANT)


@dataclass
class Fact:
    """One thing the code defines.

    ``name`` is the exact name (``--lr``, ``MY_ENV``, ``train/loss``, ``pkg.mod.func``).
    For metric patterns built at run time ``pattern`` holds a regular expression that a
    concrete name must match in full (``eval/skipped_(?P<h0>.+)``).
    ``attrs`` carries kind-specific details: for flags ``dest``, ``action``, ``default``
    (source text), ``default_value`` (evaluated constant, JSON-safe), ``default_human``,
    ``choices``, ``type``, ``help``, ``group``, ``origin``, ``aliases``.
    """

    kind: str
    name: str
    path: str
    line: int
    attrs: dict[str, Any] = field(default_factory=dict)
    pattern: str | None = None

    def to_dict(self) -> dict[str, Any]:
        # Hand-written: dataclasses.asdict deep-copies and dominated extraction time.
        return {"kind": self.kind, "name": self.name, "path": self.path, "line": self.line, "attrs": self.attrs, "pattern": self.pattern}

    @property
    def field_of(self) -> str | None:
        """The config class a flag is a field of, for flags derived from a dataclass."""
        origin = self.attrs.get("origin") or {}
        return origin.get("class") if origin.get("kind") == "derived" else None

    @property
    def takes_no_value(self) -> bool:
        return takes_no_value(self.attrs)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Fact":
        return cls(**data)


# Reference kinds: how a doc names something.
def takes_no_value(attrs: dict[str, Any]) -> bool:
    """A switch's attributes: an argparse store_true/store_false/count/store_const option,
    or a click flag (`is_flag=True`, `--x/--no-x`)."""
    return bool(attrs.get("switch")) or attrs.get("action") in ("store_true", "store_false", "count", "store_const")


INLINE_CODE = "inline_code"
COMMAND = "command"  # one shell command inside a fenced block
CODE_BLOCK = "code_block"  # a fenced block that is not shell (python, yaml, ...)
LINK = "link"
HEADING = "heading"
TABLE_ROW = "table_row"
UNCLOSED_FENCE = "unclosed_fence"  # a code fence that never closes: the rest of the page is code
INCLUDE = "include"  # `--8<-- "CONTRIBUTING.md"` (pymdownx.snippets): a file the built page takes in
REMOTE_FILE = "remote_file"  # a link to a file on another site (`https://hf.co/.../env.json`): its name only


@dataclass
class Reference:
    """One place a doc names something.

    ``line`` and ``column`` are 1-based and point at ``text`` in the doc as written.
    ``attrs`` by kind:
      inline_code: ``in_table`` header name when inside a table cell, ``context`` (the
        source line), ``in_heading``.
      command: ``program``, ``script`` (path or module of the repo's program, or None),
        ``flags`` (list of {"flag", "value", "line", "column"}), ``env`` (list of
        {"name", "value", "line", "column"}), ``lang`` (the fence info).
      code_block: ``lang``, ``body`` and ``body_line`` (line of the first body line).
      link: ``target`` (the URL as written), ``anchor``.
      heading: ``level``, ``slug``.
      table_row: ``headers`` (list), ``cells`` (list of {"text", "column"}), the row's
        source ``raw`` text.
    """

    kind: str
    text: str
    path: str
    line: int
    column: int
    attrs: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "path": self.path, "line": self.line, "column": self.column, "attrs": self.attrs}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Reference":
        return cls(**data)


@dataclass
class Finding:
    """A reference that no longer resolves, or whose claim disagrees with the code."""

    rule: str  # DRIFT001
    name: str  # stale-path
    path: str
    line: int
    column: int
    text: str  # the stale text as written
    message: str
    evidence: str
    confidence: str = "high"  # high | medium | low
    replacement: str | None = None  # the text to write instead of ``text``
    certain: bool = False  # the replacement follows from the code or history, not a guess
    end_line: int | None = None  # a finding spanning lines line..end_line (a generated section)
    line_before: str | None = None  # the whole doc line as it is
    line_after: str | None = None  # the whole doc line with the replacement applied
    subject: str | None = None  # the code name the finding is about
    broken_by: dict[str, Any] | None = None  # commit that changed the subject
    # A mismatch's definition in the code: {path, line, flag, attribute, class, dest}
    definition: dict[str, Any] | None = None
    change: dict[str, Any] | None = None  # in PR mode: what the change did to the subject
    group: str | None = None  # findings with one root cause share it (bot.grouping)
    context: str | None = None  # where the doc names it: link, url (by this repository's URL), inline, command, code, table, prose

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def fingerprint(self) -> str:
        import hashlib

        key = f"{self.rule}\0{self.path}\0{self.text}\0{(self.line_before or '').strip()}"
        return hashlib.sha1(key.encode("utf-8", "surrogatepass")).hexdigest()[:16]


@dataclass
class Skipped:
    """A file that could not be analysed, and why. Never silent, never fatal."""

    path: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def replace_on_line(line: str, column: int, old: str, new: str) -> str | None:
    """``line`` with ``old`` (expected at 1-based ``column``, else its first occurrence
    after there, else its last before) replaced by ``new``; None when ``old`` is not on the line."""
    start = column - 1
    if line[start : start + len(old)] != old:
        # (FinRL's `` `tutorials <https://.../tree/master/tutorials>`_ ``: the finding is the
        # URL's, at its column; the link's words before it are not.)
        found = [m.start() for m in re.finditer(re.escape(old), line)] if old else []
        if not found:
            return None
        start = next((at for at in found if at >= column - 1), found[-1])
    return line[:start] + new + line[start + len(old) :]


def add_parent(parents: dict[str, Any], word: str, parent: str) -> None:
    """Record ``parent`` for the subcommand ``word``: `up` under both `launch` and
    `deploy` keeps both (a list), one parent stays a string."""
    known = parents.get(word)
    if known is None or known == parent:
        parents[word] = parent
    else:
        parents[word] = sorted({*([known] if isinstance(known, str) else known), parent})
