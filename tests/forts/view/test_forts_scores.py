"""The high-score table: written when a genuine run ends, capped, shown from the menu; faked
dice never enter it (computer seats neither, see test_forts_play); a run given up keeps its
score; a broken file is kept aside."""

from __future__ import annotations

import json

from game.catalog import plugins
from game.client.app.services import Services
from game.client.files import scores
from game.core.match import Match, Seat
from game.core.record import save_match
from game.forts.rules.game import GAME, Place, placeable_cells
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.play_parts import endings
from scenes.scores import ScoresScene
from tests.forts.view.test_forts_play import (
    QUICK_SEED,
    QUICK_VALUE,
    back_to_menu,
    build,
    start_game,
)
from tests.ui.driver import Driver

TABLE = "9x18, connected"


def quick_run(rolls: list[str]) -> Match:
    """The quick seed's run with these rolls written in (genuine or not), left to place."""
    match = Match(GAME, {}, (Seat("Eve"),), seed=QUICK_SEED, created="2026-11-21T17:00:00Z")
    for roll in rolls:
        row, col = placeable_cells(match.state)[0]
        match.play(Place(QUICK_VALUE, row, col))
        match.play(roll)
    return match


def open_from_menu(driver: Driver, title: str) -> object:
    driver.frames(2)
    menu = driver.top
    assert isinstance(menu, MenuScene)
    driver.press(next(widget for widget, text, _ in menu.entries if text.startswith(title)))
    return driver.top


def finish_resumed_run(driver: Driver, record: Match, edit: tuple[str, str] | None) -> PlayScene:
    """Write ``record`` as the autosave (hand-edited if asked), resume it, play the last turn."""
    path = driver.app.services.paths.autosaves / "last.json"  # as older versions kept it
    save_match(path, record)
    if edit is not None:
        document = json.loads(path.read_text())
        document["moves"] = [edit[1] if text == edit[0] else text for text in document["moves"]]
        document.pop("final_digest", None)
        path.write_text(json.dumps(document))
    back_to_menu(driver)
    play = open_from_menu(driver, "Resume: Forts and Ruins")
    assert isinstance(play, PlayScene)
    driver.key(str(QUICK_VALUE))
    build(driver, play)
    assert play.match.is_over
    return play


def test_a_record_with_faked_rolls_never_enters_the_table(
    driver: Driver, services: Services
) -> None:
    genuine = ["roll 6", "roll 2", "roll 6", "roll 1"]
    play = finish_resumed_run(driver, quick_run(genuine), ("roll 6", "roll 3"))
    assert play.match.moves[1] == "roll 3"
    assert play.ranked == "Not ranked: roll 1 is 'roll 3', but the seed gives 'roll 6'"
    assert not services.paths.scores.exists()
    play = finish_resumed_run(driver, quick_run(genuine), None)
    assert play.ranked == f"High score: #1 on {TABLE}"
    entries = scores.load(services.paths.scores).tables["forts"][TABLE]
    assert [(entry.name, entry.score) for entry in entries] == [("Eve", (4, 0, 1))]


def test_a_take_back_rolls_the_same_die_again_and_the_run_still_ranks(
    driver: Driver, services: Services
) -> None:
    play = start_game(driver)
    driver.key(str(QUICK_VALUE))
    build(driver, play)
    driver.key("left")  # take back the roll: it is rolled again, the same, from the seed
    driver.wait(3.0)
    assert play.match.moves[1] == "roll 6" and play.match.ply == 2
    while not play.match.is_over:
        build(driver, play)
    assert play.ranked == f"High score: #1 on {TABLE}"
    assert services.paths.scores.exists()


def test_each_table_keeps_its_best_ten(driver: Driver, services: Services) -> None:
    kept = plugins()["forts"].scores
    assert kept is not None
    finished = quick_run(["roll 6", "roll 2", "roll 6", "roll 1"])
    finished.play(Place(QUICK_VALUE, *placeable_cells(finished.state)[0]))
    finished.play_chance()
    assert finished.is_over and kept.final_score(finished.state) == (4, 0, 1)
    strong = [scores.Entry(f"P{i}", (9, i, 1), "s", "2026-11-20") for i in range(12)]
    scores.save(services.paths.scores, {"forts": {TABLE: strong}})
    assert len(scores.load(services.paths.scores).tables["forts"][TABLE]) == 10
    entered = scores.enter(services.paths.scores, finished, kept, "2026-11-21")
    assert entered.place is None
    table = scores.load(services.paths.scores).tables["forts"][TABLE]
    assert [entry.name for entry in table] == [f"P{i}" for i in range(11, 1, -1)]
    weak = [scores.Entry(f"W{i}", (1, 0, 1), "s", "2026-11-20") for i in range(10)]
    scores.save(services.paths.scores, {"forts": {TABLE: weak}})
    assert scores.enter(services.paths.scores, finished, kept, "2026-11-21").place == 1
    table = scores.load(services.paths.scores).tables["forts"][TABLE]
    assert len(table) == 10 and table[0].name == "Eve" and table[-1].name == "W8"


def test_a_broken_score_file_is_kept_aside_and_an_empty_table_shown(
    driver: Driver, services: Services
) -> None:
    services.paths.scores.parent.mkdir(parents=True, exist_ok=True)
    services.paths.scores.write_text("{not json")
    shown = open_from_menu(driver, "High scores")
    assert isinstance(shown, ScoresScene)
    assert any("kept as scores.json.bad" in text for text in driver.toasts())
    assert not services.paths.scores.exists()
    assert services.paths.scores.with_name("scores.json.bad").read_text() == "{not json"
    assert "FORTS AND RUINS" in shown.body and "No runs yet" in shown.body
    driver.key("escape")
    assert isinstance(driver.top, MenuScene)


def test_wrong_shapes_are_broken_files_too(services: Services) -> None:
    path = services.paths.scores
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in ('{"version": 1, "tables": {"forts": {"t": [{"name": 3}]}}}', "[]",
                 '{"version": 2, "tables": {}}', '{"version": 1, "tables": {"f": {"t": [' +
                 '{"name": "a", "score": [true], "seed": "s", "date": "d"}]}}}'):
        path.write_text(text)
        loaded = scores.load(path)
        assert loaded.tables == {} and loaded.problem is not None
        assert not path.exists()


def test_a_run_given_up_keeps_its_score(driver: Driver, services: Services) -> None:
    """Giving up ends the run where it stands (it used to vanish from the table without a
    word); its figures can only be lower than playing on."""
    play = start_game(driver)
    driver.key("2")
    build(driver, play)
    endings.ask_resign(play, play.match, play.table, play._refuse, play.flow.ended)
    (dialog,) = [element for element in services.ui.get_root_container().elements
                 if type(element).__name__ == "UIConfirmationDialog" and element.alive()]
    assert "keeps the score" in dialog.confirmation_text.html_text, "the confirm says so"
    dialog.kill()
    play._resign()  # what the Resign button's confirmation dialog calls
    assert play.ranked is not None and play.ranked.startswith("High score: #1")
    saved = json.loads(services.paths.scores.read_text())
    (run,) = next(iter(saved["tables"]["forts"].values()))
    assert run["score"][0] == play.match.state.turns
