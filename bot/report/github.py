"""GitHub Actions workflow commands: ``::error file=...,line=...::message`` annotations."""

from __future__ import annotations


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(result) -> str:
    from ..engine import severity

    lines = []
    for f in result.findings:
        level = {"error": "error", "warning": "warning"}.get(severity(f.rule), "notice")
        message = f"{f.message}. {f.evidence}"
        if f.replacement:
            message += f"\nSuggested: {f.replacement}"
        props = f"file={_escape_property(f.path)},line={f.line},col={f.column},title={_escape_property(f.rule + ' ' + f.name)}"
        lines.append(f"::{level} {props}::{_escape_data(message)}")
    return "\n".join(lines) + ("\n" if lines else "")
