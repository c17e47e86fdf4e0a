"""Scripted games of `canasta play --seed S` (input piped, the command run in this process): the coach's
warning before a discard that gives the next opponent the pile (onto their meld, or with a pair seen taken
with the pile), `undo`, the after-hand review, and what chatty adds. The lines are those a player who
follows the coach types, found by playing the same game in this process up to the position wanted."""
from __future__ import annotations

import re

from canasta_tutor.engine.cards import parse_card
from canasta_tutor.engine.table import Turn
from canasta_tutor.files.snapshot import table_from_text
from canasta_tutor.play.game import Game
from canasta_tutor.play.review import review
from tests.playing import cornered, first_found, follow_coach, warned_discard


def _play(canasta, seed: int, lines: list[str], *options: str) -> str:
    proc = canasta("play", "--seed", str(seed), "--hands", "1", *options, input="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_a_discard_onto_the_next_opponents_meld_is_warned_and_not_made_on_no(canasta):
    seed, typed, discard = first_found((1, *range(2, 30)), warned_discard("pile"))
    out = _play(canasta, seed, [*typed, discard, "no", "quit"])
    card = discard.split()[1]
    after = out.split(f"> {discard}")[-1]
    assert re.search(rf"The coach: after this, Bob can take the pile \(\d+ cards?\) by laying your {card} on their "
                     r"side's meld of \w+\.", after), after[:600]
    assert "Make the move anyway? (yes or no)" in after and "The move is not made" in after
    assert f"OK: {discard}" not in after
    # yes makes it
    out = _play(canasta, seed, [*typed, discard, "yes", "quit"])
    assert f"OK: {discard}" in out.split(f"> {discard}")[-1]


def test_a_warning_says_so_when_every_discard_gives_the_pile(canasta):
    seed, typed, discard = first_found((3, *range(1, 30)), cornered)
    out = _play(canasta, seed, [*typed, discard, "no", "quit"])
    after = out.split(f"> {discard}")[-1]
    assert "The coach: after this, Bob can take the pile" in after or "The coach: Bob took" in after
    assert "Every discard you could make now does the same: none keeps the pile from them." in after


def test_a_discard_of_a_rank_the_next_opponent_took_a_pair_of_is_warned(canasta):
    seed, typed, discard = first_found((10, 17, 18, *range(1, 40)), warned_discard("took"))
    out = _play(canasta, seed, [*typed, discard, "no", "quit"])
    after = out.split(f"> {discard}")[-1]
    card = discard.split()[1]
    m = re.search(rf"The coach: Bob took ((?:\w+ )+)with the pile and has not put them down since: after this, they "
                  rf"can take the pile \(\d+ cards?\) with a pair of them and your {card}\.", after)
    assert m, after[:600]
    assert all(c[:-1] == card[:-1] for c in m.group(1).split())  # the cards Bob took are of the card's rank
    assert "The move is not made" in after
    # and the take was told, in a computer turn before the warning: Bob took the pile
    assert re.search(r"\nBob: take ", out.split(f"> {discard}")[0])


def test_undo_in_a_scripted_game_takes_back_a_step_and_the_computer_turns_after_it(canasta):
    seed, typed, _ = first_found((1, *range(2, 30)), warned_discard("pile"))
    assert typed[-1] == "draw" and "discard" in typed[-2]  # Ann's last turn: a discard, then the draw now
    out = _play(canasta, seed, [*typed, "undo", "undo", "quit"])
    first, second = out.split("> undo")[1:3]
    assert first.startswith("\nTaken back: the table is as it was before your last step.")

    def table(text: str) -> tuple[str, str, str]:
        lines = text.splitlines()
        return (next(ln for ln in lines if ln.startswith("  Ann: ")), next(ln for ln in lines if ln.startswith("Stock:")),
                next(ln for ln in lines if ln.startswith("Turn:")))

    before_draw = out.split("> draw")[-1].split("> undo")[0]
    drawn = out.split(f"> {typed[-2]}")[-1].split("> draw")[0]  # the table when Ann's turn started
    assert table(first) == table(drawn)  # the draw is taken back
    assert "OK: draw" in before_draw
    # the second undo takes back the discard of the turn before, and the computer turns after it
    assert second.startswith("\nTaken back")
    assert table(second)[2].startswith("Turn: Ann has drawn, to meld and discard")  # (", first round" too)
    assert typed[-2].split()[1] in table(second)[0].split()  # the card discarded is back in Ann's hand
    nothing = _play(canasta, seed, ["undo", "quit"])
    assert "There is nothing of this hand to take back." in nothing


def test_a_hand_ends_with_the_coach_review_unless_the_coach_is_quiet(canasta):
    moves = ["1", "yes"] * 400  # the first listed move, over and over (yes to any warning): a careless player
    reviewed = None
    for seed in (7, 8, 9, 10, 11):
        out = _play(canasta, seed, moves)
        assert "Game over after 1 hand" in out
        hand = out.split("Hand 1 is over")[1]
        assert "The coach's review of hand 1" in hand
        if "Better:" in hand:
            reviewed = (seed, hand)
            break
    assert reviewed, "no careless hand had a turning point"
    seed, hand = reviewed
    points = [ln for ln in hand.splitlines() if ln.startswith("  - ")]
    assert 1 <= len(points) <= 3 and all(re.match(r"  - Your turn \d+: .*Better: ", p) for p in points)
    quiet = _play(canasta, seed, moves, "--coach", "quiet")
    assert "The coach's review" not in quiet and "The coach:" not in quiet


def test_chatty_gives_each_computer_move_its_reason_and_a_suggestion_before_your_steps(canasta):
    seed, typed, _ = first_found((3,), lambda g: "quit" if g.turns >= 6 else None)  # two turns of Ann's
    chatty = _play(canasta, seed, [*typed, "quit"], "--coach", "chatty")
    normal = _play(canasta, seed, [*typed, "quit"])
    assert chatty.count("The coach would play ") >= 2 and "The coach would play " not in normal  # before each step
    # one line a computer move, each with its reason
    told = [ln for ln in chatty.splitlines() if re.match(r"(Bob|Cas|Dee): ", ln)]
    assert told and all(";" not in ln.split(". ")[0] for ln in told)


def test_the_review_names_the_pile_fed_with_the_better_discard_and_no_points_for_a_clean_hand():
    """The review as a library function, on a scripted hand: Ann discards the 9S onto Bob's meld of 9s
    and Bob takes the pile with it; the 4C or the 5H would have left Bob without a take."""
    text = """\
ruleset: classic
players:
  - {name: Ann, hand: 9S 4C KH KD 5H}
  - {name: Bob, hand: 6C 7D 8H QS QD}
  - {name: Cas, hand: 6H 7S 8C JH JD}
  - {name: Dee, hand: 6D 7C 8S 10H 10D}
sides:
  - {name: NS, players: [Ann, Cas], score: 0, melds: [AS AH AD]}
  - {name: EW, players: [Bob, Dee], score: 0, melds: [9H 9D 9C]}
discard: 5C 6S 10C JC
stock: 8
turn: {player: Ann, phase: play}
"""
    g = Game.from_table(table_from_text(text), {"stock": "4H 4S 5D 5S KC KS QH QC", "seats": {"Ann": "human"}})
    g.log = []
    g.play([*_steps("discard 9S")])
    g.computer_turn()  # Bob: takes the pile onto his side's 9s
    bob = [m for m in g.log if m.player == "Bob"]
    assert bob[0].steps[0].kind == "take", bob[0].steps
    (point,) = [p for p in review(g.log, "Ann") if p.key == "pile-fed"]
    assert point.params == {"card": "9S", "player": "Bob", "size": 5}
    # a single card of no rank Bob's side melded (4C or 5H): Bob could not have taken the pile over it
    assert point.better.option.move in ("discard 4C", "discard 5H") and point.turn == 1
    assert point.better.reason == "coach.discard-safe"
    # a hand of moves with nothing to regret: no points
    g = Game.from_table(table_from_text(text), {"stock": "4H 4S 5D 5S KC KS QH QC", "seats": {"Ann": "human"}})
    g.log = []
    g.play([*_steps("discard 4C")])
    assert review(g.log, "Ann") == []


def test_the_memory_keeps_what_a_player_took_until_it_is_put_down():
    from canasta_tutor.engine.move import Step
    from canasta_tutor.play.coach import Memory, remember

    text = """\
ruleset: classic
players:
  - {name: Ann, hand: 9S 4C}
  - {name: Bob, hand: QS QD 9D 2C}
sides:
  - {name: S1, players: [Ann], score: 0}
  - {name: S2, players: [Bob], score: 0, melds: [KS KH KD]}
discard: 7C 7H 9C QH
stock: 8
turn: {player: Bob, phase: draw}
"""
    t = table_from_text(text)
    m = Memory()
    remember([m], "Bob", Step("take", (parse_card("QS"), parse_card("QD"))), t)
    assert sorted(map(str, m.took["Bob"])) == ["7C", "7H", "9C"] and m.known("Bob", "7") == 2
    remember([m], "Bob", Step("meld", (parse_card("7C"), parse_card("7H"), parse_card("2C"))), t)
    remember([m], "Bob", Step("discard", (parse_card("9C"),)), t)
    assert m.took["Bob"] == [] and m.known("Bob", "7") == 0 and "9" in m.discarded["Bob"]
    t.turn = Turn("Ann", "play")


def _steps(move: str):
    from canasta_tutor.engine.move import parse_move

    return parse_move(move)


GOING_OUT = """\
ruleset: official
players:
  - {{name: Ann, hand: 8H 8D 8S 4C}}
  - {{name: Bob, hand: 6C 7D 9H QS QD 4H 5S}}
  - {{name: Cas, hand: 6H 7S 8C JH JD 9S 10S}}
  - {{name: Dee, hand: 6D 7C 10H 10D 4D 5H 9C}}
sides:
  - {{name: NS, players: [Ann, Cas], score: 0, melds: [{ns}]}}
  - {{name: EW, players: [Bob, Dee], score: 0, melds: [{ew}], red_threes: [{reds}]}}
discard: 5C 6S
stock: 10
turn: {{player: Ann, phase: play}}
"""


def _going_out(ns: str, ew: str, move: str, reds: str = ""):
    t = table_from_text(GOING_OUT.format(ns=ns, ew=ew, reds=reds))
    g = Game.from_table(t, {"stock": "4S 5D 6C 7H 10C JK 3C 3S 2H 2D", "seats": {"Ann": "human"}})
    g.log = []
    assert g.play(_steps(move)).legal
    return review(g.history[-1].moves if g.history else g.log, "Ann")


def test_the_review_names_going_out_too_late_and_too_early_as_the_coach_judges_it():
    # far ahead (two canastas against none): the coach goes out; Ann played on
    (late,) = _going_out("KH KD KS KC KH KD KC, AS AH AD AC AS AH AD", "9D 9C 9S", "discard 4C")
    assert late.key == "out-late" and late.better.reason == "coach.out" and late.better.option.verdict.went_out
    # behind (East-West's red threes and big melds, but no canasta yet, so they cannot go out) with the
    # opponents far from going out: the coach waits; Ann went out
    (early,) = _going_out("KH KD KS KC KH 2D JK", "AC AD AH AS AC AD, QS QH QD QC 2C 2S, JS JH JD",
                          "meld 8H 8D 8S; discard 4C", reds="3H, 3D, 3H, 3D")
    assert early.key == "out-early" and early.better.reason == "coach.wait-behind"
    assert not early.better.option.verdict.went_out
    # behind (one canasta against two), but East-West may go out at will: the coach goes out, as Ann did
    assert not _going_out("KH KD KS KC KH KD KC", "AC AD AH AS AC AD AH, 4S 4H 4D 4C 2C 2S JK",
                          "meld 8H 8D 8S; discard 4C")


def test_quit_at_the_warnings_question_keeps_the_game_and_makes_no_move(canasta, tmp_path):
    seed, typed, discard = first_found((1, *range(2, 30)), warned_discard("pile"))
    out = _play(canasta, seed, [*typed, discard, "quit", "show"])
    after = out.split(f"> {discard}")[-1]
    assert "The move is not made" in after and f"OK: {discard}" not in after
    saved = re.search(r"saved (?:as|in|to) (\S+?\.yaml)", after)
    assert saved is not None, after[-400:]
    assert "> show" not in after  # the game stopped at the quit



def test_asking_to_go_out_with_no_way_out_open_is_warned_and_still_the_players_to_put(canasta):
    """In the play phase with no way out listed, "ask" is warned of (a yes would bind the player to
    go out); no keeps the question back, yes puts it. Not in the draw phase, nor when quiet."""
    from canasta_tutor.play.moves import legal_moves

    warned = "If Cas says yes, you must go out this turn, and these cards cannot."
    out = _play(canasta, 1, ["draw", "ask", "no", "ask", "yes", "quit"])
    assert out.count(warned) == 2
    after_no = out.split("> no")[1].split("> ask")[0]
    assert "Make the move anyway? (yes or no)" in out and "The move is not made" in after_no
    assert "Cas answers Ann: " in out.split("> yes")[1]
    assert warned not in _play(canasta, 1, ["ask", "quit"])  # the draw phase: the draw may open a way
    assert warned not in _play(canasta, 1, ["draw", "ask", "quit"], "--coach", "quiet")
    # the claim is true of the table: after Ann's draw no listed move goes out
    seen = []

    def after_the_draw(g):
        if g.table.turn.phase == "play":
            seen.append(legal_moves(g.table))
            return "ask"
        return None

    typed, line = follow_coach(1, after_the_draw)
    assert typed == ["draw"] and line == "ask"
    listed = seen[0]
    assert listed.options and not listed.truncated and not any(o.kind == "out" for o in listed.options)


ASK_TO_GO_OUT = """\
ruleset: {ruleset}
players:
  - {{name: Ann, hand: 6H 10S 10D 10H, has_melded: true}}
  - {{name: Bob, hand: 9}}
  - {{name: Cas, hand: 7}}
  - {{name: Dee, hand: 9}}
sides:
  - {{name: NS, players: [Ann, Cas], score: 0, melds: [5H 5S 2D 5H 5D 5D JK, 8S 8H 8D]}}
  - {{name: EW, players: [Bob, Dee], score: 0, melds: [KS KS KH]}}
discard: 4C 9S
stock: 40
turn: {{player: Ann, phase: play}}
"""


def test_no_ask_warning_where_the_partners_yes_opens_a_way_out():
    """Where going out needs the partner's consent (classic), no way out is listed before the yes:
    the warning looks at the table as a yes leaves it, where Ann goes out with her tens."""
    from canasta_tutor.play.moves import legal_moves, playable
    from canasta_tutor.play.warnings import ask_warning

    table = table_from_text(ASK_TO_GO_OUT.format(ruleset="classic"), "ask.yaml")
    now = legal_moves(table)
    assert not any(o.kind == "out" for o in now.options) and not now.truncated  # the case it is about
    asked = table.clone()
    asked.turn.permission = "granted"
    assert "meld 10S 10H 10D; discard 6H" in {o.move for o in legal_moves(asked).of_kind("out")}
    assert ask_warning(table, _steps("ask"), lambda: playable(legal_moves(table), False)) is None
    # with the tens short of a meld no way out opens, and the warning is given
    short = table_from_text(ASK_TO_GO_OUT.format(ruleset="classic").replace("10H", "QH"), "ask.yaml")
    warned = ask_warning(short, _steps("ask"), lambda: playable(legal_moves(short), False))
    assert warned is not None and warned.params == {"partner": "Cas"}


def test_no_ask_warning_where_the_question_may_not_be_put():
    """Past the ruleset's limit on asking (once a hand in Brazilian) the question is refused, and the
    refusal says why: no warning first, and no question whether to make the move anyway."""
    from canasta_tutor.play.moves import legal_moves, playable
    from canasta_tutor.play.warnings import ask_warning

    table = table_from_text(ASK_TO_GO_OUT.format(ruleset="brazilian").replace("10H", "QH"), "ask.yaml")
    assert ask_warning(table, _steps("ask"), lambda: playable(legal_moves(table), False)) is not None
    assert ask_warning(table, _steps("ask"), lambda: playable(legal_moves(table), True)) is None
