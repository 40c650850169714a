"""The review screen's view model: what each pane shows and what an action does to the session,
in plain Python (no Textual: `tests/unit/test_review_view.py` drives it without a terminal).

The screen (`screen.ReviewScreen`) and its controllers read it to draw and call it to act; it
holds the state the panes are drawn from (the review, the session, matching's answer, the cursor,
the filter) and the bookkeeping that lets a change redraw only the rows it touched.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from briefdesk.core.brief.content import EntryModel
from briefdesk.core.brief.wording import T as BRIEF_WORDS
from briefdesk.core.claims import Conflict
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.facts.wording import new_fact_words, relation_line
from briefdesk.core.matching import content_key
from briefdesk.core.matching.clusters import cluster_of, clusters
from briefdesk.core.model.decisions import Decision, count_into
from briefdesk.core.model.increments import FIELDS, Increment, Placement, SpotCheck
from briefdesk.core.model.values import ItemMatches, Material
from briefdesk.core.review.load import Review
from briefdesk.core.review.session import Session

from ...filtering import ItemFilter
from ...item_context import ItemContext


@dataclass(frozen=True)
class Redraw:
    """What a session change touched: the rows to draw again and the materials whose header
    counts moved (`ReviewView.changed`)."""

    rows: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    tally: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Order:
    """Pane 5's list: the increments' first parts in order, their other items, their written
    titles, the spot checks."""

    heads: list[str]
    merged: dict[str, list[str]]
    titles: dict[str, str]
    spots: tuple[tuple[str, str], ...]


class ReviewView:
    @property
    def readonly_reason(self) -> str | None:
        """Why this window cannot change anything: opened read-only, or its session lost its lock
        since (`Session.lost`)."""
        return self.opened_readonly or self.session.lost

    def __init__(
        self,
        review: Review,
        session: Session,
        *,
        reviewer: str | None = None,
        readonly_reason: str | None = None,
    ) -> None:
        self.session = session
        self.reviewer = reviewer
        self.opened_readonly = readonly_reason
        self.settings = review.workspace.settings
        self.language = self.settings.language
        self.advance = self.settings.advance_after_decision
        self.set_review(review)
        self.matches: Mapping[str, ItemMatches] | None = None
        # claims that disagree (core.claims), computed with matching; None until then
        self.conflicts: list[Conflict] | None = None
        self.conflicts_by_ref: dict[str, tuple[Conflict, ...]] = {}
        # the changed item whose panes were shown: moving on from it counts as having seen it
        self.seen_changed: str | None = None
        self.match_problem: str | None = None
        # the batch's materials git has not committed as they are (core.git.materials), once
        # known: pane 2 says so on their items
        self.uncommitted: frozenset[str] = frozenset()
        self.filter = ItemFilter()
        self.shown_refs: list[str] = []
        self.shown_index: dict[str, int] = {}  # position of each shown ref (no list scan per key)
        self.brief_cache = ""
        self.message_cache: str | None = None
        self.brief_cites: dict[str, str] = {}
        self.dismissed_memo: tuple[object, set[tuple[str, str]]] = (None, set())
        self.clusters_memo: tuple[object, list[list[str]]] = (None, [])
        self.rows_dismissed: set[str] = {d.item for d in session.data.dismissed}
        self.cursor: str | None = session.data.cursor
        # the decisions the item list shows, and `counts()` over them, kept up to date from the
        # refs a change touched instead of recounting the batch
        self.drawn: dict[str, Decision] = {}
        self.roles: dict[str, str] = {}  # rows drawn with ↳: the role of each in its increment
        self.tally: dict[str, int] = {}

    def set_review(self, review: Review) -> None:
        """Read from `review` (the batch as read from disk, again after a file changed)."""
        self.review = review
        self.items = {item.ref: item for item in review.items}
        self.sections = {s.id: s for s in review.living_doc.sections}
        self.materials = {m.path: m for m in review.materials}
        self._offers: dict[str, Placement] | None = None  # the manifest read again: asked again

    # -- the cursor and the list ---------------------------------------------------------------

    @property
    def current(self) -> str | None:
        cursor = self.cursor
        if cursor in self.shown_index:
            return cursor
        return self.shown_refs[0] if self.shown_refs else None

    def shown_groups(self) -> list[tuple[Material, list[str]]]:
        """Pane 1's groups: each material with the refs of its items the filter shows."""
        decisions = self.session.data.decisions
        groups: list[tuple[Material, list[str]]] = []
        for material in self.review.materials:
            if self.filter.active:
                refs = [
                    i.ref
                    for i in material.items
                    if self.filter.accepts(
                        i, decisions[i.ref], self.session.evidence(i.ref), self.item_matches(i.ref)
                    )
                ]
            else:
                refs = [i.ref for i in material.items]
            if refs:
                groups.append((material, refs))
        return groups

    def show(self, refs: list[str]) -> None:
        """The list now shows these refs: the drawn decisions and counts start again from them."""
        self.shown_refs = refs
        self.shown_index = {ref: k for k, ref in enumerate(refs)}
        self.drawn = dict(self.session.data.decisions)
        self.roles = self.role_map()
        self.tally = self.session.counts()

    def target(self, delta: int, *, clamp: bool = False) -> str | None:
        """The shown item `delta` on from the current one; None past an end (with `clamp`, the
        first or last one instead)."""
        if not self.shown_refs:
            return None
        ref = self.current
        index = self.shown_index.get(ref, -1) if ref is not None else -1
        if clamp:
            index = max(index, 0)
        target = index + delta
        if clamp:
            target = min(max(target, 0), len(self.shown_refs) - 1)
        return self.shown_refs[target] if 0 <= target < len(self.shown_refs) else None

    def next_undecided(self) -> tuple[str | None, str | None]:
        """(the next shown undecided item after the cursor, round to the top; or the message
        saying there is none)."""
        refs = self.shown_refs
        if not refs:
            return None, None
        start = self.shown_index.get(self.current or "", -1)
        decisions = self.session.data.decisions
        for k in range(1, len(refs) + 1):
            ref = refs[(start + k) % len(refs)]
            if decisions[ref].status == "undecided":
                if ref == self.current:
                    break  # the only one left is this one
                return ref, None
        if self.current is not None and decisions[self.current].status == "undecided":
            return None, "This is the last undecided item."
        hidden = " shown" if self.filter.active else ""
        return None, f"Every{hidden} item is decided."

    def changed(self) -> Redraw:
        """After a session change: the rows whose decision, role or dismissals changed since
        they were drawn, and the counts moved by the changed decisions only (not recounted over
        the batch); marks them drawn."""
        session = self.session
        decisions = session.data.decisions
        drawn = self.drawn
        changed = [ref for ref, d in decisions.items() if drawn.get(ref) is not d]
        rows = dict.fromkeys(changed)
        roles = self.role_map()
        if roles != self.roles:  # a merge or a split moves rows in or out of an increment
            rows.update(dict.fromkeys(r for r, _ in set(roles.items()) ^ set(self.roles.items())))
            self.roles = roles
        tally = self.tally
        for ref in changed:
            old = drawn.get(ref)
            new = drawn[ref] = decisions[ref]
            if tally:  # counts() over the drawn decisions: only the changed ones move it
                if old is not None:
                    count_into(tally, old, -1)
                count_into(tally, new, 1)
        if not tally:  # nothing was drawn before this change
            tally = self.tally = session.counts()
        dismissed = {d.item for d in session.data.dismissed}
        if dismissed != self.rows_dismissed:  # a dismissal (or its undo) changes a row's score
            rows.update(
                dict.fromkeys(r for r in dismissed ^ self.rows_dismissed if r in self.items)
            )
            self.rows_dismissed = dismissed
        groups = dict.fromkeys(self.items[ref].material for ref in changed if ref in self.items)
        return Redraw(tuple(rows), tuple(groups), tally)

    def leave_changed(self, ref: str | None) -> str | None:
        """Moving on to `ref` from a changed item whose panes were shown: the reviewer has seen
        it (acknowledged unless read-only). The item seen, to redraw, or None."""
        seen, self.seen_changed = self.seen_changed, None
        if seen is None or seen == ref or not self.session.is_changed(seen):
            return None
        if not self.readonly_reason:
            self.session.acknowledge(seen)
        return seen

    # -- matching's answer ---------------------------------------------------------------------

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

    def adopted(self, conflicts: tuple[Conflict, ...]) -> tuple[bool, ...]:
        """Which conflicts are contradictions already: one of the batch's contradictions cites
        every ref the conflict involves (or, written by hand, names them all in its text)."""
        notes = self.session.data.contradictions
        return tuple(
            any(set(c.refs) <= set(n.refs) or all(r in n.text for r in c.refs) for n in notes)
            for c in conflicts
        )

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

    def waiting(self, otherwise: str) -> str:
        """Why an action on matching's answer found nothing: still running, or `otherwise`."""
        return "matching is still running" if self.matches is None else otherwise

    # -- the brief -----------------------------------------------------------------------------

    def role_map(self) -> dict[str, str]:
        """Every item in an increment but not its first part: the rows drawn with ↳."""
        plan = self.session.plan
        return {
            r: ("part" if r in inc.parts else "absorbed")
            for inc in plan.increments
            for r in inc.items[1:]
        }

    def offered_placement(self, ref: str) -> Placement | None:
        """The manifest's placement proposed for `ref` without a decision, while `ref` is
        undecided (`core.review.proposals.open_placements`, read from the manifest once)."""
        offers = self._offers
        if offers is None:
            from briefdesk.core.review.proposals import open_placements

            offers = self._offers = open_placements(self.review.batch)
        offer = offers.get(ref)
        if offer is None or self.session.decision(ref).status != "undecided":
            return None
        return offer

    def context(self, ref: str) -> ItemContext:
        """The item's place in its increment and the batch's notes that name it (pane 2)."""
        plan = self.session.plan
        inc = plan.increment_of(ref)
        data = self.session.data
        return ItemContext(
            role=plan.role(ref),
            head=inc.parts[0] if inc is not None and inc.parts[0] != ref else None,
            placement=plan.placement_of(ref),
            contradictions=tuple(n.text for n in data.contradictions if ref in n.refs),
            handles=tuple(n.text for n in data.handles if ref in n.refs),
            uncommitted=self.items[ref].material in self.uncommitted,
        )

    def order(self) -> Order:
        """The increments in their order (pane 5's list)."""
        plan = self.session.plan
        return Order(
            [inc.parts[0] for inc in plan.increments],
            {inc.parts[0]: list(inc.items[1:]) for inc in plan.increments if inc.items[1:]},
            {inc.parts[0]: inc.title for inc in plan.increments if inc.title},
            tuple((s.id, s.title or s.path) for s in plan.spot_checks),
        )

    def render_brief(self) -> None:
        """The brief preview and the commit message, from one brief model built over the whole
        batch (so it runs once keys pause, and once, not once for each of the two)."""
        from briefdesk.core.brief import build_model, render_model
        from briefdesk.core.brief.message import commit_message

        self.message_cache = None
        try:
            model = build_model(self.review, self.session.data, reviewer=self.reviewer)
        except BriefdeskError as exc:
            self.brief_cache = f"(the brief cannot be rendered: {exc})"
            return
        self.brief_cache = render_model(model)
        if self.reviewer:
            with contextlib.suppress(BriefdeskError):  # no message: the pane says so
                self.message_cache = commit_message(
                    self.review, self.session.data, self.reviewer, model=model
                )

    def increment_head(self, ref: str) -> str | None:
        """The first part of the item's increment (how the order names it), if it is in one."""
        inc = self.session.increment_of(ref)
        return inc.parts[0] if inc is not None else None

    def merge_targets(self, ref: str) -> list[tuple[str, str]]:
        """The increments `ref` can merge into, named as the brief names them: the written
        title, else the first part's heading."""
        own = self.increment_head(ref)
        plan = self.session.plan
        return [
            (r, getattr(plan.increment_of(r), "title", None) or self.items[r].title)
            for r in self.session.order
            if r not in (ref, own)
        ]

    def fact_drafts(self, entry: Increment | SpotCheck) -> dict[str, str]:
        """The relation line and key points an unwritten increment form starts from: the parts'
        facts (docs/facts.md), once matching has run. A relation the brief already derives from
        placements and notes stays the placeholder; only "not set" gives way to the facts."""
        if self.matches is None or isinstance(entry, SpotCheck):
            return {}
        found = [self.matches[r].facts for r in entry.parts if r in self.matches]
        language = self.review.workspace.settings.language
        derived = self.derived_entry(entry)
        unset = BRIEF_WORDS.get(language, BRIEF_WORDS["en"])["no_placement"]
        from briefdesk.core.brief.build import drafted_points

        matches = self.matches
        wanted = {r: new_fact_words(matches[r].facts) for r in entry.parts if r in matches}
        points = None
        if any(wanted.values()):  # the parts' sentences with their new facts lead
            points = drafted_points(self.review, self.session.data, entry.id, wanted, language)
        drafts = {
            "relation": relation_line(found, language)
            if derived is None or derived.relation == unset
            else None,
            "points": points if derived is None or points != derived.points else None,
        }
        return {k: v for k, v in drafts.items() if v}

    def derived_entry(self, entry: Increment | SpotCheck) -> EntryModel | None:
        """The entry as the brief would derive it with nothing written (the form's
        placeholders), or None when the brief cannot be built."""
        from briefdesk.core.brief import build_model

        blank = entry.model_copy(update=dict.fromkeys(FIELDS))
        data = self.session.data.model_copy(
            update={
                "increments": [
                    blank if i.id == entry.id else i for i in self.session.data.increments
                ],
                "spot_checks": [
                    blank if s.id == entry.id else s for s in self.session.data.spot_checks
                ],
            }
        )
        try:
            model = build_model(self.review, data, reviewer=self.reviewer)
        except BriefdeskError:
            return None
        return next((e for e in model.entries if e.id == entry.id), None)

    # -- deciding ------------------------------------------------------------------------------

    def other_parts(self, ref: str) -> list[str]:
        """The other items of `ref`'s increment: excluding `ref` leaves them in the brief."""
        inc = self.session.increment_of(ref)
        return [r for r in inc.items if r != ref] if inc is not None else []

    def parts_warning(self, parts: list[str]) -> str | None:
        if not parts:
            return None
        names = "; ".join(self.items[p].title[:40] for p in parts[:3])
        more = f" and {len(parts) - 3} more" if len(parts) > 3 else ""
        n = len(parts)
        return (
            f"This item shares an increment with {n} other item{'s' if n != 1 else ''} "
            f"({names}{more}): {'they stay' if n != 1 else 'it stays'} in the brief."
        )

    def refusal(self, reason: str) -> str | None:
        """Why a `duplicate:<ref>` that names no batch item, living-document section or earlier
        brief entry is refused (the manifest's proposals are refused the same way); None when
        the reason stands."""
        if not reason.startswith("duplicate:"):
            return None
        target = reason.removeprefix("duplicate:").strip()
        if target and self.review.resolves(target):
            return None
        return (
            f"Not excluded: {target or '(nothing)'} is no batch item, living-document section or "
            "earlier brief entry. Choose 'Duplicate of something else…' to search for one."
        )
