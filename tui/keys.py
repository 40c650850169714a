"""The review actions as Textual bindings, and keys shown the way the footer shows them.

Every action id docs/keys.md lists becomes a `Binding` whose `id` is the action id, so
`App.set_keymap` (fed from `core.settings.keymap`) rebinds it. The class-level keys are the shipped
default keymap; the app applies the keymap in force on start.
"""

from __future__ import annotations

from collections.abc import Iterable

from briefdesk.core.settings.keymap import ACTIONS, load_keymap
from textual.app import App
from textual.binding import Binding

DEFAULT = load_keymap("default")


def review_bindings() -> list[Binding]:
    return [
        Binding(
            ",".join(DEFAULT.keys(a.id)), a.id, a.label, show=a.main, id=a.id, tooltip=a.description
        )
        for a in ACTIONS
    ]


def keyed(action_id: str, action: str) -> Binding:
    """A hidden binding of another screen that runs `action` on the keys of the keymap action
    `action_id` (the preview closes with the key that opened it). Its id is the action's, so the
    app's keymap rebinds it with the review screen's own binding, whatever keymap is in force."""
    return Binding(",".join(DEFAULT.keys(action_id)), action, show=False, id=action_id)


def key_display(app: App, key: str) -> str:
    return app.get_key_display(Binding(key, ""))


def keys_display(app: App, keys: Iterable[str]) -> str:
    return "  ".join(key_display(app, k) for k in keys)
