"""`briefdesk review`: the desk on a workspace; without `-b`, the batch picker first."""

from __future__ import annotations

import argparse
import gc
from pathlib import Path
from typing import TYPE_CHECKING

from .context import add_batch, open_workspace

if TYPE_CHECKING:
    from ...core.workspace.layout import Workspace

NAME = "review"
SUMMARY = "Open the review desk; without -b, pick a batch first."
EXAMPLE = "briefdesk review -w ~/kb -b 2026-11-03-e627b203 --keymap vim"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_batch(p, required=False)
    add_keymap(p)


def add_keymap(p: argparse.ArgumentParser) -> None:
    p.add_argument("--keymap", help="keymap name or path (default, vim, or a YAML file)")


def run(args: argparse.Namespace) -> int:
    ws = open_workspace(args)
    check_keymap(ws)
    if args.batch:
        ws.batch(args.batch)  # `-b nosuch`: one error line here, not a full-screen error
    need_terminal()
    return launch_desk(ws.root, args.batch, args.keymap)


def need_terminal() -> None:
    """The desk draws on a terminal and reads its keys: without one (a pipe, a cron job, CI) it
    is refused as one error line before the app starts, instead of a screen nobody sees waiting
    for a `q` nobody can type (docs/cli.md)."""
    import sys

    from ...core.errors import BriefdeskError

    for name, stream in (("stdin", sys.stdin), ("stdout", sys.stdout)):
        isatty = getattr(stream, "isatty", None)
        if stream is None or not (isatty and isatty()):
            raise BriefdeskError(
                f"the desk needs a terminal, and {name} is not one; without a terminal use "
                "`briefdesk scan`, `build` or `commit`"
            )


def check_keymap(ws: Workspace) -> None:
    """Refuse a bad keymap here, as one line and exit 2, before the desk takes the terminal:
    the same choice as the app makes (`core.settings.keymap.choose`)."""
    from ...core.settings.keymap import choose

    choose(ws.settings, ws.root)


def launch_desk(root: Path, batch: str | None, keymap: str | None) -> int:
    """Run the desk, imported only now: the headless commands never import Textual.

    The desk is a long-lived process: the cyclic garbage collector that `run` keeps off for the
    headless commands is turned back on here.
    """
    gc.enable()
    from ...tui.launch import run_review

    return run_review(root, batch, keymap)
