"""core.storage.cachefile: caches out of the workspace, each file sealed with this account's key."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from briefdesk.core.storage import cachefile


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cachefile.forget_key()
    yield tmp_path / "cache" / "briefdesk"
    monkeypatch.undo()
    cachefile.forget_key()


def test_seal_round_trip_and_any_change_unseals_to_nothing(home: Path) -> None:
    sealed = cachefile.seal(b"payload")
    assert sealed is not None and bytes(cachefile.unseal(sealed) or b"") == b"payload"
    for damaged in (
        sealed[:-1],  # truncated
        sealed[:-1] + b"X",  # a payload byte changed
        sealed[: len(cachefile.MAGIC)] + bytes(32) + b"payload",  # a MAC made up
        b"payload",  # never sealed
        b"",
    ):
        assert cachefile.unseal(damaged) is None
    assert (home / cachefile.KEY_FILE).stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("fault", ["readable by others", "short", "a link"])
def test_a_key_that_is_not_a_secret_is_replaced(home: Path, fault: str, tmp_path: Path) -> None:
    """What the old key sealed is then no cache (it may have been forged with it)."""
    home.mkdir(parents=True)
    key = home / cachefile.KEY_FILE
    old = os.urandom(32)
    if fault == "readable by others":
        key.write_bytes(old)
        key.chmod(0o644)
    elif fault == "short":
        key.write_bytes(old[:4])
        key.chmod(0o600)
    else:
        (tmp_path / "elsewhere").write_bytes(old)
        (tmp_path / "elsewhere").chmod(0o600)
        key.symlink_to(tmp_path / "elsewhere")
    forged = b"payload"
    planted = cachefile.MAGIC + cachefile._mac(old, forged) + forged
    assert cachefile.unseal(planted) is None
    assert not key.is_symlink() and key.stat().st_mode & 0o777 == 0o600
    assert key.read_bytes() != old and len(key.read_bytes()) == 32
    assert bytes(cachefile.unseal(cachefile.seal(b"x") or b"") or b"") == b"x"
    if fault == "a link":
        assert (tmp_path / "elsewhere").read_bytes() == old  # the link's target is untouched


def test_no_place_for_a_key_means_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    cachefile.forget_key()
    try:
        assert cachefile.seal(b"x") is None  # caches are off, nothing fails
        assert cachefile.write_sealed(tmp_path / "file" / "f", b"x") is None
        assert cachefile.open_cache_dir(tmp_path) is None
    finally:
        monkeypatch.undo()
        cachefile.forget_key()


def test_each_workspace_has_its_own_folder_and_gone_ones_are_pruned(
    home: Path, tmp_path: Path
) -> None:
    a, b = tmp_path / "kb", tmp_path / "other" / "kb"
    a.mkdir()
    b.mkdir(parents=True)
    fa, fb = cachefile.open_cache_dir(a), cachefile.open_cache_dir(b)
    assert fa is not None and fb is not None and fa != fb
    assert fa.parent == fb.parent == home and fa.name.startswith("kb-")
    b.rmdir()
    c = tmp_path / "third"
    c.mkdir()
    assert cachefile.open_cache_dir(c) is not None  # a new folder: the gone workspace's is pruned
    assert fa.is_dir() and not fb.exists()


def test_a_fifo_is_not_read(home: Path) -> None:
    folder = home / "ws"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "f")
    assert cachefile.read_sealed(folder / "f", 1 << 20) is None  # returns at once
