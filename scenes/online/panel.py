"""What the play scene shows of an online game: its buttons, the presence dots, the real-time
clocks, the link's state, the opponent's absence, the deadline and the chat strip. Knows no
game."""

from __future__ import annotations

import datetime as dt
from typing import Final

import pygame

from game.client.app import commands as c
from game.client.draw import fonts, palette
from game.client.match.clocks import low_time
from game.client.match.online import OnlineGame
from game.client.widgets.panel import countdown
from game.core.match import Match, meta_word
from game.core.protocol import CHANCE

ABORT: Final = "online_abort"
CLAIM: Final = "online_claim"
ASK_TAKEBACK: Final = "online_ask_takeback"
ACCEPT: Final = "online_accept"
DECLINE: Final = "online_decline"
SEND_FILE: Final = "online_send_file"
MUTE: Final = "online_mute"
SIT_AGAIN: Final = "online_sit_again"
CHAT_SIZE: Final = 20
CHAT_LINES: Final = 3
"""The most lines one chat message takes in the panel (the rest is shortened)."""


def control_rows(online: OnlineGame, over: bool) -> list[list[tuple[str, str, str]]]:
    """The online game's buttons: no hints or computer help, ever (take back, of the moves
    of a turn not yet sent, is the play scene's)."""
    rows: list[list[tuple[str, str, str]]] = []
    if online.can_sit_again:
        rows.append([("Sit here again", SIT_AGAIN, "Connect to this seat again (a window "
                      "holding it elsewhere lets it go)")])
    offered = online.offered_to_me()
    if offered == "takeback":
        rows.append([("Accept", ACCEPT, "Let them take back their last move"),
                     ("Decline", DECLINE, "Keep the game as it is")])
    elif offered is not None:
        rows.append([(f"Accept {offered}", ACCEPT, f"Accept the {offered} offered to you"),
                     ("Decline", DECLINE, f"Decline the {offered}")])
    if not over:
        rows.append([("Resign", c.RESIGN, "Give up this game"),
                     ("Offer draw", c.OFFER_DRAW, "Offer the other player a draw")])
        rows.append([("Abort", ABORT, "Call the game off (before both sides have moved)"),
                     ("Claim win", CLAIM, "The other player has been gone too long")])
    rows.append([("Send as file", SEND_FILE, "Write the game so far to a file to send"),
                 ("Unmute chat" if online.muted else "Mute chat", MUTE, "Hide or show chat")])
    return rows


def abort_possible(match: Match) -> bool:
    """Whether one side has still made no board move this round (the server's rule)."""
    movers: set[int] = set()
    for ply, text in enumerate(match.moves):
        if meta_word(text) is None:
            mover = match.game.to_move(match.state_at(ply))
            if mover != CHANCE:
                movers.add(int(mover))
        if len(movers) == 2:
            return False
    return not match.is_over


def offer_words(online: OnlineGame, match: Match, kind: str) -> str:
    """What the other player's offer of ``kind`` says to us."""
    if kind != "takeback":
        return f"{match.seats[1 - online.my_seat].name} offers a {kind}"
    name = match.seats[1 - online.my_seat].name
    yours = " (and your reply)" if match.to_move == 1 - online.my_seat else ""
    return f"{name} asks to take back their last move{yours}"


def takeback_possible(online: OnlineGame, match: Match) -> bool:
    """Whether asking to take back can be sent now: the round goes on, we have made a move
    and have not already asked."""
    return (online.seated and not match.is_over and not online.takeback_asked()
            and match.last_turn_start(online.my_seat) is not None)


def status(online: OnlineGame, match: Match) -> str | None:
    """What the player should know before anything else, or None."""
    if online.link == "lost":
        return f"Connection lost: {online.link_reason or 'the server cannot be reached'}"
    if online.link != "connected":
        doing = "Reconnecting..." if online.state is not None else "Connecting..."
        return f"{doing} ({online.link_reason})" if online.link_reason else doing
    if not online.seated:
        code = f" (invite code {online.invite[0]})" if online.invite else ""
        return f"Waiting for the other player to sit down{code}"
    if match.is_over:
        return None
    offered = online.offered_to_me()
    if offered == "takeback":
        return offer_words(online, match, offered)
    if online.takeback_asked():
        name = match.seats[1 - online.my_seat].name
        return f"You asked to take back your last move: waiting for {name}"
    left = online.claimable_in()
    if left is not None and match.to_move == 1 - online.my_seat:
        name = match.seats[1 - online.my_seat].name
        if left <= 0:
            return f"{name} has gone: you may claim the win"
        return f"{name} has gone; you may claim the win in {_span(left)}"
    return None


