"""Work that ends after its screen, or the whole desk, has gone does nothing.

A batch's load, the "Loading…" timer, `git status` for pane 2, the duplicate picker's reading of
the earlier briefs, the panes' put-off redraws, the history's reading of git, the commit, the
picker's rows and its new batch, and a command chosen in the palette all finish later than the
key that asked for them; each asks `tui.live` first. Before, each could run on a screen already
being taken down: a review or loading screen pushed as the desk quit (ctrl+q while a batch
loads; a test torn down while its batch still loaded) never composed its widgets, and its
`on_mount` raised `NoMatches: PlacementsPane` (or `#loading-keys`); the others queried widgets
already removed, or raised in their worker's thread. Each test here makes the late arrival
certain instead of waiting for a loaded machine."""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from briefdesk.core.review.load import load_review
from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.screens.picker import BatchPicker
from briefdesk.tui.screens.review import ReviewScreen
from textual import work
from tui_helpers import DEMO_BATCH, FIXED_DATE, SIZE, desk, key, settle, until


def run(coro) -> None:
    asyncio.run(coro)


def loaded(app: BriefdeskApp):
    """The demo batch loaded and its session opened, as the load worker hands them to
    `_loaded` (its lock is taken)."""
    assert app.ws is not None
    review = load_review(app.ws, DEMO_BATCH)
    return review, review.open_session()


@pytest.mark.parametrize("when", ["after_exit", "before_teardown"])
def test_a_batch_loaded_as_the_desk_quits_is_not_shown(demo: Path, when: str) -> None:
    """`after_exit`: the load ends after ctrl+q, before the app's loop has stopped (the ctrl+q
    test's race). `before_teardown`: it ends just as a test's desk is torn down (the screen is
    pushed, and closed before it ever ran). Either way: no crash, exit code 0, and the batch's
    lock is let go."""
    session = None

    async def go() -> None:
        nonlocal session
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, BatchPicker), what="the picker")
            review, session = loaded(app)
            if when == "after_exit":
                app.exit()
            app._loaded(review, session, None, None)
        # (run_test raises what the desk raised; a crash also sets the exit code to 1)
        assert app.return_code == (0 if when == "after_exit" else None)

    run(go())
    assert session is not None
    if when == "after_exit":
        assert session.lock is None  # nobody reviews it: the batch is not left locked


