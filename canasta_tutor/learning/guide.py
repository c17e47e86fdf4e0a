"""``canasta play --guided``: the first hand with a guide, who explains each choice of a turn the
first time it is there to make (draw or take the pile, meld, lay off, discard, ask, go out).

Every explanation is read off the position: the moves are the game's legal moves (``Game.moves``,
the listing ``moves`` prints), the counts of first melds are the judge's, the pile that could be
taken after a discard is judged on the table as the player sees it, and the ruleset's own figures
(the first-meld minimum, the canastas needed to go out, the going-out bonus) are the ruleset's. Each
explanation is given once in the guided hand, before the prompt; when the hand ends, the guide says
so and the game goes on without it.
"""
from __future__ import annotations

from canasta_tutor import texts
from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.move import Step, format_move
from canasta_tutor.engine.table import Table
from canasta_tutor.play.game import Game
from canasta_tutor.play.moves import Option
from canasta_tutor.play.next_take import as_next_sees_it
from canasta_tutor.play.partner import asks_per_hand, partner_of
from canasta_tutor.play.rules_of_thumb import going_out_bonus
from canasta_tutor.render.safe import clean_data

SHOWN = 4  # moves named in one explanation; 'moves' lists them all


def say(key: str, **params) -> str:
    return texts.section("play", f"guide.{key}", clean_data(params))


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards)


def _move(option: Option) -> str:
    return texts.show_move(format_move(option.steps))


