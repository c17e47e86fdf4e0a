"""Every reason the coach gives is true of the position: for each reason key of the coach (every
level), of the warnings before a discard and of the after-hand review, a check of what its sentence says
against the table (and the memory of the hand), run over a few hundred positions of coach-played hands.

A key with no check here fails the test: a new reason needs a check before it is given."""
from __future__ import annotations

from collections import Counter

import pytest

from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import Table, Turn
from canasta_tutor.play import coach as coach_module
from canasta_tutor.play.coach import Coach, Memory, canastas_made, frozen_for, wilds_value
from canasta_tutor.play.game import Game, Made
from canasta_tutor.play.moves import MoveList, Option, legal_moves
from canasta_tutor.play.next_take import as_next_sees_it, next_player
from canasta_tutor.play.review import review
from canasta_tutor.play.warnings import pile_warning


def _cards(o: Option) -> list:
    return [c for s in o.steps if s.kind != "draw" for c in s.cards]


def _held(table: Table, rank: str) -> int:
    return sum(1 for c in table.mover.hand or [] if c.rank == rank)


def _opponents(table: Table, player: str) -> list:
    mine = table.side_of(player)
    return [s for s in table.sides if s is not mine]


def _canasta(table: Table, player: str, rank: str) -> bool:
    m = table.side_of(player).meld_of(rank)
    return m is not None and m.is_canasta


def _discarded(o: Option):
    return next(s.cards[0] for s in o.steps if s.kind == "discard")


def _next_opponent(table: Table) -> str | None:
    return Coach._next_opponent(table)


# -- one check a reason key: (table, moves, memory, advice) -> true when the claim holds ----------------

def _take(t, ml, mem, a):
    o, p = a.option, a.params
    top = t.discard[-1]
    return (o.kind == "take" and p["size"] == len(t.discard) and p["top"] == str(top)
            and p["under"] == len(t.discard) - 1  # the top card goes to a meld, the rest to the hand
            and top in o.verdict.after.side_of(t.turn.player).meld_of(top.rank).cards)


def _take_canasta(t, ml, mem, a):
    me = t.turn.player
    return (a.option.kind == "take" and a.params["size"] == len(t.discard)
            and _canasta(a.option.verdict.after, me, a.params["rank"]) and not _canasta(t, me, a.params["rank"]))


def _opens(t, a):
    me = t.turn.player
    return (not t.side_of(me).melds and a.option.verdict.after.side_of(me).melds
            and (a.params.get("counted") is None or a.params["counted"] >= a.params["need"]))


def _draw_small(t, ml, mem, a):
    takes = ml.of_kind("take")
    return (a.option.kind == "draw" and a.params["size"] == len(t.discard) and takes
            and min(wilds_value(o) for o in takes) > 0)  # every take spends a wild card


def _draw_tiny(t, ml, mem, a):
    return a.option.kind == "draw" and a.params["size"] == len(t.discard) < Coach.min_pile


def _canasta_made(t, ml, mem, a):
    me = t.turn.player
    return _canasta(a.option.verdict.after, me, a.params["rank"]) and not _canasta(t, me, a.params["rank"])


def _natural(kind):
    def check(t, ml, mem, a):
        cards = _cards(a.option)
        return (a.option.kind == kind and all(c.is_natural for c in cards)
                and a.params["cards"] == " ".join(map(str, cards)))
    return check


def _wild_toward(t, ml, mem, a):
    o = a.option
    meld = t.side_of(t.turn.player).meld_of(a.params["rank"])
    return (o.kind == "add" and any(c.is_wild for c in _cards(o)) and meld is not None
            and Coach.near_canasta <= len(meld.cards) < 7)


def _unload(t, ml, mem, a):
    counts = [p.count for p in t.players if p.name not in t.side_of(t.turn.player).players]
    return a.option.kind in ("meld", "add") and min(counts) == a.params["count"]


