"""Edits under an open review: the session marks items changed since decided, the watcher says
which file changed, and a resumed session marks what was edited while it was closed."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from briefdesk.core.review.load import load_review
from briefdesk.core.review.sessionfile import SCHEMA_VERSION, SessionData
from briefdesk.core.review.watch import Change, Watcher
from briefdesk.core.workspace.layout import Workspace

SOURCE = Path(__file__).resolve().parent.parent / "workspaces" / "claims"
BATCH = "2026-11-05-en"
DIGEST = "inbox/tom/2026-11-05-0900-release-digest.md"
NEWS = "inbox/tom/2026-11-05-1100-newsletter.md"


@pytest.fixture()
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(SOURCE, root)
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")
    st = path.stat()  # a new mtime even within the filesystem's timestamp granularity
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


# -- the session -------------------------------------------------------------------------------


def test_an_item_edited_in_place_is_marked_and_keeps_its_decision(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as session:
        session.include(f"{DIGEST}#1")
        session.exclude(f"{DIGEST}#2", "off-topic")
        edit(ws / DIGEST, "October 20, 2026", "October 21, 2026")
        again = load_review(Workspace.open(ws), BATCH)
        assert session.refit(again.items) == [f"{DIGEST}#1"]
        assert session.changed == [f"{DIGEST}#1"]
        assert session.decision(f"{DIGEST}#1").status == "include"
        assert not session.is_changed(f"{DIGEST}#2")  # its text did not change


def test_an_undecided_item_is_not_marked(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as session:
        edit(ws / DIGEST, "October 20, 2026", "October 21, 2026")
        assert session.refit(load_review(Workspace.open(ws), BATCH).items) == []


def test_looking_again_or_deciding_again_clears_the_mark(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as session:
        session.include(f"{DIGEST}#1")
        session.include(f"{DIGEST}#3")
        edit(ws / DIGEST, "P99 TTFT", "P99 time to first token")
        edit(ws / DIGEST, "KServe v0.17.0 was released", "KServe v0.17.0 came out")
        session.refit(load_review(Workspace.open(ws), BATCH).items)
        assert session.changed == [f"{DIGEST}#1", f"{DIGEST}#3"]
        undo_depth = len(session.history.undo)
        session.acknowledge(f"{DIGEST}#1")
        assert len(session.history.undo) == undo_depth  # looking is not an undo step
        session.exclude(f"{DIGEST}#3", "weak-evidence")
        assert session.changed == []
        saved = SessionData.model_validate_json(session.path.read_bytes())  # type: ignore[union-attr]
        assert saved.changed == {}


def test_a_text_edited_back_is_no_longer_changed(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as session:
        session.include(f"{DIGEST}#1")
        edit(ws / DIGEST, "October 20, 2026", "October 21, 2026")
        session.refit(load_review(Workspace.open(ws), BATCH).items)
        edit(ws / DIGEST, "October 21, 2026", "October 20, 2026")
        session.refit(load_review(Workspace.open(ws), BATCH).items)
        assert session.changed == []


def test_a_resumed_session_marks_what_changed_while_it_was_closed(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as session:
        session.include(f"{NEWS}#2")
        session.exclude(f"{NEWS}#3", "off-topic")
    edit(
        ws / NEWS, "Dynamo 1.3 was released on 2026-10-28", "Dynamo 1.3 was released on 2026-10-29"
    )
    with load_review(Workspace.open(ws), BATCH).open_session() as resumed:
        assert resumed.changed == [f"{NEWS}#2"]
        assert resumed.decision(f"{NEWS}#2").status == "include"
    with load_review(Workspace.open(ws), BATCH).open_session() as again:
        assert again.changed == [f"{NEWS}#2"]  # until the reviewer looks at it
        again.acknowledge(f"{NEWS}#2")
    with load_review(Workspace.open(ws), BATCH).open_session() as last:
        assert last.changed == []


def test_a_heading_added_before_a_decided_item_moves_it_without_a_mark(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as session:
        session.include(f"{NEWS}#2")
    edit(ws / NEWS, "## vLLM picks up", "## A new first item\n\nNothing here.\n\n## vLLM picks up")
    with load_review(Workspace.open(ws), BATCH).open_session() as resumed:
        assert resumed.decision(f"{NEWS}#3").status == "include"
        assert resumed.changed == []


def test_a_version_1_session_file_is_migrated_its_fingerprints_the_basis(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    with review.open_session() as session:
        session.include(f"{NEWS}#2")
        path = session.path
    assert path is not None
    raw = json.loads(path.read_bytes())
    old = {  # the same session as schema 1 wrote it: the decisions, the order of increments
        "schema_version": 1,
        **{k: raw[k] for k in ("batch_id", "batch_stem", "topic", "cursor", "fingerprints")},
        "decisions": raw["decisions"],
        "order": [f"{NEWS}#2"],
    }
    path.write_text(json.dumps(old), "utf-8")
    edit(ws / NEWS, "GB200 NVL72 figures", "GB200 figures")
    with load_review(Workspace.open(ws), BATCH).open_session() as resumed:
        assert resumed.changed == [f"{NEWS}#2"]  # the saved fingerprints are the basis
        assert resumed.data.schema_version == SCHEMA_VERSION
        assert resumed.order == [f"{NEWS}#2"]


# -- the watcher -------------------------------------------------------------------------------


def test_the_watcher_names_the_file_that_changed(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    watcher = Watcher(review)
    assert watcher.poll() == []
    edit(ws / DIGEST, "October 20, 2026", "October 21, 2026")
    assert watcher.poll() == [Change(DIGEST, "material", "changed")]
    assert watcher.poll() == []
    edit(ws / "docs/inference.md", "MLC-LLM 已于 2026-07 归档", "MLC-LLM 已于 2026-08 归档")
    assert watcher.poll() == [Change("docs/inference.md", "living-doc", "changed")]


def test_same_bytes_are_no_change(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    watcher = Watcher(review)
    edit(ws / DIGEST, "October", "October")  # rewritten, same bytes, new mtime
    assert watcher.poll() == []


def test_an_edit_between_loading_and_watching_is_reported(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    edit(ws / NEWS, "issue 112", "issue 113")
    assert Watcher(review).poll() == [Change(NEWS, "material", "changed")]


def test_briefs_are_checked_a_slice_at_a_time_and_added_ones_are_found(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    watcher = Watcher(review, brief_slice=1)
    briefs = list(watcher.briefs)
    assert len(briefs) == 3
    edit(ws / briefs[-1], "一、", "一、 ")
    seen: list[Change] = []
    for _ in range(len(briefs)):  # within one round of slices
        seen += watcher.poll()
    assert seen == [Change(briefs[-1], "brief", "changed")]
    new = ws / "briefs/inference/2026-11-04-e1-manual.md"
    new.write_text(
        "inference · E1 预消化简报（2026-11-04）\n\n一、今日最重要的 1 条增量\n\n1. x\n", "utf-8"
    )
    assert watcher.poll() == [Change("briefs/inference/2026-11-04-e1-manual.md", "brief", "added")]
    (ws / briefs[0]).unlink()
    assert Change(briefs[0], "brief", "removed") in watcher.poll()


def test_the_batchs_own_brief_is_not_watched(ws: Path) -> None:
    review = load_review(Workspace.open(ws), BATCH)
    watcher = Watcher(review)
    own = ws / review.brief_path
    own.parent.mkdir(parents=True, exist_ok=True)
    own.write_text("the brief this batch writes\n", "utf-8")
    assert watcher.poll() == []


def test_a_removed_material_is_reported(ws: Path) -> None:
    watcher = Watcher(load_review(Workspace.open(ws), BATCH))
    (ws / NEWS).unlink()
    assert watcher.poll() == [Change(NEWS, "material", "removed")]
    assert "removed" in Change(NEWS, "material", "removed").describe()
