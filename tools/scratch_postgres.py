"""A throwaway PostgreSQL server for tests and benchmarks: initdb and pg_ctl in a temporary
folder, listening on 127.0.0.1 only, on a free port, with its socket inside that folder.

``initdb`` refuses to run as root (CI runs as root), so as root the cluster belongs to the
unprivileged ``nobody`` account and every PostgreSQL program runs through ``runuser``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

UNPRIVILEGED = "nobody"
START_TIMEOUT_SECONDS = 60


def find_bindir() -> Path | None:
    """The newest installed PostgreSQL's programs, or None when there is none."""
    on_path = shutil.which("pg_ctl")
    if on_path:
        return Path(on_path).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    return Path(found[-1]).parent if found else None


def _version(path: str) -> int:
    digits = Path(path).parent.parent.name
    return int(digits) if digits.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def scratch_postgres(bindir: Path) -> Iterator[str]:
    """Run a fresh server for the duration of the ``with``; yields its connection URL."""
    folder = Path(tempfile.mkdtemp(prefix="conquid-pg-"))
    as_root = os.geteuid() == 0
    prefix: list[str] = []
    if as_root:
        account = pwd.getpwnam(UNPRIVILEGED)
        os.chown(folder, account.pw_uid, account.pw_gid)
        prefix = ["runuser", "-u", UNPRIVILEGED, "--"]
    data, log = folder / "data", folder / "log.txt"
    port = _free_port()

    def run(*args: str) -> None:
        subprocess.run([*prefix, *args], check=True, capture_output=True, timeout=120,
                       cwd=folder)

    try:
        run(str(bindir / "initdb"), "-D", str(data), "-U", "conquid", "--auth=trust",
            "--no-sync", "-E", "UTF8", "--locale=C")
        options = (f"-c listen_addresses=127.0.0.1 -c port={port} "
                   f"-c unix_socket_directories={folder} -c max_connections=200 "
                   "-c fsync=on -c shared_buffers=32MB")
        run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options,
            "-w", "-t", str(START_TIMEOUT_SECONDS), "start")
        try:
            yield f"postgresql://conquid@127.0.0.1:{port}/postgres"
        finally:
            run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
