"""DRIFT017 unknown-config-key: a doc sets or names a config key the configs do not have.

What it does: composes the repository's YAML configs as Hydra does (each primary config
with its defaults list: `- actor@actor_rollout_ref.actor: dp_actor` mounts
actor/dp_actor.yaml under `actor_rollout_ref.actor`; `defaults: base.yaml` inherits a
file) and checks dotted keys against the result: overrides on command lines and in inline
code (`trainer.nnodes=2`), and keys a config reference lists (`- ``algorithm.gamma``:`).
Only keys under a root the configs define are judged; a key under a node that takes any
sub-key (null, `{}`, a `_target_` mapping, a `*kwargs` section) exists; `+key=v` adds a
key and is not judged. A command that runs a `@hydra.main` program is judged by that
program's config (its `config_name`, or the `--config-name` it is given, in its
`config_path`, with `hydra.searchpath` folders); one that loads `--config x.yaml` by that
file and the config class its script imports; a program whose entry builds its command line from
config classes (`cli(RLConfig)`, `Config.from_cli_overrides(argv)`) by their fields.

Why: Hydra rejects an unknown override (`Could not override 'trainer.nnode'`), and a
documented key that no config reads is silently ignored in YAML.

Example: `trainer.nnode=2` where the config has `trainer.nnodes`; `ray_init.num_cpus`
after `ray_init` moved under `ray_kwargs`. The suggestion is the one key of the same name
elsewhere under the same root, or the closest spelling.

Silence: `<!-- drift-ignore -->` above the line, or `ignore_names = ["trainer.nnode"]`.
"""

from __future__ import annotations

import posixpath
from typing import Iterable

from ..config_classes import KNOWN, MISSING, OPEN, class_schemas, describe, resolve as resolve_in_classes
from ..index import is_test_path
from ..model import CLASS, CONFIG_KEY, METHOD, Finding
from .base import CheckContext, as_notes, changed, finding
from ..config_tree import config_role, key_prefixes
from .classify import HOSTNAME_RE, Claim

CODE = "DRIFT017"
NAME = "unknown-config-key"
CLAIMS = ("config",)
SEVERITY = "error"


# How much of a YAML section a dataclass's fields must cover to be taken as its schema.
SCHEMA_COVER = 0.6
SCHEMA_MIN_SHARED = 5  # or this many of its keys, in a section many configs add to


def _field_of_schema(index, tree, key: str) -> bool:
    """`actor.loss_type` where the YAML's `actor` section lists only some of the fields
    of a config dataclass the repository defines: the dataclass, not the YAML, says
    which keys exist (its defaults fill the rest)."""
    section = tree.longest_known_prefix(key)
    if not section:
        return False
    children = tree.children(section)
    wanted = key[len(section) + 1 :].split(".", 1)[0]
    if len(children) < 2:
        return False
    for class_name in index.dataclass_fields:
        fields = index.known_fields(class_name)
        if wanted in fields and len(children & fields) >= min(SCHEMA_MIN_SHARED, SCHEMA_COVER * len(children)):
            return True
    # A pydantic model that validates the section (easydistill's PaiTokenVideoBackendConfig
    # for `t2v_backend`, with `i2v_image_field` the shipped YAML leaves out).
    for entries in index.typed_classes.values():
        for _, info in entries:
            fields = set(info.get("fields", {}))
            if wanted in fields and len(children & fields) >= min(SCHEMA_MIN_SHARED, SCHEMA_COVER * len(children)):
                return True
    return False


# A dataclass is the schema of a config file when its fields hold this share of the
# file's top-level keys (`load_expr_config(args, RWConfig)` with a partial YAML).
SCOPE_SCHEMA_COVER = 0.8
SCOPE_SCHEMA_MIN = 3


def _scope_schemas(index, scoped, scripts: list[str]) -> tuple[list[str], bool]:
    """(the dataclasses whose fields cover the scoped config's top-level keys, whether
    their fields are all known): the classes such a program's loader merges the file
    into. Those the command's scripts import or define, when they name any
    (`load_expr_config(args, RWConfig)` in the script handed to the launcher)."""
    memo = index.memo.setdefault("config_scope_schemas", {})
    key = (frozenset(scoped.roots), tuple(scripts))
    if key not in memo:
        need = max(SCOPE_SCHEMA_MIN, SCOPE_SCHEMA_COVER * len(scoped.roots))
        classes = sorted(c for c in index.dataclass_fields if len(scoped.roots & index.known_fields(c)) >= need)
        named = {name.rsplit(".", 1)[-1] for path in scripts for name in index.file_imports.get(path, [])}
        named |= {name.rsplit(".", 1)[-1] for name, facts in index.by_kind[CLASS].items() if any(f.path in scripts for f in facts)}
        classes = [c for c in classes if c in named] or classes
        memo[key] = (classes, all(index.fields_of(c) is not None for c in classes))
    return memo[key]


