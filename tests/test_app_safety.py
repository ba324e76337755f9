"""The App under hostile input, with real `drift serve` and `drift worker` processes:
bodies too big, too slow, too deep, odd signature headers; a delivery whose clone URL
points elsewhere; secrets kept from git subprocesses; `/drift fix` leaves no checkout."""

from __future__ import annotations

import hashlib
import hmac
import os
import socket
import stat
import threading
import time
import uuid
from pathlib import Path

import pytest

from drift_docs.app.settings import load_settings
from drift_docs.revision import DriftError

from .test_app_e2e import SECRET, _comment_event, _from_bot, _pr_event, _summary, wait_for, world  # noqa: F401  (fixture)

pytest_plugins = ["tests.ghstub.conftest_plugin"]


def _raw(port: int, head: bytes, body: bytes = b"", wait: float = 5.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=wait + 5) as sock:
        sock.sendall(head + body)
        sock.settimeout(wait + 5)
        data = b""
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
        except socket.timeout:
            pass
        return data


def _headers(length: int, signature: bytes | None = None, extra: bytes = b"") -> bytes:
    sig = signature if signature is not None else b"sha256=" + b"0" * 64
    return (
        b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-GitHub-Event: ping\r\n"
        b"X-GitHub-Delivery: " + str(uuid.uuid4()).encode() + b"\r\nX-Hub-Signature-256: " + sig + b"\r\n"
        + extra + b"Content-Length: " + str(length).encode() + b"\r\nConnection: close\r\n\r\n"
    )


def test_hostile_bodies_and_headers_get_clear_answers_not_crashes(world):
    app = world["app"]
    # A declared 200 MB body is refused before any of it is read.
    assert b" 413 " in _raw(app.port, _headers(200 * 1024 * 1024))[:20]
    # A body that stalls half-way is dropped when the body timeout ends (2 s here).
    started = time.time()
    answer = _raw(app.port, _headers(1000), b'{"zen": "', wait=8)
    assert b" 408 " in answer[:20] and time.time() - started < 8
    # A signature header with non-ASCII bytes is a wrong signature, not a 500.
    body = b'{"zen": "x"}'
    assert b" 401 " in _raw(app.port, _headers(len(body), "sha256=é".encode("latin-1")), body)[:20]
    # A correctly signed JSON bomb nested 100k deep is refused, not a RecursionError.
    bomb = b"[" * 100_000 + b"]" * 100_000
    signature = ("sha256=" + hmac.new(SECRET.encode(), bomb, hashlib.sha256).hexdigest()).encode()
    assert b" 400 " in _raw(app.port, _headers(len(bomb), signature), bomb)[:20]
    # And the server still answers real deliveries.
    assert app.send("ping", {"zen": "Keep it logically awesome.", "hook_id": 1})[0] == 200


def test_a_delivery_cannot_choose_where_the_token_goes(world):
    app, stub = world["app"], world["stub"]
    trap = socket.socket()
    trap.bind(("127.0.0.1", 0))
    trap.listen(5)
    trap.settimeout(0.2)
    hits: list[bytes] = []
    stop = threading.Event()

    def listen():
        while not stop.is_set():
            try:
                conn, _ = trap.accept()
            except OSError:
                continue
            hits.append(conn.recv(4096))
            conn.close()

    threading.Thread(target=listen, daemon=True).start()
    event = _pr_event(world)
    event["repository"]["clone_url"] = f"http://127.0.0.1:{trap.getsockname()[1]}/evil/repo.git"
    status, body = app.send("pull_request", event)
    assert status == 202
    wait_for(lambda: app.job_status(body["job"]) == "done", app, what="the job")
    stop.set()
    trap.close()
    assert not hits  # the clone came from GitHub's own answer for the repository
    assert _summary(world)


