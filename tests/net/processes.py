"""``conquid-arcade serve`` as a child process, for the kill-and-restart tests and the bench:
start it on port 0, learn its port from its first line, read its CPU time and memory."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

READY = re.compile(r"serving tables on (\S+):(\d+)")
START_SECONDS = 60.0


@dataclass
class ServerProcess:
    process: subprocess.Popen[str]
    port: int
    lines: list[str]

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def cpu_seconds(self) -> float:
        """User + system CPU time so far (Linux ``/proc``)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    def memory_mb(self) -> tuple[float, float]:
        """Resident memory now and at its peak, in MB."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        found = dict(re.findall(r"^(VmRSS|VmHWM):\s+(\d+) kB", status, re.MULTILINE))
        return int(found["VmRSS"]) / 1024, int(found["VmHWM"]) / 1024

    def stop(self, timeout: float = 20.0) -> int:
        """SIGTERM, then wait; the exit code."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait(timeout)

    def kill(self) -> None:
        """SIGKILL: no clean shutdown at all."""
        self.process.kill()
        self.process.wait(20)


def start_server(db: str, port: int = 0, *extra: str) -> ServerProcess:
    command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--db", db, *extra]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    lines: list[str] = []
    found: list[int] = []
    ready = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            match = READY.search(line)
            if match and not found:
                found.append(int(match.group(2)))
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(START_SECONDS) or not found:
        process.kill()
        process.wait(10)
        raise RuntimeError("the server did not start: " + " | ".join(lines))
    return ServerProcess(process, found[0], lines)
