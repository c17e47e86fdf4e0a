"""`canasta play --guided` (a first hand whose every choice is explained once, from the position) and
`canasta play --history` (every game's result, kept per player)."""
from __future__ import annotations

import json
import re
import sqlite3
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from clirun import Ran, run_in_process

from canasta_tutor.engine.cards import parse_cards
from canasta_tutor.learning.history import history_data, record

# A classic table where Ann, to draw, may take the 7-card pile with 9S 9D (her side has melded).
TAKE = """\
ruleset: classic
players:
  - {name: Ann, hand: 9S 9D 5H 7C 8H 4S KH}
  - {name: Bob, hand: 4D 5D 6C 7D 8D 10C QC}
  - {name: Cas, hand: 4H 5S 6H 7H 8S 10D QD}
  - {name: Dee, hand: 4C 5C 6S 7S 8C 10H QH}
sides:
  - {name: NS, players: [Ann, Cas], melds: [KS KD KC]}
  - {name: EW, players: [Bob, Dee]}
discard: 6D JC JD QS 10S 8D 9H
stock: 70
turn: {player: Ann, phase: draw}
"""

# Ann, having drawn, can go out after her partner's yes (add 5H 5D to 5; discard 8H); discarding the 8H
# otherwise lets Bob take the pile onto his side's meld of eights.
OUT = """\
ruleset: classic
players:
  - {name: Ann, hand: 5H 5D 8H}
  - {name: Bob, hand: 4D 5D 6C 7D 8D 10C QC}
  - {name: Cas, hand: 4H 4D 6H 7H 8S 10D QD}
  - {name: Dee, hand: 4C 9C 6S 7S 8C 10H QH}
sides:
  - {name: NS, players: [Ann, Cas], melds: [KS KD KC KH KS KD KC, 5S 5C 5S]}
  - {name: EW, players: [Bob, Dee], melds: [8S 8H 8C]}
discard: 6D JC JD QS 10S 8D 9H
stock: 64
turn: {player: Ann, phase: play}
"""


def canasta(*args: str, cwd: Path, stdin: str = "", home: Path | None = None) -> Ran:
    env = {"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_DEBUG": None, "COLUMNS": "120",
           "CANASTA_HOME": str(home or cwd / ".canasta-home"), "CANASTA_LEARNER": None}
    proc = run_in_process(*args, cwd=cwd, env=env, input=stdin)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc


def _guide(out: str) -> list[str]:
    return [line.removeprefix("Guide: ") for line in out.splitlines() if line.startswith("Guide: ")]


# -- the guided hand ------------------------------------------------------------------------------

def test_a_guided_hand_explains_each_choice_once_with_the_real_cards(tmp_path):
    proc = canasta("play", "--seed", "3", "--guided", "--hands", "1", "--coach", "quiet", cwd=tmp_path,
                   stdin="save start.yaml\ndraw\nsave drawn.yaml\n" + "1\n" * 400)
    assert proc.returncode == 0, proc.stderr
    told = _guide(proc.stdout)
    for opening in ("in this hand each choice", "your turn starts with a draw", "you can put down your side's first",
                    "a discard ends your turn", "you can lay off"):
        assert sum(t.startswith(opening) for t in told) == 1, (opening, told)
    # asking is explained when going out comes near (in this hand the side makes no canasta): at most once
    assert sum(t.startswith("you may ask your partner Cas") for t in told) <= 1
    assert "you may ask your partner" not in proc.stdout.split("> draw")[0]  # not at the hand's first draw
    assert "Classic Canasta" in told[0] and "(classic)" in told[0]  # says which ruleset
    start = yaml.safe_load((tmp_path / "start.yaml").read_text())
    draw = next(t for t in told if t.startswith("your turn starts"))
    assert f"({start['stock']} left)" in draw and f"the {start['discard'].split()[-1]} on top" in draw
    # each first meld named is in Ann's hand after the draw, and counts what its cards are worth
    hand = parse_cards(yaml.safe_load((tmp_path / "drawn.yaml").read_text())["players"][0]["hand"])
    first = next(t for t in told if t.startswith("you can put down your side's first"))
    melds = re.findall(r"meld ((?:\S+ )*?\S+): (\d+)", first)
    assert melds
    for cards, points in melds:
        named = parse_cards(cards)
        assert all(named.count(c) <= hand.count(c) for c in named)
        assert sum(c.value for c in named) == int(points)
        assert canasta("check", "drawn.yaml", f"meld {cards}", cwd=tmp_path).returncode == 0
    # the explanations come before the prompt of the moment they belong to
    assert proc.stdout.index("your turn starts with a draw") < proc.stdout.index("> draw")
    assert proc.stdout.index("> draw") < proc.stdout.index("you can put down your side's first")


