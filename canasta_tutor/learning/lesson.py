"""Lessons: short texts, tables and questions, read from YAML; every answer is the engine's.

A lesson file holds no answers. Each question names a table and a move (or moves, or a side to
score); what is right is worked out by ``judge`` and ``score_table`` when the question is asked, so
a lesson can never teach a ruling the engine does not give.

    id: pile-frozen                # optional: the file name without its number prefix
    title: The frozen pile
    steps:
      - id: frozen                 # optional: names the step for translators (see texts/lessons.py)
        say: Some words of explanation.
      - table: {ruleset: classic, players: [...], turn: {...}}   # a snapshot, drawn on screen
      - ask: legal                 # is this move legal?
        move: take 9S 9D
        tests: [pile.needs-natural-pair]  # optional: rules it tests besides those the engine finds
        hint: Look at what lies in the pile.
      - ask: rule                  # which rule forbids it? (choices: optional extra rule ids)
        move: take 3S 3C
      - ask: which                 # which of these moves is legal? (exactly one is)
        moves: [take 9S 9D, take 9S 2C, take]
      - ask: best                  # which of these moves is best? (2-4 legal moves; the coach grades)
        moves: [take 9S 9D, draw]
      - ask: score                 # what does this side score for the hand?
        side: NS
        out: Ann
        explanation: Shown after the answer, below the engine's own words.
        feedback:                  # shown for a particular wrong answer (the engine decides what is right)
          1200: You counted the red threes twice.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from canasta_tutor import texts
from canasta_tutor.engine.judge import Verdict, judge
from canasta_tutor.engine.move import MoveError, parse_move
from canasta_tutor.engine.rules import RULES
from canasta_tutor.engine.scoring import ScoreReport, score_table
from canasta_tutor.engine.table import Table
from canasta_tutor.files.snapshot import Reader, read_table, value_of
from canasta_tutor.reading.strict_yaml import InputError, Listed, Map, Node, Said, Scalar, Seq, UsageError, load
from canasta_tutor.texts import language
from canasta_tutor.texts.lessons import file_id, step_place, translator

LESSON_DIR = Path(__file__).parent / "lessons"
ASK_KINDS = ("legal", "rule", "which", "best", "score")
STEP_KEYS = ("id", "say", "table", "ask", "move", "moves", "choices", "tests", "hint", "side", "out", "concealed",
             "explanation", "feedback")


@dataclass
class Question:
    kind: str
    table: Table
    number: int  # 1, 2, ... within the lesson
    line: int
    column: int = 0
    move: str = ""
    moves: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)  # rule ids offered (rule questions)
    side: str = ""
    out: str | None = None
    concealed: bool = False
    hint: str = ""
    topics: list[str] = field(default_factory=list)  # rule ids drilled even when the move breaks none
    tests: list[str] = field(default_factory=list)  # rule ids the lesson says the question tests
    # the teacher's words: shown after the answer, and for a particular wrong answer (by its value)
    explanation: str = ""
    feedback: dict = field(default_factory=dict)
    lesson: str = ""  # the lesson's id, which orders a rule question's choices in the lesson
    # A rule question's choices in an order of their own, whatever the seed: a review's variant keeps
    # the right rule off the number the lesson gave it (learning/variants.py).
    offered: list[str] | None = None

    # -- the engine's answer ------------------------------------------------------------------------
    # The engine's answer is asked for several times per question (to grade, to list the choices, to
    # explain, to record the rules); it is worked out once.
    def verdict(self) -> Verdict:
        if "_verdict" not in self.__dict__:
            self._verdict = judge(self.table, self.move)
        return self._verdict

    def verdicts(self) -> list[Verdict]:
        if "_verdicts" not in self.__dict__:
            self._verdicts = [judge(self.table, m) for m in self.moves]
        return self._verdicts

    def ratings(self) -> list:
        """A ``best`` question's moves as the coach rates them (play/evaluate.rate), in the order the
        question lists them; None for a move that is not legal (lint says so)."""
        if "_ratings" not in self.__dict__:
            self._ratings = rate_verdicts(self.table, self.verdicts())
        return self._ratings

    def best_rating(self):
        rated = [r for r in self.ratings() if r is not None]
        return max(rated, key=lambda r: r.value) if rated else None

    def report(self) -> ScoreReport:
        if "_report" not in self.__dict__:
            self._report = score_table(self.table, self.out, self.concealed)
        return self._report

    def options(self, seed: str = "") -> list[str]:
        """The rule ids offered for a ``rule`` question: the engine's, the author's, and others of
        the same family, in an order fixed by the lesson (so a scripted learner sees the same list), or
        the order a review's variant fixed (``offered``)."""
        if self.offered is not None:
            return list(self.offered)
        found = [f.rule for f in self.verdict().violations]
        offered = list(dict.fromkeys(found[:1] + self.choices))
        family = [r for r in RULES if r.split(".")[0] == found[0].split(".")[0]] if found else []
        others = family + [r for r in RULES if r not in family]
        rng = random.Random(f"{seed}:{self.number}")
        for r in others:
            if len(offered) >= 4:
                break
            if r not in offered and r not in found:
                offered.append(r)
        rng.shuffle(offered)
        return offered

    def rule_ids(self) -> list[str]:
        """The rule ids this question exercises, by the engine's answer."""
        if self.kind in ("legal", "rule"):
            found = [f.rule for f in self.verdict().violations]
        elif self.kind == "which":
            found = [f.rule for v in self.verdicts() for f in v.violations]
        elif self.kind == "best":
            found = [strategy_topic(self)]
        else:
            found = [ln.rule for s in self.report().sides for ln in s.lines if ln.points]
        return list(dict.fromkeys(found + self.tests + self.topics))

    def correct(self, seed: str = "") -> set:
        """Every answer that is right: True/False, a rule id, a move's number, or a number of points."""
        if self.kind == "legal":
            return {self.verdict().legal}
        if self.kind == "rule":
            return {r for r in self.options(seed) if r in {f.rule for f in self.verdict().violations}}
        if self.kind == "which":
            return {i for i, v in enumerate(self.verdicts(), 1) if v.legal}
        if self.kind == "best":  # the coach's best, and the moves it rates nearly as good
            from canasta_tutor.play.evaluate import NEAR

            best = self.best_rating()
            return {i for i, r in enumerate(self.ratings(), 1)
                    if r is not None and best is not None and best.value - r.value <= NEAR}
        side = next(s for s in self.report().sides if s.name == self.side)
        return {side.hand_total}


