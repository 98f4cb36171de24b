"""The UI survives anything a person can do: 20,000 seeded random events, in chunks.

Each chunk starts the real app headless on a different scene and game (every game that has a
view, ``game.main_window.VIEWS``) and lets the monkey (``tests.reliability.monkey``) loose;
any exception fails the test with the seed and the last events, and the same chunk replays
the same events (``pytest tests/reliability/test_monkey.py -k "3-replay"``). Frame times are
printed (max and p99), never asserted: timing targets live in ``bench/monkey.py``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.client.app.scene import Scene
from game.client.app.services import Services
from game.client.files.paths import Paths
from game.core.match import Match, Seat
from game.main_window import VIEWS, build_services
from scenes.help import HelpScene
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.replay import ReplayScene
from scenes.settings import SettingsScene
from scenes.setup import SetupScene
from tests.reliability.monkey import Monkey, describe
from tests.reliability.seats import play_out

TOTAL_EVENTS = 20_000
CHUNKS = 8
Start = Callable[[Services, str], Scene]


def new_match(services: Services, game_id: str, computer: bool) -> Match:
    game = services.games.get(game_id)
    seats = [Seat("Ada")] + [Seat("Computer", "computer", "normal") if computer
                             else Seat("Blaise")] * (game.info.players - 1)
    return Match(game, {}, tuple(seats), "monkey" if game.info.has_chance else None)


def finished(services: Services, game_id: str) -> Match:
    return play_out(new_match(services, game_id, computer=False), "monkey", max_plies=120)


STARTS: dict[str, Start] = {
    "menu": lambda services, _: MenuScene(services),
    "setup": lambda services, game: SetupScene(services, services.games.get(game)),
    "play vs computer": lambda services, game: PlayScene(services,
                                                         new_match(services, game, True)),
    "replay": lambda services, game: ReplayScene(services, finished(services, game)),
    "hot seat": lambda services, game: PlayScene(services, new_match(services, game, False)),
    "settings": lambda services, _: SettingsScene(services),
    "help": lambda services, game: HelpScene(services, game),
}


PHASES: dict[str, tuple[int, ...]] = {"piously": (0, 1, 2, 60)}
"""Games whose turn has phases the rotation may miss, and the plies at which a hot-seat game
starts for each extra chunk: Piously's temple, each placement, and play with spells owned."""
PHASE_EVENTS = 1_000


def mid_game(services: Services, game_id: str, plies: int) -> Scene:
    """A hot-seat game after ``plies`` seeded moves (fewer if it ends first)."""
    return PlayScene(services, play_out(new_match(services, game_id, computer=False),
                                        "monkey", max_plies=plies))


def chunks() -> Iterator[tuple[int, str, str]]:
    """(seed, start scene, game) for each chunk: every start and every game with a view,
    then a chunk for every phase of the games in ``PHASES`` (start ``ply:N``)."""
    starts, games = list(STARTS), list(VIEWS)
    count = max(CHUNKS, len(games))
    for index in range(count):
        yield index, starts[index % len(starts)], games[index % len(games)]
    for game_id, plies in PHASES.items():
        for offset, ply in enumerate(plies):
            yield count + offset, f"ply:{ply}", game_id


def first_scene(services: Services, start: str, game_id: str) -> Scene:
    if start.startswith("ply:"):
        return mid_game(services, game_id, int(start[4:]))
    return STARTS[start](services, game_id)


@pytest.fixture
def services(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Services]:
    sandbox = tmp_path / "sandbox"
    sandbox.mkdir()
    monkeypatch.chdir(sandbox)  # a relative path typed into a dialog stays in the sandbox
    monkeypatch.setattr(secrets, "token_hex", lambda _n=8: "5eed")  # reproducible dice
    services = build_services(Paths.under(sandbox), (1280, 720))
    yield services
    pygame.quit()


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "start", "game_id"), list(chunks()))
def test_the_monkey_finds_no_crash(
    services: Services, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    seed: int, start: str, game_id: str,
) -> None:
    monkey = Monkey(services, first_scene(services, start, game_id), seed, tmp_path / "sandbox")
    events = (PHASE_EVENTS if start.startswith("ply:")
              else -(-TOTAL_EVENTS // max(CHUNKS, len(VIEWS))))
    try:
        report = monkey.run(events)
    except Exception as err:
        recent = "\n".join(monkey.recent)
        raise AssertionError(f"seed {seed} ({start}, {game_id}) crashed after "
                             f"{monkey.report.events} events; last events:\n{recent}") from err
    finally:
        monkey.app.close()
    assert report.events >= events
    assert not monkey.unpressed, "every bound key was pressed"
    with capsys.disabled():
        figures = {"chunk": seed, "start": start, "game": game_id, **describe(report)}
        print("\nmonkey", json.dumps(figures))
