"""One test per decision panel, each from a prepared position: the keys a player presses, what the
panel says, and the answer the game receives.

Each situation is built with a :class:`Position` (named hands, cards and draws), so every test
knows the exact prompt before it starts.  The panel is driven only through keys and read only
through the screen's text; the outcome is the answer the engine applied and what it changed.
"""

from __future__ import annotations

from support import CARDS, PlacedSpec, PlayerSpec, backs, screen_text, session_from, settled, texts

from peloponnes_tui.engine import (
    Answer,
    CatastropheAnswer,
    CompletePlan,
    FeedPlan,
    MoveBid,
    Pass,
    PayBuilding,
    PlaceBid,
    StartConstruction,
    Withdraw,
)
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.session import Session
from peloponnes_tui.tui.widgets.panels import panel_for

SEED = 2024
SIZE = (100, 40)  # wide enough that no panel line wraps
# Two players; Forest and Quarry are in the market, the other four in the conquest row.
REVEAL = ["forest", "quarry", "pasture", "barley-fields", "coast", "granary"]
# Helena wins the Market (a building: 2 wood) in the market row with a bid of one coin card.
MARKET_FIRST = ["market", "forest", "quarry", "pasture", "coast", "granary"]
# Round 4: Marble Quarry sets off the earthquake, Stockade moves the tempest; no supply card.
EARTHQUAKE = ["marble-quarry", "stockade", "agora", "oak-forest", "theatre", "highlands"]
# Round 4 with the B supply card (Eurotas Valley) among the six.
SUPPLY = ["theatre", "stockade", "agora", "eurotas-valley", "marble-quarry", "highlands"]


async def open_panel(pilot, session: Session) -> str:
    """Show the session; the board opens the panel for the pending prompt.  Returns the text."""
    app = pilot.app
    app.set_session(session)
    await settled(pilot)
    panel = app.board.panel()
    prompt = session.game.pending
    assert prompt is not None and panel is not None
    assert type(panel) is type(panel_for(session, prompt))
    return screen_text(app)


async def refused(pilot, *keys: str) -> str:
    """Keys that make an illegal choice: the panel says so, and Enter changes nothing."""
    app = pilot.app
    count = len(app.session.game.answers)
    await pilot.press(*keys)
    assert "Cannot confirm" in screen_text(app)
    await pilot.press("enter")
    await settled(pilot)
    assert len(app.session.game.answers) == count
    assert app.board.panel() is not None
    text = screen_text(app)
    assert "Cannot confirm" in text
    return text


async def confirm(pilot, key: str = "enter") -> Answer:
    """The key confirms a legal choice: the game takes exactly one answer, which is returned."""
    app = pilot.app
    count = len(app.session.game.answers)
    await pilot.press(key)
    await settled(pilot)
    assert len(app.session.game.answers) == count + 1
    return app.session.game.answers[-1]


def app() -> PeloponnesApp:
    return PeloponnesApp(cards=CARDS, bot_pause=0)