@dataclass
class LessonStep:
    say: str = ""
    table: Table | None = None
    question: Question | None = None
    line: int = 0
    column: int = 0


@dataclass
class Lesson:
    id: str
    title: str
    file: str
    steps: list[LessonStep]

    @property
    def questions(self) -> list[Question]:
        return [s.question for s in self.steps if s.question]

    def rule_ids(self) -> list[str]:
        seen: dict[str, None] = {}
        for q in self.questions:
            seen.update(dict.fromkeys(q.rule_ids()))
        return list(seen)


def read_lesson(path: str | Path, ruleset: str | None = None, pack: str | None = None,
                lang: str | None = None, root: Node | None = None, name: str | None = None) -> Lesson:
    """Read a lesson; ``ruleset`` puts every table under another ruleset (the answers follow it);
    ``pack`` is the id of the pack it belongs to, which its id is given under. A built-in lesson's
    texts come in ``lang`` (the chosen language when not given); any other lesson's as written.
    ``root`` is the file already parsed (an entry of a zipped pack, a file lint has read): ``path``
    then only names it, and ``name`` is the file's own name, which its id defaults to (a zip's entry
    is shown as ``club.zip:01-melds.yaml``; its lesson is ``melds`` all the same)."""
    file = str(path)
    root = load(path) if root is None else root
    r = Reader(file)
    top = r.mapping(root, "", ("id", "title", "steps", "description"), required=("title", "steps"))
    default_id = file_id(Path(name or path).stem)
    id_node = value_of(top, "id")
    lesson_id = lesson_id_for(path, r.text(id_node, "id", Said("what.lesson-id", "a lesson id")) if id_node is not None else default_id,
                              pack)
    words = translator(lesson_id, lang or language()) if builtin(path, pack) else (lambda place, english: english)
    title = words("title", r.text(top.items["title"][1], "title"))
    steps_node = top.items["steps"][1]
    if not isinstance(steps_node, Seq) or not steps_node.items:
        raise r.fail(steps_node, "steps", Said("lesson.steps", "expected a list of steps (say, table, ask)"))
    steps: list[LessonStep] = []
    table: Table | None = None
    number = 0
    named: set[str] = set()
    for i, node in enumerate(steps_node.items):
        key = f"steps[{i}]"
        m = r.mapping(node, key, STEP_KEYS)
        place = step_place(i, _step_id(r, m, key, named))
        kinds = [k for k in ("say", "table", "ask") if k in m.items]
        if len(kinds) != 1:
            raise r.fail(m, key, Said("lesson.step-kind", "each step is exactly one of: say, table, ask"))
        if kinds[0] == "say":
            steps.append(LessonStep(say=words(f"{place}.say", r.text(m.items["say"][1], f"{key}.say"))))
        elif kinds[0] == "table":
            table = read_table(m.items["table"][1], file, ruleset, extra_keys=())
            steps.append(LessonStep(table=table, line=m.line, column=m.column))
        else:
            if table is None:
                raise r.fail(m, key, Said("lesson.no-table", "a question needs a table: put a 'table' step before it"))
            number += 1
            q = _question(r, m, key, table, number, lambda field, english, place=place: words(f"{place}.{field}", english))
            q.lesson = lesson_id
            steps.append(LessonStep(question=q))
    if not number:
        raise r.fail(steps_node, "steps", Said("lesson.no-question", "a lesson needs at least one question (an 'ask' step)"))
    return Lesson(lesson_id, title, file, steps)


