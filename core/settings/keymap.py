"""Keymaps (docs/keys.md): which keys run which review action, loaded from YAML and validated.

Textual silently ignores a keymap entry whose id no binding has, and lets one key shadow another,
so every keymap is checked here before the app sees it: known action ids only, every key a key
name Textual can produce, no key on two actions (they all live on the review screen), no key the
app itself reserves. No Textual import: the command line and the tests load keymaps too.

Where a keymap comes from, first match wins:

1. `--keymap NAME|PATH` on the command line, else `BRIEFDESK_KEYMAP`, else `keymap:` in the
   user's config (`$XDG_CONFIG_HOME/briefdesk/config.yaml`; a relative path is relative to it);
2. the user's own file, `$XDG_CONFIG_HOME/briefdesk/keymap.yaml` (`~/.config/...`), if it exists;
3. `keymap:` in the workspace's `briefdesk.yaml` (a relative path is relative to the workspace);
4. `default`.

A spec is read as a path when it contains a `/` or ends in `.yaml`/`.yml`; `user` names the user's
own file; any other word names `keymaps/<name>.yaml` shipped with the tool. A keymap may `extends:`
another (by the same rules; a relative path is relative to the extending file); it only lists the
actions it changes, and an action it lists loses the keys it had in its parent.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..errors import BriefdeskError
from ..storage import yamlio
from . import Settings
from .layers import user_config_dir


@dataclass(frozen=True)
class ActionSpec:
    id: str
    description: str  # one line, for help and the command palette
    label: str  # short, for the footer
    main: bool = False  # shown in the footer


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("next_item", "Go to the next item of the list", "next", False),
    ActionSpec("prev_item", "Go to the previous item of the list", "prev", False),
    ActionSpec(
        "next_undecided",
        "Go to the next item with no decision yet (from the cursor on, round to the top)",
        "undecided",
        True,
    ),
    ActionSpec("first_item", "Go to the first item of the list", "first", False),
    ActionSpec("last_item", "Go to the last item of the list", "last", False),
    ActionSpec("page_down", "Go half a screen of items down", "½ down", False),
    ActionSpec("page_up", "Go half a screen of items up", "½ up", False),
    ActionSpec(
        "search",
        "Filter the items list live as you type (enter keeps it, esc clears it)",
        "search",
        False,
    ),
    ActionSpec("next_pane", "Move the focus to the next pane", "pane", False),
    ActionSpec("prev_pane", "Move the focus to the previous pane", "pane back", False),
    ActionSpec(
        "include",
        "Include the item as an increment of the brief (confirms a proposal)",
        "include",
        True,
    ),
    ActionSpec(
        "exclude",
        "Exclude the item, with a reason: duplicate, off-topic, weak evidence or text",
        "exclude",
        True,
    ),
    ActionSpec(
        "mark_duplicate",
        "Exclude the item as a duplicate of the candidate selected in the duplicates pane",
        "duplicate",
        True,
    ),
    ActionSpec(
        "not_duplicate",
        "Dismiss the candidate selected in the duplicates pane: not a duplicate (remembered)",
        "not dup",
        False,
    ),
    ActionSpec(
        "decide_cluster",
        "Keep this item of its cluster; mark the cluster's other items as its duplicates",
        "cluster",
        False,
    ),
    ActionSpec("annotate", "Add a note to the item", "note", True),
    ActionSpec(
        "flag_contradiction",
        "Flag a contradiction or a claim to verify (brief section 二)",
        "contradiction",
        False,
    ),
    ActionSpec(
        "claim_contradiction",
        "Turn the claim conflict shown with the item into a contradiction (brief section 二): "
        "its refs and a drafted text to edit",
        "claim → 二",
        False,
    ),
    ActionSpec(
        "add_handle",
        "Add a handle for updating the living document (brief section 五)",
        "handle",
        False,
    ),
    ActionSpec(
        "cycle_evidence",
        "Set the item's evidence level; raising it asks what was read",
        "evidence",
        True,
    ),
    ActionSpec(
        "pick_placement",
        "Choose the item's section of the living document by fuzzy search",
        "place",
        True,
    ),
    ActionSpec(
        "accept_placement",
        "Accept the placement selected in the placements pane (the best one unless moved)",
        "accept §",
        False,
    ),
    ActionSpec("move_up", "Move the included item up in the brief's order", "up", False),
    ActionSpec("move_down", "Move the included item down in the brief's order", "down", False),
    ActionSpec("merge", "Merge the item into another increment of the brief", "merge", False),
    ActionSpec(
        "edit_increment",
        "Write the increment: title, key points, relation, evidence boundary, placements",
        "write",
        True,
    ),
    ActionSpec(
        "edit_notes",
        "Edit, reorder and delete the batch's contradictions (二) and handles (五)",
        "notes",
        False,
    ),
    ActionSpec(
        "add_spot_check",
        "Add a spot check: a material of the workspace outside the batch",
        "spot check",
        False,
    ),
    ActionSpec("undo", "Undo the last change of the session", "undo", True),
    ActionSpec("redo", "Redo the change last undone", "redo", False),
    ActionSpec(
        "filter",
        "Filter the items list by text, status, evidence, material or duplicates",
        "filter",
        True,
    ),
    ActionSpec(
        "preview_brief",
        "Show the brief and the commit message full screen (again to return)",
        "brief",
        True,
    ),
    ActionSpec(
        "open_material",
        "Read the item's material in $PAGER, at the item's line",
        "open",
        False,
    ),
    ActionSpec(
        "edit_material",
        "Edit the item's material in $VISUAL or $EDITOR, at the item's line; the batch is re-read",
        "edit",
        False,
    ),
    ActionSpec(
        "copy_ref",
        "Copy the item's ref, an arXiv id or a URL (wl-copy, xclip, xsel, pbcopy, else OSC 52)",
        "copy",
        False,
    ),
    ActionSpec(
        "open_url",
        "Open one of the item's URLs in $BROWSER, after you confirm it; a failure is said",
        "browser",
        False,
    ),
    ActionSpec(
        "history",
        "Show the topic's brief commits: date, batch, counts, reviewer, verification",
        "history",
        False,
    ),
    ActionSpec("commit", "Review the brief and commit it with its provenance", "commit", True),
    ActionSpec("help", "Show the keys of the active keymap", "help", True),
    ActionSpec("quit", "Quit; every decision is already saved", "quit", True),
)

ACTION_IDS: tuple[str, ...] = tuple(a.id for a in ACTIONS)
ACTION_BY_ID: dict[str, ActionSpec] = {a.id: a for a in ACTIONS}

# Keys the app keeps for itself whatever the keymap says.
RESERVED: dict[str, str] = {
    "ctrl+p": "opens the command palette",
    "ctrl+c": "copies selected text",
    "ctrl+q": "always quits",
}
RESERVED_OK: dict[str, str] = {"ctrl+q": "quit"}  # a reserved key that may name its own action

MODIFIERS = ("ctrl", "alt", "shift", "meta", "super", "hyper")
NAMED_KEYS = frozenset(
    [
        "up",
        "down",
        "left",
        "right",
        "home",
        "end",
        "pageup",
        "pagedown",
        "insert",
        "delete",
        "backspace",
        "tab",
        "enter",
        "escape",
        "space",
        "comma",
    ]
) | {f"f{n}" for n in range(1, 25)}
# Textual's names for some punctuation (textual.keys.KEY_NAME_REPLACEMENTS).
_REPLACEMENTS = {
    "solidus": "slash",
    "reverse_solidus": "backslash",
    "commercial_at": "at",
    "hyphen_minus": "minus",
    "plus_sign": "plus",
    "low_line": "underscore",
}
_REPLACED = {v: k for k, v in _REPLACEMENTS.items()}
_UNICODE_NAMES = {"hyphen_minus": "HYPHEN-MINUS", "less_than_sign": "LESS-THAN SIGN"}


def _package_dir() -> Path:
    """The shipped keymaps' folder, found through `importlib.resources` (a wheel, or a checkout
    installed in editable mode, both keep them as plain files beside the code)."""
    return Path(str(resources.files("briefdesk.keymaps")))


PACKAGE_DIR = _package_dir()
USER_NAME = "user"
KEYMAP_FIELDS = ("name", "extends", "description", "bindings")


@dataclass(frozen=True)
class Keymap:
    """A resolved keymap: every action id with its keys, in Textual's key names."""

    name: str
    sources: tuple[str, ...]  # the files it was read from, the keymap itself first
    bindings: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def keys(self, action: str) -> tuple[str, ...]:
        return self.bindings.get(action, ())

    def textual_keymap(self) -> dict[str, str]:
        """For `App.set_keymap`: binding id -> comma-separated keys."""
        return {action: ",".join(keys) for action, keys in self.bindings.items() if keys}

    def action_for(self, key: str) -> str | None:
        key = normalize_key(key)
        return next((a for a, keys in self.bindings.items() if key in keys), None)


