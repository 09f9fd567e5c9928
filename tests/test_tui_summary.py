"""Since your last turn: the public events a player missed, on the hand-off cover and the board.

The summaries are checked line by line in exact situations (a prepared position, or a seeded game
between computer players), then on the screen.
"""

from __future__ import annotations

from rich.text import Text
from support import (
    CARDS,
    HUMAN,
    PlayerSpec,
    bid,
    income_of,
    inhabitants_of,
    pass_,
    quiet_round,
    said,
    screen_text,
    session_from,
    settled,
)

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.engine import BidPrompt, Game, MoveBid
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.render import hand_summary
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.screens.handoff import HandoffScreen
from peloponnes_tui.tui.screens.round_over import RoundOverScreen
from peloponnes_tui.tui.session import Session, default_seats
from peloponnes_tui.tui.summary import Line, since_last_turn
from peloponnes_tui.tui.widgets.drawn import Drawn

# Round 1: Forest, Quarry, Pasture in the market, Barley Fields, Coast, Granary in the conquest
# row (Forest and Quarry move the tempest and the earthquake one space); then a quiet round 2.
REVEAL = ["forest", "quarry", "pasture", "barley-fields", "coast", "granary"]
ROUND_2 = quiet_round(CARDS, set(REVEAL), {"tempest": 1, "earthquake": 1})


def outbid_round(kinds=(HUMAN, HUMAN, HUMAN), privacy=False) -> Session:
    """Helena bids her Wood on the Forest, Leonidas beats it with two coin cards: Helena, outbid,
    is to answer."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           PlayerSpec(civ="argos", hand=["wood", "grain"]),
                           kinds=list(kinds), privacy=privacy,
                           reveal=REVEAL + ROUND_2, order=[0, 1, 2])
    return session


def names(*card_ids: str) -> list[str]:
    return [CARDS.power_by_id[c].name.en for c in card_ids]


def test_outbid_player_told_who_beat_them():
    session = outbid_round()
    game = session.game
    bid(game, 0, "forest", 1)
    bid(game, 1, "forest", 2)
    assert game.pending is not None and game.pending.kind == "outbid"
    # her own bid she made herself: it is not repeated
    assert since_last_turn(session, 0) == [
        Line("Leonidas bids 2 on Forest.", 1, "bid"),
        Line("Helena is outbid on Forest.", 0, "outbid"),
    ]


def test_round_end_told_in_full():
    """The round ends on Dimitrios' pass: the next to bid learns the passes, the cards nobody
    took, the turn order, the gains, the income and the next round's reveal."""
    session = outbid_round()
    game = session.game
    bid(game, 0, "forest", 1)
    bid(game, 1, "forest", 2)
    game.answer(MoveBid("quarry"))
    pass_(game, 2)
    assert game.round == 2 and game.pending is not None and game.pending.player == 1
    income = [income_of(inhabitants_of("tegea", "forest")),
              income_of(inhabitants_of("sparta", "quarry")), income_of(inhabitants_of("argos"))]
    market, conquest = names(*ROUND_2[:3]), names(*ROUND_2[3:])
    tracks = [CARDS.power_by_id[c] for c in ROUND_2[:2]]
    round_end = [
        Line("Nobody bid on Pasture, Barley Fields, Coast and Granary: they leave the game.",
             None, "discarded"),
        Line("New turn order: Leonidas (2), Helena (1), Dimitrios (0).", None, "turn_order"),
        Line("Leonidas adds the landscape Forest.", 1, "gain"),
        Line("Helena adds the landscape Quarry.", 0, "gain"),
        Line(f"Income in coin cards: Leonidas {income[0]}, Helena {income[1]} and "
             f"Dimitrios {income[2]}.", None, "income"),
        Line(f"Round 2 (A cards): {', '.join(market)} go to the market; {conquest[0]}, "
             f"{conquest[1]}, {conquest[2]} to the conquest row.", None, "reveal"),
        *[Line(said(game, e), None, "track") for e in game.log
          if e.kind == "track" and e.round == 2],
    ]
    assert [line.text.split(" moves ")[0] for line in round_end[-2:]] == \
        [t.name.en for t in tracks]
    assert since_last_turn(session, 1) == [
        Line("Helena is outbid on Forest.", 0, "outbid"),
        Line("Helena moves the bid of 1 to Quarry.", 0, "move_bid"),
        Line("Dimitrios passes and draws 3 coin cards.", 2, "pass"),
        *round_end,
    ]
    # Dimitrios' own pass is left out; the rest he missed too
    assert since_last_turn(session, 2) == round_end


