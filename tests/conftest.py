"""Shared fixtures: real git repositories built in a temporary directory with GitPython."""

from __future__ import annotations

import re
from pathlib import Path

import git
import pytest


def write_files(root: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


class RepoBuilder:
    def __init__(self, root: Path):
        self.root = root
        self.repo = git.Repo.init(root, initial_branch="main")
        with self.repo.config_writer() as cw:
            cw.set_value("user", "name", "Test Author")
            cw.set_value("user", "email", "test@example.invalid")

    def commit(self, files: dict[str, str | bytes], message: str = "change", remove: tuple[str, ...] = ()) -> str:
        write_files(self.root, files)
        for rel in remove:
            self.repo.index.remove([rel], working_tree=True)
        if files:
            self.repo.index.add(list(files))
        return self.repo.index.commit(message).hexsha


@pytest.fixture
def make_repo(tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFT_CACHE_DIR", str(tmp_path / "cache"))

    def build(files: dict[str, str | bytes], message: str = "initial", removed: tuple[str, ...] = ()) -> RepoBuilder:
        """A repository of ``files``; the ``removed`` paths were in its first commit and a
        later one deleted them, as the stale paths of a real history were (a path no
        commit ever had is judged otherwise: the reader's own file, another project's)."""
        builder = RepoBuilder(tmp_path / "repo")
        if removed:
            builder.commit({**files, **{path: f"# {path}, since removed\n" for path in removed}}, message)
            builder.commit({}, "Remove " + ", ".join(removed), remove=tuple(removed))
        else:
            builder.commit(files, message)
        return builder

    return build


EXPECT = re.compile(r"(?:<!--|#)\s*expect:\s*([A-Z0-9, ]+?)\s*(?:-->|$)")


def expected_findings(files: dict[str, str]) -> set[tuple[str, int, str]]:
    """`<!-- expect: DRIFT002 -->` (or `# expect: DRIFT002` in a code block) at the end
    of a doc line: that line has that finding, and no line without one has any."""
    expected = set()
    for path, text in files.items():
        if not isinstance(text, str) or not path.endswith((".md", ".mdx", ".rst")):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for match in EXPECT.finditer(line):
                for code in match.group(1).replace(",", " ").split():
                    expected.add((path, number, code))
    return expected
