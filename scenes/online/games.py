"""Online games kept on this machine: how a list shows one ("your move" / "their move") and
how one is resumed (its seat taken again through its kept ticket); and how a scene follows
a seat being taken until the game starts. Knows no game."""

from __future__ import annotations

from collections.abc import Callable

from game.client.app.scene import Push, Scene, Transition
from game.client.app.services import Services
from game.client.files import autosaves, storage, tickets
from game.client.match.online import OnlineGame
from game.core.errors import RecordError
from game.core.match import Match
from scenes.common import message


def playable_online(services: Services) -> list[tuple[str, str]]:
    """The games a table can be opened for here, (id, title): two players, and a view."""
    return [(info.id, info.title) for info in services.games.infos()
            if info.players == 2 and info.id in services.views]


def whose_move(match: Match, ticket: tickets.Kept) -> str:
    if match.is_over:
        return "over"
    return "your move" if match.to_move == ticket.seat else "their move"


def online_note(kept: autosaves.Kept, services: Services) -> str | None:
    """"online, your move" (or "their move") for an unfinished game of this machine's seat
    at an online table, else None. Only such games are re-played to tell whose move it is:
    they are few (one ticket each), and a list never re-plays any other kept game."""
    if kept.online is None or kept.result is not None:
        return None
    ticket = tickets.find(services.paths, kept.online.table)
    if ticket is None:
        return None
    try:
        match = storage.load(kept.path, services.games, services.views)
    except RecordError:
        return None
    return f"online, {whose_move(match, ticket)}"


def resume_online(scene: Scene, kept: autosaves.Kept, ticket: tickets.Kept,
                  back_to: str | None = None) -> Transition | None:
    """Sit at a kept online game again: the play scene opens on the kept moves and catches
    up with the table as soon as the server answers. ``back_to``: ``scene`` named, when
    leaving the game goes back to it rather than to the menu."""
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
    return Push(services.scenes.play(services, match, resumed_from=kept.path, online=game,
                                     back_to=back_to))


def trying_again(pending: OnlineGame) -> str | None:
    """Why a seat being taken is tried again, for its waiting box (None: nothing wrong)."""
    if pending.link != "reconnecting" or not pending.link_reason:
        return None
    reason = pending.link_reason
    return f"Trying again: {reason[:1].upper()}{reason[1:]}"


def follow_pending(scene: Scene, pending: OnlineGame, drop: Callable[[], None],
                   news: Callable[[OnlineGame], None] = lambda _: None,
                   back_to: str | None = None) -> Transition | None:
    """Follow a seat being taken (hosted, joined, taken in the lobby): refusals heard become
    toasts; a lost link closes it and says why; once seated, the game starts. ``drop``: the
    scene forgets the pending seat and shows its form again (lost or seated); ``news``: the
    scene sees every change first (a hosted table is announced once its code is known);
    ``back_to``: ``scene`` named, when leaving the game goes back to it."""
    if not pending.pump():
        return None
    for line in pending.heard:
        scene.services.toasts.show(line, "error")
    pending.heard.clear()
    if pending.link == "lost":
        pending.close()
        drop()
        message(scene, "Could not sit at the table", pending.link_reason or "no answer")
        return None
    news(pending)
    if not pending.seated:
        return None
    drop()
    match = pending.new_match(storage.now_iso())
    return Push(scene.services.scenes.play(scene.services, match, online=pending,
                                           back_to=back_to))
