"""The coach in the app: the key and the command, the advice in words for every kind of answer
(English and German), what the coach is given to look at, switching it off, and the record of who
asked it (saved with the game, shown at the scoring).

The app's coach plays few playouts here (``coach_factory``), so the tests stay fast; what it
advises is the coach's own business (tests/test_coach.py).
"""

from __future__ import annotations

import json
from typing import ClassVar

import pytest
from support import (
    CARDS,
    HUMAN,
    SEED,
    PlayerSpec,
    finished_session,
    game_at,
    notifications,
    screen_text,
    session_from,
    settled,
)
from textual.pilot import Pilot

from peloponnes_tui.bots.coach import Advice, Coach, Option
from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine import (
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastropheAnswer,
    CatastrophePrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    GiveUpBuilding,
    MoveBid,
    OutbidPrompt,
    Pass,
    PayBuilding,
    PlaceBid,
    StartConstruction,
    View,
    Withdraw,
)
from peloponnes_tui.engine.effects import Effects
from peloponnes_tui.i18n import set_language
from peloponnes_tui.settings import load_settings
from peloponnes_tui.tui.app import PeloponnesApp
from peloponnes_tui.tui.coach import advice_text, answer_phrase
from peloponnes_tui.tui.render import offer_cards
from peloponnes_tui.tui.screens.handoff import HandoffScreen
from peloponnes_tui.tui.screens.new_game import NewGameScreen
from peloponnes_tui.tui.screens.scoring import ScoringScreen
from peloponnes_tui.tui.session import Session, autosave_path
from peloponnes_tui.tui.widgets.bid_panels import BidPanel
from peloponnes_tui.tui.widgets.coach_note import CoachNote

# Three market cards (value 1), then three in the conquest row; nothing strikes, no supply.
REVEAL = ["forest", "quarry", "pasture", "barley-fields", "coast", "granary"]


# -- the sentences ------------------------------------------------------------------------------

def sentence_game():
    """Round 4: Helena (Sparta) holds Wood, Stone, Grain; her Well is in her tableau."""
    return game_at(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"],
                              buildings=["well"]),
                   PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                   PlayerSpec(civ="argos", hand=["wood", "grain"]),
                   reveal=REVEAL, order=[0, 1, 2])


GAME = sentence_game()
VIEW = GAME.view_for(0)
WOOD, STONE, GRAIN = GAME.players[0].hand
BID = BidPrompt(0, draws=3)
OUTBID = OutbidPrompt(0, from_card="forest", coins=1, draws=2)
BUILD = BuildPrompt(0, card="well")
PLAGUE = CatastrophePrompt(0, catastrophe="plague", count=2, candidates=("civ", "well"))
FEED = FeedPrompt(0, removable=("well",))
COMPLETE = CompletePrompt(0, buildings=("well",))

