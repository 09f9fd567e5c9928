"""The final scoring; in a game with hints on (the course's first game) explained line by
line (``tui/score_explained.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from peloponnes_tui.i18n import N_, _, ngettext
from peloponnes_tui.tui.screens.new_game import NewGameScreen
from peloponnes_tui.tui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.table import Table

    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import Score
    from peloponnes_tui.tui.session import Seat, Session


def score_table(cards: CardSet, scores: Sequence[Score], seats: list[Seat]) -> Table:
    from rich.table import Table

    from peloponnes_tui.engine.numbers import rule_numbers

    leftovers = rule_numbers(cards).leftovers_per_power_point

    t = Table(title=_("Final scoring"), header_style="bold", show_lines=False)
    t.add_column("")
    for s in scores:
        st = seats[s.seat]
        t.add_column(Text(f"{st.tag} {st.name}", style=f"bold {st.rich_colour}"),
                     justify="right")
    # (label, values, in bold)
    rows: list[tuple[str, list[str], bool]] = [
        (_("Population: tableau"), [str(s.population_tableau) for s in scores], False),
        ("  " + _("+ inhabitant coin cards"), [str(s.population_coins) for s in scores], False),
        ("  " + _("+ luxury card"), [str(s.population_luxury_card) for s in scores], False),
        (_("= Population"), [str(s.population) for s in scores], True),
        (_("Power: tableau"), [str(s.power_tableau) for s in scores], False),
        ("  " + _("coin cards left + luxury goods"),
         [f"{s.coins_left}+{s.luxury_goods}" for s in scores], False),
        ("  " + _("+ {n}:1 conversion").format(n=leftovers),
         [str(s.power_from_coins) for s in scores], False),
        ("  " + _("+ luxury card"), [str(s.power_luxury_card) for s in scores], False),
        (_("= Power"), [str(s.power) for s in scores], True),
        (_("Score (the lower)"), [str(s.score) for s in scores], True),
        (_("Tie-break: the higher value"), [str(s.tiebreak[1]) for s in scores], False),
        (_("Tie-break: luxury goods"), [str(s.luxury_goods) for s in scores], False),
        (_("Rank"), [str(s.rank) for s in scores], True),
    ]
    for label, vals, bold in rows:
        t.add_row(Text(label, style="bold" if bold else ""),
                  *[Text(v, style="bold" if bold else "") for v in vals])
    return t


def coach_line(coach: bool, asks: Sequence[int], seats: Sequence[Seat]) -> Text:
    """Who asked the coach how often in the game (the game records it), or that it was off."""
    if not coach:
        return Text(_("The coach was off in this game."))
    asked = [(seats[i], n) for i, n in enumerate(asks) if n]
    if not asked:
        return Text(_("Nobody asked the coach."))
    t = Text(_("Asked the coach:") + " ")
    for k, (seat, n) in enumerate(asked):
        if k:
            t.append(", ")
        t.append(f"{seat.tag} {seat.name}", style=f"bold {seat.rich_colour}")
        t.append(" " + ngettext("{n} time", "{n} times", n).format(n=n))
    return t


class ScoringScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,b", "back", N_("Back to the board")),
        Binding("n", "new", N_("New game")),
        Binding("w", "watch", N_("Watch the game")),
        Binding("q", "app.quit_app", N_("Quit")),
    ]
    CSS_PATH = "scoring.tcss"

    def __init__(self, cards: CardSet, scores: Sequence[Score], winners: Sequence[int],
                 seats: list[Seat]) -> None:
        super().__init__()
        self.cards = cards
        self.scores = scores
        self.winners = winners
        self.seats = seats

    def compose(self) -> ComposeResult:
        names = _(" and ").join(f"{self.seats[w].tag} {self.seats[w].name}"
                                for w in self.winners)
        with VerticalScroll():
            yield Static(Text(_("The game is over. Winner: {names}!").format(names=names)),
                         id="winner")
            session = self.game_session()
            explain = session is not None and session.hints
            if explain:
                yield Static(Text(_("Below the table each score is explained line by line "
                                    "(↓ or PgDn scrolls)."), style="italic"), id="below")
            yield Static(score_table(self.cards, self.scores, self.seats))
            if explain:
                from peloponnes_tui.tui.score_explained import scoring_explained

                yield Static(scoring_explained(self.cards, self.scores, self.seats),
                             id="explained")
                if session is not None and session.lesson is not None:
                    yield Static(Text(_("Your first game is marked done in the course. Next: n "
                                        "starts a game of your own (choose the players, the "
                                        "coach stays at i), w watches this game again, q "
                                        "quits."), style="bold"), id="next")
            if session is not None:
                yield Static(coach_line(session.coach, session.coach_asks, self.seats),
                             id="coachline")
            ties = Text("\n" + _("Ties are broken by the higher of population and power, then "
                                  "by more luxury goods; players still tied share the rank."),
                        style="dim")
            yield Static(ties)
        yield KeysFooter()

    def restyle(self) -> None:
        self.refresh(recompose=True)

    def game_session(self) -> Session | None:
        """The app's game, which these scores are of."""
        from peloponnes_tui.tui.session import Session

        session = getattr(self.app, "session", None)
        return session if isinstance(session, Session) else None

    def action_back(self) -> None:
        self.dismiss(None)

    def action_watch(self) -> None:
        """The game just played in the replay viewer, from its first event."""
        from peloponnes_tui.tui.replay import Replay
        from peloponnes_tui.tui.screens.replay import ReplayScreen

        session = self.game_session()
        if session is not None:
            self.app.push_screen(ReplayScreen(Replay.of(session)))

    def action_new(self) -> None:
        self.app.push_screen(NewGameScreen())


__all__ = ["ScoringScreen", "score_table"]
