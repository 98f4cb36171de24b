"""Reading a small file the player (or anyone) put in our path, without ever hanging on it.

A FIFO blocks ``open`` until someone writes, ``/dev/zero`` never ends, a 5 GiB sparse file
costs 5 GiB: so the file is opened without blocking, must be a regular file, and is read
only up to a limit. Every refusal is a ``FileRefused`` whose message names the file for a
person (the name made printable: it may not even be valid UTF-8).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final

from game.core.text import printable

_OPEN_FLAGS: Final = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class FileRefused(Exception):
    """A file that was not read: missing, not a regular file, too large or unreadable."""

    def __init__(self, message: str, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


def shown_name(path: Path) -> str:
    """A file's name as a message may show it (printable, not too long)."""
    return printable(path.name, 80)


def read_bounded(path: Path, limit: int, what: str = "a file") -> bytes:
    """The bytes of the regular file at ``path``; refuses anything else or anything larger.

    ``what`` says what the file should have been, for the too-large message.
    """
    name = shown_name(path)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise FileRefused(f"{name} was not found", missing=True) from None
    except OSError as err:
        raise FileRefused(f"{name} cannot be read: {err.strerror or err}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused(f"{name} is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"{name} is not a regular file")
        if info.st_size > limit:
            raise FileRefused(f"{name} is too large to be {what}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise FileRefused(f"{name} cannot be read: {err.strerror or err}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise FileRefused(f"{name} is too large to be {what}")
    return b"".join(chunks)
