"""Commit: what will be committed (the brief, the message with its trailers, the files), a
warning while items are undecided, then the new commit's sha.

The commit itself is `core.git.commit.commit_brief`, run in a worker thread (hooks may take time);
this screen only asks and reports. Undecided items are committed only after the reviewer has
seen the warning and pressed commit again here, which is the TUI's `--allow-undecided`.

Its head says what the commit message will say (`core.brief.message.summary`: the subject's count
of increments, the `Decisions:` figures), then what is worth a second look before committing:
increments still carrying generated filler (`core.brief.filler`) and a reviewer's name taken from
the shared `briefdesk.yaml` that is not the committer's (`core.settings.reviewer`, the CLI's words).
Those warnings are each wrapped in full in a box of their own (`Warnings`) whose top line counts
them; when they take more lines than the box has (a quarter of the screen), it scrolls and has
the focus, so none is cut off unseen and the brief, the message and the commit key stay on screen.
"""

from __future__ import annotations

import contextlib
from typing import ClassVar

from briefdesk.core.brief.content import BriefModel
from briefdesk.core.errors import BriefdeskError
from briefdesk.core.review.load import Review
from briefdesk.core.review.session import Session
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..keys import keyed
from ..live import live
from ..text import block, line


class Warnings(VerticalScroll):
    """The warnings to look at before committing, one paragraph each, wrapped in full.

    Its top line says how many there are; when they do not all fit, it says how to read the rest
    and scrolls (its scrollbar shows, and ↑ ↓ pgup pgdn scroll it once focused): a warning is
    never cut off without a sign that more follows."""

    def __init__(self) -> None:
        super().__init__(id="commit-warnings")
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static(id="commit-notices", markup=False)

    def show(self, notices: list[str]) -> None:
        self.count = len(notices)
        text = self.query_one("#commit-notices", Static)
        text.update(block("\n".join(notices)))
        text.display = self.display = bool(notices)
        self.title()

    def overflows(self) -> bool:
        """More lines than the box shows: some of the warnings are only reached by scrolling."""
        return self.max_scroll_y > 0

    def title(self) -> None:
        """`5 warnings`, and while they do not all fit which lines are shown and how to scroll."""
        count = f"{self.count} warning{'s' if self.count != 1 else ''}"
        if not self.overflows():
            self.border_title = count
            return
        top, shown = round(self.scroll_y), self.scrollable_content_region.height
        keys = "↑↓ pgdn scroll, tab moves on" if self.has_focus else "tab here to scroll"
        self.border_title = (
            f"{count} · lines {top + 1}-{top + shown} of {self.virtual_size.height} · {keys}"
        )

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.title()

    def on_resize(self, event: events.Resize) -> None:  # its size or its content's changed
        self.title()

    def watch_has_focus(self, _has_focus: bool) -> None:  # the keys it names are its own now
        super().watch_has_focus(_has_focus)
        self.title()


