"""Moves: one or more steps, ``draw; meld 7H 7D 2C; discard 5C``. Steps parse and print their own
notation; a word that is not understood is a MoveError naming it (a usage error, exit 2)."""
from __future__ import annotations

from canasta_tutor.engine.cards import NATURAL_RANKS, Card, CardError, parse_card
from canasta_tutor.engine.record import Record

VERBS = ("draw", "take", "meld", "add", "discard", "ask")
# A turn is a draw, a few melds and lay-offs and a discard; these bound the work any one move asks for.
MAX_STEPS = 40
MAX_CHARS = 2000


class MoveError(ValueError):
    def __init__(self, message: str, word: str = "") -> None:
        super().__init__(message)
        self.word = word


class Step(Record):
    """One step of a move, such as ``meld 7H 7D 2C``."""
    kind: str
    cards: tuple[Card, ...]
    to: str | None  # the meld an ``add`` lays off onto

    _fields = ("kind", "cards", "to")

    def __init__(self, kind: str, cards: tuple[Card, ...] = (), to: str | None = None) -> None:
        self.kind = kind
        self.cards = cards
        self.to = to

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.to))

    def __str__(self) -> str:
        parts = [self.kind, *map(str, self.cards)]
        if self.to and self.kind == "add":
            parts += ["to", self.to]
        return " ".join(parts)


def _rank_word(word: str) -> str:
    w = word.upper()
    w = {"T": "10"}.get(w, w)
    if w in NATURAL_RANKS:
        return w
    try:
        card = parse_card(word)
    except CardError:
        card = None
    if card and card.is_natural:
        return card.rank
    raise MoveError(f"'to {word}': expected the rank of a meld, such as K or 10", word)


def _brief(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_step(text: str) -> Step:
    words = text.split()
    verb = words[0].lower()
    if verb not in VERBS:
        raise MoveError(f"unknown step '{_brief(words[0])}' in '{_brief(text)}'; expected one of: {', '.join(VERBS)}", words[0])
    rest = words[1:]
    to = None
    if verb == "add" and len(rest) >= 2 and rest[-2].lower() == "to":
        to = _rank_word(rest[-1])
        rest = rest[:-2]
    cards = []
    for w in rest:
        try:
            cards.append(parse_card(w.strip(",")))
        except CardError as exc:
            if w.strip(",").lower() in VERBS:  # "take 9S 9D, discard 4H": two steps written as one
                raise MoveError(f"'{w.strip(',')}' starts a new step: separate steps with ';', e.g. "
                                f"'{_as_steps(text)}'", w) from None
            raise MoveError(f"'{_brief(w)}' in '{_brief(text)}' is not a card: {exc.reason}", w) from None
    if verb == "ask" and cards:
        raise MoveError(f"'ask' takes no cards, found '{' '.join(rest)}'", rest[0])
    if verb in ("meld", "add") and not cards:
        raise MoveError(f"'{verb}' needs the cards it lays down, e.g. '{verb} 7H 7D 2C'", verb)
    if verb == "discard" and len(cards) != 1:
        raise MoveError(f"'discard' takes exactly one card, found {len(cards)} in '{text}'",
                        rest[1] if len(cards) > 1 else verb)
    if verb == "add" and to is None:
        naturals = {c.rank for c in cards if c.is_natural}
        if len(naturals) != 1:
            raise MoveError(f"'{text}': say which meld with 'to RANK', e.g. 'add {' '.join(rest)} to K'", verb)
        to = naturals.pop()
    return Step(verb, tuple(cards), to)


def _as_steps(text: str) -> str:
    """``take 9S 9D, discard 4H`` written as the steps it meant: ``take 9S 9D; discard 4H``."""
    words = text.replace(",", " ").split()
    out: list[str] = []
    for w in words:
        if w.lower() in VERBS and out:
            out.append(";")
        out.append(w)
    return " ".join(out).replace(" ;", ";")


def parse_move(text: str | list[str]) -> list[Step]:
    """Steps separated by ';' (or newlines), or a list of step strings."""
    length = sum(len(p) + 2 for p in text) if isinstance(text, list) else len(text)
    if length > MAX_CHARS:
        raise MoveError(f"the move is {length} characters long; a move has at most {MAX_CHARS}")
    parts = text if isinstance(text, list) else text.replace("\n", ";").split(";")
    if sum(1 for p in parts if p.strip()) > MAX_STEPS:
        raise MoveError(f"the move has {sum(1 for p in parts if p.strip())} steps; a move has at most {MAX_STEPS}")
    steps = [parse_step(p) for p in (p.strip() for p in parts) if p]
    if not steps:
        raise MoveError("the move is empty; write steps such as 'draw; discard 5C'")
    return steps


def format_move(steps: list[Step]) -> str:
    return "; ".join(map(str, steps))
