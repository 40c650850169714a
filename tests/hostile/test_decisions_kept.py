"""No decision is lost (docs/reliability.md, "No decision lost"): a session lock whose file is
deleted under an open desk, decisions whose item vanished, text written for merged increments
and spot checks, and not-a-duplicate judgements committed in the batch's own sidecar.

Two desks are two `Review.open_session()` calls in one process: `flock` locks belong to an open
file, so they exclude each other exactly as two processes do.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError, SessionLocked
from briefdesk.core.review.load import Review, load_review
from briefdesk.core.review.sessionfile import SessionData
from briefdesk.core.workspace.layout import Workspace
from hostile_helpers import DEMO_BATCH


def _review(ws: Path) -> Review:
    return load_review(Workspace.open(ws), DEMO_BATCH)


def _on_disk(review: Review) -> SessionData:
    return SessionData.model_validate_json(review.session_path().read_bytes())


# -- the session lock survives its file being deleted -----------------------------------------


def test_deleting_the_lock_file_lets_no_second_desk_write(ws: Path) -> None:
    """`rm` of the lock file: a second desk is refused (the first still pins the session file),
    and the first keeps saving, its lock file made again."""
    first = _review(ws)
    a = first.open_session()
    refs = [i.ref for i in first.items]
    a.include(refs[0])
    lock = first.session_path().with_suffix(".lock")
    lock.unlink()
    with pytest.raises(SessionLocked, match="lock file was deleted"):
        _review(ws).open_session()
    a.exclude(refs[1], "off-topic")
    assert a.lost is None and lock.exists()
    assert _on_disk(first).decisions[refs[1]].status == "exclude"
    with pytest.raises(SessionLocked):  # the lock is whole again
        _review(ws).open_session()
    a.close()


def test_git_clean_under_an_open_desk_keeps_every_decision(ws: Path) -> None:
    """`git clean -fdx` removes `.briefdesk/` whole: the next change makes it again (ignored by
    git) and writes the whole session, nothing lost."""
    review = _review(ws)
    a = review.open_session()
    refs = [i.ref for i in review.items]
    a.include(refs[0])
    subprocess.run(["git", "clean", "-fdxq"], cwd=ws, check=True)
    assert not (ws / ".briefdesk").exists()
    a.exclude(refs[1], "off-topic")
    assert a.lost is None
    saved = _on_disk(review)
    assert saved.decisions[refs[0]].status == "include"
    assert saved.decisions[refs[1]].status == "exclude"
    status = subprocess.run(
        ["git", "status", "--porcelain", "--ignored=no"], cwd=ws, capture_output=True, text=True
    )
    assert ".briefdesk" not in status.stdout
    a.close()


def test_a_desk_whose_lock_was_taken_stops_writing_and_says_so(ws: Path) -> None:
    """`git clean -fdx`, then a second desk opens (a fresh session) before the first saves: the
    first refuses every change with the reason and never writes over the second's decisions."""
    first = _review(ws)
    a = first.open_session()
    refs = [i.ref for i in first.items]
    a.include(refs[0])
    shutil.rmtree(ws / ".briefdesk")
    second = _review(ws)
    b = second.open_session()
    b.exclude(refs[2], "weak-evidence")
    with pytest.raises(BriefdeskError, match=r"session lock lost.*read-only"):
        a.exclude(refs[1], "off-topic")
    assert a.lost and "another briefdesk opened the session" in a.lost
    with pytest.raises(BriefdeskError, match="read-only"):
        a.undo()
    a.set_cursor(refs[3])  # a cursor move writes nothing either
    saved = _on_disk(second)
    assert saved.decisions[refs[2]].status == "exclude"
    assert saved.decisions[refs[1]].status == "undecided"
    assert saved.cursor != refs[3]
    assert not a.check_lock()
    b.close()
    a.close()


def test_a_session_written_by_another_desk_since_is_never_overwritten(ws: Path) -> None:
    """The lock file deleted, a second desk opens, decides, closes; the first desk's next change
    is refused: the session on disk is not the one it wrote."""
    first = _review(ws)
    a = first.open_session()
    refs = [i.ref for i in first.items]
    a.include(refs[0])
    a.pin.release()  # as if the session file had been deleted and copied back
    first.session_path().with_suffix(".lock").unlink()
    second = _review(ws)
    with second.open_session() as b:
        b.exclude(refs[2], "weak-evidence")
    with pytest.raises(BriefdeskError, match="another briefdesk saved the session since"):
        a.exclude(refs[1], "off-topic")
    assert _on_disk(first).decisions[refs[2]].status == "exclude"
    a.close()


# -- a boundary that claims more than the evidence after the level was lowered ----------------


def test_commit_warns_of_a_boundary_claiming_more_than_the_lowered_evidence(ws: Path) -> None:
    from briefdesk.core.git.commit import commit_brief
    from briefdesk.core.model.values import Evidence

    review = _review(ws)
    ref = review.items[0].ref
    with review.open_session() as s:
        s.include(ref)
        inc = s.increment_of(ref)
        assert inc is not None
        s.set_evidence(ref, Evidence.fulltext, "读了正文")
        s.set_field(inc.id, "boundary", "正文已核")
        s.set_evidence(ref, Evidence.tldr)
        result = commit_brief(review, s, reviewer="Tom", allow_undecided=True)
    assert any(
        "evidence boundary text claims fulltext but the evidence is tldr now" in w
        for w in result.warnings
    ), result.warnings
