"""Adopting drift on a repository with old drift: a baseline of known findings.

`drift audit --write-baseline drift-baseline.json` records the fingerprints of today's
findings (a fingerprint ignores line shifts); `drift audit --baseline drift-baseline.json`
then reports only findings that are not in it, so CI fails on new drift while the old is
fixed at leisure. A baselined finding that is fixed simply stops matching.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .revision import DriftError

VERSION = 1


def write(path: str, findings: list[Any]) -> int:
    entries = sorted({(f.fingerprint, f.rule, f.path, f.text) for f in findings})
    data = {"version": VERSION, "tool": "drift", "findings": [{"fingerprint": fp, "rule": rule, "path": doc, "text": text} for fp, rule, doc, text in entries]}
    Path(path).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return len(entries)


def read(path: str) -> set[str]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise DriftError(f"{path}: cannot read the baseline: {exc.strerror}") from None
    except ValueError as exc:
        raise DriftError(f"{path}: the baseline is not JSON ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("findings"), list):
        raise DriftError(f"{path}: not a drift baseline (no findings list)")
    return {str(entry.get("fingerprint")) for entry in data["findings"] if isinstance(entry, dict)}


def apply(result: Any, known: set[str]) -> int:
    """Drops the findings the baseline knows; returns how many."""
    kept = [f for f in result.findings if f.fingerprint not in known]
    dropped = len(result.findings) - len(kept)
    result.findings = kept
    result.stats["baselined"] = dropped
    return dropped