def test_the_guide_names_the_take_the_way_out_and_the_risky_discard(tmp_path):
    (tmp_path / "take.yaml").write_text(TAKE)
    (tmp_path / "out.yaml").write_text(OUT)
    take = canasta("play", "--resume", "take.yaml", "--guided", cwd=tmp_path, stdin="quit\n")
    draw = next(t for t in _guide(take.stdout) if t.startswith("your turn starts"))
    assert "take the pile with 9S 9D from your hand: the 9H on top goes into a meld with them, and the 6 cards" in draw
    assert canasta("check", "take.yaml", "take 9S 9D", cwd=tmp_path).returncode == 0

    out = canasta("play", "--resume", "out.yaml", "--guided", "--coach", "quiet", cwd=tmp_path, stdin="ask\nquit\n")
    told = _guide(out.stdout)
    risky = next(t for t in told if t.startswith("a discard ends your turn"))
    assert "Bob plays next" in risky and "after 8H, Bob could take the pile (8 cards)" in risky
    assert not any(t.startswith("you can go out") for t in _guide(out.stdout.split("> ask")[0]))
    # the side has its canasta: asking is explained before the first prompt
    assert any(t.startswith("you may ask your partner Cas") for t in _guide(out.stdout.split("> ask")[0]))
    way_out = next(t for t in told if t.startswith("you can go out now"))  # after Cas's yes
    assert "'add 5H 5D to 5; discard 8H'" in way_out and "100 points" in way_out
    assert out.stdout.index("Cas answers Ann: yes") < out.stdout.index("you can go out now")


def test_the_guide_stops_after_its_hand_and_speaks_other_rulesets_and_languages(tmp_path):
    proc = canasta("play", "--seed", "3", "--guided", "--hands", "2", "--coach", "quiet", "--ruleset", "danish",
                   cwd=tmp_path, stdin="1\ny\n" * 600)
    told = _guide(proc.stdout)
    assert "(danish)" in told[0] and told[-1].startswith("the guided hand is over")
    assert proc.stdout.index("Hand 1 is over") < proc.stdout.index("the guided hand is over")
    assert len(told) == len(set(told))
    danish = canasta("play", "--seed", "3", "--guided", "--lang", "da", cwd=tmp_path, stdin="quit\n")
    assert "Guide:" not in danish.stdout and "Vejleder:" in danish.stdout


def test_no_meld_in_the_first_round_is_put_down_to_the_rule_that_forbids_it(tmp_path):
    # Danish: nobody melds in their first turn. Ann's first hand of seed 7 holds QS QC JK (70 points, over
    # the 50 her side needs), so the first meld's minimum is not why she cannot meld.
    proc = canasta("play", "--seed", "7", "--guided", "--ruleset", "danish", "--coach", "quiet", cwd=tmp_path,
                   stdin="save start.yaml\ndraw\nmeld QS QC JK\nquit\n")
    hand = parse_cards(yaml.safe_load((tmp_path / "start.yaml").read_text())["players"][0]["hand"])
    assert {"QS", "QC", "JK"} <= {str(c) for c in hand}
    none = next(t for t in _guide(proc.stdout) if t.startswith("no meld is possible"))
    assert "nobody may meld during their first turn" in none and "must count at least" not in none
    assert "Refused: meld QS QC JK: in this ruleset nobody may meld during their first turn" in proc.stdout
    # nor may Bob take the pile on his first turn: the discard is explained without a promise he could
    discard = next(t for t in _guide(proc.stdout) if t.startswith("a discard ends your turn"))
    assert "Bob cannot now: in this ruleset nobody may take the pile during their first turn" in discard
    assert "may take the pile with it" not in discard and "could take the pile" not in discard
    danish = canasta("play", "--seed", "7", "--guided", "--ruleset", "danish", "--coach", "quiet", "--lang", "da",
                     cwd=tmp_path, stdin="draw\nquit\n")
    assert "Vejleder: du kan ikke lægge noget ned i denne tur: med disse regler må ingen lægge ned i sin første tur" \
        in danish.stdout


def test_guided_with_resume_guides_the_hand_in_play(tmp_path):
    canasta("play", "--seed", "3", cwd=tmp_path, stdin="draw\nsave game.yaml\nquit\n")
    proc = canasta("play", "--resume", "game.yaml", "--guided", cwd=tmp_path, stdin="quit\n")
    told = _guide(proc.stdout)
    assert any(t.startswith("a discard ends your turn") for t in told)  # the phase the game is in
    assert not any(t.startswith("your turn starts with a draw") for t in told)