def test_git_status_that_ends_after_the_review_has_gone_does_nothing(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pane 2's `git status` (a worker) answers once the review has been popped: before, its
    answer redrew the panes of the removed screen (NoMatches, lost in the worker's thread)."""
    import briefdesk.core.git.materials as materials
    from briefdesk.tui.screens.review.handoff import Handoff

    asked, answer, done = threading.Event(), threading.Event(), threading.Event()
    errors: list[BaseException] = []

    slow = held(asked, answer, lambda review: [review.materials[0].path])  # to redraw

    ask = Handoff._uncommitted

    def asking(self) -> None:
        try:
            ask(self)
        except BaseException as exc:  # what the thread raised (its worker is cancelled by now)
            errors.append(exc)
        finally:
            done.set()

    monkeypatch.setattr(materials, "uncommitted_materials", slow)
    monkeypatch.setattr(Handoff, "_uncommitted", asking)

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await until(pilot, asked.is_set, what="git status")
            await app.pop_screen()
            await until(pilot, lambda: not screen.is_attached, what="the review gone")
            answer.set()
            await until(pilot, done.is_set, what="git status to answer")
            assert not errors, errors
            assert not screen.view.uncommitted  # the answer went nowhere

    run(go())


def test_a_put_off_redraw_that_runs_after_its_screen_has_gone_does_nothing(demo: Path) -> None:
    """The panes' put-off redraw (`Panes.run_later`) run once the review has been popped, as a
    timer that fired before the screen went would run it: before, `is_mounted` (which stays True
    for ever) let it query panes that were gone."""

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            assert isinstance(screen, ReviewScreen)
            await app.pop_screen()
            await until(pilot, lambda: not screen.is_attached, what="the review gone")
            screen.panes.run_later("panes")
            screen.panes.run_later("brief")

    run(go())


def test_duplicate_targets_read_after_their_picker_closed_go_nowhere(demo: Path) -> None:
    """The duplicate-target picker reads the earlier briefs in a worker; escape before they
    arrive: before, the answer filled the closed dialog's list (its `is_mounted` guard stays
    True for ever) and the worker's thread raised on finding no app."""
    from briefdesk.tui.dialogs.target_picker import TargetPicker

    asked, answer, done = threading.Event(), threading.Event(), threading.Event()
    errors: list[BaseException] = []

    slow = held(asked, answer, lambda: [])

    class Watched(TargetPicker):
        @work(thread=True, exclusive=True, group="targets")
        def load_targets(self) -> None:  # the worker, watched
            try:
                TargetPicker.load_targets.__wrapped__(self)  # type: ignore[attr-defined]
            except BaseException as exc:  # what the thread raised (its worker is cancelled)
                errors.append(exc)
            finally:
                done.set()

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            picker = Watched("title", "ref", slow, {})
            app.push_screen(picker)
            await until(pilot, asked.is_set, what="the briefs read")
            await until(pilot, lambda: app.screen is picker and picker.is_mounted, what="picker")
            picker.dismiss(None)
            await until(pilot, lambda: not picker.is_attached, what="the picker gone")
            answer.set()
            await until(pilot, done.is_set, what="the targets")
            assert not errors, errors
            assert picker.targets is None  # the answer went nowhere
            assert app.screen is screen

    run(go())


@pytest.mark.parametrize("when", ["after_exit", "before_teardown"])
def test_loading_shown_as_the_desk_quits_is_not_shown(demo: Path, when: str) -> None:
    """The "Loading…" screen is due (its timer fired) as ctrl+q quits, or as a test's desk is
    torn down: before, the screen was pushed into the closing app and its `on_mount` raised
    `NoMatches: #loading-keys` (the ctrl+q test's flake, reproduced 1 in 5 runs under load)."""

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, BatchPicker), what="the picker")
            app._loading = app.set_timer(60, lambda: None)  # as `open_batch` leaves it
            if when == "after_exit":
                app.exit()
            app._show_loading(DEMO_BATCH)
        assert app.return_code == (0 if when == "after_exit" else None)

    run(go())


def watched(method, errors: list[BaseException], done: threading.Event, group: str):
    """The worker `method` (a `@work` thread), watched: what its thread raised (its worker is
    cancelled by then, so Textual reports nothing) is kept in `errors`, and `done` is set once it
    has ended."""

    @work(thread=True, exclusive=True, group=group)
    def run(self, *args) -> None:
        try:
            method.__wrapped__(self, *args)
        except BaseException as exc:
            errors.append(exc)
        finally:
            done.set()

    return run


def held(asked: threading.Event, answer: threading.Event, then: Callable[..., Any]):
    """A slow call: it says it was called (`asked`), waits until the test lets it answer
    (`answer`), then answers what `then` does: an answer certain to come late."""

    def call(*args: Any, **kwargs: Any) -> Any:
        asked.set()
        answer.wait(30)
        return then(*args, **kwargs)

    return call


