"""Spoken output: one small interface, the platform's screen reader or speech behind it.

``Speech.say`` is all the rest of the client calls. What it says is kept as text (the last
lines, for tests and for a "say again") whether or not a voice speaks it; a voice speaks it
only while the player has turned speech on (a setting, off by default). The voice is found
once, when speech is first turned on, by a probe that never fails: accessible_output2 (the
``speech`` extra: NVDA, JAWS, SAPI, VoiceOver, and speech-dispatcher on Linux), else
speech-dispatcher's own bindings (Debian's ``python3-speechd``), else silence, so a machine
without any of them still plays, and says in the settings that it has no voice.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Final, Protocol

from game.core.text import printable

KEPT: Final = 200
"""Lines of what was said kept as text."""


class Voice(Protocol):
    """A way to speak: a screen reader, a speech engine, or nothing."""

    name: str

    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text``, first cutting short what is being said if ``interrupt``."""
        ...


class Silent:
    """No voice on this machine: the text is still kept."""

    name = "none"

    def speak(self, text: str, interrupt: bool) -> None:
        del text, interrupt


class _Outputs:
    """accessible_output2's choice of the running screen reader, else the system voice."""

    def __init__(self, auto: Any) -> None:
        self._auto = auto
        self.name = "screen reader (accessible_output2)"

    def speak(self, text: str, interrupt: bool) -> None:
        self._auto.output(text, interrupt=interrupt)


class _Dispatcher:
    """speech-dispatcher, Linux's speech service, through its own bindings."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self.name = "speech-dispatcher"

    def speak(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self._client.cancel()
        self._client.speak(text)


def platform_voice() -> Voice:
    """The best voice this machine has, or ``Silent``: never raises (a missing library, a
    screen reader that is not running and a speech service that refuses all fall through)."""
    try:
        from accessible_output2.outputs.auto import Auto  # type: ignore[import-not-found]

        return _Outputs(Auto())
    except Exception:  # any failure of an optional voice means: try the next one
        pass
    try:
        import speechd  # type: ignore[import-not-found]

        return _Dispatcher(speechd.SSIPClient("conquid-arcade"))
    except Exception:
        pass
    return Silent()


class Speech:
    """What the client says: kept as text, spoken while ``on`` (see the module's docstring)."""

    def __init__(self, on: bool = False, find: Callable[[], Voice] = platform_voice) -> None:
        self.on = on
        self.said: deque[str] = deque(maxlen=KEPT)
        self._find = find
        self._voice: Voice | None = None

    @property
    def voice(self) -> Voice:
        """The voice, found the first time it is needed."""
        if self._voice is None:
            self._voice = self._find()
        return self._voice

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` (a refusal or a new position ``interrupt``s what was being said)."""
        text = " ".join(printable(text).split())
        if not text:
            return
        self.said.append(text)
        if self.on:
            try:
                self.voice.speak(text, interrupt)
            except Exception:  # a screen reader that quit, a speech service gone: go quiet
                self._voice = Silent()
