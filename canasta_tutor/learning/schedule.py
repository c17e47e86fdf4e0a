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
import math
from datetime import UTC, datetime
from functools import lru_cache

AGAIN, HARD, GOOD = 1, 2, 3  # the FSRS ratings we give: wrong; right after a retry or a hint; right
MASTERED_STABILITY = 21.0  # days
MASTERED_RETRIEVABILITY = 0.9
# The moments a review may happen at (seconds since the epoch): FSRS's longest interval (100 years)
# must still fit in a date, and no learner lives outside them; $CANASTA_NOW is held to them too.
EARLIEST = 0.0  # 1970-01-01 UTC
LATEST = datetime(3000, 1, 1, tzinfo=UTC).timestamp()
REACH = 36600 * 86400.0  # beyond LATEST a card may be due: FSRS's longest interval is 36,500 days
CARD_CHARS = 1000  # a card is about 200 characters of JSON
CARD_KEYS = {"card_id", "state", "step", "stability", "difficulty", "due", "last_review"}


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
    return datetime.fromtimestamp(at, tz=UTC)



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


def in_range(at, reach: float = 0.0) -> bool:
    """A moment a review may happen at: a number of seconds from EARLIEST to LATEST (or ``reach``
    later: a card reviewed then is due up to REACH later)."""
    return type(at) in (int, float) and EARLIEST <= at < LATEST + reach


def sound(card_json) -> bool:
    """Whether a card read from the database is one FSRS can schedule and show: a row edited by hand
    may hold anything (``garbage{``, a list, a date without a time zone, a negative stability...).
    Checked by hand, as ``Card.from_dict`` reads it, so that a command reading no card need not
    import ``fsrs``."""
    if not isinstance(card_json, str) or len(card_json) > CARD_CHARS:
        return False
    try:
        card = json.loads(card_json)
    except (ValueError, RecursionError):
        return False
    if not isinstance(card, dict) or not CARD_KEYS <= card.keys():
        return False
    if type(card["card_id"]) is not int or type(card["state"]) is not int or card["state"] not in (1, 2, 3):
        return False
    if not (card["step"] is None or type(card["step"]) is int and 0 <= card["step"] < 100):
        return False
    for key in ("stability", "difficulty"):
        value = card[key]
        if not (value is None or type(value) in (int, float) and math.isfinite(value) and value > 0):
            return False
    return _moment(card["due"]) and (card["last_review"] is None or _moment(card["last_review"]))


def _moment(text) -> bool:
    """An ISO date-time with a time zone, that a card may hold."""
    if not isinstance(text, str):
        return False
    try:
        when = datetime.fromisoformat(text)
        return when.tzinfo is not None and in_range(when.timestamp(), REACH)
    except (ValueError, OverflowError):
        return False


def due_of(card_json: str) -> float:
    return datetime.fromisoformat(json.loads(card_json)["due"]).timestamp()
