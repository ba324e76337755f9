import re
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drift_docs.docs.shell import looks_like_command, shell_variables_defined, split_commands
from drift_docs.model import COMMAND


def one(body, first_line=1, lang="bash", **kw):
    refs = split_commands(body, first_line, lang, **kw)
    assert len(refs) == 1, refs
    return refs[0]


def flags(ref):
    return [(f["flag"], f["value"], f["line"], f["column"], f["owner"]) for f in ref.attrs["flags"]]


def test_torchrun_launcher_and_script_flags():
    ref = one("torchrun --nproc-per-node 8 train.py --lr 1e-5", first_line=12)
    assert ref.kind == COMMAND
    assert (ref.line, ref.column) == (12, 1)
    a = ref.attrs
    assert a["program"] == "torchrun" and a["launcher"] == "torchrun"
    assert a["script"] == "train.py" and a["script_kind"] == "py"
    assert flags(ref) == [
        ("--nproc-per-node", "8", 12, 10, "launcher"),
        ("--lr", "1e-5", 12, 38, "script"),
    ]
    assert a["positionals"] == []
    assert a["lang"] == "bash"


def test_pytest_output_pasted_below_its_command_is_no_command():
    """granite-tsfm: `pytest tests` and, in the same block, pytest's report:
    `tests/test_inference.py ...   [100%]` is output, not a script run."""
    body = "pytest tests\n============ test session starts ============\ncollected 3 items\ntests/test_inference.py ...        [100%]\n\n====== 3 passed in 3.69s ======\npython run.py --x 1\n"
    refs = split_commands(body, 1, "sh")
    assert [(r.line, r.attrs["program"]) for r in refs] == [(1, "pytest"), (7, "python")]
    assert [r.attrs["program"] for r in split_commands("tests/test_x.py ..F.  [ 50%]\npython run.py\n", 1, "sh")] == ["python"]


def test_torchrun_boolean_option_does_not_swallow_script():
    ref = one("torchrun --standalone --nnodes=1 train.py --fp16")
    assert ref.attrs["script"] == "train.py"
    assert flags(ref) == [
        ("--standalone", None, 1, 10, "launcher"),
        ("--nnodes", "1", 1, 23, "launcher"),
        ("--fp16", None, 1, 43, "script"),
    ]


def test_python_module():
    ref = one("python -m pkg.train --x 1")
    a = ref.attrs
    assert (a["launcher"], a["script"], a["script_kind"]) == ("python", "pkg.train", "module")
    assert flags(ref) == [("-m", "pkg.train", 1, 8, "launcher"), ("--x", "1", 1, 21, "script")]


def test_python_m_torch_distributed_run():
    ref = one("python -m torch.distributed.run --nproc_per_node=2 train.py --y 3")
    a = ref.attrs
    assert (a["program"], a["launcher"], a["script"], a["script_kind"]) == (
        "python", "torchrun", "train.py", "py")
    assert flags(ref)[1:] == [("--nproc_per_node", "2", 1, 33, "launcher"),
                              ("--y", "3", 1, 61, "script")]


def test_env_prefix_and_line_continuation():
    body = "CUDA_VISIBLE_DEVICES=0,1 python train.py \\\n    --lr 1e-5 \\\n    --out runs/a\n"
    ref = one(body, first_line=20)
    assert (ref.line, ref.column) == (20, 1)
    assert ref.text == body.rstrip("\n")
    assert ref.attrs["env"] == [{"name": "CUDA_VISIBLE_DEVICES", "value": "0,1", "line": 20,
                                 "column": 1, "scope": "command"}]
    assert ref.attrs["script"] == "train.py"
    assert flags(ref) == [("--lr", "1e-5", 21, 5, "script"), ("--out", "runs/a", 22, 5, "script")]


def test_column_offsets_shift_every_line():
    ref = one("python t.py \\\n  --a 1", first_line=3, column_offsets=[2, 2])
    assert (ref.line, ref.column) == (3, 3)
    assert flags(ref) == [("--a", "1", 4, 5, "script")]


