"""Pane 4: duplicate candidates (score, kind, ref, tier, why) and the highlighted one beside the
item.

The text both share is marked in both columns (`tui.highlight`). The highlighted candidate is
what mark_duplicate names. Below the list, when any touch the item, the claims that disagree
(`tui.widgets.claims`).
"""

from __future__ import annotations

from collections.abc import Sequence

from briefdesk.core.claims import Conflict
from briefdesk.core.model.values import Duplicate, ItemFacts
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from ..highlight import side_by_side
from ..text import line
from ..wording import language_of
from .claims import claims_content
from .pane_list import PaneList
from .sized_scroll import SizedScroll
from .sized_static import SizedStatic

KIND_STYLE = {"batch": "italic", "brief": "italic bold", "living-doc": "italic"}
WHY_SHORT = {"source": "source", "identity": "id", "text": "text", "facts": "facts"}
MAX_FACTS_SHOWN = 6  # of each list, beside the item's text


def short_ref(dup: Duplicate) -> str:
    """The candidate's ref as the list shows it: the file's name and the entry (`2026-11-01-e1-
    manual.md#5`, `inference.md§2.3`), so the number that tells two entries apart is never the
    part a narrow pane cuts off; the kind column says which folder it is from."""
    path, sep, tail = dup.ref.rpartition("§" if dup.kind == "living-doc" else "#")
    if not sep:
        return dup.ref.rsplit("/", 1)[-1]
    return f"{path.rsplit('/', 1)[-1]}{sep}{tail}"


def duplicate_prompt(dup: Duplicate, cite: str | None = None) -> Content:
    """`100 brief      2026-11-01-e1-manual.md#5  likely   source+text  <cite>`: the score, what
    the candidate is (its entry number early, so a narrow pane never cuts it), then its tier and
    why (`id`: a shared arXiv id or URL)."""
    likely = dup.tier == "likely"
    style = (
        "bold $error"
        if dup.score >= 95 and likely
        else "$warning"
        if likely
        else "$accent"
        if dup.tier == "update"
        else "$text-muted"
    )
    return Content.assemble(
        (f"{dup.score:3.0f} ", style),
        (f"{dup.kind:<10} ", KIND_STYLE.get(dup.kind, "")),
        line(short_ref(dup), "bold"),
        (
            f"  {dup.tier:<8} ",
            "" if likely else "$accent" if dup.tier == "update" else "$text-muted",
        ),
        (f"{'+'.join(WHY_SHORT[w] for w in dup.why)}", "$text-muted"),
        (f"  {cite}" if cite else "", "$text-muted"),
    )


def facts_content(facts: ItemFacts | None) -> Content:
    """`new  SGLang v0.5.21` / `known  vLLM v0.30.0 (§1.1)` / `conflicting  … (§1.2)`: what the
    item states beside its text, known ones with where, conflicting ones with the refs that
    state them otherwise (a claim conflict of 二 offers to become a contradiction below)."""
    if facts is None or not (facts.new or facts.known or facts.conflicting):
        return Content("")

    def where(refs: tuple[str, ...]) -> str:
        shown = [r[r.index("§") :] if "§" in r else r.rsplit("/", 1)[-1] for r in refs[:2]]
        return f" ({', '.join(shown)})" if shown else ""

    rows = [
        ("new", "$success", [f.text for f in facts.new]),
        ("known", "$text-muted", [f.text + where(f.refs) for f in facts.known]),
        ("conflicting", "$error", [f.text + where(f.refs) for f in facts.conflicting]),
    ]
    parts: list[Content] = []
    for label, style, texts in rows:
        if texts:
            parts.append(
                Content.assemble(
                    (f"{label:<12}", style), line("; ".join(texts[:MAX_FACTS_SHOWN])), "\n"
                )
            )
    return Content("").join(parts)


class DuplicateList(PaneList):
    def selected(self) -> Duplicate | None:
        option = self.highlighted_option
        if option is None or option.disabled or option.id is None:
            return None
        return self.candidates[int(option.id)]

    candidates: tuple[Duplicate, ...] = ()


