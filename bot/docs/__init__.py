"""The doc side of drift: doc text in, ``Reference`` objects out."""

from __future__ import annotations

import posixpath

from ..model import Reference

MARKDOWN_EXTS = (".md", ".markdown", ".mdx")
RST_EXTS = (".rst",)


def _kind(path: str) -> str | None:
    name = posixpath.basename(path.replace("\\", "/"))
    ext = posixpath.splitext(name)[1].lower()
    if ext in MARKDOWN_EXTS:
        return "mdx" if ext == ".mdx" else "md"
    if ext in RST_EXTS:
        return "rst"
    if ext == ".txt":
        return "txt"
    if not ext and name.upper() == "README":
        return "md"
    return None


def is_doc_path(path: str) -> bool:
    """Markdown, MDX, reStructuredText, or an extensionless README.

    ``.txt`` is not a doc path: nothing is extracted from it.
    """
    return _kind(path) in ("md", "mdx", "rst")


PYTHON_LANGS = ("python", "py", "python3", "pycon", "ipython")


def extract_references(path: str, text: str) -> list[Reference]:
    kind = _kind(path)
    if kind in ("md", "mdx"):
        from . import markdown

        refs = markdown.extract(path, text, mdx=kind == "mdx")
    elif kind == "rst":
        from . import rst

        refs = rst.extract(path, text)
    else:
        return []
    from .pycalls import scan
    from ..model import CODE_BLOCK

    # Parsed once here (cached with the blob), not on every audit: calls to a class-like
    # name with keyword arguments, `TrainConfig(lr=1e-5)`, less those of a class the
    # page's own code defines (`class ListItem:` in an example, then `ListItem(id="1")`).
    scanned = [(ref, *scan(ref.attrs.get("body", ref.text))) for ref in refs if ref.kind == CODE_BLOCK and ref.attrs.get("lang", "") in PYTHON_LANGS]
    own = set().union(*(defined for _, _, defined in scanned)) if scanned else set()
    for ref, calls, _ in scanned:
        calls = [call for call in calls if call[2] not in own]
        if calls:
            ref.attrs["keyword_calls"] = [list(call) for call in calls]
    return refs


__all__ = ["extract_references", "is_doc_path"]
