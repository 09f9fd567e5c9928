"""What the rules tests share: the players' names, the seed, the card values, game builders and
the checks they repeat; the app tests build their sessions here too (:func:`session_from`).

Every rules test builds its exact situation with a :class:`Position` and a fixed seed, so nothing
depends on a shuffle the test does not control: hands are named coin card by coin card, the power
cards of the round are named in draw order, and blind draws are fixed with ``coins_next``.  The
expected numbers come from the card data (:func:`power_of` and the others), so that rebalancing
the designed values (docs/card-data.md, "Balance") does not change what the tests test.

For the app: games brought by random bots to a wanted decision (:func:`session_at`,
:func:`finished_session`), the keys a hurried player presses (:func:`key_for`,
:func:`decisions_by_keys`), the screen as text (:func:`screen_text`) and waiting until it has
settled (:func:`settled`) -- all through Textual's public API.  ``screenshots/make.py`` uses them
too.
"""

from __future__ import annotations

import glob
import html
import inspect
import os
import re
import shutil
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, assert_never, cast

import pytest
import yaml
from rich.cells import cell_len

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.cards import (
    DEFAULT_CARDS_PATH,
    CardSet,
    CatastropheId,
    load_cards,
    parse_cards,
)
from peloponnes_tui.engine import (
    CIV,
    LUXURY,
    Answer,
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastrophePrompt,
    CompletePrompt,
    Event,
    FeedPrompt,
    Game,
    IllegalAnswer,
    OutbidPrompt,
    Pass,
    PlaceBid,
    Placed,
    Player,
    Prompt,
    Withdraw,
    tableau,
)
from peloponnes_tui.engine.position import PlacedSpec, PlayerSpec, Position
from peloponnes_tui.log_text import event_text
from peloponnes_tui.tui.colours import COLOURS
from peloponnes_tui.tui.session import HUMAN, Seat, Session, default_seats

if TYPE_CHECKING:
    from textual.app import App
    from textual.notifications import Notification

    from peloponnes_tui.tui.widgets.panel import DecisionPanel

CARDS = load_cards()
SEED = 2024
NAMES = ("Helena", "Leonidas", "Dimitrios", "Ariadne", "Perikles")  # as in the app

# Six B cards that start a round quietly: the first two move two different tracks one space, and
# none of them is a supply card.
QUIET_B = ["theatre", "stockade", "agora", "oak-forest", "marble-quarry", "highlands"]
# The same with the B supply card among the six (in the conquest row).
SUPPLY_B = ["theatre", "stockade", "agora", "eurotas-valley", "marble-quarry", "highlands"]
# Six C cards for the last round: earthquake and tempest move one space each, no supply card.
QUIET_C = ["stadium", "stoa", "council-house", "odeon", "mountain-forest", "phidias-workshop"]

__all__ = [
    "CARDS",
    "NAMES",
    "QUIET_B",
    "QUIET_C",
    "SEED",
    "SUPPLY_B",
    "PlacedSpec",
    "PlayerSpec",
    "Position",
    "answer_as",
    "answer_bids",
    "backs",
    "bid",
    "card_frame",
    "cards_with",
    "coin",
    "coins",
    "decisions_by_keys",
    "english_on_screen",
    "events",
    "expect_illegal",
    "finished_session",
    "game_at",
    "grain_of",
    "income_of",
    "inhabitants_of",
    "key_for",
    "notifications",
    "pass_",
    "placed",
    "play_to_end",
    "power_of",
    "quiet_round",
    "restored_by_hand",
    "screen_text",
    "session_at",
    "session_from",
    "settled",
    "texts",
]


# -- values printed on the cards ------------------------------------------------------------------

def _printed(card_id: str) -> Any:
    return CARDS.civ_by_id.get(card_id) or CARDS.power_by_id[card_id]


def power_of(*card_ids: str) -> int:
    """Power points printed on these civilization and power cards together."""
    return sum(_printed(c).power for c in card_ids)


