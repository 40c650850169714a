"""Where a figure sits, and what that says of its measure and setting (docs/claims.md): a list's
line under its lead, a series after a lead (`平均成功率：A 42.7%；B 40.1%`), a Markdown table's
cell (its column, its row, the setup written before the table), and a result whose own sentence
names nothing (the paragraph before it and the text's title)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from ...facts.extract import (
    MEASURES,
    METRIC_NAMES,
    Fact,
    header_unit,
    is_measure,
    metric_before,
    variants,
)
from ...facts.index import unit_of
from .measure import FIGURE, IMPLICIT, TIMES, measures_in, score_like, stands_alone
from .source import ENDS

_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•+]|[0-9]{1,2}[.)、])\s")


_TABLE_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*")


def table_cell(text: str, pos: int) -> tuple[list[str], list[list[str]], int, int, int] | None:
    """The Markdown table holding `pos`, if `pos` is in one of its data rows: its header cells,
    its data rows' cells, the row and column of `pos`, and where the table starts."""
    line = text.rfind("\n", 0, pos) + 1
    if not text.startswith("|", line):
        return None
    start = line
    while start > 0:
        prev = text.rfind("\n", 0, start - 1) + 1
        if not text.startswith("|", prev):
            break
        start = prev
    end = line
    while end < len(text) and text.startswith("|", end):
        nxt = text.find("\n", end)
        end = len(text) if nxt < 0 else nxt + 1
    rows = [r for r in text[start:end].split("\n") if r.startswith("|")]
    if len(rows) < 3 or not _TABLE_RULE.fullmatch(rows[1]):
        return None  # a table has a header and its rule line
    cells = [[c.strip() for c in r.strip().strip("|").split("|")] for r in rows]
    offsets = []
    k = start
    for r in rows:
        offsets.append(k)
        k += len(r) + 1
    row = max(i for i, o in enumerate(offsets) if o <= pos)
    if row < 2:
        return None
    column = text.count("|", offsets[row], pos) - 1
    return cells[0], cells[2:], row - 2, column, start


_SERIES_LEAD = re.compile(r"[：:]")


_SERIES_SEP = re.compile(r"[；;]")


_STOP = re.compile(r"[。！？!?]|\.(?:\s|$)")  # a sentence's end


_MEMBER_OPENS = re.compile(r"[A-Za-z\u0391-\u03c9]")


def series_member(text: str, pos: int) -> tuple[int, int, int] | None:
    """Where the series holding `pos` has its lead (from its line's start to its colon) and
    where the member holding `pos` starts, if `pos` is in one: a line whose lead has no figure,
    then members parted by `；`, two at least, each opening with a name in Latin or Greek letters
    and holding a figure (`平均成功率：SpatialVLA 42.7%；π0 40.1%`); a sentence that goes on after
    a figure (`…：FA4 …，测得 1,390 TFLOPS；博客认为…`) is prose, not a series."""
    line = text.rfind("\n", 0, pos) + 1
    colons = list(_SERIES_LEAD.finditer(text, line, pos))
    if not colons:
        return None
    lead_end = colons[-1].start()
    if FIGURE.search(text, line, lead_end):
        return None  # a lead with figures of its own is a sentence, not a series' heading
    if _STOP.search(text, lead_end, pos):
        return None  # the colon is another sentence's
    end = text.find("\n", pos)
    end = len(text) if end < 0 else end
    stop = _STOP.search(text, pos, end)
    end = stop.start() if stop else end
    members = _SERIES_SEP.split(text[lead_end + 1 : end])
    members = [m.strip() for m in members if m.strip()]
    if len(members) < 2 or not all(FIGURE.search(m) and _MEMBER_OPENS.match(m) for m in members):
        return None  # each member a name and its figure (`GR-1 3.06`), else it is prose
    seps = list(_SERIES_SEP.finditer(text, lead_end, pos))
    return line, lead_end, seps[-1].end() if seps else lead_end + 1


