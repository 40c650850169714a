"""Tiers from the fact index (docs/facts.md): `likely`, `update` or `possible`, and each item's
known, new and conflicting facts.

The text score finds candidates; what the two texts *state* decides what a candidate is:

- same subject, nothing new or different → `likely` (a text candidate the score left at
  `possible` is raised, with `facts` in its `why`); the writer's own setup (`单节点 16 GB`) is
  nothing new where the candidate reports no result the item leaves out; so is a repost that
  keeps every proper name of its candidate and adds none (`names_kept`), and one paper (an id
  the subject of both) that differs in nothing;
- same subject with facts that differ (another version of the same project, another figure for
  the same metric in the same setting), or with a release the knowledge base has not seen, or
  each with its own figures and none in common (`other_figures`) → `update`: not a duplicate,
  the new facts are the increment;
- an item stating no figure that keeps none of a candidate's figures and brings names of its own
  (`own_story`) tells another story: a text-only `likely` is held at `possible`;
- otherwise the text tier stands.

A source citation (an earlier brief saying it was written from this very item) is never
overruled: the knowledge base says so itself. An id shared only as *cited* on either side (a
baseline, a "see also") is no identity evidence: the pair stays only if its text says so.

Facts are extracted only for the texts that take part — the batch's items, the living document's
sections, and the records that are some item's candidates — so the cost follows the batch, not
the size of the archive.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..claims.numbers import disagrees as number_disagrees
from ..facts.extract import (
    MEASURED_UNITS,
    SCORE_UNITS,
    Fact,
    appended_at,
    extract,
    is_measure,
    name_key,
    unit_is_currency,
    unit_of_value,
)
from ..facts.index import (
    Facts,
    clashes,
    common,
    contained,
    relation,
    stated,
    subject_release,
    subject_shared,
    unit_of,
    value_key,
)
from ..facts.lookup import Lookup
from ..facts.numerals import numeric, span
from ..model.values import Item, Section
from .answer import FactRows

LIKELY, POSSIBLE, UPDATE = 0, 1, 2
FACTS_BIT = 1 << 3  # `why` bit of `facts` (answer.WHY_ORDER)
IDENTITY_BIT = 1 << 1
SOURCE_BIT = 1
TEXT_BIT = 1 << 2
SOURCE_SCORE = 100.0  # a candidate the knowledge base itself names (pipeline.SOURCE_SCORE)
RAISE_FLOOR = 30.0  # a possible text candidate the facts may raise to likely scores at least this
MAX_FACTS = 12  # facts of each list shown per item
ADDED_SHARED = 2  # facts a candidate the text did not list shares with the item, to be likely
MAX_ROW = 10  # candidates per item (pipeline.MAX_DUPLICATES)
OTHER_NAMES = 2  # names two texts share, each with its own figures, to be one subject's results
MIN_HEAD = 3  # characters of the item's first name, to look for it beyond the best results
DATED_WITHIN = 60  # characters after a version where a date of its project dates it
KEPT_NAMES = 4  # proper names a repost keeps of its candidate, adding none, to be likely

Row = list[tuple[int, float, int, int]]  # (record, score, why bits, tier)


_HEAD_SPLIT = re.compile(r"[、,，/&:：()（）]|\s+(?:与|和|and|&|vs\.?)\s+|与|和")
_CODE = re.compile(r"`([^`\n]{2,40})`")


def heading_names(section: Section) -> set[str]:
    """The names a section's heading gives (`Dynamo、ModelSphere 与 ModelExpress`: three),
    casefolded."""
    out = set()
    for part in _HEAD_SPLIT.split(section.title):
        key = name_key(part)
        if 2 <= len(key) <= 40 and not key.isdigit():
            out.add(key)
    return out


def vocabulary(sections: Sequence[Section]) -> frozenset[str]:
    """The living document's own names, as a reader would search them: every heading's title
    and the parts of it between separators, and every `code` span of its text, casefolded
    (`pgvector`, `late chunking`)."""
    out: set[str] = set()
    for s in sections:
        out |= heading_names(s)
        out.update(name_key(c) for c in _CODE.findall(s.text) if not c.startswith("-"))
    return frozenset(out)


@dataclass
class FactBook:
    """Facts of the records that take part, extracted once each."""

    texts: Sequence[str]
    vocab: frozenset[str]
    subject_ids: Callable[[int], Sequence[str]]

    def __post_init__(self) -> None:
        self._facts: dict[int, Facts] = {}

    def __getitem__(self, r: int) -> Facts:
        got = self._facts.get(r)
        if got is None:
            got = self._facts[r] = Facts.of(extract(self.texts[r], self.vocab, self.subject_ids(r)))
        return got


def subject_pair(book: FactBook, i: int, r: int) -> bool:
    """Whether an id item `i` and record `r` share is the subject of both (not merely cited)."""
    a, b = book[i], book[r]
    return subject_shared(a, b, False)


def _show(f: Fact) -> str:
    if f.kind == "quantity" and f.thing:
        return f"{f.thing} {f.text}"
    if f.kind == "date" and f.thing and not f.thing[0].isdigit():
        return f"{f.thing.split(' ')[0]} {f.text}" if " " not in f.text else f.text
    return f.text


def retier(
    items: Sequence[Item],
    book: FactBook,
    found: list[Row],
    sections: Sequence[tuple[str, Facts]],
    searched: list[list[tuple[int, float]]],
    refs: Sequence[str],
    kinds: Sequence[str],
    threshold: float,
    further: Sequence[Sequence[tuple[int, float]]] = (),
    holds: Mapping[str, Sequence[int]] | None = None,
    section_of: Mapping[str, Section] | None = None,
) -> tuple[list[Row], FactRows]:
    """The candidates with tiers from the facts (records the search found whose facts make them
    a candidate are added), and per item (known, new, conflicting) as (text, refs), for
    `ItemMatches.facts`. `further`: per item, the search's results after `searched`, read only
    where they name the item's subject (`_one_subject`). `holds`: a living-document section's
    ref -> the earlier-brief entries (records) its paragraphs say they took in
    (`citations.absorbed_entries`): a `likely` section makes them candidates. `section_of`: a
    living-document ref -> its section, for the number reader (`disagrees`)."""
    holds = holds or {}
    section_of = section_of or {}

    def disagrees(i: int, r: int) -> bool:
        """Whether item `i` states a figure of living-document candidate `r`'s section
        otherwise in the same setting, as the claims' number reader decides (docs/claims.md):
        another figure for the same metric in the same setting is an update, never a
        duplicate, though the fact index's cheaper figure clash did not see it (a table's
        cell, a score under a list's lead)."""
        section = section_of.get(refs[r])
        return (
            kinds[r] == "living-doc"
            and section is not None
            and number_disagrees(book.texts[i], section.title, section.text)
        )

    out_rows: list[Row] = []
    out_facts: FactRows = []
    order = {LIKELY: 0, UPDATE: 1, POSSIBLE: 2}
    lookup = Lookup(sections)
    section_names = {ref: facts.names for ref, facts in sections}

    def names_of(r: int) -> frozenset[str]:
        """A record's names; a living-document paragraph's are its whole section's."""
        if kinds[r] == "living-doc":
            return section_names.get(refs[r], book[r].names)
        return book[r].names

    paragraphs_of: dict[str, list[int]] = {}
    for r, kind in enumerate(kinds):
        if kind == "living-doc":
            paragraphs_of.setdefault(refs[r], []).append(r)

    low: dict[int, str] = {}

    def lowered(r: int) -> str:
        """A record's text casefolded, once: where a name is looked for before its facts are
        read (a name of a text is in its casefolded text)."""
        got = low.get(r)
        if got is None:
            got = low[r] = book.texts[r].casefold()
        return got

    def judge(
        mine: Facts,
        r: int,
        unknown: set[tuple[str, str, str]],
        heading_end: int = -1,
        appended: int = -1,
    ) -> int | None:
        """`_judge` of a candidate; a living-document section's by each of its paragraphs,
        the one the text found best first (`heading_end`, `appended`: as `_judge`'s, for a
        candidate the text listed): the section is the candidate (listed once, with
        that paragraph), and a summary of it may repeat another of its paragraphs. A paragraph
        the item updates makes the section an update; else one holding all it states, likely.
        Each paragraph alone, not the section's facts together: a figure in one paragraph and a
        name in another are no statement of the section's. What the item adds to another
        paragraph but the found one states (a table of the figures the section gives after its
        release line) is no update (`_told_beside`)."""
        got = _judge(mine, book[r], unknown, kinds[r] == "batch", heading_end, appended)
        if kinds[r] != "living-doc" or got == UPDATE:
            return got
        for p in paragraphs_of.get(refs[r], ()):
            if p != r and any(n in lowered(p) for n in mine.names) and _may_relate(mine, book[p]):
                other = _judge(mine, book[p], unknown, False, heading_end, appended)
                if other == UPDATE and not _told_beside(mine, book[p], book[r]):
                    return UPDATE
                got = got if got is not None else other
        return got

    for i, row in enumerate(found):
        mine = book[i]
        if not mine.values:
            # an item stating no version, figure, date or id: only its names can decide, for a
            # candidate its text found possible; the others' facts are not read (most of the
            # cost on a large batch)
            out_rows.append(
                [
                    (r, min(score, threshold - 0.1), why, POSSIBLE)
                    if tier == LIKELY and why == TEXT_BIT and own_story(mine, book[r], names_of(r))
                    else (r, float(threshold), why | FACTS_BIT, LIKELY)
                    if tier == POSSIBLE
                    and score >= RAISE_FLOOR
                    and not why & SOURCE_BIT
                    and len(latin_names(mine)) >= KEPT_NAMES  # before reading the candidate
                    and names_kept(mine, book[r], names_of(r))
                    else (r, score, why, tier)
                    for r, score, why, tier in row
                ]
            )
            out_facts.append(([], [], []))
            continue
        brief_sources = [
            (refs[r], book[r])
            for r in sorted(
                {*(r for r, _ in searched[i]), *(x[0] for x in row)},
                key=lambda r: (refs[r], kinds[r]),
            )
            if kinds[r] == "brief"
        ]
        known, fresh, conflicting = lookup.locate(mine, brief_sources)
        unknown = _new_releases(mine, fresh)
        new_row: Row = []
        present = {(kinds[r], refs[r]) for r, *_ in row}
        heading_end = book.texts[i].find("\n")  # a one-line text has no heading of its own
        appended = appended_at(book.texts[i])
        for r, score, why, tier in row:
            if why & SOURCE_BIT:
                new_row.append((r, score, why, tier))
                continue
            judged = judge(mine, r, unknown, heading_end, appended)
            if judged is None and (
                other_figures(mine, book[r])
                or other_values(mine, book[r])
                or each_adds(mine, book[r])
                or successor_named(mine, book[r], heading_end)
            ):
                judged = UPDATE
            if judged is None and names_kept(mine, book[r], names_of(r)):
                judged = LIKELY
            if (judged == LIKELY or (judged is None and tier == LIKELY)) and disagrees(i, r):
                judged = UPDATE
            if judged == UPDATE:
                new_row.append((r, score, why | FACTS_BIT, UPDATE))
            elif judged == LIKELY and tier == POSSIBLE and score >= RAISE_FLOOR:
                new_row.append((r, max(score, float(threshold)), why | FACTS_BIT, LIKELY))
            else:
                new_row.append((r, score, why, tier))
        head = mine.head if len(mine.head) >= MIN_HEAD else ""
        if not any(k[0] in ("quantity", "id") for k in mine.values):
            head = ""  # no figure or id to state alike (`_one_subject`)
        later = [
            (r, meaning)
            for r, meaning in (further[i] if head and i < len(further) else ())
            if head in lowered(r)  # before reading its facts
        ]
        best = len(searched[i])
        for k, (r, meaning) in enumerate([*searched[i], *later]):
            if r == i or (kinds[r], refs[r]) in present:
                continue
            if k >= best and not _one_subject(mine, book[r]):
                continue  # beyond the best results, only a repeat of the item's named subject
            judged = judge(mine, r, unknown)
            if judged == LIKELY and disagrees(i, r):
                judged = UPDATE
            if k >= best:
                if judged != LIKELY:
                    continue
            elif (
                judged == LIKELY
                and len(_shared_values(mine, book[r])) < ADDED_SHARED
                and not subject_release(mine, book[r])
            ):
                continue  # the text did not list it: the facts must say more than one thing
            if judged == UPDATE:
                new_row.append((r, round(meaning, 1), FACTS_BIT, UPDATE))
            elif judged == LIKELY:
                new_row.append((r, float(threshold), FACTS_BIT, LIKELY))
            else:
                continue
            present.add((kinds[r], refs[r]))
        for r, _, _, tier in list(new_row):
            if tier != LIKELY or kinds[r] != "living-doc":
                continue
            for e in holds.get(refs[r], ()):
                # the living document says the section took this entry in: an item repeating
                # the section repeats the entry, where its facts say so too
                if (kinds[e], refs[e]) in present or not _shared_values(mine, book[e]):
                    continue
                if judge(mine, e, unknown) == LIKELY:
                    new_row.append((e, float(threshold), FACTS_BIT, LIKELY))
                    present.add((kinds[e], refs[e]))
        new_row.sort(key=lambda x: (order[x[3]], -round(x[1], 1), refs[x[0]], kinds[x[0]]))
        out_rows.append(new_row[:MAX_ROW])
        out_facts.append(
            (
                [(_show(f), w) for f, w in known][:MAX_FACTS],
                [(_show(f), list[str]()) for f in fresh][:MAX_FACTS],
                [(_show(f), w) for f, w in conflicting][:MAX_FACTS],
            )
        )
    return out_rows, out_facts


