"""Card notation (format.md, "Cards"): parse and print round trip, aliases, case, and bad codes."""
from __future__ import annotations

import pytest

from canasta_tutor.engine.cards import Card, CardError, parse_card, parse_cards

SUITED_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# ranks whose suit may be left out (format.md: 4 to A, and 2s; never threes)
SUITLESS_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "2")


@pytest.mark.parametrize("rank", SUITED_RANKS)
@pytest.mark.parametrize("suit", SUITS)
def test_every_rank_and_suit_round_trips(rank, suit):
    code = rank + suit
    card = parse_card(code)
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == code
    assert parse_card(str(card)) == card
    # case-insensitive on input, printed upper-case
    assert str(parse_card(code.lower())) == code
    assert parse_card(code.lower()) == card


@pytest.mark.parametrize("symbol,suit", sorted(SYMBOLS.items()))
def test_suit_symbols_are_the_same_suits(symbol, suit):
    assert str(parse_card("K" + symbol)) == "K" + suit
    assert parse_card("10" + symbol) == parse_card("10" + suit)
    assert parse_card("3" + symbol) == Card("3", suit)


@pytest.mark.parametrize("rank", SUITLESS_RANKS)
def test_suit_may_be_left_out_except_on_threes(rank):
    card = parse_card(rank)
    assert card.rank == rank and card.suit is None
    assert str(card) == rank
    assert parse_card(rank.lower()) == card


def test_a_three_needs_its_suit():
    with pytest.raises(CardError) as info:
        parse_card("3")
    assert "three" in info.value.reason
    assert parse_card("3H").is_red_three
    assert parse_card("3s").is_black_three


@pytest.mark.parametrize("code,canonical", [
    ("T", "10"), ("t", "10"), ("TS", "10S"), ("ts", "10S"), ("Th", "10H"), ("10s", "10S"), ("10♦", "10D"),
])
def test_ten_is_written_10_or_t(code, canonical):
    assert str(parse_card(code)) == canonical


@pytest.mark.parametrize("code", ["JK", "jk", "Jk", "jK"])
def test_joker(code):
    card = parse_card(code)
    assert str(card) == "JK"
    assert card.rank == "JK" and card.suit is None
    assert card.is_wild and not card.is_natural


def test_same_card_whatever_the_spelling():
    assert parse_card("kh") == parse_card("KH") == parse_card("K♥") == parse_card(" Kh ")
    assert len({parse_card("kh"), parse_card("KH"), parse_card("K♥")}) == 1
    assert parse_card("KH") != parse_card("KS")
    assert parse_card("K") != parse_card("KH")  # a missing suit is its own notation


@pytest.mark.parametrize("code", [
    "", " ", "XX", "X", "KX", "K♥♥", "11H", "0S", "10 S", "KHH", "S", "♥", "JKH", "JKS", "3", "3X", "QQ", "22",
    "K-H", "A♠♠", "1OS",
])
def test_bad_codes_raise_card_error(code):
    with pytest.raises(CardError) as info:
        parse_card(code)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.text == code
    assert err.reason  # says why


def test_parse_cards_accepts_spaces_commas_and_lists():
    expected = [Card("K", "H"), Card("10", "S"), Card("2", None), Card("JK")]
    assert parse_cards("KH 10S 2 JK") == expected
    assert parse_cards("  kh,  ts ,2   jk ") == expected
    assert parse_cards(["KH", "TS", "2", "jk"]) == expected
    assert parse_cards("") == []
    with pytest.raises(CardError):
        parse_cards("KH XX 2C")


def test_parse_cards_of_a_text_read_before_is_a_new_list_of_the_same_cards():
    # A text is read once and kept (a program builds positions per question from the same texts):
    # the list handed out is the caller's own, and a text that is wrong stays wrong.
    first = parse_cards("9s 9d,2c jk")
    first.append(Card("4", "H"))
    first[0] = Card("K", "S")
    again = parse_cards("9s 9d,2c jk")
    assert again == [Card("9", "S"), Card("9", "D"), Card("2", "C"), Card("JK")]
    assert again is not parse_cards("9s 9d,2c jk")
    for _ in range(2):
        with pytest.raises(CardError):
            parse_cards("9S 3")  # a three needs its suit
    assert parse_cards("KH 10S", reader="nl") == [Card("K", "H"), Card("10", "S")]
    # A code two languages read as different cards: the reader's reading, never one kept for the text.
    assert parse_cards("VC 9S", reader="nl") == [Card("Q", "C"), Card("9", "S")]
    assert parse_cards("VC 9S", reader="pt-BR") == [Card("J", "H"), Card("9", "S")]
    with pytest.raises(CardError):
        parse_cards("VC 9S")


