"""The fact index's fast paths give what the plain definitions give (docs/facts.md): the date
finder, the living document's phrases, the name test, the number-clash test, an id's revision and
the words saying a release is current."""

from __future__ import annotations

import random
import re

import pytest
from briefdesk.core.claims.dates import DATE_RE, iter_dates
from briefdesk.core.claims.lexicon import CURRENT_EN, CURRENT_ZH
from briefdesk.core.facts.extract import (
    _CURRENT_WORD,
    CURRENT_FIRST,
    Fact,
    _revision,
    extract,
    is_name,
)
from briefdesk.core.facts.index import MIN_SETTING, Facts, quantity_clash, unit_of

DATES = [
    "vLLM v0.30.0(9/22)、llama.cpp v0.5.0(9/23) 连发",
    "TGI (2026-03) 归档；12026年3月 与 2026 年 7 月、9月22日",
    "Sept 22, 2026 and 22 March 2026, Mar. 3 or May 2026",
    "13/40 1/2/3 2026-13-01 2026.09.23 10/2 0.5.21 x9/22",
    "1999-12-31T23:59 20261/2 ２０２６-０３",
    "mid-October, 10 月中旬、2026年10月下旬, late Nov 2026, early-Dec, Mid October, amid-Oct 3",
]


@pytest.mark.parametrize("text", DATES)
def test_iter_dates_is_date_re_finditer(text: str) -> None:
    def spans(ms: object) -> list[tuple[tuple[int, int], dict[str, str | None]]]:
        return [(m.span(), m.groupdict()) for m in ms]  # type: ignore[attr-defined]

    assert spans(iter_dates(text)) == spans(DATE_RE.finditer(text))


def _plain_phrases(text: str, vocabulary: set[str]) -> list[tuple[int, str]]:
    low = text.casefold()
    out = []
    for phrase in vocabulary:
        k = low.find(phrase)
        while k >= 0:
            end = k + len(phrase)
            if (k == 0 or not low[k - 1].isalnum() or not phrase[0].isascii()) and (
                end == len(low) or not low[end].isalnum() or not phrase[-1].isascii()
            ):
                out.append((k, phrase))
            k = low.find(phrase, end)
    return sorted(out)


def test_vocabulary_phrases_are_every_occurrence() -> None:
    vocabulary = {"late chunking", "chunking", "aa", "kv cache", "kv cache 量化", "量化", "x"}
    text = "Late chunking, aaa KV cache 量化 and kv cache; x y 非对称量化 chunkings"
    found = sorted(
        (f.pos, f.thing) for f in extract(text, frozenset(vocabulary)) if f.kind == "name"
    )
    want = sorted(dict.fromkeys(p for _, p in _plain_phrases(text, vocabulary)))
    assert {t for _, t in found} >= set(want)
    firsts = {p: k for k, p in reversed(_plain_phrases(text, vocabulary))}
    for pos, thing in found:
        if thing in firsts:
            assert pos == firsts[thing]


def test_an_empty_phrase_is_found_nowhere() -> None:
    # a code span of spaces in the living document gives the phrase "": it must not stop the scan
    found = extract("pgvector 0.8", frozenset({"", "pgvector"}))
    assert [f.thing for f in found if f.kind == "name"] == ["pgvector"]


@pytest.mark.parametrize(
    "word", ["SGLang", "llama.cpp", "bge-m3", "v1.2", "V2x", "However", "the", "ok", "a", "Xa"]
)
def test_name_test_of_found_words(word: str) -> None:
    names = {f.text for f in extract(f"见 {word} 。", ()) if f.kind == "name"}
    assert (word in names) == is_name(word)


def _plain_clash(a: Facts, b: Facts) -> list[tuple[Fact, Fact]]:
    out = []
    for fa, unit, sa in a.measured:
        if fa.value in b.figures:
            continue
        for fb, unit_b, sb in b.measured:
            if fb.thing != fa.thing or unit_b != unit or fb.value in a.figures:
                continue
            if len(sa & sb) >= MIN_SETTING and (sa <= sb or sb <= sa):
                out.append((fa, fb))
    return out


def test_quantity_clash_is_the_plain_comparison() -> None:
    rng = random.Random(7)
    names = ["bge-m3", "beir", "msmarco"]

    def facts() -> Facts:
        figures = [
            Fact(
                "quantity",
                rng.choice(["recall@10", "recall@10", "ndcg@10", ""]),
                rng.choice(["12%", "4%", "0.95", "3ms"]),
                "x",
                setting=tuple(sorted(rng.sample(names, rng.randint(0, 3)))),
            )
            for _ in range(rng.randint(0, 3))
        ]
        return Facts.of(figures)

    pairs = [(facts(), facts()) for _ in range(2000)]
    assert sum(bool(_plain_clash(a, b)) for a, b in pairs) > 10  # the test sees clashes
    for a, b in pairs:
        assert quantity_clash(a, b) == _plain_clash(a, b)
        assert all(unit_of(fa.value) == unit_of(fb.value) for fa, fb in quantity_clash(a, b))


