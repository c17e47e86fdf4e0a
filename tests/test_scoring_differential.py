"""The score, told three ways, against the plain reading of the rules kept below: a trusted table read
from its parts (never built), the same table built, and a table read from data. Random hands, melds,
red threes, scores near the target, who went out and how, under every built-in ruleset: every
report must be the reference's to the last line, parameter and note, and so must every error."""
from __future__ import annotations

import random
from typing import Any

from canasta_tutor import api
from canasta_tutor.engine.cards import NATURAL_RANKS, RANK_NAMES, Card
from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.engine.scoring import Line, ScoreError, ScoreReport, SideScore, score_table
from canasta_tutor.engine.table import Side, Table
from canasta_tutor.play.dealing import full_deck
from canasta_tutor.reading.strict_yaml import Said


# The reference: the score as it was first written, one rule after another on the built table.
def reference_score(table: Table, out: str | None = None, concealed: bool = False,
                    strict: bool = True) -> ScoreReport:
    rs = table.ruleset
    notes: list[tuple[str, dict[str, Any]]] = []
    if out is not None:
        try:
            out_player = table.player(out)
        except KeyError:
            raise ScoreError(Said("score.out-not-player", "found '{out}', expected a player: {players}",
                                  out=out, players=", ".join(p.name for p in table.players)), "out") from None
        if out_player.count:
            notes.append(("out-holds-cards", {"player": out, "count": out_player.count}))
    for i, p in enumerate(table.players):
        if p.hand is None and p.count and not strict:
            notes.append(("hand-unknown", {"player": p.name, "count": p.count}))
        elif p.hand is None and p.count:
            raise ScoreError(Said("score.hand-count", "{player}'s hand is given as a count ({count}); the score needs "
                                  "the cards", player=p.name, count=p.count), f"players[{i}].hand")
    out_side = table.side_of(out).name if out else None
    sides = [_reference_side(table, s, s.name == out_side, concealed) for s in table.sides]
    target = rs.target_score
    if rs.exact_target:
        reached = [s for s in sides if s.total == target]
    else:
        reached = [s for s in sides if s.total >= target]
    winner, tie = None, []
    if reached:
        best = max(s.total for s in reached)
        leaders = [s.name for s in reached if s.total == best]
        if len(leaders) == 1:
            winner = leaders[0]
        else:
            tie = leaders
            notes.append(("tie", {"sides": " and ".join(leaders), "total": best}))
    return ScoreReport(rs.id, out, concealed, sides, bool(reached), winner, tie, notes)


def _reference_side(table: Table, side: Side, went_out: bool, concealed: bool) -> SideScore:
    rs = table.ruleset
    lines: list[Line] = []
    canastas = side.canastas
    all_minus = rs.no_canasta_all_negative and canastas == 0
    melded = sum(c.value for m in side.melds for c in m.cards)
    if all_minus:
        lines.append(Line("score.no-canasta", -melded, {"points": melded}))
    else:
        lines.append(Line("score.cards", melded, {"melds": len(side.melds)}))
    for m in side.melds:
        if m.is_canasta:
            kind = "natural" if m.is_natural_canasta else "mixed"
            lines.append(Line(f"score.canasta-{kind}", rs.canasta_bonus[kind],
                              {"rank_name": RANK_NAMES.get(m.rank, m.rank), "size": len(m.cards)}))
    hands = [table.player(n) for n in side.players]
    reds = list(side.red_threes) + [c for p in hands for c in (p.hand or []) if c.is_red_three]
    if reds:
        n = len(reds)
        points = rs.red_three_all_bonus if rs.red_three_all_bonus and n == 4 and rs.decks == 2 \
            else n * rs.red_three_value
        negative = (rs.red_three_penalty_if == "no-meld" and not side.melds) \
            or (rs.red_three_penalty_if == "no-canasta" and canastas == 0) or all_minus
        lines.append(Line("score.red-threes", -points if negative else points,
                          {"count": n, "negative": negative, "all": points != n * rs.red_three_value}))
    if went_out:
        if concealed:
            lines.append(Line("score.concealed", rs.concealed_bonus, {}))
        else:
            lines.append(Line("score.going-out", rs.going_out_bonus, {}))
    in_hand = 0
    for p in hands:
        for c in p.hand or []:
            if c.is_red_three:
                continue
            in_hand += rs.black_three_in_hand if c.is_black_three else c.value
    lines.append(Line("score.hand", -in_hand, {"players": " and ".join(side.players)}))
    if table.cut_bonus == side.name and rs.cut_bonus:
        lines.append(Line("score.cut-bonus", rs.cut_bonus, {}))
    return SideScore(side.name, side.score, lines)


