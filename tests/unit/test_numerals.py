"""Chinese numerals as the fact index reads them, checked against cn2an (a test-only oracle:
docs/facts.md, "Figures written another way", says why the scan does not import it)."""

from __future__ import annotations

import cn2an
from briefdesk.core.facts.numerals import zh_number
from hypothesis import given
from hypothesis import strategies as st


@given(st.integers(min_value=0, max_value=9999))
def test_every_numeral_below_ten_thousand_reads_as_cn2an_writes_it(n: int) -> None:
    written = cn2an.an2cn(n)
    assert zh_number(written) == n, written


@given(st.integers(min_value=1, max_value=9999))
def test_liang_reads_as_two(n: int) -> None:
    """`两千`, `两百`: the colloquial two before a scale (cn2an writes 二)."""
    written = cn2an.an2cn(n).replace("二千", "两千").replace("二百", "两百")
    assert zh_number(written) == n, written


def test_the_abbreviated_last_digit_is_one_step_below_the_last_scale() -> None:
    """`两千三` is 2300 and `一百五` 150 (cn2an reads them so too), but a 零 ends the
    abbreviation: `一千零三` is 1003."""
    for written in ("两千三", "一百五", "三千零五", "一百零五", "九千九"):
        assert zh_number(written) == cn2an.cn2an(written, "smart"), written


def test_the_figure_start_test_removes_no_figure_in_words() -> None:
    """`_WORDED` tests first where a figure can start; on random strings of number words, units
    and digits (English and Chinese) it finds the same figures as its alternatives alone, so a
    new alternative starting with another letter fails here until the start test takes it in."""
    import random
    import re

    from briefdesk.core.facts import numerals

    plain = re.compile(
        numerals._WORDED.pattern.removeprefix(numerals._FIGURE_START), numerals._WORDED.flags
    )
    words = [
        *numerals._EN_UNITS,
        *numerals._EN_TENS,
        *[
            "a hundred",
            "one hundred",
            "hundred",
            "twice",
            "double",
            "half",
            "Twice",
            "HALF",
            "Three",
            "ſix",
        ],
        *[
            "as",
            "the",
            "that",
            "of",
            "in",
            "out of",
            "every",
            "times",
            "percent",
            "per cent",
            "bit",
            "bits",
            "to",
            "points",
        ],
        *[
            "pp",
            "percentage points",
            "Elo",
            "votes",
            "days",
            "weeks",
            "runs",
            "thousand",
            "million",
            "billion",
        ],
        *["3", "4", "20", "30", "1", "000", "2.5", "0.75", "x", "Q", ".", "-", "%"],
        *[
            "万",
            "亿",
            "分之",
            "百分之",
            "四",
            "成",
            "半",
            "五",
            "倍",
            "十",
            "百",
            "千",
            "每",
            "两",
            "零",
            "〇",
            "本",
            "功",
        ],
    ]
    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(
            rng.choice(words) + rng.choice(("", " ", " ", "-", "\n"))
            for _ in range(rng.randint(1, 10))
        )
        got = [(m.span(), m.groupdict()) for m in numerals._WORDED.finditer(text)]
        assert got == [(m.span(), m.groupdict()) for m in plain.finditer(text)], text
