"""`Lookup.locate` finds, through its indices, what `locate` finds by comparing the item with every
relevant section in turn (docs/facts.md, "Known, new, conflicting"): the same known, new and
conflicting facts, with the same refs in the same order, over random sections whose figures are
written with every precision, magnitude, range and unit, approximate or not, beside versions,
release lines, dates and ids. `clashes`, which decides at once a pair that cannot clash, answers
what its three comparisons answer in turn."""

from __future__ import annotations

import random

from briefdesk.core.facts.extract import Fact
from briefdesk.core.facts.index import (
    MIN_SETTING,
    Facts,
    _date_clash,
    _states_figure,
    _version_clash,
    _written_measure,
    clashes,
    locate,
)
from briefdesk.core.facts.lookup import Lookup

NAMES = ["bge-m3", "beir", "mteb", "qwen3", "ruler", "h100"]
MEASURES = ["recall@10", "ndcg@10", "latency", "", "throughput"]
PROJECTS = ["sglang", "vllm", "milvus"]
UNITS = ["%", "", "K", "M", "ms", "×"]


# figures written coarsely and their finer neighbours: a coarse one widens the window of every
# figure compared with its text (`2.05K` states `2049`), a fine one does not
ROUNDED = [
    "2.05K",
    "2049",
    "2051",
    "2055",
    "5.3K",
    "5290",
    "1.2M",
    "1195000",
    "76%",
    "75.8%",
    "0.95",
]


