"""`briefdesk commit`: the brief and its sidecar, committed alone with provenance trailers."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ...core.text.sanitize import safe_line
from ..output import err, out
from .context import add_batch, load_batch

if TYPE_CHECKING:
    from ...core.workspace.layout import Workspace

NAME = "commit"
SUMMARY = (
    "Write the brief and its sidecar and commit exactly those two files (and the batch's manifest "
    "when it is new or changed) with provenance trailers."
)
EXAMPLE = "briefdesk commit -w ~/kb -b 2026-11-03-e627b203 --reviewer Tom"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_batch(p)
    p.add_argument("--reviewer", help="who reviewed (default: settings, then git config user.name)")
    p.add_argument(
        "--allow-undecided", action="store_true", help="commit even though some items are undecided"
    )


def run(args: argparse.Namespace) -> int:
    from ...core.git.commit import commit_brief

    review = load_batch(args)
    # Committing reads the saved decisions and edits none: no lock, no `.briefdesk/` made, and a
    # desk left open on the batch does not stop it.
    with review.open_session(readonly=True) as session:
        result = commit_brief(
            review, session, reviewer=args.reviewer, allow_undecided=args.allow_undecided
        )
    also = f" (and the batch's manifest {result.manifest})" if result.manifest else ""
    out(
        safe_line(
            f"committed {result.sha[:12]}: {result.brief_path} and {result.sidecar_path}{also}"
        )
        + "\n"
    )
    warnings = list(result.warnings)
    if result.branch is None:
        warnings.insert(
            0,
            f"HEAD is detached: commit {result.sha[:12]} is on no branch; "
            "keep it with `git switch -c <new-branch>` (or `git branch <name> "
            f"{result.sha[:12]}`) before you check out anything else",
        )
    for warning in warnings:
        err(safe_line(f"briefdesk: warning: {warning}") + "\n")
    warn_if_not_the_committer(review.workspace)
    return 0


def warn_if_not_the_committer(ws: Workspace) -> None:
    """A reviewer named by the shared `briefdesk.yaml` who is not the committer is most likely
    someone else: say so (`core.settings.reviewer.committer_warning`, the desk's words too)."""
    from ...core.settings.reviewer import committer_warning

    warning = committer_warning(ws)
    if warning:
        err(f"briefdesk: warning: {safe_line(warning)}\n")
