"""Coverage: exact counts on a fixture project, every report format (the HTML page
loaded in headless Chromium), --fail-under, and the follow-up issue lifecycle on the
GitHub stand-in, including concurrent runs."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import threading

import pytest

from drift_docs.cli import main
from drift_docs.coverage import compute
from drift_docs.engine import analyse
from drift_docs.github.coverage_issues import sync_issues
from drift_docs.cache import Cache
from drift_docs.config import load_config
from drift_docs.report import coverage as reports
from drift_docs.revision import Revision, open_repo

pytest_plugins = ["tests.ghstub.conftest_plugin"]

ARGS = '''
import argparse
def add_train(parser):
    g = parser.add_argument_group("train")
    g.add_argument("--lr", type=float, default=1e-5)
    g.add_argument("--epochs", type=int, default=1)
    g.add_argument("--colocate", action=argparse.BooleanOptionalAction, default=True)
def add_rollout(parser):
    g = parser.add_argument_group("rollout")
    g.add_argument("--rollout-batch-size", type=int, default=8)
    g.add_argument("--rollout-temperature", type=float, default=1.0)
'''
CODE = '''
import os, wandb
DEBUG = os.environ.get("TOY_DEBUG")
CACHE = os.getenv("TOY_CACHE_DIR")
CUDA = os.environ.get("CUDA_VISIBLE_DEVICES")
def log(loss, reason):
    wandb.log({"train/loss": loss, "train/grad_norm": 1.0, "eval/score": 2.0})
    wandb.log({f"eval/skipped_{reason}": 1})
'''
TEST_CODE = 'import argparse\nargparse.ArgumentParser().add_argument("--only-in-tests")\n'
CLI_DOC = "# CLI\n\n| Flag | Default |\n| --- | --- |\n| `--lr` | `1e-5` |\n| `--no-colocate` | |\n"
GUIDE = "# Guide\n\nSet `TOY_DEBUG=1`. Watch `train/loss` and `eval/skipped_timeout`.\n\n```bash\npython toy/train.py --rollout-batch-size 4\n```\n"
FILES = {
    "toy/__init__.py": "",
    "toy/args.py": ARGS,
    "toy/train.py": CODE,
    "tests/test_args.py": TEST_CODE,
    "docs/cli.md": CLI_DOC,
    "docs/guide.md": GUIDE,
    "pyproject.toml": '[tool.drift.coverage]\nreference = { flags = "docs/cli.md" }\n',
}


def _coverage(root, rev="HEAD"):
    repo = open_repo(root)
    with Revision(repo, rev) as revision:
        config = load_config(revision)
        return compute(analyse(revision, config, Cache(None)), config.coverage)


def test_exact_counts_groups_and_reference_page(make_repo):
    data = _coverage(make_repo(FILES).root).to_dict()
    flags = data["kinds"]["flags"]
    # --colocate and --no-colocate are one flag; a test's own flag does not count.
    assert (flags["defined"], flags["documented"]) == (5, 3)
    assert sorted(i["name"] for i in flags["undocumented"]) == ["--epochs", "--rollout-temperature"]
    assert flags["groups"]["train"] == {"defined": 3, "documented": 2, "undocumented": ["--epochs"], "defined_at": {"--epochs": "toy/args.py:6"}}
    assert flags["groups"]["rollout"]["undocumented"] == ["--rollout-temperature"] and flags["groups"]["rollout"]["documented"] == 1
    assert flags["reference"] == {"page": "docs/cli.md", "documented": 2, "defined": 5}
    env = data["kinds"]["env"]  # the repository's own namespace only
    assert (env["defined"], env["documented"], [i["name"] for i in env["undocumented"]]) == (2, 1, ["TOY_CACHE_DIR"])
    metrics = data["kinds"]["metrics"]
    assert (metrics["defined"], metrics["documented"]) == (4, 2)  # the f-string pattern is documented
    assert sorted(i["name"] for i in metrics["undocumented"]) == ["eval/score", "train/grad_norm"]
    assert data["total"] == {"defined": 11, "documented": 6, "percent": 54.5}


def test_formats_and_fail_under(make_repo, capsys, tmp_path):
    root = str(make_repo(FILES).root)
    assert main(["coverage", root, "--fail-under", "50"]) == 0
    assert "5 " in capsys.readouterr().out
    assert main(["coverage", root, "--fail-under", "60"]) == 1
    capsys.readouterr()
    assert main(["coverage", root, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["kinds"]["flags"]["defined"] == 5
    assert main(["coverage", root, "--format", "markdown"]) == 0
    assert "| CLI flags | 5 | 3 | 60.0 |" in capsys.readouterr().out
    assert main(["coverage", root, "--format", "svg", "-o", str(tmp_path / "badge.svg")]) == 0
    badge = (tmp_path / "badge.svg").read_text()
    assert badge.startswith("<svg") and "54%" in badge


def _chromium(tmp_path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--no-first-run", "--hide-scrollbars", f"--user-data-dir={tmp_path / 'profile'}", *args],
        capture_output=True, text=True, timeout=120,
    )


def _png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB(A) bytes) of an 8-bit non-interlaced PNG, stdlib only."""
    import struct
    import zlib

    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and color in (2, 6)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytes(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, channels, rows


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed (.ci/run installs it)")
def test_html_report_draws_its_chart_without_javascript_and_on_screen(make_repo, tmp_path):
    builder = make_repo(FILES)
    builder.repo.create_remote("origin", "https://github.com/octo/toy.git")
    html = reports.html_page(_coverage(builder.root))
    # The chart is in the page itself, with a legend and counts; names link to their line.
    assert html.count('class="bar-documented"') >= 4 and "not named in any doc" in html
    assert re.search(r'href="https://github.com/octo/toy/blob/[0-9a-f]{40}/toy/train.py#L\d+"', html)
    page = tmp_path / "coverage.html"
    page.write_text(html)
    # The chart is literal SVG in the served page: no script draws it.
    assert html.index('class="bar-documented"') < html.index("<script")
    dom = _chromium(tmp_path, "--dump-dom", page.as_uri()).stdout
    assert dom.count('class="bar-documented"') >= 4 and 'data-rendered="yes"' in dom
    assert "<td>rollout</td>" in dom and "--rollout-temperature" in dom
    shot = tmp_path / "shot.png"
    proc = _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1100,1400", page.as_uri())
    assert shot.exists(), proc.stderr[-2000:]
    width, channels, rows = _png_pixels(shot.read_bytes())

    def painted(rgb: tuple[int, int, int]) -> int:
        want = bytes(rgb)
        return sum(1 for row in rows for x in range(0, width * channels, channels) if row[x:x + 3] == want)

    # Both parts of the bars are on screen: an empty or broken page paints neither.
    assert painted((0x2F, 0x7D, 0x57)) > 500 and painted((0xE8, 0xB4, 0xC4)) > 500


def test_metric_groups_built_at_run_time_are_one_group_not_noise(make_repo):
    train = "import wandb\n\n\ndef log(prefix, loss):\n    wandb.log({f\"{prefix}/loss\": loss, \"train/lr\": 1})\n"
    data = _coverage(make_repo({"train.py": train, "README.md": "# x\n"}).root).to_dict()
    groups = set(data["kinds"]["metrics"]["groups"])
    assert not any(ch in g for g in groups for ch in "{}<>"), groups


def _issues(stub):
    return [i for i in stub.repos["octo/toy"].issues.values() if "drift:coverage" in (i.body or "")]


def test_issue_lifecycle_create_update_tick_close(make_repo, github_stub):
    builder = make_repo(FILES)
    github_stub.add_repo("octo/toy")
    repo = github_stub.client(github_stub.add_token(login="maria")).get_repo("octo/toy")
    first = sync_issues(repo, _coverage(builder.root), sleep=lambda s: None)
    # One per group with a gap: flags in train and in rollout, the env vars of
    # toy/train.py, the metrics in train/ and in eval/.
    assert len(first.created) == 5
    again = sync_issues(repo, _coverage(builder.root), sleep=lambda s: None)
    assert again.created == [] and again.updated == []  # nothing changed: nothing written
    train = next(i for i in _issues(github_stub) if "in train" in i.title and "flags" in i.title)
    assert "- [ ] `--epochs`" in train.body
    # --epochs gets documented: its item is ticked and, the group complete, the issue closes.
    builder.commit({"docs/cli.md": CLI_DOC + "| `--epochs` | `1` |\n"}, "Document --epochs")
    third = sync_issues(repo, _coverage(builder.root), sleep=lambda s: None)
    train = github_stub.repos["octo/toy"].issues[train.number]
    assert train.number in third.closed and train.state == "closed" and "- [x] `--epochs`" in train.body
    # A gap that comes back reopens the same issue, never a new one.
    builder.commit({"docs/cli.md": CLI_DOC}, "Drop --epochs from the docs")
    fourth = sync_issues(repo, _coverage(builder.root), sleep=lambda s: None)
    assert train.number in fourth.reopened and fourth.created == []


def test_concurrent_runs_leave_one_issue_per_group(make_repo, github_stub):
    builder = make_repo(FILES)
    github_stub.add_repo("octo/toy")
    coverage = _coverage(builder.root)
    repos = [github_stub.client(github_stub.add_token(login=f"bot{i}")).get_repo("octo/toy") for i in range(2)]
    barrier = threading.Barrier(2)

    def run(repo):
        barrier.wait()
        sync_issues(repo, coverage, sleep=lambda s: None)

    threads = [threading.Thread(target=run, args=(r,)) for r in repos]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    sync_issues(repos[0], coverage, sleep=lambda s: None)
    open_issues = [i for i in _issues(github_stub) if i.state == "open"]
    markers = [i.body.split("<!-- drift:coverage ")[1] for i in open_issues]
    assert len(markers) == len(set(markers)) == 5


def test_the_app_schedule_opens_issues_for_repositories_that_enable_it(make_repo, github_stub, tmp_path):
    from drift_docs.app.scheduled import run_scheduled_coverage
    from drift_docs.app.settings import Settings

    enabled = make_repo({**FILES, "pyproject.toml": '[tool.drift.coverage]\nschedule = true\n'})
    github_stub.add_repo("octo/toy", clone_url=str(enabled.root), default_branch="main")
    pem = github_stub.generate_app_key()
    github_stub.add_installation(7, "octo")
    settings = Settings(app_id=github_stub.app_id, private_key=pem, webhook_secret="x", github_url=github_stub.base_url, data_dir=tmp_path / "data")
    outcome = run_scheduled_coverage(settings)
    assert outcome["octo/toy"].startswith("54.5%: 5 created")
    assert len(_issues(github_stub)) == 5
    assert run_scheduled_coverage(settings)["octo/toy"].startswith("54.5%: 0 created")


def test_trend_over_history(make_repo, capsys):
    builder = make_repo(FILES)
    first = builder.repo.head.commit.hexsha
    builder.commit({"docs/cli.md": CLI_DOC + "| `--epochs` | `1` |\n"}, "Document --epochs")
    builder.commit({"docs/cli.md": CLI_DOC + "| `--epochs` | `1` |\n| `--rollout-temperature` | `1.0` |\n"}, "Document the rest")
    assert main(["coverage", str(builder.root), "--since", first, "--step", "1", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    # The trend starts at --since itself.
    assert [r["commit"] for r in rows] == [first, *[c.hexsha for c in builder.repo.iter_commits(max_count=2)][::-1]]
    assert [r["kinds"]["flags"]["percent"] for r in rows] == [60.0, 80.0, 100.0]
    assert [r["kinds"]["flags"]["documented"] for r in rows] == [3, 4, 5]
    assert main(["coverage", str(builder.root), "--since", first, "--step", "2", "--format", "markdown", "--fail-under", "70"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| date | commit | total | flags") and len(table) == 4  # header, rule, first, last
    assert "100.0% (5/5)" in table[-1]
    assert main(["coverage", str(builder.root), "--since", first, "--format", "json", "--fail-under", "80"]) == 1  # 72.7% at the end
    capsys.readouterr()
    assert main(["coverage", str(builder.root), "--since", first, "--format", "html"]) == 2


def test_public_symbols_when_configured(make_repo):
    files = {**FILES, "toy/api.py": "def train():\n    pass\n\ndef _private():\n    pass\n\nclass Trainer:\n    def fit(self):\n        pass\n",
             "docs/api.md": "Call `toy.api.train` to start.\n",
             "pyproject.toml": '[tool.drift.coverage]\nsymbols = true\n'}
    data = _coverage(make_repo(files).root).to_dict()["kinds"]["symbols"]
    names = {i["name"] for i in data["undocumented"]}
    assert "toy.api.Trainer" in names and "toy.api.train" not in names and not any("_private" in n for n in names)


def test_what_counts_as_defined_and_as_documented(make_repo):
    tool = (
        "import argparse, os\n"
        "HOST_IP_ENV = 'TOY_HOST_IP'\n"
        "HOST = os.getenv(HOST_IP_ENV)\n"
        "p = argparse.ArgumentParser()\n"
        "p.add_argument('-a', '--add-missing', action='store_true')\n"
        "p.add_argument('--name')\n"
        "p.add_argument('--output-dir')\n"
        "p.add_argument('--name-of-run')\n"
    )
    stats = (
        "import wandb\n"
        "def report(stats, tokens):\n"
        "    result = {'ok': True, 'model_path': '/m'}\n"
        "    stats['longest_sample_tokens_per_sec'] = tokens\n"
        "    wandb.log(dict_add_prefix(stats, 'perf/'))\n"
        "    return result\n"
    )
    doc = (
        "# Notes\n\n"
        "```bash\n"
        "docker run --name box image\n"
        "TOOL_ARGS=(\n"
        "   --output-dir out\n"
        ")\n"
        "python toy/tool.py ${TOOL_ARGS[@]} 2>&1 | tee -a log.txt\n"
        "```\n\nAdd to the command line:\n\n```bash\n"
        "   --name-of-run x \\\n"
        "```\n\n"
        "Set `TOY_HOST_IP`; watch `perf/longest_sample_tokens_per_sec`. The reply has `model_path`.\n"
    )
    files = {
        "toy/__init__.py": "",
        "toy/tool.py": tool,
        "toy/stats.py": stats,
        # A test defines the same flag first in path order: the tool's still counts.
        "a_tests/test_tool.py": "import argparse\nargparse.ArgumentParser().add_argument('--output-dir')\n",
        "docs/notes.md": doc,
        "pyproject.toml": '[tool.drift.coverage]\nexclude = ["a_tests/**"]\n',
    }
    kinds = _coverage(make_repo(files).root).to_dict()["kinds"]
    flags = kinds["flags"]
    # `tee -a` and `docker run --name` are those programs' flags, not the tool's.
    assert (flags["defined"], flags["documented"]) == (4, 2)
    assert sorted(i["name"] for i in flags["undocumented"]) == ["--add-missing", "--name"]
    assert [(i["name"], i["path"]) for i in flags["documented_names"]] == [("--name-of-run", "toy/tool.py"), ("--output-dir", "toy/tool.py")]
    assert flags["documented_names"][0]["documented_in"] == ["docs/notes.md"]
    # An env var named through a module constant is defined, and documented.
    assert (kinds["env"]["defined"], kinds["env"]["documented"]) == (1, 1)
    # Keys of a dict called `result` are not metrics; a wrapper's prefix is kept.
    metrics = kinds["metrics"]
    assert [i["name"] for i in metrics["documented_names"]] == ["perf/longest_sample_tokens_per_sec"]
    assert metrics["defined"] == 1 and "perf" in metrics["groups"]
