"""Text from files: refused when it cannot be a name or a move, made printable when shown,
quoted short in messages."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.core.text import printable, problem, quote


def test_control_and_invalid_characters_are_refused() -> None:
    for text in ("A\x00B", "\ud800", "a\nb", "\x1b[31m", "\u202e", "\ue000", "a\u2028"):
        assert problem(text, 200) is not None, repr(text)


def test_ordinary_and_international_names_are_fine() -> None:
    for text in ("Ada", "Zoë", "\u4e2d\u6587", "\U0001f469\u200d\U0001f4bb", "", "  "):
        assert problem(text, 200) is None, repr(text)


def test_length_is_bounded_and_said() -> None:
    assert problem("x" * 200, 200) is None
    found = problem("x" * 3_000_000, 200)
    assert found is not None and "3,000,000" in found and len(found) < 80


@given(st.text())
def test_printable_text_encodes_and_prints(text: str) -> None:
    shown = printable(text, 100)
    shown.encode("utf-8")
    assert len(shown) <= 100
    assert problem(shown, 100) is None


@given(st.text(max_size=5000))
def test_quotes_are_short(text: str) -> None:
    quoted = quote(text)
    assert len(quoted) <= 45 and quoted.startswith("'")
    quoted.encode("utf-8")
