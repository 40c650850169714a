"""What most commands start from: the workspace named by `-w` (or found from the current
folder), and one batch of it loaded and checked."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if (
    TYPE_CHECKING
):  # imported when a command runs, never for `--help` (tests/unit/test_cli_startup.py)
    from ...core.review.load import Review
    from ...core.workspace.layout import Workspace


def open_workspace(args: argparse.Namespace) -> Workspace:
    """`-w DIR` as given; without it, the git repository that holds the current folder, so a
    command run from `inbox/jay/` works on the whole knowledge base. The command's flags for
    personal settings (`--reviewer`, `--keymap`) are the strongest layer of its settings."""
    from ...core.settings import PERSONAL_KEYS
    from ...core.workspace.layout import Workspace, find_root

    given = getattr(args, "workspace", None)
    flags = {key: getattr(args, key, None) for key in PERSONAL_KEYS}
    return Workspace.open(Path(given) if given else find_root(Path.cwd()), flags)


def load_batch(args: argparse.Namespace) -> Review:
    from ...core.review.load import load_review

    return load_review(open_workspace(args), args.batch)


def add_batch(p: argparse.ArgumentParser, *, required: bool = True) -> None:
    p.add_argument("-b", "--batch", required=required, help="batch stem, path or id")
