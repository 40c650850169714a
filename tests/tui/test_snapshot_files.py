"""Every picture in tests/tui/__snapshots__ belongs to a test that still exists. Under xdist
(the default run, docs/testing.md) syrupy no longer reports a snapshot no test uses any more, so
a renamed or removed test would leave its old picture behind for a reader to trust."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
SNAPSHOTS = HERE / "__snapshots__"


def test_every_snapshot_has_its_test() -> None:
    orphans = []
    for svg in sorted(SNAPSHOTS.glob("*/*.svg")):
        module = HERE / f"{svg.parent.name}.py"
        name = svg.stem.split("[", 1)[0]
        source = module.read_text("utf-8") if module.is_file() else ""
        if not re.search(rf"^(?:async )?def {re.escape(name)}\(", source, re.M):
            orphans.append(svg.relative_to(HERE).as_posix())
    assert not orphans, f"pictures without a test (remove them): {orphans}"
