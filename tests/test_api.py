"""The library's examples: every example in canasta_tutor/api.py's docstrings runs as written."""
import doctest
import inspect

import pytest

from canasta_tutor import api


def test_every_api_function_shows_an_example():
    public = [name for name, f in vars(api).items()
              if inspect.isfunction(f) and f.__module__ == api.__name__ and not name.startswith("_")]
    assert len(public) >= 10
    assert [name for name in public if ">>>" not in (getattr(api, name).__doc__ or "")] == []


def test_the_examples_give_what_they_say():
    failed, tried = doctest.testmod(api, optionflags=doctest.ELLIPSIS)
    assert tried >= 15 and failed == 0


def test_steps_made_in_code_are_refused_as_the_notation_refuses_them():
    from canasta_tutor.engine.cards import Card
    from canasta_tutor.engine.move import MoveError, Step

    table = api.table_from_dict(api.EXAMPLE)
    for steps, says in (([Step("discard")], "exactly one card"), ([Step("draw"), Step("discard", ())], "exactly one"),
                        ([Step("meld")], "needs the cards"), ([Step("ask", (Card("K", "S"),))], "takes no cards"),
                        ([Step("fly")], "unknown step")):
        with pytest.raises(MoveError, match=says):
            api.check(table, steps)
    two = (Card("4", "H"), Card("K", "S"))
    for steps in ([Step("draw"), Step("discard", two)], [Step("draw"), Step("discard", two)]):  # asked twice
        with pytest.raises(MoveError, match="exactly one"):
            api.check(table, steps)
    assert api.check(table, [Step("draw"), Step("discard", (Card("4", "H"),))]).legal
    laid = api.check(table, [Step("draw"), Step("add", (Card("K", "S"),))])  # a lay-off that names no meld
    assert laid.decisive == laid.rule_ids[0] == "meld.no-such-meld"


def test_steps_made_in_unusual_ways_are_ruled_as_before():
    """A verb that is a string enumeration's member, a step made without ``Step.__init__``, and cards given
    as a list that the program changes afterwards: each ruled as the notation and the judge say."""
    from enum import StrEnum

    from canasta_tutor.engine.cards import Card
    from canasta_tutor.engine.move import MoveError, Step

    class Verb(StrEnum):
        DRAW = "draw"
        DISCARD = "discard"

    table = api.table_from_dict(api.EXAMPLE)
    assert api.check(table, [Step(Verb.DRAW), Step(Verb.DISCARD, (Card("4", "H"),))]).legal
    bare = Step.__new__(Step)
    for name, value in (("kind", "draw"), ("cards", ()), ("to", None)):
        object.__setattr__(bare, name, value)
    assert api.check(table, [bare]).legal
    cards = [Card("9", "S"), Card("9", "D"), Card("2", "C")]
    meld = Step("meld", cards)  # type: ignore[arg-type]  # a list, against the type: it may change
    assert api.check(table, [Step("take", (Card("9", "S"), Card("9", "D"))), meld]).decisive is not None
    cards.clear()
    with pytest.raises(MoveError, match="needs the cards"):
        api.check(table, [Step("draw"), meld])
