"""Every key reaches the screen it was typed for, in order, however fast (docs/keys.md).

Textual hands a key to the focused widget's queue and takes the next key at once, so the keys of
a burst (`t`, a title, `ctrl+s`) all reached the review screen's item list before the first of
them had opened the form: the title was lost, and a digit meant for the increment form chose a
placement. Here the app hands on one key (or paste) at a time. The next waits until the previous
one has gone the whole way (a barrier follows it through the same queues: the focused widget,
each container, the screen, the app's own bindings, twice, so what handling it posted — an
Input's Submitted — has run too) and, when it pushed or dismissed a screen, until the screen now
on top is mounted and has its focus. Once quitting has begun every key is dropped: `q x` neither
opens a dialog on a closing desk nor `q u` undoes and saves.

A key never waits more than HOLD_AT_MOST (a widget removed on its way cannot stall the desk).

Waiting for each key costs a repaint per key (the desk is idle between two keys): for a held
arrow key that was 29 ms of CPU a key against 5 (measured, 200 keys on the demo). So a key that
can neither open nor close a screen nor move the focus (`quick`: the review's moving keys) goes
straight on when nothing is waiting, as Textual would send it; behind a waiting key it waits too,
so the order holds.

A key that opens a form or dialog and refuses (`t` on an item not in the brief: "include it
first") is followed by keys meant for the form that never opened: a title typed blind would run
as a string of desk commands (`y` copies, `i` includes, `e` asks for evidence…). So the keys
typed in the same burst after a refused opener (each less than BURST_GAP after the one before)
are set aside, not run, and the desk says how many and which (`opens`, `KeyGate.refused`).

A key that chooses in a dialog and closes it (a number in the exclude dialog) may have been the
first character of text typed blind: `2 份材料同源` chose reason 2 and ran ` 份材料同源` on the
review. So the keys of the burst after it wait (`KeyGate.chose`): once one of them is text that
the screen beneath has no key for (`份`), the burst was text for the dialog's field and is set
aside, said as above; when the burst ends without one (`x 1 space`: exclude, then the next
undecided item), or HOLD_KEYS of them have come without one, they run in order, as typed.

A screen that is still being made when its keys come (a batch loading in a worker thread after
enter in the picker; the picker's rows) holds every key (`KeyGate.hold`): they wait, shown on the
loading screen (`held_signal`), and go to that screen in order once it is up and has its focus
(`KeyGate.resume`). Before, the keys typed after enter went to the picker, still on top while the
batch loaded: `down enter` opened a second batch. When the screen never comes (the batch cannot be
read) the held keys are set aside, and the desk says which (`KeyGate.abandon`). Only `ctrl+q`
(which always quits) passes a hold.
"""

from __future__ import annotations

import functools
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from textual import events
from textual.dom import DOMNode
from textual.screen import Screen
from textual.signal import Signal
from textual.timer import Timer

if TYPE_CHECKING:
    from textual.app import App

HOLD_AT_MOST = 5.0  # seconds one key may hold the keys typed after it (a loaded machine is slow)
ROUNDS = 2  # barrier rounds: the key itself, then the messages handling it posted
SCREEN_POLL = 0.005  # seconds between looks at a screen being mounted
# seconds between two keys of one burst: a title typed blind runs at 3-10 keys a second, while
# reading a refusal and typing again takes longer than this
BURST_GAP = 0.5
SHOWN_AT_MOST = 40  # characters of the set-aside keys the desk repeats
PASSES_A_HOLD = frozenset({"ctrl+q"})  # always quits, even while a batch loads (docs/keys.md)
# keys that may wait after a key that chose and closed a dialog: a reason typed blind shows text
# within its first few (`2 份…`: the second); commands typed on (`x 1 space x 1 …`, a held
# arrow) run after this many even while the burst goes on
HOLD_KEYS = 4

P = ParamSpec("P")
R = TypeVar("R")


