"""Rulesets as data: strict loading, inheritance, variants by player count, house rules."""
import pytest

from canasta_tutor.api import check, compare
from canasta_tutor.engine.ruleset import BUILTIN, PARAMS, load_ruleset
from canasta_tutor.files.snapshot import load_table, table_from_text
from canasta_tutor.reading.strict_yaml import InputError

FOUR = """
ruleset: {ruleset}
players:
  - {{name: Ann, hand: 9S 9D 2C 5H 6H}}
  - {{name: Bob, hand: 5}}
  - {{name: Cas, hand: 5}}
  - {{name: Dee, hand: 5}}
sides:
  - {{name: NS, players: [Ann, Cas], melds: ["KH KS KD"]}}
  - {{name: EW, players: [Bob, Dee]}}
discard: 4C 9H
stock: 30
turn: {{player: Ann}}
"""


@pytest.mark.parametrize("rid", BUILTIN)
def test_builtin_rulesets_set_every_parameter(rid):
    rs = load_ruleset(rid)
    assert set(rs.values) == set(PARAMS)
    for name in PARAMS:
        src, _ = rs.source_of(name)
        assert src in ("pagat", "S0", "S1", "S2", "S3")


def test_classic_variant_follows_the_number_of_players():
    two = table_from_text("players: [{name: A, hand: 15}, {name: B, hand: 15}]\nturn: {player: A}")
    assert two.ruleset.id == "classic-2p" and two.ruleset.draw_count == 2
    six = table_from_text("players: [" + ", ".join(f"{{name: P{i}, hand: 11}}" for i in range(6))
                          + "]\nturn: {player: P0}")
    assert six.ruleset.id == "classic-6p" and [s.players for s in six.sides] == [["P0", "P3"], ["P1", "P4"],
                                                                                ["P2", "P5"]]
    with pytest.raises(InputError, match="danish is played by 4"):
        table_from_text("ruleset: danish\nplayers: [{name: A, hand: 1}, {name: B, hand: 1}]\nturn: {player: A}")


def test_a_users_ruleset_file_extends_a_builtin(tmp_path):
    (tmp_path / "family.yaml").write_text("id: family\nextends: danish\nset:\n  target_score: 10000\n")
    (tmp_path / "t.yaml").write_text(FOUR.format(ruleset="family.yaml"))
    t = load_table(tmp_path / "t.yaml")
    assert t.ruleset.id == "family" and t.ruleset.target_score == 10000 and t.ruleset.draw_count == 2
    # The Danish page states the draw; only what the official laws alone state is called inherited.
    assert t.ruleset.source_of("draw_count") == ("S2", None)
    assert t.ruleset.source_of("partner_permission") == ("pagat", "inherited from official")
    v = check(t, "take 9S 2C")
    assert "pile.needs-natural-pair" in v.rule_ids  # danish's pair rule, inherited


@pytest.mark.parametrize("body, key", [
    ("id: x\nset:\n  wild_ratio: most\n", "set.wild_ratio"),
    ("id: x\nset:\n  no_such_thing: 1\n", "set.no_such_thing"),
    ("id: x\ncolour: red\n", "colour"),
])
def test_a_bad_ruleset_file_names_file_line_and_key(tmp_path, body, key):
    (tmp_path / "r.yaml").write_text(body)
    (tmp_path / "t.yaml").write_text(FOUR.format(ruleset="r.yaml"))
    with pytest.raises(InputError) as err:
        load_table(tmp_path / "t.yaml")
    assert err.value.key == key and err.value.line > 0 and err.value.file.endswith("r.yaml")


def test_house_rules_in_the_table_override_the_ruleset():
    t = table_from_text(FOUR.format(ruleset="classic") + "house_rules: {pile_needs_natural_pair: true}\n")
    assert "pile.needs-natural-pair" in check(t, "take 9S 2C").rule_ids
    assert check(table_from_text(FOUR.format(ruleset="classic")), "take 9S 2C").legal
    with pytest.raises(InputError, match="unknown key 'players'"):
        table_from_text(FOUR.format(ruleset="classic") + "house_rules: {players: 3}\n")


def test_compare_rules_the_same_move_under_every_builtin(tmp_path):
    (tmp_path / "t.yaml").write_text(FOUR.format(ruleset="classic"))
    all_rulings = compare(str(tmp_path / "t.yaml"), "take 9S 2C")
    assert [r.ruleset for r in all_rulings] == list(BUILTIN)
    rulings = {r.ruleset: r.verdict.legal for r in all_rulings if r.verdict}
    assert rulings == {"classic": True, "official": True, "brazilian": True, "danish": False, "dutch-house": False}
    assert all("played by" in r.problem for r in all_rulings if not r.verdict)


def test_the_built_in_rulesets_are_the_files_of_rulesets():
    from canasta_tutor.engine.ruleset import BUILTIN, RULESET_DIR

    assert sorted(BUILTIN) == sorted(p.stem for p in RULESET_DIR.glob("*.yaml"))


def test_built_in_rulesets_list_each_family_with_its_variants_then_the_rest():
    from canasta_tutor.engine.ruleset import builtin_ids

    names = ["zeta", "alpha-2p", "alpha", "beta-10p", "beta", "beta-3p", "solo-2p"]
    assert builtin_ids(names) == ("alpha", "alpha-2p", "beta", "beta-3p", "beta-10p", "solo-2p", "zeta")
