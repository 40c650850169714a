"""What the review screen holds and how it reads it.

The screen is a view over one core `Session` (the decisions, saved on every change) and the
batch's `Review` (the items, the living document); matching's answer arrives later. Every change
goes through `apply`, which turns a refused change into a message instead of a crash.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from briefdesk.core.claims import Conflict
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.matching import content_key
from briefdesk.core.matching.clusters import cluster_of, clusters
from briefdesk.core.matching.job import MatchJob
from briefdesk.core.model.decisions import Decision
from briefdesk.core.model.values import ItemMatches
from briefdesk.core.review.load import Review
from briefdesk.core.review.session import Session
from briefdesk.core.settings.keymap import Keymap
from textual.screen import Screen
from textual.timer import Timer

from ...debounce import Debouncer
from ...filtering import ItemFilter
from ...keys import key_display


class ReviewState(Screen[None]):
    def __init__(
        self,
        review: Review,
        session: Session,
        keymap: Keymap,
        *,
        reviewer: str | None = None,
        readonly_reason: str | None = None,
        match: bool = True,
    ) -> None:
        super().__init__()
        self.review = review
        self.session = session
        self.keymap = keymap
        self.reviewer = reviewer
        self.readonly_reason = readonly_reason
        self.settings = review.workspace.settings
        self.language = self.settings.language
        self.advance = self.settings.advance_after_decision
        self.items = {item.ref: item for item in review.items}
        self.sections = {s.id: s for s in review.living_doc.sections}
        self.materials = {m.path: m for m in review.materials}
        self.matches: Mapping[str, ItemMatches] | None = None
        # claims that disagree (core.claims), computed with matching; None until then
        self.conflicts: list[Conflict] | None = None
        self.conflicts_by_ref: dict[str, tuple[Conflict, ...]] = {}
        # the changed item whose panes were shown: moving on from it counts as having seen it
        self.seen_changed: str | None = None
        self.match_problem: str | None = None
        self.progress: tuple[int, int] = (0, len(review.items))
        self.filter = ItemFilter()
        self.shown_refs: list[str] = []
        self.shown_index: dict[str, int] = {}  # position of each shown ref (no list scan per key)
        self.start_matching = match
        self.brief_cache = ""
        self.message_cache: str | None = None
        self.brief_cites: dict[str, str] = {}
        self.match_job: MatchJob | None = None
        self.dismissed_memo: tuple[object, set[tuple[str, str]]] = (None, set())
        self.clusters_memo: tuple[object, list[list[str]]] = (None, [])
        self.rows_dismissed: set[str] = {d.item for d in session.data.dismissed}
        self.cursor: str | None = session.data.cursor
        self.cursor_timer: Timer | None = None
        # the decisions the item list shows, and `counts()` over them, kept up to date from the
        # refs a change touched instead of recounting the batch
        self.drawn: dict[str, Decision] = {}
        self.roles: dict[str, str] = {}  # rows drawn with ↳: the role of each in its increment
        self.tally: dict[str, int] = {}
        self.group_index: dict[str, int] = {}  # option index of each material's header row
        self.later = Debouncer(self, self.run_later)

    # -- reading -----------------------------------------------------------------------------

    @property
    def current(self) -> str | None:
        cursor = self.cursor
        if cursor in self.shown_index:
            return cursor
        return self.shown_refs[0] if self.shown_refs else None

    def item_conflicts(self, ref: str | None) -> tuple[Conflict, ...]:
        """The claim conflicts touching this item (none until matching has answered)."""
        return self.conflicts_by_ref.get(ref or "", ())

    def set_conflicts(self, conflicts: list[Conflict] | None) -> None:
        self.conflicts = conflicts
        by_ref: dict[str, list[Conflict]] = {}
        for c in conflicts or ():
            for r in c.refs:
                by_ref.setdefault(r, []).append(c)
        self.conflicts_by_ref = {r: tuple(cs) for r, cs in by_ref.items()}

    def item_matches(self, ref: str) -> ItemMatches | None:
        """The item's matches, less the candidates dismissed as not duplicates in this session
        (an undo brings them back)."""
        if self.matches is None:
            return None
        found = self.matches.get(ref, ItemMatches())
        gone = self.dismissed_pairs()
        if not gone or not found.duplicates:
            return found
        mine = content_key(self.items[ref].text)
        kept = tuple(d for d in found.duplicates if (mine, d.key) not in gone)
        if len(kept) == len(found.duplicates):
            return found
        return found.model_copy(update={"duplicates": kept})

    def dismissed_pairs(self) -> set[tuple[str, str]]:
        """(item key, candidate key) of every dismissal of the session, kept while it is the
        same list."""
        dismissed = self.session.data.dismissed
        key = (len(dismissed), tuple(dismissed[-1:]))
        if key != self.dismissed_memo[0]:
            self.dismissed_memo = (key, {d.pair for d in dismissed})
        return self.dismissed_memo[1]

    def cluster(self, ref: str) -> list[str]:
        """The batch items `ref` forms a cluster with (itself included, batch order), or []."""
        if self.matches is None:
            return []
        key = (id(self.matches), len(self.session.data.dismissed))
        if key != self.clusters_memo[0]:
            gone = self.dismissed_pairs()
            items = self.items

            def dismissed(item: str, candidate: str) -> bool:
                return (content_key(items[item].text), candidate) in gone

            refs = [i.ref for i in self.review.items]
            self.clusters_memo = (key, clusters(self.matches, refs, dismissed if gone else None))
        return cluster_of(self.clusters_memo[1], ref)

    def key_hint(self, action: str) -> str:
        """The first key the keymap binds to `action`, as the key bar shows it."""
        keys = self.keymap.keys(action)
        return key_display(self.app, keys[0]) if keys else action

    def cites(self) -> dict[str, str]:
        """How earlier-brief candidates are cited: `2026-11-01 E1 简报第 5 条`. Built by the
        matching worker for the candidates it found (empty until then): `review.entries` parses
        every earlier brief, which must never happen on the UI thread."""
        return self.brief_cites

    @property
    def brief_text(self) -> str:
        """The brief as it would be committed now (rendered at once if a redraw is pending)."""
        self.later.flush("brief")
        return self.brief_cache

    @property
    def message_text(self) -> str | None:
        self.later.flush("brief")
        return self.message_cache

    # -- changing ----------------------------------------------------------------------------

    def apply(self, change: Callable[[], object]) -> None:
        """Run one session change; a refused change is a message, never a crash."""
        try:
            change()
        except BriefdeskError as exc:
            self.notify(str(exc), severity="error", markup=False)
        if self.session.save_error:
            self.draw_status()

    # -- what the drawing module provides --------------------------------------------------------

    def run_later(self, what: str) -> None:
        raise NotImplementedError

    def draw_status(self, tally: dict[str, int] | None = None) -> None:
        raise NotImplementedError