def test_git_subprocesses_do_not_inherit_the_secrets(make_repo, github_stub, tmp_path, monkeypatch):
    # A `git` in front of the real one records the environment each git call gets.
    real_git = next(Path(p) / "git" for p in os.environ["PATH"].split(os.pathsep) if (Path(p) / "git").is_file())
    wrapper_dir = tmp_path / "bin"
    wrapper_dir.mkdir()
    record = tmp_path / "git-env.log"
    wrapper = wrapper_dir / "git"
    wrapper.write_text(f"#!/bin/sh\necho CALL \"$@\" PARENT $(cat /proc/$PPID/cmdline | tr \"\\\\0\" \" \") >> {record}\nenv >> {record}\nexec {real_git} \"$@\"\n")
    wrapper.chmod(0o755)
    monkeypatch.setenv("PATH", f"{wrapper_dir}{os.pathsep}{os.environ['PATH']}")
    from .test_app_e2e import App, ARGS_V1, ARGS_V2, GUIDE, NOTES, OTHER, TRAIN, files_from_git

    builder = make_repo({"trainer/__init__.py": "", "trainer/args.py": ARGS_V1, "trainer/train.py": TRAIN, "docs/guide.md": GUIDE, "docs/other.md": OTHER, "docs/notes.md": NOTES})
    base = builder.repo.head.commit.hexsha
    builder.repo.git.checkout("-b", "feature")
    head = builder.commit({"trainer/args.py": ARGS_V2}, "Rename --rollout-batch (#7)")
    builder.repo.git.checkout("main")
    pem = github_stub.generate_app_key()
    github_stub.add_installation(42, "octo")
    github_stub.add_repo("octo/trainer", default_branch="main", clone_url=str(builder.root))
    pull = github_stub.add_pull("octo/trainer", user="alice", head_sha=head, base_sha=base, head_ref="feature", files=files_from_git(builder.root, base, head))
    app = App(tmp_path, github_stub, pem)
    try:
        world = {"builder": builder, "pull": pull, "head": head, "base": base}
        status, body = app.send("pull_request", _pr_event(world))
        wait_for(lambda: app.job_status(body["job"]) == "done", app, what="the job")
    finally:
        app.stop()
    calls = record.read_text().split("CALL ")
    # The worker (drift_docs.cli) and each job's own process (drift_docs.app.isolation) run git.
    app_calls = [c for c in calls if "drift_docs.cli" in c.split("\n", 1)[0] or "drift_docs.app.isolation" in c.split("\n", 1)[0]]
    # GitPython asks `git version` as it is imported, before any settings are read; every
    # git the App runs on a repository (clone, fetch, cat-file, diff) comes after the
    # secrets left the environment.
    on_repos = [c for c in app_calls if not c.startswith("version ")]
    assert any(c.startswith(("clone", "fetch")) for c in on_repos)
    for call in on_repos:
        assert "BEGIN" not in call and "DRIFT_PRIVATE_KEY=" not in call and SECRET not in call, call.split("\n", 1)[0]


def test_drift_fix_leaves_no_checkout_behind(world, tmp_path, monkeypatch):
    app = world["app"]
    before = {p.name for p in Path(os.environ.get("TMPDIR", "/tmp")).glob("drift-fix-*")}
    app.send("issue_comment", _comment_event(world, "maria", "/drift fix"))
    wait_for(lambda: [c for c in _from_bot(world) if "pushed" in c.body], app, what="the fix reply")
    after = {p.name for p in Path(os.environ.get("TMPDIR", "/tmp")).glob("drift-fix-*")}
    assert after <= before


def test_a_key_file_others_can_read_is_refused(tmp_path):
    key = tmp_path / "app.pem"
    key.write_text("-----BEGIN RSA PRIVATE KEY-----\nx\n-----END RSA PRIVATE KEY-----\n")
    key.chmod(0o644)
    with pytest.raises(DriftError, match="readable by others"):
        load_settings({"DRIFT_PRIVATE_KEY_PATH": str(key)})
    key.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert load_settings({"DRIFT_PRIVATE_KEY_PATH": str(key)}).private_key.startswith("-----BEGIN")


def _world_with_head(make_repo, github_stub, tmp_path, head_files: dict[str, str]) -> dict:
    from .test_app_e2e import App, ARGS_V1, ARGS_V2, GUIDE, NOTES, OTHER, TRAIN, files_from_git

    builder = make_repo({"trainer/__init__.py": "", "trainer/args.py": ARGS_V1, "trainer/train.py": TRAIN, "docs/guide.md": GUIDE, "docs/other.md": OTHER, "docs/notes.md": NOTES})
    base = builder.repo.head.commit.hexsha
    builder.repo.git.checkout("-b", "feature")
    head = builder.commit({"trainer/args.py": ARGS_V2, **head_files}, "Rename --rollout-batch (#7)")
    builder.repo.git.checkout("main")
    pem = github_stub.generate_app_key()
    github_stub.add_installation(42, "octo")
    github_stub.add_repo("octo/trainer", default_branch="main", clone_url=str(builder.root))
    pull = github_stub.add_pull("octo/trainer", user="mallory", head_sha=head, base_sha=base, head_ref="feature", files=files_from_git(builder.root, base, head))
    return {"app": App(tmp_path, github_stub, pem), "stub": github_stub, "pull": pull, "head": head, "base": base, "builder": builder}


HOSTILE_SETTINGS = """[tool.drift]
rule_dirs = ["/etc"]
max_file_bytes = 1000000000

[tool.drift.rules.metrics.params]
emitters = ["(a+)+b"]

[[tool.drift.passthrough]]
prefix = "--internal-"
program = "Internal"
source = "/srv/tool"
"""


