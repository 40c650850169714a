"""Proposals in a manifest obey the same rules as the reviewer's own decisions
(docs/brief.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace

BATCH = "2026-11-03-e627b203"
CSDN = "inbox/jay/2026-11-01T0820-csdn-discovery.md"


def _with_proposals(ws: Path, block: str) -> None:
    manifest = ws / "batches" / f"{BATCH}.yaml"
    text = manifest.read_text("utf-8")
    head = text[: text.index("proposals:")]
    manifest.write_text(head + "proposals:\n" + block, "utf-8")


@pytest.mark.parametrize(
    ("block", "needle"),
    [
        (
            f'  - item: "{CSDN}#2"\n    decision: exclude\n    reason: off-topic\n'
            f'  - item: "{CSDN}#2"\n    decision: include\n',
            "two proposals",
        ),
        (f'  - item: "{CSDN}#2"\n    decision: exclude\n', "gives no reason"),
        (
            f'  - item: "{CSDN}#1"\n    decision: exclude\n'
            '    reason: "duplicate:briefs/inference/nope.md#9"\n',
            "names nothing known",
        ),
        (
            f'  - item: "{CSDN}#1"\n    decision: exclude\n'
            '    reason: "duplicate:docs/inference.md§9.9"\n',
            "names nothing known",
        ),
        (
            f'  - item: "{CSDN}#1"\n    decision: include\n    evidence: fulltext\n',
            "without a note",
        ),
    ],
)
def test_bad_proposals_are_refused_naming_the_manifest(
    demo_ws: Path, block: str, needle: str
) -> None:
    _with_proposals(demo_ws, block)
    with pytest.raises(BriefdeskError, match=needle) as err:
        load_review(Workspace.open(demo_ws), BATCH)
    assert f"batches/{BATCH}.yaml" in str(err.value)


def test_good_duplicate_refs_of_every_kind_are_accepted(demo_ws: Path) -> None:
    _with_proposals(
        demo_ws,
        (
            f'  - item: "{CSDN}#1"\n    decision: exclude\n'
            '    reason: "duplicate:briefs/inference/2026-11-01-e1-manual.md#5"\n'
            f'  - item: "{CSDN}#2"\n    decision: exclude\n'
            '    reason: "duplicate:docs/inference.md§1.2"\n'
            f'  - item: "{CSDN}#3"\n    decision: exclude\n    reason: "duplicate:{CSDN}#1"\n'
        ),
    )
    review = load_review(Workspace.open(demo_ws), BATCH)
    assert len(review.batch.manifest.proposals) == 3


def test_the_batch_own_brief_of_another_day_is_not_an_earlier_brief(demo_ws: Path) -> None:
    own = demo_ws / "briefs" / "inference" / f"2026-11-02-e1-{BATCH}.md"
    own.write_text(
        "inference · E1 预消化简报（2026-11-02）\n\n一、今日最重要的 1 条增量\n\n1. 自己\n", "utf-8"
    )
    review = load_review(Workspace.open(demo_ws), BATCH)
    assert all(not e.ref.startswith(own.relative_to(demo_ws).as_posix()) for e in review.entries)


def test_a_placement_without_a_decision_is_an_open_proposal_not_a_decision(demo_ws: Path) -> None:
    from briefdesk.core.review.proposals import open_placements

    _with_proposals(
        demo_ws,
        f'  - item: "{CSDN}#1"\n    section: "1.1"\n    action: cross-ref\n'
        f'  - item: "{CSDN}#2"\n    decision: include\n    section: "1.1"\n',
    )
    review = load_review(Workspace.open(demo_ws), BATCH)
    with review.open_session() as session:
        assert session.decision(f"{CSDN}#1").status == "undecided"  # nothing decided
        offers = open_placements(review.batch, session.data)
        assert [(r, p.section, p.action) for r, p in offers.items()] == [
            (f"{CSDN}#1", "1.1", "cross-ref")
        ]
        session.exclude(f"{CSDN}#1")
        assert open_placements(review.batch, session.data) == {}  # decided: nothing to offer
        assert list(open_placements(review.batch)) == [f"{CSDN}#1"]
