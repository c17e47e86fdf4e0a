"""Rulings a learner understands and an opponent accepts: the deciding reason first, notes that agree
with the verdict, whether the turn can still end, sources that say where, and sentences that read."""
import json
import random
import re
from pathlib import Path

from clirun import Ran, run_in_process

from canasta_tutor import api, texts
from canasta_tutor.engine.decisive import ACHIEVEMENTS, DECISIVE, decisive_order
from canasta_tutor.engine.judge import Finding, judge
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.rules import RULES
from canasta_tutor.files.snapshot import load_scenario, load_table, table_from_text
from canasta_tutor.play.finishing import can_finish, finished, ruled
from canasta_tutor.play.hint import hint
from canasta_tutor.play.moves import legal_moves
from canasta_tutor.render.plain import Style, verdict_text
from canasta_tutor.render.report import hint_dict, moves_dict
from canasta_tutor.render.report import verdict_dict as ruling_dict

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
EXAMPLE = ROOT / "canasta_tutor" / "examples" / "table.yaml"
DEAD_END = ROOT / "scenarios" / "disputes" / "d22-danish-dead-end.yaml"

# "(s)" anywhere, or a count of one with a plural noun ("1 cards", "1 canastas"...).
SLIP = re.compile(r"\(s\)|(?<![\d.])1 (cards|canastas|melds|points|moves|ways|problems|files|hands|answers|"
                  r"questions|natural cards|wild cards|red threes|days|hours)\b")


def example():
    return load_table(str(EXAMPLE))


def verdict_dict(v, lang=None):
    """The judge's verdict as the command line shows it, through the ruling every reader reads."""
    return ruling_dict(ruled(v), lang)


def ids(table, move):
    return judge(table, move).rule_ids


# -- 1. the decisive reason first ----------------------------------------------------------------------

def test_every_rule_has_a_place_in_the_order():
    assert set(DECISIVE) == set(RULES)
    assert len(DECISIVE) == len(set(DECISIVE))


def test_a_red_three_comes_before_anything_about_naturals():
    got = ids(example(), "draw; meld 3H 3D 3H")
    assert got[0] == "three.red-three"
    assert "meld.too-few-naturals" not in got


def test_a_red_three_drawn_and_laid_out_is_no_card_to_discard():
    got = ids(example(), "draw 3D KS; discard 3D")
    assert got == ["three.red-three"]  # not also "not in hand": it was laid out by rule


def test_mixed_ranks_are_not_followed_by_a_count_of_naturals():
    # one card more in the hand, one fewer in the stock: the table stays whole
    table = table_from_text(EXAMPLE.read_text().replace("hand: 7H 7D 2C KS KH", "hand: 7H 7D 2C KH QH JH")
                            .replace("stock: 50", "stock: 49"))
    table.turn.phase = "play"
    got = ids(table, "meld KH QH JH")
    assert got[0] == "meld.mixed-ranks" and "meld.too-few-naturals" not in got


def test_a_take_the_pile_refuses_lists_no_meld_shape():
    # pile.no-match.yaml: the top card is no 7, so "take 7H 7D" is no meld of the top card at all
    scenario = load_scenario(ROOT / "scenarios" / "rules" / "pile.no-match.yaml")
    got = ids(scenario.table, "take 7H 7D; discard 5C")
    assert got == ["pile.no-match"]


def test_no_id_is_listed_twice_and_the_other_steps_are_kept():
    scenario = load_scenario(ROOT / "scenarios" / "disputes" / "param-first-round.yaml", "danish")
    v = judge(scenario.table, "draw; meld KH KD KC; meld AS AD 2C; discard 5C")
    assert v.rule_ids == ["turn.first-round"]
    d = verdict_dict(v)
    assert d["violations"][0]["also_steps"] == [3]
    assert "broken again at step 3" in verdict_text(d, Style(False))


def test_ordering_keeps_what_stands_on_its_own():
    f = [Finding("meld.too-many-wilds", 1, {}), Finding("meld.too-few-naturals", 1, {}),
         Finding("turn.draw-first", 2, {})]
    assert [x.rule for x in decisive_order(f)] == ["meld.too-few-naturals", "meld.too-many-wilds", "turn.draw-first"]
    # a consequence goes only when its cause is in the same step
    f = [Finding("meld.mixed-ranks", 1, {}), Finding("meld.too-few-naturals", 2, {})]
    assert [x.rule for x in decisive_order(f)] == ["meld.mixed-ranks", "meld.too-few-naturals"]


