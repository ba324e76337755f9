"""Split shell snippets from docs into COMMAND references.

tree-sitter-bash does the parsing; this module prepares the text (prompts, output
lines, placeholders) without moving any character, so node positions map straight
back to the doc.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from ..bash_bytes import parseable
from ..model import COMMAND, HEADING, INLINE_CODE, Reference

SHELL_LANGS = frozenset(
    {"bash", "sh", "shell", "console", "zsh", "shell-session", "shellsession",
     "sh-session", "bash-session", "terminal"}
)
CONSOLE_LANGS = frozenset(
    {"console", "shell-session", "shellsession", "sh-session", "bash-session", "terminal"}
)
# First words that make an unlabelled block look like shell.
COMMAND_WORDS = frozenset(
    {"python", "python3", "torchrun", "bash", "sh", "pip", "pip3", "uv", "uvx",
     "accelerate", "deepspeed", "git", "docker", "make", "cd", "export", "conda",
     "poetry", "sudo", "srun", "sbatch", "ray", "pytest", "npm", "npx", "curl", "wget",
     "gcloud", "gsutil", "kubectl", "helm", "aws", "az", "bazel", "cmake", "mpirun",
     "tensorboard", "jupyter", "apt-get", "brew", "huggingface-cli", "nvidia-smi"}
)
# `gcloud ml-engine jobs submit training $JOB --package-path trainer/ \`: a program word,
# options, and a continuation: a command line, whatever the program.
_CONTINUED_COMMAND = re.compile(r"^[a-z][a-z0-9_.-]*[a-z0-9](?:[ \t]+\S+)*?[ \t]+--?[A-Za-z][\w-]*(?:[ \t]+\S+)*[ \t]+\\$")

# `$ `, `% `, optionally after `(venv) ` and `user@host:~`.
_PROMPT = re.compile(
    r"^[ \t]*(?:\([^()\s]+\)[ \t]+)?(?:[\w.-]+@[\w.-]+(?::\S*)?[ \t]?)?[$%](?: |$)"
)
_PS2 = re.compile(r"^[ \t]*>(?: |$)")
_HEREDOC = re.compile(r"<<-?[ \t]*(['\"]?)([A-Za-z_]\w*)\1")
# `<model>`, `<path/to/x>`: masked so bash does not read them as redirections.
_PLACEHOLDER = re.compile(r"(?<![<\w])<([A-Za-z_][\w./:@-]*(?: [\w./:@-]+){0,4})>")
_NUMBER = re.compile(r"^-\d")
_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_PY = re.compile(r"^python(\d+(\.\d+)*)?$")

# Launcher options that take no value (everything else takes the next word).
def _launcher_table() -> dict:
    """rules/launchers.toml: which options of each launcher take a value."""
    import sys

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    from ..rules import builtin_rules_dir

    return tomllib.loads((builtin_rules_dir() / "launchers.toml").read_text(encoding="utf-8"))


_LAUNCHERS = _launcher_table()
_TORCHRUN_BOOL = set(_LAUNCHERS["torchrun"]["switches"])
_ACCELERATE_BOOL = set(_LAUNCHERS["accelerate"]["switches"])
_DEEPSPEED_BOOL = set(_LAUNCHERS["deepspeed"]["switches"])
_DEEPSPEED_MODULE = tuple(_LAUNCHERS["deepspeed"]["module"])
_PYTHON_VALUE = set(_LAUNCHERS["python"]["values"])
_SHELL_VALUE = set(_LAUNCHERS["shell"]["values"])
_UV_VALUE = set(_LAUNCHERS["uv"]["values"])
_CONDA_VALUE = set(_LAUNCHERS["conda"]["values"])
_SRUN_BOOL = set(_LAUNCHERS["srun"]["switches"])
_SUDO_VALUE = set(_LAUNCHERS["sudo"]["values"])
_RUNNERS = {"uv": _UV_VALUE, "poetry": set(), "pdm": set(), "pipenv": set(),
            "hatch": set(), "rye": set(), "conda": _CONDA_VALUE}
_SIMPLE_WRAPPERS = {"nohup", "time", "exec", "command", "builtin"}


@lru_cache(maxsize=1)
def _parser():
    import tree_sitter_bash
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_bash.language()))


# ---------------------------------------------------------------- preparation


def _quote_state(line: str, state: str | None) -> str | None:
    """Quote still open at the end of ``line`` (None, "'" or '"')."""
    i = 0
    while i < len(line):
        ch = line[i]
        if state is None:
            if ch == "\\":
                i += 1
            elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
                return None
            elif ch in "'\"":
                state = ch
        elif state == "'":
            if ch == "'":
                state = None
        elif ch == "\\":
            i += 1
        elif ch == '"':
            state = None
        i += 1
    return state


# pytest's report pasted below its command: from `==== test session starts ====` to
# `==== 3 passed in 3.69s ====`, and its progress lines (`tests/test_x.py ..F.   [100%]`).
_PYTEST_START = re.compile(r"^\s*={3,} test session starts ={3,}\s*$")
_PYTEST_END = re.compile(r"^\s*={3,}.*\bin [\d.]+s\b.*={3,}\s*$")
_PYTEST_PROGRESS = re.compile(r"^\s*\S+\.py\s+[.FEsxX]+\s*\[\s*\d+%\]\s*$")


def _without_pytest_report(lines: list[str]) -> list[str]:
    out, inside = [], False
    for line in lines:
        inside = inside or bool(_PYTEST_START.match(line))
        out.append("" if inside or _PYTEST_PROGRESS.match(line) else line)
        if inside and _PYTEST_END.match(line):
            inside = False
    return out


# `data.val_files=x \ # TODO: change` ends the command for bash (the backslash escapes a
# space), but the lines after it are the same command to its author and reader.
_COMMENT_AFTER_BACKSLASH = re.compile(r"\\[ \t]+#[^\n]*$")


def _comment_after_backslash(line: str) -> str:
    """The line with its trailing comment blanked and the backslash moved to its end."""
    m = _COMMENT_AFTER_BACKSLASH.search(line)
    if m is None or line.count('"') % 2 or line.count("'") % 2:
        return line
    return line[: m.start()] + " " * (len(line) - m.start() - 1) + "\\"


def _prepare(body: str) -> str:
    """Blank prompts and console output without changing any kept character's place."""
    lines = [_comment_after_backslash(line) for line in _without_pytest_report(body.replace("\r", " ").split("\n"))]
    prompted = any(_PROMPT.match(line) for line in lines)
    if not prompted:
        return "\n".join(lines)
    # `$ ` marks a transcript in any shell language: a plain line after a prompted
    # command is its output. Lines before the first prompt stay.
    out: list[str] = []
    quote: str | None = None
    heredoc: str | None = None
    cont = seen = False
    for line in lines:
        if heredoc is not None:
            m = _PS2.match(line)
            if m:
                line = " " * m.end() + line[m.end():]
            out.append(line)
            if line.strip() == heredoc:
                heredoc = None
            continue
        prompt = _PROMPT.match(line)
        if not prompt and not seen:
            out.append(line)  # before the transcript starts
            continue
        if not prompt and not cont:
            out.append("")  # output of the previous command
            continue
        if prompt:
            quote, seen = None, True
        m = prompt or _PS2.match(line)
        if m:
            line = " " * m.end() + line[m.end():]
        out.append(line)
        quote = _quote_state(line, quote)
        cont = quote is not None or line.rstrip().endswith(("\\", "&&", "||", "|"))
        h = _HEREDOC.search(line)
        if h:
            heredoc = h.group(2)
    return "\n".join(out)


