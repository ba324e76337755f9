"""Docusaurus sites: the routes their pages are served at, so links written as routes
(`/docs/guides/setup`, `./custom-id`, `../intro`) are checked the way the site resolves
them, not as file paths.

What a route is, as Docusaurus makes it (docs plugin, default options):
- a doc's id is its path under the docs folder without the extension, each part
  without its number prefix (`guides/01-setup.md` -> `guides/setup`);
- front matter `id:` replaces the last part, `slug:` replaces the route (from the
  route base when it starts with `/`, from the doc's folder otherwise);
- `index.md`, `README.md` and `foo/foo.md` are served at their folder;
- routes start with the site's `baseUrl` and the docs plugin's `routeBasePath` (`docs`);
- `src/pages/` files are pages at their path; `static/` files are served from `/`;
- `@docusaurus/plugin-client-redirects` `from:` routes exist too.
- versioned docs (`versions.json`, `versioned_docs/version-X/`) are served at
  /docs/X/..., the last release at /docs/... too, and the current docs at /docs/next
  (or at /docs with `lastVersion: 'current'`); drift answers for every one of these;
- a Markdown file link not written from `./`, `../` or `/` is tried from the docs
  folder and the site folder as well as from the page's own folder.
Blog and other plugins' routes are not modelled: a link into them is not judged.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

CONFIG_NAMES = ("docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs")
V1_CONFIG = "siteConfig.js"  # Docusaurus 1: website/siteConfig.js, the docs beside website/
DOC_SUFFIXES = (".md", ".mdx")
PAGE_SUFFIXES = (".md", ".mdx", ".js", ".jsx", ".ts", ".tsx")
FRONT_MATTER_BYTES = 4096

_NUMBER_PREFIX = re.compile(r"^\d+\s*[-_.]+\s*(?=[^-_.\s])")
_QUOTED = r"""\s*:\s*['"`]([^'"`]*)['"`]"""
_BASE_URL = re.compile(r"\bbaseUrl" + _QUOTED)
_ROUTE_BASE = re.compile(r"\brouteBasePath" + _QUOTED)
_DOCS_PATH = re.compile(r"\bdocs\s*:\s*\{[^{}]*?\bpath" + _QUOTED, re.S)
_REDIRECT_FROM = re.compile(r"\bfrom\s*:\s*(\[[^\]]*\]|['\"`][^'\"`]*['\"`])")
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*(?:\n|\Z)", re.S)


@dataclass
class Site:
    root: str  # the folder of docusaurus.config.*
    base_url: str = "/"
    route_base: str = "docs"
    docs_dir: str = "docs"  # repository path
    routes: dict[str, str] = field(default_factory=dict)  # route -> the file served there
    redirects: set[str] = field(default_factory=set)
    static: set[str] = field(default_factory=set)  # routes of static files
    generated: set[str] = field(default_factory=set)  # routes of pages a build step writes (pydoc-markdown)
    generated_folders: set[str] = field(default_factory=set)  # route prefixes a build step fills (dlt's /examples)
    v1: bool = False  # Docusaurus 1 (siteConfig.js): its own routes and heading anchors

    def owns(self, doc: str) -> bool:
        return doc == self.root or doc.startswith(self.root + "/") if self.root else True

    def route_of(self, doc: str) -> str | None:
        return next((route for route, path in self.routes.items() if path == doc), None)

    def resolve(self, doc: str, link: str) -> tuple[bool | None, str | None]:
        """(True, file) when the link is a route of the site, (False, route) when it is a
        route under the docs that the site lacks, (None, None) when drift cannot tell
        (another plugin's route, a page it does not route)."""
        target = link.split("#", 1)[0].split("?", 1)[0]
        if not target:
            return None, None
        if target.startswith("/"):
            candidates = [target]
        else:
            here = self.route_of(doc)
            if here is None:
                return None, None
            # Served without a trailing slash (`/docs/guides/setup`), a relative link
            # resolves from the route's folder; written for a folder page, from the route.
            candidates = [posixpath.normpath(posixpath.join(posixpath.dirname(here), target)), posixpath.normpath(posixpath.join(here, target))]
            if self.v1:
                candidates = candidates[:1]  # Docusaurus 1 serves /docs/x.html: never as a folder
        for candidate in candidates:
            route = self._strip_base(candidate)
            if route is None:
                continue
            route = route.rstrip("/") or "/"
            if route in self.routes:
                return True, self.routes[route]
            if route in self.redirects or route in self.static or route in self.generated:
                return True, None
            if any(route == folder or route.startswith(folder + "/") for folder in self.generated_folders):
                return True, None  # a page the build writes into a folder it fills
        first = self._strip_base(candidates[0])
        docs_prefix = "/" + self.route_base.strip("/") if self.route_base.strip("/") else "/"
        if first is not None and (first == docs_prefix or first.startswith(docs_prefix.rstrip("/") + "/")) and not posixpath.splitext(first)[1]:
            if self.route_base.strip("/") or target.startswith((".", "/")):
                return False, first
        return None, None

    def _strip_base(self, route: str) -> str | None:
        base = "/" + self.base_url.strip("/")
        if base == "/":
            return route
        if route == base or route.startswith(base + "/"):
            return route[len(base) :] or "/"
        return route  # written without the base URL: Docusaurus adds it to absolute links


