"""core.storage.fileio: one reader with one error style, one atomic write, and a pair written both
or
neither (a failure leaves both old, a kill is finished or undone by the next writer)."""

from __future__ import annotations

import errno
import hashlib
import os
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.storage import fileio
from briefdesk.core.storage.fileio import (
    WriteFailed,
    atomic_write,
    decode_utf8,
    read_bytes,
    read_text,
    recover_together,
    write_together,
)


def test_read_errors_are_one_line_naming_the_file(tmp_path: Path) -> None:
    with pytest.raises(BriefdeskError, match=r"^m\.md: file not found$"):
        read_bytes(tmp_path / "m.md", "m.md")
    with pytest.raises(BriefdeskError, match=r"^d: is a folder, not a file$"):
        read_bytes(tmp_path, "d")
    (tmp_path / "gbk.md").write_bytes("中文".encode("gbk"))
    with pytest.raises(BriefdeskError, match=r"not UTF-8 \(invalid byte 0xd6 at offset 0\)"):
        read_text(tmp_path / "gbk.md", "gbk.md")
    with pytest.raises(BriefdeskError, match=r"binary file \(NUL byte at offset 2\)"):
        decode_utf8(b"ab\x00", "x")
    assert decode_utf8("决策".encode(), "x") == "决策"


def test_atomic_write_replaces_and_leaves_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "s.json"
    atomic_write(target, b"old")
    atomic_write(target, lambda fh: fh.write(b"new"), durable=False)
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in target.parent.iterdir()) == ["s.json"]


def test_a_failing_write_keeps_the_old_file_and_removes_its_temp(tmp_path: Path) -> None:
    target = tmp_path / "s.json"
    atomic_write(target, b"old")

    def boom(fh: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        atomic_write(target, boom)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_remove_temp_files_finds_what_a_killed_writer_left(tmp_path: Path) -> None:
    target = tmp_path / "s.json"
    target.write_bytes(b"x")
    (tmp_path / ".s.json.123.tmp").write_bytes(b"old style")
    (tmp_path / ".s.json.456.abcd0123.tmp").write_bytes(b"new style")
    (tmp_path / ".other.json.1.tmp").write_bytes(b"not ours")
    fileio.remove_temp_files(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.1.tmp", "s.json"]


# -- the pair ---------------------------------------------------------------------------------


@pytest.fixture()
def pair(tmp_path: Path) -> tuple[Path, Path]:
    base = tmp_path / "ws"
    (base / "briefs").mkdir(parents=True)
    (base / "briefs" / "b.md").write_bytes(b"old brief")
    (base / "briefs" / "b.review.json").write_bytes(b"old sidecar")
    return base, tmp_path / "git" / "briefdesk"


FILES = [("briefs/b.review.json", b"new sidecar"), ("briefs/b.md", b"new brief")]


def contents(base: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((base / "briefs").iterdir())}


def test_write_together_writes_both_and_leaves_nothing_behind(pair: tuple[Path, Path]) -> None:
    base, staging = pair
    done = write_together(base, FILES, staging)
    assert contents(base) == {"b.md": b"new brief", "b.review.json": b"new sidecar"}
    assert done == [(rel, hashlib.sha256(data).hexdigest()) for rel, data in FILES]
    assert list(staging.iterdir()) == []  # neither temp files nor a journal


def test_a_full_disk_on_either_file_writes_neither_and_names_it(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, staging = pair
    real = fileio._write_temp

    for failing in ("b.md", "b.review.json"):

        def full(tmp: Path, data: bytes, durable: bool, failing: str = failing) -> None:
            if tmp.name.startswith(f".{failing}."):
                real(tmp, data[:3], durable)  # part of it reached the disk, then ENOSPC
                raise OSError(errno.ENOSPC, "No space left on device")
            real(tmp, data, durable)

        monkeypatch.setattr(fileio, "_write_temp", full)
        with pytest.raises(WriteFailed) as err:
            write_together(base, FILES, staging)
        assert f"cannot write briefs/{failing} (No space left on device)" in str(err.value)
        assert "nothing was changed" in str(err.value)
        assert contents(base) == {"b.md": b"old brief", "b.review.json": b"old sidecar"}
        assert list(staging.iterdir()) == []


def test_a_kill_before_the_journal_is_undone(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, staging = pair

    def killed(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # stands for the SIGKILL: nothing after this line runs

    monkeypatch.setattr(fileio, "atomic_write", killed)
    with pytest.raises(KeyboardInterrupt):
        write_together(base, FILES, staging)
    assert len(list(staging.glob(".*.tmp"))) == 2  # both temp files, no journal
    monkeypatch.undo()
    assert recover_together(base, staging, [rel for rel, _ in FILES]) == []
    assert contents(base) == {"b.md": b"old brief", "b.review.json": b"old sidecar"}
    assert list(staging.iterdir()) == []


@pytest.mark.parametrize("renamed", [0, 1, 2])
def test_a_kill_after_the_journal_is_finished(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, renamed: int
) -> None:
    base, staging = pair
    real = os.replace
    calls = {"n": 0}

    def replace(src: object, dst: object) -> None:
        if str(dst).endswith("journal.json"):
            return real(src, dst)  # type: ignore[arg-type]
        if calls["n"] == renamed:
            raise KeyboardInterrupt  # killed after `renamed` of the two renames
        calls["n"] += 1
        return real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(fileio.os, "replace", replace)
    if renamed < 2:
        with pytest.raises(KeyboardInterrupt):
            write_together(base, FILES, staging)
    else:  # both renamed: the kill lands before the journal is removed

        def fsync(folder: Path) -> None:
            if folder == base / "briefs":
                raise KeyboardInterrupt

        monkeypatch.setattr(fileio, "fsync_folder", fsync)
        with pytest.raises(KeyboardInterrupt):
            write_together(base, FILES, staging)
    assert (staging / "journal.json").exists()
    monkeypatch.undo()
    done = recover_together(base, staging, [rel for rel, _ in FILES])
    assert [rel for rel, _ in done] == [rel for rel, _ in FILES]
    assert contents(base) == {"b.md": b"new brief", "b.review.json": b"new sidecar"}
    assert list(staging.iterdir()) == []


def test_recovery_ignores_a_journal_that_is_not_ours(pair: tuple[Path, Path]) -> None:
    base, staging = pair
    staging.mkdir(parents=True)
    (staging / "journal.json").write_text('{"files": [{"target": "../../etc/x"}]}', "utf-8")
    assert recover_together(base, staging) == []
    assert contents(base) == {"b.md": b"old brief", "b.review.json": b"old sidecar"}
    assert not (staging / "journal.json").exists()


def test_a_staging_folder_on_another_file_system_puts_the_temp_beside_the_target(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, staging = pair
    monkeypatch.setattr(fileio, "_same_device", lambda a, b: False)
    seen: list[Path] = []
    real = fileio._write_temp

    def spy(tmp: Path, data: bytes, durable: bool) -> None:
        seen.append(tmp.parent)
        real(tmp, data, durable)

    monkeypatch.setattr(fileio, "_write_temp", spy)
    write_together(base, FILES, staging)
    assert seen == [base / "briefs", base / "briefs", staging]  # the journal stays in staging
    assert contents(base) == {"b.md": b"new brief", "b.review.json": b"new sidecar"}
