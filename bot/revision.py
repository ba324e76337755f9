"""A git tree at one commit: its files, their blob ids, and their bytes.

Listing uses ``git ls-tree``; contents come through one long-lived ``git cat-file --batch``
process, which reads several times faster than GitPython's object reader.
GitPython resolves the repository and revisions so errors read well.
"""

from __future__ import annotations

import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import git


class DriftError(Exception):
    """An error the user can act on; the CLI prints it without a traceback."""


@dataclass(frozen=True)
class TreeEntry:
    path: str
    blob: str
    size: int
    mode: str

    @property
    def is_link(self) -> bool:
        return self.mode == "120000"

    @property
    def is_submodule(self) -> bool:
        return self.mode == "160000"


def open_repo(path: str | Path = ".") -> git.Repo:
    try:
        return git.Repo(path, search_parent_directories=True)
    except git.NoSuchPathError:
        raise DriftError(f"{path}: no such directory") from None
    except git.InvalidGitRepositoryError:
        raise DriftError(f"{path}: not inside a git repository") from None


def resolve_commit(repo: git.Repo, rev: str) -> str:
    try:
        return repo.git.rev_parse("--verify", "--quiet", f"{rev}^{{commit}}")
    except git.GitCommandError:
        raise DriftError(f"unknown revision {rev!r} in {repo.working_dir or repo.git_dir}") from None


MISSING_SIZE = -1


class BlobReader:
    """Reads blobs by id through one ``git cat-file --batch`` process."""

    def __init__(self, git_dir: str):
        self._git_dir = git_dir
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen(
                ["git", "--git-dir", self._git_dir, "cat-file", "--batch"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        return self._proc

    def read(self, blob: str) -> bytes:
        with self._lock:
            proc = self._start()
            assert proc.stdin and proc.stdout
            proc.stdin.write(blob.encode() + b"\n")
            proc.stdin.flush()
            header = proc.stdout.readline().split()
            if len(header) < 3 or header[1] == b"missing":
                raise DriftError(f"blob {blob} is missing from the repository")
            size = int(header[2])
            data = proc.stdout.read(size)
            proc.stdout.read(1)  # the newline after each object
            return data

    def close(self) -> None:
        if self._proc is not None:
            if self._proc.stdin:
                self._proc.stdin.close()
            self._proc.wait()
            self._proc = None


class Revision:
    """The tree of one commit. Paths are POSIX, relative to the repository root."""

    def __init__(self, repo: git.Repo, rev: str = "HEAD"):
        self.repo = repo
        self.commit = resolve_commit(repo, rev)
        self.rev = rev
        self._reader = BlobReader(repo.git_dir)
        self._entries: dict[str, TreeEntry] | None = None
        self._dirs: set[str] | None = None

    @property
    def root(self) -> Path:
        return Path(self.repo.working_tree_dir or self.repo.git_dir)

    def entries(self) -> dict[str, TreeEntry]:
        if self._entries is None:
            out = self.repo.git.execute(
                ["git", "ls-tree", "-r", "-l", "-z", "--full-tree", self.commit],
                stdout_as_string=False,
            )
            entries: dict[str, TreeEntry] = {}
            for record in out.split(b"\0"):
                if not record:
                    continue
                meta, _, raw_path = record.partition(b"\t")
                mode, _kind, blob, size = meta.split()
                path = raw_path.decode("utf-8", "surrogateescape")
                # `-` is a submodule; anything else that is not a number is a blob this
                # clone lacks (a partial clone, a damaged object): size -1, skipped later.
                entries[path] = TreeEntry(
                    path, blob.decode(), int(size) if size.isdigit() else (0 if size == b"-" else MISSING_SIZE), mode.decode()
                )
            self._entries = entries
        return self._entries

    def files(self) -> list[TreeEntry]:
        return list(self.entries().values())

    def directories(self) -> set[str]:
        if self._dirs is None:
            dirs: set[str] = set()
            for path in self.entries():
                parent = PurePosixPath(path).parent
                while str(parent) != ".":
                    if str(parent) in dirs:
                        break
                    dirs.add(str(parent))
                    parent = parent.parent
            self._dirs = dirs
        return self._dirs

    def exists(self, path: str) -> bool:
        path = path.strip("/")
        return path in self.entries() or path in self.directories() or path == ""

    def read(self, path_or_entry: str | TreeEntry) -> bytes:
        entry = path_or_entry if isinstance(path_or_entry, TreeEntry) else self.entries()[path_or_entry]
        return self._reader.read(entry.blob)

    def read_blob(self, blob: str) -> bytes:
        return self._reader.read(blob)

    def close(self) -> None:
        self._reader.close()

    def __enter__(self) -> "Revision":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
