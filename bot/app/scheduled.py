"""The App's schedule: coverage reports and follow-up issues for every installed
repository that turns them on (`[tool.drift.coverage] schedule = true`), run by the
workers as a periodic task of the same queue."""

from __future__ import annotations

import logging

from ..cache import Cache, default_cache_path
from ..config import load_config
from ..coverage import compute
from ..engine import analyse
from ..github.coverage_issues import sync_issues
from ..reference import paste_rows
from ..revision import Revision, open_repo
from . import repos
from .jobs import repository_lock, tokens
from .settings import Settings

log = logging.getLogger("drift.app")


def run_scheduled_coverage(settings: Settings) -> dict[str, str]:
    """Coverage issues for each repository of each installation that asks for them."""
    cache = tokens(settings)
    outcome: dict[str, str] = {}
    for installation in cache.integration.get_installations():
        token = cache.token(installation.id)
        for remote in installation.get_repos():
            name = remote.full_name
            try:
                with repository_lock(settings, name):
                    path = repos.sync(settings.repos_dir, name, repos.trusted_clone_url(settings, remote), token)
                    git_repo = open_repo(path)
                    with Revision(git_repo, remote.default_branch) as revision:
                        config = load_config(revision)
                        if not config.coverage.get("schedule"):
                            outcome[name] = "not enabled"
                            continue
                        analysis = analyse(revision, config, Cache(default_cache_path(git_repo.git_dir)))
                        coverage = compute(analysis, config.coverage)
                        rows = paste_rows(analysis, (config.coverage.get("reference") or {}).get("flags"))
                    report = sync_issues(remote, coverage, config.coverage.get("issues", "group"), rows=rows)
                    outcome[name] = f"{coverage.percent}%: {len(report.created)} created, {len(report.updated)} updated, {len(report.closed)} closed"
            except Exception as exc:  # one repository must not stop the others
                log.warning("scheduled coverage for %s failed: %s", name, exc)
                outcome[name] = f"failed: {exc}"
    return outcome

