"""Pilot tests of the Textual app: start screen, a whole hot-seat game by keys, privacy, undo.

Each test that needs a game in progress starts it from a :class:`Position` (named civilizations,
hands and power cards, a fixed turn order and seed), so it knows the exact prompt, the panel and
its suggestion before it presses a key.
"""

from __future__ import annotations

from support import (
    HUMAN,
    SEED,
    PlayerSpec,
    decisions_by_keys,
    inhabitants_of,
    notifications,
    power_of,
    quiet_round,
    screen_text,
    session_from,
    settled,
)

from peloponnes_tui.engine import Game, PlaceBid
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.render import hand_summary
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.screens.handoff import HandoffScreen
from peloponnes_tui.tui.screens.new_game import NewGameScreen
from peloponnes_tui.tui.screens.round_over import RoundOverScreen
from peloponnes_tui.tui.screens.scoring import ScoringScreen
from peloponnes_tui.tui.screens.start import StartScreen
from peloponnes_tui.tui.session import Session, autosave_path
from peloponnes_tui.tui.widgets.bid_panels import BidPanel

# Three market cards (value 1), then three in the conquest row.  Forest and Quarry move the tempest
# and the earthquake one space each (nothing strikes); none is a supply card.
REVEAL = ["forest", "quarry", "pasture", "barley-fields", "coast", "granary"]


async def new_game_by_keys(pilot) -> None:
    """From the start screen: n, then Ctrl+G with the defaults (2 humans + 1 computer)."""
    await pilot.press("n")
    assert isinstance(pilot.app.screen, NewGameScreen)
    await pilot.press("ctrl+g")
    await settled(pilot)


