"""Open a SQLite database that several processes share (server, workers, CLI runs).

Switching a database to WAL needs a moment of exclusive access, and SQLite answers
"database is locked" at once, without waiting out the busy timeout, when another
process holds the file then (a worker starting while another recovers the log after a
crash). WAL is a property of the file, so only the first switch matters: check before
asking, and retry the switch for the same time the busy timeout allows.
"""

from __future__ import annotations

import sqlite3
import time

BUSY_TIMEOUT_SECONDS = 30.0


def connect_shared(path: str, isolation_level: str | None = "", timeout: float = BUSY_TIMEOUT_SECONDS) -> sqlite3.Connection:
    """A connection in WAL mode; raises sqlite3.OperationalError only after `timeout`."""
    kwargs = {} if isolation_level == "" else {"isolation_level": isolation_level}
    db = sqlite3.connect(path, timeout=timeout, **kwargs)
    deadline = time.monotonic() + timeout
    delay = 0.01
    while True:
        try:
            mode = db.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() != "wal":
                db.execute("PRAGMA journal_mode=WAL")
            return db
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                db.close()
                raise
            if time.monotonic() >= deadline:
                db.close()
                raise
            time.sleep(delay)
            delay = min(delay * 2, 0.5)
