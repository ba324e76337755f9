"""Local copies of the repositories the App works on: one bare clone each, fetched
with the installation token (sent as an HTTP header, never in the URL or a log)."""

from __future__ import annotations

import base64
import os
import re
import subprocess
from pathlib import Path

from ..revision import DriftError

SAFE_NAME = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")


def _git(args: list[str], token: str | None, cwd: Path | None = None) -> None:
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0")
    if token:
        # Through git's environment config, not `-c` on the command line: other users of
        # the machine can read command lines in `ps`, not another process's environment.
        basic = base64.b64encode(f"x-access-token:{token}".encode()).decode()
        env.update({"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "http.extraHeader", "GIT_CONFIG_VALUE_0": f"Authorization: Basic {basic}"})
    proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=900, env=env)
    if proc.returncode != 0:
        message = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "git failed"
        if token:
            message = message.replace(token, "***")
        raise DriftError(f"git {args[0]} failed: {message}")


def trusted_clone_url(settings, repo) -> str:
    """The repository's clone URL as GitHub's API gives it, on GitHub's own host: an
    https URL elsewhere would receive the installation token."""
    from urllib.parse import urlsplit

    url = repo.clone_url
    parts = urlsplit(url)
    if parts.scheme in ("http", "https"):
        api = urlsplit(settings.github_url)
        allowed = {api.hostname, "github.com"} if api.hostname == "api.github.com" else {api.hostname}
        if parts.hostname not in allowed:
            raise DriftError(f"refusing to send the installation token to {parts.hostname}: not the GitHub host {api.hostname}")
    return url


def sync(repos_dir: Path, full_name: str, clone_url: str, token: str | None, pr_number: int | None = None) -> Path:
    """A bare clone of the repository with its branches and the PR's head ref fetched."""
    if not SAFE_NAME.match(full_name):
        raise DriftError(f"refusing an odd repository name {full_name!r}")
    target = repos_dir / f"{full_name.replace('/', '__')}.git"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        _git(["clone", "--quiet", "--bare", clone_url, str(target)], token)
    refspecs = ["+refs/heads/*:refs/heads/*"]
    if pr_number is not None:
        refspecs.append(f"+refs/pull/{pr_number}/head:refs/drift/pull/{pr_number}")
    try:
        _git(["fetch", "--quiet", "--prune", clone_url, *refspecs], token, cwd=target)
    except DriftError:
        if pr_number is None:
            raise
        _git(["fetch", "--quiet", "--prune", clone_url, refspecs[0]], token, cwd=target)  # a server without pull refs
    return target
