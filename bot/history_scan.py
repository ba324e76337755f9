"""One pass over history for every question of a kind, instead of one `git log` each.

- paths: one `git log --name-status -M --diff-filter=ADR` over the whole tree: every file
  added, deleted or renamed, from which a path's (or a directory's) removal is looked up.
- tokens: one `git log -p --unified=0` over the code paths, whose hunks are scanned in
  Python for all the names at once, counting per commit how many occurrences each
  commit added and removed.

Results are cached per head in the history SQLite file. A newer head whose ancestor was
scanned over its whole history scans only the commits in between. Every pass looks at the
same window of commits (bot.history.Window) whatever was cached, so a cold run and a
warm run give the same answers.
"""

from __future__ import annotations

import json
import re
import sqlite3
from bisect import bisect_left
from typing import Any, Iterable

import git

from .history import HISTORY_VERSION, LOG_FORMAT, History, Window, parse_header, unquote_path

FIELD = "field:"  # a token "field:foo_bar" counts only Python lines defining foo_bar (`foo_bar: int`)
_DIFF_FLAGS = ["--no-color", "--no-ext-diff", "--no-textconv", "--unified=0", "-M50%", "--src-prefix=a/", "--dst-prefix=b/"]


def _tables(db: sqlite3.Connection) -> None:
    # ``commits``: the size of the window scanned; an answer for another size is not one.
    db.execute("CREATE TABLE IF NOT EXISTS history_paths (version TEXT, head TEXT, commits INT, complete INT, data TEXT, PRIMARY KEY (version, head))")
    db.execute("CREATE TABLE IF NOT EXISTS history_tokens (version TEXT, spec TEXT, head TEXT, token TEXT, commits INT, complete INT, events TEXT, PRIMARY KEY (version, spec, head, token))")


def _db(history: History) -> sqlite3.Connection | None:
    db = history.db
    if db is None:
        return None
    try:
        _tables(db)
    except sqlite3.Error:
        return None
    return db


def _range_args(window: Window, base: str | None) -> list[str]:
    """The commits to scan: base..head when an ancestor was scanned whole, else the window."""
    if base:
        return [f"{base}..{window.head}"]
    return ["--topo-order", f"--max-count={max(len(window.order), 1)}", window.head]


def _scanned_base(db: sqlite3.Connection | None, window: Window, query: str, args: tuple) -> str | None:
    """The newest head of the window whose whole history a stored scan covers."""
    if db is None:
        return None
    try:
        heads = [row[0] for row in db.execute(query, args)]
    except sqlite3.Error:
        return None
    return window.newest(h for h in heads if h in window and h != window.head)


# -- paths ----------------------------------------------------------------------------


