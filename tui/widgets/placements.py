"""Pane 3: the ranked living-document sections proposed for the current item, the chosen one marked.

The highlighted row is what accept_placement takes; it starts on the best proposal.
"""

from __future__ import annotations

from briefdesk.core.model.increments import Placement as Proposal
from briefdesk.core.model.values import LivingDoc, Placement
from textual.content import Content
from textual.widgets.option_list import Option

from ..text import CHOSEN, PROPOSED, line
from .pane_list import PaneList


def placement_prompt(section: str, title: str, score: float | None, chosen: bool) -> Content:
    mark = (f"{CHOSEN} ", "bold $success") if chosen else (f"{PROPOSED} ", "$text-muted")
    score_part = (
        (f"{score:3.0f} ", "$text-secondary") if score is not None else ("  - ", "$text-muted")
    )
    return Content.assemble(mark, score_part, (f"§{section} ", "bold"), line(title))


class PlacementsPane(PaneList):
    pick_hint = "p"  # the pick_placement key, set by the screen from the keymap
    _memo: tuple[object, ...] | None = None

    accept_hint = "a"  # the accept_placement key, set by the screen from the keymap

    def show(
        self,
        placements: tuple[Placement, ...] | None,
        chosen: str | None,
        doc: LivingDoc,
        offered: Proposal | None = None,
    ) -> None:
        """`placements` None while matching runs; `offered`, the manifest's own proposal for an
        undecided item (`core.review.proposals.open_placements`), comes first and is highlighted.
        Called again with what the pane shows, it does nothing (the highlight stays where the
        reviewer moved it)."""
        memo = (placements, chosen, doc, offered)
        if memo == self._memo:
            return
        self._memo = memo
        options: list[Option] = []
        if offered is not None:
            section = doc.section(offered.section)
            options.append(
                Option(
                    Content.assemble(
                        ("◇ manifest ", "bold $warning"),
                        (f"§{offered.section} ", "bold"),
                        line(section.title if section else "(not in the living document)"),
                        (
                            f"  proposed, to confirm: {offered.action} · "
                            f"{self.accept_hint} includes it there",
                            "$text-warning",
                        ),
                    ),
                    id=offered.section,
                )
            )
        proposed = {p.section for p in placements or ()}
        if offered is not None:
            proposed = {offered.section}
            if placements is not None:
                placements = tuple(p for p in placements if p.section != offered.section)
        if chosen and chosen not in proposed:
            section = doc.section(chosen)
            options.append(
                Option(
                    placement_prompt(
                        chosen,
                        section.title if section else "(not in the living document)",
                        None,
                        True,
                    ),
                    id=chosen,
                )
            )
        for p in placements or ():
            options.append(
                Option(
                    placement_prompt(p.section, p.title, p.score, p.section == chosen), id=p.section
                )
            )
        if placements is None:
            options.append(Option(Content.styled("matching…", "$text-muted"), disabled=True))
        elif not options:  # nothing matched, nothing offered
            options.append(
                Option(
                    Content.styled(
                        f"no section proposed: {self.pick_hint} picks one", "$text-muted"
                    ),
                    disabled=True,
                )
            )
        self.set_options(options)
        first_proposal = next((i for i, o in enumerate(options) if o.id in proposed), None)
        self.highlighted = (
            first_proposal
            if first_proposal is not None
            else (0 if options and not options[0].disabled else None)
        )

    def selected_section(self) -> str | None:
        option = self.highlighted_option
        return option.id if option is not None and not option.disabled else None
