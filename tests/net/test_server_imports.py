"""Serving tables never loads pygame: the import contract lets the server reach the games
through the catalog's plug-ins (whose view loaders only the desktop client runs), so this
checks in a fresh interpreter that a server with every game's rules loaded has no pygame."""

from __future__ import annotations

import subprocess
import sys

PROGRAM = """
import sys
import game.net.client, game.net.commands, game.net.server.runner, game.net.smoke
from game.catalog import all_games
games = list(all_games())
print(len(games), sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))
"""


def test_a_server_with_every_game_loaded_has_no_pygame() -> None:
    out = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True,
                         check=True, timeout=60).stdout.split(maxsplit=1)
    assert int(out[0]) >= 4
    assert out[1].strip() == "[]"
