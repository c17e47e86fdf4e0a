"""Benchmarks (not tests): run with `python bench/run.py`. Prints the figures quoted in the README,
after the interpreter they are of (the same machine gives other figures under another build of CPython).

1. Whole-process start-up: `canasta check` on a small table against a bare two-command Typer app.
2. Library calls on a table read from a file and on one made from cards: one step, a take, a whole turn;
   `table_from_dict`, `can_take`; the same on a table a program has looked into, with no target.
3. Listing every legal move (`bench/big_hand.yaml`), in the draw and the play phase.
4. Self-play in one process, the per-move invariant checks off; every decision of the default coach in
   seeded four-player classic hands, its listing of moves included.
5. Loading and linting many scenario files in one process.
6. Side by side with jhtschultz/canasta-openspiel in one process, when it can be imported (see
   `peer_side_by_side`).

`python bench/run.py engine` runs 2, 3, 4 and 6 only. The machine may be shared: 2, 3, 4 and 6 count the
thread's processor time, every figure is the median of many short batches, and comparisons alternate
their two sides batch by batch.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "canasta_tutor" / "examples" / "table.yaml"


def once(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def startup(runs: int = 41, extra: tuple[str, ...] = (), before: tuple[str, ...] = ()) -> None:
    # The installed `canasta` script, as users run it (`python -m` adds runpy's own start-up).
    script = Path(sys.executable).parent / "canasta"
    launcher = [str(script)] if script.exists() else [sys.executable, "-m", "canasta_tutor"]
    canasta = [*launcher, *before, "check", str(TABLE), "draw; discard 4H", "--json", *extra]
    bare = [sys.executable, str(ROOT / "bench" / "bare_typer.py"), "check", str(TABLE), "draw"]
    once(canasta), once(bare)  # warm the file cache; not counted
    pairs = [(once(canasta), once(bare)) for _ in range(runs)]  # A B A B...: drift hits both alike
    a = statistics.median(p[0] for p in pairs)
    b = statistics.median(p[1] for p in pairs)
    ratio = statistics.median(p[0] / p[1] for p in pairs)
    print(f"start-up  canasta {' '.join(before)}{' ' if before else ''}check {' '.join(extra):<11} {a * 1000:6.1f} ms   bare Typer app {b * 1000:6.1f} ms   "
          f"ratio {ratio:.2f} (median of {runs} pairs)")


def batch(fn, number: int) -> float:
    # The thread's processor time: on a shared machine, the time other programs hold the processor is
    # not this call's cost (wall-clock time counts it too; start-up and lint above are wall-clock).
    t = time.thread_time()
    for _ in range(number):
        fn()
    return (time.thread_time() - t) / number


def median_time(fn, number: int, batches: int = 21) -> float:
    fn()  # warm caches; not counted
    return statistics.median(batch(fn, number) for _ in range(batches))


def row(what: str, seconds: float, target: float, unit: str = "µs") -> None:
    scale = {"µs": 1e6, "ms": 1e3}[unit]
    mark = "ok" if seconds <= target else "OVER"
    print(f"{what:<58} {seconds * scale:8.2f} {unit}   target {target * scale:5.1f} {unit}  {mark}")


def info(what: str, seconds: float, unit: str = "µs") -> None:
    """A figure with no target of its own, shown beside those that have one: a table "looked into" is
    one a program has opened (read at every question, since it may change it between two)."""
    scale = {"µs": 1e6, "ms": 1e3}[unit]
    print(f"{what:<58} {seconds * scale:8.2f} {unit}   (no target)")


def library_calls() -> None:
    from canasta_tutor import api
    from canasta_tutor.engine.move import parse_move

    with tempfile.TemporaryDirectory() as folder:  # the same position past Ann's draw, as a file holds it
        in_play = Path(folder) / "play.yaml"
        in_play.write_text(TABLE.read_text(encoding="utf-8").replace("phase: draw", "phase: play"), encoding="utf-8")
        playing, opened_play = api.load_table(str(in_play)), api.load_table(str(in_play))
    table = api.load_table(str(TABLE))  # Ann to draw; her side has melded kings and sevens
    opened = {"draw": api.load_table(str(TABLE)), "play": opened_play}  # tables a program has looked into
    assert all(t.turn.player == "Ann" for t in opened.values()) and table.parts is not None
    data = opened["draw"].to_data()
    hands = [api.cards(p["hand"]) if isinstance(p["hand"], str) else p["hand"] for p in data["players"]]
    melds = [[api.cards(m) for m in side["melds"]] for side in data["sides"]]
    pile, scores = api.cards(data["discard"]), [side["score"] for side in data["sides"]]

    def trusted(phase: str):  # the same position from cards, as a program holds it; never looked at (its
        # view is read at the first question and kept for the others: the side by side below makes a
        # table per question)
        return api.table_from_cards("classic", hands, melds, pile, 40, 0, phase, scores)

    for move, phase, target in (("meld 9S 9D 2C", "play", 2e-6), ("add KS to K", "play", 2e-6),
                                ("discard 4H", "play", 2e-6), ("take 9S 9D", "draw", 2.5e-6),
                                ("draw; meld 9S 9D 2C; discard 4H", "draw", 6e-6)):
        steps = parse_move(move)
        for what, on in (("read from its file, asked before", table if phase == "draw" else playing),
                         ("from cards, asked before", trusted(phase))):
            assert api.check(on, steps).legal
            row(f"check  {move}  ({what})", median_time(lambda on=on, steps=steps: api.check(on, steps), 2000),
                target)
        on = opened[phase]
        info(f"check  {move}  (looked into)",
             median_time(lambda on=on, steps=steps: api.check(on, steps), 2000))
    row("table_from_dict  four players, two melds, 27 cards", median_time(lambda: api.table_from_dict(data), 2000),
        10e-6)
    row("table_from_cards  the same table, trusted", median_time(lambda: trusted("draw"), 2000), 5e-6)
    data["discard"] = "5D 8C 4S 6H"  # Ann holds no 6, and her side has no meld of sixes
    no = api.table_from_dict(data)
    for what, on in (("read from its file, asked before", table), ("from cards, asked before", trusted("draw"))):
        assert api.can_take(on)
        row(f"can_take  yes, 9S 9D in hand, 9H on top  ({what})", median_time(lambda on=on: api.can_take(on), 2000),
            3e-6)
    on = opened["draw"]
    info("can_take  yes, 9S 9D in hand, 9H on top  (looked into)", median_time(lambda: api.can_take(on), 2000))
    assert not api.can_take(no)
    row("can_take  no, 6H on top  (table_from_dict)", median_time(lambda: api.can_take(no), 2000), 3e-6)
    first = api.table_from_cards("classic", [api.cards("7H 7D 2C KS KH 5C 9D 9S 4H JK QD"), 11, 11, 11],
                                 discard=api.cards("5D 8C 9H"), stock=40)
    assert api.can_take(first)
    row("can_take  yes, a take that makes the side's first meld (trusted)",
        median_time(lambda: api.can_take(first), 2000), 3e-6)
    assert table.parts is not None and playing.parts is not None  # never looked into: the rows say so


def moves_listing() -> None:
    from canasta_tutor import api
    from canasta_tutor.play.moves import legal_moves

    for phase, number, target in (("draw", 100, 0.5e-3), ("play", 5, 2e-3)):
        table = api.load_table(str(ROOT / "bench" / "big_hand.yaml"))
        table.turn.phase = phase
        listed = legal_moves(table)
        row(f"moves  big_hand.yaml, {phase} phase: {len(listed.options)} entries, {listed.ways} ways",
            median_time(lambda table=table: legal_moves(table), number, 11), target, "ms")


def selfplay(hands: int = 4) -> None:
    from canasta_tutor.engine.ruleset import BUILTIN
    from canasta_tutor.play.selfplay import play_hand

    for rid in BUILTIN:  # each ruleset read from its file, and the modules loaded: warm, not counted
        play_hand(rid, 0, max_turns=0, checks=False)
    moves = 0
    spent = 0.0
    rates = []
    for seed in range(1, hands + 1):
        for rid in BUILTIN:
            t = time.thread_time()
            result = play_hand(rid, seed, checks=False)
            elapsed = time.thread_time() - t
            moves += result.moves
            spent += elapsed
            rates.append(result.moves / elapsed)
    print(f"{'self-play  checks off, one process: ' + str(moves) + ' moves':<58} "
          f"{moves / spent:8.0f} moves/s (median hand {statistics.median(rates):.0f})   target 10,000  "
          f"{'ok' if moves / spent >= 10000 else 'UNDER'}")


def coach_decisions(hands: int = 20, target: float = 10e-3) -> None:
    """Every decision of the default coach (at every seat) in ``hands`` seeded four-player
    classic hands: the listing of moves it needs and its choice, each timed on the thread's clock.
    The game goes on with the choice it would have made untimed: the same hands are played."""
    from canasta_tutor.play.coach import DEFAULT_LEVEL, Coach
    from canasta_tutor.play.game import Game

    times: list[float] = []
    real_advise = Coach.advise

    def timed(self, table, moves=None, memory=None):
        t = time.thread_time()
        real_advise(self, table, None, memory)  # the decision as a program asks it: listing included
        times.append(time.thread_time() - t)
        return real_advise(self, table, moves, memory)

    Coach.advise = timed  # type: ignore[method-assign]
    try:
        for seed in range(1, hands + 1):
            seats = dict.fromkeys(("NS", "EW"), ("coach", DEFAULT_LEVEL))
            Game("classic", seed=seed, hands=1, seats=seats).run(until_human=False)
    finally:
        Coach.advise = real_advise  # type: ignore[method-assign]
    times.sort()
    p95 = times[int(len(times) * 0.95)]
    print(f"{'coach     ' + str(len(times)) + ' decisions, classic, 4 players, listing included':<58} "
          f"median {statistics.median(times) * 1e3:5.2f} ms, 95th percentile {p95 * 1e3:5.2f} ms, "
          f"slowest {times[-1] * 1e3:5.1f} ms   target {target * 1e3:4.1f} ms  {'ok' if p95 <= target else 'OVER'}")


def lint_many(count: int = 1000) -> None:
    from canasta_tutor import api

    sources = sorted((ROOT / "scenarios").rglob("*.yaml"))
    tmp = Path(tempfile.mkdtemp())
    try:
        for i in range(count):
            src = sources[i % len(sources)]
            shutil.copy(src, tmp / f"{i:04d}-{src.name}")
        t = time.perf_counter()
        checked = problems = 0
        for f in api.scenario_files([str(tmp)]):
            n, ps = api.lint_file(f)
            checked += n
            problems += len(ps)
        elapsed = time.perf_counter() - t
        print(f"lint      {count} scenario files, {checked} stated answers, {problems} problems: {elapsed:.2f} s")
    finally:
        shutil.rmtree(tmp)


# --- side by side -------------------------------------------------------------------------------------
# jhtschultz/canasta-openspiel is a Python Canasta for OpenSpiel (four players, classic rules). Get it
# as a clone of the public repository jhtschultz/canasta-openspiel, `pip install open_spiel`, and point
# CANASTA_PEER at the clone. Its state is built the way its own tests build positions: a new state, then
# its hands, pile, melds and scores set; the question is asked of its own check (``_can_create_meld``...).
# Card codes are turned into its card numbers before timing, and its melds are made on every call, as our
# table is. Nothing of it is copied here: it is imported from where it lies.

PEER_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def peer_ids(text: str) -> list[int]:
    """Its numbering: a card is deck * 52 + suit * 13 + rank (clubs, diamonds, hearts, spades; A=0),
    jokers 104-107; a second copy of a card is the second deck's."""
    seen: dict[str, int] = {}
    out = []
    for code in text.split():
        copy = seen.get(code, 0)
        seen[code] = copy + 1
        if code == "JK":
            out.append(104 + copy)
        else:
            out.append(52 * copy + "CDHS".index(code[-1]) * 13 + PEER_RANKS.index(code[:-1]))
    return out


