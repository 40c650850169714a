"""The session: every change saved at once, undo/redo of everything, proposals as a start, locks."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import pytest
from briefdesk.core.decisions import Decision, Origin, SessionData
from briefdesk.core.errors import BriefdeskError, SessionLocked
from briefdesk.core.manifest import Batch, Manifest
from briefdesk.core.models import Evidence, Item
from briefdesk.core.session import Session, initial_state
from hypothesis import given, settings
from hypothesis import strategies as st

REFS = [f"inbox/a/m{m}.md#{n}" for m in (1, 2) for n in (1, 2, 3)]


def make_items() -> list[Item]:
    return [
        Item(
            ref=r,
            material=r.split("#")[0],
            index=int(r.split("#")[1]),
            title=f"title {r}",
            body="b",
            evidence=Evidence.abstract,
        )
        for r in REFS
    ]


def make_batch(proposals: list[dict] | None = None) -> Batch:
    manifest = Manifest.model_validate(
        {
            "id": "b/1",
            "topic": "inference",
            "materials": sorted({r.split("#")[0] for r in REFS}),
            "proposals": proposals or [],
        }
    )
    return Batch(stem="b1", path="batches/b1.yaml", manifest=manifest)


def open_session(tmp_path: Path, proposals: list[dict] | None = None) -> Session:
    return Session.open(tmp_path / "s.json", make_batch(proposals), make_items())


def on_disk(tmp_path: Path) -> SessionData:
    return SessionData.model_validate_json((tmp_path / "s.json").read_bytes())


def test_new_session_starts_from_proposals_in_their_order(tmp_path: Path) -> None:
    s = open_session(
        tmp_path,
        [
            {
                "item": REFS[3],
                "decision": "include",
                "order": 1,
                "section": "5.8",
                "action": "new-subsection",
                "note": "n",
                "contradiction": "c",
                "handle": "h",
            },
            {"item": REFS[0], "decision": "include", "order": 2},
            {"item": REFS[1], "decision": "exclude", "reason": "off-topic"},
        ],
    )
    assert s.order == [REFS[3], REFS[0]]
    d = s.decision(REFS[3])
    assert (d.status, d.origin, d.section, d.action) == (
        "include",
        Origin.proposed,
        "5.8",
        "new-subsection",
    )
    assert (d.notes, d.contradictions, d.handles) == (("n",), ("c",), ("h",))
    assert s.decision(REFS[1]).reason == "off-topic"
    assert s.counts()["confirmed"] == 0
    assert s.data.cursor == REFS[0]


def test_proposal_for_missing_item_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(BriefdeskError, match="does not exist"):
        initial_state(make_batch([{"item": "nope.md#1", "decision": "include"}]), make_items())


def test_every_change_is_on_disk_before_the_call_returns(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.include(REFS[2])
    assert on_disk(tmp_path).decisions[REFS[2]].status == "include"
    s.exclude(REFS[4], "weak-evidence")
    s.add_note(REFS[2], "要点：加速 2.23×")
    s.set_placement(REFS[2], "4.2", "append")
    disk = on_disk(tmp_path)
    assert disk.decisions[REFS[4]].reason == "weak-evidence"
    assert disk.decisions[REFS[2]].notes == ("要点：加速 2.23×",)
    assert disk.decisions[REFS[2]].section == "4.2"


def test_confirming_a_proposal_counts_as_the_reviewers(tmp_path: Path) -> None:
    s = open_session(tmp_path, [{"item": REFS[0], "decision": "include"}])
    s.confirm(REFS[0])
    assert s.decision(REFS[0]).origin is Origin.reviewer
    assert s.counts()["confirmed"] == 1
    s.undo()
    assert s.decision(REFS[0]).origin is Origin.proposed


def test_included_order_follows_batch_order_and_moves(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    for ref in (REFS[4], REFS[1], REFS[2]):
        s.include(ref)
    assert s.order == [REFS[1], REFS[2], REFS[4]]
    assert s.move(REFS[4], -1)
    assert s.order == [REFS[1], REFS[4], REFS[2]]
    assert not s.move(REFS[1], -1)
    s.exclude(REFS[4], "off-topic")
    assert s.order == [REFS[1], REFS[2]]
    assert on_disk(tmp_path).order == [REFS[1], REFS[2]]


def test_merge_folds_an_item_into_another_increment(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.include(REFS[0])
    s.merge(REFS[3], REFS[0])
    assert s.order == [REFS[0]]
    assert s.merged_into(REFS[0]) == [REFS[3]]
    assert s.counts()["merged"] == 1
    s.merge(REFS[5], REFS[3])  # into a merged item: goes to its target
    assert s.decision(REFS[5]).merged_into == REFS[0]
    with pytest.raises(BriefdeskError):
        s.merge(REFS[0], REFS[0])


def test_raising_to_fulltext_needs_a_note(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    with pytest.raises(BriefdeskError, match="what was read"):
        s.set_evidence(REFS[0], Evidence.fulltext)
    s.set_evidence(REFS[0], Evidence.fulltext, "读了 §3 与表 2")
    assert s.evidence(REFS[0]) is Evidence.fulltext
    s.set_evidence(REFS[1], Evidence.tldr)
    assert s.evidence(REFS[1]) is Evidence.tldr


def test_reopen_resumes_decisions_and_cursor(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.include(REFS[1])
    s.set_cursor(REFS[4])
    s.close()
    again = open_session(tmp_path)
    assert again.decision(REFS[1]).status == "include"
    assert again.data.cursor == REFS[4]


def test_second_opener_is_told_who_holds_the_session(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    with pytest.raises(SessionLocked, match=rf"pid {os.getpid()}"):
        open_session(tmp_path)
    s.close()
    open_session(tmp_path).close()


def test_stale_lock_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    (tmp_path / "s.lock").write_text(
        json.dumps({"pid": int(dead.stdout), "host": socket.gethostname()})
    )
    s = open_session(tmp_path)
    assert json.loads((tmp_path / "s.lock").read_text())["pid"] == os.getpid()
    s.close()
    assert not (tmp_path / "s.lock").exists()


def test_damaged_session_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text("{not json")
    with pytest.raises(BriefdeskError, match="damaged"):
        open_session(tmp_path)
    assert not (tmp_path / "s.lock").exists()


def test_failed_save_keeps_decisions_and_retries(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    failing = {"on": True}

    def writer(path: Path, payload: bytes) -> None:
        if failing["on"]:
            raise OSError(28, "No space left on device")
        path.write_bytes(payload)

    s._writer = writer
    s.include(REFS[0])
    s.set_cursor(REFS[3])  # not a decision: not counted
    s.exclude(REFS[1])
    assert s.save_error and "No space left" in s.save_error
    assert s.unsaved == 2 and not s.retry_save() and s.unsaved == 2
    assert s.decision(REFS[0]).status == "include"
    failing["on"] = False
    assert s.retry_save() and s.unsaved == 0
    assert on_disk(tmp_path).decisions[REFS[0]].status == "include"


OPS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "include",
                "exclude",
                "dup",
                "undecide",
                "move_up",
                "move_down",
                "merge",
                "note",
                "place",
                "undo",
                "redo",
            ]
        ),
        st.sampled_from(REFS),
        st.sampled_from(REFS),
    ),
    max_size=30,
)


def apply_op(s: Session, op: str, a: str, b: str) -> None:
    match op:
        case "include":
            s.include(a)
        case "exclude":
            s.exclude(a, "off-topic")
        case "dup":
            s.mark_duplicate(a, b)
        case "undecide":
            s.undecide(a)
        case "move_up":
            s.move(a, -1)
        case "move_down":
            s.move(a, 1)
        case "merge":
            s.merge(a, b)
        case "note":
            s.add_note(a, "x")
        case "place":
            s.set_placement(a, "1.2")
        case "undo":
            s.undo()
        case "redo":
            s.redo()


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_undo_everything_returns_to_the_start_and_redo_replays(tmp_path_factory, ops) -> None:
    tmp = tmp_path_factory.mktemp("s")
    s = Session.open(
        tmp / "s.json", make_batch([{"item": REFS[2], "decision": "include"}]), make_items()
    )
    start = s.data.model_copy(deep=True)
    for op, a, b in ops:
        with contextlib.suppress(BriefdeskError):  # merging an item into itself is refused
            apply_op(s, op, a, b)
        # invariant: the order is exactly the included, non-merged items
        increments = {
            r for r, d in s.data.decisions.items() if d.status == "include" and not d.merged_into
        }
        assert set(s.order) == increments and len(s.order) == len(increments)
        # invariant: every merged part points at a live increment (brief and commit count alike)
        assert all(d.merged_into in increments for d in s.data.decisions.values() if d.merged_into)
        assert on_disk(tmp).decisions == s.data.decisions
    end = s.data.model_copy(deep=True)
    undone = 0
    while s.undo():
        undone += 1
    assert s.data.decisions == start.decisions and s.data.order == start.order
    for _ in range(undone):
        assert s.redo()
    assert s.data.decisions == end.decisions and s.data.order == end.order
    s.close()


def test_decision_duplicate_of() -> None:
    assert (
        Decision(status="exclude", reason="duplicate:briefs/x.md#5").duplicate_of == "briefs/x.md#5"
    )
    assert Decision(status="exclude", reason="off-topic").duplicate_of is None


def test_undo_reaches_back_across_a_restart(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.include(REFS[0])
    s.exclude(REFS[1], "off-topic")
    s.close()
    again = open_session(tmp_path)
    assert again.undo() and again.decision(REFS[1]).status == "undecided"
    assert again.undo() and again.decision(REFS[0]).status == "undecided"
    assert not again.undo()
    assert again.redo() and again.decision(REFS[0]).status == "include"


def test_excluding_an_increment_hands_its_merged_parts_back_as_undecided(tmp_path: Path) -> None:
    from briefdesk.core.decisions import counts

    s = open_session(tmp_path)
    s.include(REFS[0])
    s.merge(REFS[3], REFS[0])
    s.merge(REFS[4], REFS[0])
    s.exclude(REFS[0], "weak-evidence")
    assert [s.decision(r).status for r in (REFS[3], REFS[4])] == ["undecided", "undecided"]
    assert not any(d.merged_into for d in s.data.decisions.values())
    assert counts(s.data)["included"] == len(s.order) == 0
    s.undo()  # one step brings the whole increment back
    assert s.merged_into(REFS[0]) == [REFS[3], REFS[4]] and s.order == [REFS[0]]


def test_decisions_follow_their_items_when_a_heading_renumbers_refs(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.exclude(REFS[1], "off-topic")  # m1#2
    s.include(REFS[2])  # m1#3
    s.close()
    items = make_items()
    # a new item is inserted as m1#1: the old #1..#3 become #2..#4
    shifted = [
        Item(
            ref="inbox/a/m1.md#1",
            material="inbox/a/m1.md",
            index=1,
            title="new",
            body="fresh",
            evidence=Evidence.abstract,
        )
    ]
    for it in items:
        if it.material == "inbox/a/m1.md":
            n = it.index + 1
            shifted.append(it.model_copy(update={"ref": f"inbox/a/m1.md#{n}", "index": n}))
        else:
            shifted.append(it)
    again = Session.open(tmp_path / "s.json", make_batch(), shifted)
    assert again.decision("inbox/a/m1.md#1").status == "undecided"
    assert again.decision("inbox/a/m1.md#3").reason == "off-topic"
    assert again.decision("inbox/a/m1.md#4").status == "include"
    assert again.order == ["inbox/a/m1.md#4"]


def test_a_session_from_a_newer_briefdesk_is_refused(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text('{"schema_version": 99, "batch_id": "b/1"}')
    with pytest.raises(BriefdeskError, match="newer briefdesk"):
        open_session(tmp_path)


def test_unknown_refs_are_a_clear_error(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    with pytest.raises(BriefdeskError, match="no item nope"):
        s.mark_duplicate("nope", REFS[0])
    with pytest.raises(BriefdeskError, match="no item nope"):
        s.merge("nope", REFS[0])


@settings(max_examples=40, deadline=None)
@given(OPS)
def test_counts_kept_from_changed_decisions_equal_a_recount(tmp_path_factory, ops) -> None:
    """What the desk's status line does: subtract the old decision, add the new one."""
    from briefdesk.core.decisions import count_into, counts

    tmp = tmp_path_factory.mktemp("c")
    s = Session.open(tmp / "s.json", make_batch(), make_items())
    tally = counts(s.data)
    drawn = dict(s.data.decisions)
    for op, a, b in ops:
        with contextlib.suppress(BriefdeskError):
            apply_op(s, op, a, b)
        for ref, d in s.data.decisions.items():
            if drawn[ref] is not d:
                count_into(tally, drawn[ref], -1)
                count_into(tally, d, 1)
                drawn[ref] = d
        assert tally == counts(s.data)
    s.close()
