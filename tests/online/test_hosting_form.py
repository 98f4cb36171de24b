"""Hosting offers every choice the setup scene offers (the same option model): a custom
Conquid board reaches the table as chosen; a size the rules refuse is refused here, with
their reason, before any table opens; the choices survive a resized window."""

from __future__ import annotations

import pygame

from scenes.online.screen import OnlineScene
from tests.online.hosting import frames_until
from tests.ui.driver import Driver
from tests.ui.test_play import choose


def open_form(driver: Driver, title: str) -> OnlineScene:
    driver.frames(2)
    entry = next(w for w, text, _ in driver.top.entries if text == "Play online")
    driver.press(entry)
    scene = driver.top
    assert isinstance(scene, OnlineScene)
    scene.widgets["game"].selected_option = (title, title)
    driver.press(scene.widgets["host"])
    assert scene.form is not None and scene.form.info.title == title
    return scene


def test_every_option_of_the_game_reaches_the_table(app: Driver) -> None:
    scene = open_form(app, "Conquid")
    form = scene.form
    assert form is not None
    specs = {spec.name for spec in form.info.options}
    assert {name.removeprefix("opt:") for name in form.widgets if name.startswith("opt:")} \
        == specs
    rows = form.widgets["opt:rows"]
    assert not rows.is_enabled  # a custom size only counts on a custom board
    choose(app, form.widgets["opt:board"], "custom")
    app.frames(2)
    assert rows.is_enabled
    form.widgets["opt:cols"].set_text("5")  # under the rules' minimum
    app.press(form.widgets["go"])
    assert scene.pending is None and scene.form is form
    windows = [w for w in app.app.services.ui.get_root_container().elements
               if type(w).__name__ == "UIMessageWindow"]
    assert windows and "Columns" in windows[-1].text_block.html_text
    for window in windows:
        window.kill()
    form.widgets["opt:cols"].set_text("16")
    form.widgets["opt:rows"].set_text("9")
    form.widgets["opt:turn_limit"].set_text("300")
    choose(app, form.widgets["side"], "Move second")
    size = (900, 600)  # a new layout keeps what was chosen
    app.app.services.display.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.frames(1, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    form = scene.form
    assert form is not None and form.widgets["opt:cols"].get_text() == "16"
    app.press(form.widgets["go"])
    frames_until(app, lambda: scene.pending is not None and scene.pending.state is not None)
    assert scene.pending is not None
    state = scene.pending.state
    assert state.seat == 1
    assert dict(state.options) == {"board": "custom", "rows": 9, "cols": 16, "base": 2,
                                   "turn_limit": 300}
