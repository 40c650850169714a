"""`briefdesk verify REV`: recompute a brief commit's material hashes and lay its brief out again
from its sidecar; exit 1 on a mismatch."""

from __future__ import annotations

import argparse

from ...core.text.sanitize import safe_line
from ..output import err, out
from .context import open_workspace

NAME = "verify"
SUMMARY = (
    "Check a brief commit: its material hashes, its trailers against its sidecar, its brief laid "
    "out again from the sidecar, and that it changed nothing else; exit 1 on a mismatch. Also "
    "shows git's signature status."
)
EXAMPLE = "briefdesk verify -w ~/kb HEAD"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("rev", metavar="REV", help="the brief commit (sha, HEAD, a branch ...)")


def run(args: argparse.Namespace) -> int:
    from ...core.git.verify import verify

    result = verify(open_workspace(args), args.rev)
    for check in result.files:
        out(safe_line(f"{check.status:<8} {check.path}") + "\n")
    brief = result.brief
    if brief is not None:
        out(safe_line(f"{brief.status:<8} {brief.path or '(no brief)'}: {brief.detail}") + "\n")
    # consistency is what verify proves; who made the commit is what signing proves
    out(f"signature {result.signature}\n")
    if not result.ok:
        for reason in result.reasons:
            err(safe_line(f"briefdesk: verify failed: {args.rev}: {reason}") + "\n")
        bad = [c for c in result.files if c.status != "ok"]
        if bad:
            err(
                safe_line(
                    f"briefdesk: verify failed: {', '.join(c.path for c in bad)} do not match "
                    f"the hashes in {args.rev} ({', '.join(sorted({c.status for c in bad}))})"
                )
                + "\n"
            )
        if brief is not None and brief.status != "ok" and brief.detail not in result.reasons:
            where = brief.path or f"the brief of {args.rev}"
            err(safe_line(f"briefdesk: verify failed: {where}: {brief.detail}") + "\n")
        return 1
    out(
        f"all {len(result.files)} material hashes match {args.rev}, the trailers agree with its "
        "sidecar and the brief is its sidecar's\n"
    )
    return 0
