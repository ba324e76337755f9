"""Several processes opening one fresh state database at once (the server and workers
starting together) must all get a WAL connection: SQLite answers the racing switch to
WAL with an immediate "database is locked" that the busy timeout does not cover."""

import multiprocessing
import sqlite3
import time

from drift_docs.sqlite_open import connect_shared


def _open_at(path: str, start: float, results) -> None:
    while time.time() < start:
        pass
    try:
        db = connect_shared(path, isolation_level=None)
        db.execute("CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY)")
        db.execute("INSERT OR IGNORE INTO jobs VALUES ('a')")
        results.put(db.execute("PRAGMA journal_mode").fetchone()[0])
    except sqlite3.Error as error:  # pragma: no cover - the failure being tested
        results.put(f"error: {error}")


def test_processes_racing_to_open_a_fresh_database_all_succeed(tmp_path):
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    rounds, per_round = 6, 4
    for round_no in range(rounds):
        path = str(tmp_path / f"state{round_no}.sqlite")
        start = time.time() + 1.0
        workers = [context.Process(target=_open_at, args=(path, start, results)) for _ in range(per_round)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(60)
    outcomes = [results.get(timeout=5) for _ in range(rounds * per_round)]
    assert outcomes == ["wal"] * (rounds * per_round)


def test_a_database_that_is_already_wal_is_not_switched_again(tmp_path):
    path = str(tmp_path / "state.sqlite")
    first = connect_shared(path, isolation_level=None)
    first.execute("CREATE TABLE t (x)")
    # A writer holding the database does not stop a second process from opening it.
    first.execute("BEGIN IMMEDIATE")
    first.execute("INSERT INTO t VALUES (1)")
    second = connect_shared(path, isolation_level=None, timeout=1.0)
    assert second.execute("SELECT count(*) FROM t").fetchone()[0] == 0
    first.execute("COMMIT")
    assert second.execute("SELECT count(*) FROM t").fetchone()[0] == 1


def test_a_file_that_is_not_a_database_raises_at_once(tmp_path):
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    started = time.monotonic()
    try:
        connect_shared(str(path))
    except sqlite3.DatabaseError:
        pass
    else:  # pragma: no cover
        raise AssertionError("a junk file opened as a database")
    assert time.monotonic() - started < 5
