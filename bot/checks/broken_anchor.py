"""DRIFT008 broken-anchor: a link points at a heading that does not exist.

What it does: checks the `#fragment` of links to Markdown and reStructuredText docs in
the tree (and `#fragment`-only links within a page) against the headings of the target,
slugged as GitHub does (and explicit `{#id}` / `<a id>` anchors).

Why: the link still opens the page, at the top, and the reader lands nowhere near it.

Example: `[setup](install.md#quick-start)` after the heading became "Quickstart".

Silence: `<!-- drift-ignore -->` above the line.
"""

from __future__ import annotations

import posixpath
import re
import sys
from typing import Iterable

from ..docusaurus import site_of
from ..index import closest
from ..model import CLASS, CONSTANT, FUNCTION, METHOD, Finding
from .base import CheckContext, changed, finding
from .classify import Claim, book_folders, sphinx_source_root
from .stale_path import built_bases

CODE = "DRIFT008"
NAME = "broken-anchor"
CLAIMS = ("anchor",)
SEVERITY = "warning"


def _target_doc(claim: Claim, ctx: CheckContext) -> str | None:
    target = claim.attrs.get("target") or ""
    if not target:
        return claim.doc
    if claim.attrs.get("route"):
        # `/docs/guides/setup#options`: the page the Docusaurus site serves there.
        site = site_of(ctx.index.docusaurus, claim.doc)
        found, served = site.resolve(claim.doc, target) if site is not None else (None, None)
        return served if found and served in ctx.doc_slugs else None
    # A site that serves each page as a folder (mkdocs' use_directory_urls) resolves
    # `./#create` on queries/create.md from /queries/create/: the page itself.
    for base in (*built_bases(ctx.index, claim.doc, target), posixpath.dirname(claim.doc)):
        path = posixpath.normpath(posixpath.join(base, target))
        for candidate in (path, path + ".md", path + ".mdx", path + "/README.md", path + "/index.md"):
            if candidate in ctx.doc_slugs:
                return candidate
    return None


_LANGUAGE_SUFFIX = re.compile(r"\.([a-z]{2}(?:[-_][A-Za-z]{2,4})?)\.md$")


def _translated(doc: str, target: str, ctx: CheckContext) -> str | None:
    """On an mkdocs site that keeps translations as `page.<lang>.md` (mkdocs-static-i18n's
    suffix structure), a link from `DISTRIBUTED.es.md` to `RESILIENCE.md` opens
    `RESILIENCE.es.md` where that exists (GitHub opens RESILIENCE.md): an anchor either
    page has works for some reader."""
    language = _LANGUAGE_SUFFIX.search(doc)
    if language is None or _LANGUAGE_SUFFIX.search(target) or not target.endswith(".md"):
        return None
    if not any(doc.startswith(folder + "/") and target.startswith(folder + "/") for folder in ctx.index.mkdocs_language_suffixes):
        return None
    translated = f"{target[:-3]}.{language.group(1)}.md"
    return translated if translated in ctx.doc_slugs else None


_ORDINAL = re.compile(r"^(?:\d+|[a-z]|[ivxl]+)$")


def _word_swapped(anchor: str, slug: str) -> bool:
    """`#advanced-usage` and `#basic-usage`: alike in letters, but a word of one was put
    for an unrelated word of the other; a different section, not the renamed one."""
    from difflib import SequenceMatcher

    # (A heading that ends in an emoji has a slug that ends in "-": no empty word.)
    ours, theirs = set(anchor.lower().split("-")) - {""}, set(slug.split("-")) - {""}
    lost, gained = ours - theirs, theirs - ours
    if not lost or not gained:
        return False  # words only added or dropped: "Install" -> "Installing drift"
    if all(_ORDINAL.match(word) for word in lost | gained):
        return False  # renumbered: "A. Architecture" -> "1. Architecture"
    # (A word cut short, `benchmark` -> `bench`, is the same word.)
    return not any(SequenceMatcher(None, a, b).ratio() >= 0.75 or a.startswith(b) or b.startswith(a) for a in lost for b in gained)


