"""DRIFT001 stale-path: a doc names a file or directory that is not in the tree.

What it does: checks paths in inline code (`scripts/run.sh`), relative link targets,
and the scripts and path arguments of commands in code blocks (`python tools/train.py`).
A path is judged only when its first part exists where it would resolve (the repo root,
the doc's folder, or a `cd` target in the same block), so `path/to/your/model` and
paths on the reader's machine are left alone; link targets are always judged. A path
that the repository's .gitignore keeps out of the tree (a docs build's output, a
checkpoint folder) is not judged either.

Why: a moved or deleted file makes a copied command fail with "No such file".

Example: `python tools/convert_ckpt.py` after the script moved to `tools/convert/ckpt.py`.
The suggestion is the path git history moved it to, or the one file of the same name.

Silence: `<!-- drift-ignore -->` above the line, or `ignore_names = ["tools/old.py"]`.
"""

from __future__ import annotations

import posixpath
import re
from typing import Iterable
from urllib.parse import unquote

from ..docusaurus import markdown_link_bases, site_of
from ..index import closest
from ..jekyll import site_of as jekyll_site_of
from ..model import CLASS, FUNCTION, Finding
from ..quarto import PROJECT_FILE as QUARTO_PROJECT
from ..quarto import in_reference
from ..scope import CLONING_PAGE, GENERATING_PAGE, INTERSPHINX_DOC, OTHER_PROGRAMS_INPUT, PACKED_FORM
from .base import CheckContext, as_notes, changed, finding
from .classify import FILE_SUFFIXES, Claim, book_folders, path_is_anchored, resolve_path, root_name, sphinx_source_root

CODE = "DRIFT001"
NAME = "stale-path"
CLAIMS = ("path",)
SEVERITY = "error"

_BUILD_OUTPUT = frozenset({"_build", "_site"})  # Sphinx's and Jekyll's output folders
_LINK_SUFFIXES = ("", ".md", ".mdx", ".rst", "/README.md", "/index.md", "/index.mdx", "/index.rst", ".html", ".ipynb")


_TEST_DATA = re.compile(r"(^|/)(tests?|testing)/")


def _same_name(index, token: str) -> list[str]:
    """Files that could be the one meant: same last two parts, else same name."""
    base = posixpath.basename(token)
    named = index.by_basename(base)
    if not _TEST_DATA.search(token):
        # A test's fixture of the same name (`tests/src/test_data/cfg.yaml`) is not what
        # a page outside the tests means.
        named = [p for p in named if not _TEST_DATA.search(p)]
    if "/" in token:
        tail = "/".join(token.split("/")[-2:])
        by_tail = [p for p in named if p == tail or p.endswith("/" + tail)]
        if by_tail:
            return sorted(by_tail)
    return sorted(named)


# How alike a missing path and an existing file of the same name must be (rapidfuzz's
# ratio over the whole path) to call the missing one a misspelling or an old location.
NEAR_PATH_RATIO = 90


def _near_miss(token: str, candidates: list[str]) -> str | None:
    """The one existing file that a path with a missing first part surely means."""
    from rapidfuzz import fuzz

    if "/" not in token.strip("./") or token.startswith(("~", "/", "$")):
        return None
    rest = token.lstrip("./").split("/", 1)[1]
    if any(c == rest or c.endswith("/" + token.lstrip("./")) for c in candidates):
        return None  # `RL/pyproject.toml` from above the checkout; `models/x.py` inside the package
    close = [c for c in candidates if fuzz.ratio(token.lstrip("./"), c) >= NEAR_PATH_RATIO]
    return close[0] if len(close) == 1 else None


def _hub_id(index, token: str) -> bool:
    """`swift/self-cognition` where `swift/` is the Python package: a hub dataset or model
    id (`org/name`), since nothing inside a package is named with a dash and no suffix."""
    parts = token.split("/")
    if len(parts) == 2 and "-" in parts[1] and _MODEL_SIZE.search(parts[1]) and not parts[1].endswith(_FILE_ENDINGS) and not index.path_exists(parts[0]):
        return True  # `nvidia/llama-3.2-nv-embedqa-1b-v2`, `org/Qwen2-7B`: a model's size names a model
    if len(parts) != 2 or f"{parts[0]}/__init__.py" not in index.files or "-" not in parts[1]:
        return False
    # `Llama-3.1-8B`, `Qwen2.5-0.5B-Instruct`: version dots, not a file's suffix.
    suffix = parts[1].rsplit(".", 1)[1] if "." in parts[1] else ""
    return not suffix or not _FILE_SUFFIX.fullmatch(suffix)


# A parameter count inside a name (`-1b-`, `7B`, `0.5B`, `8x7B`), as model ids carry.
_MODEL_SIZE = re.compile(r"(?:^|[-_.])(?:\d+x)?\d+(?:\.\d+)?[BbMm](?:[-_.]|$)")
_FILE_ENDINGS = (".py", ".sh", ".md", ".yaml", ".yml", ".json", ".jsonl", ".txt", ".toml", ".ipynb", ".rst", ".cfg", ".csv", ".parquet", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".mp4", ".pdf", ".html")
_HUB_WORDS = re.compile(r"modelscope|hugging\s*face|\bhf\b|\bhub\b|\b(?:dataset|model|repo(?:sitory)?)[ _-]?id\b|数据集|魔搭", re.I)


def _named_on_a_hub(claim: Claim, token: str) -> bool:
    """`evalscope/OCRBench` where the sentence says "on ModelScope" (or the Hub, a dataset
    id): an `org/name` id, though `evalscope/` is also the package folder."""
    parts = token.strip("/").split("/")
    if len(parts) != 2 or "." in parts[1] and _FILE_SUFFIX.fullmatch(parts[1].rsplit(".", 1)[1]):
        return False
    context = claim.ref.attrs.get("context") if claim.ref is not None else None
    return bool(context and _HUB_WORDS.search(context))


_FILE_SUFFIX = re.compile(r"[A-Za-z][A-Za-z0-9]{0,5}")  # `py`, `yaml`, `json`, `mdx`: not `5-0`, `1-8B-Instruct`


# Google code search's line syntax in a link: `t5x/models.py;l=257-267;rcl=394045248`.
_CODE_SEARCH_LINE = re.compile(r"([^;#]+);l=(\d+)(?:-(\d+))?(?:;rcl=\d+)?")


def _line_anchor(searched: re.Match) -> str:
    """GitHub's anchor for code search's lines: `;l=257-267` -> `#L257-L267`."""
    return f"#L{searched.group(2)}" + (f"-L{searched.group(3)}" if searched.group(3) else "")


# A template's folder (mmpretrain's projects/example_project/, a project_template/): its
# links resolve where a copy of it goes.
_TEMPLATE_FOLDER = re.compile(r"(?:^|[-_])templates?(?:$|[-_])|^example[-_]project$|^project[-_]example$", re.I)
# `MODEL-LINK`, `LOG_LINK`, `YOUR-URL`: a link target to be filled in.
_TEMPLATE_VARIABLE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")  # ENGLISH_PAGE (LICENSE, README are files)
# A variable the site's build fills in, opening the path (`%%GITHUB_SPACY/spacy/x.py`,
# `{{ repo_url }}/blob/main/x`, `${REPO}/x`, `@ROOT@/x`, Jinja's `' ~ repo_examples ~ '/x`
# inside a `{% set %}`): what follows is written from
# wherever the variable points, most often this repository's root on GitHub.
_SUBSTITUTED_START = re.compile(r"(?:%%[A-Za-z_]\w*%?%?|\{\{[^{}]*\}\}|\$\{[A-Za-z_]\w*\}|\$[A-Z_][A-Z0-9_]*|@[A-Z_][A-Z0-9_]*@|(['\"])\s*~\s*[A-Za-z_][\w.]*\s*~\s*\1)/")
# `link/to/dataset/doc`, `path/to/page.md`: a link target written to be replaced.
_PLACEHOLDER_PATH = re.compile(r"^(?:\./)?(?:path|link|url|your|relative/path)/to/", re.I)
_PLACEHOLDER_TARGET = re.compile(r"[A-Z0-9_-]*(?:LINK|URL|TODO|TBD|XXX|HERE|YOUR|PLACEHOLDER)[A-Z0-9_-]*|(?i:x{3,}|tbd|todo)")

# (`.claude`: an agent's own folder; the cookbook's chief_of_staff_agent/.claude/agents/*.md
# name `scripts/x.py` as the agent, run from chief_of_staff_agent/, finds them.)
_PROJECT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "environment.yaml", "environment.yml", "package.json", "Makefile", "main.py", "Dockerfile", "SKILL.md", ".claude", "CLAUDE.md", "AGENTS.md")


def _project_root(index, folder: str) -> bool:
    """A sub-project one runs commands from (its own pyproject, main.py, Makefile), not a
    package folder of the repository's."""
    return any(index.path_exists(f"{folder}/{marker}") for marker in _PROJECT_MARKERS)


def _project_of(index, path: str) -> str | None:
    """The nearest folder above ``path`` that is a Python project of its own (a setup.py,
    a pyproject.toml); None at the repository's own level. (A docs/ Makefile or an
    examples/ requirements.txt makes no project apart.)"""
    return next((a for a in _ancestors(path) if any(index.path_exists(f"{a}/{m}") for m in ("setup.py", "pyproject.toml", "setup.cfg"))), None)


def _ancestors(doc: str) -> list[str]:
    """The folders above a doc's own, nearest first (`a/b/c/x.md`: `a/b`, `a`)."""
    parts = doc.split("/")[:-1]
    return ["/".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]


# Folders of a translated doc tree (`docs/source/zh/`, `docs/ko/`, `i18n/pt-BR/`).
_LANGUAGES = frozenset("""en zh ko ja fr de es pt ru it ar hi tr vi id te he pl nl uk fa th ms bn ta
zh-hans zh-hant zh-cn zh-tw zh_cn zh_tw pt-br pt_br es-419""".split())


def _language_of(path: str) -> str | None:
    """The language folder a path sits in (`docs/zh/x.md`, `i18n/zh-Hans/...`), if any."""
    return next((part.lower() for part in path.split("/")[:-1] if part.lower() in _LANGUAGES), None)


def _source_language_base(index, doc: str, base: str) -> str | None:
    """For a doc in a translated tree, the same folder in the tree it is translated from
    (`docs/source/zh/training` -> `docs/source/en/training`), when that tree exists."""
    parts = doc.split("/")[:-1]
    for position, part in enumerate(parts):
        if part.lower() in _LANGUAGES and part.lower() != "en":
            source = "/".join(parts[:position] + ["en"])
            if not index.path_exists(source):
                # mkdocs-static-i18n's folder layout: the default language's pages sit
                # above the language folders (docs/ref/x.md beside docs/ja/), and a
                # translation falls back to them.
                source = "/".join(parts[:position])
            prefix = "/".join(parts[: position + 1])
            if base == prefix or base.startswith(prefix + "/"):
                mapped = source + base[len(prefix):]
                if not index.path_exists(mapped):
                    # `i18n/de/pages/` over `docs/`: a build step lays the translation
                    # over the English tree, which holds the same pages elsewhere.
                    for depth in range(len(parts), position, -1):
                        root = "/".join(parts[:depth])
                        english = _translated_from(index, root)
                        if english is not None and (base == root or base.startswith(root + "/")):
                            return english + base[len(root):]
                return mapped
    return None


# Pages of a repository on GitHub, beside its blob/ and tree/ views.
_GITHUB_ROUTES = frozenset("issues pulls pull wiki actions discussions releases security projects tags branches compare commits milestones labels graphs network blob tree raw".split())


def _github_route(doc: str, token: str) -> bool:
    """A relative link that climbs out of the file view into the repository's own pages:
    from `/o/r/blob/main/CONTRIBUTING.md`, `../../issues` is `/o/r/issues`."""
    parts = token.split("/")
    ups = next((i for i, part in enumerate(parts) if part != ".."), len(parts))
    depth = doc.count("/")
    return ups == depth + 2 and ups < len(parts) and parts[ups].split("?", 1)[0].split("#", 1)[0] in _GITHUB_ROUTES


def _github_branch_path(index, doc: str, token: str) -> bool:
    """A relative link that climbs to GitHub's `blob/` and back in by a branch's name:
    from `/o/r/blob/master/README.md`, `../master/CHANGELOG` is this tree's CHANGELOG."""
    parts = token.split("#", 1)[0].split("/")
    ups = next((i for i, part in enumerate(parts) if part != ".."), len(parts))
    rest = "/".join(parts[ups + 1 :])
    return ups == doc.count("/") + 1 and bool(rest) and index.path_exists(rest.rstrip("/"))


def _github_sibling(doc: str, token: str) -> bool:
    """A relative link that climbs out of the repository to another of its owner's: from
    `/o/madmom/blob/main/README.rst`, `../../../madmom_models` is `/o/madmom_models` (the
    models submodule's own repository)."""
    parts = token.split("/")
    ups = next((i for i, part in enumerate(parts) if part != ".."), len(parts))
    return ups == doc.count("/") + 3 and ups < len(parts) and bool(re.fullmatch(r"[\w.-]+", parts[ups].split("#", 1)[0]))


def _site_root(index, doc: str) -> str | None:
    """The folder a doc site builds the page from (an mkdocs docs folder, a Sphinx source
    folder), if any: links out of it break on the site."""
    return _mkdocs_docs_dir(index, doc) or sphinx_source_root(index, doc)


def _sibling_repository(index, token: str) -> bool:
    """Whether ``token`` is `OWNER/name` with OWNER this repository's GitHub owner and no
    file suffix: another repository of that owner, not a path here."""
    parts = token.strip("/").split("/")
    owners = {repo.split("/", 1)[0] for repo in index.own_repos}
    return len(parts) == 2 and parts[0].lower() in owners and "." not in parts[1] and f"{parts[0]}/{parts[1]}".lower() not in index.own_repos


def _above_site(index, doc: str, token: str) -> str | None:
    """The site root a relative link climbs above to a route (no file extension, or a built
    `.html` page): that URL is whatever the host serves beside the docs."""
    target = token.split("#", 1)[0].split("?", 1)[0].rstrip("/")
    site = _site_root(index, doc) if target.startswith("../") else None
    if site is None or _through_site_path(index, doc, token) is not None:
        return None  # (`../tool/gone/` under site_url `.../tool/`: back inside the site)
    folders = [posixpath.dirname(doc)]
    if _mkdocs_docs_dir(index, doc):
        # (mkdocs serves docs/styles/align.md as /styles/align/: links climb from there.)
        stem = posixpath.splitext(doc)[0]
        folders.append(posixpath.dirname(stem) if posixpath.basename(stem).lower() in _INDEX_STEMS else stem)
    landed = [posixpath.normpath(posixpath.join(folder, target)) for folder in folders]
    inside = any(place == site or place.startswith(site + "/") for place in landed)
    rest = re.sub(r"^(?:\.\./)+", "", target)
    if inside or posixpath.splitext(target)[1].lower() not in ("", ".html", ".htm"):
        return None
    if "/" in rest and index.path_exists(posixpath.join(site, posixpath.dirname(rest))):
        return None  # (kubeflow's `../../operator-guides/gone`: clamped at the root, a folder of the site)
    return site


def _as_the_site_sees_it(index, doc: str) -> str:
    """A page's path through a committed folder symlink into a site's docs folder
    (lonboard's docs/examples -> ../examples: examples/index.md is docs/examples/index.md),
    else its own path."""
    for link, target in index.dir_links.items():
        if doc.startswith(target + "/") and _mkdocs_docs_dir(index, link + "/x") is not None:
            return link + doc[len(target):]
    return doc


