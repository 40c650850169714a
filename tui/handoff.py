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


# -- the clipboard and the browser -------------------------------------------------------------
#
# Neither can be confirmed through the terminal: OSC 52 is a request the terminal (or tmux, with
# `set-clipboard external`) may drop without a word, and a browser launched in the background may
# fail after the desk has moved on. So the desk says what it did, not what it hopes happened
# (docs/keys.md, "y" and "w"): a clipboard program that exited 0 copied; OSC 52 was *sent*; a
# browser command that exited non-zero, or no browser at all, is a failure named as such.

CLIPBOARD_TIMEOUT = 3.0  # seconds; xclip and wl-copy fork to keep the selection and return at once
BROWSER_WAIT = 5.0  # seconds a browser command is waited for before it counts as launched


def clipboard_program(environ: dict[str, str] | None = None) -> list[str] | None:
    """The clipboard program this session can use, as an argument list, or None: wl-copy under
    Wayland, xclip then xsel under X, pbcopy on macOS (each only when it is installed)."""
    env = os.environ if environ is None else environ
    candidates: list[list[str]] = []
    if env.get("WAYLAND_DISPLAY"):
        candidates.append(["wl-copy"])
    if env.get("DISPLAY"):
        candidates += [["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"]]
    candidates.append(["pbcopy"])  # macOS: no variable to look at; elsewhere it is not installed
    for argv in candidates:
        if shutil.which(argv[0], path=env.get("PATH")):
            return argv
    return None


def copy_text(app: App, text: str) -> str:
    """Put `text` on the clipboard by the surest means there is; what was done, in words.

    The text is always sent as OSC 52 too (and kept as the app's own clipboard), so a terminal
    that takes it has it even when a program is also used."""
    app.copy_to_clipboard(text)
    argv = clipboard_program()
    if argv is not None:
        try:
            proc = subprocess.run(
                argv,
                input=text.encode("utf-8"),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=CLIPBOARD_TIMEOUT,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired):
            proc = None
        if proc is not None and proc.returncode == 0:
            return f"Copied {text} (with {argv[0]})"
        return (
            f"{argv[0]} failed; sent {text} to the terminal's clipboard (OSC 52), which the "
            "terminal may or may not take"
        )
    return (
        f"Sent {text} to the terminal's clipboard (OSC 52: no clipboard program found; inside "
        "tmux it arrives only with set-clipboard on)"
    )


def browser_commands(url: str, environ: dict[str, str] | None = None) -> list[list[str]] | None:
    """`$BROWSER` as argument lists for `url` (entries separated by `:`, `%s` replaced by the
    URL, else the URL appended), or None when it is not set."""
    env = os.environ if environ is None else environ
    value = env.get("BROWSER", "").strip()
    if not value:
        return None
    out: list[list[str]] = []
    for entry in value.split(os.pathsep):
        try:
            argv = shlex.split(entry)
        except ValueError:
            argv = entry.split()
        if not argv:
            continue
        if any("%s" in a for a in argv):
            argv = [a.replace("%s", url) for a in argv]
        else:
            argv = [*argv, url]
        out.append(argv)
    return out


def open_in_browser(url: str) -> Outcome:
    """Open `url` in the user's browser: `$BROWSER` when set (each entry in turn until one
    exits 0 or is still running after `BROWSER_WAIT`), else Python's `webbrowser`. Blocking:
    call it from a worker thread."""
    commands = browser_commands(url)
    if commands is None:
        import webbrowser

        try:
            controller = webbrowser.get()
        except webbrowser.Error:
            return Outcome(("webbrowser",), problem="no web browser found; set $BROWSER")
        name = getattr(controller, "name", "") or "the default browser"
        if controller.open(url):
            return Outcome((name,), returncode=0)
        return Outcome((name,), problem=f"{name} did not open it")
    if not commands:
        return Outcome(("BROWSER",), problem="$BROWSER names no command")
    problems: list[str] = []
    for argv in commands:
        if shutil.which(argv[0]) is None and not Path(argv[0]).is_file():
            problems.append(f"{argv[0]} is not installed or not on PATH")
            continue
        try:
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError as exc:
            problems.append(f"{argv[0]}: {exc.strerror or exc}")
            continue
        try:
            code = proc.wait(BROWSER_WAIT)
        except subprocess.TimeoutExpired:
            return Outcome(tuple(argv), returncode=0)  # running: it has the URL
        if code == 0:
            return Outcome(tuple(argv), returncode=0)
        problems.append(f"{argv[0]} exited with status {code}")
    return Outcome(tuple(commands[-1]), problem="; ".join(problems))


def open_and_report(app: App, url: str) -> None:
    """`open_in_browser` in a worker thread (a browser may take seconds to start), then a
    notification saying whether a browser took the URL or why none did."""

    def work() -> None:
        outcome = open_in_browser(url)
        if outcome.ok:
            app.call_from_thread(
                app.notify,
                f"Opened {url} with {Path(outcome.command[0]).name}",
                title="browser",
                markup=False,
            )
        else:
            app.call_from_thread(
                app.notify,
                f"Not opened: {outcome.problem}.",
                title="browser",
                severity="error",
                markup=False,
            )

    app.run_worker(work, thread=True, group="browser", exit_on_error=False)
