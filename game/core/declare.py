"""Classes made frozen dataclasses by their base (a game's events, the protocol's messages):
the type checkers' ``dataclass_transform``, which Python has from 3.11, and a stand-in that
does nothing on 3.10 (it only informs type checkers, which read the first branch)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

if sys.version_info >= (3, 11):
    from typing import dataclass_transform as dataclass_transform
else:

    def dataclass_transform(**_: object) -> Callable[[T], T]:
        return lambda decorated: decorated
