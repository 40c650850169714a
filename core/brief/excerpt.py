"""Material text made safe and short for the brief: one line, no Markdown, cut where a reader
would cut.

`excerpt` never cuts inside a number, a word or an id: `4.70×`, `68.5B/3B`, `v0.5.22.dev`,
`2601.21204` and `https://…` stay whole, and so does a character drawn from several code points
(`é` as `e` + a combining accent, an emoji with its skin tone). It prefers the end of a sentence,
then a clause mark or a space, then a boundary between Chinese characters; a single token longer
than the limit is kept whole rather than broken. A `.` between digits or letters is never a
sentence end.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..text.markdown import fenced, split_lines
from ..text.sanitize import one_line

EXCERPT_CHARS = 300

_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
_LINE_PREFIX = re.compile(r"^\s*(?:#{1,6}\s+|>\s?|[-*+]\s+(?:\[[ xX]\]\s+)?)+")
_AUTOLINK = re.compile(r"<(https?://[^>\s]+)>")
_EMPHASIS = re.compile(r"(\*\*|__|~~|`+)")

SENTENCE_END = "。！？；.!?;"
_CJK_STOPS = "。！？；"
_CLAUSE = "，、：,:）)」』”》"
_JOINERS = "._×%+-/:#@~'’$&=?"  # inside a token: 4.70×, 68.5B/3B, v0.5.22.dev, a/b, $ANGX


def clean(text: object) -> str:
    """Text as one safe line: `core.text.sanitize.one_line` (escape sequences and unsafe characters
    removed), then whitespace collapsed."""
    return one_line(str(text or ""))


def _without_comments(text: str) -> str:
    """`<!-- ... -->` replaced by a space. By `find`, not the regex `<!--.*?-->`, which scanned to
    the end from every `<!--` when none closes (quadratic on a run of them)."""
    if "<!--" not in text:
        return text
    parts: list[str] = []
    i = 0
    while True:
        start = text.find("<!--", i)
        end = text.find("-->", start + 4) if start >= 0 else -1
        if end < 0:
            parts.append(text[i:])
            return " ".join(parts)
        parts.append(text[i:start])
        i = end + 3


def _bracketed(text: str, opener: str, min_len: int) -> str:
    r"""Every `<opener>label](target)` replaced by its label, as the regex
    `<opener>([^\]]{min_len,})\]\([^)]*\)` would, in linear time: the next `]` and `)` are
    found once per position reached, not once per opener (`[[[[…` or `![![…` without a `]`
    made the regex scan to the end from each of them)."""
    if opener not in text:
        return text
    out: list[str] = []
    i = 0  # copied up to here
    pos = 0
    close = -2  # the next `]` at or after `pos + len(opener)`, -1 when there is none
    while True:
        start = text.find(opener, pos)
        if start < 0:
            break
        label = start + len(opener)
        if close != -1 and close < label:
            close = text.find("]", label)
        if close < 0:
            break  # no `]` left: no later opener can match either
        if close - label >= min_len and text.startswith("(", close + 1):
            end = text.find(")", close + 2)
            if end < 0:
                break  # no `)` left: neither this nor any later opener has a target
            out.append(text[i:start])
            out.append(text[label:close])
            i = pos = end + 1
            continue
        pos = start + 1
    out.append(text[i:])
    return "".join(out)


def strip_markdown(body: str) -> str:
    """Minimal Markdown removal for an excerpt: markers go, the words stay as written.

    Fenced code (as `core.text.markdown.fenced` sees it) and thematic breaks are dropped.
    """
    lines: list[str] = []
    for line, in_code in fenced(split_lines(_without_comments(body))):
        if in_code or _RULE.match(line):
            continue
        lines.append(_LINE_PREFIX.sub("", line))
    text = "\n".join(lines)
    text = _bracketed(text, "![", 0)
    text = _bracketed(text, "[", 1)
    text = _AUTOLINK.sub(r"\1", text)
    return _EMPHASIS.sub("", text)


def is_cjk(ch: str) -> bool:
    """CJK ideographs and CJK/full-width punctuation: they take `。` and need no space after."""
    o = ord(ch)
    return (
        0x3000 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFF00 <= o <= 0xFFEF
        or 0x20000 <= o <= 0x3FFFF
    )


def _joined(ch: str) -> bool:
    """A character of a Latin word, a number or an id: no cut between two of them."""
    return (ch.isalnum() and not is_cjk(ch)) or ch in _JOINERS


def _attached(ch: str) -> bool:
    """A character drawn with the one before it: a combining mark (`e` + U+0301 is `é`), a
    variation selector, an emoji skin tone, a zero-width joiner."""
    return (
        unicodedata.category(ch).startswith("M")
        or "\ufe00" <= ch <= "\ufe0f"
        or "\U0001f3fb" <= ch <= "\U0001f3ff"
        or ch == "\u200d"
    )


def can_cut(text: str, i: int) -> bool:
    """Whether `text[:i]` ends at a boundary a reader accepts (not inside a token, nor inside a
    character drawn from several code points)."""
    if i <= 0 or i >= len(text):
        return True
    if _attached(text[i]) or text[i - 1] == "\u200d":
        return False
    return not (_joined(text[i - 1]) and _joined(text[i]))


def _sentence_end(text: str, i: int) -> bool:
    ch = text[i - 1]
    if ch in _CJK_STOPS:
        return True
    if ch in ".!?;":
        return i >= len(text) or text[i].isspace() or is_cjk(text[i])
    return False


@lru_cache(maxsize=8192)
def excerpt(body: str, limit: int = EXCERPT_CHARS) -> str:
    """About the first `limit` characters of an item, cut at a boundary (module docstring).

    Pure, and cached by body: the desk renders the brief again on every decision, and the bodies
    do not change between renders.
    """
    text = clean(strip_markdown(body))
    if len(text) <= limit:
        return text
    cut = cut_point(text, limit)
    if not text[cut:].strip(" " + SENTENCE_END):  # a token kept whole: nothing was left out
        return text
    return text[:cut].rstrip() + "…"


def cut_point(text: str, limit: int) -> int:
    """Where to cut `text` (longer than `limit`): see the module docstring."""
    floor = max(1, limit // 2)
    best_clause = best_any = 0
    for i in range(limit, floor - 1, -1):
        if _sentence_end(text, i) and can_cut(text, i):
            return i
        if not best_clause and can_cut(text, i) and (text[i - 1] in _CLAUSE or text[i].isspace()):
            best_clause = i
    if best_clause:
        return best_clause
    for i in range(limit, 0, -1):
        if can_cut(text, i):
            best_any = i
            break
    if best_any:
        return best_any
    i = limit
    while i < len(text) and not can_cut(text, i):  # one token longer than the limit: keep it
        i += 1
    return i
