"""The one sanitiser: which characters material text may not carry to a screen, a file or git.

Materials are data from the web. An ESC or a C1 control (U+009B is a one-byte CSI) that reached
the terminal would be obeyed as a control sequence: clear the screen, move the cursor, write the
clipboard (OSC 52). A line separator (U+2028/2029, and the C0/C1 separators `str.splitlines`
honours) would start a new line in a brief or a commit message and could forge one of its lines.
Bidi embeddings, overrides, isolates and marks make a line display in another order than it is
stored. Invisible characters — zero-width spaces and joiners, the word joiner and invisible
operators, soft hyphens, BOMs, Hangul fillers, variation selectors, tag characters: Unicode's
default-ignorable code points — make two texts look the same while they differ (a ref, a path, a
name that is not what it shows), and can carry hidden text (tag characters spell ASCII unseen; a
run of variation selectors hides bytes after one emoji). All of them are the class `UNSAFE`
below, defined here once and used by every writer, with the few uses that are visible kept:

- a zero-width joiner between two pictographs (👩‍💻, a family emoji) and a zero-width joiner or
  non-joiner between two letters of a script that joins (Arabic, Persian, the Indic scripts),
  where it changes the shape shown; never in Latin, Chinese, Japanese or Korean text;
- one variation selector right after a visible character (an emoji's presentation, a CJK
  ideographic variant), never a second one;
- tag characters only as a subdivision flag (🏴 + at most 6 tags + CANCEL TAG, 🏴󠁧󠁢󠁥󠁮󠁧󠁿).



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
import unicodedata

PLACEHOLDER = "\ufffd"  # �

# Bidi embeddings/overrides (U+202A-202E), isolates (U+2066-2069) and the implicit marks LRM, RLM
# and the Arabic letter mark (U+200E, U+200F, U+061C).
BIDI = "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
LINE_SEPARATORS = "\u2028\u2029"
# C0 except tab and newline (CR included: callers turn CRLF and CR into newlines first), DEL, C1,
# line and paragraph separators, bidi controls.
# Default-ignorable code points (DerivedCoreProperties.txt) that are not bidi controls: soft hyphen,
# combining grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian variation selectors
# and vowel separator, zero-width space/non-joiner/joiner, word joiner and invisible operators,
# deprecated format characters, variation selectors, BOM, reserved specials, shorthand format
# controls, musical format symbols, tags and the variation selectors supplement.
INVISIBLE = (
    "\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200d\u2060-\u2064"
    "\u206a-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
UNSAFE_CHARS = f"\x00-\x08\x0b-\x1f\x7f-\x9f{LINE_SEPARATORS}{BIDI}{INVISIBLE}"
UNSAFE = re.compile(f"[{UNSAFE_CHARS}]")
_UNSAFE_LINE = re.compile(f"[\t\n{UNSAFE_CHARS}]")
# what `str.isprintable` lets through of them (it stops at every Cc, Cf, Zl, Zp): the fast path
# of `strip_controls` looks for these too
_PRINTABLE_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164\ufe00-\ufe0f\uffa0"
    "\U000e0100-\U000e01ef]"
)
# JSON carries text as data: every unsafe character outside C0 (which JSON escapes itself) is
# written as \uXXXX, the visible uses of joiners and selectors too; json.loads gives back the text.
JSON_UNSAFE = re.compile(f"[\x7f-\x9f{LINE_SEPARATORS}{BIDI}{INVISIBLE}]")

ZWNJ, ZWJ = "\u200c", "\u200d"
_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_TAGS = re.compile("[\U000e0020-\U000e007f]")
_SKIN = re.compile("[\U0001f3fb-\U0001f3ff]")
BLACK_FLAG, CANCEL_TAG = "\U0001f3f4", "\U000e007f"


def _pictograph(ch: str) -> bool:
    """Emoji-like: the pictograph blocks and the dingbat, arrow and symbol blocks emoji use."""
    o = ord(ch)
    return (
        0x1F000 <= o <= 0x1FAFF
        or 0x2600 <= o <= 0x27BF
        or 0x2300 <= o <= 0x23FF
        or 0x2B00 <= o <= 0x2BFF
        or o in (0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122, 0x2139, 0x3030, 0x303D, 0x3297, 0x3299)
    )


def _joining_letter(ch: str) -> bool:
    """A letter or mark of a script where ZWJ/ZWNJ change the shape shown: not Latin, Greek,
    Cyrillic, nor Chinese, Japanese or Korean (where they only hide)."""
    o = ord(ch)
    if o < 0x0590 or 0x1E00 <= o <= 0x1FFF or 0x2E80 <= o <= 0xD7FF or 0xF900 <= o <= 0xFAFF:
        return False
    if UNSAFE.match(ch):  # a variation selector is a mark (Mn) too, but shows nothing to join
        return False
    return o < 0x20000 and (ch.isalpha() or unicodedata.category(ch).startswith("M"))


def _visible_use(text: str, i: int) -> bool:
    """Whether the invisible character at `text[i]` is one of the visible uses the module
    docstring lists (kept), rather than hiding something (unsafe)."""
    ch = text[i]
    before = text[i - 1] if i else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if ch in (ZWJ, ZWNJ):
        if before and after and _joining_letter(before) and _joining_letter(after):
            return True
        if ch == ZWJ and after and _pictograph(after):
            j = i - 1
            while j >= 0 and (_SELECTORS.match(text[j]) or _SKIN.match(text[j])):
                j -= 1
            return j >= 0 and _pictograph(text[j])
        return False
    if _SELECTORS.match(ch):
        return bool(before) and not UNSAFE.match(before) and not before.isspace()
    if _TAGS.match(ch):
        start = i
        while start > 0 and _TAGS.match(text[start - 1]):
            start -= 1
        end = i
        while end + 1 < len(text) and _TAGS.match(text[end + 1]) and text[end] != CANCEL_TAG:
            end += 1
        return (
            start > 0
            and text[start - 1] == BLACK_FLAG
            and text[end] == CANCEL_TAG
            and end - start <= 6
        )
    return False


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
    ch = match.group()
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ .. ␟
    if code == 0x7F:
        return "\u2421"  # ␡
    if code > 0x9F and _visible_use(match.string, match.start()):
        return ch
    return PLACEHOLDER


def _picture_line(match: re.Match[str]) -> str:
    return " " if match.group() in "\t\n" else _picture(match)


def _removed(match: re.Match[str]) -> str:
    ch = match.group()
    return ch if ord(ch) > 0x9F and _visible_use(match.string, match.start()) else ""


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
    if text.isprintable() and not _PRINTABLE_INVISIBLE.search(text):  # the common case
        return text
    return UNSAFE.sub(_removed, ESCAPE_SEQUENCE.sub("", _newlines(text)))


def one_line(text: str) -> str:
    """`strip_controls`, then all whitespace (newlines included) collapsed to single spaces."""
    return " ".join(strip_controls(text).split())


def is_safe(text: str) -> bool:
    """True when `text` holds no unsafe character (tab and newline are safe; the visible uses
    of joiners, selectors and tags are)."""
    return all(_visible_use(text, m.start()) for m in UNSAFE.finditer(text))


_NAME_UNSAFE = re.compile(f"[\t\n{UNSAFE_CHARS}]")


def is_exact_name(name: str) -> bool:
    """Whether a file name can be carried exactly everywhere it goes: the terminal, a manifest's
    line, the brief, a `Material:` trailer of the commit message. A line break, a tab or any
    unsafe character (a control, ESC or BEL, a C1 CSI, a bidi control, an invisible one) would be
    shown, or written, as something else than the name, so the path committed would not be the
    file's; the visible uses of joiners and selectors are kept (`is_safe`)."""
    return all(
        m.group() not in "\t\n" and _visible_use(name, m.start())
        for m in _NAME_UNSAFE.finditer(name)
    )


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    if ch == "\n":
        return "\\n"
    if ch == "\t":
        return "\\t"
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def escaped(text: str) -> str:
    """`text` with every character `is_exact_name` refuses written as an escape (`\\x1b`, `\\n`,
    `\\u200b`): what an error line shows of a name, so the reader sees exactly what it holds."""
    return _NAME_UNSAFE.sub(_escape, text)
