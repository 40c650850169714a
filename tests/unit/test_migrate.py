"""Sessions of schemas 1 and 2 (per-item placements, notes, contradictions and handles, merges as
`merged_into`) open as today's: increments, batch-level notes, nothing the reviewer decided lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from briefdesk.core.model.decisions import Origin
from briefdesk.core.model.increments import Placement
from briefdesk.core.review.session import Session
from briefdesk.core.review.sessionfile import SCHEMA_VERSION
from briefdesk.core.storage.migrate import migrate_decisions

try:
    from test_session import REFS, make_batch, make_items
except ImportError:  # pragma: no cover - tests/unit as a package
    from .test_session import REFS, make_batch, make_items


def old_session(version: int) -> dict:
    raw = {
        "schema_version": version,
        "batch_id": "b/1",
        "batch_stem": "b1",
        "topic": "inference",
        "decisions": {
            REFS[0]: {
                "status": "include",
                "origin": "reviewer",
                "section": "1.2",
                "action": "new-subsection",
                "notes": ["n0"],
                "contradictions": ["c0"],
                "handles": ["h0"],
            },
            REFS[1]: {
                "status": "include",
                "origin": "reviewer",
                "section": "4.2",
                "action": "append",
                "merged_into": REFS[0],
                "contradictions": ["c1"],
            },
            REFS[2]: {"status": "include", "origin": "proposed", "section": "5.8"},
            REFS[3]: {"status": "exclude", "origin": "reviewer", "reason": "off-topic"},
            REFS[4]: {},
            REFS[5]: {"status": "exclude", "reason": "duplicate:briefs/x.md#5"},
        },
        "order": [REFS[2], REFS[0]],
        "cursor": REFS[3],
        "history": {
            "undo": [{"before": {}, "after": {}, "order_before": [], "order_after": []}],
            "redo": [],
        },
    }
    if version == 2:
        raw["changed"] = {REFS[3]: "0123456789abcdef"}
        raw["dismissed"] = [
            {"item": REFS[0], "candidate": "briefs/x.md#2", "item_key": "a", "candidate_key": "b"}
        ]
    return raw


@pytest.mark.parametrize("version", [1, 2])
def test_an_old_session_opens_as_increments(tmp_path: Path, version: int) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(old_session(version)), "utf-8")
    s = Session.open(path, make_batch(), make_items())
    # the order of increments, each head with the items merged into it
    assert [inc.parts for inc in s.plan.increments] == [(REFS[2],), (REFS[0], REFS[1])]
    first, merged = s.plan.increments
    assert first.placements == (Placement(section="5.8"),)
    assert first.origin is Origin.proposed
    # the head's placement is the increment's, the merged part's names it
    assert merged.placements == (
        Placement(section="1.2", action="new-subsection"),
        Placement(section="4.2", part=REFS[1]),
    )
    # contradictions and handles are the batch's now, in brief order, citing their item
    assert [(n.text, n.refs) for n in s.data.contradictions] == [
        ("c0", (REFS[0],)),
        ("c1", (REFS[1],)),
    ]
    assert [(n.text, n.refs) for n in s.data.handles] == [("h0", (REFS[0],))]
    # the rest of each decision is kept
    assert s.decision(REFS[0]).notes == ("n0",)
    assert s.decision(REFS[3]).reason == "off-topic"
    assert s.decision(REFS[5]).duplicate_of == "briefs/x.md#5"
    assert s.counts() == {
        "items": 6,
        "included": 3,
        "excluded": 2,
        "duplicates": 1,
        "undecided": 1,
        "confirmed": 3,
    }
    assert s.data.cursor == REFS[3]
    assert s.history.undo == []  # its steps described the old shape
    if version == 2:
        assert len(s.data.dismissed) == 1
    # written back in today's form, and it reads again as the same state
    s.include(REFS[4])
    s.close()
    saved = json.loads(path.read_bytes())
    assert saved["schema_version"] == SCHEMA_VERSION
    assert "order" not in saved and "merged_into" not in json.dumps(saved["decisions"])
    again = Session.open(path, make_batch(), make_items())
    assert [inc.parts for inc in again.plan.increments] == [
        (REFS[2],),
        (REFS[0], REFS[1]),
        (REFS[4],),
    ]
    again.close()


def test_a_merge_into_an_increment_that_is_gone_stands_on_its_own(tmp_path: Path) -> None:
    raw = old_session(1)
    raw["decisions"][REFS[0]] = {"status": "exclude", "reason": "off-topic"}
    raw["order"] = [REFS[2]]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(raw), "utf-8")
    with Session.open(path, make_batch(), make_items()) as s:
        assert [inc.parts for inc in s.plan.increments] == [(REFS[2],), (REFS[1],)]


@pytest.mark.parametrize(
    "merges",
    [
        {2: 2},  # a head of `order` merged into itself
        {3: 3},  # an included item merged into itself, in no order
        {2: 0},  # a head of `order` also merged into another head
        {2: 3, 3: 2},  # two items merged into each other
    ],
    ids=["head-into-itself", "into-itself", "head-into-another-head", "into-each-other"],
)
def test_an_item_merged_into_itself_or_in_a_loop_is_in_one_increment_once(
    tmp_path: Path, merges: dict[int, int]
) -> None:
    raw = old_session(1)
    raw["decisions"][REFS[3]] = {"status": "include"}
    for ref, into in merges.items():
        raw["decisions"][REFS[ref]]["merged_into"] = REFS[into]
    # what a schema 1 sidecar is read through as well (`core.brief.sidecar.read_sidecar`)
    migrated = migrate_decisions(raw["decisions"], raw["order"])
    placed = [r for inc in migrated["increments"] for r in inc["parts"]]
    assert sorted(placed) == sorted(set(placed)) == sorted(REFS[i] for i in (0, 1, 2, 3))
    path = tmp_path / "s.json"
    path.write_text(json.dumps(raw), "utf-8")
    with Session.open(path, make_batch(), make_items()) as s:
        planned = [r for inc in s.plan.increments for r in inc.items]
        assert sorted(planned) == sorted(placed)
