"""`canasta play` as a player meets it: the hands and target announced truly, quit that saves and
says where, one line a step with `why` for the ruling, `show`, and --resume kept to its game."""
import re
from pathlib import Path

import pytest
import yaml

from canasta_tutor.engine.move import parse_move
from tests.test_play import canasta


def _turns(stdout: str) -> int:
    return stdout.count("Stock: ")  # the table is drawn once a turn of the human's


def test_hands_one_is_announced_as_one_hand_not_the_target(tmp_path):
    proc = canasta("play", "--seed", "7", "--hands", "1", cwd=tmp_path, stdin="quit\n")
    first = proc.stdout.splitlines()[0]
    assert "1 hand to play" in first and "the game goes to" not in first


def test_resume_with_hands_one_plays_the_hand_in_play_and_stops(tmp_path):
    canasta("play", "--seed", "7", cwd=tmp_path, stdin="save game.yaml\nquit\n")
    moves = "\n".join(["1"] * 400)  # the first listed move, over and over: draw, then a discard...
    proc = canasta("play", "--resume", "game.yaml", "--hands", "1", "--coach", "quiet", cwd=tmp_path, stdin=moves + "\n")
    assert "Game over after 1 hand" in proc.stdout, proc.stdout[-2000:]
    assert "Hand 2 is dealt" not in proc.stdout


def test_resume_refuses_options_that_contradict_the_saved_game(tmp_path):
    canasta("play", "--seed", "7", cwd=tmp_path, stdin="save game.yaml\nquit\n")
    for option in (("--ruleset", "danish"), ("--seed", "8"), ("--players", "2"), ("--house", "going_out_bonus=300")):
        proc = canasta("play", "--resume", "game.yaml", *option, cwd=tmp_path, stdin="quit\n")
        assert proc.returncode == 2 and f"{option[0]} " in proc.stderr and "game.yaml" in proc.stderr, option
    same = canasta("play", "--resume", "game.yaml", "--ruleset", "classic", "--seed", "7", cwd=tmp_path, stdin="quit\n")
    assert same.returncode == 0


def test_quit_saves_the_game_and_says_where(tmp_path):
    proc = canasta("play", "--seed", "7", cwd=tmp_path, stdin="draw\nquit\n")
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("The game is saved in "))
    path = Path(line.removeprefix("The game is saved in ").split(". Go on with")[0])
    assert path.is_file() and path.parent.name == "games"
    assert yaml.safe_load(path.read_text())["turn"]["phase"] == "play"  # the draw is kept


def test_a_step_is_one_line_and_the_table_is_drawn_when_the_turn_starts(tmp_path):
    proc = canasta("play", "--seed", "7", cwd=tmp_path, stdin="draw\nwhy\nshow\nquit\n")
    out = proc.stdout
    ok = next(ln for ln in out.splitlines() if ln.startswith("OK: draw"))
    assert "(classic," not in ok and out.count("LEGAL") == 1  # the full ruling only after 'why'
    assert _turns(out.split("> why")[0]) == 1  # no redraw after the draw; 'show' draws it again
    assert _turns(out.split("> show")[1]) == 1
    verbose = canasta("play", "--seed", "7", "--verbose", cwd=tmp_path, stdin="draw\nquit\n").stdout
    assert "LEGAL  draw" in verbose and _turns(verbose) == 2


# -- a computer player's move is told in the third person --------------------------------------------

YOU = {"en": re.compile(r"\byou(rs?)?\b", re.I), "nl": re.compile(r"\b(je|jij|jouw|jullie)\b", re.I)}
THEIR = {"en": "their side's", "nl": "hun partij"}


def _computer_lines(stdout: str) -> list[str]:
    return [ln for ln in stdout.splitlines() if re.match(r"(Bob|Cas|Dee): ", ln)]


@pytest.mark.parametrize(("lang", "options"), [
    ("en", ()), ("en", ("--coach", "chatty")), ("en", ("--coach", "chatty", "--level", "2")), ("en", ("--level", "1")),
    ("en", ("--guided",)), ("nl", ()), ("nl", ("--coach", "chatty", "--level", "2"))])