def inhabitants_of(*card_ids: str) -> int:
    """Inhabitants printed on these civilization and power cards together."""
    return sum(_printed(c).inhabitants for c in card_ids)


def grain_of(*card_ids: str) -> int:
    """Grain production printed on these civilization and power cards together."""
    return sum(_printed(c).production.grain for c in card_ids)


def income_of(inhabitants: int) -> int:
    """Coin cards the summary card pays for this many inhabitants."""
    return CARDS.income_for(inhabitants).coins


def cards_with(**changes: dict[str, Any]) -> CardSet:
    """The shipped card data with some power cards' fields changed (validated afresh).

    ``cards_with(stockade={"cost": {"wood": 5, "stone": 0}})``.
    """
    raw = yaml.safe_load(DEFAULT_CARDS_PATH.read_text(encoding="utf-8"))
    for card_id, fields in changes.items():
        card_id = card_id.replace("_", "-")
        entry = next(c for c in raw["power_cards"] if c["id"] == card_id)
        entry.update(fields)
    return parse_cards(raw)


# -- building a game -------------------------------------------------------------------------------

def _named_cards(players: Sequence[PlayerSpec]) -> set[str]:
    out: set[str] = set()
    for spec in players:
        for item in [*spec.buildings, *spec.landscapes]:
            out.add(item.card if isinstance(item, PlacedSpec) else item)
    return out


def quiet_round(cards: CardSet, avoid: set[str], markers: dict[str, int],
                struck: Sequence[str] = ()) -> list[str]:
    """Six power cards for a round in which nothing happens: no catastrophe strikes, no supply.

    The first card is a value-1 card, so the first bidder can always afford something.
    ``markers`` are the catastrophe markers before the round.
    """
    steps = {c.id: c.steps for c in cards.catastrophes}
    free = [c for c in cards.power_cards if c.id not in avoid and not c.supply]

    def safe(card_cat: str | None, moved: dict[str, int]) -> bool:
        if card_cat is None or card_cat in struck:
            return True
        return moved.get(card_cat, 0) + 1 < steps[card_cat]

    moved = dict(markers)
    first: list[str] = []
    for need_value_one in (True, False):
        card = next(c for c in free if c.id not in first and safe(c.catastrophe, moved)
                    and (c.value == 1 or not need_value_one))
        first.append(card.id)
        if card.catastrophe:
            moved[card.catastrophe] = moved.get(card.catastrophe, 0) + 1
    rest = [c.id for c in free if c.id not in first][:4]
    out = first + rest
    assert len(out) == 6, "not enough unused power cards for a quiet round"
    return out


def game_at(*players: PlayerSpec | dict[str, Any], seed: int = SEED, cards: CardSet | None = None,
            names: Sequence[str] | None = None, quiet_next: bool = False,
            **position: Any) -> Game:
    """A game for ``len(players)`` players (Helena, Leonidas, ...) started from a position.

    ``position`` holds the other :class:`Position` fields (``reveal``, ``round``, ``order``,
    ``markers``, ``coins_next``, ...).  With ``quiet_next`` six more power cards follow this
    round's ``reveal`` that make the next round start without any catastrophe or supply, so what a
    test checks after this round's income is not disturbed; the builder then also checks that the
    position itself set off no catastrophe and no supply.
    """
    cards = cards if cards is not None else CARDS
    specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(**p) for p in players]
    rnd = position.get("round", 1)
    if quiet_next and rnd < 8:
        full = list(position.get("reveal", []))
        markers = dict(position.get("markers", {}))
        for cid in full[:2]:
            cat = cards.power_by_id[cid].catastrophe
            if cat is not None:
                markers[cat] = markers.get(cat, 0) + 1
        full += quiet_round(cards, _named_cards(specs) | set(full), markers,
                            position.get("struck", ()))
        position = {**position, "reveal": full}
    pos = Position(players=specs, **position)
    game = Game.new(list(names or NAMES[: len(specs)]), seed, cards, position=pos)
    if quiet_next:
        assert not [e for e in game.log if e.kind in ("strike", "supply")], \
            "the position set off a catastrophe or a supply phase the test did not ask for"
    return game