async def test_start_screen_offers_everything(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert isinstance(app.screen, StartScreen)
        text = screen_text(app)
        for word in ("New game", "Resume", "Load", "Rules", "Quit"):
            assert word in text
        await pilot.press("question_mark")
        assert "Score = the LOWER" in screen_text(app)


async def test_full_game_by_keys_to_scoring(cards):
    """Two humans and a computer play a complete game with key presses only."""
    app = PeloponnesApp(cards=cards, bot_pause=0)
    seen: set[str] = set()
    handoffs = 0
    presses = 0
    rounds_shown: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#seed").focus()
        await pilot.press(*str(SEED), "ctrl+g")
        await settled(pilot)
        session = app.session
        assert session is not None and session.seed == SEED
        assert [s.human for s in session.seats] == [True, True, False]
        async for panel in decisions_by_keys(pilot):
            if panel is None:
                if isinstance(app.screen, RoundOverScreen):
                    rounds_shown.append(app.screen.rnd)
                else:
                    handoffs += 1
                continue
            seen.add(panel.prompt.kind)
            presses += 1
        assert isinstance(app.screen, ScoringScreen)
        text = screen_text(app)
        game = session.game
        assert game.over
        winners = " and ".join(f"{session.seats[w].tag} {session.seats[w].name}"
                               for w in game.winners)
        assert f"The game is over. Winner: {winners}!" in text
        assert "Score (the lower)" in text
    # The same seed and answers replayed without the app: the prompts the two people were shown
    # are exactly the panels the keys answered, and a cover went up whenever the keyboard went
    # from one person to the other.
    replay = Game.new([s.name for s in session.seats], SEED, cards)
    asked: list[tuple[int, str]] = []
    rounds: list[int] = []
    for answer in game.answers:
        prompt = replay.pending
        assert prompt is not None
        if session.seats[prompt.player].human:
            asked.append((prompt.player, prompt.kind))
            rounds.append(replay.round)
        replay.answer(answer)
    assert replay.over and replay.scores == game.scores
    assert presses == len(asked)
    assert rounds_shown == list(range(1, 9))  # each round's end, once, in order
    assert seen == {kind for _seat, kind in asked}
    # a cover when the keyboard goes to another person, or after the table read a round's end
    assert handoffs == sum(1 for i, (seat, _) in enumerate(asked)
                           if i == 0 or asked[i - 1][0] != seat or rounds[i - 1] != rounds[i])
    assert Session.load(autosave_path(), cards).game.answers == game.answers


def assert_cover_for(app: PeloponnesApp, seat: int) -> None:
    """The hand-off cover asks the player in ``seat`` to bid and shows nothing private of
    anybody."""
    session = app.session
    assert isinstance(app.screen, HandoffScreen)
    assert app.viewer is None
    text = screen_text(app)
    name = session.seats[seat].name
    assert "Pass the keyboard to" in text and f"{session.seats[seat].tag} {name}" in text
    assert f"I am {name} — show my hand (Enter)" in text
    assert "It is your turn to bid." in text
    for private in ("Coin cards:", "Pay with:", "Hand:", "Cover the selected"):
        assert private not in text
    for other in range(len(session.seats)):
        hand = session.game.players[other].hand
        assert hand  # every hand holds a card, so its summary is a string to look for
        assert hand_summary(app.cards, hand).plain not in text


async def test_privacy_cover_hides_hands(cards):
    """Helena and Leonidas share the keyboard (Dimitrios is a computer): a cover goes up before
    each of them decides, shows no hand, and Enter shows the named player's own."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           PlayerSpec(civ="argos", hand=["wood", "grain"]),
                           kinds=[HUMAN, HUMAN, "random"], privacy=True,
                           reveal=REVEAL, order=[0, 1, 2])
    game = session.game
    wood = game.players[0].hand[0]
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(160, 50)) as pilot:  # wide: the board shows the viewer's hand
        app.set_session(session)
        await settled(pilot)
        assert_cover_for(app, 0)
        await pilot.press("enter")
        assert isinstance(app.screen, BoardScreen) and app.viewer == 0
        text = screen_text(app)
        # what the cover hid
        assert "Hand: 1×Wood  1×Stone  1×Grain" in text
        assert "Coin cards:  a  Wood 1/1  c  Stone 0/1  e  Grain 0/1" in text
        await pilot.press("enter")  # the suggested bid: her Wood on the Forest
        await settled(pilot)
        assert game.answers == [PlaceBid("forest", (wood,), 0)]
        assert game.pending is not None and game.pending.player == 1
        assert_cover_for(app, 1)
        await pilot.press("enter")
        assert isinstance(app.screen, BoardScreen) and app.viewer == 1
        assert "Hand: 1×Stone  1×Grain" in screen_text(app)
        panel = app.board.panel()
        assert isinstance(panel, BidPanel) and panel.prompt.player == 1


async def test_undo_own_unseen_choice(cards):
    """A player takes back a choice while the next player's cover is still up; the choice before
    it, another player's, cannot be taken back."""
    # Three people at one keyboard; Leonidas has bid his Stone on the Forest, Helena is next.
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           PlayerSpec(civ="argos", hand=["wood", "grain"]),
                           privacy=True, reveal=REVEAL, order=[1, 0, 2])
    game = session.game
    leonidas_bid = PlaceBid("forest", (game.players[1].hand[0],), 0)
    game.answer(leonidas_bid)
    helena_hand = list(game.players[0].hand)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    notes = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat.name == "Helena"
        await pilot.press("enter")
        await pilot.press("enter")  # the suggested bid: her Wood on the Quarry
        await settled(pilot)
        assert app.session.game.answers == [leonidas_bid,
                                            PlaceBid("quarry", (helena_hand[0],), 0)]
        assert app.session.answered_by == [1, 0]
        # Dimitrios' cover is up: he has seen nothing, so Helena may take her bid back
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat.name == "Dimitrios"
        await pilot.press("ctrl+z")
        await settled(pilot)
        game = app.session.game
        assert game.answers == [leonidas_bid]
        assert game.pending is not None and game.pending.player == 0
        assert game.players[0].hand == helena_hand
        assert isinstance(app.screen, BoardScreen) and app.viewer == 0
        panel = app.board.panel()
        assert isinstance(panel, BidPanel) and panel.prompt.player == 0
        # the answer before hers is Leonidas': nothing more to undo
        assert app.session.answered_by == [1]
        await pilot.press("ctrl+z")
        await settled(pilot)
        assert app.session.game.answers == [leonidas_bid]
        assert isinstance(app.screen, BoardScreen) and app.viewer == 0
        (refusal,) = [n.message for n in notes]
        assert refusal.startswith("Nothing to undo: only your own last choice can be taken back")


