"""Bad input (docs/reliability.md): every case of `bad_cases.CASES` through `scan`, `build` and
`commit`.

Each: exit 2, exactly one `briefdesk: error: ` line naming the file and the problem, no traceback,
and nothing written — the workspace tree (paths, bytes, mtimes, `.git/` too) is the same before
and after, and no `.briefdesk/` appears. In-process for all three commands (fast), and once per
case as a real process, to prove no traceback reaches the terminal.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from bad_cases import CASES, Case, alias_bomb_text, nested
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.storage import yamlio
from hostile_helpers import (
    DEMO_BATCH,
    FIRST,
    assert_one_error_line,
    diff,
    run_cli,
    run_main,
    snapshot,
)

from tests.support.hostile_inputs import long_line

COMMANDS = ("scan", "build", "commit")


def _argv(command: str, ws: Path) -> list[str]:
    # commit goes past its undecided-items check, so the bad input itself must stop it
    extra = ["--allow-undecided"] if command == "commit" else []
    return [command, "-w", str(ws), "-b", DEMO_BATCH, *extra]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_bad_input_is_one_error_line_and_changes_nothing(
    case: Case, command: str, ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case.breaks(ws)
    before = snapshot(ws)
    code, out, err = run_main(capsys, *_argv(command, ws))
    assert_one_error_line(code, out, err, *case.needles)
    assert diff(before, snapshot(ws)) == []
    assert not (ws / ".briefdesk").exists()


# Every third case as a real process (a process costs ~0.4 s), the command rotating with it, so
# each group of cases and each of the three commands is run as the user runs it.
REAL = [(case, COMMANDS[i % len(COMMANDS)]) for i, case in enumerate(CASES[::3])]


@pytest.mark.parametrize(("case", "command"), REAL, ids=[f"{c.name}-{cmd}" for c, cmd in REAL])
def test_bad_input_through_the_real_command(case: Case, command: str, ws: Path) -> None:
    """A real `briefdesk` process: no traceback reaches the terminal, one line, nothing written."""
    case.breaks(ws)
    before = snapshot(ws)
    proc = run_cli(*_argv(command, ws))
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, *case.needles)
    assert diff(before, snapshot(ws)) == []


def test_no_workspace_and_unknown_batch_are_one_line(tmp_path: Path, ws: Path, capsys) -> None:
    code, out, err = run_main(capsys, "scan", "-w", str(tmp_path / "nowhere"), "-b", DEMO_BATCH)
    assert_one_error_line(code, out, err, "nowhere", "workspace folder not found")
    before = snapshot(ws)
    code, out, err = run_main(capsys, "commit", "-w", str(ws), "-b", "no-such-batch")
    assert_one_error_line(code, out, err, "no batch named 'no-such-batch'")
    assert diff(before, snapshot(ws)) == []


def test_control_characters_in_a_bad_path_never_reach_the_terminal(ws: Path, capsys) -> None:
    """A manifest naming `inbox/\\e]52;c;…\\a\\e[2J.md` (YAML escapes): the error line shows
    the name escaped, not the clipboard write and the screen clear."""
    (ws / "batches" / f"{DEMO_BATCH}.yaml").write_text(
        (ws / "batches" / f"{DEMO_BATCH}.yaml")
        .read_text("utf-8")
        .replace(f"  - {FIRST}\n", '  - "inbox/\\e]52;c;aGVsbG8=\\a\\e[2J\\x9b31m.md"\n', 1),
        "utf-8",
    )
    code, out, err = run_main(capsys, "scan", "-w", str(ws), "-b", DEMO_BATCH)
    # the name shown escaped, exactly as it is held (docs/reliability.md), never raw
    assert_one_error_line(
        code,
        out,
        err,
        "holds a control character",
        r"inbox/\x1b]52;c;aGVsbG8=\x07\x1b[2J\x9b31m.md",
    )


# -- cases that must be refused fast, not just refused -------------------------------------------


def test_alias_bomb_is_refused_before_it_expands() -> None:
    """9 levels of 9 aliases would be 9**9 (387 million) nodes; the first alias stops it, so the
    refusal allocates next to nothing (how fast it is: `python -m benchmarks.hostile`)."""
    import tracemalloc

    tracemalloc.start()
    try:
        with pytest.raises(BriefdeskError, match="aliases are not allowed"):
            yamlio.loads(alias_bomb_text(9), "bomb.yaml")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * 2**20, f"{peak} bytes allocated refusing the bomb"


def test_deep_nesting_is_an_error_not_a_recursion_error() -> None:
    for text in (nested(10_000), "a:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 200))):
        with pytest.raises(BriefdeskError, match="nested more than"):
            yamlio.loads(text, "deep.yaml")


# -- not errors ----------------------------------------------------------------------------------


def test_empty_material_is_one_empty_item(ws: Path, capsys) -> None:
    (ws / FIRST).write_bytes(b"")
    code, out, err = run_main(
        capsys, "scan", "-w", str(ws), "-b", DEMO_BATCH, "--json", "--no-cache"
    )
    assert code == 0, err
    items = [i for i in json.loads(out)["items"] if i["material"] == FIRST]
    assert [i["ref"] for i in items] == [f"{FIRST}#1"]
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    item = load_review(Workspace.open(ws), DEMO_BATCH).item(f"{FIRST}#1")
    assert item is not None and item.body == ""


@pytest.mark.slow
def test_two_million_character_line_is_scanned(ws: Path, record_property) -> None:
    """One 2,000,000-character line: loads, is matched, renders. The figures are reported; how
    fast it is (the requirement is a scan within 20 s) is measured by
    `python -m benchmarks.hostile`, not asserted here."""
    line = long_line(2_000_000)
    assert len(line) == 2_000_000
    (ws / FIRST).write_text(f"## 一条很长的行\n{line}\n", "utf-8")
    start = time.perf_counter()
    proc = run_cli("scan", "-w", str(ws), "-b", DEMO_BATCH, "--json", "--no-cache", timeout=120)
    scan_seconds = time.perf_counter() - start
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert any(i["ref"] == f"{FIRST}#1" for i in report["items"])
    start = time.perf_counter()
    build = run_cli("build", "-w", str(ws), "-b", DEMO_BATCH, timeout=120)
    build_seconds = time.perf_counter() - start
    assert build.returncode == 0, build.stderr
    record_property("scan_seconds_2M_line", round(scan_seconds, 2))
    record_property("build_seconds_2M_line", round(build_seconds, 2))
    print(f"\n2,000,000-character line: scan {scan_seconds:.2f} s, build {build_seconds:.2f} s")


# -- the desk: the same refusal as an error screen, never a crash ---------------------------------

DESK_CASES = [
    "manifest-duplicate-id",
    "material-sibling-prefix-link",
    "material-gbk",
    "frontmatter-alias-bomb",
    "frontmatter-nested-10000",
    "settings-not-yaml",
]


@pytest.mark.parametrize("name", DESK_CASES)
def test_the_desk_shows_the_same_error_and_writes_nothing(
    name: str, ws: Path, capsys, monkeypatch
) -> None:
    """The desk on the broken workspace: an error screen with the very problem `scan` prints, exit 2
    on quit, and still nothing written (not even `.briefdesk/`)."""
    pytest.importorskip("textual")
    import asyncio

    from bad_cases import CASE_BY_NAME
    from briefdesk.tui.app import BriefdeskApp
    from briefdesk.tui.screens.error import ErrorScreen

    monkeypatch.setenv("XDG_CONFIG_HOME", str(ws.parent / "config"))
    CASE_BY_NAME[name].breaks(ws)
    before = snapshot(ws)
    _, _, err = run_main(capsys, "scan", "-w", str(ws), "-b", DEMO_BATCH)
    cli_problem = err.removeprefix("briefdesk: error: ").strip()

    async def go() -> None:
        app = BriefdeskApp(ws, DEMO_BATCH, match=False)
        async with app.run_test(size=(160, 48)) as pilot:
            for _ in range(1500):
                if isinstance(app.screen, ErrorScreen) and app.screen.query("#error-problem"):
                    break
                await pilot.pause(0.02)
            assert isinstance(app.screen, ErrorScreen), app.screen
            assert app.screen.problem == cli_problem
            shown = str(app.screen.query_one("#error-problem").render())
            assert cli_problem[:60] in shown.replace("\n", "")
            await pilot.press("q")
        assert app.return_code == 2

    asyncio.run(go())
    assert diff(before, snapshot(ws)) == []


@pytest.mark.slow
def test_two_million_character_line_in_the_desk(ws: Path, monkeypatch, record_property) -> None:
    """The desk shows the 2,000,000-character item and keeps answering keys (the figures are
    reported; `python -m benchmarks.hostile` measures them)."""
    pytest.importorskip("textual")
    import asyncio

    from briefdesk.core.settings.keymap import load_keymap
    from briefdesk.tui.app import BriefdeskApp
    from briefdesk.tui.screens.review import ReviewScreen

    monkeypatch.setenv("XDG_CONFIG_HOME", str(ws.parent / "config"))
    (ws / FIRST).write_text(f"## 一条很长的行\n{long_line(2_000_000)}\n", "utf-8")
    keymap = load_keymap("default")
    timings: dict[str, float] = {}

    async def go() -> None:
        app = BriefdeskApp(ws, DEMO_BATCH, match=False)
        async with app.run_test(size=(160, 48)) as pilot:
            while not isinstance(app.screen, ReviewScreen):
                await pilot.pause(0.02)
            screen = app.screen
            await pilot.pause()  # mounted
            screen.go_to(
                "inbox/flyp/2026-11-03T0950-critical-read.md#1"
            )  # the item after the long one
            await pilot.pause()
            for action in (
                "prev_item",
                "include",
                "undo",
                "next_pane",
                "next_item",
                "prev_item",
                "preview_brief",
                "preview_brief",
            ):
                start = time.perf_counter()
                await pilot.press(keymap.keys(action)[0])
                await pilot.pause()
                timings[action] = max(timings.get(action, 0.0), time.perf_counter() - start)
            assert app.is_running

    asyncio.run(go())
    slowest = max(timings.values())
    record_property("desk_slowest_key_2M_line", round(slowest, 2))
    print(f"\n2,000,000-character line in the desk: slowest key {slowest:.2f} s ({timings})")
