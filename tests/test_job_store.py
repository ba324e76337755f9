"""The SQLite job store: one job per delivery, leases, retries with backoff, and a
final failure after the last attempt."""

from __future__ import annotations

import time

from drift_docs.app import store as store_module
from drift_docs.app.store import MAX_ATTEMPTS, Store, backoff


def test_delivery_once_claim_once_and_expired_leases(tmp_path):
    store = Store(tmp_path / "state.sqlite")
    assert store.add_job("d1", "pr", {"n": 1}) and not store.add_job("d1", "pr", {"n": 1})
    assert store.claim("d1", 0.2)["attempts"] == 1
    assert store.claim("d1", 0.2) is None and store.orphans() == []
    time.sleep(0.3)
    assert store.orphans() == ["d1"]  # its worker died


def test_retries_back_off_and_end_in_failure(tmp_path, monkeypatch):
    store = Store(tmp_path / "state.sqlite")
    store.add_job("d2", "pr", {})
    for attempt in range(1, MAX_ATTEMPTS + 1):
        assert store.claim("d2", 60)["attempts"] == attempt
        store.finish("d2", "GithubException: 502", retry=True)
        if attempt < MAX_ATTEMPTS:
            assert store.status("d2") == "retry"
            assert store.orphans() == []  # not before its backoff
            monkeypatch.setattr(store_module.time, "time", lambda t=time.time() + backoff(attempt) + 1: t)
            assert store.orphans() == ["d2"]
            monkeypatch.undo()
    assert store.status("d2") == "failed" and store.orphans() == []
    assert [backoff(n) for n in (1, 2, 3, 10)] == [15.0, 30.0, 60.0, 600.0]


def test_a_job_lost_before_the_queue_is_recovered(tmp_path, monkeypatch):
    store = Store(tmp_path / "state.sqlite")
    store.add_job("d3", "pr", {})  # recorded, but the enqueue never happened
    assert store.orphans() == []
    later = time.time() + store_module.QUEUED_GRACE_SECONDS + 1
    monkeypatch.setattr(store_module.time, "time", lambda: later)
    assert store.orphans() == ["d3"]


def test_the_daily_coverage_run_is_scheduled_at_its_hour_and_can_be_turned_off(tmp_path):
    """Workers run coverage at minute 17 of DRIFT_COVERAGE_HOUR (UTC); a negative hour
    schedules nothing (the end-to-end tests' workers must not wake at 06:17)."""
    import datetime

    from drift_docs.app.queue import Queue
    from drift_docs.app.settings import Settings

    at = datetime.datetime(2026, 12, 7, 6, 17)
    scheduled = Queue(Settings(app_id=1, private_key="k", webhook_secret="x", data_dir=tmp_path / "on"))
    assert [task.name for task in scheduled.huey.read_periodic(at)] == ["drift.coverage"]
    assert not scheduled.huey.read_periodic(at.replace(minute=18))
    off = Queue(Settings(app_id=1, private_key="k", webhook_secret="x", data_dir=tmp_path / "off", coverage_hour=-1))
    assert not off.huey.read_periodic(at)
