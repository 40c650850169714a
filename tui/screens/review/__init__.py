"""The review screen: five panes over one core `Session`, and every keymap action.

A view model, the screen that composes it, and one controller per concern:

- `view`: the view model, plain Python (no Textual): the review, the session, matching's answer,
  the cursor, the filter; what each pane shows and what a change must redraw
  (`tests/unit/test_review_view.py` drives it without a terminal);
- `screen`: `ReviewScreen`, the layout, the Textual parts (widgets, the debounced redraws of
  `tui.debounce`, the workers' messages) and its controllers, by name;
- `base`: `Controller`, what every controller shares (the screen, the view, `apply`: every session
  change goes through it, a refused change becomes a message); `guards`: read-only, no item;
- `drawing` (`Panes`): the panes drawn from the view, each redrawn only when what it shows
  changed; `cursor` (`Cursor`): moving and saving the cursor;
- `matching`, `staleness`: the background matching job and the watch over the batch's files;
- `navigate`, `decide`, `duplicates`, `annotate`, `claims`, `order`, `write` (the increment form,
  the batch's contradictions and handles, spot checks), `screens` (the brief, the commit, help,
  quitting), `handoff` (the pager, the editor, the clipboard, the browser, the history): the
  actions of docs/keys.md, by theme; each `action_<id>` turns a key into one call on the session,
  which validates and saves it, and `actions.bind_actions` binds it onto the screen.
"""

from .screen import ReviewScreen

__all__ = ["ReviewScreen"]
