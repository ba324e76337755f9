"""Reference tables for the repository's flags: generated from the code, in the
repository's own column style, and kept fresh between markers in the docs.

    <!-- drift:reference group="rollout" -->
    | Flag | Description | Default | Type | Choices | Source |
    ...
    <!-- /drift:reference -->

`drift audit` reports a marked section that no longer matches what would be generated
(DRIFT016), with the regenerated table as the fix; `drift fix` rewrites it. Tables
outside markers are verified (DRIFT006/7/9/11/13), never rewritten.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterator

from .checks.tables import code_type, render
from .index import FactIndex, reset_for_program, shadowed_by_parser
from .model import FLAG, Fact

DEFAULT_COLUMNS = ["Flag", "Description", "Default", "Type", "Choices", "Source"]
SECTION_START = re.compile(r"<!--\s*drift:reference\b([^>]*)-->")
SECTION_END = re.compile(r"<!--\s*/drift:reference\s*-->")
ATTR = re.compile(r'(\w+)\s*=\s*"([^"]*)"')


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ").strip()


def origin_label(fact: Fact, index: FactIndex) -> str:
    origin = fact.attrs.get("origin", {})
    if origin.get("kind") == "derived":
        return f"{origin.get('class')} (dataclass)"
    if fact.attrs.get("external_program"):
        return fact.attrs["external_program"]
    return fact.path


def external_rows(external: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows for flags of passthrough programs read from their source, labelled with the
    program and its version."""
    rows = []
    for program, flags in external.items():
        for name, attrs in sorted(flags.items()):
            if not name.startswith("--") or name.startswith("--no-"):
                continue
            version = attrs.get("version")
            rows.append({
                "flag": name, "aliases": [], "description": attrs.get("help", ""),
                "default": shown_default(attrs),
                "type": attrs.get("type", ""), "choices": ", ".join(map(str, attrs["choices"])) if isinstance(attrs.get("choices"), list) else "",
                "source": f"{program} {version}" if version else program, "group": program, "path": attrs.get("path", ""), "line": 0,
            })
    return rows


_SIZE_EXPRESSION = re.compile(r"\*\*|<<|\b1024\b|\b(?:KB|MB|GB|KiB|MiB|GiB)\b|\*\s*1000\b")


def shown_default(attrs: dict[str, Any]) -> str:
    """The default as a reader should see it: the evaluated value (not the name of the
    constant that holds it); `512 MiB` only where the code writes a size (`512 *
    1024**2`), never for a port or a timeout that happens to be a round number."""
    if attrs.get("required") == "True":
        return "required"
    if attrs.get("action") == "store_true":
        return "on" if attrs.get("default_value") else "off"
    if attrs.get("action") == "store_false":
        # `--disable-x` (dest x, True unless given): the switch itself is off by default.
        return "off" if attrs.get("default_value") in (True, None) else "on"
    if not attrs.get("default_known"):
        written = str(attrs.get("default") or "")
        # `default=default` inside a helper: the caller's value, which drift cannot see.
        return "" if re.fullmatch(r"[a-z_][a-z0-9_]*", written) else written
    source = str(attrs.get("default", ""))
    # `4 * 1024`, `512 << 20` are sizes; a bare `1024` is a count (of tokens, of steps).
    if attrs.get("default_human") and _SIZE_EXPRESSION.search(source) and not source.strip().isdigit():
        return attrs["default_human"][0]
    return render(attrs.get("default_value"))


def shown_type(attrs: dict[str, Any]) -> str:
    """`int`, or `list[int]` for `nargs="+"`; converters named like str2bool as their type."""
    raw = str(attrs.get("type", "") or "")
    normal = code_type({k: v for k, v in attrs.items() if k != "nargs"})
    base = normal or raw
    if code_type(attrs) == "list" and normal != "list":
        return f"list[{base}]" if base else "list"
    return base