async def test_quit_mid_game_asks(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await new_game_by_keys(pilot)
        await pilot.press("enter")
        await pilot.press("q")
        assert "Quit the game in progress?" in screen_text(app)
        await pilot.press("n")
        assert app.is_running
        await pilot.press("q", "y")
        await settled(pilot)
    assert app.return_value == 0


async def test_mouse_click_picks_card_and_coins(cards):
    """Clicking a card name and a coin kind in the bid panel does what the keys do."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           PlayerSpec(civ="argos", hand=["wood", "grain"]),
                           reveal=REVEAL, order=[0, 1, 2])
    wood, stone, _grain = session.game.players[0].hand
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        app.set_session(session)
        await settled(pilot)
        panel = app.board.panel()
        assert isinstance(panel, BidPanel)
        # the suggestion: her Wood on the Forest, the first card that needs one coin card
        assert panel.answer() == PlaceBid("forest", (wood,), 0)

        def where(prefix: str, label: str) -> tuple[int, int]:
            """Screen column and row of ``label`` on the line that starts with ``prefix``."""
            for y, line in enumerate(screen_text(app).split("\n")):
                if line.lstrip().startswith(prefix) and label in line:
                    return line.index(label) + 1, y
            raise AssertionError(f"{label!r} not on screen")

        await pilot.click(offset=where("Cards:", "2 Quarry"))
        await settled(pilot)
        assert panel.card == "quarry"
        assert panel.answer() == PlaceBid("quarry", (wood,), 0)
        # a coin kind: click its key box (c: Stone); it adds her one Stone to the bid
        await pilot.click(offset=where("Coin cards:", " c "))
        await settled(pilot)
        assert panel.answer() == PlaceBid("quarry", (wood, stone), 0)
        assert "Stone 1/1" in screen_text(app)


async def test_too_small_terminal_says_so(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await settled(pilot)
        text = screen_text(app)
        assert "too small" in text and "80×24" in text


async def test_wide_layout_shows_every_tableau(cards):
    """At 160×50 five players' tableaus are all on screen beside the decision panel."""
    # Round 2: each player won one landscape in round 1; Helena is to bid.
    won = ["forest", "quarry", "pasture", "barley-fields", "coast"]
    session = session_from(*[PlayerSpec(hand=["wood", "stone"], landscapes=[card])
                             for card in won],
                           round=2, order=[0, 1, 2, 3, 4],
                           reveal=quiet_round(cards, set(won), {}))
    assert session.game.round == 2
    assert session.game.pending is not None and session.game.pending.kind == "bid"
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(160, 50)) as pilot:
        app.set_session(session)
        await settled(pilot)
        assert app.board.has_class("wide")
        text = screen_text(app)
        assert text.count("population ") == 5  # one tableau heading per player
        for seat, card in zip(session.seats, won, strict=True):
            assert seat.name in text
            assert cards.power_by_id[card].name.en in text
        # the decision panel sits beside the board, the viewer's hand is shown once
        assert "Helena — bid or pass" in text
        assert text.count("Hand:") == 1


