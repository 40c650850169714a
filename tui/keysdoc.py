"""`python -m briefdesk.tui.keysdoc > docs/keys.md`: the key table, written from the shipped
keymaps.

A test checks docs/keys.md against this output, so the docs cannot drift from the keymaps.
"""

from __future__ import annotations

from briefdesk.core.settings.keymap import ACTIONS, load_keymap
from textual.keys import format_key


def show(key: str) -> str:
    """`shift+up`, `j`, and punctuation both ways: `?` (question_mark), since YAML wants the
    name."""
    *_, base = key.split("+")
    char = format_key(base)
    if (
        len(base) > 1
        and len(char) == 1
        and not char.isalnum()
        and base not in ("up", "down", "left", "right", "enter")
    ):
        return f"`{char}` ({base})"
    return f"`{key}`"


def cell(keys: tuple[str, ...]) -> str:
    return " ".join(show(k) for k in keys)


def keys_markdown() -> str:
    default, vim = load_keymap("default"), load_keymap("vim")
    lines = [
        "# Keys",
        "",
        (
            "Every action of the review screen, "
            "with its keys in the two keymaps that ship with briefdesk."
        ),
        (
            "Press `?` in the desk for the active keymap; "
            "`ctrl+p` opens the command palette, where every"
        ),
        "action can be run by name (the way in when an input method swallows single-letter keys).",
        "",
        "| action | default | vim | what it does |",
        "|---|---|---|---|",
    ]
    for action in ACTIONS:
        lines.append(
            f"| `{action.id}` | {cell(default.keys(action.id))} | {cell(vim.keys(action.id))} "
            f"| {action.description} |"
        )
    lines += [
        "",
        "The command palette also offers actions without a key: *undecide* (back to undecided),",
        "*confirm* (make a proposed decision your own without changing it), *split* (take the",
        "item out of its merged increment into one of its own), *describe* (make an item its",
        "increment absorbs a described part of it), *clear filter*, *retry save* (after the",
        "status line reported that the session could not be saved) and *gone decisions* (a",
        "decision whose item is no longer in its material: move it onto the current item, or",
        "drop it), *label exclusion* and *word exclusion* (how section 四 names an excluded item,",
        "and what its line says after the name, in your words; docs/brief.md), *arXiv layout*",
        "(section 三's groups one id a line, or each group's ids on one line), *arXiv group",
        "heading* and *arXiv id note* (section 三 in your words), *edit purpose*, *edit",
        "background* and *edit arxiv note*. In the `merge` dialog,",
        "`enter` makes the item a described part of the chosen increment and `a` absorbs it.",
        "",
        "## Panes and dialogs",
        "",
        (
            "- The focused pane keeps its own arrow keys: "
            "the detail pane scrolls, the placement, duplicate"
        ),
        "  and brief lists move their highlight (that highlight is what `accept_placement`,",
        (
            "  `mark_duplicate` and `move_up`/`move_down` act on). "
            "`home` `end` `pgup` `pgdn` page the items list."
        ),
        (
            "- In a dialog: `enter` chooses, "
            "`tab` moves between fields, `ctrl+s` saves, `esc` cancels."
        ),
        (
            "  The evidence dialog also cycles with the `cycle_evidence` key; "
            "the commit screen commits with the"
        ),
        "  `commit` key; the brief preview closes with the `preview_brief` key.",
        "  The commit screen counts its warnings; when they do not all fit, their box has the",
        "  focus as the screen opens (`up` `down` `pgdn` scroll it, `tab` moves on to the",
        "  buttons, `ctrl+s` commits from anywhere).",
        "  The increment form's title field opens with the title the brief derives as its text,",
        "  all of it selected: typing replaces it, `end` and typing add to it; left as it opened,",
        "  the title stays derived and follows the items.",
        "  A paste into a one-line field keeps every line, joined by a space.",
        "  On a form with changes not saved, the first `esc` keeps it open and says so; a second",
        "  discards them. In the exclude dialog, `1`-`9` choose a reason until you start typing",
        "  one of your own; from then on digits are text (`§5.9 见 v2`). To start your",
        "  own reason with a digit, type something else first or `tab` to the text field:",
        "  `x` `2 份材料同源` typed in one go chooses reason 2, and the rest of the burst",
        "  is set aside (below), never run on the review.",
        "  A keymap's moving keys (`next_item`, `prev_item`, `first_item`, `last_item`,",
        "  `page_down`, `page_up`) also move the focused list of a dialog, the picker, help and",
        "  history (`j` `k` in vim); in a text field they stay text.",
        "- `1`-`5` focus the panes of those numbers (unless your keymap binds the digit); after an",
        "  action the focus is back on the items list.",
        (
            "- `ctrl+q` always quits, `ctrl+p` always opens the palette, "
            "`ctrl+c` copies: a keymap cannot take them."
        ),
        "- Type ahead as fast as you like: every key goes to the screen it was typed for, in",
        "  order. Keys typed right after the key that opens a form or dialog wait until it is",
        "  open and go to its focused field (`t`, words, `ctrl+s` saves those words as the",
        "  title; `t` `end` words `ctrl+s`, the title with those words at its end); keys typed",
        "  while a dialog closes go to the review. A paste is text for the focused field, never",
        "  keys. Once `q` has begun quitting, nothing typed after it runs (`tui/typeahead.py`).",
        "- A key that opens a form or dialog may refuse, and say why (`t` on an item not in the",
        '  brief: "include it first"; `m` with no other increment; `p` on an excluded item; any of',
        "  them in a read-only desk). The keys typed right after it, in the same burst (each less",
        "  than half a second after the one before), were meant for the form that did not open:",
        "  they are set aside, not run as commands, and the desk says how many and which",
        '  ("Set aside the 13 keys typed right after t …: Index update ctrl+s"). The first key',
        "  after a pause runs as usual.",
        "- A digit that chooses in the exclude dialog and closes it may have been the first",
        "  character of a reason typed blind. The keys typed right after it, in the same",
        "  burst, wait: as soon as one of them is text no key of your keymap stands for",
        "  (`份`, `é`; not a digit), the burst was a reason and is set aside, said as above",
        '  ("… typed right after 2 (it had chosen and closed the dialog) …"; `u` undoes the',
        "  choice). A burst without such a key runs once it ends, or once four keys have",
        "  come, in order (`x` `1` `space`: exclude, then the next undecided item, half a",
        "  second later).",
        "- Keys typed while a batch loads (after `enter` in the picker, after `E` reads the",
        "  batch again, or as `briefdesk review -b` starts) wait for its review and go to it in",
        "  order once it is up: `enter x 1 j j` excludes the first item and moves twice, and",
        '  `enter down enter` opens one batch, not two. The loading screen shows them ("3 keys',
        '  typed, held for the review: jja"); `q` there is held too, and quits the review after',
        "  the keys before it. Keys typed while the picker reads its rows wait for the rows",
        "  (`down enter` opens the second batch). If the batch (or the picker's rows) cannot be",
        '  read, the keys typed meanwhile are set aside and named ("Set aside the 3 keys typed',
        '  while … loaded (it could not be opened) …"), never run on the error screen or the',
        "  picker. Only `ctrl+q` passes: it quits at once, and the keys still waiting are",
        "  dropped with the desk. A mouse click is not held.",
        "- `esc` and the key typed right after it are two keys, however fast: `esc j` closes the",
        "  dialog, then moves. (A terminal sends them as one sequence, the way it writes Alt+key,",
        "  when the second comes within a tenth of a second; the desk binds no Alt key and reads",
        "  every such pair as `esc`, then the key, `tui/textual_private.py`.) The terminal's",
        "  editing pairs are kept: Alt+b and Alt+f move a word in a text field, Alt+backspace",
        "  deletes one.",
        "",
        "## Your own keymap",
        "",
        ("A keymap is YAML: `name`, an optional `extends`, and `bindings` from action id to a"),
        (
            "key or a list of keys, in Textual's key names (`j`, "
            "`shift+up`, `ctrl+s`, `question_mark`)."
        ),
        "",
        "```yaml",
        "name: mine",
        "extends: vim",
        "bindings:",
        "  include: [a, plus]",
        "  commit: ctrl+k",
        "```",
        "",
        (
            "An action it lists loses the keys its parent gave it; "
            "the others keep theirs. Which keymap is used,"
        ),
        (
            "first match wins: `--keymap NAME|PATH`; "
            "`keymap:` in the workspace's `briefdesk.yaml` (a relative"
        ),
        "path is relative to the workspace); your own `$XDG_CONFIG_HOME/briefdesk/keymap.yaml`",
        (
            "(`~/.config/briefdesk/keymap.yaml`) "
            "if it exists (also reachable as `--keymap user`); `default`."
        ),
        "A name without `/` or `.yaml` is one of the shipped keymaps (`default`, `vim`).",
        "",
        (
            "A keymap is checked before the desk opens. "
            "Refused, with the file named: YAML that does not"
        ),
        (
            "parse, an unknown field or action id (Textual "
            "itself would ignore it silently), a key name"
        ),
        (
            "Textual cannot produce, an action left without a key, "
            "one key on two actions (all actions live"
        ),
        "on the review screen), and the reserved keys above.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(keys_markdown(), end="")
