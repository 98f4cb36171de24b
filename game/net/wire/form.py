"""Messages declared as data: each field's annotation says how its value travels, and the
JSON form both ways is derived from that once per class.

A ``Wire`` class is a frozen dataclass (made so by the base class: ``class Join(Wire,
type="join")`` declares the message ``join``) whose fields are annotated with their wire type:
``Annotated[int, Whole(0, 1)]``, ``Annotated[str, Text(32)]``, or a type that says it alone
(``bool``, an enum, another ``Wire`` class, ``X | None``, ``tuple[X, ...]``, and
``tuple[X, X]`` for one item per seat). ``to_json`` writes the fields in their declared
order; ``from_fields`` reads and checks every one of them, and ``check`` adds the rules that
tie fields together. ``Later`` marks a field added to the protocol after the first version:
older peers leave it out; ``Hidden`` keeps a field out of the repr.
"""

from __future__ import annotations

import enum
import inspect
import types
import typing
from collections.abc import Callable
from dataclasses import Field, dataclass, field
from typing import Annotated, Any, ClassVar, TypeVar

from game.core.declare import dataclass_transform
from game.core.text import quote
from game.net.wire.codec import Fields, Json

W = TypeVar("W", bound="Wire")
T = TypeVar("T")

class Kind:
    """How one value travels: checked on the way in (``read``), written on the way out."""

    def read(self, f: Fields, value: object, what: str) -> Any:
        """``value`` checked, as the dataclass holds it; ``what`` names it in a refusal."""
        raise NotImplementedError

    def write(self, value: Any) -> object:
        return value


