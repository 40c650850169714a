"""What the commands print: plain text and JSON, flushed as written, never a raw control."""

from __future__ import annotations

import json
import re
import sys
from json.encoder import INFINITY, encode_basestring

from ..core.errors import BriefdeskError
from ..core.text.sanitize import JSON_UNSAFE

# JSON escapes C0 controls by itself; with ensure_ascii=False it would print DEL, C1 controls
# (U+009B is a one-byte CSI), bidi controls, invisible characters and line separators raw.
# Escaped (core.text.sanitize.JSON_UNSAFE), they stay data.


def to_json(data: object) -> str:
    """`data` as indented JSON with every unsafe character escaped, ending with a newline."""
    try:
        text = dumps_indented(data)
    except TypeError:  # not JSON data: json.dumps says so in its own words
        text = json.dumps(data, ensure_ascii=False, indent=1)
    return JSON_UNSAFE.sub(_escape, text) + "\n"


def dumps_indented(data: object) -> str:
    """`json.dumps(data, ensure_ascii=False, indent=1)`, the same text, in half the time.

    With an indent, `json.dumps` runs Python's encoder, a generator per list and dict; the scan's
    JSON is 15 MB at 3,000 items, and its encoding was a tenth of a warm scan. This writes the
    same text into one list of pieces, with the same C string encoder (the standard library's,
    for every key and string) and the same forms of numbers, `true`, `false` and `null`
    (tests/unit/test_output_json.py compares both on random data). A value that is no JSON
    (another type, a key that is no str, int, float, bool or None) raises TypeError."""
    out: list[str] = []
    put = out.append

    def key_of(k: object) -> str:
        if isinstance(k, str):
            return k
        if isinstance(k, float):
            return _float(k)
        if k is True:
            return "true"
        if k is False:
            return "false"
        if k is None:
            return "null"
        if isinstance(k, int):
            return int.__repr__(k)
        raise TypeError(f"keys must be str, int, float, bool or None, not {type(k).__name__}")

    def value(o: object, pad: str) -> None:
        if isinstance(o, str):
            put(encode_basestring(o))
        elif o is None:
            put("null")
        elif o is True:
            put("true")
        elif o is False:
            put("false")
        elif isinstance(o, int):
            put(int.__repr__(o))
        elif isinstance(o, float):
            put(_float(o))
        elif isinstance(o, list | tuple):
            if not o:
                put("[]")
                return
            inner = pad + " "
            between = "," + inner
            for k, x in enumerate(o):
                if isinstance(x, str):  # the common leaf, in one piece with its separator
                    put(("[" + inner if k == 0 else between) + encode_basestring(x))
                    continue
                put("[" + inner if k == 0 else between)
                value(x, inner)
            put(pad + "]")
        elif isinstance(o, dict):
            if not o:
                put("{}")
                return
            inner = pad + " "
            between = "," + inner
            for k, (name, x) in enumerate(o.items()):
                # the separator, the key and ": " in one piece: fewer pieces, less memory
                put(("{" + inner if k == 0 else between) + encode_basestring(key_of(name)) + ": ")
                value(x, inner)
            put(pad + "}")
        else:
            raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")

    value(data, "\n")
    return "".join(out)


def _float(o: float) -> str:
    """A float as `json.dumps` writes it (`NaN`, `Infinity` and `-Infinity` included)."""
    if o != o:
        return "NaN"
    if o == INFINITY:
        return "Infinity"
    if o == -INFINITY:
        return "-Infinity"
    return float.__repr__(o)


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
