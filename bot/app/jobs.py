"""What a worker does with a job: analyse a pull request and report on it, or carry out
a `/drift` command. Each job is claimed with a lease first, so two workers never run it
at once and one whose worker died is taken up again."""

from __future__ import annotations

import fcntl
import logging
import subprocess
import threading
import time
from contextlib import contextmanager
import tempfile
from pathlib import Path
from typing import Any

from github import GithubException

from ..config import ConfigError
from ..github.publish import PublishOptions, ReadOnlyToken, publish, publish_settings_error
from ..revision import DriftError
from . import repos
from .auth import TokenCache
from .logs import log_context
from .settings import Settings
from .store import Store

log = logging.getLogger("drift.app")
_TOKENS: dict[int, TokenCache] = {}


def tokens(settings: Settings) -> Any:
    if settings.installation_tokens:
        from .auth import PresetTokens

        return PresetTokens(settings)  # a job's process: handed its token, never the key
    key = id(settings)
    if key not in _TOKENS:
        _TOKENS[key] = TokenCache(settings)
    return _TOKENS[key]


def _transient(exc: BaseException) -> bool:
    """Worth another try: rate limits and server errors, a busy repository, a network or
    git hiccup; not a permission error or a bug."""
    if isinstance(exc, ConfigError):
        return False  # the repository's settings need an edit: reported, not retried
    if isinstance(exc, GithubException):
        from ..github.retry import wait_for

        return wait_for(exc, 0) is not None
    if type(exc).__name__ in ("LockError", "LockNotOwnedError"):
        return True
    return isinstance(exc, (DriftError, subprocess.TimeoutExpired, OSError))