# -- the history ----------------------------------------------------------------------------------

def _totals(line: str) -> dict[str, int]:
    return {name: int(points) for name, points in re.findall(r"(\w+) (-?\d+)", line.split("(", 1)[1])}


def test_history_counts_a_finished_and_a_quit_game_once_each(tmp_path):
    home = tmp_path / "home"
    done = canasta("play", "--seed", "3", "--hands", "1", "--coach", "quiet", cwd=tmp_path, home=home,
                   stdin="1\ny\n" * 400)
    over = next(ln for ln in done.stdout.splitlines() if ln.startswith("Game over after 1 hand"))
    totals = _totals(over)
    quit_ = canasta("play", "--seed", "5", "--coach", "quiet", cwd=tmp_path, home=home, stdin="1\ny\n" * 25 + "y\nquit\n")
    saved = Path(re.search(r"The game is saved in (\S+)\. Go on", quit_.stdout).group(1))
    kept = yaml.safe_load(saved.read_text())["x-game"]["history"]
    assert kept, "the quit game finished a hand"
    points = totals["NS"] + sum(h["points"]["NS"] for h in kept)
    won = (totals["NS"] > totals["EW"]) + sum(h["points"]["NS"] > h["points"]["EW"] for h in kept)

    data = json.loads(canasta("play", "--history", "--json", cwd=tmp_path, home=home).stdout)
    assert data["history"] == str(home / "history.db")
    me = data["players"][0]
    assert (me["player"], me["games"], me["finished"], me["hands"]) == ("me", 2, 1, 1 + len(kept))
    assert (me["won"], me["points"]) == (won, points)
    assert me["average"] == round(points / (1 + len(kept)), 1) and me["rulesets"] == ["classic"]

    # resumed and stopped again, the game is the same game: counted once
    canasta("play", "--resume", str(saved), cwd=tmp_path, home=home, stdin="quit\n")
    again = json.loads(canasta("play", "--history", "--json", cwd=tmp_path, home=home).stdout)["players"][0]
    assert (again["games"], again["hands"], again["points"]) == (2, 1 + len(kept), points)

    text = canasta("play", "--history", cwd=tmp_path, home=home).stdout
    row = next(ln for ln in text.splitlines() if ln.startswith("me "))
    assert row.split()[:6] == ["me", "2", "1", str(1 + len(kept)), str(won), f"{points / (1 + len(kept)):.1f}"]
    assert all(len(ln) <= 80 for ln in text.splitlines()[1:])
    for lang, head, me_word in (("da", "spil", "mig"), ("nl", "spellen", "ik"), ("pt-BR", "jogos", "eu")):
        shown = canasta("play", "--history", "--lang", lang, cwd=tmp_path, home=home).stdout
        lines = shown.splitlines()
        assert head in lines[1].split() and lines[3].split()[0] == me_word, shown
        assert all(len(ln) <= 80 for ln in lines[1:])
        average = f"{points / (1 + len(kept)):.1f}"
        assert average.replace(".", ",") in lines[3] or average in lines[3]


def test_history_is_per_learner_and_starts_empty(tmp_path):
    home = tmp_path / "home"
    empty = canasta("play", "--history", cwd=tmp_path, home=home)
    assert empty.returncode == 0 and "No game has been kept yet" in empty.stdout
    assert not (home / "history.db").exists()  # reading creates nothing
    canasta("play", "--seed", "3", "--hands", "1", "--learner", "Kim", "--coach", "quiet", cwd=tmp_path, home=home,
            stdin="1\ny\n" * 400)
    data = json.loads(canasta("play", "--history", "--json", cwd=tmp_path, home=home).stdout)
    assert [p["player"] for p in data["players"]] == ["Kim"]
    only = json.loads(canasta("play", "--history", "--json", "--learner", "Lou", cwd=tmp_path, home=home).stdout)
    assert only["players"] == []


def test_history_refuses_game_options_and_json_needs_history(tmp_path):
    for extra in (("--seed", "3"), ("--guided",), ("--resume", "x.yaml"), ("--coach", "quiet")):
        proc = canasta("play", "--history", *extra, cwd=tmp_path)
        assert proc.returncode == 2 and extra[0] in proc.stderr, proc.stderr
    assert canasta("play", "--json", cwd=tmp_path, stdin="quit\n").returncode == 2


