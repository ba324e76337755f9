"""The GitHub App end to end: `drift serve` and `drift worker` as real processes, signed
webhook deliveries over HTTP (forged, replayed and malformed ones too), App JWTs and
installation tokens, and what ends up on the local GitHub stand-in. Also: a worker
killed mid-job, and the job finished by the next one."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid

import pytest

from .ghstub import files_from_git
from .test_github_publish import ARGS_V1, ARGS_V2, GUIDE, NOTES, OTHER, TRAIN

pytest_plugins = ["tests.ghstub.conftest_plugin"]
SECRET = "webhook-secret-for-tests"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class App:
    def __init__(self, tmp_path, stub, pem):
        self.port = _free_port()
        self.data = tmp_path / "data"
        self.env = {
            **os.environ,
            "DRIFT_WEBHOOK_SECRET": SECRET,
            "DRIFT_APP_ID": str(stub.app_id),
            "DRIFT_PRIVATE_KEY": pem,
            "DRIFT_GITHUB_URL": stub.base_url,
            "DRIFT_DATA_DIR": str(self.data),
            "DRIFT_CACHE_DIR": str(tmp_path / "cache"),
            "DRIFT_JOB_LEASE_SECONDS": "3",
            "DRIFT_BODY_TIMEOUT_SECONDS": "2",
            # No daily coverage run: at 06:17 UTC it would ask GitHub for tokens mid-test.
            "DRIFT_COVERAGE_HOUR": "-1",
        }
        self.logs = tmp_path
        self.worker = self._spawn("worker")
        for _ in range(3):  # a free port can be taken between choosing and binding it
            self.server = self._spawn("serve", "--port", str(self.port))
            if self._wait_healthy():
                return
            self.server.kill()
            self.port = _free_port()
        raise AssertionError("drift serve did not come up: " + self.tail())

    def _spawn(self, *args: str) -> subprocess.Popen:
        log = open(self.logs / f"{args[0]}-{time.time_ns()}.log", "w")
        return subprocess.Popen([sys.executable, "-m", "drift_docs.cli", *args], env=self.env, stdout=log, stderr=subprocess.STDOUT)

    def restart_worker(self) -> None:
        self.worker = self._spawn("worker")

    def _wait_healthy(self) -> bool:
        deadline = time.time() + 30
        while time.time() < deadline and self.server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return True
            except OSError:
                time.sleep(0.2)
        return False

    def tail(self) -> str:
        return "\n".join(p.read_text()[-3000:] for p in sorted(self.logs.glob("*.log")))

    def send(self, event: str, payload: dict | bytes, delivery: str | None = None, signature: str | None = "good") -> tuple[int, dict]:
        body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        headers = {"Content-Type": "application/json", "X-GitHub-Event": event, "X-GitHub-Delivery": delivery or str(uuid.uuid4())}
        if signature == "good":
            headers["X-Hub-Signature-256"] = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
        elif signature is not None:
            headers["X-Hub-Signature-256"] = signature
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/webhook", data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def job_status(self, job_id: str) -> str | None:
        path = self.data / "state.sqlite"
        if not path.exists():
            return None
        with sqlite3.connect(path) as db:
            row = db.execute("SELECT status FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return row[0] if row else None

    def stop(self) -> None:
        for proc in (self.server, self.worker):
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
        for proc in (self.server, self.worker):
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def wait_for(condition, app: App, seconds: float = 60.0, what: str = "condition"):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}\n{app.tail()}")


@pytest.fixture
def world(make_repo, github_stub, tmp_path):
    builder = make_repo({"trainer/__init__.py": "", "trainer/args.py": ARGS_V1, "trainer/train.py": TRAIN, "docs/guide.md": GUIDE, "docs/other.md": OTHER, "docs/notes.md": NOTES})
    base = builder.repo.head.commit.hexsha
    builder.repo.git.checkout("-b", "feature")
    head = builder.commit({"trainer/args.py": ARGS_V2, "docs/guide.md": GUIDE.replace("Run `python", "Now run `python"), "docs/notes.md": NOTES.replace("intro", "introduction")}, "Rename --rollout-batch (#7)")
    builder.repo.git.checkout("main")
    pem = github_stub.generate_app_key()
    github_stub.add_installation(42, "octo")
    github_stub.add_repo("octo/trainer", default_branch="main", clone_url=str(builder.root))
    pull = github_stub.add_pull("octo/trainer", user="alice", head_sha=head, base_sha=base, head_ref="feature", files=files_from_git(builder.root, base, head))
    github_stub.set_permission("octo/trainer", "maria", "maintain")
    github_stub.set_permission("octo/trainer", "rick", "read")
    app = App(tmp_path, github_stub, pem)
    yield {"app": app, "stub": github_stub, "pull": pull, "head": head, "base": base, "builder": builder}
    app.stop()


def _pr_event(world, action="synchronize") -> dict:
    return {
        "action": action,
        "installation": {"id": 42},
        "repository": {"full_name": "octo/trainer", "clone_url": str(world["builder"].root)},
        "pull_request": {"number": world["pull"].number, "draft": False, "head": {"sha": world["head"]}, "base": {"sha": world["base"]}},
    }


def _from_bot(world):
    return [c for c in world["stub"].issue_comments_on("octo/trainer", world["pull"].number) if c.user == world["stub"].bot_login]


def _summary(world):
    return [c for c in world["stub"].issue_comments_on("octo/trainer", world["pull"].number) if "drift:summary" in c.body]


def test_signed_delivery_is_analysed_and_reported(world):
    app, stub = world["app"], world["stub"]
    status, body = app.send("pull_request", _pr_event(world))
    assert status == 202 and body["job"]
    wait_for(lambda: stub.check_runs_for("octo/trainer", world["head"]), app, what="a check run")
    summary = wait_for(lambda: _summary(world), app, what="the summary comment")
    assert "--rollout-batch-size" in summary[0].body
    inline = [c for c in stub.review_comments_on("octo/trainer", world["pull"].number) if "```suggestion" in c.body]
    assert [(c.path, c.line) for c in inline] == [("docs/guide.md", 3)]
    # The worker authenticated as the App: a JWT for the token, then the token itself.
    assert stub.requests_to("POST", r"/app/installations/42/access_tokens$")
    wait_for(lambda: app.job_status(body["job"]) == "done", app, what="the job to be done")


def test_forged_missing_and_malformed_deliveries_change_nothing(world):
    app, stub = world["app"], world["stub"]
    assert app.send("pull_request", _pr_event(world), signature="sha256=" + "0" * 64)[0] == 401
    assert app.send("pull_request", _pr_event(world), signature=None)[0] == 401
    assert app.send("pull_request", b"{not json", signature="good")[0] == 400
    assert app.send("ping", {"zen": "Keep it logically awesome.", "hook_id": 1})[0] == 200
    time.sleep(1.5)
    assert not stub.check_runs_for("octo/trainer", world["head"])
    assert not stub.requests_to("POST", r"/access_tokens$")


def test_a_redelivered_webhook_runs_once(world):
    app, stub = world["app"], world["stub"]
    delivery = str(uuid.uuid4())
    first = app.send("pull_request", _pr_event(world), delivery=delivery)
    second = app.send("pull_request", _pr_event(world), delivery=delivery)
    assert first[0] == 202 and second[0] == 200 and second[1]["duplicate"] is True
    wait_for(lambda: app.job_status(delivery) == "done", app, what="the job")
    time.sleep(1.0)
    assert len(stub.check_runs_for("octo/trainer", world["head"])) == 1


def _comment_event(world, user: str, body: str) -> dict:
    comment = world["stub"].add_issue_comment("octo/trainer", world["pull"].number, body, user=user)
    return {
        "action": "created",
        "installation": {"id": 42},
        "repository": {"full_name": "octo/trainer", "clone_url": str(world["builder"].root)},
        "issue": {"number": world["pull"].number, "pull_request": {"url": "x"}},
        "comment": {"id": comment.id, "body": body, "user": {"login": user, "type": "User"}},
    }


def test_drift_commands_obey_writers_only(world):
    app, stub = world["app"], world["stub"]
    assert app.send("issue_comment", _comment_event(world, "rick", "/drift help"))[0] == 202
    assert app.send("issue_comment", _comment_event(world, "maria", "/drift help"))[0] == 202
    replies = wait_for(lambda: _from_bot(world) if len(_from_bot(world)) >= 2 else None, app, what="two replies")
    bodies = " ".join(c.body for c in replies)
    assert "only from people with write access" in bodies and "/drift explain" in bodies
    contents = {r.content for r in stub.reactions.values()}
    assert {"+1", "confused"} <= contents
    edited = _comment_event(world, "maria", "/drift")
    edited["action"] = "edited"
    assert app.send("issue_comment", edited)[0] == 200  # an edit is not a command


def test_drift_explain_and_ignore(world):
    app, stub = world["app"], world["stub"]
    app.send("issue_comment", _comment_event(world, "maria", "/drift explain --rollout-batch-size"))
    explained = wait_for(lambda: [c for c in _from_bot(world) if "drift explain" in c.body], app, what="the explanation")
    assert "defines flag `--rollout-batch-size` at `trainer/args.py:3`" in explained[0].body
    assert "history in code" in explained[0].body and "(#7)" in explained[0].body
    app.send("issue_comment", _comment_event(world, "maria", "/drift ignore --rollout-batch"))
    wait_for(lambda: [c for c in _from_bot(world) if "will not report" in c.body], app, what="the ignore reply")
    # Every finding of this PR names the ignored flag: the re-run reports a clean check.
    runs = stub.check_runs_for("octo/trainer", world["head"])
    assert runs and runs[-1].conclusion == "success" and not runs[-1].annotations


def test_drift_fix_pushes_to_the_branch(world):
    app, builder = world["app"], world["builder"]
    app.send("issue_comment", _comment_event(world, "maria", "/drift fix"))
    wait_for(lambda: [c for c in _from_bot(world) if "pushed" in c.body], app, what="the fix reply")
    fixed = builder.repo.git.show("feature:docs/guide.md")
    assert "--rollout-batch-size 8" in fixed
    assert builder.repo.git.log("-1", "--format=%an", "feature") == "drift[bot]"


def test_a_job_survives_a_worker_killed_mid_job(world):
    app, stub = world["app"], world["stub"]
    # The worker's first look at the pull request hangs, then fails: kill it meanwhile.
    stub.inject("GET", r"/pulls/\d+$", 502, delay=6, times=1)
    status, body = app.send("pull_request", _pr_event(world))
    job = body["job"]
    wait_for(lambda: app.job_status(job) == "running", app, what="the job to start")
    app.worker.kill()
    app.worker.wait()
    assert app.job_status(job) == "running" and not _summary(world)
    app.restart_worker()
    wait_for(lambda: app.job_status(job) == "done", app, seconds=90, what="the job to finish after restart")
    assert _summary(world)
