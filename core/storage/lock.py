"""Exclusive locks held by the kernel (`fcntl.flock`), so a killed holder never leaves one behind.

A lock is an open file with an exclusive `flock` on it. The kernel drops it when the holder's
last descriptor closes — on exit, on a crash, on SIGKILL — so there is no stale lock to detect:
no pid to check, no reused pid or container pid to be fooled by, no lock committed to git or
synced from another machine that blocks for ever (the file's content is never what decides).
The holder's pid and host are written into the file only so that the next opener can be told
who holds it, and the message names the lock file.

Two details make it exact:
- the holder deletes the file while still holding it, and an opener that got the lock checks
  that the file it locked is still the one at the path (else it locked a deleted file and tries
  again), so two openers never both win;
- a forked child (the desk forks its matching process) would share the lock's open file and keep
  it held after the parent died: every lock's descriptor is closed in a forked child at once.

`SessionLock` is one session's lock (`.briefdesk/sessions/<stem>.lock`, refused at once when
held); `core.git.commit` serialises commits on another, waiting a while for the holder to finish.

A lock file's name can be deleted under its holder (`rm`, `git clean -fdx`), and the next opener
would then lock a new file of the same name. So a session's holder also pins the session file
itself (`FilePin`: an `flock` on the file now at the path, moved onto each new file as saving
replaces it), which an opener must pin too, and checks before every save that both are still the
files it holds (`core.review.session`, docs/reliability.md).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import socket
import threading
import time
import weakref
from pathlib import Path

from ..errors import BriefdeskError, SessionLocked

_HELD: weakref.WeakSet[FileLock | FilePin] = weakref.WeakSet()
_HELD_LOCK = threading.Lock()


def _close_in_child() -> None:
    for lock in list(_HELD):
        lock._forget_in_child()


os.register_at_fork(after_in_child=_close_in_child)


class Busy(Exception):
    """The lock is held by someone else; `info` is what the holder wrote (pid, host), if any."""

    def __init__(self, info: dict | None) -> None:
        super().__init__("lock held")
        self.info = info


class FileLock:
    """One exclusive lock on `path` (see the module docstring). Not re-entrant: a second
    FileLock on the same path in the same process is refused like another process."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def holder(self) -> dict | None:
        """What the current holder wrote into the file (pid, host), or None."""
        try:
            info = json.loads(self.path.read_bytes())
        except (OSError, ValueError):
            return None
        return info if isinstance(info, dict) else None

    def try_acquire(self) -> None:
        """Take the lock or raise `Busy`; OSError when the file cannot be made at all."""
        if self._fd is not None:
            return
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise Busy(self.holder()) from None
            except BaseException:
                os.close(fd)
                raise
            try:
                same = _same_file(os.fstat(fd), os.stat(self.path))
            except FileNotFoundError:
                same = False
            except BaseException:
                os.close(fd)
                raise
            if not same:  # the holder deleted it as it let go: lock the file at the path now
                os.close(fd)
                continue
            break
        try:
            me = json.dumps({"pid": os.getpid(), "host": socket.gethostname()}).encode()
            os.ftruncate(fd, 0)
            os.pwrite(fd, me, 0)
        except OSError:
            pass  # a full disk: the lock holds all the same, the message will say less
        self._fd = fd
        with _HELD_LOCK:
            _HELD.add(self)

    def acquire(self, wait: float = 0.0) -> None:
        """Take the lock, waiting up to `wait` seconds for the holder; `Busy` after that."""
        deadline = time.monotonic() + wait
        delay = 0.01
        while True:
            try:
                self.try_acquire()
                return
            except Busy:
                if time.monotonic() >= deadline:
                    raise
            time.sleep(delay)
            delay = min(delay * 2, 0.1)

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with _HELD_LOCK:
            _HELD.discard(self)
        try:
            with contextlib.suppress(OSError):
                if _same_file(os.fstat(fd), os.stat(self.path)):
                    self.path.unlink()  # while still held: see the module docstring
        finally:
            os.close(fd)

    def still_held(self) -> bool:
        """Whether the file at the path is still the one this holder locked: False once someone
        deleted or replaced it (another opener may then lock a new file of that name)."""
        if self._fd is None:
            return False
        try:
            return _same_file(os.fstat(self._fd), os.stat(self.path))
        except OSError:
            return False

    def _forget_in_child(self) -> None:
        """In a forked child: close this process's copy of the descriptor, which leaves the
        parent's lock held by the parent alone."""
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> FileLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


class FilePin:
    """An exclusive `flock` on the file that is at `path` now: the session file, which saving
    replaces (a new inode each time), so the holder takes the pin again after every save.

    Unlike `FileLock` it never creates, writes or deletes the file; it only says whether the file
    at the path is still the one it pinned (`state`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def take(self) -> bool:
        """Pin the file now at the path (True when there is none); False when another process
        pins it. The previous pin is let go once the new one is held."""
        if self.state() == "same":  # written in place: still the pinned file
            return True
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
        except FileNotFoundError:
            return True
        except OSError:
            return True  # not readable: saving or loading will say what is wrong
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        old, self._fd = self._fd, fd
        with _HELD_LOCK:
            _HELD.add(self)
        if old is not None:
            with contextlib.suppress(OSError):
                os.close(old)
        return True

    def state(self) -> str:
        """`same`: the path is the pinned file; `missing`: no file there; `other`: a file this
        pin does not hold (written by someone else)."""
        try:
            now = os.stat(self.path)
        except OSError:
            return "missing"
        if self._fd is None:
            return "other"
        return "same" if _same_file(os.fstat(self._fd), now) else "other"

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)

    _forget_in_child = release


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def describe(info: dict | None) -> str:
    """`pid 1234 on host` from a holder's record, or `another process` when it wrote none."""
    if not info or "pid" not in info:
        return "a process that has not said who it is"
    return f"pid {info.get('pid')} on {info.get('host') or 'an unknown host'}"


class SessionLock(FileLock):
    """One session file is edited by one process at a time (docs/reliability.md)."""

    def acquire(self, wait: float = 0.0) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            super().acquire(wait)
        except Busy as busy:
            raise SessionLocked(
                f"session is open in another briefdesk ({describe(busy.info)}; lock file "
                f"{self.path}); close it there first",
                self.path.with_suffix(".json"),
            ) from None
        except OSError as exc:  # a read-only or full disk, a file where the folder should be
            raise BriefdeskError(
                f"cannot take the session lock ({exc.strerror or exc})", exc.filename or self.path
            ) from None
