"""`canasta show`: the table drawn with suit symbols and colour (readable without colour too)."""
from __future__ import annotations

from canasta_tutor import texts
from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.table import Table, freezers


def card_markup(c: Card, plain: bool = False) -> str:
    """A card in Rich markup: ``K♥`` in red, or ``KH`` where only ASCII can be drawn."""
    style = texts.card_style()
    if plain:  # letters only: the reader's, or the standard ones
        text = texts.show_card(str(c), style="standard" if style == "standard" else "local")
    else:  # a drawing keeps its suit symbols, with the reader's rank letters unless the standard is asked for
        text = c.symbol() if style == "standard" else texts.show_card(str(c), style="symbols")
    if c.is_wild:
        return f"[bold magenta]{text}[/]"
    return f"[red]{text}[/]" if c.is_red else text


def cards_markup(cards, plain: bool = False) -> str:
    return " ".join(card_markup(c, plain) for c in cards) or f"[dim]{texts.label('table.none')}[/]"


def house_text(table: Table) -> str:
    """The house rules of a table in the reader's words, each a parameter's title and the value in
    force (the ruleset has read the file's value: a list of bands is a first-meld minimum):
    ``de partner vragen voor het uitgaan: verplicht; de stapel wordt bevroren door: joker, zwarte drie``."""
    from canasta_tutor.render.rules_view import house_rule_text

    return "; ".join(house_rule_text(table.ruleset, key) for key in table.house_rules)


# The words every drawing of a table uses (terminal, plain text, SVG), in one place.
def need_text(table: Table, side) -> str:
    need = table.ruleset.threshold(side.score).need
    return texts.label("table.needs-canasta") if need is None else str(need)


def meld_kind(m) -> str:
    return (texts.label("table.natural-canasta") if m.is_natural_canasta
            else (texts.label("table.canasta") if m.is_canasta else ""))


def turn_text(turn) -> str:
    """What the player on turn is doing, after their name: "to draw, first round"."""
    text = texts.label(("table.to-draw" if turn.phase == "draw" else "table.to-meld")
                       + ("-first" if turn.first_round else ""))
    return texts.label("table.permission", turn=text, permission=texts.label(f"table.answers.{turn.permission}")) \
        if turn.permission != "none" else text


def pile_words(table: Table) -> str:
    """The pile for teaching, as a line: its size, what froze it, and every card in it (bottom to top),
    since a question about taking it may turn on the cards under the top."""
    if not table.discard:
        return texts.label("table.pile-empty")
    cards = {"cards": texts.counted("card", len(table.discard)), "all": texts.show_cards(" ".join(map(str, table.discard))),
             "top": str(table.discard[-1])}
    freezing = freezers(table.ruleset.pile_frozen_by)  # what freezes a pile is the ruleset's to say
    froze = next((c for c in table.discard if c in freezing), None)
    if table.pile_frozen is not None:
        return texts.label("table.pile-all-frozen" if table.pile_frozen else "table.pile-all", **cards)
    if froze is not None:
        return texts.label("table.pile-all-frozen-by", card=str(froze), **cards)
    return texts.label("table.pile-all", **cards)


def table_data(table: Table) -> dict:
    return table.to_data() | {"resolved_ruleset": table.ruleset.id}


