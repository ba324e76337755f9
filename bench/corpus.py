#!/usr/bin/env python3
"""Runs drift over a folder of git repositories and looks for crashes and nondeterminism.

    python bench/corpus.py DIR [--repos a,b] [--pr N] [--jobs N] [--timeout S]
                           [--no-blame] [--blame-check] [--j1-cold] [--json FILE]

DIR holds clones of public repositories (one per subfolder; never committed). For each
repository, every drift command runs as its own subprocess (`python -m bot.cli` of this
checkout, or --drift CMD), with stdin closed and a private DRIFT_CACHE_DIR:

- `drift audit --format json -j N` cold (a fresh, empty cache dir) and warm (the same
  dir again), then warm again with `-j 1`. The JSON of cold and warm, and of `-j N` and
  `-j 1`, must be byte for byte the same once `stats` (seconds, parsed, cached: what
  legitimately differs) is dropped; otherwise the row says MISMATCH and the first
  differing finding (both versions) is kept. --j1-cold adds a cold `-j 1` run in a second
  fresh cache dir, compared the same way (parallel against serial parsing);
- with --blame-check, the warm audit once more the other way round (`--no-blame` if the
  audits attribute, attributed if they run with --no-blame), compared with every
  `broken_by` removed;
- `drift pr --base C^ --head C --format json` for the last --pr first-parent commits C of
  HEAD (default 10; root commits are skipped), warm, timed one by one (median, p95).

Wall time, CPU time (user + system) and peak RSS come from os.wait4 on each drift
process: the CPU time includes the worker processes it reaped, the peak is the largest
single process (drift or one of its workers), not their sum. An internal error is an
exit code of 2, a negative one (killed by a signal), a timeout (--timeout, default
900 s, kills the process group), a traceback on stderr, output that is not JSON, or an
entry in the report's top-level `internal_errors` list. Each is recorded with the
command and the last 15 lines of stderr, and the corpus goes on.

Prints one row per repository (files, findings, top rules, internal errors, skipped
files, cold / warm seconds, the mismatch columns, PR median / p95, peak MB) and a totals
line; --json FILE writes everything, per run, as JSON. Exits 1 when any repository had an
internal error or a mismatch, so it can gate a change.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TAIL = 15


# ---------------------------------------------------------------- running one command


def measure(cmd: list[str], env: dict[str, str], timeout: float) -> dict[str, Any]:
    """Runs ``cmd``; its exit code, output and os.wait4's times and peak memory."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        # cwd: neutral, so `python -m bot.cli` imports the drift PYTHONPATH names, not ./bot
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env, cwd=tempfile.gettempdir(), start_new_session=True)
        timed_out = threading.Event()

        def kill() -> None:
            timed_out.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # drift and its workers
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            while True:
                try:
                    _, status, usage = os.wait4(proc.pid, 0)
                    break
                except InterruptedError:
                    continue
        finally:
            timer.cancel()
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)  # Popen must not wait again
        if not timed_out.is_set():
            try:  # workers left behind by a crash
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read().decode("utf-8", "replace")
    return {
        "cmd": cmd,
        "rc": proc.returncode,
        "timed_out": timed_out.is_set(),
        "wall": round(wall, 3),
        "cpu": round(usage.ru_utime + usage.ru_stime, 3),
        "peak_mb": round(usage.ru_maxrss / 1024, 1),  # KiB on Linux
        "stdout": stdout,
        "stderr": stderr,
    }


def problems_of(run: dict[str, Any], label: str, timeout: float) -> list[dict[str, Any]]:
    """The internal errors one run shows, and its parsed JSON in run["data"]."""
    found: list[dict[str, Any]] = []
    lines = [line for line in run["stderr"].rstrip().splitlines() if not line.startswith("drift: internal error")]
    tail = "\n".join(lines[-TAIL:])

    def add(kind: str, **more: Any) -> None:
        found.append({"command": label, "cmd": shlex.join(run["cmd"]), "kind": kind, "rc": run["rc"], "stderr_tail": tail, **more})

    kinds, more = [], {}
    run["data"] = None
    if run["timed_out"]:
        kinds.append(f"timeout after {timeout:g} s")
    elif run["rc"] < 0:
        kinds.append(f"killed by signal {-run['rc']}")
    elif run["rc"] == 2:
        kinds.append("exit 2")
    if "Traceback (most recent call last)" in run["stderr"]:
        kinds.append("traceback on stderr")
    if run["rc"] in (0, 1) and not run["timed_out"]:
        try:
            run["data"] = json.loads(run["stdout"])
        except ValueError as exc:
            kinds.append(f"exit {run['rc']} and output is not JSON ({exc})")
            more["stdout_head"] = run["stdout"][:300].decode("utf-8", "replace")
    if kinds:  # one entry per failed run, however many ways it shows
        add(", ".join(kinds), **more)
    data = run["data"]
    if isinstance(data, dict) and data.get("internal_errors"):
        entries = data["internal_errors"]
        for entry in entries:
            add("internal_errors entry", entry=entry)
    return found


