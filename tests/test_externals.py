"""Other programs' flags found with no configuration: the framework a parser extends is
read from a copy in the tree, a submodule at its recorded commit, the installed package,
or the version the repository pins, fetched into the user cache (from a local package
index or a local git repository here: no network)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import git
import pytest

from drift_docs.cli import main
from drift_docs.engine import audit

ARGUMENTS = '''import argparse


def _add_network_args(parser):
    group = parser.add_argument_group(title="network")
    group.add_argument("--num-layers", type=int, default=None)
{extra}    return parser


def parse_args(extra_args_provider=None):
    parser = argparse.ArgumentParser()
    parser = _add_network_args(parser)
    if extra_args_provider is not None:
        parser = extra_args_provider(parser)
    return parser.parse_args()
'''

TRAIN = '''from megatron.training.arguments import parse_args


def add_rl_arguments(parser):
    parser.add_argument("--actor-num-nodes", type=int, default=1)
    return parser


if __name__ == "__main__":
    parse_args(extra_args_provider=add_rl_arguments)
'''

DOC = """# Train

```bash
python train.py --actor-num-nodes 1 --hidden-size 512 --num-layer 3
```
"""


def _megatron_source(extra: str = "") -> dict[str, str]:
    return {"megatron/__init__.py": "", "megatron/training/__init__.py": "", "megatron/training/arguments.py": ARGUMENTS.format(extra=extra)}


HIDDEN = '    group.add_argument("--hidden-size", type=int)\n'


def _wheel(folder: Path, version: str, extra: str) -> Path:
    """A wheel of `megatron-core` at ``version``: only what pip download needs."""
    path = folder / f"megatron_core-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in _megatron_source(extra).items():
            archive.writestr(name, text)
        info = f"megatron_core-{version}.dist-info"
        archive.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: megatron-core\nVersion: {version}\n")
        archive.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        archive.writestr(f"{info}/RECORD", "")
    return path


def _found(result):
    return sorted((f.line, f.text, f.confidence) for f in result.findings if f.path == "docs/train.md")


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "drift-cache"
    monkeypatch.setenv("DRIFT_CACHE_DIR", str(folder))
    monkeypatch.delenv("DRIFT_FETCH", raising=False)
    return folder


def test_an_unresolved_framework_is_one_note_with_the_fix(make_repo, cache_dir):
    builder = make_repo({"train.py": TRAIN, "requirements.txt": "megatron-core==0.15.0\ntorch>=2\n", "docs/train.md": DOC})
    result = audit(builder.root, blame=False)
    # Its flags are unverified, never unknown: no finding, one note per external.
    assert _found(result) == []
    (row,) = result.unverified
    assert row["external"] == "megatron" and row["program"] == "train.py" and row["flags"] == 2
    assert "--fetch" in row["missing"] and "megatron-core==0.15.0" in row["missing"] and "requirements.txt:1" in row["missing"]
    (entry,) = result.externals
    assert (entry["how"], entry["version"], entry["pin"]) == ("pinned", "0.15.0", "requirements.txt:1")


def test_the_pinned_version_is_fetched_from_the_package_index_and_used(make_repo, cache_dir, tmp_path, monkeypatch, capsys):
    index = tmp_path / "index"
    index.mkdir()
    _wheel(index, "0.14.0", HIDDEN)  # still had --hidden-size
    _wheel(index, "0.15.0", "")  # the pinned one: --hidden-size is gone
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(index))
    builder = make_repo({"train.py": TRAIN, "requirements.txt": "megatron-core==0.15.0\n", "docs/train.md": DOC})
    monkeypatch.setenv("DRIFT_FETCH", "1")
    result = audit(builder.root, blame=False)
    assert _found(result) == [(4, "--hidden-size", "high"), (4, "--num-layer", "high")]
    typo = next(f for f in result.findings if f.text == "--num-layer")
    assert typo.replacement == "--num-layers" and "not a flag of Megatron-LM 0.15.0 (pinned in requirements.txt:1)" in typo.evidence
    assert result.unverified == []
    (entry,) = result.externals
    assert (entry["how"], entry["version"], entry["flags"]) == ("fetched", "0.15.0", 1)
    # Only Python source is kept, in the user cache; later runs read it without fetching.
    kept = [p.relative_to(cache_dir).as_posix() for p in cache_dir.rglob("*.py")]
    assert kept and all(p.startswith("externals/pypi-megatron-core-0.15.0/") for p in kept)
    monkeypatch.delenv("DRIFT_FETCH")
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path / "nowhere"))
    assert _found(audit(builder.root, blame=False)) == [(4, "--hidden-size", "high"), (4, "--num-layer", "high")]
    main(["externals", str(builder.root), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert report["programs"] == [{"program": "train.py", "role": "main", "externals": ["megatron"]}]
    assert report["externals"][0]["where"] == "megatron-core==0.15.0"


def test_a_pin_that_does_not_resolve_is_a_note_and_the_audit_goes_on(make_repo, cache_dir, tmp_path, monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path / "empty"))
    monkeypatch.setenv("DRIFT_FETCH", "1")
    builder = make_repo({"train.py": TRAIN, "requirements.txt": "megatron-core==9.9.9\n", "docs/train.md": DOC + "\n[gone](missing.md)\n"})
    result = audit(builder.root, blame=False)
    assert [f.text for f in result.findings] == ["missing.md"]
    (entry,) = result.externals
    assert entry["how"] == "pinned" and "megatron-core==9.9.9" in entry["missing"]


def _git_source(root: Path, extra: str) -> tuple[Path, str, str]:
    """A local Megatron-LM repository with two commits: (path, old commit, new commit)."""
    root.mkdir(parents=True)
    repo = git.Repo.init(root)
    with repo.config_writer() as config:
        config.set_value("user", "name", "t").set_value("user", "email", "t@example.com")
    for name, text in _megatron_source(HIDDEN).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    repo.git.add(A=True)
    repo.index.commit("with --hidden-size")
    old = repo.head.commit.hexsha
    (root / "megatron/training/arguments.py").write_text(ARGUMENTS.format(extra=extra))
    repo.git.add(A=True)
    repo.index.commit("without it")
    return root, old, repo.head.commit.hexsha


def test_a_git_pin_in_a_dockerfile_is_fetched_at_its_commit(make_repo, cache_dir, tmp_path, monkeypatch):
    source, old, new = _git_source(tmp_path / "upstream" / "NVIDIA" / "Megatron-LM", "")
    dockerfile = f"FROM python:3.11\nARG MEGATRON_COMMIT={old}\nRUN git clone file://{source} /opt/Megatron-LM && \\\n    cd /opt/Megatron-LM && git checkout ${{MEGATRON_COMMIT}}\n"
    builder = make_repo({"train.py": TRAIN, "docker/Dockerfile": dockerfile, "docs/train.md": DOC})
    monkeypatch.setenv("DRIFT_FETCH", "1")
    result = audit(builder.root, blame=False)
    # At the pinned (older) commit --hidden-size was still Megatron's.
    assert _found(result) == [(4, "--num-layer", "high")]
    (entry,) = result.externals
    assert (entry["how"], entry["version"], entry["pin"]) == ("fetched", old[:12], "docker/Dockerfile:3")
    assert "not a flag of Megatron-LM " + old[:12] in next(f for f in result.findings).evidence


def test_a_submodule_is_read_at_its_recorded_commit(make_repo, cache_dir, tmp_path):
    source, old, new = _git_source(tmp_path / "upstream" / "Megatron-LM", "")
    builder = make_repo({"train.py": TRAIN, "docs/train.md": DOC})
    repo = git.Repo(builder.root)
    repo.git.execute(["git", "-c", "protocol.file.allow=always", "submodule", "add", "--quiet", str(source), "third_party/Megatron-LM"])
    repo.git.execute(["git", "-C", "third_party/Megatron-LM", "checkout", "--quiet", old])
    repo.git.add(A=True)
    repo.index.commit("Megatron-LM as a submodule, at the commit with --hidden-size")
    result = audit(builder.root, blame=False)
    assert _found(result) == [(4, "--num-layer", "high")]
    (entry,) = result.externals
    assert (entry["how"], entry["version"], entry["where"]) == ("submodule", old[:10], "third_party/Megatron-LM")


def test_an_installed_distribution_is_read_statically(make_repo, cache_dir, tmp_path, monkeypatch):
    site = tmp_path / "site"
    for name, text in _megatron_source(HIDDEN).items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text + "raise SystemExit('drift must never import this')\n")
    info = site / "megatron_core-0.14.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: megatron-core\nVersion: 0.14.0\n")
    (info / "top_level.txt").write_text("megatron\n")
    monkeypatch.syspath_prepend(str(site))
    builder = make_repo({"train.py": TRAIN, "docs/train.md": DOC})
    result = audit(builder.root, blame=False)
    assert _found(result) == [(4, "--num-layer", "high")]
    (entry,) = result.externals
    assert (entry["how"], entry["version"]) == ("installed", "0.14.0")
    assert "megatron" not in sys.modules


def test_pins_are_read_from_the_files_that_state_them():
    from drift_docs.pins import find_pins, pins_for

    files = {
        "pyproject.toml": '[project]\ndependencies = ["transformers>=4.40", "trl==0.19.1"]\n',
        "requirements/base.txt": "sglang[all]==0.5.9  # server\n",
        "docker/Dockerfile": "FROM x\nRUN git clone -b core_r0.14.0 https://github.com/NVIDIA/Megatron-LM.git /m\n",
        "docker/Dockerfile.rocm": "ARG SHA=abc1234\nRUN git clone https://github.com/NVIDIA/Megatron-LM.git && cd Megatron-LM && git checkout ${SHA}\n",
        "examples/x/run.sh": "pip install trl==0.1.0\n",
        "uv.lock": 'version = 1\n\n[[package]]\nname = "draccus"\nversion = "0.11.5"\nsource = { registry = "https://pypi.org/simple" }\n',
    }
    pins = find_pins(files, lambda path: files[path].encode())
    assert [p.label for p in pins_for(pins, ["trl"], [])] == ["trl==0.19.1"]  # a range is no pin; an example's is not the repository's
    assert [p.label for p in pins_for(pins, ["sglang"], [])] == ["sglang==0.5.9"]
    assert [(p.label, p.where) for p in pins_for(pins, ["draccus"], [])] == [("draccus==0.11.5", "uv.lock:4")]  # a lockfile resolves a range
    megatron = pins_for(pins, ["megatron-core"], ["NVIDIA/Megatron-LM"])
    assert [(p.ref, p.where) for p in megatron] == [("core_r0.14.0", "docker/Dockerfile:2"), ("abc1234", "docker/Dockerfile.rocm:2")]


def test_a_named_fork_is_a_pin_and_a_range_is_said_to_be_one():
    from drift_docs.pins import find_pins, pins_for, ranges_for

    files = {
        "requirements/requirements.txt": "deepspeed@git+https://github.com/EleutherAI/DeeperSpeed.git@91d1c55ba037b5ada99ae14884dff87a4dc5b9ea#egg=deepspeed\ntyro >= 1.0.5\n",
        "pyproject.toml": '[project]\ndependencies = ["draccus>=0.11.6,<0.12.0"]\n',
        "scripts/run.sh": "echo done > out.txt\n",
    }
    pins = find_pins(files, lambda path: files[path].encode())
    # PEP 508 `name @ git+URL@sha`: the fork installs as deepspeed, at that commit.
    (fork,) = pins_for(pins, ["deepspeed"], ["microsoft/DeepSpeed"])
    assert (fork.url, fork.ref) == ("https://github.com/EleutherAI/DeeperSpeed", "91d1c55ba037b5ada99ae14884dff87a4dc5b9ea")
    assert [(p.spec, p.where) for p in ranges_for(pins, ["tyro"])] == [(">=1.0.5", "requirements/requirements.txt:2")]
    assert [p.spec for p in ranges_for(pins, ["draccus"])] == [">=0.11.6,<0.12.0"]
    assert not pins_for(pins, ["tyro", "draccus"], []) and not ranges_for(pins, ["echo"])


SERVER_ARGS = '''from dataclasses import dataclass
from typing import Annotated as A


@dataclass
class ServerArgs:
    tp_size: int = 1
    ep_size: A[int, Arg(help="Expert parallelism.", aliases=["--expert-parallel-size", "--ep"])] = 1
    mem_fraction_static: float = 0.9
'''

PASSING = '''import argparse


def add_sglang_arguments(parser):
    for name in ("tp_size", "ep_size", "mem_fraction_static"):
        parser.add_argument(f"--sglang-{name.replace('_', '-')}")
    parser.add_argument("--rollout-batch-size", type=int)
    return parser


if __name__ == "__main__":
    add_sglang_arguments(argparse.ArgumentParser()).parse_args()
'''

PATCH = """--- a/python/sglang/srt/server_args.py
+++ b/python/sglang/srt/server_args.py
@@ -10,3 +10,4 @@ class ServerArgs:
     mem_fraction_static: float = 0.9