# -- 2. notes agree with the verdict ---------------------------------------------------------------

def test_an_illegal_move_notes_no_canasta_and_no_take():
    v = judge(example(), "draw; meld 8H 8D 2S 2H 4S 9D 9C")
    assert not v.legal and not [n for n in v.notes if n.rule == "canasta"]
    v = judge(example(), "take")
    assert not v.legal and not [n for n in v.notes if n.rule == "took-pile"]
    v = judge(example(), "take 9S 9D")
    assert v.legal and [n for n in v.notes if n.rule == "took-pile"]


def test_a_card_taken_for_an_unknown_one_is_noted():
    v = judge(example(), "draw; discard 8S")
    assert v.legal
    assert [n for n in v.notes if n.rule == "assumed-card"]
    assert not [n for n in judge(example(), "draw; discard 5C").notes if n.rule == "assumed-card"]


# -- 3. finished or not ----------------------------------------------------------------------------

def test_a_draw_is_legal_so_far():
    v = judge(example(), "draw")
    d = verdict_dict(v)
    assert d["legal"] and d["finished"] is False and d["can_finish"] is True
    assert "still needs a discard" in verdict_text(d, Style(False))
    d = verdict_dict(judge(example(), "draw; discard 5C"))
    assert d["finished"] is True and d["can_finish"] is True


def test_an_illegal_move_has_no_can_finish():
    d = verdict_dict(judge(example(), "take"))
    assert d["finished"] is False and d["can_finish"] is None


def test_unknown_cards_leave_it_open():
    table = table_from_text(EXAMPLE.read_text().replace("hand: 7H 7D 2C KS KH 5C 9D 9S 4H JK QD", "hand: 11"))
    assert can_finish(judge(table, "draw")) is None


def test_the_danish_dead_end():
    table = load_table(str(DEAD_END))
    v = judge(table, "add JK to K")
    assert v.legal and not finished(v)
    d = verdict_dict(v)
    assert d["can_finish"] is False
    assert {b["rule"] for b in d["dead_end"]} >= {"discard.wild"}
    assert "no legal way remains to finish the turn" in verdict_text(d, Style(False))
    # hint advises nothing, and says why
    h = hint_dict(hint(table))
    assert h["move"] is None and h["why"] == "dead-end" and "Wild cards may not be discarded" in h["reason"]
    md = moves_dict(legal_moves(table))
    assert any("finish the turn" in n for n in md["notes"])


def test_moves_leave_out_a_dead_end_when_another_step_exists():
    # Three fives more: discarding one finishes the turn, while melding all three leaves only the wild
    # cards behind, which is the dead end again.
    text = DEAD_END.read_text().replace("hand: JK JK 2C", "hand: JK JK 2C 5S 5D 5H")
    stock = int(re.search(r"(?m)^stock: (\d+)$", text).group(1))
    text = text.replace(f"stock: {stock}", f"stock: {stock - 3}")  # the table stays whole
    table = table_from_text(text)
    listed = {o.move for o in legal_moves(table).options}
    kept = {o.move for o in legal_moves(table, keep_dead_ends=True).options}
    assert "discard 5S" in listed or "discard 5H" in listed
    left_out = kept - listed
    assert "meld 5S 5H 5D" in left_out, left_out
    for move in left_out:
        assert can_finish(judge(table, move)) is False
    assert hint(table).option is not None


def test_check_json_on_the_dead_end(tmp_path):
    proc = run_in_process("check", "--json", str(DEAD_END), "add JK to K", cwd=tmp_path)
    assert proc.returncode == 0
    d = json.loads(proc.stdout)
    assert d["legal"] is True and d["finished"] is False and d["can_finish"] is False
    proc = run_in_process("hint", "--json", str(DEAD_END), cwd=tmp_path)
    assert proc.returncode == 0 and json.loads(proc.stdout)["move"] is None


