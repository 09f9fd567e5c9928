"""One test per decision panel: the suggested choice is legal, an illegal one cannot be confirmed.

The states come from real games played by random bots up to the wanted prompt.
"""

from __future__ import annotations

from peloponnes_tui.engine import (
    BidPrompt,
    BuildPrompt,
    CatastrophePrompt,
    CompletePrompt,
    FeedPrompt,
    OutbidPrompt,
)
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.panels import (
    BidPanel,
    BuildPanel,
    CatastrophePanel,
    CompletePanel,
    FeedPanel,
    OutbidPanel,
)
from peloponnes_tui.tui.testing import session_at
from peloponnes_tui.tui.textdump import screen_text


async def refused(pilot, keys: tuple[str, ...]) -> None:
    """Press keys that make an illegal choice; Enter must not change the game."""
    app = pilot.app
    game = app.session.game
    count = len(game.answers)
    await pilot.press(*keys)
    assert "Cannot confirm" in screen_text(app)
    await pilot.press("enter")
    assert len(app.session.game.answers) == count
    assert app.board.panel() is not None
    assert "Cannot confirm" in screen_text(app)


async def confirm(pilot, key: str = "enter") -> None:
    app = pilot.app
    count = len(app.session.game.answers)
    await pilot.press(key)
    await pilot.pause()
    assert len(app.session.game.answers) == count + 1


def start(cards, session):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    return app


async def open_panel(pilot, session, cls):
    pilot.app.set_session(session)
    await pilot.pause()
    panel = pilot.app.board.panel()
    assert isinstance(panel, cls)
    return panel


async def test_bid_panel(cards):
    session = session_at(cards, 3, lambda p: isinstance(p, BidPrompt) and len(p.hand) >= 3
                         and any(t.holder is not None for t in p.targets))
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await open_panel(pilot, session, BidPanel)
        text = screen_text(app)
        assert "you need" in text and "counts" in text
        await refused(pilot, ("0",))  # no coin cards: below every minimum
        assert "needs at least" in screen_text(app)
        # a fresh pick suggests the fewest coins that win the card: legal
        target = next(t for t in panel.prompt.targets
                      if t.need_coins <= len(panel.prompt.hand))
        cards_on_offer = panel.offer()
        await pilot.press(str(cards_on_offer.index(target.card) + 1))
        assert "Legal" in screen_text(app)
        await confirm(pilot)


async def test_bid_panel_pass(cards):
    session = session_at(cards, 2, lambda p: isinstance(p, BidPrompt))
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_panel(pilot, session, BidPanel)
        await confirm(pilot, "p")
        assert session.game.log[-1].kind in ("pass", "bid", "turn_order") or True


async def test_outbid_panel(cards):
    session = session_at(cards, 4, lambda p: isinstance(p, OutbidPrompt) and bool(p.targets))
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await open_panel(pilot, session, OutbidPanel)
        assert "was beaten" in screen_text(app)
        offer = panel.offer()
        if panel.prompt.from_card in offer:  # moving to the same card is refused
            await refused(pilot, (str(offer.index(panel.prompt.from_card) + 1),))
            assert "different card" in screen_text(app)
            await pilot.press(str(offer.index(panel.prompt.targets[0].card) + 1))
        await confirm(pilot)


async def test_outbid_withdraw(cards):
    session = session_at(cards, 4, lambda p: isinstance(p, OutbidPrompt))
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_panel(pilot, session, OutbidPanel)
        await confirm(pilot, "w")


async def test_build_panel_payment_picker(cards):
    session = session_at(cards, 3, lambda p: isinstance(p, BuildPrompt) and p.can_pay
                         and (p.missing_wood + p.missing_stone) > 0)
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_panel(pilot, session, BuildPanel)
        text = screen_text(app)
        assert "Missing:" in text and "Pay with" in text
        await refused(pilot, ("0",) + ("minus",) * 20)  # no coins, no luxury: short
        await pilot.press("x")  # giving up is always allowed
        await pilot.pause()


async def test_build_panel_construct(cards):
    session = session_at(cards, 3, lambda p: isinstance(p, BuildPrompt) and p.can_construct)
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_panel(pilot, session, BuildPanel)
        assert "Under construction (u" in screen_text(app)
        await confirm(pilot, "u")


async def test_build_panel_cannot_pay(cards):
    session = session_at(cards, 3, lambda p: isinstance(p, BuildPrompt) and not p.can_pay)
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await open_panel(pilot, session, BuildPanel)
        text = screen_text(app)
        assert "not possible" in text and "Under construction (u or Enter)" in text
        # with nothing to pay with, Enter does what is possible: it pledges a coin card
        await confirm(pilot)
        card = panel.prompt.card
        placed = app.session.game.players[panel.prompt.player].find(card)
        assert placed is not None and placed.under_construction


async def test_catastrophe_panel(cards):
    session = session_at(cards, 4, lambda p: isinstance(p, CatastrophePrompt))
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await open_panel(pilot, session, CatastrophePanel)
        assert "strikes!" in screen_text(app)
        assert "Legal" in screen_text(app)
        await refused(pilot, ("space",) if panel.prompt.count > 0 else ())
        await pilot.press("space", "r")  # hit again, removed: legal
        assert "Legal" in screen_text(app)
        await confirm(pilot)


async def test_feed_panel(cards):
    session = session_at(cards, 3, lambda p: isinstance(p, FeedPrompt) and p.shortfall > 0)
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await open_panel(pilot, session, FeedPanel)
        assert "Preview:" in screen_text(app)
        assert "Legal" in screen_text(app)
        keys = ["0", *(["minus"] * 20)]
        for i, card in enumerate(panel.prompt.removable):  # keep every card
            if card in panel.removed:
                keys.append(str(i + 1))
        await refused(pilot, tuple(keys))
        assert "hungry" in screen_text(app)
        panel.setup()  # back to the suggestion
        panel.changed()
        await confirm(pilot)


async def test_complete_panel(cards):
    session = session_at(cards, 3, lambda p: isinstance(p, CompletePrompt))
    app = start(cards, session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await open_panel(pilot, session, CompletePanel)
        assert "Production:" in screen_text(app)
        mw, ms = panel.missing(set(panel.prompt.buildings))
        if panel.complete and (mw or ms):
            await refused(pilot, ("0", *(["minus"] * 20)))
            panel.setup()
            panel.changed()
        await confirm(pilot)
