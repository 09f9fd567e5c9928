"""The `peloponnes` command: play, simulate, demo and check card data."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from statistics import mean, pstdev
from typing import TYPE_CHECKING

from peloponnes_tui import __version__
from peloponnes_tui.arguments import ArgumentParser
from peloponnes_tui.i18n import (
    LANGUAGES,
    _,
    kind_name,
    name,
    ngettext,
    number,
    percent,
    set_language,
)

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet


# Bounds of the command-line values: anything outside is refused (exit status 2) before any work.
# The engine's MIN_PLAYERS and MAX_PLAYERS (engine/setup.py), written here so that --help and
# --version do not load the engine (tests/test_rule_numbers.py checks they agree).
PLAYERS = (2, 5)
MAX_GAMES = 100_000
MAX_SEED = 2**63 - 1
MAX_WORKERS = 256
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
        raise argparse.ArgumentTypeError(
            _("{what} must be a whole number, not {value}").format(what=what, value=_shown(text)))
    if len(digits) > _DIGITS or not lo <= int(raw) <= hi:
        raise argparse.ArgumentTypeError(
            _("{what} must be from {lo} to {hi}, not {value}").format(
                what=what, lo=number(lo), hi=number(hi), value=_shown(text)))
    return int(raw)


def players_arg(text: str) -> int:
    """``--players``: :data:`PLAYERS`."""
    try:
        return _bounded_int(text, *PLAYERS, _("the number of players"))
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            _("a game needs {fewest} to {most} players, not {value}").format(
                fewest=PLAYERS[0], most=PLAYERS[1], value=_shown(text))) from None


def games_arg(text: str) -> int:
    """``--games``: at least 1, at most :data:`MAX_GAMES`."""
    try:
        return _bounded_int(text, 1, MAX_GAMES, _("the number of games"))
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            _("must be at least 1 and at most {most}, not {value}").format(
                most=number(MAX_GAMES), value=_shown(text))) from None


def workers_arg(text: str) -> int:
    """``simulate --workers``: 1 to :data:`MAX_WORKERS` processes."""
    return _bounded_int(text, 1, MAX_WORKERS, _("the number of workers"))


def seed_arg(text: str) -> int:
    """``--seed``: 0 to 2**63 - 1."""
    return _bounded_int(text, 0, MAX_SEED, _("the seed"))


def port_arg(text: str) -> int:
    """``serve --port``: 1 to 65535."""
    return _bounded_int(text, 1, 65535, _("the port"))


MAX_SERVED_GAMES = 256


def max_games_arg(text: str) -> int:
    """``serve --max-games``: 1 to 256."""
    return _bounded_int(text, 1, MAX_SERVED_GAMES, _("the number of games"))


def pause_arg(text: str) -> float:
    """``table --bot-pause``: 0 to 10 seconds."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(_("{value} is not a number of seconds from 0 to 10")
                                         .format(value=_shown(text)))
    return value


