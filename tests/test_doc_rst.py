import re
from contextlib import contextmanager

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import drift_docs.docs.rst as rst
from drift_docs.docs import extract_references
from drift_docs.engine import audit
from drift_docs.model import CODE_BLOCK, COMMAND, HEADING, INLINE_CODE, LINK, TABLE_ROW


@contextmanager
def strict():
    old, rst._STRICT = rst._STRICT, True
    try:
        yield
    finally:
        rst._STRICT = old


def refs(text):
    with strict():
        return extract_references("docs/index.rst", text)


def of(kind, text):
    return [r for r in refs(text) if r.kind == kind]


def pos(rs):
    return [(r.text, r.line, r.column) for r in rs]


def test_inline_literals_and_roles():
    text = (
        "Pass ``--lr`` or :option:`--fp16`, set :envvar:`HF_HOME` and :code:`x = 1`.\n"
        "Call :func:`~pkg.mod.train` or :py:class:`Model <pkg.models.Model>`; not :ref:`x`.\n"
        "Literal ``:option:`not-a-role``` stays one literal.\n"
    )
    got = of(INLINE_CODE, text)
    assert pos(got) == [
        ("--lr", 1, 8), ("--fp16", 1, 27), ("HF_HOME", 1, 49), ("x = 1", 1, 69),
        ("pkg.mod.train", 2, 14), ("pkg.models.Model", 2, 50),
        (":option:`not-a-role`", 3, 11)]
    assert got[0].attrs == {"context": text.split("\n")[0]}
    assert got[1].attrs["role"] == "option" and got[5].attrs["role"] == "py:class"