def test_history_read_after_its_screen_closed_goes_nowhere(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history reads git in a worker (the brief commits, then `verify` for each); esc before
    the commits are read: before, the answer filled the closed screen's table (NoMatches, lost in
    the worker's thread), and `verify` went on running git for rows nobody sees."""
    import briefdesk.core.git.history as git_history
    import briefdesk.core.git.verify as git_verify
    from briefdesk.core.git.history import HistoryEntry
    from briefdesk.tui.screens.history import HistoryScreen

    asked, answer, done = threading.Event(), threading.Event(), threading.Event()
    errors: list[BaseException] = []
    verified: list[str] = []
    topic = ""  # the review's, once it is open

    def entries(ws) -> list[HistoryEntry]:
        return [
            HistoryEntry(
                sha="0" * 40,
                date="2026-11-03",
                committed=FIXED_DATE,
                topic=topic,
                batch=DEMO_BATCH,
                reviewer="Tom",
                subject="brief",
            )
        ]

    slow = held(asked, answer, entries)

    def verify(ws, sha: str):
        verified.append(sha)
        raise AssertionError("verify ran for a screen that has gone")

    monkeypatch.setattr(git_history, "history", slow)
    monkeypatch.setattr(git_history, "changed_materials", lambda ws, entry: [])
    monkeypatch.setattr(git_verify, "verify", verify)
    monkeypatch.setattr(HistoryScreen, "load", watched(HistoryScreen.load, errors, done, "history"))

    async def go() -> None:
        nonlocal topic
        async with desk(demo) as (app, pilot, screen):
            topic = screen.review.topic
            await pilot.press(key("history"))
            await until(pilot, asked.is_set, what="the history read")
            history = app.screen
            assert isinstance(history, HistoryScreen)
            await until(pilot, lambda: history.is_mounted, what="the history screen")
            history.dismiss()
            await until(pilot, lambda: not history.is_attached, what="the history gone")
            answer.set()
            await until(pilot, done.is_set, what="the history to answer")
            assert not errors, errors
            assert not history.loaded  # the answer went nowhere
            assert not verified  # nor did git run for it
            assert app.screen is screen

    run(go())


@pytest.mark.parametrize("late", ["_failed", "_checked"])
def test_history_answers_after_its_screen_closed_do_nothing(demo: Path, late: str) -> None:
    """The history's other answers (git refused, one commit verified) come once the screen is
    closed: before, each queried the removed table."""
    from briefdesk.tui.screens.history import HistoryScreen

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("history"))
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen), what="history")
            history = app.screen
            assert isinstance(history, HistoryScreen)
            await until(pilot, lambda: history.loaded, what="the history read")
            history.dismiss()
            await until(pilot, lambda: not history.is_attached, what="the history gone")
            if late == "_failed":
                history._failed("git refused")
            else:
                history._checked("0" * 40, True, [])
            assert not history.checks
            assert app.screen is screen

    run(go())


@pytest.mark.parametrize("what", ["brief", "materials"])
def test_a_commit_that_ends_after_its_screen_closed_reports_nowhere(
    demo: Path, monkeypatch: pytest.MonkeyPatch, what: str
) -> None:
    """The commit of the brief (ctrl+s), or of the edited materials first (m), ends once its
    screen is gone, as when the desk quits under it (hooks may take long): before, the worker's
    thread found no app for the closed screen, and the answer queried the removed status line."""
    import briefdesk.core.git.commit as git_commit
    import briefdesk.core.git.materials as git_materials
    from briefdesk.tui.screens.commit import CommitScreen

    asked, answer, done = threading.Event(), threading.Event(), threading.Event()
    errors: list[BaseException] = []
    slow_brief = held(asked, answer, git_commit.commit_brief)
    slow_materials = held(asked, answer, lambda review, paths: "0" * 40)

    monkeypatch.setattr(git_commit, "commit_brief", slow_brief)
    monkeypatch.setattr(git_materials, "commit_materials", slow_materials)
    for worker in ("_commit", "_commit_materials"):
        method = getattr(CommitScreen, worker)
        monkeypatch.setattr(CommitScreen, worker, watched(method, errors, done, "commit"))

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            commit = app.screen
            assert isinstance(commit, CommitScreen)
            await until(pilot, lambda: commit.is_mounted, what="the commit screen")
            if what == "brief":
                await pilot.press("ctrl+s")
            else:  # as `m` does when a material has uncommitted changes
                commit.busy = True
                commit._commit_materials(["inbox/a.md"])
            await until(pilot, asked.is_set, what="the commit to start")
            await app.pop_screen()  # (esc waits while busy; a desk quitting does not)
            await until(pilot, lambda: not commit.is_attached, what="the commit screen gone")
            answer.set()
            await until(pilot, done.is_set, what="the commit")
            assert not errors, errors
            assert commit.busy and commit.sha is None  # the answer went nowhere
            assert app.screen is screen

    run(go())


@pytest.mark.parametrize("late", ["_failed", "_materials_done"])
def test_commit_answers_after_its_screen_closed_do_nothing(demo: Path, late: str) -> None:
    """The commit refused, or the edited materials committed first, once the commit screen has
    gone: before, each queried the removed status line and buttons."""
    from briefdesk.tui.screens.commit import CommitScreen

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("commit"))
            await until(pilot, lambda: isinstance(app.screen, CommitScreen), what="commit")
            commit = app.screen
            assert isinstance(commit, CommitScreen)
            await until(pilot, lambda: commit.is_mounted, what="the commit screen")
            commit.busy = True  # as the worker leaves it
            await app.pop_screen()
            await until(pilot, lambda: not commit.is_attached, what="the commit screen gone")
            if late == "_failed":
                commit._failed("a hook refused", ("hook says no",))
            else:
                commit._materials_done(["inbox/a.md"], "0" * 40)
            assert commit.busy  # nothing ran
            assert app.screen is screen

    run(go())


