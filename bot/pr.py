"""PR mode: what a change (base..head) removed, renamed or changed in the code, and the
docs at head that still name it; plus every doc line the change adds that is born stale.
"""

from __future__ import annotations

import posixpath
import time
from pathlib import Path
from typing import Any, Callable

import git

from .attribution import apply_renames, attribute, removed_exactly
from .cache import Cache, default_cache_path
from .changes import ChangeSet, anchor_changes, diff_facts
from .checks.classify import Claim
from .config import SETTINGS_NOTE, load_config, restrict_untrusted
from .engine import AuditResult, analyse, attach_lines, check_docs, heading_slugs, isolated_failure, load_rule_set, sorted_problems, stage
from .history import History
from .index import repository_web_url
from .revision import DriftError, Revision, open_repo


def default_base(repo: git.Repo, head: str) -> str:
    """The merge base of ``head`` with the default branch (origin's HEAD, main or master)."""
    candidates = []
    try:
        candidates.append(repo.git.symbolic_ref("--quiet", "--short", "refs/remotes/origin/HEAD"))
    except git.GitCommandError:
        pass
    candidates += ["origin/main", "origin/master", "main", "master"]
    for branch in candidates:
        try:
            repo.git.rev_parse("--verify", "--quiet", f"{branch}^{{commit}}")
        except git.GitCommandError:
            continue
        try:
            base = repo.git.merge_base(branch, head)
        except git.GitCommandError:
            continue
        if base == repo.git.rev_parse(head):
            # On the default branch itself: review the last commit.
            try:
                return repo.git.rev_parse(f"{head}^")
            except git.GitCommandError:
                raise DriftError(f"{head} has no parent to compare with: pass --base") from None
        return base
    raise DriftError("cannot find the default branch to compare with: pass --base")


def relevance(changes: ChangeSet, changed_lines: dict[str, set[int]]) -> Callable[[Claim], bool]:
    """Which claims PR mode needs to check: those on doc lines the change touches, those
    naming what the change removed or renamed, and links into docs it edited. Checking
    only these keeps a PR's cost near the cost of what it changed."""

    # `kl` in a metrics table names `train/kl`: the tails of the metrics the change touched.
    metric_tails = {c.old.rsplit("/", 1)[-1] for c in changes.changes if c.kind == "metric" and c.old}

    def wanted(claim: Claim) -> bool:
        if claim.line in changed_lines.get(claim.doc, ()):
            return True
        kind = claim.kind
        if kind == "metric" and claim.attrs.get("bare") and claim.text.rsplit("/", 1)[-1] in metric_tails:
            return True
        if kind == "flag":
            return changes.get(kind, claim.text) is not None or bool(changes.removed_from(kind, claim.text))
        if kind in ("env", "metric"):
            return changes.get(kind, claim.text) is not None
        if kind == "workflow_input":
            return changes.get(kind, f"{claim.attrs['workflow']}:{claim.text}") is not None
        if kind == "config":
            return changes.get("config_key", claim.text) is not None or bool(changes.removed_from("config_key", claim.text))
        if kind == "row":
            return changes.get("flag", claim.text) is not None
        if kind == "symbol":
            return changes.symbol(claim.text) is not None
        if kind == "field":
            flags = (f"--{claim.text}", f"--{claim.text.replace('_', '-')}")
            return any(changes.get("flag", f) is not None or changes.removed_from("flag", f) for f in flags)
        if kind == "path":
            for base in claim.attrs.get("bases", [""]):
                full = posixpath.normpath(posixpath.join(base, claim.text)) if base else posixpath.normpath(claim.text)
                if changes.path(full) is not None:
                    return True
            return False
        if kind == "anchor":
            target = claim.attrs.get("target") or ""
            doc = posixpath.normpath(posixpath.join(posixpath.dirname(claim.doc), target)) if target else claim.doc
            return any(doc == p or doc + ".md" == p or doc + "/README.md" == p for p in changed_lines)
        return False

    return wanted


