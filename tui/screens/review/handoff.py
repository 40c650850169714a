"""Ways out of the desk and back: the item's file in the pager or the editor, a ref on the
clipboard, a URL in the browser, the topic's brief history.

After the editor the material's bytes are compared with what the desk loaded: when they changed,
the batch is read again (`BriefdeskApp.reopen_batch`), every decision kept (the session follows
items by their text, core.review.session), the cursor where it was.
"""

from __future__ import annotations

from pathlib import Path

from briefdesk.core.model.values import Item
from briefdesk.core.storage.fileio import sha256_file

from ...handoff import at_line, copy_text, open_and_report, program, run_outside
from ...live import live
from ...typeahead import opens
from .base import Controller
from .guards import current


class Handoff(Controller):
    def _item_file(self, item: Item) -> Path:
        return self.view.review.workspace.root / item.material

    @current
    def action_open_material(self) -> None:
        item = self.view.items[self.view.current or ""]
        argv = at_line(program("pager"), self._item_file(item), item.line)
        outcome = run_outside(self.app, argv, self.view.review.workspace.root)
        self.screen.refresh(layout=True)
        if outcome.problem:
            self.notify(
                f"Cannot open the pager: {outcome.problem}. Set $PAGER.",
                severity="error",
            )

    @current
    def action_edit_material(self) -> None:
        item = self.view.items[self.view.current or ""]
        path = self._item_file(item)
        before = sha256_file(path)
        argv = at_line(program("editor"), path, item.line)
        outcome = run_outside(self.app, argv, self.view.review.workspace.root)
        self.screen.refresh(layout=True)
        if outcome.problem:
            self.notify(
                f"Cannot open the editor: {outcome.problem}. Set $VISUAL or $EDITOR.",
                severity="error",
            )
            return
        if sha256_file(path) == before:
            self.notify(f"{item.material} is unchanged.")
            return
        self.notify(f"{item.material} changed: reading the batch again.")
        self.app.call_later(self.app.reopen_batch, self.screen)

    def check_uncommitted(self) -> None:
        """Which materials git has not committed as they are (one `git status`, in a worker),
        for pane 2: asked when the screen opens, so right after `E` (the batch is read again)."""
        self.screen.run_worker(self._uncommitted, thread=True, exclusive=True, group="uncommitted")

    def _uncommitted(self) -> None:
        from briefdesk.core.git.materials import uncommitted_materials

        app = self.app  # now: once the screen is gone it has no app to find (NoActiveAppError)
        try:
            found = frozenset(uncommitted_materials(self.view.review))
        except Exception:  # not a repository, git missing: the commit screen will say so
            return
        if found != self.view.uncommitted:
            app.call_from_thread(self._uncommitted_found, found)

    def _uncommitted_found(self, found: frozenset[str]) -> None:
        if not live(self.screen):  # `git status` outlived the screen (popped, or quitting)
            return
        self.view.uncommitted = found
        self.screen.panes.show_current()

    @opens
    @current
    def action_copy_ref(self) -> None:
        from ...dialogs.choice import ChoiceDialog

        item = self.view.items[self.view.current or ""]
        choices = [("ref", item.ref), ("material", item.material)]
        choices += [("arXiv", arxiv) for arxiv in item.arxiv]
        choices += [("URL", url) for url in item.urls]

        def done(value: str | None) -> None:
            if value:
                self.notify(copy_text(self.app, value), title="clipboard")

        dialog = ChoiceDialog(
            "Copy to the clipboard",
            item.title,
            item.ref,
            choices,
            "1–9 or enter copies (with wl-copy, xclip, xsel or pbcopy when there is one, and"
            " always through the terminal: OSC 52) · esc cancels",
            self.screen.keymap.keys("copy_ref"),
        )
        self.app.push_screen(dialog, done)

    @opens
    @current
    def action_open_url(self) -> None:
        from ...dialogs.choice import ChoiceDialog

        item = self.view.items[self.view.current or ""]
        material = self.view.materials.get(item.material)
        urls = list(dict.fromkeys((*item.urls, *(material.urls if material else ()))))
        if not urls:
            self.notify("The item names no URL.", severity="warning")
            return

        def done(url: str | None) -> None:
            if url:
                open_and_report(self.app, url)

        dialog = ChoiceDialog(
            "Open in the web browser?",
            item.title,
            item.ref,
            [("URL", url) for url in urls],
            "Read the address: enter or its number opens it in your browser · esc cancels",
        )
        self.app.push_screen(dialog, done)

    @opens
    def action_history(self) -> None:
        from ..history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.view.review.workspace, self.view.review.topic))
