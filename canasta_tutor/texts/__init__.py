"""User-facing text, kept apart from the rules. English is the source: ``en.yaml`` maps keys to English
texts. Each other language is a gettext catalog in ``catalogs/`` (a ``.po`` file for translators, compiled
to the ``.mo`` read here); a text missing from a catalog falls back to English. ``python
tools/sync_catalogs.py`` keeps the catalogs in step with ``en.yaml`` (see docs/translating.md).

The language comes from ``--lang``, else the ``CANASTA_LANG`` environment variable, else the locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
from __future__ import annotations

import os
import sys
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

from canasta_tutor.reading.languages import LANGUAGES as DESCRIPTORS

HERE = Path(__file__).parent

# The languages there are, as users write them, and the file name of each catalog (None: the source),
# as canasta_tutor/reading/languages.py describes them.
LANGUAGES = {code: lang.catalog for code, lang in DESCRIPTORS.items()}
CATALOGS = HERE / "catalogs"
ENGINE_WORDS = ("how", "what", "verb", "phase")
JOINED = ("players", "sides")
# The ranks as the engine names them in English (cards.RANK_NAMES, inverted): "kings" is K.
RANK_WORDS = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J", "10s": "10", "9s": "9", "8s": "8", "7s": "7",
              "6s": "6", "5s": "5", "4s": "4", "3s": "3", "2s": "2", "jokers": "JK", "wild cards": "?"}


def normalise(code: str | None) -> str | None:
    """One of LANGUAGES for a code as a user or a locale writes it (``pt_BR.UTF-8``, ``pt-br``, ``nl_BE``,
    ``da``), or None when we have no such language. A region we have no catalog for falls back to the
    language's own (``nl_BE`` is Dutch, ``pt_PT`` the Brazilian catalog, the only Portuguese one)."""
    if not code:
        return None
    tag = code.split(".")[0].split("@")[0].strip().replace("_", "-").lower()
    for lang in LANGUAGES:
        if lang.lower() == tag:
            return lang
    base = tag.split("-")[0]
    for lang in LANGUAGES:
        if lang.lower().split("-")[0] == base:
            return lang
    return None


# The language a run of the command line asked for (``--lang``). The command line sets it once per run,
# inside a context of its own that ends with the run (cli.run), so that a program or a test running
# the command twice in one process never carries one run's language into the next.
_CHOSEN: ContextVar[str | None] = ContextVar("canasta_language", default=None)


def choose(lang: str) -> None:
    """Speak ``lang`` (one of LANGUAGES) for the rest of the current context: the run of a command."""
    _CHOSEN.set(lang)


def language() -> str:
    """The language of the messages: the one chosen for this run (``--lang``), else ``CANASTA_LANG``,
    else the first locale variable that is set; an unknown one means English, without a word."""
    chosen = _CHOSEN.get()
    if chosen:
        return chosen
    for var in ("CANASTA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return normalise(value) or "en"
    return "en"


def available() -> list[str]:
    return list(LANGUAGES)


class PluralText(dict):
    """A translated plural-aware entry: the catalog's own plural rule picks the form (Dutch and Danish
    have two, like English; other languages may have more)."""

    def __init__(self, entry: dict, translations, context: str, zero_plural: bool = False) -> None:
        super().__init__(entry)
        self._translations, self._context, self._zero_plural = translations, context, zero_plural

    def pick(self, n: int) -> str:
        if n == 0 and self._zero_plural:  # "0 problemas": the form of many, whatever the rule says of 0
            n = 2
        return self._translations.npgettext(self._context, self["one"], self["other"], n)


def entries(tree: dict, prefix: str = ""):
    """Every text of a catalog as (key path, text): a text is a string or a plural-aware mapping."""
    for key, value in tree.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict) and "other" in value:
            yield path, value
        elif isinstance(value, dict):
            yield from entries(value, path)
        elif isinstance(value, str):
            yield path, value


def _translate(tree: dict, translations, prefix: str = "", zero_plural: bool = False) -> dict:
    out: dict[str, Any] = {}
    for key, value in tree.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict) and "other" in value:
            out[key] = PluralText(value, translations, path, zero_plural)
        elif isinstance(value, dict):
            out[key] = _translate(value, translations, path, zero_plural)
        elif isinstance(value, str):
            out[key] = translations.pgettext(path, value)
        else:
            out[key] = value
    return out


