"""The changelog (Keep a Changelog form) read for players: Help's "What's new", and the
notes of one version for a release (``build/release_notes.py``).

The file is Markdown: ``## [1.2.0] - 2026-11-28`` opens a version, ``### Added`` a kind of
change, ``- `` a change (indented lines continue it). Only what a player reads is kept:
links become their words, code marks and bold stars are dropped; link definitions vanish.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from game.core.files import FileRefused, read_bounded

LIMIT: Final = 512 * 1024
"""A changelog larger than this is not ours: Help says it cannot be shown."""
SHOWN: Final = 3
"""Versions Help shows, newest first from the one running."""

_VERSION = re.compile(r"^##\s+\[?([^\]\s]+)\]?\s*(?:[-\u2013]\s*(\S.*))?$")
_KIND = re.compile(r"^###\s+(.+)$")
_ITEM = re.compile(r"^\s{0,3}[-*+]\s+(.*)$")
_LINK_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_MARKS = re.compile(r"\*\*|__|`")


@dataclass
class Release:
    """One version's changes: ``kinds`` maps "Added", "Fixed"... to their items, in order."""

    version: str
    date: str = ""
    kinds: dict[str, list[str]] = field(default_factory=dict)
    text: list[str] = field(default_factory=list)
    """The section's lines as written (without its heading), for release notes."""


def parse(markdown: str) -> list[Release]:
    """The versions in the order written (newest first in Keep a Changelog)."""
    releases: list[Release] = []
    kind: list[str] | None = None
    for line in markdown.splitlines():
        heading = _VERSION.match(line) if line.startswith("## ") else None
        if heading:
            releases.append(Release(heading.group(1), (heading.group(2) or "").strip()))
            kind = None
            continue
        if not releases or _LINK_DEFINITION.match(line):
            continue
        release = releases[-1]
        release.text.append(line)
        named = _KIND.match(line)
        item = _ITEM.match(line)
        if named:
            kind = release.kinds.setdefault(named.group(1).strip(), [])
        elif item:
            if kind is None:
                kind = release.kinds.setdefault("Changed", [])
            kind.append(_plain(item.group(1)))
        elif line.strip() and kind:
            kind[-1] += " " + _plain(line.strip())  # a change's text that goes on
    return releases


def _plain(text: str) -> str:
    return _MARKS.sub("", _LINK.sub(r"\1", text)).strip()


def notes(markdown: str, version: str) -> str | None:
    """The section of ``version`` (``v`` prefix allowed) as written, or None if it has none."""
    wanted = version.removeprefix("v")
    for release in parse(markdown):
        if release.version.removeprefix("v") == wanted:
            return "\n".join(release.text).strip() + "\n"
    return None


def read(path: Path) -> tuple[list[Release], str | None]:
    """The releases in the file, or none and why the file cannot be shown."""
    try:
        text = read_bounded(path, LIMIT, "a changelog").decode("utf-8", errors="replace")
    except FileRefused as err:
        if err.missing:
            return [], "The list of changes (CHANGELOG.md) is not in this copy of the game."
        return [], f"The list of changes cannot be shown: {err}."
    return parse(text), None


def whats_new(path: Path, running: str) -> str:
    """Help's text (``game.client.draw.richtext`` markup): the version running and what
    changed in it and the versions before, from ``path``."""
    releases, problem = read(path)
    version = f"<br><br><b>Version.</b> This is Conquid Arcade {html.escape(running)}."
    if problem is not None:
        return f"{version}<br><br><b>What's new.</b> {html.escape(problem)}"
    numbers = [release.version.removeprefix("v") for release in releases]
    start = numbers.index(running) if running in numbers else 0
    shown = [release for release in releases[start:start + SHOWN] if release.kinds]
    if not shown:
        return f"{version}<br><br><b>What's new.</b> No changes are listed yet."
    parts = [version, "<br><br><b>What's new.</b>"]
    for release in shown:
        title = "Not yet released" if release.version.lower() == "unreleased" else (
            f"Version {release.version}" + (f", {release.date}" if release.date else ""))
        parts.append(f"<br><br><i>{html.escape(title)}</i>")
        for kind, items in release.kinds.items():
            for item in items:
                parts.append(f"<br>{html.escape(kind)}: {html.escape(item)}")
    return "".join(parts)
