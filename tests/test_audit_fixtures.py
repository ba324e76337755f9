"""The audit over a fixture project: exactly the marked doc lines are flagged."""

from __future__ import annotations

from drift_docs.engine import audit

from .conftest import expected_findings
from .fixtures.mlproject import FILES
from .fixtures.mlproject import build as build_project


def _found(result):
    return {(f.path, f.line, f.rule) for f in result.findings}


def test_exactly_the_marked_lines_are_flagged(make_repo):
    builder = build_project(make_repo)
    result = audit(builder.root)
    expected = expected_findings(FILES)
    found = _found(result)
    assert found - expected == set(), "false positives"
    assert expected - found == set(), "missed findings"


def test_findings_carry_evidence_and_suggestions(make_repo):
    builder = build_project(make_repo)
    by_line = {(f.path, f.line): f for f in audit(builder.root).findings}
    # The flag's old name still runs (argparse expands it to the new one): a note that says
    # which commit renamed it, with the new name as its fix.
    notes = {(f.path, f.line): f for f in audit(builder.root, config_file=["min-confidence = 'low'"]).findings}
    renamed = notes[("docs/guide.md", 11)]
    assert ("docs/guide.md", 11) not in by_line and renamed.confidence == "low"
    assert renamed.text == "--rollout-batch"
    assert renamed.replacement == "--rollout-batch-size"
    assert "trainer/arguments.py" in renamed.evidence and "renamed --rollout-batch to --rollout-batch-size" in renamed.evidence
    assert renamed.line_after == renamed.line_before.replace("--rollout-batch ", "--rollout-batch-size ")
    # Columns point at the stale text as written, inside the code block.
    assert renamed.line_before[renamed.column - 1 :].startswith("--rollout-batch")

    default = next(f for f in by_line.values() if f.rule == "DRIFT006" and "1 GB" in f.text)
    assert default.replacement == "512 MiB"  # in the doc's own units
    assert "512 MiB" in default.evidence

    # The fixture never had trainer/rollout.py in any commit, but has the package
    # trainer/rollout/: misnamed here (medium), and the evidence says why.
    missing = next(f for f in by_line.values() if f.rule == "DRIFT001" and f.text == "trainer/rollout.py")
    assert missing.confidence == "medium" and "no commit had it by this name, but its folder trainer/ has rollout" in missing.evidence


def test_quoted_line_columns(make_repo):
    builder = build_project(make_repo)
    result = audit(builder.root)
    quoted = next(f for f in result.findings if f.text == "--learning-rate")
    assert quoted.line_before[quoted.column - 1 :].startswith("--learning-rate")


def test_shell_scripts_are_checked_like_docs(make_repo):
    script = "#!/bin/bash\nset -e\nARGS=(--num-layers 2)\npython trainer/train.py ${ARGS[@]} --lr 1e-5 \\\n  --rollout-batch 8\npython scripts/gone.py\n"
    builder = build_project(make_repo, {"scripts/old.sh": script})
    found = {(f.line, f.rule, f.text) for f in audit(builder.root).findings if f.path == "scripts/old.sh"}
    # ARGS is passed to trainer/train.py, which defines no --num-layers. --rollout-batch
    # runs (argparse expands it to --rollout-batch-size): in a script, only a low note.
    assert found == {(3, "DRIFT002", "--num-layers"), (6, "DRIFT001", "scripts/gone.py")}


