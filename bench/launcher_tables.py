#!/usr/bin/env python3
"""Regenerates rules/launchers.toml's tables from the launchers' own parsers.

    python bench/launcher_tables.py [--source NAME=DIR ...]

For each launcher in rules/launchers.toml with a `source` (torchrun's
torch/distributed/run.py, accelerate's accelerate/commands/launch.py, deepspeed's
deepspeed/launcher/runner.py), finds that file in the installed package (or under the
DIR given for NAME: an unpacked wheel, a checkout), reads its parser with drift's own
extractor (statically: nothing is imported), and prints the switches it defines (options
that take no value) next to the table's, with what each side lacks. Prints numbers only;
edit the TOML by hand from what it shows.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.extract import compiled_rules, run_extractor  # noqa: E402
from bot.rules import builtin_rules_dir, load_rules  # noqa: E402

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SWITCH_ACTIONS = {"store_true", "store_false", "store_const", "count", "help", "version"}


def locate(source: str, given: dict[str, str], name: str) -> Path | None:
    if name in given:
        root = Path(given[name])
        return root / source if (root / source).is_file() else next(iter(sorted(root.rglob(Path(source).name))), None)
    package = source.split("/", 1)[0]
    spec = importlib.machinery.PathFinder.find_spec(package, [p for p in sys.path if p])
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]).parent / source
    return path if path.is_file() else None


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", action="append", default=[], metavar="NAME=DIR")
    args = ap.parse_args()
    given = dict(item.split("=", 1) for item in args.source)
    table = tomllib.loads((builtin_rules_dir() / "launchers.toml").read_text(encoding="utf-8"))
    compiled = compiled_rules(load_rules())
    for name, entry in table.items():
        if "source" not in entry:
            continue
        path = locate(entry["source"], given, name)
        if path is None:
            print(f"{name}: {entry['source']} is not installed here (pass --source {name}=DIR)")
            continue
        facts = [f for f in run_extractor("python", path.read_bytes(), compiled).get("facts", []) if f["kind"] == "flag"]
        options = {f["name"].replace("_", "-") if f["name"].startswith("--") else f["name"] for f in facts}
        switches = {f["name"].replace("_", "-") if f["name"].startswith("--") else f["name"] for f in facts if f["attrs"].get("action") in SWITCH_ACTIONS or str(f["attrs"].get("nargs")) == "0"}
        listed = set(entry.get("switches", []))
        print(f"{name}: {len(options)} options in {path.name}, {len(switches)} switches; the table lists {len(listed)}")
        missing = sorted(switches - listed)
        stale = sorted(s for s in listed - switches if s.startswith("--") and s not in entry.get("module", []))
        if missing:
            print("  switches the table lacks: " + ", ".join(missing))
        if stale:
            print("  table switches the parser does not define as switches: " + ", ".join(stale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
