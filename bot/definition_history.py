"""When did a definition get the value a doc contradicts: the commit that changed a
flag's default, choices or type, found by extracting each version of its file with
drift's own extractor (never by text: a commit that edits the line's help text, or an
example that passes the flag, changes no default).

Walks the commits that touched the file (`git log --follow --raw`), newest first, and
stops at the first version whose value differs from the head's. Each version costs one
unit of a run-wide count (DEFINITION_VERSIONS), cached or not, so the bound cuts at the
same place cold and warm.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .history import LOG_FORMAT, History, parse_header
from .revision import BlobReader, DriftError

# File versions examined per run, over all definitions (a version read from the cache
# counts the same as one extracted).
DEFINITION_VERSIONS = 400
_ZERO = re.compile(r"^0+$")
_ABSENT = ("absent",)
# Lines of a version around each place the flag is named: when they are the same as
# the newer version's, its value is too, and the version need not be extracted.
_BEFORE, _AFTER = 3, 12


@dataclass
class Version:
    info: dict  # CommitInfo of the commit that wrote this version
    blob: str | None  # None: the file did not exist after this commit
    path: str


def attribute_value(attrs: dict[str, Any], attribute: str) -> Any:
    """What a doc can contradict, as a comparable value."""
    if attribute == "default":
        if not attrs.get("default_known"):
            return ("unknown", attrs.get("default"))
        return json.dumps(attrs.get("default_value"), sort_keys=True, default=repr)
    if attribute == "choices":
        return [str(c) for c in attrs["choices"]] if "choices" in attrs else None
    if attribute == "type":
        from .checks.tables import code_type

        return code_type(attrs)
    return None


class DefinitionHistory:
    def __init__(self, history: History, head: str, rule_set=None):
        self.history = history
        self.head = head
        self.left = DEFINITION_VERSIONS
        self._rule_set = rule_set
        self._reader: BlobReader | None = None
        self._versions: dict[str, list[Version]] = {}
        self._views: dict[str, dict] = {}

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()

    # -- versions of a file -------------------------------------------------------

    def versions(self, path: str) -> list[Version]:
        """Newest first: each commit that wrote ``path`` (following renames), with the
        blob it left."""
        found = self._versions.get(path)
        if found is not None:
            return found
        question = f"versions\0{self.head}\0{path}"
        rows = self.history.get(question)
        if rows is None:
            out = self.history.run_git("log", "--follow", LOG_FORMAT, "--raw", "--no-abbrev", "-M50%", self.head, "--", path).decode("utf-8", "replace")
            rows = []
            for record in out.split("\x1e"):
                header, _, body = record.partition("\n")
                info = parse_header(header)
                if info is None:
                    continue
                for line in body.splitlines():
                    if not line.startswith(":"):
                        continue
                    meta, _, names = line.partition("\t")
                    fields = meta.split()
                    if len(fields) < 5:
                        continue
                    blob = None if _ZERO.match(fields[3]) else fields[3]
                    rows.append([info.to_dict(), blob, names.split("\t")[-1]])
                    break
            self.history.put_many([(question, rows)])
        found = self._versions[path] = [Version(info, blob, where) for info, blob, where in rows]
        return found

    def _read(self, blob: str) -> bytes | None:
        if self._reader is None:
            self._reader = BlobReader(self.history.repo.git_dir)
        try:
            return self._reader.read(blob)
        except DriftError:
            return None

    # -- one version's definitions ----------------------------------------------------

    def _rules(self):
        if self._rule_set is None:
            from .rules import load_rules

            self._rule_set = load_rules()
        return self._rule_set

    def view(self, blob: str) -> dict:
        """The flags and dataclass fields of one Python blob: name -> [{line, class, the
        attributes a doc states}]."""
        found = self._views.get(blob)
        if found is not None:
            return found
        rules = self._rules()
        question = f"view\0{rules.version}\0{blob}"
        found = self.history.get(question)
        if found is None:
            from . import extract

            data = self._read(blob)
            result: dict[str, Any] = {}
            if data is not None:
                result = extract.run_extractor("python", data, extract.compiled_rules(rules))
            found = {"flags": {}, "fields": {}}
            for fact in result.get("facts", []):
                if fact.get("kind") == "flag":
                    attrs = fact.get("attrs", {})
                    found["flags"].setdefault(fact["name"], []).append(self._summary(attrs, fact.get("line", 0), (attrs.get("origin") or {}).get("class")))
            for class_name, fields in result.get("class_fields", {}).items():
                if class_name != "__bases__":
                    found["fields"][class_name] = {f["name"]: self._summary(f, f.get("line", 0), class_name) for f in fields}
            self.history.put_many([(question, found)])
        self._views[blob] = found
        return found

    @staticmethod
    def _summary(attrs: dict, line: int, class_name: str | None) -> dict:
        return {"line": line, "class": class_name, "dest": attrs.get("dest") or attrs.get("name"), **{a: attribute_value(attrs, a) for a in ("default", "choices", "type")}}

    def value(self, blob: str | None, definition: dict) -> Any:
        """The attribute of the definition in one version; _ABSENT when it is not there."""
        if blob is None:
            return _ABSENT
        view = self.view(blob)
        attribute, class_name = definition["attribute"], definition.get("class")
        matches = view["flags"].get(definition["flag"], [])
        if class_name and any(m["class"] == class_name for m in matches):
            matches = [m for m in matches if m["class"] == class_name]
        if not matches and class_name:
            field = view["fields"].get(class_name, {}).get(definition.get("dest") or definition["flag"].lstrip("-").replace("-", "_"))
            matches = [field] if field else []
        if not matches:
            return _ABSENT
        near = min(matches, key=lambda m: abs(m["line"] - definition.get("line", 0)))
        value = near[attribute]
        return tuple(value) if isinstance(value, list) else value

    def _snippet(self, blob: str | None, definition: dict) -> bytes | None:
        """The lines around each place the version names the flag (or defines the
        field), cut from the bytes directly: a long file has hundreds of versions."""
        if blob is None:
            return None
        data = self._read(blob)
        if data is None:
            return None
        flag = definition["flag"]
        field = definition.get("dest") or flag.lstrip("-").replace("-", "_")
        anchor = re.compile(rb"""["']%s["']|^[ \t]*%s[ \t]*:""" % (re.escape(flag.encode()), re.escape(field.encode())), re.M)
        spans = []
        for match in anchor.finditer(data):
            start = data.rfind(b"\n", 0, match.start()) + 1  # the start of the match's line
            for _ in range(_BEFORE):
                if start == 0:
                    break
                start = data.rfind(b"\n", 0, start - 1) + 1
            end = match.end()
            for _ in range(_AFTER):
                end = data.find(b"\n", end + 1)
                if end < 0:
                    end = len(data)
                    break
            spans.append(data[start:end])
        return b"\0".join(spans) if spans else None

    def _touching(self, definition: dict, blob: str | None) -> set[str] | None:
        """The commits that changed the definition's lines (from its head line to
        _AFTER lines below), as `git log -L` traces them through history; None when git
        cannot say, and every version is looked at."""
        data = self._read(blob) if blob else None
        line = int(definition.get("line") or 0)
        if data is None or line < 1:
            return None
        last = min(line + _AFTER, data.count(b"\n") + (0 if data.endswith(b"\n") else 1))
        if last < line:
            return None
        out = self.history.run_git("log", "--format=%x1e%H", "-L", f"{line},{last}:{definition['path']}", self.head, "--")
        if not out:
            return None
        return {record.split(b"\n", 1)[0].decode() for record in out.split(b"\x1e")[1:]}

    # -- the walk -----------------------------------------------------------------

    def change(self, definition: dict) -> tuple[str, dict | None]:
        """("changed", commit info): the newest commit that gave the definition its
        current value (its file's first version if it always had it); ("budget", None)
        when the run's count ran out first; ("missing", None) when the head's version
        does not have the definition.

        A finished walk is cached with the count it used: a warm run spends the same
        count, so it runs out at the same finding as a cold one."""
        question = f"walk\0{self.head}\0{self._rules().version}\0{json.dumps(definition, sort_keys=True)}"
        cached = self.history.get(question)
        if cached is not None:
            status, info, used = cached
            if used > self.left:
                self.left = 0
                return "budget", None
            self.left -= used
            return status, info
        left = self.left
        status, info = self._walk(definition)
        if status != "budget":
            self.history.put_many([(question, [status, info, left - self.left])])
        return status, info

    def _walk(self, definition: dict) -> tuple[str, dict | None]:
        versions = self.versions(definition["path"])
        if not versions:
            return "missing", None
        if self.left <= 0:
            return "budget", None
        self.left -= 1
        current = self.value(versions[0].blob, definition)
        if current == _ABSENT:
            return "missing", None
        snippet = self._snippet(versions[0].blob, definition)
        touched = self._touching(definition, versions[0].blob)
        for newer, older in zip(versions, versions[1:]):
            if older.blob == newer.blob or (touched is not None and newer.info["commit"] not in touched):
                continue  # this commit left the definition's lines alone
            if self.left <= 0:
                return "budget", None
            self.left -= 1
            older_snippet = self._snippet(older.blob, definition)
            if snippet is not None and older_snippet == snippet:
                continue  # the lines that define it did not change
            snippet = older_snippet
            if self.value(older.blob, definition) != current:
                return "changed", newer.info
        return "changed", versions[-1].info