def _check_in_scope(claim: Claim, ctx: CheckContext, tree, scope: str) -> list[Finding] | None:
    """A key set on a command line that loads ``scope``: [] when that config (or the
    class it is merged into) has the key's section, a finding when neither does, and
    None to judge the rest of the key against all configs as usual."""
    index = ctx.index
    scoped = tree.scoped(scope)
    key = claim.text
    if scoped is None or not scoped.keys:
        return None
    if scoped.knows(key) or scoped.is_section(key) or _field_of_schema(index, scoped, key):
        return []
    dropped = [c for c in ctx.changes.removed_from(CONFIG_KEY, key) if c.detail.get("path") == scope] if ctx.changes else []
    if dropped:
        return [changed((CODE, NAME), claim, dropped[0])]  # this change took it out of that file
    root = key.split(".", 1)[0]
    classes, closed = _scope_schemas(index, scoped, claim.attrs.get("scope_scripts") or [])
    if root in scoped.roots:
        return None
    if any(root in index.known_fields(c) for c in classes):
        return None if root in tree.roots else []  # a field the file leaves to its class's default
    if scoped.incomplete or not closed:
        return None  # a defaults entry drift cannot find, or a base class from elsewhere: as without a scope
    sections = sorted(scoped.roots)
    shown = ", ".join(sections[:8]) + (", ..." if len(sections) > 8 else "")
    evidence = f"{scope}, the config this command loads, has no `{root}` (its top-level keys: {shown})"
    if classes:
        evidence += f"; nor has {' or '.join(classes[:2])}, the config class{'es' if len(classes) > 1 else ''} with those fields"
    suggestions = scoped.suggestions(key)
    if suggestions:
        evidence += f"; closest: {suggestions[0]} ({scoped.keys[suggestions[0]]})"
    confidence = "high" if classes else "medium"
    return [finding((CODE, NAME), claim, f"unknown config key {key} for {scope}", evidence, confidence, suggestions[0] if suggestions else None)]


def _listed_key(claim: Claim, tree, ctx: CheckContext) -> list[Finding]:
    """A bare name in a list of a YAML block's keys that none of its sections has, nor the
    config class whose fields the list's names are."""
    from ..index import closest

    if _listed_in_a_class(claim, ctx):
        return []

    sections = claim.attrs["key_list"]
    names = {child for section in sections for child in tree.children(section)} - set(claim.attrs.get("listed", []))
    near = closest(claim.text, names, 0.75)
    shown = ", ".join(f"`{s}`" for s in sections[:3])
    evidence = f"the list describes the keys of {shown} (the YAML block above it), and no config has {claim.text} there"
    if near:
        home = next(s for s in sections if near[0] in tree.children(s))
        full = f"{home}.{near[0]}"
        evidence += f"; closest: {full}" + (f" ({tree.keys[full]})" if full in tree.keys else "")
    return [finding((CODE, NAME), claim, f"unknown config key {claim.text} under {sections[0]}", evidence, "medium", near[0] if near else None)]


def _listed_in_a_class(claim: Claim, ctx: CheckContext) -> bool:
    """Gym's claude_code_agent README lists `thinking` and `max_thinking_tokens` with the
    other keys of its agent's config; the shipped YAML leaves them out, the agent's config
    class (`ClaudeCodeAgentConfig`) has them. A class with this field and most of the
    list's names is the schema the list describes."""
    listed = set(claim.attrs.get("listed") or ()) | {claim.text}
    schemas = class_schemas(ctx.index)
    for cls in schemas.roots_with(claim.text):
        fields = schemas.fields(cls)
        if fields and len(listed & set(fields[0])) * 2 >= len(listed):
            return True
    return False


