"""`python -m benchmarks.run --quick --check` fails on a figure it could not measure: a hook whose
import broke prints "n/a" (so a full run still gives the other figures), and CI must hear of it
(docs/testing.md)."""

from __future__ import annotations

import pytest

from benchmarks.run import Row, checked


def test_check_fails_on_a_row_not_measured(capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        Row("matching, cold", "1.2 s", "", "", "≤ 2 s", "yes"),
        Row("desk first paint / per key", "n/a (ImportError)", "", "", "≤ 1.5×", "n/a"),
    ]
    assert checked(rows, check=True) == 1
    assert "not measured (n/a): desk first paint / per key" in capsys.readouterr().err


def test_check_passes_when_every_figure_was_measured() -> None:
    rows = [Row("matching, cold", "1.2 s", "", "", "≤ 2 s", "**no**")]  # slow is not "n/a"
    assert checked(rows, check=True) == 0


def test_without_check_a_row_not_measured_is_only_printed() -> None:
    assert checked([Row("briefdesk commit", "n/a", "", "", "≤ 1.5×", "n/a")], check=False) == 0
