"""The `drift` command line. Exit 0: clean; 1: findings; 2: error."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from . import __version__
from .revision import DriftError


class Progress:
    """A one-line progress bar on a terminal; silent otherwise."""

    def __init__(self, stream=sys.stderr):
        self.stream = stream
        self.enabled = stream.isatty() and os.environ.get("TERM") != "dumb"

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
    parser.add_argument("--config", metavar="FILE", help="settings file (default: [tool.drift] in pyproject.toml or .github/drift.yml at the revision)")
    parser.add_argument("--format", choices=["text", "json", "sarif", "github"], default="text", help="output format (default: text)")
    parser.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE instead of standard output")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the extraction cache")
    parser.add_argument("--jobs", "-j", type=int, default=None, help="worker processes for parsing (default: all cores)")
    parser.add_argument("--verbose", "-v", action="store_true", help="also list skipped files and notes")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="drift", description="Find the places where a repository's docs no longer match its code.")
    parser.add_argument("--version", action="version", version=f"drift {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    audit = sub.add_parser("audit", help="check every doc against the code at one revision")
    _add_common(audit)
    audit.add_argument("--rev", default="HEAD", help="the revision to audit (default: HEAD)")

    rules = sub.add_parser("rules", help="list the rules, or show one rule's documentation")
    rules.add_argument("rule", nargs="?", help="a rule code (DRIFT001) or name (stale-path)")
    return parser


def _emit(text: str, output: str | None) -> None:
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)


def _cmd_audit(args: argparse.Namespace) -> int:
    from .engine import audit
    from .report import render

    result = audit(args.path, args.rev, args.config, Progress(), use_cache=not args.no_cache, jobs=args.jobs)
    options = {"color": sys.stdout.isatty() and not args.output, "verbose": args.verbose} if args.format == "text" else {}
    _emit(render(result, args.format, **options), args.output)
    return 1 if result.errors else 0


def _cmd_rules(args: argparse.Namespace) -> int:
    from .checks import all_rules, rule_by_code

    if args.rule:
        rule = rule_by_code(args.rule)
        if rule is None:
            raise DriftError(f"no rule {args.rule!r}: `drift rules` lists them")
        sys.stdout.write((rule.__doc__ or "").strip() + "\n")
        return 0
    for rule in all_rules():
        title = (rule.__doc__ or "").strip().splitlines()[0].split(":", 1)[-1].strip()
        sys.stdout.write(f"{rule.CODE}  {rule.NAME:<22} {rule.SEVERITY:<8} {title}\n")
    return 0


COMMANDS = {"audit": _cmd_audit, "rules": _cmd_rules}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version"):
        argv = ["audit", *argv]  # `drift` alone audits the repository it stands in
    args = parser.parse_args(argv)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
