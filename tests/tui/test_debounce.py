"""Work put off while keys arrive (`tui.debounce.Debouncer`): `rest` counts the pause from when the
screen has drawn what the key changed, so a desk slow to draw does not take its own drawing time
for a pause in the keys."""

from __future__ import annotations

import asyncio
import time

from briefdesk.tui.debounce import Debouncer
from textual.app import App, ComposeResult
from textual.widgets import Static
from tui_helpers import put_off, quiet, until

DELAY = 0.06
SLOW = 0.1  # a key whose drawing takes longer than the whole delay


class _SlowRow(Static):
    """A row whose drawing takes SLOW seconds while `slow` is set (a loaded machine)."""

    slow = False

    def render(self):
        if self.slow:
            time.sleep(SLOW)
            self.drawn = time.monotonic()
        return super().render()


class _Desk(App[None]):
    def compose(self) -> ComposeResult:
        yield _SlowRow("row")

    def on_mount(self) -> None:
        self.ran: list[tuple[str, float]] = []
        self.later = Debouncer(self, lambda what: self.ran.append((what, time.monotonic())))


def test_a_rest_is_counted_from_the_screen_drawn_not_from_the_key() -> None:
    async def go() -> None:
        app = _Desk()
        async with app.run_test() as pilot:
            await pilot.pause()
            row = app.query_one(_SlowRow)
            row.slow = True
            for how in ("later", "rest"):
                app.ran.clear()
                getattr(app.later, how)(how, DELAY)
                row.update(f"row after {how}")  # drawn on the next refresh, slowly
                await until(pilot, lambda: app.ran, what=f"{how} to run")
                ((what, at),) = app.ran
                assert what == how
                if how == "later":  # counted from the key: it ran once the drawing let it
                    assert at - row.drawn < DELAY / 2
                else:  # counted from the screen drawn
                    assert at - row.drawn >= DELAY - 0.01

    asyncio.run(go())


def test_a_rest_is_pending_at_once_and_a_dropped_one_stays_dropped() -> None:
    async def go() -> None:
        app = _Desk()
        async with app.run_test() as pilot:
            await pilot.pause()
            app.later.rest("panes", DELAY)
            assert app.later.pending("panes")
            assert app.later.flush("panes")  # an action about to read the panes draws them now
            assert [w for w, _ in app.ran] == ["panes"]
            app.later.rest("panes", DELAY)
            app.later.cancel("panes")  # drawn another way: the refresh must not bring it back
            app.query_one(Static).update("redrawn")
            await pilot.pause()
            await asyncio.sleep(DELAY * 2)
            await pilot.pause()
            assert [w for w, _ in app.ran] == ["panes"] and not app.later.pending("panes")

    asyncio.run(go())


def test_quiet_waits_for_every_redraw_put_off() -> None:
    """The snapshots' `quiet` (docs/testing.md): a picture is taken once nothing is put off, so a
    redraw on a timer is in it on a loaded machine as on a quiet one."""

    async def go() -> None:
        app = _Desk()
        async with app.run_test() as pilot:
            await pilot.pause()
            app.later.later("brief", 0.3)
            app.later.rest("panes", DELAY)
            assert put_off() == ["_Desk"] and app.later.pending()
            await quiet(pilot)
            assert sorted(w for w, _ in app.ran) == ["brief", "panes"]
            assert not put_off() and not app.later.pending()

    asyncio.run(go())
