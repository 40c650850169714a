"""Files in and out: one way to read (one error style), one atomic write, one write of a pair.

Reading: `read_bytes` / `read_text` / `decode_utf8` open without blocking, take only a regular
file of bounded size (checked on the open descriptor: a FIFO, a device, a link loop is refused,
never waited on), and turn every failure into one `BriefdeskError`
naming the file (`file not found`, `not UTF-8 (invalid byte 0xbd at offset 112)`, `binary file
(NUL byte at offset 8)`), which the command line prints as its one error line.

Writing: `atomic_write` leaves the target either as it was or holding the new bytes, never half:
a temp file in the same folder, flushed (and with `durable`, fsynced), renamed over the target,
the folder fsynced. It is the one writer of sessions, caches and the tool's records; temp files
are named `.<name>.<pid>.<random>.tmp`, so `remove_temp_files` finds what a killed process left.

A pair (the brief and its sidecar) cannot be renamed into place in one step, so `write_together`
journals it: both temp files are written and fsynced in a staging folder the user never sees
(the caller's: briefdesk uses one in the git directory), then a journal naming them, then the
renames, then the journal goes. A failure while writing (a full disk) removes every temp file
and says which file failed: neither target changed. A kill before the journal is on disk leaves
only temp files, which `recover_together` deletes (neither); a kill after it leaves a journal,
which `recover_together` finishes (both). Whoever writes a pair calls `recover_together` first.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import secrets
import stat
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from ..errors import BriefdeskError

Writer = Callable[[BinaryIO], None]
JOURNAL = "journal.json"

# -- reading ------------------------------------------------------------------------------------


# The largest file the tool reads. A material of a 2,000,000-character line is ~6 MB; a file ten
# times that is no collector's output, and reading it whole could cost the machine its memory.
MAX_READ_BYTES = 64 * 1024 * 1024

_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.0f} MB" if size >= 1024 * 1024 else f"{size} bytes"


def open_regular(path: Path, display: str | Path, *, limit: int = MAX_READ_BYTES) -> int:
    """An open descriptor of `path`, which must be a regular file of at most `limit` bytes.

    Opened without blocking (a FIFO with no writer would block `open` for ever), then checked
    with `fstat` on the descriptor itself, so what is checked is what is read (a `stat` before
    the `open` could be raced by a rename). Anything else is one error naming the file: not
    found, a dangling link, a link loop, a folder, a FIFO, a device, a socket, too large."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY)
    except FileNotFoundError:
        if os.path.islink(path):
            raise BriefdeskError(
                f"is a link to {os.readlink(path)}, which does not exist", display
            ) from None
        raise BriefdeskError("file not found", display) from None
    except IsADirectoryError:
        raise BriefdeskError("is a folder, not a file", display) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise BriefdeskError(
                "is a symlink loop (a link that leads back to itself)", display
            ) from None
        raise BriefdeskError(f"cannot read: {exc.strerror}", display) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise BriefdeskError("is a folder, not a file", display)
        for test, kind in _KINDS:
            if test(st.st_mode):
                raise BriefdeskError(f"is {kind}, not a regular file", display)
        if not stat.S_ISREG(st.st_mode):
            raise BriefdeskError("is not a regular file", display)
        if st.st_size > limit:
            raise BriefdeskError(
                f"is too large ({_megabytes(st.st_size)}; at most {_megabytes(limit)})", display
            )
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bytes(path: Path, display: str | Path, *, limit: int = MAX_READ_BYTES) -> bytes:
    """A regular file's bytes (`open_regular`: never blocks, never more than `limit`); a file
    that cannot be read is one error naming it."""
    fd = open_regular(path, display, limit=limit)
    try:
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while True:  # bounded even when the file grows while it is read
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise BriefdeskError(f"is too large (more than {_megabytes(limit)})", display)
    except OSError as exc:
        raise BriefdeskError(f"cannot read: {exc.strerror}", display) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_text(path: Path, display: str | Path) -> str:
    """Read a UTF-8 file; a decode error names the byte offset (GBK files are the usual case)."""
    return decode_utf8(read_bytes(path, display), display)


def decode_utf8(data: bytes, display: str | Path) -> str:
    """UTF-8 text, refusing NUL bytes (a binary file) and naming the first bad byte."""
    nul = data.find(b"\x00")
    if nul >= 0:
        raise BriefdeskError(f"binary file (NUL byte at offset {nul})", display)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BriefdeskError(
            f"not UTF-8 (invalid byte 0x{data[exc.start]:02x} at offset {exc.start})", display
        ) from None