def test_a_pull_requests_settings_apply_only_in_their_safe_subset(make_repo, github_stub, tmp_path):
    world = _world_with_head(make_repo, github_stub, tmp_path, {"pyproject.toml": HOSTILE_SETTINGS, "docs/guide.md": "# Guide\n\n" + "a" * 31 + "\n\nRun `python -m trainer.train --rollout-batch 8`.\n"})
    app, stub = world["app"], world["stub"]
    try:
        status, body = app.send("pull_request", _pr_event(world))
        wait_for(lambda: app.job_status(body["job"]) == "done", app, seconds=60, what="the job")
        runs = stub.check_runs_for("octo/trainer", world["head"])
        assert len(runs) == 1
        summary = runs[0].output["summary"]
        assert "Settings not applied" in summary
        for refused in ("rule_dirs", "rules.metrics: params", "source '/srv/tool'", "max_file_bytes 1000000000"):
            assert refused in summary, refused
    finally:
        app.stop()


def test_settings_that_cannot_be_read_are_reported_once_not_retried(make_repo, github_stub, tmp_path):
    world = _world_with_head(make_repo, github_stub, tmp_path, {"pyproject.toml": "[tool.drift]\nexlude = [\"vendor\"]\n"})
    app, stub = world["app"], world["stub"]
    try:
        status, body = app.send("pull_request", _pr_event(world))
        wait_for(lambda: app.job_status(body["job"]) == "done", app, seconds=60, what="the job")
        runs = stub.check_runs_for("octo/trainer", world["head"])
        assert [r.output["title"] for r in runs] == ["drift could not read its settings"]
        assert "exlude (did you mean exclude?)" in runs[0].output["summary"]
        assert not stub.requests_to("POST", r"/issues/\d+/comments$")
    finally:
        app.stop()


def test_each_commit_has_one_drift_check_run_however_often_it_runs(world):
    app, stub = world["app"], world["stub"]
    for _ in range(2):
        status, body = app.send("pull_request", _pr_event(world))
        wait_for(lambda: app.job_status(body["job"]) == "done", app, what="the job")
    runs = stub.check_runs_for("octo/trainer", world["head"])
    assert len(runs) == 1
    assert len(stub.requests_to("POST", r"/check-runs$")) == 1


def test_a_rate_limited_job_waits_for_the_reset_and_keeps_its_attempts(world):
    import sqlite3

    app, stub = world["app"], world["stub"]
    # Seven rate limits in a row (more than a job's five attempts), each naming a reset
    # two seconds away, as GitHub's `x-ratelimit-reset` does.
    for _ in range(7):
        stub.inject("GET", r"/repos/octo/trainer$", 403, body={"message": "API rate limit exceeded"},
                    headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(int(time.time()) + 2)}, times=1)
    status, body = app.send("pull_request", _pr_event(world))
    job = body["job"]
    wait_for(lambda: app.job_status(job) == "done", app, seconds=90, what="the job after the rate limits")
    with sqlite3.connect(app.data / "state.sqlite") as db:
        attempts, error = db.execute("SELECT attempts, error FROM jobs WHERE id = ?", (job,)).fetchone()
    assert attempts <= 2  # the waits were not counted as failures
    assert _summary(world)