@lru_cache(maxsize=16)
def compiled(lang: str, prefix: str = ""):
    """The compiled catalog of a language, read once with the standard library's gettext: the messages'
    (``nl.mo``), or the lessons' with ``prefix`` "lessons-"; None for English or a language without one."""
    name = LANGUAGES.get(normalise(lang) or "en")
    path = CATALOGS / f"{prefix}{name}.mo" if name else None
    if path is None or not path.exists():
        return None
    import gettext

    with open(path, "rb") as fp:
        return gettext.GNUTranslations(fp)


@lru_cache(maxsize=8)
def catalog(lang: str = "en") -> dict:
    """The texts of a language: the English tree with each text looked up in the language's compiled
    catalog (read lazily)."""
    found = compiled(lang)
    if found is None:
        # en.yaml as the sync compiled it (en_texts.py): importing it costs a millisecond, parsing the
        # YAML fifteen, on every run.
        from canasta_tutor.texts.en_texts import TEXTS

        return TEXTS
    return _translate(catalog("en"), found, zero_plural=DESCRIPTORS[normalise(lang) or "en"].zero_plural)


def plural_form(n: int, lang: str | None = None) -> str:
    """The English plural category of ``n``: ``one`` or ``other`` (translations use their catalog's rule)."""
    return "one" if n == 1 else "other"


class MissingPlaceholder(KeyError):
    """A text names a placeholder its caller gave no value for: a slip in the code or a catalog."""

    def __init__(self, key: str, placeholder: str) -> None:
        super().__init__(f"the text {key!r} has the placeholder {{{placeholder}}}, but no value was given for it")
        self.key, self.placeholder = key, placeholder

    def __str__(self) -> str:
        return str(self.args[0])


def strict() -> bool:
    """Whether a text with a placeholder left unfilled is an error (MissingPlaceholder): in the tests and
    in development (``CANASTA_STRICT_TEXTS=1``, or ``python -X dev``). For a user it never is: see
    _fill and docs/decisions.md."""
    return bool(os.environ.get("CANASTA_STRICT_TEXTS")) or sys.flags.dev_mode


class _KeptPlaceholders(dict):
    """The parameters of a text, a missing one written back as its placeholder (``{who}``)."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def _fill(template, params: dict, key: str = "?") -> str:
    """Fill the catalog entry ``key``. An entry may be plural-aware: a mapping with ``one`` and ``other``
    forms and ``count`` naming the parameter that decides (``n`` when not given), so no text leaves the
    plural to the reader.

    A placeholder with no value is a slip: an error in the tests and in development (strict()); for a
    user the text is shown with every value it was given and the missing placeholder as written
    (``{who}``), rather than a ruling turned into an internal error (docs/decisions.md)."""
    params = shown_params(_named(params))
    if isinstance(template, dict) and "other" in template:
        n = params.get(template.get("count", "n"), 0)
        n = n if isinstance(n, int) else 0
        if isinstance(template, PluralText):
            template = template.pick(n)
        else:
            template = template.get(plural_form(n), template["other"])
    try:
        return template.format(**params)
    except KeyError as missing:
        if strict():
            raise MissingPlaceholder(key, str(missing.args[0])) from None
        try:
            return template.format_map(_KeptPlaceholders(params))
        except (IndexError, ValueError, AttributeError):
            return str(template)
    except (IndexError, ValueError, AttributeError):
        return str(template)


# The languages that write a decimal comma (CLDR): "1,5 dage", not "1.5 dage".
DECIMAL_COMMA = frozenset(code for code, lang in DESCRIPTORS.items() if lang.decimal_comma)


def decimal(value: float, digits: int = 1, lang: str | None = None) -> str:
    """A number with decimals as the language writes it."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if (lang or language()) in DECIMAL_COMMA else text


def _named(params: dict) -> dict:
    """A built-in ruleset a sentence names by its id (``classic``) under its name in the language, and
    the learner nobody named (``me``) under the language's word."""
    learner = params.get("learner")
    labels = catalog(language()).get("labels", {})
    for key in ("ruleset", "owner"):
        value = params.get(key)
        name = labels.get("ruleset-names", {}).get(value) if isinstance(value, str) else None
        if name:
            params = {**params, key: name}
    if learner == DEFAULT_LEARNER:
        params = {**params, "learner": labels.get("default-learner", learner)}
    return params


def ruleset_name(ruleset_id: str, lang: str | None = None) -> str:
    """A built-in ruleset as a sentence names it (``Klassiek``); any other by its id or file."""
    return catalog(lang or language()).get("labels", {}).get("ruleset-names", {}).get(ruleset_id, ruleset_id)


