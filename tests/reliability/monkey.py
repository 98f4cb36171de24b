"""A monkey for the client: seeded random input of every kind a person can produce.

It drives the real app loop (``App.step``) headless with keys (every bound key and others),
clicks (often on a live widget, so it really navigates), drags, the mouse wheel, text typed
into fields, window resizes, focus and enter/leave events, and window-close requests (the
app quits at once: the monkey checks it and starts a fresh app, as a person would). Every
frame is timed. Computer seats are the in-process seeded ones, so a run is reproducible from
its seed. The monkey's hands stay inside a sandbox folder: file dialogs cannot leave it and
their delete button is never enabled (it would delete real files).
"""

from __future__ import annotations

import random
import string
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pygame

from game.client.app import commands as c
from game.client.app.app import STEP, App
from game.client.app.display import MIN_SIZE
from game.client.app.scene import Scene
from game.client.app.services import Services
from scenes.menu import MenuScene
from tests.reliability.seats import SeededComputers

Event = pygame.event.Event
WINDOW_EVENTS: Final = (
    pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE, pygame.WINDOWENTER,
    pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED,
)
OTHER_KEYS: Final = (
    *string.ascii_lowercase, *string.digits, "tab", "backspace", "delete", "insert",
    "page up", "page down", "up", "down", "left", "right", "home", "end", "f2", "f5", "f12",
    "left shift", "left ctrl", "[1]", "[5]", "[*]",
)
TYPED: Final = string.ascii_letters + string.digits + " -_é"
"""Text typed into fields: no path separators, so no file name can leave the sandbox."""
MODS: Final = {"ctrl": pygame.KMOD_CTRL, "alt": pygame.KMOD_ALT, "shift": pygame.KMOD_SHIFT}
STAY: Final = 60
FRAME_BUDGET: Final = 1 / 60
"""Gestures on one screen after which the monkey goes back, as a person would."""


@dataclass
class Report:
    """What a run did: events sent, frames run, restarts after a quit, frame times (s)."""

    events: int = 0
    frames: int = 0
    restarts: int = 0
    scenes: set[str] = field(default_factory=set)
    frame_times: list[float] = field(default_factory=list)
    frame_starts: list[float] = field(default_factory=list)
    """When each frame began (``perf_counter``): which ran beside the background work."""
    steady_times: list[float] = field(default_factory=list)
    """Frames without input in which no scene opened or closed (animation, thinking, draw)."""
    cpu_times: list[float] = field(default_factory=list)
    """Each frame's processor time in the app's thread: what the frame would take on a
    machine with a core to spare (a busy machine stretches wall time, not this)."""
    steady_cpu_times: list[float] = field(default_factory=list)
    queued_times: list[float] = field(default_factory=list)
    """Each frame's time in the system's run queue: ready to run, no core free (the load of
    the machine, not the app; zero where the system does not say)."""
    steady_queued_times: list[float] = field(default_factory=list)
    slowest: dict[str, float] = field(default_factory=dict)
    """The longest frame seen with each scene on top (where time goes)."""
    causes: dict[tuple[str, str], float] = field(default_factory=dict)
    """The longest frame for each (scene on top after it, what the frame did): ``resize``,
    ``open`` (the stack changed), ``input`` or ``steady``."""
    slow: list[tuple[float, str, str]] = field(default_factory=list)
    """Every frame over the 60 FPS budget: (seconds, scene, cause)."""
    cpu_causes: dict[tuple[str, str], float] = field(default_factory=dict)
    """As ``causes``, in processor time (what a busy machine disturbs least)."""
    cpu_slow: list[tuple[float, str, str]] = field(default_factory=list)
    """As ``slow``, in processor time."""

    def percentile(self, fraction: float, steady: bool = False, cpu: bool = False) -> float:
        if cpu:
            ordered = sorted(self.steady_cpu_times if steady else self.cpu_times)
        else:
            ordered = sorted(self.steady_times if steady else self.frame_times)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


