"""Links to this repository's own files by GitHub URL are checked like relative links."""

from __future__ import annotations

from drift_docs.engine import audit

PYPROJECT = """\
[project]
name = "tool"
dependencies = ["other @ git+https://github.com/someone/other.git"]

[project.urls]
Repository = "https://github.com/Acme/tool"
"""

PAGE = """\
# Links

- [run](https://github.com/acme/tool/blob/main/scripts/run.sh) is here.
- [gone](https://github.com/acme/tool/blob/main/scripts/gone.sh) was removed.
- [docs](https://github.com/acme/tool/tree/main/docs) folder.
- ![logo](https://raw.githubusercontent.com/acme/tool/main/assets/missing.png)
- [old tag](https://github.com/acme/tool/blob/v0.1/scripts/old.sh) at a tag.
- [pinned](https://github.com/acme/tool/blob/0123456789abcdef0123456789abcdef01234567/scripts/old.sh).
- [upstream](https://github.com/someone/other/blob/main/scripts/gone.sh) is not ours.
- [line](https://github.com/acme/tool/blob/main/scripts/run.sh#L3) with a line anchor.
"""


def _stale(result):
    return sorted((f.line, f.text) for f in result.findings if f.rule == "DRIFT001")


def test_urls_into_this_repository_are_paths_from_its_root(make_repo):
    builder = make_repo({"pyproject.toml": PYPROJECT, "scripts/run.sh": "echo hi\n", "docs/links.md": PAGE})
    result = audit(builder.root, blame=False)
    assert _stale(result) == [(4, "scripts/gone.sh"), (6, "assets/missing.png")]
    gone = next(f for f in result.findings if f.text == "scripts/gone.sh")
    assert gone.line_before and "https://github.com/acme/tool/blob/main/scripts/gone.sh" in gone.line_before


def test_without_metadata_the_repository_the_docs_link_to_most_is_this_one(make_repo):
    links = "".join(f"- [s{n}](https://github.com/acme/tool/blob/main/scripts/s{n}.sh)\n" for n in range(6))
    files = {f"scripts/s{n}.sh": "echo\n" for n in range(6)}
    page = "# Scripts\n\n" + links + "- [gone](https://github.com/acme/tool/blob/main/scripts/gone.sh)\n"
    # Written from above a checkout named as on GitHub: `tool/scripts/s1.sh` is scripts/s1.sh.
    page += "\nRun `tool/scripts/s1.sh`, then read `tool/scripts/gone.md`.\n"
    builder = make_repo({**files, "README.md": page})
    assert _stale(audit(builder.root, blame=False)) == [(9, "scripts/gone.sh"), (11, "tool/scripts/gone.md")]


def test_a_repository_whose_urls_mostly_fail_here_is_another_one(make_repo):
    page = "# Upstream\n\n" + "".join(f"- [u{n}](https://github.com/up/stream/blob/main/lib/u{n}.py)\n" for n in range(6))
    builder = make_repo({"lib/u0.py": "", "README.md": page})
    assert _stale(audit(builder.root, blame=False)) == []


def test_a_link_in_a_comment_of_the_package_metadata_is_not_this_repository(make_repo):
    pyproject = (
        '[project]\nname = "tool"\ndependencies = [\n  # See: https://github.com/other/harness/issues/3171\n  "harness>=1",\n]\n\n'
        '[project.urls]\nhomepage = "https://github.com/acme/tool"\n'
    )
    doc = "# Eval\n\nTasks are [listed here](https://github.com/other/harness/blob/main/docs/task_table.md); ours in [the guide](https://github.com/acme/tool/blob/main/docs/gone.md).\n"
    found = [f.text for f in audit(make_repo({"pyproject.toml": pyproject, "tool/__init__.py": "", "README.md": doc}).root, blame=False).findings]
    assert found == ["docs/gone.md"]  # the other project's link is not judged here


def test_a_fork_s_links_to_the_project_it_forked_are_not_its_own(make_repo):
    # lmms-eval, a fork of a harness, links the harness's files, which it mostly still has.
    pyproject = '[project]\nname = "tool"\n\n[project.urls]\nHomepage = "https://github.com/acme/tool"\n'
    upstream = "".join(f"- [u{n}](https://github.com/up/harness/blob/main/lib/u{n}.py)\n" for n in range(6))
    page = "# Guide\n\n" + upstream + "- [guide](https://github.com/up/harness/tree/main/docs/model_guide.md)\n"
    files = {"pyproject.toml": pyproject, **{f"lib/u{n}.py": "" for n in range(6)}, "docs/guides/model_guide.md": "# g\n", "README.md": page}
    assert _stale(audit(make_repo(files).root, blame=False)) == []


