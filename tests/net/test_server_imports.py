"""The server side never loads pygame or the client's widgets, checked where it counts: in a
fresh interpreter that imports the server, the client and the smoke run and builds every
game's rules (the import contract takes the plug-ins' view loaders on trust)."""

from __future__ import annotations

import subprocess
import sys

PROGRAM = """
import sys
import game.net.client, game.net.commands, game.net.lan, game.net.server.runner, game.net.session
import game.net.smoke
from game.catalog import all_games
games = all_games()
rules = list(games)  # each game's rules, loaded
loaded = sorted(name for name in sys.modules
                if name.split(".")[0] in ("pygame", "pygame_gui", "scenes")
                or name.startswith("game.client.view") or ".view.board" in name)
print(",".join(loaded))
"""


def test_the_server_side_loads_no_pygame_no_widgets_and_no_board_view() -> None:
    done = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == ""
