"""The replay viewer: a saved game watched event by event (``peloponnes replay FILE``, "Watch a
game" on the start screen, the end-of-game screen), with the table as it was at each event."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from support import NAMES, finished_session, said, screen_text, settled
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.cards import CardSet
from peloponnes_tui.cli import main
from peloponnes_tui.engine import Game
from peloponnes_tui.engine.core import GameCore
from peloponnes_tui.engine.view import fresh_view_for
from peloponnes_tui.i18n import set_language
from peloponnes_tui.log_text import event_text
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.render import hand_summary
from peloponnes_tui.tui.replay import Replay, record
from peloponnes_tui.tui.replay_app import ReplayApp
from peloponnes_tui.tui.screens.replay import ReplayScreen, WatchScreen
from peloponnes_tui.tui.screens.scoring import ScoringScreen
from peloponnes_tui.tui.session import HUMAN, Seat, Session, saves_dir
from peloponnes_tui.tui.widgets.drawn import Drawn
from peloponnes_tui.tui.widgets.event_list import EventList

SEED = 1
KINDS = (HUMAN, HUMAN, "heuristic", "random")  # two people and two computers
# who played each seat in the saved game (the people's answers came from bots too)
PLAYED_BY = ("heuristic", "random", "heuristic", "random")
TALL = (160, 100)  # the whole board in view beside the log


def played(cards: CardSet) -> Session:
    """Seed 1's game between Helena and Leonidas (people) and Dimitrios and Ariadne
    (computers), played to the end."""
    seats = [Seat(NAMES[i], colour, kind)
             for i, (colour, kind) in enumerate(zip(("red", "blue", "green", "yellow"), KINDS,
                                                    strict=True))]
    session = Session.new(seats, SEED, cards, privacy=True, bot_pause=0)
    BotPlayers.seated(cards, list(PLAYED_BY), SEED).play(session.game)
    assert session.over
    return session


@pytest.fixture
def saved(cards: CardSet) -> Path:
    """The game, saved in the saves folder (the only file there)."""
    path = saves_dir() / "seed-1.json"
    played(cards).save(path)
    return path


def board_text(app: App[Any]) -> str:
    """All of the board as drawn (scrolled out of view or not), without the log beside it."""
    board = app.screen.query_one("#board")
    console = Console(width=board.size.width, file=io.StringIO(), record=True,
                      color_system=None)
    for part in board.query(Drawn):
        if part.display:
            console.print(part.renderable)
    return console.export_text()


async def press(pilot: Pilot[Any], key: str, times: int) -> None:
    """``key`` pressed ``times`` times in a row: the key events queued at once as the terminal
    sends them, then the app left to handle them (the pilot's own press waits for the app to be
    idle after every key, which at a few hundred keys is most of a minute)."""
    for _ in range(times):
        pilot.app.post_message(events.Key(key, None))
    await settled(pilot)


def where(app: App[Any]) -> str:
    return str(app.screen.query_one("#where", Drawn).renderable)


def tableau_sections(text: str, replay: Replay) -> dict[int, str]:
    """The board's text cut into each seat's tableau (from its heading to the next)."""
    heads = {s: text.index(f"{st.tag} {st.name}  population") for s, st in
             enumerate(replay.seats)}
    order = sorted(heads, key=heads.__getitem__)
    return {s: text[heads[s]:heads[order[i + 1]] if i + 1 < len(order) else len(text)]
            for i, s in enumerate(order)}


def power_cards_named(cards: CardSet, text: str) -> set[str]:
    """The power cards whose names appear in ``text`` (the longest name where one holds
    another: Pine Forest is not also Forest)."""
    names = sorted((c.name.en for c in cards.power_cards), key=len, reverse=True)
    by_name = {c.name.en: c.id for c in cards.power_cards}
    pattern = re.compile("|".join(re.escape(n) for n in names))
    return {by_name[m.group(0)] for m in pattern.finditer(text)}


# -- the engine's observer and the recorded moments ------------------------------------------------

def test_the_observer_sees_every_event_as_it_is_logged_and_changes_nothing(cards):
    game = played(cards).game
    seen: list[tuple[int, int]] = []

    def observe(core: GameCore) -> None:
        seen.append((core.log[-1].seq, len(core.log)))

    watched = Game.new(game.names, game.seed, cards, observer=observe)
    for ans in game.answers:
        watched.answer(ans)
    assert seen == [(i, i + 1) for i in range(len(game.log))]
    assert watched.snapshot() == game.snapshot()


def test_each_answer_moment_is_the_table_of_the_game_replayed_to_that_answer(cards):
    """Before every answer, every seat's recorded view is what the game replayed up to that
    answer shows that seat (hand, tableaux, piles, tracks, phase, log)."""
    game = played(cards).game
    moments = record(game)
    assert [m.event for m in moments] == game.log
    for k in range(len(game.answers) + 1):
        upto = Game.replay(game.names, game.seed, game.answers[:k], cards)
        moment = moments[len(upto.log) - 1]
        assert moment.views == tuple(fresh_view_for(upto, s) for s in range(4)), k


# -- stepping by keys --------------------------------------------------------------------------

async def open_from_start(pilot: Pilot[Any]) -> Replay:
    """w on the start screen, Enter on the first save listed: the viewer, at the first event."""
    await pilot.press("w")
    await settled(pilot)
    assert isinstance(pilot.app.screen, WatchScreen)
    await pilot.press("enter")
    await settled(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen.replay


async def test_step_by_keys_to_the_end_and_back_with_the_board_of_each_event(cards, saved):
    """→ to the last event and ← back to the first, one event a key; at the events around a
    covered card the board shows the card covered from its event on, and not before."""
    game = Session.load(saved, cards).game
    # the first power card a catastrophe covered in this game, and whose tableau it is on
    covered = next(e for e in game.log if e.kind == "covered" and e.cards
                   and e.cards[0] in cards.power_by_id)
    i, seat, card = covered.seq, covered.player, covered.cards[0]
    assert seat is not None and i > 0
    port = cards.power_by_id[card].name.en
    last = len(game.log) - 1
    checked = {i - 1: False, i: True, i + 1: True}  # event: the card shown covered
    still = [x.covered for x in game.players[seat].placed() if x.card == card]
    if still:  # still on the tableau at the end (a later catastrophe may have taken it)
        checked[last] = still[0]
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=TALL) as pilot:
        replay = await open_from_start(pilot)
        assert replay.at == 0
        for i, now_covered in checked.items():
            await press(pilot, "right", i - replay.at)
            assert replay.at == i
            assert where(app).startswith(f"Event {i + 1} of {last + 1}")
            assert said(game, game.log[i]) in where(app)
            sections = tableau_sections(board_text(app), replay)
            assert (f"▩ {port}" in sections[seat]) == now_covered, i
            assert port in sections[seat]  # on the tableau, covered or not
        await press(pilot, "right", last - replay.at)
        assert replay.at == last
        await pilot.press("right")  # nothing after the last event
        assert replay.at == last
        for i, now_covered in reversed(checked.items()):
            await press(pilot, "left", replay.at - i)
            assert replay.at == i
            sections = tableau_sections(board_text(app), replay)
            assert (f"▩ {port}" in sections[seat]) == now_covered
        await press(pilot, "left", replay.at)
        assert replay.at == 0
        assert where(app).startswith(f"Event 1 of {last + 1}")
        await pilot.press("left")  # nothing before the first
        assert replay.at == 0
        await pilot.press("end")
        assert replay.at == last
        await pilot.press("home")
        assert replay.at == 0


async def test_round_jumps_land_on_each_round_with_the_tableaux_of_that_round(cards, saved):
    """] and PgDn go to the first event of each round in turn, [ and PgUp back; at each round's
    first decision every tableau holds exactly the cards of the game replayed to it."""
    game = Session.load(saved, cards).game
    starts = [next(e.seq for e in game.log if e.round == r) for r in range(9)]
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=TALL) as pilot:
        replay = await open_from_start(pilot)
        for r in range(1, 9):
            await pilot.press("right_square_bracket" if r % 2 else "pagedown")
            assert replay.at == starts[r]
            assert game.log[starts[r]].kind == "reveal"
            assert f"R{r} Round {r} " in where(app)
            # on to the table as the round's first decision was asked
            k = next(i for i, size in enumerate(game.answer_log_sizes)
                     if game.log[size - 1].round == r)
            upto = Game.replay(game.names, game.seed, game.answers[:k], cards)
            await press(pilot, "right", len(upto.log) - 1 - replay.at)
            assert replay.at == len(upto.log) - 1
            sections = tableau_sections(board_text(app), replay)
            for seat, p in enumerate(upto.players):
                tableau = {x.card for x in p.buildings} | {x.card for x in p.landscapes}
                assert power_cards_named(cards, sections[seat]) == tableau, (r, seat)
                assert f"population {fresh_view_for(upto, seat).players[seat].inhabitants}" \
                    in sections[seat]
            await pilot.press("left_square_bracket")  # back to this round's first event
            assert replay.at == starts[r]
        await pilot.press("right_square_bracket")  # after the last round: the last event
        assert replay.at == len(game.log) - 1
        for r in range(8, 0, -1):
            await pilot.press("pageup" if r % 2 else "left_square_bracket")
            assert replay.at == starts[r]


async def test_a_log_line_is_shown_on_enter_or_a_click(cards, saved):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=TALL) as pilot:
        replay = await open_from_start(pilot)
        for _ in range(30):
            await pilot.press("down")
        assert replay.at == 0  # moving through the log shows nothing yet
        log = app.screen.query_one("#log", EventList)
        assert log.cursor == 30
        await pilot.press("enter")
        assert replay.at == 30
        # the event shown is the one line marked ▶ in the log
        rows = [log.render_line(y).text for y in range(log.size.height)]
        marked = [row for row in rows if row.startswith("▶ ")]
        assert len(marked) == 1
        shown = event_text(replay.event, replay.cards, [s.name for s in replay.seats])
        assert shown[:20] in marked[0]
        # a click on the line at the top of the log list
        log.move_cursor(120, top=True)
        await settled(pilot)
        assert await pilot.click("#log", offset=(4, 0))
        await settled(pilot)
        assert replay.at == 120
        assert event_text(replay.event, replay.cards, [s.name for s in replay.seats]) in where(app)


async def test_hands_are_hidden_in_a_game_of_several_people_until_h(cards, saved):
    """Two people played: no hand is on screen (theirs nor the computers'), until h shows them
    all; h hides them again."""
    game = Session.load(saved, cards).game
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=TALL) as pilot:
        replay = await open_from_start(pilot)
        assert not replay.hands_shown
        for _ in range(6):  # round starts 1 to 6
            await pilot.press("right_square_bracket")
            hands = [replay.moment.view(s).hand for s in range(4)]
            assert all(hands)  # each summary is a string to look for
            summaries = [hand_summary(cards, h).plain for h in hands]
            text = screen_text(app) + board_text(app)
            assert "Hand:" not in text
            assert not any(s in text for s in summaries)
            await pilot.press("h")
            text = board_text(app)
            assert text.count("Hand:") == 4
            assert all(s in text for s in summaries)
            await pilot.press("h")
            assert "Hand:" not in board_text(app)
        assert game.log[replay.at].round == 6


# -- opening files -----------------------------------------------------------------------------

def test_a_damaged_file_is_refused_in_one_line_with_status_2(cards, saved, tmp_path, capsys):
    data = json.loads(saved.read_text())
    data["answers"][5] = {"kind": "bid", "card": "no-such-card", "coins": []}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    broken = tmp_path / "broken.json"
    broken.write_text(saved.read_text()[:200])
    for path in (bad, broken, tmp_path / "missing.json"):
        assert main(["replay", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("peloponnes: ") and err.count("\n") == 1, err
        assert str(path) in err


async def test_the_watch_list_says_why_a_save_cannot_be_watched(cards, tmp_path):
    (saves_dir()).mkdir(parents=True)
    (saves_dir() / "junk.json").write_text("{not json")
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await pilot.press("enter")
        await settled(pilot)
        assert isinstance(app.screen, WatchScreen)
        assert "not valid JSON" in str(app.screen.query_one("#error", Static).content)


async def test_a_simulate_save_games_file_opens_with_the_hands_shown(cards, tmp_path,
                                                                   monkeypatch):
    """simulate --save-games writes computer players' games: replay FILE opens one, and with
    nobody's hand to keep secret they are shown from the start."""
    folder = tmp_path / "games"
    assert main(["simulate", "--bots", "random,heuristic,random", "--games", "1",
                 "--save-games", str(folder)]) == 0
    (path,) = folder.iterdir()
    opened: list[Replay] = []
    monkeypatch.setattr("peloponnes_tui.cli.terminal_problem", lambda: None)
    def run_replay(replay: Replay) -> int:
        opened.append(replay)
        return 0

    monkeypatch.setattr("peloponnes_tui.tui.replay_app.run_replay", run_replay)
    assert main(["replay", str(path)]) == 0
    (replay,) = opened
    game = Session.load(path, cards).game
    assert replay.events == tuple(game.log) and replay.over
    assert replay.hands_shown
    app = ReplayApp(replay)
    async with app.run_test(size=TALL) as pilot:
        await settled(pilot)
        await pilot.press("end")
        assert board_text(app).count("Hand:") == 3
        assert said(game, game.log[-1]) in where(app)
        await pilot.press("q")
    assert app.return_code == 0


async def test_the_end_of_game_screen_offers_the_game_just_played(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        session = finished_session(cards, 3, seed=2)
        app.set_session(session)
        await settled(pilot)
        assert isinstance(app.screen, ScoringScreen)
        await pilot.press("w")
        await settled(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.replay.events == tuple(session.game.log)
        assert not app.screen.replay.hands_shown  # three people played
        await pilot.press("q")
        assert isinstance(app.screen, ScoringScreen)


async def test_the_viewer_speaks_german(cards, saved):
    set_language("de")
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=TALL) as pilot:
        await open_from_start(pilot)
        assert where(app).startswith("Ereignis 1 von ")
        assert "h: Handkarten zeigen" in str(app.screen.query_one("#keys", Drawn).renderable)
