"""Each ruleset as its own page writes it: the rulings that differ between the Dutch classic page and
the official laws, the seed rulesets' own rows, and the place every part of a ruling cites."""
from __future__ import annotations

from pathlib import Path

import pytest

from canasta_tutor.engine.judge import judge, judge_scored
from canasta_tutor.engine.ruleset import BUILTIN, PARAMS, load_ruleset
from canasta_tutor.files.snapshot import load_scenario, parse_house_option, table_from_text
from canasta_tutor.play.finishing import ruled
from canasta_tutor.reading.strict_yaml import UsageError
from canasta_tutor.render.report import verdict_dict as ruling_dict

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").rglob("*.yaml"))

# North-South hold a finished canasta of kings and three eights; Ann has drawn.
TABLE = """
ruleset: {ruleset}
players:
  - {{name: Ann, hand: {hand}}}
  - {{name: Bob, hand: 11}}
  - {{name: Cas, hand: 11}}
  - {{name: Dee, hand: 11}}
sides:
  - {{name: NS, players: [Ann, Cas], score: {score}, melds: [KH KS KC KD KH KS 2C, 8S 8C 8C]}}
  - {{name: EW, players: [Bob, Dee], score: 0}}
discard: {discard}
stock: {stock}
turn: {{player: Ann, phase: {phase}}}
"""


def verdict_dict(v, lang=None):
    """The judge's verdict as the command line shows it, through the ruling every reader reads."""
    return ruling_dict(ruled(v), lang)


def table(ruleset="classic", hand="KD 9S 9D 9H 5C", score=0, discard="5D 4H", stock=40, phase="play"):
    return table_from_text(TABLE.format(ruleset=ruleset, hand=hand, score=score, discard=discard, stock=stock,
                                        phase=phase))


def rules(t, move):
    return judge(t, move).rule_ids


def test_classic_closes_a_finished_canasta_and_official_does_not():
    assert rules(table(), "add KD to K") == ["meld.canasta-closed"]
    assert rules(table(hand="KD 2S 5C"), "meld KD 2S") == ["meld.canasta-closed"]  # it would join the canasta
    assert rules(table("official"), "add KD to K") == []
    # A bare take onto the rank of a closed canasta takes nothing onto it.
    assert "meld.canasta-closed" in rules(table(discard="5D KC", phase="draw"), "take")
    # A meld of six that becomes eight in one step forms its canasta with that step: legal.
    six = table(hand="8H 8D 8H 5C").clone()
    six.sides[0].melds[1].cards.extend(six.sides[0].melds[1].cards[:3])  # eights: six cards
    assert rules(six, "add 8H 8D to 8") == []


def test_classic_going_out_needs_the_partners_consent_and_a_last_discard():
    t = table(hand="9S 9D 9H 5C")
    assert rules(t, "meld 9S 9D 9H; discard 5C") == ["out.permission"]
    assert rules(t, "ask; meld 9S 9D 9H; discard 5C") == []
    assert rules(table("official", hand="9S 9D 9H 5C"), "meld 9S 9D 9H; discard 5C") == []
    # Melding the last card is going out without a discard: the page asks for one unless concealed.
    four = table(hand="9S 9D 9H 9C")
    assert rules(four, "ask; meld 9S 9D 9H 9C") == ["out.must-discard"]
    assert rules(table("official", hand="9S 9D 9H 9C"), "meld 9S 9D 9H 9C") == []


def test_classic_concealed_going_out_needs_no_last_discard():
    t = table_from_text(TABLE.format(ruleset="classic", hand="9S 9D 9H 9C 9S 9D 2C", score=0, discard="5D",
                                     stock=40, phase="draw").replace(
        "melds: [KH KS KC KD KH KS 2C, 8S 8C 8C]", "melds: []"))
    v = judge(t, "draw 2D; ask; meld 9S 9D 9H 9C 9S 9D 2C 2D")
    assert v.legal and v.concealed and v.went_out


def test_a_red_three_as_the_last_stock_card_under_classic_and_official():
    t = table(hand="8H 8D 5C 9S", stock=1, phase="draw")
    assert rules(t, "draw 3H; add 8H 8D to 8") == []
    assert rules(t, "draw 3H; add 8H 8D to 8; discard 5C") == ["hand.over"]
    assert rules(table("official", hand="8H 8D 5C 9S", stock=1, phase="draw"), "draw 3H; add 8H 8D to 8") == \
        ["hand.over"]
    # The turn goes on in a saved table, which keeps what the draw did.
    after = judge(t, "draw 3H").after
    assert after.turn.red_three_last and after.to_data()["turn"]["red_three_last"] is True
    assert rules(after, "add 8H 8D to 8") == [] and rules(after, "discard 5C") == ["hand.over"]
    # Melding every card ends the hand with no bonus for going out.
    out = table(hand="8H 8D", stock=1, phase="draw")
    v = judge_scored(out, "draw 3H; ask; add 8H 8D to 8")
    assert v.legal and v.went_out
    assert "score.going-out" not in {ln.rule for s in v.score.sides for ln in s.lines}