def test_with_a_github_remote_the_forked_projects_metadata_does_not_name_this_repository(make_repo):
    setup = "from setuptools import setup\n\nsetup(\n    name='verl',\n    url='https://github.com/up/verl',\n)\n"
    page = "# Docs\n\nSee [the tutorial](https://github.com/up/verl/blob/main/scripts/tutorial.ipynb) and [ours](https://github.com/me/fork/blob/main/scripts/gone.sh).\n"
    builder = make_repo({"setup.py": setup, "scripts/run.sh": "echo\n", "docs/index.md": page})
    builder.repo.create_remote("origin", "https://github.com/me/fork.git")
    # The fork's setup.py still names the project it forked; its remote says which it is.
    assert _stale(audit(builder.root, blame=False)) == [(3, "scripts/gone.sh")]


def test_a_url_to_a_moved_folder_gets_the_new_path_from_the_root(make_repo):
    """FlagEmbedding: research/BGE_M3/README.md links
    `github.com/OWNER/REPO/tree/master/C_MTEB/MLDR` after C_MTEB/ moved to research/. A URL
    names a path from the repository's root: the fix is research/C_MTEB/MLDR, not a
    relative `../C_MTEB/MLDR` spliced into the URL."""
    builder = make_repo({"pyproject.toml": PYPROJECT, "C_MTEB/MLDR/run.py": "x = 1\n", "research/BGE_M3/README.md": "# M3\n\nsee below\n"})
    builder.commit({"research/C_MTEB/MLDR/run.py": "x = 1\n"}, "move to research", remove=("C_MTEB/MLDR/run.py",))
    page = "# M3\n\nSee the [script](https://github.com/acme/tool/tree/main/C_MTEB/MLDR#bm25) and [local](../../C_MTEB/MLDR).\n"
    builder.commit({"research/BGE_M3/README.md": page}, "page")
    result = audit(builder.root, blame=False)
    fixes = sorted((f.text, f.replacement, f.context) for f in result.findings if f.rule == "DRIFT001")
    assert fixes == [("../../C_MTEB/MLDR", "../C_MTEB/MLDR", "link"), ("C_MTEB/MLDR", "research/C_MTEB/MLDR", "url")]
    url = next(f for f in result.findings if f.context == "url")
    assert "https://github.com/acme/tool/tree/main/research/C_MTEB/MLDR#bm25" in url.line_after


def test_a_code_search_line_link_gets_github_s_line_anchor(make_repo):
    """t5x's docs, exported from Google: `.../blob/main/t5x/models.py;l=257-267;rcl=394045248`
    is code search's line syntax; on GitHub the file is `models.py#L257-L267`. A file that
    is gone is still a stale path, and no `org/name;l=3` is a model on the Hub."""
    page = "# Use\n\nSee [Model](https://github.com/acme/tool/blob/main/tool/models.py;l=257-267;rcl=394045248), [rel](../tool/models.py;l=3) and [gone](../tool/gone.py;l=3).\n"
    page += "A [gone URL](https://github.com/acme/tool/blob/main/tool/gone.py;l=1) and [a short one](https://github.com/acme/tool/blob/main/models.py;l=2-3).\n"
    builder = make_repo({"pyproject.toml": PYPROJECT, "tool/models.py": "x = 1\n", "docs/use.md": page})
    found = [(f.text, f.replacement, f.message.split(" ")[0]) for f in audit(builder.root, blame=False).findings]
    assert found == [
        ("tool/models.py;l=257-267;rcl=394045248", "tool/models.py#L257-L267", "link"),
        ("../tool/models.py;l=3", "../tool/models.py#L3", "link"),
        ("../tool/gone.py;l=3", None, "path"),
        ("tool/gone.py;l=1", None, "path"),
        ("models.py;l=2-3", "tool/models.py#L2-L3", "path"),
    ]


