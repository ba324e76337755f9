"""Flags a repository defined and removed are stale even where its parser extends a
framework drift cannot read; the framework's own flags (copies the repository dropped,
flags its scripts still pass) are not."""

from __future__ import annotations

import json

from drift_docs.cli import main
from drift_docs.engine import audit

ARGS = """\
from megatron.training.arguments import parse_args as megatron_parse_args


def add_slime_arguments(parser):
    parser.add_argument("--actor-num-nodes", type=int, default=1)
{extra}    return parser


def parse_args():
    return megatron_parse_args(extra_args_provider=add_slime_arguments)
"""

TRAIN = "from pkg.arguments import parse_args\n\nif __name__ == '__main__':\n    parse_args()\n"
BACKEND = 'def add_backend_arguments(parser):\n    parser.add_argument("--min-lr", type=float)\n'
SCRIPT = "#!/bin/bash\npython train.py --actor-num-nodes 1 --lr-decay-style cosine --save-interval 20\n"

DOC = """\
# Training

```bash
python train.py --actor-num-nodes 1 --critic-num-nodes 1 --min-lr 1e-6 --save-interval 20 --seq-length 4096
```

Set `--critic-num-nodes` for the critic.
"""


def _history(make_repo):
    extra = '    parser.add_argument("--critic-num-nodes", type=int, default=1)\n    parser.add_argument("--save-interval", type=int)\n'
    builder = make_repo({
        "pkg/__init__.py": "",
        "pkg/arguments.py": ARGS.format(extra=extra),
        "pkg/backend/__init__.py": "",
        "pkg/backend/arguments.py": BACKEND,
        "train.py": TRAIN,
        "scripts/a.sh": SCRIPT,
        "scripts/b.sh": SCRIPT,
        "docs/train.md": DOC,
    })
    # The critic goes, and so does a copy of a framework flag: both from a parser that stays.
    builder.commit({"pkg/arguments.py": ARGS.format(extra="")}, "Remove the critic (#12)")
    # A whole backend goes, with its copy of the framework's --min-lr.
    builder.commit({}, "Remove the backend (#13)", remove=("pkg/backend/arguments.py", "pkg/backend/__init__.py"))
    return builder