def test_a_damaged_or_foreign_history_is_said_never_a_traceback(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "history.db").write_bytes(b"this is no database at all, but a file of text " * 100)
    proc = canasta("play", "--history", cwd=tmp_path, home=home)
    assert proc.returncode == 3 and "game history cannot be read" in proc.stderr and "history.db" in proc.stderr
    # a game that ends meanwhile says its result was not kept, and stops as it would
    game = canasta("play", "--seed", "3", "--hands", "1", "--coach", "quiet", cwd=tmp_path, home=home,
                   stdin="1\ny\n" * 400)
    assert game.returncode == 0 and "The game's result was not kept in the history" in game.stdout
    (home / "history.db").unlink()
    conn = sqlite3.connect(home / "history.db")
    conn.execute("CREATE TABLE scores (x)")
    conn.commit()
    conn.close()
    proc = canasta("play", "--history", "--json", cwd=tmp_path, home=home)
    assert proc.returncode == 3 and "not one canasta-tutor can use" in proc.stdout + proc.stderr


def _game(n: int) -> SimpleNamespace:
    side = SimpleNamespace(name="NS")
    score = SimpleNamespace(sides=[SimpleNamespace(name="NS", hand_total=100), SimpleNamespace(name="EW", hand_total=50)])
    return SimpleNamespace(id=f"g{n}", ruleset_ref="classic", over=True, history=[SimpleNamespace(score=score)],
                           table=SimpleNamespace(side_of=lambda name: side))


def test_games_that_end_at_once_are_all_kept(tmp_path):
    path = tmp_path / "history.db"
    record(_game(0), "Ann", "me", path, now=0.0)  # made first: the others race to write into it

    def play(start: int) -> None:
        for n in range(start, start + 10):
            record(_game(n), "Ann", "me", path, now=float(n))

    threads = [threading.Thread(target=play, args=(1 + 10 * i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    me = history_data(path)["players"][0]
    assert (me["games"], me["hands"], me["won"], me["points"]) == (41, 41, 41, 4100)


@pytest.mark.parametrize("bad", ["'many'", "-1"])
def test_a_row_edited_by_hand_is_said(tmp_path, bad):
    path = tmp_path / "history.db"
    record(_game(1), "Ann", "me", path, now=0.0)
    conn = sqlite3.connect(path)
    conn.execute(f"UPDATE games SET won = {bad}")
    conn.commit()
    conn.close()
    with pytest.raises(Exception) as caught:
        history_data(path)
    assert "not a game's result" in str(caught.value.args[0])


CONCEALED = """\
ruleset: classic
players:
  - {name: Ann, hand: 7H 7D 7C 7S 7H 2S JK 5C 5D 5S}
  - {name: Bob, hand: 10D KH 10S 5C 6C}
  - {name: Cas, hand: 9C 9D QS QD 8S}
  - {name: Dee, hand: 10C 8C 5D JD 4S}
sides:
  - {name: NS, players: [Ann, Cas], melds: [KS KH KD]}
  - {name: EW, players: [Bob, Dee], melds: [JS JH JC 2D]}
discard: 6D 5H 8H
stock: 73
turn: {player: Ann, phase: play}
"""


def test_the_guide_names_the_bonus_the_way_out_earns(tmp_path):
    # Ann has melded nothing: her whole hand down at once goes out concealed, for the concealed bonus.
    (tmp_path / "c.yaml").write_text(CONCEALED)
    proc = canasta("play", "--resume", "c.yaml", "--guided", "--hands", "1", "--coach", "quiet", cwd=tmp_path,
                   stdin="ask\nquit\n")
    out = next(t for t in _guide(proc.stdout) if t.startswith("you can go out now"))
    assert "200 points for going out concealed" in out
    # Dutch house rules give no bonus for going out: none is promised
    (tmp_path / "d.yaml").write_text(CONCEALED.replace("ruleset: classic", "ruleset: dutch-house"))
    proc = canasta("play", "--resume", "d.yaml", "--guided", "--hands", "1", "--coach", "quiet", cwd=tmp_path,
                   stdin="ask\nquit\n")
    outs = [t for t in _guide(proc.stdout) if t.startswith("you can go out now")]
    assert all("points for going out" not in t for t in outs), outs


def test_a_pile_of_one_card_is_told_without_cards_under_it(tmp_path):
    (tmp_path / "one.yaml").write_text(TAKE.replace("discard: 6D JC JD QS 10S 8D 9H", "discard: 9H")
                                       .replace("stock: 70", "stock: 76"))
    proc = canasta("play", "--resume", "one.yaml", "--guided", cwd=tmp_path, stdin="quit\n")
    draw = next(t for t in _guide(proc.stdout) if t.startswith("your turn starts"))
    assert "take the pile with 9S 9D from your hand: its only card, the 9H, goes into a meld with them" in draw
    assert "under it" not in draw
