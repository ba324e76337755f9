"""`/drift` commands in pull-request comments.

Only users with write, maintain or admin permission on the repository are obeyed (asked
of GitHub each time); others get a polite reply. Each accepted command is acknowledged
with a reaction on the comment.
"""

from __future__ import annotations

import logging
import shlex
import shutil
import subprocess
from typing import Any

from ..fix import plan_fixes, write_fixes
from ..history import CODE_PATHSPEC, DOC_PATHSPEC, History
from ..revision import DriftError, open_repo
from . import repos
from .jobs import analyse_pull, run_pull_request, tokens, working_copy
from .settings import Settings
from .store import Store

log = logging.getLogger("drift.app")
ALLOWED = {"admin", "maintain", "write"}

HELP = """**drift** commands (for users with write access):

- `/drift`: check this pull request again now
- `/drift explain <name>`: what the code has for a flag, path, env var, metric or symbol, its history, and where the docs name it
- `/drift fix`: commit the suggested doc edits to this branch (or, for a fork, reply with the patch)
- `/drift ignore <name>`: stop reporting `<name>` on this pull request
- `/drift help`: this message
"""


def parse(body: str) -> tuple[str, str]:
    first = body.strip().splitlines()[0] if body.strip() else ""
    try:
        words = shlex.split(first)
    except ValueError:
        words = first.split()
    if not words or words[0] != "/drift":
        return "none", ""
    verb = words[1].lower() if len(words) > 1 else "run"
    arg = " ".join(words[2:])
    if verb not in ("run", "explain", "fix", "ignore", "help"):
        return "help", ""
    return verb, arg


def run_command(settings: Settings, store: Store, payload: dict[str, Any]) -> None:
    verb, arg = parse(payload.get("body", ""))
    if verb == "none":
        return
    gh = tokens(settings).client(payload["installation"])
    repo = gh.get_repo(payload["repo"])
    issue = repo.get_issue(payload["number"])
    comment = issue.get_comment(payload["comment"])
    permission = repo.get_collaborator_permission(payload["user"])
    if permission not in ALLOWED:
        comment.create_reaction("confused")
        issue.create_comment(f"@{payload['user']} drift takes commands only from people with write access to this repository.")
        log.info("%s#%s: ignored /drift %s from %s (permission %s)", payload["repo"], payload["number"], verb, payload["user"], permission)
        return
    comment.create_reaction("+1")
    if verb == "help" or (verb in ("explain", "ignore") and not arg):
        issue.create_comment(HELP)
    elif verb == "run":
        run_pull_request(settings, store, payload)
    elif verb == "ignore":
        store.ignore(payload["repo"], payload["number"], arg, payload["user"])
        run_pull_request(settings, store, payload)
        issue.create_comment(f"drift will not report `{arg}` on this pull request any more (asked by @{payload['user']}).")
    elif verb == "explain":
        issue.create_comment(explain(settings, payload, arg))
    elif verb == "fix":
        issue.create_comment(fix(settings, payload))


def explain(settings: Settings, payload: dict[str, Any], name: str) -> str:
    from ..engine import analyse
    from ..cache import Cache, default_cache_path
    from ..config import load_config
    from ..revision import Revision

    repo, pull, result, path = analyse_pull(settings, payload)
    git_repo = open_repo(path)
    with Revision(git_repo, pull.head.sha) as revision:
        config = load_config(revision)
        analysis = analyse(revision, config, Cache(default_cache_path(git_repo.git_dir)), reuse=True)
    lines = [f"### drift explain `{name}`", ""]
    defined = [(kind, fact) for kind, names in analysis.index.by_kind.items() for n, facts in names.items() if n == name for fact in facts[:3]]
    if defined:
        for kind, fact in defined:
            details = {k: v for k, v in fact.attrs.items() if k in ("default", "choices", "type", "help", "group", "dest")}
            lines.append(f"- the code defines {kind} `{name}` at `{fact.path}:{fact.line}`" + (f": {details}" if details else ""))
    elif analysis.index.path_exists(name):
        lines.append(f"- `{name}` is a path in the tree at {pull.head.sha[:10]}")
    else:
        lines.append(f"- the code at {pull.head.sha[:10]} defines no `{name}`")
    history = History(git_repo)
    try:
        for title, spec in (("code", CODE_PATHSPEC), ("docs", DOC_PATHSPEC)):
            events = history.timeline(name, pull.head.sha, spec)[-5:]
            if events:
                lines.append(f"- history in {title}: " + "; ".join(f"{e['commit'][:10]}{' (#%s)' % e['pr'] if e.get('pr') else ''} +{e['added']}/-{e['removed']}" for e in events))
    finally:
        history.close()
    named = [(p, r.line) for p, refs in analysis.docs.items() for r in refs if name in r.text][:20]
    if named:
        lines.append("- named in the docs at: " + ", ".join(f"`{p}:{n}`" for p, n in named))
    stale = [f for f in result.findings if f.text == name or f.subject == name]
    if stale:
        lines.append(f"- reported in this pull request {len(stale)} time(s): {stale[0].message}. {stale[0].evidence}")
    return "\n".join(lines)


def fix(settings: Settings, payload: dict[str, Any]) -> str:
    repo, pull, result, path = analyse_pull(settings, payload)
    work = working_copy(path, pull.head.sha)
    try:
        return _fix_in(settings, payload, repo, pull, result, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)  # a checkout per command would fill the disk


def _fix_in(settings: Settings, payload: dict[str, Any], repo, pull, result, work) -> str:
    head_repo = pull.head.repo.full_name if pull.head.repo else None
    plan = plan_fixes(work, result.findings)
    if not plan.applied:
        return "drift has no edits to apply: the remaining findings need a person to decide what to write."
    if head_repo != payload["repo"]:
        return "This branch lives in a fork, so drift cannot push to it. The suggested edits:\n\n```diff\n" + plan.diff() + "```"
    diff = plan.diff()
    write_fixes(work, plan)
    env = ["-c", "user.name=drift[bot]", "-c", "user.email=drift[bot]@users.noreply.github.com"]
    subprocess.run(["git", *env, "-C", str(work), "commit", "--quiet", "-am", f"Apply drift's suggested doc edits ({len(plan.applied)})"], check=True, capture_output=True)
    try:
        repos._git(["push", "--quiet", repos.trusted_clone_url(settings, repo), f"HEAD:refs/heads/{pull.head.ref}"], tokens(settings).token(payload["installation"]), cwd=work)
    except DriftError as exc:
        # Pushing needs the App's `contents: write`; without it, the patch is the answer.
        log.warning("%s#%s: /drift fix could not push: %s", payload["repo"], payload["number"], exc)
        return "drift could not push to this branch (the App may lack `contents: write`). The suggested edits:\n\n```diff\n" + diff + "```"
    return f"drift pushed {len(plan.applied)} edit(s) to `{pull.head.ref}` in {len(set(plan.edits) | set(plan.spans))} file(s)."
