"""``conquid-arcade --smoke-test``: walk every screen headless, exit 0, or 1 with the reason.

It checks an install or a frozen build: a missing asset, a hidden import the freezer did not
see, or a computer player's worker process that cannot start fails here (and in CI) rather
than on a player's machine. Like the headless UI tests it drives the real loop
(``App.step``) with synthetic keys and clicks through the player's input table. For every
game with a board view (``game.main_window.VIEWS``, so new views are covered at once) it
goes menu, setup (a computer opponent where the game has one), a few moves, every move key
of the view (Piously's claim dialog, drops and turns among them), take back and redo,
save, pause, settings, help, review (replay), load and resume; then the menu's own
settings and help, a crash report from a fault injected into a scene, and quit.

Moves come from the pure rules (``random_move``); the smoke test hands each one to the
view as its proposal and confirms it with the Return key, the path a player's confirmed
move takes, so it needs to know nothing of any board. All files go to a temporary folder,
never the player's own saves and settings.

Like ``game.main_window`` it is a composition root (it knows the scenes); nothing imports it
but ``game.cli``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final, TypeVar

import pygame

from game import __version__
from game.client.app import assets
from game.client.app import commands as c
from game.client.app import input as inp
from game.client.app.app import STEP, App
from game.client.app.crash import CRASH_EXIT, CrashGuard, CrashReport, shown_autosave
from game.client.app.scene import Scene
from game.client.app.wake import wake
from game.client.files import storage
from game.client.files.paths import Paths
from game.client.view import Proposal
from game.core.learn import Verdict
from game.core.match import Match
from game.core.protocol import CHANCE
from game.main_window import VIEWS, build_services, first_scene
from scenes.help import HelpScene
from scenes.learning.learn import LearnScene, OfferScene
from scenes.learning.lesson import LessonScene
from scenes.menu import MenuScene
from scenes.pause import PauseScene
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from scenes.settings import SettingsScene
from scenes.setup import COMPUTER, SetupScene

SEED: Final = 2026
"""The walk's random moves, and the seed it types for games with dice: each run takes the
same steps."""
MOVES: Final = 4
"""Human moves per game (computer replies and dice rolls come on top)."""
WAIT_SECONDS: Final = 60.0
"""Longest real time to wait for a computer's reply or the dice."""

SceneT = TypeVar("SceneT", bound=Scene)


class SmokeFailure(Exception):
    """A step did not do what a player would see it do; the message says what."""