def test_a_flag_the_repository_removed_is_stale_behind_a_framework(make_repo):
    builder = _history(make_repo)
    found = {(f.line, f.text): f for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"}
    assert set(found) == {(4, "--critic-num-nodes"), (7, "--critic-num-nodes")}
    finding = found[(4, "--critic-num-nodes")]
    assert finding.confidence == "medium" and finding.replacement is None
    assert "Remove the critic (#12)" in finding.evidence and "megatron" in finding.evidence
    # MindSpeed-RL: a config the repository ships still sets the key, which its loader turns
    # into the option for the framework's parser: a note.
    builder.commit({"configs/grpo.yaml": "megatron_training:\n  critic_num_nodes: 1\n"}, "configs")
    found = {(f.line, f.text): f for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"}
    assert found[(4, "--critic-num-nodes")].confidence == "low" and "configs still set critic_num_nodes" in found[(4, "--critic-num-nodes")].evidence


def test_the_answer_is_the_same_cold_warm_and_without_blame(make_repo, tmp_path, monkeypatch, capsys):
    builder = _history(make_repo)
    runs = []
    for extra in ([], ["--no-blame"], []):
        main(["audit", str(builder.root), "--format", "json", *extra])
        report = json.loads(capsys.readouterr().out)
        report.pop("stats")
        for found in report["findings"]:
            found.pop("broken_by")
        runs.append(report)
    assert runs[0] == runs[1] == runs[2]
    assert len([f for f in runs[0]["findings"] if f["text"] == "--critic-num-nodes"]) == 2


BARE_LIST_DOC = """\
# Resources

- Configure the critic with `--critic-num-nodes`.

```bash
# Actor
--actor-num-nodes 1
--save-interval 20
--log-dir logs
# Critic
--critic-num-nodes 1
--min-lr 1e-6
```
"""


def test_a_bare_flag_list_belongs_to_the_program_that_defines_its_known_flags(make_repo):
    # No command line on the page: the list is train.py's because its parser defines the
    # flags of the list that any parser defines (the removed one and the framework's
    # --min-lr define nothing). Such a list shows no other program's flags either, so the
    # prose mention above it is judged too.
    builder = _history(make_repo)
    builder.commit({"pkg/arguments.py": ARGS.format(extra='    parser.add_argument("--save-interval", type=int)\n    parser.add_argument("--log-dir")\n'),
                    "docs/resources.md": BARE_LIST_DOC}, "A resources page")
    found = sorted((f.line, f.text, f.confidence) for f in audit(builder.root, blame=False).findings if f.path == "docs/resources.md")
    assert found == [(3, "--critic-num-nodes", "medium"), (11, "--critic-num-nodes", "medium")]
    # A list that is mostly some other program's options is not judged at all.
    other = BARE_LIST_DOC.replace("--min-lr 1e-6", "--gpus 8\n--tp 2\n--pp 2\n--dp 2")
    builder.commit({"docs/resources.md": other}, "Another program's options")
    found = [(f.line, f.text) for f in audit(builder.root, blame=False).findings if f.path == "docs/resources.md"]
    assert (11, "--critic-num-nodes") not in found


def test_a_fragment_of_flags_no_program_owns_is_judged_by_history_when_all_of_it_is_ours(make_repo):
    """slime's dynamic-sampling page: a fragment of two flags, both removed by one commit,
    names no program and no parser defines either now. History says both were the
    repository's: stale (medium), in audit and in the PR that removed them. A fragment with
    a flag this repository never had may be another program's: not judged."""
    from drift_docs.pr import run_pr

    fragment = "# Sampling\n\n```bash\n   --critic-num-nodes 2 \\\n   --save-interval 20 \\\n```\n"
    foreign = "# Serving\n\n```bash\n   --critic-num-nodes 2 \\\n   --gpu-memory-utilization 0.9 \\\n```\n"
    builder = _history(make_repo)
    builder.commit({"docs/sampling.md": fragment, "docs/serving.md": foreign, "docs/train.md": "# Training\n"}, "Pages")
    # The fragment came before the removal, as in the PR that makes it stale.
    base = builder.commit({"pkg/arguments.py": ARGS.format(extra='    parser.add_argument("--critic-num-nodes", type=int, default=1)\n    parser.add_argument("--save-interval", type=int)\n')}, "The critic returns")
    head = builder.commit({"pkg/arguments.py": ARGS.format(extra='    parser.add_argument("--save-interval", type=int)\n')}, "Remove the critic again (#14)")
    found = [(f.path, f.line, f.text, f.confidence) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == [("docs/sampling.md", 4, "--critic-num-nodes", "medium")]
    review = run_pr(builder.root, base, head, blame=False)
    assert [(f.path, f.line, f.text) for f in review.findings if f.rule == "DRIFT002"] == [("docs/sampling.md", 4, "--critic-num-nodes")]


def test_a_framework_flag_written_with_other_word_endings_than_the_scripts_pass_is_reported(make_repo):
    """slime: "There is no need to configure `--max-positional-embedding`", where its scripts
    pass Megatron's `--max-position-embeddings` (whose parser drift cannot read): the same
    words with other endings, spelled nowhere here. Medium, with the scripts' spelling. A
    flag whose words differ is left to the framework."""
    page = (
        "# Notes\n\nThere is no need to configure `--save-intervals` with packing.\n\n"
        "```bash\npython train.py --actor-num-nodes 1 --lr-decay-styles cosine --lr-warmup cosine\n```\n"
    )
    builder = _history(make_repo)
    builder.commit({"docs/notes.md": page, "docs/train.md": "# Training\n"}, "Notes")
    found = {f.text: f for f in audit(builder.root, blame=False).findings if f.path == "docs/notes.md"}
    assert set(found) == {"--save-intervals", "--lr-decay-styles"}
    assert found["--save-intervals"].confidence == "medium" and found["--save-intervals"].replacement == "--save-interval"
    assert "2 of the repository's scripts pass it" in found["--save-intervals"].evidence
    assert found["--lr-decay-styles"].replacement == "--lr-decay-style" and not found["--lr-decay-styles"].certain


def test_a_typo_of_the_programs_own_flag_is_reported_behind_an_unread_framework(make_repo):
    builder = _history(make_repo)
    builder.commit({"docs/typo.md": "```bash\npython train.py --actor-num-ndoes 1 --actor-num-nodes 1 --seq-lenght 8\n```\n"}, "A typo")
    found = [(f.text, f.replacement, f.confidence) for f in audit(builder.root, blame=False).findings if f.path == "docs/typo.md"]
    # A slip from the program's own option is a typo; a name only the framework might have
    # (`--seq-lenght` for Megatron's `--seq-length`) stays unverified.
    assert found == [("--actor-num-ndoes", "--actor-num-nodes", "medium")]


HF_ARGS = """\
from dataclasses import dataclass, field

from transformers import HfArgumentParser, Seq2SeqTrainingArguments


@dataclass
class ModelArguments:
    model_name: str = "x"
{extra}

def parse_args():
    return HfArgumentParser((ModelArguments, Seq2SeqTrainingArguments)).parse_args_into_dataclasses()
"""


def test_a_removed_copy_of_a_transformers_training_argument_is_still_the_frameworks(make_repo):
    # The repository once had its own `lr_scheduler_type` (a web UI's copy) and dropped it;
    # transformers' TrainingArguments still defines it, as it does `warmup_steps`.
    extra = '    lr_scheduler_type: str = "cosine"\n    my_removed_option: int = 1\n'
    doc = "# Train\n\n```bash\npython train.py --model_name m --lr_scheduler_type cosine --my_removed_option 2\n```\n"
    builder = make_repo({"pkg/__init__.py": "", "pkg/args.py": HF_ARGS.format(extra=extra), "train.py": "from pkg.args import parse_args\n\nif __name__ == '__main__':\n    parse_args()\n", "docs/train.md": doc})
    builder.commit({"pkg/args.py": HF_ARGS.format(extra="")}, "Refactor the web UI (#30)")
    stale = [f.text for f in audit(builder.root).findings if f.rule == "DRIFT002"]
    assert stale == ["--my_removed_option"]


def test_a_flag_dropped_in_the_commit_that_moved_the_parser_onto_the_framework_moved_there(make_repo, capsys):
    """alignment-handbook dropped its own `--attn_implementation` field in the commit that
    began importing trl's ModelConfig: the flag moved to the framework, it did not go."""
    head = "from dataclasses import dataclass\n{imports}\n\n@dataclass\nclass ModelArguments:\n{fields}\n\n{parse}\n"
    before = head.format(imports="from trl import SFTTrainer\nfrom transformers import HfArgumentParser\n", fields="    attn_implementation: str = 'sdpa'\n    gone_flag: int = 1\n", parse="HfArgumentParser((ModelArguments,)).parse_args_into_dataclasses()")
    moved = dict(imports="from trl import ModelConfig, SFTTrainer, TrlParser\n", parse="TrlParser((ModelArguments, ModelConfig)).parse_args_and_config()")
    after_moved = head.format(fields="    gone_flag: int = 1\n", **moved)
    after_gone = head.format(fields="    kept: int = 1\n", **moved)
    doc = "# Train\n\n```bash\npython sft.py --attn_implementation sdpa --gone_flag 2\n```\n"
    builder = make_repo({"sft.py": before, "README.md": doc})
    builder.commit({"sft.py": after_moved}, "Use trl's ModelConfig (#221)")
    builder.commit({"sft.py": after_gone}, "Drop gone_flag (#222)")
    main(["audit", str(builder.root), "--format", "json", "--no-blame", "--config", "min-confidence = 'low'"])
    report = json.loads(capsys.readouterr().out)
    found = {f["text"]: f for f in report["findings"] if f["rule"] == "DRIFT002" and "removed it" in f["evidence"]}
    assert found["--gone_flag"]["confidence"] == "medium"
    assert found["--attn_implementation"]["confidence"] == "low"
    assert "began importing trl" in found["--attn_implementation"]["evidence"]


def test_a_prose_flag_no_commit_here_ever_spelled_is_another_programs(make_repo):
    """A tutorial that links a companion repository names its flags (DeepSpeed's pages about
    Megatron-DeepSpeed), and prose names other programs' (Node's `--require`): never in this
    code, so not stale here. A flag this code once had and dropped is still reported."""
    cli_v1 = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--epochs')\np.add_argument('--warmup')\np.parse_args()\n"
    cli_v2 = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--epochs')\np.parse_args()\n"
    doc = "# Tutorial\n\nSet `--lr-warmup-iters` in the Megatron script, and `--warmup` here.\n"
    linked = doc + "\nThe script is in [Megatron-DeepSpeed](https://github.com/example/Megatron-DeepSpeed).\n"
    builder = make_repo({"train.py": cli_v1, "docs/tutorial.md": linked, "docs/own.md": doc})
    builder.commit({"train.py": cli_v2}, "Drop --warmup")
    found = {(f.path, f.text): f for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"}
    # Never spelled here: another program's option, whether or not the page links its
    # repository; the evidence says which. The flag this code dropped stays, on both pages.
    assert set(found) == {("docs/tutorial.md", "--warmup"), ("docs/own.md", "--warmup")}
    assert found[("docs/tutorial.md", "--warmup")].confidence == "medium"
    notes = {(f.path, f.text): f for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"}
    assert "the page links to another repository" in notes[("docs/tutorial.md", "--lr-warmup-iters")].evidence
    assert "another program's option" in notes[("docs/own.md", "--lr-warmup-iters")].evidence
    assert notes[("docs/own.md", "--lr-warmup-iters")].confidence == "low"


def test_an_abbreviation_the_code_never_had_is_deliberate_a_renamed_or_removed_one_is_stale(make_repo):
    """FastChat's pages write `--controller` for `--controller-address` throughout: no
    commit ever defined `--controller`, so argparse's expansion is what the page means: a
    note (another program here defines a `--controller` of its own, which this one never
    had). `--model-name` after the code renamed it `--model-names` still runs the option it
    became: a note that names the rename (judged on first runs, 2 of 8 such were called
    stale). `--out`, dropped while `--out-format-version` stays, now runs that other option:
    reported, with the commit that dropped it."""
    cli = 'import argparse\np = argparse.ArgumentParser()\np.add_argument("--controller-address")\np.add_argument("{model}")\n{out}p.add_argument("--out-format-version")\np.add_argument("--tasks")\np.add_argument("--yaml-config")\np.add_argument("--system")\np.parse_args()\n'
    doc = "# Serve\n\n```bash\npython serve.py --controller http://localhost:21001 --model-name m --out runs/ --task qa --y c.yaml --sys US\n```\n"
    other = 'import argparse\np = argparse.ArgumentParser()\np.add_argument("--controller")\np.add_argument("--controller-address")\np.add_argument("--datasets")\n\nif __name__ == "__main__":\n    p.parse_args()\n'
    builder = make_repo({"serve.py": cli.format(model="--model-name", out='p.add_argument("--out")\n'), "a_worker.py": other, "README.md": doc, "docs/eval.md": "# Eval\n\n- `--data`: the dataset to evaluate on.\n"})
    builder.commit({"serve.py": cli.format(model="--model-names", out="")}, "Serve several models; drop --out")
    found = {f.text: f for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"}
    assert sorted(found) == ["--controller", "--data", "--model-name", "--out", "--sys", "--task", "--y"]
    assert found["--task"].confidence == "low"  # bigcode's `--task` for `--tasks`: a plural's s, dropped
    assert found["--y"].confidence == "low"  # mmgeneration's `--t` for `--target-domain`: a letter, on purpose
    assert found["--sys"].confidence == "low"  # pint's `--sys` for `--system`: a three-letter stem, on purpose
    # In prose that names no program, `--data` is a guess at a_worker.py's `--datasets`, which it never had.
    assert found["--data"].confidence == "low"
    assert found["--controller"].confidence == "low" and "ever spelled --controller" in found["--controller"].evidence
    assert "abbreviation of --controller-address (serve.py:3)" in found["--controller"].evidence  # the named program's own option
    assert found["--model-name"].confidence == "low" and "renamed --model-name to --model-names" in found["--model-name"].evidence
    assert found["--out"].confidence == "medium" and "drop --out" in found["--out"].evidence and "another option" in found["--out"].evidence
    assert [found[k].replacement for k in sorted(found)] == ["--controller-address", "--datasets", "--model-names", "--out-format-version", "--system", "--tasks", "--yaml-config"]
    # The default report leaves the deliberate shortening out.
    assert [f.text for f in audit(builder.root, blame=False).findings] == ["--out"]


def test_a_removed_option_the_code_still_reads_by_name_is_handed_on_not_gone(make_repo):
    """open_flamingo: evaluate.py hands what its parser lacks (parse_known_args) to the
    model module it loads by name; "remove parser from model classes" dropped that
    module's `--lm_tokenizer_path`, which it now reads as model_args["lm_tokenizer_path"].
    The doc's option still works; one nothing reads any more is stale."""
    evaluate = (
        "import argparse, importlib\n\n"
        "if __name__ == '__main__':\n"
        "    parser = argparse.ArgumentParser()\n    parser.add_argument('--model')\n"
        "    args, leftovers = parser.parse_known_args()\n"
        "    model_args = {leftovers[i].lstrip('-'): leftovers[i + 1] for i in range(0, len(leftovers), 2)}\n"
        "    module = importlib.import_module(f'models.{args.model}')\n    module.EvalModel(model_args)\n"
    )
    old_model = (
        "import argparse\n\nclass EvalModel:\n    def __init__(self, argv):\n        parser = argparse.ArgumentParser()\n"
        "        parser.add_argument('--lm_tokenizer_path')\n        parser.add_argument('--old_precision')\n        self.args = parser.parse_args(argv)\n"
    )
    new_model = "class EvalModel:\n    def __init__(self, model_args):\n        assert 'lm_tokenizer_path' in model_args\n        self.tokenizer = model_args['lm_tokenizer_path']\n"
    doc = "# Eval\n\n```bash\npython evaluate.py --model flamingo --lm_tokenizer_path t --old_precision fp16\n```\n"
    builder = make_repo({"evaluate.py": evaluate, "models/__init__.py": "", "models/flamingo.py": old_model, "README.md": doc})
    builder.commit({"models/flamingo.py": new_model}, "remove parser from model classes")
    found = {f.text: f.confidence for f in audit(builder.root, blame=False, config_file="min-confidence = 'low'").findings if f.rule == "DRIFT002"}
    assert found == {"--lm_tokenizer_path": "low", "--old_precision": "medium"}


def test_a_name_some_code_reads_from_a_dict_does_not_keep_a_flag_behind_a_package_s_parser(make_repo):
    """trl: `--torch_dtype` went from its scripts' arguments (#4651) while a trainer still
    reads `model_init_kwargs.get("torch_dtype")`: behind transformers' parser, that says
    nothing of the command line; the flag is still reported."""
    builder = _history(make_repo)
    builder.commit({"pkg/teacher.py": "def load(kwargs):\n    return kwargs.get('critic_num_nodes')\n"}, "teacher")
    found = {(f.line, f.text): f.confidence for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"}
    assert found == {(4, "--critic-num-nodes"): "medium", (7, "--critic-num-nodes"): "medium"}


def test_a_flag_that_left_the_python_cli_for_the_repositorys_rust_program_moved_there(make_repo):
    """kernels: "remove init from python cli" dropped `--overwrite` from the Python parser;
    the Rust `kernel-builder` of the same repository has it as a clap field now. Drift
    cannot read clap, but the field's name says where the option went; one nothing names
    is gone."""
    cli = "import argparse\n\np = argparse.ArgumentParser()\np.add_argument('--repo-id')\n{extra}p.parse_args()\n"
    extra = "p.add_argument('--overwrite', action='store_true')\np.add_argument('--old-mode')\n"
    rust = "use clap::Args;\n\n#[derive(Args)]\npub struct InitArgs {\n    #[arg(long)]\n    pub overwrite: bool,\n    #[arg(long = \"repo-id\")]\n    pub repo: String,\n}\n"
    doc = "# Builder\n\nPass `--overwrite` to replace the files, or `--old-mode` for the old layout.\n"
    builder = make_repo({
        "kernels/cli.py": cli.format(extra=extra),
        "builder/Cargo.toml": '[package]\nname = "builder"\n\n[dependencies]\nclap = "4"\n',
        "builder/src/init.rs": rust,
        "docs/builder.md": doc,
    })
    builder.commit({"kernels/cli.py": cli.format(extra="")}, "remove init from python cli (#407)")
    found = {f.text: f for f in audit(builder.root, blame=False, config_file="min-confidence = 'low'").findings if f.rule == "DRIFT002" and "removed it" in f.evidence}
    assert {text: f.confidence for text, f in found.items()} == {"--overwrite": "low", "--old-mode": "medium"}
    assert "builder/src/init.rs still names overwrite" in found["--overwrite"].evidence


def test_an_abbreviation_a_page_wrote_with_the_rename_is_shortened_on_purpose(make_repo):
    """kvcached: the commit that renamed `--config` to `--config_path` also wrote the
    README's `python frontend.py --config x.yaml`: its author knew the new name and
    shortened it, and argparse runs it. A page older than the rename kept the old name,
    which argparse runs too: both notes, each saying which it is."""
    cli = 'import argparse\np = argparse.ArgumentParser()\np.add_argument("{name}")\np.parse_args()\n'
    builder = make_repo({"frontend.py": cli.format(name="--config"), "docs/old.md": "# Old\n\n```bash\npython frontend.py --config x.yaml\n```\n"})
    builder.commit({"frontend.py": cli.format(name="--config_path"), "README.md": "# Run\n\n```bash\npython frontend.py --config x.yaml\n```\n"}, "Rename --config to --config_path")
    found = {f.path: f for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"}
    assert found["docs/old.md"].confidence == "low" and "renamed --config to --config_path" in found["docs/old.md"].evidence
    assert "in that very commit" not in found["docs/old.md"].evidence
    assert found["README.md"].confidence == "low" and "in that very commit" in found["README.md"].evidence


def test_a_flag_dropped_when_its_parser_began_naming_options_at_run_time_is_a_note(make_repo):
    """django-cms's startcmsproject: the commit that dropped `--alias` made the command add
    one option per entry of its JSON install rules (`parser.add_argument(argument)`): the
    option lives on, named at run time. (A flag dropped by a commit that named nothing at
    run time stays medium: the test above.)"""
    extra = '    parser.add_argument("--critic-num-nodes", type=int, default=1)\n'
    generated = '    for name in RULES:\n        parser.add_argument("--" + name)\n'
    files = {"pkg/__init__.py": "", "pkg/arguments.py": ARGS.format(extra=extra), "train.py": TRAIN, "docs/train.md": DOC}
    builder = make_repo(files)
    builder.commit({"pkg/arguments.py": "RULES = []\n" + ARGS.format(extra=generated)}, "Options from the rules file (#14)")
    found = {(f.line, f.text): f for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"}
    finding = found[(4, "--critic-num-nodes")]
    assert finding.confidence == "low" and "that commit made pkg/arguments.py add options named at run time" in finding.evidence


def test_a_flag_dropped_from_a_parser_that_already_named_options_at_run_time_stays_stale(make_repo):
    """slime's arguments.py adds some options in a loop; the commit that removed the critic's
    flags added no such option: they are gone, whatever else the file names at run time."""
    extra = '    for name in RULES:\n        parser.add_argument("--" + name)\n    parser.add_argument("--critic-num-nodes", type=int, default=1)\n'
    files = {"pkg/__init__.py": "", "pkg/arguments.py": "RULES = []\n" + ARGS.format(extra=extra), "train.py": TRAIN, "docs/train.md": DOC}
    builder = make_repo(files)
    builder.commit({"pkg/arguments.py": "RULES = []\n" + ARGS.format(extra=extra.split("    parser.add_argument(\"--critic")[0])}, "Remove the critic (#12)")
    found = {(f.line, f.text): f.confidence for f in audit(builder.root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"}
    assert found[(4, "--critic-num-nodes")] == "medium"


PLUGIN_CLI = """\
import argparse
from flow_interface_storage.registry import StoragePluginRegistry
{imports}

def get_parser():
    parser = argparse.ArgumentParser(prog="flow")
    parser.add_argument("--preemptible-rules", nargs="*")
    parser.add_argument("--{listing}", nargs="*")
    StoragePluginRegistry().register_cli_args(parser)
    return parser


def main():
    get_parser().parse_args()
"""

PLUGIN_DOC = """\
# Running

```bash
flow --preemption-default 10
flow --storage-s3-max-requests 10
```

Use ``--preemtible-rules`` to mark rules; run apptainer with the ``--contain`` option.
"""


def test_a_parser_handed_to_a_plugin_registry_takes_its_options_but_a_renamed_own_flag_is_stale(make_repo):
    """snakemake: `StoragePluginRegistry().register_cli_args(parser)` adds each plugin's
    settings (`--storage-s3-*`), which drift cannot list; the commit that began importing
    the plugin interfaces also wrote `--preemptible-rules` where `--preemption-default`
    stood: a rename here, not a move there. A one-letter slip in prose is a typo."""
    before = PLUGIN_CLI.replace("from flow_interface_storage.registry import StoragePluginRegistry\n", "").replace("    StoragePluginRegistry().register_cli_args(parser)\n", "")
    files = {"flow/__init__.py": "", "flow/cli.py": before.format(imports="", listing="list-changes").replace("--preemptible-rules", "--preemption-default"),
             "pyproject.toml": '[project]\nname = "flow"\n[project.scripts]\nflow = "flow.cli:main"\n', "docs/run.md": PLUGIN_DOC}
    builder = make_repo(files)
    builder.commit({"flow/cli.py": PLUGIN_CLI.format(imports="from flow_interface_report.registry import ReportPluginRegistry", listing="list-changes")}, "Plugin interfaces (#2403)")
    found = {(f.line, f.text): f for f in audit(builder.root).findings if f.path == "docs/run.md"}
    assert set(found) == {(4, "--preemption-default"), (8, "--preemtible-rules")}
    renamed = found[(4, "--preemption-default")]
    assert renamed.confidence == "medium" and renamed.replacement == "--preemptible-rules"
    assert "Plugin interfaces (#2403)" in renamed.evidence and "likely defines it now" not in renamed.evidence
    assert found[(8, "--preemtible-rules")].replacement == "--preemptible-rules"


def test_a_line_that_names_both_spellings_means_two_options_not_a_typo(make_repo):
    """borg's heading "``--noatime / --noctime``" after --noatime was removed: the line names
    both, so --noatime is no slip for --noctime, and `--noctime / --noctime` is no fix. A
    slip alone on its line still gets the option it meant."""
    doc = "# Rules\n\n``--preemptible-ruler / --preemptible-rules``\n\nUse ``--preemtible-rules`` to mark rules.\n"
    files = {"flow/__init__.py": "", "flow/cli.py": PLUGIN_CLI.format(imports="", listing="list-changes"),
             "pyproject.toml": '[project]\nname = "flow"\n[project.scripts]\nflow = "flow.cli:main"\n', "docs/rules.md": doc}
    found = {f.text: f.replacement for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT002"}
    assert found.get("--preemtible-rules") == "--preemptible-rules"
    assert found.get("--preemptible-ruler", None) != "--preemptible-rules"
