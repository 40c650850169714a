"""The command line's way into the desk: `briefdesk review` and `briefdesk demo` call `run_review`.

Textual is imported only here, when the desk actually opens, so headless commands never pay for it.
"""

from __future__ import annotations

from pathlib import Path


def run_review(ws_dir: Path, batch: str | None, keymap: str | None) -> int:
    """Run the desk on `ws_dir`; without `batch`, start with the batch picker. Returns the exit
    code: 0 after a normal quit, 2 when the workspace, the keymap or the batch could not be opened
    (the desk has shown why)."""
    from .app import BriefdeskApp

    app = BriefdeskApp(Path(ws_dir), batch, keymap)
    try:
        app.run()
    finally:
        app.close_sessions()
    return app.return_code or 0
