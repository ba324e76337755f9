"""Config keys the code reads though no YAML sets them: optional, not stale.

RLinf's STEAM page documents `advantage.positive_threshold`; the shipped YAML uses the
other mode and so lacks it, but `compute_advantages_ensemble.py` reads
`cfg.advantage.get("positive_threshold")`. A key the code reads by its last two names (an
attribute chain, `.get("x")`, or `["x"]`) is one the program takes: the finding becomes a
note that says where. One `git grep` at the audited commit answers every key.
"""

from __future__ import annotations

import re

from .history import History
from .index import is_test_path
from .model import Finding

CODE = "DRIFT017"
PATHSPEC = ["*.py"]
MAX_KEYS = 200  # keys asked about in one audit


def _specific(leaf: str) -> bool:
    """A name specific enough that code reading it under the same parent means this key
    (`positive_threshold`), unlike `path` or `name` under `data`."""
    return len(leaf) >= 8 and "_" in leaf


def optional_keys_read(findings: list[Finding], history: History, head: str) -> int:
    """Lower, in place, config-key findings whose key the code reads; returns how many."""
    wanted: dict[tuple[str, str], list[Finding]] = {}
    for item in findings:
        parts = item.text.split(".")
        if item.rule != CODE or item.confidence == "low" or item.change is not None or len(parts) < 2:
            continue
        parent, leaf = parts[-2], parts[-1]
        if re.fullmatch(r"[A-Za-z_]\w*", parent) and re.fullmatch(r"[A-Za-z_]\w*", leaf) and _specific(leaf):
            wanted.setdefault((parent, leaf), []).append(item)
    if not wanted:
        return 0
    pairs = sorted(wanted)[:MAX_KEYS]
    alternatives = "|".join(rf"\.{p}\.{leaf}\b|\b{p}\.get\(\s*[\"']{leaf}[\"']|\b{p}\[[\"']{leaf}[\"']\]" for p, leaf in pairs)
    try:
        out = history.run_git("grep", "-I", "-o", "-E", "-e", alternatives, head, "--", *PATHSPEC).decode("utf-8", "replace")
    except Exception:
        return 0
    where: dict[tuple[str, str], str] = {}
    for line in out.splitlines():
        _, path, match = (line.split(":", 2) + ["", ""])[:3]
        if is_test_path(path):
            continue
        names = re.findall(r"\w+", match)
        for pair in pairs:
            if pair[0] in names and pair[1] in names:
                where.setdefault(pair, path)
    lowered = 0
    for pair, path in where.items():
        for item in wanted[pair]:
            item.confidence = "low"
            item.replacement = None
            item.evidence += f"; {path} reads {pair[0]}.{pair[1]}: an optional key the shipped configs leave out"
            lowered += 1
    return lowered
