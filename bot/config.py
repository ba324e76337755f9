"""Settings: `[tool.drift]` in pyproject.toml, `.github/drift.yml`, or `--config FILE`.

Read from the revision being analysed (so a PR can change its own settings), unless a
file is named on the command line.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from functools import lru_cache
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import pathspec
import yaml

from .revision import DriftError, Revision

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

# Docs that record the past on purpose: an old name there is history, not drift.
_FIXTURES = "**/fixtures/**"
DEFAULT_EXCLUDE = [
    "**/node_modules/**",
    "**/third_party/**",
    "**/thirdparty/**",
    "**/third-party/**",
    "**/3rdparty/**",
    "**/vendor/**",
    "**/_vendor/**",  # pip's and setuptools' src/pip/_vendor/
    "**/vendored/**",
    "**/vendored_*/**",  # thonny's thonny/vendored_libs/basedpyright/.../typeshed-fallback
    "**/site-packages/**",
    "**/dependencies/**",  # vendored copies (OLMo's inference/compression/dependencies/AutoGPTQ)
    "**/deps/**",  # coremltools' deps/protobuf, deps/pybind11
    "**/extern/**",
    "CHANGELOG*",
    "**/CHANGELOG*",
    "**/ChangeLog*",  # impacket's ChangeLog.md: each release's scripts, linked as they were
    "**/Changelog*",
    "**/CHANGES*",
    "HISTORY*",
    "**/HISTORY*",
    "NEWS*",
    "**/changelog.md",
    "**/changelog.mdx",
    "**/changelog.rst",
    "**/changes.md",
    "**/changes.mdx",
    "**/changes.rst",
    "**/release_notes.md",
    "**/release-notes.md",
    "**/release_notes.rst",  # evalml's docs/source/release_notes.rst
    "**/release-notes.rst",
    "**/release_notes.mdx",
    "**/release-notes.mdx",
    "**/releasenotes*.md",  # bionemo's docs/docs/main/about/releasenotes-fw.md
    "**/[Rr]elease[Nn]otes*.md",  # ompl's doc/markdown/releaseNotes.md
    "**/[Rr]elease[Nn]otes*.rst",
    "**/releasenotes*.mdx",
    "**/releasenotes*.rst",
    "**/release[-_]notes[-_]*.md",
    "**/release[-_]notes[-_]*.mdx",
    "**/release[-_]notes[-_]*.rst",
    "**/changelog/**",
    "**/changelogs/**",
    "**/release-notes/**",
    "**/whats_new/**",  # autogluon's docs/whats_new/v0.4.0.md, pandas' whatsnew/
    "**/whatsnew/**",
    "**/whats-new/**",
    "**/release_notes/**",
    "**/relnotes/**",  # aistore's docs/relnotes/3.30.md: the API of that release
    "**/releasenotes/**",
    "**/releases/**",
    "**/releases.md",  # deap's doc/releases.rst: "Release Highlights", what each release removed
    "**/releases.rst",
    "**/release_note.md",
    "**/release-note.md",
    "**/NEWS*",
    "**/news.rst",  # scrapy's docs/news.rst: its release notes
    "**/news.md",
    "**/_news.rst",  # plumbum's docs/_news.rst, included by its index
    "**/_news.md",
    "doc/release/**",  # networkx's doc/release/release_2.6.rst, api_1.4.rst: notes of each release
    "docs/release/**",
    "**/source/release/**",  # statsmodels' docs/source/release/version0.13.0.rst
    "**/release/version*",
    "**/release/[0-9]*",
    "**/.changes/**",  # changie's entries and release notes (dbt's .changes/2.0.0-alpha.5.md), and its header template
    "**/changes/[0-9]*",  # falcon's docs/changes/1.0.0.rst: a page per release
    "**/versionhistory*",  # apscheduler's docs/versionhistory.rst
    "**/version_history*",
    "**/version-history*",
    "**/changes/v[0-9]*",
    "**/release/release[_-]*",
    "docs/history/**",  # celery's docs/history/whatsnew-3.0.rst, changelog-4.3.rst
    "**/docs/history/**",
    "**/whatsnew*",
    "**/whats-new*",
    "**/whats_new*",
    "**/UPDATE_*.md",  # BMTrain's docs/UPDATE_0.2.0.md: an update log, "Before 0.2.0" on purpose
    "**/UPDATE-*.md",
    "**/update_log*",
    "**/update-log*",
    # Migration notes name the old API on purpose ("`hydra.job.chdir` now defaults to False").
    "**/breaking-changes.md",
    "**/breaking_changes.md",
    "**/breaking-changes/**",  # strawberry's docs/breaking-changes/0.278.1.md: "instead of" the removed import
    "**/breaking_changes/**",
    "**/BREAKING*",
    "**/upgrades/**",
    "**/upgrade/[0-9]*",  # django-cms's docs/upgrade/3.1.rst: what changed in that release
    "**/upgrading/[0-9]*",
    "**/MIGRATION*",
    "**/*-MIGRATION*",  # v2.0-MIGRATION-GUIDE.md
    "**/migration.md",
    "**/migration.mdx",
    "**/migration.rst",
    "**/migrations.md",
    "**/migrations.mdx",
    "**/migrations.rst",  # streamlink's docs/migrations.rst: "use --stream-timeout instead of --hls-timeout"
    "**/migration/**",
    "**/*-announcement.md",  # django-rest-framework's docs/community/3.5-announcement.md: a release's news
    "**/*-announcement.mdx",
    "**/*_announcement.md",
    "**/announcements/**",
    "**/migrating/**",
    "**/migrating[-_]*",  # rasterio's docs/topics/migrating-to-v1.rst: "Moved: rasterio.tool"
    "**/migrating.rst",  # hoomd-blue's sphinx-doc/migrating.rst: "``hoomd.md.methods.NVE``: use ConstantVolume"
    "**/migrating.md",
    "**/migrating.mdx",
    "**/*migration-guide*",
    "**/porting.rst",  # deap's doc/porting.rst: "port your code from the previous version"
    "**/porting.md",
    "**/*porting[-_]guide*",
    "**/*MigrationGuide*",  # picard's Plugin2to3MigrationGuide.md: the old API beside the new
    "**/*UpgradeGuide*",
    "**/migration-*.md",  # pandas-ai's migration-v2-to-v3.mdx, migration-troubleshooting.mdx
    "**/migration-*.mdx",
    "**/migration-*.rst",
    "**/migration_*.md",
    "**/migration_*.mdx",
    "**/migration_*.rst",  # aiogram's docs/migration_2_to_3.rst: 2.x's names beside 3.x's
    "**/*migration_guide*",
    "**/migrate_v[0-9]*",
    "**/migrate[-_]from[-_]*",  # spikingjelly's migrate_from_legacy.rst: "in the old version, `clock_driven`"
    "**/migrate[-_]to[-_]*",
    "**/updating[-_]to[-_]*",  # moviepy's docs/getting_started/updating_to_v2.rst: "Suppression of moviepy.editor"
    "**/*[-_]to[-_]v[0-9]*",  # moving_to_v3.md, switching-to-v2.md: the old API beside the new
    "**/v[0-9]*_migration*",  # v2_migration.md: the old API beside the new, on purpose
    "**/v[0-9]*-migration*",
    "**/*[0-9]_migration.*",  # praw's docs/package_info/praw8_migration.rst: "the single subreddit.py file has been split"
    "**/*[0-9]-migration.*",
    "**/*upgrade_guide*",
    "**/*upgrade-guide*",
    "**/*upgrading*/**",
    "**/upgrading*.rst",  # marshmallow's docs/upgrading.rst: "In 1.0" code beside today's, on purpose
    "**/upgrading*.md",
    "**/upgrading*.mdx",
    "**/UPGRADING*",  # cerberus's UPGRADING.rst, which docs/upgrading.rst includes
    "**/pr[-_]body*",  # cognee's pr_body.md: one pull request's description, as of that change
    "**/_static/**",  # a Sphinx site's static files, copied as they are: earthkit-data's _static/api-reference.rst is no page
    "**/PR[-_]BODY*",
    "**/pr[-_]description*",
    "**/PR[-_]DESCRIPTION*",
    # Blog posts (mkdocs-material's and Docusaurus' blog, Jekyll's _posts, a docs site's
    # resources/blog/): dated, about the code of their day.
    "**/blog/**",
    "**/blogs/**",
    "**/_posts/**",
    "**/posts/**/*.qmd",  # a Quarto blog's listing (ibis' docs/posts/ibis-version-6.0.0-release/index.qmd)
    # Design proposals (KEPs, RFCs): a plan as it was written, files still to be made.
    "**/proposals/**",
    "**/rfcs/**",
    # Numbered enhancement proposals (scrapy's sep/sep-009.rst, PEPs, NEPs, KEPs).
    "**/sep-[0-9]*",
    "**/pep-[0-9]*",
    "**/nep-[0-9]*",
    "**/kep-[0-9]*",
    # ... and any other numbered kind (gammapy's docs/development/pigs/pig-001.rst,
    # ctapipe's ceps/accepted/cep-001.rst, matplotlib's MEPs).
    "**/[a-zA-Z][a-zA-Z][a-zA-Z]-[0-9][0-9][0-9]*.rst",
    "**/[a-zA-Z][a-zA-Z][a-zA-Z]-[0-9][0-9][0-9]*.md",
    # An agent's or a maintainer's plan (`.plan-lazy-preprocessing.md`, IMPROVEMENT_PLAN.md):
    # the files it lists are to be made.
    "**/plans/**",  # pymilvus' docs/plans/pymilvus-001-global-client-design.md
    "**/.plan*.md",
    "**/*PLAN.md",
    "**/*_plan.md",
    "**/plan.md",  # hopsworks-api's .claude/docs/cli/plan.md: phases and flags still to be made
    "**/*-plan.md",
    "**/*backlog*.md",  # pyod's docs/v3.3-backlog.md: modules proposed for later releases
    # Numbered proposals and decision records (Flax's flip/1009-optimizer-api.md, ADRs).
    "**/[0-9][0-9][0-9][0-9]-*.md",
    # Architecture decision records: a decision and the code as it stood that day
    # (fms-hf-tuning's architecture_records/002-acceleration-framework.md).
    "**/adr/**",
    "**/adrs/**",
    "**/architecture_records/**",
    "**/architecture-records/**",
    "**/decision_records/**",
    "**/decision-records/**",
    "**/architecture-decisions/**",
    # Docusaurus' snapshots of the docs at past releases: they describe that release's code.
    "**/versioned_docs/**",
    "**/*_versioned_docs/**",  # another docs instance's releases (haystack's reference_versioned_docs/)
    "**/docusaurus-plugin-content-docs/version-*/**",
    "**/versions/[0-9]*/**",  # Fern's and others' per-release copies (docs/fern/versions/0.4.2/)
    "**/v[0-9]*.[0-9]*.[0-9]*/**",  # a release's own folder of pages (docs/reports/v0.5.0/)
    # Archived material: kept as it was on purpose.
    "**/archive/**",
    "**/_archive/**",  # arcade's doc/_archive/, which its conf.py keeps out of the build
    "**/attic/**",  # psi4's doc/sphinxman/source/attic/: pages kept from the old manual
    "**/examples/deprecated/**",  # openff-toolkit's: examples kept as they were when their API went
    "**/.ipynb_checkpoints/**",  # pykan's: Jupyter's autosaved copies, committed by mistake
    "**/doc_legacy/**",  # pyscf's doc_legacy/: the manual before the current site
    "**/docs_legacy/**",
    "**/legacy_docs/**",
    "**/legacy-docs/**",
    "**/legacy[-_]tutorials/**",  # spikingjelly's: the tutorials of the API before its renames, kept as they were
    "**/archived/**",
    "**/archived_*/**",
    "**/*_archived/**",
    "**/_removed/**",  # nni's docs/_removed/: pages taken off the site, kept as they were
    # A page kept beside its replacement (gpt4all's gpt4all-training/old-README.md).
    "**/old/**",
    "**/old[-_]*/**",  # fastMRI's .github/old_discussion_posts/: posts kept as they were
    "**/*[-_]old/**",
    "**/old[-_]*.md",
    "**/*[-_]old.md",
    "**/old[-_]*.rst",
    # Test inputs: a copied README a loader test reads is data, not a page.
    _FIXTURES,
    "**/testdata/**",
    "**/test_data/**",
    "**/tests/data/**",
    "**/test/resources/**",  # pymarkdown's test/resources/rules/md033/*.md: what its rule tests lint
    "**/tests/resources/**",
    "**/tests/**/targets/**",  # semgrep's cli/tests/default/e2e/targets/: files its tests scan
    "**/tests/**/inputs/**",
    "**/data/tests/**",
    "**/sample_data/**",
    "**/*expected_output*",  # a generator's golden output that a test compares
    "**/*expected-output*",
]

# A date in a page's file name: `2024-05-01-release.md`, `llama3_h200_202506_run.md`.
DATED_PAGE = re.compile(r"(?<![0-9])(?:19|20)[0-9]{2}[-_.]?(?:0[1-9]|1[0-2])(?:[-_.]?(?:0[1-9]|[12][0-9]|3[01]))?(?![0-9])")

# A folder named for a release of the docs: `v2`, `v0.4`, `1.2`, `v1.x`.
_VERSION_FOLDER = re.compile(r"^(?:v(\d+)(?:\.(\d+))?(?:\.(?:\d+|x))?|(\d+)\.(\d+)(?:\.(?:\d+|x))?)$")
_DOC_SUFFIXES = (".md", ".mdx", ".rst", ".ipynb", ".txt", ".qmd")


# Folders that hold earlier releases' docs beside the current ones (`docs/_versions/v0.2/`).
_VERSIONS_PARENTS = frozenset({"versions", "old_versions", "previous_versions", "older_versions", "legacy_versions"})


LAYOUT_OVERLAP = 2  # names a lone version folder shares with the pages beside it


def _children(paths: Iterable[str], folder: str) -> set[str]:
    """The names right under ``folder`` (pages without their suffix, and folders)."""
    prefix = folder + "/" if folder else ""
    return {posixpath.splitext(p[len(prefix) :].split("/", 1)[0])[0] for p in paths if p.startswith(prefix) and p.endswith(_DOC_SUFFIXES)}


def _layout_overlap(paths: Iterable[str], parent: str, name: str) -> int:
    paths = [p for p in paths if p.endswith(_DOC_SUFFIXES)]
    beside = _children(paths, parent) - {name}
    inside = _children(paths, f"{parent}/{name}" if parent else name)
    return len((beside & inside) - {"index", "README", "readme"})


def past_version_folders(paths: Iterable[str]) -> tuple[str, ...]:
    """Folders (with a trailing /) of docs for an older release, beside the newer one's:
    pandas-ai's docs/v2/ next to docs/v3/ (Mintlify's version switcher). The newest
    version's folder is audited; its elders describe code that has moved on."""
    versions: dict[str, dict[str, tuple[int, int]]] = {}
    for path in paths:
        if not path.endswith(_DOC_SUFFIXES):
            continue
        parts = path.split("/")
        for depth, part in enumerate(parts[:-1]):
            match = _VERSION_FOLDER.match(part)
            if match:
                major, minor = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
                parent = "/".join(parts[:depth])
                versions.setdefault(parent, {})[part] = (int(major), int(minor or 0))
                break
    past = []
    for parent, found in versions.items():
        if posixpath.basename(parent).lower().lstrip("_") in _VERSIONS_PARENTS:
            # robocasa's docs/_versions/v0.2/: kept beside the current docs, which live above.
            past += [f"{parent}/{name}/" for name in found]
            continue
        if len(found) == 1:
            # mirascope's content/docs/v1/ (api/, guides/) beside content/docs/api/ and
            # guides/: the one version folder copies the current pages' layout, so it is a
            # past release's docs kept beside the current ones. (A REST API's `api/v1/`
            # shares no layout with its parent.)
            (name,) = found
            if _layout_overlap(paths, parent, name) >= LAYOUT_OVERLAP:
                past.append(f"{parent}/{name}/" if parent else f"{name}/")
            continue
        newest = max(found.values())
        past += [f"{parent}/{name}/" if parent else f"{name}/" for name, number in found.items() if number < newest]
    past += _suffixed_version_folders(paths)
    return tuple(sorted(set(past)))


