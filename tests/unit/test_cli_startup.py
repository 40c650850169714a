"""The command line imports a command's code only when that command runs (docs/cli.md): `--version`
and `--help` are argparse and the parser, never Textual, pydantic, the matcher or the commands'
core modules, so that they answer as fast as a bare interpreter starts."""

from __future__ import annotations

import subprocess
import sys

import pytest

# what a start must not pay for: the desk, the models, the matcher's libraries, YAML
HEAVY = ("textual", "pydantic", "rapidfuzz", "scipy", "numpy", "yaml", "rich", "markdown_it")
# the only parts of the package a start imports: the parser, the commands' arguments, the one
# error type and the sanitiser its message goes through
ALLOWED_CORE = {"briefdesk.core", "briefdesk.core.errors", "briefdesk.core.text"}
ALLOWED_CORE.add("briefdesk.core.text.sanitize")


def imported_by(argv: list[str]) -> set[str]:
    """The modules in `sys.modules` after `briefdesk ARGV` ran in a fresh interpreter."""
    code = (
        "import sys\n"
        "from briefdesk.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stdout = sys.__stdout__\n"
        "print('MODULES', ' '.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/"
    )
    line = next(x for x in out.stdout.splitlines() if x.startswith("MODULES "))
    return set(line.split()[1:])


def heavy(modules: set[str]) -> list[str]:
    return sorted(
        m
        for m in modules
        if m.split(".")[0] in HEAVY
        or m.startswith(("briefdesk.tui", "briefdesk.demo"))
        or (m.startswith("briefdesk.core") and m not in ALLOWED_CORE)
    )


@pytest.mark.parametrize(
    "argv", [["--version"], ["--help"], ["commit", "--help"], ["review", "--help"]]
)
def test_a_start_imports_no_command_code(argv: list[str]) -> None:
    assert heavy(imported_by(argv)) == []


def test_the_check_would_see_a_command_that_runs() -> None:
    """Not vacuous: a command that does run (here it fails at once: no workspace) imports its
    core modules and pydantic."""
    loaded = imported_by(["status", "-w", "/nonexistent-briefdesk-workspace"])
    assert "pydantic" in loaded and "briefdesk.core.workspace.layout" in loaded


def test_help_still_lists_every_command_and_its_options() -> None:
    """The parser is whole: `--help` names every command, a command's help its options."""
    from briefdesk.cli.commands import ALL

    def helptext(*argv: str) -> str:
        return subprocess.run(
            [sys.executable, "-m", "briefdesk", *argv], capture_output=True, text=True, cwd="/"
        ).stdout

    top = helptext("--help")
    assert all(command.NAME in top and command.SUMMARY[:30] in top for command in ALL)
    assert "--allow-undecided" in helptext("commit", "--help")
    assert "--collector" in helptext("new-batch", "--help")
