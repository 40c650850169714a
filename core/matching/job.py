"""Matching as a job with progress: in this process, or in a forked child that cannot outlive us.

`scan` runs it in its own process; the desk runs it from a worker thread, in a forked child for big
batches (FORK_ITEMS and more): in a thread, tokenising thousands of texts holds the GIL for seconds
and the desk's keys would wait for it. A forked child has the parsed batch already; it sends
progress a few times a second and then the answer, through a pipe the waiting thread reads.

The child must never outlive the process that forked it, whatever happens to that process (a
SIGKILL gives it no chance to clean up): on Linux the child asks the kernel to SIGKILL it when its
parent goes (`prctl(PR_SET_PDEATHSIG)`; the parent is the *thread* that forked, which waits on the
pipe for the child's whole life), and everywhere it checks that its parent is still the one that
forked it — right after the prctl (the parent may have died before it) and then twice a second
from a watchdog thread. A write to the pipe once the reader is gone ends it too.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import BriefdeskError
from ..model.values import ItemMatches
from .answer import Answer

if TYPE_CHECKING:
    from ..claims import Conflict
    from ..review.load import Review

FORK_ITEMS = 500  # from this many items the desk matches in a forked child
PROGRESS_EVERY = 0.2  # seconds between progress reports
WATCH_EVERY = 0.5  # seconds between the child's checks that its parent lives
_PR_SET_PDEATHSIG = 1

Progress = Callable[[int, int], None]


class MatchFailed(Exception):
    """Matching did not give an answer; the message says why, in one line."""


@dataclass
class Outcome:
    """The answer: matches per item ref, how each earlier-brief candidate is cited, and the
    claims that disagree (`core.claims`: they read every earlier brief too, so they are computed
    in the same job, off any UI thread)."""

    matches: Mapping[str, ItemMatches]
    cites: dict[str, str] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)


def brief_cites(
    review: Review, matches: Mapping[str, ItemMatches], language: str
) -> dict[str, str]:
    """How each earlier-brief candidate is cited (`2026-11-01 E1 简报第 5 条`), for the candidates
    matching found. Reads every entry: never on a UI thread."""
    if isinstance(matches, Answer):
        wanted = matches.candidate_refs()
    else:
        wanted = {d.ref for m in matches.values() for d in m.duplicates}
    if not wanted:
        return {}
    return {e.ref: e.cite(language) for e in review.entries if e.ref in wanted}


def die_with_parent(parent: int) -> None:
    """In a forked child: be killed when `parent` (the forking thread's process) goes."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError, TypeError):
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it died before the prctl took effect
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(WATCH_EVERY)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _throttled(send: Callable[[int, int], None]) -> Progress:
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done >= total or now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            send(done, total)

    return progress


def _child(
    send: Any,
    review: Review,
    language: str,
    dismissed: Collection[tuple[str, str]],
    cache: bool,
    parent: int,
) -> None:
    """The forked matching process. It must never write to the desk's terminal: the streams it
    inherited (and whatever the parent had buffered in them) are set aside unflushed first."""
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
    die_with_parent(parent)
    try:
        progress = _throttled(lambda d, t: send.send(("progress", d, t)))
        matches = review.match(progress, dismissed=dismissed, cache=cache)
        cites = brief_cites(review, matches, language)
        send.send(("done", matches, cites, review.conflicts(cache=cache)))
    except BriefdeskError as exc:
        send.send(("failed", str(exc)))
    except BaseException as exc:  # reported by the parent, never a traceback on its terminal
        with contextlib.suppress(BaseException):
            send.send(("failed", f"{type(exc).__name__}: {exc}"))
    finally:
        with contextlib.suppress(BaseException):
            send.close()


class MatchJob:
    """One matching run of a review: `run()` blocks until the answer; `cancel()` from another
    thread ends a forked child (the run then fails with MatchFailed)."""

    def __init__(
        self,
        review: Review,
        language: str = "zh",
        *,
        dismissed: Collection[tuple[str, str]] = (),
        fork: bool | None = None,
        cache: bool = True,
    ) -> None:
        self.review = review
        self.cache = cache
        self.language = language
        self.dismissed = dismissed
        can_fork = "fork" in multiprocessing.get_all_start_methods()
        self.fork = can_fork and (len(review.items) >= FORK_ITEMS if fork is None else fork)
        self.child: multiprocessing.process.BaseProcess | None = None
        self._cancelled = False

    def run(self, progress: Progress | None = None) -> Outcome:
        """The answer; BriefdeskError for bad input (a brief that does not parse), MatchFailed
        for anything else."""
        report = _throttled(progress) if progress else None
        if self.fork:
            return self._forked(report)
        try:
            matches = self.review.match(report, dismissed=self.dismissed, cache=self.cache)
            cites = brief_cites(self.review, matches, self.language)
            return Outcome(matches, cites, self.review.conflicts(cache=self.cache))
        except BriefdeskError:
            raise
        except Exception as exc:  # a bug in matching must not take the desk down
            raise MatchFailed(f"{type(exc).__name__}: {exc}") from exc

    def cancel(self) -> None:
        self._cancelled = True
        child = self.child
        if child is not None and child.is_alive():
            child.terminate()

    def _forked(self, progress: Progress | None) -> Outcome:
        ctx = multiprocessing.get_context("fork")
        receive, send = ctx.Pipe(duplex=False)
        child = ctx.Process(
            target=_child,
            args=(send, self.review, self.language, self.dismissed, self.cache, os.getpid()),
            daemon=True,
        )
        child.start()
        send.close()
        self.child = child
        outcome: tuple[Any, ...] | None = None
        try:
            while outcome is None and not self._cancelled:
                message = receive.recv()
                if message[0] == "progress":
                    if progress:
                        progress(message[1], message[2])
                else:
                    outcome = message
        except (EOFError, OSError):
            pass
        finally:
            receive.close()
            if child.is_alive() and (outcome is None or self._cancelled):
                child.terminate()
            child.join(timeout=5)
            self.child = None
        if outcome is None:
            raise MatchFailed(f"the matching process ended (exit code {child.exitcode})")
        if outcome[0] == "done":
            return Outcome(outcome[1], outcome[2], outcome[3])
        raise MatchFailed(outcome[1])
