"""The fact index: what an item states that the knowledge base already holds, and what is new.

docs/facts.md is the reader's page. Facts (`extract`) are compared by value: a version by its
project and number (`sglang 0.5.21`), a date by the day it names, a quantity by its value and
unit (`12%`, `4.7×`), an id exactly. For one item they are

- **known** where the living document (any section) or an earlier brief entry among the item's
  candidates states the same fact, with those refs;
- **conflicting** where such a text states the same *thing* with another value: the same metric
  in the same setting with another figure (`recall@10` of `bge-m3` on `BEIR`: `+12%` against
  `+4%`), the same version with another date;
- **new** otherwise.

A duplicate candidate is then judged by what the two texts state (`relation`):

- `same`: they share the subject (an id that is the subject of both — an issue number only with a
  name in common — or names and at least one stated fact) and neither states a fact of a shared
  thing that the other contradicts or lacks;
- `differs`: they share the subject and state different values for one thing (a new version of
  the same project, one release on two days, another figure in the same setting whose measure
  is the same or unwritten on one side): the item is an *update*, not a duplicate;
- `unrelated`: the facts say nothing either way.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .extract import Fact
from .numerals import APPROX, agree, numeric, span

Relation = Literal["same", "differs", "unrelated"]
VALUE_KINDS = ("version", "date", "quantity", "id")
MIN_SETTING = 2  # names two figures' settings share at least, to be one setting (model, data)


def value_key(f: Fact) -> tuple[str, str, str]:
    """What makes two statements one fact: a version of one project, else the value itself."""
    if f.kind in ("version", "id"):
        return (f.kind, f.thing, f.value)
    return (f.kind, "", f.value)


@dataclass
class Facts:
    """The facts of one record, grouped for comparison (each grouping made once: a record is
    compared with many)."""

    all: list[Fact]
    names: frozenset[str] = frozenset()
    values: dict[tuple[str, str, str], Fact] = field(default_factory=dict)
    subjects: frozenset[str] = frozenset()  # ids that are the record's subject
    cited: frozenset[str] = frozenset()
    measured: list[tuple[Fact, str, frozenset[str]]] = field(default_factory=list)  # unit, setting
    figures: frozenset[str] = frozenset()  # every quantity's value
    # figures with a setting of two names or more, measured or not: unit, setting
    set_figures: list[tuple[Fact, str, frozenset[str]]] = field(default_factory=list)
    release_dates: dict[str, Fact] = field(default_factory=dict)  # `sglang 0.5.21` -> its date
    versions: dict[str, set[str]] = field(default_factory=dict)  # project -> versions
    head: str = ""  # the first name the text gives: what it is about (its heading's)
    # `measured` by (metric, unit), in text order: the only figures one can clash with
    by_measure: dict[tuple[str, str], list[tuple[Fact, frozenset[str]]]] = field(
        default_factory=dict
    )
    # (metric, unit, name) of every name of every figure's setting: two figures of one setting
    # share MIN_SETTING of these, so texts sharing fewer cannot clash (checked in one set op)
    triples: frozenset[tuple[str, str, str]] = frozenset()
    # quantities by their unit with magnitudes folded (`2.05K` and `2050` both ""): where a
    # figure written another way is looked for (`stated`)
    by_unit: dict[str, list[Fact]] = field(default_factory=dict)
    # the same, each unit's figures sorted by value with the fewest decimals written among them:
    # `stated` looks only where `agree` can say yes (`figure_window`), not at every figure of
    # the unit
    sorted_units: dict[str, tuple[list[float], list[Fact], int]] = field(default_factory=dict)
    # project -> versions written with two parts (`v1.16`): a release line, which one of its
    # releases (`v1.16.3`) states too
    lines: dict[str, set[str]] = field(default_factory=dict)
    # ranges by their unit (`2–4ms`: `ms`): a figure inside one is stated by it, and it by one
    ranges: dict[str, list[Fact]] = field(default_factory=dict)
    # project -> the versions written whole (`_releases`), filled as asked: a section is
    # compared with every item naming its project
    whole: dict[str, set[str]] = field(default_factory=dict, repr=False, compare=False)
    # (unit, name) of every name of every `set_figures` setting, made when first asked
    # (`setting_keys`): two figures `figure_clash` pairs share MIN_SETTING of these, so a pair
    # of texts sharing fewer is decided in one set operation
    _setting_keys: frozenset[tuple[str, str]] | None = field(
        default=None, repr=False, compare=False
    )

    @property
    def setting_keys(self) -> frozenset[tuple[str, str]]:
        got = self._setting_keys
        if got is None:
            got = self._setting_keys = frozenset(
                (unit, n) for _, unit, setting in self.set_figures for n in setting
            )
        return got

    @classmethod
    def of(cls, facts: Iterable[Fact]) -> Facts:
        facts = list(facts)
        values: dict[tuple[str, str, str], Fact] = {}
        versions: dict[str, set[str]] = defaultdict(set)
        for f in facts:
            if f.kind in VALUE_KINDS and (f.kind != "id" or f.subject):
                values.setdefault(value_key(f), f)
            if f.kind == "version" and f.thing:
                versions[f.thing].add(f.value)
        measured = [
            (f, unit_of(f.value), frozenset(f.setting))
            for f in facts
            if f.kind == "quantity" and f.thing
        ]
        by_measure: dict[tuple[str, str], list[tuple[Fact, frozenset[str]]]] = {}
        for f, unit, setting in measured:
            by_measure.setdefault((f.thing, unit), []).append((f, setting))
        by_unit: dict[str, list[Fact]] = {}
        lines: dict[str, set[str]] = {}
        ranges: dict[str, list[Fact]] = {}
        for f in facts:
            if f.kind == "quantity":
                n = numeric(f.value)
                if n is not None:
                    by_unit.setdefault(n[1], []).append(f)
                elif (r := span(f.value)) is not None:
                    ranges.setdefault(r[2], []).append(f)
            elif f.kind == "version" and written_line(f):
                lines.setdefault(f.thing, set()).add(f.value)
        return cls(
            facts,
            frozenset(f.thing for f in facts if f.kind == "name"),
            values,
            frozenset(f.thing for f in facts if f.kind == "id" and f.subject),
            frozenset(f.thing for f in facts if f.kind == "id" and not f.subject),
            measured,
            frozenset(f.value for f in facts if f.kind == "quantity"),
            [
                (f, unit_of(f.value), frozenset(f.setting))
                for f in facts
                if f.kind == "quantity" and len(f.setting) >= MIN_SETTING
            ],
            {f.thing: f for f in reversed(facts) if f.kind == "date" and " " in f.thing},
            dict(versions),
            next((f.thing for f in facts if f.kind == "name"), ""),
            by_measure,
            frozenset((f.thing, unit, n) for f, unit, setting in measured for n in setting),
            by_unit,
            {unit: _sorted(fs) for unit, fs in by_unit.items()},
            lines,
            ranges,
        )

    def things(self, kind: str) -> dict[str, set[str]]:
        if kind == "version":
            return self.versions
        out: dict[str, set[str]] = defaultdict(set)
        for f in self.all:
            if f.kind == kind and f.thing:
                out[f.thing].add(f.value)
        return out


def _sorted(figures: list[Fact]) -> tuple[list[float], list[Fact], int]:
    """A unit's figures sorted by value, with the fewest decimals any of them is written with."""
    keyed = sorted(((numeric(f.value) or (0.0, "", 0, 0)), k, f) for k, f in enumerate(figures))
    return (
        [n[0] for n, _, _ in keyed],
        [f for _, _, f in keyed],
        min(n[2] for n, _, _ in keyed),
    )