def session_from(*players: PlayerSpec, kinds: Sequence[str] | None = None, privacy: bool = False,
                 seed: int = SEED, cards: CardSet | None = None, **position: Any) -> Session:
    """An app session for ``len(players)`` players (Helena, Leonidas, ...) started from a position.

    ``kinds`` gives each seat's kind (``"human"`` or a bot's name; all human if left out),
    ``privacy`` whether the hand-off cover hides the hands between people, ``position`` the other
    :class:`Position` fields.  The seats take the app's colours in order; no pause before a
    computer move.
    """
    kinds = list(kinds) if kinds is not None else [HUMAN] * len(players)
    assert len(kinds) == len(players), "one kind per player"
    seats = [Seat(NAMES[i], colour, kind)
             for i, (colour, kind) in enumerate(zip(COLOURS, kinds, strict=False))]
    pos = Position(players=list(players), **position)
    return Session.new(seats, seed, cards if cards is not None else CARDS, privacy=privacy,
                       position=pos, bot_pause=0)


def session_at(cards: CardSet, players: int, want: Callable[[Prompt], bool], seed: int = 1,
               max_seeds: int = 60, privacy: bool = False, min_round: int = 0) -> Session:
    """A session whose pending prompt satisfies ``want``, reached by random bots (the first of
    ``max_seeds`` seeds from ``seed`` on that reaches one in round ``min_round`` or later).

    Every seat is human in the returned session, so the app shows the panel for it.
    """
    for s in range(seed, seed + max_seeds):
        seats = default_seats(players, humans=players)
        game = Game.new([x.name for x in seats], s, cards)

        def wanted(prompt: Prompt, game: Game = game) -> bool:
            return game.round >= min_round and want(prompt)

        BotPlayers.seated(cards, ["random"] * players, s).play(game, stop=wanted)
        if game.pending is not None:
            return Session(game, seats, privacy, s)
    raise LookupError("no game reached the wanted prompt")


def finished_session(cards: CardSet, players: int = 3, seed: int = 1) -> Session:
    """A session whose game random bots have played to the end (every seat human)."""
    seats = default_seats(players, humans=players)
    game = Game.new([x.name for x in seats], seed, cards)
    BotPlayers.seated(cards, ["random"] * players, seed).play(game)
    return Session(game, seats, False, seed)



# -- reading a game --------------------------------------------------------------------------------

def coins(game: Game, seat: int, resource: str | None = None, amount: int | None = None
          ) -> list[int]:
    """Coin cards in a player's hand (optionally only those showing ``resource`` and ``amount``)."""
    return [c for c in game.players[seat].hand
            if (resource is None or game.coin_resource(c) == resource)
            and (amount is None or game.coin_amount(c) == amount)]


def coin(game: Game, seat: int, resource: str, amount: int | None = None) -> int:
    """The first coin card in a player's hand showing ``resource``."""
    found = coins(game, seat, resource, amount)
    assert found, f"no {resource} coin card in {game.names[seat]}'s hand"
    return found[0]


def backs(game: Game, coins: Iterable[int | None]) -> list[str]:
    """The back ids (``"wood-2"``) of these coin cards, in order (no card: ``"none"``)."""
    return [game.cards.coins[c].id if c is not None else "none" for c in coins]


def placed(game: Game, seat: int, card: str) -> Placed:
    """A power card on a player's tableau (the test fails if it is not there)."""
    found = game.players[seat].find(card)
    assert found is not None, f"{card} is not in {game.names[seat]}'s tableau"
    return found


