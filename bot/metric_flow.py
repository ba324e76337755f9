"""Metric names as the logger sees them: the files' flow summaries joined by function.

Each file's summary (`bot.facts.metric_flow`) says what its functions return, write and
log in terms of their parameters and callees. Here a logger call is followed back
through the helpers that built its dict, by function name and call site:
`compute_statistics` returns `mean`, `dict_add_prefix(.., "response_len/")` prefixes
them, `compute_metrics_from_samples` merges them, `log_rollout_data` prefixes the lot
with `rollout/` and hands it to `logging_utils.log`, which calls `wandb.log`. The result
is `rollout/response_len/mean`, with where the key is written and where it is logged.

Where a part stays unknown (a key from a dict drift cannot see into, a prefix no caller
binds) the name is a pattern (`perf/{key}/mean`), and a doc name matching it exists.
The walk is bounded in depth and work, and a cycle ends it with what it has.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from .model import METRIC, Fact

MAX_DEPTH = 8
MAX_STEPS = 200_000
MAX_STEPS_PER_CALL = 20_000  # one logger call's share: a runaway wrapper does not starve the rest
MAX_EXPANSIONS = 64  # alternatives one key template may take
MAX_KEYS = 2_000  # keys one dict may resolve to
MAX_FACTS = 5_000
MAX_DEFS = 4  # functions of one name followed; more is a generic name (`run`, `step`)


@dataclass(frozen=True)
class Hole:
    text: str


@dataclass
class Key:
    parts: tuple[Any, ...]  # str | Hole
    path: str
    line: int


class _Frame:
    """One function being read, with what its caller bound to its parameters (None:
    the parameters are open, and the callers found by name bind them)."""

    __slots__ = ("path", "name", "summary", "env", "depth", "slot")

    def __init__(self, path: str, name: str, summary: dict[str, Any], env: dict[str, tuple[dict[str, Any], "_Frame"]] | None, depth: int, slot: tuple[Any, ...] | None = None):
        self.path, self.name, self.summary, self.env, self.depth = path, name, summary, env, depth
        self.slot = slot  # the key of the dict an enclosing loop walks, inside an `each`

    def with_slot(self, slot: tuple[Any, ...]) -> "_Frame":
        return _Frame(self.path, self.name, self.summary, self.env, self.depth, slot)


class _Budget(Exception):
    pass


class FlowJoin:
    def __init__(self, results: Iterable[tuple[str, dict[str, Any]]]):
        self.defs: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        self.callers: dict[str, list[tuple[str, str, dict[str, Any], dict[str, Any], int]]] = {}
        for path, result in results:
            for name, summaries in (result.get("metric_flow") or {}).items():
                for summary in summaries:
                    self.defs.setdefault(name, []).append((path, summary))
                    for callee, args, at in summary.get("calls", []):
                        self.callers.setdefault(callee, []).append((path, name, summary, args, at))
        self.steps = 0
        self.resolved: set[tuple[str, int, int]] = set()  # logger calls whose names the join found
        self._open_memo: dict[tuple[Any, ...], list[Key]] = {}
        self.budget_end = MAX_STEPS  # the step count the current logger call may reach
        self.abandoned = 0  # logger calls whose names took more work than one may have

    def _tick(self) -> None:
        self.steps += 1
        if self.steps > self.budget_end:
            raise _Budget

    # ---- binding ---------------------------------------------------------------------
    def _bind(self, summary: dict[str, Any], args: dict[str, Any], caller: _Frame) -> dict[str, tuple[dict[str, Any], _Frame]]:
        params = summary.get("params", [])
        offset = 1 if summary.get("method") else 0
        env: dict[str, tuple[dict[str, Any], _Frame]] = {}
        for position, value in args.items():
            if position.isdigit():
                index = int(position) + offset
                if index < len(params):
                    env[params[index]] = (value, caller)
            elif position in params:
                env[position] = (value, caller)
        return env

    def _param_site(self, summary: dict[str, Any], position: str) -> str | None:
        params = summary.get("params", [])
        if position.isdigit():
            index = int(position) + (1 if summary.get("method") else 0)
            return params[index] if index < len(params) else None
        return position if position in params else None

    def _call_sites(self, frame: _Frame) -> list[tuple[dict[str, Any], _Frame]]:
        """Where the function is called, with each site's arguments: its parameters'
        values when nothing bound them."""
        if frame.depth >= MAX_DEPTH:
            return []
        sites = []
        for path, name, summary, args, _ in self.callers.get(frame.name, [])[:32]:
            sites.append((args, _Frame(path, name, summary, None, frame.depth + 1)))
        return sites

    # ---- key templates ---------------------------------------------------------------
    def expand(self, template: list[Any], frame: _Frame, slot: tuple[Any, ...] | None) -> list[tuple[Any, ...]]:
        results: list[tuple[Any, ...]] = [()]
        for part in template:
            self._tick()
            if isinstance(part, str):
                options: list[tuple[Any, ...]] = [(part,)]
            elif part[0] == "alts":
                options = [(a,) for a in part[1]]
            elif part[0] == "slot":
                options = [slot if slot is not None else frame.slot if frame.slot is not None else (Hole("key"),)]
            elif part[0] == "param":
                options = self._param_string(part[1], frame)
            else:
                options = [(Hole(part[1]),)]
            results = [r + o for r in results for o in options][:MAX_EXPANSIONS]
        return [_merge(r) for r in results]

    def _param_string(self, name: str, frame: _Frame) -> list[tuple[Any, ...]]:
        if frame.env is not None:
            bound = frame.env.get(name)
            if bound is not None and "s" in bound[0]:
                return self.expand(bound[0]["s"], bound[1], None)
            return [(Hole(name),)]
        memo_key = ("string", id(frame.summary), name)
        if memo_key in self._open_memo:
            return self._open_memo[memo_key]  # type: ignore[return-value]
        self._open_memo[memo_key] = [(Hole(name),)]  # type: ignore[list-item]  # a cycle sees a hole
        options: list[tuple[Any, ...]] = []
        for args, caller in self._call_sites(frame):
            position = next((p for p in args if self._param_site(frame.summary, p) == name), None)
            if position is not None and "s" in args[position]:
                options.extend(self.expand(args[position]["s"], caller, None))
        options = options[:MAX_EXPANSIONS] or [(Hole(name),)]
        self._open_memo[memo_key] = options  # type: ignore[assignment]
        return options

    # ---- dicts ---------------------------------------------------------------------------
    def keys(self, entries: list[Any], frame: _Frame, seen: frozenset[Any] = frozenset()) -> list[Key]:
        if frame.env is None and frame.slot is None:
            memo_key = (id(entries), id(frame.summary))
            if memo_key in self._open_memo:
                return self._open_memo[memo_key]
        out: list[Key] = []
        for entry in entries:
            if len(out) >= MAX_KEYS:
                break
            self._tick()
            out.extend(self._entry(entry, frame, seen))
        out = out[:MAX_KEYS]
        if frame.env is None and frame.slot is None:
            self._open_memo[(id(entries), id(frame.summary))] = out
        return out

    def _entry(self, entry: list[Any], frame: _Frame, seen: frozenset[Any]) -> list[Key]:
        kind = entry[0]
        if kind == "key":
            return [Key(parts, frame.path, entry[2]) for parts in self.expand(entry[1], frame, None)]
        if kind == "var":
            marker = ("var", id(frame.summary), entry[1])
            if marker in seen:
                return []
            return self.keys(frame.summary.get("locals", {}).get(entry[1], []), frame, seen | {marker})
        if kind == "param":
            return self._param_dict(entry[1], frame, seen)
        if kind == "map":
            out: list[Key] = []
            inner_keys = self.keys(entry[2], frame, seen)
            for inner in inner_keys:
                out.extend(Key(parts, inner.path, inner.line) for parts in self.expand(entry[1], frame, inner.parts))
            if not inner_keys:
                # The keys of a dict drift cannot see into: each is a hole in the name.
                out.extend(Key(parts, frame.path, entry[3]) for parts in self.expand(entry[1], frame, None))
            return out
        if kind in ("call", "passed"):
            return self._callee(entry, frame, seen)
        if kind == "each":
            out = []
            sources = self.keys(entry[1], frame, seen)
            for inner in sources[:MAX_EXPANSIONS]:
                out.extend(self.keys(entry[2], frame.with_slot(inner.parts), seen))
            if not sources:
                out.extend(self.keys(entry[2], frame, seen))
            return out
        return []

    def _param_dict(self, name: str, frame: _Frame, seen: frozenset[Any]) -> list[Key]:
        if frame.env is not None:
            bound = frame.env.get(name)
            if bound is not None and "d" in bound[0]:
                return self.keys(bound[0]["d"], bound[1], seen)
            return []
        marker = ("param", id(frame.summary), name)
        if marker in seen:
            return []
        memo_key = ("param", id(frame.summary), name)
        if frame.slot is None and memo_key in self._open_memo:
            return self._open_memo[memo_key]
        out: list[Key] = []
        for args, caller in self._call_sites(frame):
            position = next((p for p in args if self._param_site(frame.summary, p) == name), None)
            if position is not None and "d" in args[position]:
                out.extend(self.keys(args[position]["d"], caller, seen | {marker}))
        # What the callers hand this parameter, once per function: a wrapper called from
        # forty places (and from other wrappers) is not walked forty times per path.
        out = out[:MAX_KEYS]
        if frame.slot is None:
            self._open_memo[memo_key] = out
        return out

    def _callee(self, entry: list[Any], frame: _Frame, seen: frozenset[Any]) -> list[Key]:
        # A call seen from a frame nobody bound gives the same keys every time it is met.
        memo_key = ("callee", id(entry), id(frame.summary))
        if frame.env is None and frame.slot is None:
            if memo_key in self._open_memo:
                return self._open_memo[memo_key]
            out = self._callee_keys(entry, frame, seen)[:MAX_KEYS]
            self._open_memo[memo_key] = out
            return out
        return self._callee_keys(entry, frame, seen)

    def _callee_keys(self, entry: list[Any], frame: _Frame, seen: frozenset[Any]) -> list[Key]:
        name, args = entry[1], entry[2]
        definitions = self.defs.get(name, [])
        if not definitions or len(definitions) > MAX_DEFS or frame.depth >= MAX_DEPTH:
            return []
        out: list[Key] = []
        for path, summary in definitions:
            marker = ("fn", id(summary), id(args))
            if marker in seen:
                continue  # recursion through one call site: what the cycle added is all it adds
            callee = _Frame(path, name, summary, self._bind(summary, args, frame), frame.depth + 1)
            if entry[0] == "call":
                out.extend(self.keys(summary.get("returns", []), callee, seen | {marker}))
            else:
                param = self._param_site(summary, entry[3])
                if param:
                    out.extend(self.keys(summary.get("writes", {}).get(param, []), callee, seen | {marker}))
        return out

    # ---- the logged names --------------------------------------------------------------
    def logged(self) -> Iterator[tuple[Key, str, int]]:
        """Every key that reaches a logger call, with the call's file and line."""
        for name, definitions in self.defs.items():
            for path, summary in definitions:
                if not summary.get("emits"):
                    continue
                frames = [_Frame(path, name, summary, None, 0)]
                if summary.get("params") and '"param"' in json.dumps([summary["emits"], summary.get("locals")]):
                    # A wrapper (`def log(metrics, prefix)`) logs what each caller hands
                    # it: bind each call site on its own, so one caller's prefix does not
                    # meet another caller's keys.
                    sites = self._call_sites(frames[0])
                    if sites:
                        frames = [_Frame(path, name, summary, self._bind(summary, args, caller), 1) for args, caller in sites]
                for frame in frames:
                    for at, entries, end in summary["emits"]:
                        if self.steps >= MAX_STEPS:
                            return
                        self.budget_end = min(MAX_STEPS, self.steps + MAX_STEPS_PER_CALL)
                        try:
                            keys = self.keys(entries, frame)
                        except _Budget:
                            self.abandoned += 1  # its names stay unknown; the rules' facts remain
                            continue
                        if any(isinstance(p, str) and p.strip("/_-. ") for key in keys for p in key.parts):
                            self.resolved.add((path, at, end))
                        for key in keys:
                            yield key, path, at


