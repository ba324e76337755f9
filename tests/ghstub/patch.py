"""Unified-diff hunks as GitHub sees them in a pull request file's ``patch`` field.

GitHub's ``patch`` text starts at the first ``@@`` hunk header (no ``---``/``+++`` lines).
Review-comment anchors are resolved against it:

* ``side="RIGHT", line=N``: N is a new-file line number of an added (``+``) or context
  (`` ``) line inside a hunk;
* ``side="LEFT", line=N``: N is an old-file line number of a removed (``-``) or context line;
* ``position=P`` (legacy): P counts diff lines down from the first hunk header (the line just
  below it is 1; later hunk headers take a position too);
* a multi-line comment's ``start_line`` must sit in the same hunk and before ``line``.

Helpers build patches for seeding: :func:`make_patch` from two texts, :func:`file_entry` for a
whole ``PullFile``-shaped dict, :func:`files_from_git` from a real repository's diff.
"""

from __future__ import annotations

import difflib
import re
import subprocess
from dataclasses import dataclass, field

HUNK_RE = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


@dataclass
class DiffLine:
    kind: str  # " " context, "+" added, "-" removed, "\\" no-newline marker, "@" hunk header
    text: str
    old: int | None
    new: int | None
    position: int  # GitHub diff position: index below the first hunk header
    hunk: int


@dataclass
class Hunk:
    index: int
    header: str
    old_start: int
    old_count: int
    new_start: int
    new_count: int
    position: int  # position of the header line itself (0 for the first hunk)
    lines: list[DiffLine] = field(default_factory=list)


class PatchError(ValueError):
    pass


class Patch:
    """A parsed ``patch`` field."""

    def __init__(self, text: str | None):
        self.text = text or ""
        self.hunks: list[Hunk] = []
        self.rows: list[DiffLine] = []  # every row by position (row 0 = first hunk header)
        self._parse()

    def _parse(self) -> None:
        raw = self.text.split("\n")
        if raw and raw[-1] == "":
            raw.pop()
        hunk: Hunk | None = None
        old_no = new_no = 0
        for position, row in enumerate(raw):
            m = HUNK_RE.match(row)
            if m:
                hunk = Hunk(
                    index=len(self.hunks),
                    header=row,
                    old_start=int(m.group(1)),
                    old_count=int(m.group(2)) if m.group(2) is not None else 1,
                    new_start=int(m.group(3)),
                    new_count=int(m.group(4)) if m.group(4) is not None else 1,
                    position=position,
                )
                self.hunks.append(hunk)
                old_no, new_no = hunk.old_start, hunk.new_start
                self.rows.append(DiffLine("@", row, None, None, position, hunk.index))
                continue
            if hunk is None:
                raise PatchError(f"patch does not start with a hunk header: {row!r}")
            kind = row[:1] if row[:1] in ("+", "-", " ", "\\") else " "
            text = row[1:] if row[:1] in ("+", "-", " ", "\\") else row
            if kind == " ":
                line = DiffLine(" ", text, old_no, new_no, position, hunk.index)
                old_no += 1
                new_no += 1
            elif kind == "+":
                line = DiffLine("+", text, None, new_no, position, hunk.index)
                new_no += 1
            elif kind == "-":
                line = DiffLine("-", text, old_no, None, position, hunk.index)
                old_no += 1
            else:
                line = DiffLine("\\", text, None, None, position, hunk.index)
            hunk.lines.append(line)
            self.rows.append(line)

    # -- anchors ---------------------------------------------------------------------------
    def find(self, line: int, side: str = "RIGHT") -> DiffLine | None:
        """The diff row a (line, side) anchor names, or None when it is outside every hunk."""
        for row in self.rows:
            if side == "RIGHT" and row.kind in (" ", "+") and row.new == line:
                return row
            if side == "LEFT" and row.kind in (" ", "-") and row.old == line:
                return row
        return None

    def at_position(self, position: int) -> DiffLine | None:
        if 0 < position < len(self.rows) and self.rows[position].kind in (" ", "+", "-"):
            return self.rows[position]
        return None

    def diff_hunk(self, row: DiffLine) -> str:
        """What GitHub returns as a comment's ``diff_hunk``: the hunk header down to the row."""
        hunk = self.hunks[row.hunk]
        out = [hunk.header]
        for line in hunk.lines:
            out.append(_render_row(line))
            if line.position == row.position:
                break
        return "\n".join(out)

    def commentable(self, side: str = "RIGHT") -> list[int]:
        """Every line number a comment may name on ``side``, in diff order."""
        if side == "RIGHT":
            return [r.new for r in self.rows if r.kind in (" ", "+")]
        return [r.old for r in self.rows if r.kind in (" ", "-")]

    @property
    def additions(self) -> int:
        return sum(1 for r in self.rows if r.kind == "+")

    @property
    def deletions(self) -> int:
        return sum(1 for r in self.rows if r.kind == "-")


def _render_row(row: DiffLine) -> str:
    return row.text if row.kind == "@" else row.kind + row.text


# -- building patches for seeding ---------------------------------------------------------

def make_patch(old: str | None, new: str | None, context: int = 3) -> str:
    """A GitHub-style ``patch`` (hunks only) turning ``old`` into ``new``; None means absent."""
    a = (old or "").splitlines()
    b = (new or "").splitlines()
    lines = list(difflib.unified_diff(a, b, lineterm="", n=context))
    return "\n".join(lines[2:])  # drop the ---/+++ header


def file_entry(
    filename: str,
    old: str | None = None,
    new: str | None = None,
    *,
    status: str | None = None,
    previous_filename: str | None = None,
    patch: str | None = None,
    context: int = 3,
) -> dict:
    """A PR file dict from before/after texts (old=None: added, new=None: removed)."""
    if patch is None and (old is not None or new is not None):
        patch = make_patch(old, new, context)
    if status is None:
        if previous_filename:
            status = "renamed"
        elif old is None and new is not None:
            status = "added"
        elif new is None and old is not None:
            status = "removed"
        else:
            status = "modified"
    entry = {"filename": filename, "status": status, "patch": patch}
    if previous_filename:
        entry["previous_filename"] = previous_filename
    return entry


_STATUS = {"A": "added", "D": "removed", "M": "modified", "R": "renamed", "C": "copied", "T": "changed"}


def files_from_git(repo_dir, base: str, head: str) -> list[dict]:
    """PR file dicts for ``base..head`` of a local git repository, renames detected (-M)."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(repo_dir), "-c", "core.quotePath=false", *args],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    fields = git("diff", "--no-color", "--no-ext-diff", "-M", "--name-status", "-z", base, head).split("\0")
    entries: list[dict] = []
    i = 0
    while i < len(fields) and fields[i]:
        code = fields[i][0]
        if code in ("R", "C"):
            entries.append({"status": _STATUS[code], "previous_filename": fields[i + 1], "filename": fields[i + 2]})
            i += 3
        else:
            entries.append({"status": _STATUS.get(code, "modified"), "filename": fields[i + 1]})
            i += 2
    for entry in entries:
        paths = [entry["filename"]] + ([entry["previous_filename"]] if "previous_filename" in entry else [])
        diff = git("diff", "--no-color", "--no-ext-diff", "-M", base, head, "--", *paths)
        rows = diff.split("\n")
        start = next((k for k, r in enumerate(rows) if r.startswith("@@")), None)
        if start is None:
            entry["patch"] = None if "Binary files" in diff or "GIT binary patch" in diff else ""
        else:
            entry["patch"] = "\n".join(rows[start:]).rstrip("\n")
    return entries
