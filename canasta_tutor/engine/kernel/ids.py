"""The rule ids the kernel answers with: the judge's own ids (``engine/rules/``), named once here."""
from __future__ import annotations

JUDGE = "?"  # not an answer: the question goes to the judge

HAND_OVER = "hand.over"
AFTER_DISCARD = "turn.after-discard"
DRAW_FIRST = "turn.draw-first"
ONE_DRAW = "turn.one-draw"
NO_PARTNER = "turn.no-partner"
FIRST_ROUND = "turn.first-round"
STOCK_EMPTY = "draw.stock-empty"
DRAW_COUNT = "draw.count"
PILE_EMPTY = "pile.empty"
BLACK_THREE_ON_TOP = "pile.black-three-on-top"
WILD_ON_TOP = "pile.wild-on-top"
ONE_CARD = "pile.one-card"
RED_THREE = "three.red-three"
DISCARD_WILD = "discard.wild"
NEEDS_PAIR = "pile.needs-natural-pair"
NO_MATCH = "pile.no-match"
ONTO_OWN_MELD = "pile.onto-own-meld"
NO_SUCH_MELD = "meld.no-such-meld"
CANASTA_CLOSED = "meld.canasta-closed"
MIXED_RANKS = "meld.mixed-ranks"
TOO_SMALL = "meld.too-small"
TOO_FEW_NATURALS = "meld.too-few-naturals"
TOO_MANY_WILDS = "meld.too-many-wilds"
NOT_IN_HAND = "turn.not-in-hand"
CANASTAS_NEEDED = "out.canastas-needed"
PERMISSION = "out.permission"
MUST_DISCARD = "out.must-discard"
CANASTA_REQUIRED = "initial.canasta-required"
BELOW_MINIMUM = "initial.below-minimum"

# Rules the kernel never answers itself: a move that could break one is handed to the judge.
JUDGED = frozenset({"meld.black-threes"})  # black threes melded: a rare corner, see kernel/meld.py


def unmirrored(registry: frozenset[str] | set[str]) -> set[str]:
    """The judge's rules the kernel knows nothing of: neither answered here nor handed over on purpose.
    While there is one (a rule just added to ``engine/rules/``), the kernel hands every question to the
    judge, so that a new rule is never overlooked; a test names it, for the kernel to learn."""
    known = {v for k, v in globals().items() if k.isupper() and isinstance(v, str) and v != JUDGE}
    return set(registry) - known - JUDGED
