"""What every check gets: the facts index, the settings, and each doc's headings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..config import Config, Passthrough
from ..index import FactIndex
from ..model import Finding
from .classify import Claim


@dataclass
class CheckContext:
    index: FactIndex
    config: Config
    doc_slugs: dict[str, set[str]] = field(default_factory=dict)  # doc path -> anchors
    foreign_flags: set[str] = field(default_factory=set)  # flags docs show on other programs
    external_flags: dict[str, dict[str, Any]] = field(default_factory=dict)  # program -> {flag: fact}
    frameworks: set[str] = field(default_factory=set)  # argument frameworks the repo's parsers extend

    def passthrough_for(self, flag: str) -> Passthrough | None:
        best = None
        for rule in self.config.passthrough:
            if rule.prefix and flag.startswith(rule.prefix) and (best is None or len(rule.prefix) > len(best.prefix)):
                best = rule
        if best is None:
            best = next((rule for rule in self.config.passthrough if rule.prefix == ""), None)
        return best


def finding(rule: tuple[str, str], claim: Claim, message: str, evidence: str, confidence: str = "high", replacement: str | None = None, subject: str | None = None, text: str | None = None) -> Finding:
    return Finding(
        rule=rule[0],
        name=rule[1],
        path=claim.doc,
        line=claim.line,
        column=claim.column,
        text=text if text is not None else claim.text,
        message=message,
        evidence=evidence,
        confidence=confidence,
        replacement=replacement,
        subject=subject or claim.text,
    )


def where(fact: Any) -> str:
    return f"{fact.path}:{fact.line}"
