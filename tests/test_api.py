"""The library's examples: every example in canasta_tutor/api.py's docstrings runs as written."""
import doctest
import inspect

from canasta_tutor import api


def test_every_api_function_shows_an_example():
    public = [name for name, f in vars(api).items()
              if inspect.isfunction(f) and f.__module__ == api.__name__ and not name.startswith("_")]
    assert len(public) >= 10
    assert [name for name in public if ">>>" not in (getattr(api, name).__doc__ or "")] == []


def test_the_examples_give_what_they_say():
    failed, tried = doctest.testmod(api, optionflags=doctest.ELLIPSIS)
    assert tried >= 15 and failed == 0