def test_a_computer_players_reason_never_speaks_to_you(tmp_path, lang, options):
    """The coach's reasons speak to the player on turn ("your side's first meld"); told of a computer
    player's move they say whose move it was ("their side's first meld")."""
    moves = "\n".join(["1", "yes"] * 150)  # the first listed move; yes to a question
    proc = canasta("play", "--lang", lang, "--seed", "3", "--hands", "1", *options, cwd=tmp_path, stdin=moves + "\n")
    told = _computer_lines(proc.stdout)
    assert len(told) > 10, proc.stdout[-2000:]
    assert not [ln for ln in told if YOU[lang].search(ln)]
    assert any(THEIR[lang] in ln for ln in told)  # a reason that has a twin was told
    assert all(ln.split(". ", 1)[1][:1].isupper() for ln in told if ". " in ln)  # the reason begins a sentence


def test_every_reason_that_speaks_to_you_has_a_third_person_twin():
    """A new reason of the coach (``play.coach``) or of its first level (``hints``) worded to the
    player on turn needs its twin for a computer player's move (``play.coach-told``, ``play.hints-told``)."""
    from canasta_tutor import texts

    en = texts.catalog("en")
    for reasons, twins in ((en["play"]["coach"], en["play"]["coach-told"]), (en["hints"], en["play"]["hints-told"])):
        for key, text in reasons.items():
            if YOU["en"].search(str(text)):
                assert key in twins, key
        assert not [k for k in twins if k not in reasons]  # a twin of a reason that is gone
        assert not [k for k, text in twins.items() if YOU["en"].search(str(text))]


def test_the_hands_left_agree_with_their_verb_in_every_language(tmp_path):
    for hands, said in (("1", "falta 1 mão"), ("2", "faltam 2 mãos")):
        first = canasta("play", "--lang", "pt-BR", "--seed", "7", "--hands", hands, cwd=tmp_path, stdin="quit\n")
        assert said in first.stdout.splitlines()[0], first.stdout.splitlines()[0]


def test_a_refused_move_names_no_card_of_the_stock(tmp_path):
    # A second draw is refused; its ruling (and `why`) must not show the stock's next cards, which the
    # next draw then takes. Saved before the refused draw: the stock's top cards are in the file.
    proc = canasta("play", "--seed", "11", "--ruleset", "danish", "--hands", "1", "--coach", "quiet", cwd=tmp_path,
                   stdin="draw\ndiscard 5H\ndraw\nsave drawn.yaml\ndraw\nwhy\ndraw; meld 9H 9S 9D\nquit\n")
    refused = [line for line in proc.stdout.splitlines() if line.startswith("Refused: draw")]
    assert refused and all(line.startswith(("Refused: draw: ", "Refused: draw; meld 9")) for line in refused), refused
    assert "ILLEGAL  draw  (danish" in proc.stdout


OUT_NOW = """\
ruleset: classic
players:
  - {name: Ann, hand: 9S}
  - {name: Bob, hand: 10D KH 10S 5C 6C}
  - {name: Cas, hand: 8S 6H 9C QS QD}
  - {name: Dee, hand: 10C 8C 5D JD 4S}
sides:
  - {name: NS, players: [Ann, Cas], melds: [4H 4H 4C 4C 4D 2S 2C, KS KH KD, 7H 7D 7C]}
  - {name: EW, players: [Bob, Dee], melds: [JS JH JC 2D]}
discard: 6D 5H 8H
stock: 72
turn: {player: Ann, phase: play, permission: granted}
"""


