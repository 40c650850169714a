"""The three conflicts between claims (PRODUCT §7, §11 `claims`), and what is never one.

- **version-line**: one project, two version lines each called current (`v1.2.1` stable in the
  living document, `v0.5.21` latest in a material). Two versions of one line (`v0.5.20`,
  `v0.5.22.dev`), or a version and its patch release (`v1.2`, `v1.2.1`), are one line. Only the
  batch's items and the living document are compared: they speak for today, while an earlier
  brief's "latest" was true on its own day.
- **date**: one version (or one project's archiving) with two dates that cannot be the same day
  (`9/22` and `9/23`; `2026-03` and `2026-03-21` agree).
- **single-source**: one fact stated in several files (materials, the living document, earlier
  briefs) that all cite one and the same original and nothing else: a repetition, not
  corroboration. Facts sharing that original are reported together, as the seed's section 二 does.

Every conflict involves at least one item of the batch: a disagreement among earlier briefs and
the living document alone is not this batch's to report. The same fact repeated with the same
facts and no shared source is no conflict.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence

from . import wording
from .dates import parse_date
from .types import Claim, Conflict
from .versions import parse_version

Rank = Callable[[str], tuple[int, int]]  # a ref's place: items, then sections, then entries


def find_conflicts(claims: Iterable[Claim], rank: Rank, language: str = "zh") -> list[Conflict]:
    """Every conflict, version-line first, then date, then single-source, each in ref order."""
    claims = list(claims)
    return [
        *version_lines(claims, rank, language),
        *date_conflicts(claims, rank, language),
        *single_sources(claims, rank, language),
    ]


def _refs(claims: Sequence[Claim], rank: Rank) -> tuple[tuple[str, ...], tuple[Claim, ...]]:
    ordered = sorted(claims, key=lambda c: rank(c.ref))
    return tuple(dict.fromkeys(c.ref for c in ordered)), tuple(ordered)


def _spelling(claims: Iterable[Claim]) -> str:
    """The most used spelling of the entity (first seen on a tie)."""
    return Counter(c.entity for c in claims).most_common(1)[0][0]


def _involves_item(claims: Iterable[Claim]) -> bool:
    return any(c.origin == "item" for c in claims)


def version_lines(claims: Sequence[Claim], rank: Rank, language: str) -> list[Conflict]:
    by_entity: dict[str, list[Claim]] = defaultdict(list)
    for c in claims:
        if c.current and c.version and c.origin != "brief":
            by_entity[c.key].append(c)
    out: list[Conflict] = []
    for group in by_entity.values():
        lines: dict[str, list[Claim]] = {}
        for c in group:
            v = parse_version(c.version or "")
            if v is not None:
                lines.setdefault(v.line, []).append(c)
        if len(lines) < 2 or not _involves_item(group):
            continue
        refs, ordered = _refs(group, rank)
        entity = _spelling(ordered)
        line_order = sorted(lines, key=lambda line: min(rank(c.ref) for c in lines[line]))
        out.append(
            Conflict(
                kind="version-line",
                entity=entity,
                text=wording.version_line(entity, ordered, line_order, language),
                refs=refs,
                claims=ordered,
            )
        )
    return sorted(out, key=lambda c: rank(c.refs[0]))


def _fact_key(c: Claim) -> tuple[str, str, str]:
    v = parse_version(c.version) if c.version else None
    return (c.key, c.event, v.key if v else (c.version or ""))


def date_conflicts(claims: Sequence[Claim], rank: Rank, language: str) -> list[Conflict]:
    groups: dict[tuple[str, str, str], list[Claim]] = defaultdict(list)
    for c in claims:
        if c.date and parse_date(c.date) is not None:
            groups[_fact_key(c)].append(c)
    out: list[Conflict] = []
    for group in groups.values():
        parsed = [(c, parse_date(c.date or "")) for c in group]
        involved: set[int] = set()
        for i, (_, a) in enumerate(parsed):
            for j in range(i + 1, len(parsed)):
                b = parsed[j][1]
                if a is not None and b is not None and not a.agrees(b):
                    involved.update((i, j))
        if not involved or not _involves_item(group[k] for k in involved):
            continue
        refs, ordered = _refs(group, rank)
        entity = _spelling(ordered)
        version = ordered[0].version if ordered[0].event == "release" else None
        out.append(
            Conflict(
                kind="date",
                entity=entity,
                text=wording.dates(entity, version, ordered, language),
                refs=refs,
                claims=ordered,
            )
        )
    return sorted(out, key=lambda c: rank(c.refs[0]))


def single_sources(claims: Sequence[Claim], rank: Rank, language: str) -> list[Conflict]:
    facts: dict[tuple[str, str, str], list[Claim]] = defaultdict(list)
    for c in claims:
        if c.current or c.date:
            facts[_fact_key(c)].append(c)
    by_source: dict[str, list[list[Claim]]] = defaultdict(list)
    for group in facts.values():
        sourced = [c for c in group if c.sources]
        originals = {s for c in sourced for s in c.sources}
        if len(originals) != 1 or len({c.doc for c in sourced}) < 2:
            continue
        if not _involves_item(sourced):
            continue
        by_source[next(iter(originals))].append(sourced)
    out: list[Conflict] = []
    for source, groups in by_source.items():
        groups.sort(key=lambda g: min(rank(c.ref) for c in g))
        every = [c for g in groups for c in g]
        refs, ordered = _refs(every, rank)
        firsts = [min(g, key=lambda c: rank(c.ref)) for g in groups]
        entity = "、".join(dict.fromkeys(_spelling(g) for g in groups))
        out.append(
            Conflict(
                kind="single-source",
                entity=entity,
                text=wording.single_source(firsts, refs, source, language),
                refs=refs,
                claims=ordered,
                source=source,
            )
        )
    return sorted(out, key=lambda c: rank(c.refs[0]))
