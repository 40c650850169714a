"""Faults around the session (docs/reliability.md): a full or read-only session folder, two
instances.

A full disk is an injected writer raising ENOSPC (`Session._writer`) and, for real, a file-size
limit (RLIMIT_FSIZE: the kernel refuses the write with EFBIG) in a child process. A read-only
folder is, for real and even as root, a plain file where the `sessions` folder should be; when not
running as root also a chmod 0o555 folder. In each: a clear `save_error`, the decisions kept in
memory, and every one of them on disk once saving works again. Already covered elsewhere, not
repeated here: tests/unit/test_session.py::test_failed_save_keeps_decisions_and_retries,
::test_second_opener_is_told_who_holds_the_session,
::test_stale_lock_of_a_dead_process_is_taken_over, and the desk's status line,
tests/tui/test_behaviour.py::test_save_error_is_shown_and_decisions_kept.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from briefdesk.core.errors import BriefdeskError, SessionLocked
from briefdesk.core.review.load import Review, load_review
from briefdesk.core.review.session import Session
from briefdesk.core.review.sessionfile import SessionData
from briefdesk.core.workspace.layout import Workspace
from hostile_helpers import (
    DEMO_BATCH,
    ROOT,
    diff,
    run_cli,
    run_main,
    snapshot,
)


def _review(ws: Path) -> Review:
    return load_review(Workspace.open(ws), DEMO_BATCH)


def _on_disk(review: Review) -> SessionData:
    return SessionData.model_validate_json(review.session_path().read_bytes())


def _decide(session: Session, refs: list[str]) -> None:
    """A few of every kind of change, all made while saving fails."""
    session.include(refs[5])
    session.exclude(refs[6], "weak-evidence")
    session.mark_duplicate(refs[7], refs[8])
    session.add_note(refs[5], "写于磁盘已满时")
    session.merge(refs[9], refs[5])
    session.move(refs[5], -1)


def test_full_disk_keeps_every_decision_and_saves_them_when_space_returns(ws: Path) -> None:
    review = _review(ws)
    refs = [i.ref for i in review.items]
    with review.open_session() as session:
        before = _on_disk(review)
        full = {"on": True}
        real = session._writer

        def writer(path: Path, payload: bytes) -> None:
            if full["on"]:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            real(path, payload)

        session._writer = writer
        _decide(session, refs)
        assert session.save_error is not None
        assert session.save_error.startswith(f".briefdesk/sessions/{DEMO_BATCH}.json: ")  # as named
        assert str(review.session_path()) not in session.save_error  # (not the absolute path)
        assert (
            "No space left on device" in session.save_error
            and "kept in memory" in session.save_error
        )
        assert _on_disk(review) == before  # the old file is intact, not half-written
        in_memory = session.data.model_copy(deep=True)
        assert session.decision(refs[6]).reason == "weak-evidence"
        assert not session.retry_save()  # still full: still an error, still in memory
        full["on"] = False
        assert session.retry_save() and session.save_error is None
        assert _on_disk(review) == in_memory
        assert session.undo()  # undo still covers the changes made while the disk was full
        assert _on_disk(review) == session.data


def test_space_returning_is_noticed_by_the_next_change(ws: Path) -> None:
    review = _review(ws)
    refs = [i.ref for i in review.items]
    with review.open_session() as session:
        real = session._writer
        session._writer = lambda path, payload: (_ for _ in ()).throw(
            OSError(errno.ENOSPC, "No space left on device")
        )
        _decide(session, refs)
        session._writer = real
        session.include(refs[10])  # the next change saves the whole state, earlier ones included
        assert session.save_error is None
        disk = _on_disk(review)
        assert (
            disk.decisions == session.data.decisions
            and disk.decisions[refs[7]].duplicate_of == refs[8]
        )


def test_sessions_folder_turned_into_a_file_is_a_save_error_then_recovers(ws: Path) -> None:
    """Read-only for real, even as root: the folder is replaced by a plain file mid-review."""
    review = _review(ws)
    refs = [i.ref for i in review.items]
    folder = review.session_path().parent
    with review.open_session() as session:
        moved = folder.with_name("sessions.away")
        folder.rename(moved)
        folder.write_text("not a folder\n")
        _decide(session, refs)
        assert session.save_error and "cannot save" in session.save_error
        in_memory = session.data.model_copy(deep=True)
        folder.unlink()
        moved.rename(folder)
        assert session.retry_save()
        assert _on_disk(review) == in_memory


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a 0o555 folder anyway")
def test_read_only_sessions_folder(ws: Path) -> None:
    review = _review(ws)
    refs = [i.ref for i in review.items]
    folder = review.session_path().parent
    with review.open_session() as session:
        folder.chmod(0o555)
        try:
            _decide(session, refs)
            assert session.save_error and "Permission denied" in session.save_error
        finally:
            folder.chmod(0o755)
        assert session.retry_save()
        assert _on_disk(review) == session.data


FSIZE_CHILD = textwrap.dedent("""
    import json, resource, signal, sys
    sys.path.insert(0, sys.argv[2])
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace
    review = load_review(Workspace.open(sys.argv[1]), "2026-11-03-e627b203")
    refs = [i.ref for i in review.items]
    session = review.open_session()
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, hard))
    session.include(refs[5]); session.exclude(refs[6], "off-topic"); \
