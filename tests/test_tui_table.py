"""Pilot tests of the table as players see it: clicks on the board, the standing bid after an
outbid, pass and withdraw confirmed with Enter, the conquest row's minimum and the refusals that
name their numbers, suggestions that keep inhabitant coin cards, and the help's reference.

Each situation is built with a :class:`Position`; the expected numbers come from the card data
and the engine's rule numbers.
"""

from __future__ import annotations

from typing import Any

from support import CARDS, PlayerSpec, bid, card_frame, screen_text, session_from, settled

from peloponnes_tui.engine import MoveBid, Pass, PlaceBid, Withdraw
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.screens.board import BoardScreen
from peloponnes_tui.tui.screens.help import HelpScreen
from peloponnes_tui.tui.session import Session
from peloponnes_tui.tui.widgets.bid_panels import BidPanel, OutbidPanel

NUMBERS = rule_numbers(CARDS)
# Forest, Quarry in the market (value 1 each); Pasture, Barley Fields, Coast, Granary in the
# conquest row.
REVEAL = ["forest", "quarry", "pasture", "barley-fields", "coast", "granary"]


def app() -> PeloponnesApp:
    return PeloponnesApp(cards=CARDS, bot_pause=0)


def helena_to_bid(hand: list[str] | None = None, buildings: list[str] | None = None) -> Session:
    """Helena (Sparta) bids first, Leonidas (Tegea) second."""
    return session_from(PlayerSpec(civ="sparta", hand=hand or ["wood", "stone", "grain"],
                                   buildings=buildings or []),
                        PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                        reveal=REVEAL, order=[0, 1])


def line_with(app: PeloponnesApp, start: str) -> tuple[int, int, str]:
    """Column, row and text of the first screen line that starts with ``start`` (spaces aside)."""
    for y, line in enumerate(screen_text(app).split("\n")):
        if line.lstrip().startswith(start):
            return line.index(start) + 1, y, line
    raise AssertionError(f"no line starts with {start!r}")


def footer(app: PeloponnesApp) -> str:
    return screen_text(app).rstrip("\n").split("\n")[-1]


