"""The one sanitiser (core.text.sanitize): one class of unsafe characters, placeholders for the
screen,
removal for files and commit messages; render, provenance and errors all use it."""

from __future__ import annotations

import pytest
from briefdesk.core.brief.excerpt import clean
from briefdesk.core.brief.message import flatten
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.text.sanitize import (
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


INVISIBLE = (
    "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad\u034f\u3164\u115f\uffa0"
    "\u180e\ufe0f\U000e0041\U000e0001\U000e0100"
)


def test_the_class() -> None:
    assert all(UNSAFE.fullmatch(c) for c in EVERY_UNSAFE + INVISIBLE)
    for ok in "\t\n a中\u00a0\u3000😀\u2800":
        assert not UNSAFE.fullmatch(ok), hex(ord(ok))


# what stays because it is seen: a joiner inside an emoji sequence or a joining script, one
# selector after a visible character, a subdivision flag's tags
VISIBLE_USES = [
    "👩\u200d💻",
    "👨\u200d👩\u200d👧",
    "👍\U0001f3fd\u200d\u2642\ufe0f",
    "😀\ufe0f",
    "葛\U000e0100",  # an ideographic variant
    "می\u200cخواهم",  # Persian
    "क्\u200dष",  # Devanagari
    "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
]
# what goes: the same characters where they only hide or smuggle
HIDDEN = {
    "决\u200b策": "决策",
    "Open\u00adAI": "OpenAI",
    "Claude\u200dCode": "ClaudeCode",
    "推\u200c理": "推理",
    "\ufeffbom": "bom",
    "a\u2060b\u2062c": "abc",
    "👨\u200d": "👨",  # a trailing joiner
    "x\ufe0f\ufe0f\ufe01": "x\ufe0f",  # a run of selectors hides bytes after the first
    "hi\U000e0069\U000e0067\U000e006e\U000e006f\U000e0072\U000e0065": "hi",  # tag text
    "\u3164\u3164": "",  # Hangul fillers: a name that shows nothing
}


@pytest.mark.parametrize("text", VISIBLE_USES)
def test_the_visible_uses_of_invisible_characters_are_kept(text: str) -> None:
    assert strip_controls(text) == text and safe_line(text) == text and is_safe(text)


@pytest.mark.parametrize(("text", "left"), list(HIDDEN.items()))
def test_invisible_characters_that_hide_are_removed_or_shown(text: str, left: str) -> None:
    assert strip_controls(text) == left and one_line(text) == left.strip()
    assert not is_safe(text)
    shown = safe_line(text)
    assert PLACEHOLDER in shown and shown.replace(PLACEHOLDER, "") == left


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


_MIXED = st.text(
    alphabet=st.sampled_from(
        list(
            INVISIBLE + BIDI + "\x1b\x9b\u2028 a中\u0627\u0628क👩💻🏴\U000e0067\U000e007f\U0001f3fd"
        )
    ),
    max_size=30,
)


@given(_MIXED)
def test_every_writer_leaves_nothing_hidden_among_joiners_and_selectors(text: str) -> None:
    """Removing one character never makes a kept one hide something."""
    for out in (strip_controls(text), safe_text(text), safe_line(text), one_line(text)):
        assert is_safe(out), [hex(ord(c)) for c in text]
    assert strip_controls(strip_controls(text)) == strip_controls(text)


def test_a_joiner_before_a_selector_is_not_between_two_letters() -> None:
    """A variation selector is a mark (Mn) but joins nothing: the ZWNJ before it hides, and
    removing the selector must not leave it kept at the end (found by the property above)."""
    text = "\u0627\u200c\ufe0f"
    for out in (strip_controls(text), safe_text(text), safe_line(text), one_line(text)):
        assert is_safe(out), [hex(ord(c)) for c in out]
    assert strip_controls(text) == "\u0627"
    assert strip_controls("\u0628\u200c\u0628") == "\u0628\u200c\u0628"  # the visible use stays