def test_a_name_in_a_versionchanged_or_deprecated_note_is_a_note(make_repo):
    """flask's config.rst: `.. versionchanged:: 2.3` then "Added :data:`ENV` to reflect
    the :envvar:`FLASK_ENV` environment variable": the past, on purpose. The same name in
    the page's own text is judged."""
    page = (
        "Config\n======\n\n.. versionchanged:: 2.3\n    Removed ``pkg.mod.gone_helper``; see\n    ``pkg.mod.old_helper``.\n\n"
        ".. deprecated:: 1.0\n\n    Call ``pkg.mod.ancient`` first.\n\nCall ``pkg.mod.gone_helper`` to start.\n"
    )
    files = {"pkg/__init__.py": "", "pkg/mod.py": "def run():\n    pass\n", "docs/config.rst": page}
    found = [(f.line, f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [(5, "pkg.mod.gone_helper", "low"), (6, "pkg.mod.old_helper", "low"), (10, "pkg.mod.ancient", "low"), (12, "pkg.mod.gone_helper", "medium")]


def test_a_role_marked_no_link_is_a_note(make_repo):
    """celery: `:class:`!celery.worker.control.ControlDispatch`` — Sphinx's `!` says "no
    link", written for a name with no page: a note that it may be stale. `~` only
    shortens the shown name."""
    got = of(INLINE_CODE, "A :class:`!pkg.gone.Dispatch` instance, via :func:`~!pkg.old` or :func:`~pkg.mod.run`.\n")
    assert [(r.text, bool(r.attrs.get("no_link"))) for r in got] == [("pkg.gone.Dispatch", True), ("pkg.old", True), ("pkg.mod.run", False)]
    page = "Workers\n=======\n\nA :class:`!pkg.mod.Dispatch` instance, or :class:`pkg.mod.Gone`.\n"
    files = {"pkg/__init__.py": "", "pkg/mod.py": "def run():\n    pass\n", "docs/workers.rst": page}
    found = [(f.text, f.confidence) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [("pkg.mod.Dispatch", "low"), ("pkg.mod.Gone", "medium")]


def test_section_titles_levels_and_slugs():
    text = (
        "=========\n"
        " Project\n"
        "=========\n"
        "\n"
        "Install ``drift``\n"
        "-----------------\n"
        "\n"
        "Usage\n"
        "-----\n"
        "\n"
        "Usage\n"
        "-----\n"
        "\n"
        "Deep Dive: 2nd Part!\n"
        "~~~~~~~~~~~~~~~~~~~~\n"
        "\n"
        "A\n"  # appdaemon's index: a one-letter title, underlined by one character
        "-\n"
        "\n"
        "* x\n"
        "-\n"  # (a list item's lone dash under text is no title)
    )
    heads = of(HEADING, text)
    assert [(h.text, h.line, h.column, h.attrs["level"], h.attrs["slug"]) for h in heads] == [
        ("Project", 2, 2, 1, "project"),
        ("Install drift", 5, 1, 2, "install-drift"),
        ("Usage", 8, 1, 2, "usage"),
        ("Usage", 11, 1, 2, "usage-1"),
        ("Deep Dive: 2nd Part!", 14, 1, 3, "deep-dive-2nd-part"),
        ("A", 17, 1, 2, "a"),
    ]
    code = of(INLINE_CODE, text)
    assert pos(code) == [("drift", 5, 11)] and code[0].attrs["in_heading"] is True


def test_code_blocks_and_literal_blocks():
    text = (
        ".. code-block:: bash\n"
        "   :caption: train\n"
        "\n"
        "   torchrun --nproc-per-node 8 train.py \\\n"
        "       --lr 1e-5\n"
        "\n"
        ".. code:: python\n"
        "\n"
        "    import os\n"
        "\n"
        "Run it::\n"
        "\n"
        "    $ pip install -e .\n"
        "    Obtaining\n"
        "\n"
        "Config::\n"
        "\n"
        "  key: 1\n"
        "\n"
        "Back to text ``t``.\n"
    )
    cmds = of(COMMAND, text)
    assert [(c.attrs["program"], c.line, c.column) for c in cmds] == [
        ("torchrun", 4, 4), ("pip", 13, 7)]
    assert [(f["flag"], f["line"], f["column"], f["owner"]) for f in cmds[0].attrs["flags"]] == [
        ("--nproc-per-node", 4, 13, "launcher"), ("--lr", 5, 8, "script")]
    blocks = of(CODE_BLOCK, text)
    assert [(b.attrs["lang"], b.attrs["body"], b.line, b.column) for b in blocks] == [
        ("python", "import os\n", 9, 5), ("", "key: 1\n", 18, 3)]
    assert pos(of(INLINE_CODE, text)) == [("t", 20, 16)]


def test_highlight_sets_literal_language():
    text = ".. highlight:: console\n\nRun::\n\n   $ drift check\n"
    cmds = of(COMMAND, text)
    assert [(c.attrs["program"], c.attrs["lang"], c.line, c.column) for c in cmds] == [
        ("drift", "console", 5, 6)]


def test_links_targets_and_path_directives():
    text = (
        "See `the guide <docs/guide.rst#setup>`_ and `web <https://x.y>`_ or\n"
        "`<other.rst>`__.\n"
        "Set a `token <extractor.site.refresh-token_>`_ (an alias: a target's name, not a URI).\n"
        ".. _guide: ../guide.rst\n"
        ".. _web: https://example.com\n"
        ".. _my-label:\n"
        "\n"
        ".. image:: img/logo.png\n"
        "   :alt: logo\n"
        "\n"
        ".. literalinclude:: ../../src/train.py\n"
    )
    links = of(LINK, text)
    assert pos(links) == [("docs/guide.rst#setup", 1, 17), ("other.rst", 2, 3),
                          ("../guide.rst", 4, 12), ("img/logo.png", 8, 12),
                          ("../../src/train.py", 11, 21)]
    assert links[0].attrs["target"] == "docs/guide.rst" and links[0].attrs["anchor"] == "setup"
    assert links[2].attrs["definition"] is True
    assert links[3].attrs["directive"] == "image" and links[3].attrs["is_image"] is True
    label = of(HEADING, text)
    assert [(h.text, h.line, h.attrs["slug"], h.attrs["level"]) for h in label] == [
        ("my-label", 6, "my-label", 0)]


def test_list_table():
    text = (
        ".. list-table:: Flags\n"
        "   :header-rows: 1\n"
        "\n"
        "   * - Flag\n"
        "     - Meaning\n"
        "   * - ``--lr``\n"
        "     - learning rate, see ``LR``\n"
        "   * -\n"
        "     - empty\n"
    )
    rows = of(TABLE_ROW, text)
    assert [(r.line, r.column) for r in rows] == [(6, 1), (8, 1)]
    assert rows[0].attrs["headers"] == ["Flag", "Meaning"]
    assert rows[0].attrs["cells"] == [
        {"text": "``--lr``", "line": 6, "column": 8},
        {"text": "learning rate, see ``LR``", "line": 7, "column": 8}]
    assert rows[1].attrs["cells"][0]["text"] == ""
    code = of(INLINE_CODE, text)
    assert [(c.text, c.line, c.column, c.attrs["in_table"]) for c in code] == [
        ("--lr", 6, 10, "Flag"), ("LR", 7, 29, "Meaning")]
    assert code[1].attrs["row_first_cell"] == "--lr"


def test_grid_table():
    text = (
        "+------------+-----------+\n"
        "| Name       | Value     |\n"
        "+============+===========+\n"
        "| ``--a``    | one       |\n"
        "|            | ``more``  |\n"
        "+------------+-----------+\n"
        "| ``--b``    | two       |\n"
        "+------------+-----------+\n"
    )
    rows = of(TABLE_ROW, text)
    assert [(r.line, [c["text"] for c in r.attrs["cells"]]) for r in rows] == [
        (4, ["``--a``", "one ``more``"]), (7, ["``--b``", "two"])]
    assert rows[0].attrs["headers"] == ["Name", "Value"]
    code = of(INLINE_CODE, text)
    assert [(c.text, c.line, c.column, c.attrs["in_table"]) for c in code] == [
        ("--a", 4, 5, "Name"), ("more", 5, 18, "Value"), ("--b", 7, 5, "Name")]


def test_simple_table():
    text = (
        "=====  ==========\n"
        "Env    Meaning\n"
        "=====  ==========\n"
        "``X``  an ``env``\n"
        "       continued\n"
        "``Y``  other\n"
        "=====  ==========\n"
        "\n"
        "After ``z``.\n"
    )
    rows = of(TABLE_ROW, text)
    assert [(r.line, [c["text"] for c in r.attrs["cells"]]) for r in rows] == [
        (4, ["``X``", "an ``env`` continued"]), (6, ["``Y``", "other"])]
    code = of(INLINE_CODE, text)
    assert [(c.text, c.line, c.column, c.attrs.get("in_table")) for c in code] == [
        ("X", 4, 3, "Env"), ("env", 4, 13, "Meaning"), ("Y", 6, 3, "Env"), ("z", 9, 9, None)]


def test_drift_ignore():
    text = (
        ".. drift-ignore\n"
        "\n"
        "``skipped`` and\n"
        "``skipped too``.\n"
        "\n"
        "``kept``\n"
        "\n"
        ".. drift-ignore\n"
        ".. code-block:: bash\n"
        "\n"
        "   python skipped.py\n"
        "\n"
        ".. drift-ignore-start\n"
        "``a``\n"
        ".. drift-ignore-end\n"
        "``b``\n"
    )
    assert pos(refs(text)) == [("kept", 6, 3), ("b", 16, 3)]
    assert refs(".. drift-ignore-file\n\n``x``\n") == []


def test_comments_and_notes():
    text = (
        ".. a comment with ``not-code``\n"
        "   still comment ``nope``\n"
        "\n"
        ".. note:: Mind ``--x``.\n"
        "\n"
        "   Body ``--y``.\n"
    )
    assert pos(of(INLINE_CODE, text)) == [("--x", 4, 18), ("--y", 6, 11)]


chunks = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.sampled_from(["``", "`", "::", "\n", "\r\n", "\r", ".. ", ".. code-block:: bash\n\n   ",
                     ".. list-table::\n   :header-rows: 1\n\n   * - ", "     - ", "+---+---+\n",
                     "| a | b |\n", "+===+===+\n", "=====  =====\n", "-----\n", "=====\n",
                     ".. drift-ignore\n", ":option:`", "`x <", ">`_", ".. _x: ", "\0", "    "]),
    st.text(alphabet="`:|+=- ab<>_", min_size=3000, max_size=6000),
)


@settings(max_examples=150, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(parts=st.lists(chunks, max_size=25))
def test_property_never_raises_and_lines_in_range(parts):
    text = "".join(parts)
    n = len(re.split(r"\r\n?|\n", text))
    for r in refs(text):
        assert 1 <= r.line <= n and r.column >= 1


def test_an_option_directive_names_the_flags_it_documents():
    text = ".. option:: --run_mode\n\n    Mode.\n\n.. option:: -p <port>, --port <port>\n\n   The port; see --host-ip.\n"
    refs = [(r.kind, r.line, r.column, r.text) for r in rst.extract("args.rst", text) if r.kind == INLINE_CODE]
    assert refs == [(INLINE_CODE, 1, 13, "--run_mode"), (INLINE_CODE, 5, 13, "-p"), (INLINE_CODE, 5, 24, "--port")]


def test_sphinx_doc_roles_name_pages_without_suffix_from_the_page_or_the_source_folder(make_repo):
    from drift_docs.engine import audit

    page = (
        "Guide\n=====\n\n"
        "See :doc:`install`, :doc:`the API </api/index>`, :doc:`notebook <tutorials/intro>`,\n"
        ":doc:`setup` and :doc:`/api/gone`.\n"
    )
    files = {
        "docs/conf.py": "project = 'x'\n",
        "docs/guide/index.rst": page,
        "docs/guide/install.md": "# Install\n",
        "docs/guide/tutorials/intro.ipynb": "{}\n",
        "docs/api/index.rst": "API\n===\n",
        "docs/start/setup.rst": "Setup\n=====\n",
    }
    builder = make_repo(files)
    found = [(f.line, f.text, f.replacement) for f in audit(builder.root, blame=False).findings if f.rule == "DRIFT001"]
    # `setup` moved to another folder: the fix is the page name from here, without suffix.
    assert found == [(5, "setup", "../start/setup"), (5, "api/gone", None)]


def test_a_doc_role_with_a_trailing_slash_names_the_page(make_repo):
    """safety-gymnasium: :doc:`../safe_velocity/` is the page safe_velocity.rst (Sphinx
    normalises the name); a page that is not there is still stale."""
    from drift_docs.engine import audit

    page = "Velocity\n========\n\nAs in :doc:`../safe_velocity/` and :doc:`../safe_gone/`.\n"
    # tedana: interpreted text takes backslash escapes, `:doc:`approach <\\approach>``.
    page += "\nSee the :doc:`approach <\\approach>`, not the :doc:`method <\\method>`.\n"
    files = {
        "docs/conf.py": "project = 'x'\n",
        "docs/environments/multi/velocity.rst": page,
        "docs/environments/safe_velocity.rst": "Safe velocity\n=============\n",
        "docs/environments/multi/approach.rst": "Approach\n========\n",
    }
    found = [f.text for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == ["../safe_gone", "method"]


def test_files_sphinxcontrib_copydirs_copies_into_the_source_folder_exist_there(make_repo):
    """Transformers4Rec: `copydirs_additional_dirs = ["../../examples/", "../../README.md"]`
    copies both into docs/source/ when the docs build, under their own names."""
    from drift_docs.engine import audit

    conf = 'extensions = ["myst_nb", "sphinxcontrib.copydirs"]\ncopydirs_additional_dirs = [\n    "../../examples/",\n    "../../README.md",\n]\n'
    index = "Home\n====\n\nStart with the `Introduction <README.html>`_, `the tour <examples/tour/index.html>`_ or `gone <examples/gone.html>`_.\n"
    files = {"docs/source/conf.py": conf, "docs/source/index.rst": index, "README.md": "# T4R\n", "examples/tour/index.md": "# Tour\n"}
    # (A built page no commit ever had the source of: a note, as the doc build may write it.)
    found = [(f.line, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings if f.rule == "DRIFT001"]
    assert found == [(4, "examples/gone.html")]


def test_the_links_file_rst_linker_writes_exists_when_the_docs_build(make_repo):
    """cherrypy (and jaraco's packages): conf.py's `link_files = {'../CHANGES.rst': ...}`
    has rst.linker write `CHANGES (links).rst`, which history.rst includes. A file no
    `link_files` names is still missing."""
    from drift_docs.engine import audit

    conf = "extensions = ['jaraco.packaging.sphinx', 'rst.linker']\n\nlink_files = {\n    '../CHANGES.rst': dict(\n        using=dict(GH='https://github.com'),\n        replace=[],\n    ),\n}\n"
    files = {
        "docs/conf.py": conf, "CHANGES.rst": "v1\n==\n", "AUTHORS.rst": "Me\n==\n",
        "docs/history.rst": "History\n=======\n\n.. include:: ../CHANGES (links).rst\n",
        "docs/authors.rst": "Authors\n=======\n\n.. include:: ../AUTHORS (links).rst\n",
    }
    found = [(f.path, f.text) for f in audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings]
    assert found == [("docs/authors.rst", "../AUTHORS (links).rst")]


def test_files_sphinx_collections_copies_into_the_source_folder_exist_there(make_repo):
    from drift_docs.engine import audit

    conf = (
        "import os\nextensions = ['sphinx_collections', 'myst_nb']\ncollections_target = ''\ncollections = {\n"
        "    'notebooks': {'driver': 'copy_folder', 'source': os.path.abspath('../../tutorials/'), 'target': 'tutorials/'},\n"
        "    'contributing': {'driver': 'copy_file', 'source': os.path.abspath('../../CONTRIBUTING.md'), 'target': 'guides/contributing.md'},\n}\n"
    )
    index = (
        "Home\n====\n\n- `basics <tutorials/basics.html>`__\n- `advanced <tutorials/advanced/probing.html>`__\n"
        "- `guidelines <guides/contributing.html>`__\n- `gone <tutorials/removed.html>`__\n"
    )
    files = {
        "docs/source/conf.py": conf, "docs/source/index.rst": index,
        "tutorials/basics.ipynb": "{}", "tutorials/advanced/probing.ipynb": "{}", "CONTRIBUTING.md": "# How\n",
    }
    found = [(f.line, f.text) for f in audit(make_repo(files, removed=('tutorials/removed.ipynb',)).root, blame=False).findings if f.rule == "DRIFT001"]
    # The build copies tutorials/ and CONTRIBUTING.md in: only the page it never has is broken.
    assert found == [(7, "tutorials/removed.html")]


def test_a_dead_doc_link_on_the_page_of_that_name_gets_no_link_to_itself(make_repo):
    """BentoML: reference/frameworks/flax.rst links `:doc:`/frameworks/flax`` (a guide
    that went); the one file of that name is the page itself: no fix."""
    from drift_docs.engine import audit

    page = "Flax\n====\n\nSee :doc:`/frameworks/flax` and :doc:`/frameworks/onnx`.\n"
    files = {"docs/conf.py": "project = 'x'\n", "docs/reference/frameworks/flax.rst": page, "docs/reference/frameworks/onnx.rst": "ONNX\n====\n"}
    found = [(f.text, f.replacement) for f in audit(make_repo(files).root, blame=False).findings if f.rule == "DRIFT001"]
    assert found == [("frameworks/flax", None), ("frameworks/onnx", "reference/frameworks/onnx")]


def test_autodoc_directives_make_the_anchors_of_what_they_document(make_repo):
    """physicsnemo's API pages: `.. automodule:: pkg.metrics.general.mse` with :members:
    builds `#pkg.metrics.general.mse.mse` and `#module-pkg.metrics.general.mse`."""
    from drift_docs.engine import audit

    page = (
        "Metrics\n=======\n\n.. automodule:: pkg.metrics\n    :members:\n\n.. autoclass:: pkg.models.Net\n\n"
        "See :ref:`x`, `mse <#pkg.metrics.mse>`_, `module <#module-pkg.metrics>`_, `fwd <#pkg.models.Net.forward>`_ and `gone <#pkg.other.gone>`_.\n"
    )
    files = {"pkg/__init__.py": "", "pkg/metrics.py": "def mse():\n    pass\n", "pkg/models.py": "class Net:\n    pass\n", "docs/api.rst": page}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["#pkg.other.gone"]


def test_autodoc_directives_in_myst_pages_make_anchors_too(make_repo):
    """ViZDoom's API pages are Markdown: ```{eval-rst} with `.. autofunction::
    vizdoom.doom_fixed_to_float` inside, or ```{autoclass} vizdoom.Button: the built page
    has `#vizdoom.doom_fixed_to_float` and `#vizdoom.Button`, which other pages link. (Its
    module is compiled from C++: no Python source to look the names up in.)"""
    from drift_docs.engine import audit

    utils = "# Utilities\n\n```{eval-rst}\n.. autofunction:: vizdoom.to_float\n.. automodule:: vizdoom.enums\n```\n\n```{autoclass} vizdoom.Button\n:members:\n```\n"
    faq = "# FAQ\n\nSee [to_float](utils.md#vizdoom.to_float), [enums](utils.md#module-vizdoom.enums), [Button](utils.md#vizdoom.Button.press) and [gone](utils.md#vizdoom.gone).\n"
    files = {"src/lib/ViZDoom.cpp": "int main() { return 0; }\n", "docs/conf.py": "extensions = ['myst_parser', 'sphinx.ext.autodoc']\n", "docs/utils.md": utils, "docs/faq.md": faq}
    found = audit(make_repo(files).root, blame=False, config_file=["min-confidence = 'low'"]).findings
    assert [(f.rule, f.text, f.confidence) for f in found] == [("DRIFT008", "#vizdoom.gone", "high")]


def test_a_simple_table_with_a_blank_line_between_rows_ends_at_its_last_border(make_repo):
    """qlib's data.rst: a simple table with a blank line between two rows; the section
    after it (`Qlib Format Dataset`) is a heading, not part of the table."""
    from drift_docs.engine import audit

    page = (
        "Data\n====\n\nTwo datasets:\n\n==========  ======  ======\nDataset     US      China\n==========  ======  ======\nAlpha360    yes     yes\n\nAlpha158    yes     yes\n==========  ======  ======\n\n"
        "Text.\n\nQlib Format Dataset\n-------------------\n``Qlib`` has data.\n\nSee `format <#qlib-format-dataset>`_ and `gone <#no-such-section>`_.\n"
    )
    files = {"docs/data.rst": page, "docs/other.rst": "Other\n=====\n\nSee `format <data.html#qlib-format-dataset>`_.\n"}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["#no-such-section"]
    from drift_docs.docs.rst import extract

    assert [r.text for r in extract("docs/data.rst", page) if r.kind == "heading"] == ["Data", "Qlib Format Dataset"]


def test_pages_autosummary_writes_at_build_time_exist_for_links(make_repo):
    """autogluon: docs/api/tabular.rst lists `TabularPredictor` in an `.. autosummary::`
    with `:toctree: .` under `.. currentmodule:: autogluon.tabular`; Sphinx writes
    api/autogluon.tabular.TabularPredictor.rst (and, by its template, a page per method),
    so tutorials link them. A page autosummary lists nowhere is still missing."""
    from drift_docs.engine import audit

    api = "Tabular\n=======\n\n.. currentmodule:: pkg.tabular\n\n.. autosummary::\n    :toctree: .\n    :template: custom_class.rst\n\n    TabularPredictor\n"
    faq = "# FAQ\n\nSee [fit](../api/pkg.tabular.TabularPredictor.fit.rst), [the class](../api/pkg.tabular.TabularPredictor.rst) and [gone](../api/pkg.tabular.GonePredictor.rst).\n"
    files = {"pkg/__init__.py": "", "pkg/tabular.py": "class TabularPredictor:\n    def fit(self):\n        pass\n",
             "docs/conf.py": "project = 'x'\n", "docs/api/tabular.rst": api, "docs/tutorials/faq.md": faq}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["../api/pkg.tabular.GonePredictor.rst"]


def test_raw_html_anchors_in_rst_are_link_targets_and_r_code_reads_env_vars(make_repo):
    """LightGBM: Parameters.rst gives each parameter a permalink with `:raw-html:` `<a
    id="label_gain">`; its R tests read `Sys.getenv("LIGHTGBM_TEST_VERBOSITY")`."""
    params = (
        ".. role:: raw-html(raw)\n    :format: html\n\nParameters\n==========\n\n"
        "-  ``label_gain`` :raw-html:`<a id=\"label_gain\" title=\"Permalink\" href=\"#label_gain\">&#x1F517;</a>`, default = ``0``\n\n"
        ".. raw:: html\n\n    <a name=\"weight_column\"></a>\n\nText.\n"
    )
    faq = "FAQ\n===\n\nSee `gain <./Parameters.rst#label_gain>`__, `weights <./Parameters.rst#weight_column>`__ and `gone <./Parameters.rst#gone_param>`__.\n"
    readme = "# R package\n\nSet `LIGHTGBM_TEST_VERBOSITY` to see more, or `LIGHTGBM_TEST_VERBOSE`.\n"
    files = {
        "docs/Parameters.rst": params, "docs/FAQ.rst": faq, "R-package/README.md": readme,
        "R-package/tests/testthat/helper.R": 'VERBOSITY <- as.integer(Sys.getenv("LIGHTGBM_TEST_VERBOSITY", "-1"))\n',
        "python/lib.py": "import os\nDEBUG = os.environ.get('LIGHTGBM_DEBUG_LEVEL')\n",
    }
    found = sorted((f.rule, f.text) for f in audit(make_repo(files).root, blame=False).findings)
    assert ("DRIFT008", "#gone_param") in found
    assert not any(text in ("#label_gain", "#weight_column", "LIGHTGBM_TEST_VERBOSITY") for _, text in found)


def test_a_page_a_script_beside_conf_py_writes_is_there_when_the_site_builds(make_repo):
    """mmocr: docs/en/dataset_zoo.py writes `user_guides/data_prepare/datasetzoo.md` (run by
    conf.py), which the overview links; a page nothing writes is still missing."""
    script = "table = 'x'\nwith open('user_guides/data_prepare/datasetzoo.md', 'w') as f:\n    f.write(table)\n"
    overview = "# Overview\n\nSee [the zoo](./datasetzoo.md) and [gone](./gonezoo.md).\n"
    files = {"docs/en/conf.py": "import subprocess\nsubprocess.run(['./dataset_zoo.py'])\n", "docs/en/dataset_zoo.py": script, "docs/en/user_guides/data_prepare/overview.md": overview}
    assert [f.text for f in audit(make_repo(files).root, blame=False).findings] == ["./gonezoo.md"]


def test_a_link_whose_text_wraps_onto_the_next_line_is_read():
    """you-get's README.rst, wrapped by pandoc: "`full list of supported` / `sites
    <#supported-sites>`__", then "`get started by` / `examples <#getting-started>`__" on the
    line that closed the first. A closed link or literal leaves no backtick open, and a `<x>`
    in plain prose is no link."""
    text = (
        "Title\n=====\n\nSee the `full list of supported\n   sites <#supported-sites>`__ and `get started by\n"
        "examples <#getting-started>`__ now, ``code`` `one <one.rst>`_ and\n<not-a-link>`_ here, :ref:`label`\n"
        "and <plain> words.\n"
    )
    links = [(r.text, r.line, r.column) for r in extract_references("README.rst", text) if r.kind == LINK]
    assert links == [("#supported-sites", 5, 11), ("#getting-started", 6, 11), ("one.rst", 6, 52)]
