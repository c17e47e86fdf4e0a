"""Strict, safe reading of the YAML files users write.

PyYAML's ``safe_load`` still expands aliases (the "billion laughs"), keeps the last of duplicate keys,
honours merge keys and turns ``No`` into ``False``. We read the event stream instead and build a
small tree of our own that keeps every position, refusing anchors, aliases, tags and merge keys.
Scalars stay text: the schema that reads them decides whether ``10`` is a rank or a number and
whether ``No`` is a name or a boolean.
"""
from __future__ import annotations

import re
from pathlib import Path

MAX_BYTES = 1 << 20
MAX_DEPTH = 64
STDIN = "-"  # as a file name: read standard input


class Said(str):
    """An error message in English that also carries its catalog key (``errors.<key>`` in en.yaml) and
    parameters, so the command line can word it in the user's language: the layers below ``texts`` cannot
    look texts up themselves. The English here must be the catalog's English (a test compares them)."""

    key: str
    params: dict

    def __new__(cls, said_key: str, english: str, /, **params) -> Said:
        said = super().__new__(cls, english.format(**params))
        said.key, said.params = said_key, params
        return said


class Listed(str):
    """A list inside a message, joined in English ("9S (Dutch) or as 9H (Danish)"), that keeps its items
    and how they are joined (``and``, ``or``, ``or-as``: the ``lists`` section of en.yaml) so that the
    command line joins them in the user's language; an item may be a ``Said``."""

    items: tuple
    how: str

    def __new__(cls, items, how: str = "and") -> Listed:
        items = tuple(items)
        words = {"and": " and ", "or": " or ", "or-as": " or as "}[how]
        english = ", ".join(items[:-1]) + words + items[-1] if len(items) > 1 else "".join(items)
        listed = super().__new__(cls, english)
        listed.items, listed.how = items, how
        return listed


class InputError(Exception):
    """An input file that cannot be used; printed as ``file:line:column: key: message``."""

    def __init__(self, message: str, file: str = "", line: int = 0, column: int = 0, key: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.key = key

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}:{self.column}"
        head = f"{where}: " if where else ""
        key = f"{self.key}: " if self.key else ""
        return f"{head}{key}{self.message}"

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column, "key": self.key,
                "message": self.message}


class UsageError(Exception):
    """A command used wrongly (an option's value, an unknown id): exit 2, not a bad file."""


class Node:
    """A value of the YAML file and where it starts."""
    line: int
    column: int

    def __init__(self, line: int, column: int) -> None:
        self.line = line
        self.column = column


class Scalar(Node):
    """A text value (YAML types are not guessed: the reader decides what it must be)."""
    text: str
    plain: bool  # unquoted: eligible for numbers, booleans and null

    def __init__(self, line: int, column: int, text: str, plain: bool) -> None:
        self.line = line
        self.column = column
        self.text = text
        self.plain = plain

    @property
    def is_null(self) -> bool:
        return self.plain and self.text in ("", "~", "null", "Null", "NULL")


class Seq(Node):
    """A YAML list."""
    items: list[Node]

    def __init__(self, line: int, column: int, items: list[Node] | None = None) -> None:
        self.line = line
        self.column = column
        self.items = [] if items is None else items


class Map(Node):
    """A YAML mapping: key -> (key node, value node), in file order."""
    items: dict[str, tuple[Scalar, Node]]

    def __init__(self, line: int, column: int, items: dict[str, tuple[Scalar, Node]] | None = None) -> None:
        self.line = line
        self.column = column
        self.items = {} if items is None else items


# The keys of our formats are lower-case words (``house_rules``, ``by_ruleset``, ``x-note``): such a key
# may be quoted in a message; anything else may be another program's secret and is not.
_OUR_KIND_OF_KEY = re.compile(r"[a-z][a-z0-9_.-]{0,39}")


def not_ours(file: str) -> InputError:
    """The error for a file that is none of ours (a credentials file, say): named as such, never a
    word of it quoted."""
    return InputError(Said("file.not-ours", "is not a table, scenario, lesson or pack: none of its keys is one "
                           "of theirs"), file)


def our_kind_of_key(name: str) -> bool:
    """Whether a key looks like one of our formats' (so a message may quote it)."""
    return bool(_OUR_KIND_OF_KEY.fullmatch(name))


