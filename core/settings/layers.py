"""Reading the settings' sources and merging them, strongest last: workspace file, user config,
environment, flags.

Each source is validated on its own, so an error names the file (or variable) it is in; every
problem of a file is listed in its one error line, each with its key and line. Unknown keys are
refused; in the user's file, a knowledge-base key (`topics`, `paths`, `dedup`) is refused too,
with where it belongs.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..errors import BriefdeskError
from ..storage import yamlio
from ..storage.fileio import read_text
from .schema import PERSONAL_KEYS, PersonalSettings, Settings

SETTINGS_FILE = "briefdesk.yaml"
ENV_PREFIX = "BRIEFDESK_"


def user_config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "briefdesk"


def user_config_path() -> Path:
    return user_config_dir() / "config.yaml"


def _validated(model: type[BaseModel], raw: Mapping[str, Any], display: str, text: str | None):
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = yamlio.key_lines(text) if text is not None else None
        raise BriefdeskError(yamlio.every_error(exc, lines), display) from None


def _read_file(
    path: Path, display: str, inside: Path | None = None
) -> tuple[dict[str, Any], str] | None:
    """A settings file's mapping and text, None when there is no file at all.

    Read like every other file (`core.storage.fileio`): a FIFO, a device, a link loop or a
    dangling link is one error naming the file, never a hang nor a silent "no settings". With
    `inside` (the workspace), a link whose target is outside it is refused, as every other path
    of the workspace is (`Workspace.resolve`)."""
    if not os.path.lexists(path):
        return None
    text = read_text(path, display)  # first: it names a loop, a dangling link, a FIFO
    if inside is not None:
        real = path.resolve()
        if not real.is_relative_to(inside):
            raise BriefdeskError(f"is a link to {real}, outside the workspace", display)
    raw = yamlio.loads(text, display)
    if raw is None:
        return {}, text
    if not isinstance(raw, dict):
        raise BriefdeskError("settings must be a mapping", display)
    return raw, text


def workspace_layer(root: Path) -> tuple[dict[str, Any], str]:
    """The keys `briefdesk.yaml` sets, validated (a bad file is refused whole)."""
    read = _read_file(root / SETTINGS_FILE, SETTINGS_FILE, inside=root)
    if read is None:
        return {}, SETTINGS_FILE
    raw, text = read
    model = _validated(Settings, raw, SETTINGS_FILE, text)
    return model.model_dump(exclude_unset=True), SETTINGS_FILE


def user_layer() -> tuple[dict[str, Any], str]:
    """The keys the user's own config sets; knowledge-base keys there are refused."""
    path = user_config_path()
    display = str(path)
    read = _read_file(path, display)
    if read is None:
        return {}, display
    raw, text = read
    shared = [k for k in raw if k in Settings.model_fields and k not in PERSONAL_KEYS]
    if shared:
        lines = yamlio.key_lines(text)
        where = "; ".join(f"line {lines.get((k,), '?')}: {k}" for k in shared)
        raise BriefdeskError(
            f"{where}: the knowledge base decides this; set it in the workspace's {SETTINGS_FILE}",
            display,
        )
    model = _validated(PersonalSettings, raw, display, text)
    return model.model_dump(exclude_unset=True), display


def env_layer(environ: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """`BRIEFDESK_REVIEWER`, `BRIEFDESK_KEYMAP`, ...: the personal keys from the environment
    (an empty variable counts as unset). Returns the values and the variable of each key."""
    raw: dict[str, Any] = {}
    names: dict[str, str] = {}
    for key in PERSONAL_KEYS:
        name = ENV_PREFIX + key.upper()
        value = environ.get(name, "")
        if value.strip():
            raw[key] = value.strip()
            names[key] = name
    for key, name in names.items():
        try:
            PersonalSettings.model_validate({key: raw[key]})
        except ValidationError as exc:
            raise BriefdeskError(yamlio.every_error(exc).split(": ", 1)[-1], name) from None
    model = PersonalSettings.model_validate(raw)
    return model.model_dump(exclude_unset=True), names


def load_settings(
    root: Path,
    flags: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """The settings in force for the workspace at `root` (see the package docstring)."""
    merged, file = workspace_layer(root)
    origins = dict.fromkeys(merged, "workspace")
    sources = dict.fromkeys(merged, file)
    user, user_file = user_layer()
    env, env_names = env_layer(os.environ if environ is None else environ)
    given = {k: v for k, v in (flags or {}).items() if v is not None}
    for values, origin in ((user, "user"), (env, "env"), (given, "flag")):
        for key, value in values.items():
            merged[key] = value
            origins[key] = origin
            sources[key] = (
                env_names.get(key, key)
                if origin == "env"
                else (user_file if origin == "user" else f"--{key}")
            )
    settings = _validated(Settings, merged, SETTINGS_FILE, None)
    settings._origins = origins
    settings._sources = sources
    return settings
