"""What a batch's brief file is called: `<date>-e1-<stem>.md`, without saying the date twice.

`new-batch` names batches `<date>-<hex>` (`2026-12-01-cb978024`), so the plain rule gave
`2026-12-01-e1-2026-12-01-cb978024.md`. When the stem starts with the brief's own date, that date
is said once: `2026-12-01-e1-cb978024.md`. Briefs committed under the older, longer name stay this
batch's brief (`is_brief_of`) and keep being written where they are (`Workspace.brief_path`), so
no committed file is renamed and `history` still reads them (docs/workspace.md, "Briefs").
"""

from __future__ import annotations

import re

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})-e1-(.+)\.md")


def brief_name(date: str, stem: str) -> str:
    """`2026-12-01` + `2026-12-01-cb978024` -> `2026-12-01-e1-cb978024.md`; a stem that does not
    start with that date is kept whole (`2026-12-01-e1-evening.md`)."""
    rest = stem.removeprefix(f"{date}-")
    if rest == stem or not rest:
        rest = stem
    return f"{date}-e1-{rest}.md"


def legacy_name(date: str, stem: str) -> str:
    """The name earlier versions wrote: the date, then the whole stem."""
    return f"{date}-e1-{stem}.md"


def is_brief_of(path: str, stem: str) -> bool:
    """Whether `path` (any folder) is the brief of the batch `stem`, whatever day it was written
    and under either name."""
    name = path.rsplit("/", 1)[-1]
    if name.endswith(f"-e1-{stem}.md"):
        return True
    m = _DATE.match(stem)
    return m is not None and name == brief_name(m.group(), stem)


def stems_of(path: str) -> tuple[str, ...]:
    """The batch stems a brief's name can stand for, likeliest first: `2026-12-01-e1-cb978024.md`
    is the brief of `2026-12-01-cb978024` (or, written by an older version, of `cb978024`)."""
    m = _NAME.fullmatch(path.rsplit("/", 1)[-1])
    if not m:
        return ()
    date, rest = m.groups()
    if _DATE.match(rest):
        return (rest,)
    return (f"{date}-{rest}", rest)
