"""Jekyll sites: where each page is served, so a link is checked against the built site.

A folder with a `_config.yml` beside `_layouts/`, a Gemfile naming jekyll or a `theme:` is a
Jekyll site (GitHub Pages builds them unasked). Its pages are served at the `permalink:` of
their front matter when they set one (pyatv's documentation/getting_started.md at
`/documentation/getting-started/`), else at their path as `x.html` (or `/x/` when the site's
`permalink:` is `pretty`); `index.md` stands for its folder. Folders whose names start with
`_` are not served; other files are copied as they are. A relative link resolves from the
page's URL, as a browser resolves it, not from its source file.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)
_PERMALINK = re.compile(r"^permalink\s*:\s*['\"]?([^'\"\s#]+)", re.M)
_PAGE_SUFFIXES = (".md", ".markdown", ".html")
MAX_PAGES = 3000  # pages whose front matter is read per site
FRONT_BYTES = 2048


@dataclass
class JekyllSite:
    root: str  # the folder of _config.yml ("" for the repository's root)
    pretty: bool = False
    routes: dict[str, str] = field(default_factory=dict)  # URL path (no trailing "/", no ".html") -> page
    files: set[str] = field(default_factory=set)  # URL paths of files copied as they are
    served: dict[str, str] = field(default_factory=dict)  # page -> its URL as written or made

    def owns(self, doc: str) -> bool:
        inside = doc[len(self.root) + 1 :] if self.root else doc
        return (not self.root or doc.startswith(self.root + "/")) and not any(part.startswith("_") for part in inside.split("/")[:-1])

    def resolves(self, doc: str, link: str) -> bool:
        """Whether the link, followed from the page as the built site serves it, reaches a
        page or a file of the site."""
        target = link.split("#", 1)[0].split("?", 1)[0]
        here = self._served_url(doc)
        if not target or here is None:
            return False
        base = here if here.endswith("/") else posixpath.dirname(here) + "/"
        url = posixpath.normpath(target if target.startswith("/") else posixpath.join(base, target))
        return self._key(url) in self.routes or url.rstrip("/") in self.files

    def _served_url(self, doc: str) -> str | None:
        """The page's URL as served: a permalink as written (`/internals/tools`), a folder
        URL with its slash."""
        return self.served.get(doc)

    @staticmethod
    def _key(url: str) -> str:
        url = url.rstrip("/") or "/"
        for suffix in (".html", ".md", ".markdown"):
            if url.endswith(suffix):
                url = url[: -len(suffix)]
        return url.removesuffix("/index") or "/"


def is_jekyll_config(path: str, paths: set[str], read: Callable[[str], bytes]) -> bool:
    if posixpath.basename(path) != "_config.yml":
        return False
    root = posixpath.dirname(path)
    def at(name: str) -> str:
        return posixpath.join(root, name) if root else name
    if any(p.startswith(at("_layouts") + "/") or p.startswith(at("_includes") + "/") for p in paths):
        return True
    try:
        text = read(path)[:8192].decode("utf-8", "replace")
    except Exception:
        return False
    if re.search(r"^(?:theme|remote_theme)\s*:", text, re.M):
        return True
    gemfile = at("Gemfile")
    if gemfile in paths:
        try:
            return b"jekyll" in read(gemfile)[:8192]
        except Exception:
            return False
    return False


def read_sites(paths: Iterable[str], read: Callable[[str], bytes]) -> list[JekyllSite]:
    everything = set(paths)
    sites = []
    for config in sorted(p for p in everything if posixpath.basename(p) == "_config.yml"):
        if not is_jekyll_config(config, everything, read):
            continue
        root = posixpath.dirname(config)
        try:
            settings = read(config)[:8192].decode("utf-8", "replace")
        except Exception:
            settings = ""
        site = JekyllSite(root, pretty=bool(re.search(r"^permalink\s*:\s*['\"]?pretty\b", settings, re.M)))
        pages = 0
        for path in sorted(everything):
            if root and not path.startswith(root + "/"):
                continue
            inside = path[len(root) + 1 :] if root else path
            if any(part.startswith(("_", ".")) for part in inside.split("/")) or inside in ("Gemfile", "Gemfile.lock"):
                continue
            if not inside.endswith(_PAGE_SUFFIXES) or pages >= MAX_PAGES:
                site.files.add("/" + inside)
                continue
            pages += 1
            try:
                head = read(path)[:FRONT_BYTES].decode("utf-8", "replace")
            except Exception:
                head = ""
            front = _FRONT_MATTER.match(head)
            permalink = _PERMALINK.search(front.group(1)) if front else None
            if permalink:
                url = "/" + permalink.group(1).lstrip("/")
            else:
                stem = posixpath.splitext(inside)[0]
                if posixpath.basename(stem) in ("index", "README") and inside.endswith((".md", ".markdown", ".html")):
                    url = "/" + posixpath.dirname(stem) + "/" if posixpath.dirname(stem) else "/"
                elif site.pretty:
                    url = f"/{stem}/"
                else:
                    url = f"/{stem}.html"
            site.served[path] = url.replace("//", "/")
            site.routes[JekyllSite._key(url)] = path
            site.files.add("/" + inside)  # (a Markdown link to the source, `x.md`, still works on GitHub)
        sites.append(site)
    return sites


def site_of(sites: Iterable[JekyllSite], doc: str) -> JekyllSite | None:
    owning = [site for site in sites if site.owns(doc)]
    return max(owning, key=lambda s: len(s.root)) if owning else None