def normalize_key(key: str) -> str:
    """Textual's spelling of a key: single punctuation characters by name
    (`?` -> `question_mark`)."""
    if len(key) != 1:
        key = key.strip()
    if len(key) == 1:
        return _char_to_key(key)
    *mods, base = key.split("+")
    if len(base) == 1 and mods:
        base = _char_to_key(base)
    return "+".join([*mods, base])


def _char_to_key(ch: str) -> str:
    if ch.isalnum():
        return ch
    if ch == "\t":
        return "tab"
    if ch == " ":
        return "space"
    try:
        name = unicodedata.name(ch).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return ch
    return _REPLACEMENTS.get(name, name)


def key_problem(key: str) -> str | None:
    """Why `key` (normalised) is not a key Textual can report, or None when it is."""
    if not key or any(c.isspace() for c in key) or "," in key:
        return "is not a key name"
    *mods, base = key.split("+")
    for mod in mods:
        if mod not in MODIFIERS:
            return f"has an unknown modifier {mod!r} (known: {', '.join(MODIFIERS)})"
    if len(set(mods)) != len(mods):
        return "repeats a modifier"
    if len(base) == 1:
        return None if base.isprintable() else "is not a printable key"
    if base in NAMED_KEYS or base in _REPLACED:
        return None
    unicode_name = _UNICODE_NAMES.get(base, base.replace("_", " ").upper())
    try:
        unicodedata.lookup(unicode_name)
    except KeyError:
        return "is not a key name Textual knows (e.g. j, shift+up, ctrl+s, question_mark, f1)"
    return None