def test_console_prompts_and_output_lines():
    body = (
        "$ pip install -e .\n"
        "Obtaining file:///repo\n"
        "  --not-a-flag output\n"
        "(venv) $ drift check --format json \\\n"
        ">   --strict\n"
        '{"ok": true}\n'
    )
    refs = split_commands(body, 5, "console")
    assert [r.attrs["program"] for r in refs] == ["pip", "drift"]
    pip, drift = refs
    assert (pip.line, pip.column) == (5, 3)
    assert flags(pip) == [("-e", ".", 5, 15, "program")]
    assert pip.attrs["positionals"] == [{"text": "install", "line": 5, "column": 7}]
    assert (drift.line, drift.column) == (8, 10)
    assert flags(drift) == [("--format", "json", 8, 22, "program"),
                            ("--strict", None, 9, 5, "program")]


def test_docker_flags_belong_to_program():
    ref = one("docker run --gpus all img")
    a = ref.attrs
    assert (a["program"], a["launcher"], a["script"]) == ("docker", None, None)
    assert flags(ref) == [("--gpus", "all", 1, 12, "program")]
    assert [p["text"] for p in a["positionals"]] == ["run", "img"]


def test_pip_install_editable():
    ref = one("pip install -e .")
    assert flags(ref) == [("-e", ".", 1, 13, "program")]
    assert ref.attrs["positionals"] == [{"text": "install", "line": 1, "column": 5}]


def test_equals_value_and_quotes():
    ref = one("python t.py --a=b --name=\"x y\" '--quoted' \"--also\"")
    got = ref.attrs["flags"]
    assert [(f["flag"], f["value"], f["column"], f["value_column"]) for f in got] == [
        ("--a", "b", 13, 17), ("--name", "x y", 19, 27)]
    assert [p["text"] for p in ref.attrs["positionals"]] == ["--quoted", "--also"]
    assert ref.attrs["positionals"][0]["column"] == 33  # inside the quote


def test_placeholders_are_values():
    ref = one("python train.py --model <model> --cfg {name}.yaml --n $N --rest ...")
    assert [(f["flag"], f["value"]) for f in ref.attrs["flags"]] == [
        ("--model", "<model>"), ("--cfg", "{name}.yaml"), ("--n", "$N"), ("--rest", "...")]


def test_pipes_lists_and_substitution():
    body = "echo $(git rev-parse HEAD) | tee out && ls -la || true; make test"
    refs = split_commands(body, 1)
    assert [(r.attrs["program"], r.column) for r in refs] == [
        ("echo", 1), ("git", 8), ("tee", 30), ("ls", 41), ("true", 51), ("make", 57)]
    assert refs[1].text == "git rev-parse HEAD"


def test_heredoc_content_is_not_commands():
    body = "cat <<EOF > cfg.yaml\npython not_a_command.py --x\nEOF\npython real.py\n"
    refs = split_commands(body, 1)
    assert [r.attrs["program"] for r in refs] == ["cat", "python"]
    assert refs[1].line == 4


def test_console_heredoc_with_ps2():
    body = "$ cat <<EOF\n> python nope.py\n> EOF\n$ ls\n"
    assert [r.attrs["program"] for r in split_commands(body, 1, "console")] == ["cat", "ls"]


def test_export_and_bare_assignments():
    refs = split_commands("export HF_HOME=/data X\nY=2\n# a comment\n", 7)
    exp, bare = refs
    assert exp.attrs["program"] is None
    assert exp.attrs["env"] == [
        {"name": "HF_HOME", "value": "/data", "line": 7, "column": 8, "scope": "export"},
        {"name": "X", "value": None, "line": 7, "column": 22, "scope": "export"}]
    assert bare.attrs["env"][0]["scope"] == "shell" and bare.line == 8


@pytest.mark.parametrize("body, program, wrappers", [
    ("sudo -u bob python t.py", "python", ["sudo"]),
    ("env A=1 nohup python t.py", "python", ["env", "nohup"]),
    ("uv run --with rich python t.py", "python", ["uv run"]),
    ("poetry run pytest -x", "pytest", ["poetry run"]),
    ("srun -N 2 --gres=gpu:8 --pty python t.py", "python", ["srun"]),
    ("time exec python t.py", "python", ["time", "exec"]),
])
def test_wrappers_are_stripped(body, program, wrappers):
    ref = one(body)
    assert ref.attrs["program"] == program
    assert ref.attrs["wrappers"] == wrappers
    assert ref.attrs["script"] == ("t.py" if program == "python" else None)
    assert all(f["owner"] == "wrapper" for f in ref.attrs["flags"] if f["flag"] != "-x")


