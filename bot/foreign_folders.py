"""Pages that sit in the folder of a program written in another language.

kubeflow pipelines' frontend/scripts/ui-smoke-test/README.md documents the options of
smoke-test-runner.js beside it; djl-serving's benchmark/README.md those of a Java CLI.
drift reads Python parsers: a Python script elsewhere that happens to define `--mode`
or `--model_path` is not the program such a page describes. Its option findings that no
definition inside that folder backs are notes (`low`), and say why.
"""

from __future__ import annotations

import posixpath
from typing import Any, Iterable

from .model import Finding

# Sources of programs drift does not read the options of.
FOREIGN_SOURCES = {
    ".js": "JavaScript", ".mjs": "JavaScript", ".cjs": "JavaScript", ".ts": "TypeScript", ".tsx": "TypeScript",
    ".java": "Java", ".kt": "Kotlin", ".scala": "Scala", ".go": "Go", ".rs": "Rust", ".rb": "Ruby",
    ".cs": "C#", ".swift": "Swift", ".cc": "C++", ".cpp": "C++", ".cxx": "C++", ".c": "C", ".cu": "CUDA",
}
# Rules about a program's options: which flags exist, their defaults, choices, types, help.
OPTION_RULES = frozenset({"DRIFT002", "DRIFT006", "DRIFT007", "DRIFT009", "DRIFT011", "DRIFT013", "DRIFT018", "DRIFT019"})


def _folder_languages(files: Iterable[str]) -> tuple[dict[str, str], set[str]]:
    """(folder -> one foreign source under it, folders with Python under them); the
    repository's root is neither, as every repository mixes languages there."""
    foreign: dict[str, str] = {}
    python: set[str] = set()
    for path in files:
        ext = posixpath.splitext(path)[1].lower()
        if ext not in FOREIGN_SOURCES and ext not in (".py", ".pyx"):
            continue
        folder = posixpath.dirname(path)
        while folder:
            if ext in (".py", ".pyx"):
                if folder in python:
                    break
                python.add(folder)
            elif folder not in foreign:
                foreign[folder] = path
            folder = posixpath.dirname(folder)
    return foreign, python


def foreign_program_folder(index: Any, doc: str) -> tuple[str, str] | None:
    """(folder, a source in it) of the nearest folder above ``doc`` holding another
    language's sources and no Python at any depth; None when a folder on the way up has
    Python (the page may describe it)."""
    if "foreign_folders" not in index.memo:
        index.memo["foreign_folders"] = _folder_languages(index.files)
    foreign, python = index.memo["foreign_folders"]
    folder = posixpath.dirname(doc)
    while folder:
        if folder in python:
            return None
        if folder in foreign:
            return folder, foreign[folder]
        folder = posixpath.dirname(folder)
    return None


def downgrade_foreign_program_pages(findings: Iterable[Finding], index: Any) -> int:
    """Lower option findings outside commands on pages in another language's program
    folder, unless the definition they compare with is in that folder. Returns how many."""
    lowered = 0
    for f in findings:
        if f.rule not in OPTION_RULES or f.confidence == "low" or f.change is not None or f.context == "command":
            continue
        found = foreign_program_folder(index, f.path)
        if found is None:
            continue
        folder, source = found
        defined_at = str((f.definition or {}).get("path") or "")
        if defined_at.startswith(folder + "/"):
            continue
        f.confidence = "low"
        f.certain = False
        language = FOREIGN_SOURCES[posixpath.splitext(source)[1].lower()]
        f.evidence += f"; the page is in {folder}/, the folder of a {language} program ({source}) with no Python: its options are that program's, which drift does not read"
        lowered += 1
    return lowered
