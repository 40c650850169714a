"""The actions an evening's screening added, each pressed through its key from the keymap and
checked for what it did: hand-offs to the pager, the editor, the clipboard and the browser; the
next undecided item; the vim keymap's g / G / ctrl+d / ctrl+u; the live search; the history."""

from __future__ import annotations

import asyncio
import os
import stat
import subprocess
from pathlib import Path

import pytest
from briefdesk.core.git.commit import commit_brief
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace
from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.dialogs.choice import ChoiceDialog
from briefdesk.tui.screens.history import HistoryScreen
from briefdesk.tui.screens.preview import PreviewScreen
from briefdesk.tui.screens.review import ReviewScreen
from briefdesk.tui.widgets.search import SearchBar
from textual.widgets import DataTable
from tui_helpers import DEMO_BATCH, desk, key, review_ready, settle, until

R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"  # proposed include
R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"  # undecided, line 24, arXiv 2610.42128
R3 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#3"
PLENA = "inbox/flyp/2026-11-03T0950-critical-read.md#1"  # proposed include
REDHAT = "inbox/flyp/2026-11-03T0950-critical-read.md#2"  # names one URL
CSDN2 = "inbox/jay/2026-11-01T0820-csdn-discovery.md#2"  # proposed exclude
LAST = "inbox/flyp/2026-11-01T2250-critical-read.md#2"


def run(coro):
    return asyncio.run(coro)


