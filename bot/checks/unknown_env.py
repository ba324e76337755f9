"""DRIFT003 unknown-env-var: a doc names an environment variable the code never reads.

What it does: checks `VAR=value` before the repository's commands, `export VAR=...`
lines, and inline `VAR`/`$VAR`, for names in the repository's own namespace (its
package name in capitals plus `_`, e.g. `SLIME_`, or `env_prefixes` in config). A name
counts as known when the code reads it (`os.environ`, `os.getenv`, helpers such as
`get_bool_env_var`), a shell script reads or exports it, or the code spells it anywhere.
Variables that the doc's own code blocks define are local, not env vars.

Why: an env var that nothing reads is silently ignored: the setting the reader thinks
they made has no effect.

Example: `SLIME_DEBUG_ROLLOUT=1` after the code renamed it `SLIME_DEBUG_ROLLOUT_DATA`.

Silence: `<!-- drift-ignore -->`, `ignore_names = ["SLIME_LEGACY_*"]`.
"""

from __future__ import annotations

import re

from functools import lru_cache

from typing import Iterable

from ..index import closest
from ..model import CONFIG_KEY, ENV, Finding
from .base import CheckContext, changed, finding, where
from .classify import Claim

CODE = "DRIFT003"
NAME = "unknown-env-var"
CLAIMS = ("env",)
SEVERITY = "error"


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    name = claim.text
    index = ctx.index
    ours = any(name.startswith(prefix) and len(name) > len(prefix) for prefix in index.env_prefixes)
    gone = ctx.changes.gone(ENV, name) if ctx.changes else None
    if gone is not None:
        result = changed((CODE, NAME), claim, gone)
        if gone.change == "removed" and not ours and _library_family(name):
            # E2B_API_KEY, HF_TOKEN: a library the code calls may still read it.
            result.confidence = "low"
            result.evidence += "; outside the repository's env namespace, a library it uses may still read it"
        elif gone.change == "removed" and not ours:
            # PROXY_BACKEND_PORT: no library's family; the code that read it is gone.
            result.confidence = "medium"
        return [result]
    if not ours:
        return []
    if index.has(ENV, name) or name in index.upper_mentions:
        return []
    if any(name.startswith(prefix) for prefix in index.upper_prefixes):
        return []  # built at run time: ENV_PREFIX + name
    if _named_for_a_setting(name, index):
        return []  # MELTANO_CLI_LOG_CONFIG for the setting `cli.log_config`: derived at run time
    known = index.names(ENV)
    candidates = [c for c in closest(name, known, 0.8) if _could_be_meant(name, c)]
    if len(candidates) > 1 and _tied(name, candidates[0], candidates[1]):
        # LMDEPLOY_FETCH_TIMEOUT: IMAGE_ or VIDEO_FETCH_TIMEOUT? Which one is for the doc to say.
        shown = " or ".join(f"{c} ({where(known[c][0])})" for c in candidates[:2])
        evidence = f"the code reads no {name}; it reads {shown}"
        candidates = []
    elif candidates:
        evidence = f"the code reads no {name}; closest: {candidates[0]} ({where(known[candidates[0]][0])})"
    else:
        evidence = f"the code reads no {name} ({len(known)} env vars are read)"
    confidence = "high" if claim.context == "command" else "medium"
    companion = _companion_program(claim, index)
    if companion and not candidates:
        # `LMCACHE_CONFIG_FILE=x lmcache_vllm serve`: a program of the same family that this
        # repository does not hold (a companion package) reads its namespace too.
        confidence = "low"
        evidence += f"; {companion}, a companion of this repository's family that drift cannot read, may read it"
    extension = next((ext for package, ext in index.extension_packages.items() if name.startswith(package.split(".")[0].upper() + "_")), None)
    if extension and not candidates:
        # Dr.Jit's DRJIT_CACHE_DIR: read by the native code behind drjit._drjit_ext, which
        # drift does not read.
        confidence = "low"
        evidence += f"; its name is the package's, and the package runs the compiled extension {extension}, whose native code may read it"
    if not candidates and claim.context != "command" and _expanded_by_the_page(name, ctx.doc_texts.get(claim.doc, ())):
        # simclr: "set a new `MODEL_DIR`, then use the following command", which passes
        # `--model_dir=$MODEL_DIR`: the reader's shell variable, handed over as an option.
        confidence = "low"
        evidence += f"; the page's commands expand ${name} themselves"
    if claim.attrs.get("shell_used") and not candidates:
        # `export SAM2_REPO_ROOT=/path/to/sam2` and then `PYTHONPATH="${SAM2_REPO_ROOT}:..."`:
        # the page sets it for its own shell lines, not for a program to read.
        confidence = "low"
        evidence += f"; the page uses ${name} in its own shell lines"
    if not candidates and _written_as_placeholder(name, ctx.doc_texts.get(claim.doc, ())):
        # "Let's say your run directory is `PRISMATIC_RUN_DIR`", then `--path <PRISMATIC_RUN_DIR>`
        # and `cd PRISMATIC_RUN_DIR/checkpoints`: a stand-in for the reader's value.
        confidence = "low"
        evidence += f"; the page also writes it as a stand-in (<{name}>, {name}/...)"
    if not candidates and claim.context != "command" and _WHERE_IT_IS.search(claim.prose_before()):
        # rhasspy: "`udpsink host=RHASSPY_SERVER`, where `RHASSPY_SERVER` is the hostname of
        # your server": the sentence defines a stand-in.
        confidence = "low"
        evidence += "; the sentence defines it as a stand-in (\"where ... is\")"
    if claim.context != "command" and _CALLED_CONSTANT.search(claim.prose_before()):
        return []  # "(constant `BITSANDBYTES_MIN_VERSION` in `utils/import_utils.py`)": Python's, not the environment's
    return [finding((CODE, NAME), claim, f"unknown environment variable {name}", evidence, confidence, candidates[0] if candidates else None)]