def public_url_arg(text: str) -> str:
    """``serve --public-url``: an http(s) address with a host."""
    from peloponnes_tui.serve import check_public_url

    text = text_arg(_("the address"))(text)
    problem = check_public_url(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def bots_arg(fewest: int) -> Callable[[str], list[str]]:
    """``--bots``: ``fewest`` to ``PLAYERS[1]`` names of computer players, separated by
    commas."""
    def check(text: str) -> list[str]:
        from peloponnes_tui.bots import BOT_NAMES

        if len(text) > MAX_TEXT:
            raise argparse.ArgumentTypeError(
                _("too long ({n:,} characters)").format(n=len(text)))
        names = [b.strip() for b in text.split(",")]
        if not any(names):
            raise argparse.ArgumentTypeError(
                _("needs {fewest} to {most} names separated by commas, from: {names}").format(
                    fewest=fewest, most=PLAYERS[1], names=", ".join(BOT_NAMES)))
        unknown = [b for b in names if b not in BOT_NAMES]
        if unknown:
            raise argparse.ArgumentTypeError(
                _("unknown bot {name}; choose from {names}").format(
                    name=_shown(unknown[0]), names=", ".join(BOT_NAMES)))
        if not fewest <= len(names) <= PLAYERS[1]:
            raise argparse.ArgumentTypeError(
                ngettext("gives {n} bot; a game needs {fewest} to {most} players",
                         "gives {n} bots; a game needs {fewest} to {most} players",
                         len(names)).format(n=len(names), fewest=PLAYERS[0], most=PLAYERS[1]))
        return names

    return check


def text_arg(what: str) -> Callable[[str], str]:
    """A name or a path: not empty, not overlong, no control characters."""
    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(_("{what} must not be empty").format(what=what))
        if len(text) > MAX_TEXT:
            raise argparse.ArgumentTypeError(
                _("{what} is too long ({n:,} characters)").format(what=what, n=len(text)))
        if not text.isprintable():
            raise argparse.ArgumentTypeError(
                _("{what} holds control characters: {value}").format(what=what,
                                                                      value=_shown(text)))
        return text

    return check


def serving_command(add_parser: Callable[..., ArgumentParser], lang: ArgumentParser,
                    name: str, *, about: str, description: str, host: str, public_url: str
                    ) -> ArgumentParser:
    """A command that serves pages (``serve``, ``table``; ``add_parser``: the subcommands'
    ``add_parser``) with its ``--host``, ``--port`` and ``--public-url``, in the command's own
    words for the host's default and the address opened."""
    parser = add_parser(name, parents=[lang], help=about, description=description)
    parser.add_argument("--host", type=text_arg(_("the host")), default=None, help=host)
    parser.add_argument("--port", type=port_arg, default=None, help=_("port (default 8000)"))
    parser.add_argument("--public-url", type=public_url_arg, default=None, help=public_url)
    return parser


def _parser() -> argparse.ArgumentParser:
    ap = ArgumentParser(
        prog="peloponnes",
        description=_("The Peloponnes Card Game in the terminal ({fewest}-{most} players, "
                      "hot-seat).").format(fewest=PLAYERS[0], most=PLAYERS[1]))
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    ap.add_argument("--lang", choices=LANGUAGES, default=None, type=lang_value,
                    help=_("language: en (English) or de (Deutsch); default from LANGUAGE, "
                           "LC_ALL or LANG"))
    ap.add_argument("--cards", metavar="PATH", type=text_arg(_("the path")),
                    help=_("play with an edited copy of cards.yaml"))
    ap.add_argument("--resume", action="store_true", help=_("resume the autosaved game"))
    # one browser page's game process, started by `peloponnes serve` (see serve.py)
    ap.add_argument("--web-session", action="store_true", help=argparse.SUPPRESS)
    sub = ap.add_subparsers(dest="command")
    # --lang after the command as well (peloponnes simulate --lang de); SUPPRESS keeps a value
    # given before the command
    lang = ArgumentParser(add_help=False)
    lang.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, type=lang_value,
                      help=_("language: en or de"))

    sim = sub.add_parser("simulate", parents=[lang],
                         help=_("play games between computer players, print statistics"))
    sim.add_argument("--players", type=players_arg, default=None,
                     help=_("number of players ({fewest}-{most}); with fewer --bots, the bots "
                            "are repeated in their order to fill the seats").format(
                         fewest=PLAYERS[0], most=PLAYERS[1]))
    sim.add_argument("--bots", type=bots_arg(1), default=None,
                     help=_("1 to {most} comma-separated bot names, one per seat (default: "
                            "random for each)").format(most=PLAYERS[1]))
    sim.add_argument("--games", type=games_arg, default=100,
                     help=_("number of games (1 to {most}; default 100)").format(
                         most=number(MAX_GAMES)))
    sim.add_argument("--seed", type=seed_arg, default=1,
                     help=_("seed of the run (0 to 2**63-1): each game's own seed is made from "
                            "it and the game's number, so runs with different seeds share no "
                            "game"))
    sim.add_argument("--workers", type=workers_arg, default=None,
                     help=_("processes that play the games side by side (default: one per "
                            "core); the results are the same for any number"))
    sim.add_argument("--json", action="store_true", help=_("one JSON object per game and line"))
    sim.add_argument("--save-games", metavar="DIR", type=text_arg(_("the folder")),
                     help=_("write every game as a save file into DIR (created if missing), "
                            "to open in the app"))

    demo = sub.add_parser("demo", parents=[lang], help=_("narrated rules demonstrations"))
    demo.add_argument("--scenario", metavar="NAME", type=text_arg(_("the name")),
                      help=_("play one scenario (see --list)"))
    demo.add_argument("--list", action="store_true", help=_("list the scenarios"))
    demo.add_argument("--text", action="store_true",
                      help=_("print the narration instead of opening the app"))
    demo.add_argument("--bots", type=bots_arg(2), default="random,random,random",
                      help=_("{fewest} to {most} bots for a whole narrated game (without "
                             "--scenario)").format(fewest=PLAYERS[0], most=PLAYERS[1]))
    demo.add_argument("--seed", type=seed_arg, default=1, help=_("seed (0 to 2**63-1)"))

    replay = sub.add_parser("replay", parents=[lang],
                            help=_("watch a saved or finished game event by event"))
    replay.add_argument("file", metavar="FILE", type=text_arg(_("the path")),
                        help=_("a save file (the autosave, a saved game, a simulate "
                               "--save-games file)"))

    sub.add_parser("learn", parents=[lang],
                   help=_("learn to play: short chapters, each rule decided freely, and a "
                          "guided game"))

    web = serving_command(
        sub.add_parser, lang, "serve",
        about=_("play in a web browser (needs the web extra; no password, see README)"),
        description=_("Serve the game to web browsers. Each browser page plays its own game, "
                      "in a game process of its own. There is no authentication: keep the "
                      "default host (127.0.0.1, this computer only) unless everyone on the "
                      "network may play."),
        host=_("address to listen on (default 127.0.0.1; 0.0.0.0 for every network of this "
               "computer)"),
        public_url=_("the address the players open, when it is not this computer's own (a "
                     "name of the network, a proxy): http(s)://host[:port]"))
    web.add_argument("--max-games", type=max_games_arg, default=None,
                     help=_("games played at once, one per browser page (default 8)"))

    tab = serving_command(
        sub.add_parser, lang, "table",
        about=_("one game, each player on their own device (needs the web extra; see README)"),
        description=_("Open a table: this computer holds the game, and every player joins "
                      "with the link of their own seat (peloponnes join LINK). Each link is a "
                      "secret key to one seat; one more link lets onlookers watch. Started "
                      "again with the same --file, the table goes on where it was."),
        host=_("address to listen on (default 0.0.0.0: the devices of your network)"),
        public_url=_("the address the devices open, when it is not this computer's own: "
                     "http(s)://host[:port]"))
    tab.add_argument("--seats", type=text_arg(_("the seats")), default=None,
                     help=_("{fewest} to {most} seats, comma-separated: a name for a person, "
                            "computer[:kind] for a computer player (e.g. "
                            "\"Ana,Ben,computer:strong\"); not needed to resume a "
                            "table").format(fewest=PLAYERS[0], most=PLAYERS[1]))
    tab.add_argument("--file", type=text_arg(_("the path")), default=None,
                     help=_("the table's file, written after every answer (default: "
                            "table.json in the data folder)"))
    tab.add_argument("--seed", type=seed_arg, default=None, help=_("seed (0 to 2**63-1)"))
    tab.add_argument("--bot-pause", type=pause_arg, default=None,
                     help=_("seconds before each computer move (0 to 10; default 1)"))
    tab.add_argument("--no-qr", action="store_true",
                     help=_("print the links without their QR codes"))

    joining = sub.add_parser(
        "join", parents=[lang], help=_("take your seat at a table (peloponnes table) in this "
                                       "terminal"))
    joining.add_argument("link", metavar="LINK", type=text_arg(_("the link")), nargs="?",
                         help=_("the link of your seat, as the host gave it (with the part "
                                "after #)"))

    cards = sub.add_parser("cards", parents=[lang], help=_("card data tools"))
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)
    check = cards_sub.add_parser("check", parents=[lang],
                                 help=_("validate a cards.yaml and print a summary"))
    check.add_argument("path", nargs="?", default=None, type=text_arg(_("the path")))
    export = cards_sub.add_parser(
        "export", parents=[lang],
        help=_("write the built-in card data to a file, to edit and play with --cards"))
    export.add_argument("path", type=text_arg(_("the path")))
    export.add_argument("--force", action="store_true", help=_("replace the file if it exists"))
    return ap