# `source-0.1`, `docs_v1`, `guide-v2.3`: a folder named for another one and a release.
_SUFFIXED_VERSION = re.compile(r"^(.+?)[-_]v?(\d+)(?:\.\d+){0,2}$")


def _suffixed_version_folders(paths: Iterable[str]) -> list[str]:
    """SAPIEN's docs/source-0.1/ beside docs/source/: a release's docs kept under the
    current folder's name with the release after it."""
    doc_folders: set[str] = set()
    for path in paths:
        if path.endswith(_DOC_SUFFIXES):
            parts = path.split("/")
            doc_folders.update("/".join(parts[:depth]) for depth in range(1, len(parts)))
    found = []
    for folder in doc_folders:
        parent, _, name = folder.rpartition("/")
        match = _SUFFIXED_VERSION.match(name)
        if match and (f"{parent}/{match.group(1)}" if parent else match.group(1)) in doc_folders:
            found.append(folder + "/")
    return found


# A page named for a release (`v2-1.mdx`, `v3.mdx`): with a sibling of its kind, a
# "what's new in this release" page, which names that release's options on purpose.
_RELEASE_PAGE = re.compile(r"^v\d+(?:[-_.]\d+){0,2}\.(?:md|mdx|rst)$")


def release_pages(paths: Iterable[str]) -> tuple[str, ...]:
    """Pages named for releases, two or more in one folder: spaCy's website/docs/usage/
    v2.mdx, v2-1.mdx ... v3-7.mdx, each what changed in that release."""
    by_folder: dict[str, list[str]] = {}
    for path in paths:
        folder, _, name = path.rpartition("/")
        if _RELEASE_PAGE.match(name):
            by_folder.setdefault(folder, []).append(path)
    return tuple(sorted(p for found in by_folder.values() if len(found) >= 2 for p in found))