def test_the_hand_you_end_is_over_before_the_next_hands_first_turn_is_told(tmp_path):
    (tmp_path / "out.yaml").write_text(OUT_NOW)
    proc = canasta("play", "--resume", "out.yaml", "--hands", "2", "--coach", "quiet", cwd=tmp_path,
                   stdin="discard 9S\nquit\n")
    after = proc.stdout.split("OK: discard 9S", 1)[1].strip().splitlines()
    assert after[0].startswith("Hand 1 is over: Ann went out"), after[:3]
    dealt = next(line for line in after if line.startswith("Hand 2 is dealt"))
    first = re.search(r"; (\w+) plays first", dealt).group(1)
    told = after[after.index(dealt) + 1]
    assert told.startswith(f"{first}: "), (dealt, told)  # the player said to play first is the first told


NO_GIVEN = """\
ruleset: classic
players:
  - {name: Ann, hand: 9S 2S, has_melded: true}
  - {name: Bob, hand: 10D KH 10S 5C KS}
  - {name: Cas, hand: JK JK JK AD AH}
  - {name: Dee, hand: 10C 8C 5D 4S, has_melded: true}
sides:
  - {name: NS, players: [Ann, Cas], melds: [4H 4H 4C 4C 4D 2S 2C, KS KH KD, 7H 7D 7C]}
  - {name: EW, players: [Bob, Dee], melds: [JS JH JC 2D JD]}
discard: 6D 5H 8H QC 6C 6H QD
stock: 67
turn: {player: Ann, phase: play, permission: refused}
"""


def test_a_move_after_which_the_turn_cannot_end_is_not_made(tmp_path):
    # Cas said no: Ann may not go out. Laying off 2S would leave her 9S, whose discard would go out: the
    # lay-off is legal so far, but nothing could end her turn after it. It is not made, and the hand goes on.
    (tmp_path / "no.yaml").write_text(NO_GIVEN)
    assert "dead end" in canasta("check", "no.yaml", "add 2S to K", cwd=tmp_path).stdout
    proc = canasta("play", "--resume", "no.yaml", "--hands", "1", "--coach", "quiet", cwd=tmp_path,
                   stdin="add 2S to K\nsave after.yaml\ndiscard 2S\nquit\n")
    assert "Not made: after that move no legal way would remain to finish your turn" in proc.stdout
    assert "no legal move was left" not in proc.stdout and "OK: add 2S" not in proc.stdout
    assert yaml.safe_load((tmp_path / "after.yaml").read_text())["players"][0]["hand"] == "9S 2S"
    assert "OK: discard 2S" in proc.stdout


def test_save_takes_a_quoted_name_as_a_shell_would_and_quotes_it_back(tmp_path):
    proc = canasta("play", "--seed", "3", "--coach", "quiet", cwd=tmp_path, stdin='save "my game.yaml"\nquit\n')
    assert (tmp_path / "my game.yaml").exists() and not list(tmp_path.glob('"*'))
    assert "canasta play --resume 'my game.yaml'" in proc.stdout
    assert canasta("check", "my game.yaml", "draw", cwd=tmp_path).returncode == 0


def test_an_add_without_cards_is_shown_with_its_meld():
    from canasta_tutor.engine.move import MoveError

    with pytest.raises(MoveError, match="add 7H 2C to 7"):
        parse_move("add")


DEAD_END = """\
title: Danish - a lay-off that leaves no way to finish the turn
# Ann holds only wild cards, which the Danish rules never let her discard, and laying all of them off
# leaves her side one canasta short of going out. Every lay-off is legal as a step, but none of them can
# be followed by a legal discard or a legal way out: `check` says so (can_finish false) and `hint`
# advises no move.
ruleset: danish
players:
  - name: Ann
    hand: JK JK 2C
  - {name: Bob, hand: 5S 5H 6S 6H 7S 7H 9S 9D 10S}
  - {name: Cas, hand: 5D 6D 7D 9C 10C JC JD JS}
  - {name: Dee, hand: 4S 4H 4D 5C 6C 7C 10H 10D JH QC}
sides:
  - name: NS
    players: [Ann, Cas]
    score: 1200
    melds:
      - [AS, AH, AD, AC, AS, AH, 2D]
      - [KD, KC, KH]
  - name: EW
    players: [Bob, Dee]
    score: 900
    melds:
      - [QS, QH, QD]
discard: 4C 8S 9H
stock: 66
turn:
  player: Ann
  phase: play
"""


