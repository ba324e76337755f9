"""Everything the code at one revision defines, arranged for lookups by name."""

from __future__ import annotations

import fnmatch
import posixpath
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import git

from .config import Config
from .config_tree import key_prefixes
from .docusaurus import CONFIG_NAMES as DOCUSAURUS_CONFIGS
from .docusaurus import V1_CONFIG as DOCUSAURUS_V1_CONFIG
from .docusaurus import read_sites as read_docusaurus_sites
from .jekyll import read_sites as read_jekyll_sites
from .build_copies import MAKEFILE, PYDOC_MARKDOWN_CONFIG, SHELL_SCRIPT, pydoc_markdown_pages, recipe_copies, recipe_copy_patterns, recipe_glob_copies, staged_copies
from .install_links import install_links
from .build_copies import MAX_BYTES as MAKEFILE_BYTES
from .conf_copies import conf_copies
from .extract import Extracted, module_name, package_root_of
from .ignored_paths import IgnoredPaths
from .quarto import MAX_PROJECT_BYTES as QUARTO_PROJECT_BYTES
from .quarto import PROJECT_FILE as QUARTO_PROJECT
from .quarto import reference_dirs
from .model import CLASS, CONFIG_KEY, CONSTANT, FLAG, FUNCTION, INCLUDE, METHOD, METRIC, MODULE, Fact
from .revision import Revision

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


# Packages whose argument parsers projects extend or pass flags through to.
# Frameworks that build a whole command line from config dataclasses (`--policy.type=act`,
# `--train.lr_warmup_steps=200`): importing them at all means the flags are theirs to make.
CONFIG_CLI_FRAMEWORKS = frozenset({"draccus", "tyro", "jsonargparse", "simple_parsing", "pydantic_cli"})
# Parsers that make flags from the dataclasses they are handed, and add none of their own.
DATACLASS_PARSERS = frozenset({"HfArgumentParser", "TrlParser", "PdArgumentParser"})
ARG_FRAMEWORKS = frozenset(
    "megatron sglang vllm transformers trl deepspeed accelerate lightning pytorch_lightning "
    "nemo torchtitan fairseq hydra simple_parsing tyro jsonargparse draccus pydantic_cli".split()
)


@dataclass
class MetricPattern:
    regex: re.Pattern[str]
    fact: Fact
    weak: bool  # only a namespace and a hole: any name in that namespace may exist


def _importable_here(index: FactIndex, path: str, top: str) -> bool:
    """Whether `import top` finds a module of this tree: a package, or a sibling file."""
    folder = posixpath.dirname(path)
    sibling = posixpath.join(folder, top) if folder else top
    return top in index.modules or any(m.endswith("." + top) for m in index.modules) or f"{sibling}.py" in index.files or f"{sibling}/__init__.py" in index.files or index.path_exists(top) or index.path_exists(sibling)


# A function of another package that makes a parser (`setup_parser`, `make_argparser`).
# A module or name about command-line arguments (`arguments`, `arg_utils`, `EngineArgs`,
# `HfArgumentParser`, `parse_args`), not one that merely holds the letters
# (`deprecate_kwarg`, `transformers.utils.deprecation`).
_ARGUMENT_NAME = re.compile(r"(?:^|_)args?(?:_|$)|[a-z]Args$|[Aa]rgument|(?:^|_)(?:arg)?pars(?:e|er|ers|ed|ing)(?:_|$)|Pars(?:e|er)")
# `04_backend`, `01-setup`: a page's place in its folder written before its name (not a
# version or a date, `1.3_to_1.4`, which sites keep).
_NUMBERED = re.compile(r"^(?!\d+[-_.]\d)\d+\s*[-_.]+\s*([^-_.\s].*)$")
_PARSER_BUILDER = re.compile(r"^(?:setup|make|build|get|create|define|default)_\w*?(?:parser|argparser)$")  # (detectron2's default_argument_parser)
# A method that adds its own options to the parser it is handed (`register_cli_args`,
# `add_argparse_args`, `add_arguments`).
_REGISTERS_OPTIONS = re.compile(r"^(?:register|add|extend|populate)_\w*?(?:args|arguments|options|flags|cli)$")
# Packages that add no options to a parser they are handed: the parser builders, and the
# standard library (qsiprep's `partial(_path_exists, parser=parser)` is functools', which
# reads no flag).
_ADDS_NO_OPTIONS = frozenset(sys.stdlib_module_names) | {"click", "typer"}

# Bases that add no fields to a dataclass: `class Dataset(ABC, Generic[T])`.
_FIELDLESS_BASES = frozenset({"ABC", "Generic", "Protocol", "object"})


@dataclass
class FactIndex:
    by_kind: dict[str, dict[str, list[Fact]]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(list)))
    metric_patterns: list[MetricPattern] = field(default_factory=list)
    metric_namespaces: set[str] = field(default_factory=set)
    weak_namespaces: set[str] = field(default_factory=set)
    flag_mentions: set[str] = field(default_factory=set)
    # dest -> [(where, value)] of every `set_defaults(dest=value)` / reset helper: a
    # program may reset a default of options it builds from classes drift cannot link.
    default_resets: dict[str, list[tuple[str, Any]]] = field(default_factory=dict)
    file_flag_mentions: dict[str, set[str]] = field(default_factory=dict)  # path -> the --flags its strings spell
    quoted_flags: set[str] = field(default_factory=set)  # `"--x"` whole string literals outside tests: defined, or passed to another program
    peeked_overrides: dict[str, set[str]] = field(default_factory=dict)  # path -> `key=` literals it matches argv against
    data_file_names: set[str] = field(default_factory=set)  # data files the code names (`out_filtered.jsonl`): outputs, not sources
    upper_mentions: set[str] = field(default_factory=set)
    upper_tails: set[str] = field(default_factory=set)  # UPPER_NAMES the code quotes whole or puts after a `{prefix}_` hole
    compiled_modules: set[str] = field(default_factory=set)  # `PYBIND11_MODULE(engine, m)`: extension modules the build makes
    cython_modules: dict[str, set[str]] = field(default_factory=dict)  # `spacy/strings.pyx`: dotted module -> the names it defines for Python
    slashed_mentions: set[str] = field(default_factory=set)
    dict_key_paths: set[str] = field(default_factory=set)  # `tasks.collection_name`: nested keys of dict literals in non-test code
    spelled_paths: dict[str, str] = field(default_factory=dict)  # a relative file path non-test code spells -> the file spelling it
    dotted_mentions: set[str] = field(default_factory=set)
    registry_families: set[str] = field(default_factory=set)  # "spacy.Tok2Vec.v2" in the code: `spacy.Tok2Vec`
    files: set[str] = field(default_factory=set)
    dirs: set[str] = field(default_factory=set)
    packages: set[str] = field(default_factory=set)  # top-level importable names
    package_roots: set[str] = field(default_factory=set)
    modules: dict[str, str] = field(default_factory=dict)  # dotted name -> path
    module_symbols: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    star_modules: set[str] = field(default_factory=set)
    aliased_modules: set[str] = field(default_factory=set)  # `sys.modules["pkg.data"] = litdata`: names and submodules are that package's
    namespace_modules: set[str] = field(default_factory=set)  # package folders with no __init__.py: other distributions may add to them
    dir_links: dict[str, str] = field(default_factory=dict)  # committed symlink -> the folder it points at
    symbol_patterns: dict[str, list[str]] = field(default_factory=dict)  # module -> patterns of names it makes at import time (`show_*`)
    copied_patterns: list[str] = field(default_factory=list)  # `docs/examples/*/*.html`: what a Makefile's recipe copies there with a wildcard
    autosectionlabel_sites: set[str] = field(default_factory=set)  # Sphinx source folders whose headings are all labels
    intersphinx_sites: set[str] = field(default_factory=set)  # Sphinx source folders whose conf.py loads intersphinx
    sphinx_suffixes: tuple[str, ...] = ()  # source suffixes conf.py adds (nbsphinx_custom_formats' `.pct.py`, source_suffix)
    notebook_labels: set[str] = field(default_factory=set)  # MyST labels and names notebooks and R Markdown sources define
    static_folders: dict[str, list[str]] = field(default_factory=dict)  # Sphinx source folder -> its html_static_path folders (copied into _static/)
    build_tokens: set[str] = field(default_factory=set)  # ALL_CAPS words a Sphinx conf.py quotes: placeholders its build replaces in links
    viewcode_sites: set[str] = field(default_factory=set)  # Sphinx source folders whose build writes `_modules/` source pages
    installed_links: dict[str, str] = field(default_factory=dict)  # a folder setup.py links into the package -> its source
    code_read: set[str] = field(default_factory=set)  # code files whose facts drift has (not excluded, not skipped)
    css_properties: set[str] = field(default_factory=set)  # `--score-fg-s` that style sheets define or use
    distribution_names: set[str] = field(default_factory=set)  # the root project's published names (`marqo-engine`)
    required: set[str] = field(default_factory=set)  # distributions the requirements files install (lower case, `-` for `_`)
    runs_apidoc: bool = False  # a docs build runs sphinx-apidoc, which writes modules.rst and a page per package
    programs: set[str] = field(default_factory=set)  # console scripts
    env_prefixes: set[str] = field(default_factory=set)
    file_flags: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    file_imports: dict[str, list[str]] = field(default_factory=dict)
    file_module_aliases: dict[str, dict[str, str]] = field(default_factory=dict)  # path -> `import launchpad as lp`: {"lp": "launchpad"}
    entry_point_loaders: set[str] = field(default_factory=set)  # files that load plugins by entry point
    traitlets_apps: set[str] = field(default_factory=set)  # files that launch a traitlets Application (its traits are options)
    lazy_imports: dict[str, list[str]] = field(default_factory=dict)  # path -> own modules it names in strings (loaded by name)
    hole_values: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    metric_prefixes: set[str] = field(default_factory=set)  # dict_add_prefix(d, "perf/")
    problems: list[dict[str, Any]] = field(default_factory=list)  # internal errors, isolated per file
    config_tree: Any = None  # bot.config_tree.ConfigTree: the composed YAML configs
    other_confs: set[str] = field(default_factory=set)  # conf.py files that configure no Sphinx site
    gallery_sources: set[str] = field(default_factory=set)  # sphinx-gallery's examples_dirs: each script a page
    # A gallery source's file -> the folder sphinx-gallery builds it in (`gallery_dirs`): a
    # link that climbs out of the gallery is written from there.
    gallery_built_in: dict[str, str] = field(default_factory=dict)
    route_mounts: set[str] = field(default_factory=set)  # route segments a Next.js site mounts its docs content under (`docs`)
    # Sphinx source folder -> names of folders its conf.py writes pages into at build time
    # (cartography's `write_schema_docs(model, srcdir / "modules")`).
    generated_page_folders: dict[str, set[str]] = field(default_factory=dict)
    site_written_pages: dict[str, set[str]] = field(default_factory=dict)  # Sphinx source folder -> page names its build hooks write
    doc_build_names: dict[str, frozenset[str]] = field(default_factory=dict)  # docs folder -> page names and folders its build files spell
    site_root_outputs: dict[str, set[str]] = field(default_factory=dict)  # Sphinx source folder -> files its build hooks write at the site's root
    nbsite_roots: set[str] = field(default_factory=set)  # Sphinx sources nbsite builds: examples/ notebooks become pages
    extra_path_folders: dict[str, list[str]] = field(default_factory=dict)  # site source -> html_extra_path folders
    _flag_patterns: list[tuple[re.Pattern[str], Fact]] | None = None
    script_flags: dict[str, int] = field(default_factory=dict)  # flag -> shell scripts passing it
    program_modules: dict[str, str] = field(default_factory=dict)  # console script -> its entry module
    program_functions: dict[str, str] = field(default_factory=dict)  # console script -> the function it calls
    flag_prefixes: set[str] = field(default_factory=set)  # --sglang- in f"--sglang-{x}"
    upper_prefixes: set[str] = field(default_factory=set)  # "SLIME_CONTRACT_" + name
    # Argument frameworks (megatron, transformers, ...) that files defining flags import:
    # their flags are the repo's too, and drift can only check them with their source.
    framework_imports: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    dynamic_metrics: bool = False
    # `.github/workflows/x.yml` -> {"name", "inputs": {input: {"options", "line", ...}}}:
    # what `gh workflow run x.yml -f input=value` may pass.
    workflows: dict[str, dict[str, Any]] = field(default_factory=dict)
    _basenames: dict[str, list[str]] = field(default_factory=dict)
    _config_leaves: dict[str, Fact] = field(default_factory=dict)
    submodules: set[str] = field(default_factory=set)  # their content is another repository's
    ignored: IgnoredPaths = field(default_factory=IgnoredPaths)  # what .gitignore keeps out of the tree
    root_names: set[str] = field(default_factory=set)  # names a doc may prefix paths with
    own_repos: set[str] = field(default_factory=set)  # "owner/name" on GitHub, lower case
    branches: set[str] = field(default_factory=set)  # local branch names (a URL's blob/BRANCH/)
    memo: dict[str, Any] = field(default_factory=dict)  # lookups derived from the above, computed once (bot.programs)

    path_modules: dict[str, str] = field(default_factory=dict)  # path -> dotted module
    file_flag_classes: dict[str, set[str]] = field(default_factory=dict)  # path -> classes it hands a flag factory
    class_bases: dict[str, set[str]] = field(default_factory=dict)  # dataclass -> its bases
    class_aliases: dict[str, set[str]] = field(default_factory=dict)  # `import X as Y` of a class: Y -> dotted X
    dataclass_fields: dict[str, list[tuple[str, set[str]]]] = field(default_factory=dict)  # class -> [(path, own fields)]
    class_inits: dict[str, dict[str, Any]] = field(default_factory=dict)  # dataclass -> its own __init__ (params, open)
    mkdocs_redirects: dict[str, str] = field(default_factory=dict)  # old page -> where the site redirects it
    doc_builder_redirects: dict[str, str] = field(default_factory=dict)  # the same, from Hugging Face doc-builder's _redirects.yml
    autosummary_pages: set[str] = field(default_factory=set)  # pages Sphinx autosummary writes (no suffix; `x.*` for members)
    symlinked_from: dict[str, list[str]] = field(default_factory=dict)  # file -> other folders it is read from (symlinks to it; the page a tool builds it into)
    docusaurus: list[Any] = field(default_factory=list)  # Docusaurus sites and their routes (bot.docusaurus)
    jekyll: list[Any] = field(default_factory=list)  # Jekyll sites and where they serve each page (bot.jekyll)
    folder_url_sites: list[str] = field(default_factory=list)  # folders of sites that serve each page as a folder (Nextra, VitePress, Astro, Hugo)
    mkdocs_site_paths: dict[str, str] = field(default_factory=dict)  # an mkdocs docs folder -> the path its site_url serves it under (`docling`)
    mkdocs_language_folders: set[str] = field(default_factory=set)  # mkdocs docs folders built from language folders (mkdocs-static-i18n)
    mkdocs_language_suffixes: set[str] = field(default_factory=set)  # mkdocs docs folders whose translations are `page.<lang>.md` (mkdocs-static-i18n)
    mkdocs_docs_dirs: set[str] = field(default_factory=set)  # every mkdocs site's docs folder
    mkdocs_name_linked: set[str] = field(default_factory=set)  # mkdocs docs folders whose links find files by name (autolinks)
    cloning_sites: dict[str, str] = field(default_factory=dict)  # Sphinx source folder -> where its build clones another repository
    # sphinx-multiproject's projects (readthedocs.org's docs/user/, docs/dev/): source
    # folders under one conf.py, each built as a site of its own.
    multiproject_roots: set[str] = field(default_factory=set)
    typed_classes: dict[str, list[tuple[str, dict[str, Any]]]] = field(default_factory=dict)  # class -> [(path, {"fields", "bases"})]
    handed_classes: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # path -> class -> calls handed it
    hydra_mains: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # path -> its @hydra.main(config_path, config_name)
    attr_config: dict[str, tuple[str, str]] = field(default_factory=dict)  # key of a yacs-style tree built in Python -> ("path:line", node/open/leaf)
    no_abbrev_files: set[str] = field(default_factory=set)  # files that build a parser with allow_abbrev=False
    dotlist_merging_files: dict[str, set[str]] = field(default_factory=dict)  # files that merge key=value words of the command line into a config (OmegaConf.from_dotlist) -> the names they read
    parent_taking_files: set[str] = field(default_factory=set)  # files that build a parser with parents=[...] (options of parsers built elsewhere)
    flexible_parser_files: set[str] = field(default_factory=set)  # files defining a parser that takes `_` for `-` in names
    underscoring_parser_files: set[str] = field(default_factory=set)  # ... and `-` for `_` (it rewrites dashes to underscores)
    entry_files: set[str] = field(default_factory=set)  # Python files with a __main__ guard or a module-level parse call
    rest_keeping_files: set[str] = field(default_factory=set)  # files that name and use the rest parse_known_args returns
    dash_splitting_files: set[str] = field(default_factory=set)  # files that split their argv at `--` themselves
    known_args_files: set[str] = field(default_factory=set)  # files that call parse_known_args (the rest goes elsewhere)
    remainder_files: set[str] = field(default_factory=set)  # launchers: a positional with nargs=REMAINDER takes a script's command line
    argv_readers: set[str] = field(default_factory=set)  # files that read sys.argv
    dynamic_globals: set[str] = field(default_factory=set)  # modules that make names at import time (globals()[n] = v)
    subparsers: dict[str, set[str]] = field(default_factory=dict)  # path -> the subcommands its add_parser calls name
    opaque_subcommands: dict[str, set[str]] = field(default_factory=dict)  # path -> subcommands it adds from commands drift cannot follow
    subparser_parents: dict[str, dict[str, Any]] = field(default_factory=dict)  # path -> nested subcommand -> parent (or parents)
    root_subcommands: dict[str, set[str]] = field(default_factory=dict)  # path -> subcommands its top-level parser adds
    helper_subcommands: dict[str, set[str]] = field(default_factory=dict)  # helper function -> subcommands it adds options to
    framework_calls: dict[str, set[str]] = field(default_factory=dict)  # path -> `package.add_x_args` calls handed a parser
    parser_classes: dict[str, set[str]] = field(default_factory=dict)  # path -> classes handed a parser (`Serve(parser=p)`)
    argv_handoffs: dict[str, set[str]] = field(default_factory=dict)  # path -> `module.main()` calls handed the command line
    helper_calls: dict[str, set[str]] = field(default_factory=dict)  # path -> functions it calls with a variable first
    dynamic_options: dict[str, list[int]] = field(default_factory=dict)  # path -> lines of add_argument(name_built_at_run_time)
    extra_options: dict[str, list[list]] = field(default_factory=dict)  # path -> [line, name, function] of click/typer commands that ignore unknown options
    written_bases: dict[str, dict[str, set[str]]] = field(default_factory=dict)  # path -> class -> bases as written there
    notebook_scripts: set[str] = field(default_factory=set)  # .py files written as jupytext notebooks (a site's pages)
    quarto_reference_dirs: set[str] = field(default_factory=set)  # folders quartodoc writes a Quarto site's API pages into
    py_completers: set[str] = field(default_factory=set)  # files that add `.py` to a script name they are given
    prose_flag_mentions: dict[str, str] = field(default_factory=dict)  # --flag -> a code file whose comments or docstrings alone name it
    dataclass_field_specs: dict[str, list[tuple[str, list[dict]]]] = field(default_factory=dict)  # class -> [(path, its fields: name, type, default...)]
    text_options: dict[str, str] = field(default_factory=dict)  # option word -> a file that parses it out of a string split at " --" (prompt options)
    kwargs_keys: dict[str, str] = field(default_factory=dict)  # name -> a file that reads it from keyword arguments (`kwargs.get("conv_alpha")`)
    build_written: set[str] = field(default_factory=set)  # files the build writes as pyproject.toml says (setuptools_scm's `write_to`)
    opened_modules: dict[str, str] = field(default_factory=dict)  # module -> the file that adds names to it at run time (setattr(sys.modules[...]))
    argv_rewriters: set[str] = field(default_factory=set)  # files that rebuild sys.argv and then parse it (kaolin-wisp's _tyro.py)
    extension_packages: dict[str, str] = field(default_factory=dict)  # package -> the compiled extension its __init__ imports (drjit -> drjit._drjit_ext)
    doxygen_roots: set[str] = field(default_factory=set)  # folders Doxygen builds pages from (a Doxyfile, or CMake's DOXYGEN_ settings): its output is flat
    intersphinx_doc_sites: set[str] = field(default_factory=set)  # Sphinx folders whose unprefixed :doc: falls back to intersphinx

    def lineage(self, class_name: str) -> list[str]:
        """A class and its bases, transitively, each once."""
        seen: list[str] = []
        stack = [class_name]
        while stack:
            name = stack.pop()
            if name not in seen:
                seen.append(name)
                stack.extend(self.class_bases.get(name, ()))
        return seen

    def known_fields(self, class_name: str) -> set[str]:
        """The fields the repository shows for a dataclass and its bases it defines
        (a partial list when a base comes from elsewhere)."""
        own = {name for cls in self.lineage(class_name) for _, own in self.dataclass_fields.get(cls, []) for name in own}
        return own | {p for cls in self.lineage(class_name) for p in self.class_inits.get(cls, {}).get("params", ())}

    def fields_of(self, class_name: str) -> set[str] | None:
        """Every field of a dataclass defined once in the repository, inherited ones
        included; None when that cannot be known (defined twice, or a base from
        elsewhere, such as transformers' TrainingArguments)."""
        lineage = [cls for cls in self.lineage(class_name) if cls not in _FIELDLESS_BASES]
        if any(len(self.dataclass_fields.get(cls, [])) != 1 for cls in lineage):
            return None
        if self.classes_named(class_name) > 1:
            return None  # AWorld's dataclass AgentConfig and the pydantic AgentConfig its docs import
        if any(self.class_inits.get(cls, {}).get("open") for cls in lineage):
            return None  # its own __init__ takes **kwargs: any keyword may be right
        for cls in lineage:
            for path, written_by_class in self.written_bases.items():
                for written in written_by_class.get(cls, ()):
                    root, _, leaf = written.rpartition(".")
                    if leaf in _FIELDLESS_BASES:
                        continue  # `t.Generic`: typing's, with no fields
                    # `class TrainingArguments(transformers.TrainingArguments)`: the same name
                    # from another package; its fields are that package's.
                    if leaf == cls or (root and root.split(".")[0] not in self.packages and root.split(".")[0] not in self.module_symbols):
                        return None
                    if not root and any(not name.startswith(".") and name.endswith("." + leaf) and name.split(".")[0] not in self.packages for name in self.file_imports.get(path, ())):
                        return None  # `from transformers import TrainingArguments`, then `class X(TrainingArguments)`
        return self.known_fields(class_name)

    def classes_named(self, short: str) -> int:
        """How many classes the repository defines under this name, whatever their kind."""
        if "classes_named" not in self.memo:
            counts: dict[str, int] = defaultdict(int)
            for qualified, facts in self.names(CLASS).items():
                if any(not f.attrs.get("imported") for f in facts):
                    counts[qualified.rsplit(".", 1)[-1]] += 1
            self.memo["classes_named"] = counts
        return self.memo["classes_named"].get(short, 0)

    _closures: dict[tuple[str, int], frozenset[str]] = field(default_factory=dict)

    def in_submodule(self, path: str) -> bool:
        return any(path == s or path.startswith(s + "/") for s in self.submodules)  # some metric names are built with no literal part

    def attr_config_knows(self, key: str) -> bool:
        """Whether a config tree the code builds by attribute assignment (`_C.MODEL.X = 1`
        after `_C = CN()`) has ``key``: as a key, as a node holding it, or under a node that
        takes any key (`CN(new_allowed=True)`) or that this code extends without building
        (`cfg.MODEL.MASK_FORMER = CN()` in a detectron2 project: `MODEL` is detectron2's)."""
        tree = self.attr_config
        if not tree:
            return False
        if key in tree:
            return True
        if "attr_config_sections" not in self.memo:
            sections = {k.rsplit(".", 1)[0] for k in tree if "." in k}
            sections |= {p for s in list(sections) for p in key_prefixes(s)}
            self.memo["attr_config_sections"] = sections
        if key in self.memo["attr_config_sections"]:
            return True
        for prefix in key_prefixes(key):
            held = tree.get(prefix)
            if held is not None and held[1] == "open":
                return True
            if held is None and prefix in self.memo["attr_config_sections"]:
                return True  # a node the code fills but never builds: another package's
        return False

    def config_leaf(self, key: str) -> Fact | None:
        """A key named ``key`` at any depth of a config file a program could load
        (``tis_mode`` in mis.yaml); not of a deployment manifest or a CI or site file."""
        if not self._config_leaves:
            for name, facts in self.by_kind[CONFIG_KEY].items():
                for fact in facts:
                    if not _deployment_file(fact.path):
                        self._config_leaves.setdefault(name.rsplit(".", 1)[-1], fact)
                        break
        return self._config_leaves.get(key)

    def by_basename(self, name: str) -> list[str]:
        if not self._basenames:
            for path in self.files:
                self._basenames.setdefault(path.rsplit("/", 1)[-1], []).append(path)
        return self._basenames.get(name, [])

    def names(self, kind: str) -> dict[str, list[Fact]]:
        return self.by_kind[kind]

    def has(self, kind: str, name: str) -> bool:
        return name in self.by_kind[kind]

    def defines_name(self, module: str, name: str) -> bool:
        """Whether ``module`` has ``name``: one of its names, or a submodule."""
        return name in self.module_symbols.get(module, ()) or f"{module}.{name}" in self.modules

    def names_kind(self, kind: str, name: str) -> bool:
        """Whether the code has a fact of ``kind`` (flag, env, metric) called ``name``."""
        return name in self.by_kind.get(kind, {})

    def children(self, folder: str) -> list[str]:
        """Names of the files and folders directly in a folder of the tree."""
        table = self.__dict__.get("_children")
        if table is None:
            table = {}
            for path in [*self.files, *self.dirs]:
                parent, _, name = path.rpartition("/")
                table.setdefault(parent, []).append(name)
            self.__dict__["_children"] = table
        return table.get(folder.strip("/"), [])

    def in_folder_url_site(self, path: str) -> bool:
        """Whether ``path`` is in a site that serves each page as a folder."""
        return any(not site or path.startswith(site + "/") for site in self.folder_url_sites)

    def site_page(self, target: str) -> str | None:
        """The page a site that serves pages as folders (Astro, Nextra, VitePress, Hugo)
        serves at ``target``, a path from the root without suffix (`docs/dev/front-end/state`):
        `state.md(x)`, or the folder's `index.md(x)`, matched as the site slugs each part
        of the path ("Front End" is served as front-end)."""
        table = self.__dict__.get("_site_pages")
        if table is None:
            table = {}
            for path in self.files:
                stem, ext = posixpath.splitext(path)
                if ext not in (".md", ".mdx", ".markdown") or not self.in_folder_url_site(path):
                    continue
                if posixpath.basename(stem).lower() in ("index", "readme", "_index"):
                    stem = posixpath.dirname(stem)
                table.setdefault(_route_slug(stem), path)
            self.__dict__["_site_pages"] = table
        return table.get(_route_slug(target.strip("/")))

    def numbered_pages(self, name: str) -> list[str]:
        """Doc pages whose file name is ``name`` behind a number prefix (`04_backend.md`
        for `backend`): sites that order pages by file name serve them without it."""
        table = self.__dict__.get("_numbered_pages")
        if table is None:
            table = {}
            for path in self.files:
                stem, ext = posixpath.splitext(path.rsplit("/", 1)[-1])
                match = _NUMBERED.match(stem)
                if ext in (".md", ".mdx", ".markdown") and match:
                    table.setdefault(match.group(1).lower(), []).append(path)
            self.__dict__["_numbered_pages"] = table
        return table.get(name.lower(), [])

    def path_exists(self, path: str) -> bool:
        path = path.strip("/")
        if path in self.files or path in self.dirs or path == "":
            return True
        return self._through_link(path) is not None

    def _through_link(self, path: str, depth: int = 0) -> str | None:
        """``path`` with a committed symlink to a folder on its way replaced by the folder
        (`.agents/skills/x.py` when `.agents/skills` -> `../.claude/skills`)."""
        if not self.dir_links or depth > 4:
            return None
        parts = path.split("/")
        for cut in range(len(parts), 0, -1):
            target = self.dir_links.get("/".join(parts[:cut]))
            if target is not None:
                resolved = "/".join([target, *parts[cut:]])
                if resolved in self.files or resolved in self.dirs:
                    return resolved
                return self._through_link(resolved, depth + 1)
        return None

    def metric_exists(self, name: str) -> bool:
        candidates = [name] + [name[len(p) :] for p in self.metric_prefixes if name.startswith(p) and len(name) > len(p)]
        for candidate in candidates:
            if candidate in self.by_kind[METRIC] or candidate in self.slashed_mentions:
                return True
            if any(p.regex.fullmatch(candidate) for p in self.metric_patterns):
                return True
        return False

    def metric_tails(self) -> dict[str, list[str]]:
        """Each logged name under every shorter form a doc may use without its
        namespace: `train/actor/kl` as `actor/kl` and `kl`."""
        tails = self.__dict__.get("_metric_tails")
        if tails is None:
            tails = {}
            for name in self.by_kind[METRIC]:
                if "{" in name:
                    continue
                parts = name.split("/")
                for start in range(len(parts)):
                    tails.setdefault("/".join(parts[start:]), []).append(name)
            self.__dict__["_metric_tails"] = tails
        return tails

    def framework_metrics(self) -> set[str]:
        """Names the training frameworks the code imports log by themselves (`epoch`)."""
        names = self.__dict__.get("_framework_metrics")
        if names is None:
            from .rules import builtin_rules_dir

            try:
                with open(builtin_rules_dir() / "framework_metrics.toml", "rb") as handle:
                    table = tomllib.load(handle)
            except (OSError, ValueError):
                table = {}
            # Another package's, imported: TRL's own repository is judged by its code.
            roots = {name.split(".", 1)[0] for names_ in self.file_imports.values() for name in names_ if not name.startswith(".")} - self.packages
            names = {n for package, entry in table.items() if package in roots for n in entry.get("names", [])}
            self.__dict__["_framework_metrics"] = names
            self.__dict__["_framework_namespaces"] = {n for package, entry in table.items() if package in roots for n in entry.get("namespaces", [])}
        return names

    def framework_metric_namespaces(self) -> set[str]:
        """Namespaces the imported training frameworks log their own names under."""
        self.framework_metrics()
        return self.__dict__["_framework_namespaces"]

    def bare_metric_exists(self, name: str) -> bool:
        """A name a metrics table gives without its namespace (`kl` for `train/kl`)."""
        if name in self.metric_tails() or self.metric_exists(name) or name in self.framework_metrics():
            return True
        return any(self.metric_exists(f"{namespace}/{name}") for namespace in self.metric_namespaces)

    def workflow(self, name: str) -> str | None:
        """The workflow file `gh workflow run NAME` runs: its file name or its `name:`."""
        for path, workflow in self.workflows.items():
            if path.rsplit("/", 1)[-1] == name or workflow.get("name") == name or path == name:
                return path
        return None

    def scripts_passing(self, flag: str) -> int:
        """How many of the repository's shell scripts pass ``flag`` at this revision."""
        return self.script_flags.get(flag, 0)

    def flag_pattern(self, flag: str) -> Fact | None:
        """The definition whose name is built at run time that spells ``flag``:
        `f"--{prefix}.adam.lr"` in a loop over prefixes defines `--actor.adam.lr`."""
        if self._flag_patterns is None:
            self._flag_patterns = []
            for name, facts in self.by_kind[FLAG].items():
                if "{" in name and name.startswith("--"):
                    parts = re.split(r"\{[^{}]*\}", name)
                    # `--sglang-{name}` is a family passed through by prefix, judged as such.
                    if len(parts[-1].strip("-._")) >= 2 and sum(len(p.strip("-._")) for p in parts) >= 3:
                        self._flag_patterns.append((re.compile("[A-Za-z0-9_.-]+".join(map(re.escape, parts))), facts[0]))
        return next((fact for regex, fact in self._flag_patterns if regex.fullmatch(flag)), None)

    def project_of(self, path: str) -> str:
        """The nearest folder above ``path`` with its own pyproject.toml or setup.py (a
        monorepo's sub-project); "" for the repository's own root."""
        parts = path.split("/")[:-1]
        for n in range(len(parts), 0, -1):
            folder = "/".join(parts[:n])
            if f"{folder}/pyproject.toml" in self.files or f"{folder}/setup.py" in self.files:
                return folder
        return ""

    def module_path(self, dotted: str) -> str | None:
        return self.modules.get(dotted)

    def run_module_path(self, dotted: str) -> str | None:
        """The file `python -m dotted` runs: a package's __main__.py, not its __init__.py."""
        return self.modules.get(dotted + ".__main__") or self.modules.get(dotted)


