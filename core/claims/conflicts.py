"""The conflicts between claims (docs/facts.md), and what is never one.

- **version-line**: one project, two version lines each called current (`v1.2.1` stable in the
  living document, `v0.5.21` latest in a material). A material that dates a release of another
  line on or after the day of the current one (`SGLang v0.5.21（10/2）` in a release timeline,
  against `稳定版 v1.2.1（2026-09-23）`) of an older line presents it as the newest: it is called
  current too. An item calling a version current on a day (its material's date) after another
  text dates a later minor or major release made since is a stale newest (`stale_newest`; a
  patch release outdates only the release of its line the item itself calls latest), and one
  calling a version current while another text calls a later release of its line current, a
  patch too, is an older newest (`older_newest`).
  Two versions of one line (`v0.5.20`, `v0.5.22.dev`), or a version and its patch release
  (`v1.2`, `v1.2.1`), are one line. Only the batch's items and the living document are
  compared: they speak for today, while an earlier brief's "latest" was true on its own day.
- **date**: one version (or one project's archiving) with two dates that cannot be the same day
  (`9/22` and `9/23`; `2026-03` and `2026-03-21` agree).
- **single-source**: one fact stated in several files (materials, the living document, earlier
  briefs) that all cite one and the same original and nothing else: a repetition, not
  corroboration. Facts sharing that original are reported together, as the seed's section 二 does.
  With no citation at all, the *same list* is the trace of one origin: two or more dated facts
  (`TGI 归档（2026-03）`, `vLLM v0.30.0（9/22）`) stated together, in agreement, by several texts
  of which at least two are materials of the batch. Texts citing different originals are
  independent, and a single fact repeated is a consistent repetition, never a conflict.

Every conflict involves at least one item of the batch: a disagreement among earlier briefs and
the living document alone is not this batch's to report. The same fact repeated with the same
facts and no shared source is no conflict.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence

from . import wording
from .dates import DATE_PATTERN, parse_date
from .lexicon import CURRENT_EN, CURRENT_ZH
from .types import Claim, Conflict
from .versions import Version, parse_version

Rank = Callable[[str], tuple[int, int]]  # a ref's place: items, then sections, then entries


def find_conflicts(
    claims: Iterable[Claim],
    rank: Rank,
    language: str = "zh",
    as_of: Mapping[str, str] | None = None,
) -> list[Conflict]:
    """Every conflict, version-line first, then date, then single-source, each in ref order.
    `as_of`: the day each file speaks for (a material's `date`), for a stale "newest"."""
    claims = list(claims)
    sourced = single_sources(claims, rank, language)
    covered = {(c.ref, _fact_key(c)) for conflict in sourced for c in conflict.claims}
    lines = version_lines(claims, rank, language)
    reported = {frozenset(c.refs) for c in lines}
    for c in older_newest(claims, rank, language):
        if frozenset(c.refs) not in reported:
            lines.append(c)
            reported.add(frozenset(c.refs))
    stale = [
        c
        for c in stale_newest(claims, rank, language, as_of or {})
        if frozenset(c.refs) not in reported
    ]
    return [
        *sorted([*lines, *stale], key=lambda c: rank(c.refs[0])),
        *date_conflicts(claims, rank, language),
        *sourced,
        *same_lists(claims, rank, language, covered),
    ]


def _refs(claims: Sequence[Claim], rank: Rank) -> tuple[tuple[str, ...], tuple[Claim, ...]]:
    ordered = sorted(claims, key=lambda c: (rank(c.ref), c.key, c.version or "", c.event))
    return tuple(dict.fromkeys(c.ref for c in ordered)), tuple(ordered)


def _spelling(claims: Iterable[Claim]) -> str:
    """The most used spelling of the entity (first seen on a tie)."""
    return Counter(c.entity for c in claims).most_common(1)[0][0]


def _involves_item(claims: Iterable[Claim]) -> bool:
    return any(c.origin == "item" for c in claims)


def _on_or_after(a: str | None, b: str | None) -> bool:
    """Whether date `a` is not before date `b` (a missing year is taken as the other's)."""
    pa, pb = parse_date(a or ""), parse_date(b or "")
    if pa is None or pb is None:
        return False
    ya = pa.year or pb.year or 0
    yb = pb.year or pa.year or 0
    return (ya, pa.month, pa.day or 1) >= (yb, pb.month, pb.day or 1)


def _implied_current(claims: Sequence[Claim]) -> list[Claim]:
    """Items' dated releases of an older line on or after a current version's date: presented
    as the newest, so called current (module doc)."""
    current: dict[str, list[Claim]] = defaultdict(list)
    for c in claims:
        if c.current and c.version and c.origin != "brief" and c.date:
            current[c.key].append(c)
    out: list[Claim] = []
    for c in claims:
        if c.origin != "item" or c.current or not c.version or not c.date or c.noted:
            continue  # a release note lists a release of its day, newest or not
        v = parse_version(c.version)
        for other in current.get(c.key, ()):
            w = parse_version(other.version or "")
            # an older line released later is presented as the newest; a later line released
            # later is just newer (a "current" it outdates is `stale_newest`'s)
            if (
                v
                and w
                and v.line != w.line
                and v.parts < w.parts
                and _on_or_after(c.date, other.date)
            ):
                out.append(c.model_copy(update={"current": True}))
                break
    return out


def version_lines(claims: Sequence[Claim], rank: Rank, language: str) -> list[Conflict]:
    by_entity: dict[str, list[Claim]] = defaultdict(list)
    for c in [*claims, *_implied_current(claims)]:
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


def older_newest(claims: Sequence[Claim], rank: Rank, language: str) -> list[Conflict]:
    """An item calling a version current while another item or the living document calls a later
    release of the same line current (`Qdrant 最新版 v1.16.3` against `Qdrant 当前版本
    v1.17.0`, or a patch: `ComfyUI 最新版 v0.3.60` against `稳定版 v0.3.66`, since two texts each
    naming the newest disagree whatever number differs): the item's newest is an old one. Not
    the other way round (the living document behind an item is an update), not a pre-release
    (`v0.5.22.dev` outdates no `v0.5.20`), nor a release of the line the item names (`1.4 LTS`
    and `v1.4.2`); two lines called current are `version_lines`'."""
    by_entity: dict[str, list[Claim]] = defaultdict(list)
    for c in claims:
        if c.current and c.version and c.origin != "brief":
            by_entity[c.key].append(c)
    out: list[Conflict] = []
    for group in by_entity.values():
        parsed = [(c, parse_version(c.version or "")) for c in group]
        if len({v.line for _, v in parsed if v is not None}) != 1:
            continue  # no version read, or two lines: version_lines reports those
        old: list[Claim] = []
        newer: dict[str, Claim] = {}
        for c, w in parsed:
            if c.origin != "item" or w is None:
                continue
            later = [
                r
                for r, v in parsed
                if v is not None
                and not v.pre
                and r.doc != c.doc
                and v.padded > w.padded
                and not _of_line(w, v)
            ]
            if later:
                old.append(c)
                for r in later:
                    newer.setdefault(r.ref, r)
        if not old:
            continue
        refs, ordered = _refs([*dict.fromkeys(old), *newer.values()], rank)
        entity = _spelling(ordered)
        out.append(
            Conflict(
                kind="version-line",
                entity=entity,
                text=wording.older_newest(entity, old, list(newer.values()), language),
                refs=refs,
                claims=ordered,
            )
        )
    return sorted(out, key=lambda c: rank(c.refs[0]))


def _of_line(line: Version, v: Version) -> bool:
    """Whether `v` is a release of the line a version written with two numbers names (`DuckDB
    1.4 LTS` is current as its patch release `v1.4.2` is: the line, not an older release)."""
    return len(line.parts) == 2 and v.parts[:2] == line.parts


def _after(a: str | None, b: str | None) -> bool:
    """Whether date `a` is after date `b`."""
    return _on_or_after(a, b) and not _agree(a, b)


_AS_OF = re.compile(
    r"(?:截至|截止|截止到|(?i:\bas\s+of))\s*(?P<d>"
    + re.sub(r"\(\?P<\w+>", "(?:", DATE_PATTERN)
    + ")",
    re.IGNORECASE,
)


# a role word in a claim's own words: the text calls the version current itself
_SAID_CURRENT = re.compile(rf"{CURRENT_ZH}|(?i:\b{CURRENT_EN}\b)")


def stale_newest(
    claims: Sequence[Claim], rank: Rank, language: str, as_of: Mapping[str, str]
) -> list[Conflict]:
    """An item that calls a version current on a day (its material's date) when another text
    dates a release of a later line between that version's day and then: its "newest" is stale
    (`lm-evaluation-harness v0.4.9（9/23）` called 最新 in a 12-01 roundup, against `v0.5.0`
    tagged on 11-27). A living-document section saying the same is left alone unless its day is
    known: it was right on the day it was written."""
    releases: dict[str, list[Claim]] = defaultdict(list)
    for c in claims:
        if c.version and c.date and c.event == "release" and c.origin != "brief":
            releases[c.key].append(c)
    stale: dict[str, list[Claim]] = defaultdict(list)
    newer: dict[str, dict[str, Claim]] = defaultdict(dict)
    for c in claims:
        said = _AS_OF.search(c.quote)  # `截至 2026-11-20 的最新版`: the day it speaks for
        day = said.group("d") if said and parse_date(said.group("d")) else as_of.get(c.doc)
        if not (c.current and c.version and c.origin == "item" and day):
            continue
        w = parse_version(c.version)
        if w is None:
            continue
        # (a line called current, `1.4 LTS`, is current whatever its patch releases)
        said_latest = len(w.parts) >= 3 and _SAID_CURRENT.search(c.quote) is not None
        for r in releases.get(c.key, ()):
            v = parse_version(r.version or "")
            # a pre-release (`v1.0.0rc1`) outdates no release; a later minor or major one does
            # (`v1.17.0`), and so does a patch release of the same line (`CoreDNS v1.14.2`
            # after a `最新版 v1.14.1`) where the item itself calls that release `latest` (a
            # release it only dates or runs, `DuckDB v1.4.2 (released 10/14)`, is no such claim),
            # and in a 0.x project, which counts its releases in the third number, a later one
            # there (`v0.18.3` after `v0.18.1`: `Version.release`)
            if r.doc == c.doc or v is None or v.pre or v.padded <= w.padded:
                continue
            if v.release <= w.release and not said_latest:
                continue
            if _on_or_after(day, r.date) and (c.date is None or _after(r.date, c.date)):
                stale[c.key].append(c)
                newer[c.key].setdefault(r.ref, r)
    out: list[Conflict] = []
    for key, group in stale.items():
        refs, ordered = _refs([*dict.fromkeys(group), *newer[key].values()], rank)
        entity = _spelling(ordered)
        out.append(
            Conflict(
                kind="version-line",
                entity=entity,
                text=wording.stale(entity, group, list(newer[key].values()), language),
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


def same_lists(
    claims: Sequence[Claim],
    rank: Rank,
    language: str,
    covered: set[tuple[str, tuple[str, str, str]]] = frozenset(),  # type: ignore[assignment]
) -> list[Conflict]:
    """Two or more dated facts stated together, in agreement, by several texts citing no
    different originals, at least two of them materials of the batch (module doc)."""
    by_ref: dict[str, dict[tuple[str, str, str], Claim]] = defaultdict(dict)
    for c in claims:
        if c.date and parse_date(c.date) is not None and (c.ref, _fact_key(c)) not in covered:
            by_ref[c.ref].setdefault(_fact_key(c), c)
    refs = [r for r, facts in by_ref.items() if len(facts) >= 2]
    # the largest list each pair of texts shares; texts sharing one list form one finding
    bundles: dict[frozenset[tuple[str, str, str]], set[str]] = defaultdict(set)
    for k, a in enumerate(refs):
        for b in refs[k + 1 :]:
            fa, fb = by_ref[a], by_ref[b]
            shared = frozenset(
                key for key in fa.keys() & fb.keys() if _agree(fa[key].date, fb[key].date)
            )
            if len(shared) < 2 or fa[next(iter(shared))].doc == fb[next(iter(shared))].doc:
                continue
            sa = {s for key in shared for s in fa[key].sources}
            sb = {s for key in shared for s in fb[key].sources}
            if sa and sb and not sa & sb:
                continue  # each cites its own original: independent
            bundles[shared] |= {a, b}
    out: list[Conflict] = []
    done: set[str] = set()
    for shared, members in sorted(bundles.items(), key=lambda kv: (-len(kv[0]), -len(kv[1]))):
        members = members - done
        # sets iterate in an order that changes with PYTHONHASHSEED: walk them sorted, so that
        # `scan --json` prints the same claims in the same order on every run
        group = [by_ref[r][key] for r in sorted(members, key=rank) for key in sorted(shared)]
        items = {c.doc for c in group if c.origin == "item"}
        if len(items) < 2:
            continue
        done |= members
        ordered_refs, ordered = _refs(group, rank)
        first_ref = ordered_refs[0]
        # archives first, then releases by name: the order the seed's section 二 lists them
        firsts = sorted(
            (by_ref[first_ref][key] for key in shared), key=lambda c: (c.event != "archive", c.key)
        )
        entity = "、".join(dict.fromkeys(c.entity for c in firsts))
        out.append(
            Conflict(
                kind="single-source",
                entity=entity,
                text=wording.same_list(firsts, ordered_refs, language),
                refs=ordered_refs,
                claims=ordered,
            )
        )
    return sorted(out, key=lambda c: rank(c.refs[0]))


def _agree(a: str | None, b: str | None) -> bool:
    pa, pb = parse_date(a or ""), parse_date(b or "")
    return pa is not None and pb is not None and pa.agrees(pb)