async def test_click_on_a_board_card_chooses_it_and_keeps_the_keys():
    """A click on the board's Pasture card chooses it in the bid panel; a click on the tracks
    changes nothing; afterwards digits, Tab, p and Enter still work and the footer keeps the
    panel's keys."""
    session = helena_to_bid()
    game = session.game
    async with app().run_test(size=(100, 40)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        panel = pilot.app.board.panel()
        assert isinstance(panel, BidPanel) and panel.card == "forest"
        x, y, _ = card_frame(screen_text(pilot.app), "Pasture")
        await pilot.click(offset=(x, y))
        await settled(pilot)
        assert panel.card == "pasture"
        assert pilot.app.focused is panel
        assert "▶ 3 Pasture:" in screen_text(pilot.app)
        # a click where there is no card: the tracks (on one line below 120 columns)
        x, y, _ = line_with(pilot.app, "☠")
        await pilot.click(offset=(x, y))
        await settled(pilot)
        assert pilot.app.focused is panel and panel.card == "pasture"
        assert "Confirm" in footer(pilot.app) and "Choose pass" in footer(pilot.app)
        await pilot.press("tab", "2")
        assert pilot.app.focused is panel and panel.card == "quarry"
        await pilot.press("p")
        assert "Enter: pass and draw" in screen_text(pilot.app)
        await pilot.press("enter")
        await settled(pilot)
    assert game.answers == [Pass()]


async def test_click_on_a_card_not_open_says_why_with_the_numbers():
    """Helena's 1 on the Forest is beaten; a click on the Pasture in the conquest row chooses it
    in the outbid panel, which says what it needs and what her bid is; keys still work."""
    session = helena_to_bid(hand=["wood", "wood", "stone"])
    session.game.answer(PlaceBid("forest", (session.game.players[0].hand[2],), 0))
    game = session.game
    game.answer(PlaceBid("forest", tuple(game.players[1].hand), 0))
    assert game.pending is not None and game.pending.kind == "outbid"
    assert game.pending.player == 0
    async with app().run_test(size=(100, 40)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        panel = pilot.app.board.panel()
        assert isinstance(panel, OutbidPanel)
        x, y, _ = card_frame(screen_text(pilot.app), "Pasture")  # conquest row: 1 + 3 > 1
        await pilot.click(offset=(x, y))
        await settled(pilot)
        assert pilot.app.focused is panel and panel.card == "pasture"
        value = CARDS.power_by_id["pasture"].value
        need = value + NUMBERS.conquest_surcharge
        text = " ".join(screen_text(pilot.app).split())
        assert "▶ 3 Pasture: not open to you" in text
        assert (f"Cannot confirm: Pasture needs at least {need} coin cards in the conquest "
                f"row (value {value} + {NUMBERS.conquest_surcharge}); your bid is 1" in text)
        await pilot.press("2")
        await pilot.press("enter")
        await settled(pilot)
    assert game.answers[-1] == MoveBid("quarry")


async def test_board_shows_the_standing_bid_after_an_outbid():
    """Helena bids 1 on the Forest, Leonidas beats it with 2: while Helena decides, the Forest's
    card on the board shows Leonidas' 2 and the players table marks her 1 as outbid."""
    session = helena_to_bid(hand=["wood", "stone", "grain"])
    game = session.game
    game.answer(PlaceBid("forest", (game.players[0].hand[0],), 0))
    game.answer(PlaceBid("forest", tuple(game.players[1].hand), 0))
    assert game.pending is not None and game.pending.kind == "outbid"
    helena, leonidas = session.seats
    async with app().run_test(size=(100, 40)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        _, _, forest = card_frame(screen_text(pilot.app), "Forest")
        # the standing bid at the bottom of the card (marked ✱: new since her last turn)
        assert forest[-1].startswith(f"╰{leonidas.tag} 2✱─")
        assert helena.tag not in "".join(forest)
        _, _, her_row = line_with(pilot.app, f"{helena.tag} {helena.name}")
        assert her_row.rstrip().endswith("1 on Forest outbid")
        _, _, his_row = line_with(pilot.app, f"{leonidas.tag} {leonidas.name}")
        assert his_row.rstrip().endswith("2 on Forest")


async def test_pass_and_withdraw_wait_for_enter():
    """p and w only choose; a digit goes back to a card; Enter passes (withdraws), drawing the
    number of coin cards the prompt gives."""
    session = helena_to_bid(hand=["wood", "wood", "stone"])
    game = session.game
    draws = NUMBERS.coins_for_passing
    async with app().run_test(size=(100, 40)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        await pilot.press("p")
        await settled(pilot)
        assert game.answers == []
        assert f"Enter: pass and draw {draws} coin cards" in screen_text(pilot.app)
        await pilot.press("1")  # back to bidding: the Forest, her first Wood
        assert "Enter: pass" not in screen_text(pilot.app)
        await pilot.press("enter")
        await settled(pilot)
        assert game.answers == [PlaceBid("forest", (game.players[0].bid_coins[0],), 0)]
        # Leonidas beats her on the Forest; she withdraws, but only with Enter
        game.answer(PlaceBid("forest", tuple(game.players[1].hand), 0))
        pilot.app.advance()
        await settled(pilot)
        assert isinstance(pilot.app.board.panel(), OutbidPanel)
        await pilot.press("w")
        await settled(pilot)
        assert game.pending is not None and game.pending.kind == "outbid"
        text = screen_text(pilot.app)
        assert f"Enter: withdraw your bid and draw {draws} coin cards" in text
        assert "Choose withdraw" in footer(pilot.app)
        await pilot.press("enter")
        await settled(pilot)
    assert game.answers[-1] == Withdraw()


async def test_conquest_minimum_is_said_once_with_the_discount():
    """Helena has a Barracks: the board's min on each card of the conquest row is value + 3 − 1,
    and the row's note says so; a bid below it is refused with the number needed and offered."""
    session = helena_to_bid(hand=["wood"] * 5, buildings=["barracks"])
    helena = session.seats[0]
    surcharge = NUMBERS.conquest_surcharge
    async with app().run_test(size=(100, 40)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        text = screen_text(pilot.app)
        for n, card in enumerate(REVEAL, 1):
            value = CARDS.power_by_id[card].value
            need = value if n <= 2 else value + surcharge - 1
            info = CARDS.power_by_id[card]
            _, _, frame = card_frame(text, info.name.en)
            # (the Forest, chosen in the panel, in a double frame; ✱: new since her last turn)
            assert frame[0][1:].removeprefix("▶").startswith(f"{n} "), frame
            assert frame[0][:-1].endswith(f"✱{'B' if info.is_building else 'L'}{info.pile}")
            # above income and production, in its one short form at every width
            assert frame[-4][1:].startswith(f"v{value} ")
            # the conquest row's minimums carry the * of the note below the cards
            assert frame[-1][:-1].endswith(f"min {need}{'*' if n > 2 else ''}"), frame
        text = " ".join(screen_text(pilot.app).split())  # the note may wrap
        assert (f"* Conquest row (in italics): min = value + {surcharge} − 1 for "
                f"{helena.tag}'s Barracks/Stockade; a bid there cannot be beaten." in text)
        assert f"Conquest +{surcharge}" not in text
        await pilot.press("5")  # the Coast: the panel suggests exactly its minimum
        coast = CARDS.power_by_id["coast"].value + surcharge - 1
        assert f"Bid {coast} coin cards on Coast" in screen_text(pilot.app)
        await pilot.press("0")  # no coin cards
        text = " ".join(screen_text(pilot.app).split())
        assert (f"Coast needs at least {coast} coin cards in the conquest row (value "
                f"{CARDS.power_by_id['coast'].value} + {surcharge} − 1 for Barracks/Stockade); "
                "you offered 0" in text)


async def test_suggested_bid_keeps_inhabitant_coin_cards():
    """The bid panel suggests a Grain for the Forest, not the Inhabitant first in her hand."""
    session = helena_to_bid(hand=["inhabitants", "grain", "wood-2"])
    game = session.game
    inhabitant, grain, _wood2 = game.players[0].hand
    async with app().run_test(size=(100, 40)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        panel = pilot.app.board.panel()
        assert isinstance(panel, BidPanel)
        assert panel.answer() == PlaceBid("forest", (grain,), 0)
        await pilot.press("enter")
        await settled(pilot)
    assert game.players[0].bid_coins == [grain]
    assert inhabitant in game.players[0].hand


async def test_help_shows_the_income_table_and_catastrophes():
    """h: the board's short forms, the income table row by row and each catastrophe with its
    spaces and protections, from the card data."""
    session = helena_to_bid()
    async with app().run_test(size=(160, 60)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        await pilot.press("h")
        await settled(pilot)
        assert isinstance(pilot.app.screen, HelpScreen)
        await pilot.press("end")  # the reference is at the end of the help
        await settled(pilot)
        text = screen_text(pilot.app)
        assert "summary card" not in text
        assert "B building or L landscape" in text and "⚡ it strikes there" in text
        # each line of the help as words (the help is a box over the board)
        lines = [f" {' '.join(line.split())} " for line in text.split("\n")]
        rows = CARDS.income
        for i, row in enumerate(rows[:-1]):
            upper = rows[i + 1].inhabitants - 1
            span = str(row.inhabitants) if upper == row.inhabitants else \
                f"{row.inhabitants}–{upper}"
            assert any(f" {span} {row.coins} {row.luxury or '-'} " in line
                       for line in lines), span
        last = rows[-1]
        assert any(f" {last.inhabitants} or more {last.coins} {last.luxury or '-'} " in line
                   for line in lines)
        for cat in CARDS.catastrophes:
            assert any(f" {cat.name.en} {cat.steps} " in line for line in lines)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, BoardScreen)


async def test_help_names_the_keys_as_the_footer_does():
    """The help's keys are written as the footer writes them (^z, not Ctrl+Z or Strg+Z; PgUp,
    Bild↑ in German), in English and German."""
    from peloponnes_tui.i18n import set_language
    from peloponnes_tui.tui.widgets.footer import key_display

    for lang, pages in (("en", "PgUp/PgDn"), ("de", "Bild↑/Bild↓")):
        try:
            set_language(lang)
            async with PeloponnesApp(cards=CARDS, bot_pause=0, lang=lang).run_test(
                    size=(160, 60)) as pilot:
                pilot.app.set_session(helena_to_bid())
                await settled(pilot)
                footer = screen_text(pilot.app).split("\n")[-1]
                assert key_display("^z") in footer and "^p" in footer, footer
                await pilot.press("h")
                await settled(pilot)
                text = screen_text(pilot.app)
                for key in ("^z", "^s", "^p", pages, key_display("space")):
                    assert key in text, (lang, key)
                for other in ("Ctrl", "Strg", "ctrl+"):
                    assert other not in text, (lang, other)
        finally:
            set_language("en")


def test_the_status_line_keeps_to_one_line_where_it_can():
    """Five players late in the game: where the status line is wider than the screen its
    separators narrow, so the turn order stays on the line (it wrapped to a second row); where
    that is still too wide (German, a long phase name), the piles and the turn order lose
    their labels; at 80 columns it is one line in both languages, in every phase."""
    from rich.console import Console
    from support import session_at

    from peloponnes_tui.engine import BidPrompt
    from peloponnes_tui.tui.render import SEP, status_line

    session = session_at(CARDS, 5, lambda p: isinstance(p, BidPrompt), min_round=6)
    view = session.view(0)
    line = status_line(CARDS, view, session.seats)
    full, tight, bare = line.texts
    assert SEP in full.plain and SEP not in tight.plain and tight.cell_len < full.cell_len
    assert "Order" in tight.plain and "Order" not in bare.plain and bare.cell_len < tight.cell_len
    tags = [session.seats[s].tag for s in view.order]

    def drawn(width: int) -> list[str]:
        console = Console(width=width, color_system=None, legacy_windows=False)
        return ["".join(s.text for s in row).rstrip()
                for row in console.render_lines(line, pad=False)]

    assert drawn(full.cell_len) == [full.plain]
    assert drawn(full.cell_len - 1) == [tight.plain]
    assert tight.plain.endswith("›".join(tags))
    assert drawn(tight.cell_len - 1) == [bare.plain]
    assert len(drawn(bare.cell_len - 1)) == 2  # narrower still: it wraps
    # 80 columns less the status line's padding: one line at every decision of a 5-player
    # game, in both languages
    from peloponnes_tui.bots.players import BotPlayers
    from peloponnes_tui.engine import Game
    from peloponnes_tui.i18n import set_language
    from peloponnes_tui.tui.session import Session

    widths: dict[str, int] = {}
    try:
        for lang in ("en", "de"):
            set_language(lang)
            game = Game.new([s.name for s in session.seats], 3, CARDS)
            played = Session(game, session.seats, False, 3)

            def fits(prompt: object, played: Session = played, lang: str = lang) -> bool:
                texts = status_line(CARDS, played.view(0), session.seats).texts
                widths[lang] = max(widths.get(lang, 0), min(t.cell_len for t in texts))
                return False

            BotPlayers.seated(CARDS, ["random"] * 5, 3).play(game, stop=fits)
    finally:
        set_language("en")
    assert max(widths.values()) <= 80, widths


async def test_the_legend_is_shown_in_the_first_games_and_hidden_with_question_mark():
    """The card legend below the board is on in a player's first games; ? hides it (and shows
    it again), and the choice is kept for the next launch; after the first games it starts
    hidden unless the player turned it on."""
    from peloponnes_tui.settings import LEGEND_GAMES, Settings, load_settings, save_settings
    from peloponnes_tui.tui.render import board_legend_line

    assert "? hides this legend" in board_legend_line().plain

    def legend_shown(pilot: Any) -> bool:
        return bool(pilot.app.screen.query_one("#legend").display)

    async with app().run_test(size=(120, 40)) as pilot:
        pilot.app.set_session(helena_to_bid())
        await settled(pilot)
        assert legend_shown(pilot)
        await pilot.press("question_mark")
        await settled(pilot)
        assert not legend_shown(pilot)
        assert load_settings()[0].legend is False
        await pilot.press("question_mark")
        await settled(pilot)
        assert legend_shown(pilot)
        assert load_settings()[0].legend is True
    for legend, games, shown in ((None, LEGEND_GAMES, True), (None, LEGEND_GAMES + 1, False),
                                 (True, LEGEND_GAMES + 1, True), (False, 0, False)):
        save_settings(Settings(legend=legend, games=games))
        async with app().run_test(size=(120, 40)) as pilot:
            pilot.app.set_session(helena_to_bid())
            await settled(pilot)
            assert legend_shown(pilot) is shown, (legend, games)


async def test_starting_a_game_counts_it_and_keeps_the_legend_choice():
    from peloponnes_tui.settings import Settings, load_settings, save_settings
    from peloponnes_tui.tui.screens.new_game import NewGameScreen

    save_settings(Settings(legend=False, games=2))
    async with app().run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        pilot.app.push_screen(NewGameScreen())
        await settled(pilot)
        await pilot.press("ctrl+g")
        await settled(pilot)
        assert pilot.app.session is not None
    settings = load_settings()[0]
    assert settings.games == 3 and settings.legend is False


async def test_the_own_hand_is_under_the_own_numbers():
    """The own tableau shows the hand right under the player's numbers, so a long tableau never
    pushes it out of view."""
    async with app().run_test(size=(120, 40)) as pilot:
        pilot.app.set_session(helena_to_bid(hand=["wood"] * 5, buildings=["barracks"]))
        await settled(pilot)
        mine = screen_text(pilot.app).split("\n")
        head = next(i for i, line in enumerate(mine) if "population" in line and "hand 5" in line)
        assert mine[head + 1].lstrip().startswith("Hand: 5×Wood")


async def test_a_card_taken_for_good_says_who_holds_it_and_no_minimum():
    """A bid on the conquest row cannot be beaten: for the next player that card's foot shows
    who holds it with what, and no "min" (it showed "min -*"); "min" on the board and in the
    panel is what the player to move must bid now."""
    session = helena_to_bid(hand=["wood"] * 5)
    game = session.game
    conquest = REVEAL[2]  # the Pasture, value 1: 4 coin cards on the conquest row
    helena = session.seats[0]
    bid(game, 0, conquest, 4)
    assert game.pending is not None and game.pending.player == 1
    async with app().run_test(size=(120, 40)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        text = screen_text(pilot.app)
        _, _, frame = card_frame(text, CARDS.power_by_id[conquest].name.en)
        foot = frame[-1]
        assert f"{helena.tag} 4" in foot and "min" not in foot and "≥" not in foot, foot
        _, _, other = card_frame(text, CARDS.power_by_id[REVEAL[0]].name.en)
        assert "min " in other[-1]
