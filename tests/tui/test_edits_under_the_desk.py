"""Edits under the open desk, pressed through as a reviewer meets them (docs/staleness.md): a
material edited while the desk is open is flagged within seconds and its item marked; a session
resumed after an edit marks the item; commit's refusal names the file that changed."""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path

import pytest
from briefdesk.tui.screens.commit import CommitScreen
from tui_helpers import committed_copy, desk, fixed_git, key, settle, until

SOURCE = Path(__file__).resolve().parent.parent / "workspaces" / "claims"
BATCH = "2026-11-03-e627b203"
POST = "inbox/flyp/2026-11-02T0950-critical-read.md"
ITEM = f"{POST}#2"
EMBEDDING = f"{POST}#1"


def run(coro):
    return asyncio.run(coro)


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


@pytest.fixture()
def kb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    fixed_git(tmp_path, monkeypatch)
    return committed_copy(SOURCE, tmp_path / "kb")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")
    st = path.stat()  # a new mtime even within the filesystem's timestamp granularity
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def row(screen, ref: str) -> str:
    return screen.query_one("#items").get_option(ref).prompt.plain


def shown(widget) -> str:
    """The widget's lines as they are on screen."""
    from textual.geometry import Region

    width, height = widget.size
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, width, height)))


def head(screen) -> str:
    return " ".join(shown(screen.query_one("#detail-head")).split())


def notes(app) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


def test_an_edit_while_the_desk_is_open_is_flagged_within_seconds_and_the_item_marked(
    kb: Path,
) -> None:
    async def go() -> None:
        async with desk(kb, BATCH) as (app, pilot, screen):
            screen.go_to(ITEM)
            await pilot.press(key("include"))
            await settle(pilot)
            assert "Δ" not in row(screen, ITEM)
            edit(kb / POST, "SGLang v0.5.21（10/2）接连发布", "SGLang v0.5.21（10/3）接连发布")
            await until(pilot, lambda: screen.session.is_changed(ITEM), timeout=5, what="the mark")
            await settle(pilot)
            assert f"material {POST} was changed" in notes(app)
            assert "1 decided item changed since decided" in notes(app)
            assert "Δ" in row(screen, ITEM)
            assert "Δ edited on disk since this decision (kept)" in head(screen)
            body = shown(screen.query_one("#detail-body"))
            assert "（10/3）" in body  # the pane shows the text as it is now
            status = shown(screen.query_one("#statusbar"))
            assert "Δ 1 changed since decided" in status
            assert screen.session.decision(ITEM).status == "include"  # the decision is kept
            # moving on from it counts as having looked again
            await pilot.press(key("next_item"))
            await until(pilot, lambda: not screen.session.is_changed(ITEM), what="seen")
            assert "Δ" not in row(screen, ITEM)

    run(go())


def test_a_session_resumed_after_an_edit_marks_the_item(kb: Path) -> None:
    async def go() -> None:
        async with desk(kb, BATCH) as (_app, pilot, screen):
            screen.go_to(EMBEDDING)
            await pilot.press(key("exclude"))
            await settle(pilot)
            exclude = pilot.app.screen
            await pilot.press("enter")  # the first reason
            await settle(pilot)
            assert exclude is not pilot.app.screen
            assert screen.session.decision(EMBEDDING).status == "exclude"
            await pilot.press(key("quit"))
        edit(kb / POST, "总参数 68.5B", "总参数约 68.5B")
        async with desk(kb, BATCH) as (_app, pilot, screen):
            assert screen.session.changed == [EMBEDDING]
            assert "Δ" in row(screen, EMBEDDING)
            assert screen.current == EMBEDDING  # resumed where the reviewer left off
            assert "Δ edited on disk since this decision (kept)" in head(screen)
            assert screen.session.decision(EMBEDDING).status == "exclude"

    run(go())


def test_commits_refusal_names_the_file_that_changed(kb: Path) -> None:
    async def go() -> None:
        async with desk(kb, BATCH) as (app, pilot, screen):
            await pilot.press(key("commit"))
            await settle(pilot)
            commit = app.screen
            assert isinstance(commit, CommitScreen)
            # an edit lands, and is committed, while the commit screen is open
            edit(kb / POST, "SGLang v0.5.21（10/2）", "SGLang v0.5.21（10/3）")
            git(kb, "commit", "-q", "-am", "fix a date")
            await pilot.press(key("commit"))  # past the undecided warning
            await until(pilot, lambda: not commit.busy, what="the refusal")
            status = shown(commit.query_one("#commit-status"))
            assert f"Not committed: {POST} changed on disk after this review read it" in status
            assert "commit the materials first" not in status
            await pilot.press("escape")

            def read_again() -> bool:
                material = screen.review.material(POST)
                return material is not None and "（10/3）" in material.items[1].body

            await until(pilot, read_again, timeout=5, what="the desk reading it again")
            await pilot.press(key("commit"))
            await settle(pilot)
            again = app.screen
            assert isinstance(again, CommitScreen) and again is not commit
            await pilot.press(key("commit"))
            await until(pilot, lambda: again.sha is not None, what="the commit")

    run(go())


