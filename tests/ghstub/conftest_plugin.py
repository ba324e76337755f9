"""pytest fixture ``github_stub``: a started :class:`GitHubStub` on 127.0.0.1, fresh per test.

Use it from a test module with ``pytest_plugins = ["tests.ghstub.conftest_plugin"]`` (or from
the root ``tests/conftest.py``).
"""

from __future__ import annotations

import pytest

from .server import GitHubStub


@pytest.fixture
def github_stub():
    stub = GitHubStub(host="127.0.0.1", port=0).start()
    try:
        yield stub
    finally:
        stub.stop()