DEFAULT_LEARNER = "me"  # the progress database's name for the learner nobody named (learning/progress.py)


def source_id(source: str) -> str:
    """The id a ruling cites its source by: a page's own key (``S0``, ``pagat``), or a house rule of the
    table in the reader's words."""
    if source == "house rule":
        return label("verdict.house-rule")
    return source


def counted(key: str, n: int, lang: str | None = None) -> str:
    """``n`` things, worded by the ``counts`` section: counted("card", 1) is "1 card", 2 gives "2 cards"."""
    entry = catalog(lang or language()).get("counts", {}).get(key, {"one": "{n} " + key, "other": "{n} " + key})
    return _fill(entry, {"n": n}, f"counts.{key}")


def rule_entry(rule: str, lang: str | None = None) -> dict:
    return catalog(lang or language())["rules"].get(rule, {"title": rule, "message": rule, "text": ""})


def rule_message(rule: str, params: dict, lang: str | None = None) -> str:
    message = rule_entry(rule, lang).get("message", rule)
    if isinstance(message, dict) and "other" not in message:  # cases by ``why``; a case may be plural-aware
        message = message.get(params.get("why", ""), next(iter(message.values())))
    return _fill(message, _localised(_rank_words(params, lang), lang), f"rules.{rule}.message")


def _rank_words(params: dict, lang: str | None = None) -> dict:
    """A sentence names a rank in words, never by its letter: ``rank_name`` (kings, heren), and with their
    number and adjective as the language agrees them, ``two_natural`` (duas damas naturais) and
    ``one_natural`` (et rent es)."""
    rank = params.get("rank")
    if not isinstance(rank, str):
        return params
    own = catalog(lang or language()).get("languages", {})
    words = {"rank_name": rank_name(rank, lang)} if "rank_name" not in params else {}
    for key, entry in (("two_natural", "rank-two-natural"), ("one_natural", "rank-one-natural")):
        said = (own.get(entry) or {}).get(rank)
        if said:
            words[key] = said
    return {**params, **words}


def note_message(key: str, params: dict, lang: str | None = None) -> str:
    cat = catalog(lang or language())
    params = dict(params)
    if "cards" in params and not isinstance(params["cards"], str):
        from canasta_tutor.engine.cards import format_cards  # naturals by rank, then wild cards

        params["cards"] = format_cards(params["cards"])
    if "kind" in params:
        params["kind"] = cat["kinds"].get(params["kind"], params["kind"])
    if "how" in params:
        params["how_text"] = cat.get("take_how", {}).get(params["how"], params["how"])
    return _fill(cat["notes"].get(key, key), _rank_words(params, lang), f"notes.{key}")


def score_detail(rule: str, params: dict, lang: str | None = None) -> str:
    cat = catalog(lang or language())
    params = dict(params)
    words = cat["words"]
    params["all_text"] = words["red-threes-all"] if params.get("all") else ""
    params["negative_text"] = words["red-threes-negative"] if params.get("negative") else ""
    return _fill(cat["scores"].get(rule, rule), _localised(params, lang), f"scores.{rule}")


def score_note(key: str, params: dict, lang: str | None = None) -> str:
    return _fill(catalog(lang or language())["score_notes"].get(key, key), _localised(params, lang),
                 f"score_notes.{key}")


def word(key: str, lang: str | None = None) -> str:
    return catalog(lang or language())["words"].get(key, key)


def section(name: str, key: str, params: dict | None = None, lang: str | None = None) -> str:
    """A message of any other section of the catalog (``moves``, ``hints``...), filled in."""
    entries = catalog(lang or language()).get(name, {})
    for part in key.split(".")[:-1]:
        entries = entries.get(part, {})
    params = dict(params or {})
    if "rank" in params:
        params.setdefault("rank_name", rank_name(params["rank"], lang))
    last = key.split(".")[-1]
    return _fill(_counted_none(entries, last, params), _localised(params, lang), f"{name}.{key}")


def _counted_none(entries: dict, key: str, params: dict):
    """The entry ``key``, or its ``<key>-none`` sibling when it counts something and the count is 0:
    "with only 0 cards out of sight" is no sentence in any language, and no plural form fixes it."""
    entry = entries.get(key, key)
    if isinstance(entry, dict) and "other" in entry and params.get(entry.get("count", "n")) == 0:
        return entries.get(f"{key}-none", entry)
    return entry


