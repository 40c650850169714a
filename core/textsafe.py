"""The one sanitiser: which characters material text may not carry to a screen, a file or git.

Materials are data from the web. An ESC or a C1 control (U+009B is a one-byte CSI) that reached
the terminal would be obeyed as a control sequence: clear the screen, move the cursor, write the
clipboard (OSC 52). A line separator (U+2028/2029, and the C0/C1 separators `str.splitlines`
honours) would start a new line in a brief or a commit message and could forge one of its lines.
Bidi embeddings, overrides, isolates and marks make a line display in another order than it is
stored. All of them are the class `UNSAFE` below, defined here once and used by every writer:

- `safe_text` / `safe_line`, for the screen and the terminal: every unsafe character becomes a
  visible stand-in, so the reviewer sees that it is there. C0 controls become their Unicode
  Control Pictures (ESC -> ␛), DEL ␡, C1 controls, bidi controls and marks U+FFFD.
- `strip_controls`, for files and commit messages: terminal escape sequences are removed whole
  (`ESC[31m` leaves no `[31m`), the other unsafe characters are removed, line breaks kept as `\\n`.

Tab and newline are never unsafe: they are kept where text has lines and folded to a space in
one-line places (list rows, titles, the brief's lines). Markup is not this module's concern: the
UI passes text as plain `Text`/`Content`, never as markup.
"""

from __future__ import annotations

import re

PLACEHOLDER = "\ufffd"  # �

# Bidi embeddings/overrides (U+202A-202E), isolates (U+2066-2069) and the implicit marks LRM, RLM
# and the Arabic letter mark (U+200E, U+200F, U+061C).
BIDI = "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
LINE_SEPARATORS = "\u2028\u2029"
# C0 except tab and newline (CR included: callers turn CRLF and CR into newlines first), DEL, C1,
# line and paragraph separators, bidi controls.
UNSAFE_CHARS = f"\x00-\x08\x0b-\x1f\x7f-\x9f{LINE_SEPARATORS}{BIDI}"
UNSAFE = re.compile(f"[{UNSAFE_CHARS}]")
_UNSAFE_LINE = re.compile(f"[\t\n{UNSAFE_CHARS}]")

# Whole terminal escape sequences: CSI (7- and 8-bit), OSC/DCS/SOS/PM/APC strings with their BEL or
# ST terminator (an unterminated one loses only its introducer, never the text after it), and
# two-byte escapes.
ESCAPE_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d-\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)"
    r"|\x1b[ -/]*[0-~]"
)


def _newlines(text: str) -> str:
    """CRLF, lone CR and U+2028/2029 as `\\n`."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\u2028" in text or "\u2029" in text:
        text = text.replace("\u2028", "\n").replace("\u2029", "\n")
    return text


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ .. ␟
    if code == 0x7F:
        return "\u2421"  # ␡
    return PLACEHOLDER


def _picture_line(match: re.Match[str]) -> str:
    return " " if match.group() in "\t\n" else _picture(match)


def safe_text(text: str) -> str:
    """For the screen, text with lines: CRLF, CR and U+2028/2029 become newlines, every other
    unsafe character a visible placeholder."""
    return UNSAFE.sub(_picture, _newlines(text))


def safe_line(text: str) -> str:
    """For the screen or the terminal, one line: line breaks and tabs become spaces, every other
    unsafe character a visible placeholder."""
    return _UNSAFE_LINE.sub(_picture_line, _newlines(text))


def strip_controls(text: str) -> str:
    """For files and commit messages: escape sequences and unsafe characters removed, line breaks
    (CRLF, CR, U+2028/2029) kept as `\\n`, tabs kept."""
    if text.isprintable():  # no Cc, Cf, Zl, Zp at all: the common case, one C-level scan
        return text
    return UNSAFE.sub("", ESCAPE_SEQUENCE.sub("", _newlines(text)))


def one_line(text: str) -> str:
    """`strip_controls`, then all whitespace (newlines included) collapsed to single spaces."""
    return " ".join(strip_controls(text).split())


def is_safe(text: str) -> bool:
    """True when `text` holds no unsafe character (tab and newline are safe)."""
    return UNSAFE.search(text) is None
