"""Questions for git history: which commit removed a name, how old a doc line is,
when a token appeared and disappeared, and what a diff renamed.

Every answer is cached in the same SQLite file as extraction results, keyed by the
commit the question was asked at, since history below a commit never changes.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from dataclasses import asdict, dataclass
from typing import Any

import git

from .cache import default_cache_path

CODE_PATHSPEC = ["*.py", "*.pyi", "*.sh", "*.bash", "*.yaml", "*.yml", "*.toml", "*.cfg"]
DOC_PATHSPEC = ["*.md", "*.mdx", "*.rst", "*.markdown", "README*"]
# GitHub's "(#123)" and merge subjects; GitLab mirrors' "group/project!123".
PR_NUMBER = re.compile(r"\(#(\d+)\)|Merge pull request #(\d+)|\bPR #(\d+)|[\w.-]+!(\d+)\b")


@dataclass
class CommitInfo:
    commit: str
    date: str  # ISO 8601
    timestamp: int
    author: str
    subject: str
    pr: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


_ERE_SPECIAL = re.compile(r"([.\[\]()*+?{}|^$\\])")
NAME_CHARS = "A-Za-z0-9_-"


def ere_escape(text: str) -> str:
    return _ERE_SPECIAL.sub(r"\\\1", text)


def whole_name_regex(token: str) -> str:
    """A POSIX ERE that matches ``token`` only as a whole name."""
    return f"(^|[^{NAME_CHARS}]){ere_escape(token)}([^{NAME_CHARS}]|$)"


def _range(head: str, base: str | None) -> str:
    return f"{base}..{head}" if base else head


def _pr_number(subject: str) -> int | None:
    match = PR_NUMBER.search(subject)
    if not match:
        return None
    return int(next(group for group in match.groups() if group))


def _parse_log(out: str) -> list[CommitInfo]:
    commits = []
    for record in out.split("\x1e"):
        record = record.strip("\n")
        if not record:
            continue
        sha, stamp, date, author, subject = (record.split("\x1f") + [""] * 5)[:5]
        commits.append(CommitInfo(sha, date, int(stamp or 0), author, subject, _pr_number(subject)))
    return commits


# Bump when an answer's meaning changes: cached answers of older versions are not reused.
HISTORY_VERSION = "2"
_LOG_FORMAT = "--format=%x1e%H%x1f%at%x1f%aI%x1f%an%x1f%s"


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
        self.lookups = 0
        self.seconds = 0.0

    def _cached(self, question: str, compute) -> Any:
        question = f"{HISTORY_VERSION}\0{question}"
        if self._db is not None:
            row = self._db.execute("SELECT answer FROM history WHERE question = ?", (question,)).fetchone()
            if row:
                return json.loads(row[0])
        started = time.perf_counter()
        answer = compute()
        self.lookups += 1
        self.seconds += time.perf_counter() - started
        if self._db is not None:
            try:
                self._db.execute("INSERT OR REPLACE INTO history VALUES (?, ?)", (question, json.dumps(answer)))
                self._db.commit()
            except sqlite3.Error:
                pass
        return answer

    def _log(self, *args: str) -> list[CommitInfo]:
        try:
            out = self.repo.git.log(*args)
        except git.GitCommandError:
            return []
        return _parse_log(out)

    def commit_info(self, rev: str) -> CommitInfo | None:
        found = self._log("-1", _LOG_FORMAT, rev)
        return found[0] if found else None

    def last_change(self, token: str, head: str, pathspec: list[str] | None = None, base: str | None = None, regex: str | None = None) -> dict | None:
        """The newest commit (at or before ``head``, after ``base``) that changed how many
        times ``token`` occurs as a whole name (or ``regex`` matches) in the given paths:
        for a name that is gone, its removal. `--foo` inside `--foo-bar` does not count."""
        pattern = regex or whole_name_regex(token)
        return self._newest("last_change", ["--pickaxe-regex", f"-S{pattern}"], head, base, pathspec or CODE_PATHSPEC)

    def last_touch(self, regex: str, head: str, pathspec: list[str], base: str | None = None) -> dict | None:
        """The newest commit whose diff adds or removes a line matching ``regex`` (git log
        -G): for a flag whose default changed, the edit of its definition."""
        return self._newest("last_touch", ["-E", f"-G{regex}"], head, base, pathspec)

    def _newest(self, name: str, search: list[str], head: str, base: str | None, pathspec: list[str]) -> dict | None:
        """The newest commit in base..head (or up to head) that a `git log` search finds."""
        question = f"{name}\0{head}\0{base or ''}\0{' '.join(search)}\0{','.join(pathspec)}"

        def compute():
            found = self._log("-1", _LOG_FORMAT, *search, _range(head, base), "--", *pathspec)
            return found[0].to_dict() if found else None

        return self._cached(question, compute)

    def path_removal(self, path: str, head: str, base: str | None = None) -> dict | None:
        """The commit that deleted or renamed ``path`` (a file or a directory), with the
        path it was renamed to, if git saw a rename."""
        question = f"path_removal\0{head}\0{base or ''}\0{path}"

        def compute():
            try:
                out = self.repo.git.log("-1", "-M50%", "--diff-filter=DR", "--name-status", _LOG_FORMAT, _range(head, base), "--", path)
            except git.GitCommandError:
                return None
            header, _, body = out.lstrip("\x1e").partition("\n")
            infos = _parse_log(header)
            if not infos:
                return None
            info = infos[0].to_dict()
            renamed = {}
            try:
                # Limited to the old path, git sees a rename as a deletion: ask the
                # commit's whole diff for where the path went.
                body = self.repo.git.diff_tree("-r", "-M50%", "--name-status", "--no-commit-id", f"{info['commit']}^", info["commit"])
            except git.GitCommandError:
                pass
            for raw in body.splitlines():
                fields = raw.split("\t")
                if len(fields) == 3 and fields[0].startswith("R"):
                    renamed[fields[1]] = fields[2]
            prefix = path.rstrip("/") + "/"
            if path in renamed:
                info["renamed_to"] = renamed[path]
            else:
                # A directory moved when its files moved under one new directory.
                moved = set()
                for old, new in renamed.items():
                    if old.startswith(prefix):
                        rest = old[len(prefix) - 1 :]
                        moved.add(new[: -len(rest)] if new.endswith(rest) else None)
                if len(moved) == 1 and None not in moved:
                    info["renamed_to"] = moved.pop()
            return info

        return self._cached(question, compute)

    def timeline(self, token: str, head: str, pathspec: list[str]) -> list[dict]:
        """Every commit that added or removed occurrences of ``token`` as a whole name,
        oldest first, with how many it added and removed."""
        question = f"timeline\0{head}\0{token}\0{','.join(pathspec)}"
        counter = re.compile(f"(?<![{NAME_CHARS}]){re.escape(token)}(?![{NAME_CHARS}])")

        def compute():
            commits = self._log("--reverse", _LOG_FORMAT, "--pickaxe-regex", f"-S{whole_name_regex(token)}", head, "--", *pathspec)
            events = []
            for info in commits:
                try:
                    diff = self.repo.git.show(info.commit, "--format=", "--unified=0", "--no-color", "--", *pathspec)
                except git.GitCommandError:
                    diff = ""
                lines = diff.splitlines()
                added = sum(len(counter.findall(line)) for line in lines if line.startswith("+") and not line.startswith("+++"))
                removed = sum(len(counter.findall(line)) for line in lines if line.startswith("-") and not line.startswith("---"))
                events.append({**info.to_dict(), "added": added, "removed": removed})
            return events

        return self._cached(question, compute)

    def line_age(self, path: str, line: int, head: str) -> dict | None:
        """The commit that last wrote a doc line (git blame)."""
        question = f"blame\0{head}\0{path}\0{line}"

        def compute():
            try:
                out = self.repo.git.blame("--porcelain", f"-L{line},{line}", head, "--", path)
            except git.GitCommandError:
                return None
            sha = out.split(" ", 1)[0]
            fields = dict(re.findall(r"^(author-time|author|summary) (.*)$", out, re.M))
            return {"commit": sha, "timestamp": int(fields.get("author-time", 0)), "author": fields.get("author", ""), "subject": fields.get("summary", "")}

        return self._cached(question, compute)

    def renames(self, base: str, head: str) -> dict[str, str]:
        """Old path -> new path for files git sees as renamed between two commits."""
        question = f"renames\0{base}\0{head}"

        def compute():
            try:
                out = self.repo.git.diff("--name-status", "-M50%", "-z", base, head)
            except git.GitCommandError:
                return {}
            fields = out.split("\0")
            moved: dict[str, str] = {}
            index = 0
            while index < len(fields):
                status = fields[index]
                if not status:
                    index += 1
                    continue
                if status.startswith(("R", "C")):
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
            try:
                out = self.repo.git.diff("--unified=0", "--no-color", "-M50%", base, head)
            except git.GitCommandError:
                return {}
            lines: dict[str, list[int]] = {}
            current = None
            for raw in out.splitlines():
                if raw.startswith("+++ "):
                    current = raw[6:] if raw.startswith("+++ b/") else None
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


def stale_for_days(broken: dict | None, doc_line: dict | None, now: int) -> float | None:
    if not broken:
        return None
    start = max(broken.get("timestamp", 0), doc_line.get("timestamp", 0) if doc_line else 0)
    return round((now - start) / 86400, 1) if start else None