_DEPLOYMENT_PARTS = frozenset({".github", ".gitlab", "k8s", "kubernetes", "helm", "charts", "manifests", "kustomize", "deploy", "deployment", "deployments"})
_DEPLOYMENT_NAMES = frozenset({"docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml", "mkdocs.yml", "mkdocs.yaml", ".pre-commit-config.yaml", "codecov.yml", "environment.yml", "environment.yaml", "readthedocs.yml", ".readthedocs.yaml", "pyproject.toml", "Chart.yaml", "values.yaml"})


def _deployment_file(path: str) -> bool:
    """A Kubernetes manifest, a CI workflow, a site or packaging file: its keys are no
    program's settings."""
    parts = path.split("/")
    return parts[-1] in _DEPLOYMENT_NAMES or any(part in _DEPLOYMENT_PARTS for part in parts[:-1])


_SOURCE_DIRS = ("src", "python", "lib")


LINKED_FILES_MAX = 20000  # Python files counted through committed folder symlinks


def _files_through_links(files: set[str], linked_dirs: dict[str, str]) -> dict[str, list[str]]:
    """Each Python file -> its paths as seen through committed folder symlinks (link ->
    target), two links deep: `src/executorch/backends/x.py` for `backends/x.py`, and
    `src/executorch/examples/models/muse_glimmer/x.py` for `examples/models/muse-glimmer/x.py`."""
    found: dict[str, list[str]] = {}
    if not linked_dirs:
        return found
    count = 0
    for path in sorted(files):
        if not path.endswith(".py"):
            continue
        views = [path]
        for _ in range(2):
            views += [link + view[len(target):] for view in views for link, target in linked_dirs.items() if view.startswith(target + "/")]
            views = list(dict.fromkeys(views))
        if len(views) > 1:
            found[path] = views[1:]
            count += len(views) - 1
            if count >= LINKED_FILES_MAX:
                break
    return found


def _package_roots(files: set[str]) -> set[str]:
    """Directories from which imports resolve: the root; ``src/`` layouts, namespace
    packages included (`src/pkg/sub/x.py` with no `src/pkg/__init__.py`); and the
    sub-projects of a monorepo (a folder with its own pyproject.toml or setup.py, whose
    packages sit in it or in its ``src/``)."""
    roots = {""}
    projects = {path.rsplit("/", 1)[0] for path in files if path.endswith(("/pyproject.toml", "/setup.py"))}
    for path in files:
        if not path.endswith(".py"):
            continue
        parts = path.split("/")  # tree paths: normalised, no leading or trailing slash
        # (A `src/` with its own __init__.py is a package named `src`, imported as
        # `from src.pipelines import x` (earth2studio's recipes): no root.)
        if len(parts) >= 3 and parts[0] in _SOURCE_DIRS and parts[1].isidentifier() and f"{parts[0]}/__init__.py" not in files:
            roots.add(parts[0])
        for depth in range(1, min(len(parts) - 2, 4) + 1):
            project = "/".join(parts[:depth])
            if project not in projects or f"{project}/__init__.py" in files:
                continue  # a setup.py inside a package builds an extension: not a project root
            below = parts[depth:]
            if len(below) >= 3 and below[0] in _SOURCE_DIRS and below[1].isidentifier() and f"{project}/{below[0]}/__init__.py" not in files:
                roots.add(f"{project}/{below[0]}")
            elif len(below) >= 2 and below[0].isidentifier() and f"{project}/{below[0]}/__init__.py" in files:
                roots.add(project)
            elif len(below) >= 3 and below[0].isidentifier() and below[1].isidentifier() and below[0] not in _SOURCE_DIRS and not is_test_path(path):
                # promptflow's monorepo: src/promptflow-devkit/promptflow/client/__init__.py, a
                # portion of the namespace package `promptflow` (no __init__.py of its own).
                roots.add(project)
    return roots


_TEST_PATH = re.compile(r"(^|/)(tests?|testing)/|(^|/)test_[^/]*\.py$|_test\.py$|(^|/)conftest\.py$")


def is_test_path(path: str) -> bool:
    return bool(_TEST_PATH.search(path))


def flag_fact_rank(fact: Fact) -> tuple[int, int, str, int]:
    """Which definition of a flag speaks for it first: a parser's own (argparse, click,
    typer), then a config class a parser factory expands, then a dataclass that only a
    naming rule (`*Args`) makes flags; and code before tests."""
    origin = fact.attrs.get("origin") or {}
    derived = 0 if origin.get("kind") != "derived" else (2 if origin.get("by") == "name" else 1)
    return (int(is_test_path(fact.path)), derived, fact.path, fact.line)


def swapped_spelling(flag: str) -> str:
    """`--tp_size` for `--tp-size` and back."""
    return flag.replace("_", "-") if "_" in flag else flag[:2] + flag[2:].replace("-", "_")


def shadowed_by_parser(index: "FactIndex", flag: str) -> bool:
    """Only a dataclass that a naming rule (`*Args`) makes flags has this spelling, and a
    real parser defines the other one: the parser's spelling is the flag."""
    facts = index.names(FLAG).get(flag, [])
    other = index.names(FLAG).get(swapped_spelling(flag), [])
    by_name = lambda f: (f.attrs.get("origin") or {}).get("by") == "name"  # noqa: E731
    return bool(facts) and all(by_name(f) for f in facts) and any(not by_name(f) for f in other)