# (answer, prompt, English, German): every kind of answer, and each way a kind is worded
PHRASES = [
    (PlaceBid("pasture", (WOOD, STONE)), BID, "bid 2 coin cards on Pasture (Stone, Wood)",
     "2 Münzkarten auf Weide bieten (Stein, Holz)"),
    (PlaceBid("forest", (WOOD,)), BID, "bid 1 coin card on Forest (Wood)",
     "1 Münzkarte auf Wald bieten (Holz)"),
    (PlaceBid("coast", (WOOD,), 2), BID,
     "bid 3 coin cards on Coast (Wood, and 2 drawn blind for luxury goods)",
     "3 Münzkarten auf Küste bieten (Holz und 2 blind für Luxusgüter gezogen)"),
    (PlaceBid("coast", (), 2), BID,
     "bid 2 coin cards on Coast (2 of them drawn blind for luxury goods)",
     "2 Münzkarten auf Küste bieten (2 davon blind für Luxusgüter gezogen)"),
    (Pass(), BID, "pass and draw 3 coin cards", "passen und 3 Münzkarten ziehen"),
    (MoveBid("coast"), OUTBID, "move the bid unchanged to Coast",
     "das Gebot unverändert auf Küste verschieben"),
    (Withdraw(), OUTBID, "withdraw the bid and draw 2 coin cards",
     "das Gebot zurücknehmen und 2 Münzkarten ziehen"),
    (PayBuilding((WOOD,), 1), BUILD, "pay for Well now with 1 coin card and 1 luxury good",
     "Brunnen jetzt mit 1 Münzkarte und 1 Luxusgut bezahlen"),
    (PayBuilding((WOOD, STONE)), BUILD, "pay for Well now with 2 coin cards",
     "Brunnen jetzt mit 2 Münzkarten bezahlen"),
    (PayBuilding((), 2), BUILD, "pay for Well now with 2 luxury goods",
     "Brunnen jetzt mit 2 Luxusgütern bezahlen"),
    (PayBuilding(), BUILD, "pay for Well now from the production alone",
     "Brunnen jetzt allein aus der Produktion bezahlen"),
    (StartConstruction(STONE), BUILD,
     "put Well under construction, sliding a Stone coin card under it",
     "Brunnen beleihen und eine Münzkarte Stein darunter schieben"),
    (StartConstruction(None), BUILD,
     "put Well under construction with a coin card drawn blind for a luxury good",
     "Brunnen beleihen, mit einer blind für ein Luxusgut gezogenen Münzkarte"),
    (GiveUpBuilding(), BUILD, "give up Well", "Brunnen aufgeben"),
    (CatastropheAnswer((("civ", GRAIN), ("well", "remove"))), PLAGUE,
     "cover Civilization card Sparta and remove Well",
     "Zivilisationskarte Sparta abdecken und Brunnen entfernen"),
    (CatastropheAnswer((("civ", "luxury"), ("well", WOOD))), PLAGUE,
     "cover Civilization card Sparta, Well", "Zivilisationskarte Sparta, Brunnen abdecken"),
    (CatastropheAnswer((("well", "remove"),)), PLAGUE, "remove Well", "Brunnen entfernen"),
    (CatastropheAnswer(()), PLAGUE, "let the catastrophe hit none of the cards",
     "die Katastrophe keine Karte treffen lassen"),
    (FeedPlan((GRAIN,), (), 1, ("well",)), FEED,
     "feed the inhabitants with 1 coin card and 1 luxury good and remove Well",
     "die Bewohner mit 1 Münzkarte und 1 Luxusgut versorgen und Brunnen entfernen"),
    (FeedPlan((GRAIN,)), FEED, "feed the inhabitants with 1 coin card",
     "die Bewohner mit 1 Münzkarte versorgen"),
    (FeedPlan(remove=("well",)), FEED, "remove Well to feed the other inhabitants",
     "Brunnen entfernen, um die übrigen Bewohner zu versorgen"),
    (FeedPlan(), FEED, "feed the inhabitants from the production alone",
     "die Bewohner allein aus der Produktion versorgen"),
    (CompletePlan(("well",), (WOOD, STONE)), COMPLETE,
     "complete Well with 2 coin cards", "Brunnen mit 2 Münzkarten fertigstellen"),
    (CompletePlan(("well",)), COMPLETE, "complete Well from the production alone",
     "Brunnen allein aus der Produktion fertigstellen"),
    (CompletePlan(), COMPLETE,
     "complete none of the buildings under construction (they are lost)",
     "keines der beliehenen Gebäude fertigstellen (sie gehen verloren)"),
]


@pytest.mark.parametrize(("answer", "prompt", "en", "de"), PHRASES)
def test_every_kind_of_answer_in_words(answer, prompt, en, de):
    assert answer_phrase(answer, prompt, VIEW, CARDS) == en
    set_language("de")
    assert answer_phrase(answer, prompt, VIEW, CARDS) == de


def test_every_kind_of_answer_is_worded():
    from peloponnes_tui.engine import ANSWER_TYPES

    assert {type(a) for a, *_rest in PHRASES} == set(ANSWER_TYPES.values())


def _pasture_advice(close: bool) -> Advice:
    """Helena bids Wood and Stone on Pasture (she holds one more Wood); passing came next."""
    best = Option(PlaceBid("pasture", (WOOD, STONE)), Effects(
        card="pasture", row="market", coins_paid=2, inhabitants=1, power=2,
        production=(0, 0, 2), shortfall_before=2, shortfall_after=1, food_after=1,
        symbol="drought", symbols_after=2, income_before=3, income_after=4,
        rivals=((1, 3),)), (("wood", 1),))
    other = Option(Pass(), Effects(coins_drawn=3, shortfall_before=2, shortfall_after=2,
                                   food_after=1))
    return Advice(best, other, searched=True, close=close, choices=9)