def _mask(text: str) -> str:
    return _PLACEHOLDER.sub(lambda m: "_" + m.group(1).replace(" ", "_") + "_", text)


class _Source:
    """Byte offsets from tree-sitter back to 1-based doc lines and columns."""

    def __init__(self, text: str, first_line: int, offsets: Sequence[int] | None):
        self.data = text.encode("utf-8", "surrogatepass")
        self.lines = self.data.split(b"\n")
        self.first_line = first_line
        self.offsets = offsets or ()

    def text(self, node) -> str:
        return _decode(self.data[node.start_byte:node.end_byte])

    def pos(self, point) -> tuple[int, int]:
        row, col = point
        line = self.lines[row] if row < len(self.lines) else b""
        off = self.offsets[row] if row < len(self.offsets) else 0
        return self.first_line + row, len(_decode(line[:col])) + 1 + off


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return data.decode("utf-8", "replace")


def _parse(body: str):
    text = _prepare(body)
    masked = _mask(text).encode("utf-8", "surrogatepass")
    return text, _parser().parse(parseable(masked))  # byte offsets unchanged


def _walk(root):
    """All nodes in document order, skipping heredoc bodies (input, not commands)."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "heredoc_body":
            continue
        yield node
        stack.extend(reversed(node.children))


# ---------------------------------------------------------------- words


@dataclass
class _Word:
    raw: str
    value: str  # unquoted
    line: int
    column: int
    flaglike: bool
    plain: bool  # could name a path or a program (not a substitution)


def _unquote(node, src: _Source) -> str:
    t = node.type
    if t in ("string", "raw_string"):
        return src.text(node)[1:-1]
    if t == "ansi_c_string":
        return src.text(node)[2:-1]
    if t == "concatenation":
        return "".join(_unquote(c, src) for c in node.children)
    if t == "word" and "\\" in src.text(node):
        return re.sub(r"\\(.)", r"\1", src.text(node))  # `docs/AWorld\ CLI/x.sh`: bash reads `\ ` as a space
    return src.text(node)


def _word(node, src: _Source) -> _Word:
    raw = src.text(node)
    line, col = src.pos(node.start_point)
    t = node.type
    first = node.children[0] if t == "concatenation" and node.children else node
    flaglike = (
        first.type == "word"
        and raw.startswith("-")
        and raw not in ("-", "--")
        and not _NUMBER.match(raw)
    )
    value = _unquote(node, src)
    if t in ("string", "raw_string"):
        col += 1  # point at the text, not the quote
    plain = t not in ("command_substitution", "process_substitution", "arithmetic_expansion")
    if src.data[node.end_byte:node.end_byte + 1] == b"<" and t not in ("string", "raw_string"):
        # `qa/L0_<framework>_lint/test.sh`: bash took the placeholder's `<` for a
        # redirection; the word is the start of a name to fill in, not a path. (A `>`
        # after a word is a redirection: dgl-ke's `pushd $KG_DIR_TEST> /dev/null`.)
        plain = False
    return _Word(raw, value, line, col, flaglike, plain)


def _base(word: _Word) -> str:
    return posixpath.basename(word.value)


def _norm_flag(flag: str) -> str:
    return flag.replace("_", "-") if flag.startswith("--") else flag


# ---------------------------------------------------------------- analysis


class _Command:
    """Accumulates the attrs of one command while its words are consumed."""

    def __init__(self, words: list[_Word]):
        self.words = words
        self.flags: list[dict[str, Any]] = []
        self.positionals: list[dict[str, Any]] = []
        self.env: list[dict[str, Any]] = []
        self.wrappers: list[str] = []
        self.program: str | None = None
        self.launcher: str | None = None
        self.script: str | None = None
        self.script_kind: str | None = None
        self.script_at: tuple[int, int] | None = None  # (line, column), maybe after a `\`
        self.dashes: tuple[int, int] | None = None  # (line, column) of the `--` that ends the options

    def set_script(self, word: "_Word", kind: str | None) -> None:
        self.script, self.script_kind, self.script_at = word.value, kind, (word.line, word.column)

    def flag(self, i: int, owner: str, takes_value=None) -> int:
        """Record the flag at ``i``; return the index after it (and its value)."""
        w = self.words[i]
        name, value, vline, vcol = w.value, None, None, None
        nxt = i + 1
        if "=" in w.value and w.value.index("=") > 1:
            name, value = w.value.split("=", 1)
            at = w.raw.index("=") + 1
            vline, vcol = w.line, w.column + at + (w.raw[at:at + 1] in ("'", '"'))
        elif nxt < len(self.words):
            n = self.words[nxt]
            wants = takes_value(name) if takes_value else True
            if wants and not n.flaglike and n.raw != "--":
                value, vline, vcol = n.value, n.line, n.column
                nxt += 1
        self.flags.append({"flag": name, "value": value, "line": w.line, "column": w.column,
                           "owner": owner, "value_line": vline, "value_column": vcol})
        return nxt

    def positional(self, w: _Word) -> None:
        if w.plain:
            self.positionals.append({"text": w.value, "line": w.line, "column": w.column})

    def rest(self, i: int, owner: str) -> None:
        """Generic tail: flags take the next non-flag word; `--` ends flags."""
        words = self.words
        while i < len(words):
            w = words[i]
            if w.raw == "--":
                self.dashes = (w.line, w.column)
                for p in words[i + 1:]:
                    self.positional(p)
                return
            if w.flaglike:
                i = self.flag(i, owner)
            else:
                self.positional(w)
                i += 1


def _skip_options(cmd: _Command, i: int, opts: set[str], opts_are_bool=False) -> int:
    """Consume a wrapper's own options (recorded with owner "wrapper").

    ``opts`` lists the options that take a value, or with ``opts_are_bool`` the ones
    that do not.
    """
    words = cmd.words

    def takes(flag: str) -> bool:
        return (flag not in opts) if opts_are_bool else (flag in opts)

    while i < len(words) and words[i].flaglike:
        i = cmd.flag(i, "wrapper", takes)
    if i < len(words) and words[i].raw == "--":
        i += 1
    return i


def _strip_wrappers(cmd: _Command, i: int) -> int:
    words = cmd.words
    while i < len(words):
        base = _base(words[i])
        nxt = words[i + 1].value if i + 1 < len(words) else None
        if base == "sudo":
            cmd.wrappers.append(base)
            i = _skip_options(cmd, i + 1, _SUDO_VALUE)
        elif base == "env":
            cmd.wrappers.append(base)
            i = _skip_options(cmd, i + 1, {"-u", "--unset", "-C", "--chdir", "-S"})
            while i < len(words) and _ASSIGN.match(words[i].value):
                w = words[i]
                name, value = w.value.split("=", 1)
                cmd.env.append({"name": name, "value": value, "line": w.line,
                                "column": w.column, "scope": "command"})
                i += 1
        elif base in _SIMPLE_WRAPPERS:
            cmd.wrappers.append(base)
            i = _skip_options(cmd, i + 1, set())
        elif base in ("nice", "timeout"):
            cmd.wrappers.append(base)
            i = _skip_options(cmd, i + 1, {"-n", "--adjustment", "-s", "--signal", "-k"})
            if base == "timeout" and i < len(words):
                i += 1  # the duration
        elif base in _RUNNERS and nxt == "run":
            cmd.wrappers.append(f"{base} run")
            i = _skip_options(cmd, i + 2, _RUNNERS[base])
        elif base == "srun":
            cmd.wrappers.append(base)
            i = _skip_options(cmd, i + 1, _SRUN_BOOL, opts_are_bool=True)
        else:
            break
    return i


_VARIABLE_WORD = re.compile(r"^\$\{?[A-Za-z_]\w*\}?$")


def _launcher_opts(
    cmd: _Command, i: int, bool_opts: set[str], module_opts=("-m", "--module")
) -> None:
    """torchrun-style: options, then a script (or module), then the script's args."""
    words = cmd.words
    module = False
    while i < len(words):
        w = words[i]
        if w.flaglike:
            if _norm_flag(w.value.split("=", 1)[0]) in module_opts:
                module = True

            def takes(f: str) -> bool:
                return _norm_flag(f) not in bool_opts and not (
                    i + 1 < len(words) and words[i + 1].value.endswith(".py"))

            i = cmd.flag(i, "launcher", takes)
            continue
        if w.raw == "--":
            i += 1
            continue
        if _VARIABLE_WORD.match(w.raw) and any(not v.flaglike and (v.value.endswith((".py", ".sh")) or "/" in v.value) for v in words[i + 1 :]):
            i += 1  # `torchrun $DISTRIBUTED_ARGS tools/server.py`: the launcher's own options
            continue
        cmd.set_script(w, "module" if module else ("py" if w.value.endswith(".py") else
                                                   "sh" if w.value.endswith(".sh") else None))
        cmd.rest(i + 1, "script")
        return