def restored_by_hand(p: Player, struck: Sequence[CatastropheId], cards: CardSet = CARDS
                     ) -> list[tuple[str, str]]:
    """Restoration at the end of the game done by hand, as the rulebook tells it, on a copy of
    ``p``: for each catastrophe of ``struck`` in turn that the player is protected from
    (``tableau.protector`` of the copy as it is by then), uncover the power cards it covered,
    the civilization card after a plague and the luxury card after a decline; again from the
    first until nothing more comes off.  What came off, in order: (catastrophe, card) with the
    card a power card id, ``"civ"`` or ``"luxury"``.  (The engine's ``scoring.restorations``
    is checked against this.)"""
    q = p.copy()
    out: list[tuple[str, str]] = []
    changed = True
    while changed:
        changed = False
        for cat in struck:
            if tableau.protector(cards, q, cat) is None:
                continue
            for x in q.placed():
                if x.cover is not None and x.cover_cause == cat:
                    x.cover = x.cover_cause = None
                    out.append((cat, x.card))
                    changed = True
            if cat == "plague" and q.civ_state == "covered":
                q.civ_state = "active"
                out.append((cat, CIV))
                changed = True
            if cat == "decline" and q.luxury_state == "covered":
                q.luxury_state = "active"
                out.append((cat, LUXURY))
                changed = True
    return out


def events(game: Game, kind: str, seat: int | None = None) -> list[Event]:
    """The log's events of one kind (optionally only about one player)."""
    return [e for e in game.log if e.kind == kind and (seat is None or e.player == seat)]


def said(game: Game, event: Event) -> str:
    """The log's sentence for ``event``, in the current language."""
    return event_text(event, game.cards, game.names)


def texts(game: Game, kind: str | None = None) -> list[str]:
    """The log's sentences (optionally of one kind)."""
    return [said(game, e) for e in game.log if kind is None or e.kind == kind]


# -- answering -----------------------------------------------------------------------------------

def answer_as(game: Game, seat: int, ans: Answer, kind: str | None = None) -> None:
    """Answer the pending prompt, checking first that it is addressed to ``seat``."""
    prompt = game.pending
    assert prompt is not None, "the game is over"
    assert prompt.player == seat, (
        f"the prompt ({prompt.kind}) is for {game.names[prompt.player]}, not {game.names[seat]}")
    if kind is not None:
        assert prompt.kind == kind, f"expected a {kind} prompt, got {prompt.kind}"
    game.answer(ans)


def bid(game: Game, seat: int, card: str, n: int | None = None,
        use: Sequence[int] | None = None, luxury: int = 0) -> tuple[int, ...]:
    """``seat`` bids ``n`` coin cards (the first ones in hand) or exactly ``use`` on ``card``."""
    chosen = tuple(use) if use is not None else tuple(game.players[seat].hand[: n or 0])
    answer_as(game, seat, PlaceBid(card, chosen, luxury), "bid")
    return chosen


def pass_(game: Game, seat: int) -> None:
    """``seat`` passes."""
    answer_as(game, seat, Pass(), "bid")


def answer_bids(game: Game, stop: Iterable[str] = ("catastrophe", "feed", "complete")) -> None:
    """Everyone passes (an outbid player takes the bid back) until a prompt of a ``stop`` kind."""
    stop = tuple(stop)
    while game.pending is not None and game.pending.kind not in stop:
        match game.pending.kind:
            case "bid":
                game.answer(Pass())
            case "outbid":
                game.answer(Withdraw())
            case _:
                raise AssertionError(f"unexpected prompt: {game.pending}")


def play_to_end(game: Game) -> None:
    """Everyone passes to the end of the game; any other prompt is a mistake in the test."""
    answer_bids(game, stop=())
    assert game.over, game.pending


def expect_illegal(game: Game, ans: Answer | Any, *phrases: str) -> str:
    """The answer is refused with a message containing every phrase, and nothing changes."""
    before = game.snapshot()
    pending: Prompt | None = game.pending
    with pytest.raises(IllegalAnswer) as info:
        game.answer(ans)
    msg = str(info.value)
    for phrase in phrases:
        assert phrase in msg, f"{phrase!r} not in the message {msg!r}"
    assert game.snapshot() == before
    assert game.pending is pending
    return msg