@dataclass(frozen=True)
class Whole(Kind):
    """A whole number from ``low`` to ``high`` (true and false are not numbers here)."""

    low: int
    high: int

    def read(self, f: Fields, value: object, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not (
            self.low <= value <= self.high
        ):
            f.refuse(f"{what} must be a whole number from {self.low} to {self.high}")
        return value


@dataclass(frozen=True)
class Flag(Kind):
    """True or false."""

    def read(self, f: Fields, value: object, what: str) -> bool:
        if not isinstance(value, bool):
            f.refuse(f"{what} must be true or false")
        return value


@dataclass(frozen=True)
class Text(Kind):
    """Text through the same checks as a record's (``game.core.text``), at most ``limit``
    characters, and not blank unless ``empty``."""

    limit: int
    empty: bool = False

    def read(self, f: Fields, value: object, what: str) -> str:
        return f.check_text(value, what, self.limit, empty=self.empty)


@dataclass(frozen=True)
class OneOf(Kind):
    """One of a few fixed words."""

    words: tuple[str, ...]

    def read(self, f: Fields, value: object, what: str) -> str:
        if not isinstance(value, str) or value not in self.words:
            f.refuse(f"{what} must be one of {', '.join(self.words)}")
        return value


@dataclass(frozen=True)
class Choice(Kind):
    """A member of an enum, by its value."""

    kind: type[enum.Enum]

    def read(self, f: Fields, value: object, what: str) -> enum.Enum:
        try:
            return self.kind(value)
        except ValueError:
            f.refuse(f"{what} must be " + ", ".join(repr(k.value) for k in self.kind))

    def write(self, value: enum.Enum) -> object:
        return value.value


@dataclass(frozen=True)
class Or(Kind):
    """``inner``, or ``none`` on the wire (null unless told) standing for None."""

    inner: Kind
    none: object = None

    def read(self, f: Fields, value: object, what: str) -> Any:
        return None if value == self.none else self.inner.read(f, value, what)

    def write(self, value: Any) -> object:
        return self.none if value is None else self.inner.write(value)


@dataclass(frozen=True)
class Later:
    """Marks a field added to the protocol later: absent (or null) reads as ``default``;
    ``omit``: a None is left out rather than written as null (stored data keeps the form it
    had before the field existed)."""

    default: object = None
    omit: bool = False


@dataclass(frozen=True)
class Hidden:
    """Marks a field left out of the repr, so that a token or a secret never reaches a log."""


@dataclass(frozen=True)
class _Later(Or):
    """``inner`` in a field marked ``later``: read from ``Fields.raw_or_none``."""

    later: Later = Later()

    def read(self, f: Fields, value: object, what: str) -> Any:
        return self.later.default if value is None else self.inner.read(f, value, what)


@dataclass(frozen=True)
class Items(Kind):
    """A JSON list of ``each`` as a tuple; ``per_seat``: exactly one item per seat."""

    each: Kind
    per_seat: bool = False

    def read(self, f: Fields, value: object, what: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            f.refuse(f"{what} must be a JSON list")
        if self.per_seat and len(value) != 2:
            f.refuse(f"{what} holds one item per seat")
        read = self.each.read
        return tuple(read(f, item, f"{what}[{index}]") for index, item in enumerate(value))

    def write(self, value: tuple[Any, ...]) -> object:
        if as_is(self.each):
            return list(value)
        return [self.each.write(item) for item in value]


@dataclass(frozen=True)
class Record(Kind):
    """A JSON object read as the ``Wire`` class ``of``, refusing fields it does not have."""

    of: type[Wire]

    def read(self, f: Fields, value: object, what: str) -> Wire:
        return self.of.of_json(f, value, what)

    def write(self, value: Wire) -> object:
        return value.to_json()


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
class Wire:
    """A message (``type``: its name on the wire) or a value inside one: a frozen dataclass,
    its JSON form derived from its annotations."""

    TYPE: ClassVar[str]
    _readers: ClassVar[tuple[tuple[str, Callable[[Fields, object, str], Any], bool], ...]]
    _writers: ClassVar[tuple[tuple[str, Callable[[Any], object] | None, bool], ...]]

    def __init_subclass__(cls, type: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        hints = typing.get_type_hints(cls, include_extras=True)
        for name in inspect.get_annotations(cls):
            if any(isinstance(meta, Hidden) for meta in getattr(hints[name], "__metadata__", ())):
                setattr(cls, name, field(repr=False))
        dataclass(frozen=True)(cls)
        if type is not None:
            cls.TYPE = type
        slots = [(name, kind_of(hint)) for name, hint in hints.items()
                 if typing.get_origin(hint) is not ClassVar]
        cls._readers = tuple((name, kind.read, isinstance(kind, _Later)) for name, kind in slots)
        cls._writers = tuple(
            (name, None if as_is(kind) else kind.write,
             isinstance(kind, _Later) and kind.later.omit)
            for name, kind in slots
        )

    def to_json(self) -> Json:
        """The fields as JSON values, in their declared order."""
        document: Json = {}
        for name, write, omit in self._writers:
            value = getattr(self, name)
            if omit and value is None:
                continue
            document[name] = value if write is None else write(value)
        return document

    @classmethod
    def from_fields(cls: type[W], f: Fields) -> W:
        """The value ``f`` holds, every field checked (the caller refuses fields left over)."""
        of = f.of
        values = [
            read(f, f.raw_or_none(name) if later else f.raw(name), f"{of}.{name}")
            for name, read, later in cls._readers
        ]
        make: Callable[..., W] = cls
        value = make(*values)
        value.check(f)
        return value

    @classmethod
    def read(cls: type[W], f: Fields, name: str) -> W:
        """The field ``name`` of ``f`` as this class."""
        return cls.of_json(f, f.raw(name), f"{f.of}.{name}")

    @classmethod
    def of_json(cls: type[W], f: Fields, value: object, what: str) -> W:
        """``value``, a JSON object nested in ``f`` and named ``what``, as this class."""
        if not isinstance(value, dict):
            f.refuse(f"{what} must be a JSON object")
        inner = Fields(value, what)
        record = cls.from_fields(inner)
        inner.done()
        return record

    def check(self, f: Fields) -> None:
        """Refuse (``f.refuse``) what each field allows but not together; nothing by default."""


def as_is(kind: Kind) -> bool:
    """Whether ``kind`` writes its values as they are."""
    return type(kind).write is Kind.write


def kind_of(hint: Any) -> Kind:
    """The wire type an annotation declares."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        kinds = [meta for meta in args[1:] if isinstance(meta, Kind)]
        kind = kinds[-1] if kinds else kind_of(args[0])
        for later in (meta for meta in args[1:] if isinstance(meta, Later)):
            kind = _Later(kind, later=later)
        return kind
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return Or(kind_of(next(arg for arg in args if arg is not type(None))))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return Items(kind_of(args[0]))
    if origin is tuple and len(args) == 2 and args[0] == args[1]:
        return Items(kind_of(args[0]), per_seat=True)
    if hint is bool:
        return Flag()
    if isinstance(hint, type) and issubclass(hint, Wire):
        return Record(hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return Choice(hint)
    raise TypeError(f"{quote(str(hint))} has no wire type: annotate it with one")
