"""SARIF 2.1.0 for code scanning: one run, one result per finding, rules with help."""

from __future__ import annotations

from .. import __version__
from ..plain import dumps_plain

_LEVEL = {"error": "error", "warning": "warning", "note": "note"}


def render(result) -> str:
    from ..checks import all_rules

    rules = all_rules()
    ids = [rule.CODE for rule in rules]
    driver_rules = []
    for rule in rules:
        doc = (rule.__doc__ or "").strip()
        title = doc.splitlines()[0] if doc else rule.NAME
        driver_rules.append({
            "id": rule.CODE,
            "name": rule.NAME,
            "shortDescription": {"text": title.split(":", 1)[-1].strip()},
            "fullDescription": {"text": doc},
            "help": {"text": doc},
            "defaultConfiguration": {"level": _LEVEL.get(rule.SEVERITY, "warning")},
        })
    results = []
    for f in result.findings:
        entry = {
            "ruleId": f.rule,
            "ruleIndex": ids.index(f.rule) if f.rule in ids else 0,
            "level": _LEVEL.get(next((r.SEVERITY for r in rules if r.CODE == f.rule), "warning"), "warning"),
            "message": {"text": f"{f.message}. {f.evidence}"},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": f.path, "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": f.line, "startColumn": f.column, "endColumn": f.column + max(len(f.text), 1)},
                }
            }],
            "partialFingerprints": {"driftFinding/v1": f.fingerprint},
            "properties": {"confidence": f.confidence, "name": f.name},
        }
        if f.replacement is not None:
            entry["fixes"] = [{
                "description": {"text": f"replace with {f.replacement}"},
                "artifactChanges": [{
                    "artifactLocation": {"uri": f.path, "uriBaseId": "%SRCROOT%"},
                    "replacements": [{
                        "deletedRegion": {"startLine": f.line, "startColumn": f.column, "endColumn": f.column + len(f.text)},
                        "insertedContent": {"text": f.replacement},
                    }],
                }],
            }]
        results.append(entry)
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "drift", "version": __version__, "informationUri": "https://github.com/", "rules": driver_rules}},
            "versionControlProvenance": [{"revisionId": result.commit, "repositoryUri": "."}] if result.commit else [],
            "results": results,
        }],
    }
    return dumps_plain(log, indent=2, ensure_ascii=False) + "\n"
