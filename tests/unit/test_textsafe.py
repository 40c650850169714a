"""The one sanitiser (core.textsafe): one class of unsafe characters, placeholders for the screen,
removal for files and commit messages; render, provenance and errors all use it."""

from __future__ import annotations

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.provenance import flatten
from briefdesk.core.render import clean
from briefdesk.core.textsafe import (
    PLACEHOLDER,
    UNSAFE,
    is_safe,
    one_line,
    safe_line,
    safe_text,
    strip_controls,
)
from hypothesis import given
from hypothesis import strategies as st

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
C0 = "".join(chr(c) for c in range(0x20) if chr(c) not in "\t\n")
C1 = "".join(chr(c) for c in range(0x80, 0xA0))
EVERY_UNSAFE = C0 + "\x7f" + C1 + "\u2028\u2029" + BIDI


def test_the_class() -> None:
    assert all(UNSAFE.fullmatch(c) for c in EVERY_UNSAFE)
    for ok in "\t\n a中\u200d\ufe0f\u00a0\u3000😀":  # ZWJ and VS16 build emoji: not unsafe
        assert not UNSAFE.fullmatch(ok), hex(ord(ok))


def test_safe_line_shows_every_unsafe_character() -> None:
    assert safe_line("a\x1b[2Jb") == "a\u241b[2Jb"  # ␛, visible, and the rest kept
    assert safe_line("x\x00y\x7fz\x9bw") == "x\u2400y\u2421z" + PLACEHOLDER + "w"
    for ch in BIDI:
        assert safe_line(f"a{ch}b") == f"a{PLACEHOLDER}b", hex(ord(ch))
    assert safe_line("a\nb\tc\r\nd\re\u2028f\u2029g") == "a b c d e f g"


def test_safe_text_keeps_lines() -> None:
    assert safe_text("a\r\nb\rc\u2028d\u2029e\tf") == "a\nb\nc\nd\ne\tf"
    assert safe_text("\u200fx") == PLACEHOLDER + "x"


def test_strip_controls_removes_sequences_whole_and_keeps_lines() -> None:
    assert strip_controls("a\x1b[31mred\x1b[0m\r\nb") == "ared\nb"
    assert strip_controls("\x9b2Jx\x1b]52;c;Zm9v\x07y\x1b]0;t\x1b\\z\x1bcw") == "xyzw"
    assert strip_controls("x\x1b]unterminated 正文\x9d保留") == "xunterminated 正文保留"
    assert strip_controls(f"a{BIDI}b\u2028c\td") == "ab\nc\td"
    assert strip_controls("plain 中文 👩‍💻") == "plain 中文 👩‍💻"


def test_one_line() -> None:
    assert one_line("  a\n\n b\u2029\x85c\t ") == "a b c"


@given(st.text())
def test_every_writer_leaves_nothing_unsafe(text: str) -> None:
    assert is_safe(safe_text(text))
    assert is_safe(strip_controls(text))
    for line in (safe_line(text), one_line(text), clean(text), flatten(text)):
        assert is_safe(line) and "\n" not in line and "\t" not in line
    assert clean(text) == flatten(text) == one_line(text)  # the brief and the commit agree


@pytest.mark.parametrize("ch", list(BIDI + "\x1b\x9b\u2028"))
def test_error_messages_show_controls_as_placeholders(ch: str) -> None:
    message = str(BriefdeskError(f"bad {ch}value", f"inbox/{ch}x.md"))
    assert is_safe(message) and "\n" not in message
    assert message.startswith("inbox/")
