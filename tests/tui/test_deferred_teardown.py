"""Work that ends after its screen, or the whole desk, has gone does nothing.

A batch's load, the "Loading…" timer, `git status` for pane 2, the duplicate picker's reading of
the earlier briefs and the panes' put-off redraws all finish later than the key that asked for
them. Before, each could run on a screen already being taken down: a review or loading screen
pushed as the desk quit (ctrl+q while a batch loads; a test torn down while its batch still
loaded) never composed its widgets, and its `on_mount` raised `NoMatches: PlacementsPane` (or
`#loading-keys`); the others queried widgets already removed, or raised in their worker's
thread. Each test here makes the late arrival certain instead of waiting for a loaded machine."""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
from pathlib import Path

import pytest
from briefdesk.core.review.load import load_review
from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.screens.picker import BatchPicker
from briefdesk.tui.screens.review import ReviewScreen
from textual import work
from tui_helpers import DEMO_BATCH, SIZE, desk, until


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

    def slow(review):
        asked.set()
        answer.wait(30)
        return [review.materials[0].path]  # something to redraw

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

    def slow() -> list:
        asked.set()
        answer.wait(30)
        return []

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