def absorbed(
    rows: list[Row], held: dict[int, list[int]], kinds: Sequence[str], refs: Sequence[str]
) -> list[Row]:
    """The rows with the living-document sections that say they hold an entry the item is the
    source of (`held`: entry record -> paragraph records, `citations.absorbed_entries`): the
    brief says it was written from the item, the living document says it took that entry in
    (`（11-10 简报第 2 条）`), so the section repeats the item whatever its words: `likely`,
    `source`, however little text the two share."""
    out: list[Row] = []
    for row in rows:
        extra: dict[str, int] = {}
        for r, _, why, _ in row:
            if why & SOURCE_BIT and kinds[r] == "brief":
                for p in held.get(r, ()):
                    extra.setdefault(refs[p], p)
        if not extra:
            out.append(row)
            continue
        new_row: Row = []
        for r, score, why, tier in row:
            if kinds[r] == "living-doc" and refs[r] in extra:
                extra.pop(refs[r])
                new_row.append((r, max(score, SOURCE_SCORE), why | SOURCE_BIT, LIKELY))
            else:
                new_row.append((r, score, why, tier))
        new_row += [(p, SOURCE_SCORE, SOURCE_BIT, LIKELY) for p in extra.values()]
        order = {LIKELY: 0, UPDATE: 1, POSSIBLE: 2}
        new_row.sort(key=lambda x: (order[x[3]], -round(x[1], 1), refs[x[0]], kinds[x[0]]))
        out.append(new_row[:MAX_ROW])
    return out