def position(hand: str, melds=("KD KC KS 2S", "7S 7S 7C 7C 7D 7H JK"), discard="5D 8C 4S 9H", score=1450,
             phase="play", others=(11, 9, 11)) -> dict:
    names = ["Ann", "Bob", "Cas", "Dee"]
    return {"ruleset": "classic",
            "players": [{"name": n, "hand": h} for n, h in zip(names, (hand, *others))],
            "sides": [{"name": "NS", "players": ["Ann", "Cas"], "score": score, "melds": list(melds)},
                      {"name": "EW", "players": ["Bob", "Dee"], "score": 2300, "melds": []}],
            "discard": discard, "stock": 40, "turn": {"player": "Ann", "phase": phase}}


HAND = "7H 7D 2C KS KH 5C 9D 9S 4H JK QD"
# (what, position, our question, its question): ("check", move) | ("can_take",) | ("score",)
POSITIONS = [
    ("meld", position(HAND), ("check", "meld 9S 9D 2C"), ("meld", 8, "9S 9D 2C")),
    ("meld, too small", position(HAND), ("check", "meld 9S 9D"), ("meld", 8, "9S 9D")),
    ("meld, two wild cards", position(HAND), ("check", "meld 9S 9D 2C JK"), ("meld", 8, "9S 9D 2C JK")),
    ("lay-off", position(HAND), ("check", "add KH to K"), ("add", 0, "KH")),
    ("lay-off, wild card", position(HAND), ("check", "add 2C to K"), ("add", 0, "2C")),
    ("discard", position(HAND), ("check", "discard 4H"), ("discard", "4H")),
    ("first meld, short", position("5S 5H 5D AS AH 2C 6C 9D", melds=(), score=0), ("check", "meld 5S 5H 5D"),
     ("meld", 4, "5S 5H 5D")),
    ("first meld, enough", position("AS AH AD KS KH 2C 6C 9D", melds=(), score=0), ("check", "meld AS AH AD"),
     ("meld", 0, "AS AH AD")),
    ("take the pile, yes", position(HAND, phase="draw"), ("can_take",), ("take",)),
    ("take the pile, no", position("7H 7D 2C KS KH 5C 9D 4H JK QD", discard="5D 8C 4S QS 6H", phase="draw"),
     ("can_take",), ("take",)),
    ("take the pile, frozen", position(HAND, discard="5D 2S 8C 9H", phase="draw"), ("can_take",), ("take",)),
    # Frozen, and one nine with wild cards: no take (the pair is asked for), said from one look at the hand.
    ("take the pile, frozen, no", position("7H 7D 2C KS KH 5C 9D 4H JK QD", discard="5D 2S 8C 9H", phase="draw"),
     ("can_take",), ("take",)),
    # A red three turned up at the deal lies in the pile (it freezes it): the take gives it to the side.
    ("take the pile, red three", position(HAND, discard="3H 5D 8C 9H", phase="draw"), ("can_take",), ("take",)),
    # The side has not melded: our answer includes making the first meld in the same move (it searches);
    # the peer asks only for the natural pair.
    ("take the pile, first meld", position(HAND, melds=(), score=0, discard="5D 8C 9H", phase="draw"),
     ("can_take",), ("take",)),
    ("score", position("5C 4H", others=("6C 8D QS", "4D", "JK 9C")), ("score",), ("score",)),
]