_NOT_NAME = re.compile(r"[^a-z0-9]+")
_SETTING = re.compile(r"[a-z][a-z0-9_]*(?:[.-][a-z0-9_]+)*")  # `cli.log_config`, `project_id`: a setting's name, not a sentence


def _setting_names(index) -> frozenset[str]:
    """The repository's setting names as environment variables spell them: each YAML key
    path and each `name:` a YAML settings list gives (meltano's settings.yml `- name:
    cli.log_config`), lower case, punctuation as `_`; key paths also with `__` between
    sections (Airflow's AIRFLOW__CORE__DAGS_FOLDER)."""
    if "setting_names" not in index.memo:
        found: set[str] = set()
        for key, facts in index.names(CONFIG_KEY).items():
            found.add(_NOT_NAME.sub("_", key.lower()).strip("_"))
            found.add("__".join(_NOT_NAME.sub("_", part.lower()).strip("_") for part in key.split(".")))
            if key.rsplit(".", 1)[-1] == "name":
                found |= {_NOT_NAME.sub("_", f.attrs["value"].lower()).strip("_") for f in facts if isinstance(f.attrs.get("value"), str) and _SETTING.fullmatch(f.attrs["value"])}
        index.memo["setting_names"] = frozenset(found)
    return index.memo["setting_names"]



def _class_fields(index) -> frozenset[str]:
    """Field names of the repository's typed classes, lower-cased (a pydantic settings
    class's `max_columns`, read from VAEX_DISPLAY_MAX_COLUMNS under its env_prefix; quacc's
    `GAUSSIAN_CMD` from QUACC_GAUSSIAN_CMD: pydantic-settings ignores case)."""
    if "class_fields" not in index.memo:
        index.memo["class_fields"] = frozenset(name.lower() for entries in index.typed_classes.values() for _, info in entries for name in info.get("fields", {}))
    return index.memo["class_fields"]


