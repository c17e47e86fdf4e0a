"""``canasta new table FILE``: a table written in a minute, question by question.

Each answer is checked as it is given (a card that is not one, a fourth copy of a card in a
two-deck game, a name that is not a player's) and asked again; the file written at the end is
read back through the same reader as every table, so it loads. When standard input is not a
terminal, one answer a line, so the wizard can be scripted.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from canasta_tutor import texts
from canasta_tutor.engine.cards import Card, CardError, over_deck_limit, parse_card
from canasta_tutor.engine.ruleset import BUILTIN, Ruleset, load_ruleset, resolve_for_players
from canasta_tutor.engine.table import laid_rank
from canasta_tutor.files.snapshot import table_from_text
from canasta_tutor.files.writing import write_file
from canasta_tutor.reading.strict_yaml import InputError
from canasta_tutor.render.safe import clean

Ask = Callable[[str], "str | None"]
DEFAULT_NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fay"]
PLAIN_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9 _.-]*$")
YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n"}


class Invalid(ValueError):
    """An answer to ask again, with the reason."""


def _t(key: str, **params) -> str:
    return texts.section("teaching", f"wizard.{key}", params)


def _cards(text: str) -> list[Card]:
    out = []
    for word in text.replace(",", " ").split():
        try:
            out.append(parse_card(word))
        except CardError as exc:
            raise Invalid(_t("not-a-card", word=word, reason=exc.reason)) from None
    return out


def _usable_name(name: str) -> str:
    """A player's or side's name as the file and the sides step can hold it: ';' and ':' separate
    the sides, ',' the members, and a control character would act on the terminal."""
    if any(ch in ";:," for ch in name) or clean(name) != name:
        raise Invalid(_t("bad-name", found=name))
    return name


def _name(text: str) -> str:
    if PLAIN_NAME.match(text) and text.lower() not in YAML_WORDS and text == text.strip():
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Wizard:
    """The questions, in order; ``ask`` gets a prompt and returns the answer (None: input ended)."""

    def __init__(self, ask: Ask, tell: Callable[[str], None], ruleset: str | None = None) -> None:
        self.ask_line, self.tell = ask, tell
        self.given_ruleset = ruleset
        self.cards: list[Card] = []  # every card named so far, for the decks' limits
        self.unknown = 0  # the cards of hands given as a number, so far
        self.typed: list[str] = []  # every answer accepted, to keep if the table cannot be finished

    def ask(self, prompt: str, check: Callable[[str], object], default: str = ""):
        """Ask until ``check`` accepts the answer; Enter takes the default."""
        shown = f"{prompt} [{default}]" if default else prompt
        while True:
            answer = self.ask_line(shown + ": ")
            if answer is None:
                raise InputError(_t("ended"))
            answer = answer.strip() or default
            try:
                value = check(answer)
                self.typed.append(answer)
                return value
            except Invalid as exc:
                self.tell(str(exc))
            except InputError as exc:
                self.tell(exc.message)

    def cards_within_decks(self, ruleset: Ruleset, text: str) -> list[Card]:
        cards = _cards(text)
        over = over_deck_limit(self.cards + cards, ruleset.decks, ruleset.jokers)
        if over:
            what, found, allowed = over[0]
            raise Invalid(_t("too-many", what=what, found=found, allowed=allowed, decks=ruleset.decks))
        self.cards.extend(cards)
        return cards

    def run(self) -> str:
        """The questions, then the file's text (read back before it is returned)."""
        def ruleset_of(text: str) -> tuple[str, Ruleset]:
            return text, load_ruleset(text)

        # the file names the ruleset as given: a built-in id, or the ruleset file's path
        rs_ref, ruleset = self.ask(_t("ruleset", ids=", ".join(BUILTIN)), ruleset_of, "classic") \
            if not self.given_ruleset else ruleset_of(self.given_ruleset)

        def players_of(text: str) -> list[str]:
            names = [_usable_name(n) for n in re.split(r"[,\s]+", text) if n]
            if len(set(names)) != len(names):
                raise Invalid(_t("same-name"))
            counts = sorted({ruleset.players, *ruleset.variants})
            if len(names) not in counts:
                raise Invalid(_t("player-count", found=len(names), ruleset=ruleset.id,
                                 counts=", ".join(map(str, counts))))
            return names

        names = self.ask(_t("players"), players_of, " ".join(DEFAULT_NAMES[:ruleset.players]))
        ruleset = resolve_for_players(ruleset, len(names))
        sides = self._sides(ruleset, names)
        hands = {}
        for name in names:
            hands[name] = self.ask(_t("hand", player=name), lambda t: self._hand(ruleset, t), str(ruleset.deal))
        side_data = []
        for side_name, members in sides:
            melds = self.ask(_t("melds", side=side_name), lambda t: self._melds(ruleset, t), "")
            reds = self.ask(_t("red-threes", side=side_name), lambda t: self._reds(ruleset, t), "")
            score = self.ask(_t("score", side=side_name), _whole, "0")
            side_data.append((side_name, members, melds, reds, score))
        pile = self.ask(_t("pile"), lambda t: self.cards_within_decks(ruleset, t), "")
        # the stock's default: the cards no hand, meld or pile holds (named cards are all in self.cards)
        counted = sum(h for h in hands.values() if isinstance(h, int)) + len(self.cards)
        left = max(0, 52 * ruleset.decks + ruleset.jokers - counted)

        def stock_of(text: str) -> int:
            # every hand is given: the stock holds exactly the cards not on the table (lint counts them too)
            found = _whole(text)
            if found != left:
                raise Invalid(_t("stock-fits", found=found, left=left))
            return found

        stock = self.ask(_t("stock", left=left), stock_of, str(left))

        def player_of(text: str) -> str:
            if text not in names:
                raise Invalid(_t("not-a-player", found=text, names=", ".join(names)))
            return text

        turn = self.ask(_t("turn"), player_of, names[0])

        def phase_of(text: str) -> str:
            if text.lower() not in ("draw", "play"):
                raise Invalid(_t("phase-choice"))
            return text.lower()

        phase = self.ask(_t("phase"), phase_of, "draw")
        text = _write(rs_ref if rs_ref in BUILTIN or len(names) == ruleset.players else ruleset.id, names, hands, side_data, ruleset, pile, stock,
                      turn, phase)
        table_from_text(text, "new table")  # what is written loads, or this is a bug of ours
        return text

    def _sides(self, ruleset: Ruleset, names: list[str]) -> list[tuple[str, list[str]]]:
        if ruleset.side_size == 1:
            return [(n, [n]) for n in names]
        count = len(names) // ruleset.side_size
        usual = [[names[i + k * count] for k in range(ruleset.side_size)] for i in range(count)]
        labels = ["NS", "EW"] if count == 2 else [f"Side{i + 1}" for i in range(count)]
        default = "; ".join(f"{label}: {' '.join(g)}" for label, g in zip(labels, usual))

        def sides_of(text: str) -> list[tuple[str, list[str]]]:
            out = []
            seen: set[str] = set()
            for part in filter(None, (p.strip() for p in text.split(";"))):
                label, colon, members = part.partition(":")
                who = members.replace(",", " ").split() if colon else []
                if not colon or not label.strip() or len(who) != ruleset.side_size:
                    raise Invalid(_t("side-form", size=ruleset.side_size, example=default))
                for w in who:
                    if w not in names or w in seen:
                        raise Invalid(_t("side-member", found=w, names=", ".join(names)))
                    seen.add(w)
                out.append((_usable_name(label.strip()), who))
            if seen != set(names):
                raise Invalid(_t("side-form", size=ruleset.side_size, example=default))
            return out

        return self.ask(_t("sides"), sides_of, default)

    def _hand(self, ruleset: Ruleset, text: str):
        words = text.split()
        if text.isdigit() or len(words) == 2 and words[0].isdigit() and words[1].lower() in ("card", "cards"):
            count = int(words[0])
            room = 52 * ruleset.decks + ruleset.jokers - len(self.cards) - self.unknown
            if count > room:  # more cards than the decks have left: asked again, not refused at the end
                raise Invalid(_t("hand-room", found=count, room=room))
            self.unknown += count
            return count
        return self.cards_within_decks(ruleset, text)

    def _melds(self, ruleset: Ruleset, text: str) -> list[list[Card]]:
        melds = []
        named: list[Card] = []
        for part in filter(None, (p.strip() for p in text.split(";"))):
            cards = _cards(part)
            rank = laid_rank(cards, ruleset)  # as the file's reader reads it
            if rank is None or any(not c.is_wild and c.rank != rank for c in cards) or any(c.is_red_three for c in cards):
                raise Invalid(_t("meld-form", meld=part))
            melds.append(cards)
            named += cards
        self.cards_within_decks(ruleset, " ".join(map(str, named)))
        return melds

    def _reds(self, ruleset: Ruleset, text: str) -> list[Card]:
        cards = _cards(text)
        if any(not c.is_red_three for c in cards):
            raise Invalid(_t("red-only"))
        return self.cards_within_decks(ruleset, text)