# What Docusaurus leaves alone: a version or a date (`1.3_to_1.4`, `2021-11-notes`).
_VERSION_OR_DATE = re.compile(r"^\d+[-_.]\d+")


def _strip_number_prefix(part: str) -> str:
    return part if _VERSION_OR_DATE.match(part) else _NUMBER_PREFIX.sub("", part)


def _front_matter(text: str) -> dict[str, str]:
    match = _FRONT_MATTER.match(text)
    found: dict[str, str] = {}
    for line in match.group(1).splitlines() if match else ():
        key, _, value = line.partition(":")
        if key.strip() in ("id", "slug") and value.strip():
            found[key.strip()] = value.strip().strip("'\"")
    return found


def _doc_route(site: Site, relative: str, front: dict[str, str]) -> str:
    stem = posixpath.splitext(relative)[0]
    parts = [_strip_number_prefix(p) for p in stem.split("/")]
    folder = parts[:-1]
    name = front.get("id", parts[-1])
    base = "/" + site.route_base.strip("/") if site.route_base.strip("/") else ""
    slug = front.get("slug")
    if slug:
        if slug.startswith("/"):
            return (base + slug).rstrip("/") or "/"
        return posixpath.normpath("/".join([base, *folder, slug])) or "/"
    if parts[-1].lower() in ("index", "readme") or (folder and parts[-1] == folder[-1]):
        # The index convention reads the file's name, whatever its front matter's `id`
        # (frigate's plus/index.md with `id: index` is served at /plus).
        return "/".join([base, *folder]) or "/"
    return "/".join([base, *folder, name])


