"""One good move, and why: simple heuristics a player can follow, chosen among the legal moves only.

A hint never invents a move: it picks one option of ``legal_moves``, so it is always a move ``check``
accepts. The reason is a message key with the numbers it names; the text lives in the catalog.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from canasta_tutor.engine.cards import Card
from canasta_tutor.play.moves import MoveList, Option, legal_moves
from canasta_tutor.engine.table import Table


@dataclass
class Hint:
    option: Option | None
    reason: str  # a key of the catalog's ``hints`` section
    params: dict = field(default_factory=dict)


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


def hint(table: Table, moves: MoveList | None = None) -> Hint:
    ml = moves or legal_moves(table)
    if not ml.options:
        return Hint(None, "none")
    if "dead-end" in ml.notes:  # every move leads nowhere: advise none of them, and say why
        return Hint(None, "dead-end", {"rules": _blocking_rules(ml)})
    if table.mover.hand is None:  # only moves naming no card are listed: say so rather than advise
        return Hint(ml.options[0], "unknown-hand")
    if table.turn.phase == "draw":
        return _draw_phase(table, ml)
    return _play_phase(table, ml)


def _blocking_rules(ml: MoveList) -> str:
    """The titles of the rules that stop every way to finish the turn after the first moves listed."""
    from canasta_tutor import texts
    from canasta_tutor.play.finishing import finish

    rules: list[str] = []
    for o in ml.options[:4]:
        rules += [r for r in finish(o.verdict).rules if r not in rules]
    return "; ".join(texts.rule_entry(r).get("title", r) for r in rules)


def _draw_phase(table: Table, ml: MoveList) -> Hint:
    takes = ml.of_kind("take")
    if takes:
        # Keep wild cards in hand where possible: they are worth more later than now.
        best = min(takes, key=lambda o: (_wilds(o), -len(_canastas(o)), _cards(o)))
        size = len(table.discard)
        done = _canastas(best)
        if done:
            return Hint(best, "take-canasta", {"size": size, "rank": done[0]})
        return Hint(best, "take", {"size": size, "top": str(table.discard[-1])})
    draw = ml.of_kind("draw")
    if draw:
        return Hint(draw[0], "draw-no-take" if table.discard else "draw")
    return Hint(ml.options[0], "only")


def _play_phase(table: Table, ml: MoveList) -> Hint:
    outs = ml.of_kind("out")
    if outs:
        best = min(outs, key=lambda o: (len(o.steps), _wilds(o)))
        return Hint(best, "out")
    side = table.side_of(table.turn.player)
    melds = ml.of_kind("meld") + ml.of_kind("add")
    finishing = [o for o in melds if _canastas(o)]
    if finishing:
        best = min(finishing, key=lambda o: (_wilds(o), _cards(o)))
        return Hint(best, "canasta", {"rank": _canastas(best)[0]})
    if not side.has_melded and ml.of_kind("meld"):
        best = min(ml.of_kind("meld"), key=lambda o: (_wilds(o), _cards(o)))
        note = next((n for n in best.verdict.notes if n.rule == "initial-counted"), None)
        params = {"counted": note.params["counted"], "need": note.params["need"]} if note else {}
        return Hint(best, "initial" if note else "meld", params)
    natural = [o for o in melds if _wilds(o) == 0]
    if natural:
        best = max(natural, key=_cards)
        return Hint(best, "lay-off" if best.kind == "add" else "meld-natural",
                    {"cards": " ".join(str(c) for c in best.steps[0].cards)})
    return _discard(table, ml)


def _discard(table: Table, ml: MoveList) -> Hint:
    discards = ml.of_kind("discard")
    if not discards:
        return Hint(ml.options[0], "only")
    hand = table.mover.hand or []
    counts: dict[str, int] = {}
    for c in hand:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    opponents = _opponent_ranks(table)

    def card(o: Option) -> Card:
        return o.steps[0].cards[0]

    threes = [o for o in discards if card(o).is_black_three]
    if threes:
        return Hint(threes[0], "discard-black-three")
    safe = [o for o in discards if not card(o).is_wild and card(o).rank not in opponents]
    pool = safe or [o for o in discards if not card(o).is_wild] or discards
    best = min(pool, key=lambda o: (counts.get(card(o).rank, 0), card(o).value))
    c = card(best)
    reason = "discard-safe" if best in safe else "discard"
    return Hint(best, reason, {"card": str(c), "held": counts.get(c.rank, 0)})