def opens(method: Callable[Concatenate[Any, P], R]) -> Callable[Concatenate[Any, P], R]:
    """An action that opens a form or dialog (its `self` has `.app`): when it opens none, it
    refused (and said why), and the keys typed right after it are set aside (`KeyGate.refused`)
    rather than run as commands of the screen still on top."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: P.args, **kwargs: P.kwargs) -> R:
        app = self.app
        top = app.screen
        result = method(self, *args, **kwargs)
        gate = getattr(app, "key_gate", None)
        if app.screen is top and isinstance(gate, KeyGate):
            gate.refused()
        return result

    wrapper.opens = True  # type: ignore[attr-defined]  # `is_opener`; kept by functools.wraps
    return wrapper


def is_opener(method: Callable[..., Any]) -> bool:
    """Whether `method` is marked `opens` (tests/tui/test_opens.py finds every action that pushes
    a screen and checks it is)."""
    return bool(getattr(method, "opens", False))


def shown(event: events.Event) -> str:
    """A set-aside key as the reviewer typed it: its character, else its name."""
    if isinstance(event, events.Paste):
        return f" [a paste of {len(event.text)} characters] "
    if isinstance(event, events.Key):
        if event.is_printable and event.character:
            return event.character
        return f" {event.key} "
    return ""


def keys_text(keys: list[events.Event]) -> str:
    """Keys as the reviewer typed them, cut to SHOWN_AT_MOST characters."""
    text = " ".join("".join(shown(e) for e in keys).split())
    if len(text) > SHOWN_AT_MOST:
        text = text[: SHOWN_AT_MOST - 1] + "…"
    return text


def counted(n: int) -> str:
    return f"{n} key{'s' if n != 1 else ''}"


class SetAside:
    """The keys of a burst after a refused opener: taken while each follows the one before by
    less than BURST_GAP (the time the terminal's key was read, not when the desk got to it).
    After a key that chose and closed a dialog the keys are only held (`held_only`) until one of
    them is text; a burst without text runs when it ends."""

    def __init__(self, opener: str, since: float, *, held_only: bool = False) -> None:
        self.opener = opener
        self.last = since
        self.keys: list[events.Event] = []
        self.held_only = held_only
        self.chose = held_only  # after a key that chose (else: after a refused opener)

    def takes(self, event: events.Event) -> bool:
        return event.time - self.last < BURST_GAP

    def add(self, event: events.Event) -> None:
        self.keys.append(event)
        self.last = max(self.last, event.time)

    def said(self) -> str:
        why = "it had chosen and closed the dialog" if self.chose else "nothing opened for them"
        return (
            f"Set aside the {counted(len(self.keys))} typed right after {self.opener} "
            f"({why}), not run as commands: {keys_text(self.keys)}"
        )


class KeyGate:
    def __init__(
        self,
        app: App[Any],
        hand_on: Callable[[events.Event], Awaitable[None]],
        quick: Callable[[events.Event], bool] = lambda _event: False,
        text: Callable[[events.Event], bool] = lambda _event: False,
    ):
        self.app = app
        self.hand_on = hand_on  # Textual's own handling of the key (bindings, then the focus)
        self.quick = quick  # a key that needs no waiting for (see the module)
        self.text = text  # a key that is text for a field, no key of the screen (see the module)
        self.held: deque[events.Event] = deque()
        self.closed = False  # quitting has begun
        self.seen = 0  # keys and pastes that came from the terminal
        self.busy = False
        self.token = 0  # the key in flight; a late barrier or timer of an earlier one is ignored
        self.started = 0.0
        self.screen: Screen[Any] | None = None  # on top when the key in flight was handed on
        self.watchdog: Timer | None = None
        self.in_flight: events.Event | None = None
        self.refusal = 0  # the token of a key whose opener refused (0: none)
        self.choice = 0  # the token of a key that chose in a dialog and closed it (0: none)
        self.aside: SetAside | None = None  # the burst after it, being set aside
        self.aside_timer: Timer | None = None
        self.holding: str | None = None  # what every key waits for (a batch loading), if any
        self.coming: Screen[Any] | None = None  # the screen the held keys wait to be ready
        self.coming_since = 0.0
        self.hold_token = 0  # the latest hold (`hold`): only its resume or abandon counts
        # published with the held keys whenever they change while a hold lasts
        self.held_signal: Signal[list[events.Event]] = Signal(app, "keys-held")

    def idle(self) -> bool:
        """No key in flight and none waiting (for the key before it, or for its burst to end)."""
        aside = self.aside
        waiting = aside is not None and aside.held_only and bool(aside.keys)
        return not self.busy and not self.held and not waiting and not self.holds()

    def hold(self, what: str) -> int:
        """A screen is being made for the keys typed from now on (`what`: the batch loading):
        every key waits, whatever is on top meanwhile, until `resume` or `abandon` with the
        number returned. A later hold takes over (the batch opened while the picker re-read its
        rows): the earlier one's resume or abandon then does nothing, so its screen never gets
        keys typed for the later one."""
        self.holding = what
        self.coming = None
        self.hold_token += 1
        return self.hold_token

    def holds(self) -> bool:
        """Whether keys wait for a screen being made (a hold, or its screen not yet ready)."""
        return self.holding is not None or self.coming is not None

    def resume(self, screen: Screen[Any], hold: int) -> None:
        """The screen the keys of `hold` waited for is pushed: once it is mounted and has its
        focus, the held keys go to it, in order."""
        if self.holding is None or hold != self.hold_token:
            return
        self.holding = None
        self.coming = screen
        self.coming_since = time.monotonic()
        self._wait_for(screen)

    def _wait_for(self, screen: Screen[Any]) -> None:
        if self.coming is not screen:
            return
        ready = self.app.screen is screen and screen.is_mounted
        ready = ready and (screen.focused is not None or not screen.focus_chain)
        late = time.monotonic() - self.coming_since > HOLD_AT_MOST
        if not ready and not self.closed and not late:
            self.app.set_timer(SCREEN_POLL, lambda: self._wait_for(screen))
            return
        self.coming = None
        self.app.call_later(self.drain)

    def abandon(self, why: str, hold: int) -> None:
        """The screen the keys of `hold` waited for will not come (`why`): the held keys are set
        aside and the desk says which; none of them runs on the screen on top instead."""
        if hold != self.hold_token:
            return
        what, self.holding = self.holding, None
        self.coming = None
        if what is None:
            return
        keys, self.held = list(self.held), deque()
        if keys and not self.closed:
            self.app.notify(
                f"Set aside the {counted(len(keys))} typed while {what} loaded ({why}), not run "
                f"as commands: {keys_text(keys)}",
                title="keys set aside",
                severity="warning",
                markup=False,
            )

    def close(self) -> None:
        """Quitting has begun: no key is handed on any more."""
        self.closed = True
        self.held.clear()

    def refused(self) -> None:
        """The key in flight opened nothing it was meant to open: the keys typed after it in the
        same burst are set aside when it is through (`release`)."""
        if self.busy:
            self.refusal = self.token

    def chose(self) -> None:
        """The key in flight chose in a dialog and closed it (a number in the exclude dialog):
        the keys typed after it in the same burst wait until one of them shows they were text for
        the dialog (then they are set aside) or the burst ends (then they run)."""
        if self.busy:
            self.choice = self.token

    def set_aside(self, event: events.Event) -> bool:
        """Whether `event` belongs to the burst after a refused opener (and is set aside) or
        after a choosing key (and waits); the first key that does not ends the burst, and the
        desk says what was set aside, or runs the keys that waited."""
        if self.aside is None:
            return False
        if self.aside.takes(event):
            self.aside.add(event)
            if self.aside.held_only and self.text(event):
                self.aside.held_only = False  # text: the whole burst was meant for the field
            elif self.aside.held_only and len(self.aside.keys) >= HOLD_KEYS:
                self.end_aside()  # no text so far: commands, run now in order
                return True
            if self.aside_timer is not None:
                self.aside_timer.stop()
            self.aside_timer = self.app.set_timer(BURST_GAP, self.end_aside)
            return True
        aside = self.aside
        if self.end_aside():  # the keys that waited run first, then this one
            self.held.insert(len(aside.keys), event)
            return True
        return False

    def end_aside(self) -> bool:
        """The burst is over: say what was set aside, or run the keys that waited (True)."""
        aside, self.aside = self.aside, None
        if self.aside_timer is not None:
            self.aside_timer.stop()
            self.aside_timer = None
        if aside is None or not aside.keys or self.closed:
            return False
        if aside.held_only:  # no text among them: they were keys for the screen, in order
            self.held.extendleft(reversed(aside.keys))
            if not self.busy:
                self.app.call_later(self.release, self.token)
            return True
        self.app.notify(aside.said(), title="keys set aside", severity="warning", markup=False)
        return False

    async def admit(self, event: events.Event) -> None:
        """A key or paste from the terminal: handed on now, or after the one in flight."""
        self.seen += 1
        if self.closed:
            return
        if self.holds():
            if isinstance(event, events.Key) and event.key in PASSES_A_HOLD:
                await self.hand_on(event)
                return
            self.held.append(event)
            self.held_signal.publish(list(self.held))
            return
        if not self.busy and not self.held and self.set_aside(event):
            return
        if self.busy or self.held:
            self.held.append(event)
        elif self.quick(event):
            await self.hand_on(event)
        else:
            await self.send(event)

    async def send(self, event: events.Event) -> None:
        if self.watchdog is None:
            self.watchdog = self.app.set_interval(HOLD_AT_MOST / 2, self.check)
        self.busy = True
        self.token += 1
        token = self.token
        self.started = time.monotonic()
        self.screen = self.app.screen
        self.in_flight = event
        await self.hand_on(event)
        self.follow(token, ROUNDS)

    def follow(self, token: int, rounds: int) -> None:
        """Send a barrier down the way the key went; `passed` runs when it is through."""
        app = self.app
        start: DOMNode = app.focused or app.screen
        chain = [n for n in start.ancestors_with_self if n is not app]

        def hop(index: int) -> None:
            while index < len(chain):
                if chain[index].call_later(hop, index + 1):
                    return
                index += 1  # gone (a dismissed dialog's widget): on to its container
            app.call_later(self.passed, token, rounds - 1)

        hop(0)

    def passed(self, token: int, rounds: int) -> None:
        if token != self.token or not self.busy:
            return
        if rounds > 0 and not self.overdue():
            self.follow(token, rounds)
        else:
            self.wait_for_screen(token)

    def check(self) -> None:
        """The key in flight has waited too long for its barrier: hand on the next."""
        if self.busy and self.overdue():
            self.app.call_later(self.release, self.token)

    def overdue(self) -> bool:
        return time.monotonic() - self.started > HOLD_AT_MOST

    def wait_for_screen(self, token: int) -> None:
        """When the key pushed or dismissed a screen: until the one on top can take keys."""
        if token != self.token:
            return
        screen = self.app.screen
        changed = screen is not self.screen
        ready = screen.is_mounted and (screen.focused is not None or not screen.focus_chain)
        if changed and not ready and not self.overdue():
            self.app.set_timer(SCREEN_POLL, lambda: self.wait_for_screen(token))
            return
        self.app.call_later(self.release, token)

    async def release(self, token: int) -> None:
        if token != self.token:
            return
        self.busy = False
        key = self.in_flight
        if token in (self.refusal, self.choice) and isinstance(key, events.Key):
            self.end_aside()
            self.aside = SetAside(shown(key).strip(), key.time, held_only=self.choice == token)
        self.refusal = self.choice = 0
        await self.drain()

    async def drain(self) -> None:
        """Hand on the keys that waited, one at a time, until one is in flight (or a hold)."""
        while self.held and not self.closed and not self.busy and not self.holds():
            event = self.held.popleft()
            if self.set_aside(event):
                continue
            if self.quick(event):
                await self.hand_on(event)
            else:
                await self.send(event)
