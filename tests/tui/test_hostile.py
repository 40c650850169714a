"""Material text is data in every pane: markup shown literally, controls shown as placeholders,
links never followed, and clicking any of it leaves the app running."""

from __future__ import annotations

import asyncio
import io
import subprocess
from pathlib import Path

import pytest
from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.dialogs.exclude import ExcludeDialog
from briefdesk.tui.dialogs.increment import IncrementDialog
from briefdesk.tui.dialogs.text_entry import TextEntryDialog
from rich.cells import cell_len
from rich.console import Console
from textual.widgets import Static, TextArea
from tui_helpers import SIZE, key, review_ready, settle, until

CLICK = "[@click=app.quit]x[/]"
BATCH = "2026-11-03-evil"
ESC, CSI = "\x1b", "\x9b"
LINE = (
    f"正文 {CLICK} 与 [bold red]粗[/] 与 [/不对] 与 [type=x, v={{'a[0]'}}] 与 "
    f"ESC{ESC}[2J 与 CSI{CSI}31m 与 emoji 👨‍👩‍👧 与结尾 ZWJ 👨\u200d"
)
MATERIAL = f"""---
title: "{CLICK} 恶意材料 [bold red]红"
source: "[link=https://e.com]x[/link]"
---
## {CLICK} 条目一 [bold red]红[/不对] {ESC}[2J

{LINE}

[click me](javascript:alert(1)) and [site](https://e.com/track)

## 条目二 {CLICK} 重复

{LINE}
"""
REF1 = "inbox/evil/2026-11-03-evil.md#1"
REF2 = "inbox/evil/2026-11-03-evil.md#2"


@pytest.fixture()
def evil(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "kb"
    files = {
        "briefdesk.yaml": "reviewer: Tom\ndedup:\n  threshold: 40\n",
        "docs/inference.md": (
            f"# inference\n\n## 1.1 引擎 {CLICK}\n\n{LINE}\n\n## 1.2 其他\n\n无关内容。\n"
        ),
        "briefs/inference/2026-11-01-e1-manual.md": (
            "inference · E1 预消化简报（2026-11-01）\n\n一、今日最重要的 1 条增量\n\n"
            f"1. {CLICK} 旧条目\n\n  • 要点：{LINE}\n"
        ),
        f"batches/{BATCH}.yaml": (
            f"id: evil/{BATCH}\ntopic: inference\ncreated: 2026-11-03\n"
            "materials:\n  - inbox/evil/2026-11-03-evil.md\n"
        ),
        "inbox/evil/2026-11-03-evil.md": MATERIAL,
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for cmd in (
        ["init", "-q", "-b", "main"],
        ["add", "-A"],
        ["commit", "-q", "--no-verify", "-m", "kb"],
    ):
        subprocess.run(["git", "-C", str(root), *cmd], check=True, capture_output=True)
    return root


def rendered(app) -> tuple[str, str]:
    """(plain text of the screen, the raw bytes a terminal would receive) as the app draws it."""
    width, height = app.size
    raw = io.StringIO()
    console = Console(
        width=width,
        height=height,
        file=raw,
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=False), raw.getvalue()


def assert_safe(raw: str) -> None:
    assert f"{ESC}[2J" not in raw, "a material's clear-screen reached the terminal"
    assert CSI not in raw, "a C1 control reached the terminal"


def body_text(app) -> str:
    """The detail body's text, as its one Static holds it."""
    return str(app.screen.query_one("#detail-body", Static).visual)


def screen_position(app, needle: str, selector: str) -> tuple[int, int]:
    """The screen cell where `needle` is drawn inside the widget `selector`."""
    region = app.screen.query_one(selector).region
    text, _ = rendered(app)
    for y, line in enumerate(text.splitlines()):
        start = line.find(needle)
        while start != -1:
            x = cell_len(line[:start])
            if region.contains(x, y):
                return x, y
            start = line.find(needle, start + 1)
    raise AssertionError(f"{needle!r} is not on the screen in {selector}")


def test_every_pane_shows_material_text_literally(evil: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(evil, BATCH)
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot)
            screen.flush()  # the brief preview and the panes, drawn now
            await settle(pilot)
            # items list: both rows literal, controls as placeholders
            rows = [str(o.prompt) for o in screen.query_one("#items").options]
            assert any(CLICK in r and "[bold red]红[/不对]" in r and "␛[2J" in r for r in rows)
            assert not any(ESC in r or CSI in r for r in rows)
            # detail head: title, front matter (a rich grid: read it off the screen)
            text, raw = rendered(app)
            assert "source    [link=https://e.com]x[/link]" in text
            assert f"{CLICK} 条目一" in text
            # detail body: Markdown laid out from the text, markup untouched, links with targets
            body = body_text(app)
            assert (
                CLICK in body and "[bold red]粗[/]" in body and "[/不对]" in body and "␛[2J" in body
            )
            assert "\ufffd31m" in body and "👨‍👩‍👧" in body
            assert "[click me](javascript:alert(1))" in body, (
                "markdown-it refuses javascript: links"
            )
            assert "site <https://e.com/track>" in body
            spans = screen.query_one("#detail-body", Static).visual.content.spans
            assert all(
                isinstance(span.style, str)
                and "@click" not in span.style
                and "link" not in span.style
                for span in spans
            )
            # duplicates: the other item of the batch, side by side
            dups = screen.matches[REF1].duplicates
            assert dups, "the two items share a paragraph"
            left = str(screen.query_one("#dup-item").render())
            right = str(screen.query_one("#dup-cand").render())
            assert CLICK in left and CLICK in right and ESC not in left + right
            # brief preview, once included
            await pilot.press(key("include"))
            assert CLICK in screen.brief_text
            preview = str(screen.query_one("#preview-text").render())
            assert ESC not in preview and CSI not in preview
            text, raw = rendered(app)
            assert CLICK in text and "[bold red]" in text
            assert_safe(raw)
            assert app.is_running

    asyncio.run(go())


def test_dialogs_and_notifications_show_it_literally(evil: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(evil, BATCH)
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot)
            await pilot.press(key("exclude"))
            await settle(pilot)
            assert isinstance(app.screen, ExcludeDialog)
            text, raw = rendered(app)
            assert CLICK in text and "Duplicate of" in text
            assert_safe(raw)
            await pilot.press("escape")
            await pilot.press(key("annotate"))
            await settle(pilot)
            assert isinstance(app.screen, TextEntryDialog)
            text, raw = rendered(app)
            assert CLICK in text
            assert_safe(raw)
            await pilot.press("escape")
            await settle(pilot)
            # section titles of the living document are data too: placements pane and picker
            placements = [str(o.prompt) for o in screen.query_one("#placements").options]
            assert any(f"§1.1 引擎 {CLICK}" in p for p in placements)
            await pilot.press(key("pick_placement"))
            await settle(pilot)
            text, raw = rendered(app)
            assert f"§1.1 引擎 {CLICK}" in text
            assert_safe(raw)
            await pilot.press("escape")
            await settle(pilot)
            # the merge dialog lists titles of other increments
            screen.session.include(REF1)
            screen.go_to(REF2)
            await pilot.press(key("merge"))
            await settle(pilot)
            text, raw = rendered(app)
            assert CLICK in text and "Merge into" in text
            assert_safe(raw)
            await pilot.press("escape")
            await settle(pilot)
            screen.go_to(REF1)
            await settle(pilot)
            # the increment form: its empty fields show the derived text as placeholders, which
            # come from the material and are shown as data like the rest
            await pilot.press(key("edit_increment"))
            await until(pilot, lambda: isinstance(app.screen, IncrementDialog), what="the form")
            await settle(pilot)
            areas = [app.screen.query_one(f"#{n}", TextArea) for n in ("points", "relation")]
            written = [area.text for area in areas]
            for area in areas:
                area.text = ""
            await settle(pilot)
            text, raw = rendered(app)
            assert "[bold red]粗[/]" in text and "[/不对]" in text
            assert_safe(raw)
            for area, was in zip(areas, written, strict=True):
                area.text = was  # unchanged again, so escape closes without asking
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, IncrementDialog), what="closed")
            await settle(pilot)
            # a link in the material is text: its target shown, no action behind it
            body = body_text(app)
            assert (
                "site <https://e.com/track>" in body and "[click me](javascript:alert(1))" in body
            )
            text, raw = rendered(app)
            assert_safe(raw)
            assert app.is_running and app.return_code is None

    asyncio.run(go())


