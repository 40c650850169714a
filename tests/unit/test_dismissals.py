"""Not a duplicate (docs/duplicates.md): saved in the session as one undo step, committed in the
sidecar, respected by every later scan of any batch while both texts stay as they were. And clusters
decided at once."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from briefdesk.core.brief.sidecar import read_sidecar, render_sidecar
from briefdesk.core.review.load import load_review
from briefdesk.core.review.session import Session
from briefdesk.core.workspace.layout import Workspace

try:  # the session's fixtures, whichever way pytest imports the test modules
    from test_session import REFS, make_batch, make_items, on_disk, open_session
except ImportError:  # pragma: no cover - tests/unit as a package
    from .test_session import REFS, make_batch, make_items, on_disk, open_session

REALKB = Path(__file__).resolve().parents[1] / "workspaces" / "realkb"
ITEM = "inbox/jay/2026-11-04-0830-wechat-reposts.md#3"  # Kimi K3, a rewrite of §5.3
CANDIDATE = "docs/inference.md§5.3"


def test_a_dismissal_is_saved_at_once_and_undone_and_redone(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.dismiss(REFS[0], "briefs/b.md#5", "k" * 40)
    s.dismiss(REFS[0], "briefs/b.md#5", "k" * 40)  # the same judgement twice is one
    saved = on_disk(tmp_path)
    assert [(d.item, d.candidate) for d in saved.dismissed] == [(REFS[0], "briefs/b.md#5")]
    assert saved.dismissed[0].candidate_key == "k" * 40 and len(saved.dismissed[0].item_key) == 40
    assert s.undo() and on_disk(tmp_path).dismissed == []
    assert s.redo() and len(on_disk(tmp_path).dismissed) == 1
    s.close()


def test_decide_cluster_keeps_one_and_marks_the_others_in_one_undo_step(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.decide_cluster(REFS[1], [REFS[0], REFS[1], REFS[3]])
    d = on_disk(tmp_path).decisions
    assert d[REFS[1]].status == "include"
    assert d[REFS[0]].reason == d[REFS[3]].reason == f"duplicate:{REFS[1]}"
    assert len(s.history.undo) == 1
    s.undo()
    assert {on_disk(tmp_path).decisions[r].status for r in REFS} == {"undecided"}
    s.close()


@pytest.fixture()
def kb(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    shutil.copytree(REALKB, ws)
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    return ws


def _refs(ws: Path, batch: str = "2026-11-05-kb") -> list[str]:
    review = load_review(Workspace.open(ws), batch)
    return [d.ref for d in review.match(cache=False)[ITEM].duplicates]


def test_a_dismissal_in_the_session_hides_the_pair_from_scan(kb: Path) -> None:
    review = load_review(Workspace.open(kb), "2026-11-05-kb")
    dup = next(d for d in review.match(cache=False)[ITEM].duplicates if d.ref == CANDIDATE)
    with review.open_session() as session:
        session.dismiss(ITEM, dup.ref, dup.key)
    assert CANDIDATE not in _refs(kb)
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "briefdesk",
            "scan",
            "-w",
            str(kb),
            "-b",
            "2026-11-05-kb",
            "--json",
            "--no-cache",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    items = {i["ref"]: i for i in json.loads(out.stdout)["items"]}
    assert CANDIDATE not in [d["ref"] for d in items[ITEM]["duplicates"]]


def test_a_committed_dismissal_holds_for_any_later_batch_until_a_text_changes(kb: Path) -> None:
    review = load_review(Workspace.open(kb), "2026-11-05-kb")
    dup = next(d for d in review.match(cache=False)[ITEM].duplicates if d.ref == CANDIDATE)
    with review.open_session() as session:
        session.dismiss(ITEM, dup.ref, dup.key)
        sidecar = render_sidecar(review, session.data, "Tom")
    assert read_sidecar(sidecar, "x").dismissed[0].candidate == CANDIDATE
    # committed as an earlier brief's sidecar; this batch's session gone; another batch
    (kb / "briefs/inference/2026-11-02-e1-en.review.json").write_bytes(sidecar)
    review.session_path().unlink()
    other = (
        (kb / "batches/2026-11-05-kb.yaml")
        .read_text("utf-8")
        .replace("id: work-guard/5e9d", "id: x/5e9d")
    )
    (kb / "batches/again.yaml").write_text(other, "utf-8")
    assert CANDIDATE not in _refs(kb, "again")
    # the living document's paragraph changes: judged again
    doc = kb / "docs/inference.md"
    doc.write_text(doc.read_text("utf-8").replace("Kimi K3 单用户", "Kimi K3 的单用户"), "utf-8")
    assert CANDIDATE in _refs(kb, "again")


def test_session_without_dismissals_reads_as_before(tmp_path: Path) -> None:
    s = open_session(tmp_path)
    s.include(REFS[0])
    s.close()
    raw = json.loads((tmp_path / "s.json").read_text("utf-8"))
    assert "dismissed" not in raw  # written only when there are some

    with Session.open(tmp_path / "s.json", make_batch(), make_items()) as again:
        assert again.data.dismissed == [] and again.decision(REFS[0]).status == "include"


def test_a_dismissal_committed_for_this_batch_holds_when_it_is_opened_again(kb: Path) -> None:
    """A fresh clone (or `.briefdesk/` gone) opens the committed batch again: the judgement in
    its own sidecar still hides the pair, from `scan` and from a session started afresh, whose
    undo brings it back (docs/duplicates.md)."""
    review = load_review(Workspace.open(kb), "2026-11-05-kb")
    dup = next(d for d in review.match(cache=False)[ITEM].duplicates if d.ref == CANDIDATE)
    with review.open_session() as session:
        session.dismiss(ITEM, dup.ref, dup.key)
        sidecar = render_sidecar(review, session.data, "Tom")
    (kb / review.brief_path).parent.mkdir(parents=True, exist_ok=True)
    (kb / review.brief_path).write_text("# brief\n", "utf-8")
    (kb / review.sidecar_path).write_bytes(sidecar)
    shutil.rmtree(kb / ".briefdesk")
    assert CANDIDATE not in _refs(kb)  # no session: the committed sidecar speaks
    again = load_review(Workspace.open(kb), "2026-11-05-kb")
    with again.open_session() as session:  # a new session begins with the committed judgement
        assert [d.candidate for d in session.data.dismissed] == [CANDIDATE]
    assert CANDIDATE not in _refs(kb)
