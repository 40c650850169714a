"""`briefdesk status`: every batch, new / in review (n undecided) / committed, and what is left."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ...core.text.sanitize import safe_line
from ..output import err, out, to_json
from .context import open_workspace

if TYPE_CHECKING:
    from ...core.errors import BriefdeskError

NAME = "status"
SUMMARY = (
    "List every batch as new, in review (with how many items are undecided) or committed, "
    "and the materials no batch names yet."
)
EXAMPLE = "briefdesk status -w ~/kb --json"
SCHEMA = 1


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from ...core.commands.status import (
        batch_status,
        repository_note,
        require_workspace,
        unbatched_materials,
        unreadable_error,
    )

    ws = open_workspace(args)
    require_workspace(ws)
    rows, loaded, complete = batch_status(ws)
    unbatched = unbatched_materials(ws, loaded) if complete else None
    if args.json:
        out(
            to_json(
                {
                    "batches": [row.as_json() for row in rows],
                    "unbatched": unbatched,
                    "schema": SCHEMA,
                }
            )
        )
        return refused(unreadable_error(rows))
    if not rows:
        out(f"no batch manifests in {ws.settings.paths.batches}/\n")
    width = max((len(r.stem) for r in rows), default=0)
    topic_width = max((len(r.topic) for r in rows), default=0)
    for row in rows:  # stems, topics and problems are other people's text: never raw
        materials = f"{row.materials} material{'s' if row.materials != 1 else ''}"
        text = f"{row.stem:<{width}}  {row.topic:<{topic_width}}  {materials:>12}  {row.state}"
        if row.problem:
            text += f": {row.problem}"
        out(safe_line(text) + "\n")
    if unbatched is None:
        out("which materials no batch names cannot be told while a manifest cannot be read\n")
    elif unbatched:
        n = len(unbatched)
        out(
            f"{n} material{'s' if n != 1 else ''} no batch names yet: "
            "briefdesk new-batch --topic TOPIC\n"
        )
    else:
        out("every material is named by a batch\n")
    note = repository_note(ws)
    if note:
        out(safe_line(note) + "\n")
    return refused(unreadable_error(rows))


def refused(problem: BriefdeskError | None) -> int:
    """Every batch is listed; a manifest that cannot be read is still bad input (docs/cli.md,
    exit status 2), said in one line on stderr after the list."""
    if problem is None:
        return 0
    err(f"briefdesk: error: {problem}\n")
    return problem.exit_code
