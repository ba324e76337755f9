"""The doc side of drift: doc text in, ``Reference`` objects out."""

from __future__ import annotations

import posixpath

from bot.model import Reference

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


def extract_references(path: str, text: str) -> list[Reference]:
    kind = _kind(path)
    if kind in ("md", "mdx"):
        from bot.docs import markdown

        return markdown.extract(path, text, mdx=kind == "mdx")
    if kind == "rst":
        from bot.docs import rst

        return rst.extract(path, text)
    return []


__all__ = ["extract_references", "is_doc_path"]