_TEST_MODULE = re.compile(r"^(?:test_\w+|\w+_test)\.py$")
_PAGE_NAMES = re.compile(r"^(?:README|AGENTS|CLAUDE|CONTRIBUTING|GEMINI)\b", re.IGNORECASE)
_TEST_INPUT_SUFFIXES = (".md", ".mdx", ".rst", ".markdown")


def test_inputs(paths: Iterable[str]) -> frozenset[str]:
    """Docs beside the test modules that read them (MyST-Parser's tests/test_html/html_ast.md
    next to test_parse_html.py): a parser's or renderer's inputs, not pages. A README (or an
    agent's notes) in a tests folder is still a page."""
    paths = list(paths)
    folders = {path.rpartition("/")[0] for path in paths if _TEST_MODULE.match(path.rpartition("/")[2])}
    return frozenset(
        path for path in paths
        if path.endswith(_TEST_INPUT_SUFFIXES) and path.rpartition("/")[0] in folders and not _PAGE_NAMES.match(path.rpartition("/")[2])
    )


_DATA_FOLDER_NAMES = frozenset({"data", "datasets", "knowledge_base", "corpus"})


def package_data_folders(paths: Iterable[str]) -> tuple[str, ...]:
    """Data folders inside a Python package (`chatchat/data/`, beside chatchat/__init__.py):
    the Markdown there is what the package loads (a knowledge base's sample articles), not
    its documentation."""
    paths = set(paths)
    found = set()
    for path in paths:
        parts = path.split("/")
        for depth in range(1, len(parts) - 1):
            if parts[depth] in _DATA_FOLDER_NAMES and "/".join(parts[:depth] + ["__init__.py"]) in paths:
                found.add("/".join(parts[: depth + 1]) + "/")
                break
    return tuple(sorted(found))