class PathHistory:
    """Every file git saw added (A), deleted (D) or renamed (R) in the window."""

    def __init__(self, window: Window, events: list[list], commits: dict[str, dict]):
        self.window = window
        self.commits = commits
        self.events = [e for e in events if e[0] in window]  # [commit, status, path, new path or ""]
        self._by_path: dict[str, list[list]] = {}
        self._arrivals: dict[str, list[list]] = {}  # commit -> its A and R events
        for event in self.events:
            if event[1] in "AR":
                self._arrivals.setdefault(event[0], []).append(event)
            self._by_path.setdefault(event[2], []).append(event)
            if event[3]:
                self._by_path.setdefault(event[3], []).append(event)
        self._sorted = sorted(self._by_path)

    def _under(self, path: str) -> list[list]:
        """Events of files under a directory: a range of the sorted paths."""
        prefix = path.rstrip("/") + "/"
        found: dict[int, list] = {}
        for index in range(bisect_left(self._sorted, prefix), len(self._sorted)):
            if not self._sorted[index].startswith(prefix):
                break
            for event in self._by_path[self._sorted[index]]:
                found.setdefault(id(event), event)
        return list(found.values())

    def known(self, path: str) -> bool:
        """Whether git ever saw the file, or a file under the directory, in the window."""
        path = path.rstrip("/")
        return bool(self._by_path.get(path)) or bool(self._under(path))

    def removal(self, path: str, outside: frozenset[str] = frozenset()) -> dict | None:
        """The newest commit that deleted or renamed ``path`` (a file, or the last file
        of a directory), with ``renamed_to`` when git saw it (or all its files) move.
        Commits not in ``outside`` (a PR's base history) are preferred."""
        path = path.rstrip("/")
        gone = [e for e in self._by_path.get(path, []) if e[2] == path and e[1] in "DR"]
        directory = False
        if not gone:
            gone = [e for e in self._under(path) if e[1] in "DR" and e[2].startswith(path + "/")]
            directory = True
        commits = {e[0] for e in gone}
        commit = self.window.newest(commits - outside) or self.window.newest(commits)
        if commit is None:
            return None
        info = dict(self.commits[commit])
        target = _moved_to(path, [e for e in gone if e[0] == commit], directory, self._arrivals.get(commit, ()))
        if target:
            info["renamed_to"] = target
        return info

    def moved_in(self, path: str, commit: str) -> str | None:
        """Where ``commit`` moved the file, or the directory (all its files, under one
        new directory), ``path``; None when it did not."""
        path = path.rstrip("/")
        gone = [e for e in self._by_path.get(path, []) if e[0] == commit and e[2] == path and e[1] in "DR"]
        if gone:
            return _moved_to(path, gone, False, self._arrivals.get(commit, ()))
        gone = [e for e in self._under(path) if e[0] == commit and e[1] in "DR" and e[2].startswith(path + "/")]
        return _moved_to(path, gone, True) if gone else None

    def former_names(self, path: str, hops: int = 5) -> list[tuple[str, str]]:
        """Where git saw the file before renames brought it to ``path``, newest first:
        (old path, the commit that moved it)."""
        found: list[tuple[str, str]] = []
        for _ in range(hops):
            moves = [e for e in self._by_path.get(path, []) if e[1] == "R" and e[3] == path]
            commit = self.window.newest({e[0] for e in moves})
            if commit is None:
                break
            path = next(e[2] for e in moves if e[0] == commit)
            if any(path == old for old, _ in found):
                break
            found.append((path, commit))
        return found

    def timeline(self, path: str) -> list[dict]:
        """The file's (or the directory's files') additions, renames and deletions,
        oldest first."""
        path = path.rstrip("/")
        events = {id(e): e for e in self._by_path.get(path, []) + self._under(path)}.values()
        out = []
        for commit, status, old, new in sorted(events, key=lambda e: (self.window.rank(e[0]), e[2])):
            change = {"A": "added", "D": "deleted", "R": "renamed"}[status]
            out.append({**self.commits[commit], "change": change, "path": old, **({"renamed_to": new} if new else {})})
        return out


def _file_move(path: str, paired: str, arrivals: list[list]) -> str | None:
    """Git pairs files of identical content at random: dopamine's empty
    `agents/dqn/__init__.py` "renamed to" `tf/agents/__init__.py`. A path the same commit
    brought in that keeps more of the old path's tail (`tf/agents/dqn/__init__.py`) is
    the move; between several (`jax/replay_memory/`, `tf/replay_memory/`), the folder the
    old one's siblings moved to; None when nothing tells them apart."""
    paths = [e[3] or e[2] for e in arrivals]
    longest = max((_shared_tail(path, p) for p in paths), default=0)
    if longest <= _shared_tail(path, paired):
        return paired
    best = [p for p in paths if _shared_tail(path, p) == longest]
    if len(best) == 1:
        return best[0]
    folder = path.rsplit("/", 1)[0] if "/" in path else ""
    went = {e[3].rsplit("/", 1)[0] for e in arrivals if e[1] == "R" and e[3] and (e[2].rsplit("/", 1)[0] if "/" in e[2] else "") == folder and e[2] != path}
    chosen = [p for p in best if p.rsplit("/", 1)[0] in went]
    return chosen[0] if len(chosen) == 1 else None


def _shared_tail(a: str, b: str) -> int:
    """How many trailing path parts two paths share (`x/dqn/__init__.py`, `y/dqn/__init__.py`: 2)."""
    count = 0
    for left, right in zip(reversed(a.split("/")), reversed(b.split("/"))):
        if left != right:
            break
        count += 1
    return count


