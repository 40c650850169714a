"""Where a line of mixed Chinese and English may break.

`Content`'s wrapper breaks at spaces only: to it a run of Chinese is one word, which jumps whole
to the next row and leaves the row before it short. Here a line may break after whitespace, and
also before and after a wide (CJK) character, but not before closing punctuation (nor a
combining mark, a joiner or a variation selector) nor after opening punctuation.
"""

from __future__ import annotations

import re
import unicodedata

from rich.cells import cell_len, chop_cells

_WIDE = (
    "\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3"
    "\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\U00020000-\U0003fffd"
)
_CLOSE = (
    re.escape("、。，．：；？！）」』】〕〗〙〛》〉”’…‥ー～·%,.;:!?)]}")
    + "\u0300-\u036f\u200d\ufe00-\ufe0f"
)
_OPEN = re.escape("（「『【〔〖〘〚《〈“‘([{")
_WORD = re.compile(rf"\s*[{_OPEN}]*(?:[{_WIDE}]|[^\s{_WIDE}]+)[{_CLOSE}]*\s*")


def wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def break_offsets(text: str, first_width: int, rest_width: int) -> list[int]:
    """Where to break `text` so that its first row fits `first_width` cells and every other row
    `rest_width` (words longer than a row are folded)."""
    breaks: list[int] = []
    width, used = first_width, 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group()
        length = cell_len(word.rstrip())
        if used + length <= width:
            used += cell_len(word)
            continue
        if used:
            breaks.append(start)
            width, used = rest_width, 0
        if length <= width:
            used = cell_len(word)
            continue
        # a word longer than a row: folded, its first part on this row, the others on rows of
        # `rest_width`
        head = chop_cells(word, width)[0]
        chunks = (
            [head, *chop_cells(word[len(head) :], rest_width)] if len(head) < len(word) else [head]
        )
        position = start
        for chunk in chunks[:-1]:
            position += len(chunk)
            breaks.append(position)
        width, used = (rest_width if len(chunks) > 1 else width), cell_len(chunks[-1])
    return breaks
