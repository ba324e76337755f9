"""Endpoint handlers and the JSON shapes they answer. Paths are relative to ``/api/v3``."""

from __future__ import annotations

import math
import re
import time
import urllib.parse
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Callable

import jwt

from .state import (
    LEVELS,
    CheckRun,
    Issue,
    IssueComment,
    PullRequest,
    Reaction,
    Repo,
    Review,
    ReviewComment,
    Token,
    fake_sha,
    iso,
    utcnow,
)

if TYPE_CHECKING:  # pragma: no cover
    from .server import GitHubStub

DOCS = "https://docs.github.com/rest"
MAX_BODY = 65536
MAX_CHECK_TEXT = 65535
MAX_ANNOTATIONS = 50
REACTIONS = ("+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes")
NOT_ACCESSIBLE = "Resource not accessible by integration"


class ApiError(Exception):
    def __init__(self, status: int, message: str, errors: Any = None, doc: str = DOCS, headers: dict | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.errors = errors
        self.doc = doc
        self.headers = headers

    def payload(self) -> dict:
        body: dict[str, Any] = {"message": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        body["documentation_url"] = self.doc
        body["status"] = str(self.status)
        return body


def validation_failed(resource: str, field: str, code: str = "missing_field", message: str | None = None, doc: str = DOCS):
    error = {"resource": resource, "code": code, "field": field}
    if message is not None:
        error["message"] = message
    raise ApiError(422, "Validation Failed", errors=[error], doc=doc)


# -- routing ----------------------------------------------------------------------------------

_ROUTES: list[tuple[str, re.Pattern, Callable]] = []


def route(method: str, template: str):
    def pattern(m: re.Match) -> str:
        name, _, kind = m.group(1).partition(":")
        return {"int": rf"(?P<{name}>\d+)", "path": rf"(?P<{name}>.+)"}.get(kind, rf"(?P<{name}>[^/]+)")

    regex = re.compile(re.sub(r"\{([^}]+)\}", pattern, template))

    def register(fn: Callable) -> Callable:
        _ROUTES.append((method, regex, fn))
        return fn

    return register


def match(method: str, path: str) -> tuple[Callable | None, dict]:
    if method == "HEAD":
        method = "GET"
    for verb, regex, fn in _ROUTES:
        m = regex.fullmatch(path)
        if m and verb == method:
            params = {}
            for key, value in m.groupdict().items():
                value = urllib.parse.unquote(value)
                params[key] = int(value) if value.isdigit() and key in ("number", "id", "rid", "installation_id") else value
            return fn, params
    return None, {}


def endpoints() -> list[tuple[str, str]]:
    """(method, regex) of every route, for documentation and tests."""
    return [(verb, regex.pattern) for verb, regex, _ in _ROUTES]


# -- request context ----------------------------------------------------------------------------

class Context:
    def __init__(self, stub: "GitHubStub", method: str, path: str, query: dict, body: Any, record: Any,
                 host: str, auth_kind: str, credential: str | None):
        self.stub = stub
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.record = record
        self.host = host
        self.auth_kind = auth_kind
        self.credential = credential
        self.token: Token | None = None
        self.jwt_claims: dict | None = None
        self.params: dict = {}

    # urls
    def api(self, path: str) -> str:
        return f"http://{self.host}/api/v3{path}"

    def web(self, path: str) -> str:
        return f"http://{self.host}{path}"

    def q(self, name: str, default: str | None = None) -> str | None:
        values = self.query.get(name)
        return values[-1] if values else default

    def data(self) -> dict:
        if self.body is None:
            return {}
        if not isinstance(self.body, dict):
            raise ApiError(400, "Problems parsing JSON")
        return self.body

    # auth
    def authenticate(self) -> None:
        kind, credential = self.auth_kind, self.credential
        if kind == "basic":
            import base64

            try:
                _, _, credential = base64.b64decode(credential or "").decode().partition(":")
            except ValueError:
                raise ApiError(401, "Bad credentials")
            kind = "token"
        if kind == "token":
            token = self.stub.tokens.get(credential or "")
            if token is None or token.revoked or token.expired:
                raise ApiError(401, "Bad credentials")
            self.token = token
        elif kind == "jwt":
            self.jwt_claims = self._verify_jwt(credential or "")

    def _verify_jwt(self, value: str) -> dict:
        stub = self.stub
        if not stub.app_public_key_pem:
            raise ApiError(401, "A JSON web token could not be decoded")
        try:
            claims = jwt.decode(value, stub.app_public_key_pem, algorithms=["RS256"],
                                options={"verify_exp": False, "verify_iat": False, "verify_nbf": False,
                                         "verify_iss": False, "require": []})
        except jwt.PyJWTError:
            raise ApiError(401, "A JSON web token could not be decoded")
        now = time.time()
        exp, iat = claims.get("exp"), claims.get("iat")
        if not isinstance(exp, (int, float)) or exp <= now:
            raise ApiError(401, "'Expiration time' claim ('exp') must be a numeric value representing the future "
                                "time at which the assertion expires")
        if exp - now > 600 + 30:  # ten minutes, with a little clock drift
            raise ApiError(401, "'Expiration time' claim ('exp') is too far in the future")
        if not isinstance(iat, (int, float)) or iat > now + 60:
            raise ApiError(401, "'Issued at' claim ('iat') must be an Integer representing the time that the "
                                "assertion was issued")
        if str(claims.get("iss")) != str(stub.app_id):
            raise ApiError(401, "A JSON web token could not be decoded")
        return claims

    def require_app(self) -> None:
        if self.jwt_claims is None:
            raise ApiError(401, "A JSON web token could not be decoded")

    @property
    def login(self) -> str:
        if self.token is None:
            raise ApiError(401, "Requires authentication")
        return self.token.login

    def repo(self, needs: tuple = (("metadata", "read"),)) -> Repo:
        """The path's repository, after checking the caller may do ``needs`` (any of them)."""
        full = f"{self.params['owner']}/{self.params['repo']}"
        repo = next((r for k, r in self.stub.repos.items() if k.lower() == full.lower()), None)
        if repo is None:
            raise ApiError(404, "Not Found")
        self.authorize(repo, needs)
        return repo

    def can_see(self, repo: Repo) -> bool:
        try:
            self.authorize(repo, (("metadata", "read"),))
        except ApiError:
            return False
        return True

    def authorize(self, repo: Repo, needs: tuple) -> None:
        writes = any(level != "read" for _, level in needs)
        if self.jwt_claims is not None:
            raise ApiError(403, NOT_ACCESSIBLE)
        token = self.token
        if token is None:
            if not writes and self.stub.allow_anonymous_reads and not repo.private:
                return
            raise ApiError(401, "Requires authentication")
        if token.repositories is not None and repo.full_name not in token.repositories:
            raise ApiError(404, "Not Found")
        if token.kind == "installation" and token.installation_id is not None:
            inst = self.stub.installations.get(token.installation_id)
            if inst is None or not inst.covers(repo.full_name):
                raise ApiError(404, "Not Found")
        if token.kind == "user" and repo.private and token.login != repo.owner and token.login not in repo.collaborators:
            raise ApiError(404, "Not Found")
        if writes and any(cat == "checks" for cat, _ in needs) and token.kind == "user":
            raise ApiError(403, "You must authenticate via a GitHub App.")
        if not any(token.level(cat) >= LEVELS[level] for cat, level in needs):
            raise ApiError(403, NOT_ACCESSIBLE if token.kind == "installation"
                           else "Resource not accessible by personal access token")
        if writes and repo.archived:
            raise ApiError(403, "Repository was archived so is read-only.")


# -- pagination ---------------------------------------------------------------------------------

def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value not in (None, "") else default
    except ValueError:
        return default


def paginate(ctx: Context, items: list, render: Callable[[Any], Any], wrap: str | None = None,
             total: int | None = None, cap: int | None = None, extra: dict | None = None):
    per_page = max(1, min(100, _int(ctx.q("per_page"), 30)))
    page = max(1, _int(ctx.q("page"), 1))
    available = len(items) if cap is None else min(len(items), cap)
    last = max(1, math.ceil(available / per_page))
    if cap is not None and (page - 1) * per_page >= cap:
        raise ApiError(422, "Only the first 1000 search results are available",
                       errors=[{"resource": "Search", "code": "invalid", "field": "page"}])
    chunk = [render(item) for item in items[(page - 1) * per_page: page * per_page]]
    links = []

    def url(n: int) -> str:
        params = [(k, v) for k, vs in ctx.query.items() if k != "page" for v in vs]
        params.append(("page", str(n)))
        return f"<{ctx.api(ctx.path)}?{urllib.parse.urlencode(params)}>"

    if page > 1:
        links.append(f'{url(page - 1)}; rel="prev"')
    if page < last:
        links.append(f'{url(page + 1)}; rel="next"')
        links.append(f'{url(last)}; rel="last"')
    if page > 1:
        links.append(f'{url(1)}; rel="first"')
    headers = {"Link": ", ".join(links)} if links else {}
    if wrap is None:
        return 200, chunk, headers
    payload = {"total_count": len(items) if total is None else total}
    payload.update(extra or {})
    payload[wrap] = chunk
    return 200, payload, headers


# -- JSON shapes ---------------------------------------------------------------------------------

def node_id(prefix: str, value: int) -> str:
    import base64

    return f"{prefix}_" + base64.b64encode(f"0:{value}".encode()).decode().rstrip("=")


def user_json(ctx: Context, login: str | None) -> dict | None:
    if login is None:
        return None
    user = ctx.stub.user(login)
    quoted = urllib.parse.quote(login)
    return {
        "login": user.login, "id": user.id, "node_id": node_id("U", user.id),
        "avatar_url": ctx.web(f"/avatars/{quoted}"), "gravatar_id": "",
        "url": ctx.api(f"/users/{quoted}"), "html_url": ctx.web(f"/{quoted}"),
        "repos_url": ctx.api(f"/users/{quoted}/repos"), "type": user.type, "site_admin": False,
    }


def association(ctx: Context, repo: Repo, login: str) -> str:
    if login.lower() == repo.owner.lower():
        return "OWNER"
    if repo.collaborators.get(login, "none") != "none":
        return "MEMBER" if repo.owner_type == "Organization" else "COLLABORATOR"
    if any(pr.user == login and pr.merged for pr in repo.pulls.values()):
        return "CONTRIBUTOR"
    return "NONE"


ROLE_TO_PERMISSION = {"admin": "admin", "maintain": "write", "write": "write", "triage": "read", "read": "read", "none": "none"}
ROLE_ORDER = ["none", "read", "triage", "write", "maintain", "admin"]


def role_of(repo: Repo, login: str) -> str:
    if login.lower() == repo.owner.lower() and repo.owner_type == "User":
        return "admin"
    if login in repo.collaborators:
        return repo.collaborators[login]
    return "none" if repo.private else "read"


def permission_flags(role: str) -> dict:
    rank = ROLE_ORDER.index(role)
    return {"admin": rank >= 5, "maintain": rank >= 4, "push": rank >= 3, "triage": rank >= 2, "pull": rank >= 1}


def repo_json(ctx: Context, repo: Repo | None, full_name: str | None = None) -> dict | None:
    if repo is None and full_name is None:
        return None
    if repo is None:  # a fork the test did not seed
        owner, name = full_name.split("/", 1)
        repo = Repo(owner=owner, name=name, id=int(fake_sha("repo", full_name)[:7], 16), fork=True)
    full = repo.full_name
    base = ctx.api(f"/repos/{full}")
    owner = user_json(ctx, repo.owner)
    owner["type"] = repo.owner_type
    data = {
        "id": repo.id, "node_id": node_id("R", repo.id), "name": repo.name, "full_name": full,
        "private": repo.private, "owner": owner,
        "html_url": ctx.web(f"/{full}"), "description": repo.description, "fork": repo.fork, "url": base,
        "pulls_url": base + "/pulls{/number}", "issues_url": base + "/issues{/number}",
        "commits_url": base + "/commits{/sha}", "git_url": f"git://{ctx.host}/{full}.git",
        "ssh_url": f"git@{ctx.host.split(':')[0]}:{full}.git",
        "clone_url": repo.clone_url or ctx.web(f"/{full}.git"), "svn_url": ctx.web(f"/{full}"),
        "default_branch": repo.default_branch, "visibility": "private" if repo.private else "public",
        "archived": repo.archived, "disabled": False, "has_issues": True,
        "open_issues_count": sum(1 for i in list(repo.issues.values()) + list(repo.pulls.values()) if i.state == "open"),
        "forks_count": 0, "stargazers_count": 0, "watchers_count": 0, "size": 0, "language": None, "topics": [],
        "created_at": iso(repo.created_at), "updated_at": iso(repo.created_at), "pushed_at": iso(repo.created_at),
    }
    if ctx.token is not None:
        if ctx.token.kind == "user":
            data["permissions"] = permission_flags(role_of(repo, ctx.token.login))
        else:
            data["permissions"] = permission_flags("write" if ctx.token.level("contents") >= 2 else "read")
    return data


def label_json(ctx: Context, repo: Repo, name: str) -> dict:
    label = ctx.stub.ensure_label(repo, name)
    return {"id": label["id"], "node_id": node_id("LA", label["id"]),
            "url": ctx.api(f"/repos/{repo.full_name}/labels/{urllib.parse.quote(name)}"),
            "name": name, "color": label["color"], "default": False, "description": label["description"]}


def reaction_summary(ctx: Context, subject: str, subject_id: int, url: str) -> dict:
    counts = {content: 0 for content in REACTIONS}
    for r in ctx.stub.reactions.values():
        if r.subject == subject and r.subject_id == subject_id:
            counts[r.content] += 1
    return {"url": url + "/reactions", "total_count": sum(counts.values()), **counts}


def pull_json(ctx: Context, repo: Repo, pr: PullRequest) -> dict:
    full = repo.full_name
    url = ctx.api(f"/repos/{full}/pulls/{pr.number}")
    issue_url = ctx.api(f"/repos/{full}/issues/{pr.number}")
    html = ctx.web(f"/{full}/pull/{pr.number}")
    head_repo = ctx.stub.repos.get(pr.head_repo) if pr.head_repo else None
    head_repo_json = repo_json(ctx, head_repo, pr.head_repo) if pr.head_repo else None
    if head_repo_json is not None and pr.is_fork:
        head_repo_json["fork"] = True
    head_owner = pr.head_repo.split("/", 1)[0] if pr.head_repo else pr.user
    comments = sum(1 for c in ctx.stub.issue_comments.values() if c.repo == full and c.issue_number == pr.number)
    review_comments = sum(1 for c in ctx.stub.review_comments.values() if c.repo == full and c.pull_number == pr.number)
    return {
        "url": url, "id": pr.id, "node_id": node_id("PR", pr.id), "html_url": html,
        "diff_url": html + ".diff", "patch_url": html + ".patch", "issue_url": issue_url,
        "commits_url": url + "/commits", "review_comments_url": url + "/comments",
        "review_comment_url": ctx.api(f"/repos/{full}/pulls/comments{{/number}}"),
        "comments_url": issue_url + "/comments", "statuses_url": ctx.api(f"/repos/{full}/statuses/{pr.head_sha}"),
        "number": pr.number, "state": pr.state, "locked": pr.locked, "title": pr.title,
        "user": user_json(ctx, pr.user), "body": pr.body,
        "labels": [label_json(ctx, repo, name) for name in pr.labels], "milestone": None,
        "active_lock_reason": None, "created_at": iso(pr.created_at), "updated_at": iso(pr.updated_at),
        "closed_at": iso(pr.closed_at), "merged_at": iso(pr.merged_at),
        "merge_commit_sha": fake_sha("merge", pr.head_sha, pr.base_sha) if pr.merged else None,
        "assignee": user_json(ctx, pr.assignees[0]) if pr.assignees else None,
        "assignees": [user_json(ctx, a) for a in pr.assignees], "requested_reviewers": [], "requested_teams": [],
        "head": {"label": f"{head_owner}:{pr.head_ref}", "ref": pr.head_ref, "sha": pr.head_sha,
                 "user": user_json(ctx, head_owner), "repo": head_repo_json},
        "base": {"label": f"{repo.owner}:{pr.base_ref}", "ref": pr.base_ref, "sha": pr.base_sha,
                 "user": user_json(ctx, repo.owner), "repo": repo_json(ctx, repo)},
        "_links": {"self": {"href": url}, "html": {"href": html}, "issue": {"href": issue_url},
                   "comments": {"href": issue_url + "/comments"}, "review_comments": {"href": url + "/comments"},
                   "commits": {"href": url + "/commits"}},
        "author_association": association(ctx, repo, pr.user), "auto_merge": None, "draft": pr.draft,
        "merged": pr.merged, "mergeable": None if pr.merged else True, "rebaseable": True,
        "mergeable_state": "clean", "merged_by": None, "comments": comments, "review_comments": review_comments,
        "maintainer_can_modify": False, "commits": len(pr.commits),
        "additions": sum(f.additions or 0 for f in pr.files), "deletions": sum(f.deletions or 0 for f in pr.files),
        "changed_files": len(pr.files),
    }


def file_json(ctx: Context, repo: Repo, pr: PullRequest, f) -> dict:
    quoted = urllib.parse.quote(f.filename)
    data = {
        "sha": f.sha, "filename": f.filename, "status": f.status, "additions": f.additions,
        "deletions": f.deletions, "changes": f.changes,
        "blob_url": ctx.web(f"/{repo.full_name}/blob/{pr.head_sha}/{quoted}"),
        "raw_url": ctx.web(f"/{repo.full_name}/raw/{pr.head_sha}/{quoted}"),
        "contents_url": ctx.api(f"/repos/{repo.full_name}/contents/{quoted}?ref={pr.head_sha}"),
    }
    if f.patch:
        data["patch"] = f.patch
    if f.previous_filename:
        data["previous_filename"] = f.previous_filename
    return data


def issue_json(ctx: Context, repo: Repo, item: Issue | PullRequest) -> dict:
    full = repo.full_name
    is_pr = isinstance(item, PullRequest)
    ident = item.issue_id if is_pr else item.id
    url = ctx.api(f"/repos/{full}/issues/{item.number}")
    html = ctx.web(f"/{full}/{'pull' if is_pr else 'issues'}/{item.number}")
    data = {
        "url": url, "repository_url": ctx.api(f"/repos/{full}"), "labels_url": url + "/labels{/name}",
        "comments_url": url + "/comments", "events_url": url + "/events", "html_url": html,
        "id": ident, "node_id": node_id("I", ident), "number": item.number, "title": item.title,
        "user": user_json(ctx, item.user), "labels": [label_json(ctx, repo, name) for name in item.labels],
        "state": item.state, "state_reason": None if is_pr else item.state_reason, "locked": item.locked,
        "assignee": user_json(ctx, item.assignees[0]) if item.assignees else None,
        "assignees": [user_json(ctx, a) for a in item.assignees], "milestone": None,
        "comments": sum(1 for c in ctx.stub.issue_comments.values() if c.repo == full and c.issue_number == item.number),
        "created_at": iso(item.created_at), "updated_at": iso(item.updated_at), "closed_at": iso(item.closed_at),
        "author_association": association(ctx, repo, item.user), "active_lock_reason": None, "body": item.body,
        "closed_by": None, "timeline_url": url + "/timeline",
        "reactions": {"url": url + "/reactions", "total_count": 0, **{c: 0 for c in REACTIONS}},
    }
    if is_pr:
        data["draft"] = item.draft
        data["pull_request"] = {"url": ctx.api(f"/repos/{full}/pulls/{item.number}"), "html_url": html,
                                "diff_url": html + ".diff", "patch_url": html + ".patch",
                                "merged_at": iso(item.merged_at)}
    return data


def issue_comment_json(ctx: Context, repo: Repo, c: IssueComment) -> dict:
    url = ctx.api(f"/repos/{repo.full_name}/issues/comments/{c.id}")
    kind = "pull" if c.issue_number in repo.pulls else "issues"
    return {
        "id": c.id, "node_id": node_id("IC", c.id), "url": url,
        "html_url": ctx.web(f"/{repo.full_name}/{kind}/{c.issue_number}#issuecomment-{c.id}"),
        "body": c.body, "user": user_json(ctx, c.user), "created_at": iso(c.created_at),
        "updated_at": iso(c.updated_at), "issue_url": ctx.api(f"/repos/{repo.full_name}/issues/{c.issue_number}"),
        "author_association": association(ctx, repo, c.user),
        "reactions": reaction_summary(ctx, "issue_comment", c.id, url),
    }


def review_comment_json(ctx: Context, repo: Repo, c: ReviewComment) -> dict:
    full = repo.full_name
    url = ctx.api(f"/repos/{full}/pulls/comments/{c.id}")
    html = ctx.web(f"/{full}/pull/{c.pull_number}#discussion_r{c.id}")
    pr_url = ctx.api(f"/repos/{full}/pulls/{c.pull_number}")
    data = {
        "url": url, "pull_request_review_id": c.review_id, "id": c.id, "node_id": node_id("PRRC", c.id),
        "diff_hunk": c.diff_hunk, "path": c.path, "position": c.position, "original_position": c.position,
        "commit_id": c.commit_id, "original_commit_id": c.original_commit_id or c.commit_id,
        "user": user_json(ctx, c.user), "body": c.body, "created_at": iso(c.created_at),
        "updated_at": iso(c.updated_at), "html_url": html, "pull_request_url": pr_url,
        "author_association": association(ctx, repo, c.user),
        "_links": {"self": {"href": url}, "html": {"href": html}, "pull_request": {"href": pr_url}},
        "reactions": reaction_summary(ctx, "review_comment", c.id, url),
        "start_line": c.start_line, "original_start_line": c.start_line, "start_side": c.start_side,
        "line": c.line, "original_line": c.line, "side": c.side, "subject_type": c.subject_type,
    }
    if c.in_reply_to_id is not None:
        data["in_reply_to_id"] = c.in_reply_to_id
    return data


def review_json(ctx: Context, repo: Repo, r: Review) -> dict:
    full = repo.full_name
    html = ctx.web(f"/{full}/pull/{r.pull_number}#pullrequestreview-{r.id}")
    pr_url = ctx.api(f"/repos/{full}/pulls/{r.pull_number}")
    data = {
        "id": r.id, "node_id": node_id("PRR", r.id), "user": user_json(ctx, r.user), "body": r.body,
        "state": r.state, "html_url": html, "pull_request_url": pr_url,
        "author_association": association(ctx, repo, r.user),
        "_links": {"html": {"href": html}, "pull_request": {"href": pr_url}}, "commit_id": r.commit_id,
    }
    if r.submitted_at is not None:
        data["submitted_at"] = iso(r.submitted_at)
    return data


def reaction_json(ctx: Context, r: Reaction) -> dict:
    return {"id": r.id, "node_id": node_id("REA", r.id), "user": user_json(ctx, r.user), "content": r.content,
            "created_at": iso(r.created_at)}


def app_json(ctx: Context, app_id: int | None = None) -> dict:
    stub = ctx.stub
    if app_id == 15368:
        slug, name, owner = "github-actions", "GitHub Actions", "github"
    else:
        app_id, slug, name, owner = stub.app_id, stub.app_slug, stub.app_name, stub.app_owner
    return {
        "id": app_id, "slug": slug, "node_id": node_id("A", app_id), "client_id": f"Iv1.{fake_sha(app_id)[:16]}",
        "owner": {**user_json(ctx, owner), "type": "Organization"}, "name": name, "description": "",
        "external_url": ctx.web(f"/apps/{slug}"), "html_url": ctx.web(f"/apps/{slug}"),
        "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z",
        "permissions": {"checks": "write", "contents": "read", "issues": "write", "metadata": "read",
                        "pull_requests": "write"},
        "events": ["check_run", "issue_comment", "pull_request"],
        "installations_count": len(stub.installations),
    }


def installation_json(ctx: Context, inst) -> dict:
    return {
        "id": inst.id, "client_id": f"Iv1.{fake_sha(ctx.stub.app_id)[:16]}",
        "account": {**user_json(ctx, inst.account), "type": inst.account_type},
        "repository_selection": "all" if inst.repositories is None else "selected",
        "access_tokens_url": ctx.api(f"/app/installations/{inst.id}/access_tokens"),
        "repositories_url": ctx.api("/installation/repositories"),
        "html_url": ctx.web(f"/organizations/{inst.account}/settings/installations/{inst.id}"),
        "app_id": ctx.stub.app_id, "app_slug": ctx.stub.app_slug, "target_id": ctx.stub.user(inst.account).id,
        "target_type": inst.account_type, "permissions": dict(inst.permissions), "events": list(inst.events),
        "created_at": iso(inst.created_at), "updated_at": iso(inst.created_at), "single_file_name": None,
        "has_multiple_single_files": False, "single_file_paths": [], "suspended_by": None, "suspended_at": None,
    }


def check_run_json(ctx: Context, repo: Repo, run: CheckRun) -> dict:
    url = ctx.api(f"/repos/{repo.full_name}/check-runs/{run.id}")
    prs = [pr for pr in repo.pulls.values() if pr.head_sha == run.head_sha and pr.state == "open"]
    return {
        "id": run.id, "head_sha": run.head_sha, "node_id": node_id("CR", run.id), "external_id": run.external_id,
        "url": url, "html_url": ctx.web(f"/{repo.full_name}/runs/{run.id}"), "details_url": run.details_url,
        "status": run.status, "conclusion": run.conclusion, "started_at": iso(run.started_at),
        "completed_at": iso(run.completed_at),
        "output": {"title": run.output.get("title"), "summary": run.output.get("summary"),
                   "text": run.output.get("text"), "annotations_count": len(run.annotations),
                   "annotations_url": url + "/annotations"},
        "name": run.name, "check_suite": {"id": run.check_suite_id}, "app": app_json(ctx, run.app_id),
        "pull_requests": [{"url": ctx.api(f"/repos/{repo.full_name}/pulls/{pr.number}"), "id": pr.id,
                           "number": pr.number,
                           "head": {"ref": pr.head_ref, "sha": pr.head_sha, "repo": {"id": repo.id, "name": repo.name, "url": ctx.api(f"/repos/{repo.full_name}")}},
                           "base": {"ref": pr.base_ref, "sha": pr.base_sha, "repo": {"id": repo.id, "name": repo.name, "url": ctx.api(f"/repos/{repo.full_name}")}}}
                          for pr in prs if not pr.is_fork],
        "actions": run.actions,
    }


def annotation_json(ctx: Context, repo: Repo, run: CheckRun, a: dict) -> dict:
    return {
        "path": a.get("path"), "blob_href": ctx.web(f"/{repo.full_name}/blob/{run.head_sha}/{a.get('path')}"),
        "start_line": a.get("start_line"), "end_line": a.get("end_line"), "start_column": a.get("start_column"),
        "end_column": a.get("end_column"), "annotation_level": a.get("annotation_level"),
        "title": a.get("title"), "message": a.get("message"), "raw_details": a.get("raw_details"),
    }


def commit_json(ctx: Context, repo: Repo, sha: str) -> dict:
    url = ctx.api(f"/repos/{repo.full_name}/commits/{sha}")
    person = {"name": "Test Author", "email": "test@example.invalid", "date": iso(repo.created_at)}
    return {
        "sha": sha, "node_id": node_id("C", int(sha[:7], 16)), "url": url,
        "html_url": ctx.web(f"/{repo.full_name}/commit/{sha}"),
        "comments_url": url + "/comments",
        "commit": {"url": ctx.api(f"/repos/{repo.full_name}/git/commits/{sha}"), "author": person,
                   "committer": person, "message": "change", "comment_count": 0,
                   "tree": {"sha": fake_sha("tree", sha), "url": ctx.api(f"/repos/{repo.full_name}/git/trees/{fake_sha('tree', sha)}")}},
        "author": None, "committer": None, "parents": [], "files": [],
    }


def _check_body(text: Any, resource: str) -> None:
    if isinstance(text, str) and len(text) > MAX_BODY:
        validation_failed(resource, "data", "unprocessable", f"Body is too long (maximum is {MAX_BODY} characters)")


def _since(ctx: Context) -> datetime | None:
    value = ctx.q("since")
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ApiError(422, "Validation Failed", errors=[{"resource": "Search", "field": "since", "code": "invalid"}])


# == endpoints =================================================================================

@route("GET", "/rate_limit")
def get_rate_limit(ctx: Context):
    def block(name: str) -> dict:
        b = ctx.stub._bucket(name)
        return {"limit": b["limit"], "used": b["used"], "remaining": b["remaining"], "reset": b["reset"]}

    core, search = block("core"), block("search")
    reset = int(time.time()) + 3600
    other = {"limit": 5000, "used": 0, "remaining": 5000, "reset": reset}
    return 200, {"resources": {"core": core, "search": search, "graphql": other,
                               "integration_manifest": other, "code_search": {**other, "limit": 10, "remaining": 10}},
                 "rate": core}, None


@route("GET", "/user")
def get_authenticated_user(ctx: Context):
    if ctx.jwt_claims is not None:
        raise ApiError(403, NOT_ACCESSIBLE)
    if ctx.token is None:
        raise ApiError(401, "Requires authentication")
    if ctx.token.kind == "installation":
        raise ApiError(403, NOT_ACCESSIBLE)
    return 200, user_json(ctx, ctx.token.login), None


@route("GET", "/users/{login}")
def get_user(ctx: Context):
    login = ctx.params["login"]
    if login not in ctx.stub.users:
        raise ApiError(404, "Not Found")
    return 200, user_json(ctx, login), None


# -- GitHub App ------------------------------------------------------------------------------------

@route("GET", "/app")
def get_app(ctx: Context):
    ctx.require_app()
    return 200, app_json(ctx), None


@route("GET", "/app/installations")
def list_installations(ctx: Context):
    ctx.require_app()
    items = sorted(ctx.stub.installations.values(), key=lambda i: i.id)
    return paginate(ctx, items, lambda i: installation_json(ctx, i))


@route("GET", "/app/installations/{installation_id}")
def get_installation(ctx: Context):
    ctx.require_app()
    inst = ctx.stub.installations.get(ctx.params["installation_id"])
    if inst is None:
        raise ApiError(404, "Not Found")
    return 200, installation_json(ctx, inst), None


@route("POST", "/app/installations/{installation_id}/access_tokens")
def create_access_token(ctx: Context):
    ctx.require_app()
    stub = ctx.stub
    inst = stub.installations.get(ctx.params["installation_id"])
    if inst is None:
        raise ApiError(404, "Not Found", doc="https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app")
    data = ctx.data()
    wanted = data.get("permissions") or None
    if wanted is not None:
        if not isinstance(wanted, dict) or any(
                LEVELS.get(level, 99) > LEVELS.get(inst.permissions.get(cat, "none"), 0) for cat, level in wanted.items()):
            raise ApiError(422, "The permissions requested are not granted to this installation.")
    repositories = None
    names = data.get("repositories")
    ids = data.get("repository_ids")
    if names or ids:
        repositories = []
        for name in names or []:
            full = name if "/" in name else f"{inst.account}/{name}"
            repositories.append(full)
        for rid in ids or []:
            found = next((r.full_name for r in stub.repos.values() if r.id == rid), None)
            repositories.append(found or f"?{rid}")
        if any(full not in stub.repos or not inst.covers(full) for full in repositories):
            raise ApiError(422, "There is at least one repository that does not exist or is not accessible to the "
                                "parent installation.")
    token = stub.issue_installation_token(inst.id, wanted, repositories)
    body = {"token": token.value, "expires_at": iso(token.expires_at), "permissions": dict(token.permissions or {}),
            "repository_selection": "selected" if (repositories is not None or inst.repositories is not None) else "all"}
    if repositories is not None:
        body["repositories"] = [repo_json(ctx, stub.repos[f]) for f in repositories]
    return 201, body, None


@route("GET", "/repos/{owner}/{repo}/installation")
def get_repo_installation(ctx: Context):
    ctx.require_app()
    full = f"{ctx.params['owner']}/{ctx.params['repo']}"
    inst = next((i for i in ctx.stub.installations.values() if i.covers(full)), None)
    if inst is None or full not in ctx.stub.repos:
        raise ApiError(404, "Not Found")
    return 200, installation_json(ctx, inst), None


@route("GET", "/installation/repositories")
def list_installation_repos(ctx: Context):
    token = ctx.token
    if token is None or token.kind != "installation":
        raise ApiError(403, "You must authenticate with an installation access token in order to list repositories for an installation.")
    inst = ctx.stub.installations.get(token.installation_id) if token.installation_id else None
    repos = [r for r in ctx.stub.repos.values() if (inst is None or inst.covers(r.full_name))
             and (token.repositories is None or r.full_name in token.repositories)]
    return paginate(ctx, repos, lambda r: repo_json(ctx, r), wrap="repositories",
                    extra={"repository_selection": "all" if inst is None or inst.repositories is None else "selected"})


# -- repositories ------------------------------------------------------------------------------------

@route("GET", "/repos/{owner}/{repo}")
def get_repo(ctx: Context):
    repo = ctx.repo()
    return 200, repo_json(ctx, repo), None


@route("GET", "/repos/{owner}/{repo}/collaborators/{user}/permission")
def get_permission(ctx: Context):
    repo = ctx.repo()
    login = ctx.params["user"]
    role = role_of(repo, login)
    user = user_json(ctx, login)
    user.update({"permissions": permission_flags(role), "role_name": role})
    return 200, {"permission": ROLE_TO_PERMISSION[role], "role_name": role, "user": user}, None


# -- check runs (registered before /commits/{ref} so refs with slashes still match) -------------------

@route("GET", "/repos/{owner}/{repo}/commits/{ref:path}/check-runs")
def list_check_runs_for_ref(ctx: Context):
    repo = ctx.repo((("checks", "read"),))
    sha = repo.resolve_commit(ctx.params["ref"])
    if sha is None:
        raise ApiError(422, f"No commit found for SHA: {ctx.params['ref']}")
    runs = [r for r in ctx.stub.check_runs.values() if r.repo == repo.full_name and r.head_sha == sha]
    name, status, app_id = ctx.q("check_name"), ctx.q("status"), ctx.q("app_id")
    if name:
        runs = [r for r in runs if r.name == name]
    if status:
        runs = [r for r in runs if r.status == status]
    if app_id:
        runs = [r for r in runs if str(r.app_id) == app_id]
    if (ctx.q("filter") or "latest") == "latest":
        latest: dict[tuple, CheckRun] = {}
        for r in runs:
            key = (r.name, r.app_id)
            if key not in latest or r.id > latest[key].id:
                latest[key] = r
        runs = list(latest.values())
    runs.sort(key=lambda r: -r.id)
    return paginate(ctx, runs, lambda r: check_run_json(ctx, repo, r), wrap="check_runs")


@route("GET", "/repos/{owner}/{repo}/commits/{ref:path}")
def get_commit(ctx: Context):
    repo = ctx.repo((("contents", "read"),))
    sha = repo.resolve_commit(ctx.params["ref"])
    if sha is None:
        raise ApiError(422, f"No commit found for SHA: {ctx.params['ref']}")
    return 200, commit_json(ctx, repo, sha), None


_STATUSES = ("queued", "in_progress", "completed", "waiting", "requested", "pending")
_CONCLUSIONS = ("action_required", "cancelled", "failure", "neutral", "success", "skipped", "stale", "timed_out")
_LEVELS = ("notice", "warning", "failure")


def _invalid(*problems: str):
    raise ApiError(422, "Invalid request.\n\n" + "\n".join(problems),
                   doc="https://docs.github.com/rest/checks/runs")


def _apply_check_fields(ctx: Context, run: CheckRun, data: dict, creating: bool) -> list[dict]:
    """Validate a create/update body; returns the annotations to append (nothing stored yet)."""
    problems: list[str] = []
    if "status" in data and data["status"] not in _STATUSES:
        problems.append(f"{data['status']!r} is not a member of {list(_STATUSES)}.")
    if data.get("conclusion") is not None and data["conclusion"] not in _CONCLUSIONS:
        problems.append(f"{data['conclusion']!r} is not a member of {list(_CONCLUSIONS)}.")
    if data.get("status") == "completed" and not data.get("conclusion") and not run.conclusion:
        problems.append('"conclusion" wasn\'t supplied.')
    annotations: list[dict] = []
    output = data.get("output")
    if output is not None:
        if not isinstance(output, dict):
            _invalid("For 'properties/output', it is not an object.")
        missing = [f'"{k}"' for k in ("title", "summary") if not output.get(k)]
        if missing:
            problems.append(f"{', '.join(missing)} {'weren' if len(missing) > 1 else 'wasn'}'t supplied.")
        for key in ("summary", "text"):
            value = output.get(key)
            if isinstance(value, str) and len(value) > MAX_CHECK_TEXT:
                problems.append(f"Only {MAX_CHECK_TEXT} characters are allowed; {len(value)} were supplied.")
        for key in ("annotations", "images"):
            items = output.get(key) or []
            if len(items) > MAX_ANNOTATIONS:
                problems.append(f"No more than {MAX_ANNOTATIONS} items are allowed; {len(items)} were supplied.")
        for a in output.get("annotations") or []:
            required = ("path", "start_line", "end_line", "annotation_level", "message")
            missing = [f'"{k}"' for k in required if a.get(k) in (None, "")]
            if missing:
                problems.append(f"{', '.join(missing)} {'weren' if len(missing) > 1 else 'wasn'}'t supplied.")
                continue
            if a["annotation_level"] not in _LEVELS:
                problems.append(f"{a['annotation_level']!r} is not a member of {list(_LEVELS)}.")
            if not isinstance(a["start_line"], int) or not isinstance(a["end_line"], int) or a["start_line"] < 1 \
                    or a["end_line"] < a["start_line"]:
                problems.append("start_line and end_line must be positive line numbers, start_line <= end_line.")
            if (a.get("start_column") is not None or a.get("end_column") is not None) and a["start_line"] != a["end_line"]:
                problems.append("start_column and end_column may only be given when start_line equals end_line.")
            for key, limit in (("message", MAX_BODY), ("raw_details", MAX_BODY), ("title", 255)):
                if isinstance(a.get(key), str) and len(a[key]) > limit:
                    problems.append(f"Only {limit} characters are allowed; {len(a[key])} were supplied.")
            annotations.append(dict(a))
    if problems:
        _invalid(*problems)
    for key in ("name", "details_url", "external_id", "head_sha"):
        if key in data:
            setattr(run, key, data[key])
    if "actions" in data:
        run.actions = list(data["actions"] or [])
    if "started_at" in data:
        run.started_at = _parse_time(data["started_at"])
    if "completed_at" in data:
        run.completed_at = _parse_time(data["completed_at"])
    if "status" in data:
        run.status = data["status"]
    if data.get("conclusion"):
        run.conclusion = data["conclusion"]
        run.status = "completed"
    if run.status == "completed" and run.completed_at is None:
        run.completed_at = utcnow()
    if run.status in ("in_progress", "completed") and run.started_at is None:
        run.started_at = utcnow()
    if output is not None:
        for key in ("title", "summary", "text"):
            if key in output:
                run.output[key] = output[key]
    return annotations


def _parse_time(value: Any) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00")).astimezone(timezone.utc)
    except ValueError:
        _invalid(f"{value!r} is not a valid date-time.")


@route("POST", "/repos/{owner}/{repo}/check-runs")
def create_check_run(ctx: Context):
    repo = ctx.repo((("checks", "write"),))
    data = ctx.data()
    missing = [f'"{k}"' for k in ("name", "head_sha") if not data.get(k)]
    if missing:
        _invalid(f"{', '.join(missing)} {'weren' if len(missing) > 1 else 'wasn'}'t supplied.")
    if repo.resolve_commit(data["head_sha"]) is None:
        raise ApiError(422, "No commit found for SHA: " + data["head_sha"], doc="https://docs.github.com/rest/checks/runs#create-a-check-run")
    token = ctx.token
    run = CheckRun(id=ctx.stub.next_id(), repo=repo.full_name, name=data["name"], head_sha=data["head_sha"],
                   app_id=token.app_id or ctx.stub.app_id, check_suite_id=int(fake_sha("suite", data["head_sha"])[:6], 16))
    annotations = _apply_check_fields(ctx, run, data, creating=True)
    run.annotations.extend(annotations)
    run.annotation_batches.append(len(annotations))
    ctx.stub.check_runs[run.id] = run
    return 201, check_run_json(ctx, repo, run), None


def _in_repo(table: dict, ctx: Context, repo: Repo, key: str = "id"):
    """The object ``ctx.params[key]`` names in ``table``, if it belongs to ``repo``; else 404."""
    found = table.get(ctx.params[key])
    if found is None or found.repo != repo.full_name:
        raise ApiError(404, "Not Found")
    return found


def _check_run(ctx: Context, repo: Repo) -> CheckRun:
    return _in_repo(ctx.stub.check_runs, ctx, repo)


@route("GET", "/repos/{owner}/{repo}/check-runs/{id:int}")
def get_check_run(ctx: Context):
    repo = ctx.repo((("checks", "read"),))
    return 200, check_run_json(ctx, repo, _check_run(ctx, repo)), None


@route("PATCH", "/repos/{owner}/{repo}/check-runs/{id:int}")
def update_check_run(ctx: Context):
    repo = ctx.repo((("checks", "write"),))
    run = _check_run(ctx, repo)
    token = ctx.token
    if (token.app_id or ctx.stub.app_id) != run.app_id:
        raise ApiError(403, "Invalid app_id `%s` - check run can only be modified by the GitHub App that created it." % (token.app_id or ctx.stub.app_id))
    annotations = _apply_check_fields(ctx, run, ctx.data(), creating=False)
    run.annotations.extend(annotations)
    run.annotation_batches.append(len(annotations))
    return 200, check_run_json(ctx, repo, run), None


@route("GET", "/repos/{owner}/{repo}/check-runs/{id:int}/annotations")
def list_annotations(ctx: Context):
    repo = ctx.repo((("checks", "read"),))
    run = _check_run(ctx, repo)
    return paginate(ctx, run.annotations, lambda a: annotation_json(ctx, repo, run, a))


# -- pull requests ---------------------------------------------------------------------------------

def _pull(ctx: Context, repo: Repo) -> PullRequest:
    pr = repo.pulls.get(ctx.params["number"])
    if pr is None:
        raise ApiError(404, "Not Found")
    return pr


@route("GET", "/repos/{owner}/{repo}/pulls")
def list_pulls(ctx: Context):
    repo = ctx.repo((("pull_requests", "read"),))
    state = ctx.q("state", "open")
    pulls = [p for p in repo.pulls.values() if state == "all" or p.state == state]
    if ctx.q("base"):
        pulls = [p for p in pulls if p.base_ref == ctx.q("base")]
    if ctx.q("head"):
        owner, _, ref = ctx.q("head").partition(":")
        pulls = [p for p in pulls if p.head_ref == ref and (p.head_repo or "").split("/")[0] == owner]
    key = {"created": lambda p: p.created_at, "updated": lambda p: p.updated_at}.get(ctx.q("sort", "created"), lambda p: p.created_at)
    pulls.sort(key=lambda p: (key(p), p.number), reverse=ctx.q("direction", "desc") == "desc")
    return paginate(ctx, pulls, lambda p: pull_json(ctx, repo, p))


@route("GET", "/repos/{owner}/{repo}/pulls/{number:int}")
def get_pull(ctx: Context):
    repo = ctx.repo((("pull_requests", "read"),))
    pr = _pull(ctx, repo)
    accept = ctx.record.headers.get("accept", "")
    if "diff" in accept:  # application/vnd.github.diff: the whole unified diff as text
        parts = []
        for f in pr.files:
            old = f.previous_filename or f.filename
            parts.append(f"diff --git a/{old} b/{f.filename}")
            if f.status == "added":
                parts += ["new file mode 100644", "--- /dev/null", f"+++ b/{f.filename}"]
            elif f.status == "removed":
                parts += ["deleted file mode 100644", f"--- a/{old}", "+++ /dev/null"]
            else:
                if f.previous_filename:
                    parts += [f"rename from {old}", f"rename to {f.filename}"]
                if f.patch:
                    parts += [f"--- a/{old}", f"+++ b/{f.filename}"]
            if f.patch:
                parts.append(f.patch)
            elif f.patch is None:
                parts.append(f"Binary files a/{old} and b/{f.filename} differ")
        text = "\n".join(parts) + "\n"
        return 200, text.encode("utf-8"), {"Content-Type": "text/plain; charset=utf-8",
                                           "X-GitHub-Media-Type": "github.v3; param=diff"}
    return 200, pull_json(ctx, repo, pr), None


@route("GET", "/repos/{owner}/{repo}/pulls/{number:int}/files")
def list_pull_files(ctx: Context):
    repo = ctx.repo((("pull_requests", "read"),))
    pr = _pull(ctx, repo)
    return paginate(ctx, pr.files[:3000], lambda f: file_json(ctx, repo, pr, f))


@route("GET", "/repos/{owner}/{repo}/pulls/{number:int}/commits")
def list_pull_commits(ctx: Context):
    repo = ctx.repo((("pull_requests", "read"),))
    pr = _pull(ctx, repo)
    return paginate(ctx, pr.commits, lambda sha: commit_json(ctx, repo, sha))


_EVENTS = {"APPROVE": "APPROVED", "REQUEST_CHANGES": "CHANGES_REQUESTED", "COMMENT": "COMMENTED"}
_REVIEW_DOC = "https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request"
_COMMENT_DOC = "https://docs.github.com/rest/pulls/comments#create-a-review-comment-for-a-pull-request"


def _unprocessable(messages: list[str], doc: str = _REVIEW_DOC):
    unique = list(dict.fromkeys(messages))
    raise ApiError(422, "Unprocessable Entity", errors=unique, doc=doc)


def _resolve(pr: PullRequest, c: dict) -> tuple[list[str], dict]:
    """Check one review comment's anchor like GitHub; (error messages, stored fields)."""
    path = c.get("path")
    f = pr.file(path) if isinstance(path, str) else None
    if f is None:
        return ["Path could not be resolved"], {}
    patch = f.parsed
    if c.get("line") is None and c.get("position") is not None:
        position = c["position"]
        row = patch.at_position(position) if isinstance(position, int) else None
        if row is None:
            return ["Line could not be resolved"], {}
        side = "LEFT" if row.kind == "-" else "RIGHT"
        return [], {"path": path, "line": row.old if side == "LEFT" else row.new, "side": side,
                    "position": row.position, "diff_hunk": patch.diff_hunk(row)}
    line, side = c.get("line"), c.get("side") or "RIGHT"
    if side not in ("LEFT", "RIGHT") or not isinstance(line, int):
        return ["Line could not be resolved"], {}
    row = patch.find(line, side)
    if row is None:
        return ["Line could not be resolved"], {}
    fields = {"path": path, "line": line, "side": side, "position": row.position, "diff_hunk": patch.diff_hunk(row)}
    start = c.get("start_line")
    if start is not None:
        start_side = c.get("start_side") or side
        if start_side not in ("LEFT", "RIGHT") or not isinstance(start, int):
            return ["Line could not be resolved"], {}
        srow = patch.find(start, start_side)
        if srow is None or srow.hunk != row.hunk:
            return ["Line could not be resolved"], {}
        if srow.position >= row.position:
            return ["Pull request review thread start line must precede the end line."], {}
        fields.update(start_line=start, start_side=start_side)
    return [], fields


def _commit_for(pr: PullRequest, commit_id: Any) -> str:
    if commit_id in (None, ""):
        return pr.head_sha
    if commit_id not in pr.commits:
        _unprocessable([f"No commit found for SHA: {commit_id}"])
    return commit_id


@route("GET", "/repos/{owner}/{repo}/pulls/{number:int}/reviews")
def list_reviews(ctx: Context):
    repo = ctx.repo((("pull_requests", "read"),))
    pr = _pull(ctx, repo)
    who = ctx.token.login if ctx.token else None
    reviews = [r for r in ctx.stub.reviews_on(repo.full_name, pr.number) if r.state != "PENDING" or r.user == who]
    reviews.sort(key=lambda r: r.id)
    return paginate(ctx, reviews, lambda r: review_json(ctx, repo, r))


def _review(ctx: Context, repo: Repo, pr: PullRequest, own: bool = False):
    """A review of ``pr``; with ``own``, only the caller's (others' pending reviews are invisible)."""
    review = _in_repo(ctx.stub.reviews, ctx, repo)
    if review.pull_number != pr.number or own and review.user != ctx.login:
        raise ApiError(404, "Not Found")
    return review


@route("GET", "/repos/{owner}/{repo}/pulls/{number:int}/reviews/{id:int}")
def get_review(ctx: Context):
    repo = ctx.repo((("pull_requests", "read"),))
    pr = _pull(ctx, repo)
    return 200, review_json(ctx, repo, _review(ctx, repo, pr)), None


@route("GET", "/repos/{owner}/{repo}/pulls/{number:int}/reviews/{id:int}/comments")
def list_review_comments_of_review(ctx: Context):
    repo = ctx.repo((("pull_requests", "read"),))
    pr = _pull(ctx, repo)
    comments = sorted((c for c in ctx.stub.review_comments_on(repo.full_name, pr.number) if c.review_id == ctx.params["id"]),
                      key=lambda c: c.id)
    return paginate(ctx, comments, lambda c: review_comment_json(ctx, repo, c))


@route("POST", "/repos/{owner}/{repo}/pulls/{number:int}/reviews")
def create_review(ctx: Context):
    repo = ctx.repo((("pull_requests", "write"),))
    pr = _pull(ctx, repo)
    data = ctx.data()
    stub = ctx.stub
    event = data.get("event")
    if event is not None and event not in _EVENTS:
        _unprocessable([f"Unknown event {event!r}: use APPROVE, REQUEST_CHANGES or COMMENT"])
    commit_id = _commit_for(pr, data.get("commit_id"))
    body = data.get("body") or ""
    _check_body(body, "PullRequestReview")
    comments = data.get("comments") or []
    if not isinstance(comments, list):
        raise ApiError(400, "Problems parsing JSON")
    login = ctx.login
    if any(r.user == login and r.state == "PENDING" for r in stub.reviews_on(repo.full_name, pr.number)):
        _unprocessable(["User can only have one pending review per pull request"])
    if event in ("APPROVE", "REQUEST_CHANGES") and login == pr.user:
        what = "approve" if event == "APPROVE" else "request changes on"
        _unprocessable([f"Review Can not {what} your own pull request"])
    if event in ("REQUEST_CHANGES", "COMMENT") and not body.strip() and not comments:
        _unprocessable([f"Review body is required when the event is {event} and there are no comments"])
    errors: list[str] = []
    resolved: list[tuple[dict, dict]] = []
    for c in comments:
        if not isinstance(c, dict) or not isinstance(c.get("body"), str) or not c.get("body"):
            errors.append("Body can't be blank")
            continue
        _check_body(c["body"], "PullRequestReviewComment")
        problems, fields = _resolve(pr, c)
        errors.extend(problems)
        resolved.append((c, fields))
    if errors:
        _unprocessable(errors)  # the whole review is rejected; nothing is stored
    now = utcnow()
    review = Review(id=stub.next_id(), repo=repo.full_name, pull_number=pr.number, user=login, body=body,
                    state=_EVENTS.get(event, "PENDING"), commit_id=commit_id,
                    submitted_at=None if event is None else now)
    stub.reviews[review.id] = review
    for c, fields in resolved:
        comment = ReviewComment(id=stub.next_id(), repo=repo.full_name, pull_number=pr.number, user=login,
                                body=c["body"], commit_id=commit_id, original_commit_id=commit_id,
                                review_id=review.id, **fields)
        stub.review_comments[comment.id] = comment
    pr.updated_at = now
    return 200, review_json(ctx, repo, review), None


@route("POST", "/repos/{owner}/{repo}/pulls/{number:int}/reviews/{id:int}/events")
def submit_review(ctx: Context):
    repo = ctx.repo((("pull_requests", "write"),))
    pr = _pull(ctx, repo)
    review = _review(ctx, repo, pr, own=True)
    if review.state != "PENDING":
        _unprocessable(["Can not submit a non-pending review"])
    data = ctx.data()
    event = data.get("event")
    if event not in _EVENTS:
        _unprocessable([f"Unknown event {event!r}: use APPROVE, REQUEST_CHANGES or COMMENT"])
    if data.get("body") is not None:
        review.body = data["body"]
    review.state = _EVENTS[event]
    review.submitted_at = utcnow()
    return 200, review_json(ctx, repo, review), None


@route("DELETE", "/repos/{owner}/{repo}/pulls/{number:int}/reviews/{id:int}")
def delete_pending_review(ctx: Context):
    repo = ctx.repo((("pull_requests", "write"),))
    pr = _pull(ctx, repo)
    review = _review(ctx, repo, pr, own=True)
    if review.state != "PENDING":
        _unprocessable(["Can not delete a non-pending review"])
    del ctx.stub.reviews[review.id]
    for c in [c for c in ctx.stub.review_comments.values() if c.review_id == review.id]:
        del ctx.stub.review_comments[c.id]
    return 200, review_json(ctx, repo, review), None


def _visible_review_comments(ctx: Context, repo: Repo, number: int) -> list[ReviewComment]:
    who = ctx.token.login if ctx.token else None
    pending = {r.id for r in ctx.stub.reviews.values() if r.state == "PENDING" and r.user != who}
    return [c for c in ctx.stub.review_comments_on(repo.full_name, number) if c.review_id not in pending]


def _sorted_comments(ctx: Context, comments: list) -> list:
    since = _since(ctx)
    if since is not None:
        comments = [c for c in comments if c.updated_at >= since]
    key = (lambda c: (c.updated_at, c.id)) if ctx.q("sort") == "updated" else (lambda c: (c.created_at, c.id))
    return sorted(comments, key=key, reverse=ctx.q("direction", "asc") == "desc")


@route("GET", "/repos/{owner}/{repo}/pulls/{number:int}/comments")
def list_review_comments(ctx: Context):
    repo = ctx.repo((("pull_requests", "read"),))
    pr = _pull(ctx, repo)
    comments = _sorted_comments(ctx, _visible_review_comments(ctx, repo, pr.number))
    return paginate(ctx, comments, lambda c: review_comment_json(ctx, repo, c))


def _thread_error(field: str, message: str):
    validation_failed("PullRequestReviewComment", field, "custom", message, doc=_COMMENT_DOC)


def _new_single_comment(ctx: Context, repo: Repo, pr: PullRequest, login: str, body: str, commit_id: str,
                        fields: dict, reply_to: int | None = None) -> ReviewComment:
    stub = ctx.stub
    now = utcnow()
    review = Review(id=stub.next_id(), repo=repo.full_name, pull_number=pr.number, user=login, body="",
                    state="COMMENTED", commit_id=commit_id, submitted_at=now)
    stub.reviews[review.id] = review
    comment = ReviewComment(id=stub.next_id(), repo=repo.full_name, pull_number=pr.number, user=login, body=body,
                            commit_id=commit_id, original_commit_id=commit_id, review_id=review.id,
                            in_reply_to_id=reply_to, **fields)
    stub.review_comments[comment.id] = comment
    pr.updated_at = now
    return comment


def _reply(ctx: Context, repo: Repo, pr: PullRequest, parent_id: Any, body: str) -> ReviewComment:
    parent = ctx.stub.review_comments.get(parent_id) if isinstance(parent_id, int) else None
    if parent is None or parent.repo != repo.full_name or parent.pull_number != pr.number:
        raise ApiError(404, "Not Found", doc="https://docs.github.com/rest/pulls/comments#create-a-reply-for-a-review-comment")
    root = parent
    while root.in_reply_to_id is not None and root.in_reply_to_id in ctx.stub.review_comments:
        root = ctx.stub.review_comments[root.in_reply_to_id]
    fields = {k: getattr(root, k) for k in ("path", "line", "side", "start_line", "start_side", "position",
                                            "subject_type", "diff_hunk")}
    return _new_single_comment(ctx, repo, pr, ctx.login, body, root.commit_id, fields, reply_to=root.id)


@route("POST", "/repos/{owner}/{repo}/pulls/{number:int}/comments")
def create_review_comment(ctx: Context):
    repo = ctx.repo((("pull_requests", "write"),))
    pr = _pull(ctx, repo)
    data = ctx.data()
    body = data.get("body")
    if not isinstance(body, str) or not body:
        validation_failed("PullRequestReviewComment", "body", doc=_COMMENT_DOC)
    _check_body(body, "PullRequestReviewComment")
    if data.get("in_reply_to") is not None:
        comment = _reply(ctx, repo, pr, data["in_reply_to"], body)
        return 201, review_comment_json(ctx, repo, comment), None
    for key in ("commit_id", "path"):
        if not data.get(key):
            validation_failed("PullRequestReviewComment", key, doc=_COMMENT_DOC)
    if data["commit_id"] not in pr.commits:
        validation_failed("PullRequestReviewComment", "commit_id", "custom",
                          "commit_id is not part of the pull request", doc=_COMMENT_DOC)
    path = data["path"]
    f = pr.file(path)
    if f is None:
        _thread_error("pull_request_review_thread.path", "pull_request_review_thread.path is invalid")
    if data.get("subject_type") == "file":
        fields = {"path": path, "subject_type": "file", "diff_hunk": f.parsed.hunks[0].header if f.parsed.hunks else ""}
    else:
        if data.get("line") is None and data.get("position") is None:
            validation_failed("PullRequestReviewComment", "line", doc=_COMMENT_DOC)
        problems, fields = _resolve(pr, data)
        if problems:
            if data.get("line") is None:
                _thread_error("pull_request_review_thread.diff_hunk", "pull_request_review_thread.diff_hunk can't be blank")
            row = f.parsed.find(data["line"], data.get("side") or "RIGHT") if isinstance(data["line"], int) else None
            if row is None:
                _thread_error("pull_request_review_thread.line", "pull_request_review_thread.line must be part of the diff")
            if "precede" in problems[0]:
                _thread_error("pull_request_review_thread.start_line",
                              "pull_request_review_thread.start_line must precede the end line.")
            _thread_error("pull_request_review_thread.start_line",
                          "pull_request_review_thread.start_line must be part of the same hunk as the line.")
    comment = _new_single_comment(ctx, repo, pr, ctx.login, body, data["commit_id"], fields)
    return 201, review_comment_json(ctx, repo, comment), None


@route("POST", "/repos/{owner}/{repo}/pulls/{number:int}/comments/{id:int}/replies")
def reply_review_comment(ctx: Context):
    repo = ctx.repo((("pull_requests", "write"),))
    pr = _pull(ctx, repo)
    body = ctx.data().get("body")
    if not isinstance(body, str) or not body:
        validation_failed("PullRequestReviewComment", "body")
    _check_body(body, "PullRequestReviewComment")
    comment = _reply(ctx, repo, pr, ctx.params["id"], body)
    return 201, review_comment_json(ctx, repo, comment), None


def _review_comment(ctx: Context, repo: Repo) -> ReviewComment:
    return _in_repo(ctx.stub.review_comments, ctx, repo)


@route("GET", "/repos/{owner}/{repo}/pulls/comments/{id:int}")
def get_review_comment(ctx: Context):
    repo = ctx.repo((("pull_requests", "read"),))
    return 200, review_comment_json(ctx, repo, _review_comment(ctx, repo)), None


@route("PATCH", "/repos/{owner}/{repo}/pulls/comments/{id:int}")
def edit_review_comment(ctx: Context):
    repo = ctx.repo((("pull_requests", "write"),))
    comment = _review_comment(ctx, repo)
    body = ctx.data().get("body")
    if not isinstance(body, str) or not body:
        validation_failed("PullRequestReviewComment", "body")
    _check_body(body, "PullRequestReviewComment")
    comment.body = body
    comment.updated_at = utcnow()
    return 200, review_comment_json(ctx, repo, comment), None


@route("DELETE", "/repos/{owner}/{repo}/pulls/comments/{id:int}")
def delete_review_comment(ctx: Context):
    repo = ctx.repo((("pull_requests", "write"),))
    comment = _review_comment(ctx, repo)
    del ctx.stub.review_comments[comment.id]
    for rid in [r.id for r in ctx.stub.reactions.values() if r.subject == "review_comment" and r.subject_id == comment.id]:
        del ctx.stub.reactions[rid]
    return 204, None, None


# -- reactions -------------------------------------------------------------------------------------

def _reaction_target(ctx: Context, repo: Repo, subject: str):
    return _in_repo(ctx.stub.issue_comments if subject == "issue_comment" else ctx.stub.review_comments, ctx, repo)


def _reactions_routes(prefix: str, subject: str, needs: tuple):
    @route("GET", f"/repos/{{owner}}/{{repo}}/{prefix}/comments/{{id:int}}/reactions")
    def list_reactions(ctx: Context):
        repo = ctx.repo(tuple((cat, "read") for cat, _ in needs))
        target = _reaction_target(ctx, repo, subject)
        items = [r for r in ctx.stub.reactions.values() if r.subject == subject and r.subject_id == target.id]
        if ctx.q("content"):
            items = [r for r in items if r.content == ctx.q("content")]
        return paginate(ctx, sorted(items, key=lambda r: r.id), lambda r: reaction_json(ctx, r))

    @route("POST", f"/repos/{{owner}}/{{repo}}/{prefix}/comments/{{id:int}}/reactions")
    def create_reaction(ctx: Context):
        repo = ctx.repo(needs)
        target = _reaction_target(ctx, repo, subject)
        content = ctx.data().get("content")
        if content not in REACTIONS:
            validation_failed("Reaction", "content", "invalid", f"content {content!r} is not one of {list(REACTIONS)}")
        login = ctx.login
        existing = next((r for r in ctx.stub.reactions.values() if r.subject == subject and r.subject_id == target.id
                         and r.user == login and r.content == content), None)
        if existing is not None:
            return 200, reaction_json(ctx, existing), None
        reaction = Reaction(id=ctx.stub.next_id(), user=login, content=content, subject=subject, subject_id=target.id)
        ctx.stub.reactions[reaction.id] = reaction
        return 201, reaction_json(ctx, reaction), None

    @route("DELETE", f"/repos/{{owner}}/{{repo}}/{prefix}/comments/{{id:int}}/reactions/{{rid:int}}")
    def delete_reaction(ctx: Context):
        repo = ctx.repo(needs)
        target = _reaction_target(ctx, repo, subject)
        reaction = ctx.stub.reactions.get(ctx.params["rid"])
        if reaction is None or reaction.subject != subject or reaction.subject_id != target.id:
            raise ApiError(404, "Not Found")
        del ctx.stub.reactions[reaction.id]
        return 204, None, None


_reactions_routes("pulls", "review_comment", (("pull_requests", "write"),))
_reactions_routes("issues", "issue_comment", (("issues", "write"), ("pull_requests", "write")))


# -- issues ------------------------------------------------------------------------------------------

def _issue_needs(repo: Repo, number: int, level: str) -> tuple:
    if number in repo.pulls:
        return (("issues", level), ("pull_requests", level))
    return (("issues", level),)


def _issue_like(ctx: Context, repo: Repo) -> Issue | PullRequest:
    item = repo.issue_like(ctx.params["number"])
    if item is None:
        raise ApiError(404, "Not Found")
    return item


@route("GET", "/repos/{owner}/{repo}/issues")
def list_issues(ctx: Context):
    repo = ctx.repo((("issues", "read"),))
    items: list = list(repo.issues.values()) + list(repo.pulls.values())
    state = ctx.q("state", "open")
    if state != "all":
        items = [i for i in items if i.state == state]
    if ctx.q("labels"):
        wanted = [w.strip().lower() for w in ctx.q("labels").split(",") if w.strip()]
        items = [i for i in items if all(w in {l.lower() for l in i.labels} for w in wanted)]
    if ctx.q("creator"):
        items = [i for i in items if i.user.lower() == ctx.q("creator").lower()]
    assignee = ctx.q("assignee")
    if assignee == "none":
        items = [i for i in items if not i.assignees]
    elif assignee not in (None, "*"):
        items = [i for i in items if assignee in i.assignees]
    since = _since(ctx)
    if since is not None:
        items = [i for i in items if i.updated_at >= since]
    sort = ctx.q("sort", "created")
    count = lambda i: sum(1 for c in ctx.stub.issue_comments.values() if c.repo == repo.full_name and c.issue_number == i.number)
    key = {"updated": lambda i: (i.updated_at, i.number), "comments": lambda i: (count(i), i.number)}.get(
        sort, lambda i: (i.created_at, i.number))
    items.sort(key=key, reverse=ctx.q("direction", "desc") != "asc")
    return paginate(ctx, items, lambda i: issue_json(ctx, repo, i))


@route("POST", "/repos/{owner}/{repo}/issues")
def create_issue(ctx: Context):
    repo = ctx.repo((("issues", "write"),))
    data = ctx.data()
    title = data.get("title")
    if title in (None, ""):
        validation_failed("Issue", "title")
    _check_body(data.get("body"), "Issue")
    labels = [l["name"] if isinstance(l, dict) else str(l) for l in data.get("labels") or []]
    issue = ctx.stub.add_issue(repo.full_name, str(title), body=data.get("body"), user=ctx.login, labels=labels,
                               assignees=list(data.get("assignees") or ([data["assignee"]] if data.get("assignee") else [])))
    return 201, issue_json(ctx, repo, issue), None


@route("GET", "/repos/{owner}/{repo}/issues/{number:int}")
def get_issue(ctx: Context):
    repo = ctx.repo((("issues", "read"), ("pull_requests", "read")))
    return 200, issue_json(ctx, repo, _issue_like(ctx, repo)), None


@route("PATCH", "/repos/{owner}/{repo}/issues/{number:int}")
def edit_issue(ctx: Context):
    probe = ctx.repo()
    repo = ctx.repo(_issue_needs(probe, ctx.params["number"], "write"))
    item = _issue_like(ctx, repo)
    data = ctx.data()
    if "title" in data:
        if not data["title"]:
            validation_failed("Issue", "title", "missing_field")
        item.title = data["title"]
    if "body" in data:
        _check_body(data["body"], "Issue")
        item.body = data["body"]
    if "state" in data:
        if data["state"] not in ("open", "closed"):
            validation_failed("Issue", "state", "invalid")
        if data["state"] != item.state:
            item.state = data["state"]
            item.closed_at = utcnow() if item.state == "closed" else None
            if isinstance(item, Issue):
                item.state_reason = data.get("state_reason") or ("completed" if item.state == "closed" else "reopened")
    if isinstance(item, Issue) and "state_reason" in data and data["state_reason"] is not None:
        if data["state_reason"] not in ("completed", "not_planned", "reopened", "duplicate"):
            validation_failed("Issue", "state_reason", "invalid")
        item.state_reason = data["state_reason"]
    if "labels" in data and data["labels"] is not None:
        item.labels = [l["name"] if isinstance(l, dict) else str(l) for l in data["labels"]]
    if "assignees" in data and data["assignees"] is not None:
        item.assignees = list(data["assignees"])
    item.updated_at = utcnow()
    return 200, issue_json(ctx, repo, item), None


@route("GET", "/repos/{owner}/{repo}/issues/{number:int}/labels")
def list_issue_labels(ctx: Context):
    repo = ctx.repo((("issues", "read"), ("pull_requests", "read")))
    item = _issue_like(ctx, repo)
    return paginate(ctx, list(item.labels), lambda n: label_json(ctx, repo, n))


def _label_names(body: Any) -> list[str]:
    raw = body.get("labels", []) if isinstance(body, dict) else body if isinstance(body, list) else []
    return [l["name"] if isinstance(l, dict) else str(l) for l in raw]


@route("POST", "/repos/{owner}/{repo}/issues/{number:int}/labels")
def add_issue_labels(ctx: Context):
    probe = ctx.repo()
    repo = ctx.repo(_issue_needs(probe, ctx.params["number"], "write"))
    item = _issue_like(ctx, repo)
    for name in _label_names(ctx.body):
        if name not in item.labels:
            item.labels.append(name)
    item.updated_at = utcnow()
    return 200, [label_json(ctx, repo, n) for n in item.labels], None


@route("PUT", "/repos/{owner}/{repo}/issues/{number:int}/labels")
def set_issue_labels(ctx: Context):
    probe = ctx.repo()
    repo = ctx.repo(_issue_needs(probe, ctx.params["number"], "write"))
    item = _issue_like(ctx, repo)
    item.labels = list(dict.fromkeys(_label_names(ctx.body)))
    item.updated_at = utcnow()
    return 200, [label_json(ctx, repo, n) for n in item.labels], None


@route("DELETE", "/repos/{owner}/{repo}/issues/{number:int}/labels/{name}")
def remove_issue_label(ctx: Context):
    probe = ctx.repo()
    repo = ctx.repo(_issue_needs(probe, ctx.params["number"], "write"))
    item = _issue_like(ctx, repo)
    name = ctx.params["name"]
    match_ = next((l for l in item.labels if l.lower() == name.lower()), None)
    if match_ is None:
        raise ApiError(404, "Label does not exist")
    item.labels.remove(match_)
    item.updated_at = utcnow()
    return 200, [label_json(ctx, repo, n) for n in item.labels], None


@route("GET", "/repos/{owner}/{repo}/issues/{number:int}/comments")
def list_issue_comments(ctx: Context):
    repo = ctx.repo((("issues", "read"), ("pull_requests", "read")))
    item = _issue_like(ctx, repo)
    comments = _sorted_comments(ctx, ctx.stub.issue_comments_on(repo.full_name, item.number))
    return paginate(ctx, comments, lambda c: issue_comment_json(ctx, repo, c))


@route("POST", "/repos/{owner}/{repo}/issues/{number:int}/comments")
def create_issue_comment(ctx: Context):
    probe = ctx.repo()
    repo = ctx.repo(_issue_needs(probe, ctx.params["number"], "write"))
    item = _issue_like(ctx, repo)
    body = ctx.data().get("body")
    if not isinstance(body, str) or not body:
        validation_failed("IssueComment", "body")
    _check_body(body, "IssueComment")
    if item.locked and role_of(repo, ctx.login) not in ("admin", "maintain", "write"):
        raise ApiError(403, "Unable to create comment because issue is locked.")
    comment = IssueComment(id=ctx.stub.next_id(), repo=repo.full_name, issue_number=item.number, user=ctx.login, body=body)
    ctx.stub.issue_comments[comment.id] = comment
    item.updated_at = comment.created_at
    return 201, issue_comment_json(ctx, repo, comment), None


def _issue_comment(ctx: Context, repo: Repo) -> IssueComment:
    return _in_repo(ctx.stub.issue_comments, ctx, repo)


@route("GET", "/repos/{owner}/{repo}/issues/comments/{id:int}")
def get_issue_comment(ctx: Context):
    repo = ctx.repo((("issues", "read"), ("pull_requests", "read")))
    return 200, issue_comment_json(ctx, repo, _issue_comment(ctx, repo)), None


@route("PATCH", "/repos/{owner}/{repo}/issues/comments/{id:int}")
def edit_issue_comment(ctx: Context):
    probe = ctx.repo()
    comment = _issue_comment(ctx, probe)
    repo = ctx.repo(_issue_needs(probe, comment.issue_number, "write"))
    body = ctx.data().get("body")
    if not isinstance(body, str) or not body:
        validation_failed("IssueComment", "body")
    _check_body(body, "IssueComment")
    comment.body = body
    comment.updated_at = utcnow()
    return 200, issue_comment_json(ctx, repo, comment), None


@route("DELETE", "/repos/{owner}/{repo}/issues/comments/{id:int}")
def delete_issue_comment(ctx: Context):
    probe = ctx.repo()
    comment = _issue_comment(ctx, probe)
    ctx.repo(_issue_needs(probe, comment.issue_number, "write"))
    del ctx.stub.issue_comments[comment.id]
    for rid in [r.id for r in ctx.stub.reactions.values() if r.subject == "issue_comment" and r.subject_id == comment.id]:
        del ctx.stub.reactions[rid]
    return 204, None, None


# -- search ---------------------------------------------------------------------------------------

_QUALIFIERS = {"repo", "user", "org", "owner", "is", "type", "state", "label", "author", "in", "no", "sort",
               "assignee", "involves", "commenter"}


def tokenize(q: str) -> list[tuple[bool, str | None, str]]:
    """(negated, qualifier or None, value) for each term of a search query."""
    terms = []
    for m in re.finditer(r'(-?)(?:([A-Za-z_]+):)?(?:"([^"]*)"?|(\S+))', q):
        negated, key, quoted, bare = m.group(1) == "-", m.group(2), m.group(3), m.group(4)
        value = quoted if quoted is not None else (bare or "")
        if key is not None and key.lower() not in _QUALIFIERS:
            value, key = f"{key}:{value}", None
        if key is None and not value:
            continue
        if key is None and value in ("AND", "OR", "NOT"):
            continue
        terms.append((negated, key.lower() if key else None, value))
    return terms


@route("GET", "/search/issues")
def search_issues(ctx: Context):
    stub = ctx.stub
    q = ctx.q("q")
    if not q or not q.strip():
        validation_failed("Search", "q", "missing", doc="https://docs.github.com/rest/search/search#search-issues-and-pull-requests")
    if ctx.jwt_claims is not None:
        raise ApiError(403, NOT_ACCESSIBLE)
    if ctx.token is None and not stub.allow_anonymous_reads:
        raise ApiError(401, "Requires authentication")
    terms = tokenize(q)
    repos: list[str] = []
    owners: list[str] = []
    fields: set[str] = set()
    checks: list[Callable[[Any, Repo], bool]] = []
    words: list[tuple[bool, str]] = []
    for negated, key, value in terms:
        v = value.lower()
        if key == "repo":
            repos.append(v)
        elif key in ("user", "org", "owner"):
            owners.append(v)
        elif key == "in":
            fields.update(part.strip() for part in v.split(","))
        elif key == "sort":
            continue
        elif key is None:
            words.append((negated, v))
        else:
            pred = _search_predicate(ctx, key, v)
            checks.append((lambda p: (lambda i, r: not p(i, r)))(pred) if negated else pred)
    if not fields:
        fields = {"title", "body", "comments"}
    cutoff = time.time() - stub.search_lag
    hits: list[tuple[Repo, Any]] = []
    for repo in stub.repos.values():
        if repos and repo.full_name.lower() not in repos:
            continue
        if owners and repo.owner.lower() not in owners:
            continue
        if not ctx.can_see(repo):
            continue
        for item in list(repo.issues.values()) + list(repo.pulls.values()):
            if stub.search_lag and item.created_at.timestamp() > cutoff:
                continue
            if not all(check(item, repo) for check in checks):
                continue
            haystack = []
            if "title" in fields:
                haystack.append(item.title or "")
            if "body" in fields:
                haystack.append(item.body or "")
            if "comments" in fields:
                haystack.extend(c.body for c in stub.issue_comments_on(repo.full_name, item.number))
            text = "\n".join(haystack).lower()
            if all((word in text) != negated for negated, word in words):
                hits.append((repo, item))
    sort, order = ctx.q("sort"), ctx.q("order", "desc")
    key = {"created": lambda h: h[1].created_at, "updated": lambda h: h[1].updated_at,
           "comments": lambda h: len(stub.issue_comments_on(h[0].full_name, h[1].number))}.get(sort or "", None)
    if key is None:
        hits.sort(key=lambda h: (h[1].created_at, h[1].number), reverse=True)
    else:
        hits.sort(key=lambda h: (key(h), h[1].number), reverse=order != "asc")
    return paginate(ctx, hits, lambda h: {**issue_json(ctx, h[0], h[1]), "score": 1.0}, wrap="items",
                    cap=1000, extra={"incomplete_results": False})


def _search_predicate(ctx: Context, key: str, value: str) -> Callable[[Any, Repo], bool]:
    is_pr = lambda i: isinstance(i, PullRequest)
    if key in ("is", "type"):
        table = {
            "issue": lambda i, r: not is_pr(i), "pr": lambda i, r: is_pr(i), "pull-request": lambda i, r: is_pr(i),
            "open": lambda i, r: i.state == "open", "closed": lambda i, r: i.state == "closed",
            "merged": lambda i, r: is_pr(i) and i.merged, "unmerged": lambda i, r: is_pr(i) and not i.merged,
            "locked": lambda i, r: i.locked, "unlocked": lambda i, r: not i.locked,
            "draft": lambda i, r: is_pr(i) and i.draft,
            "public": lambda i, r: not r.private, "private": lambda i, r: r.private,
        }
        if value not in table:
            raise ApiError(422, "Validation Failed", errors=[{"message": f"The is qualifier value {value!r} is not supported by the stub", "resource": "Search", "field": "q", "code": "invalid"}])
        return table[value]
    if key == "state":
        return lambda i, r: i.state == value
    if key == "label":
        options = [o.strip() for o in value.split(",") if o.strip()]
        return lambda i, r: any(o in {l.lower() for l in i.labels} for o in options)
    if key == "no":
        if value == "label":
            return lambda i, r: not i.labels
        if value == "assignee":
            return lambda i, r: not i.assignees
        return lambda i, r: True
    if key == "author":
        return lambda i, r: i.user.lower() == value
    if key == "assignee":
        return lambda i, r: value in {a.lower() for a in i.assignees}
    if key == "commenter":
        return lambda i, r: any(c.user.lower() == value for c in ctx.stub.issue_comments_on(r.full_name, i.number))
    if key == "involves":
        return lambda i, r: i.user.lower() == value or value in {a.lower() for a in i.assignees} or any(
            c.user.lower() == value for c in ctx.stub.issue_comments_on(r.full_name, i.number))
    return lambda i, r: True
