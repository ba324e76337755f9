"""Config keys the code reads though no YAML sets them: optional, not stale.

RLinf's STEAM page documents `advantage.positive_threshold`; the shipped YAML uses the
other mode and so lacks it, but `compute_advantages_ensemble.py` reads
`cfg.advantage.get("positive_threshold")`. A key the code reads whole from a config
variable (an attribute chain, `.get("x")`, or `["a"]["x"]`) is one the program takes: the
finding becomes a note that says where. One `git grep` at the audited commit answers
every key.
"""

from __future__ import annotations

import re

from .config_tree import config_role
from .history import History
from .index import is_test_path
from .model import Finding

CODE = "DRIFT017"
PATHSPEC = ["*.py"]
OTHER_LANGUAGES = ["*.go", "*.rs"]
MAX_KEYS = 200  # keys asked about in one audit
DEPRECATION_NEAR = 3  # lines after a read where a deprecation warning says the key is going


# `rev:path:12:text` for a matching line, `rev:path-13-text` for one after it.
_GREP_MATCH = re.compile(r"^[^:]+:(?P<path>[^\s:]+?):(?P<number>\d+):(?P<text>.*)$")
_GREP_AFTER = re.compile(r"^[^:]+:(?P<path>[^\s:]+?)-(?P<number>\d+)-(?P<text>.*)$")


def _specific(leaf: str) -> bool:
    """A name specific enough that code reading it under the same parent means this key
    (`positive_threshold`), unlike `path` or `name` under `data`."""
    return len(leaf) >= 8 and "_" in leaf


def _reads(parts: list[str]) -> str:
    """How code reads the whole key from a config variable: `cfg.a.b`, `self.config.a.get("b")`,
    `cfg["a"]["b"]`; not a longer chain that ends alike (`config.ray_kwargs.ray_init.num_cpus`
    is no read of `ray_init.num_cpus`)."""
    root = r"(?<![\w.])(?:self\.)?[A-Za-z_]\w*"
    head, leaf = r"\.".join(parts[:-1]), parts[-1]
    quoted = "".join(rf"\[[\"']{p}[\"']\]" for p in parts)
    return rf"{root}\.{head}\.{leaf}\b|{root}\.{head}\.get\(\s*[\"']{leaf}[\"']|{root}{quoted}"


def optional_keys_read(findings: list[Finding], history: History, head: str) -> int:
    """Lower, in place, config-key findings whose key the code reads; returns how many.
    A read beside a deprecation warning keeps the finding: the key is on its way out."""
    wanted: dict[str, list[Finding]] = {}
    for item in findings:
        parts = item.text.split(".")
        if item.rule != CODE or item.confidence == "low" or item.change is not None or len(parts) < 2:
            continue
        if all(re.fullmatch(r"[A-Za-z_]\w*", p) for p in parts) and _specific(parts[-1]):
            wanted.setdefault(item.text, []).append(item)
    if not wanted:
        return 0
    keys = sorted(wanted)[:MAX_KEYS]
    patterns = {key: re.compile(_reads(key.split("."))) for key in keys}
    try:
        # git grep finds the lines that name a key's last part; Python's regex judges them.
        leaves = [arg for leaf in sorted({key.rsplit(".", 1)[-1] for key in keys}) for arg in ("-e", leaf)]
        out = history.run_git("grep", "-I", "-n", "-w", "-F", "-A", str(DEPRECATION_NEAR), *leaves, head, "--", *PATHSPEC).decode("utf-8", "replace")
    except Exception:
        return 0
    lines: dict[tuple[str, int], str] = {}
    matched: list[tuple[str, int]] = []
    for line in out.splitlines():
        found = _GREP_MATCH.match(line)
        after = None if found is not None else _GREP_AFTER.match(line)
        if found is None and after is None:
            continue  # `--` between groups of lines
        path, number = (found or after).group("path"), int((found or after).group("number"))
        lines[(path, number)] = (found or after).group("text")
        if found is not None and not is_test_path(path):
            matched.append((path, number))
    readers: dict[str, list[str]] = {}
    for path, number in matched:
        if any("deprecat" in lines.get((path, number + k), "").lower() for k in range(DEPRECATION_NEAR + 1)):
            continue
        for key, pattern in patterns.items():
            if pattern.search(lines[(path, number)]):
                readers.setdefault(key, []).append(path)
    lowered = 0
    for key, paths in readers.items():
        for item in wanted[key]:
            # A recipe's own reader keeps the key alive for that recipe's pages, not for the
            # main docs (verl's FAQ `ray_init.num_cpus`, moved under ray_kwargs, that only
            # recipe/gkd still reads from its own config).
            reader = next((p for p in sorted(paths) if config_role(p) == "main" or config_role(p) == config_role(item.path)), None)
            if reader is None:
                continue
            item.confidence = "low"
            item.replacement = None
            item.evidence += f"; {reader} reads {key}: an optional key the shipped configs leave out"
            lowered += 1
    return lowered


