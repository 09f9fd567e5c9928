"""Since your last turn: the public events a player missed, in a few lines.

Shown on the hand-off cover (and on the board when only computer players moved in between), so
that nobody has to open the log to learn who bid where, who passed, what was gained or lost, which
catastrophe struck, the supply, the income, the end of a round and the next reveal.

Built from the game's public log only (no event there shows a hidden card: bids are counted, coin
cards drawn are counted); the sentences are the log's (:func:`~peloponnes_tui.log_text.event_text`),
a few runs of them merged into one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from peloponnes_tui.engine.log import (
    BidData,
    CoveredData,
    IncomeData,
    MoveBidData,
    RevealData,
    StrikeData,
    TrackData,
)
from peloponnes_tui.i18n import _
from peloponnes_tui.log_text import card_name, event_text, joined

if TYPE_CHECKING:
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.engine import Event
    from peloponnes_tui.engine.log import EventKind
    from peloponnes_tui.tui.session import Session

# Events a returning player need not be told: the seating (on the board from the start), the
# position a test or demonstration starts from, and the final scores (the scoring screen).
SKIPPED: frozenset[EventKind] = frozenset({"setup", "position", "score", "winner"})


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the summary: a sentence, the seat it is about (for its colour) and the kind
    of the event it comes from (``"reveal"`` begins a round, ``"strike"`` is a catastrophe)."""

    text: str
    player: int | None = None
    kind: str = ""


def unseen(events: Sequence[Event], seat: int) -> list[Event]:
    """``events`` (the log since the last decision of the player in ``seat``) without what that
    decision did at once: the events about them that open ``events``, in the same round and
    phase, which they know."""
    rest = list(events)
    if rest:
        first = rest[0]
        while rest and rest[0].player == seat and (rest[0].round, rest[0].phase) == \
                (first.round, first.phase):
            rest.pop(0)
    return rest


@dataclass(frozen=True, slots=True)
class Changes:
    """What the board marks as changed since a player's last turn: the power cards revealed,
    the cards bid on (a bid placed or moved there), the catastrophes whose marker moved, and the
    tableau cards covered."""

    new: frozenset[str] = frozenset()
    bids: frozenset[str] = frozenset()
    tracks: frozenset[str] = frozenset()
    covered: frozenset[str] = frozenset()


def changes(events: Sequence[Event], seat: int) -> Changes:
    """The :class:`Changes` in ``events`` (the log since the last decision of the player in
    ``seat``), leaving out what that decision did at once (:func:`unseen`)."""
    new: set[str] = set()
    bids: set[str] = set()
    tracks: set[str] = set()
    covered: set[str] = set()
    for ev in unseen(events, seat):
        match ev.data:
            case RevealData():
                new.update(ev.cards)
            case BidData() | MoveBidData():
                bids.update(ev.cards)
            case TrackData(catastrophe=cat, left=left) if left is not None:
                tracks.add(cat)
            case StrikeData(catastrophe=cat):
                tracks.add(cat)
            case CoveredData():
                covered.update(ev.cards)
            case _:
                pass
    return Changes(frozenset(new), frozenset(bids), frozenset(tracks), frozenset(covered))


def summarize(events: Sequence[Event], seat: int, names: Sequence[str],
              cards: CardSet) -> list[Line]:
    """The lines for the player in ``seat`` about ``events`` (the log since their last decision).

    What their own decision did at once (the events about them that open ``events``, in the same
    round and phase) they know, so it is left out.  Runs of "nobody bid on …" become one line, and
    each round's income from inhabitants one line.
    """
    rest = unseen(events, seat)
    lines: list[Line] = []
    i = 0
    while i < len(rest):
        ev = rest[i]
        if ev.kind in SKIPPED:
            i += 1
            continue
        if ev.kind == "discarded":
            run = [ev]
            while i + len(run) < len(rest) and rest[i + len(run)].kind == "discarded":
                run.append(rest[i + len(run)])
            i += len(run)
            if len(run) == 1:
                lines.append(Line(event_text(ev, cards, names), None, ev.kind))
            else:
                left = [card_name(cards, c) for e in run for c in e.cards]
                lines.append(Line(_("Nobody bid on {cards}: they leave the game.").format(
                    cards=joined(left)), None, ev.kind))
            continue
        if ev.phase == "income" and ev.kind != "supply":
            block = [ev]
            while i + len(block) < len(rest) and rest[i + len(block)].phase == "income" and \
                    rest[i + len(block)].round == ev.round:
                block.append(rest[i + len(block)])
            i += len(block)
            lines += _income_lines(block, names, cards)
            continue
        lines.append(Line(event_text(ev, cards, names), ev.player, ev.kind))
        i += 1
    return lines


def _income_lines(block: Sequence[Event], names: Sequence[str], cards: CardSet) -> list[Line]:
    """One round's income phase: the coin cards for inhabitants in one line, then the rest
    (one-time income, luxury goods, a reshuffled pile) as the log tells it."""
    regular = [(e, e.data) for e in block if isinstance(e.data, IncomeData) and not e.data.once]
    lines: list[Line] = []
    if regular:
        parts = [f"{names[e.player]} {data.coins}" for e, data in regular
                 if e.player is not None]
        lines.append(Line(_("Income in coin cards: {players}.").format(players=joined(parts)),
                          None, "income"))
    shown = {id(e) for e, _data in regular}
    lines += [Line(event_text(e, cards, names), e.player, e.kind) for e in block
              if id(e) not in shown]
    return lines


def changes_since_last_turn(session: Session, seat: int) -> Changes:
    """What changed on the table since the last decision of the player in ``seat``."""
    return changes(session.log[session.seen_log(seat):], seat)


def since_last_turn(session: Session, seat: int) -> list[Line]:
    """What the player in ``seat`` has not seen: the public events since their last decision
    (since the start of the game before their first)."""
    names = [s.name for s in session.seats]
    return summarize(session.log[session.seen_log(seat):], seat, names, session.cards)


def round_end(session: Session, rnd: int) -> tuple[list[Line], list[Line]]:
    """What the table reads at the end of round ``rnd``: how it ended (the moves since a person
    last decided in it, the turn order, what each player gained, the income and, after the last
    round, the final supply), and how the next round has begun so far (its reveal, the
    catastrophes, a supply)."""
    game = session.game
    log = session.log
    names = [s.name for s in session.seats]
    first = next((i for i, e in enumerate(log) if e.round == rnd), len(log))
    end = next((i for i in range(first, len(log)) if log[i].round > rnd), len(log))
    # from the turn order on, and the bids since a person last decided
    start = next((i for i in range(first, end) if log[i].phase == "turn_order"), end)
    for i in range(len(game.answer_seats) - 1, -1, -1):
        at = game.answer_log_sizes[i]
        if session.seats[game.answer_seats[i]].human and at < end:
            start = min(start, max(first, at))
            break
    return (summarize(log[start:end], -1, names, session.cards),
            summarize(log[end:], -1, names, session.cards))


__all__ = ["SKIPPED", "Changes", "Line", "changes", "changes_since_last_turn", "round_end",
           "since_last_turn", "summarize", "unseen"]