WHY_EN = (
    "The coach would bid 2 coin cards on Pasture (Stone, Wood). By the rules: if you win "
    "Pasture, it brings 1 inhabitant, 2 power points, production of 2 grain; at a supply only 1 "
    "inhabitant would lack grain (now 2); with its Drought symbol you would have 2 of the 3 that "
    "protect from it; your income goes from 3 to 4 coin cards; still to bid and able to outbid "
    "it: Leonidas (with 3 coin cards). Which of your Wood coin cards you give makes no "
    "difference. ")
WHY_DE = (
    "Der Coach würde 2 Münzkarten auf Weide bieten (Stein, Holz). Nach den Regeln: gewinnst du "
    "Weide, bringt es 1 Bewohner, 2 Machtpunkte, Produktion von 2 Getreide; bei einer Versorgung "
    "fehlte nur 1 Bewohner Getreide (jetzt 2); mit seinem Symbol Dürre hättest du 2 der 3, die "
    "davor schützen; dein Einkommen: 4 statt 3 Münzkarten; noch am Zug und könnten "
    "überbieten: Leonidas (mit 3 Münzkarten). Welche deiner Münzkarten Holz du gibst, macht "
    "keinen Unterschied. ")


def test_the_advice_with_its_reasons_and_the_next_best_answer():
    """The rules' facts for the advice, the coin cards that are interchangeable, and the next
    best answer with only what differs; no win rate."""
    advice = _pasture_advice(close=False)
    assert advice_text(advice, BID, VIEW, CARDS) == WHY_EN + (
        "The best other answer, to pass and draw 3 coin cards, did clearly worse played on from "
        "here. For that answer: you keep your coin cards; your grain and inhabitant coin cards "
        "and luxury goods would pay only 1 of it.")
    set_language("de")
    assert advice_text(advice, BID, VIEW, CARDS) == WHY_DE + (
        "Die beste andere Wahl, passen und 3 Münzkarten ziehen, schnitt beim Weiterspielen von "
        "hier aus deutlich schlechter ab. Zu dieser Wahl: du behältst deine Münzkarten; deine "
        "Münzkarten Getreide und Einwohner und deine Luxusgüter bezahlten davon nur 1.")


def test_two_answers_the_search_cannot_tell_apart_are_said_to_be_so():
    advice = _pasture_advice(close=True)
    assert advice_text(advice, BID, VIEW, CARDS).startswith(WHY_EN + (
        "To pass and draw 3 coin cards is about as good: played on from here, the two could not "
        "be told apart."))
    set_language("de")
    assert advice_text(advice, BID, VIEW, CARDS).startswith(WHY_DE + (
        "Etwa gleich gut wäre: passen und 3 Münzkarten ziehen — beim Weiterspielen von hier aus "
        "ließen sich die beiden nicht unterscheiden."))


def test_the_only_answer_and_the_only_one_worth_trying():
    only = Advice(Option(Withdraw(), Effects(coins_drawn=3)), None, False, False, 1)
    assert advice_text(only, OUTBID, VIEW, CARDS) == (
        "The coach would withdraw the bid and draw 2 coin cards: it is the only answer the rules "
        "allow. By the rules: the bid's 1 coin card comes back to your hand.")
    lone = Advice(Option(FeedPlan(), Effects()), None, False, False, 3)
    assert advice_text(lone, FEED, VIEW, CARDS) == (
        "The coach would feed the inhabitants from the production alone: nothing else is worth "
        "trying here.")
    set_language("de")
    assert advice_text(only, OUTBID, VIEW, CARDS) == (
        "Der Coach würde das Gebot zurücknehmen und 2 Münzkarten ziehen: die Regeln erlauben "
        "nichts anderes. Nach den Regeln: die 1 Münzkarte des Gebots kommt auf deine Hand zurück.")
    assert advice_text(lone, FEED, VIEW, CARDS) == (
        "Der Coach würde die Bewohner allein aus der Produktion versorgen: etwas anderes lohnt "
        "sich hier nicht.")


def test_what_a_removal_costs_the_tableau():
    plan = FeedPlan(remove=("well",))
    advice = Advice(Option(plan, Effects(removed=("well",), inhabitants=-1, power=-2)), None,
                    False, False, 2)
    assert advice_text(advice, FEED, VIEW, CARDS) == (
        "The coach would remove Well to feed the other inhabitants: nothing else is worth trying "
        "here. By the rules: your tableau loses 1 inhabitant, 2 power points.")
    set_language("de")
    assert advice_text(advice, FEED, VIEW, CARDS).endswith(
        "Nach den Regeln: deine Auslage verliert 1 Bewohner, 2 Machtpunkte.")


# -- in the app ---------------------------------------------------------------------------------