def _shown_path(path: str) -> str:
    """A key path as a message of a file that may not be ours shows it: a key that is no word of our
    formats is left out (``…``), so that another program's keys never reach a message."""
    if not path:
        return path
    parts = re.split(r"(\.|\[\d+\])", path)
    return "".join(p if not p or p == "." or p.startswith("[") or _OUR_KIND_OF_KEY.fullmatch(p) else "…"
                   for p in parts)


def brief(text: str, limit: int = 40) -> str:
    """Text from a file as an error message quotes it: at most ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(node: Node | None) -> str:
    """How a value reads in an error message: ``'text'``, ``nothing``, ``a list``, ``a mapping``."""
    if node is None or isinstance(node, Scalar) and node.is_null:
        return Said("table.nothing", "nothing")
    if isinstance(node, Scalar):
        return f"'{brief(node.text)}'"
    return Said("table.a-list", "a list") if isinstance(node, Seq) else Said("table.a-mapping", "a mapping")


MAX_DIGITS = 9


def number_problem(node: Node | None, nullable: bool = False) -> str:
    """Why a value is not the whole number expected (or null, where ``nullable``), for the message:
    ``found ... , expected ...``."""
    if isinstance(node, Scalar):
        text = node.text.strip().replace("_", "")
        body = text[1:] if text[:1] in "+-" else text
        if body.isdigit() and body.isascii():
            if not node.plain:
                return Said("file.number-quoted", "found {found} in quotes, expected a whole number without quotes",
                            found=describe(node))
            if len(body) > MAX_DIGITS:
                return Said("file.number-digits",
                            "found a number of {digits} digits, expected a whole number of at most {most} digits",
                            digits=len(body), most=MAX_DIGITS)
    if nullable:
        return Said("file.number-or-null", "found {found}, expected a whole number or null", found=describe(node))
    return Said("file.number", "found {found}, expected a whole number", found=describe(node))


def int_value(node: Node | None) -> int | None:
    """A plain (unquoted) whole number such as ``1500``, ``-50`` or ``1_000``; None for anything else."""
    if isinstance(node, Scalar) and node.plain:
        text = node.text.replace("_", "")
        body = text[1:] if text[:1] in "+-" else text
        if body.isdigit() and body.isascii() and len(body) <= MAX_DIGITS:
            return int(text)
    return None


def bool_value(node: Node | None) -> bool | None:
    """true/yes/on or false/no/off, unquoted, in any case; None for anything else."""
    if isinstance(node, Scalar) and node.plain:
        t = node.text.lower()
        if t in ("true", "yes", "on"):
            return True
        if t in ("false", "no", "off"):
            return False
    return None


def read_text(path: str | Path) -> str:
    """The file's text, or an InputError for a missing path, a folder, a huge or a binary file.

    Only a regular file is read: a FIFO would block forever and a device (``/dev/stdin``,
    ``/dev/zero``) is not a file the user wrote, so the path is opened without blocking and checked
    before a byte is read."""
    import os
    import stat

    name = str(path)
    if name == STDIN:
        return _decode(_read_stdin(), name)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise InputError(Said("file.no-such-file", "no such file ('canasta example' writes a table to try the tool on)"), name) from None
    except IsADirectoryError:
        raise InputError(Said("file.folder", 'is a folder, expected a YAML file'), name) from None
    except OSError as exc:
        raise InputError(Said("file.unreadable", 'cannot be read ({reason})', reason=exc.strerror or str(exc)), name) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputError(Said("file.folder", 'is a folder, expected a YAML file'), name)
        if not stat.S_ISREG(mode):
            raise InputError(Said("file.not-regular", 'is not a regular file (a pipe, a device or a socket); give a YAML file'), name)
        data = _read_up_to(fd, MAX_BYTES + 1)
    except InputError:
        raise
    except OSError as exc:
        raise InputError(Said("file.unreadable", 'cannot be read ({reason})', reason=exc.strerror or str(exc)), name) from None
    finally:
        # The descriptor has one owner and is closed once: a file object wrapped around it could
        # close it too, and a Ctrl-C between the two closes turned into "Bad file descriptor".
        os.close(fd)
    return _decode(data, name)


def _read_up_to(fd: int, limit: int) -> bytes:
    """At most ``limit`` bytes from the descriptor ``fd`` (a read may return fewer than asked)."""
    import os

    parts, size = [], 0
    while size < limit:
        part = os.read(fd, limit - size)
        if not part:
            break
        parts.append(part)
        size += len(part)
    return b"".join(parts)


def _read_stdin() -> bytes:
    """Standard input, for ``-`` as a file name (``cat table.yaml | canasta check - draw``)."""
    import sys

    if sys.stdin is None or sys.stdin.isatty():
        raise InputError(Said("file.no-stdin", '\'-\' reads the table from standard input, but nothing is piped in; e.g. cat table.yaml | canasta check - "draw"'), STDIN)
    stream = getattr(sys.stdin, "buffer", None)
    data = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read(MAX_BYTES + 1).encode("utf-8")
    return data


def _decode(data: bytes, name: str) -> str:
    if len(data) > MAX_BYTES:
        raise InputError(Said("file.too-large", 'is larger than {kib} KiB; a table or scenario file is a few KiB', kib=MAX_BYTES // 1024), name)
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or _looks_utf16(data):
        raise InputError(Said("file.utf16", "is UTF-16 text; save it as UTF-8 (most editors offer it under 'Save as' or 'Encoding')"), name)
    if b"\x00" in data:
        raise InputError(Said("file.binary", 'holds binary data (a NUL byte), expected YAML text'), name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(Said("file.not-utf8", 'is not UTF-8 text (byte 0x{byte})', byte=f"{data[exc.start]:02x}"), name, line, 1) from None
    if not text.strip():
        raise InputError(Said("file.empty", 'is empty'), name)
    return text


def _looks_utf16(data: bytes) -> bool:
    """UTF-16 without a byte-order mark: ASCII text with a NUL byte beside every character."""
    head = data[:200]
    if len(head) < 4:
        return False
    even, odd = head[0::2], head[1::2]
    return even.count(0) > len(even) * 0.8 and not odd.count(0) or odd.count(0) > len(odd) * 0.8 and not even.count(0)


def parse(text: str, name: str = "<input>") -> Node:
    """Build the position-keeping tree of one YAML document."""
    import yaml

    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    loader = loader_cls(text)
    stack: list[list] = []  # frames: [node, pending_key_or_None, key path of node]
    root: Node | None = None
    documents = 0

    def here() -> str:
        """The key path of the node being read, for error messages."""
        if not stack:
            return ""
        node, pending, path = stack[-1]
        if isinstance(node, Seq):
            return f"{path}[{len(node.items)}]"
        if pending is not None:
            return f"{path}.{pending.text}" if path else pending.text
        return path

    def err(message: str, mark, key: str | None = None) -> InputError:
        return InputError(message, name, mark.line + 1 if mark else 0, mark.column + 1 if mark else 0,
                          _shown_path(here() if key is None else key))

    def attach(node: Node, mark) -> None:
        nonlocal root
        if not stack:
            root = node
            return
        frame = stack[-1]
        parent = frame[0]
        if isinstance(parent, Seq):
            parent.items.append(node)
        elif frame[1] is None:
            if not isinstance(node, Scalar):
                raise err(Said("file.key-not-text", 'a key must be plain text, not a list or mapping'), mark)
            if node.text == "<<" and node.plain:
                raise err(Said("file.merge-key", 'merge keys (<<) are not accepted; write the keys out'), mark)
            if node.text in parent.items:
                path = frame[2]
                if not _OUR_KIND_OF_KEY.fullmatch(node.text):  # not a word of our formats: never quoted
                    raise err(Said("file.duplicate-key-unnamed", "a key appears twice in one mapping"), mark, path)
                raise err(Said("file.duplicate-key", "duplicate key '{key}'", key=brief(node.text)), mark, f"{path}.{node.text}" if path else node.text)
            frame[1] = node
        else:
            parent.items[frame[1].text] = (frame[1], node)
            frame[1] = None

    try:
        while True:
            event = loader.get_event()
            if event is None:
                break
            kind = type(event).__name__
            mark = event.start_mark
            if kind in ("StreamStartEvent", "StreamEndEvent", "DocumentEndEvent"):
                continue
            if kind == "DocumentStartEvent":
                documents += 1
                if documents > 1:
                    raise err(Said("file.documents", 'holds more than one YAML document (---); expected one'), mark)
                continue
            if kind == "AliasEvent":
                raise err(Said("file.alias", 'aliases (*name) are not accepted; write the value out'), mark)
            if getattr(event, "anchor", None):
                raise err(Said("file.anchor-unnamed", "anchors (&name) are not accepted; write the value out"), mark)
            tag = getattr(event, "tag", None)
            if kind == "ScalarEvent":
                if tag and tag != "!" and not (event.implicit and event.implicit[0]):
                    raise err(Said("file.tag-unnamed", "tags (such as !!str) are not accepted; write the value plainly"), mark)
                attach(Scalar(mark.line + 1, mark.column + 1, event.value, not event.style), mark)
            elif kind in ("SequenceStartEvent", "MappingStartEvent"):
                if tag and not event.implicit:
                    raise err(Said("file.tag-unnamed", "tags (such as !!str) are not accepted; write the value plainly"), mark)
                if len(stack) >= MAX_DEPTH:
                    raise err(Said("file.too-deep", 'nesting deeper than {depth} levels', depth=MAX_DEPTH), mark)
                node = (Seq if kind == "SequenceStartEvent" else Map)(mark.line + 1, mark.column + 1)
                path = here()
                attach(node, mark)
                stack.append([node, None, path])
            elif kind in ("SequenceEndEvent", "MappingEndEvent"):
                stack.pop()
    except InputError:
        raise
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow; it carries an offset only
        before = text[: exc.position]
        line = before.count("\n") + 1
        column = exc.position - (before.rfind("\n") + 1) + 1
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        raise InputError(Said("file.bad-character", 'is not valid YAML: the character {char} is not allowed', char=repr(char)), name, line, column,
                         here()) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise err(_slip(problem, text, mark), mark) from None
    finally:
        dispose = getattr(loader, "dispose", None)
        if dispose:
            dispose()
    if root is None or (isinstance(root, Scalar) and root.is_null):
        raise InputError(Said("file.empty", 'is empty'), name)
    if isinstance(root, Scalar):
        # Every file of ours is a mapping: one value alone is another program's file (a token, a
        # password, a URL with its key), which no message may quote, not even in part.
        raise InputError(Said("file.one-value", "holds a single value, not a mapping of keys and values: it is not "
                              "a table, scenario, lesson, pack or ruleset file"), name)
    return root


def _slip(problem: str, text: str, mark) -> str:
    """PyYAML's words for a parse error, or the fix when the cause is a common slip."""
    line = text.splitlines()[mark.line] if mark and mark.line < len(text.splitlines()) else ""
    if "\\t" in problem or "\t" in problem or "\t" in line[: (mark.column + 1) if mark else 0]:
        return Said("file.tab", 'holds a tab: tabs are not allowed in YAML; indent with spaces')
    for words, said in _YAML_PROBLEMS:
        if words in problem:
            return said
    return Said("file.not-yaml-here", 'is not valid YAML: the syntax breaks here')