def rank_name(rank: str, lang: str | None = None) -> str:
    """A rank in words, in the plural (``kings``, ``heren``): how messages name a meld's rank."""
    names = catalog(lang or language()).get("languages", {}).get("rank-names") or {}
    if rank in names:
        return names[rank]
    from canasta_tutor.engine.cards import RANK_NAMES

    return RANK_NAMES.get(rank, rank)


def _localised(params: dict, lang: str | None) -> dict:
    """The engine names ranks and a few steps in English (``rank_name: kings``, ``how: drew``): the
    catalog's own words replace them."""
    if (lang or language()) == "en":
        return params
    own = catalog(lang or language()).get("languages", {})
    words, joined_by = own.get("engine-words") or {}, " " + own.get("and", "and") + " "
    params = {k: words.get(v, v) if k in ENGINE_WORDS and isinstance(v, str) else
              v.replace(" and ", joined_by) if k in JOINED and isinstance(v, str) else v
              for k, v in params.items()}
    if "what" in params:
        params["what"] = _rank_word(params["what"], lang)
    name = params.get("rank_name")
    if isinstance(name, str):
        from canasta_tutor.engine.cards import RANK_NAMES

        rank = params.get("rank") if params.get("rank") in RANK_NAMES else next(
            (r for r, n in RANK_NAMES.items() if n == name), None)
        if rank is not None:
            params = {**params, "rank_name": rank_name(rank, lang)}
    return params


def label(key: str, **params) -> str:
    """A label of the reports and the table drawing (the ``labels`` section), filled in."""
    return section("labels", key, params)


def ruleset_title(ruleset_id: str, title: str, lang: str | None = None) -> str:
    """A built-in ruleset's title in the active language; a ruleset file of the user's keeps its own."""
    english = catalog("en").get("labels", {}).get("rulesets", {}).get(ruleset_id)
    if title != english:  # a file of the user's that reuses a built-in id keeps its own title
        return title
    return catalog(lang or language()).get("labels", {}).get("rulesets", {}).get(ruleset_id, title)


def source_title(source_id: str, title: str, lang: str | None = None) -> str:
    """The title of a page a ruling cites, in the active language (the page's own name stays)."""
    return catalog(lang or language()).get("labels", {}).get("sources", {}).get(source_id, title)


def inherited_text(inherited: str | None) -> str | None:
    """``inherited from classic`` as the engine says it, in the active language."""
    if not inherited or not inherited.startswith("inherited from "):
        return inherited
    owner = inherited[len("inherited from "):]
    if owner == "official":
        return label("verdict.inherited-official")
    return label("verdict.inherited", owner=owner)


# The language each source page is written in: a reader of another language gets a gloss of its
# section headings (``rulings.headings.<source>.<slug>`` in the catalog), the heading itself kept as
# the page writes it, so that it can be found on the page.
PAGE_LANGUAGES = {"S0": "nl", "S1": "nl", "S2": "da", "S3": "nl"}


def heading_slug(heading: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in heading.lower()).split())


def heading_gloss(source_id: str, heading: str, lang: str | None = None) -> str | None:
    """A section heading of a source page in the reader's words, or None where the reader reads the
    page's own language (or no gloss is known)."""
    lang = lang or language()
    page = PAGE_LANGUAGES.get(source_id)
    if page is None or lang.split("-")[0] == page:
        return None
    glosses = catalog(lang).get("rulings", {}).get("headings", {}).get(source_id, {})
    return glosses.get(heading_slug(heading))


def listed(items, how: str = "and", lang: str | None = None) -> str:
    """Names joined as a sentence says them in the active language: listed(["Ann", "Bob", "Cas"]) is
    "Ann, Bob and Cas"; ``how`` is ``and``, ``or`` or ``or-as`` (the ``lists`` section)."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    entry = catalog(lang or language())["lists"][how]
    return _fill(entry, {"first": ", ".join(items[:-1]), "last": items[-1]}, f"lists.{how}")


def _said_param(name: str, value):
    """A parameter of a lower layer's message in the active language: a ``Said`` or a ``Listed`` is
    worded here, and a rank the engine names in English (``kings``) takes the catalog's word."""
    if getattr(value, "key", None):
        return said(value)
    if hasattr(value, "items") and hasattr(value, "how"):
        return listed([_said_param(name, item) for item in value.items], value.how)
    if name == "what":
        return _rank_word(value)
    return value


