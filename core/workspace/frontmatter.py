"""Front matter: the YAML block that may open a material, a living document or a brief
(docs/workspace.md).

The splitter is our own rather than a library's so the body comes back byte-exact (CRLF, trailing
spaces and all): material hashes and verbatim display depend on it.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import BriefdeskError
from ..storage import yamlio

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
    """How many lines precede `body` in `text` (front matter and fences), for 1-based line
    numbers."""
    return text[: len(text) - len(body)].count("\n")
