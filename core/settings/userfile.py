"""Remembering a personal choice in the user's config file (the desk's theme, chosen in the
command palette, is there again on the next start).

The file is the user's: only the one key's line is replaced (or appended), every other line and
comment stays as written; the write is atomic. A file that cannot be written costs the memory,
never the desk.
"""

from __future__ import annotations

import json
import os
import re

from ..errors import BriefdeskError
from ..storage.fileio import atomic_write, read_text
from .layers import user_config_path
from .schema import PERSONAL_KEYS


def remember(key: str, value: str) -> bool:
    """Set `key: value` in the user's config file; False when it could not be written."""
    if key not in PERSONAL_KEYS:
        raise ValueError(f"not a personal setting: {key}")
    path = user_config_path()
    try:
        text = read_text(path, path) if os.path.lexists(path) else ""
    except BriefdeskError:  # a FIFO, a device, not UTF-8 ...: the memory is lost, not the desk
        return False
    line = f"{key}: {json.dumps(value, ensure_ascii=False)}"
    pattern = re.compile(rf"^{re.escape(key)}\s*:.*$", re.MULTILINE)
    if pattern.search(text):
        text = pattern.sub(lambda _m: line, text, count=1)
    else:
        text = (text if not text or text.endswith("\n") else text + "\n") + line + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text.encode("utf-8"))
    except OSError:
        return False
    return True
