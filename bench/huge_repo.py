#!/usr/bin/env python3
"""Times drift on a synthetic repository of the size that broke the App: 200,000 code files,
5,000 doc pages, a history in which files were removed and flags renamed, and thousands of
stale references for the findings (and their attribution) to spend time on.

    python bench/huge_repo.py [--files 200000] [--docs 5000] [--keep DIR]

The repository is built with `git fast-import` (seconds), then `drift audit` runs as its own
process four times: cold and warm, without and with the git-history attribution. Prints one
line per run: seconds, findings, peak resident memory of that process.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PER_DIR = 100
CLI_EVERY = 1000  # one file in this many is a CLI script with flags
REMOVED_EVERY = 200  # one file in this many is deleted by the second commit


def code_file(i: int, renamed: bool) -> str:
    lines = [
        '"""Module %d."""' % i,
        "import os",
        "",
        f"LIMIT_{i} = {i % 97}",
        "",
        f"def compute_{i}(x, scale=2):",
        f"    level = os.environ.get('APP_LEVEL_{i % 50}', 'info')",
        "    return x * scale, level",
        "",
        f"class Model{i}:",
        "    def forward(self, x):",
        f"        return compute_{i}(x)",
    ]
    if i % CLI_EVERY == 0:
        new = "--out-dir" if renamed else "--output-dir"
        lines += [
            "",
            "import argparse",
            "parser = argparse.ArgumentParser()",
            f"parser.add_argument('{new}', default='out')",
            "parser.add_argument('--epochs', type=int, default=3)",
            "parser.add_argument('--mode', choices=['fast', 'slow'], default='fast')",
        ]
    return "\n".join(lines) + "\n"


def path_of(i: int) -> str:
    return f"src/pkg{i // PER_DIR:05d}/mod_{i:06d}.py"


def doc_page(j: int, files: int) -> str:
    """References to live files, removed files and a renamed flag, with prose between."""
    out = [f"# Page {j}", "", f"This page describes part {j} of the system.", ""]
    for k in range(6):
        i = (j * 37 + k * 7919) % files
        out.append(f"- See [module {i}](../{path_of(i)}) and `compute_{i}`.")
    gone = (j * REMOVED_EVERY + REMOVED_EVERY // 2) % files  # a file the second commit removed
    out.append(f"- The old helper lived in [`{path_of(gone)}`](../{path_of(gone)}).")
    cli = (j % max(files // CLI_EVERY, 1)) * CLI_EVERY
    out += [
        "",
        "```bash",
        f"python {path_of(cli)} --output-dir results --epochs 5 --mode fast",
        "```",
        "",
        f"Set `APP_LEVEL_{j % 50}` to change the log level.",
        "",
    ]
    return "\n".join(out)


def fast_import_stream(files: int, docs: int):
    """Two commits: everything, then removals and the flag rename."""

    def blob(text: str) -> bytes:
        data = text.encode()
        return b"data %d\n" % len(data) + data + b"\n"

    def commit(message: str, when: int) -> bytes:
        # The second commit continues the branch fast-import is building: no `from` needed.
        msg = message.encode()
        return b"commit refs/heads/main\ncommitter Bench <bench@example.com> %d +0000\ndata %d\n%s\n" % (when, len(msg), msg)

    yield commit("Initial import", 1_700_000_000)
    for i in range(files):
        yield b"M 100644 inline " + path_of(i).encode() + b"\n" + blob(code_file(i, renamed=False))
    for j in range(docs):
        yield b"M 100644 inline " + f"docs/page_{j:05d}.md".encode() + b"\n" + blob(doc_page(j, files))
    yield b"M 100644 inline README.md\n" + blob("# Huge\n\nSee [the docs](docs/page_00000.md).\n")
    yield b"\n"
    yield commit("Rename --output-dir to --out-dir; drop old helpers", 1_700_086_400)
    for i in range(0, files, CLI_EVERY):
        yield b"M 100644 inline " + path_of(i).encode() + b"\n" + blob(code_file(i, renamed=True))
    for i in range(REMOVED_EVERY // 2, files, REMOVED_EVERY):
        if i % CLI_EVERY:
            yield b"D " + path_of(i).encode() + b"\n"
    yield b"\n"


def build(repo: Path, files: int, docs: int) -> float:
    started = time.perf_counter()
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    proc = subprocess.Popen(["git", "-C", str(repo), "fast-import", "--quiet"], stdin=subprocess.PIPE)
    for chunk in fast_import_stream(files, docs):
        proc.stdin.write(chunk)
    proc.stdin.close()
    if proc.wait():
        raise SystemExit("git fast-import failed")
    subprocess.run(["git", "-C", str(repo), "checkout", "-q", "main"], check=True)
    return time.perf_counter() - started


def run_audit(repo: Path, cache: Path, blame: bool) -> tuple[float, int, float, dict]:
    """seconds, findings, peak RSS (MB) and the run's stats, for one `drift audit` process."""
    env = {**os.environ, "DRIFT_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "bot", "audit", str(repo), "--format", "json", "--timings", "--exit-zero"]
    if not blame:
        cmd.append("--no-blame")
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.DEVNULL, cwd=tempfile.gettempdir())
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"drift exited {os.waitstatus_to_exitcode(status)}")
        out.seek(0)
        report = json.loads(out.read())
    return seconds, len(report["findings"]), usage.ru_maxrss / 1024, report.get("stats", {})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=200_000)
    parser.add_argument("--docs", type=int, default=5_000)
    parser.add_argument("--keep", help="build the repository here and keep it")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        repo = Path(args.keep) if args.keep else Path(scratch) / "huge"
        if not (repo / ".git").is_dir():
            print(f"built {args.files} code files, {args.docs} pages in {build(repo, args.files, args.docs):.1f} s")
        for blame in (False, True):
            cache = Path(scratch) / f"cache-{blame}"
            for label in ("cold", "warm"):
                seconds, findings, rss, stats = run_audit(repo, cache, blame)
                print(f"{label:4} {'blame   ' if blame else 'no blame'}  {seconds:7.1f} s  {findings:6d} findings  peak {rss:6.0f} MB  parsed {stats.get('parsed', '?')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