# Why each default exclusion sets a doc aside, for the report's opening summary.
SET_ASIDE_WHY = {
    "history": ("CHANGELOG", "ChangeLog", "Changelog", "CHANGES", "HISTORY", "NEWS", "news", "history", "changelog", "changes", "release", "BREAKING", "breaking", "upgrad", "Upgrad", "UPGRAD", "migration", "MIGRATION", "migrat", "Migrat", "whats", "UPDATE", "update_log", "update-log", "announcement", "porting", "updating", "to[-_]v[0-9]", "pr[-_]", "PR[-_]"),
    "archived": ("archive", "_removed", "old[-_]", "[-_]old", "attic", "legacy", "ipynb_checkpoints", "deprecated"),
    "proposals": ("proposals", "rfcs", "[0-9][0-9][0-9][0-9]-", "plan", "PLAN", "sep-", "pep-", "nep-", "kep-", "]-[0-9][0-9][0-9]"),
    "decision records": ("adr", "records", "architecture-decisions"),
    "site assets": ("_static",),
    "blog posts": ("blog", "_posts", "posts/"),
    "past versions": ("versioned_docs", "version-*", "versions/[0-9]", "v[0-9]*.[0-9]*.[0-9]*"),
    "other projects' code": ("node_modules", "third_party", "thirdparty", "third-party", "3rdparty", "vendor", "site-packages", "dependencies", "deps", "extern"),
    "test data": ("fixtures", "testdata", "test_data", "tests/data", "test/resources", "tests/resources", "targets", "inputs", "data/tests", "sample_data", "expected"),
}

