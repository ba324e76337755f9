"""Findings for tools: one JSON object with ``findings``, ``skipped`` and ``stats``."""

from __future__ import annotations

import json


def as_dict(result) -> dict:
    from ..engine import severity

    return {
        "version": 1,
        "commit": result.commit,
        "findings": [{**f.to_dict(), "severity": severity(f.rule), "fingerprint": f.fingerprint} for f in result.findings],
        "skipped": [{"path": p, "reason": r} for p, r in sorted(result.skipped.items())],
        "notes": [{"path": p, "note": n} for p, notes in sorted(result.notes.items()) for n in notes],
        "stats": result.stats,
        **({"base": result.base, "changes": result.changes} if result.base else {}),
    }


def render(result) -> str:
    return json.dumps(as_dict(result), indent=2, ensure_ascii=False) + "\n"