def latin_names(facts: Facts) -> frozenset[str]:
    """The names a text writes in Latin script: what a text in the other language keeps."""
    return frozenset(n for n in facts.names if n.isascii())


def names_kept(mine: Facts, theirs: Facts, their_names: frozenset[str]) -> bool:
    """Whether the item is a repost or summary of the candidate that keeps its proper names and
    adds none: every name it writes in Latin script (KEPT_NAMES or more; a name in Chinese is
    the living document's word, which a text in the other language does not use) is the
    candidate's too (`their_names`: a section's, for a living-document paragraph), it states no
    version, figure, date or id the candidate does not, and nothing the two state differs."""
    own = latin_names(mine)
    return (
        len(own) >= KEPT_NAMES
        and own <= their_names
        and len(common(mine, theirs)) == len(mine.values)
        and not clashes(mine, theirs)
    )


def own_story(mine: Facts, theirs: Facts, their_names: frozenset[str]) -> bool:
    """Whether an item stating no figure tells another story than a candidate its text found
    close that states OTHER_NAMES figures or more: the item names OTHER_NAMES names or more in
    Latin script the candidate does not (`their_names`: a section's, for a living-document
    paragraph). A repost or a summary may drop its material's figures, but keeps its names and
    adds none; a text that keeps none of the figures and brings names of its own (a ranking of
    the datasets a paragraph measures, with a source and a dataset it leaves out) is another
    text on the same subject."""
    return (
        not mine.figures
        and len(theirs.figures) >= OTHER_NAMES
        and len(latin_names(mine) - their_names) >= OTHER_NAMES
    )


