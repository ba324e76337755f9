"""What a reference table documents: the program whose flags most of its rows name (its
"home" files), and whether it lists names of the past ("Removed options", a "Deprecated"
column). A row is judged against its table's program, not against whichever file of
the repository happens to define a flag of the same name.
"""

from __future__ import annotations

import posixpath

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..index import FactIndex, is_test_path
from ..model import FLAG, HEADING, INLINE_CODE, METRIC, TABLE_ROW, Reference

_FLAG = re.compile(r"--[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]")
_PAST = re.compile(r"\b(removed|deprecated|obsolete|legacy|former|renamed|old|dropped|retired)\b", re.I)
MIN_HOME_ROWS = 3


@dataclass
class TableContext:
    home: frozenset[str] = frozenset()  # files defining most of the rows' flags
    home_dirs: frozenset[str] = frozenset()  # their folders: a program's other group files
    historical: bool = False  # the table (its section or header) lists past names
    section: str = ""
    rows: list[int] = field(default_factory=list)
    program: Any = None  # bot.programs.Program whose options nearly all its rows are, if one is
    # The header of the column that lists metric names without their namespace (`kl`,
    # `entropy`), when the table is about the repository's logged metrics.
    metric_header: str | None = None
    # "megatron-lm arguments": the flag column's header names another project whose
    # options the rows list (a mapping table to this repository's names).
    foreign_owner: str | None = None
    flag_rows: int = 0  # rows that name a flag
    defined_rows: int = 0  # of those, rows whose flag some file here defines
    titles: tuple[str, ...] = ()  # the headings above, outermost first, and scripts the prose above names

    def is_home(self, path: str) -> bool:
        return path in self.home or path.rsplit("/", 1)[0] in self.home_dirs


def table_contexts(refs: Iterable[Reference], index: FactIndex, doc: str = "") -> dict[int, TableContext]:
    """TableContext by row line, for the table rows of one doc."""
    by_line: dict[int, TableContext] = {}
    section = ""
    outline: list[tuple[int, str]] = []  # the headings above, outermost first
    titles: dict[int, tuple[str, ...]] = {}  # id(table) -> them, for the table
    current: TableContext | None = None
    last_line, last_headers = -2, None
    # Scripts the prose since the last heading or table names (bindsnet's "```reservoir.py```:
    # **Training MNIST ...**" above its table): nearer than any heading.
    named: list[str] = []
    for ref in sorted(refs, key=lambda r: (r.line, r.column)):
        if ref.kind == HEADING:
            section = ref.text
            level = ref.attrs.get("level") or 0
            if level:
                outline = [h for h in outline if h[0] < level] + [(level, ref.text)]
            named = []
            continue
        if ref.kind == INLINE_CODE and _SCRIPT_NAME.fullmatch(ref.text.strip()):
            named.append(ref.text.strip())
            continue
        if ref.kind != TABLE_ROW:
            continue
        headers = tuple(ref.attrs.get("headers", []))
        if current is None or ref.line != last_line + 1 or headers != last_headers:
            current = TableContext(section=section, historical=bool(_PAST.search(section) or any(_PAST.search(h) for h in headers)))
            titles[id(current)] = tuple(text for _, text in outline) + tuple(named)
            named = []
        if current.foreign_owner is None:
            current.foreign_owner = _foreign_flag_column(ref, headers, index)
        current.rows.append(ref.line)
        by_line[ref.line] = current
        last_line, last_headers = ref.line, headers
    tables = list({id(t): t for t in by_line.values()}.values())
    # A page split into one small table per section documents one program: where a
    # table is too small to tell, the whole page's rows say.
    page = _home(set(by_line), refs, index)
    for table in tables:
        table.home = _home(set(table.rows), refs, index) or page
        table.home_dirs = frozenset(path.rsplit("/", 1)[0] for path in table.home if "/" in path)
        table.titles = titles.get(id(table), ())
        table.program = _program(set(table.rows), refs, index, doc, table.titles)
        table.metric_header = _metric_column(set(table.rows), refs, index, table.section)
        table.flag_rows, table.defined_rows = _defined(set(table.rows), refs, index)
    return by_line


