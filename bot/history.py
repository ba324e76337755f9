"""Questions for git history: the commits a head can see (its window), how old doc lines
are, what a diff renamed, and each commit's author and subject.

Answers are cached in the same SQLite file as extraction results, keyed by the commit
they were asked at, since history below a commit never changes. The batched passes
over history (paths, tokens) are in bot.history_scan; this module is their plumbing.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterable, Iterator

import git

from .cache import default_cache_path

CODE_PATHSPEC = ["*.py", "*.pyi", "*.sh", "*.bash", "*.yaml", "*.yml", "*.toml", "*.cfg"]
DOC_PATHSPEC = ["*.md", "*.mdx", "*.rst", "*.markdown", "README*"]
# GitHub's "(#123)" and merge subjects; GitLab mirrors' "group/project!123".
PR_NUMBER = re.compile(r"\(#(\d+)\)|Merge pull request #(\d+)|\bPR #(\d+)|[\w.-]+!(\d+)\b")
# How many commits, newest first from the head, any pass over history examines. Older
# history is not searched, whatever the cache holds: a name not seen in the window of a
# longer history is unknown ("budget"), never "never existed".
HISTORY_COMMITS = 20000
# Bump when an answer's meaning changes: cached answers of older versions are not reused.
HISTORY_VERSION = "6"
# Fields of one commit, as `git log --format` prints them after a record separator.
LOG_FORMAT = "--format=%x1e%H%x1f%ct%x1f%at%x1f%aI%x1f%an%x1f%s"
# Settings that would change what git prints, pinned so every machine parses the same.
_GIT_FLAGS = ["-c", "core.quotepath=off", "-c", "log.showsignature=false", "-c", "diff.noprefix=false", "-c", "color.ui=never"]
BLAME_JOBS = 4


@dataclass
class CommitInfo:
    commit: str
    date: str  # ISO 8601, author date
    timestamp: int  # author time
    author: str
    subject: str
    pr: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _pr_number(subject: str) -> int | None:
    match = PR_NUMBER.search(subject)
    if not match:
        return None
    return int(next(group for group in match.groups() if group))


def parse_header(record: str) -> CommitInfo | None:
    """One LOG_FORMAT record (without its separator) -> CommitInfo."""
    sha, _committed, stamp, date, author, subject = (record.split("\x1f") + [""] * 6)[:6]
    if not re.fullmatch(r"[0-9a-f]{40,64}", sha):
        return None
    return CommitInfo(sha, date, int(stamp or 0), author, subject.strip("\n"), _pr_number(subject))


def unquote_path(path: str) -> str:
    """A path as git prints it: C-quoted when it holds a tab, newline, quote or backslash."""
    if not (path.startswith('"') and path.endswith('"')):
        return path
    raw = path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
    return raw.encode("latin-1", "replace").decode("utf-8", "replace")


class Window:
    """The commits a head can see (at most HISTORY_COMMITS, in `git rev-list --topo-order`
    order, newest first), with a generation number each, so "newest" and "is an
    ancestor of" are answered the same way whatever was cached or scanned first."""

    def __init__(self, head: str, order: list[str], parents: dict[str, list[str]], complete: bool):
        self.head = head
        self.order = order
        self.parents = parents
        self.complete = complete  # the window holds the whole history of head
        self.generation: dict[str, int] = {}
        for sha in reversed(order):  # topo order: parents come after children
            self.generation[sha] = 1 + max((self.generation.get(p, 0) for p in parents.get(sha, ())), default=0)
        self._ancestors: dict[str, frozenset[str]] = {}

    def __contains__(self, sha: str) -> bool:
        return sha in self.generation

    def rank(self, sha: str) -> tuple[int, str]:
        """Sort key: a descendant ranks above its ancestors; ties by commit id."""
        return (self.generation.get(sha, 0), sha)

    def newest(self, commits: Iterable[str]) -> str | None:
        return max(commits, key=self.rank, default=None)

    def ancestors(self, sha: str) -> frozenset[str]:
        """``sha`` and every commit of the window it descends from."""
        found = self._ancestors.get(sha)
        if found is None:
            seen = {sha} if sha in self else set()
            stack = list(seen)
            while stack:
                for parent in self.parents.get(stack.pop(), ()):
                    if parent in self.generation and parent not in seen:
                        seen.add(parent)
                        stack.append(parent)
            found = self._ancestors[sha] = frozenset(seen)
        return found

    def is_ancestor(self, older: str, newer: str) -> bool:
        """Whether ``older`` is ``newer`` or in its history (within the window)."""
        if older == newer:
            return True
        if older not in self or newer not in self or self.generation[older] >= self.generation[newer]:
            return False
        # A walk down from ``newer`` that never goes below ``older``'s generation.
        floor = self.generation[older]
        seen = {newer}
        stack = [newer]
        while stack:
            for parent in self.parents.get(stack.pop(), ()):
                if parent == older:
                    return True
                if parent not in seen and self.generation.get(parent, 0) > floor:
                    seen.add(parent)
                    stack.append(parent)
        return False


