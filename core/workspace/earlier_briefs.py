"""Earlier briefs (docs/workspace.md): their entries, cited the way a reader would cite them.

Two layouts are read: the hand-written plain text of the seed brief (`一、…` section lines,
`1. …` increments, `  • …` bullets) and Markdown (`## 一、…` / `## I. …` headings, `-`/`*`/`•`
bullets, `1.` items). In the first section (一 / I) every `n.` line is increment `#n` and its
text is the title line plus everything indented under it (来源, 要点, …). In any other section
every bullet or numbered line at the section's outer level is entry `#<numeral>-<k>`; deeper
lines belong to the entry above them. Lines before the first section are never entries.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from ..errors import BriefdeskError
from ..model.values import BriefEntry
from ..text.markdown import atx_heading, content, fenced, split_lines
from .frontmatter import split_front_matter

FIRST_SECTIONS = ("一", "I")

_ZH_SECTION = re.compile(r"([一二三四五六七八九十]+)[、.．]\s*(.*)")
_EN_SECTION = re.compile(r"([IVXL]+)\.\s+(.*)")
_NUMBERED = re.compile(r"([ \t]*)([0-9]{1,9})[.)、．][ \t]+(.*)")
_BULLET = re.compile(r"([ \t]*)[-*+•·][ \t]+(.*)")
_RULE = re.compile(r"[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*")
_DATE = re.compile(r"(?<![0-9])([0-9]{4}-[0-9]{2}-[0-9]{2})(?![0-9])")
_TITLE_DATE = re.compile(r"[（(]\s*([0-9]{4}-[0-9]{2}-[0-9]{2})\s*[）)]")


def parse_brief(path: str, text: str) -> list[BriefEntry]:
    """Every increment and bullet of a brief, in file order."""
    lines = split_lines(_skip_front_matter(text, path))
    title = next((content(line) for line in lines if line.strip()), None)
    reader = _Reader(path, brief_date(path, title))
    for line, in_code in fenced(lines):
        reader.feed(line, in_code)
    return reader.finish()


# An entry's placement line, as the tool writes it (`建议归入：`, `Suggested placement: `, brief/
# wording.py) and as hand-written briefs do (`Placement:`); its first § is the main section.
_PLACEMENT_LINE = re.compile(
    r"^[ \t]*(?:[-*+•·][ \t]*)?(?:建议归入|(?:[Ss]uggested )?[Pp]lacement)[ \t]*[:：](?P<rest>.*)$",
    re.MULTILINE,
)
_SECTION_REF = re.compile(r"§[ \t]*([0-9]+(?:\.[0-9]+)*)")


def placed_in(text: str) -> str | None:
    """The living-document section an entry was placed in: the first § of its placement line
    (`建议归入：§1.2 新增…；Flide 归 §3`: `1.2`, the others being parts'), None without one."""
    for line in _PLACEMENT_LINE.finditer(text):
        ref = _SECTION_REF.search(line.group("rest"))
        if ref:
            return ref.group(1)
    return None


def brief_date(path: str, title: str | None) -> str | None:
    """`YYYY-MM-DD` from the file name, else from `（…）`/`(…)` in the title line."""
    for match in _DATE.finditer(PurePosixPath(path).name):
        if _valid(match.group(1)):
            return match.group(1)
    for match in _TITLE_DATE.finditer(title or ""):
        if _valid(match.group(1)):
            return match.group(1)
    return None


def _valid(date: str) -> bool:
    try:
        dt.date.fromisoformat(date)
    except ValueError:
        return False
    return True


def _skip_front_matter(text: str, path: str) -> str:
    """Briefs need nothing from front matter; one that does not parse is read as plain text."""
    try:
        return split_front_matter(text, path)[1]
    except BriefdeskError:
        return text.removeprefix("\ufeff")


def section_heading(line: str) -> str | None:
    """The numeral of a section line (`一、…`, `## 一、…`, `## II. …`), else None."""
    heading = atx_heading(line)
    if heading is not None:
        candidate = heading[1]
    elif line[:1].isspace():
        return None  # plain-text sections start at the margin; indented lines are content
    else:
        candidate = line
    match = _ZH_SECTION.fullmatch(candidate) or _EN_SECTION.fullmatch(candidate)
    return match.group(1) if match else None


@dataclass
class _Entry:
    section: str
    number: str
    indent: int
    lines: list[str]
    increment: bool = False  # `#n` of 一 / I rather than `#<numeral>-<k>`


@dataclass
class _Reader:
    """A line-at-a-time reader: which section we are in and which entry is open."""

    path: str
    date: str | None
    section: str | None = None
    increment: int = 0  # the last increment number of 一 / I
    counts: dict[str, int] = field(default_factory=dict)  # other entries, per section numeral
    open: _Entry | None = None
    blank: bool = False  # the previous line was blank
    fence: bool | None = None  # inside fenced code: does it belong to the open entry?
    entries: list[BriefEntry] = field(default_factory=list)

    @property
    def first(self) -> bool:
        return self.section in FIRST_SECTIONS

    def feed(self, line: str, in_code: bool) -> None:
        if not in_code:
            self.fence = None
        if not line.strip():
            self.blank = True
            return
        heading = None if in_code else atx_heading(line)
        numeral = None if in_code else section_heading(line)
        if numeral is not None:
            self._close()
            self.section = numeral
        elif self.section is None:
            pass  # title and header bullets
        elif heading is not None:
            self._close()  # an unnumbered heading ends the entry; `### 3. …` opens an increment
            match = _NUMBERED.fullmatch(heading[1]) if self.first else None
            self.open = self._increment(match, 0) if match else None
        else:
            self._content(line, in_code)
        self.blank = False

    def finish(self) -> list[BriefEntry]:
        self._close()
        return self.entries

    def _content(self, line: str, in_code: bool) -> None:
        if in_code and self.fence is None:  # the opening fence decides for the whole block
            self.fence = self.open is not None and self._continues(line)
        start = None if in_code else self._entry_start(line)
        if start is not None:
            self._close()
            self.open = start
        elif self.open is not None and (self.fence if in_code else self._continues(line)):
            self.open.lines.append(line.strip())
        else:
            self._close()

    def _entry_start(self, line: str) -> _Entry | None:
        """A new entry when the line is a marker at (or outside) the open entry's level."""
        if _RULE.fullmatch(line):
            return None
        numbered = _NUMBERED.fullmatch(line)
        match = numbered or _BULLET.fullmatch(line)
        if match is None:
            return None
        indent = len(match.group(1).expandtabs(4))
        if self.open is not None and indent > self.open.indent:
            return None  # a sub-item of the open entry
        if self.first and numbered is not None:
            return self._increment(numbered, indent)
        if self.first and self.open is not None and self.open.increment:
            return None  # 来源/要点 bullets at the increment's own margin still belong to it
        section = self.section or ""
        self.counts[section] = k = self.counts.get(section, 0) + 1
        text = match.group(3) if numbered is not None else match.group(2)
        return _Entry(section, str(k), indent, [text.strip()])

    def _increment(self, match: re.Match[str], indent: int) -> _Entry:
        """Numbers as printed; a repeated or falling `1.` (lazy Markdown numbering) counts on."""
        printed = int(match.group(2))
        self.increment = printed if printed > self.increment else self.increment + 1
        text = match.group(3).strip()
        return _Entry(self.section or "", str(self.increment), indent, [text], increment=True)

    def _continues(self, line: str) -> bool:
        """Indented under the open entry, a lazy continuation line, or anything in an increment."""
        assert self.open is not None
        expanded = line.expandtabs(4)
        indent = len(expanded) - len(expanded.lstrip())
        return self.open.increment or indent > self.open.indent or not self.blank

    def _close(self) -> None:
        entry, self.open = self.open, None
        if entry is None:
            return
        anchor = entry.number if entry.increment else f"{entry.section}-{entry.number}"
        self.entries.append(
            BriefEntry(
                ref=f"{self.path}#{anchor}",
                brief=self.path,
                date=self.date,
                section=entry.section,
                number=entry.number,
                text="\n".join(entry.lines),
            )
        )