session.add_note(refs[5], "x" * 100)
    error = session.save_error
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    ok = session.retry_save()
    print(json.dumps({"error": error, "retry": ok, "state": session.data.model_dump(mode="json")}))
    session.close()
""")


def test_real_write_failure_from_the_kernel(ws: Path) -> None:
    """RLIMIT_FSIZE makes the kernel refuse the session write (EFBIG), as a quota would."""
    proc = subprocess.run(
        [sys.executable, "-c", FSIZE_CHILD, str(ws), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["error"] and "File too large" in result["error"]
    assert result["retry"] is True
    review = _review(ws)
    assert _on_disk(review).model_dump(mode="json") == result["state"]
    assert not list(review.session_path().parent.glob("*.tmp")) and not list(
        review.session_path().parent.glob(".*.tmp")
    )


# -- a state folder that cannot be made at all ----------------------------------------------------


def test_briefdesk_path_taken_by_a_file(ws: Path, capsys) -> None:
    """`.briefdesk` is a file: opening the session for review refuses in one line; scan and build
    still work, writing nothing into the workspace (caches live outside it; commit needs no state
    folder)."""
    (ws / ".briefdesk").write_text("in the way\n")
    before = snapshot(ws)
    with pytest.raises(BriefdeskError, match=r"\.briefdesk.*cannot create"):
        _review(ws).open_session()
    code, out, err = run_main(capsys, "scan", "-w", str(ws), "-b", DEMO_BATCH, "--json")
    assert code == 0 and json.loads(out)["items"], err
    code, out, err = run_main(capsys, "build", "-w", str(ws), "-b", DEMO_BATCH)
    assert code == 0 and "一、" in out, err
    assert diff(before, snapshot(ws)) == []


def test_sessions_path_taken_by_a_file_at_open(ws: Path) -> None:
    (ws / ".briefdesk").mkdir()
    (ws / ".briefdesk" / "sessions").write_text("in the way\n")
    with pytest.raises(BriefdeskError, match=r"sessions.*cannot take the session lock"):
        _review(ws).open_session()


# -- two instances ---------------------------------------------------------------------------------

HOLDER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, sys.argv[2])
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace
    session = load_review(Workspace.open(sys.argv[1]), "2026-11-03-e627b203").open_session()
    print("holding", flush=True)
    time.sleep(120)
""")