def other_figures(mine: Facts, theirs: Facts) -> bool:
    """Whether a candidate the text found close is another result on one subject: the two
    share OTHER_NAMES names or more and both state figures, but no figure, version, date or id
    in common (a summary keeps some of its material's figures; a new measurement states its own
    where the candidate states the old one)."""
    return (
        bool(mine.figures)
        and bool(theirs.figures)
        and len(mine.names & theirs.names) >= OTHER_NAMES
        and not common(mine, theirs)
        and relation(mine, theirs)[0] == "unrelated"
    )


def _scores(facts: Facts, other: Facts) -> list[tuple[Fact, str, str]]:
    """`facts`' scores that `other` does not state: (figure, unit, measure named or "")."""
    out = []
    for f in facts.all:
        if f.kind != "quantity":
            continue
        unit = unit_of(f.value)
        if unit in SCORE_UNITS and f.setting and not stated(f, other):
            out.append((f, unit, f.thing if is_measure(f.thing) else ""))
    return out


def each_adds(mine: Facts, theirs: Facts) -> bool:
    """Whether each text states a score the other lacks on one subject: two editions of one
    table (a leaderboard's, a benchmark's), not a summary of the other, which keeps some of its
    material's figures and adds none. The two share OTHER_NAMES names or more; a score of each,
    in one unit, stated by neither other text, whose settings share a name (the benchmark) and
    whose measures are one or unwritten on one side."""
    if not (mine.figures and theirs.figures) or len(mine.names & theirs.names) < OTHER_NAMES:
        return False
    ours = _scores(mine, theirs)
    if not ours:
        return False
    for g, ug, mg in _scores(theirs, mine):
        for f, u, m in ours:
            if u == ug and set(f.setting) & set(g.setting) and (not m or not mg or m == mg):
                return True
    return False


