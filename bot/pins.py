"""Which version of another program a repository says it uses: its pins.

Read statically from the revision: requirements files, `pyproject.toml` dependencies
(optional groups too), `setup.py` strings, `environment.yml`, Dockerfiles (`pip install
x==v`, `git clone [-b REF] URL` then `git checkout REF`, `ARG X_COMMIT=sha` substituted),
shell scripts and CI workflows. A pin is exact (`==v`, a git commit, tag or branch);
ranges say nothing about which version the docs describe and are not pins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

MAX_PIN_FILE_BYTES = 1_000_000

_RANGE = re.compile(r"(?<![\w.-])(?P<name>[A-Za-z][A-Za-z0-9._-]*)\s*(?:\[[^\]\n]*\])?\s*(?P<spec>(?:~=|>=|<=|!=|>|<)\s*\d[A-Za-z0-9.*+!_-]*(?:\s*,\s*(?:~=|>=|<=|!=|>|<|==)\s*\d[A-Za-z0-9.*+!_-]*)*)")
_REQUIREMENT = re.compile(r"(?<![\w.-])(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]\n]*\])?\s*===?\s*(?P<version>[A-Za-z0-9][A-Za-z0-9.+!_-]*)")
_GIT_URL = re.compile(r"(?:git\+)?(?P<url>(?:https?|ssh|file)://[^\s\"'@#]+?|git@[^\s\"'#]+?)(?:\.git)?(?:@(?P<ref>[A-Za-z0-9._/-]+))?(?=[\s\"'#;)]|$)")
_CLONE = re.compile(r"git\s+clone\b(?P<opts>[^\n&;|]*?)\s(?P<url>(?:https?|ssh|file)://\S+?|git@\S+?)(?:\.git)?(?=[\s\"';&|)]|$)(?P<rest>[^\n&;|]*)")
_BRANCH = re.compile(r"(?:-b|--branch)[\s=]+(?P<ref>[^\s\"';&|]+)")
_CHECKOUT = re.compile(r"git\s+(?:-C\s+\S+\s+)?(?:checkout|switch|reset\s+--hard)\s+(?:-q\s+|--quiet\s+|-f\s+)*(?P<ref>[^\s\"';&|-][^\s\"';&|]*)")
_FETCH_REF = re.compile(r"git\s+(?:-C\s+\S+\s+)?fetch\s+\S+\s+(?P<ref>[0-9a-f]{7,40})\b")
_ARG = re.compile(r"^\s*(?:ARG|ENV)\s+(?P<name>[A-Za-z_][A-Za-z0-9_]*)[=\s]+(?P<value>[^\s\"']+)", re.M)
_SHELL_VAR = re.compile(r"^\s*(?:export\s+)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)=(?P<value>[^\s\"'$;&|]+)\s*$", re.M)
_VAR_USE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?")


@dataclass(frozen=True)
class Pin:
    """One statement of a version: a distribution at a version, or a git repository at a ref."""

    where: str  # "docker/Dockerfile:12"
    distribution: str | None = None  # normalised: "megatron-core"
    version: str | None = None
    url: str | None = None  # a git repository
    ref: str | None = None  # its commit, tag or branch
    image: bool = False  # from a Dockerfile's `FROM org/sglang:v0.5.15` (the image's program at that tag)
    spec: str | None = None  # a range (`>=0.11.6,<0.12.0`): required, but no one version

    @property
    def label(self) -> str:
        if self.url:
            return f"{self.url}@{self.ref}" if self.ref else self.url
        return f"{self.distribution}=={self.version}"


def normalise(name: str) -> str:
    """PEP 503: `Megatron_Core` and `megatron.core` are `megatron-core`."""
    return re.sub(r"[-_.]+", "-", name).lower()


def repo_slug(url: str) -> str:
    """`https://github.com/NVIDIA/Megatron-LM.git` -> `nvidia/megatron-lm`."""
    tail = url.rstrip("/")
    tail = tail[:-4] if tail.endswith(".git") else tail
    tail = tail.split(":", 1)[1] if tail.startswith("git@") else tail
    parts = [p for p in tail.split("/") if p]
    return "/".join(parts[-2:]).lower() if len(parts) >= 2 else tail.lower()


_NOT_PINS = re.compile(r"(^|/)(examples?|tests?|docs?|recipes?|benchmarks?|third_party|3rdparty|vendor)/", re.I)


def _pin_files(paths: Iterable[str]) -> list[str]:
    """Files whose pins speak for the repository: its packaging, requirements, Docker
    images, scripts and CI; not an example's or a test's own environment."""
    found = []
    for path in paths:
        if _NOT_PINS.search(path):
            continue
        name = path.rsplit("/", 1)[-1]
        lowered = name.lower()
        if (
            (lowered.startswith("requirements") and lowered.endswith((".txt", ".in")))
            or ("/requirements/" in f"/{path}" and lowered.endswith((".txt", ".in")))
            or name in ("pyproject.toml", "setup.py", "setup.cfg", "environment.yml", "environment.yaml")
            or name in _LOCKFILES
            or lowered.startswith("dockerfile")
            or lowered.endswith((".dockerfile", ".sh", ".bash"))
            or (path.startswith(".github/workflows/") and lowered.endswith((".yml", ".yaml")))
        ):
            found.append(path)
    return sorted(found)


def _substitute(text: str, values: dict[str, str]) -> str:
    return _VAR_USE.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def find_pins(paths: Iterable[str], read: Callable[[str], bytes]) -> list[Pin]:
    """Every exact pin the repository's files state, in path order."""
    pins: list[Pin] = []
    for path in _pin_files(paths):
        try:
            data = read(path)
        except Exception:
            continue
        if len(data) > MAX_PIN_FILE_BYTES or b"\0" in data[:1024]:
            continue
        text = data.decode("utf-8", "replace")
        if path.rsplit("/", 1)[-1] in _LOCKFILES:
            pins += _locked(path, text)
            continue
        values = {m.group("name"): m.group("value") for m in _ARG.finditer(text)}
        values.update({m.group("name"): m.group("value") for m in _SHELL_VAR.finditer(text)})
        clones: list[tuple[str, str | None, int]] = []  # url, ref, line
        for number, raw in _logical_lines(text):
            line = _substitute(raw, values)
            stripped = line.strip()
            if stripped.startswith("#") and not path.endswith(".toml"):
                continue
            for match in _CLONE.finditer(line):
                branch = _BRANCH.search(match.group("opts") + " " + match.group("rest"))
                clones.append((match.group("url"), branch.group("ref") if branch else None, number))
            refs = [m.group("ref") for m in _CHECKOUT.finditer(line)] + [m.group("ref") for m in _FETCH_REF.finditer(line)]
            if refs and clones:
                url, _, where = clones[-1]
                clones[-1] = (url, refs[-1], where)  # the checkout after the clone decides
            if "git clone" not in line:
                for match in _GIT_URL.finditer(line):
                    if line[match.start():match.start() + 4] == "git+":
                        # PEP 508 `deepspeed @ git+https://.../DeeperSpeed.git@sha`: a fork
                        # that installs as the named distribution.
                        named = re.search(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*@\s*$", line[:match.start()])
                        pins.append(Pin(f"{path}:{number}", distribution=normalise(named.group(1)) if named else None, url=match.group("url"), ref=match.group("ref")))
            if path.endswith(("setup.py", "pyproject.toml", "setup.cfg")) or "pip" in line or "/requirements" in f"/{path}" or path.rsplit("/", 1)[-1].lower().startswith("requirements") or path.endswith((".yml", ".yaml")):
                for match in _REQUIREMENT.finditer(line):
                    name = match.group("name")
                    if name.lower() in ("python", "pip") or "/" in name:
                        continue
                    pins.append(Pin(f"{path}:{number}", distribution=normalise(name), version=match.group("version").rstrip(".,")))
                for match in _RANGE.finditer(line):
                    if match.group("name").lower() not in ("python", "pip"):
                        pins.append(Pin(f"{path}:{number}", distribution=normalise(match.group("name")), spec=re.sub(r"\s+", "", match.group("spec"))))
        for url, ref, number in clones:
            pins.append(Pin(f"{path}:{number}", url=url, ref=ref))
        if path.rsplit("/", 1)[-1].lower().startswith("dockerfile") or path.lower().endswith(".dockerfile"):
            for number, raw in _logical_lines(text):
                match = _FROM.match(_substitute(raw, values))
                version = _image_version(match.group("tag")) if match else None
                if version:
                    name = match.group("image").rsplit("/", 1)[-1]
                    pins.append(Pin(f"{path}:{number}", distribution=normalise(name), version=version, image=True))
    return pins


_FROM = re.compile(r"^\s*FROM\s+(?:--platform=\S+\s+)?(?P<image>[\w./-]+):(?P<tag>[\w.+-]+)", re.I)


def _image_version(tag: str) -> str | None:
    """`v0.5.15.post1-cu129` -> `0.5.15.post1`: the program's version in an image tag."""
    match = re.match(r"v?(\d+(?:\.\d+)+(?:\.?(?:post|rc|dev|a|b)\d*)?)(?:[-_].*)?$", tag)
    return match.group(1) if match else None


_LOCKFILES = ("uv.lock", "poetry.lock", "pdm.lock")
_LOCKED = re.compile(r'^\[\[package\]\]\s*\nname\s*=\s*"([^"]+)"\s*\nversion\s*=\s*"([^"]+)"', re.M)


def _locked(path: str, text: str) -> list[Pin]:
    """`[[package]] name = "draccus" version = "0.11.5"`: the version a lockfile resolved
    a range to (`draccus>=0.11.5` in pyproject) is the one the repository runs."""
    found = []
    for match in _LOCKED.finditer(text):
        number = text.count("\n", 0, match.start()) + 2
        found.append(Pin(f"{path}:{number}", distribution=normalise(match.group(1)), version=match.group(2)))
    return found


def _logical_lines(text: str) -> Iterable[tuple[int, str]]:
    """(first line number, text) with backslash continuations joined: one Dockerfile RUN
    or shell command per item."""
    pending: list[str] = []
    first = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not pending:
            first = number
        if line.rstrip().endswith("\\"):
            pending.append(line.rstrip()[:-1])
            continue
        pending.append(line)
        yield first, " ".join(pending)
        pending = []
    if pending:
        yield first, " ".join(pending)


def ranges_for(pins: list[Pin], distributions: Iterable[str]) -> list[Pin]:
    """The ranges a repository requires one external at: it uses it, at no one version."""
    wanted = {normalise(d) for d in distributions}
    return [p for p in pins if p.spec and p.distribution in wanted]


def pins_for(pins: list[Pin], distributions: Iterable[str], repositories: Iterable[str]) -> list[Pin]:
    """The pins of one external, best first."""
    wanted = {normalise(d) for d in distributions}
    slugs = {r.lower() for r in repositories}
    git = [p for p in pins if p.url and p.ref and "$" not in p.ref and p.ref not in _MOVING_REFS and (repo_slug(p.url) in slugs or p.distribution in wanted)]
    dist = [p for p in pins if p.version and "$" not in p.version and (p.distribution in wanted or (p.image and any(str(p.distribution).startswith(w + "-") for w in wanted)))]
    # The repository's main statement first (its packaging, its plain Dockerfile), whichever
    # form it takes; between equals, a git ref (the very source) before a release.
    ranked = sorted(git + dist, key=lambda p: (_pin_rank(p)[:1], p.url is None, _pin_rank(p)[1:]))
    return list({pin.label: pin for pin in reversed(ranked)}.values())[::-1]  # one per version, best place first


# Branches that move: `git+...@main` says which repository, not which version.
_MOVING_REFS = frozenset({"main", "master", "HEAD", "develop", "dev", "nightly", "trunk"})


def _pin_rank(pin: Pin) -> tuple:
    """The repository's main statement first: its packaging and plain `Dockerfile` or
    `requirements.txt` before variants (`Dockerfile.rocm`), scripts and CI jobs (which
    often test the oldest supported version)."""
    path = pin.where.rsplit(":", 1)[0]
    name = path.rsplit("/", 1)[-1].lower()
    if name in ("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "dockerfile") or name in _LOCKFILES:
        kind = 0
    elif name.startswith(("requirements", "dockerfile", "environment")):
        kind = 1
    elif path.startswith(".github/"):
        kind = 3
    else:
        kind = 2
    return (kind, path.count("/"), len(path), pin.where)
