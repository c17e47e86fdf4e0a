"""The coach's evaluation (play/evaluate.rate), "which is best?" lesson questions graded by it, the four
strategy lessons, their topics in progress, and the strategy drill's fresh positions."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from clirun import Ran, run_in_process

from canasta_tutor.files.snapshot import load_table
from canasta_tutor.learning.lesson import (
    builtin_lessons,
    find_lesson,
    option_of,
    part_of_turn,
    problems,
    rating_words,
    read_lesson,
)
from canasta_tutor.learning.positions import walk
from canasta_tutor.play.coach import Coach, Memory
from canasta_tutor.play.evaluate import NEAR, rate
from canasta_tutor.play.moves import MoveList, legal_moves

STRATEGY_LESSONS = ["freeze-the-pile", "safe-discards", "take-the-pile", "go-out-or-wait"]
BEST = [(path, q) for path in builtin_lessons() for q in read_lesson(path).questions if q.kind == "best"]


def run(*args, stdin: str = "", home: Path, cwd: Path | None = None) -> Ran:
    env = {"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_NOW": None, "CANASTA_HOME": str(home), "COLUMNS": "100"}
    proc = run_in_process(*args, input=stdin, env=env, cwd=cwd)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc


TABLE = """\
ruleset: classic
players:
  - name: Ann
    hand: {hand}
  - {{name: Bob, hand: 10}}
  - {{name: Cas, hand: 8}}
  - {{name: Dee, hand: 9}}
sides:
  - name: NS
    players: [Ann, Cas]
    score: 1200
    melds: [QS QH QD QC, 7D 7H 7C]
  - name: EW
    players: [Bob, Dee]
    score: 900
    melds: {their_melds}
