"""Matching in the background: placements and duplicates arrive while the reviewer works.

The job is core's (`core.matching.job.MatchJob`, which `scan` runs too): small batches match in
this worker thread; from MATCH_PROCESS_ITEMS items on, in a forked child process that cannot
outlive the desk (in a thread it would hold the GIL for seconds, and the desk's keys would wait).
Either way the worker posts messages to the screen (`MatchingProgress`, `MatchingDone`,
`MatchingFailed`), which draws them; `post_message` is thread-safe and does not wait for the UI.
"""

from __future__ import annotations

from collections.abc import Mapping

from briefdesk.core.claims import Conflict
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.matching.job import FORK_ITEMS, MatchFailed, MatchJob
from briefdesk.core.model.values import ItemMatches
from briefdesk.core.review.load import Review
from textual import on, work
from textual.message import Message
from textual.widgets import ProgressBar

from .drawing import ReviewDrawing

# From this many items matching runs in a forked child process; smaller batches match in a
# thread (the fork is not worth it; tests of the thread path use them).
MATCH_PROCESS_ITEMS = FORK_ITEMS
# The child is forked once the first frame is up: forked while the screen is being laid out, it
# made the desk copy every memory page the layout wrote (measured at 3,000 items: first paint
# 0.45 s against 0.31 s with this delay). Matching a warm batch then ends that much later.
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


class MatchingMixin(ReviewDrawing):
    def start_matching_job(self) -> None:
        if len(self.review.items) >= MATCH_PROCESS_ITEMS:
            self.set_timer(MATCH_PROCESS_DELAY, self.run_matching)
        else:
            self.run_matching()

    def stop_matching_job(self) -> None:
        job = self.match_job
        if job is not None:
            job.cancel()  # the one process this screen started; its worker thread then ends

    @work(thread=True, exclusive=True, group="matching")
    def run_matching(self) -> None:
        """Placements, duplicates and the claims that disagree, off the UI thread. The messages
        say which review they answer: the desk may have read the batch again since."""
        review = self.review
        fork = len(review.items) >= MATCH_PROCESS_ITEMS
        job = self.match_job = MatchJob(review, self.language, fork=fork)
        try:
            outcome = job.run(
                lambda done, total: self.post_message(MatchingProgress(done, total, review))
            )
        except (BriefdeskError, MatchFailed) as exc:
            self.post_message(MatchingFailed(str(exc), review))
        else:
            self.post_message(
                MatchingDone(outcome.matches, outcome.cites, outcome.conflicts, review)
            )
        finally:
            if self.match_job is job:
                self.match_job = None

    def _stale(self, review: Review | None) -> bool:
        """An answer for a review the desk has read again since (a file changed on disk)."""
        return review is not None and review is not self.review

    @on(MatchingProgress)
    def _matching_progress(self, event: MatchingProgress) -> None:
        if self.matches is None and not self._stale(event.review):
            self.progress = (event.done, event.total)
            self.query_one("#match-progress", ProgressBar).update(
                total=max(event.total, 1), progress=event.done
            )

    def _matching_over(self) -> None:
        self.query_one("#match-progress", ProgressBar).display = False

    @on(MatchingFailed)
    def _matching_failed(self, event: MatchingFailed) -> None:
        if self._stale(event.review):
            return
        self.match_problem = event.problem
        self.matches = {}
        self._matching_over()
        self.refresh_all()

    @on(MatchingDone)
    def _matched(self, event: MatchingDone) -> None:
        if self._stale(event.review):
            return
        self.matches = event.matches
        self.brief_cites = event.cites
        self._matching_over()
        self.set_conflicts(event.conflicts)
        self.refresh_all()