# -- 4. sources ------------------------------------------------------------------------------------

def test_a_violation_cites_title_address_and_place():
    d = verdict_dict(judge(example(), "draw; meld 3H 3D 3H"))
    cite = d["violations"][0]["cite"]
    # The classic game is the Dutch classic page's: its question on red threes states the rule.
    assert cite["id"] == d["violations"][0]["source"] == "S0"
    assert cite["title"] and "rode drie" in cite["where"]
    # Under the official laws the same ruling cites pagat's page, with its address.
    d = verdict_dict(judge(load_table(str(EXAMPLE), ruleset="official"), "draw; meld 3H 3D 3H"))
    cite = d["violations"][0]["cite"]
    assert cite["id"] == d["violations"][0]["source"] == "pagat"
    assert cite["url"].startswith("https://") and cite["title"] and cite["where"]


DANISH_OPENING = """
ruleset: danish
players:
  - name: Ann
    hand: 7H 7D 7S 5C 5D 9S
  - {name: Bob, hand: 13}
  - {name: Cas, hand: 13}
  - {name: Dee, hand: 13}
sides:
  - {name: NS, players: [Ann, Cas], score: 3200}
  - {name: EW, players: [Bob, Dee], score: 900}
discard: 4C 8S 9H
stock: 40
turn: {player: Ann, phase: play}
"""


def test_the_danish_opening_minimum_cites_the_danish_page():
    v = judge(table_from_text(DANISH_OPENING), "meld 7H 7D 7S; discard 9S")
    assert v.rule_ids == ["initial.below-minimum"]
    f = verdict_dict(v)["violations"][0]
    assert f["source"] == "S2" and "inherited" not in f and "Næste omgang" in f["cite"]["where"]


# -- 5, 7: sentences, and the summary of --compare ----------------------------------------------------

def test_plural_aware_messages():
    assert texts.rule_message("meld.too-small", {"cards": "7H", "size": 1}) == \
        "7H is a single card; a new meld needs at least 3"
    assert "1 natural card of" in texts.rule_message("meld.too-few-naturals", {"cards": "7H", "naturals": 1,
                                                                                "needed": 2})
    assert "(1 card held" in texts.rule_message("turn.not-in-hand", {"cards": "7H", "held": 1, "why": "absent"})


def test_a_card_named_more_often_than_held_is_told_apart_from_one_not_held():
    table = api.table_from_cards("classic", [api.cards("9S 9D 9H 5C 6D 7C 8H KS"), 11, 11, 11],
                                 discard=api.cards("4C"), stock=60, phase="play")
    twice = judge(table, "meld 9S 9S 9D").violations[0]
    assert (twice.rule, twice.params["why"]) == ("turn.not-in-hand", "short")
    assert texts.rule_message(twice.rule, twice.params) == \
        "9S: the move names more copies than the hand holds (8 cards held at this step)"
    absent = judge(table, "meld 9C 9S 9D").violations[0]
    assert absent.params["why"] == "absent" and "9C: not in the player's hand" in texts.rule_message(absent.rule, absent.params)
    # both at once: neither sentence is said of the other's cards
    both = judge(table, "meld 9S 9S 9C 9D").violations[0]
    assert both.params["why"] == "mixed" and both.params["cards"] == "9S 9C"
    assert texts.rule_message(both.rule, both.params) == ("9C: not in the player's hand; 9S: the move names more "
                                                          "copies than the hand holds (8 cards held at this step)")
    # a hand of unknown cards runs out of cards, not of copies of one
    unknown = api.table_from_cards("classic", [2, 11, 11, 11], discard=api.cards("4C"), stock=60, phase="play")
    over = judge(unknown, "meld 9S 9D 9H").violations[0]
    assert (over.params["why"], over.params["cards"]) == ("absent", "9H")
    # a card written without its suit is held when a card of its rank is
    suitless = api.table_from_cards("classic", [api.cards("9 9 5C 6D"), 11, 11, 11], discard=api.cards("4C"),
                                    stock=60, phase="play")
    assert judge(suitless, "meld 9S 9 9").violations[0].params["why"] == "short"


