import re
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import drift_docs.docs.markdown as md
from drift_docs.docs import extract_references, is_doc_path
from drift_docs.model import CODE_BLOCK, COMMAND, HEADING, INLINE_CODE, LINK, TABLE_ROW


@contextmanager
def strict():
    old, md._STRICT = md._STRICT, True
    try:
        yield
    finally:
        md._STRICT = old


def refs(text, path="README.md"):
    with strict():
        return extract_references(path, text)


def of(kind, text, path="README.md"):
    return [r for r in refs(text, path) if r.kind == kind]


def pos(rs):
    return [(r.text, r.line, r.column) for r in rs]


def test_dispatch_and_doc_paths():
    assert is_doc_path("docs/a.md") and is_doc_path("x.MDX") and is_doc_path("a.rst")
    assert is_doc_path("README") and is_doc_path("sub/readme")
    assert not is_doc_path("requirements.txt") and not is_doc_path("a.py")
    assert extract_references("notes.txt", "`x`") == []
    assert extract_references("a.py", "`x`") == []
    assert [r.text for r in extract_references("README", "`x`")] == ["x"]
    assert [r.text for r in extract_references("a.markdown", "`x`")] == ["x"]


def test_inline_code_in_nested_lists_and_quotes():
    text = (
        "Use `--lr` here.\n"
        "\n"
        "- item `a`\n"
        "  1. nested `deep` and `` b ` c ``\n"
        "     > quoted `q`\n"
        "\n"
        "> outer `o1`\n"
        "> > inner `o2`\n"
    )
    got = of(INLINE_CODE, text)
    assert pos(got) == [("--lr", 1, 6), ("a", 3, 9), ("deep", 4, 14), ("b ` c", 4, 27),
                        ("q", 5, 16), ("o1", 7, 10), ("o2", 8, 12)]
    assert got[0].attrs == {"context": "Use `--lr` here."}


def test_escaped_backticks_and_multiline_span():
    text = "Escaped \\`not\\` then `real`.\nMulti `line\nspan` end.\n"
    assert pos(of(INLINE_CODE, text)) == [("real", 1, 23), ("line span", 2, 8)]


def test_code_in_heading_and_link():
    text = "## Set `--lr` now\n\nSee [`--lr` docs](./flags.md).\n"
    code = of(INLINE_CODE, text)
    assert pos(code) == [("--lr", 1, 9), ("--lr", 3, 7)]
    assert code[0].attrs["in_heading"] is True and "in_link" not in code[0].attrs
    assert code[1].attrs["in_link"] is True and "in_heading" not in code[1].attrs


TABLE = (
    "| Flag | Meaning |\n"
    "|------|---------|\n"
    "| `--lr` | learning rate, see `LR_ENV` |\n"
    "| `--fp16` \\| `--bf16` | precision |\n"
    "| ragged |\n"
)


def test_table_inline_code_has_header_and_row():
    code = of(INLINE_CODE, TABLE)
    assert pos(code) == [("--lr", 3, 4), ("LR_ENV", 3, 32), ("--fp16", 4, 4), ("--bf16", 4, 16)]
    assert code[0].attrs["in_table"] == "Flag"
    assert code[1].attrs["in_table"] == "Meaning"
    assert code[1].attrs["row_first_cell"] == "--lr"
    assert code[3].attrs["in_table"] == "Flag"


def test_table_rows():
    rows = of(TABLE_ROW, TABLE)
    assert [(r.line, r.column) for r in rows] == [(3, 1), (4, 1), (5, 1)]
    assert rows[0].attrs["headers"] == ["Flag", "Meaning"]
    assert rows[0].attrs["raw"] == rows[0].text == "| `--lr` | learning rate, see `LR_ENV` |"
    assert rows[0].attrs["cells"] == [
        {"text": "`--lr`", "line": 3, "column": 3},
        {"text": "learning rate, see `LR_ENV`", "line": 3, "column": 12},
    ]
    assert [c["text"] for c in rows[1].attrs["cells"]] == ["`--fp16` \\| `--bf16`", "precision"]
    assert rows[2].attrs["cells"] == [{"text": "ragged", "line": 5, "column": 3}]