# A step id as the schema has it: plain letters, digits, - and _, not only digits.
STEP_ID = re.compile(r"[A-Za-z0-9_-]*[A-Za-z_-][A-Za-z0-9_-]*")


def _step_id(r: Reader, m: Map, key: str, named: set[str]) -> str | None:
    """A step's own id: what names its texts in the translations, so they keep their names when a step
    is put in before it."""
    node = value_of(m, "id")
    if node is None:
        return None
    step_id = r.text(node, f"{key}.id", Said("what.step-id", "a step id"))
    if step_id in named or not STEP_ID.fullmatch(step_id):
        r.soft(r.fail(node, f"{key}.id", Said("lesson.step-id", "'{id}' is not a step id of its own: letters, digits, "
                                              "- and _, not only digits, each once in a lesson", id=step_id)))
        return None
    named.add(step_id)
    return step_id


def builtin(path: str | Path, pack: str | None = None) -> bool:
    """Whether a lesson file is one of ours (its texts are translated), not a teacher's."""
    return pack is None and Path(path).resolve().parent == LESSON_DIR.resolve()


OWN = "own"  # where a teacher's lesson outside any pack keeps its id: own/ID


def lesson_id_for(path: str | Path, written: str, pack: str | None) -> str:
    """The id progress keeps a lesson under: a built-in lesson's own, PACK/ID in a pack, and own/ID
    for a teacher's lesson file outside a pack, which so never takes a built-in lesson's finished mark."""
    if pack:
        return f"{pack}/{written}"
    if builtin(path):
        return written
    return f"{OWN}/{written}"


def _question(r: Reader, m: Map, key: str, table: Table, number: int, words) -> Question:
    kind = r.choice(m.items["ask"][1], f"{key}.ask", ASK_KINDS)
    q = Question(kind, table, number, m.line, column=m.column)
    needs = {"legal": ("move",), "rule": ("move",), "which": ("moves",), "best": ("moves",), "score": ("side",)}[kind]
    for name in needs:
        if name not in m.items:
            raise r.fail(m, f"{key}.{name}", Said("lesson.question-needs", "a '{kind}' question needs '{name}'",
                                                  kind=kind, name=name))
    hint = value_of(m, "hint")
    q.hint = words("hint", r.text(hint, f"{key}.hint")) if hint is not None else ""
    if "move" in m.items:
        q.move = _move(r, m.items["move"][1], f"{key}.move")
    if "moves" in m.items:
        node = m.items["moves"][1]
        if not isinstance(node, Seq) or len(node.items) < 2:
            raise r.fail(node, f"{key}.moves", Said("lesson.moves", "expected a list of two or more moves"))
        q.moves = [_move(r, n, f"{key}.moves[{j}]") for j, n in enumerate(node.items)]
        if kind == "best" and len(q.moves) > 4:
            raise r.fail(node, f"{key}.moves", Said("lesson.best-moves", "expected a list of two to four moves"))
    if "choices" in m.items:
        node = m.items["choices"][1]
        items = node.items if isinstance(node, Seq) else []
        q.choices = [r.text(n, f"{key}.choices[{j}]", Said("what.rule-id", "a rule id")) for j, n in enumerate(items)]
        for j, rid in enumerate(q.choices):
            if rid not in RULES:
                raise r.fail(items[j], f"{key}.choices[{j}]", Said("lesson.unknown-rule", "unknown rule id '{id}'", id=rid))
    if "tests" in m.items:
        node = m.items["tests"][1]
        items = node.items if isinstance(node, Seq) else []
        if not isinstance(node, Seq):
            raise r.fail(node, f"{key}.tests", Said("lesson.tests", "expected a list of rule ids"))
        q.tests = [r.text(n, f"{key}.tests[{j}]", Said("what.rule-id", "a rule id")) for j, n in enumerate(items)]
        for j, rid in enumerate(q.tests):
            if rid not in RULES:
                raise r.fail(items[j], f"{key}.tests[{j}]", Said("lesson.unknown-rule", "unknown rule id '{id}'", id=rid))
    if "side" in m.items:
        q.side = r.text(m.items["side"][1], f"{key}.side", Said("what.side-name", "a side's name"))
        if q.side not in [s.name for s in table.sides]:
            raise r.fail(m.items["side"][1], f"{key}.side",
                         Said("lesson.side", "found '{found}', expected a side: {sides}", found=q.side,
                              sides=Listed([s.name for s in table.sides], "or")))
    if "out" in m.items:
        q.out = r.text(m.items["out"][1], f"{key}.out", Said("what.player-name", "a player's name"))
        if q.out not in [p.name for p in table.players]:
            raise r.fail(m.items["out"][1], f"{key}.out", Said("lesson.out", "found '{found}', expected a player of the table",
                                                                 found=q.out))
    if "concealed" in m.items:
        q.concealed = r.boolean(m.items["concealed"][1], f"{key}.concealed")
    _teachers_words(r, m, key, q, words)
    return q


