"""From what a doc says to what it claims: which references name a path, a flag, an
env var, a metric or a Python symbol of this repository.

This is where precision is won. A reference becomes a claim only when its shape and its
context say it is about this repository: a flag on the command line of the repo's own
program, a path whose first part exists, an env var in the repo's namespace, a metric in
a namespace the code logs to. Everything else (prose, other programs' flags,
placeholders) yields no claim.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..docs import PYTHON_LANGS
from ..config_classes import cli_roots
from ..index import FactIndex, defines_flags, frameworks_behind, is_test_path
from ..programs import nested_subcommands, program_at
from ..docusaurus import site_of
from ..model import CLASS, CODE_BLOCK, COMMAND, FLAG as FLAG_KIND, FUNCTION, INLINE_CODE, LINK, METHOD, TABLE_ROW, UNCLOSED_FENCE, Fact, Reference
from .table_context import names_script

LOOKALIKES = {
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\ufe63": "-", "\uff0d": "-", "\u00a0": " ", "\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'",
}
_LOOKALIKE_RE = re.compile("[" + "".join(LOOKALIKES) + "]")

FLAG_RE = re.compile(r"^--?[A-Za-z][A-Za-z0-9_.\-]*$")
# Words of a directory name that say nothing about whose tree it is.
# What a `$PATH_TO_X` holds when it is the reader's data, not another project's checkout.
_DATA_WORDS = frozenset("data dataset datasets model models checkpoint checkpoints ckpt ckpts output outputs out log logs cache work exp experiment experiments result results weights config configs images image img video videos audio file files folder dir tmp save download downloads your my this".split())
_DATA_EXTS = (".json", ".yaml", ".yml", ".toml", ".csv", ".txt", ".jsonl")
_GENERIC_PLACES = frozenset("repo repos repository root project workspace workdir src source code home pwd dir path to the your my base".split())
OPEN_TASK_RE = re.compile(r"\s*(?:>\s*)*[-*+]\s+\[ ?\]\s")  # an unticked task-list item
TITLED_TARGET_RE = re.compile(r"^([^<>`]+?)\s+<~?([A-Za-z_][\w.]*)>$")
# `--lr 1e-4`, `--lr=1e-4`, and `--lr: 1e-4` (an entry of a YAML list of model arguments)
LONG_FLAG_AT = re.compile(r"^(--[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9])(?:(?:[= ]|:\s+)(.*))?$", re.S)
ENV_RE = re.compile(r"^\$?\{?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\}?(?:=(.*))?$", re.S)
# "Defaults to 10s.", "(default: `8`)", "default is `False`": one plain value, then the
# end of the clause; "defaults to the value of --x" names no value and is not matched.
# A value in backticks is the whole quoted value (`block.py`, then any words); a bare one
# must end the clause; commas with no space keep it whole ("(default: 1,4,16,64)").
PROSE_DEFAULT_RE = re.compile(r"(?:\b[Dd]efaults?\s+(?:to|is|=|:)|\(\s*[Dd]efaults?\s*[:=]?)\s*(?:`([^`\s]+)`|([-+]?[\w./-]*\w(?:,[\w./-]*\w)*)\s*(?=[.,;)]|$))")


def prose_default(match: re.Match) -> tuple[str, int]:
    """The value a PROSE_DEFAULT_RE match states, and where it starts."""
    group = 1 if match.group(1) is not None else 2
    return match.group(group), match.start(group)
# "one of `a`, `b` or `c`", "choices: `a` | `b`", "either `a` or `b`": a full set of values.
PROSE_CHOICES_RE = re.compile(r"(?:\bone of|\bchoices?(?: are)?:?|\b(?:accepted|allowed|valid|possible|supported) values?(?: are)?:?|\beither)\s+((?:`[^`\s]+`\s*(?:,\s*(?:or\s+|and\s+)?|\bor\b\s*|\||/)\s*)+`[^`\s]+`)")
PROSE_VALUE_RE = re.compile(r"^(?:[-+]?\d[\w.+-]*|true|false|none|null|True|False|None)$")
# A variable that names the checkout's root: `${project_root}`, `$REPO_ROOT`, `$HUGECTR_HOME`
# (the repository's own name, then ROOT, HOME, DIR or PATH).
_ROOT_VARIABLE = re.compile(r"\$\{?(?:((?i:project|repo|repository|source|src|code)[_-]?(?i:root|dir|home|path))|(\w+?)[_-](?i:root|home|dir|path))\}?")
# A Hydra group selection on a command line: `model=sequence`, `+model/layers@model.layers.l3=mlp`.
GROUP_SELECTION_RE = re.compile(r"^[+~]{0,2}([A-Za-z_][\w-]*(?:/[A-Za-z_][\w-]*)*)(?:@([A-Za-z_][\w.]*))?=([\w.-]+)$")
# A dotted config key, alone or as a Hydra/OmegaConf override (`a.b.c=v`); `+a.b=v`
# and `~a.b` add and delete keys on purpose and are not matched.
CONFIG_KEY_RE = re.compile(r"^([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+)(?:=(.*))?$")
# Files coding agents read or write (skills, rules, instructions, Cursor's `x.plan.md`):
# they work at the repository's root.
AGENT_DOC_RE = re.compile(r"(?:^|/)\.(?:claude|codex|cursor|agents?|windsurf|gemini|kiro|clinerules)/|^\.github/(?:instructions|prompts|copilot-instructions)|(?:^|/)(?:SKILL|AGENTS|CLAUDE|GEMINI)\.md$|\.plan\.md$")
# `blob/main/docs/{tutorialpath}`, `${DIR}`, `<name>`: a hole a template fills in.
_TEMPLATE_HOLE = re.compile(r"\{\w*\}|\$\{?\w+|<\w[\w-]*>|%7B\w*%7D", re.I)
# `[exp](beaker_url)`, `[docs](link)`: a link to be filled in.
LINK_PLACEHOLDER_RE = re.compile(r"^(?:link|url|href|todo|tbd|xxx|[a-z]+_(?:url|link|href))$", re.I)
# `--key value`, `--arg1=1`, `--flag`: how options are written, not options.
PLACEHOLDER_FLAG = re.compile(r"^--(?:arg\d*|args|key\d*|value|foo|bar|baz|name|option|opt|flag|param|x|y)$")
FILE_SUFFIXES = frozenset(".safetensors .bin .pt .pth .ckpt .json .jsonl .yaml .yml .toml .txt .md .mdx .rst .ipynb .html .py .sh .csv .parquet .arrow .npz .npy .gguf .onnx .h5 .log .zip .tar .gz .png .jpg".split())
CONFIG_PLACEHOLDER_RE = re.compile(r"^(?:[A-Z]|[A-Z][A-Z0-9_]*[A-Z0-9]|x+|N|KEY|NAME)$")
CONFIG_WORDS = re.compile(r"\b(config(?:uration)?s?|ya?ml|overrides?|hydra|omegaconf|parameters?|options?|settings?|fields?|keys?)\b", re.I)
DOTTED_RE = re.compile(r"^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(\S*\))?$")
# Namespaces a training framework's logger puts in front of a repository's keys
# (transformers' and Lightning's callbacks): absent from the code, yet logged.
FRAMEWORK_NAMESPACES = frozenset({"train", "eval", "test", "val", "valid", "validation", "training", "evaluation"})
# A metric name as a list or table defines it: lower-case words, two or three parts.
METRIC_NAME_SHAPE = re.compile(r"^[a-z][a-z0-9_]*(?:/[a-z0-9_]+){1,2}$")
# Words that say a section or line is about logged metrics.
METRIC_WORDS = re.compile(r"\b(metrics?|logged|logging|wandb|weights (?:&|and) biases|tensorboard|dashboards?|mlflow|swanlab)\b", re.I)
BARE_METRIC_RE = re.compile(r"^[A-Za-z_][\w.\-@]*$")
METRIC_RE = re.compile(r"^[A-Za-z_][\w.\-]*(?:/[\w.\-]+)+$")
PLACEHOLDER_RE = re.compile(
    r"[<>{}\[\]*$|@]|\.\.\.|…|(?:^|/)path/to(?:/|$)|(?:^|[/.]|(?<=[a-z0-9])_)my[_-]|(?:^|[/_.-])(?:foo|bar|baz|x{2,}|new_file|example_name|your|whatever)(?:$|[/_.-])|(?:^|[/_.-])your(?=[a-z]{3,})|(?:^|/)some[_-](?=[a-z])|^--(?:arg|flag|option|param|parameter)[_-]?name$"
    # `snippets/app_label/model_name`, `checkpoints/run_id/`: a folder named for what goes there.
    r"|(?:^|/)(?:app|model|run|user|object|dataset|task|experiment|project)_(?:name|id|label)(?:/|$)"
    # MultiQC's `multiqc/modules/toolname/`, `multiqc/modname/modname.py`: a name run together with "name".
    r"|(?:^|[/._-])(?:tool|module|mod|pkg|package|plugin|project|class|func)name(?:$|[/._-])"
    # mitiq's contributing guide: "all elements of the `mitiq.new_module` module", a
    # `mitiq.new_technique` to come: "new" and a kind of thing is what a contributor adds.
    # (A whole part only: NeMo-RL's `adding_new_models.md` is a page.)
    r"|(?:^|[/.])new[_-](?:technique|module|feature|method|function|class|package|plugin|model|file|folder|dir|directory|component|task|dataset|env|environment|page|section|tool|command|algorithm|metric|backend|integration|thing)s?(?:$|[/.])"
    # mne-icalabel's "if you've fixed a bug in `mne_icalabel/a/b.py`": `--cov mne_icalabel.a.b`.
    r"|(?-i:(?:^|[/.])[a-z][/.][a-z](?:$|[/.]))"
    # dask-jobqueue's "implementing a new runner": `from dask_jobqueue import SomeRunner`.
    r"|(?-i:(?:^|[/.])(?:Some|Your)[A-Z][a-z])"
    # ProDy's `docs/release/vX.Y_series.rst`: a release's number, to be filled in.
    r"|(?-i:(?:^|[/._-])v?X\.Y(?:\.Z)?(?:$|[/._-]))",
    re.I,
)
URL_RE = re.compile(r"^[a-z][a-z0-9+.-]*://|^mailto:|^www\.", re.I)
CODE_EXTENSIONS = {
    ".py", ".sh", ".md", ".mdx", ".rst", ".yaml", ".yml", ".json", ".jsonl", ".toml", ".txt", ".cfg",
    ".ini", ".ipynb", ".js", ".ts", ".cpp", ".cc", ".cu", ".h", ".hpp", ".c", ".rs", ".go", ".java",
    ".jinja", ".j2", ".html", ".css", ".dockerfile", ".in", ".lock",
}
_EXAMPLE_DIR = re.compile(r"(?:^|/)(?:examples?|demos?|tutorials?|notebooks?|tests?|research_projects)/")
# Flags whose values are data files, not Python names (`--input test.en.bpe`, `--src-vocab`).
_FILE_FLAG = re.compile(r"^--?(?:[\w-]*[-_])?(?:input|output|inputs|outputs|file|files|data|corpus|src|tgt|trg|source|target|vocab|prefix|dir|out|in)(?:[-_](?:file|files|path|paths|dir|prefix))?$", re.I)
_CD_IN_VALUE = re.compile(r"(?:^|[;&|(]|\s)cd\s+([^\s;&|)]+)\s*(?:&&|;)")
_CONTAINER_TOOLS = frozenset({"docker", "podman", "nerdctl"})  # (apptainer binds the working folder: its commands run ours)
_IMAGE_SUBCOMMANDS = frozenset({"run", "pull", "push", "tag", "create", "exec", "start", "save", "commit", "rmi"})
# The last part of a dotted name that makes it a file's name (`config.properties`).
_FILE_NAME_SUFFIXES = FILE_SUFFIXES | CODE_EXTENSIONS | {".properties", ".conf", ".env", ".xml", ".pem"}
# Suffixes of the files a model export or a run writes (`yolox.torchscript.ncnn.param`), and
# of the config files a reader writes named after the package (`phoenix.jest.config.cjs`).
_MODEL_FILE_SUFFIXES = FILE_SUFFIXES - {".py", ".md", ".mdx", ".rst", ".html", ".txt"} | {".param", ".engine", ".trt", ".tflite", ".pb", ".mlmodel", ".torchscript", ".xml", ".plan", ".cjs", ".mjs", ".js", ".ts", ".cfg", ".ini", ".conf"}
# Keys, certificates and signatures named after the package (aiida's "keypair
# (``aiida``/``aiida.pub``)"): files, whatever the package's modules are.
_MODEL_FILE_SUFFIXES |= {".pub", ".pem", ".key", ".crt", ".cer", ".der", ".csr", ".p12", ".pfx", ".gpg", ".asc", ".sig"}
# systemd's unit files, named after the package on a line about systemd.
_UNIT_SUFFIXES = frozenset({".service", ".socket", ".timer", ".target", ".mount", ".path"})
_SYSTEMD = re.compile(r"systemd|systemctl|\bunit\s+file", re.I)
SHELL_PROGRAM_HINT = re.compile(
    r"^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(?:sudo\s+)?(?:python3?|torchrun|accelerate|deepspeed|bash|sh|uv|pip3?|ray|\./|srun|"
    r"[\w.-]+\.(?:py|sh)\b)"
)


@dataclass
class Claim:
    kind: str  # path | flag | env | metric | symbol | anchor | row | lookalike
    text: str
    line: int
    column: int
    doc: str
    context: str  # inline | command | link | table | code
    attrs: dict[str, Any] = field(default_factory=dict)
    ref: Reference | None = None

    def source_line(self) -> str:
        """The doc line it was read from (its sentence's line, or the raw command), or ""."""
        return str(self.ref.attrs.get("context") or self.ref.attrs.get("raw") or "") if self.ref is not None else ""

    def prose_before(self) -> str:
        """The text of its line before the name ("" when the line is not known)."""
        line = (self.ref.attrs.get("context") if self.ref is not None else None) or ""
        at = line.find(self.text)
        return line[:at] if at >= 0 else ""


@dataclass
class DocContext:
    """What one doc file tells about itself: its local shell variables and the flags it
    shows on other programs' command lines."""

    path: str
    local_vars: set[str] = field(default_factory=set)
    foreign_flags: set[str] = field(default_factory=set)
    foreign_programs: set[str] = field(default_factory=set)  # other programs this doc runs
    foreign_lines: dict[int, str] = field(default_factory=dict)  # command line -> the other program it runs (`axolotl train x.yaml`)
    # (line, URL) of other repositories the page clones, or (line, "`briefcase new`") of a
    # command that makes the reader a new project: later commands may run in either.
    foreign_clones: list[tuple[int, str]] = field(default_factory=list)
    tables: dict[int, Any] = field(default_factory=dict)  # row line -> TableContext
    headings: list[tuple[int, str]] = field(default_factory=list)  # (line, text), in order
    launchers: set[str] = field(default_factory=set)  # the first words (programs, launchers) of the page's commands
    array_users: dict[str, list[Reference]] = field(default_factory=dict)  # `${ARGS[@]}` -> the commands passing it
    programs: list[str] = field(default_factory=list)  # repository programs the page's commands run
    unverifiable: list[str] = field(default_factory=list)  # the repository's programs it runs whose options drift cannot list
    # Folders the page names (`src/lerobot/`): its shorter paths (`utils/x.py`) may be
    # written from there, as a guide to one package often does.
    declared: list[str] = field(default_factory=list)
    cd_lines: list[tuple[int, str]] = field(default_factory=list)  # (line, folder) of each `cd` into this tree, in order
    project: str = ""  # the sub-project the doc sits in (a folder with its own pyproject.toml), if any
    key_items: dict[int, tuple[str, list[str], list[str]]] = field(default_factory=dict)  # line -> (bare key, YAML sections above, the list's other keys)
    produced: set[str] = field(default_factory=set)  # files and folders the page's own commands create
    # `env_key = "X_API_KEY"` in a TOML/YAML/JSON block: a variable another tool's config
    # (Codex, a client) names, so that tool reads it, not this repository's code; and
    # `os.environ["X_API_KEY"]`, `process.env.X`, `${env:X}` in the page's own examples:
    # the example reads it.
    config_named_env: set[str] = field(default_factory=set)
    metric_items: set[int] = field(default_factory=set)  # lines of list items naming metrics without a namespace
    shell_used: set[str] = field(default_factory=set)  # variables the page's commands expand (`$X`, `${X}`)
    # `mcp = MCPServer("Demo")` in the docs' Python: `mcp.run()` in prose is that
    # object's method, not a name of the package `mcp`.
    objects: set[str] = field(default_factory=set)
    # "adding a feature type (e.g. a hypothetical `"widget"` type)": names the page makes up
    # for its walk-through; `WIDGET` and `widget_feature.py` in its steps are the reader's.
    hypothetical: set[str] = field(default_factory=set)
    # `class ExperimentPipeline(Pipeline):` in the page's own Python: a tutorial's code,
    # which the reader writes, not the package's (`from pkg.experiment import ExperimentPipeline`).
    defined: set[str] = field(default_factory=set)
    imported_tops: set[str] = field(default_factory=set)  # top-level packages the page's Python imports
    heading_levels: dict[int, int] = field(default_factory=dict)  # heading line -> its level (1 for a page title; 0 unknown)
    work_log_lines: set[int] = field(default_factory=set)  # list items under "**Files modified:**": what a past change touched
    arguments: set[str] = field(default_factory=set)  # dotted words the page's commands hand another program (`systemctl enable x.service`)
    images: set[str] = field(default_factory=set)  # container images the page's commands build (`docker build -t org/app`)
    output_lines: set[int] = field(default_factory=set)  # list items under "the following directories should appear:"
    endpoint_lines: set[int] = field(default_factory=set)  # list items under "we define 2 endpoints:"

    @property
    def directory(self) -> str:
        return posixpath.dirname(self.path)

    @property
    def bases(self) -> list[str]:
        """Where a path the doc names may start: the root of the sub-project it documents
        (`skyrl-agent/` for its README; first, as a copy of upstream verl under verl/ runs
        its own `examples/x.py`, not the repository's), the repository's root, the doc's
        folder."""
        return list(dict.fromkeys([*([self.project] if self.project else []), "", self.directory, *self._above_docs(), *self.declared, *self._run_from()]))

    def _above_docs(self) -> list[str]:
        """The folder that holds the page's docs folder, below the root: DistServe's
        evaluation/docs/repro-dataset.md runs `python3 2-benchmark-serving/x.py` from
        evaluation/, the part of the repository its docs folder documents."""
        parts = self.directory.split("/")
        for at in range(len(parts) - 1, 0, -1):
            if parts[at].lower() in ("docs", "doc", "documentation"):
                return ["/".join(parts[:at])]
        return []

    def _run_from(self) -> list[str]:
        """A shell script's folders above its own, up to the root: a script kept in
        `model/script/` is run as `sh script/run.sh` from `model/` (RocketQA), and its
        `./src/train.py` is written from there."""
        if not self.path.endswith((".sh", ".bash")):
            return []
        found = []
        folder = posixpath.dirname(self.directory)
        while folder:
            found.append(folder)
            folder = posixpath.dirname(folder)
        return found

    def bases_from(self, cwd: str, line: int | None = None) -> list[str]:
        """The bases of a command run in ``cwd`` (a folder a `cd` named), that folder first;
        with none, the folder the page last `cd`ed into above ``line`` comes before the
        others it named (`cd .../vitb16` after `cd .../resnet50`: its `python main.py`)."""
        if cwd:
            # Relative to where the block ran, which may be the page's folder as well as
            # the root: `mkdir adapters && cd adapters` in examples/x/README.md, then
            # `python ../../utils/download.py`.
            nested = [posixpath.normpath(posixpath.join(base, cwd)) for base in self.bases if base]
            return list(dict.fromkeys([cwd, *nested, *self.bases]))
        before = [(at, n, folder) for n, (at, folder) in enumerate(self.cd_lines) if line is not None and at < line]
        latest = max(before)[2] if before else None
        if latest is None:
            return self.bases
        bases = self.bases
        at = bases.index(latest) if latest in bases else len(bases)
        head = [b for b in bases[:at] if b not in self.declared]
        return list(dict.fromkeys([*head, latest, *bases]))

    def section_at(self, line: int) -> str:
        """The text of the heading a line sits under ("" before the first)."""
        found = ""
        for at, text in self.headings:
            if at > line:
                break
            found = text
        return found


HOSTNAME_RE = re.compile(r"^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:io|com|org|net|ai|dev|co|cn|edu|gov|cloud|app)(?:/|:|$)|(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|0\.0\.0\.0)(?::\d+)?(?:/|$))")
# Dashes that only look like the ASCII one, where a flag or path would have it.
_LOOKALIKE_DASH_RE = re.compile("(?:^|\\s)[\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d]{1,2}[A-Za-z]|[A-Za-z0-9][\u2010\u2011\u2212][A-Za-z0-9][^\\s]*/")


_MATH_SIGNS = re.compile("[=+*()\u00b1\u00d7\u00f7\u2211\u03a3\u2264\u2265\u2248\u221a]")


def _formula(span: str, line: str) -> bool:
    """Whether a span's only look-alike is the minus sign (U+2212) of arithmetic: scalene's
    `(unfreed−frees+1)/(unfreed+2)`, or "free `−count`" on a line that says `Σmalloc − Σfree`."""
    if any(c in span for c in "\u2010\u2011\u2012\u2013\u2014\ufe63\uff0d"):
        return False
    return bool(_MATH_SIGNS.search(span.replace("\u2212", "")) or re.search("[\u2211\u03a3\u00d7\u00f7\u00b1]", line))


# `{doc}` before a span; or an RST role a Markdown page spells as in RST (tiled's
# :doc:`../explanations/metadata` in a MyST page): the author meant the same page.
_MYST_ROLE = re.compile(r"(?:\{([\w:+.-]+)\}|(?<![\w:`]):([a-z][\w+.-]*(?::[\w+.-]+)*):)`*$")


def _myst_role_before(ref: Reference) -> str | None:
    """The MyST role an inline code span is the content of (`{doc}` for {doc}`api/x`)."""
    context = ref.attrs.get("context") or ""
    match = _MYST_ROLE.search(context[: max(0, ref.column - 1)])
    if not match:
        return None
    role = match.group(1) or match.group(2)
    return "external" if role.startswith("external") else role.split(":")[-1]


def _normalise_path(token: str) -> str:
    token = token.strip().strip("`'\"")
    if token.startswith(("//", ".//")):
        return ""  # `.//p`, an XPath from the context node; `//cdn.host/x.js`, a scheme-relative URL
    token = token.split("::", 1)[0]  # pytest node ids: tests/test_x.py::TestY::test_z
    token = re.sub(r"#L\d+(?:-L?\d+)?$", "", token)
    token = re.sub(r":\d+(?::\d+)?$", "", token)
    if token.startswith("./"):
        token = token[2:]
    # `lm_eval/models/__init__.py!`: a sentence's mark inside the code span ends no file name.
    token = re.sub(r"(\.[A-Za-z0-9]{1,5})[!?,;]+$", r"\1", token)
    return token.rstrip("/")


_COMPAT_EXCEPT = re.compile(r"^except\b.*\b(?:ImportError|ModuleNotFoundError|AttributeError)\b")
_BRANCH = re.compile(r"^(if|elif|else)\b")


# A comment that heads the old side of a before/after pair: `# Before`, `# Old API`,
# `# Previously:`, `# Legacy`, `# Deprecated`; and a version label, `# v0.x`, `# MAPIE 0.9`.
_OLD_SIDE = re.compile(r"^#+\s*(?:before|old(?:er)?|previously|legacy|deprecated)(?:\s+(?:api|way|style|code|version|usage|syntax|import))?\s*(?:\([^()\n]{0,30}\)|v?\d[\w.]*|<\s*v?\d[\w.]*)?\s*:?\s*$", re.I)
_VERSION_LABEL = re.compile(r"^#+\s*(?:[A-Za-z][\w-]*\s+)?(?:(?:v|version\s*)(\d+)(?:\.(\d+|x))?|(\d+)\.(\d+|x))(?:\.(?:\d+|x))*\s*(?:\+|and (?:later|above)|or (?:later|newer))?\s*:?\s*$", re.I)


def _old_side_lines(body: str) -> set[int]:
    """Lines of a block under a comment that marks them as the old way: `# Before` (until
    the next comment), or of two version labels the lower one (MAPIE's v1 release notes:
    `# v0.x` above `from mapie.metrics import classification_coverage_score`, `# v1`
    above the new import). The page shows an older API on purpose."""
    lines = body.splitlines()
    labels: list[tuple[int, tuple[int, int] | None]] = []  # (line, version) of each heading comment
    for number, line in enumerate(lines):
        code = line.strip()
        if not code.startswith("#"):
            continue
        version = _VERSION_LABEL.match(code)
        if version:
            major, minor = version.group(1) or version.group(3), version.group(2) or version.group(4)
            labels.append((number, (int(major), int(minor) if minor and minor.isdigit() else -1)))
        elif _OLD_SIDE.match(code):
            labels.append((number, None))
        else:
            labels.append((number, (10**9, 0)))  # another comment: it ends the section above it
    versions = [v for _, v in labels if v is not None and v[0] < 10**9]
    newest = max(versions) if len(set(versions)) > 1 else None
    found: set[int] = set()
    for at, (number, version) in enumerate(labels):
        if version is None or (newest is not None and version < newest):
            end = labels[at + 1][0] if at + 1 < len(labels) else len(lines)
            found |= set(range(number + 1, end))
    return found


def _compat_lines(body: str) -> set[int]:
    """Lines of a Python block inside a branch kept for other versions of a package: an
    `except ImportError:` fallback, or any branch of an `if` chain that tests a version
    (zarr's design note: `if zarr.__version__[0] == "3": ... else: from zarr.indexing
    import ...`). Such code names an older API on purpose."""
    found: set[int] = set()
    stack: list[tuple[int, bool]] = []  # (indent of a block header, whether its body is such a branch)
    chains: dict[int, bool] = {}  # indent -> whether the open `if` chain there tests a version
    for number, line in enumerate(body.splitlines()):
        text = line.lstrip(">. ") if line.lstrip().startswith((">>>", "...")) else line
        code = text.strip()
        if not code or code.startswith("#"):
            continue
        indent = len(text) - len(text.lstrip())
        while stack and stack[-1][0] >= indent:
            stack.pop()
        inside = any(flag for _, flag in stack)
        if inside:
            found.add(number)
        if not code.endswith(":"):
            continue
        branch = _BRANCH.match(code)
        flag = bool(_COMPAT_EXCEPT.match(code))
        if branch:
            if branch.group(1) == "if":
                chains[indent] = "version" in code.lower()
            elif branch.group(1) == "elif":
                chains[indent] = chains.get(indent, False) or "version" in code.lower()
            flag = chains.get(indent, False)
        stack.append((indent, flag or inside))
    return found


# A file and a place in it: `examples/x.py:get_loss`, `src/a.py:120`.
PATH_LOCATION_RE = re.compile(r"^([\w./-]+\.(?:py|pyi|sh|ya?ml|toml|md|rs|go|ts|js|cpp|cu|h)):(?:(?![A-Z_]+$)[A-Za-z_][\w.]*|\d+(?:-\d+)?)$")

# A flag value that names an input file of the repository: a config, a script, a data or
# patch file (an output path need not exist yet, so flags that write are left alone).
INPUT_FILE_RE = re.compile(r"^\.{0,2}/?[\w.-]+(?:/[\w.@+-]+)+\.(?:py|sh|ya?ml|json|jsonl|toml|cfg|ini|txt|md|patch|j2|jinja)$|^[\w.-]+/[\w./-]*Dockerfile[\w.-]*$")
# Short options that take a file (`docker build -f`, `pip install -r`); `pytest -sv x` does not.
VALUE_FILE_SHORT_FLAGS = frozenset({"-f", "-c", "-r"})
INPUT_FILE_FLAG = re.compile(r"out|save|dump|log|write|export|dest|result|cache|ckpt|checkpoint|report", re.I)
# The script of a command written inside a quoted value.
QUOTED_SCRIPT_RE = re.compile(r"(?:^|[\s'\"(;&|])(?:python3?|bash|sh|uv run|torchrun|accelerate launch|deepspeed)(?:\s+-\S+)*\s+(\.{0,2}/?[\w.-]+(?:/[\w.@+-]+)+\.(?:py|sh))(?=$|[\s'\";&|)])")


def looks_like_path(token: str) -> bool:
    token = token.strip("'\"") if len(token) > 2 and token[0] == token[-1] and token[0] in "'\"" else token  # `"/abs/x.sif"`: a quoted value
    if not token or len(token) > 300 or any(c.isspace() for c in token):
        return False
    if re.search(r"#\d+$", token):
        return False  # `swift/self-cognition#500`: a hub dataset with a sample count
    if URL_RE.match(token) or token.startswith(("-", "/", "~", "@", "$", "#")) or PLACEHOLDER_RE.search(token):
        return False
    if HOSTNAME_RE.match(token):
        return False  # nvcr.io/nvidia/pytorch, github.com/org/repo
    if "=" in token or "(" in token or "," in token or ":" in token.replace("::", ""):
        return False
    tail = posixpath.basename(token)
    ext = posixpath.splitext(tail)[1].lower()
    return "/" in token or ext in CODE_EXTENSIONS


_PYTHON_IMPORT_LINE = re.compile(r"^\s*(?:from\s+[A-Za-z_][\w.]*\s+import\s+[\w(]|import\s+[A-Za-z_][\w.]*\s*(?:as\s+\w+\s*)?$)")


def _imports_like_python(body: str) -> bool:
    """An unlabelled fence whose first line of code is a Python import (Megatron's
    QuickStart: a bare ``` block opening with `import torch`): Python, for its imports."""
    for line in body.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return bool(_PYTHON_IMPORT_LINE.match(line))
    return False


def _title_words(text: str) -> frozenset[str]:
    """A section title's or a class name's words, "configuration" as "config": "Norm
    Configuration" and NormConfig both give {norm, config}."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", re.sub(r"[`*_]", " ", text))
    words = re.findall(r"[A-Za-z0-9]+", spaced)
    return frozenset("config" if w.lower() in ("configuration", "configurations", "configs") else w.lower() for w in words)


def root_name(index: FactIndex, name: str) -> bool:
    """The checkout's own folder, however the doc capitalises it (`megatron-lm/docs`)."""
    return name in index.root_names or name.lower() in {n.lower() for n in index.root_names}


def resolve_path(index: FactIndex, token: str, bases: Iterable[str]) -> str | None:
    first, _, rest = token.partition("/")
    if rest and root_name(index, first) and index.path_exists(rest):
        return rest  # `slime/scripts/x`: written from above the checkout
    sibling = token
    while sibling.startswith("../"):
        sibling = sibling[3:]
    if sibling != token:
        first, _, rest = sibling.partition("/")
        if rest and root_name(index, first) and index.path_exists(rest):
            return rest  # `../JetStream/jetstream/x.sh` from a checkout beside this one
    parts = token.split("/")
    for at in range(1, len(parts) - 2):
        # `src/pyrobot/robots/LoCoBot/x.py` in a script that cds above where it cloned the
        # repository: the path goes through the checkout's own folder.
        if root_name(index, parts[at]) and not index.path_exists("/".join(parts[: at + 1])) and index.path_exists("/".join(parts[at + 1 :])):
            return "/".join(parts[at + 1 :])
    for base in bases:
        candidate = posixpath.normpath(posixpath.join(base, token)) if base else posixpath.normpath(token)
        if candidate.startswith(".."):
            continue
        if candidate == ".":
            return ""
        if index.path_exists(candidate) or index.in_submodule(candidate):
            return candidate
    return None


def path_is_anchored(index: FactIndex, token: str, bases: Iterable[str]) -> bool:
    """A path is judged only if its first part exists where it would be resolved: then
    the writer meant this repository's tree."""
    first = token.split("/", 1)[0]
    if first in ("..", "."):
        return True
    if "/" not in token:
        return False
    first_part, _, rest = token.partition("/")
    if root_name(index, first_part) and "/" in rest and index.path_exists(rest.split("/", 1)[0]):
        return True  # `slime/scripts/gone.sh`: written from above the checkout
    for base in bases:
        if index.path_exists(posixpath.join(base, first) if base else first):
            return True
    return False


# A repository named by at least this many file URLs, this share of which resolve in this
# tree, is taken to be this repository (see Classifier.learn_own_repos).
OWN_REPO_MIN_LINKS = 5
OWN_REPO_SHARE = 0.7


# Sections that show made-up names on purpose ("Naming convention", "Conventions").
HYPOTHETICAL_SECTION = re.compile(r"\bnaming\b|\bconventions?\b|\bplaceholders?\b", re.I)
_FOR_EXAMPLE = re.compile(r"(?:\be\.\s?g\.?|\bfor example|\bfor instance|\bsuch as|\bi\.e\.)[,:]?\s*\W{0,3}$", re.I)
# ... or where the reader puts one: pyribs' "saved in a subdirectory of `tutorials/`, e.g., `tutorials/features`".
_CREATES = re.compile(r"\b(?:creat\w*|new|add\w*|your|custom|own|name[ds]?|sav(?:e|ed|ing)|stor(?:e|ed)|plac(?:e|ed)|subdirector(?:y|ies)|subfolders?)\b", re.I)


def _example_of_new(line: str, column: int) -> bool:
    """Whether the code span at ``column`` (1-based) follows "e.g." in a sentence about
    something the reader creates or names."""
    before = line[: max(column - 1, 0)]
    return bool(_FOR_EXAMPLE.search(before[-25:])) and bool(_CREATES.search(line))


_READER_MAKES = re.compile(
    r"\b(?:create|make|copy(?:\s+\w+){0,3}\s+(?:to|into|in)|place(?:\s+\w+){0,3}\s+(?:in|into|under|at)|put(?:\s+\w+){0,3}\s+(?:in|into|under)"
    r"|move(?:\s+\w+){0,3}\s+(?:to|into)|save(?:\s+\w+){0,3}\s+(?:as|to|in|into))\b(?:(?:\s+\w+){0,4}\s+of)?\s*$",
    re.I,
)


def reader_makes(line: str, column: int) -> bool:
    """Whether the sentence tells the reader to make, copy or place the path in the code
    span at ``column`` (1-based): "copy to `configs/custom/x.py`", "place it into the dir
    of `configs/custom`"."""
    before = line[: max(column - 1, 0)].rstrip("`")
    start, _ = _sentence_around(before, len(before))
    return bool(_READER_MAKES.search(before[start:]))


def _sentence_around(line: str, at: int) -> tuple[int, int]:
    """(start, end) of the sentence of ``line`` that holds offset ``at``."""
    start = max(line.rfind(". ", 0, at), line.rfind("? ", 0, at), line.rfind("! ", 0, at)) + 1
    ends = [i for i in (line.find(". ", at), line.find("? ", at), line.find("! ", at)) if i != -1]
    return start, min(ends) if ends else len(line)


_READERS_PROJECT = re.compile(r"\byour\s+(?:own\s+)?(?:repo|repository|project|codebase|workspace|app|application|fork)\b", re.I)


def _in_readers_project(line: str, column: int) -> bool:
    """Whether the sentence around the code span at ``column`` puts it in the reader's own
    project ("Copy it to `.github/workflows/` in your repo.")."""
    start, end = _sentence_around(line, max(column - 1, 0))
    return bool(_READERS_PROJECT.search(line[start:end]))


# "**Files modified:**", "Files changed:", "Modified files": the lead of a list of what a change touched.
WORK_LOG_LEAD = re.compile(r"^\s*(?:[*_]{1,2})?(?:files?\s+(?:modified|changed|created|added|touched|updated|deleted|removed|edited)|(?:modified|changed|created|touched|edited)\s+files)\s*:?\s*(?:[*_]{1,2})?\s*:?\s*$", re.I)
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


# "Once the run is finished, the following directories should appear:", "These files will
# be created:": the lead of a list of what a run writes.
# mito-sql-cell: "On the server side, we define 2 endpoints:" then "- `mito-sql-cell/databases`":
# a server's routes, written like paths.
ENDPOINTS_LEAD = re.compile(r"\b(?:endpoints?|(?:api|http|rest)\s+routes?)\b[^.]*:\s*$", re.I)
OUTPUTS_LEAD = re.compile(
    r"\b(?:will|should|would)\s+(?:then\s+)?(?:appear|be\s+(?:created|generated|written|saved|produced|stored|downloaded))\b[^.]*:\s*$"
    r"|\b(?:creates?|generates?|writes?|produces?)\s+the\s+following\s+(?:files?|folders?|directories|outputs?)\b[^.]*:\s*$",
    re.I,
)


def listed_under(lead: re.Pattern, lines: list[str]) -> set[int]:
    """1-based lines of the list items under a line ``lead`` finds: a work log's
    ("**Files modified:**"), or a run's outputs ("the following directories should appear:")."""
    found: set[int] = set()
    for at, line in enumerate(lines):
        if not lead.search(line):
            continue
        for number in range(at + 1, min(at + 200, len(lines))):
            if _LIST_ITEM.match(lines[number]) or (lines[number].startswith((" ", "\t")) and lines[number].strip()):
                found.add(number + 1)
            elif lines[number].strip() or (number > at + 1 and not lines[number - 1].strip()):
                break
    return found


_MESSAGE_BROKER = re.compile(r"\b(?:mqtt|kafka|pub/sub|rabbitmq)\b", re.I)
_MESSAGING_PAGE = re.compile(r"(?:^|/)(?:mqtt|kafka|nats|pubsub|topics)[^/]*$", re.I)


def _span_called(line: str, column: int, text: str, after_noun: str, before_noun: str) -> bool:
    """Whether the line calls the code span at ``column`` (1-based) by a noun: just after
    it (`` `a/b` topic``, also after a list of spans) or just before it (``topic `a/b` ``)."""
    before, after = line[: max(column - 1, 0)], line[max(column - 1, 0) + len(text) :]
    return bool(re.match(r"[`'\"]*\s*(?:(?:or|and|,)\s*`[^`]*`\s*)*" + after_noun, after, re.I) or re.search(before_noun + r"\s*[:=]?\s*[`'\"]*$", before, re.I))


def _names_a_topic(line: str, column: int, text: str) -> bool:
    """Whether the line is about a message broker, or calls the code span a topic ("the
    `frigate/events` or `frigate/reviews` topic", "topic `a/b`")."""
    return bool(_MESSAGE_BROKER.search(line)) or _span_called(line, column, text, r"topics?\b", r"\btopics?")


def _names_an_image(line: str, column: int, text: str) -> bool:
    """Whether the line calls the code span a container image ("a `ansible/awx_devel`
    image", "the docker image `org/name`"): a registry's name, not a file."""
    return _span_called(line, column, text, r"(?:(?:docker|container|base|oci)\s+)?images?\b", r"\b(?:docker|container|base)\s+images?")


HYPOTHETICAL_LINE = re.compile(r"\b(fictitious|fictional|hypothetical|imaginary|made[- ]up)\b", re.I)

# Commands whose positionals create files or folders, and which of them (-1: the last).
CREATING_PROGRAMS = {"mkdir": "all", "touch": "all", "tee": "all", "cp": -1, "mv": -1, "ln": -1}
OUTPUT_FLAG_RE = re.compile(r"^--?(?:o|O|output[\w-]*|out[\w-]*|save[\w-]*|dump[\w-]*|local[-_]dir|dest[\w-]*|export[\w-]*|log[-_](?:dir|file|path)|\w+[-_](?:out|output)(?:[-_]\w+)?)$")


def _passed_before_script(user: Reference, name: str) -> bool:
    """Whether a command passes ``$name`` before the script it runs (`python -m
    torch.distributed.launch $DISTRIBUTED_ARGS ./tasks/main.py`): to the launcher."""
    script = user.attrs.get("script") or ""
    if not name or not script or user.attrs.get("script_kind") == "module":
        return False
    use = re.search(r"\$\{?" + re.escape(name) + r"\b", user.text)
    at = user.text.find(script)
    return use is not None and at > use.start()


def book_folders(index, doc: str) -> list[str]:
    """The folders holding a doc that are TensorFlow-style books (`_book.yaml`, or a section's
    `_toc.yaml`: tensorflow.org's devsite serves them), nearest first."""
    parts = doc.split("/")[:-1]
    folders = ["/".join(parts[:i]) for i in range(len(parts), 0, -1)]
    return [f for f in folders if index.path_exists(f + "/_book.yaml") or index.path_exists(f + "/_toc.yaml")]


def sphinx_source_root(index, doc: str) -> str | None:
    """The Sphinx source folder a page belongs to: the nearest folder above it with conf.py
    (or, under a sphinx-multiproject conf.py, the project folder the page is in)."""
    folder = posixpath.dirname(doc)
    while True:
        conf = posixpath.join(folder, "conf.py") if folder else "conf.py"
        if index.path_exists(conf) and conf not in index.other_confs:
            project = next((root for root in index.multiproject_roots if doc.startswith(root + "/") and posixpath.dirname(root) == folder), None)
            return project or folder
        if not folder:
            return None
        folder = posixpath.dirname(folder)


def _passed_after_a_positional(user: Reference, name: str) -> bool:
    """Whether a launcher's command passes ``$name`` after a positional word (the script
    it launches, `${WORKER_SCRIPT}`): into its REMAINDER, to that script."""
    use = re.search(r"\$\{?" + re.escape(name) + r"\b", user.text) if name else None
    if use is None:
        return False
    words = [p.get("text") or "" for p in user.attrs.get("positionals", [])]
    return any(0 <= user.text.find(word) < use.start() for word in words if word and word != "$" + name and word != "${" + name + "}")


_IMAGE_BUILDERS = frozenset({"docker", "podman", "nerdctl", "buildah"})


def built_images(ref: Reference) -> set[str]:
    """`docker build -t dopamine/atari .` (or `docker tag x org/app:1`): the images a
    command names, without their `:tag`, which the page may name later ("replace
    `$IMAGE` with `dopamine/atari`"): no folder of the tree."""
    attrs = ref.attrs
    words = [p.get("text", "") for p in attrs.get("positionals", [])]
    if (attrs.get("program") or "").rsplit("/", 1)[-1] not in _IMAGE_BUILDERS or words[:1] not in (["build"], ["buildx"], ["tag"]):
        return set()
    named = [item.get("value") or "" for item in attrs.get("flags", []) if item.get("flag") in ("-t", "--tag")]
    named += words[2:3] if words[:1] == ["tag"] else []
    return {n.split(":", 1)[0] for n in named if "/" in n and not n.startswith("$")}


def produced_paths(ref: Reference, clones_this: Callable[[str], bool] = lambda _url: False) -> set[str]:
    """The files and folders one command creates: its redirections, its output flags'
    values, `mkdir`/`touch`/`tee` arguments, the target of `cp`/`mv`/`ln`, what
    `apptainer build` writes, the folder `git clone` makes."""
    attrs = ref.attrs
    found = {w for w in attrs.get("writes", []) if w}
    found |= {item.get("value") or "" for item in attrs.get("flags", []) if OUTPUT_FLAG_RE.match(item.get("flag", ""))}
    words = [p.get("text", "") for p in attrs.get("positionals", [])]
    program = (attrs.get("program") or "").rsplit("/", 1)[-1]
    which = CREATING_PROGRAMS.get(program)
    if which == "all":
        found |= set(words)
    elif which == -1 and len(words) >= 2:
        found.add(words[-1])
    elif program in ("apptainer", "singularity") and words[:1] == ["build"] and len(words) >= 2:
        found.add(words[1])
    elif program == "git" and words[:1] == ["clone"] and len(words) >= 2 and not clones_this(words[1]):
        # The folder named, or the one git makes from the URL (`.../vllm.git` -> `vllm`);
        # a checkout of this repository holds this repository's files, stale or not.
        found.add(words[2] if len(words) >= 3 else words[1].rstrip("/").rsplit("/", 1)[-1].removesuffix(".git"))
    elif program == "uv" and words[:1] == ["venv"] or program == "virtualenv" or attrs.get("module") == "venv":
        # `uv venv torchrl` then `source torchrl/bin/activate`: the page makes that folder.
        # Only the venv's own folders: the name is often the package's (`torchrl/train.py` stays ours).
        named = words[1:] if program == "uv" else words
        venv = named[0] if named else ".venv"
        found.update(f"{venv}/{part}" for part in ("bin/activate", "bin/python", "bin/pip", "Scripts/activate"))
    elif words[:1] in (["cp"], ["copy"], ["mv"]) and len(words) >= 3:
        found.add(words[-1])  # `tune cp recipe ~/proj/recipes/x.py`: a tool's own copy command
    return {_normalise_path(p) for p in found if p and not p.startswith(("-", "$")) and "://" not in p}


# One Hydra/OmegaConf override on a line of its own, as a block of them shows it.
OVERRIDE_LINE_RE = re.compile(r"^\s*(?:\+{1,2}|~)?([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+)=\S.*?(?:\s+\\)?\s*$")

# Flags that name the config file a program loads.
CONFIG_FILE_FLAGS = ("--config", "--config-file", "--config_file", "--cfg", "--config_path")


def _loads_code_config(attrs: dict[str, Any]) -> bool:
    """Whether a command hands its program a config written as code (detectron2's
    LazyConfig `--config-file projects/x/configs/y.py`, a `.json`, a `.toml`): its
    overrides (`model.backbone.net.use_act_checkpoint=True`) are keys of the objects that
    file builds, which no YAML composition or config class here describes."""
    for item in attrs.get("flags", []):
        if item.get("flag") in CONFIG_FILE_FLAGS and (item.get("value") or "").strip("'\"").endswith((".py", ".json", ".toml")):
            return True
    return False


# A bare flag list is judged against the parser that defines this share of its flags.
FLAG_LIST_MIN = 3
FLAG_LIST_COVER = 0.7
FLAG_LIST_KNOWN = 0.5  # share of a bare list that some parser must define before the list is judged


_GROUP_CHOICE = re.compile(r"^\+{0,2}([\w/-]+)=([\w/.-]+)$")


def _selects_group(index, folder: str | None, word: str) -> bool:
    """`+experiment=ahmed/mgn` (or `data=drivaernet`): a Hydra override that picks a
    config of a group the program's config folder has."""
    match = _GROUP_CHOICE.match(word)
    if not match or folder is None:
        return False
    group = posixpath.join(folder, match.group(1)) if folder else match.group(1)
    return any(index.path_exists(f"{group}/{match.group(2)}{ext}") for ext in (".yaml", ".yml"))


class Classifier:
    def __init__(self, index: FactIndex, passthrough_prefixes: list[str], extra_namespaces: set[str] | None = None):
        self.index = index
        self.passthrough = passthrough_prefixes
        # In PR mode, namespaces the change emptied still make `old/metric` a metric.
        self.metric_namespaces = index.metric_namespaces | (extra_namespaces or set())
        self.own_repos = set(index.own_repos)  # "owner/name" of this repository on GitHub
        # Top-level packages the code imports: `sglang.srt.x` in a doc is their module.
        self.extra_config_roots: set[str] = set()  # PR mode: roots the change removed
        self.changed_config_keys: set[str] = set()  # PR mode: keys it removed or renamed
        self.imported_roots = {name.split(".", 1)[0] for names in index.file_imports.values() for name in names if not name.startswith(".")}
        self.branches = {"main", "master", "HEAD", *index.branches}
        self.foreign_programs: set[str] = set()  # other programs the docs run (vllm, docker)

    # -- inline code -----------------------------------------------------------------
    def inline(self, ref: Reference, doc: DocContext) -> list[Claim]:
        raw = ref.text
        claims: list[Claim] = []
        if _LOOKALIKE_DASH_RE.search(raw) and not _formula(raw, str(ref.attrs.get("context") or "")):
            claims.append(Claim("lookalike", raw, ref.line, ref.column, doc.path, "inline", {}, ref))
            raw = _LOOKALIKE_RE.sub(lambda m: LOOKALIKES[m.group(0)], raw)
        text = raw.strip()
        if not text:
            return claims
        context = "table" if ref.attrs.get("in_table") is not None else "inline"
        if " " in text and SHELL_PROGRAM_HINT.match(text):
            return claims + self._inline_command(ref, doc, raw)
        match = LONG_FLAG_AT.match(text)
        if match and PLACEHOLDER_RE.search(match.group(1)):
            return claims  # `--arg_name`, `--foo`: a stand-in for any flag
        if match:
            attrs = {"value": match.group(2)}
            if context == "table" and ref.attrs.get("prose_cell"):
                context = "inline"  # a troubleshooting table's advice: prose, not the row's option
            if context == "table":
                attrs["table"] = doc.tables.get(ref.line)
            else:
                attrs["section"] = doc.section_at(ref.line)
            claims.append(Claim("flag", match.group(1), ref.line, ref.column, doc.path, context, attrs, ref))
            if context == "inline":
                claims.extend(self._prose_default(ref, doc, match.group(1)))
                claims.extend(self._prose_choices(ref, doc, match.group(1)))
            return claims
        match = ENV_RE.match(text)
        if match and (text.startswith("$") or match.group(2) is not None or "_" in text):
            name = match.group(1)
            if name not in doc.config_named_env:
                claims.append(Claim("env", name, ref.line, ref.column + (text.index(name)), doc.path, context, {}, ref))
            return claims
        titled = TITLED_TARGET_RE.match(text)
        if titled and titled.group(2).split(".")[0] in self.index.packages and "." in titled.group(2):
            # {py:class}`MegatronPolicyWorker <pkg.models.worker.MegatronPolicyWorker>`: a
            # Sphinx/MyST cross-reference with a title; its target is a Python name.
            claims.append(Claim("symbol", titled.group(2), ref.line, ref.column + titled.start(2), doc.path, context, {}, ref))
            return claims
        if PLACEHOLDER_RE.search(text):
            return claims
        table = doc.tables.get(ref.line) if context == "table" else None
        in_metric_table = table is not None and table.metric_header is not None and ref.attrs.get("in_table") == table.metric_header
        if (in_metric_table or ref.line in doc.metric_items) and BARE_METRIC_RE.match(text) and "/" not in text:
            # `kl` in the name column of a metrics table whose other names the code logs.
            claims.append(Claim("metric", text, ref.line, ref.column, doc.path, context, {"bare": True}, ref))
            return claims
        has_file_suffix = posixpath.splitext(text)[1].lower() in FILE_SUFFIXES  # `test/test_services.py` is a file, whatever `test/` logs
        if METRIC_RE.match(text) and not has_file_suffix and (text.split("/", 1)[0] in self.metric_namespaces or self._about_metrics(ref, doc, text)):
            bases = doc.bases
            if resolve_path(self.index, _normalise_path(text), bases) is None:
                claims.append(Claim("metric", text, ref.line, ref.column, doc.path, context, {}, ref))
                return claims
        role = _myst_role_before(ref)
        if role == "doc":
            # MyST's {doc}`api/contrib`: a Sphinx page by name, with any source suffix.
            target = text.split("<")[-1].rstrip(">").strip()
            if re.match(r"[A-Za-z][\w-]*:(?!/)", target):
                return claims  # {doc}`diataxis:index`: a page of a project intersphinx maps
            root = self.sphinx_root(doc.path) if text.startswith("/") else doc.directory
            return claims + ([Claim("path", text.lstrip("/").split("<")[-1].rstrip(">").strip(), ref.line, ref.column, doc.path, "link", {"bases": [root], "link": True, "page": True}, ref)] if root is not None else [])
        if role in ("ref", "numref", "term", "envvar", "option", "label", "cite", "external"):
            return claims  # a label, a glossary term, a citation: names, not files
        located = PATH_LOCATION_RE.match(text)  # `examples/x.py:get_loss`, `src/a.py:120`
        if located:
            text = located.group(1)
        if looks_like_path(text):
            token = _normalise_path(text)
            attrs: dict[str, Any] = {"bases": doc.bases}
            section = doc.section_at(ref.line)
            if HYPOTHETICAL_SECTION.search(section):
                attrs["hypothetical"] = section
            elif HYPOTHETICAL_LINE.search(ref.attrs.get("context") or ""):
                attrs["hypothetical"] = "the sentence calls it made up"  # "the fictitious file `x/mydataset.py`"
            elif _example_of_new(ref.attrs.get("context") or "", ref.column):
                # "Create a new directory under `test/eval/` (e.g., `test/eval/llava/`)": an
                # example of what the reader makes.
                attrs["hypothetical"] = "the sentence gives it as an example of something the reader creates"
            elif _in_readers_project(ref.attrs.get("context") or "", ref.column):
                attrs["hypothetical"] = "the sentence puts it in the reader's own project"
            elif _names_a_topic(ref.attrs.get("context") or "", ref.column, text) or _MESSAGING_PAGE.search(doc.path):
                # frigate: "the `frigate/reviews` MQTT topic", a page of MQTT topics: names a
                # broker routes, written like paths.
                attrs["hypothetical"] = "the sentence names a message topic, not a file"
            elif "/" in text and not posixpath.splitext(text)[1] and _names_an_image(ref.attrs.get("context") or "", ref.column, text):
                attrs["hypothetical"] = "the sentence names a container image, not a file"  # "a `ansible/awx_devel` image"
            if ref.line in doc.endpoint_lines and "hypothetical" not in attrs and not posixpath.splitext(text)[1]:
                attrs["hypothetical"] = "the sentence before the list says it names a server's endpoints"
            if ref.line in doc.output_lines and "hypothetical" not in attrs:
                # tabular-dl-tabr: "the following directories should appear:
                # `exp/mlp/california/0-reproduce-tuning`": what the run it describes writes.
                attrs["hypothetical"] = "the sentence before the list says a run creates it"
            if ref.line in doc.work_log_lines:
                # picard's ROADMAP: "1.1 ✅ COMPLETE ... **Files modified:** `picard/plugin3/manager.py`",
                # a record of the files that change touched, right in its day.
                attrs["work_log"] = True
            claims.append(Claim("path", token, ref.line, ref.column + (text.find(token) if token in text else 0), doc.path, context, attrs, ref))
            return claims
        match = DOTTED_RE.match(text)
        if match and match.group(1).split(".")[0] in self.index.packages and match.group(1).split(".")[0] not in doc.objects:
            as_file = match.group(1).replace(".", "/")
            if resolve_path(self.index, _normalise_path(text), doc.bases) is not None or self.index.by_basename(text) or any(self.index.path_exists(as_file + ext) for ext in _DATA_EXTS):
                # `axolotl.slurm` beside the page, the systemd unit `dstack.gateway.service`
                # somewhere in the tree: a file named after the package.
                return claims
            if "." + match.group(1).rsplit(".", 1)[-1].lower() in _MODEL_FILE_SUFFIXES and match.group(1) not in self.index.modules:
                return claims  # `yolox.torchscript.ncnn.param`, `phoenix.jest.config.cjs`: a file named after the package
            if match.group(1) in doc.arguments and match.group(1) not in self.index.modules:
                return claims  # covalent's "Configure ``covalent.service``", which the page's `systemctl enable` takes
            if "." + match.group(1).rsplit(".", 1)[-1].lower() in _UNIT_SUFFIXES and _SYSTEMD.search(str(ref.attrs.get("context") or "")) and match.group(1) not in self.index.modules:
                return claims  # covalent's "the sample ``covalent.service`` ``systemd`` unit file"
            claims.append(Claim("symbol", match.group(1), ref.line, ref.column, doc.path, context, {}, ref))
            return claims
        listed = doc.key_items.get(ref.line)
        if listed is not None and listed[0] == text:
            # `- ``gemma``: discount factor` under an `algorithm:` YAML block: that section's key.
            claims.append(Claim("config", text, ref.line, ref.column, doc.path, context, {"key_list": listed[1], "listed": listed[2]}, ref))
            return claims
        config = self._config_key(text, ref, doc)
        if config is not None:
            claims.append(Claim("config", config[0], ref.line, ref.column, doc.path, context, {"override": config[1]}, ref))
        return claims

    def _config_key(self, text: str, ref: Reference, doc: DocContext) -> tuple[str, bool] | None:
        """(key, is an override) for `a.b.c=v`, and for `a.b.c` where the line, its section,
        its list item or its table says it is a config key; under a root key of the
        repository's composed configs, and not a module of its packages."""
        tree = self.index.config_tree
        match = CONFIG_KEY_RE.match(text)
        if tree is None or not match:
            return None
        key, value = match.group(1), match.group(2)
        if not self._judged_config_root(key):
            return None
        if value is None and ("." + key.rsplit(".", 1)[-1].lower() in _FILE_NAME_SUFFIXES or self.index.by_basename(key)):
            return None  # TorchServe's `config.properties`, Guardrails' `core.co`: a file's name, not a key of `config`
        if value is not None:
            return key, True
        if key.split(".", 1)[0] in self.imported_roots:
            return None  # `sglang.srt.entrypoints.engine`: a module of a package the code imports
        line = ref.attrs.get("context") or ""
        if key in self.changed_config_keys:
            return key, False  # a key the change under review removed: wherever it is named
        listed = re.match(r"\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?`{1,2}" + re.escape(text) + "`", line) or ref.attrs.get("in_table") is not None
        if listed or CONFIG_WORDS.search(line) or CONFIG_WORDS.search(doc.section_at(ref.line)):
            return key, False
        return None

    def _prose_default(self, ref: Reference, doc: DocContext, flag: str) -> list[Claim]:
        """"`--x`: ... Defaults to 10s." or "`--x` (default: `8`)": a default stated in
        prose, on a line that names this one flag, judged like a table's default cell."""
        line = ref.attrs.get("context") or ""
        if line.count("`--") != 1 or not re.match(r"\s*(?:[-*+]|\d+[.)])?\s*(?:\*\*)?`" + re.escape(flag), line):
            return []  # the flag must be what the line is about: its list item or sentence starts with it
        stated = PROSE_DEFAULT_RE.search(line, max(ref.column - 1, 0))
        if not stated or not PROSE_VALUE_RE.match(prose_default(stated)[0]) and "`" not in stated.group(0):
            return []  # "the default is likewise": a word, not a value
        value, value_start = prose_default(stated)
        seconds = re.fullmatch(r"([-+]?\d+(?:\.\d+)?)\s*s", value)
        if seconds:
            value = seconds.group(1)  # "Defaults to 10s." for a number of seconds
        cells = [{"text": flag, "column": ref.column}, {"text": value, "column": value_start + 1}]
        attrs = {"headers": ["flag", "default"], "cells": cells, "flag_column": 0, "table": None, "prose": True}
        return [Claim("row", flag, ref.line, ref.column, doc.path, "prose", attrs, ref)]

    def _prose_choices(self, ref: Reference, doc: DocContext, flag: str) -> list[Claim]:
        """"`--backend`: the engine, one of `fsdp`, `megatron` or `deepspeed`.": the values
        a line about one flag presents as its full set, judged like a Choices cell."""
        line = ref.attrs.get("context") or ""
        if line.count("`--") != 1 or not re.match(r"\s*(?:[-*+]|\d+[.)])?\s*(?:\*\*)?`" + re.escape(flag), line):
            return []
        listed = PROSE_CHOICES_RE.search(line, max(ref.column - 1, 0))
        if not listed or listed.group(1).count("`") < 4:
            return []  # only values set in code (`a`, `b`), two at least: prose words are no list
        cells = [{"text": flag, "column": ref.column}, {"text": listed.group(1), "column": listed.start(1) + 1}]
        attrs = {"headers": ["flag", "choices"], "cells": cells, "flag_column": 0, "table": None, "prose": True}
        return [Claim("row", flag, ref.line, ref.column, doc.path, "prose", attrs, ref)]

    def _about_metrics(self, ref: Reference, doc: DocContext, text: str) -> bool:
        """`ppo/mean_scores` as the item a list or table under a "Logging" heading defines
        names a metric, even when the code no longer logs its namespace at all."""
        namespace = text.split("/", 1)[0]
        if not self.metric_namespaces or not METRIC_NAME_SHAPE.match(text):
            return False  # a repository that logs no namespaced keys; ids, hosts, paths
        if any(prefix.startswith(namespace + "/") or prefix == namespace for prefix in self.index.metric_prefixes):
            return False  # `dict_add_prefix(stats, "perf/")`: logged, though its keys are not known
        if namespace in FRAMEWORK_NAMESPACES or self.index.path_exists(namespace) or path_is_anchored(self.index, text, ["", doc.directory]):
            return False  # trainers' loggers add `train/`, `eval/` to the repository's own keys
        if not METRIC_WORDS.search(doc.section_at(ref.line)):
            return False
        header = ref.attrs.get("in_table")
        if header is not None:
            return bool(METRIC_WORDS.search(str(header)) or re.search(r"\b(name|key)\b", str(header), re.I))
        line = ref.attrs.get("context") or ""
        # The item a list defines (`1. `env/reward_mean`: ...`), and any other namespaced
        # name its description gives for the same value ("Alias `ppo/mean_scores`").
        item = re.match(r"\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?`([^`]+)`", line)
        return bool(item and (item.group(1) == text or METRIC_NAME_SHAPE.match(item.group(1))))

    def _workflow_run(self, ref: Reference, doc: DocContext) -> list[Claim]:
        """`gh workflow run build.yml -f variant=cuda12`: each input and value the
        repository's own workflow must take."""
        words = [p.get("text", "") for p in ref.attrs.get("positionals", [])]
        if words[:2] != ["workflow", "run"] or len(words) < 3:
            return []
        workflow = self.index.workflow(words[2])
        if workflow is None:
            return []
        claims = []
        for item in ref.attrs.get("flags", []):
            value = item.get("value")
            if item.get("flag") not in ("-f", "-F", "--field", "--raw-field") or not isinstance(value, str) or "=" not in value:
                continue
            key, given = value.split("=", 1)
            line, column = item.get("value_line") or item["line"], item.get("value_column") or item["column"]
            attrs = {"workflow": workflow, "input": key, "value": given, "value_at": (line, column + len(key) + 1)}
            claims.append(Claim("workflow_input", key, line, column, doc.path, "command", attrs, ref))
        return claims

    def _inline_command(self, ref: Reference, doc: DocContext, raw: str) -> list[Claim]:
        from ..docs.shell import split_commands

        claims = []
        for command in split_commands(raw, ref.line, "bash"):
            # Columns from the splitter count from the start of the code span.
            shift = ref.column - 1
            command.column += shift
            for key in ("flags", "env", "positionals"):
                for item in command.attrs.get(key, []):
                    if item.get("line") == ref.line:
                        item["column"] = item["column"] + shift
            command.path = doc.path
            claims.extend(self.command(command, doc))
        return claims

    # -- commands ----------------------------------------------------------------------
    def command(self, ref: Reference, doc: DocContext, cwd: str = "") -> list[Claim]:
        attrs = ref.attrs
        if attrs.get("array") or attrs.get("flag_list"):
            return self._flag_list(ref, doc, cwd)
        if attrs.get("shows_error"):
            return []  # `$ private-gpt srve` then "Unknown command: 'srve'": the page shows the error on purpose
        claims: list[Claim] = []
        word = attrs.get("program") or ""
        if "=" in word and OVERRIDE_LINE_RE.match(word) and self.index.config_tree is not None:
            # `trainer.nnode=4` alone in a shell block: overrides to add to the trainer's
            # command line, not a program (a shell assignment's name has no dots).
            words = [(word, ref.line, ref.column)] + [(p.get("text", ""), p["line"], p["column"]) for p in attrs.get("positionals", [])]
            for text, line, column in words:
                match = OVERRIDE_LINE_RE.match(text)
                if match and not text.startswith(("+", "~")) and self._judged_config_root(match.group(1)):
                    claims.append(Claim("config", match.group(1), line, column + match.start(1), doc.path, "command", {"override": True}, ref))
            return claims
        if _LOOKALIKE_DASH_RE.search(ref.text) and not _LOOKALIKE_DASH_RE.match(word):
            # (`|——sub_dataset1` in a folder tree drawn in a shell block reads as a pipe into
            # a "command" that begins with dashes: a drawing, as no program is named so.)
            claims.append(Claim("lookalike", ref.text, ref.line, ref.column, doc.path, "command", {}, ref))
        if word == "gh" and self.index.workflows:
            claims.extend(self._workflow_run(ref, doc))
        if attrs.get("cwd_clone") and self._clones_this_repository(attrs["cwd_clone"]):
            # `git clone .../mlc-llm.git && cd mlc-llm/ && cd build`: this tree's build/.
            cwd = cwd.split("/", 1)[1] if "/" in cwd else ""
        bases = doc.bases_from(cwd, ref.line)
        if attrs.get("cwd_clone") and not self._clones_this_repository(attrs["cwd_clone"]):
            # `git clone .../vllm.git; cd vllm; pip install -r requirements/cuda.txt`: vLLM's files.
            return claims
        if self._elsewhere(attrs, cwd, doc) and attrs.get("script") and attrs.get("script_kind") != "module":
            # After `cd ./examples/chatglm`, a folder this tree does not have (nor the page
            # makes), `python3 ../run.py` runs some other checkout's script. (`python -m
            # fastchat.serve.controller` after `cd fastchat_logs/controller` is still ours.)
            return claims
        beside = posixpath.normpath(posixpath.join(doc.directory, attrs["cwd_from_doc"])) if attrs.get("cwd_from_doc") else None
        if beside and not beside.startswith("..") and (beside in self.index.dirs or posixpath.dirname(beside) in (doc.directory, *self.index.dirs)):
            # `cd ../clip_benchmark/` in internvl_g/README.md: the folder beside the page's;
            # or one the script makes there (`mkdir -p ${SCRIPT_DIR}/build && cd ...`).
            bases = list(dict.fromkeys([beside, *doc.bases]))
        elif attrs.get("cwd_unknown") and (inside := self.checkout_folder(attrs.get("cwd_target") or "", None)) is not None:
            # `cd ~/optimum-habana/examples/text-generation`: this repository's folder.
            bases = list(dict.fromkeys([inside, *doc.bases]))
        elif attrs.get("cwd_unknown") and self._another_tree(attrs.get("cwd_target") or ""):
            # After `cd ${path_to_CHARM_repo}` the block runs in another checkout: its
            # relative paths and scripts are that tree's.
            return claims
        owner, program_path = self.owner_of(attrs, bases)
        if owner == "repo" and self._launches(program_path) and not attrs.get("launched"):
            split = self._split_at_launched_script(ref, program_path)
            if split is not None:
                # `python ../gaudi_spawn.py --world_size 8 --use_mpi run_glue.py --lr 1`: the
                # launcher's options, then the script it runs with that script's own.
                return self.command(split[0], doc, cwd) + self.command(split[1], doc, cwd)
        for item in attrs.get("env", []):
            name = item.get("name", "")
            if name in doc.local_vars or name in doc.config_named_env:
                continue
            claims.append(Claim("env", name, item["line"], item["column"], doc.path, "command", {"program": attrs.get("program"), "shell_used": name in doc.shell_used}, ref))
        script = attrs.get("script")
        kind = attrs.get("script_kind")
        if script and kind in ("py", "sh") and not PLACEHOLDER_RE.search(script) and not script.startswith(("/", "~", "$")):
            token = _normalise_path(script)
            position = _position_of(attrs, script, ref)
            claims.append(Claim("path", token, position[0], position[1], doc.path, "command", {"bases": bases, "script": True}, ref))
        elif script and kind == "module" and not PLACEHOLDER_RE.search(script) and script.split(".")[0] in self.index.packages and not self._module_near(script, doc.directory):
            # (`-m pkg.trainers.$EXECUTABLE`: the script picks the module at run time.)
            position = _position_of(attrs, script, ref)
            claims.append(Claim("symbol", script, position[0], position[1], doc.path, "command", {"module": True}, ref))
        checks_flags = owner == "repo"
        first = next((p.get("text", "") for p in attrs.get("positionals", []) if p.get("text") != script), "")
        subcommand = first if re.fullmatch(r"[a-z][a-z0-9_-]*", first or "") else None  # `tool serve --port 1`
        frameworks = sorted(frameworks_behind(self.index, program_path)) if checks_flags and program_path else []
        item = next((p for p in attrs.get("positionals", []) if p.get("text") == first), None) if subcommand else None
        before_flags = item is not None and all((item["line"], item["column"]) < (f["line"], f["column"]) for f in attrs.get("flags", []))
        if checks_flags and program_path and before_flags:
            # `tool serve --port 1`: the word right after the program, before any option.
            claims.append(Claim("subcommand", subcommand, item["line"], item["column"], doc.path, "command", {"program": attrs.get("program"), "script": script, "program_path": program_path}, ref))
            # `tool serve api_server --port 1`: the word after a subcommand with subcommands of its own.
            children = nested_subcommands(self.index, program_at(self.index, program_path)).get(subcommand)
            positionals = [p for p in attrs.get("positionals", []) if p.get("text") != script]
            second = positionals[1] if len(positionals) > 1 and positionals[0] is item else None
            if children and second is not None and re.fullmatch(r"[a-z][a-z0-9_-]*", second.get("text", "")) and all((second["line"], second["column"]) < (f["line"], f["column"]) for f in attrs.get("flags", [])):
                claims.append(Claim("subcommand", second["text"], second["line"], second["column"], doc.path, "command", {"program": attrs.get("program"), "script": script, "program_path": program_path, "parent": subcommand}, ref))
                subcommand = second["text"]  # the options that follow are its
        launcher = attrs.get("launcher") or ""
        launcher_path = None
        if launcher in self.index.programs and launcher not in ("python", "python3"):
            # `accelerate launch --num_processes 2 x.py` in accelerate's own docs: the
            # launcher is this repository's program, and its options are checked as such.
            launcher_path = self.index.module_path(self.index.program_modules.get(launcher, ""))
        for item in attrs.get("flags", []):
            flag = item.get("flag", "")
            if not flag.startswith("--") or PLACEHOLDER_RE.search(flag):
                continue
            if item.get("owner") == "launcher" and launcher_path:
                sub = "launch" if launcher == "accelerate" else None
                claims.append(Claim("flag", flag, item["line"], item["column"], doc.path, "command", {"program": launcher, "script": None, "value": item.get("value"), "value_at": (item.get("value_line"), item.get("value_column")), "frameworks": sorted(frameworks_behind(self.index, launcher_path)), "program_path": launcher_path, "subcommand": sub}, ref))
                continue
            if item.get("owner") in ("launcher", "wrapper"):
                continue  # `srun --nodes=1`, `timeout --signal KILL`: the wrapper's own
            if checks_flags:
                claims.append(Claim("flag", flag, item["line"], item["column"], doc.path, "command", {"program": attrs.get("program"), "script": script, "value": item.get("value"), "value_at": (item.get("value_line"), item.get("value_column")), "frameworks": frameworks, "program_path": program_path, "subcommand": subcommand}, ref))
        words = [p.get("text", "") for p in attrs.get("positionals", [])]
        image_command = (attrs.get("program") or "").rsplit("/", 1)[-1] in _CONTAINER_TOOLS and words[:1] and (
            words[0] in _IMAGE_SUBCOMMANDS or (words[0] == "compose" and any(w in ("run", "exec") for w in words[1:]))
        )
        program_word = (attrs.get("program") or "").rsplit("/", 1)[-1]
        removing = program_word in ("rm", "rmdir", "unlink") or (program_word == "git" and words[:1] == ["rm"])
        for item in attrs.get("positionals", []) if not image_command and not removing else ():
            # (`docker run ... ts/vllm --model_id x`: an image and the container's own
            # arguments, not this tree's paths. `git rm doc/release/release_dev.rst`: a file
            # the step deletes, gone once it is done.)
            token = item.get("text", "")
            if token == script or not looks_like_path(token) or "/" not in token:
                continue
            norm = _normalise_path(token)
            if not norm.startswith("..") and path_is_anchored(self.index, norm, bases):
                claims.append(Claim("path", norm, item["line"], item["column"], doc.path, "command", {"bases": bases, "positional": True}, ref))
        claims.extend(self._value_paths(ref, doc, bases, in_container=bool(image_command)))
        claims.extend(self._value_symbols(ref, doc))
        # `python -m pkg.main_ppo trainer.nnodes=2`: overrides of a program of this
        # repository (one whose module or script is not here has configs drift cannot see;
        # a module path of this repository's package that moved still runs its code).
        runs_here = program_path is not None or (not script and attrs.get("program") in self.index.programs)
        # `python -m pkg.launcher` (a package with no __main__): still this repository's
        # program; a module that is nowhere (`pkg.main_ppo_async` of another distribution) is not.
        runs_here = runs_here or bool(script and kind == "module" and script.split(".")[0] in self.index.packages and self._package_folder(script))
        scope = self._config_scope(attrs, bases + ([posixpath.dirname(program_path)] if program_path else []), program_path if runs_here else None)
        # `Config.from_cli_overrides(sys.argv[1:])`: the entry reads key=value into a class tree.
        class_roots = cli_roots(self.index, program_path) if program_path and runs_here else []
        peeked = self.index.peeked_overrides.get(program_path or "", set())
        if class_roots and any(CONFIG_KEY_RE.match(item.get("text", "")) and item["text"].split("=", 1)[0] in peeked for item in attrs.get("positionals", [])):
            class_roots = []  # the entry reads one of these overrides itself and hands the rest on (dispatch)
        command_keys = sorted({m.group(1) for m in (CONFIG_KEY_RE.match(p.get("text", "").lstrip("+~")) for p in attrs.get("positionals", [])) if m and m.group(2) is not None})
        # `model=sequence`, `+model/layers@model.layers.l3=mlp`: Hydra group selections,
        # which mount another file of the group (at a package) for the keys after them.
        selections = [(m.group(1), m.group(2) or m.group(1).replace("/", "."), m.group(3)) for m in (GROUP_SELECTION_RE.match(p.get("text", "")) for p in attrs.get("positionals", [])) if m]
        for item in attrs.get("positionals", []) if runs_here and not _loads_code_config(attrs) else ():
            match = CONFIG_KEY_RE.match(item.get("text", ""))
            if match and match.group(2) is not None and self._judged_config_root(match.group(1), scope or ("classes" if class_roots else None)):
                claim_attrs = {"override": True, "program": attrs.get("program"), "script": script, "command_keys": command_keys}
                if self._adds_override(program_path, match.group(1)):
                    claim_attrs["adds_keys"] = program_path
                if selections:
                    claim_attrs["group_selections"] = selections
                if scope:
                    claim_attrs["scope"] = scope
                    claim_attrs["scope_scripts"] = self._scripts_run(attrs, program_path, bases)
                if class_roots:
                    claim_attrs["class_roots"] = class_roots
                    claim_attrs["program_path"] = program_path
                claims.append(Claim("config", match.group(1), item["line"], item["column"], doc.path, "command", claim_attrs, ref))
        return claims

    def _adds_override(self, program_path: str | None, key: str) -> bool:
        """Whether the program merges the command line's key=value words into its config
        without Hydra and reads the key's last name itself (DynamiCrafter's
        `OmegaConf.merge(*configs, OmegaConf.from_dotlist(unknown))`, then
        `trainer_config.num_nodes`): an override that adds a key its YAML lacks."""
        from ..hydra_programs import hydra_entry

        read = self.index.dotlist_merging_files.get(program_path or "")
        return bool(read) and key.rsplit(".", 1)[-1] in read and hydra_entry(self.index, program_path) is None

    def _package_folder(self, dotted: str) -> bool:
        return dotted in self.index.modules or any(name.startswith(dotted + ".") for name in self.index.modules)

    def _scripts_run(self, attrs: dict[str, Any], program_path: str | None, bases: list[str]) -> list[str]:
        """The repository's Python files a command runs: its program and the scripts a
        launcher is handed (`launcher.local train.py --config x.yaml`)."""
        found = [program_path] if program_path else []
        for item in attrs.get("positionals", []):
            token = item.get("text", "")
            if token.endswith(".py") and not PLACEHOLDER_RE.search(token):
                resolved = resolve_path(self.index, _normalise_path(token), bases)
                if resolved:
                    found.append(resolved)
        return list(dict.fromkeys(found))

    def _config_scope(self, attrs: dict[str, Any], bases: list[str], program_path: str | None = None) -> str | None:
        """The config file a command line loads (`--config x.yaml`, Hydra's
        `--config-path d --config-name n`, else the `@hydra.main` config of the program it
        runs): its overrides are judged against that file's composition, not the union of
        every config in the repository."""
        from ..hydra_programs import config_file, hydra_entry

        tree = self.index.config_tree
        if tree is None:
            return None
        values = {item.get("flag", ""): item.get("value") or "" for item in attrs.get("flags", [])}
        candidates = [values[flag] for flag in CONFIG_FILE_FLAGS if values.get(flag)]
        name = values.get("--config-name") or values.get("-cn")
        folder = values.get("--config-path") or values.get("-cp") or ""
        hydra = hydra_entry(self.index, program_path)
        if hydra is not None and any(_selects_group(self.index, hydra["folder"], item.get("text", "")) for item in attrs.get("positionals", [])):
            return None  # `+experiment=ahmed/mgn` composes more configs in: judged against them all
        if hydra is not None and not candidates and not folder:
            # `--config-name x` is looked up in the program's own config folder.
            found = config_file(self.index, hydra["folder"], name) if name else hydra["config"]
            if found and not PLACEHOLDER_RE.search(name or ""):
                return found if tree.scoped(found) is not None else None
        if name:
            candidates.append(posixpath.join(folder, name if name.endswith((".yaml", ".yml")) else name + ".yaml"))
        if not candidates:
            # `python -m pkg.main configs/base.yaml key=value`: a program that takes its
            # config file as an argument; its overrides are keys of that file.
            files = [item.get("text", "") for item in attrs.get("positionals", []) if item.get("text", "").endswith((".yaml", ".yml"))]
            candidates += files if len(files) == 1 else []
        for value in candidates:
            if PLACEHOLDER_RE.search(value) or value.startswith(("/", "~", "$")):
                continue
            found = resolve_path(self.index, _normalise_path(value), bases)
            if found and tree.scoped(found) is not None:
                return found
        return None

    def _judged_config_root(self, key: str, scope: str | None = None) -> bool:
        tree = self.index.config_tree
        root = key.split(".", 1)[0]
        if "." + key.rsplit(".", 1)[-1].lower() in FILE_SUFFIXES:
            return False  # `model.safetensors`, `config.json`: a file name
        if tree is None or root in self.index.packages:
            return False
        if root not in tree.roots and root not in self.extra_config_roots and scope is None:
            return False  # with a known config file, any root is judged against that file
        return not any(CONFIG_PLACEHOLDER_RE.match(part) for part in key.split("."))

    def _value_symbols(self, ref: Reference, doc: DocContext) -> list[Claim]:
        """Python names of this repository given as values: `--buffer-filter-path
        pkg.rollout.filters.pop_first`, `--custom-rm-path pkg.rm.reward` (a function the
        program imports by its dotted path), and such a name alone on a line of options."""
        claims = []
        words = [(item.get("value") or "", item.get("value_line", item["line"]), item.get("value_column"), item.get("flag") or "") for item in ref.attrs.get("flags", [])]
        words += [(item.get("text", ""), item["line"], item["column"], "") for item in ref.attrs.get("positionals", [])]
        # `--input test.en.bpe --output out.bpe`: an ending two values share is a file
        # type, whatever package the first part happens to name.
        endings = Counter(v.strip("'\"").rsplit(".", 1)[-1] for v, _, _, _ in words if "." in v.strip("'\"") and "/" not in v)
        for value, line, column, flag in words:
            value = value.strip("'\"")
            match = DOTTED_RE.match(value)
            if not match or value.count(".") < 2 or value.split(".")[0] not in self.index.packages:
                continue
            if PLACEHOLDER_RE.search(value):
                continue  # `--cov mne_icalabel.a.b`: the module a contributor's fix is in, whatever it is
            if endings[value.rsplit(".", 1)[-1]] > 1 or _FILE_FLAG.search(flag):
                continue  # a data file: `--input test.en.bpe` beside a package named test
            if "." + value.rsplit(".", 1)[-1].lower() in FILE_SUFFIXES or self.index.by_basename(value):
                continue  # `systemctl stop dstack.gateway.service`: a file of the tree by that name
            home = self.index.modules.get(value.split(".")[0], "")
            if home.endswith(".py") and not home.endswith("__init__.py"):
                continue  # `--source-out train.pg.src` beside a script train.py: a file name, not a path into it
            if column is None:
                found = (ref.attrs.get("context") or "").find(value)
                column = found + 1 if found >= 0 else ref.column
            claims.append(Claim("symbol", match.group(1), line, column, doc.path, "command", {"value": True}, ref))
        return claims

    def _value_paths(self, ref: Reference, doc: DocContext, bases: list[str], in_container: bool = False) -> list[Claim]:
        """Repository files given as values: `--config examples/x.yaml`, `-f docker/Dockerfile.x`,
        and the scripts of commands quoted inside a value (`--command "python tools/x.py"`,
        `COMMAND="bash -c 'uv run ./examples/run.py'"`), read from the folder a `cd` in the
        value goes to. In a container's command (`docker compose run svc bash -c '...'`)
        a command string runs in the image: its paths are the image's."""
        claims = []
        values = [(item.get("flag", ""), item.get("value") or "", item.get("value_line", item["line"]), item.get("value_column")) for item in ref.attrs.get("flags", [])]
        values += [(item.get("name", ""), item.get("value") or "", item["line"], None) for item in ref.attrs.get("env", [])]
        for name, value, line, column in values:
            if not value:
                continue
            if column is None:
                context = ref.attrs.get("context") or ""
                found = context.find(value)
                column = found + 1 if found >= 0 else ref.column
            takes_file = name.startswith("--") or name in VALUE_FILE_SHORT_FLAGS or not name.startswith("-")
            candidates = [(value, 0, bases)] if takes_file and INPUT_FILE_FLAG.search(name) is None and INPUT_FILE_RE.match(value) else []
            if not (in_container and name == "-c"):
                for m in QUOTED_SCRIPT_RE.finditer(value):
                    moved = _CD_IN_VALUE.findall(value[: m.start(1)])
                    if moved and any(c.startswith(("/", "~", "$")) for c in moved):
                        continue  # run from a folder drift cannot follow
                    there = [posixpath.normpath(posixpath.join(b, *moved)) for b in bases] if moved else bases
                    candidates.append((m.group(1), m.start(1), [b if b != "." else "" for b in there]))
            for token, offset, where in candidates:
                norm = _normalise_path(token)
                if "/" not in norm or norm.startswith("..") or not looks_like_path(norm) or not path_is_anchored(self.index, norm, where):
                    continue
                claims.append(Claim("path", norm, line, column + offset, doc.path, "command", {"bases": where, "value": True}, ref))
        return claims

    def _module_near(self, module: str, directory: str) -> bool:
        """`python -m tests.test_moe` in `pkg/kernels/moe/tests/run.sh`: a module of a folder
        above the script (`pkg/kernels/moe/tests/test_moe.py`), run from there."""
        stem = module.replace(".", "/")
        parts = directory.split("/") if directory else []
        for i in range(len(parts), 0, -1):
            base = "/".join(parts[:i])
            if any(self.index.path_exists(f"{base}/{stem}{suffix}") for suffix in (".py", "/__init__.py", "/__main__.py")):
                return True
        return False

    def _another_tree(self, target: str) -> bool:
        """Whether a `cd` that drift cannot follow (`$DIR`, `~/x`, `/abs/x`) leads out of this
        repository: it names something, and not this repository (`$REPO_ROOT`, `~/slime`,
        `$SLIME_DIR` and `/workspace` stay here; `${path_to_CHARM_repo}` does not)."""
        own = {n.lower() for n in self.index.packages | self.index.root_names if len(n) >= 3}
        own |= {part for name in own for part in re.split(r"[^a-z0-9]+", name) if len(part) >= 4}
        own -= _GENERIC_PLACES
        if "dirname" in target or "BASH_SOURCE" in target or "realpath" in target:
            return False  # `cd "$(dirname "$0")"/..`: relative to the script, in this tree
        words = {w for w in re.split(r"[^a-z0-9]+", target.lower()) if w}
        if target.startswith("~"):
            return not words & own  # the user's home: another tree unless it names this one
        named = re.search(r"path_?to_?([a-z][a-z0-9]*)", target.lower().replace("-", "_"))
        if named and named.group(1) not in own and named.group(1) not in _DATA_WORDS and len(named.group(1)) >= 4:
            return True  # `cd ${PATH_TO_MMDEPLOY}`: another project's checkout, by its name
        if not words & {"repo", "repository", "checkout", "clone", "src", "source"}:
            return False  # `cd $DATA_PATH`: a place for data, the commands are still this tree's
        words -= _GENERIC_PLACES
        return bool(words) and not words & own

    def _flag_list(self, ref: Reference, doc: DocContext, cwd: str) -> list[Claim]:
        """Flags written without their program: an array's flags belong to the command
        that passes the array; a block of bare flag lines to the one repository program
        the page runs, else to the program whose parser defines most of them."""
        bases = doc.bases_from(cwd, ref.line)
        users = doc.array_users.get(ref.attrs.get("array") or "", [])
        if len({(u.attrs.get("program"), u.attrs.get("script")) for u in users}) > 1:
            return []  # passed to several programs: whose flags these are is not one answer
        user = users[0] if users else None
        inferred = page_program = False
        if user is not None and _passed_before_script(user, ref.attrs.get("array") or ""):
            return []  # `torchrun $DISTRIBUTED_ARGS train.py`: the launcher's options, not the script's
        if user is not None:
            owner, program_path = self.owner_of(user.attrs, bases)
            if owner != "repo":
                return []  # another program's options, or a script drift cannot read
            if self._launches(program_path) and _passed_after_a_positional(user, ref.attrs.get("array") or ""):
                return []  # `ft_launcher ... ${WORKER_SCRIPT} ${SCRIPT_ARGS}`: the launched script's
            program = user.attrs.get("script") or user.attrs.get("program")
        elif ref.attrs.get("flag_list") and len(set(doc.programs)) == 1 and (not self._runs_known_foreign(doc) or self._mostly_ours(ref)):
            program_path = program = doc.programs[0]
            page_program = True
        elif ref.attrs.get("flag_list"):
            program_path = self._defining_program([item.get("flag", "") for item in ref.attrs.get("flags", [])])
            program, inferred = program_path, True
            if program_path is None:
                return self._unowned_flags(ref, doc)
        else:
            return []
        if program_path is None:
            return []
        frameworks = sorted(frameworks_behind(self.index, program_path))
        claims = []
        for item in ref.attrs.get("flags", []):
            flag = item.get("flag", "")
            if PLACEHOLDER_RE.search(flag):
                continue
            attrs = {"program": program, "script": program, "value": item.get("value"), "frameworks": frameworks, "program_path": program_path, "inferred_program": inferred, "page_program": page_program}
            claims.append(Claim("flag", flag, item["line"], item["column"], doc.path, "command", attrs, ref))
        return claims

    def _unowned_flags(self, ref: Reference, doc: DocContext) -> list[Claim]:
        """The flags of a bare list no program can be inferred for that nothing here defines
        or spells now (slime's `--over-sampling-batch-size ... \\` fragment, once its own):
        asked of history only (bot.own_history.removed_here), or of the change in PR mode."""
        defined = self.index.names("flag")
        claims = []
        for item in ref.attrs.get("flags", []):
            flag = item.get("flag", "")
            if not flag.startswith("--") or PLACEHOLDER_RE.search(flag) or flag in defined or flag in self.index.flag_mentions:
                continue
            attrs = {"program": None, "script": None, "value": item.get("value"), "frameworks": [], "program_path": None, "unowned_list": True}
            claims.append(Claim("flag", flag, item["line"], item["column"], doc.path, "command", attrs, ref))
        return claims

    def _mostly_ours(self, ref: Reference) -> bool:
        """Whether most flags of a bare list are defined by some parser of this repository."""
        flags = {item.get("flag", "") for item in ref.attrs.get("flags", [])}
        defined = self.index.names("flag")
        return bool(flags) and sum(flag in defined for flag in flags) * 2 >= len(flags)

    @staticmethod
    def _runs_known_foreign(doc: DocContext) -> bool:
        """The page also runs another known program (`python -m sglang.launch_server`): a
        bare list of flags mostly no parser here defines is its, not the one repository
        program's."""
        from .unknown_flag import known_programs

        return bool({p.lower() for p in doc.foreign_programs} & known_programs())

    def _defining_program(self, flags: list[str]) -> str | None:
        """The file whose parser (with what it imports) defines most of ``flags``, if it
        defines most of them: the program a bare list is for. Flags no parser defines at
        all are what the list is checked for, so they do not count against it; but most of
        the list must be some parser's, or the list is another program's."""
        defined = self.index.names("flag")
        counts: dict[str, int] = {}
        wanted = set(flags)
        for flag in wanted:
            for path in {f.path for f in defined.get(flag, [])}:
                counts[path] = counts.get(path, 0) + 1
        if not counts:
            return None
        best = sorted(counts, key=lambda p: (-counts[p], p))[0]
        known = sum(1 for flag in wanted if flag in defined)
        if known < FLAG_LIST_MIN or known < FLAG_LIST_KNOWN * len(wanted):
            return None
        return best if counts[best] >= FLAG_LIST_COVER * known else None

    def owner_of(self, attrs: dict[str, Any], bases: list[str]) -> tuple[str, str | None]:
        """Whose flags these are: ("repo", path of the program), "unverifiable" (a repo
        script that parses no flags drift can see), or "foreign"."""
        program = (attrs.get("program") or "").strip()
        if program in self.index.programs and not (attrs.get("script") and attrs.get("launcher") == program):
            # (`accelerate launch train.py --lr 1` in accelerate's docs: the options after
            # the script are the script's, whoever launches it.)
            # `lerobot-train`: the entry point's module is the program's code.
            module = self.index.program_modules.get(program, "")
            path = self.index.module_path(module)
            function = self.index.program_functions.get(program, "")
            if path is None and "." in function:
                # `poormanray = "cookbook.cli:pmr.cli"`: cookbook/cli/ holds no __init__.py;
                # the code is the module pmr in it.
                path = self.index.module_path(f"{module}.{function.rsplit('.', 1)[0]}")
            if module and (path is None or path.endswith(".pyi")):
                # `torchft_lighthouse = "torchft._torchft:lighthouse_main"`: a compiled
                # extension (Rust, C++; at most a .pyi stub here) whose options no Python
                # file here defines.
                return "unverifiable", None
            return "repo", path
        script = attrs.get("script")
        kind = attrs.get("script_kind")
        if script and kind == "py":
            resolved = resolve_path(self.index, _normalise_path(script), bases)
            if resolved and defines_flags(self.index, resolved):
                return "repo", resolved
            return "unverifiable", resolved
        if script and kind == "module":
            path = self.index.run_module_path(script)
            if path and defines_flags(self.index, path):
                return "repo", path
            return "unverifiable", path
        return "foreign", None

    def launched_program(self, ref: Reference, launcher: str, bases: list[str]) -> str | None:
        """The repository program a launcher's command runs (its REMAINDER), if any."""
        if not self._launches(launcher) or ref.attrs.get("launched"):
            return None
        split = self._split_at_launched_script(ref, launcher)
        if split is None:
            return None
        owner, program_path = self.owner_of(split[1].attrs, bases)
        return program_path if owner == "repo" else None

    def _split_at_launched_script(self, ref: Reference, launcher: str) -> tuple[Reference, Reference] | None:
        """The launcher's part of the command and the launched script's (a command of its
        own), split at the first `.py` word after the launcher's script: a positional, or
        the word the splitter gave a launcher's switch as its value (`--use_mpi x.py`)."""
        attrs = ref.attrs
        switches = self._switches(launcher)
        words = [("flag", i, item, item.get("value_line") or item["line"], item.get("value_column") or item["column"]) for i, item in enumerate(attrs.get("flags", []))]
        words += [("positional", i, item, item["line"], item["column"]) for i, item in enumerate(attrs.get("positionals", []))]
        words.sort(key=lambda w: (w[3], w[4]))
        reach = self._launcher_files(launcher)
        launcher_flags = {f.name for facts in self.index.names(FLAG_KIND).values() for f in facts if f.path in reach}

        def split(item: dict, value: str, at: tuple, cut: tuple, script_kind: str) -> tuple[Reference, Reference]:
            """Items before ``cut`` are the launcher's; after ``at``, the script's."""
            before = lambda it: (it.get("line"), it.get("column")) < cut  # noqa: E731
            module = script_kind == "module"  # `python -m` are words of the launched command
            outer = Reference(ref.kind, ref.text, ref.path, ref.line, ref.column, {
                **attrs, "launched": True,
                "flags": [dict(f, value=None) if f is item else f for f in attrs.get("flags", []) if before(f)],
                "positionals": [p for p in attrs.get("positionals", []) if before(p) and not (module and p.get("text") in ("python", "python3"))],
            })
            inner_attrs = {
                **attrs,
                "program": "python", "script": value, "script_kind": script_kind, "script_at": at, "launcher": None, "launched": True, "env": [],
                "flags": [dict(f, owner="script") for f in attrs.get("flags", []) if not before(f) and f is not item],
                "positionals": [p for p in attrs.get("positionals", []) if (p.get("line"), p.get("column")) > at],
            }
            return outer, Reference(ref.kind, "", ref.path, at[0], at[1], inner_attrs)

        for kind, _, item, line, column in words:
            value = item.get("value") if kind == "flag" else item.get("text")
            if kind == "flag" and item.get("flag") == "-m" and "-m" not in launcher_flags and isinstance(value, str) and re.fullmatch(r"[A-Za-z_][\w.]*", value) and value != attrs.get("script"):
                # `horovodrun -np 4 python -m pkg.worker --dispatchers 2`: the module runs.
                return split(item, value, (line, column), (item.get("line"), item.get("column")), "module")
            launched_var = kind == "positional" and isinstance(value, str) and bool(re.fullmatch(r"\$\{?[A-Za-z_]\w*\}?", value))
            if not isinstance(value, str) or not (value.endswith(".py") or launched_var) or value == attrs.get("script"):
                continue  # (`${WORKER_SCRIPT}`: a script named by a variable is launched too)
            if kind == "flag" and item.get("flag") not in switches:
                continue  # that option's own value (`--config x.py`)
            return split(item, value, (line, column), (line, column), "py")
        return None

    def _switches(self, path: str) -> set[str]:
        """The options of a launcher that take no value (store_true, store_false, count)."""
        memo = self.index.memo.setdefault("_switches", {})
        if path not in memo:
            reach = self._launcher_files(path)
            memo[path] = {f.name for facts in self.index.names(FLAG_KIND).values() for f in facts if f.path in reach and f.takes_no_value}
        return memo[path]

    def _launcher_files(self, path: str) -> set[str]:
        """The file a launcher's command runs, and, when its parser lives in a file it
        imports (`python -m pkg.launch`, whose __main__.py imports launch.py), that one too."""
        files = {path}
        if path not in self.index.remainder_files and path in self.index.files:
            files |= {f for f in program_at(self.index, path).files if f in self.index.remainder_files}
        return files

    def _launches(self, path: str | None) -> bool:
        """A launcher: its parser (in the file or one it imports) ends in a REMAINDER positional
        that takes a script's command line (`python -m pkg.cpu.launch ... $EVAL_SCRIPT --x`)."""
        return bool(path) and any(f in self.index.remainder_files for f in self._launcher_files(path))

    def foreign_flags(self, ref: Reference, bases: list[str]) -> set[str]:
        if ref.attrs.get("flag_list") or ref.attrs.get("array"):
            return set()  # flags written without their program show no other program's
        if self.owner_of(ref.attrs, bases)[0] == "repo":
            return {f["flag"] for f in ref.attrs.get("flags", []) if f.get("owner") in ("launcher", "wrapper")}
        return {f.get("flag", "") for f in ref.attrs.get("flags", [])}

    # -- links ---------------------------------------------------------------------------
    def link(self, ref: Reference, doc: DocContext) -> list[Claim]:
        target = ref.attrs.get("target") or ""
        anchor = ref.attrs.get("anchor")
        if ref.attrs.get("github"):
            return self.github_link(ref, doc, target)
        if HOSTNAME_RE.match(target) or "@" in target:
            return []
        if URL_RE.match(ref.text) or "://" in target or target.startswith(("{", "<", "$")) or PLACEHOLDER_RE.search(target) or LINK_PLACEHOLDER_RE.match(target):
            return []
        claims = []
        if target and ref.attrs.get("sphinx_doc"):
            root = self.sphinx_root(doc.path) if target.startswith("/") else doc.directory
            if root is None:
                return []  # no conf.py above the page: the project's source folder is unknown
            # Sphinx finds the page by name with any source suffix (.rst, .md, .ipynb); a file
            # a page includes (marshmallow's CONTRIBUTING.rst in docs/contributing.rst) is
            # built as part of that page, from its folder.
            bases = [root] if target.startswith("/") else [root, *self.index.symlinked_from.get(doc.path, ()), *self._gallery_home(doc.path, target)]
            return [Claim("path", target.lstrip("/"), ref.line, ref.column, doc.path, "link", {"bases": bases, "link": True, "page": True}, ref)]
        if target:
            site = site_of(self.index.docusaurus, doc.path) if self.index.docusaurus else None
            if site is not None and (target.startswith("/") or not posixpath.splitext(target)[1]):
                # A Docusaurus route (`/docs/guides/setup`, `./custom-id`): the site's router
                # resolves it (bot.docusaurus); a file path (`./setup.md`) is a file.
                claims.append(Claim("path", target, ref.line, ref.column, doc.path, "link", {"bases": [doc.directory], "link": True, "route": True}, ref))
                if anchor:
                    claims.append(Claim("anchor", anchor, ref.line, ref.column, doc.path, "link", {"target": target, "route": True}, ref))
                return claims
            if target.startswith("/"):
                return []  # site-absolute: depends on the docs site's routing
            if len(target) > 2 and target[0] == target[-1] == "`":
                # quartodoc's interlinks, `[MissingSpec](`pointblank.MissingSpec`)`: a Python
                # name the site links to its reference page; the package's own is checked.
                name = target.strip("`").lstrip("~")
                if DOTTED_RE.match(name) and name.split(".", 1)[0] in self.index.packages:
                    return [Claim("symbol", name, ref.line, ref.column, doc.path, "link", {}, ref)]
                return []
            if doc.path.endswith(".rst") and "/" not in target and "." not in target:
                return []  # `text <name>`_ : a named reference, not a file
            dotted = DOTTED_RE.match(target)
            if dotted and "/" not in target and "." + target.rsplit(".", 1)[-1].lower() not in FILE_SUFFIXES and not self.index.path_exists(target):
                # `[GRPOLossConfig](xtuner.v1.rl.loss.GRPOLossConfig)`: a MyST/Sphinx object
                # link, resolved by the docs site: a Python name of the package, or not ours.
                if target.split(".", 1)[0] in self.index.packages:
                    claims.append(Claim("symbol", target, ref.line, ref.column, doc.path, "link", {}, ref))
                return claims
            # A doc a symlink elsewhere points at is also read from there (GitHub shows it
            # at both places): its links may be written for either.
            bases = [doc.directory, *self.index.symlinked_from.get(doc.path, ()), *self._gallery_home(doc.path, target)]
            if AGENT_DOC_RE.search(doc.path):
                # An agent's skill or instructions are read from the repository's root, where
                # the agent runs: `[driver.py](.codex/skills/x/driver.py)` is written from there.
                bases.append("")
            claims.append(Claim("path", target, ref.line, ref.column, doc.path, "link", {"bases": bases, "link": True}, ref))
        if anchor:
            claims.append(Claim("anchor", anchor, ref.line, ref.column, doc.path, "link", {"target": target}, ref))
        return claims

    def _gallery_home(self, page: str, target: str) -> list[str]:
        """The folder sphinx-gallery builds a gallery source's page in, for a link that
        climbs out of it (`../tutorial` from the README that becomes tutorials/index):
        inside the gallery, names are its pages, which the gallery check judges."""
        home = self.index.gallery_built_in.get(page)
        return [home] if home and target.startswith("../") else []

    def _elsewhere(self, attrs: dict[str, Any], cwd: str, doc: DocContext) -> bool:
        """Whether a command runs after a `cd` into a folder this tree lacks (and that is
        not the page's own checkout of this repository)."""
        own_checkout = bool(attrs.get("cwd_clone")) and self._clones_this_repository(attrs["cwd_clone"])
        return bool(cwd) and not own_checkout and not self._folder_here(cwd, doc)

    def _folder_here(self, cwd: str, doc: DocContext) -> bool:
        """Whether a `cd` target is a folder of this tree (from the root or the page's
        folder), through a symlink, or one the page makes."""
        for base in ("", doc.directory):
            path = posixpath.normpath(posixpath.join(base, cwd))
            if path in self.index.dirs or path in self.index.dir_links or self.index.path_exists(path):
                return True
            first = path.split("/", 1)[0]
            if first in self.index.dir_links or root_name(self.index, first):
                return True
        return any(cwd == made.rstrip("/") or cwd.startswith(made.rstrip("/") + "/") for made in doc.produced)

    def checkout_folder(self, target: str, cwd: str | None = "") -> str | None:
        """The folder of this tree a `cd` leads to: relative to where the block is
        (`cd examples/x`), or through a checkout of this repository written from
        outside it (`cd ~/optimum-habana/examples/text-generation`). None when it leads
        elsewhere or nowhere drift can follow."""
        target = target.strip().strip("\"'").rstrip("/")
        if not target:
            return None
        if target.startswith(("~", "/", "$")):
            own = {n.lower() for n in self.index.root_names if len(n) >= 3}
            parts = target.split("/")
            root_variable = _ROOT_VARIABLE.fullmatch(parts[0])
            if root_variable and (root_variable.group(1) or root_variable.group(2).lower() in own):
                # `cd ${project_root}/tools`, `cd $HUGECTR_HOME/tools`: the checkout's root.
                rest = "/".join(p for p in parts[1:] if p and p != ".")
                return rest if rest == "" or rest in self.index.dirs else None
            for i, part in enumerate(parts[1:], 1):
                if part.lower() in own:
                    rest = "/".join(p for p in parts[i + 1 :] if p and p != ".")
                    return rest if rest == "" or rest in self.index.dirs else None
            return None
        if cwd is None or "$" in target:
            return None
        joined = posixpath.normpath(posixpath.join(cwd, target))
        return joined if joined in self.index.dirs else None

    def _clones_this_repository(self, url: str) -> bool:
        """Whether a `git clone` URL is this repository (by owner/name, or by name)."""
        match = re.search(r"github\.com[/:]([\w.-]+)/([\w.-]+?)(?:\.git)?/?$", url)
        if match:
            return f"{match.group(1)}/{match.group(2)}".lower() in self.own_repos or match.group(2).lower() in {n.lower() for n in self.index.root_names}
        name = url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git").lower()
        return name in {n.lower() for n in self.index.root_names}

    def sphinx_root(self, doc_path: str) -> str | None:
        return sphinx_source_root(self.index, doc_path)

    def learn_own_repos(self, docs: dict[str, list[Reference]]) -> None:
        """Without a GitHub remote (a mirror, a tarball), the repository whose file URLs the
        docs use most, when nearly all of them resolve here, is this one. Not when the
        remote or the package metadata already names it: a fork's docs link the project it
        forked (lmms-eval's to lm-evaluation-harness), whose files it still shares."""
        if self.own_repos:
            return
        seen: dict[str, list[bool]] = {}
        for refs in docs.values():
            for ref in refs:
                name = ref.attrs.get("github") if ref.kind == LINK else None
                if name and ref.attrs.get("branch") in self.branches:
                    target = ref.attrs.get("target", "")
                    seen.setdefault(name, []).append(self.index.path_exists(target) or target in self.index.dirs)
        learned = {name for name, resolved in seen.items() if len(resolved) >= OWN_REPO_MIN_LINKS and sum(resolved) >= OWN_REPO_SHARE * len(resolved)}
        # A sibling repository of the same family shares the layout (triton's server links
        # triton-inference-server/backend's docs/README.md): where one learned name is the
        # checkout's own name, it is this repository, and the others are not.
        roots = {n.lower() for n in self.index.root_names}
        named = {name for name in learned if name.split("/", 1)[-1] in roots}
        self.own_repos |= named or learned
        # `megatron-lm/docs/x.md`, written from above a checkout named as on GitHub.
        self.index.root_names |= {name.split("/", 1)[1] for name in self.own_repos if "/" in name}

    def github_link(self, ref: Reference, doc: DocContext, target: str) -> list[Claim]:
        """A URL into this repository's files on its default branch is a path from the
        root; other repositories, tags and commit permalinks are not this tree."""
        if ref.attrs["github"] not in self.own_repos or ref.attrs.get("branch") not in self.branches:
            return []
        if _TEMPLATE_HOLE.search(target):
            return []  # `blob/develop/docs/{tutorialpath}`: a template a script fills in
        return [Claim("path", target, ref.line, ref.column, doc.path, "link", {"bases": [""], "link": True, "url": ref.text}, ref)]

    # -- tables ----------------------------------------------------------------------------
    def table_row(self, ref: Reference, doc: DocContext) -> list[Claim]:
        headers = [h.strip().lower() for h in ref.attrs.get("headers", [])]
        cells = ref.attrs.get("cells", [])
        flag_column = None
        for position, cell in enumerate(cells):
            words = cell.get("text", "").strip().strip("`").split(",")[0].split()
            token = words[0] if words else ""  # `| ,0.3178 |` has no first word
            if token.startswith("--") and FLAG_RE.match(token.split("=")[0]):
                flag_column = position
                break
        table = doc.tables.get(ref.line)
        if flag_column is None:
            return self._field_row(ref, doc, headers, cells, table)
        cell = cells[flag_column]
        flag_text = cell["text"].strip()
        flag = re.search(r"--[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]", flag_text)
        if not flag:
            return []
        claims = []
        if "`" not in flag_text:  # a backticked flag arrives as inline code already
            claims.append(Claim("flag", flag.group(0), ref.line, cell["column"] + flag.start(), doc.path, "table", {"table": table}, ref))
        claims.append(Claim("row", flag.group(0), ref.line, cell["column"], doc.path, "table", {"headers": headers, "cells": cells, "flag_column": flag_column, "table": table}, ref))
        claims.extend(self._described_default(ref, doc, flag.group(0), headers, cells, flag_column))
        return claims

    def _field_row(self, ref: Reference, doc: DocContext, headers: list[str], cells: list[dict[str, Any]], table: Any) -> list[Claim]:
        """`| mtp_loss_scaling_factor | ... Default is 0.3. |`: a row keyed by the dest of
        a flag, or a config class's field a parser factory makes one
        (`--mtp-loss-scaling-factor`); its stated default is that flag's."""
        if not cells:
            return []
        name = cells[0].get("text", "").strip().strip("`*").strip()
        if not re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+", name):
            return []  # a bare word is no field name; snake_case with one underscore at least
        if self._under_callable_heading(ref, doc):
            return []  # sense2vec's `batch_size` row under "method `Sense2Vec.most_similar`": a parameter
        flag = self._field_flags().get(name)
        if flag is None:
            return self._config_field_row(ref, doc, name, headers, cells)
        titles = getattr(table, "titles", ())
        defined = self.index.names(FLAG_KIND).get(flag, ())
        if not doc.programs and not any(self._in_package(f.path) or names_script(titles, f.path) for f in defined):
            # suite2p's `| threshold_scaling | ... (default: 1.0) |` under "Key parameters
            # (`sparsery_settings`)": a page that runs no program, naming a setting that only
            # a loose script (paper/detect_benchmarks.py) takes as a flag: that script's
            # option is not what the row documents.
            return []
        return self._described_default(ref, doc, flag, headers, cells, 0, cells[0]["column"])

    def _in_package(self, path: str) -> bool:
        """Whether a file is a module of an importable package (its folder has __init__.py)."""
        folder = posixpath.dirname(path)
        return bool(folder) and self.index.path_exists(folder + "/__init__.py")

    def _under_callable_heading(self, ref: Reference, doc: DocContext) -> bool:
        """Whether the nearest heading above names a function, method or class of the code
        (`Sense2Vec.most_similar`, `train()`): its table lists that callable's parameters."""
        above = [text for line, text in doc.headings if line < ref.line]
        if not above:
            return False
        named = set(re.findall(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", above[-1])) | set(re.findall(r"([A-Za-z_]\w*)\(", above[-1]))
        if not named:
            return False
        memo = self.index.memo
        if "callable_tails" not in memo:
            tails: set[str] = set()
            for kind in (FUNCTION, METHOD, CLASS):
                for full in self.index.names(kind):
                    parts = full.split(".")
                    tails.update({parts[-1], ".".join(parts[-2:])})
            memo["callable_tails"] = tails
        return bool(named & memo["callable_tails"])

    def _config_field_row(self, ref: Reference, doc: DocContext, name: str, headers: list[str], cells: list[dict[str, Any]]) -> list[Claim]:
        """`| std_unbiased | boolean | False |` under "## Norm Configuration": a config
        reference's row for a field of the dataclass its section is named after (NormConfig);
        its Default cell is judged against the field's default."""
        if not any(re.search(r"\bdefaults?\b", h) for h in headers):
            return []
        above = [text for line, text in doc.headings if line < ref.line]
        if not above:
            return []
        wanted = _title_words(above[-1])
        found = [
            (path, spec)
            for class_name, specs in self.index.dataclass_field_specs.items() if wanted and _title_words(class_name) == wanted
            for path, fields in specs for spec in fields if spec.get("name") == name
        ]
        if len(found) != 1:
            return []  # no class of the section's name has the field, or several do
        path, spec = found[0]
        attrs = {k: v for k, v in spec.items() if k not in ("name", "line", "names")}
        fact = Fact(FLAG_KIND, name, path, int(spec.get("line") or 1), attrs)
        claim_attrs = {"headers": headers, "cells": cells, "flag_column": 0, "table": None, "field_facts": [fact]}
        return [Claim("field_row", name, ref.line, cells[0]["column"], doc.path, "table", claim_attrs, ref)]

    def _field_flags(self) -> dict[str, str]:
        """dest or field name -> the one flag that sets it (`mtp_loss_scaling_factor` ->
        `--mtp-loss-scaling-factor`), for names that one flag spelling only has."""
        memo = self.index.memo
        if "fields_as_flags" not in memo:
            found: dict[str, set[str]] = {}
            for name, facts in self.index.names(FLAG_KIND).items():
                for fact in facts:
                    if name.startswith("--") and not name.startswith("--no-") and (fact.attrs.get("origin") or {}).get("by") != "name":
                        found.setdefault(str(fact.attrs.get("dest") or ""), set()).add(name)
            memo["fields_as_flags"] = {dest: sorted(flags, key=lambda f: ("_" in f, f))[0] for dest, flags in found.items() if dest and len({f.replace("_", "-") for f in flags}) == 1}
        return memo["fields_as_flags"]

    def _described_default(self, ref: Reference, doc: DocContext, flag: str, headers: list[str], cells: list[dict[str, Any]], flag_column: int, column: int | None = None) -> list[Claim]:
        """"... Default is 0.3." in a description cell of a table with no Default column:
        judged like a Default cell, at the confidence of a sentence."""
        if any(re.search(r"\bdefaults?\b", h) for h in headers):
            return []  # the Default column speaks for the row
        for position, cell in enumerate(cells):
            if position == flag_column:
                continue
            stated = PROSE_DEFAULT_RE.search(cell.get("text", ""))
            if not stated or not PROSE_VALUE_RE.match(prose_default(stated)[0]):
                continue
            value, value_start = prose_default(stated)
            row_cells = [{"text": flag, "column": column or cells[flag_column]["column"]}, {"text": value, "column": cell["column"] + value_start}]
            attrs = {"headers": ["flag", "default"], "cells": row_cells, "flag_column": 0, "table": None, "prose": True}
            return [Claim("row", flag, ref.line, column or cells[flag_column]["column"], doc.path, "table", attrs, ref)]
        return []

    # -- code blocks (python imports) ------------------------------------------------------
    def _override_lines(self, ref: Reference, doc: DocContext) -> list[Claim]:
        """A block made only of `a.b.c=v` lines, each perhaps ending in a backslash (whatever its language label): the
        overrides a page tells the user to add to the trainer's command line."""
        body = ref.attrs.get("body", ref.text)
        first = ref.attrs.get("body_line", ref.line)
        found = []
        for offset, source_line in enumerate(body.splitlines()):
            if not source_line.strip() or source_line.lstrip().startswith("#"):
                continue
            match = OVERRIDE_LINE_RE.match(source_line)
            if not match:
                return []
            added = source_line.lstrip().startswith(("+", "~"))
            found.append((first + offset, match.start(1) + 1 + (ref.column - 1 if offset == 0 and first == ref.line else 0), match.group(1), added))
        return [
            Claim("config", key, line, column, doc.path, "code", {"override": True}, ref)
            for line, column, key, added in found
            if not added and self._judged_config_root(key)  # `+a.b=v` adds a key, `~a.b` deletes one
        ]

    def code_block(self, ref: Reference, doc: DocContext) -> list[Claim]:
        lang = ref.attrs.get("lang", "")
        if lang not in ("yaml", "yml", "json", "toml") and self.index.config_tree is not None:
            overrides = self._override_lines(ref, doc)
            if overrides:
                return overrides
        if lang not in PYTHON_LANGS and not (lang == "" and _imports_like_python(ref.attrs.get("body", ref.text))):
            return []
        claims = []
        body = ref.attrs.get("body", ref.text)
        first = ref.attrs.get("body_line", ref.line)
        # `DistillConfig(use_teacher_server=True)`: a field of the repo's config class.
        own_aliases = self._own_aliases(body)
        for offset, column, written, keyword in ref.attrs.get("keyword_calls", []):
            qualifier, _, callee = written.rpartition(".")
            if qualifier and qualifier.split(".")[0] not in own_aliases:
                continue  # `nn.Linear(bias=False)`: torch's class, not the repository's Linear
            if all(is_test_path(path) for path, _ in self.index.dataclass_fields.get(callee, [("", None)])):
                continue  # flax's `nn.Dense(name=...)`, where the only dataclass Dense is a test's
            if callee in self.index.dataclass_fields and not qualifier and not self._imported_elsewhere(body, callee):
                # `Attribute(value=Name(...))` on a page that imports nothing of ours may be
                # printed output or another library's class: judged only on a change.
                unimported = not doc.imported_tops & self.index.packages
                claims.append(Claim("field", keyword, first + offset, column, doc.path, "code", {"class": callee, "unimported": unimported}, ref))
            elif callee in self.index.dataclass_fields and qualifier:
                claims.append(Claim("field", keyword, first + offset, column, doc.path, "code", {"class": callee}, ref))
        compat = _compat_lines(body)
        old_side = _old_side_lines(body)
        for offset, source_line in enumerate(body.splitlines()):
            stripped = source_line.lstrip(">. ")
            match = re.match(r"\s*(from\s+([\w.]+)\s+import\s+([\w, ()]+)|import\s+([\w.]+))", stripped)
            if not match:
                continue
            if stripped[match.end() : match.end() + 1] in ("{", "<", "["):
                continue  # `from pkg.ops import Liger{Kernel}Function`: a template to fill in
            module = match.group(2) or match.group(4)
            if module.split(".")[0] not in self.index.packages or PLACEHOLDER_RE.search(module):
                continue  # another package's, or a tutorial's `pkg.routers.my_router`
            column = source_line.find(module) + 1
            imported = [item.split()[0] for item in (match.group(3) or "").strip("() ").split(",") if item.split() and item.split()[0].isidentifier()]
            older = {"compat": True} if offset in compat else {"old_side": True} if offset in old_side else {}
            claims.append(Claim("symbol", module, first + offset, column, doc.path, "code", {"module": True, "names": imported, **older}, ref))
            if match.group(3):
                for item in match.group(3).strip("() ").split(","):
                    name = item.split()[0] if item.split() else ""
                    if name.isidentifier() and not PLACEHOLDER_RE.search(name):  # (`from dask_jobqueue import SomeRunner`)
                        name_column = source_line.find(name, column + len(module)) + 1
                        claims.append(Claim("symbol", f"{module}.{name}", first + offset, name_column, doc.path, "code", {"imported_name": name, **older}, ref))
        return claims

    def _imported_elsewhere(self, body: str, name: str) -> bool:
        """Whether the block imports ``name`` from a module none of whose dataclasses of
        that name is (`from transformers import Trainer`, while the dataclass `Trainer`
        here is a BigBird example's)."""
        homes = {path for path, _ in self.index.dataclass_fields.get(name, [])}
        imported = re.search(r"^\s*(?:from\s+[\w.]+\s+)?import\s+[^\n]*\b" + re.escape(name) + r"\b", body, re.M)
        if not imported and homes and all(_EXAMPLE_DIR.search(home) for home in homes):
            # `Trainer(model=...)` with no import, where the only dataclass `Trainer` is an
            # example script's (LMOps' vendored BigBird): the library's class the page means.
            return True
        for match in re.finditer(r"^\s*from\s+([\w.]+)\s+import\s+(\([^)]*\)|[\w, ]+)", body, re.M):
            if name not in {item.split()[-1] for item in match.group(2).strip("() \n").split(",") if item.split()}:
                continue
            module = match.group(1)
            path = self.index.module_path(module) if hasattr(self.index, "module_path") else None
            folder = (path or "").rsplit("/", 1)[0] if path and path.endswith("__init__.py") else (path or "")[:-3]
            return not any(home == path or (folder and home.startswith(folder + "/")) for home in homes)
        return False

    def _own_aliases(self, body: str) -> set[str]:
        """Names a code block binds to the repository's packages or modules
        (`import pkg`, `import pkg.models as models`, `from pkg import models`)."""
        names = set(self.index.packages)
        for match in re.finditer(r"^\s*import\s+([\w.]+)(?:\s+as\s+(\w+))?|^\s*from\s+([\w.]+)\s+import\s+(\([^)]*\)|[\w, ]+)", body, re.M):
            if match.group(1) and match.group(1).split(".")[0] in self.index.packages:
                names.add(match.group(2) or match.group(1).split(".")[0])
            elif match.group(3) and match.group(3).split(".")[0] in self.index.packages:
                names.update(item.split()[-1] for item in match.group(4).strip("() \n").split(",") if item.split())
        return names

    def classify(self, ref: Reference, doc: DocContext) -> list[Claim]:
        if ref.kind != LINK and OPEN_TASK_RE.match(ref.attrs.get("context") or ""):
            # `- [ ] Create src/pkg/server.py`: an open task names what is to be made.
            return []
        claims = self._classify(ref, doc)
        if doc.produced or self.index.data_file_names:
            claims = [c for c in claims if c.kind != "path" or not self._made_here(c, doc)]
        if doc.images:
            claims = [c for c in claims if c.kind != "path" or c.text.rstrip("/").split(":", 1)[0] not in doc.images]
        return claims

    def _made_here(self, claim: Claim, doc: DocContext) -> bool:
        """A path the page's own steps create (`mkdir data`, `> out.jsonl`, `--output x`),
        or a data file the code writes by name (`dpo_train_filtered.jsonl`): it exists once
        the reader has run them, not in the repository."""
        token = claim.text
        name = token.rsplit("/", 1)[-1]
        if any(token == made or token.startswith(made.rstrip("/") + "/") or name == made.rsplit("/", 1)[-1] for made in doc.produced):
            return True
        if claim.context == "link" or self.index.path_exists(token):
            return False  # a link to a missing image or data file is broken whoever writes it
        return name in self.index.data_file_names or any(p.fullmatch(name) for p in self._data_file_patterns())

    def _data_file_patterns(self) -> list[re.Pattern[str]]:
        """`f"dpo_{split}_filtered.jsonl"` in the code: any `dpo_*_filtered.jsonl` it writes."""
        memo = self.index.memo
        if "data_file_patterns" not in memo:
            memo["data_file_patterns"] = [
                re.compile(re.sub(r"\\\{[^{}]*\\\}", "[^/]+", re.escape(name)))
                for name in sorted(self.index.data_file_names)
                if "{" in name and len(re.sub(r"\{[^{}]*\}", "", name)) >= 8
            ]
        return memo["data_file_patterns"]

    def _classify(self, ref: Reference, doc: DocContext) -> list[Claim]:
        if ref.kind == INLINE_CODE:
            if ref.attrs.get("in_heading") and ref.attrs.get("in_link"):
                return []
            if ref.attrs.get("cwd_clone") and not self._clones_this_repository(ref.attrs["cwd_clone"]):
                return []  # prose about the checkout the page cloned and entered (bot.docs.shell.carry_clones)
            return self.inline(ref, doc)
        if ref.kind == COMMAND:
            cwd = ref.attrs.get("cwd", "")
            claims = self.command(ref, doc, cwd)
            if cwd and any(c.kind == "path" for c in claims) and self._elsewhere(ref.attrs, cwd, doc):
                claims = [c for c in claims if c.kind != "path"]  # relative to a folder this tree lacks
            return claims
        if ref.kind == LINK:
            return self.link(ref, doc)
        if ref.kind == TABLE_ROW:
            return self.table_row(ref, doc)
        if ref.kind == CODE_BLOCK:
            return self.code_block(ref, doc)
        if ref.kind == UNCLOSED_FENCE:
            return [Claim("fence", ref.text, ref.line, ref.column, doc.path, "structure", dict(ref.attrs), ref)]
        return []


def _position_of(attrs: dict[str, Any], token: str, ref: Reference) -> tuple[int, int]:
    if token == attrs.get("script") and attrs.get("script_at"):
        line, column = attrs["script_at"]
        return line, column
    for item in attrs.get("positionals", []):
        if item.get("text") == token:
            return item["line"], item["column"]
    return ref.line, ref.column