def print_table(table: Table, teaching: bool = False, over: bool = False) -> None:
    """``teaching``: every pile card and melds in order; ``over``: the hand has ended, nobody is to play."""
    from rich.markup import escape
    from rich.panel import Panel
    from rich.table import Table as Grid

    from canasta_tutor.render.console import ascii_only
    from canasta_tutor.render.console import console as make_console
    from canasta_tutor.render.safe import clean

    def esc(text: str) -> str:
        """Names come from the file: "[red]" in one is text, not style, and ESC is shown, not obeyed."""
        return escape(clean(text))

    plain = ascii_only()
    console = make_console()
    rs = table.ruleset
    turn = table.turn
    house = "  " + texts.label("table.house-rules", rules=house_text(table)) if table.house_rules else ""
    console.print(f"[bold]{esc(texts.ruleset_title(rs.id, rs.title))}[/] ({esc(rs.id)}){esc(house)}")
    for side in table.sides:
        need = need_text(table, side)
        g = Grid.grid(padding=(0, 2))
        g.add_column(style="dim")
        g.add_column()
        for m in _melds(side, teaching):
            g.add_row(_meld_label(m), cards_markup(_cards(m, teaching), plain))
        if side.red_threes:
            g.add_row(texts.label("table.red-threes"), cards_markup(side.red_threes, plain))
        for name in side.players:
            p = table.player(name)
            marker = (f" [bold yellow]{'<-' if plain else '◀'} {texts.label('table.to-play')}[/]"
                      if name == turn.player and not over else "")
            hand = (cards_markup(sorted(p.hand, key=Card.sort_key), plain) if p.hand is not None
                    else texts.counted("card", p.count))
            g.add_row(f"{esc(name)}{'' if p.hand is None else f' ({p.count})'}", f"{hand}{marker}")
        title = texts.label("table.side" if side.melds else "table.side-unmelded", side=side.name,
                            score=side.score, need=need)
        console.print(Panel(g, title=esc(title), title_align="left"))
    if teaching:
        console.print(esc(pile_words(table)))
        console.print(texts.label("table.stock", stock=table.stock))
    else:
        top = table.discard[-1] if table.discard else None
        pile = _pile_text(table, card_markup(top, plain) if top else "")
        console.print(texts.label("table.pile-and-stock", pile=pile, stock=texts.label("table.stock", stock=table.stock)))
    if not over:
        console.print(texts.label("table.turn", player=f"[bold]{esc(turn.player)}[/]", doing=turn_text(turn)))


def _meld_label(m) -> str:
    if m.is_canasta:
        return texts.label("table.meld-kind", rank=texts.show_card(m.rank), size=len(m.cards), kind=meld_kind(m))
    return texts.label("table.meld", rank=texts.show_card(m.rank), size=len(m.cards))


def _pile_text(table: Table, top: str) -> str:
    if not top:
        return texts.label("table.pile-empty")
    return texts.label("table.pile-frozen" if table.pile_content_frozen() else "table.pile",
                       cards=texts.counted("card", len(table.discard)), top=top)


def _melds(side, teaching: bool):
    from canasta_tutor.engine.cards import RANKS

    if not teaching:
        return side.melds
    order = {r: i for i, r in enumerate(RANKS)}
    return sorted(side.melds, key=lambda m: order.get(m.rank, 99))


def _cards(m, teaching: bool):
    """A meld's cards in the readable order: naturals by rank, then wild cards."""
    return sorted(m.cards, key=Card.sort_key)


def table_lines(table: Table, teaching: bool = False, over: bool = False) -> list[str]:
    """The same table as plain lines of text, for scripts and transcripts (no colour, no boxes); names
    are kept as they are: the caller prints them through ``safe.clean``."""
    rs = table.ruleset
    turn = table.turn
    out = [texts.label("table.ruleset", title=texts.ruleset_title(rs.id, rs.title), id=rs.id)]
    if table.house_rules:
        out.append(texts.label("table.house-rules", rules=house_text(table)))
    for side in table.sides:
        out.append(texts.label("table.side-line" if side.melds else "table.side-line-unmelded", side=side.name,
                               score=side.score, need=need_text(table, side)))
        for m in _melds(side, teaching):
            cards = texts.show_cards(" ".join(map(str, _cards(m, teaching))))
            out.append("  " + texts.label("table.meld-line", meld=_meld_label(m), cards=cards))
        if side.red_threes:
            out.append("  " + texts.label("table.red-threes-line", cards=texts.show_cards(" ".join(map(str, side.red_threes)))))
        for name in side.players:
            p = table.player(name)
            hand = (texts.show_cards(" ".join(map(str, sorted(p.hand, key=Card.sort_key)))) if p.hand is not None
                    else texts.counted("card", p.count))
            to_play = name == turn.player and not over
            out.append("  " + texts.label("table.player-line-to-play" if to_play else "table.player-line",
                                          name=name, hand=hand))
    if teaching:
        out.append(pile_words(table))
        out.append(texts.label("table.stock", stock=table.stock))
        if not over:
            out.append(texts.label("table.turn", player=turn.player, doing=turn_text(turn)))
        return out
    top = table.discard[-1] if table.discard else None
    out.append(_pile_text(table, str(top) if top else ""))
    out.append(texts.label("table.stock", stock=table.stock))
    if not over:
        out.append(texts.label("table.turn", player=turn.player, doing=turn_text(turn)))
    return out