class Guide:
    """The guide of one hand: the hand in play when the game starts (or resumes)."""

    def __init__(self, game: Game, human: str) -> None:
        self.game = game
        self.human = human
        self.hand = game.hand
        self.told: set[str] = set()
        self.seen: tuple | None = None  # the position last explained: nothing is worked out twice
        self.finished = False

    def intro(self) -> str:
        rs = self.game.ruleset
        return self._line("intro", title=texts.ruleset_title(rs.id, rs.title), ruleset=rs.id)

    def _line(self, key: str, **params) -> str:
        return say("label") + " " + say(key, **params)

    def _once(self, key: str) -> bool:
        if key in self.told:
            return False
        self.told.add(key)
        return True

    # -- before the prompt ---------------------------------------------------------------------------
    def before_prompt(self) -> list[str]:
        """What to explain now, on the human's turn: each choice the first time it is there."""
        g = self.game
        if self.finished:
            return []
        if g.over or g.hand != self.hand:
            self.finished = True
            return [] if g.over else [self._line("done")]
        t = g.table
        where = (g.turns, t.turn.phase, len(t.mover.hand or []), t.turn.permission)
        if t.turn.player != self.human or where == self.seen:
            return []
        self.seen = where
        options = g.moves().options
        kinds = {o.kind for o in options}
        out: list[str] = []
        if t.turn.phase == "draw":
            takes = [o for o in options if o.kind == "take"]
            if self._once("draw"):
                out.append(self._draw(t, takes))
            elif takes and self._once("take"):  # the first time the pile can be taken
                out.append(say("label") + " " + self._take(t, takes))
        else:
            if "meld" in kinds or "add" in kinds or not t.side_of(self.human).melds:
                out += self._meld(t, options)
            if "add" in kinds and self._once("add"):
                out.append(self._add(t, [o for o in options if o.kind == "add"]))
            if "out" in kinds and self._once("out"):
                first = next(o for o in options if o.kind == "out")
                bonus = going_out_bonus(first)  # the one this way out earns: concealed, plain, or none
                key = "out-none" if not bonus else "out-concealed" if first.verdict.concealed else "out"
                out.append(self._line(key, move=_move(first), bonus=bonus))
            if "discard" in kinds and self._once("discard"):
                out.append(self._discard(t, [o for o in options if o.kind == "discard"]))
        # Asking is explained when going out comes near (the side has the canastas it needs, or asking
        # is all that is left), not at the first draw of the hand, where it means nothing yet.
        side = t.side_of(self.human)
        near = "out" in kinds or kinds == {"ask"} or side.canastas >= t.ruleset.canastas_to_go_out
        if "ask" in kinds and near and self._once("ask"):
            out.append(self._ask(t))
        return out

    def asked(self, asker: str) -> list[str]:
        """The first time the human's partner asks "may I go out?": what the answer does."""
        if self.finished or self.game.hand != self.hand or not self._once("asked"):
            return []
        return [self._line("asked", asker=asker)]

    # -- the explanations -----------------------------------------------------------------------------
    def _draw(self, t: Table, takes: list[Option]) -> str:
        rs = t.ruleset
        lines = [self._line("draw", n=min(rs.draw_count, t.stock), stock=t.stock, draw=texts.show_move("draw"))]
        if not t.discard:
            lines.append(say("no-pile"))
        elif takes:
            self.told.add("take")
            lines.append(_capital(self._take(t, takes)))
        else:
            top = t.discard[-1]
            lines.append(say("no-take", top=str(top), size=len(t.discard), reason=self._why_no_take(t, top)))
        return " ".join(lines)

    def _take(self, t: Table, takes: list[Option]) -> str:
        """The ways to take the pile, by the cards of the hand that go with its top card."""
        top, under = t.discard[-1], len(t.discard) - 1
        own = [o for o in takes if o.steps[0].cards]
        alone = "-alone" if not under else ""  # a pile of one card: nothing under it joins the hand
        if own:
            ways = list(dict.fromkeys(_cards(o.steps[0].cards) for o in own))[:SHOWN]
            return say("take" + alone, cards=texts.listed(ways, "or"), top=str(top), under=under, move=_move(own[0]))
        return say("take-onto-meld" + alone, top=str(top), rank=top.rank, under=under, move=_move(takes[0]))

    def _why_no_take(self, t: Table, top: Card) -> str:
        """The judge's reason the most likely take (a natural pair of the top card's rank, else one
        natural and a wild card, else the top card alone) is refused."""
        hand = t.mover.hand or []
        naturals = [c for c in hand if c.rank == top.rank and c.is_natural]
        wilds = [c for c in hand if c.is_wild]
        cards = naturals[:2] if len(naturals) >= 2 else (naturals[:1] + wilds[:1] if naturals and wilds else [])
        v = judge(t, [Step("take", tuple(cards))])
        if v.violations:
            f = v.violations[0]
            return texts.rule_message(f.rule, f.params)
        return say("no-take-finish")

    def _why_no_meld(self, t: Table) -> str | None:
        """The judge's reason the likeliest meld of the hand (three cards: of the rank held most, made
        up with wild cards) is refused, when that reason is a rule of the turn (``turn.*``: the first
        round, say), which refuses any meld; None for any other reason (the first meld's minimum), or
        when the hand holds no such meld."""
        hand = t.mover.hand or []
        wilds = [c for c in hand if c.is_wild]
        by_rank: dict[str, list[Card]] = {}
        for c in hand:
            if c.is_natural:
                by_rank.setdefault(c.rank, []).append(c)
        best = max(by_rank.values(), key=len, default=[])
        cards = best[:3] + wilds[:3 - len(best[:3])]  # three cards, naturals first (a ruleset may ask for one)
        if not best or len(cards) < 3:
            return None
        v = judge(t, [Step("meld", tuple(cards))])
        if not v.violations or not v.violations[0].rule.startswith("turn."):
            return None
        f = v.violations[0]
        return texts.rule_message(f.rule, f.params)

    def _meld(self, t: Table, options: list[Option]) -> list[str]:
        side = t.side_of(self.human)
        melds = [o for o in options if o.kind == "meld"]
        if side.melds:
            if melds and self._once("meld"):
                return [self._line("meld", move=_move(melds[0]))]
            return []
        tier = t.ruleset.threshold(side.score)
        if not melds:
            if "meld" not in self.told and self._once("meld-none"):
                other = self._why_no_meld(t)
                if other is not None:  # a rule other than the first meld's minimum (the first round, say)
                    return [self._line("meld-none-rule", reason=other)]
                if tier.need is None:
                    return [self._line("meld-none-canasta", score=side.score)]
                return [self._line("meld-none", need=tier.need, score=side.score)]
            return []
        if not self._once("meld"):
            return []
        counts = [say("counts", move=_move(o), points=o.verdict.state.counted) for o in melds[:SHOWN]]
        if tier.need is None:
            return [self._line("first-meld-canasta", score=side.score, melds=texts.listed(counts))]
        return [self._line("first-meld", need=tier.need, score=side.score, melds=texts.listed(counts))]

    def _add(self, t: Table, adds: list[Option]) -> str:
        rs = t.ruleset
        return self._line("add", move=_move(adds[0]), canastas=texts.counted("canasta", rs.canastas_to_go_out),
                          has=t.side_of(self.human).canastas)

    def _discard(self, t: Table, discards: list[Option]) -> str:
        names = [p.name for p in t.players]
        following = names[(names.index(self.human) + 1) % len(names)]
        first_round = self.game.next_in_first_round()
        barred = self._take_barred(discards, following, first_round)
        if barred is not None:  # a rule of the turn: nobody takes the pile then, whatever is discarded
            return self._line("discard-no-take", player=following, reason=barred)
        lines = [self._line("discard", player=following)]
        if following in t.side_of(self.human).players:
            return lines[0]
        risky: dict[str, int] = {}
        for o in discards:
            size = _feeds(o, self.human, following, first_round)
            if size:
                risky.setdefault(str(o.steps[-1].cards[0]), size)
        if risky:
            lines.append(say("discard-risky", cards=texts.listed(list(risky)[:SHOWN]), player=following,
                             size=max(risky.values())))
        else:
            lines.append(say("discard-safe", player=following))
        wild = sorted({str(o.steps[-1].cards[0]) for o in discards if o.steps[-1].cards[0].is_wild})
        if wild and "wild" in t.ruleset.pile_frozen_by:
            lines.append(say("discard-wild", cards=texts.listed(wild)))
        return " ".join(lines)

    def _take_barred(self, discards: list[Option], following: str, first_round: bool) -> str | None:
        """The rule of the turn (``turn.*``: the first round, say) by which ``following`` may not take
        the pile at all on their next turn, after any of ``discards``, in words; None when none bars it."""
        o = next((o for o in discards if not o.verdict.went_out), None)
        if o is None:
            return None
        view = as_next_sees_it(o.verdict.after, self.human, following, first_round)
        v = judge(view, [Step("take")])
        if v.legal or not v.violations[0].rule.startswith("turn."):
            return None
        f = v.violations[0]
        return texts.rule_message(f.rule, f.params)

    def _ask(self, t: Table) -> str:
        rs = t.ruleset
        partner = partner_of(t, self.human) or ""
        limit = asks_per_hand(rs)
        key = "ask-required" if rs.partner_permission == "required" else "ask-optional"
        text = self._line(key, partner=partner, ask=texts.show_move("ask"))
        if limit is not None:
            text += " " + say("ask-limit", count=limit)
        return text


def _capital(text: str) -> str:
    """A sentence that follows another: its first letter a capital."""
    return text[:1].upper() + text[1:]


def _feeds(option: Option, mover: str, following: str, first_round: bool) -> int:
    """The size of the pile ``following`` could take after ``option`` (a discard) by laying its top card
    on a meld of their side, judged on the table as the mover sees it (their hand unknown), on their
    turn (``first_round``: in the hand's first round); 0 if none."""
    after = option.verdict.after
    if option.verdict.went_out:
        return 0
    view = as_next_sees_it(after, mover, following, first_round)
    return len(view.discard) if judge(view, [Step("take")]).legal else 0


__all__ = ["Guide"]
