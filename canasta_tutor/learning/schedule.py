"""When a rule comes back: FSRS (the open spaced-repetition scheduler Anki uses), one card per rule id
or score id a learner practises, one review per settled question.

The ``fsrs`` package is imported here and only when a review is made or a card is read, so no
command that does not teach pays for it. Fuzzing is off: the same answers at the same times give the
same due dates, which scripts and tests rely on.

A rule is *mastered* when FSRS expects it to be remembered for weeks: the card has left the learning
steps, its stability is at least ``MASTERED_STABILITY`` days and its retrievability now is at least
``MASTERED_RETRIEVABILITY``. FSRS barely raises stability for reviews on the same day, so no amount
of practice in one sitting reaches it.
"""
from __future__ import annotations

import json
from functools import lru_cache
from datetime import datetime, timezone

AGAIN, HARD, GOOD = 1, 2, 3  # the FSRS ratings we give: wrong; right after a retry or a hint; right
MASTERED_STABILITY = 21.0  # days
MASTERED_RETRIEVABILITY = 0.9


def rating_for(right: bool, first_try: bool, hinted: bool) -> int:
    """How a settled question rates its rules."""
    if not right:
        return AGAIN
    return GOOD if first_try and not hinted else HARD


@lru_cache(maxsize=1)
def _scheduler():
    from fsrs import Scheduler

    return Scheduler(enable_fuzzing=False)


def _when(at: float) -> datetime:
    return datetime.fromtimestamp(at, tz=timezone.utc)



def review(card_json: str | None, rating: int, at: float) -> str:
    """The card after one review rated ``rating`` at time ``at`` (seconds since the epoch)."""
    from fsrs import Card, Rating

    card = Card.from_json(card_json) if card_json else Card(card_id=1, due=_when(at))
    card, _ = _scheduler().review_card(card, Rating(rating), _when(at))
    return card.to_json()


class Figures:
    """What FSRS says about one card at a given time."""

    def __init__(self, card_json: str, now: float) -> None:
        from fsrs import Card, State

        card = Card.from_json(card_json)
        self.due = card.due.timestamp()
        self.stability = card.stability or 0.0
        self.difficulty = card.difficulty or 0.0
        self.state = State(card.state).name.lower()  # learning, review, relearning
        self.retrievability = float(_scheduler().get_card_retrievability(card, _when(now)))
        self.last_review = card.last_review.timestamp() if card.last_review else None

    @property
    def mastered(self) -> bool:
        return (self.state == "review" and self.stability >= MASTERED_STABILITY
                and self.retrievability >= MASTERED_RETRIEVABILITY)


def due_of(card_json: str) -> float:
    return datetime.fromisoformat(json.loads(card_json)["due"]).timestamp()
