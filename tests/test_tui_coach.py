"""The coach in the app: the key and the command, the advice in words for every kind of answer
(English and German), what the coach is given to look at, switching it off, and the record of who
asked it (saved with the game, shown at the scoring).

The app's coach plays two games per answer here (``coach_factory``), so the tests stay fast; what
it advises is the coach's own business (tests/test_coach.py).
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

from peloponnes_tui.bots.coach import Advice, Coach, Outlook
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
    (PlaceBid("pasture", (WOOD, STONE)), BID,
     "bid 2 coin cards on Pasture", "2 Münzkarten auf Weide bieten"),
    (PlaceBid("forest", (WOOD,)), BID, "bid 1 coin card on Forest", "1 Münzkarte auf Wald bieten"),
    (PlaceBid("coast", (WOOD,), 2), BID,
     "bid 3 coin cards on Coast (2 of them drawn blind for luxury goods)",
     "3 Münzkarten auf Küste bieten (2 davon blind für Luxusgüter gezogen)"),
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


def test_the_advice_with_its_games_and_the_next_best_answer():
    advice = Advice(Outlook(PlaceBid("pasture", (WOOD, STONE, GRAIN)), 20, 6.0, 12.4, 10.6),
                    (Outlook(Pass(), 20, 4.0, 11.0, 9.0),
                     Outlook(PlaceBid("forest", (WOOD,)), 20, 2.0, 9.0, 9.0)))
    assert advice_text(advice, BID, VIEW, CARDS) == (
        "The coach would bid 3 coin cards on Pasture. In 20 games played on from here it won 6 "
        "(30%), ending with about 12 population and 11 power. Next best: pass and draw 3 coin "
        "cards (won 4).")
    set_language("de")
    assert advice_text(advice, BID, VIEW, CARDS) == (
        "Der Coach würde 3 Münzkarten auf Weide bieten. In 20 von hier aus zu Ende gespielten "
        "Partien gewann er 6 (30\xa0%) und endete mit etwa 12 Bevölkerung und 11 Machtpunkten. "
        "Zweitbeste Wahl: passen und 3 Münzkarten ziehen (4 gewonnen).")


def test_shared_wins_count_their_share_and_one_game_is_one():
    advice = Advice(Outlook(Withdraw(), 1, 0.5, 8.0, 7.0), ())
    assert advice_text(advice, OUTBID, VIEW, CARDS) == (
        "The coach would withdraw the bid and draw 2 coin cards. In 1 game played on from here "
        "it won 0.5 (50%), ending with about 8 population and 7 power.")
    set_language("de")
    assert advice_text(advice, OUTBID, VIEW, CARDS) == (
        "Der Coach würde das Gebot zurücknehmen und 2 Münzkarten ziehen. In 1 von hier aus zu "
        "Ende gespielten Partie gewann er 0,5 (50\xa0%) und endete mit etwa 8 Bevölkerung und 7 "
        "Machtpunkten.")


def test_a_decision_with_one_answer_worth_trying():
    advice = Advice(Outlook(FeedPlan(), 0, 0.0, 0.0, 0.0), ())
    assert advice_text(advice, FEED, VIEW, CARDS) == (
        "The coach would feed the inhabitants from the production alone: nothing else is worth "
        "trying here.")
    set_language("de")
    assert advice_text(advice, FEED, VIEW, CARDS) == (
        "Der Coach würde die Bewohner allein aus der Produktion versorgen: etwas anderes lohnt "
        "sich hier nicht.")


# -- in the app ---------------------------------------------------------------------------------

class RecordingCoach(Coach):
    """A coach of two games per answer that keeps what it was asked and what it advised."""

    asked: ClassVar[list[tuple[AnyPrompt, View, Advice]]] = []

    def __init__(self, cards: CardSet, seed: int) -> None:
        super().__init__(cards, seed, playouts=2, time_limit=None)

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