def test_table_in_block_quote_without_outer_pipes():
    text = "> a | `b`\n> --|--\n> `x` | y\n"
    code = of(INLINE_CODE, text)
    assert pos(code) == [("b", 1, 8), ("x", 3, 4)]
    assert code[0].attrs["in_table"] == "b" and code[1].attrs["in_table"] == "a"
    row = of(TABLE_ROW, text)[0]
    assert row.attrs["cells"] == [{"text": "`x`", "line": 3, "column": 3},
                                  {"text": "y", "line": 3, "column": 9}]


def test_front_matter_is_skipped():
    text = "---\ntitle: `not code`\nrun: python x.py\n---\n# Title\n\n`real`\n"
    assert pos(refs(text)) == [("Title", 5, 3), ("real", 7, 2)]


def test_code_blocks():
    text = (
        "```Python title=x\n"
        "import os\n"
        "```\n"
        "\n"
        "- item\n"
        "\n"
        "  ```yaml\n"
        "  key: 1\n"
        "  ```\n"
        "\n"
        "      indented\n"
    )
    blocks = of(CODE_BLOCK, text)
    assert [(b.attrs["lang"], b.attrs["body"], b.attrs["body_line"], b.line, b.column)
            for b in blocks] == [
        ("python", "import os\n", 2, 2, 1),
        ("yaml", "key: 1\n", 8, 8, 3),
        ("", "indented\n", 11, 11, 7),
    ]


def test_shell_fences_become_commands():
    text = (
        "```bash\n"
        "CUDA_VISIBLE_DEVICES=0,1 python train.py \\\n"
        "  --lr 1e-5\n"
        "```\n"
        "\n"
        "> ```console\n"
        "> $ pip install -e .\n"
        "> Obtaining file:///x\n"
        "> ```\n"
        "\n"
        "```\n"
        "torchrun --nproc-per-node 8 train.py\n"
        "```\n"
        "\n"
        "```\n"
        "not a command\n"
        "```\n"
    )
    cmds = of(COMMAND, text)
    assert [(c.attrs["program"], c.line, c.column, c.attrs["lang"]) for c in cmds] == [
        ("python", 2, 1, "bash"), ("pip", 7, 5, "console"), ("torchrun", 12, 1, "")]
    assert [(f["flag"], f["line"], f["column"]) for f in cmds[0].attrs["flags"]] == [
        ("--lr", 3, 3)]
    assert [(f["flag"], f["column"]) for f in cmds[1].attrs["flags"]] == [("-e", 17)]
    assert [b.attrs["body"] for b in of(CODE_BLOCK, text)] == ["not a command\n"]


def test_links_inline_images_and_anchors():
    text = (
        "See [guide](./docs/My%20Guide.md#setup) and ![logo](img/logo.png \"t\").\n"
        "Also [top](#install), [web](https://x.y/a.md), [mail](mailto:a@b), <https://z>.\n"
        "[![badge](badge.svg)](./ci.md) [p](<a b.md>) [q](./a_(b).md)\n"
    )
    links = of(LINK, text)
    assert pos(links) == [
        ("./docs/My%20Guide.md#setup", 1, 13), ("img/logo.png", 1, 53), ("#install", 2, 12),
        ("badge.svg", 3, 11), ("./ci.md", 3, 23), ("a b.md", 3, 37), ("./a_(b).md", 3, 50)]
    # An anchored link keeps its line: the row may name the section a stale anchor meant.
    assert links[0].attrs == {"target": "./docs/My Guide.md", "anchor": "setup", "is_image": False, "label": "guide", "row": text.splitlines()[0]}
    assert links[1].attrs["is_image"] is True and links[1].attrs["anchor"] is None
    assert links[2].attrs["target"] == "" and links[2].attrs["anchor"] == "install" and links[2].attrs["label"] == "top"


