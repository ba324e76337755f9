"""Bring another program's source at the version a repository pins into a user cache.

`~/.cache/drift/externals` (or `$DRIFT_CACHE_DIR/externals`) holds one folder per
distribution version or git commit. A wheel comes from the package index pip is set up
for (`pip download --only-binary :all:`: pip's own configuration, proxies and
`PIP_INDEX_URL` apply; sdists are never built, since building runs their code); a git
source is fetched at its ref. Only `.py` files are kept, with safe names and a size cap.
Nothing fetched is imported or run, and nothing is written outside the cache folder.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from .pins import Pin

FETCH_TIMEOUT = 600  # seconds for one download or clone
MAX_UNPACKED_BYTES = 300_000_000
DONE = ".drift-complete"


class FetchError(Exception):
    """A pin that could not be brought: the reason, for a note."""


def cache_root() -> Path:
    override = os.environ.get("DRIFT_CACHE_DIR")
    if override:
        return Path(override) / "externals"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "drift" / "externals"


def folder_for(pin: Pin) -> Path:
    """Where a pin's source lives once fetched (whether or not it is there yet)."""
    if pin.url:
        key = hashlib.sha1(f"{pin.url}@{pin.ref}".encode()).hexdigest()[:16]
        name = f"git-{pin.url.rstrip('/').rsplit('/', 1)[-1]}-{key}"
    else:
        name = f"pypi-{pin.distribution}-{pin.version}"
    return cache_root() / "".join(c if c.isalnum() or c in "._-" else "_" for c in name)


def cached(pin: Pin) -> Path | None:
    folder = folder_for(pin)
    return folder if (folder / DONE).is_file() else None


def fetch(pin: Pin) -> Path:
    """The folder holding the pin's Python source, fetched now unless already cached."""
    done = cached(pin)
    if done is not None:
        return done
    folder = folder_for(pin)
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent, prefix=".part-") as scratch:
        staging = Path(scratch) / "src"
        staging.mkdir()
        if pin.url:
            _fetch_git(pin, Path(scratch) / "clone", staging)
        else:
            _fetch_wheel(pin, Path(scratch) / "download", staging)
        (staging / DONE).write_text(pin.label + "\n")
        if folder.exists():
            shutil.rmtree(folder, ignore_errors=True)
        staging.rename(folder)
    return folder


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DRIFT_WEBHOOK", "DRIFT_APP_", "GITHUB_TOKEN"))}
    env["GIT_TERMINAL_PROMPT"] = "0"
    return env


def _run(command: list[str], cwd: Path | None = None) -> None:
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, timeout=FETCH_TIMEOUT, env=_environment(), stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise FetchError(f"{command[0]} took longer than {FETCH_TIMEOUT} s") from None
    except OSError as exc:
        raise FetchError(f"cannot run {command[0]}: {exc.strerror}") from None
    if done.returncode != 0:
        tail = (done.stderr.decode("utf-8", "replace").strip().splitlines() or ["no output"])[-1]
        raise FetchError(tail[:300])


def _fetch_wheel(pin: Pin, download: Path, staging: Path) -> None:
    download.mkdir()
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:", "--dest", str(download), f"{pin.distribution}=={pin.version}"])
    wheels = sorted(download.glob("*.whl"))
    if not wheels:
        raise FetchError(f"no wheel of {pin.distribution} {pin.version}")
    try:
        with zipfile.ZipFile(wheels[0]) as archive:
            _unpack(((info.filename, info.file_size, lambda info=info: archive.read(info)) for info in archive.infolist()), staging)
    except zipfile.BadZipFile:
        raise FetchError(f"{wheels[0].name} is not a wheel") from None


def _fetch_git(pin: Pin, clone: Path, staging: Path) -> None:
    _run(["git", "init", "--quiet", str(clone)])
    ref = pin.ref or "HEAD"
    try:
        _run(["git", "-C", str(clone), "fetch", "--quiet", "--depth", "1", pin.url or "", ref])
    except FetchError:
        _run(["git", "-C", str(clone), "fetch", "--quiet", pin.url or "", "+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*"])
        ref_to_read = ""
        for candidate in (ref, f"origin/{ref}"):
            try:
                _run(["git", "-C", str(clone), "rev-parse", "--verify", "--quiet", candidate + "^{commit}"])
            except FetchError:
                continue
            ref_to_read = candidate
            break
        if not ref_to_read:
            raise FetchError(f"{pin.url} has no {ref}")
    else:
        ref_to_read = "FETCH_HEAD"
    listing = subprocess.run(["git", "-C", str(clone), "ls-tree", "-r", "-l", "-z", ref_to_read], capture_output=True, timeout=FETCH_TIMEOUT, env=_environment())
    if listing.returncode != 0:
        raise FetchError(f"cannot list {pin.label}")
    entries = []
    for record in listing.stdout.split(b"\0"):
        if not record:
            continue
        meta, _, name = record.partition(b"\t")
        parts = meta.split()
        if len(parts) == 4 and parts[1] == b"blob" and parts[3].isdigit():
            path = name.decode("utf-8", "replace")
            blob = parts[2].decode()
            entries.append((path, int(parts[3]), lambda blob=blob: subprocess.run(["git", "-C", str(clone), "cat-file", "blob", blob], capture_output=True, timeout=FETCH_TIMEOUT).stdout))
    _unpack(entries, staging)


def _unpack(members, staging: Path) -> None:
    """Writes the `.py` members with safe relative names, up to the size cap."""
    total = 0
    for name, size, read in members:
        if not name.endswith(".py"):
            continue
        parts = name.replace("\\", "/").split("/")
        if name.startswith("/") or any(p in ("", ".", "..") for p in parts) or ":" in parts[0]:
            continue
        total += size
        if total > MAX_UNPACKED_BYTES:
            raise FetchError(f"more than {MAX_UNPACKED_BYTES // 1_000_000} MB of Python source")
        target = staging.joinpath(*parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(read())