def test_env_wrapper_assignments():
    ref = one("env A=1 python t.py")
    assert ref.attrs["env"] == [{"name": "A", "value": "1", "line": 1, "column": 5,
                                 "scope": "command"}]


@pytest.mark.parametrize("body, launcher, script, kind", [
    ("accelerate launch --multi_gpu --config_file c.yaml t.py --z 1", "accelerate", "t.py", "py"),
    ("deepspeed --num_gpus 8 train.py --deepspeed ds.json", "deepspeed", "train.py", "py"),
    ("ray job submit --address http://h:8265 -- python r.py --k v", "ray", "r.py", "py"),
    ("bash scripts/run.sh --a 1", "bash", "scripts/run.sh", "sh"),
    ("torchrun --nproc-per-node 2 -m pkg.train", "torchrun", "pkg.train", "module"),
    ("./scripts/run.sh --a 1", None, "./scripts/run.sh", "sh"),
    ("drift check .", None, None, None),
])
def test_launchers(body, launcher, script, kind):
    a = one(body).attrs
    assert (a["launcher"], a["script"], a["script_kind"]) == (launcher, script, kind)


def test_accelerate_ownership():
    ref = one("accelerate launch --multi_gpu --config_file c.yaml train.py --z 1")
    assert [(f["flag"], f["value"], f["owner"]) for f in ref.attrs["flags"]] == [
        ("--multi_gpu", None, "launcher"), ("--config_file", "c.yaml", "launcher"),
        ("--z", "1", "script")]


def test_ray_inner_command_flags():
    ref = one("ray job submit --address http://h:8265 -- python r.py --k v")
    assert [(f["flag"], f["owner"]) for f in ref.attrs["flags"]] == [
        ("--address", "launcher"), ("--k", "script")]


def test_unicode_columns_are_characters():
    refs = split_commands("echo héllo && python t.py --ünï 1", 1)
    assert refs[1].column == 15
    assert refs[1].attrs["flags"][0]["column"] == 27


def test_shell_variables_defined():
    body = ("X=1\nexport Y=2 Z\nfor F in a b; do echo $F; done\nread -r -p 'ask: ' ANSWER\n"
            "local L=3\n$ echo hi\nOUT=ignored\n")
    assert shell_variables_defined(body) >= {"X", "Y", "Z", "F", "ANSWER", "L"}
    assert not shell_variables_defined(body) & {"echo", "OUT"}  # OUT= is console output


def test_cwd_follows_relative_cd_and_locals_list_block_names():
    refs = split_commands("OUT=runs\ncd examples/a\npython run.py --out $OUT\n"
                          "cd ../b && ls\ncd $HOME\nls\n", 1)
    assert [(r.attrs["program"], r.attrs["cwd"], r.attrs.get("cwd_unknown")) for r in refs] == [
        (None, "", None), ("cd", "", None), ("python", "examples/a", None),
        ("cd", "examples/a", None), ("ls", "examples/b", None), ("cd", "examples/b", None),
        ("ls", "", True)]
    assert all(r.attrs["locals"] == ["OUT"] for r in refs)


def test_cd_into_a_variable_the_block_set_to_a_folder_is_followed():
    """VisualDL's build.sh: `TOP_DIR=$(pwd)`, `FRONTEND_DIR=${TOP_DIR}/frontend`, then
    `cd "$FRONTEND_DIR"`; Video-LLaVA's `export GQADIR="./playground/data/gqa"`, then
    `cd $GQADIR`. A variable set to anything else (`$HOME`, a loop's) stays unknown."""
    refs = split_commands('TOP_DIR=$(pwd)\nFRONTEND_DIR=${TOP_DIR}/frontend\nbuild() {\n  cd "$FRONTEND_DIR"\n  . ./scripts/install.sh\n}\n'
                          'export GQADIR="./data/gqa"\ncd $GQADIR\nls\nD=$HOME/x\ncd $D\nls\n', 1)
    cwds = [(r.attrs["program"], r.attrs["cwd"], r.attrs.get("cwd_unknown")) for r in refs if r.attrs["program"] in (".", "ls")]
    assert cwds == [(".", "frontend", None), ("ls", "frontend/data/gqa", None), ("ls", "", True)]


def test_locals_exclude_env_prefixes_and_exports():
    refs = split_commands("A=1 python t.py\nexport B=2\nC=3\nfor D in x; do :; done\n", 1)
    assert refs[0].attrs["locals"] == ["C", "D"]
    assert shell_variables_defined("A=1 python t.py\nexport B=2\n") == {"B"}


