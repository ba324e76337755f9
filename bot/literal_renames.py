"""What a breaking commit wrote instead: a name the code spelled as a string literal
(`git_config("scriv.user_nick")`, `os.environ["OLD_HOME"]`, `add_argument("--old")`) that
the commit replaced on the same line with another string (`"scriv.user-nick"`).

The pair is read from the commit's own diff: a removed line and the added line that
takes its place, equal but for that one literal. It is the fix a maintainer made in the
code and left undone in the docs, so it beats any guess by spelling. One `git show` per
commit, cached by commit id (a commit's diff never changes).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Iterable

from .history import History, diff_hunks

# A quoted string on one line: '...' or "..." with backslash escapes.
_LITERAL = re.compile(r"""(['"])((?:\\.|(?!\1)[^\\\n])*)\1""")
MAX_LINE = 400  # longer lines are data, not a call that names a key
MAX_COMMITS = 40  # commits read per run; the rest keep the fix they had
MAX_PAIRS = 2500  # removed x added lines of one hunk compared; a bigger hunk is a rewrite


def literal_swaps(diff: str) -> list[tuple[str, str, str]]:
    """(old, new, path) for each removed line whose added twin differs only in one string
    literal, from a `git show -U0` diff. Each removed line is compared with the added
    lines of its hunk: its twin is the one line that differs from it only in one literal
    (other lines may go or come beside it)."""
    swaps: list[tuple[str, str, str]] = []
    for path, removed, added in diff_hunks(diff):
        if not removed or not added or len(removed) * len(added) > MAX_PAIRS:
            continue
        twins: dict[int, list[tuple[str, str]]] = {}  # added line -> the swaps of removed lines it twins
        for old_line in removed:
            found = [(i, swap) for i, swap in ((i, _one_literal_swapped(old_line, new_line)) for i, new_line in enumerate(added)) if swap]
            if len(found) == 1:
                twins.setdefault(found[0][0], []).append(found[0][1])
        for claims in twins.values():
            # `add_argument("--model-name")` and `add_argument("--out")` both removed beside
            # one `add_argument("--model-names")`: the line took the place of the one whose
            # string it resembles; `--out` was dropped, not renamed.
            best = _closest_claim(claims)
            if best is not None:
                swaps.append((*best, path))
    return swaps


def _closest_claim(claims: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The one swap whose old string is most like the new, or None on a tie."""
    if len(claims) == 1:
        return claims[0]
    scored = sorted(((SequenceMatcher(None, old, new).ratio(), (old, new)) for old, new in claims), reverse=True)
    return scored[0][1] if scored[0][0] > scored[1][0] else None


def _one_literal_swapped(old: str, new: str) -> tuple[str, str] | None:
    if old == new or len(old) > MAX_LINE or len(new) > MAX_LINE:
        return None
    old_parts, new_parts = _LITERAL.split(old), _LITERAL.split(new)
    # split() with two groups: [text, quote, body, text, quote, body, text, ...]
    if len(old_parts) != len(new_parts) or len(old_parts) < 4:
        return None
    differ = [i for i, (a, b) in enumerate(zip(old_parts, new_parts)) if a != b]
    if len(differ) != 1 or differ[0] % 3 != 2:
        return None  # something besides one literal's body changed
    i = differ[0]
    return old_parts[i], new_parts[i]


def replaced_with(history: History, commit: str, old: str, pathspec: Iterable[str]) -> tuple[str, str] | None:
    """(new, path) when ``commit`` replaced the literal ``old`` with one other literal,
    and with the same one wherever it replaced it."""
    swaps = commit_swaps(history, commit, pathspec)
    found = {(new, path) for was, new, path in swaps if was == old}
    news = {new for new, _ in found}
    if len(news) != 1:
        return None
    return min(found)


def commit_swaps(history: History, commit: str, pathspec: Iterable[str]) -> list[tuple[str, str, str]]:
    spec = list(pathspec)

    def compute() -> list[list[str]]:
        out = history.run_git("show", "--format=", "-U0", "--no-color", "--no-renames", "--no-ext-diff", commit, "--", *spec)
        return [list(s) for s in literal_swaps(out.decode("utf-8", "replace"))]

    return [tuple(s) for s in history._cached(f"literal-swaps\0{commit}\0{','.join(spec)}", compute)]