def fake_program(folder: Path, name: str, body: str) -> Path:
    """An executable called `name` (so the desk passes it a line the way it passes one to the
    real program) that records its arguments in `<folder>/<name>.args`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{folder}/{name}.args"\n{body}', "utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def recorded(folder: Path, name: str) -> list[str]:
    return (folder / f"{name}.args").read_text("utf-8").splitlines()


# -- hand-offs ------------------------------------------------------------------------------


def test_open_material_shows_the_file_at_the_items_line_in_the_pager(
    demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    less = fake_program(tmp_path / "bin", "less", "")
    monkeypatch.setenv("PAGER", f"{less} -R")

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("open_material"))
            await settle(pilot)
            assert recorded(tmp_path / "bin", "less") == [
                "-R",
                "+24",
                str(demo / "inbox/jay/2026-11-03-1000-rss-cool-papers.md"),
            ]
            assert app.screen is screen and screen.current == R2

    run(go())


def test_a_pager_that_is_not_installed_is_a_message_not_a_crash(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAGER", "no-such-pager-here")

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("open_material"))
            await settle(pilot)
            assert app.screen is screen
            assert any(
                "no-such-pager-here is not installed" in n.message for n in app._notifications
            )

    run(go())


def test_edit_material_opens_the_editor_and_reads_the_batch_again(
    demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the editor adds a sentence to the item it was opened at (the last argument is the file)
    vi = fake_program(
        tmp_path / "bin",
        "vi",
        'for f; do :; done\nprintf "\\nAdded in the editor: DecisionRank v2.\\n" >> "$f"\n',
    )
    monkeypatch.setenv("VISUAL", str(vi))
    monkeypatch.setenv("EDITOR", "ed")

    async def go() -> None:
        async with desk(demo) as (app, pilot, first):
            first.session.exclude(R2, "off-topic")
            first.go_to(REDHAT)  # the last item of its material: the sentence lands in it
            await pilot.press(key("edit_material"))
            await until(
                pilot,
                lambda: isinstance(app.screen, ReviewScreen) and app.screen is not first,
                what="the batch read again",
            )
            again = await review_ready(pilot, matched=False)
            assert recorded(tmp_path / "bin", "vi") == [
                "+13",
                str(demo / "inbox/flyp/2026-11-03T0950-critical-read.md"),
            ]
            assert "Added in the editor: DecisionRank v2." in again.view.items[REDHAT].body
            assert again.current == REDHAT  # where the reviewer was
            assert again.session.decision(R2).reason == "off-topic"  # every decision kept
            assert len(app.sessions) == 1 and app.sessions[0] is again.session

    run(go())


def test_an_editor_that_changes_nothing_leaves_the_batch_as_it_is(
    demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VISUAL", str(fake_program(tmp_path / "bin", "nano", "")))

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("edit_material"))
            await settle(pilot)
            assert app.screen is screen
            assert any("is unchanged" in n.message for n in app._notifications)
            assert recorded(tmp_path / "bin", "nano")[0] == "+14"

    run(go())


def test_copy_ref_puts_the_ref_an_arxiv_id_or_a_url_on_the_clipboard(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("copy_ref"))
            await settle(pilot)
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.press(key("copy_ref"))  # y y: the ref
            await settle(pilot)
            assert app.clipboard == R2 and app.screen is screen
            await pilot.press(key("copy_ref"), "3")  # ref, material, then the arXiv id
            await settle(pilot)
            assert app.clipboard == "2610.42128"
            screen.go_to(REDHAT)
            await pilot.press(key("copy_ref"), "3")
            await settle(pilot)
            assert app.clipboard.startswith("https://www.redhat.com/")

    run(go())


def test_open_url_asks_first_and_opens_only_what_was_confirmed(
    demo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = fake_program(tmp_path / "bin", "browser", "")  # no real browser in a test
    monkeypatch.setenv("BROWSER", str(browser))
    args = tmp_path / "bin" / "browser.args"

    def opened() -> list[str]:
        return args.read_text("utf-8").splitlines() if args.exists() else []

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(REDHAT)
            await pilot.press(key("open_url"))
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog)
            assert dialog.choices == [
                (
                    "URL",
                    "https://www.redhat.com/en/blog/openshift-ai-3-2-default-llminferenceservice",
                )
            ]
            await pilot.press("escape")
            await settle(pilot)
            assert opened() == []
            await pilot.press(key("open_url"), "enter")
            await until(pilot, lambda: opened() != [], what="the browser")
            assert opened() == [dialog.choices[0][1]]
            screen.go_to(R2)  # names no URL: nothing to ask
            await pilot.press(key("open_url"))
            await settle(pilot)
            assert app.screen is screen and len(opened()) == 1

    run(go())


# -- screening speed ------------------------------------------------------------------------


def test_next_undecided_skips_what_is_decided_and_comes_round(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R1)
            await pilot.press(key("next_undecided"))
            assert screen.current == R2
            screen.session.include(R3)
            await pilot.press(key("next_undecided"))
            assert screen.current == "inbox/jay/2026-11-03-1000-rss-cool-papers.md#4"
            screen.go_to(PLENA)  # decided; the next undecided after it is its neighbour
            await pilot.press(key("next_undecided"))
            assert screen.current == REDHAT
            screen.go_to(LAST)
            await pilot.press(key("next_undecided"))
            assert screen.current == R2  # round to the top
            for ref in screen.shown_refs:
                if screen.session.decision(ref).status == "undecided":
                    screen.session.exclude(ref, "off-topic")
            await pilot.press(key("next_undecided"))
            await settle(pilot)
            assert screen.current == R2
            assert any("Every item is decided" in n.message for n in app._notifications)

    run(go())


def test_vim_g_shift_g_ctrl_d_ctrl_u_move_through_the_list(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, "vim")
        async with app.run_test(size=(100, 30)) as pilot:  # half a screen is fewer than 21 items
            screen = await review_ready(pilot, matched=False)
            refs = screen.shown_refs
            await pilot.press("G")
            assert screen.current == refs[-1]
            await pilot.press("g")
            assert screen.current == refs[0]
            half = screen.half_page()
            assert half >= 5
            await pilot.press("ctrl+d")
            assert screen.current == refs[half]
            await pilot.press("ctrl+d", "ctrl+d", "ctrl+d")
            assert screen.current == refs[-1]  # stops at the end
            await pilot.press("ctrl+u")
            assert screen.current == refs[-1 - half]

    run(go())


def test_search_filters_the_list_as_you_type(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            await pilot.press(key("search"))
            await settle(pilot)
            bar = screen.query_one(SearchBar)
            assert bar.display and bar.has_focus
            for ch in "KVS":
                await pilot.press(ch)
            await settle(pilot)
            assert screen.shown_refs == ["inbox/jay/2026-11-03-1000-rss-cool-papers.md#4"]
            await pilot.press("backspace")  # "KV": more items come back at once
            await settle(pilot)
            assert len(screen.shown_refs) > 1
            await pilot.press("enter")  # kept; the list has the focus again
            await settle(pilot)
            assert not bar.display and screen.view.filter.text == "KV"
            assert screen.query_one("#items").has_focus
            await pilot.press(key("search"), "escape")  # esc: the text goes
            await settle(pilot)
            assert screen.view.filter.text == "" and len(screen.shown_refs) == 21

    run(go())


def test_search_on_chinese_text(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            await pilot.press(key("search"))
            await pilot.press(*"稀疏化")
            await settle(pilot)
            assert screen.shown_refs == ["inbox/flyp/2026-11-02T0950-critical-read.md#1"]

    run(go())


# -- history --------------------------------------------------------------------------------


def test_history_lists_the_topics_brief_commits_and_opens_one_read_only(demo: Path) -> None:
    review = load_review(Workspace.open(demo), DEMO_BATCH)
    with review.open_session() as session:
        for item in review.items:
            if session.decision(item.ref).status == "undecided":
                session.exclude(item.ref, "off-topic")
        sha = commit_brief(review, session, reviewer="Tom").sha
    edited = demo / "inbox/jay/2026-11-01T0820-csdn-discovery.md"
    edited.write_text(edited.read_text("utf-8") + "\nedited since\n", "utf-8")

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("history"))
            await settle(pilot)
            history = app.screen
            assert isinstance(history, HistoryScreen)
            await until(pilot, lambda: sha in history.checks, what="the verification")
            table = history.query_one(DataTable)
            assert table.row_count == 1
            row = [str(c) for c in table.get_row(sha)]
            assert row == [
                "✓",
                "2026-11-03",
                DEMO_BATCH,
                "3",
                "Tom",
                "8 (1 changed)",
                "3 · 18 · 1 · 16/21",
            ]
            detail = str(history.query_one("#history-detail").render())
            assert "1 material changed since: inbox/jay/2026-11-01T0820-csdn-discovery.md" in detail
            await pilot.press("enter")
            await settle(pilot)
            preview = app.screen
            assert isinstance(preview, PreviewScreen)
            committed = subprocess.run(
                ["git", "-C", str(demo), "show", f"{sha}:{review.brief_path}"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            assert preview.brief == committed
            assert preview.message.startswith("brief(inference): E1 2026-11-03")
            assert preview.notice and "csdn-discovery.md" in preview.notice
            await pilot.press("escape", "escape")
            await settle(pilot)
            assert app.screen is screen

    run(go())


def test_history_without_commits_says_what_to_do(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, _screen):
            await pilot.press(key("history"))
            await settle(pilot)
            history = app.screen
            await until(pilot, lambda: history.loaded, what="the history")
            text = str(history.query_one("#history-detail").render())
            assert text.startswith("No brief commits for topic inference yet.")
            assert "ctrl+s" in text

    run(go())


def test_the_items_file_names_and_lines_are_real(demo: Path) -> None:
    """The line a hand-off opens at is the item's heading in the file (front matter counted)."""
    review = load_review(Workspace.open(demo), DEMO_BATCH)
    for item in review.items:
        lines = (demo / item.material).read_text("utf-8").split("\n")
        if item.line > 1:
            assert lines[item.line - 1] == f"## {item.title}", item.ref
    assert os.path.exists(demo / review.items[0].material)


