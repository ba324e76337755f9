"""ghstub: a local stand-in for GitHub's REST API, for driving drift's GitHub code with real PyGithub.

Standard library HTTP server (``ThreadingHTTPServer``) plus ``pyjwt`` to verify App JWTs. It answers
GitHub Enterprise-style URLs, ``http://127.0.0.1:PORT/api/v3/...``, with GitHub's JSON field names,
status codes, error bodies, rate-limit headers and ``Link`` pagination.

Using it
--------
As a pytest fixture (fresh state per test, started on 127.0.0.1 port 0, stopped afterwards)::

    pytest_plugins = ["tests.ghstub.conftest_plugin"]

    def test_something(github_stub):
        ...

Or directly::

    from tests.ghstub import GitHubStub, file_entry

    with GitHubStub() as stub:          # .start() / .stop() also work
        ...

Seeding state (all plain dataclasses in ``tests/ghstub/state.py``; mutate them freely)::

    repo = stub.add_repo("octo/docs", default_branch="main", clone_url=str(local_git_dir))
    pr = stub.add_pull("octo/docs", title="Fix docs", user="alice", head_sha=sha, base_sha=base,
                       head_repo="alice/docs",            # a fork; omit for a same-repo branch
                       files=[file_entry("README.md", old_text, new_text),      # patch from two texts
                              {"filename": "a.py", "status": "modified", "patch": "@@ -1 +1 @@\\n-a\\n+b"}])
    # or files=files_from_git(repo_dir, base_sha, head_sha)   (real `git diff -M`)
    stub.add_issue("octo/docs", "Docs drift report", body="<!-- drift-report -->", labels=["docs"])
    stub.add_issue_comment("octo/docs", pr.number, "earlier comment", user="drift-docs[bot]")
    stub.set_permission("octo/docs", "alice", "maintain")

Credentials::

    token = stub.add_token(login="alice")                       # a PAT: full access
    ro = stub.add_actions_token(read_only=True)                 # fork-PR GITHUB_TOKEN: writes -> 403
    gh = stub.client(token)                                     # PyGithub Github, no pauses/retries

    pem = stub.generate_app_key()                               # RSA key made now; public half registered
    stub.add_installation(42, "octo")                           # covers every octo/* repo
    gi = stub.integration(pem)                                  # GithubIntegration(base_url=stub.base_url, ...)
    gi.get_access_token(42).token                               # "ghs_..."; stub.installation_tokens(42)
    Github(base_url=stub.base_url, auth=Auth.AppInstallationAuth(Auth.AppAuth(stub.app_id, pem), 42), ...)

Inspecting: ``stub.requests`` (method, path without /api/v3, query, auth kind, credential, lower-cased
headers, parsed body, status), ``stub.requests_to("POST", r"/reviews$")``, ``stub.review_comments``,
``stub.reviews``, ``stub.issue_comments``, ``stub.reactions``, ``stub.check_runs`` (dicts by id; each
``CheckRun.annotations`` holds every annotation received, ``annotation_batches`` the per-request counts),
``repo.pulls`` / ``repo.issues``, and helpers ``review_comments_on(repo, n)``, ``issue_comments_on``,
``reviews_on``, ``check_runs_for``.

Faults: ``stub.inject("POST", r"/pulls/\\d+/reviews$", 502, times=1)``, ``stub.inject_secondary_rate_limit(...)``,
``stub.inject("*", r"^/repos/", 429, headers={"retry-after": "1"})``; faults are consumed in order and come
before authentication. Switches: ``stub.allow_anonymous_reads``, ``stub.search_lag`` (seconds before new
issues are searchable, as GitHub's index lags), ``stub.secondary_limit_per_minute``, ``stub.token_lifetime``,
``stub.rate["core"]["remaining"]`` (0 -> 403 "API rate limit exceeded").

Choices where GitHub's behaviour depends on things the stub does not model:

* ``GET .../collaborators/{user}/permission`` never 404s: users without a role get ``read`` on a public
  repository and ``none`` on a private one. As on GitHub, the legacy ``permission`` field collapses roles
  (maintain -> ``write``, triage -> ``read``); ``role_name`` carries the exact role.
* No ``Authorization`` header -> 401 "Requires authentication" (unless ``allow_anonymous_reads`` for GETs on
  public repositories); an unknown, revoked or expired token -> 401 "Bad credentials".
* An App JWT used on a repository endpoint -> 403 "Resource not accessible by integration"; a token used on an
  ``/app`` endpoint -> 401 "A JSON web token could not be decoded".
* Check runs can only be written with installation tokens (a PAT gets 403 "You must authenticate via a GitHub
  App."), and only by the app that created them.
* Commits are known only if seeded: PR head/base shas and ``pr.commits``, ``repo.commits``, ``repo.branches``.
* ``/search/*`` answers carry ``X-RateLimit-Resource: search`` and count against a separate 30-request bucket,
  as on GitHub; everything else is ``core``. ``/rate_limit`` does not count.

Validation, with GitHub's messages where they are known:

* Review anchors are resolved against each PR file's ``patch`` (see ``patch.py``). One bad comment rejects the
  whole review (422 ``Unprocessable Entity``, nothing stored): ``"Path could not be resolved"`` (file not in the
  PR), ``"Line could not be resolved"`` (line or start_line outside the hunks on that side, start_line in another
  hunk, a file without a patch, a bad position), ``"Pull request review thread start line must precede the end
  line."``. Single comments (``POST .../pulls/{n}/comments``) answer 422 ``Validation Failed`` with
  ``pull_request_review_thread.line must be part of the diff`` and friends.
* Reviews: one PENDING review per user, no approving or requesting changes on one's own PR, commit_id must be a
  PR commit, COMMENT/REQUEST_CHANGES need a body or comments.
* Check runs: >50 annotations (or images) -> 422 ``Invalid request.\\n\\nNo more than 50 items are allowed; N were
  supplied.``; ``output.summary``/``output.text`` > 65,535 chars -> ``Only 65535 characters are allowed; N were
  supplied.``; missing output title/summary and annotation fields -> ``"x", "y" weren't supplied.``; status and
  conclusion values. Annotations accumulate across requests.
* Comment and issue bodies over 65,536 characters, missing issue titles, reaction contents.
"""

from .patch import Patch, file_entry, files_from_git, make_patch
from .server import GitHubStub
from .state import (
    CheckRun,
    Installation,
    Issue,
    IssueComment,
    PullFile,
    PullRequest,
    Reaction,
    Repo,
    Review,
    ReviewComment,
    Token,
)

__all__ = [
    "GitHubStub",
    "Patch",
    "make_patch",
    "file_entry",
    "files_from_git",
    "CheckRun",
    "Installation",
    "Issue",
    "IssueComment",
    "PullFile",
    "PullRequest",
    "Reaction",
    "Repo",
    "Review",
    "ReviewComment",
    "Token",
]