def sha256_file(path: Path) -> str | None:
    """The sha256 of a file's bytes, None when it cannot be read (absent, a folder ...)."""
    try:
        return hashlib.sha256(read_bytes(path, path)).hexdigest()
    except BriefdeskError:
        return None


# -- one file, atomically -----------------------------------------------------------------------


def temp_name(path: Path, folder: Path | None = None) -> Path:
    """A private temp name for `path` (in `folder`, else beside it): `.<name>.<pid>.<rnd>.tmp`."""
    return (folder or path.parent) / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"


def remove_temp_files(path: Path) -> None:
    """Temp files of `atomic_write` left beside `path` by a killed process. The caller must be
    the only writer of `path` (it holds its lock), or it may remove another writer's temp file."""
    with contextlib.suppress(OSError):
        for tmp in path.parent.glob(f".{path.name}.*.tmp"):
            tmp.unlink(missing_ok=True)


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable; a folder that cannot be opened is left to the OS."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temp(tmp: Path, data: bytes | Writer, durable: bool) -> None:
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    with os.fdopen(fd, "wb") as fh:
        if isinstance(data, bytes | bytearray | memoryview):
            fh.write(data)
        else:
            data(fh)
        fh.flush()
        if durable:
            os.fsync(fh.fileno())


@contextlib.contextmanager
def writes_to(path: Path) -> Iterator[None]:
    """An OSError while writing `path` (a full disk, a quota) is one line naming it: the
    kernel's own words ("No space left on device") never say which file."""
    try:
        yield
    except OSError as exc:
        if isinstance(exc, BriefdeskError):
            raise
        raise BriefdeskError(f"cannot write ({exc.strerror or exc})", path) from None


def atomic_write(
    path: Path, data: bytes | Writer, *, durable: bool = True, make_parents: bool = True
) -> None:
    """Write `data` (bytes, or a function writing to the open file) so that `path` is always the
    old or the new file, never half. `durable`: fsync the file and the folder (sessions, briefs);
    caches, which can always be rebuilt, skip it. The temp file never outlives a failure."""
    if make_parents:
        path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_name(path)
    try:
        _write_temp(tmp, data, durable)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise
    if durable:
        fsync_folder(path.parent)


