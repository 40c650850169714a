"""`briefdesk scan`: the batch's items with evidence, placements and duplicate candidates, and
the claims that disagree."""

from __future__ import annotations

import argparse

from ..output import out, to_json
from ..progress import StderrProgress
from .context import add_batch, load_batch

NAME = "scan"
SUMMARY = "List the batch's items with evidence, proposed placements and duplicate candidates."
EXAMPLE = "briefdesk scan -w ~/kb -b 2026-11-03-e627b203 --json"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_batch(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-cache", action="store_true", help="match without the cache and write none")
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress on stderr (it is shown on a terminal only)",
    )


def run(args: argparse.Namespace) -> int:
    from ...core.commands.scan import scan_report, scan_table
    from ...core.matching.job import MatchJob

    review = load_batch(args)
    language = review.workspace.settings.language
    job = MatchJob(review, language, fork=False, cache=not args.no_cache)  # scan waits for it
    with StderrProgress(f"matching {len(review.items)} items", enabled=not args.quiet) as progress:
        outcome = job.run(progress)
    matches, conflicts = outcome.matches, outcome.conflicts
    if args.json:
        out(to_json(scan_report(review, matches, conflicts)))
    else:
        out(scan_table(review, matches, conflicts))
    return 0