def _teachers_words(r: Reader, m: Map, key: str, q: Question, words) -> None:
    """``explanation`` (shown after the answer) and ``feedback`` (answer: words for that wrong answer).
    A feedback key is an answer as the learner gives it: yes/no, a rule id, a move's number, points."""
    node = value_of(m, "explanation")
    if node is not None:
        q.explanation = words("explanation", r.text(node, f"{key}.explanation"))
    node = value_of(m, "feedback")
    if node is None:
        return
    if not isinstance(node, Map):
        r.soft(r.fail(node, f"{key}.feedback", Said("lesson.feedback", "expected a mapping of a wrong answer: "
                                                                   "the words to show for it")))
        return
    for answer, (kn, vn) in node.items.items():
        value = feedback_answer(q, answer)
        if value is None:
            r.soft(r.fail(kn, f"{key}.feedback.{answer}", FEEDBACK_FORMS[q.kind](answer)))
            continue
        q.feedback[value] = (words(f"feedback.{answer}", r.text(vn, f"{key}.feedback.{answer}")), kn.line, kn.column,
                             answer)


# What a feedback key of each kind of question must be, when it is not an answer to it.
FEEDBACK_FORMS = {
    "legal": lambda answer: Said("lesson.answer-legal", "'{answer}' is not an answer to this 'legal' question "
                                 "(yes or no)", answer=answer),
    "rule": lambda answer: Said("lesson.answer-rule", "'{answer}' is not an answer to this 'rule' question "
                                "(a rule id)", answer=answer),
    "which": lambda answer: Said("lesson.answer-which", "'{answer}' is not an answer to this 'which' question "
                                 "(the number of a move)", answer=answer),
    "best": lambda answer: Said("lesson.answer-best", "'{answer}' is not an answer to this 'best' question "
                                "(the number of a move)", answer=answer),
    "score": lambda answer: Said("lesson.answer-score", "'{answer}' is not an answer to this 'score' question "
                                 "(a number of points)", answer=answer),
}


def feedback_answer(q: Question, text: str):
    """A feedback key as the value ``Question.correct`` holds, or None when it cannot be an answer."""
    t = text.strip().lower()
    if q.kind == "legal":
        return {"yes": True, "legal": True, "true": True, "no": False, "illegal": False, "false": False}.get(t)
    if q.kind == "rule":
        return t if t in RULES else None
    digits = t.lstrip("-")
    if not digits.isdigit():
        return None
    if q.kind in ("which", "best"):
        return int(t) if 1 <= int(t) <= len(q.moves) else None
    return int(t)


def feedback_for(q: Question, answer) -> str:
    """The teacher's words for this wrong answer, if any."""
    found = q.feedback.get(answer)
    return found[0] if found else ""


