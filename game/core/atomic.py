"""The one way this project writes a file: atomically, so a crash never leaves half a file.

The text goes to a temporary file in the same folder, is flushed and fsynced, then
``os.replace`` swaps it in (atomic on POSIX and Windows), and the folder is fsynced so the
rename itself survives a power cut. Readers see the old file or the new one, never a mix.

The new file gets the mode of the file it replaces, or for a new file what the umask lets
``open`` give (0666 less the umask), as any program's file would: a picture exported to a
shared folder stays readable to the others there. (The temporary file starts private.) A
file that holds a secret (an online seat's token, a claimed name's secret) is written
``private``: owner-only from its first byte, whatever it replaces.

A process killed mid-write leaves its temporary file behind; the next write of the same file
removes such leftovers once they are older than ``STALE_SECONDS`` (a live write takes
milliseconds, so a younger one may belong to another process still writing).
"""

from __future__ import annotations

import contextlib
import functools
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Final

STALE_SECONDS: Final = 60.0


def atomic_write_text(path: Path, text: str, private: bool = False) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically, creating its folder if needed."""
    atomic_write_bytes(path, text.encode("utf-8"), private)


def atomic_write_bytes(path: Path, data: bytes, private: bool = False) -> None:
    with atomic_writer(path, private) as handle:
        handle.write(data)


@contextlib.contextmanager
def atomic_writer(path: Path, private: bool = False) -> Iterator[BinaryIO]:
    """A file to write ``path`` through, piece by piece (a file too large to hold in
    memory, as a long GIF): swapped in when the block ends, never if it raised."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):  # POSIX; Windows has no modes to keep
            os.fchmod(fd, 0o600 if private else _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(path.parent)
    _remove_leftovers(path)


def _mode_for(path: Path) -> int:
    """The permission bits ``path`` has now, or a new file's under the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return 0o666 & ~_umask()


@functools.cache
def _umask() -> int:
    """The process's umask, read once: from /proc where it is shown (reading it elsewhere
    means setting it, for a moment, which another thread creating a file could see).
    Windows keeps no modes: nothing to read there."""
    if os.name != "posix":
        return 0
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status") as status:
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def _remove_leftovers(path: Path) -> None:
    """Delete temporary files of earlier writes of ``path`` that a kill left behind."""
    prefix = f".{path.name}."
    now = time.time()
    with contextlib.suppress(OSError), os.scandir(path.parent) as entries:
        for entry in entries:
            if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp")):
                continue
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False) and \
                        now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS:
                    os.unlink(entry.path)


def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":  # Windows cannot open a folder for fsync; its rename is durable
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