# what a successor's name adds to its predecessor's: a version (`-2` + `.5`, `Qwen3` + `.5`)
_SUCCESSOR_TAIL = re.compile(r"(?:[.\-_]?[0-9]+)+")


def successor_named(mine: Facts, theirs: Facts, heading_end: int) -> bool:
    """Whether the item's heading names a successor of a project the candidate names, and the
    candidate never names it (`UI-TARS-2.5` over a text on `UI-TARS-2`; a name of the candidate's
    with a version added), and the item states a figure the candidate does not: a newer model's
    results beside the old ones it compares with, not a summary of the candidate."""
    if heading_end <= 0:
        return False
    titled = {f.thing for f in mine.all if f.kind == "name" and f.pos < heading_end}
    successors = [
        n
        for n in titled - theirs.names
        for m in theirs.names
        if len(m) >= 3 and n.startswith(m) and _SUCCESSOR_TAIL.fullmatch(n[len(m) :])
    ]
    return bool(successors) and any(
        f.kind == "quantity" and not stated(f, theirs) for f in mine.all
    )


def headline_new(mine: Facts, theirs: Facts, heading_end: int) -> bool:
    """Whether the item's heading (its first `heading_end` characters) states a score the
    candidate does not, where the candidate states a score in the same unit on a subject they
    share (a name of both settings): the heading says what a text reports, so a summary of it
    keeps that figure; one that states another score there reports another result (`为什么我只
    有 49.6` where the candidate has the official `55.5`). The two share OTHER_NAMES names."""
    if heading_end <= 0 or len(mine.names & theirs.names) < OTHER_NAMES:
        return False
    theirs_scores = [
        (unit_of(g.value), set(g.setting), g.thing if is_measure(g.thing) else "")
        for g in theirs.all
        if g.kind == "quantity" and unit_of(g.value) in SCORE_UNITS and g.setting
    ]
    return any(
        u == unit and set(f.setting) & sg and (not m or not mg or m == mg)
        for f, unit, m in _scores(mine, theirs)
        if f.pos < heading_end
        for u, sg, mg in theirs_scores
    )


_RATIO_UNITS = frozenset({"", "%", "pp", "×"})  # units of many measures: grouped by the measure


