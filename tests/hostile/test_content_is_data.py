"""Content is data (docs/reliability.md), at the core level and once end to end in the desk.

`corpus/markup.md` holds Textual/Rich markup, ESC `[2J`, OSC 52, the C1 CSI U+009B, a bidi
override, a trailing zero-width joiner and emoji; the manifest's purpose and background add NUL,
ESC and C1 through YAML escapes (raw controls are not valid YAML). `scan --json` carries all of
it as data (the same strings after `json.loads`, no raw control byte in the output); the table,
the brief and the commit message hold no control character at all, and show the markup literally.
The desk is tested per widget by tests/tui/test_hostile.py; here one run of the real app moves
onto such an item, clicks it, and is still running with nothing triggered.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hostile_helpers import DEMO_BATCH, MANIFEST, run_main

ESC, BEL, CSI, ZWJ = "\x1b", "\x07", "\x9b", "\u200d"
CORPUS = Path(__file__).parent / "corpus" / "markup.md"
MATERIAL = "inbox/hostile/2026-11-03-markup.md"
REFS = [f"{MATERIAL}#{n}" for n in (1, 2, 3)]
TITLES = [
    "[@click=app.quit]x[/] 点我退出",
    f"清屏 {ESC}[2J 剪贴板 {ESC}]52;c;ZWNobyBwd25lZA=={BEL} 与 C1 {CSI}31m",
    f"表情 👩{ZWJ}💻 与结尾零宽连接符{ZWJ}",
]
MARKUP = [
    "[@click=app.quit]x[/]",
    "[link=https://e.com]x[/link]",
    "[bold red]",
    "[/不对]",
    "[type=x, v={'a[0]'}]",
]
# Everything a terminal could obey: C0 but tab and newline, DEL, C1, bidi controls.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
PURPOSE = '"用途 \\0 NUL \\e[2J 清屏 \\x9b31m C1 \\e]52;c;aGk=\\a [@click=app.quit]x[/]"'


def _git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(root), *args], check=True, capture_output=True, text=True
    ).stdout


@pytest.fixture()
def hostile_ws(ws: Path) -> Path:
    """The demo with the corpus material added to the batch, and hostile manifest fields;
    committed."""
    target = ws / MATERIAL
    target.parent.mkdir(parents=True)
    shutil.copyfile(CORPUS, target)
    manifest = ws / MANIFEST
    text = manifest.read_text("utf-8")
    text = text.replace("\nproposals:\n", f"\n  - {MATERIAL}\nproposals:\n", 1)
    text = re.sub(r"(?m)^purpose: .*$", lambda _: f"purpose: {PURPOSE}", text, count=1)
    manifest.write_text(text, "utf-8")
    _git(ws, "add", "-A")
    _git(ws, "commit", "-q", "--no-verify", "-m", "hostile material")
    return ws


def test_scan_json_carries_it_as_data(hostile_ws: Path, capsys) -> None:
    code, out, err = run_main(
        capsys, "scan", "-w", str(hostile_ws), "-b", DEMO_BATCH, "--json", "--no-cache"
    )
    assert code == 0, err
    assert not UNSAFE.search(out), "a raw control character in scan --json output"
    items = {i["ref"]: i for i in json.loads(out)["items"]}
    assert [items[r]["title"] for r in REFS] == TITLES  # the very same strings, escapes and all
    assert items[REFS[0]]["arxiv"] == ["2601.21204"]


def test_scan_table_shows_no_control_character(hostile_ws: Path, capsys) -> None:
    code, out, err = run_main(capsys, "scan", "-w", str(hostile_ws), "-b", DEMO_BATCH, "--no-cache")
    assert code == 0, err
    assert not UNSAFE.search(out)
    assert "[@click=app.quit]x[/]" in out and "␛[2J" in out


def test_brief_and_commit_message_hold_no_control_character(hostile_ws: Path, capsys) -> None:
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    review = load_review(Workspace.open(hostile_ws), DEMO_BATCH)
    with review.open_session() as session:
        for ref in REFS:
            session.include(ref)
        session.add_note(REFS[0], f"评注 {ESC}[2J [bold]粗[/bold] {CSI}31m")
        session.add_contradiction(
            f"矛盾 {ESC}]52;c;aGk={BEL} [link=https://e.com]x[/link]", [REFS[1]]
        )
        session.add_handle(f"抓手 \u202eevil\u202c {ZWJ}", [REFS[2]])
    code, brief, err = run_main(capsys, "build", "-w", str(hostile_ws), "-b", DEMO_BATCH)
    assert code == 0, err
    assert not UNSAFE.search(brief), repr(UNSAFE.search(brief))
    for literal in (
        "[@click=app.quit]x[/] 点我退出",
        "[bold red]",
        "[/不对]",
        "[type=x, v={'a[0]'}]",
        f"👩{ZWJ}💻",
    ):
        assert literal in brief, literal
    assert "[link=https://e.com]x[/link]" in brief  # the contradiction, literally

    code, _, err = run_main(
        capsys, "commit", "-w", str(hostile_ws), "-b", DEMO_BATCH, "--allow-undecided"
    )
    assert code == 0, err
    message = _git(hostile_ws, "log", "-1", "--format=%B")
    assert "[@click=app.quit]x[/] 点我退出" in message
    assert not UNSAFE.search(message), repr(UNSAFE.search(message))


# -- the desk, end to end --------------------------------------------------------------------------


def rendered(app) -> tuple[str, str]:
    """(the screen's plain text, the bytes a terminal would receive) for the current frame."""
    import io

    from rich.console import Console

    width, height = app.size
    raw = io.StringIO()
    console = Console(
        width=width,
        height=height,
        file=raw,
        force_terminal=True,
        color_system="truecolor",
        record=True,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=False), raw.getvalue()


def test_desk_moves_onto_hostile_items_and_nothing_happens(hostile_ws: Path, monkeypatch) -> None:
    """The real app, headless: walk onto the hostile items with the keymap's key, click and hover
    over the detail pane where their markup is shown, and the app is still running on the review
    screen, the session unchanged but for the cursor, nothing on the clipboard, no dialog opened."""
    pytest.importorskip("textual")
    from briefdesk.core.settings.keymap import load_keymap
    from briefdesk.tui.app import BriefdeskApp
    from briefdesk.tui.screens.review import ReviewScreen

    monkeypatch.setenv("XDG_CONFIG_HOME", str(hostile_ws.parent / "config"))
    down = load_keymap("default").keys("next_item")[0]

    async def until(pilot, condition, what: str, timeout: float = 30.0) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        while not condition():
            assert loop.time() - start < timeout, f"timed out waiting for {what}"
            await pilot.pause(0.02)

    async def go() -> None:
        app = BriefdeskApp(hostile_ws, DEMO_BATCH, match=False)
        async with app.run_test(size=(160, 48)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")
            screen = app.screen
            await pilot.pause()  # mounted
            before = screen.session.data.model_copy(deep=True)
            while screen.current != REFS[0]:  # walk there as a reviewer does
                await pilot.press(down)
            for ref in REFS:
                screen.go_to(ref)
                await pilot.pause()
                assert screen.current == ref
                for offset in ((2, 1), (4, 2), (8, 3), (20, 4)):  # the title, the markup, the links
                    await pilot.click("#detail", offset=offset)
                await pilot.hover("#detail", offset=(4, 2))
                await pilot.pause()
                assert app.is_running and app.return_code is None
                assert app.screen is screen, f"something opened on {ref}: {app.screen!r}"
                plain, raw = rendered(app)
                assert ESC + "[2J" not in raw and CSI not in raw and ESC + "]52" not in raw
                if ref == REFS[0]:
                    assert "[@click=app.quit]x[/]" in plain
            assert app.clipboard == ""
            after = screen.session.data
            assert after.decisions == before.decisions and after.increments == before.increments
        assert app.return_code in (None, 0)

    asyncio.run(go())