def _python(cmd: _Command, i: int) -> None:
    words = cmd.words
    cmd.launcher = "python"
    while i < len(words):
        w = words[i]
        if not w.flaglike:
            if w.value.endswith(".py"):
                cmd.set_script(w, "py")
            else:
                cmd.positional(w)
            cmd.rest(i + 1, "script")
            return
        flag = w.value
        if flag == "-m" and i + 1 < len(words):
            module = words[i + 1].value
            cmd.flags.append({"flag": "-m", "value": module, "line": w.line, "column": w.column,
                              "owner": "launcher", "value_line": words[i + 1].line,
                              "value_column": words[i + 1].column})
            if module in ("torch.distributed.run", "torch.distributed.launch"):
                cmd.launcher = "torchrun"
                _launcher_opts(cmd, i + 2, _TORCHRUN_BOOL)
            else:
                cmd.set_script(words[i + 1], "module")
                cmd.rest(i + 2, "script")
            return
        if flag.startswith("-m") and len(flag) > 2 and not flag.startswith("--"):
            cmd.flags.append({"flag": "-m", "value": flag[2:], "line": w.line,
                              "column": w.column, "owner": "launcher",
                              "value_line": w.line, "value_column": w.column + 2})
            cmd.script, cmd.script_kind, cmd.script_at = flag[2:], "module", (w.line, w.column + 2)
            cmd.rest(i + 1, "script")
            return
        i = cmd.flag(i, "launcher", lambda f: f in _PYTHON_VALUE)
        if flag == "-c":
            cmd.rest(i, "launcher")
            return


