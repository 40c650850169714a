"""Where the caches live and how a cache file proves it was written by this user's briefdesk.

A cache is a speed-up that must never change an answer, so no cache file can come from anywhere
but this tool on this account:

- **Out of the workspace.** Caches are kept under `$XDG_CACHE_HOME/briefdesk/` (else
  `~/.cache/briefdesk/`), one folder per workspace (`<folder name>-<hash of its real path>`). A
  checkout, a clone or a synced folder cannot plant one, and `git add -A` can never commit one.
- **Sealed.** Every cache file starts with an HMAC-SHA256 of its payload; the key is 32 random
  bytes made once per account (`$XDG_CACHE_HOME/briefdesk/key`, mode 0600). A file whose MAC does
  not check — planted, copied from another account, truncated, flipped — is no cache: it reads as
  absent, and the answer is a fresh parse's. Checking costs one pass of SHA-256 over the file
  (hundreds of MB/s), far less than the parse it saves.

Nothing here can fail a command: without a key (a read-only home), caches are simply off.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import shutil
import stat
import threading
from pathlib import Path

from .fileio import atomic_write

MAGIC = b"briefdesk-cache-1\n"
MAC_BYTES = 32
KEY_FILE = "key"
ROOT_FILE = "workspace"  # in each workspace's folder: the workspace's path, for pruning

_key: bytes | None = None
_key_lock = threading.Lock()


def cache_root() -> Path:
    """`$XDG_CACHE_HOME/briefdesk`, else `~/.cache/briefdesk`."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "briefdesk"


def workspace_cache_dir(root: Path) -> Path:
    """The cache folder of the workspace at `root` (not created here)."""
    real = str(root.resolve())
    digest = hashlib.blake2b(real.encode("utf-8", "surrogateescape"), digest_size=8).hexdigest()
    name = "".join(c if c.isalnum() or c in "-_." else "_" for c in root.name)[:40] or "workspace"
    return cache_root() / f"{name}-{digest}"


def _read_key(path: Path) -> bytes | None:
    """The key in `path` when it is one: a regular file of this account's, 32 bytes, readable by
    no one else."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        key = fh.read(MAC_BYTES + 1)
    if (
        len(key) != MAC_BYTES
        or not stat.S_ISREG(st.st_mode)
        or st.st_uid != os.getuid()
        or st.st_mode & 0o077
    ):
        return None
    return key


def _load_key() -> bytes | None:
    """This account's cache key, made on first use — and made again when the file is not a
    secret (readable by others, someone else's, a link, damaged), which turns every cache file
    sealed with the old one into no cache. None when no key can be kept (a read-only home)."""
    global _key
    with _key_lock:
        if _key is not None:
            return _key
        path = cache_root() / KEY_FILE
        key = _read_key(path)
        if key is None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                fresh = os.urandom(MAC_BYTES)
                tmp = path.with_name(f".{KEY_FILE}.{os.getpid()}.tmp")
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
                with os.fdopen(fd, "wb") as fh:
                    os.fchmod(fh.fileno(), 0o600)
                    fh.write(fresh)
                    fh.flush()
                    os.fsync(fh.fileno())
                os.replace(tmp, path)
            except OSError:
                return None
            key = _read_key(path)  # another process may have made its own at the same time
        _key = key
        return _key


def forget_key() -> None:
    """Read the key again on next use (tests that move `XDG_CACHE_HOME`)."""
    global _key
    with _key_lock:
        _key = None


def _mac(key: bytes, payload: bytes | memoryview) -> bytes:
    """HMAC-SHA256: OpenSSL's one-shot path, the fastest keyed hash in the standard library
    (measured 2.5x BLAKE2b on a SHA-NI machine)."""
    return hmac.digest(key, payload, "sha256")


def seal(payload: bytes) -> bytes | None:
    """The file's bytes for `payload`, or None when there is no key."""
    key = _load_key()
    if key is None:
        return None
    return MAGIC + _mac(key, payload) + payload


def unseal(data: bytes) -> memoryview | None:
    """The payload of a sealed file, or None when it was not sealed with this account's key."""
    key = _load_key()
    head = len(MAGIC) + MAC_BYTES
    if key is None or len(data) < head or not data.startswith(MAGIC):
        return None
    view = memoryview(data)
    if not hmac.compare_digest(_mac(key, view[head:]), data[len(MAGIC) : head]):
        return None
    return view[head:]


def read_sealed(path: Path, max_bytes: int) -> tuple[memoryview, os.stat_result] | None:
    """A sealed cache file's payload and stat, or None: absent, not a regular file (a FIFO would
    block, a device never end), larger than `max_bytes`, or not sealed by this account."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > max_bytes:
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(max_bytes + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    payload = unseal(data)
    return (payload, st) if payload is not None else None


def write_sealed(path: Path, payload: bytes) -> os.stat_result | None:
    """Write a sealed cache file atomically (not durably: a lost cache is rebuilt); its stat, or
    None when it could not be written (no key, a full or read-only disk)."""
    data = seal(payload)
    if data is None:
        return None
    try:
        atomic_write(path, data, durable=False)
        return path.stat()
    except OSError:
        return None


def open_cache_dir(root: Path) -> Path | None:
    """The cache folder of the workspace at `root`, made if need be; None when caches are off
    (no key, nowhere to write). A new folder records its workspace, and the folders of
    workspaces that are gone are pruned then (rare, and never on a key path)."""
    if _load_key() is None:
        return None
    folder = workspace_cache_dir(root)
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            atomic_write(folder / ROOT_FILE, str(root.resolve()).encode("utf-8", "surrogateescape"))
            prune()
    except OSError:
        return None
    return folder


def prune() -> None:
    """Delete the cache folders of workspaces that no longer exist."""
    with contextlib.suppress(OSError):
        for folder in cache_root().iterdir():
            marker = folder / ROOT_FILE
            if folder.is_symlink() or not folder.is_dir() or not marker.is_file():
                continue
            try:
                gone = not Path(marker.read_text("utf-8", "surrogateescape")).is_dir()
            except OSError:
                continue
            if gone:
                shutil.rmtree(folder, ignore_errors=True)