FIGURES = [
    "vLLM v0.30.0(9/22) 吞吐 1.8×，TTFT 120 ms，recall@10 0.95（2601.21204）",
    "pgvector 0.8 在 BEIR 上 recall@10 +12%，bge-m3；见 https://example.com/a 2026-03",
    "latency 35 and throughput 1200 tok/s on H100, version 0.28, 共 300 条，约 0.1",
]


@pytest.mark.parametrize("text", FIGURES)
def test_figures_only_keeps_the_names_versions_and_figures(text: str) -> None:
    every = [f for f in extract(text) if f.kind in ("name", "version", "quantity")]
    assert any(f.kind == "quantity" for f in every)
    assert extract(text, figures_only=True) == every


def test_an_integer_is_a_figure_only_after_its_measure() -> None:
    found = {
        (f.thing, f.value)
        for f in extract("TTFT 120，共 300 条，latency 35")
        if f.kind == "quantity"
    }
    assert found == {("ttft", "120"), ("latency", "35")}


def _plain_stated(f: Fact, other: Facts) -> bool:
    """`stated` of a quantity by its definition: `agree` asked of every figure of the unit."""
    from briefdesk.core.facts.index import value_key
    from briefdesk.core.facts.numerals import agree, numeric

    if value_key(f) in other.values:
        return True
    n = numeric(f.value)
    return n is not None and any(
        agree(f.value, g.value, f.approx or g.approx) for g in other.by_unit.get(n[1], ())
    )


def test_stated_looks_only_where_agree_can_say_yes() -> None:
    """The sorted window of `stated` finds every figure `agree` accepts, over figures written
    with every precision, magnitude and unit, approximate or not."""
    from briefdesk.core.facts.index import stated

    rng = random.Random(7)
    units = ["%", "", "K", "M", "ms", "×"]

    def figure(approx: bool) -> Fact:
        whole = rng.choice([0, 1, 3, 9, 10, 30, 75, 76, 99, 100, 120, 999, 2050, 5300])
        value = str(whole + rng.choice([0, 0.1, 0.5, 0.05, 0.95, 0.123]) * rng.choice([0, 1]))
        value = value[:-2] if value.endswith(".0") else value
        return Fact("quantity", "x", value + rng.choice(units), value, True, (), 0, approx)

    for _ in range(3000):
        other = Facts.of([figure(rng.random() < 0.3) for _ in range(rng.randint(1, 12))])
        f = figure(rng.random() < 0.3)
        assert stated(f, other) == _plain_stated(f, other), (f, other.by_unit)


def test_an_ids_revision_is_what_the_expression_finds() -> None:
    """`_revision` finds an arXiv id's revision (`2611.09458v2`) by `str.find`; its answer is
    the expression's (`<id>v([0-9]{1,2})(?![0-9])`, first match) on texts with the id written
    again with one, two, three or no digits, overlapping, at the end, or not at all."""
    rng = random.Random(13)
    ident = "2611.09458"
    parts = [ident, "v", "1", "2", "0", "9", "x", " ", "2611.0945", "v3", "٣", "."]
    texts = ["".join(rng.choice(parts) for _ in range(rng.randint(0, 12))) for _ in range(4000)]
    texts += [f"{ident}v2", f"{ident}v123 {ident}v4", f"{ident}v", f"{ident}{ident}v12"]
    found = 0
    for text in texts:
        m = re.search(re.escape(ident) + r"v([0-9]{1,2})(?![0-9])", text)
        expected = (m.start(), m.group(0), m.group(1)) if m else None
        assert _revision(text, ident) == expected, text
        found += m is not None
    assert 100 < found < len(texts)


def test_a_current_word_starts_with_a_character_looked_ahead_for() -> None:
    """`_CURRENT_WORD` looks ahead for CURRENT_FIRST before trying the lexicon's words: every
    word of CURRENT_ZH, and of CURRENT_EN in either case, starts with one of them, and the
    search finds what the plain alternation finds."""
    for lexicon, either_case in ((CURRENT_ZH, False), (CURRENT_EN, True)):
        assert lexicon.startswith("(?:") and lexicon.endswith(")")
        for word in lexicon[3:-1].split("|"):
            first = word[0]
            assert first in CURRENT_FIRST, word
            if either_case:
                assert first.lower() in CURRENT_FIRST and first.upper() in CURRENT_FIRST, word
    plain = re.compile(rf"{CURRENT_ZH}|(?i:{CURRENT_EN})")
    rng = random.Random(17)
    parts = [
        "最新",
        "稳定版",
        "当前版本",
        "LTS 版本",
        "Latest",
        "MOST-RECENT",
        "ſtable",
        "lts",
        " ",
    ]
    parts += ["x", "版", "现行", "curr", "ent", "NEWest", "。"]
    texts = ["".join(rng.choice(parts) for _ in range(rng.randint(0, 8))) for _ in range(3000)]
    found = 0
    for text in texts:
        m, p = _CURRENT_WORD.search(text), plain.search(text)
        assert (m and (m.span(), m.group(0))) == (p and (p.span(), p.group(0))), text
        found += p is not None
    assert 100 < found < len(texts)
