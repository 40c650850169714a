"""Every action id docs/keys.md lists, pressed through its key from the default keymap on the demo
batch, with what it did to the session or the screen checked. Related actions (next/prev, up/down,
the three text dialogs) share one app to keep the suite fast; the last test proves none is missing.

Moving to the item a test needs is done by calling the screen (`go_to`), not by pressing keys:
a key press costs 50 ms or more under Pilot, and only the key under test is the point.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from briefdesk.core.model.decisions import Origin
from briefdesk.core.model.values import Evidence
from briefdesk.core.review.sessionfile import SessionData
from briefdesk.core.settings.keymap import ACTION_IDS
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
from textual.widgets import DataTable, Input
from tui_helpers import DEMO_BATCH, SIZE, desk, key, review_ready, settle, until

R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"  # proposed include, §3.1, first increment
R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"  # undecided
R3 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#3"
PLENA = "inbox/flyp/2026-11-03T0950-critical-read.md#1"  # proposed include, second increment
BLOG1 = "inbox/jay/2026-11-01T0935-blogs-discovery.md#1"  # repeats an entry of the 11-01 brief


def run(coro):
    import asyncio

    return asyncio.run(coro)


def saved(ws: Path) -> dict:
    """The session file as core reads it back (decisions at their defaults are left out of the
    file)."""
    raw = (ws / ".briefdesk" / "sessions" / f"{DEMO_BATCH}.json").read_bytes()
    return SessionData.model_validate_json(raw).model_dump(mode="json")


async def _type(pilot, text: str) -> None:
    for ch in text:
        await pilot.press(ch if ch != " " else "space")


def test_next_item_and_prev_item(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            assert screen.current == R1
            await pilot.press(key("prev_item"))
            assert screen.current == R1  # first item: stays, no wrap
            await pilot.press(key("next_item"))
            assert screen.current == R2
            assert screen.query_one("#items").highlighted_option.id == R2
            # where the reviewer is is saved once the cursor rests
            await until(
                pilot, lambda: saved(demo)["cursor"] == R2, timeout=3, what="the cursor saved"
            )
            screen.go_to(R3)
            await pilot.press(key("prev_item"))
            assert screen.current == R2

    run(go())


def test_next_pane_and_prev_pane(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            assert screen.focused.id == "items"
            seen = []
            for _ in range(5):
                await pilot.press(key("next_pane"))
                seen.append(screen.focused.id)
            assert seen == ["detail", "placements", "dup-list", "order", "items"]
            await pilot.press(key("prev_pane"))
            assert screen.focused.id == "order"
            await pilot.press(key("prev_pane"))
            assert screen.focused.id == "dup-list"

    run(go())


def test_include(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            assert screen.session.decision(R1).origin is Origin.proposed
            await pilot.press(key("include"))  # on a proposal: confirms it
            assert screen.session.decision(R1).origin is Origin.reviewer
            assert screen.session.counts()["confirmed"] == 1
            screen.go_to(R2)
            await pilot.press(key("include"))
            d = screen.session.decision(R2)
            assert d.status == "include" and d.origin is Origin.reviewer
            assert screen.current == R2  # the cursor stays
            assert R2 in screen.session.order
            assert saved(demo)["decisions"][R2]["status"] == "include"
            assert screen.query_one("#items").get_option(R2).prompt.plain.startswith("✓ ")
            assert "4 条增量" in screen.brief_text  # the preview follows every decision
            assert "· 4 increments" in screen.message_text

    run(go())


def test_include_advances_when_the_setting_says_so(demo: Path) -> None:
    settings = demo / "briefdesk.yaml"
    settings.write_text(settings.read_text("utf-8") + "advance_after_decision: true\n", "utf-8")

    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("include"))
            assert screen.session.decision(R2).status == "include"
            assert screen.current == R3

    run(go())


def test_exclude(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH)
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot)
            screen.go_to(R2)
            await pilot.press(key("exclude"))
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, ExcludeDialog)
            reasons = dialog.query_one("#reasons")
            reasons.highlighted = [o.id for o in reasons.options].index("weak-evidence")
            await pilot.press("enter")
            await settle(pilot)
            d = screen.session.decision(R2)
            assert (d.status, d.reason) == ("exclude", "weak-evidence")
            assert screen.current == R2
            # a reason of one's own: the last choice, then type it
            screen.go_to(R3)
            await pilot.press(key("exclude"), "end", "enter")
            await settle(pilot)
            assert isinstance(app.screen.focused, Input)
            await _type(pilot, "同源复述")
            await pilot.press("enter")
            await settle(pilot)
            assert screen.session.decision(R3).reason == "同源复述"

    run(go())


def test_mark_duplicate_names_the_selected_candidate(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH)
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot)
            screen.go_to(BLOG1)
            best = screen.matches[BLOG1].duplicates[0]
            assert best.ref == "briefs/inference/2026-11-01-e1-manual.md#2"
            await pilot.press(key("mark_duplicate"))
            d = screen.session.decision(BLOG1)
            assert d.status == "exclude" and d.duplicate_of == best.ref
            assert screen.current == BLOG1
            assert screen.query_one("#items").get_option(BLOG1).prompt.plain.startswith("≡ ")

    run(go())


def test_annotate_flag_contradiction_add_handle(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            for action, field in (
                ("annotate", "notes"),
                ("flag_contradiction", "contradictions"),
                ("add_handle", "handles"),
            ):
                await pilot.press(key(action))
                await settle(pilot)
                assert isinstance(app.screen, TextEntryDialog), action
                await _type(pilot, "读过附录B")
                await pilot.press("enter")
                await _type(pilot, "ok")
                await pilot.press("ctrl+s")
                await settle(pilot)
                if field == "notes":  # a note is the item's own
                    assert screen.session.decision(R2).notes == ("读过附录B\nok",)
                    assert saved(demo)["decisions"][R2]["notes"] == ["读过附录B\nok"]
                else:  # contradictions and handles are the batch's, naming the item
                    notes = getattr(screen.session.data, field)
                    assert (notes[-1].text, notes[-1].refs) == ("读过附录B\nok", (R2,)), action
                    assert saved(demo)[field][-1]["refs"] == [R2], action

    run(go())


def test_lowering_the_evidence_under_a_written_boundary_is_flagged(demo: Path) -> None:
    """docs/brief.md: a boundary written on the higher level claims more than the evidence once
    the level is lowered; the desk says so (and `commit` warns)."""

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            s = screen.session
            s.include(R2)
            inc = s.increment_of(R2)
            s.set_evidence(R2, Evidence.fulltext, "read sections 3-5")
            s.set_field(inc.id, "boundary", "full text read, figures quotable")
            await pilot.press(key("cycle_evidence"))
            await settle(pilot)
            assert isinstance(app.screen, EvidenceDialog)
            await pilot.press(key("cycle_evidence"), key("cycle_evidence"), "enter")  # tldr
            await settle(pilot)
            assert s.evidence(R2) is Evidence.tldr
            await until(
                pilot,
                lambda: any(
                    "claims fulltext but the evidence is tldr now" in str(n.message)
                    for n in app._notifications
                ),
            )

    run(go())


def test_cycle_evidence(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            assert screen.session.evidence(R2) is Evidence.abstract
            await pilot.press(key("cycle_evidence"))
            await settle(pilot)
            assert isinstance(app.screen, EvidenceDialog)
            await pilot.press(key("cycle_evidence"), "enter")  # the key again: the next level
            await settle(pilot)
            assert screen.session.evidence(R2) is Evidence.tldr
            # raising to fulltext asks what was read
            await pilot.press(key("cycle_evidence"), "home", "enter")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, EvidenceDialog)  # still open: a note is needed
            assert dialog.focused.id == "note"
            assert screen.session.evidence(R2) is Evidence.tldr
            await _type(pilot, "read sections 3-5")
            await pilot.press("enter")
            await settle(pilot)
            d = screen.session.decision(R2)
            assert d.evidence is Evidence.fulltext and d.evidence_note == "read sections 3-5"

    run(go())


def test_pick_placement_by_fuzzy_search(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH)
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot)
            screen.go_to(R2)
            await pilot.press(key("pick_placement"))
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, PlacementDialog)
            await _type(pilot, "投机解码")
            await settle(pilot)
            top = dialog.query_one("#sections").highlighted_option.id
            assert screen.review.living_doc.section(top).title.startswith("投机解码")
            await pilot.press("enter")
            await settle(pilot)
            placed = screen.session.plan.placement_of(R2)
            assert placed is not None and (placed.section, placed.action) == (top, "append")

    run(go())


def test_accept_placement_takes_the_best_proposal(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH)
        async with app.run_test(size=SIZE) as pilot:
            screen = await review_ready(pilot)
            screen.go_to(R2)
            best = screen.matches[R2].placements[0].section
            assert screen.session.plan.placement_of(R2) is None
            await pilot.press(key("accept_placement"))
            assert screen.session.plan.placement_of(R2).section == best  # type: ignore[union-attr]
            row = screen.query_one("#placements").get_option(best).prompt.plain
            assert row.startswith("● ")

    run(go())


def test_move_up_and_move_down(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            assert screen.session.order.index(PLENA) == 1
            screen.go_to(PLENA)
            await pilot.press(key("move_up"))
            assert screen.session.order[0] == PLENA
            assert screen.query_one("#order").options[0].id == PLENA
            await pilot.press(key("move_down"))
            assert screen.session.order[1] == PLENA
            assert saved(demo)["increments"][1]["parts"][0] == PLENA

    run(go())


def test_merge(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("merge"))
            await settle(pilot)
            assert isinstance(app.screen, MergeDialog)
            await pilot.press("enter")
            await settle(pilot)
            d = screen.session.decision(R2)
            inc = screen.session.increment_of(R2)
            assert d.status == "include" and inc is not None and inc.parts == (R1, R2)
            assert [o.id for o in screen.query_one("#order").options][:2] == [R1, R2]

    run(go())


def test_undo_and_redo(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("include"))
            screen.go_to(R3)
            await pilot.press(key("undo"))
            assert screen.session.decision(R2).status == "undecided"
            assert screen.current == R2  # undo shows what it undid
            assert saved(demo)["decisions"][R2]["status"] == "undecided"
            await pilot.press(key("redo"))
            assert screen.session.decision(R2).status == "include"

    run(go())


def test_filter(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("filter"))
            await settle(pilot)
            assert isinstance(app.screen, FilterDialog)
            await _type(pilot, "PLENA")
            await pilot.press("enter")
            await settle(pilot)
            assert screen.shown_refs == [PLENA]
            assert screen.current == PLENA
            await pilot.press(key("filter"))  # now by status
            await settle(pilot)
            dialog = app.screen
            dialog.query_one("#text", Input).value = ""
            status = dialog.query_one("#status")
            status.highlighted = [o.id for o in status.options].index("exclude")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert len(screen.shown_refs) == 2
            assert all(screen.session.decision(r).status == "exclude" for r in screen.shown_refs)
            screen.action_clear_filter()
            assert len(screen.shown_refs) == len(screen.review.items)

    run(go())


def test_preview_brief(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("preview_brief"))
            await settle(pilot)
            preview = app.screen
            assert isinstance(preview, PreviewScreen)
            assert "一、今日最重要的 3 条增量" in preview.brief
            assert preview.message.startswith("brief(inference): E1 2026-11-03 · 3 increments")
            await pilot.press(key("preview_brief"))  # the same key closes it
            await settle(pilot)
            assert app.screen is screen

    run(go())


def test_commit(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("commit"))
            await settle(pilot)
            commit = app.screen
            assert isinstance(commit, CommitScreen)
            warning = commit.query_one("#commit-warning").render()
            assert "16 items are still undecided" in str(warning)
            await pilot.press("ctrl+s")
            await until(pilot, lambda: commit.sha is not None, what="the commit")
            log = subprocess.run(
                ["git", "-C", str(demo), "log", "-1", "--format=%H%n%B"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            assert log.startswith(commit.sha)
            assert "Batch: work-guard/e627b203-77c1-4f5a-a634-26925ef1b683" in log
            assert "Reviewed-by: Tom" in log
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is screen

    run(go())


def test_help(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            await pilot.press(key("help"))
            await settle(pilot)
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            table = help_screen.query_one(DataTable)
            assert table.row_count == len(ACTION_IDS)
            assert str(table.get_cell("include", "keys")) == "i"
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is screen

    run(go())


def test_quit_releases_the_batch(demo: Path) -> None:
    async def go() -> None:
        app = BriefdeskApp(demo, DEMO_BATCH)
        async with app.run_test(size=SIZE) as pilot:
            await review_ready(pilot, matched=False)
            lock = demo / ".briefdesk" / "sessions" / f"{DEMO_BATCH}.lock"
            assert lock.exists()
            await pilot.press(key("quit"))
            await pilot.pause()
        assert app.return_code == 0
        assert not lock.exists()

    run(go())


def test_every_action_id_is_pressed_here() -> None:
    """The tests above, test_evening_actions, test_duplicates_desk and test_edits_under_the_desk
    press every action docs/keys.md lists through its key (the vim keymap's moves by their vim
    keys)."""
    import re

    from briefdesk.core.settings.keymap import ACTION_IDS

    here = Path(__file__).read_text("utf-8")
    evening = (Path(__file__).parent / "test_evening_actions.py").read_text("utf-8")
    evening += (Path(__file__).parent / "test_duplicates_desk.py").read_text("utf-8")
    evening += (Path(__file__).parent / "test_edits_under_the_desk.py").read_text("utf-8")
    writing = (Path(__file__).parent / "test_writing.py").read_text("utf-8")  # the brief's keys
    pressed = set(re.findall(r'key\("([a-z_]+)"\)', here + evening + writing))
    pressed |= set(re.findall(r'\("([a-z_]+)", "(?:notes|contradictions|handles)"\)', here))
    pressed |= {"first_item", "last_item", "page_down", "page_up"}  # g G ctrl+d ctrl+u (vim)
    assert set(ACTION_IDS) <= pressed, sorted(set(ACTION_IDS) - pressed)