def run_pr(
    path: str | Path = ".",
    base: str | None = None,
    head: str = "HEAD",
    config_file: str | list[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    use_cache: bool = True,
    jobs: int | None = None,
    blame: bool = True,
    fetch: bool = False,
    untrusted: bool = False,
) -> AuditResult:
    """PR mode. `untrusted`: the head's settings are the pull request author's (the App):
    only their safe subset applies (`bot.config.restrict_untrusted`), and `fetch` is the
    caller's to decide."""
    started = time.perf_counter()
    repo = open_repo(path)
    base = base or default_base(repo, head)
    with Revision(repo, head) as head_rev, Revision(repo, base) as base_rev:
        config = load_config(head_rev, config_file)
        if untrusted:
            restrict_untrusted(config, fetch)
        else:
            config.fetch = config.fetch or fetch  # the pinned source of the frameworks it extends
        cache = Cache(default_cache_path(repo.git_dir) if use_cache else None)
        history = History(repo)
        try:
            head_analysis = analyse(head_rev, config, cache, progress, jobs, reuse=True)
            base_analysis = analyse(base_rev, config, cache, progress, jobs, reuse=True)
            renames = history.renames(base_rev.commit, head_rev.commit)
            changes = ChangeSet(
                diff_facts(base_analysis.index, head_analysis.index, renames)
                + anchor_changes(heading_slugs(base_analysis), heading_slugs(head_analysis), renames)
            )
            changed_lines = history.changed_lines(base_rev.commit, head_rev.commit)
            doc_lines = {p: lines for p, lines in changed_lines.items() if p in head_analysis.docs}
            relevant = relevance(changes, changed_lines)
            problems: list[dict[str, Any]] = []
            renamed_away: list[Any] = []
            with stage(progress, "checking the docs"):
                checked = check_docs(head_analysis, changes=changes, relevant=relevant, problems=problems, base=base_analysis, renamed_away=renamed_away)
            # Drift the change did not cause (a link that was broken before) is the audit's.
            findings = [f for f in checked if f.change is not None or f.line in doc_lines.get(f.path, ()) or f.rule == "DRIFT016"]
            # Paths whose first part is nowhere, on lines the change wrote: history judges them.
            renamed_away = [f for f in renamed_away if f.line in doc_lines.get(f.path, ())]
            if findings or renamed_away:
                try:
                    if renamed_away:
                        apply_renames(renamed_away, history, head_rev.commit, head_analysis.index.path_exists, head_analysis.index.package_roots)
                        gone = removed_exactly([f for f in renamed_away if f.replacement is None], history, head_rev.commit, head_analysis.index.path_exists)
                        findings += [f for f in renamed_away if f.replacement is not None] + gone
                    apply_renames(findings, history, head_rev.commit, head_analysis.index.path_exists, head_analysis.index.package_roots)
                    with stage(progress, "reading history (blame)" if blame else "reading history"):
                        attribute(findings, history, head_rev.commit, base_rev.commit, index=head_analysis.index, rule_set=load_rule_set(head_rev, config), blame=blame)
                except Exception as exc:  # history is evidence, not the check: keep the findings
                    problems.append(isolated_failure("blame", "", None, exc))
                attach_lines(head_rev, findings)
        finally:
            cache.close()
            history.close()
        stats: dict[str, Any] = {
            "code_files": len(head_analysis.extracted.code),
            "doc_files": len(head_analysis.docs),
            "parsed": head_analysis.extracted.parsed + base_analysis.extracted.parsed,
            "cached": head_analysis.extracted.cached + base_analysis.extracted.cached,
            "changes": len(changes),
            "changed_doc_files": len(doc_lines),
            "claims_checked": len(checked),
            "seconds": round(time.perf_counter() - started, 3),
            "config": config.source,
        }
        relevant = [c.to_dict() for c in changes.changes if c.kind != "path" or c.change == "renamed"]
        return AuditResult(
            head_rev.commit,
            findings,
            base=base_rev.commit,
            changes=relevant,
            skipped=head_analysis.extracted.skipped,
            notes={**head_analysis.extracted.notes, **({SETTINGS_NOTE: list(config.refused)} if config.refused else {})},
            stats=stats,
            internal_errors=sorted_problems(problems),
            repository_url=repository_web_url(head_rev),
        )
