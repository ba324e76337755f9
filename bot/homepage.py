"""Where drift's own documentation lives, for links out of reports (SARIF helpUri).

drift is installed from a clone, a wheel or an Action checkout; each knows its source
differently. Nothing here guesses a URL: with no source known, reports carry the rule's
text and no link.
"""

from __future__ import annotations

import os
import re
from importlib import metadata

RULES_PAGE = "docs/rules.md"

# An Action checkout: RUNNER/_actions/OWNER/REPO/REF (GitHub sets GITHUB_ACTION_PATH).
_ACTION_PATH = re.compile(r"[/\\]_actions[/\\]([\w.-]+)[/\\]([\w.-]+)[/\\]([^/\\]+)$")
_GITHUB_HOME = re.compile(r"^https://github\.com/[\w.-]+/[\w.-]+$")


def rules_page_url() -> str | None:
    """The absolute URL of docs/rules.md for the drift that is running, or None."""
    explicit = os.environ.get("DRIFT_RULES_URL", "").strip()
    if explicit.startswith(("https://", "http://")):
        return explicit
    match = _ACTION_PATH.search(os.environ.get("GITHUB_ACTION_PATH", "").rstrip("/\\"))
    if match:
        owner, repo, ref = match.groups()
        return f"https://github.com/{owner}/{repo}/blob/{ref}/{RULES_PAGE}"
    home = source_url()
    return f"{home}/blob/main/{RULES_PAGE}" if home else None


def source_url() -> str | None:
    """drift's repository on GitHub, from the installed package's project URLs."""
    try:
        urls = metadata.metadata("drift-docs").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in urls:
        _, _, url = entry.partition(",")
        url = url.strip().rstrip("/").removesuffix(".git")
        if _GITHUB_HOME.match(url):
            return url
    return None


def rule_anchor(code: str) -> str:
    """The explicit anchor docs/rules.md puts above each rule's heading."""
    return code.lower()
