"""The lobby at 900x600, 1280x720 and 1920x1080, at 100 % and 200 % text, with a seat listed
by a player of the longest name: no words cut without their whole on hover, every widget's
words fit it (or its tooltip says them), every row of a list whole where it is cut
(``tests.ui.test_no_cut_text``)."""

from __future__ import annotations

import pytest

from game.client.app.services import restyle
from tests.online.hosting import frames_until
from tests.online.test_lobby_app import CLOCK, Rivals, app, enter_lobby, lobby_of, rivals, server
from tests.ui.driver import Driver
from tests.ui.test_no_cut_text import LONGEST, SIZES, Cuts, cut, rows_cut
from tests.ui.test_resize import resize_events
from tests.ui.test_text_size_layout import problems

__all__ = ["app", "cut", "rivals", "server"]  # the fixtures this module uses


@pytest.mark.parametrize("text_size", [100, 200])
@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_cuts_no_words_without_their_whole_on_hover(
        app: Driver, rivals: Rivals, cut: Cuts, size: tuple[int, int], text_size: int) -> None:
    from game.net.session import Host

    rivals(LONGEST[:16]).sit(Host("pushfight", {}, 0, CLOCK, listed=True))
    scene = enter_lobby(app)  # (by the buttons, at 100 %)
    frames_until(app, lambda: bool(lobby_of(scene).seats))
    restyle(app.app.services.ui, text_size, "Standard")
    app.frames(2, resize_events(size))
    app.frames(5)
    fitted = getattr(scene, "fitted", None)
    hover = {full for _rect, full in fitted.shortened} if fitted is not None else set()
    assert [words for words in cut.found if words not in hover] == [], size
    assert problems(scene, size) == [], size
    assert rows_cut(scene, hover) == [], size
