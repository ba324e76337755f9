"""Calls to GitHub that survive rate limits and server errors.

Honours `retry-after` and `x-ratelimit-reset` on 403/429 (primary and secondary rate
limits), backs off exponentially on 5xx, and gives up after a bounded wait, so a job
fails with a clear error rather than hanging. Every retry is logged with what GitHub
said and the remaining rate limit.
"""

from __future__ import annotations

import logging
import time
from typing import Callable, TypeVar

from github import GithubException

log = logging.getLogger("drift.github")
T = TypeVar("T")

MAX_ATTEMPTS = 6
MAX_WAIT_SECONDS = 120.0


def _header(exc: GithubException, name: str) -> str | None:
    headers = {k.lower(): v for k, v in (exc.headers or {}).items()}
    return headers.get(name)


def wait_for(exc: GithubException, attempt: int, now: float | None = None) -> float | None:
    """Seconds to wait before retrying, or None when the error is final."""
    status = exc.status
    if status in (403, 429):
        retry_after = _header(exc, "retry-after")
        if retry_after is not None:
            try:
                return float(retry_after)
            except ValueError:
                return 60.0
        if _header(exc, "x-ratelimit-remaining") == "0":
            reset = _header(exc, "x-ratelimit-reset")
            if reset is not None:
                return max(0.0, float(reset) - (now if now is not None else time.time())) + 1.0
        message = str(getattr(exc, "data", "") or "").lower()
        if "secondary rate limit" in message or "abuse" in message or status == 429:
            return 60.0 * (attempt + 1)
        return None  # a plain permission error: retrying will not help
    if status is not None and 500 <= status < 600:
        return min(2.0**attempt * 0.5, 30.0)
    return None


def call(fn: Callable[[], T], what: str, sleep: Callable[[float], None] = time.sleep, max_wait: float = MAX_WAIT_SECONDS) -> T:
    waited = 0.0
    for attempt in range(MAX_ATTEMPTS):
        try:
            return fn()
        except GithubException as exc:
            delay = wait_for(exc, attempt)
            if delay is None or attempt == MAX_ATTEMPTS - 1 or waited + delay > max_wait:
                raise
            log.warning(
                "GitHub answered %s to %s; retrying in %.1fs (rate limit remaining: %s)",
                exc.status, what, delay, _header(exc, "x-ratelimit-remaining"),
            )
            sleep(delay)
            waited += delay
    raise AssertionError("unreachable")
