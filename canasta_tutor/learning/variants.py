"""A lesson's question on a table of its own: the same position with the suits exchanged and the
players renamed, for the review of a rule no position of play can ask about (an empty pile), or when
the hands walked for a rule gave none.

No rule of canasta looks at a card's suit but the threes', and the exchanges keep their colour:
hearts with diamonds (3H and 3D stay red threes), clubs with spades (3C and 3S stay black). No rule
looks at a player's name: each player takes a new name of the same kind ("she" and "he" in the
teacher's words still fit). So the ruling should stay the same; the engine is asked all the same, and
a variant it rules otherwise (by its verdict, its deciding rule or the rules the question tests) is
never asked. A variant that comes out the same as the lesson's table is no fresh position either, and
is left out. The choices of every question that numbers them come in another order, so that the
right answer is not the number the lesson taught: the moves of a "which" or "best" question, and the
rules a "rule" question offers.
"""
from __future__ import annotations

import copy
import random
import re
from itertools import permutations

from canasta_tutor.learning.lesson import Question

# Each exchange keeps the colour of every card: red suits among themselves, black among themselves.
SWAPS: tuple[dict[str, str], ...] = (
    {"H": "D", "D": "H"},
    {"C": "S", "S": "C"},
    {"H": "D", "D": "H", "C": "S", "S": "C"},
)
_CARD = re.compile(r"\b(10|[2-9JQKA])([HDCS])\b")
# Each variant: the suits exchanged (None: kept), and whether the players trade names.
CHANGES: tuple[tuple[dict[str, str] | None, bool], ...] = (
    *((swap, False) for swap in SWAPS), (None, True), *((swap, True) for swap in SWAPS))


def swap_text(text: str, swap: dict[str, str]) -> str:
    """``text`` with every card's suit exchanged (card notation is the same in every language)."""
    return _CARD.sub(lambda m: m.group(1) + swap.get(m.group(2), m.group(2)), text)


# A new name for each seat's player, of the same kind as the old one (the lessons say "she" of Ann,
# Dee, Eve and Fay, "he" of Bob and Cas), and never a name a table of the lessons uses.
NEW_NAMES = {"Ann": "Ida", "Bob": "Tom", "Cas": "Max", "Dee": "Zoe", "Eve": "Lea", "Fay": "Mia"}


def renaming(table) -> dict[str, str]:
    """New names for the players who have one in ``NEW_NAMES`` (a table of other names keeps them)."""
    return {p.name: NEW_NAMES[p.name] for p in table.players if p.name in NEW_NAMES}


def rename_text(text: str, names: dict[str, str]) -> str:
    if not names:
        return text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], text)


def variant(q: Question, swap: dict[str, str] | None, renamed: bool = False) -> Question | None:
    """``q`` on its table with the suits exchanged by ``swap`` and, when ``renamed``, the players'
    names traded, in the move and the teacher's words alike; None when the engine rules the new
    question otherwise, or it is the same question."""
    from canasta_tutor.files.snapshot import table_from_text
    from canasta_tutor.learning.tested import tested_rules
    from canasta_tutor.play.dealing import snapshot_text

    names = renaming(q.table) if renamed else {}
    if renamed and not names:  # nobody to rename: the variant would repeat one with the suits alone
        return None

    def change(text: str) -> str:
        return rename_text(swap_text(text, swap or {}), names)

    before = snapshot_text(q.table)
    after = change(before)
    if after == before:
        return None
    new = copy.copy(q)
    for cached in ("_verdict", "_verdicts", "_ratings", "_report"):
        new.__dict__.pop(cached, None)
    new.table = table_from_text(after, "<review>")
    new.move = change(q.move)
    new.moves = [change(m) for m in q.moves]
    new.side = change(q.side)
    new.out = change(q.out) if q.out else q.out
    new.hint = change(q.hint)
    new.explanation = change(q.explanation)
    new.feedback = {k: (change(v[0]), *v[1:]) if isinstance(v, tuple) else change(v) if isinstance(v, str) else v
                    for k, v in q.feedback.items()}
    new.topics, new.tests = list(q.topics), list(q.tests)
    if _ruling(new) != _ruling(q) or tested_rules(new) != tested_rules(q):
        return None
    if q.kind in ("which", "best") and len(q.moves) > 1:
        _reorder(new)
    elif q.kind == "rule":
        _reorder_rules(new, q)
    return new


def _new_order(count: int, right: set[int], seed: str) -> list[int]:
    """An order of ``count`` numbered choices (``order[k]``: the 0-based place in the lesson of the
    choice now numbered k + 1), the same for the same seed. The right answers take numbers that were
    none of the lesson's right numbers, so a learner who remembers "it was 2" is not right for
    remembering; where too many choices are right for that, as few of them as can be, and no right
    answer keeps its own number where it can move."""
    def cost(order) -> tuple[int, int, int]:
        now_right = {k + 1 for k, was in enumerate(order) if was + 1 in right}
        kept = [k for k, was in enumerate(order) if k == was]
        return len(now_right & right), sum(1 for k in kept if k + 1 in right), len(kept)

    rng = random.Random(seed)
    order = list(range(count))
    best = None
    for _ in range(12):  # a few shuffles nearly always find one; the seed makes it the same each time
        rng.shuffle(order)
        if best is None or cost(order) < cost(best):
            best = list(order)
        if cost(best)[:2] == (0, 0):
            return best
    if count <= 7:  # else every order, for the best there is
        best = list(min(permutations(range(count)), key=cost))
    return best if best is not None else order


def _reorder(q: Question) -> None:
    """The moves in another order (``_new_order``), and the teacher's words for a wrong answer kept
    with their move."""
    from canasta_tutor.play.dealing import snapshot_text

    order = _new_order(len(q.moves), q.correct(), "|".join([*q.moves, snapshot_text(q.table)]))
    q.moves = [q.moves[i] for i in order]
    for cached in ("_verdicts", "_ratings"):
        q.__dict__.pop(cached, None)
    q.feedback = {(order.index(k - 1) + 1 if isinstance(k, int) and not isinstance(k, bool) and 1 <= k <= len(order)
                   else k): v for k, v in q.feedback.items()}


def _reorder_rules(new: Question, lesson: Question) -> None:
    """The rules a rule question offers, in another order than the lesson's (``_new_order``), fixed
    for the variant whatever seed the review runs with: the lesson orders them by its own id."""
    from canasta_tutor.play.dealing import snapshot_text

    taught = lesson.options(lesson.lesson)
    right = {taught.index(r) + 1 for r in lesson.correct(lesson.lesson)}
    order = _new_order(len(taught), right, "|".join([*taught, snapshot_text(new.table)]))
    new.offered = [taught[i] for i in order]


def _ruling(q: Question) -> object:
    """What a variant must keep: each move's verdict and deciding rule, or the points counted."""
    if q.kind in ("legal", "rule"):
        verdicts = [q.verdict()]
    elif q.kind == "which":
        verdicts = q.verdicts()
    elif q.kind == "best":  # the coach must rate them alike too: the same best, the same moves nearly as good
        return [(v.legal, [f.rule for f in v.violations]) for v in q.verdicts()], sorted(q.correct())
    else:
        return sorted((s.name, s.hand_total) for s in q.report().sides)
    return [(v.legal, [f.rule for f in v.violations]) for v in verdicts]


def variants(q: Question) -> list[Question]:
    """Every fresh table for ``q`` the engine rules the same, in a fixed order."""
    return [v for v in (variant(q, swap, renamed) for swap, renamed in CHANGES) if v is not None]
