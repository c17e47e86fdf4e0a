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


def table_data(table: Table) -> dict:
    return table.to_data() | {"resolved_ruleset": table.ruleset.id}


def print_table(table: Table) -> None:
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
        for m in side.melds:
            kind = f" {meld_kind(m)}" if m.is_canasta else ""
            g.add_row(f"{m.rank} ({len(m.cards)}){kind}", cards_markup(sorted(m.cards, key=Card.sort_key), plain))
        if side.red_threes:
            g.add_row("red threes", cards_markup(side.red_threes, plain))
        for name in side.players:
            p = table.player(name)
            marker = f" [bold yellow]{'<-' if plain else '◀'} to play[/]" if name == turn.player else ""
            hand = (cards_markup(sorted(p.hand, key=Card.sort_key), plain) if p.hand is not None
                    else texts.counted("card", p.count))
            g.add_row(f"{esc(name)}{'' if p.hand is None else f' ({p.count})'}", f"{hand}{marker}")
        title = f"{side.name}  score {side.score}, opening needs {need}"
        if not side.melds:
            title += ", not melded yet"
        console.print(Panel(g, title=esc(title), title_align="left"))
    top = table.discard[-1] if table.discard else None
    frozen = " frozen" if table.pile_content_frozen() else ""
    pile = (f"{texts.counted('card', len(table.discard))}{frozen}, top {card_markup(top, plain)}" if top else "empty")
    console.print(f"Pile: {pile}    Stock: {table.stock}")
    console.print(f"Turn: [bold]{esc(turn.player)}[/] {turn_text(turn)}")


def table_lines(table: Table) -> list[str]:
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
        for m in side.melds:
            kind = f" {meld_kind(m)}" if m.is_canasta else ""
            cards = " ".join(map(str, sorted(m.cards, key=Card.sort_key)))
            out.append(f"  meld {m.rank} ({len(m.cards)}){kind}: {cards}")
        if side.red_threes:
            out.append(f"  red threes: {' '.join(map(str, side.red_threes))}")
        for name in side.players:
            p = table.player(name)
            hand = (" ".join(map(str, sorted(p.hand, key=Card.sort_key))) if p.hand is not None
                    else texts.counted("card", p.count))
            out.append(f"  {name}: {hand}" + ("   <- to play" if name == turn.player else ""))
    top = table.discard[-1] if table.discard else None
    frozen = " frozen" if table.pile_content_frozen() else ""
    out.append(f"Pile: {texts.counted('card', len(table.discard))}{frozen}, top {top}" if top else "Pile: empty")
    out.append(f"Stock: {table.stock}")
    out.append(f"Turn: {turn.player} {turn_text(turn)}")
    return out