def _freeze(t, ml, mem, a):
    card = _discarded(a.option)
    return (card.is_wild and str(card) == a.params["card"] and a.params["size"] == len(t.discard) + 1
            and not t.pile_content_frozen() and a.option.verdict.after.pile_content_frozen())


def _black_three(t, ml, mem, a):
    o = a.option
    if not _discarded(o).is_black_three:
        return False
    if o.verdict.went_out:
        return True
    following = next_player(t)
    return not judge(as_next_sees_it(o.verdict.after, t.turn.player, following), [Step("take")]).legal


def _thrown(t, ml, mem, a):
    card = _discarded(a.option)
    player = a.params["player"]
    return (player == _next_opponent(t) and card.rank in mem.discarded.get(player, set())
            and frozen_for(t, player) and mem.known(player, card.rank) == 0
            and a.params["held"] == _held(t, card.rank))


def _safe(t, ml, mem, a):
    card = _discarded(a.option)
    return (a.params["held"] == _held(t, card.rank)
            and all(s.meld_of(card.rank) is None for s in _opponents(t, t.turn.player)))


def _discard(t, ml, mem, a):
    return a.params["held"] == _held(t, _discarded(a.option).rank)


def _waiting(t, ml, mem, a):
    counts = [p.count for p in t.players if p.name not in t.side_of(t.turn.player).players]
    return (any(o.kind == "out" for o in ml.options) and a.option.kind != "out"
            and min(counts) >= Coach.safe_count and t.stock >= Coach.safe_stock and a.params["move"] == a.option.move)


def _behind(t, ml, mem, a):
    """Going out now would leave the side behind, as the score would count the table, each hidden card
    guessed at the coach's figure: the claim's own arithmetic, on the position."""
    from canasta_tutor.play.coach import _estimate

    out = min((o for o in ml.options if o.kind == "out"), key=lambda o: (len(o.steps), wilds_value(o)))
    ours, theirs = _estimate(out.verdict.after, t.turn.player, Coach.card_guess)
    ready = any(s.canastas >= t.ruleset.canastas_to_go_out for s in _opponents(t, t.turn.player))
    return _waiting(t, ml, mem, a) and ours <= theirs and not ready  # they could not end the hand at will


def _wait_canasta(t, ml, mem, a):
    return _waiting(t, ml, mem, a) and any(5 <= len(m.cards) < 7 for m in t.side_of(t.turn.player).melds)


def _feeds(t, ml, mem, a):
    """The next player may take the pile by laying the card onto their side's meld, with no card of
    their hand: the judge's ruling on the table as the mover sees it after the discard."""
    card = _discarded(a.option)
    after = a.option.verdict.after
    following = next_player(t)
    return (a.params["player"] == _next_opponent(t) == following and a.params["size"] == len(t.discard) + 1
            and after.side_of(following).meld_of(card.rank) is not None
            and judge(as_next_sees_it(after, t.turn.player, following), [Step("take")]).legal)


def _bonus(o) -> int:
    """The bonus the going-out move earns, as the score counts it."""
    rs = o.verdict.ruleset
    return 0 if o.verdict.state.ended_by_red_three else rs.concealed_bonus if o.verdict.concealed else rs.going_out_bonus


def _seen(t, ml, mem, a):
    """The pile is frozen, and no more than the stated number of the rank is out of the player's sight."""
    card = _discarded(a.option)
    shown = list(t.mover.hand or []) + list(t.discard) + [c for s in t.sides for m in s.melds for c in m.cards]
    unseen = t.ruleset.decks * 4 - sum(1 for c in shown if c.rank == card.rank)
    return t.pile_content_frozen() and a.params["unseen"] == unseen < 2


def _wild_kept(t, ml, mem, a):
    card = _discarded(a.option)
    wilds = sum(1 for c in t.mover.hand or [] if c.is_wild)
    return card.is_wild and (t.pile_content_frozen() or len(t.discard) < a.params["least"] or wilds < 2)


