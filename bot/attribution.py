"""Who broke it: for each finding, the commit that removed or changed its subject in
the code, and how long the doc line has been stale.

History is cheap to ask once and expensive to ask a thousand times, so lookups are
cached (bot.history) and bounded per run; findings past the bound keep no attribution.
"""

from __future__ import annotations

from .history import CODE_PATHSPEC, History, ere_escape, stale_for_days, whole_name_regex
from .model import Finding

# Rules whose subject is a name that once existed in the code.
ATTRIBUTED = {"DRIFT001", "DRIFT002", "DRIFT003", "DRIFT004", "DRIFT005", "DRIFT006", "DRIFT007", "DRIFT009", "DRIFT011"}
MAX_LOOKUPS = 120
# On a long history each pickaxe search can take seconds: stop asking after this long.
BUDGET_SECONDS = 20.0


def _token(finding: Finding) -> str | None:
    token = finding.subject or finding.text
    if not token or len(token) < 3:
        return None
    return token


# Rules about a flag that still exists but whose definition changed.
DEFINITION_RULES = {"DRIFT006", "DRIFT007", "DRIFT009", "DRIFT011"}


def _questions(finding: Finding, token: str, exists) -> list[tuple[str, str]]:
    """What to ask git, in order, until one answers: ("path", path) for a removal by
    path, ("regex", ERE) for a text change, ("touch", ERE) for the last edit of a
    definition line."""
    if finding.rule == "DRIFT001":
        return [("path", token)]
    if finding.rule in DEFINITION_RULES:
        return [("touch", whole_name_regex(token))]
    if finding.rule == "DRIFT005":
        parts = token.split(".")
        # The module that is gone, if any: its file's removal is the break.
        for length in range(len(parts), 0, -1):
            module = "/".join(parts[:length])
            if exists is not None and not exists(module + ".py") and not exists(module):
                continue
            if length < len(parts):
                leaf = ere_escape(parts[length])
                gone = "/".join(parts[: length + 1])
                # `pkg.ray.megatron` where pkg/ray exists: megatron.py (or the folder) was
                # removed, or megatron was a name defined in pkg/ray.
                return [
                    ("path", gone + ".py"),
                    ("path", gone),
                    ("regex", f"(def|class)[[:space:]]+{leaf}([^A-Za-z0-9_]|$)|(^|[^A-Za-z0-9_.]){leaf}[[:space:]]*="),
                ]
            return [("regex", whole_name_regex(parts[-1]))]
        return [("path", "/".join(parts) + ".py")]
    return [("regex", whole_name_regex(token))]


def attribute(findings: list[Finding], history: History, head: str, base: str | None = None, exists=None, budget: float = BUDGET_SECONDS) -> int:
    """Set ``broken_by`` on findings; with ``exists`` (path -> bool), a stale path
    that git saw renamed gets the new path as its replacement."""
    head_info = history.commit_info(head)
    now = head_info.timestamp if head_info else 0
    tokens: dict[tuple[str, bool], dict | None] = {}
    attributed = 0
    for finding in findings:
        if finding.rule not in ATTRIBUTED:
            continue
        token = _token(finding)
        if token is None:
            continue
        key = (token, finding.rule in DEFINITION_RULES)
        if key not in tokens:
            if len(tokens) >= MAX_LOOKUPS or history.seconds > budget:
                continue
            # A path's removal is a tree change: ask git for it by path, not by text.
            tokens[key] = None
            for kind, question in _questions(finding, token, exists):
                if kind == "path":
                    tokens[key] = history.path_removal(question, head, base)
                elif kind == "touch":
                    where = (finding.change or {}).get("now", "").rsplit(":", 1)[0]
                    tokens[key] = history.last_touch(question, head, [where] if where else CODE_PATHSPEC, base)
                else:
                    tokens[key] = history.last_change(token, head, CODE_PATHSPEC, base, regex=question)
                if tokens[key]:
                    break
        broken = tokens[key]
        if not broken:
            continue
        doc_line = history.line_age(finding.path, finding.line, head)
        broken = dict(broken)
        if doc_line:
            broken["doc_line_commit"] = doc_line["commit"]
            # Written in the breaking commit or after it; a tie in time is not "after".
            broken["born_stale"] = doc_line["commit"] == broken.get("commit") or doc_line.get("timestamp", 0) > broken.get("timestamp", 0)
        days = stale_for_days(broken, doc_line, now)
        if days is not None:
            broken["stale_days"] = days
        finding.broken_by = broken
        attributed += 1
        renamed_to = broken.get("renamed_to")
        if finding.rule == "DRIFT001" and finding.replacement is None and renamed_to and exists and exists(renamed_to):
            finding.replacement = renamed_to if finding.text == token else finding.text.replace(token, renamed_to)
            finding.certain = True
            finding.evidence += f"; git history: renamed to {renamed_to} in {broken['commit'][:10]}"
    return attributed