def _move(r: Reader, node, key: str) -> str:
    what = Said("what.lesson-move", "a move such as 'take 9S 9D'")
    text = r.text(node, key, what) if isinstance(node, Scalar) else None
    if text is None:
        raise r.fail(node, key, Said("lesson.move", "expected a move such as 'take 9S 9D'"))
    try:
        parse_move(text)
    except MoveError as exc:
        raise r.fail(node, key, Said("lesson.not-a-move", "'{text}' is not a move: {reason}", text=text,
                                     reason=exc.args[0] if exc.args else str(exc))) from None
    return text


def problems(lesson: Lesson) -> list[tuple[int, int, str]]:
    """What is wrong with a lesson that loads: questions the engine cannot answer as asked."""
    out = []
    for q in lesson.questions:
        if q.kind == "rule" and q.verdict().legal:
            out.append((q.line, q.column, _lint("lesson-rule-legal", number=q.number, move=q.move)))
        if q.kind == "which":
            legal = [m for m, v in zip(q.moves, q.verdicts()) if v.legal]
            if len(legal) != 1:
                said = (_lint("lesson-which", number=q.number, n=len(legal), moves=", ".join(legal)) if legal
                        else _lint("lesson-which-none", number=q.number))
                out.append((q.line, q.column, said))
        if q.kind == "best":
            for move, v in zip(q.moves, q.verdicts()):
                if not v.legal:
                    out.append((q.line, q.column, _lint("lesson-best", number=q.number, move=move,
                                                        reason=reason_of(q.table, v))))
            unlike = part_of_turn(q)
            if unlike is not None:
                out.append((q.line, q.column, _lint("lesson-best-turn", number=q.number, move=unlike)))
        if q.kind == "score":
            try:
                q.report()
            except InputError as exc:
                from canasta_tutor import texts

                out.append((q.line, q.column, _lint("lesson-score", number=q.number, problem=texts.said(exc.message))))
                continue
        out.extend(_feedback_problems(q))
    return out


def deck_problems(lesson: Lesson) -> list[tuple[int, int, str]]:
    """Tables that do not hold the whole deck: a learner counts what is out and what is left, so every
    card is somewhere, named or counted (hands and the stock as counts)."""
    out = []
    tables = [(s, s.table) for s in lesson.steps if s.table is not None]
    for number, (step, t) in enumerate(tables, 1):
        deck = t.ruleset.decks * 52 + t.ruleset.jokers
        total: int = (sum(len(p.hand) if p.hand is not None else p.count for p in t.players)
                      + sum(len(m.cards) for side in t.sides for m in side.melds)
                      + sum(len(side.red_threes) for side in t.sides) + len(t.discard) + t.stock)
        if total != deck:
            out.append((step.line, step.column, _lint("lesson-deck", number=number, total=total, deck=deck,
                                                      decks=t.ruleset.decks, jokers=t.ruleset.jokers)))
    return out


def _lint(key: str, **params) -> str:
    """A problem of a lesson as lint reports it, in the user's language."""
    from canasta_tutor import texts

    return texts.section("teaching", f"lint.{key}", params)


def _feedback_problems(q: Question) -> list[tuple[int, int, str]]:
    """Feedback written for an answer the engine finds right: the teacher's words never overrule it."""
    if not q.feedback:
        return []
    right = {f.rule for f in q.verdict().violations} if q.kind == "rule" else q.correct()
    return [(line, column, _lint("lesson-feedback", number=q.number, answer=written))
            for answer, (_, line, column, written) in q.feedback.items() if answer in right]


_MELD_SHAPE = ("meld.mixed-ranks", "meld.too-few-naturals", "meld.too-many-wilds")  # judged on the whole meld


def reason_of(table, verdict) -> str:
    """The decisive violation's message, with the fact that makes it so: cards that joined a meld of
    the side are named as played (the note says where they went), and a first meld made with the
    pile says which of its cards count."""
    first = verdict.violations[0]
    params = dict(first.params)
    merged = next((n for n in verdict.notes if n.rule == "merge"), None)
    extra = []
    if first.rule == "meld.mixed-ranks" and merged is not None:
        params["cards"] = " ".join(map(str, merged.params["cards"]))
        extra.append(texts.note_message(merged.rule, merged.params))
    step = verdict.steps[first.step - 1] if 1 <= first.step <= len(verdict.steps) else None  # steps count from 1
    if first.rule in _MELD_SHAPE and step is not None and step.kind == "add" and "cards" in params:
        # A lay-off is judged on the whole meld it makes; the learner is told of the cards laid off and
        # the meld they join, not of the cards already on the table.
        params["cards"] = texts.Shown(texts.section("learning", "on-meld", {"cards": " ".join(map(str, step.cards)),
                                                                            "rank_name": texts.rank_name(step.to)}))
    if first.rule == "initial.below-minimum" and any(st.kind == "take" for st in verdict.steps):
        extra.append(texts.section("learning", "pile-counts-top"))
    text = texts.rule_message(first.rule, params)
    return "; ".join([text] + extra)