def _shell_script(cmd: _Command, i: int, name: str) -> None:
    words = cmd.words
    cmd.launcher = name
    while i < len(words) and words[i].flaglike:
        flag = words[i].value
        i = cmd.flag(i, "launcher", lambda f: f in _SHELL_VALUE)
        if flag == "-c":
            cmd.rest(i, "launcher")
            return
    if i < len(words):
        w = words[i]
        if w.value.endswith(".sh"):
            cmd.set_script(w, "sh")
        else:
            cmd.positional(w)
        cmd.rest(i + 1, "script")


def _analyse(cmd: _Command, i: int) -> None:
    """Fill program/launcher/script/flags from word ``i`` on."""
    words = cmd.words
    i = _strip_wrappers(cmd, i)
    if i >= len(words):
        if cmd.wrappers and words:
            cmd.program = cmd.wrappers[-1]
        return
    prog = words[i]
    cmd.program = prog.value
    base = _base(prog)
    sub = [w.value for w in words[i + 1:i + 3]]
    if _PY.match(base):
        _python(cmd, i + 1)
    elif base == "torchrun":
        cmd.launcher = "torchrun"
        _launcher_opts(cmd, i + 1, _TORCHRUN_BOOL)
    elif base == "accelerate" and sub[:1] == ["launch"]:
        cmd.launcher = "accelerate"
        _launcher_opts(cmd, i + 2, _ACCELERATE_BOOL)
    elif base == "deepspeed":
        cmd.launcher = "deepspeed"
        _launcher_opts(cmd, i + 1, _DEEPSPEED_BOOL, _DEEPSPEED_MODULE)
    elif base == "ray" and sub == ["job", "submit"]:
        _ray(cmd, i + 3)
    elif base in ("bash", "sh", "zsh"):
        _shell_script(cmd, i + 1, base)
    else:
        if base.endswith((".sh", ".py")):
            cmd.set_script(prog, "sh" if base.endswith(".sh") else "py")
        cmd.rest(i + 1, "program")


def _ray(cmd: _Command, i: int) -> None:
    words = cmd.words
    cmd.launcher = "ray"
    while i < len(words) and words[i].raw != "--":
        if words[i].flaglike:
            i = cmd.flag(i, "launcher")
        else:
            cmd.positional(words[i])
            i += 1
    if i < len(words):
        inner = _Command(words[i + 1:])
        _analyse(inner, 0)
        cmd.script, cmd.script_kind, cmd.script_at = inner.script, inner.script_kind, inner.script_at
        cmd.flags += inner.flags
        cmd.positionals += inner.positionals
        cmd.env += inner.env


# ---------------------------------------------------------------- public


def _assignment(node, src: _Source, scope: str) -> dict[str, Any] | None:
    name = node.child_by_field_name("name") or (node.children[0] if node.children else None)
    if name is None:
        return None
    value_node = node.child_by_field_name("value")
    line, col = src.pos(node.start_point)
    value = _unquote(value_node, src) if value_node is not None else ""
    return {"name": src.text(name), "value": value, "line": line, "column": col, "scope": scope}


_FIGURE = re.compile(r"[\d.,]+%?|[<>=|#*~-]+")


def _output_row(words: list) -> bool:
    """`speechbrain/core.py  424  155  63%`: a row of a tool's report pasted after its
    command (a coverage table), not a file run with numbers for arguments."""
    first = words[0].value if words else ""
    rest = [w.value for w in words[1:]]
    return "/" in first and len(rest) >= 2 and all(_FIGURE.fullmatch(v or "") for v in rest)


