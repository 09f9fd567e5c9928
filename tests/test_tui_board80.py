"""The board at 80×24: everything a player needs for the decision on one screen, without
scrolling -- the cards on offer with what each asks of them, the catastrophe tracks, every
player's numbers, their own hand -- in English and in German, with two and five players late in
a game, and at every decision of a whole game played by keys; the since-your-last-turn lines
newest first, paged with [ and ]."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from support import CARDS, SEED, decisions_by_keys, screen_text, session_at, settled

from peloponnes_tui.engine import BidPrompt
from peloponnes_tui.engine.bidding import view_targets
from peloponnes_tui.i18n import _, name
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.render import hand_summary, offer_cards
from peloponnes_tui.tui.session import Session, default_seats
from peloponnes_tui.tui.summary import since_last_turn
from peloponnes_tui.tui.widgets.bid_panels import CardChoice

if TYPE_CHECKING:
    from peloponnes_tui.tui.screens.board import BoardScreen

SIZE = (80, 24)


def facts_missing(app: PeloponnesApp, seat: int, offer: bool = True) -> list[str]:
    """What the screen does not show of the facts for ``seat``'s decision (empty: all of
    them): with ``offer`` (a decision that chooses a card on offer) each card's minimum at its
    foot, in the order of the cards; each track's marker and the players it cannot hit; each
    player's population, power, luxury goods, hand and bid; the own hand.  Read from the
    screen as the player sees it (in the app's language)."""
    session = app.session
    assert session is not None
    view = session.view(seat)
    text = screen_text(app)
    rows = text.split("\n")
    missing: list[str] = []
    # the cards' feet: every "min n" (or "≥n" on a narrow card), in the order of the cards
    need = {t.card: t.need_coins for t in view_targets(session.cards, view, seat)}
    wanted = [need[c] for c in offer_cards(view) if c in need]
    feet = [line for line in rows if line.lstrip().startswith(("╰", "╚"))]
    shown = [int(n) for line in feet for n in re.findall(r"(?:min |≥)(\d+)", line)]
    if offer and shown != wanted:
        missing.append(f"minimums {wanted}, shown {shown}")
    # the tracks, on one line
    strip = next((line for line in rows if "⚡" in line or _("STRUCK") in line), "")
    for tr in view.tracks:
        # (struck: the word, or ✗ where the line has no room for it)
        marker = _("STRUCK") if tr.struck else \
            "●" * tr.advances + "○" * max(0, tr.steps - tr.advances) + "⚡"
        if marker not in strip and not (tr.struck and "✗" in strip):
            missing.append(f"track {tr.catastrophe}: {marker}")
    protected = sum(1 for p in view.players for _cat, why in p.protection if why)
    if strip.count("♜") != protected:
        missing.append(f"{protected} protections on the tracks line: {strip!r}")
    # every player's numbers, on their own line
    for p in view.players:
        st = session.seats[p.seat]
        line = next((x for x in rows if f"{st.tag} {st.name}" in x and _("pop") in x), None)
        if line is None:
            missing.append(f"the line of {st.name}")
            continue
        for label, value in ((_("pop"), str(p.inhabitants)), (_("pow"), str(p.power)),
                             (_("lux"), f"{p.luxury}/{p.luxury_cap}"),
                             (_("hand"), str(p.hand_size))):
            if not re.search(rf"{re.escape(label)} +{re.escape(value)}\b", line):
                missing.append(f"{st.name}'s {label} {value}: {line!r}")
        if p.bid_card:
            card = name(session.cards.power_by_id[p.bid_card].name)
            bid = _("{n} on {card}").format(n=p.bid_count, card="")
            if bid not in line or card[:4] not in line:
                missing.append(f"{st.name}'s bid {p.bid_count} on {card}: {line!r}")
    # the own hand
    own = hand_summary(session.cards, view.hand, " ").plain
    if not any(_("Hand: ") + own in line for line in rows):
        missing.append(f"the hand {own}")
    return missing


async def late_board(players: int, lang: str, seed: int) -> Any:
    """The app at 80×24 with a bid of round 7 or 8 to make (every seat a person at one
    keyboard, no cover)."""
    session = session_at(CARDS, players, lambda p: isinstance(p, BidPrompt), seed=seed,
                         min_round=7)
    return session, PeloponnesApp(cards=CARDS, bot_pause=0, lang=lang)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (5, 3)])