def _peer_call(game, data: dict, question: tuple):
    from canasta.melds import Meld  # the peer's own
    from canasta.scoring import calculate_hand_score

    hands = [peer_ids(p["hand"]) if isinstance(p["hand"], str) else [] for p in data["players"]]
    melds = []
    for side in data["sides"]:
        made = []
        for text in side["melds"]:
            cards = peer_ids(text)
            wild = [c for c in cards if c >= 104 or c % 13 == 1]
            natural = [c for c in cards if c not in wild]
            made.append((natural[0] % 13, natural, wild))
        melds.append(made)
    pile = peer_ids(data["discard"])
    scores = [s["score"] for s in data["sides"]]
    phase = "draw" if data["turn"]["phase"] == "draw" else "meld"
    kind = question[0]
    arg = peer_ids(question[2]) if kind in ("meld", "add") else peer_ids(question[1])[0] if kind == "discard" else None

    def call():
        s = game.new_initial_state()
        s._hands = [list(h) for h in hands]
        s._discard_pile = list(pile)
        s._melds = [[Meld(r, list(n), list(w)) for r, n, w in side] for side in melds]
        s._canastas = [sum(1 for m in side if len(m.natural_cards) + len(m.wild_cards) >= 7) for side in s._melds]
        s._team_scores = list(scores)
        s._initial_meld_made = [bool(melds[0]), bool(melds[1])]
        s._current_player, s._dealing_phase, s._game_phase, s._turn_phase = 0, False, "playing", phase
        if kind == "meld":
            return s._can_create_meld(question[1], arg)
        if kind == "add":
            return s._can_add_to_meld(question[1], arg)
        if kind == "discard":
            return s._can_discard(arg)
        if kind == "take":
            return s._can_take_pile()
        return [calculate_hand_score([c for m in s._melds[t] for c in m.natural_cards + m.wild_cards], s._melds[t],
                                     len(s._red_threes[t]), s._hands[t] + s._hands[t + 2], False, False)
                for t in (0, 1)]
    return call


