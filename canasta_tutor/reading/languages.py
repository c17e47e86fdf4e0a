"""The languages the tool speaks, one descriptor each: the code users write, the names, the catalog's file
name, how the players write cards (to read them and to print them), whether numbers take a decimal comma,
and the words players use for the steps of a move.

Pure data, importing nothing: the engine reads cards and moves from here on the way of ``canasta check``,
the texts find their catalogs here, and nothing else keeps a table of languages.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class Language(NamedTuple):
    code: str  # as users write it: ``--lang pt-BR``
    name: str  # in English; the catalogs word it (``errors.language-names.<code>``)
    own_name: str  # in the language itself
    catalog: str | None  # the catalogs' file name (``pt_BR.po``); None for English, the source
    decimal_comma: bool  # CLDR: "1,5 dage", not "1.5 dage"
    zero_plural: bool  # nothing is counted in the plural ("0 problemas"), where the catalog's rule has it one
    # Reading: a letter the players write -> the standard letter. Ranks and suits apart: the place of a
    # letter in a code tells which it is (the Dutch ``HH`` is heer harten).
    ranks: Mapping[str, str]
    suits: Mapping[str, str]
    jokers: tuple[str, ...]  # words for the joker beyond ``JK``
    # Printing (``--cards local``): the standard letter -> the letter written; a suit without a letter
    # of its own that cannot be mistaken is printed as its symbol.
    rank_letters: Mapping[str, str]
    suit_letters: Mapping[str, str]
    # The steps of a move in the players' verbs: the English verb -> the words read (the first is the one
    # printed; a word may be two, ``leg aan``), and the words for the ``to`` of ``add 9S to K``.
    moves: Mapping[str, tuple[str, ...]]
    to: tuple[str, ...]


STANDARD_RANKS = {"A": "A", "K": "K", "Q": "Q", "J": "J"}

ENGLISH = Language(
    code="en", zero_plural=False, name="English", own_name="English", catalog=None, decimal_comma=False,
    ranks={}, suits={}, jokers=(), rank_letters={}, suit_letters={"S": "S", "H": "H", "D": "D", "C": "C"},
    moves={"draw": ("draw",), "take": ("take",), "meld": ("meld",), "add": ("add",), "discard": ("discard",),
           "ask": ("ask",)},
    to=("to",),
)

# Dutch: the classic and house pages (aflegstapel, trekstapel, melden, aanleggen, afleggen, pakken).
DUTCH = Language(
    code="nl", zero_plural=False, name="Dutch", own_name="Nederlands", catalog="nl", decimal_comma=True,
    ranks={"A": "A", "H": "K", "V": "Q", "B": "J"},
    # the standard D and C mix with the Dutch ranks as the players' own (BD: boer of diamonds)
    suits={"H": "H", "R": "D", "S": "S", "K": "C", "D": "D", "C": "C"},
    jokers=(),
    rank_letters={"A": "A", "K": "H", "Q": "V", "J": "B"},
    suit_letters={"S": "S", "H": "H", "D": "R", "C": "K"},
    moves={"draw": ("trek",), "take": ("pak", "neem"), "meld": ("meld", "leg"), "add": ("leg aan",),
           "discard": ("leg af",), "ask": ("vraag",)},
    to=("bij", "aan"),
)

# Danish: the Danish page (bunken, tage bunken, lægge ned, lægge til, smide ud, lukke).
DANISH = Language(
    code="da", zero_plural=False, name="Danish", own_name="Dansk", catalog="da", decimal_comma=True,
    ranks={"E": "A", "A": "A", "K": "K", "D": "Q", "B": "J", "KN": "J"},
    suits={"H": "H", "R": "D", "S": "S", "K": "C", "D": "D", "C": "C"},
    jokers=(),
    rank_letters={"A": "E", "K": "K", "Q": "D", "J": "B"},
    suit_letters={"S": "S", "H": "H", "D": "R", "C": "K"},
    moves={"draw": ("træk",), "take": ("tag",), "meld": ("meld", "læg ned"), "add": ("læg til",),
           "discard": ("smid", "smid ud"), "ask": ("spørg",)},
    to=("på", "til"),
)

# Brazilian Portuguese: lixo, monte, comprar, pegar o lixo, baixar, descartar. Copas is read as C (a
# Brazilian writes it so), which the standard notation reads as clubs: such a code is read as the
# standard says, with a warning that names both readings, and the tool never prints it (copas is ♥).
BRAZILIAN = Language(
    code="pt-BR", zero_plural=True, name="Portuguese", own_name="Português (Brasil)", catalog="pt_BR", decimal_comma=True,
    ranks={"A": "A", "R": "K", "D": "Q", "V": "J"},
    suits={"O": "D", "E": "S", "P": "C", "C": "H"},
    jokers=("CORINGA", "CURINGA"),
    rank_letters={"A": "A", "K": "R", "Q": "D", "J": "V"},
    suit_letters={"S": "E", "D": "O", "C": "P"},
    moves={"draw": ("compra", "comprar", "compre"), "take": ("pega", "pegar", "pegue"),
           "meld": ("baixa", "baixar", "baixe"), "add": ("junta", "juntar", "junte", "encaixa"),
           "discard": ("descarta", "descartar", "descarte"), "ask": ("pergunta", "perguntar", "pergunte")},
    to=("em", "no", "na"),
)

LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (ENGLISH, DUTCH, DANISH, BRAZILIAN)}
