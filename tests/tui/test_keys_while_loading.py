"""Keys typed while a screen is still being made wait for it and reach it in order: the review of
the batch chosen in the picker (loading in a worker thread), and the picker's own rows; when the
batch cannot be opened they are set aside and the desk says which (tui/typeahead.py,
docs/keys.md).

Before: the keys typed after enter in the picker went to the picker, still on top while the
batch loaded: `down enter` moved its cursor and opened the other batch, and `j j a` meant for the
review moved the picker's cursor (vim) or did nothing at all."""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
from pathlib import Path

import pytest
from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.screens.error import ErrorScreen
from briefdesk.tui.screens.picker import BatchPicker
from textual.widgets import DataTable
from tui_helpers import (
    SIZE,
    after_burst,
    burst,
    handled,
    key,
    key_event,
    review_ready,
    settle,
    until,
)

FIRST = "2026-11-01-b1c2d3e4"  # the picker's first row in the demo (two batches)


def run(coro) -> None:
    asyncio.run(coro)


def said(app, text: str) -> list[str]:
    return [str(n.message) for n in app._notifications if text in str(n.message)]


@pytest.fixture()
def held_load(monkeypatch: pytest.MonkeyPatch):
    """The batch's load waits for `release` (a big batch on a loaded machine): every key of a
    burst certainly comes while it loads."""
    import briefdesk.core.review.load
    import briefdesk.tui.app

    load = briefdesk.core.review.load.load_review
    started, release = threading.Event(), threading.Event()

    def held(*args, **kwargs):
        started.set()
        release.wait(30)
        return load(*args, **kwargs)

    monkeypatch.setattr(briefdesk.core.review.load, "load_review", held)
    monkeypatch.setattr(briefdesk.tui.app, "LOADING_SCREEN_AFTER", 0.05)
    return started, release


@pytest.fixture()
def held_rows(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The picker's rows wait for the event returned (set it to let them through; clear it to
    hold the next read)."""
    import briefdesk.tui.screens.picker as picker_module

    status = picker_module.batch_status
    release = threading.Event()

    def held(*args, **kwargs):
        release.wait(30)
        return status(*args, **kwargs)

    monkeypatch.setattr(picker_module, "batch_status", held)
    return release


async def picker_ready(pilot, app) -> BatchPicker:
    await until(
        pilot, lambda: isinstance(app.screen, BatchPicker) and app.screen.rows, what="the rows"
    )
    await until(pilot, app.key_gate.idle, what="the picker to take keys")
    picker = app.screen
    assert picker.rows[0].stem == FIRST
    return picker


@pytest.mark.parametrize("keymap", ["default", "vim"])
def test_keys_typed_while_the_batch_loads_reach_its_review_in_order(
    demo: Path, held_load, keymap: str
) -> None:
    """`enter`, then at once two moves and include: the review of the first batch gets them, the
    loading screen shows them meanwhile, and the picker's cursor never moves."""
    from briefdesk.tui.screens.loading import LoadingScreen
    from briefdesk.tui.typeahead import keys_text

    started, release = held_load
    down, include = key("next_item", keymap), key("include", keymap)

    async def go() -> None:
        app = BriefdeskApp(demo, None, keymap=keymap, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            picker = await picker_ready(pilot, app)
            sent = burst(app, "enter", down, down, include)
            await until(pilot, started.is_set, what="the load")
            await until(pilot, lambda: isinstance(app.screen, LoadingScreen), what="Loading…")
            await until(pilot, lambda: app.key_gate.seen >= sent, what="the keys")
            loading = app.screen
            typed = keys_text([key_event(k) for k in (down, down, include)])  # `jja`, `down down i`
            await until(  # drawn once the screen has run the signal's callback
                pilot,
                lambda: (
                    f"3 keys typed, held for the review: {typed}"
                    in str(loading.query_one("#loading-keys").render())
                ),
                what="the held keys on the loading screen",
            )
            assert picker.query_one(DataTable).cursor_row == 0
            release.set()
            screen = await review_ready(pilot, matched=False)
            await after_burst(pilot, handled(app, sent))
            assert screen.review.batch.stem == FIRST
            third = screen.shown_refs[2]
            assert screen.current == third
            assert screen.session.decision(third).status == "include"
            assert screen.session.decision(third).origin.value != "proposed"
            assert picker.query_one(DataTable).cursor_row == 0
            assert not said(app, "Set aside")

    run(go())


def test_enter_typed_again_while_the_batch_loads_opens_no_other_batch(
    demo: Path, held_load
) -> None:
    """`enter down enter`: one batch, the first, opens (before: the second did)."""
    started, release = held_load

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await picker_ready(pilot, app)
            sent = burst(app, "enter", "down", "enter")
            await until(pilot, started.is_set, what="the load")
            await until(pilot, lambda: app.key_gate.seen >= sent, what="the keys")
            release.set()
            screen = await review_ready(pilot, matched=False)
            await after_burst(pilot, handled(app, sent))
            assert screen.review.batch.stem == FIRST
            assert [s.path.stem for s in app.sessions] == [FIRST]
            assert app.screen is screen

    run(go())


def test_keys_typed_while_a_batch_that_cannot_open_loads_are_set_aside_and_said(
    demo: Path,
) -> None:
    """The batch is broken: the error screen stays, and the keys typed after enter neither go
    back to the picker (`escape`) nor open another batch; the desk names them."""
    (demo / "batches" / "0-broken.yaml").write_text(
        "id: x\ntopic: inference\nmaterials: [inbox/none.md]\n", "utf-8"
    )

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot, lambda: isinstance(app.screen, BatchPicker) and app.screen.rows, what="rows"
            )
            await until(pilot, app.key_gate.idle, what="the picker to take keys")
            sent = burst(app, "enter", "escape", "down", "enter")
            await after_burst(pilot, handled(app, sent))
            # (the error screen and the note follow the failed load, which a loaded machine
            # may finish after the keys were set aside: waited for, not assumed)
            await until(pilot, lambda: isinstance(app.screen, ErrorScreen), what="the error")
            note = "Set aside the 3 keys typed while 0-broken loaded"
            await until(pilot, lambda: bool(said(app, note)), what="the set-aside note")
            assert not app.sessions
            notes = said(app, note)
            assert notes and "escape" in notes[0] and "down" in notes[0], notes
            await pilot.press("escape")  # a key after the burst: back to the picker, as usual
            await until(pilot, lambda: isinstance(app.screen, BatchPicker), what="the picker")
            await settle(pilot)
            assert app.screen.query_one(DataTable).cursor_row == 0

    run(go())


