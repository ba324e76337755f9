"""Findings for tools: one JSON object with ``findings``, ``skipped`` and ``stats``."""

from __future__ import annotations

from ..plain import dumps_plain


# Stats that differ between two runs of one command (a warm cache parses nothing): left
# out, so the same audit of the same commit prints the same bytes.
VOLATILE_STATS = ("seconds", "parsed", "cached")


def as_dict(result, timings: bool = False) -> dict:
    from ..engine import severity

    stats = result.stats if timings else {k: v for k, v in result.stats.items() if k not in VOLATILE_STATS}
    groups = result.groups if hasattr(result, "groups") else []  # sets each finding's `group`

    return {
        "version": 1,
        "commit": result.commit,
        "findings": [{**f.to_dict(), "severity": severity(f.rule), "fingerprint": f.fingerprint} for f in result.findings],
        "skipped": [{"path": p, "reason": r} for p, r in sorted(result.skipped.items())],
        "notes": [{"path": p, "note": n} for p, notes in sorted(result.notes.items()) for n in notes],
        "internal_errors": list(getattr(result, "internal_errors", [])),
        "externals": list(getattr(result, "externals", [])),
        "unverified": list(getattr(result, "unverified", [])),
        "set_aside": dict(sorted((getattr(result, "set_aside", {}) or {}).items())),
        "groups": [{"id": g.id, "rule": g.rule, "subject": g.subject, "findings": len(g.findings), "docs": g.docs} for g in groups],
        "stats": stats,
        **({"base": result.base, "changes": result.changes} if result.base else {}),
    }


def render(result, timings: bool = False) -> str:
    return dumps_plain(as_dict(result, timings), indent=2, ensure_ascii=False) + "\n"