def test_reference_definitions_and_html_links():
    text = (
        "Use [the guide][g] and [g].\n"
        "\n"
        "[g]: ./docs/guide.md#top\n"
        "[w]: https://example.com\n"
        "\n"
        '<p><a href="docs/x.md">x</a> <img src="./img/a.png"></p>\n'
        '<!-- <a href="commented.md"> -->\n'
        "\n"
        'Inline <a href="../up.md#sec">up</a>.\n'
    )
    links = of(LINK, text)
    assert pos(links) == [("./docs/guide.md#top", 3, 6), ("docs/x.md", 6, 13),
                          ("./img/a.png", 6, 40), ("../up.md#sec", 9, 17)]
    assert links[0].attrs["definition"] is True
    assert links[2].attrs["is_image"] is True and links[3].attrs["html"] is True


def test_html_url_attributes_drop_the_spaces_around_them():
    """HTML allows a URL attribute "potentially surrounded by spaces" and browsers strip
    them: `<img src ="images/gpt.png "/>` shows images/gpt.png."""
    text = '<div align=center><img width=600 src ="images/gpt.png "/></div>\n\n<a href=" docs/x.md">x</a>\n'
    assert pos(of(LINK, text)) == [("images/gpt.png", 1, 40), ("docs/x.md", 3, 11)]


def test_a_reference_definition_no_text_uses_is_a_comment():
    """torchchat's `[skip default]: begin` markers, and `[//]: # (note)`: invisible."""
    text = "Use [the Guide][G Two].\n\n[g two]: ./docs/guide.md\n[skip default]: begin\n[//]: # (a note)\n\nMore.\n\n[skip default]: end\n"
    assert [link.text for link in of(LINK, text)] == ["./docs/guide.md"]


def test_heading_slugs_duplicates_and_custom_ids():
    text = (
        "# Install `drift`!\n"
        "## Usage\n"
        "## Usage\n"
        "Usage\n"
        "-----\n"
        "## Options {#opts}\n"
        "## Ünïcode & Co.\n"
        '<a name="legacy"></a>\n'
        '<h3 id="html-id">x</h3>\n'
        "\n"
        "### Phased rollout {: #phased-rollout }\n"
        "### Wide {#wide .full-width}\n"
    )
    heads = of(HEADING, text)
    assert [(h.text, h.line, h.column, h.attrs["level"], h.attrs["slug"]) for h in heads] == [
        ("Install drift!", 1, 3, 1, "install-drift"),
        ("Usage", 2, 4, 2, "usage"),
        ("Usage", 3, 4, 2, "usage-1"),
        ("Usage", 4, 1, 2, "usage-2"),
        ("Options", 6, 4, 2, "opts"),
        ("Ünïcode & Co.", 7, 4, 2, "ünïcode--co"),
        ("legacy", 8, 10, 0, "legacy"),
        ("html-id", 9, 9, 0, "html-id"),
        ("x", 9, 18, 3, "x"),  # GitHub anchors a heading written in HTML by its text too
        # attr_list's other spellings: `{: #id }` and an id with classes.
        ("Phased rollout", 11, 5, 3, "phased-rollout"),
        ("Wide", 12, 5, 3, "wide"),
    ]
    assert heads[4].attrs["auto_slug"] == "options"
    # GitHub shows `{#opts}` as text: OpenVINO model server links its headings that way.
    assert heads[4].attrs["github_slug"] == "options-opts"
    assert heads[6].attrs.get("anchor_only") is True