def test_a_relative_link_that_climbs_into_the_repositorys_github_pages_is_no_file(make_repo):
    """strands' CONTRIBUTING.md links `../../issues/new?template=bug.yml`: from
    /o/r/blob/main/CONTRIBUTING.md that is /o/r/issues/new, a page GitHub serves. One
    `..` fewer stays inside the tree, and is checked."""
    page = "# Contributing\n\n[issues](../../issues), [a bug](../../issues/new?template=bug.yml), [wiki](../../wiki), [x](../issues).\n"
    nested = "# Docs\n\n[pulls](../../../pulls) and [gone](../../gone).\n"
    # madmom's README links its models submodule's own repository: `../../../madmom_models`
    # from /o/madmom/blob/main/README.rst is /o/madmom_models.
    readme = "# Pkg\n\n[models](../../../pkg_models) and [gone](../../gone_models).\n"
    # pyscf's README: `../master/CONTRIBUTING.md` climbs to blob/ and back in by the branch.
    readme += "\nSee [the guide](../master/CONTRIBUTING.md) and [gone](../master/GONE.md).\n"
    builder = make_repo({"CONTRIBUTING.md": page, "docs/guide.md": nested, "README.md": readme})
    assert _stale(audit(builder.root, blame=False)) == [(3, "../../gone"), (3, "../../gone_models"), (3, "../issues"), (5, "../master/GONE.md")]


def test_a_sibling_repository_that_shares_the_layout_is_not_this_one(make_repo):
    """triton's server links triton-inference-server/backend's docs/README.md and the like,
    paths its own tree has too: both repositories' URLs mostly resolve here. The one named
    as the checkout (`repo`, here) is this repository; the sibling's missing files are its own."""
    files = {f"docs/s{n}.md": "# S\n" for n in range(6)}
    ours = "".join(f"- [s{n}](https://github.com/acme/repo/blob/main/docs/s{n}.md)\n" for n in range(6))
    sibling = "".join(f"- [b{n}](https://github.com/acme/backend/blob/main/docs/s{n}.md)\n" for n in range(6))
    page = "# Docs\n\n" + ours + sibling + "- [gone](https://github.com/acme/repo/blob/main/docs/gone.md)\n- [theirs](https://github.com/acme/backend/blob/main/docs/theirs.md)\n"
    builder = make_repo({**files, "README.md": page})
    assert [text for _, text in _stale(audit(builder.root, blame=False))] == ["docs/gone.md"]


def test_a_full_stop_ending_a_url_is_not_part_of_the_file_s_name(make_repo):
    """deepxde: `.. _Poisson: https://github.com/OWNER/REPO/blob/master/docs/demos/x.rst.`
    names docs/demos/x.rst, which a later commit moved into pinn_forward/: the history of
    that file, not of a name ending in a dot, says where it went."""
    builder = make_repo({"pyproject.toml": PYPROJECT, "docs/demos/poisson.rst": "Poisson\n=======\n\ntext\n"})
    builder.commit({"docs/demos/pinn_forward/poisson.rst": "Poisson\n=======\n\ntext\n"}, "move demos", remove=("docs/demos/poisson.rst",))
    page = "Neumann\n=======\n\nSee `Poisson`_.\n\n.. _Poisson: https://github.com/acme/tool/blob/main/docs/demos/poisson.rst.\n"
    builder.commit({"docs/demos/pinn_forward/neumann.rst": page}, "page")
    stale = [(f.text, f.replacement) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"]
    assert stale == [("docs/demos/poisson.rst", "docs/demos/pinn_forward/poisson.rst")]


def test_a_url_into_an_ignored_folder_is_checked_all_the_same(make_repo):
    """LightZero ignores `log*` (every logs/ folder) yet commits docs/source/tutorials/logs/
    logs.md; a blob/main URL names what GitHub shows, the committed tree, so a URL to
    docs/en/source/tutorials/logs/logs.md is dead whatever a local checkout may hold. A
    relative link into an ignored folder may be a file the reader makes: not judged."""
    page = ("# Docs\n\n- [Logs](https://github.com/acme/tool/blob/main/docs/en/tutorials/logs/logs.md)\n"
            "- [Mine](logs/run.log)\n")
    builder = make_repo({"pyproject.toml": PYPROJECT, ".gitignore": "log*\n", "docs/README.md": page})
    builder.commit({"docs/source/tutorials/logs/logs.md": "# Logs\n"}, "logs page, committed past .gitignore")
    stale = [(f.line, f.text, f.replacement) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"]
    assert stale == [(3, "docs/en/tutorials/logs/logs.md", "docs/source/tutorials/logs/logs.md")]
