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
from typing import TYPE_CHECKING

from briefdesk.core.errors import BriefdeskError
from briefdesk.core.review.load import Review, load_review
from briefdesk.core.review.watch import Change, Watcher
from textual.message import Message
from textual.timer import Timer

from .base import Controller

if TYPE_CHECKING:
    from .screen import ReviewScreen

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


class Staleness(Controller):
    def __init__(self, screen: ReviewScreen) -> None:
        super().__init__(screen)
        self.watcher: Watcher | None = None
        self.timer: Timer | None = None
        self.generation = 0
        self.changes: list[Change] = []
        self.poll_lock = threading.Lock()

    def start(self) -> None:
        self.timer = self.screen.set_interval(WATCH_EVERY, self.poll)

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def poll(self) -> None:
        self.check_lock()
        self.screen.run_worker(self.poll_files, thread=True, group="watch")

    def check_lock(self) -> None:
        """A lock lost under the desk (`.briefdesk/` deleted and the batch opened elsewhere) is
        said within a second, not only at the next key; a lock file deleted alone is made again
        (`Session.check_lock`, docs/reliability.md)."""
        session = self.session
        if session.lost is None and not session.check_lock():
            self.screen.panes.draw_title()
            self.screen.panes.draw_status()
            self.notify(session.lost or "session lock lost", severity="error")

    def poll_files(self) -> None:
        """One poll (skipped while the previous one runs); the first makes the watcher."""
        if not self.poll_lock.acquire(blocking=False):
            return
        try:
            if self.watcher is None:
                self.watcher = Watcher(self.view.review)
            changes = self.watcher.poll()
        except Exception:  # the disk went away under the desk: try again on the next tick
            changes = []
        finally:
            self.poll_lock.release()
        if changes:
            self.screen.post_message(FilesChanged(changes))

    def files_changed(self, event: FilesChanged) -> None:
        self.notify(
            "\n".join(c.describe() for c in event.changes) + "\nreading the batch again…",
            title="changed on disk",
        )
        self.changes += event.changes
        self.generation += 1
        generation = self.generation
        self.screen.run_worker(lambda: self.reread(generation), thread=True, group="reread")

    def reread(self, generation: int) -> None:
        review = self.view.review
        post = self.screen.post_message
        try:
            fresh = load_review(review.workspace, review.batch.path)
            watcher = Watcher(fresh)
        except BriefdeskError as exc:
            post(RereadFailed(generation, str(exc)))
        except Exception as exc:  # a bug must not take the desk down
            post(RereadFailed(generation, f"{type(exc).__name__}: {exc}"))
        else:
            post(Reread(generation, fresh, watcher))

    def reread_failed(self, event: RereadFailed) -> None:
        if event.generation != self.generation:
            return
        self.notify(
            f"{event.problem}\nThe desk keeps what it read before; fix the file and it is read "
            "again.",
            title="cannot read the batch",
            severity="error",
        )

    def reread_done(self, event: Reread) -> None:
        if event.generation != self.generation:
            return  # a later change is being read already
        self.swap_review(event.review, event.watcher)

    def swap_review(self, review: Review, watcher: Watcher) -> None:
        """Show `review` (the batch as it is on disk now) in place of the one read before."""
        screen, view = self.screen, self.view
        changes, self.changes = self.changes, []
        view.set_review(review)
        self.watcher = watcher
        listeners = self.session.listeners
        listening = screen.panes.session_changed in listeners
        if listening:  # the list is filled again below: no redraw of rows that may be gone
            listeners.remove(screen.panes.session_changed)
        gone = len(self.session.gone)
        try:
            marked = self.session.refit(review.items)
        finally:
            if listening:
                listeners.append(screen.panes.session_changed)
        if view.cursor not in view.items:
            view.cursor = self.session.data.cursor
        screen.matching.stop()
        view.matches = None
        view.match_problem = None
        view.set_conflicts(None)
        screen.panes.draw_title()
        screen.panes.fill_items()
        screen.panes.show_current()
        screen.panes.draw_order()
        screen.later.later("brief", 0.05)
        screen.panes.draw_status()
        if screen.start_matching:
            screen.match_progress = (0, len(review.items))
            screen.matching.start()
        paths = ", ".join(dict.fromkeys(c.path for c in changes)) or "the batch"
        if len(self.session.gone) > gone:
            self.notify(
                "; ".join(g.describe() for g in self.session.gone[gone:])
                + ". Its decision is kept: the command palette's *gone decisions* moves it onto "
                "an item or drops it.",
                title="item gone",
                severity="warning",
            )
        if marked:
            self.notify(
                f"{paths}: read again. {len(marked)} decided item"
                f"{'s' if len(marked) != 1 else ''} changed since decided (marked Δ; the "
                "decisions are kept).",
                title="read again",
                severity="warning",
            )
        else:
            self.notify(f"{paths}: read again.", title="read again")
