"""The command palette's review commands: every keymap action, by name, with its keys.

The palette is the way in when an input method swallows single-letter keys, so it offers every
action docs/keys.md lists, plus a few that have no key (undecide, confirm, clear filter).
Descriptions are ours; matching offsets are styled on Content built from plain text (Textual's
`Matcher.highlight` would parse its argument as markup).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from briefdesk.core.settings.keymap import ACTIONS
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import FuzzySearch

from .keys import keys_display
from .live import live

EXTRA = (
    ("undecide", "Undecide: set the item back to undecided"),
    ("confirm", "Confirm: make the proposed decision of the item your own"),
    ("split", "Split: take the item out of its merged increment into one of its own"),
    ("describe", "Describe: make the item its increment absorbs a described part of it"),
    (
        "label_exclusion",
        "Label: how the brief's list of exclusions names the item (not title and path)",
    ),
    (
        "word_exclusion",
        "Word exclusion: what the brief's list of exclusions says of the item, in your words",
    ),
    (
        "arxiv_layout",
        "arXiv layout: the ids' groups one id a line, or each group's ids on one line",
    ),
    ("arxiv_note", "arXiv id note: what the parenthesis after the item's arXiv id says"),
    ("arxiv_heading", "arXiv group heading: the heading of the item's group of arXiv ids"),
    ("edit_purpose", "Purpose: write the purpose line of the brief's header"),
    ("edit_background", "Background: write the background paragraph of the brief's header"),
    ("edit_arxiv_note", "arXiv note: why the batch gives no other arXiv id (the ids' last line)"),
    ("clear_filter", "Clear the filter: show every item"),
    ("retry_save", "Retry saving the session now (after a disk or permission problem)"),
    (
        "gone_decisions",
        "Gone decisions: move a decision whose item is gone onto this item, or drop it",
    ),
)


class ReviewCommands(Provider):
    def _commands(self) -> list[tuple[str, str, str]]:
        """(action, text to match, key hint)."""
        screen = self.screen
        keymap = getattr(screen, "keymap", None) or getattr(self.app, "keymap", None)
        out = []
        for action in ACTIONS:
            keys = keys_display(self.app, keymap.keys(action.id)) if keymap is not None else ""
            out.append((action.id, f"{action.id.replace('_', ' ')}: {action.description}", keys))
        out.extend((action, text, "") for action, text in EXTRA)
        return out

    def _run(self, action: str) -> None:
        """A chosen hit: Textual calls this as the palette closes; the action runs after it
        (`call_later`), once the palette is off the screen."""
        self.app.call_later(self._act, action)

    async def _act(self, action: str) -> None:
        """Nothing once the screen the palette was opened on has gone (popped, or the desk
        quits): its action would query its removed widgets, or push a screen into a closing
        app (`tui.live`)."""
        if live(self.screen):
            await self.screen.run_action(action)

    def _hit_prompt(self, text: str, keys: str, offsets: Sequence[int] = ()) -> Content:
        content = Content(text)
        for offset in offsets:
            content = content.stylize("bold $accent underline", offset, offset + 1)
        if keys:
            content = Content.assemble(content, (f"   {keys}", "$text-muted"))
        return content

    async def discover(self) -> Hits:
        for action, text, keys in self._commands():
            yield DiscoveryHit(self._hit_prompt(text, keys), partial(self._run, action), text=text)

    async def search(self, query: str) -> Hits:
        search = FuzzySearch()
        for action, text, keys in self._commands():
            score, offsets = search.match(query, text)
            if score > 0:
                yield Hit(
                    score,
                    self._hit_prompt(text, keys, offsets),
                    partial(self._run, action),
                    text=text,
                )
