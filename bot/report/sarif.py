"""SARIF 2.1.0 for code scanning: one run, one result per finding, rules with help.

Valid against the OASIS schema with its format checks: every URI is absolute or left
out, and only certain edits become `fixes` (code scanning shows a fix as the answer).
"""

from __future__ import annotations

from .. import __version__
from ..homepage import rule_anchor, rules_page_url, source_url
from ..plain import dumps_plain

_LEVEL = {"error": "error", "warning": "warning", "note": "note"}


def _driver(rules) -> dict:
    page = rules_page_url()
    driver_rules = []
    for rule in rules:
        doc = (rule.__doc__ or "").strip()
        title = doc.splitlines()[0] if doc else rule.NAME
        entry = {
            "id": rule.CODE,
            "name": rule.NAME,
            "shortDescription": {"text": title.split(":", 1)[-1].strip()},
            "fullDescription": {"text": doc},
            "help": {"text": doc, "markdown": doc},
            "defaultConfiguration": {"level": _LEVEL.get(rule.SEVERITY, "warning")},
        }
        if page:
            entry["helpUri"] = f"{page}#{rule_anchor(rule.CODE)}"
        driver_rules.append(entry)
    driver = {"name": "drift", "version": __version__, "semanticVersion": __version__, "rules": driver_rules}
    home = source_url() or (page.split("/blob/", 1)[0] if page and "/blob/" in page else None)
    if home:
        driver["informationUri"] = home
    return driver


def _location(f) -> dict:
    region = {"startLine": f.line, "startColumn": f.column, "endColumn": f.column + max(len(f.text), 1)}
    return {"physicalLocation": {"artifactLocation": {"uri": f.path, "uriBaseId": "%SRCROOT%"}, "region": region}}


def _fix(f) -> dict:
    return {
        "description": {"text": f"replace {f.text} with {f.replacement}"},
        "artifactChanges": [{
            "artifactLocation": {"uri": f.path, "uriBaseId": "%SRCROOT%"},
            "replacements": [{
                "deletedRegion": {"startLine": f.line, "startColumn": f.column, "endColumn": f.column + len(f.text)},
                "insertedContent": {"text": f.replacement},
            }],
        }],
    }


def render(result) -> str:
    from ..checks import all_rules

    rules = all_rules()
    ids = [rule.CODE for rule in rules]
    severity = {rule.CODE: rule.SEVERITY for rule in rules}
    results = []
    for f in result.findings:
        entry = {
            "ruleId": f.rule,
            "level": _LEVEL.get(severity.get(f.rule, "warning"), "warning"),
            "message": {"text": f"{f.message}. {f.evidence}"},
            "locations": [_location(f)],
            "partialFingerprints": {"driftFinding/v1": f.fingerprint},
            "properties": {"confidence": f.confidence, "name": f.name},
        }
        if f.rule in ids:
            entry["ruleIndex"] = ids.index(f.rule)
        if f.replacement is not None:
            entry["properties"]["suggestion"] = f.replacement
            if f.certain:
                entry["fixes"] = [_fix(f)]
        results.append(entry)
    run = {
        "tool": {"driver": _driver(rules)},
        "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "the root of the audited repository's checkout"}}},
        "results": results,
    }
    if result.commit and result.repository_url:
        run["versionControlProvenance"] = [{"repositoryUri": result.repository_url, "revisionId": result.commit}]
    log = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [run]}
    return dumps_plain(log, indent=2, ensure_ascii=False) + "\n"
