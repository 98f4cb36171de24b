"""The record format: one versioned JSON document that is both a save file and a replay.

A record holds the game id, its options and seats, and every move as notation (dice rolls
and resignations included). Loading re-plays every move through the rules, so a record can
only describe a game that really happened; any problem raises ``RecordError`` with a message
for people, and the file on disk is never touched. Writing is atomic. Never pickle.

Example::

    {"format": "conquid-arcade-record", "format_version": 1, "app_version": "0.1.0",
     "game": "conquid", "rules_version": 1, "options": {"board": "small"},
     "players": [{"name": "Ada", "kind": "human"}, {"name": "Blaise", "kind": "human"}],
     "created": "2026-11-21T16:30:00Z", "seed": null,
     "moves": ["A 3,5 2,5 4,5", "C", "resign 1"],
     "result": {"winner": 0, "reason": "resign"}, "final_digest": "...",
     "online": {"server": "arcade.example.org", "table": "k3v9x2m4qa7c",
                "names": ["Ada", "Blaise"]}}

Format 2 names the seat that resigns (``resign 1``: at any time online, not only on one's
turn), adds the endings lost on time (``time N``), left the game (``left N``) and aborted
(``abort``), and may carry where an online game was played (``online``: the server, the
table and the names the players showed there; never a seat token). Format 1 documents load
unchanged: their bare ``resign`` still means the side to move resigned, and the re-played
match names that seat (``resign 1``) when it is saved again.

A record may also carry the computer's review of the game (``analysis``, see
``game.core.review.section``). It is optional and versioned on its own, so the format version
does not change for it: readers that do not know it ignore it. A review that is hostile or does
not fit the moves is dropped with a message (``Record.analysis_problem``) and the game opens.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from game import __version__
from game.core.atomic import atomic_write_text
from game.core.errors import AnalysisError, GameError, RecordError
from game.core.files import FileRefused, read_bounded
from game.core.match import Match, Seat
from game.core.protocol import Outcome, parse_reason
from game.core.registry import Registry
from game.core.review.model import Review
from game.core.review.section import from_json as analysis_from_json
from game.core.review.section import to_json as analysis_to_json
from game.core.text import checked_text, printable, quote

FORMAT: Final = "conquid-arcade-record"
FORMAT_VERSION: Final = 2
MAX_BYTES: Final = 4 * 1024 * 1024
"""Largest record file read; a real game is a few kilobytes."""
MAX_MOVES: Final = 100_000
"""Most moves read before the game is known; each game's own bound
(``GameInfo.max_plies``) is checked when the record is re-played."""
MAX_TEXT: Final = 200
"""Longest name, option string or move notation accepted."""
MAX_OPTION_NAME: Final = 40
MAX_DIGEST: Final = 100_000
"""Longest final position text (the largest board's is a few thousand characters)."""
MAX_DIGITS: Final = 20
"""Longest number read: every number in a record is small (versions, option values)."""
MAX_CONTAINERS: Final = 256
"""Most JSON lists and objects a record may hold (a real one has about a dozen): a field this
version does not know, full of empty objects, would cost a hundred megabytes to decode."""

NOT_A_RECORD: Final = "this is not a Conquid Arcade save file"
Upgrader = Callable[[dict[str, Any]], dict[str, Any]]
UPGRADES: dict[int, Upgrader] = {1: lambda doc: doc}
"""``UPGRADES[n]`` turns a version-n document into a version n+1 one. Version 1 is the first;
a version-1 document is a valid version-2 one (every format-2 addition is optional or new)."""


@dataclass(frozen=True)
class Online:
    """Where an online game was played: public facts only (a seat's token is never kept)."""

    server: str
    table: str
    names: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"server": self.server, "table": self.table, "names": list(self.names)}


