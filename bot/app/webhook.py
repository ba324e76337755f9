"""The webhook endpoint: verify, deduplicate, enqueue, answer. Nothing slow happens here.

GitHub waits 10 seconds for an answer and does not retry on its own, so the handler only
checks the signature (HMAC-SHA256 of the raw body, compared in constant time), records
the delivery, enqueues a job and answers 202. Unsigned or forged requests get 401 and
change nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route

from .logs import log_context
from .queue import Queue
from .routing import route_event

log = logging.getLogger("drift.app")
MAX_BODY = 25 * 1024 * 1024  # GitHub caps payloads at 25 MB


MAX_JSON_DEPTH = 200  # GitHub's payloads nest a dozen levels; a bomb nests thousands


def signature_ok(secret: str, body: bytes, header: str | None) -> bool:
    if not header or not header.startswith("sha256="):
        return False
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    # As bytes: a header with non-ASCII characters is a wrong signature, not a crash.
    return hmac.compare_digest(expected.encode(), header.encode("utf-8", "surrogateescape"))


class _TooLarge(Exception):
    pass


async def _read_body(request: Request, timeout: float) -> bytes:
    """The body, refused as soon as it passes the limit: a 200 MB post is never held
    whole, and one that stalls is dropped when the timeout ends."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise _TooLarge
    chunks: list[bytes] = []
    size = 0

    async def collect() -> None:
        nonlocal size
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise _TooLarge
            chunks.append(chunk)

    await asyncio.wait_for(collect(), timeout=timeout)
    return b"".join(chunks)


def _too_deep(body: bytes) -> bool:
    """Nesting deeper than any real payload, found by counting brackets outside strings,
    before the JSON parser recurses into it."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


def create_app(queue: Queue) -> Starlette:
    settings = queue.settings
    settings.require_secret()

    async def webhook(request: Request) -> JSONResponse:
        try:
            body = await _read_body(request, settings.body_timeout_seconds)
        except _TooLarge:
            count("too_large")
            return JSONResponse({"error": "payload too large"}, status_code=413)
        except asyncio.TimeoutError:
            return JSONResponse({"error": "body not received in time"}, status_code=408)
        if not signature_ok(settings.webhook_secret or "", body, request.headers.get("x-hub-signature-256")):
            count("bad_signature")
            log.warning("rejected a webhook with a missing or wrong signature (delivery %s)", request.headers.get("x-github-delivery"))
            return JSONResponse({"error": "bad signature"}, status_code=401)
        event = request.headers.get("x-github-event", "")
        delivery = request.headers.get("x-github-delivery", "")
        with log_context(delivery=delivery or None, event=event or None):
            return await _accepted(event, delivery, body)

    async def _accepted(event: str, delivery: str, body: bytes) -> JSONResponse:
        if not delivery:
            return JSONResponse({"error": "missing X-GitHub-Delivery"}, status_code=400)
        if _too_deep(body):
            return JSONResponse({"error": "JSON nested too deeply"}, status_code=400)
        try:
            payload = json.loads(body)
        except (ValueError, UnicodeDecodeError, RecursionError):
            return JSONResponse({"error": "body is not JSON"}, status_code=400)
        if not isinstance(payload, dict):
            return JSONResponse({"error": "body is not a JSON object"}, status_code=400)
        job = route_event(event, payload)
        if job is None:
            count("no_work")
            log.info("delivery %s: %s/%s needs no work", delivery, event, payload.get("action"))
            return JSONResponse({"ok": True, "job": None, "event": event}, status_code=200)
        kind, job_payload = job
        created = queue.submit(delivery, kind, {**job_payload, "delivery": delivery})
        count("queued" if created else "duplicate")
        with log_context(repo=job_payload.get("repo"), job=delivery):
            log.info("delivery %s: %s/%s -> %s job (%s)", delivery, event, payload.get("action"), kind, "queued" if created else "duplicate")
        return JSONResponse({"ok": True, "job": delivery, "duplicate": not created}, status_code=202 if created else 200)

    deliveries: dict[str, int] = {}

    def count(outcome: str) -> None:
        deliveries[outcome] = deliveries.get(outcome, 0) + 1

    async def metrics(request: Request) -> PlainTextResponse:
        """Prometheus text format: jobs by state, queue depth, job durations, deliveries."""
        lines = ["# HELP drift_jobs Jobs in the store by state.", "# TYPE drift_jobs gauge"]
        try:
            counts = queue.store.counts()
            pending = len(queue.huey)
            durations = sorted(queue.store.durations())
        except Exception:
            return PlainTextResponse("# drift: the job store is unreachable\n", status_code=503)
        lines += [f'drift_jobs{{state="{state}"}} {n}' for state, n in sorted(counts.items())]
        lines += ["# HELP drift_queue_depth Jobs waiting for a worker.", "# TYPE drift_queue_depth gauge", f"drift_queue_depth {pending}"]
        lines += ["# HELP drift_job_duration_seconds From delivery to the end of the job, for the finished jobs kept.", "# TYPE drift_job_duration_seconds summary"]
        for quantile in (0.5, 0.9, 0.99):
            if durations:
                lines.append(f'drift_job_duration_seconds{{quantile="{quantile}"}} {durations[min(len(durations) - 1, int(quantile * len(durations)))]:.3f}')
        lines += [f"drift_job_duration_seconds_sum {sum(durations):.3f}", f"drift_job_duration_seconds_count {len(durations)}"]
        lines += ["# HELP drift_webhook_deliveries_total Deliveries this server answered, by outcome.", "# TYPE drift_webhook_deliveries_total counter"]
        lines += [f'drift_webhook_deliveries_total{{outcome="{outcome}"}} {n}' for outcome, n in sorted(deliveries.items())]
        return PlainTextResponse("\n".join(lines) + "\n", media_type="text/plain; version=0.0.4")

    async def healthz(request: Request) -> JSONResponse:
        try:
            counts = queue.store.counts()
            pending = len(queue.huey)
        except Exception as exc:  # the store and the queue are what health means here
            return JSONResponse({"ok": False, "error": type(exc).__name__}, status_code=503)
        return JSONResponse({"ok": True, "jobs": counts, "queue": pending})

    return Starlette(routes=[Route("/webhook", webhook, methods=["POST"]), Route("/healthz", healthz, methods=["GET"]), Route("/metrics", metrics, methods=["GET"])])
