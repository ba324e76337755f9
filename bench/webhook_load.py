#!/usr/bin/env python3
"""A burst of signed webhook deliveries against a real `drift serve` and `drift worker`,
with the local GitHub stand-in as GitHub. Everything stays on 127.0.0.1.

    python bench/webhook_load.py [--deliveries 200] [--hostile 40] [--concurrency 50] [--workers 2]

Beside the real deliveries it sends a bounded mix of hostile ones, interleaved: forged
signatures, oversized bodies (30 MB, streamed), slow bodies (half sent, then silence past
the server's body timeout) and deeply nested signed JSON.

Prints acknowledgement latency (p50, p99, max) of the real deliveries as the sender saw
it, how each hostile kind was answered (a forged one accepted is a failure), how many
jobs completed, how long the workers took to drain the queue, and the server's peak
resident memory. Bounded: it sends exactly --deliveries + --hostile requests and waits
at most --timeout seconds for the jobs.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.ghstub import GitHubStub, files_from_git  # noqa: E402

SECRET = "load-test-secret"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


def make_repository(root: Path) -> tuple[str, str]:
    """A small project whose PR renames a flag the docs still use."""
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.email", "bench@example.invalid")
    git(root, "config", "user.name", "bench")
    (root / "trainer").mkdir()
    (root / "trainer/__init__.py").write_text("")
    (root / "trainer/args.py").write_text('import argparse\np = argparse.ArgumentParser()\np.add_argument("--batch", dest="batch", type=int)\n')
    (root / "trainer/train.py").write_text("from trainer.args import p\np.parse_args()\n")
    (root / "docs").mkdir()
    (root / "docs/guide.md").write_text("# Guide\n\nRun `python trainer/train.py --batch 8`.\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "initial")
    base = git(root, "rev-parse", "HEAD")
    (root / "trainer/args.py").write_text('import argparse\np = argparse.ArgumentParser()\np.add_argument("--batch-size", dest="batch", type=int)\n')
    git(root, "commit", "-qam", "Rename --batch (#1)")
    return base, git(root, "rev-parse", "HEAD")


HOSTILE_KINDS = ("forged", "oversized", "slow", "nested")
OVERSIZED_BYTES = 30 * 1024 * 1024


def hostile(port: int, kind: str, payload: bytes, signature: str) -> tuple[float, int]:
    """One hostile delivery over a raw socket; (seconds to the answer, HTTP status, or 0
    when the server closed without one)."""
    delivery = str(uuid.uuid4())
    if kind == "forged":
        body, sig, length = payload, "sha256=" + "0" * 64, len(payload)
    elif kind == "nested":
        body = b'{"a":' * 5000 + b"1" + b"}" * 5000
        sig, length = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest(), len(body)
    elif kind == "oversized":
        body, sig, length = b"", signature, OVERSIZED_BYTES
    else:  # slow: half the body, then nothing
        body, sig, length = payload[: len(payload) // 2], signature, len(payload)
    head = (
        f"POST /webhook HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-GitHub-Event: pull_request\r\n"
        f"X-GitHub-Delivery: {delivery}\r\nX-Hub-Signature-256: {sig}\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
    ).encode()
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        try:
            conn.sendall(head)
            if kind == "oversized":
                chunk = b"x" * (1 << 20)
                for _ in range(OVERSIZED_BYTES // len(chunk)):
                    conn.sendall(chunk)
            else:
                conn.sendall(body)
            answer = conn.recv(64)
        except OSError:
            answer = b""
    status = int(answer.split(b" ")[1]) if answer.startswith(b"HTTP/") else 0
    return time.perf_counter() - started, status


def peak_rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deliveries", type=int, default=200)
    parser.add_argument("--hostile", type=int, default=40, help="hostile deliveries mixed in (forged, oversized, slow, nested)")
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="drift-load-"))
    repo_dir = work / "repo"
    base, head = make_repository(repo_dir)
    stub = GitHubStub()
    stub.start()
    pem = stub.generate_app_key()
    stub.add_installation(42, "octo")
    stub.add_repo("octo/trainer", clone_url=str(repo_dir))
    pull = stub.add_pull("octo/trainer", user="alice", head_sha=head, base_sha=base, files=files_from_git(repo_dir, base, head))
    port = free_port()
    env = {
        **os.environ,
        "DRIFT_WEBHOOK_SECRET": SECRET,
        "DRIFT_APP_ID": str(stub.app_id),
        "DRIFT_PRIVATE_KEY": pem,
        "DRIFT_GITHUB_URL": stub.base_url,
        "DRIFT_DATA_DIR": str(work / "data"),
        "DRIFT_CACHE_DIR": str(work / "cache"),
        "DRIFT_BODY_TIMEOUT_SECONDS": "3",
    }
    logs = open(work / "processes.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "bot.cli", "serve", "--port", str(port)], env=env, stdout=logs, stderr=subprocess.STDOUT)
    worker = subprocess.Popen([sys.executable, "-m", "bot.cli", "worker", "--workers", str(args.workers)], env=env, stdout=logs, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).read()
                break
            except OSError:
                if time.time() > deadline:
                    raise SystemExit("drift serve did not start; see " + str(work / "processes.log"))
                time.sleep(0.2)
        payload = json.dumps({
            "action": "synchronize",
            "installation": {"id": 42},
            "repository": {"full_name": "octo/trainer", "clone_url": str(repo_dir)},
            "pull_request": {"number": pull.number, "head": {"sha": head}, "base": {"sha": base}},
        }).encode()
        signature = "sha256=" + hmac.new(SECRET.encode(), payload, hashlib.sha256).hexdigest()

        def send(_: int) -> tuple[float, int]:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/webhook", data=payload, method="POST",
                headers={"X-GitHub-Event": "pull_request", "X-GitHub-Delivery": str(uuid.uuid4()), "X-Hub-Signature-256": signature, "Content-Type": "application/json"},
            )
            started = time.perf_counter()
            with urllib.request.urlopen(request, timeout=30) as response:
                response.read()
                return time.perf_counter() - started, response.status

        kinds = ["real"] * args.deliveries + [HOSTILE_KINDS[i % len(HOSTILE_KINDS)] for i in range(args.hostile)]
        random.Random(7).shuffle(kinds)

        def deliver(kind: str) -> tuple[str, float, int]:
            if kind == "real":
                return (kind, *send(0))
            return (kind, *hostile(port, kind, payload, signature))

        burst_started = time.perf_counter()
        with ThreadPoolExecutor(args.concurrency) as pool:
            everything = list(pool.map(deliver, kinds))
        burst = time.perf_counter() - burst_started
        results = [(latency, status) for kind, latency, status in everything if kind == "real"]
        latencies = [r[0] for r in results]
        accepted = sum(1 for r in results if r[1] == 202)
        answered: dict[str, Counter] = {}
        for kind, _, status in everything:
            if kind != "real":
                answered.setdefault(kind, Counter())[status] += 1

        state = work / "data" / "state.sqlite"
        drain_started = time.perf_counter()
        done = 0
        while time.perf_counter() - drain_started < args.timeout:
            with sqlite3.connect(state) as db:
                counts = dict(db.execute("SELECT status, COUNT(*) FROM jobs GROUP BY status").fetchall())
            done = counts.get("done", 0) + counts.get("failed", 0)
            if done >= accepted:
                break
            time.sleep(0.25)
        drain = time.perf_counter() - drain_started
        print(f"deliveries sent      {args.deliveries} ({args.concurrency} at a time) in {burst:.2f} s; {accepted} accepted (202)")
        print(f"acknowledgement      p50 {statistics.median(latencies) * 1000:.1f} ms, p99 {percentile(latencies, 0.99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")
        print(f"jobs completed       {counts.get('done', 0)} done, {counts.get('failed', 0)} failed, of {accepted}, {args.workers} worker threads")
        print(f"queue drained in     {drain:.1f} s after the burst ({accepted / max(burst + drain, 1e-9):.1f} jobs/s overall)")
        for kind in HOSTILE_KINDS:
            if kind in answered:
                print(f"hostile {kind:<13}{sum(answered[kind].values())} sent, answered " + ", ".join(f"{code}: {n}" for code, n in sorted(answered[kind].items())))
        forged_accepted = sum(answered.get(k, Counter()).get(202, 0) for k in HOSTILE_KINDS)
        print(f"hostile accepted     {forged_accepted} (must be 0)")
        print(f"server memory peak   {peak_rss_mb(server.pid):.0f} MB resident")
        print(f"GitHub requests      {len(stub.requests)} served by the stand-in")
    finally:
        for proc in (server, worker):
            proc.send_signal(signal.SIGINT)
        for proc in (server, worker):
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        stub.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
