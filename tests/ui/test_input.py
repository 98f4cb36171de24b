"""The input table: bindings from events, contexts, rebinding with conflicts refused."""

from __future__ import annotations

import pygame

from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.input import InputTable
from game.main_window import VIEWS


def key_event(name: str, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=mod)


def table() -> InputTable:
    result = InputTable()
    result.add_game("conquid", VIEWS["conquid"]().actions)
    return result


def test_bindings_read_keys_modifiers_and_mouse_buttons() -> None:
    pygame.init()
    assert inp.binding_of(key_event("a")) == "a"
    assert inp.binding_of(key_event("s", pygame.KMOD_LCTRL)) == "ctrl+s"
    assert inp.binding_of(key_event("=", pygame.KMOD_LSHIFT)) == "="
    assert inp.binding_of(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 2), button=3)) \
        == "mouse3"
    assert inp.binding_of(key_event("left shift")) is None


def test_the_tkinter_keys_are_the_defaults_in_play() -> None:
    contexts = ("game:conquid", inp.PLAY, inp.GLOBAL)
    found = {name: table().lookup(name, contexts) for name in "acvqu"}
    assert found == {"a": "acquire", "c": "conquer", "v": "vanquish", "q": "conquest",
                     "u": c.CLEAR}
    assert table().lookup("return", contexts) == c.CONFIRM
    assert table().lookup("f11", contexts) == c.FULLSCREEN


def test_contexts_decide_what_a_key_means() -> None:
    assert table().lookup("left", (inp.REPLAY, inp.GLOBAL)) == c.STEP_BACK
    assert table().lookup("left", (inp.PLAY, inp.GLOBAL)) == c.TAKE_BACK
    assert table().lookup("a", (inp.MENU, inp.GLOBAL)) is None


def test_mouse_commands_carry_the_position() -> None:
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(40, 50), button=1)
    assert table().translate(event, (inp.PLAY,)) == c.Command(c.SELECT, (40, 50))


def test_rebinding_refuses_conflicts_and_round_trips_through_overrides() -> None:
    keys = table()
    assert keys.rebind("game:conquid", "acquire", "v") is not None  # vanquish has it
    assert keys.rebind("game:conquid", "acquire", "f11") is not None  # global fullscreen
    assert keys.rebind("game:conquid", "acquire", "x") is None
    assert keys.rebind("replay", c.STEP_BACK, "x") is None  # replay never runs with play
    again = InputTable(keys.overrides())
    again.add_game("conquid", VIEWS["conquid"]().actions)
    assert again.lookup("x", ("game:conquid", inp.PLAY)) == "acquire"
    assert again.lookup("a", ("game:conquid", inp.PLAY)) is None


def test_pretty_names() -> None:
    assert inp.pretty("ctrl+s") == "Ctrl+S"
    assert inp.pretty("mouse3") == "Right click"
    assert inp.pretty("return") == "Return"


def test_the_mouse_wheel_is_a_binding_a_view_action_can_use() -> None:
    pygame.init()
    up = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    down = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    sideways = pygame.event.Event(pygame.MOUSEWHEEL, x=1, y=0, flipped=False)
    assert inp.binding_of(up) == "wheelup"
    assert inp.binding_of(down) == "wheeldown"
    assert inp.binding_of(sideways) is None
    assert inp.pretty("wheelup") == "Wheel up"
    piously = InputTable()
    piously.add_game("piously", VIEWS["piously"]().actions)
    command = piously.translate(down, ("game:piously", inp.PLAY, inp.GLOBAL))
    assert command is not None and command.name == "rotate"


def test_the_access_keys_clash_with_nothing_they_are_heard_with() -> None:
    table = InputTable()
    table.add_game("piously", VIEWS["piously"]().actions)
    for ctx in (inp.ACCESS, inp.CURSOR):
        for command in table.commands(ctx):
            for binding in table.keys(ctx, command):
                assert table.conflict(ctx, command, binding) is None, (ctx, command, binding)
    # the cursor's arrows replace the history keys only while it shows (another context)
    assert table.lookup("left", (inp.PLAY,)) == c.TAKE_BACK
    assert table.lookup("left", (inp.CURSOR,)) == inp.CURSOR_LEFT
    # a game's key cannot be given to the move box, nor the move box's to a game
    assert table.conflict("game:piously", "bless", "/") is not None
    assert table.conflict(inp.CURSOR, inp.CURSOR_PICK, "r") is not None
