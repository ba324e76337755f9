"""Which webhook events make which jobs: one small router per event and action."""

from __future__ import annotations

from typing import Any, Callable

PR_ACTIONS = {"opened", "synchronize", "reopened", "ready_for_review"}
Job = tuple[str, dict[str, Any]]


def _repo(payload: dict[str, Any]) -> dict[str, Any]:
    repo = payload.get("repository") or {}
    return {
        "repo": repo.get("full_name"),
        "clone_url": repo.get("clone_url"),
        "installation": (payload.get("installation") or {}).get("id"),
    }


def _pull_request(payload: dict[str, Any]) -> Job | None:
    if payload.get("action") not in PR_ACTIONS:
        return None
    pull = payload.get("pull_request") or {}
    if pull.get("draft") and payload.get("action") != "ready_for_review":
        return None
    return "pr", {**_repo(payload), "number": pull.get("number"), "head": (pull.get("head") or {}).get("sha"), "base": (pull.get("base") or {}).get("sha")}


def _issue_comment(payload: dict[str, Any]) -> Job | None:
    if payload.get("action") != "created":  # edits of old comments are not commands
        return None
    issue = payload.get("issue") or {}
    comment = payload.get("comment") or {}
    body = (comment.get("body") or "").strip()
    if not issue.get("pull_request") or not body.startswith("/drift"):
        return None
    if (comment.get("user") or {}).get("type") == "Bot":
        return None
    return "command", {**_repo(payload), "number": issue.get("number"), "comment": comment.get("id"), "user": (comment.get("user") or {}).get("login"), "body": body}


def _check_run(payload: dict[str, Any]) -> Job | None:
    if payload.get("action") != "rerequested":
        return None
    run = payload.get("check_run") or {}
    pulls = run.get("pull_requests") or []
    if not pulls:
        return None
    return "pr", {**_repo(payload), "number": pulls[0].get("number"), "head": run.get("head_sha"), "base": None}


ROUTES: dict[str, Callable[[dict[str, Any]], Job | None]] = {
    "pull_request": _pull_request,
    "issue_comment": _issue_comment,
    "check_run": _check_run,
}


def route_event(event: str, payload: dict[str, Any]) -> Job | None:
    """The job for an event, or None (ping, installation events, other actions)."""
    router = ROUTES.get(event)
    return router(payload) if router else None