def _object_path(anchor: str) -> bool:
    """`#sklego.preprocessing.ColumnSelector`: an API page's anchor for a Python object."""
    return bool(re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*){2,}", anchor))


def _object_moved(anchor: str, slugs: set[str]) -> list[str]:
    """`#sklego.preprocessing.ColumnSelector` on a page that documents
    `sklego.preprocessing.pandastransformers.ColumnSelector`: the same object under the
    path the page gives it, when one anchor of the page ends in its name."""
    if not _object_path(anchor):
        return []
    parts = anchor.split(".")
    same = {slug: slug.split(".") for slug in slugs if _object_path(slug) and slug.rsplit(".", 1)[1] == parts[-1]}
    nearest, best = _sharing_most(same, parts)
    return nearest if best else []


def _sharing_most(candidates: dict[str, list[str]], parts: list[str]) -> tuple[list[str], int]:
    """Of the spellings the page answers to (name -> its dotted path), the one whose path
    shares the longest start with the anchor's ``parts`` (a list of one, or none on a
    tie), and how many parts it shares."""
    shared = {name: next((n for n, (a, b) in enumerate(zip(path, parts)) if a != b), min(len(path), len(parts))) for name, path in candidates.items()}
    best = max(shared.values(), default=0)
    nearest = sorted(name for name, count in shared.items() if count == best)
    return (nearest if len(nearest) == 1 else []), best


def _member_moved(anchor: str, slugs: set[str]) -> list[str]:
    """`#txtai.embeddings.base.Embeddings.upsert` on a page that documents
    `txtai.embeddings.Embeddings` (its members' anchors under that path): the same member
    of the class as the page now names it, not the class's own anchor."""
    parts = anchor.split(".")
    found: dict[str, list[str]] = {}
    for slug in slugs:
        if not slug.endswith(".*"):
            continue
        documented = slug[:-2].split(".")
        if documented[-1] in parts[:-1]:
            rest = parts[parts.index(documented[-1]) + 1 :]
            found[".".join([*documented, *rest])] = documented
    # (The page's own path for the class, of the spellings the site also answers to.)
    return _sharing_most(found, parts)[0]


def _mystmd_project(index, doc: str) -> bool:
    """Whether a mystmd project (a `myst.yml` in the page's folder or above) builds the page:
    its `#label` links reach labels anywhere in the project."""
    return _mystmd_root(index, doc) is not None


def _mystmd_root(index, doc: str) -> str | None:
    """The folder of the `myst.yml` nearest above the page ("" for the root), or None."""
    folder = doc.rpartition("/")[0]
    while True:
        if (folder + "/myst.yml" if folder else "myst.yml") in index.files:
            return folder
        if not folder:
            return None
        folder = folder.rpartition("/")[0]


def _heading_elsewhere_in_mystmd(ctx: CheckContext, doc: str, anchor: str) -> bool:
    """tavern's `[saving data](#saving-data-from-a-response)`: mystmd takes a `#name` no
    heading of the page has as a reference, and a heading of exactly one other page of the
    project is a target of that name."""
    root = _mystmd_root(ctx.index, doc)
    if root is None:
        return False
    pages = [path for path, slugs in ctx.doc_slugs.items() if path != doc and anchor.lower() in slugs and (not root or path.startswith(root + "/"))]
    return len(pages) == 1


def _section_label_elsewhere(ctx: CheckContext, doc: str, anchor: str) -> bool:
    """`[release notes](#changelog)` on a MyST page of a Sphinx site that loads
    autosectionlabel: MyST takes an anchor no heading of the page has as a label, and the
    `# Changelog` heading of another page is one. (A one-word title: a label keeps the
    title's spaces, which an anchor cannot.)"""
    root = sphinx_source_root(ctx.index, doc) if doc.endswith(".md") else None
    if root is None or root not in ctx.index.autosectionlabel_sites or not re.fullmatch(r"[\w]+", anchor):
        return False
    inside = root + "/" if root else ""
    if any(path != doc and path.startswith(inside) and anchor.lower() in slugs for path, slugs in ctx.doc_slugs.items()):
        return True
    # A page drift does not read (a changelog) is titled for its file: changelog.md.
    return any(path.startswith(inside) for ext in (".md", ".rst") for name in (anchor.lower() + ext, anchor.upper() + ext, anchor.capitalize() + ext) for path in ctx.index.by_basename(name))