def series(f: Fact, text: str, names: Sequence[Fact]) -> Fact:
    """A figure in a series its line's lead names the measure of, its members parted by `；`
    (`WidowX 四任务平均成功率：SpatialVLA 42.7%；π0（…）40.1%；Octo-Base 16.0%`): a figure no word
    names a measure of takes the lead's, and the lead's names join its setting, as a list's
    lines do (`listed`); each member stays of the name it opens with."""
    if f.kind != "quantity" or is_measure(f.thing):
        return f
    found = series_member(text, f.pos)
    if found is None:
        return f
    line, lead_end, start = found
    member = text[start : f.pos].lstrip().casefold()
    if not any(n.thing and member.startswith(n.thing) for n in names):
        return f  # each member opens with what it is of (`SpatialVLA 42.7%`), else it is prose
    measure = metric_before(text, line, lead_end)
    if not is_measure(measure):
        return f
    # the fact index keeps a name at its first place in the text: the lead is searched for them
    lead = text[line:lead_end].casefold()
    around = {n.thing for n in names if n.thing and in_words(n.thing, lead)}
    around = {y for y in around if not any(variants(x, y) for x in f.setting)}
    setting = tuple(sorted((set(f.setting) | around) - {measure} - MEASURES))
    return dataclasses.replace(f, thing=measure, setting=setting)


def in_words(name: str, low: str) -> bool:
    """Whether `low` (casefolded) writes `name` as a word of its own: no Latin letter or digit
    right before or after it (Chinese may touch it: `在libero上`)."""
    return re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", low) is not None


def tabled(f: Fact, text: str, names: Sequence[Fact]) -> Fact:
    """A figure in a Markdown table's cell (`| 8192 | 702 TFLOPS | 760 TFLOPS |`) is measured in
    what its column's header names (`Triton v3.6.0`) and what the text before the table and its
    title name (the setup: `H100 SXM, FP16 inputs`), but for the other columns' names (a table's
    columns are values of one dimension: `cuBLAS` is not `Triton`)."""
    found = table_cell(text, f.pos)
    if found is None:
        return f
    header, _, _, column, start = found
    if not 0 <= column < len(header):
        return f

    def named(cell: str) -> set[str]:
        low = cell.casefold()
        return {n.thing for n in names if n.thing and in_words(n.thing, low)}

    mine = named(header[column])
    others = set().union(*(named(h) for i, h in enumerate(header) if i != column)) - mine
    lead = text.rfind("\n\n", 0, max(0, start - 1))
    title = text.find("\n")
    title = len(text) if title < 0 else title
    before = {n.thing for n in names if lead <= n.pos < start or n.pos < title}
    setting = (set(f.setting) | mine | before) - others - MEASURES - {f.thing}
    f = dataclasses.replace(f, setting=tuple(sorted(setting)))
    unit = header_unit(header[column]) if unit_of(f.value) == "" else None
    if unit is None:
        return f
    # the column's header gives its cells their unit (`总耗时（s）`, `hot total (s)`) and, if it
    # names one, their measure; a time no word of it names is a duration, as in prose
    measures = measures_in(header[column], 0, len(header[column]))
    thing = next(iter(measures)) if len(measures) == 1 else "duration" if unit in TIMES else f.thing
    return dataclasses.replace(f, thing=thing, value=f"{f.value}{unit}")


# the headers of a column of versions (`| 系统 | 版本 | …`): its cells are no figures
_VERSION_HEADERS = frozenset({"版本", "版本号", "version", "versions", "ver", "release", "tag"})


def version_cell(f: Fact, text: str) -> bool:
    """Whether a figure is a cell of a table's column of versions (`| ClickHouse | 26.10 |`):
    a release, which the version reader reads, not a quantity."""
    found = table_cell(text, f.pos)
    if found is None:
        return False
    header, _, _, column, _ = found
    return 0 <= column < len(header) and header[column].casefold() in _VERSION_HEADERS


