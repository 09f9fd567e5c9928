"""One seat on the New game screen: name, colour, who plays it; and the screen's tooltips."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from peloponnes_tui.engine.setup import MAX_PLAYERS, MIN_PLAYERS
from peloponnes_tui.i18n import _
from peloponnes_tui.inputs import NAME_RESTRICT
from peloponnes_tui.tui.colours import COLOURS, colour_name
from peloponnes_tui.tui.session import HUMAN, Seat, kind_name
from peloponnes_tui.tui.widgets.choice import Choice, ColourChoice


def kinds() -> tuple[str, ...]:
    """Who can sit at a seat: a human or a computer player by its strength."""
    from peloponnes_tui.settings import SEAT_KINDS

    return SEAT_KINDS


def kind_label(kind: str) -> str:
    return _("human") if kind == HUMAN else _("computer: {kind}").format(kind=kind_name(kind))


def kind_help() -> dict[str, str]:
    """What each kind of player at a seat is."""
    return {
        HUMAN: _("a person at this keyboard."),
        "beginner": _("plays sensible moves but makes a newcomer's mistakes: for your first "
                      "games."),
        "standard": _("rules of thumb and an estimate of its final score: a fair opponent."),
        "strong": _("plays each of its best ideas out many times before choosing: the "
                    "strongest, thinks up to a second a move."),
        "random": _("any legal answer at random: for learning the rules, easy to beat."),
    }


def tooltips() -> dict[str, str]:
    """The New game screen's tooltips, by the setting they explain."""
    return {
        "count": _("How many play, {fewest} to {most}. The seats below it stay empty.").format(
            fewest=MIN_PLAYERS, most=MAX_PLAYERS),
        "name": _("The player's name (up to 16 letters), shown on the board and on the "
                  "hand-off cover."),
        "colour": _("The player's colour. Its letter and symbol (R●, B▲, G■, Y◆, P★) tell the "
                    "players apart without colour too."),
        "seed": _("The number that shuffles the cards: the same seed and the same choices give "
                  "the same game. Leave it empty for a new shuffle."),
        "privacy": _("yes: when the keyboard goes from one person to another, a cover hides the "
                     "board until the next player presses Enter, so nobody sees another's coin "
                     "cards; it tells what happened since that player's last turn.\n"
                     "no: every turn shows at once (one person playing, or nothing to hide)."),
        "pause": _("How long the board waits before each computer move, so you can follow what "
                   "the computer players do. 0 s plays them at once."),
        "coach": _("on: i (or \"Ask the coach\" in the commands) tells what the strongest "
                   "computer player would do in your decision, from what you can see. The "
                   "scoring shows who asked it how often.\noff: for a competitive game."),
        "language": _("The language of the app: it changes at once and is remembered."),
    }


def kind_tooltip() -> str:
    help_for = kind_help()
    lines = [_("Who plays this seat (← → to change):")]
    other = _("a computer player.")  # not inside the f-string: Babel before 3.12 misses it there
    lines += [f"{kind_label(k)}: {help_for.get(k, other)}" for k in kinds()]
    return "\n".join(lines)


class SeatRow(Horizontal):

    def __init__(self, index: int, seat: Seat) -> None:
        super().__init__(id=f"seat{index}")
        self.index = index
        self.seat = seat

    def compose(self) -> ComposeResult:
        tips = tooltips()
        yield Label(_("Seat {n}").format(n=self.index + 1), classes="what")
        # No control character can be typed or pasted into a name (a save would refuse it).
        name = Input(self.seat.name, id=f"name{self.index}", max_length=16,
                     placeholder=_("name"), restrict=NAME_RESTRICT, compact=True)
        name.tooltip = tips["name"]
        yield name
        yield ColourChoice([(c, f"{COLOURS[c][1]}{COLOURS[c][2]} {colour_name(c)}")
                            for c in COLOURS], self.seat.colour, id=f"colour{self.index}",
                           tooltip=tips["colour"])
        yield Choice([(k, kind_label(k)) for k in kinds()], self.seat.kind,
                     id=f"kind{self.index}", tooltip=kind_tooltip())

    @on(Choice.Changed)
    def changed(self, event: Choice.Changed) -> None:
        if event.choice.id == f"colour{self.index}":
            self.seat.colour = event.choice.value
        elif event.choice.id == f"kind{self.index}":
            self.seat.kind = event.choice.value


__all__ = ["SeatRow", "kind_help", "kind_label", "kind_name", "kind_tooltip", "kinds",
           "tooltips"]