def _in_importing_page(ctx: CheckContext, doc: str, anchor: str) -> bool:
    """Whether a partial links a heading of the page it is rendered into, or of another
    partial rendered beside it. MDX sites take a file or folder whose name starts with an
    underscore for a partial, not a page (great_expectations' `_create_a_batch_definition/
    _tab-file.md`, imported into filesystem_data.md; openvino.genai's `_sections/
    _usage_options/index.mdx`, which imports `_generation_parameters.mdx`): the headings
    of the pages above it and of the files under its first `_` folder."""
    parts = doc.split("/")
    first = next((i for i, part in enumerate(parts) if part.startswith("_")), None)
    if first is None or not doc.endswith((".md", ".mdx")):
        return False
    root = "/".join(parts[:first])
    folders = []
    folder = posixpath.dirname(doc)
    while folder and len(folders) < 3:
        folder = posixpath.dirname(folder)
        folders.append(folder)
    site = parts[0] + "/" if len(parts) > 1 else ""
    for path, slugs in ctx.doc_slugs.items():
        if path == doc or anchor.lower() not in slugs:
            continue
        if (posixpath.dirname(path) in folders and not posixpath.basename(path).startswith("_")) or (root and path.startswith(root + "/")):
            return True
        if path.startswith(site) and any(part.startswith("_") for part in path.split("/")):
            return True  # a partial another page's partials render beside it (a shared `_sections/` folder)
    return False


def _labelled_section(claim: Claim, slugs: set[str]) -> list[str]:
    """The heading a stale anchor's link names in its own words (`[Citing TinyTroupe]
    (#how-to-cite-tinytroupe)` where the page has `## Citing TinyTroupe`): the one section
    the reader was sent to, a better fix than the nearest spelling."""
    from ..docs.markdown import github_slug

    label = (claim.ref.attrs.get("label") if claim.ref is not None else None) or claim.attrs.get("label")
    if not label:
        return []
    slug = github_slug(label)
    for spelled in (slug, slug.strip("-")):
        if spelled and spelled in slugs:
            return [spelled]
    return []


def _toc_entry(claim: Claim, ctx: CheckContext, doc: str) -> list[str]:
    """The heading a table of contents' stale entry stands for: the one heading of its
    neighbours' level between the sections the entries above and below it reach
    (`- [2](#run-inference-on-onnx-model-by-using-tensorflow)` between entries 1 and 3
    is the second section, whatever its words became)."""
    if doc != claim.doc:
        return []
    links = ctx.doc_own_links.get(doc, [])
    at = next((i for i, (line, anchor) in enumerate(links) if line == claim.line and anchor == claim.text), None)
    if at is None or at == 0 or at == len(links) - 1:
        return []
    (above, above_anchor), (below, below_anchor) = links[at - 1], links[at + 1]
    if not (claim.line - 2 <= above <= claim.line and claim.line <= below <= claim.line + 2):
        return []  # not a list of entries, one per line
    outline = ctx.doc_outline.get(doc, [])
    position = {slug: i for i, (_, _, slug) in reversed(list(enumerate(outline)))}  # the first heading of each anchor
    start, end = position.get(above_anchor), position.get(below_anchor)
    if start is None or end is None or end <= start or outline[start][1] != outline[end][1]:
        return []
    level = outline[start][1]
    linked = {anchor for _, anchor in links}
    between = [slug for _, lvl, slug in outline[start + 1 : end] if lvl == level and slug not in linked]
    return between if len(between) == 1 else []