def figure_window(x: float, decimals: int, fewest: int, approx: bool = True) -> float:
    """How far from `x` a value `agree` calls the same figure can be: a rounding is within half a
    unit of the coarser figure's last written digit (at most `10 ** -min(decimals, fewest)`), an
    approximate figure (`approx`: either may be) within APPROX of the larger value (so within
    APPROX / (1 - APPROX) of `x`); with a margin, since this only bounds where `agree` is
    asked."""
    rounding = 0.5 * 10.0 ** (-min(decimals, fewest))
    return max(rounding, x * APPROX / (1 - APPROX) if approx else 0.0) * 1.01 + 1e-6


def written_line(f: Fact) -> bool:
    """A version written with two parts and no pre-release (`Qdrant v1.16`, `Milvus 2.5`)."""
    written = f.text.rsplit(" ", 1)[-1].lstrip("vV")
    return written.count(".") == 1 and written.replace(".", "").isdigit()


def stated(f: Fact, other: Facts) -> bool:
    """Whether `other` states fact `f`, in any way a reader calls the same (docs/facts.md,
    "Figures written another way"): the same value; a figure written another way or rounded
    (`core.facts.numerals.agree`: `2.05K` and `2,050`, `about 76%` and `3 in 4`); a version and
    the release line it is of (`v1.16` and `v1.16.3`, one project's)."""
    if value_key(f) in other.values:
        return True
    if f.kind == "quantity":
        n = numeric(f.value)
        if n is None:
            r = span(f.value)  # a range: stated by a figure inside it, or a range it holds
            return r is not None and any(
                agree(f.value, g.value)
                for g in (*other.by_unit.get(r[2], ()), *other.ranges.get(r[2], ()))
            )
        if any(agree(f.value, g.value) for g in other.ranges.get(n[1], ())):
            return True
        unit = other.sorted_units.get(n[1])
        if unit is None:
            return False
        xs, figures, fewest = unit
        x, _, decimals, _ = n
        w = figure_window(x, decimals, fewest)
        lo, hi = bisect_left(xs, x - w), bisect_right(xs, x + w)
        return any(agree(f.value, g.value, f.approx or g.approx) for g in figures[lo:hi])
    if f.kind == "version":
        theirs = other.versions.get(f.thing, ())
        if written_line(f) and any(v.startswith(f.value + ".") for v in theirs):
            return True
        return any(f.value.startswith(line + ".") for line in other.lines.get(f.thing, ()))
    if f.kind == "date" and f.value.count("-") < 2:
        # a date written less precisely (`late October`, `2026-10`) is stated by a day of the
        # same release it allows (`2026-10-30`)
        return any(
            g.kind == "date" and (g.thing == f.thing or not f.thing) and iso_agree(f.value, g.value)
            for g in other.all
        )
    return False