class RecordingCoach(Coach):
    """A coach whose search plays few playouts, keeping what it was asked and advised."""

    asked: ClassVar[list[tuple[AnyPrompt, View, Advice]]] = []

    def __init__(self, cards: CardSet, seed: int) -> None:
        super().__init__(cards, seed, playouts=8, max_candidates=2, time_limit=None)

    def advise(self, prompt: AnyPrompt, view: View) -> Advice:
        advice = super().advise(prompt, view)
        RecordingCoach.asked.append((prompt, view, advice))
        return advice


@pytest.fixture
def coach_app(cards):
    RecordingCoach.asked = []
    app = PeloponnesApp(cards=cards, bot_pause=0)
    app.coach_factory = RecordingCoach
    return app


def three_people(coach: bool = True, leonidas=("stone", "grain"), dimitrios=("wood", "grain")
                 ) -> Session:
    """Helena bids first in round 1; Leonidas and Dimitrios hold what the test gives them."""
    s = session_from(PlayerSpec(civ="sparta", hand=["wood", "stone", "grain"]),
                     PlayerSpec(civ="tegea", hand=list(leonidas)),
                     PlayerSpec(civ="argos", hand=list(dimitrios)),
                     reveal=REVEAL, order=[0, 1, 2])
    s.coach = coach
    return s


async def ask(pilot: Pilot[int]) -> None:
    await pilot.press("i")
    await pilot.app.workers.wait_for_complete()
    await settled(pilot)


def note_of(app: PeloponnesApp) -> CoachNote:
    return app.coach_note()


async def test_the_key_shows_the_advice_made_from_the_players_own_view(coach_app):
    app = coach_app
    session = three_people()
    game = session.game
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        assert " i Coach " in screen_text(app)  # in the footer while Helena decides
        prompt, view = session.pending, session.view(0)
        await ask(pilot)
        # the coach was given Helena's decision and her own view, nothing else
        ((asked_prompt, asked_view, advice),) = RecordingCoach.asked
        assert asked_prompt == prompt and asked_view == view and asked_view.seat == 0
        best = advice.best.answer
        assert isinstance(best, PlaceBid | Pass)
        if isinstance(best, PlaceBid):
            assert best.card in offer_cards(view)
        note = note_of(app)
        assert note.display
        assert note.render().plain == (
            "Coach: " + advice_text(advice, prompt, view, CARDS) + "\n"
            " i again: choose it in the panel  (you still confirm it yourself)")
        assert session.coach_asks == [1, 0, 0]
        # i again chooses the advice in the panel; the player has not answered
        await pilot.press("i")
        panel = app.board.panel()
        assert isinstance(panel, BidPanel) and panel.answer() == best
        assert game.answers == []
        assert note.render().plain.endswith(
            "Chosen in the panel: confirm it there, or choose something else.")
        await pilot.press("enter")
        await settled(pilot)
        assert game.answers == [best]
        assert not note.display  # the advice went with the decision it was for
        assert game.pending is not None and game.pending.player == 1
        assert Session.load(autosave_path(), CARDS).coach_asks == [1, 0, 0]


def test_what_the_coach_is_given_is_the_same_whatever_the_others_hold():
    """What Leonidas and Dimitrios hold is hidden from Helena: with hands of the same sizes but
    other coin cards, the session gives the coach the same decision and the same view."""
    given = set()
    for leonidas, dimitrios in ((("stone", "grain"), ("wood", "grain")),
                                (("wood", "wood"), ("stone", "stone")),
                                (("inhabitants", "grain"), ("grain", "wood"))):
        session = three_people(leonidas=leonidas, dimitrios=dimitrios)
        hands = [session.game.players[s].hand for s in (1, 2)]
        prompt, view = session.ask_coach()
        assert view.seat == 0 and view.hand == tuple(session.game.players[0].hand)
        assert [p.hand_size for p in view.players[1:]] == [len(h) for h in hands]
        given.add((prompt, view))
    assert len(given) == 1


async def test_the_palette_offers_the_coach_while_a_person_decides(coach_app):
    app = coach_app
    session = three_people()
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Ask the coach" not in titles  # no game yet
        app.set_session(session)
        await settled(pilot)
        (command,) = [c for c in app.get_system_commands(app.screen)
                      if c.title == "Ask the coach"]
        command.callback()
        await app.workers.wait_for_complete()
        await settled(pilot)
        assert len(RecordingCoach.asked) == 1 and note_of(app).advised is not None
        assert session.coach_asks == [1, 0, 0]