def test_the_brazilian_pile_never_freezes_unless_the_house_says_so():
    t = table("brazilian", hand="9S 2C 5C", discard="5D 2H 9H", phase="draw")
    assert rules(t, "take 9S 2C") == []
    assert rules(table("official", hand="9S 2C 5C", discard="5D 2H 9H", phase="draw"), "take 9S 2C") == \
        ["pile.needs-natural-pair"]
    frozen = table_from_text(TABLE.format(ruleset="brazilian", hand="9S 2C 5C", score=0, discard="3S 5D 9H",
                                          stock=40, phase="draw")
                             .replace("ruleset: brazilian", "ruleset: brazilian\nhouse_rules: {pile_frozen_by: [wild, black-three]}"))
    v = judge(frozen, "take 9S 2C")
    assert v.rule_ids == ["pile.needs-natural-pair"] and v.violations[0].params["why"] == "pile-black-three"


def test_brazilian_black_threes_never_meld():
    t = table("brazilian", hand="3S 3C 3S")
    assert rules(t, "meld 3S 3C 3S") == ["meld.black-threes", "meld.too-few-naturals"]
    assert rules(table("official", hand="3S 3C 3S"), "meld 3S 3C 3S") == []  # going out with them


@pytest.mark.parametrize("ruleset,score,need", [
    ("danish", -150, 50), ("dutch-house", -200, 50), ("dutch-house", 5000, 120), ("dutch-house", 5005, None),
    ("official", -150, 15), ("classic", -150, 15), ("brazilian", -150, 15)])
def test_opening_bands_by_page(ruleset, score, need):
    assert load_ruleset(ruleset).threshold(score).need == need


@pytest.mark.parametrize("ruleset", ["brazilian", "danish"])
def test_red_threes_always_count_plus(ruleset):
    assert load_ruleset(ruleset).red_three_penalty_if == "never"
    assert load_ruleset("classic").red_three_penalty_if == "no-meld"


def test_official_keeps_every_value_classic_had():
    """`official` is the official laws: every parameter as the earlier classic (pagat's) had it."""
    official, classic = load_ruleset("official"), load_ruleset("classic")
    differ = {p for p in PARAMS if official.values[p] != classic.values[p]}
    assert differ == {"canasta_closed", "partner_permission", "final_discard", "red_three_last"}
    assert official.canasta_closed is False and official.partner_permission == "optional"
    assert official.final_discard == "optional" and official.red_three_last == "hand-ends"


@pytest.mark.parametrize("text,value", [("pile_frozen_by=[wild, black-three]", ("wild", "black-three")),
                                        ("pile_frozen_by=black-three,wild", ("wild", "black-three")),
                                        ("pile_frozen_by=[]", ())])
def test_pile_frozen_by_is_read_as_a_set(text, value):
    assert parse_house_option(text)[1][0] == value


def test_a_bad_pile_frozen_by_is_a_usage_error_naming_the_choices():
    with pytest.raises(UsageError) as err:
        parse_house_option("pile_frozen_by=[wild, jokers]")
    assert "jokers" in str(err.value) and "black-three" in str(err.value)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_part_of_a_ruling_cites_its_place(path):
    """Every violation, note and ruling cites a source; a seed ruleset's own page names its section."""
    sc = load_scenario(path)
    for check in sc.checks:
        d = verdict_dict(judge(sc.table, check.move))
        for part in [d, *d["violations"], *d["notes"]]:
            cite = part["cite"]
            assert cite["id"] and cite["title"], (path.name, check.move, part)
            if cite["id"] in ("S0", "S1", "S2", "S3"):
                assert cite["where"], (path.name, check.move, part)


def test_every_builtin_ruleset_is_known():
    assert {"classic", "official", "official-2p", "official-3p", "official-6p"} <= set(BUILTIN)
    for rid in BUILTIN:
        assert load_ruleset(rid).id == rid


def test_a_legal_ruling_cites_what_it_rests_on_going_out_first():
    t = table("official", hand="9H 9D 5C", discard="9C", phase="draw")
    d = verdict_dict(judge(t, "take 9H 9D; discard 5C"))
    assert d["legal"] and d["went_out"]
    assert d["cite"]["where"] == verdict_dict(judge(t, "take 9H 9D; discard 5C"))["notes"][-1]["cite"]["where"]
    assert "going out" in d["cite"]["where"]
    taken = verdict_dict(judge(table("official", hand="9H 9D 5C 4S", discard="4H 9C", phase="draw"), "take 9H 9D"))
    assert "taking the discard pile" in taken["cite"]["where"]


def test_a_frozen_pile_cites_what_froze_it():
    base = TABLE.format(ruleset="brazilian", hand="9H 9D JK 5C", score=0, discard="3C 5D 9S", stock=40,
                        phase="draw").replace("melds: [KH KS KC KD KH KS 2C, 8S 8C 8C]", "melds: []")
    house = table_from_text(base.replace("ruleset: brazilian", "ruleset: brazilian\nhouse_rules: {pile_frozen_by: [wild, black-three]}"))
    v = verdict_dict(judge(house, "take 9H JK"))
    assert v["violations"][0]["rule"] == "pile.needs-natural-pair" and v["violations"][0]["source"] == "house rule"
    danish = table("danish", hand="9H JK 5C", discard="4H 9S", phase="draw")
    v = verdict_dict(judge(danish, "take 9H JK"))
    assert v["violations"][0]["source"] == "S2"  # the Danish page always asks for the pair


def test_the_merge_note_cites_its_place():
    d = verdict_dict(judge(table("brazilian", hand="8D 8H 2S 5C"), "meld 8D 8H 2S"))
    merge = [n for n in d["notes"] if n["note"] == "merge"]
    assert merge and merge[0]["cite"]["id"] == "S1" and merge[0]["cite"]["where"]