def clock_note(online: OnlineGame, match: Match) -> str:
    """The table's clock for the top bar: its real-time kind (``3+2``) or the correspondence
    deadline of the side to move ('' when neither)."""
    state = online.state
    if state is not None and state.clock.base is not None:
        return f"  ·  {state.clock.label}"
    return deadline_text(online, match)


def deadline_text(online: OnlineGame, match: Match) -> str:
    """The correspondence deadline of the side to move, for the top bar ('' when none)."""
    deadline = online.deadline()
    if deadline is None or match.is_over:
        return ""
    when = dt.datetime.fromtimestamp(deadline).strftime("%a %d %b %H:%M")
    whose = "your" if match.to_move == online.my_seat else "their"
    return f"  ·  {whose} deadline {when}"


def present(online: OnlineGame, seat: int) -> bool:
    """The seat's player is known to be here: one's own link is up, the opponent is at the
    table (unknown while our own link is down: not shown as here)."""
    return online.link == "connected" and (seat == online.my_seat or online.here(seat))


def clock_left(online: OnlineGame, match: Match, seat: int) -> float | None:
    """Seconds on ``seat``'s real-time clock as shown now, or None without one."""
    running = None if match.is_over else match.to_move
    return online.clock_left(seat, running if running in (0, 1) else None)


def low_on_time(online: OnlineGame, match: Match) -> bool:
    """Whether the player at this screen is to move with little time left."""
    state = online.state
    if state is None or state.clock.base is None or match.is_over:
        return False
    seat = online.my_seat
    left = clock_left(online, match, seat)
    return match.to_move == seat and left is not None and left < low_time(state.clock.base)


def draw_clock(surface: pygame.Surface, card: pygame.Rect, online: OnlineGame, match: Match,
               seat: int, size: int) -> int:
    """``seat``'s clock in the top right of its card: bright while it runs, red when low;
    returns the x left of it (the card's right when there is no real-time clock)."""
    left = clock_left(online, match, seat)
    state = online.state
    if left is None or state is None or state.clock.base is None:
        return card.right
    running = not match.is_over and match.to_move == seat
    return countdown.draw(surface, (card.right - 6, card.y + 6), left, state.clock.base,
                          running, size).x


def dot(surface: pygame.Surface, centre: tuple[int, int], online: OnlineGame, seat: int) -> None:
    """A seat's presence mark: a filled dot here; one's own link in trouble, a hollow
    triangle; the opponent gone, a hollow ring (the shapes say it without the colours, and
    the card says "away", the status line the link's state)."""
    if present(online, seat):
        pygame.draw.circle(surface, palette.HERE, centre, 7)
        pygame.draw.circle(surface, palette.BACKGROUND, centre, 7, 2)
    elif seat == online.my_seat:
        x, y = centre
        pygame.draw.polygon(surface, palette.TROUBLE,
                            [(x, y - 8), (x + 8, y + 6), (x - 8, y + 6)], 3)
    else:
        pygame.draw.circle(surface, palette.GONE, centre, 7, 3)


def draw_chat(surface: pygame.Surface, rect: pygame.Rect, online: OnlineGame,
              match: Match) -> None:
    """The last chat lines, newest at the bottom, inside ``rect``: each wrapped to at most
    ``CHAT_LINES`` lines, so a sentence is read whole where the panel has room."""
    if rect.h < 24:
        return
    lines = online.chat if not online.muted else []
    if not lines:
        words = fonts.fit("Chat muted" if online.muted else "No chat yet",
                          CHAT_SIZE, palette.MUTED, rect.w)
        surface.blit(words, (rect.x, rect.bottom - words.get_height()))
        return
    step = fonts.font(CHAT_SIZE).get_height() + 2
    y = rect.bottom
    for said in reversed(lines):
        wrapped = list(fonts.wrap(f"{said.name}: {said.text}", CHAT_SIZE, rect.w))
        if len(wrapped) > CHAT_LINES:
            wrapped[CHAT_LINES - 1:] = [" ".join(wrapped[CHAT_LINES - 1:])]
        for line in reversed(wrapped):
            y -= step
            if y < rect.y:
                return
            surface.blit(fonts.fit(line, CHAT_SIZE, palette.TEXT, rect.w), (rect.x, y))


def _span(seconds: float) -> str:
    whole = int(seconds + 0.999)
    return f"{whole // 60}:{whole % 60:02d}"
