"""`briefdesk history`: the brief commits reachable from HEAD, with their provenance."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, cast

from ...core.text.sanitize import safe_line
from ..output import out, to_json
from .context import open_workspace

if TYPE_CHECKING:
    from ...core.git.history import HistoryEntry
    from ...core.workspace.layout import Workspace

NAME = "history"
SUMMARY = "List the brief commits with their date, batch, reviewer and counts."
EXAMPLE = "briefdesk history -w ~/kb --topic inference --since 2026-11-01 --json"
SCHEMA = 1


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--topic", help="only this topic")
    p.add_argument("-b", "--batch", help="only this batch (stem, path or id)")
    p.add_argument(
        "--since",
        metavar="REV|DATE",
        help="only briefs dated DATE (YYYY-MM-DD) or later, or committed after REV",
    )
    p.add_argument(
        "--verify",
        action="store_true",
        help="check each commit's material hashes, and say which materials changed since",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from ...core.git.history import history, select

    ws = open_workspace(args)
    revisions = "HEAD"
    since_date = None
    if args.since:
        from ...core.git.since import resolve_since

        point = resolve_since(ws, args.since)
        if point.date is not None:
            since_date = point.date.date()
        elif point.commit:
            revisions = f"{point.commit}..HEAD"
    every = history(ws, None, revisions=revisions)
    entries = [e for e in every if args.topic is None or e.topic == args.topic]
    entries = select(entries, batch=batch_names(ws, args.batch), since_date=since_date)
    checks = {e.sha: check(ws, e) for e in entries} if args.verify else {}
    if args.json:
        commits = []
        for e in entries:
            row = e.model_dump(mode="json")
            if e.sha in checks:
                row.update(checks[e.sha])
            commits.append(row)
        out(to_json({"commits": commits, "schema": SCHEMA}))
        return 0
    if not entries:
        out(nothing_found(args, every) + "\n")
    for e in entries:  # trailer values are other people's text: never raw to the terminal
        mark = ""
        if e.sha in checks:
            c = checks[e.sha]
            mark = "✓ " if c["verified"] else "✗ "
        line = (
            f"{mark}{e.sha[:10]}  {e.date}  {e.topic or '-':<12} {e.batch}  "
            f"by {e.reviewer or '-'}  {e.counts_line}"
        )
        line += f"  signature {e.signature}"  # who made it is what signing proves
        if e.sha in checks and checks[e.sha]["changed_since"]:
            n = len(cast("list[str]", checks[e.sha]["changed_since"]))
            line += f"  ({n} material{'s' if n != 1 else ''} changed since)"
        out(safe_line(line) + "\n")
    return 0


def batch_names(ws: Workspace, name: str | None) -> set[str] | None:
    """What `--batch` may match in a commit: the name as given, and the id and stem of the
    manifest it names (a batch whose manifest is gone is still found by its id or stem)."""
    if name is None:
        return None
    from ...core.errors import BriefdeskError

    names = {name}
    try:
        batch = ws.batch(name)
    except BriefdeskError:
        return names
    return names | {batch.manifest.id, batch.stem}


def check(ws: Workspace, entry: HistoryEntry) -> dict[str, object]:
    from ...core.errors import BriefdeskError
    from ...core.git.history import changed_materials
    from ...core.git.verify import verify

    try:
        verified = verify(ws, entry.sha).ok
    except BriefdeskError:
        verified = False
    return {"verified": verified, "changed_since": changed_materials(ws, entry)}


def nothing_found(args: argparse.Namespace, every: list[HistoryEntry]) -> str:
    """Why nothing is listed, and where the brief commits are when there are some."""
    if not every:
        return "no brief commits yet" + (f" since {args.since}" if args.since else "")
    if args.topic and not any(e.topic == args.topic for e in every):
        topics = sorted({e.topic for e in every if e.topic})
        return (
            f"no brief commits for topic {args.topic!r} "
            f"(topics with brief commits: {', '.join(topics)})"
        )
    return "no brief commit matches " + " ".join(
        f"--{key} {value}"
        for key, value in (("topic", args.topic), ("batch", args.batch), ("since", args.since))
        if value
    )
