"""The checks: one module per rule, each with a stable code, a name and its own docs.

A rule module declares ``CODE``, ``NAME``, ``SEVERITY``, the claim kinds it reads
(``CLAIMS``) and ``check(claim, ctx)``; its docstring is its documentation page.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

_MODULES = (
    "stale_path",
    "unknown_flag",
    "unknown_env",
    "unknown_metric",
    "unknown_symbol",
    "default_mismatch",
    "choices_mismatch",
    "broken_anchor",
    "choices_incomplete",
    "lookalike",
    "type_mismatch",
    "external_flag",
    "stale_section",
    "source_mismatch",
    "help_unknown_flag",
    "unknown_config_key",
    "unclosed_fence",
    "help_differs",
    "invalid_choice",
)


def all_rules() -> list[ModuleType]:
    rules = [import_module(f"{__name__}.{name}") for name in _MODULES]
    return sorted(rules, key=lambda rule: rule.CODE)


def rule_by_code(code_or_name: str) -> ModuleType | None:
    for rule in all_rules():
        if code_or_name in (rule.CODE, rule.NAME):
            return rule
    return None
