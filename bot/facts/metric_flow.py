"""How metric keys move through one Python file, as data the repository can join up.

A metric name is rarely one literal at one logger call: a helper builds a dict and
returns it, a caller adds a prefix (`dict_add_prefix(d, "rollout/")`), another merges
it (`log_dict |= ...`) and a wrapper hands it to `wandb.log`. This module reads each
function once (the result is cached with the file, by blob id) and records, in terms of
its own parameters and the functions it calls:

- ``returns``: the keys of the dict it returns;
- ``writes``: keys it stores into a dict it was handed (`append_metric(metrics, "kl", v)`);
- ``emits``: the dicts (or names) it sends to a logger;
- ``calls``: calls that may send a dict to a logger-like helper, with their arguments.

Abstract values are JSON lists so the cache can keep them:

- a key template ``S`` is a list of parts: a literal string, ``["hole", expr]`` (built at
  run time), ``["param", name]`` (bound by the caller), ``["alts", [..]]`` (a loop over a
  literal list) or ``["slot"]`` (the key of the dict a ``map`` walks);
- a dict ``D`` is a list of entries: ``["key", S, line]``, ``["var", name]`` (a local
  dict), ``["param", name]``, ``["call", name, args, line]``, ``["map", S, D, line]`` (every
  key of D rewritten through S) and ``["passed", name, args, position]`` (a dict handed to
  a helper that writes into it) and ``["each", D, D2]`` (D2 once per key of D, with the
  slot bound to that key: a call inside a loop over a dict).

Nothing here runs or imports the code; `bot.metric_flow` joins the files.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tree_sitter import Node

from .pystrings import string_value

# Entries kept per function and per file: a generated file with thousands of keys must
# not blow up the cache or the join.
MAX_ENTRIES = 400
MAX_FUNCTIONS = 400
MAX_CLOSURE_READS = 8  # call sites of one nested function read with their arguments

# Calls whose result or argument is never a metrics dict worth following.
_NOT_HELPERS = frozenset(
    "print len isinstance issubclass getattr setattr hasattr str repr int float bool list tuple set "
    "sorted reversed enumerate zip range min max sum any all map filter type super format join "
    "append extend insert add remove discard pop get items keys values copy deepcopy update "
    "setdefault clear info debug warning error exception critical warn assert_called_with "
    "startswith endswith split strip replace lower upper encode decode item mean std numpy tolist "
    "to cpu cuda detach float_ half tensor as_tensor zeros ones full stack cat open".split()
)
# Helpers whose name says they log or gather metrics: calls to them are kept with their
# arguments, so a dict handed to `logging_utils.log(args, log_dict)` reaches the logger.
# Keyword arguments of a logger call that carry the metrics dict.
_DICT_KEYWORDS = frozenset("data metrics row logs values scalars stats log_dict metric_dict tag_scalar_dict".split())
_NEW_DICT = re.compile(r"(?:collections\.)?(?:dict|defaultdict|OrderedDict|Counter)")
_SINK_WORDS = frozenset(
    "log logs logger logging metric metrics report reporter track tracker record recorder emit publish "
    "summary summaries scalar scalars wandb tensorboard tb stats write writer push send flush dump".split()
)
# Parameters that, by their name, hold a metrics dict a helper may fill.
_METRICISH_WORDS = frozenset("metric metrics log logs stat stats info infos result results dict scalars summary summaries report out output outputs".split())


def _metricish(name: str) -> bool:
    return any(word.lower() in _METRICISH_WORDS for word in re.findall(r"[a-z]+|[A-Z][a-z]*", name))


def _sinkish(name: str) -> bool:
    words = re.findall(r"[a-z]+|[A-Z][a-z]*", name)
    return any(word.lower() in _SINK_WORDS for word in words)


def _text(node: Node | None) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""


def _line(node: Node) -> int:
    return node.start_point[0] + 1


def _params(function: Node) -> list[str]:
    names: list[str] = []
    parameters = function.child_by_field_name("parameters")
    if parameters is None:
        return names
    for child in parameters.named_children:
        if child.type == "identifier":
            names.append(_text(child))
        elif child.type in ("typed_parameter",):
            first = child.named_children[0] if child.named_children else None
            if first is not None and first.type == "identifier":
                names.append(_text(first))
        elif child.type in ("default_parameter", "typed_default_parameter"):
            names.append(_text(child.child_by_field_name("name")))
    return names


def _param_defaults(function: Node) -> list[tuple[str, Node | None]]:
    out: list[tuple[str, Node | None]] = []
    parameters = function.child_by_field_name("parameters")
    for child in parameters.named_children if parameters is not None else ():
        if child.type == "identifier":
            out.append((_text(child), None))
        elif child.type == "typed_parameter" and child.named_children and child.named_children[0].type == "identifier":
            out.append((_text(child.named_children[0]), None))
        elif child.type in ("default_parameter", "typed_default_parameter"):
            out.append((_text(child.child_by_field_name("name")), child.child_by_field_name("value")))
    return out


def _strings(value: Any) -> list[str] | None:
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
        return list(value)
    return None


class _Function:
    def __init__(self, name: str, params: list[str]):
        self.name = name
        self.params = params
        self.method = bool(params) and params[0] in ("self", "cls")
        self.returns: list[Any] = []
        self.writes: dict[str, list[Any]] = {}
        self.emits: list[list[Any]] = []
        self.calls: list[list[Any]] = []
        self.locals: dict[str, list[Any]] = {}
        self.size = 0

    def put(self, target: list[Any], entries: list[Any]) -> None:
        room = MAX_ENTRIES - self.size
        if room <= 0 or not entries:
            return
        target.extend(entries[:room])
        self.size += min(room, len(entries))

    def summary(self) -> dict[str, Any] | None:
        if not (self.returns or self.writes or self.emits or self.calls):
            return None
        # Only the locals some root refers to, transitively.
        needed: set[str] = set()
        flat: list[Any] = [*self.returns]
        for entries in self.writes.values():
            flat.extend(entries)
        for _, entries, _ in self.emits:
            flat.extend(entries)
        for _, bound, _ in self.calls:
            flat.extend(e for arg in bound.values() for e in arg.get("d", []))
        while flat:
            entry = flat.pop()
            if not isinstance(entry, list) or not entry:
                continue
            if entry[0] == "var" and entry[1] not in needed:
                needed.add(entry[1])
                flat.extend(self.locals.get(entry[1], []))
            elif entry[0] == "map":
                flat.extend(entry[2])
            elif entry[0] == "each":
                flat.extend(entry[1])
                flat.extend(entry[2])
            elif entry[0] in ("call", "passed"):
                flat.extend(e for arg in entry[2].values() for e in arg.get("d", []))
        return {
            "params": self.params,
            "method": self.method,
            "returns": self.returns,
            "writes": self.writes,
            "emits": self.emits,
            "calls": self.calls,
            "locals": {k: v for k, v in self.locals.items() if k in needed},
        }


class _Reader:
    """One function (or the module's top level) read statement by statement."""

    def __init__(self, function: _Function, emitters: re.Pattern[str], constants: dict[str, Any]):
        self.fn = function
        self.emitters = emitters
        self.constants = constants
        self.params = set(function.params)
        self.spelled: dict[int, set[str]] = {}  # line -> the names a key over a literal loop takes
        self.closures: dict[str, tuple[Node, dict[str, Any]]] = {}  # nested defs, with the env they see
        self.closure_reads: dict[str, int] = {}

    # ---- string keys -------------------------------------------------------------
    def _name_part(self, name: str, env: dict[str, Any]) -> Any:
        bound = env.get(name)
        if bound is not None:
            return bound
        if name in self.params:
            return ["param", name]
        constant = self.constants.get(name)
        if isinstance(constant, str):
            return constant
        return ["hole", name]

    def key(self, node: Node | None, env: dict[str, Any]) -> list[Any] | None:
        """A key template, or None when the expression is no string."""
        if node is None:
            return None
        if node.type == "identifier":
            return [self._name_part(_text(node), env)]
        value = string_value(node)
        if value is None:
            return None
        parts: list[Any] = []
        holes = iter(value.holes)
        for part in value.parts:
            if part is not None:
                parts.append(part)
                continue
            hole = next(holes, "")
            name = hole.split("!")[0].split(":")[0].strip()
            parts.append(self._name_part(name, env) if re.fullmatch(r"[A-Za-z_]\w*", name) else ["hole", hole])
        return parts

    # ---- dict values -------------------------------------------------------------
    def dict_value(self, node: Node | None, env: dict[str, Any]) -> list[Any]:
        if node is None:
            return []
        kind = node.type
        if kind == "dictionary":
            entries: list[Any] = []
            for child in node.named_children:
                if child.type == "pair":
                    key = self.key(child.child_by_field_name("key"), env)
                    if key is not None:
                        entries.extend(self._keyed_in(key, env.get("__source__"), _line(child)))
                elif child.type == "dictionary_splat":
                    entries.extend(self.dict_value(child.named_children[0] if child.named_children else None, env))
            return entries
        if kind == "dictionary_comprehension":
            return self._comprehension(node, env)
        if kind == "identifier":
            name = _text(node)
            if name in env:
                return []
            if name in self.params:
                return [["param", name]] + ([["var", name]] if name in self.fn.locals else [])
            return [["var", name]]
        if kind in ("parenthesized_expression",) and node.named_child_count == 1:
            return self.dict_value(node.named_children[0], env)
        if kind == "binary_operator" and _text(node.child_by_field_name("operator")) == "|":
            return self.dict_value(node.child_by_field_name("left"), env) + self.dict_value(node.child_by_field_name("right"), env)
        if kind == "boolean_operator":
            return self.dict_value(node.child_by_field_name("left"), env) + self.dict_value(node.child_by_field_name("right"), env)
        if kind == "conditional_expression":
            return [e for child in node.named_children[:1] + node.named_children[2:3] for e in self.dict_value(child, env)]
        if kind == "call":
            return self._call_value(node, env)
        return []

    def _call_value(self, node: Node, env: dict[str, Any]) -> list[Any]:
        function = node.child_by_field_name("function")
        arguments = node.child_by_field_name("arguments")
        name = _text(function.child_by_field_name("attribute")) if function is not None and function.type == "attribute" else _text(function)
        positional, keywords = self._arguments(arguments)
        if name in ("dict", "OrderedDict"):
            entries = [e for arg in positional for e in self.dict_value(arg, env)]
            entries.extend(["key", [k], _line(v)] for k, v in keywords.items())
            return entries
        if function is not None and function.type == "attribute" and name in ("copy",):
            return self.dict_value(function.child_by_field_name("object"), env)
        if name in ("deepcopy", "copy") and positional:
            return self.dict_value(positional[0], env)
        if not name or name in _NOT_HELPERS or not re.fullmatch(r"[A-Za-z_]\w*", name):
            return []
        call = ["call", name, self._bound(positional, keywords, env), _line(node)]
        source = env.get("__source__")
        if source is not None and '["slot"]' in json.dumps(call[2]):
            # `for key, v in d.items(): out |= add_prefix(stats(v), f"{key}/")`: one call
            # per key of d, each with that key.
            return [["each", source, [call]]]
        return [call]

    def _arguments(self, arguments: Node | None) -> tuple[list[Node], dict[str, Node]]:
        positional: list[Node] = []
        keywords: dict[str, Node] = {}
        if arguments is None or arguments.type != "argument_list":
            return positional, keywords
        for child in arguments.named_children:
            if child.type == "keyword_argument":
                keyword, value = child.child_by_field_name("name"), child.child_by_field_name("value")
                if keyword is not None and value is not None:
                    keywords[_text(keyword)] = value
            elif child.type not in ("comment", "list_splat", "dictionary_splat"):
                positional.append(child)
        return positional, keywords

    def _argument(self, node: Node, env: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        key = self.key(node, env) if node.type != "identifier" or _text(node) in env or _text(node) in self.params or isinstance(self.constants.get(_text(node)), str) else None
        if key is not None and not (len(key) == 1 and isinstance(key[0], list) and key[0][0] == "hole"):
            out["s"] = key
        if node.type != "identifier" or self._holds_dict(_text(node), env):
            value = self.dict_value(node, env)
            if value:
                out["d"] = value
        return out

    def _holds_dict(self, name: str, env: dict[str, Any]) -> bool:
        """A parameter, or a local some dict was stored in: what a helper may write into."""
        return name not in env and (name in self.params or name in self.fn.locals)

    def _bound(self, positional: list[Node], keywords: dict[str, Node], env: dict[str, Any]) -> dict[str, Any]:
        args: dict[str, Any] = {}
        for index, node in enumerate(positional[:12]):
            arg = self._argument(node, env)
            if arg:
                args[str(index)] = arg
        for keyword, node in list(keywords.items())[:12]:
            arg = self._argument(node, env)
            if arg:
                args[keyword] = arg
        return args

    def _comprehension(self, node: Node, env: dict[str, Any]) -> list[Any]:
        body = node.child_by_field_name("body")
        clauses = [c for c in node.named_children if c.type == "for_in_clause"]
        if body is None or body.type != "pair" or not clauses:
            return []
        inner_env, source = self._loop_env(clauses[0].child_by_field_name("left"), clauses[0].child_by_field_name("right"), env)
        key = self.key(body.child_by_field_name("key"), inner_env)
        if key is None:
            return []
        return self._keyed_in(key, source, _line(body))

    def _keyed_in(self, key: list[Any], source: list[Any] | None, at: int) -> list[Any]:
        if any(isinstance(p, list) and p[0] == "alts" for p in key) and all(isinstance(p, str) or p[0] == "alts" for p in key):
            # `for k in ("policy", "value"): stats[f"{k}_loss"]`: every name, spelled out.
            names = [""]
            for part in key:
                names = [n + a for n in names for a in ([part] if isinstance(part, str) else part[1])][:64]
            self.spelled.setdefault(at, set()).update(names)
        if source is not None and any(isinstance(p, list) and p[0] == "slot" for p in key):
            return [["map", key, source, at]]
        return [["key", [["hole", "key"] if isinstance(p, list) and p[0] == "slot" else p for p in key], at]]

    def _loop_env(self, left: Node | None, right: Node | None, env: dict[str, Any]) -> tuple[dict[str, Any], list[Any] | None]:
        """Names a loop binds: alternatives from a literal list, or the keys of a dict."""
        inner = dict(env)
        if left is None or right is None:
            return inner, None
        targets = [left] if left.type == "identifier" else [c for c in left.named_children if c.type == "identifier"] if left.type in ("pattern_list", "tuple_pattern") else []
        # for k, v in d.items() / for k in d / for k in d.keys()
        iterated = right
        over_dict = None
        if right.type == "call":
            function = right.child_by_field_name("function")
            if function is not None and function.type == "attribute" and _text(function.child_by_field_name("attribute")) in ("items", "keys"):
                over_dict = self.dict_value(function.child_by_field_name("object"), env)
        elif right.type == "identifier" and self._holds_dict(_text(right), env):
            over_dict = self.dict_value(right, env)  # `for key in log_dict:`
        if over_dict:
            if targets:
                inner[_text(targets[0])] = ["slot"]
                for other in targets[1:]:
                    inner[_text(other)] = ["hole", _text(other)]
            return inner, over_dict
        values = self._literal_sequence(iterated)
        for index, target in enumerate(targets):
            column = [v[index] if isinstance(v, (list, tuple)) and len(v) > index else (v if len(targets) == 1 else None) for v in values or []]
            strings = _strings(column)
            inner[_text(target)] = ["alts", strings] if strings and len(strings) <= 64 else ["hole", _text(target)]
        return inner, None

    def _literal_sequence(self, node: Node) -> list[Any] | None:
        if node.type == "identifier":
            value = self.constants.get(_text(node))
            return list(value) if isinstance(value, (list, tuple)) else None
        if node.type in ("list", "tuple", "set"):
            out: list[Any] = []
            for child in node.named_children:
                if child.type in ("tuple", "list"):
                    out.append([(string_value(c).literal if string_value(c) is not None and not string_value(c).is_pattern else None) for c in child.named_children])
                else:
                    value = string_value(child)
                    out.append(value.literal if value is not None and not value.is_pattern else None)
            return out
        return None

    # ---- statements ----------------------------------------------------------------
    def read(self, node: Node, env: dict[str, Any]) -> None:
        for child in node.named_children:
            self.visit(child, env)

    def visit(self, node: Node, env: dict[str, Any]) -> None:
        kind = node.type
        if kind in ("class_definition", "lambda"):
            return
        if kind == "function_definition":
            # A closure writes to its parent's dicts (`log_dict[f"{key}x"] = ...`): it is
            # read where the parent calls it, with that call's arguments.
            name = _text(node.child_by_field_name("name"))
            if name and node.child_by_field_name("body") is not None:
                self.closures[name] = (node, env)
            return
        if kind == "for_statement":
            inner, source = self._loop_env(node.child_by_field_name("left"), node.child_by_field_name("right"), env)
            inner = {**inner, "__source__": source} if source is not None else inner
            for child in node.named_children:
                if child.type == "block":
                    self.read(child, inner)
                elif child.type == "else_clause":
                    self.read(child, env)
            return
        if kind == "assignment":
            self._assignment(node, env)
        elif kind == "augmented_assignment":
            self._augmented(node, env)
        elif kind == "return_statement":
            value = node.named_children[0] if node.named_children else None
            self.fn.put(self.fn.returns, self.dict_value(value, env))
        elif kind == "call":
            self._call(node, env)
        for child in node.named_children:
            self.visit(child, env)

    def _store(self, target: Node, entries: list[Any], rebind: bool = False) -> None:
        """Keys stored into a dict variable; `rebind`: `x = ...` names a new dict, which
        for a parameter is no write into the caller's."""
        if not entries:
            return
        name = _text(target)
        if target.type != "identifier":
            return
        if name in self.params:
            if rebind:
                # `logs = {**logs, "extra": 1}`: a new dict under the parameter's name.
                self.fn.put(self.fn.locals.setdefault(name, []), [e for e in entries if e != ["param", name]])
            else:
                self.fn.put(self.fn.writes.setdefault(name, []), entries)
        else:
            self.fn.put(self.fn.locals.setdefault(name, []), entries)

    def _subscript_write(self, left: Node, env: dict[str, Any]) -> None:
        container = left.child_by_field_name("value")
        subscript = left.child_by_field_name("subscript")
        if container is None or subscript is None or container.type != "identifier":
            return
        key = self.key(subscript, env)
        if key is None:
            return
        self._store(container, self._keyed_in(key, env.get("__source__"), _line(left)))

    def _assignment(self, node: Node, env: dict[str, Any]) -> None:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None:
            return
        if left.type == "subscript":
            self._subscript_write(left, env)
        elif left.type == "identifier" and right.type in ("dictionary", "dictionary_comprehension", "call", "binary_operator", "boolean_operator", "identifier", "parenthesized_expression", "conditional_expression"):
            value = self.dict_value(right, env)
            if [["var", _text(left)]] != value:
                self._store(left, value, rebind=True)
            if _text(left) not in self.params and (right.type in ("dictionary", "dictionary_comprehension") or _NEW_DICT.fullmatch(_text(right.child_by_field_name("function")) if right.type == "call" else "")):
                self.fn.locals.setdefault(_text(left), [])  # `metrics = {}`: a dict, filled later

    def _augmented(self, node: Node, env: dict[str, Any]) -> None:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        operator = _text(node.child_by_field_name("operator"))
        if left is None:
            return
        if left.type == "subscript":
            self._subscript_write(left, env)
        elif operator == "|=" and left.type == "identifier":
            self._store(left, self.dict_value(right, env))

    def _read_closure(self, name: str, bound: dict[str, Any] | None) -> None:
        definition, defined_in = self.closures[name]
        reads = self.closure_reads.get(name, 0)
        if reads >= MAX_CLOSURE_READS:
            return
        self.closure_reads[name] = reads + 1
        inner = dict(defined_in)
        for param, default in _param_defaults(definition):
            part = (bound or {}).get(param)
            if part is None and default is not None:
                value = string_value(default)
                part = value.literal if value is not None and not value.is_pattern else None
            inner[param] = part if part is not None else ["hole", param]
        self.read(definition.child_by_field_name("body"), inner)

    def finish(self) -> None:
        """Closures the parent never called (or called out of sight): read once, their
        parameters unknown."""
        for name in list(self.closures):
            if not self.closure_reads.get(name):
                self._read_closure(name, None)

    def _closure_call(self, name: str, positional: list[Node], keywords: dict[str, Node], env: dict[str, Any]) -> None:
        definition, _ = self.closures[name]
        params = [p for p, _ in _param_defaults(definition)]
        bound: dict[str, Any] = {}
        for param, arg in list(zip(params, positional)) + [(k, v) for k, v in keywords.items() if k in params]:
            key = self.key(arg, env)
            if key is not None and len(key) == 1:
                bound[param] = key[0]  # a literal, a loop's alternatives, a slot
            elif key is not None and all(isinstance(p, str) for p in key):
                bound[param] = "".join(key)
        self._read_closure(name, bound)

    def _call(self, node: Node, env: dict[str, Any]) -> None:
        function = node.child_by_field_name("function")
        if function is None:
            return
        if function.type == "identifier" and _text(function) in self.closures:
            positional, keywords = self._arguments(node.child_by_field_name("arguments"))
            self._closure_call(_text(function), positional, keywords, env)
        arguments = node.child_by_field_name("arguments")
        positional, keywords = self._arguments(arguments)
        name = _text(function.child_by_field_name("attribute")) if function.type == "attribute" else _text(function)
        receiver = function.child_by_field_name("object") if function.type == "attribute" else None
        if name in ("update", "setdefault") and receiver is not None and receiver.type == "identifier":
            if name == "update":
                entries = [e for arg in positional for e in self.dict_value(arg, env)]
                entries.extend(["key", [k], _line(v)] for k, v in keywords.items())
            else:
                key = self.key(positional[0], env) if positional else None
                entries = self._keyed_in(key, env.get("__source__"), _line(node)) if key is not None else []
            self._store(receiver, entries)
            return
        if self.emitters.match(name):
            self._emit(node, positional, keywords, env)
        if not name or name in _NOT_HELPERS or not re.fullmatch(r"[A-Za-z_]\w*", name):
            return
        # A dict handed to a helper that may write into it (`append_metric(metrics, "kl", v)`).
        bound: dict[str, Any] | None = None
        for position, arg in [(str(i), a) for i, a in enumerate(positional)] + list(keywords.items()):
            if arg.type == "identifier" and self._holds_dict(_text(arg), env) and (_text(arg) in self.fn.locals or _metricish(_text(arg))):
                bound = self._bound(positional, keywords, env) if bound is None else bound
                self._store(arg, [["passed", name, bound, position]])
        if _sinkish(name):
            bound = self._bound(positional, keywords, env) if bound is None else bound
            if any("d" in a for a in bound.values()):
                self.fn.calls.append([name, bound, _line(node)])

    def _emit(self, node: Node, positional: list[Node], keywords: dict[str, Node], env: dict[str, Any]) -> None:
        entries: list[Any] = []
        first = positional[0] if positional else None
        if first is not None and first.type not in ("dictionary", "dictionary_comprehension", "call", "binary_operator"):
            # writer.add_scalar("train/loss", v), add_scalar(f"{tag}/{k}", v) in a loop
            # over a dict, or a name a wrapper was handed.
            name = _text(first)
            if first.type != "identifier" or name in env or name in self.params:
                key = self.key(first, env)
                if key is not None:
                    entries.extend(self._keyed_in(key, env.get("__source__"), _line(first)))
        for arg in positional[:3] + [v for k, v in keywords.items() if k in _DICT_KEYWORDS]:
            entries.extend(self.dict_value(arg, env))
        if entries:
            self.fn.emits.append([_line(node), entries, node.end_point[0] + 1])


def metric_flow(root: Node, source: bytes, constants: dict[str, Any], emitters: list[str]) -> dict[str, Any]:
    """Flow summaries of the file's functions, by name; "<module>" for its top level."""
    if not emitters or not re.search(rb"\b(?:" + "|".join(emitters).encode() + rb")\s*\(|return\s*\{|\[[^\]\n]*\]\s*=|\|=|\.update\(", source):
        return {}
    pattern = re.compile(f"^(?:{'|'.join(emitters)})$")
    out: dict[str, Any] = {}
    spelled: dict[int, set[str]] = {}
    stack = [root]
    count = 0
    while stack and count < MAX_FUNCTIONS:
        node = stack.pop()
        for child in node.named_children:
            if child.type == "function_definition":
                count += 1
                name = _text(child.child_by_field_name("name"))
                function = _Function(name, _params(child))
                body = child.child_by_field_name("body")
                if body is not None:
                    reader = _Reader(function, pattern, constants)
                    reader.read(body, {})
                    reader.finish()
                    for at, names in reader.spelled.items():
                        spelled.setdefault(at, set()).update(names)
                summary = function.summary()
                if summary is not None:
                    summary["line"] = _line(child)
                    out.setdefault(name, []).append(summary)
                stack.append(child)
            elif child.type in ("class_definition", "decorated_definition", "block", "if_statement", "try_statement", "with_statement", "else_clause", "elif_clause"):
                stack.append(child)
    top = _Function("<module>", [])
    reader = _Reader(top, pattern, constants)
    for child in root.named_children:
        if child.type not in ("function_definition", "class_definition", "decorated_definition"):
            reader.visit(child, {})
    reader.closures.clear()  # module-level functions are read on their own
    for at, names in reader.spelled.items():
        spelled.setdefault(at, set()).update(names)
    summary = top.summary()
    if summary is not None:
        summary["line"] = 1
        out.setdefault("<module>", []).append(summary)
    if spelled:
        out["<spelled>"] = {str(at): sorted(names) for at, names in spelled.items()}
    return out
