"""The same review under the vim keymap: every action through its vim key, in one walk."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.core.model.decisions import Origin
from briefdesk.core.model.values import Evidence
from briefdesk.tui.app import BriefdeskApp
from briefdesk.tui.dialogs.evidence import EvidenceDialog
from briefdesk.tui.dialogs.exclude import ExcludeDialog
from briefdesk.tui.dialogs.filter import FilterDialog
from briefdesk.tui.dialogs.merge import MergeDialog
from briefdesk.tui.dialogs.placement import PlacementDialog
from briefdesk.tui.dialogs.text_entry import TextEntryDialog
from briefdesk.tui.screens.commit import CommitScreen
from briefdesk.tui.screens.help import HelpScreen
from briefdesk.tui.screens.preview import PreviewScreen
from tui_helpers import DEMO_BATCH, SIZE, key, review_ready, settle

R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"
R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"
BLOG1 = "inbox/jay/2026-11-01T0935-blogs-discovery.md#1"


def vim(action: str) -> str:
    return key(action, "vim")


def test_vim_walk(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH, keymap="vim")
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot)
            assert screen.keymap.name == "vim"
            session = screen.session

            async def dialog(action: str, kind: type, *then: str) -> None:
                await pilot.press(vim(action))
                await settle(pilot)
                assert isinstance(app.screen, kind), (action, app.screen)
                if then:
                    await pilot.press(*then)
                    await settle(pilot)

            await pilot.press(vim("next_item"))  # j
            assert screen.current == R2
            await pilot.press(vim("prev_item"), vim("next_item"))  # k j
            assert screen.current == R2
            await pilot.press(vim("next_pane"))  # l
            assert screen.focused.id == "detail"
            await pilot.press(vim("prev_pane"))  # h
            assert screen.focused.id == "items"

            await pilot.press(vim("include"))  # a
            assert session.decision(R2).status == "include" and screen.current == R2
            await pilot.press(vim("move_up"))  # K
            assert session.order.index(R2) == 0
            await pilot.press(vim("move_down"))  # J
            assert session.order.index(R2) == 1
            await pilot.press(vim("accept_placement"))  # y
            best = screen.matches[R2].placements[0].section
            assert session.plan.placement_of(R2).section == best  # type: ignore[union-attr]

            await dialog("annotate", TextEntryDialog, "o", "k", "ctrl+s")  # i
            await dialog("flag_contradiction", TextEntryDialog, "c", "ctrl+s")
            await dialog("add_handle", TextEntryDialog, "h", "ctrl+s")  # H
            assert session.decision(R2).notes == ("ok",)
            assert [(n.text, n.refs) for n in session.data.contradictions][-1] == ("c", (R2,))
            assert [(n.text, n.refs) for n in session.data.handles][-1] == ("h", (R2,))

            await dialog("cycle_evidence", EvidenceDialog, vim("cycle_evidence"), "enter")
            assert session.evidence(R2) is Evidence.tldr
            await dialog("pick_placement", PlacementDialog, "escape")
            await dialog("merge", MergeDialog, "enter")
            assert session.increment_of(R2).parts == (R1, R2)  # type: ignore[union-attr]

            await pilot.press(vim("undo"))  # u
            assert session.increment_of(R2).parts == (R2,)  # type: ignore[union-attr]
            await pilot.press(vim("redo"))  # ctrl+r
            assert session.increment_of(R2).parts == (R1, R2)  # type: ignore[union-attr]

            screen.go_to(BLOG1)
            await pilot.press(vim("mark_duplicate"))
            assert session.decision(BLOG1).duplicate_of == screen.matches[BLOG1].duplicates[0].ref
            await dialog("exclude", ExcludeDialog, "escape")
            assert session.decision(BLOG1).origin is Origin.reviewer

            await dialog("filter", FilterDialog, "escape")  # /
            await dialog("preview_brief", PreviewScreen, vim("preview_brief"))
            assert app.screen is screen
            await dialog("help", HelpScreen, "escape")  # ?
            await dialog("commit", CommitScreen, "escape")
            assert app.screen is screen

            await pilot.press(vim("quit"))
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(go())
