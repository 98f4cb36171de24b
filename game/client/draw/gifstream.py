"""An animated GIF written frame by frame, in memory bounded by one frame.

Pillow's ``save_all`` keeps every distinct picture until it writes the file, so a long game
at a large size needed gigabytes. Here each picture is compared with the one before; only
the rectangle that changed is written (with its own colour table, so each keeps its colours),
and a picture that changed nothing lengthens the one before. Only the previous picture and
the one waiting for its duration are held. Pillow's legacy ``GifImagePlugin.getdata``
encodes a frame; the file's header and trailer are written here.
"""

from __future__ import annotations

import struct
from typing import Any, BinaryIO

COLOURS = 64
"""Colours of each frame's table (as the whole-file encoder used before)."""


class GifStream:
    """Writes a looping GIF of pictures of one ``size`` to ``handle``, ``step_ms`` each."""

    def __init__(self, handle: BinaryIO, size: tuple[int, int], step_ms: int) -> None:
        from PIL import GifImagePlugin, Image, ImageChops

        self._image, self._chops, self._gif = Image, ImageChops, GifImagePlugin
        self.handle, self.size, self.step_ms = handle, size, step_ms
        self._previous: Any = None
        self._pending: tuple[Any, tuple[int, int], int] | None = None
        """The last changed rectangle, where it goes, and how long it shows (it grows while
        the pictures after it change nothing)."""
        self.written = 0
        """Frames written to the file (pictures that changed something)."""
        handle.write(b"GIF89a" + struct.pack("<HHBBB", size[0], size[1], 0, 0, 0))
        handle.write(b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")  # loop for ever

    def add(self, rgb: bytes) -> None:
        """The next picture, as RGB bytes ``size`` large."""
        picture = self._image.frombytes("RGB", self.size, rgb)
        box = (0, 0, *self.size) if self._previous is None else \
            self._chops.difference(self._previous, picture).getbbox()
        self._previous = picture
        if box is None:  # nothing changed: the frame before shows longer
            assert self._pending is not None
            part, offset, shown = self._pending
            self._pending = (part, offset, shown + self.step_ms)
            return
        self._flush()
        part = picture.crop(box).quantize(colors=COLOURS)
        self._pending = (part, (box[0], box[1]), self.step_ms)

    def close(self) -> None:
        """Write the last frame and the trailer."""
        self._flush()
        self.handle.write(b";")

    def _flush(self) -> None:
        if self._pending is None:
            return
        part, offset, shown = self._pending
        self._pending = None
        for chunk in self._gif.getdata(part, offset, duration=shown, include_color_table=True):
            self.handle.write(chunk)
        self.written += 1
