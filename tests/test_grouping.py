"""Findings with one root cause are one group: shown once in text with their other
places, labelled in JSON, and silenced by the one config line the summary prints."""

from __future__ import annotations

import json

from drift_docs.cli import main

TRAIN = '''
import argparse
p = argparse.ArgumentParser()
p.add_argument("--rollout-batch-size", type=int)
p.parse_args()
'''


def _repo(make_repo, files):
    """The files, with `--rollout-batch` renamed `--rollout-batch-size` by the last commit:
    the docs' misspelt `--rollout-batchsiz` is one cause wherever it is written."""
    builder = make_repo({**files, "train.py": files["train.py"].replace('"--rollout-batch-size"', '"--rollout-batch"')}, removed=('tools/convert.py', 'third_party/a.py', 'third_party/b.py', 'third_party/c.py'))
    builder.commit({"train.py": files["train.py"]}, "Rename --rollout-batch")
    return builder


def _docs():
    files = {"train.py": TRAIN}
    for i in range(4):
        files[f"docs/page{i}.md"] = f"# Page {i}\n\n```bash\npython train.py --rollout-batchsiz 8\n```\n\nSee `tools/convert.py`.\n"
    # Three missing files under one missing folder: the folder is the cause.
    files["docs/vendor.md"] = "# Vendor\n\n- `third_party/a.py`\n- `third_party/b.py`\n- `third_party/c.py`\n"
    files["tools/other.py"] = ""
    files["third_party/README.md"] = "kept\n"
    return files