# -- where keymaps are ---------------------------------------------------------------------


def user_keymap_path() -> Path:
    return user_config_dir() / "keymap.yaml"


def shipped() -> list[str]:
    """Names of the keymaps that ship with the tool."""
    if not PACKAGE_DIR.is_dir():
        return []
    return sorted(p.stem for p in PACKAGE_DIR.glob("*.yaml"))


def is_path_spec(spec: str) -> bool:
    return "/" in spec or "\\" in spec or spec.endswith((".yaml", ".yml"))


def locate(spec: str, base: Path | None = None) -> Path:
    """The file a keymap spec names; `base` anchors relative paths (default: the current folder)."""
    spec = spec.strip()
    if not spec:
        raise BriefdeskError("empty keymap name")
    if spec == USER_NAME:
        path = user_keymap_path()
        if not os.path.lexists(path):
            raise BriefdeskError(
                "no keymap of your own here (create it, or name another keymap)", path
            )
        return path
    if is_path_spec(spec):
        path = Path(spec).expanduser()
        if not path.is_absolute():
            path = (base or Path.cwd()) / path
        # only absence is "not found": a FIFO, a link or a folder there is named by the reader
        # (core.storage.fileio), which never blocks on it
        if not os.path.lexists(path):
            raise BriefdeskError("keymap file not found", path)
        return path
    path = PACKAGE_DIR / f"{spec}.yaml"
    if not path.is_file():
        known = ", ".join(shipped()) or "none"
        raise BriefdeskError(
            f"no keymap named {spec!r} (shipped: {known}; or give a path to a YAML file)"
        )
    return path


def choose(settings: Settings, workspace_root: Path | None = None) -> Keymap:
    """The keymap in force. A person's choice beats the knowledge base's: the `keymap` setting
    from a flag, the environment or the user's config; else the user's own `keymap.yaml`; else
    the workspace's `keymap:` (a relative path is the workspace's); else default."""
    origin = settings.origin("keymap")
    if origin in ("flag", "env"):
        return load_keymap(settings.keymap)
    if origin == "user":
        return load_keymap(settings.keymap, base=user_config_dir())
    if user_keymap_path().is_file():
        return load_keymap(USER_NAME)
    if origin == "workspace":
        return load_keymap(settings.keymap, base=workspace_root)
    return load_keymap("default")