# -- a claim conflict becomes a contradiction ----------------------------------------------------


def test_a_claim_conflict_becomes_a_contradiction_with_its_refs(kb: Path) -> None:
    from briefdesk.tui.dialogs.text_entry import TextEntryDialog
    from textual.widgets import TextArea

    async def go() -> None:
        async with desk(kb, BATCH, matched=True) as (app, pilot, screen):
            screen.go_to(ITEM)
            await settle(pilot)
            screen.flush()
            before = list(screen.session.data.contradictions)
            claims = shown(screen.query_one("#dup-claims"))
            assert "claims that disagree · 2" in claims
            assert "version lines SGLang with docs/inference.md§1.2" in claims
            await pilot.press(key("claim_contradiction"))
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, TextEntryDialog)
            entry = dialog.query_one("#entry", TextArea)
            assert entry.text.startswith("SGLang 版本线冲突：")  # the drafted text, to edit
            await pilot.press(*"本批最需要动手修的一处")  # the cursor waits at the draft's end
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is screen
            *kept, note = screen.session.data.contradictions  # the batch's, citing the conflict
            assert kept == before
            text = note.text
            assert text.startswith("SGLang 版本线冲突：") and text.endswith(
                "本批最需要动手修的一处"
            )
            assert ITEM in text and "docs/inference.md§1.2" in text  # both refs, in the text
            assert {ITEM, "docs/inference.md§1.2"} <= set(note.refs)  # and as its refs
            screen.flush()
            assert "✓ in 二 · version lines SGLang" in shown(screen.query_one("#dup-claims"))
            # the key now offers the next conflict of the item
            await pilot.press(key("claim_contradiction"))
            await settle(pilot)
            entry = app.screen.query_one("#entry", TextArea)
            assert "属同源复述，不构成交叉验证" in entry.text
            await pilot.press("escape")
            await settle(pilot)
            assert len(screen.session.data.contradictions) == len(before) + 1
            await pilot.press(key("undo"))
            await settle(pilot)
            assert screen.session.data.contradictions == before

    run(go())


def test_a_decided_item_whose_heading_is_deleted_is_kept_as_gone_and_moved(kb: Path) -> None:
    """`E` with an editor that deletes a decided item's heading: the desk says the item is gone
    and keeps its decision (status line ✗); the palette's *gone decisions* moves it onto the
    current item (docs/staleness.md)."""
    from briefdesk.core.model.decisions import Decision
    from briefdesk.tui.dialogs.choice import ChoiceDialog
    from textual.command import CommandPalette

    heading = '## 对象二：社媒帖"开源推理栈两周四连发"与 SGLang 版本线\n'

    async def go() -> None:
        async with desk(kb, BATCH) as (app, pilot, screen):
            screen.go_to(ITEM)
            await pilot.press(key("include"))
            await settle(pilot)
            edit(kb / POST, heading, "")
            await until(pilot, lambda: screen.session.gone, timeout=5, what="the gone decision")
            await settle(pilot)
            assert "item gone: " in notes(app) and "对象二" in notes(app)
            assert "✗ 1 item gone" in shown(screen.query_one("#statusbar"))
            onto = next(
                i.ref for i in screen.session.items if screen.session.decision(i.ref) == Decision()
            )
            screen.go_to(onto)
            await settle(pilot)
            await pilot.press("ctrl+p")
            await until(pilot, lambda: isinstance(app.screen, CommandPalette), what="palette")
            for ch in "gone decisions":
                await pilot.press(ch if ch != " " else "space")
            await until(
                pilot,
                lambda: app.screen.query("CommandList").first().option_count > 0,
                what="palette hits",
            )
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), what="the list")
            await pilot.press("1")  # the one gone decision
            await until(
                pilot,
                lambda: (
                    isinstance(app.screen, ChoiceDialog)
                    and app.screen.heading == "A decision whose item is gone"
                ),
                what="move or drop",
            )
            await pilot.press("1")  # move it onto this item
            await settle(pilot)
            assert not screen.session.gone, notes(app)
            assert screen.session.decision(onto).status == "include"
            await settle(pilot)
            assert "item gone" not in shown(screen.query_one("#statusbar"))

    run(go())
