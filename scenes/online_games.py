"""Online games kept on this machine: how a list shows one ("your move" / "their move") and
how one is resumed (its seat taken again through its kept ticket). Knows no game."""

from __future__ import annotations

from game.core.errors import RecordError
from game.core.match import Match
from game.ui import autosaves, storage, tickets
from game.ui.scene import Push, Scene, Transition
from game.ui.services import Services
from game.ui.view import turns_played
from scenes.common import message


def whose_move(match: Match, ticket: tickets.Kept) -> str:
    if match.is_over:
        return "over"
    return "your move" if match.to_move == ticket.seat else "their move"


def describe_online(kept: autosaves.Kept, ticket: tickets.Kept, services: Services) -> str:
    record = kept.record
    games = services.games
    title = games.info(record.game).title if record.game in games else record.game
    names = " vs ".join(seat.name for seat in record.seats)
    try:
        match = storage.load(kept.path, games, services.views)
    except RecordError:
        return f"{title}  ·  {names}  ·  cannot be resumed"
    return (f"{title}  ·  {names}  ·  move {turns_played(match) + 1}, "
            f"{whose_move(match, ticket)}  ·  {kept.when}")


def resume_online(scene: Scene, kept: autosaves.Kept, ticket: tickets.Kept
                  ) -> Transition | None:
    """Sit at a kept online game again: the play scene opens on the kept moves and catches
    up with the table as soon as the server answers."""
    services = scene.services
    if services.online is None:
        message(scene, "Cannot resume this game", "this build has no online play")
        return None
    try:
        match = storage.load(kept.path, services.games, services.views)
        game = services.online.resume(ticket)
    except RecordError as err:
        message(scene, "Cannot resume this game", str(err))
        return None
    except Exception as err:  # this machine's server could not start again: its reason
        message(scene, "Cannot resume this game", str(err))
        return None
    return Push(services.scenes.play(services, match, resumed_from=kept.path, online=game))
