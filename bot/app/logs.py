"""The App's logs: one JSON object per line, with the delivery, repository and job each
line is about, so an operator can follow one delivery through server and worker.

`DRIFT_LOG_FORMAT=text` gives the plain format instead (for a terminal)."""

from __future__ import annotations

import contextvars
import json
import logging
import os
import time
from contextlib import contextmanager
from typing import Iterator

_CONTEXT: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("drift_log_context", default={})


@contextmanager
def log_context(**fields: object) -> Iterator[None]:
    """Fields every log line inside carries (`delivery`, `repo`, `job`)."""
    token = _CONTEXT.set({**_CONTEXT.get(), **{k: str(v) for k, v in fields.items() if v is not None}})
    try:
        yield
    finally:
        _CONTEXT.reset(token)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            **_CONTEXT.get(),
        }
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def setup_logging() -> None:
    handler = logging.StreamHandler()
    if os.environ.get("DRIFT_LOG_FORMAT", "json").lower() == "text":
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    else:
        handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