def _checkout_names(revision: Revision) -> set[str]:
    """Names a doc may give the checkout's own folder (`slime/scripts/x.sh`, written from
    above it): the folder's name here, the project's name, and the origin's name."""
    names = {revision.root.name}
    try:
        url = revision.repo.remotes.origin.url if revision.repo.remotes else ""
    except (AttributeError, ValueError):
        url = ""
    if url:
        names.add(url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git"))
    if "pyproject.toml" in revision.entries():
        try:
            data = tomllib.loads(revision.read("pyproject.toml").decode("utf-8", "replace"))
            project_name = (data.get("project", {}) or {}).get("name")
            if isinstance(project_name, str):
                names.add(project_name)
        except (tomllib.TOMLDecodeError, AttributeError):
            pass
    if "setup.py" in revision.entries():
        setup = revision.read("setup.py").decode("utf-8", "replace")
        call = setup.rfind("setup(")  # the project's name, not an extension's (`name="pkg._C"`)
        names |= set(re.findall(r"\bname\s*=\s*[\"']([A-Za-z0-9][\w.-]*)[\"']", setup[call:] if call >= 0 else setup)[:1])
    names |= _workflow_checkout_paths(revision)
    return {name for name in names if name}


_GALLERY_DIRS = re.compile(r"""["']gallery_dirs["']\s*:\s*(\[[^\]]*\]|["'][^"']+["'])""")


def _gallery_outputs(revision: Revision) -> list[tuple[str, bytes]]:
    """sphinx-gallery's `gallery_dirs` in a Sphinx conf.py: folders the docs build writes
    (`docs/source/tutorials/`), as a .gitignore beside conf.py would name them."""
    found = []
    for path, entry in revision.entries().items():
        if path.rsplit("/", 1)[-1] != "conf.py" or entry.size > 1_000_000:
            continue
        match = _GALLERY_DIRS.search(revision.read(entry).decode("utf-8", "replace"))
        if match:
            folders = re.findall(r"""["']([^"']+)["']""", match.group(1))
            rules = "".join(f"/{folder.strip('./')}/\n" for folder in folders if folder.strip("./") and ".." not in folder)
            if rules:
                found.append((posixpath.join(posixpath.dirname(path), ".gitignore"), rules.encode()))
    return found


_EXTRA_PATH = re.compile(r"""(?m)^\s*html_extra_path\s*[:=]\s*\[([^\]]*)\]""")


def _extra_path_folders(revision: Revision, confs: dict[str, str]) -> dict[str, list[str]]:
    """Each Sphinx site's `html_extra_path` folders (conf.py, or a Jupyter Book's
    _config.yml): the build copies their files to the site's root (itables' quarto/)."""
    texts = dict(confs)
    for path, entry in revision.entries().items():
        if posixpath.basename(path) == "_config.yml" and 0 <= entry.size <= 256 * 1024:
            texts[path] = revision.read(entry).decode("utf-8", "replace")
    found: dict[str, list[str]] = {}
    for path, text in texts.items():
        match = _EXTRA_PATH.search(text)
        if match:
            root = posixpath.dirname(path)
            folders = [posixpath.normpath(posixpath.join(root, f)) for f in re.findall(r"""["']([^"']+)["']""", match.group(1))]
            found[root] = [f for f in folders if not f.startswith("..")]
    return found


# `Path(app.outdir) / "examples"`, `os.path.join(app.outdir, "llms.txt")`, `outdir / "x"`:
# a file or folder a build hook (in conf.py or a local extension) writes at the site's root.
_OUTDIR_FOLDER = re.compile(r"""(?:Path\(\s*(?:app\.(?:builder\.)?)?outdir\s*\)\s*/\s*|\b(?:app\.(?:builder\.)?)?outdir\s*/\s*|os\.path\.join\(\s*(?:app\.(?:builder\.)?)?outdir\s*,\s*)["']([\w.-]+)["']""")
# `srcdir / "modules"`, `os.path.join(app.srcdir, "api")`: a folder of the source tree a
# conf.py hook writes pages into.
_SRCDIR_FOLDER = re.compile(r"""(?:\bsrcdir\s*\)?\s*/\s*|os\.path\.join\(\s*(?:app\.)?srcdir\s*,\s*)["']([\w.-]+)["']""")
# Extensions that write known files at the site's root: sphinx-llms-txt's llms.txt.
_ROOT_FILES_OF_EXTENSION = {"sphinx_llms_txt": ("llms.txt", "llms-full.txt")}
_EXTENSIONS_SETTING = re.compile(r"(?ms)^extensions\s*(?:\+?=|\.extend\()\s*\[(.*?)\]")


def _site_root_outputs(confs: dict[str, str], extensions: dict[str, list[str]]) -> dict[str, set[str]]:
    """Sphinx source folder -> names its build writes at the site's root: a conf.py hook's
    or a local extension's `os.path.join(app.outdir, "llms.txt")` (locust's docs/_ext/),
    a known extension's files. ``extensions``: conf.py path -> its local extensions' sources."""
    found: dict[str, set[str]] = {}
    for path, text in confs.items():
        root = posixpath.dirname(path)
        names = set(_OUTDIR_FOLDER.findall(text))
        for block in _EXTENSIONS_SETTING.findall(text):
            for extension in re.findall(r"""["']([\w.]+)["']""", block):
                names.update(_ROOT_FILES_OF_EXTENSION.get(extension, ()))
        for source in extensions.get(path, []):
            names.update(_OUTDIR_FOLDER.findall(source))
        if names:
            found[root] = names
    return found


def _local_extension_sources(revision: Revision, entries, root: str, conf: str) -> list[str]:
    """The source of each extension a conf.py names that lives beside it (`_ext/`, `ext/`,
    `_extensions/` or the source folder itself)."""
    sources = []
    for block in _EXTENSIONS_SETTING.findall(conf):
        for extension in re.findall(r"""["']([\w.]+)["']""", block):
            module = extension.replace(".", "/") + ".py"
            for local in (posixpath.join(root, module), posixpath.join(root, "_ext", module), posixpath.join(root, "ext", module), posixpath.join(root, "_extensions", module)):
                entry = entries.get(local)
                if entry is not None and 0 <= entry.size <= 256 * 1024:
                    sources.append(revision.read(local).decode("utf-8", "replace"))
    return sources


# `open(os.path.join('source', 'citations.rst'), 'w')`, `(docs / "credits.md").write_text(`:
# a page a build hook writes.
_WRITTEN_PAGE = re.compile(r"""["']([\w-]+)\.(?:rst|md)["']\s*\)?\s*(?:,\s*(?:mode\s*=\s*)?["'][wa]|\)?\s*\.write_text\()""")


# Build files of a docs tree that write pages (psi4's doc/sphinxman/CMakeLists.txt and
# document_options_c.pl write source/autodoc_abbr_options_c.rst and autodir_options_c/).
_DOC_BUILD_FILE = re.compile(r"(?:CMakeLists\.txt|Makefile|GNUmakefile|SConscript|SConstruct|meson\.build|[\w.-]+\.(?:mk|cmake|pl|py|sh|in))$")
_DOC_FOLDER_PART = re.compile(r"^(?:docs?|documentation|sphinx\w*|manual|userman\w*)$", re.I)
_SPELLED_PAGE = re.compile(r"[\w.-]+\.(?:rst|md|inc|txt)\b")
_SPELLED_FOLDER = re.compile(r"[\w.${}-]*/([A-Za-z_][\w-]*)/[\w.${}-]+\.(?:rst|md)\b")
MAX_DOC_BUILD_FILES = 200


def _doc_build_names(revision: Revision) -> dict[str, frozenset[str]]:
    """Docs folder -> the page names (`autodoc_abbr_options_c.rst`) and page folders
    (`autodir_options_c`) its own build files spell: pages the docs build writes."""
    found: dict[str, set[str]] = {}
    read = 0
    for path, entry in sorted(revision.entries().items()):
        folder, _, name = path.rpartition("/")
        if not folder or not _DOC_BUILD_FILE.fullmatch(name) or name == "conf.py" or not 0 <= entry.size <= 256 * 1024:
            continue
        if not any(_DOC_FOLDER_PART.match(part) for part in folder.split("/")):
            continue
        read += 1
        if read > MAX_DOC_BUILD_FILES:
            break
        text = revision.read(entry).decode("utf-8", "replace")
        names = set(_SPELLED_PAGE.findall(text)) | set(_SPELLED_FOLDER.findall(text))
        if names:
            found.setdefault(folder, set()).update(names)
    return {folder: frozenset(names) for folder, names in found.items()}


def _site_written_pages(confs: dict[str, str], extensions: dict[str, list[str]]) -> dict[str, set[str]]:
    """Sphinx source folder -> the names of pages its conf.py or a local extension writes
    when the site builds (obspy's `citations` extension writes source/citations.rst)."""
    found: dict[str, set[str]] = {}
    for path, text in confs.items():
        root = posixpath.dirname(path)
        names = {name for source in [text, *extensions.get(path, [])] for name in _WRITTEN_PAGE.findall(source)}
        if names:
            found[root] = names
    return found


def _outdir_copies(confs: dict[str, str], outputs: dict[str, set[str]]) -> dict[str, list[str]]:
    """Sphinx source folder -> folders whose same-named copy a conf.py hook writes into the
    built site's root (pyodide's `write_examples` copies `./usage/examples` to
    `<outdir>/examples`; ``outputs`` are the names written there, _site_root_outputs): as
    `html_extra_path` entries, the folder holding that one."""
    found: dict[str, list[str]] = {}
    for path, text in confs.items():
        root = posixpath.dirname(path)
        names = outputs.get(root)
        if not names:
            continue
        for source in _COPY_SOURCE.findall(text):
            source = posixpath.normpath(posixpath.join(root, source))
            if posixpath.basename(source) in names and not source.startswith(".."):
                found.setdefault(root, []).append(posixpath.dirname(source))
    return found


_CLONES = re.compile(r"\bgit\s+clone\b|\bclone_from\(|\bgit_clone\(|[\"']git[\"']\s*,\s*[\"']clone[\"']")
_LOCAL_IMPORT = re.compile(r"(?m)^\s*(?:import\s+(\w+)|from\s+(\w+)\s+import\b)")


_MULTIPROJECT = re.compile(r"^multiproject_projects\s*=\s*\{", re.M)


def _multiproject_roots(confs: dict[str, str]) -> set[str]:
    """sphinx-multiproject's `multiproject_projects = {"user": {...}, "dev": {"path":
    "dev"}}` in a conf.py: each project's source folder, its `path` or its name, beside
    conf.py. Read as a literal; a dict that is not one names no folder."""
    import ast

    roots: set[str] = set()
    for conf, text in confs.items():
        start = _MULTIPROJECT.search(text)
        if start is None:
            continue
        depth, end = 0, None
        for i in range(start.end() - 1, len(text)):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            if depth == 0:
                end = i + 1
                break
        try:
            projects = ast.literal_eval(text[start.end() - 1 : end]) if end else None
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            projects = None
        if not isinstance(projects, dict):
            continue
        for name, settings in projects.items():
            folder = settings.get("path", name) if isinstance(settings, dict) else name
            if isinstance(folder, str) and folder.strip("./"):
                roots.add(posixpath.normpath(posixpath.join(posixpath.dirname(conf), folder)))
    return roots


def _cloning_sites(revision: Revision, confs: dict[str, str]) -> dict[str, str]:
    """Sphinx source folders whose build clones another repository (in conf.py, or a module
    beside it that conf.py imports: ploomber's doc/hooks.py clones projects-ploomber and
    copies its guides into user-guide/): folder -> where it says so."""
    found: dict[str, str] = {}
    for path, text in confs.items():
        folder = posixpath.dirname(path)
        texts = {path: text}
        for match in _LOCAL_IMPORT.finditer(text):
            module = posixpath.join(folder, (match.group(1) or match.group(2)) + ".py")
            entry = revision.entries().get(module)
            if entry is not None and 0 <= entry.size <= 256 * 1024:
                texts[module] = revision.read(entry).decode("utf-8", "replace")
        for source, body in texts.items():
            clone = _CLONES.search(body)
            if clone:
                found[folder] = f"{source}:{body.count(chr(10), 0, clone.start()) + 1}"
                break
    return found


_GALLERY_SOURCES = re.compile(r"""["']examples_dirs["']\s*:\s*(\[[^\]]*\]|["'][^"']+["'])""")


def _gallery_sources(confs: dict[str, str]) -> set[str]:
    """sphinx-gallery's `examples_dirs`, as repository folders: each script there becomes a
    page of the gallery, and the folder's README.rst its index (helion's examples/, whose
    `:doc:`add.py <add>`` is the page made from examples/add.py)."""
    found = set()
    for path, text in confs.items():
        match = _GALLERY_SOURCES.search(text)
        for folder in re.findall(r"""["']([^"']+)["']""", match.group(1)) if match else ():
            joined = posixpath.normpath(posixpath.join(posixpath.dirname(path), folder))
            if not joined.startswith(".."):
                found.add("" if joined == "." else joined)
    return found


_GALLERY_DIRS = re.compile(r"""["']gallery_dirs["']\s*:\s*(\[[^\]]*\]|["'][^"']+["'])""")


def _gallery_builds(confs: dict[str, str]) -> dict[str, str]:
    """sphinx-gallery's `examples_dirs` folder -> the `gallery_dirs` folder it is built in,
    paired in order: the folder's README.rst becomes that folder's index page, and its
    links are written from there (python-igraph's `:doc:`../tutorial`` from tutorials/)."""
    found: dict[str, str] = {}
    for path, text in confs.items():
        sources, built = _GALLERY_SOURCES.search(text), _GALLERY_DIRS.search(text)
        if not (sources and built):
            continue
        folder = posixpath.dirname(path)
        pairs = zip(re.findall(r"""["']([^"']+)["']""", sources.group(1)), re.findall(r"""["']([^"']+)["']""", built.group(1)))
        for source, target in pairs:
            source, target = (posixpath.normpath(posixpath.join(folder, f)) for f in (source, target))
            if not source.startswith("..") and not target.startswith("..") and source != target:
                found[source] = target
    return found


# A docs build step that writes pages from notebooks: `doc-builder notebook-to-mdx
# examples/ --output_dir docs/source/howto/`, `jupyter nbconvert ... --output-dir x`.
# A Makefile's clean target and the folders it removes (`clean: ... rm -rf _build/* api/generated`).
_CLEAN_RECIPE = re.compile(r"(?m)^(?:dist)?clean[\w-]*\s*:[^\n=]*\n((?:\t[^\n]*(?:\n|$))+)")
_REMOVED = re.compile(r"\brm\s+(?:-[a-zA-Z]+\s+)+([^\n;&|]+)")


def _cleaned_folders(base: str, text: str, revision: Revision) -> set[str]:
    """Folders a Makefile's clean target removes that the tree does not hold: what the
    build writes there (nitime's doc/api/generated/, where its API pages go)."""
    found = set()
    for recipe in _CLEAN_RECIPE.findall(text):
        for args in _REMOVED.findall(recipe):
            for word in args.split():
                word = word.strip("\"'").rstrip("/")
                if not word or any(c in word for c in "$*?~{}") or word.startswith(("/", "-")) or ".." in word or posixpath.splitext(word)[1]:
                    continue
                folder = posixpath.normpath(posixpath.join(base, word))
                if folder not in revision.directories() and folder not in revision.entries():
                    found.add(folder)
    return found


_NOTEBOOK_PAGES = re.compile(r"(?:notebook-to-mdx|nbconvert|jupytext)[^\n]*?--output[_-]dir[= ]+[\"']?([\w./-]+)")
# mkdocs-gen-files scripts: `OUTPUT_DIR_NAME = "api_reference"`, `Path("reference", doc_path)`.
_GEN_FILES_DIR = re.compile(r"""(?:\b[A-Z_]*(?:OUTPUT|DIR)[A-Z_]*\s*=\s*|Path\(\s*)["']([\w-]+(?:/[\w-]+)*)["']""")
# ... pages named by a pattern: `f"api/{page.slug}.md"` (an mkdocs hook's `File.generated`);
_GENERATED_FOLDER = re.compile(r"""\bf["']([\w-]+(?:/[\w-]+)*)/\{[^{}"']*\}\.(?:md|mdx|ipynb)["']""")
# ... and pages it names one by one: `docs_path=Path("developer/contributing.md")`.
_GEN_FILES_PAGE = re.compile(r"""["']([\w-]+(?:/[\w-]+)*\.(?:md|mdx|ipynb))["']""")


# API pages an API-doc generator writes in a build step: `pdocs as_markdown -o docs/ dcm2bids`
# (docs/dcm2bids/...), `pdoc -o docs/api mypkg` (docs/api/mypkg/...).
_API_DOC_COMMAND = re.compile(r"(?:^|[\s;&|(])pdocs?[ \t]+([^\n;&|]*)")
_API_DOC_SUBCOMMANDS = frozenset({"as_markdown", "as_html", "server"})


def _api_doc_folders(text: str) -> set[str]:
    """Folders (OUT/package/) the pdoc or pdocs commands of a workflow or Makefile write."""
    import shlex

    found: set[str] = set()
    for match in _API_DOC_COMMAND.finditer(text):
        try:
            words = shlex.split(match.group(1), comments=True)
        except ValueError:
            continue
        output, modules, skip = None, [], False
        for n, word in enumerate(words):
            if skip:
                skip = False
                continue
            if word in ("-o", "--output-dir", "--output_dir", "--output-directory"):
                output, skip = (words[n + 1] if n + 1 < len(words) else None), True
            elif word.startswith(("--output-dir=", "--output_dir=", "--output-directory=", "-o=")):
                output = word.split("=", 1)[1]
            elif word.startswith("-"):
                continue
            elif word not in _API_DOC_SUBCOMMANDS and re.fullmatch(r"[A-Za-z_][\w.]*", word):
                modules.append(word)
        if output and "$" not in output:
            found |= {posixpath.normpath(posixpath.join(output, module.replace(".", "/"))) for module in modules}
    return found


_AUTOAPI_EXTENSION = re.compile(r"""["']autoapi(?:\.extension)?["']""")
_AUTOAPI_ROOT = re.compile(r"""(?m)^autoapi_root\s*=\s*["']([\w./-]+)["']""")
_WRITES_PAGE = re.compile(r"""open\(\s*["']([\w./-]+\.(?:md|rst|mdx))["']\s*,\s*["'][wa]""")


_NAV_PAGE = re.compile(r"""^\s*-\s*(?:[^:\n]*:\s*)?["']?([\w./-]+\.md)["']?\s*$""")


_NAV_FOLDER = re.compile(r"""^\s*-\s*(?:[^:\n]*:\s*)?["']?([\w.-]+(?:/[\w.-]+)*/)["']?\s*$""")


def _nav_entries(text: str, entry: re.Pattern) -> list[str]:
    """What ``entry`` captures on each line of an mkdocs config's `nav:`, as written."""
    lines = text.splitlines()
    start = next((n for n, line in enumerate(lines) if re.match(r"nav\s*:", line)), None)
    if start is None:
        return []
    found = []
    for line in lines[start + 1 :]:
        if line.strip() and not line[0].isspace() and not line.startswith("-"):
            break  # the next top-level key
        match = entry.match(line)
        if match and "://" not in line:
            found.append(match.group(1))
    return found


def _nav_folders(text: str) -> list[str]:
    """The folders (`examples/notebooks/`) an mkdocs config's `nav:` lists."""
    return [folder.rstrip("/") for folder in _nav_entries(text, _NAV_FOLDER)]


def _nav_pages(text: str) -> list[str]:
    """The pages an mkdocs config's `nav:` lists, as written (relative to its docs folder)."""
    return _nav_entries(text, _NAV_PAGE)


def _generated_doc_outputs(revision: Revision, confs: dict[str, str]) -> list[tuple[str, bytes]]:
    """Folders a docs build fills with pages that are not in the tree: a workflow's
    notebook-to-page step, mkdocs-gen-files' and mkdocs hooks' pages, sphinx-autoapi's
    (from the Sphinx ``confs`` already read). As .gitignore rules: a missing page there
    is one the build writes."""
    folders: set[str] = set()
    pages: set[str] = set()
    for path, entry in revision.entries().items():
        name = path.rsplit("/", 1)[-1]
        if entry.size < 0 or entry.size > 256 * 1024:
            continue
        if (path.startswith(".github/workflows/") and name.endswith((".yml", ".yaml"))) or name == "Makefile":
            text = revision.read(entry).decode("utf-8", "replace")
            folders |= {m.strip("./").rstrip("/") for m in _NOTEBOOK_PAGES.findall(text)}
            if name == "Makefile":
                folders |= _cleaned_folders(posixpath.dirname(path), text, revision)
            if "pdoc" in text:
                folders |= {folder.removeprefix("./") for folder in _api_doc_folders(text) if not folder.startswith("..")}
        elif MKDOCS_CONFIG.fullmatch(name):
            text = revision.read(entry).decode("utf-8", "replace")
            site = posixpath.dirname(path)
            docs = re.search(r"(?m)^docs_dir\s*[:=]\s*[\"']?([\w./-]+)", text)
            docs_dir = posixpath.normpath(posixpath.join(site, docs.group(1) if docs else "docs"))
            # A page the nav lists that the tree lacks is one a plugin writes (griffe's
            # `guide/contributors/coverage.md`, mkdocs-coverage's report).
            pages |= {page for page in (posixpath.normpath(posixpath.join(docs_dir, p)) for p in _nav_pages(text)) if page not in revision.entries()}
            gen_files = "gen-files" in text
            if not gen_files and not re.search(r"(?m)^hooks\s*:", text):
                continue
            # With literate-nav, a nav entry may be a folder the gen-files scripts fill:
            # evotorch's `- Notebooks: examples/notebooks/`, pages its script converts.
            for folder in (posixpath.normpath(posixpath.join(docs_dir, f)) for f in _nav_folders(text)) if gen_files else ():
                if not any(p.startswith(folder + "/") for p in revision.entries()):
                    folders.add(folder)
            for script in re.findall(r"(?m)^\s*-\s*[\"']?([\w./-]+\.py)", text):
                script_path = posixpath.normpath(posixpath.join(site, script))
                if script_path in revision.entries():
                    script_text = revision.read(script_path).decode("utf-8", "replace")
                    if not gen_files and "File.generated(" not in script_text:
                        continue  # a hook that adds no page (MAPIE's api_reference.py does)
                    folders |= {posixpath.join(docs_dir, out) for out in _GEN_FILES_DIR.findall(script_text) + _GENERATED_FOLDER.findall(script_text) if out not in ("src", "docs", ".")}
                    pages |= {posixpath.join(docs_dir, page) for page in _GEN_FILES_PAGE.findall(script_text)}
    for path, text in confs.items():
        if _AUTOAPI_EXTENSION.search(text):
            # sphinx-autoapi writes a page per module under `autoapi_root` (autoapi/ by
            # default) in the source folder: earthkit-data's `:doc:`autoapi/earthkit/data/index``.
            root = _AUTOAPI_ROOT.search(text)
            folders.add(posixpath.normpath(posixpath.join(posixpath.dirname(path), root.group(1) if root else "autoapi")))
    entries = revision.entries()
    for path, entry in entries.items():
        folder = posixpath.dirname(path)
        if not path.endswith(".py") or posixpath.basename(path) == "conf.py" or posixpath.join(folder, "conf.py") not in entries or not 0 <= entry.size <= 256 * 1024:
            continue
        # A script beside a Sphinx conf.py that writes a page (mmocr's dataset_zoo.py:
        # `open('user_guides/data_prepare/datasetzoo.md', 'w')`, run by conf.py's setup).
        text = revision.read(entry).decode("utf-8", "replace")
        pages |= {posixpath.normpath(posixpath.join(folder, out)) for out in _WRITES_PAGE.findall(text)}
    rules = "".join(f"/{folder}/\n" for folder in sorted(folders) if folder and ".." not in folder and "$" not in folder)
    rules += "".join(f"/{page}\n" for page in sorted(pages) if ".." not in page)
    return [(".gitignore", rules.encode())] if rules else []


_OWN_REPOSITORY = ("${{ github.repository }}", "${{github.repository}}")


def _workflow_checkout_paths(revision: Revision) -> set[str]:
    """Folders CI checks this repository out into (`actions/checkout` with `path: torchao`
    and no other `repository:`): its scripts write paths from above that folder."""
    import yaml

    found: set[str] = set()
    for path in revision.entries():
        if not (path.startswith(".github/workflows/") and path.endswith((".yml", ".yaml"))):
            continue
        try:
            data = yaml.load(revision.read(path), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except Exception:
            continue
        jobs = data.get("jobs") if isinstance(data, dict) else None
        for job in (jobs or {}).values() if isinstance(jobs, dict) else ():
            for step in (job.get("steps") or []) if isinstance(job, dict) else ():
                if not isinstance(step, dict) or not str(step.get("uses", "")).startswith("actions/checkout"):
                    continue
                given = step.get("with") if isinstance(step.get("with"), dict) else {}
                folder = str(given.get("path") or "").strip().strip("./")
                if folder and "/" not in folder and "$" not in folder and str(given.get("repository") or _OWN_REPOSITORY[0]).replace(" ", "") in {r.replace(" ", "") for r in _OWN_REPOSITORY}:
                    found.add(folder)
    return found


_GITHUB_REPO = re.compile(r"github\.com[/:]([\w.-]+/[\w.-]+?)(?:\.git)?(?:[/#?\s\"')]|$)", re.I)


# How the dataclass-flags rule names a field's flags (rules/manifest.toml).
FIELD_TEMPLATES = (["--{name}", "--{kebab}"], ["--no-{kebab}", "--no_{name}"])


def _field_option_flags(index: FactIndex, extracted: Any) -> list[Fact]:
    """Options a file builds at run time, one per field of a settings class it walks
    (`for name, info in MergeOptions.model_fields.items(): click.option(f"--{kebab}")`):
    each field (inherited ones too) as `--kebab-name` and `--snake_name`, a boolean's
    `--no-` form besides, defined where the options are built. The file stays open
    (its names are still built at run time): these answer "known", never "unknown"."""
    facts: list[Fact] = []
    for path, result in sorted(extracted.code.items()):
        for cls in result.get("field_options", []):
            seen: set[str] = set()
            lineage, stack = [], [cls]
            while stack:  # the class and its bases, as the typed classes name them
                current = stack.pop()
                if current not in lineage:
                    lineage.append(current)
                    stack.extend(b.rsplit(".", 1)[-1] for _, info in index.typed_classes.get(current, [])[:1] for b in info.get("bases", []))
            for current in lineage:
                for entry_path, info in index.typed_classes.get(current, [])[:1]:
                    for name, type_text in info.get("fields", {}).items():
                        if name in seen:
                            continue
                        seen.add(name)
                        kebab = name.replace("_", "-")
                        attrs = {"dest": name, "type": type_text, "group": cls, "origin": {"kind": "derived", "class": cls, "builder": "fields", "by": "run time", "defined": entry_path}}
                        names = [f"--{kebab}"] + ([f"--{name}"] if name != kebab else [])
                        if re.search(r"\bbool\b", type_text or ""):
                            names.append(f"--no-{kebab}")
                        line_no = (index.dynamic_options.get(path) or [1])[0]
                        facts.extend(Fact(FLAG, n, path, line_no, {**attrs, "aliases": [m for m in names if m != n]}) for n in names)
    return facts


def _inherited_field_flags(index: FactIndex, extracted: Extracted) -> list[Fact]:
    """Fields a flag class inherits: `SftArguments(TrainArgumentsMixin, ...)` takes the
    mixin's fields as flags too, wherever the mixin is defined. A base from another
    package (transformers' `TrainingArguments`) cannot be read here: the class's file is
    then taken to extend that package's parser, so its flags are the framework's to judge."""
    from .facts.builders import field_flag_facts

    # How each class's own fields became flags (a naming rule, or a factory it is handed):
    # its inherited fields became flags the same way.
    made_by: dict[str, str] = {}
    for facts in index.by_kind[FLAG].values():
        for f in facts:
            origin = f.attrs.get("origin", {})
            if origin.get("kind") == "derived" and origin.get("class"):
                made_by.setdefault(origin["class"], origin.get("by", "factory"))
    flag_classes = set(made_by)
    fields_of: dict[str, list[tuple[str, list[dict[str, Any]]]]] = defaultdict(list)
    defined_in: dict[str, str] = {}
    for path, result in extracted.code.items():
        for class_name, fields in result.get("class_fields", {}).items():
            if class_name != "__bases__":
                fields_of[class_name].append((path, fields))
        for raw in result.get("facts", []):
            if raw.get("kind") == CLASS:
                defined_in.setdefault(raw["name"].rsplit(".", 1)[-1], path)
    facts: list[Fact] = []
    for class_name in sorted(flag_classes):
        home = next((p for p, _ in fields_of.get(class_name, [])), defined_in.get(class_name))
        for base in index.lineage(class_name)[1:]:
            if base in fields_of:
                for path, fields in fields_of[base]:
                    for field_ in fields:
                        for f in field_flag_facts(class_name, field_, *FIELD_TEMPLATES, path):
                            # (Another script's own `num_nodes` is no definition for this one.)
                            if not any(g.path == path for g in index.by_kind[FLAG].get(f.name, ())):
                                f.attrs["origin"] = {**f.attrs["origin"], "by": made_by[class_name]}
                                facts.append(f)
            elif base not in defined_in and home:
                imported = {name.split(".", 1)[0] for name in index.file_imports.get(home, [])}
                for framework in sorted((imported & ARG_FRAMEWORKS) - index.packages):
                    index.framework_imports[home].add(framework)
    unique: dict[tuple[str, str], Fact] = {}
    for fact in facts:
        unique.setdefault((fact.name, fact.path), fact)
    return list(unique.values())


def _typer_keeps_names(index: FactIndex) -> None:
    """The project replaced typer's get_command_name with the identity: a parameter
    `num_chunks` is the option `--num_chunks`, not `--num-chunks`."""
    renamed: list[Fact] = []
    for name, facts in list(index.by_kind[FLAG].items()):
        keep = []
        for fact in facts:
            dest = fact.attrs.get("dest") or ""
            if fact.attrs.get("named_by_param") and "_" in dest and name == "--" + dest.replace("_", "-"):
                renamed.append(Fact(FLAG, "--" + dest, fact.path, fact.line, dict(fact.attrs)))
            else:
                keep.append(fact)
        if keep:
            index.by_kind[FLAG][name] = keep
        else:
            del index.by_kind[FLAG][name]
    for fact in renamed:
        index.by_kind[FLAG][fact.name].append(fact)


def _apply_default_resets(index: FactIndex, extracted: Extracted) -> None:
    """`parser.set_defaults(lr=1e-6)` or a project's `reset_arg(parser, "--lr",
    default=1e-6)` after the option is added: the default a user gets is the reset one,
    for the options of the parsers the resetting file builds or imports."""
    by_dest: dict[str, list[Fact]] = defaultdict(list)
    for facts in index.by_kind[FLAG].values():
        for fact in facts:
            if fact.attrs.get("dest"):
                by_dest[fact.attrs["dest"]].append(fact)
    entries = sorted(e for e in index.entry_files if not is_test_path(e))
    for path, result in extracted.code.items():
        resets = result.get("default_resets") or []
        if not resets:
            continue
        reach = import_closure(index, path)
        # Programs that import an option's file without this one keep its own default.
        keeping = [import_closure(index, e) for e in entries if e != path and path not in import_closure(index, e)]
        for reset in resets:
            if "default_value" in reset and reset.get("default_known"):
                key = reset.get("dest") or reset.get("flag", "").lstrip("-").replace("-", "_")
                index.default_resets.setdefault(key, []).append((f"{path}:{reset.get('line', 0)}", reset["default_value"]))
            targets = by_dest.get(reset.get("dest", ""), []) if "dest" in reset else index.by_kind[FLAG].get(reset.get("flag", ""), [])
            for fact in targets:
                if fact.path not in reach or "default" not in reset:
                    continue
                if any(fact.path in other for other in keeping):
                    # open-instruct's olmo_core_finetune.py sets learning_rate=8e-5 on the
                    # TrainingConfig that dpo.py hands its own parser too: dpo.py keeps 2e-5.
                    kept = {k: v for k, v in reset.items() if k.startswith("default")}
                    fact.attrs = {**fact.attrs, "program_resets": [*fact.attrs.get("program_resets", ()), {**kept, "by": path, "place": f"{path}:{reset.get('line', 0)}"}]}
                    continue
                fact.attrs = _reset_attrs(fact.attrs, reset, f"{path}:{reset.get('line', 0)}")  # a copy: the extracted result (cached by blob) stays as read


def _reset_attrs(attrs: dict[str, Any], reset: dict[str, Any], place: str) -> dict[str, Any]:
    """An option's attributes with the default a reset at ``place`` gives it."""
    changed = {k: v for k, v in attrs.items() if k not in ("default_value", "default_known", "default_human", "default_implicit", "program_resets")}
    changed.update({k: v for k, v in reset.items() if k.startswith("default")})
    changed["default_reset"] = place
    return changed


def reset_for_program(fact: Fact, files: frozenset[str]) -> Fact:
    """The option as a program whose files include one that resets its default (kept
    apart by _apply_default_resets when other programs share the option) gets it."""
    for reset in fact.attrs.get("program_resets", ()):
        if reset["by"] in files:
            return Fact(fact.kind, fact.name, fact.path, fact.line, _reset_attrs(fact.attrs, reset, reset["place"]), fact.pattern)
    return fact


def repository_web_url(revision: Revision) -> str | None:
    """The repository's address as an absolute URI, from its `origin` remote (or its only
    remote): `https://github.com/owner/name` for any GitHub spelling, an https URL as it
    is; None for a local path or an scp-style address elsewhere."""
    try:
        remotes = list(revision.repo.remotes)
        chosen = next((r for r in remotes if r.name == "origin"), remotes[0] if len(remotes) == 1 else None)
        url = next(iter(chosen.urls), "") if chosen is not None else ""
    except (AttributeError, ValueError, StopIteration, git.GitError):
        return None
    match = _GITHUB_REPO.search(url)
    if match:
        return f"https://github.com/{match.group(1)}"
    if re.match(r"^https?://[^\s@/]+/\S+$", url):
        return url.removesuffix(".git")
    if re.match(r"^https?://[^\s/]+@", url):  # credentials in the URL never leave
        return re.sub(r"^(https?://)[^@/]+@", r"\1", url).removesuffix(".git")
    return None


_PROJECT_URL_KEY = re.compile(r"""^\s*["']?(?:urls\.|project_urls\s*=\s*\{\s*["']?)?(url|home[-_ ]?page|repository|source(?:[-_ ]code)?|code|issues|bug[-_ ]?tracker|documentation|docs|changelog)["']?\s*[=:]""", re.I)


def _github_names(revision: Revision) -> set[str]:
    """This repository's "owner/name" on GitHub, from its remotes and package metadata."""
    found: set[str] = set()
    try:
        urls = [url for remote in revision.repo.remotes for url in remote.urls]
    except (AttributeError, ValueError, git.GitError):
        urls = []
    for url in urls:
        match = _GITHUB_REPO.search(url)
        if match:
            found.add(match.group(1).lower())
    remote_names = {name.split("/", 1)[-1] for name in found}
    for meta in ("pyproject.toml", "setup.py", "setup.cfg"):
        if meta in revision.entries():
            text = revision.read(meta).decode("utf-8", "replace")
            # Project URLs, not dependencies: `url=`, `Homepage = `, `Repository = ` lines.
            for line in text.splitlines():
                # A key that names the project's own address (`Homepage = "..."`, `url=`,
                # `"Source": "..."`), not a comment or a dependency that links elsewhere.
                if _PROJECT_URL_KEY.search(line) and not line.lstrip().startswith("#"):
                    named = {m.group(1).lower() for m in _GITHUB_REPO.finditer(line)}
                    # A fork keeps the metadata of the project it forked (simpleRL-reason's
                    # setup.py names volcengine/verl): with a GitHub remote, only a name
                    # that agrees with it (an owner renamed, a personal fork) is this one.
                    found.update(n for n in named if not remote_names or n.split("/", 1)[-1] in remote_names)
    return {name for name in found if not name.endswith("/issues")}


def _route_slug(path: str) -> str:
    """A source path as such a site routes it: each part lower-cased, spaces to dashes,
    punctuation dropped (github-slugger, which Astro and others use)."""
    return "/".join(re.sub(r"[^\w\- ]", "", part.lower()).replace(" ", "-") for part in path.split("/"))


_CATCH_ALL_ROUTE = re.compile(r"(?:^|/)app/(?:[^/]+/)*?([\w-]+)/\[\[?\.\.\.\w+\]\]?/")
_FOLDER_URL_GENERATORS = re.compile(rb'"(?:nextra|vitepress|@astrojs/starlight|astro|gatsby|@docusaurus/core)"\s*:')
MAX_PACKAGE_JSON_BYTES = 256 * 1024


def _folder_url_sites(revision: Revision) -> list[str]:
    """Folders of doc sites that serve `guide/setup.md` at `guide/setup/` (Nextra,
    VitePress, Astro, Gatsby, Docusaurus by their package.json; Hugo by its config):
    a relative link there is read from that URL, one folder deeper than the source."""
    found = []
    for path, entry in revision.entries().items():
        name = posixpath.basename(path)
        if name in ("hugo.toml", "hugo.yaml", "hugo.json"):
            found.append(posixpath.dirname(path))
        elif name == "package.json" and "node_modules/" not in path and 0 <= entry.size <= MAX_PACKAGE_JSON_BYTES:
            try:
                if _FOLDER_URL_GENERATORS.search(revision.read(path)):
                    found.append(posixpath.dirname(path))
            except KeyError:
                continue
    return sorted(found)


# mkdocs.yml, and the split configs some sites keep (textual's mkdocs-online.yml, which
# INHERITs mkdocs-common.yml): `mkdocs build -f mkdocs-online.yml`.
# mkdocs' config, and Zensical's (mkdocs-material's successor: the same site, in TOML).
MKDOCS_CONFIG = re.compile(r"mkdocs(?:[-_.][\w.-]+)?\.ya?ml|zensical\.toml")


def _mkdocs_configs(revision: Revision) -> list[tuple[str, str, str]]:
    """(docs folder, config text, the config's own folder) of each mkdocs config in the tree."""
    found = []
    for path, entry in sorted(revision.entries().items()):
        if not MKDOCS_CONFIG.fullmatch(posixpath.basename(path)) or not 0 <= entry.size <= 256 * 1024:
            continue
        text = revision.read(entry).decode("utf-8", "replace")
        docs = re.search(r"(?m)^docs_dir\s*[:=]\s*[\"']?([\w./-]+)", text)
        folder = posixpath.dirname(path)
        found.append((posixpath.normpath(posixpath.join(folder, docs.group(1) if docs else "docs")), text, folder))
    return found


_CUSTOM_DIR = re.compile(r"(?m)^[ \t]+custom_dir\s*:\s*[\"']?([\w./-]+?)/?[\"']?\s*$")


def _mkdocs_theme_folders(configs: list[tuple[str, str, str]]) -> dict[str, list[str]]:
    """mkdocs docs folder -> its theme's `custom_dir` (BERTopic's `images/`): the build
    copies that folder's static files to the site's root, where `logo.png` is then served."""
    found: dict[str, list[str]] = {}
    for docs, text, folder in configs:
        custom = _CUSTOM_DIR.search(text)
        if custom:
            found[docs] = [posixpath.normpath(posixpath.join(folder, custom.group(1)))]
    return found


# mkdocs plugins that find a link's file by its name anywhere in the docs folder
# (mkdocs-autolinks-plugin's `[x](features.md)` for home/features.md; roamlinks; ezlinks).
_NAME_LINK_PLUGIN = re.compile(r"(?m)^\s*-\s*[\"']?(?:autolinks|roamlinks|ezlinks)\b")


def _mkdocs_sites(configs: list[tuple[str, str, str]]) -> tuple[dict[str, str], set[str], set[str], set[str]]:
    """From each mkdocs config: (docs folder -> the path its site is served under, from
    site_url: `https://org.github.io/docling/` -> `docling`, where pages' links may climb
    to and back; the docs folders mkdocs-static-i18n builds from language folders
    (`docs_structure: folder`), where a page under `en/` links as if that folder were not
    there: `../images/x.png` from `en/reference/` is the shared `images/`); and every
    docs folder, out of which the site's pages cannot link; and the docs folders it
    builds from suffixed translations, `setup.es.md` beside `setup.md`)."""
    served_at: dict[str, str] = {}
    by_language: set[str] = set()
    by_suffix: set[str] = set()
    folders: set[str] = set()
    for folder, text, _ in configs:
        folders.add(folder)
        url = re.search(r"(?m)^site_url\s*[:=]\s*[\"']?https?://[^/\s\"']+/([^\s\"'#?]+)", text)
        served = url.group(1).strip("/") if url else ""
        if served:
            served_at[folder] = served
        if re.search(r"(?m)^\s*docs_structure:\s*[\"']?folder\b", text):
            by_language.add(folder)
        elif re.search(r"(?m)^\s*docs_structure:\s*[\"']?suffix\b", text):
            by_suffix.add(folder)
    return served_at, by_language, folders, by_suffix


_REDIRECT_ENTRY = re.compile(r"""^\s+["']?([^"':#\s][^"':#]*?\.md)["']?\s*:\s*["']?([^"'#\s]+)["']?\s*$""")


def _mkdocs_redirects(configs: list[tuple[str, str, str]]) -> dict[str, str]:
    """Pages the mkdocs-redirects plugin sends on (`redirect_maps: "pipeline/text/llm.md":
    "pipeline/llm/llm.md"`), as repository paths: old page -> new page (or URL)."""
    found: dict[str, str] = {}
    for folder, text, _ in configs:
        if "redirect_maps" not in text:
            continue
        lines = text.splitlines()
        start = next(n for n, line in enumerate(lines) if "redirect_maps" in line)
        indent = len(lines[start]) - len(lines[start].lstrip())
        for line in lines[start + 1 :]:
            if line.strip() and len(line) - len(line.lstrip()) <= indent:
                break  # the map ends where its indentation does
            entry_match = _REDIRECT_ENTRY.match(line)
            if entry_match:
                old, new = entry_match.groups()
                found[posixpath.join(folder, old.strip())] = new if "://" in new else posixpath.join(folder, new)
    return found


_REDIRECT_LINE = re.compile(r"^([\w./-]+)\s*:\s*[\"']?([^\"'#\s]+)")


def _doc_builder_redirects(revision: Revision) -> dict[str, str]:
    """Pages Hugging Face doc-builder sends on (`_redirects.yml` beside `_toctree.yml`:
    `how-to-cache: guides/manage-cache`), as repository paths: old page -> new page."""
    found: dict[str, str] = {}
    entries = revision.entries()
    for path, entry in entries.items():
        folder = posixpath.dirname(path)
        if posixpath.basename(path) != "_redirects.yml" or posixpath.join(folder, "_toctree.yml") not in entries or not 0 <= entry.size <= 256 * 1024:
            continue
        for line in revision.read(entry).decode("utf-8", "replace").splitlines():
            match = _REDIRECT_LINE.match(line)
            if match:
                old, new = match.groups()
                found[posixpath.join(folder, old) + ".md"] = new if "://" in new else posixpath.join(folder, new.split("#", 1)[0]) + ".md"
    return found


def _root_project(revision: Revision) -> tuple[dict[str, str], set[str]]:
    """What the root project's pyproject.toml, setup.py and setup.cfg say, each read once:
    the console scripts it installs, each with the entry point it names (`module:function`,
    or the module alone), and the names it is published under (`marqo-engine`), normalised
    as pip does (lower case, `_` and `.` as `-`)."""
    scripts: dict[str, str] = {}
    names: set[str] = set()
    entries = revision.entries()
    if "pyproject.toml" in entries:
        try:
            data = tomllib.loads(revision.read("pyproject.toml").decode("utf-8", "replace"))
            project = data.get("project", {}) or {}
            poetry = (data.get("tool", {}) or {}).get("poetry", {}) or {}
            for table in (project.get("scripts", {}) or {}, poetry.get("scripts", {}) or {}):
                for name, target in table.items():
                    scripts[name] = target.strip() if isinstance(target, str) else ""
            names |= {name for name in (project.get("name"), poetry.get("name")) if isinstance(name, str)}
        except (tomllib.TOMLDecodeError, AttributeError):
            pass
    if "setup.py" in entries:
        text = revision.read("setup.py").decode("utf-8", "replace")
        for name, target in re.findall(r"[\"']([A-Za-z][\w.-]*)\s*=\s*([\w.]+:\w+)", text):
            scripts.setdefault(name, target)
        match = re.search(r"\bname\s*=\s*[\"']([A-Za-z0-9][\w.-]*)[\"']", text)
        if match:
            names.add(match.group(1))
    if "setup.cfg" in entries and 0 <= entries["setup.cfg"].size <= 256 * 1024:
        match = re.search(r"(?m)^name\s*=\s*([A-Za-z0-9][\w.-]*)\s*$", revision.read("setup.cfg").decode("utf-8", "replace"))
        if match:
            names.add(match.group(1))
    return scripts, {re.sub(r"[-_.]+", "-", n).lower() for n in names}


def _drop_wrapper_templates(index: FactIndex, resolved: set[tuple[str, int, int]]) -> None:
    """`wandb.log({f"{namespace}/{k}": v ...})` in a wrapper: the rules see a name made of
    holes, the flow sees what each caller logs through it. The template says nothing more
    (and would make every name of the repository possible), so it goes."""
    spans: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for path, start, end in resolved:
        spans[path].append((start, end))
    for name in list(index.by_kind[METRIC]):
        if not re.fullmatch(r"[/_\-. ]*(?:\{[^{}]*\}[/_\-. ]*)+", name):
            continue
        kept = [f for f in index.by_kind[METRIC][name] if f.attrs.get("via") == "flow" or not any(a <= f.line <= b for a, b in spans.get(f.path, ()))]
        if kept:
            index.by_kind[METRIC][name] = kept
        else:
            del index.by_kind[METRIC][name]


_COLLECTION = re.compile(r"\{[^{}]*?[\"']source[\"']\s*:\s*(?:os\.path\.abspath\()?\s*[\"']([^\"']+)[\"'][^{}]*?[\"']target[\"']\s*:\s*[\"']([^\"']+)[\"'][^{}]*\}")
_COLLECTIONS_TARGET = re.compile(r"^collections_target\s*=\s*[\"']([^\"']*)[\"']", re.M)


# What a Sphinx conf.py sets; AWorld's examples/common/tools/conf.py (a tool's config
# classes) sets none of it.
_SPHINX_SETTING = re.compile(r"(?m)^\s*(?:extensions|html_\w+|master_doc|root_doc|templates_path|source_suffix|exclude_patterns|project|copyright|author|release|version|latex_\w+|nitpicky|autodoc_\w+)\s*[:=]|\bsphinx\b")


def _sphinx_confs(revision: Revision) -> dict[str, str]:
    """The text of each Sphinx conf.py in the tree (small ones), read once for the
    settings drift takes from them."""
    return {
        path: revision.read(path).decode("utf-8", "replace")
        for path, entry in revision.entries().items()
        if posixpath.basename(path) == "conf.py" and 0 <= entry.size <= 256 * 1024
    }


# `"LINKREF_GITHUB_MONAILABEL"` in a conf.py's transform: a word its build swaps for a URL.
_BUILD_TOKEN = re.compile(r"[\"']([A-Z][A-Z0-9]*_[A-Z0-9_]{3,})[\"']")


_STATIC_PATH = re.compile(r"(?m)^html_static_path\s*=\s*\[([^\]]*)\]")


def _static_folders(confs: dict[str, str]) -> dict[str, list[str]]:
    """Sphinx source folder -> the folders its `html_static_path` names (a list of string
    literals): the build copies their contents into the site's `_static/`."""
    found: dict[str, list[str]] = {}
    for path, text in confs.items():
        match = _STATIC_PATH.search(text)
        if match:
            folders = [f.strip("/") for f in re.findall(r"[\"']([^\"']+)[\"']", match.group(1))]
            found[posixpath.dirname(path)] = [f for f in folders if f and not f.startswith(("/", ".."))]
    return found


_NOTEBOOK_LABEL = re.compile(r"""(?<!<!-- )\(([\w][\w.:/-]*)\)=|"name":\s*"([\w][\w.:/-]*)"|(?:^|\\n|")\s*:?(?:name|label):\s*([\w][\w.:/-]*)""", re.M)
NOTEBOOK_BYTES = 2_000_000


def _notebook_labels(revision: Revision, sites: set[str]) -> set[str]:
    """Labels the Sphinx sites' notebooks and R Markdown sources define, which MyST links
    name: `(fun-fish)=` in a Markdown cell, `"name": "fun-fish-ref"` in a cell's metadata,
    `:name:`/`label:` in a directive. A label commented out (`<!-- (pangu)= -->`) is none."""
    found: set[str] = set()
    if not sites:
        return found
    for path, entry in revision.entries().items():
        if not path.endswith((".ipynb", ".Rmd", ".rmd")) or not any(site == "" or path.startswith(site + "/") for site in sites):
            continue
        if not 0 <= entry.size <= NOTEBOOK_BYTES:
            continue
        text = revision.read(entry).decode("utf-8", "replace")
        found |= {next(g for g in m.groups() if g) for m in _NOTEBOOK_LABEL.finditer(text)}
    return found


# Extensions that read pages of their own kind: nbsphinx-link's `.nblink` (a JSON pointer to
# a notebook elsewhere, stellargraph's docs/demos/basics/loading-pandas.nblink).
_EXTENSION_SUFFIXES = {"nbsphinx_link": ".nblink"}
# `nbsphinx_custom_formats = {".pct.py": [...]}`, `source_suffix = {".rst": ..., ".txt": ...}`:
# the page names a :doc: may give without their suffix.
_SUFFIX_SETTING = re.compile(r"(?ms)^(?:nbsphinx_custom_formats|source_suffix)\s*=\s*([\[{(].*?[\]})]|['\"][^'\"]*['\"])\s*$")
_QUOTED_SUFFIX = re.compile(r"""['"](\.[\w.]+)['"]\s*[:,\]})]""")


def _autosectionlabel_sites(confs: dict[str, str]) -> set[str]:
    """Sphinx source folders whose conf.py loads autosectionlabel with bare labels: every
    heading's title, on any page, is a label a MyST `#title` link reaches."""
    return {
        posixpath.dirname(path)
        for path, text in confs.items()
        if "sphinx.ext.autosectionlabel" in text and not re.search(r"(?m)^\s*autosectionlabel_prefix_document\s*=\s*True", text)
    }


_COPYDIRS = re.compile(r"(?m)^copydirs_additional_dirs\s*=\s*\[([^\]]*)\]")


_COPY_SOURCE = re.compile(r"""(?:Path\(|glob\.glob\(|copytree\()\s*["'](\.{1,2}/[\w./-]*?)/?(?:\*[^"']*)?["']""")
_COPY_TARGET = re.compile(r"""shutil\.copy(?:2|file|tree)?\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*["']([\w./-]+?)/?["']""")


def _conf_copy(text: str) -> list[tuple[str, str]]:
    """(source, target) of what conf.py copies into the site with shutil, from its folder:
    read as Python (conf_copies), or, where that fails, one source and one target named as
    literals."""
    try:
        found = conf_copies(text.encode("utf-8"))
    except Exception:
        found = []
    if found:
        return found
    sources, targets = set(_COPY_SOURCE.findall(text)), set(_COPY_TARGET.findall(text))
    if len(sources) == 1 and len(targets) == 1:
        return [(sources.pop(), targets.pop())]
    return []


# jaraco's rst.linker (`link_files = {'../CHANGES.rst': dict(...)}`): the build writes
# `CHANGES (links).rst` beside the file, which history.rst includes.
_LINK_FILES = re.compile(r"(?m)^link_files\s*=\s*\{")
_LINK_FILE_KEY = re.compile(r"""^\s*["']([^"'\n]+\.(?:rst|md|txt))["']\s*:""", re.M)


def _rst_linker_outputs(folder: str, text: str) -> dict[str, str]:
    """The `NAME (links).ext` files rst.linker writes, -> the file each is made from."""
    found: dict[str, str] = {}
    start = _LINK_FILES.search(text)
    if start is None:
        return found
    for key in _LINK_FILE_KEY.findall(text, start.end()):
        original = posixpath.normpath(posixpath.join(folder, key)).strip("/")
        if original.startswith(".."):
            continue
        stem, ext = posixpath.splitext(original)
        found[f"{stem} (links){ext}"] = original
    return found


def _sphinx_collections(confs: dict[str, str]) -> dict[str, str]:
    """What sphinx-collections copies into a Sphinx source folder when the docs build
    (`'source': os.path.abspath('../../tutorials/'), 'target': 'tutorials/'`), and
    sphinxcontrib-copydirs (`copydirs_additional_dirs = ["../../examples/", "../../README.md"]`,
    each copied under its own name), and rst.linker's `X (links).rst` for each of its
    `link_files`: the copy's path -> the tree's, read as a link would be."""
    found: dict[str, str] = {}
    for path, text in confs.items():
        found.update(_rst_linker_outputs(posixpath.dirname(path), text))
        copydirs = _COPYDIRS.search(text)
        if copydirs:
            folder = posixpath.dirname(path)
            for source in re.findall(r"[\"']([^\"']+)[\"']", copydirs.group(1)):
                original = posixpath.normpath(posixpath.join(folder, source)).strip("/")
                copied = posixpath.join(folder, posixpath.basename(original)) if folder else posixpath.basename(original)
                if not original.startswith("..") and copied != original:
                    found[copied] = original
        for source, target in _conf_copy(text) if "copy" in text else ():
            # SpanMarkerNER's conf.py: `for f in Path("../notebooks").glob("*.ipynb"):
            # shutil.copy2(str(f), "notebooks")`: the copies are pages of the site.
            folder = posixpath.dirname(path)
            original = posixpath.normpath(posixpath.join(folder, source)).strip("/")
            copied = posixpath.normpath(posixpath.join(folder, target)).strip("/")
            if not original.startswith("..") and not copied.startswith("..") and copied != original and "." not in (original, copied):
                found.setdefault(copied, original)
        if "sphinx_collections" not in text and "sphinxcontrib.collections" not in text:
            continue
        folder = posixpath.dirname(path)
        setting = _COLLECTIONS_TARGET.search(text)
        under = posixpath.join(folder, setting.group(1) if setting else "_collections")
        for source, target in _COLLECTION.findall(text):
            copied = posixpath.normpath(posixpath.join(under, target)).strip("/")
            original = posixpath.normpath(posixpath.join(folder, source)).strip("/")
            if not copied.startswith("..") and not original.startswith("..") and copied != original:
                found[copied] = original
    return found


# `package_dir={"yolox.tools": "tools"}` in setup.py, `"yolox.tools" = "tools"` under
# pyproject's [tool.setuptools.package-dir]: a dotted package installed from a folder.
_PACKAGE_DIR_ENTRY = re.compile(r"""["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)["']\s*[:=]\s*["']([\w.-]+(?:/[\w.-]+)*)["']""")


# Files a build writes as pyproject.toml says: setuptools_scm's `write_to` / `version_file`,
# hatch-vcs' `version-file`, scikit-build-core's `[[tool.scikit-build.generate]] path`.
_BUILD_WRITTEN = re.compile(r"""(?m)^[ \t]*(?:write_to|version_file|version-file)[ \t]*=[ \t]*["']([^"'\n]+)["']""")
_SKBUILD_GENERATE = re.compile(r"""^\[\[tool\.scikit-build\.generate\]\][^\[]*?^[ \t]*path[ \t]*=[ \t]*["']([^"'\n]+)["']""", re.M | re.S)


def _build_written(revision: Revision) -> set[str]:
    """Repository paths of the files the pyproject.toml files say the build writes."""
    found: set[str] = set()
    for path, entry in revision.entries().items():
        if posixpath.basename(path) != "pyproject.toml" or not 0 <= entry.size <= MAKEFILE_BYTES or "node_modules/" in path:
            continue
        text = revision.read(entry).decode("utf-8", "replace")
        home = posixpath.dirname(path)
        for written in _BUILD_WRITTEN.findall(text) + _SKBUILD_GENERATE.findall(text):
            joined = posixpath.normpath(posixpath.join(home, written))
            if not joined.startswith(".."):
                found.add(joined)
    return found


def _install_links(revision: Revision) -> list[tuple[str, str]]:
    """(source, link) of the folders the tree's setup.py files link into their packages,
    and of those a `package_dir` maps to a dotted package (YOLOX's `yolox.tools` from
    tools/)."""
    found: list[tuple[str, str]] = []
    for path, entry in revision.entries().items():
        name = posixpath.basename(path)
        if name not in ("setup.py", "pyproject.toml") or not 0 <= entry.size <= MAKEFILE_BYTES or "node_modules/" in path:
            continue
        source = revision.read(entry)
        home = posixpath.dirname(path)
        if b"package_dir" in source or b"package-dir" in source:
            for package, folder in _PACKAGE_DIR_ENTRY.findall(source.decode("utf-8", "replace")):
                folder = posixpath.normpath(posixpath.join(home, folder))
                if not folder.startswith(".."):
                    found.append((folder, posixpath.join(home, package.replace(".", "/")) if home else package.replace(".", "/")))
        if name == "setup.py" and (b"symlink" in source or b"copytree" in source or b"copy_tree" in source):
            try:
                found.extend(install_links(path, source))
            except Exception:
                continue  # a setup.py drift cannot read links nothing
    return found


def _recipe_copies(revision: Revision) -> tuple[list[tuple[str, str, bool]], list[str], dict[str, str]]:
    """(source, destination, is a folder) of the copies the tree's Makefiles make, its
    packaging scripts stage and pydoc-markdown's MkDocs renderer writes; the patterns of the
    paths they copy files to with a wildcard; and the pages that renderer generates, each
    with the config that writes it."""
    found: list[tuple[str, str, bool]] = []
    staged: list[tuple[str, str, bool]] = []
    patterns: list[str] = []
    generated: dict[str, str] = {}
    globbed: list[tuple[str, str]] = []
    for path, entry in revision.entries().items():
        if PYDOC_MARKDOWN_CONFIG.search(path) and 0 <= entry.size <= MAKEFILE_BYTES:
            try:
                written, pages = pydoc_markdown_pages(path, revision.read(entry).decode("utf-8", "replace"))
            except Exception:
                continue  # an unreadable config builds nothing drift can follow
            found.extend(written)
            generated.update((page, path) for page in pages)
        elif MAKEFILE.search(path) and 0 <= entry.size <= MAKEFILE_BYTES and "node_modules/" not in path:
            try:
                text = revision.read(entry).decode("utf-8", "replace")
                found.extend(recipe_copies(path, text))
                patterns.extend(recipe_copy_patterns(path, text))
                globbed.extend(recipe_glob_copies(path, text))
            except Exception:
                continue  # an unreadable Makefile copies nothing drift can follow
        elif SHELL_SCRIPT.search(path) and 0 <= entry.size <= MAKEFILE_BYTES and "node_modules/" not in path:
            try:
                staged.extend(staged_copies(path, revision.read(entry).decode("utf-8", "replace")))
            except Exception:
                continue  # an unreadable script stages nothing drift can follow
    for pattern, folder in globbed:
        # Each file a wildcard copy takes lands in the folder under its own name.
        depth = pattern.count("/")
        found.extend((path, posixpath.join(folder, posixpath.basename(path)), False) for path in revision.entries() if path.count("/") == depth and fnmatch.fnmatchcase(path, pattern))
    if staged:
        # A staged path is the package's when its first folder is the tree's (the wheel is
        # the tree's layout): `${SRCDIR}/pkg/tests/all.py`, not `${OUT}/report.txt`.
        tops = {path.split("/", 1)[0] for path in revision.entries() if "/" in path}
        found.extend(copy for copy in staged if "/" in copy[1] and copy[1].split("/", 1)[0] in tops)
    return found, patterns, generated


def _link_targets(revision: Revision) -> dict[str, list[str]]:
    """target in the tree -> the symlinks that point at it (relative targets only): a
    README moved into the doc site and linked back is read (and its links followed) from
    both folders; a path through a linked folder exists."""
    found: dict[str, list[str]] = {}
    for path, entry in revision.entries().items():
        if not entry.is_link or entry.size < 0 or entry.size > 4096:
            continue
        try:
            target = revision.read(entry).decode("utf-8")
        except (UnicodeDecodeError, Exception):
            continue
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
        if not resolved.startswith("..") and not target.startswith("/"):
            found.setdefault(resolved, []).append(path)
    return found


_BUILD_FILES = re.compile(
    r"(^|/)(CMakeLists\.txt|[^/]+\.cmake|Makefile|GNUmakefile|meson\.build|meson_options\.txt"
    # autoconf's `AC_ARG_VAR([RHASSPY_LANGUAGE], ...)`: variables ./configure reads.
    r"|configure\.ac|configure\.in|Makefile\.am|Makefile\.in"
    # tox's `passenv`/`setenv` (smriprep's TEST_DATA_HOME, "passed through tox"), also
    # written in pyproject.toml or setup.cfg (aiida's AIIDA_TEST_WORKERS).
    r"|tox\.ini|pyproject\.toml|setup\.cfg"
    # Deployment files set and read env vars too (FunASR's `--port ${FUNASR_PORT:-8000}`).
    r"|Dockerfile[^/]*|[^/]+\.[Dd]ockerfile|docker-compose[^/]*\.ya?ml|compose\.ya?ml|\.env(?:\.[\w-]+)?)$"
)
_BUILD_NAME = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")
# A variable a config file expands from the environment: `${AIIDA_TEST_WORKERS:-2}` in
# molecule's YAML, `${HOME}` in a compose file, `${env:X}` is another syntax's.
_CONFIG_FILES = re.compile(r"\.(?:ya?ml|toml|ini|cfg|conf|json|env)$")
_EXPANDED_NAME = re.compile(r"\$\{([A-Z][A-Z0-9]*_[A-Z0-9_]*)(?:[:?+=-][^}\n]*)?\}")
BUILD_FILES_MAX, BUILD_BYTES_MAX = 400, 256 * 1024
OTHER_SOURCES_MAX = 3000  # C++/Rust/Go/JS files read for quoted names
YAML_FILES_MAX = 3000  # registries keep thousands of small YAML files (openai/evals: 521)


# Where a docs build is scripted: shell scripts, Makefiles, CI workflows, tox/nox, conf.py.
_DOC_BUILD_SCRIPTS = re.compile(r"(^|/)(Makefile|make\.bat|[^/]+\.sh|tox\.ini|noxfile\.py|conf\.py|\.readthedocs\.ya?ml|[^/]*workflows/[^/]+\.ya?ml)$")
_APIDOC = re.compile(r"\bsphinx-apidoc\b|\bsphinx\.ext\.apidoc\b|\bapidoc\.main\(|\bsphinxcontrib\.apidoc\b")

_STYLE_FILES = re.compile(r"\.(css|scss|sass|less|vue|svelte)$")
_CSS_PROPERTY = re.compile(r"(?<![\w-])--[a-zA-Z][\w-]*(?=\s*:|\s*[,)])")


_OTHER_SOURCES = re.compile(r"\.(?:c|cc|cpp|cxx|h|hh|hpp|cu|cuh|rs|go|java|kt|ts|js|mjs|[Rr]|cs|scala|jl|rb|swift|php|lua|dart)$")
_OTHER_LANGUAGE_FLAG = re.compile(r"[\"'`](?:-[A-Za-z],?\s*)?(--[A-Za-z][\w-]*[A-Za-z0-9])")
# A C/C++ getopt_long table names its options without dashes:
# `{"triton-server-directory", required_argument, 0, 'x'}` (perf_analyzer).
_REQUIREMENTS_FILES = re.compile(r"(?:^|/)requirements[\w.-]*\.(?:txt|in)$")
_REQUIREMENT_NAME = re.compile(r"(?m)^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\]\s*)?(?:[<>=!~;@]|$)")
# gflags, the same in C++ programs: `DEFINE_int32(gpu_id, 0, "...")` takes `--gpu_id`.
_GETOPT_LONG_OPTION = re.compile(
    r"\{\s*\"([A-Za-z][\w-]*[A-Za-z0-9])\"\s*,\s*(?:no_argument|required_argument|optional_argument|[0-2])\s*,"
    r"|\bDEFINE_(?:bool|int32|int64|uint32|uint64|double|string)\(\s*([A-Za-z]\w*)\s*,"
)
_QUOTED_UPPER_NAME = re.compile(r"[\"']([A-Z][A-Z0-9]*_[A-Z0-9_]+)[\"']")
# A quoted name, a C macro, or a constant another language declares (`export const
# CHAINLIT_APP_PORT = 8000;`, Rust's `const MAX_LEN: usize`, Java's `static final int X_Y =`).
_QUOTED_OR_DEFINED_UPPER = re.compile(
    r"[\"']([A-Z][A-Z0-9]*_[A-Z0-9_]+)[\"']|#\s*define\s+([A-Z][A-Z0-9]*_[A-Z0-9_]+)"
    r"|\b(?:const|let|var|final)\s+(?:[\w.<>\[\]]+\s+)?([A-Z][A-Z0-9]*_[A-Z0-9_]+)\s*[:=]"
    # An env var read by name: `process.env.SEMATIC_PROXY_OVERRIDE`, `import.meta.env.VITE_X`,
    # `os.Getenv` / `env::var` take quoted names (above).
    r"|\b(?:process\.env|import\.meta\.env|ENV)\.([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b"
    # An enumerator of a C/C++ enum (cuVS's `CUVS_LOG_LEVEL_TRACE = 0,`, `{ CUVS_KMEANS_TYPE_KMEANS = 0, ... }`,
    # or a bare `CUVS_ERROR,` line): a constant its API docs list, no env var.
    r"|\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\s*=\s*[-+~]?[\w()<>| ]+?\s*[,}]"
    r"|(?m:^[ \t]*([A-Z][A-Z0-9]*_[A-Z0-9_]+)[ \t]*,?[ \t]*(?://.*|/\*.*)?$)"
)
_EXTENSION_SOURCES = re.compile(r"(?:\.(?:c|cc|cpp|cxx|h|hpp|cu)|(?:^|/)CMakeLists\.txt|\.cmake)$")
# (`PyMODINIT_FUNC PyInit_py_mount(void)`: a C extension written against CPython's API.)
_EXTENSION_MODULE = re.compile(r"\b(?:(?:PYBIND11_MODULE|NB_MODULE|pybind11_add_module|nanobind_add_module|Python_add_library|python_add_library)\(\s*|PyInit_)([A-Za-z_]\w*)")
_YAML_FILES = re.compile(r"\.ya?ml$")
_SLASHED_YAML_KEY = re.compile(r"(?m)^([A-Za-z0-9_][\w.-]*(?:/[\w.-]+)+):[ \t]*$")


_VERSION_SUFFIX = re.compile(r"\.v\d+$")  # a registered name's version: "spacy.Tok2Vec.v2"

# What a Cython module gives Python: `def`, `cpdef <type> name(`, `(cdef) class`, and a
# module-level assignment. (`cdef` functions stay C-only.)
_CYTHON_NAME = re.compile(r"^(?:(?:async\s+)?def\s+(\w+)|cpdef\s+(?:[\w.\[\]*,]+\s+)*(\w+)\s*\(|(?:cdef\s+(?:public\s+|api\s+)*)?class\s+(\w+)|([A-Za-z_]\w*)\s*(?::[^=\n]*)?=(?!=))", re.M)
CYTHON_FILES_MAX = 2000


def _cython_modules(revision: Revision, package_roots: set[str]) -> dict[str, set[str]]:
    """Cython sources (`spacy/typedefs.pyx`) as the modules the build compiles them to, with
    the names each defines: a `.pyi` stub beside one may not list them all."""
    found: dict[str, set[str]] = {}
    paths = sorted(p for p, e in revision.entries().items() if p.endswith(".pyx") and not e.is_link and 0 <= e.size <= BUILD_BYTES_MAX)
    for path in paths[:CYTHON_FILES_MAX]:
        name = module_name(path[:-4] + ".py", package_roots)
        if name is None:
            continue
        try:
            text = revision.read(path).decode("utf-8", "replace")
        except Exception:
            continue  # an unreadable file: the module is still there, with names unknown
        found[name] = {n for groups in _CYTHON_NAME.findall(text) for n in groups if n}
    return found


_JSON_FILES = re.compile(r"(?<!package-lock)(?<!/tsconfig)\.json$")
_DOTTED_JSON_KEY = re.compile(r"\"([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+)\"\s*:")


_DISABLED_REFTYPES = re.compile(r"^intersphinx_disabled_reftypes\s*=\s*(\[[^\]]*\])", re.M)


def _intersphinx_doc_sites(revision: Revision, confs: dict[str, str]) -> set[str]:
    """Sphinx source folders where an unprefixed :doc: that names no page of the site is
    looked up in the intersphinx inventories: Sphinx before 5 did so for every role, and a
    conf.py that sets `intersphinx_disabled_reftypes` without "std:doc" still does
    (strawberryfields, on Sphinx 2.2.2: :doc:`demonstrations` is its demos site's page)."""
    sites = set()
    pinned_before_5 = None
    for path, text in confs.items():
        if "sphinx.ext.intersphinx" not in text:
            continue
        setting = _DISABLED_REFTYPES.search(text)
        if setting:
            if "std:doc" not in setting.group(1) and "*" not in setting.group(1):
                sites.add(posixpath.dirname(path))
            continue
        if pinned_before_5 is None:
            pinned_before_5 = _sphinx_before_5(revision)
        if pinned_before_5:
            sites.add(posixpath.dirname(path))
    return sites


_SPHINX_BOUND = re.compile(r"""(?<![\w.-])sphinx\s*(?:\[[^\]\n]*\])?\s*(==|<=|<|~=)\s*["']?(\d+)(?:\.(\d+))?""", re.I)
_REQUIREMENT_FILES = re.compile(r"(?:^|/)(?:[^/]*requirements[^/]*\.(?:txt|in)|pyproject\.toml|setup\.py|setup\.cfg|environment\.ya?ml)$", re.I)


def _sphinx_before_5(revision: Revision) -> bool:
    """Whether the repository's requirements (its docs' too) hold Sphinx below 5: every
    bound they state (`sphinx==2.2.2`, `sphinx<5`, `sphinx~=4.2`) keeps it there."""
    majors = []
    paths = [p for p, e in revision.entries().items() if _REQUIREMENT_FILES.search(p) and not e.is_link and 0 <= e.size <= BUILD_BYTES_MAX]
    for path in sorted(paths)[:200]:
        try:
            text = revision.read(path).decode("utf-8", "replace")
        except Exception:
            continue
        for m in _SPHINX_BOUND.finditer(text):
            major, minor = int(m.group(2)), int(m.group(3) or 0)
            # (`<5` and `<5.0` keep it at 4; `<5.1` lets 5.0 in.)
            majors.append(major - 1 if m.group(1) == "<" and minor == 0 else major)
    return bool(majors) and all(major < 5 for major in majors)


def _names_in(revision: Revision, files: re.Pattern[str], names_re: re.Pattern[str], limit: int = BUILD_FILES_MAX) -> set[str]:
    """Names other files of the repository spell, read as text (a bounded number of small
    files): UPPER_CASE names in build files (a CMake `option(FAIRSEQ2N_USE_CUDA ...)`,
    passed as `-D`, is a build setting, not a lost env var), custom properties in style
    sheets (`--score-fg-s: 70%` is a CSS variable, not a flag)."""
    return _names_in_each(revision, files, (names_re,), limit)[0]


def _names_in_each(revision: Revision, files: re.Pattern[str], patterns: tuple[re.Pattern[str], ...], limit: int = BUILD_FILES_MAX) -> list[set[str]]:
    """_names_in for several patterns, each file read once: a set of names per pattern."""
    found: list[set[str]] = [set() for _ in patterns]
    paths = [p for p, e in revision.entries().items() if files.search(p) and not e.is_link and 0 <= e.size <= BUILD_BYTES_MAX]
    for path in sorted(paths)[:limit]:
        try:
            text = revision.read(path).decode("utf-8", "replace")
        except Exception:
            continue  # an unreadable file only costs its names
        for names, pattern in zip(found, patterns):
            for match in pattern.findall(text):
                names.update(n for n in (match if isinstance(match, tuple) else (match,)) if n)
    return found


_AUTOSUMMARY_MODULE = re.compile(r"^\.\.\s+(?:currentmodule|module|py:currentmodule|py:module)::\s*(\S+)")
_AUTOSUMMARY_ENTRY = re.compile(r"^\s+~?([A-Za-z_][\w.]*)\s*$")
AUTOSUMMARY_BYTES = 256 * 1024


def _autosummary_pages(revision: Revision) -> set[str]:
    """Pages Sphinx's autosummary writes at build time (`.. autosummary::` with
    `:toctree: .` under `.. currentmodule:: autogluon.tabular`, listing TabularPredictor:
    api/autogluon.tabular.TabularPredictor.rst), as paths without the suffix; a template
    may add a page per member (`...TabularPredictor.fit`), kept as `name.*`."""
    pages: set[str] = set()
    for path, entry in revision.entries().items():
        if not path.endswith(".rst") or entry.is_link or not 0 <= entry.size <= AUTOSUMMARY_BYTES:
            continue
        try:
            text = revision.read(entry).decode("utf-8", "replace")
        except Exception:
            continue
        if "autosummary::" not in text:
            continue
        module, folder, in_block = "", None, False
        for line in text.splitlines():
            found = _AUTOSUMMARY_MODULE.match(line)
            if found:
                module, in_block = found.group(1), False
                continue
            if line.startswith(".. autosummary::"):
                folder, in_block = None, True
                continue
            if not in_block:
                continue
            if line.strip().startswith(":toctree:"):
                folder = line.split(":toctree:", 1)[1].strip() or "."
                continue
            if line.strip().startswith(":") or not line.strip():
                continue
            entry_match = _AUTOSUMMARY_ENTRY.match(line)
            if entry_match is None:
                in_block = False  # the block ended at a line that is not indented
                continue
            if folder is None:
                continue  # listed without a toctree: no page is written
            name = entry_match.group(1)
            full = name if not module or name.startswith(module + ".") else f"{module}.{name}"
            page = posixpath.normpath(posixpath.join(posixpath.dirname(path), folder, full))
            pages |= {page, page + ".*"}
    return pages


FRAGMENT_CONFIGS = ("faq.yml", "faq.yaml")  # FAQtory: questions/*.md become one FAQ.md


def _fragment_folders(revision: Revision) -> dict[str, str]:
    """Folders of page fragments a tool assembles into one page elsewhere, each with the
    folder of the page it writes (FAQtory's `questions_path: ./questions` and
    `output_path: ./FAQ.md`: a question's `[tutorial](tutorials/x.ipynb)` is written for
    FAQ.md at the root)."""
    import yaml

    found: dict[str, str] = {}
    for path, entry in revision.entries().items():
        if posixpath.basename(path) not in FRAGMENT_CONFIGS or entry.is_link or not 0 <= entry.size <= BUILD_BYTES_MAX:
            continue
        try:
            data = yaml.safe_load(revision.read(path).decode("utf-8", "replace"))
        except Exception:
            continue  # an unreadable config only costs its fragments
        if not isinstance(data, dict) or not isinstance(data.get("questions_path"), str) or not isinstance(data.get("output_path"), str):
            continue
        here = posixpath.dirname(path)
        folder = posixpath.normpath(posixpath.join(here, data["questions_path"]))
        output = posixpath.dirname(posixpath.normpath(posixpath.join(here, data["output_path"])))
        found[folder] = "" if output == "." else output
    return found


_INCLUDED_DOC = re.compile(r"\.(?:md|mdx|markdown|rst|txt)$", re.IGNORECASE)


def _included_pages(extracted: Extracted, files: set[str], revision: Revision | None = None) -> list[tuple[str, str]]:
    """(page, file it includes) for each doc include directive naming a page of text, and
    each Markdown snippet (`--8<-- "x.md"`, `{!./docs_src/a.md!}`), which the site's build
    reads from where it runs (the root), from pymdownx.snippets' `base_path` folders, or,
    failing those, the page's folder."""
    found = []
    bases = _snippet_bases(revision) if revision is not None else []
    for page, result in extracted.docs.items():
        for raw in result.get("references", []):
            attrs = raw.get("attrs") or {}
            target = str(attrs.get("target") or "")
            if attrs.get("directive") in ("include", "mdinclude") and _INCLUDED_DOC.search(target) and "://" not in target:
                found.append((page, posixpath.normpath(posixpath.join(posixpath.dirname(page), target.lstrip("/")))))
            elif raw.get("kind") == INCLUDE and _INCLUDED_DOC.search(str(raw.get("text") or "")):
                text = str(raw["text"])
                spots = [posixpath.normpath(text.lstrip("/")), *(posixpath.normpath(posixpath.join(base, text.lstrip("/"))) for base in bases), posixpath.normpath(posixpath.join(posixpath.dirname(page), text))]
                found.extend((page, spot) for spot in [next((spot for spot in spots if spot in files), None)] if spot is not None)
    return found


_SNIPPETS_ENTRY = re.compile(r"^([ \t]*)(?:-[ \t]+)?pymdownx\.snippets:[ \t]*(?:#.*)?$")
_BASE_PATH = re.compile(r"^[ \t]+base_path:[ \t]*(\[[^\]\n]*\]|[^\n#]+)")


def snippet_base_path(config: str) -> str | None:
    """pymdownx.snippets' `base_path: docs` (or `[docs, includes]`): where `--8<--` looks.
    Read line by line, among the lines indented under the extension's entry."""
    lines = config.splitlines()
    for number, line in enumerate(lines):
        entry = _SNIPPETS_ENTRY.match(line)
        if not entry:
            continue
        for at in range(number + 1, len(lines)):
            below = lines[at]
            if not below.strip():
                continue
            if len(below) - len(below.lstrip()) <= len(entry.group(1)):
                break  # the next extension
            found = _BASE_PATH.match(below)
            if found:
                return found.group(1)
            if below.strip() == "base_path:":
                items = []  # a block list: `base_path:` then `- docs` lines
                for item in lines[at + 1 :]:
                    if not item.lstrip().startswith("- "):
                        break
                    items.append(item.lstrip()[2:].strip())
                return "[" + ", ".join(items) + "]"
    return None


def _snippet_bases(revision: Revision) -> list[str]:
    """The folders pymdownx.snippets reads `--8<--` files from, by each mkdocs config's
    `base_path` (clinica's `base_path: docs`)."""
    bases = []
    for path, entry in revision.entries().items():
        if not MKDOCS_CONFIG.fullmatch(posixpath.basename(path)) or entry.is_link or not 0 <= entry.size <= BUILD_BYTES_MAX:
            continue
        written = snippet_base_path(revision.read(path).decode("utf-8", "replace"))
        if written:
            bases += [posixpath.normpath(posixpath.join(posixpath.dirname(path), b)) for b in re.findall(r"[^\s\[\],'\"]+", written)]
    return bases


def build_index(revision: Revision, extracted: Extracted, config: Config) -> FactIndex:
    index = FactIndex()
    index.files = set(revision.entries())
    index.submodules = {e.path for e in revision.entries().values() if e.is_submodule}
    links = _link_targets(revision)
    index.symlinked_from = {target: sorted({posixpath.dirname(link) for link in paths}) for target, paths in links.items()}
    for folder, output in _fragment_folders(revision).items():
        # A fragment's links are written for the page it is built into.
        for path in index.files:
            if path.startswith(folder + "/"):
                index.symlinked_from.setdefault(path, []).append(output)
    for page, included in _included_pages(extracted, index.files, revision):
        # `.. mdinclude:: ../../README.md`, ```{include} ../x.md```: the file's links are
        # written (and resolved by the build) for the page it is part of.
        index.symlinked_from.setdefault(included, []).append(posixpath.dirname(page))
    index.dir_links = {link: target for target, paths in links.items() for link in paths}
    confs = _sphinx_confs(revision)
    index.other_confs = {path for path, text in confs.items() if not _SPHINX_SETTING.search(text)}
    confs = {path: text for path, text in confs.items() if path not in index.other_confs}
    index.dir_links.update(_sphinx_collections(confs))
    index.autosectionlabel_sites = _autosectionlabel_sites(confs)
    index.intersphinx_sites = {posixpath.dirname(path) for path, text in confs.items() if "sphinx.ext.intersphinx" in text}
    index.intersphinx_doc_sites = _intersphinx_doc_sites(revision, confs)
    index.notebook_labels = _notebook_labels(revision, {posixpath.dirname(path) for path in confs})
    index.sphinx_suffixes = tuple(sorted({suffix for text in confs.values() for block in _SUFFIX_SETTING.findall(text) for suffix in _QUOTED_SUFFIX.findall(block)}
                                         | {suffix for text in confs.values() for extension, suffix in _EXTENSION_SUFFIXES.items() if re.search(rf"""["']{extension}["']""", text)}))
    index.static_folders = _static_folders(confs)
    index.gallery_sources = _gallery_sources(confs)
    for source, target in _gallery_builds(confs).items():
        for path in index.files:
            if path.startswith(source + "/"):
                index.gallery_built_in[path] = posixpath.dirname(target + path[len(source):])
    index.nbsite_roots = {posixpath.dirname(path) for path, text in confs.items() if "nbsite" in text}
    index.extra_path_folders = _extra_path_folders(revision, confs)
    entries = revision.entries()
    extensions = {path: _local_extension_sources(revision, entries, posixpath.dirname(path), text) for path, text in confs.items()}  # read once
    index.site_root_outputs = _site_root_outputs(confs, extensions)
    for root, folders in _outdir_copies(confs, index.site_root_outputs).items():
        index.extra_path_folders.setdefault(root, []).extend(folders)
    index.generated_page_folders = {posixpath.dirname(path): set(found) for path, text in confs.items() if (found := _SRCDIR_FOLDER.findall(text))}
    index.site_written_pages = _site_written_pages(confs, extensions)
    entries = revision.entries()
    index.quarto_reference_dirs = reference_dirs(
        (path, revision.read(entries[path]).decode("utf-8", "replace"))
        for path in index.by_basename(QUARTO_PROJECT)
        if 0 <= entries[path].size <= QUARTO_PROJECT_BYTES
    )
    index.doc_build_names = _doc_build_names(revision)
    index.cloning_sites = _cloning_sites(revision, confs)
    index.multiproject_roots = _multiproject_roots(confs)
    index.build_tokens = {word for text in confs.values() for word in _BUILD_TOKEN.findall(text)}
    # viewcode writes each module's highlighted source at `_modules/pkg/mod.html` of the site.
    index.viewcode_sites = {posixpath.dirname(path) for path, text in confs.items() if "sphinx.ext.viewcode" in text}
    copies, index.copied_patterns, generated = _recipe_copies(revision)
    index.build_written = _build_written(revision)
    for page, writer in generated.items():
        index.dir_links.setdefault(page, writer)  # an API page the docs build writes from this config
    under: dict[str, list[str]] = {}
    if copies or any(target not in index.files for target in links):
        for path in index.files:
            parts = path.split("/")
            for cut in range(1, len(parts)):
                under.setdefault("/".join(parts[:cut]), []).append(path)
    for target, paths in links.items():
        # A page in a folder a symlink points at is served at the link too (trulens'
        # docs/cookbook -> examples/expositional): its links may be written from there.
        for link in paths:
            for path in under.get(target, ()):
                index.symlinked_from.setdefault(path, []).append(posixpath.dirname(link + path[len(target):]))
    for source, target in _install_links(revision):
        # A folder setup.py links or copies into the package (`configs` ->
        # `detrex/config/configs`) is there once the package is installed.
        if source in under or any(path.startswith(source + "/") for path in index.files):
            index.dir_links.setdefault(target, source)
            index.installed_links[target] = source
    for source, target, folder in copies:
        # What the docs build copies (`pandoc benchmark/README.md -o docs/content/x.rst`,
        # `cp -r nbs/imgs docs/mintlify/`) is there when the site is built, and a page
        # copied is read from where it lands.
        if source in index.files:
            index.dir_links.setdefault(target, source)
            index.symlinked_from.setdefault(source, []).append(posixpath.dirname(target))
        elif source in under:
            index.dir_links.setdefault(target, source)
            for path in under[source]:
                index.symlinked_from.setdefault(path, []).append(posixpath.dirname(target + path[len(source):]))
    if any(posixpath.basename(path) in DOCUSAURUS_CONFIGS or posixpath.basename(path) == DOCUSAURUS_V1_CONFIG for path in revision.entries()):
        index.docusaurus = read_docusaurus_sites(list(revision.entries()), revision.read)
    if any(posixpath.basename(path) == "_config.yml" for path in revision.entries()):
        index.jekyll = read_jekyll_sites(list(revision.entries()), revision.read)
    index.folder_url_sites = _folder_url_sites(revision)
    # Next.js catch-all routes (`src/app/[lang]/docs/[[...mdxPath]]/page.tsx`): the segment a
    # Nextra site mounts its content under (`/en/docs/harness/...` for content/en/harness/).
    index.route_mounts = {m.group(1) for path in revision.entries() if index.folder_url_sites for m in [_CATCH_ALL_ROUTE.search(path)] if m}
    mkdocs = _mkdocs_configs(revision)  # read once: the site's layout, its theme folder and its redirects
    index.extra_path_folders.update(_mkdocs_theme_folders(mkdocs))
    index.doxygen_roots = _doxygen_roots(revision)
    index.mkdocs_site_paths, index.mkdocs_language_folders, index.mkdocs_docs_dirs, index.mkdocs_language_suffixes = _mkdocs_sites(mkdocs)
    index.mkdocs_name_linked = {folder for folder, text, _ in mkdocs if _NAME_LINK_PLUGIN.search(text)}
    index.mkdocs_redirects = _mkdocs_redirects(mkdocs)
    index.doc_builder_redirects = _doc_builder_redirects(revision)
    index.autosummary_pages = _autosummary_pages(revision)
    index.root_names = _checkout_names(revision)
    index.own_repos = _github_names(revision)
    try:
        index.branches = {head.name for head in revision.repo.heads}
    except (AttributeError, ValueError, git.GitError):
        index.branches = set()
    index.ignored = IgnoredPaths.from_files(
        [
            (path, revision.read(entry))
            for path, entry in revision.entries().items()
            if path.rsplit("/", 1)[-1] == ".gitignore" and not entry.is_link and entry.size >= 0
        ]
        + _gallery_outputs(revision)
        + _generated_doc_outputs(revision, confs)
    )
    index.dirs = set(revision.directories())
    index.upper_mentions |= _names_in(revision, _BUILD_FILES, _BUILD_NAME)
    index.upper_mentions |= _names_in(revision, _CONFIG_FILES, _EXPANDED_NAME, limit=YAML_FILES_MAX)
    # `Environ::GetString("MC_STORE_MEMCPY", ...)`: code in other languages reads env vars
    # through its own helpers; a quoted UPPER_CASE name there is read somewhere.
    # (A macro a C header defines, `#define XGBOOST_REGISTER_OBJECTIVE(...)`, is no env var.)
    # And `.option("-w, --workers <n>")` in a TypeScript CLI (commander, yargs, clap, cobra
    # spell options in strings): options the repository's other programs define.
    upper, flags, getopt = _names_in_each(revision, _OTHER_SOURCES, (_QUOTED_OR_DEFINED_UPPER, _OTHER_LANGUAGE_FLAG, _GETOPT_LONG_OPTION), limit=OTHER_SOURCES_MAX)
    index.upper_mentions |= upper
    index.flag_mentions |= flags | {"--" + name for name in getopt}
    index.compiled_modules = _names_in(revision, _EXTENSION_SOURCES, _EXTENSION_MODULE, limit=OTHER_SOURCES_MAX)
    index.css_properties = _names_in(revision, _STYLE_FILES, _CSS_PROPERTY)
    index.runs_apidoc = bool(_names_in(revision, _DOC_BUILD_SCRIPTS, _APIDOC))
    # `sandbagging/sb/gpt-4:` at the top of a registry YAML: a name the code looks up.
    index.slashed_mentions |= _names_in(revision, _YAML_FILES, _SLASHED_YAML_KEY, limit=YAML_FILES_MAX)
    # `"pylsp.plugins.autopep8.enabled": {...}` in pylsp/config/schema.json: a setting's name.
    json_keys = _names_in(revision, _JSON_FILES, _DOTTED_JSON_KEY, limit=YAML_FILES_MAX)
    # executorch's src/executorch/backends -> ../../backends: a package folder made of
    # committed symlinks to the real folders, imported as `executorch.backends.x`.
    linked_dirs = {link: target for link, target in index.dir_links.items() if target in index.dirs and link not in index.installed_links and not target.startswith(link + "/")}
    through_links = _files_through_links(index.files, linked_dirs)
    index.package_roots = _package_roots(index.files | {view for views in through_links.values() for view in views})
    index.code_read = set(extracted.code)
    index.cython_modules = _cython_modules(revision, index.package_roots)
    scripts, index.distribution_names = _root_project(revision)
    # `transformers==4.20` in a requirements file: a package installed from PyPI, whatever
    # old copy of it a sub-project vendors (unilm's xtune/src/transformers).
    index.required = {name.lower().replace("_", "-") for name in _names_in(revision, _REQUIREMENTS_FILES, _REQUIREMENT_NAME)}
    index.programs = set(scripts) | set(config.programs)
    index.program_modules = {name: target.split(":", 1)[0].strip() for name, target in scripts.items() if target.split(":", 1)[0].strip()}
    index.program_functions = {name: target.split(":", 1)[1].strip() for name, target in scripts.items() if ":" in target}
    linked_modules: dict[str, str] = {}  # a module's name through a folder setup.py links -> its own
    for path in index.files:
        name = module_name(path, index.package_roots)
        if name is None:
            continue
        top = name.split(".")[0]
        parts = path.split("/")  # tree paths: normalised, no leading or trailing slash
        root = package_root_of(path, index.package_roots)
        root_depth = len(root.split("/")) if root else 0
        is_package = len(parts) > root_depth + 1 and f"{'/'.join(parts[: root_depth + 1])}/__init__.py" in index.files
        if is_package or len(parts) == root_depth + 1 and root_depth <= 1:
            index.packages.add(top)  # a sub-project's loose modules (its setup.py) are no packages
        held = index.modules.get(name)
        if held is None or (held.count("/"), held) > (path.count("/"), path):
            index.modules[name] = path  # two files for one module: the shallower, for any hash seed
        index.path_modules[path] = name
        index.by_kind[MODULE][name].append(Fact(MODULE, name, path, 1))
        if root and f"{parts[0]}/__init__.py" in index.files:
            # agent/sandbox/client.py, in a sub-project (agent/sandbox/pyproject.toml) inside
            # the root's package `agent`: importable as agent.sandbox.client as well, and
            # the repository's own code imports it so.
            whole = module_name(path, {""})
            if whole and whole not in index.modules:
                index.modules[whole] = path
                linked_modules[whole] = name
        for link, source in index.installed_links.items():
            if path.startswith(source + "/"):
                alias = module_name(link + path[len(source):], index.package_roots)
                if alias and alias not in index.modules:
                    index.modules[alias] = path  # `detrex.config.configs.common.x`: configs/common/x.py, installed
                    linked_modules[alias] = name
    for path, views in through_links.items():
        name = index.path_modules.get(path)
        for view in views:
            alias = module_name(view, index.package_roots)
            if not alias or alias in index.modules:
                continue
            index.modules[alias] = path  # `executorch.backends.x`: backends/x.py, through src/executorch/backends
            if name:
                linked_modules[alias] = name
            else:
                # examples/models/muse-glimmer/x.py is importable only through its link
                # `muse_glimmer`: that name is the file's.
                name = index.path_modules[path] = alias
                index.by_kind[MODULE][alias].append(Fact(MODULE, alias, path, 1))
    # Namespace packages (no __init__.py): a top-level folder of Python files that the
    # repository's own code imports from is a package too.
    python_dirs = {name.split(".", 1)[0] for name, path in index.modules.items() if "." in name}
    for result in extracted.code.values():
        for name in result.get("imports", []):
            top = name.split(".", 1)[0]
            if top in python_dirs:
                index.packages.add(top)
    # A package's folders with no __init__.py are importable too (PEP 420): `optimum.exporters`.
    for name in list(index.modules):
        parts = name.split(".")
        if parts[0] in index.packages:
            index.namespace_modules.update(p for p in (".".join(parts[:keep]) for keep in range(1, len(parts))) if p not in index.modules)
    bindings: dict[str, set[str]] = defaultdict(set)
    class_calls: dict[str, set[str]] = defaultdict(set)
    init_params: dict[str, list[str]] = {}
    for path, result in extracted.code.items():
        try:
            module = index.path_modules.get(path)
            for raw in result.get("facts", []):
                fact = Fact.from_dict(raw)
                fact.path = path
                if fact.kind in (CLASS, FUNCTION, METHOD, CONSTANT):
                    if fact.name == "*" or fact.name.endswith(".*"):
                        if module:
                            index.star_modules.add(module)
                            if fact.attrs.get("aliased"):
                                index.aliased_modules.add(module)
                        continue
                    if "*" in fact.name:
                        if module:
                            index.symbol_patterns.setdefault(module, []).append(fact.name)  # `show_*`, made at import time
                        continue
                    if fact.kind == FUNCTION and fact.name == "__getattr__" and module:
                        index.star_modules.add(module)  # a module-level __getattr__: lazy exports, any name
                    if module:
                        index.module_symbols[module].add(fact.name)
                        qualified = f"{module}.{fact.name}"
                        index.by_kind[fact.kind][qualified].append(fact)
                    if fact.kind == CLASS:
                        init_params[fact.name.rsplit(".", 1)[-1]] = fact.attrs.get("init_params", [])
                    continue
                if fact.kind == FLAG:
                    index.file_flags[path] += 1
                index.by_kind[fact.kind][fact.name].append(fact)
            mentions = result.get("mentions", {})
            index.flag_mentions.update(mentions.get("flags", []))
            if mentions.get("flags"):
                index.file_flag_mentions[path] = set(mentions["flags"])
            if not is_test_path(path):
                for flag in mentions.get("prose_flags", []):
                    index.prose_flag_mentions.setdefault(flag, path)
            index.upper_mentions.update(mentions.get("upper", []))
            index.upper_tails.update(mentions.get("upper_tails", []))
            index.data_file_names.update(mentions.get("data_files", []))
            if mentions.get("peeked"):
                index.peeked_overrides[path] = set(mentions["peeked"])
            index.slashed_mentions.update(mentions.get("slashed", []))
            if not is_test_path(path):
                index.dict_key_paths.update(mentions.get("dict_paths", []))
                for spelled in mentions.get("paths", []):
                    index.spelled_paths.setdefault(spelled, path)
            index.dotted_mentions.update(mentions.get("dotted", []))
            # A logger's name is a name the code spells, though no one statement does.
            loggers = [(module or "") + name if name.startswith(".") else name for name in result.get("loggers", ())]
            index.dotted_mentions.update(name for name in loggers if "." in name.strip("."))
            index.flag_prefixes.update(p for p in mentions.get("flag_prefixes", []) if len(p) >= 5)
            if not is_test_path(path):
                index.quoted_flags.update(mentions.get("quoted_flags", []))
            index.upper_prefixes.update(p for p in mentions.get("upper_prefixes", []) if len(p) >= 5)
            for name, values in result.get("bindings", {}).items():
                bindings[name].update(values)
            for name, values in result.get("class_calls", {}).items():
                class_calls[name].update(values)
            index.metric_prefixes.update(result.get("metric_prefixes", []))
            if result.get("workflow"):
                index.workflows[path] = result["workflow"]
            index.upper_mentions.update(result.get("secrets", []))  # a CI secret's name is no unknown variable
            index.upper_prefixes.update(p for p in result.get("env_prefixes", []) if len(p) >= 5)
            index.env_prefixes.update(result.get("settings_prefixes", []))  # a settings class's fields follow it
            if result.get("imports"):
                index.file_imports[path] = result["imports"]
            if result.get("module_aliases"):
                index.file_module_aliases[path] = result["module_aliases"]
            lazy = _lazy_modules(index, result.get("mentions", {}).get("dotted", []))
            if lazy:
                index.lazy_imports[path] = lazy
            for alias, original in result.get("class_aliases", {}).items():
                index.class_aliases.setdefault(alias, set()).add(original)
            # What one file is, as sets of paths: an entry, a parser without abbreviations,
            # a parse_known_args caller, a script that reads sys.argv itself.
            for key, paths in (("entry", index.entry_files), ("no_abbrev", index.no_abbrev_files), ("parser_parents", index.parent_taking_files), ("flexible_parser", index.flexible_parser_files), ("underscoring_parser", index.underscoring_parser_files), ("known_args", index.known_args_files), ("splits_at_dashes", index.dash_splitting_files), ("keeps_rest", index.rest_keeping_files), ("reads_argv", index.argv_readers), ("dynamic_globals", index.dynamic_globals), ("remainder", index.remainder_files), ("entry_points", index.entry_point_loaders), ("traitlets_app", index.traitlets_apps), ("notebook_script", index.notebook_scripts), ("completes_py", index.py_completers)):
                if result.get(key):
                    paths.add(path)
            if result.get("subparsers"):
                index.subparsers[path] = set(result["subparsers"])
            if result.get("subparser_parents"):
                index.subparser_parents[path] = dict(result["subparser_parents"])
            if result.get("root_subcommands"):
                index.root_subcommands[path] = set(result["root_subcommands"])
            if result.get("helper_calls"):
                index.helper_calls[path] = set(result["helper_calls"])
            if result.get("parser_classes"):
                index.parser_classes[path] = set(result["parser_classes"])
            if result.get("framework_calls"):
                index.framework_calls[path] = set(result["framework_calls"])
            if result.get("argv_handoffs"):
                index.argv_handoffs[path] = set(result["argv_handoffs"])
            for helper, subs in result.get("helper_subcommands", {}).items():
                index.helper_subcommands.setdefault(helper, set()).update(subs)
            if result.get("dynamic_options"):
                index.dynamic_options[path] = list(result["dynamic_options"])
            if result.get("rewrites_argv") and not is_test_path(path):
                index.argv_rewriters.add(path)
            if result.get("opened_modules") and not is_test_path(path):
                for module in result["opened_modules"]:
                    index.opened_modules.setdefault(module, path)
            if result.get("extra_options"):
                index.extra_options[path] = list(result["extra_options"])
            if result.get("handed_classes"):
                index.handed_classes[path] = result["handed_classes"]
            if result.get("hydra_mains"):
                index.hydra_mains[path] = result["hydra_mains"]
            for word in result.get("text_options", ()) if not is_test_path(path) else ():
                index.text_options.setdefault(word, path)
            for key in result.get("kwargs_keys", ()) if not is_test_path(path) else ():
                index.kwargs_keys.setdefault(key, path)
            if result.get("dotlist_merge"):
                index.dotlist_merging_files[path] = set(result["dotlist_merge"])
            for key, (line_no, kind) in result.get("attr_config", {}).items() if not is_test_path(path) else ():
                if key not in index.attr_config or index.attr_config[key][1] == "leaf":
                    index.attr_config[key] = (f"{path}:{line_no}", kind)
            for class_name, info in result.get("typed_classes", {}).items():
                index.typed_classes.setdefault(class_name, []).append((path, info))
            index.class_inits.update(result.get("class_inits", {}))
            for class_name, fields in result.get("class_fields", {}).items():
                if class_name == "__bases__":
                    for entry in fields:
                        index.class_bases.setdefault(entry["class"], set()).update(entry["bases"])
                        for written in entry.get("qualified", []):
                            index.written_bases.setdefault(path, {}).setdefault(entry["class"], set()).add(written)
                else:
                    index.dataclass_fields.setdefault(class_name, []).append((path, {f["name"] for f in fields}))
                    if not is_test_path(path):
                        index.dataclass_field_specs.setdefault(class_name, []).append((path, fields))
        except Exception as exc:  # one file's odd facts must not end the audit
            index.problems.append({"stage": "index", "path": path, "error": f"{type(exc).__name__}: {exc}"})
    # (Two dots, or one under a package of the tree: `pylsp.configurationSources`.)
    index.dotted_mentions |= {n for n in json_keys if n.count(".") >= 2 or n.split(".", 1)[0] in index.packages}
    index.registry_families = {_VERSION_SUFFIX.sub("", m) for m in index.dotted_mentions if _VERSION_SUFFIX.search(m)}
    from .facts.builders import derive_factory_flags, flag_classes_by_file

    handed_by_file = flag_classes_by_file(list(extracted.code.items()), DATACLASS_PARSERS)
    for path, classes in handed_by_file.items():
        index.file_flag_classes[path] = set(classes)

    try:
        from .flag_helpers import resolve as resolve_flag_helpers

        resolve_flag_helpers(index, revision)  # `attach_bool_arg(parser, "x")` -> --x, --no-x
    except Exception as exc:
        index.problems.append({"stage": "index", "path": "", "error": f"flag helpers: {type(exc).__name__}: {exc}"})
    from .typer_programs import typer_option_facts

    # Flags derived from what every file says, in order (inherited fields read the flags
    # a factory gave): one source failing loses only its own.
    for stage, derive in (
        ("flag factories", lambda: derive_factory_flags(list(extracted.code.items()), handed_by_file)),
        ("options from fields", lambda: _field_option_flags(index, extracted)),
        ("inherited fields", lambda: _inherited_field_flags(index, extracted)),
        ("typer commands", lambda: typer_option_facts(index, extracted.code, revision.read)),
    ):
        try:
            facts = list(derive())
        except Exception as exc:
            index.problems.append({"stage": "index", "path": "", "error": f"{stage}: {type(exc).__name__}: {exc}"})
            continue
        for fact in facts:
            index.file_flags[fact.path] += 1
            index.by_kind[FLAG][fact.name].append(fact)
    try:
        from .metric_flow import flow_metrics

        flowed, resolved = flow_metrics(extracted.code.items())
        for fact in flowed:
            index.by_kind[METRIC][fact.name].append(fact)
        if resolved:
            _drop_wrapper_templates(index, resolved)
    except Exception as exc:
        index.problems.append({"stage": "index", "path": "", "error": f"metric flow: {type(exc).__name__}: {exc}"})
    if any(result.get("typer_keeps_names") for result in extracted.code.values()):
        _typer_keeps_names(index)
    try:
        from .choice_sources import resolve_choice_sources

        resolve_choice_sources(index.by_kind[FLAG], extracted.code, index.file_imports)
    except Exception as exc:
        index.problems.append({"stage": "index", "path": "", "error": f"choices: {type(exc).__name__}: {exc}"})
    for facts in index.by_kind[FLAG].values():
        facts.sort(key=flag_fact_rank)
    try:
        _apply_default_resets(index, extracted)
    except Exception as exc:
        index.problems.append({"stage": "index", "path": "", "error": f"default resets: {type(exc).__name__}: {exc}"})
    for name, facts in index.by_kind[METRIC].items():
        fact = facts[0]
        head = name.split("/", 1)[0] if "/" in name else None
        namespace = head if head and "{" not in head else None
        if namespace and any(f.attrs.get("strong", True) for f in facts):
            # Only names that reach a logger make a namespace: a dict keyed by
            # "org/model" ids does not.
            index.metric_namespaces.add(namespace)
        if not fact.pattern:
            continue
        literal = re.sub(r"\{[^{}]*\}", "", name)
        rest = literal[len(namespace) :] if namespace else literal
        weak = not rest.strip("/_-. ")
        if weak:
            if namespace:
                index.weak_namespaces.add(namespace)
            else:
                index.dynamic_metrics = True
        try:
            index.metric_patterns.append(MetricPattern(re.compile(fact.pattern, re.S), fact, weak))
        except re.error as exc:
            index.problems.append({"stage": "index", "path": fact.path, "error": f"metric pattern {name!r}: {exc}"})
            continue
        # Values that feed each hole, where the code spells them out elsewhere.
        for hole in fact.attrs.get("holes", []):
            hole_name = hole.rsplit(".", 1)[-1]
            values = set(bindings.get(hole_name, set()))
            for class_name, params in init_params.items():
                if params[:1] == [hole_name]:
                    values |= class_calls.get(class_name, set())
            if values:
                index.hole_values[name] |= values
    defined_classes = {name.rsplit(".", 1)[-1] for name in index.by_kind[CLASS]}
    for alias, originals in index.class_aliases.items():
        if alias not in defined_classes and len(originals) == 1:
            # A renamed import is the class it renames: its fields are that class's.
            index.class_bases.setdefault(alias, set()).add(next(iter(originals)).rsplit(".", 1)[-1])
    for path, imports in index.file_imports.items():
        handed = index.file_flag_classes.get(path, set())
        # (A call `deepspeed.add_config_arguments(parser)` names the framework's parser
        # code as an import of it would; only where the file imports that package.)
        called = set()
        tops = {i.split(".")[0] for i in imports}
        aliases = index.file_module_aliases.get(path, {})
        for name in index.framework_calls.get(path, ()):
            head = name.split(".")[0]
            if head in aliases:
                # `import pytorch_lightning as pl`, then `pl.Trainer.add_argparse_args(parser)`.
                name = aliases[head] + name[len(head):]
                head = name.split(".")[0]
            if head in tops:
                called.add(name)
                continue
            # `from pytorch_lightning import Trainer`, then `Trainer.add_argparse_args(parser)`.
            source = next((i for i in imports if not i.startswith(".") and i.endswith("." + head)), None)
            if source is not None:
                called.add(source + name[len(head):])
        for name in sorted(called):
            top = name.split(".")[0]
            if _REGISTERS_OPTIONS.match(name.rsplit(".", 1)[-1]) and top not in ARG_FRAMEWORKS and top not in index.packages and top not in _ADDS_NO_OPTIONS and not _importable_here(index, path, top):
                # snakemake's `StoragePluginRegistry().register_cli_args(parser)`: the
                # package's object adds options drift cannot list (each plugin's settings).
                index.framework_imports[path].add(top)
        for name in list(imports) + sorted(called):
            top = name.split(".")[0]
            # Only parser imports (megatron.training.arguments, HfArgumentParser,
            # sglang.srt.server_args) say the repo's flags include the framework's.
            if top not in ARG_FRAMEWORKS and top not in index.packages and top not in _ADDS_NO_OPTIONS and _PARSER_BUILDER.match(name.rsplit(".", 1)[-1]) and not _importable_here(index, path, top):
                # `from lm_eval.__main__ import setup_parser`: the parser, and its options,
                # are another package's; the program adds its own to them.
                index.framework_imports[path].add(top)
                continue
            if top in ARG_FRAMEWORKS and top not in index.packages and (top in CONFIG_CLI_FRAMEWORKS or any(_ARGUMENT_NAME.search(part) for part in name.split("."))):
                if any(prefix.startswith(f"--{top}") for prefix in index.flag_prefixes):
                    continue  # its flags come in under their own prefix (--sglang-*)
                if name.rsplit(".", 1)[-1] in DATACLASS_PARSERS:
                    continue  # HfArgumentParser adds no flags of its own: the classes it is handed decide
                index.framework_imports[path].add(top)
        for class_name in sorted(index.parser_classes.get(path, ())):
            # lumen's `Serve(parser=serve_parser)`, with Serve from panel.command: that
            # package's class adds its options (bokeh serve's --show, --port) to the parser.
            for name in imports:
                top = name.split(".")[0]
                if name.endswith("." + class_name) and not name.startswith(".") and top not in index.packages and top not in _ADDS_NO_OPTIONS and not _importable_here(index, path, top):
                    index.framework_imports[path].add(top)
        for callee in sorted(index.argv_handoffs.get(path, ())):
            # `from browser_harness import run` ... `run.main()`: the command line goes on
            # to another package's main, which takes options drift has not read.
            head = callee.split(".")[0]
            for name in imports:
                top = name.split(".")[0]
                if (name == head or name.endswith("." + head)) and not name.startswith(".") and top not in index.packages and top not in _ADDS_NO_OPTIONS and not _importable_here(index, path, top):
                    index.framework_imports[path].add(top)
        for class_name in handed - defined_classes:
            # HfArgumentParser((ScriptArguments, GRPOConfig)) with GRPOConfig from trl:
            # that class's fields are trl's, so the program is open to trl's flags.
            sources = {n.split(".")[0] for n in imports if n.endswith("." + class_name)}
            renamed = {n.split(".")[0] for n in index.class_aliases.get(class_name, ())} - index.packages
            if renamed and not (sources - index.packages):
                # `from air_benchmark import EvalArgs as AIRBenchEvalArgs`, re-exported and
                # handed to HfArgumentParser: that package's class, whose fields drift cannot read.
                index.framework_imports[path].update(s for s in renamed if not s.startswith("."))
                continue
            if not sources:
                sources = {n.split(".")[0] for n in imports}
            index.framework_imports[path].update(s for s in sources if s in ARG_FRAMEWORKS and s not in index.packages)
    for path, result in extracted.code.items():
        if path.endswith((".sh", ".bash")):
            passed = {item.get("flag", "") for ref in result.get("references", []) for item in ref.get("attrs", {}).get("flags", [])}
            for flag in passed:
                index.script_flags[flag] = index.script_flags.get(flag, 0) + 1
    from .config_tree import build_config_tree

    try:
        index.config_tree = build_config_tree({p: r for p, r in extracted.code.items() if p.lower().endswith((".yaml", ".yml"))})
    except Exception as exc:
        index.problems.append({"stage": "index", "path": "", "error": f"config composition: {type(exc).__name__}: {exc}"})
        index.config_tree = build_config_tree({})
    for package in index.packages:
        if len(package) >= 3:
            index.env_prefixes.add(package.upper() + "_")
    index.env_prefixes.update(config.env_prefixes)
    for alias, name in linked_modules.items():
        index.module_symbols[alias] = index.module_symbols.get(name, set())
    index.extension_packages = _extension_packages(index)
    return index


_DOXYGEN_CMAKE = re.compile(r"doxygen_add_docs|\bDOXYGEN_\w+|Doxyfile", re.I)


def _doxygen_roots(revision: Revision) -> set[str]:
    """Folders holding a Doxyfile, or a CMakeLists.txt that drives Doxygen (ompl's
    doc/CMakeLists.txt: `set(DOXYGEN_...)`, `cp -r images ${DOXYGEN_HTML_OUTPUT}`)."""
    found: set[str] = set()
    for path, entry in revision.entries().items():
        name = posixpath.basename(path)
        if name.startswith("Doxyfile"):
            found.add(posixpath.dirname(path))
        elif name == "CMakeLists.txt" and 0 <= entry.size <= MAKEFILE_BYTES:
            try:
                if _DOXYGEN_CMAKE.search(revision.read(entry).decode("utf-8", "replace")):
                    found.add(posixpath.dirname(path))
            except Exception:
                continue  # an unreadable CMakeLists.txt builds no pages drift can follow
    return found


def _extension_packages(index: FactIndex) -> dict[str, str]:
    """Packages whose __init__.py imports a private module the build compiles
    (`compiled_modules`, read from NB_MODULE / PYBIND11_MODULE / PyInit_): Dr.Jit's
    `from . import _drjit_ext`, a nanobind module that fills drjit and its submodules
    (drjit.scalar's __init__.py is empty) with names no Python file spells."""
    if not index.compiled_modules:
        return {}
    found: dict[str, str] = {}
    for module, path in index.modules.items():
        if not path.endswith("/__init__.py"):
            continue
        for name in index.file_imports.get(path, ()):
            target = module + name if name.startswith(".") else name
            if target.startswith(module + ".") and target.count(".") == module.count(".") + 1 and target.rsplit(".", 1)[-1].startswith("_") and target.rsplit(".", 1)[-1] in index.compiled_modules and target not in index.modules:
                found[module] = target
                break
    return found


def closest(name: str, candidates: Any, cutoff: float = 0.8) -> list[str]:
    """The (at most 3) most similar candidates, as difflib ranks them. difflib's ratio
    (matching blocks) never exceeds the Indel ratio (longest common subsequence), which
    rapidfuzz computes in C: candidates below the cutoff there are dropped first, so
    thousands of flags cost microseconds, with the same answers."""
    import difflib

    from rapidfuzz import fuzz, process

    pool = list(candidates)
    near = [pool[i] for _, _, i in process.extract(name, pool, scorer=fuzz.ratio, score_cutoff=cutoff * 100 - 1e-6, limit=None)]
    return difflib.get_close_matches(name, near, n=3, cutoff=cutoff)


def resolve_import(index: FactIndex, importer: str, name: str) -> str | None:
    """The repository file ``name`` imported from ``importer`` is, if any (memoised)."""
    memo = index.memo.setdefault("_resolved_imports", {})
    key = (importer, name)
    if key not in memo:
        memo[key] = _resolve_import(index, importer, name)
    return memo[key]


def _resolve_import(index: FactIndex, importer: str, name: str) -> str | None:
    if name.startswith("."):
        module = index.path_modules.get(importer, "")
        dots = len(name) - len(name.lstrip("."))
        base = module.split(".") if module else []
        is_init = importer.endswith("__init__.py")
        drop = dots - (1 if is_init else 0)
        base = base[: len(base) - drop] if drop > 0 else base
        rest = name.lstrip(".")
        name = ".".join([*base, rest] if rest else base)
    found = index.modules.get(name)
    if found is None and "/" in importer and not name.startswith("."):
        # `from utils import add_args` in examples/x/run.py: a script's own folder is on
        # sys.path when it runs, so its sibling modules import by their bare names.
        folder = importer.rsplit("/", 1)[0]
        stem = f"{folder}/{name.replace('.', '/')}"
        found = next((p for p in (stem + ".py", stem + "/__init__.py") if p in index.files), None)
    for _ in range(3):
        # icefall's recipes: zipformer/asr_datamodule.py is a committed symlink to
        # ../transducer/asr_datamodule.py, the file Python reads (and drift parses).
        target = index.dir_links.get(found or "")
        if target is None or target not in index.files:
            break
        found = target
    return found


def _lazy_modules(index: FactIndex, dotted: list[str]) -> list[str]:
    """This repository's modules a file names in strings (`"kedro.framework.cli.starters.new"`
    in a click LazyGroup, `import_module("pkg.plugins.x")`): it loads them by name."""
    found = []
    for name in dotted:
        parts = name.split(".")
        if parts[0] not in index.packages:
            continue
        module = next((".".join(parts[:keep]) for keep in range(len(parts), 1, -1) if ".".join(parts[:keep]) in index.modules), None)
        if module:
            found.append(module)
    return sorted(set(found))


def import_closure(index: FactIndex, path: str, depth: int = 4) -> frozenset[str]:
    """Repository files reachable from ``path`` by imports, ``depth`` levels deep."""
    key = (path, depth)
    cached = index._closures.get(key)
    if cached is not None:
        return cached
    seen = {path}
    frontier = [path]
    for _ in range(depth):
        following = []
        for current in frontier:
            for name in [*index.file_imports.get(current, []), *index.lazy_imports.get(current, [])]:
                target = resolve_import(index, current, name)
                if target and target not in seen:
                    seen.add(target)
                    following.append(target)
        frontier = following
    result = index._closures[key] = frozenset(seen)
    return result


def frameworks_behind(index: FactIndex, path: str | None) -> set[str]:
    """Argument frameworks a script (or, with None, any flag-defining file) pulls in."""
    found: set[str] = set()
    if path is None:
        for flag_file in index.file_flags:
            for reached in import_closure(index, flag_file, 1):
                found |= index.framework_imports.get(reached, set())
        return found
    for reached in import_closure(index, path):
        found |= index.framework_imports.get(reached, set())
    if found & CONFIG_CLI_FRAMEWORKS and path in own_parser_files(index):
        # A script that builds its own parser: a config-class CLI (pydantic_cli, tyro) that
        # only a module it imports runs makes another command line, not this one.
        own = index.framework_imports.get(path, set())
        found = {name for name in found if name not in CONFIG_CLI_FRAMEWORKS or name in own}
    return found


def own_parser_files(index: FactIndex) -> frozenset[str]:
    """Files that define options themselves (argparse, click, typer), not by naming rule."""
    files = index.memo.get("_own_parser_files")
    if files is None:
        files = index.memo["_own_parser_files"] = frozenset(
            f.path for facts in index.by_kind[FLAG].values() for f in facts if (f.attrs.get("origin") or {}).get("by") != "name" and f.field_of is None
        )
    return files


def program_definitions(index: FactIndex, path: str) -> tuple[frozenset[str], frozenset[str]]:
    """Where a program's flags come from: the repository files it imports, and the
    config classes (with their bases) that those files hand a flag factory."""
    reach = import_closure(index, path)
    handed = {name for file in reach for name in index.file_flag_classes.get(file, ())}
    return reach, frozenset(cls for name in handed for cls in index.lineage(name))


def defines_flags(index: FactIndex, path: str) -> bool:
    """Whether a script, or what it imports from the repository, defines any flag, or
    builds its command line from config classes (`tyro.cli(Args)`)."""
    if any(index.file_flags.get(p) for p in import_closure(index, path)):
        return True
    from .config_classes import cli_roots

    return bool(cli_roots(index, path))
