"""The one way this project writes a file: atomically, so a crash never leaves half a file.

The text goes to a temporary file in the same folder, is flushed and fsynced, then
``os.replace`` swaps it in (atomic on POSIX and Windows), and the folder is fsynced so the
rename itself survives a power cut. Readers see the old file or the new one, never a mix.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically, creating its folder if needed."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":  # Windows cannot open a folder for fsync; its rename is durable
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