def _command_ref(node, src: _Source, path: str, lang: str) -> Reference | None:
    t = node.type
    cmd = _Command([])
    if t == "command":
        words: list[_Word] = []
        for c in node.children:
            if c.type == "variable_assignment" and not words:
                env = _assignment(c, src, "command")
                if env:
                    cmd.env.append(env)
            elif c.type == "command_name":
                words.append(_word(c.children[0] if c.children else c, src))
            elif c.is_named and not c.type.endswith("redirect") and c.type != "comment":
                words.append(_word(c, src))
        if _output_row(words):
            return None
        cmd.words = words
        _analyse(cmd, 0)
    elif t == "declaration_command":
        for c in node.children:
            if c.type == "variable_assignment":
                env = _assignment(c, src, "export")
            elif c.type == "variable_name":
                line, col = src.pos(c.start_point)
                env = {"name": src.text(c), "value": None, "line": line, "column": col,
                       "scope": "export"}
            else:
                continue
            if env:
                cmd.env.append(env)
    else:  # bare assignment(s): shell variables
        nodes = node.children if t == "variable_assignments" else [node]
        for c in nodes:
            env = _assignment(c, src, "shell") if c.type == "variable_assignment" else None
            if env:
                cmd.env.append(env)
    if cmd.program is None and not cmd.env:
        return None
    line, col = src.pos(node.start_point)
    attrs = {
        "program": cmd.program, "launcher": cmd.launcher, "script": cmd.script,
        "script_kind": cmd.script_kind, "script_at": cmd.script_at, "flags": cmd.flags, "env": cmd.env,
        "positionals": cmd.positionals, "wrappers": cmd.wrappers, "lang": lang,
    }
    if cmd.dashes is not None:
        attrs["dashes"] = list(cmd.dashes)
    writes = _redirect_targets(node, src)
    if writes:
        attrs["writes"] = writes  # `> out.jsonl`, `| tee log.txt`: files this step creates
    return Reference(kind=COMMAND, text=src.text(node), path=path, line=line, column=col, attrs=attrs)


# Statements whose redirection writes what the commands inside them print.
_COMPOUND = frozenset({"do_group", "while_statement", "for_statement", "c_style_for_statement", "if_statement", "elif_clause", "else_clause", "compound_statement", "subshell", "list", "pipeline"})


def _redirect_targets(node, src: _Source) -> list[str]:
    """The files a command's output redirections write (`cmd > x`, `cmd >> x`)."""
    found = []
    holder, up = node, node.parent
    while up is not None:
        if up.type == "redirected_statement":
            holder = up  # `cmd > x`, or `while read f; do cat "$f"; done > all.txt` around it
            break
        if up.type not in _COMPOUND:
            break
        up = up.parent
    for child in holder.children:
        if child.type == "file_redirect":
            operator = next((c for c in child.children if not c.is_named), None)
            destination = child.child_by_field_name("destination") or (child.named_children[-1] if child.named_children else None)
            glued = child.start_byte > 0 and not src.data[child.start_byte - 1:child.start_byte].isspace()
            if glued:
                continue  # `L0_<framework>_lint`: the `>` closes a placeholder, it writes nothing
            if destination is not None and (operator is None or ">" in src.text(operator)):
                found.append(src.text(destination).strip("'\""))
    return found


def split_commands(
    body: str,
    first_line: int,
    lang: str = "bash",
    *,
    path: str = "",
    column_offsets: Sequence[int] | None = None,
) -> list[Reference]:
    """COMMAND references for each command in ``body``.

    ``first_line`` is the doc line of the body's first line; ``column_offsets[i]`` is
    how many characters precede body line ``i`` in the doc (indent, ``> ``).
    Besides the documented attrs each command carries ``locals`` (the block's own
    shell variables, not exported ones) and ``cwd`` (where earlier ``cd`` commands in
    the block left it).
    """
    text, tree = _parse(body)
    src = _Source(text, first_line, column_offsets)
    refs: list[Reference] = []
    for node in _walk(tree.root_node):
        t = node.type
        if t == "declaration_command":
            if not node.children or node.children[0].type != "export":
                continue
        elif t in ("variable_assignment", "variable_assignments"):
            parent = node.parent
            if parent is None or parent.type in (
                    "command", "declaration_command", "variable_assignments"):
                continue
        elif t != "command":
            continue
        ref = _command_ref(node, src, path, lang)
        if ref is not None:
            refs.append(ref)
    refs.sort(key=lambda r: (r.line, r.column))
    local_names = sorted(_names_defined(tree, src, exported=False))
    _track_cwd(refs)
    guarded = set(_GUARD.findall(text)) if "-" in text else set()
    for ref in refs:
        ref.attrs["locals"] = list(local_names)
        tested = sorted(p for p in guarded if p in ref.text)
        if tested:
            # pulpcore's CI: `if [ -f .github/.../pre_before_install.sh ]; then source ...`:
            # an optional hook the script runs only when it is there.
            ref.attrs["guarded"] = tested
    return refs


# `[ -f path ]`, `[[ -e path ]]`, `test -x path`: the script asks whether the file is there.
_GUARD = re.compile(r"""(?:\[\[?|\btest)\s+!?\s*-[efdrsx]\s+["']?([\w./-]+/[\w.-]+|[\w-]+\.[\w]+)["']?""")


_SCRIPT_DIR = re.compile(r"""^["']?(?:\$\{?(?:script_dir|SCRIPT_DIR|SCRIPTDIR|script_path|SCRIPT_PATH|THIS_DIR|this_dir|CUR_DIR|CURRENT_DIR|BASEDIR|BASE_DIR)\}?|\$\(dirname\s+["']?\$(?:0|\{?BASH_SOURCE(?:\[0\])?\}?)["']?\))["']?""")


_URL_LIKE = re.compile(r"^(?:[a-z+]+://|git@)|\.git/?$")


