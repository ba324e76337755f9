"""The App's settings, from environment variables (or a TOML file named by DRIFT_CONFIG).

Secrets (the private key, the webhook secret) are read from the environment or from
files and are never logged or put in an error message.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..revision import DriftError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


@dataclass
class Settings:
    app_id: int | None = None
    private_key: str | None = field(default=None, repr=False)
    webhook_secret: str | None = field(default=None, repr=False)
    github_url: str = "https://api.github.com"  # Enterprise: https://HOST/api/v3
    data_dir: Path = Path("drift-data")
    redis_url: str | None = None
    conclusion: str = "neutral"
    job_lease_seconds: float = 600.0
    body_timeout_seconds: float = 10.0  # to receive a webhook's whole body
    workers: int = 2
    coverage_hour: int = 6  # UTC hour of the daily coverage run (negative: none)
    # Fetch the pinned source of frameworks a repository extends (into data_dir/externals).
    fetch_externals: bool = True
    # Each job runs in a child process with these limits ("thread" runs it in the worker
    # itself, without limits: for debugging only).
    job_isolation: str = "process"
    job_timeout_seconds: float = 900.0  # wall clock, then the job's process is killed
    job_memory_mb: int = 4096  # address space of the job's process
    # In a job's process only: the installation tokens its worker handed it.
    installation_tokens: dict = field(default_factory=dict, repr=False)

    @property
    def queue_path(self) -> Path:
        return self.data_dir / "queue.sqlite"

    @property
    def state_path(self) -> Path:
        return self.data_dir / "state.sqlite"

    @property
    def repos_dir(self) -> Path:
        return self.data_dir / "repos"

    def require_app(self) -> None:
        missing = [name for name, value in (("DRIFT_APP_ID", self.app_id), ("DRIFT_PRIVATE_KEY or DRIFT_PRIVATE_KEY_PATH", self.private_key)) if not value]
        if missing:
            raise DriftError("the App needs " + " and ".join(missing))

    def require_secret(self) -> None:
        if not self.webhook_secret:
            raise DriftError("DRIFT_WEBHOOK_SECRET is not set: refusing to accept unsigned webhooks")


def _read(path: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DriftError(f"cannot read {what} from {path}: {exc.strerror}") from None


def _private(path: str, what: str) -> None:
    """Like ssh: a key file others can read is refused, not used."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # _read says why
    if mode & 0o077:
        raise DriftError(f"{what} at {path} is readable by others (mode {oct(mode & 0o777)}): chmod 600 it")


SECRET_VARIABLES = ("DRIFT_PRIVATE_KEY", "DRIFT_WEBHOOK_SECRET")


def scrub_environment(environ: Any = None) -> None:
    """Once the settings hold the secrets, drop them from the process environment: every
    git (and other) subprocess would inherit them."""
    environ = os.environ if environ is None else environ
    for name in SECRET_VARIABLES:
        environ.pop(name, None)


def load_settings(environ: dict[str, str] | None = None) -> Settings:
    env = dict(os.environ if environ is None else environ)
    data: dict = {}
    if env.get("DRIFT_CONFIG"):
        try:
            data = tomllib.loads(_read(env["DRIFT_CONFIG"], "the App config")).get("app", {})
        except tomllib.TOMLDecodeError as exc:
            raise DriftError(f"{env['DRIFT_CONFIG']}: {exc}") from None

    def get(name: str, key: str, default=None):
        return env.get(name) or data.get(key) or default

    key = get("DRIFT_PRIVATE_KEY", "private_key")
    key_path = get("DRIFT_PRIVATE_KEY_PATH", "private_key_path")
    if not key and key_path:
        _private(key_path, "the private key")
        key = _read(key_path, "the private key")
    secret = get("DRIFT_WEBHOOK_SECRET", "webhook_secret")
    secret_path = get("DRIFT_WEBHOOK_SECRET_PATH", "webhook_secret_path")
    if not secret and secret_path:
        _private(secret_path, "the webhook secret")
        secret = _read(secret_path, "the webhook secret")
    app_id = get("DRIFT_APP_ID", "app_id")
    try:
        app_id = int(app_id) if app_id else None
    except ValueError:
        raise DriftError("DRIFT_APP_ID must be a number") from None
    conclusion = get("DRIFT_CONCLUSION", "conclusion", "neutral")
    if conclusion not in ("neutral", "failure"):
        raise DriftError("DRIFT_CONCLUSION must be neutral or failure")
    def number(name: str, key: str, default, kind=float):
        raw = get(name, key, default)
        try:
            return kind(raw)
        except (TypeError, ValueError):
            raise DriftError(f"{name} must be a number, not {raw!r}") from None

    if secret:
        secret = secret.strip()
    return Settings(
        app_id=app_id,
        private_key=key,
        webhook_secret=secret,
        github_url=get("DRIFT_GITHUB_URL", "github_url", "https://api.github.com").rstrip("/"),
        data_dir=Path(get("DRIFT_DATA_DIR", "data_dir", "drift-data")),
        redis_url=get("DRIFT_REDIS_URL", "redis_url"),
        conclusion=conclusion,
        job_lease_seconds=number("DRIFT_JOB_LEASE_SECONDS", "job_lease_seconds", 600),
        body_timeout_seconds=number("DRIFT_BODY_TIMEOUT_SECONDS", "body_timeout_seconds", 10),
        workers=number("DRIFT_WORKERS", "workers", 2, int),
        coverage_hour=number("DRIFT_COVERAGE_HOUR", "coverage_hour", 6, int),
        fetch_externals=str(get("DRIFT_FETCH_EXTERNALS", "fetch_externals", "1")).lower() not in ("0", "false", "no", "off"),
        job_isolation=_isolation(get("DRIFT_JOB_ISOLATION", "job_isolation", "process")),
        job_timeout_seconds=number("DRIFT_JOB_TIMEOUT_SECONDS", "job_timeout_seconds", 900),
        job_memory_mb=number("DRIFT_JOB_MEMORY_MB", "job_memory_mb", 4096, int),
    )


def _isolation(value: str) -> str:
    if value not in ("process", "thread"):
        raise DriftError(f"DRIFT_JOB_ISOLATION must be process or thread, not {value!r}")
    return value
