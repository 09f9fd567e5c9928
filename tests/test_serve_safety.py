"""`peloponnes serve` as an attacker would try it: what a browser page may read, which origins may
drive the server, the limits, the addresses the page uses, and how it starts and stops. The
browser itself is in test_browser.py, the ordinary use of serve in test_serve.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from peloponnes_tui.cards import CardSet
from peloponnes_tui.cli import main
from peloponnes_tui.engine import BidPrompt, Game
from peloponnes_tui.engine.save import SaveError, dumps
from peloponnes_tui.refusals import error_text
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.replay import Replay
from peloponnes_tui.tui.screens.replay import ReplayScreen, WatchScreen, board_parts
from peloponnes_tui.tui.session import Session, autosave_path
from peloponnes_tui.tui.testing import finished_session, session_at
from peloponnes_tui.tui.textdump import screen_text

SECRET = "hunter2"


# -- a damaged file's message cites nothing it holds ---------------------------------------------

def damaged_saves(cards: CardSet) -> dict[str, str]:
    """Saves, each damaged in one place where the secret stands."""
    good = json.loads(dumps(Game.new(["Ann", "Bob"], 1, cards)))
    as_json: dict[str, Any] = {
        "format": {**good, "format": f"db_password={SECRET}"},
        "cards": {**good, "cards_digest": SECRET, "cards_version": SECRET},
        "seed": {**good, "seed": SECRET},
        "players": {**good, "players": SECRET},
        "a player": {**good, "players": ["Ann", SECRET + "\x01"]},
        "a key": {**good, SECRET: 1},
        "an answer's kind": {**good, "answers": [{"kind": SECRET}]},
        "an answer's key": {**good, "answers": [{"kind": "pass", SECRET: 1}]},
        "an answer's card": {**good, "answers": [{"kind": "place_bid", "card": SECRET,
                                                  "coins": []}]},
        "an answer": {**good, "answers": [SECRET]},
        "a position": {**good, "position": {SECRET: 1}},
        "the extra": {**good, "extra": SECRET},
        "a text in the extra": {**good, "extra": {SECRET: "\x9b"}},
    }
    texts = {name: json.dumps(data) for name, data in as_json.items()}
    texts["a key twice"] = f'{{"format": 1, "{SECRET}": 1, "{SECRET}": 2}}'
    return texts


def test_a_damaged_save_cites_nothing_it_holds(cards: CardSet, tmp_path: Path) -> None:
    for name, text in damaged_saves(cards).items():
        path = tmp_path / "save.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SaveError) as refused:
            Session.load(path, cards)
        said = error_text(refused.value)
        assert SECRET not in said, (name, said)
        assert said.startswith(str(path)), (name, said)  # still where, and what is wrong


def test_a_damaged_save_on_the_command_line_cites_nothing_either(
        cards: CardSet, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.json"
    path.write_text(damaged_saves(cards)["format"], encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert SECRET not in err and "the save has format …; this version reads format 1" in err


def test_the_format_keys_are_still_named(cards: CardSet) -> None:
    good = json.loads(dumps(Game.new(["Ann", "Bob"], 1, cards)))
    with pytest.raises(SaveError) as refused:
        Session.loads(json.dumps({**good, "seed": "x"}), cards)
    assert error_text(refused.value).startswith("the save file, field 'seed': the save is "
                                                "damaged")


# -- a second window shows no hand of a game in progress -----------------------------------------

def unfinished(cards: CardSet, privacy: bool, humans: int) -> Session:
    """A game of three a few answers in, ``humans`` of its seats people."""
    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt), min_round=2,
                         privacy=privacy)
    for seat in session.seats[humans:]:
        seat.kind = "random"
    return session


@pytest.mark.parametrize("privacy, humans, hidden", [
    (True, 2, True),  # hot-seat, hands hidden from each other: never while it is on
    (True, 3, True),
    (False, 2, False),  # one person plays every human seat (or nobody hides a hand)
    (True, 1, False),
])
def test_the_hands_of_a_game_in_progress_are_shown_only_to_a_single_person(
        cards: CardSet, privacy: bool, humans: int, hidden: bool) -> None:
    session = unfinished(cards, privacy, humans)
    assert session.hands_private is hidden
    replay = Replay.of(session)
    assert replay.hands_locked is hidden
    assert replay.hands_shown is (humans == 1)  # hidden at first when several people play
    assert replay.toggle_hands() is not hidden
    assert replay.hands_shown is (False if hidden else humans > 1)
    if hidden:
        assert all(part[1][2] is None for part in board_parts(replay)
                   if part[0].startswith("tableau"))


def test_a_finished_game_of_several_people_shows_its_hands_on_h(cards: CardSet) -> None:
    session = finished_session(cards, 3)
    session.privacy = True
    replay = Replay.of(session)
    assert not replay.hands_locked and not replay.hands_shown
    assert replay.toggle_hands() and replay.hands_shown


async def test_watching_the_autosave_of_a_hot_seat_game_shows_no_hand(cards: CardSet) -> None:
    """A second window on the same computer: Watch a game, the autosave, h."""
    session = unfinished(cards, True, 2)
    session.save(autosave_path())
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(160, 60)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("h")
        await pilot.pause()
        assert not screen.replay.hands_shown
        assert "hands stay hidden until the game is over" in screen_text(app)