def _load(path: str | None) -> CardSet:
    from peloponnes_tui.cards import load_cards

    return load_cards(path)


def cmd_simulate(args: argparse.Namespace, cards: CardSet) -> int:
    from peloponnes_tui.simulate import (
        GameNotWritten,
        Run,
        Summary,
        default_workers,
        play_games,
        share_text,
        wilson,
    )

    bots: list[str] = args.bots or ["random"] * (args.players or 4)
    if args.players and len(bots) < args.players:
        # fill the seats by repeating the given bots (said in --help)
        bots = [bots[i % len(bots)] for i in range(args.players)]
    folder: Path | None = None
    if args.save_games:
        folder = Path(args.save_games)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if not os.access(folder, os.W_OK):
                raise PermissionError(folder)
        except OSError:
            print(_("peloponnes: cannot write into the folder {path}").format(
                path=_shown(args.save_games)), file=sys.stderr)
            return 2
    summary = Summary()
    saved: list[tuple[int, Path]] = []
    run = Run(cards, tuple(bots), args.seed, folder)
    workers = default_workers() if args.workers is None else args.workers
    try:
        for record, seed, path in play_games(run, args.games, workers):
            summary.add(record)
            if path is not None:
                saved.append((seed, path))
            if args.json:
                print(json.dumps(record), flush=False)
    except GameNotWritten as exc:
        print(ngettext("peloponnes: cannot write the game file {path} ({reason}); stopped "
                       "after {n:,} game",
                       "peloponnes: cannot write the game file {path} ({reason}); stopped "
                       "after {n:,} games", summary.games).format(
                           path=exc.path, reason=exc.reason, n=summary.games), file=sys.stderr)
        return 2
    if args.json:
        return 0
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text  # names from the card file print as they are, never as markup

    con = Console()
    dash, bar = printable_or("–", "-"), printable_or("█", "#")
    n = summary.games
    con.print(Text(ngettext("{games} game, {players} players, seed {seed}",
                            "{games} games, {players} players, seed {seed}", n).format(
        games=number(n), players=len(bots), seed=args.seed), style="bold"))
    t = Table(title=_("Wins per seat"))
    t.add_column(_("seat"))
    t.add_column(_("wins"), justify="right")
    t.add_column(_("rate"), justify="right")
    for seat in range(len(bots)):
        w = summary.seat_wins[seat + 1]
        t.add_row(str(seat + 1), share_text(w), percent(w / n))
    con.print(t)
    t = Table(title=_("Computer players"))
    for i, col in enumerate((_("bot"), _("games"), _("wins"), _("win rate (range at 95%)"),
                             _("mean score"), _("spread (sd)"))):
        t.add_column(col, justify="right" if i else "left")
    for bot, games in sorted(summary.bot_games.items()):
        w = summary.bot_wins[bot]
        lo, hi = wilson(w, games)
        sc = summary.bot_scores[bot]
        t.add_row(kind_name(bot), number(games), share_text(w),
                  f"{percent(w / games)} ({percent(lo)}{dash}{percent(hi)})",
                  number(mean(sc), 2), number(pstdev(sc), 2))
    con.print(t)
    t = Table(title=_("Wins per civilization"))
    for i, col in enumerate((_("civilization"), _("games"), _("wins"),
                             _("win rate (range at 95%)"))):
        t.add_column(col, justify="right" if i else "left")
    civ_names = {c.name.en: c.name for c in cards.civilizations}  # records name them in English
    for civ, games in sorted(summary.civ_games.items()):
        w = summary.civ_wins[civ]
        lo, hi = wilson(w, games)
        shown = name(civ_names[civ]) if civ in civ_names else civ
        t.add_row(Text(shown), number(games), share_text(w),
                  f"{percent(w / games)} ({percent(lo)}{dash}{percent(hi)})")
    con.print(t)
    t = Table(title=_("Final scores"))
    t.add_column(_("score"), justify="right")
    t.add_column(_("players"), justify="right")
    t.add_column("", justify="left")
    top = max(summary.scores.values())
    for score in sorted(summary.scores):
        k = summary.scores[score]
        t.add_row(str(score), str(k), bar * max(1, round(30 * k / top)))
    con.print(t)
    t = Table(title=_("Catastrophes"))
    t.add_column(_("catastrophe"))
    t.add_column(_("struck in"), justify="right")
    for cat in cards.catastrophes:
        k = summary.catastrophes[cat.id]
        struck = ngettext("{k} game ({share})", "{k} games ({share})", k)
        t.add_row(Text(name(cat.name)), struck.format(k=number(k), share=percent(k / n, 0)))
    con.print(t)
    if saved:
        t = Table(title=_("Saved games"))
        t.add_column(_("game"), justify="right")
        t.add_column(_("seed"), justify="right")
        t.add_column(_("file"), overflow="fold")
        for i, (seed, path) in enumerate(saved):
            t.add_row(str(i + 1), str(seed), Text(str(path)))
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
                print(f"{sc.id:20} {sc.title.shown()}")
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
                print(_("peloponnes: the demonstration screen is not part of this build; "
                        "showing the narration as text."), file=sys.stderr)
            else:
                problem = terminal_problem()
                if problem is not None:
                    print(_("peloponnes: {problem}. 'peloponnes demo --text' prints the "
                            "narration instead.").format(problem=problem), file=sys.stderr)
                    return 2
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
        from peloponnes_tui.refusals import error_text

        print(_("peloponnes: {error}").format(error=error_text(exc)), file=sys.stderr)
        return 2


