"""What the commands print: plain text and JSON, flushed as written, never a raw control."""

from __future__ import annotations

import json
import re
import sys

# JSON escapes C0 controls by itself; with ensure_ascii=False it would print DEL, C1 controls
# (U+009B is a one-byte CSI), bidi controls, zero-width and line separators raw. Escaped, they
# stay data.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def to_json(data: object) -> str:
    """`data` as indented JSON with every unsafe character escaped, ending with a newline."""
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"


def out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def err(text: str) -> None:
    sys.stderr.write(text)
    sys.stderr.flush()
