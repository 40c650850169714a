"""Helpers shared by the desk's tests (imported by name: tests/tui is on sys.path under pytest)."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import subprocess
import time
import weakref
from pathlib import Path

from briefdesk.core.settings.keymap import load_keymap

DEMO_BATCH = "2026-11-03-e627b203"
FIXED_DATE = "2026-11-03T22:00:00+08:00"
SIZE = (160, 48)


def fixed_git(tmp_path: Path, monkeypatch) -> None:
    """Tom, on a fixed date, so every commit and every sha is the same on every run; a private
    XDG_CONFIG_HOME so a developer's own keymap or settings never leak in."""
    for who in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{who}_NAME", "Tom")
        monkeypatch.setenv(f"GIT_{who}_EMAIL", "tom@briefdesk.invalid")
    monkeypatch.setenv("GIT_AUTHOR_DATE", FIXED_DATE)
    monkeypatch.setenv("GIT_COMMITTER_DATE", FIXED_DATE)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def committed_copy(source: Path, root: Path, message: str = "materials") -> Path:
    """A copy of the workspace `source` at `root`, in a new repository, all of it committed."""
    shutil.copytree(source, root)
    for args in (
        ("init", "-q", "-b", "main"),
        ("add", "-A", "--", "."),
        ("commit", "-q", "--no-verify", "-m", message),
    ):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)
    return root


def key(action: str, keymap: str = "default") -> str:
    """The first key the keymap binds to `action`."""
    return load_keymap(keymap).keys(action)[0]


# Long enough for a loaded machine (two xdist workers and other work on two cores: the seed's
# review screen once took 26 s to appear); a condition met returns at once, whatever the bound.
WAIT = 60.0


async def until(pilot, condition, timeout: float = WAIT, what: str = "condition") -> None:
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.02)


async def review_ready(pilot, matched: bool = True):
    """The review screen, once loaded (and matched, unless told not to wait)."""
    from briefdesk.tui.screens.review import ReviewScreen

    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, ReviewScreen), what="the review screen")
    screen = app.screen
    if matched:
        await until(pilot, lambda: screen.matches is not None, what="matching")
        assert screen.view.match_problem is None, screen.view.match_problem
    await pilot.pause()
    return screen


async def settle(pilot) -> None:
    """Let pushed screens mount and callbacks run."""
    await pilot.pause()
    await asyncio.sleep(0)
    await pilot.pause()


# Every Debouncer (tui/debounce.py) made during the current test, with its owner: the redraws a
# screen put off (the panes after the cursor rests, the brief preview 0.5 s after the review opens
# and after decisions). tests/tui/conftest.py records them for every desk test.
PUT_OFF: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def record_put_off(monkeypatch) -> None:
    """From now on, record every Debouncer made (and forget those of earlier tests)."""
    from briefdesk.tui.debounce import Debouncer

    PUT_OFF.clear()
    made = Debouncer.__init__

    def init(self, owner, run) -> None:
        made(self, owner, run)
        PUT_OFF[self] = weakref.ref(owner)

    monkeypatch.setattr(Debouncer, "__init__", init)


def put_off() -> list[str]:
    """The owners that still have a redraw put off (owners no longer attached never run it)."""
    return [
        type(owner).__name__
        for debouncer, ref in list(PUT_OFF.items())
        if (owner := ref()) is not None and owner.is_attached and debouncer.pending()
    ]


async def quiet(pilot, timeout: float = WAIT) -> None:
    """Wait until no screen has a redraw put off, then let what it drew land: what a picture, or
    a test reading the panes, sees is then the same on a quiet machine and a loaded one."""
    await until(pilot, lambda: not put_off(), timeout, what=f"the redraws put off ({put_off()})")
    await settle(pilot)


@contextlib.asynccontextmanager
async def desk(
    workspace, batch: str = DEMO_BATCH, *, matched: bool = False, size=SIZE, keymap=None
):
    """The desk on `batch`, its review screen ready:
    `async with desk(ws) as (app, pilot, screen)`."""
    from briefdesk.tui.app import BriefdeskApp

    app = BriefdeskApp(workspace, batch, keymap)
    async with app.run_test(size=size) as pilot:
        yield app, pilot, await review_ready(pilot, matched=matched)


def key_event(key: str):
    """The Key event the terminal sends for `key`: a Textual key name, or one character (sent
    as itself, `§` and `见` included: `Pilot.press` gives `§` no character)."""
    import unicodedata

    from textual import events
    from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

    if len(key) == 1:
        return events.Key(key if key.isalnum() else _character_to_key(key), key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = None
    return events.Key(key, char)


def burst(app, *keys) -> int:
    """Send every key at once, as a fast typist or `tmux send-keys` does: all of them are queued
    before the first is handled (`Pilot.press` waits for the desk after each key). A
    `textual.events.Paste` among them is sent as it is."""
    from textual import events

    target = app.key_gate.seen + len(keys)
    for k in keys:
        event = k if isinstance(k, events.Event) else key_event(k)
        event.set_sender(app)
        app.post_message(event)
    return target


def handled(app, target: int):
    """A condition: the desk has taken every key of the burst that returned `target`, and none
    is in flight or waiting."""
    return lambda: app.key_gate.seen >= target and app.key_gate.idle()


async def after_burst(pilot, condition=None, what: str = "the keys to be handled") -> None:
    """After a burst: until `condition` holds (if given) and the desk has settled."""
    if condition is not None:
        await until(pilot, condition, what=what)
    await pilot.pause(0.1)
    await settle(pilot)


async def palette(pilot, app, command: str) -> None:
    """Run a command that has no key the way a reviewer does: ctrl+p, its name, enter."""
    from textual.command import CommandPalette

    await pilot.press("ctrl+p")
    await until(pilot, lambda: isinstance(app.screen, CommandPalette), what="the palette")
    await pilot.press(*(ch if ch != " " else "space" for ch in command))
    await until(
        pilot,
        lambda: app.screen.query("CommandList").first().option_count > 0,
        what="palette hits",
    )
    await pilot.press("enter")
    await until(pilot, lambda: not isinstance(app.screen, CommandPalette), what="palette closed")
    await settle(pilot)