class History:
    def __init__(self, repo: git.Repo):
        self.repo = repo
        self._db: sqlite3.Connection | None = None
        try:
            path = default_cache_path(repo.git_dir)
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), timeout=30)
            self._db.execute("CREATE TABLE IF NOT EXISTS history (question TEXT PRIMARY KEY, answer TEXT)")
            self._db.commit()
        except (sqlite3.Error, OSError):
            self._db = None
        self._windows: dict[str, Window] = {}
        self.git_runs = 0  # git processes this object started: what a warm run saves

    # -- plumbing -----------------------------------------------------------------

    @property
    def db(self) -> sqlite3.Connection | None:
        return self._db

    def run_git(self, *args: str, check: bool = False) -> bytes:
        """git's stdout as bytes; empty when git fails (an unknown revision, a shallow
        clone), unless ``check``. Safe to call from several threads."""
        self.git_runs += 1
        proc = subprocess.run(["git", "--git-dir", self.repo.git_dir, *_GIT_FLAGS, *args], capture_output=True)
        if proc.returncode != 0:
            if check:
                raise git.GitCommandError(["git", *args], proc.returncode, proc.stderr)
            return b""
        return proc.stdout

    def stream_git(self, *args: str, block: int = 1 << 20) -> Iterator[bytes]:
        """git's stdout in blocks, to work on while git works. The pipe is widened
        (Linux) so git goes on writing while a block is being worked on."""
        self.git_runs += 1
        proc = subprocess.Popen(["git", "--git-dir", self.repo.git_dir, *_GIT_FLAGS, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert proc.stdout is not None
        try:
            import fcntl

            fcntl.fcntl(proc.stdout.fileno(), getattr(fcntl, "F_SETPIPE_SZ", 1031), block)
        except (ImportError, OSError):
            pass
        finished = False
        try:
            while data := proc.stdout.read1(block):
                yield data
            finished = True
        finally:
            if not finished:
                proc.kill()  # the consumer stopped early: git need not go on
            proc.stdout.close()
            proc.wait()

    def get(self, question: str) -> Any:
        if self._db is None:
            return None
        try:
            row = self._db.execute("SELECT answer FROM history WHERE question = ?", (f"{HISTORY_VERSION}\0{question}",)).fetchone()
        except sqlite3.Error:
            return None
        return json.loads(row[0]) if row else None

    def put_many(self, answers: Iterable[tuple[str, Any]]) -> None:
        if self._db is None:
            return
        try:
            self._db.executemany("INSERT OR REPLACE INTO history VALUES (?, ?)", [(f"{HISTORY_VERSION}\0{q}", json.dumps(a)) for q, a in answers])
            self._db.commit()
        except sqlite3.Error:
            pass

    def _cached(self, question: str, compute) -> Any:
        found = self.get(question)
        if found is not None:
            return found
        answer = compute()
        self.put_many([(question, answer)])
        return answer

    # -- the window ---------------------------------------------------------------

    def window(self, head: str) -> Window:
        """The commits the passes examine from ``head``: one `git rev-list`, cheap
        enough to ask every run, so it never depends on the cache."""
        found = self._windows.get(head)
        if found is None:
            out = self.run_git("rev-list", "--topo-order", "--parents", f"--max-count={HISTORY_COMMITS + 1}", head, "--").decode()
            rows = [line.split() for line in out.splitlines() if line]
            # A shallow clone (CI's fetch-depth 1) has history git cannot see: never "complete".
            shallow = self.run_git("rev-parse", "--is-shallow-repository").strip() == b"true"
            complete = len(rows) <= HISTORY_COMMITS and not shallow
            rows = rows[:HISTORY_COMMITS]
            found = self._windows[head] = Window(head, [r[0] for r in rows], {r[0]: r[1:] for r in rows}, complete)
        return found

    def commit_info(self, rev: str) -> CommitInfo | None:
        out = self.run_git("log", "-1", LOG_FORMAT, rev, "--").decode("utf-8", "replace")
        return parse_header(out.strip("\x1e\n"))

    # -- doc lines ------------------------------------------------------------------

    def line_ages(self, lines: dict[str, set[int]], head: str) -> dict[tuple[str, int], dict]:
        """The commit that last wrote each doc line (path -> line numbers)."""
        return self.start_line_ages(lines, head)()

    def start_line_ages(self, lines: dict[str, set[int]], head: str) -> Callable[[], dict[tuple[str, int], dict]]:
        """Starts one `git blame` per file, for all its lines at once, files in parallel;
        returns the function that waits for them. The cache is read and written on the
        calling thread only."""
        answers: dict[tuple[str, int], dict] = {}
        wanted: dict[str, list[int]] = {}
        for path, numbers in lines.items():
            for number in sorted(numbers):
                found = self.get(f"blame\0{head}\0{path}\0{number}")
                if found is not None:
                    answers[(path, number)] = found
                else:
                    wanted.setdefault(path, []).append(number)
        if not wanted:
            return lambda: answers
        pool = ThreadPoolExecutor(BLAME_JOBS)
        futures = {path: pool.submit(self._blame, path, numbers, head) for path, numbers in sorted(wanted.items())}
        pool.shutdown(wait=False)

        def finish() -> dict[tuple[str, int], dict]:
            fresh = []
            for path, future in futures.items():
                found = future.result()
                for number in wanted[path]:
                    # A line blame cannot answer (past the end) is remembered as {} too.
                    answer = found.get(number, {})
                    answers[(path, number)] = answer
                    fresh.append((f"blame\0{head}\0{path}\0{number}", answer))
            self.put_many(fresh)
            return answers

        return finish

    def _blame(self, path: str, numbers: list[int], head: str) -> dict[int, dict]:
        ranges = [f"-L{n},{n}" for n in numbers]
        out = self.run_git("blame", "--porcelain", *ranges, head, "--", path)
        if not out and len(numbers) > 1:
            # One range past the end of the file fails the whole call: ask line by line.
            merged: dict[int, dict] = {}
            for number in numbers:
                merged.update(self._blame(path, [number], head))
            return merged
        return parse_blame(out.decode("utf-8", "replace"))

    # -- what `drift history` and the app show ----------------------------------------

    def timeline(self, token: str, head: str, pathspec: list[str]) -> list[dict]:
        """Every commit that added or removed occurrences of ``token`` as a whole name,
        oldest first, with how many it added and removed."""
        from .history_scan import token_events

        events = token_events(self, head, [token], pathspec).get(token, [])
        window = self.window(head)
        ordered = sorted(events, key=lambda e: window.rank(e["commit"]))
        return [{k: v for k, v in e.items() if k not in ("py_added", "py_removed")} for e in ordered]

    def renames(self, base: str, head: str) -> dict[str, str]:
        """Old path -> new path for files git sees as renamed between two commits."""
        question = f"renames\0{base}\0{head}"

        def compute():
            fields = self.run_git("diff", "--name-status", "-M50%", "-z", base, head, "--").decode("utf-8", "replace").split("\0")
            moved: dict[str, str] = {}
            index = 0
            while index < len(fields):
                status = fields[index]
                if not status:
                    index += 1
                    continue
                if status.startswith(("R", "C")) and index + 2 < len(fields):
                    moved[fields[index + 1]] = fields[index + 2]
                    index += 3
                else:
                    index += 2
            return moved

        return self._cached(question, compute)

    def changed_lines(self, base: str, head: str) -> dict[str, set[int]]:
        """Per file, the head-side line numbers a diff adds or changes."""
        question = f"changed_lines\0{base}\0{head}"

        def compute():
            out = self.run_git("diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-textconv", "-M50%", base, head, "--").decode("utf-8", "replace")
            lines: dict[str, list[int]] = {}
            current = None
            for raw in out.splitlines():
                if raw.startswith("+++ "):
                    current = unquote_path(raw[4:])[2:] if raw[4:].lstrip('"').startswith("b/") else None
                elif raw.startswith("@@") and current:
                    match = re.match(r"@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", raw)
                    if match:
                        start, count = int(match.group(1)), int(match.group(2) or 1)
                        lines.setdefault(current, []).extend(range(start, start + count))
            return lines

        return {path: set(numbers) for path, numbers in self._cached(question, compute).items()}

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


_BLAME_HEADER = re.compile(r"^([0-9a-f]{40,64}) \d+ (\d+)(?: (\d+))?$")


def diff_hunks(diff: str) -> Iterator[tuple[str, list[str], list[str]]]:
    """(path, removed lines, added lines) of each hunk of a `git show -U0` diff, the
    lines without their sign; the path is the new side's ("" for a deleted file)."""
    path = ""
    removed: list[str] = []
    added: list[str] = []
    for line in diff.splitlines():
        if line.startswith(("diff --git", "@@", "--- ", "+++ ")):
            if removed or added:
                yield path, removed, added
                removed, added = [], []
            if line.startswith("+++ "):
                path = line[6:] if line.startswith("+++ b/") else ""
        elif line.startswith("-"):
            removed.append(line[1:])
        elif line.startswith("+"):
            added.append(line[1:])
    if removed or added:
        yield path, removed, added


def parse_blame(out: str) -> dict[int, dict]:
    """`git blame --porcelain` -> final line number -> the commit that wrote it."""
    commits: dict[str, dict] = {}
    lines: dict[int, str] = {}
    current = None
    for raw in out.split("\n"):
        match = _BLAME_HEADER.match(raw)
        if match:
            current = match.group(1)
            commits.setdefault(current, {"commit": current})
            lines[int(match.group(2))] = current
        elif current and not raw.startswith("\t"):
            key, _, value = raw.partition(" ")
            if key == "author-time":
                commits[current]["timestamp"] = int(value or 0)
            elif key == "author":
                commits[current]["author"] = value
            elif key == "summary":
                commits[current]["subject"] = value
    return {number: dict(commits[sha]) for number, sha in lines.items()}


def stale_for_days(since: int, now: int) -> float | None:
    return round((now - since) / 86400, 1) if since and now else None
