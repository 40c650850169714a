"""Matching in the background: placements and duplicates arrive while the reviewer works.

The job is core's (`core.matching.job.MatchJob`, which `scan` runs too): small batches match in
this worker thread; from MATCH_PROCESS_ITEMS items on, in a forked child process that cannot
outlive the desk (in a thread it would hold the GIL for seconds, and the desk's keys would wait).
Either way the worker posts messages to the screen (`MatchingProgress`, `MatchingDone`,
`MatchingFailed`), which hands them to this controller; `post_message` is thread-safe and does
not wait for the UI.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from briefdesk.core.claims import Conflict
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.matching.job import FORK_ITEMS, MatchFailed, MatchJob
from briefdesk.core.model.values import ItemMatches
from briefdesk.core.review.load import Review
from textual.message import Message

from .base import Controller

if TYPE_CHECKING:
    from .screen import ReviewScreen

# From this many items matching runs in a forked child process; smaller batches match in a
# thread (the fork is not worth it; tests of the thread path use them).
MATCH_PROCESS_ITEMS = FORK_ITEMS
# The child is forked this long after the first frame is up (`ReviewScreen.first_frame`): forked
# while the screen is being laid out, it made the desk copy every memory page the layout wrote
# (measured at 3,000 items: first paint 0.45 s against 0.31 s with this delay). Matching a warm
# batch then ends that much later.
MATCH_PROCESS_DELAY = 0.3


class MatchingProgress(Message):
    def __init__(self, done: int, total: int, review: Review | None = None) -> None:
        super().__init__()
        self.done = done
        self.total = total
        self.review = review  # what was matched: an answer for a review since re-read is dropped


class MatchingDone(Message):
    def __init__(
        self,
        matches: Mapping[str, ItemMatches],
        cites: dict[str, str],
        conflicts: list[Conflict] | None = None,
        review: Review | None = None,
    ) -> None:
        super().__init__()
        self.matches = matches
        self.cites = cites
        self.conflicts = conflicts or []
        self.review = review


class MatchingFailed(Message):
    def __init__(self, problem: str, review: Review | None = None) -> None:
        super().__init__()
        self.problem = problem
        self.review = review


class Matching(Controller):
    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__(screen)
        self.job: MatchJob | None = None

    def after_first_frame(self) -> bool:
        """A big batch's process is forked after the screen's first frame (`start` is called
        then); a small batch matches in a thread from the mount."""
        return len(self.view.review.items) >= MATCH_PROCESS_ITEMS

    def start(self) -> None:
        if self.after_first_frame():
            self.screen.set_timer(MATCH_PROCESS_DELAY, self.run)
        else:
            self.run()

    def stop(self) -> None:
        job = self.job
        if job is not None:
            job.cancel()  # the one process this screen started; its worker thread then ends

    def run(self) -> None:
        self.screen.run_worker(self.match, thread=True, exclusive=True, group="matching")

    def match(self) -> None:
        """Placements, duplicates and the claims that disagree, off the UI thread. The messages
        say which review they answer: the desk may have read the batch again since."""
        review = self.view.review
        post = self.screen.post_message
        fork = len(review.items) >= MATCH_PROCESS_ITEMS
        job = self.job = MatchJob(review, self.view.language, fork=fork)

        def report(done: int, total: int) -> None:
            post(MatchingProgress(done, total, review))

        try:
            outcome = job.run(report)
        except (BriefdeskError, MatchFailed) as exc:
            post(MatchingFailed(str(exc), review))
        else:
            post(MatchingDone(outcome.matches, outcome.cites, outcome.conflicts, review))
        finally:
            if self.job is job:
                self.job = None

    def stale(self, review: Review | None) -> bool:
        """An answer for a review the desk has read again since (a file changed on disk)."""
        return review is not None and review is not self.view.review

    def progress(self, event: MatchingProgress) -> None:
        if self.view.matches is None and not self.stale(event.review):
            self.screen.match_progress = (event.done, event.total)

    def failed(self, event: MatchingFailed) -> None:
        if self.stale(event.review):
            return
        self.view.match_problem = event.problem
        self.view.matches = {}
        self.screen.match_progress = None
        self.screen.panes.refresh_all()

    def done(self, event: MatchingDone) -> None:
        if self.stale(event.review):
            return
        self.view.matches = event.matches
        self.view.brief_cites = event.cites
        self.screen.match_progress = None
        self.view.set_conflicts(event.conflicts)
        self.screen.panes.refresh_all()
