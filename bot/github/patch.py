"""Which lines of a pull request a review comment may anchor to.

GitHub accepts a review comment only on a line inside one of the file's diff hunks:
RIGHT-side lines are the new file's added and context lines, LEFT-side lines the old
file's removed and context lines; a multi-line comment must stay inside one hunk. A
single bad anchor makes GitHub reject the whole review (422), so every anchor is checked
here first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


@dataclass
class Hunk:
    right: set[int] = field(default_factory=set)
    left: set[int] = field(default_factory=set)
    added: set[int] = field(default_factory=set)


@dataclass
class FilePatch:
    path: str
    hunks: list[Hunk] = field(default_factory=list)

    def hunk_of(self, line: int, side: str = "RIGHT") -> Hunk | None:
        for hunk in self.hunks:
            if line in (hunk.right if side == "RIGHT" else hunk.left):
                return hunk
        return None

    def can_anchor(self, line: int, side: str = "RIGHT", start_line: int | None = None) -> bool:
        hunk = self.hunk_of(line, side)
        if hunk is None:
            return False
        if start_line is None:
            return True
        lines = hunk.right if side == "RIGHT" else hunk.left
        return start_line < line and all(n in lines for n in range(start_line, line + 1))

    @property
    def added_lines(self) -> set[int]:
        return set().union(*(h.added for h in self.hunks)) if self.hunks else set()


def parse_patch(path: str, patch: str | None) -> FilePatch:
    """A file's `patch` text from the pull request files API (no patch: binary or too big)."""
    result = FilePatch(path)
    if not patch:
        return result
    old = new = 0
    hunk: Hunk | None = None
    for raw in patch.splitlines():
        match = HUNK.match(raw)
        if match:
            old, new = int(match.group(1)), int(match.group(3))
            hunk = Hunk()
            result.hunks.append(hunk)
            continue
        if hunk is None or raw.startswith("\\"):
            continue  # "\\ No newline at end of file"
        if raw.startswith("+"):
            hunk.right.add(new)
            hunk.added.add(new)
            new += 1
        elif raw.startswith("-"):
            hunk.left.add(old)
            old += 1
        else:
            hunk.right.add(new)
            hunk.left.add(old)
            old += 1
            new += 1
    return result