def read_sites(paths: Iterable[str], read: Callable[[str], bytes]) -> list[Site]:
    """The Docusaurus sites of a tree (`paths`: its files), with their routes."""
    paths = list(paths)
    known = set(paths)
    sites = []
    for config_path in sorted(p for p in paths if posixpath.basename(p) in CONFIG_NAMES):
        try:
            config = read(config_path).decode("utf-8", "replace")
        except Exception:
            continue
        root = posixpath.dirname(config_path)
        site = Site(root=root)
        if match := _BASE_URL.search(config):
            site.base_url = match.group(1) or "/"
        if match := _ROUTE_BASE.search(config):
            site.route_base = match.group(1)
        if match := _DOCS_PATH.search(config):
            site.docs_dir = posixpath.normpath(posixpath.join(root, match.group(1)))
        else:
            site.docs_dir = posixpath.join(root, "docs") if root else "docs"
        source = posixpath.join(root, "docs") if root else "docs"
        built = site.docs_dir
        if built != source and not any(p.startswith(built + "/") for p in paths) and any(p.startswith(source + "/") for p in paths):
            # dlt's `path: 'docs_processed'`: a build step writes that folder from docs/
            # beside the config (and adds pages: the examples, the API reference). The
            # sources' routes are the site's; what the build adds under it is generated.
            site.docs_dir = source
            base = "/" + site.route_base.strip("/") if site.route_base.strip("/") else ""
            site.generated_folders |= {base + folder for folder in _walked_folders(root, built, paths, read)}
        if "docusaurus-plugin-openapi-docs" in config:
            # frigate's `outputDir: "docs/integrations/api"`: the plugin writes one page per
            # endpoint of its OpenAPI spec there at build time.
            base = "/" + site.route_base.strip("/") if site.route_base.strip("/") else ""
            for output in _OPENAPI_OUTPUT.findall(config):
                folder = posixpath.normpath(posixpath.join(root, output))
                if folder.startswith(site.docs_dir + "/"):
                    site.generated_folders.add(base + folder[len(site.docs_dir):])
        for value in _REDIRECT_FROM.findall(config):
            site.redirects |= {r.rstrip("/") or "/" for r in re.findall(r"['\"`]([^'\"`]+)['\"`]", value) if r.startswith("/")}
        for hosted in ("_redirects", "static/_redirects", "vercel.json"):
            # Netlify's `_redirects` (`/docs/old /docs/new 301`), Vercel's `"source"`s:
            # both ends are routes the deployed site answers.
            hosted_path = posixpath.join(root, hosted) if root else hosted
            if hosted_path in known:
                try:
                    site.redirects |= _hosted_redirects(read(hosted_path).decode("utf-8", "replace"))
                except Exception:
                    pass
        for sidebar in sorted(p for p in paths if posixpath.dirname(p) == root and posixpath.basename(p).startswith("sidebars.")):
            # `link: {type: "generated-index", slug: "awel/tutorial"}` in sidebars.js: a
            # category page the build generates, at that slug under the docs' route.
            try:
                site.generated |= _sidebar_index_routes(site, read(sidebar).decode("utf-8", "replace"))
            except Exception:
                pass
        pages = posixpath.join(root, "src/pages") if root else "src/pages"
        static = posixpath.join(root, "static") if root else "static"
        _add_docs(site, paths, read)
        for path in paths:
            if path.startswith(pages + "/") and path.endswith(PAGE_SUFFIXES):
                stem = posixpath.splitext(path[len(pages) :])[0]
                route = stem[: -len("/index")] if stem.endswith("/index") else stem
                site.routes.setdefault(route or "/", path)
            elif path.startswith(static + "/"):
                site.static.add(path[len(static) :])
        _add_versions(site, paths, known, read)
        _add_pydoc_markdown(site, paths, known, read)
        for instance, folder, route_base in _other_docs_instances(config):
            # haystack's second docs plugin: `reference/` served at /reference/..., with its
            # own `reference_versions.json` and `reference_versioned_docs/`.
            other = Site(root=root, base_url=site.base_url, route_base=route_base, docs_dir=posixpath.normpath(posixpath.join(root, folder)))
            _add_docs(other, paths, read)
            _add_versions(other, paths, known, read, prefix=instance + "_")
            for route, path in other.routes.items():
                site.routes.setdefault(route, path)
        sites.append(site)
    for config_path in sorted(p for p in paths if posixpath.basename(p) == V1_CONFIG):
        site = _v1_site(config_path, paths, read)
        if site is not None:
            sites.append(site)
    return sites


_CUSTOM_DOCS_PATH = re.compile(r"\bcustomDocsPath" + _QUOTED)