def _only_elsewhere(claim: Claim, tree) -> list[Finding]:
    """A key of the main docs that only an example's or a recipe's config has, while the
    repository's own configs have it under one more parent (`ray_init.num_cpus` is
    `ray_kwargs.ray_init.num_cpus` in the trainer's config): named without its parent."""
    key = claim.text
    if claim.attrs.get("scope") or claim.attrs.get("class_roots") or config_role(claim.doc) != "main":
        return []
    main = tree.main()
    if not main.keys or main.knows(key) or main.is_section(key) or key.split(".", 1)[0] in main.roots:
        return []
    moved = sorted(k for k in main.keys if k.endswith("." + key))
    if len(moved) != 1:
        return []
    others = [f for f in tree.files_of(key.split(".", 1)[0], 50) if config_role(f) != "main"]
    doc_home = claim.doc.split("/", 1)[0] if "/" in claim.doc else ""
    if any(doc_home and f.startswith(doc_home + "/") for f in others):
        return []  # the doc sits beside the example that has the key: it may well mean that one
    evidence = f"the repository's own configs have it as {moved[0]} ({main.keys[moved[0]]}); {key} is only in {', '.join(others[:3]) or 'other configs'}"
    return [finding((CODE, NAME), claim, f"config key {key} is named without its parent", evidence, "medium", moved[0])]


# Suffixes of the files a run writes or reads (weights, exports, data): `model.pdparams`,
# `model.pdiparams.info` in a table of what an export writes are files, not keys.
_ARTIFACT_SUFFIX = frozenset(
    "pdparams pdiparams pdmodel pdopt onnx pt pth ckpt bin safetensors h5 hdf5 pb tflite engine plan trt "
    "npy npz pkl pickle json jsonl yaml yml txt csv tsv parquet arrow log zip tar gz tgz png jpg jpeg wav mp4".split()
)


def _file_name(text: str) -> bool:
    """Whether a dotted name is a file's: its last part, or the part before a last `info`
    or `json`, is a file suffix (`model.pdparams`, `model.pdiparams.info`)."""
    parts = text.lower().split(".")
    return len(parts) >= 2 and (parts[-1] in _ARTIFACT_SUFFIX or (len(parts) >= 3 and parts[-2] in _ARTIFACT_SUFFIX))


# The fields of Hydra's own config (hydra.conf.HydraConf), which every @hydra.main app takes.
HYDRA_OWN_FIELDS = frozenset({
    "run", "sweep", "launcher", "sweeper", "help", "hydra_help", "hydra_logging", "job_logging", "env", "mode",
    "searchpath", "callbacks", "output_subdir", "overrides", "job", "runtime", "verbose", "defaults",
})


def _example_data(path: str, doc: str) -> bool:
    """Whether a YAML file is an example's own (under an `examples/` folder) that the page
    is not beside."""
    parts = path.split("/")
    inside = next((i for i, part in enumerate(parts[:-1]) if part in ("examples", "example")), None)
    return inside is not None and not doc.startswith("/".join(parts[: inside + 2]) + "/")


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    if claim.context != "command" and _file_name(claim.text):
        return []
    if claim.context != "command" and claim.text in ctx.index.dotted_mentions:
        return []  # redis-py's `db.client.connection.count`: a name its code spells (an OpenTelemetry metric), not a key
    if HOSTNAME_RE.match(claim.text):
        return []  # mage-ai's sample value `mage.abc.us-west-2.rds.amazonaws.com`: a host, not a key
    parts = claim.text.lstrip("+~").split(".")
    if parts[0] == "hydra" and len(parts) >= 2 and parts[1] in HYDRA_OWN_FIELDS:
        return []  # `hydra.verbose=true`, `hydra.run.dir=...`: Hydra's own settings, not the app's config
    if claim.text.lstrip("+~") in ctx.index.dict_key_paths:
        return []  # `tasks.collection_name`: invoke's config defaults, a nested dict literal in its code
    found = list(_check(claim, ctx))
    if claim.attrs.get("adds_keys"):
        # DynamiCrafter's `lightning.trainer.num_nodes=1`: OmegaConf adds the key, and the
        # section goes to Lightning's Trainer as keyword arguments; drift cannot see that far.
        as_notes(found, f"{claim.attrs['adds_keys']} merges the command line's key=value words into its config (OmegaConf.from_dotlist/from_cli), which adds keys the YAML lacks")
    method = _method_named(ctx.index, claim.text) if found and claim.context != "command" else None
    if method:
        # map-anything: "Key constraints for `model.infer`": the model object's method
        # (`def infer` in mapanything/models/), not a key of the `model:` config.
        as_notes(found, f"`{method}` is a method the code defines: the page may mean an object's method")
    app = _web_app_folder(ctx.index, claim.doc) if found and claim.context != "command" else None
    if app:
        # private-gpt's ui/docs: "each chat stores `chat.settings.reasoningEffort`" names a
        # property of the browser app's objects (ui/index.html), not a server config key.
        as_notes(found, f"the page is in {app}/, a web app's folder, whose dotted names may be its objects' properties")
    return found


