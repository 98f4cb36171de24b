"""The shipped code runs on Windows and macOS too: every call one system lacks is guarded.

The suite runs on Linux here, where an unguarded ``os.getuid()`` passes; ``tools.portability``
reads the source instead, so this fails on any system the moment such a call is unguarded.
"""

from __future__ import annotations

import textwrap

import pytest

from tools.portability import scan, scan_tree


def found(source: str) -> list[tuple[str, bool]]:
    return [(use.what, use.guarded) for use in scan(textwrap.dedent(source))]


def test_the_shipped_code_guards_every_call_one_system_lacks() -> None:
    uses = scan_tree()
    unguarded = [str(use) for use in uses if not use.guarded]
    assert not unguarded, "guard these or give them a Windows path:\n" + "\n".join(unguarded)
    listed = {(use.path, use.what) for use in uses}
    # The scan sees the ones known to be there (guarded), so it reads the right files.
    assert ("game/net/storage/sqlite.py", "import fcntl") in listed
    assert ("game/core/atomic.py", "os.fchmod (file modes)") in listed


@pytest.mark.parametrize("source, what", [
    ("import fcntl\n", "import fcntl"),
    ("import msvcrt\n", "import msvcrt"),
    ("from resource import getrusage\n", "from resource import"),
    ("import os\nos.getuid()\n", "os.getuid"),
    ("import os\nos.fork()\n", "os.fork"),
    ("from os import killpg\n", "os.killpg"),
    ("import os\nos.chmod('f', 0o600)\n", "os.chmod (file modes)"),
    ("from pathlib import Path\nPath('f').chmod(0o600)\n", ".chmod (file modes)"),
    ("import signal, os\nos.kill(1, signal.SIGKILL)\n", "signal.SIGKILL"),
    ("import signal\nsignal.alarm(3)\n", "signal.alarm"),
    ("loop.add_signal_handler(15, stop)\n", "loop.add_signal_handler (none on Windows)"),
    ("open('/proc/self/statm')\n", "path '/proc/self/statm'"),
    ("open(f'/dev/{name}')\n", "path '/dev/'"),
])
def test_each_kind_of_call_is_found_and_unguarded_alone(source: str, what: str) -> None:
    assert found(source) == [(what, False)]


def test_portable_calls_and_docstrings_are_not_listed() -> None:
    assert found('''
        """Reads /proc/self/statm on Linux."""
        import os, signal
        def f():
            """Never /dev/zero."""
            os.kill(os.getpid(), signal.SIGTERM)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.replace("a", "b")
        ''') == []


@pytest.mark.parametrize("source", [
    """
    import os
    if os.name == "posix":
        os.getuid()
    """,
    """
    import sys, os
    uid = os.getuid() if sys.platform != "win32" else 0
    """,
    """
    import os
    ok = hasattr(os, "fchmod") and os.fchmod(3, 0o600)
    """,
    """
    try:
        import fcntl
    except ImportError:
        fcntl = None
    """,
    """
    import contextlib
    with contextlib.suppress(OSError), open("/proc/self/status") as status:
        pass
    """,
    """
    import os, sys
    def f():
        if not sys.platform.startswith("linux"):
            return None
        return os.sysconf("SC_PAGE_SIZE")
    """,
])
def test_guards_are_recognised(source: str) -> None:
    [(_what, guarded)] = found(source)
    assert guarded


def test_an_unrelated_if_or_try_is_no_guard() -> None:
    assert found("""
        import os
        if debug:
            os.getuid()
        try:
            os.setsid()
        except ValueError:
            pass
        """) == [("os.getuid", False), ("os.setsid", False)]


@pytest.mark.parametrize("source, what", [
    ("import multiprocessing\nmultiprocessing.Process(target=f)\n",
     "multiprocessing.Process (the default start method; use spawn)"),
    ("import multiprocessing\nmultiprocessing.get_context('fork')\n",
     "get_context without 'spawn'"),
    ("import multiprocessing, sys\nif sys.platform == 'linux':\n"
     "    multiprocessing.set_start_method('forkserver')\n",
     "set_start_method without 'spawn'"),
    ("from concurrent.futures import ProcessPoolExecutor\nProcessPoolExecutor(2)\n",
     "ProcessPoolExecutor without mp_context (use spawn)"),
])
def test_worker_processes_are_spawned_on_every_system(source: str, what: str) -> None:
    assert found(source) == [(what, False)]
    assert found("import multiprocessing\nmultiprocessing.get_context('spawn').Process()\n") == []
