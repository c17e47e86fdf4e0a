"""Moves: one or more steps, ``draw; meld 7H 7D 2C; discard 5C``. Steps parse and print their own
notation; a word that is not understood is a MoveError naming it (a usage error, exit 2)."""
from __future__ import annotations

from canasta_tutor.engine.cards import CODE, NATURAL_RANKS, Card, CardError, parse_card
from canasta_tutor.engine.record import Record
from canasta_tutor.reading.languages import LANGUAGES
from canasta_tutor.reading.strict_yaml import Said

VERBS = ("draw", "take", "meld", "add", "discard", "ask")
# A turn is a draw, a few melds and lay-offs and a discard; these bound the work any one move asks for.
MAX_STEPS = 40
MAX_CHARS = 2000


class MoveError(ValueError):
    def __init__(self, message: str, word: str = "") -> None:
        super().__init__(message)
        self.word = word


class Step(Record):
    """One step of a move, such as ``meld 7H 7D 2C``. A value: it does not change once made, so a
    move read before is handed out again as the same steps."""
    kind: str
    cards: tuple[Card, ...]
    to: str | None  # the meld an ``add`` lays off onto

    _fields = ("kind", "cards", "to")
    # ``written``: whether the notation could write the step (``verify_steps``), worked out the first
    # time a ruling is asked about it (None until then): a program asks about the same steps often.
    # ``plain``: whether the verdict kernel reads the step on counts (every card named with its suit,
    # no three, a draw that names no card), worked out the first time it asks (None until then).
    __slots__ = (*_fields, "written", "plain")
    written: bool | None
    plain: bool | None

    def __init__(self, kind: str, cards: tuple[Card, ...] = (), to: str | None = None) -> None:
        put = object.__setattr__  # the one way in past the guard below
        put(self, "kind", kind)
        put(self, "cards", cards)
        put(self, "to", to)
        put(self, "written", None)
        put(self, "plain", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a step does not change")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a step does not change")

    def __reduce__(self) -> tuple[type[Step], tuple[str, tuple[Card, ...], str | None]]:
        return (Step, (self.kind, self.cards, self.to))  # copied and pickled as made, past the guard

    def __hash__(self) -> int:  # type: ignore[override]  # a step is a value: hashable
        return hash((self.kind, self.cards, self.to))

    def __str__(self) -> str:
        parts = [self.kind, *map(CODE, self.cards)]  # each card's notation, without a call of ``__str__``
        if self.to and self.kind == "add":
            parts += ["to", self.to]
        return " ".join(parts)


def verb_words(reader: str | None) -> dict[tuple[str, ...], str]:
    """The words that start a step for a reader: the reader's language's (``leg aan``: add) and the
    English ones, which every language reads; each as its words, lower case."""
    words: dict[tuple[str, ...], str] = {}
    for lang in ("en", reader) if reader in LANGUAGES and reader != "en" else ("en",):
        for verb, said in LANGUAGES[lang].moves.items():
            for text in said:
                words.setdefault(tuple(text.split()), verb)
    return words


def _verb(words: list[str], reader: str | None) -> tuple[str | None, int]:
    """The step's verb and how many words say it (the longest match: ``leg aan`` before ``leg``)."""
    known = verb_words(reader)
    for n in (2, 1):
        verb = known.get(tuple(w.lower() for w in words[:n])) if len(words) >= n else None
        if verb is not None:
            return verb, n
    return None, 1


def _split(words: list[str], reader: str | None) -> tuple[str | None, int, list[str], str | None]:
    """A step's words read: its verb (None: unknown) and how many words say it, the words that name its
    cards, and the word after "to" that names the meld of a lay-off (None: no such word)."""
    verb, said_in = _verb(words, reader)
    rest, to = words[said_in:], None
    if verb == "add" and len(rest) >= 2 and rest[-2].lower() in _to_words(reader):
        rest, to = rest[:-2], rest[-1]
    return verb, said_in, rest, to