def test_compare_counts_only_the_rulesets_that_apply():
    from canasta_tutor.render.compare import summary

    rows = [{"ruleset": "classic-3p", "applicable": True, "legal": True}] + \
        [{"ruleset": r, "applicable": False, "legal": None} for r in ("classic", "danish")]
    assert "Only classic-3p applies" in summary(rows)
    rows = [{"ruleset": r, "applicable": True, "legal": True} for r in ("classic", "danish")] + \
        [{"ruleset": "classic-3p", "applicable": False, "legal": None}]
    assert "The 2 rulesets that apply agree" in summary(rows)


# -- 6. explain ------------------------------------------------------------------------------------

def _explain(*args, cwd) -> Ran:
    return run_in_process("explain", *args, cwd=cwd)


def test_explain_score_ids_words_and_unknown_ids(tmp_path):
    proc = _explain("score.canasta-natural", "--json", cwd=tmp_path)
    assert proc.returncode == 0 and json.loads(proc.stdout)["kind"] == "score"
    proc = _explain("frozen", "--json", cwd=tmp_path)
    found = {r["id"] for r in json.loads(proc.stdout)["results"]}
    assert {"pile.needs-natural-pair", "pile.wild-on-top", "frozen pile"} <= found
    proc = _explain("pile.black-tree-on-top", cwd=tmp_path)
    assert proc.returncode == 2 and "pile.black-three-on-top" in proc.stderr


def test_explain_takes_several_words_as_one_search(tmp_path):
    """`canasta explain frozen pile`, as a lesson tells a learner to type it, without quotes."""
    apart = json.loads(_explain("frozen", "pile", "--json", cwd=tmp_path).stdout)
    quoted = json.loads(_explain("frozen pile", "--json", cwd=tmp_path).stdout)
    assert apart == quoted and apart["query"] == "frozen pile"
    assert "frozen pile" in {r["id"] for r in apart["results"]}


# -- every text output: no note against its verdict, no "(s)" ------------------------------------------

def _positions(limit: int):
    """Tables from every scenario, then positions met in self-played hands."""
    from canasta_tutor.play import selfplay

    for path in SCENARIOS:
        yield load_scenario(path).table
    seen = []
    original = selfplay.legal_moves

    def record(t, *args, **kwargs):
        seen.append(t.clone())
        return original(t, *args, **kwargs)

    selfplay.legal_moves = record
    try:
        for rid in ("classic", "danish", "dutch-house", "brazilian", "classic-2p", "classic-3p"):
            selfplay.play_hand(rid, 7, max_turns=40, roundtrip=False)
    finally:
        selfplay.legal_moves = original
    yield from seen[::max(1, len(seen) // limit)][:limit]


def _moves_for(table, rng):
    """A few moves on ``table``: the listed ones, and some that break rules."""
    ml = legal_moves(table, keep_dead_ends=True)
    for o in ml.options[:3]:
        yield o.steps
    hand = table.mover.hand or []
    draw = [Step("draw")] if table.turn.phase == "draw" else []
    for _ in range(3):
        if not hand:
            break
        cards = tuple(rng.sample(hand, min(len(hand), rng.randint(1, 4))))
        kind = rng.choice(["meld", "discard", "take"])
        yield ([] if kind == "take" else draw) + [Step(kind, cards if kind != "discard" else cards[:1])]


def test_every_rendering_agrees_with_its_verdict():
    rng = random.Random(12)
    rendered = 0
    for table in _positions(250):
        for steps in _moves_for(table, rng):
            v = judge(table, steps)
            d = verdict_dict(v)
            ids_ = [x["rule"] for x in d["violations"]]
            assert len(ids_) == len(set(ids_)), f"an id twice: {v.move}: {ids_}"
            if not v.legal:
                bad = [n.rule for n in v.notes if n.rule in ACHIEVEMENTS]
                assert not bad, f"{v.move}: illegal, yet notes {bad}"
                assert d["can_finish"] is None
            text = verdict_text(d, Style(False))
            assert not SLIP.search(text), f"{v.move}: {SLIP.search(text).group(0)!r} in\n{text}"
            rendered += 1
        h = hint_dict(hint(table))
        assert not SLIP.search(json.dumps(h)), h
    assert rendered > 400
