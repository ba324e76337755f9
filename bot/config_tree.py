"""The keys a config-driven program accepts: YAML configs composed as Hydra composes them.

A Hydra entry point (`python -m pkg.main_ppo trainer.n_gpus_per_node=8`) takes as options
the dotted keys of its primary config after its defaults list has mounted each group's
file (`- actor@actor_rollout_ref.actor: dp_actor` puts actor/dp_actor.yaml's keys under
`actor_rollout_ref.actor`). A project's hand-made inheritance (`defaults: base.yaml`)
mounts the named file at the same place. Nothing here runs code: it reads YAML facts.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from .model import CONFIG_KEY

MAX_DEPTH = 10
# Sections whose keys are passed on as keyword arguments or a request body: any key.
FREE_SECTION_RE = re.compile(r"kwargs$|^extra_(?:body|args|kwargs|params|config)$|^(?:env_vars|environment_variables)$", re.I)
# Files whose YAML is not a program's configuration.
_NOT_CONFIG_NAMES = {
    "mkdocs.yml", "mkdocs.yaml", ".pre-commit-config.yaml", "environment.yml", "environment.yaml",
    "codecov.yml", ".readthedocs.yaml", ".readthedocs.yml", "_toctree.yml", "docker-compose.yml",
    "docker-compose.yaml", "compose.yaml", "compose.yml", "citation.cff", ".clang-format",
}
_NOT_CONFIG_ROOTS = ({"apiVersion", "kind"}, {"services"}, {"jobs", "on"}, {"repos"})


@dataclass
class ConfigTree:
    keys: dict[str, str] = field(default_factory=dict)  # dotted key -> "file:line" of its definition
    details: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)  # key -> its YAML value and comment
    open: set[str] = field(default_factory=set)  # empty or null keys: open unless a config fills them
    components: set[str] = field(default_factory=set)  # `_target_`/`_component_` nodes: any keyword argument
    extended: dict[str, str] = field(default_factory=dict)  # nodes another package's config also fills -> its defaults entry
    roots: set[str] = field(default_factory=set)  # top-level keys of primary configs
    primaries: list[str] = field(default_factory=list)  # config files no defaults list mounts
    files: set[str] = field(default_factory=set)  # every YAML file taken as configuration
    incomplete: list[str] = field(default_factory=list)  # defaults entries that name no file here

    _free: set[str] | None = None
    _by_folder: dict[str, list[str]] | None = None  # "/folder/" -> the YAML files in it, sorted
    _sources: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)  # path -> YAML facts
    _scoped: dict[str, "ConfigTree | None"] = field(default_factory=dict, repr=False)
    _main: "ConfigTree | None" = field(default=None, repr=False)

    def main(self) -> "ConfigTree":
        """The configs of the repository's own programs: primaries outside tests,
        examples, recipes and tools (what a page of the main docs is about)."""
        if self._main is None:
            composer = _Composer(self._sources)
            for path in self.primaries:
                if config_role(path) == "main":
                    composer.compose(path, "", 0, frozenset())
            tree = composer.tree
            tree.files = {p for p in self.primaries if config_role(p) == "main"}
            tree.roots = {key.split(".", 1)[0] for key in tree.keys}
            self._main = tree
        return self._main

    def scoped(self, path: str) -> "ConfigTree | None":
        """The config one file composes on its own: what a program started with
        `--config path` (or Hydra's `--config-name`) accepts, rather than the union of
        every config in the repository. None when ``path`` is not a config file here."""
        if path not in self._scoped:
            tree = None
            if path in self._sources:
                composer = _Composer(self._sources)
                composer.compose(path, "", 0, frozenset())
                tree = composer.tree
                tree.files = {path}
                tree.primaries = [path]
                tree.roots = {key.split(".", 1)[0] for key in tree.keys}
                tree.incomplete = sorted(set(composer.missing))
            self._scoped[path] = tree
        return self._scoped[path]

    @property
    def free(self) -> set[str]:
        """Open nodes that no config fills: free-form sections. One file's `trainer: {}`
        does not make the `trainer` that other configs define take any key."""
        if self._free is None:
            filled = {k.rsplit(".", 1)[0] for k in self.keys if "." in k}
            parents = {p for k in filled for p in key_prefixes(k)} | filled
            self._free = {node for node in self.open if node not in parents} | self.components
        return self._free

    def group_options(self, group: str) -> list[str]:
        """The YAML files of a config group folder (`model/info_sharing` -> every
        `.../model/info_sharing/*.yaml`): the options a defaults list or a command may pick."""
        if self._by_folder is None:
            # Once per tree, not per key asked of it.
            self._by_folder = {}
            for p in sorted(self._sources):
                if p.endswith((".yaml", ".yml")):
                    self._by_folder.setdefault("/" + posixpath.dirname(p) + "/", []).append(p)
        marker = "/" + group.strip("/") + "/"
        return [p for folder, paths in self._by_folder.items() if folder.endswith(marker) for p in paths]

    def sources_ending(self, suffixes: tuple[str, ...]) -> list[str]:
        """The YAML files read whose path ends with one of ``suffixes`` (`/model/sequence.yaml`)."""
        return sorted(p for p in self._sources if ("/" + p).endswith(suffixes))

    def knows(self, key: str) -> bool:
        """A key the composed configs define, a section of them, or a key under a free node
        (one a config leaves empty, or a `*kwargs` mapping handed on to a constructor)."""
        if key in self.keys or key in self.open:
            return True
        parts = key.split(".")
        if any(FREE_SECTION_RE.search(part) for part in parts[:-1]):
            return True
        return any(".".join(parts[:n]) in self.free for n in range(1, len(parts)))

    def files_of(self, root: str, limit: int = 3) -> list[str]:
        """The config files that define keys under ``root``, the most keys first."""
        counts: dict[str, int] = {}
        for key, where in self.keys.items():
            if key == root or key.startswith(root + "."):
                file = where.rsplit(":", 1)[0]
                counts[file] = counts.get(file, 0) + 1
        return sorted(counts, key=lambda f: (config_role(f) != "main", -counts[f], f))[:limit]

    def leaves(self) -> list[str]:
        """The keys a user sets to a value, in the order the composition defines them
        (sections and Hydra's own `_target_`-style keys left out)."""
        sections = {k.rsplit(".", 1)[0] for k in self.keys if "." in k}
        return [k for k in self.keys if k not in sections and not re.fullmatch(r"_\w+_", k.rsplit(".", 1)[-1])]

    def children(self, key: str) -> set[str]:
        prefix = key + "."
        return {k[len(prefix):].split(".", 1)[0] for k in self.keys if k.startswith(prefix)}

    def longest_known_prefix(self, key: str) -> str:
        parts = key.split(".")
        for n in range(len(parts) - 1, 0, -1):
            prefix = ".".join(parts[:n])
            if prefix in self.keys:
                return prefix
        return ""

    def is_section(self, key: str) -> bool:
        prefix = key + "."
        return any(k.startswith(prefix) for k in self.keys)

    def suggestions(self, key: str) -> list[str]:
        """Keys that are probably meant: the one key that ends with it (moved under a new
        section) or has its name under the same root, else the closest sibling name."""
        from .index import closest

        root = key.split(".", 1)[0]
        parent, _, leaf = key.rpartition(".")
        moved = [k for k in self.keys if k.endswith("." + key)]
        moved = moved or [k for k in self.keys if k.rsplit(".", 1)[-1] == leaf and k.split(".", 1)[0] == root and k != key]
        if len(moved) == 1:
            return moved
        siblings = self.children(parent) if parent else set()
        return [f"{parent}.{name}" for name in closest(leaf, siblings, 0.75)]


# Folders whose configs and docs belong to examples, recipes, tests or tools.
_NOT_MAIN_DIRS = frozenset({"examples", "example", "recipes", "recipe", "tutorials", "demo", "demos", "tests", "test", "scripts", "tools", "benchmarks", "benchmark", "experimental", "contrib", "third_party", "3rdparty"})


def config_role(path: str) -> str:
    """"main" for a config or doc of the repository's own programs, else "other"
    (under an examples/recipes/tests/tools folder, or a file named as an example)."""
    name = path.rsplit("/", 1)[-1].lower()
    if set(path.split("/")[:-1]) & _NOT_MAIN_DIRS or re.search(r"(?:^|[._-])(?:example|sample|template)s?(?:[._-]|$)", name):
        return "other"
    return "main"


def key_prefixes(key: str) -> list[str]:
    """`a.b.c` -> [`a`, `a.b`]: the nodes above a dotted key."""
    parts = key.split(".")
    return [".".join(parts[:n]) for n in range(1, len(parts))]


# Folders of deployment manifests (Kubernetes, Helm charts): their keys are no program's.
_DEPLOYMENT_DIRS = frozenset({"k8s", "kubernetes", "helm", "charts", "manifests", "kustomize"})


def _is_config_file(path: str, keys: set[str]) -> bool:
    name = posixpath.basename(path).lower()
    if any(part.startswith(".") for part in path.split("/")) or name in _NOT_CONFIG_NAMES:
        return False  # tools' settings (.github/, .gemini/), site and CI files
    if set(path.lower().split("/")[:-1]) & _DEPLOYMENT_DIRS or name in ("values.yaml", "chart.yaml"):
        return False  # a Helm chart's values.yaml has `trainer:` too, for the pods it starts
    roots = {k for k in keys if "." not in k}
    return not any(marker <= roots for marker in _NOT_CONFIG_ROOTS)


def _join(package: str, key: str) -> str:
    return f"{package}.{key}" if package and key else package or key


class _Composer:
    def __init__(self, files: dict[str, dict[str, Any]], use_searchpath: bool = True):
        self.files = files  # path -> YAML extraction result
        # Off when finding which files are primaries: a file another program's config
        # pulls in by search path (verl's ppo_trainer.yaml) is still a program's own.
        self.use_searchpath = use_searchpath
        self.tree = ConfigTree()
        self.mounted: set[str] = set()  # files some defaults list names
        self.missing: list[str] = []  # defaults entries that name no file here
        self.packaged: set[str] = set()  # search-path folders of `pkg://` entries, which may be another package's
        self.outside: list[tuple[str, str, str]] = []  # (file, package, entry) of defaults another package's search path may serve
        self.chosen: set[tuple[str, str]] = set()  # (group folder, package) of groups a command line picks (`- model: ???`)

    def _has_files_in(self, folder: str) -> bool:
        return any(path.startswith(folder + "/") for path in self.files)

    def _find(self, directory: str, name: str, search: tuple[str, ...] = ()) -> str | None:
        """The YAML file a defaults entry names, from the naming file's folder (Hydra's
        group paths are relative to it; a leading / or an ancestor folder for the rest),
        then from the folders of a `hydra.searchpath` (`file://verl/trainer/config`)."""
        name = name.strip()
        if not name.endswith((".yaml", ".yml")):
            name += ".yaml"
        candidates = []
        if name.startswith("/"):
            parts = directory.split("/")
            candidates = [posixpath.join("/".join(parts[:n]), name.lstrip("/")) for n in range(len(parts), -1, -1)]
        else:
            candidates = [posixpath.normpath(posixpath.join(directory, name))]
            parts = directory.split("/")
            candidates += [posixpath.join("/".join(parts[:n]), name) for n in range(len(parts) - 1, -1, -1)]
        if self.use_searchpath:
            candidates += [posixpath.normpath(posixpath.join(folder, name.lstrip("/"))) for folder in search]
        for candidate in candidates:
            for spelled in (candidate, candidate[:-5] + ".yml" if candidate.endswith(".yaml") else candidate):
                if spelled in self.files:
                    return spelled
        return None

    def searchpath(self, path: str, inherited: tuple[str, ...] = ()) -> tuple[str, ...]:
        """Repository folders a config adds to Hydra's search path (`file://` paths are
        from the folder the program runs in: the repository's root)."""
        folders = list(inherited)
        for entry in self.files[path].get("searchpath", []):
            entry = str(entry).strip()
            if entry.startswith("file://"):
                folder = entry[len("file://") :]
            elif entry.startswith("pkg://"):
                folder = entry[len("pkg://") :].replace(".", "/")
                self.packaged.add(posixpath.normpath(folder.strip("/")) if folder.strip("/") else "")
            else:
                continue
            folder = posixpath.normpath(folder.strip("/")) if folder.strip("/") else ""
            if not folder.startswith("..") and "${" not in folder and folder not in folders:
                folders.append(folder)
        return tuple(folders)

    def mounts(self, path: str, package: str, search: tuple[str, ...] = ()) -> Iterable[tuple[str, str]]:
        """(file, package) for each entry of ``path``'s defaults list."""
        directory = posixpath.dirname(path)
        for spec, option in self.files[path].get("defaults", []):
            spec = str(spec).strip()
            if not spec or spec == "_self_" or spec.startswith(("override ", "optional ")) and option is None:
                continue
            optional = spec.startswith("optional ")
            spec = spec.removeprefix("optional ").removeprefix("override ").strip()
            if spec.startswith("hydra/") or spec == "hydra":
                continue
            group, _, at = spec.partition("@")
            if at == "_global_" or at.startswith("_global_."):
                target_package = at.removeprefix("_global_").lstrip(".")
            elif at == "_here_":
                target_package = package
            elif at:
                target_package = _join(package, at)
            elif option is not None:
                target_package = _join(package, group.strip("/").replace("../", "").replace("/", "."))
            elif "/" in group.strip("/").replace("../", "") and not group.endswith((".yaml", ".yml")):
                # `- training/default`: Hydra (1.1 on) puts a group's config under the group's
                # path, `training`, whether or not the entry names its option apart.
                target_package = _join(package, posixpath.dirname(group.strip("/").replace("../", "")).replace("/", "."))
            else:
                target_package = package
            if option == "???":
                # `- model: ???`, `- val_data: null`: the command line picks the option
                # (`val_data=etth1`); each config in the group's folder is one.
                folder = posixpath.normpath(posixpath.join(directory, group.strip("/")))
                if not folder.startswith("..") and self._has_files_in(folder):
                    self.chosen.add((folder, target_package))
                    continue
            name = f"{group}/{option}" if option is not None else group
            found = self._find(directory, name, search)
            if found is None and not optional and "${" not in name:
                self.missing.append(f"{path}: {spec}")
                where = next((folder for folder in search if folder in self.packaged and not self._has_files_in(folder)), None)
                if where is not None:
                    # `pkg://verl/trainer/config` with `- ppo_trainer`: an installed package's config
                    self.outside.append((path, target_package, f"`{spec}` from pkg://{where}"))
                else:
                    # `- ppo_trainer` where ppo_trainer.yaml links into a submodule (or is
                    # made at run time): Hydra composes a config drift cannot read.
                    self.outside.append((path, target_package, f"`{spec}`, which names no config file drift can read"))
            if found is not None and found != path:
                header = self.files[found].get("package")
                if header and not at:
                    # The config's own `# @package` header decides, unless the entry does.
                    if header == "_global_":
                        target_package = ""
                    elif header != "_group_":
                        target_package = header
                yield found, target_package

    def compose(self, path: str, package: str, depth: int, seen: frozenset[str], search: tuple[str, ...] = ()) -> None:
        if depth > MAX_DEPTH or path in seen:
            return
        seen = seen | {path}
        search = self.searchpath(path, search)
        result = self.files[path]
        for raw in result.get("facts", []):
            if raw.get("kind") != CONFIG_KEY or raw["name"] == "defaults" or raw["name"].startswith("defaults."):
                continue
            key = _join(package, raw["name"])
            if key not in self.tree.keys:
                self.tree.keys[key] = f"{path}:{raw.get('line', 1)}"
                attrs = raw.get("attrs") or {}
                if "value" in attrs or "comment" in attrs:
                    self.tree.details[key] = {k: attrs[k] for k in ("value", "comment") if k in attrs}
        for node in result.get("open", []):
            self.tree.open.add(_join(package, node))
        for node in result.get("components", []):
            self.tree.components.add(_join(package, node))
        for child, child_package in self.mounts(path, package, search):
            self.compose(child, child_package, depth + 1, seen, search)
        for file, outside_package, entry in self.outside:
            if file == path:
                # What another package's config brings is unknown: keys under the sections
                # this file extends (or the one it mounts that config at) may be its.
                nodes = [outside_package] if outside_package else [_join(package, root) for root in _roots(result)]
                self.tree.extended.update((node, entry) for node in nodes if node)


def _roots(result: dict[str, Any]) -> set[str]:
    return {raw["name"].split(".", 1)[0] for raw in result.get("facts", []) if raw.get("kind") == CONFIG_KEY}


def _helm_values_roots(yaml_results: dict[str, dict[str, Any]]) -> set[str]:
    """The top-level keys of the repository's Helm charts' values.yaml (beside a Chart.yaml)."""
    charts = {posixpath.dirname(p) for p in yaml_results if posixpath.basename(p).lower() == "chart.yaml"}
    return {root for path, result in yaml_results.items() if posixpath.basename(path) == "values.yaml" and posixpath.dirname(path) in charts for root in _roots(result)}


def build_config_tree(yaml_results: dict[str, dict[str, Any]]) -> ConfigTree:
    files = {}
    helm = _helm_values_roots(yaml_results)
    for path, result in yaml_results.items():
        keys = {raw["name"] for raw in result.get("facts", []) if raw.get("kind") == CONFIG_KEY}
        roots = _roots(result)
        if helm and roots and len(roots & helm) * 2 >= len(roots):
            continue  # tutorials/assets/values-01-minimal.yaml: values for the Helm chart, no program's config
        if keys and _is_config_file(path, keys):
            files[path] = result
    composer = _Composer(files)
    finder = _Composer(files, use_searchpath=False)
    group_packages: dict[str, set[str]] = {}
    for path in files:
        for child, package in finder.mounts(path, ""):
            composer.mounted.add(child)
            group_packages.setdefault(posixpath.dirname(child), set()).add(package)
    for folder, package in finder.chosen:
        group_packages.setdefault(folder, set()).add(package)
    # A group found through `hydra.searchpath` (navsim's `- agent: ego_status_mlp_agent`,
    # from pkg://navsim.planning.script.config.common): its folder's other options
    # (transfuser_agent.yaml) mount under `agent` too.
    searcher = _Composer(files)
    for path in files:
        for child, package in searcher.mounts(path, "", searcher.searchpath(path)):
            if child not in composer.mounted:
                group_packages.setdefault(posixpath.dirname(child), set()).add(package)
    tree = composer.tree
    tree.files = set(files)
    tree._sources = files
    # The repository's own configs first: a key's place (and a fix's evidence) is the
    # trainer's config, not an example's copy of it.
    # config/loss/dpo.yaml beside the default `- loss: sft`: another option of the group,
    # which `loss=dpo` on a command line mounts in its place, under `loss`.
    alternatives = {}
    for path in files:
        folder = posixpath.dirname(path)
        packages = group_packages.get(folder, set())
        package = next(iter(packages)) if len(packages) == 1 else ""
        # (A group's folder is named as the package it mounts at: `loss/` under `loss`.)
        if path not in composer.mounted and package and package.rsplit(".", 1)[-1] == posixpath.basename(folder):
            alternatives[path] = package
    for path in sorted(files, key=lambda p: (config_role(p) != "main", p)):
        if path in composer.mounted or path in alternatives:
            continue
        tree.primaries.append(path)
        composer.compose(path, "", 0, frozenset())
    for path, package in sorted(alternatives.items()):
        composer.compose(path, package, 1, frozenset())
    tree.roots = {key.split(".", 1)[0] for key in tree.keys}
    return tree