def common(a: Facts, b: Facts) -> set[tuple[str, str, str]]:
    """The keys of `a`'s stated facts that `b` states too (`stated`)."""
    shared = a.values.keys() & b.values.keys()
    if len(shared) == len(a.values):
        return shared
    return shared | {
        k for k, f in a.values.items() if k not in shared and f.kind != "id" and stated(f, b)
    }


def _states_figure(facts: Facts, f: Fact) -> bool:
    """Whether `facts` states figure `f` (its value, or written another way)."""
    return f.value in facts.figures or stated(f, facts)


def quantity_clash(a: Facts, b: Facts) -> list[tuple[Fact, Fact]]:
    """Figures of one metric in one setting with different values (and neither value stated by
    the other text): a number conflict."""
    out: list[tuple[Fact, Fact]] = []
    theirs = b.by_measure
    if not theirs or not a.by_measure or theirs.keys().isdisjoint(a.by_measure):
        return out  # no metric in a unit both state: the common case, decided at once
    if MIN_SETTING > 0 and len(a.triples & b.triples) < MIN_SETTING:
        return out  # no figure of one metric and unit with MIN_SETTING names of its setting
    for fa, unit, sa in a.measured:
        if _states_figure(b, fa):
            continue
        for fb, sb in theirs.get((fa.thing, unit), ()):
            if _states_figure(a, fb):
                continue
            if len(sa & sb) >= MIN_SETTING and (sa <= sb or sb <= sa):
                out.append((fa, fb))
    return out


def unit_of(value: str) -> str:
    """`12%` -> `%`, `3.1ms` -> `ms`, `0.95` -> ""."""
    k = len(value)
    while k and not (value[k - 1].isdigit() or value[k - 1] == "."):
        k -= 1
    return value[k:]


def _releases(facts: Facts, thing: str) -> set[str]:
    """The versions of `thing` a text writes whole (`v0.31.0`, not the line `v0.31`)."""
    got = facts.whole.get(thing)
    if got is None:
        got = facts.whole[thing] = {
            f.value
            for f in facts.all
            if f.kind == "version" and f.thing == thing and not written_line(f)
        }
    return got


