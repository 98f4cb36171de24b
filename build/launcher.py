"""The frozen executable's entry point: the same ``main`` as the ``conquid-arcade`` command.

PyInstaller runs this file as a script, so it imports the package instead of being part of
it; ``game.cli.main`` calls ``multiprocessing.freeze_support()`` first, which lets the
computer players' worker processes start from the frozen executable too.
"""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