def _mkdocs_docs_dir(index, doc: str) -> str | None:
    """The docs folder of the mkdocs site a page is built into, if any (the deepest)."""
    return max((d for d in index.mkdocs_docs_dirs if doc.startswith(d + "/")), key=len, default=None)


def _without_language_folder(index, doc: str) -> str | None:
    """A page's folder as mkdocs-static-i18n's folder layout builds it: the language
    folder right under the docs folder taken out (`docs/en/reference` -> `docs/reference`)."""
    for folder in index.mkdocs_language_folders:
        prefix = f"{folder}/" if folder not in ("", ".") else ""
        rest = doc[len(prefix):].split("/") if doc.startswith(prefix) else []
        if len(rest) > 1 and rest[0].lower() in _LANGUAGES:
            return posixpath.dirname(prefix + "/".join(rest[1:])).rstrip("/")
    return None


def _translated_from(index, root: str) -> str | None:
    """The folder a translated tree mirrors: the one that holds most of its pages at the
    same relative paths (`docs/` for `i18n/de/pages/`); None when none does."""
    memo = index.memo.setdefault("_translated_from", {})
    if root not in memo:
        pages = [p[len(root) + 1 :] for p in index.files if p.startswith(root + "/") and p.endswith(_PAGE_EXTS)]
        counts: dict[str, int] = {}
        for rel in pages:
            for other in index.by_basename(posixpath.basename(rel)):
                folder = other[: -len(rel) - 1]
                # (Not another translation: `i18n/zh/pages/` mirrors the same pages.)
                if other.endswith("/" + rel) and not other.startswith(root + "/") and not any(part in _LANGUAGES and part != "en" for part in folder.split("/")):
                    counts[folder] = counts.get(folder, 0) + 1
        best = max(counts.items(), key=lambda item: (item[1], item[0]), default=None)
        memo[root] = best[0] if best is not None and best[1] >= max(2, len(pages) // 2) else None
    return memo[root]


SIBLING_RATIO = 0.85


def _same_text(index, token: str, bases: list[str]) -> str | None:
    """`LICENSE.txt` where `LICENSE` is, `CHANGELOG.rst` where `CHANGELOG.md` is: the one
    file beside where the token points with the same name under another prose suffix."""
    folder_written, _, name = token.rstrip("/").rpartition("/")
    stem, ext = posixpath.splitext(name)
    if ext.lower() not in _PROSE_EXTS:
        return None
    for base in bases:
        folder = _joined(base, folder_written) if folder_written else base
        if folder.startswith("..") or not index.path_exists(folder):
            continue
        same = [n for n in index.children(folder) if n != name and posixpath.splitext(n)[0].lower() == stem.lower() and posixpath.splitext(n)[1].lower() in _PROSE_EXTS and _joined(folder, n) in index.files]
        if len(same) == 1:
            return f"{folder_written}/{same[0]}" if folder_written else same[0]
    return None


_CODE_SPAN_NAME = re.compile(r"`([A-Za-z_]\w{3,})(?:\(\))?`")


def _definition_files(index) -> dict[str, set[str]]:
    """Function and class name -> the files that define it (memoised)."""
    if "definition_files" not in index.memo:
        found: dict[str, set[str]] = {}
        for kind in (FUNCTION, CLASS):
            for name, facts in index.names(kind).items():
                found.setdefault(name.rsplit(".", 1)[-1], set()).update(f.path for f in facts)
        index.memo["definition_files"] = found
    return index.memo["definition_files"]


def _named_code(claim: Claim, index, token: str) -> list[str]:
    """The functions and classes the claim's line names in code spans, beside a `.py` path."""
    if not token.endswith(".py"):
        return []
    line = claim.source_line()
    defined = _definition_files(index)
    # (A name many files define, `main`, `run`, says nothing of where the code went.)
    return [name for name in dict.fromkeys(_CODE_SPAN_NAME.findall(line)) if 0 < len(defined.get(name, ())) <= 3]


def _home_of_named_code(claim: Claim, index, token: str) -> str | None:
    """The one file that now defines every function or class the line names beside a
    missing `.py` path, when that is a single non-test file."""
    names = _named_code(claim, index, token)
    if not names:
        return None
    defined = _definition_files(index)
    homes = sorted(h for h in set.intersection(*(defined[name] for name in names)) if "test" not in h)
    if len(homes) > 1:
        # (pipenv's vendored pip defines an `unpack_url` too: the copy nearest the path
        # the page wrote, alone in sharing its whole folder, is the one meant.)
        folder = posixpath.dirname(token.lstrip("./"))
        homes = [h for h in homes if folder and posixpath.dirname(h) == folder]
    return homes[0] if len(homes) == 1 else None


_PACKED = (".gz", ".xz", ".bz2", ".zip", ".zst", ".7z", ".lz4", ".tgz", ".tar.gz", ".tar.xz", ".tar.bz2", ".tar")


def _packed_form(token: str, sibling: str) -> bool:
    """Whether ``sibling`` is ``token``'s file compressed or archived (`x.csv.xz`, `x.tar.gz`
    for the folder `x`)."""
    name = posixpath.basename(token.rstrip("/"))
    other = posixpath.basename(sibling.rstrip("/"))
    return any(other == name + suffix for suffix in _PACKED)


def _page_without_suffix(token: str, sibling: str) -> bool:
    """Whether ``sibling`` is ``token`` with a doc page's suffix (`docs/developing` for
    `docs/developing.md`)."""
    name = posixpath.basename(token.rstrip("/"))
    stem, ext = posixpath.splitext(posixpath.basename(sibling))
    return not posixpath.splitext(name)[1] and stem == name and ext.lower() in _DOC_EXTS


def _sibling(index, token: str, bases: list[str]) -> str | None:
    """The one file or folder beside where the token points whose name is nearly its
    name (`OnlineTraining.MD` for `online_training.md`), written as the token was."""
    folder_written, _, name = token.rstrip("/").rpartition("/")
    for base in bases:
        folder = _joined(base, folder_written) if folder_written else base
        if folder.startswith("..") or not index.path_exists(folder):
            continue
        names = {n.lower().replace("-", "_"): n for n in index.children(folder)}
        stem, ext = posixpath.splitext(name)
        if ext.lower() in _PAGE_EXTS:
            # `te_jax_integration.ipynb` rewritten as `te_jax_integration.rst`: the same page.
            pages = [n for n in index.children(folder) if posixpath.splitext(n)[0] == stem and posixpath.splitext(n)[1].lower() in _PAGE_EXTS]
            if len(pages) == 1:
                return f"{folder_written}/{pages[0]}" if folder_written else pages[0]
        near = closest(name.lower().replace("-", "_"), list(names), SIBLING_RATIO)
        if len(near) == 1 or (near and len(closest(name.lower().replace("-", "_"), near, 0.95)) == 1):
            chosen = names[near[0]]
            if _language(ext) and _language(posixpath.splitext(chosen)[1]) not in (None, _language(ext)):
                continue  # `[[C++]](bert_example.cpp)` beside the `[[Python]]` bert_example.py: another program
            if [int(n) for n in re.findall(r"\d+", name)] != [int(n) for n in re.findall(r"\d+", chosen)]:
                # devito's `sa_12_vti_correctness.ipynb` beside sa_03_iso_correctness.ipynb:
                # another item of a numbered series, not the same file renamed
                # (`1_introduction.ipynb` for 01_introduction.ipynb still is).
                continue
            if ext.lower() in _PAGE_EXTS and posixpath.splitext(chosen)[0] == stem:
                # `python_client.md` split into the folder `python_client/`: a link to a
                # page stays a link to a page, its index (a site generator does not turn a
                # folder link into one).
                inside = index.children(f"{folder}/{chosen}")
                page = next((n for n in _INDEX_PAGES if n in inside), None)
                if page is None:
                    continue
                chosen = f"{chosen}/{page}"
            return f"{folder_written}/{chosen}" if folder_written else chosen
    return None


_INDEX_PAGES = ("index.md", "index.mdx", "README.md", "index.rst")

_LANGUAGES_BY_SUFFIX = {".py": "python", ".pyx": "python", ".ipynb": "python", ".c": "c", ".cc": "c", ".cpp": "c", ".cxx": "c", ".h": "c", ".hpp": "c", ".cu": "c", ".cuh": "c",
                        ".js": "js", ".mjs": "js", ".ts": "js", ".tsx": "js", ".go": "go", ".rs": "rust", ".java": "java", ".kt": "java", ".sh": "sh", ".rb": "ruby", ".swift": "swift"}


def _language(suffix: str) -> str | None:
    return _LANGUAGES_BY_SUFFIX.get(suffix.lower())


def _folders(path: str) -> set[str]:
    """The folder names along a path (not `.`/`..`), lower case."""
    return {p.lower() for p in path.split("/")[:-1] if p not in ("", ".", "..")}


def _squashed(path: str) -> str:
    return re.sub(r"[-_]", "", path.lower())


def _spelled_apart(index, token: str, bases: list[str]) -> str | None:
    """The one path of the tree that is the token, from one of the bases, but for `_`,
    `-` and case (`xinstructblip` for `xinstruct_blip`), written as the token was."""
    memo = index.memo.get("_squashed_paths")
    if memo is None:
        memo = index.memo["_squashed_paths"] = {}
        for path in [*index.files, *index.dirs]:
            memo.setdefault(_squashed(path), []).append(path)
    clean = token.rstrip("/")
    for base in bases:
        joined = _joined(base, clean)
        if joined.startswith(".."):
            continue
        found = memo.get(_squashed(joined), [])
        if len(found) == 1 and found[0] != joined:
            written = posixpath.relpath(found[0], base) if base else found[0]
            return written + ("/" if token.endswith("/") else "")
    return None


def _joined(base: str, token: str) -> str:
    return posixpath.normpath(posixpath.join(base, token)) if base else posixpath.normpath(token)


# Content links CMake's ExternalData (ITK, SimpleITK, VTK) and git-annex-like tools commit
# in a data file's place: the file is there once the build fetches it.
_CONTENT_LINKS = (".sha512", ".sha256", ".md5", ".cid")


def _parent_name(token: str) -> str | None:
    """The name of the folder a path names its file in (`user_api` for docs/user_api/index.rst)."""
    parts = [part for part in token.split("/")[:-1] if part not in ("", ".", "..")]
    return parts[-1] if parts else None


_GENERIC_NAME = re.compile(r"^(?:readme|index|__init__|setup|requirements|config|main|utils|license|licence|copying|notice|changelog|contributing|authors)\.\w+$", re.I)
_PROSE_EXTS = ("", ".txt", ".md", ".rst", ".markdown")
_DOC_EXTS = (".md", ".mdx", ".rst", ".ipynb", ".html")
_PAGE_EXTS = (".md", ".mdx", ".rst", ".ipynb")
# Files named without their suffix: a script ("the `plotting/convert_to_csv` script") or a
# JavaScript/TypeScript module, whose import specifiers leave it off (`components/Logo`).
_SUFFIX_LEFT_OFF = (".py", ".sh", ".ipynb", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".vue", ".svelte", "/index.ts", "/index.tsx", "/index.js")

# File names that show a pattern (`test_file.py`, `test_foo.py`, `file.py`): examples of how to name one.
_PLACEHOLDER_FILE = re.compile(
    r"^(?:tests?_)?(?:file|foo|bar|baz|something|x|xyz|name|module|example|path|filename)(?:_test)?\.[a-z]+$"
    # `tests/test_relevant_file.py`, `test_your_module.py`: which file is the reader's choice.
    r"|^(?:tests?_)?(?:your|my|relevant|changed|modified|affected|specific|some|new|the)_(?:\w+_)?(?:files?|modules?|tests?|scripts?|feature|component)(?:_test)?\.[a-z]+$"
    # `tests/test_modified.py`: the test of whatever the reader changed.
    r"|^tests?_(?:modified|changed|affected|relevant|your|my)\.py$"
    # `news/1234.bugfix` (towncrier): a made-up number for the reader's own pull request.
    r"|^(?:123|1234|12345|0000|xxxx|XXXX|NNNN)\.[a-z]+$"
)


# The sentence before a path says the reader makes it: "create a file `x`", "save it as
# `x`", "write the config to `x`", "`x` will be created", "find the reconstructed image at `x`".
_CREATE_BEFORE = re.compile(r"\b(create|creating|cop(?:y|ied|ying)\s(?:[^.!?;:]|\.(?=[\w/.]))+?\s(?:to|into|as)|save(?:\s+\w+){0,3}\s+(?:as|to|in)|write(?:\s+\w+){0,3}\s+(?:to|as|in)|(?:written|saved|stored|generated|created|placed|dumped|exported)(?:\s+\w+){0,3}\s+(?:to|in|into|at|under)|generate|make a (?:new )?file|add\s+(?:an?\s+|the\s+)?(?:new\s+)?(?:[\w-]+\s+){0,3}(?:page|file|module|notebook|document)\s+(?:in|at|as|to|called|named)|(?:place|put)\s+(?:your|the|a|an)\s+(?:own\s+|new\s+)?(?:\w+\s+){0,3}(?:in|into|under|at)|(?:find|see)\s+(?:the\s+|your\s+)?(?:reconstructed|generated|resulting|output|saved|predicted)\w*(?:\s+\w+){0,3}\s+(?:at|in|under))\b(?:[^.!?;:]|\.(?=[\w/.]))*$", re.I)
# "现在我们可以创建一个新的文件`configs/x.py`": Chinese "create / make a new (file)".
_CREATE_BEFORE_CJK = re.compile(r"(创建|新建|建立|生成)[^。！？；]{0,12}$")
# "Add the following to `x.py`:", "Update `x.py` to add the following": code for the reader to put in a file.
_EDIT_BEFORE = re.compile(r"\badd\s+the\s+following(?:\s+\w+){0,2}\s+(?:to|in|into)\s*[`'\"]*$", re.I)
_EDIT_AFTER = re.compile(r"[`'\"]?\s*to\s+(?:add|replace|include|insert)\b[^.!?]*\bthe\s+following\b", re.I)
_CREATE_AFTER = re.compile(r"^[`'\"]?\s*(?:will be|is|gets) (created|generated|written)\b", re.I)


# "Add ``x`` to your ``boilerplate/update.cfg`` file", "in your own `.env`": the reader's file.
_READERS_OWN_BEFORE = re.compile(r"\byour\s+(?:own\s+|local\s+|project'?s\s+|main\s+|existing\s+)?[`'\"*]*$", re.I)
_ABSENT_BEFORE = re.compile(r"\b(?:rather than|instead of|not (?:in|under|at|inside)|no longer (?:in|under|at))(?:\s+[\w']+){0,4}\s*$", re.I)
_AT_OLD_COMMIT_AFTER = re.compile(r"^`?\s*(?:in|at|from|as of|before)\s+(?:commit\s+)?`?[0-9a-f]{7,40}[~^]\d*", re.I)


def _whole_token_at(line: str, token: str) -> int:
    """Where the token stands whole in the line (`scripts/ansible/config`, not the start of
    `scripts/ansible/configs-example` before it), or -1."""
    for match in re.finditer(re.escape(token), line):
        end = match.end()
        if end >= len(line) or not (line[end].isalnum() or line[end] in "_-/"):
            return match.start()
    return line.find(token)


def _said_absent_or_past(claim: Claim) -> str | None:
    """What the sentence says of the path, when it says it is not in the tree now: named
    as where a file is not ("rather than under ..."), or at an old commit ("in `abc123~`")."""
    line = (claim.ref.attrs.get("context") if claim.ref is not None else None) or ""
    at = _whole_token_at(line, claim.text)
    if at < 0:
        return None
    if _ABSENT_BEFORE.search(line[:at].rstrip("`")):
        return "says it is not there"
    if _AT_OLD_COMMIT_AFTER.search(line[at + len(claim.text) :]):
        return "names it at an earlier commit"
    return None


def _told_to_create(claim: Claim) -> str | None:
    """The verb, when the sentence around the path tells the reader to make the file."""
    line = (claim.ref.attrs.get("context") if claim.ref is not None else None) or ""
    at = _whole_token_at(line, claim.text)
    if at < 0:
        return None
    before = _CREATE_BEFORE.search(line[:at])
    if before:
        return before.group(1).split()[0].lower()
    if _EDIT_BEFORE.search(line[:at]) or _EDIT_AFTER.match(line[at + len(claim.text):]):
        return "edit"  # kedro-viz: "Add the following to `src/spaceflights/pipelines/reporting/nodes.py`:", the reader's project
    if _CREATE_BEFORE_CJK.search(line[:at].rstrip("`")):
        return "create"
    if _READERS_OWN_BEFORE.search(line[:at]):
        return "keep"  # "your `boilerplate/update.cfg`": a file of the reader's project
    after = _CREATE_AFTER.search(line[at + len(claim.text):])
    return "create" if after else None


def _became_package(index, token: str, bases: list[str]) -> str | None:
    """The folder `x/` with an __init__.py where the token names `x.py`, written as the
    token was (relative to the same base)."""
    if not token.endswith(".py"):
        return None
    folder = token[:-3]
    for base in bases:
        if index.path_exists(_joined(base, folder) + "/__init__.py"):
            return folder
    return None


def _cut_at_placeholder(claim: Claim, token: str) -> bool:
    """Whether the text goes on from the path into a placeholder (`<name>`, `{name}`,
    `[name]`): the path is the part before it, not a file."""
    ref = claim.ref
    sources = [ref.text, ref.attrs.get("context") or ""] if ref is not None else []
    cut = re.compile(re.escape(token) + r"[<{\[]")
    return any(cut.search(text) for text in sources if text)


_SPHINX_GENERATED = frozenset({"genindex", "modindex", "py-modindex", "search", "genindex.html", "py-modindex.html", "search.html"})


def _myst_reference(index, doc: str, token: str) -> bool:
    """Whether a MyST page's link to no file is a reference drift cannot check: on a Sphinx
    site that loads intersphinx (another project's label), or a label a notebook or an R
    Markdown source defines (in a cell or its metadata: MyST-NB's `fun-fish-ref`)."""
    if not doc.endswith(".md") or posixpath.splitext(token)[1] or token.startswith(("..", "/")):
        return False
    root = sphinx_source_root(index, doc)
    if root is None:
        return False
    return root in index.intersphinx_sites or token in index.notebook_labels


def _sphinx_page(index, doc: str) -> bool:
    """Whether a page sits under a Sphinx source folder (a conf.py above it)."""
    return sphinx_source_root(index, doc) is not None


# Directives whose file Sphinx reads while it builds the page, from anywhere in the checkout
# (deepxde's `.. literalinclude:: ../../../examples/function/dataset.py`): no link out of the site.
_READ_AT_BUILD = frozenset({"include", "literalinclude", "mdinclude"})


def _read_at_build(claim) -> bool:
    return claim.ref is not None and claim.ref.attrs.get("directive") in _READ_AT_BUILD

_CODE_SUFFIXES = frozenset(".ts .tsx .js .jsx .mjs .go .rs .java .kt .swift .rb .php .cs .scala .dart".split())


def _foreign_language_file(index, token: str) -> bool:
    """A source file in a language no file of this repository is written in."""
    suffix = posixpath.splitext(token)[1].lower()
    if suffix not in _CODE_SUFFIXES or index.path_exists(token.strip("./")):
        return False
    suffixes = index.memo.get("_suffixes")
    if suffixes is None:
        suffixes = index.memo["_suffixes"] = {posixpath.splitext(path)[1].lower() for path in index.files}
    return suffix not in suffixes


def _named_by_the_code(index, token: str) -> bool:
    """A slashed name (no file suffix) the code spells in a string or a registry YAML has
    as a key, or the family such names share (`bluff/strategy` of `bluff/strategy/gpt-4`)."""
    name = token.strip("/")
    suffix = posixpath.splitext(name)[1][1:]
    if (suffix and _FILE_SUFFIX.fullmatch(suffix)) or index.path_exists(name):
        return False
    mentions = index.slashed_mentions
    if name in mentions:
        return True
    families = index.memo.get("_slashed_families")
    if families is None:
        families = index.memo["_slashed_families"] = {m.rsplit("/", 1)[0] for m in mentions if m.count("/") >= 2}
    return name in families


def _label_of_its_link(index, doc: str, target: str, token: str) -> bool:
    """Whether a link's code label names the file its target reaches: a URL, or a relative
    target that resolves (a stale relative target is the link's own finding)."""
    href = unquote(target.split("#", 1)[0].split("?", 1)[0]).rstrip("/")
    label = posixpath.basename(token.rstrip("/"))
    stem, suffix = posixpath.splitext(posixpath.basename(href))
    # (A label may name its page without the suffix: [`advanced_usage/5_ask_and_tell`](../advanced_usage/5_ask_and_tell.md).)
    page_without_suffix = not posixpath.splitext(label)[1] and stem == label and suffix in _PAGE_EXTS
    is_url = bool(re.match(r"^[a-z][a-z0-9+.-]*://", href))
    # Surprise's [`examples/benchmarks`](https://github.com/.../examples/benchmark.py): a
    # label spelt loosely for the file the address names; the address is what the reader
    # follows (and is checked as the link's own reference).
    # (A label naming a page's source for a built page, `docs/x.md` for .../x.html, is
    # _label_of_renamed_target's.)
    label_stem, label_suffix = posixpath.splitext(label)
    loose = is_url and bool(stem) and label_suffix in ("", suffix) and suffix not in (".html", ".htm") and label_stem.rstrip("s").lower() == stem.rstrip("s").lower()
    if posixpath.basename(href) != label and not page_without_suffix and not loose:
        return False
    if is_url:
        return True
    return resolve_path(index, href, [posixpath.dirname(doc), ""]) is not None


def _label_of_renamed_target(index, doc: str, target: str, token: str) -> str | None:
    """The label rewritten with the file name of the link it labels, when the target is a
    file here and the label's name is nearly that name (`AnomalyIntro.ipynb` for
    `0_AnomalyIntro.ipynb`)."""
    from difflib import SequenceMatcher

    href = unquote(target.split("#", 1)[0].split("?", 1)[0]).rstrip("/")
    if re.match(r"^https?://", href):
        return _source_of_built_page(index, href, token)
    if not href or "://" in href or resolve_path(index, href, [posixpath.dirname(doc), ""]) is None:
        return None
    old, new = posixpath.basename(token.rstrip("/")), posixpath.basename(href)
    if old == new or posixpath.splitext(old)[1] != posixpath.splitext(new)[1]:
        return None
    if not (new.endswith(old) or SequenceMatcher(None, old.lower(), new.lower()).ratio() >= 0.85):
        return None
    return posixpath.join(posixpath.dirname(token.rstrip("/")), new)


def _copied_by_recipe(index, token: str, bases: list[str]) -> bool:
    """Whether a Makefile's recipe copies files matching the path there with a wildcard
    (the reports ydata-profiling's examples write, copied into docs/ when published)."""
    from fnmatch import fnmatchcase

    for base in bases:
        candidate = posixpath.normpath(posixpath.join(base, token.split("#", 1)[0]))
        if not candidate.startswith("..") and any(fnmatchcase(candidate, pattern) and candidate.count("/") == pattern.count("/") for pattern in index.copied_patterns):
            return True
    return False


def _source_of_built_page(index, url: str, token: str) -> str | None:
    """The one source page a site URL's page is built from, when a code label names that
    page by a path it is not at: [`docs/benchmarking.md`](https://x.readthedocs.io/en/latest/user/benchmarking.html)
    for `docs/user/benchmarking.md`."""
    label = posixpath.basename(token.rstrip("/"))
    stem, ext = posixpath.splitext(label)
    page = posixpath.basename(url)
    if ext not in _PAGE_EXTS or posixpath.splitext(page)[0] != stem or posixpath.splitext(page)[1] not in ("", ".html", ".htm"):
        return None
    sources = index.by_basename(label)
    return sources[0] if len(sources) == 1 else None


def _mirrored_from(index, doc: str) -> list[str]:
    """The pages a doc may be a copy of, in other trees of the same layout: for
    `docs/fern/versions/nightly/pages/training/x.mdx`, `docs/training/x.md` (a site that
    converts a doc tree keeps its links as written there). Two path parts at least must
    agree, so a lone `README.md` elsewhere is no original."""
    parts = posixpath.splitext(doc)[0].split("/")
    if len(parts) < 3:
        return []
    found = []
    for ext in (".md", ".mdx", ".rst"):
        for other in index.by_basename(parts[-1] + ext):
            other_parts = posixpath.splitext(other)[0].split("/")
            common = 0
            while common < min(len(parts), len(other_parts)) and parts[-1 - common] == other_parts[-1 - common]:
                common += 1
            if other != doc and common >= 2 and other_parts[: len(other_parts) - common] != parts[: len(parts) - common]:
                found.append(other)
    return found


_INDEX_STEMS = ("index", "readme")  # a folder's own page, by its name's stem: a site serves it at the folder


def _clamped_at_site_root(index, doc: str, token: str) -> str | None:
    """Where a relative link that climbs above a Sphinx (or mkdocs) site's root lands: a
    browser stops climbing at the root, so `../../x` from `user-guides/page` is the site's `x`."""
    if not token.startswith("../"):
        return None
    root = sphinx_source_root(index, doc)
    served_as_folder = False
    if root is None:
        # An mkdocs site too: uvicorn's docs/index.md, at the site's root, shows
        # `../../uvicorn.png` as /uvicorn.png. Its other pages are served as folders.
        root = _mkdocs_docs_dir(index, doc)
        served_as_folder = root is not None and posixpath.splitext(posixpath.basename(doc))[0].lower() not in _INDEX_STEMS
    if root is None:
        return None
    depth = len([p for p in posixpath.dirname(doc)[len(root):].split("/") if p]) + served_as_folder
    parts = token.split("/")
    ups = next((i for i, p in enumerate(parts) if p != ".."), len(parts))
    if ups <= depth:
        return None
    rest = "/".join(parts[ups:]).split("#", 1)[0]
    return posixpath.join(root, rest) if rest else None


def _built_from_elsewhere(index, doc: str, token: str) -> bool:
    """A page a Sphinx build makes from outside its source folder, or a file it copies to
    the site's root: nbsite's pages from the repository's examples/ notebooks (holoviews'
    `../reference/elements/bokeh/Image` from examples/reference/elements/bokeh/Image.ipynb,
    `gallery/index` from examples/gallery/), and `html_extra_path` folders' files (itables'
    `../quarto_html.qmd` from quarto/)."""
    target = token.split("#", 1)[0].rstrip("/")
    if not target:
        return False
    for root in sorted({*index.nbsite_roots, *index.extra_path_folders, *index.site_root_outputs}, key=len, reverse=True):
        if root and not doc.startswith(root + "/"):
            continue
        # From the page's folder, and from where a site that serves pages as folders puts
        # it (vidgear's docs/bonus/TQM.md at bonus/TQM/: `../../assets/images/tqm.webp`).
        for base in (posixpath.dirname(doc), *built_bases(index, doc, token)):
            if _lands_in_built_folder(index, root, base, target):
                return True
    return False


def _from_doxygen_root(index, doc: str, token: str, doc_slugs: dict[str, set[str]]) -> bool:
    """Whether a relative path on a Markdown page Doxygen builds resolves from the folder
    Doxygen is configured in: its HTML output is flat, whatever folder the page is in; and
    a page `# Title {#implementingStateSpaces}` is written as implementingStateSpaces.html."""
    target = token.split("#", 1)[0].rstrip("/")
    if not target or target.startswith(("/", "../")) or not doc.endswith(".md"):
        return False
    for root in index.doxygen_roots:
        if not root or not doc.startswith(root + "/"):
            continue
        if resolve_path(index, target, [root]) is not None:
            return True
        if "/" not in target and target.lower().endswith((".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp")) and any(path.startswith(root + "/") for path in index.by_basename(target)):
            return True  # pinocchio's `SE3Example1.jpg`: Doxygen finds an image by name in its IMAGE_PATH (doc/pictures/)
        if target.endswith(".html") and "/" not in target and any(page.startswith(root + "/") and target[:-5] in slugs for page, slugs in doc_slugs.items()):
            return True
    return False


def _lands_in_built_folder(index, root: str, base: str, target: str) -> bool:
    landed = posixpath.normpath(posixpath.join(base, target))
    rel = landed[len(root) + 1 :] if root and landed.startswith(root + "/") else (landed if not root else None)
    if rel is None:
        # `../quarto_html.qmd` that climbs above the site's root lands at its root.
        rel = target.lstrip("./").split("/")[-1]
    stem = posixpath.splitext(rel)[0] if rel.endswith((".html", ".htm")) else rel
    if root in index.nbsite_roots:
        folder = stem[: -len("/index")] if stem.endswith("/index") else stem
        if index.path_exists(f"examples/{stem}.ipynb") or (folder and f"examples/{folder}" in index.dirs):
            return True
    if any(index.path_exists(posixpath.join(extra, rel)) or (rel == posixpath.basename(extra) and index.path_exists(extra)) for extra in index.extra_path_folders.get(root, ())):
        return True  # (a file entry, pygame's `html_extra_path = ['../LGPL.txt']`, lands as itself)
    return rel in index.site_root_outputs.get(root, ())  # locust's `llms.txt`, which its docs/_ext/llms_txt.py writes into the build


def _gallery_image(index, doc: str, token: str) -> bool:
    """A link into the built site's `_images/` from a Sphinx page to a figure
    sphinx-gallery draws from an example (`../../_images/sphx_glr_plot_x_001.png`)."""
    return "_images/sphx_glr_" in token and sphinx_source_root(index, doc) is not None


def _served_static(index, doc: str, token: str) -> bool:
    """A relative link into `_static/` from a Sphinx page: the build copies the static
    folder to the site's `_static/`, and the browser stops climbing at the site's root,
    so `../../_static/x.png` shows whatever number of `../` the page wrote."""
    if "_static/" not in token or not token.startswith(("../", "./", "_static/")):
        return False
    rest = token.rsplit("_static/", 1)[1]
    root = sphinx_source_root(index, doc)
    if root is None or not rest:
        return False
    roots = [root]
    if token.startswith("../") and posixpath.basename(root).lower() in _LANGUAGES:
        # pygame's docs/es/ (its own conf.py) is built inside the site of docs/reST/, its
        # sibling: `../_static/logo.png` climbs into that site's static folder.
        parent = posixpath.dirname(root)
        roots += sorted(posixpath.dirname(conf) for conf in index.by_basename("conf.py")
                        if posixpath.dirname(posixpath.dirname(conf)) == parent and posixpath.dirname(conf) != root and conf not in index.other_confs)
    # (html_static_path = ["images", "static"]: each folder's contents land in _static/.)
    return any(index.path_exists(posixpath.join(site, folder, rest)) for site in roots for folder in ["_static", *index.static_folders.get(site, [])])


# Files a tree holds rather than a run makes: code and build sources.
_SOURCE_NAME = re.compile(r"^Dockerfile|\.(?:py|sh|ipynb|toml|cfg|js|ts|tsx|cc?|cpp|h|cu|rs|go)$")


def _source_in_tree_folder(index, path: str) -> bool:
    """A code or build file (`docker/dockerfiles/Dockerfile.onnx.lambda`) in a folder the
    tree has: missing from the tree, not made by a run."""
    return bool(_SOURCE_NAME.search(posixpath.basename(path))) and index.path_exists(posixpath.dirname(path))


def _runtime_path(ctx: CheckContext, token: str, bases: list[str]) -> bool:
    """Whether the repository's scripts or option defaults use the path, a folder under it
    or a folder above it for run-time data (engine.runtime_paths)."""
    runtime = ctx.runtime_paths
    if not runtime:
        return False
    for base in bases:
        path = _joined(base, token.rstrip("/"))
        if _source_in_tree_folder(ctx.index, path):
            continue  # a Dockerfile a script builds from: the tree's, not the run's
        if path in runtime or any(path.startswith(r + "/") for r in ctx.runtime_folders):
            return True
        if any(r.startswith(path + "/") for r in runtime):
            return True
    return False


def _runtime_near_miss(ctx: CheckContext, token: str, bases: list[str]) -> tuple[str, str] | None:
    """A run-time path of the scripts that differs from the token in one folder or file
    name, spelled nearly the same (`mmvet` for `mm-vet`): (that path, where it is named)."""
    from difflib import SequenceMatcher

    runtime = ctx.runtime_paths
    if not runtime or "/" not in token.strip("/"):
        return None  # a bare file name (`benchmark.py`) is not a run-time folder misspelt
    for base in bases:
        parts = _joined(base, token.rstrip("/")).split("/")
        for named, where_named in runtime.items():
            other = named.split("/")[: len(parts)]
            if len(other) != len(parts) or other == parts:
                continue
            differ = [(a, b) for a, b in zip(parts, other) if a != b]
            # (Two edits at most: `EVA02-CLIP-bigE-14` beside `EVA02-CLIP-L-14` is another
            # model of a zoo, not a slip.)
            if len(differ) == 1 and SequenceMatcher(None, *differ[0]).ratio() >= 0.8 and _edits_at_most(*differ[0], 2):
                written = "/".join(other)
                if _source_in_tree_folder(ctx.index, written):
                    # `docker/dockerfiles/Dockerfile.onnx.lambda` in a dead publish script:
                    # a source file missing from a folder the tree has is another stale
                    # reference, not a name the scripts make at run time.
                    continue
                return (posixpath.relpath(written, base) if base else written), where_named
    return None


def _edits_at_most(a: str, b: str, limit: int) -> bool:
    """Whether ``a`` becomes ``b`` in at most ``limit`` insertions, deletions or changes."""
    if abs(len(a) - len(b)) > limit:
        return False
    row = list(range(len(b) + 1))
    for i, ch in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, other in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ch != other))
        if min(row) > limit:
            return False
    return row[-1] <= limit


