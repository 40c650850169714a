"""A keymap moves every list of the app, not only the review's items (docs/keys.md).

The keymap's moving keys (`next_item`, `prev_item`, `first_item`, `last_item`, `page_down`,
`page_up`: `j` `k` `g` `G` `ctrl+d` `ctrl+u` in vim) are bindings of the review screen. In any
other screen (a dialog, the picker, help, history), a moving key pressed on a focused list moves
that list as its own key would (`down`, `up`, …), so `x j j enter` in vim chooses the third
reason rather than typing `jj` into the reason field. In a text field they stay text.
"""

from __future__ import annotations

from briefdesk.core.settings.keymap import Keymap
from textual import events
from textual.widget import Widget
from textual.widgets import DataTable, OptionList

# each moving action, as the key every Textual list already answers
LIST_KEYS = {
    "next_item": "down",
    "prev_item": "up",
    "first_item": "home",
    "last_item": "end",
    "page_down": "pagedown",
    "page_up": "pageup",
}


# the review's actions that only move the cursor: their keys need not wait (tui/typeahead.py)
CURSOR_ONLY = (*LIST_KEYS, "next_undecided")


def cursor_keys(keymap: Keymap) -> frozenset[str]:
    return frozenset(key for action in CURSOR_ONLY for key in keymap.keys(action))


def moves(keymap: Keymap) -> dict[str, str]:
    """The keymap's moving keys, each with the list key it stands for."""
    return {key: LIST_KEYS[action] for action in LIST_KEYS for key in keymap.keys(action)}


def as_list_key(event: events.Key, focused: Widget | None, keys: dict[str, str]) -> events.Key:
    """`event` as the focused list's own key when it is a moving key of the keymap."""
    target = keys.get(event.key)
    if target is None or target == event.key or not isinstance(focused, OptionList | DataTable):
        return event
    return events.Key(target, None)
