"""The frictions a daily user hit, each pressed through the keys a user presses, each checked
for what the user sees or what the session records. Every test here failed before its fix."""

from __future__ import annotations

import asyncio
from pathlib import Path

from briefdesk.tui.screens.commit import CommitScreen
from textual.geometry import Region
from tui_helpers import desk, key, settle, until

HOOK = (
    "#!/bin/sh\n"
    "echo 'check yaml...............................................Passed'\n"
    "echo 'trim trailing whitespace.................................Failed'\n"
    "echo '- hook id: trailing-whitespace'\n"
    "echo '- exit code: 1'\n"
    "exit 1\n"
)


def run(coro):
    return asyncio.run(coro)


def text_of(widget) -> str:
    return str(widget.render())


def test_a_refusing_hook_shows_its_whole_output_on_the_commit_screen(demo: Path) -> None:
    hook = demo / ".git" / "hooks" / "pre-commit"
    hook.write_text(HOOK, "utf-8")
    hook.chmod(0o755)

    async def go() -> None:
        async with desk(demo) as (app, pilot, _screen):
            await pilot.press(key("commit"))
            await settle(pilot)
            commit = app.screen
            assert isinstance(commit, CommitScreen)
            output = commit.query_one("#commit-output")
            assert not output.display  # nothing to show before a refusal
            await pilot.press("ctrl+s")
            await until(pilot, lambda: not commit.busy, what="the refusal")
            status = text_of(commit.query_one("#commit-status"))
            assert "Not committed: git commit failed: trim trailing whitespace" in status
            assert output.display
            said = text_of(commit.query_one("#commit-output-text"))
            assert said.splitlines() == [
                "check yaml...............................................Passed",
                "trim trailing whitespace.................................Failed",
                "- hook id: trailing-whitespace",
                "- exit code: 1",
            ]
            # once the hook lets it through, the same screen commits
            hook.unlink()
            await pilot.press("ctrl+s")
            await until(pilot, lambda: commit.sha is not None, what="the commit")
            assert not output.display

    run(go())


R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"  # undecided, no candidates
BLOG1 = "inbox/jay/2026-11-01T0935-blogs-discovery.md#1"  # repeats an entry of the 11-01 brief


async def _type(pilot, text: str) -> None:
    for ch in text:
        await pilot.press(ch if ch != " " else "space")


def test_typing_in_the_exclude_dialog_gives_that_reason_not_the_highlighted_one(
    demo: Path,
) -> None:
    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("exclude"))
            await settle(pilot)
            await _type(pilot, "同源复述 x")
            await pilot.press("enter")
            await settle(pilot)
            d = screen.session.decision(R2)
            assert (d.status, d.reason) == ("exclude", "同源复述 x")

    run(go())


def test_number_keys_choose_the_exclude_reasons(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True) as (app, pilot, screen):
            for number, ref, reason in (
                ("1", R2, "off-topic"),
                ("2", R2, "weak-evidence"),
                ("3", BLOG1, f"duplicate:{screen.matches[BLOG1].duplicates[0].ref}"),
            ):
                screen.go_to(ref)
                await pilot.press(key("exclude"), number)
                # the keys typed right after a number that chose wait for the end of its burst
                # (tui/typeahead.py): the next exclude runs once they have
                await until(
                    pilot,
                    lambda: app.key_gate.idle() and app.screen is screen,
                    what="the dialog closed and the keys after it run",
                )
                assert screen.session.decision(ref).reason == reason
            # a number with no reason behind it does nothing; the dialog stays
            screen.go_to(R2)
            await pilot.press(key("exclude"), "9")
            await until(
                pilot,
                lambda: app.key_gate.idle() and app.screen is not screen,
                what="the dialog, still open",
            )
            await settle(pilot)
            assert app.screen is not screen
            await pilot.press("escape")

    run(go())