_LETTER_PART = re.compile(r"^[a-z](?:_test)?(?:\.\w+)?$")
_DATE_PLACEHOLDER = re.compile(r"YYYY|yyyy|MM_DD|MM-DD|HH_MM|XXXX|\bv?X\.Y(?:\.Z)?\b|_vX\.Y")


def _placeholder_parts(token: str) -> bool:
    """A path written to show a pattern: parts that are single letters (`a/b.py`), or a
    date to fill in (`experiment_YYYY_MM_DD.jsonnet`)."""
    parts = [p for p in token.strip("./").split("/") if p]
    letters = sum(1 for p in parts[1:] if _LETTER_PART.match(p))
    if len(parts) == 2 and parts[-1] in _GENERIC_FOLDERS:
        return True  # `pytest tests/module/`: run the tests of whichever module
    if any(_EXAMPLE_TEST.match(p) for p in parts):
        return True  # cloud-custodian's `ls tests/data/placebo/test_example/`: the data of the page's made-up test
    return letters >= 2 or bool(_DATE_PLACEHOLDER.search(parts[-1] if parts else ""))


_EXAMPLE_TEST = re.compile(r"^tests?_(?:example|sample|something|foo|bar|my_\w+)$")


_GENERIC_FOLDERS = frozenset({"module", "package", "folder", "subfolder", "directory", "subdir", "path"})