# -- the board's cards on screen ------------------------------------------------------------------


def card_frame(screen: str, name: str) -> tuple[int, int, list[str]]:
    """The card on ``screen`` (a screen dump) whose first name line begins with ``name``: the
    column and row of that name and the card's lines, frame included."""
    rows = screen.split("\n")
    for y, line in enumerate(rows):
        for x in range(1, len(line)):
            if line[x - 1] in "│║" and line.startswith(name, x):
                left = x - 1
                top = y
                while top > 0 and rows[top][left] not in "╭╔":
                    top -= 1
                right = next(i for i in range(left + 1, len(rows[top]))
                             if rows[top][i] in "╮╗")
                bottom = y
                while rows[bottom][left] not in "╰╚":
                    bottom += 1
                return x, y, [r[left:right + 1] for r in rows[top:bottom + 1]]
    raise AssertionError(f"no card named {name!r} on screen")


# -- the screen as text ----------------------------------------------------------------------------

_SVG_TEXT = re.compile(r"<text ([^>]*)>([^<]*)</text>")
_SVG_X = re.compile(r'\bx="([^"]+)"')
_SVG_LINE = re.compile(r'clip-path="url\(#[^)]*-line-(\d+)\)"')
_SVG_LINE_WIDTH = re.compile(r'<clipPath id="[^"]*-line-0">\s*<rect [^>]*\bwidth="([^"]+)"')


def screen_text(app: App[Any]) -> str:
    """What the app's screen shows, as plain text: one line per row of the terminal, each as
    wide as the terminal (no newline after the last), with the screens below a modal dialog
    showing where the dialog leaves them visible.

    Read back from ``App.export_screenshot``: Rich's SVG export writes each run of text as a
    ``<text>`` element clipped to its terminal line (``...-line-N``) at ``x`` = column × the
    width of a cell, with spaces as no-break spaces; runs of spaces only are left out and come
    back here as the gaps between the runs."""
    width, height = app.size
    svg = app.export_screenshot(simplify=True)
    line = _SVG_LINE_WIDTH.search(svg)
    cell = float(line.group(1)) / width if line else 20 * 0.61  # Rich's default font aspect
    rows: list[list[tuple[int, str]]] = [[] for _ in range(height)]
    for tag in _SVG_TEXT.finditer(svg):
        y = _SVG_LINE.search(tag.group(1))
        x = _SVG_X.search(tag.group(1))
        if y is None or x is None:
            continue  # the window's title
        run = html.unescape(tag.group(2)).replace("\xa0", " ").replace("\n", "")
        if run:
            rows[int(y.group(1))].append((round(float(x.group(1)) / cell), run))
    lines = []
    for runs in rows:
        parts, at = [], 0
        for x, run in sorted(runs):
            assert x >= at, f"overlapping runs of text in the screenshot at column {x}"
            parts += [" " * (x - at), run]
            at = x + cell_len(run)
        parts.append(" " * (width - at))
        lines.append("".join(parts))
    return "\n".join(lines)


def notifications(app: App[Any]) -> list[Notification]:
    """The notifications ``app`` gives from now on (the list grows as it gives them): its
    ``notify`` method is wrapped, on this app object only, to keep each notification with the
    arguments it was given and its own defaults for the others."""
    from textual.notifications import Notification

    notify = app.notify
    signature = inspect.signature(notify)
    given: list[Notification] = []

    def recording(*args: Any, **kwargs: Any) -> None:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        given.append(Notification(**bound.arguments))
        notify(*args, **kwargs)

    app.notify = recording  # type: ignore[method-assign]
    return given


# -- playing the app by keys -------------------------------------------------------------------

