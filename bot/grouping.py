"""Findings with one root cause, as one group.

The same missing file named in nine pages is one thing to fix, not nine; so is a flag
renamed under forty commands, or seventy paths that all point into a folder this
repository does not have. A group is keyed by the rule and what the findings are about
(the subject: the flag, the path, the metric), and paths that share a missing folder
join that folder's group. Every finding keeps its place; the group is a label (`group`
in JSON) and a way to show it once (text, PR summary, check run).
"""

from __future__ import annotations

import hashlib
import posixpath
from collections import defaultdict
from dataclasses import dataclass, field

from .model import Finding

FOLDER_GROUP_MIN = 3  # distinct missing paths under one folder before the folder is the group
PATH_RULE = "DRIFT001"


@dataclass
class Group:
    id: str
    rule: str
    name: str
    subject: str  # what the findings are about: a flag, a path, a folder ("docs/old/")
    findings: list[Finding] = field(default_factory=list)

    @property
    def docs(self) -> int:
        return len({f.path for f in self.findings})

    def silence(self) -> str:
        """The one config line that would silence the whole group."""
        if self.rule == PATH_RULE and self.subject.endswith("/"):
            return f'ignore_names = ["{self.subject}*"]'
        return f'ignore_names = ["{self.subject}"]'


def _subject(f: Finding) -> str:
    return (f.subject or f.text or "").strip()


def _folder(path: str) -> str | None:
    parent = posixpath.dirname(path.strip("/"))
    if not parent or all(part in (".", "..") for part in parent.split("/")):
        return None  # `../a`, `./b`: relative to each doc, no one folder
    return parent + "/"


def group_findings(findings: list[Finding]) -> list[Group]:
    """Groups in the order of their first finding; sets each finding's `group`."""
    by_key: dict[tuple[str, str], list[Finding]] = defaultdict(list)
    for f in findings:
        by_key[(f.rule, _subject(f))].append(f)
    # Missing paths that share a folder, with no fix of their own: the folder is the cause.
    folders: dict[str, set[str]] = defaultdict(set)
    for (rule, subject), items in by_key.items():
        if rule == PATH_RULE and not any(f.replacement for f in items):
            folder = _folder(subject)
            if folder:
                folders[folder].add(subject)
    merged: dict[tuple[str, str], tuple[str, str]] = {}
    for folder, subjects in folders.items():
        if len(subjects) >= FOLDER_GROUP_MIN:
            for subject in subjects:
                merged.setdefault((PATH_RULE, subject), (PATH_RULE, folder))
    groups: dict[tuple[str, str], Group] = {}
    for f in findings:
        key = (f.rule, _subject(f))
        key = merged.get(key, key)
        group = groups.get(key)
        if group is None:
            digest = hashlib.sha1(f"{key[0]}\0{key[1]}".encode("utf-8", "surrogatepass")).hexdigest()[:10]
            group = groups[key] = Group(digest, f.rule, f.name, key[1])
        group.findings.append(f)
        f.group = group.id
    return list(groups.values())
