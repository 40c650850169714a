"""What the reviewer wrote is never dropped by an edit (docs/brief.md, docs/reliability.md):
merging increments, refreshing a spot check whose file changed, lowering an item's evidence below
what a written boundary claims."""

from __future__ import annotations

from pathlib import Path

import pytest

try:
    from test_session import REFS, open_session
except ImportError:  # pragma: no cover - tests/unit as a package
    from .test_session import REFS, open_session


def test_merging_keeps_what_was_written_for_both_increments(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.include(REFS[0])
    s.include(REFS[3])
    target, folded = s.increment_of(REFS[0]), s.increment_of(REFS[3])
    assert target is not None and folded is not None
    s.update_increment(target.id, title="决策模型", points="① Flide")
    s.update_increment(
        folded.id,
        title="DecisionRank",
        points="② DecisionRank",
        relation="补 §4.2",
        boundary="摘要级",
    )
    s.merge(REFS[3], REFS[0])
    merged = s.increment_of(REFS[3])
    assert merged is not None and merged.id == target.id
    assert merged.title == "决策模型 / DecisionRank"
    assert merged.points == "① Flide\n② DecisionRank"
    assert (merged.relation, merged.boundary) == ("补 §4.2", "摘要级")
    s.undo()
    assert s.entry(folded.id).title == "DecisionRank"


SEED_BATCH = "2026-11-03-e627b203"
SPOT = "organized/paper_cards/1417-2609-19969.md"


def test_a_spot_check_whose_file_changed_is_refreshed_in_place_keeping_its_text(
    seed_ws: Path,
) -> None:
    from briefdesk.core.errors import BriefdeskError
    from briefdesk.core.git.commit import check_spot_checks
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace

    review = load_review(Workspace.open(seed_ws), SEED_BATCH)
    with review.open_session() as s:
        (spot,) = s.plan.spot_checks
        assert spot.path == SPOT
        s.update_increment(spot.id, points="我写的要点", boundary="仅 TLDR 级")
        card = seed_ws / SPOT
        card.write_text(card.read_text("utf-8") + "\n补记一行。\n", "utf-8")
        (changed, now), *_ = review.changed_spot_checks(s.plan.spot_checks)
        assert changed.id == spot.id and now.sha256 != spot.sha256
        with pytest.raises(BriefdeskError, match=r"changed since it was spot-checked.*kept"):
            check_spot_checks(review, s)
        assert s.refresh_spot_check(spot.id, now)
        fresh = s.entry(spot.id)
        assert (fresh.id, fresh.points, fresh.boundary) == (spot.id, "我写的要点", "仅 TLDR 级")
        assert fresh.sha256 == now.sha256
        assert review.changed_spot_checks(s.plan.spot_checks) == []
        assert check_spot_checks(review, s) == {SPOT: now.sha256}
        s.undo()  # one undo step: the old bytes again
        assert s.entry(spot.id).sha256 == spot.sha256


def test_lowering_the_evidence_under_a_written_boundary_is_flagged(tmp_path: Path) -> None:
    from briefdesk.core.model.values import Evidence

    s = open_session(tmp_path)
    s.include(REFS[0])
    inc = s.increment_of(REFS[0])
    assert inc is not None
    s.set_evidence(REFS[0], Evidence.fulltext, "读了正文第 3 节")
    s.update_increment(inc.id, boundary="正文已核，数字可引", sources={REFS[0]: "原文，正文已核"})
    assert s.overclaims() == []
    s.set_evidence(REFS[0], Evidence.abstract)  # lowered: the texts written above now overclaim
    found = s.overclaims()
    assert [(o.inc_id, o.number, o.claimed, o.weakest) for o in found] == [
        (inc.id, 1, Evidence.fulltext, Evidence.abstract),
        (inc.id, 1, Evidence.fulltext, Evidence.abstract),
    ]
    assert "evidence boundary text claims fulltext but the evidence is abstract" in (
        found[0].describe()
    )
    assert f"source of {REFS[0]}" in found[1].describe()
    s.update_increment(inc.id, boundary="摘要级", sources={REFS[0]: None})
    assert s.overclaims() == []
