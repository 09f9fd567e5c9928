"""The `peloponnes` command: play, simulate, demo and check card data."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from statistics import mean, pstdev
from typing import TYPE_CHECKING

from peloponnes_tui import __version__

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet


# Bounds of the command-line values: anything outside is refused (exit status 2) before any work.
PLAYERS = (2, 5)
MAX_GAMES = 100_000
MAX_SEED = 2**63 - 1
MAX_TEXT = 200  # characters of a name or path given on the command line
_DIGITS = 20  # longer digit strings are refused before int() sees them


def _shown(text: str) -> str:
    """A value as the error message shows it: printable, and cut when long."""
    short = text if len(text) <= 24 else text[:20] + "…"
    return repr(short)


def _bounded_int(text: str, lo: int, hi: int, what: str) -> int:
    raw = text.strip()
    digits = raw[1:] if raw[:1] in "+-" else raw
    if not digits.isascii() or not digits.isdigit():
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {_shown(text)}")
    if len(digits) > _DIGITS or not lo <= int(raw) <= hi:
        raise argparse.ArgumentTypeError(f"{what} must be from {lo:,} to {hi:,}, "
                                         f"not {_shown(text)}")
    return int(raw)


def players_arg(text: str) -> int:
    """``--players``: 2 to 5."""
    try:
        return _bounded_int(text, *PLAYERS, "the number of players")
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"a game needs 2 to 5 players, not {_shown(text)}") from None


def games_arg(text: str) -> int:
    """``--games``: at least 1, at most :data:`MAX_GAMES`."""
    try:
        return _bounded_int(text, 1, MAX_GAMES, "the number of games")
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"must be at least 1 and at most {MAX_GAMES:,}, not {_shown(text)}") from None


def seed_arg(text: str) -> int:
    """``--seed``: 0 to 2**63 - 1."""
    return _bounded_int(text, 0, MAX_SEED, "the seed")


def port_arg(text: str) -> int:
    """``serve --port``: 1 to 65535."""
    return _bounded_int(text, 1, 65535, "the port")


def bots_arg(fewest: int) -> Callable[[str], list[str]]:
    """``--bots``: ``fewest`` to 5 names of computer players, separated by commas."""
    def check(text: str) -> list[str]:
        from peloponnes_tui.bots import BOTS

        if len(text) > MAX_TEXT:
            raise argparse.ArgumentTypeError(f"too long ({len(text):,} characters)")
        names = [b.strip() for b in text.split(",")]
        if not any(names):
            raise argparse.ArgumentTypeError(
                f"needs {fewest} to 5 names separated by commas, from: {', '.join(BOTS)}")
        unknown = [b for b in names if b not in BOTS]
        if unknown:
            raise argparse.ArgumentTypeError(
                f"unknown bot {_shown(unknown[0])}; choose from {', '.join(BOTS)}")
        if not fewest <= len(names) <= PLAYERS[1]:
            raise argparse.ArgumentTypeError(
                f"gives {len(names)} bot{'' if len(names) == 1 else 's'}; a game needs 2 to 5 "
                "players")
        return names

    return check


def text_arg(what: str) -> Callable[[str], str]:
    """A name or a path: not empty, not overlong, no control characters."""
    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"{what} must not be empty")
        if len(text) > MAX_TEXT:
            raise argparse.ArgumentTypeError(f"{what} is too long ({len(text):,} characters)")
        if not text.isprintable():
            raise argparse.ArgumentTypeError(f"{what} holds control characters: {_shown(text)}")
        return text

    return check


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="peloponnes",
        description="The Peloponnes Card Game in the terminal (2-5 players, hot-seat).")
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    ap.add_argument("--cards", metavar="PATH", type=text_arg("the path"),
                    help="play with an edited copy of cards.yaml")
    ap.add_argument("--resume", action="store_true", help="resume the autosaved game")
    # one browser page's game process, started by `peloponnes serve` (see serve.py)
    ap.add_argument("--web-session", action="store_true", help=argparse.SUPPRESS)
    sub = ap.add_subparsers(dest="command")

    sim = sub.add_parser("simulate", help="play games between computer players, print statistics")
    sim.add_argument("--players", type=players_arg, default=None,
                     help="number of players (2-5); with fewer --bots, the bots are repeated "
                     "in their order to fill the seats")
    sim.add_argument("--bots", type=bots_arg(1), default=None,
                     help="1 to 5 comma-separated bot names, one per seat (default: random for "
                     "each)")
    sim.add_argument("--games", type=games_arg, default=100,
                     help=f"number of games (1 to {MAX_GAMES:,}; default 100)")
    sim.add_argument("--seed", type=seed_arg, default=1,
                     help="seed of the first game (0 to 2**63-1; game i uses seed + i)")
    sim.add_argument("--json", action="store_true", help="one JSON object per game and line")

    demo = sub.add_parser("demo", help="narrated rules demonstrations")
    demo.add_argument("--scenario", metavar="NAME", type=text_arg("the name"),
                      help="play one scenario (see --list)")
    demo.add_argument("--list", action="store_true", help="list the scenarios")
    demo.add_argument("--text", action="store_true",
                      help="print the narration instead of opening the app")
    demo.add_argument("--bots", type=bots_arg(2), default="random,random,random",
                      help="2 to 5 bots for a whole narrated game (without --scenario)")
    demo.add_argument("--seed", type=seed_arg, default=1, help="seed (0 to 2**63-1)")

    web = sub.add_parser(
        "serve", help="play in a web browser (needs the web extra; no password, see README)",
        description="Serve the game to web browsers with textual-serve. Each browser page plays "
                    "its own game. There is no authentication: keep the default host "
                    "(127.0.0.1, this computer only) unless everyone on the network may play.")
    web.add_argument("--host", type=text_arg("the host"), default=None,
                     help="address to listen on (default 127.0.0.1)")
    web.add_argument("--port", type=port_arg, default=None, help="port (default 8000)")

    cards = sub.add_parser("cards", help="card data tools")
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)
    check = cards_sub.add_parser("check", help="validate a cards.yaml and print a summary")
    check.add_argument("path", nargs="?", default=None, type=text_arg("the path"))
    export = cards_sub.add_parser(
        "export", help="write the built-in card data to a file, to edit and play with --cards")
    export.add_argument("path", type=text_arg("the path"))
    export.add_argument("--force", action="store_true", help="replace the file if it exists")
    return ap


def _load(path: str | None) -> CardSet:
    from peloponnes_tui.cards import load_cards

    return load_cards(path)


def cmd_simulate(args: argparse.Namespace, cards: CardSet) -> int:
    from peloponnes_tui.simulate import Summary, game_record, play_game, wilson

    bots: list[str] = args.bots or ["random"] * (args.players or 4)
    if args.players and len(bots) < args.players:
        # fill the seats by repeating the given bots (said in --help)
        bots = [bots[i % len(bots)] for i in range(args.players)]
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
    from rich.text import Text  # names from the card file print as they are, never as markup

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
        t.add_row(Text(civ), str(games), f"{w:g}", f"{w / games:.1%} ({lo:.1%}–{hi:.1%})")
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
        t.add_row(Text(cat.name.en), f"{k} games ({k / n:.0%})")
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
                return int(run_demo(cards=cards, scenario=scenario, bots=",".join(args.bots),
                                    seed=args.seed))
        if scenario is not None:
            lines = narrate_text(scenario, cards)
        else:
            lines = narrate_bot_game(cards, args.bots, args.seed)
        for line in lines:
            print(line)
        return 0
    except ScenarioError as exc:
        print(f"peloponnes: {exc}", file=sys.stderr)
        return 2


def cmd_cards_export(args: argparse.Namespace) -> int:
    """``cards export PATH``: a copy of the built-in card data, byte for byte, to edit."""
    from peloponnes_tui.cards import DEFAULT_CARDS_PATH

    data = DEFAULT_CARDS_PATH.read_bytes()
    try:
        with open(args.path, "wb" if args.force else "xb") as out:
            out.write(data)
    except FileExistsError:
        print(f"peloponnes: {args.path} exists already; give --force to replace it",
              file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"peloponnes: cannot write {args.path} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    print(f"Wrote the built-in card data to {args.path}. Edit it, check it with "
          f"'peloponnes cards check {args.path}' and play with 'peloponnes --cards {args.path}'.")
    return 0


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
    """The ``peloponnes`` command; returns the exit status (0, 1 for an internal error, 2 for a
    refused value or file, 130 for Ctrl+C)."""
    where = "peloponnes"
    try:
        parser = _parser()
        try:
            args = parser.parse_args(argv)
            conflict = _conflict(args)
            if conflict:
                parser.error(conflict)
        except SystemExit as exit_:  # argparse refused a value (2) or printed --help (0)
            return exit_.code if isinstance(exit_.code, int) else 2
        where = f"peloponnes {args.command or 'play'}"
        if args.command == "serve":
            return cmd_serve(args)
        if args.web_session:
            from peloponnes_tui.serve import web_session

            with web_session():
                return _run(args)
        return _run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `peloponnes simulate --json | head`: the reader is gone
        _silence_stdout()
        return 0
    except Exception as exc:
        from peloponnes_tui.crash import report_crash

        return report_crash(exc, where)


def _conflict(args: argparse.Namespace) -> str | None:
    """Values that are each fine but do not go together."""
    if args.command == "simulate" and args.bots:
        seats = args.players or len(args.bots)
        if len(args.bots) > seats:
            return f"--bots names {len(args.bots)} bots but --players is {args.players}"
        if seats < PLAYERS[0]:
            return "a game needs 2 to 5 players: give --players or more --bots"
    return None


def _silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush cannot fail again."""
    import contextlib
    import os

    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def cmd_serve(args: argparse.Namespace) -> int:
    from peloponnes_tui.serve import DEFAULT_HOST, DEFAULT_PORT, serve

    return serve(args.host or DEFAULT_HOST, DEFAULT_PORT if args.port is None else args.port,
                 args.cards)


