"""Dates as materials write them, and when two of them can name the same day.

A material writes `9/22`, `10/2`, `2026-09-23`, `2026-03`, `2026年9月23日`, `9月22日`,
`September 22, 2026`, `24 Nov`, `24th of November`, `11/24/2026`, `24/11/2026`, or a part of a
month (`10 月中旬`, `2026年10月下旬`, `10月底`, `mid-October`, `early Nov 2026`); each is read
into a `PartialDate` holding only what was written (a `9/22` has no year). Two dates *agree*
when every field both of them state is equal: `9/22` agrees with `2026-09-22`, `2026-03` with
`2026-03-21`; `9/22` and `9/23` do not. Disagreement is the date conflict of
`core.claims.conflicts`; a less precise date is never one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_MONTHS = {
    name: n
    for n, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}
_MONTH_NAME = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)

# One alternative per written form; the group names say which fields it holds. ASCII digits only
# (full-width digits are folded by NFKC before anything is matched).
DATE_PATTERN = (
    r"(?:(?<![0-9])(?P<iy>(?:19|20)[0-9]{2})[-/.](?P<im>[0-9]{1,2})(?:[-/.](?P<id>[0-9]{1,2}))?"
    r"(?![0-9]|[-/.][0-9])"
    r"|(?P<qy>(?:19|20)[0-9]{2})\s*年\s*(?P<qm>[0-9]{1,2})\s*月\s*(?P<qp>上旬|中旬|下旬|初|底|末)"
    r"|(?P<cy>(?:19|20)[0-9]{2})\s*年\s*(?P<cm>[0-9]{1,2})\s*月(?:\s*(?P<cd>[0-9]{1,2})\s*[日号])?"
    r"|(?<![0-9年])(?P<pm>[0-9]{1,2})\s*月\s*(?P<pp>上旬|中旬|下旬|初|底|末)"
    rf"|\b(?P<ep>early|mid|late)[- ](?P<en>{_MONTH_NAME})\b\.?"
    r"(?:,?\s+(?P<ey2>(?:19|20)[0-9]{2}))?"
    r"|(?<![0-9年])(?P<zm>[0-9]{1,2})\s*月\s*(?P<zd>[0-9]{1,2})\s*[日号]"
    r"|(?<![0-9/.])(?P<um>[0-9]{1,2})/(?P<ud>[0-9]{1,2})/(?P<uy>(?:19|20)[0-9]{2})(?![0-9])"
    r"|(?<![0-9/.])(?P<sm>[0-9]{1,2})/(?P<sd>[0-9]{1,2})(?![0-9]|/[0-9])"
    rf"|\b(?P<em>{_MONTH_NAME})\.?\s+(?P<ed>[0-9]{{1,2}})(?:st|nd|rd|th)?(?![0-9])"
    r"(?:,?\s+(?P<ey>(?:19|20)[0-9]{2}))?"
    rf"|\b(?P<fm>{_MONTH_NAME})\.?\s+(?P<fy>(?:19|20)[0-9]{{2}})(?![0-9])"
    rf"|(?<![0-9])(?P<gd>[0-9]{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+(?P<gm>{_MONTH_NAME})\b\.?"
    r"(?:,?\s+(?P<gy>(?:19|20)[0-9]{2}))?"
    r")"
)
DATE_RE = re.compile(DATE_PATTERN, re.IGNORECASE)
# Where a date can start: a digit no digit precedes (every numeric form but one), the year of
# `2026年` anywhere (that form has no look-behind), a month name at a word start (and the part of a
# month right before one, `mid-October`, looked for from there). Trying DATE_RE
# only there finds what `DATE_RE.finditer` finds, at half its cost (the fact index reads every
# text's dates).
_DATE_START = re.compile(
    rf"(?=(?<![0-9])[0-9]|(?:19|20)[0-9]{{2}}\s*年|\b{_MONTH_NAME})", re.IGNORECASE
)
# the part of a month written before its name (`mid-October`): a date starting there
_PART_BEFORE = re.compile(r"\b(?:early|mid|late)[- ]\Z", re.IGNORECASE)


def iter_dates(text: str) -> Iterator[re.Match[str]]:
    """The matches of `DATE_RE.finditer(text)`, the same ones in the same order, found faster."""
    last = 0
    for start in _DATE_START.finditer(text):
        at = start.start()
        if at < last:
            continue
        m = None
        if at >= 4 and text[at - 1] in "- " and text[at].isalpha():
            part = _PART_BEFORE.search(text, max(last, at - 6), at)
            m = DATE_RE.match(text, part.start()) if part is not None else None
        m = m or DATE_RE.match(text, at)
        if m is not None:
            last = m.end()
            yield m


# the days each part of a month can name, overlapping (a writer's `mid-October` may be the 9th or
# the 22nd); `上旬`/`月初` early, `中旬` mid, `下旬`/`月底`/`月末` late
_PARTS = {"early": (1, 12), "mid": (8, 22), "late": (18, 31)}
_PART_OF = {
    "上旬": "early",
    "初": "early",
    "中旬": "mid",
    "下旬": "late",
    "底": "late",
    "末": "late",
}


@dataclass(frozen=True)
class PartialDate:
    """A date with only the fields the text wrote; `month` is always known."""

    year: int | None
    month: int
    day: int | None
    part: str | None = None  # of the month, without a day: `early`, `mid`, `late` (`10 月中旬`)

    def agrees(self, other: PartialDate) -> bool:
        """Whether both can be the same day: every field both state is equal, and a day falls
        in the part of the month the other says (`10 月中旬` and `2026-10-15` agree, `10 月中旬`
        and `2026-10-28` do not; the parts overlap, as writers round them)."""
        if self.month != other.month:
            return False
        if self.year is not None and other.year is not None and self.year != other.year:
            return False
        if self.day is not None and other.day is not None:
            return self.day == other.day
        day, part = (self.day, other.part) if self.day is not None else (other.day, self.part)
        if day is not None and part is not None:
            lo, hi = _PARTS[part]
            return lo <= day <= hi
        if self.part is not None and other.part is not None:
            a, b = _PARTS[self.part], _PARTS[other.part]
            return a[0] <= b[1] and b[0] <= a[1]
        return True

    @property
    def iso(self) -> str:
        """`2026-09-23`, `2026-09`, `09-23` (no year written): the fact index's key of a date
        (docs/facts.md), not for display."""
        head = f"{self.year:04d}-{self.month:02d}" if self.year else f"{self.month:02d}"
        return f"{head}-{self.day:02d}" if self.day else head


def date_of(match: re.Match[str]) -> PartialDate | None:
    """The date a `DATE_RE` match wrote, or None when it is no calendar date (`13/40`)."""
    g = match.groupdict()
    for y, m, p in (("qy", "qm", "qp"), (None, "pm", "pp"), ("ey2", "en", "ep")):
        if g.get(m) is not None:
            month_text = g[m]
            month = int(month_text) if month_text.isdigit() else _MONTHS[month_text.lower()]
            if not 1 <= month <= 12:
                return None
            part = _PART_OF.get(g[p], g[p].lower())
            return PartialDate(int(g[y]) if y and g.get(y) else None, month, None, part)
    for y, m, d in (
        ("iy", "im", "id"),
        ("cy", "cm", "cd"),
        (None, "zm", "zd"),
        ("uy", "um", "ud"),
        (None, "sm", "sd"),
        ("ey", "em", "ed"),
        ("fy", "fm", None),
        ("gy", "gm", "gd"),
    ):
        if g.get(m) is None:
            continue
        month_text = g[m]
        month = int(month_text) if month_text.isdigit() else _MONTHS[month_text.lower()]
        year = int(g[y]) if y and g.get(y) else None
        day = int(g[d]) if d and g.get(d) else None
        if m == "um" and month > 12 and day is not None and day <= 12:
            month, day = day, month  # `24/11/2026`: the day first, as Europe writes it
        if m == "gm" and year is None and month_text.lower() == "may" and month_text != "May":
            return None  # `the 2 may be`: a verb, not the month
        if not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
            return None
        return PartialDate(year, month, day)
    return None


def parse_date(text: str) -> PartialDate | None:
    """The date `text` is, whole (`"2026-09-23"`, `"9/22"`), or None."""
    match = DATE_RE.fullmatch(text.strip())
    return date_of(match) if match else None