CONFIDENCE_ORDER = {"low": 0, "medium": 1, "high": 2}


@dataclass
class Passthrough:
    prefix: str  # "--sglang-"; "" for a framework the repo extends without a prefix
    program: str  # "SGLang"
    source: str | None = None  # a directory or file with that program's argument definitions
    strip_prefix: bool = True  # --sglang-mem-fraction-static is SGLang's --mem-fraction-static


@dataclass
class Config:
    exclude: list[str] = field(default_factory=lambda: list(DEFAULT_EXCLUDE))
    include_docs: list[str] = field(default_factory=list)  # empty: every doc file
    select: list[str] = field(default_factory=list)  # empty: every rule
    ignore: list[str] = field(default_factory=list)
    ignore_names: list[str] = field(default_factory=list)
    passthrough: list[Passthrough] = field(default_factory=list)
    programs: list[str] = field(default_factory=list)  # extra names of the repo's own CLIs
    env_prefixes: list[str] = field(default_factory=list)
    min_confidence: str = "medium"
    max_file_bytes: int = 2_000_000
    rules: dict[str, dict[str, Any]] = field(default_factory=dict)
    rule_dirs: list[str] = field(default_factory=list)
    coverage: dict[str, Any] = field(default_factory=dict)  # reference pages, config files, issues
    # Fetch the pinned source of frameworks and passthrough targets into the user cache
    # (`--fetch`, `fetch = true`, the App); off: only what is installed, in the tree or cached.
    fetch: bool = False
    source: str = "defaults"
    # Path pattern (gitignore-style) -> rule codes or names not reported in those docs.
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    # Settings a pull request's own config asked for and the App did not apply, and why.
    refused: list[str] = field(default_factory=list)

    def is_excluded(self, path: str) -> bool:
        return _spec(tuple(self.exclude)).match_file(path)

    def is_code_excluded(self, path: str) -> bool:
        """Whether a code file is out: as a doc would be, except that a Python file in a
        `fixtures/` folder is a test's fixture code (indico's testing/fixtures/ reads
        `INDICO_TEST_USE_DOCKER`), not a test's input copied as data."""
        if path.endswith(".py") and "/fixtures/" in f"/{path}" and _FIXTURES in self.exclude:
            return _spec(tuple(p for p in self.exclude if p != _FIXTURES)).match_file(path)
        return self.is_excluded(path)

    @property
    def skips_dated_pages(self) -> bool:
        """With the default exclusions in force, a page whose name carries a date (a blog
        post, a dated benchmark report, a meeting's notes) records the past: set aside."""
        return "CHANGELOG*" in self.exclude

    def set_aside(self, doc_paths: Iterable[str], tree_paths: Iterable[str] = ()) -> dict[str, int]:
        """How many docs the default exclusions set aside, by why (history, archived,
        other projects' code): what a first run does not audit, said once."""
        counts: dict[str, int] = {}
        defaults = [p for p in DEFAULT_EXCLUDE if p in self.exclude]
        doc_paths = list(doc_paths)
        past = past_version_folders(doc_paths) if self.skips_dated_pages else ()
        releases = set(release_pages(doc_paths)) if self.skips_dated_pages else set()
        tree_paths = list(tree_paths)
        data = package_data_folders(tree_paths) if self.skips_dated_pages else ()
        inputs = test_inputs(tree_paths) if self.skips_dated_pages else frozenset()
        for path in doc_paths:
            if path in inputs and not self.is_excluded(path):
                counts["test data"] = counts.get("test data", 0) + 1
                continue
            if self.skips_dated_pages and DATED_PAGE.search(path.rsplit("/", 1)[-1]):
                counts["dated pages"] = counts.get("dated pages", 0) + 1
                continue
            if path in releases and not self.is_excluded(path):
                counts["history"] = counts.get("history", 0) + 1
                continue
            if data and path.startswith(data) and not self.is_excluded(path):
                counts["package data"] = counts.get("package data", 0) + 1
                continue
            if past and path.startswith(past) and not self.is_excluded(path):
                counts["past versions"] = counts.get("past versions", 0) + 1
                continue
            for pattern in defaults:
                if _spec((pattern,)).match_file(path):
                    why = next((w for w, words in SET_ASIDE_WHY.items() if any(word in pattern for word in words)), "excluded")
                    counts[why] = counts.get(why, 0) + 1
                    break
        return counts

    def is_doc_included(self, path: str) -> bool:
        if self.is_excluded(path):
            return False
        if self.skips_dated_pages and DATED_PAGE.search(path.rsplit("/", 1)[-1]):
            return False
        return not self.include_docs or _spec(tuple(self.include_docs)).match_file(path)

    def rule_enabled(self, code: str, name: str) -> bool:
        if self.select and code not in self.select and name not in self.select:
            return False
        return code not in self.ignore and name not in self.ignore

    def ignored_in(self, path: str, code: str, name: str) -> bool:
        """`per-file-ignores = {"docs/legacy/**" = ["DRIFT001"]}`."""
        return any((code in rules or name in rules) and _spec((pattern,)).match_file(path) for pattern, rules in self.per_file_ignores.items())

    def name_ignored(self, name: str) -> bool:
        return any(fnmatch.fnmatchcase(name, pattern) for pattern in self.ignore_names)

    def confident_enough(self, confidence: str) -> bool:
        return CONFIDENCE_ORDER.get(confidence, 0) >= CONFIDENCE_ORDER.get(self.min_confidence, 1)