class DuplicatesPane(Vertical):
    _memo: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        yield DuplicateList(id="dup-list")
        yield SizedStatic(id="dup-claims", markup=False)
        with Horizontal(id="dup-compare"):
            with SizedScroll(id="dup-left", can_focus=False):
                yield SizedStatic(id="dup-item", markup=False)
            with SizedScroll(id="dup-right", can_focus=False):
                yield SizedStatic(id="dup-cand", markup=False)

    @property
    def list(self) -> DuplicateList:
        return self.query_one(DuplicateList)

    def show(
        self,
        item_text: str,
        duplicates: tuple[Duplicate, ...] | None,
        cites: dict[str, str],
        cluster: Sequence[str] | None = None,
        cluster_key: str = "",
        facts: ItemFacts | None = None,
    ) -> None:
        """`duplicates` None while matching runs; `cites` says how a brief entry is cited;
        `cluster` the batch items this one forms a cluster with (itself included), shown as one
        line above the candidates; `facts` the item's new / known / conflicting facts
        (docs/facts.md), shown above its text. Called again with what the pane shows, it does
        nothing."""
        memo = (item_text, duplicates, cites, tuple(cluster or ()), cluster_key, facts)
        if memo == self._memo:
            return
        self._memo = memo
        self._item_text = item_text
        self._facts = facts_content(facts)
        self._compared = None
        dl = self.list
        dl.candidates = duplicates or ()
        if duplicates is None:
            options = [Option(Content.styled("matching…", "$text-muted"), disabled=True)]
        elif not duplicates:
            options = [
                Option(Content.styled("no duplicate candidates", "$text-muted"), disabled=True)
            ]
        else:
            options = [
                Option(duplicate_prompt(d, cites.get(d.ref)), id=str(i))
                for i, d in enumerate(duplicates)
            ]
        if cluster:
            head = Content.assemble(
                (f"cluster of {len(cluster)} batch items", "bold $warning"),
                (
                    f"  {cluster_key}: keep this one, the others become its duplicates",
                    "$text-muted",
                ),
            )
            options.insert(0, Option(head, disabled=True))
        dl.set_options(options)
        dl.highlighted = (1 if cluster else 0) if duplicates else None
        self.compare(dl.selected())

    _claims_memo: tuple[object, ...] | None = None

    def show_claims(
        self,
        ref: str | None,
        conflicts: tuple[Conflict, ...],
        adopted: tuple[bool, ...] = (),
        key: str | None = None,
    ) -> None:
        """The conflicts touching item `ref`; the section is hidden when there are none."""
        memo = (ref, conflicts, adopted, key)
        if memo == self._claims_memo:
            return
        self._claims_memo = memo
        section = self.query_one("#dup-claims", Static)
        if ref is None or not conflicts:
            section.display = False
            section.update("")
            return
        section.update(
            claims_content(
                ref, conflicts, adopted or (False,) * len(conflicts), key, language_of(self.app)
            )
        )
        section.display = True

    _compared: tuple[str, Duplicate | None] | None = None

    def compare(self, dup: Duplicate | None) -> None:
        """The item and `dup` side by side. The list announces a highlight after `show` has
        already compared its first candidate: the same pair again is not aligned and laid out
        twice."""
        pair = (getattr(self, "_item_text", ""), dup)
        if pair == self._compared:
            return
        self._compared = pair
        left = self.query_one("#dup-item", Static)
        right = self.query_one("#dup-cand", Static)
        if dup is None:
            left.update("")
            right.update("")
            return
        a, b, shared = side_by_side(getattr(self, "_item_text", ""), dup.text)
        head_a = getattr(self, "_facts", Content("")) + Content.styled(
            f"this item · {shared} shared\n", "$text-muted"
        )
        head_b = Content.assemble(
            (f"{dup.kind} ", "$text-muted"), line(dup.ref, "$text-muted"), "\n"
        )
        left.update(head_a + a)
        right.update(head_b + b)

    @on(PaneList.OptionHighlighted, "#dup-list")
    def _candidate_highlighted(self, event: PaneList.OptionHighlighted) -> None:
        event.stop()
        self.compare(self.list.selected())
