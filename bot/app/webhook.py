"""The webhook endpoint: verify, deduplicate, enqueue, answer. Nothing slow happens here.

GitHub waits 10 seconds for an answer and does not retry on its own, so the handler only
checks the signature (HMAC-SHA256 of the raw body, compared in constant time), records
the delivery, enqueues a job and answers 202. Unsigned or forged requests get 401 and
change nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from .queue import Queue
from .routing import route_event

log = logging.getLogger("drift.app")
MAX_BODY = 25 * 1024 * 1024  # GitHub caps payloads at 25 MB


def signature_ok(secret: str, body: bytes, header: str | None) -> bool:
    if not header or not header.startswith("sha256="):
        return False
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header)


def create_app(queue: Queue) -> Starlette:
    settings = queue.settings
    settings.require_secret()

    async def webhook(request: Request) -> JSONResponse:
        body = await request.body()
        if len(body) > MAX_BODY:
            return JSONResponse({"error": "payload too large"}, status_code=413)
        if not signature_ok(settings.webhook_secret or "", body, request.headers.get("x-hub-signature-256")):
            log.warning("rejected a webhook with a missing or wrong signature (delivery %s)", request.headers.get("x-github-delivery"))
            return JSONResponse({"error": "bad signature"}, status_code=401)
        event = request.headers.get("x-github-event", "")
        delivery = request.headers.get("x-github-delivery", "")
        if not delivery:
            return JSONResponse({"error": "missing X-GitHub-Delivery"}, status_code=400)
        try:
            payload = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            return JSONResponse({"error": "body is not JSON"}, status_code=400)
        if not isinstance(payload, dict):
            return JSONResponse({"error": "body is not a JSON object"}, status_code=400)
        job = route_event(event, payload)
        if job is None:
            log.info("delivery %s: %s/%s needs no work", delivery, event, payload.get("action"))
            return JSONResponse({"ok": True, "job": None, "event": event}, status_code=200)
        kind, job_payload = job
        created = queue.submit(delivery, kind, {**job_payload, "delivery": delivery})
        log.info("delivery %s: %s/%s -> %s job (%s)", delivery, event, payload.get("action"), kind, "queued" if created else "duplicate")
        return JSONResponse({"ok": True, "job": delivery, "duplicate": not created}, status_code=202 if created else 200)

    async def healthz(request: Request) -> JSONResponse:
        try:
            counts = queue.store.counts()
            pending = len(queue.huey)
        except Exception as exc:  # the store and the queue are what health means here
            return JSONResponse({"ok": False, "error": type(exc).__name__}, status_code=503)
        return JSONResponse({"ok": True, "jobs": counts, "queue": pending})

    return Starlette(routes=[Route("/webhook", webhook, methods=["POST"]), Route("/healthz", healthz, methods=["GET"])])