def _above_own_folder(doc: str, token: str) -> str | None:
    """The parent of the nearest folder the doc sits in that has the name of the path's
    first part (`tts/` for `scripts/final/run.sh` in `tts/scripts/batch.sh`): the file is
    inside the folder the path starts with, so it is written from above that folder."""
    if token.startswith(("/", "./", "../")) or "/" not in token:
        return None
    first = token.split("/", 1)[0]
    folder = posixpath.dirname(doc)
    while folder:
        parent, name = posixpath.split(folder)
        if name == first:
            return parent
        folder = parent
    return None


# `https：//`, `http:／／`: a scheme whose colon or slashes an input method replaced.
# ... or with no colon at all (ecco's `[Transformer](https//jalammar.github.io/...)`).
_LOOKALIKE_SCHEME = re.compile(r"^(https?)([：﹕∶]//|[：﹕∶:][／/]{2}(?<!://)|//(?=[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?:[/:#?]|$)))")


def _through_site_path(index, doc: str, token: str) -> str | None:
    """The source a relative link reaches on an mkdocs site served under a path
    (site_url `https://org.github.io/docling/`): from the home page at `/docling/`,
    `../docling/concepts/` climbs out and back in. None when it does not come back."""
    for docs_dir, served in index.mkdocs_site_paths.items():
        if not doc.startswith(docs_dir + "/") or not token.startswith("../"):
            continue
        stem = posixpath.splitext(posixpath.relpath(doc, docs_dir))[0]
        page = posixpath.dirname(stem) if posixpath.basename(stem).lower() in _INDEX_STEMS else stem
        url = posixpath.normpath(posixpath.join("/" + served, page, token.split("#", 1)[0]))
        if url == "/" + served or url.startswith("/" + served + "/"):
            return posixpath.join(docs_dir, url[len(served) + 2 :]).rstrip("/")
    return None


_COMPILED = (".c", ".cc", ".cpp", ".cxx", ".cu")


_BUILD_FILES = ("CMakeLists.txt", "Makefile", "meson.build", "BUILD", "BUILD.bazel")


def _name_and_folders(token: str, bases: list[str]) -> tuple[str, list[str]]:
    """The file name a path ends in, and the folder it names from each base (none above
    the repository's root)."""
    folder_written, _, name = token.rstrip("/").removeprefix("./").rpartition("/")
    folders = [_joined(base, folder_written) if folder_written else base for base in bases]
    return name, [folder for folder in folders if not folder.startswith("..")]


def _built_program(index, token: str, bases: list[str]) -> bool:
    """A path with no suffix into a folder that a CMakeLists.txt, Makefile, meson.build or
    Bazel BUILD builds, named for a C/C++/CUDA source there (`13_fused_two_convs_f16_sm75_shmem`
    for fused_two_convs_f16_sm75_shmem.cu, nixl's `mooncake_backend_test` for
    mooncake_backend_test.cpp): the executable the build makes."""
    name, folders = _name_and_folders(token, bases)
    if not name or posixpath.splitext(name)[1] or token.endswith("/"):
        return False
    for folder in folders:
        if not any(index.path_exists(_joined(folder, f)) for f in _BUILD_FILES):
            continue
        stems = [posixpath.splitext(child)[0] for child in index.children(folder) if posixpath.splitext(child)[1].lower() in _COMPILED]
        if any(name == stem or name.endswith(("_" + stem, "-" + stem)) for stem in stems):
            return True
    return False


_BINARY_SUFFIXES = (".so", ".pyd", ".pyc", ".o", ".obj", ".dylib", ".dll", ".a", ".lib")
_BINARY_SOURCES = (".py", ".pyx", ".pxd", ".c", ".cc", ".cpp", ".cxx", ".cu", ".rs", ".f90", ".f")


def _compiled_from_source(index, token: str, bases: list[str]) -> bool:
    """`camelot/utils.so` beside camelot/utils.py (mypyc), `_ext.cpython-312-x86_64-linux-gnu.so`
    beside _ext.pyx, `kernel.o` beside kernel.cu: the file a build compiles from a source in
    the same folder, which git never holds."""
    name, folders = _name_and_folders(token, bases)
    stem, suffix = posixpath.splitext(name)
    if suffix.lower() not in _BINARY_SUFFIXES or not stem:
        return False
    stem = stem.split(".", 1)[0]  # `utils.cpython-312-x86_64-linux-gnu`: the module's name leads
    for folder in folders:
        if any(index.path_exists(_joined(folder, candidate)) for candidate in (stem + ext for ext in _BINARY_SOURCES)):
            return True
        if stem.startswith("lib") and any(index.path_exists(_joined(folder, stem[3:] + ext)) for ext in _BINARY_SOURCES):
            return True  # `libfoo.so` from foo.c
    return False


def _written_by_the_build(index, token: str, bases: list[str]) -> bool:
    """Whether the path is one pyproject.toml has the build write (a version file), from
    the page's folders, or named from inside its source folder (`pkg/version.py` for
    src/pkg/version.py)."""
    written = index.build_written
    for base in bases:
        path = _joined(base, token.rstrip("/"))
        if path in written or any(w.endswith("/" + path) for w in written):
            return True
    return False


_TEMPLATE_MARKS = ("example", "sample", "template", "tmpl", "dist", "default", "defaults")


def _copy_of_a_template(index, token: str, bases: list[str]) -> bool:
    """`config/config.yaml` beside config/config.example.yaml, `.env` beside .env.sample,
    `settings.py` beside settings_template.py: the reader's own copy of a template the tree
    ships, which setup tells them to make and git never holds."""
    name, folders = _name_and_folders(token, bases)
    if not name or token.endswith("/"):
        return False
    stem, suffix = posixpath.splitext(name)  # (`.env` is all stem)
    shapes = []
    for mark in _TEMPLATE_MARKS:
        shapes += [f"{name}.{mark}", f"{stem}.{mark}{suffix}", f"{stem}_{mark}{suffix}", f"{stem}-{mark}{suffix}", f"{mark}{name}" if name.startswith(".") else f"{mark}_{name}"]
    return any(index.path_exists(_joined(folder, shape)) for folder in folders for shape in shapes)


def _into_host_site(index, doc: str, token: str) -> bool:
    """A link that climbs out of a TensorFlow-style book (a folder with `_book.yaml` or a
    section's `_toc.yaml`, which tensorflow.org serves at `/<project>/`) to a folder the
    repository lacks: `../guide/distributed_training` is the host site's own guide."""
    if not token.startswith("../"):
        return False
    books = book_folders(index, doc)
    if not books:
        return False
    folder = posixpath.dirname(doc)
    landed = posixpath.normpath(posixpath.join(folder, token.split("#", 1)[0]))
    if (landed + "/").startswith(books[-1] + "/"):
        return False
    # Into a folder of the repository (`../../apis/x.proto`), it is a file here, not a page there.
    return landed.startswith("../") or not index.path_exists(landed.split("/", 1)[0])


def built_bases(index, doc: str, token: str) -> list[str]:
    """Where a site that serves each page as a folder (mkdocs' default use_directory_urls,
    Nextra, VitePress, Hugo: `guide/setup.md` at `guide/setup/`) resolves a URL-style link
    from: the page's own stem. Only for links written as URLs (no page extension), from pages that are not a
    folder's index."""
    if not (any(not d or doc.startswith(d + "/") for d in index.mkdocs_docs_dirs) or index.in_folder_url_site(doc)):
        return []  # (a README beside an mkdocs site is read on GitHub, from its folder)
    stem, ext = posixpath.splitext(doc)
    if ext not in (".md", ".markdown", ".mdx") or posixpath.basename(stem).lower() in (*_INDEX_STEMS, "_index"):
        return []
    target = token.split("#", 1)[0]
    if not token.startswith(("../", "./")):
        return []
    suffix = posixpath.splitext(target)[1]
    if suffix in _DOC_EXTS and (suffix != ".html" or not index.path_exists(posixpath.normpath(posixpath.join(stem, target)))):
        # A page's source named by its suffix resolves from its folder (schemathesis'
        # `../configuration.md#editor-support` from reference/configuration.md); a built
        # file the tree has (leafmap's `../html/kepler.html`), from where the page is served.
        return []
    return [stem]


def _site_route(index, doc: str, token: str, bases: list[str]) -> bool:
    """Whether a link written as a route (no page suffix) from a page of a site that
    serves pages as folders reaches a page there, as the site slugs its paths."""
    target = unquote(token.split("#", 1)[0]).rstrip("/")
    if not target or posixpath.splitext(target)[1] in _DOC_EXTS or not index.in_folder_url_site(doc):
        return False
    first, _, rest = target.removeprefix("./").partition("/")
    mounted = [rest] if rest and first in index.route_mounts and posixpath.basename(doc).startswith("index.") else []
    for base in bases:
        for written in (target, *mounted):
            # (deer-flow's content/en/index.mdx, served at /en/docs, links `./docs/harness/x`:
            # the mount's own segment, then content/en/harness/x.mdx.)
            joined = posixpath.normpath(posixpath.join(base, written))
            if not joined.startswith("..") and index.site_page(joined) is not None:
                return True
    return False


def _config_name(index, doc: str, token: str) -> bool:
    """Whether a path with no suffix names a YAML config from a folder above the page, as
    Hydra names configs (`config=pretrain/simclr/x` for configs/config/pretrain/simclr/x.yaml)."""
    target = token.strip("/").removeprefix("./")
    if not target or posixpath.splitext(target)[1] or "/" not in target:
        return False
    folder = posixpath.dirname(doc)
    while True:
        if any(index.path_exists(_joined(folder, target) + ext) for ext in (".yaml", ".yml")):
            return True
        if not folder:
            return False
        folder = posixpath.dirname(folder)


def _numbered_page(index, doc: str, token: str) -> bool:
    """Whether a link written as a route (no suffix) names a page of the same doc tree
    that is filed behind a number prefix (`./backend` for `04_backend.md`,
    `../guides/chatinterface-examples` for `guides/05_chatbots/02_chatinterface-examples.md`).
    Sites that order pages by file name (Docusaurus, gradio's guides) serve them without
    the number, and often flatten the folders, so the route reaches the page; GitHub
    could not have followed such a link in any case."""
    target = unquote(token.split("#", 1)[0]).rstrip("/")
    name = posixpath.basename(target)
    if not name or posixpath.splitext(name)[1] or "://" in token:
        return False
    tree = doc.split("/", 1)[0] if "/" in doc else ""
    return any(not tree or page.startswith(tree + "/") for page in index.numbered_pages(name))


def _route(claim: Claim, ctx: CheckContext) -> list[Finding] | None:
    """A link in a Docusaurus page written as a route: the site's router decides. None
    when drift cannot place it (the page is not routed, another plugin's route)."""
    site = site_of(ctx.index.docusaurus, claim.doc)
    if site is None:
        return None
    found, route = site.resolve(claim.doc, claim.text)
    if found is None:
        return None
    if found:
        return []
    routes = [r for r in site.routes if r.startswith("/" + site.route_base.strip("/"))]
    near = closest(route, routes, 0.8) if routes else []
    evidence = f"{route} is no route of the Docusaurus site ({site.root or 'the repository root'}): no doc under {site.docs_dir}/ is served there, and no redirect is declared"
    replacement = None
    if near:
        evidence += f"; closest route: {near[0]} ({site.routes[near[0]]})"
        replacement = near[0] if claim.text.startswith("/") else None
    return [finding((CODE, NAME), claim, f"route {claim.text} does not exist", evidence, "high", replacement)]


