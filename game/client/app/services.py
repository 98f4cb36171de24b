"""What scenes share: the window, widgets, settings, sounds, toasts, games, plug-ins, views.

One small object built by the composition root, so scenes reach shared things explicitly
(no module globals) and tests can build it with a temporary folder and the dummy drivers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.client.access.speech import Speech
from game.client.app.background import Background, Stage
from game.client.app.display import Display
from game.client.app.input import InputTable
from game.client.app.memory import Reclaimer, settle
from game.client.app.navigator import Navigator
from game.client.app.sound import SoundBank
from game.client.draw import fonts, palette
from game.client.draw.palette import parse_hex
from game.client.files.learning import Learning
from game.client.files.paths import Paths
from game.client.files.settings import Settings, save_settings
from game.client.files.writer import BackgroundWriter
from game.client.match.computer import Computers, NoComputers
from game.client.match.evaluation import Evaluations, NoEvaluations
from game.client.match.online import OnlinePlay
from game.client.match.review import NoReviews, Reviews
from game.client.view import RGB, GameView, ViewFactory
from game.client.widgets.toast import Toasts
from game.core.registry import Registry
from game.plugin import GamePlugin


@functools.lru_cache(maxsize=8)
def _parse_all(colours: tuple[str, ...]) -> tuple[RGB, ...]:
    return tuple(parse_hex(colour) for colour in colours)


def restyle(ui: Any, text_size: int, theme: str) -> None:
    """Draw text at ``text_size`` per cent and in colour theme ``theme`` from the next frame:
    the app's faces, its colours and the widgets' theme (each scene lays itself out again
    when it is next on top, ``Scene.resume``)."""
    fonts.set_text_size(text_size)
    palette.use_theme(theme)
    ui.restyle(text_size, theme)


@dataclass
class Services:
    display: Display
    ui: Any
    """The pygame_gui UIManager shared by every scene."""
    paths: Paths
    settings: Settings
    sounds: SoundBank
    table: InputTable
    games: Registry
    views: Mapping[str, ViewFactory]
    """The board view of each game this client shows (the composition root's)."""
    plugins: Mapping[str, GamePlugin]
    """Every game's plug-in by id (``game.catalog``): its text, keys, colours, scores."""
    toasts: Toasts
    scenes: Navigator
    """Every scene another scene may open (the composition root's factories)."""
    computers: Computers = field(default_factory=NoComputers)
    reviews: Reviews = field(default_factory=NoReviews)
    """The computer's reviews of finished games, run off the UI thread."""
    evaluations: Evaluations = field(default_factory=NoEvaluations)
    """The analysts judging one position off the UI thread (a player's better move)."""
    learning: Learning = field(default_factory=Learning)
    """Lessons and puzzles, and the player's progress (``game.client.files.learning``)."""
    writer: BackgroundWriter = field(default_factory=BackgroundWriter)
    """Stores autosaves off the frame; the app loop settles it after every frame."""
    memory: Reclaimer = field(default_factory=Reclaimer)
    """Gives back what closed screens and dialogs leave behind (``game.client.app.memory``)."""
    online: OnlinePlay | None = None
    """The network thread, this machine's server while hosting, the LAN browser (None in a
    build or test without online play)."""
    preload: Callable[[], None] | None = None
    """Work for a background thread once the window shows: the composition root imports
    every game's rules and view there, so a game's first screen does not wait for them."""
    background: Background = field(default_factory=Background)
    """The thread of that work, held back while the app computes a frame."""
    speech: Speech = field(default_factory=Speech)
    """What the client says aloud while the player has speech on (kept as text always)."""
    _shown: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        """Every message shown is also said (a refusal cuts short what was being said)."""
        self.toasts.listeners.append(lambda text, kind: self.speech.say(text, kind == "error"))

    def window_shown(self) -> None:
        """The first frame is on screen: serve again the tables this machine hosts (their
        players may be waiting), and start the background work, once, in one thread that
        runs between frames (``game.client.app.background``): ``preload``, the lesson
        courses, then the sounds (a cue wanted sooner is made when wanted)."""
        if self._shown:
            return
        self._shown = True
        if self.online is not None:
            self.online.serve_kept()  # the tables this machine hosts: served from now
        settle()  # what start-up made lives as long as the app: out of later collections
        stages: list[Stage] = []
        if self.preload is not None:
            stages.append(("preload", self.preload))
        stages += [("lessons", self.learning.load), ("settle", settle)]
        sounds = self.sounds.synthesizer()
        if sounds is not None:
            stages.append(("sounds", sounds))
        self.background.start(stages)

    def surface_size(self) -> tuple[int, int]:
        return self.display.size

    def colours(self) -> tuple[RGB, ...]:
        return _parse_all(self.settings.colours)

    def plugin(self, game_id: str) -> GamePlugin:
        """The plug-in of a game (KeyError for an id no plug-in has)."""
        return self.plugins[game_id]

    def make_view(self, game_id: str) -> GameView:
        view = self.views[game_id]()
        view.set_colours(self.colours())
        view.set_speed(self.settings.anim_speed)
        return view

    def update_settings(self, settings: Settings) -> None:
        """Use new settings (sound, keys and fullscreen take effect at once) and store them
        in the writer's thread (on disk once the writer is settled: after the frame)."""
        before = self.settings
        self.settings = settings.with_(keys=self.table.overrides())
        self.sounds.volume = settings.volume
        self.sounds.muted = settings.muted
        self.speech.on = settings.speech
        self.display.set_fullscreen(settings.fullscreen)
        if (settings.text_size, settings.theme) != (before.text_size, before.theme):
            restyle(self.ui, settings.text_size, settings.theme)
        if self.display.fullscreen != settings.fullscreen:
            self.settings = self.settings.with_(fullscreen=self.display.fullscreen)
            self.toasts.show("This screen cannot go fullscreen: the game stays in a window.",
                             "error")
        path, settings = self.paths.settings, self.settings

        def save() -> str | None:  # only what changed: another copy of the app keeps its own
            try:
                save_settings(path, settings, before)
            except OSError as err:
                return f"Settings could not be saved: {err.strerror}"
            return None

        # Off the frame, as autosaves: the file's fsyncs took 2-20 ms and more on a busy disk.
        self.writer.submit(save, lambda problem: self.toasts.show(problem, "error"))