async def test_advice_for_an_answered_decision_is_not_shown(coach_app):
    app = coach_app
    session = three_people()
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        await ask(pilot)
        advised = note_of(app).advised
        assert advised is not None
        await pilot.press("enter")  # Helena answers; Leonidas decides now
        await settled(pilot)
        app._coach_advised(app._gen, session.turn - 1, advised)  # late, for Helena's decision
        await settled(pilot)
        assert not note_of(app).display and note_of(app).advised is None


async def test_switched_off_on_the_new_game_screen_the_key_only_says_so(coach_app):
    app = coach_app
    notes = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#seed").focus()
        await pilot.press(*str(SEED))
        app.screen.query_one("#coach").focus()
        await pilot.press("right")  # on → off
        await pilot.press("ctrl+g")
        await settled(pilot)
        session = app.session
        assert session is not None and session.coach is False
        assert load_settings()[0].coach is False  # remembered for the next game
        assert Session.load(autosave_path(), CARDS).coach is False  # saved with the game
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await settled(pilot)
        assert app.screen is app.board
        seat = session.pending.player
        assert session.seats[seat].kind == HUMAN and app.viewer == seat
        text = screen_text(app)
        assert " i Coach (off) " in text
        await pilot.press("i")
        await settled(pilot)
        assert RecordingCoach.asked == []
        assert not note_of(app).display
        assert session.coach_asks == [0] * len(session.seats)
        assert [n.message for n in notes] == [
            "The coach is off in this game (chosen on the New game screen)."]


async def test_who_asked_is_saved_loaded_and_shown_at_the_scoring(cards):
    session = finished_session(cards, 3, seed=2)
    session.coach_asks = [2, 0, 1]
    loaded = Session.loads(session.dumps(), cards)
    assert loaded.coach is True and loaded.coach_asks == [2, 0, 1]
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(loaded)
        await settled(pilot)
        assert isinstance(app.screen, ScoringScreen)
        helena, dimitrios = loaded.seats[0], loaded.seats[2]
        assert (f"Asked the coach: {helena.tag} {helena.name} 2 times, "
                f"{dimitrios.tag} {dimitrios.name} 1 time") in screen_text(app)


async def test_the_scoring_says_when_the_coach_was_off_or_not_asked(cards):
    session = finished_session(cards, 3, seed=2)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_session(session)
        await settled(pilot)
        assert "Nobody asked the coach." in screen_text(app)
        session.coach = False
        app.set_session(session)
        await settled(pilot)
        assert "The coach was off in this game." in screen_text(app)


def test_a_save_from_before_the_coach_loads_with_it_on_and_never_asked(cards):
    raw = json.loads(finished_session(cards, 3, seed=2).dumps())
    for key in ("coach", "coach_asks"):
        del raw["extra"][key]
    loaded = Session.loads(json.dumps(raw), cards)
    assert loaded.coach is True and loaded.coach_asks == [0, 0, 0]
    raw["extra"]["coach_asks"] = [1, "x", -3]  # damaged: as if never asked
    assert Session.loads(json.dumps(raw), cards).coach_asks == [0, 0, 0]


async def test_a_long_note_leaves_no_empty_rows_in_the_decision_column(coach_app):
    """At 120×40 the advice is longer than the decision column has room for: the box of what
    happened since the last turn, which keeps its rows beside the board (empty ones below a
    short text), shrinks to its text while the note is shown (the column scrolled its text
    away and showed its empty rows); the note is as tall as its text; the next decision's box
    has its rows again."""
    app = coach_app
    async with app.run_test(size=(120, 40)) as pilot:
        app.set_session(three_people())
        await settled(pilot)
        board = app.board
        since, text = board.query_one("#since"), board.query_one("#sincetext")

        def rows() -> list[str]:
            return [text.render_line(y).text.strip() for y in range(text.size.height)]

        kept = since.size.height
        assert "" in rows() and len(rows()) == kept  # a short text in a box of fixed rows
        await ask(pilot)
        note = note_of(app)
        assert note.display and board.query_one("#decision").max_scroll_y > 0  # it scrolls
        assert note.size.height == len(note.render().wrap(app.console,
                                                          note.content_region.width))
        assert "" not in rows() and since.size.height == len(rows()) < kept
        await pilot.press("enter")  # Helena bids; Leonidas's decision
        await settled(pilot)
        assert not note.display and since.size.height == kept
