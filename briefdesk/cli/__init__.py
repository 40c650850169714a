"""The `briefdesk` command line: one module per command under `commands/`, argument parsing in
`parser`, exit codes and one-line errors in `main`.

It sits above `briefdesk.core` and `briefdesk.tui`: core imports neither it nor the desk, and
the desk is imported only by the commands that open it (`review`, `demo`), so the headless
commands never pay for importing Textual.
"""

from .main import main, run

__all__ = ["main", "run"]
