"""What the reviewer wrote is never dropped by an edit (docs/brief.md, docs/reliability.md):
merging increments, refreshing a spot check whose file changed, lowering an item's evidence below
what a written boundary claims."""

from __future__ import annotations

from pathlib import Path

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
