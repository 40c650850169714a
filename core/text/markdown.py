"""The bits of Markdown structure the parsers share: lines, fenced code, ATX headings.

Only what the parsers need is recognised, and text is never rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Iterator


def split_lines(text: str) -> list[str]:
    """Lines with their `\\n` kept, split on `\\n` only (Markdown's view, not str.splitlines')."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def content(line: str) -> str:
    """A line without its end-of-line (`\\n`, `\\r\\n`)."""
    line = line.removesuffix("\n")
    return line.removesuffix("\r")


_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)")


def fenced(lines: list[str]) -> Iterator[tuple[str, bool]]:
    """Each line's content and whether it belongs to fenced code (fence lines included)."""
    fence: str | None = None
    for line in lines:
        text = content(line)
        if fence is not None:
            if _closes(text, fence):
                fence = None
            yield text, True
            continue
        match = _FENCE.match(text)
        if match and not (match.group(1)[0] == "`" and "`" in match.group(2)):
            fence = match.group(1)
            yield text, True
            continue
        yield text, False


def _closes(text: str, fence: str) -> bool:
    stripped = text.lstrip(" ")
    if len(text) - len(stripped) > 3:
        return False
    run = len(stripped) - len(stripped.lstrip(fence[0]))
    return run >= len(fence) and not stripped[run:].strip(" \t")


_ATX = re.compile(r" {0,3}(#{1,6})(?:[ \t](.*))?")


def atx_heading(text: str) -> tuple[int, str] | None:
    """`(level, title)` when the line is an ATX heading; the optional closing `#`s are dropped.

    Plain string work rather than one regex: a lazy title group before trailing blanks is
    quadratic on a long line of spaces.
    """
    match = _ATX.fullmatch(text)
    if match is None:
        return None
    title = (match.group(2) or "").strip(" \t")
    without = title.rstrip("#")
    if not without or without[-1] in " \t":  # a closing sequence needs a blank before it
        title = without.rstrip(" \t")
    return len(match.group(1)), title