_LIST_KEYS = ("exclude", "include_docs", "select", "ignore", "ignore_names", "programs", "env_prefixes", "rule_dirs")


class ConfigError(DriftError):
    """The repository's drift settings cannot be used as written: the user must edit
    them. Not worth retrying; worth reporting where the user looks."""


SETTINGS_NOTE = "drift settings"  # where a result's notes say which settings were not applied

# A pull request's config is the pull request author's: in the App it may choose what to
# check and how strictly, but not what runs on the server or what the server reads.
MAX_UNTRUSTED_PATTERNS = 500
MAX_UNTRUSTED_PATTERN_LENGTH = 300


def restrict_untrusted(config: Config, server_fetch: bool) -> Config:
    """The documented safe subset of a pull request's settings, with what was refused in
    `config.refused`: no rule parameters (they become regular expressions), no rule
    folders or passthrough sources (they name the server's files), no larger
    `max_file_bytes` than the default, no `fetch` the server did not allow, and bounded
    glob lists."""
    refused = config.refused
    default = Config()
    if config.rule_dirs:
        refused.append(f"rule_dirs {config.rule_dirs}: rule folders are read on the server, so the App does not load them")
        config.rule_dirs = []
    for rule_id, override in list(config.rules.items()):
        kept = {k: v for k, v in override.items() if k == "enabled" and isinstance(v, bool)} if isinstance(override, dict) else {}
        if kept != override:
            dropped = sorted(set(override) - set(kept)) if isinstance(override, dict) else ["(not a table)"]
            refused.append(f"rules.{rule_id}: {', '.join(dropped)} not applied (rule parameters become regular expressions; the App takes only `enabled`)")
        config.rules[rule_id] = kept
    for rule in config.passthrough:
        if rule.source:
            refused.append(f"passthrough {rule.prefix or rule.program}: source {rule.source!r} not read (it names a path on the server); the program's pinned source is used")
            rule.source = None
    if config.max_file_bytes > default.max_file_bytes:
        refused.append(f"max_file_bytes {config.max_file_bytes}: capped at {default.max_file_bytes}")
        config.max_file_bytes = default.max_file_bytes
    if config.fetch and not server_fetch:
        refused.append("fetch: this App does not fetch external sources")
    config.fetch = server_fetch
    for key in ("exclude", "include_docs", "ignore_names", "programs", "env_prefixes", "select", "ignore"):
        values = getattr(config, key)
        kept = [v for v in values if len(v) <= MAX_UNTRUSTED_PATTERN_LENGTH][:MAX_UNTRUSTED_PATTERNS]
        if len(kept) != len(values):
            refused.append(f"{key}: {len(values) - len(kept)} entr(ies) over the limits ({MAX_UNTRUSTED_PATTERNS} entries of {MAX_UNTRUSTED_PATTERN_LENGTH} characters)")
            setattr(config, key, kept)
    return config