def _another_trees_folder(ctx: CheckContext, doc: str, first: str, moved_to: str | None) -> str | None:
    """Why a missing first folder that looks moved (`script/` beside `scripts/`) is another
    tree's after all, or None:
    - aiobotocore's skill pairs `aiobotocore/httpchecksum.py` with
      `botocore/tests/unit/x.py`: a file of the repository of botocore, which the code imports;
    - kivy's install guide runs `python kivy_venv/share/kivy-examples/demo/x.py`, then names
      `kivy-examples/3Drendering/main.py`: the installed copy of examples/;
    - a Kaldi recipe in wenet also runs `utils/apply_map.pl`, which tools/ does not have:
      `utils/` is a checkout the scripts expect (wenet ships copies of a few of its scripts
      in tools/), not a folder that moved."""
    if first in _imported_packages(ctx.index):
        return f"{first} is a package the code imports, not one of the repository's: a path in {first}'s own repository"
    installed = _inside_outside_folder(ctx, doc, first)
    if installed:
        return f"the page puts {first}/ inside {installed}, outside the repository: an installed copy, not a folder that moved"
    unknown = _not_moved_beside(ctx, doc, first, moved_to) if moved_to is not None else None
    if unknown:
        return f"the page also names {unknown}, which {moved_to} does not have: {first}/ is another tree's, not a folder that moved"
    return None


def _imported_packages(index) -> frozenset[str]:
    """Top-level packages that two or more files import and the tree has nowhere (no
    module, no folder of that name): another project's, installed. (One script importing a
    folder the tree lost, `from utils import x`, is not a dependency.)"""
    if "imported_packages" not in index.memo:
        importers: dict[str, int] = {}
        for names in index.file_imports.values():
            for top in {name.split(".", 1)[0] for name in names if not name.startswith(".")}:
                importers[top] = importers.get(top, 0) + 1
        own = set(index.packages) | {m.rsplit(".", 1)[-1] for m in index.modules} | {d.rsplit("/", 1)[-1] for d in index.dirs}
        index.memo["imported_packages"] = frozenset(top for top, count in importers.items() if count >= 2 and top not in own)
    return index.memo["imported_packages"]


def _inside_outside_folder(ctx: CheckContext, doc: str, first: str) -> str | None:
    """The folder outside the tree that the page's commands put ``first``/ in
    (`kivy_venv/share/` for `kivy_venv/share/kivy-examples/...`)."""
    pattern = re.compile(rf"(?<![\w./~-])((?:[\w.~-]+[/\\])+){re.escape(first)}[/\\]")
    for text in ctx.doc_texts.get(doc, ()):
        for match in pattern.finditer(text):
            above = match.group(1).replace("\\", "/")
            if not root_name(ctx.index, above.split("/", 1)[0]) and not ctx.index.path_exists(above.rstrip("/")):
                return above
    return None


def _not_moved_beside(ctx: CheckContext, doc: str, first: str, moved_to: str) -> str | None:
    """Another file the page names under the same missing first folder that is not where
    that folder would have moved (`moved_to`): the folder is another tree's, not one the
    repository renamed."""
    pattern = re.compile(rf"(?<![\w/.-])(?:\./)?{re.escape(first)}/[\w./-]*\w")
    for text in ctx.doc_texts.get(doc, ()):
        for match in pattern.finditer(text):
            other = match.group(0).removeprefix("./")
            rest = other.split("/", 1)[1]
            if "." in posixpath.basename(other) and not ctx.index.path_exists(other) and not ctx.index.path_exists(moved_to + rest):
                return other
    return None


# `kubectl rollout status deployment/aibrix-controller-manager`: a Kubernetes object
# (kind/name), not a file, wherever the command's line breaks.
_KUBE_OBJECT = re.compile(
    r"^(?:deployments?|deploy|pods?|po|services?|svc|statefulsets?|sts|daemonsets?|ds|jobs?|cronjobs?|cj|configmaps?|cm|secrets?|"
    r"nodes?|namespaces?|ns|ingress(?:es)?|ing|pvc|persistentvolumeclaims?|replicasets?|rs|crds?|roles?|rolebindings?|"
    r"clusterroles?|clusterrolebindings?|serviceaccounts?|sa|endpoints?|ep|hpa|horizontalpodautoscalers?)/[a-z0-9](?:[-a-z0-9]*[a-z0-9])?$"
)


def _kubectl_line(claim: Claim) -> bool:
    """Whether the command naming the token runs kubectl (or OpenShift's oc)."""
    ref = claim.ref
    if ref is None:
        return False
    program = str(ref.attrs.get("program") or "")
    return posixpath.basename(program) in ("kubectl", "oc", "k") or bool(re.search(r"\b(?:kubectl|oc)\s", str(ref.attrs.get("raw") or ref.text)))


def _autosummary_page(index, token: str, bases: list[str]) -> bool:
    """Whether a link names a page Sphinx's autosummary generates (or one of its members')."""
    stem = token.split("#", 1)[0]
    for suffix in (".rst", ".html", ".md"):
        if stem.endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    for base in bases:
        page = posixpath.normpath(posixpath.join(base, stem))
        if page in index.autosummary_pages:
            return True
        parts = page.rsplit("/", 1)
        names = parts[-1].split(".")
        folder = parts[0] + "/" if len(parts) > 1 else ""
        if any(folder + ".".join(names[:n]) + ".*" in index.autosummary_pages for n in range(1, len(names))):
            return True
    return False


def _redirected(index, doc: str, token: str) -> tuple[str, str, str, str] | None:
    """(old page, where the site sends it, the folder the link is read from, the config
    that says so) for a link from a page of an mkdocs site to a page its redirects plugin
    moved on, or of a Hugging Face doc-builder site to one its `_redirects.yml` moved."""
    path = token.split("#", 1)[0]
    if posixpath.splitext(path.rstrip("/"))[1]:
        return None  # (`x.md` is rewritten only when the page exists: a redirect serves URLs)
    if index.doc_builder_redirects:
        page = posixpath.normpath(posixpath.join(posixpath.dirname(doc), path)).rstrip("/") + ".md"
        if page in index.doc_builder_redirects:
            return page, index.doc_builder_redirects[page], posixpath.dirname(doc), "_redirects.yml"
    if not index.mkdocs_redirects or _mkdocs_docs_dir(index, doc) is None:
        return None
    # A URL is relative to where the site serves the page: `docs/agent/configuration/`.
    stem, name = posixpath.splitext(doc)[0], posixpath.basename(posixpath.splitext(doc)[0])
    served = posixpath.dirname(doc) if name in ("index", "README") else stem
    for folder in dict.fromkeys([served, posixpath.dirname(doc)]):
        page = posixpath.normpath(posixpath.join(folder, path)).rstrip("/")
        for candidate in (page + ".md", page + "/index.md"):
            if candidate in index.mkdocs_redirects:
                return candidate, index.mkdocs_redirects[candidate], folder, "mkdocs.yml redirect_maps"
    return None


def _apidoc_page(index, token: str, doc: str) -> bool:
    """Whether ``token`` names a page sphinx-apidoc writes (`modules.rst`, `pkg.rst`,
    `pkg.sub.rst`) from an RST page or a Sphinx site's page."""
    if not (doc.endswith(".rst") or sphinx_source_root(index, doc) is not None):
        return False
    stem = posixpath.basename(token.rstrip("/"))
    stem = stem[:-4] if stem.endswith(".rst") else stem
    return stem == "modules" or stem.split(".", 1)[0] in index.packages


def _substituted_path(claim: Claim, index, token: str, cut: int) -> list[Finding]:
    """A path behind a build variable: fine when the rest is a path from this repository's
    root; otherwise the variable may point elsewhere (another repository), so a note."""
    rest = token[cut:].split("#", 1)[0].strip("/")
    if not rest or index.path_exists(rest):
        return []
    variable = token[: cut - 1]
    evidence = f"{rest} is not in the tree from the repository's root, where {variable} most often points; the site fills {variable} in, so check where it leads"
    return [finding((CODE, NAME), claim, f"path {token} may not exist", evidence, "low")]


# The sources a built `x.html` page may come from: a page, a script, or a page's template.
_HTML_SOURCES = tuple([".md", ".mdx", ".rst", ".ipynb", ".py", ".qmd"] + [page + t for page in (".md", ".rst") for t in (".jinja2", ".jinja", ".j2", ".in", ".tmpl", ".template")])
# A page's suffix with no name before it: what a generator writes when a name is empty.
_NAMELESS_PAGES = frozenset({".md", ".mdx", ".rst", ".html", ".htm"})


_BRANCH_REF = re.compile(r"([\w.-]+)/(main|master|develop|trunk)")


def _git_ref(index, token: str) -> bool:
    """`upstream/main`, `sunpy/main`: a remote's default branch (the remote named for the
    project or as git names them), when the tree has no such folder."""
    m = _BRANCH_REF.fullmatch(token)
    return bool(m) and (m.group(1) in ("origin", "upstream") or root_name(index, m.group(1))) and not index.path_exists(token)


_NEWS_FRAGMENT = re.compile(
    r"\+?\d+\.(?:feature|bugfix|bug|fix|doc|docs|removal|misc|change|changed|breaking|deprecation|added|trivial"
    r"|security|performance|improvement|enhancement|internal|vendor|packaging|api)(?:\.\d+)?(?:\.(?:md|rst|txt))?"
)
_ATTRIBUTE_PATH = re.compile(r"([\w-]+)\.([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")


def _gallery_page(index, token: str, bases: list[str]) -> bool:
    """Whether a page name is a script of a sphinx-gallery source folder, which the
    gallery turns into a page of that name."""
    for base in bases:
        script = resolve_path(index, token.removesuffix(".py") + ".py", [base])
        if script is not None and any(posixpath.dirname(script) == folder or posixpath.dirname(script).startswith(folder + "/") for folder in index.gallery_sources):
            return True
    return False


_CONFIG_SUFFIXES = (".yaml", ".yml", ".json", ".toml")


def _named_for_its_config(index, token: str, bases: list[str]) -> bool:
    """ome's SUPPORTED_MODELS.md lists `microsoft/Phi-3.5-mini-instruct` beside
    config/models/microsoft/Phi-3.5-mini-instruct.yaml: an `org/name` with no file suffix
    whose config file, named for it, is there names that model (or the config), not a lost
    path."""
    name = posixpath.basename(token.rstrip("/"))
    if "/" not in token.strip("/") or token.endswith("/") or ("." in name and _FILE_SUFFIX.fullmatch(name.rsplit(".", 1)[1])):
        return False
    return any(resolve_path(index, token + suffix, bases) is not None for suffix in _CONFIG_SUFFIXES)


def _module_file_and_name(index, token: str, bases: list[str]) -> bool:
    """Whether ``token`` is a Python file's path with a name of it after a dot
    (`pkg/tasks.AbstractTask`), or a Go package's folder with an exported name
    (ingestr's `pkg/schema.JSONArrowType`): the file or package is there, and what
    follows names no file kind."""
    folder, base = posixpath.split(token.rstrip("/"))
    m = _ATTRIBUTE_PATH.fullmatch(base)
    first = m.group(2).split(".", 1)[0] if m is not None else ""
    if m is None or "." + first.lower() in FILE_SUFFIXES or re.fullmatch(r"[a-z0-9]{1,5}", first):
        return False  # `utils.cpp`, `model.ckpt`: a file's suffix, not a name in it
    if resolve_path(index, posixpath.join(folder, m.group(1) + ".py"), bases):
        return True
    package = resolve_path(index, posixpath.join(folder, m.group(1)), bases) if first[:1].isupper() else None
    return bool(package) and package in index.dirs and _has_go_files(index, package)


def _has_go_files(index, folder: str) -> bool:
    """Whether a folder holds .go files of its own (a Go package); the folders are listed
    once per audit."""
    if "go_packages" not in index.memo:
        index.memo["go_packages"] = {posixpath.dirname(p) for p in index.files if p.endswith(".go")}
    return folder in index.memo["go_packages"]


def check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    found = list(_check(claim, ctx))
    built = claim.doc.endswith((".rst", ".ipynb")) or claim.attrs.get("page")  # (not a CONTRIBUTING.md beside the sources)
    root = sphinx_source_root(ctx.index, claim.doc) if found and built and ctx.index.cloning_sites else None
    said = ctx.index.cloning_sites.get(root) if root is not None else None
    if said:
        # ploomber's doc/hooks.py clones projects-ploomber and copies its guides into the
        # source folder: the site's pages and files are more than the tree holds.
        _unchanged_as_notes(found, f"the docs build clones another repository ({said}), whose files it may put there")
    if not found:
        return found
    if claim.ref is not None and claim.ref.attrs.get("empty_text") and re.fullmatch(r"[A-Za-z][\w-]*", claim.text) and not _sphinx_page(ctx.index, claim.doc):
        return []  # `[](TOC)`, md-toc's marker: nothing shows, nothing is followed (MyST would show the title)
    if claim.ref is not None and claim.ref.attrs.get("sphinx_doc") and sphinx_source_root(ctx.index, claim.doc) in ctx.index.intersphinx_doc_sites:
        for f in found:
            f.evidence += f"; {INTERSPHINX_DOC}"  # history decides (scope): a page this site never had
    label = claim.ref.attrs.get("reference_label") if claim.ref is not None else None
    if label:
        for f in found:
            if f.replacement is None:
                f.replacement = label[1]
                f.evidence += f"; the page defines [{label[0]}]{f' (line {label[2]})' if label[2] else ''} as a link to {label[1]}: `[text][{label[0]}]` uses it, `[text]({label[0]})` links a file of that name"
    if claim.attrs.get("work_log"):
        for f in found:
            if f.confidence != "low":
                f.confidence = "low"
                f.certain = False
                f.evidence += "; the page lists it among the files a past change touched"
    if claim.ref is not None and claim.text.lstrip("./") in {p.lstrip("./") for p in claim.ref.attrs.get("guarded") or ()}:
        return []  # `if [ -f x/pre_hook.sh ]; then source x/pre_hook.sh`: optional, there or not
    if claim.attrs.get("link") and _resolves_where_rendered(ctx, claim):
        return []  # elementary's _snippets/ partial: `./alerts-configuration#owner` from the pages that render it
    if claim.ref is not None and claim.ref.attrs.get("fallback"):
        # A <picture>'s fallback <img>: browsers show its <source>s; a note.
        _unchanged_as_notes(found, "it is the fallback image of a <picture>, which browsers that read its <source> never show")
    original = _original_resolving(ctx.index, claim)
    if original:
        # ginga's ginga/locale/de/docs/plugins/Compose.rst, a translation of
        # doc/manual/plugins_local/compose.rst: its `figures/compose-rgb.png` is the
        # original's, copied with the text; right where the original is built.
        _unchanged_as_notes(found, f"the page translates {original}, from whose folder it resolves: a link copied with the text")
    why = _right_outside_the_tree(ctx, claim)
    if why:
        for f in found:
            if f.change is None:
                f.certain = False
        as_notes(found, why)
    return found


def _unchanged_as_notes(found: list, why: str) -> None:
    """Make the findings no change under review backs notes, never certain, saying why."""
    for f in found:
        if f.change is None and f.confidence != "low":
            f.confidence = "low"
            f.certain = False
            f.evidence += f"; {why}"


