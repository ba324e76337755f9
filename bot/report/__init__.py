"""Reporters: findings in, text out. Each format is one module with ``render(result)``."""

from __future__ import annotations

from importlib import import_module

FORMATS = {"text": "text", "json": "json_report", "sarif": "sarif", "github": "github"}


def render(result, fmt: str, **options) -> str:
    module = import_module(f"{__name__}.{FORMATS[fmt]}")
    return module.render(result, **options)