@dataclass(frozen=True)
class Record:
    """A game as data, validated in shape (not yet re-played)."""

    game: str
    rules_version: int
    options: dict[str, str | int | bool]
    seats: tuple[Seat, ...]
    moves: tuple[str, ...]
    result: Outcome | None = None
    seed: str | None = None
    created: str = ""
    app_version: str = __version__
    final_digest: str | None = None
    online: Online | None = None
    analysis: Review | None = None
    """The computer's review of the game, if one was saved with it (``game.core.review.model``)."""
    analysis_problem: str | None = None
    """Why the file's review was left out (hostile or not this game's); None if it was not."""

    @classmethod
    def of(
        cls, match: Match, online: Online | None = None, analysis: Review | None = None
    ) -> Record:
        """The record of a match, as it stands (``online``: where it was played;
        ``analysis``: the computer's review to save with it)."""
        return cls(
            game=match.game.info.id,
            rules_version=match.game.info.rules_version,
            options=dict(match.options),
            seats=match.seats,
            moves=match.moves,
            result=match.outcome,
            seed=match.seed,
            created=match.created,
            final_digest=match.game.encode(match.state),
            online=online,
            analysis=analysis,
        )

    def to_json(self) -> dict[str, Any]:
        document = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "app_version": self.app_version,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "players": [seat.to_json() for seat in self.seats],
            "created": self.created,
            "seed": self.seed,
            "moves": list(self.moves),
            "result": self.result.to_json() if self.result else None,
            "final_digest": self.final_digest,
        }
        if self.online is not None:
            document["online"] = self.online.to_json()
        if self.analysis is not None:
            document["analysis"] = analysis_to_json(self.analysis)
        return document

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def loads(cls, data: bytes | str) -> Record:
        """Parse and validate a record's text. Raises RecordError."""
        if len(data) > MAX_BYTES:
            raise RecordError(f"the file is too large to be a game record ({len(data)} bytes)")
        if _containers(data) > MAX_CONTAINERS:
            raise RecordError("the file holds far too many lists or objects to be a game record")
        try:
            document = json.loads(data, parse_int=_small_int)
        except _LongNumber as err:
            raise RecordError(f"the file holds a number that is far too long ({err})") from None
        except UnicodeDecodeError:
            raise RecordError(f"{NOT_A_RECORD} (it is not text)") from None
        except json.JSONDecodeError as err:
            raise RecordError(f"{NOT_A_RECORD}: it is not valid JSON text ({err.msg} at line "
                              f"{err.lineno})") from None
        except ValueError:
            raise RecordError(f"{NOT_A_RECORD}: it is not valid JSON text") from None
        except RecursionError:
            raise RecordError("the file is nested too deeply to be a game record") from None
        return cls.from_json(document)

    @classmethod
    def from_json(cls, document: object) -> Record:
        """Validate a decoded document, upgrading older format versions. Raises RecordError."""
        doc = _upgrade(_expect_dict(document, "the record"))
        players = _expect_list(doc.get("players"), "players")
        if len(players) > 8:
            raise RecordError(f"the record has too many players ({len(players):,})")
        seats = tuple(_seat(item) for item in players)
        result = _outcome(doc.get("result"))
        if result is not None and result.winner is not None and result.winner >= len(seats):
            raise RecordError("the result names a winner who is not among the players")
        listed = _expect_list(doc.get("moves"), "moves")
        if len(listed) > MAX_MOVES:
            raise RecordError(f"the record has far too many moves ({len(listed):,})")
        moves = _moves(listed)
        options = _expect_dict(doc.get("options"), "options")
        if len(options) > 64:
            raise RecordError(f"the record has too many options ({len(options):,})")
        for name, value in options.items():
            _text(name, "an option's name", MAX_OPTION_NAME)
            if not isinstance(value, (str, int, bool)) or isinstance(value, float):
                raise RecordError(f"option {quote(name)} has a value of the wrong type")
            if isinstance(value, str):
                _text(value, f"option {quote(name)}")
        analysis, analysis_problem = _analysis(doc.get("analysis"), moves, len(seats))
        return cls(
            game=_text(doc.get("game"), "the game id"),
            rules_version=_int(doc.get("rules_version"), "rules_version"),
            options=options,
            seats=seats,
            moves=moves,
            result=result,
            seed=None if doc.get("seed") is None else _text(doc.get("seed"), "the seed"),
            created=_text(doc.get("created", ""), "the creation date"),
            app_version=_text(doc.get("app_version", "?"), "app_version"),
            final_digest=(
                None
                if doc.get("final_digest") is None
                else _digest(doc.get("final_digest"))
            ),
            online=None if doc.get("online") is None else _online(doc.get("online")),
            analysis=analysis,
            analysis_problem=analysis_problem,
        )

    def replay(self, games: Registry) -> Match:
        """Re-play every move through the rules and return the match. Raises RecordError."""
        if self.game not in games:
            raise RecordError(
                f"this record is of a game this version does not know: {quote(self.game)}"
            )
        game = games.get(self.game)
        if self.result is not None:
            try:
                game.info.reason(self.result.reason.value)
            except ValueError:
                raise RecordError("the result gives an unknown reason") from None
        cap = game.info.max_plies
        if len(self.moves) > cap:
            raise RecordError(
                f"the record has {len(self.moves):,} moves, but a game of {game.info.title} "
                f"ends after at most {cap:,}"
            )
        if self.rules_version > game.info.rules_version:
            raise RecordError(
                f"this record was made with newer {game.info.title} rules "
                f"(version {self.rules_version}); please update Conquid Arcade"
            )
        try:
            match = Match(game, self.options, self.seats, self.seed, self.created)
        except GameError as err:
            raise RecordError(
                f"the record's game settings are invalid: {printable(str(err), 160)}"
            ) from None
        for number, text in enumerate(self.moves, start=1):
            try:
                match.play_text(text)
            except GameError as err:
                raise RecordError(
                    f"move {number} ({quote(text)}) cannot be played: {printable(str(err), 160)}"
                ) from None
        if match.outcome != self.result:
            raise RecordError("the record's result does not match its moves")
        if self.final_digest is not None and self.final_digest != game.encode(match.state):
            raise RecordError("the record's final position does not match its moves")
        return match


