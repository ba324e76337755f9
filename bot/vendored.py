"""Folders that hold another project's copy under a name no default exclusion knows.

torchcomms keeps AMD's ROCm projects under `comms/rcclx/develop/projects/`: each folder has
its own LICENSE ("Copyright (C) Advanced Micro Devices, Inc."), while the repository's
says "(c) Meta Platforms, Inc.". Their pages are AMD's, written for AMD's tree; a
maintainer here does not fix them. A folder whose LICENSE names a copyright holder that
shares no word with the root LICENSE's holder, nor with the repository's own names
(optuna-dashboard's `vscode/` says "Optuna Development Team"), is a copy of another
project: its pages are set aside as `third_party/` would be.

Both holders must be named: an Apache LICENSE names none, and a root that names none
says nothing about whose a folder is (flet's root LICENSE names nobody, its website's
names the company behind flet).
"""

from __future__ import annotations

import posixpath
import re
from typing import Callable, Iterable

LICENSE_FILE = re.compile(r"(?:LICEN[CS]E|COPYING)(?:[._-][\w.-]+)?")
_COPYRIGHT_LINE = re.compile(r"^\s*(?:copyright\b|\(c\)|©)", re.I)
_NOT_A_NAME = re.compile(r"[\[\]<>{}]|notice|holder|owner|licen[cs]e|the above|statement", re.I)
_YEARS = re.compile(r"\b\d{4}\b(?:\s*[-–,]\s*(?:\d{4}|present)\b)*", re.I)
# Words any holder may carry: they say nothing about whose the code is.
_GENERIC = frozenset(
    "inc llc ltd limited corp corporation co gmbh and its affiliates the authors author contributors contributor "
    "developers developer team project by of company foundation org com www http https other".split()
)
HEAD_LINES = 40  # the holder is named at the top; a license's body mentions "copyright" in clauses


def copyright_holder(text: str) -> str | None:
    """Who a LICENSE names as its copyright holder, or None (Apache's text, a template)."""
    for line in text.splitlines()[:HEAD_LINES]:
        if not _COPYRIGHT_LINE.match(line):
            continue
        name = re.sub(r"(?i)copyright|\(c\)|©|all rights reserved\.?", "", line)
        name = _YEARS.sub("", name).strip(" .,:;-\t")
        if name and not _NOT_A_NAME.search(name):
            return name
    return None


def _words(name: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", name.lower()) if len(w) > 2 and w not in _GENERIC}


def vendored_folders(files: Iterable[str], read: Callable[[str], str], own_names: Iterable[str]) -> dict[str, str]:
    """folder -> the other holder its LICENSE names, for each folder below the root whose
    LICENSE names a holder that is neither the root LICENSE's nor one of ours."""
    licenses = sorted((f for f in files if LICENSE_FILE.fullmatch(posixpath.basename(f))), key=lambda f: (f.count("/"), f))
    root = next((h for h in (_holder(read, f) for f in licenses if "/" not in f) if h), None)
    if root is None:
        return {}
    ours = _words(root) | {w for name in own_names for w in _words(name)}
    found: dict[str, str] = {}
    for path in licenses:
        folder = posixpath.dirname(path)
        if not folder or folder in found or any(folder.startswith(f + "/") for f in found):
            continue
        holder = _holder(read, path)
        if holder and not (_words(holder) & ours) and _words(holder):
            found[folder] = holder
    return found


def _holder(read: Callable[[str], str], path: str) -> str | None:
    try:
        return copyright_holder(read(path))
    except Exception:  # a LICENSE git cannot give (an LFS pointer's target, a missing blob)
        return None


def under(folders: dict[str, str], path: str) -> str | None:
    """The vendored folder a path is in, if any."""
    folder = posixpath.dirname(path)
    while folder:
        if folder in folders:
            return folder
        folder = posixpath.dirname(folder)
    return None