def _measure_groups(facts: Facts) -> dict[tuple[str, ...], list[Fact]]:
    """A text's figures by what they measure: a unit of one dimension (`min`, `ms`, `GB`, `USD`)
    is its own group; a score, a share or a ratio is grouped by the measure named before it
    (`qps`, `recall@10`, `延迟`), and is in no group when none is named."""
    out: dict[tuple[str, ...], list[Fact]] = {}
    for f in facts.all:
        if f.kind != "quantity":
            continue
        n = numeric(f.value)
        if n is None:
            continue
        if n[1] not in _RATIO_UNITS:
            out.setdefault(("unit", n[1]), []).append(f)
        elif is_measure(f.thing):
            out.setdefault(("measure", f.thing, n[1]), []).append(f)
    return out


def other_values(mine: Facts, theirs: Facts) -> bool:
    """Whether a candidate the text found close states another value for something the item
    measures: they share OTHER_NAMES names or more, and for one measure (a unit of one
    dimension, or a measure's name) each states figures, a measure's word names one of them, and
    neither states any of the other's (`stated`: written another way or rounded is the same
    figure). A summary keeps some of its material's figures of each measure; a new run states
    its own (`about 5,300 QPS` where the candidate has `4,600 QPS`; `总耗时 25 分钟` where it
    has `建索引 11 分钟`)."""
    if not (mine.figures and theirs.figures) or len(mine.names & theirs.names) < OTHER_NAMES:
        return False
    ours, other = _measure_groups(mine), _measure_groups(theirs)
    for key in ours.keys() & other.keys():
        a, b = ours[key], other[key]
        if not any(is_measure(f.thing) for f in (*a, *b)):
            continue  # `单节点 16 GB` against `32 GB`: a setting each, no measured result
        if not any(stated(f, theirs) for f in a) and not any(stated(g, mine) for g in b):
            return True
    return False


def _new_releases(mine: Facts, fresh: Sequence[Fact]) -> set[tuple[str, str, str]]:
    """The item's dated releases (`SGLang v0.5.21（10/2）`) that the knowledge base states
    nowhere: a new result, whatever else the item repeats. An undated version is often only
    context (`up from 55% on v0.28`), and a new figure alone is what a summary leaves out."""
    dates = [g for g in mine.all if g.kind == "date"]
    dated = {g.thing for g in dates}
    versions = [v for v in mine.all if v.kind == "version"]
    # a date bound to the project alone, written just after one of its versions (`tagged v0.5.0
    # of lm-evaluation-harness on 2026-11-27`), dates that version (the text's dates and
    # versions are picked out once: every pair of its facts was read per fresh version)
    return {
        value_key(f)
        for f in fresh
        if f.kind == "version"
        and (
            f"{f.thing} {f.value}" in dated
            or any(
                g.thing == f.thing
                and value_key(v) == value_key(f)
                and 0 < g.pos - v.pos <= DATED_WITHIN
                for g in dates
                for v in versions
            )
        )
    }


MEASURED_RESULT_UNITS = MEASURED_UNITS | {"%"}


def _measured(f: Fact) -> bool:
    """A figure with its measure and a setting of two names or more (`recall@10 0.95` on
    `glove-100` with `pgvector`), or a price (`0.02 美元`): a result, which a summary of it
    keeps."""
    if f.kind != "quantity":
        return False
    if not f.thing:
        # no word names its measure, but its unit does (`takes 410 ms`, `runs at 1,450 tok/s`,
        # `two attempts each: 41.3% passed`): a time, a rate or a share is what a run measured,
        # wherever its setting is written (a word before it that names no measure places it)
        return unit_of_value(f.value) in MEASURED_RESULT_UNITS
    if unit_is_currency(f.value):
        return True
    # a word before it that names no measure (`单节点 16 GB`, `默认两万`) places a figure: a
    # setting or a count, not a result
    return len(f.setting) >= 2 and (is_measure(f.thing) or f.thing in f.setting)


def _placing(f: Fact) -> bool:
    """A figure after a word that names no measure (`单节点 16 GB`, `楼主：三百万条`, `默认两万`):
    it places the text — the writer's machine, the size of their data, a default — and states no
    result (`_measured`), so it is nothing new a reader would look for in the candidate."""
    return (
        f.kind == "quantity"
        and bool(f.thing)
        and not is_measure(f.thing)
        and not unit_is_currency(f.value)
    )


