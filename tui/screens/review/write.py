"""Writing the brief: the increment form, the batch's contradictions and handles, spot checks.

`edit_increment` opens the form of the current item's increment (or, with the brief pane's list
focused, of the increment or spot check highlighted there); `edit_notes` the batch's
contradictions and handles; `add_spot_check` a picker over the workspace's materials outside the
batch, then the new spot check's form. Each saved change is one undo step of the session
(`Controller.apply`), and the brief pane follows it like any other change. A form the session
refuses stays open with what was typed.
"""

from __future__ import annotations

import functools
from typing import Any

from briefdesk.core.brief.build import short_name
from briefdesk.core.brief.excerpt import excerpt
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.model.increments import Increment, SpotCheck
from briefdesk.core.text.sanitize import one_line
from textual.content import Content

from ...dialogs.increment import IncrementDialog, IncrementDraft
from ...dialogs.notes import Kind, NoteEdit, NotesDialog
from ...dialogs.spot_check import SpotCheckDialog
from ...text import line
from ...typeahead import opens
from ...widgets.brief import OrderList
from ...wording import field_label, section
from .base import Controller


class Write(Controller):
    # -- the increment form --------------------------------------------------------------------

    def target_entry(self) -> Increment | SpotCheck | None:
        """The increment or spot check highlighted in the brief pane's list when it has the
        focus, else the current item's increment."""
        plan = self.session.plan
        order = self.screen.query_one(OrderList)
        if self.screen.focused is order and order.highlighted_option is not None:
            key = order.highlighted_option.id or ""
            found = plan.by_id(key) or plan.increment_of(key)
            if found is not None:
                return found
        current = self.view.current
        return plan.increment_of(current) if current else None

    # -- the lines of the brief that belong to no increment: 四's label, the header ----------------

    def _entry(self, heading: str, hint: str, initial: str, save: Any) -> None:
        from ...dialogs.text_entry import TextEntryDialog

        review = self.view.review
        about = self.view.items.get(self.view.current or "")
        title = about.title if about is not None else review.batch.manifest.id
        ref = about.ref if about is not None else review.batch.stem

        def done(text: str | None) -> None:
            if text is not None:
                self.apply(lambda: save(one_line(text) or None))

        self.app.push_screen(TextEntryDialog(heading, hint, title, ref, (), initial), done)

    @opens
    def action_label_exclusion(self) -> None:
        if self.read_only():
            return
        ref = self.view.current
        if ref is None or self.session.decision(ref).status != "exclude":
            self.notify(
                "Only an excluded item has a line of its own in section "
                f"{section(4, self.view.language)} to name."
            )
            return
        self._entry(
            f"Its name in section {section(4, self.view.language)}",
            "How the line names this item instead of its title and path (empty: title and path):",
            self.session.decision(ref).label or "",
            lambda text: self.session.set_label(ref, text),
        )

    @opens
    def action_word_exclusion(self) -> None:
        """What 四 says of the excluded item after its name, in the reviewer's words; the form
        starts from the tool's words (the reason with its citation, the notes). Saving the tool's
        words unchanged, or nothing, leaves the line to the tool (docs/brief.md)."""
        if self.read_only():
            return
        from briefdesk.core.brief.build import derived_wording

        ref = self.view.current
        four = section(4, self.view.language)
        if ref is None or self.session.decision(ref).status != "exclude":
            self.notify(f"Only an excluded item has a line of its own in section {four} to word.")
            return
        decision = self.session.decision(ref)
        try:
            derived = derived_wording(self.view.review, self.session.data, ref) or ""
        except BriefdeskError as exc:
            self.notify(str(exc), severity="error")
            return
        cites = decision.duplicate_of
        kept = f" It still cites {cites} in the brief's record." if cites else ""
        self._entry(
            f"Its words in section {four}",
            f"What the line says after the item's name (empty: the tool's words).{kept}",
            decision.wording or derived,
            lambda text: self.session.set_wording(ref, None if text == derived else text),
        )

    def action_arxiv_layout(self) -> None:
        """Section 三's groups: one id a line, or a group's ids on its heading's line (`inline`,
        as the seed writes them); one undo step each way."""
        if self.read_only():
            return
        inline = self.session.data.arxiv_layout == "inline"
        self.apply(lambda: self.session.set_arxiv_layout("lines" if inline else "inline"))
        three = section(3, self.view.language)
        self.notify(
            f"Section {three}: one arXiv id a line."
            if inline
            else f"Section {three}: each group's arXiv ids on its heading's line."
        )

    def _arxiv_target(self) -> tuple[str, tuple[str, ...]] | None:
        """The group of section 三 and the ids the 三 commands are about: those of the spot check
        highlighted in the brief pane's list when it has the focus, else the current item's."""
        entry = self.target_entry()
        if isinstance(entry, SpotCheck):
            try:
                material = self.view.review.spot_material(entry.path)
            except BriefdeskError:
                return None
            ids = (*material.arxiv, *(a for i in material.items for a in i.arxiv))
            return "spot", tuple(dict.fromkeys(ids))
        ref = self.view.current
        item = self.view.items.get(ref or "")
        if item is None:
            return None
        status = self.session.decision(item.ref).status
        group = {"include": "batch", "exclude": "excluded"}.get(status, "undecided")
        return group, item.arxiv

    @opens
    def action_arxiv_note(self) -> None:
        """What the parenthesis after the item's (or spot check's) arXiv id says in section 三,
        in the reviewer's words; the level is added when the note names none."""
        if self.read_only():
            return
        target = self._arxiv_target()
        three = section(3, self.view.language)
        if target is None or not target[1]:
            self.notify(f"This item carries no arXiv id to note in section {three}.")
            return
        arxiv_id = target[1][0]
        self._entry(
            f"arXiv:{arxiv_id} in section {three}",
            "What its parenthesis says (empty: the level alone); the level is added when the "
            "note names none:",
            self.session.data.arxiv_notes.get(arxiv_id, ""),
            lambda text: self.session.set_arxiv_note(arxiv_id, text),
        )

    @opens
    def action_arxiv_heading(self) -> None:
        """The heading of the group of section 三 the item (or spot check) is listed in, in the
        reviewer's words; the tool adds the count."""
        if self.read_only():
            return
        target = self._arxiv_target()
        three = section(3, self.view.language)
        if target is None:
            self.notify(f"Put the cursor on an item of a group of section {three} first.")
            return
        group = target[0]
        self._entry(
            f"The heading of its group in section {three}",
            "The group's heading (empty: the tool's); its count is added:",
            self.session.data.arxiv_headings.get(group, ""),
            lambda text: self.session.set_arxiv_heading(group, text),
        )

    @opens
    def action_edit_purpose(self) -> None:
        self._header("purpose")

    @opens
    def action_edit_background(self) -> None:
        self._header("background")

    @opens
    def action_edit_arxiv_note(self) -> None:
        if self.read_only():
            return
        self._entry(
            f"A note in section {section(3, self.view.language)}'s last line",
            "Why no other arXiv id is given (empty: none), printed before the closing clause:",
            self.session.data.arxiv_note or "",
            lambda text: self.session.set_text("arxiv_note", text),
        )

    def _header(self, which: str) -> None:
        if self.read_only():
            return
        data, manifest = self.session.data, self.view.review.batch.manifest
        purpose = data.purpose if data.purpose is not None else manifest.purpose
        background = data.background if data.background is not None else manifest.background
        label = field_label(which, self.view.language)
        if which == "purpose":
            self._entry(
                f"The brief's {label}",
                "One line of the header (empty: none); the manifest's until you write it:",
                purpose or "",
                lambda text: self.session.set_text("purpose", text or ""),
            )
        else:
            self._entry(
                f"The brief's {label}",
                "One paragraph of the header (empty: none); the manifest's until you write it:",
                background or "",
                lambda text: self.session.set_text("background", text or ""),
            )

    @opens
    def action_edit_increment(self) -> None:
        if self.read_only():
            return
        entry = self.target_entry()
        if entry is None:
            self.notify(
                "This item is in no increment: include it first (or pick a placement).",
                severity="warning",
            )
            return
        self.open_form(entry)

    def open_form(self, entry: Increment | SpotCheck) -> None:
        entries = self.session.plan.entries
        number = next(n for n, e in enumerate(entries, 1) if e.id == entry.id)
        if isinstance(entry, SpotCheck):
            heading, parts = f"Spot check · entry {number} of {section(1, self.view.language)}", []
        else:
            heading = f"Increment {number} of {section(1, self.view.language)}"
            parts = [(r, short_name(self.view.items[r].title) or r) for r in entry.parts]

        def save(draft: IncrementDraft) -> bool:
            """One undo step; refused (the form stays open with the draft) with a message."""
            try:
                self.session.update_increment(
                    entry.id,
                    title=draft.title,
                    points=draft.points,
                    relation=draft.relation,
                    boundary=draft.boundary,
                    placements=draft.placements,
                    sources=draft.sources,
                    boundary_note=draft.boundary_note,
                )
            except BriefdeskError as exc:
                self.notify(str(exc), severity="error")
                return False
            if self.session.save_error:
                self.screen.panes.draw_status()
            return True

        def remove(spot: SpotCheck) -> bool:
            self.apply(lambda: self.session.remove_spot_check(spot.id))
            self.notify(f"Removed the spot check {spot.path}; undo brings it back.")
            return True

        dialog = IncrementDialog(
            heading,
            entry,
            self.view.derived_entry(entry),
            self.view.review.living_doc.sections,
            parts,
            save,
            functools.partial(remove, entry) if isinstance(entry, SpotCheck) else None,
            prefill=self.view.fact_drafts(entry),
        )
        self.app.push_screen(dialog)

    # -- the batch's contradictions and handles -------------------------------------------------

    @opens
    def action_edit_notes(self) -> None:
        if self.read_only():
            return

        def notes(kind: Kind) -> list[Any]:
            return list(getattr(self.session.data, kind))

        self.app.push_screen(NotesDialog(notes, self.edit_note))

    def edit_note(self, change: NoteEdit) -> bool:
        """Apply one change of the notes dialog as one undo step; False when it was refused."""
        s = self.session
        contradiction = change.kind == "contradictions"
        try:
            if change.op == "add":
                if contradiction:
                    s.add_contradiction(change.text, change.refs)
                else:
                    s.add_handle(change.text, change.refs, change.detail)
            elif change.op == "edit":
                if contradiction:
                    s.edit_contradiction(change.index, text=change.text, refs=change.refs)
                else:
                    s.edit_handle(
                        change.index, text=change.text, refs=change.refs, detail=change.detail
                    )
            elif change.op == "move":
                mover = s.move_contradiction if contradiction else s.move_handle
                return mover(change.index, change.delta)
            else:
                (s.delete_contradiction if contradiction else s.delete_handle)(change.index)
        except BriefdeskError as exc:
            self.notify(str(exc), severity="error")
            return False
        if s.save_error:
            self.screen.panes.draw_status()
        return True

    # -- spot checks ---------------------------------------------------------------------------

    @opens
    def action_add_spot_check(self) -> None:
        if self.read_only():
            return
        try:
            candidates = self.view.review.spot_candidates()
        except BriefdeskError as exc:
            self.notify(str(exc), severity="error")
            return
        spots = {s.path: s for s in self.session.plan.spot_checks}
        try:  # a spot check whose file changed is offered again: picking it refreshes it
            stale = {s.path for s, _ in self.view.review.changed_spot_checks(spots.values())}
        except BriefdeskError:
            stale = set()
        candidates = [p for p in candidates if p not in spots or p in stale]
        if not candidates:
            self.notify("No material of the workspace is outside this batch.", severity="warning")
            return

        def done(path: str | None) -> None:
            if path is None:
                return
            try:
                material = self.view.review.spot_material(path)
                if path in spots:
                    spot_id = spots[path].id
                    self.session.refresh_spot_check(spot_id, material)
                    self.notify(f"Spot check {path} now cites the file as it is.")
                else:
                    spot_id = self.session.add_spot_check(material)
            except BriefdeskError as exc:
                self.notify(str(exc), severity="error")
                return
            self.open_form(self.session.entry(spot_id))

        self.app.push_screen(SpotCheckDialog(candidates, self.spot_preview), done)

    def spot_preview(self, path: str) -> Content:
        try:
            material = self.view.review.spot_material(path)
        except BriefdeskError as exc:
            return line(str(exc), "$error")
        body = "\n\n".join(i.body for i in material.items)
        return Content.assemble(
            line(material.title, "bold"),
            (" · ", "$text-muted"),
            line(material.evidence.label(self.view.language), "$text-secondary"),
            "\n",
            line(excerpt(body, 240)),
        )
