"""The review screen's view model (`tui.screens.review.view`), driven without a terminal: what
the panes show and what a change redraws, and how the screen's actions are owned by its
controllers."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from briefdesk.core.review.load import load_review
from briefdesk.core.settings.keymap import ACTIONS
from briefdesk.core.workspace.layout import Workspace
from briefdesk.tui.filtering import ItemFilter
from briefdesk.tui.screens.review.actions import owned_actions
from briefdesk.tui.screens.review.screen import ReviewScreen
from briefdesk.tui.screens.review.view import ReviewView

ROOT = Path(__file__).resolve().parents[2]
DEMO_BATCH = "2026-11-03-e627b203"


@pytest.fixture()
def view(demo_ws: Path) -> Iterator[ReviewView]:
    review = load_review(Workspace.open(demo_ws), DEMO_BATCH)
    with review.open_session() as session:
        v = ReviewView(review, session, reviewer="Jay")
        v.show([ref for _m, refs in v.shown_groups() for ref in refs])
        yield v


def test_the_view_model_imports_no_textual() -> None:
    """Plain Python: its imports, and theirs within the desk, never reach Textual."""
    seen: set[Path] = set()
    todo = [ROOT / "tui" / "screens" / "review" / "view.py"]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: resolve it inside tui/
                    base = path.parent
                    for _ in range(node.level - 1):
                        base = base.parent
                    target = base.joinpath(*(node.module or "").split("."))
                    todo += [p for p in (target.with_suffix(".py"), target / "__init__.py")]
                    todo = [p for p in todo if p.exists()]
                    continue
                names = [node.module or ""]
            else:
                continue
            assert not any(n.split(".")[0] in ("textual", "rich") for n in names), (path, names)
            for name in names:
                if name.startswith("briefdesk.tui."):
                    target = ROOT / "tui" / Path(*name.split(".")[2:])
                    todo += [p for p in (target.with_suffix(".py"), target / "__init__.py")]
                    todo = [p for p in todo if p.exists()]
    assert len(seen) >= 3  # view.py, tui/filtering.py, tui/item_context.py


def test_every_keymap_action_has_exactly_one_controller() -> None:
    owners = owned_actions(ReviewScreen.CONTROLLERS)  # raises on an action owned twice
    ids = {a.id for a in ACTIONS}
    assert {f"action_{i}" for i in ids} <= set(owners), ids - {o[7:] for o in owners}
    for name, attribute in owners.items():
        assert getattr(ReviewScreen, name).__name__ == name
        assert attribute in ReviewScreen.CONTROLLERS


def test_a_decision_redraws_its_row_and_its_material_header_and_moves_the_counts(
    view: ReviewView,
) -> None:
    ref = next(r for r in view.shown_refs if view.session.decision(r).status == "undecided")
    before = dict(view.tally)
    view.session.include(ref)
    redraw = view.changed()
    assert ref in redraw.rows
    assert redraw.groups == (view.items[ref].material,)
    assert redraw.tally == view.session.counts()
    assert redraw.tally["undecided"] == before["undecided"] - 1
    assert view.changed().rows == ()  # drawn now: nothing left to redraw


def test_a_merge_redraws_the_rows_whose_role_changed(view: ReviewView) -> None:
    undecided = [r for r in view.shown_refs if view.session.decision(r).status == "undecided"]
    a, b = undecided[:2]
    view.session.include(a)
    view.session.include(b)
    view.changed()
    view.session.merge(b, a)
    assert view.role_map()[b] == "part"
    assert b in view.changed().rows


def test_moving_stops_at_the_ends_or_clamps(view: ReviewView) -> None:
    first, last = view.shown_refs[0], view.shown_refs[-1]
    view.cursor = first
    assert view.target(-1) is None
    assert view.target(1) == view.shown_refs[1]
    assert view.target(-5, clamp=True) == first
    assert view.target(10_000, clamp=True) == last


def test_next_undecided_goes_round_and_says_when_none_is_left(view: ReviewView) -> None:
    view.cursor = view.shown_refs[-1]
    ref, message = view.next_undecided()
    assert ref is not None and message is None
    assert view.shown_index[ref] < view.shown_index[view.cursor]  # round to the top
    for r in view.shown_refs:
        if view.session.decision(r).status == "undecided":
            view.session.include(r)
    assert view.next_undecided() == (None, "Every item is decided.")
    view.filter = ItemFilter(text="KV")
    assert view.next_undecided()[1] == "Every shown item is decided."


def test_the_filter_decides_what_the_list_shows(view: ReviewView) -> None:
    view.filter = ItemFilter(text="KV")
    shown = [ref for _m, refs in view.shown_groups() for ref in refs]
    assert shown and len(shown) < len(view.items)
    items = view.items
    hidden = set(items) - set(shown)  # none of them says KV
    assert all("kv" not in f"{r}\n{items[r].title}\n{items[r].body}".casefold() for r in hidden)


def test_a_duplicate_of_nothing_is_refused_with_the_reason(view: ReviewView) -> None:
    assert view.refusal("off-topic") is None
    assert view.refusal(f"duplicate:{view.shown_refs[1]}") is None
    refusal = view.refusal("duplicate:nosuch#1")
    assert refusal is not None and "nosuch#1 is no batch item" in refusal


def test_merge_targets_leave_out_the_items_own_increment(view: ReviewView) -> None:
    undecided = [r for r in view.shown_refs if view.session.decision(r).status == "undecided"]
    a, b = undecided[:2]
    view.session.include(a)
    view.session.include(b)
    targets = dict(view.merge_targets(a))
    assert b in targets and a not in targets


def test_the_brief_and_its_message_come_from_one_render(view: ReviewView) -> None:
    view.render_brief()
    assert view.brief_cache.strip()
    assert view.message_cache is not None and "Reviewed-by: Jay" in view.message_cache