def test_suppression_comments():
    text = (
        "<!-- drift-ignore -->\n"
        "`skip1` on this line\n"
        "`kept1`\n"
        "\n"
        "<!-- drift-ignore -->\n"
        "\n"
        "```bash\n"
        "python skip.py --x\n"
        "python skip2.py\n"
        "```\n"
        "<!-- drift-ignore -->\n"
        "| a |\n"
        "|---|\n"
        "| `skip3` |\n"
        "\n"
        "<!-- drift-ignore-start -->\n"
        "`skip4` [l](./skip.md)\n"
        "\n"
        "# Skipped heading\n"
        "<!-- drift-ignore-end -->\n"
        "`kept2`\n"
        "\n"
        "```markdown\n"
        "<!-- drift-ignore-file -->\n"
        "```\n"
    )
    got = refs(text)
    assert [(r.kind, r.text, r.line) for r in got] == [
        (INLINE_CODE, "kept1", 3), (INLINE_CODE, "kept2", 21),
        (CODE_BLOCK, "<!-- drift-ignore-file -->\n", 24)]


def test_ignore_file():
    assert refs("`a`\n\n<!-- drift-ignore-file -->\n\n`b`\n") == []


MDX = (
    "---\n"
    "id: intro\n"
    "---\n"
    "import Tabs from '@theme/Tabs';\n"
    "import {\n"
    "  A,\n"
    "} from './x';\n"
    "export const meta = {\n"
    "  title: 'x',\n"
    "};\n"
    "\n"
    "# Intro `x`\n"
    "\n"
    "<Tabs>\n"
    '<TabItem value="pip">\n'
    "\n"
    "```bash\n"
    "pip install drift\n"
    "```\n"
    "\n"
    "</TabItem>\n"
    "</Tabs>\n"
    "\n"
    "{/* drift-ignore */}\n"
    "`skipped`\n"
    "\n"
    "<Foo\n"
    "  bar={1}\n"
    "/>\n"
    "\n"
    "Text `y` with {props.value} and [a](./a.mdx).\n"
)


def test_mdx_imports_jsx_and_comments():
    got = refs(MDX, "docs/intro.mdx")
    assert [(r.kind, r.text, r.line, r.column) for r in got] == [
        (HEADING, "Intro x", 12, 3), (INLINE_CODE, "x", 12, 10),
        (COMMAND, "pip install drift", 18, 1), (INLINE_CODE, "y", 31, 7),
        (LINK, "./a.mdx", 31, 37)]
    # the same text as .md keeps the import lines as prose
    assert any(r.line == 4 for r in refs(MDX.replace("'@theme/Tabs'", "`t`"), "a.md"))


def test_crlf_and_nul():
    got = refs("# T\r\n\r\nA `b`\0 and `c`\r\n")
    assert pos(got) == [("T", 1, 3), ("b", 3, 4), ("c", 3, 13)]


@pytest.mark.parametrize("text", [
    "```bash\npython x.py\n",  # unclosed fence
    "| a | b |\n|---|\n| x |",  # ragged delimiter
    "`" * 5000,
    "[x](" * 3000,
    "> " * 2000 + "`x`",
    "- " * 1000 + "`x`",
    "<a href=\"" * 1000,
    "\0" * 100,
])
def test_malformed_never_raises(text):
    for path in ("a.md", "a.mdx"):
        for r in refs(text, path):
            assert r.line >= 1 and r.column >= 1


def _line_count(text):
    return len(re.split(r"\r\n?|\n", text))


chunks = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.sampled_from(["`", "``", "```", "~~~bash\n", "\n", "\r\n", "\r", "|",
                     "| a | b |\n|---|---|\n", "> ", "- ", "1. ", "# ", "[x](", "](", ")",
                     "<a href=\"", "\">", "<!-- drift-ignore -->\n", "---\n", "\0", "$ ",
                     "{/* drift-ignore */}\n", "import x from 'y'\n", "\\"]),
    st.text(alphabet="`|[]()a -", min_size=3000, max_size=6000),
)


