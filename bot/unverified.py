"""Flags drift could not check, said once per program and external, with the fix.

When a program's parser extends a framework whose source drift cannot read, the flags on
its command lines that the program itself lacks may be the framework's. Each of them is
left alone (unverified, never unknown), and instead of hundreds of hidden notes the
report says once, per program and framework, how many there were and the one command or
setting that would let drift check them (the pin to fetch, the package to install).
"""

from __future__ import annotations

from typing import Any, Iterable


def summarise(unverified: Iterable[tuple[Any, str]], externals: list[dict[str, Any]], reported: Iterable[Any]) -> list[dict[str, Any]]:
    """[{program, external, display, flags, examples, missing}] for each program whose
    unverified flags no finding already covers (history can still judge some)."""
    judged = {(f.path, f.line, f.text) for f in reported}
    by_key: dict[tuple[str, str], set[str]] = {}
    for claim, also in unverified:
        if (claim.doc, claim.line, claim.text) in judged:
            continue
        program = claim.attrs.get("script") or claim.attrs.get("program") or "prose"
        parts = [n.strip() for n in str(also or "").split(",") if n.strip()]
        if any(" " in part for part in parts):
            # A reason, not packages ("options named at run time (x.py:51)", "the page
            # runs y.py, which ..."): one row, said as it is.
            names = str(also).strip()
        else:
            # "transformers, trl": either may define it; one row names both.
            names = ", ".join(sorted(set(parts))) or "a framework"
        by_key.setdefault((str(program), names), set()).add(claim.text)
    meta = {e["program"]: e for e in externals}
    rows = []
    for (program, names), flags in sorted(by_key.items()):
        if " " in names:
            rows.append({"program": program, "external": names, "display": names, "how": "unresolved", "flags": len(flags),
                         "examples": sorted(flags)[:5], "missing": _unlisted(names), "reason": True})
            continue
        found = [meta.get(name, {"program": name}) for name in names.split(", ")]
        missing = list(dict.fromkeys(e.get("missing") or f"drift cannot read {e['program']}'s source" for e in found))
        rows.append({
            "program": program,
            "external": names,
            "display": " or ".join(e.get("display", e["program"]) for e in found),
            "how": ", ".join(e.get("how", "unresolved") for e in found),
            "flags": len(flags),
            "examples": sorted(flags)[:5],
            "missing": "; ".join(missing),
        })
    return rows


_OPENERS = ("options named at run time", "commands plugins register", "plugins it loads")


def _unlisted(reason: str) -> str:
    if reason.startswith(_OPENERS):
        return f"the program takes {reason}, which drift cannot list without running it"
    return reason


def note_lines(rows: list[dict[str, Any]]) -> list[str]:
    """One line per external: how many flags each program was given that it may take
    from there, and the one thing that would let drift check them."""
    by_external: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_external.setdefault(row["external"], []).append(row)
    lines = []
    for group in by_external.values():
        total = sum(r["flags"] for r in group)
        ranked = sorted(group, key=lambda r: (-r["flags"], r["program"]))
        where = ", ".join(f"{r['program'] if r['program'] != 'prose' else 'prose and tables'} {r['flags']}" for r in ranked[:4])
        if len(ranked) > 4:
            where += f" and {len(ranked) - 4} more programs"
        examples = sorted({e for r in group for e in r["examples"]})[:3]
        if group[0].get("reason"):
            lines.append(f"{total} flag(s) are unchecked ({where}; e.g. {', '.join(examples)}): {group[0]['missing']}")
            continue
        display = group[0]["display"]
        owner = display + ("'" if display.endswith("s") else "'s") if " or " not in display else "those of " + display
        lines.append(f"{total} flag(s) that may be {owner} are unchecked ({where}; e.g. {', '.join(examples)}): {group[0]['missing']}")
    return lines
