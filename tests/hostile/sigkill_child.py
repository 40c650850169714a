"""The process the SIGKILL test kills: it reviews the demo batch through core, as the desk does.

    python sigkill_child.py WORKSPACE BATCH SEED

Opens (or resumes) the batch's session with `load_review(...).open_session()`, prints `ready`,
then applies the decisions of `plan(SEED)` one by one, printing `ack <n> <op> <ref>` and flushing
after each call has returned — the moment the desk would show the change as done. It runs until
it is killed. `plan` is shared with the test, which replays the acknowledged decisions.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from briefdesk.core.review.session import Session

OPS = (
    "include",
    "exclude",
    "mark_duplicate",
    "note",
    "move",
    "merge",
    "undo",
    "redo",
    "place",
    "evidence",
)
WEIGHTS = (4, 3, 2, 2, 3, 2, 2, 1, 1, 1)
MAX_STEPS = 100_000


def plan(seed: int, n_items: int) -> Iterator[tuple[str, int, int]]:
    """The decisions of one trial: (op, item index, other item index), a function of the seed
    only."""
    rnd = random.Random(seed)
    for _ in range(MAX_STEPS):
        op = rnd.choices(OPS, WEIGHTS)[0]
        a = rnd.randrange(n_items)
        b = (a + 1 + rnd.randrange(n_items - 1)) % n_items  # never a itself
        yield op, a, b


def apply(session: Session, op: str, a: str, b: str, step: int) -> str:
    """Run one decision; a refusal (BriefdeskError) is a deterministic outcome too."""
    from briefdesk.core.errors import BriefdeskError
    from briefdesk.core.model.values import Evidence

    try:
        if op == "include":
            session.include(a)
        elif op == "exclude":
            session.exclude(a, "off-topic" if step % 2 else "weak-evidence")
        elif op == "mark_duplicate":
            session.mark_duplicate(a, b)
        elif op == "note":
            session.add_note(a, f"note {step} 备注")
        elif op == "move":
            session.move(a, -1 if step % 2 else 1)
        elif op == "merge":
            session.merge(a, b)
        elif op == "undo":
            session.undo()
        elif op == "redo":
            session.redo()
        elif op == "place":
            session.set_placement(a, f"{step % 6 + 1}.{step % 4 + 1}", "append")
        elif op == "evidence":
            session.set_evidence(a, (Evidence.tldr, Evidence.abstract, Evidence.vendor)[step % 3])
        else:
            raise ValueError(op)
    except BriefdeskError:
        return "refused"
    return "ok"


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root))
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    workspace, batch, seed = argv[0], argv[1], int(argv[2])
    review = load_review(Workspace.open(workspace), batch)
    session = review.open_session()
    refs = [item.ref for item in review.items]
    out = sys.stdout
    out.write(f"ready {len(refs)}\n")
    out.flush()
    for step, (op, a, b) in enumerate(plan(seed, len(refs)), start=1):
        result = apply(session, op, refs[a], refs[b], step)
        out.write(f"ack {step} {op} {refs[a]} {result}\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