def _original_resolving(index, claim: Claim) -> str | None:
    """For a page in a language folder (`locale/de/`, `docs/ja/`), the untranslated page of
    its name (in any case) from whose folder the claim's path resolves, if one does."""
    language = _language_of(claim.doc)
    if language in (None, "en"):
        return None
    if "_pages_by_lower_name" not in index.memo:
        by_name: dict[str, list[str]] = {}
        for path in index.files:
            if path.endswith(_PAGE_EXTS) and _language_of(path) in (None, "en"):
                by_name.setdefault(posixpath.basename(path).lower(), []).append(path)
        index.memo["_pages_by_lower_name"] = by_name
    token = claim.text.split("#", 1)[0].rstrip("/")
    if not token or "://" in token or token.startswith("/"):
        return None
    for original in index.memo["_pages_by_lower_name"].get(posixpath.basename(claim.doc).lower(), ()):
        if original != claim.doc and resolve_path(index, token, [posixpath.dirname(original)]) is not None:
            return original
    return None


def _ignored_locally(index, path: str) -> bool:
    """Whether .gitignore keeps ``path`` out as a local file: not when a pattern that
    names any folder so (AReaL's `env/`, a virtualenv's name) also covers a folder above
    it that the repository tracks (its examples/env/: a script missing there was removed).
    A pattern written for its place (a docs build's output folder) still holds."""
    if not index.ignored.ignores(path):
        return False
    folder = posixpath.dirname(path)
    while folder and folder in index.dirs:
        if index.ignored.ignored_by_any_name(folder):
            return False
        folder = posixpath.dirname(folder)
    return True


def _right_outside_the_tree(ctx: CheckContext, claim: Claim) -> str | None:
    """Why a path the tree lacks may still be right for its reader, if it may: a note."""
    if not claim.attrs.get("link"):
        spelled = ctx.index.spelled_paths.get(claim.text.removeprefix("./"))
        # ansible-lint's "`.config/ansible-lint.yml` in your current working directory",
        # which src/ansiblelint/cli.py looks for: the doc says what the code says.
        return f"the code spells the same path ({spelled}): a file it looks for where it runs, or one both lost" if spelled else None
    if _served_as_folder(ctx.index, claim):
        # visidata's docs/columns.md plays `../casts/types.cast` (docs/casts/): right where
        # the site serves the page as docs/columns/, as Eleventy, Jekyll and Hugo do; the
        # repository holds no site config to say. GitHub shows it broken.
        return f"it resolves from {posixpath.splitext(claim.doc)[0]}/, where a site that serves pages as folders puts the page"
    written = _written_by_a_script(ctx, claim)
    # `[gitingest.txt](./internal/gitingest.txt)` beside internal/gitingest.sh, which writes
    # it: the link works once the script has run.
    return f"a script of the repository writes it ({written})" if written else None


def _resolves_where_rendered(ctx: CheckContext, claim: Claim) -> bool:
    """Whether a partial's relative link resolves from a page that renders it."""
    token = claim.text.split("#", 1)[0].rstrip("/")
    pages = ctx.partial_importers.get(claim.doc)
    if not pages or not token or "://" in token:
        return False
    if token.startswith("/"):
        return False  # site-absolute: the site's router, not the page's folder
    return any(resolve_path(ctx.index, token + suffix, [posixpath.dirname(page)]) is not None for page in pages for suffix in _LINK_SUFFIXES)


def _in_generated_page_folder(index, doc: str, token: str, bases: list[str]) -> bool:
    """Whether a missing page lies under a folder its Sphinx site's conf.py writes pages into
    (by that folder's name, anywhere under the site's root: the build may copy the tree)."""
    root = sphinx_source_root(index, doc)
    names = index.generated_page_folders.get(root) if root is not None else None
    target = token.split("#", 1)[0]
    if not names or posixpath.splitext(target)[1] not in ("", ".md", ".rst", ".html"):
        return False
    for base in bases:
        landed = posixpath.normpath(posixpath.join(base, target))
        inside = landed[len(root) + 1 :].split("/") if root and landed.startswith(root + "/") else (landed.split("/") if not root else [])
        if any(part in names for part in inside[:-1]):
            return True
    return False


def _found_by_name(index, doc: str, token: str) -> bool:
    """Whether the page's mkdocs site finds a linked file by its name alone (autolinks,
    roamlinks, ezlinks): a file of that name under its docs folder."""
    root = next((folder for folder in sorted(index.mkdocs_name_linked, key=len, reverse=True) if doc.startswith(folder.rstrip("/") + "/")), None)
    name = posixpath.basename(token.split("#", 1)[0])
    if root is None or not name or "." not in name:
        return False
    return any(path.startswith(root + "/") for path in index.by_basename(name))


def _dirs_named(index, name: str) -> list[str]:
    """The tree's folders called ``name`` (memoised by name)."""
    memo = index.memo.setdefault("dirs_named", {})
    if not memo:
        for folder in index.dirs:
            memo.setdefault(folder.rsplit("/", 1)[-1], []).append(folder)
    return memo.get(name, [])


def _written_by_doc_build(index, doc: str, token: str) -> bool:
    """Whether a missing page's name (or its first folder) is spelled by a build file of a
    docs folder the page sits in: the docs build writes it."""
    target = token.split("#", 1)[0].rstrip("/")
    parts = [p for p in target.split("/") if p not in (".", "..")]
    if not parts:
        return False
    wanted = {parts[-1], parts[0]} if len(parts) > 1 else {parts[-1]}
    # (Only names the tree has nowhere: a written page is not committed, and a page of that
    # name elsewhere, `index.rst`, says the path is wrong, not unbuilt.)
    wanted = {name for name in wanted if not index.by_basename(name) and not any(d.rsplit("/", 1)[-1] == name for d in _dirs_named(index, name))}
    folder = posixpath.dirname(doc)
    while folder:
        names = index.doc_build_names.get(folder)
        if names and wanted & names:
            return True
        folder = posixpath.dirname(folder)
    return False


# Tools a page offers as alternatives with a slash (`conda/mamba`, `docker/podman`).
_TOOLS = frozenset(
    "conda mamba micromamba pixi pip pip3 pipx uv poetry pdm hatch rye virtualenv venv docker podman nerdctl "
    "npm yarn pnpm bun nix brew homebrew apt apt-get yum dnf pacman zypper choco winget scoop".split()
)


def _tool_alternatives(token: str) -> bool:
    parts = token.strip("/").split("/")
    return len(parts) >= 2 and all(part.lower() in _TOOLS for part in parts)


_ORDERING_PREFIX = re.compile(r"^\d+[-_.]")


def _through_ordering_prefixes(index, token: str, bases: list[str]) -> bool:
    """Whether a relative link resolves once each missing part is read as its one sibling
    with an ordering number in front (`../validation-plan/validation-overview.qmd` for
    01-validation-plan/01-validation-overview.qmd): sites that sort pages by such numbers
    drop them from the page's address (Docusaurus, great-docs)."""
    target = token.split("#", 1)[0].rstrip("/")
    if not target or target.startswith("/"):
        return False
    for base in bases:
        landed = posixpath.normpath(posixpath.join(base, target))
        if landed.startswith(".."):
            continue
        folder, renamed = "", False
        for part in landed.split("/"):
            here = index.children(folder)
            if part not in here:
                numbered = [name for name in here if _ORDERING_PREFIX.match(name) and _ORDERING_PREFIX.sub("", name, 1) == part]
                if len(numbered) != 1:
                    break
                part, renamed = numbered[0], True
            folder = f"{folder}/{part}" if folder else part
        else:
            if renamed:
                return True
    return False


def _written_by_site(index, doc: str, token: str) -> bool:
    """Whether a missing page is one the page's Sphinx site writes when it builds."""
    root = sphinx_source_root(index, doc)
    names = index.site_written_pages.get(root) if root is not None else None
    stem, suffix = posixpath.splitext(posixpath.basename(token.split("#", 1)[0]))
    return bool(names) and suffix in ("", ".html", ".rst", ".md") and stem in names


def _served_as_folder(index, claim: Claim) -> bool:
    """Whether a `../` link of a Markdown page no site config of the tree builds resolves
    from the page read as a folder (`docs/columns/` for docs/columns.md)."""
    token = claim.text.split("#", 1)[0]
    if not token.startswith("../") or not claim.doc.endswith(".md") or sphinx_source_root(index, claim.doc) is not None:
        return False
    if posixpath.basename(claim.doc).lower() in ("readme.md", "index.md", "_index.md"):
        return False  # served at its folder, as GitHub shows it
    folder = posixpath.splitext(claim.doc)[0]
    return any(resolve_path(index, token.rstrip("/") + suffix, [folder]) is not None for suffix in _LINK_SUFFIXES)  # (`../internal_formats`: a page)


def _written_by_a_script(ctx: CheckContext, claim: Claim) -> str | None:
    """Where a repository script writes the file a link names (engine.runtime_paths)."""
    for base in claim.attrs.get("bases") or [posixpath.dirname(claim.doc)]:
        where = ctx.runtime_paths.get(_joined(base, claim.text.split("#", 1)[0]))
        if where:
            return where
    return None