def test_ctrl_q_quits_while_a_batch_loads(demo: Path, held_load) -> None:
    """The one key that passes a hold (it always quits): a load that hangs never holds the desk
    (it quit before the hold too; this keeps it so)."""
    started, release = held_load

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await picker_ready(pilot, app)
            sent = burst(app, "enter", "down")
            await until(pilot, started.is_set, what="the load")
            await until(pilot, lambda: app.key_gate.seen >= sent, what="the keys")
            burst(app, "ctrl+q")
            await until(pilot, lambda: app.return_code is not None, what="the desk to quit")
            release.set()
        assert app.return_code == 0

    run(go())


def test_keys_typed_while_the_pickers_rows_load_reach_them(
    demo: Path, held_rows: threading.Event
) -> None:
    """`down enter` typed as the desk starts, before the rows are read: the second batch opens
    (before: both keys went to the empty table, and nothing opened)."""
    release = held_rows

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, BatchPicker), what="the picker")
            sent = burst(app, "down", "enter")
            await until(pilot, lambda: app.key_gate.seen >= sent, what="the keys")
            release.set()
            screen = await review_ready(pilot, matched=False)
            await after_burst(pilot, handled(app, sent))
            assert screen.review.batch.stem != FIRST

    run(go())


def test_keys_typed_while_the_desk_opens_its_batch_reach_the_review(demo: Path, held_load) -> None:
    """`briefdesk review -b BATCH` and keys typed at once: they wait for the review."""
    started, release = held_load

    async def go() -> None:
        app = BriefdeskApp(demo, FIRST, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, started.is_set, what="the load")
            sent = burst(app, "down", "i")
            await until(pilot, lambda: app.key_gate.seen >= sent, what="the keys")
            release.set()
            screen = await review_ready(pilot, matched=False)
            await after_burst(pilot, handled(app, sent))
            second = screen.shown_refs[1]
            assert screen.current == second
            assert screen.session.decision(second).status == "include"

    run(go())


def state(screen) -> tuple[str | None, str]:
    """What the keys did on a review: where its cursor is, and every decision."""
    return screen.current, screen.session.data.model_dump_json(exclude={"cursor"})