def test_names_that_look_like_python_but_are_not_imports(make_repo):
    files = {
        # `ns` has no __init__.py: a namespace package other distributions add to.
        "ns/core/__init__.py": "",
        "ns/core/engine.py": 'LOSS = "ns.training.loss"\nclass Engine:\n    pass\n',
        "ns/cli.py": "import argparse\nfrom ns.core.engine import Engine\nargparse.ArgumentParser().add_argument('--steps')\n",
        "README.md": (
            "Install `ns.energon` separately; the OTel metric is `ns.training.loss`.\n"
            "Sign off with `--signoff`; torchrun takes `--nproc-per-node`.\n"
            "The engine is `ns.core.engine.Engine`, with `ns.core.engine.Motor`.\n"
            "Run `python ns/cli.py --stpes 4`.\n"
        ),
    }
    found = [(f.line, f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [(3, "DRIFT005", "ns.core.engine.Motor"), (4, "DRIFT002", "--stpes")]


def test_names_other_code_defines_at_run_time(make_repo):
    files = {
        "otel/__init__.py": "",
        "otel/setup.py": (
            "import argparse\n"
            "cfg = Config.from_env(prefix='OTEL_DEMO')\n"
            "p = argparse.ArgumentParser()\n"
            "p.add_argument('--bpe-vocab', help='see the --bpe-* flags; also --gone-flag')\n"
        ),
        "docs/otel.md": "Set `OTEL_DEMO_ENDPOINT`; but `OTEL_DEMO` is read as a prefix.\n\n`--old-flag` was removed in 2.0.\n",
        "docs/index.rst": "See `the data <hf_dataset>`_ and `setup <otel.md>`_.\n",
    }
    found = {(f.path, f.rule, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings}
    # (A help text's option with no near spelling is a note: most name the launched program's.)
    assert {item for item in found if item[3] != "low"} == set()
    assert ("otel/setup.py", "DRIFT015", "--gone-flag", "low") in found


def test_suggestions_come_from_the_programs_own_parser(make_repo):
    files = {
        "tools/__init__.py": "",
        "tools/convert.py": "import argparse\nargparse.ArgumentParser().add_argument('--group-size')\n",
        "train.py": "import argparse\nargparse.ArgumentParser().add_argument('--ep-size-per-node')\n",
        "README.md": "Run `python train.py --ep-size 2`.\n",
    }
    finding = next(f for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.text == "--ep-size")
    assert finding.replacement != "--group-size"  # another script's flag is no suggestion


def test_a_path_whose_first_part_is_nowhere_is_judged_when_it_nearly_names_a_file(make_repo):
    builder = build_project(make_repo)
    typo = [f for f in audit(builder.root).findings if f.text == "script/run.sh"]
    assert [(f.rule, f.replacement, f.confidence) for f in typo] == [("DRIFT001", "scripts/run.sh", "high")]
    # `my_tools/run.sh` shares the name but not the path: the reader's own copy, not judged.
    assert not any(f.text == "my_tools/run.sh" for f in audit(builder.root).findings)


def test_flags_named_at_run_time_and_flag_lists_ask_their_program(make_repo):
    parser = (
        "import argparse\n\n\ndef parse():\n    p = argparse.ArgumentParser()\n"
        "    for prefix in ('actor', 'critic'):\n        p.add_argument(f'--{prefix}.adam.lr', type=float)\n"
        "    p.add_argument('--seed', type=int)\n    return p.parse_args()\n\n\nif __name__ == '__main__':\n    parse()\n"
    )
    doc = (
        "# Train\n\n```bash\nOPT_ARGS=(\n   --actor.adam.lr 1e-6\n   --critic.adam.lr 1e-5\n   --actor.adam.lrr 1\n)\n"
        "python train.py ${OPT_ARGS[@]} --seed 1\n```\n"
    )
    builder = make_repo({"train.py": parser, "README.md": doc})
    found = [(f.line, f.text, f.confidence) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT002"]
    assert found == [(7, "--actor.adam.lrr", "high")]


def test_a_variable_passed_before_the_script_holds_the_launchers_options(make_repo):
    """Megatron-DeepSpeed: `DISTRIBUTED_ARGS="--nproc_per_node 8 --master_port 6000"` then
    `torchrun $DISTRIBUTED_ARGS tools/server.py ...`: torchrun's options, not the script's."""
    tool = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--port', type=int)\np.parse_args()\n"
    script = '#!/bin/bash\nDISTRIBUTED_ARGS="--nproc_per_node 8 \\\\\n  --master_port 6000"\nMODEL_ARGS="--port 5000 --bogus 1"\n{launch} $DISTRIBUTED_ARGS tools/server.py $MODEL_ARGS\n'
    files = {"tools/server.py": tool, "examples/a.sh": script.format(launch="torchrun"), "examples/b.sh": script.format(launch="python -m torch.distributed.launch")}
    found = [(f.path, f.line, f.text) for f in audit(make_repo(files).root, blame=False).findings]
    assert found == [("examples/a.sh", 4, "--bogus"), ("examples/b.sh", 4, "--bogus")]
