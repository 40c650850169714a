"""Writing about an item: notes, contradictions, handles, its evidence level, its placement."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...typeahead import opens
from ...widgets.placements import PlacementsPane
from ...wording import section
from .base import Controller
from .guards import mutating


class Annotate(Controller):
    def text_dialog(
        self, heading: str, hint: str, existing: tuple[str, ...], save: Callable[[str, str], None]
    ) -> None:
        from ...dialogs.text_entry import TextEntryDialog

        ref = self.view.current
        assert ref is not None
        item = self.view.items[ref]

        def done(text: str | None) -> None:
            if text:
                self.apply(lambda: save(ref, text))

        self.app.push_screen(TextEntryDialog(heading, hint, item.title, ref, existing), done)

    @opens
    @mutating
    def action_annotate(self) -> None:
        d = self.session.decision(self.view.current or "")
        self.text_dialog(
            "Note",
            "A note on this item (kept in the session and the sidecar):",
            d.notes,
            self.session.add_note,
        )

    @opens
    @mutating
    def action_flag_contradiction(self) -> None:
        self.text_dialog(
            "Contradiction or claim to verify",
            f"What conflicts, with what (brief section {section(2, self.view.language)}; "
            "it names this item):",
            self.view.context(self.view.current or "").contradictions,
            lambda ref, text: self.session.add_contradiction(text, [ref]),
        )

    @opens
    @mutating
    def action_add_handle(self) -> None:
        self.text_dialog(
            "Handle for the living document",
            "What to do in the living document (brief section "
            f"{section(5, self.view.language)}; it names this item):",
            self.view.context(self.view.current or "").handles,
            lambda ref, text: self.session.add_handle(text, [ref]),
        )

    @opens
    @mutating
    def action_cycle_evidence(self) -> None:
        from ...dialogs.evidence import EvidenceDialog

        ref = self.view.current
        assert ref is not None
        item = self.view.items[ref]
        d = self.session.decision(ref)

        def done(answer: tuple[Any, str | None] | None) -> None:
            if answer is not None:
                level, note = answer
                self.apply(lambda: self.session.set_evidence(ref, level, note))
                inc = self.session.increment_of(ref)
                for found in self.session.overclaims():
                    if inc is not None and found.inc_id == inc.id:  # written on the higher level
                        self.notify(found.describe(), severity="warning")

        dialog = EvidenceDialog(
            item.title, ref, self.session.evidence(ref), item.evidence, d.evidence_note
        )
        self.app.push_screen(dialog, done)

    def refuse_placing_excluded(self, ref: str) -> bool:
        """An excluded item has no place in the brief: placing it would be recorded without a
        trace on screen (Enter, on an excluded item, used to do just that)."""
        if self.session.decision(ref).status != "exclude":
            return False
        include = self.screen.keymap.keys("include")
        hint = f" (press {include[0]})" if include else ""
        self.notify(
            f"{self.view.items[ref].title[:60]} is excluded: a placement is for items of the "
            f"brief. Include it first{hint}.",
            severity="warning",
        )
        return True

    @opens
    @mutating
    def action_pick_placement(self) -> None:
        from ...dialogs.placement import PlacementDialog

        view = self.view
        ref = view.current
        assert ref is not None
        if self.refuse_placing_excluded(ref):
            return
        item = view.items[ref]
        placed = self.session.plan.placement_of(ref)
        matches = view.item_matches(ref)

        def done(answer: tuple[str | None, Any] | None) -> None:
            if answer is not None:
                section, action = answer
                self.apply(lambda: self.session.set_placement(ref, section, action))

        dialog = PlacementDialog(
            item.title,
            ref,
            view.review.living_doc.sections,
            matches.placements if matches else (),
            placed.section if placed else None,
            placed.action if placed else None,
            item.text,
        )
        self.app.push_screen(dialog, done)

    @mutating
    def action_accept_placement(self) -> None:
        ref = self.view.current
        assert ref is not None
        if self.refuse_placing_excluded(ref):
            return
        self.screen.later.flush("panes")
        section = self.screen.query_one(PlacementsPane).selected_section()
        if section is None:
            why = self.view.waiting("no section is proposed")
            self.notify(f"No placement to accept: {why}. Pick one instead.", severity="warning")
            return
        placed = self.session.plan.placement_of(ref)
        action = placed.action if placed else "append"
        offered = self.view.offered_placement(ref)
        if offered is not None and offered.section == section:  # the manifest's, as proposed
            action = offered.action
        self.apply(lambda: self.session.set_placement(ref, section, action))
