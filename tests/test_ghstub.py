"""The GitHub stand-in (tests/ghstub) driven by real PyGithub over HTTP."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from github import Auth, Github, GithubException
from github.GithubException import BadCredentialsException, RateLimitExceededException, UnknownObjectException
from urllib3.util.retry import Retry

from tests.ghstub import GitHubStub, Patch, file_entry, files_from_git, make_patch

pytest_plugins = ["tests.ghstub.conftest_plugin"]

REPO = "octo/docs"

OLD_GUIDE = "".join(f"line {n}\n" for n in range(1, 31))
NEW_GUIDE = (
    OLD_GUIDE.replace("line 5\n", "line five\n")
    .replace("line 6\n", "line six\nline six and a half\n")
    .replace("line 25\n", "")
)


def _key_pair() -> tuple[str, str]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
    public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo).decode()
    return private, public


@pytest.fixture(scope="module")
def app_key() -> tuple[str, str]:
    return _key_pair()


@pytest.fixture
def stub(github_stub: GitHubStub) -> GitHubStub:
    github_stub.add_repo(REPO, default_branch="main", clone_url="/tmp/not-a-real-clone")
    return github_stub


@pytest.fixture
def token(stub: GitHubStub) -> str:
    return stub.add_token(login="drift-user")


@pytest.fixture
def gh(stub: GitHubStub, token: str) -> Github:
    return stub.client(token)


@pytest.fixture
def pr(stub: GitHubStub):
    return stub.add_pull(REPO, title="Update guide", user="alice",
                         files=[file_entry("docs/guide.md", OLD_GUIDE, NEW_GUIDE),
                                file_entry("docs/new.md", None, "one\ntwo\n"),
                                file_entry("docs/old.md", "gone\n", None),
                                {"filename": "logo.png", "status": "added", "patch": None}])


# -- basic shapes ---------------------------------------------------------------------------------

def test_repo_and_pull_shapes(stub, gh, pr):
    repo = gh.get_repo(REPO)
    assert (repo.full_name, repo.default_branch, repo.clone_url) == (REPO, "main", "/tmp/not-a-real-clone")
    assert repo.owner.login == "octo"
    pull = repo.get_pull(pr.number)
    assert pull.number == pr.number and pull.state == "open" and pull.user.login == "alice"
    assert pull.head.sha == pr.head_sha and pull.base.sha == pr.base_sha
    assert pull.head.repo.full_name == REPO and pull.base.repo.full_name == REPO
    assert pull.created_at.tzinfo is not None
    assert pull.changed_files == 4
    files = {f.filename: f for f in pull.get_files()}
    guide = files["docs/guide.md"]
    assert guide.status == "modified" and guide.patch.startswith("@@ -")
    assert (guide.additions, guide.deletions, guide.changes) == (3, 3, 6)
    assert files["docs/new.md"].status == "added" and files["docs/old.md"].status == "removed"
    assert files["logo.png"].patch is None
    # Lazy sub-objects complete through the URLs the stub hands out.
    assert pull.user.type == "User"


def test_fork_pull_request_head_repo(stub, gh):
    pull = stub.add_pull(REPO, head_repo="mallory/docs", head_ref="patch-1", files=[file_entry("a.md", "a\n", "b\n")])
    got = gh.get_repo(REPO).get_pull(pull.number)
    assert got.head.repo.full_name == "mallory/docs" and got.head.repo.fork is True
    assert got.base.repo.full_name == REPO and got.head.label == "mallory:patch-1"


def test_every_response_carries_github_headers(stub, token):
    request = urllib.request.Request(stub.base_url + f"/repos/{REPO}", headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request) as first:
        assert first.headers["Content-Type"] == "application/json; charset=utf-8"
        remaining = int(first.headers["X-RateLimit-Remaining"])
        for name in ("X-RateLimit-Limit", "X-RateLimit-Reset", "X-RateLimit-Used", "X-GitHub-Request-Id"):
            assert first.headers[name]
        assert first.headers["X-RateLimit-Resource"] == "core"
    with urllib.request.urlopen(request) as second:
        assert int(second.headers["X-RateLimit-Remaining"]) == remaining - 1
        assert second.headers["X-GitHub-Request-Id"] != first.headers["X-GitHub-Request-Id"]


def test_rate_limit_endpoint_and_exhaustion(stub, gh):
    overview = gh.get_rate_limit()
    assert overview.resources.core.limit == 5000
    stub.rate["core"]["remaining"] = 1
    gh.get_repo(REPO)
    with pytest.raises(RateLimitExceededException) as info:
        gh.get_repo(REPO)
    assert info.value.status == 403 and info.value.headers["x-ratelimit-remaining"] == "0"


# -- pagination -------------------------------------------------------------------------------------

def test_pull_files_paginate_over_three_pages(stub, gh):
    files = [file_entry(f"docs/page{n:02}.md", "old\n", "new\n") for n in range(75)]
    pull = stub.add_pull(REPO, files=files)
    got = [f.filename for f in gh.get_repo(REPO).get_pull(pull.number).get_files()]
    assert got == [f"docs/page{n:02}.md" for n in range(75)]
    pages = stub.requests_to("GET", rf"/pulls/{pull.number}/files$")
    assert [r.query.get("page", ["1"])[0] for r in pages] == ["1", "2", "3"]


def test_link_header_keeps_host_port_and_prefix(stub, token):
    pull = stub.add_pull(REPO, files=[file_entry(f"f{n}.md", "a\n", "b\n") for n in range(7)])
    url = stub.base_url + f"/repos/{REPO}/pulls/{pull.number}/files?per_page=3&page=2"
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": f"token {token}"})) as resp:
        links = dict(reversed(part.split("; ")) for part in resp.headers["Link"].split(", "))
        assert len(json.loads(resp.read())) == 3
    prefix = f"<http://127.0.0.1:{stub.port}/api/v3/repos/{REPO}/pulls/{pull.number}/files?per_page=3&page="
    assert links == {'rel="prev"': prefix + "1>", 'rel="next"': prefix + "3>",
                     'rel="last"': prefix + "3>", 'rel="first"': prefix + "1>"}


def test_per_page_is_capped_at_100(stub, token, pr):
    for n in range(130):
        stub.add_issue_comment(REPO, pr.number, f"c{n}")
    gh = stub.client(token, per_page=500)
    assert len(list(gh.get_repo(REPO).get_pull(pr.number).get_issue_comments())) == 130
    assert len(stub.requests_to("GET", r"/issues/\d+/comments$")) == 2


def test_issue_comments_paginate_and_total_count(stub, token, pr):
    for n in range(65):
        stub.add_issue_comment(REPO, pr.number, f"comment {n}", user="bob")
    pull = stub.client(token, per_page=25).get_repo(REPO).get_pull(pr.number)
    comments = pull.get_issue_comments()
    assert [c.body for c in comments] == [f"comment {n}" for n in range(65)]
    assert len(stub.requests_to("GET", r"/issues/\d+/comments$")) == 3
    assert comments.totalCount == 65
    assert comments.reversed[0].body == "comment 64"


# -- reviews ------------------------------------------------------------------------------------------

def test_patch_anchor_model():
    patch = Patch(make_patch(OLD_GUIDE, NEW_GUIDE))
    assert len(patch.hunks) == 2
    assert patch.find(5, "RIGHT").kind == "+" and patch.find(5, "LEFT").kind == "-"
    assert patch.find(2, "RIGHT").kind == " " and patch.find(1, "RIGHT") is None
    assert patch.find(25, "LEFT").kind == "-" and patch.find(15, "RIGHT") is None
    assert patch.hunks[1].position == len(patch.hunks[0].lines) + 1
    assert patch.at_position(0) is None and patch.at_position(1).text == "line 2"


def test_review_with_single_and_multi_line_suggestions(stub, gh, pr):
    pull = gh.get_repo(REPO).get_pull(pr.number)
    commit = gh.get_repo(REPO).get_commit(pr.head_sha)
    review = pull.create_review(commit=commit, body="drift found 2 stale references", event="COMMENT", comments=[
        {"path": "docs/guide.md", "line": 5, "side": "RIGHT", "body": "```suggestion\nline 5\n```"},
        {"path": "docs/guide.md", "start_line": 6, "start_side": "RIGHT", "line": 7, "side": "RIGHT",
         "body": "```suggestion\nline 6\n```"},
        {"path": "docs/guide.md", "line": 25, "side": "LEFT", "body": "why remove this?"},
        {"path": "docs/new.md", "line": 1, "body": "new file"},
    ])
    assert review.state == "COMMENTED" and review.commit_id == pr.head_sha
    assert review.user.login == "drift-user"
    stored = sorted(stub.review_comments_on(REPO, pr.number), key=lambda c: c.id)
    assert [(c.path, c.start_line, c.line, c.side) for c in stored] == [
        ("docs/guide.md", None, 5, "RIGHT"), ("docs/guide.md", 6, 7, "RIGHT"),
        ("docs/guide.md", None, 25, "LEFT"), ("docs/new.md", None, 1, "RIGHT")]
    assert all(c.review_id == review.id for c in stored)
    listed = list(pull.get_review_comments())
    assert [(c.line, c.start_line, c.side) for c in listed] == [(5, None, "RIGHT"), (7, 6, "RIGHT"),
                                                                (25, None, "LEFT"), (1, None, "RIGHT")]
    assert listed[1].diff_hunk.startswith("@@ ") and listed[1].diff_hunk.endswith("+line six and a half")
    assert [r.id for r in pull.get_reviews()] == [review.id]


def test_review_legacy_position(stub, gh, pr):
    pull = gh.get_repo(REPO).get_pull(pr.number)
    pull.create_review(body="", event="COMMENT", comments=[{"path": "docs/guide.md", "position": 4, "body": "here"}])
    (comment,) = stub.review_comments_on(REPO, pr.number)
    assert (comment.line, comment.side, comment.position) == (5, "LEFT", 4)


@pytest.mark.parametrize("bad, error", [
    ({"path": "docs/guide.md", "line": 15, "side": "RIGHT"}, "Line could not be resolved"),  # between hunks
    ({"path": "docs/guide.md", "line": 29, "side": "LEFT"}, "Line could not be resolved"),  # old side, off the hunk
    ({"path": "docs/guide.md", "line": 2, "start_line": 2}, "Pull request review thread start line must precede the end line."),
    ({"path": "docs/guide.md", "line": 26, "start_line": 7}, "Line could not be resolved"),  # two hunks
    ({"path": "README.md", "line": 1}, "Path could not be resolved"),  # not in the PR
    ({"path": "logo.png", "line": 1}, "Line could not be resolved"),  # no patch
    ({"path": "docs/guide.md", "position": 99}, "Line could not be resolved"),
])
def test_review_with_one_bad_anchor_is_rejected_whole(stub, gh, pr, bad, error):
    pull = gh.get_repo(REPO).get_pull(pr.number)
    good = {"path": "docs/guide.md", "line": 5, "side": "RIGHT", "body": "fine"}
    with pytest.raises(GithubException) as info:
        pull.create_review(body="two comments", event="COMMENT", comments=[good, {**bad, "body": "bad"}])
    assert info.value.status == 422
    assert info.value.data["message"] == "Unprocessable Entity"
    assert info.value.data["errors"] == [error]
    assert stub.review_comments == {} and stub.reviews == {}
    assert list(pull.get_reviews()) == []


def test_pending_review_limits(stub, gh, pr):
    pull = gh.get_repo(REPO).get_pull(pr.number)
    pending = pull.create_review(body="draft")
    assert pending.state == "PENDING"
    with pytest.raises(GithubException) as info:
        pull.create_review(body="another draft")
    assert info.value.data["errors"] == ["User can only have one pending review per pull request"]
    with pytest.raises(GithubException):
        pull.create_review(commit=gh.get_repo(REPO).get_commit(pr.base_sha), body="x", event="COMMENT")


def test_author_cannot_approve_own_pull_request(stub, pr):
    pull = stub.client(stub.add_token(login="alice")).get_repo(REPO).get_pull(pr.number)
    with pytest.raises(GithubException) as info:
        pull.create_review(body="lgtm", event="APPROVE")
    assert info.value.data["errors"] == ["Review Can not approve your own pull request"]


def test_pull_diff_media_type_and_head(stub, token, pr):
    url = stub.base_url + f"/repos/{REPO}/pulls/{pr.number}"
    headers = {"Authorization": f"token {token}", "Accept": "application/vnd.github.diff"}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as resp:
        text = resp.read().decode()
    assert resp.headers["Content-Type"].startswith("text/plain")
    assert "diff --git a/docs/guide.md b/docs/guide.md\n--- a/docs/guide.md\n+++ b/docs/guide.md\n@@ -2,8" in text
    assert "--- /dev/null\n+++ b/docs/new.md" in text and "Binary files a/logo.png" in text
    with urllib.request.urlopen(urllib.request.Request(url, method="HEAD", headers={"Authorization": f"token {token}"})) as resp:
        assert resp.status == 200 and resp.read() == b""


def test_single_review_comments_replies_and_file_level(stub, gh, pr):
    pull = gh.get_repo(REPO).get_pull(pr.number)
    first = pull.create_review_comment("stale flag", pr.head_sha, "docs/guide.md", line=5, side="RIGHT")
    assert first.line == 5 and first.pull_request_review_id in stub.reviews
    reply = pull.create_review_comment("and another", pr.head_sha, "docs/guide.md", in_reply_to=first.id)
    assert reply.in_reply_to_id == first.id and reply.line == 5
    reply2 = pull.create_review_comment_reply(first.id, "third")
    assert reply2.in_reply_to_id == first.id
    whole = pull.create_review_comment("file-level note", pr.head_sha, "docs/new.md", subject_type="file")
    assert whole.subject_type == "file" and whole.line is None
    with pytest.raises(GithubException) as info:
        pull.create_review_comment("off the diff", pr.head_sha, "docs/guide.md", line=15)
    assert info.value.status == 422 and info.value.data["message"] == "Validation Failed"
    assert info.value.data["errors"][0]["field"] == "pull_request_review_thread.line"
    assert len(stub.review_comments_on(REPO, pr.number)) == 4


def test_review_comment_edit_and_delete(stub, gh, pr):
    pull = gh.get_repo(REPO).get_pull(pr.number)
    comment = pull.create_review_comment("v1", pr.head_sha, "docs/guide.md", line=5)
    comment.edit("v2")
    assert comment.body == "v2" and stub.review_comments[comment.id].body == "v2"
    comment.delete()
    assert comment.id not in stub.review_comments
    assert stub.requests[-1].status == 204
    with pytest.raises(UnknownObjectException):
        pull.get_review_comment(comment.id)


# -- issue comments and reactions ---------------------------------------------------------------------

def test_issue_comment_edit_delete_and_reaction(stub, gh, pr):
    pull = gh.get_repo(REPO).get_pull(pr.number)
    comment = pull.create_issue_comment("<!-- drift -->\nfirst report")
    assert comment.user.login == "drift-user" and comment.html_url.endswith(f"#issuecomment-{comment.id}")
    comment.edit("<!-- drift -->\nsecond report")
    assert stub.issue_comments[comment.id].body.endswith("second report")
    reaction = comment.create_reaction("rocket")
    assert reaction.content == "rocket" and stub.requests[-1].status == 201
    again = comment.create_reaction("rocket")
    assert again.id == reaction.id and stub.requests[-1].status == 200
    with pytest.raises(GithubException) as info:
        comment.create_reaction("party")
    assert info.value.status == 422
    assert [r.content for r in comment.get_reactions()] == ["rocket"]
    assert pull.get_issue_comment(comment.id).body.endswith("second report")
    comment.delete()
    assert stub.issue_comments == {} and stub.reactions == {}


def test_comment_body_limit(stub, gh, pr):
    pull = gh.get_repo(REPO).get_pull(pr.number)
    with pytest.raises(GithubException) as info:
        pull.create_issue_comment("x" * 65537)
    assert info.value.status == 422 and "too long" in info.value.data["errors"][0]["message"]


# -- check runs --------------------------------------------------------------------------------------

def _annotations(n: int, start: int = 0) -> list[dict]:
    return [{"path": "docs/guide.md", "start_line": i + 1, "end_line": i + 1, "annotation_level": "warning",
             "message": f"stale reference {i}", "title": "DRIFT001"} for i in range(start, start + n)]


@pytest.fixture
def app_gh(stub) -> Github:
    stub.add_installation(7, "octo")
    return stub.client(stub.issue_installation_token(7).value)


def test_check_run_create_update_in_batches(stub, app_gh, pr):
    repo = app_gh.get_repo(REPO)
    run = repo.create_check_run(name="drift", head_sha=pr.head_sha, status="in_progress",
                                output={"title": "drift", "summary": "120 findings", "annotations": _annotations(50)})
    assert run.status == "in_progress" and run.output.annotations_count == 50
    run.edit(output={"title": "drift", "summary": "120 findings", "annotations": _annotations(50, 50)})
    run.edit(conclusion="neutral", output={"title": "drift", "summary": "120 findings",
                                           "text": "details", "annotations": _annotations(20, 100)})
    stored = stub.check_runs[run.id]
    assert stored.annotation_batches == [50, 50, 20] and len(stored.annotations) == 120
    assert [a["message"] for a in stored.annotations] == [f"stale reference {i}" for i in range(120)]
    assert (stored.status, stored.conclusion, stored.output["text"]) == ("completed", "neutral", "details")
    assert run.conclusion == "neutral" and run.completed_at is not None
    assert len(list(run.get_annotations())) == 120
    listed = list(repo.get_commit(pr.head_sha).get_check_runs())
    assert [c.id for c in listed] == [run.id] and listed[0].app.slug == stub.app_slug


def test_check_run_limits(stub, app_gh, pr):
    repo = app_gh.get_repo(REPO)
    with pytest.raises(GithubException) as info:
        repo.create_check_run(name="drift", head_sha=pr.head_sha,
                              output={"title": "t", "summary": "s", "annotations": _annotations(51)})
    assert info.value.status == 422
    assert info.value.data["message"] == "Invalid request.\n\nNo more than 50 items are allowed; 51 were supplied."
    assert stub.check_runs == {}
    run = repo.create_check_run(name="drift", head_sha=pr.head_sha, output={"title": "t", "summary": "s"})
    with pytest.raises(GithubException) as info:
        run.edit(output={"title": "t", "summary": "s", "annotations": _annotations(51)})
    assert info.value.status == 422 and stub.check_runs[run.id].annotations == []
    for field in ("text", "summary"):
        with pytest.raises(GithubException) as info:
            run.edit(output={"title": "t", "summary": "s", field: "x" * 65536})
        assert info.value.status == 422 and "65535" in info.value.data["message"]
    run.edit(output={"title": "t", "summary": "s", "text": "x" * 65535})
    with pytest.raises(GithubException) as info:
        run.edit(output={"title": "t", "summary": "s", "annotations": [{"path": "a.md", "start_line": 1}]})
    assert '"end_line", "annotation_level", "message" weren\'t supplied.' in info.value.data["message"]
    with pytest.raises(GithubException):
        repo.create_check_run(name="drift", head_sha="0" * 40)


def test_check_runs_need_an_app_token(stub, gh, pr):
    with pytest.raises(GithubException) as info:
        gh.get_repo(REPO).create_check_run(name="drift", head_sha=pr.head_sha)
    assert info.value.status == 403 and info.value.data["message"] == "You must authenticate via a GitHub App."


# -- issues and search ---------------------------------------------------------------------------------

def test_issue_create_edit_list_and_search(stub, gh, pr):
    repo = gh.get_repo(REPO)
    marker = "<!-- drift:tracking-issue -->"
    tracking = repo.create_issue(title="Docs drift", body=f"{marker}\n3 stale references", labels=["docs-drift"])
    other = repo.create_issue(title="Unrelated", body="nothing here")
    stub.add_issue(REPO, "Old tracking issue", body=marker, state="closed", labels=["docs-drift"])
    assert tracking.number == pr.number + 1 and tracking.labels[0].name == "docs-drift"

    found = gh.search_issues(f'repo:{REPO} is:issue is:open in:body "{marker}"')
    assert found.totalCount == 1 and [i.number for i in found] == [tracking.number]
    assert [i.number for i in gh.search_issues(f"repo:{REPO} is:issue label:docs-drift is:closed")] == [4]
    assert [i.number for i in gh.search_issues(f"repo:{REPO} is:issue tracking-issue")] == [4, tracking.number]
    assert gh.search_issues("repo:other/repo is:issue drift").totalCount == 0
    assert gh.search_issues(f"repo:{REPO} is:pr").totalCount == 1

    tracking.edit(body=f"{marker}\nall fixed", state="closed")
    assert stub.issue(REPO, tracking.number).state == "closed"
    assert gh.search_issues(f'repo:{REPO} is:issue is:open in:body "{marker}"').totalCount == 0

    assert [i.number for i in repo.get_issues()] == [other.number, pr.number]  # PRs are issues too
    assert [i.number for i in repo.get_issues(state="closed", labels=["docs-drift"])] == [4, tracking.number]
    assert [i.number for i in repo.get_issues(state="all", creator="alice")] == [pr.number]
    assert repo.get_issue(pr.number).pull_request is not None
    with pytest.raises(GithubException) as info:
        repo.create_issue(title="")
    assert info.value.status == 422


def test_search_lag(stub, gh):
    stub.search_lag = 30
    gh.get_repo(REPO).create_issue(title="fresh", body="marker-xyz")
    assert gh.search_issues(f"repo:{REPO} marker-xyz").totalCount == 0
    stub.search_lag = 0
    assert gh.search_issues(f"repo:{REPO} marker-xyz").totalCount == 1
    assert stub.requests[-1].headers["authorization"].startswith("token ")


# -- permissions --------------------------------------------------------------------------------------

def test_collaborator_permissions(stub, gh):
    for login, role in (("ann", "admin"), ("max", "maintain"), ("wes", "write"), ("tia", "triage"), ("rex", "read")):
        stub.set_permission(REPO, login, role)
    repo = gh.get_repo(REPO)
    assert [repo.get_collaborator_permission(u) for u in ("ann", "max", "wes", "tia", "rex", "stranger", "octo")] == \
        ["admin", "write", "write", "read", "read", "read", "admin"]
    assert repo.get_collaborator_role_name("max") == "maintain"
    stub.add_repo("octo/secret", private=True)
    secret = stub.client(stub.add_token(login="octo")).get_repo("octo/secret")
    assert secret.private is True and secret.get_collaborator_permission("stranger") == "none"
    with pytest.raises(UnknownObjectException):  # private: invisible to non-collaborators
        gh.get_repo("octo/secret")


# -- App authentication ----------------------------------------------------------------------------------

def test_app_jwt_to_installation_token(stub, app_key):
    private, public = app_key
    stub.app_public_key_pem = public
    stub.add_installation(42, "octo")
    integration = stub.integration(private)
    assert integration.get_app().slug == stub.app_slug
    assert [i.id for i in integration.get_installations()] == [42]
    assert integration.get_repo_installation("octo", "docs").id == 42
    access = integration.get_access_token(42)
    assert access.token.startswith("ghs_") and access.expires_at.timestamp() > time.time() + 3500
    assert stub.tokens[access.token].installation_id == 42
    jwt_request = stub.requests_to("POST", r"^/app/installations/42/access_tokens$")[0]
    assert jwt_request.auth == "jwt" and jwt_request.headers["authorization"].startswith("Bearer ")

    gh = Github(base_url=stub.base_url, auth=Auth.AppInstallationAuth(Auth.AppAuth(stub.app_id, private), 42),
                seconds_between_requests=0, seconds_between_writes=0, retry=None)
    repo = gh.get_repo(REPO)
    issue = repo.create_issue(title="from the app")
    assert issue.user.login == f"{stub.app_slug}[bot]" and issue.user.type == "Bot"
    repo.get_issue(issue.number)
    token_requests = stub.requests_to("POST", r"/access_tokens$")
    assert len(token_requests) == 2  # one above, one for the AppInstallationAuth: then cached
    used = {r.token for r in stub.requests_to(path_regex=r"^/repos/") if r.auth == "token"}
    assert len(used) == 1 and used <= set(stub.tokens)
    assert stub.installation_tokens(42)[-1].value in used


def test_installation_token_refreshes_when_near_expiry(stub, app_key):
    private, public = app_key
    stub.app_public_key_pem = public
    stub.add_installation(42, "octo")
    stub.token_lifetime = 10  # PyGithub refreshes tokens within 20 s of expiry
    gh = Github(base_url=stub.base_url, auth=Auth.AppInstallationAuth(Auth.AppAuth(stub.app_id, private), 42),
                seconds_between_requests=0, seconds_between_writes=0, retry=None)
    gh.get_repo(REPO)
    gh.get_repo(REPO)
    assert len(stub.installation_tokens(42)) == 2


def test_installation_scope_and_permissions(stub, app_key):
    stub.add_repo("elsewhere/repo")
    stub.add_installation(9, "octo", permissions={"metadata": "read", "issues": "read"})
    token = stub.issue_installation_token(9).value
    gh = stub.client(token)
    with pytest.raises(UnknownObjectException):
        gh.get_repo("elsewhere/repo")
    repo = gh.get_repo(REPO)
    with pytest.raises(GithubException) as info:
        repo.create_issue(title="no")
    assert info.value.status == 403 and info.value.data["message"] == "Resource not accessible by integration"
    private, public = app_key
    stub.app_public_key_pem = public
    with pytest.raises(GithubException) as info:
        stub.integration(private).get_access_token(9, permissions={"issues": "write"})
    assert info.value.status == 422


def test_bad_jwt_rejected(stub, app_key):
    private, public = app_key
    stub.app_public_key_pem = public
    stub.add_installation(42, "octo")
    other_private, _ = _key_pair()
    with pytest.raises(GithubException) as info:
        stub.integration(other_private).get_access_token(42)
    assert info.value.status == 401 and info.value.data["message"] == "A JSON web token could not be decoded"
    now = int(time.time())
    expired = jwt.encode({"iat": now - 700, "exp": now - 60, "iss": str(stub.app_id)}, private, algorithm="RS256")
    too_long = jwt.encode({"iat": now, "exp": now + 3600, "iss": str(stub.app_id)}, private, algorithm="RS256")
    wrong_app = jwt.encode({"iat": now - 60, "exp": now + 300, "iss": "999"}, private, algorithm="RS256")
    for bad in (expired, too_long, wrong_app, "not.a.jwt"):
        request = urllib.request.Request(stub.base_url + "/app/installations/42/access_tokens", data=b"{}",
                                         method="POST", headers={"Authorization": f"Bearer {bad}"})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(request)
        assert err.value.code == 401
    assert stub.installation_tokens() == []
    # An installation token is no JWT.
    token = stub.add_token(kind="installation", login="x[bot]")
    request = urllib.request.Request(stub.base_url + "/app", headers={"Authorization": f"token {token}"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(request)
    assert err.value.code == 401


# -- auth failures -----------------------------------------------------------------------------------

def test_bad_and_missing_credentials(stub, pr):
    with pytest.raises(BadCredentialsException):
        stub.client("ghp_nope").get_repo(REPO)
    with pytest.raises(GithubException) as info:
        stub.client(None).get_repo(REPO)
    assert info.value.status == 401
    stub.allow_anonymous_reads = True
    assert stub.client(None).get_repo(REPO).get_pull(pr.number).number == pr.number
    expired = stub.add_token(login="old", expires_in=-1)
    with pytest.raises(BadCredentialsException):
        stub.client(expired).get_repo(REPO)


def test_read_only_token_gets_403_on_writes(stub, pr):
    gh = stub.client(stub.add_actions_token(read_only=True))
    pull = gh.get_repo(REPO).get_pull(pr.number)
    assert len(list(pull.get_files())) == 4
    for write in (lambda: pull.create_issue_comment("hi"),
                  lambda: pull.create_review(body="x", event="COMMENT"),
                  lambda: gh.get_repo(REPO).create_check_run(name="drift", head_sha=pr.head_sha)):
        with pytest.raises(GithubException) as info:
            write()
        assert info.value.status == 403 and info.value.data["message"] == "Resource not accessible by integration"
    assert stub.issue_comments == {} and stub.reviews == {} and stub.check_runs == {}


# -- faults -------------------------------------------------------------------------------------------

def test_injected_502_then_success(stub, gh, pr):
    stub.inject("POST", r"/issues/\d+/comments$", 502, body="<html>Bad Gateway</html>")
    pull = gh.get_repo(REPO).get_pull(pr.number)
    with pytest.raises(GithubException) as info:
        pull.create_issue_comment("report")
    assert info.value.status == 502 and stub.issue_comments == {}
    pull.create_issue_comment("report")
    assert [c.body for c in stub.issue_comments.values()] == ["report"]
    assert [r.status for r in stub.requests_to("POST")] == [502, 201]


def test_faults_in_order_and_with_retries(stub, token, pr):
    stub.inject("GET", r"/pulls/\d+$", 503)
    stub.inject("GET", r"/pulls/\d+$", 502)
    gh = stub.client(token, retry=Retry(total=3, backoff_factor=0, status_forcelist=[502, 503],
                                        allowed_methods=None, raise_on_status=False))
    assert gh.get_repo(REPO).get_pull(pr.number).number == pr.number
    assert [r.status for r in stub.requests_to("GET", r"/pulls/\d+$")] == [503, 502, 200]
    assert stub.faults == []


def test_secondary_rate_limit_and_429(stub, gh, pr):
    stub.inject_secondary_rate_limit("POST", r"/reviews$", retry_after=1)
    pull = gh.get_repo(REPO).get_pull(pr.number)
    with pytest.raises(RateLimitExceededException) as info:
        pull.create_review(body="x", event="COMMENT")
    assert info.value.headers["retry-after"] == "1" and info.value.headers["x-ratelimit-remaining"] == "0"
    stub.inject("*", r"^/repos/", 429, body={"message": "Too Many Requests"}, headers={"retry-after": "2"}, times=2)
    for _ in range(2):
        with pytest.raises(GithubException) as info:
            gh.get_repo(REPO)
        assert info.value.status == 429
    assert gh.get_repo(REPO).full_name == REPO


def test_automatic_secondary_limit(stub, gh, pr):
    stub.secondary_limit_per_minute = 3
    pull = gh.get_repo(REPO).get_pull(pr.number)
    for n in range(3):
        pull.create_issue_comment(f"c{n}")
    with pytest.raises(RateLimitExceededException):
        pull.create_issue_comment("one too many")


# -- seeding from a real git diff -------------------------------------------------------------------------

def test_files_from_git_feed_review_anchors(stub, gh, make_repo):
    builder = make_repo({"docs/a.md": OLD_GUIDE, "docs/b.md": "bee\n", "img.bin": b"\x00\x01"})
    base = builder.repo.head.commit.hexsha
    (builder.root / "docs/b.md").rename(builder.root / "docs/c.md")
    builder.repo.index.remove(["docs/b.md"])
    head = builder.commit({"docs/a.md": NEW_GUIDE, "docs/c.md": "bee\n", "img.bin": b"\x00\x02"})
    files = files_from_git(builder.root, base, head)
    by_name = {f["filename"]: f for f in files}
    assert by_name["docs/c.md"]["status"] == "renamed" and by_name["docs/c.md"]["previous_filename"] == "docs/b.md"
    assert by_name["img.bin"]["patch"] is None
    assert Patch(by_name["docs/a.md"]["patch"]).commentable("RIGHT") == Patch(make_patch(OLD_GUIDE, NEW_GUIDE)).commentable("RIGHT")
    pull = stub.add_pull(REPO, head_sha=head, base_sha=base, files=files)
    gh.get_repo(REPO).get_pull(pull.number).create_review(event="COMMENT", body="ok", comments=[
        {"path": "docs/a.md", "line": 7, "start_line": 5, "body": "```suggestion\nx\n```"}])
    (comment,) = stub.review_comments_on(REPO, pull.number)
    assert (comment.start_line, comment.line, comment.commit_id) == (5, 7, head)