@contextmanager
def repository_lock(settings: Settings, full_name: str, store: Any = None):
    """One job at a time per repository, across threads and processes sharing the data
    dir (and, with Redis, across machines): they share its clone, and two reports on one
    pull request would race."""
    if hasattr(store, "lock"):
        lock = store.lock(full_name, settings.job_lease_seconds)
        if not lock.acquire():
            raise DriftError(f"{full_name} is busy with another job")  # transient: retried later
        stop = threading.Event()

        def renew() -> None:  # the lock lives as long as the job, like its lease
            while not stop.wait(max(0.5, settings.job_lease_seconds / 3)):
                try:
                    lock.extend(settings.job_lease_seconds, replace_ttl=True)
                except Exception:
                    log.warning("could not renew the lock on %s", full_name)

        threading.Thread(target=renew, daemon=True).start()
        try:
            yield
        finally:
            stop.set()
            try:
                lock.release()
            except Exception:  # the lease ran out and another worker holds it now
                log.warning("the lock on %s expired before its job finished", full_name)
        return
    locks = settings.data_dir / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    with open(locks / (full_name.replace("/", "__") + ".lock"), "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def execute(settings: Settings, store: Store, job_id: str) -> None:
    job = store.claim(job_id, settings.job_lease_seconds)
    if job is None:
        return  # done already, running elsewhere, or given up
    payload = job["payload"]
    stop = threading.Event()
    heartbeat = threading.Thread(target=_keep_lease, args=(settings, store, job_id, stop), daemon=True)
    heartbeat.start()
    try:
        with log_context(job=job_id, delivery=payload.get("delivery"), repo=payload.get("repo"), pr=payload.get("number")):
            _execute(settings, store, job_id, job, payload)
    finally:
        stop.set()
        heartbeat.join(timeout=5)


def _keep_lease(settings: Settings, store: Any, job_id: str, stop: threading.Event) -> None:
    """While the job runs, renew its lease (every third of it): a long job is not taken
    for a dead worker's and run a second time. A worker that dies stops renewing, and
    the job is taken up again when the lease runs out."""
    every = max(0.5, settings.job_lease_seconds / 3)
    while not stop.wait(every):
        try:
            store.extend(job_id, settings.job_lease_seconds)
        except Exception:  # the store is briefly unreachable: the next beat tries again
            log.warning("job %s: could not renew its lease", job_id)


def _execute(settings: Settings, store: Store, job_id: str, job: dict[str, Any], payload: dict[str, Any]) -> None:
    log.info("job %s (%s) attempt %d: %s#%s", job_id, job["kind"], job["attempts"], payload.get("repo"), payload.get("number"))
    try:
        with repository_lock(settings, payload.get("repo") or "unknown/unknown", store):
            if settings.job_isolation == "process":
                from .isolation import run_isolated

                outcome = run_isolated(settings, job_id, job, payload, tokens(settings).token(payload["installation"]))
            else:
                outcome = run_job(settings, store, job, payload)
    except Exception as exc:  # the lock or the token, before the job itself ran
        outcome = outcome_of(exc)
    _finish(store, job_id, outcome)


def run_job(settings: Settings, store: Any, job: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
    """Run one job here and say how it ended: {"ok": True} or {"error", "retry", "not_before"}."""
    try:
        if job["kind"] == "pr":
            run_pull_request(settings, store, payload)
        elif job["kind"] == "command":
            from .commands import run_command

            run_command(settings, store, payload)
    except Exception as exc:
        return outcome_of(exc)
    return {"ok": True}


def outcome_of(exc: BaseException) -> dict[str, Any]:
    return {"error": f"{type(exc).__name__}: {exc}", "retry": _transient(exc), "not_before": _rate_limit_reset(exc)}


def _finish(store: Store, job_id: str, outcome: dict[str, Any]) -> None:
    if outcome.get("ok"):
        store.finish(job_id)
        return
    at = outcome.get("not_before")
    if at is not None:
        # GitHub said when: the job waits for that, without using up its attempts
        # (an hour-long reset is not five quick failures).
        log.warning("job %s: rate-limited; retrying at %s", job_id, time.strftime("%H:%M:%S", time.gmtime(at)))
        store.finish(job_id, outcome["error"], retry=True, not_before=at)
        return
    retry = bool(outcome.get("retry"))
    log.warning("job %s failed (%s): %s", job_id, "will retry" if retry else "final", outcome["error"].split(": ", 1)[-1])
    store.finish(job_id, outcome["error"], retry=retry)


def _rate_limit_reset(exc: BaseException) -> float | None:
    """When a rate-limited call may be made again (its `retry-after` or
    `x-ratelimit-reset`); None for any other error."""
    if not isinstance(exc, GithubException) or exc.status not in (403, 429):
        return None
    from ..github.retry import wait_for

    headers = {k.lower(): v for k, v in (exc.headers or {}).items()}
    if "retry-after" not in headers and headers.get("x-ratelimit-remaining") != "0":
        return None
    delay = wait_for(exc, 0)
    return time.time() + delay if delay is not None else None


def analyse_pull(settings: Settings, payload: dict[str, Any]):
    """(repository, pull request, PR-mode result, path of the local clone)."""
    from ..pr import run_pr

    cache = tokens(settings)
    installation = payload["installation"]
    gh = cache.client(installation)
    repo = gh.get_repo(payload["repo"])
    pull = repo.get_pull(payload["number"])
    # Where to fetch from is GitHub's answer for the repository the installation's token
    # can see, never the delivery's `clone_url`: the token goes wherever that URL points.
    path = repos.sync(settings.repos_dir, payload["repo"], repos.trusted_clone_url(settings, repo), cache.token(installation), payload["number"])
    head = pull.head.sha
    base = merge_base(path, pull.base.sha, head)
    # The head's drift settings are the pull request author's: only their safe subset.
    return repo, pull, run_pr(path, base, head, fetch=settings.fetch_externals, untrusted=True), path


def merge_base(path: Path, base: str, head: str) -> str:
    """The PR's diff is against the merge base: so are drift's changed lines."""
    proc = subprocess.run(["git", "--git-dir", str(path), "merge-base", base, head], capture_output=True, text=True)
    return proc.stdout.strip() if proc.returncode == 0 and proc.stdout.strip() else base


def run_pull_request(settings: Settings, store: Store, payload: dict[str, Any]) -> None:
    try:
        repo, pull, result, _ = analyse_pull(settings, payload)
    except ConfigError as exc:
        gh = tokens(settings).client(payload["installation"])
        repo = gh.get_repo(payload["repo"])
        head = repo.get_pull(payload["number"]).head.sha
        log.warning("%s#%s: settings error, reported on the check run: %s", payload["repo"], payload["number"], exc)
        publish_settings_error(repo, head, str(exc), PublishOptions(app_id=settings.app_id))
        return
    ignored = store.ignored(payload["repo"], payload["number"])
    if ignored:
        result.findings = [f for f in result.findings if (f.subject or f.text) not in ignored and f.text not in ignored]
    try:
        report = publish(repo, pull.number, result, PublishOptions(conclusion_on_findings=settings.conclusion, app_id=settings.app_id))
    except ReadOnlyToken as exc:  # an installation without write access to pull requests
        log.warning("%s#%s: cannot write (%s); nothing posted", payload["repo"], pull.number, exc)
        return
    log.info(
        "%s#%s: %d finding(s), %d new inline, %d removed; rate limit remaining %s",
        payload["repo"], pull.number, len(result.findings), report.inline_posted, report.deleted,
        repo._requester.rate_limiting[0] if hasattr(repo, "_requester") else "?",
    )


def working_copy(bare: Path, head: str) -> Path:
    target = Path(tempfile.mkdtemp(prefix="drift-fix-"))
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(bare), str(target)], check=True, capture_output=True)
    subprocess.run(["git", "-C", str(target), "checkout", "--quiet", head], check=True, capture_output=True)
    return target
