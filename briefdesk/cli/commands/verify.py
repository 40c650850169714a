"""`briefdesk verify REV`: recompute a brief commit's material hashes and lay its brief out again
from its sidecar; exit 1 on a mismatch."""

from __future__ import annotations

import argparse

from ...core.text.sanitize import safe_line
from ..output import err, out
from .context import open_workspace

NAME = "verify"
SUMMARY = (
    "Recompute the material hashes recorded in a brief commit and lay its brief out again from "
    "its sidecar; exit 1 on a mismatch."
)
EXAMPLE = "briefdesk verify -w ~/kb HEAD"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("rev", metavar="REV", help="the brief commit (sha, HEAD, a branch ...)")


def run(args: argparse.Namespace) -> int:
    from ...core.git.history import verify

    result = verify(open_workspace(args), args.rev)
    for check in result.files:
        out(safe_line(f"{check.status:<8} {check.path}") + "\n")
    brief = result.brief
    if brief is not None:
        out(safe_line(f"{brief.status:<8} {brief.path or '(no brief)'}: {brief.detail}") + "\n")
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
        if brief is not None and brief.status in ("mismatch", "missing"):
            where = brief.path or f"the brief of {args.rev}"
            err(safe_line(f"briefdesk: verify failed: {where}: {brief.detail}") + "\n")
        return 1
    tail = " and the brief is its sidecar's" if brief is not None and brief.status == "ok" else ""
    out(f"all {len(result.files)} material hashes match {args.rev}{tail}\n")
    return 0
