"""What the picker says of each batch (core.commands.status): state, freshness, broken manifests."""

from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path

import pytest
from briefdesk.core.commands.status import batch_status, days_ago
from briefdesk.core.git.commit import commit_brief
from briefdesk.core.review.load import load_review
from briefdesk.core.workspace.layout import Workspace

DEMO_BATCH = "2026-11-03-e627b203"


@pytest.mark.parametrize(
    ("when", "said"),
    [
        (None, "not in git"),
        (dt.date(2026, 11, 5), "today"),
        (dt.date(2026, 11, 6), "today"),
        (dt.date(2026, 11, 4), "1 day ago"),
        (dt.date(2026, 10, 26), "10 days ago"),
    ],
)
def test_days_ago(when: dt.date | None, said: str) -> None:
    assert days_ago(when, dt.date(2026, 11, 5)) == said


def rows_by_stem(root: Path) -> dict:
    return {row.stem: row for row in batch_status(Workspace.open(root), dt.date(2026, 11, 5))[0]}


def test_a_batch_goes_from_new_to_in_review_to_committed(demo_ws: Path) -> None:
    row = rows_by_stem(demo_ws)[DEMO_BATCH]
    assert (row.topic, row.materials, row.state, row.problem) == ("inference", 8, "new", None)
    review = load_review(Workspace.open(demo_ws), DEMO_BATCH)
    with review.open_session() as session:
        decided = sum(
            session.decision(i.ref).status != "undecided" for i in review.items
        )  # proposals
        session.include(
            next(i.ref for i in review.items if session.decision(i.ref).status == "undecided")
        )
    row = rows_by_stem(demo_ws)[DEMO_BATCH]
    assert row.state == f"in review ({21 - decided - 1} undecided of 21)"
    assert (row.kind, row.items, row.undecided, row.commit) == ("in review", 21, 20 - decided, None)
    with review.open_session() as session:
        for item in review.items:
            if session.decision(item.ref).status == "undecided":
                session.exclude(item.ref, "not for tonight")
        result = commit_brief(review, session, reviewer="Tom")
    row = rows_by_stem(demo_ws)[DEMO_BATCH]
    assert (row.state, row.kind, row.commit) == (
        f"committed {result.sha[:7]}",
        "committed",
        result.sha,
    )


def test_a_broken_manifest_is_a_row_naming_its_problem(demo_ws: Path) -> None:
    (demo_ws / "batches" / "broken.yaml").write_text("id: [unclosed\n", "utf-8")
    rows = rows_by_stem(demo_ws)
    assert rows["broken"].state == "cannot be read" and "broken.yaml" in rows["broken"].problem
    assert rows[DEMO_BATCH].problem is None  # the others are still read


def test_an_unreadable_session_file_is_said_not_raised(demo_ws: Path) -> None:
    sessions = Workspace.open(demo_ws).state_dir / "sessions"
    sessions.mkdir(parents=True, exist_ok=True)
    (sessions / f"{DEMO_BATCH}.json").write_text("{not json", "utf-8")
    row = rows_by_stem(demo_ws)[DEMO_BATCH]
    assert row.state == "in review (session file unreadable)" and row.kind == "in review"


def test_without_git_there_are_no_commit_facts(demo_ws: Path) -> None:
    subprocess.run(["rm", "-rf", str(demo_ws / ".git")], check=True)
    row = rows_by_stem(demo_ws)[DEMO_BATCH]
    assert (row.state, row.living_doc) == ("new", "not in git")


def test_a_committed_batch_says_what_its_commit_holds_and_what_the_session_added(
    demo_ws: Path,
) -> None:
    """The commit's own tally, from its sidecar, and how many of the session's decisions the
    commit does not hold (docs/evening.md): never the session's tally as if it were committed."""
    review = load_review(Workspace.open(demo_ws), DEMO_BATCH)
    with review.open_session() as session:
        undecided = [i.ref for i in review.items if session.decision(i.ref).status == "undecided"]
        session.include(undecided[0])
        sha = commit_brief(review, session, allow_undecided=True).sha[:7]
    committed = len(undecided) - 1
    row = rows_by_stem(demo_ws)[DEMO_BATCH]
    assert (row.state, row.uncommitted) == (f"committed {sha} ({committed} undecided of 21)", 0)

    with review.open_session() as session:
        session.include(undecided[1])
    row = rows_by_stem(demo_ws)[DEMO_BATCH]
    assert row.state == f"committed {sha} ({committed} undecided of 21; +1 decision)"
    assert (row.undecided, row.committed_undecided, row.uncommitted) == (
        committed - 1,
        committed,
        1,
    )

    with review.open_session() as session:  # a decision changed, not only made: it counts too
        session.exclude(undecided[0], "not for tonight")
    assert rows_by_stem(demo_ws)[DEMO_BATCH].state == (
        f"committed {sha} ({committed} undecided of 21; +2 decisions)"
    )

    with review.open_session() as session:  # both undone: the session is the commit again
        session.undo()
        session.undo()
    assert (
        rows_by_stem(demo_ws)[DEMO_BATCH].state == f"committed {sha} ({committed} undecided of 21)"
    )


def test_a_batch_committed_all_decided_says_only_the_decisions_since(demo_ws: Path) -> None:
    review = load_review(Workspace.open(demo_ws), DEMO_BATCH)
    with review.open_session() as session:
        for item in review.items:
            if session.decision(item.ref).status == "undecided":
                session.exclude(item.ref, "not for tonight")
        sha = commit_brief(review, session, reviewer="Tom").sha[:7]
        session.include(review.items[-1].ref)
    assert rows_by_stem(demo_ws)[DEMO_BATCH].state == f"committed {sha} (+1 decision)"