def test_first_turn_of_the_game():
    """Before a player's first decision: the start order, the reveal and the bids before them
    (not the seating, which the board shows)."""
    session = outbid_round()
    bid(session.game, 0, "forest", 1)
    assert [line.text for line in since_last_turn(session, 1)] == [
        "Start order: Helena, Leonidas, Dimitrios.",
        "Round 1 (A cards): Forest, Quarry, Pasture go to the market; Barley Fields, Coast, "
        "Granary to the conquest row.",
        "Forest moves Tempest one space on (2 to go).",
        "Quarry moves Earthquake one space on (2 to go).",
        "Helena bids 1 on Forest.",
    ]


def test_catastrophe_and_supply_told():
    """Seed 3, three heuristic players: Decline strikes in round 3. Leonidas, first to bid in
    round 3, learns the strike, who was protected, who covered what."""
    seats = default_seats(3, humans=3)
    game = Game.new([s.name for s in seats], 3, CARDS)
    BotPlayers.seated(CARDS, ["heuristic"] * 3, 3).play(
        game, stop=lambda p: isinstance(p, BidPrompt) and game.round == 3)
    session = Session(game, seats, False, 3)
    assert game.pending is not None and game.pending.player == 1
    lines = since_last_turn(session, 1)
    assert [line.text for line in lines if line.kind in ("reveal", "strike", "protected",
                                                         "luxury_lost", "covered")] == [
        "Round 3 (A cards): River Valley, Coast, Limestone Hills go to the market; "
        "Stonemasons' Lodge, Olive Grove, Wheat Fields to the conquest row.",
        "Decline strikes!",
        "Leonidas is protected from Decline by Port.",
        "Helena covers the luxury card with a coin card (Decline).",
        "Dimitrios covers the luxury card with a coin card (Decline).",
    ]
    assert [line.kind for line in lines if line.kind == "strike"] == ["strike"]
    # the summary holds every public event he missed, none twice, nothing else
    missed = game.log[session.seen_log(1):]
    assert session.seen_log(1) == game.answer_log_sizes[max(
        i for i, seat in enumerate(game.answer_seats) if seat == 1)]
    merged = {"discarded", "income"}
    assert [line.text for line in lines if line.kind not in merged] == [
        said(game, e) for e in missed
        if e.kind not in merged | {"setup", "position", "score", "winner"}
        and not (e.player == 1 and (e.round, e.phase) == (missed[0].round, missed[0].phase))]


def assert_nothing_private(text: str, session: Session) -> None:
    for private in ("Coin cards:", "Pay with:", "Hand:"):
        assert private not in text
    for seat in range(len(session.seats)):
        assert hand_summary(CARDS, session.game.players[seat].hand).plain not in text


async def test_cover_tells_what_happened(cards):
    """Helena and Leonidas share the keyboard with a computer player (Dimitrios): the cover for
    Leonidas after the round's end says what happened since he bid, and nothing private."""
    session = outbid_round(kinds=(HUMAN, HUMAN, "random"), privacy=True)
    game = session.game
    bid(game, 0, "forest", 1)
    bid(game, 1, "forest", 2)
    game.answer(MoveBid("quarry"))
    pass_(game, 2)
    assert game.pending is not None and game.pending.player == 1
    expected = since_last_turn(session, 1)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.set_session(session)
        await settled(pilot)
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat.name == "Leonidas"
        assert app.screen.since == expected
        text = screen_text(app)
        assert "Pass the keyboard to B▲ Leonidas" in text
        assert "Since your last turn" in text
        for line in ("R● Helena moves the bid of 1 to Quarry.",
                     "G■ Dimitrios passes and draws 3 coin cards.",
                     "· New turn order: Leonidas (2), Helena (1), Dimitrios (0).",
                     "B▲ Leonidas adds the landscape Forest.",
                     "· Round 2 (A cards):"):
            assert line in text
        assert_nothing_private(text, session)
        await pilot.press("enter")
        await settled(pilot)
        # the cover told him: the board does not repeat it
        assert isinstance(app.screen, BoardScreen) and app.viewer == 1
        assert not app.screen.query_one("#since").display
        assert "Since your last turn" not in screen_text(app)