def _clone_of(ref: Reference) -> tuple[str, str] | None:
    """(URL, folder) of `git clone [options] URL [folder]`. The splitter does not know
    git's switches, so `--recursive URL` reads as an option with a value: the URL is the
    first word that looks like one, wherever it landed."""
    words = [(p["line"], p["column"], p["text"], "positional") for p in ref.attrs["positionals"]]
    words += [(f["value_line"] or f["line"], f["value_column"] or f["column"], f["value"], "value") for f in ref.attrs.get("flags", []) if isinstance(f.get("value"), str)]
    words.sort(key=lambda w: (w[0], w[1]))
    url_at = next((i for i, w in enumerate(words) if _URL_LIKE.search(w[2])), None)
    if url_at is None:
        positional = [w[2] for w in words if w[3] == "positional"]
        if len(positional) < 2:
            return None
        url_at = next(i for i, w in enumerate(words) if w[3] == "positional" and w[2] == positional[1])
    url = words[url_at][2]
    after = [w[2] for w in words[url_at + 1 :] if w[3] == "positional"]
    return url, after[0] if after else url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")


def _track_cwd(refs: list[Reference]) -> None:
    """``cwd``: the directory relative ``cd`` commands lead to ('' at the start).

    After a ``cd`` that cannot be followed (``~``, ``$DIR``, absolute) ``cwd_unknown``
    is True and ``cwd`` is ''.
    """
    cwd: str | None = ""
    unknown_target = ""
    clones: dict[str, str] = {}  # folder a `git clone` made -> the URL it cloned
    from_doc: str | None = None  # `cd ../clip_benchmark/`: a folder beside the page's, read from the page's folder
    stack: list[tuple[str | None, str | None, str]] = []  # pushd ... popd
    folders: dict[str, str] = {}  # shell variable -> the folder it names, where the block says
    for ref in refs:
        ref.attrs["cwd"] = cwd or ""
        if cwd is None:
            ref.attrs["cwd_unknown"] = True
            ref.attrs["cwd_target"] = unknown_target  # `${path_to_CHARM_repo}`: whose tree?
            if from_doc:
                ref.attrs["cwd_from_doc"] = from_doc
        elif cwd and cwd.split("/", 1)[0] in clones:
            ref.attrs["cwd_clone"] = clones[cwd.split("/", 1)[0]]  # inside a checkout the block cloned
        if ref.attrs["program"] is None:
            for item in ref.attrs.get("env", []):
                if item.get("scope") in ("shell", "export"):
                    _remember_folder(folders, item["name"], str(item.get("value") or ""), cwd)
            continue
        args = [p["text"] for p in ref.attrs["positionals"]]
        cloned = _clone_of(ref) if ref.attrs["program"] == "git" and args[:1] == ["clone"] else None
        if cloned:
            url, folder = cloned
            clones[posixpath.normpath(posixpath.join(cwd or "", folder))] = url
        if ref.attrs["program"] == "popd":
            if stack:
                cwd, from_doc, unknown_target = stack.pop()
            continue
        if ref.attrs["program"] not in ("cd", "pushd"):
            continue
        if ref.attrs["program"] == "pushd":
            stack.append((cwd, from_doc, unknown_target))
        target = args[0] if len(args) == 1 else None
        if target and "$" in target:
            target = _expand_folder(target, folders) or target  # `cd "$FRONTEND_DIR"`, set above
        if target and target.startswith(_ANCHOR + "/"):
            joined = posixpath.normpath(target[len(_ANCHOR) + 1:])
            cwd, from_doc, unknown_target = (None, None, target) if joined.startswith("..") else ("" if joined == "." else joined, None, unknown_target)
            continue
        here = _SCRIPT_DIR.match(target or "")
        if here:
            # `pushd $script_dir/..`, `cd "$(dirname "$0")"`: from the script's own folder.
            rest = (target or "")[here.end():].lstrip("/") or "."
            cwd, from_doc, unknown_target = None, posixpath.normpath(rest), ""
            continue
        if cwd is not None and target and not ref.attrs.get("cwd_clone"):
            inside = posixpath.normpath(posixpath.join(cwd, target)).split("/", 1)[0]
            if inside in clones:
                ref.attrs["cwd_clone"] = clones[inside]  # `cd vllm/vllm/entrypoints` into the checkout just made
        if cwd is None or not target or target.startswith(("/", "~", "-")) or "$" in target:
            unknown_target = target or ""  # the latest `cd` decides whose tree it is
            cwd = None
        else:
            joined = posixpath.normpath(posixpath.join(cwd, target))
            cwd = None if joined.startswith("..") else ("" if joined == "." else joined)
            from_doc = joined if cwd is None else None
            unknown_target = target if cwd is None else unknown_target


_ANCHOR = "$DRIFT_FROM_ROOT"  # a folder named from the repository's root, not from where it is used
_SHELL_VAR = re.compile(r"\$(?:\{(\w+)\}|(\w+))")
_PWD = re.compile(r"^(?:\$\(pwd\)|`pwd`|\$\{?PWD\}?)")


def _expand_folder(value: str, folders: dict[str, str]) -> str | None:
    """``value`` with the variables the block set to folders put in; None when any other
    variable (`$HOME`, a loop's) remains, as its folder is unknown."""
    unknown = False

    def put(match: re.Match) -> str:
        nonlocal unknown
        name = match.group(1) or match.group(2)
        if match.group(0) == _ANCHOR:
            return _ANCHOR
        if name not in folders:
            unknown = True
            return match.group(0)
        return folders[name]
    expanded = _SHELL_VAR.sub(put, value)
    return None if unknown else expanded


