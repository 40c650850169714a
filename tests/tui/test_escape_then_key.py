"""Escape and the key typed right after it arrive from the terminal as one sequence (`ESC j`, how
a terminal writes Alt+j); the desk reads them as the two keys they are (`tui.textual_private.
split_escape`): before, the Escape was lost (`alt+j`, bound to nothing), dropped outright (`ESC
:`, `ESC enter`: enter then confirmed the dialog Escape should have closed) or typed as a macOS
Option character (`ESC 1` put `¡` in a field). The terminal's own sequences and the editing
conventions Textual maps are read as before. The parser is fed as the terminal feeds it; a lone
Escape is told apart from the start of a sequence only once ESCAPE_DELAY has passed, so the
test waits for the parser's answer, not for a fixed time."""

from __future__ import annotations

import time

import pytest
from briefdesk.tui import textual_private
from textual import events
from textual._xterm_parser import XTermParser


def keys(data: str) -> list[str]:
    """The keys the parser reads from `data`, once it has answered (a lone Escape, or `ESC j`,
    is answered only after ESCAPE_DELAY)."""
    textual_private.split_escape()
    parser = XTermParser()
    got = [e for e in parser.feed(data) if isinstance(e, events.Key)]
    deadline = time.monotonic() + 5
    while parser._timeout_time is not None and time.monotonic() < deadline:
        got += [e for e in parser.tick() if isinstance(e, events.Key)]
    return [e.key for e in got]


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("\x1bj", ["escape", "j"]),
        ("\x1bJ", ["escape", "J"]),
        ("\x1bjk", ["escape", "j", "k"]),
        ("\x1b:", ["escape", "colon"]),
        ("\x1b ", ["escape", "space"]),
        ("\x1b\r", ["escape", "enter"]),
        ("\x1b1", ["escape", "1"]),
        ("\x1b-", ["escape", "minus"]),
        ("\x1b份", ["escape", "份"]),
    ],
)
def test_escape_then_a_key_is_both_keys(typed: str, read: list[str]) -> None:
    assert keys(typed) == read


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("\x1b", ["escape"]),
        ("\x1b[A", ["up"]),
        ("\x1bOP", ["f1"]),
        ("\x1bb", ["ctrl+left"]),
        ("\x1bf", ["ctrl+right"]),
        ("\x1b\x7f", ["ctrl+w"]),
        ("\x1b\x1b", ["escape", "escape"]),
        ("j", ["j"]),
    ],
)
def test_sequences_and_editing_keys_are_read_as_before(typed: str, read: list[str]) -> None:
    assert keys(typed) == read


def test_a_paste_is_still_one_paste() -> None:
    textual_private.split_escape()
    parser = XTermParser()
    got = list(parser.feed("\x1b[200~第一行 j:1\n第二行\x1b[201~"))
    got += list(parser.feed("x"))
    assert [e.text for e in got if isinstance(e, events.Paste)] == ["第一行 j:1\n第二行"]
    assert [e.key for e in got if isinstance(e, events.Key)] == ["x"]