async def test_a_late_bid_shows_every_fact_at_80x24(players: int, seed: int, lang: str) -> None:
    session, app = await late_board(players, lang, seed)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        app.set_session(session)
        text = await settled(pilot)
        seat = session.pending.player
        assert session.game.round >= 7
        assert facts_missing(app, seat) == []
        # nothing of the board above the panel needs scrolling
        board = app.board
        assert board is not None
        table = board.query_one("#table")
        assert table.scroll_y == 0
        assert board.query_one("#players").region.bottom <= table.region.bottom
        # the heading of the conquest row is whole, and no line of the status wraps
        assert _("Conquest row *") in text
        assert text.split("\n")[1].lstrip().startswith("m ")


def since_rows(board: BoardScreen) -> list[str]:
    """The since-your-last-turn box's rows as shown."""
    box = board.query_one("#since")
    return [line[box.region.x:box.region.right] for line in
            screen_text(board.app).split("\n")[box.region.y:box.region.bottom]]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_summary_is_newest_first_and_paged_to_its_end(lang: str) -> None:
    """Five players at 80×24: the box starts with the newest line; ] pages on until the oldest
    line has been shown, [ pages back to the top; every line was on screen once."""
    session, app = await late_board(5, lang, 3)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        app.set_session(session)
        await settled(pilot)
        board = app.board
        assert board is not None
        lines = since_last_turn(session, session.pending.player)
        assert len(lines) >= 2
        seen = " ".join(since_rows(board))
        assert _("Since your last turn ([ ] page):") in seen
        assert " ".join(lines[-1].text.split())[:20] in " ".join(seen.split())
        for _page in range(60):
            await pilot.press("right_square_bracket")
            await settled(pilot)
            seen += " " + " ".join(since_rows(board))
            since = board.query_one("#since")
            if since.scroll_y >= since.max_scroll_y:
                break
        flat = " ".join(seen.split())
        for line in lines:  # every line, each perhaps broken over rows and pages
            words = line.text.split()
            assert all(w in flat for w in words), line.text
        await pilot.press("left_square_bracket")
        await pilot.press(*["left_square_bracket"] * 60)
        await settled(pilot)
        assert board.query_one("#since").scroll_y == 0


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_whole_game_by_keys_shows_every_fact_at_each_decision(lang: str) -> None:
    """Three people at one keyboard with the hand-off cover, 80×24: at every decision of the
    game the tracks, every player's numbers and the own hand are on screen, and the panel's
    first line is at the top of its column (a long panel goes on below the fold: ^↓); for a
    bid the cards' minimums too, and for any other decision (paying, feeding, a catastrophe)
    the cards step aside and the whole panel is in view."""
    seats = default_seats(3, humans=3)
    session = Session.new(seats, SEED, CARDS, privacy=True)
    app = PeloponnesApp(cards=CARDS, bot_pause=0, lang=lang)
    decisions = 0
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        app.set_session(session)
        await settled(pilot)
        async for panel in decisions_by_keys(pilot):
            if panel is None:
                continue
            await settled(pilot)
            card = isinstance(panel, CardChoice)
            missing = facts_missing(app, panel.prompt.player, offer=card)
            assert missing == [], (decisions, panel.prompt.kind, missing)
            board = app.board
            assert board is not None
            geometry = board.find_widget(panel)
            assert geometry.region.y == geometry.clip.y  # (the rest scrolls, ^↓)
            if not card:
                # the cards on offer stepped aside: the whole panel is in view
                assert not board.query_one("#offer").display
                assert geometry.region.intersection(geometry.clip) == geometry.region, \
                    (decisions, panel.prompt.kind)
            else:
                assert board.query_one("#offer").display
            decisions += 1
    assert session.game.over and decisions == len(session.game.answers)
