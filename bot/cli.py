"""The `drift` command line. Exit 0: clean; 1: findings; 2: error."""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from contextlib import contextmanager
from typing import Sequence

from . import __version__
from .revision import DriftError


class Progress:
    """A one-line progress bar on a terminal; silent otherwise."""

    def __init__(self, stream=None):
        # The stream of the moment, not the one at import (a replaced or closed stderr).
        self.stream = stream if stream is not None else sys.stderr
        try:
            self.enabled = self.stream.isatty() and os.environ.get("TERM") != "dumb"
        except (ValueError, OSError):
            self.enabled = False

    @contextmanager
    def stage(self, label: str, after: float = 1.0, every: float = 0.25):
        """`label... 3s` on one line while a stage runs longer than `after` seconds (a
        blank terminal for the length of git blame reads as a hang); cleared at the end."""
        if not self.enabled:
            yield
            return
        done = threading.Event()
        started = time.monotonic()
        shown = []

        def tick() -> None:
            if done.wait(after):
                return
            while True:
                line = f"\r{label}... {time.monotonic() - started:.0f}s"
                self.stream.write(line)
                self.stream.flush()
                shown.append(len(line))
                if done.wait(every):
                    return

        thread = threading.Thread(target=tick, daemon=True)
        thread.start()
        try:
            yield
        finally:
            done.set()
            thread.join()
            if shown:
                self.stream.write("\r" + " " * max(shown) + "\r")
                self.stream.flush()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total < 50:
            return
        width = 30
        filled = int(width * done / max(total, 1))
        self.stream.write(f"\rparsing [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done >= total:
            self.stream.write("\r" + " " * (width + 30) + "\r")
        self.stream.flush()


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", default=".", help="a directory inside the git repository (default: .)")
    parser.add_argument("--config", metavar="FILE|KEY=VALUE", action="append", help="settings file (default: [tool.drift] in pyproject.toml or .github/drift.yml at the revision), or one setting over it in TOML (`--config \"min-confidence = 'high'\"`); repeatable")
    parser.add_argument("--select", metavar="RULES", help="only these rules, comma-separated codes or names (DRIFT001,unknown-flag)")
    parser.add_argument("--ignore", metavar="RULES", help="not these rules, comma-separated codes or names")
    parser.add_argument("--format", choices=["text", "json", "sarif", "github"], default="text", help="output format (default: text)")
    parser.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE instead of standard output")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the extraction cache")
    parser.add_argument("--jobs", "-j", type=int, default=None, help="worker processes for parsing (default: all cores)")
    parser.add_argument("--verbose", "-v", action="store_true", help="also list skipped files and notes")
    parser.add_argument("--timings", action="store_true", help="with --format json: also the run's seconds and cache counts (which differ between runs)")
    parser.add_argument("--fetch", action="store_true", help="fetch the source of frameworks and passthrough targets at the version the repository pins (into ~/.cache/drift)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="drift", description="Find the places where a repository's docs no longer match its code.")
    parser.add_argument("--version", action="version", version=f"drift {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    audit = sub.add_parser("audit", help="check every doc against the code at one revision")
    _add_common(audit)
    audit.add_argument("--rev", default="HEAD", help="the revision to audit (default: HEAD)")
    audit.add_argument("--no-blame", action="store_true", help="skip the git-history attribution")
    where = audit.add_mutually_exclusive_group()
    where.add_argument("--staged", action="store_true", help="audit what is staged (the commit about to be made), as a pre-commit hook does")
    where.add_argument("--worktree", action="store_true", help="audit the work tree as it is, uncommitted changes included")
    audit.add_argument("--baseline", metavar="FILE", help="report only findings not recorded in FILE (written by --write-baseline)")
    audit.add_argument("--write-baseline", metavar="FILE", help="record today's findings in FILE, to adopt drift without fixing them first")
    audit.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")

    pr = sub.add_parser("pr", help="what a change (base..head) made stale in the docs, and stale text it adds to the docs")
    _add_common(pr)
    pr.add_argument("--base", help="the base revision (default: merge base with the default branch)")
    pr.add_argument("--head", default="HEAD", help="the head revision (default: HEAD)")
    pr.add_argument("--no-blame", action="store_true", help="skip the git-history attribution")

    fix = sub.add_parser("fix", help="apply the suggested edits to the working tree")
    _add_common(fix)
    fix.add_argument("--base", help="fix what `drift pr --base BASE` finds (default: what `drift audit` finds)")
    fix.add_argument("--dry-run", action="store_true", help="print the edits as a unified diff; change nothing")
    fix.add_argument("--all", action="store_true", help="also apply guessed replacements (closest names)")

    history = sub.add_parser("history", help="when a name appeared and disappeared in the code and in the docs")
    history.add_argument("token", help="a flag, path, env var, metric or symbol, as written")
    history.add_argument("path", nargs="?", default=".", help="a directory inside the git repository")
    history.add_argument("--rev", default="HEAD")
    history.add_argument("--format", choices=["text", "json"], default="text")

    reference = sub.add_parser("reference", help="print a reference table of the repository's flags, generated from the code")
    reference.add_argument("path", nargs="?", default=".")
    reference.add_argument("--rev", default="HEAD")
    reference.add_argument("--config", metavar="FILE")
    reference.add_argument("--group", help="only the flags of this argument group")
    reference.add_argument("--program", help="only this program's flags (a console script, a script path or a module), one section per argument group")
    reference.add_argument("--list-programs", action="store_true", help="list the programs drift found, with their flag counts")
    reference.add_argument("--format", choices=["markdown", "json"], default="markdown")
    reference.add_argument("--columns", help="comma-separated columns (default: Flag,Description,Default,Type,Choices,Source)")
    reference.add_argument("--with-external", action="store_true", help="also list passthrough programs' flags read from their source")
    reference.add_argument("--output", "-o", metavar="FILE")

    externals = sub.add_parser("externals", help="the other programs whose flags the repository's commands name: how each was found, its version, its flags")
    externals.add_argument("path", nargs="?", default=".")
    externals.add_argument("--rev", default="HEAD")
    externals.add_argument("--config", metavar="FILE")
    externals.add_argument("--fetch", action="store_true", help="fetch pinned sources that are not installed or cached")
    externals.add_argument("--format", choices=["text", "json"], default="text")

    coverage = sub.add_parser("coverage", help="what the code defines that no doc mentions, by kind and group")
    coverage.add_argument("path", nargs="?", default=".")
    coverage.add_argument("--rev", default="HEAD")
    coverage.add_argument("--config", metavar="FILE")
    coverage.add_argument("--format", choices=["text", "json", "markdown", "html", "svg"], default="text")
    coverage.add_argument("--output", "-o", metavar="FILE")
    coverage.add_argument("--fail-under", type=float, metavar="PCT", help="exit 1 when overall coverage is below PCT")
    coverage.add_argument("--since", metavar="REV", help="show the trend from REV to --rev")
    coverage.add_argument("--step", type=int, default=10, help="with --since: sample every N first-parent commits")
    coverage.add_argument("--open-issues", action="store_true", help="open or update follow-up issues on GitHub (token from GITHUB_TOKEN)")
    coverage.add_argument("--repo", metavar="OWNER/NAME", help="with --open-issues: the GitHub repository (default GITHUB_REPOSITORY)")

    action = sub.add_parser("action", help="run as a GitHub Actions step (review a pull request, or write SARIF or annotations)")
    action.add_argument("path", nargs="?", default=".")
    action.add_argument("--conclusion", choices=["neutral", "failure"], default=os.environ.get("INPUT_CONCLUSION", "neutral") or "neutral", help="check run conclusion when there are findings")
    action.add_argument("--fail-on-findings", action="store_true", default=os.environ.get("INPUT_FAIL_ON_FINDINGS", "false").lower() == "true")
    action.add_argument("--mode", choices=["review", "sarif", "annotations"], default=os.environ.get("INPUT_MODE", "review") or "review", help="review (pull requests), sarif (code scanning) or annotations")
    action.add_argument("--config", default=os.environ.get("INPUT_CONFIG") or None, help="config file (default: the repository's own)")
    action.add_argument("--sarif-file", default=os.environ.get("INPUT_SARIF_FILE") or "drift.sarif", help="where sarif mode writes (default drift.sarif)")

    serve = sub.add_parser("serve", help="run the GitHub App's webhook server (settings from DRIFT_* env vars)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    worker = sub.add_parser("worker", help="run the GitHub App's job worker")
    worker.add_argument("--workers", type=int, default=None, help="worker threads (default DRIFT_WORKERS or 2)")

    jobs = sub.add_parser("jobs", help="the GitHub App's recent jobs: list them, requeue one, purge the failed (settings from DRIFT_* env vars)")
    jobs.add_argument("--status", choices=["queued", "running", "retry", "done", "failed"], help="only jobs in this state")
    jobs.add_argument("--limit", type=int, default=20)
    jobs.add_argument("--requeue", metavar="JOB_ID", help="run this job again (a failed one, or a finished one)")
    jobs.add_argument("--purge", action="store_true", help="delete the failed jobs")
    jobs.add_argument("--format", choices=["text", "json"], default="text")

    rules = sub.add_parser("rules", help="list the rules, or show one rule's documentation")
    rules.add_argument("rule", nargs="?", help="a rule code (DRIFT001) or name (stale-path)")
    rules.add_argument("--markdown", action="store_true", help="print every rule's page as one Markdown document")

    completion = sub.add_parser("completion", help="print a shell completion script: `source <(drift completion bash)`")
    completion.add_argument("shell", choices=["bash", "zsh", "tcsh"])
    return parser


def _emit(text: str, output: str | None) -> None:
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)


def _cmd_audit(args: argparse.Namespace) -> int:
    from .engine import audit

    rev = args.rev
    if args.staged or args.worktree:
        from .worktree import snapshot

        rev = snapshot(args.path, staged=args.staged)
    result = audit(args.path, rev, args.config, Progress(), use_cache=not args.no_cache, jobs=args.jobs, blame=not args.no_blame)
    if args.write_baseline:
        from .baseline import write

        count = write(args.write_baseline, result.findings)
        sys.stderr.write(f"drift: {count} finding(s) recorded in {args.write_baseline}; `drift audit --baseline {args.write_baseline}` reports only new ones\n")
        return 0
    if args.baseline:
        from .baseline import apply, read

        apply(result, read(args.baseline))
    code = _report(result, args)
    return 0 if args.exit_zero and code == 1 else code


def _cmd_pr(args: argparse.Namespace) -> int:
    from .pr import run_pr

    result = run_pr(args.path, args.base, args.head, args.config, Progress(), use_cache=not args.no_cache, jobs=args.jobs, blame=not args.no_blame)
    return _report(result, args)


def _report(result, args: argparse.Namespace) -> int:
    """Print a result in the chosen format; exit 1 for findings, 2 only when internal
    errors left nothing audited. A reporter that fails falls back to JSON."""
    from .report import render

    if args.format == "text":
        options = {"color": sys.stdout.isatty() and not args.output, "verbose": args.verbose}
    elif args.format == "json":
        options = {"timings": args.timings}
    else:
        options = {}
    try:
        text = render(result, args.format, **options)
    except Exception as exc:  # the findings are not lost with the reporter
        sys.stderr.write(f"drift: the {args.format} report failed ({type(exc).__name__}: {exc}); printing JSON instead\n")
        from .engine import isolated_failure

        result.internal_errors.append(isolated_failure(f"report {args.format}", "", None, exc))
        text = render(result, "json")
    _emit(text, args.output)
    for problem in result.internal_errors if args.verbose or args.format == "text" else ():
        where = f"{problem['path']}:{problem['line']}" if problem.get("line") else problem.get("path") or "-"
        sys.stderr.write(f"drift: internal error in {problem['stage']} at {where}: {problem['error']} (isolated; the rest was audited)\n")
    if result.audited_nothing:
        return 2
    return 1 if result.errors else 0


def _cmd_fix(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .engine import audit
    from .fix import plan_fixes, write_fixes
    from .pr import run_pr
    from .revision import open_repo

    if args.base:
        result = run_pr(args.path, args.base, "HEAD", args.config, Progress(), use_cache=not args.no_cache, jobs=args.jobs)
    else:
        result = audit(args.path, "HEAD", args.config, Progress(), use_cache=not args.no_cache, jobs=args.jobs)
    root = Path(open_repo(args.path).working_tree_dir or ".")
    plan = plan_fixes(root, result.findings, include_guesses=args.all)
    if args.dry_run:
        _emit(plan.diff(), args.output)
    else:
        write_fixes(root, plan)
    for finding, reason in plan.skipped:
        if args.verbose:
            sys.stderr.write(f"not fixed {finding.path}:{finding.line} {finding.text}: {reason}\n")
    verb = "would apply" if args.dry_run else "applied"
    files = len(set(plan.edits) | set(plan.spans))
    sys.stderr.write(f"drift: {verb} {len(plan.applied)} edit(s) in {files} file(s); {len(plan.skipped)} left for a person (-v says why)\n")
    return 0


def _cmd_history(args: argparse.Namespace) -> int:
    import json
    import posixpath

    from .history import CODE_PATHSPEC, DOC_PATHSPEC, History
    from .history_scan import path_history
    from .revision import open_repo, resolve_commit

    repo = open_repo(args.path)
    head = resolve_commit(repo, args.rev)
    history = History(repo)
    try:
        code = history.timeline(args.token, head, CODE_PATHSPEC)
        docs = history.timeline(args.token, head, DOC_PATHSPEC)
        # A path has a life of its own in the tree: added, renamed, deleted.
        as_path = posixpath.normpath(args.token.lstrip("/")) if args.token.strip("/.") else ""
        paths = path_history(history, head)
        files = paths.timeline(as_path) if as_path and paths.known(as_path) else []
    finally:
        history.close()
    if args.format == "json":
        sys.stdout.write(json.dumps({"token": args.token, "code": code, "docs": docs, "path": files}, indent=2) + "\n")
        return 0
    for title, events in (("code", code), ("docs", docs)):
        sys.stdout.write(f"{args.token} in {title}:\n")
        if not events:
            sys.stdout.write("  never written\n")
        for e in events:
            sign = f"+{e['added']} -{e['removed']}"
            pr = f" (#{e['pr']})" if e.get("pr") else ""
            sys.stdout.write(f"  {e['date'][:10]}  {e['commit'][:10]}{pr}  {sign:<9} {e['author']}: {e['subject']}\n")
        if events:
            net = sum(e["added"] - e["removed"] for e in events)
            state = "still present" if net > 0 else "gone since " + events[-1]["date"][:10]
            sys.stdout.write(f"  first {events[0]['date'][:10]}, {state}\n")
    if files:
        sys.stdout.write(f"{as_path} as a path:\n")
        for e in files:
            pr = f" (#{e['pr']})" if e.get("pr") else ""
            if e["change"] == "renamed":
                what = f"renamed {e['path']} -> {e['renamed_to']}"
            else:
                what = f"{e['change']} {e['path']}"
            sys.stdout.write(f"  {e['date'][:10]}  {e['commit'][:10]}{pr}  {what}  {e['author']}: {e['subject']}\n")
        last = files[-1]
        here = last["change"] == "added" or last.get("renamed_to", "").startswith(as_path) and (last["renamed_to"] == as_path or last["renamed_to"].startswith(as_path + "/"))
        state = "present" if here else ("renamed to " + last["renamed_to"] if last["change"] == "renamed" else "deleted") + " since " + last["date"][:10]
        sys.stdout.write(f"  first {files[0]['date'][:10]}, {state}\n")
    return 0


def _cmd_reference(args: argparse.Namespace) -> int:
    from .cache import Cache, default_cache_path
    from .config import load_config
    from .engine import analyse
    from .reference import flag_rows, render_json, render_markdown, render_sections
    from .revision import Revision, open_repo

    repo = open_repo(args.path)
    with Revision(repo, args.rev) as revision:
        config = load_config(revision, args.config)
        cache = Cache(default_cache_path(repo.git_dir))
        try:
            analysis = analyse(revision, config, cache, Progress())
        finally:
            cache.close()
    from .programs import display_name, entry_programs, find_program, naming_notes, program_flags

    programs = entry_programs(analysis.index)
    if args.list_programs:
        from .config_classes import option_rows
        from .hydra_programs import hydra_programs, hydra_rows

        def count(p):
            options = len(option_rows(analysis.index, p.entry))
            keys = len(hydra_rows(analysis.index, p.entry))
            # Options as coverage counts them: aliases and `--no-` forms of one option once.
            flags = len({(f.path, f.line, f.attrs.get("dest") or name) for name, facts in program_flags(analysis.index, p).items() if name.startswith("--") and "{" not in name for f in facts[:1]})
            said = f"{flags:>5} flags" + (f" + {options} config-class options" if options else "")
            return said + (f" + {keys} config keys ({hydra_programs(analysis.index)[p.entry]})" if keys else "")

        lines = [f"{display_name(analysis.index, p):<50} {p.role:<8} {count(p)}" + (f"  (also: {', '.join(sorted(p.open_to))})" if p.open_to else "") for p in programs]
        _emit("\n".join(lines) + "\n", args.output)
        return 0
    program = None
    if args.program:
        program = find_program(analysis.index, args.program)
        if program is None:
            names = ", ".join(display_name(analysis.index, p) for p in programs if p.role == "main")[:400]
            raise DriftError(f"no program {args.program!r}; main programs: {names or 'none'} (drift reference --list-programs lists all)")
    elif len(programs) > 1 and args.format == "markdown":
        print(f"drift: {len(programs)} programs define flags here; this table pools them. One program's: --program NAME (--list-programs)", file=sys.stderr)
    rows = flag_rows(analysis.index, args.group, program=program)
    if program is not None and args.format == "markdown":
        columns = [c.strip() for c in args.columns.split(",")] if args.columns else None
        notes = naming_notes(analysis.index, program, config.passthrough)
        _emit(render_sections(rows, columns, display_name(analysis.index, program), notes), args.output)
        return 0
    if args.with_external:
        from .reference import external_rows

        rows += [r for r in external_rows(analysis.external) if args.group in (None, r["group"])]
    if args.group and not rows:
        groups = sorted({r["group"] for r in flag_rows(analysis.index)})
        raise DriftError(f"no flags in group {args.group!r}; groups: {', '.join(groups[:30])}")
    columns = [c.strip() for c in args.columns.split(",")] if args.columns else None
    _emit(render_json(rows) if args.format == "json" else render_markdown(rows, columns), args.output)
    return 0


def _coverage_at(path: str, rev: str, config_file: str | list[str] | None):
    from .cache import Cache, default_cache_path
    from .config import load_config
    from .coverage import compute
    from .engine import analyse
    from .revision import Revision, open_repo

    repo = open_repo(path)
    with Revision(repo, rev) as revision:
        config = load_config(revision, config_file)
        cache = Cache(default_cache_path(repo.git_dir))
        try:
            analysis = analyse(revision, config, cache, Progress(), reuse=True)
        finally:
            cache.close()
        return compute(analysis, config.coverage), config, analysis


def _cmd_coverage(args: argparse.Namespace) -> int:
    from .report import coverage as reports

    if args.since:
        return _coverage_trend(args)
    coverage, config, analysis = _coverage_at(args.path, args.rev, args.config)
    render = {"text": reports.text, "json": reports.as_json, "markdown": reports.markdown, "html": reports.html_page, "svg": reports.badge}[args.format]
    _emit(render(coverage), args.output)
    if args.open_issues:
        from .github.action import github_client
        from .github.coverage_issues import sync_issues
        from .reference import paste_rows

        token = os.environ.get("GITHUB_TOKEN") or os.environ.get("DRIFT_GITHUB_TOKEN")
        name = args.repo or os.environ.get("GITHUB_REPOSITORY")
        if not token or not name:
            raise DriftError("--open-issues needs GITHUB_TOKEN and --repo (or GITHUB_REPOSITORY)")
        api = os.environ.get("DRIFT_GITHUB_URL") or os.environ.get("GITHUB_API_URL")
        rows = paste_rows(analysis, (config.coverage.get("reference") or {}).get("flags"))
        report = sync_issues(github_client(token, api).get_repo(name), coverage, config.coverage.get("issues", "group"), rows=rows)
        sys.stderr.write(f"drift: issues created {report.created}, updated {report.updated}, closed {report.closed}, duplicates closed {report.duplicates_closed}\n")
    if args.fail_under is not None and coverage.percent < args.fail_under:
        sys.stderr.write(f"drift: coverage {coverage.percent}% is under {args.fail_under}%\n")
        return 1
    return 0


def _coverage_trend(args: argparse.Namespace) -> int:
    import json

    import git

    from .revision import open_repo

    if args.format not in ("text", "json", "markdown"):
        raise DriftError(f"--since prints a trend as text, json or markdown, not {args.format}")
    repo = open_repo(args.path)
    try:
        start = repo.git.rev_parse("--verify", f"{args.since}^{{commit}}")
    except git.GitCommandError:
        raise DriftError(f"unknown revision {args.since!r}") from None
    # The trend starts at --since itself, then every --step-th commit, and ends at --rev.
    commits = [start] + repo.git.rev_list("--first-parent", "--reverse", f"{start}..{args.rev}").split()
    sampled = commits[:: max(args.step, 1)]
    if sampled[-1] != commits[-1]:
        sampled.append(commits[-1])
    rows = []
    for commit in sampled:
        coverage, _, _ = _coverage_at(args.path, commit, args.config)
        data = coverage.to_dict()
        date = repo.git.log("-1", "--format=%as", commit)
        kinds = {k: {"percent": v["percent"], "documented": v["documented"], "defined": v["defined"]} for k, v in data["kinds"].items()}
        rows.append({"commit": commit, "date": date, "total": data["total"], "kinds": kinds})
    if args.format == "json":
        _emit(json.dumps(rows, indent=2) + "\n", args.output)
    else:
        names = list(rows[-1]["kinds"])
        cell = lambda value: f"{value['percent']}% ({value['documented']}/{value['defined']})"  # noqa: E731
        table = [["date", "commit", "total", *names]] + [
            [row["date"], row["commit"][:10], cell(row["total"]), *(cell(row["kinds"][n]) if n in row["kinds"] else "" for n in names)] for row in rows
        ]
        if args.format == "markdown":
            lines = ["| " + " | ".join(table[0]) + " |", "|" + " --- |" * len(table[0])] + ["| " + " | ".join(r) + " |" for r in table[1:]]
        else:
            widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
            lines = ["  ".join(value.ljust(width) for value, width in zip(r, widths)).rstrip() for r in table]
        _emit("\n".join(lines) + "\n", args.output)
    last = rows[-1]["total"]["percent"]
    if args.fail_under is not None and last < args.fail_under:
        sys.stderr.write(f"drift: coverage {last}% is under {args.fail_under}%\n")
        return 1
    return 0


def _cmd_action(args: argparse.Namespace) -> int:
    from .github.action import run_action

    return run_action(args.path, args.conclusion, args.fail_on_findings, mode=args.mode, config=args.config, sarif_file=args.sarif_file)


def _cmd_serve(args: argparse.Namespace) -> int:
    import logging

    import uvicorn

    from .app.queue import get_queue
    from .app.settings import load_settings, scrub_environment
    from .app.webhook import create_app

    from .app.logs import setup_logging

    setup_logging()
    settings = load_settings()
    scrub_environment()
    app = create_app(get_queue(settings))
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")
    return 0


def _cmd_jobs(args: argparse.Namespace) -> int:
    """An operator's view of the App's queue, from the same state the workers use."""
    import time as _time

    from .app.queue import get_queue
    from .app.settings import load_settings

    queue = get_queue(load_settings())
    store = queue.store
    if args.requeue:
        if not store.requeue(args.requeue):
            raise DriftError(f"no job {args.requeue!r} to requeue (unknown, or running now)")
        queue.enqueue(args.requeue)
        sys.stdout.write(f"requeued {args.requeue}\n")
        return 0
    if args.purge:
        sys.stdout.write(f"purged {store.purge('failed')} failed job(s)\n")
        return 0
    jobs = store.recent(args.limit, args.status)
    if args.format == "json":
        sys.stdout.write(json.dumps({"counts": store.counts(), "jobs": jobs}, indent=2) + "\n")
        return 0
    counts = store.counts()
    sys.stdout.write("jobs: " + (", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none") + "\n")
    for job in jobs:
        when = _time.strftime("%Y-%m-%d %H:%M:%S", _time.gmtime(job["created"]))
        target = f"{job['repo']}#{job['number']}" if job.get("number") else (job.get("repo") or "")
        line = f"{when}  {job['status']:<7} {job['kind']:<8} {target:<30} {job['id']}  attempts {job['attempts']}"
        if job.get("error"):
            line += f"\n    error: {job['error'][:300]}"
        sys.stdout.write(line + "\n")
    return 0


def _cmd_worker(args: argparse.Namespace) -> int:
    import logging
    import threading

    from huey.consumer import Consumer

    from .app.queue import get_queue
    from .app.settings import load_settings, scrub_environment

    from .app.logs import setup_logging

    setup_logging()
    settings = load_settings()
    settings.require_app()
    scrub_environment()
    queue = get_queue(settings)
    queue.requeue_orphans()  # jobs a previous worker left behind
    stop = threading.Event()
    # Orphans and retries are picked up within seconds, not a whole lease.
    every = max(1.0, min(15.0, settings.job_lease_seconds / 2))
    threading.Thread(target=queue.recovery_loop, args=(stop, every), daemon=True).start()
    consumer = Consumer(queue.huey, workers=args.workers or settings.workers, worker_type="thread", periodic=True, check_worker_health=True)
    try:
        consumer.run()
    finally:
        stop.set()
    return 0


def _cmd_externals(args: argparse.Namespace) -> int:
    import json

    from .cache import Cache, default_cache_path
    from .config import load_config
    from .engine import analyse
    from .programs import display_name, entry_programs
    from .revision import Revision, open_repo

    repo = open_repo(args.path)
    with Revision(repo, args.rev) as revision:
        config = load_config(revision, args.config)
        config.fetch = config.fetch or args.fetch
        cache = Cache(default_cache_path(repo.git_dir))
        try:
            analysis = analyse(revision, config, cache, Progress())
        finally:
            cache.close()
    index = analysis.index
    known = {e["program"] for e in analysis.externals}
    programs = []
    for program in entry_programs(index):
        names = sorted(name for name in program.frameworks if name in known)
        if names:
            programs.append({"program": display_name(index, program), "role": program.role, "externals": names})
    if args.format == "json":
        sys.stdout.write(json.dumps({"externals": analysis.externals, "programs": programs}, indent=2) + "\n")
        return 0
    if not analysis.externals:
        sys.stdout.write("No program here takes options from another package's parser, and no passthrough is configured.\n")
        return 0
    for entry in analysis.externals:
        version = f" {entry['version']}" if entry.get("version") else ""
        prefix = f" (for {entry['prefix']}*)" if entry.get("prefix") else ""
        how = {"pinned": "pinned, not fetched", "fetched": "pinned and fetched"}.get(entry["how"], entry["how"])
        where = f" at {entry['where']}" if entry.get("where") else ""
        pin = f" (pinned in {entry['pin']})" if entry.get("pin") else ""
        sys.stdout.write(f"{entry['display']}{version}{prefix}: {how}{where}{pin}; {entry['flags']} flags\n")
        users = [p["program"] for p in programs if entry["program"] in p["externals"]]
        if users:
            sys.stdout.write(f"    used by: {', '.join(users[:8])}" + (f" and {len(users) - 8} more" if len(users) > 8 else "") + "\n")
        if entry.get("missing"):
            sys.stdout.write(f"    missing: {entry['missing']}\n")
    return 0


def _cmd_completion(args: argparse.Namespace) -> int:
    # shtab writes the script from the parser itself, so it never lags a new option.
    import shtab

    sys.stdout.write(shtab.complete(build_parser(), args.shell))
    return 0


def _cmd_rules(args: argparse.Namespace) -> int:
    from .checks import all_rules, rule_by_code

    if args.markdown:
        sys.stdout.write(rules_markdown())
        return 0
    if args.rule:
        rule = rule_by_code(args.rule)
        if rule is None:
            raise DriftError(f"no rule {args.rule!r}: `drift rules` lists them")
        sys.stdout.write((rule.__doc__ or "").strip() + "\n")
        return 0
    width = max(len(rule.NAME) for rule in all_rules())
    for rule in all_rules():
        title = (rule.__doc__ or "").strip().splitlines()[0].split(":", 1)[-1].strip()
        sys.stdout.write(f"{rule.CODE}  {rule.NAME:<{width}}  {rule.SEVERITY:<8} {title}\n")
    return 0


def rules_markdown() -> str:
    from .checks import all_rules
    from .homepage import rule_anchor

    parts = ["# drift rules\n\nGenerated by `drift rules --markdown` from each rule's docstring.\n"]
    for rule in all_rules():
        doc = (rule.__doc__ or "").strip()
        title, _, body = doc.partition("\n")
        # An explicit anchor that survives a reworded title: SARIF's helpUri points at it.
        parts.append(f'<a id="{rule_anchor(rule.CODE)}"></a>\n\n## {title}\n\nSeverity: {rule.SEVERITY}.\n\n{body.strip()}\n')
    return "\n".join(parts)


COMMANDS = {"audit": _cmd_audit, "pr": _cmd_pr, "externals": _cmd_externals, "fix": _cmd_fix, "history": _cmd_history, "action": _cmd_action, "coverage": _cmd_coverage, "reference": _cmd_reference, "serve": _cmd_serve, "worker": _cmd_worker, "jobs": _cmd_jobs, "rules": _cmd_rules, "completion": _cmd_completion}


# Options every command takes that a user may write before the command (`drift -v fix`).
_GLOBAL_FLAGS = {"-v", "--verbose", "--no-cache", "--timings"}


def _command_first(argv: list[str]) -> list[str]:
    """`drift -v fix --dry-run` as `drift fix -v --dry-run`: common options may come first."""
    lead = []
    while argv and argv[0] in _GLOBAL_FLAGS:
        lead.append(argv.pop(0))
    if lead and argv and argv[0] in ("audit", "pr", "fix"):  # the commands that take them
        return [argv[0], *lead, *argv[1:]]
    return lead + argv


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = _command_first(list(sys.argv[1:] if argv is None else argv))
    if argv and argv[0] not in COMMANDS and not argv[0].startswith("-") and not os.path.exists(argv[0]):
        import difflib

        near = difflib.get_close_matches(argv[0], list(COMMANDS), n=1, cutoff=0.6)
        if near:  # `drift covrage`: a command misspelled, not a directory
            sys.stderr.write(f"drift: error: no command {argv[0]!r}; did you mean {near[0]!r}? (`drift --help` lists them)\n")
            return 2
    if not argv or argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version"):
        argv = ["audit", *argv]  # `drift` alone audits the repository it stands in
    if argv[0] == "history" and len(argv) > 1 and argv[1].startswith("-") and argv[1] not in ("-h", "--help", "--rev", "--format", "--"):
        argv = ["history", "--", *argv[1:]]  # `drift history --old-flag`: the flag is the token
    args = parser.parse_args(argv)
    for key in ("select", "ignore"):
        # `--select DRIFT001,unknown-flag` is the setting of that name, given last.
        if getattr(args, key, None):
            rules = [r.strip() for r in getattr(args, key).split(",") if r.strip()]
            args.config = [*(args.config or []), f"{key} = {json.dumps(rules)}"]
    if getattr(args, "fetch", False):
        os.environ["DRIFT_FETCH"] = "1"  # read where the analysis resolves externals, for every command
    try:
        return COMMANDS[args.command](args)
    except DriftError as exc:
        sys.stderr.write(f"drift: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("drift: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except Exception:  # a bug in drift: say so, keep the trace, and do not pass for "findings"
        import traceback

        traceback.print_exc()
        sys.stderr.write("drift: internal error (the trace above); please report it\n")
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
