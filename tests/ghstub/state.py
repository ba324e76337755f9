"""The stub's state: plain dataclasses that tests seed and inspect directly.

Everything a request creates lands here too, so a test can assert on it without another
request: ``stub.review_comments``, ``stub.reviews``, ``stub.issue_comments``,
``stub.reactions``, ``stub.check_runs`` (dicts by id), ``repo.pulls`` / ``repo.issues``
(dicts by number), ``stub.tokens`` (by token string).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from .patch import Patch

READ, WRITE, ADMIN = "read", "write", "admin"
LEVELS = {"none": 0, READ: 1, WRITE: 2, ADMIN: 3}

DEFAULT_INSTALLATION_PERMISSIONS = {
    "metadata": READ,
    "contents": READ,
    "pull_requests": WRITE,
    "issues": WRITE,
    "checks": WRITE,
}


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def iso(dt: datetime | None) -> str | None:
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if dt else None


def fake_sha(*parts: Any) -> str:
    return hashlib.sha1("\0".join(map(str, parts)).encode()).hexdigest()


@dataclass
class User:
    login: str
    id: int
    type: str = "User"  # "User", "Bot" or "Organization"
    name: str | None = None
    email: str | None = None


@dataclass
class PullFile:
    filename: str
    status: str = "modified"  # added removed modified renamed copied changed unchanged
    patch: str | None = None  # None: GitHub sent no patch (binary or too large)
    additions: int | None = None
    deletions: int | None = None
    changes: int | None = None
    previous_filename: str | None = None
    sha: str | None = None

    def __post_init__(self) -> None:
        parsed = self.parsed  # fails early on a malformed patch
        if self.additions is None:
            self.additions = parsed.additions
        if self.deletions is None:
            self.deletions = parsed.deletions
        if self.changes is None:
            self.changes = self.additions + self.deletions
        if self.sha is None:
            self.sha = fake_sha("blob", self.filename, self.patch)

    @property
    def parsed(self) -> Patch:
        cached = self.__dict__.get("_parsed")
        if cached is None or cached.text != (self.patch or ""):
            cached = Patch(self.patch)
            self.__dict__["_parsed"] = cached
        return cached


_SAME = object()


@dataclass
class PullRequest:
    number: int
    repo: str  # base repository full_name
    title: str = "A pull request"
    body: str | None = ""
    user: str = "contributor"
    state: str = "open"
    draft: bool = False
    merged: bool = False
    head_ref: str = "feature"
    head_sha: str = ""
    base_ref: str = "main"
    base_sha: str = ""
    head_repo: Any = _SAME  # full_name of the head repository; None: deleted fork
    files: list[PullFile] = field(default_factory=list)
    commits: list[str] = field(default_factory=list)  # shas; the head sha is always included
    labels: list[str] = field(default_factory=list)
    assignees: list[str] = field(default_factory=list)
    locked: bool = False
    id: int = 0
    issue_id: int = 0
    created_at: datetime = field(default_factory=utcnow)
    updated_at: datetime = field(default_factory=utcnow)
    closed_at: datetime | None = None
    merged_at: datetime | None = None

    def __post_init__(self) -> None:
        if self.head_repo is _SAME:
            self.head_repo = self.repo
        if not self.head_sha:
            self.head_sha = fake_sha("head", self.repo, self.number)
        if not self.base_sha:
            self.base_sha = fake_sha("base", self.repo, self.number)
        self.files = [f if isinstance(f, PullFile) else PullFile(**f) for f in self.files]
        if self.head_sha not in self.commits:
            self.commits.append(self.head_sha)

    @property
    def is_fork(self) -> bool:
        return self.head_repo != self.repo

    def file(self, path: str) -> PullFile | None:
        return next((f for f in self.files if f.filename == path), None)


@dataclass
class Issue:
    number: int
    repo: str
    title: str
    body: str | None = ""
    user: str = "octocat"
    state: str = "open"
    state_reason: str | None = None
    labels: list[str] = field(default_factory=list)
    assignees: list[str] = field(default_factory=list)
    locked: bool = False
    id: int = 0
    created_at: datetime = field(default_factory=utcnow)
    updated_at: datetime = field(default_factory=utcnow)
    closed_at: datetime | None = None


@dataclass
class Repo:
    owner: str
    name: str
    id: int = 0
    default_branch: str = "main"
    clone_url: str | None = None  # tests may point this at a local path
    private: bool = False
    owner_type: str = "User"
    description: str | None = ""
    fork: bool = False
    archived: bool = False
    collaborators: dict[str, str] = field(default_factory=dict)  # login -> role
    labels: dict[str, dict] = field(default_factory=dict)  # name -> {id, name, color, description}
    pulls: dict[int, PullRequest] = field(default_factory=dict)
    issues: dict[int, Issue] = field(default_factory=dict)
    commits: set[str] = field(default_factory=set)  # extra known commit shas
    branches: dict[str, str] = field(default_factory=dict)  # ref -> sha
    next_number: int = 1
    created_at: datetime = field(default_factory=utcnow)

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"

    def issue_like(self, number: int) -> Issue | PullRequest | None:
        return self.issues.get(number) or self.pulls.get(number)

    def resolve_commit(self, ref: str) -> str | None:
        """A commit sha for a sha or ref this repository knows, else None."""
        known = set(self.commits) | set(self.branches.values())
        for pr in self.pulls.values():
            known.update(pr.commits)
            known.update((pr.head_sha, pr.base_sha))
        if ref in known:
            return ref
        if len(ref) >= 7:
            hits = [sha for sha in known if sha.startswith(ref)]
            if len(hits) == 1:
                return hits[0]
        if ref in self.branches:
            return self.branches[ref]
        for pr in self.pulls.values():
            if pr.head_ref == ref and pr.head_repo == self.full_name:
                return pr.head_sha
            if pr.base_ref == ref:
                return pr.base_sha
        return None


@dataclass
class Review:
    id: int
    repo: str
    pull_number: int
    user: str
    body: str
    state: str  # PENDING APPROVED CHANGES_REQUESTED COMMENTED DISMISSED
    commit_id: str
    created_at: datetime = field(default_factory=utcnow)
    submitted_at: datetime | None = None


@dataclass
class ReviewComment:
    id: int
    repo: str
    pull_number: int
    user: str
    body: str
    path: str
    commit_id: str
    review_id: int | None = None
    line: int | None = None
    side: str | None = None
    start_line: int | None = None
    start_side: str | None = None
    position: int | None = None
    subject_type: str = "line"
    in_reply_to_id: int | None = None
    diff_hunk: str = ""
    original_commit_id: str | None = None
    created_at: datetime = field(default_factory=utcnow)
    updated_at: datetime = field(default_factory=utcnow)


@dataclass
class IssueComment:
    id: int
    repo: str
    issue_number: int
    user: str
    body: str
    created_at: datetime = field(default_factory=utcnow)
    updated_at: datetime = field(default_factory=utcnow)


@dataclass
class Reaction:
    id: int
    user: str
    content: str
    subject: str  # "issue_comment" or "review_comment"
    subject_id: int
    created_at: datetime = field(default_factory=utcnow)


@dataclass
class CheckRun:
    id: int
    repo: str
    name: str
    head_sha: str
    app_id: int
    status: str = "queued"
    conclusion: str | None = None
    started_at: datetime | None = None
    completed_at: datetime | None = None
    details_url: str | None = None
    external_id: str | None = None
    output: dict = field(default_factory=lambda: {"title": None, "summary": None, "text": None})
    annotations: list[dict] = field(default_factory=list)  # every annotation received, in order
    annotation_batches: list[int] = field(default_factory=list)  # annotations per request
    actions: list[dict] = field(default_factory=list)
    check_suite_id: int = 0


@dataclass
class Installation:
    id: int
    account: str
    account_type: str = "Organization"
    repositories: list[str] | None = None  # full names; None: every repository of the account
    permissions: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_INSTALLATION_PERMISSIONS))
    events: list[str] = field(default_factory=lambda: ["pull_request", "issue_comment", "check_run"])
    created_at: datetime = field(default_factory=utcnow)

    def covers(self, full_name: str) -> bool:
        if self.repositories is not None:
            return full_name in self.repositories
        return full_name.split("/", 1)[0].lower() == self.account.lower()


@dataclass
class Token:
    value: str
    kind: str  # "installation" (ghs_ tokens, incl. an Actions GITHUB_TOKEN) or "user" (PATs)
    login: str  # who the token acts as
    installation_id: int | None = None
    permissions: dict[str, str] | None = None  # None: write on everything
    repositories: list[str] | None = None  # None: no restriction beyond the installation's
    read_only: bool = False  # like a fork PR's workflow token: every write answers 403
    expires_at: datetime | None = None
    revoked: bool = False
    app_id: int | None = None
    created_at: datetime = field(default_factory=utcnow)

    @property
    def expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= datetime.now(timezone.utc)

    def level(self, category: str) -> int:
        if self.permissions is None:
            granted = WRITE
        else:
            granted = self.permissions.get(category, "none")
            if category == "metadata" and any(LEVELS.get(v, 0) for v in self.permissions.values()):
                granted = max(granted, READ, key=lambda v: LEVELS.get(v, 0))
        level = LEVELS.get(granted, 0)
        return min(level, LEVELS[READ]) if self.read_only else level


@dataclass
class RecordedRequest:
    method: str
    path: str  # without the /api/v3 prefix and query string
    query: dict[str, list[str]]
    auth: str  # "none", "token", "jwt", "basic"
    credential: str | None  # the token or JWT sent
    headers: dict[str, str]  # lower-cased names
    body: Any
    status: int | None = None
    fault: bool = False
    time: datetime = field(default_factory=utcnow)

    @property
    def token(self) -> str | None:
        return self.credential if self.auth == "token" else None


@dataclass
class Fault:
    method: str
    pattern: Any  # compiled regex
    status: int
    body: Any = None
    headers: dict[str, str] | None = None
    times: int | None = 1  # None: forever
    delay: float = 0.0
    hits: int = 0


def expires_in(seconds: float) -> datetime:
    return utcnow() + timedelta(seconds=seconds)