def _myst_reference_target(ctx: CheckContext, doc: str, anchor: str) -> bool:
    """Whether a Sphinx (MyST) page's `#name` names a document of its project (by its name
    from the source folder, or beside the page) or a Python object its API pages document
    (jupyterhub's `[Authenticator](#Authenticator)`, `[](#Spawner.start)`)."""
    root = sphinx_source_root(ctx.index, doc)
    if root is None or not anchor:
        return False
    folders = {root, posixpath.dirname(doc)}
    if "." not in anchor and any(ctx.index.path_exists(posixpath.join(folder, anchor) + ext) for folder in folders for ext in (".md", ".rst", ".ipynb")):
        return True
    if "python_name_tails" not in ctx.index.memo:
        for key, kinds in (("python_name_tails", (CLASS, FUNCTION, METHOD)), ("python_constant_tails", (CONSTANT,))):
            tails: set[str] = set()
            for kind in kinds:
                for name in ctx.index.names(kind):
                    parts = name.split(".")
                    tails.update(".".join(parts[i:]) for i in range(len(parts)))
            ctx.index.memo[key] = tails
    if anchor in ctx.index.memo["python_name_tails"]:
        # (A lower-case word is a heading's slug as often as a function's name: not taken;
        # one with an underscore, ophyd-async's `[](#init_devices)`, is a function's.)
        return "." in anchor or "_" in anchor or not anchor.islower()
    # An alias the API exports (ophyd-async's `LazyMock = DeviceMock`): no heading's slug
    # has capitals.
    return anchor in ctx.index.memo["python_constant_tails"] and not anchor.islower()


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    anchor = claim.text
    if anchor.startswith("L") and anchor[1:].split("-")[0].isdigit():
        return []  # a line anchor into a code file
    if anchor.lower() == "top":
        return []  # HTML: `#top` scrolls to the top of the page when no element has that id
    doc = _target_doc(claim, ctx)
    if doc is None:
        return []
    if re.fullmatch(r"id\d+", anchor) and (doc.endswith(".rst") or sphinx_source_root(ctx.index, doc) is not None):
        # `#id1`: the id docutils gives a section whose name another already has, on an
        # RST page or a Markdown page Sphinx builds (aim's run_management.md, via m2r2).
        return []
    if doc == claim.doc and doc.endswith(".md") and (re.search(r"[./ ]", anchor) or anchor in sys.stdlib_module_names) and sphinx_source_root(ctx.index, doc) in ctx.index.intersphinx_sites:
        # MyST-Parser's docs: `[](#sphinx.application.Sphinx)`, `[](#usage/restructuredtext/roles)`:
        # a MyST link to no target of the page looks in the intersphinx inventories the
        # site loads (other projects' objects and pages), which drift does not fetch;
        # ophyd-async's `[](#asyncio)` is Python's module.
        return []
    if doc.endswith(".md") and "." in anchor and anchor.split(".", 1)[0] in ctx.index.packages and sphinx_source_root(ctx.index, doc) is not None:
        # `[Sentence](#flair.data.Sentence)` on a page Sphinx builds with MyST: a link to
        # a target that is no heading is a cross-reference, here to an autodoc object.
        from .unknown_symbol import check as check_symbol

        return list(check_symbol(Claim("symbol", anchor, claim.line, claim.column, claim.doc, claim.context, {}, claim.ref), ctx))
    slugs = ctx.doc_slugs.get(doc, set())
    translated = _translated(claim.doc, doc, ctx)
    if translated and (anchor in ctx.doc_slugs[translated] or anchor.lower() in ctx.doc_slugs[translated]):
        return []
    if not slugs or anchor in slugs or anchor.lower() in slugs or "*" in slugs:
        return []
    if anchor.lower() == "readme" and posixpath.basename(doc).lower().startswith("readme") and (doc == claim.doc or posixpath.splitext(posixpath.basename(claim.attrs.get("target") or claim.doc))[1] == ""):
        # `readme_files/zh-cn#readme`: GitHub shows a folder's README in a box with id
        # `readme`; so a README's own `<a href="#readme">` (loguru's logo) lands on it.
        return []
    if anchor.startswith("user-content-") and anchor[len("user-content-"):].lower() in slugs:
        return []  # GitHub gives each heading the id `user-content-<slug>`, and the link reaches it
    if posixpath.basename(doc).lower().startswith("readme") and anchor.lower() in {s.lower() for s in slugs}:
        # `#quickstart` for `<a id="Quickstart">` in a README: GitHub, where a README is
        # read, finds an anchor whatever its case (its script matches ids case-insensitively).
        return []
    site = site_of(ctx.index.docusaurus, doc) if ctx.index.docusaurus else None
    if site is not None and site.v1 and anchor.lower() in {re.sub("-+", "-", s) for s in slugs}:
        return []  # Docusaurus 1 collapses a heading's runs of dashes: `#load-a-model--and-use` is #load-a-model-and-use
    if "_" in anchor and anchor.lower().replace("_", "-") in slugs and book_folders(ctx.index, doc):
        # tensorflow.org's devsite joins a heading's words with `_` (#distributed_ranking_support):
        # the link works on the site that publishes the page, not on GitHub. A note.
        github = anchor.lower().replace("_", "-")
        evidence = f"{doc} is published on tensorflow.org, whose anchor for that heading is #{anchor}; GitHub's is #{github}"
        return [finding((CODE, NAME), claim, f"anchor #{anchor} works on tensorflow.org only", evidence, "low", "#" + github, text="#" + anchor)]
    if _section_label_elsewhere(ctx, doc, anchor):
        return []
    if anchor.lower() in ctx.labels and doc.endswith(".md") and (sphinx_source_root(ctx.index, doc) is not None or _mystmd_project(ctx.index, doc)):
        # networkx: `[Tutorial](#using-networkx-backends)`: MyST finds the
        # `(using-networkx-backends)=` label of another page; so does a mystmd project
        # (jupyter-book's docs/myst.yml), for `:label: fig:mountains` too.
        return []
    if doc == claim.doc and doc.endswith(".md") and _heading_elsewhere_in_mystmd(ctx, doc, anchor):
        return []
    if doc.endswith(".md") and _myst_reference_target(ctx, doc, anchor):
        # Uni-Mol's requirements.md: `[Installation](#installation)`. MyST resolves a `#name`
        # no heading of the page has as a reference to any target, and a document is one:
        # installation.md beside it.
        return []
    if doc == claim.doc and _in_importing_page(ctx, doc, anchor):
        return []
    if any(s.endswith(".*") and (anchor.startswith(s[:-1]) or anchor.startswith(s[:-2] + "--")) for s in slugs):
        # a member of an `[[autodoc]]` target: `#peft.LoraModel.merge`; a heading inside a
        # docstring mkdocstrings renders: `#bqplot.Figure--style-attributes`
        return []
    gone = ctx.changes.gone("anchor", f"{doc}#{anchor}") if ctx.changes else None
    if gone is not None:
        new_slug = gone.new.split("#", 1)[1] if gone.new else None
        result = changed((CODE, NAME), claim, gone, "#" + new_slug if new_slug else None)
        result.text = "#" + anchor
        result.message = f"the heading behind #{anchor} in {doc} was " + (f"reworded: its anchor is now #{new_slug}" if new_slug else "removed by this change")
        return [result]
    slip = _one_slip(anchor, slugs)
    labelled = [] if slip else _labelled_section(claim, slugs)
    listed = [] if labelled or slip else _toc_entry(claim, ctx, doc)
    moved = [] if labelled or listed else _object_moved(anchor, slugs)
    candidates = [slip] if slip else labelled or listed or _member_moved(anchor, slugs) or moved
    if not candidates and not _object_path(anchor):
        # (An object's anchor is never answered by another object: `...GMMOutlierDetector`
        # is not what `...BayesianGMMOutlierDetector` became.)
        candidates = [c for c in closest(anchor.lower(), [s for s in slugs if not s.endswith(".*")], 0.6) if not _word_swapped(anchor, c)]
    if len(candidates) > 1 and not labelled and not listed:
        # `| deepseek_v2 | ... [template](x.md#deepseek)`: of #deepseek-v2 and #deepseek-v3,
        # the one the link's own row names.
        on_line = _spelled_on_line(claim, candidates)
        candidates = on_line + [c for c in candidates if c not in on_line]
    if not candidates:
        # `#sft` after the heading became "SFT distillation": the one anchor it begins.
        longer = sorted(s for s in slugs if s.startswith(anchor.lower() + "-"))
        candidates = longer if len(longer) == 1 else []
    if candidates and candidates[0].startswith("-") and candidates[0].lstrip("-") in slugs:
        # `## 🪲 Reporting bugs` is #-reporting-bugs on GitHub and #reporting-bugs on the
        # site that builds the page: the site's is the one its readers follow.
        candidates = [candidates[0].lstrip("-"), *candidates]
    evidence = f"{doc} has no heading with anchor #{anchor}"
    swallowed = ctx.swallowed.get(doc, {}).get(anchor)
    if swallowed is not None:
        # The heading is in the source, but an unclosed fence above it makes it code.
        evidence += f": its heading (line {swallowed[0]}) renders as code, inside the fence opened at line {swallowed[1]} that never closes (DRIFT014)"
        return [finding((CODE, NAME), claim, f"anchor #{anchor} not found in {doc}", evidence, "high", None, text="#" + anchor)]
    if slip:
        evidence += f"; the heading's anchor is #{slip}, spelled otherwise by a letter or two"
    elif labelled:
        evidence += f"; the link's own words name the heading #{candidates[0]}"
    elif listed:
        evidence += f"; in the list of sections, it stands where #{candidates[0]} is"
    elif moved and candidates == moved:
        evidence += f"; the page documents {anchor.rsplit('.', 1)[1]} as #{candidates[0]}"
    elif candidates:
        evidence += f"; closest: #{candidates[0]}"
    else:
        # The section moved to another page (the install steps went to src/README.md).
        elsewhere = sorted(path for path, anchors in ctx.doc_slugs.items() if path != doc and anchor.lower() in anchors)
        if 0 < len(elsewhere) <= 3:
            evidence += f"; {' and '.join(elsewhere)} {'has' if len(elsewhere) == 1 else 'have'} a heading #{anchor.lower()}"
    # The closest heading is a suggestion for a reviewer, never applied without --all.
    replacement = "#" + candidates[0] if candidates else None
    confidence = "high"
    if claim.ref is not None and claim.ref.attrs.get("badge") and not candidates:
        # pandas-ta's `[![Stars](https://img.shields.io/...)](#stars)`: a badge whose link
        # goes nowhere on purpose as often as to a section that went; a note.
        confidence = "low"
        evidence += "; the link is a badge's, which often goes nowhere on purpose"
    return [finding((CODE, NAME), claim, f"anchor #{anchor} not found in {doc}", evidence, confidence, replacement, text="#" + anchor)]


