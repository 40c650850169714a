"""The briefdesk app: opens a workspace, applies the keymap, picks and loads a batch, and hosts the
review screen. Loading runs in a worker thread; any `BriefdeskError` becomes an error screen
naming the file and the problem, never a traceback.
"""

from __future__ import annotations

import datetime as dt
import gc
from pathlib import Path
from typing import Any

from briefdesk.core.errors import BriefdeskError, SessionLocked
from briefdesk.core.review.load import Review
from briefdesk.core.review.session import Session
from briefdesk.core.settings.keymap import Keymap, choose, load_keymap
from briefdesk.core.workspace.layout import Workspace
from textual import events, work
from textual.app import App
from textual.screen import Screen
from textual.theme import Theme
from textual.timer import Timer

from . import textual_private
from .listkeys import as_list_key, cursor_keys, moves
from .live import quitting
from .screens.error import ErrorScreen
from .screens.loading import LoadingScreen
from .typeahead import KeyGate

textual_private.mend_styles_cache()  # a cache in Textual that keeps every drawn widget alive
textual_private.split_escape()  # Escape, then a key typed at once: two keys, not Alt+key

LOADING_SCREEN_AFTER = 0.25  # seconds a batch may take to load before "Loading…" is shown


class BriefdeskApp(App[int]):
    CSS_PATH = "briefdesk.tcss"
    TITLE = "briefdesk"

    def __init__(
        self,
        workspace: Path | str,
        batch: str | None = None,
        keymap: str | None = None,
        *,
        today: dt.date | None = None,
        match: bool = True,
    ) -> None:
        super().__init__()
        self.workspace_dir = Path(workspace)
        self.batch_name = batch
        self.keymap_spec = keymap
        self.today = today  # the picker's "days ago"; fixed in tests
        self.match = match  # run matching (tests of key handling may skip it)
        self.ws: Workspace | None = None
        self.keymap: Keymap = load_keymap("default")
        self.sessions: list[Session] = []
        self._loading: Timer | None = None  # shows the loading screen if a batch takes a while
        self._saved_theme: str | None = None  # the theme the user's config holds
        self.key_gate = KeyGate(self, self._hand_on, self._quick, self._text)
        self._hold = 0  # the gate's hold for the batch loading (`KeyGate.hold`)
        self.list_keys: dict[str, str] = {}  # the keymap's moving keys (`tui.listkeys`)
        self.cursor_keys: frozenset[str] = frozenset()  # and the review's cursor-only keys

    async def on_event(self, event: events.Event) -> None:
        """Keys and pastes from the terminal go through the gate (`tui.typeahead`): one at a
        time, each to the screen it was typed for; none once quitting has begun."""
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            await self.key_gate.admit(event)
        else:
            await super().on_event(event)

    def _quick(self, event: events.Event) -> bool:
        """A moving key on the review (it opens, closes and focuses nothing): no waiting."""
        from .screens.review import ReviewScreen

        return (
            isinstance(event, events.Key)
            and event.key in self.cursor_keys
            and isinstance(self.screen, ReviewScreen)
        )

    def _text(self, event: events.Event) -> bool:
        """Text for a field that no key of the keymap stands for (`份`, `é`; a paste); a digit is
        not (`1`-`5` focus the panes). After a number chose in the exclude dialog, such a key in
        its burst shows the burst was a reason typed blind (`tui.typeahead`)."""
        if isinstance(event, events.Paste):
            return True
        if not isinstance(event, events.Key) or not event.is_printable or not event.character:
            return False
        return not event.character.isdigit() and self.keymap.action_for(event.key) is None

    async def _hand_on(self, event: events.Event) -> None:
        """A key as Textual handles it; outside the review, a moving key of the keymap moves
        the focused list (`tui.listkeys`)."""
        from .screens.review import ReviewScreen

        if isinstance(event, events.Key) and not isinstance(self.screen, ReviewScreen):
            event = as_list_key(event, self.focused, self.list_keys)
        await super().on_event(event)

    def exit(self, result: int | None = None, return_code: int = 0, message: Any = None) -> None:
        self.key_gate.close()  # nothing typed after quitting runs
        super().exit(result, return_code, message)

    async def action_quit(self) -> None:
        """ctrl+q (Textual's own quit, bound on the app) goes through the review's quit, which
        asks before decisions that could not be saved are lost."""
        from .screens.review.screen import ReviewScreen

        review = next((s for s in reversed(self.screen_stack) if isinstance(s, ReviewScreen)), None)
        if review is None:
            self.exit()
        else:
            review.request_quit()

    def on_mount(self) -> None:
        try:
            self.ws = Workspace.open(self.workspace_dir, {"keymap": self.keymap_spec})
        except BriefdeskError as exc:
            self.push_screen(ErrorScreen("briefdesk cannot open this workspace", str(exc)))
            return
        try:
            self.keymap = choose(self.ws.settings, self.ws.root)
        except BriefdeskError as exc:
            self.push_screen(ErrorScreen("briefdesk refuses this keymap", str(exc)))
            return
        self.set_keymap(self.keymap.textual_keymap())
        self.list_keys = moves(self.keymap)
        self.cursor_keys = cursor_keys(self.keymap)
        self._restore_theme()
        if self.batch_name:
            self.open_batch(self.batch_name, from_picker=False)
        else:
            self.show_picker()

    def _restore_theme(self) -> None:
        """The theme the reviewer chose last time (`theme` in their config); a choice made now
        (command palette, "Change theme") is remembered there for the next start."""
        assert self.ws is not None
        wanted = self.ws.settings.theme
        if wanted and wanted in self.available_themes:
            self.theme = wanted
        self._saved_theme = self.theme
        self.theme_changed_signal.subscribe(self, self._remember_theme)

    def _remember_theme(self, theme: Theme) -> None:
        from briefdesk.core.settings.userfile import remember

        assert self.ws is not None
        if theme.name == self._saved_theme or self.ws.settings.origin("theme") in ("flag", "env"):
            return  # nothing new, or chosen for this run only
        self._saved_theme = theme.name
        if not remember("theme", theme.name):
            self.notify("The theme could not be saved in your config.", severity="warning")

    def show_picker(self) -> None:
        from .screens.picker import BatchPicker

        assert self.ws is not None
        self.push_screen(
            BatchPicker(
                self.ws,
                lambda stem: self.open_batch(stem, from_picker=True),
                self.today,
                self.keymap,
            )
        )

    def open_batch(self, name: str, from_picker: bool) -> None:
        gc.unfreeze()  # a batch opened before this one may be collected again
        # the keys typed from now on are for the batch's review, not the picker still on top
        self._hold = self.key_gate.hold(name)
        # "Loading…" only when loading takes a while: drawing it costs the loading thread the
        # GIL, and a batch whose parses are cached loads in about a tenth of a second
        self._loading = self.set_timer(LOADING_SCREEN_AFTER, lambda: self._show_loading(name))
        self._load(name, from_picker)

    def _show_loading(self, name: str) -> None:
        if self._loading is not None:  # a timer stopped once its event was on its way still fires
            self._loading = None
            if quitting(self):  # ctrl+q before the timer's callback ran (`tui.live`)
                return
            self.push_screen(LoadingScreen(name))

    def _show(self, screen: Screen[Any]) -> None:
        """Replace the loading screen with `screen`, or push it if loading was quick."""
        timer, self._loading = self._loading, None
        if timer is not None:
            timer.stop()
        if isinstance(self.screen, LoadingScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.key_gate.resume(screen, self._hold)  # the keys typed while it loaded, in order

    @work(thread=True, exclusive=True, group="load")
    def _load(self, name: str, from_picker: bool) -> None:
        from briefdesk.core.review.load import load_review

        assert self.ws is not None
        try:
            review = load_review(self.ws, name)
            readonly = None
            try:
                session = review.open_session()
            except SessionLocked as exc:
                readonly = str(exc)
                session = review.open_session(readonly=True)
            else:
                review.save_parsed()  # so that the next open parses nothing
            reviewer = self._reviewer(review)
        except BriefdeskError as exc:
            self.call_from_thread(self._failed, name, str(exc), from_picker)
            return
        except Exception as exc:  # a bug: say what it was, keep the terminal sane
            self.call_from_thread(
                self._failed, name, f"internal error: {type(exc).__name__}: {exc}", from_picker
            )
            return
        self.call_from_thread(self._loaded, review, session, reviewer, readonly)

    @staticmethod
    def _reviewer(review: Review) -> str | None:
        from briefdesk.core.settings.reviewer import reviewer_name

        try:
            return reviewer_name(review.workspace)
        except BriefdeskError:
            return None

    def _failed(self, name: str, problem: str, from_picker: bool) -> None:
        # a load that fails as the desk quits shows no error screen: a screen pushed into a
        # closing app never composes its widgets (`tui.live`)
        if quitting(self):
            return
        self.key_gate.abandon("it could not be opened", self._hold)
        self._show(
            ErrorScreen(f"briefdesk cannot open batch {name}", problem, can_go_back=from_picker)
        )

    def _loaded(
        self, review: Review, session: Session, reviewer: str | None, readonly: str | None
    ) -> None:
        from .screens.review import ReviewScreen

        if quitting(self):  # nobody will review it: let the batch go (its lock too)
            session.close()
            return
        self.sessions.append(session)
        # the loaded batch (3,000 items are a million objects) lives as long as its screen: set
        # it aside from the collector, which otherwise walks it again and again during the first
        # paint (measured: 0.14 s of collections in the 3,000-item benchmark)
        gc.freeze()
        screen = ReviewScreen(
            review,
            session,
            self.keymap,
            reviewer=reviewer,
            readonly_reason=readonly,
            match=self.match,
            width=self.size.width,
        )
        self._show(screen)
        if readonly:
            self.notify(
                f"{readonly}. This window is read-only: you can look, not change.",
                title="batch in use",
                severity="warning",
                markup=False,
                timeout=8,
            )

    async def reopen_batch(self, screen: Screen[Any]) -> None:
        """Read the batch of the review `screen` again (its files changed under the desk): the
        screen goes, its session is closed, and the batch opens afresh, every decision kept and
        the cursor where it was."""
        from .screens.picker import BatchPicker
        from .screens.review import ReviewScreen

        if screen is not self.screen or not isinstance(screen, ReviewScreen):
            return
        screen.save_cursor()
        stem = screen.review.batch.stem
        from_picker = any(isinstance(s, BatchPicker) for s in self.screen_stack)
        # until the batch is read again: not for the picker beneath (open_batch holds anew)
        self._hold = self.key_gate.hold(stem)
        await self.pop_screen()
        session = screen.session
        session.close()
        if session in self.sessions:
            self.sessions.remove(session)
        self.open_batch(stem, from_picker)

    def close_sessions(self) -> None:
        for session in self.sessions:
            session.close()

    def on_unmount(self) -> None:
        self.close_sessions()