def _our_call(data: dict, question: tuple):
    from canasta_tutor import api

    if question[0] == "check":  # the move as a program writes it: text
        return lambda: api.check(api.table_from_dict(data), question[1]).legal
    if question[0] == "can_take":
        return lambda: api.can_take(api.table_from_dict(data))
    return lambda: [s.hand_total for s in api.score(api.table_from_dict(data)).sides]


def _our_trusted_call(data: dict, question: tuple):
    """The same question, the table built per call by the trusted constructor (``table_from_cards``)
    from cards the program holds already, as a program playing many positions does."""
    from canasta_tutor import api

    hands = [api.cards(p["hand"]) if isinstance(p["hand"], str) else p["hand"] for p in data["players"]]
    melds = [[api.cards(m) for m in side["melds"]] for side in data["sides"]]
    pile = api.cards(data["discard"])
    scores = [side["score"] for side in data["sides"]]
    phase = data["turn"]["phase"]

    def table():
        return api.table_from_cards("classic", hands, melds, pile, data["stock"], 0, phase, scores)

    if question[0] == "check":
        return lambda: api.check(table(), question[1]).legal
    if question[0] == "can_take":
        return lambda: api.can_take(table())
    return lambda: [s.hand_total for s in api.score(table()).sides]


def peer_side_by_side(batches: int = 9, number: int = 300) -> None:
    path = os.environ.get("CANASTA_PEER")
    try:
        if not path:
            raise ImportError("CANASTA_PEER is not set")
        sys.path.insert(0, path)
        from canasta.canasta_game import CanastaGame
    except ImportError as exc:
        print(f"side by side with canasta-openspiel: skipped ({exc}). Clone jhtschultz/canasta-openspiel, "
              "`pip install open_spiel`, and set CANASTA_PEER to the clone.")
        return
    game = CanastaGame()
    ratios: dict[str, list[float]] = {"trusted": [], "checked": []}
    for what, data, ours_q, peer_q in POSITIONS:
        trusted, checked, peer = _our_trusted_call(data, ours_q), _our_call(data, ours_q), _peer_call(game, data, peer_q)
        trusted(), checked(), peer()  # warm; not counted
        assert trusted() == checked(), what
        rows = [(batch(trusted, number), batch(checked, number), batch(peer, number)) for _ in range(batches)]
        mid = [statistics.median(r[i] for r in rows) * 1e6 for i in range(3)]
        r_trusted = statistics.median(t / p for t, _, p in rows)
        r_checked = statistics.median(c / p for _, c, p in rows)
        ratios["trusted"].append(r_trusted)
        ratios["checked"].append(r_checked)
        print(f"side by side  {what:<26} trusted {mid[0]:6.2f} µs  table_from_dict {mid[1]:6.2f} µs  "
              f"canasta-openspiel {mid[2]:6.2f} µs  ratios {r_trusted:4.2f} / {r_checked:4.2f}  "
              f"(ours {trusted()}, theirs {peer()})")
    for kind, target in (("trusted", 0.5), ("checked", 1.0)):
        rs = ratios[kind]
        print(f"side by side  {kind:<8} median ratio {statistics.median(rs):.2f}, worst {max(rs):.2f}   "
              f"target {target:.1f} per position")


def interpreter() -> None:
    """The interpreter the figures are of. On one machine, one day, CPython 3.11 as Debian builds it ran
    the engine's rows a tenth to a fifth faster than a 3.11 built from source with no profile-guided
    optimisation (see the README): a figure is of a machine and of an interpreter."""
    import platform

    print(f"python    {platform.python_implementation()} {platform.python_version()}, built {platform.python_build()[1]}"
          f" with {platform.python_compiler()}, {os.cpu_count()} processors")


if __name__ == "__main__":
    only_engine = sys.argv[1:] == ["engine"]
    interpreter()
    if not only_engine:
        startup()
        startup(extra=("--lang", "da"))  # a translated catalog is read too
        startup(before=("--lang", "da"))  # the language before the command: the same start-up
    library_calls()
    moves_listing()
    selfplay()
    coach_decisions()
    if not only_engine:
        lint_many()
    peer_side_by_side()