# ---------------------------------------------------------------- comparing two reports


def without(data: Any, drop_fields: tuple[str, ...] = ()) -> Any:
    """The report without ``stats`` and, in every finding, without ``drop_fields``."""
    if not isinstance(data, dict):
        return data
    data = {k: v for k, v in data.items() if k != "stats"}
    if drop_fields and isinstance(data.get("findings"), list):
        data["findings"] = [{k: v for k, v in f.items() if k not in drop_fields} if isinstance(f, dict) else f for f in data["findings"]]
    return data


def dumps(data: Any) -> str:
    # Same settings as bot/report/json_report.py, key order kept: equal text is equal bytes.
    return json.dumps(data, indent=2, ensure_ascii=False)


def compare(a: Any, b: Any, names: tuple[str, str], drop_fields: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """None when equal; else where they first differ, with both versions."""
    a, b = without(a, drop_fields), without(b, drop_fields)
    if dumps(a) == dumps(b):
        return None
    diff: dict[str, Any] = {"between": list(names)}
    keys = list(dict.fromkeys([*a, *b]))
    differing = [k for k in keys if dumps(a.get(k)) != dumps(b.get(k))]
    diff["keys"] = differing
    for key in differing:
        left, right = a.get(key), b.get(key)
        if isinstance(left, list) and isinstance(right, list):
            diff["counts"] = {key: [len(left), len(right)]}
            first = next((i for i in range(max(len(left), len(right))) if i >= len(left) or i >= len(right) or dumps(left[i]) != dumps(right[i])), None)
            diff["first"] = {
                "key": key,
                "index": first,
                names[0]: left[first] if first is not None and first < len(left) else None,
                names[1]: right[first] if first is not None and first < len(right) else None,
            }
            ls, rs = Counter(dumps(x) for x in left), Counter(dumps(x) for x in right)
            only_a, only_b = list((ls - rs).elements()), list((rs - ls).elements())
            diff["only_in"] = {names[0]: len(only_a), names[1]: len(only_b)}
            diff["same_items_other_order"] = not only_a and not only_b
            diff["examples"] = {names[0]: [json.loads(x) for x in only_a[:2]], names[1]: [json.loads(x) for x in only_b[:2]]}
        else:
            diff["first"] = {"key": key, names[0]: left, names[1]: right}
        break
    lines = list(difflib.unified_diff(dumps(a).splitlines(), dumps(b).splitlines(), names[0], names[1], n=2, lineterm=""))
    diff["diff"] = "\n".join(lines[:40]) + ("\n..." if len(lines) > 40 else "")
    return diff


# ---------------------------------------------------------------- one repository


def reason_group(reason: str) -> str:
    """A skip reason by its first few words, numbers blanked: 'larger than N bytes'."""
    words = re.sub(r"\d+", "N", reason).split()
    return " ".join(words[:4]).rstrip(":,")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


class Bench:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.drift = shlex.split(args.drift) if args.drift else [sys.executable, "-m", "bot.cli"]
        self.env = dict(os.environ)
        if not args.drift:
            self.env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
        for name in ("GITHUB_TOKEN", "DRIFT_GITHUB_TOKEN"):
            self.env.pop(name, None)

    def run(self, repo: dict[str, Any], label: str, argv: list[str], cache_dir: str) -> dict[str, Any]:
        env = {**self.env, "DRIFT_CACHE_DIR": cache_dir}
        result = measure([*self.drift, *argv], env, self.args.timeout)
        repo["internal_errors"] += problems_of(result, label, self.args.timeout)
        repo["runs"][label] = {k: v for k, v in result.items() if k not in ("stdout", "data")}
        repo["runs"][label]["stderr"] = "\n".join(result["stderr"].rstrip().splitlines()[-TAIL:])
        repo["peak_mb"] = max(repo["peak_mb"], result["peak_mb"])
        return result

    def check(self, repo: dict[str, Any], column: str, a: dict, b: dict, names: tuple[str, str], drop: tuple[str, ...] = ()) -> None:
        if a["data"] is None or b["data"] is None:
            repo["compared"][column] = "n/a"  # a run failed: counted as an internal error
            return
        diff = compare(a["data"], b["data"], names, drop)
        repo["compared"][column] = "ok" if diff is None else "MISMATCH"
        if diff is not None:
            repo["mismatches"].append({"column": column, **diff})

    def repository(self, path: Path) -> dict[str, Any]:
        args = self.args
        repo: dict[str, Any] = {"repo": path.name, "path": str(path), "runs": {}, "internal_errors": [], "mismatches": [], "compared": {}, "peak_mb": 0.0}
        try:
            repo["commit"] = git(path, "rev-parse", "HEAD").strip()
        except subprocess.CalledProcessError as exc:
            repo["internal_errors"].append({"command": "git rev-parse HEAD", "kind": "not a repository", "stderr_tail": exc.stderr})
            return repo
        blame = ["--no-blame"] if args.no_blame else []
        jobs = ["-j", str(args.jobs)]
        audit = ["audit", str(path), "--format", "json"]
        with tempfile.TemporaryDirectory(prefix="drift-corpus-") as tmp:
            cache = os.path.join(tmp, "cache")
            os.mkdir(cache)
            cold = self.run(repo, "audit cold", [*audit, *jobs, *blame], cache)
            warm = self.run(repo, "audit warm", [*audit, *jobs, *blame], cache)
            serial = self.run(repo, "audit warm -j 1", [*audit, "-j", "1", *blame], cache)
            self.check(repo, "cold/warm", cold, warm, ("cold", "warm"))
            self.check(repo, "-j", warm, serial, (f"-j {args.jobs}", "-j 1"))
            if args.j1_cold:
                other = os.path.join(tmp, "cache-j1")
                os.mkdir(other)
                cold1 = self.run(repo, "audit cold -j 1", [*audit, "-j", "1", *blame], other)
                self.check(repo, "-j cold", cold, cold1, (f"cold -j {args.jobs}", "cold -j 1"))
            if args.blame_check:
                flipped = [] if args.no_blame else ["--no-blame"]
                label = "audit warm (blame)" if args.no_blame else "audit warm --no-blame"
                turned = self.run(repo, label, [*audit, *jobs, *flipped], cache)
                self.check(repo, "blame", warm, turned, ("as run", "blame" if args.no_blame else "no-blame"), ("broken_by",))
            self.summarise(repo, cold if cold["data"] is not None else warm)
            self.prs(repo, path, cache, jobs, blame)
        return repo

    def summarise(self, repo: dict[str, Any], run: dict[str, Any]) -> None:
        data = run["data"] or {}
        stats = data.get("stats") or {}
        findings = data.get("findings") or []
        repo["code_files"] = stats.get("code_files")
        repo["doc_files"] = stats.get("doc_files")
        repo["findings"] = len(findings)
        repo["rules"] = dict(Counter(f"{f.get('rule')} {f.get('name')}" for f in findings).most_common())
        skipped = data.get("skipped") or []
        repo["skipped"] = len(skipped)
        repo["skipped_by_reason"] = dict(Counter(reason_group(s.get("reason", "")) for s in skipped).most_common())
        repo["exit_codes"] = {label: r["rc"] for label, r in repo["runs"].items()}

    def prs(self, repo: dict[str, Any], path: Path, cache: str, jobs: list[str], blame: list[str]) -> None:
        if self.args.pr <= 0:
            return
        lines = git(path, "rev-list", "--first-parent", "--parents", "-n", str(self.args.pr), "HEAD").splitlines()
        commits = [line.split()[0] for line in lines if len(line.split()) > 1]  # a root commit has no C^
        times, per, rules, codes = [], [], Counter(), Counter()
        for commit in commits:
            label = f"pr {commit[:10]}"
            run = self.run(repo, label, ["pr", str(path), "--base", f"{commit}^", "--head", commit, "--format", "json", *jobs, *blame], cache)
            codes[run["rc"]] += 1
            findings = (run["data"] or {}).get("findings") or []
            rules.update(f"{f.get('rule')} {f.get('name')}" for f in findings)
            if run["data"] is not None:
                times.append(run["wall"])
            per.append({"commit": commit, "rc": run["rc"], "wall": run["wall"], "findings": len(findings) if run["data"] is not None else None})
        repo["pr"] = {
            "commits": per,
            "findings": sum(p["findings"] or 0 for p in per),
            "rules": dict(rules.most_common()),
            "exit_codes": {str(k): v for k, v in sorted(codes.items())},
            "median": round(statistics.median(times), 3) if times else None,
            "p95": round(percentile(times, 0.95), 3) if times else None,
        }


# ---------------------------------------------------------------- the table


COLUMNS = ["repository", "code", "docs", "find", "top rules", "ierr", "skip", "cold s", "warm s", "c/w", "-j", "PR find", "PR med/p95", "peak MB"]


def cell(value: Any, digits: int = 1) -> str:
    if value is None:
        return "-"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def row(repo: dict[str, Any], extra: list[str]) -> list[str]:
    runs = repo["runs"]
    top = ", ".join(f"{name.split()[0]}×{n}" for name, n in list((repo.get("rules") or {}).items())[:3])
    pr = repo.get("pr") or {}
    cells = [
        repo["repo"],
        cell(repo.get("code_files")),
        cell(repo.get("doc_files")),
        cell(repo.get("findings")),
        top or "-",
        str(len(repo["internal_errors"])),
        cell(repo.get("skipped")),
        cell((runs.get("audit cold") or {}).get("wall")),
        cell((runs.get("audit warm") or {}).get("wall"), 2),
        repo["compared"].get("cold/warm", "-"),
        repo["compared"].get("-j", "-"),
    ]
    cells += [repo["compared"].get(c, "-") for c in extra]
    cells += [cell(pr.get("findings")), f"{cell(pr.get('median'), 2)}/{cell(pr.get('p95'), 2)}", cell(repo["peak_mb"], 0)]
    return cells


def totals(repos: list[dict[str, Any]], extra: list[str]) -> list[str]:
    total = lambda key: sum(r.get(key) or 0 for r in repos)  # noqa: E731
    wall = lambda label: sum((r["runs"].get(label) or {}).get("wall") or 0 for r in repos)  # noqa: E731
    times = [p["wall"] for r in repos for p in (r.get("pr") or {}).get("commits", []) if p["findings"] is not None]
    rules = Counter()
    for r in repos:
        rules.update(r.get("rules") or {})
    bad = lambda column: sum(1 for r in repos if r["compared"].get(column) == "MISMATCH")  # noqa: E731
    cells = [
        f"TOTAL ({len(repos)})",
        str(total("code_files")),
        str(total("doc_files")),
        str(total("findings")),
        ", ".join(f"{name.split()[0]}×{n}" for name, n in rules.most_common(3)) or "-",
        str(sum(len(r["internal_errors"]) for r in repos)),
        str(total("skipped")),
        f"{wall('audit cold'):.1f}",
        f"{wall('audit warm'):.2f}",
        f"{bad('cold/warm')} bad",
        f"{bad('-j')} bad",
    ]
    cells += [f"{bad(c)} bad" for c in extra]
    cells += [
        str(sum((r.get("pr") or {}).get("findings", 0) for r in repos)),
        f"{statistics.median(times):.2f}/{percentile(times, 0.95):.2f}" if times else "-/-",
        f"{max((r['peak_mb'] for r in repos), default=0):.0f}",
    ]
    return cells


def print_table(rows: list[list[str]], header: list[str]) -> None:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    line = lambda cells: "  ".join(c.ljust(w) if i in (0, 4) else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()  # noqa: E731
    print(line(header))
    print("-" * len(line(header)))
    for r in rows[:-1]:
        print(line(r))
    print("-" * len(line(header)))
    print(line(rows[-1]))


def print_details(repos: list[dict[str, Any]]) -> None:
    for repo in repos:
        for problem in repo["internal_errors"]:
            print(f"\n{repo['repo']}: internal error ({problem['kind']}) in {problem['command']}: {problem.get('cmd', '')}")
            if problem.get("entry"):
                print("    " + json.dumps(problem["entry"], ensure_ascii=False))
            elif problem.get("stderr_tail"):
                print("    " + problem["stderr_tail"].replace("\n", "\n    "))
        for mismatch in repo["mismatches"]:
            first = mismatch.get("first", {})
            print(f"\n{repo['repo']}: {mismatch['column']} MISMATCH ({' vs '.join(mismatch['between'])}) in {', '.join(mismatch['keys'])}")
            if "only_in" in mismatch:
                print(f"    counts {mismatch['counts']}, only in {mismatch['only_in']}, same items in another order: {mismatch['same_items_other_order']}")
            a, b = (first.get(name) for name in mismatch["between"])
            if isinstance(a, dict) and isinstance(b, dict):
                where = {k: a[k] for k in ("rule", "path", "line", "text") if k in a and a.get(k) == b.get(k)}
                print(f"    first differing item [{first.get('index')}]: {json.dumps(where, ensure_ascii=False)}")
                for key in dict.fromkeys([*a, *b]):
                    if dumps(a.get(key)) != dumps(b.get(key)):
                        for name, side in zip(mismatch["between"], (a, b)):
                            print(f"      {key} ({name}): {json.dumps(side.get(key), ensure_ascii=False)[:300]}")
            else:
                for name in mismatch["between"]:
                    print(f"    {name}[{first.get('index', '')}]: {json.dumps(first.get(name), ensure_ascii=False)[:600]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", help="a folder of git repositories, one per subfolder")
    parser.add_argument("--repos", help="comma-separated subfolder names (default: all)")
    parser.add_argument("--pr", type=int, default=10, help="run `drift pr` on the last N first-parent commits (default 10; 0: none)")
    parser.add_argument("--jobs", "-j", type=int, default=2, help="workers for the audits, compared against -j 1 (default 2)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per drift command (default 900)")
    parser.add_argument("--no-blame", action="store_true", help="pass --no-blame to every audit and PR run")
    parser.add_argument("--blame-check", action="store_true", help="also run the warm audit with blame flipped; compare without broken_by")
    parser.add_argument("--j1-cold", action="store_true", help="also run a cold -j 1 audit in a fresh cache; compare with the cold -j N")
    parser.add_argument("--drift", help="the drift command (default: python -m bot.cli of this checkout)")
    parser.add_argument("--json", metavar="FILE", help="write every measurement and problem as JSON")
    args = parser.parse_args()

    base = Path(args.dir)
    names = [n.strip() for n in args.repos.split(",") if n.strip()] if args.repos else sorted(p.name for p in base.iterdir() if (p / ".git").exists() or (p / "HEAD").is_file())
    missing = [n for n in names if not (base / n).is_dir()]
    if missing:
        parser.error(f"not in {base}: {', '.join(missing)}")
    extra = [c for c, on in (("-j cold", args.j1_cold), ("blame", args.blame_check)) if on]
    header = COLUMNS[:11] + extra + COLUMNS[11:]
    repos = []
    for name in names:
        started = time.perf_counter()
        sys.stderr.write(f"{name} ... ")
        sys.stderr.flush()
        repo = Bench(args).repository(base / name)
        repo["bench_seconds"] = round(time.perf_counter() - started, 1)
        sys.stderr.write(f"{repo['bench_seconds']} s, {len(repo['internal_errors'])} internal errors, {len(repo['mismatches'])} mismatches\n")
        repos.append(repo)
        if args.json:  # written as it goes: a long corpus run can be read half-way
            Path(args.json).write_text(json.dumps({"args": vars(args), "repos": repos}, indent=2, ensure_ascii=False) + "\n")
    print_table([row(r, extra) for r in repos] + [totals(repos, extra)], header)
    print_details(repos)
    failed = [r["repo"] for r in repos if r["internal_errors"] or r["mismatches"]]
    if failed:
        print(f"\nFAILED: {len(failed)} of {len(repos)} repositories had an internal error or a mismatch: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