def outcome(scoring: Any, table: Table, out: str | None, concealed: bool, strict: bool) -> Any:
    """Everything a report says (every field of every line, with its type), or the error raised."""
    try:
        r = scoring(table, out, concealed, strict)
    except (ScoreError, KeyError) as exc:
        return type(exc).__name__, str(exc), getattr(exc, "key", None)
    sides = [(s.name, s.before, s.hand_total, s.total,
              [(ln.rule, ln.points, type(ln.points), sorted((k, v, type(v)) for k, v in ln.params.items()))
               for ln in s.lines])
             for s in r.sides]
    return r.ruleset, r.out, r.concealed, r.game_over, r.winner, r.tie, r.notes, sides


def meld(rng: random.Random, deck: list[Card], rank: str) -> list[Card]:
    """A meld of ``rank`` from what is left of ``deck``: naturals first, a wild card or two or none
    (now and then a canasta); the cards are taken out of the deck."""
    naturals = [c for c in deck if c.rank == rank][:rng.choice((2, 3, 4, 5, 6, 7, 8))]
    wilds = [c for c in deck if c.is_wild][:rng.choice((0, 0, 1, 2, 3))]
    cards = naturals + wilds
    for c in cards:
        deck.remove(c)
    return cards


def position(rng: random.Random, ref: str, players: int) -> dict[str, Any]:
    """The arguments of ``table_from_cards`` for a random end of hand, and red threes laid by side."""
    rs = api.table_from_cards(ref, [[]] * players).ruleset
    deck = full_deck(rs.decks, rs.jokers)
    rng.shuffle(deck)
    sides = players // rs.side_size
    melds = []
    for _ in range(sides):
        ranks = rng.sample(NATURAL_RANKS, rng.choice((0, 1, 2, 3, 4)))
        made = [meld(rng, deck, r) for r in ranks]
        melds.append([m for m in made if len(m) >= 3])
    if rng.random() < 0.1:  # black threes laid when going out
        threes = [c for c in deck if c.is_black_three][:3]
        for c in threes:
            deck.remove(c)
        melds[0].append(threes)
    empty = rng.random() < 0.15  # empty hands, no melds, equal scores: a tie at the target, at times
    hands: list[list[Card] | int] = [[] if empty else [deck.pop() for _ in range(rng.randrange(9))]
                                     for _ in range(players)]
    if empty:
        melds = [[] for _ in range(sides)]
    for i in range(players):
        if rng.random() < 0.1:
            hands[i] = rng.randrange(4)  # only a count (0: none)
    reds = [c for c in deck if c.is_red_three]
    red_threes = [[reds.pop() for _ in range(rng.randrange(3)) if reds] for _ in range(sides)]
    target = rs.target_score
    near = [0, target - 700, target - 150, target, target + 200]
    scores = [rng.choice(near)] * sides if empty else [rng.choice(near) for _ in range(sides)]
    if rng.random() < 0.2:
        scores = scores[:rng.randrange(sides)]  # fewer scores than sides: the rest start at 0
        melds = melds[:rng.randrange(sides + 1)]
    return {"hands": hands, "melds": melds, "scores": scores, "red_threes": red_threes}


def from_data(trusted: Table, rng: random.Random, red_threes: list[list[Card]]) -> Table:
    """The same end of hand read from data, with players and sides of its own names, red threes laid
    and the cut bonus now and then."""
    data = trusted.to_data()
    names = {p["name"]: f"{p['name']}x" for p in data["players"]}
    for p in data["players"]:
        p["name"] = names[p["name"]]
    for i, s in enumerate(data["sides"]):
        s["name"] = f"Side {i}"
        s["players"] = [names[n] for n in s["players"]]
        s["red_threes"] = " ".join(str(c) for c in red_threes[i])
    data["turn"]["player"] = names[data["turn"]["player"]]
    if rng.random() < 0.3:
        data["cut_bonus"] = rng.choice(data["sides"])["name"]
    return api.table_from_dict(data)


