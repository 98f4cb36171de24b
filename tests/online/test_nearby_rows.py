"""Tables nearby on the Play online screen: a table this app can play is a row that joins it;
one it cannot is greyed out with the reason written under it, and refuses a join."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pygame_gui
import pytest

from game.client.app.app import App
from game.client.files.paths import Paths
from game.client.match.online import OnlinePlay
from game.hosting import LanHost
from game.net.lan import Announced
from game.net.wire.limits import PROTOCOL_VERSION
from scenes.menu import MenuScene
from scenes.online.screen import OnlineScene
from tests.online.hosting import loopback_services
from tests.ui.driver import Driver


class Found:
    """A browser that has found these tables."""

    def __init__(self, tables: list[Announced]) -> None:
        self.found = tables

    def tables(self) -> list[Announced]:
        return list(self.found)

    def close(self) -> None:
        self.found = []


@pytest.fixture
def nearby(home: Paths) -> Iterator[tuple[Driver, Found]]:
    services = loopback_services(home)
    browser = Found([])
    services.online = OnlinePlay(
        services.games, home,
        lambda _port: LanHost(home.data, bind="127.0.0.1", port=0, announce=False),
        lambda _wake: browser)
    driver = Driver(App(services, MenuScene(services)))
    yield driver, browser
    driver.app.close()
    pygame.quit()


def labels(scene: OnlineScene) -> list[str]:
    found: list[str] = []
    stack: list[Any] = list(scene.root.elements)
    while stack:
        element = stack.pop()
        if isinstance(element, pygame_gui.elements.UILabel):
            found.append(element.text)
        stack.extend(getattr(element, "elements", []))
        inner = getattr(element, "scrollable_container", None)
        if inner is not None:
            stack.extend(inner.elements)
    return found


def open_online(driver: Driver) -> OnlineScene:
    """The Online screen from the menu, its LAN browser started (in the background work)."""
    driver.frames(2)
    driver.press(next(w for w, text, _ in driver.top.entries if text == "Play online"))
    scene = driver.top
    assert isinstance(scene, OnlineScene)
    assert driver.app.services.background.wait(5)
    return scene


def test_a_table_this_app_cannot_play_is_greyed_out_with_the_reason(
    nearby: tuple[Driver, Found],
) -> None:
    driver, browser = nearby
    scene = open_online(driver)
    assert "nearby" not in scene.widgets and not scene.nearby_rows, "written: looking..."
    newer = Announced("b", "ws://127.0.0.1:9", "XYZ789", "conquid", "", "Blaise",
                      PROTOCOL_VERSION + 1, 1)
    ours = Announced("a", "ws://127.0.0.1:9", "ABC234", "conquid", "board small", "Ada",
                     PROTOCOL_VERSION, 1)
    browser.found = [newer, ours]
    driver.frames(2)
    assert list(scene.nearby_rows.values()) == [ours]  # only it can be joined
    assert any(text.startswith("Cannot join: the host's app is newer") for text in labels(scene))
    area = next(w for w in scene.root.elements if hasattr(w, "scrollable_container"))
    buttons = [w for w in area.scrollable_container.elements
               if isinstance(w, pygame_gui.elements.UIButton)]
    assert [b.is_enabled for b in buttons] == [False, True]
    assert "Blaise" in buttons[0].text and "ABC234" in buttons[1].text
    driver.press(buttons[0])  # greyed: nothing happens
    assert scene.pending is None
    scene._join_nearby(newer)  # were it clicked anyway (a table changing under the pointer)
    windows = [w for w in driver.app.services.ui.get_root_container().elements
               if type(w).__name__ == "UIMessageWindow"]
    assert windows and "newer" in windows[-1].text_block.html_text
    assert scene.pending is None
    for window in windows:
        window.kill()
    driver.press(buttons[1])  # the other row joins its table
    assert scene.pending is not None and scene.pending.session.url == ours.url
    driver.press(scene.widgets["cancel"])
    assert scene.pending is None


def resize(driver: Driver, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.frames(1, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])


def test_a_resize_moves_the_page_keeping_the_rows_and_the_typing(
    nearby: tuple[Driver, Found],
) -> None:
    driver, browser = nearby
    scene = open_online(driver)
    ours = Announced("a", "ws://127.0.0.1:9", "ABC234", "conquid", "", "Ada", PROTOCOL_VERSION, 1)
    browser.found = [ours]
    driver.frames(2)
    scene.widgets["code"].set_text("QWE")
    join = scene.widgets["join"]
    resize(driver, (1500, 900))
    assert scene.widgets["join"] is join, "same size: moved, not made anew"
    assert scene.widgets["code"].get_text() == "QWE"
    assert list(scene.nearby_rows.values()) == [ours]
    moved = {name: widget.get_abs_rect() for name, widget in scene.widgets.items()}
    driver.key("escape")
    fresh = open_online(driver)
    browser.found = [ours]  # the first screen's leaving closed the browser
    driver.frames(2)
    assert {name: w.get_abs_rect() for name, w in fresh.widgets.items()} == moved
    resize(driver, (900, 600))
    assert fresh.widgets["join"].get_abs_rect().right <= 900 // 2 - 12, "narrower: made anew"
    assert list(fresh.nearby_rows.values()) == [ours]


def test_many_tables_are_listed_up_to_a_cap_and_a_new_one_makes_one_row(
    nearby: tuple[Driver, Found],
) -> None:
    from scenes.online.nearby import LISTED

    driver, browser = nearby
    scene = open_online(driver)
    tables = [Announced(f"t{n:03}", "ws://127.0.0.1:9", f"ABC{n:03}", "conquid", "", "Ada",
                        PROTOCOL_VERSION, 1) for n in range(200)]
    browser.found = tables[1:]
    driver.frames(2)
    assert list(scene.nearby_rows.values()) == tables[1:LISTED + 1]
    before = dict(scene.nearby_rows)
    browser.found = tables  # one more, first in the list
    driver.frames(2)
    after = scene.nearby_rows
    shown = sorted(after, key=lambda button: button.relative_rect.y)
    assert [after[button] for button in shown] == tables[:LISTED]  # in order, from the top
    made = [button for button in after if button not in before]
    assert len(made) == 1 and after[made[0]] == tables[0]  # the others were kept, moved
