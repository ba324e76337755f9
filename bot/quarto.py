"""Quarto sites: what a `_quarto.yml` project makes of its `.qmd` pages.

Quarto renders Pandoc Markdown (`.qmd`, with `{python}` cells) into a website from the
folder that holds `_quarto.yml`. Two things differ from GitHub's reading of Markdown:

- heading ids are Pandoc's (`auto_identifiers`): punctuation other than `_`, `-` and `.` is
  dropped and nothing before the first letter is kept, so `## 1. Set up ibis.duckdb` is
  `#set-up-ibis.duckdb`;
- quartodoc writes the API reference at build time into its `dir:` (`reference/` unless
  set): ibis' pages link `../../reference/expression-tables.qmd`, which the tree lacks.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from typing import Iterable

PROJECT_FILE = "_quarto.yml"
MAX_PROJECT_BYTES = 256 * 1024
_DEFAULT_REFERENCE_DIR = "reference"
_QUARTODOC = re.compile(r"^quartodoc:[ \t]*\n((?:[ \t]+.*\n|[ \t]*\n)*)", re.M)
_DIR = re.compile(r"^[ \t]{1,4}dir:[ \t]*[\"']?([\w./-]+?)[\"']?[ \t]*(?:#.*)?$", re.M)


def reference_dirs(projects: Iterable[tuple[str, str]]) -> set[str]:
    """The folders quartodoc writes pages into, for each (path of `_quarto.yml`, its text)."""
    found: set[str] = set()
    for path, text in projects:
        section = _QUARTODOC.search(text if text.endswith("\n") else text + "\n")
        if section is None:
            continue
        named = _DIR.search(section.group(1))
        folder = named.group(1).strip("/") if named else _DEFAULT_REFERENCE_DIR
        root = posixpath.dirname(path)
        found.add(posixpath.normpath(posixpath.join(root, folder)) if root else posixpath.normpath(folder))
    return found


def in_reference(folders: Iterable[str], doc: str, link: str) -> bool:
    """Whether a page's relative link lands in a folder quartodoc fills when the site builds."""
    landed = posixpath.normpath(posixpath.join(posixpath.dirname(doc), link.split("#", 1)[0]))
    return any(landed == folder or landed.startswith(folder + "/") for folder in folders)


def pandoc_slug(text: str) -> str:
    """The id Pandoc gives a heading of this text (its `auto_identifiers` extension)."""
    kept = "".join(c for c in text.lower() if c.isalnum() or c in "_-. \t\n" or unicodedata.category(c) == "Mn")
    words = re.sub(r"\s+", "-", kept.strip())
    start = next((i for i, c in enumerate(words) if c.isalpha()), len(words))
    return words[start:] or "section"