def test_keys_faster_than_the_screen_leave_the_cursor_and_panes_on_the_last_item(
    demo: Path,
) -> None:
    """Ten next_item presses before the list's highlight messages arrive (a held key): each
    stale message used to pull the cursor back, two of them chased each other for ever, and the
    detail pane never showed the item the cursor was on."""
    from briefdesk.tui.widgets.detail import DetailPane

    async def go() -> None:
        async with desk(demo) as (_app, pilot, screen):
            for _ in range(10):
                screen.action_next_item()
            target = screen.shown_refs[10]
            assert screen.current == target
            detail = screen.query_one(DetailPane)
            await until(pilot, lambda: detail._shown == target, timeout=5, what="the detail")
            await settle(pilot)
            assert screen.current == target

    run(go())


def test_the_help_screen_explains_every_mark_the_desk_draws(demo: Path) -> None:
    from briefdesk.tui.screens.help import HelpScreen
    from briefdesk.tui.text import CHOSEN, EVIDENCE_SHORT, GLYPHS, NOTE_MARK, PROPOSED
    from textual.widgets import DataTable

    async def go() -> None:
        async with desk(demo) as (app, pilot, _screen):
            await pilot.press(key("help"))
            await settle(pilot)
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            marks = help_screen.query_one("#marks", DataTable)
            assert not marks.display
            await pilot.press("tab")  # the second page
            await settle(pilot)
            assert marks.display and marks.has_focus
            rows = [[str(c) for c in marks.get_row_at(i)] for i in range(marks.row_count)]
            explained = {mark.strip(): meaning for mark, meaning in rows if mark}
            for glyph in [*GLYPHS.values(), NOTE_MARK, CHOSEN, PROPOSED, "✓?", "2/5", "…"]:
                assert glyph in explained, glyph
            for short in EVIDENCE_SHORT["zh"].values():  # the demo is in Chinese
                assert short.strip() in explained, short
            assert "proposed" in explained["✓?"] and "merged" in explained["↳"]
            await pilot.press("tab")
            await settle(pilot)
            assert help_screen.query_one("#keys", DataTable).has_focus

    run(go())


R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"  # proposed include, §3.1
R3 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#3"
CSDN2 = "inbox/jay/2026-11-01T0820-csdn-discovery.md#2"  # proposed exclude (off-topic)


def said(app) -> list[str]:
    return [n.message for n in app._notifications]


def test_undo_and_redo_say_what_they_did_and_show_the_item(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to(R2)
            await pilot.press(key("include"))
            screen.go_to(R3)
            await pilot.press(key("exclude"), "1")  # off-topic
            await settle(pilot)
            screen.go_to(R1)  # elsewhere: undo must bring the reviewer back
            await pilot.press(key("undo"))
            # typed right after a number that chose, it waits for the end of that burst
            # (tui/typeahead.py)
            await until(pilot, app.key_gate.idle, what="the undo to run")
            await settle(pilot)
            assert screen.current == R3 and screen.session.decision(R3).status == "undecided"
            assert said(app)[-1].startswith("Undid: exclude (off-topic) “Subquadratic Attention")
            await pilot.press(key("undo"))
            await settle(pilot)
            assert screen.current == R2
            assert said(app)[-1].startswith("Undid: include “DecisionRank:")
            screen.go_to(R1)
            await pilot.press(key("redo"))
            await settle(pilot)
            assert screen.current == R2 and screen.session.decision(R2).status == "include"
            assert said(app)[-1].startswith("Redid: include “DecisionRank:")

    run(go())


def test_enter_on_an_excluded_item_records_no_placement(demo: Path) -> None:
    async def go() -> None:
        async with desk(demo, matched=True) as (app, pilot, screen):
            screen.go_to(CSDN2)
            before = screen.session.decision(CSDN2)
            assert before.status == "exclude"
            await pilot.press(key("accept_placement"))
            await pilot.press(key("pick_placement"))
            await settle(pilot)
            assert app.screen is screen  # no placement dialog either
            assert screen.session.decision(CSDN2) == before
            assert not screen.session.history.undo
            assert "is excluded: a placement is for items of the brief" in said(app)[-1]

    run(go())


def test_excluding_a_part_of_a_merged_increment_says_the_others_stay(demo: Path) -> None:
    from briefdesk.tui.dialogs.exclude import ExcludeDialog

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.session.merge(R2, R1)
            screen.session.merge(R3, R1)
            screen.go_to(R1)
            await pilot.press(key("exclude"))
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, ExcludeDialog)
            warning = str(dialog.query_one("#warning").render())
            assert "shares an increment with 2 other items" in warning
            assert "DecisionRank" in warning and "they stay in the brief" in warning
            await pilot.press("1")
            await settle(pilot)
            assert screen.session.decision(R1).status == "exclude"
            assert {screen.session.decision(r).status for r in (R2, R3)} == {"include"}
            assert screen.session.increment_of(R2).parts == (R2, R3)  # type: ignore[union-attr]
            assert said(app)[-1].startswith("Excluded; its increment keeps 2 other items:")
            # an item alone in no increment is excluded without a word of warning
            screen.go_to(BLOG1)
            await pilot.press(key("exclude"))
            await settle(pilot)
            assert not app.screen.query("#warning")

    run(go())


