"""The app loop: 60 FPS while anything moves, a few frames a second at rest.

Each frame: every event is offered to pygame_gui first; its own events go to the top
scene's widget handler; the rest go through the input table to commands. Updates advance the
animation clock in fixed steps from a clamped ``perf_counter`` delta, so tweens never jump
after a stall. ``step`` is the whole frame, so tests drive the very same code with their own
events and time.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Final

import pygame
import pygame_gui

from game.client.access.focus import Focus
from game.client.app import commands as c
from game.client.app.scene import Push, Scene, SceneStack, Transition
from game.client.app.services import Services
from game.client.app.wait import Waiter
from game.client.draw import fonts, palette

FPS: Final = 60
STEP: Final = 1.0 / FPS
MAX_DT: Final = 0.25
"""Longest real time one frame may account for (a dragged window must not fast-forward)."""
IDLE_FPS: Final = 2
"""Frames a second while nothing animates and no input comes."""
GRACE: Final = 1.0
"""Seconds of full frame rate after the last input (hover highlights, tooltips appearing)."""

REFOCUS_GRACE: Final = 0.3
"""Seconds after the window regains focus in which a still-held fullscreen key is ignored:
switching modes without a window manager drops focus, and SDL then replays the held key as a
new press (F11 held would flip the window back and forth)."""

_UI_EVENT_FIRST: Final = pygame.USEREVENT
_RESIZE_EVENTS: Final = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)
WARM_WITHIN: Final = 0.006
"""A quiet frame done this fast (seconds) readies a font (``fonts.warm``, 1.5-2 ms)."""


class App:
    def __init__(self, services: Services, first: Scene) -> None:
        self.services = services
        self.stack = SceneStack()
        self.clock = 0.0
        """The animation clock: seconds of fixed steps since start."""
        self.frames = 0
        self._accumulated = 0.0
        self._focused_at = -REFOCUS_GRACE
        self._held_toggle_key: int | None = None
        """The key that last toggled fullscreen, until it is released."""
        self._resize_pending = False
        """A resize event came and the scenes are not laid out for it yet."""
        self.focus = Focus(services.ui, lambda words: services.speech.say(words, True))
        """Tab's focus through the controls of the screen on top (``game.client.access``)."""
        self.stack.apply(Push(first))

    @property
    def running(self) -> bool:
        return not self.stack.quit and self.stack.top is not None

    def run(self) -> None:
        timer = pygame.time.Clock()
        waiter = Waiter()
        last = last_input = time.perf_counter()
        while self.running:
            with self.services.background.frame():  # the background work waits meanwhile
                events = pygame.event.get()
                now = time.perf_counter()
                if events:
                    last_input = now
                self.step(events, now - last, settle=False)
                last = now
                pygame.display.flip()
                self.services.writer.settle()  # this frame's autosave, written while it showed
                if self.frames == 1:  # the window shows: the sounds (and more) in the background
                    self.services.window_shown()
            if self.animating() or now - last_input < GRACE:
                timer.tick(FPS)
            else:
                waiter.wait(1.0 / IDLE_FPS)
        self.close()

    def animating(self) -> bool:
        """True while something on screen moves and needs every frame.

        Only the top scene is asked: the scenes under an overlay are not updated (a game
        under the pause menu waits), so they must not keep the loop at full rate.
        """
        top = self.stack.top
        return bool(self.services.toasts.items) or (top is not None and top.animating(self.clock))

    def close(self) -> None:
        """Let every scene clean up (computer seats stop their worker processes), then
        store what the writer still holds."""
        while self.stack.scenes:
            self.stack.scenes.pop().exit()
        self.services.writer.settle()
        if self.services.online is not None:
            self.services.online.stop()  # seats are kept: the games resume next time

    def step(self, events: Iterable[pygame.event.Event], dt: float, settle: bool = True) -> None:
        """One frame: handle ``events``, advance time by ``dt`` (clamped), draw, and (unless
        the loop does it once the frame shows) settle the writer: its files are then on disk.
        A frame without input that opened or closed nothing has time to spare: memory that
        closed screens left behind is given back then (``Reclaimer.spare``), or, in a fast
        one, the next common font is readied (``fonts.warm``) for the screens to come.
        """
        with self.services.background.frame():
            self._step(events, dt, settle)

    def _step(self, events: Iterable[pygame.event.Event], dt: float, settle: bool) -> None:
        began, scenes, quiet = time.perf_counter(), list(self.stack.scenes), True
        for event in events:
            quiet = False
            if self._resize_pending and event.type not in _RESIZE_EVENTS:
                self._resized()  # before any event that may hit a widget where it now is
            self.handle(event)
            if not self.running:
                return
        if self._resize_pending:
            self._resized()
        self._accumulated += min(max(dt, 0.0), MAX_DT)
        while self._accumulated >= STEP - 1e-9 and self.running:
            self._accumulated -= STEP
            self.clock += STEP
            top = self.stack.top
            assert top is not None
            self._apply(top.update(self.clock))
        if self.running:
            self.services.ui.update(min(max(dt, 0.0), MAX_DT))
            self._keep_tips_inside()
            self.draw(self.services.display.surface)
            self.frames += 1
            if quiet and scenes == self.stack.scenes and not self.services.memory.spare() \
                    and time.perf_counter() - began < WARM_WITHIN:
                fonts.warm()
        if settle:
            self.services.writer.settle()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.BACKGROUND)
        for scene in self.stack.visible():
            scene.draw(surface, self.clock)
        self.services.ui.draw_ui(surface)
        top = self.stack.top
        if top is not None:
            top.draw_over(surface)
            self.focus.draw(surface, top)
        self.services.toasts.draw(surface, self.clock, top.message_area() if top else None)

    def handle(self, event: pygame.event.Event) -> None:
        top = self.stack.top
        if top is None:
            return
        if event.type == pygame.QUIT:
            self.stack.quit = True
            return
        if event.type == pygame.WINDOWFOCUSGAINED:
            self._focused_at = time.perf_counter()
        if event.type == pygame.KEYUP and event.key == self._held_toggle_key:
            self._held_toggle_key = None
        if event.type in _RESIZE_EVENTS:
            self._resize_pending = True  # a dragged edge sends a burst: rebuild once for all
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self._fold_lists():
            return
        if self.focus.key(event, top):
            return
        consumed = self.services.ui.process_events(event)
        if event.type >= _UI_EVENT_FIRST and hasattr(event, "ui_element"):
            self._apply(top.ui_event(event))
            return
        if consumed or (event.type == pygame.KEYDOWN and self._typing()) or top.capture(event):
            return
        command = self.services.table.translate(event, top.contexts)
        if command is None:
            return
        if command.name == c.FULLSCREEN:
            if not self._replayed_toggle(event):
                self.toggle_fullscreen()
                self._held_toggle_key = getattr(event, "key", None)
        elif top.dialog_open():
            self._apply(top.dialog_command(command))
        else:
            self._apply(top.command(command))

    def _replayed_toggle(self, event: pygame.event.Event) -> bool:
        """True for the press SDL replays when a mode switch returns focus to a held key."""
        recently_focused = time.perf_counter() - self._focused_at <= REFOCUS_GRACE
        return recently_focused and getattr(event, "key", None) == self._held_toggle_key

    def toggle_fullscreen(self) -> None:
        on = not self.services.display.fullscreen
        self.services.update_settings(self.services.settings.with_(fullscreen=on))
        self._relayout()

    def _keep_tips_inside(self) -> None:
        """A tooltip pygame_gui could not fit is moved inside the window, never past an
        edge (a long tip near the right or bottom of a small window), and beside the
        pointer, never under it (it would take the hover from its own control)."""
        window = self.services.display.surface.get_rect()
        x, y = self.services.ui.get_mouse_position()
        for element in self.services.ui.get_sprite_group().sprites():
            if not isinstance(element, pygame_gui.elements.UITooltip) or \
                    window.contains(element.rect):
                continue
            fitted = element.rect.clamp(window)
            if fitted.collidepoint(x, y):
                fitted.right = x - 12
                if fitted.left < window.left:
                    fitted.left = x + 12
            element.set_position(fitted.clamp(window).topleft)

    def _fold_lists(self) -> bool:
        """Escape folds an open drop-down's list (and does nothing more: the box or screen
        under it stays). True when there was one."""
        folded = False
        for element in self.services.ui.get_sprite_group().sprites():
            if isinstance(element, pygame_gui.elements.UIDropDownMenu) and \
                    element.current_state is element.menu_states["expanded"]:
                element.current_state.should_transition = True
                folded = True
        return folded

    def _typing(self) -> bool:
        """True while a text field has the keyboard (keys then belong to it)."""
        focused = self.services.ui.get_focus_set()
        return any(type(element).__name__ == "UITextEntryLine" for element in focused or ())

    def _resized(self) -> None:
        """The window's edge was dragged (one or many resize events): lay out once."""
        self._resize_pending = False
        self.services.display.resized()
        self._relayout()

    def _relayout(self) -> None:
        self.services.ui.set_window_resolution(self.services.display.size)
        self.stack.resized()

    def _apply(self, transition: Transition | None) -> None:
        self.stack.apply(transition)