def _may_relate(a: Facts, b: Facts) -> bool:
    """Whether two texts' facts can relate at all (`relation` other than `unrelated`): a stated
    value, a unit or a versioned project in common, or a subject id. A cheap test of the
    groupings made once per record, before the comparison."""
    return (
        not a.values.keys().isdisjoint(b.values)
        or not a.by_unit.keys().isdisjoint(b.by_unit)
        or not a.versions.keys().isdisjoint(b.versions)
        or not a.subjects.isdisjoint(b.subjects)
        or not a.release_dates.keys().isdisjoint(b.release_dates)
    )


def _one_subject(mine: Facts, theirs: Facts) -> bool:
    """Whether two texts are about one named thing and state a figure of it alike: the name each
    gives first (its heading's: a paper's, a tool's) is one, and they share an id or a figure
    with a unit or a measure in both (`_telling`): `FlashSieve … reranking cost falls to 18%`
    and `FlashSieve … 重排开销降到 18%`. A summary in the other language keeps the name and the
    figures, and little else the text score sees. A version of that name is what the texts are
    about, no statement of it: two posts on one release say different things as often as one
    (`subject_release` asks the same version)."""
    return (
        bool(mine.head)
        and mine.head == theirs.head
        and any(
            k[0] == "id"
            or (
                k[0] == "quantity"
                and _telling(mine.values[k])
                and _telling(theirs.values.get(k, mine.values[k]))
            )
            for k in common(mine, theirs)
        )
    )


def _telling(f: Fact) -> bool:
    """Whether a figure two texts share tells their story apart from others on the subject: it
    has a unit (`18%`, `4.70×`, `80GB`) or a measure's word before it (`recall@10 0.95`), in
    each text. A bare number after no measure (`一般取 0.1`) is a setting most texts on the
    subject write alike (a default): a repro and an explainer of one method share it and tell
    different stories."""
    return bool(unit_of(f.value)) or is_measure(f.thing)


def _shared_values(a: Facts, b: Facts) -> set[tuple[str, str, str]]:
    return {k for k in common(a, b) if k[0] != "date"}


def _revised(mine: Facts, theirs: Facts) -> bool:
    """Whether the item names a later version (`2611.09458v2`, v2 or after) of a paper that is
    its subject, which the candidate does not: the candidate may be of the first version, so a
    figure it lacks is the revision's, not one a summary left out (docs/facts.md)."""
    return any(
        f.kind == "version"
        and f.thing in mine.subjects
        and f.value.isdigit()
        and int(f.value) >= 2
        and not stated(f, theirs)
        for f in mine.all
    )


_SHARE_UNITS = frozenset({"%", "pp", "×"})  # a share, a score's difference, a speed-up: results


def _paper_unnamed(mine: Facts, theirs: Facts) -> bool:
    """Whether the item is a paper (an id its subject) that the candidate names neither by its
    id nor by the name the item gives first, and shares no result of (a figure after a
    measure's word, or a share or ratio: `cost 46%`, `2.3×`): a summary of a repost may drop the
    paper's name and id but keeps its result, so a candidate sharing only a setting with it
    (`32K` context) is a text on its topic, not a summary of it."""
    if not mine.subjects or len(mine.head) < MIN_HEAD or mine.head in theirs.names:
        return False
    for k in common(mine, theirs):
        if k[0] == "id":
            return False
        f = mine.values[k]
        if k[0] == "quantity" and (is_measure(f.thing) or unit_of(f.value) in _SHARE_UNITS):
            return False
    return True


def _loose(f: Fact, theirs: Facts) -> bool:
    """Whether the item's figure `f` is a range the candidate states only by another range
    that overlaps or holds it (`5–10 s` against `4–10 秒`): the span of a setting (prompt
    lengths, a window) that two texts on one topic write alike, no statement both make."""
    return (
        f.kind == "quantity"
        and numeric(f.value) is None
        and span(f.value) is not None
        and value_key(f) not in theirs.values
    )


