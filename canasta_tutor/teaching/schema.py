"""JSON Schemas (draft-07, the version YAML editors read) for tables, scenarios and lessons.

They are built from the same lists the loader uses (the snapshot keys, the ruleset parameters, the
rule ids), so the editor's idea of a valid file cannot drift from ours. The loader stays the judge:
it also checks what a schema cannot say (card counts against the decks, names that must match).
"""
from __future__ import annotations

from typing import Any

from canasta_tutor.engine.rules import RULES
from canasta_tutor.engine.ruleset import BUILTIN, PARAMS
from canasta_tutor.learning.lesson import ASK_KINDS, STEP_ID

KINDS = ("snapshot", "scenario", "lesson", "pack")
DRAFT = "http://json-schema.org/draft-07/schema#"

def _ci(code: str) -> str:
    """A code matched in upper or lower case, as the reader takes it."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in code)


def _card_pattern() -> str:
    """Every card the reader takes: the standard notation (KH, 10S, TS, suit symbols) and the Dutch,
    Danish and Brazilian players' letters (HH, VR, BK, DR, RO), built from the reader's own tables."""
    from canasta_tutor.engine.notation import SYMBOLS
    from canasta_tutor.reading.languages import LANGUAGES

    ranks = {"A", "K", "Q", "J", "T", "10", "1", "2", *map(str, range(4, 10))}  # a three needs its suit
    suits = {"S", "H", "D", "C"}
    jokers = {"JK", "JOKER"}
    for lang in LANGUAGES.values():  # each language's descriptor: the letters its players write
        ranks.update(lang.ranks)
        suits.update(lang.suits)
        jokers.update(lang.jokers)
    rank = "(?:" + "|".join(_ci(r) for r in sorted(ranks, key=lambda r: (-len(r), r))) + ")"
    suit = "[" + "".join(sorted(c + c.lower() for c in suits)) + "".join(sorted(SYMBOLS)) + "]"
    joker = "|".join(_ci(j) for j in sorted(jokers, key=lambda j: (-len(j), j)))
    return f"(?:{rank}{suit}?|3{suit}|{joker}|\\*)"


CARD = _card_pattern()
CARD_WORDS = ("a card: its rank then its suit, e.g. KH (king of hearts), 10S or TS (ten of spades), 7D, 2C, "
              "JK for a joker; suit symbols (K♥) and the Dutch, Danish and Brazilian letters (HH heer harten, "
              "VR vrouw ruiten, BK boer klaveren, DR dame ruder, RO rei de ouros) are read too; the suit may "
              "be left out except on threes")
CARDS_TEXT = f"^\\s*(?:{CARD}(?:[\\s,]+{CARD})*)?\\s*$"


def _definitions() -> dict:
    house = {}
    for name, p in PARAMS.items():
        if not p.house:
            continue
        kinds: dict[str, dict[str, Any]] = {"int": {"type": "integer"}, "bool": {"type": "boolean"},
                "optint": {"type": ["integer", "null"]},
                "choice": {"enum": list(p.choices)},
                "flags": {"anyOf": [{"type": "array", "uniqueItems": True, "items": {"enum": list(p.choices)}},
                                    {"type": "string"}]},
                "bonus": {"type": "object", "additionalProperties": False,
                          "properties": {"natural": {"type": "integer"}, "mixed": {"type": "integer"}}},
                "tiers": {"type": "array", "items": {"type": "object", "additionalProperties": False,
                                                      "properties": {"below": {"type": ["integer", "null"]},
                                                                     "need": {"type": ["integer", "null"]}}}},
                }
        house[name] = kinds[p.kind] | {"description": p.help}
    return {
        "card": {"anyOf": [{"type": "string", "pattern": f"^\\s*{CARD}\\s*$"}, {"type": "integer", "minimum": 1}],
                 "description": CARD_WORDS},
        "cards": {"anyOf": [{"type": "string", "pattern": CARDS_TEXT}, {"type": "integer", "minimum": 1},
                            {"type": "array", "items": {"$ref": "#/definitions/card"}},
                            {"type": "null"}],
                  "description": "cards as a list [KH, KS, 2C] or a string 'KH KS 2C' (or a count of unknown "
                                 "cards); each card is " + CARD_WORDS},
        "name": {"type": ["string", "integer"], "description": "a player's or side's name"},
        "house_rules": {"type": "object", "properties": house, "additionalProperties": False,
                        "patternProperties": {"^x-": {}}},
        "player": {"type": "object", "required": ["name"], "additionalProperties": False,
                   "patternProperties": {"^x-": {}},
                   "properties": {"name": {"$ref": "#/definitions/name"},
                                  "hand": {"anyOf": [{"$ref": "#/definitions/cards"},
                                                     {"type": "integer", "minimum": 0}],
                                           "description": "the cards, or a count of unknown cards"},
                                  "has_melded": {"type": "boolean"}}},
        "side": {"type": "object", "required": ["name"], "additionalProperties": False,
                 "patternProperties": {"^x-": {}},
                 "properties": {"name": {"$ref": "#/definitions/name"},
                                "players": {"anyOf": [{"type": "array", "items": {"$ref": "#/definitions/name"}},
                                                      {"type": "string"}]},
                                "score": {"type": "integer", "description": "the side's score before this hand"},
                                "melds": {"anyOf": [{"type": "array", "items": {"$ref": "#/definitions/cards"}},
                                                    {"type": "null"}]},
                                "red_threes": {"$ref": "#/definitions/cards"}}},
        "turn": {"type": "object", "required": ["player"], "additionalProperties": False,
                 "patternProperties": {"^x-": {}},
                 "properties": {"player": {"$ref": "#/definitions/name"},
                                "phase": {"enum": ["draw", "play"]},
                                "first_round": {"type": "boolean"},
                                "permission": {"enum": ["none", "granted", "refused"]},
                                "red_three_last": {"type": "boolean", "description": "the player drew the stock's last card this turn and it was a red three"}}},
        "move": {"anyOf": [{"type": "string", "minLength": 1},
                           {"type": "array", "items": {"type": "string"}, "minItems": 1}],
                 "description": "steps separated by ';', e.g. 'draw; meld 7H 7D 2C; discard 5C'"},
        "rule_id": {"enum": list(RULES)},
        "expect": {"type": "object", "additionalProperties": False, "patternProperties": {"^x-": {}},
                   "properties": {"legal": {"type": "boolean"},
                                  "rules": {"anyOf": [{"type": "array", "items": {"$ref": "#/definitions/rule_id"}},
                                                      {"type": "string"}]}}},
    }


def _table_properties() -> dict:
    return {
        "ruleset": {"type": "string", "description": f"a built-in ruleset ({', '.join(BUILTIN)}) or a ruleset file"},
        "house_rules": {"$ref": "#/definitions/house_rules"},
        "players": {"type": "array", "minItems": 2, "items": {"$ref": "#/definitions/player"}},
        "sides": {"type": "array", "items": {"$ref": "#/definitions/side"}},
        "discard": {"$ref": "#/definitions/cards"},
        "pile_frozen": {"type": "boolean"},
        "stock": {"type": "integer", "minimum": 0},
        "cut_bonus": {"$ref": "#/definitions/name"},
        "turn": {"$ref": "#/definitions/turn"},
    }


def _object(properties: dict, required: list[str], title: str) -> dict:
    return {"$schema": DRAFT, "title": title, "type": "object", "required": required,
            "properties": properties, "patternProperties": {"^x-": {}}, "additionalProperties": False,
            "definitions": _definitions()}


def schema(kind: str) -> dict:
    if kind == "snapshot":
        return _object(_table_properties(), ["players", "turn"], "Canasta table snapshot (format 1)")
    if kind == "scenario":
        check = {"type": "object", "required": ["move", "expect"], "additionalProperties": False,
                 "patternProperties": {"^x-": {}},
                 "properties": {"move": {"$ref": "#/definitions/move"}, "expect": {"$ref": "#/definitions/expect"},
                                "by_ruleset": {"type": "object", "additionalProperties": {"$ref": "#/definitions/expect"}},
                                "note": {"type": "string"}}}
        points = {"type": "object", "additionalProperties": {"type": "integer"}}
        score = {"type": "object", "additionalProperties": False, "patternProperties": {"^x-": {}},
                 "properties": {"out": {"$ref": "#/definitions/name"}, "concealed": {"type": "boolean"},
                                "expect": points, "by_ruleset": {"type": "object", "additionalProperties": points}}}
        props = _table_properties() | {"title": {"type": "string"}, "description": {"type": "string"},
                                       "checks": {"type": "array", "items": check}, "score": score}
        return _object(props, ["players", "turn"], "Canasta scenario: a table and stated answers (format 1)")
    if kind == "lesson":
        table = {"type": "object", "required": ["players", "turn"], "properties": _table_properties(),
                 "patternProperties": {"^x-": {}}, "additionalProperties": False}
        step = {"type": "object", "additionalProperties": False, "patternProperties": {"^x-": {}},
                "properties": {"id": {"type": "string", "pattern": f"^{STEP_ID.pattern}$",
                                      "description": "names the step's texts for translators"},
                               "say": {"type": "string"}, "table": table, "ask": {"enum": list(ASK_KINDS)},
                               "move": {"type": "string"}, "moves": {"type": "array", "items": {"type": "string"},
                                                                     "minItems": 2},
                               "choices": {"type": "array", "items": {"$ref": "#/definitions/rule_id"}},
                               "tests": {"type": "array", "items": {"$ref": "#/definitions/rule_id"},
                                         "description": "the rules the question tests, besides those the "
                                                        "engine finds"},
                               "hint": {"type": "string"}, "side": {"$ref": "#/definitions/name"},
                               "out": {"$ref": "#/definitions/name"}, "concealed": {"type": "boolean"},
                               "explanation": {"type": "string", "description": "the teacher's words, shown "
                                               "after the answer"},
                               "feedback": {"type": "object", "additionalProperties": {"type": "string"},
                                            "description": "a wrong answer (yes/no, a rule id, a move's "
                                                           "number, points): the words shown for it"}},
                "oneOf": [{"required": ["say"]}, {"required": ["table"]}, {"required": ["ask"]}]}
        props = {"id": {"type": "string"}, "title": {"type": "string"}, "description": {"type": "string"},
                 "steps": {"type": "array", "minItems": 1, "items": step}}
        return _object(props, ["title", "steps"], "Canasta lesson: explanations, tables and questions")
    if kind == "pack":
        from canasta_tutor.teaching.packs import PACK_ID

        props = {"id": {"type": "string", "pattern": PACK_ID.pattern,
                        "description": "the pack's id: small letters, digits, '-' and '_' (lessons are taken as ID/LESSON)"},
                 "title": {"type": "string"}, "author": {"type": "string", "description": "who made the pack: "
                                                         "with the id, what tells two teachers' packs apart"},
                 "language": {"type": "string", "description": "the language the lessons are written in, e.g. nl"},
                 "ruleset": {"type": "string", "description": f"the lessons are taken under this ruleset: a built-in "
                                                              f"one ({', '.join(BUILTIN)}) or a ruleset file"},
                 "description": {"type": "string"},
                 "lessons": {"type": "array", "minItems": 1, "items": {"type": "string"},
                             "description": "the lesson files, in the order they are taken, e.g. 01-melds.yaml"}}
        found = _object(props, ["id", "title", "lessons"], "Canasta lesson pack (pack.yaml)")
        del found["definitions"]
        return found
    raise ValueError(kind)
