"""Audit what is staged, or the whole work tree, as if it were committed.

A pre-commit hook must judge the change about to be committed, and a maintainer who just
fixed a doc wants to see it fixed before committing. Both are a commit object built from
a tree: `git write-tree` of the index (`--staged`), or of a private index that `git add -A`
filled from the work tree (`--worktree`, which respects .gitignore). The user's index,
branch and files are never touched; the objects git writes are unreferenced and go with
its next garbage collection.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from .revision import DriftError


def _git(root: str, *args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise DriftError(f"git {args[0]} failed: {(done.stderr.strip().splitlines() or ['no output'])[-1]}")
    return done.stdout.strip()


def snapshot(path: str, staged: bool) -> str:
    """A commit id whose tree is the index (``staged``) or the work tree."""
    root = _git(path, "rev-parse", "--show-toplevel")
    env = dict(os.environ)
    identity = {"GIT_AUTHOR_NAME": "drift", "GIT_AUTHOR_EMAIL": "drift@localhost", "GIT_COMMITTER_NAME": "drift", "GIT_COMMITTER_EMAIL": "drift@localhost"}
    env.update({k: env.get(k, v) for k, v in identity.items()})
    parent = subprocess.run(["git", "-C", root, "rev-parse", "--verify", "--quiet", "HEAD"], capture_output=True, text=True).stdout.strip()
    if staged:
        tree = _git(root, "write-tree", env=env)
    else:
        with tempfile.TemporaryDirectory(prefix="drift-index-") as scratch:
            env["GIT_INDEX_FILE"] = str(Path(scratch) / "index")
            if parent:
                _git(root, "read-tree", parent, env=env)
            _git(root, "add", "-A", ".", env=env)
            tree = _git(root, "write-tree", env=env)
    message = "drift: the staged changes" if staged else "drift: the work tree"
    return _git(root, "commit-tree", tree, *(["-p", parent] if parent else []), "-m", message, env=env)
