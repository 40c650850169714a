"""Where an internal error's traceback goes: a file of its own, so the terminal gets one line.

`$XDG_STATE_HOME/briefdesk/crash/` (default `~/.local/state/briefdesk/crash/`), else the system's
temporary folder when that cannot be written. The report holds the version, the arguments and
the traceback; never the user's materials.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .. import __version__


def crash_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "briefdesk" / "crash"


def write_crash_report(exc: BaseException, argv: list[str]) -> str:
    """Write the report and return its path (or a sentence saying it could not be written).

    Its modules are imported only when a report is written: every start imports this file."""
    import datetime as dt
    import tempfile
    import traceback

    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    name = f"{stamp}-{os.getpid()}.txt"
    text = (
        f"briefdesk {__version__} on Python {sys.version.split()[0]}\n"
        f"arguments: {argv!r}\n\n" + "".join(traceback.format_exception(exc))
    )
    for folder in (crash_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            path.write_text(text, "utf-8")
        except OSError:
            continue
        return str(path)
    return "no file (the report could not be written)"