def _method_named(index, key: str) -> str | None:
    """The last part of a two-part key, when the repository's code defines a method of that
    name (`model.forward`): prose that may name an object's method."""
    parts = key.split(".")
    if len(parts) != 2:
        return None
    if "method_names" not in index.memo:
        index.memo["method_names"] = {name.rsplit(".", 1)[-1] for name in index.names(METHOD)}
    return parts[1] if parts[1] in index.memo["method_names"] else None


def _python_name(index, key: str) -> bool:
    """Whether ``key`` is `module.name` for a module of the repository (by its last part)
    that defines that name."""
    parts = key.split(".")
    if len(parts) < 2:
        return False
    if "modules_by_last_part" not in index.memo:
        by_last: dict[str, list[str]] = {}
        for module in index.modules:
            by_last.setdefault(module.rsplit(".", 1)[-1], []).append(module)
        index.memo["modules_by_last_part"] = by_last
    by_last = index.memo["modules_by_last_part"]
    for length in range(len(parts) - 1, 0, -1):
        tail = ".".join(parts[:length])
        modules = [m for m in by_last.get(parts[length - 1], ()) if m == tail or m.endswith("." + tail)]
        if any(parts[length] in index.module_symbols.get(m, ()) for m in modules):
            return True
    return False


def _attr_config_evidence(index, key: str) -> tuple[str, str | None] | None:
    """What the config tree the code builds by attribute assignment says of a key it lacks
    under a node it has (`cfg.early_stop = CN()` in cfg_training.py): that node's home, and
    its closest key."""
    from ..index import closest

    section = next((p for p in reversed(key_prefixes(key)) if p in index.attr_config), None)
    if section is None:
        return None
    children = sorted(k for k in index.attr_config if k.startswith(section + ".") and "." not in k[len(section) + 1 :])
    leaf, _, rest = key[len(section) + 1 :].partition(".")
    near = [f"{section}.{n}" for n in closest(leaf, [c[len(section) + 1 :] for c in children], 0.75)]
    said = f"nor does the config the code builds by attribute (`{section}` at {index.attr_config[section][0]}, with {len(children)} key(s))"
    if near:
        said += f"; closest there: {near[0]} ({index.attr_config[near[0]][0]})"
    fix = f"{near[0]}.{rest}" if near and rest else near[0] if near else None
    return said, fix if fix is None or index.attr_config_knows(fix) else None


def _web_app_folder(index, doc: str) -> str | None:
    """The folder below the root, holding the page, that is a web front end (its own
    index.html or package.json)."""
    folder = posixpath.dirname(doc)
    while folder:
        if f"{folder}/index.html" in index.files or f"{folder}/package.json" in index.files:
            return folder
        folder = posixpath.dirname(folder)
    return None


def _selected_group_has(tree, key: str, selections) -> bool:
    """A key under the package of a config group the same command selects (`model=sequence`
    mounts model/sequence.yaml at `model`; `model/layers@model.layers.l3=mlp` mounts
    model/layers/mlp.yaml at `model.layers.l3`) that the selected file has."""
    for group, package, option in selections:
        if not key.startswith(package + "."):
            continue
        rest = key[len(package) + 1 :]
        suffixes = tuple(f"/{group}/{option}{ext}" for ext in (".yaml", ".yml"))
        for path in tree.sources_ending(suffixes):
            chosen = tree.scoped(path)
            if chosen is not None and (chosen.knows(rest) or chosen.is_section(rest)):
                return True
    return False


def _some_group_option_has(tree, key: str) -> bool:
    """A key under a nested config group (`model.info_sharing.module_args.gradient_checkpointing`
    with a configs/model/info_sharing/ folder) that one of the group's option files has:
    which option a run composes depends on the defaults list of the model it picks."""
    parts = key.split(".")
    for at in range(2, len(parts)):
        group, rest = "/".join(parts[:at]), ".".join(parts[at:])
        for path in tree.group_options(group)[:200]:
            chosen = tree.scoped(path)
            if chosen is not None and (chosen.knows(rest) or chosen.is_section(rest)):
                return True
    return False


