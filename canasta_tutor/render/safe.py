"""Text that is safe to print on a terminal.

Names, moves, file names and messages come from files and arguments; a control character in one
(ESC starting a colour, a title or an OSC 8 link; BEL; a carriage return that overwrites the line)
must never reach the terminal. Every human-readable output passes its data through ``clean`` before
adding its own styling; JSON escapes control characters itself (``json_text``)."""
from __future__ import annotations

import json
import re
import unicodedata

# Characters that act on the terminal or reorder what is read, beyond Unicode's "Cc" controls:
# line and paragraph separators and the bidirectional overrides and isolates; and those that show
# nothing at all, so that a message quoting '4\u200bH' does not look like a quote of 4H: the
# variation selectors (an emoji's ♥️) and the format characters ("Cf": zero-width space and joiners,
# the byte-order mark...).
_INVISIBLE = {0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A), *range(0xFE00, 0xFE10)}


def _visible(ch: str, keep: str) -> str:
    code = ord(ch)
    if ch in keep:
        return ch
    if 0xDC80 <= code <= 0xDCFF:  # a byte of an argument that was not UTF-8 (surrogateescape)
        return "\ufffd"
    if 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def _unsafe(ch: str) -> bool:
    code = ord(ch)
    if code < 0x20 or 0x7F <= code <= 0x9F or code in _INVISIBLE:
        return True
    return 0xD800 <= code <= 0xDFFF or (code > 0x7F and unicodedata.category(ch) in ("Cc", "Cf"))


def clean(text: str, keep: str = "") -> str:
    """``text`` with every control character shown as a visible escape (``\\x1b``); the characters in
    ``keep`` (a newline, say) are let through. Bytes of a non-UTF-8 argument become U+FFFD."""
    if text.isprintable() and text.isascii():
        return text
    return "".join(_visible(ch, keep) if _unsafe(ch) else ch for ch in text)


def clean_data(value):
    """Every string in a JSON-ready value cleaned, for the human renderers (keys too)."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {clean_data(k): clean_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(clean_data(v) for v in value)
    return value


def _valid_unicode(value):
    """Lone surrogates (non-UTF-8 bytes of an argument) replaced, so JSON output is valid UTF-8."""
    if isinstance(value, str):
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
            return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in value)
        return value
    if isinstance(value, dict):
        return {_valid_unicode(k): _valid_unicode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_valid_unicode(v) for v in value]
    return value


def json_text(data, encoding: str | None = "utf-8") -> str:
    """JSON for stdout: valid UTF-8, C1 controls escaped too (JSON itself escapes only C0), and plain
    ASCII when the output cannot encode more."""
    text = json.dumps(_valid_unicode(data), ensure_ascii=False, indent=2)
    if any(0x7F <= ord(ch) <= 0x9F or ord(ch) in _INVISIBLE for ch in text):
        text = "".join(f"\\u{ord(ch):04x}" if 0x7F <= ord(ch) <= 0x9F or ord(ch) in _INVISIBLE else ch
                       for ch in text)
    try:
        text.encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(_valid_unicode(data), ensure_ascii=True, indent=2)
    return text


_SGR = re.compile("\x1b\\[[0-9;]*m")


def wrap_words(text: str, width: int) -> str:
    """Each line of ``text`` broken at spaces to fit ``width`` columns, its colour and bold escapes
    counted as nothing: a terminal breaks a long line wherever the width ends, mid-word. A word
    longer than the width stays whole, and continued lines keep the first line's indent."""
    if width < 20:  # a terminal that narrow is better left to break lines its own way
        return text
    out = []
    for line in text.split("\n"):
        if len(_SGR.sub("", line)) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        current, shown, empty = indent, len(indent), True
        for word in line[len(indent):].split(" "):
            seen = len(_SGR.sub("", word))
            if not empty and shown + 1 + seen > width:
                out.append(current)
                current, shown = indent + word, len(indent) + seen
            elif empty:
                current, shown, empty = current + word, shown + seen, False
            else:
                current, shown = current + " " + word, shown + 1 + seen
        out.append(current)
    return "\n".join(out)