def _whole(text: str) -> int:
    t = text.strip()
    body = t[1:] if t[:1] == "-" else t
    if not body.isdigit():
        raise Invalid(_t("whole", found=text))
    return int(t)


def _cards_text(cards: list[Card]) -> str:
    return " ".join(map(str, cards))


def _write(rs: str, names, hands, sides, ruleset: Ruleset, pile, stock, turn, phase) -> str:
    lines = [f"# {_t('file-head')}", f"# {_t('file-check')}", f"ruleset: {rs}", f"players:  # {_t('file-seating')}"]
    for n in names:
        hand = hands[n]
        value = str(hand) if isinstance(hand, int) else (_cards_text(hand) if len(hand) > 1 else
                                                         f"[{_cards_text(hand)}]" if hand else "[]")
        note = _t("file-count") if isinstance(hand, int) else _t("file-cards")
        lines += [f"  - name: {_name(n)}", f"    hand: {value}  # {note}"]
    lines.append("sides:")
    for side_name, members, melds, reds, score in sides:
        lines += [f"  - name: {_name(side_name)}", f"    players: [{', '.join(_name(m) for m in members)}]",
                  f"    score: {score}  # {_t('file-score')}"]
        if melds:
            lines.append("    melds:")
            lines += [f"      - [{', '.join(map(str, m))}]" for m in melds]
        if reds:
            lines.append(f"    red_threes: [{', '.join(map(str, reds))}]")
    lines.append(f"discard: [{', '.join(map(str, pile))}]  # {_t('file-pile')}")
    lines += [f"stock: {stock}", "turn:", f"  player: {_name(turn)}", f"  phase: {phase}  # {_t('file-phase')}"]
    return "\n".join(lines) + "\n"