def _version_clash(a: Facts, b: Facts) -> list[tuple[Fact, Fact]]:
    """A project both texts give versions of, each with a version the other does not name."""
    out: list[tuple[Fact, Fact]] = []
    av, bv = a.versions, b.versions
    for thing in av.keys() & bv.keys():
        whole_a, whole_b = _releases(a, thing), _releases(b, thing)
        # each names a release and none the other's (`v0.31.1` against `v0.31.0`): they differ,
        # whatever line both also name (`v0.31`)
        apart = bool(whole_a and whole_b and not whole_a & whole_b)
        if not apart and (
            av[thing] & bv[thing]
            or any(stated(f, b) for f in a.all if f.kind == "version" and f.thing == thing)
        ):
            continue  # one version in common: the same release (or its line), more or less detail
        fa = next(
            f
            for f in a.all
            if f.kind == "version" and f.thing == thing and (not apart or f.value in whole_a)
        )
        fb = next(
            f
            for f in b.all
            if f.kind == "version" and f.thing == thing and (not apart or f.value in whole_b)
        )
        out.append((fa, fb))
    return out


def figure_clash(a: Facts, b: Facts) -> list[tuple[Fact, Fact]]:
    """Figures in one setting (two names or more in common, one setting within the other) with
    one unit and different values, where neither value is stated by the other text, and whose
    measures are one or unknown on either side: `Qwen3-32B 在 RULER 128K 上为 62.4` against `在
    128K 上的平均分为 70.1` with the same model, benchmark and backend. Weaker than
    `quantity_clash` (a measure may be missing), so for tiers only, never a claim."""
    out: list[tuple[Fact, Fact]] = []
    if not a.set_figures or not b.set_figures:
        return out
    if len(a.setting_keys & b.setting_keys) < MIN_SETTING:
        return out  # no two figures of one unit whose settings share MIN_SETTING names
    # whether the other text states a figure (`_states_figure`, the costly test) is asked only
    # of a pair that passes every other test, and once per figure: the same answer as asking
    # it first of each, for a fraction of the asks (most pairs share no setting)
    theirs_stated: dict[int, bool] = {}
    for fa, unit, sa in a.set_figures:
        mine_stated: bool | None = None
        ma = _written_measure(fa, sa)
        for j, (fb, unit_b, sb) in enumerate(b.set_figures):
            if unit_b != unit:
                continue
            mb = _written_measure(fb, sb)
            if ma and mb and ma != mb:
                continue
            if len(sa & sb) < MIN_SETTING or not (sa <= sb or sb <= sa):
                continue
            if mine_stated is None:
                mine_stated = _states_figure(b, fa)
            if mine_stated:
                break
            said = theirs_stated.get(j)
            if said is None:
                said = theirs_stated[j] = _states_figure(a, fb)
            if said:
                continue
            out.append((fa, fb))
            break
    return out


def _written_measure(f: Fact, setting: frozenset[str]) -> str:
    """A figure's measure as a word wrote it: "" when none did and its qualifier stands for it
    (`RULER 128K 上为 62.4`: `128k`, also in its setting)."""
    return "" if f.thing in setting else f.thing


def _date_clash(a: Facts, b: Facts) -> list[tuple[Fact, Fact]]:
    """One release (`opencompass 0.4.2`) dated by both texts on days that cannot be one
    (`10/17` against `2026-10-15`)."""
    out: list[tuple[Fact, Fact]] = []
    for thing, fa in a.release_dates.items():
        fb = b.release_dates.get(thing)
        if fb is None:
            continue
        da = {f.value for f in a.all if f.kind == "date" and f.thing == thing}
        db = {f.value for f in b.all if f.kind == "date" and f.thing == thing}
        if not any(iso_agree(x, y) for x in da for y in db):
            out.append((fa, fb))
    return out


def iso_agree(x: str, y: str) -> bool:
    """Whether two date keys (`2026-10-15`, `2026-10`, `10-17`: `PartialDate.iso`) can be one
    day: every field both state is equal."""

    def fields(iso: str) -> tuple[str | None, str, str | None]:
        parts = iso.split("-")
        if len(parts[0]) == 4:
            return parts[0], parts[1], parts[2] if len(parts) > 2 else None
        return None, parts[0], parts[1] if len(parts) > 1 else None

    (ya, ma, da), (yb, mb, db) = fields(x), fields(y)
    return (
        ma == mb
        and (ya is None or yb is None or ya == yb)
        and (da is None or db is None or da == db)
    )


