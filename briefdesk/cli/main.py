"""`briefdesk` as a process: exit codes and the one line every failure prints.

Exit status: 0 done; 1 a check failed (verify found a mismatch); 2 bad input or usage, with one
line `briefdesk: error: <what and where>` on stderr and no traceback; 70 an internal error (a
bug), with one line saying where the details were written (`crashlog`); 130 interrupted. When git
refused because a hook said no, the hook's whole output follows the one line, each line marked
`  │ `, since the reason is rarely its first line.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..core.errors import BriefdeskError
from ..core.text.sanitize import safe_line
from .crashlog import write_crash_report

EXIT_INTERNAL = 70  # EX_SOFTWARE of sysexits.h


def main(argv: Sequence[str] | None = None) -> int:
    from .parser import build_parser

    if sys.stdout is None:  # started with standard output closed (`briefdesk status >&-`)
        print("briefdesk: error: standard output is closed; nothing was done", file=sys.stderr)
        return 2
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a character gets \uXXXX
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        args = build_parser().parse_args(argv)
        return int(args.run(args))
    except BriefdeskError as exc:
        print(f"briefdesk: error: {exc}", file=sys.stderr)
        if len(exc.details) > 1 or (exc.details and exc.details[0].strip() not in str(exc)):
            # what a git hook said, when the one line cannot hold it: under it, marked as output
            print("\n".join(f"  │ {d}" for d in exc.details), file=sys.stderr)
        return exc.exit_code
    except OSError as exc:  # the disk or the system refused (full, read-only, gone): bad input
        if isinstance(exc, BrokenPipeError):
            return 0
        problem = BriefdeskError(exc.strerror or str(exc), exc.filename)
        print(f"briefdesk: error: {problem}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: one line, the traceback in a file
        if os.environ.get("BRIEFDESK_DEBUG"):
            raise
        where = write_crash_report(exc, list(argv) if argv is not None else sys.argv[1:])
        print(
            f"briefdesk: internal error: {safe_line(f'{type(exc).__name__}: {exc}')} "
            f"(a bug: the details are in {where}; please report it)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def run() -> NoReturn:
    """The console script and `python -m briefdesk`.

    A headless command is a short process whose objects (modules, pydantic's validators, the
    batch) live until it ends. The cyclic garbage collector would walk them again and again
    while they load, and all of them once more at exit, and find next to nothing to free
    (measured: 30-50 ms of a ~300 ms `commit`; `scan` of 3,000 items peaks at the same memory
    without it). So it stays off, and what is left is frozen before the interpreter shuts down;
    the desk, a long-lived process, turns it back on (`commands.review.launch_desk`). Tests call
    `main` in their own process, where none of this applies.
    """
    gc.disable()
    try:
        code = main()
    finally:
        gc.freeze()
    sys.exit(code)
