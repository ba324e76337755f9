"""Durable state in SQLite: webhook deliveries seen, jobs with leases, and per-PR
ignore lists.

A job is at-least-once: a worker claims it with a lease, and a job whose lease ran out
(its worker died) is claimed again. A delivery id is recorded once, so a redelivered
webhook never makes a second job.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from ..sqlite_open import connect_shared

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY, kind TEXT, payload TEXT, status TEXT, attempts INTEGER DEFAULT 0,
  lease_until REAL DEFAULT 0, created REAL, finished REAL, error TEXT, not_before REAL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS ignores (repo TEXT, pr INTEGER, name TEXT, by TEXT, PRIMARY KEY (repo, pr, name));
"""
MAX_ATTEMPTS = 5
KEEP_FINISHED_SECONDS = 7 * 86400
QUEUED_GRACE_SECONDS = 120.0  # a job queued this long without a run was lost on its way to the queue


def backoff(attempts: int) -> float:
    """Seconds before a failed job is tried again: 15 s, 30 s, 1 min, ... up to 10 min."""
    return min(15.0 * 2 ** max(attempts - 1, 0), 600.0)


def _job_row(job_id: str, kind: str, payload: str, status: str, attempts: Any, created: Any, finished: Any, error: Any) -> dict[str, Any]:
    try:
        data = json.loads(payload or "{}")
    except ValueError:
        data = {}
    return {
        "id": job_id, "kind": kind, "status": status, "attempts": int(attempts or 0),
        "repo": data.get("repo"), "number": data.get("number"), "created": float(created or 0),
        "finished": float(finished) if finished else None, "error": error or None,
    }


def _retry_due(finished: float | None, attempts: int, not_before: float | None, now: float) -> bool:
    if not_before:
        return float(not_before) <= now  # the time GitHub named
    return (finished or 0) + backoff(attempts) <= now


