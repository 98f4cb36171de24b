"""Where a scene may go next: one factory per scene, handed out by the composition root.

Scenes never import each other (that made a circle of six held open by imports inside
functions); a scene that opens another asks ``services.scenes`` for it. The root's
implementation (``game.navigation``) imports each scene when first asked for, so the menu's
first frame loads no other scene's module.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game.client.app.scene import Scene
from game.client.match.lobby import Lobby, Spectator
from game.client.match.online import OnlineGame
from game.core.match import Match
from game.core.registry import AnyGame
from game.core.review.model import Review

if TYPE_CHECKING:
    from game.client.app.services import Services


class Navigator(Protocol):
    """A factory for every scene another scene may open."""

    def menu(self, services: Services, notice: tuple[str, str] | None = None) -> Scene: ...

    def setup(self, services: Services, game: AnyGame) -> Scene: ...

    def play(self, services: Services, match: Match, *, demo: bool = False,
             resumed_from: Path | None = None, autosave_now: bool = False,
             online: OnlineGame | None = None, back_to: str | None = None,
             flipped: bool = False) -> Scene:
        """``autosave_now``: the match has moves no file holds yet (continued from a replay);
        ``online``: the table on a server where the other player sits; ``back_to``: the
        screen below, named, when leaving the game goes back to it, not to the menu;
        ``flipped``: the board shown turned round (``game.client.view.Flips``), as the
        screen of the same game it is opened from had it (a new game starts unturned)."""
        ...

    def online(self, services: Services) -> Scene:
        """Play online: host, tables nearby, join by code, server, my online games."""
        ...

    def replay(self, services: Services, match: Match, *, from_play: bool = False,
               source: Path | None = None, review: bool = False,
               flipped: bool = False) -> Scene:
        """``source``: the file the game is kept in (its stored review shows, a new one is
        stored there); ``review``: start the computer's review of the game at once;
        ``flipped``: the board turned round, as in play."""
        ...

    def lobby(self, services: Services, url: str) -> Scene:
        """The public lobby of the server at ``url``."""
        ...

    def lobby_profile(self, services: Services, lobby: Lobby) -> Scene:
        """Names, profiles, leaderboards and blocks on the lobby's server."""
        ...

    def watch(self, services: Services, spectator: Spectator) -> Scene:
        """A table watched read-only (its first ``watching`` already arrived)."""
        ...

    def help(self, services: Services, game_id: str) -> Scene: ...

    def pause(self, services: Services, below: Scene, game_id: str,
              back_to: str | None = None, watch_code: str | None = None) -> Scene:
        """``back_to``: leaving goes back to the screen under the game, so named;
        ``watch_code``: the online table's, shown to be copied."""
        ...

    def settings(self, services: Services) -> Scene: ...

    def games(self, services: Services) -> Scene: ...

    def scores(self, services: Services) -> Scene: ...

    def learn(self, services: Services, game_id: str | None = None) -> Scene: ...

    def first_time(self, services: Services, game_id: str, setup: Scene) -> Scene:
        """``setup``, preceded the first time a game is chosen by the offer of its lessons."""
        ...

    def mistakes(self, services: Services, match: Match, review: Review, seat: int, *,
                 flipped: bool = False) -> Scene:
        """Learn from your mistakes: ``seat``'s judged moves of ``review`` (of ``match``), one
        by one, each asking for a better move; ``flipped``: the board turned round, as in the
        replay it is opened from."""
        ...
