"""When one module lost a name: the newest commit whose change to that module's file left
fewer whole-name occurrences of it.

`from chromadb import MinK` names chromadb/__init__.py, not the code at large: the commit
that dropped an unrelated use of `MinK` in a docstring elsewhere did not break it, and if
chromadb/__init__.py never had the name, the doc was wrong from the start. So a name
missing from a module that exists is asked of that file's history alone (`git log -S`,
then a count before and after each commit it lists), bounded by a count of commits and
cached by head, file and name.
"""

from __future__ import annotations

import re

from .history import History

FILE_COMMITS = 8  # commits that changed the name's count in the file, read per question
MAX_QUESTIONS = 60  # (file, name) questions per run; the rest ask the whole code's history
ANSWER_VERSION = "3"  # bump when what counts as a removal changes: cached answers age out


# Docstrings, one-line strings and comments: a name there is no definition (streamlink's
# `"HLSStream": (...)` deprecation entry took the place of `from .hls import HLSStream`).
_NOT_CODE = re.compile(rb'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|#[^\n]*')


def _count(text: bytes, name: str) -> int:
    """Whole-name occurrences of ``name`` in the Python code of ``text``."""
    return len(re.findall(rb"(?<![\w])" + re.escape(name.encode()) + rb"(?![\w])", _NOT_CODE.sub(b"", text)))


def file_removal(history: History, head: str, path: str, name: str) -> tuple[str | None, bool]:
    """(the commit that removed ``name`` from ``path``, or None; whether the file's history
    ever had it)."""

    def compute() -> list:
        # -G with whole-name bounds, not -S: `validate_config` renamed `validate_config_schema`
        # leaves the substring's count as it was.
        word = "(^|[^A-Za-z0-9_])" + re.escape(name) + "([^A-Za-z0-9_]|$)"
        out = history.run_git("log", f"--max-count={FILE_COMMITS}", "--format=%H", "-G", word, head, "--", path)
        commits = out.decode().split()
        for sha in commits:
            before = _count(history.run_git("show", f"{sha}^:{path}"), name)
            after = _count(history.run_git("show", f"{sha}:{path}"), name)
            if after < before:
                return [sha, True]
        return [None, bool(commits)]

    sha, seen = history._cached(f"file-token{ANSWER_VERSION}\0{head}\0{path}\0{name}", compute)
    return sha, bool(seen)