def _v1_site(config_path: str, paths: list[str], read: Callable[[str], bytes]) -> Site | None:
    """A Docusaurus 1 site (`website/siteConfig.js`): the docs in `customDocsPath` (`docs/`
    beside `website/`) are served at `/docs/<id>` and `/docs/<id>.html`; `pages/en/x.js` at
    `/x`, other files under `pages/` (a Sphinx build's `api/*.html`) and `static/` as they are."""
    root = posixpath.dirname(config_path)
    try:
        config = read(config_path).decode("utf-8", "replace")
    except Exception:
        return None
    if "baseUrl" not in config:
        return None  # some other project's siteConfig.js
    site = Site(root=root, v1=True)
    if match := _BASE_URL.search(config):
        site.base_url = match.group(1) or "/"
    custom = _CUSTOM_DOCS_PATH.search(config)
    site.docs_dir = posixpath.normpath(posixpath.join(posixpath.dirname(root), custom.group(1) if custom else "docs"))
    for path in paths:
        if not path.startswith(site.docs_dir + "/") or not path.endswith(DOC_SUFFIXES):
            continue
        relative = path[len(site.docs_dir) + 1 :]
        try:
            front = _front_matter(read(path)[:FRONT_MATTER_BYTES].decode("utf-8", "replace"))
        except Exception:
            front = {}
        folder = posixpath.dirname(relative)
        doc_id = posixpath.join(folder, front.get("id") or posixpath.splitext(posixpath.basename(relative))[0])
        for route in ("/docs/" + doc_id, "/docs/en/" + doc_id):
            site.routes.setdefault(route, path)
            site.routes.setdefault(route + ".html", path)
    pages, static = posixpath.join(root, "pages"), posixpath.join(root, "static")
    for path in paths:
        if path.startswith(pages + "/"):
            relative = path[len(pages) :]
            if relative.startswith("/en/"):
                relative = relative[len("/en") :]
            if path.endswith(".js"):
                stem = posixpath.splitext(relative)[0]
                stem = stem[: -len("/index")] if stem.endswith("/index") else stem
                for route in {stem or "/", "/en" + stem}:
                    site.routes.setdefault(route, path)
                    site.routes.setdefault(route + ".html", path)
            else:
                site.routes.setdefault(relative, path)
        elif path.startswith(static + "/"):
            site.static.add(path[len(static) :])
    return site


_DOCS_INSTANCE = re.compile(r"""['"]@docusaurus/plugin-content-docs['"]\s*,\s*\{(.*?)\}\s*,?\s*\]""", re.S)
_ID = re.compile(r"\bid" + _QUOTED)
_PATH = re.compile(r"\bpath" + _QUOTED)


def _other_docs_instances(config: str) -> list[tuple[str, str, str]]:
    """(id, folder, routeBasePath) of each extra `@docusaurus/plugin-content-docs` instance."""
    found = []
    for block in _DOCS_INSTANCE.findall(config):
        instance, folder = _ID.search(block), _PATH.search(block)
        if instance is None or folder is None:
            continue
        route = _ROUTE_BASE.search(block)
        found.append((instance.group(1), folder.group(1), route.group(1) if route else folder.group(1)))
    return found


PYDOC_MARKDOWN = ("pydoc-markdown.yml", "pydoc-markdown.yaml")


