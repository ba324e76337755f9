"""Programs configured by Hydra: the keys of their composed config are their options.

`@hydra.main(config_path="config", config_name="ppo_trainer")` on the function a script
runs makes `trainer.n_gpus_per_node=8` an option of that script: the key must be in
config/ppo_trainer.yaml once its defaults list is composed (`+key=v` adds one). The
config folder is relative to the script's own folder; `--config-name x` picks another
file in it. Read from the facts only: nothing runs the script.
"""

from __future__ import annotations

import posixpath
from typing import Any

from .index import FactIndex

MAX_ROWS = 3000  # rows one program's composed config may give


def _config_dir(index: FactIndex, path: str, written: str | None) -> str | None:
    """The repository folder a decorator's `config_path` names."""
    if written is None:
        return None
    if written.startswith("pkg://"):
        module = written[len("pkg://") :].strip("/").replace("/", ".")
        found = index.module_path(module + ".__init__") or index.module_path(module)
        return posixpath.dirname(found) if found else module.replace(".", "/")
    if written.startswith(("/", "file://")):
        return None  # a folder on the machine that runs it
    folder = posixpath.normpath(posixpath.join(posixpath.dirname(path), written))
    return None if folder.startswith("..") else ("" if folder == "." else folder)


def _with_suffix(name: str) -> str:
    return name if name.endswith((".yaml", ".yml")) else name + ".yaml"


def config_file(index: FactIndex, folder: str, name: str) -> str | None:
    """The config file `name` in a Hydra program's config folder, when the configs have it."""
    tree = index.config_tree
    if tree is None:
        return None
    wanted = posixpath.join(folder, _with_suffix(name)) if folder else _with_suffix(name)
    for candidate in (wanted, wanted[:-5] + ".yml" if wanted.endswith(".yaml") else wanted):
        if candidate in tree.files:
            return candidate
    return None


def hydra_entry(index: FactIndex, path: str | None) -> dict[str, Any] | None:
    """{"folder", "config"} of the Hydra program a script is (its primary config may be
    None when the command line must name one), or None when it is not one."""
    if not path:
        return None
    memo = index.memo.setdefault("hydra_entry", {})
    if path not in memo:
        found = None
        for main in index.hydra_mains.get(path, []):
            folder = _config_dir(index, path, main.get("config_path"))
            if folder is None:
                continue
            name = main.get("config_name")
            found = {"folder": folder, "config": config_file(index, folder, name) if name else None, "line": main.get("line", 0)}
            break
        memo[path] = found
    return memo[path]


def hydra_programs(index: FactIndex) -> dict[str, str | None]:
    """Entry files (a `__main__` guard, a console script's module) that run a
    `@hydra.main` function, each with its primary config file."""
    if "hydra_programs" not in index.memo:
        entries = set(index.entry_files) | {p for p in (index.module_path(m) for m in index.program_modules.values()) if p}
        found = {}
        for path in sorted(entries & set(index.hydra_mains)):
            entry = hydra_entry(index, path)
            if entry is not None:
                found[path] = entry["config"]
        index.memo["hydra_programs"] = found
    return index.memo["hydra_programs"]


def hydra_rows(index: FactIndex, entry: str) -> list[dict[str, Any]]:
    """One row per key a user sets on the program's command line (`trainer.nnodes=2`),
    in the order its composed config defines them, grouped by section, with the YAML's
    value as the default and the comment above the key as its description."""
    primary = hydra_programs(index).get(entry)
    tree = index.config_tree.scoped(primary) if primary and index.config_tree is not None else None
    if tree is None:
        return []
    rows = []
    for key in tree.leaves()[:MAX_ROWS]:
        where = tree.keys[key]
        path, _, line = where.rpartition(":")
        detail = tree.details.get(key, {})
        rows.append({
            "flag": key,
            "aliases": [],
            "description": detail.get("comment", ""),
            "default": detail.get("value", ""),
            "type": "",
            "choices": "",
            "source": f"{path} (Hydra config)",
            "group": key.rsplit(".", 1)[0] if "." in key else primary,
            "path": path,
            "line": int(line) if line.isdigit() else 0,
        })
    return rows
