"""The move box's reading of a line: matches, forgiveness, refusals in the rules' words."""

from __future__ import annotations

import math

from game import catalog
from game.client.access.typed import MoveReader, normal
from game.core.match import Match

TEMPLE = "temple P2,-4r0 I3,-3r0 O2,-2r0 U2,0r0 S0,0r0 L1,2r0 Y-1,4r0"


def reader(game_id: str, *moves: str, **options: object) -> MoveReader:
    plugin = catalog.plugins()[game_id]
    match = Match(plugin.rules(), options, seed="typed")
    for move in moves:
        match.play(move)
    return MoveReader(match.game, plugin.text(), match.state, budget=math.inf)


def test_case_and_spacing_are_forgiven() -> None:
    assert normal("  Move   P3 ") == "move p3 "
    assert normal("A 0, 0  0 ,1") == "a 0,0 0,1"


def test_a_line_lists_the_legal_moves_it_still_matches() -> None:
    forts = reader("forts")
    reading = forts.read("1 3,")
    assert [c.notation for c in reading.matches] == ["1 3,3", "1 3,4", "1 3,5"]
    assert reading.complete and reading.only is None
    only = forts.read("1 3, 4").only
    assert only is not None and only.notation == "1 3,4"


def test_a_trailing_space_ends_the_last_word() -> None:
    conquid = reader("conquid")
    several = conquid.read("a 0,0 0,1 0,2")
    assert len(several.matches) > 1 and several.exact is not None  # 0,2 and 0,2x
    assert [c.notation for c in conquid.read("a 0,0 0,1 0,2 ").matches] == ["A 0,0 0,1 0,2"]


def test_piously_takes_the_board_labels() -> None:
    piously = reader("piously", TEMPLE, "place 0,0", "place 2,-2")
    reading = piously.read("MOVE s2")
    assert reading.only is not None and reading.only.notation == "move 1,0"
    assert reading.only.shown == "move S2"


def test_a_refusal_gives_the_rules_reason_with_the_board_names() -> None:
    piously = reader("piously", TEMPLE, "place 0,0", "place 2,-2")
    assert piously.read("move P4").problem == \
        "cannot move P4: a piece moves to a hex next to you"
    forts = reader("forts")
    assert forts.read("7 3,3").problem == "cannot place 7 3,3: a territory's value is 1 to 6"


def test_millions_of_acquisitions_are_listed_as_typed() -> None:
    conquid = reader("conquid")  # a medium board: the game's text narrows the line
    reading = conquid.read("a 13,27 0,0 13,2")
    assert [c.shown for c in reading.matches[:3]] == [
        "A 13,27 0,0 13,2", "A 13,27 0,0 13,20", "A 13,27 0,0 13,21"]
    assert reading.complete and reading.exact is not None
    only = conquid.read("a 3,4 3,5 3,6").only
    assert only is not None and only.notation == "A 3,4 3,5 3,6"
    assert conquid.read("a 6,4").problem == "cell 6,4 is part of a base"
    assert conquid.read("a 0,0 0,0 0,2").problem == \
        "the cells of an acquire must all be different"


def test_other_moves_are_scanned_and_too_many_are_judged_whole() -> None:
    conquid = reader("conquid")
    assert [c.notation for c in conquid.read("c").matches] == ["C"]
    partial = conquid.read("v 3,")  # vanquishes come before millions of acquisitions
    assert partial.problem is None


def test_a_set_up_typed_in_lower_case_reads_by_the_order_of_its_squares() -> None:
    reading = reader("pushfight").read("setup oc4 od4 oa3 ob3 oc3")  # pushers first
    assert reading.exact is not None and reading.exact.notation == "setup Oc4 Od4 Oa3 ob3 oc3"


def test_a_key_looks_for_moves_a_while_and_return_as_long_as_it_takes() -> None:
    plugin = catalog.plugins()["pushfight"]
    match = Match(plugin.rules(), {})
    hasty = MoveReader(match.game, plugin.text(), match.state, budget=0.0)
    assert hasty.read("setup oh") == hasty.read("setup oh")  # nothing seen, nothing said
    assert hasty.read("setup oh").problem is None and not hasty.read("setup oh").complete
    judged = hasty.read("setup oh", patient=True)
    assert judged.complete and judged.problem is not None
    assert judged.problem.startswith("no legal move begins “setup oh”")
