"""Counts read as words (not "1 cells in 1 waves"): one is singular, in the Conquid
status line, its side-panel figure, and the other games' figures."""

from __future__ import annotations

import pygame

from game.catalog import all_games
from game.conquid.view.board import ConquidView
from game.conquid.view.words import figure
from game.core.text import counted
from game.forts.view.words import summary
from game.pushfight.view import words as pushfight_words

GAMES = all_games()


def test_counted_is_singular_for_one_only() -> None:
    assert counted(1, "cell") == "1 cell"
    assert counted(0, "wave") == "0 waves"
    assert counted(3, "wave") == "3 waves"
    assert counted(2, "die", "dice") == "2 dice"


def test_a_conquer_of_one_cell_in_one_wave_says_so() -> None:
    game = GAMES.get("conquid")
    state = game.decode("14/6xo6/14/4X4O4/14/14/14 1 10")
    state = game.apply(state, game.parse_move("A 0,7 2,7 5,5")).state
    state = game.apply(state, game.parse_move("C")).state
    view = ConquidView()
    view.layout(pygame.Rect(0, 0, 800, 400))
    view.show(state)
    view.set_interactive(True)
    view.action("conquer")
    assert view.status() == "Conquer takes 1 cell in 1 wave."


def test_figures_count_in_words() -> None:
    conquid = GAMES.get("conquid")
    assert figure(conquid.decode("14/6x7/14/4X4O4/14/14/14 1 10"), 0) == "1 cell"
    pushfight = GAMES.get("pushfight")
    state = pushfight.decode(".......oOXx...OoOXXx...... w 10")
    assert pushfight_words.figure(state, 0).startswith("5 pieces")
    forts = GAMES.get("forts")
    assert summary(forts.new_state({})).startswith("Survived 0 turns  ·  built 0 forts")
