"""A review drawn from a lesson is the lesson's question on a fresh table: the suits exchanged (threes
keep their colour) and partners renamed, the engine ruling the same, never the lesson's own table."""
from __future__ import annotations

import random
from collections import Counter

from canasta_tutor.engine.judge import judge
from canasta_tutor.learning.lesson import builtin_lessons, find_lesson, read_lesson
from canasta_tutor.learning.quiz import lesson_question_for
from canasta_tutor.learning.tutor import question_key
from canasta_tutor.learning.variants import swap_text, variants


def _ruling(table, move):
    v = judge(table, move)
    return v.legal, [f.rule for f in v.violations]


def test_every_lesson_question_has_fresh_tables_the_engine_rules_the_same():
    for path in builtin_lessons():
        for q in read_lesson(path).questions:
            found = variants(q)
            keys = {question_key(v) for v in found}
            assert len(found) >= 3 and len(keys) == len(found) and question_key(q) not in keys, (path.stem, q.number)
            for v in found:
                before = [_ruling(q.table, m) for m in ([q.move] if q.move else q.moves)]
                after = [_ruling(v.table, m) for m in ([v.move] if v.move else v.moves)]
                assert sorted(before) == sorted(after), (path.stem, q.number, v.moves or v.move)
                if len(q.moves) > 1:  # the right answer is not the number the lesson taught
                    assert v.correct() != q.correct() or len(q.correct()) == len(q.moves), (path.stem, q.number)


def test_the_suits_change_colour_never_and_the_hint_follows_the_cards():
    assert swap_text("draw 3H; discard 3C; meld 10D 10H JK", {"H": "D", "D": "H", "C": "S", "S": "C"}) \
        == "draw 3D; discard 3S; meld 10H 10D JK"
    q = read_lesson(find_lesson("drawing")).questions[4]
    renamed = variants(q)[4]  # players renamed, hearts and diamonds exchanged
    assert q.hint.startswith("Ann drew") and renamed.hint.startswith("Ida drew")  # "she" still fits
    assert renamed.table.turn.player == "Ida" and renamed.move == swap_text(q.move, {"H": "D", "D": "H"})


def test_reviews_of_a_rule_step_through_its_questions_and_their_variants():
    seen = []
    for turn in range(7):
        title, q = lesson_question_for("pile.empty", random.Random(turn), turn=turn)
        seen.append(question_key(q))
    lesson = read_lesson(find_lesson("pile"))
    assert len(set(seen)) == 7 and not {question_key(q) for q in lesson.questions} & set(seen)


def _numbers(q, seed: str) -> tuple[set[int], int]:
    """The numbers of the right answers of a question with numbered choices, and how many it offers."""
    if q.kind == "rule":
        options = q.options(seed)
        return {options.index(r) + 1 for r in q.correct(seed)}, len(options)
    return q.correct(seed), len(q.moves)


def test_no_right_answer_of_a_review_keeps_a_number_that_was_right_in_the_lesson():
    """A review asks a lesson's question on a fresh table: a learner who remembers the lesson's answer
    number ("it was 2") must not be right for it, whatever kind of question numbers its choices (the
    rules of a rule question, the moves of a which or best question), and whatever seed the review
    runs with. Where more than half the choices are right, as few right numbers as can be are kept."""
    checked = Counter()
    for path in builtin_lessons():
        lesson = read_lesson(path)
        for q in lesson.questions:
            if q.kind not in ("rule", "which", "best") or (q.kind != "rule" and len(q.moves) < 2):
                continue
            taught, count = _numbers(q, lesson.id)  # the lesson's own order: its id seeds it
            for v in variants(q):
                for seed in ("0", "1", "7", "42", lesson.id):
                    now, offered = _numbers(v, seed)
                    assert offered == count and len(now) == len(taught)
                    assert len(now & taught) == max(0, 2 * len(taught) - count), \
                        (lesson.id, q.number, q.kind, sorted(taught), sorted(now), seed)
                    checked[q.kind] += 1
    assert set(checked) == {"rule", "which", "best"}, checked
