"""Matching in the background: placements and duplicates arrive while the reviewer works.

Small batches match in a worker thread; from MATCH_PROCESS_ITEMS items on, in a forked child
process (in a thread it would hold the GIL for seconds, and the desk's keys would wait). Either
way the worker posts messages to the screen (`MatchingProgress`, `MatchingDone`,
`MatchingFailed`), which draws them; `post_message` is thread-safe and does not wait for the UI.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from briefdesk.core.errors import BriefdeskError
from briefdesk.core.models import ItemMatches
from briefdesk.core.review import Review
from textual import on, work
from textual.message import Message

from .drawing import ReviewDrawing

# From this many items matching runs in a forked child process; smaller batches match in a
# thread (the fork is not worth it; tests of the thread path use them).
MATCH_PROCESS_ITEMS = 500
# The child is forked once the first frame is up: forked while the screen is being laid out, it
# made the desk copy every memory page the layout wrote (measured at 3,000 items: first paint
# 0.45 s against 0.31 s with this delay). Matching a warm batch then ends that much later.
MATCH_PROCESS_DELAY = 0.3
PROGRESS_EVERY = 0.2  # seconds between progress messages


class MatchingProgress(Message):
    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class MatchingDone(Message):
    def __init__(self, matches: dict[str, ItemMatches], cites: dict[str, str]) -> None:
        super().__init__()
        self.matches = matches
        self.cites = cites


class MatchingFailed(Message):
    def __init__(self, problem: str) -> None:
        super().__init__()
        self.problem = problem


def brief_cites(review: Review, matches: dict[str, ItemMatches], language: str) -> dict[str, str]:
    """How each earlier-brief candidate is cited, for the candidates matching found (off the UI
    thread: `review.entries` is every entry of every earlier brief)."""
    wanted = {d.ref for m in matches.values() for d in m.duplicates}
    if not wanted:
        return {}
    return {e.ref: e.cite(language) for e in review.entries if e.ref in wanted}


def throttled(report: Callable[[int, int], None]) -> Callable[[int, int], None]:
    """A progress callback that passes on a few updates a second, and always the last."""
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done >= total or now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            report(done, total)

    return progress


def _match_child(send: Any, review: Review, language: str) -> None:
    """The forked matching process: progress a few times a second, then the matches and cites.
    It must never write to the desk's terminal: the streams it inherited (and whatever the
    parent had buffered in them) are set aside unflushed before anything else runs."""
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
    try:
        matches = review.match(throttled(lambda d, t: send.send(("progress", d, t))))
        send.send(("done", matches, brief_cites(review, matches, language)))
    except BriefdeskError as exc:
        send.send(("failed", str(exc)))
    except BaseException as exc:  # reported in the desk, never a traceback on its terminal
        send.send(("failed", f"{type(exc).__name__}: {exc}"))
    finally:
        send.close()


class MatchingMixin(ReviewDrawing):
    def start_matching_job(self) -> None:
        if len(self.review.items) >= MATCH_PROCESS_ITEMS:
            self.set_timer(MATCH_PROCESS_DELAY, self.run_matching)
        else:
            self.run_matching()

    def stop_matching_job(self) -> None:
        child = self.match_child
        if child is not None and child.is_alive():
            child.terminate()  # the one process this screen started; its worker thread then ends

    @work(thread=True, exclusive=True, group="matching")
    def run_matching(self) -> None:
        progress = throttled(lambda done, total: self.post_message(MatchingProgress(done, total)))
        if (
            len(self.review.items) >= MATCH_PROCESS_ITEMS
            and "fork" in multiprocessing.get_all_start_methods()
        ):
            self.match_in_process(progress)
            return
        try:
            matches = self.review.match(progress)
            cites = brief_cites(self.review, matches, self.language)
        except BriefdeskError as exc:
            self.post_message(MatchingFailed(str(exc)))
        except Exception as exc:  # a bug in matching must not take the desk down
            self.post_message(MatchingFailed(f"{type(exc).__name__}: {exc}"))
        else:
            self.post_message(MatchingDone(matches, cites))

    def match_in_process(self, progress: Callable[[int, int], None]) -> None:
        """Match in a forked child (it has the parsed batch already, and the match cache under
        `.briefdesk/cache` makes it cheap on a warm start); this worker thread only waits on the
        pipe, so the UI keeps the GIL. The child is ended if the screen goes away first."""
        ctx = multiprocessing.get_context("fork")
        receive, send = ctx.Pipe(duplex=False)
        child = ctx.Process(
            target=_match_child, args=(send, self.review, self.language), daemon=True
        )
        child.start()
        send.close()
        self.match_child = child
        outcome: tuple[Any, ...] | None = None
        try:
            while outcome is None:
                message = receive.recv()
                if message[0] == "progress":
                    progress(message[1], message[2])
                else:
                    outcome = message
        except (EOFError, OSError):
            pass
        finally:
            receive.close()
            child.join(timeout=5)
            self.match_child = None
        if outcome is None:
            problem = f"the matching process ended (exit code {child.exitcode})"
            self.post_message(MatchingFailed(problem))
        elif outcome[0] == "done":
            self.post_message(MatchingDone(outcome[1], outcome[2]))
        else:
            self.post_message(MatchingFailed(outcome[1]))

    @on(MatchingProgress)
    def _matching_progress(self, event: MatchingProgress) -> None:
        if self.matches is None:
            self.progress = (event.done, event.total)
            self.draw_status()

    @on(MatchingFailed)
    def _matching_failed(self, event: MatchingFailed) -> None:
        self.match_problem = event.problem
        self.matches = {}
        self.refresh_all()

    @on(MatchingDone)
    def _matched(self, event: MatchingDone) -> None:
        self.matches = event.matches
        self.brief_cites = event.cites
        self.refresh_all()
