"""The game a window plays (``tui/running.py``): what the table needs next, the hand-off between
people, computer players' answers that come too late, and undo, without the app."""

from __future__ import annotations

from pathlib import Path

from support import CARDS

from peloponnes_tui.bots.random_bot import RandomBot
from peloponnes_tui.tui.running import (
    ComputerTurn,
    GameOver,
    HandOff,
    PersonTurn,
    RoundOver,
    RunningGame,
)
from peloponnes_tui.tui.session import HUMAN, Seat, Session


def game(kinds: list[str], privacy: bool, tmp_path: Path, seed: int = 5) -> RunningGame:
    seats = [Seat(name, colour, kind) for name, colour, kind in
             zip(("Helena", "Leonidas", "Dimitrios"), ("red", "blue", "green"), kinds,
                 strict=False)]
    return RunningGame(Session.new(seats, seed, CARDS, privacy), tmp_path / "autosave.json")


def answer_randomly(running: RunningGame, seed: int = 1) -> None:
    session = running.session
    prompt = session.pending
    assert prompt is not None
    running.apply(RandomBot(CARDS, seed=seed).decide(prompt, session.view(prompt.player)))
    assert running.autosave() is None  # (the window autosaves each answer after its frame)


def test_two_people_with_hidden_hands_hand_the_keyboard_over_behind_the_cover(tmp_path):
    running = game([HUMAN, HUMAN], privacy=True, tmp_path=tmp_path)
    first = running.session.pending
    assert first is not None
    assert running.next_step() == HandOff(first.player) and running.viewer is None
    assert running.ready(first.player) == PersonTurn(first.player, told=True)
    assert running.viewer == first.player and running.person_deciding()
    assert running.next_step() == PersonTurn(first.player)  # the same person: no cover
    seen = 0
    while running.session.pending is not None and seen < 40:
        before = running.viewer
        answer_randomly(running, seen)
        step = running.next_step()
        if isinstance(step, RoundOver):  # the table reads the round's end: no hand shown
            assert step.round == running.rounds_over() and running.viewer is None
            step = running.next_step()
        pending = running.session.pending
        if pending is None:
            assert step == GameOver() and running.viewer is None
        elif pending.player != before:
            assert step == HandOff(pending.player) and running.viewer is None  # no hand shown
            assert not running.person_deciding()
            running.ready(pending.player)
        seen += 1
    assert (tmp_path / "autosave.json").is_file()  # every answer autosaved


def test_one_person_with_open_hands_gets_no_cover(tmp_path):
    running = game([HUMAN, HUMAN], privacy=False, tmp_path=tmp_path)
    for n in range(10):
        step = running.next_step()
        if isinstance(step, RoundOver):
            step = running.next_step()
        assert isinstance(step, PersonTurn) and not step.told
        answer_randomly(running, n)


def test_a_computer_players_answer_that_comes_too_late_is_dropped(tmp_path):
    running = game(["random", HUMAN], privacy=True, tmp_path=tmp_path, seed=3)
    session = running.session
    while not isinstance(running.next_step(), ComputerTurn):
        answer_randomly(running)
    prompt = session.pending
    assert prompt is not None
    bot = session.bot_to_move()
    assert bot is not None
    turn = session.turn
    late = bot.decide(prompt, session.view(prompt.player))
    answers = len(session.game.answers)
    assert running.apply_computers(turn, late)
    assert len(session.game.answers) == answers + 1
    assert not running.apply_computers(turn, late)  # the game has moved on: nothing happens
    assert len(session.game.answers) == answers + 1


def test_undo_takes_back_the_viewers_own_answer_or_the_last_one_behind_the_cover(tmp_path):
    running = game([HUMAN, HUMAN], privacy=True, tmp_path=tmp_path)
    first = running.session.pending
    assert first is not None
    running.ready(first.player)
    answer_randomly(running)
    step = running.next_step()
    if isinstance(step, HandOff):  # the cover is up: the next player has seen nothing
        assert running.undo_seat(covered=True) == first.player
    seat = running.undo_seat(covered=isinstance(step, HandOff))
    answers = len(running.session.game.answers)
    if running.session.can_undo(seat):
        assert running.undo(seat)
        assert len(running.session.game.answers) == answers - 1
        assert running.viewer == seat
    else:
        assert not running.undo(seat)
        assert len(running.session.game.answers) == answers
    assert not running.undo(None)  # nobody's answer: nothing to take back


def test_each_rounds_end_is_shown_once_before_anyone_moves_on_and_the_last_before_the_scores(
        tmp_path):
    running = game([HUMAN, "random", "random"], privacy=False, tmp_path=tmp_path)
    shown: list[int] = []
    for n in range(400):  # the bound only stops a hang
        step = running.next_step()
        if isinstance(step, RoundOver):
            assert running.viewer is None
            shown.append(step.round)
            # asked again, the table moves on: the same end is not shown twice
            assert not isinstance(running.next_step(), RoundOver)
            continue
        if isinstance(step, GameOver):
            break
        if isinstance(step, ComputerTurn):
            running.play_computers()
            continue
        answer_randomly(running, n)
    assert shown == list(range(1, 9))  # every round, in order, the eighth before the scores
    assert running.next_step() == GameOver()


def test_a_game_resumed_does_not_show_the_end_of_a_round_played_before(tmp_path):
    running = game([HUMAN, HUMAN], privacy=False, tmp_path=tmp_path)
    while running.session.game.round < 3:
        if isinstance(running.next_step(), PersonTurn):
            answer_randomly(running)
    resumed = RunningGame(Session.loads(running.session.dumps(), CARDS), tmp_path / "again.json")
    assert resumed.told_round == 2
    assert not isinstance(resumed.next_step(), RoundOver)