def cmd_replay(args: argparse.Namespace, cards: CardSet) -> int:
    """``replay FILE``: the file is read and replayed first (a bad one is refused in one line,
    status 2), then the viewer opens."""
    from peloponnes_tui.engine.save import SaveError
    from peloponnes_tui.tui.replay import Replay
    from peloponnes_tui.tui.session import Session

    try:
        session = Session.load(Path(args.file), cards)
    except SaveError as exc:
        from peloponnes_tui.refusals import error_text

        print(_("peloponnes: {error}").format(error=error_text(exc)), file=sys.stderr)
        return 2
    problem = terminal_problem()
    if problem is not None:
        print(_("peloponnes: {problem}.").format(problem=problem), file=sys.stderr)
        return 2
    from peloponnes_tui.tui.replay_app import run_replay

    return run_replay(Replay.of(session))


def cmd_cards_export(args: argparse.Namespace) -> int:
    """``cards export PATH``: a copy of the built-in card data, byte for byte, to edit."""
    from peloponnes_tui.cards import DEFAULT_CARDS_PATH

    data = DEFAULT_CARDS_PATH.read_bytes()
    try:
        with open(args.path, "wb" if args.force else "xb") as out:
            out.write(data)
    except FileExistsError:
        print(_("peloponnes: {path} exists already; give --force to replace it").format(
            path=args.path), file=sys.stderr)
        return 2
    except OSError as exc:
        print(_("peloponnes: cannot write {path} ({reason})").format(
            path=args.path, reason=exc.strerror or exc), file=sys.stderr)
        return 2
    print(_("Wrote the built-in card data to {path}. Edit it, check it with 'peloponnes cards "
            "check {path}' and play with 'peloponnes --cards {path}'.").format(path=args.path))
    return 0