def save_match(path: Path, match: Match, analysis: Review | None = None) -> None:
    """Write ``match`` (and its review, if given) to ``path`` atomically."""
    atomic_write_text(path, Record.of(match, analysis=analysis).dumps())


def load_match(path: Path, games: Registry) -> Match:
    """Read, validate and re-play the record at ``path``. Raises RecordError; never writes."""
    return read_record(path).replay(games)


def read_record(path: Path) -> Record:
    """Read and validate a record file without re-playing it. Raises RecordError."""
    try:
        data = read_bounded(path, MAX_BYTES, "a game record")
    except FileRefused as err:
        raise RecordError(str(err)) from None
    return Record.loads(data)


# -- validation helpers ------------------------------------------------------------------


def _upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    if doc.get("format") != FORMAT:
        raise RecordError("this is not a Conquid Arcade game record")
    version = doc.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError("the record's format version is missing or invalid")
    if version > FORMAT_VERSION:
        raise RecordError(
            f"this record was saved by a newer version of Conquid Arcade (format {version}); "
            "please update to open it"
        )
    while version < FORMAT_VERSION:
        doc = UPGRADES[version](doc)
        version += 1
        doc["format_version"] = version
    return doc


_STRING: Final = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')


def _containers(data: bytes | str) -> int:
    """How many lists and objects the JSON text opens, counted before decoding (brackets
    inside strings are left out only when a quick upper bound is too high)."""
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    rough = raw.count(b"{") + raw.count(b"[")
    if rough <= MAX_CONTAINERS:
        return rough
    bare = _STRING.sub(b"", raw)
    return bare.count(b"{") + bare.count(b"[")


class _LongNumber(ValueError):
    pass


def _small_int(digits: str) -> int:
    """``json``'s reader of whole numbers, refusing thousands of digits (slow to convert)."""
    if len(digits) > MAX_DIGITS:
        raise _LongNumber(f"{len(digits):,} digits")
    return int(digits)


def _expect_dict(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{what} should be a JSON object")
    return value


def _expect_list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{what} should be a JSON list")
    return value


def _text(value: object, what: str, limit: int = MAX_TEXT) -> str:
    """A text field: refused when too long or holding control or invalid characters."""
    return checked_text(value, what, limit, RecordError)


def _moves(listed: list[Any]) -> tuple[str, ...]:
    """The move texts: checked all at once when they are short printable ASCII, as every
    move the rules write is (a long game lists tens of thousands: listing kept games reads
    them all), else one by one, for the message naming the first that is refused."""
    if listed and set(map(type, listed)) == {str} and max(map(len, listed)) <= MAX_TEXT:
        joined = " ".join(listed)
        if joined.isascii() and joined.isprintable():
            return tuple(listed)
    return tuple(_text(item, f"move {n}") for n, item in enumerate(listed, start=1))


def _digest(value: object) -> str:
    """The final position's text: only compared, never shown, so only its size matters."""
    if not isinstance(value, str) or len(value) > MAX_DIGEST:
        raise RecordError("final_digest should be a position's text")
    return value


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1_000_000:
        raise RecordError(f"{what} should be a small whole number")
    return value


def _seat(value: object) -> Seat:
    data = _expect_dict(value, "a player")
    kind = _text(data.get("kind", "human"), "a player's kind")
    if kind not in ("human", "computer"):
        raise RecordError(f"unknown player kind {quote(kind)}")
    level = data.get("level")
    return Seat(
        name=_text(data.get("name"), "a player's name"),
        kind=kind,
        level=None if level is None else _text(level, "a player's level"),
    )


def _online(value: object) -> Online:
    data = _expect_dict(value, "the online details")
    names = _expect_list(data.get("names", []), "the online names")
    if len(names) > 8:
        raise RecordError(f"the record has too many online names ({len(names):,})")
    return Online(
        server=_text(data.get("server"), "the server"),
        table=_text(data.get("table"), "the table"),
        names=tuple(_text(name, "an online name") for name in names),
    )


def _analysis(
    value: object, moves: tuple[str, ...], seats: int
) -> tuple[Review | None, str | None]:
    """The saved review and None, or None and why it was left out: a bad review never
    keeps the game from opening."""
    if value is None:
        return None, None
    try:
        return analysis_from_json(value, moves, seats), None
    except AnalysisError as err:
        return None, f"The computer's review in this file was left out: {err}."


def _outcome(value: object) -> Outcome | None:
    if value is None:
        return None
    data = _expect_dict(value, "the result")
    winner = data.get("winner")
    if winner is not None and (type(winner) is not int or winner not in (0, 1)):  # not 1.0
        raise RecordError("the result names an unknown winner")
    reason = data.get("reason")
    if not isinstance(reason, str) or not reason or len(reason) > MAX_TEXT:
        raise RecordError("the result gives an unknown reason")
    return Outcome(winner, parse_reason(reason))  # the game's own ending: checked on re-play