class Store:
    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._local = threading.local()
        with self._db() as db:
            db.executescript(SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(jobs)")}
            if "not_before" not in columns:  # a state file from before scheduled retries
                db.execute("ALTER TABLE jobs ADD COLUMN not_before REAL DEFAULT 0")

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = connect_shared(str(self.path), isolation_level=None)
            self._local.db = db
        return db

    def add_job(self, job_id: str, kind: str, payload: dict[str, Any]) -> bool:
        """Record a job once; False if this id (a delivery) was seen before."""
        cursor = self._db().execute(
            "INSERT OR IGNORE INTO jobs (id, kind, payload, status, created) VALUES (?, ?, ?, 'queued', ?)",
            (job_id, kind, json.dumps(payload), time.time()),
        )
        return cursor.rowcount == 1

    def claim(self, job_id: str, lease: float) -> dict[str, Any] | None:
        """Take a job that is queued, or whose last worker's lease ran out."""
        now = time.time()
        db = self._db()
        cursor = db.execute(
            "UPDATE jobs SET status = 'running', lease_until = ?, attempts = attempts + 1"
            " WHERE id = ? AND attempts < ? AND (status = 'queued' OR status = 'retry' OR (status = 'running' AND lease_until < ?))",
            (now + lease, job_id, MAX_ATTEMPTS, now),
        )
        if cursor.rowcount != 1:
            return None
        row = db.execute("SELECT kind, payload, attempts FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return {"id": job_id, "kind": row[0], "payload": json.loads(row[1]), "attempts": row[2]}

    def finish(self, job_id: str, error: str | None = None, retry: bool = False, not_before: float | None = None) -> None:
        """`not_before`: a retry GitHub asked for at a time (a rate limit's reset). Such a
        wait is not the job's fault, so it does not use up an attempt."""
        status = "retry" if retry else ("failed" if error else "done")
        if retry and not_before is not None:
            self._db().execute(
                "UPDATE jobs SET status = 'retry', attempts = MAX(attempts - 1, 0), not_before = ?, finished = ?, error = ?, lease_until = 0 WHERE id = ?",
                (not_before, time.time(), error, job_id),
            )
            return
        # A job that used up its attempts has failed, whatever the last error was.
        self._db().execute(
            "UPDATE jobs SET status = CASE WHEN ? = 'retry' AND attempts >= ? THEN 'failed' ELSE ? END,"
            " finished = ?, error = ?, lease_until = 0 WHERE id = ?",
            (status, MAX_ATTEMPTS, status, time.time(), error, job_id),
        )

    def orphans(self) -> list[str]:
        """Jobs to (re)enqueue: running with an expired lease, due for a retry, or queued
        long ago and never started (lost on the way to the queue)."""
        now = time.time()
        rows = self._db().execute(
            "SELECT id, status, attempts, finished, not_before FROM jobs WHERE attempts < ? AND ("
            " (status = 'running' AND lease_until < ?) OR status = 'retry' OR (status = 'queued' AND created < ?))",
            (MAX_ATTEMPTS, now, now - QUEUED_GRACE_SECONDS),
        ).fetchall()
        return [r[0] for r in rows if r[1] != "retry" or _retry_due(r[3], r[2], r[4], now)]

    def prune(self) -> int:
        cursor = self._db().execute("DELETE FROM jobs WHERE status IN ('done', 'failed') AND finished < ?", (time.time() - KEEP_FINISHED_SECONDS,))
        return cursor.rowcount

    def status(self, job_id: str) -> str | None:
        row = self._db().execute("SELECT status FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return row[0] if row else None

    def counts(self) -> dict[str, int]:
        return dict(self._db().execute("SELECT status, COUNT(*) FROM jobs GROUP BY status").fetchall())

    def extend(self, job_id: str, lease: float) -> bool:
        """Keep a running job's lease while its worker is alive (a heartbeat)."""
        cursor = self._db().execute("UPDATE jobs SET lease_until = ? WHERE id = ? AND status = 'running'", (time.time() + lease, job_id))
        return cursor.rowcount == 1

    def recent(self, limit: int = 20, status: str | None = None) -> list[dict[str, Any]]:
        """The latest jobs (newest first), for `drift jobs`."""
        query = "SELECT id, kind, payload, status, attempts, created, finished, error FROM jobs"
        args: list[Any] = []
        if status:
            query += " WHERE status = ?"
            args.append(status)
        rows = self._db().execute(query + " ORDER BY created DESC LIMIT ?", (*args, limit)).fetchall()
        return [_job_row(*row) for row in rows]

    def requeue(self, job_id: str) -> bool:
        """A failed (or finished) job made runnable again, with fresh attempts."""
        cursor = self._db().execute(
            "UPDATE jobs SET status = 'queued', attempts = 0, error = NULL, lease_until = 0, not_before = 0, created = ? WHERE id = ? AND status != 'running'",
            (time.time(), job_id),
        )
        return cursor.rowcount == 1

    def purge(self, status: str = "failed") -> int:
        cursor = self._db().execute("DELETE FROM jobs WHERE status = ?", (status,))
        return cursor.rowcount

    def durations(self) -> list[float]:
        """Seconds from creation to the end of the finished jobs still kept."""
        return [r[0] for r in self._db().execute("SELECT finished - created FROM jobs WHERE status IN ('done', 'failed') AND finished IS NOT NULL")]

    def ignore(self, repo: str, pr: int, name: str, by: str) -> None:
        self._db().execute("INSERT OR REPLACE INTO ignores VALUES (?, ?, ?, ?)", (repo, pr, name, by))

    def ignored(self, repo: str, pr: int) -> set[str]:
        return {r[0] for r in self._db().execute("SELECT name FROM ignores WHERE repo = ? AND pr = ?", (repo, pr))}


class RedisStore:
    """The same job store on Redis, for workers on several machines.

    Claims are one Lua script, so two workers can never both take a job."""

    _CLAIM = """
local key = KEYS[1]
local now = tonumber(ARGV[1])
local lease = tonumber(ARGV[2])
local max_attempts = tonumber(ARGV[3])
if redis.call('EXISTS', key) == 0 then return nil end
local status = redis.call('HGET', key, 'status')
local attempts = tonumber(redis.call('HGET', key, 'attempts') or '0')
local lease_until = tonumber(redis.call('HGET', key, 'lease_until') or '0')
if attempts >= max_attempts then return nil end
if status == 'queued' or status == 'retry' or (status == 'running' and lease_until < now) then
  redis.call('HSET', key, 'status', 'running', 'lease_until', now + lease, 'attempts', attempts + 1)
  return {redis.call('HGET', key, 'kind'), redis.call('HGET', key, 'payload'), attempts + 1}
end
return nil
"""

    def __init__(self, url: str, prefix: str = "drift"):
        import redis

        self.redis = redis.Redis.from_url(url, decode_responses=True)
        self.prefix = prefix
        self._claim = self.redis.register_script(self._CLAIM)

    def _key(self, job_id: str) -> str:
        return f"{self.prefix}:job:{job_id}"

    def add_job(self, job_id: str, kind: str, payload: dict[str, Any]) -> bool:
        key = self._key(job_id)
        if not self.redis.hsetnx(key, "created", time.time()):
            return False
        self.redis.hset(key, mapping={"kind": kind, "payload": json.dumps(payload), "status": "queued", "attempts": 0, "lease_until": 0})
        self.redis.sadd(f"{self.prefix}:active", job_id)
        return True

    def claim(self, job_id: str, lease: float) -> dict[str, Any] | None:
        found = self._claim(keys=[self._key(job_id)], args=[time.time(), lease, MAX_ATTEMPTS])
        if not found:
            return None
        return {"id": job_id, "kind": found[0], "payload": json.loads(found[1]), "attempts": int(found[2])}

    def finish(self, job_id: str, error: str | None = None, retry: bool = False, not_before: float | None = None) -> None:
        status = "retry" if retry else ("failed" if error else "done")
        key = self._key(job_id)
        if retry and not_before is not None:
            attempts = int(self.redis.hget(key, "attempts") or 0)
            self.redis.hset(key, mapping={"status": "retry", "attempts": max(attempts - 1, 0), "not_before": not_before, "finished": time.time(), "error": error or "", "lease_until": 0})
            return
        if status == "retry" and int(self.redis.hget(key, "attempts") or 0) >= MAX_ATTEMPTS:
            status = "failed"
        self.redis.hset(key, mapping={"status": status, "finished": time.time(), "error": error or "", "lease_until": 0, "not_before": 0})
        if status != "retry":
            self.redis.srem(f"{self.prefix}:active", job_id)
            self.redis.expire(key, int(KEEP_FINISHED_SECONDS))  # finished jobs do not pile up

    def orphans(self) -> list[str]:
        now = time.time()
        found = []
        for job_id in self.redis.smembers(f"{self.prefix}:active"):
            job = self.redis.hgetall(self._key(job_id))
            attempts = int(job.get("attempts", 0))
            if not job or attempts >= MAX_ATTEMPTS:
                self.redis.srem(f"{self.prefix}:active", job_id)
                continue
            status = job.get("status")
            due_retry = status == "retry" and _retry_due(float(job.get("finished", 0)), attempts, float(job.get("not_before", 0) or 0), now)
            expired = status == "running" and float(job.get("lease_until", 0)) < now
            lost = status == "queued" and float(job.get("created", now)) < now - QUEUED_GRACE_SECONDS
            if due_retry or expired or lost:
                found.append(job_id)
        return found

    def prune(self) -> int:
        return 0  # finished jobs expire by themselves

    def extend(self, job_id: str, lease: float) -> bool:
        key = self._key(job_id)
        if self.redis.hget(key, "status") != "running":
            return False
        self.redis.hset(key, "lease_until", time.time() + lease)
        return True

    def recent(self, limit: int = 20, status: str | None = None) -> list[dict[str, Any]]:
        jobs = []
        for key in self.redis.scan_iter(f"{self.prefix}:job:*", count=500):
            job = self.redis.hgetall(key)
            if job and (status is None or job.get("status") == status):
                jobs.append(_job_row(key.rsplit(":", 1)[-1], job.get("kind", ""), job.get("payload", "{}"), job.get("status", ""), job.get("attempts", 0), job.get("created", 0), job.get("finished"), job.get("error")))
        return sorted(jobs, key=lambda j: -j["created"])[:limit]

    def requeue(self, job_id: str) -> bool:
        key = self._key(job_id)
        if not self.redis.exists(key) or self.redis.hget(key, "status") == "running":
            return False
        self.redis.hset(key, mapping={"status": "queued", "attempts": 0, "error": "", "lease_until": 0, "not_before": 0, "created": time.time()})
        self.redis.persist(key)
        self.redis.sadd(f"{self.prefix}:active", job_id)
        return True

    def purge(self, status: str = "failed") -> int:
        gone = 0
        for job in self.recent(limit=100000, status=status):
            gone += self.redis.delete(self._key(job["id"]))
        return gone

    def durations(self) -> list[float]:
        return [j["finished"] - j["created"] for j in self.recent(limit=100000) if j["finished"] and j["status"] in ("done", "failed")]

    def status(self, job_id: str) -> str | None:
        return self.redis.hget(self._key(job_id), "status")

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for key in self.redis.scan_iter(f"{self.prefix}:job:*", count=500):
            status = self.redis.hget(key, "status") or "unknown"
            counts[status] = counts.get(status, 0) + 1
        return counts

    def ignore(self, repo: str, pr: int, name: str, by: str) -> None:
        self.redis.sadd(f"{self.prefix}:ignores:{repo}:{pr}", name)

    def ignored(self, repo: str, pr: int) -> set[str]:
        return set(self.redis.smembers(f"{self.prefix}:ignores:{repo}:{pr}"))

    def lock(self, name: str, timeout: float):
        return self.redis.lock(f"{self.prefix}:lock:{name}", timeout=timeout, blocking_timeout=timeout)
