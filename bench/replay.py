#!/usr/bin/env python3
"""Replays a repository's history through PR mode, as the bot would have seen it.

    python bench/replay.py PATH [--commits N | --range A..B] [--blame]

For each first-parent commit that changed code or docs, runs `drift pr` with its parent
as base, and records the findings and the time. A finding counts as *confirmed* when a
later commit (up to the end of the range) changed or removed the doc line it flags: a
person fixed it, a sign the finding was real. Prints the counts, the confirmed share,
median and p95 time per PR (warm cache, as a running bot has), and a cold full audit of
the last commit for comparison. Findings are written to --out as JSON lines.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine import audit  # noqa: E402
from bot.extract import code_kind, doc_kind  # noqa: E402
from bot.pr import run_pr  # noqa: E402


def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout


def relevant(repo: str, commit: str) -> bool:
    names = git(repo, "diff-tree", "--no-commit-id", "--name-only", "-r", "-M", f"{commit}^", commit).split()
    return any(code_kind(n) or doc_kind(n) for n in names)


def line_survives(repo: str, end: str, path: str, line: str, cache: dict) -> bool:
    if path not in cache:
        try:
            cache[path] = set(git(repo, "show", f"{end}:{path}").splitlines())
        except subprocess.CalledProcessError:
            cache[path] = set()
    return line in cache[path]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--commits", type=int, default=100, help="replay the last N first-parent commits (default 100)")
    parser.add_argument("--range", help="A..B instead of --commits")
    parser.add_argument("--blame", action="store_true", help="also time git-history attribution")
    parser.add_argument("--out", default=None, help="write findings as JSON lines here")
    args = parser.parse_args()

    repo = args.path
    if args.range:
        commits = git(repo, "rev-list", "--first-parent", "--reverse", args.range).split()
        end = git(repo, "rev-parse", args.range.split("..")[-1] or "HEAD").strip()
    else:
        commits = git(repo, "rev-list", "--first-parent", "--reverse", f"--max-count={args.commits}", "HEAD").split()
        end = git(repo, "rev-parse", "HEAD").strip()
    history_end = git(repo, "rev-parse", "HEAD").strip()
    cache_dir = tempfile.mkdtemp(prefix="drift-replay-")
    os.environ["DRIFT_CACHE_DIR"] = cache_dir
    out = open(args.out, "w") if args.out else None

    times, per_rule, replayed, with_findings = [], Counter(), 0, 0
    confirmed = judged = 0
    survivors: dict[str, set[str]] = {}
    first = True
    for commit in commits:
        try:
            git(repo, "rev-parse", f"{commit}^")
        except subprocess.CalledProcessError:
            continue  # the root commit has no base
        if not relevant(repo, commit):
            continue
        started = time.perf_counter()
        result = run_pr(repo, f"{commit}^", commit, blame=args.blame)
        elapsed = time.perf_counter() - started
        if first:
            first = False  # the first PR fills the cache: not a warm measurement
        else:
            times.append(elapsed)
        replayed += 1
        if result.findings:
            with_findings += 1
        for f in result.findings:
            per_rule[f.name] += 1
            survived = line_survives(repo, history_end, f.path, f.line_before or "", survivors) if f.line_before else True
            judged += 1
            confirmed += 0 if survived else 1
            if out:
                out.write(json.dumps({"commit": commit, "confirmed": not survived, **f.to_dict()}) + "\n")
    if out:
        out.close()

    started = time.perf_counter()
    os.environ["DRIFT_CACHE_DIR"] = tempfile.mkdtemp(prefix="drift-cold-")
    cold = audit(repo, end, blame=False)
    cold_s = time.perf_counter() - started

    print(f"repository            {repo}, {len(commits)} first-parent commits, ending {end[:10]}")
    print(f"PRs replayed          {replayed} (commits that changed code or docs)")
    print(f"PRs with findings     {with_findings}")
    print(f"findings              {sum(per_rule.values())}: " + ", ".join(f"{k} {v}" for k, v in per_rule.most_common()))
    if judged:
        print(f"confirmed later       {confirmed}/{judged} = {confirmed / judged:.0%} (the flagged doc line was later changed or removed)")
    if times:
        print(f"time per PR (warm)    median {statistics.median(times):.3f} s, p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s")
    print(f"cold full audit       {cold_s:.3f} s at {end[:10]} ({cold.stats['parsed']} blobs parsed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
