"""Compile the pure rules' C speed-ups in place (``game/pushfight/rules/_successors.c``).

Called by the wheel and editable builds (``hatch_build.py``, so ``make`` builds it on a
fresh machine) and by the PyInstaller spec. Without a C compiler nothing fails: the pure
Python path is used and this says why, once, on stderr.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXTENSIONS = {"game.pushfight.rules._successors": "game/pushfight/rules/_successors.c"}
"""Module name: its C source, relative to the repository root."""


def build_in_place(root: Path = ROOT) -> list[Path]:
    """Build each extension next to its source; return the files made (none if it failed)."""
    try:
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext
    except ImportError as err:
        print(f"compiled rules skipped (no setuptools: {err}); pure Python is used",
              file=sys.stderr)
        return []
    extensions = [Extension(name, [source], extra_compile_args=_flags())
                  for name, source in EXTENSIONS.items()]
    distribution = Distribution({"name": "conquid-arcade-compiled", "ext_modules": extensions})
    command = build_ext(distribution)
    command.inplace = True
    here = Path.cwd()
    with tempfile.TemporaryDirectory() as temporary:
        command.build_temp = command.build_lib = temporary  # not into the checkout
        command.ensure_finalized()
        try:
            os.chdir(root)  # in place: next to the sources
            command.run()
        except Exception as err:  # no compiler, no headers: the game still runs, slower
            print(f"compiled rules skipped ({err}); pure Python is used", file=sys.stderr)
            return []
        finally:
            os.chdir(here)
    return [root / command.get_ext_filename(name) for name in EXTENSIONS]


def _flags() -> list[str]:
    return ["/O2"] if sys.platform == "win32" else ["-O2"]


if __name__ == "__main__":
    for path in build_in_place():
        print(path)
