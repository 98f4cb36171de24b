"""Player names compared the way people see them: two names that look alike are one name.

A name's key is its confusable skeleton (Unicode TR 39: decompose, map each character to the
prototype it looks like, decompose again) taken again after case folding, so that "Ada",
"ADA" and "Ada" written with a Cyrillic capital A (U+0410) have one key, and only one of them
can be claimed. The table comes from Unicode's data (``game.net.confusables``, generated).
"""

from __future__ import annotations

import functools
import unicodedata

from game.net.confusables import PACKED


@functools.cache
def _prototypes() -> dict[int, str]:
    table: dict[int, str] = {}
    for entry in "".join(PACKED).split(";"):
        source, target = entry.split(":")
        table[int(source, 16)] = "".join(chr(int(p, 16)) for p in target.split("-"))
    return table


def skeleton(text: str) -> str:
    """TR 39's skeleton: equal for strings that can be confused for each other."""
    return unicodedata.normalize(
        "NFD", unicodedata.normalize("NFD", text).translate(_prototypes()))


def name_key(name: str) -> str:
    """The form two names are compared in: look-alikes and case differences vanish."""
    return skeleton(skeleton(name).casefold())
