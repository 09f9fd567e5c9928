"""Pilot tests of the power cards drawn on the board: what a card's frame shows, the card chosen
in the decision panel in a double frame, and what changed since the player's last turn (✱).

The situation: Helena (Sparta) and Leonidas (Tegea); Forest and Quarry in the market, Pasture,
Barley Fields, Coast and Granary in the conquest row.  Numbers come from the card data and the
engine's rule numbers.
"""

from __future__ import annotations

from support import CARDS, PlayerSpec, card_frame, screen_text, session_from, settled

from peloponnes_tui.engine import PlaceBid
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.colours import catastrophe_glyph
from peloponnes_tui.tui.session import Session
from peloponnes_tui.tui.widgets.bid_panels import BidPanel, OutbidPanel

NUMBERS = rule_numbers(CARDS)
REVEAL = ["forest", "quarry", "pasture", "barley-fields", "coast", "granary"]
FOREST = CARDS.power_by_id["forest"]
QUARRY = CARDS.power_by_id["quarry"]


def app() -> PeloponnesApp:
    return PeloponnesApp(cards=CARDS, bot_pause=0)


def outbid_on_the_forest() -> Session:
    """Helena bid her Wood on the Forest, Leonidas beat it with his Stone and Grain: Helena is
    asked to move or withdraw."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           reveal=REVEAL, order=[0, 1])
    game = session.game
    game.answer(PlaceBid("forest", (game.players[0].hand[0],), 0))
    game.answer(PlaceBid("forest", tuple(game.players[1].hand), 0))
    assert game.pending is not None and game.pending.kind == "outbid"
    return session


def chosen(screen: str, name: str) -> bool:
    """The card named ``name`` is drawn in the double frame of the chosen card."""
    _, _, frame = card_frame(screen, name)
    return frame[0].startswith("╔") and frame[-1].startswith("╚")


async def test_a_card_shows_its_fields_the_minimum_and_the_standing_bid_after_an_outbid():
    """At 80×24 the Forest's frame, exactly: number, tempest symbol, landscape of pile A, name,
    value, inhabitants, production; at the bottom Leonidas' standing 2 (new since Helena's bid:
    ✱) and her minimum there, 3 (one more than his 2).  The Quarry beside it: min 1 = value."""
    session = outbid_on_the_forest()
    leonidas = session.seats[1]
    assert FOREST.catastrophe == "tempest" and FOREST.value == 1 and FOREST.inhabitants == 1
    assert (FOREST.production.wood, FOREST.production.stone, FOREST.production.grain) == \
        (2, 0, 0)
    async with app().run_test(size=(80, 24)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        assert isinstance(pilot.app.board.panel(), OutbidPanel)
        text = screen_text(pilot.app)
        _, _, forest = card_frame(text, "Forest")
        assert forest == [
            f"╭1 {catastrophe_glyph('tempest')}─────LA╮",
            "│Forest    │",
            "│          │",  # a name in the row needs two lines (Barley Fields)
            "│v1        │",
            "│1 inh     │",
            "│⚒2W       │",
            f"╰{leonidas.tag}2✱─min 3╯",
        ]
        _, _, quarry = card_frame(text, "Quarry")
        # the Quarry is chosen in the panel: the first card her bid can move to
        assert quarry[0] == f"╔▶2 {catastrophe_glyph(QUARRY.catastrophe or '')}════LA╗"
        assert quarry[-1] == f"╚═════min {QUARRY.value}╝"
        assert "Market" in text and "Conquest row *" in text


async def test_the_chosen_card_is_highlighted_and_follows_the_panel():
    """Digits, arrows and a click on any part of a card move the panel's choice, and the double
    frame follows; choosing to pass leaves no card chosen."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           reveal=REVEAL, order=[0, 1])
    async with app().run_test(size=(100, 40)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        panel = pilot.app.board.panel()
        assert isinstance(panel, BidPanel) and panel.card == "forest"
        text = screen_text(pilot.app)
        assert chosen(text, "Forest") and not chosen(text, "Quarry")
        await pilot.press("2")
        await settled(pilot)
        text = screen_text(pilot.app)
        assert panel.card == "quarry" and chosen(text, "Quarry") and not chosen(text, "Forest")
        await pilot.press("down")
        await settled(pilot)
        assert panel.card == "pasture" and chosen(screen_text(pilot.app), "Pasture")
        # a click on the bottom right corner of the Coast's frame
        x, y, frame = card_frame(screen_text(pilot.app), "Coast")
        await pilot.click(offset=(x - 1 + len(frame[0]) - 1, y - 1 + len(frame) - 2))
        await settled(pilot)
        text = screen_text(pilot.app)
        assert panel.card == "coast" and pilot.app.focused is panel
        assert chosen(text, "Coast") and not chosen(text, "Pasture")
        await pilot.press("p")
        await settled(pilot)
        text = screen_text(pilot.app)
        assert not any(chosen(text, CARDS.power_by_id[c].name.en) for c in REVEAL)


async def test_a_new_bid_since_the_last_turn_is_marked():
    """Helena's first turn: every card was revealed since (✱ in the top edge).  At her next
    turn (outbid) the cards are no longer new; only the Forest, where Leonidas bid since, is
    marked, beside his bid; the legend says what ✱ means."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           reveal=REVEAL, order=[0, 1])
    game = session.game
    async with app().run_test(size=(100, 40)) as pilot:
        pilot.app.set_session(session)
        await settled(pilot)
        text = screen_text(pilot.app)
        for card in REVEAL:
            _, _, frame = card_frame(text, CARDS.power_by_id[card].name.en)
            assert "✱" in frame[0] and "✱" not in frame[-1], frame
        await pilot.press("enter")  # her suggested bid: one coin card on the Forest
        await settled(pilot)
        assert game.answers == [PlaceBid("forest", (game.players[0].bid_coins[0],), 0)]
        # Leonidas (at the same keyboard, no cover) beats it
        game.answer(PlaceBid("forest", tuple(game.players[1].hand), 0))
        pilot.app.advance()
        await settled(pilot)
        assert isinstance(pilot.app.board.panel(), OutbidPanel)
        text = screen_text(pilot.app)
        leonidas = session.seats[1]
        for card in REVEAL:
            _, _, frame = card_frame(text, CARDS.power_by_id[card].name.en)
            assert "✱" not in frame[0]
            assert ("✱" in frame[-1]) == (card == "forest"), frame
        _, _, forest = card_frame(text, "Forest")
        assert forest[-1].startswith(f"╰{leonidas.tag} 2✱─")
        assert "✱ changed since your last turn" in text


def test_the_printed_lines_of_a_card_are_kept_per_language_and_palette():
    """``card_slots`` keeps the lines of a card on offer that show the printed card alone: the
    same texts while nothing changes, the words of the language switched to, the colours of a
    light palette, and each card set's own card (never another set's with the same id)."""
    from peloponnes_tui.i18n import set_language
    from peloponnes_tui.tui.colours import res_style, set_light_palette
    from peloponnes_tui.tui.render import card_slots

    def words(slots: tuple) -> list[str]:
        return [t.plain for slot in slots for pair in slot for t in pair]

    card = next(c for c in CARDS.power_cards if c.cost.wood and not c.cost.stone)
    assert card_slots(card) is card_slots(card)
    english = words(card_slots(card))
    assert f"v{card.value}" in english and f"⌂{card.cost.wood}W" in english, english
    try:
        set_language("de")
        german = words(card_slots(card))
        assert german != english and f"v{card.value}" not in german, german
    finally:
        set_language("en")
    assert words(card_slots(card)) == english
    cost = card_slots(card)[0][0][1]  # "⌂1W": the wood in its colour
    assert [str(s.style) for s in cost.spans] == [res_style("wood")]
    try:
        set_light_palette(True)
        light = card_slots(card)[0][0][1]
        assert [str(s.style) for s in light.spans] == [res_style("wood")] != \
            [str(s.style) for s in cost.spans]
    finally:
        set_light_palette(False)
    other = card.model_copy(update={"value": card.value + 1})  # another card set's card
    assert f"v{card.value + 1}" in words(card_slots(other))
    assert words(card_slots(card)) == english


def test_long_names_break_where_their_language_hyphenates_them():
    """A name wraps at its spaces; a word longer than the card is hyphenated where German or
    English allows it (they broke anywhere: Kornspeic-her, Stonemaso-ns'), and only a word with
    no such place that fits is cut anywhere."""
    from peloponnes_tui.tui.cards_art import name_lines

    assert name_lines("Kornspeicher", 10, "de") == ["Kornspei-", "cher"]
    assert name_lines("Gerstenfelder", 10, "de") == ["Gersten-", "felder"]
    assert name_lines("Zyklopenmauer", 10, "de") == ["Zyklopen-", "mauer"]
    assert name_lines("Steinmetzhütte", 10, "de") == ["Steinmetz-", "hütte"]
    assert name_lines("Acrocorinth", 10, "en")[0] == "Acrocor-"
    assert name_lines("Stonemasons' Lodge", 10, "en")[0] == "Stonema-"
    assert name_lines("Pine Forest", 10, "en") == ["Pine", "Forest"]  # (at the space)
    assert name_lines("Xqzrtvbnmk", 6, "en") == ["Xqzrt-", "vbnmk"]  # no place: cut anywhere
    for name in ("Kornspeicher", "Zyklopenmauer", "Stonemasons' Lodge", "Acrocorinth"):
        for width in range(4, 14):
            assert all(len(line) <= width for line in name_lines(name, width, "de"))


# The widest figures of the card data: Sanctuary of Zeus (value 4, cost 2 wood 4 stone, 6 power
# points), Treasury of Atreus (+2 coin cards, 5 power points, protects), Olive Grove (+2 luxury
# goods), Lowland Plain (3 inhabitants, 2 power points, 3 grain), Temple of Apollo (a function,
# a protection and a cost), Hill Country (1 wood 1 stone)
WIDEST = ["sanctuary-of-zeus", "treasury-of-atreus", "olive-grove", "lowland-plain",
          "temple-of-apollo", "hill-country"]


def with_a_bid_counting_more() -> Session:
    """Leonidas (with an Agora: his bid counts half a coin card more) has bid 4 on the Sanctuary
    of Zeus; Helena, then Dimitrios, to bid."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"] * 2),
                           PlayerSpec(civ="tegea", hand=["stone"] * 4, buildings=["agora"]),
                           PlayerSpec(civ="messene"),
                           reveal=WIDEST, order=[1, 0, 2])
    game = session.game
    game.answer(PlaceBid("sanctuary-of-zeus", tuple(game.players[1].hand), 0))
    assert game.pending is not None and game.pending.kind == "bid"
    return session


