"""The final scoring explained line by line (a game with hints on: the course's first game).

For each player: the population and the power with every source, which of the two is the score
(the lower), the luxury goods; then each tie and the tie-break that settled it.  Every number
is a field of the engine's :class:`~peloponnes_tui.engine.Score` or a rule number of the engine;
which tie-break ranked two players with equal scores is the engine's :func:`ties`.  Nothing is
added up or compared here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.scoring import ties
from peloponnes_tui.i18n import _, ngettext

if TYPE_CHECKING:
    from collections.abc import Sequence

    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import Score
    from peloponnes_tui.tui.session import Seat


def _who(t: Text, seat: Seat) -> None:
    t.append(f"{seat.tag} {seat.name}", style=f"bold {seat.rich_colour}")


def player_lines(cards: CardSet, s: Score, seat: Seat) -> Text:
    """One player's score, a line for each step."""
    leftovers = rule_numbers(cards).leftovers_per_power_point
    t = Text()
    _who(t, seat)
    t.append(" — " + _("place {rank}").format(rank=s.rank) + "\n", style="bold")
    t.append("  " + _("Population {total}").format(total=s.population), style="bold")
    t.append(" = " + ngettext("{n} inhabitant in the tableau", "{n} inhabitants in the tableau",
                              s.population_tableau).format(n=s.population_tableau))
    t.append(" + " + ngettext("{n} on inhabitant coin cards kept in hand",
                              "{n} on inhabitant coin cards kept in hand",
                              s.population_coins).format(n=s.population_coins))
    t.append(" + " + _("{n} on the luxury card").format(n=s.population_luxury_card) + "\n")
    t.append("  " + _("Power {total}").format(total=s.power), style="bold")
    t.append(" = " + ngettext("{n} power point in the tableau", "{n} power points in the tableau",
                              s.power_tableau).format(n=s.power_tableau))
    t.append(" + " + ngettext(
        "{n} for {coins} coin cards and {luxury} luxury goods left (one for every {per})",
        "{n} for {coins} coin cards and {luxury} luxury goods left (one for every {per})",
        s.power_from_coins).format(n=s.power_from_coins, coins=s.coins_left,
                                   luxury=s.luxury_goods, per=leftovers))
    t.append(" + " + _("{n} on the luxury card").format(n=s.power_luxury_card) + "\n")
    if not s.population_luxury_card and not s.power_luxury_card:
        t.append("  " + _("The luxury card adds nothing: it was covered by Decline or "
                          "removed.") + "\n", style="dim")
    t.append("  " + _("Score {score}").format(score=s.score), style="bold")
    t.append(" = " + _("the lower of population {population} and power {power}").format(
        population=s.population, power=s.power) + "\n")
    t.append("  " + ngettext("{n} luxury good left: it counted with the coin cards above, and "
                             "breaks a tie after the higher value.",
                             "{n} luxury goods left: they counted with the coin cards above, "
                             "and break a tie after the higher value.",
                             s.luxury_goods).format(n=s.luxury_goods) + "\n")
    return t


def tie_lines(scores: Sequence[Score], seats: Sequence[Seat]) -> Text:
    """Each pair of players with equal scores and what settled it, or that none tied."""
    found = ties(tuple(scores))
    t = Text()
    if not found:
        t.append(_("Tie-breaks: no two players have the same score, so none was needed.") + "\n")
        return t
    by_seat = {s.seat: s for s in scores}
    for tie in found:
        a, b = by_seat[tie.ahead], by_seat[tie.behind]
        t.append(_("Tie at {score}: ").format(score=a.score), style="bold")
        _who(t, seats[a.seat])
        t.append(" " + _("and") + " ")
        _who(t, seats[b.seat])
        t.append(" ")
        match tie.by:
            case "higher":
                t.append(_("— the higher value decides: {a} against {b}.").format(
                    a=a.tiebreak[1], b=b.tiebreak[1]))
            case "luxury":
                t.append(_("— the higher values are equal ({value}); more luxury goods decide: "
                           "{a} against {b}.").format(value=a.tiebreak[1], a=a.luxury_goods,
                                                      b=b.luxury_goods))
            case "shared":
                t.append(_("— equal in the higher value ({value}) and in luxury goods ({n}): "
                           "they share place {rank}.").format(
                    value=a.tiebreak[1], n=a.luxury_goods, rank=a.rank))
        t.append("\n")
    return t


def scoring_explained(cards: CardSet, scores: Sequence[Score], seats: Sequence[Seat]) -> Text:
    """The whole explanation: how a score is made, each player's, then the ties."""
    t = Text()
    t.append(_("How the scores were made") + "\n", style="bold underline")
    t.append(_("After the last income, the final supply and the restoration of covered cards, "
               "each player counts population and power; the lower of the two is the score, "
               "and the highest score wins.") + "\n\n", style="dim")
    for s in sorted(scores, key=lambda s: (s.rank, s.seat)):
        t.append_text(player_lines(cards, s, seats[s.seat]))
        t.append("\n")
    t.append_text(tie_lines(scores, seats))
    return t


__all__ = ["player_lines", "scoring_explained", "tie_lines"]
