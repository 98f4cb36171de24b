"""What is said: a Piously turn typed into the move box, word for word; the box's words;
the voice behind one interface, silent unless speech is on."""

from __future__ import annotations

import sys

import pygame
import pytest

from game.client.access.speech import Silent, Speech, platform_voice
from game.client.app.services import Services
from tests.ui.driver import Driver
from tests.ui.keyboard import cursor_to, press, type_line

TEMPLE = "temple P2,-4r0 I3,-3r0 O2,-2r0 U2,0r0 S0,0r0 L1,2r0 Y-1,4r0"


def clear_line(driver: Driver) -> None:
    """Ctrl+Backspace: the last word of the line goes."""
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL,
                               unicode="", scancode=0)
    driver.frames(1, [event, event])


def test_every_announcement_of_a_piously_turn(driver: Driver, services: Services) -> None:
    services.settings = services.settings.with_(anim_speed=0.0)
    play = driver.hot_seat("piously", TEMPLE, "place 0,0", "place 2,-2")
    said = services.speech.said
    start = len(said)
    press(driver, "/")
    type_line(driver, "move P4")
    press(driver, "return")
    clear_line(driver)
    for line in ("move s2", "bless", "end"):
        type_line(driver, line)
        if play.access.box.line:  # "end" is also the start of "end take ...": Return
            press(driver, "return")
        driver.wait(0.3)
    for word in ("who", "last", "score", "undo", "xyz"):
        type_line(driver, word)
        press(driver, "return")
        driver.wait(0.3)
        if word == "xyz":
            break
    assert list(said)[start:] == [
        "Move box. Type a move as records write it (move S2, bless, end), or one of: resign, "
        "draw, undo, redo, hint, last, who, score, ?. Esc closes.",
        "Refused: cannot move P4: a piece moves to a hex next to you",
        "Moved to S2",
        "Blessed S2",
        "Ended the turn",
        "Black to move",
        "Black to move. Players: White; Black",
        "Last move: Ended the turn",
        "White: 1 aura · 0 spells; Black: 0 auras · 0 spells",
        "Took back: Ended the turn",
        "White to move",
        "Refused: no legal move begins “xyz” ('xyz' is not a Piously move: start with "
        "temple, place, move, bless, flip, drop, pickup, end or cast)",
    ]
    assert play.match.moves[3:] == ("move 1,0", "bless")


def test_the_cursor_says_where_it_is_and_what_is_there(driver: Driver,
                                                       services: Services) -> None:
    play = driver.hot_seat("piously", TEMPLE, "place 0,0")
    press(driver, "down")
    assert services.speech.said[-1] == "P1"  # it starts on the temple's first hex
    label = play.plugin.text().typed_forms(play.match.state, "place 0,0")[0].split()[1]
    cursor_to(driver, play.access.board, label)
    assert services.speech.said[-1] == f"{label}: White's piece"
    press(driver, "escape")
    assert not play.access.board.cursor.shown and services.speech.said[-1] == "Cursor hidden"
    press(driver, "left")  # the cursor hidden, Left takes back again
    assert play.match.ply == 1


class Recorder:
    name = "recorder"

    def __init__(self) -> None:
        self.spoken: list[tuple[str, bool]] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.spoken.append((text, interrupt))


def test_speech_is_kept_as_text_and_spoken_only_when_on() -> None:
    voice = Recorder()
    speech = Speech(on=False, find=lambda: voice)
    speech.say("White to move")
    assert list(speech.said) == ["White to move"] and voice.spoken == []
    speech.on = True
    speech.say("Refused:  no\\nroom", interrupt=True)
    assert voice.spoken == [("Refused: no\\nroom", True)]


def test_no_voice_library_means_silence_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "accessible_output2", None)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs", None)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    monkeypatch.setitem(sys.modules, "speechd", None)
    assert isinstance(platform_voice(), Silent)


def test_messages_are_said_and_refusals_cut_in(services: Services) -> None:
    voice = Recorder()
    services.speech = Speech(on=True, find=lambda: voice)
    services.toasts.show("Saved")
    services.toasts.show("Cannot acquire 3,4: it is not empty", "error")
    assert voice.spoken == [("Saved", False), ("Cannot acquire 3,4: it is not empty", True)]


def test_a_voice_that_fails_falls_silent_and_the_game_goes_on() -> None:
    class Broken:
        name = "broken"

        def speak(self, text: str, interrupt: bool) -> None:
            raise OSError("the screen reader quit")

    speech = Speech(on=True, find=Broken)
    speech.say("White to move")
    speech.say("Black to move")
    assert list(speech.said) == ["White to move", "Black to move"]
    assert isinstance(speech.voice, Silent)


def test_the_menus_arrows_say_the_item_they_reach(driver: Driver, services: Services) -> None:
    driver.frames(2)
    press(driver, "down")
    assert services.speech.said[-1] == "Play Push Fight"
