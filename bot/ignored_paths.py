"""What the repository's .gitignore files say is never committed: build outputs
(`docs/_build`, a docs build's synced copies), checkpoints, local settings.

A doc may name such a path on purpose (`docs/en/_examples_synced/x/README.md` exists
once the docs are built), so it is not judged against the tree.
"""

from __future__ import annotations

import posixpath
from typing import Iterable

import pathspec

MAX_GITIGNORE_BYTES = 256 * 1024


class IgnoredPaths:
    def __init__(self, specs: Iterable[tuple[str, pathspec.PathSpec]] = ()):
        # (directory the .gitignore sits in, its patterns), the root's first.
        self._specs = sorted(specs, key=lambda item: item[0].count("/") if item[0] else -1)

    @classmethod
    def from_files(cls, files: Iterable[tuple[str, bytes]]) -> "IgnoredPaths":
        """``files``: (path of a .gitignore, its bytes) pairs at one revision."""
        specs = []
        for path, data in files:
            if len(data) > MAX_GITIGNORE_BYTES:
                continue
            lines = data.decode("utf-8", "replace").splitlines()
            try:
                spec = pathspec.GitIgnoreSpec.from_lines(lines)
            except (ValueError, TypeError):
                continue  # a pattern git would also reject: ignore the file, not the audit
            specs.append((posixpath.dirname(path), spec))
        return cls(specs)

    def __bool__(self) -> bool:
        return bool(self._specs)

    def ignores(self, path: str) -> bool:
        """Whether git would ignore ``path`` (repository-relative, a file or directory)."""
        return self._decision(path)[0]

    def ignored_by_any_name(self, path: str) -> bool:
        """Whether ``path`` is ignored by a pattern that names it wherever it is (`env/`,
        a virtualenv's name, which also matches a project's examples/env/), not one
        written for its place (`/docs/api/`)."""
        ignored, pattern = self._decision(path)
        return ignored and pattern is not None and "/" not in pattern.strip().rstrip("/")

    def _decision(self, path: str) -> tuple[bool, str | None]:
        """(ignored, the pattern that decided it) for a repository-relative path."""
        path = path.strip("/")
        if not path or path.startswith(".."):
            return False, None
        ignored, deciding = False, None
        for directory, spec in self._specs:
            if directory and not path.startswith(directory + "/"):
                continue
            relative = path[len(directory) + 1 :] if directory else path
            # A directory pattern (`build/`) matches the files below it, and the
            # directory itself when named with its slash.
            result = spec.check_file(relative)
            if result.include is None:
                result = spec.check_file(relative + "/")
            if result.include is not None:
                ignored = result.include  # a deeper file's `!pattern` wins
                pattern = spec.patterns[result.index] if result.index is not None else None
                deciding = getattr(pattern, "pattern", None)
        return ignored, deciding