def _figure(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(ROUNDED)
    if rng.random() < 0.1:
        lo = rng.choice([2, 3, 20, 50])
        return f"{lo}–{lo + rng.choice([1, 2, 10])}{rng.choice(['ms', '%', ''])}"
    whole = rng.choice([0, 1, 3, 4, 9, 10, 12, 30, 75, 76, 99, 100, 120, 2050, 5300])
    value = str(whole + rng.choice([0, 0.1, 0.5, 0.05, 0.95, 0.123]) * rng.choice([0, 1]))
    value = value[:-2] if value.endswith(".0") else value
    return value + rng.choice(UNITS)


def _fact(rng: random.Random, pos: int) -> Fact:
    kind = rng.choice(["quantity"] * 5 + ["version", "version", "date", "id", "name"])
    if kind == "quantity":
        value = _figure(rng)
        setting = tuple(sorted(rng.sample(NAMES, rng.randint(0, 3))))
        approx = rng.random() < 0.2
        return Fact("quantity", rng.choice(MEASURES), value, value, True, setting, pos, approx)
    if kind == "version":
        project = rng.choice(PROJECTS)
        value = rng.choice(["1.16", "1.16.3", "1.2", "1.2.1", "0.5.21", "0.5", "2.5"])
        return Fact("version", project, value, f"{project} v{value}", pos=pos)
    if kind == "date":
        day = rng.choice(["2026-09-22", "2026-09-23", "2026-03"])
        return Fact("date", rng.choice(PROJECTS), day, day, pos=pos)
    if kind == "id":
        paper = rng.choice(["arxiv:2601.21204", "arxiv:2509.00001"])
        return Fact("id", paper, "", paper, rng.random() < 0.5, pos=pos)
    name = rng.choice(NAMES + PROJECTS)
    return Fact("name", name, "", name, pos=pos)


def _facts(rng: random.Random, most: int) -> Facts:
    return Facts.of([_fact(rng, k) for k in range(rng.randint(0, most))])


def test_lookup_locate_is_locate_over_the_relevant_sections() -> None:
    rng = random.Random(11)
    for _ in range(150):
        # refs may repeat (one ref is listed once, where it first comes)
        sections = [(f"§{rng.randint(0, 20)}", _facts(rng, 10)) for _ in range(rng.randint(0, 25))]
        lookup = Lookup(sections)
        for _ in range(10):
            item = _facts(rng, 8)
            briefs = [(f"brief#{k}", _facts(rng, 6)) for k in range(rng.randint(0, 3))]
            expected = locate(item, [*lookup.relevant(item), *briefs])
            assert lookup.locate(item, briefs) == expected, (item.all, sections)


def test_a_figure_written_another_way_is_found_in_its_section() -> None:
    """The sections' figures are sorted once; a rounding (`75.8%` and `76%`), a magnitude
    (`2.05K` and `2,050`) and a figure inside a range are found in the section that states them,
    and no other. (A section is compared only where it shares a value or a unit with the item:
    `§2` has a figure in `ms` besides its range.)"""
    quantity = "quantity"
    sections = [
        ("§1", Facts.of([Fact(quantity, "recall@10", "76%", "76%", setting=("beir",))])),
        (
            "§2",
            Facts.of(
                [Fact(quantity, "latency", "2–4ms", "2–4 ms"), Fact(quantity, "ttft", "9ms", "9")]
            ),
        ),
        ("§3", Facts.of([Fact(quantity, "throughput", "2050", "2,050")])),
        ("§4", Facts.of([Fact(quantity, "recall@10", "80%", "80%", setting=("beir",))])),
    ]
    item = Facts.of(
        [
            Fact(quantity, "recall@10", "75.8%", "75.8%", setting=("beir",)),
            Fact(quantity, "latency", "3ms", "3 ms"),
            Fact(quantity, "throughput", "2.05K", "2.05K"),
        ]
    )
    known, new, _ = Lookup(sections).locate(item)
    assert [(f.value, refs) for f, refs in known] == [
        ("75.8%", ["§1"]),
        ("3ms", ["§2"]),
        ("2.05K", ["§3"]),
    ]
    assert new == []


def test_lookup_locate_finds_the_conflicts_locate_finds() -> None:
    """The sections a figure can contradict are found by counting the (metric, unit, name)
    triples each shares with the item; the conflicts are those `locate` finds comparing each
    relevant section in turn, and the random sections do contradict (the test can fail)."""
    rng = random.Random(5)
    seen = 0
    for _ in range(200):
        sections = [(f"§{k}", _facts(rng, 12)) for k in range(rng.randint(1, 20))]
        lookup = Lookup(sections)
        for _ in range(8):
            item = _facts(rng, 8)
            expected = locate(item, lookup.relevant(item))
            assert lookup.locate(item) == expected, (item.all, sections)
            seen += bool(expected[2])
    assert seen > 50


def _plain_figure_clash(a: Facts, b: Facts) -> list[tuple[Fact, Fact]]:
    """`figure_clash` as its definition says it, every figure of one against every one of the
    other (no sieve)."""
    out = []
    for fa, unit, sa in a.set_figures:
        if _states_figure(b, fa):
            continue
        ma = _written_measure(fa, sa)
        for fb, unit_b, sb in b.set_figures:
            mb = _written_measure(fb, sb)
            if unit_b != unit or (ma and mb and ma != mb):
                continue
            if len(sa & sb) < MIN_SETTING or not (sa <= sb or sb <= sa):
                continue
            if _states_figure(a, fb):
                continue
            out.append((fa, fb))
            break
    return out


def test_clashes_is_each_comparison_in_turn() -> None:
    """`clashes` decides a pair sharing no versioned project, no dated release and fewer than
    MIN_SETTING (unit, name) pairs of its figures' settings at once: the answer is still the
    versions', the dates' and the figures' comparisons one after the other."""
    rng = random.Random(3)
    pairs = [(_facts(rng, 10), _facts(rng, 10)) for _ in range(3000)]
    found = 0
    for a, b in pairs:
        expected = [*_version_clash(a, b), *_date_clash(a, b), *_plain_figure_clash(a, b)]
        assert clashes(a, b) == expected, (a.all, b.all)
        found += bool(_plain_figure_clash(a, b))
    assert found > 20  # figures do clash in the random pairs
