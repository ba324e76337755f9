"""Two repositories analysed at once in one process, as the App's worker threads do: a
job whose config disables a rule must not change what the other job's rules find, nor
what the cache stores for it."""

from __future__ import annotations

import threading

from drift_docs.cache import Cache
from drift_docs.config import load_config
from drift_docs.engine import analyse
from drift_docs.model import FLAG
from drift_docs.revision import Revision, open_repo
from tests.conftest import RepoBuilder

FILES = 120


def _repo(root, disable: bool) -> RepoBuilder:
    builder = RepoBuilder(root)
    files = {f"pkg/m{i}.py": f"import argparse\np = argparse.ArgumentParser()\np.add_argument('--opt-{i}-a')\np.add_argument('--opt-{i}-b')\n" for i in range(FILES)}
    if disable:
        files["pyproject.toml"] = "[tool.drift.rules.argparse]\nenabled = false\n"
    builder.commit(files, "initial")
    return builder


def _flags(root, cache_dir) -> int:
    repo = open_repo(root)
    with Revision(repo, "HEAD") as revision:
        analysis = analyse(revision, load_config(revision, None), Cache(cache_dir / "cache.sqlite"), jobs=1)
        return sum(1 for name in analysis.index.by_kind[FLAG] if name.startswith("--opt-"))


def test_a_job_that_disables_a_rule_leaves_the_other_jobs_rules_alone(tmp_path):
    full = _repo(tmp_path / "full", disable=False)
    bare = _repo(tmp_path / "bare", disable=True)
    for attempt in range(3):
        results: dict[str, int] = {}
        cache_dir = tmp_path / f"cache{attempt}"
        cache_dir.mkdir()

        def run(name, builder):
            results[name] = _flags(builder.root, cache_dir)

        threads = [threading.Thread(target=run, args=("full", full)), threading.Thread(target=run, args=("bare", bare))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert results == {"full": 2 * FILES, "bare": 0}
        # What the shared cache kept under the full config's version is whole too.
        assert _flags(full.root, cache_dir) == 2 * FILES