def _one_slip(anchor: str, slugs) -> str | None:
    """The one anchor of the page a letter or two from ``anchor`` (InquirerPy's
    #customizing-keybindings for the heading "Customising Keybindings"): a spelling,
    surer than what the link's words or the section list suggest."""
    from rapidfuzz.distance import Levenshtein

    lowered = anchor.lower()
    if len(lowered) < 8:
        return None
    digitless = re.sub(r"\d+", "", lowered)
    # (`#step-1-setup` and `#step-2-setup` are two sections, not one spelt twice.)
    near = [s for s in slugs if s != lowered and not s.endswith(".*") and abs(len(s) - len(lowered)) <= 2 and Levenshtein.distance(lowered, s, score_cutoff=2) <= 2 and re.sub(r"\d+", "", s) != digitless]
    return near[0] if len(near) == 1 else None


def _spelled_on_line(claim: Claim, candidates: list[str]) -> list[str]:
    """The candidate anchors whose words the link's line spells (`deepseek_v2` for
    #deepseek-v2), when only one does."""
    line = re.sub(r"[\s_.]+", "-", ((claim.ref.attrs.get("row") if claim.ref is not None else None) or "").lower())
    spelled = [c for c in candidates if re.search(r"(?<![\w-])" + re.escape(c) + r"(?![\w])", line)]
    return spelled if len(spelled) == 1 else []