def _check(claim: Claim, ctx: CheckContext) -> Iterable[Finding]:
    index = ctx.index
    token = claim.text
    template = "template" in posixpath.basename(claim.doc).lower() or any(_TEMPLATE_FOLDER.search(part) for part in claim.doc.split("/")[:-1])
    if _PLACEHOLDER_TARGET.fullmatch(token.strip("./")) or (_TEMPLATE_VARIABLE.fullmatch(token) and not index.path_exists(token)):
        return []  # `[model](MODEL-LINK)`, `[English page](ENGLISH_PAGE)`: to be filled in, not a file
    placeholder = _PLACEHOLDER_PATH.match(token) if claim.attrs.get("link") else None
    if placeholder is not None and not index.path_exists(token.strip("/")):
        # sd-scripts' `[データセット設定ガイド](link/to/dataset/config/doc)`: a link left to fill in,
        # dead on the page all the same; said as what it is.
        evidence = f"{token} is a placeholder ({placeholder.group(0).strip('./')}…) that was never filled in: the link reaches no page"
        return [finding((CODE, NAME), claim, f"link {token} is a placeholder", evidence, "medium", None)]
    if posixpath.basename(token).lower() in _NAMELESS_PAGES:
        return []  # `[**object**](.md)`: an API client generator's link for a type with no page of its own
    if claim.attrs.get("page") and " " in token.strip() and "/" not in token and not index.path_exists(token):
        # PySyft's ":doc:`Part 7: Connect to a Datasite`": a title where a page's name goes,
        # a page still to be written; a note.
        return [finding((CODE, NAME), claim, f"page {token!r} is a title, not a page name", f"{token} names no page (a title, with spaces): a page still to be written?", "low", None)]
    if token.split("/", 1)[0] in index.build_tokens:
        return []  # `LINKREF_GITHUB_MONAILABEL/sample-apps/x`: the docs build puts a URL there (conf.py)
    if "_modules" in token.split("/") and any(claim.doc.startswith(site + "/") or not site for site in index.viewcode_sites):
        return []  # `../_modules/minigrid/wrappers/`: the source pages Sphinx's viewcode writes
    substituted = _SUBSTITUTED_START.match(token)
    if substituted is not None:
        return _substituted_path(claim, index, token, substituted.end())
    scheme = _LOOKALIKE_SCHEME.match(token)
    if scheme is not None:
        # `https：//github.com/...` (a fullwidth colon, as a Chinese input method types it):
        # no URL to the browser, a relative path to the site; the fix is one character.
        fixed = scheme.group(1) + "://" + token[scheme.end() :]
        if scheme.group(2) == "//":
            evidence = f"the address has no colon after {scheme.group(1)}, so it is read as a path of this repository"
        else:
            evidence = f"the address is written with {scheme.group(2)!r} (U+{ord(scheme.group(2)[0]):04X}) where `://` goes, so it is read as a path of this repository"
        return [finding((CODE, NAME), claim, f"link {token} is no URL", evidence, "high", fixed, certain=True)]
    if template and not claim.attrs.get("link"):
        return []  # a template's paths (`tests/test_file.py`) are to be filled in
    if not claim.attrs.get("link") and (_hub_id(index, token) or _named_on_a_hub(claim, token)):
        return []
    if not claim.attrs.get("link") and _foreign_language_file(index, token):
        return []  # `examples/mcp/sse-example.ts` in a Python repository: the JS port's file
    if not claim.attrs.get("link") and _named_by_the_code(index, token):
        return []  # `hydra/sweeper`, `sandbagging/sb/gpt-4`: a name the code or a registry spells, not a file
    if not claim.attrs.get("link") and _PLACEHOLDER_FILE.match(posixpath.basename(token)) and not index.path_exists(token):
        return []  # `test/test_file.py::TestClass::test_method`: how to name one, not a file
    if not claim.attrs.get("link") and _placeholder_parts(token) and not index.path_exists(token):
        return []  # `olmo/a/b.py` and its test `tests/a/b_test.py`, `experiment_YYYY_MM_DD.jsonnet`: a pattern
    target = claim.ref.attrs.get("link_target") if not claim.attrs.get("link") and claim.ref is not None else None
    if target and _label_of_its_link(index, claim.doc, target, token):
        return []  # [`benchmark.py`](…/cleanrl_utils/benchmark.py): the label names the file the link reaches
    renamed = _label_of_renamed_target(index, claim.doc, target, token) if target and not index.path_exists(token) else None
    if renamed is not None:
        # [`anomaly/AnomalyIntro.ipynb`](anomaly/0_AnomalyIntro.ipynb): the link works; its
        # label still says the file's old name. A note, with the name the link reaches.
        evidence = f"{token} is not in the tree, but the link it labels reaches {renamed}: the label keeps an old name"
        return [finding((CODE, NAME), claim, f"label {token} names an old file name", evidence, "low", renamed)]
    if not claim.attrs.get("link") and claim.ref is not None and claim.ref.attrs.get("in_link") and not posixpath.splitext(token)[1]:
        if any(resolve_path(index, token.rstrip("/") + suffix, claim.attrs.get("bases", [""])) for suffix in _PAGE_EXTS):
            return []  # [`docs/guide`](.../docs/guide.md): a link's label naming its page without the suffix
    if not claim.attrs.get("link") and _KUBE_OBJECT.match(token) and (_kubectl_line(claim) or not index.path_exists(token.split("/", 1)[0])):
        return []  # `deployment/aibrix-controller-manager`: a Kubernetes object, not a file
    if claim.context in ("inline", "table") and not claim.attrs.get("link") and _tool_alternatives(token):
        return []  # "the `conda/mamba` setup", "`pip/uv`": one tool or the other, not a folder
    if not claim.attrs.get("link") and _cut_at_placeholder(claim, token):
        return []  # `qa/L0_<framework>_lint/test.sh`: the shell read `<` as a redirection
    bases = claim.attrs.get("bases", [""])
    if claim.attrs.get("positional") and index.py_completers and not posixpath.splitext(token)[1] and resolve_path(index, token + ".py", bases) is not None:
        return []  # `python pwb.py tests/api_tests`: pywikibot's wrapper adds `.py` to the script it is given
    if claim.attrs.get("page") and index.gallery_sources and _gallery_page(index, token, bases):
        return []  # `:doc:`add.py <add>`` in helion's examples/README.rst: the page sphinx-gallery makes from add.py
    if not claim.attrs.get("link") and _named_for_its_config(index, token, bases):
        return []  # `microsoft/Phi-3.5-mini-instruct` beside microsoft/Phi-3.5-mini-instruct.yaml: the model the config is named for
    if posixpath.splitext(token.rstrip("/"))[1] and any(resolve_path(index, token.rstrip("/") + ext, bases) for ext in (".in", ".template", ".tmpl")):
        return []  # `onnx/common/version.h`: the build writes it from version.h.in (CMake's configure_file)
    if posixpath.splitext(token.rstrip("/"))[1] and any(resolve_path(index, token.rstrip("/") + ext, bases) for ext in _CONTENT_LINKS):
        return []  # SimpleITK's `Testing/Data/Baseline/x.nrrd`: committed as x.nrrd.sha512, which CMake's ExternalData fetches
    if not claim.attrs.get("link") and claim.context != "command" and not posixpath.splitext(token.rstrip("/"))[1] and any(resolve_path(index, token.rstrip("/") + ext, bases) for ext in _SUFFIX_LEFT_OFF):
        return []  # "the `plotting/convert_to_csv` script": the script, named without its suffix
    if not claim.attrs.get("link") and _git_ref(index, token):
        return []  # "compare your branch with ``sunpy/main``": the upstream remote's branch, not a folder
    if not claim.attrs.get("link") and _NEWS_FRAGMENT.fullmatch(posixpath.basename(token)) and index.path_exists(posixpath.dirname(token)):
        return []  # `changelog.d/42.change.md`: a towncrier fragment, named for its pull request, made and merged away
    if not claim.attrs.get("link") and _module_file_and_name(index, token, bases):
        return []  # `spriteworld/tasks.AbstractTask`: the class in spriteworld/tasks.py, named through its file
    if _built_program(index, token, bases):
        return []  # `./examples/95_gemm/95_gemm`: the program CMake builds from 95_gemm.cu, run from the build tree
    if not claim.attrs.get("link") and _copy_of_a_template(index, token, bases):
        return []  # `--config config/config.yaml` beside config/config.example.yaml: the reader's copy of it
    if index.build_written and _written_by_the_build(index, token, bases):
        return []  # boost-histogram's `boost_histogram/version.py`, which scikit-build-core's `generate` writes
    if _compiled_from_source(index, token, bases):
        return []  # `camelot/utils.so` beside camelot/utils.py: what mypyc or a compiler makes of it
    above = None if claim.attrs.get("link") else _above_own_folder(claim.doc, token)
    if above is not None and index.ignored and _ignored_locally(index, token.strip("/")):
        above = None  # mmaction2's `data/OmniSource/` in tools/data/omnisource/: the reader's /data, which .gitignore keeps out
    if above is not None and above not in bases:
        bases = [above, *bases]  # `bash scripts/final/run.sh` in tts/scripts/batch.sh: from tts/
    if claim.attrs.get("route"):
        routed = _route(claim, ctx)
        if routed is not None:
            return routed
        if token.startswith("/"):
            return []  # a route of a plugin drift does not model (blog, versions)
    if index.copied_patterns and _copied_by_recipe(index, token, bases):
        return []  # `../examples/census/census_report.html`: `rsync -R examples/*/*.html docs` puts it there
    if claim.attrs.get("link"):
        if _github_route(claim.doc, token):
            return []  # `../../issues/new` from the README: GitHub's issues page, not a file
        if _github_branch_path(index, claim.doc, token) and _site_root(index, claim.doc) is None:
            return []  # pyscf's README `../master/CHANGELOG`: blob/master/CHANGELOG, on GitHub
        if _github_sibling(claim.doc, token) and _site_root(index, claim.doc) is None:
            return []  # `../../../madmom_models` from the README: the owner's other repository on GitHub
        if token.lower() in ctx.labels:
            return []  # `[x](section-grpo)`: a MyST label, not a file
        if token in _SPHINX_GENERATED and _sphinx_page(index, claim.doc):
            return []  # `[](genindex)`: a page Sphinx writes when it builds the site
        if any(resolve_path(index, token + suffix, bases) is not None for suffix in _LINK_SUFFIXES + index.sphinx_suffixes):
            return []
        if any(resolve_path(index, token + suffix, bases) in index.notebook_scripts for suffix in (".py", ".pct.py")):
            # `[Quickstart](quickstart)`: quickstart.py is a jupytext notebook, a page of the
            # site; GPflow's `:doc:`notebooks/advanced/GPLVM`` is GPLVM.pct.py, which its
            # build converts (jupytext's `.pct.py:percent` format).
            return []
        if _through_ordering_prefixes(index, token, bases):
            return []  # pointblank's `validation-methods.qmd` beside 02-validation-methods.qmd: the site drops the number
        if index.quarto_reference_dirs and in_reference(index.quarto_reference_dirs, claim.doc, token):
            return []  # ibis' `../../reference/expression-tables.qmd`: a page quartodoc writes when the site builds
        if not claim.attrs.get("url") and _myst_reference(index, claim.doc, token):
            return []  # `[icon links](icon-links)`: MyST looks the name up as a reference
        site = site_of(index.docusaurus, claim.doc)
        tried = markdown_link_bases(site, token) if site is not None else []
        if tried and any(resolve_path(index, token, [b]) is not None for b in tried):
            return []  # `[x](patterns/x.md)`: Docusaurus finds it from the docs folder
        if site is not None and site.resolve(claim.doc, token)[0]:
            return []  # `../api/benchmark.html` from /docs/introduction: a page the site serves
        if index.mkdocs_name_linked and _found_by_name(index, claim.doc, token):
            return []  # PyPSA's `[Features](features.md)` from docs/index.md: mkdocs-autolinks finds docs/home/features.md
        jekyll = jekyll_site_of(index.jekyll, claim.doc) if index.jekyll else None
        if jekyll is not None and jekyll.resolves(claim.doc, token):
            return []  # pyatv's `[Concepts](concepts/)` from /documentation/getting-started/: concepts.md's permalink
        originals = [posixpath.dirname(o) for o in _mirrored_from(index, claim.doc)]
        if originals and any(resolve_path(index, token + suffix, originals) is not None for suffix in _LINK_SUFFIXES):
            return []  # a page copied from docs/training/x.md keeps that page's links (Fern's pages/)
        if claim.doc.endswith(".mdx") and token.split("#", 1)[0].endswith(".md") and resolve_path(index, token.split("#", 1)[0] + "x", bases) is not None:
            return []  # an MDX site's page linking `x.md` beside `x.mdx` (Fern): the page it converted
        clamped = _clamped_at_site_root(index, claim.doc, token)
        if clamped and any(resolve_path(index, clamped + suffix, [""]) is not None for suffix in _LINK_SUFFIXES):
            return []  # `../../operator-guides/x` from one folder down: the browser stops at the site's root
        if _served_static(index, claim.doc, token):
            return []  # `../../_static/logo.png`: Sphinx serves it from the site's `_static/`
        if index.doxygen_roots and _from_doxygen_root(index, claim.doc, token, ctx.doc_slugs):
            return []  # ompl's doc/markdown/x.md `images/prm.png`: Doxygen writes its pages flat, beside doc/'s copied images/
        if (index.nbsite_roots or index.extra_path_folders or index.site_root_outputs) and _built_from_elsewhere(index, claim.doc, token):
            return []  # `../reference/elements/bokeh/Image` that nbsite builds from examples/; itables' html_extra_path files
        if index.generated_page_folders and _in_generated_page_folder(index, claim.doc, token, bases):
            return []  # cartography's `schema.md` beside modules/aws/index.md: conf.py writes modules/*/schema.md
        if index.site_written_pages and _written_by_site(index, claim.doc, token):
            return []  # obspy's `citations.html`: its `citations` extension writes citations.rst at build
        if _gallery_image(index, claim.doc, token):
            return []  # `../../_images/sphx_glr_plot_dtw_001.svg`: drawn when the gallery builds
        if token.endswith(".html") and any(resolve_path(index, token[:-5] + s, bases) is not None for s in _HTML_SOURCES):
            return []  # (xonsh's `envvars.html`, which the build renders from docs/envvars.rst.jinja2)
        if token.endswith("/") and claim.doc.endswith(".mdx") and any(resolve_path(index, token.rstrip("/") + ext, bases) for ext in (".mdx", ".md")):
            return []  # `[slicing](access/#slicing)` on a doc site: the page access.mdx, served as a folder
        served = _through_site_path(index, claim.doc, token)
        if served and any(resolve_path(index, served + suffix, [""]) is not None for suffix in _LINK_SUFFIXES):
            return []  # `../docling/concepts/` from the home page of a site served at /docling/
        if _into_host_site(index, claim.doc, token):
            return []  # `../guide/saved_model` from a tensorflow.org book: the host site's page
        built = built_bases(index, claim.doc, token)
        if built and any(resolve_path(index, token.rstrip("/") + suffix, built) is not None for suffix in _LINK_SUFFIXES):
            return []  # `../other/` written from where the site serves the page (`page/`)
        if _numbered_page(index, claim.doc, token):
            return []  # `./backend` beside `04_backend.md`: the site serves numbered pages without the number
        if index.folder_url_sites and _site_route(index, claim.doc, token, [*built, *bases]):
            return []  # `./state-management/` from `Front End/index.md` on an Astro site: state-management.mdx
        if token.endswith("/") and _mkdocs_docs_dir(index, _as_the_site_sees_it(index, claim.doc)) is not None and any(resolve_path(index, token.rstrip("/") + ext, bases) is not None for ext in (".md", "/index.md", "/README.md", ".ipynb")):
            # `userguide/about/install/` on an mkdocs site: install.md, served as a folder;
            # lonboard's `../examples/column-layer/`, a notebook mkdocs-jupyter renders, from
            # examples/index.md, which the site has through docs/examples -> ../examples.
            return []
        shared = _without_language_folder(index, claim.doc)
        if shared and any(resolve_path(index, token + suffix, [shared]) is not None for suffix in _LINK_SUFFIXES):
            return []  # `../images/x.png` from docs/en/reference/: the i18n site's shared images/
        if index.autosummary_pages and _autosummary_page(index, token, bases):
            return []  # `api/pkg.Predictor.fit.rst`: a page autosummary writes when the site builds
        redirected = _redirected(index, claim.doc, token)
        if redirected is not None:
            # The site sends the old page on (mkdocs-redirects): the link works, but names
            # a page that moved; a note with the page itself.
            old, new, folder, said = redirected
            evidence = f"{old} is not in the tree; the site redirects it to {new} ({said})"
            fix = None if "://" in new else posixpath.splitext(posixpath.relpath(new, folder))[0]
            return [finding((CODE, NAME), claim, f"page {token} moved", evidence, "low", fix)]
        source = [b for b in (_source_language_base(index, claim.doc, base) for base in bases) if b is not None]
        if source and any(resolve_path(index, token + suffix, source) is not None for suffix in _LINK_SUFFIXES):
            # A translation linking to a page only the English tree has: doc sites
            # build the languages apart, and many show the English page; a note, not a
            # broken link (a page that is in no language is).
            evidence = f"{token} is not in this translation ({posixpath.dirname(claim.doc)}); the English tree has it ({source[0]})"
            return [finding((CODE, NAME), claim, f"page {token} is not translated", evidence, "low", None)]
    elif resolve_path(index, token, bases) is not None:
        return []
    elif not token.startswith(("/", "./", "../")) and len([a for a in _ancestors(claim.doc) if a not in bases and _project_root(index, a) and index.path_exists(_joined(a, token))]) == 1:
        # `tests/test_assets.py` in `studio/backend/assets/README.md`: written from the
        # sub-project the doc belongs to (`studio/backend`), as its commands are run.
        return []
    if ctx.changes:
        for base in bases:
            moved = ctx.changes.path(_joined(base, token))
            if moved is not None:
                new = moved[1]
                if new is not None and base:
                    new = posixpath.relpath(new, base)
                return [changed((CODE, NAME), claim, moved[0], new)]
    if index.runs_apidoc and _apidoc_page(index, token, claim.doc):
        return []  # `.. include:: modules.rst`: a page sphinx-apidoc writes when the docs build
    if index.doc_build_names and _written_by_doc_build(index, claim.doc, token):
        return []  # psi4's `.. include:: autodoc_abbr_options_c.rst`: its docs' CMakeLists.txt and scripts write it
    # A page named without its suffix (`{doc}`/api/oumi`) is ignored as its source would be
    # (`docs/api/*.rst`, which sphinx-apidoc writes at build time).
    # (Not `.ipynb`: a `*.ipynb` line keeps local notebooks out, and would match any page.)
    # (A site's link names its page without the suffix too: sqlfluff's VitePress
    # `../reference/cli/index`, whose .md the docs build writes and .gitignore keeps out.)
    bare_link = claim.attrs.get("link") and not claim.attrs.get("url") and not posixpath.splitext(token.rstrip("/"))[1]
    spellings = [token] + ([token + ext for ext in (".rst", ".md", ".mdx") if not token.endswith(ext)] if claim.attrs.get("page") or bare_link else [])
    first, _, rest = token.partition("/")
    if rest and not claim.attrs.get("link") and root_name(index, first):
        spellings.append(rest)  # `mlxtend/docs/sources/api_modules`: from above the checkout, into an ignored build folder
    if index.ignored and not claim.attrs.get("url"):
        # (Not a URL: GitHub shows the committed tree, where an ignored file never is.
        # LightZero's `log*` ignores every `logs/` folder; its README's blob/main URL to
        # docs/en/source/tutorials/logs/logs.md is a dead link all the same.)
        # (From where a site serves the page too: iceberg-python's `../reference/pyiceberg/
        # table/locations/` from configuration.md, into the reference/ gen-files writes.)
        served_from = built_bases(index, claim.doc, token) if claim.attrs.get("link") else []
        candidates = [_joined(base, spelled) for base in [*bases, *served_from] for spelled in spellings]
        # Where the path's folder is in the tree, that is where it points.
        candidates = [c for c in candidates if posixpath.dirname(c) in index.dirs] or candidates
        if any(_ignored_locally(index, c) for c in candidates):
            return []  # a build output or local file that .gitignore keeps out of the tree
    if not claim.attrs.get("link") and _config_name(index, claim.doc, token):
        return []  # `debugging/pretrain/simclr/x` in configs/config/debugging/: Hydra's config x.yaml
    if not claim.attrs.get("link"):
        near = _runtime_near_miss(ctx, token, bases)
        if near is not None:
            # `eval/mmvet/results` where the scripts write `eval/mm-vet/results`: the page
            # names the run-time folder wrong.
            written, where_named = near
            fix = ("./" if token.startswith("./") else "") + written
            evidence = f"{token} is not in the tree, and the repository's scripts use {written} instead ({where_named})"
            return [finding((CODE, NAME), claim, f"path {token} does not exist", evidence, "high", fix)]
        if _runtime_path(ctx, token, bases):
            # `./playground/data/eval/textvqa`, which the eval scripts read and write: the
            # reader's data, made at run time, not a file the tree lost.
            return []
    if not claim.attrs.get("link") and token.startswith("../") and bases and all(_joined(b, token).startswith("../") for b in bases):
        landed = _joined(bases[0], token)
        beside = landed.lstrip("./").split("/", 1)[0]
        if beside and not root_name(index, beside):
            # `.. literalinclude:: ../../../projects-ploomber/cookbook/x.py` from doc/api/:
            # above the repository, in another checkout the docs build expects beside it.
            evidence = f"{token} climbs above the repository's root into {beside}/, another checkout beside this one"
            return [finding((CODE, NAME), claim, f"path {token} is outside the repository", evidence, "low", None)]
    anchored = claim.attrs.get("link") or path_is_anchored(index, token, bases)
    candidates = _same_name(index, token)
    if claim.attrs.get("page"):
        # Sphinx's :doc: names a page without its suffix: its candidates are pages of that stem.
        candidates = sorted({c for ext in _PAGE_EXTS for c in _same_name(index, token + ext)})
    if not anchored and "/" in token.strip("/"):
        # `pkg_old/train.py` after `pkg_old/` became `pkg/`: only history can say; the
        # caller keeps it if git saw it renamed to a path that exists.
        ctx.renamed_away.append(finding((CODE, NAME), claim, f"path {token} does not exist", f"{token} is not in the tree, and its first part ({token.split('/')[0]}) is nowhere", "high", None))
    if not anchored and not candidates:
        return []  # a bare name that is nowhere in the tree: probably the reader's own file
    if not anchored:
        near = _near_miss(token, candidates)
        if near is None:
            return []  # a bare file name names a file, not a path to it (tree listings, prose, `cd` first)
        # `script/run.sh` where `scripts/run.sh` is: a typo or a moved folder, not the
        # reader's own file, although its first part is nowhere in the tree.
        first = token.strip("./").split("/")[0]
        evidence = f"{token} is not in the tree, and its first part ({first}) is nowhere; {near} has the same name and nearly the same path"
        rest = token.strip("./").split("/", 1)[1] if "/" in token.strip("./") else ""
        moved_to = near[: -len(rest)] if rest and near.endswith(rest) else None
        elsewhere = _another_trees_folder(ctx, claim.doc, first, moved_to)
        if elsewhere:
            return [finding((CODE, NAME), claim, f"path {token} does not exist", f"{evidence}; but {elsewhere}", "low", None)]
        return [finding((CODE, NAME), claim, f"path {token} does not exist", evidence, "high", near)]
    replacement = None
    confidence = "high" if anchored else "medium"
    package = _became_package(index, token, bases) if candidates else None
    if package is not None:
        # `convert/webvid.py` after it became the package `convert/webvid/`: that folder,
        # not the same-named module elsewhere (`multimodal/webvid.py`) the name alone suggests.
        evidence = f"{token} is not in the tree; {package}/ is a package of that name in its place"
        fix = package
        if claim.context == "command" and not any(index.path_exists(_joined(base, package) + "/__main__.py") for base in bases):
            # `python benchmarks/overall.py` where benchmarks/overall/ has no __main__.py:
            # Python cannot run that folder; the moved script is in it, under some name.
            fix = None
            evidence += ", with no __main__.py to run"
        return [finding((CODE, NAME), claim, f"path {token} does not exist", evidence, confidence, fix)]
    same_text = _same_text(index, token, bases) if candidates else None
    if same_text is not None:
        # openr's `LICENSE.txt` beside its LICENSE: not a vendored library's LICENSE.txt
        # that the name alone finds.
        evidence = f"{token} is not in the tree at this revision; its folder has {posixpath.basename(same_text)}"
        return [finding((CODE, NAME), claim, f"path {token} does not exist", evidence, confidence, same_text)]
    if len(candidates) == 1:
        target = candidates[0]
        if claim.attrs.get("link"):
            target = posixpath.relpath(target, bases[0] or ".")
        elif bases[0] and target.startswith(bases[0] + "/") and not token.startswith(("/", "../")):
            # `src/ground_truth.py` in an example's README, now at src/eval/ground_truth.py
            # there: the fix is written from where the doc's path was.
            target = ("./" if token.startswith("./") else "") + target[len(bases[0]) + 1 :]
        elif not claim.attrs.get("link") and "/" in token and root_name(index, token.split("/", 1)[0]) and not index.path_exists(token.split("/", 1)[0]):
            # `deeplab2/configs/cityscaspes/x.textproto`, written from above the checkout:
            # the fix keeps the checkout's name as the page writes every path.
            target = f"{token.split('/', 1)[0]}/{target}"
        replacement = target
        evidence = f"{token} does not resolve from {bases[0] or 'the repository root'}; a file of that name is at {candidates[0]}"
        if bases[0] and candidates[0] == token.removeprefix("./"):
            # sumy's docs/how-to-add-new-language.md links `docs/index.md`: written from
            # the repository root, read from the page's folder.
            evidence = f"{token} is written from the repository root, but a link resolves from the page's folder ({_joined(bases[0], token)} is not in the tree)"
        if _GENERIC_NAME.match(posixpath.basename(token)) and (candidates[0].split("/", 1)[0] != claim.doc.split("/", 1)[0] or _parent_name(token) not in (None, *candidates[0].split("/")[:-1])):
            # `../../tools/README.md` deep in one project, and `RAG/tools/README.md` in
            # another: a name every folder has is no fix from across the repository. Nor
            # is docs/index.rst for uxarray's gone docs/user_api/index.rst: such a file is
            # known by its folder.
            replacement = None
        elif _language_of(candidates[0]) not in (None, "en", _language_of(claim.doc)):
            # An English page's link to a page only a translation has (Docusaurus'
            # i18n/zh-Hans/...): the page is missing in this language, not moved there.
            replacement = None
            evidence += " (a translation; this language has no such page)"
        elif claim.attrs.get("link") and not claim.attrs.get("url") and not _read_at_build(claim) and (site := _site_root(index, claim.doc)) is not None and not candidates[0].startswith(site + "/"):
            # inference_models/docs/ is an mkdocs site: its pages cannot link to
            # docs/workflows/testing.md outside it, whatever its name (nor a Sphinx
            # page to the repository's blender_addon.py).
            replacement = None
            evidence += f" (outside the site's source folder {site}/, which its pages cannot link out of)"
        elif _BUILD_OUTPUT.intersection(candidates[0].split("/")[:-1]):
            # lumibot's docsrc/_build/html/...add_marker.html, a committed build: the site
            # writes it anew, so it is no page to link by its path in the build.
            replacement = None
            evidence += " (a build's output)"
        elif candidates[0] == claim.doc:
            # The link's page is the file of that name (`:doc:` on frameworks/flax.rst to
            # `/frameworks/flax`, a guide that went): a link to itself is no fix.
            replacement = None
        elif _folders(token) and not _folders(token) & _folders(candidates[0]):
            # `examples/data_preprocess/gsm8k.py` and `verl/utils/reward_score/gsm8k.py`:
            # one file name, no folder in common; a reviewer may look, no fix to apply.
            replacement = None
        elif (home := _project_of(index, claim.doc)) and _project_of(index, candidates[0]) not in (None, home) and not token.startswith(("/", "../")):
            # Open-Set-Action-Recognition's benchmark page shows PySlowFast's own
            # `python tools/run_net.py`: its sub-project has no such file, and the one of
            # that name in another sub-project (UniFormerV2) is no fix. (One at the
            # repository's own level may be: Megatron-LM's docs/ for megatron/core/.)
            replacement = None
            confidence = "low"
            evidence += f"; the page belongs to the project in {home}/, which has no such file: another project's, or gone"
        inside = candidates[0][: -len(token.lstrip("./")) - 1] if candidates[0].endswith("/" + token.lstrip("./")) else None
        if inside and claim.context != "command" and not claim.attrs.get("link"):
            # `utils/vlm.py` in prose about src/prime_rl/: written from inside the package,
            # short rather than wrong; a note with the full path.
            confidence = "low"
            evidence += f"; the page may write it from {inside}/"
    elif candidates:
        evidence = f"{token} is not in the tree; files of that name: {', '.join(candidates[:5])}"
        tail = "/" + token.lstrip("./")
        holders = [c[: -len(tail)] for c in candidates if c.endswith(tail)]
        if len(holders) >= 2 and claim.context != "command" and not claim.attrs.get("link"):
            # Ren'Py's ":file:`gui/main_menu.png`": each game here (the_question/game/,
            # sphinx/source/oshs/game/) has one; the page names it inside any such project.
            confidence = "low"
            evidence += f"; {len(holders)} folders each have it ({', '.join(h + '/' for h in holders[:3])}): a path inside any project of that layout"
    elif claim.attrs.get("link") and not token.startswith(("/", "../")) and index.path_exists(token.strip("/").removeprefix("./")) and posixpath.dirname(claim.doc):
        # Hunyuan3D-2's `[examples](examples)` copied from the README into
        # docs/source/started/: the folder is at the repository's root, and a link
        # resolves from the page's folder. A page built into a site cannot link out of it.
        written = token.strip("/").removeprefix("./")
        evidence = f"{token} does not resolve from {posixpath.dirname(claim.doc)}; {written} is at the repository root"
        if _site_root(index, claim.doc) is None:
            replacement = posixpath.relpath(written, posixpath.dirname(claim.doc)) + ("/" if token.endswith("/") else "")
    else:
        evidence = f"{token} is not in the tree at this revision"
        sibling = _same_text(index, token, bases)
        home = _home_of_named_code(claim, index, token) if sibling is None else None
        sibling = sibling or (None if home else _sibling(index, token, bases))
        spelled = None if sibling is not None or home else _spelled_apart(index, token, bases)
        if home:
            # "`pipenv/utils/requirementslib.py` — `unpack_url` and `get_http_url`": the
            # functions the line names are defined in one file now, which is the fix.
            replacement = home
            evidence += f"; {', '.join(_named_code(claim, index, token)[:2])} {'is' if len(_named_code(claim, index, token)) == 1 else 'are'} defined in {home}"
        elif sibling is not None:
            # `numerical_test_example.py` beside `numerical_tests_example.py`: a reviewer's
            # suggestion, never applied without --all.
            replacement = sibling
            evidence += f"; its folder has {posixpath.basename(sibling)}"
            if _packed_form(token, sibling):
                evidence += f", {PACKED_FORM}"  # history decides (scope): was it ever unpacked here?
            elif claim.context not in ("command", "link", "url") and _page_without_suffix(token, sibling):
                # openff-interchange's CONTRIBUTING: "Also see `docs/developing`", the page
                # docs/developing.md named as its site names it, without the suffix.
                confidence = "low"
                replacement = None
                evidence += ", the page it names without the suffix"
        elif spelled is not None:
            # `lavis/projects/xinstructblip/train` for `.../xinstruct_blip/train`: the same
            # path but for `_`, `-` and case somewhere along it.
            replacement = spelled
            evidence += f"; {spelled} is the same path spelled apart"
        if claim.attrs.get("hypothetical"):
            # Under "Naming convention": names that show a pattern, not files that exist.
            confidence = "low"
            said = claim.attrs["hypothetical"]
            evidence += f"; {said}" if said.startswith("the sentence") else f"; the section ({said}) may show made-up names"
        elif claim.context == "command" and _sibling_repository(index, token):
            # hummingbot's `npx skills add hummingbot/skills`: OWNER/REPO of another
            # repository of this one's owner, written as a command's argument.
            confidence = "low"
            evidence += f"; it reads as {token.strip('/')}, another repository of {token.split('/', 1)[0]}"
        elif claim.attrs.get("link") and (site := _above_site(index, claim.doc, token)):
            # pygame's docs/reST/index.rst: `../wiki/about`, served at pygame.org/docs/, is
            # the website's wiki: a route above the site's root is the host's, not a file here.
            confidence = "low"
            evidence += f"; it climbs above the site's root ({site}/) to a page the host serves beside the docs"
    bare = token.strip("/").removeprefix("./")
    searched = _CODE_SEARCH_LINE.fullmatch(token) if claim.attrs.get("link") and replacement is None else None
    if searched and resolve_path(index, searched.group(1), bases):
        # t5x's docs, exported from Google: `models.py;l=257-267;rcl=394045248` is code
        # search's line syntax; GitHub reads it as part of the file's name.
        replacement = searched.group(1) + _line_anchor(searched)
        evidence = f"{searched.group(1)} exists, but `;l=...;rcl=...` is Google code search's way to name lines, which GitHub takes as part of the file name"
    elif searched and claim.attrs.get("url"):
        # `.../blob/main/rl/reshard.py;l=70-93` where the file is tunix/rl/reshard.py: the
        # one file whose path ends so, at those lines.
        ending = [p for p in index.by_basename(posixpath.basename(searched.group(1))) if p.endswith("/" + searched.group(1))]
        if len(ending) == 1:
            replacement = ending[0] + _line_anchor(searched)
            evidence += f"; {ending[0]} is the one file whose path ends in {searched.group(1)}"
            searched = None
    elif claim.attrs.get("link") and replacement is None and not candidates and re.fullmatch(r"[\w.-]+/[\w.-]+", bare) and _hub_id(index, bare):
        # `[Ministral-8B](mistralai/Ministral-8B-Instruct-2410)`: a model on the Hub, linked
        # as if it were a file here; the site resolves it inside the repository.
        replacement = "https://huggingface.co/" + bare
        evidence += "; it reads as a model id on the Hugging Face Hub, which a relative link does not reach"
    clones = [url for line, url in ctx.doc_clones.get(claim.doc, ()) if line < claim.line] if claim.context == "command" else None
    if clones:
        # history decides (scope)
        evidence += f"; {GENERATING_PAGE} above ({clones[-1]})" if clones[-1].startswith("`") else f"; {CLONING_PAGE} above ({clones[-1]})"
    other = ctx.doc_foreign_lines.get(claim.doc, {}).get(claim.ref.line) if claim.context == "command" and claim.ref is not None else None
    if other and not any(index.path_exists(posixpath.dirname(_joined(base, token.rstrip("/")))) for base in bases):
        # (A file in a folder of ours, `docker build -f scripts/Dockerfile.x`, is ours.)
        evidence += f"; an argument of {other}, {OTHER_PROGRAMS_INPUT}"  # history decides (attribution)
    if template and confidence != "low":
        # Its links resolve where the rendered copy goes (h2o-llmstudio's model card,
        # uploaded beside its cfg.yaml): a note.
        confidence = "low"
        evidence += "; the page is a template, whose links resolve where its rendered copy goes"
    told = _told_to_create(claim)
    if told and confidence != "low" and not claim.attrs.get("link"):
        # "Create a file `configs/my_run.yaml` with": the reader makes it; a note, in case
        # the page meant a file the repository ships.
        confidence = "low"
        evidence += "; the page calls it the reader's own (\"your ...\")" if told == "keep" else f"; the page tells the reader to {told} it"
    if confidence != "low" and claim.attrs.get("link") and claim.doc.endswith(".qmd") and not index.by_basename(QUARTO_PROJECT):
        # pointblank's great-docs.yml: a tool writes the Quarto project (and the reference
        # pages, the PDF) when the site builds; where its pages land is the tool's.
        confidence = "low"
        replacement = None
        evidence += "; the tree has no _quarto.yml: a tool writes the Quarto project, and decides where the pages are"
    if confidence != "low" and claim.ref is not None and claim.ref.attrs.get("announced"):
        # `**Notebook (coming soon):** [A JAX Primer][ipynb_jax_primer]`: the page says the
        # file is not out yet; a note, for when it is or the words go stale.
        confidence = "low"
        replacement = None
        evidence += "; the page says it is coming"
    elsewhen = _said_absent_or_past(claim)
    if elsewhen and confidence != "low" and not claim.attrs.get("link"):
        # "lives here rather than under this repo's own `.github/workflows/`", "look at
        # `x/extensions.py` in `5d9266a0~`": the sentence itself says the path is not in
        # the tree now.
        confidence = "low"
        replacement = None
        evidence += f"; the sentence {elsewhen}"
    if replacement is not None and claim.attrs.get("page"):
        replacement = posixpath.splitext(replacement)[0]
    message = f"link {token} names lines as code search does, which GitHub cannot open" if searched and replacement else f"path {token} does not exist"
    return [finding((CODE, NAME), claim, message, evidence, confidence, replacement)]
