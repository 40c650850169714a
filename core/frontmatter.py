"""Front matter and the bits of Markdown structure the parsers share (PRODUCT §4, §5, §6).

The splitter is our own rather than a library's so the body comes back byte-exact (CRLF, trailing
spaces and all): material hashes and verbatim display depend on it. The Markdown helpers only
recognise what the parsers need — fenced code and ATX headings — and never rewrite text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from . import yamlio
from .errors import BriefdeskError

MAX_FRONT_MATTER = 64 * 1024  # bytes of UTF-8 between the fences
BOM = "\ufeff"

_OPEN = re.compile(r"---[ \t\r]*")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t\r]*$", re.MULTILINE)


def split_front_matter(text: str, source: str) -> tuple[dict[str, Any], str]:
    """Split `---` front matter from the body; the body is the exact suffix of `text`.

    A leading BOM is dropped (also when there is no front matter). The front matter must open
    on the first line and close with `---` or `...`; its size is checked before YAML sees it.
    """
    text = text.removeprefix(BOM)
    first_end = text.find("\n")
    first = text if first_end < 0 else text[:first_end]
    if not _OPEN.fullmatch(first):
        return {}, text
    if first_end < 0:
        raise BriefdeskError("front matter never closes (opened at line 1)", source)
    start = first_end + 1
    close = _CLOSE.search(text, start)
    if close is None:
        raise BriefdeskError("front matter never closes (opened at line 1)", source)
    raw = text[start : close.start()]
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_FRONT_MATTER:
        raise BriefdeskError(f"front matter is larger than {MAX_FRONT_MATTER // 1024} KB", source)
    newline = text.find("\n", close.end())
    body = "" if newline < 0 else text[newline + 1 :]
    return _as_mapping(yamlio.loads("\n" + raw, source), source), body  # "\n": file line numbers


def _as_mapping(data: Any, source: str) -> dict[str, Any]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise BriefdeskError("front matter is not a mapping", source)
    for key in data:
        if not isinstance(key, str):
            raise BriefdeskError(f"front matter key {key!r} is not text", source)
    return data


def front_matter_lines(text: str, body: str) -> int:
    """How many lines precede `body` in `text` (front matter and fences), for 1-based line numbers."""
    return text[: len(text) - len(body)].count("\n")


# -- Markdown structure ---------------------------------------------------------------------


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
