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
    assert api.check(table, [Step("draw"), Step("discard", (Card("4", "H"),))]).legal
    laid = api.check(table, [Step("draw"), Step("add", (Card("K", "S"),))])  # a lay-off that names no meld
    assert laid.decisive == laid.rule_ids[0] == "meld.no-such-meld"
