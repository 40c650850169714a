"""A `BriefModel` laid out as the seed's plain text (docs/brief.md).

The output is saved as `.md` and read back by `core.workspace.earlier_briefs` when later batches
look for
duplicates, so its line shapes are a contract: section lines `一、…` / `I. …` at the margin,
increments `n. <title>` at the margin, sub-bullets `  • …`, numbered lines `  n. …` in 二 and 五,
`  - …` in 三 (or, laid out `inline`, a group's ids after ` - ` on its heading's line, which a
later batch reads as no entry, as it reads the seed's). A multi-line text the reviewer wrote
continues on lines indented by four spaces,
which no reader takes for a new entry or section. Every string comes from the model, which holds
nothing unsafe; this module adds only marks, indents and blank lines, so the same model always
gives the same bytes.
"""

from __future__ import annotations

from .content import BriefModel, LineModel

BULLET = "  • "
CONTINUATION = "    "


class _Lines:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def emit(self, *lines: str) -> None:
        self.lines.extend(lines)

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def heading(self, text: str) -> None:
        """A section line with a blank line on each side, as the seed and
        `core.workspace.earlier_briefs` expect."""
        self.blank()
        self.emit(text)
        self.blank()

    def text(self, prefix: str, text: str) -> None:
        first, *rest = text.split("\n")
        self.emit(prefix + first, *(CONTINUATION + line for line in rest))

    def numbered(self, lines: tuple[LineModel, ...], none: str) -> None:
        if not lines:
            self.emit("  " + none)
        for n, line in enumerate(lines, 1):
            self.text(f"  {n}. ", line.text)


def render_model(model: BriefModel) -> str:
    """The brief's text, ending with exactly one newline."""
    out = _Lines()
    out.emit(model.title)
    out.blank()
    for header in model.header:
        out.text(BULLET, header)

    out.heading(model.section1)
    if not model.entries:
        out.emit("  " + model.none)
    for entry in model.entries:
        out.blank()
        out.emit(f"{entry.number}. {entry.title}")
        out.blank()
        values = (entry.source, entry.points, entry.relation, entry.placement, entry.boundary)
        labels = (*model.labels[:4], entry.boundary_label or model.labels[4])
        for label, value in zip(labels, values, strict=True):
            out.text(BULLET + label, value)

    out.heading(model.section2)
    out.numbered(model.contradictions, model.none)

    out.heading(model.section3)
    for group in model.arxiv:
        out.blank()
        if model.arxiv_layout == "inline":  # `本批材料直接涉及（8 个） - arXiv:… - arXiv:…`
            out.emit(group.heading + "".join(" - " + line for line in group.lines))
        else:
            out.emit(group.heading, *("  - " + line for line in group.lines))
    out.blank()
    out.emit(model.arxiv_tail)

    out.heading(model.section4)
    if not model.exclusions:
        out.emit("  " + model.none)
    for bullet in model.exclusions:
        out.text(BULLET, bullet.text)

    out.heading(model.section5)
    out.numbered(model.handles, model.none)

    out.blank()
    out.emit(model.closing)
    return "\n".join(out.lines).rstrip("\n") + "\n"