def test_clicking_hostile_text_runs_nothing(evil: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(evil, BATCH)
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot)
            screen.flush()  # the brief preview and the panes, drawn now
            await settle(pilot)
            opened: list[str] = []
            app.open_url = lambda url, **kw: opened.append(url)  # type: ignore[method-assign]
            targets = [
                "#items",
                "#detail",
                "#dup-item",
                "#dup-cand",
                "#preview-text",
                "#titlebar",
                "#placements",
            ]
            for selector in targets:
                widget = screen.query_one(selector)
                for x, y in ((1, 0), (8, 2), (20, 1)):
                    if x < widget.size.width and y < widget.size.height:
                        await pilot.click(selector, offset=(x, y))
                assert app.is_running and app.return_code is None, selector
            # the link of the Markdown: a real click on its text and on its target
            screen.go_to(REF1)
            screen.flush()
            await settle(pilot)
            notes = len(app._notifications)
            for needle in ("site", "<https://e.com/track>", "[click me]"):
                x, y = screen_position(app, needle, "#detail")
                assert "@click" not in app.screen.get_style_at(x + 1, y).meta, needle
                await pilot.click(offset=(x + 1, y))
                await settle(pilot)
            assert opened == []
            assert len(app._notifications) == notes, "a click on the body says nothing"
            assert app.is_running and app.return_code is None
            assert type(app.screen).__name__ == "ReviewScreen"

    asyncio.run(go())


def test_sanitiser_is_shared_with_core() -> None:
    from briefdesk.core.text.sanitize import is_safe, safe_line, safe_text

    assert safe_text(f"a{ESC}[2Jb{CSI}c\x00d\x7f") == "a␛[2Jb\ufffdc␀d␡"
    assert safe_line("a\nb\tc\r\nd") == "a b c d"
    assert safe_text("x\r\ny\rz") == "x\ny\nz"
    assert safe_text("\u202eevil") == "\ufffdevil"
    assert is_safe(safe_text(f"{ESC}{CSI}\x07"))
    assert safe_text(CLICK) == CLICK
