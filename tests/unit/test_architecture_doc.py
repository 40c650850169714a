"""docs/architecture.md stays a true map: every package of core has its row, every module a row
names exists, and every module path the page cites (`core.review.session`) can be found."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "architecture.md").read_text("utf-8")


def core_rows() -> dict[str, list[str]]:
    """`package/` -> the modules its row of the core table names."""
    section = PAGE.split("## core/, one folder per idea", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = re.findall(r"`([a-z_]+/?)`", cells[1])
    return rows


def test_every_core_package_has_its_row_and_its_modules_exist() -> None:
    rows = core_rows()
    packages = {p.parent.name + "/" for p in (ROOT / "core").glob("*/__init__.py")}
    flat = {p.name for p in (ROOT / "core").glob("*.py") if p.name != "__init__.py"}
    assert packages | flat == set(rows)
    for package, modules in rows.items():
        for module in modules:
            where = ROOT / "core" / package / module
            assert where.is_dir() if module.endswith("/") else where.with_suffix(".py").is_file(), (
                f"docs/architecture.md names core/{package}{module}, which does not exist"
            )


def test_every_module_the_page_cites_exists() -> None:
    for dotted in set(re.findall(r"`((?:core|tui|briefdesk\.cli)\.[a-z_.]+)`", PAGE)):
        folder, *parts = dotted.replace("briefdesk.cli", "briefdesk/cli").split(".")
        path = ROOT / folder
        for i, part in enumerate(parts):
            if (path / part).is_dir() or (path / f"{part}.py").is_file():
                path = path / part
            else:  # a name inside the module (`core.review.session.Session`): the module is enough
                assert i > 0, dotted
                break
        assert path.is_dir() or path.with_suffix(".py").is_file(), dotted
