"""A window resize lays out the screen once per burst of events, and only the visible one."""

from __future__ import annotations

import pygame

from game.ui.scene import Push, Scene
from game.ui.services import Services
from scenes.help import HelpScene
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
    assert menu_builds and menu_builds[-1] == (1200, 800)


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
