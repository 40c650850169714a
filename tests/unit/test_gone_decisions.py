"""A decision whose item is gone (docs/staleness.md): a material edited so that a decided item's
heading is no longer there keeps the decision, with what was written for it, until the reviewer
moves it onto an item or drops it; the undo history survives, across a reload too."""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.review.load import load_review
from briefdesk.core.review.sessionfile import SessionData
from briefdesk.core.workspace.layout import Workspace
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.test_staleness import edit

SOURCE = Path(__file__).resolve().parent.parent / "workspaces" / "claims"
BATCH = "2026-11-05-en"
DIGEST = "inbox/tom/2026-11-05-0900-release-digest.md"
HEADING = "## LMDeploy: TurboMind gains FP8 KV cache\n"
R1, R2, R3 = (f"{DIGEST}#{n}" for n in (1, 2, 3))


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(SOURCE, root)
    return root


def items(ws: Path):
    return load_review(Workspace.open(ws), BATCH).items


def test_a_decided_item_whose_heading_is_deleted_keeps_its_decision_and_undo(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as s:
        s.include(R1)
        s.include(R2)
        s.update_increment(s.increment_of(R2).id, title="TurboMind 的 FP8 KV", boundary="厂商口径")
        s.include(R3)
        s.add_note(R3, "n3")
        edit(ws / DIGEST, HEADING, "")  # as `E` with an editor that deletes the heading
        s.refit(items(ws))
        (g,) = s.gone
        assert (g.ref, g.title, g.decision.status) == (R2, HEADING[3:-1], "include")
        assert g.increment is not None and g.increment.title == "TurboMind 的 FP8 KV"
        assert "item gone: LMDeploy" in g.describe()
        # the decision of the item after it followed it (refs renumbered), and undo still works
        assert s.decision(R2).notes == ("n3",)
        assert [r for inc in s.plan.increments for r in inc.items] == [R1, R2]
        assert s.undo()  # the note
        assert s.decision(R2).notes == ()
        assert s.redo()
    # a reload keeps the gone decision and the history
    with load_review(Workspace.open(ws), BATCH).open_session() as s:
        assert [g.ref for g in s.gone] == [R2]
        assert len(s.history.undo) == 3  # include R1, include R3 (now R2), its note
        assert s.undo() and s.decision(R2).notes == ()


def test_a_gone_decision_is_moved_onto_an_item_with_its_texts_or_dropped(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as s:
        s.include(R2)
        s.update_increment(s.increment_of(R2).id, title="TurboMind 的 FP8 KV", points="要点")
        edit(ws / DIGEST, HEADING, "")
        s.refit(items(ws))
        assert [g.ref for g in s.gone] == [R2] and s.decision(R2).status == "undecided"
        s.include(R1)
        with pytest.raises(BriefdeskError, match="decided already"):
            s.move_gone(0, R1)
        s.move_gone(0, R2)
        assert s.gone == [] and s.decision(R2).status == "include"
        inc = s.increment_of(R2)
        assert inc is not None and (inc.title, inc.points) == ("TurboMind 的 FP8 KV", "要点")
        s.undo()  # back among the gone
        assert [g.ref for g in s.gone] == [R2] and s.decision(R2).status == "undecided"
        s.drop_gone(0)
        assert s.gone == []
        saved = SessionData.model_validate_json(s.path.read_bytes())  # type: ignore[union-attr]
        assert saved.gone == []
        s.undo()
        assert [g.ref for g in s.gone] == [R2]


def test_a_gone_decision_comes_back_when_its_text_does(ws: Path) -> None:
    """The heading deleted while the desk is closed, then put back (an edit undone)."""
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as s:
        s.exclude(R2, "weak-evidence")
    original = (ws / DIGEST).read_text("utf-8")
    edit(ws / DIGEST, HEADING, "")
    with load_review(Workspace.open(ws), BATCH).open_session() as s:
        assert [(g.ref, g.title, g.decision.reason) for g in s.gone] == [
            (R2, None, "weak-evidence")
        ]
    (ws / DIGEST).write_text(original, "utf-8")
    with load_review(Workspace.open(ws), BATCH).open_session() as s:
        assert s.gone == [] and s.decision(R2).reason == "weak-evidence"


def test_a_gone_part_of_a_merged_increment_goes_back_into_it(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as s:
        s.include(R1)
        s.merge(R2, R1)
        inc = s.increment_of(R1)
        s.update_increment(inc.id, sources={R2: "厂商发布说明"})
        edit(ws / DIGEST, HEADING, "")
        s.refit(items(ws))
        (g,) = s.gone
        assert g.within == inc.id and s.increment_of(R1).parts == (R1,)
        s.move_gone(0, R2)
        back = s.increment_of(R2)
        assert back is not None and back.id == inc.id and back.parts == (R1, R2)
        assert back.sources == {R2: "厂商发布说明"}


# -- any history, any item gone: the session stays whole and undo reaches back ---------------

try:
    from test_session import OPS, REFS, apply_op, make_batch
except ImportError:  # pragma: no cover - tests/unit as a package
    from .test_session import OPS, REFS, apply_op, make_batch


def _items(contents: list[int]):
    """The batch's items with texts `contents` (their numbers), refs numbered per material as a
    material's headings are: deleting one renumbers the items after it."""
    from briefdesk.core.model.values import Evidence, Item

    out, per = [], {}
    for c in contents:
        material = f"inbox/a/m{1 if c < 3 else 2}.md"
        per[material] = per.get(material, 0) + 1
        ref = f"{material}#{per[material]}"
        out.append(
            Item(
                ref=ref,
                material=material,
                index=per[material],
                title=f"title {c}",
                body="b",
                evidence=Evidence.abstract,
            )
        )
    return out


@settings(max_examples=40, deadline=None)
@given(OPS, st.integers(0, 5))
def test_any_session_with_an_item_gone_stays_whole_and_undoes(
    tmp_path_factory, ops, gone: int
) -> None:
    from briefdesk.core.brief.plan import make_plan
    from briefdesk.core.review.session import Session

    tmp = tmp_path_factory.mktemp("s")
    s = Session.open(tmp / "s.json", make_batch(), _items(list(range(6))))
    for op, a, b in ops:
        with contextlib.suppress(BriefdeskError):
            apply_op(s, op, a, b)
    decided = {r for r, d in s.data.decisions.items() if d.status != "undecided" or d.notes}
    lost = REFS[gone]
    s.refit(_items([c for c in range(6) if c != gone]))
    refs = [i.ref for i in s.items]

    def whole() -> None:
        assert tuple(s.data.increments) == make_plan(refs, s.data).increments
        members = [r for inc in s.data.increments for r in inc.items]
        assert len(members) == len(set(members)) and set(members) <= set(refs)
        included = {r for r, d in s.data.decisions.items() if d.status == "include"}
        assert set(members) == included and set(s.data.decisions) == set(refs)

    whole()
    assert [g.ref for g in s.gone] == ([lost] if lost in decided else [])
    for step in [*s.history.undo, *s.history.redo]:  # each step changes what it names
        assert step.before != step.after
        for i, inc in step.after.increments.items():
            assert inc != step.before.increments.get(i)
        for r, d in step.after.decisions.items():
            assert r in refs and d != step.before.decisions.get(r)
    again = Session.open(tmp / "s.json", make_batch(), s.items, readonly=True)
    assert again.data == s.data  # a reload changes nothing

    while s.undo():
        whole()
    s.close()


def test_a_duplicate_of_a_renumbered_item_still_names_that_item(ws: Path) -> None:
    """A heading deleted above the item an exclusion names: the reason follows it, instead of
    naming the item that now has its old number."""
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as s:
        s.include(R3)
        s.mark_duplicate(R1, R3)
        edit(ws / DIGEST, HEADING, "")  # R3 is R2 now
        s.refit(items(ws))
        assert s.decision(R1).duplicate_of == R2
        assert s.increment_of(R2) is not None


def test_notes_and_reasons_never_name_the_item_that_took_a_gone_items_number(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as s:
        s.include(R2)
        s.include(R3)
        s.add_contradiction("c", [R2, R3])
        s.mark_duplicate(R1, R2)
        edit(ws / DIGEST, HEADING, "")  # R2 is gone, R3 is R2 now
        s.refit(items(ws))
        assert [n.refs for n in s.data.contradictions] == [(R2,)]  # R3's, renumbered
        assert s.decision(R1).duplicate_of is None
        assert (
            s.decision(R1).reason == f"duplicate of an item gone from its material: {HEADING[3:-1]}"
        )


def test_a_step_names_only_what_it_still_changes_once_an_item_is_gone(ws: Path) -> None:
    """Keeping one item of a cluster excluded a gone item and another: the step, rewritten, is
    about the other one alone (the desk names a step by what it changes)."""
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as s:
        s.include(R1)
        s.include(R2)
        s.decide_cluster(R1, [R2, R3])
        edit(ws / DIGEST, HEADING, "")  # R2 is gone, R3 is R2 now
        s.refit(items(ws))
        step = s.history.undo[-1]
        assert list(step.after.decisions) == [R2] and step.after.increments == {}
        assert step.before.increments == {}
        assert s.undo() and s.decision(R2).status == "undecided"