def write_new_table(file: str, ruleset: str | None, stdin, stdout) -> str | None:
    """Ask for the table on ``stdin``/``stdout`` and write it to ``file`` (never over an existing
    file; ``-``: to standard output). Returns the file written, or None for standard output."""
    import os
    import sys
    from pathlib import Path

    to_stdout = file == "-"
    if not to_stdout:
        if not file.strip():
            raise InputError(_t("no-file"))
        if os.path.lexists(file):
            raise InputError(_t("exists", file=file))
        if not Path(file).parent.is_dir():
            raise InputError(_t("no-folder", folder=str(Path(file).parent)))
    interactive = hasattr(stdin, "isatty") and stdin.isatty()

    # what is echoed holds names and answers typed in: shown, never obeyed by the terminal
    def ask(prompt: str) -> str | None:
        stdout.write(clean(prompt))
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n")
            return None
        if not interactive:  # a transcript that reads like the session it replays
            stdout.write(clean(line.rstrip("\n")) + "\n")
        return line.rstrip("\n")

    def tell(message: str) -> None:
        stdout.write(f"  {clean(message)}\n")

    stdout.write(_t("intro") + "\n")
    wizard = Wizard(ask, tell, ruleset)
    try:
        text = wizard.run()
    except (InputError, KeyboardInterrupt):
        _keep_answers(file, wizard.typed, stdout)
        raise
    if to_stdout:
        sys.stdout.write(text)
        return None
    write_file(file, text)  # a new file only: never over one, a link or a pipe, even in a race
    stdout.write(clean(_t("wrote", file=file) + "\n" + _t("next", file=file), keep="\n") + "\n")
    return file


def _keep_answers(file: str, typed: list[str], stdout) -> None:
    """The answers given before the table could not be finished, kept in a file beside the one asked
    for, one a line: fed back to the wizard they answer its questions again, and it asks on from there."""
    if not typed:
        return
    keep = f"{file}.answers.txt" if file != "-" else "new-table.answers.txt"
    try:
        write_file(keep, "\n".join(typed) + "\n")
    except (InputError, OSError):
        return  # the name is taken or the folder cannot be written: the original error says enough
    stdout.write(clean(_t("kept-answers", file=keep, n=len(typed), table=file)) + "\n")