_OWNED_COLUMN = re.compile(r"^\W*([A-Za-z][\w.+-]*(?:[ -][A-Za-z][\w.+-]*)?)\s+(?:arguments?|args|flags?|options?|cli)\W*$", re.I)


_GENERIC_COLUMN_WORDS = frozenset("the our this new cli command commandline line script training launcher common supported optional required extra other additional all key main your input output server client model engine".split())


def _foreign_flag_column(row: Reference, headers: tuple, index: FactIndex) -> str | None:
    """The other project a row's flag column is headed with (`megatron-lm arguments`), when
    that name is not this repository's."""
    for position, cell in enumerate(row.attrs.get("cells", [])):
        if not _FLAG.search(cell.get("text", "")) or position >= len(headers):
            continue
        match = _OWNED_COLUMN.match(str(headers[position]))
        if not match:
            return _compared_product(headers, position, index)
        if _PAST.search(match.group(1)) or any(w in _GENERIC_COLUMN_WORDS for w in re.split(r"[\s-]+", match.group(1).lower())):
            return None  # "Removed CLI option", "Training arguments": not another project's name
        owner = re.sub(r"[^a-z0-9]", "", match.group(1).lower())
        own = {re.sub(r"[^a-z0-9]", "", n.lower()) for n in index.packages | index.root_names | index.programs}
        if not owner or any(len(n) >= 3 and owner in n for n in own):
            return None
        return match.group(1)
    return None


_COLUMN_TITLES = frozenset("flag flags option options argument arguments arg args parameter parameters param params name names description default defaults type types value values setting settings usage example examples note notes meaning purpose feature features equivalent before after old current".split())
_PRODUCT_COLUMN = re.compile(r"^\W*([A-Z][\w.+-]*(?: [A-Z][\w.+-]*)?)\W*$")


def _compared_product(headers: tuple, position: int, index: FactIndex) -> str | None:
    """The other product a comparison table's column is named for, when another column is
    named for this repository (Fooocus' `| Midjourney | Fooocus |`: `--style` is
    Midjourney's parameter)."""
    own = {re.sub(r"[^a-z0-9]", "", n.lower()) for n in index.packages | index.root_names | index.programs if len(n) >= 3}
    names = [re.sub(r"[^a-z0-9]", "", str(h).lower()) for h in headers]
    if not any(n in own for i, n in enumerate(names) if i != position):
        return None
    match = _PRODUCT_COLUMN.match(str(headers[position]))
    if not match or names[position] in own or any(w in _GENERIC_COLUMN_WORDS or w in _COLUMN_TITLES for w in match.group(1).lower().split()):
        return None
    return match.group(1)


def _defined(rows: set[int], refs: Iterable[Reference], index: FactIndex) -> tuple[int, int]:
    """(rows naming a flag, rows whose flag the repository defines anywhere)."""
    flagged = defined = 0
    for ref in refs:
        if ref.kind != TABLE_ROW or ref.line not in rows:
            continue
        match = next((m for m in (_FLAG.search(c.get("text", "")) for c in ref.attrs.get("cells", [])) if m), None)
        if match:
            flagged += 1
            defined += bool(index.names(FLAG).get(match.group(0)))
    return flagged, defined


_METRIC_HEADER = re.compile(r"\b(metrics?|keys?|names?|logged|wandb|tensorboard|mlflow|swanlab)\b", re.I)
_METRIC_SECTION = re.compile(r"\b(metrics?|logged|logging|wandb|weights (?:&|and) biases|tensorboard|dashboards?|mlflow|swanlab)\b", re.I)
_CODE = re.compile(r"`([^`\s]+)`")
_BARE_NAME = re.compile(r"^[A-Za-z_][\w.\-@]*(?:/[\w.\-@]+)*$")
METRIC_TABLE_KNOWN = 0.5  # share of a column's names the code must log before the rest are judged
METRIC_TABLE_MIN = 2


