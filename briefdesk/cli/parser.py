"""The argument parser: `briefdesk COMMAND ...`, every command from its own module.

A command module has `NAME`, `SUMMARY`, `EXAMPLE`, `add_arguments(parser)` and `run(args)`;
`commands.ALL` lists them in the order `--help` shows them.
"""

from __future__ import annotations

import argparse
from typing import NoReturn

from .. import __version__
from ..core.errors import BriefdeskError
from .commands import ALL


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, no usage dump
        raise BriefdeskError(f"{message} (see '{self.prog} --help')")


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32)


def add_workspace(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "-w",
        "--workspace",
        default=None,
        metavar="DIR",
        help="the workspace (default: the git repository holding the current folder)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="briefdesk",
        formatter_class=_formatter,
        description=(
            "Review a batch of collected materials and commit the brief with its provenance."
        ),
        epilog=(
            "Start with `briefdesk demo`. Every command but demo takes -w DIR (default: the git\n"
            "repository that holds the current folder)."
        ),
    )
    parser.add_argument("--version", action="version", version=f"briefdesk {__version__}")
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )
    for command in ALL:
        p = sub.add_parser(
            command.NAME,
            help=command.SUMMARY,
            description=command.SUMMARY,
            epilog=f"example:\n  {command.EXAMPLE}",
            formatter_class=_formatter,
        )
        if getattr(command, "WORKSPACE", True):
            add_workspace(p)
        command.add_arguments(p)
        p.set_defaults(run=command.run)
    return parser
