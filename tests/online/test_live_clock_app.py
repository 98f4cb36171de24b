"""The real app, headless, at a table with a real-time clock (hosted from the form with a
custom 0.5+0): both clocks show on the seat cards, the running one counts down, the player
whose time is low is warned (the word and the sound), and when the app's player stops moving
after a first move each the server ends the game on time by itself, nobody claiming."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.protocol import OutcomeReason
from scenes.online import panel as op
from tests.online.hosting import against_opponent, frames_until, play_local
from tests.ui.driver import Driver


def test_the_app_s_player_stops_and_loses_on_time(app: Driver) -> None:
    played: list[str] = []
    sounds = app.app.services.sounds
    sounds.play = played.append  # type: ignore[method-assign]
    # (Conquid: no random move ends the game in its first turns)
    opponent, play = against_opponent(app, "conquid", seed=3, clock="0.5+0")
    try:
        online = play.online
        assert online is not None and online.state.clock.base == 30
        frames_until(app, lambda: online.clocks is not None, also=opponent.pump)
        mine = online.my_seat
        if play.match.to_move != mine:
            assert opponent.move_if_mine()
            frames_until(app, lambda: play.match.to_move == mine and play.match.ply > 0,
                         also=opponent.pump)
        # a first move each (a player who never makes one has the game aborted instead)
        ply = play.match.ply
        frames_until(app, play._human_to_move, also=opponent.pump)
        play_local(play)
        frames_until(app, lambda: len(opponent.moves) > ply and "?" not in opponent.moves,
                     also=opponent.pump)
        if play.match.to_move != mine:
            assert opponent.move_if_mine()
            frames_until(app, lambda: play.match.to_move == mine and play.match.ply > ply + 1,
                         also=opponent.pump)
        first = op.clock_left(online, play.match, mine)
        theirs = op.clock_left(online, play.match, 1 - mine)
        assert first is not None and theirs is not None and first <= 30
        app.wait(0.3)
        later = op.clock_left(online, play.match, mine)
        assert later is not None and later < first  # ours runs
        assert op.clock_left(online, play.match, 1 - mine) == theirs  # theirs waits
        frames_until(app, lambda: "Low time!" in play._top_bar_note(), seconds=35,
                     also=opponent.pump)
        app.frames(2)
        assert played.count("low-time") == 1  # once a turn, not every frame
        frames_until(app, lambda: play.match.is_over, seconds=35, also=opponent.pump)
        outcome = play.match.outcome
        assert outcome is not None and outcome.reason is OutcomeReason.TIME
        assert outcome.winner == 1 - mine and play.match.moves[-1] == f"time {mine}"
        assert "Low time!" not in play._top_bar_note()
    finally:
        opponent.close()