def _metric_column(rows: set[int], refs: Iterable[Reference], index: FactIndex, section: str) -> str | None:
    """The column of a table of logged metrics named without their namespace: its
    header or section says metrics, and the code logs most of its names."""
    if not index.metric_namespaces and not index.by_kind.get(METRIC):
        return None
    columns: dict[int, list[str]] = {}
    headers: list[str] = []
    for ref in refs:
        if ref.kind != TABLE_ROW or ref.line not in rows:
            continue
        headers = ref.attrs.get("headers", [])
        for column, cell in enumerate(ref.attrs.get("cells", [])):
            names = [n for n in _CODE.findall(cell.get("text", "")) if _BARE_NAME.match(n) and not n.startswith("-")]
            if len(names) == 1:
                columns.setdefault(column, []).append(names[0])
    for column, names in sorted(columns.items()):
        header = headers[column] if column < len(headers) else ""
        if not _METRIC_HEADER.search(header) or not (_METRIC_SECTION.search(header) or _METRIC_SECTION.search(section)):
            continue
        known = sum(1 for name in names if index.bare_metric_exists(name))
        if known >= METRIC_TABLE_MIN and known >= METRIC_TABLE_KNOWN * len(names):
            return header
    return None


PROGRAM_SHARE = 0.8  # of the rows some program defines, the share one program must have


def _distance(doc: str, entry: str) -> int:
    """Folders between a page and a program's entry (`eval/vqa/README.md` and
    `eval/vqa/evaluate_vqa.py`: 0)."""
    ours, theirs = posixpath.dirname(doc).split("/"), posixpath.dirname(entry).split("/")
    common = 0
    while common < min(len(ours), len(theirs)) and ours[common] == theirs[common]:
        common += 1
    return (len(ours) - common) + (len(theirs) - common)


_SCRIPT_NAME = re.compile(r"(?:python3?\s+)?[\w./-]+\.py")


def _named_in(titles: tuple[str, ...], entry: str) -> int:
    """How deep the headings above a table name a program's script (`## olmo_core_finetune.py`
    or its module name): the nearest heading counts most; 0 when none does."""
    stem = posixpath.basename(entry).removesuffix(".py")
    if stem in ("__main__", "main", "cli", "run", "train"):
        return 0  # too common a name to tell programs apart
    pattern = re.compile(rf"(?<![\w/.-]){re.escape(stem)}(?:\.py)?(?![\w-])")
    return max((depth + 1 for depth, title in enumerate(titles) if pattern.search(title)), default=0)


def names_script(titles: tuple[str, ...], path: str) -> bool:
    """Whether the headings or the prose above a table name the script at ``path`` (its
    name, or its path as the prose writes it: `scripts/precompute.py`)."""
    written = {re.sub(r"^python3?\s+", "", title).removeprefix("./") for title in titles}
    return path in written or _named_in(titles, path) > 0


