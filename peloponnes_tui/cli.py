"""The `peloponnes` command: play, simulate, demo and check card data."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from statistics import mean, pstdev
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="peloponnes",
        description="The Peloponnes Card Game in the terminal (2-5 players, hot-seat).")
    ap.add_argument("--cards", metavar="PATH", help="play with an edited copy of cards.yaml")
    ap.add_argument("--resume", action="store_true", help="resume the autosaved game")
    sub = ap.add_subparsers(dest="command")

    sim = sub.add_parser("simulate", help="play games between computer players, print statistics")
    sim.add_argument("--players", type=int, default=None, help="number of players (2-5)")
    sim.add_argument("--bots", default=None,
                     help="comma-separated bot names, one per seat (default: random for each)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="one JSON object per game and line")

    demo = sub.add_parser("demo", help="narrated rules demonstrations")
    demo.add_argument("--scenario", metavar="NAME", help="play one scenario (see --list)")
    demo.add_argument("--list", action="store_true", help="list the scenarios")
    demo.add_argument("--text", action="store_true",
                      help="print the narration instead of opening the app")
    demo.add_argument("--bots", default="random,random,random",
                      help="bots for a whole narrated game (without --scenario)")
    demo.add_argument("--seed", type=int, default=1)

    cards = sub.add_parser("cards", help="card data tools")
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)
    check = cards_sub.add_parser("check", help="validate a cards.yaml and print a summary")
    check.add_argument("path", nargs="?", default=None)
    return ap


def _load(path: str | None) -> CardSet:
    from peloponnes_tui.cards import load_cards

    return load_cards(path)


def cmd_simulate(args: argparse.Namespace, cards: CardSet) -> int:
    from peloponnes_tui.bots import BOTS
    from peloponnes_tui.simulate import Summary, game_record, play_game, wilson

    if args.bots:
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    else:
        bots = ["random"] * (args.players or 4)
    if args.players and args.bots and len(bots) != args.players:
        # fill the seats by repeating the given bots
        bots = [bots[i % len(bots)] for i in range(args.players)]
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        print(f"peloponnes: unknown bot {unknown[0]!r}; choose from {', '.join(BOTS)}",
              file=sys.stderr)
        return 2
    if not 2 <= len(bots) <= 5:
        print("peloponnes: a game needs 2 to 5 players", file=sys.stderr)
        return 2
    if args.games < 1:
        print("peloponnes: --games must be at least 1", file=sys.stderr)
        return 2
    summary = Summary()
    for i in range(args.games):
        shift = i % len(bots)  # rotate seats so no bot keeps the same seat
        seating = bots[shift:] + bots[:shift]
        game = play_game(cards, seating, args.seed + i)
        record = game_record(game, seating)
        summary.add(record)
        if args.json:
            print(json.dumps(record), flush=False)
    if args.json:
        return 0
    from rich.console import Console
    from rich.table import Table

    con = Console()
    n = summary.games
    con.print(f"[b]{n} games[/b], {len(bots)} players, seed {args.seed}")
    t = Table(title="Wins per seat")
    t.add_column("seat")
    t.add_column("wins", justify="right")
    t.add_column("rate", justify="right")
    for seat in range(len(bots)):
        w = summary.seat_wins[seat]
        t.add_row(str(seat + 1), f"{w:g}", f"{w / n:.1%}")
    con.print(t)
    t = Table(title="Bots")
    for col in ("bot", "games", "wins", "win rate (95% CI)", "mean score", "spread (sd)"):
        t.add_column(col, justify="right" if col != "bot" else "left")
    for bot, games in sorted(summary.bot_games.items()):
        w = summary.bot_wins[bot]
        lo, hi = wilson(w, games)
        sc = summary.bot_scores[bot]
        t.add_row(bot, str(games), f"{w:g}", f"{w / games:.1%} ({lo:.1%}–{hi:.1%})",
                  f"{mean(sc):.2f}", f"{pstdev(sc):.2f}")
    con.print(t)
    t = Table(title="Wins per civilization")
    for col in ("civilization", "games", "wins", "win rate (95% CI)"):
        t.add_column(col, justify="right" if col != "civilization" else "left")
    for civ, games in sorted(summary.civ_games.items()):
        w = summary.civ_wins[civ]
        lo, hi = wilson(w, games)
        t.add_row(civ, str(games), f"{w:g}", f"{w / games:.1%} ({lo:.1%}–{hi:.1%})")
    con.print(t)
    t = Table(title="Final scores")
    t.add_column("score", justify="right")
    t.add_column("players", justify="right")
    t.add_column("", justify="left")
    top = max(summary.scores.values())
    for score in sorted(summary.scores):
        k = summary.scores[score]
        t.add_row(str(score), str(k), "█" * max(1, round(30 * k / top)))
    con.print(t)
    t = Table(title="Catastrophes")
    t.add_column("catastrophe")
    t.add_column("struck in", justify="right")
    for cat in cards.catastrophes:
        k = summary.catastrophes[cat.id]
        t.add_row(cat.name.en, f"{k} games ({k / n:.0%})")
    con.print(t)
    return 0


def cmd_demo(args: argparse.Namespace, cards: CardSet) -> int:
    from peloponnes_tui.demo.scenario import (
        ScenarioError,
        list_scenarios,
        load_scenario,
        narrate_bot_game,
        narrate_text,
    )

    try:
        if args.list:
            for sc in list_scenarios():
                print(f"{sc.id:20} {sc.title}")
            return 0
        scenario = load_scenario(args.scenario) if args.scenario else None
        if not args.text:
            run_demo = None
            try:
                from peloponnes_tui.tui import app as tui_app

                run_demo = getattr(tui_app, "run_demo", None)
            except ImportError:
                pass
            if run_demo is None:
                print("peloponnes: the demonstration screen is not part of this build; showing "
                      "the narration as text.", file=sys.stderr)
            else:
                return int(run_demo(cards=cards, scenario=scenario, bots=args.bots,
                                    seed=args.seed))
        if scenario is not None:
            lines = narrate_text(scenario, cards)
        else:
            bots = [b.strip() for b in args.bots.split(",") if b.strip()]
            from peloponnes_tui.bots import BOTS

            bad = [b for b in bots if b not in BOTS]
            if bad or not 2 <= len(bots) <= 5:
                print(f"peloponnes: --bots needs 2 to 5 of: {', '.join(BOTS)}", file=sys.stderr)
                return 2
            lines = narrate_bot_game(cards, bots, args.seed)
        for line in lines:
            print(line)
        return 0
    except ScenarioError as exc:
        print(f"peloponnes: {exc}", file=sys.stderr)
        return 2


def cmd_cards_check(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.text import Text

    cards = _load(args.path)
    from peloponnes_tui.cards_report import card_summary

    con = Console()
    con.print(card_summary(cards))
    # The path and the version come from outside: plain Text, so they print as they are.
    con.print(Text.assemble(("OK", "green"), f": {args.path or 'the built-in card data'} is "
                            f"valid (version {cards.version})."))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command is None and args.cards is None:
        # The built-in card data is checked by the tests; the app loads it when it needs it,
        # so nothing heavy is imported before the first screen.
        return cmd_play(args, None)
    from peloponnes_tui.cards import CardDataError

    try:
        if args.command == "cards":
            return cmd_cards_check(args)
        cards = _load(args.cards)
        if args.command == "simulate":
            return cmd_simulate(args, cards)
        if args.command == "demo":
            return cmd_demo(args, cards)
        return cmd_play(args, cards)
    except CardDataError as exc:
        print(f"peloponnes: card data error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def cmd_play(args: argparse.Namespace, cards: CardSet | None) -> int:
    from peloponnes_tui.tui.app import run_app

    return int(run_app(cards=cards, cards_path=args.cards, resume=args.resume))