def _moved_to(path: str, gone: list[list], directory: bool, arrivals: Iterable[list] = ()) -> str | None:
    """The new path of one commit's deletions and renames of ``path``: a file's rename,
    or a directory's when all its files moved under one new directory."""
    moves = [e for e in gone if e[1] == "R"]
    if not directory:
        return _file_move(path, moves[0][3], list(arrivals)) if moves else None
    targets = set()
    for _, _, old, new in moves:
        rest = old[len(path):]
        targets.add(new[: -len(rest)] if new.endswith(rest) else None)
    if len(targets) == 1 and None not in targets and len(moves) == len(gone):
        return targets.pop()
    return None


def _parse_paths(out: str) -> tuple[list[list], dict[str, dict]]:
    events: list[list] = []
    commits: dict[str, dict] = {}
    for record in out.split("\x1e"):
        header, _, body = record.partition("\n")
        info = parse_header(header)
        if info is None:
            continue
        commits[info.commit] = info.to_dict()
        for line in body.splitlines():
            fields = line.split("\t")
            if len(fields) < 2 or not fields[0]:
                continue
            status = fields[0][0]
            if status == "R" and len(fields) == 3:
                events.append([info.commit, "R", unquote_path(fields[1]), unquote_path(fields[2])])
            elif status in "AD":
                events.append([info.commit, status, unquote_path(fields[1]), ""])
    return events, commits


def _path_log(history: History, range_args: list[str]) -> str | None:
    """Every commit's added, deleted and renamed files. Finding a changed file's rename
    reads file contents; a clone that lacks some blobs (a partial clone, a snapshot
    without its largest files) still has every tree, so it falls back to renames of
    unchanged files (blob ids only), then to none: what existed is still known. None
    when even that fails."""
    for renames in ("-M50%", "-M100%", "--no-renames"):
        try:
            return history.run_git("log", *range_args, LOG_FORMAT, renames, "--diff-filter=ADR", "--name-status", "--", check=True).decode("utf-8", "replace")
        except git.GitCommandError:
            continue
    return None


def path_history(history: History, head: str) -> PathHistory:
    """Every addition, deletion and rename in the window of ``head``, from the cache, from
    the commits after a scanned ancestor, or from one pass."""
    window = history.window(head)
    db = _db(history)
    data = None
    if db is not None:
        try:
            row = db.execute("SELECT data FROM history_paths WHERE version = ? AND head = ? AND commits = ?", (HISTORY_VERSION, head, len(window.order))).fetchone()
        except sqlite3.Error:
            row = None
        data = json.loads(row[0]) if row else None
    if data is None:
        base = _scanned_base(db, window, "SELECT head FROM history_paths WHERE version = ? AND complete = 1", (HISTORY_VERSION,))
        out = _path_log(history, _range_args(window, base))
        if out is None:
            # git could not walk the history (commits or trees missing from the clone):
            # nothing can be said about what existed, so no path is "never in the history".
            window.complete = False
            return PathHistory(window, [], {})
        events, commits = _parse_paths(out)
        if base:
            older = json.loads(db.execute("SELECT data FROM history_paths WHERE version = ? AND head = ?", (HISTORY_VERSION, base)).fetchone()[0])
            events += older["events"]
            commits.update(older["commits"])
        kept = [e for e in events if e[0] in window]
        data = {"events": kept, "commits": {c: commits[c] for c in {e[0] for e in kept}}}
        if db is not None:
            try:
                db.execute("INSERT OR REPLACE INTO history_paths VALUES (?, ?, ?, ?, ?)", (HISTORY_VERSION, head, len(window.order), int(window.complete), json.dumps(data)))
                db.commit()
            except sqlite3.Error:
                pass
    return PathHistory(window, data["events"], data["commits"])


# -- tokens ---------------------------------------------------------------------------


def _alternation(words: Iterable[str]) -> bytes:
    # Longest first: at one position the longer name wins.
    return b"|".join(re.escape(w.encode("utf-8")) for w in sorted(set(words), key=lambda w: (-len(w), w)))