discard: {pile}
stock: {stock}
turn: {{player: Ann, phase: {phase}}}
"""


def table(tmp_path, hand="2C JK KH 8C 9S 9D 6C 4H 5S", pile="5D 6H TS 4C JS KC 9C TD 6D 4D",
          their_melds="[8S 8H 8D, AS AC AH 2S]", phase="play"):
    named = len(hand.split()) + len(pile.split()) + 7 + sum(len(m.split()) for m in their_melds.strip("[]").split(","))
    text = TABLE.format(hand=hand, pile=pile, their_melds=their_melds, phase=phase, stock=108 - 27 - named)
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    return load_table(path)


def rated(t, memory=None):
    ratings = rate(t, [o for o in legal_moves(t).options if o.kind != "ask"], memory)
    return {r.option.move: r for r in ratings}, ratings


# -- the evaluation --------------------------------------------------------------------------------

def test_a_big_pile_is_frozen_with_the_cheapest_wild_card_and_never_fed(tmp_path):
    by_move, ratings = rated(table(tmp_path))
    assert ratings[0].option.move == "discard 2C" and ratings[0].reason == "freeze"
    assert ratings[0].params == {"card": "2C", "size": 11}  # the pile as it is left: ten cards and the 2
    joker = by_move["discard JK"]
    assert joker.reason == "freeze-dear" and joker.params["cheaper"] == "2C"
    assert ratings[0].value - joker.value > NEAR  # a 2 clearly beats a joker
    feed = by_move["discard 8C"]  # East-West have melded eights: Bob lays it off and takes ten cards
    assert feed.reason == "discard-feeds" and feed.params["player"] == "Bob" and feed.value <= -110
    assert feed.params["size"] == 11  # what Bob would take: the ten cards and the 8C on top
    assert by_move["discard KH"].value > feed.value
    assert ratings == sorted(ratings, key=lambda r: -r.value)


def test_a_wild_card_is_kept_when_the_pile_is_small_or_already_frozen(tmp_path):
    small = rated(table(tmp_path, pile="5D 6H TS"))[0]
    assert small["discard 2C"].reason == "discard-wild" and small["discard KH"].value > small["discard 2C"].value
    frozen = rated(table(tmp_path, pile="5D 6H TS 4C 2H JS KC 9C TD 4D"))[0]
    assert frozen["discard 2C"].reason == "discard-wild"
    assert max(frozen.values(), key=lambda r: r.value).option.move != "discard 2C"


def test_a_thrown_rank_is_safe_only_while_the_next_player_needs_a_pair(tmp_path):
    memory = Memory()
    memory.discarded["Bob"] = {"K"}
    melded = rated(table(tmp_path), memory)[0]["discard KH"]
    assert melded.reason != "discard-thrown"  # Bob's side has melded: one king and a wild card do
    t = table(tmp_path, their_melds="[]")
    fresh = rated(t, memory)[0]["discard KH"]
    assert fresh.reason == "discard-thrown" and fresh.params["player"] == "Bob"
    assert fresh.value > melded.value


def test_a_frozen_pile_makes_a_rank_safe_when_no_pair_of_it_is_out_of_sight():
    q = read_lesson(find_lesson("safe-discards")).questions[2]
    best = q.best_rating()
    assert best.option.move == "discard 8H" and best.reason == "discard-seen" and best.params["unseen"] == 1


@pytest.mark.parametrize("lang", ["en", "nl", "da", "pt-BR"])
def test_a_rank_wholly_in_sight_is_not_counted_as_0_cards_out_of_sight(lang):
    """The coach's reason counts the cards of the rank out of sight: "only 1 card"; with none at all it
    says so in words, not "only 0 cards", and its id for programs stays the same."""
    import copy

    from canasta_tutor import texts
    from canasta_tutor.files.snapshot import table_from_text
    from canasta_tutor.play.dealing import snapshot_text

    q = read_lesson(find_lesson("safe-discards")).questions[2]
    shown = {}
    for pile_top, unseen in (("5H", 1), ("8S", 0)):  # the last eight out of sight goes on the pile
        p = copy.copy(q)
        p.__dict__.pop("_ratings", None)
        p.table = table_from_text(snapshot_text(q.table).replace("10D 5H", f"10D {pile_top}"), "<test>")
        best = p.best_rating()
        assert best.reason == "discard-seen" and best.params["unseen"] == unseen
        [(key, params)] = best.reasons
        shown[unseen] = texts.section("play", key, params, lang)
    none = texts.section("play", "coach.discard-seen-none", {"card": "8H"}, lang)
    assert shown[0] == none and " 0 " not in shown[0], shown[0]
    assert " 1 " in shown[1] and shown[1] != none


def test_a_pile_is_taken_from_five_cards_and_drawn_below(tmp_path):
    hand = "9S 9D KH 5C 6H 4S TD JC 2C"
    big = rated(table(tmp_path, hand=hand, pile="4D 6C TS 4C 5D TH 9H", phase="draw"))[1]
    assert big[0].option.move == "take 9S 9D" and big[0].reason == "take"
    small, ratings = rated(table(tmp_path, hand=hand, pile="4D 6C 9H", phase="draw"))
    assert ratings[0].option.move == "draw" and ratings[0].reason == "draw-pile-tiny"
    assert small["take 9S 9D"].reason == "take-small" and small["take 9S 9D"].params["least"] == 5


def test_going_out_is_rated_by_how_close_the_opponents_are():
    lesson = read_lesson(find_lesson("go-out-or-wait"))
    close, canasta, behind, ahead = lesson.questions
    assert close.best_rating().reason == "out-race" and close.best_rating().params == {"player": "Bob", "count": 2}
    assert canasta.ratings()[0].reason == "out-canasta" and canasta.best_rating().option.kind == "add"
    # behind, but East-West have the canastas to go out: waiting to catch up is no plan
    assert behind.best_rating().reason == "out-ready" and behind.best_rating().option.kind == "out"
    assert behind.best_rating().params["ours"] < behind.best_rating().params["theirs"]
    assert behind.best_rating().params["side"] == "EW"
    assert ahead.best_rating().reason == "out-ahead"


def test_waiting_behind_holds_only_while_the_opponents_lack_the_canastas_to_go_out():
    q = read_lesson(find_lesson("go-out-or-wait")).questions[2]
    t = q.table.clone()
    # as the evaluation sees it: East-West's two canastas do not let them out (a ruleset is changed by
    # making another, never in place: built-in ones are shared)
    t.ruleset = t.ruleset.with_house({"canastas_to_go_out": (3, "the test")})
    out = rate(t, [option_of(v) for v in q.verdicts()])  # (the moves as judged under the lesson's rules)
    out = next(r for r in out if r.option.kind == "out")
    assert out.reason == "out-behind" and out.value < 0  # nobody can end the hand on them: catch up


def test_a_whole_turn_is_rated_by_its_steps():
    q = read_lesson(find_lesson("go-out-or-wait")).questions[0]
    lay_and_throw, throw = q.ratings()[1], q.ratings()[2]
    assert [k for k, _ in lay_and_throw.reasons] == ["coach.lay-off", "coach.discard-safe"]
    # the lay-off's ten points and a card, plus the same discard's risk
    assert lay_and_throw.value - throw.value == pytest.approx(11, abs=1)
    assert "lay off 9C" in rating_words(lay_and_throw) and "discard 4H" in rating_words(lay_and_throw)


def test_lint_asks_every_move_of_a_best_question_to_be_a_whole_turn(tmp_path):
    text = read_lesson(find_lesson("go-out-or-wait")).file
    lines = Path(text).read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(n for n, ln in enumerate(lines) if "add 9C to 9; discard 4H]" in ln)
    lines[i] = lines[i].replace("add 9C to 9; discard 4H]", "add 9C to 9]")
    (tmp_path / "bad.yaml").write_text("".join(lines), encoding="utf-8")
    proc = run("lint", "bad.yaml", home=tmp_path, cwd=tmp_path)
    assert proc.returncode == 1
    found = [ln for ln in proc.stdout.splitlines() if "does not end the turn" in ln]
    step = next(n for n in range(i, 0, -1) if "- id: q" in lines[n]) + 1  # where the question starts
    assert len(found) == 1 and found[0].startswith(f"bad.yaml:{step}:5: question 2:") and "'add 9C to 9'" in found[0]
    dutch = run("lint", "bad.yaml", "--lang", "nl", home=tmp_path, cwd=tmp_path).stdout
    assert "beëindigt de beurt niet" in dutch
    # a draw-phase question compares choices of the draw phase: clean
    assert not problems(read_lesson(find_lesson("take-the-pile")))


@pytest.mark.parametrize("path,q", BEST, ids=lambda x: getattr(x, "stem", None) or str(getattr(x, "number", "")))
def test_the_coachs_choice_is_accepted_on_every_best_question(path, q):
    options = [option_of(v) for v in q.verdicts()]
    advice = Coach(3).advise(q.table, MoveList(q.table, options))
    assert options.index(advice.option) + 1 in q.correct()


def test_the_coachs_choice_is_rated_best_or_nearly_on_coach_played_positions():
    """The coach decides with the evaluation's measures; where it orders its own steps of one turn
    differently (a lay-off before a new meld), the evaluation may prefer the other: seldom."""
    coach, asked, agreed = Coach(3), 0, 0
    for seed in range(1, 9):
        for p in walk("classic", seed):
            t = p.seen()
            ml = legal_moves(t)
            options = [o for o in ml.options if o.kind != "ask"]
            if len(options) < 2:
                continue
            chosen = coach.advise(t, ml).option
            ratings = rate(t, options)
            asked += 1
            agreed += ratings[0].value - next(r.value for r in ratings if r.option is chosen) <= NEAR
    assert asked >= 300 and agreed / asked >= 0.95


# -- the lessons -----------------------------------------------------------------------------------

def test_every_strategy_lesson_is_clean_and_asks_three_to_five_best_questions():
    for name in STRATEGY_LESSONS:
        lesson = read_lesson(find_lesson(name))
        assert not problems(lesson)
        assert 3 <= len(lesson.questions) <= 5 and {q.kind for q in lesson.questions} == {"best"}
        for q in lesson.questions:  # a clear best, or near-equal answers the lesson says are intended
            assert len(q.correct()) == 1 or q.explanation


@pytest.mark.parametrize("name", STRATEGY_LESSONS)
def test_a_strategy_lesson_runs_with_piped_answers(name, tmp_path):
    lesson = read_lesson(find_lesson(name))
    right = [str(min(q.correct())) for q in lesson.questions]
    proc = run("lesson", name, stdin="\n".join(right) + "\n", home=tmp_path)
    n = len(lesson.questions)
    assert proc.returncode == 0 and f"Lesson done: {n} of {n} right" in proc.stdout
    assert "(best)" in proc.stdout and "worse than the best" in proc.stdout


def test_a_nearly_equal_answer_is_accepted_and_a_wrong_one_counts_as_a_lapse(tmp_path):
    # freeze-the-pile: 1 (the 2C) is right; on question 3 the king (2) is nearly as good as the six (3)
    proc = run("lesson", "freeze-the-pile", stdin="3\n1\n1\n2\n2\n", home=tmp_path)
    out = proc.stdout
    assert "Nearly as good as the best, so it counts as right; the coach prefers discard 6C." in out
    assert "(nearly as good as the best)" in out
    assert "Not quite." in out  # the first answer to question 1 was the king: a retry is offered
    assert "Not this time. The answer: 2. discard KH" in out  # two choices: no retry
    assert "Lesson done: 2 of 4 right" in out
    data = json.loads(run("progress", "--json", home=tmp_path).stdout)
    rows = {r["rule"]: r for r in data["rules"]}
    assert rows["strategy.freeze"]["wrong"] == 2 and rows["strategy.freeze"]["right"] == 2
    assert rows["strategy.freeze"]["title"] == "Strategy: freezing the pile"
    shown = run("progress", "--lang", "nl", home=tmp_path).stdout
    assert "Strategie: de stapel bevriezen" in shown


def test_a_strategy_lesson_speaks_the_learners_language(tmp_path):
    for lang, words in (("nl", "(het beste)"), ("da", "(bedst)"), ("pt-BR", "(a melhor)")):
        proc = run("lesson", "take-the-pile", "--lang", lang, stdin="1\n2\n1\n1\n", home=tmp_path / lang)
        assert words in proc.stdout and "worse than" not in proc.stdout


def test_lint_names_an_illegal_move_of_a_best_question(tmp_path):
    text = read_lesson(find_lesson("take-the-pile")).file
    body = Path(text).read_text(encoding="utf-8").replace("moves: [take 9S 9D, draw]", "moves: [take 9S KH, draw]", 1)
    (tmp_path / "bad.yaml").write_text(body, encoding="utf-8")
    proc = run("lint", "bad.yaml", home=tmp_path, cwd=tmp_path)
    assert proc.returncode == 1
    line = next(ln for ln in proc.stdout.splitlines() if "which of these is best?" in ln)
    assert line.startswith("bad.yaml:") and "'take 9S KH' is illegal" in line


def test_a_worksheet_ticks_the_moves_and_its_key_shows_the_coachs_choice(tmp_path):
    path = find_lesson("safe-discards")
    proc = run("worksheet", str(path), "--out", "s.html", "--key", "k.html", home=tmp_path, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    sheet = (tmp_path / "s.html").read_text(encoding="utf-8")
    key = (tmp_path / "k.html").read_text(encoding="utf-8")
    assert "Which of these moves is best for Ann, and why?" in sheet and 'class="box"' in sheet
    assert "(best)" not in sheet and "black three" not in sheet
    assert "(best): discard a black three" in key


# -- the strategy drill ----------------------------------------------------------------------------

def test_a_strategy_review_asks_a_fresh_position_with_a_clear_best():
    from canasta_tutor.learning.quiz import drill_of, question_for
    from canasta_tutor.learning.tutor import question_key

    assert drill_of("strategy.discard") is not None
    lesson_keys = {question_key(q) for _, q in BEST}
    for topic in ("strategy.discard", "strategy.take", "strategy.go-out"):
        q = question_for(topic, random.Random(5))
        assert q is not None and q.kind == "best" and len(q.moves) == 3
        assert len(q.correct()) == 1 and q.rule_ids() == [topic]
        assert part_of_turn(q) is None  # whole turns, or choices of the draw phase: like with like
        assert question_key(q) not in lesson_keys


def test_waiting_never_lays_down_to_one_card():
    """A coach that waits rather than go out keeps cards back: it never melds or lays off down to one
    card, after which only the discard of that card, going out, could end the turn (official hands
    of level 3 against itself, where such a lay-off is on offer while the coach waits)."""
    from canasta_tutor.play import coach as coach_module
    from canasta_tutor.play.selfplay import side_hand

    offered = []
    real_play = coach_module.Coach._play

    def watched(self, table, options, memory):
        advice = real_play(self, table, options, memory)
        if advice.reason.split(".")[-1].startswith("wait-"):
            hand = table.mover.hand or []
            laid = lambda o: sum(len(s.cards) for s in o.steps)  # noqa: E731
            assert not (advice.option.kind in ("meld", "add") and len(hand) - laid(advice.option) <= 1), \
                (advice.option.move, table.to_data())
            offered.extend(o for o in options if o.kind in ("meld", "add") and len(hand) - laid(o) <= 1)
        return advice

    coach_module.Coach._play = watched
    try:
        for seed in range(15, 25):
            side_hand(("official", seed, (("NS", "coach:3"), ("EW", "coach:3"))))
    finally:
        coach_module.Coach._play = real_play
    assert offered  # the test saw the choice it is about