@pytest.mark.parametrize("keymap", ["vim", "default"])
def test_a_burst_through_the_exclude_dialog_after_enter_is_the_same_as_key_by_key(
    demo: Path, tmp_path: Path, held_load, keymap: str
) -> None:
    """`enter x 1` then two moves, typed at once while the batch loads: the review excludes its
    first item for reason 1 and moves twice, exactly as the same keys pressed one by one once it
    is up (the dialog's digit and the moves were never the picker's)."""
    import shutil

    started, release = held_load
    again = tmp_path / "again"
    shutil.copytree(demo, again, symlinks=True)
    down = key("next_item", keymap)
    keys = (key("exclude", keymap), "1", down, down)

    async def one_by_one() -> tuple[str | None, str]:
        release.set()
        app = BriefdeskApp(again, None, keymap=keymap, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await picker_ready(pilot, app)
            await pilot.press("enter")
            screen = await review_ready(pilot, matched=False)
            await until(pilot, app.key_gate.idle, what="the review to take keys")
            for k in keys:
                await pilot.press(k)
                await after_burst(pilot, app.key_gate.idle)
            assert app.screen is screen
            return state(screen)

    async def at_once() -> tuple[str | None, str]:
        release.clear()
        app = BriefdeskApp(demo, None, keymap=keymap, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            picker = await picker_ready(pilot, app)
            sent = burst(app, "enter", *keys)
            await until(pilot, started.is_set, what="the load")
            await until(pilot, lambda: app.key_gate.seen >= sent, what="the keys")
            release.set()
            screen = await review_ready(pilot, matched=False)
            await after_burst(pilot, handled(app, sent))
            assert app.screen is screen
            assert picker.query_one(DataTable).cursor_row == 0
            assert not said(app, "Set aside")
            return state(screen)

    expected = asyncio.run(one_by_one())
    started.clear()
    got = asyncio.run(at_once())
    assert '"exclude"' in got[1]
    assert got == expected


def test_a_burst_while_the_batch_is_read_again_reaches_the_new_review(
    demo: Path, held_load
) -> None:
    """The batch is read again (`E` after its file changed) and `down down i` is typed while it
    reloads: the new review gets them, in order (before: the screen beneath took them)."""
    started, release = held_load

    async def go() -> None:
        release.set()
        app = BriefdeskApp(demo, FIRST, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            old = await review_ready(pilot, matched=False)
            await until(pilot, app.key_gate.idle, what="the review to take keys")
            started.clear()
            release.clear()
            app.call_later(app.reopen_batch, old)
            await until(pilot, started.is_set, what="the reload")
            sent = burst(app, "down", "down", "i")
            await until(pilot, lambda: app.key_gate.seen >= sent, what="the keys")
            release.set()
            await until(pilot, lambda: app.screen is not old, what="the old review gone")
            screen = await review_ready(pilot, matched=False)
            await after_burst(pilot, handled(app, sent))
            assert screen is not old and app.screen is screen
            third = screen.shown_refs[2]
            assert screen.current == third
            assert screen.session.decision(third).status == "include"

    run(go())


def test_rows_read_again_under_a_review_do_not_hold_its_keys(
    demo: Path, held_rows: threading.Event
) -> None:
    """The picker re-reads its rows (a new batch was written) while a review is on top: the keys
    are the review's and go to it at once, not held for the picker beneath."""
    release = held_rows
    release.set()

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            picker = await picker_ready(pilot, app)
            await pilot.press("enter")
            screen = await review_ready(pilot, matched=False)
            await until(pilot, app.key_gate.idle, what="the review to take keys")
            release.clear()
            picker.load_rows()
            sent = burst(app, "down", "i")
            await until(pilot, handled(app, sent), timeout=10, what="the keys, on the review")
            await settle(pilot)
            second = screen.shown_refs[1]
            assert screen.current == second
            assert screen.session.decision(second).status == "include"
            release.set()

    run(go())


def test_keys_typed_while_rows_that_cannot_be_read_load_are_set_aside_not_held(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The batches folder cannot be read: the picker says so, the keys typed meanwhile are named
    and set aside (not held for ever, not run), and the desk still takes keys: `q` quits."""
    import briefdesk.tui.screens.picker as picker_module

    release = threading.Event()

    def broken(*args, **kwargs):
        release.wait(30)
        raise PermissionError("batches/")

    monkeypatch.setattr(picker_module, "batch_status", broken)

    async def go() -> None:
        app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, BatchPicker), what="the picker")
            sent = burst(app, "down", "enter")
            await until(pilot, lambda: app.key_gate.seen >= sent, what="the keys")
            release.set()
            await after_burst(pilot, handled(app, sent))
            assert isinstance(app.screen, BatchPicker) and not app.sessions
            problem = str(app.screen.query_one("#picker-problem").render())
            assert "cannot be read" in problem and "PermissionError" in problem, problem
            notes = said(app, "Set aside the 2 keys typed while the batches loaded")
            assert notes and "down" in notes[0] and "enter" in notes[0], notes
            await pilot.press("q")
            await until(pilot, lambda: app.return_code is not None, what="q to quit")

    run(go())
