"""Edits of the batch's contradictions (section 二) and handles (section 五).

Both are ordered lists of `core.model.notes.Note`, edited by position (1-based in messages, 0-based
in
calls). A ref must name something (an item, a living-document section, an earlier brief's entry):
the session's resolver says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from ...errors import BriefdeskError
from ...model.decisions import Origin
from ...model.notes import Note
from .change import UNCHANGED, Change, View, moved

Kind = Literal["contradictions", "handles"]


def add(
    view: View, kind: Kind, text: str, refs: Iterable[str] = (), detail: str | None = None
) -> Change:
    note = _note(view, text, refs, detail)
    return _set(kind, [*_current(view, kind), note])


def edit(
    view: View,
    kind: Kind,
    index: int,
    *,
    text: str = UNCHANGED,
    refs: Iterable[str] = UNCHANGED,
    detail: str | None = UNCHANGED,
) -> Change:
    current = _current(view, kind)
    old = current[_index(current, index, kind)]
    current[index] = _note(
        view,
        old.text if text is UNCHANGED else text,
        old.refs if refs is UNCHANGED else refs,
        old.detail if detail is UNCHANGED else detail,
    )
    return _set(kind, current)


def move(view: View, kind: Kind, index: int, delta: int) -> Change:
    current = _current(view, kind)
    _index(current, index, kind)
    new = moved(current, index, delta)
    return Change() if new is None else _set(kind, new)


def delete(view: View, kind: Kind, index: int) -> Change:
    current = _current(view, kind)
    del current[_index(current, index, kind)]
    return _set(kind, current)


def _current(view: View, kind: Kind) -> list[Note]:
    return list(getattr(view.data, kind))


def _set(kind: Kind, notes: list[Note]) -> Change:
    if kind == "contradictions":
        return Change(contradictions=notes)
    return Change(handles=notes)


def _index(notes: list[Note], index: int, kind: Kind) -> int:
    if not 0 <= index < len(notes):
        what = "contradiction" if kind == "contradictions" else "handle"
        raise BriefdeskError(f"no {what} {index + 1} (there are {len(notes)})")
    return index


def _note(view: View, text: str, refs: Iterable[str], detail: str | None) -> Note:
    text = (text or "").strip()
    if not text:
        raise BriefdeskError("a note needs a text")
    clean = tuple(dict.fromkeys(r.strip() for r in refs if r.strip()))
    for ref in clean:
        if not known_ref(view, ref):
            raise BriefdeskError(
                f"ref {ref!r} names nothing known (an item, a living-document section "
                "docs/<topic>.md§<id>, or an earlier brief's entry)"
            )
    return Note(
        text=text, refs=clean, detail=(detail or "").strip() or None, origin=Origin.reviewer
    )


def known_ref(view: View, ref: str) -> bool:
    if ref in view.position:
        return True
    if view.resolves is not None:
        return view.resolves(ref)
    return "§" in ref or "#" in ref  # no resolver (a bare session): the shape only
