"""The living document's sections indexed once for every item of a scan: which of them can relate
to an item (`Lookup.relevant`), and where each of the item's facts is stated or contradicted
(`Lookup.locate`).

docs/facts.md is the reader's page. `locate` (core.facts.index) answers for a list of texts by
comparing the item with each in turn; over the sections that is every item against some two
hundred texts, each asked about every figure the item states. Here every figure of every section
sits in one sorted list per unit, so each of the item's figures is looked up once, where `agree`
can say yes, and only the sections that hold a figure there are asked. The answer is `locate`'s,
the same refs in the same order (tests/unit/test_lookup.py compares the two on random facts and
on the test workspaces)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Sequence

from .extract import Fact
from .index import (
    MIN_SETTING,
    Facts,
    Located,
    figure_window,
    locate,
    quantity_clash,
    value_key,
    written_line,
)
from .numerals import agree, numeric, span

Key = tuple[str, str, str]


class Lookup:
    """Texts (the living document's sections) indexed by what can relate an item to them: a
    stated value, a name, a measure. `relevant(item)` is every text that can hold one of the
    item's facts or contradict one; the others cannot, and are not compared (cost: the item's
    facts, not the document's size)."""

    def __init__(self, texts: Sequence[tuple[str, Facts]]) -> None:
        self.texts = list(texts)
        self._by: dict[tuple[str, ...], list[int]] = defaultdict(list)
        # where `locate` looks: each text's figures by unit, the fewest decimals the text writes
        # that unit with and whether the figure is approximate (its `figure_window` depends on
        # all three: an exact figure is asked of only where a rounding is), sorted by value; its
        # ranges by unit; its versions and release lines by project; which texts have a unit or
        # a metric at all (`locate` compares only those)
        self._figures: dict[str, list[tuple[int, bool, list[float], list[tuple[int, Fact]]]]] = {}
        self._ranges: dict[str, list[tuple[int, Fact]]] = defaultdict(list)
        self._versions: dict[str, list[tuple[int, set[str]]]] = defaultdict(list)
        self._lines: dict[str, list[tuple[int, set[str]]]] = defaultdict(list)
        self._unit: dict[str, set[int]] = defaultdict(set)
        self._measure: dict[tuple[str, str], list[int]] = defaultdict(list)
        # (metric, unit, name) -> the texts with a figure of that setting name (`Facts.triples`):
        # `quantity_clash` answers nothing for a text sharing fewer than MIN_SETTING of them
        self._triples: dict[tuple[str, str, str], list[int]] = defaultdict(list)
        figures: dict[tuple[str, int, bool], list[tuple[float, int, int, Fact]]] = defaultdict(list)
        for k, (_, facts) in enumerate(self.texts):
            for key in facts.values:
                self._by[("v", *key)].append(k)
            for f in facts.all:
                if f.kind == "quantity" and f.thing:
                    self._by[("m", f.thing)].append(k)
                elif f.kind == "version":
                    self._by[("p", f.thing)].append(k)
            for unit, (xs, fs, fewest) in facts.sorted_units.items():
                for n, (x, f) in enumerate(zip(xs, fs, strict=True)):
                    figures[(unit, fewest, f.approx)].append((x, k, n, f))
            for unit in facts.by_unit:
                self._unit[unit].add(k)
            for unit, fs in facts.ranges.items():
                self._ranges[unit].extend((k, f) for f in fs)
            for thing, vs in facts.versions.items():
                self._versions[thing].append((k, vs))
            for thing, ls in facts.lines.items():
                self._lines[thing].append((k, ls))
            for measure in facts.by_measure:
                self._measure[measure].append(k)
            for triple in facts.triples:
                self._triples[triple].append(k)
        for (unit, fewest, approx), got in figures.items():
            got.sort(key=lambda e: (e[0], e[1], e[2]))
            self._figures.setdefault(unit, []).append(
                (fewest, approx, [e[0] for e in got], [(e[1], e[3]) for e in got])
            )

    def relevant(self, item: Facts) -> list[tuple[str, Facts]]:
        return [self.texts[k] for k in self.relevant_index(item)]

    def relevant_index(self, item: Facts) -> list[int]:
        hits: set[int] = set()
        for key in item.values:
            hits.update(self._by.get(("v", *key), ()))
        for f in item.all:
            if f.kind == "quantity" and f.thing:
                hits.update(self._by.get(("m", f.thing), ()))
            elif f.kind == "version":
                hits.update(self._by.get(("p", f.thing), ()))
        return sorted(hits)

    def locate(self, item: Facts, others: Sequence[tuple[str, Facts]] = ()) -> Located:
        """`core.facts.index.locate(item, [*self.relevant(item), *others])`, the same answer:
        the relevant texts from the indices, `others` (a few earlier-brief entries) one by one."""
        relevant = self.relevant_index(item)
        if not relevant:
            return locate(item, others)
        chosen = set(relevant)
        # `locate` compares a text's stated facts with the item's only where the two share a
        # value or a unit, and looks for contradictions only where they share a metric
        compared: set[int] = set()
        for key in item.values:
            compared.update(self._by.get(("v", *key), ()))
        for unit in item.by_unit:
            compared |= self._unit.get(unit, set())
        compared &= chosen
        where: dict[Key, set[int]] = {}
        for k, f in item.values.items():
            hit = set(self._by.get(("v", *k), ())) & compared
            if f.kind != "id":
                hit = self._stating(f, compared, hit)
            if hit:
                where[k] = hit
        clashing: set[int] = set()  # all relevant: a text of the item's metric is
        for measure in item.by_measure:
            clashing.update(self._measure.get(measure, ()))
        if MIN_SETTING > 0:
            # of those, only a text sharing MIN_SETTING of the item's (metric, unit, name)
            # triples can clash (`quantity_clash`'s own sieve, counted here for all at once)
            shared: Counter[int] = Counter()
            for triple in item.triples:
                shared.update(self._triples.get(triple, ()))
            clashing = {t for t in clashing if shared[t] >= MIN_SETTING}
        against: dict[Key, list[int]] = defaultdict(list)
        for t in sorted(clashing):
            for fa, _ in quantity_clash(item, self.texts[t][1]):
                k = value_key(fa)
                if t not in against[k]:
                    against[k].append(t)
        # a ref once, where it comes first (`locate` lists one ref once however many texts bear
        # it; a living document's section ids are unique, a caller's list need not be)
        refs = {k: self._refs(sorted(ts)) for k, ts in where.items()}
        clash_refs = {k: self._refs(ts) for k, ts in against.items()}
        return locate(item, others, (refs, clash_refs))

    def _refs(self, texts: Sequence[int]) -> list[str]:
        return list(dict.fromkeys(self.texts[t][0] for t in texts))

    def _stating(self, f: Fact, among: set[int], already: set[int]) -> set[int]:
        """The texts of `among` that state `f` (`stated`): those of `already` (the same value,
        which the caller has), and those that write it another way."""
        out: set[int] = set(already)
        if f.kind == "quantity":
            n = numeric(f.value)
            if n is None:
                r = span(f.value)
                if r is not None:
                    for t in among:
                        facts = self.texts[t][1]
                        if any(
                            agree(f.value, g.value)
                            for g in (*facts.by_unit.get(r[2], ()), *facts.ranges.get(r[2], ()))
                        ):
                            out.add(t)
                return out
            x, unit, decimals, _ = n
            for t, g in self._ranges.get(unit, ()):
                if t in among and t not in out and agree(f.value, g.value):
                    out.add(t)
            for fewest, approx, xs, figures in self._figures.get(unit, ()):
                w = figure_window(x, decimals, fewest, f.approx or approx)
                for t, g in figures[bisect_left(xs, x - w) : bisect_right(xs, x + w)]:
                    if t not in among or t in out:
                        continue
                    if agree(f.value, g.value, f.approx or approx):
                        out.add(t)
        elif f.kind == "version":
            if written_line(f):
                prefix = f.value + "."
                out.update(
                    t
                    for t, vs in self._versions.get(f.thing, ())
                    if t in among and any(v.startswith(prefix) for v in vs)
                )
            out.update(
                t
                for t, ls in self._lines.get(f.thing, ())
                if t in among and any(f.value.startswith(line + ".") for line in ls)
            )
        return out