@settings(max_examples=150, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(parts=st.lists(chunks, max_size=25), path=st.sampled_from(["a.md", "a.mdx"]))
def test_property_never_raises_and_lines_in_range(parts, path):
    text = "".join(parts)
    n = _line_count(text)
    for r in refs(text, path):
        assert 1 <= r.line <= n and r.column >= 1


def test_an_unclosed_fence_names_the_headings_it_swallows():
    from drift_docs.model import UNCLOSED_FENCE

    text = (
        "# Page\n\nIntro.\n\n~~~~~~~~\nA note that was meant as an underline.\n\n## Setup\n\n"
        "```bash\n# a comment, not a heading\npip install x\n```\n\n## Usage {#use}\n"
    )
    refs = extract_references("docs/page.md", text)
    fences = [r for r in refs if r.kind == UNCLOSED_FENCE]
    assert [(r.line, [h[:2] for h in r.attrs["headings"]]) for r in fences] == [(5, [[8, "Setup"], [15, "Usage {#use}"]])]
    closed = "# Page\n\n```python\nx = 1\n```\n\n## Next\n\n> ```bash\n> ls\n> ```\n\n## After\n"
    assert not [r for r in extract_references("docs/ok.md", closed) if r.kind == UNCLOSED_FENCE]
    # A closing fence on a content line (`}````) closes nothing.
    inline = "# Cite\n\n```@misc{x,\n  title={T},\n}```\n\n## Groups\n"
    assert [r.line for r in extract_references("docs/c.md", inline) if r.kind == UNCLOSED_FENCE] == [3]
    # strands' style guide ends in an open ```python block: `# Good` is its comment; a
    # `## Heading` after an open block of a #-comment language is still the page's.
    styled = "# Style\n\n```python\n# Good\nx = 1\n\n# Bad: fragile\ny = 2\n"
    assert not [r for r in extract_references("docs/s.md", styled) if r.kind == UNCLOSED_FENCE]
    swallowing = "# Style\n\n```python\n# Good\nx = 1\n\n## Next steps\n\nRead more.\n"
    assert [[h[:2] for h in r.attrs["headings"]] for r in extract_references("docs/n.md", swallowing) if r.kind == UNCLOSED_FENCE] == [[[7, "Next steps"]]]


def test_github_keeps_the_dash_that_inline_html_leaves_in_a_heading_slug():
    text = '# Part 1: LLM Pretraining <a name="llm"></a>\n\n# <a id="x"></a> Lead\n\n## Plain  title\n'
    slugs = [r.attrs.get("slug") for r in extract_references("docs/a.md", text) if r.kind == HEADING]
    # GitHub's text content keeps the space beside the tag: a trailing (or leading) dash.
    assert slugs[:1] == ["part-1-llm-pretraining-"] and "-lead" in slugs and "plain--title" in slugs


def test_internal_only_blocks_of_metas_docusaurus_sites_are_not_read(make_repo):
    """mmf: `<FbInternalOnly>` wraps a link to fb/devserver.md, a page the public
    repository leaves out on purpose; a link outside such a block is still checked."""
    from drift_docs.engine import audit

    page = (
        "---\nid: installation\n---\n\n# Installation\n\n<FbInternalOnly>\n\n"
        "See [the devserver guide](fb/devserver.md).\n\n</FbInternalOnly>\n\nSee [the gone guide](gone.md).\n"
    )
    files = {"website/docs/installation.mdx": page}
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings]
    assert found == ["gone.md"], found


def test_pymdownx_tabs_without_slugify_have_ids_by_set_and_place():
    """Kapowarr links `#__tabbed_1_2`: pymdownx.tabbed numbers each set of `=== "x"` tabs
    as it opens (a nested set after its parent) and each tab in its set; a set ends when
    the page's text comes back to its level."""
    text = (
        '# Install\n\n=== "Volume"\n\t=== "CLI"\n\t\trun\n\t=== "Compose"\n\t\tup\n=== "Folder"\n\t=== "Linux"\n\t\tl\n\n'
        'Text.\n\n=== "A"\n    a\n\n=== "B"\n    b\n'
    )
    ids = [r.attrs["slug"] for r in extract_references("docs/x.md", text) if r.kind == HEADING and r.attrs.get("slug", "").startswith("__tabbed")]
    assert ids == ["__tabbed_1_1", "__tabbed_2_1", "__tabbed_2_2", "__tabbed_1_2", "__tabbed_3_1", "__tabbed_4_1", "__tabbed_4_2"]
