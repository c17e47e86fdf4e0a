"""Plain value classes: ``repr`` and equality from a class's ``_fields``.

The engine's small value types (a step, a meld, a side...) used to be dataclasses. A dataclass writes
and compiles its methods when its module is imported, and those compilations were a third of
``canasta check``'s start-up; these methods are ordinary code, compiled once with the package.
"""
from __future__ import annotations


class Record:
    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({inner})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self._fields)

    __hash__ = None  # type: ignore[assignment]  # equal by value, so not hashable unless a class says how
