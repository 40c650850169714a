"""Pictures of every screen and dialog on the demo's Chinese content (pytest-textual-snapshot).

Deterministic by construction: the workspace is a fixed-name copy (`kb`) with fixed git dates
and identity, the picker's clock is fixed, the reviewer comes from briefdesk.yaml, inputs do not
blink under a headless driver, and matching has finished before the picture is taken.
Regenerate with `pytest tests/tui --snapshot-update`, then look at every picture.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from briefdesk.tui.app import BriefdeskApp
from tui_helpers import DEMO_BATCH, SIZE, key, review_ready, settle, until

R2 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#2"
BLOG1 = "inbox/jay/2026-11-01T0935-blogs-discovery.md#1"
CARD = "organized/paper_cards/140-2604-17227.md#1"
NARROW = (100, 30)


def on_item(ref: str, *keys: str, include: tuple[str, ...] = ()):
    """run_before: wait for the review and matching, decide `include`, go to `ref`, press `keys`."""

    async def run_before(pilot) -> None:
        screen = await review_ready(pilot)
        for other in include:
            screen.session.include(other)
        screen.go_to(ref)
        await settle(pilot)
        screen.flush()  # the panes and the brief preview as the keys left them, whatever the timing
        await settle(pilot)
        if keys:
            await pilot.press(*keys)
            await settle(pilot)
        screen.flush()  # whatever the keys left pending, drawn now
        await settle(pilot)

    return run_before


def test_batch_picker(demo: Path, snap_compare) -> None:
    async def run_before(pilot) -> None:
        await until(pilot, lambda: getattr(pilot.app.screen, "rows", None), what="batch rows")
        await settle(pilot)

    app = BriefdeskApp(demo, None, today=dt.date(2026, 11, 5))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_review_screen(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=on_item(CARD, include=(R2,)))


def test_review_screen_narrow(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=NARROW, run_before=on_item(CARD, include=(R2,)))


def test_dialog_exclude(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=on_item(BLOG1, key("exclude")))


def test_dialog_annotate(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(
        app,
        terminal_size=SIZE,
        run_before=on_item(
            "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1",
            key("annotate"),
            "读",
            "过",
            "摘",
            "要",
        ),
    )


def test_dialog_contradiction(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=on_item(R2, key("flag_contradiction")))


def test_dialog_handle(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=on_item(R2, key("add_handle")))


def test_dialog_evidence(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=on_item(R2, key("cycle_evidence")))


def test_dialog_placement(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(
        app, terminal_size=SIZE, run_before=on_item(R2, key("pick_placement"), "k", "v")
    )


def test_dialog_merge(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=on_item(R2, key("merge")))


def test_dialog_filter(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=on_item(R2, key("filter")))


def test_help(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=on_item(R2, key("help")))


def test_help_vim(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH, keymap="vim")
    assert snap_compare(app, terminal_size=SIZE, run_before=on_item(R2, key("help", "vim")))


def test_preview_brief(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(
        app, terminal_size=SIZE, run_before=on_item(R2, key("preview_brief"), include=(R2,))
    )


def test_commit_screen(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(
        app, terminal_size=SIZE, run_before=on_item(R2, key("commit"), include=(R2,))
    )


def test_commit_screen_narrow(demo: Path, snap_compare) -> None:
    """At 100x30 the four warnings take more lines than their box: it counts them, says which
    lines it shows, has the focus and its scrollbar; the brief and the message stay below."""

    async def run_before(pilot) -> None:
        await on_item(R2, key("commit"), include=(R2,))(pilot)
        await until(pilot, lambda: pilot.app.screen.focused.id == "commit-warnings", what="focus")

    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=NARROW, run_before=run_before)


def test_commit_done(demo: Path, snap_compare) -> None:
    async def run_before(pilot) -> None:
        await on_item(R2, key("commit"), include=(R2,))(pilot)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: getattr(pilot.app.screen, "sha", None), what="the commit")
        await settle(pilot)

    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_error_screen(demo: Path, snap_compare) -> None:
    (demo / "batches" / "broken.yaml").write_text("id: [unclosed\n", "utf-8")

    async def run_before(pilot) -> None:
        await until(pilot, lambda: pilot.app.screen.query("#error-problem"), what="the error")

    app = BriefdeskApp(demo, "broken")
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


POST2 = "inbox/flyp/2026-11-02T0950-critical-read.md#2"


def changed_on_disk(ref: str):
    """run_before: `ref` included, then its material edited on disk; once the desk has read it
    again (the item marked changed since decided, matching and claims done), its panes."""

    async def run_before(pilot) -> None:
        screen = await review_ready(pilot)
        screen.session.include(ref)
        path = screen.review.workspace.root / ref.split("#")[0]
        text = path.read_text("utf-8")
        path.write_text(text.replace("SGLang v0.5.21（10/2）", "SGLang v0.5.21（10/3）"), "utf-8")
        await until(pilot, lambda: screen.session.is_changed(ref), timeout=10, what="the mark")
        await until(pilot, lambda: screen.matches is not None, what="matching again")
        screen.go_to(ref)
        await settle(pilot)
        pilot.app.clear_notifications()  # the toasts come and go with the clock
        screen.flush()
        await settle(pilot)

    return run_before


def test_review_screen_claims_and_a_changed_item(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=changed_on_disk(POST2))


def test_review_screen_claims_and_a_changed_item_narrow(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=NARROW, run_before=changed_on_disk(POST2))


def _picker(query: str):
    """run_before: the exclude dialog of BLOG1, its search option, `query` typed in the picker."""
    from briefdesk.core.matching.targets import rank
    from briefdesk.tui.dialogs.target_picker import TargetPicker

    async def run_before(pilot) -> None:
        await on_item(BLOG1, key("exclude"))(pilot)
        reasons = pilot.app.screen.query_one("#reasons")
        reasons.highlighted = [o.id for o in reasons.options].index("__search__")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, TargetPicker), what="the picker")
        picker = pilot.app.screen
        await until(pilot, lambda: picker.targets is not None, what="the targets")
        await pilot.press(*query)
        await until(  # the list is the query's (was a fixed 0.1 s pause)
            pilot,
            lambda: picker.shown == rank(query, picker.targets or []),
            what="the query's hits",
        )
        await settle(pilot)

    return run_before


def test_dialog_duplicate_picker(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=SIZE, run_before=_picker("投机解码"))


def test_dialog_duplicate_picker_narrow(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(app, terminal_size=NARROW, run_before=_picker("SGLang"))


def test_dialog_claim_contradiction(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(
        app, terminal_size=SIZE, run_before=on_item(POST2, key("claim_contradiction"))
    )


def test_dialog_claim_contradiction_narrow(demo: Path, snap_compare) -> None:
    app = BriefdeskApp(demo, DEMO_BATCH)
    assert snap_compare(
        app, terminal_size=NARROW, run_before=on_item(POST2, key("claim_contradiction"))
    )


# -- writing the brief: the increment form, a placement, the batch's notes, a spot check ---------

R1 = "inbox/jay/2026-11-03-1000-rss-cool-papers.md#1"
SEED_BATCH = "2026-11-03-e627b203"
PLENA = "inbox/flyp/2026-11-03T0950-critical-read.md#1"
WRITING = [
    # (name, workspace fixture, item, keys)
    ("increment", "demo", R1, (key("edit_increment"),)),
    ("increment_written", "seed", PLENA, (key("edit_increment"),)),
    (
        "placement_edit",
        "seed",
        R1,
        (key("edit_increment"), "tab", "tab", "tab", "tab", "enter"),
    ),
    ("notes", "seed", PLENA, (key("edit_notes"),)),
    ("note_edit", "seed", PLENA, (key("edit_notes"), "tab", "enter")),
    ("spot_check", "seed", PLENA, (key("add_spot_check"),)),
    ("spot_check_form", "seed", PLENA, (key("add_spot_check"), "enter")),
]


@pytest.mark.parametrize("size", [SIZE, NARROW], ids=["160x48", "100x30"])
@pytest.mark.parametrize(("name", "fixture", "ref", "keys"), WRITING, ids=[w[0] for w in WRITING])
def test_dialog_writing(
    name: str, fixture: str, ref: str, keys: tuple[str, ...], size, request, snap_compare
) -> None:
    workspace = request.getfixturevalue(fixture)
    batch = DEMO_BATCH if fixture == "demo" else SEED_BATCH
    app = BriefdeskApp(workspace, batch)
    assert snap_compare(app, terminal_size=size, run_before=on_item(ref, *keys))
