"""`briefdesk demo`: a private copy of the bundled demo workspace, opened in the desk."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..output import out
from .review import add_keymap, launch_desk, need_terminal

NAME = "demo"
SUMMARY = (
    "Copy the bundled demo workspace to a new folder, make it a git repository "
    "and open the desk on it."
)
EXAMPLE = "briefdesk demo --path /tmp/briefdesk-demo"
WORKSPACE = False  # it makes one


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--path", metavar="DIR", help="where to put the copy (default: a new temporary folder)"
    )
    p.add_argument("--no-open", action="store_true", help="only make the workspace; print its path")
    add_keymap(p)


def run(args: argparse.Namespace) -> int:
    from ...core.commands.demo import make_demo

    if args.keymap and not args.no_open:
        from ...core.settings.keymap import load_keymap

        load_keymap(args.keymap)  # a bad one is refused before a folder is made
    if not args.no_open:
        need_terminal()  # nor is a folder made for a desk that cannot open
    root, batch = make_demo(Path(args.path) if args.path else None)
    if args.no_open:
        out(f"demo workspace: {root}\nnext: briefdesk review -w {root} -b {batch}\n")
        return 0
    code = launch_desk(root, batch, args.keymap)
    # The copy outlives the desk (a temporary folder is not removed): say where it is, once the
    # terminal is the shell's again, and how to come back to it.
    out(f"demo workspace: {root}\nagain: briefdesk review -w {root} -b {batch}\n")
    return code