# -- loading -------------------------------------------------------------------------------


def load_keymap(spec: str = "default", base: Path | None = None) -> Keymap:
    """Load, resolve `extends`, validate. Every problem is a BriefdeskError naming the file."""
    path = locate(spec, base)
    chain: list[tuple[Path, dict]] = []
    seen: set[Path] = set()
    while True:
        real = path.resolve()
        if real in seen:
            raise BriefdeskError("keymaps extend each other in a loop", path)
        seen.add(real)
        raw = _read(path)
        chain.append((path, raw))
        parent = raw.get("extends")
        if parent is None:
            break
        try:
            path = locate(parent, base=path.parent)
        except BriefdeskError as exc:
            raise BriefdeskError(f"extends {parent!r}: {exc}", chain[-1][0]) from None
    bindings: dict[str, tuple[str, ...]] = {}
    depth: dict[str, int] = {}  # 0: the keymap itself, 1: its parent, ...
    for level in range(len(chain) - 1, -1, -1):  # root first, the keymap itself last
        for action, keys in chain[level][1]["bindings"].items():
            bindings[action] = keys
            depth[action] = level
    _check_complete(bindings, chain[0][0])
    _check_conflicts(bindings, depth, [p for p, _ in chain])
    first_path, first_raw = chain[0]
    name = first_raw.get("name") or first_path.stem
    ordered = {a: bindings[a] for a in ACTION_IDS}
    return Keymap(name=name, sources=tuple(str(p) for p, _ in chain), bindings=ordered)


def _read(path: Path) -> dict:
    raw = yamlio.load_mapping(
        path,
        path,
        empty_ok=True,
        not_mapping="a keymap must be a mapping with name, extends and bindings",
    )
    for key in raw:
        if key not in KEYMAP_FIELDS:
            raise BriefdeskError(
                f"unknown field {key!r} (a keymap has {', '.join(KEYMAP_FIELDS)})", path
            )
    for key in ("name", "extends"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise BriefdeskError(f"{key} must be a string", path)
    bindings = raw.get("bindings") or {}
    if not isinstance(bindings, dict):
        raise BriefdeskError(
            "bindings must be a mapping of action id to a key or a list of keys", path
        )
    parsed: dict[str, tuple[str, ...]] = {}
    for action, value in bindings.items():
        if action not in ACTION_BY_ID:
            raise BriefdeskError(
                f"unknown action {action!r} (actions: {' '.join(ACTION_IDS)})", path
            )
        parsed[action] = _parse_keys(action, value, path)
    return {**raw, "bindings": parsed}


def _parse_keys(action: str, value: object, path: Path) -> tuple[str, ...]:
    values = value if isinstance(value, list) else [value]
    keys: list[str] = []
    for item in values:
        if not isinstance(item, str) or not item.strip():
            raise BriefdeskError(f"{action}: a key must be a non-empty string, got {item!r}", path)
        for part in item.split(",") if len(item) > 1 else [item]:
            key = normalize_key(part)
            problem = key_problem(key)
            if problem:
                raise BriefdeskError(f"{action}: key {part.strip()!r} {problem}", path)
            if key not in keys:
                keys.append(key)
    if not keys:
        raise BriefdeskError(
            f"{action}: no key given (leave the action out to keep the keys it has)", path
        )
    return tuple(keys)


def _check_complete(bindings: dict[str, tuple[str, ...]], path: Path) -> None:
    missing = [a for a in ACTION_IDS if a not in bindings]
    if missing:
        raise BriefdeskError(
            f"no key for {', '.join(missing)} (bind them, or extend default)", path
        )


def _check_conflicts(
    bindings: dict[str, tuple[str, ...]], depth: dict[str, int], paths: list[Path]
) -> None:
    """A reserved key, or one key on two actions; the file named is the one that bound it last."""
    first: dict[str, str] = {}
    for action in ACTION_IDS:
        for key in bindings[action]:
            if key in RESERVED and RESERVED_OK.get(key) != action:
                raise BriefdeskError(
                    f"{action}: key {key!r} is reserved: it {RESERVED[key]}", paths[depth[action]]
                )
            if key in first:
                other = first[key]
                where = paths[min(depth[action], depth[other])]
                raise BriefdeskError(
                    f"key {key!r} is bound to both {other} and {action} on the review screen", where
                )
            first[key] = action
