"""The duplicates pane's keys (docs/duplicates.md, docs/keys.md): not_duplicate dismisses the
selected candidate (saved, undone, respected by the next scan); a cluster of batch items is shown as
one and decide_cluster keeps one and marks the others in one undo step; the exclude dialog names a
duplicate the scan missed through a picker, and a ref that does not exist is refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace
from tui_helpers import DEMO_BATCH, desk, key, settle, until

CARD = "organized/paper_cards/140-2604-17227.md#1"
ZHIHU = "inbox/jay/2026-11-01T0935-blogs-discovery.md#3"  # the same survey, arXiv:2604.17227
CSDN1 = "inbox/jay/2026-11-01T0820-csdn-discovery.md#1"
H20 = "inbox/flyp/2026-11-01T2250-critical-read.md#2"  # undecided, no proposal


def run(coro) -> None:
    asyncio.run(coro)


def test_not_duplicate_dismisses_the_selected_candidate_and_undo_brings_it_back(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True) as (_app, pilot, screen):
            screen.go_to(CSDN1)
            await settle(pilot)
            first = screen.selected_duplicate()
            assert first is not None
            await pilot.press(key("not_duplicate"))
            await settle(pilot)
            assert first.ref not in [d.ref for d in screen.item_matches(CSDN1).duplicates]
            saved = screen.session.data.dismissed
            assert [(d.item, d.candidate) for d in saved] == [(CSDN1, first.ref)]
            await pilot.press(key("undo"))
            await settle(pilot)
            assert screen.session.data.dismissed == []
            assert first.ref in [d.ref for d in screen.item_matches(CSDN1).duplicates]
            await pilot.press(key("redo"))
            await settle(pilot)

    run(go())
    # the next scan leaves the pair out (the session is saved)
    review = load_review(Workspace.open(demo), DEMO_BATCH)
    (gone,) = review.open_session(readonly=True).data.dismissed
    assert gone.candidate not in [d.ref for d in review.match(cache=True)[CSDN1].duplicates]


def test_a_cluster_is_shown_as_one_and_decided_in_one_undo_step(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True) as (_app, pilot, screen):
            assert screen.cluster(CARD) == [ZHIHU, CARD] or screen.cluster(CARD) == [CARD, ZHIHU]
            screen.go_to(CARD)
            await settle(pilot)
            screen.flush()
            head = str(screen.query_one("#dup-list").get_option_at_index(0).prompt)
            assert "cluster of 2 batch items" in head
            await pilot.press(key("decide_cluster"))
            await settle(pilot)
            assert screen.session.decision(CARD).status == "include"
            assert screen.session.decision(ZHIHU).reason == f"duplicate:{CARD}"
            await pilot.press(key("undo"))
            await settle(pilot)
            assert screen.session.decision(ZHIHU).status == "undecided"
            assert screen.session.decision(CARD).status == "undecided"

    run(go())


def test_the_exclude_dialog_names_a_missed_duplicate_through_the_picker(demo: Path) -> None:
    from briefdesk.tui.dialogs.target_picker import TargetPicker

    async def go() -> None:
        async with desk(demo, matched=True) as (app, pilot, screen):
            screen.go_to(H20)
            await settle(pilot)
            await pilot.press(key("exclude"))
            await settle(pilot)
            reasons = app.screen.query_one("#reasons")
            ids = [o.id for o in reasons.options]
            reasons.highlighted = ids.index("__search__")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, TargetPicker), what="the picker")
            picker = app.screen
            await until(pilot, lambda: picker.targets is not None, what="the targets")
            await pilot.press(*"SGLang Decisions")
            await settle(pilot)
            assert picker.shown and "SGLang" in picker.shown[0].text
            chosen = picker.shown[0].ref
            await pilot.press("enter")
            await until(
                pilot, lambda: screen.session.decision(H20).status == "exclude", what="exclusion"
            )
            assert screen.session.decision(H20).reason == f"duplicate:{chosen}"

    run(go())


def test_a_duplicate_ref_that_does_not_exist_is_refused(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True) as (app, pilot, screen):
            screen.go_to(H20)
            await settle(pilot)
            await pilot.press(key("exclude"))
            await settle(pilot)
            app.screen.query_one("#other").focus()
            await pilot.press(*"duplicate:briefs/nope.md#9", "enter")
            await settle(pilot)
            assert screen.session.decision(H20).status == "undecided"
            assert any("briefs/nope.md#9" in str(n.message) for n in app._notifications)

    run(go())
