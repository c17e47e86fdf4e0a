"""Rule functions, one per rule id, grouped by what they judge. Importing this package registers
them all in ``registry.RULES``."""
# The order of registration is the order in which the feedback names the limits a legal move reached
# (the near misses); the order of a ruling's reasons is each rule's own ``decides``.
from canasta_tutor.engine.rules import turn, draw, pile, meld, discard, initial, out  # noqa: F401,I001  (registration)
from canasta_tutor.engine.rules.registry import BY_STAGE, NEAR, RULES, Near, Rule, decisive

__all__ = ["BY_STAGE", "NEAR", "RULES", "Near", "Rule", "decisive"]
