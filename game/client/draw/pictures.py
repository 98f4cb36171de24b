"""The help's pictures: positions drawn off screen by the game's own board view, and kept.

A game's text module may hold ``HELP_PICTURES`` (name -> ``game.core.pictures.HelpPicture``);
its help text places them with ``<img src="name">``. A picture is drawn the first time it
scrolls into view, at most one a frame so the help opens and scrolls within a frame, and
kept (per game, name, size and colours) so reopening the help draws nothing again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, Final, Protocol, runtime_checkable

import pygame

from game.client.app.services import Services
from game.client.draw import fonts, palette
from game.client.draw.richtext import Pictures
from game.client.view import seat_colours
from game.core.errors import GameError
from game.core.pictures import HelpPicture

KEPT: Final = 24
"""Pictures kept between openings (a few per game, at one or two sizes)."""
CAPTION_SIZE: Final = 20
CAPTION_LINES: Final = 2

Key = tuple[str, str, tuple[int, int], tuple[Any, ...]]
_kept: OrderedDict[Key, pygame.Surface] = OrderedDict()
"""Drawn pictures, the least recently used dropped first (like ``richtext.layout``'s cache)."""


@runtime_checkable
class Pictured(Protocol):
    """A game's text that holds pictures for its help."""

    HELP_PICTURES: Mapping[str, HelpPicture]


class PictureBook:
    """Draws one game's help pictures for a ``TextPanel``, one new picture a frame."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self._drawn_this_frame = False
        self._held = True
        self.pending = False
        """A picture in view waits for a frame of its own (the scene keeps frames coming)."""

    def hold(self) -> None:
        """The next frame opens a screen or a text: it draws no picture (they follow)."""
        self._held = True

    def next_frame(self) -> None:
        """A new frame began: one more picture may be drawn, unless the frame is held."""
        self._drawn_this_frame, self._held = self._held, False
        self.pending = False

    def pictures(self, game_id: str) -> Pictures:
        """The panel's callback for ``game_id``'s pictures."""
        return lambda name, size: self.picture(game_id, name, size)

    def picture(self, game_id: str, name: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The picture, drawn now if this frame has not drawn one yet; None until then (or
        when the game has no picture of that name)."""
        text = self.services.plugin(game_id).text()
        found = text.HELP_PICTURES.get(name) if isinstance(text, Pictured) else None
        if found is None:
            return None
        key = (game_id, name, size, self._colours(game_id))
        image = _kept.get(key)
        if image is not None:
            _kept.move_to_end(key)
            return image
        if self._drawn_this_frame:
            self.pending = True
            return None
        self._drawn_this_frame = True
        image = self._draw(game_id, found, size)
        _kept[key] = image
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
        return image

    def _colours(self, game_id: str) -> tuple[Any, ...]:
        return seat_colours(self.services.plugin(game_id).seat_colours, self.services.colours())

    def _draw(self, game_id: str, picture: HelpPicture, size: tuple[int, int]) -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.fill(palette.FIELD)
        caption = fonts.wrap(picture.caption, CAPTION_SIZE, size[0] - 16)[:CAPTION_LINES]
        line = fonts.font(CAPTION_SIZE).get_linesize()
        board = pygame.Rect(0, 0, size[0], size[1] - len(caption) * line - 8).inflate(-8, -8)
        try:
            state, results = _played(self.services, game_id, picture)
        except (GameError, ValueError) as err:  # a bad picture is a bug the tests catch
            caption = (f"(this picture cannot be shown: {err})",)
        else:
            view = self.services.make_view(game_id)
            view.set_colours(self._colours(game_id))
            view.set_speed(0)
            view.set_interactive(False)
            view.layout(board)
            view.show(state, results[len(results) - picture.marked:] if results else ())
            view.draw(surface, 0.0)
        y = board.bottom + 4
        for words in caption:
            image = fonts.text(words, CAPTION_SIZE, palette.MUTED)
            surface.blit(image, image.get_rect(midtop=(size[0] // 2, y)))
            y += line
        return surface


def _played(services: Services, game_id: str, picture: HelpPicture) -> tuple[Any, tuple[Any, ...]]:
    """The picture's position after its moves, and the moves' results (what the view marks)."""
    game = services.games.get(game_id)
    state = game.decode(picture.position)
    results = []
    for text in picture.moves:
        result = game.apply(state, game.parse_move(text))
        results.append(result)
        state = result.state
    return state, tuple(results)
