"""`briefdesk build`: the brief rendered from the saved session, as `commit` would commit it."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...core.errors import BriefdeskError
from ..output import out
from .context import add_batch, load_batch

NAME = "build"
SUMMARY = "Render the brief from the saved review session (proposals only when none is saved)."
EXAMPLE = "briefdesk build -w ~/kb -b 2026-11-03-e627b203 -o /tmp/brief.md"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_batch(p)
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    p.add_argument(
        "--reviewer", help="who reviewed, as `commit` would name them (default: settings, then git)"
    )


def run(args: argparse.Namespace) -> int:
    from ...core.brief import render_brief
    from ...core.settings.reviewer import reviewer_name

    review = load_batch(args)
    try:  # the name `commit` would write, so that build shows the bytes commit commits
        reviewer: str | None = reviewer_name(review.workspace, args.reviewer)
    except BriefdeskError:
        reviewer = None
    with review.open_session(readonly=True) as session:
        text = render_brief(review, session.data, reviewer=reviewer)
    if args.output:
        target = Path(args.output)
        try:
            target.write_text(text, "utf-8")
        except OSError as exc:
            raise BriefdeskError(f"cannot write: {exc.strerror}", target) from None
    else:
        out(text)
    return 0
