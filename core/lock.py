"""One process edits a session at a time: a lock file beside it holding pid and host.

Created with O_EXCL so two openers cannot both win; a lock left by a dead process on this host is
taken over; a live holder is named in the error.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

from .errors import BriefdeskError, SessionLocked


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class SessionLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.held = False

    def holder(self) -> dict | None:
        try:
            info = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return None
        return info if isinstance(info, dict) else None

    def acquire(self) -> None:
        try:
            self._acquire()
        except OSError as exc:  # a read-only or full disk, a file where the folder should be
            raise BriefdeskError(
                f"cannot take the session lock ({exc.strerror or exc})", exc.filename or self.path
            ) from None

    def _acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        me = json.dumps({"pid": os.getpid(), "host": socket.gethostname()}).encode()
        for _ in range(3):
            if not self._create(me):
                info = self.holder()
                if info is None or self._stale(info):
                    self.path.unlink(missing_ok=True)
                    continue
                raise SessionLocked(
                    "session is open in another briefdesk "
                    f"(pid {info.get('pid')} on {info.get('host')}); "
                    "close it there first",
                    self.path.with_suffix(".json"),
                )
            self.held = True
            return
        raise SessionLocked("could not take the session lock", self.path)

    def _create(self, content: bytes) -> bool:
        """Create the lock file with its content in one step; False when it exists already.

        The content is written to a private file first and hard-linked into place, so no other
        opener ever sees an empty lock file (which it would take for a stale one and delete).
        """
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "wb") as fh:
                fh.write(content)
            try:
                os.link(tmp, self.path)
            except FileExistsError:
                return False
            except OSError:  # a file system without hard links: exclusive create, then write
                try:
                    fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                except FileExistsError:
                    return False
                with os.fdopen(fd, "wb") as out:
                    out.write(content)
            return True
        finally:
            tmp.unlink(missing_ok=True)

    @staticmethod
    def _stale(info: dict) -> bool:
        if info.get("host") != socket.gethostname():
            return False
        pid = info.get("pid")
        return not isinstance(pid, int) or (pid != os.getpid() and not _alive(pid))

    def release(self) -> None:
        if self.held:
            info = self.holder()
            if info and info.get("pid") == os.getpid():
                self.path.unlink(missing_ok=True)
            self.held = False