def _installed_group_root(tree, key: str, selections) -> bool:
    """Whether the same command picks, under the key's root, an option of a config group the
    repository has no file for (`mephisto/architect=heroku`): an installed package registers
    that group (Hydra's ConfigStore), and the keys under that root are its schema's."""
    root = key.split(".", 1)[0]
    for group, package, option in selections:
        if package.split(".", 1)[0] != root:
            continue
        if not tree.sources_ending(tuple(f"/{group}/{option}{ext}" for ext in (".yaml", ".yml"))):
            return True
    return False


def _check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    tree = ctx.index.config_tree
    key = claim.text
    if tree is None:
        return []
    if ctx.index.attr_config_knows(key):
        return []  # `cfg.fedopt.optimizer.type = ...` in the code: the tree YAML files are merged into
    if claim.attrs.get("key_list"):
        return _listed_key(claim, tree, ctx)
    scope = claim.attrs.get("scope")
    if scope:
        scoped = _check_in_scope(claim, ctx, tree, scope)
        if scoped is not None:
            return scoped
        if key.split(".", 1)[0] not in tree.roots and tree.scoped(scope) is not None:
            tree = tree.scoped(scope)  # a file other configs mount: its keys are under a package there
    if not scope and not claim.attrs.get("class_roots") and ctx.changes and config_role(claim.doc) == "main":
        # The change took the key out of the trainer's own configs; a test's or an
        # example's copy keeps the name alive, but a main page describes the trainer.
        dropped = [c for c in ctx.changes.removed_from(CONFIG_KEY, key) if c.detail.get("main")]
        if dropped:
            return [changed((CODE, NAME), claim, dropped[0])]
    if claim.context != "command" and _python_name(ctx.index, key):
        return []  # "`config.ConfigError` is raised": a class of guild/config.py, not a YAML key
    root = key.split(".", 1)[0]
    in_yaml = root in tree.roots
    if in_yaml and (tree.knows(key) or tree.is_section(key) or _field_of_schema(ctx.index, tree, key)):
        if not claim.attrs.get("class_roots"):
            schema = resolve_in_classes(ctx.index, key)
            if schema is not None and (schema.status == KNOWN or schema.inherited):
                return []  # a field of the config classes, whichever YAML happens to set it
        return _only_elsewhere(claim, tree)
    # The config classes (a dataclass tree, pydantic models) a loader reads the keys into:
    # the program's own when its entry hands one to its command-line parser.
    class_roots = claim.attrs.get("class_roots")
    gone = ctx.changes.gone(CONFIG_KEY, key) if ctx.changes else None
    if gone is not None and not class_roots:
        return [changed((CODE, NAME), claim, gone)]  # the change moved it in the YAML the program composes
    verdict = class_schemas(ctx.index).resolve(key, class_roots) if class_roots else resolve_in_classes(ctx.index, key)
    if verdict is not None and verdict.status == OPEN and not class_roots:
        if verdict.inherited:
            # The key goes through a config class built on another package's (Megatron
            # Core's OptimizerConfig): that class is the schema, and the YAML's sample of
            # keys is no evidence against it.
            return []
        verdict = None  # some class with a field of that name, whose type drift cannot follow: no answer
    if verdict is None and not in_yaml:
        return []
    if verdict is not None and verdict.status != MISSING:
        return []
    if verdict is not None and "-" in key:
        # flwr's `options.backend.init-args`: its TOML spells with `-` the fields its
        # config classes spell with `_` (the loader swaps them): the same key.
        swapped = class_schemas(ctx.index).resolve(key.replace("-", "_"), class_roots) if class_roots else resolve_in_classes(ctx.index, key.replace("-", "_"))
        if swapped is not None and swapped.status != MISSING:
            return []
    if _selected_group_has(tree, key, claim.attrs.get("group_selections") or ()):
        return []  # `model=sequence ... model.intermediate_sizes=[256]`: the file the command picks has it
    if _some_group_option_has(tree, key):
        return []  # `model.info_sharing.module_args.x`: configs/model/info_sharing/*.yaml, which model=... picks
    if _installed_group_root(tree, key, claim.attrs.get("group_selections") or ()):
        return []  # `mephisto/architect=heroku mephisto.architect.server_type=flask`: Mephisto's configs
    if gone is not None:
        return [changed((CODE, NAME), claim, gone)]
    if in_yaml and not claim.attrs.get("override"):
        parts = key.split(".")
        if any(tree.knows(".".join(parts[:i])) and not tree.is_section(".".join(parts[:i])) for i in range(1, len(parts))):
            # "uses `tokenizer.chat_template`" where `tokenizer: meta-llama/...` is a plain
            # value: an attribute of the object it names, not a key under it.
            return []
    # A key the same command already sets is no fix for this one (`n_training_gpus_per_node`
    # beside `n_gpus_per_node`).
    suggestions = [k for k in (tree.suggestions(key) if in_yaml else []) if k not in claim.attrs.get("command_keys", ())]
    if in_yaml and any(_through_schema_keywords(k) == key for k in suggestions):
        # BIDS' `GeneratedBy.Name` where its schema YAML has `GeneratedBy: items:
        # properties: Name`: the data path a JSON Schema describes, not a missing key.
        return []
    evidence = f"no config composed from the repository's YAML has {key} (`{root}` is defined in {', '.join(tree.files_of(root))})"
    if suggestions:
        evidence += f"; closest: {suggestions[0]} ({tree.keys[suggestions[0]]})"
    if verdict is not None:  # the classes are the schema: say what they have
        said, from_class = describe(verdict, key, ctx.index)
        evidence = said
        if class_roots:
            evidence = f"{claim.attrs.get('program_path')} reads its overrides into {', '.join(class_roots[:2])}: {said}"
        if in_yaml:
            evidence += f"; no config composed from the repository's YAML has {key} either"
        if suggestions:
            evidence += f"; closest in the YAML: {suggestions[0]} ({tree.keys[suggestions[0]]})"
        elif from_class:
            suggestions = [from_class]
    built = _attr_config_evidence(ctx.index, key)
    if built:
        said, near = built
        evidence += "; " + said
        if near and not suggestions:
            suggestions = [near]
    confidence = "high" if claim.attrs.get("override") else "medium"
    extended = next((tree.extended[node] for node in key_prefixes(key) if node in tree.extended), None) if in_yaml else None
    if extended is not None and not suggestions:
        # `defaults: [ppo_trainer]` served by `pkg://verl/trainer/config`: an installed
        # package's config, which drift cannot read, may define it (a near miss of a key
        # the repository's own config has is still a typo).
        confidence = "low"
        evidence += f"; the config also composes {extended}" + ("" if "drift can read" in extended else ", another package's config that drift cannot read")
    fuller = sorted(k for k in tree.keys if k.endswith("." + key)) if in_yaml and claim.context != "command" else []
    if in_yaml and claim.context != "command" and not fuller:
        # Gym's "point `sandbox.ecr_repository` in the config" where NeMo Evaluator's configs
        # beside the page have it under `benchmarks:`: a YAML file the tree does not
        # compose (it reads as a compose file) still holds the section the page names.
        fuller = sorted({k for k in ctx.index.names(CONFIG_KEY) if k.endswith("." + key)})[:1]
    definers = tree.files_of(root) if in_yaml else []
    if definers and verdict is None and all(is_test_path(f) for f in definers):
        # fabric's `run.echo`, whose `run:` section only a test's fixture YAML shows: the
        # fixture is no schema of the program's config. A note.
        confidence = "low"
        evidence += "; only test fixtures define that section"
    elif definers and verdict is None and claim.context != "command" and len(definers) == 1 and _example_data(definers[0], claim.doc) and posixpath.basename(definers[0]) not in claim.source_line():
        # pyomo's "the parameters ``model.m`` and ``model.n``" (a Python model's), where
        # `model:` is a section of one example's data file (examples/mpec/munson1.yml): one
        # example's data is no schema for prose elsewhere. A note.
        confidence = "low"
        evidence += f"; only one example's file ({definers[0]}) has that section"
    if len(fuller) == 1:
        # "modify `data.n_chunks`" where the config has model.data.n_chunks: prose that
        # shortens the key it means, as the command above it spells in full.
        confidence = "low"
        evidence += f"; {fuller[0]} has it: the page may write it below `{fuller[0][: -len(key) - 1]}`"
    return [finding((CODE, NAME), claim, f"unknown config key {key}", evidence, confidence, suggestions[0] if suggestions else None)]


_SCHEMA_KEYWORDS = frozenset({"properties", "items", "additionalProperties", "patternProperties", "definitions", "$defs", "prefixItems"})


def _through_schema_keywords(path: str) -> str:
    """A key path with JSON Schema's structural keywords taken out: the path of the data the
    schema describes (`GeneratedBy.items.properties.Name` -> `GeneratedBy.Name`)."""
    return ".".join(part for part in path.split(".") if part not in _SCHEMA_KEYWORDS)
