"""The job queue: huey on SQLite by default (one machine, no extra service), on Redis
when DRIFT_REDIS_URL is set (several worker machines). The web process only enqueues;
`drift worker` consumes.

huey drops a message once a worker takes it, so durability comes from the job store:
every job is recorded before it is enqueued, claimed with a lease, and a recovery loop
in each worker re-enqueues jobs whose worker died (lease expired) or asked to retry.
"""

from __future__ import annotations

import logging
import threading
from functools import lru_cache

from huey import RedisHuey, SqliteHuey, crontab

from .settings import Settings, load_settings
from .store import RedisStore, Store

log = logging.getLogger("drift.app")


class Queue:
    def __init__(self, settings: Settings):
        self.settings = settings
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        if settings.redis_url:
            # Several machines: the queue and the job store both live in Redis.
            self.store = RedisStore(settings.redis_url)
            self.huey = RedisHuey("drift", url=settings.redis_url)
        else:
            self.store = Store(settings.state_path)
            self.huey = SqliteHuey("drift", filename=str(settings.queue_path))
        self._task = self.huey.task(name="drift.run_job")(self._run_job)
        # Daily coverage issues for the repositories that enable them (workers run periodic
        # tasks); a negative hour turns the daily run off.
        if settings.coverage_hour >= 0:
            self.huey.periodic_task(crontab(hour=str(settings.coverage_hour), minute="17"), name="drift.coverage")(self._coverage)

    def _coverage(self) -> None:
        from .scheduled import run_scheduled_coverage

        for repo, outcome in run_scheduled_coverage(self.settings).items():
            log.info("scheduled coverage %s: %s", repo, outcome)

    def _run_job(self, job_id: str) -> None:
        from .jobs import execute

        execute(self.settings, self.store, job_id)

    def enqueue(self, job_id: str) -> None:
        """Hand a recorded job to the workers (again)."""
        self._task(job_id)

    def submit(self, job_id: str, kind: str, payload: dict) -> bool:
        """Record and enqueue a job once; False when this job id was seen before."""
        if not self.store.add_job(job_id, kind, payload):
            # GitHub's "Redeliver" sends the same delivery id: a job that failed for good
            # runs again; one that is done, queued or running is not doubled.
            if self.store.status(job_id) == "failed" and self.store.requeue(job_id):
                log.info("delivery %s redelivered: its failed job runs again", job_id)
                self._task(job_id)
                return True
            return False
        self._task(job_id)
        return True

    def requeue_orphans(self) -> int:
        orphans = self.store.orphans()
        for job_id in orphans:
            log.warning("re-enqueueing job %s (its worker stopped or it asked to retry)", job_id)
            self._task(job_id)
        return len(orphans)

    def recovery_loop(self, stop: threading.Event, every: float) -> None:
        while not stop.wait(every):
            try:
                self.requeue_orphans()
                self.store.prune()
            except Exception:  # keep recovering even if one pass fails
                log.exception("recovery pass failed")


@lru_cache(maxsize=4)
def _queue_for(key: tuple) -> Queue:
    return Queue(load_settings(dict(key)))


def get_queue(settings: Settings | None = None) -> Queue:
    if settings is not None:
        return Queue(settings)
    import os

    return _queue_for(tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith("DRIFT_"))))