def cmd_cards_check(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.text import Text

    cards = _load(args.path)
    from peloponnes_tui.cards_report import card_summary

    con = Console()
    con.print(card_summary(cards))
    # The path and the version come from outside: plain Text, so they print as they are.
    con.print(Text.assemble(("OK", "green"), _(": {path} is valid (version {version}).").format(
        path=args.path or _("the built-in card data"), version=cards.version)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The ``peloponnes`` command; returns the exit status (0, 1 for an internal error, 2 for a
    refused value or file, 130 for Ctrl+C)."""
    where = "peloponnes"
    tolerant_output()
    try:
        # the language first: the help and every refusal are written in it
        args_given = sys.argv[1:] if argv is None else argv
        set_language(_language_asked(args_given))
        if None in _lang_values(args_given):
            print(_("peloponnes: --lang needs a language: en (English) or de (Deutsch)"),
                  file=sys.stderr)
            return 2
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
        if args.command == "table":
            return cmd_table(args)
        if args.command == "join":
            return cmd_join(args)
        if args.web_session:
            from peloponnes_tui.web_page import web_session

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


def tolerant_output() -> None:
    """Let stdout and stderr write what their encoding cannot hold as "?" instead of failing:
    with PYTHONIOENCODING=ascii or latin-1 a dash, "…" or "█" once ended a command with an
    error. The output degrades; the command runs to its end."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) == "strict":
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="replace")


def printable_or(text: str, fallback: str) -> str:
    """``text`` if stdout's encoding can write it, else ``fallback`` (ASCII)."""
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return fallback
    return text


def _language_asked(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` wherever it stands (None when absent or not one of ours: the
    environment decides, and the full parser then refuses a wrong value)."""
    values = _lang_values(argv)
    lang = values[-1] if values else None
    return lang if lang in LANGUAGES else None


def _lang_values(argv: Sequence[str]) -> list[str | None]:
    """Each value given to ``--lang`` (``--lang de``, ``--lang=de``), None where it has none.
    Read by hand, not by a second parser: that one's refusals would name it, not ours."""
    args = list(argv)
    values: list[str | None] = []
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg.startswith("--lang="):
            values.append(arg.removeprefix("--lang="))
        elif arg == "--lang":
            follows = args[i + 1] if i + 1 < len(args) else None
            values.append(None if follows is None or follows.startswith("-") else follows)
    return values


def lang_value(text: str) -> str:
    """``--lang``'s value as argparse checks and echoes it: cut to 20 characters, so that a
    refused 100,000-character value gives one short line."""
    return text if len(text) <= 20 else text[:20] + "…"


def _conflict(args: argparse.Namespace) -> str | None:
    """Values that are each fine but do not go together."""
    if args.command == "simulate" and args.bots:
        seats = args.players or len(args.bots)
        if len(args.bots) > seats:
            return _("--bots names {n} bots but --players is {players}").format(
                n=len(args.bots), players=args.players)
        if seats < PLAYERS[0]:
            return _("a game needs {fewest} to {most} players: give --players or more "
                     "--bots").format(fewest=PLAYERS[0], most=PLAYERS[1])
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
                 args.cards, public_url=args.public_url, max_games=args.max_games,
                 lang=args.lang)


def cmd_table(args: argparse.Namespace) -> int:
    from peloponnes_tui.serve import DEFAULT_PORT, table

    return table(args.seats, args.file, args.host or "0.0.0.0",
                 DEFAULT_PORT if args.port is None else args.port, args.cards,
                 public_url=args.public_url, seed=args.seed,
                 bot_pause=1.0 if args.bot_pause is None else args.bot_pause, qr=not args.no_qr,
                 lang=args.lang)


def cmd_join(args: argparse.Namespace) -> int:
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        from peloponnes_tui.serve import MISSING

        print(MISSING, file=sys.stderr)
        return 2
    from peloponnes_tui.tui.join import LINK_ENV, LinkError, parse_link, run_join

    # a browser page of a table runs join with its link in the environment (table.py)
    link = args.link if args.link is not None else os.environ.get(LINK_ENV, "")
    try:
        parse_link(link)
    except LinkError as exc:
        print(f"peloponnes join: {exc}", file=sys.stderr)
        return 2
    problem = terminal_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if args.web_session:
        from peloponnes_tui.web_page import web_session

        with web_session():
            return run_join(link, _load(args.cards), lang=args.lang)
    return run_join(link, _load(args.cards), lang=args.lang)


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
        if args.command == "replay":
            return cmd_replay(args, cards)
        if args.command == "learn":
            return cmd_learn(cards)
        return cmd_play(args, cards)
    except CardDataError as exc:
        from peloponnes_tui.refusals import error_text

        print(_("peloponnes: card data error: {error}").format(error=error_text(exc)),
              file=sys.stderr)
        return 2


def terminal_problem() -> str | None:
    """Why the game cannot be drawn here, or None: the app needs an interactive terminal (or the
    browser page that ``peloponnes serve`` gives it, which sets TEXTUAL_DRIVER)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _("the game needs an interactive terminal, and this is not one")
    if os.environ.get("TERM") == "dumb":
        return _("the game needs a terminal that can draw (TERM is 'dumb')")
    return None


def cmd_learn(cards: CardSet) -> int:
    """``peloponnes learn``: the course (its chapters and the guided game)."""
    from peloponnes_tui.learn.lessons import LessonError
    from peloponnes_tui.tui.learn import run_learn

    problem = terminal_problem()
    if problem is not None:
        print(_("peloponnes: {problem}.").format(problem=problem), file=sys.stderr)
        return 2
    try:
        return run_learn(cards)
    except LessonError as exc:
        from peloponnes_tui.refusals import error_text

        print(_("peloponnes: {error}").format(error=error_text(exc)), file=sys.stderr)
        return 2


def cmd_play(args: argparse.Namespace, cards: CardSet | None) -> int:
    from peloponnes_tui.tui.app import run_app

    problem = terminal_problem()
    if problem is not None:
        print(_("peloponnes: {problem}. Without one, try 'peloponnes demo --text', 'peloponnes "
                "simulate' or 'peloponnes cards check'; in a browser, 'peloponnes serve'.").format(
                    problem=problem), file=sys.stderr)
        return 2

    return int(run_app(cards=cards, cards_path=args.cards, resume=args.resume, lang=args.lang))
