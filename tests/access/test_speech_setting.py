"""Speech is a setting, off by default, read and written with the others."""

from __future__ import annotations

import pytest

from game.client.files.settings import Settings


def test_speech_is_off_by_default_and_round_trips() -> None:
    assert Settings().speech is False
    assert Settings.from_json(Settings(speech=True).to_json()).speech is True
    assert Settings.from_json({}).speech is False  # a file from before the setting


def test_a_speech_value_that_is_not_true_or_false_is_refused() -> None:
    with pytest.raises(ValueError, match="speech"):
        Settings.from_json({"speech": "yes"})
