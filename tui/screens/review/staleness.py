"""Files that change under the open desk (docs/staleness.md).

A timer polls `core.review.watch.Watcher` once a second in a worker thread (a `stat` per material, a
slice of the earlier briefs; no busy loop). When a file changed, the desk says which, reads the
batch again in another worker (the parse cache makes the unchanged files cheap), and then, on the
UI thread, swaps the review in: the session follows the items (`Session.refit`: decided items
whose text changed are marked changed since decided, their decisions kept), the list and panes
are drawn again, and matching (with the claims) runs again on what is on disk now. A file that no
longer reads (a half-saved edit) leaves the desk on what it read before, and says so.
"""

from __future__ import annotations

import threading

from briefdesk.core.errors import BriefdeskError
from briefdesk.core.review.load import Review, load_review
from briefdesk.core.review.watch import Change, Watcher
from textual import on, work
from textual.message import Message
from textual.timer import Timer
from textual.widgets import ProgressBar

from .matching import MatchingMixin

WATCH_EVERY = 1.0  # seconds between polls


class FilesChanged(Message):
    def __init__(self, changes: list[Change]) -> None:
        super().__init__()
        self.changes = changes


class Reread(Message):
    def __init__(self, generation: int, review: Review, watcher: Watcher) -> None:
        super().__init__()
        self.generation = generation
        self.review = review
        self.watcher = watcher


class RereadFailed(Message):
    def __init__(self, generation: int, problem: str) -> None:
        super().__init__()
        self.generation = generation
        self.problem = problem


class StalenessMixin(MatchingMixin):
    watch_every: float = WATCH_EVERY
    watcher: Watcher | None = None
    watch_timer: Timer | None = None
    reread_generation = 0
    reread_changes: list[Change]

    def start_watching(self) -> None:
        self.poll_lock = threading.Lock()
        self.reread_changes = []
        self.watch_timer = self.set_interval(self.watch_every, self.poll_files)

    def stop_watching(self) -> None:
        if self.watch_timer is not None:
            self.watch_timer.stop()
            self.watch_timer = None

    @work(thread=True, group="watch")
    def poll_files(self) -> None:
        """One poll (skipped while the previous one runs); the first makes the watcher."""
        if not self.poll_lock.acquire(blocking=False):
            return
        try:
            if self.watcher is None:
                self.watcher = Watcher(self.review)
            changes = self.watcher.poll()
        except Exception:  # the disk went away under the desk: try again on the next tick
            changes = []
        finally:
            self.poll_lock.release()
        if changes:
            self.post_message(FilesChanged(changes))

    @on(FilesChanged)
    def _files_changed(self, event: FilesChanged) -> None:
        self.notify(
            "\n".join(c.describe() for c in event.changes) + "\nreading the batch again…",
            title="changed on disk",
            markup=False,
        )
        self.reread_changes += event.changes
        self.reread_generation += 1
        self.reread(self.reread_generation)

    @work(thread=True, group="reread")
    def reread(self, generation: int) -> None:
        review = self.review
        try:
            fresh = load_review(review.workspace, review.batch.path)
            watcher = Watcher(fresh)
        except BriefdeskError as exc:
            self.post_message(RereadFailed(generation, str(exc)))
        except Exception as exc:  # a bug must not take the desk down
            self.post_message(RereadFailed(generation, f"{type(exc).__name__}: {exc}"))
        else:
            self.post_message(Reread(generation, fresh, watcher))

    @on(RereadFailed)
    def _reread_failed(self, event: RereadFailed) -> None:
        if event.generation != self.reread_generation:
            return
        self.notify(
            f"{event.problem}\nThe desk keeps what it read before; fix the file and it is read "
            "again.",
            title="cannot read the batch",
            severity="error",
            markup=False,
        )

    @on(Reread)
    def _reread(self, event: Reread) -> None:
        if event.generation != self.reread_generation:
            return  # a later change is being read already
        self.swap_review(event.review, event.watcher)

    def swap_review(self, review: Review, watcher: Watcher) -> None:
        """Show `review` (the batch as it is on disk now) in place of the one read before."""
        changes, self.reread_changes = self.reread_changes, []
        self.review = review
        self.watcher = watcher
        self.items = {item.ref: item for item in review.items}
        self.sections = {s.id: s for s in review.living_doc.sections}
        self.materials = {m.path: m for m in review.materials}
        listening = self.session_changed in self.session.listeners
        if listening:  # the list is filled again below: no redraw of rows that may be gone
            self.session.listeners.remove(self.session_changed)
        try:
            marked = self.session.refit(review.items)
        finally:
            if listening:
                self.session.listeners.append(self.session_changed)
        if self.cursor not in self.items:
            self.cursor = self.session.data.cursor
        self.stop_matching_job()
        self.matches = None
        self.match_problem = None
        self.set_conflicts(None)
        self.progress = (0, len(review.items))
        self.draw_title()
        self.fill_items()
        self.show_current()
        self.draw_order()
        self.later.later("brief", 0.05)
        self.draw_status()
        if self.start_matching:
            bar = self.query_one("#match-progress", ProgressBar)
            bar.update(total=max(len(review.items), 1), progress=0)
            bar.display = True
            self.start_matching_job()
        paths = ", ".join(dict.fromkeys(c.path for c in changes)) or "the batch"
        if marked:
            self.notify(
                f"{paths}: read again. {len(marked)} decided item"
                f"{'s' if len(marked) != 1 else ''} changed since decided (marked Δ; the "
                "decisions are kept).",
                title="read again",
                severity="warning",
                markup=False,
            )
        else:
            self.notify(f"{paths}: read again.", title="read again", markup=False)