def _from_mapping(data: dict[str, Any], source: str) -> Config:
    try:
        return _read_mapping(data, source)
    except ConfigError:
        raise
    except DriftError as exc:
        raise ConfigError(str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{source}: {exc}") from None


def _read_mapping(data: dict[str, Any], source: str) -> Config:
    config = Config(source=source)
    if not isinstance(data, dict):
        raise DriftError(f"{source}: drift settings must be a table/mapping")
    # ruff's convention: `extend-exclude` and `extend_exclude` are one setting.
    written = {str(key).replace("-", "_"): str(key) for key in data}
    data = {str(key).replace("-", "_"): value for key, value in data.items()}
    known = set(_LIST_KEYS) | {"extend_exclude", "extend_select", "per_file_ignores", "passthrough", "min_confidence", "max_file_bytes", "rules", "coverage", "fetch"}
    unknown = set(data) - known
    if unknown:
        import difflib

        hints = []
        for key in sorted(unknown):
            near = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
            shown = written.get(key, key)
            hints.append(f"{shown} (did you mean {near[0].replace('_', '-') if '-' in shown else near[0]}?)" if near else shown)
        raise DriftError(f"{source}: unknown drift setting(s): {', '.join(hints)}")
    for key in _LIST_KEYS:
        if key in data:
            value = data[key]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise DriftError(f"{source}: {key} must be a list of strings")
            setattr(config, key, list(value))
    config.exclude += list(data.get("extend_exclude", []))
    if config.select:
        config.select += list(data.get("extend_select", []))
    ignores = data.get("per_file_ignores", {})
    if not isinstance(ignores, dict) or not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in ignores.values()):
        raise DriftError(f"{source}: per-file-ignores must map path patterns to lists of rule codes or names")
    config.per_file_ignores = {str(k): list(v) for k, v in ignores.items()}
    for raw in data.get("passthrough", []):
        if not isinstance(raw, dict) or "prefix" not in raw or "program" not in raw:
            raise DriftError(f"{source}: each passthrough needs prefix and program")
        config.passthrough.append(
            Passthrough(str(raw["prefix"]), str(raw["program"]), raw.get("source"), bool(raw.get("strip_prefix", raw.get("strip-prefix", True))))
        )
    if "min_confidence" in data:
        if data["min_confidence"] not in CONFIDENCE_ORDER:
            raise DriftError(f"{source}: min_confidence must be low, medium or high")
        config.min_confidence = data["min_confidence"]
    if "max_file_bytes" in data:
        config.max_file_bytes = int(data["max_file_bytes"])
    if "fetch" in data:
        if not isinstance(data["fetch"], bool):
            raise DriftError(f"{source}: fetch must be true or false")
        config.fetch = data["fetch"]
    config.rules = dict(data.get("rules", {}))
    coverage = data.get("coverage", {})
    if not isinstance(coverage, dict):
        raise DriftError(f"{source}: coverage must be a table/mapping")
    config.coverage = dict(coverage)
    return config