def test_second_process_is_told_pid_and_host_then_takes_over_when_the_holder_dies(ws: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(ws), str(ROOT)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        second = subprocess.run(
            [sys.executable, "-c", HOLDER, str(ws), str(ROOT)], capture_output=True, text=True
        )
        assert second.returncode != 0
        assert (
            f"pid {holder.pid} on {socket.gethostname()}" in second.stderr
            and "close it there first" in second.stderr
        )
        for command in ("build", "commit"):  # reading the saved decisions needs no lock
            proc = run_cli(
                command,
                "-w",
                str(ws),
                "-b",
                DEMO_BATCH,
                *(["--allow-undecided"] if command == "commit" else []),
            )
            assert proc.returncode == 0, proc.stderr
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    review = _review(ws)
    with review.open_session() as session:  # the dead holder's lock is taken over
        session.include(review.items[5].ref)
        assert (
            json.loads(review.session_path().with_suffix(".lock").read_text())["pid"] == os.getpid()
        )
    assert not review.session_path().with_suffix(".lock").exists()


@pytest.mark.parametrize("holder", ["another host", "a reused pid", "the opener's own pid"])
def test_a_lock_file_nobody_holds_is_taken_over_whatever_it_names(ws: Path, holder: str) -> None:
    """The kernel holds the lock (flock), not the file's text: a lock file left by a killed
    process, committed to git or synced from another machine blocks nobody, whatever pid and host
    it names — another machine's, a live process's (a pid reused since), the opener's own."""
    review = _review(ws)
    lock = review.session_path().with_suffix(".lock")
    lock.parent.mkdir(parents=True)
    named = {
        "another host": {"pid": 999_999_999, "host": "other-machine.example"},
        "a reused pid": {"pid": 1, "host": socket.gethostname()},
        "the opener's own pid": {"pid": os.getpid(), "host": socket.gethostname()},
    }[holder]
    lock.write_text(json.dumps(named))
    with review.open_session() as session:
        session.include(review.items[0].ref)
        assert json.loads(lock.read_text())["pid"] == os.getpid()
    assert not lock.exists()


def test_a_live_holder_is_named_with_its_lock_file(ws: Path) -> None:
    """A second opener while a process holds the session: told the holder's pid and host and
    the lock file, and the file's text cannot make it take the lock (it is the kernel's)."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(ws), str(ROOT)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        lock = _review(ws).session_path().with_suffix(".lock")
        lock.write_text(json.dumps({"pid": 999_999_999, "host": "forged.example"}))  # lies
        with pytest.raises(SessionLocked, match=r"forged\.example; lock file .*\.lock\)"):
            _review(ws).open_session()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    with _review(ws).open_session():
        pass


FORKING_HOLDER = textwrap.dedent("""
    import os, sys, time
    sys.path.insert(0, sys.argv[2])
    from briefdesk.core.review.load import load_review
    from briefdesk.core.workspace.layout import Workspace
    session = load_review(Workspace.open(sys.argv[1]), "2026-11-03-e627b203").open_session()
    child = os.fork()
    if child == 0:  # a forked worker (the desk's matching process) that outlives its parent
        time.sleep(120)
        os._exit(0)
    print(child, flush=True)
    time.sleep(120)
""")


def test_a_forked_child_does_not_keep_the_lock_of_a_killed_parent(ws: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", FORKING_HOLDER, str(ws), str(ROOT)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None
    child = int(holder.stdout.readline())
    try:
        with pytest.raises(SessionLocked):
            _review(ws).open_session()
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        os.kill(child, 0)  # still alive, holding a copy of every descriptor but the lock's
        with _review(ws).open_session():
            pass
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signal.SIGKILL)
        holder.kill()
        holder.wait()


def test_empty_or_garbage_lock_file_is_taken_over(ws: Path) -> None:
    """A lock file without pid and host (or not JSON) is held by nobody: taken."""
    review = _review(ws)
    lock = review.session_path().with_suffix(".lock")
    lock.parent.mkdir(parents=True)
    lock.write_bytes(b"")
    with review.open_session():
        assert json.loads(lock.read_text())["pid"] == os.getpid()


def test_many_openers_at_once_exactly_one_wins(ws: Path) -> None:
    """Eight processes open the same session at the same moment: one holds it, seven are told
    who."""
    script = textwrap.dedent("""
        import sys, time
        sys.path.insert(0, sys.argv[2])
        from briefdesk.core.errors import SessionLocked
        from briefdesk.core.review.load import load_review
        from briefdesk.core.workspace.layout import Workspace
        review = load_review(Workspace.open(sys.argv[1]), "2026-11-03-e627b203")
        while time.time() < float(sys.argv[3]):
            time.sleep(0.001)
        try:
            session = review.open_session()
        except SessionLocked as exc:
            print("locked", exc, flush=True)
            sys.exit(0)
        print("won", flush=True)
        sys.stdin.read()  # hold the session until the test has heard from everyone
        session.close()
    """)
    go = time.time() + 2.0
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(ws), str(ROOT), str(go)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(8)
    ]
    try:
        firsts = [p.stdout.readline() for p in procs if p.stdout is not None]
    finally:
        for p in procs:
            if p.stdin is not None:
                p.stdin.close()
        for p in procs:
            p.wait(timeout=60)
            if p.stdout is not None:
                p.stdout.close()
    assert sum(o.startswith("won") for o in firsts) == 1, firsts
    assert sum(o.startswith("locked") for o in firsts) == 7, firsts
    assert not (ws / ".briefdesk" / "sessions" / f"{DEMO_BATCH}.lock").exists()
