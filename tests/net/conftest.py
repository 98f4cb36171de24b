"""Fixtures for the server tests: a scratch PostgreSQL server (never skipped in CI)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

from tools.scratch_postgres import find_bindir, scratch_postgres


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    if not sys.platform.startswith("linux"):
        pytest.skip("the scratch PostgreSQL server is Linux's (Debian's layout, a user to run "
                    "it as root); servers of several processes are run on Linux")
    bindir = find_bindir()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed, and CI must run the PostgreSQL tests")
        pytest.skip("PostgreSQL is not installed (CI never skips these)")
    with scratch_postgres(bindir) as url:
        yield url
