"""The `briefdesk` command: thin argument handling over core, one-line errors, fixed exit codes.

Exit status: 0 done; 1 a check failed (verify found a mismatch); 2 bad input or usage, with one
line `briefdesk: error: <what and where>` on stderr and no traceback. The interactive commands
(`review`, `demo`) import the Textual desk (`briefdesk.tui.launch`) only when they run, so the
headless commands never pay for importing Textual. This module sits above `briefdesk.core` and
`briefdesk.tui`; core imports neither it nor the desk.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from . import __version__
from .core.errors import BriefdeskError
from .core.textsafe import safe_line
from .core.workspace import Workspace

if TYPE_CHECKING:
    from .core.review import Review

UiLauncher = Callable[[Path, "str | None", "str | None"], int]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, no usage dump
        raise BriefdeskError(f"{message} (see '{self.prog} --help')")


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="briefdesk",
        formatter_class=_formatter,
        description=(
            "Review a batch of collected materials and commit the brief with its provenance."
        ),
        epilog=(
            "Start with `briefdesk demo`. Every command takes -w DIR (default: the current folder)."
        ),
    )
    parser.add_argument("--version", action="version", version=f"briefdesk {__version__}")
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )

    def command(name: str, summary: str, example: str) -> argparse.ArgumentParser:
        p = sub.add_parser(
            name,
            help=summary,
            description=summary,
            epilog=f"example:\n  {example}",
            formatter_class=_formatter,
        )
        if name not in ("demo",):
            p.add_argument(
                "-w",
                "--workspace",
                default=".",
                metavar="DIR",
                help="the workspace (a git repository)",
            )
        return p

    p = command(
        "demo",
        "Copy the bundled demo workspace to a new folder, make it a git repository "
        "and open the desk on it.",
        "briefdesk demo --path /tmp/briefdesk-demo",
    )
    p.add_argument(
        "--path", metavar="DIR", help="where to put the copy (default: a new temporary folder)"
    )
    p.add_argument("--no-open", action="store_true", help="only make the workspace; print its path")
    p.add_argument("--keymap", help="keymap name or path (default, vim, or a YAML file)")

    p = command(
        "review",
        "Open the review desk; without -b, pick a batch first.",
        "briefdesk review -w ~/kb -b 2026-11-03-e627b203 --keymap vim",
    )
    p.add_argument("-b", "--batch", help="batch stem, path or id")
    p.add_argument("--keymap", help="keymap name or path (default, vim, or a YAML file)")

    p = command(
        "scan",
        "List the batch's items with evidence, proposed placements and duplicate candidates.",
        "briefdesk scan -w ~/kb -b 2026-11-03-e627b203 --json",
    )
    p.add_argument("-b", "--batch", required=True, help="batch stem, path or id")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-cache", action="store_true", help="do not read or write .briefdesk/cache")

    p = command(
        "build",
        "Render the brief from the saved review session (proposals only when none is saved).",
        "briefdesk build -w ~/kb -b 2026-11-03-e627b203 -o /tmp/brief.md",
    )
    p.add_argument("-b", "--batch", required=True, help="batch stem, path or id")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    p.add_argument(
        "--reviewer", help="who reviewed, as `commit` would name them (default: settings, then git)"
    )

    p = command(
        "commit",
        "Write the brief and its sidecar and commit exactly those two files "
        "with provenance trailers.",
        "briefdesk commit -w ~/kb -b 2026-11-03-e627b203 --reviewer Tom",
    )
    p.add_argument("-b", "--batch", required=True, help="batch stem, path or id")
    p.add_argument("--reviewer", help="who reviewed (default: settings, then git config user.name)")
    p.add_argument(
        "--allow-undecided", action="store_true", help="commit even though some items are undecided"
    )

    p = command(
        "history",
        "List the brief commits with their batch, reviewer, date and counts.",
        "briefdesk history -w ~/kb --topic inference --json",
    )
    p.add_argument("--topic", help="only this topic")
    p.add_argument("--json", action="store_true", help="print a JSON list")

    p = command(
        "verify",
        "Recompute the material hashes recorded in a brief commit; exit 1 on a mismatch.",
        "briefdesk verify -w ~/kb HEAD",
    )
    p.add_argument("rev", metavar="REV", help="the brief commit (sha, HEAD, a branch ...)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if hasattr(sys.stdout, "reconfigure"):  # a terminal that cannot show a character gets \uXXXX
        sys.stdout.reconfigure(errors="backslashreplace")
        sys.stderr.reconfigure(errors="backslashreplace")
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except BriefdeskError as exc:
        print(f"briefdesk: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except (
        OSError
    ) as exc:  # the disk or the system refused (full, read-only, gone): one line, no traceback
        if isinstance(exc, BrokenPipeError):
            return 0
        print(
            f"briefdesk: error: {BriefdeskError(exc.strerror or str(exc), exc.filename)}",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: still one line, unless asked for the traceback
        if os.environ.get("BRIEFDESK_DEBUG"):
            raise
        print(
            f"briefdesk: internal error: {safe_line(f'{type(exc).__name__}: {exc}')} "
            "(run again with BRIEFDESK_DEBUG=1 for the traceback, and please report it)",
            file=sys.stderr,
        )
        return 2


# -- commands ---------------------------------------------------------------------------------


def _review(args: argparse.Namespace) -> Review:
    from .core.review import load_review

    return load_review(Workspace.open(args.workspace), args.batch)


def cmd_scan(args: argparse.Namespace) -> int:
    from .core.scan import scan_report, scan_table

    review = _review(args)
    matches = review.match(cache=not args.no_cache)
    if args.json:
        _out(_json(scan_report(review, matches)))
    else:
        _out(scan_table(review, matches))
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from .core.gitio import reviewer_name
    from .core.render import render_brief

    review = _review(args)
    try:  # the name `commit` would write, so that build shows the bytes commit commits
        reviewer: str | None = reviewer_name(review, args.reviewer)
    except BriefdeskError:
        reviewer = None
    with review.open_session(readonly=True) as session:
        text = render_brief(review, session.data, reviewer=reviewer)
    if args.output:
        out = Path(args.output)
        try:
            out.write_text(text, "utf-8")
        except OSError as exc:
            raise BriefdeskError(f"cannot write: {exc.strerror}", out) from None
    else:
        _out(text)
    return 0


def cmd_commit(args: argparse.Namespace) -> int:
    from .core.commit import commit_brief

    review = _review(args)
    # Committing reads the saved decisions and edits none: no lock, no `.briefdesk/` made, and a
    # desk left open on the batch does not stop it.
    with review.open_session(readonly=True) as session:
        result = commit_brief(
            review, session, reviewer=args.reviewer, allow_undecided=args.allow_undecided
        )
    _out(f"committed {result.sha[:12]}: {result.brief_path} and {result.sidecar_path}\n")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from .core.history import history

    entries = history(Workspace.open(args.workspace), args.topic)
    if args.json:
        _out(_json([e.model_dump(mode="json") for e in entries]))
        return 0
    if not entries:
        _out("no brief commits yet\n")
    for e in entries:  # trailer values are other people's text: never raw to the terminal
        line = (
            f"{e.sha[:10]}  {e.date[:10]}  {e.topic or '-':<12} {e.batch}  "
            f"by {e.reviewer or '-'}  {e.counts_line}"
        )
        _out(safe_line(line) + "\n")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from .core.history import verify

    result = verify(Workspace.open(args.workspace), args.rev)
    for check in result.files:
        _out(safe_line(f"{check.status:<8} {check.path}") + "\n")
    if not result.ok:
        bad = [c.path for c in result.files if c.status != "ok"]
        print(
            safe_line(
                f"briefdesk: verify failed: {', '.join(bad)} do not match the hashes in {args.rev}"
            ),
            file=sys.stderr,
        )
        return 1
    _out(f"all {len(result.files)} material hashes match {args.rev}\n")
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    ws = Workspace.open(args.workspace)
    _check_keymap(args.keymap, ws)
    return _ui()(ws.root, args.batch, args.keymap)


def _check_keymap(spec: str | None, ws: Workspace) -> None:
    """Refuse a bad keymap here, as one line and exit 2, before the desk takes the terminal.

    The same choice as the app makes (`core.keymap.choose`): the command line, the workspace's
    `keymap:` setting when it is given, the user's own file, default.
    """
    from .core.keymap import choose

    settings = ws.settings
    choose(spec, settings.keymap if "keymap" in settings.model_fields_set else None, ws.root)


def cmd_demo(args: argparse.Namespace) -> int:
    from .core.demo import make_demo

    if args.keymap and not args.no_open:
        from .core.keymap import load_keymap

        load_keymap(args.keymap)  # a bad one is refused before a folder is made
    root, batch = make_demo(Path(args.path) if args.path else None)
    if args.no_open:
        _out(f"demo workspace: {root}\nnext: briefdesk review -w {root} -b {batch}\n")
        return 0
    return _ui()(root, batch, args.keymap)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "scan": cmd_scan,
    "build": cmd_build,
    "commit": cmd_commit,
    "history": cmd_history,
    "verify": cmd_verify,
    "review": cmd_review,
    "demo": cmd_demo,
}


def _ui() -> UiLauncher:
    """The desk's launcher, imported only now: the headless commands never import Textual.

    The desk is a long-lived process: the cyclic garbage collector that `run` keeps off for the
    headless commands is turned back on here.
    """
    gc.enable()
    from .tui.launch import run_review

    return run_review


# JSON escapes C0 controls by itself; with ensure_ascii=False it would print DEL, C1 controls
# (U+009B is a one-byte CSI), bidi overrides and line separators raw. Escaped, they stay data.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _json(data: object) -> str:
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"


def _out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def run() -> NoReturn:
    """`briefdesk` as a process: the console script and `python -m briefdesk`.

    A headless command is a short process whose objects (modules, pydantic's validators, the
    batch) live until it ends. The cyclic garbage collector would walk them again and again
    while they load, and all of them once more at exit, and find next to nothing to free
    (measured: 30-50 ms of a ~300 ms `commit`; `scan` of 3,000 items peaks at the same memory
    without it). So it stays off, and what is left is frozen before the interpreter shuts down;
    the desk, a long-lived process, turns it back on (`_ui`). Tests call `main` in their own
    process, where none of this applies.
    """
    gc.disable()
    try:
        code = main()
    finally:
        gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    run()