def test_rows_read_after_the_picker_has_gone_go_nowhere(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The picker reads its rows in a worker, and the keys typed meanwhile wait for them; the
    picker goes first: before, the worker's thread found no app, the answer filled the removed
    table, and every key would have waited for rows that never come."""
    import briefdesk.tui.screens.picker as picker_module

    asked, answer, done = threading.Event(), threading.Event(), threading.Event()
    errors: list[BaseException] = []
    slow = held(asked, answer, picker_module.batch_status)

    monkeypatch.setattr(picker_module, "batch_status", slow)
    monkeypatch.setattr(
        BatchPicker, "_read_rows", watched(BatchPicker._read_rows, errors, done, "rows")
    )

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, asked.is_set, what="the rows read")
            picker = app.screen
            assert isinstance(picker, BatchPicker)
            await until(pilot, lambda: picker.is_mounted, what="the picker")
            assert app.key_gate.holds()  # the keys wait for the rows
            await app.pop_screen()
            await until(pilot, lambda: not picker.is_attached, what="the picker gone")
            answer.set()
            await until(pilot, done.is_set, what="the rows")
            assert not errors, errors
            assert not picker.rows  # the answer went nowhere
            assert not app.key_gate.holds()  # and no key waits for it

    run(go())


def test_a_batch_made_after_the_picker_has_gone_goes_nowhere(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`n` writes a new batch in a worker; the picker goes before it is written: before, the
    worker's thread found no app for the picker that asked."""
    import briefdesk.core.commands.newbatch as newbatch

    asked, answer, done = threading.Event(), threading.Event(), threading.Event()
    errors: list[BaseException] = []
    slow = held(asked, answer, newbatch.plan_new_batch)

    monkeypatch.setattr(newbatch, "plan_new_batch", slow)
    monkeypatch.setattr(
        BatchPicker, "make_batch", watched(BatchPicker.make_batch, errors, done, "new-batch")
    )

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot,
                lambda: isinstance(app.screen, BatchPicker) and app.screen.rows,
                what="the rows",
            )
            picker = app.screen
            assert isinstance(picker, BatchPicker)
            picker.make_batch(picker.topics[0])  # as the topic chosen after `n` does
            await until(pilot, asked.is_set, what="the batch planned")
            await app.pop_screen()
            await until(pilot, lambda: not picker.is_attached, what="the picker gone")
            answer.set()
            await until(pilot, done.is_set, what="the batch")
            assert not errors, errors
            assert picker.highlight is None  # the answer went nowhere

    run(go())


@pytest.mark.parametrize("late", ["_unreadable", "_made"])
def test_picker_answers_after_it_has_gone_do_nothing(demo: Path, late: str) -> None:
    """The rows unreadable, or a new batch written (`n`), once the picker has gone: before, each
    queried the removed table (a new batch re-read the rows on it)."""

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot,
                lambda: isinstance(app.screen, BatchPicker) and app.screen.rows,
                what="the rows",
            )
            picker = app.screen
            assert isinstance(picker, BatchPicker)
            await app.pop_screen()
            await until(pilot, lambda: not picker.is_attached, what="the picker gone")
            if late == "_unreadable":
                picker._hold = app.key_gate.hold("the batches")  # as `load_rows` leaves it
                picker._unreadable("a manifest cannot be read")
            else:
                picker._made(DEMO_BATCH, "wrote it")
            assert picker.highlight is None
            assert not app.key_gate.holds()

    run(go())


def test_a_palette_command_run_after_its_screen_has_gone_does_nothing(demo: Path) -> None:
    """The palette's command runs after the palette has closed (Textual, then the provider, put
    it off): when the review has gone by then, its action queried the removed panes."""
    from briefdesk.tui.commands import ReviewCommands

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            provider = ReviewCommands(screen)
            await app.pop_screen()
            await until(pilot, lambda: not screen.is_attached, what="the review gone")
            provider._run("next_pane")
            await settle(pilot)

    run(go())
