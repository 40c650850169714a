"""`core.git.catfile`: the one reader of `git cat-file --batch`, both its uses, on a real
repository."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.git.catfile import CatFile, batch_input, parse_batch
from briefdesk.core.git.command import git, git_env


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    git(tmp_path, "init", "-q")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a b.md").write_bytes(b"line\n\nwith a blank line and no end")
    (tmp_path / "empty.md").write_bytes(b"")
    git(tmp_path, "add", "-A")
    git(tmp_path, "-c", "user.name=T", "-c", "user.email=t@e", "commit", "-qm", "one")
    return tmp_path


NAMES = ["HEAD", "HEAD:./docs/a b.md", "HEAD:./nope.md", "HEAD:./docs", "HEAD:./empty.md"]


def check(found: list, repo: Path) -> None:
    head, blob, missing, tree, empty = found
    assert head is not None and head.type == "commit"
    assert head.oid == git(repo, "rev-parse", "HEAD").stdout.decode().strip()
    assert blob is not None and blob.type == "blob"
    assert blob.content == b"line\n\nwith a blank line and no end"
    assert missing is None
    assert tree is not None and tree.type == "tree"
    assert empty is not None and empty.content == b""


def test_all_at_once_and_one_at_a_time_read_the_same(repo: Path) -> None:
    proc = subprocess.run(
        ["git", "-C", str(repo), "cat-file", "--batch"],
        input=batch_input(NAMES),
        capture_output=True,
        env=git_env(),
        check=True,
    )
    at_once = parse_batch(proc.stdout, len(NAMES))
    check(at_once, repo)
    with CatFile(str(repo)) as cat:
        one_by_one = [cat.get(name) for name in NAMES]
    assert one_by_one == at_once


def test_a_name_with_a_line_break_is_never_sent(repo: Path) -> None:
    with pytest.raises(BriefdeskError, match="line break"):
        batch_input(["HEAD:./a\nHEAD"])
    with CatFile(str(repo)) as cat:
        assert cat.get("HEAD:./a\nHEAD") is None
        assert cat.get("HEAD") is not None  # the process still answers in step


def test_a_short_answer_is_an_error_not_a_guess() -> None:
    with pytest.raises(BriefdeskError, match="stopped before"):
        parse_batch(b"", 1)


def test_outside_a_repository_the_error_is_gits(tmp_path: Path) -> None:
    with CatFile(str(tmp_path)) as cat, pytest.raises(BriefdeskError, match="git cat-file failed"):
        cat.get("HEAD")
