"""An offer's answer buttons fit the panel: "Accept rematch" was once cut ("Accept
rematc…") in a window 950 pixels wide. The row of answers splits into fewer, wider buttons
where its words do not fit, at every window size and text size, and this keeps it so."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.client.app.services import restyle
from game.net.wire import messages as m
from tests.online.hosting import against_opponent, frames_until
from tests.ui.driver import Driver
from tests.ui.test_no_cut_text import buttons_cut
from tests.ui.test_resize import resize_events


def test_accept_rematch_is_never_cut(app: Driver) -> None:
    opponent, play = against_opponent(app, "conquid", seed=3)
    try:
        online = play.online
        assert online is not None
        opponent.session.resign()
        frames_until(app, lambda: play.match.is_over, also=opponent.pump)
        opponent.session.offer(m.OfferKind.REMATCH)
        frames_until(app, lambda: online.offered_to_me() == "rematch", also=opponent.pump)
        for text_size in (100, 200):
            restyle(app.app.services.ui, text_size, "Standard")
            for size in ((900, 600), (950, 600), (1280, 720), (1920, 1080)):
                app.frames(3, resize_events(size))
                labels = [widget.text for widget in play.buttons]
                assert "Accept rematch" in labels, (size, text_size, labels)
                assert buttons_cut(play) == [], (size, text_size)
    finally:
        opponent.close()