def _parse(text: str, name: str) -> dict[str, Any] | None:
    try:
        if name.endswith((".yml", ".yaml")):
            data = yaml.safe_load(text) or {}
            return data.get("drift", data) if isinstance(data, dict) else None
        data = tomllib.loads(text)
    except (yaml.YAMLError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{name}: cannot parse settings: {exc}") from None
    if name.endswith("pyproject.toml"):
        return data.get("tool", {}).get("drift")
    return data.get("tool", {}).get("drift", data)


CONFIG_FILES = (".github/drift.yml", ".github/drift.yaml", "drift.toml", ".drift.toml", "pyproject.toml")


def _fragment(value: str) -> bool:
    """`--config "min-confidence = 'high'"`: a setting, not a file (as ruff reads it)."""
    return "=" in value and not Path(value).is_file()


def load_config(revision: Revision | None, explicit: str | list[str] | None = None) -> Config:
    """The settings: a file given (`--config FILE`), else the revision's own; then each
    `KEY = VALUE` given on the command line over them."""
    given = [explicit] if isinstance(explicit, str) else list(explicit or [])
    files = [value for value in given if not _fragment(value)]
    fragments = [value for value in given if _fragment(value)]
    data: dict[str, Any] | None = None
    source = "defaults"
    if files:
        path = Path(files[-1])
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise DriftError(f"{files[-1]}: cannot read config: {exc.strerror}") from None
        data, source = _parse(text, path.name) or {}, files[-1]
    elif revision is not None:
        for name in CONFIG_FILES:
            if name in revision.entries():
                text = revision.read(name).decode("utf-8", "replace")
                found = _parse(text, name)
                if found is not None:
                    data, source = found, name
                    break
    if fragments:
        data = dict(data or {})
        for fragment in fragments:
            try:
                data.update(tomllib.loads(fragment))
            except tomllib.TOMLDecodeError as exc:
                raise ConfigError(f"--config {fragment!r}: not a setting (KEY = VALUE, TOML): {exc}") from None
        source += " + command line"
    return _from_mapping(data, source) if data is not None else Config()


@lru_cache(maxsize=64)
def _spec(patterns: tuple[str, ...]) -> "pathspec.GitIgnoreSpec":
    """The patterns as .gitignore reads them (the README promises gitignore-style):
    `vendor` is the folder and all in it, `docs/*.md` does not reach into `docs/sub/`,
    `**/x/**` matches at any depth, `!keep.md` takes a path back."""
    return pathspec.GitIgnoreSpec.from_lines(patterns)


def _glob_match(path: str, pattern: str) -> bool:
    """One gitignore-style pattern against one path."""
    return _spec((pattern,)).match_file(path)