class CommitScreen(ModalScreen[str | None]):
    """Dismisses with the new sha, or None when nothing was committed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back", show=False),
        Binding("m", "commit_materials", "commit the materials first", show=False),
        keyed("commit", "commit"),  # "press commit again", with the keymap's own key
    ]

    def __init__(
        self,
        review: Review,
        session: Session,
        brief: str,
        message: str | None,
        reviewer: str | None,
        problem: str | None = None,
    ) -> None:
        super().__init__(classes="fullscreen")
        self.review = review
        self.session = session
        self.brief = brief
        self.message = message
        self.reviewer = reviewer
        self.problem = problem  # known before trying: no reviewer, read-only ...
        self.sha: str | None = None
        self.busy = False
        self.model: BriefModel | None = None
        self.uncommitted: list[str] = []  # materials git has not committed as they are
        self.manifest: tuple[str, str] | None = None  # the batch's manifest, when committed too

    def notices(self) -> list[str]:
        """What to look at before committing, one line each (shown under the head)."""
        from briefdesk.core.brief.filler import filler
        from briefdesk.core.git.materials import material_commit_message
        from briefdesk.core.settings.reviewer import committer_warning

        out: list[str] = []
        if self.model is not None:
            for entry in filler(self.model):
                out.append(
                    f"⚠ increment {entry.number} ({entry.title}) still prints generated text "
                    f"for {', '.join(entry.fields)}: write it, or it is committed as it reads."
                )
        if self.uncommitted:
            names = ", ".join(self.uncommitted)
            one = len(self.uncommitted) == 1
            out.append(
                f"⚠ {names} {'has' if one else 'have'} uncommitted changes (edited during the "
                "review?): the brief's Material: trailers record each file as committed. "
                f"m commits {'it' if one else 'them'} first, as a commit of its own: "
                f"“{material_commit_message(self.review, self.uncommitted).splitlines()[0]}”."
            )
        if not self.problem:
            try:
                warning = committer_warning(self.review.workspace)
            except BriefdeskError:
                warning = None
            if warning:
                out.append(f"⚠ {warning}.")
        return out

    def compose(self) -> ComposeResult:
        from briefdesk.core.brief import build_model
        from briefdesk.core.brief.message import commit_message, summary
        from briefdesk.core.git.commit import manifest_to_commit

        counts = self.session.counts()
        undecided = counts["undecided"]
        try:
            self.model = build_model(self.review, self.session.data, reviewer=self.reviewer)
        except BriefdeskError:
            self.model = None  # the brief pane says why
        if not self.problem:
            self.uncommitted = self._uncommitted()
            self.manifest = manifest_to_commit(self.review, self.session)
            if self.manifest and self.model is not None and self.reviewer:
                with contextlib.suppress(BriefdeskError):  # the message as the commit writes it
                    self.message = commit_message(
                        self.review,
                        self.session.data,
                        self.reviewer,
                        model=self.model,
                        manifest=self.manifest,
                    )
        with Vertical(id="commit"):
            tally = (
                summary(self.model, counts)
                if self.model is not None
                else f"confirmed {counts['confirmed']}/{counts['items']}"
            )
            head = Content.assemble(("Commit the brief  ", "bold"), (tally, "$text-muted"))
            yield Static(head, id="commit-head", markup=False)
            yield Warnings()
            files = Content.assemble(
                (f"writes and commits exactly these {self._files_count()} files:\n", "$text-muted"),
                ("  ", ""),
                line(self.review.brief_path, "bold"),
                "\n",
                ("  ", ""),
                line(self.review.sidecar_path, "bold"),
                *self._manifest_line(),
            )
            yield Static(files, id="commit-files", markup=False)
            if undecided and not self.problem:
                warning = (
                    f"⚠ {undecided} item{'s are' if undecided != 1 else ' is'} still undecided. "
                    "The brief's header will say so. Press commit again (ctrl+s) to commit anyway, "
                    "or esc to go back and decide."
                )
                yield Static(warning, id="commit-warning", markup=False)
            with Horizontal(id="commit-body"):
                with VerticalScroll(id="commit-brief") as left:
                    left.border_title = line(self.review.brief_path.rsplit("/", 1)[-1])
                    yield Static(block(self.brief), markup=False)
                with VerticalScroll(id="commit-message") as right:
                    right.border_title = "commit message"
                    yield Static(
                        block(self.message or "(no commit message: see below)"), markup=False
                    )
            yield Static(id="commit-status", markup=False)
            with VerticalScroll(id="commit-output") as output:  # a refusing hook's whole say
                output.border_title = "what git and its hooks said"
                output.display = False
                yield Static(id="commit-output-text", markup=False)
            with Horizontal(classes="buttons"):
                if self.uncommitted:
                    yield Button("Commit the materials first  m", id="commit-materials")
                if self.problem:
                    yield Button("Cannot commit", id="do-commit", variant="default")
                else:
                    label = "Commit anyway  ctrl+s" if undecided else "Commit  ctrl+s"
                    yield Button(
                        label, id="do-commit", variant="warning" if undecided else "success"
                    )
                yield Button("Back  esc", id="back")

    def _files_count(self) -> str:
        return "three" if self.manifest else "two"

    def _manifest_line(self) -> list[str | Content | tuple[str, str]]:
        """The batch's manifest, when the commit also holds it (new, or changed since HEAD)."""
        if self.manifest is None:
            return []
        path, how = self.manifest
        return [
            "\n",
            ("  ", ""),
            line(path, "bold"),
            (f"  (the batch's manifest, {how})", "$text-muted"),
        ]

    def _uncommitted(self) -> list[str]:
        from briefdesk.core.git.materials import uncommitted_materials

        try:
            return uncommitted_materials(self.review)
        except BriefdeskError:
            return []  # not a repository: the commit says so

    def on_mount(self) -> None:
        self.query_one(Warnings).show(self.notices())
        if self.problem:  # what is shown can be read, not committed
            self._status(self.problem, "bold $error")
            self.query_one("#do-commit", Button).disabled = True
            self.query_one("#back", Button).focus()
        else:
            self.query_one("#do-commit", Button).focus()
        self.call_after_refresh(self._read_warnings_first)

    def _read_warnings_first(self) -> None:
        """Warnings that do not all fit take the focus, so the first keys scroll them; the commit
        key and esc are the screen's and work from there too."""
        warnings = self.query_one(Warnings)
        warnings.title()  # laid out now: whether they fit is known
        if warnings.overflows() and self.sha is None and not self.busy:
            warnings.focus()

    def _status(self, text: str, style: str = "") -> None:
        self.query_one("#commit-status", Static).update(line(text, style))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "do-commit":
            self.action_commit()
        elif event.button.id == "commit-materials":
            self.action_commit_materials()
        else:
            self.action_back()

    def action_back(self) -> None:
        if not self.busy:
            self.dismiss(self.sha)

    def action_commit(self) -> None:
        if self.sha is not None:
            self.dismiss(self.sha)
            return
        if self.busy:
            return
        if self.problem:  # a read-only view, no reviewer: nothing this screen may commit
            self._status(f"Not committed: {self.problem}", "bold $error")
            return
        self.busy = True
        self._status("Committing…", "$text-muted")
        self.query_one("#do-commit", Button).disabled = True
        self._commit()

    def action_commit_materials(self) -> None:
        """The reviewer's yes to committing the edited materials first, as their own commit."""
        if self.busy or not self.uncommitted or self.sha is not None:
            return
        self.busy = True
        self._status(f"Committing {', '.join(self.uncommitted)}…", "$text-muted")
        self._commit_materials(list(self.uncommitted))

    @work(thread=True, exclusive=True, group="commit")
    def _commit_materials(self, paths: list[str]) -> None:
        from briefdesk.core.git.materials import commit_materials

        app = self.app  # now: once the screen is gone it has no app to find (NoActiveAppError)
        try:
            sha = commit_materials(self.review, paths)
        except BriefdeskError as exc:
            app.call_from_thread(self._failed, str(exc), exc.details)
        except Exception as exc:
            app.call_from_thread(self._failed, f"{type(exc).__name__}: {exc}")
        else:
            app.call_from_thread(self._materials_done, paths, sha)

    def _materials_done(self, paths: list[str], sha: str) -> None:
        if not live(self):  # committed as the desk quit (ctrl+q): nothing left to report on
            return
        self.busy = False
        self.uncommitted = self._uncommitted()
        self.query_one(Warnings).show(self.notices())
        for button in self.query("#commit-materials"):
            button.display = bool(self.uncommitted)
        self._status(
            f"✓ Committed {', '.join(paths)} as {sha[:12]}, a commit of its own. "
            "ctrl+s now commits the brief.",
            "bold $success",
        )
        self.query_one("#do-commit", Button).focus()

    @work(thread=True, exclusive=True, group="commit")
    def _commit(self) -> None:
        from briefdesk.core.git.commit import commit_brief

        app = self.app  # now: once the screen is gone it has no app to find (NoActiveAppError)
        try:
            result = commit_brief(
                self.review, self.session, reviewer=self.reviewer, allow_undecided=True
            )
        except BriefdeskError as exc:
            app.call_from_thread(self._failed, str(exc), exc.details)
        except Exception as exc:  # git missing, disk gone: say so, keep the desk running
            app.call_from_thread(self._failed, f"{type(exc).__name__}: {exc}")
        else:
            app.call_from_thread(self._done, result.sha, result.branch, result.warnings)

    def _failed(self, problem: str, details: tuple[str, ...] = ()) -> None:
        if not live(self):  # the commit (or the materials') ended as the desk quit (ctrl+q)
            return
        self.busy = False
        self._status(f"Not committed: {problem}", "bold $error")
        output = self.query_one("#commit-output", VerticalScroll)
        output.display = bool(details)
        self.query_one("#commit-output-text", Static).update(block("\n".join(details)))
        if details:
            output.scroll_end(animate=False)  # a hook's reason is usually at the end
        button = self.query_one("#do-commit", Button)
        button.disabled = False
        button.focus()

    def _done(self, sha: str, branch: str | None, warnings: tuple[str, ...] = ()) -> None:
        if not live(self):  # the commit is made; the screen that would show its sha is gone
            return
        self.busy = False
        self.sha = sha
        where = f" on {branch}" if branch else " (detached HEAD: on no branch)"
        what = (
            "the brief, its sidecar and the batch's manifest"
            if self.manifest
            else "the brief and its sidecar"
        )
        self._status(
            f"✓ Committed {sha[:12]}{where}: {what}. `git log -1` shows the trailers.",
            "bold $success",
        )
        output = self.query_one("#commit-output", VerticalScroll)
        output.display = bool(warnings)  # what the commit left to know: a hook's doing ...
        self.query_one("#commit-output-text", Static).update(
            block("\n".join(f"⚠ {w}" for w in warnings))
        )
        button = self.query_one("#do-commit", Button)
        button.label = "Done  enter"
        button.variant = "primary"
        button.disabled = False
        button.focus()
        self.query_one("#back", Button).display = False
        for warning in self.query("#commit-warning"):
            warning.display = False
