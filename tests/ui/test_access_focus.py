"""Every screen by keyboard: Tab and Shift+Tab go round every control, each said by name,
drawn with a focus ring; Return works the focused control; no pointer event is posted. The
lists a screen draws itself (the move list, the help's contents) are stops too: Up and Down
move a framed row, said as it is reached, and Return chooses it as a click would."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
import pytest

from game.client.access.focus import name_of
from game.client.access.stops import ListStop
from game.client.app.scene import Push, Scene
from game.client.app.services import Services
from game.client.draw import palette
from game.core.match import Match
from scenes.common import button
from scenes.play import PlayScene
from tests.ui.driver import Driver
from tests.ui.test_access_box import no_pointer


def tab(driver: Driver, back: bool = False) -> None:
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB,
                               mod=pygame.KMOD_SHIFT if back else 0, unicode="\t", scancode=0)
    driver.frames(1, [event])


def conquid(services: Services, moves: int = 0) -> Match:
    """A small Conquid game after ``moves`` seeded random moves."""
    match = Match(services.games.get("conquid"), {"board": "small"})
    rng = random.Random(3)
    while match.ply < moves:
        match.play(match.game.random_move(match.state, rng))
    return match


SCREENS: dict[str, Callable[[Services, Any], Scene]] = {
    "setup": lambda s, _top: s.scenes.setup(s, s.games.get("piously")),
    "settings": lambda s, _top: s.scenes.settings(s),
    "online": lambda s, _top: s.scenes.online(s),
    "learn": lambda s, _top: s.scenes.learn(s, "pushfight"),
    "replay": lambda s, _top: s.scenes.replay(s, conquid(s, 4)),
    "help": lambda s, _top: s.scenes.help(s, "forts"),
    "scores": lambda s, _top: s.scenes.scores(s),
    "games": lambda s, _top: s.scenes.games(s),
    "play": lambda s, _top: PlayScene(s, conquid(s, 4)),
    "pause": lambda s, top: s.scenes.pause(s, top, "conquid", None),
}


def spoken(words: str) -> str:
    """``words`` as speech keeps them (spaces run together)."""
    return " ".join(words.split())


LISTS: dict[str, list[str]] = {
    "play": ["Moves"], "replay": ["Moves"], "help": ["Contents"], "online": [""],
    "games": ["Unfinished games (the 10 most recent are kept)", "Finished games"]}
"""The lists of each screen, each one stop named by its label: the ones the scene draws and
pygame_gui's selection lists (the online screen's own games are captioned by the scene)."""


def tour(driver: Driver, services: Services) -> list[Any]:
    """Tab round the screen on top: every control once, then back to the first."""
    scene = driver.top
    found = driver.app.focus.controls(scene)
    assert found, f"{type(scene).__name__} has no control"
    seen = []
    for _ in found:
        tab(driver)
        focused = driver.app.focus.current(scene)
        seen.append(focused)
        assert services.speech.said[-1] == spoken(name_of(focused))
    assert {id(e) for e in seen} == {id(e) for e in found}
    tab(driver)
    assert driver.app.focus.current(scene) is found[0]
    tab(driver, back=True)
    assert driver.app.focus.current(scene) is found[-1]
    return found


def test_the_menu_by_tab_and_return(driver: Driver, services: Services) -> None:
    pointer = no_pointer(driver)
    driver.frames(2)
    found = tour(driver, services)
    settings = next(e for e in found if getattr(e, "text", "") == "Settings")
    while driver.app.focus.current(driver.top) is not settings:
        tab(driver)
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0)])
    driver.frames(3)
    assert type(driver.top).__name__ == "SettingsScene"
    assert pointer == []


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_screen_goes_round_by_tab(driver: Driver, services: Services,
                                        screen: str) -> None:
    pointer = no_pointer(driver)
    driver.frames(2)
    if screen == "pause":
        driver.app.stack.apply(Push(PlayScene(services, conquid(services))))
        driver.frames(2)
    driver.app.stack.apply(Push(SCREENS[screen](services, driver.top)))
    driver.frames(2)
    while getattr(driver.top, "_rows", None):  # the settings' key rows, a few a frame
        driver.frames(1)
    found = tour(driver, services)
    assert [stop.name for stop in found if isinstance(stop, ListStop)] == LISTS.get(screen, [])
    assert pointer == []


def test_a_dialog_takes_the_focus_and_return_answers_it(driver: Driver,
                                                        services: Services) -> None:
    play = driver.open_play(conquid(services))
    play.command_by_name("resign")
    driver.frames(2)
    dialog = play.live_dialog()
    assert dialog is not None
    found = tour(driver, services)
    assert all(dialog in _parents(e) for e in found)
    resign = next(e for e in found if getattr(e, "text", "") == "Resign")
    while driver.app.focus.current(play) is not resign:
        tab(driver)
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0)])
    driver.frames(3)
    assert play.match.is_over


def _parents(element: Any) -> list[Any]:
    found = []
    container = getattr(element, "ui_container", None)
    while container is not None and container not in found:
        found.append(container)
        found.append(getattr(container, "parent_element", None))
        container = getattr(container, "ui_container", None) or getattr(
            container, "parent_element", None)
    return found


def test_a_click_drops_the_focus_so_return_confirms_again(driver: Driver,
                                                          services: Services) -> None:
    play = driver.open_play(conquid(services))
    tab(driver)
    assert driver.app.focus.current(play) is not None
    driver.click((5, 5))
    assert driver.app.focus.current(play) is None


def test_speech_is_a_setting_ticked_by_keyboard(driver: Driver, services: Services) -> None:
    driver.app.stack.apply(Push(services.scenes.settings(services)))
    driver.frames(2)
    box = driver.top.widgets["speech"]
    while driver.app.focus.current(driver.top) is not box:
        tab(driver)
    assert services.speech.said[-1] == "Speak aloud, check box, off"
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" ", scancode=0)])
    driver.frames(2)
    assert services.settings.speech and services.speech.on
    assert services.settings.to_json()["speech"] is True


def test_tab_leaves_the_focus_alone_while_a_move_is_typed(driver: Driver,
                                                          services: Services) -> None:
    play = driver.open_play(conquid(services))
    driver.key("/")
    tab(driver)
    assert play.access.box.shown and driver.app.focus.current(play) is None
    assert "Conquid. Player 1 to move. Players: Player 1; Player 2. / types a move, Down " \
        "shows the board cursor" in services.speech.said


def test_a_button_that_opens_a_dialog_leaves_return_to_the_dialog(driver: Driver,
                                                                  services: Services) -> None:
    play = driver.open_play(conquid(services))
    resign = next(w for w, name in play.buttons.items() if name == "resign")
    while driver.app.focus.current(play) is not resign:
        tab(driver)
    for _ in range(2):  # the button asks; the question's Return answers it
        driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0)])
        driver.frames(3)
    assert play.match.is_over and not play.dialog_open()


def test_a_key_button_pressed_by_keyboard_takes_the_next_key(driver: Driver,
                                                             services: Services) -> None:
    driver.app.stack.apply(Push(services.scenes.settings(services)))
    driver.frames(2)
    settings = driver.top
    while settings._rows:
        driver.frames(1)
    hint = next(w for w, (ctx, name) in settings.key_buttons.items() if name == "hint")
    while driver.app.focus.current(settings) is not hint:
        tab(driver)
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0)])
    driver.frames(2)
    assert settings.waiting is not None
    tab(driver)  # the new key, not the focus moving on: refused, Tab is the focus's
    assert services.toasts.history[-1] == "Refused: Tab moves the focus between controls"
    assert services.table.keys("play", "hint") == ("h",)
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0)])
    driver.frames(2)
    driver.key("j")
    assert services.table.keys("play", "hint") == ("j",)


def key(driver: Driver, name: str) -> str:
    """Press ``name``; what was said last (a frame later: a list's answer to the press
    it posts comes through the queue)."""
    driver.key(name)
    driver.frames(1)
    said: str = driver.app.services.speech.said[-1]
    return said


def test_the_move_list_is_a_tab_stop_with_rows(driver: Driver, services: Services) -> None:
    pointer = no_pointer(driver)
    play = driver.open_play(conquid(services, 4))
    moves, stop = play.move_list, play.moves_stop
    while driver.app.focus.current(play) is not stop:
        tab(driver)
    assert services.speech.said[-1] == spoken(f"Moves, list, {moves.row_words(4)}, 5 of 5")
    assert moves.row_words(4).startswith("4. ") and moves.keyed == 4
    assert key(driver, "up") == spoken(f"{moves.row_words(3)}, 4 of 5") and moves.keyed == 3
    assert not play.access.board.cursor.shown, "Down and Up are the list's while it has focus"
    assert key(driver, "home") == "Start, 1 of 5"
    assert key(driver, "down") == spoken(f"{moves.row_words(1)}, 2 of 5")
    assert key(driver, "return") == spoken(f"{moves.row_words(1)}, 2 of 5")
    assert play.reviewing == 1, "Return shows the move's position, as a click does"
    assert key(driver, "end").endswith("5 of 5")
    key(driver, "return")
    assert play.reviewing is None, "the last row is the game itself"
    surface = driver.app.services.display.surface
    driver.app.draw(surface)
    ring = moves.rect.inflate(8, 8)
    assert tuple(surface.get_at((ring.centerx, ring.top + 1)))[:3] == palette.ACCENT
    assert pointer == []
    tab(driver)
    assert moves.keyed is None, "the row's frame goes with the focus"


def test_the_replay_moves_by_tab(driver: Driver, services: Services) -> None:
    replay = driver.open_replay(conquid(services, 4))
    while driver.app.focus.current(replay) is not replay.moves_stop:
        tab(driver)
    key(driver, "home")
    key(driver, "down")
    key(driver, "return")
    assert replay.cursor == 1
    driver.click((2, 2))
    assert replay.moves.keyed is None


def test_the_help_contents_by_tab(driver: Driver, services: Services) -> None:
    driver.app.stack.apply(Push(services.scenes.help(services, "conquid")))
    driver.frames(2)
    help_scene = driver.top
    while driver.app.focus.current(help_scene) is not help_scene.contents:
        tab(driver)
    sections = help_scene.panel.sections
    first = f"Contents, list, {sections[0][0]}, 1 of {len(sections)}"
    assert services.speech.said[-1] == spoken(first)
    assert key(driver, "down") == spoken(f"{sections[1][0]}, 2 of {len(sections)}")
    key(driver, "return")
    driver.frames(2)
    assert help_scene.panel.section_at_top() == 1


class Roster(Scene):
    """A long selection list under its label, and a button beside it (as in Your games and
    the lobby): pygame_gui makes buttons for the lines in view only."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.heard: list[tuple[int, str]] = []
        self.names: Any = None

    def build(self, size: tuple[int, int]) -> None:
        ui = self.services.ui
        pygame_gui.elements.UILabel(pygame.Rect(20, 20, 200, 30), "Players", ui,
                                    container=self.root)
        self.names = pygame_gui.elements.UISelectionList(
            pygame.Rect(20, 52, 300, 150), [f"Player {n}" for n in range(1, 31)], ui,
            container=self.root)
        button(self, pygame.Rect(340, 52, 120, 40), "Invite")

    def widget_event(self, event: pygame.event.Event) -> None:
        self.heard.append((event.type, getattr(event, "text", "")))


