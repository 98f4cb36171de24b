"""How players choose and read a real-time clock: the presets, a typed custom one, the
countdown's wording (tenths under ten seconds) and the low-time threshold."""

from __future__ import annotations

import pytest

from game.client.match.clocks import Live, clock_text, live_of, low_time, preset_labels


def test_the_presets_are_the_live_servers_ones() -> None:
    assert preset_labels() == ["3+2 (live)", "5+3 (live)", "10+5 (live)", "15+10 (live)"]
    assert live_of("3+2 (live)") == Live(180, 2)


def test_a_custom_clock_is_typed_as_minutes_plus_seconds() -> None:
    assert live_of("4+1") == Live(240, 1)
    assert live_of(" 0.5+0 ") == Live(30, 0)
    assert live_of("1 day per move") is None
    for wrong in ("3+x", "0.1+0", "200+0", "3+500"):
        with pytest.raises(ValueError):
            live_of(wrong)


@pytest.mark.parametrize(("seconds", "shown"), [
    (180, "3:00"), (179.99, "2:59"), (10.0, "0:10"), (9.99, "9.9"), (0.04, "0.0"),
    (-1, "0.0"), (3723, "1:02:03"),
])
def test_the_countdown_shows_tenths_under_ten_seconds(seconds: float, shown: str) -> None:
    assert clock_text(seconds) == shown


def test_time_is_low_at_a_tenth_of_the_start_within_bounds() -> None:
    assert low_time(180) == 18 and low_time(30) == 10 and low_time(3600) == 60


def test_every_menu_entry_makes_a_table_clock_the_server_takes() -> None:
    from game.client.match.clocks import CUSTOM, choice_of, labels
    from game.client.match.seats import table_clock
    from game.net.wire import messages as m
    from game.net.wire.codec import Fields

    for label in labels():
        choice = choice_of(label, "4+2")
        clock = table_clock(choice, 120)
        assert m.Clock.read(Fields({"clock": clock.to_json()}, "create"), "clock") == clock
    assert table_clock(choice_of("5+3 (live)"), 120) == m.Clock(120, None, 300, 3)
    assert table_clock(choice_of("3 days per move"), 120).move == 3 * 86_400
    with pytest.raises(ValueError, match="minutes\\+seconds"):
        choice_of(CUSTOM, "")


def test_the_lobby_names_a_listed_real_time_clock() -> None:
    from game.client.match import lobby
    from game.net.wire import messages as m

    assert lobby.clock_text(m.Clock(base=300, increment=3)) == "5+3 live"
    assert lobby.clock_text(m.Clock(move=86_400)) == "1 day per move"
    assert lobby.clock_text(m.Clock()) == "no clock"