# --- property tests (hypothesis: a test dependency, `pip install -e .[test]`) ------------------------

try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    given = None

if given is None:  # pragma: no cover
    @pytest.mark.skip(reason="hypothesis is not installed (pip install -e .[test])")
    def test_property_tests_need_hypothesis():
        pass
else:
    _RANK_SPELLINGS = [(r, r) for r in SUITED_RANKS] + [("T", "10")]
    _SUIT_SPELLINGS = [(s, s) for s in SUITS] + list(SYMBOLS.items())

    @st.composite
    def card_codes(draw) -> tuple[str, str]:
        """(a valid card code as a user might type it, its canonical form)."""
        if draw(st.integers(0, 13)) == 0:
            code, canonical = "JK", "JK"
        else:
            rank_in, rank = draw(st.sampled_from(_RANK_SPELLINGS))
            suit_in, suit = draw(st.one_of(st.sampled_from(_SUIT_SPELLINGS),
                                           st.just(("", "")) if rank != "3" else st.nothing()))
            code, canonical = rank_in + suit_in, rank + suit
        flips = draw(st.lists(st.booleans(), min_size=len(code), max_size=len(code)))
        code = "".join(ch.lower() if flip else ch for ch, flip in zip(code, flips))
        return code, canonical

    @settings(max_examples=300, deadline=None)
    @given(card_codes())
    def test_any_valid_code_round_trips(pair):
        code, canonical = pair
        card = parse_card(code)
        assert str(card) == canonical
        assert str(card) == str(card).upper()
        assert parse_card(str(card)) == card

    @settings(max_examples=200, deadline=None)
    @given(st.lists(card_codes(), max_size=20))
    def test_parse_cards_of_joined_codes_equals_one_by_one(pairs):
        codes = [code for code, _ in pairs]
        one_by_one = [parse_card(c) for c in codes]
        assert parse_cards(" ".join(codes)) == one_by_one
        assert parse_cards(codes) == one_by_one
        assert [str(c) for c in one_by_one] == [canonical for _, canonical in pairs]

    @settings(max_examples=500, deadline=None)
    @given(st.text(max_size=6))
    def test_any_text_is_a_card_or_a_card_error(text):
        try:
            card = parse_card(text)
        except CardError:
            return
        assert parse_card(str(card)) == card


def test_a_card_and_a_step_keep_what_they_were_made_with():
    """A card is interned and a step is handed out again: neither can be changed or have an attribute
    deleted (its notation, its rank, the kernel's look kept on a step), and a card copied or pickled is
    the same card, its notation with it."""
    import copy
    import pickle

    from canasta_tutor.engine.move import Step

    card = Card("K", "H")
    step = Step("meld", (card, Card("K", "S"), Card("2", "C")))
    for thing, names in ((card, ("code", "rank", "suit")), (step, ("kind", "cards", "written", "plain"))):
        for name in names:
            with pytest.raises(AttributeError):
                setattr(thing, name, None)
            with pytest.raises(AttributeError):
                delattr(thing, name)
    assert str(card) == card.code == "KH" and str(step) == "meld KH KS 2C"
    for again in (copy.copy(card), copy.deepcopy(card), pickle.loads(pickle.dumps(card))):
        assert again is card and str(again) == "KH"


def test_a_move_read_again_is_the_same_move_in_a_list_of_its_own():
    """Moves are kept once read (a program repeats them); what comes back is a fresh list of the same
    steps, which are values no caller can change, and a move that cannot be read is refused every
    time, never kept."""
    from canasta_tutor.engine.move import MoveError, parse_move

    first = parse_move("take 9S 9D; meld KH KS 2C")
    first.append("changed by the caller")
    with pytest.raises(AttributeError):
        first[0].cards = ()
    again = parse_move("take 9S 9D; meld KH KS 2C")
    assert [str(s) for s in again] == ["take 9S 9D", "meld KH KS 2C"]
    assert again == parse_move(["take 9S 9D", "meld KH KS 2C"])
    for _ in range(2):
        with pytest.raises(MoveError):
            parse_move("take 9S 9X")
