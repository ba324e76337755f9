"""The queue and job store on a real Redis server (started here, on loopback), as used
when workers run on several machines."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
import uuid

import pytest

from drift_docs.app.store import RedisStore

from .test_app_e2e import App, _pr_event, _summary, wait_for, world  # noqa: F401  (fixture)

pytest_plugins = ["tests.ghstub.conftest_plugin"]
pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed (.ci/run installs it)")


@pytest.fixture
def redis_url(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    import redis

    deadline = time.time() + 10
    while True:
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.ConnectionError:
            if time.time() > deadline:
                raise
            time.sleep(0.05)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


def test_redis_store_claims_once_and_recovers_expired_leases(redis_url):
    store = RedisStore(redis_url)
    assert store.add_job("d1", "pr", {"n": 1}) is True
    assert store.add_job("d1", "pr", {"n": 1}) is False  # a redelivery
    job = store.claim("d1", lease=0.3)
    assert job == {"id": "d1", "kind": "pr", "payload": {"n": 1}, "attempts": 1}
    assert store.claim("d1", lease=0.3) is None  # held by its worker
    assert store.orphans() == []
    time.sleep(0.4)  # the worker died: its lease ran out
    assert store.orphans() == ["d1"]
    assert store.claim("d1", lease=10)["attempts"] == 2
    store.finish("d1")
    assert store.status("d1") == "done" and store.orphans() == [] and store.claim("d1", 10) is None
    store.ignore("o/r", 1, "--x", "maria")
    assert store.ignored("o/r", 1) == {"--x"}


def test_app_on_redis_with_two_workers(world, redis_url):  # noqa: F811
    app, stub = world["app"], world["stub"]
    app.stop()
    app.env["DRIFT_REDIS_URL"] = redis_url
    app.server = app._spawn("serve", "--port", str(app.port))
    app.worker = app._spawn("worker")
    second = app._spawn("worker")
    try:
        assert app._wait_healthy()
        deliveries = [str(uuid.uuid4()) for _ in range(6)]
        for delivery in deliveries:
            assert app.send("pull_request", _pr_event(world), delivery=delivery)[0] == 202
        assert app.send("pull_request", _pr_event(world), delivery=deliveries[0])[0] == 200  # redelivery
        store = RedisStore(redis_url)
        wait_for(lambda: all(store.status(d) == "done" for d in deliveries), app, what="six jobs on Redis")
        runs = stub.check_runs_for("octo/trainer", world["head"])
        assert len(runs) == 1 and len(runs[0].annotations) == 4  # six runs, one check run, no repeated annotations
        assert len(_summary(world)) == 1  # one sticky summary however many runs
    finally:
        second.kill()
