"""Coverage reports: text, JSON, Markdown (an issue body), a self-contained HTML page
with a chart per group and a table to drill into, and an SVG badge."""

from __future__ import annotations

import html
import json
from functools import lru_cache

from jinja2 import Environment, PackageLoader, select_autoescape

from ..coverage import Coverage

LABELS = {"flags": "CLI flags", "env": "environment variables", "metrics": "metrics", "config_keys": "config keys", "symbols": "public classes and functions"}


@lru_cache(maxsize=1)
def _env() -> Environment:
    return Environment(loader=PackageLoader(__package__, "templates"), autoescape=select_autoescape(["html", "j2"]))


def text(coverage: Coverage, top: int = 8) -> str:
    data = coverage.to_dict()
    lines = [f"Coverage at {coverage.commit[:10]}: {data['total']['documented']} of {data['total']['defined']} names documented ({data['total']['percent']}%)", ""]
    lines.append(f"{'kind':<22}{'defined':>9}{'documented':>12}{'%':>8}")
    for name, kind in data["kinds"].items():
        lines.append(f"{LABELS.get(name, name):<22}{kind['defined']:>9}{kind['documented']:>12}{kind['percent']:>8}")
        if "reference" in kind:
            ref = kind["reference"]
            lines.append(f"  reference page {ref['page']}: documents {ref['documented']} of {ref['defined']}")
    lines += program_lines(coverage, top)
    for name, kind in data["kinds"].items():
        gaps = [(group, info) for group, info in kind["groups"].items() if info["undocumented"]]
        if not gaps:
            continue
        lines += ["", f"Undocumented {LABELS.get(name, name)}, by group:"]
        for group, info in gaps[:top]:
            names = ", ".join(info["undocumented"][:6]) + (f", … (+{len(info['undocumented']) - 6})" if len(info["undocumented"]) > 6 else "")
            lines.append(f"  {group}: {info['documented']}/{info['defined']} documented; missing {names}")
        if len(gaps) > top:
            lines.append(f"  … and {len(gaps) - top} more groups (--format json lists every name)")
    return "\n".join(lines) + "\n"


def program_lines(coverage: Coverage, top: int = 8) -> list[str]:
    """Flags per program, the main programs first; tools, examples and tests apart."""
    if not coverage.programs:
        return []
    lines = ["", "Options per program:"]
    shown = 0
    for role in ("main", "tool", "example", "test"):
        programs = [p for p in coverage.programs if p.role == role]
        if not programs:
            continue
        if role != "main":
            lines.append(f"  {role}s ({len(programs)}):")
        for program in programs[: top if role == "main" else 3]:
            opened = f"; also takes the flags of {', '.join(program.open_to[:3])}" if program.open_to else ""
            lines.append(f"    {program.name} documents {program.documented} of {program.defined} {program.noun} ({round(program.percent, 1)}%){opened}")
            shown += 1
        if len(programs) > (top if role == "main" else 3):
            lines.append(f"    … and {len(programs) - (top if role == 'main' else 3)} more {role} programs (--format json lists them)")
    return lines


def as_json(coverage: Coverage) -> str:
    return json.dumps(coverage.to_dict(), indent=2) + "\n"


def markdown(coverage: Coverage) -> str:
    data = coverage.to_dict()
    out = [f"### Documentation coverage at `{coverage.commit[:10]}`", "", "| kind | defined | documented | % |", "| --- | ---: | ---: | ---: |"]
    for name, kind in data["kinds"].items():
        out.append(f"| {LABELS.get(name, name)} | {kind['defined']} | {kind['documented']} | {kind['percent']} |")
    if coverage.programs:
        out += ["", "| program | role | flags | documented | % |", "| --- | --- | ---: | ---: | ---: |"]
        for program in [p for p in coverage.programs if p.role == "main"][:20] + [p for p in coverage.programs if p.role != "main"][:10]:
            out.append(f"| `{program.name}` | {program.role} | {program.defined} | {program.documented} | {round(program.percent, 1)} |")
    for name, kind in data["kinds"].items():
        items = kind["undocumented"]
        if items:
            out += ["", f"<details><summary>{len(items)} undocumented {LABELS.get(name, name)}</summary>", ""]
            out += [f"- `{i['name']}` ({i['path']}:{i['line']}, {i['group']})" for i in items[:500]]
            out += ["", "</details>"]
    return "\n".join(out) + "\n"


CHART_ROW = 20
CHART_LABEL = 300  # px for a group's name, right-aligned against its bar
CHART_BAR = 460
LABEL_CHARS = 44


def _short(name: str) -> str:
    """A long group name cut in the middle, keeping its start and its end (a path's
    folder and file both tell groups apart); the whole name is the tooltip."""
    if len(name) <= LABEL_CHARS:
        return name
    keep = (LABEL_CHARS - 1) // 2
    return name[:keep] + "…" + name[-keep:]


def _chart(groups: dict[str, dict]) -> dict:
    """Rows of a horizontal bar chart, laid out here so the page needs no script."""
    rows = []
    for i, (name, info) in enumerate(groups.items()):
        defined, documented = info["defined"], info["documented"]
        width = CHART_BAR * documented / defined if defined else 0
        rows.append({
            "name": name, "label": _short(name), "y": i * CHART_ROW, "documented_width": round(width, 1),
            "missing_width": round(CHART_BAR - width, 1), "documented": documented, "defined": defined,
            "percent": round(100 * documented / defined) if defined else 100,
        })
    return {"rows": rows, "height": max(len(rows), 1) * CHART_ROW + 24, "label": CHART_LABEL, "bar": CHART_BAR, "row": CHART_ROW}


def _source_link(data: dict, where: str) -> str | None:
    """The definition's line on GitHub (at the audited commit), when the remote is known."""
    url = data.get("repository_url") or ""
    if not url.startswith("https://github.com/") or ":" not in where:
        return None
    path, _, line = where.rpartition(":")
    return f"{url}/blob/{data['commit']}/{path}#L{line}"


def html_page(coverage: Coverage) -> str:
    data = coverage.to_dict()
    charts = {name: _chart(kind["groups"]) for name, kind in data["kinds"].items()}
    return _env().get_template("coverage.html.j2").render(
        data=data, labels=LABELS, charts=charts, source_link=lambda where: _source_link(data, where),
        payload=json.dumps(data).replace("</", "<\\/"),
    )


def _color(percent: float) -> str:
    return "#4c1" if percent >= 90 else "#97ca00" if percent >= 75 else "#dfb317" if percent >= 50 else "#fe7d37" if percent >= 25 else "#e05d44"


def badge(coverage: Coverage, label: str = "docs coverage") -> str:
    percent = coverage.percent
    value = f"{int(percent)}%"  # rounded down: a badge never overstates
    left, right = 6 * len(label) + 10, 6 * len(value) + 10
    width = left + right
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" aria-label="{html.escape(label)}: {value}">
<title>{html.escape(label)}: {value}</title>
<rect width="{left}" height="20" fill="#555"/><rect x="{left}" width="{right}" height="20" fill="{_color(percent)}"/>
<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
<text x="{left / 2}" y="14">{html.escape(label)}</text><text x="{left + right / 2}" y="14">{value}</text>
</g></svg>
"""