_NAME_BYTE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_DIFF_HEADERS = (b"+++ b/", b"--- a/", b"+++ /dev/null", b"--- /dev/null")
CHUNK_BYTES = 1 << 18


class _TokenCounter:
    """Counts, in chunks of `git log -p` output that each start at a commit, how many
    occurrences of each name every commit adds and removes. A plain alternation finds
    candidates fast (C); the few hits are then checked for whole-name boundaries."""

    def __init__(self, window: Window, tokens: list[str]):
        self.window = window
        self.names = {t for t in tokens if not t.startswith(FIELD)}
        fields = {t[len(FIELD):] for t in tokens if t.startswith(FIELD)}
        self.pattern = re.compile(rb"(?:" + _alternation(self.names) + rb")") if self.names else None
        # A field is defined on its own line: `+    foo_bar: int = 1`.
        self.field_pattern = re.compile(rb"\n[+-][ \t]+(" + _alternation(fields) + rb")[ \t]*:(?!:)") if fields else None
        # The alternation tries the longest name first: when it is not whole here, a
        # shorter one it starts with may be (`perf` in `perf/stepx`).
        encoded = sorted((w.encode("utf-8") for w in self.names), key=len, reverse=True)
        self.shorter = {w: [v for v in encoded if len(v) < len(w) and w.startswith(v)] for w in encoded}
        self.counts: dict[str, dict[str, list[int]]] = {}  # token -> commit -> [added, removed, py added, py removed]
        self.commits: dict[str, dict] = {}

    @property
    def idle(self) -> bool:
        return self.pattern is None and self.field_pattern is None

    def feed(self, data: bytes) -> None:
        if self.idle or not data:
            return
        self._shas: dict[int, str | None] = {}
        self._python_at: dict[int, bool] = {}
        for match in self.field_pattern.finditer(data) if self.field_pattern else ():
            if self._python(data, match.start(1)):
                self._count(data, FIELD + match.group(1).decode("utf-8", "replace"), match.start(1), data[match.start() + 1 : match.start() + 2], True)
        position = 0
        while self.pattern is not None:
            match = self.pattern.search(data, position)
            if match is None:
                break
            start, end = match.span()
            position = end
            line_start = data.rfind(b"\n", 0, start) + 1
            sign = data[line_start : line_start + 1]
            if sign not in (b"+", b"-") or data.startswith(_DIFF_HEADERS, line_start):
                continue
            # A name at the start of a diff line follows the +/- sign, which is no name char.
            if start != line_start + 1 and data[start - 1] in _NAME_BYTE:
                position = start + 1  # a name may start inside this one
                continue
            found = match.group(0)
            if end < len(data) and data[end] in _NAME_BYTE:
                found = next((v for v in self.shorter[found] if start + len(v) >= len(data) or data[start + len(v)] not in _NAME_BYTE), b"")
                if not found:
                    position = start + 1
                    continue
                position = start + len(found)
            self._count(data, found.decode("utf-8", "replace"), start, sign, self._python(data, start))

    # Hits are few: the file and the commit of each are looked up backwards from it,
    # instead of indexing every header of the chunk.
    def _python(self, data: bytes, position: int) -> bool:
        start = data.rfind(b"\ndiff --git ", 0, position)
        if start not in self._python_at:
            end = data.find(b"\n", start + 1)
            self._python_at[start] = start >= 0 and data[start:end].endswith((b".py", b".pyi"))
        return self._python_at[start]

    def _count(self, data: bytes, token: str, position: int, sign: bytes, python: bool) -> None:
        index = data.rfind(b"\x1e", 0, position)
        if index not in self._shas:
            self._shas[index] = self._header(data, index) if index >= 0 else None
        sha = self._shas[index]
        if sha is None:
            return
        column = 0 if sign == b"+" else 1
        row = self.counts.setdefault(token, {}).setdefault(sha, [0, 0, 0, 0])
        row[column] += 1
        if python:
            row[column + 2] += 1

    def _header(self, data: bytes, start: int) -> str | None:
        end = data.find(b"\n", start)
        info = parse_header(data[start + 1 : end if end >= 0 else None].decode("utf-8", "replace"))
        if info is None or info.commit not in self.window:
            return None
        self.commits.setdefault(info.commit, info.to_dict())
        return info.commit

    def events(self, tokens: list[str]) -> dict[str, list[dict]]:
        result: dict[str, list[dict]] = {t: [] for t in tokens}
        for token, by_commit in self.counts.items():
            for sha, (added, removed, py_added, py_removed) in sorted(by_commit.items(), key=lambda item: self.window.rank(item[0]), reverse=True):
                result[token].append({**self.commits[sha], "added": added, "removed": removed, "py_added": py_added, "py_removed": py_removed})
        return result


