"""Project text says what changed and why, never which work session, round or issue number
brought it: such words mean nothing to a reader who was not there. Docs, code, comments and
tests are read whole; the changelog's form (versions and dates) needs none of them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("README.md", "CHANGELOG.md", "Makefile", "pyproject.toml", "docs", "game",
           "scenes", "bench", "tests", "tools", "fuzz", "build", "assets", ".ci", ".github")
"""Files and folders of project text (folders read through)."""
SUFFIXES = {".md", ".py", ".c", ".toml", ".json", ".txt", ".tsv", ".spec", ".cfg", ".yml", ".sh",
            ".desktop", ".xml", ""}
"""Text files by suffix; "" is a file with none (``Makefile``, ``.ci/run``)."""
SKIPPED = {".venv", "out", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}
"""Folders made by tools, not written by the project."""

DIARY = re.compile(
    r"(?<![-\w])(?:se" r"ssion|ro" r"und|is" r"sue)s?[ -]#?\d"  # the word, then its number
    r"|(?<![-\w])is" r"sues? [0-9x]{2}\b",  # or a number's pattern: 2x
    re.IGNORECASE,
)
"""A diary word followed by its number. Split in pieces so this file does not match itself."""


def project_files() -> list[Path]:
    files = []
    for name in CHECKED:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [p for p in sorted(path.rglob("*")) if p.is_file()
                      and p.suffix in SUFFIXES
                      and not SKIPPED.intersection(p.relative_to(ROOT).parts)]
    return files


def test_project_text_names_no_session_round_or_issue() -> None:
    found = []
    for path in project_files():
        for number, line in enumerate(path.read_text("utf-8", "replace").splitlines(), 1):
            match = DIARY.search(line)
            if match:
                found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r}")
    assert not found, "say what changed and why instead:\n" + "\n".join(found)


def test_the_pattern_finds_diary_words_and_leaves_the_games_words() -> None:
    diary = ["Se" "ssion 5: before", "ro" "und 2 of the work", "is" "sue 27's notes",
             "IS" "SUE #4", "is" "sues 17 and 24", "the se" "ssion-4 figures", "is" "sue 2x"]
    plain = ["the table's first round", "a conquer round (wave)", "--rou" "nds 50",
             "each round relaxes", "a Session of its own", "50 rounds", "an issue of the file"]
    assert all(DIARY.search(text) for text in diary)
    assert not any(DIARY.search(text) for text in plain)


def test_each_doc_says_whom_it_is_for() -> None:
    """A reader knows in the first lines whether a document is theirs (``docs/index.md``)."""
    readers = re.compile(r"\*For (players|server admins|contributors|everyone)\b")
    silent = [path.name for path in sorted((ROOT / "docs").glob("*.md"))
              if not readers.search("\n".join(path.read_text("utf-8").splitlines()[:6]))]
    assert not silent, f"say whom these are for in their first lines: {silent}"


def test_project_text_points_at_no_file_outside_the_project() -> None:
    """The rules a reader can open are ``docs/rules.md`` and ``docs/piously.md``: a player or
    a contributor has no copy of the notes the project was planned from."""
    outside = re.compile(r"\b(?:RU" r"LES|DES" r"IGN)\.md\b|\.\./sha" r"red\b")
    found = [f"{path.relative_to(ROOT)}:{number}"
             for path in project_files()
             for number, line in enumerate(path.read_text("utf-8", "replace").splitlines(), 1)
             if outside.search(line)]
    assert not found, "point at docs/ instead:\n" + "\n".join(found)
