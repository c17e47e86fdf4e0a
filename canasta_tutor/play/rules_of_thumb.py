"""The coach's level 2 (and level 1 after its draw): rules of thumb, one at a time, chosen among the legal moves only.

Each reason is a key of the catalog's ``hints`` section with the numbers it names.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.table import Table
from canasta_tutor.play.moves import MoveList, Option, legal_moves


@dataclass
class Advice:
    """A move the coach chooses at any level, and why: a key of the catalog section ``catalog``
    with the numbers it names."""
    option: Option | None
    reason: str
    params: dict = field(default_factory=dict)
    catalog: str = "hints"


def _wilds(o: Option) -> int:
    """What the move spends in wild cards, by value: a 2 is cheaper to give up than a joker."""
    return sum(c.value for s in o.steps for c in s.cards if c.is_wild)


def _cards(o: Option) -> int:
    return sum(len(s.cards) for s in o.steps)


def _canastas(o: Option) -> list[str]:
    return [n.params["rank"] for n in o.verdict.notes if n.rule == "canasta"]


def _opponent_ranks(table: Table) -> set[str]:
    mine = table.side_of(table.turn.player)
    return {m.rank for s in table.sides if s is not mine for m in s.melds}


def going_out_bonus(o: Option) -> int:
    """The bonus going out with ``o`` earns: the concealed one, the ordinary one, or none after a red
    three as the stock's last card; a ruleset may give none at all (a reason names it only where it is)."""
    v = o.verdict
    if v.state.ended_by_red_three:
        return 0
    return v.ruleset.concealed_bonus if v.concealed else v.ruleset.going_out_bonus


def out_advice(o: Option) -> Advice:
    """Go out, and why: with the going-out bonus, or (in the coach's words) where the move earns none."""
    return Advice(o, "out") if going_out_bonus(o) else Advice(o, "coach.out-bare", {}, "play")


def advise(table: Table, moves: MoveList | None = None) -> Advice:
    ml = moves or legal_moves(table)
    if not ml.options:
        return Advice(None, "none")
    if table.mover.hand is None:  # only moves naming no card are listed: say so rather than advise
        return Advice(ml.options[0], "unknown-hand")
    if table.turn.phase == "draw":
        return _draw_phase(table, ml)
    return _play_phase(table, ml)


def _draw_phase(table: Table, ml: MoveList) -> Advice:
    takes = ml.of_kind("take")
    if takes:
        # Keep wild cards in hand where possible: they are worth more later than now.
        best = min(takes, key=lambda o: (_wilds(o), -len(_canastas(o)), _cards(o)))
        size = len(table.discard)
        done = _canastas(best)
        if done:
            return Advice(best, "take-canasta", {"size": size, "rank": done[0]})
        return Advice(best, "take", {"size": size, "top": str(table.discard[-1])})
    draw = ml.of_kind("draw")
    if draw:
        return Advice(draw[0], "draw-no-take" if table.discard else "draw")
    return Advice(ml.options[0], "only")


def _play_phase(table: Table, ml: MoveList) -> Advice:
    outs = ml.of_kind("out")
    if outs:
        best = min(outs, key=lambda o: (len(o.steps), _wilds(o)))
        return out_advice(best)
    side = table.side_of(table.turn.player)
    melds = ml.of_kind("meld") + ml.of_kind("add")
    finishing = [o for o in melds if _canastas(o)]
    if finishing:
        best = min(finishing, key=lambda o: (_wilds(o), _cards(o)))
        return Advice(best, "canasta", {"rank": _canastas(best)[0]})
    if not side.has_melded and ml.of_kind("meld"):
        best = min(ml.of_kind("meld"), key=lambda o: (_wilds(o), _cards(o)))
        note = next((n for n in best.verdict.notes if n.rule == "initial-counted"), None)
        params = {"counted": note.params["counted"], "need": note.params["need"]} if note else {}
        return Advice(best, "initial" if note else "meld", params)
    natural = [o for o in melds if _wilds(o) == 0]
    if natural:
        best = max(natural, key=_cards)
        return Advice(best, "lay-off" if best.kind == "add" else "meld-natural",
                    {"cards": " ".join(str(c) for c in best.steps[0].cards)})
    return _discard(table, ml)


def _discard(table: Table, ml: MoveList) -> Advice:
    discards = ml.of_kind("discard")
    if not discards:
        return Advice(ml.options[0], "only")
    hand = table.mover.hand or []
    counts: dict[str, int] = {}
    for c in hand:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    opponents = _opponent_ranks(table)

    def card(o: Option) -> Card:
        return o.steps[0].cards[0]

    threes = [o for o in discards if card(o).is_black_three]
    if threes:
        return Advice(threes[0], "discard-black-three")
    safe = [o for o in discards if not card(o).is_wild and card(o).rank not in opponents]
    pool = safe or [o for o in discards if not card(o).is_wild] or discards
    best = min(pool, key=lambda o: (counts.get(card(o).rank, 0), card(o).value))
    c = card(best)
    reason = "discard-safe" if best in safe else "discard"
    return Advice(best, reason, {"card": str(c), "held": counts.get(c.rank, 0)})
