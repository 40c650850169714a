"""Partial dates (core/claims/dates.py): when two dates as materials write them can name one day,
parts of a month (`10 月中旬`, `mid-October`) included."""

from __future__ import annotations

from briefdesk.core.claims.dates import PartialDate, parse_date
from hypothesis import given
from hypothesis import strategies as st

dates = st.builds(
    PartialDate,
    st.none() | st.integers(2025, 2027),
    st.integers(1, 12),
    st.none() | st.integers(1, 31),
    st.none() | st.sampled_from(["early", "mid", "late"]),
).filter(lambda d: d.day is None or d.part is None)


@given(dates, dates)
def test_agreement_is_symmetric(a: PartialDate, b: PartialDate) -> None:
    assert a.agrees(b) == b.agrees(a)


@given(dates)
def test_a_date_agrees_with_itself(a: PartialDate) -> None:
    assert a.agrees(a)


def test_a_part_of_a_month_is_read_in_both_scripts() -> None:
    assert parse_date("10 月中旬") == PartialDate(None, 10, None, "mid")
    assert parse_date("2026年10月下旬") == PartialDate(2026, 10, None, "late")
    assert parse_date("10月底") == PartialDate(None, 10, None, "late")
    assert parse_date("early Nov 2026") == PartialDate(2026, 11, None, "early")
    assert parse_date("mid-October") == PartialDate(None, 10, None, "mid")


def test_a_day_agrees_with_the_part_of_its_month_only() -> None:
    mid = parse_date("10 月中旬")
    assert mid is not None
    assert mid.agrees(PartialDate(2026, 10, 15, None))
    assert not mid.agrees(PartialDate(2026, 10, 28, None))
    assert not mid.agrees(PartialDate(2026, 11, 15, None))
    assert mid.agrees(PartialDate(None, 10, None, "late"))  # neighbouring parts overlap
    assert not PartialDate(None, 10, None, "early").agrees(PartialDate(None, 10, None, "late"))