def test_at_100x30_the_detail_shows_the_items_text_and_the_footer_help_and_quit(
    demo: Path,
) -> None:
    from briefdesk.tui.widgets.detail import DetailPane

    async def go() -> None:
        async with desk(demo, size=(100, 30)) as (_app, pilot, screen):
            for ref in (R1, "inbox/jay/2026-11-01T0935-blogs-discovery.md#1"):
                screen.go_to(ref)
                await settle(pilot)
                detail = screen.query_one(DetailPane)
                body = detail.query_one("#detail-body")
                # the text starts inside the pane's visible rows, not below them
                assert body.region.y < detail.region.bottom - 2, ref
                assert body.region.height > 0
            bar = text_of(screen.query_one("#keybar"))
            assert bar.rstrip().endswith("? help  q quit   ctrl+p palette")
            assert "…" not in bar  # whole labels or none

    run(go())


def test_front_matter_labels_are_never_cut_into_lookalikes(demo: Path) -> None:
    card = demo / "organized/paper_cards/140-2604-17227.md"
    text = card.read_text("utf-8")
    card.write_text(
        text.replace("---\n", "---\ncitation_count: 4\ncitation_velocity: 0\n", 1), "utf-8"
    )

    async def go() -> None:
        async with desk(demo) as (app, pilot, screen):
            screen.go_to("organized/paper_cards/140-2604-17227.md#1")
            await settle(pilot)
            head = app.screen.query_one("#detail-head")
            shown = "\n".join(
                strip.text for strip in head.render_lines(Region(0, 0, *head.size))
            )  # what a user sees, row by row
            assert "citation_count " in shown and "citation_velocity " in shown
            assert "…" not in shown

    run(go())


def test_duplicate_rows_keep_the_entry_number_and_space_the_kind(demo: Path) -> None:
    from briefdesk.tui.widgets.duplicates import DuplicateList

    blog = "inbox/jay/2026-11-01T0935-blogs-discovery.md#1"

    async def go() -> None:
        async with desk(demo, matched=True, size=(100, 30)) as (_app, pilot, screen):
            screen.go_to(blog)
            await settle(pilot)
            rows = screen.query_one(DuplicateList)
            first = str(rows.get_option_at_index(0).prompt)
            assert "2026-11-01-e1-manual.md#2" in first  # the entry's number, first thing after
            assert first.index("#2") < 40  # the kind: never past a narrow pane's edge
            for option in rows.options:
                assert "living-docdocs" not in str(option.prompt)

    run(go())
