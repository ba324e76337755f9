"""The HTTP server and the :class:`GitHubStub` object tests hold.

One ``ThreadingHTTPServer`` on 127.0.0.1 answers GitHub Enterprise-style URLs
(``http://127.0.0.1:PORT/api/v3/...``). Every request is handled under ``stub.lock``, so
state changes are atomic; tests that read state while a client thread is running can take
the same lock.
"""

from __future__ import annotations

import itertools
import json
import re
import secrets
import socket
import threading
import time
import urllib.parse
from datetime import datetime, timedelta, timezone
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from . import routes
from .state import (
    CheckRun,
    Fault,
    Installation,
    Issue,
    IssueComment,
    PullRequest,
    Reaction,
    RecordedRequest,
    Repo,
    Review,
    ReviewComment,
    Token,
    User,
    utcnow,
)

API_PREFIX = "/api/v3"
DOCS = "https://docs.github.com/rest"


class GitHubStub:
    """A local stand-in for GitHub's REST API. See ``tests/ghstub/__init__.py``."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0):
        self.host = host
        self.port = port
        self.lock = threading.RLock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.reset()

    # -- lifecycle --------------------------------------------------------------------------
    def start(self) -> "GitHubStub":
        if self._server is not None:
            return self
        server = ThreadingHTTPServer((self.host, self.port), _Handler)
        server.daemon_threads = True
        server.stub = self  # type: ignore[attr-defined]
        server.connections = set()  # type: ignore[attr-defined]
        self._server = server
        self.port = server.server_address[1]
        self._thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        # Clients keep connections alive; close them so their handler threads end.
        for conn in list(self._server.connections):  # type: ignore[attr-defined]
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self) -> "GitHubStub":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        """What to pass as PyGithub's ``base_url``."""
        return f"http://{self.host}:{self.port}{API_PREFIX}"

    @property
    def web_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def reset(self) -> None:
        """Forget all state (repositories, tokens, requests, faults); keeps the server running."""
        with self.lock:
            self.repos: dict[str, Repo] = {}
            self.users: dict[str, User] = {}
            self.reviews: dict[int, Review] = {}
            self.review_comments: dict[int, ReviewComment] = {}
            self.issue_comments: dict[int, IssueComment] = {}
            self.reactions: dict[int, Reaction] = {}
            self.check_runs: dict[int, CheckRun] = {}
            self.installations: dict[int, Installation] = {}
            self.tokens: dict[str, Token] = {}
            self.requests: list[RecordedRequest] = []
            self.faults: list[Fault] = []
            self._slow = threading.local()  # a `slow()` answer's delay, for the thread answering
            self._ids = itertools.count(1001)
            self._request_ids = itertools.count(1)
            # The GitHub App.
            self.app_id: int = 4242
            self.app_slug: str = "drift-docs"
            self.app_name: str = "Drift Docs"
            self.app_owner: str = "drift-org"
            self.app_public_key_pem: str | None = None
            self.token_lifetime: float = 3600.0
            # Behaviour switches.
            self.allow_anonymous_reads = False  # GitHub serves public repos unauthenticated
            self.search_lag: float = 0.0  # seconds before a new issue shows up in search
            self.secondary_limit_per_minute: int | None = None  # content-creating requests
            self._writes: list[float] = []
            now = time.time()
            self.rate: dict[str, dict[str, int]] = {
                "core": {"limit": 5000, "remaining": 5000, "used": 0, "reset": int(now) + 3600, "window": 3600},
                "search": {"limit": 30, "remaining": 30, "used": 0, "reset": int(now) + 60, "window": 60},
            }

    # -- ids and users ----------------------------------------------------------------------
    def next_id(self) -> int:
        return next(self._ids)

    def user(self, login: str, type: str | None = None) -> User:
        with self.lock:
            found = self.users.get(login)
            if found is None:
                if type is None:
                    type = "Bot" if login.endswith("[bot]") else "User"
                found = User(login=login, id=self.next_id(), type=type)
                self.users[login] = found
            elif type is not None:
                found.type = type
            return found

    # -- seeding ----------------------------------------------------------------------------
    def add_repo(self, full_name: str, **fields: Any) -> Repo:
        """Add ``owner/name``; fields are :class:`Repo` attributes (default_branch, clone_url,
        private, collaborators {login: role}, ...)."""
        owner, name = full_name.split("/", 1)
        with self.lock:
            repo = Repo(owner=owner, name=name, id=self.next_id(), **fields)
            self.repos[repo.full_name] = repo
            self.user(owner, type=repo.owner_type)
            return repo

    def repo(self, full_name: str) -> Repo:
        return self.repos[full_name]

    def add_pull(self, full_name: str, number: int | None = None, files: list | None = None, **fields: Any) -> PullRequest:
        """Add a pull request; ``files`` are :class:`PullFile` objects or dicts (see
        ``patch.file_entry``). PRs and issues share one number sequence, as on GitHub."""
        with self.lock:
            repo = self.repos[full_name]
            number = self._take_number(repo, number)
            pr = PullRequest(number=number, repo=full_name, files=list(files or []), id=self.next_id(), issue_id=self.next_id(), **fields)
            repo.pulls[number] = pr
            for label in pr.labels:
                self.ensure_label(repo, label)
            self.user(pr.user)
            return pr

    def pull(self, full_name: str, number: int) -> PullRequest:
        return self.repos[full_name].pulls[number]

    def add_issue(self, full_name: str, title: str, number: int | None = None, **fields: Any) -> Issue:
        with self.lock:
            repo = self.repos[full_name]
            number = self._take_number(repo, number)
            issue = Issue(number=number, repo=full_name, title=title, id=self.next_id(), **fields)
            if issue.state == "closed" and issue.closed_at is None:
                issue.closed_at = issue.updated_at
            repo.issues[number] = issue
            for label in issue.labels:
                self.ensure_label(repo, label)
            self.user(issue.user)
            return issue

    def issue(self, full_name: str, number: int) -> Issue:
        return self.repos[full_name].issues[number]

    def add_issue_comment(self, full_name: str, number: int, body: str, user: str = "octocat") -> IssueComment:
        """Seed an existing conversation comment on an issue or pull request."""
        with self.lock:
            comment = IssueComment(id=self.next_id(), repo=full_name, issue_number=number, user=user, body=body)
            self.issue_comments[comment.id] = comment
            self.user(user)
            return comment

    def add_review_comment(self, full_name: str, number: int, path: str, line: int | None, body: str, *, user: str = "octocat", side: str = "RIGHT", start_line: int | None = None) -> ReviewComment:
        """Seed an existing review comment (anchor not validated; ``line=None``: file-level)."""
        with self.lock:
            pr = self.pull(full_name, number)
            comment = ReviewComment(
                id=self.next_id(), repo=full_name, pull_number=number, user=user, body=body, path=path,
                commit_id=pr.head_sha, original_commit_id=pr.head_sha, line=line,
                side=side if line is not None else None, start_line=start_line,
                start_side=side if start_line is not None else None,
                subject_type="line" if line is not None else "file",
            )
            f = pr.file(path)
            if f is not None and line is not None:
                row = f.parsed.find(line, side)
                if row is not None:
                    comment.position = row.position
                    comment.diff_hunk = f.parsed.diff_hunk(row)
            self.review_comments[comment.id] = comment
            self.user(user)
            return comment

    def set_permission(self, full_name: str, login: str, role: str) -> None:
        """Collaborator role: admin, maintain, write, triage, read or none."""
        assert role in ("admin", "maintain", "write", "triage", "read", "none"), role
        with self.lock:
            self.repos[full_name].collaborators[login] = role
            self.user(login)

    def ensure_label(self, repo: Repo, name: str, color: str = "ededed", description: str | None = None) -> dict:
        label = repo.labels.get(name)
        if label is None:
            label = {"id": self.next_id(), "name": name, "color": color, "description": description}
            repo.labels[name] = label
        return label

    def _take_number(self, repo: Repo, number: int | None) -> int:
        if number is None:
            number = repo.next_number
        if repo.issue_like(number) is not None:
            raise ValueError(f"{repo.full_name}#{number} already exists")
        repo.next_number = max(repo.next_number, number + 1)
        return number

    # -- apps, installations and tokens -----------------------------------------------------
    def generate_app_key(self, app_id: int | None = None) -> str:
        """Make an RSA key at run time, register its public half, return the private PEM."""
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import rsa

        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.app_public_key_pem = key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        ).decode()
        if app_id is not None:
            self.app_id = app_id
        return key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()
        ).decode()

    def add_installation(self, installation_id: int, account: str, **fields: Any) -> Installation:
        with self.lock:
            inst = Installation(id=installation_id, account=account, **fields)
            self.installations[installation_id] = inst
            self.user(account, type=inst.account_type)
            return inst

    @property
    def bot_login(self) -> str:
        return f"{self.app_slug}[bot]"

    def add_token(
        self,
        value: str | None = None,
        *,
        login: str = "octocat",
        kind: str = "user",
        read_only: bool = False,
        permissions: dict[str, str] | None = None,
        repositories: list[str] | None = None,
        installation_id: int | None = None,
        expires_in: float | None = None,
        app_id: int | None = None,
    ) -> str:
        """Register a token and return it. ``kind="user"`` is a PAT acting as ``login``;
        ``kind="installation"`` an app token (``read_only=True`` for a fork PR's GITHUB_TOKEN)."""
        with self.lock:
            if value is None:
                value = ("ghs_" if kind == "installation" else "ghp_") + secrets.token_hex(18)
            expires_at = utcnow() + timedelta(seconds=expires_in) if expires_in is not None else None
            self.tokens[value] = Token(
                value=value, kind=kind, login=login, installation_id=installation_id, permissions=permissions,
                repositories=repositories, read_only=read_only, expires_at=expires_at, app_id=app_id,
            )
            self.user(login)
            return value

    def add_actions_token(self, read_only: bool = False, repositories: list[str] | None = None) -> str:
        """A workflow ``GITHUB_TOKEN`` (``github-actions[bot]``); read-only as on fork PRs."""
        return self.add_token(kind="installation", login="github-actions[bot]", read_only=read_only,
                              repositories=repositories, app_id=15368, expires_in=6 * 3600)

    def issue_installation_token(self, installation_id: int, permissions: dict[str, str] | None = None,
                                 repositories: list[str] | None = None) -> Token:
        inst = self.installations[installation_id]
        value = "ghs_" + secrets.token_hex(18)
        token = Token(
            value=value, kind="installation", login=self.bot_login, installation_id=installation_id,
            permissions=dict(permissions or inst.permissions), repositories=repositories,
            expires_at=utcnow() + timedelta(seconds=self.token_lifetime), app_id=self.app_id,
        )
        self.tokens[value] = token
        self.user(self.bot_login)
        return token

    def installation_tokens(self, installation_id: int | None = None) -> list[Token]:
        """Tokens issued through ``POST /app/installations/{id}/access_tokens``, oldest first."""
        return [t for t in self.tokens.values() if t.installation_id is not None
                and (installation_id is None or t.installation_id == installation_id)]

    def expire_token(self, value: str) -> None:
        self.tokens[value].expires_at = datetime.now(timezone.utc) - timedelta(seconds=1)

    def revoke_token(self, value: str) -> None:
        self.tokens[value].revoked = True

    # -- faults ------------------------------------------------------------------------------
    def inject(self, method: str, path_regex: str, status: int, body: Any = None,
               headers: dict[str, str] | None = None, times: int | None = 1, delay: float = 0.0) -> Fault:
        """Answer the next ``times`` matching requests (None: all) with ``status``.

        ``method`` may be ``"*"``; ``path_regex`` is searched in the path without the
        ``/api/v3`` prefix and query (``r"/pulls/\\d+/reviews$"``). ``body`` is a dict (sent as
        JSON), a str (sent as text/html, like GitHub's 502 pages) or None (a default JSON
        message). ``headers`` override the defaults (e.g. ``{"retry-after": "1",
        "x-ratelimit-remaining": "0"}``). ``delay`` sleeps before answering. Faults are
        consumed in the order they were injected.
        """
        fault = Fault(method=method.upper(), pattern=re.compile(path_regex), status=status, body=body,
                      headers=headers, times=times, delay=delay)
        with self.lock:
            self.faults.append(fault)
        return fault

    def slow(self, method: str, path_regex: str, delay: float, times: int | None = 1) -> Fault:
        """Answer the next ``times`` matching requests as usual, ``delay`` seconds late."""
        return self.inject(method, path_regex, 0, delay=delay, times=times)

    def inject_secondary_rate_limit(self, method: str, path_regex: str, retry_after: int = 1, times: int = 1) -> Fault:
        return self.inject(method, path_regex, 403, body={
            "message": "You have exceeded a secondary rate limit and have been temporarily blocked from content "
                       "creation. Please retry your request again later.",
            "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
        }, headers={"retry-after": str(retry_after), "x-ratelimit-remaining": "0"}, times=times)

    # -- inspection ---------------------------------------------------------------------------
    def requests_to(self, method: str | None = None, path_regex: str | None = None) -> list[RecordedRequest]:
        with self.lock:
            return [r for r in self.requests if (method is None or r.method == method.upper())
                    and (path_regex is None or re.search(path_regex, r.path))]

    def review_comments_on(self, full_name: str, number: int) -> list[ReviewComment]:
        return [c for c in self.review_comments.values() if c.repo == full_name and c.pull_number == number]

    def issue_comments_on(self, full_name: str, number: int) -> list[IssueComment]:
        return [c for c in self.issue_comments.values() if c.repo == full_name and c.issue_number == number]

    def reviews_on(self, full_name: str, number: int) -> list[Review]:
        return [r for r in self.reviews.values() if r.repo == full_name and r.pull_number == number]

    def check_runs_for(self, full_name: str, head_sha: str | None = None) -> list[CheckRun]:
        return [c for c in self.check_runs.values() if c.repo == full_name and (head_sha is None or c.head_sha == head_sha)]

    # -- clients -------------------------------------------------------------------------------
    def client(self, token: str | None = None, **kwargs: Any):
        """A PyGithub ``Github`` for this stub (no pauses, no retries unless given)."""
        from github import Auth, Github

        kwargs.setdefault("seconds_between_requests", 0)
        kwargs.setdefault("seconds_between_writes", 0)
        kwargs.setdefault("retry", None)
        auth = Auth.Token(token) if token else kwargs.pop("auth", None)
        return Github(base_url=self.base_url, auth=auth, **kwargs)

    def integration(self, private_key_pem: str, **kwargs: Any):
        """A PyGithub ``GithubIntegration`` for the stub's app."""
        from github import Auth, GithubIntegration

        kwargs.setdefault("seconds_between_requests", 0)
        kwargs.setdefault("seconds_between_writes", 0)
        kwargs.setdefault("retry", None)
        return GithubIntegration(base_url=self.base_url, auth=Auth.AppAuth(self.app_id, private_key_pem), **kwargs)

    # -- request handling ------------------------------------------------------------------------
    def _dispatch(self, method: str, target: str, headers: dict[str, str], raw: bytes) -> tuple[int, list[tuple[str, str]], bytes, float]:
        """(status, headers, body bytes, delay seconds) for one request."""
        split = urllib.parse.urlsplit(target)
        full_path = split.path
        query = urllib.parse.parse_qs(split.query, keep_blank_values=True)
        lower = {k.lower(): v for k, v in headers.items()}
        host = lower.get("host") or f"{self.host}:{self.port}"
        with self.lock:
            auth_kind, credential = _parse_authorization(lower.get("authorization"))
            body: Any = None
            body_error = False
            if raw:
                try:
                    body = json.loads(raw.decode("utf-8"))
                except (ValueError, UnicodeDecodeError):
                    body, body_error = raw.decode("utf-8", "replace"), True
            path = full_path[len(API_PREFIX):] if full_path.startswith(API_PREFIX + "/") or full_path == API_PREFIX else full_path
            record = RecordedRequest(method=method, path=path or "/", query=query, auth=auth_kind, credential=credential,
                                     headers=lower, body=body)
            self.requests.append(record)
            request_id = f"{next(self._request_ids):04X}:{secrets.token_hex(3).upper()}:{secrets.token_hex(4).upper()}"
            resource = "search" if path.startswith("/search/") else "core"
            bucket = self._bucket(resource)
            counted = path != "/rate_limit"
            exhausted = counted and bucket["remaining"] <= 0
            if counted and not exhausted:
                bucket["remaining"] -= 1
                bucket["used"] += 1

            def finish(status: int, payload: Any, extra: dict[str, str] | None = None, delay: float = 0.0):
                record.status = status
                out = {
                    "Content-Type": "application/json; charset=utf-8",
                    "X-GitHub-Media-Type": "github.v3; format=json",
                    "X-GitHub-Api-Version-Selected": "2022-11-28",
                    "X-RateLimit-Limit": str(bucket["limit"]),
                    "X-RateLimit-Remaining": str(bucket["remaining"]),
                    "X-RateLimit-Reset": str(bucket["reset"]),
                    "X-RateLimit-Used": str(bucket["used"]),
                    "X-RateLimit-Resource": resource,
                    "X-GitHub-Request-Id": request_id,
                }
                if isinstance(payload, (bytes, str)):
                    data = payload.encode("utf-8") if isinstance(payload, str) else payload
                    out["Content-Type"] = "text/html; charset=utf-8"
                elif payload is None:
                    data = b""
                else:
                    data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
                for key, value in (extra or {}).items():
                    # Override case-insensitively.
                    for existing in [k for k in out if k.lower() == key.lower()]:
                        del out[existing]
                    out[key] = str(value)
                return status, list(out.items()), data, delay

            # Injected faults come first, as a flaky proxy in front of GitHub would.
            fault = self._take_fault(method, path)
            if fault is not None and fault.status == 0:
                # `slow()`: GitHub answers as usual, only late.
                self._slow.delay = fault.delay
                fault = None
            if fault is not None:
                record.fault = True
                payload = fault.body
                if payload is None:
                    payload = _error_body(fault.status, _reason(fault.status))
                return finish(fault.status, payload, fault.headers, fault.delay)

            if not full_path.startswith(API_PREFIX + "/") and full_path != API_PREFIX:
                return finish(404, _error_body(404, "Not Found"))
            if body_error:
                return finish(400, _error_body(400, "Problems parsing JSON"))
            if exhausted:
                who = "your IP address"
                if auth_kind == "token" and credential in self.tokens:
                    tok = self.tokens[credential]
                    who = f"installation ID {tok.installation_id}" if tok.installation_id else f"user ID {self.user(tok.login).id}"
                return finish(403, _error_body(403, f"API rate limit exceeded for {who}.",
                                               doc="https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"))

            ctx = routes.Context(self, method, path, query, body, record, host, auth_kind, credential)
            try:
                ctx.authenticate()
                handler, params = routes.match(method, path)
                if handler is None:
                    raise routes.ApiError(404, "Not Found")
                ctx.params = params
                if method in ("POST", "PATCH", "PUT", "DELETE"):
                    self._secondary_limit(path)
                result = handler(ctx)
            except routes.ApiError as err:
                return finish(err.status, err.payload(), err.headers)
            status, payload, extra = result
            return finish(status, payload, extra)

    def _bucket(self, resource: str) -> dict[str, int]:
        bucket = self.rate[resource]
        now = time.time()
        if now >= bucket["reset"]:
            bucket["remaining"] = bucket["limit"]
            bucket["used"] = 0
            bucket["reset"] = int(now) + bucket.get("window", 3600)
        return bucket

    def _take_fault(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.method not in ("*", method):
                continue
            if not fault.pattern.search(path) and not fault.pattern.search(API_PREFIX + path):
                continue
            fault.hits += 1
            if fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    self.faults.remove(fault)
            return fault
        return None

    def _secondary_limit(self, path: str) -> None:
        if self.secondary_limit_per_minute is None:
            return
        now = time.time()
        self._writes = [t for t in self._writes if now - t < 60]
        if len(self._writes) >= self.secondary_limit_per_minute:
            raise routes.ApiError(403, "You have exceeded a secondary rate limit and have been temporarily blocked "
                                       "from content creation. Please retry your request again later.",
                                  headers={"retry-after": "60"},
                                  doc="https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits")
        self._writes.append(now)


def _parse_authorization(value: str | None) -> tuple[str, str | None]:
    if not value:
        return "none", None
    scheme, _, credential = value.strip().partition(" ")
    scheme = scheme.lower()
    credential = credential.strip()
    if scheme == "basic":
        return "basic", credential
    if scheme in ("token", "bearer"):
        if credential.count(".") == 2 and not credential.startswith(("ghs_", "ghp_", "gho_", "ghu_", "github_pat_")):
            return "jwt", credential
        return "token", credential
    return "token", value.strip()


def _reason(status: int) -> str:
    if status >= 500:
        return "Server Error"
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def _error_body(status: int, message: str, doc: str = DOCS, errors: Any = None) -> dict:
    body: dict[str, Any] = {"message": message}
    if errors is not None:
        body["errors"] = errors
    body["documentation_url"] = doc
    body["status"] = str(status)
    return body


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # one buffered write per response, sent at once
    wbufsize = 64 * 1024
    server_version = "GitHub.com"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def setup(self) -> None:
        super().setup()
        self.server.connections.add(self.connection)  # type: ignore[attr-defined]

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.server.connections.discard(self.connection)  # type: ignore[attr-defined]

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _handle(self) -> None:
        stub: GitHubStub = self.server.stub  # type: ignore[attr-defined]
        raw = self._read_body()
        stub._slow.delay = 0.0
        status, headers, data, delay = stub._dispatch(self.command, self.path, dict(self.headers.items()), raw)
        delay += stub._slow.delay
        if delay:
            time.sleep(delay)
        self.send_response(status)
        for key, value in headers:
            self.send_header(key, value)
        if status not in (204, 304):
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD" and status not in (204, 304) and data:
            self.wfile.write(data)

    do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = do_HEAD = _handle