def _run(args: argparse.Namespace) -> int:
    if args.command is None and args.cards is None:
        # The built-in card data is checked by the tests; the app loads it when it needs it,
        # so nothing heavy is imported before the first screen.
        return cmd_play(args, None)
    from peloponnes_tui.cards import CardDataError

    try:
        if args.command == "cards" and args.cards_command == "export":
            return cmd_cards_export(args)
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


def terminal_problem() -> str | None:
    """Why the game cannot be drawn here, or None: the app needs an interactive terminal (or the
    browser page that ``peloponnes serve`` gives it, which sets TEXTUAL_DRIVER)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return "the game needs an interactive terminal, and this is not one"
    if os.environ.get("TERM") == "dumb":
        return "the game needs a terminal that can draw (TERM is 'dumb')"
    return None


def cmd_play(args: argparse.Namespace, cards: CardSet | None) -> int:
    from peloponnes_tui.tui.app import run_app

    problem = terminal_problem()
    if problem is not None:
        print(f"peloponnes: {problem}. Without one, try 'peloponnes demo --text', 'peloponnes "
              "simulate' or 'peloponnes cards check'; in a browser, 'peloponnes serve'.",
              file=sys.stderr)
        return 2

    return int(run_app(cards=cards, cards_path=args.cards, resume=args.resume))