def quick_coach(cards: CardSet, seed: int) -> Any:
    """The app's coach with a search of few playouts (``PeloponnesApp.coach_factory``), so a
    test that asks it often stays fast; what it advises is the coach's business
    (tests/test_coach.py)."""
    from peloponnes_tui.bots.coach import Coach

    return Coach(cards, seed, playouts=8, max_candidates=2, time_limit=None)


def key_for(panel: DecisionPanel) -> tuple[str, ...]:
    """Keys that make a legal choice in this panel (what a hurried player would press)."""
    prompt = cast(AnyPrompt, panel.prompt)
    ans = panel.answer()
    legal = ans is not None and panel.session.check(ans) is None
    match prompt:
        case BidPrompt():
            # p only chooses to pass; Enter confirms it
            return ("enter",) if legal else ("p", "enter")
        case OutbidPrompt():
            return ("w", "enter")
        case BuildPrompt():
            # Enter pays; when paying is impossible, u puts the building under construction
            return ("enter",) if prompt.can_pay else ("u",)
        case CatastrophePrompt() | FeedPrompt() | CompletePrompt():
            return ("enter",)  # the panel's suggested treatment, feeding or completion
        case _:
            assert_never(prompt)


# -- English on a German screen --------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_EDGE = " \t\n.,;:!?()[]«»\"'·–—-…/|=+*%<>"


