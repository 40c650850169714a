"""Workspace: settings, batches by stem/path/id, and paths that never leave the workspace."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.workspace.layout import Workspace

MANIFEST = """id: work-guard/e627b203-77c1
topic: inference
created: 2026-11-03
materials:
  - inbox/jay/a.md
"""


@pytest.fixture()
def ws_dir(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "batches").mkdir(parents=True)
    (root / "docs").mkdir()
    (root / "docs" / "inference.md").write_text("## 1.2 SGLang\n", "utf-8")
    (root / "inbox" / "jay").mkdir(parents=True)
    (root / "inbox" / "jay" / "a.md").write_text("## x\n", "utf-8")
    (root / "batches" / "2026-11-03-e627.yaml").write_text(MANIFEST, "utf-8")
    return root


def test_batch_is_found_by_stem_path_and_id(ws_dir: Path) -> None:
    ws = Workspace.open(ws_dir)
    for name in ("2026-11-03-e627", "batches/2026-11-03-e627.yaml", "work-guard/e627b203-77c1"):
        assert ws.batch(name).manifest.id == "work-guard/e627b203-77c1"
    assert ws.brief_path(ws.batch("2026-11-03-e627")) == "briefs/inference/2026-11-03-e1-e627.md"


def test_a_brief_name_says_its_date_once_and_an_older_longer_name_is_kept(ws_dir: Path) -> None:
    from briefdesk.core.workspace.briefname import brief_name, is_brief_of, stems_of

    assert brief_name("2026-12-01", "2026-12-01-cb978024") == "2026-12-01-e1-cb978024.md"
    assert brief_name("2026-12-02", "2026-12-01-cb978024") == "2026-12-02-e1-2026-12-01-cb978024.md"
    assert brief_name("2026-12-01", "evening") == "2026-12-01-e1-evening.md"
    assert brief_name("2026-12-01", "2026-12-01") == "2026-12-01-e1-2026-12-01.md"
    for name in ("2026-11-03-e1-e627.md", "2026-11-03-e1-2026-11-03-e627.md"):
        assert is_brief_of(f"briefs/inference/{name}", "2026-11-03-e627")
        assert "2026-11-03-e627" in stems_of(name)
    assert not is_brief_of("briefs/inference/2026-11-03-e1-e6270.md", "2026-11-03-e627")
    # a brief committed under the long name stays where it is
    legacy = ws_dir / "briefs" / "inference" / "2026-11-03-e1-2026-11-03-e627.md"
    legacy.parent.mkdir(parents=True)
    legacy.write_text("old\n", "utf-8")
    ws = Workspace.open(ws_dir)
    assert ws.brief_path(ws.batch("2026-11-03-e627")) == (
        "briefs/inference/2026-11-03-e1-2026-11-03-e627.md"
    )


def test_unknown_batch_is_named(ws_dir: Path) -> None:
    with pytest.raises(BriefdeskError, match="no batch named 'nope'"):
        Workspace.open(ws_dir).batch("nope")


def test_two_manifests_with_one_id_are_refused(ws_dir: Path) -> None:
    (ws_dir / "batches" / "copy.yaml").write_text(MANIFEST, "utf-8")
    with pytest.raises(BriefdeskError, match="also used by"):
        Workspace.open(ws_dir).batch("copy")


def test_unknown_topic_is_refused(ws_dir: Path) -> None:
    (ws_dir / "batches" / "2026-11-03-e627.yaml").write_text(
        MANIFEST.replace("inference", "nothing"), "utf-8"
    )
    with pytest.raises(BriefdeskError, match="unknown topic 'nothing'"):
        Workspace.open(ws_dir).batch("2026-11-03-e627")


def test_bad_settings_name_the_file(ws_dir: Path) -> None:
    (ws_dir / "briefdesk.yaml").write_text("dedup:\n  threshold: 900\n", "utf-8")
    with pytest.raises(BriefdeskError, match=r"briefdesk.yaml: line 2: dedup.threshold"):
        Workspace.open(ws_dir)


@pytest.mark.parametrize(
    "rel", ["/etc/passwd", "../outside.md", "inbox/../../outside.md", "~/x.md"]
)
def test_paths_that_leave_the_workspace_are_refused(ws_dir: Path, rel: str) -> None:
    with pytest.raises(BriefdeskError, match=r"absolute|leaves"):
        Workspace.open(ws_dir).resolve(rel)


def test_symlink_out_and_prefix_sibling_are_refused(ws_dir: Path) -> None:
    evil = ws_dir.parent / "ws-evil"
    evil.mkdir()
    (evil / "x.md").write_text("secret", "utf-8")
    os.symlink(evil / "x.md", ws_dir / "inbox" / "link.md")
    os.symlink(evil, ws_dir / "inbox" / "dirlink")
    ws = Workspace.open(ws_dir)
    for rel in ("inbox/link.md", "inbox/dirlink/x.md"):
        with pytest.raises(BriefdeskError, match="outside the workspace"):
            ws.resolve(rel)


def test_symlink_inside_the_workspace_is_fine(ws_dir: Path) -> None:
    os.symlink(ws_dir / "inbox" / "jay" / "a.md", ws_dir / "inbox" / "alias.md")
    assert Workspace.open(ws_dir).resolve("inbox/alias.md").read_text("utf-8") == "## x\n"


def test_brief_files_are_what_rglob_finds_inside_the_workspace(ws_dir: Path) -> None:
    """The scandir walk of `brief_files` answers as `rglob("*.md")` + is_file + resolve did."""
    briefs = ws_dir / "briefs"
    outside = ws_dir.parent / "outside"
    (briefs / "inference" / "deep").mkdir(parents=True)
    (outside / "sub").mkdir(parents=True)
    (outside / "o.md").write_text("o", "utf-8")
    (outside / "sub" / "s.md").write_text("s", "utf-8")
    for rel in (
        "a.md",
        "inference/b.md",
        "inference/deep/c.md",
        "inference/.hidden.md",
        "inference/notes.txt",
        "inference/x.MD",
        "inference/.md",
    ):
        (briefs / rel).write_text("x", "utf-8")
    (briefs / "inference" / "folder.md").mkdir()
    os.symlink(briefs / "a.md", briefs / "inference" / "link-in.md")
    os.symlink(outside / "o.md", briefs / "inference" / "link-out.md")
    os.symlink(outside / "sub", briefs / "linked-out-dir")
    os.symlink(briefs / "inference" / "deep", briefs / "linked-in-dir")
    os.symlink(ws_dir / "nowhere.md", briefs / "dangling.md")
    os.symlink(briefs / "inference" / "deep", briefs / "dir-link.md")
    ws = Workspace.open(ws_dir)
    folder = ws.resolve("briefs", must_exist=False)
    old = sorted(
        ws.rel(p)
        for p in folder.rglob("*.md")
        if p.is_file() and p.resolve().is_relative_to(ws.root)
    )
    assert ws.brief_files() == old
    assert "briefs/inference/link-in.md" in old and "briefs/inference/link-out.md" not in old
