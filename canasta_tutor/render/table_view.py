"""`canasta show`: the table drawn with suit symbols and colour (readable without colour too)."""
from __future__ import annotations

from canasta_tutor import texts
from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.table import Table


def card_markup(c: Card, plain: bool = False) -> str:
    """A card in Rich markup: ``K♥`` in red, or ``KH`` where only ASCII can be drawn."""
    text = str(c) if plain else c.symbol()
    if c.is_wild:
        return f"[bold magenta]{text}[/]"
    return f"[red]{text}[/]" if c.is_red else text


def cards_markup(cards, plain: bool = False) -> str:
    return " ".join(card_markup(c, plain) for c in cards) or "[dim]none[/]"


# The words every drawing of a table uses (terminal, plain text, SVG), in one place.
def need_text(table: Table, side) -> str:
    need = table.ruleset.threshold(side.score).need
    return "a canasta" if need is None else str(need)


def meld_kind(m) -> str:
    return "natural canasta" if m.is_natural_canasta else ("canasta" if m.is_canasta else "")


def turn_text(turn) -> str:
    """What the player on turn is doing, after their name: "to draw, first round"."""
    text = "to draw" if turn.phase == "draw" else "has drawn, to meld and discard"
    text += ", first round" if turn.first_round else ""
    return text + (f", partner's answer: {turn.permission}" if turn.permission != "none" else "")


def pile_words(table: Table, teaching: bool = False) -> str:
    """The pile in words: its size, what froze it, and for teaching every card in it (bottom to top),
    since a question about taking it may turn on the cards under the top."""
    if not table.discard:
        return "empty"
    froze = next((c for c in table.discard if c.is_wild or c.is_red_three), None)
    if table.pile_frozen is not None:
        frozen = ", frozen" if table.pile_frozen else ""
    else:
        frozen = f", frozen by {froze}" if froze is not None else ""
    size = f"{len(table.discard)} card" + ("" if len(table.discard) == 1 else "s")
    if teaching:
        return f"{size}{frozen}: {' '.join(map(str, table.discard))} (top {table.discard[-1]})"
    return f"{size}{frozen}, top {table.discard[-1]}"


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
    house = f"  house rules: {table.house_text()}" if table.house_rules else ""
    console.print(f"[bold]{esc(rs.title)}[/] ({esc(rs.id)}){esc(house)}")
    for side in table.sides:
        need = need_text(table, side)
        g = Grid.grid(padding=(0, 2))
        g.add_column(style="dim")
        g.add_column()
        for m in _melds(side, teaching):
            kind = f" {meld_kind(m)}" if m.is_canasta else ""
            g.add_row(f"{m.rank} ({len(m.cards)}){kind}", cards_markup(_cards(m, teaching), plain))
        if side.red_threes:
            g.add_row("red threes", cards_markup(side.red_threes, plain))
        for name in side.players:
            p = table.player(name)
            marker = (f" [bold yellow]{'<-' if plain else '◀'} to play[/]" if name == turn.player and not over
                      else "")
            hand = (cards_markup(sorted(p.hand, key=Card.sort_key), plain) if p.hand is not None
                    else texts.counted("card", p.count))
            g.add_row(f"{esc(name)}{'' if p.hand is None else f' ({p.count})'}", f"{hand}{marker}")
        title = f"{side.name}  score {side.score}, opening needs {need}"
        if not side.melds:
            title += ", not melded yet"
        console.print(Panel(g, title=esc(title), title_align="left"))
    if teaching:
        console.print(f"Pile: {esc(pile_words(table, True))}")
        console.print(f"Stock: {table.stock}")
    else:
        top = table.discard[-1] if table.discard else None
        frozen = " frozen" if table.pile_content_frozen() else ""
        pile = (f"{texts.counted('card', len(table.discard))}{frozen}, top {card_markup(top, plain)}" if top
                else "empty")
        console.print(f"Pile: {pile}    Stock: {table.stock}")
    if not over:
        console.print(f"Turn: [bold]{esc(turn.player)}[/] {turn_text(turn)}")


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
    out = [f"{rs.title} ({rs.id})"]
    if table.house_rules:
        out.append("house rules: " + table.house_text())
    for side in table.sides:
        out.append(f"{side.name}: score {side.score}, opening needs {need_text(table, side)}"
                   + ("" if side.melds else ", not melded yet"))
        for m in _melds(side, teaching):
            kind = f" {meld_kind(m)}" if m.is_canasta else ""
            out.append(f"  meld {m.rank} ({len(m.cards)}){kind}: {' '.join(map(str, _cards(m, teaching)))}")
        if side.red_threes:
            out.append(f"  red threes: {' '.join(map(str, side.red_threes))}")
        for name in side.players:
            p = table.player(name)
            hand = (" ".join(map(str, sorted(p.hand, key=Card.sort_key))) if p.hand is not None
                    else texts.counted("card", p.count))
            out.append(f"  {name}: {hand}" + ("   <- to play" if name == turn.player and not over else ""))
    if teaching:
        out.append(f"Pile: {pile_words(table, True)}")
        out.append(f"Stock: {table.stock}")
        if not over:
            out.append(f"Turn: {turn.player} {turn_text(turn)}")
        return out
    top = table.discard[-1] if table.discard else None
    frozen = " frozen" if table.pile_content_frozen() else ""
    out.append(f"Pile: {texts.counted('card', len(table.discard))}{frozen}, top {top}" if top else "Pile: empty")
    out.append(f"Stock: {table.stock}")
    out.append(f"Turn: {turn.player} {turn_text(turn)}")
    return out
