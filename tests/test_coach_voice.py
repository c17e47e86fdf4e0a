"""The coach speaks up: a warning before a discard that gives the next opponent the pile (confirmed
or not made), `undo`, and every warning true of the table."""
from canasta_tutor.engine.cards import parse_card
from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import Turn
from canasta_tutor.learning.play_session import Session
from canasta_tutor.play.game import Game
from canasta_tutor.play.next_take import next_player
from canasta_tutor.play.warnings import pile_warning
from tests.test_partner import game


def session(lines: list[str], coach: str = "normal") -> tuple[Game, Session, list[str]]:
    g = game("4H 5D")
    g.table.player("Ann").hand.append(parse_card("AC"))  # the stock gives up an ace for it
    g.stock.remove(parse_card("QC"))
    g.table.stock -= 1
    out: list[str] = []
    return g, Session(g, iter(lines), out.append, lambda text, *_: text, coach=coach), out


def test_a_discard_that_feeds_the_next_opponent_is_warned_and_not_made_unless_confirmed():
    g, s, out = session(["no"])
    s.command("discard AC")
    text = "\n".join(out)
    assert "Bob can take the pile (3 cards) by laying your AC on their side's meld of aces" in text
    assert "The move is not made" in text and "AC" in map(str, g.table.player("Ann").hand)
    g, s, out = session(["yes"])
    s.command("discard AC")
    assert g.table.turn.player == "Bob" and str(g.table.discard[-1]) == "AC"


def test_a_quiet_coach_says_nothing_and_a_safe_discard_is_not_warned():
    g, s, out = session([], coach="quiet")
    s.command("discard AC")
    assert not any("The coach" in ln for ln in out) and g.table.turn.player == "Bob"
    g, s, out = session([])
    s.command("discard 4C")
    assert not any("The coach" in ln for ln in out)


def test_undo_takes_back_your_step_and_the_computer_turns_after_it():
    g, s, out = session([])
    hand, turns = sorted(map(str, g.table.player("Ann").hand)), g.turns
    s.command("discard 4C")
    s._computer_turns()
    assert g.table.turn.player == "Ann" and g.turns == turns + 4
    s.command("undo")
    assert g.turns == turns and g.table.turn.phase == "play" and sorted(map(str, g.table.player("Ann").hand)) == hand
    assert "Taken back" in "\n".join(out)
    s.command("undo")
    assert "nothing of this hand to take back" in out[-1]


def test_every_warning_is_true_of_the_real_table():
    """Over self-played hands, each warning before a discard is checked against the real hands: the
    next player can take the pile, and their side has a meld of the card's rank."""
    warned = 0
    for seed in (1, 2, 3):
        g = Game("official", seed=seed, hands=1)
        while not g.over:
            draws = g.moves().of_kind("draw")
            if draws:  # the draw, then every discard the player could make
                g.play(draws[0].steps)
            for o in g.moves().of_kind("discard"):
                w = pile_warning(g.table, o.steps)
                if w is None:
                    continue
                warned += 1
                following = next_player(g.table)
                after = judge(g.table, o.steps).after
                after.turn = Turn(following, "draw", first_round=False, permission="none")
                assert w.params["player"] == following
                assert judge(after, [Step("take")]).legal
                assert after.side_of(following).meld_of(str(w.params["rank"])) is not None
            g.computer_turn()
    assert warned > 0