# `Run *string `yaml:"run,omitempty"`` (Go), `#[serde(rename = "run")]` (Rust): a struct
# another language's program loads the YAML into.
_STRUCT_TAG = re.compile(r'\b(?:yaml|json|toml|mapstructure):"([\w-]+)|serde\(\s*rename\s*=\s*"([\w-]+)')


def keys_of_other_language_structs(findings: list[Finding], history: History, head: str) -> int:
    """Lower, in place, config-key findings whose last name a Go or Rust struct of this
    repository takes as a field (cog's `cog.yaml` is read into pkg/config's Go structs:
    `build.sdk_version` is documented right); returns how many."""
    wanted: dict[str, list[Finding]] = {}
    for item in findings:
        leaf = item.text.rsplit(".", 1)[-1]
        if item.rule == CODE and item.confidence != "low" and item.change is None and "." in item.text and re.fullmatch(r"[\w-]+", leaf):
            wanted.setdefault(leaf, []).append(item)
    if not wanted:
        return 0
    try:
        out = history.run_git("grep", "-I", "-o", "-E", "-e", r'(yaml|json|toml|mapstructure):"[A-Za-z_-][A-Za-z0-9_-]*|serde\( *rename *= *"[A-Za-z_-][A-Za-z0-9_-]*', head, "--", *OTHER_LANGUAGES).decode("utf-8", "replace")
    except Exception:
        return 0
    fields: dict[str, str] = {}
    for line in out.splitlines():
        _, path, match = (line.split(":", 2) + ["", ""])[:3]
        found = _STRUCT_TAG.search(match)
        if found and not is_test_path(path):
            fields.setdefault(found.group(1) or found.group(2), path)
    lowered = 0
    for leaf, items in wanted.items():
        if leaf in fields:
            for item in items:
                item.confidence = "low"
                item.replacement = None
                item.evidence += f"; a struct in {fields[leaf]} takes a field {leaf}: the program in that language may read the key"
                lowered += 1
    return lowered



PATH_CODE = "DRIFT001"
MAX_PATHS = 100  # paths asked about in one audit
_PART = re.compile(r"[\w][\w.+-]*")


def paths_the_code_builds(findings: list[Finding], history: History, head: str) -> int:
    """Lower, in place, stale-path findings whose every part one Python file of the
    repository holds as a string literal (`Path("databases")` and `DB_FILE = "invokeai.db"`,
    `root / "configs" / "models.yaml"`): the program builds that path at run time, in the
    user's folder; the doc names a file it makes, not one the tree lost. Returns how many."""
    wanted: dict[tuple[str, ...], list[Finding]] = {}
    for item in findings:
        parts = tuple(p for p in item.text.strip("/").split("/") if p not in ("", "."))
        if item.rule != PATH_CODE or item.confidence == "low" or item.change is not None or item.replacement is not None or item.context == "link":
            continue
        if len(parts) < 2 or not all(_PART.fullmatch(p) for p in parts) or "." not in parts[-1] or parts[-1].endswith((".py", ".sh")):
            continue
        wanted.setdefault(parts, []).append(item)
    asked = sorted(wanted)[:MAX_PATHS]
    if not asked:
        return 0
    # One git grep for every part of every path: which files quote which parts.
    words = sorted({part for parts in asked for part in parts})
    pattern = "[\"'](" + "|".join(re.escape(w) for w in words) + ")[\"']"
    try:
        out = history.run_git("grep", "-I", "-o", "-E", "-e", pattern, head, "--", *PATHSPEC).decode("utf-8", "replace")
    except Exception:
        return 0  # git failed: keep the findings
    quoted_in: dict[str, set[str]] = {}
    for line in out.splitlines():
        _, path, match = (line.split(":", 2) + ["", ""])[:3]
        if path and not is_test_path(path):
            quoted_in.setdefault(match.strip("\"'"), set()).add(path)
    lowered = 0
    for parts in asked:
        holders = set.intersection(*(quoted_in.get(part, set()) for part in parts))
        builder = min(holders) if holders else None
        if builder is None:
            continue
        for item in wanted[parts]:
            item.confidence = "low"
            item.evidence += f"; {builder} names {', '.join(repr(p) for p in parts)}: a path the program builds at run time, in the user's folder"
            lowered += 1
    return lowered
