"""`briefdesk history`: the brief commits reachable from HEAD, with their provenance."""

from __future__ import annotations

import argparse

from ...core.textsafe import safe_line
from ..output import out, to_json
from .context import open_workspace

NAME = "history"
SUMMARY = "List the brief commits with their batch, reviewer, date and counts."
EXAMPLE = "briefdesk history -w ~/kb --topic inference --json"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--topic", help="only this topic")
    p.add_argument("--json", action="store_true", help="print a JSON list")


def run(args: argparse.Namespace) -> int:
    from ...core.history import history

    entries = history(open_workspace(args), args.topic)
    if args.json:
        out(to_json([e.model_dump(mode="json") for e in entries]))
        return 0
    if not entries:
        out("no brief commits yet\n")
    for e in entries:  # trailer values are other people's text: never raw to the terminal
        line = (
            f"{e.sha[:10]}  {e.date[:10]}  {e.topic or '-':<12} {e.batch}  "
            f"by {e.reviewer or '-'}  {e.counts_line}"
        )
        out(safe_line(line) + "\n")
    return 0
