"""The review screen: five panes over one core `Session`, and every keymap action.

A package of small modules, one concern each, assembled by `screen.ReviewScreen`:


  and how it reads it; every session change goes through `state.ReviewState.apply`;
- `drawing`: the panes drawn from that state, each redrawn only when what it shows changed, and
  the redraws put off while keys arrive (`tui.debounce`);
- `matching`: the background matching job and the messages it posts;
- `navigate`, `decide`, `annotate`, `order`, `write`, `screens`, `handoff` (the pager, the
  editor, the clipboard, the browser, the history): the actions of PRODUCT §12, by theme (`write`:
  the increment form, the batch's contradictions and handles, spot checks);
  each `action_<id>` turns a key into one call on the session, which validates and saves it.
"""

from .screen import ReviewScreen

__all__ = ["ReviewScreen"]
