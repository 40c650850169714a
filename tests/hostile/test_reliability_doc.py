"""docs/reliability.md stays true: every test it names exists, every bad-input case is in its
table, and every test of the hostile suite is named in it."""

from __future__ import annotations

import re
from pathlib import Path

from bad_cases import CASES
from hostile_helpers import ROOT

DOC = ROOT / "docs" / "reliability.md"
TESTS = ROOT / "tests"
# `hostile/test_x.py::test_y`, or `…::test_z` / `::test_z` for another test of the file named before
REF = re.compile(r"(?:([\w/]+/test_\w+\.py)|…|(?<=`))::(test_\w+)")


def named_tests() -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    current: str | None = None
    for match in REF.finditer(DOC.read_text("utf-8")):
        current = match.group(1) or current
        assert current, f"{match.group(0)} without a file before it"
        found.add((current, match.group(2)))
    return found


def test_every_named_test_exists() -> None:
    missing = [
        f"{path}::{name}"
        for path, name in sorted(named_tests())
        if not re.search(rf"^(?:async )?def {name}\(", (TESTS / path).read_text("utf-8"), re.M)
    ]
    assert not missing, f"docs/reliability.md names tests that do not exist: {missing}"


def test_every_bad_input_case_is_in_the_table() -> None:
    text = DOC.read_text("utf-8")
    assert not [c.name for c in CASES if f"| `{c.name}` |" not in text]


def test_every_hostile_test_is_in_the_doc() -> None:
    named = named_tests()
    here = Path(__file__).parent
    missing = []
    for path in sorted(here.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        rel = f"hostile/{path.name}"
        for name in re.findall(r"^(?:async )?def (test_\w+)\(", path.read_text("utf-8"), re.M):
            if (rel, name) not in named:
                missing.append(f"{rel}::{name}")
    assert not missing, f"not in docs/reliability.md: {missing}"