def flag_rows(index: FactIndex, group: str | None = None, external: dict[str, dict[str, Any]] | None = None, program: Any = None) -> list[dict[str, Any]]:
    """One row per option (aliases and `--no-` forms folded in), in definition order;
    with ``program``, only that program's options, each as its own parser defines it."""
    rows: dict[tuple, dict[str, Any]] = {}
    if program is not None:
        from .programs import program_flags

        names = program_flags(index, program)
    else:
        names = index.names(FLAG)
    for name, facts in names.items():
        if not name.startswith("--") or name.startswith("--no-") and any(a.startswith("--") and not a.startswith("--no-") for a in facts[0].attrs.get("aliases", [])):
            continue
        if shadowed_by_parser(index, name):
            continue  # `--tp-size` of a ModelArgs dataclass where the server parses `--tp_size`
        # A program's reference lists each subcommand's own definition (`--server-port` of
        # `serve api_server` and of `serve proxy`); the pooled table, the best one.
        for fact in facts if program is not None else facts[:1]:
            aliases = [a for a in fact.attrs.get("aliases", []) if a != name]
            key = (fact.path, fact.line, fact.attrs.get("dest"))
            sections = _subcommand_groups(index, program, fact) if program is not None else []
            if not sections and program is not None and fact is not facts[0]:
                continue  # a second top-level definition: the first one is what runs
            if program is not None:
                # `parser.set_defaults(learning_rate=8e-5)` in this program's own file: the
                # default it runs with, not the shared config class's.
                fact = reset_for_program(fact, program.files)
            for section in sections or [fact.attrs.get("group") or fact.path]:
                if group is None or section == group:
                    rows.setdefault((*key, section), {**_row(index, name, fact, aliases, fact.attrs.get("choices")), "group": section})
    ordered = sorted(rows.values(), key=lambda r: (r["group"], r["path"], r["line"]))
    if program is not None:
        from .programs import config_option_rows

        # A command line built from config classes or a Hydra config: their keys, section by section.
        ordered += [r for r in config_option_rows(index, program.entry) if group is None or r["group"] == group]
    return ordered


def _row(index: FactIndex, name: str, fact: Fact, aliases: list[str], choices: Any) -> dict[str, Any]:
    return {
        "flag": name,
        "aliases": aliases,
        "description": " ".join(str(fact.attrs.get("help") or "").split()),
        "default": shown_default(fact.attrs),
        "type": shown_type(fact.attrs),
        "choices": ", ".join(render(c) for c in choices) if isinstance(choices, list) else "",
        "source": origin_label(fact, index),
        "path": fact.path,
        "line": fact.line,
    }


def _subcommand_groups(index: FactIndex, program: Any, fact: Fact) -> list[str]:
    """`serve api_server`, or `chat: PyTorch engine arguments` for an option of an
    argument group of a subcommand: the sections a program's reference lists it in."""
    from .programs import fact_subcommands, nested_subcommands

    subs = fact_subcommands(index, fact)
    if not subs:
        return []
    parents = {child: parent for parent, children in nested_subcommands(index, program).items() for child in children}
    title = fact.attrs.get("group") if fact.attrs.get("group_kind") == "title" and not str(fact.attrs.get("group", "")).endswith(" (subcommand)") else None
    groups = []
    for sub in sorted(subs):
        path = f"{parents[sub]} {sub}" if sub in parents else sub
        groups.append(f"{path}: {title}" if title else f"{path} (subcommand)")
    return groups


def _value(row: dict[str, Any], column: str) -> str:
    key = column.strip().lower()
    if key in ("flag", "flags", "argument", "arguments", "option", "options", "name", "parameter", "parameters", "cli flag", "key", "config key"):
        names = [row["flag"], *[a for a in row["aliases"] if a.startswith("-")]]
        return ", ".join(f"`{n}`" for n in names)
    if key in ("description", "help", "meaning", "what it does", "notes", "purpose"):
        return _cell(row["description"])
    if key.startswith("default"):
        return f"`{_cell(row['default'])}`" if row["default"] != "" else ""
    if key == "type":
        return _cell(row["type"])
    if key in ("choices", "values", "allowed values", "possible values", "valid values"):
        return _cell(row["choices"])
    if key in ("source", "origin", "defined in", "from", "owner"):
        return f"`{_cell(row['source'])}`"
    if key == "group":
        return _cell(row["group"])
    return ""


def render_markdown(rows: list[dict[str, Any]], columns: list[str] | None = None) -> str:
    columns = columns or DEFAULT_COLUMNS
    lines = ["| " + " | ".join(columns) + " |", "| " + " | ".join("---" for _ in columns) + " |"]
    for row in rows:
        lines.append("| " + " | ".join(_value(row, c) for c in columns) + " |")
    return "\n".join(lines) + "\n"


def render_sections(rows: list[dict[str, Any]], columns: list[str] | None = None, title: str | None = None, notes: list[str] | None = None) -> str:
    """A program's reference: one section per argument group, in definition order."""
    out = [f"# {title}", ""] if title else []
    for note in notes or []:
        out += [note, ""]
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        group = row["group"]
        dotted = re.match(r"--([A-Za-z]\w*)\.", row["flag"])
        if group == row["path"] and dotted:
            group = dotted.group(1)  # `--ckpt.save_steps` with no argument group: its namespace is one
        groups.setdefault(group, []).append(row)
    for group, members in groups.items():
        out += [f"## {group}", "", render_markdown(members, columns or _section_columns(members))]
    return "\n".join(out).rstrip("\n") + "\n"