def test_a_selection_list_is_one_stop_whose_lines_the_arrows_choose(
        driver: Driver, services: Services) -> None:
    pointer = no_pointer(driver)
    driver.frames(2)
    roster = Roster(services)
    driver.app.stack.apply(Push(roster))
    driver.frames(2)
    found = driver.app.focus.controls(roster)
    assert [name_of(e) for e in found] == ["Players, list, 30 lines, none chosen",
                                           "Invite, button"], "one stop, not a line each"
    tab(driver)
    assert services.speech.said[-1] == "Players, list, 30 lines, none chosen"
    assert key(driver, "down") == "Player 1, 1 of 30"
    assert roster.names.get_single_selection() == "Player 1"
    assert (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, "Player 1") in roster.heard
    assert key(driver, "end") == "Player 30, 30 of 30", "past the lines in view"
    line = roster.names.item_list[29]["button_element"]
    assert line is not None and roster.names.get_abs_rect().contains(line.get_abs_rect())
    for _ in range(3):
        key(driver, "up")
    assert roster.names.get_single_selection() == "Player 27"
    assert key(driver, "return") == "Player 27, 27 of 30"
    assert (pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION, "Player 27") in roster.heard
    tab(driver)
    tab(driver, back=True)
    assert services.speech.said[-1] == "Players, list, Player 27, 27 of 30"
    assert pointer == []
