"""A turn of several moves online (Piously's actions), the real app headless against a
scripted opponent: our moves stay on this machine until the turn ends, so a take back inside
the turn needs no server and nothing sent is ever taken back; the opponent's turn arrives
whole and is played one move per animation; a resignation while moves are kept drops them;
a turn in progress when the app closes is still in progress (and unsent) when it resumes."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

from game.client.app import commands as c
from game.client.app.app import App
from game.client.files.paths import Paths
from game.core.match import Match
from scenes.menu import MenuScene
from scenes.online import panel as op
from scenes.online.play import OnlinePlayScene
from tests.online.hosting import (
    Opponent,
    against_opponent,
    frames_until,
    loopback_services,
)
from tests.ui.driver import Driver


def turn_goes_on(match: Match, move: Any) -> bool:
    """Whether ``move`` leaves the turn with the side that makes it."""
    state = match.game.apply(match.state, move).state
    return match.game.to_move(state) == match.to_move


def move_in_turn(match: Match) -> Any | None:
    return next((m for m in match.game.legal_moves(match.state) if turn_goes_on(match, m)), None)


def move_ending_turn(match: Match) -> Any:
    return next(m for m in match.game.legal_moves(match.state) if not turn_goes_on(match, m))


def to_a_turn_with_moves_inside(driver: Driver, play: OnlinePlayScene, opponent: Opponent,
                                rng: random.Random) -> None:
    """Both sides play at random until it is our turn and it has a move inside it."""
    mine = play.online.my_seat
    while move_in_turn(play.match) is None or play.match.to_move != mine:
        if play.match.to_move == mine and play._human_to_move():
            ply = play.match.ply
            play._play(play.match.game.random_move(play.match.state, rng))
            frames_until(driver, lambda ply=ply: len(opponent.moves) > ply, also=opponent.pump)
        elif opponent.move_if_mine():
            ply = play.match.ply
            frames_until(driver, lambda ply=ply: play.match.ply > ply, also=opponent.pump)
        else:
            driver.frames(1)
            opponent.pump()
    frames_until(driver, play._human_to_move)


def send_whole_turn(opponent: Opponent) -> int:
    """The opponent's moves of one turn (at least one kept inside it), sent in a burst."""
    match = opponent.mirror()
    texts = []
    for _ in range(3):
        move = move_in_turn(match)
        if move is None:
            break
        texts.append(match.game.format_move(move))
        match.play(move)
    texts.append(match.game.format_move(move_ending_turn(match)))
    start = len(opponent.moves)
    for ply, text in enumerate(texts, start):
        opponent.session.move(ply, text)
    return len(texts)


def test_a_turn_of_several_moves_is_kept_until_it_ends(app: Driver) -> None:
    opponent, play = against_opponent(app, "piously", seed=11)
    try:
        assert isinstance(play, OnlinePlayScene)
        mine = play.online.my_seat
        # the opening (the temple, the two pieces) to the first turn with moves inside it
        to_a_turn_with_moves_inside(app, play, opponent, random.Random(5))
        sent = play.match.ply
        # a move inside the turn stays here; taken back, it never reached the table
        play._play(move_in_turn(play.match))
        assert play.held == 1
        app.wait(0.3)
        opponent.pump()
        assert len(opponent.moves) == sent and len(play.online.moves) == sent
        play.command_by_name(c.TAKE_BACK)
        assert play.match.ply == sent and play.held == 0
        play.command_by_name(c.TAKE_BACK)
        assert play.match.ply == sent and "Ask to take back" in app.toasts()[-1]
        play._play(move_in_turn(play.match))  # the button takes a held move back at once
        play.command_by_name(op.ASK_TAKEBACK)
        assert play.match.ply == sent and play.held == 0 and not play.online.takeback_asked()
        # the whole turn goes once it ends
        play._play(move_in_turn(play.match))
        play._play(move_ending_turn(play.match))
        assert play.held == 0
        frames_until(app, lambda: opponent.moves == play.match.moves, also=opponent.pump)
        # the opponent's turn arrives at once and is played one move per animation
        count = send_whole_turn(opponent)
        start, seen = play.match.ply, []
        deadline = time.monotonic() + 20
        while play.match.ply < start + count and time.monotonic() < deadline:
            before = play.match.ply
            app.frames(1)
            time.sleep(0.002)
            assert play.match.ply - before <= 1  # never two moves in one frame
            if play.match.ply > before:
                seen.append(play.view.busy(app.app.clock))
        assert len(seen) == count
        assert sum(seen) >= count - 1  # each animated (the turn's end may show nothing)
        # a resignation while a move is kept: the kept move is dropped, the table's end shown
        frames_until(app, play._human_to_move)
        if move_in_turn(play.match) is not None:
            play._play(move_in_turn(play.match))
            assert play.held == 1
        play.online.resign()
        frames_until(app, lambda: play.match.is_over, also=opponent.pump)
        assert play.held == 0 and play.match.moves == play.online.moves
        assert play.match.moves[-1] == f"resign {mine}"
    finally:
        opponent.close()


def test_a_turn_in_progress_is_kept_across_a_restart(home: Paths) -> None:
    services = loopback_services(home)
    driver = Driver(App(services, MenuScene(services)))
    opponent, play = against_opponent(driver, "piously", seed=12)
    restarted: Driver | None = None
    try:
        assert isinstance(play, OnlinePlayScene)
        to_a_turn_with_moves_inside(driver, play, opponent, random.Random(6))
        sent = play.match.ply
        play._play(move_in_turn(play.match))
        kept = play.match.moves
        driver.app.close()
        pygame.quit()
        # the app starts again: the move is still ours to take back, and still unsent
        services = loopback_services(home)
        restarted = Driver(App(services, MenuScene(services)))
        restarted.frames(2)
        resume = next(w for w, text, _ in restarted.top.entries if text.startswith("Resume"))
        restarted.press(resume)
        frames_until(restarted, lambda: isinstance(restarted.top, OnlinePlayScene))
        again = restarted.top
        frames_until(restarted, lambda: again.online.state is not None and again._adopted)
        restarted.wait(0.3)
        opponent.pump()
        assert again.match.moves == kept and again.held == 1
        assert len(again.online.moves) == sent and len(opponent.moves) == sent
        again._play(move_ending_turn(again.match))  # the whole turn goes, acknowledged
        frames_until(restarted, lambda: again.online.moves == again.match.moves)
    finally:
        opponent.close()
        if restarted is not None:
            restarted.app.close()
        pygame.quit()