def _rank_word(value, lang: str | None = None):
    """A rank the engine names in English as a message's ``what`` ("the table holds 5 of jokers"), in the
    catalog's word; any other value as it is."""
    if value in RANK_WORDS and (lang or language()) != "en":
        return rank_name(RANK_WORDS[value], lang)
    return value


def said(message) -> str:
    """An error message of the lower layers in the active language: a ``Said`` message is looked up by its
    key (its parameters too may be ``Said`` or ``Listed``); any other text is shown as it is."""
    key = getattr(message, "key", None)
    if key is None:
        return str(message)
    params = {k: _said_param(k, v) for k, v in message.params.items()}
    entry = catalog(language()).get("errors", {})
    for part in key.split("."):
        entry = entry.get(part) if isinstance(entry, dict) and "other" not in entry else None
    if isinstance(entry, str) or isinstance(entry, dict) and "other" in entry:
        return _fill(entry, params, f"errors.{key}")
    return str(message)


def input_error(exc) -> str:
    """An InputError as ``file:line:column: key: message``, its message in the active language."""
    where = exc.file + (f":{exc.line}:{exc.column}" if exc.line else "")
    return (f"{where}: " if where else "") + (f"{exc.key}: " if exc.key else "") + said(exc.message)


# How text output prints cards (``--cards``): the standard letters (``KH``, what --json always writes),
# the reader's own letters (``HH`` in Dutch), or the reader's rank letters with the suit symbols (``H♥``).
CARD_STYLES = ("standard", "local", "symbols")
_cards: list[str] = ["standard"]
# The parameters of a message that hold cards or a move, in the standard notation as the engine gives them.
CARD_PARAMS = ("card", "cards", "top", "cheaper", "absent", "short", "natural_cards")
MOVE_PARAMS = ("move", "step_text", "instead")
# The parameters that list ranks by their letters ("9, Q"), beside cards shown in the reader's letters.
RANK_PARAMS = ("ranks",)


def use_cards(style: str) -> None:
    """The notation of the cards in this run's text output (the command line chooses it)."""
    _cards[0] = style if style in CARD_STYLES else "standard"


def card_style() -> str:
    return _cards[0]


def show_card(code: str, lang: str | None = None, style: str | None = None) -> str:
    """A card in the standard notation (``KH``) as the text output shows it: the reader's letters
    (``HH``), their rank letters with the suit symbol (``H♥``), or as it is. Anything that is not a
    card in the standard notation is given back as it is."""
    style = style or card_style()
    if style == "standard" or not code:
        return code
    from canasta_tutor.engine.notation import SHOWN, standard

    card = standard(code.upper())
    if code[0] == "1" and not code.startswith("10"):
        return code  # a count ("1 kort"): the engine never names the ace 1
    if card is None or card[0] == "JK" or code.upper() in ("JOKER", "*") or code[-1] in SHOWN.values():
        return code  # a code with its suit symbol is what a message names unmistakably (Q♥ or J♥)
    rank, suit = card
    own = DESCRIPTORS.get(lang or language(), DESCRIPTORS["en"])
    letter = own.rank_letters.get(rank, rank)
    if suit is None:
        return letter
    if style == "symbols":  # the command line asks for symbols only where the output can show them
        return letter + SHOWN[suit]
    return letter + own.suit_letters.get(suit, SHOWN[suit])


def show_cards(text: str, lang: str | None = None, style: str | None = None) -> str:
    """Cards separated by spaces, each as ``show_card`` shows it."""
    if (style or card_style()) == "standard" or not isinstance(text, str):
        return text
    return " ".join(show_card(word, lang, style) for word in text.split(" "))


def show_ranks(text: str, lang: str | None = None) -> str:
    """Ranks by their standard letters, separated by commas (``9, Q``), in the reader's rank letters
    (``9, V`` in Dutch), as ``show_card`` writes a card's rank in both notations but the standard."""
    own = DESCRIPTORS.get(lang or language(), DESCRIPTORS["en"])
    return ", ".join(own.rank_letters.get(r, r) for r in (r.strip() for r in text.split(",")))