def _one_cited(mine: Facts, theirs: Facts) -> bool:
    """Whether a candidate whose facts are all the item's, while the item states more, is a
    text citing one of the item's facts rather than a summary of it: the two share only ranges
    written otherwise (`_loose`), or fewer than ADDED_SHARED facts that are no mere date and
    the item states a figure with a unit or a measure's word the candidate lacks (not only
    its own id or a bare number, which a summary drops). One figure in common is what a caveat,
    a comparison or an older record of the baseline writes (`HopScale 的 1,310 TFLOPS 与 cuBLAS
    … 不能直接当免费` beside a card with its tiles, blocks and K-step; `3.1 的 pipeline … DER
    18.8%` beside a new pipeline's 17.0%). A release both are about (`subject_release`) is
    enough: `Milvus 2.5 加入全文检索` and a post on it with a speed-up of its own."""
    if len(common(mine, theirs)) == len(mine.values) or subject_release(mine, theirs):
        return False  # the item is the summary, or both are about one release
    shared = [k for k in _shared_values(mine, theirs) if not _loose(mine.values[k], theirs)]
    if not shared:
        return True
    return len(shared) < ADDED_SHARED and any(
        f.kind == "quantity" and _telling(f) and not stated(f, theirs) for f in mine.values.values()
    )


def _told_beside(mine: Facts, paragraph: Facts, found: Facts) -> bool:
    """Whether all the item adds to a section's `paragraph` is stated by the section's `found`
    paragraph, with no fact stated otherwise: the section states it, the item adds nothing."""
    rel, new = relation(mine, paragraph)
    return rel != "differs" and bool(new) and all(stated(f, found) for f in new)


def _judge(
    mine: Facts,
    theirs: Facts,
    unknown: set[tuple[str, str, str]],
    peer: bool = False,
    heading_end: int = -1,
    appended: int = -1,
) -> int | None:
    """UPDATE, LIKELY or None (the facts say nothing) for one candidate (module doc); `peer`:
    the candidate is another item of the batch; `heading_end`: where the item's heading ends,
    for a candidate the text listed (-1: its heading is not read); `appended`: where a post
    appended to the item starts (`Update (11-28):`, `core.facts.extract.appended_at`; -1: none
    or not read)."""
    rel, new = relation(mine, theirs)
    if rel == "differs":
        return UPDATE
    if rel != "same":
        return None
    if appended >= 0 and any(f.kind in ("quantity", "version") and f.pos >= appended for f in new):
        # the text repeats the candidate and a later post adds a figure or a release to it: a
        # re-collected material whose increment is what was appended
        return UPDATE
    if _revised(theirs, mine) and any(
        f.kind == "quantity" and not stated(f, mine) for f in theirs.all
    ):
        # the candidate is the later version: its figures are the revision's, whether or not
        # the item names the paper (a repost of v1 that drops its id keeps v1's figures)
        return UPDATE
    if subject_shared(mine, theirs, False):
        if _revised(mine, theirs) and any(f.kind == "quantity" for f in new):
            return UPDATE  # a later version of the paper, with figures the candidate lacks
        # one paper or page, the subject of both: a figure one states and the other does not is
        # that paper's, kept by one summary and left out by the other, not a new result
        return LIKELY
    if any(value_key(f) in unknown for f in new):
        return UPDATE  # a release the knowledge base has nowhere
    if peer and len(common(theirs, mine)) == len(theirs.values) and contained(mine, theirs):
        # another item of the batch that repeats part of this one (a newsletter keeping one of
        # a report's two scores): what it leaves out is no result over it, both are new (a
        # release the knowledge base has nowhere is still an update, above)
        return LIKELY
    if any(_measured(f) for f in mine.all if value_key(f) in {value_key(g) for g in new}):
        # a measured result the candidate does not state: any statement of the figure counts
        # (a heading's bare `362 GB/s` is the body's `bus bandwidth of 362 GB/s`)
        return UPDATE
    if headline_new(mine, theirs, heading_end):
        return UPDATE  # the heading's result is not the candidate's, whatever the body repeats
    if (
        contained(mine, theirs)
        and not _paper_unnamed(mine, theirs)
        and not _one_cited(mine, theirs)
    ):
        return LIKELY
    if (
        new
        and all(_placing(f) for f in new)
        and _shared_values(mine, theirs)
        and not any(
            g.kind == "quantity" and not _placing(g)
            for g in theirs.values.values()
            if not stated(g, mine)
        )
    ):
        # the item's own setup (`楼主：三百万条向量，单节点 16 GB`, `默认两万`) around what the
        # candidate states: a question or a repost about it, no result of its own. A candidate
        # stating figures the item does not repeat is another story on the same subject
        return LIKELY
    return None
