"""Takebacks in the real app (headless) against a scripted opponent through the app's own
loopback server: the player asks with *Ask to take back*, the opponent agrees and the move
leaves the board on both sides; the opponent asks, the player sees what is asked and
accepts; a declined asking changes nothing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

from game.client.app import commands as c
from game.net.wire import messages as m
from scenes.online import panel as op
from scenes.play import PlayScene
from tests.online.hosting import Opponent, against_opponent, frames_until, play_local
from tests.ui.driver import Driver

TAKEBACK = m.OfferKind.TAKEBACK


def _button(play: PlayScene, name: str) -> Any:
    return next(button for button, command in play.buttons.items() if command == name)


def _our_move_sent(app: Driver, play: PlayScene, opponent: Opponent) -> int:
    """Play until our move has reached the opponent; returns the ply before it."""
    assert play.online is not None
    while True:
        frames_until(app, lambda: play._human_to_move() or opponent.move_if_mine(),
                     also=opponent.pump)
        if play._human_to_move():
            break
        frames_until(app, lambda: "?" not in opponent.moves and len(opponent.moves)
                     == play.match.ply, also=opponent.pump)
    ply = play.match.ply
    play_local(play)
    frames_until(app, lambda: len(opponent.moves) > ply and "?" not in opponent.moves,
                 also=opponent.pump)
    return ply


def test_asked_and_accepted_the_move_leaves_both_boards(app: Driver) -> None:
    opponent, play = against_opponent(app, "conquid", seed=3)
    try:
        assert play.online is not None
        mine = play.online.my_seat
        assert op.ASK_TAKEBACK in play.buttons.values() and c.TAKE_BACK not in \
            play.buttons.values()
        before = _our_move_sent(app, play, opponent)
        app.frames(2)
        play.command_by_name(op.ASK_TAKEBACK)
        frames_until(app, lambda: m.Offered(TAKEBACK, mine) in opponent.heard
                     and play.online.takeback_asked(), also=opponent.pump)  # type: ignore
        app.frames(1)
        assert not _button(play, op.ASK_TAKEBACK).is_enabled  # asked once
        assert "waiting for Blaise" in (op.status(play.online, play.match) or "")
        assert play.match.ply == before + 1  # nothing goes before the answer
        opponent.session.answer(TAKEBACK, True)
        frames_until(app, lambda: play.match.ply == before and len(opponent.moves) == before,
                     also=opponent.pump)
        assert play.match.moves == opponent.moves
        assert "Your last move was taken back" in app.toasts()
        frames_until(app, play._human_to_move, also=opponent.pump)  # our turn again
        play_local(play)  # and the game goes on
        frames_until(app, lambda: len(opponent.moves) == before + 1 and "?" not in
                     opponent.moves, also=opponent.pump)
    finally:
        opponent.close()


def test_the_opponent_asks_the_player_sees_it_and_declines_then_accepts(app: Driver) -> None:
    opponent, play = against_opponent(app, "conquid", seed=5)
    try:
        online = play.online
        assert online is not None
        _our_move_sent(app, play, opponent)
        for accept in (False, True):
            before = play.match.ply
            assert opponent.move_if_mine()
            frames_until(app, lambda before=before: play.match.ply == before + 1,
                         also=opponent.pump)
            opponent.session.offer(TAKEBACK)
            frames_until(app, lambda: online.offered_to_me() == "takeback",
                         also=opponent.pump)
            app.frames(2)
            words = "Blaise asks to take back their last move"
            assert op.status(online, play.match) == words and words in app.toasts()
            assert op.ACCEPT in play.buttons.values() and op.DECLINE in play.buttons.values()
            play.command_by_name(op.ACCEPT if accept else op.DECLINE)
            if accept:
                frames_until(app, lambda before=before: play.match.ply == before
                             and len(opponent.moves) == before, also=opponent.pump)
                assert "Blaise's last move was taken back" in app.toasts()
            else:
                frames_until(app, lambda: m.Declined(TAKEBACK, online.my_seat)
                             in opponent.heard, also=opponent.pump)
                assert play.match.ply == before + 1 and online.offered_to_me() is None
                _our_move_sent(app, play, opponent)  # a move: the opponent may ask again
    finally:
        opponent.close()