def _section_columns(members: list[dict[str, Any]]) -> list[str]:
    """The default columns, without those no row fills; `Key` for a section of config
    keys (`trainer.nnodes`, set as `key=value`)."""
    columns = [c for c in DEFAULT_COLUMNS if c.lower() not in ("type", "choices") or any(_value(m, c) for m in members)]
    if not any(m["flag"].startswith("-") for m in members):
        columns = ["Key" if c.lower() == "flag" else c for c in columns]
    return columns


def render_row(row: dict[str, Any], columns: list[str]) -> str:
    return "| " + " | ".join(_value(row, c) for c in columns) + " |"


def render_json(rows: list[dict[str, Any]]) -> str:
    return json.dumps(rows, indent=2) + "\n"


def _marked_blocks(lines: list[str], start: re.Pattern, end_of: Callable[[re.Match], re.Pattern]) -> Iterator[tuple[re.Match, int, int]]:
    """(start match, start line index, end line index) of each block between a line that
    matches ``start`` and the next that matches its end marker; unclosed ones are skipped."""
    index = 0
    while index < len(lines):
        match = start.search(lines[index])
        if match:
            marker = end_of(match)
            end = next((j for j in range(index + 1, len(lines)) if marker.search(lines[j])), None)
            if end is not None:
                yield match, index, end
                index = end
        index += 1


def find_sections(text: str) -> list[dict[str, Any]]:
    """Generated sections of a doc: their attributes, and the lines between the markers."""
    lines = text.splitlines()
    return [
        {"attrs": dict(ATTR.findall(match.group(1))), "start": first + 1, "end": last + 1, "body": "\n".join(lines[first + 1 : last])}
        for match, first, last in _marked_blocks(lines, SECTION_START, lambda _: SECTION_END)
    ]


# Blocks another tool writes and rewrites: `<!-- ALL-CONTRIBUTORS-LIST:START - Do not remove
# or modify this section -->` ... `<!-- ALL-CONTRIBUTORS-LIST:END -->`, `<!-- BEGIN_TF_DOCS -->`.
TOOL_BLOCK_START = re.compile(r"<!--\s*(?:([A-Z][A-Z0-9_-]*?)[:_-]START|BEGIN[_ -]([A-Z][A-Z0-9_-]*))\b[^>]*-->")


def _tool_block_end(match: re.Match) -> re.Pattern:
    name = re.escape(match.group(1) or match.group(2))
    return re.compile(rf"<!--\s*(?:{name}[:_-]END|END[_ -]{name})\b[^>]*-->")


def tool_generated_blocks(text: str) -> list[list[int]]:
    """First and last line (1-based) of each block a tool generates between its markers."""
    return [[first + 1, last + 1] for _, first, last in _marked_blocks(text.splitlines(), TOOL_BLOCK_START, _tool_block_end)]


def section_columns(body: str) -> list[str] | None:
    """The columns a section's existing table uses, so regeneration keeps its style."""
    for line in body.splitlines():
        if line.strip().startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            return cells if cells and cells[0] else None
    return None


def reference_columns(docs: dict[str, list[Any]], page: str | None) -> list[str]:
    """The columns of the repository's own flag reference table (the configured page's,
    else the largest table whose rows start with flags), for ready-to-paste rows."""
    best: tuple[int, list[str]] = (0, DEFAULT_COLUMNS)
    for path, refs in docs.items():
        if page and path != page:
            continue
        counts: dict[tuple, int] = {}
        for ref in refs:
            if ref.kind == "table_row":
                cells = ref.attrs.get("cells", [])
                if cells and cells[0].get("text", "").strip("` ").startswith("--"):
                    key = tuple(ref.attrs.get("headers", []))
                    counts[key] = counts.get(key, 0) + 1
        for headers, count in counts.items():
            if count > best[0] and headers:
                best = (count, list(headers))
    return best[1]


def paste_rows(analysis: Any, page: str | None = None):
    """For coverage issues: a function (kind, item) -> a ready-to-paste table row for an
    undocumented flag, in the columns of the repository's own reference table."""
    columns = reference_columns(analysis.docs, page)
    by_flag = {row["flag"]: row for row in flag_rows(analysis.index)}

    def row(kind: str, item: Any) -> str | None:
        if kind != "flags" or item.name not in by_flag:
            return None
        return render_row(by_flag[item.name], columns)

    return row
