"""A job in a process of its own: a wall-clock limit, a CPU-time limit and a memory
limit per job, and no App private key in the process that reads the untrusted repository.

The worker (parent) claims the job, holds its lease and the repository lock, fetches the
installation token, then starts `python -m drift_docs.app.isolation` and hands it the job on
standard input. The child sets its own limits first, runs the job, and prints how it
ended as the last line of standard output. A child past its time is killed with its
process group; a child that dies (the memory limit, a crash) ends the job as failed.
"""

from __future__ import annotations

import dataclasses
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from .settings import Settings

OUTCOME = "DRIFT-OUTCOME "


def run_isolated(settings: Settings, job_id: str, job: dict[str, Any], payload: dict[str, Any], token: str) -> dict[str, Any]:
    """Run one job in a child process; how it ended, as jobs.run_job says it."""
    child_settings = dataclasses.replace(settings, private_key=None, webhook_secret=None, installation_tokens={str(payload["installation"]): token})
    message = json.dumps({"settings": _plain(child_settings), "job": job, "payload": payload, "job_id": job_id})
    proc = subprocess.Popen(
        [sys.executable, "-m", f"{__package__}.isolation"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None, text=True, start_new_session=True,
    )
    try:
        out, _ = proc.communicate(message, timeout=settings.job_timeout_seconds)
    except subprocess.TimeoutExpired:
        _kill(proc)
        return {"error": f"TimeLimit: the job ran past its limit of {settings.job_timeout_seconds:g} s and was stopped", "retry": False, "not_before": None}
    finally:
        if proc.poll() is None:
            _kill(proc)
    for line in reversed(out.splitlines()):
        if line.startswith(OUTCOME):
            return json.loads(line[len(OUTCOME):])
    if proc.returncode < 0:
        name = signal.Signals(-proc.returncode).name if -proc.returncode in signal.Signals._value2member_map_ else str(-proc.returncode)
        why = {"SIGXCPU": "its CPU-time limit", "SIGKILL": "a kill (the memory limit or the system's)", "SIGSEGV": "a crash"}.get(name, name)
        return {"error": f"JobDied: the job's process ended on {name} ({why})", "retry": False, "not_before": None}
    return {"error": f"JobDied: the job's process exited with status {proc.returncode} and no outcome", "retry": False, "not_before": None}


def _kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # the child and the git processes it started
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def _plain(settings: Settings) -> dict[str, Any]:
    data = dataclasses.asdict(settings)
    data["data_dir"] = str(settings.data_dir)
    return data


def _limit(settings: Settings) -> None:
    cpu = max(1, int(settings.job_timeout_seconds))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    if settings.job_memory_mb > 0:
        memory = settings.job_memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))


def main() -> int:
    from .jobs import run_job
    from .logs import log_context, setup_logging
    from .store import RedisStore, Store

    setup_logging()
    message = json.loads(sys.stdin.read())
    data = message["settings"]
    data["data_dir"] = Path(data["data_dir"])
    settings = Settings(**data)
    _limit(settings)
    store = RedisStore(settings.redis_url) if settings.redis_url else Store(settings.state_path)
    payload = message["payload"]
    with log_context(job=message["job_id"], delivery=payload.get("delivery"), repo=payload.get("repo"), pr=payload.get("number")):
        outcome = run_job(settings, store, message["job"], payload)
    sys.stdout.write(OUTCOME + json.dumps(outcome) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
