"""The same list of names, in the same order: the trace of one origin (docs/claims.md).

Two materials that each say they have a ranking or a selection from one named source and list
the same names in the same order (`HelpSteer3、Skywork-Preference、UltraFeedback、Nectar`, the
one numbered `① … ②`, the other joined by `、`) copied one list: that is one story, whether or not
they share a figure. Two texts on one subject name some of the same things, but seldom four or
more in one order unless one list was copied.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from .lexicon import NAME, entity_key, is_name

MIN_LISTED = 4  # names two texts list in the same order, at least, to be one list
_NAME_RE = re.compile(rf"(?<![A-Za-z0-9_.\-+]){NAME}")
MAX_NAMES = 64  # names of a text compared, at most: a list is short, a long text is no list


def names_in_order(text: str, besides: Collection[str] = ()) -> tuple[str, ...]:
    """The proper names of a text (keys), each once, in the order it first writes them, but for
    those of `besides` (the source it cites: a name both texts write, and no part of the list)."""
    seen: dict[str, None] = {}
    for m in _NAME_RE.finditer(text):
        word = m.group(0)
        if is_name(word) and entity_key(word) not in besides:
            seen.setdefault(entity_key(word), None)
            if len(seen) >= MAX_NAMES:
                break
    return tuple(seen)


def same_list(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two texts' names hold MIN_LISTED or more in one order (their longest common
    subsequence; at most MAX_NAMES squared steps)."""
    if len(a) < MIN_LISTED or len(b) < MIN_LISTED or len(set(a) & set(b)) < MIN_LISTED:
        return False
    prev = [0] * (len(b) + 1)
    for x in a:
        row = [0]
        for j, y in enumerate(b):
            row.append(prev[j] + 1 if x == y else max(prev[j + 1], row[j]))
        prev = row
    return prev[-1] >= MIN_LISTED
