"""What the commands print: plain text and JSON, flushed as written, never a raw control."""

from __future__ import annotations

import json
import re
import sys

from ..core.errors import BriefdeskError
from ..core.text.sanitize import JSON_UNSAFE

# JSON escapes C0 controls by itself; with ensure_ascii=False it would print DEL, C1 controls
# (U+009B is a one-byte CSI), bidi controls, invisible characters and line separators raw.
# Escaped (core.text.sanitize.JSON_UNSAFE), they stay data.


def to_json(data: object) -> str:
    """`data` as indented JSON with every unsafe character escaped, ending with a newline."""
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return JSON_UNSAFE.sub(_escape, text) + "\n"


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code > 0xFFFF:  # a tag or a supplementary selector: a UTF-16 surrogate pair, as JSON has
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def out(text: str) -> None:
    """Print to standard output; one that cannot be written (a full disk, a closed descriptor)
    is one error line naming it. A closed pipe (`| head`) is not an error: see `main`."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise BriefdeskError(f"cannot write: {exc.strerror or exc}", "standard output") from None


def err(text: str) -> None:
    sys.stderr.write(text)
    sys.stderr.flush()