CHECKS = {
    "take": _take,
    "take-canasta": _take_canasta,
    "take-opens": lambda t, ml, mem, a: a.option.kind == "take" and _opens(t, a),
    "draw-pile-small": _draw_small,
    "draw-pile-tiny": _draw_tiny,
    "draw-no-take": lambda t, ml, mem, a: a.option.kind == "draw" and t.discard and not ml.of_kind("take"),
    "draw": lambda t, ml, mem, a: a.option.kind == "draw" and not t.discard,
    # level 1's: a draw whether the pile could be taken or not
    "draw-always": lambda t, ml, mem, a: a.option.kind == "draw",
    # level 4's: a move other than level 3's, which did better on the deals played out
    "searched": lambda t, ml, mem, a: (a.params["instead"] != a.option.move and a.params["gain"] > 0
                                       and a.params["deals"] > 0 and a.option.verdict.legal),
    "out": lambda t, ml, mem, a: a.option.verdict.went_out and _bonus(a.option) > 0,
    "out-bare": lambda t, ml, mem, a: a.option.verdict.went_out and _bonus(a.option) == 0,
    "canasta": _canasta_made,
    "open": lambda t, ml, mem, a: a.option.kind == "meld" and _opens(t, a),
    "initial": lambda t, ml, mem, a: a.option.kind == "meld" and _opens(t, a),
    "open-canasta": lambda t, ml, mem, a: _opens(t, a) and any(m.is_canasta for m in
                                                                  a.option.verdict.after.side_of(t.turn.player).melds),
    "meld": lambda t, ml, mem, a: a.option.kind == "meld" and a.option.verdict.legal,
    "lay-off": _natural("add"),
    "meld-natural": _natural("meld"),
    "wild-toward-canasta": _wild_toward,
    "unload": _unload,
    "freeze": _freeze,
    "discard-black-three": _black_three,
    "discard-thrown": _thrown,
    "discard-feeds": _feeds,
    "discard-seen": _seen,
    "discard-wild": _wild_kept,
    "discard-safe": _safe,
    "discard": _discard,
    "wait-behind": _behind,
    "wait-canasta": _wait_canasta,
    "only": lambda t, ml, mem, a: len({o.kind for o in ml.options if o.kind != "ask"}) == 1 or a.option is not None,
}


def check_advice(table: Table, ml: MoveList, memory: Memory, advice, seen: Counter) -> None:
    key = advice.reason.removeprefix("coach.")
    if advice.option is None or key in ("random", "unknown-hand"):
        return
    assert key in CHECKS, f"no check for the reason {key!r}"
    seen[key] += 1
    assert CHECKS[key](table, ml, memory, advice), (key, advice.params, advice.option.move)


def check_warning(table: Table, o: Option, memory: Memory, seen: Counter) -> None:
    """The warning's claim, on the table as the player saw it and on the real hands."""
    w = pile_warning(table, o.steps, memory)
    if w is None:
        return
    seen["warn." + w.key] += 1
    following = next_player(table)
    after = judge(table, o.steps).after
    after.turn = Turn(following, "draw", first_round=False, permission="none")
    card = _discarded(o)
    assert w.params["player"] == following and w.params["card"] == str(card)
    assert w.params["size"] == len(after.discard)
    if w.key == "pile":  # their side's meld of that rank takes it, their hand unknown
        assert after.side_of(following).meld_of(card.rank) is not None
        assert judge(as_next_sees_it(after, table.turn.player, following), [Step("take")]).legal
    else:  # they took these cards with the pile, hold them still, and a pair of them takes it
        assert w.key == "took"
        known = [c for c in memory.took[following] if c.rank == card.rank]
        assert w.params["cards"] == " ".join(map(str, known)) and len(known) >= 2
        real = Counter(after.player(following).hand or [])
        assert all(real[c] >= n for c, n in Counter(known).items()), "the memory is wrong about the hand"
        assert judge(after, [Step("take", tuple(known[:2]))]).legal


