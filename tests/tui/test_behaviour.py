"""How the desk behaves around the keys: picker, resume, a second instance, errors, saving,
background matching, the command palette, mouse clicks."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.review.load import Review
from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.screens.error import ErrorScreen
from briefdesk.tui.screens.picker import BatchPicker
from textual.widgets import DataTable
from tui_helpers import DEMO_BATCH, SIZE, desk, key, review_ready, settle, until

R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"
R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"
R3 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#3"


def run(coro):
    return asyncio.run(coro)


def text_of(widget) -> str:
    return str(widget.render())


def test_picker_lists_batches_and_opens_one(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot,
                lambda: isinstance(app.screen, BatchPicker) and app.screen.rows,
                what="the batch rows",
            )
            picker = app.screen
            stems = [r.stem for r in picker.rows]
            assert DEMO_BATCH in stems
            row = picker.rows[stems.index(DEMO_BATCH)]
            assert (row.topic, row.materials, row.state, row.living_doc) == (
                "inference",
                8,
                "new",
                "2 days ago",
            )
            table = picker.query_one(DataTable)
            table.move_cursor(row=0)
            for _ in range(stems.index(DEMO_BATCH)):
                await pilot.press("down")
            await pilot.press("enter")
            screen = await review_ready(pilot, matched=False)
            assert screen.review.batch.stem == DEMO_BATCH

    run(go())


def test_picker_moves_with_the_keymap(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, None, keymap="vim", today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot, lambda: isinstance(app.screen, BatchPicker) and app.screen.rows, what="rows"
            )
            table = app.screen.query_one(DataTable)
            assert table.cursor_row == 0
            await pilot.press("j")
            assert table.cursor_row == 1
            await pilot.press("k")
            assert table.cursor_row == 0

    run(go())


def test_a_broken_batch_from_the_picker_goes_back_to_it(demo: Path) -> None:
    (demo / "batches" / "0-broken.yaml").write_text(
        "id: x\ntopic: inference\nmaterials: [inbox/none.md]\n", "utf-8"
    )

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot, lambda: isinstance(app.screen, BatchPicker) and app.screen.rows, what="rows"
            )
            assert app.screen.rows[0].stem == "0-broken"
            await pilot.press("enter")
            await until(
                pilot,
                lambda: isinstance(app.screen, ErrorScreen) and app.screen.query("#error-problem"),
                what="the error",
            )
            assert "inbox/none.md" in text_of(app.screen.query_one("#error-problem"))
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, BatchPicker)
            assert app.return_code is None

    run(go())


def test_picker_shows_review_progress_and_commits(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.session.include(R2)
            from briefdesk.core.git.commit import commit_brief

            sha = commit_brief(screen.review, screen.session, allow_undecided=True).sha
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot, lambda: isinstance(app.screen, BatchPicker) and app.screen.rows, what="rows"
            )
            row = next(r for r in app.screen.rows if r.stem == DEMO_BATCH)
            assert row.state == f"committed {sha[:7]} (15 undecided of 21)"

    run(go())


def test_picker_says_the_decisions_a_commit_does_not_hold_within_100_columns(
    demo: Path,
) -> None:
    """Committed with 15 undecided, then one more included and the desk quit: the picker says the
    commit's tally and the decision since, not the session's tally as if committed
    (docs/evening.md), and the whole state shows at 100 columns."""

    async def go() -> None:
        async with desk(demo) as (_app, _pilot, screen):
            screen.session.include(R2)
            from briefdesk.core.git.commit import commit_brief

            sha = commit_brief(screen.review, screen.session, allow_undecided=True).sha
            screen.session.include(R3)
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(
                pilot, lambda: isinstance(app.screen, BatchPicker) and app.screen.rows, what="rows"
            )
            await settle(pilot)
            state = f"committed {sha[:7]} (15 undecided of 21; +1 decision)"
            row = next(r for r in app.screen.rows if r.stem == DEMO_BATCH)
            assert row.state == state
            table = app.screen.query_one(DataTable)
            assert str(table.get_cell(DEMO_BATCH, "state")) == state
            columns = list(table.columns.values())
            upto = columns[: [c.key.value for c in columns].index("state") + 1]
            right = sum(c.get_render_width(table) for c in upto) - 1  # its right padding
            assert right <= table.scrollable_content_region.width, (right, table.size)

    run(go())


def test_resume_opens_on_the_saved_cursor(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            screen.go_to(R3)
            screen.session.include(R3)
            await pilot.press(key("quit"))
        async with desk(demo) as (_app, pilot, screen):
            assert screen.current == R3
            assert screen.query_one("#items").highlighted_option.id == R3
            assert screen.session.decision(R3).status == "include"

    run(go())


def test_second_instance_is_read_only(demo: Path) -> None:
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    holder = load_review(Workspace.open(demo), DEMO_BATCH).open_session()
    try:

        async def go() -> None:
            async with desk(demo) as (app, pilot, screen):
                assert (
                    screen.view.readonly_reason
                    and "another briefdesk" in screen.view.readonly_reason
                )
                assert "pid" in screen.view.readonly_reason
                assert "READ-ONLY" in text_of(screen.query_one("#titlebar"))
                screen.go_to(R2)
                await pilot.press(key("include"))
                assert screen.session.decision(R2).status == "undecided"
                assert any("Read-only" in str(n.message) for n in app._notifications)

        run(go())
        assert holder.lock is not None and holder.lock.path.exists()  # the first keeps its lock
    finally:
        holder.close()


def test_a_desk_whose_lock_was_taken_turns_read_only(demo: Path) -> None:
    """`.briefdesk/` deleted under the desk and the batch opened elsewhere: the next key says the
    lock is lost, changes nothing, and the window shows READ-ONLY (docs/reliability.md)."""
    import shutil

    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            assert not screen.view.readonly_reason
            shutil.rmtree(demo / ".briefdesk")
            other = load_review(Workspace.open(demo), DEMO_BATCH).open_session()
            try:
                screen.go_to(R2)
                await pilot.press(key("include"))
                assert screen.session.decision(R2).status == "undecided"
                assert other.decision(R2).status == "undecided"
                await until(pilot, lambda: "READ-ONLY" in text_of(screen.query_one("#titlebar")))
                assert "session lock lost" in text_of(screen.query_one("#statusbar"))
                await pilot.press(key("include"))
                assert any("Read-only" in str(n.message) for n in app._notifications)
            finally:
                other.close()

    run(go())


def test_a_desk_says_at_once_that_its_lock_was_taken(demo: Path) -> None:
    """Without a key pressed: within a poll the desk shows READ-ONLY and why."""
    import shutil

    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            shutil.rmtree(demo / ".briefdesk")
            other = load_review(Workspace.open(demo), DEMO_BATCH).open_session()
            try:
                await until(pilot, lambda: "READ-ONLY" in text_of(screen.query_one("#titlebar")))
                assert "session lock lost" in text_of(screen.query_one("#statusbar"))
                # `App.notify` posts a message: the toast lands a moment after the bars redraw
                await until(
                    pilot,
                    lambda: any("session lock lost" in str(n.message) for n in app._notifications),
                )
            finally:
                other.close()

    run(go())


def test_bad_keymap_shows_an_error_naming_the_file(demo: Path, tmp_path: Path) -> None:
    bad = tmp_path / "mine.yaml"
    bad.write_text("extends: default\nbindings:\n  inclde: a\n", "utf-8")

    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, keymap=str(bad))
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot,
                lambda: isinstance(app.screen, ErrorScreen) and app.screen.query("#error-problem"),
                what="the error screen",
            )
            problem = text_of(app.screen.query_one("#error-problem"))
            assert str(bad) in problem and "unknown action 'inclde'" in problem
            await pilot.press("q")
        assert app.return_code == 2

    run(go())


def test_bad_batch_shows_an_error(demo: Path) -> None:
    manifest = demo / "batches" / f"{DEMO_BATCH}.yaml"
    manifest.write_text(
        manifest.read_text("utf-8").replace(
            "inbox/flyp/2026-11-03T0950-critical-read.md", "inbox/flyp/missing.md"
        ),
        "utf-8",
    )

    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH)
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot,
                lambda: isinstance(app.screen, ErrorScreen) and app.screen.query("#error-problem"),
                what="the error screen",
            )
            problem = text_of(app.screen.query_one("#error-problem"))
            assert "missing.md" in problem and "not found" in problem
            await pilot.press("escape")
        assert app.return_code == 2

    run(go())


def test_missing_workspace_shows_an_error(tmp_path: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(tmp_path / "nowhere", None)
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot,
                lambda: isinstance(app.screen, ErrorScreen) and app.screen.query("#error-problem"),
                what="the error screen",
            )
            assert "workspace folder not found" in text_of(app.screen.query_one("#error-problem"))

    run(go())


def test_save_error_is_shown_and_decisions_kept(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):

            def broken(path: Path, payload: bytes) -> None:
                raise OSError(28, "No space left on device")

            screen.session._writer = broken
            screen.go_to(R2)
            await pilot.press(key("include"))
            assert screen.session.decision(R2).status == "include"
            assert "No space left on device" in text_of(screen.query_one("#statusbar"))
            from briefdesk.core.review.session import atomic_write

            screen.session._writer = atomic_write  # space is back
            await screen.run_action("retry_save")
            assert "No space" not in text_of(screen.query_one("#statusbar"))
            on_disk = json.loads(
                (demo / ".briefdesk" / "sessions" / f"{DEMO_BATCH}.json").read_text("utf-8")
            )
            assert on_disk["decisions"][R2]["status"] == "include"

    run(go())


def test_matching_runs_in_the_background(demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    real = Review.match

    def slow_match(self, progress=None, **kwargs):
        if progress:
            progress(0, len(self.items))
        gate.wait(10)
        return real(self, progress, **kwargs)

    monkeypatch.setattr(Review, "match", slow_match)

    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            assert screen.matches is None
            assert "matching duplicates and placements" in text_of(screen.query_one("#statusbar"))
            bar = screen.query_one("#match-progress")
            await until(pilot, lambda: bar.percentage == 0, what="the progress bar at 0%")
            assert bar.display
            screen.go_to(R2)
            await pilot.press(key("include"))  # usable while matching runs
            assert screen.session.decision(R2).status == "include"
            assert "matching…" in str(screen.query_one("#placements").options[-1].prompt)
            gate.set()
            await until(pilot, lambda: screen.matches is not None, what="matching")
            assert screen.query_one("#placements").options[0].id is not None
            assert not bar.display  # gone once matching has answered

    run(go())


def test_matching_failure_is_reported_not_raised(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self, progress=None, **kwargs):
        raise BriefdeskError("index damaged", ".briefdesk/cache/x")

    monkeypatch.setattr(Review, "match", broken)

    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            await until(pilot, lambda: screen.view.match_problem is not None, what="the failure")
            assert "index damaged" in text_of(screen.query_one("#statusbar"))

    run(go())


def palette_has_hits(app) -> bool:
    """The command palette is open and lists at least one command for what was typed."""
    from textual.command import CommandList, CommandPalette

    screen = app.screen
    if not isinstance(screen, CommandPalette):
        return False
    hits = screen.query_one(CommandList)
    return hits.option_count > 0 and hits.highlighted is not None


def test_command_palette_runs_actions(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            # "undeci" also finds next_undecided now: a user types on until the action is first
            for typed, status in (("inclu", "include"), ("back to undec", "undecided")):
                await pilot.press("ctrl+p")
                await settle(pilot)
                await pilot.press(*typed)
                await until(pilot, lambda: palette_has_hits(app), what="palette hits")
                await pilot.press("enter")
                await until(
                    pilot,
                    lambda status=status: screen.session.decision(R2).status == status,
                    what=status,
                )

    run(go())


def test_palette_offers_every_action(demo: Path) -> None:
    from briefdesk.core.settings.keymap import ACTION_IDS
    from briefdesk.tui.commands import ReviewCommands

    async def go() -> None:
        async with desk(demo) as (_app, _pilot, screen):
            provider = ReviewCommands(screen)
            names = [action for action, _, _ in provider._commands()]
            assert set(ACTION_IDS) <= set(names)
            hits = [hit async for hit in provider.discover()]
            assert len(hits) == len(names)

    run(go())


def test_clicking_a_row_moves_the_cursor(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            items = screen.query_one("#items")
            row = [o.id for o in items.options].index(R3)
            await pilot.click("#items", offset=(10, row + 1))  # +1: the border
            await settle(pilot)
            assert screen.current == R3

    run(go())


def test_keybar_shows_the_keymap_and_clicks_run_actions(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, keymap="vim")
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot, matched=False)
            bar = text_of(screen.query_one("#keybar"))
            assert bar.startswith(" a include  x exclude")
            screen.go_to(R2)
            await pilot.click("#keybar", offset=(2, 0))  # on " a include"
            await settle(pilot)
            assert screen.session.decision(R2).status == "include"

    run(go())


def test_keymap_from_workspace_settings(demo: Path) -> None:
    settings = demo / "briefdesk.yaml"
    settings.write_text(settings.read_text("utf-8") + "keymap: vim\n", "utf-8")

    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            assert screen.keymap.name == "vim"
            await pilot.press("j")
            assert screen.current == R2

    run(go())


def test_launch_module_does_not_import_textual() -> None:
    code = "import sys, briefdesk.tui.launch; print('textual' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("slow", [True, False])
def test_loading_screen_only_when_loading_takes_a_while(
    demo: Path, monkeypatch: pytest.MonkeyPatch, slow: bool
) -> None:
    import briefdesk.core.review.load
    import briefdesk.tui.app
    from briefdesk.tui.screens.loading import LoadingScreen
    from briefdesk.tui.screens.review import ReviewScreen

    load = briefdesk.core.review.load.load_review
    started = threading.Event()
    release = threading.Event()

    def held_load(*args, **kwargs):
        started.set()
        release.wait(10)
        return load(*args, **kwargs)

    monkeypatch.setattr(briefdesk.core.review.load, "load_review", held_load)
    monkeypatch.setattr(briefdesk.tui.app, "LOADING_SCREEN_AFTER", 0.05 if slow else 30)

    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, started.is_set, what="loading to start")
            if slow:
                await until(pilot, lambda: isinstance(app.screen, LoadingScreen), what="Loading…")
            else:  # the screen would come after 30 s: it is not there while loading goes on
                await settle(pilot)
                assert not isinstance(app.screen, LoadingScreen)
            release.set()
            await review_ready(pilot, matched=False)
            stack = [type(s) for s in app.screen_stack]
            assert stack[-1] is ReviewScreen and LoadingScreen not in stack and len(stack) == 2

    run(go())


def test_a_big_batch_matches_in_a_child_process_with_the_same_answer(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The forked matching process (batches of MATCH_PROCESS_ITEMS items and more), forced on the
    demo: the desk gets the thread's answer and the citations, and no child is left behind."""
    import multiprocessing

    import briefdesk.tui.screens.review.matching as review_screen

    expected = Review.match(core_review(demo))
    monkeypatch.setattr(review_screen, "MATCH_PROCESS_ITEMS", 1)
    monkeypatch.setattr(review_screen, "MATCH_PROCESS_DELAY", 0.01)
    from briefdesk.core.matching.job import MatchJob

    forked = MatchJob._forked
    used: list[bool] = []

    def spy(self, progress):
        used.append(True)
        return forked(self, progress)

    monkeypatch.setattr(MatchJob, "_forked", spy)

    async def go() -> None:
        async with desk(demo, matched=True) as (_app, _pilot, screen):
            assert screen.matches == expected
            assert screen.cites() and all(
                ref in {d.ref for m in expected.values() for d in m.duplicates}
                for ref in screen.cites()
            )
            assert screen.matching.job is None
            # the claims that disagree come back from the child too
            assert screen.view.conflicts == core_review(demo).conflicts(cache=False)
            assert [c.kind for c in screen.view.conflicts] == ["version-line", "single-source"]

    run(go())
    assert used == [True]
    assert not multiprocessing.active_children()


def core_review(demo: Path) -> Review:
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    return load_review(Workspace.open(demo), DEMO_BATCH)