def _remember_folder(folders: dict[str, str], name: str, value: str, cwd: str | None) -> None:
    """What a shell variable names as a folder: `TOP_DIR=$(pwd)` the folder the block is
    in, `FRONTEND_DIR=${TOP_DIR}/frontend` one below it, `DIR=./data/gqa` a relative one
    (read where it is used). Anything else forgets the name."""
    folders.pop(name, None)
    if _SCRIPT_DIR_VALUE.match(value):
        folders[name] = "$SCRIPT_DIR"  # `SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"`: the script's folder
        return
    resolved = _RESOLVED.match(value)
    if resolved:
        value = resolved.group(1)  # `PROJECT_ROOT=$(realpath ${SCRIPT_DIR})`: the same folder
    here = _PWD.match(value)
    if here:
        if cwd is None:
            return  # the block is somewhere drift lost track of
        rest = value[here.end():]
        # Where the block is now, whatever `cd` comes later: dgl-ke's
        # `KG_DIR_TEST="${PWD}/python/dglke"` read after `pushd $KG_DIR` (python/).
        value = _ANCHOR + "/" + posixpath.normpath((cwd or ".") + rest)
    expanded = _expand_folder(value, folders)
    if expanded is None or not expanded or expanded.startswith(("~", "-")) or any(ch in expanded for ch in " *?`(){};|&<>"):
        return
    folders[name] = expanded


_OWN_PATH = r"""["']?\$(?:0|\{?BASH_SOURCE(?:\[0\])?\}?)["']?"""
# `"$(cd "$(dirname "$0")" && pwd)"`, `$(dirname "$(readlink -f "$0")")`: the script's own folder.
_SCRIPT_DIR_VALUE = re.compile(
    r"""^["']?\$\((?:cd\s+["']?\$\(dirname\s+""" + _OWN_PATH + r"""\)["']?\s*(?:&&|;)\s*pwd(?:\s+-P)?"""
    r"""|dirname\s+(?:["']?\$\((?:realpath|readlink\s+-f)\s+""" + _OWN_PATH + r"""\)["']?|""" + _OWN_PATH + r"""))\)["']?$""")
# `$(realpath ${SCRIPT_DIR})`, `$(readlink -f "$DIR")`: the folder it names, resolved.
_RESOLVED = re.compile(r"""^["']?\$\((?:realpath|readlink\s+-f)\s+["']?([^"'()\s]+)["']?\)["']?$""")


_READ_VALUE = {"-p", "-d", "-n", "-N", "-t", "-u"}


def shell_variables_defined(body: str) -> set[str]:
    """Names the snippet assigns itself (``X=1``, ``export X``, ``for X in``, ``read X``)."""
    text, tree = _parse(body)
    return _names_defined(tree, _Source(text, 1, None))


def _names_defined(tree, src: _Source, exported: bool = True) -> set[str]:
    """Names assigned in the snippet; ``VAR=x cmd`` prefixes are env for ``cmd``, not
    definitions, and with ``exported`` False neither are ``export`` names."""
    names: set[str] = set()
    for node in _walk(tree.root_node):
        t = node.type
        parent = node.parent
        if parent is not None and parent.type == "declaration_command" and t in (
                "variable_assignment", "variable_name"):
            if exported or parent.children[0].type != "export":
                name = node.child_by_field_name("name") if t == "variable_assignment" else node
                if name is not None:
                    names.add(src.text(name))
        elif t == "variable_assignment" and (parent is None or parent.type != "command"):
            name = node.child_by_field_name("name")
            if name is not None:
                names.add(src.text(name).split("[", 1)[0])
        elif t in ("for_statement", "select_statement"):
            names.update(src.text(c) for c in node.children if c.type == "variable_name")
        elif t == "command":
            _read_names(node, src, names)
    return names


def _read_names(node, src: _Source, names: set[str]) -> None:
    args = [c for c in node.children if c.is_named and c.type not in ("variable_assignment",)]
    if not args or args[0].type != "command_name" or src.text(args[0]) != "read":
        return
    skip = False
    for a in args[1:]:
        text = src.text(a)
        if skip:
            skip = False
        elif text.startswith("-"):
            skip = text in _READ_VALUE
        elif re.fullmatch(r"[A-Za-z_]\w*", text):
            names.add(text)


PLAIN_LANGS = frozenset({"text", "txt", "none", "plain", "plaintext", "default"})


def session_lang(lang: str, body: str) -> str:
    """The language to split a block's commands in: its own for a shell block, `console` for
    a plain-text block with prompts (werkzeug's ``.. code-block:: text`` of `$ uwsgi --http
    ...`: commands and their output), "" for anything else."""
    if lang in SHELL_LANGS:
        return lang
    if lang in PLAIN_LANGS and any(_PROMPT.match(line) and line.strip() not in ("$", "%") for line in body.split("\n")):
        return "console"
    return ""


def looks_like_command(body: str) -> bool:
    """Whether an unlabelled block reads as shell, judged by its first non-blank line."""
    for line in body.split("\n"):
        s = line.strip()
        if not s:
            continue
        if _PROMPT.match(s):
            return True
        word = s.split()[0]
        return bool(word.startswith("./") or _ASSIGN.match(word) or word in COMMAND_WORDS or _CONTINUED_COMMAND.match(s))
    return False