def test_where_every_move_is_a_dead_end_one_is_made_and_the_hand_stops(tmp_path):
    # The Danish dead end of scenarios/disputes/d22, every hand dealt: every move Ann has leaves her turn
    # unfinishable. None is refused for it (that would leave her nothing to do): the hand stops, stuck.
    (tmp_path / "dead.yaml").write_text(DEAD_END)
    proc = canasta("play", "--resume", "dead.yaml", "--hands", "1", "--coach", "quiet", cwd=tmp_path,
                   stdin="1\n" * 6 + "quit\n")
    assert "Not made" not in proc.stdout
    assert "Hand 1 is over: no legal move was left" in proc.stdout


def test_a_move_refused_only_by_the_cards_drawn_is_not_judged_before_the_draw(tmp_path):
    # 'draw; discard QS' without the QS: whether it is legal depends on the cards drawn, which a ruling
    # would have to name. It is not made, and nothing names them.
    proc = canasta("play", "--seed", "3", "--hands", "1", "--coach", "quiet", cwd=tmp_path,
                   stdin="save start.yaml\ndraw; discard QS\nwhy\nquit\n")
    hand = yaml.safe_load((tmp_path / "start.yaml").read_text())["players"][0]["hand"]
    assert "QS" not in hand.split()
    assert "Not made: what follows the draw can only be judged once you see the cards drawn" in proc.stdout
    assert not re.search(r"draw [2-9AKQJ]", proc.stdout.split("> draw; discard QS", 1)[1])


RED_THREE_LAST = """\
ruleset: classic
players:
  - {name: Ann, hand: 7H 7D 7C 8H 8D 8C}
  - {name: Bob, hand: 5S 5H 6S 6H 9S 9D 10S}
  - {name: Cas, hand: 5D 6D 7S 9C 10C JC JD}
  - {name: Dee, hand: 4S 4H 4D 5C 6C 10H 10D}
sides:
  - name: NS
    players: [Ann, Cas]
    score: 1200
    melds:
      - [AS, AH, AD, AC, AS, AH, 2D]
      - [KD, KC, KH]
  - name: EW
    players: [Bob, Dee]
    score: 900
    melds:
      - [QS, QH, QD]
discard: 4C 8S 9H
stock: 1
turn:
  player: Ann
  phase: draw
  permission: granted
x-game:
  stock: 3H
"""


def test_a_red_three_as_the_last_card_lets_its_player_meld_the_rest_of_the_hand(tmp_path):
    # The stock's last card is a red three: Ann may still meld (the Dutch classic page), and with her
    # partner's yes, melding the 8s leaves the 7s, whose meld puts her hand down: the turn goes on.
    (tmp_path / "r3.yaml").write_text(RED_THREE_LAST)
    proc = canasta("play", "--resume", "r3.yaml", "--hands", "1", "--coach", "quiet", cwd=tmp_path,
                   stdin="draw\nmeld 8H 8D 8C\nmeld 7H 7D 7C\n")
    assert "OK: meld 7H 7D 7C" in proc.stdout
    assert proc.stdout.index("OK: meld 7H 7D 7C") < proc.stdout.index("Hand 1 is over")


def test_a_computer_players_red_threes_are_told_when_laid(tmp_path):
    # Classic seed 5, the first listed move each time: Dee draws both red threes in one turn. They lie
    # face up from then on, so the line of her turn says so (it used to say only 'draw; ...').
    proc = canasta("play", "--seed", "5", "--hands", "1", "--coach", "quiet", cwd=tmp_path, stdin="1\ny\n" * 300)
    told = [line for line in proc.stdout.splitlines() if " red three" in line and " drew " in line]
    assert told, proc.stdout[-1500:]
    for line in told:
        m = re.match(r"(\w+) drew (\d+) red threes? and laid (?:it|them) down \(([^)]*)\)", line)
        assert m and int(m.group(2)) == len(m.group(3).split()), line
        assert all(c.startswith("3") for c in m.group(3).split())