def test_a_progress_bar_follows_matching_and_goes_when_it_answers(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from briefdesk.core.review.load import Review
    from textual.widgets import ProgressBar

    halfway, finish = threading.Event(), threading.Event()
    real = Review.match

    def slow_match(self, progress=None, **kwargs):
        progress(0, 10)
        progress(5, 10)
        halfway.set()
        finish.wait(10)
        return real(self, progress, **kwargs)

    monkeypatch.setattr(Review, "match", slow_match)
    monkeypatch.setattr("briefdesk.core.matching.job.PROGRESS_EVERY", 0)  # every report passes

    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            bar = screen.query_one("#match-progress", ProgressBar)
            await until(pilot, lambda: bar.percentage == 0.5, what="the bar at 50%")
            assert bar.display and screen.matches is None
            finish.set()
            await until(pilot, lambda: screen.matches is not None, what="matching")
            assert not bar.display

    run(go())


# -- the picker: an empty workspace, and a new batch ----------------------------------------


@pytest.fixture()
def unbatched(demo: Path) -> Path:
    """The demo knowledge base before any batch was made: its materials, no manifests."""
    import shutil

    shutil.rmtree(demo / "batches")
    subprocess.run(["git", "-C", str(demo), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(demo), "commit", "-q", "-m", "no batches"], check=True)
    return demo


def test_the_picker_of_a_workspace_without_batches_says_what_to_do(unbatched: Path) -> None:
    import datetime as dt

    async def go() -> None:
        app = BriefdeskApp(unbatched, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=(160, 48)) as pilot:
            from briefdesk.tui.screens.picker import BatchPicker

            await until(
                pilot,
                lambda: isinstance(app.screen, BatchPicker) and app.screen.unbatched is not None,
                what="the picker",
            )
            empty = str(app.screen.query_one("#picker-empty").render())
            assert empty.startswith("No batch manifests in batches/ yet.")
            assert "8 materials in inbox/ and organized/paper_cards/ are waiting" in empty
            assert "Press n to make a batch of them" in empty
            assert not app.screen.query_one(DataTable).display

    run(go())


def test_n_in_the_picker_makes_a_batch_of_the_unbatched_materials(unbatched: Path) -> None:
    import datetime as dt

    from briefdesk.tui.screens.picker import BatchPicker

    async def go() -> None:
        app = BriefdeskApp(unbatched, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=(160, 48)) as pilot:
            await until(
                pilot,
                lambda: isinstance(app.screen, BatchPicker) and app.screen.unbatched is not None,
                what="the picker",
            )
            picker = app.screen
            await pilot.press("n")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog) and dialog.choices == [("topic", "inference")]
            await pilot.press("enter")
            await until(pilot, lambda: len(picker.rows) == 1, what="the new batch's row")
            row = picker.rows[0]
            assert row.state == "new" and row.materials == 8 and row.topic == "inference"
            assert row.stem.startswith("2026-11-05-")
            manifest = unbatched / "batches" / f"{row.stem}.yaml"
            assert manifest.is_file()
            assert (
                "every material is named"
                in str(picker.query_one("#picker-unbatched").render()).lower()
            )
            await pilot.press("enter")  # the new batch is highlighted: enter opens it
            screen = await review_ready(pilot, matched=False)
            assert screen.review.batch.stem == row.stem and len(screen.view.items) == 21

    run(go())


def test_n_in_the_picker_names_a_broken_manifest_instead_of_counting(demo: Path) -> None:
    """While a manifest cannot be read, no count of unbatched materials is true (it may name any
    of them): the picker names the manifest, and `n` says a batch cannot be made until it is
    fixed, instead of a dialog offering "0 materials"."""
    import datetime as dt

    from briefdesk.tui.screens.picker import BatchPicker

    broken = demo / "batches" / "2026-11-01-b1c2d3e4.yaml"
    broken.write_text("id: [unclosed\n", "utf-8")

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=(160, 48)) as pilot:
            await until(
                pilot,
                lambda: isinstance(app.screen, BatchPicker) and len(app.screen.rows) == 2,
                what="the picker",
            )
            said = str(app.screen.query_one("#picker-unbatched").render())
            assert "manifest is broken (batches/2026-11-01-b1c2d3e4.yaml)" in said
            await pilot.press("n")
            await until(pilot, lambda: bool(app._notifications), what="a notification")
            assert not isinstance(app.screen, ChoiceDialog)
            message = " ".join(str(n.message) for n in app._notifications)
            assert "batches/2026-11-01-b1c2d3e4.yaml: not valid YAML" in message
            assert "no batch names yet" not in message

    run(go())
