"""Rule functions, one per rule id, grouped by what they judge. Importing this package registers
them all in ``registry.RULES``."""
# The order of registration is the order of a step's violations: the turn first, then what stops a
# draw or a take outright, then the shape of the meld, then the first meld and going out.
from canasta_tutor.engine.rules import turn, draw, pile, meld, discard, initial, out  # noqa: F401,I001  (registration)
from canasta_tutor.engine.rules.registry import BY_STAGE, RULES, Rule

__all__ = ["BY_STAGE", "RULES", "Rule"]
