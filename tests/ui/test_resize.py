"""A window resize lays out the screen once per burst of events, and only the visible one."""

from __future__ import annotations

import pygame

from game.client.app.scene import Push, Scene
from game.client.app.services import Services
from scenes.help import HelpScene
from scenes.learning.learn import lesson_units
from scenes.learning.lesson import LessonScene
from scenes.settings import SettingsScene
from scenes.setup import SetupScene
from tests.ui.driver import Driver


def resize_events(size: tuple[int, int]) -> list[pygame.event.Event]:
    """What SDL sends for one size while an edge is dragged: two events."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    return [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]),
            pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])]


def count_builds(scene: Scene) -> list[tuple[int, int]]:
    """The sizes ``scene`` builds its widgets for, from now on."""
    sizes: list[tuple[int, int]] = []
    build = scene.build

    def counted(size: tuple[int, int]) -> None:
        sizes.append(size)
        build(size)

    scene.build = counted  # type: ignore[method-assign]
    return sizes


def test_a_burst_of_resizes_builds_the_top_scene_once_and_the_hidden_one_on_return(
        driver: Driver, services: Services) -> None:
    driver.frames(2)
    menu = driver.top
    help_scene = HelpScene(services, "conquid")
    driver.app.stack.apply(Push(help_scene))
    driver.frames(1)
    menu_builds, help_builds = count_builds(menu), count_builds(help_scene)
    burst = [*resize_events((1000, 700)), *resize_events((1100, 760)),
             *resize_events((1200, 800))]
    driver.frames(1, burst)
    assert help_builds == [(1200, 800)], "one layout for the last size of the burst"
    assert menu_builds == [], "the menu under Help waits until it shows again"
    assert help_scene.panel is not None and help_scene.panel.rect.right <= 1200
    driver.key("escape")
    assert driver.top is menu
    assert menu_builds == [], "same button size: the menu's buttons move, none is made anew"
    assert menu.entries[0][0].get_abs_rect().right == 1200 // 2 - 12, "laid out for 1200 wide"
    driver.frames(1, resize_events((900, 600)))
    assert menu_builds == [(900, 600)], "narrower buttons: made anew"
    assert menu.entries[0][0].get_abs_rect().right == 900 // 2 - 12


def test_an_event_after_a_resize_in_the_same_frame_meets_the_new_layout(
        driver: Driver, services: Services) -> None:
    driver.frames(2)
    help_scene = HelpScene(services, "conquid")
    driver.app.stack.apply(Push(help_scene))
    driver.frames(1)
    seen: list[tuple[int, int] | None] = []
    capture = help_scene.capture

    def watched(event: pygame.event.Event) -> bool:
        seen.append(help_scene.panel.rect.size if help_scene.panel else None)
        return capture(event)

    help_scene.capture = watched  # type: ignore[method-assign]
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                               precise_y=-1.0, touch=False)
    driver.frames(1, [*resize_events((960, 700)), wheel])
    # 960 - 80 margins - 160 contents - 12 gap: the text panel of the new layout
    assert seen == [(708, 490)], "the wheel came after the resize: it meets the new layout"


def test_settings_moves_its_widgets_when_a_resize_keeps_their_sizes(
        driver: Driver, services: Services) -> None:
    driver.frames(2)
    settings = SettingsScene(services)
    driver.app.stack.apply(Push(settings))
    while settings._rows:
        driver.frames(1)
    builds, keys = count_builds(settings), list(settings.key_buttons)
    driver.frames(1, resize_events((1400, 800)))
    assert builds == [] and list(settings.key_buttons) == keys, "moved, not made anew"
    assert settings.widgets["back"].get_abs_rect().topleft == (1400 // 2 - 560, 800 - 76)
    assert settings.widgets["keys"].get_abs_rect().size == (620, 800 - 230)
    driver.press(keys[0])
    assert settings.waiting == settings.key_buttons[keys[0]], "the moved key button answers"
    driver.key("escape")
    back = settings.widgets["back"]
    driver.frames(1, resize_events((900, 600)))
    assert builds == [] and settings.widgets["back"] is back, "the left side still moves"
    assert back.get_abs_rect().topleft == (24, 600 - 76)
    assert settings.widgets["keys"].get_abs_rect().size == (900 - 24 - 524, 600 - 230)
    assert not settings.key_buttons, "a narrower key list: its rows are made anew"
    while settings._rows:
        driver.frames(1)
    assert len(settings.key_buttons) == len(keys)
    assert all(button.get_abs_rect().right <= 900 for button in settings.key_buttons)


def test_setup_moves_its_widgets_to_where_a_fresh_build_puts_them_and_keeps_the_typing(
        driver: Driver, services: Services) -> None:
    driver.frames(2)
    setup = SetupScene(services, services.games.get("conquid"))
    driver.app.stack.apply(Push(setup))
    driver.frames(1)
    setup.widgets["name:0"].set_text("Ada typed this")
    builds = count_builds(setup)
    driver.frames(1, resize_events((1500, 900)))
    assert builds == [], "moved, not made anew"
    assert setup.widgets["name:0"].get_text() == "Ada typed this"
    moved = {name: widget.get_abs_rect() for name, widget in setup.widgets.items()}
    buttons = (setup.back_button.get_abs_rect(), setup.start_button.get_abs_rect())
    preview = setup.preview_area.copy()
    driver.app.stack.apply(Push(fresh := SetupScene(services, services.games.get("conquid"))))
    driver.frames(1)
    assert {name: widget.get_abs_rect() for name, widget in fresh.widgets.items()} == moved
    assert (fresh.back_button.get_abs_rect(), fresh.start_button.get_abs_rect()) == buttons
    assert fresh.preview_area == preview


def test_settings_resized_while_its_key_rows_are_being_made_finishes_them(
        driver: Driver, services: Services) -> None:
    driver.frames(2)
    reference = SettingsScene(services)
    driver.app.stack.apply(Push(reference))
    while reference._rows:
        driver.frames(1)
    driver.key("escape")
    settings = SettingsScene(services)
    driver.app.stack.apply(Push(settings))
    driver.frames(2)
    assert settings._rows, "still making its rows"
    builds = count_builds(settings)
    driver.frames(1, resize_events((1400, 800)))
    while settings._rows:
        driver.frames(1)
    assert builds == [] and len(settings.key_buttons) == len(reference.key_buttons)


def test_a_tall_window_shows_the_menu_in_its_middle(driver: Driver) -> None:
    driver.frames(1, resize_events((1920, 1080)))
    menu = driver.top
    rects = [widget.get_abs_rect() for widget, _text, _action in menu.entries]
    above, below = min(r.top for r in rects), 1080 - max(r.bottom for r in rects)
    assert abs(above - 170 - below) < 40, "the room left under the entries is shared out"
    driver.frames(1, resize_events((900, 600)))
    assert all(w.get_abs_rect().bottom <= 600 for w, _text, _action in menu.entries)


def test_a_lesson_moves_its_buttons_to_where_a_fresh_build_puts_them(
        driver: Driver, services: Services) -> None:
    driver.frames(2)
    units = lesson_units(services.learning.course("conquid"))
    lesson = LessonScene(services, "conquid", units)
    driver.app.stack.apply(Push(lesson))
    driver.frames(1, resize_events((1300, 760)))
    builds = count_builds(lesson)
    driver.frames(1, resize_events((1500, 900)))
    assert builds == [], "same button sizes: moved, not made anew"
    moved = sorted((name, w.get_abs_rect()) for w, name in lesson.buttons.items())
    board, panel = lesson.board.area.copy(), lesson.panel.copy()
    driver.app.stack.apply(Push(fresh := LessonScene(services, "conquid", units)))
    driver.frames(1)
    assert sorted((name, w.get_abs_rect()) for w, name in fresh.buttons.items()) == moved
    assert (fresh.board.area, fresh.panel) == (board, panel)
    driver.frames(1, resize_events((900, 600)))
    assert all(w.get_abs_rect().right <= 900 for w in fresh.buttons), "narrower: made anew"