def _merge(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    out: list[Any] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if out and isinstance(out[-1], str):
                out[-1] += part
                continue
        out.append(part)
    return tuple(out)


def display(parts: tuple[Any, ...]) -> str:
    return "".join(p if isinstance(p, str) else "{" + p.text + "}" for p in parts)


def regex(parts: tuple[Any, ...]) -> str:
    return "".join(re.escape(p) if isinstance(p, str) else "(.*)" for p in parts)


_NAME = re.compile(r"^[^\s\"'`]{1,200}$")


def flow_metrics(results: Iterable[tuple[str, dict[str, Any]]]) -> tuple[list[Fact], set[tuple[str, int, int]]]:
    """METRIC facts for the names that reach a logger through helpers, wrappers and
    prefixes; names with no literal part (`{k}`) say nothing and are left out. Also the
    logger calls (path, first line, last line) the join resolved: a bare `{ns}/{k}` seen
    at one of them is a wrapper's template, not a name built from nothing."""
    join = FlowJoin(results)
    facts: dict[str, Fact] = {}
    for key, logged_path, logged_line in join.logged():
        literal = "".join(p for p in key.parts if isinstance(p, str))
        if not literal.strip("/_-. ") or not key.parts:
            continue
        name = display(key.parts)
        if name in facts or not _NAME.match(name):
            continue
        holes = [p.text for p in key.parts if isinstance(p, Hole)]
        attrs = {"via": "flow", "strong": True, "logged": True, "logged_at": f"{logged_path}:{logged_line}"}
        if holes:
            attrs["holes"] = holes
        facts[name] = Fact(METRIC, name, key.path, key.line, attrs, pattern=regex(key.parts) if holes else None)
        if len(facts) >= MAX_FACTS:
            break
    return list(facts.values()), join.resolved