class Monkey:
    def __init__(self, services: Services, first: Scene, seed: int, sandbox: Path,
                 resize_heavy: bool = False, pace: bool = False) -> None:
        self.services = services
        self.pace = pace
        """Start frames at most 60 a second, as the app loop's tick does, each timed from
        when it was due (a late wake-up counts): the background work runs in between, as in
        the app. Without it frames follow each other at once (tests want speed)."""
        self._due = 0.0
        self.resize_heavy = resize_heavy
        """Resize often, and as a hand dragging the window's edge does: several sizes a
        frame (what the resize-heavy bench measures)."""
        self.rng = random.Random(seed)
        self.sandbox = sandbox.resolve()
        services.computers = SeededComputers(f"monkey-{seed}", delay=3)
        self.app = App(services, first)
        self.report = Report()
        self.recent: list[str] = []
        self._last = (0, 0)
        """Where the pointer is."""
        self.bound = self._bound_keys()
        self.unpressed = self.rng.sample(self.bound, len(self.bound))
        """Bound keys not pressed yet: the first bound-key gestures press each one once."""

    # -- running ---------------------------------------------------------------------------

    def run(self, events: int) -> Report:
        """Send at least ``events`` events, a gesture per frame, with idle frames between.

        Like a person, the monkey moves on after a while on one screen (Esc or Back), so the
        run visits every scene instead of rebinding keys for ever in the settings.
        """
        stay, top = 0, self.app.stack.top
        while self.report.events < events:
            stay = stay + 1 if self.app.stack.top is top else 0
            top = self.app.stack.top
            can_leave = len(self.app.stack.scenes) > 1  # the menu at the bottom stays
            self._frame(self._leave() if stay > STAY and can_leave else self._gesture())
            for _ in range(self.rng.choice((0, 0, 0, 0, 1, 3))):
                self._frame([])
        return self.report

    def _frame(self, events: list[Event]) -> None:
        self._keep_in_sandbox()
        self.report.events += len(events)
        self.recent = (self.recent + [f"{pygame.event.event_name(e.type)} {e.dict}"
                                      for e in events])[-30:]
        scenes, size = list(self.app.stack.scenes), self.services.display.size
        started = time.perf_counter()
        if self.pace and started < self._due:
            time.sleep(self._due - started)
            started = self._due
        cpu_started, queued_started = time.thread_time(), _queued()
        self.app.step([*events, *pygame.event.get()], STEP, settle=not self.pace)
        self.report.queued_times.append(_queued() - queued_started)
        self._due = started + STEP
        self.report.frame_starts.append(started)
        took = time.perf_counter() - started
        if self.pace:  # as the app loop: the autosave is settled once the frame shows, so a
            self.services.writer.settle()  # slow disk makes the next frame late
        self.report.frame_times.append(took)
        self.report.cpu_times.append(time.thread_time() - cpu_started)
        resized = size != self.services.display.size or \
            any(event.type == pygame.VIDEORESIZE for event in events)
        opened = scenes != self.app.stack.scenes
        if not (resized or opened or events):
            self.report.steady_times.append(took)
            self.report.steady_cpu_times.append(self.report.cpu_times[-1])
            self.report.steady_queued_times.append(self.report.queued_times[-1])
        self.report.frames += 1
        top = self.app.stack.top
        if top is not None:
            name = type(top).__name__
            self.report.scenes.add(name)
            self.report.slowest[name] = max(took, self.report.slowest.get(name, 0.0))
            cause = "resize" if resized else "open" if opened else \
                "input" if events else "steady"
            key = (name, cause)
            self.report.causes[key] = max(took, self.report.causes.get(key, 0.0))
            if took > FRAME_BUDGET:
                self.report.slow.append((took, name, cause))
            cpu = self.report.cpu_times[-1]
            self.report.cpu_causes[key] = max(cpu, self.report.cpu_causes.get(key, 0.0))
            if cpu > FRAME_BUDGET:
                self.report.cpu_slow.append((cpu, name, cause))
        if not self.app.running:  # a window-close request or the menu's Quit: start again
            self.app.close()
            self.report.restarts += 1
            self.app = App(self.services, MenuScene(self.services))

    def _keep_in_sandbox(self) -> None:
        """File dialogs: no file outside the sandbox (a whole path typed in the name box is
        taken as it is: a person's choice, not ours)."""
        for element in list(self.services.ui.get_root_container().elements):
            if type(element).__name__ != "GameFileDialog" or not element.alive():
                continue
            line = element.file_path_text_line
            text = line.get_text().strip()
            if Path(text).is_absolute() and not self._inside(text):
                line.set_text("")

    def _inside(self, text: str) -> bool:
        try:
            path = Path(text).resolve()
        except (OSError, ValueError, RuntimeError):
            return False
        return path == self.sandbox or self.sandbox in path.parents

    # -- gestures --------------------------------------------------------------------------

    def _gesture(self) -> list[Event]:
        kind = self.rng.choices(
            ["bound", "key", "click", "widget", "drag", "wheel", "motion", "text", "resize",
             "window", "quit"],
            weights=[30, 8, 10, 12, 6, 4, 18, 5, 30 if self.resize_heavy else 2, 5, 0.3],
        )[0]
        return getattr(self, f"_{kind}")()  # type: ignore[no-any-return]

    def _leave(self) -> list[Event]:
        """Esc (whatever key goes back now), or a click on a Back button."""
        top = self.app.stack.top
        table = self.services.table
        keys = [key for ctx in (top.contexts if top else ()) for key in table.keys(ctx, c.BACK)
                if not key.startswith("mouse")]
        if keys and self.rng.random() < 0.7:
            return self._press(keys[0])
        for element in self.services.ui.get_sprite_group().sprites():
            if type(element).__name__ == "UIButton" and element.visible and \
                    str(element.text).startswith(("Back", "Menu", "Resume")):
                return self._click_at(element.get_abs_rect().center, 1)
        return self._gesture()

    def _bound(self) -> list[Event]:
        key = self.unpressed.pop() if self.unpressed else self.rng.choice(self.bound)
        return self._press(key)

    def _key(self) -> list[Event]:
        mods = self.rng.choice(["", "", "", "ctrl+", "shift+", "alt+"])
        return self._press(mods + self.rng.choice(OTHER_KEYS))

    def _press(self, binding: str) -> list[Event]:
        if binding.startswith("mouse"):
            return self._click_at(self._anywhere(), int(binding[5:]))
        if binding in ("wheelup", "wheeldown"):
            dy = 1 if binding == "wheelup" else -1
            return [Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                          precise_y=float(dy), touch=False)]
        *mods, name = binding.split("+") if binding != "[+]" else [binding]
        mod = 0
        for label in mods:
            mod |= MODS.get(label, 0)
        code = pygame.key.key_code(name)
        text = name if len(name) == 1 and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) else ""
        down = Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)
        up = Event(pygame.KEYUP, key=code, mod=mod, unicode=text, scancode=0)
        events = [down]
        if text:
            events.append(Event(pygame.TEXTINPUT, text=text))
        return [*events, up]

    def _click(self) -> list[Event]:
        return self._click_at(self._anywhere(), self.rng.choice((1, 1, 1, 2, 3)))

    def _widget(self) -> list[Event]:
        """Click the middle of a random live, visible widget (how people really navigate)."""
        rects = []
        for element in self.services.ui.get_sprite_group().sprites():
            name = type(element).__name__
            if name in ("UIButton", "UICheckBox", "UIHorizontalSlider", "UITextEntryLine") \
                    and element.alive() and element.visible and element.is_enabled:
                rects.append(element.get_abs_rect())
        if not rects:
            return self._click()
        rect = self.rng.choice(rects)
        pos = (rect.centerx + self.rng.randint(-3, 3), rect.centery + self.rng.randint(-2, 2))
        return self._click_at(pos, 1)

    def _click_at(self, pos: tuple[int, int], button: int) -> list[Event]:
        return [
            Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]

    def _drag(self) -> list[Event]:
        start = self._anywhere()
        return [Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                *self._path(start, self._anywhere(), (1, 0, 0)),
                Event(pygame.MOUSEBUTTONUP, pos=self._last, button=1)]

    def _path(self, start: tuple[int, int], end: tuple[int, int],
              buttons: tuple[int, int, int]) -> list[Event]:
        """The motion events of a hand moving the mouse for a frame (SDL sends several)."""
        steps = self.rng.randint(2, 12)
        events = []
        for step in range(1, steps + 1):
            self._last = (start[0] + (end[0] - start[0]) * step // steps,
                          start[1] + (end[1] - start[1]) * step // steps)
            events.append(Event(pygame.MOUSEMOTION, pos=self._last, rel=(1, 1),
                                buttons=buttons))
        return events

    def _wheel(self) -> list[Event]:
        dy = self.rng.choice((-3, -1, 1, 3))
        return [Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                      precise_y=float(dy), touch=False)]

    def _motion(self) -> list[Event]:
        return self._path(self._last, self._anywhere(), (0, 0, 0))

    def _text(self) -> list[Event]:
        word = "".join(self.rng.choice(TYPED) for _ in range(self.rng.randint(1, 8)))
        return [Event(pygame.TEXTINPUT, text=word)]

    def _resize(self) -> list[Event]:
        """The window edge dragged: SDL resizes the window, then tells the app."""
        if self.services.display.fullscreen:
            return self._motion()
        events = []
        for _ in range(self.rng.randint(2, 6) if self.resize_heavy else 1):
            size = (self.rng.randint(MIN_SIZE[0], 1600), self.rng.randint(MIN_SIZE[1], 1000))
            pygame.display.set_mode(size, pygame.RESIZABLE)
            events += [Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]),
                       Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])]
        return events

    def _window(self) -> list[Event]:
        return [Event(self.rng.choice(WINDOW_EVENTS))]

    def _quit(self) -> list[Event]:
        return [Event(pygame.QUIT)]

    def _anywhere(self) -> tuple[int, int]:
        width, height = self.services.display.size
        return self.rng.randrange(width), self.rng.randrange(height)

    def _bound_keys(self) -> list[str]:
        table = self.services.table
        return sorted({key for ctx in table.contexts() for command in table.commands(ctx)
                       for key in table.keys(ctx, command)})