def listed(f: Fact, text: str, names: Sequence[Fact]) -> Fact:
    """A figure in a list item (`- SenseVoice-Small：2.96（作者自述）；`) is of what the list's
    lead says (`AISHELL-1：…，test 集 7,176 句。CER（test）：`): a figure no word names a measure
    of takes the one measure the lead names, else the one its text's title names (`LibriSpeech
    与英文 WER` over `- Parakeet-TDT-0.6B-v2：test-clean 1.69、test-other 3.19`); and it is
    measured in the lead's setting: the names of the lead and of the title join its own. A list
    whose lead and title name no measure, or several, leaves its figures as they are. A figure
    in another unit (`- 解码：62 token/s`) keeps its own measure and takes the lead's setting."""
    if f.kind != "quantity":
        return f
    line = text.rfind("\n", 0, f.pos) + 1
    if not _LIST_ITEM.match(text, line):
        return f
    # the lead: the block of text before the list's first item
    k = line
    while k > 0:
        prev = text.rfind("\n", 0, k - 1) + 1
        if not text[prev : k - 1].strip() or _LIST_ITEM.match(text, prev):
            k = prev
            continue
        break
    lead_end = k - 1 if k > 0 else 0
    lead = text.rfind("\n\n", 0, lead_end) + 2 if k > 0 else 0
    lead = max(lead, 0)
    title = text.find("\n")
    title = len(text) if title < 0 else title
    thing = f.thing
    if unit_of(f.value) not in ("", "%"):
        if not thing:
            return f
    elif not is_measure(thing):
        named = measures_in(text, lead, lead_end) or measures_in(text, 0, title)
        if len(named) > 1:
            return f
        # a lead naming no measure (`MMBench-V1.1 en test：`) names the benchmark the list
        # scores: its figures are that benchmark's score (`implicit_score`)
        thing = next(iter(named)) if named else IMPLICIT
        if thing == IMPLICIT and not (score_like(f) and stands_alone(f, text)):
            return f
    around = {n.thing for n in names if lead <= n.pos < lead_end or n.pos < title}
    # the lead's other values of one dimension are the list's other figures' (`test-clean /
    # test-other` over `test-other 3.19`)
    around = {y for y in around if not any(variants(x, y) for x in f.setting)}
    setting = tuple(sorted((set(f.setting) | around) - {thing} - MEASURES))
    return dataclasses.replace(f, thing=thing, setting=setting)


def with_title(f: Fact, text: str, names: Sequence[Fact]) -> tuple[str, ...]:
    """A figure's setting with the names of the text's title (its first line), measures out."""
    title = text.find("\n")
    title = len(text) if title < 0 else title
    if f.pos < title:
        return f.setting
    around = {n.thing for n in names if n.pos < title} - MEASURES - METRIC_NAMES - {f.thing}
    around = {y for y in around if not any(variants(x, y) for x in f.setting)}
    return tuple(sorted(set(f.setting) | around))


def written_before(f: Fact, text: str, names: Sequence[Fact]) -> tuple[str, ...]:
    """The setting of a measured figure (a unit, and a word naming its measure: `facts.md`)
    whose sentence names nothing: the names of its paragraph before that sentence and of the
    text's title (its first line); none when the sentence names something (a part of it that
    names nothing is another figure's neighbour, not a result). A bare number (`batch size 1`)
    is a count or a parameter, and a figure after a word that names no measure (`恶化 33%`) may
    be anything: neither is carried."""
    cut = list(ENDS.finditer(text, max(0, f.pos - 400), f.pos))
    start = cut[-1].end() if cut else 0
    after = ENDS.search(text, f.pos)
    end = after.start() if after else len(text)
    # the first occurrence of each name is all the facts keep: a name in the sentence may be
    # one written earlier too, so the sentence itself is searched for the names
    if any(n.text and n.text in text[start:end] and not is_measure(n.thing) for n in names):
        return ()  # (its own measure, `I get a CER of 3.48%`, `an MFU of 0.41`, names no setting)
    para = text.rfind("\n\n", 0, start) + 1
    title = text.find("\n")
    title = len(text) if title < 0 else title
    return tuple(
        sorted({n.thing for n in names if para <= n.pos < start or n.pos < title} - {f.thing})
    )
