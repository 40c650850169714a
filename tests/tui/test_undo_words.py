"""What undo and redo say a step did: the change the step made, not a neighbour of it."""

from __future__ import annotations

from briefdesk.core.model.decisions import Decision, Origin
from briefdesk.core.model.increments import Increment, Placement
from briefdesk.core.review.sessionfile import Patch, Step
from briefdesk.tui.undo_text import describe_step

R1, R2 = "m.md#1", "m.md#2"
TITLES = {R1: "Flide", R2: "DecisionRank"}
P12 = Placement(section="1.2", action="new-subsection")
P3 = Placement(section="3", part=R1)
P61 = Placement(section="6.1", action="open-question")


def step(before: Increment, after: Increment, decisions: bool = False) -> Step:
    """A form saved on `before`; `decisions`: its items were proposed, the save confirmed them."""
    was = {R1: Decision(status="include", origin=Origin.proposed)} if decisions else {}
    now = {R1: Decision(status="include", origin=Origin.reviewer)} if decisions else {}
    return Step(
        before=Patch(decisions=was, increments={before.id: before}),
        after=Patch(decisions=now, increments={after.id: after}),
    )


INC = Increment(id="i1", parts=(R1, R2), placements=(P12, P3))


def test_adding_a_placement_names_the_added_one_not_the_first() -> None:
    after = INC.model_copy(update={"placements": (P12, P3, P61)})
    assert describe_step(step(INC, after), TITLES)[0] == "place in §6.1 “Flide”"


def test_removing_reordering_and_retargeting_placements() -> None:
    removed = INC.model_copy(update={"placements": (P12,)})
    assert describe_step(step(INC, removed), TITLES)[0] == "remove the placement §3 of “Flide”"
    swapped = INC.model_copy(update={"placements": (P3, P12)})
    assert describe_step(step(INC, swapped), TITLES)[0] == "reorder the placements of “Flide”"
    moved = INC.model_copy(update={"placements": (P12, P3.model_copy(update={"section": "4"}))})
    assert describe_step(step(INC, moved), TITLES)[0] == "retarget §3 to §4 in “Flide”"
    none = INC.model_copy(update={"placements": ()})
    assert describe_step(step(INC, none), TITLES)[0] == "remove the placements of “Flide”"


def test_a_form_saved_on_proposed_items_says_what_it_wrote() -> None:
    titled = INC.model_copy(update={"title": "决策模型", "placements": (P12, P3, P61)})
    assert describe_step(step(INC, titled, decisions=True), TITLES) == (
        "write the increment of “Flide”",
        R1,
    )
    placed = INC.model_copy(update={"placements": (P12, P3, P61), "origin": Origin.reviewer})
    assert describe_step(step(INC, placed, decisions=True), TITLES)[0] == "place in §6.1 “Flide”"


def test_confirming_is_still_a_confirmation() -> None:
    confirmed = INC.model_copy(update={"origin": Origin.reviewer})
    assert describe_step(step(INC, confirmed, decisions=True), TITLES)[0] == "confirm “Flide”"
