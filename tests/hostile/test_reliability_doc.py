"""The docs stay true: every test a page names exists (docs/reliability.md, docs/git.md …), every
bad-input case is in reliability.md's table, and every test of the hostile suite is named there;
the docs stand alone (no pointer outside the repository) and every link between them resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bad_cases import CASES
from hostile_helpers import ROOT

DOC = ROOT / "docs" / "reliability.md"
TESTS = ROOT / "tests"
# `hostile/test_x.py::test_y`, or `…::test_z` / `::test_z` for another test of the file named before
REF = re.compile(r"(?:([\w/]+/test_\w+\.py)|…|(?<=`))::(test_\w+)")


PAGES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]


def named_tests(doc: Path = DOC) -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    current: str | None = None
    for match in REF.finditer(doc.read_text("utf-8")):
        current = match.group(1) or current
        assert current, f"{match.group(0)} without a file before it"
        found.add((current, match.group(2)))
    return found


@pytest.mark.parametrize("doc", PAGES, ids=lambda p: p.name)
def test_every_named_test_exists(doc: Path) -> None:
    missing = [
        f"{path}::{name}"
        for path, name in sorted(named_tests(doc))
        if not (TESTS / path).is_file()
        or not re.search(rf"^(?:async )?def {name}\(", (TESTS / path).read_text("utf-8"), re.M)
    ]
    assert not missing, f"{doc.name} names tests that do not exist: {missing}"


@pytest.mark.parametrize("doc", PAGES, ids=lambda p: p.name)
def test_the_docs_stand_alone(doc: Path) -> None:
    """A reader of the repository alone can follow every pointer: no contract or issue outside
    it, and every relative link resolves."""
    text = doc.read_text("utf-8")
    assert not re.findall(r"PRODUCT(?:\.md)? ?§|\.\./shared|\bissue \d+", text)
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if "://" not in target:
            assert (doc.parent / target).exists(), f"{doc.name} links to {target}"


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
