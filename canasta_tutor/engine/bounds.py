"""What a counted search says when it stops before it can tell.

The searches of the library (``can_take``'s look for a legal take, the listing of moves) are bounded
by counted steps, never by a clock, so the same table always gets the same answer. When a bound is
reached before the answer is known, the search says so: a listing is marked ``truncated``, and a
yes-or-no question raises ``Undecided`` rather than answer "no".
"""
from __future__ import annotations


class Undecided(Exception):
    """A yes-or-no search stopped at its counted bound before it found a yes or ruled every case out."""