+    custom_pull_hook: Optional[str] = None
"""


def _sglang_wheel(folder: Path, version: str) -> Path:
    path = folder / f"sglang-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("sglang/__init__.py", "")
        archive.writestr("sglang/srt/server_args.py", SERVER_ARGS)
        archive.writestr(f"sglang-{version}.dist-info/METADATA", f"Metadata-Version: 2.1\nName: sglang\nVersion: {version}\n")
        archive.writestr(f"sglang-{version}.dist-info/WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        archive.writestr(f"sglang-{version}.dist-info/RECORD", "")
    return path


def test_a_prefix_passed_through_to_a_known_program_is_checked_against_its_pinned_image(make_repo, cache_dir, tmp_path, monkeypatch):
    index = tmp_path / "index"
    index.mkdir()
    _sglang_wheel(index, "0.5.15.post1")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(index))
    monkeypatch.setenv("DRIFT_FETCH", "1")
    doc = (
        "```bash\npython train.py --rollout-batch-size 8 --sglang-tp-size 2 --sglang-expert-parallel-size 2 "
        "--sglang-custom-pull-hook h --sglang-enable-ep-moe\n```\n"
    )
    builder = make_repo({
        "train.py": PASSING, "docs/run.md": doc,
        # The image the repository builds on names the program's version; a variant image an older one.
        "docker/Dockerfile": "ARG SGLANG_TAG=v0.5.15.post1-cu129\nFROM lmsysorg/sglang:${SGLANG_TAG}\n",
        "docker/Dockerfile.rocm": "RUN pip install sglang==0.4.0\n",
        "docker/patch/v0.5.15.post1/sglang.patch": PATCH,
    })
    result = audit(builder.root, blame=False)
    found = [(f.rule, f.text, f.confidence) for f in result.findings]
    # An alias the program's own class declares and an option the repository's patch adds
    # are the program's; a flag it removed is not.
    assert found == [("DRIFT012", "--sglang-enable-ep-moe", "medium")]
    assert "SGLang 0.5.15.post1 (pinned in docker/Dockerfile:2)" in result.findings[0].evidence
    (entry,) = result.externals
    assert (entry["prefix"], entry["how"], entry["patches"]) == ("--sglang-", "fetched", ["docker/patch/v0.5.15.post1/sglang.patch"])


def test_a_module_of_the_repositorys_package_named_like_a_framework_is_no_copy_of_it(make_repo, cache_dir):
    """ArcticInference: `arctic_inference/vllm/` holds its patches to vLLM and imports as
    arctic_inference.vllm; `import vllm` is the installed vLLM, whose flags drift has not
    read. A copy of Megatron-LM under third_party/, importable as `megatron`, is read."""
    patches = {"tool/__init__.py": "", "tool/megatron/__init__.py": "", "tool/megatron/training/__init__.py": "",
               "tool/megatron/training/arguments.py": ARGUMENTS.format(extra="")}
    builder = make_repo({**patches, "train.py": TRAIN, "requirements.txt": "megatron-core==0.15.0\n", "docs/train.md": DOC})
    result = audit(builder.root, blame=False)
    assert _found(result) == []
    (entry,) = result.externals
    assert entry["how"] == "pinned"
    vendored = {f"third_party/Megatron-LM/{path}": text for path, text in _megatron_source().items()}
    builder.commit(vendored, "vendor Megatron-LM")
    result = audit(builder.root, blame=False)
    assert [text for _, text, _ in _found(result)] == ["--hidden-size", "--num-layer"]
    assert result.externals[0]["how"] == "vendored"