def test_text_shows_each_cause_once_with_its_places_and_how_to_silence_it(make_repo, capsys):
    builder = _repo(make_repo, _docs())
    assert main(["audit", str(builder.root), "--no-blame"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("11 finding(s) from 3 cause(s)")
    assert "4 x DRIFT002 unknown-flag --rollout-batchsiz (in 4 docs)" in out
    assert "4 x DRIFT001 stale-path tools/convert.py (in 4 docs)" in out
    assert "3 x DRIFT001 stale-path third_party/ (in 1 doc)" in out
    assert 'silence it: ignore_names = ["third_party/*"]' in out
    # A cause with one fix says it first: the renamed flag.
    assert "fix: --rollout-batch-size" in out
    # Each cause is listed once, under its first place, with the others named.
    assert out.count("unknown-flag  ") == 1
    assert "same cause at 3 more place(s): docs/page1.md:4, docs/page2.md:4, docs/page3.md:4" in out


def test_json_keeps_every_finding_with_its_group(make_repo, capsys):
    builder = _repo(make_repo, _docs())
    main(["audit", str(builder.root), "--no-blame", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert len(data["findings"]) == 11
    groups = {g["subject"]: g for g in data["groups"]}
    assert {g["findings"] for g in groups.values()} == {4, 4, 3}
    flag_group = groups["--rollout-batchsiz"]["id"]
    assert [f["path"] for f in data["findings"] if f["group"] == flag_group] == [f"docs/page{i}.md" for i in range(4)]


def test_the_printed_line_silences_the_group(make_repo, capsys):
    files = _docs()
    files["pyproject.toml"] = '[tool.drift]\nignore_names = ["third_party/*", "--rollout-batchsiz"]\n'
    builder = _repo(make_repo, files)
    main(["audit", str(builder.root), "--no-blame", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert {f["subject"] for f in data["findings"]} == {"tools/convert.py"}


def test_the_check_run_and_the_pr_summary_count_causes(make_repo):
    from drift_docs.engine import audit
    from drift_docs.github.checkrun import output
    from drift_docs.github.plan import plan_review
    from drift_docs.github.render import summary_body

    builder = _repo(make_repo, _docs())
    findings = audit(builder.root, blame=False).findings
    assert output(findings, "0" * 40, [])["title"] == "11 stale references in the docs, from 3 causes"
    body = summary_body(plan_review(findings, {}), "0" * 40, None, [])
    assert body.startswith("### drift: 11 stale references in the docs, from 3 causes")


def test_archived_and_history_docs_are_set_aside_and_said_so(make_repo, capsys):
    import json

    from drift_docs.cli import main

    files = {
        "tool.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--name')\np.parse_args()\n",
        "README.md": "# Tool\n\n`python tool.py --nmae x` and `python tool.py --nam y`\n",
        "docs/archived_scripts/old.md": "# Old\n\n`python tool.py --gone`\n",
        "docs/archive/2023.md": "# 2023\n\n`python tool.py --gone`\n",
        "docs/_removed/HowTo.rst": "How to\n======\n\n``python tool.py --gone``\n",  # nni's pages taken off the site
        "CHANGELOG.md": "# Changes\n\n- removed `--gone`\n",
        "docs/migration-v2-to-v3.mdx": "# From v2\n\n`python tool.py --gone` (v2, won't work)\n",  # pandas-ai's
        "docs/installation/changelog.md": "# 0.5.0\n\n- added `--gone`\n",  # SWE-agent's, in lower case
        "hfdocs/source/changes.mdx": "# Changes\n\n- `--gone` for AMP\n",  # timm's doc site
        "blog/2024-05-01-launch.md": "# Launch\n\n`python tool.py --gone`\n",
        "benchmarks/llama_h200_202506_run.md": "# Run\n\n`python tool.py --gone`\n",
        "docs/UPDATE_0.2.0.md": "# Update Log 0.2.0\n\nBefore 0.2.0: `python tool.py --gone`\n",  # BMTrain's
        "docs/news.rst": "Release notes\n=============\n\n``python tool.py --gone``\n",  # scrapy's
        "docs/history/whatsnew-3.0.rst": "What's new\n==========\n\n``python tool.py --gone``\n",  # celery's
        "sep/sep-009.rst": "SEP 9\n=====\n\n``python tool.py --gone``\n",  # scrapy's enhancement proposals
        "docs/cli/plan.md": "# Plan\n\n`python tool.py --gone`\n",  # hopsworks-api's CLI plan
        "doc/release/api_1.4.rst": "API changes in 1.4\n==================\n\n``python tool.py --gone``\n",  # networkx's
        "docs/source/release/version0.5.rst": "0.5\n===\n\n``python tool.py --gone``\n",  # statsmodels'
        "docs/upgrading.rst": "Upgrading\n=========\n\nIn 1.0: ``python tool.py --gone``\n",  # marshmallow's
        "docs/tutorials/en/migrate_from_legacy.rst": "Migrate\n=======\n\nIn the old version: ``python tool.py --gone``\n",  # spikingjelly's
        "docs/legacy_tutorials/en/0_neuron.rst": ":orphan:\n\nNeurons\n=======\n\n``python tool.py --gone``\n",
        "UPGRADING.rst": "Upgrading\n=========\n\nIn 1.0: ``python tool.py --gone``\n",  # cerberus's
        "docs/topics/migrating-to-v1.rst": "Migrating\n=========\n\nMoved: ``python tool.py --gone``\n",  # rasterio's
        "docs/community/3.5-announcement.md": "# 3.5\n\n`python tool.py --gone`\n",  # django-rest-framework's
        "docs/changes/1.0.0.rst": "1.0.0\n=====\n\n``python tool.py --gone``\n",  # falcon's
        "docs/versionhistory.rst": "Version history\n===============\n\n``python tool.py --gone``\n",  # apscheduler's
        "docs/source/release_notes.rst": "Release notes\n=============\n\n``python tool.py --gone``\n",  # evalml's
        # MyST-Parser's tests/test_html/html_ast.md, beside the test module that reads it: an
        # input; a README in a tests folder is still a page.
        "tests/test_html/test_parse_html.py": "from pathlib import Path\n\nCASES = Path(__file__).parent / 'html_ast.md'\n",
        "tests/test_html/html_ast.md": "basic\n.\n`python tool.py --gone`\n.\n",
        # pymarkdown's test/resources/rules/md033/*.md: the pages its rule tests lint.
        "test/resources/rules/md033/bad_html.md": "# Bad\n\n`python tool.py --gone`\n",
        "tests/README.md": "# Tests\n\n`python tool.py --nmae x`\n",
        # fms-hf-tuning's decision records: the code as it stood when the decision was taken.
        "architecture_records/002-acceleration-framework.md": "# ADR\n\n**Date**: 2024-04-11\n\n`python tool.py --gone`\n",
        "docs/adr/use-yaml.md": "# Use YAML\n\nStatus: accepted\n\n`python tool.py --gone`\n",
    }
    builder = make_repo(files)
    assert main(["audit", str(builder.root), "--no-blame"]) == 1
    out = capsys.readouterr().out
    assert "set aside: 29 doc(s) not audited (17 history, 4 archived, 2 dated pages, 2 decision records, 2 proposals, 2 test data)" in out
    main(["audit", str(builder.root), "--no-blame", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert data["set_aside"] == {"archived": 4, "dated pages": 2, "decision records": 2, "history": 17, "proposals": 2, "test data": 2}
    assert {f["path"] for f in data["findings"]} == {"README.md", "tests/README.md"}


def test_relative_links_are_not_one_folder_and_one_line_s_places_show_their_columns(make_repo, capsys):
    from drift_docs.grouping import group_findings
    from drift_docs.model import Finding

    def missing(path, line, column, text):
        return Finding("DRIFT001", "stale-path", path, line, column, text, "path does not exist", "", "high", None)

    findings = [missing("docs/a.md", 3, 1, "../one.md"), missing("docs/b.md", 4, 1, "../two.md"), missing("docs/c/d.md", 5, 1, "../three.md")]
    # Three links up a folder from three pages share no missing folder.
    assert len(group_findings(findings)) == 3
    doc = "# Links\n\n[a](old/one.md) and [b](old/two.md) and [c](old/three.md)\n"
    builder = make_repo({"README.md": doc})
    main(["audit", str(builder.root), "--no-blame"])
    out = capsys.readouterr().out
    assert "same cause at 2 more place(s): README.md:3:25, README.md:3:45" in out


def test_docs_of_an_older_release_beside_the_newer_ones_are_set_aside(make_repo, capsys):
    """pandas-ai: docs/v2/ beside docs/v3/ (Mintlify's version switcher) documents the
    2.x API; the newest release's folder is audited, and so is a lone versioned folder,
    unless it copies the layout of the pages beside it: mirascope's content/docs/v1/
    (api/, guides/) next to content/docs/api/ and guides/ is the 1.x docs."""
    import json

    from drift_docs.cli import main

    files = {
        "tool.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--name')\np.parse_args()\n",
        "docs/v2/usage.mdx": "# Usage\n\n`python tool.py --old-name x`\n",
        "docs/v2/more.md": "# More\n\n`python tool.py --older x`\n",
        "docs/v3/usage.mdx": "# Usage\n\n`python tool.py --nmae x`\n",
        "api/v1/index.md": "# API\n\n`python tool.py --gone x`\n",
        "api/auth.md": "# Auth\n",
        "content/docs/api/llm.mdx": "# LLM\n", "content/docs/guides/agents.mdx": "# Agents\n",
        "content/docs/v1/api/llm.mdx": "# LLM\n\n`python tool.py --v1-only x`\n",
        "content/docs/v1/guides/agents.mdx": "# Agents\n",
    }
    builder = make_repo(files)
    main(["audit", str(builder.root), "--no-blame", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert data["set_aside"] == {"past versions": 4}
    assert sorted(f["path"] for f in data["findings"]) == ["api/v1/index.md", "docs/v3/usage.mdx"]


def test_a_long_doc_line_shows_only_the_part_around_its_edit(make_repo, capsys):
    """FlagPerf's README holds a whole HTML table on one line (40 KB): its suggested edit
    shows the changed link and some words either side, not the line."""
    cells = "".join(f'<tr><td><a href="bench/model{i}">m{i}</a></td></tr>' for i in range(200))
    files = {
        "bench/dlrm/run.py": "",
        **{f"bench/model{i}/run.py": "" for i in range(200)},
        "README.md": f'# Bench\n\n<table>{cells}<tr><td><a href="bench/dlrmt">DLRM</a></td></tr>{cells}</table>\n',
    }
    repo = make_repo(files)
    main(["audit", "--no-blame", "--exit-zero", str(repo.root)])
    out = capsys.readouterr().out
    before = next(line for line in out.splitlines() if line.strip().startswith("- "))
    after = next(line for line in out.splitlines() if line.strip().startswith("+ "))
    assert 'href="bench/dlrmt"' in before and 'href="bench/dlrm"' in after
    assert len(before) < 250 and before.strip().startswith("- …") and before.endswith("…")
