#!/usr/bin/env python3
"""Times a cold and a warm `drift audit` of a repository beside the floor: the time to
read the same blobs with `git cat-file --batch` and to tree-sitter-parse them.

    python bench/audit_bench.py PATH [--rev REV] [--jobs N]

Then the default audit with git-history attribution, cold and warm. Prints one line per
measurement and the ratios the targets speak of (cold without blame <= 1.5x the floor,
cold with blame <= 3x; warm well under a second).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.config import load_config  # noqa: E402
from bot.engine import audit  # noqa: E402
from bot.extract import plan  # noqa: E402
from bot.revision import Revision, open_repo  # noqa: E402


def read_floor(git_dir: str, blobs: list[str]) -> tuple[float, list[bytes]]:
    started = time.perf_counter()
    proc = subprocess.Popen(["git", "--git-dir", git_dir, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out, _ = proc.communicate("\n".join(blobs).encode() + b"\n")
    datas, pos = [], 0
    for _ in blobs:
        end = out.index(b"\n", pos)
        size = int(out[pos:end].split()[2])
        datas.append(out[end + 1 : end + 1 + size])
        pos = end + 1 + size + 1
    return time.perf_counter() - started, datas


def parse_floor(datas: list[bytes], kinds: list[str]) -> float:
    import tree_sitter_bash
    import tree_sitter_python
    from markdown_it import MarkdownIt
    from tree_sitter import Language, Parser

    parsers = {"python": Parser(Language(tree_sitter_python.language())), "bash": Parser(Language(tree_sitter_bash.language()))}
    md = MarkdownIt("commonmark").enable("table")
    started = time.perf_counter()
    for data, kind in zip(datas, kinds):
        if kind in parsers:
            parsers[kind].parse(data)
        elif kind in ("md", "mdx", "readme"):
            md.parse(data.decode("utf-8", "replace"))
    return time.perf_counter() - started


def cold_then_warm(args: argparse.Namespace, blame: bool) -> list[tuple]:
    """(result, seconds) of an audit in a fresh cache, then of the same audit again."""
    runs = []
    with tempfile.TemporaryDirectory() as cache_dir:
        os.environ["DRIFT_CACHE_DIR"] = cache_dir
        for _ in range(2):
            started = time.perf_counter()
            result = audit(args.path, args.rev, jobs=args.jobs, blame=blame)
            runs.append((result, time.perf_counter() - started))
    return runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()

    repo = open_repo(args.path)
    with Revision(repo, args.rev) as revision:
        config = load_config(revision)
        work, _ = plan(revision, config)
    blobs = sorted({entry.blob for entry, _, _ in work})
    kind_of = {entry.blob: kind for entry, kind, _ in work}
    kinds = [kind_of[b] for b in blobs]
    py = sum(1 for k in kinds if k == "python")
    docs = sum(1 for k in kinds if k in ("md", "mdx", "rst", "readme"))
    read_s, datas = read_floor(repo.git_dir, blobs)
    parse_s = parse_floor(datas, kinds)
    floor = read_s + parse_s
    print(f"repository         {args.path} @ {revision.commit[:10]}: {len(blobs)} unique blobs ({py} Python, {docs} docs)")
    print(f"floor: read        {read_s:7.3f} s   (git cat-file --batch)")
    print(f"floor: parse       {parse_s:7.3f} s   (tree-sitter Python/bash, markdown-it docs; one core)")
    print(f"floor: total       {floor:7.3f} s")
    (cold, cold_s), (warm, warm_s) = cold_then_warm(args, blame=False)
    # The default audit: extraction and git-history attribution, both cold, then warm.
    (blamed, blamed_s), (_, blamed_warm_s) = cold_then_warm(args, blame=True)
    answered = sum(1 for f in blamed.findings if f.broken_by and "unknown" not in f.broken_by)
    print(f"audit: cold        {cold_s:7.3f} s   ({cold.stats['parsed']} blobs parsed, {len(cold.findings)} findings)  = {cold_s / floor:.2f}x floor (target 1.5x)")
    print(f"audit: warm        {warm_s:7.3f} s   ({warm.stats['parsed']} blobs parsed, {warm.stats['cached']} from cache)")
    print(f"audit+blame: cold  {blamed_s:7.3f} s   ({answered} of {len(blamed.findings)} findings attributed)  = {blamed_s / floor:.2f}x floor (target 3x)")
    print(f"audit+blame: warm  {blamed_warm_s:7.3f} s")
    assert len(cold.findings) == len(warm.findings), "cache changed the findings"
    return 0


if __name__ == "__main__":
    sys.exit(main())