def _german_texts() -> list[str]:
    """Every German text the program may show: the catalog's translations, the German card names
    and the scenario and lesson files' German texts."""
    from babel.messages.pofile import read_po

    from peloponnes_tui.i18n import DOMAIN, locale_dir

    out: list[str] = []
    with open(locale_dir() / "de" / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as f:
        for m in read_po(f):
            out += [m.string] if isinstance(m.string, str) else list(m.string)
    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("de"), str):
                out.append(node["de"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    import peloponnes_tui

    package = Path(peloponnes_tui.__file__).parent
    for path in [DEFAULT_CARDS_PATH, *package.glob("demo/scenarios/*.yaml"),
                 package / "learn" / "lessons.yaml"]:
        walk(yaml.safe_load(Path(path).read_text(encoding="utf-8")))
    return out


def _english_pattern() -> re.Pattern[str]:
    """The English texts that must not show on a German screen: each catalog message's literal
    parts (between its placeholders) and each English card, civilization and catastrophe name,
    less those that a German text contains too (a name, "OK", "Sparta")."""
    from babel.messages.pofile import read_po

    from peloponnes_tui.i18n import DOMAIN, locale_dir

    german = "\n".join(_german_texts())
    parts: set[str] = set()
    with open(locale_dir() / f"{DOMAIN}.pot", "rb") as f:
        for m in read_po(f):
            for msgid in ([m.id] if isinstance(m.id, str) else list(m.id)):
                for part in _PLACEHOLDER.split(msgid):
                    part = part.strip(_EDGE)
                    if len(part) >= 3 and re.search(r"[A-Za-z]{3}", part):
                        parts.add(part)
    names = [c.name for c in (*CARDS.power_cards, *CARDS.civilizations, *CARDS.catastrophes)]
    parts |= {n.en for n in names if n.en != n.de}
    shown = sorted((p for p in parts if p not in german), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(p) for p in shown) + r")(?!\w)")


_ENGLISH: list[re.Pattern[str]] = []


def english_on_screen(text: str) -> list[str]:
    """The English messages and names in ``text`` (a German screen, :func:`screen_text`): any
    literal part of a catalog message or English name that no German text contains."""
    if not _ENGLISH:
        _ENGLISH.append(_english_pattern())
    flat = " ".join(text.split())  # a message wrapped over two lines is found too
    return sorted({m.group(0) for m in _ENGLISH[0].finditer(flat)})


async def settled(pilot: Any, bound: int = 200) -> str:
    """Wait until the screen has settled, and return it as text (:func:`screen_text`).

    ``Pilot.pause`` waits for the messages waiting when it starts and then lays out and repaints
    the screen; what those messages set off (a widget mounted meanwhile, its first layout, a
    callback after the refresh such as a scroll into view) may still be to come.  So pause until
    a pause changes nothing on the screen (after the animations under way or scheduled have
    run).  ``bound`` only stops a hang."""
    app = pilot.app
    await pilot.wait_for_scheduled_animations()
    before = screen_text(app)
    for _ in range(bound):
        await pilot.pause()
        now = screen_text(app)
        if now == before:
            return now
        before = now
    raise AssertionError(f"the screen did not settle in {bound} pauses")


async def answer_by_keys(pilot: Any, panel: DecisionPanel) -> bool:
    """Answer ``panel`` with ``key_for``'s keys, and press Enter at a round's end that the
    answer brings, back to the board: True when it brought one (the board was covered)."""
    from peloponnes_tui.tui.screens.round_over import RoundOverScreen

    await pilot.press(*key_for(panel))
    await settled(pilot)
    ended = False
    while isinstance(pilot.app.screen, RoundOverScreen):
        ended = True
        await pilot.press("enter")
        await settled(pilot)
    return ended


async def decisions_by_keys(pilot: Any, bound: int = 800) -> AsyncIterator[Any]:
    """Play the app's game to its scoring screen with the keys a hurried player presses: Enter
    on each hand-off cover and at each round's end, ``key_for`` at each decision panel.  Yields
    ``None`` for each cover and round's end and the panel at each decision, before its keys are
    pressed, so a test can look at the screen there.  ``bound`` only stops a hang."""
    from peloponnes_tui.tui.screens.handoff import HandoffScreen
    from peloponnes_tui.tui.screens.round_over import RoundOverScreen
    from peloponnes_tui.tui.screens.scoring import ScoringScreen

    app = pilot.app
    for _ in range(bound):
        if isinstance(app.screen, ScoringScreen):
            return
        if isinstance(app.screen, HandoffScreen | RoundOverScreen):
            yield None
            await pilot.press("enter")
            continue
        board = app.board
        assert board is not None and app.screen is board
        panel = board.panel()
        if panel is None:  # a computer player is moving
            await pilot.pause()
            continue
        yield panel
        await pilot.press(*key_for(panel))
    raise AssertionError(f"no scoring screen after {bound} steps")


# -- the browser test ------------------------------------------------------------------------------

CHROMIUM_ENV = "PELOPONNES_CHROMIUM"
BROWSERS = Path(__file__).resolve().parents[1] / ".ci" / "browsers"


def chromium_path() -> str | None:
    """Chromium or Chrome for the browser test: ``PELOPONNES_CHROMIUM`` when set (even when it
    names no program, so the test says so), else the first of ``.ci/browsers`` that exists: the
    list ``.ci/chromium`` reads before it installs Debian's chromium."""
    if os.environ.get(CHROMIUM_ENV):
        return os.environ[CHROMIUM_ENV]
    for line in BROWSERS.read_text(encoding="utf-8").splitlines():
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        if "/" not in entry:
            found = shutil.which(entry)
        else:
            pattern = os.path.expanduser(entry)
            found = next((p for p in sorted(glob.glob(pattern), reverse=True)
                          if os.path.isfile(p) and os.access(p, os.X_OK)), None)
        if found:
            return found
    return None


def screen_lines(screen: Any) -> list[str]:
    """The lines of a pyte screen as a terminal shows them, read cell by cell: a wide character's
    second cell is left out, as pyte's ``display`` does, and any other empty cell reads as a space.
    (``display`` raises IndexError on an empty cell a redraw left behind a half-overwritten wide
    character, which a test reading mid-redraw can meet.)"""
    lines = []
    for y in range(screen.lines):
        row, cells, wide = screen.buffer[y], [], False
        for x in range(screen.columns):
            data = row[x].data
            if wide and not data:
                wide = False
                continue
            wide = cell_len(data) == 2
            cells.append(data or " ")
        lines.append("".join(cells))
    return lines
