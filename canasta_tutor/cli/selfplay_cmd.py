"""Self-play: the engine plays whole hands against itself, checking every invariant."""
from __future__ import annotations

import sys
from typing import Any

import typer

from canasta_tutor.cli import completion
from canasta_tutor.cli.common import (
    EXIT_ILLEGAL,
    EXIT_USAGE,
    JsonOpt,
    LangOpt,
    app,
    emit_json,
    fail,
    guarded,
    plain_style,
    ruleset_ref,
)


@app.command()
@guarded
def selfplay(
    hands: int = typer.Option(1, "--hands", min=1, max=1_000_000, metavar="N"),  # -n is quiz's --count
    seed: int = typer.Option(1, "--seed", metavar="SEED"),
    ruleset: list[str] | None = typer.Option(None, "--ruleset", "-r", metavar="ID",
                                                autocompletion=completion.ruleset_ids),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=64, metavar="J"),
    show: bool = typer.Option(False, "--show"),
    side: list[str] | None = typer.Option(None, "--side", metavar="NAME=PLAYER"),
    paired: bool = typer.Option(False, "--paired"),
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
) -> None:
    from canasta_tutor.engine.ruleset import BUILTIN

    if side:
        ids = [ruleset_ref(r) for r in ruleset] if ruleset else ["classic"]
        return _selfplay_sides(ids, hands, seed, jobs, side, as_json, paired)
    if paired:
        from canasta_tutor.texts import section

        fail(EXIT_USAGE, section("selfplay", "paired-needs-sides"), as_json)
    ids = [ruleset_ref(r) for r in ruleset] if ruleset else list(BUILTIN)
    if show:
        return _selfplay_show(ids, hands, seed, as_json)
    from canasta_tutor import texts
    from canasta_tutor.play.selfplay import play_many
    from canasta_tutor.render.progress_bar import progress_bar

    label = texts.section("command_line", "progress.selfplay")
    with progress_bar(hands * len(ids), label, shown=not as_json) as bar:
        summary = play_many(ids, hands, seed, jobs, bar.to)
    data = {
        "hands": summary.hands,
        "moves": summary.moves,
        "rulesets": {rid: {how: n for (r, how), n in sorted(summary.ended.items()) if r == rid} for rid in ids},
        "broken": [{"ruleset": b.ruleset, "seed": b.seed, "turn": b.turn, "move": b.move, "what": b.what,
                    "reproduce": f"canasta selfplay --ruleset {b.ruleset} --seed {b.seed} --show"}
                   for b in summary.broken],
        "unfinished": [{"ruleset": rid, "seed": s, "ended": how,
                        "reproduce": f"canasta selfplay --ruleset {rid} --seed {s} --show"}
                       for rid, s, how in summary.unfinished],
    }
    if summary.stopped:
        data["stopped"] = True
    if as_json:
        emit_json(data)
    else:
        from canasta_tutor.render.safe import clean_data
        from canasta_tutor.texts import counted, section

        data = clean_data(data)  # ruleset ids and paths come from arguments and files
        st = plain_style()
        for rid, ends in data["rulesets"].items():
            told = ", ".join(section("selfplay", f"ended.{how}", {"n": n}) for how, n in ends.items())
            print(section("selfplay", "ruleset", {"ruleset": rid, "ends": told}))
        for b in data["broken"]:
            print(st(section("selfplay", "broken", b), "red"))
            print("  " + section("selfplay", "reproduce", {"command": b["reproduce"]}))
        for u in data["unfinished"]:
            print(st(section("selfplay", "unfinished", {**u, "how": section("selfplay", f"how.{u['ended']}"),
                                                        "command": u["reproduce"]}), "yellow"))
        verdict = (section("selfplay", "nothing-broke") if not data["broken"]
                   else counted("broken-invariant", len(data["broken"])))
        print(st(section("selfplay", "summary", {"hands": counted("hand", data["hands"]),
                                                 "moves": counted("move", data["moves"]), "verdict": verdict}),
                 "green" if not data["broken"] else "bold"))
    if summary.stopped:
        sys.stderr.write(f"canasta: {texts.section('command_line', 'stopped')}\n")
        raise typer.Exit(130)
    raise typer.Exit(EXIT_ILLEGAL if data["broken"] else 0)


def _selfplay_show(ids: list[str], hands: int, seed: int, as_json: bool) -> None:
    from canasta_tutor.play.selfplay import play_hand
    from canasta_tutor.render import report

    results = [play_hand(rid, s) for s in range(seed, seed + hands) for rid in ids]
    data = [{"ruleset": r.ruleset, "seed": r.seed, "ended": r.ended, "out": r.out, "moves": r.log,
             "broken": [str(b) for b in r.broken], "snapshot": [b.table for b in r.broken if b.table],
             "score": report.score_dict(r.score) if r.score else None} for r in results]
    if as_json:
        emit_json({"hands": data})
    else:
        from canasta_tutor import texts
        from canasta_tutor.render.plain import score_text
        from canasta_tutor.render.safe import clean_data
        from canasta_tutor.texts import counted, section

        st = plain_style()
        for d in clean_data(data):
            moves = counted("move", len(d["moves"]))
            print(st(section("selfplay", "hand", {"ruleset": d["ruleset"], "seed": d["seed"], "moves": moves,
                                                  "how": section("selfplay", f"how.{d['ended']}")}), "bold"))
            for line in d["moves"]:  # each move in the reader's verbs and letters, as every other move shown
                print(f"  {texts.moves_in_text(line)}")
            for b, snap in zip(d["broken"], d["snapshot"] + [""] * len(d["broken"])):
                print(st(f"BROKEN {b}", "red"))  # an invariant of the engine broke: for developers
                if snap:
                    print(snap)
            if d["score"]:
                print(score_text(d["score"], st))
            print()
    raise typer.Exit(EXIT_ILLEGAL if any(d["broken"] for d in data) else 0)


def _selfplay_sides(ids: list[str], hands: int, seed: int, jobs: int, side: list[str], as_json: bool,
                    paired: bool = False) -> None:
    from canasta_tutor.play.selfplay import play_sides
    from canasta_tutor.reading.strict_yaml import InputError

    players = {}
    for text in side:
        name, eq, player = text.partition("=")
        if not eq or not name.strip() or not player.strip():
            from canasta_tutor.texts import section

            fail(EXIT_USAGE, section("selfplay", "side-form", {"found": text}), as_json)
        players[name.strip()] = player.strip().lower()
    try:
        match = play_sides(ids, hands, players, seed, jobs, paired=paired)
    except InputError as exc:  # a side or a player the game does not know: the option is wrong
        from canasta_tutor.texts import said, section

        fail(EXIT_USAGE, section("selfplay", "side-problem", {"problem": said(exc.message)}), as_json)
    sides = match.sides()
    data: dict[str, Any] = {
        "hands": match.hands,
        "moves": match.moves,
        "rulesets": {rid: {how: n for (r, how), n in sorted(match.ended.items()) if r == rid} for rid in ids},
        "broken": [],
        "unfinished": [],
        "sides": sides,
    }
    if paired:  # each deal twice, the players swapping sides: what counts is each player's tally
        data["deals"] = match.hands // 2
        data["players"] = match.by_player()
    if as_json:
        emit_json(data)
    else:
        from canasta_tutor.texts import section

        for name, s in ({} if paired else sides).items():  # paired, each side had both players: per player only
            print(section("play", "side-line", {"side": name, "player": s["player"], "won": s["won"],
                                                 "hands": match.hands, "points": s["points"]}))
        for player, p in (data.get("players") or {}).items():
            print(section("play", "player-line", {"player": player, **p}))