# `--name value \` lines: a flag list given without its program (`ARGS=( ... )` arrays
# and blocks of bare flag lines that a page passes to its program).
_FLAG_TOKEN = re.compile(r"(?<![\w-])(--[A-Za-z][\w.-]*[A-Za-z0-9])(?:=(\S+)|[ \t]+(?![-\\#])([^\s\\#]+))?")
_ARRAY_OPEN = re.compile(r"^\s*(?:export\s+|local\s+|declare\s+-a\s+)?([A-Za-z_][A-Za-z0-9_]*)=\(")
FLAG_LIST_SHARE = 0.6  # of a block's non-blank, non-comment lines that start with --


_STRING_OPEN = re.compile(r"""^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(["'])""")


_RENAME_ARROW = re.compile(r"\s(?:->|→|=>|⇒|⟶)\s")


def flag_lists(body: str, first_line: int, path: str = "", column_offsets: Sequence[int] | None = None) -> list[Reference]:
    """COMMAND references without a program for each `NAME=( --x 1 ... )` array in a shell
    block (``array``: its name), or for a whole block of bare flag lines (``flag_list``).
    Options commented out (`# --x 1`) are not the program's: they are left alone."""
    lines = body.split("\n")
    offsets = list(column_offsets or [])
    refs: list[Reference] = []

    def flags_of(numbers: list[int]) -> list[dict[str, Any]]:
        found = []
        for n in numbers:
            line = lines[n]
            code = line.split(" #", 1)[0] if not line.lstrip().startswith("#") else ""
            arrow = _RENAME_ARROW.search(code)
            for m in _FLAG_TOKEN.finditer(code):
                if arrow is not None and m.start() < arrow.start():
                    continue  # `--epochs -> --max-epochs`: the old name of a rename the list records
                value = m.group(2) or m.group(3)
                offset = offsets[n] if n < len(offsets) else 0
                item = {"flag": m.group(1), "value": value, "line": first_line + n, "column": offset + m.start(1) + 1, "owner": "script"}
                found.append(item)
        return found

    def named_list(name: str, start: int, end: int) -> None:
        """The options of lines start..end, as the flags of the array or variable ``name``."""
        flags = flags_of(list(range(start, end + 1)))
        if flags:
            text = "\n".join(lines[start : end + 1])
            refs.append(Reference(kind=COMMAND, text=text, path=path, line=first_line + start, column=(offsets[start] if start < len(offsets) else 0) + 1,
                                  attrs={"program": None, "script": None, "array": name, "flags": flags, "positionals": [], "env": []}))

    n = 0
    while n < len(lines):
        match = _ARRAY_OPEN.match(lines[n])
        if not match:
            n += 1
            continue
        start, depth, end = n, 0, n
        for end in range(n, len(lines)):
            depth += lines[end].count("(") - lines[end].count(")")
            if depth <= 0:
                break
        named_list(match.group(1), start, end)
        n = end + 1
    n = 0
    while n < len(lines):
        # `COMMON_OPTIONS="--tp 2 \` ... `"`: a string of options a command passes as
        # `$COMMON_OPTIONS`, judged like an array.
        match = _STRING_OPEN.match(lines[n])
        if not match:
            n += 1
            continue
        quote, start = match.group(2), n
        rest = lines[n][match.end():]
        end = n if quote in rest else next((k for k in range(n + 1, len(lines)) if quote in lines[k]), None)
        if end is None:
            break
        words = " ".join([rest, *lines[n + 1 : end + 1]]).replace("\\", " ").split()
        if words and words[0].startswith("--"):
            named_list(match.group(1), start, end)
        n = end + 1
    if not refs:
        content = [i for i, line in enumerate(lines) if line.strip() and not line.strip().startswith("#")]
        bare = [i for i in content if lines[i].lstrip().startswith("--")]
        # A program's own continuation lines (`python x.py \` then `--a 1 \`) are its
        # command's flags, not a list: the block must open with a flag.
        if content and bare[:1] == content[:1] and len(bare) >= 2 and len(bare) >= FLAG_LIST_SHARE * len(content):
            flags = flags_of(bare)
            if flags:
                refs.append(Reference(kind=COMMAND, text=body, path=path, line=first_line + bare[0], column=(offsets[bare[0]] if bare[0] < len(offsets) else 0) + 1,
                                      attrs={"program": None, "script": None, "flag_list": True, "flags": flags, "positionals": [], "env": []}))
    return refs


def carry_clones(refs: list[Reference]) -> None:
    """A page that clones another repository and `cd`s into it goes on inside it: the
    commands of later blocks and the code spans of the prose between them are that
    checkout's (`cwd_clone`), until the section that cloned it ends (a heading of its
    level or above, or of level 1-2), or a `cd` up or away.
    ``refs``: one page's references in document order."""
    inside: str | None = None
    level = section = 0  # the level of the heading the page is under; of the one it cloned under
    for ref in refs:
        if ref.kind == HEADING and int(ref.attrs.get("level") or 0) > 0:
            level = int(ref.attrs["level"])
            if level <= max(section, 2):
                inside = None  # the cloning section ended (or a top section began)
        elif ref.kind == COMMAND:
            if ref.attrs.get("program") == "cd":
                if ref.attrs.get("cwd_clone"):
                    inside = ref.attrs["cwd_clone"]  # `cd mmsg_chameleon` after cloning it
                    section = level
                    continue
                target = next((p["text"] for p in ref.attrs.get("positionals", [])), "")
                if inside and (not target or target.startswith(("/", "~", "..", "$"))):
                    inside = None  # back out, or somewhere else
            if inside and not ref.attrs.get("cwd_clone") and not ref.attrs.get("cwd_unknown"):
                ref.attrs["cwd_clone"] = inside
        elif ref.kind == INLINE_CODE and inside:
            ref.attrs["cwd_clone"] = inside