def bid_after_leonidas() -> Session:
    """Leonidas bid one Stone on the Forest; Helena (Wood, Wood, Stone) is to bid."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "wood", "stone"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           reveal=REVEAL, order=[1, 0],
                           coins_next=["grain", "grain-2", "inhabitants"])
    game = session.game
    stone = next(c for c in game.players[1].hand if game.coin_resource(c) == "stone")
    game.answer(PlaceBid("forest", (stone,), 0))
    return session


async def test_bid_panel():
    session = bid_after_leonidas()
    game = session.game
    wood1, wood2, _stone = game.players[0].hand
    async with app().run_test(size=SIZE) as pilot:
        text = await open_panel(pilot, session)
        assert "Cards: 1 Forest  2 Quarry  3 Pasture  4 Barley Fields  5 Coast  6 Granary" in text
        # the suggestion: the card that needs the fewest coin cards, and that many
        assert "▶ 2 Quarry: min 1" in text and "Bid 1 coin card on Quarry" in text
        text = await refused(pilot, "0")  # no coin cards: below every minimum
        assert "needs at least" in text
        # picking the Forest suggests the fewest coin cards that beat Leonidas' 1: the first two
        await pilot.press("1")
        text = screen_text(pilot.app)
        assert "▶ 1 Forest: min 2 (beats B▲ 1)" in text  # ("min": what to bid now)
        assert "Legal" in text and "Bid 2 coin cards on Forest: counts 2" in text
        assert await confirm(pilot) == PlaceBid("forest", (wood1, wood2), 0)
    assert game.players[0].bid_card == "forest" and game.players[0].bid_coins == [wood1, wood2]
    assert game.pending is not None and game.pending.kind == "outbid"
    assert game.pending.player == 1


async def test_bid_panel_pass():
    session = bid_after_leonidas()
    game = session.game
    hand = list(game.players[0].hand)
    async with app().run_test(size=SIZE) as pilot:
        await open_panel(pilot, session)
        await pilot.press("p")  # chooses to pass: nothing is drawn before Enter
        assert game.answers[-1] != Pass() and game.pending.player == 0
        assert "Enter: pass and draw 3 coin cards" in screen_text(pilot.app)
        assert await confirm(pilot) == Pass()
    assert "Helena passes and draws 3 coin cards." in texts(game, "pass")
    # the three named draws follow her hand (the round's income comes after them)
    assert game.players[0].hand[:3] == hand
    assert backs(game, game.players[0].hand[3:6]) == ["grain-1", "grain-2", "inhabitants-1"]


def outbid_leonidas() -> Session:
    """Leonidas' one Stone on the Forest was beaten by Helena's two Wood; he is asked."""
    session = bid_after_leonidas()
    game = session.game
    game.answer(PlaceBid("forest", tuple(game.players[0].hand[:2]), 0))
    return session


async def test_outbid_panel():
    session = outbid_leonidas()
    game = session.game
    async with app().run_test(size=SIZE) as pilot:
        text = await open_panel(pilot, session)
        assert "was beaten" in text
        text = await refused(pilot, "1")  # the Forest: his bid cannot stay where it was beaten
        assert "different card" in text
        await pilot.press("2")  # the Quarry (value 1): nobody has bid there
        assert "Legal" in screen_text(pilot.app)
        assert await confirm(pilot) == MoveBid("quarry")
    assert texts(game, "move_bid") == ["Leonidas moves the bid of 1 to Quarry."]
    assert game.players[1].find("quarry") is not None  # his bid won it


async def test_outbid_withdraw():
    session = outbid_leonidas()
    game = session.game
    hand = list(game.players[1].hand)
    bid_coins = list(game.players[1].bid_coins)
    async with app().run_test(size=SIZE) as pilot:
        await open_panel(pilot, session)
        await pilot.press("w")  # chooses to withdraw: nothing is drawn before Enter
        assert game.pending.kind == "outbid" and game.pending.player == 1
        assert "Enter: withdraw your bid and draw 3 coin cards" in screen_text(pilot.app)
        assert await confirm(pilot) == Withdraw()
    assert texts(game, "withdraw") == ["Leonidas takes the bid back and draws 3 coin cards."]
    # the bid's coin card comes back to the hand, then the three named draws
    leonidas = game.players[1]
    assert sorted(leonidas.hand[:2]) == sorted(hand + bid_coins)
    assert backs(game, leonidas.hand[2:5]) == ["grain-1", "grain-2", "inhabitants-1"]


def market_won(hand: list[str]) -> Session:
    """Helena (Tegea: no wood) bid her first coin card on the Market and won it: she is asked
    how to build it.  ``hand`` is her hand before the bid."""
    session = session_from(PlayerSpec(civ="tegea", hand=hand),
                           PlayerSpec(civ="sparta", hand=["stone"]),
                           reveal=MARKET_FIRST, order=[0, 1])
    game = session.game
    game.answer(PlaceBid("market", (game.players[0].hand[0],), 0))
    game.answer(Pass())
    assert game.pending is not None and game.pending.kind == "build"
    return session


async def test_build_panel_payment_picker():
    session = market_won(["grain", "wood", "wood-2"])
    game = session.game
    wood1, wood2 = game.players[0].hand
    async with app().run_test(size=SIZE) as pilot:
        text = await open_panel(pilot, session)
        assert "Missing: 2 wood, 0 stone." in text and "Pay with" in text
        await refused(pilot, "0")  # no coin cards: 2 wood short
        await refused(pilot, "a")  # one Wood: 1 short
        await refused(pilot, "b")  # Wood and 2 Wood: the Wood is not needed
        await pilot.press("a")  # the Wood back out: 2 Wood alone
        assert "Legal" in screen_text(pilot.app)
        assert await confirm(pilot) == PayBuilding((wood2,), 0)
    market = game.players[0].find("market")
    assert market is not None and not market.under_construction
    assert texts(game, "build") == ["Helena builds Market paying 1 coin card beside production."]
    assert game.players[0].hand[0] == wood1  # kept (the round's income follows)
    assert game.table.discard[-1] == wood2


async def test_build_panel_construct():
    session = market_won(["grain", "wood", "stone"])
    game = session.game
    wood, _stone = game.players[0].hand
    async with app().run_test(size=SIZE) as pilot:
        text = await open_panel(pilot, session)
        assert "Under construction (u" in text
        assert "slide a coin card (Wood) under it" in text  # the first card in hand
        assert await confirm(pilot, "u") == StartConstruction(wood)
    market = game.players[0].find("market")
    assert market is not None and market.pledge == wood


async def test_build_panel_cannot_pay():
    session = market_won(["grain", "grain"])
    game = session.game
    (grain,) = game.players[0].hand
    async with app().run_test(size=SIZE) as pilot:
        text = await open_panel(pilot, session)
        assert "not possible" in text and "Under construction (u or Enter)" in text
        # with nothing to pay with, Enter does what is possible: it pledges a coin card
        assert await confirm(pilot) == StartConstruction(grain)
    market = game.players[0].find("market")
    assert market is not None and market.under_construction and market.pledge == grain


async def test_build_panel_promises_no_luxury_goods_for_a_payment_that_is_impossible():
    """Helena (Messene: no stone) makes more wood than the Lion Gate costs (the excess would
    bring luxury goods), but lacks its stone: the panel does not tell what paying would gain."""
    session = session_from(PlayerSpec(civ="messene", hand=["grain", "grain"],
                                      landscapes=["pine-forest"]),
                           PlayerSpec(civ="sparta", hand=["stone"]),
                           reveal=["lion-gate", "forest", "quarry", "pasture", "coast",
                                   "granary"], order=[0, 1])
    game = session.game
    game.answer(PlaceBid("lion-gate", (game.players[0].hand[0],), 0))
    game.answer(Pass())
    prompt = game.pending
    assert prompt is not None and prompt.kind == "build"
    assert prompt.excess and not prompt.can_pay
    async with app().run_test(size=SIZE) as pilot:
        text = await open_panel(pilot, session)
        assert "not possible" in text
        assert "Paid without luxury goods" not in text


async def test_catastrophe_panel():
    # The earthquake hits ⌈2/3⌉ = 1 of Helena's two buildings; Leonidas' Cyclopean Masonry
    # protects him.  She holds one Stone.
    session = session_from(
        PlayerSpec(civ="argos", hand=["stone"], buildings=["well", "market"]),
        PlayerSpec(civ="sparta", hand=["wood"], buildings=["cyclopean-masonry"]),
        round=4, order=[0, 1], reveal=EARTHQUAKE,
        markers={"earthquake": CARDS.catastrophe_by_id["earthquake"].steps - 1})
    game = session.game
    assert game.pending is not None and game.pending.kind == "catastrophe"
    async with app().run_test(size=SIZE) as pilot:
        text = await open_panel(pilot, session)
        assert "Earthquake strikes! 1 of your cards below is hit." in text
        assert "Legal" in text
        await refused(pilot, "space")  # the Well not hit either: one card must be
        await pilot.press("space", "r")  # the Well hit again, and removed
        assert "Legal" in screen_text(pilot.app)
        assert await confirm(pilot) == CatastropheAnswer((("well", "remove"),))
    assert game.players[0].find("well") is None and "well" in game.table.box
    assert len(game.players[0].hand) == 1


async def test_feed_panel():
    # Argos, Pasture and Olive Grove: 7 inhabitants, 4 grain, 3 short; Helena holds 3 Grain.
    session = session_from(
        PlayerSpec(civ="argos", hand=["grain"] * 3, luxury=0,
                   landscapes=["pasture", "olive-grove"]),
        PlayerSpec(civ="tegea", hand=["wood"], landscapes=["orchards"]),
        round=4, order=[0, 1], reveal=SUPPLY)
    game = session.game
    hand = tuple(game.players[0].hand)
    async with app().run_test(size=SIZE) as pilot:
        text = await open_panel(pilot, session)
        assert "7 inhabitants to feed, 4 grain produced: short by 3." in text
        # each card's figures in the short forms of the cards on offer
        assert "Pasture (2 inh, ⚒1G)" in text
        assert "Legal" in text
        text = await refused(pilot, "0")  # no coin cards: 3 go hungry
        assert "3 would go hungry" in text
        await pilot.press("e", "e", "e")  # Grain, three times
        text = screen_text(pilot.app)
        assert "Legal" in text and "payment covers 3 of the remaining 3" in text
        assert await confirm(pilot) == FeedPlan(grain_coins=hand)
    assert texts(game, "fed")[0] == (
        "Helena feeds 7 inhabitants with 4 grain and 3 grain coin cards.")
    assert game.table.discard[:3] == list(hand)


async def test_complete_panel():
    # Corinth (2 inhabitants, 1 wood, 1 grain), the Market under construction (1 inhabitant,
    # 2 wood) and Wheat Fields (1 inhabitant, 3 grain): fed by production, 1 wood missing.
    session = session_from(
        PlayerSpec(civ="corinth", hand=["stone", "wood"], luxury=0,
                   buildings=[PlacedSpec(card="market", under_construction=True)],
                   landscapes=["wheat-fields"]),
        PlayerSpec(civ="tegea", hand=["wood"], landscapes=["orchards"]),
        round=4, order=[0, 1], reveal=SUPPLY)
    game = session.game
    assert game.pending is not None and game.pending.kind == "complete"
    _stone, wood = game.players[0].hand
    pledge = game.players[0].buildings[0].pledge
    async with app().run_test(size=SIZE) as pilot:
        text = await open_panel(pilot, session)
        assert "Production: 1 wood, 0 stone" in text
        assert "Market (⌂2W)" in text  # its cost as on the cards on offer
        await refused(pilot, "0")  # no coin cards: 1 wood short
        await pilot.press("a")  # the Wood
        text = screen_text(pilot.app)
        assert "Legal" in text and "Missing after production: 1 wood, 0 stone" in text
        assert await confirm(pilot) == CompletePlan(("market",), (wood,), 0)
    market = game.players[0].find("market")
    assert market is not None and not market.under_construction
    assert game.table.discard == [wood, pledge]
