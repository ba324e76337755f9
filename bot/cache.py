"""On-disk cache of extraction results, keyed by (blob id, extractor, rules version).

A blob's bytes never change, so its facts and references never change for one version
of the rules: a second audit re-parses only blobs it has not seen.
"""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from pathlib import Path
from typing import Any, Iterable

from .sqlite_open import connect_shared


def default_cache_path(git_dir: str) -> Path:
    override = os.environ.get("DRIFT_CACHE_DIR")
    if override:
        return Path(override) / "cache.sqlite"
    return Path(git_dir) / "drift" / "cache.sqlite"


class Cache:
    def __init__(self, path: Path | None):
        self.path = str(path) if path is not None else None
        self._db: sqlite3.Connection | None = None
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = connect_shared(str(path))
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS extract ("
                " blob TEXT, extractor TEXT, version TEXT, data BLOB,"
                " PRIMARY KEY (blob, extractor, version))"
            )
            self._db.commit()
        except (sqlite3.Error, OSError):
            # A read-only or broken cache must not stop an audit: run uncached.
            self._db = None

    @property
    def enabled(self) -> bool:
        return self._db is not None

    def get_many(self, keys: Iterable[tuple[str, str]], version: str) -> dict[tuple[str, str], Any]:
        if self._db is None:
            return {}
        found: dict[tuple[str, str], Any] = {}
        keys = list(keys)
        for start in range(0, len(keys), 400):
            chunk = keys[start : start + 400]
            blobs = [blob for blob, _ in chunk]
            wanted = set(chunk)
            marks = ",".join("?" * len(blobs))
            try:
                rows = self._db.execute(
                    f"SELECT blob, extractor, data FROM extract WHERE version = ? AND blob IN ({marks})",
                    [version, *blobs],
                ).fetchall()
            except sqlite3.Error:
                return found
            for blob, extractor, data in rows:
                if (blob, extractor) in wanted:
                    try:
                        found[(blob, extractor)] = json.loads(zlib.decompress(data).decode("utf-8", "surrogatepass"))
                    except (zlib.error, ValueError):
                        continue
        return found

    def put_many(self, items: Iterable[tuple[str, str, str]], version: str) -> None:
        """Store results given as JSON text (see bot.plain.dumps_plain)."""
        if self._db is None:
            return
        rows = [(blob, extractor, version, zlib.compress(text.encode("utf-8", "surrogatepass"), 1)) for blob, extractor, text in items]
        try:
            self._db.executemany("INSERT OR REPLACE INTO extract VALUES (?, ?, ?, ?)", rows)
            self._db.commit()
        except sqlite3.Error:
            pass

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