async def test_every_figure_has_one_short_form_on_the_cards_at_every_width():
    """On the cards on offer each figure is written in its one short form (the board's legend
    explains it), at 80×24 (the narrowest cards) and 120×40, in English and German: the value
    (v4 / W4), the cost (⌂2W4S), inhabitants or one-time income (3 inh, +2c, +2lux), power
    points (6pow / 6MP), production (⚒3G) and the minimum to bid (min 5); never the longer
    forms a wide card used to take (value, power, makes, cost) nor ≥ for the minimum."""
    from peloponnes_tui.card_text import (
        COSTS,
        cost_text,
        income_short,
        inhabitants_short,
        power_short,
        prod_short,
        value_short,
    )
    from peloponnes_tui.i18n import name, set_language
    from peloponnes_tui.tui.cards_art import CARD_MIN
    from peloponnes_tui.tui.render import offer_legend

    retired = {"en": ("value", "val ", "power", "pw ", "makes", "cost", "≥"),
               "de": ("Wert", "Wt ", "Macht", "erzeugt", "Kosten", "≥")}
    for lang in ("en", "de"):
        for size in ((80, 24), (120, 40)):
            try:
                set_language(lang)
                async with PeloponnesApp(cards=CARDS, bot_pause=0, lang=lang).run_test(
                        size=size) as pilot:
                    pilot.app.set_session(with_a_bid_counting_more())
                    await settled(pilot)
                    text = screen_text(pilot.app)
                    legend = " ".join(offer_legend().split())
                    for n, cid in enumerate(WIDEST):
                        c = CARDS.power_by_id[cid]
                        _, _, frame = card_frame(text, name(c.name)[:4])
                        where = (lang, size, cid, frame)
                        if size == (80, 24):
                            assert len(frame[0]) == CARD_MIN, where  # the narrowest card
                        value, gains, made, foot = (" ".join(line[1:-1].split())
                                                    for line in frame[-4:])
                        cost = "".join(cost_text(c).split()) if c.is_building else ""
                        assert value == value_short(c.value) + (
                            f" {COSTS}{cost}" if cost else ""), where
                        assert gains == " ".join(x for x in (
                            income_short(c) if income_short(c) != "-" else "",
                            power_short(c.power) if c.power else "") if x), where
                        makes = prod_short(c.production.wood, c.production.stone,
                                           c.production.grain)
                        assert made.startswith(makes if makes != "-" else ""), where
                        for line in frame[1:-1]:
                            assert not any(word in line for word in retired[lang]), where
                        if n == 0:  # Leonidas' 4 (counting 4½): Helena must bid 5
                            tag = pilot.app.session.seats[1].tag
                            assert foot.startswith(tag + "4") and foot.endswith(
                                _min(5)), where
                        elif n < 3:  # the market: at least the value
                            assert foot.endswith(_min(c.value)), where
                        else:  # the conquest row: the value and the surcharge
                            assert foot.endswith(_min(c.value + NUMBERS.conquest_surcharge)
                                                 + "*"), where
                    # the legend names every short form the cards use, each before what it means
                    units = [value_short(1)[:-1], COSTS, inhabitants_short(1)[2:],
                             income_short(CARDS.power_by_id["treasury-of-atreus"])
                             .replace("2", ""),
                             income_short(CARDS.power_by_id["olive-grove"]).replace("2", ""),
                             power_short(1)[1:], prod_short(1, 0, 0)[0], _min(1)[:-2] + ":"]
                    for unit in units:
                        assert f" {unit} " in legend, (lang, unit, legend)
            finally:
                set_language("en")


def _min(n: int) -> str:
    from peloponnes_tui.i18n import _

    return _("min {n}").format(n=n)
