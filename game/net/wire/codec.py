"""Bounded JSON for messages: text in, a checked dict out, or a ProtocolError saying why not.

A message is one JSON object of at most ``MAX_MESSAGE_BYTES``, nested at most ``MAX_DEPTH``
deep, with at most ``MAX_FIELDS`` fields per object and ``MAX_ITEMS`` items per list, no
repeated field, no fraction or NaN, no number longer than ``MAX_DIGITS``. These checks run
before any message type looks at the fields, so a hostile peer costs a bounded amount of work
whatever it sends.
``Fields`` then hands out one message's fields (``game.net.wire.form`` checks each by its declared
type) and refuses any that were not read.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NoReturn

from game.core.text import problem, quote
from game.net.wire.codes import ProtocolError, Refusal
from game.net.wire.limits import MAX_DEPTH, MAX_DIGITS, MAX_FIELDS, MAX_ITEMS, MAX_MESSAGE_BYTES

Json = dict[str, Any]


def parse(data: str | bytes) -> Json:
    """The message object ``data`` holds. Raises ProtocolError (no type is known yet)."""
    if isinstance(data, bytes):
        if len(data) > MAX_MESSAGE_BYTES:
            raise _too_large(len(data))
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(Refusal.BAD_MESSAGE, "a message must be UTF-8 text") from None
    size = len(data) if len(data) * 4 <= MAX_MESSAGE_BYTES else _utf8_size(data)
    if size > MAX_MESSAGE_BYTES:
        raise _too_large(size)
    try:
        document = json.loads(
            data, object_pairs_hook=_object, parse_int=_int, parse_float=_no_fraction,
            parse_constant=_no_fraction,
        )
    except ProtocolError:
        raise
    except RecursionError:
        raise _refuse(f"a message is nested at most {MAX_DEPTH} deep") from None
    except ValueError as err:  # JSONDecodeError included
        raise _refuse(f"a message must be one JSON object ({_short(err)})") from None
    if not isinstance(document, dict):
        raise _refuse("a message must be a JSON object")
    _check_depth(document)
    return document


def dump(document: Mapping[str, Any]) -> str:
    """The compact JSON text of a message (no ASCII escapes: names keep their letters)."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def size_of(text: str) -> int:
    """A message's size as the limit counts it."""
    return _utf8_size(text)


class Fields:
    """The fields of one message of type ``of``, read once each; ``done`` refuses the rest."""

    def __init__(self, document: Json, of: str) -> None:
        self._document = document
        self._unread = set(document) - {"type"}
        self.of = of

    def refuse(self, reason: str, code: Refusal = Refusal.BAD_MESSAGE) -> NoReturn:
        raise ProtocolError(code, reason, self.of)

    def raw(self, name: str) -> object:
        if name not in self._document:
            self.refuse(f"{self.of} needs the field {quote(name)}")
        self._unread.discard(name)
        return self._document[name]

    def raw_or_none(self, name: str) -> object:
        """An optional field's value, None when it is absent (a field added to the protocol
        later: older peers leave it out)."""
        self._unread.discard(name)
        return self._document.get(name)

    def check_text(self, value: object, what: str, limit: int, *, empty: bool = False) -> str:
        """A text value, through the same checks as a record's (``game.core.text``)."""
        if not isinstance(value, str):
            self.refuse(f"{what} must be text")
        found = problem(value, limit)
        if found:
            self.refuse(f"{what} {found}", Refusal.BAD_TEXT)
        if not empty and not value.strip():
            self.refuse(f"{what} must not be empty", Refusal.BAD_TEXT)
        return value

    def done(self) -> None:
        if self._unread:
            self.refuse(f"{self.of} has no field {quote(sorted(self._unread)[0])}")


def _refuse(reason: str) -> ProtocolError:
    return ProtocolError(Refusal.BAD_MESSAGE, reason)


def _too_large(size: int) -> ProtocolError:
    return ProtocolError(
        Refusal.TOO_LARGE, f"a message is at most {MAX_MESSAGE_BYTES:,} bytes (this: {size:,})"
    )


def _utf8_size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def _short(err: ValueError) -> str:
    if isinstance(err, json.JSONDecodeError):
        return f"{err.msg} at character {err.pos}"
    return "not JSON"


def _object(pairs: list[tuple[str, Any]]) -> Json:
    if len(pairs) > MAX_FIELDS:
        raise _refuse(f"an object has at most {MAX_FIELDS} fields")
    document = dict(pairs)
    if len(document) != len(pairs):
        raise _refuse("an object repeats a field")
    return document


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _refuse(f"a number has at most {MAX_DIGITS} digits")
    return int(digits)


def _no_fraction(text: str) -> NoReturn:
    raise _refuse(f"numbers are whole ({quote(text)} is not)")


def _check_depth(document: Json) -> None:
    """Refuse deep nesting and long lists (objects were counted while parsing)."""
    stack: list[tuple[object, int]] = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: list[Any] = list(value.values())
        elif isinstance(value, list):
            if len(value) > MAX_ITEMS:
                raise _refuse(f"a list has at most {MAX_ITEMS} items")
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise _refuse(f"a message is nested at most {MAX_DEPTH} deep")
        stack.extend((child, depth + 1) for child in children)
