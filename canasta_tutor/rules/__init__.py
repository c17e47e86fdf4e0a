"""Rule functions, one per rule id, grouped by what they judge. Importing this package registers
them all in ``registry.RULES``."""
from . import discard, draw, initial, meld, out, pile, turn  # noqa: F401  (registration)
from .registry import BY_STAGE, RULES, Rule

__all__ = ["BY_STAGE", "RULES", "Rule"]