def test_an_operator_sees_jobs_and_metrics_requeues_and_redelivery_reruns_failed_jobs(world):
    import json as _json
    import subprocess
    import sys
    import urllib.request

    app, stub = world["app"], world["stub"]
    # A job that fails for good: the pull request is gone (404 is not worth a retry).
    stub.inject("GET", r"/pulls/\d+$", 404, body={"message": "Not Found"}, times=1)
    delivery = str(uuid.uuid4())
    assert app.send("pull_request", _pr_event(world), delivery=delivery)[0] == 202
    wait_for(lambda: app.job_status(delivery) == "failed", app, what="the job to fail")

    def jobs(*args):
        proc = subprocess.run([sys.executable, "-m", "drift_docs.cli", "jobs", *args], env=app.env, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    listed = _json.loads(jobs("--format", "json", "--status", "failed"))
    assert [j["id"] for j in listed["jobs"]] == [delivery] and "404" in listed["jobs"][0]["error"]
    assert "failed  pr" in jobs() and "error:" in jobs()
    # GitHub's "Redeliver" of the failed delivery runs it again (and now it succeeds).
    assert app.send("pull_request", _pr_event(world), delivery=delivery)[0] == 202
    wait_for(lambda: app.job_status(delivery) == "done", app, what="the redelivered job")
    # A redelivery of a finished job is a duplicate.
    assert app.send("pull_request", _pr_event(world), delivery=delivery) == (200, {"ok": True, "job": delivery, "duplicate": True})
    # `drift jobs --requeue` runs a finished job again.
    assert "requeued" in jobs("--requeue", delivery)
    wait_for(lambda: len(stub.requests_to("GET", r"/pulls/\d+$")) >= 3, app, what="the requeued job")
    wait_for(lambda: app.job_status(delivery) == "done", app, what="the requeued job to finish")
    with urllib.request.urlopen(f"http://127.0.0.1:{app.port}/metrics", timeout=5) as response:
        text = response.read().decode()
    assert 'drift_jobs{state="done"} 1' in text and "drift_queue_depth " in text
    assert 'drift_webhook_deliveries_total{outcome="duplicate"} 1' in text
    assert "drift_job_duration_seconds_count 1" in text


def test_every_app_log_line_is_json_with_the_delivery_repository_and_job(world):
    import json as _json

    app = world["app"]
    status, body = app.send("pull_request", _pr_event(world))
    wait_for(lambda: app.job_status(body["job"]) == "done", app, what="the job")
    time.sleep(0.5)
    lines = [line for log in sorted(app.logs.glob("*.log")) for line in log.read_text().splitlines() if line.startswith("{")]
    entries = [_json.loads(line) for line in lines]
    about = [e for e in entries if e.get("job") == body["job"]]
    # The server's line for the delivery and the worker's lines for its job.
    assert any(e["logger"] == "drift.app" and "-> pr job" in e["message"] and e["delivery"] == body["job"] for e in about)
    assert any("finding(s)" in e["message"] and e["repo"] == "octo/trainer" and e["pr"] == str(world["pull"].number) for e in about)
    assert all({"time", "level", "logger", "message"} <= set(e) for e in entries)


def test_a_job_longer_than_its_lease_runs_once(world):
    app, stub = world["app"], world["stub"]
    # The lease is 3 s here, and the worker looks for expired leases every 1.5 s with a
    # second thread free; GitHub takes 7 s to answer the job's first look at the pull
    # request. A job whose lease is not renewed would be claimed again meanwhile.
    stub.slow("GET", r"/pulls/\d+$", 7.0, times=1)
    status, body = app.send("pull_request", _pr_event(world))
    wait_for(lambda: app.job_status(body["job"]) == "done", app, seconds=60, what="the job")
    time.sleep(2.0)  # a second claim, had there been one, would be reporting by now
    assert app.job_status(body["job"]) == "done"
    # One run: one claim, one look at the pull request's files, one check run made.
    assert len(stub.requests_to("GET", r"/pulls/\d+/files")) == 1
    assert len(stub.requests_to("POST", r"/check-runs$")) == 1


def _restart_worker_with(app, **env):
    app.worker.kill()
    app.worker.wait()
    app.env.update(env)
    app.restart_worker()


def _job_error(app, job):
    import sqlite3

    with sqlite3.connect(app.data / "state.sqlite") as db:
        return db.execute("SELECT error FROM jobs WHERE id = ?", (job,)).fetchone()[0] or ""


def test_a_job_past_its_time_limit_is_stopped_and_the_next_job_runs(world):
    app, stub = world["app"], world["stub"]
    _restart_worker_with(app, DRIFT_JOB_TIMEOUT_SECONDS="4")
    # GitHub never answers the job's first look at the pull request in time.
    stub.slow("GET", r"/pulls/\d+$", 40.0, times=1)
    status, body = app.send("pull_request", _pr_event(world))
    wait_for(lambda: app.job_status(body["job"]) == "failed", app, seconds=60, what="the job to be stopped")
    assert "TimeLimit" in _job_error(app, body["job"]) and "4 s" in _job_error(app, body["job"])
    # The worker is free again: the next delivery is analysed and reported.
    status, body = app.send("pull_request", _pr_event(world))
    wait_for(lambda: app.job_status(body["job"]) == "done", app, seconds=60, what="the next job")
    assert _summary(world)


def test_a_job_s_process_runs_under_the_memory_limit(world):
    app = world["app"]
    # 64 MB of address space is too little for the job's process even to start: the
    # limit is applied to it (and not to the worker, which goes on).
    _restart_worker_with(app, DRIFT_JOB_MEMORY_MB="64")
    status, body = app.send("pull_request", _pr_event(world))
    wait_for(lambda: app.job_status(body["job"]) == "failed", app, seconds=60, what="the job to fail")
    assert "JobDied" in _job_error(app, body["job"])
    _restart_worker_with(app, DRIFT_JOB_MEMORY_MB="4096")
    status, body = app.send("pull_request", _pr_event(world))
    wait_for(lambda: app.job_status(body["job"]) == "done", app, seconds=60, what="a job with room")