def card_words(text: str, reader: str | None = None) -> list[str]:
    """The words of a step that name cards, as ``parse_step`` reads them: not the verb's (the "aan" of
    Dutch ``leg aan``), nor the meld a lay-off names (``bij V``); every word of a step it cannot read."""
    words = text.split()
    verb, _, rest, _ = _split(words, reader)
    return words if verb is None else rest


def _to_words(reader: str | None) -> set[str]:
    words = {"to"}
    if reader in LANGUAGES:
        words.update(LANGUAGES[reader].to)
    return words


def _rank_word(word: str, reader: str | None = None) -> str:
    w = word.upper()
    w = {"T": "10"}.get(w, w)
    if w in NATURAL_RANKS or w == "?":  # "?": a meld of wild cards alone, as a table shows it
        return w
    try:
        card = parse_card(word, reader)
    except CardError:
        card = None
    if card and card.is_natural:
        return card.rank
    raise MoveError(Said("move.to-rank", "'to {word}': expected the rank of a meld, such as K or 10", word=word), word)


def _brief(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_step(text: str, reader: str | None = None) -> Step:
    """One step, its verb in English or in the reader's language (``pak 9S 9D`` is ``take 9S 9D`` in Dutch),
    its cards in any notation (the reader's letters settling a code two languages read differently)."""
    words = text.split()
    verb, said_in, rest, to_word = _split(words, reader)
    if verb is None:
        shown = [LANGUAGES[reader].moves[v][0] for v in VERBS] if reader in LANGUAGES else list(VERBS)
        raise MoveError(Said("move.unknown-step", "unknown step '{word}' in '{step}'; expected one of: {verbs}",
                             word=_brief(words[0]), step=_brief(text), verbs=", ".join(shown)), words[0])
    typed = " ".join(words[:said_in])
    to = None if to_word is None else _rank_word(to_word, reader)
    cards = []
    starts = {first for first, *_ in verb_words(reader)}
    for w in rest:
        try:
            cards.append(parse_card(w.strip(","), reader))
        except CardError as exc:
            if w.strip(",").lower() in starts:  # "take 9S 9D, discard 4H": two steps written as one
                raise MoveError(Said("move.new-step", "'{word}' starts a new step: separate steps with ';', e.g. '{steps}'",
                                     word=w.strip(","), steps=_as_steps(text, starts)), w) from None
            raise MoveError(Said("move.not-a-card", "'{word}' in '{step}' is not a card: {reason}", word=_brief(w),
                                 step=_brief(text), reason=exc.reason), w) from None
    if verb == "ask" and cards:
        raise MoveError(Said("move.ask-no-cards", "'ask' takes no cards, found '{found}'", found=" ".join(rest)), rest[0])
    if verb == "meld" and not cards:
        raise MoveError(Said("move.needs-cards", "'{verb}' needs the cards it lays down, e.g. '{verb} 7H 7D 2C'", verb=typed), typed)
    if verb == "add" and not cards:
        raise MoveError(Said("move.needs-cards-add", "'{verb}' needs the cards it lays down and the meld they go to, "
                             "e.g. '{verb} 7H 2C to 7'", verb=typed), typed)
    if verb == "discard" and len(cards) != 1:
        raise MoveError(Said("move.one-discard", "'discard' takes exactly one card, found {n} in '{step}'", n=len(cards),
                              step=text),
                        rest[1] if len(cards) > 1 else verb)
    if verb == "add" and to is None:
        naturals = {c.rank for c in cards if c.is_natural}
        if len(naturals) != 1:
            raise MoveError(Said("move.which-meld", "'{step}': say which meld with 'to RANK', e.g. 'add {cards} to K'",
                                  step=text, cards=" ".join(rest)), verb)
        to = naturals.pop()
    return Step(verb, tuple(cards), to)


def _as_steps(text: str, starts: set[str]) -> str:
    """``take 9S 9D, discard 4H`` written as the steps it meant: ``take 9S 9D; discard 4H``."""
    words = text.replace(",", " ").split()
    out: list[str] = []
    for w in words:
        if w.lower() in starts and out:
            out.append(";")
        out.append(w)
    return " ".join(out).replace(" ;", ";")


# The steps of a move text read before: a program asking about many positions repeats its moves, so
# one look replaces the reading. Steps do not change, so every caller may share them. Only moves that
# read well are kept, at most a few thousand, of a sensible length; the reading is the same in every
# language.
_MOVES: dict[str, tuple[Step, ...]] = {}
_MOVES_MOST, _MOVES_LONGEST = 4096, 200


def parse_move(text: str | list[str], reader: str | None = None) -> list[Step]:
    """Steps separated by ';' (or newlines), or a list of step strings. ``reader``: the language of the one
    who typed it, whose verbs are read beside the English ones."""
    if type(text) is str:
        return list(steps_of(text, reader))
    return _parse(text, reader)


def steps_of(text: str, reader: str | None = None) -> tuple[Step, ...]:
    """``parse_move`` of a move text, as a tuple, looked up when the text was read before."""
    key = text if reader is None else f"{reader}\0{text}"
    known = _MOVES.get(key)
    if known is None:
        known = tuple(_parse(text, reader))
        if len(_MOVES) < _MOVES_MOST and len(text) <= _MOVES_LONGEST:
            _MOVES[key] = known
    return known


def _parse(text: str | list[str], reader: str | None = None) -> list[Step]:
    length = sum(len(p) + 2 for p in text) if isinstance(text, list) else len(text)
    if length > MAX_CHARS:
        raise MoveError(Said("move.too-long", "the move is {length} characters long; a move has at most {most}",
                             length=length, most=MAX_CHARS))
    parts = text if isinstance(text, list) else text.replace("\n", ";").split(";")
    if sum(1 for p in parts if p.strip()) > MAX_STEPS:
        raise MoveError(Said("move.too-many-steps", "the move has {n} steps; a move has at most {most}",
                             n=sum(1 for p in parts if p.strip()), most=MAX_STEPS))
    steps = [parse_step(p, reader) for p in (p.strip() for p in parts) if p]
    if not steps:
        raise MoveError(Said("move.empty", "the move is empty; write steps such as 'draw; discard 5C'"))
    return steps


_DISCARDS: dict[Card, Step] = {}


def discard_of(card: Card) -> Step:
    """The discard of ``card``, made once: a step is a value, and the listing offers the discard of
    each card in every play phase it lists."""
    step = _DISCARDS.get(card)
    if step is None:
        step = _DISCARDS[card] = Step("discard", (card,))
    return step


# How many cards each step may name, fewest and most, as the notation writes them.
_SHAPES = {"draw": (0, 1 << 30), "take": (0, 1 << 30), "meld": (1, 1 << 30), "add": (1, 1 << 30), "discard": (1, 1),
           "ask": (0, 0)}
assert set(_SHAPES) == set(VERBS)


def verify_steps(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """``steps`` made in code, refused as the notation refuses them (a MoveError): a verb the notation
    does not know, a meld or a lay-off without cards, a discard of other than one card, an ask with
    cards. The look is cheap; the wording is the notation's own. (A lay-off that names no meld is a
    move the rules refuse: ``meld.no-such-meld``.)"""
    for s in steps:
        try:
            written = s.written
        except AttributeError:  # a step made without ``Step.__init__`` (a subclass's own, say)
            written = None
        if written is None:
            kind = s.kind
            shape = _SHAPES.get(kind) if isinstance(kind, str) else None  # a str Enum's member too
            cards = s.cards
            written = shape is not None and shape[0] <= len(cards) <= shape[1]
            if type(cards) is tuple:  # kept only where the cards cannot change afterwards
                object.__setattr__(s, "written", written)
        if not written:
            kind = s.kind
            parse_step(str(s) if kind in VERBS else str(kind))  # raises what a typed move would
            raise MoveError(Said("move.unknown-step", "unknown step '{word}' in '{step}'; expected one of: {verbs}",
                                 word=_brief(str(kind)), step=_brief(str(s)), verbs=", ".join(VERBS)), str(kind))
    return steps


def format_move(steps: list[Step]) -> str:
    return "; ".join(map(str, steps))