async def test_cover_summary_scrolls_at_80x24(cards):
    """At 80×24 the whole round end does not fit: the summary shows its latest lines (the
    latest last) and scrolls back with ↑; the button stays."""
    session = outbid_round(kinds=(HUMAN, HUMAN, "random"), privacy=True)
    game = session.game
    bid(game, 0, "forest", 1)
    bid(game, 1, "forest", 2)
    game.answer(MoveBid("quarry"))
    pass_(game, 2)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        last = [said(game, e) for e in game.log if e.kind == "track"][-1]
        text = screen_text(app)
        assert "I am Leonidas — show my hand (Enter)" in text
        assert last in text  # the latest line is in view
        assert "Helena is outbid on Forest." not in text  # an earlier one above it
        for _ in range(12):
            await pilot.press("up")
        await settled(pilot)
        text = screen_text(app)
        assert last not in text and "Helena is outbid on Forest." in text
        assert "I am Leonidas — show my hand (Enter)" in text


async def test_board_tells_a_lone_player_what_the_computers_did(cards):
    """Helena plays alone against two computer players: no cover, and on her next turn the board
    says what they did since her last one."""
    session = outbid_round(kinds=(HUMAN, "random", "random"), privacy=True)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        board = app.screen
        assert isinstance(board, BoardScreen) and app.viewer == 0
        first = since_last_turn(session, 0)
        assert [line.kind for line in first][:2] == ["start_order", "reveal"]
        assert board.query_one("#since").display
        await pilot.press("enter")  # her Wood on the Forest; the computers answer at once
        await settled(pilot)
        # the round ended: the table reads its end first, then the board tells her again
        assert isinstance(app.screen, RoundOverScreen) and app.screen.rnd == 1
        assert "Leonidas passes and draws 3 coin cards." in screen_text(app)
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause()
            if board.panel() is not None and app.session.game.answer_seats[-1] != 0:
                break
        game = app.session.game
        assert game.pending is not None and game.pending.player == 0
        lines = since_last_turn(app.session, 0)
        income = [income_of(inhabitants_of("sparta", "forest")),
                  income_of(inhabitants_of("argos", "pasture")),
                  income_of(inhabitants_of("tegea"))]
        # the computers (random, seeded) passed and bid; the round ended on Helena's bid
        assert [line.text for line in lines] == [
            "Leonidas passes and draws 3 coin cards.",
            "Dimitrios bids 1 on Pasture.",
            "Nobody bid on Quarry, Barley Fields, Coast and Granary: they leave the game.",
            "New turn order: Helena (1), Dimitrios (1), Leonidas (0).",
            "Helena adds the landscape Forest.",
            "Dimitrios adds the landscape Pasture.",
            f"Income in coin cards: Helena {income[0]}, Dimitrios {income[1]} and "
            f"Leonidas {income[2]}.",
            *[said(game, e) for e in game.log if e.round == 2 and e.kind in ("reveal", "track")],
        ]
        assert board.query_one("#since").display
        assert not board.query_one("#last").display
        shown = board.query_one("#sincetext", Drawn).renderable
        assert isinstance(shown, Text)
        shown = shown.plain
        tags = [session.seats[line.player].tag if line.player is not None else "·"
                for line in lines]
        # the newest first, after the head (at 80×24 it starts the first line)
        assert shown == "Since your last turn ([ ] page): " + "\n".join(
            f"{tag} {line.text}" for tag, line in list(zip(tags, lines, strict=True))[::-1])
        text = screen_text(app)
        assert "Since your last turn" in text
        # the latest line is in view (perhaps broken over rows, each after the box's border)
        assert lines[-1].text in " ".join(text.replace("█", " ").split())
