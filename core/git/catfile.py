"""`git cat-file --batch`: many objects through one git process, in two ways.

`commit` knows every object it needs before it asks (HEAD, the materials' and the targets' blobs)
and sends them all at once beside its other probes (`batch_input`, then `parse_batch` on the whole
output); `verify` learns what to ask from what it has read (the sidecar names the materials) and
keeps one process open (`CatFile`). Both read git's answer with the same `_header`, so the two
cannot drift apart on what "missing" or a tree looks like.
"""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Sequence
from typing import NamedTuple

from ..errors import BriefdeskError
from .command import git_env


class GitObject(NamedTuple):
    oid: str
    type: str  # "blob", "commit", "tree", ...
    content: bytes


def batch_input(names: Sequence[str]) -> bytes:
    """The names, one a line, as `cat-file --batch` reads them; a name with a line break cannot be
    asked (git would read two names) and is refused here."""
    for name in names:
        if "\n" in name or "\r" in name:
            raise BriefdeskError("a path with a line break cannot be read from git", name)
    return "".join(n + "\n" for n in names).encode("utf-8", "surrogateescape")


def _header(line: bytes) -> tuple[str, str, int] | None:
    """`<oid> <type> <size>` -> its parts; None for `<name> missing` / `ambiguous`."""
    parts = line.rstrip(b"\n").split(b" ")
    if len(parts) != 3 or parts[-1] in (b"missing", b"ambiguous"):
        return None
    return parts[0].decode(), parts[1].decode(), int(parts[2])


def parse_batch(out: bytes, count: int) -> list[GitObject | None]:
    """The `count` answers of one `cat-file --batch` run, in the order asked, None where git has
    no such object."""
    found: list[GitObject | None] = []
    pos = 0
    for _ in range(count):
        nl = out.find(b"\n", pos)
        if nl < 0:
            raise BriefdeskError("git cat-file stopped before answering every name")
        header = _header(out[pos:nl])
        pos = nl + 1
        if header is None:
            found.append(None)
            continue
        oid, kind, size = header
        found.append(GitObject(oid, kind, out[pos : pos + size]))
        pos += size + 1  # the content, then its newline
    return found


class CatFile:
    """One `git cat-file --batch` process, asked one object at a time (no pipe deadlock), and
    always reaped so no `git` child outlives the call."""

    def __init__(self, root: str) -> None:
        try:
            self.proc = subprocess.Popen(
                ["git", "-C", root, "cat-file", "--batch"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=git_env(),
            )
        except FileNotFoundError:
            raise BriefdeskError("git is not installed or not on PATH") from None

    def get(self, name: str) -> GitObject | None:
        """The object `name` (`<rev>:./<path>`, an oid …), None when it does not exist."""
        if "\n" in name or "\r" in name:
            return None
        assert self.proc.stdin and self.proc.stdout
        try:
            self.proc.stdin.write(batch_input([name]))
            self.proc.stdin.flush()
        except BrokenPipeError:  # git exited at once (not a repository ...)
            line = b""
        else:
            line = self.proc.stdout.readline()
        if not line:
            stderr = self.proc.stderr.read() if self.proc.stderr else b""
            lines = stderr.decode("utf-8", "replace").strip().splitlines() or ["no output"]
            raise BriefdeskError(f"git cat-file failed: {lines[0]}")
        header = _header(line)
        if header is None:
            return None
        oid, kind, size = header
        content = self.proc.stdout.read(size)
        self.proc.stdout.read(1)  # the newline after the content
        return GitObject(oid, kind, content)

    def close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream:
                with contextlib.suppress(OSError):  # stdin of a git that already exited
                    stream.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def __enter__(self) -> CatFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
