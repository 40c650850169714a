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
    return launch_desk(ws.root, args.batch, args.keymap)


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