def _coach_games(monkeypatch, seen: Counter, games) -> int:
    """Play the games, checking every coach decision and every discard's warning before it is made."""
    positions = 0
    original = coach_module.Coach.advise

    def checked(self, table, moves=None, memory=None):
        nonlocal positions
        advice = original(self, table, moves, memory)
        ml = moves or legal_moves(table)
        positions += 1
        check_advice(table, ml, memory or Memory(), advice, seen)
        if table.turn.phase == "play" and memory is not None:
            for o in ml.of_kind("discard"):
                check_warning(table, o, memory, seen)
        return advice

    monkeypatch.setattr(coach_module.Coach, "advise", checked)
    for g in games:
        g.log = []
        while not g.over:
            g.computer_turn()
        for h in g.history:
            for name in ("Ann", "Bob"):
                check_review(h.moves, name, seen)
    return positions


def check_review(moves: list[Made], player: str, seen: Counter) -> None:
    for point in review(moves, player):
        seen["review." + point.key] += 1
        ours = [m for m in moves if m.player == player]
        assert point.turn >= 1 and point.better.option is not None
        if point.key == "pile-fed":
            own: dict[int, int] = {}  # the game's turn -> the player's own turn count, as the review counts
            for m in moves:
                if m.player == player:
                    own.setdefault(m.turn, len(own) + 1)
            # the discard of that turn (two decks may hold the same card twice, discarded on two turns)
            at = next(k for k, m in enumerate(moves) if m.player == player and m.steps[-1].kind == "discard"
                      and own[m.turn] == point.turn and str(m.steps[-1].cards[0]) == point.params["card"]
                      and k + 1 < len(moves) and moves[k + 1].steps[0].kind == "take")
            took = moves[at + 1]
            assert took.player == point.params["player"] and len(took.before.discard) == point.params["size"]
            better = point.better.option
            after = better.verdict.after.clone()  # the better discard, on the real hands
            after.turn = Turn(took.player, "draw", first_round=False, permission="none")
            assert not any(judge(after, list(o.steps)).legal for o in _takes(after))
        elif point.key == "canasta-missed":
            assert point.params["rank"] in canastas_made(point.better.option)
            assert point.better.option.verdict.legal
        elif point.key == "out-late":
            assert point.better.option.verdict.went_out
        elif point.key == "out-early":
            assert any(judge(m.before, m.steps).went_out for m in ours)
            assert point.better.reason in ("coach.wait-behind", "coach.wait-canasta")
        elif point.key == "pile-passed":
            assert point.better.option.kind == "take" and any(m.steps[0].kind == "draw" for m in ours)
        else:
            pytest.fail(f"no check for the review point {point.key!r}")


def _takes(table: Table) -> list[Option]:
    return legal_moves(table).of_kind("take")


def test_every_claim_of_the_coach_the_warnings_and_the_review_is_true(monkeypatch):
    seen: Counter = Counter()
    games = []
    for ruleset, seed in (("classic", 1), ("classic", 2), ("classic", 3), ("official", 4), ("danish", 5),
                          ("classic-2p", 6), ("brazilian", 3), ("dutch-house", 4), ("classic-3p", 9)):
        games.append(Game(ruleset, seed=seed, hands=1))
    for seed in range(7, 15):  # a sloppy player (and a level-1 partner) against the coach: turning points
        games.append(Game("classic", seed=seed, hands=1, seats={"Ann": ("random", 3), "Cas": ("coach", 1)}))
    positions = _coach_games(monkeypatch, seen, games)
    assert positions >= 300, positions
    # the claims that matter most came up, so their checks ran
    for key in ("take", "discard", "discard-safe", "discard-thrown", "lay-off", "warn.pile", "warn.took",
                "review.pile-fed", "review.canasta-missed", "review.pile-passed"):
        assert seen[key], (key, dict(seen))