def _add_pydoc_markdown(site: Site, paths: list[str], known: set[str], read: Callable[[str], bytes]) -> None:
    """The reference pages pydoc-markdown's Docusaurus renderer writes at build time, one
    per module of its search path (FLAML: `search_path: [../flaml/]`,
    `relative_output_path: reference` serves flaml/automl/model.py at
    /docs/reference/automl/model), so a link to one is a link to that module's page."""
    import yaml

    for name in PYDOC_MARKDOWN:
        config_path = posixpath.join(site.root, name) if site.root else name
        if config_path not in known:
            continue
        try:
            data = yaml.safe_load(read(config_path).decode("utf-8", "replace"))
        except Exception:
            continue  # an unreadable config only costs its pages
        renderer = data.get("renderer") if isinstance(data, dict) else None
        if not isinstance(renderer, dict) or renderer.get("type") != "docusaurus":
            continue
        output = str(renderer.get("relative_output_path") or "reference").strip("/")
        docs_base = posixpath.normpath(posixpath.join(site.root, str(renderer.get("docs_base_path") or "docs")))
        if docs_base != site.docs_dir:
            continue  # written into a folder this site does not serve as its docs
        prefix = "/" + "/".join(p for p in (site.route_base.strip("/"), output) if p)
        for loader in data.get("loaders") or []:
            if not isinstance(loader, dict) or loader.get("type", "python") != "python":
                continue
            for search in loader.get("search_path") or []:
                folder = posixpath.normpath(posixpath.join(site.root, str(search)))
                for path in paths:
                    if path.startswith(folder + "/") and path.endswith(".py"):
                        module = path[len(folder) + 1 : -3]
                        site.generated.add(f"{prefix}/{module}")
                        if module.endswith("/__init__"):
                            site.generated.add(f"{prefix}/{module[: -len('/__init__')]}")


def _walked_folders(root: str, built: str, paths: list[str], read: Callable[[str], bytes]) -> set[str]:
    """Route prefixes of the folders the site's sidebars read from its built docs folder
    (`walkSync("./docs_processed/examples")`) that the source docs lack: the build makes them."""
    name = posixpath.basename(built)
    found: set[str] = set()
    for sidebar in (p for p in paths if posixpath.dirname(p) == root and posixpath.basename(p).startswith("sidebars.")):
        try:
            text = read(sidebar).decode("utf-8", "replace")
        except Exception:
            continue
        for folder in re.findall(r"['\"`](?:\./)?" + re.escape(name) + r"/([\w.-]+)", text):
            if not posixpath.splitext(folder)[1]:
                found.add("/" + folder)
    return found


def _add_docs(site: Site, paths: list[str], read: Callable[[str], bytes]) -> None:
    """The routes of the docs under the site's docs folder (and its category pages)."""
    for path in paths:
        if path.startswith(site.docs_dir + "/") and path.endswith(DOC_SUFFIXES):
            relative = path[len(site.docs_dir) + 1 :]
            if any(part.startswith("_") for part in relative.split("/")):
                continue  # `_partial.mdx`: included, never a page
            try:
                front = _front_matter(read(path)[:FRONT_MATTER_BYTES].decode("utf-8", "replace"))
            except Exception:
                front = {}
            site.routes.setdefault(_doc_route(site, relative, front), path)
        elif path.startswith(site.docs_dir + "/") and posixpath.basename(path) in ("_category_.json", "_category_.yml", "_category_.yaml"):
            site.routes.update(_category_routes(site, path, read))


def _add_versions(site: Site, paths: list[str], known: set[str], read: Callable[[str], bytes], prefix: str = "") -> None:
    """The routes of the versions `versions.json` lists, and the current docs' `next`
    route: a link to any of them is served. ``prefix``: another docs instance's files
    (`reference_versions.json`, `reference_versioned_docs/`)."""
    import json

    listed = posixpath.join(site.root, prefix + "versions.json") if site.root else prefix + "versions.json"
    if listed not in known:
        return
    try:
        versions = [str(v) for v in json.loads(read(listed).decode("utf-8", "replace")) if isinstance(v, (str, int, float))]
    except Exception:
        return
    base = "/" + site.route_base.strip("/") if site.route_base.strip("/") else ""
    for route, path in list(site.routes.items()):
        if path.startswith(site.docs_dir + "/") and (route == base or route.startswith(base + "/")):
            site.routes.setdefault(base + "/next" + route[len(base) :], path)
    folder_of = {v: posixpath.join(site.root, prefix + "versioned_docs", f"version-{v}") if site.root else f"{prefix}versioned_docs/version-{v}" for v in versions}
    for path in paths:
        if not path.endswith(DOC_SUFFIXES):
            continue
        for rank, version in enumerate(versions):
            folder = folder_of[version]
            if not path.startswith(folder + "/"):
                continue
            relative = path[len(folder) + 1 :]
            if any(part.startswith("_") for part in relative.split("/")):
                break
            try:
                front = _front_matter(read(path)[:FRONT_MATTER_BYTES].decode("utf-8", "replace"))
            except Exception:
                front = {}
            route = _doc_route(site, relative, front)
            site.routes.setdefault(base + "/" + version + route[len(base) :], path)
            if rank == 0:
                site.routes.setdefault(route, path)  # the last release, unless the current docs are
            break