def _program(rows: set[int], refs: Iterable[Reference], index: FactIndex, doc: str = "", titles: tuple[str, ...] = ()) -> Any:
    """The program nearly every row (that the repository defines at all) is an option of.
    Between programs that take the rows alike (25 `evaluate_*.py` with `--datasets` and
    `--checkpoint`), the one the headings above the table name (`## dpo.py`, then
    `## olmo_core_finetune.py`, over config classes both take), else the one nearest the
    page (its own folder's script)."""
    from ..programs import programs_defining

    flags = []
    for ref in refs:
        if ref.kind == TABLE_ROW and ref.line in rows:
            match = next((m for m in (_FLAG.search(c.get("text", "")) for c in ref.attrs.get("cells", [])) if m), None)
            if match and index.has(FLAG, match.group(0)):
                flags.append(match.group(0))
    from ..programs import program_flags

    if not flags:
        return None
    if len(set(flags)) < MIN_HOME_ROWS:
        # Too few rows to tell a program by: the one the headings or the prose above name,
        # if it takes every row.
        takers = [program for program, _ in programs_defining(index, flags) if all(flag in program_flags(index, program) for flag in set(flags))]
        depths = sorted(((_named_in(titles, program.entry), program.entry, program) for program in takers), key=lambda item: item[:2], reverse=True)
        if depths and depths[0][0] and (len(depths) == 1 or depths[1][0] < depths[0][0]):
            return depths[0][2]
        return None

    ranked = []
    for program, _ in programs_defining(index, flags):
        own = program_flags(index, program)
        # Only a parser's options say which program a row is (a `*Args` dataclass's
        # field that a naming rule makes a flag does not).
        count = sum(1 for flag in set(flags) if any((f.attrs.get("origin") or {}).get("by") != "name" for f in own.get(flag, ())))
        # Between programs that all take the rows (a config dataclass many import), the one
        # whose own parser adds them (`add_argument`, with choices and help), then the larger.
        parsed = sum(1 for flag in set(flags) if any((f.attrs.get("origin") or {}).get("kind") != "derived" for f in own.get(flag, ())))
        ranked.append((count, parsed, -_distance(doc, program.entry) if doc else 0, len(own), program))
    if not ranked:
        return None
    enough = [item for item in ranked if item[0] >= PROGRAM_SHARE * len(set(flags))]
    named = [(_named_in(titles, item[-1].entry), item) for item in enough]
    if any(depth for depth, _ in named):
        return max(named, key=lambda pair: (pair[0], pair[1][:4]))[1][-1]
    count, _, _, _, program = max(ranked, key=lambda item: item[:4])
    return program if count >= PROGRAM_SHARE * len(set(flags)) else None


def _home(rows: set[int], refs: Iterable[Reference], index: FactIndex) -> frozenset[str]:
    votes: Counter[str] = Counter()
    resolved = 0
    for ref in refs:
        if ref.kind != TABLE_ROW or ref.line not in rows:
            continue
        cells = ref.attrs.get("cells", [])
        match = next((m for m in (_FLAG.search(c.get("text", "")) for c in cells) if m), None)
        facts = index.names(FLAG).get(match.group(0)) if match else None
        paths = {f.path for f in facts or () if not is_test_path(f.path) and (f.attrs.get("origin") or {}).get("by") != "name"}
        if len(paths) != 1:
            continue  # only a row whose flag one file defines says which program it is
        resolved += 1
        votes[paths.pop()] += 1
    if not votes or resolved < MIN_HOME_ROWS:
        return frozenset()
    # A program's flags often span several files (one per argument group): every file
    # that defines a fair share of the rows is home; one that defines a row or two is not.
    floor = max(2, resolved // 10)
    return frozenset(path for path, count in votes.items() if count >= floor)


_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?`([^`\s]+)`")


def metric_list_items(refs: Iterable[Reference], index: FactIndex) -> set[int]:
    """Lines of list items that define metric names without their namespace (`- `kl`:
    KL to the reference`), in sections about logged metrics where the code logs most of
    the items' names."""
    if not index.metric_namespaces and not index.by_kind.get(METRIC):
        return set()
    section = ""
    by_section: dict[str, list[tuple[int, str]]] = {}
    for ref in sorted(refs, key=lambda r: (r.line, r.column)):
        if ref.kind == HEADING:
            section = ref.text
            continue
        if ref.kind != "inline_code" or ref.attrs.get("in_table") is not None or not _METRIC_SECTION.search(section):
            continue
        item = _ITEM.match(ref.attrs.get("context") or "")
        if item and item.group(1) == ref.text and _BARE_NAME.match(ref.text) and "/" not in ref.text and not ref.text.startswith("-"):
            by_section.setdefault(section, []).append((ref.line, ref.text))
    lines: set[int] = set()
    for items in by_section.values():
        known = sum(1 for _, name in items if index.bare_metric_exists(name))
        if known >= METRIC_TABLE_MIN and known >= METRIC_TABLE_KNOWN * len(items):
            lines.update(line for line, _ in items)
    return lines