# PyYAML's own (English) words for what it found, as our sentences, which the catalogs translate: the
# common slips of a hand-written file. Any other is said without its words, at its line and column.
_YAML_PROBLEMS = (
    ("maximum nesting depth", Said("file.too-deep", 'nesting deeper than {depth} levels', depth=MAX_DEPTH)),
    ("mapping values are not allowed", Said("file.yaml-colon", "is not valid YAML: a ':' where no new key can "
                                            "start (put a value that holds ': ' in quotes, or indent the key)")),
    ("unexpected end of stream", Said("file.yaml-unclosed", "is not valid YAML: the file ends inside a quoted "
                                      "value (a quote is never closed)")),
    ("could not find expected ':'", Said("file.yaml-no-colon", "is not valid YAML: a key without its ':'")),
    ("did not find expected key", Said("file.yaml-indent", "is not valid YAML: the indentation does not line up "
                                       "with the keys above")),
    ("cannot start any token", Said("file.yaml-token", "is not valid YAML: a value cannot start with this "
                                    "character (put the value in quotes)")),
    ("expected '-' indicator", Said("file.yaml-dash", "is not valid YAML: a list item without its '-', or "
                                    "indented differently from the items above")),
    ("expected ',' or ']'", Said("file.yaml-bracket", "is not valid YAML: a list in square brackets is not closed")),
    ("expected ',' or '}'", Said("file.yaml-brace", "is not valid YAML: a mapping in curly brackets is not closed")),
)


def load(path: str | Path) -> Node:
    return parse(read_text(path), str(path))
