"""Material text made safe to show: control characters become visible placeholders.

Materials are data from the web. An ESC or a C1 control (U+009B is a one-byte CSI) that reached
the terminal would be obeyed as a control sequence: clear the screen, move the cursor, write the
clipboard (OSC 52). Every control is therefore replaced by a printable stand-in before any display:
C0 controls by their Unicode Control Pictures (ESC -> ␛), DEL by ␡, C1 controls and other
invisible format characters that reorder text (bidi overrides) by U+FFFD. Tab and newline are kept
where the text has lines, and folded to a space in one-line places (list rows, titles).
Markup is not this module's concern: the UI passes text as plain `Text`/`Content`, never as markup.
"""

from __future__ import annotations

import re

PLACEHOLDER = "\ufffd"  # �

# bidi embeddings/overrides/isolates can make text display in another order than it is stored
_BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}]")
_UNSAFE_LINE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}\u2028\u2029]")


def _picture(match: re.Match[str]) -> str:
    ch = match.group()
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ .. ␟
    if code == 0x7F:
        return "\u2421"  # ␡
    return PLACEHOLDER


def _picture_line(match: re.Match[str]) -> str:
    ch = match.group()
    if ch in "\t\n\r\u2028\u2029":
        return " "
    return _picture(match)


def safe_text(text: str) -> str:
    """Text with lines: CRLF and lone CR become newlines, other controls placeholders."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _UNSAFE.sub(_picture, text)


def safe_line(text: str) -> str:
    """One line: newlines and tabs become spaces, other controls placeholders."""
    if "\r\n" in text:
        text = text.replace("\r\n", " ")
    return _UNSAFE_LINE.sub(_picture_line, text)


def is_safe(text: str) -> bool:
    return _UNSAFE.search(text) is None and "\r" not in text
