"""Tables nearby: one app announces its table with mDNS and another finds it, inside a
private network namespace with loopback only (``unshare --net``), so nothing reaches the
machine's real network. Skipped, with the reason, where namespaces cannot be made."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

PROGRAM = """
import json, threading, time
from game.net.lan import Announcer, Browser
from game.net.wire.limits import PROTOCOL_VERSION
found = threading.Event()
browser = Browser(found.set)
ours = Announcer(8765, ["127.0.0.1"])
ours.announce("ABC234", "conquid", "board small", "Ada", 1)
newer = Announcer(8766, ["127.0.0.1"])
newer.announce("XYZ789", "conquid", "", "Blaise", 99)
deadline = time.monotonic() + 20
while len(browser.tables()) < 2 and time.monotonic() < deadline:
    found.wait(0.5)
    found.clear()
tables = browser.tables()
ours.withdraw()
deadline = time.monotonic() + 20
while len(browser.tables()) > 1 and time.monotonic() < deadline:
    time.sleep(0.1)
after = browser.tables()
print(json.dumps({
    "found": [[t.host, t.url, t.code, t.game, t.options, t.problem({"conquid": 1})]
              for t in tables],
    "after": [t.host for t in after],
}))
ours.close(); newer.close(); browser.close()
"""

SETUP = ("ip link set lo up && ip link set lo multicast on && "
         "ip route add 224.0.0.0/4 dev lo && exec \"$0\" -c \"$1\"")


def _namespace_run() -> str:
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("unshare or ip is not installed")
    probe = subprocess.run(["unshare", "--net", "true"], capture_output=True, timeout=10)
    if probe.returncode != 0:
        pytest.skip(f"no network namespace here: {probe.stderr.decode().strip()[:120]}")
    done = subprocess.run(["unshare", "--net", "sh", "-c", SETUP, sys.executable, PROGRAM],
                          capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_a_table_announced_is_found_and_another_version_is_greyed_with_its_reason() -> None:
    result = json.loads(_namespace_run())
    by_host = {row[0]: row for row in result["found"]}
    assert by_host["Ada"][1:5] == ["ws://127.0.0.1:8765", "ABC234", "conquid", "board small"]
    assert by_host["Ada"][5] == ""
    assert "rules version" in by_host["Blaise"][5]
    assert result["after"] == ["Blaise"]  # a withdrawn table leaves the list