def _queued() -> float:
    """Seconds this thread has waited for a core so far (Linux's schedstat), else 0."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as stats:
            return int(stats.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def describe(report: Report) -> dict[str, Any]:
    """The figures of a run, in milliseconds."""
    return {
        "events": report.events,
        "frames": report.frames,
        "restarts": report.restarts,
        "scenes": sorted(report.scenes),
        "p99_frame_ms": round(report.percentile(0.99) * 1000, 2),
        "p99_steady_frame_ms": round(report.percentile(0.99, steady=True) * 1000, 2),
        "max_frame_ms": round(max(report.frame_times, default=0.0) * 1000, 2),
        "p99_frame_cpu_ms": round(report.percentile(0.99, cpu=True) * 1000, 2),
        "p99_steady_frame_cpu_ms": round(report.percentile(0.99, True, True) * 1000, 2),
        "max_frame_cpu_ms": round(max(report.cpu_times, default=0.0) * 1000, 2),
        "slowest_ms": {name: round(took * 1000, 1) for name, took in report.slowest.items()},
        "slowest_by_cause_ms": {f"{name} {cause}": round(took * 1000, 1)
                                for (name, cause), took in sorted(report.causes.items())},
        "slowest_by_cause_cpu_ms": {f"{name} {cause}": round(took * 1000, 1)
                                    for (name, cause), took in sorted(report.cpu_causes.items())},
        "over_budget": len(report.slow),
        "over_budget_cpu": len(report.cpu_slow),
    }
