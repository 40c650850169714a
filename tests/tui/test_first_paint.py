"""The brief preview's delay (`BRIEF_OPEN_DELAY`) is counted from the review screen's first frame,
not from its mount: timed from the mount, on a loaded machine the delay ran out while the first
frame was being laid out and the preview, a render of the whole brief, was drawn before the screen
had settled, inside the desk's first paint (tui/screens/review/screen.py,
benchmarks/RESULTS.md "The desk's first paint")."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from briefdesk.tui.debounce import Debouncer
from briefdesk.tui.screens.review import ReviewScreen
from briefdesk.tui.screens.review import screen as review_screen
from briefdesk.tui.screens.review.drawing import Panes
from briefdesk.tui.widgets.item_list import ItemList
from textual.widgets import Static
from tui_helpers import desk, until

DELAY = 0.2  # the preview's delay in this test


def test_the_preview_is_timed_from_the_first_frame(
    demo_ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual publishes the screen's layout refresh right after it wrote the frame
    (`Screen._refresh_layout`): each frame is recorded with the rows the list held and whether
    the preview was still put off, beside each time a delay of the preview is set
    (`Debouncer.later`) and each render of the preview. Before, the delay was set in the
    screen's mount, before any frame."""
    monkeypatch.setattr(review_screen, "BRIEF_OPEN_DELAY", DELAY)
    seen: list[tuple[str, float, int, bool]] = []
    mount = ReviewScreen.on_mount

    def on_mount(self: ReviewScreen) -> None:
        def frame(_screen: object) -> None:
            rows = self.query_one(ItemList).option_count
            seen.append(("frame", time.monotonic(), rows, self.later.pending("brief")))

        # subscribed before the screen's own on_mount: every frame after the mount is seen
        self.screen_layout_refresh_signal.subscribe(
            self.query_one("#titlebar", Static), frame, immediate=True
        )
        mount(self)

    later = Debouncer.later

    def timed(self: Debouncer, what: str, delay: float) -> None:
        if what == "brief":
            seen.append(("timed", time.monotonic(), 0, False))
        later(self, what, delay)

    draw = Panes.draw_brief

    def draw_brief(self: Panes) -> None:
        seen.append(("preview", time.monotonic(), 0, False))
        draw(self)

    monkeypatch.setattr(ReviewScreen, "on_mount", on_mount)
    monkeypatch.setattr(Debouncer, "later", timed)
    monkeypatch.setattr(Panes, "draw_brief", draw_brief)

    async def go() -> None:
        async with desk(demo_ws) as (_app, pilot, screen):
            await until(pilot, lambda: screen.brief_cache, what="the brief preview")

    asyncio.run(go())
    kinds = [kind for kind, *_ in seen]
    assert "frame" in kinds and "timed" in kinds and "preview" in kinds, seen
    first = seen[kinds.index("frame")]
    assert kinds.index("frame") < kinds.index("timed") < kinds.index("preview"), kinds
    assert first[2] > 0  # the first frame shows the items list
    assert first[3]  # with the preview put off (pending: `brief_text` would render it now)
    # and the preview waited its whole delay after that frame (a timer may fire a few ms early)
    assert seen[kinds.index("preview")][1] - first[1] >= DELAY - 0.02, seen
