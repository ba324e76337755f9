"""App authentication: a JWT from the App's private key, exchanged for installation
tokens, cached until five minutes before they expire (they last an hour)."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timezone

from github import Auth, Github, GithubIntegration

from .settings import Settings

REFRESH_MARGIN = 300.0


class TokenCache:
    def __init__(self, settings: Settings):
        settings.require_app()
        self.settings = settings
        self._tokens: dict[int, tuple[str, float]] = {}
        self._lock = threading.Lock()
        self.integration = GithubIntegration(auth=Auth.AppAuth(settings.app_id, settings.private_key), base_url=settings.github_url)

    def token(self, installation_id: int) -> str:
        with self._lock:
            cached = self._tokens.get(installation_id)
            if cached and cached[1] - REFRESH_MARGIN > time.time():
                return cached[0]
            access = self.integration.get_access_token(installation_id)
            expires = access.expires_at
            if expires.tzinfo is None:
                expires = expires.replace(tzinfo=timezone.utc)
            self._tokens[installation_id] = (access.token, expires.timestamp())
            return access.token

    def client(self, installation_id: int) -> Github:
        return Github(auth=Auth.Token(self.token(installation_id)), base_url=self.settings.github_url, seconds_between_requests=0, seconds_between_writes=0, retry=None)


class PresetTokens:
    """The installation token a worker handed to a job's process: the process that reads
    an untrusted repository never holds the App's private key."""

    def __init__(self, settings: Settings):
        self.settings = settings

    def token(self, installation_id: int) -> str:
        token = self.settings.installation_tokens.get(installation_id) or self.settings.installation_tokens.get(str(installation_id))
        if not token:
            raise PermissionError(f"this job was given no token for installation {installation_id}")
        return token

    def client(self, installation_id: int) -> Github:
        return Github(auth=Auth.Token(self.token(installation_id)), base_url=self.settings.github_url, seconds_between_requests=0, seconds_between_writes=0, retry=None)


def now() -> datetime:
    return datetime.now(timezone.utc)