def markdown_link_bases(site: Site, link: str) -> list[str]:
    """Folders a Markdown file link (`patterns/x.md`) is tried from besides the page's:
    Docusaurus tries the docs folder and the site folder for one not written from
    `./`, `../` or `/`."""
    if link.startswith(("./", "../", "/")) or not link.split("#", 1)[0].endswith(DOC_SUFFIXES):
        return []
    return [site.docs_dir, site.root]


_HOSTED_ROUTE = re.compile(r"""(?:^|\s|["'])(/[^\s"'*:]*)""")


def _hosted_redirects(text: str) -> set[str]:
    """Routes named in a Netlify `_redirects` file or a Vercel config."""
    routes = set()
    for line in text.splitlines():
        if line.strip().startswith("#"):
            continue
        routes |= {r.rstrip("/") or "/" for r in _HOSTED_ROUTE.findall(line) if not r.startswith("//")}
    return routes


_OPENAPI_OUTPUT = re.compile(r"""\boutputDir\s*:\s*["'`]([^"'`]+)["'`]""")
_GENERATED_INDEX = re.compile(r"\{[^{}]*generated-index[^{}]*\}")
_SLUG = re.compile(r"\bslug\s*:\s*[\"'`]([^\"'`]+)[\"'`]")


def _sidebar_index_routes(site: Site, text: str) -> set[str]:
    """Routes of the generated-index category pages a sidebars file declares with a slug."""
    base = "/" + site.route_base.strip("/") if site.route_base.strip("/") else ""
    routes = set()
    for block in _GENERATED_INDEX.findall(text):
        slug = _SLUG.search(block)
        if slug:
            routes.add((base + "/" + slug.group(1).strip("/")).rstrip("/") or "/")
    return routes


def _category_routes(site: Site, path: str, read: Callable[[str], bytes]) -> dict[str, str]:
    """A `_category_.json` with a generated index is a page: at its `slug`, or at
    /category/<label> (and many sites serve or redirect the folder's route as well)."""
    import json

    import yaml

    try:
        text = read(path).decode("utf-8", "replace")
        data = json.loads(text) if path.endswith(".json") else yaml.safe_load(text)
    except Exception:
        return {}
    link = data.get("link") if isinstance(data, dict) else None
    if not isinstance(link, dict) or link.get("type") != "generated-index":
        return {}
    base = "/" + site.route_base.strip("/") if site.route_base.strip("/") else ""
    folder = posixpath.dirname(path)[len(site.docs_dir) + 1 :]
    parts = [_strip_number_prefix(p) for p in folder.split("/") if p]
    label = str(data.get("label") or (parts[-1] if parts else ""))
    routes = {"/".join([base, *parts]) or "/": path}
    slug = link.get("slug")
    if isinstance(slug, str) and slug:
        routes[(base + slug if slug.startswith("/") else "/".join([base, *parts[:-1], slug])).rstrip("/")] = path
    else:
        routes[f"{base}/category/{re.sub(r'[^a-z0-9]+', '-', label.lower()).strip('-')}"] = path
    return routes


def site_of(sites: Iterable[Site], doc: str) -> Site | None:
    """The site a page belongs to: the one whose docs folder holds it, else the one it sits in."""
    sites = list(sites)
    return next((s for s in sites if doc.startswith(s.docs_dir + "/")), None) or next((s for s in sites if s.root and s.owns(doc)), None)
