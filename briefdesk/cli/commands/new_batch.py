"""`briefdesk new-batch`: a manifest of the materials no batch names yet; prints its stem."""

from __future__ import annotations

import argparse

from ...core.text.sanitize import safe_line
from ..output import err, out
from .context import open_workspace

NAME = "new-batch"
SUMMARY = (
    "Write a batch manifest of the materials no batch names yet (or changed since the topic's "
    "last brief) and print its stem."
)
EXAMPLE = "briefdesk new-batch -w ~/kb --topic inference --collector jay --dry-run"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--topic", required=True, help="the topic the batch is for")
    p.add_argument(
        "--since",
        metavar="REV|DATE",
        help="only materials added or changed since this commit or date (YYYY-MM-DD)",
    )
    p.add_argument(
        "--collector",
        action="append",
        default=[],
        metavar="C",
        help="only this collector's materials (jay = inbox/jay; may be repeated)",
    )
    p.add_argument(
        "--dry-run", action="store_true", help="print the manifest instead of writing it"
    )


def run(args: argparse.Namespace) -> int:
    from ...core.commands.newbatch import NothingToBatch, plan_new_batch, write_new_batch
    from ...core.git.command import git_identity

    ws = open_workspace(args)
    author = ws.settings.reviewer
    if not author:
        ident = git_identity(ws.root)
        author = ident[0] if ident else None
    try:
        plan = plan_new_batch(
            ws, args.topic, since=args.since, collectors=tuple(args.collector), author=author
        )
    except NothingToBatch as exc:  # not an error: nothing is new tonight
        err(f"briefdesk: {exc}\n")
        return exc.exit_code
    if args.dry_run:
        out(plan.text)
        err(safe_line(f"would write {plan.path}: {plan.summary()} (nothing written)") + "\n")
        return 0
    write_new_batch(ws, plan)
    out(safe_line(plan.stem) + "\n")
    err(
        safe_line(f"wrote {plan.path}: {plan.summary()}")
        + f"\nnext: briefdesk review -b {safe_line(plan.stem)}\n"
    )
    return 0
