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