async def test_light_theme_from_command_palette(cards):
    """Ctrl+P → Theme → textual-light: darker player colours, tags and panel text still there."""
    from peloponnes_tui.tui.colours import COLOURS, LIGHT_COLOURS

    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           PlayerSpec(civ="argos", hand=["wood", "grain"]),
                           reveal=REVEAL, order=[0, 1, 2])
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "textual-dark"
        app.set_session(session)
        await settled(pilot)
        seat = session.seats[0]  # Helena, red, is to bid
        assert session.game.pending is not None and session.game.pending.player == 0
        assert seat.rich_colour == COLOURS["red"][0]
        await pilot.press("ctrl+p", *"theme")
        await settled(pilot)
        await pilot.press("enter", *"textual-light")
        await settled(pilot)
        await pilot.press("enter")
        await settled(pilot)
        assert app.theme == "textual-light" and not app.current_theme.dark
        assert seat.rich_colour == LIGHT_COLOURS["red"]
        text = screen_text(app)
        for s in session.seats:  # the turn order in the status line: letter and symbol
            assert s.tag in text
        assert "R● Helena — bid or pass" in text
        assert "Coin cards:" in text
        # the panel was redrawn in the light colours
        panel = app.board.panel()
        assert any(LIGHT_COLOURS["red"] in str(span.style) for span in panel.text.spans)
        app.theme = "textual-dark"
        await settled(pilot)
        assert seat.rich_colour == COLOURS["red"][0]


async def test_player_numbers_in_view_while_deciding(cards):
    """At 80×24 the player to move sees their population, power, … on the panel's border."""
    # Dimitrios (Argos, a Well and Wheat Fields, 2 luxury goods, 3 coin cards) bids first.
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           PlayerSpec(civ="argos", hand=["wood", "grain", "stone"], luxury=2,
                                      buildings=["well"], landscapes=["wheat-fields"]),
                           PlayerSpec(civ="corinth", hand=["grain", "grain"]),
                           order=[2, 0, 1, 3], reveal=REVEAL)
    assert session.game.pending is not None and session.game.pending.player == 2
    pop = inhabitants_of("argos", "well", "wheat-fields")
    power = power_of("argos", "well", "wheat-fields")
    cap = session.view(2).players[2].luxury_cap
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        line = next(x for x in screen_text(app).split("\n") if " pop " in x)
        assert session.seats[2].tag in line
        for bit in (f"pop {pop}", f"pow {power}", f"lux 2/{cap}", "hand 3"):
            assert bit in line


async def test_new_game_screen_sets_computer_pause(cards):
    import json

    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        assert "0.7 s" in screen_text(app)  # the default
        app.screen.query_one("#pause").active_effect_duration = 0  # no 0.2 s press animation
        for _ in range(3):  # 0.7 → 1.5 → 0 → 0.3
            await pilot.click("#pause")
            await settled(pilot)
        assert app.screen.pause == 0.3
        assert "0.3 s" in screen_text(app)
        await pilot.press("ctrl+g")
        await settled(pilot)
        assert app.session is not None and app.session.bot_pause == 0.3
        assert app.bot_pause == 0  # the test's override still wins
        assert json.loads(autosave_path().read_text())["extra"]["bot_pause"] == 0.3


async def test_computer_players_think_in_a_worker(cards):
    """With a pause between computer moves, bots decide in a thread and the answer is applied
    on the app's thread; the game goes on to the next human."""
    def helena_and_leonidas_first() -> Session:
        # the two computer players bid first, then Dimitrios is asked
        return session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                            PlayerSpec(civ="tegea", hand=["stone", "grain", "wood"]),
                            PlayerSpec(civ="argos", hand=["wood", "grain"]),
                            kinds=["heuristic", "search", HUMAN], seed=4,
                            reveal=REVEAL, order=[0, 1, 2])

    # what the two bots answer, played straight through without the app
    expected = helena_and_leonidas_first()
    expected.play_bots()
    assert expected.game.answer_seats == [0, 1]
    app = PeloponnesApp(cards=cards, bot_pause=0.01)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        app.set_session(helena_and_leonidas_first())
        for _ in range(400):  # wait for the workers; the bound only stops a hang
            await pilot.pause(0.02)
            if app.board.panel() is not None:
                break
        game = app.session.game
        assert game.answers == expected.game.answers
        assert game.answer_seats == [0, 1]
        assert game.pending is not None and game.pending.player == 2
        panel = app.board.panel()
        assert isinstance(panel, BidPanel) and panel.prompt.player == 2