def scan_tokens(history: History, window: Window, tokens: list[str], pathspec: list[str], base: str | None = None) -> dict[str, list[dict]]:
    """One `git log -p` over ``pathspec``: per token, each commit that added or removed
    occurrences of it as a whole name (`--foo` in `--foo-bar` does not count), with how
    many, in all files and in Python files; newest first. A token "field:NAME" counts
    only Python lines that define NAME as a field (`NAME: int = 1`). The output is
    scanned while git writes it."""
    counter = _TokenCounter(window, tokens)
    if counter.idle:
        return {t: [] for t in tokens}
    pending = b""
    for block in history.stream_git("log", *_range_args(window, base), LOG_FORMAT, "-p", *_DIFF_FLAGS, "--", *pathspec, block=CHUNK_BYTES):
        pending += block
        if len(pending) < CHUNK_BYTES:
            continue
        cut = pending.rfind(b"\n\x1e")
        if cut > 0:
            counter.feed(pending[: cut + 1])
            pending = pending[cut + 1 :]
    counter.feed(pending)
    return counter.events(tokens)


def token_events(history: History, head: str, tokens: list[str], pathspec: list[str]) -> dict[str, list[dict]]:
    """Per token, every commit of the window of ``head`` that added or removed it (see
    scan_tokens); from the cache, from the commits after a scanned ancestor, or from one
    pass for all the tokens the cache does not know."""
    window = history.window(head)
    spec = ",".join(pathspec)
    db = _db(history)
    wanted = sorted(set(tokens))
    found = _load_tokens(db, spec, head, wanted, len(window.order))
    missing = [t for t in wanted if t not in found]
    if missing:
        base = _scanned_base(
            db,
            window,
            f"SELECT head FROM history_tokens WHERE version = ? AND spec = ? AND complete = 1 AND token IN ({','.join('?' * len(missing))}) GROUP BY head HAVING COUNT(*) = ?",
            (HISTORY_VERSION, spec, *missing, len(missing)),
        ) if len(missing) < 900 else None
        fresh = scan_tokens(history, window, missing, pathspec, base)
        if base:
            older = _load_tokens(db, spec, base, missing, None)
            fresh = {t: fresh.get(t, []) + [e for e in older.get(t, []) if e["commit"] in window] for t in missing}
        found.update(fresh)
        if db is not None:
            try:
                db.executemany(
                    "INSERT OR REPLACE INTO history_tokens VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(HISTORY_VERSION, spec, head, t, len(window.order), int(window.complete), json.dumps(fresh.get(t, []))) for t in missing],
                )
                db.commit()
            except sqlite3.Error:
                pass
    return found


def _load_tokens(db: sqlite3.Connection | None, spec: str, head: str, tokens: list[str], commits: int | None) -> dict[str, list[dict]]:
    """Stored events at ``head``: of a window of ``commits`` commits, or (None) of a
    whole history."""
    found: dict[str, Any] = {}
    if db is None:
        return found
    for start in range(0, len(tokens), 400):
        chunk = tokens[start : start + 400]
        try:
            rows = db.execute(
                f"SELECT token, events FROM history_tokens WHERE version = ? AND spec = ? AND head = ? AND (commits = ? OR ? IS NULL AND complete = 1) AND token IN ({','.join('?' * len(chunk))})",
                (HISTORY_VERSION, spec, head, commits, commits, *chunk),
            ).fetchall()
        except sqlite3.Error:
            return {}
        found.update((token, json.loads(events)) for token, events in rows)
    return found
