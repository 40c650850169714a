"""Handing the terminal to another program: the pager, the editor (and back to the desk).

The desk suspends itself (`App.suspend`: the terminal as it was before the desk started), runs
the program in the foreground and takes the terminal back when it exits, as lazygit and tig do.
The program is the user's own: `$PAGER` (else `less`), `$VISUAL`, then `$EDITOR` (else `vi`),
split as a shell would split them (`less -R`, `code --wait`). Opening at a line is done the way
each known program takes it (`+N file` for less, more, vi, vim, nvim, nano, emacs, micro ...;
`file:N` for helix; `--goto file:N` for VS Code); any other program just gets the file.

In a test run (no real terminal to suspend) the program runs with no terminal at all, so a test
can check what was run and that the desk carries on.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from textual.app import App, SuspendNotSupported

PLUS_LINE = frozenset(
    {"less", "more", "most", "view", "vi", "vim", "nvim", "gvim", "nano", "emacs", "emacsclient"}
    | {"micro", "joe", "jed", "mg", "ne", "kak"}
)
COLON_LINE = frozenset({"hx", "helix"})
GOTO_LINE = frozenset({"code", "codium", "code-insiders", "subl"})


@dataclass(frozen=True)
class Outcome:
    """How the hand-off went: the program's exit status, or why it could not run."""

    command: tuple[str, ...]
    returncode: int | None = None
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None and self.returncode == 0


def program(kind: str) -> list[str]:
    """The user's pager or editor as an argument list; the fallback when none is set."""
    names: tuple[str, ...]
    if kind == "pager":
        names = ("PAGER",)
        fallback = ["less"] if shutil.which("less") else ["more"]
    else:
        names = ("VISUAL", "EDITOR")
        fallback = ["vi"]
    for name in names:
        value = os.environ.get(name, "").strip()
        if value:
            try:
                argv = shlex.split(value)
            except ValueError:
                argv = value.split()
            if argv:
                return argv
    return fallback


def at_line(argv: list[str], path: Path, line: int) -> list[str]:
    """`argv` opening `path` at `line`, in the form the program takes."""
    name = Path(argv[0]).name
    if line > 1 and name in PLUS_LINE:
        return [*argv, f"+{line}", str(path)]
    if name in COLON_LINE:
        return [*argv, f"{path}:{line}"]
    if name in GOTO_LINE:
        return [*argv, "--goto", f"{path}:{line}"]
    return [*argv, str(path)]


def run_outside(app: App, argv: list[str], cwd: Path) -> Outcome:
    """Run `argv` with the terminal handed over, and take it back afterwards."""
    command = tuple(argv)
    if shutil.which(argv[0]) is None and not Path(argv[0]).is_file():
        return Outcome(command, problem=f"{argv[0]} is not installed or not on PATH")
    try:
        try:
            with app.suspend():
                proc = subprocess.run(argv, cwd=cwd, check=False)
        except SuspendNotSupported:
            if not app.is_headless:
                return Outcome(command, problem="this terminal cannot be handed to another program")
            proc = subprocess.run(
                argv, cwd=cwd, check=False, stdin=subprocess.DEVNULL, capture_output=True
            )
    except OSError as exc:
        return Outcome(command, problem=f"{argv[0]}: {exc.strerror or exc}")
    return Outcome(command, returncode=proc.returncode)