def smoke_test() -> int:
    """Run the walk in a temporary home with dummy video and audio; the exit status."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    started = time.perf_counter()
    walk: Walk | None = None
    try:
        with tempfile.TemporaryDirectory(prefix="conquid-smoke-") as home:
            walk = Walk(Path(home))
            walk.run()
    except SmokeFailure as failure:
        step = walk.step_name if walk else "start"
        print(f"smoke test FAILED at {step}: {failure}", flush=True)
        return 1
    except Exception:
        step = walk.step_name if walk else "start"
        print(f"smoke test FAILED at {step} with an error:\n{traceback.format_exc()}", flush=True)
        return 1
    print(f"smoke test passed: {walk.steps} steps in {time.perf_counter() - started:.1f} s",
          flush=True)
    return 0


def expect(condition: object, problem: str) -> None:
    if not condition:
        raise SmokeFailure(problem)


class Walk:
    """One walk through the app, step by step, reporting each step as it passes."""

    def __init__(self, home: Path) -> None:
        self.step_name = "start"
        self.steps = 0
        self.rng = random.Random(SEED)
        self.script = Script()
        self.paths = Paths.under(home)
        self.watched = _bundle_roots() or [assets.assets_dir()]
        self.before = _snapshot(self.watched)
        self.services = build_services(self.paths, (1280, 720))
        self.services.views = {game: self.script.wrap(make) for game, make in VIEWS.items()}
        self.games = [game.info.id for game in self.services.games if game.info.id in VIEWS]
        self.app = App(self.services, first_scene(self.services))

    # -- the walk --------------------------------------------------------------------------

    def run(self) -> None:
        mode = "frozen" if getattr(sys, "frozen", False) else "from source"
        print(f"smoke test: conquid-arcade {__version__} ({mode}), games with views: "
              f"{', '.join(self.games) or 'none'}", flush=True)
        real = Paths.default()
        print(f"  player folders: settings {real.config}, games {real.data}, logs {real.logs}",
              flush=True)
        try:
            with self.step("assets"):
                theme = assets.theme_path()
                expect(theme.is_file(), f"the theme is missing: {theme}")
            with self.step("menu"):
                self.frames(2)
                self.expect_top(MenuScene)
            expect(self.games, "no game has a board view")
            for game_id in self.games:
                self.play(game_id)
            self.menu_tour()
            self.online()
            self.crash_report()
            with self.step("quit"):
                self.press_entry("Quit")
                expect(not self.app.running, "the Quit entry did not end the app")
            with self.step("nothing written inside the program's folder"):
                changed = sorted(set(_snapshot(self.watched).items()) ^ set(self.before.items()))
                expect(not changed, f"files changed: {[name for name, _ in changed][:5]}")
        finally:
            self.app.close()
            pygame.quit()

    def play(self, game_id: str) -> None:
        title = self.services.games.get(game_id).info.title
        with self.step(f"{game_id}: menu to setup"):
            self.press_entry(f"Play {title}")
            if isinstance(self.app.stack.top, OfferScene):
                self.learn(game_id)
                self.press_entry(f"Play {title}")
            setup = self.expect_top(SetupScene)
        with self.step(f"{game_id}: setup"):
            level = self.choose_computer(setup)
            self.type_seed(setup)
            self.press(setup.start_button)
            play = self.expect_top(PlayScene)
        match = play.match
        for number in range(MOVES):
            self.settle(play)
            if match.outcome is not None:
                print(f"  --  {game_id}: the game ended after {match.ply} moves "
                      f"({match.outcome.reason.label}): {' | '.join(match.moves)}", flush=True)
                break
            with self.step(f"{game_id}: move {number + 1}"):
                self.click(play.view.board_rect.center)  # hit test and hover, any answer
                self.key(inp.PLAY, c.CLEAR)
                before = match.ply
                move = self.move_that_plays_on(match)
                self.script.move = move
                self.key(inp.PLAY, c.CONFIRM)
                played = match.moves[before:before + 1]  # dice may roll right after it
                expect(played == (match.game.format_move(move),),
                       f"confirming {match.game.format_move(move)} did not play it")
                self.frames(20)  # some of the animation, then skip the rest
                self.key(inp.PLAY, c.SKIP)
        if not match.is_over:
            with self.step(f"{game_id}: every move key of the view"):
                self.settle(play)
                for action in play.view.actions:  # dialogs and steps a move may open
                    if not match.is_over:
                        self.key(f"game:{game_id}", action.id)
                self.key(inp.PLAY, c.CLEAR)
                self.key(inp.PLAY, c.CLEAR)
        if level is not None:
            with self.step(f"{game_id}: computer ({level}) replied"):
                expect(any(self._seat_of(match, ply) == 1 for ply in range(match.ply)),
                       "the computer never moved")
        with self.step(f"{game_id}: autosave"):
            self.settle(play)
            expect(play.autosave_path is not None, "the game has no autosave")
            assert play.autosave_path is not None
            saved = storage.load(play.autosave_path, self.services.games)
            expect(saved.moves == match.moves, "the autosave does not hold the moves played")
        with self.step(f"{game_id}: take back and redo"):
            before, shown = match.ply, len(self.services.toasts.history)
            self.key(inp.PLAY, c.TAKE_BACK)
            expect(len(self.services.toasts.history) > shown, "take back showed nothing")
            if match.can_redo:  # else the dice rolled again at once (a solo game with dice)
                taken = match.ply
                expect(taken < before, "take back did nothing")
                self.key(inp.PLAY, c.REDO)
                self.settle(play)
                expect(match.ply > taken, "redo did nothing")
            if match.is_over:  # the rest of the walk would rather have a game that goes on
                self.key(inp.PLAY, c.TAKE_BACK)
        with self.step(f"{game_id}: save"):
            self.key(inp.PLAY, c.SAVE)
            self.press(self.dialog(play).ok_button)
            files = sorted(self.paths.saves.glob("*.json"), key=lambda p: p.stat().st_mtime)
            expect(files, "no file in the saves folder")
            saved_file, saved_moves = files[-1], match.moves
            loaded = storage.load(saved_file, self.services.games)
            expect(loaded.moves == saved_moves, "the saved file does not hold the moves")
        self.pause_tour(game_id, play)
        with self.step(f"{game_id}: review (replay)"):
            self.key(inp.PLAY, inp.REVIEW)
            replay = self.expect_top(ReplayScene)
            self.key(inp.REPLAY, c.TO_START)
            expect(replay.cursor == 0, "Home did not go to the start")
            for _ in range(min(3, match.ply)):
                self.key(inp.REPLAY, c.STEP_FORWARD)
                self.frames(10)
            self.key(inp.REPLAY, c.PLAY_PAUSE)
            self.frames(60)
            self.key(inp.REPLAY, c.PLAY_PAUSE)
            self.key(inp.REPLAY, c.TO_END)
            expect(replay.cursor == match.ply, "End did not go to the last move")
            self.key(inp.REPLAY, c.BACK)
            self.expect_top(PlayScene)
        with self.step(f"{game_id}: load"):
            self.key(inp.PLAY, c.OPEN)
            dialog = self.dialog(play)
            items = dialog.file_selection_list.item_list
            item = next((i for i in items if i["text"] == saved_file.name), None)
            expect(item is not None and item["button_element"] is not None,
                   f"{saved_file.name} is not listed in the open dialog")
            assert item is not None
            self.press(item["button_element"])
            self.press(dialog.ok_button)
            opened: Any = self.app.stack.top
            expect(opened is not play and hasattr(opened, "match"),
                   "opening the saved game showed no game")
            expect(opened.match.moves == saved_moves, "the loaded game differs")
        with self.step(f"{game_id}: back to the menu and resume"):
            self.to_menu()
            if match.is_over:
                return
            self.press_entry("Resume:")
            resumed = self.expect_top(PlayScene)
            expect(resumed.match.game.info.id == game_id, "resumed another game")
            expect(resumed.match.moves[: len(saved_moves)] == saved_moves,
                   "the resumed game is not the one played")
            self.to_menu()

    def move_that_plays_on(self, match: Match) -> object:
        """A random legal move, the one of a few tries least likely to end the game (the walk
        wants a game to save, load and resume), dice included."""
        game = match.game
        best, risk = None, 2.0
        for _ in range(20):
            move = game.random_move(match.state, self.rng)
            expect(move is not None, "the rules offer no move in an unfinished game")
            after = game.apply(match.state, move)
            ending = 1.0 if after.outcome is not None else 0.0
            if ending == 0.0 and game.to_move(after.state) == CHANCE:
                ending = sum(chance for roll, chance in game.chance_outcomes(after.state)
                             if game.apply(after.state, roll).outcome is not None)
            if ending < risk:
                best, risk = move, ending
            if risk == 0.0:
                break
        return best

    def pause_tour(self, game_id: str, play: PlayScene) -> None:
        with self.step(f"{game_id}: pause, settings, help, resume"):
            self.key(inp.PLAY, c.BACK)
            pause = self.expect_top(PauseScene)
            screens: tuple[tuple[str, type[Scene]], ...] = (
                ("settings", SettingsScene), ("help", HelpScene))
            for choice, scene in screens:
                self.press(next(w for w, key in pause.choices.items() if key == choice))
                self.expect_top(scene)
                self.key(inp.MENU, c.BACK)
                self.expect_top(PauseScene)
            self.press(next(w for w, key in pause.choices.items() if key == "resume"))
            expect(self.app.stack.top is play, "Resume did not go back to the game")

    def menu_tour(self) -> None:
        with self.step("menu: settings (mute)"):
            self.press_entry("Settings")
            settings = self.expect_top(SettingsScene)
            muted = self.services.settings.muted
            self.press(settings.widgets["muted"])
            stored = json.loads(self.paths.settings.read_text("utf-8"))
            expect(stored.get("muted") is (not muted), "the mute box was not saved")
            self.key(inp.MENU, c.BACK)
            self.expect_top(MenuScene)
        with self.step("menu: help"):
            self.key(inp.GLOBAL, c.HELP)
            self.expect_top(HelpScene)
            self.key(inp.MENU, c.BACK)
            self.expect_top(MenuScene)

    def online(self) -> None:
        """Host a table from the Play online screen (this machine's server on loopback) and
        let a protocol client join it by code: the play scene opens, one move each way."""
        from game.client.match.online import OnlinePlay
        from game.hosting import LanHost
        from game.net.lan import Announced  # zeroconf is in the build
        from game.net.session import Join, Network, Session, TableNow
        from game.net.wire.limits import PROTOCOL_VERSION
        from scenes.online.play import OnlinePlayScene
        from scenes.online.screen import OnlineScene

        expect(Announced("t", "ws://127.0.0.1:1", "ABC234", "conquid", "", "Ada",
                         PROTOCOL_VERSION, 1).problem({"conquid": 1}) == "",
               "the LAN announcement check failed")
        self.services.online = OnlinePlay(
            self.services.games, self.paths,
            lambda _port: LanHost(self.paths.data, bind="127.0.0.1", port=0, announce=False),
            wake=wake)
        network = Network()
        try:
            with self.step("online: host a table"):
                self.press_entry("Play online")
                scene = self.expect_top(OnlineScene)
                self.press(scene.widgets["host"])
                assert scene.form is not None  # the table's options, side and clock
                self.press(scene.form.widgets["go"])
                self.wait_for(lambda: scene.pending is not None and scene.pending.invite
                              is not None, "no invite code")
                hosted = self.services.online.hosted
                assert scene.pending is not None and scene.pending.invite and hosted
                code = scene.pending.invite[0]
            with self.step("online: a client joins by code; a move each way"):
                guest = Session(network, hosted.url, "Guest", self.services.games)
                guest.start(Join(code))
                self.wait_for(lambda: isinstance(self.app.stack.top, PlayScene),
                              "the play scene did not open")
                play = self.expect_top(OnlinePlayScene)
                online = play.online
                seen: list[tuple[str, ...]] = [()]

                def heard() -> tuple[str, ...]:
                    for event in guest.events():
                        if isinstance(event, TableNow):
                            seen[0] = event.moves
                    return seen[0]

                for _ in range(2):
                    match = play.match
                    move = match.game.random_move(match.state, self.rng)
                    ply = match.ply
                    if match.to_move == online.my_seat:
                        play._play(move)  # as a click that completes a move plays it
                    else:
                        guest.move(ply, match.game.format_move(move))
                    self.wait_for(functools.partial(both_past, heard, play, ply),
                                  "a move did not reach the other side")
                expect(heard() == play.match.moves, "the two sides disagree")
                guest.close()
                self.key(inp.PLAY, c.BACK)
                self.to_menu()
        finally:
            network.stop()
            self.services.online.stop()

    def wait_for(self, done: Callable[[], bool], problem: str) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        while not done():
            expect(time.monotonic() < deadline, problem)
            self.frames(1)
            time.sleep(0.01)

    def crash_report(self) -> None:
        """Break a scene's update on purpose: a report must name the game, the autosave stays."""
        with self.step("crash report"):
            resumable = any(text.startswith("Resume:") for _w, text, _a in self._entries())
            if resumable:
                self.press_entry("Resume:")
            scene = self.app.stack.top
            kept = shown_autosave(self.app.stack.scenes)
            autosave = kept.read_bytes() if kept is not None and kept.exists() else b""
            told: list[CrashReport] = []
            guard = CrashGuard(self.paths.logs, None, lambda _error, report: told.append(report))
            guard.watch(self.app.stack.scenes)

            def broken(clock: float) -> None:
                raise RuntimeError("smoke test: a fault injected into a scene's update")

            def two_frames() -> int:
                self.frames(2)
                return 0

            object.__setattr__(scene, "update", broken)
            try:
                status = guard.run(two_frames)
            finally:
                object.__delattr__(scene, "update")
            expect(status == CRASH_EXIT and told, "the fault was not reported")
            report = told[0]
            expect(report.path is not None and report.path.is_file(),
                   f"no crash report written ({report.problem})")
            assert report.path is not None
            text = report.path.read_text("utf-8")
            for needed in ("injected", __version__, "Traceback", type(scene).__name__):
                expect(needed in text, f"the crash report does not mention {needed!r}")
            after = kept.read_bytes() if kept is not None and autosave else b""
            expect(after == autosave, "the crash path changed the autosave")
            if resumable:
                expect(report.safe_game, "the player is not told the game is safe")
                self.to_menu()

    # -- hands -----------------------------------------------------------------------------

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[None]:
        self.step_name = name
        started = time.perf_counter()
        yield
        self.steps += 1
        print(f"  ok  {name} ({time.perf_counter() - started:.2f} s)", flush=True)

    def frames(self, count: int = 1, events: list[Any] | None = None) -> None:
        """Run frames; the first gets ``events``, every one gets what pygame_gui queued."""
        self.app.step([*(events or []), *pygame.event.get()], STEP)
        for _ in range(count - 1):
            if not self.app.running:
                return
            self.app.step(pygame.event.get(), STEP)

    def key(self, ctx: str, command: str) -> None:
        """Press the first key the player's table binds to ``command``."""
        keys = [k for k in self.services.table.keys(ctx, command) if not k.startswith("mouse")]
        expect(keys, f"no key for {command} in {ctx}")
        *mods, name = keys[0].split("+")
        flags = {"ctrl": pygame.KMOD_CTRL, "alt": pygame.KMOD_ALT, "shift": pygame.KMOD_SHIFT}
        mod = 0
        for part in mods:
            mod |= flags[part]
        code = pygame.key.key_code(name)
        down = pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
        up = pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
        self.frames(2, [down, up])

    def click(self, pos: tuple[int, int]) -> None:
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(1, [move])
        self.frames(3, [down, up])  # widgets answer through the queue, dialogs a frame later

    def press(self, widget: Any) -> None:
        """Click a widget in its middle, as a player would."""
        expect(widget is not None, "a widget to press is missing")
        self.click(widget.get_abs_rect().center)

    def press_entry(self, prefix: str) -> None:
        """Click the menu entry whose text starts with ``prefix``."""
        self.expect_top(MenuScene)
        entry = next((w for w, text, _a in self._entries() if text.startswith(prefix)), None)
        expect(entry is not None, f"the menu has no entry {prefix!r}")
        self.press(entry)

    def _entries(self) -> list[tuple[Any, str, Any]]:
        return list(getattr(self.app.stack.top, "entries", []))

    def choose_computer(self, setup: SetupScene) -> str | None:
        """Make the second seat a computer at the weakest level, if the game has one."""
        computers = [kind for kind in setup.kind_choices if kind.startswith(COMPUTER)]
        if setup.game.info.players < 2 or not computers:
            return None
        dropdown = setup.widgets["kind:1"]
        self.press(dropdown)
        items = dropdown.current_state.options_selection_list.item_list
        button = next((i["button_element"] for i in items if i["text"] == computers[0]), None)
        self.press(button)
        expect(dropdown.selected_option[0] == computers[0], "could not choose a computer seat")
        return str(computers[0]).removeprefix(COMPUTER)

    def type_seed(self, setup: SetupScene) -> None:
        """Type the walk's seed for a game with dice, so each run rolls the same dice and
        takes the same steps."""
        entry = setup.widgets.get("seed")
        if entry is not None:
            entry.set_text(str(SEED))

    def learn(self, game_id: str) -> None:
        """From the first-time offer, play the first lesson's first step as the learner."""
        with self.step(f"{game_id}: first lesson"):
            self.press(self.expect_top(OfferScene).learn_button)
            lesson = self.expect_top(LessonScene)
            game = lesson.game
            deadline = time.monotonic() + WAIT_SECONDS
            while lesson.attempt.verdict is Verdict.PLAYING:
                expect(time.monotonic() < deadline, "the lesson step never ended")
                if lesson.attempt.learners_turn and not lesson.view.busy(lesson._clock):
                    text = lesson.step.answer[lesson.attempt.match.ply]
                    self.script.move = game.parse_move(text)
                    self.key(inp.PLAY, c.CONFIRM)
                self.frames(2)
            expect(lesson.attempt.verdict is Verdict.PASSED,
                   f"the lesson's own answer failed: {lesson.message}")
            self.key(inp.PLAY, c.BACK)
            self.expect_top(LearnScene)  # the game's lessons, where a lesson ends
            self.key(inp.MENU, c.BACK)
            self.expect_top(MenuScene)

    def settle(self, play: PlayScene) -> None:
        """Run frames until a human is to move (dice rolled, computer answered) or it is over."""
        match = play.match
        deadline = time.monotonic() + WAIT_SECONDS
        while not match.is_over and (match.to_move == CHANCE or match.to_move in play.computers):
            expect(time.monotonic() < deadline,
                   f"still waiting for {'the dice' if match.to_move == CHANCE else 'the computer'}"
                   f" after {WAIT_SECONDS:.0f} s")
            expect(self.app.stack.top is play, "the game left the screen while waiting")
            self.frames(1)
            time.sleep(0.002)
        self.frames(2)

    def dialog(self, scene: Any) -> Any:
        live = [dialog for dialog in scene._dialogs if dialog.alive()]
        expect(live, "no dialog opened")
        return live[-1]

    def to_menu(self) -> None:
        """Esc (and "Quit to menu" from the pause screen) until the menu is on top."""
        for _ in range(6):
            top = self.app.stack.top
            if isinstance(top, MenuScene):
                return
            if isinstance(top, PauseScene):
                self.press(next(w for w, key in top.choices.items() if key == "menu"))
            else:
                self.key(inp.PLAY, c.BACK)
        self.expect_top(MenuScene)

    def expect_top(self, kind: type[SceneT]) -> SceneT:
        """The top scene, which must be a ``kind``."""
        top = self.app.stack.top
        expect(isinstance(top, kind), f"expected the {kind.__name__} on top, found "
               f"{type(top).__name__}; toasts: {self.services.toasts.history[-3:]}")
        assert isinstance(top, kind)
        return top

    @staticmethod
    def _seat_of(match: Match, ply: int) -> int:
        return match.game.to_move(match.state_at(ply))


class Script:
    """The next move the smoke test wants confirmed, handed over as the view's proposal."""

    def __init__(self) -> None:
        self.move: object | None = None

    def wrap(self, factory: Callable[[], Any]) -> Callable[[], Any]:
        """A view factory whose views propose the scripted move when there is one."""
        def make() -> Any:
            view = factory()
            own = view.proposal

            def proposal() -> Proposal:
                move, self.move = self.move, None
                return own() if move is None else Proposal(move)

            object.__setattr__(view, "proposal", proposal)
            return view

        return make


def both_past(heard: Callable[[], tuple[str, ...]], play: PlayScene, ply: int) -> bool:
    """Both sides of an online table hold more than ``ply`` moves."""
    return len(heard()) > ply and play.match.ply > ply


def _bundle_roots() -> list[Path]:
    """A frozen build's own folder: the one-folder build's, or one-file's unpacked copy."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is None:
        return []
    root = Path(bundle)
    executable_folder = Path(sys.executable).resolve().parent
    return [executable_folder if root.parent == executable_folder else root]


def _snapshot(roots: list[Path]) -> dict[str, tuple[int, int]]:
    """Every file under ``roots``: size and modification time."""
    files: dict[str, tuple[int, int]] = {}
    for root in roots:
        for path in root.rglob("*"):
            with contextlib.suppress(OSError):
                if path.is_file():
                    stat = path.stat()
                    files[str(path)] = (stat.st_size, stat.st_mtime_ns)
    return files