def _named_for_a_setting(name: str, index) -> bool:
    """Whether an env var in the repository's namespace is its prefix and a setting of two
    or more words, or a name of two or more words the code quotes whole (or puts after a
    `{prefix}_` hole): what code that derives env vars from its settings, or reads them
    under a prefix it composes, reads."""
    names = _setting_names(index)
    for prefix in index.env_prefixes:
        if not name.startswith(prefix):
            continue
        rest = name[len(prefix) :].strip("_")
        if "_" in rest and (rest.lower() in names or rest in index.upper_tails or rest.lower() in _class_fields(index)):
            # (setuptools-scm reads SETUPTOOLS_SCM_HG_COMMAND and VCS_VERSIONING_HG_COMMAND
            # as `reader.read("HG_COMMAND")` under each tool's prefix: the code spells the rest.)
            return True
    return False


def _expanded_by_the_page(name: str, texts: Iterable[str]) -> bool:
    """The page's commands write `$NAME` or `${NAME}`: the shell fills it in."""
    expanded = re.compile(rf"\$\{{?{re.escape(name)}(?![\w])")
    return any(expanded.search(text) for text in texts)


_WHERE_IT_IS = re.compile(r"\bwhere\s*[`'\"*]*$", re.I)


def _written_as_placeholder(name: str, texts: Iterable[str]) -> bool:
    """The page's commands and code write the name as a value to fill in: `<NAME>`, a
    path's first folder (`NAME/checkpoints`), an option's value (`host=NAME`), never as `$NAME`."""
    stand_in = re.compile(rf"<{re.escape(name)}>|(?<![$\w{{/.-]){re.escape(name)}/|(?<=[\w-]=){re.escape(name)}(?![\w=])")
    return any(stand_in.search(text) for text in texts)


def _companion_program(claim: Claim, index) -> str | None:
    """Another distribution of this repository's family (`lmcache_vllm` beside the
    package `lmcache`), not held here, that the code imports or the command runs: it reads
    the same namespace, out of drift's sight."""
    if "companions" not in index.memo:
        families = tuple(package.lower() + "_" for package in index.packages if len(package) >= 3)
        imported = {name.split(".", 1)[0] for names in index.file_imports.values() for name in names if not name.startswith(".")}
        index.memo["companions"] = (families, sorted(name for name in imported - index.packages if name.lower().startswith(families)))
    families, imported = index.memo["companions"]
    if not families:
        return None
    program = (claim.attrs.get("program") or "").strip()
    word = program.lower().replace("-", "_")
    if claim.context == "command" and program and program not in index.programs and "/" not in program and word.startswith(families):
        return program
    return imported[0] if imported else None


_CALLED_CONSTANT = re.compile(r"\b(?:constant|class attribute|module attribute|enum member)\s*`?\s*$", re.I)


def _could_be_meant(name: str, candidate: str) -> bool:
    """A misspelling, or a word added or dropped (`FETCH_TIMEOUT` for `IMAGE_FETCH_TIMEOUT`);
    not one word swapped for another (`LOG_LEVEL` is no spelling of `LOG_FILE`)."""
    import difflib

    ours, theirs = name.split("_"), candidate.split("_")
    matcher = difflib.SequenceMatcher(None, ours, theirs, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "replace":
            if i2 - i1 != 1 or j2 - j1 != 1 or difflib.SequenceMatcher(None, ours[i1], theirs[j1]).ratio() < 0.75:
                return False
    return True


def _tied(name: str, first: str, second: str) -> bool:
    import difflib

    return abs(difflib.SequenceMatcher(None, name, first).ratio() - difflib.SequenceMatcher(None, name, second).ratio()) < 0.02


@lru_cache(maxsize=1)
def _library_families() -> tuple[str, ...]:
    """rules/library_env.txt: prefixes of env vars libraries and runtimes read."""
    from ..rules import builtin_rules_dir

    words = []
    for line in (builtin_rules_dir() / "library_env.txt").read_text(encoding="utf-8").splitlines():
        if not line.lstrip().startswith("#"):
            words.extend(line.split())
    return tuple(words)


def _library_family(name: str) -> bool:
    return any(name == family or (family.endswith("_") and name.startswith(family)) or name.startswith(family + "_") for family in _library_families())