def players_of(ref: str, n: int) -> int:
    return int(api.table_from_cards(ref, [[]] * n).ruleset.players)


# Every built-in ruleset with its own count of players, and with four (a trusted table may seat any
# number: its sides are seated all the same); classic with 2, 3 and 6, which play its variants.
CASES = [(ref, n) for ref in BUILTIN for n in sorted({players_of(ref, 4), 4})]
CASES += [("classic", n) for n in (2, 3, 6)]


def covered(outcome: Any) -> set[str]:
    """The lines, notes and errors an outcome holds."""
    if len(outcome) == 3:  # an error
        return {outcome[0]}
    lines = {line[0] for side in outcome[7] for line in side[4]}
    return lines | {key for key, _ in outcome[6]} | {"report"}


def test_every_report_is_the_reference_report() -> None:
    rng = random.Random(20240611)
    seen: set[str] = set()
    for _ in range(70):
        for ref, n in CASES:
            p = position(rng, ref, n)
            args = (ref, p["hands"], p["melds"])
            trusted = api.table_from_cards(*args, scores=p["scores"])
            twin = api.table_from_cards(*args, scores=p["scores"])
            tables = [(trusted, twin), (twin, twin)]  # (scored, the table the reference scores)
            # data must seat the ruleset's players, and show each meld's rank by a natural card
            if n == players_of(ref, n) and all(any(not c.is_wild for c in m) for ms in p["melds"] for m in ms):
                read = from_data(twin, rng, p["red_threes"])
                fresh = api.table_from_dict(read.to_data())  # the same checked table, not looked at yet
                tables += [(read, read), (fresh, read)]
            seat = rng.randrange(n)
            for table, built in tables:
                who = [pl.name for pl in built.players]
                out = rng.choice([None, who[seat], who[seat], "Zed"])
                concealed, strict = rng.random() < 0.3, rng.random() < 0.5
                expected = outcome(reference_score, built, out, concealed, strict)
                assert outcome(score_table, table, out, concealed, strict) == expected, (ref, n, p, out)
                seen |= covered(expected)
            assert trusted.parts is not None, "a trusted table is scored from its parts, never built"
            assert all(t.parts is not None for t, built in tables[2:] if t is not built), "nor a checked one"
    # the random tables reached every line, note and error the score can give
    assert seen >= {"score.cards", "score.no-canasta", "score.canasta-natural", "score.canasta-mixed",
                    "score.red-threes", "score.going-out", "score.concealed", "score.hand", "score.cut-bonus",
                    "out-holds-cards", "hand-unknown", "tie", "ScoreError", "report"}, seen


def test_a_checked_table_is_scored_under_the_ruleset_set_on_it_before_the_first_look():
    from canasta_tutor.engine.plain import ruleset_for

    data = api.EXAMPLE | {"sides": [{"name": "NS", "players": ["Ann", "Cas"],
                                     "melds": ["KH KD KC KS KH KD 2C", "7H 7D 7C 7S 7H 7D JK"]},
                                    {"name": "EW", "players": ["Bob", "Dee"]}],
                          "players": [{"name": n, "hand": h} for n, h in
                                      (("Ann", "9S"), ("Bob", "5C 6C"), ("Cas", "JD QD"), ("Dee", "8H 8D 3S"))]}
    for rid in BUILTIN:
        unbuilt, built = api.table_from_dict(data), api.table_from_dict(data)
        unbuilt.ruleset = built.ruleset = ruleset_for(rid, 4)
        assert built.players  # looked at: built
        for out in (None, "Ann"):
            a, b = api.score(unbuilt, out), api.score(built, out)
            assert [(s.name, [(ln.rule, ln.points, ln.params) for ln in s.lines]) for s in a.sides] == \
                [(s.name, [(ln.rule, ln.points, ln.params) for ln in s.lines]) for s in b.sides], (rid, out)
            assert a.ruleset == b.ruleset == rid