STRATEGY = ("freeze", "discard", "take", "go-out")  # the topics of "which is best?" questions


def option_of(verdict: Verdict):
    """A legal move as the coach's evaluation takes it: an ``Option`` of the kind ``legal_moves`` lists
    (going out, a take, a draw, or its first step's kind)."""
    from canasta_tutor.play.moves import Option

    kinds = [st.kind for st in verdict.steps]
    kind = ("out" if verdict.went_out else "take" if "take" in kinds else "draw" if "draw" in kinds
            else kinds[0] if kinds else "discard")
    return Option(kind, list(verdict.steps), verdict)


def ends_turn(verdict: Verdict) -> bool:
    """Whether a move is a whole turn: it goes out, or its last step is a discard."""
    return verdict.went_out or bool(verdict.steps) and verdict.steps[-1].kind == "discard"


def part_of_turn(q: Question) -> str | None:
    """A ``best`` question compares like with like: every move a whole turn, or every move a choice
    of the draw phase (draw, or take the pile and meld what the take needs) that leaves the rest of
    the turn to come. The first move that breaks this (one that does not end the turn), or None."""
    verdicts = list(zip(q.moves, q.verdicts()))
    if all(ends_turn(v) for _, v in verdicts):
        return None
    drawing = all(v.steps and v.steps[0].kind in ("draw", "take") and not ends_turn(v) for _, v in verdicts)
    if drawing:
        return None
    return next(m for m, v in verdicts if not ends_turn(v))


def rate_verdicts(table: Table, verdicts: list[Verdict]) -> list:
    """The coach's ratings (play/evaluate.rate) of judged moves, in their order; None for an illegal one."""
    from canasta_tutor.play.evaluate import rate

    options = [option_of(v) if v.legal else None for v in verdicts]
    rated = rate(table, [o for o in options if o is not None])
    by_option = {id(r.option): r for r in rated}
    return [by_option.get(id(o)) if o is not None else None for o in options]


def rating_words(rating, lang: str | None = None) -> str:
    """Why the coach rates a move as it does: its reason, or each step's of a whole turn."""
    said = [texts.section("play", key, params, lang) for key, params in rating.reasons]
    return "; ".join([t.rstrip(".") for t in said[:-1]] + said[-1:])


def strategy_topic(q: Question) -> str:
    """What a ``best`` question tests, as a strategy topic id (``strategy.freeze``...): going out or
    waiting when a move goes out, taking or drawing in the draw phase, freezing when a listed move
    throws a wild card on the pile, else the choice of a discard."""
    kinds = {st.kind for v in q.verdicts() for st in v.steps}
    if any(v.went_out for v in q.verdicts()):
        return "strategy.go-out"
    if kinds & {"take", "draw"}:
        return "strategy.take"
    if any(r is not None and key in ("coach.freeze", "coach.discard-wild") for r in q.ratings() for key, _ in r.reasons):
        return "strategy.freeze"  # whether to throw a wild card on the pile
    return "strategy.discard"


def builtin_lessons() -> list[Path]:
    return sorted(LESSON_DIR.glob("*.yaml"))


def find_lesson(name: str) -> Path:
    """A built-in lesson by id (or number), or a lesson file by path."""
    for p in builtin_lessons():
        stem = p.stem
        number = stem.split("-", 1)[0]
        if name in (stem, stem.split("-", 1)[-1]) or (name.isdigit() and int(name) == int(number)):
            return p
    path = Path(name)
    if path.suffix in (".yaml", ".yml") or "/" in name or "\\" in name:
        return path  # a file of the teacher's own: reading it says what is wrong with it, if anything
    ids = ", ".join(p.stem.split("-", 1)[-1] for p in builtin_lessons())
    # A name that is no lesson is a slip on the command line, not a bad file.
    from canasta_tutor.texts import section

    raise UsageError(section("learning", "no-lesson", {"name": name, "lessons": ids}))