def create_new(path: Path, data: bytes) -> None:
    """Write a file that must not exist yet, never half: the temp file is linked into place,
    and a link, unlike a rename, never replaces a file (FileExistsError if there is one)."""
    tmp = temp_name(path)
    try:
        _write_temp(tmp, data, durable=True)
        os.link(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
    fsync_folder(path.parent)


# -- a pair of files, both or neither ------------------------------------------------------------


class WriteFailed(BriefdeskError):
    """A file of a pair could not be written; nothing of the pair was changed."""


def _same_device(a: Path, b: Path) -> bool:
    try:
        return os.stat(a).st_dev == os.stat(b).st_dev
    except OSError:
        return False


def _temp_path(base: Path, staging: Path, entry: dict) -> Path:
    """Where a journal entry's temp file is: in staging, or beside its target."""
    folder = staging if entry["in"] == "staging" else (base / entry["target"]).parent
    return folder / entry["temp"]


def _discard(temps: Sequence[Path]) -> None:
    for tmp in temps:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


def write_together(
    base: Path, files: Sequence[tuple[str, bytes]], staging: Path
) -> list[tuple[str, str]]:
    """Write every `(path relative to base, bytes)` so that a failure or a kill leaves all of them
    as they were or all new (see the module docstring); returns `(path, sha256)` of each. Renamed
    in the order given: put the file that proves ownership (the sidecar) first.

    `staging` must be private to the writer (the caller holds a lock over it) and should be on
    the targets' file system; a target on another one gets its temp file beside it instead.
    A write that fails raises `WriteFailed` naming the file; nothing of the pair is changed."""
    staging.mkdir(parents=True, exist_ok=True)
    entries: list[dict] = []
    temps: list[Path] = []
    for rel, payload in files:
        target = base / rel
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise WriteFailed(
                f"cannot write {rel}: cannot make its folder ({exc.strerror or exc}); "
                "nothing was changed"
            ) from None
        where = "staging" if _same_device(staging, target.parent) else "beside"
        entry = {
            "target": rel,
            "temp": temp_name(target).name,
            "in": where,
            "sha256": hashlib.sha256(payload).hexdigest(),
        }
        entries.append(entry)
        temps.append(_temp_path(base, staging, entry))

    failures: dict[int, OSError] = {}

    def write(i: int) -> None:
        try:
            _write_temp(temps[i], files[i][1], durable=True)
        except OSError as exc:
            failures[i] = exc

    # each write waits on its fsync, which releases the GIL: the files are written side by side
    threads = [threading.Thread(target=write, args=(i,)) for i in range(1, len(files))]
    for thread in threads:
        thread.start()
    write(0)
    for thread in threads:
        thread.join()
    if failures:
        _discard(temps)
        i = min(failures)
        others = [rel for j, (rel, _) in enumerate(files) if j != i]
        kept = f" ({', '.join(others)} not written either)" if others else ""
        raise WriteFailed(
            f"cannot write {files[i][0]} ({failures[i].strerror or failures[i]}); "
            f"nothing was changed{kept}"
        )
    try:
        atomic_write(
            staging / JOURNAL, json.dumps({"files": entries}).encode("utf-8"), make_parents=False
        )
    except OSError as exc:
        _discard(temps)
        raise WriteFailed(
            f"cannot write the journal {staging / JOURNAL} ({exc.strerror or exc}); "
            "nothing was changed"
        ) from None
    _finish(base, staging, entries)
    return [(e["target"], e["sha256"]) for e in entries]


def _finish(base: Path, staging: Path, entries: list[dict]) -> None:
    """Rename every temp file of a complete journal into place, then drop the journal."""
    folders: set[Path] = set()
    for entry in entries:
        tmp, target = _temp_path(base, staging, entry), base / entry["target"]
        try:
            os.replace(tmp, target)
        except FileNotFoundError:
            if not tmp.exists():
                continue  # renamed before a kill
            raise
        except OSError as exc:
            if exc.errno != errno.EXDEV:  # the staging folder moved to another file system
                raise
            atomic_write(target, tmp.read_bytes())
            tmp.unlink(missing_ok=True)
        folders.add(target.parent)
    for folder in folders:
        fsync_folder(folder)
    (staging / JOURNAL).unlink(missing_ok=True)
    fsync_folder(staging)


def _plausible(entry: dict[str, str]) -> bool:
    """A journal entry `write_together` could have written: a relative target inside the base,
    a temp file's bare name, a sha256."""
    target = Path(entry["target"])
    return (
        bool(entry["target"])
        and not target.is_absolute()
        and ".." not in target.parts
        and "/" not in entry["temp"]
        and entry["temp"].startswith(".")
        and entry["temp"].endswith(".tmp")
        and entry["in"] in ("staging", "beside")
        and len(entry["sha256"]) == 64
    )


def recover_together(
    base: Path, staging: Path, targets: Sequence[str] = ()
) -> list[tuple[str, str]]:
    """Finish or undo a `write_together` that a kill interrupted; returns `(path, sha256)` of the
    files it finished.

    A complete journal is finished (every file takes its new bytes); temp files without one are
    deleted (every file keeps its old bytes), in `staging` and beside each of `targets`."""
    finished: list[tuple[str, str]] = []
    journal = staging / JOURNAL
    try:
        raw = json.loads(journal.read_bytes())
        entries = [{k: str(e[k]) for k in ("target", "temp", "in", "sha256")} for e in raw["files"]]
    except FileNotFoundError:
        entries = []
    except (OSError, ValueError, KeyError, TypeError):
        entries = [{"target": "", "temp": "", "in": "", "sha256": ""}]  # not plausible: dropped
    if not all(_plausible(e) for e in entries):
        entries = []
        journal.unlink(missing_ok=True)  # not one of ours: the temp files go below
    if entries:
        if any(_temp_path(base, staging, e).is_file() for e in entries):
            _finish(base, staging, entries)
        else:
            journal.unlink(missing_ok=True)  # every rename was done, the kill came after
        finished = [
            (e["target"], e["sha256"])
            for e in entries
            if sha256_file(base / e["target"]) == e["sha256"]
        ]
    with contextlib.suppress(OSError):
        for leftover in staging.glob(".*.tmp"):
            leftover.unlink(missing_ok=True)
    for rel in targets:
        remove_temp_files(base / rel)
    return finished