def clashes(a: Facts, b: Facts) -> list[tuple[Fact, Fact]]:
    """Where `a` and `b` state one thing with different values: a project's versions, a
    release's date, a figure in one setting."""
    if (
        a.versions.keys().isdisjoint(b.versions)
        and a.release_dates.keys().isdisjoint(b.release_dates)
        and (
            not a.set_figures
            or not b.set_figures
            or len(a.setting_keys & b.setting_keys) < MIN_SETTING
        )
    ):
        # no project both version, no release both date, no two figures of one unit whose
        # settings can be one: each part would answer nothing (most pairs a placement asks of)
        return []
    return [*_version_clash(a, b), *_date_clash(a, b), *figure_clash(a, b)]


def subject_shared(a: Facts, b: Facts, names: bool) -> bool:
    """Whether an id is the subject of both texts. An issue number (`#17649`) is short and each
    project counts its own, so it is one subject only where the texts also share a name."""
    shared = a.subjects & b.subjects
    return any(not s.startswith("issue:") for s in shared) or (bool(shared) and names)


def relation(a: Facts, b: Facts) -> tuple[Relation, list[Fact]]:
    """How two texts' facts relate (module doc), and the facts of `a` that `b` lacks (the new
    facts when `a` updates `b`)."""
    shared_values = common(a, b)
    shared_names = a.names & b.names
    shared_subject = subject_shared(a, b, bool(shared_names))
    new = [f for k, f in a.values.items() if k not in shared_values]
    if (shared_subject or shared_names) and clashes(a, b):
        return "differs", new  # one project in two versions, one measure with two figures
    if not (shared_subject or (shared_names and shared_values)):
        return "unrelated", []
    return "same", new


def subject_release(a: Facts, b: Facts) -> bool:
    """Whether both texts are about one release: the same version of the project each names
    first (`Milvus 2.5 full-text search` and `Milvus 2.5 加入全文检索`)."""
    return (
        bool(a.head)
        and a.head == b.head
        and bool(a.versions.get(a.head, set()) & b.versions.get(b.head, set()))
    )


def contained(a: Facts, b: Facts) -> bool:
    """Whether one text states nothing the other does not: all the facts of one are the other's
    (a summary keeps some of its material's facts and adds none), and they share one that is no
    mere date."""
    shared = common(a, b)
    return any(k[0] != "date" for k in shared) and (
        len(shared) == len(a.values) or len(common(b, a)) == len(b.values)
    )


Located = tuple[list[tuple[Fact, list[str]]], list[Fact], list[tuple[Fact, list[str]]]]
Refs = dict[tuple[str, str, str], list[str]]


def locate(
    item: Facts, sources: Sequence[tuple[str, Facts]], found: tuple[Refs, Refs] | None = None
) -> Located:
    """(known with refs, new, conflicting with refs) of an item's stated facts against texts of
    the knowledge base. `found`: the refs (stating, contradicting) already found in texts before
    `sources` (`core.facts.lookup.Lookup.locate`, which finds them through its indices)."""
    where: Refs = defaultdict(list)
    against: Refs = defaultdict(list)
    for into, got in zip((where, against), found or ({}, {}), strict=True):
        for k, refs in got.items():
            into[k].extend(refs)
    mine = item.values.keys()
    for ref, facts in sources:
        if not mine.isdisjoint(facts.values) or facts.by_unit.keys() & item.by_unit.keys():
            for k in common(item, facts):  # most share nothing: no set made for them
                if ref not in where[k]:
                    where[k].append(ref)
        for fa, _ in quantity_clash(item, facts):
            k = value_key(fa)
            if ref not in against.get(k, ()):
                against[k].append(ref)
    known, new, conflicting = [], [], []
    for k, f in item.values.items():
        if k in against:
            conflicting.append((f, against[k]))
        elif k in where:
            known.append((f, where[k]))
        else:
            new.append(f)
    return known, new, conflicting