def show_move(text: str, lang: str | None = None, style: str | None = None) -> str:
    """A move in the standard notation (``take KS KH 2C; discard 4H``) in the reader's words and letters
    (``pak HS HH 2K; leg af 4H``); as it is in the standard notation, or when it is no move of ours."""
    style = style or card_style()
    if style == "standard" or not isinstance(text, str):
        return text
    from canasta_tutor.engine.move import VERBS

    own = DESCRIPTORS.get(lang or language(), DESCRIPTORS["en"])
    steps = []
    for step in text.split(";"):
        words = step.split()
        if not words or words[0] not in VERBS:
            return text
        cards, tail = words[1:], []
        if words[0] == "add" and len(cards) >= 2 and cards[-2] == "to":  # add 9S to K: leg aan 9S bij H
            cards, tail = cards[:-2], [own.to[0], own.rank_letters.get(cards[-1], cards[-1])]
        steps.append(" ".join([own.moves[words[0]][0], *(show_card(w, lang, style) for w in cards), *tail]))
    return "; ".join(steps)


class Shown(str):
    """A text a message takes in a card parameter whose cards are already in the reader's notation
    ("9♥ on your side's meld of 10s"): shown as it is, so that no word of it ("10s", the rank's name) is
    read as a card."""


def shown_params(params: dict, lang: str | None = None) -> dict:
    """A message's cards and moves in the reader's notation (``--cards``)."""
    if card_style() == "standard":
        return params
    shown = {}
    for k, v in params.items():
        if isinstance(v, Shown):
            pass
        elif k in CARD_PARAMS:
            if hasattr(v, "suit"):  # a Card
                v = str(v)
            elif isinstance(v, (list, tuple)) and all(hasattr(c, "suit") for c in v):
                v = " ".join(map(str, v))
            v = show_cards(v, lang) if isinstance(v, str) else v
        elif k in MOVE_PARAMS and isinstance(v, str):
            v = show_move(v, lang)
        elif k in RANK_PARAMS and isinstance(v, str):
            v = show_ranks(v, lang)
        shown[k] = v
    return shown


_MOVE_IN_TEXT = None


def moves_in_text(text: str, lang: str | None = None, style: str | None = None) -> str:
    """A translated text with each move and card it quotes in the standard notation (``take 9D 9S``,
    ``draw``, ``the 6C``) in the reader's words and letters (``pak 9R 9S``, ``de 6K``), as every other
    move the reader sees."""
    global _MOVE_IN_TEXT
    style = style or card_style()
    if not isinstance(text, str) or style == "standard" or (lang or language()) == "en":
        return text
    if _MOVE_IN_TEXT is None:
        import re

        card = r"(?:10|[2-9AKQJT])[SHDC]|JK|(?:10|[2-9AKQJ])\b"
        step = rf"\b(?:draw|take|meld|add|discard|ask)\b(?:\s+(?:{card}))*(?:\s+to\s+(?:(?:10|[2-9AKQJ])\b|\?))?"
        # a move, or a card alone ("de 6C"): each in the reader's notation
        _MOVE_IN_TEXT = re.compile(rf"(?P<move>{step}(?:;\s*{step})*)|\b(?P<card>(?:10|[2-9AKQJ])[SHDC])\b")
    return _MOVE_IN_TEXT.sub(lambda m: show_move(m.group(0), lang, style) if m.group("move")
                             else show_card(m.group(0), lang, style), text)


def doubt_warnings(move: str, reader: str | None) -> list[str]:
    """The warnings for the cards of a move typed under ``reader``'s language that another notation reads
    as another card, both readings named (``AC`` under pt-BR: the ace of clubs, which a Brazilian's
    letters read as the ace of copas). None in English, whose letters are the standard."""
    if reader is None or reader == "en":
        return []
    from canasta_tutor.engine.cards import CardError, parse_card
    from canasta_tutor.engine.move import card_words
    from canasta_tutor.engine.notation import doubts, name, shown
    from canasta_tutor.reading.strict_yaml import Listed, Said

    found = []
    # Only the words that name cards, read as the move is read: the rank after "to" (``add 2C to Q``; Dutch
    # ``bij V``) names a meld of the player's own side, which the ruling shows, and a lay-off onto queens
    # would be warned of at every turn; the "aan" of Dutch ``leg aan`` is the verb's.
    cards = [w for step in move.split(";") for w in card_words(step.replace(",", " "), reader)]
    for word in dict.fromkeys(cards):
        other = doubts(word, reader)
        if not other:
            continue
        try:
            taken = parse_card(word, reader)
        except CardError:
            continue
        readings = Listed([Said("card.reading", "{card} ({languages})", card=shown(card), languages=Listed(
            [name(code) for code in langs])) for card, langs in other], "or-as")
        found.append(said(Said("card.doubt", "warning: {code} is read as {card}; it can also be read as {readings}",
                               code=word, card=taken.symbol(), readings=readings)))
    return found