@pytest.mark.parametrize("body, expected", [
    ("$ anything here", True), ("python x.py", True), ("./run.sh", True),
    ("FOO=1 make", True), ("\n\n  pip install x", True), ("import os", False),
    ("key: value", False), ("", False),
    # adanet: an unlabelled gcloud command; any program word with options and a continuation
    ("gcloud ml-engine jobs submit training $JOB --package-path trainer/ \\\n--module-name x", True),
    ("mytool fit --epochs 3 \\\n  --lr 1", True),
    ("mytool fit --epochs 3", False), ("Usage: mytool --epochs 3 \\", False), ("x = f(--a) \\", False),
])
def test_looks_like_command(body, expected):
    assert looks_like_command(body) is expected


lines_strategy = st.lists(
    st.one_of(
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60),
        st.sampled_from(["$ ", "> ", "\\", "<<EOF", "EOF", "$(", ")", "'", '"', "--x=", "\0",
                         "python -m", "torchrun", "sudo env", "uv run", "|", "&&", "\r"]),
        st.text(alphabet="ab -=$<>", min_size=2000, max_size=5000),
    ),
    max_size=12,
)


@settings(max_examples=150, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(parts=lines_strategy, lang=st.sampled_from(["bash", "console", ""]))
def test_property_never_raises_and_lines_in_range(parts, lang):
    body = "".join(p if i % 2 else p + "\n" for i, p in enumerate(parts))
    n = len(re.split(r"\n", body))
    refs = split_commands(body, 3, lang)
    for r in refs:
        assert 3 <= r.line <= n + 2 and r.column >= 1
        for f in r.attrs["flags"]:
            assert 3 <= f["line"] <= n + 2
    shell_variables_defined(body)


def test_upper_plane_characters_do_not_crash_the_bash_grammar():
    # tree-sitter-bash 0.25.1 segfaulted on `{` before a plane-14 character about half the
    # time; run it in a child so a crash fails this test instead of killing the suite.
    code = textwrap.dedent("""
        from drift_docs.docs.shell import split_commands
        from drift_docs.facts.shell import extract_shell
        from drift_docs.rules import CompiledRules, load_rules
        rules = load_rules()
        compiled = CompiledRules(rules.for_language("bash"), "bash")
        for n in range(40):
            body = "{" + chr(0xE0000 + n) + "\\nx {" + chr(0x10FFFD) + "\\n"
            split_commands(body, 1, "bash")
            extract_shell(body.encode(), compiled)
        print("parsed")
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "parsed"


def test_words_keep_upper_plane_characters_and_columns():
    (ref,) = split_commands("python train.py --note \U0001F680go --lr 1", 1, "bash")
    flags = {f["flag"]: f for f in ref.attrs["flags"]}
    assert flags["--note"]["value"] == "\U0001F680go"
    assert flags["--lr"]["column"] == len("python train.py --note \U0001F680go ") + 1


def test_a_script_s_own_folder_is_followed_through_the_variables_that_name_it():
    """Triton-distributed's build_rocshmem.sh: `SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"`,
    `PROJECT_ROOT=$(realpath ${SCRIPT_DIR})`, `BUILD_DIR=${PROJECT_ROOT}/rocshmem_build`, then
    `cd ${BUILD_DIR}`: the commands after it run in the script's folder's rocshmem_build/.
    A `cd` to a variable set to anything else leads somewhere unknown."""
    from drift_docs.docs.shell import split_commands

    script = (
        'HERE="$(cd "$(dirname "$0")" && pwd)"\nPROJECT_ROOT=$(realpath ${HERE})\nBUILD_DIR=${PROJECT_ROOT}/rocshmem_build\n'
        "mkdir -p ${BUILD_DIR} && cd ${BUILD_DIR}\nbash ../scripts/build.sh\nOTHER=$(git rev-parse --show-toplevel)\ncd ${OTHER}\nbash run.sh\n"
    )
    refs = {r.text: r.attrs for r in split_commands(script, 1, path="shmem/bind/build.sh") if r.attrs.get("program") == "bash"}
    assert refs["bash ../scripts/build.sh"].get("cwd_from_doc") == "rocshmem_build"
    assert refs["bash run.sh"].get("cwd_unknown") and refs["bash run.sh"].get("cwd_target") == "${OTHER}"
