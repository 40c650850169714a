"""The living document's numbered sections (docs/workspace.md): what placements point at.

A section is any ATX heading outside fenced code whose text starts with a section number
(`1.2`, `§4.2`, `5.8.`, `3`). Every heading, numbered or not, ends the previous section's text.
When an id occurs twice the first heading keeps it and later ones are ignored, so a placement
always resolves to one place; their text then belongs to no section.
"""

from __future__ import annotations

import re

from ..model.values import LivingDoc, Section
from ..text.markdown import atx_heading, fenced, split_lines
from .frontmatter import front_matter_lines, split_front_matter

# The number must end the token: `3D 渲染` and `1.2x` are not sections, `4.2内存杠杆` is.
_NUMBERED = re.compile(r"§?[ \t]*([0-9]+(?:\.[0-9]+)*)\.?(?![0-9A-Za-z_.])[ \t]*(.*)")


def section_number(heading: str) -> tuple[str, str] | None:
    """`(id, title)` when a heading's text starts with a section number."""
    match = _NUMBERED.fullmatch(heading)
    return (match.group(1), match.group(2).strip()) if match else None


def parse_living_doc(path: str, text: str) -> LivingDoc:
    """The document's numbered sections, in file order, ids unique (first one wins)."""
    _, body = split_front_matter(text, path)
    offset = front_matter_lines(text, body)
    sections: list[Section] = []
    seen: set[str] = set()
    current: tuple[str, str, int, int] | None = None  # id, title, level, line
    collected: list[str] = []

    def close() -> None:
        if current is not None:
            section_id, title, level, line = current
            sections.append(
                Section(id=section_id, title=title, level=level, line=line, text=_trim(collected))
            )

    for index, (line_text, in_code) in enumerate(fenced(split_lines(body))):
        heading = None if in_code else atx_heading(line_text)
        if heading is None:
            collected.append(line_text)
            continue
        close()
        current, collected = None, []
        level, heading_text = heading
        number = section_number(heading_text)
        if number is not None and number[0] not in seen:
            seen.add(number[0])
            current = (number[0], number[1], level, offset + index + 1)
    close()
    return LivingDoc(path=path, sections=tuple(sections))


def _trim(lines: list[str]) -> str:
    """Join a section's lines without the blank lines around them."""
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return "\n".join(lines[start:end])
