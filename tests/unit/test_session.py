"""The session: every edit saved at once and one undo step, increments, the batch's notes, spot
checks, proposals as a start, locks, refs that follow renumbered items."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import pytest
from briefdesk.core.brief.plan import make_plan
from briefdesk.core.errors import BriefdeskError, SessionLocked
from briefdesk.core.model.decisions import Decision, Origin, count_into
from briefdesk.core.model.increments import Placement
from briefdesk.core.model.values import Evidence, Item, Material
from briefdesk.core.review.proposals import initial_state
from briefdesk.core.review.session import Session
from briefdesk.core.review.sessionfile import SessionData, counts
from briefdesk.core.workspace.manifest import Batch, Manifest
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
    assert (d.status, d.origin, d.notes) == ("include", Origin.proposed, ("n",))
    inc = s.increment_of(REFS[3])
    assert inc is not None and inc.origin is Origin.proposed
    assert inc.placements == (Placement(section="5.8", action="new-subsection"),)
    # per-item contradictions and handles become the batch's, citing the item
    assert [(n.text, n.refs, n.origin) for n in s.data.contradictions] == [
        ("c", (REFS[3],), Origin.proposed)
    ]
    assert [n.text for n in s.data.handles] == ["h"]
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
    s.add_contradiction("版本线双轨", [REFS[2], "docs/inference.md§1.2"])
    disk = on_disk(tmp_path)
    assert disk.decisions[REFS[4]].reason == "weak-evidence"
    assert disk.decisions[REFS[2]].notes == ("要点：加速 2.23×",)
    assert disk.increments[0].placements == (Placement(section="4.2"),)
    assert disk.contradictions[0].refs == (REFS[2], "docs/inference.md§1.2")


def test_confirming_a_proposal_counts_as_the_reviewers(tmp_path: Path) -> None:
    s = open_session(tmp_path, [{"item": REFS[0], "decision": "include"}])
    s.confirm(REFS[0])
    assert s.decision(REFS[0]).origin is Origin.reviewer
    assert s.increment_of(REFS[0]).origin is Origin.reviewer  # type: ignore[union-attr]
    assert s.counts()["confirmed"] == 1
    s.undo()  # one step: the decision and its increment
    assert s.decision(REFS[0]).origin is Origin.proposed
    assert s.increment_of(REFS[0]).origin is Origin.proposed  # type: ignore[union-attr]


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
    assert [i.parts[0] for i in on_disk(tmp_path).increments] == [REFS[1], REFS[2]]


def test_merge_makes_one_increment_of_two(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.include(REFS[0])
    s.set_placement(REFS[3], "3")  # included by its placement, an increment of its own
    s.merge(REFS[3], REFS[0])
    inc = s.increment_of(REFS[0])
    assert inc is not None and s.order == [REFS[0]]
    assert inc.parts == (REFS[0], REFS[3])
    # the folded increment's placement now names its part
    assert inc.placements == (Placement(section="3", part=REFS[3]),)
    assert s.counts()["included"] == 2
    s.merge(REFS[5], REFS[3])  # into a part of the increment: the same increment
    assert s.increment_of(REFS[5]) == s.increment_of(REFS[0])
    with pytest.raises(BriefdeskError):
        s.merge(REFS[0], REFS[0])
    with pytest.raises(BriefdeskError, match="already part"):
        s.merge(REFS[5], REFS[0])


def test_split_absorb_and_describe(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.include(REFS[0])
    s.merge(REFS[1], REFS[0])
    s.merge(REFS[2], REFS[0])
    inc_id = s.increment_of(REFS[0]).id  # type: ignore[union-attr]
    s.absorb(REFS[2], inc_id)
    inc = s.entry(inc_id)
    assert inc.parts == (REFS[0], REFS[1]) and inc.absorbed == (REFS[2],)  # type: ignore[union-attr]
    s.absorb(REFS[4], inc_id)  # an undecided item is included by it
    assert s.decision(REFS[4]).status == "include"
    s.describe(REFS[4])
    assert s.entry(inc_id).parts == (REFS[0], REFS[1], REFS[4])  # type: ignore[union-attr]
    s.split(REFS[1])
    assert s.order == [REFS[0], REFS[1]]
    assert s.increment_of(REFS[1]).parts == (REFS[1],)  # type: ignore[union-attr]
    with pytest.raises(BriefdeskError, match="of its own"):
        s.split(REFS[1])
    assert s.move_part(REFS[4], -1)
    assert s.entry(inc_id).parts == (REFS[4], REFS[0])  # type: ignore[union-attr]


def test_excluding_a_part_leaves_the_rest_of_its_increment(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.include(REFS[0])
    s.merge(REFS[3], REFS[0])
    s.set_placement(REFS[3], "4.2")  # a part's own placement
    s.exclude(REFS[0], "weak-evidence")
    inc = s.increment_of(REFS[3])
    assert inc is not None and inc.parts == (REFS[3],)
    assert s.counts()["included"] == 1
    s.exclude(REFS[3], "off-topic")
    assert s.plan.increments == () and s.counts()["included"] == 0
    s.undo()
    s.undo()  # one step each
    assert s.increment_of(REFS[0]).parts == (REFS[0], REFS[3])  # type: ignore[union-attr]


def test_increment_fields_are_written_and_each_edit_is_one_step(tmp_path: Path) -> None:
    s = open_session(tmp_path, [{"item": REFS[0], "decision": "include"}])
    inc_id = s.increment_of(REFS[0]).id  # type: ignore[union-attr]
    steps = len(s.history.undo)
    s.update_increment(
        inc_id, title="决策模型正在成为 agent 推理的一等工程形态", points="① 一\n② 二"
    )
    assert len(s.history.undo) == steps + 1
    inc = s.entry(inc_id)
    assert (inc.title, inc.points, inc.origin) == (
        "决策模型正在成为 agent 推理的一等工程形态",
        "① 一\n② 二",
        Origin.reviewer,
    )
    assert s.decision(REFS[0]).origin is Origin.reviewer  # writing it confirms its items
    s.set_field(inc_id, "title", "  ")  # blank: derived again
    assert s.entry(inc_id).title is None
    s.add_placement(inc_id, Placement(section="5.8", action="new-subsection", label="软硬件协同"))
    s.add_placement(inc_id, Placement(section="3.3", action="cross-ref"))
    s.add_placement(
        inc_id, Placement(section="6.1", action="open-question", label="精度代价"), at=0
    )
    assert [p.section for p in s.entry(inc_id).placements] == ["6.1", "5.8", "3.3"]
    assert not s.move_placement(inc_id, 0, 3)  # beyond the end: nothing
    assert s.move_placement(inc_id, 0, 1)
    s.edit_placement(inc_id, 2, section="3.2")
    s.remove_placement(inc_id, 1)
    assert [p.section for p in s.entry(inc_id).placements] == ["5.8", "3.2"]
    for expected in (["5.8", "6.1", "3.2"], ["5.8", "6.1", "3.3"], ["6.1", "5.8", "3.3"]):
        s.undo()
        assert [p.section for p in s.entry(inc_id).placements] == expected
    with pytest.raises(BriefdeskError, match="not a described part"):
        s.add_placement(inc_id, Placement(section="1.2", part=REFS[4]))
    with pytest.raises(BriefdeskError, match="no field"):
        s.set_field(inc_id, "colour", "red")
    with pytest.raises(ValueError):
        s.edit_placement(inc_id, 0, action="delete-everything")


def test_written_texts_may_not_claim_more_than_the_evidence(tmp_path: Path) -> None:
    s = open_session(tmp_path, [{"item": REFS[0], "decision": "include"}])
    inc_id = s.increment_of(REFS[0]).id  # type: ignore[union-attr]
    with pytest.raises(BriefdeskError, match="claims fulltext"):
        s.update_increment(inc_id, sources={REFS[0]: "正文已核，读了第 4 节"})
    with pytest.raises(BriefdeskError, match="claims fulltext"):
        s.update_increment(inc_id, boundary="正文已核")
    s.update_increment(inc_id, sources={REFS[0]: "arXiv 摘要页已核，未读 PDF 全文"})
    s.set_evidence(REFS[0], Evidence.fulltext, "读了正文第 4 节")
    s.update_increment(inc_id, boundary="正文已核，第 4 节")
    assert s.entry(inc_id).boundary == "正文已核，第 4 节"


def test_the_batchs_contradictions_and_handles(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.resolves = lambda ref: ref in ("docs/inference.md§1.2", "briefs/x.md#5")
    s.add_contradiction("PLENA 与 2601.21204 都缺精度代价", [REFS[0], REFS[3]])
    s.add_contradiction("本批材料整体证据密度偏低")  # names nothing
    s.add_contradiction("版本线双轨", ["docs/inference.md§1.2"])
    with pytest.raises(BriefdeskError, match="names nothing known"):
        s.add_contradiction("x", ["docs/inference.md§9.9"])
    with pytest.raises(BriefdeskError, match="needs a text"):
        s.add_contradiction("  ")
    s.edit_contradiction(1, text="证据密度偏低：只有 3 份做过正文核查")
    assert not s.move_contradiction(0, -1)  # already first
    s.move_contradiction(2, -1)  # a move shifts the others, it does not swap
    assert [n.text for n in s.data.contradictions] == [
        "PLENA 与 2601.21204 都缺精度代价",
        "版本线双轨",
        "证据密度偏低：只有 3 份做过正文核查",
    ]
    s.delete_contradiction(0)
    assert len(s.data.contradictions) == 2
    with pytest.raises(BriefdeskError, match="no contradiction 5"):
        s.edit_contradiction(4, text="x")
    s.undo()
    assert s.data.contradictions[0].refs == (REFS[0], REFS[3])
    s.add_handle(
        "先修版本线，再加新条目。", detail="§1.2 / §1.4 需统一标注", refs=["briefs/x.md#5"]
    )
    s.edit_handle(0, detail=None)
    assert (s.data.handles[0].text, s.data.handles[0].detail) == ("先修版本线，再加新条目。", None)
    s.undo()
    assert s.data.handles[0].detail == "§1.2 / §1.4 需统一标注"
    s.delete_handle(0)
    assert s.data.handles == []


def test_spot_checks(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    card = Material(
        path="organized/paper_cards/1417-2609-19969.md",
        sha256="a" * 64,
        title="DeepSeek-V4.1-Flash",
        evidence=Evidence.tldr,
        items=(),
    )
    spot_id = s.add_spot_check(card)
    assert [(x.id, x.path, x.sha256) for x in s.plan.spot_checks] == [
        (spot_id, card.path, "a" * 64)
    ]
    s.update_increment(
        spot_id, title="论文卡抽查：DeepSeek-V4.1-Flash", placements=[Placement(section="5.3")]
    )
    assert s.entry(spot_id).title == "论文卡抽查：DeepSeek-V4.1-Flash"
    with pytest.raises(BriefdeskError, match="already spot-checked"):
        s.add_spot_check(card)
    batch_material = card.model_copy(update={"path": "inbox/a/m1.md"})
    with pytest.raises(BriefdeskError, match="material of this batch"):
        s.add_spot_check(batch_material)
    s.remove_spot_check(spot_id)
    assert s.plan.spot_checks == ()
    s.undo()
    assert s.entry(spot_id).title == "论文卡抽查：DeepSeek-V4.1-Flash"
    assert on_disk(tmp_path).spot_checks[0].path == card.path


@pytest.mark.parametrize(
    ("own", "level", "needs_note"),
    [
        (Evidence.abstract, Evidence.fulltext, True),
        (Evidence.tldr, Evidence.abstract, True),  # any stronger level, not only fulltext
        (Evidence.unknown, Evidence.search_lead, True),
        (Evidence.abstract, Evidence.tldr, False),  # lowering needs none
        (Evidence.abstract, Evidence.abstract, False),
    ],
)
def test_raising_the_evidence_needs_a_note(
    tmp_path: Path, own: Evidence, level: Evidence, needs_note: bool
) -> None:
    items = [i.model_copy(update={"evidence": own}) for i in make_items()]
    s = Session.open(tmp_path / "s.json", make_batch(), items)
    if needs_note:
        with pytest.raises(BriefdeskError, match="what was read"):
            s.set_evidence(REFS[0], level)
        s.set_evidence(REFS[0], level, "读了 §3 与表 2")
        assert s.decision(REFS[0]).evidence_note == "读了 §3 与表 2"
    else:
        s.set_evidence(REFS[0], level)
    assert s.evidence(REFS[0]) is level


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


OP_NAMES = [
    "include",
    "exclude",
    "dup",
    "undecide",
    "move_up",
    "move_down",
    "merge",
    "split",
    "absorb",
    "describe",
    "note",
    "place",
    "title",
    "placement",
    "contradiction",
    "drop_contradiction",
    "undo",
    "redo",
]
OPS = st.lists(
    st.tuples(st.sampled_from(OP_NAMES), st.sampled_from(REFS), st.sampled_from(REFS)),
    max_size=30,
)


def apply_op(s: Session, op: str, a: str, b: str) -> None:
    inc = s.increment_of(b)
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
        case "split":
            s.split(a)
        case "absorb":
            if inc is not None:
                s.absorb(a, inc.id)
        case "describe":
            s.describe(a)
        case "note":
            s.add_note(a, "x")
        case "place":
            s.set_placement(a, "1.2")
        case "title":
            if inc is not None:
                s.set_field(inc.id, "title", f"t {a}")
        case "placement":
            if inc is not None:
                s.add_placement(inc.id, Placement(section="4.2", part=inc.parts[-1]))
        case "contradiction":
            s.add_contradiction("c", [a])
        case "drop_contradiction":
            s.delete_contradiction(0)
        case "undo":
            s.undo()
        case "redo":
            s.redo()


def check_invariants(s: Session, tmp: Path) -> None:
    """What the brief and the commit rely on, after every edit."""
    plan = make_plan(REFS, s.data)
    # the session stores exactly its plan: the rule has one owner
    assert tuple(s.data.increments) == plan.increments
    members = [r for inc in s.data.increments for r in inc.items]
    assert len(members) == len(set(members))  # an item in one increment only
    included = {r for r, d in s.data.decisions.items() if d.status == "include"}
    assert set(members) == included  # included exactly when in an increment
    c = counts(s.data)
    assert c["included"] + c["excluded"] + c["undecided"] == c["items"] == len(REFS)
    for inc in s.data.increments:
        assert all(p.part is None or p.part in inc.parts for p in inc.placements)
    disk = on_disk(tmp)
    assert disk.decisions == s.data.decisions and disk.increments == s.data.increments
    assert disk.contradictions == s.data.contradictions


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_undo_everything_returns_to_the_start_and_redo_replays(tmp_path_factory, ops) -> None:
    tmp = tmp_path_factory.mktemp("s")
    s = Session.open(
        tmp / "s.json", make_batch([{"item": REFS[2], "decision": "include"}]), make_items()
    )
    start = s.data.model_copy(deep=True)
    for op, a, b in ops:
        with contextlib.suppress(BriefdeskError):  # merging an item into itself is refused ...
            apply_op(s, op, a, b)
        check_invariants(s, tmp)
    end = s.data.model_copy(deep=True)
    undone = 0
    while s.undo():
        undone += 1
        check_invariants(s, tmp)
    for name in ("decisions", "increments", "contradictions", "handles", "spot_checks"):
        assert getattr(s.data, name) == getattr(start, name)
    for _ in range(undone):
        assert s.redo()
    for name in ("decisions", "increments", "contradictions", "handles", "spot_checks"):
        assert getattr(s.data, name) == getattr(end, name)
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


def test_a_step_stores_what_changed_not_the_session(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    for ref in REFS:
        s.include(ref)
    s.set_placement(REFS[5], "4.2")
    step = s.history.undo[-1]
    assert list(step.after.increments) == [s.increment_of(REFS[5]).id]  # type: ignore[union-attr]
    assert step.after.order is None and step.after.decisions == {}


def test_refs_follow_their_items_when_a_heading_renumbers_them(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.exclude(REFS[1], "off-topic")  # m1#2
    s.include(REFS[2])  # m1#3
    s.merge(REFS[0], REFS[2])  # m1#1 joins it
    s.set_placement(REFS[0], "4.2")
    s.add_contradiction("c", [REFS[2]])
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
    inc = again.increment_of("inbox/a/m1.md#4")
    assert inc is not None and inc.parts == ("inbox/a/m1.md#4", "inbox/a/m1.md#2")
    assert inc.placements == (Placement(section="4.2", part="inbox/a/m1.md#2"),)
    assert again.data.contradictions[0].refs == ("inbox/a/m1.md#4",)


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
    with pytest.raises(BriefdeskError, match="no increment i99"):
        s.set_field("i99", "title", "x")


@settings(max_examples=40, deadline=None)
@given(OPS)
def test_counts_kept_from_changed_decisions_equal_a_recount(tmp_path_factory, ops) -> None:
    """What the desk's status line does: subtract the old decision, add the new one."""
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
