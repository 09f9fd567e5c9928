"""The main screen: the table, tableaux, the log, and the decision panel for the pending prompt."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, assert_never

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import ContentSwitcher, RichLog, Static

from peloponnes_tui.engine import Event, View
from peloponnes_tui.i18n import N_, _
from peloponnes_tui.tui.access import AppAccess
from peloponnes_tui.tui.heap import QuietHeap
from peloponnes_tui.tui.render import (
    ROOMY,
    WIDE,
    board_legend_line,
    hand_summary,
    log_line,
    seat_tag,
    status_line,
    tableau,
)
from peloponnes_tui.tui.running import (
    ComputerTurn,
    GameOver,
    HandOff,
    PersonTurn,
    RoundOver,
    RunningGame,
    Step,
    Waiting,
)
from peloponnes_tui.tui.screens.handoff import summary_text
from peloponnes_tui.tui.screens.scoring import ScoringScreen
from peloponnes_tui.tui.summary import Changes, changes_since_last_turn, since_last_turn
from peloponnes_tui.tui.widgets.bid_panels import CardChoice, choose_on_board
from peloponnes_tui.tui.widgets.board_scroll import (
    BoardLog,
    BoardScroll,
    BoardSwitcher,
    PanelBox,
    PlacedVertical,
)
from peloponnes_tui.tui.widgets.coach_note import CoachNote
from peloponnes_tui.tui.widgets.drawn import Drawn
from peloponnes_tui.tui.widgets.footer import KeysFooter
from peloponnes_tui.tui.widgets.panel import DecisionPanel
from peloponnes_tui.tui.widgets.panels import panel_for
from peloponnes_tui.tui.widgets.seat_row import kind_name
from peloponnes_tui.tui.widgets.table_view import Board, Tableau, TableView, offer_tooltip

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Sequence
    from typing import Self

    from textual.geometry import Region
    from textual.widget import Widget

    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.tui.session import Seat
    from peloponnes_tui.tui.summary import Line

BOARD_WIDTH = 80  # the board's width beside the decision panel, as at 80×24
PANEL_WIDE = 64  # the decision panel's width beside the board, at most
TABLEAU_WIDTH = 60  # the narrowest a tableau is drawn beside another (its columns unwrapped)
# the since-your-last-turn box's height, as a share of the screen's (1/n): a fifth above the
# panel below the board (as many rows as it has lines, up to that: it takes the board's rows), a
# third of the column beside the board, a quarter under the own tableau (the longest panels still
# fit below it)
SINCE_SHARE = {"narrow": 5, "roomy": 3, "wide": 4}
# the decision column's rows that the notes under the players and the legend leave it where
# they are pinned with the board (pin_board): a bid's panel and the summary
NOTES_ROOM = 12
LEGEND_ROOM = 12
CARD_LIST_ROWS = 30  # from these rows on the bid panel lists the cards below ROOMY columns too


def tabs_line(which: str) -> Text:
    """The line above the board: its three views (``which`` is shown) and the other keys."""
    tabs = Text()
    for key, name, ident in (("m", _("Board"), "table"), ("t", _("Tableaux"), "tableaux"),
                             ("v", _("Log"), "log")):
        tabs.append(f" {key} {name} ", style="reverse bold" if ident == which else "")
    tabs.append("  " + _("PgUp/PgDn scroll  ^↑↓ panel  ^s save  ^p commands"), style="dim")
    return tabs


def one_tableau(cards: CardSet, view: View, seat: int, seats: Sequence[Seat], show_hand: bool
                ) -> Group:
    """The Tableaux view: one player's tableau."""
    return Group(Text(_("t: next player") + "  ", style="dim"),
                 tableau(cards, view, seat, seats, show_hand))


def last_events(events: Sequence[Event], seats: Sequence[Seat], cards: CardSet) -> Text:
    """The last events, under the board when nothing is summarised since a player's turn."""
    return Text("\n").join(log_line(e, seats, cards) for e in events)


def since_head() -> str:
    return _("Since your last turn (newest first; [ ] page; v: the whole log)")


def since_head_short() -> str:
    """The head of the since-your-last-turn lines where it starts their first line."""
    return _("Since your last turn ([ ] page):")


def own_hand(cards: CardSet, view: View, seat: int, seats: Sequence[Seat]) -> Text:
    """The player to move's hand, after their symbol, on the decision panel's top border below
    ROOMY columns (their numbers are in the players strip above it, their name on the panel's
    first line): a hand of every kind of coin card fits 80 columns."""
    st = seats[seat]
    out = Text(" ").append(st.tag, style=f"bold {st.rich_colour}").append(" ")
    out.append(_("Hand: "), style="bold")
    out.append_text(hand_summary(cards, view.hand, " "))
    return out.append(" ")


class BoardScreen(Screen[None], AppAccess):
    BINDINGS: ClassVar[list[BindingType]] = [
        # m/t/v are shown in the line above the board, so the footer stays short (and cheap to
        # redraw when the decision panel changes)
        Binding("m,f2", "show('table')", N_("Board"), show=False),
        Binding("t,f3", "tableaux", N_("Tableaux"), show=False),
        Binding("v,f4", "show('log')", N_("Log"), show=False),
        Binding("h,f1", "app.help", N_("Help")),
        Binding("ctrl+z", "app.undo", N_("Undo")),
        # shown while a person decides: the one that fits whether the coach is on (app.py)
        Binding("i", "app.coach", N_("Coach")),
        Binding("i", "app.coach_off", N_("Coach (off)")),
        Binding("ctrl+s", "app.save_game", N_("Save"), show=False),
        Binding("s", "scores", N_("Scores"), show=False),
        Binding("question_mark,f5", "legend", N_("Legend"), show=False),
        Binding("q", "app.quit_app", N_("Quit")),
        Binding("pageup", "scroll_main(-1)", N_("Scroll up"), show=False),
        Binding("pagedown", "scroll_main(1)", N_("Scroll down"), show=False),
        Binding("ctrl+up", "scroll_decision(-1)", N_("Scroll the panel up"), show=False),
        Binding("ctrl+down", "scroll_decision(1)", N_("Scroll the panel down"), show=False),
        Binding("left_square_bracket", "page_since(-1)", N_("Newer lines"), show=False),
        Binding("right_square_bracket", "page_since(1)", N_("Older lines"), show=False),
    ]
    CSS_PATH = "board.tcss"

    def __init__(self, game: RunningGame) -> None:
        super().__init__()
        self.game = game  # what the board shows (the app owns and advances it)
        self.tableau_seat = 0
        self.logged = 0
        self.chosen: str | None = None  # the card chosen in the decision panel (highlighted)
        self._drawn: dict[str, tuple[object, ...]] = {}  # what each part was drawn from
        self._changed = Changes()  # what the board marks as changed, as last drawn
        self._brief: Text | str = ""  # the decision column's border title, as last set
        self._panel_to_top = False  # a decision panel is shown: scrolled into view (layouts)
        # the new decision panel's mounting, not yet awaited
        self._mounting: list[Awaitable[None]] = []
        self._switched = False  # set_panel showed a panel that had not the keyboard
        self.heap = QuietHeap()  # full collections while the board is still
        self._pinned: int | None = None  # the board's rows, when pinned (pin_board)
        # the rows the next decision panel takes (need_panel)
        self._panel_need = 0
        # whether the decision in the panel chooses a card on offer (need_panel): below the
        # pinned board's other rows the cards on offer step aside for any other decision
        self._offer_needed = True

    def compose(self) -> ComposeResult:
        yield Drawn(id="status")
        yield Drawn(id="tabsline")
        with BoardSwitcher(initial="table", id="main"):
            with BoardScroll(id="table"):
                yield TableView(legend=offer_tooltip)
                legend = Drawn(board_legend_line(), id="legend")
                legend.display = self.papp.settings.legend_shown
                yield legend
            with BoardScroll(id="tableaux"):
                yield Drawn(id="tableau")
            yield BoardLog(id="log", wrap=True, markup=False, highlight=False)
        # the player to move's own tableau and hand, always in view from ROOMY columns on: below
        # the board, or from WIDE columns on above the decision panel (board.tcss)
        with BoardScroll(id="mine"):
            yield Drawn(id="minetext")
        with BoardScroll(id="decision"):
            yield Drawn(id="sidemine")
            # below ROOMY columns docked at the column's top: in view above the panel
            with PlacedVertical(id="sincebox"):
                yield Static(since_head(), id="sincehead")
                with BoardScroll(id="since"):
                    yield Drawn(id="sincetext")
                yield Drawn(id="last")
            with PanelBox(id="panelbox"):
                yield Drawn(id="note")
                yield CoachNote(id="coach")
        yield KeysFooter()

    focus_moved = False  # the focused widget just changed

    def validate_focused(self, widget: Widget | None) -> Widget | None:
        # A new focused widget (a decision panel of another kind) is drawn again, and so is
        # the one it took the keyboard from; Textual then repaints the whole screen as well,
        # a frame that costs as much as the answer's own: ``refresh`` leaves that one out.
        if widget is not self.focused:
            self.focus_moved = True
        return widget

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if self.focus_moved:
            self.focus_moved = False
            if repaint and not regions and not layout and not recompose:
                return self  # (see validate_focused)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    @on(PanelBox.Placed)
    def panel_placed(self) -> None:
        """A layout gave the panel box a new size (a new panel was placed, on a busy machine
        perhaps a layout after the first screen update): scroll it into view again while a
        decision panel is shown.  A scroll by the player is no layout and is left alone."""
        if self._panel_to_top:
            self._scroll_to_panel()

    def on_mount(self) -> None:
        self.set_layout(self.app.size.width)
        self.refresh_board()
        self.heap.start(self)

    def on_unmount(self) -> None:
        self.heap.stop()

    def touched(self) -> None:
        """Something on the board changed: no collection until it has been still again."""
        self.heap.touched()

    def on_resize(self, event: Resize) -> None:
        self.set_layout(event.size.width)
        self.pin_board()  # (its rows depend on the width and the height)
        self.resince()

    def set_layout(self, width: int) -> None:
        """From ROOMY columns on the decision panel stands beside the board and the player to
        move's own tableau and hand stay in view below it; from WIDE columns on every
        tableau is on the board too."""
        roomy, wide = width >= ROOMY, width >= WIDE
        # the board keeps the columns it has at 80×24; the panel takes the rest, up to PANEL_WIDE
        self.query_one("#decision").styles.width = \
            min(PANEL_WIDE, width - BOARD_WIDTH) if roomy else None
        if roomy != self.has_class("roomy") or wide != self.has_class("wide"):
            self.set_class(roomy, "roomy")
            self.set_class(wide, "wide")
            self.refresh_board()
            panel = self.panel()
            if isinstance(panel, CardChoice):
                panel.list_cards = self.list_cards()
                panel.update_text()
            self.resince()

    # -- rendering ---------------------------------------------------------------------------

    def _show(self, ident: str, draw: Callable[..., RenderableType], *args: Any,
              key: tuple[object, ...] | None = None) -> None:
        """Show ``draw(*args)`` in the part ``ident`` (a :class:`Drawn`), unless it already
        shows what equal arguments drew: an answer changes a few parts of the board, and
        drawing an unchanged part again would cost its render (and :meth:`Drawn.show` keeps
        what it shows when the new drawing is the same).  The board's drawing functions see
        nothing but their arguments (a view's log aside, which none of them reads: it changes
        at every answer and has its own widget).  ``key``, when given, stands for the arguments:
        all that the drawing reads of them, where that changes less often than the view."""
        if key is None:
            key = tuple(replace(a, log=()) if isinstance(a, View) else
                        tuple(a) if isinstance(a, list) else a for a in args)
        if self._drawn.get(ident) == key:
            return
        self._drawn[ident] = key
        self.query_one(f"#{ident}", Drawn).show(draw(*args))

    def refresh_board(self) -> None:
        session = self.game.session
        self.touched()
        cards = session.cards
        viewer = self.game.viewer
        view = session.view(viewer if viewer is not None else 0)
        seats = session.seats
        pending = session.pending
        current = pending.player if pending is not None else None
        self._show("status", status_line, cards, view, seats)
        self._show("tabsline", tabs_line, self.query_one(ContentSwitcher).current or "table")
        changed = self._changed = self.changes()
        self.query_one(TableView).show(self.board(view, current, changed))
        self.pin_board()
        # below ROOMY columns the player to move on the panel's top border, with their hand
        # when it may be shown (their numbers are in the players strip above).  From ROOMY
        # columns the panel has no top border (the own tableau is below the board): a title
        # set there would only have the whole column drawn again at every answer.
        brief: Text | str = ""
        if current is not None and not self.has_class("roomy"):
            brief = own_hand(cards, view, current, seats) if viewer == current else \
                Text(" ").append_text(seat_tag(seats[current])).append(" ")
        if brief != self._brief or type(brief) is not type(self._brief):
            self._brief = brief
            self.query_one("#decision").border_title = brief
        self.set_class(viewer is not None, "viewing")
        if viewer is not None and self.has_class("roomy"):
            # the viewer's own view: the only hand ever shown is theirs
            self._show("sidemine" if self.has_class("wide") else "minetext", tableau, cards, view,
                       viewer, seats, True, frozenset(), changed.covered)
        if self.query_one(ContentSwitcher).current == "tableaux":  # drawn when shown
            self.refresh_tableau()
        self.refresh_log()

    def pin_board(self) -> None:
        """Below ROOMY columns, while the board (m) is shown, it keeps the rows of the cards on
        offer, the tracks and the players, always in view (the notes and the legend below
        them scroll, PgDn); the decision column takes the rest (a long panel scrolls, ^↓).
        For a decision that chooses no card on offer (paying, feeding, a catastrophe) the
        cards step aside, so that its longer panel has their rows too.  The rows change
        seldom: cards whose names take one line, the notes or the legend pinned or not, a
        decision of another sort."""
        main = self.query_one("#main", ContentSwitcher)
        pinned = not self.has_class("roomy") and main.current == "table"
        table = self.query_one(TableView)
        cards = table.query_one("#offer")
        cards.display = not pinned or self._offer_needed
        rows: int | None = None
        if pinned:
            # the board's width less its padding and its scroll bar (board.tcss, BoardScroll)
            width = self.app.size.width - 3
            rows = table.rows_to_players(width, offer=cards.display)
            # the status line, the tabs line, the footer and the decision column's border;
            # then the notes under the players and the legend, each while it leaves the
            # decision column the rows it needs: its least, or the panel's and a line of the
            # summary above it
            left = self.app.size.height - 4 - rows
            for part, room in ((table.query_one("#notes", Drawn), NOTES_ROOM),
                               (self.query_one("#legend", Drawn), LEGEND_ROOM)):
                more = len(part.drawing().lines(part, width)) if part.display else 0
                if left - more < max(room, self._panel_need + 2):
                    break
                rows, left = rows + more, left - more
        if rows != self._pinned:
            self._pinned = rows
            self.set_class(pinned, "pinned")
            main.styles.height = rows if rows is not None else "1fr"
            panel = self.panel()
            if panel is not None:
                self.place_coach(panel)

    def need_panel(self, panel: DecisionPanel | None) -> None:
        """Note the rows ``panel`` (the next to be shown) takes below ROOMY columns, for
        :meth:`show_since`."""
        self._offer_needed = panel is None or isinstance(panel, CardChoice)
        if panel is None or self.has_class("roomy"):
            self._panel_need = 0
            return
        # (the panel's width: the column's, less its scroll bar and padding)
        self._panel_need = len(panel.text.wrap(self.app.console, self.app.size.width - 3))

    def list_cards(self) -> bool:
        """Whether the panel that chooses a card lists the cards on offer under the chosen
        one: not below ROOMY columns and CARD_LIST_ROWS rows, where the board shows them
        numbered in the rows the list would take."""
        return self.has_class("roomy") or self.app.size.height >= CARD_LIST_ROWS

    def changes(self) -> Changes:
        """What changed since the last turn of the player deciding at the panel (nothing while
        nobody is: a computer player's turn, the hand-off cover)."""
        session = self.game.session
        viewer = self.game.viewer
        pending = session.pending
        if pending is None or viewer != pending.player:
            return Changes()
        return changes_since_last_turn(session, viewer)

    def board(self, view: View, current: int | None, changed: Changes) -> Board:
        """What the board shows: the cards on offer that a click chooses, the chosen card in a
        double frame, what changed marked ✱; from WIDE columns on everybody else's tableau,
        side by side as far as the board's width allows."""
        session = self.game.session
        tableaux: tuple[Tableau, ...] = ()
        across = 0
        if self.has_class("wide"):
            viewer = self.game.viewer
            tableaux = tuple(Tableau(s, view) for s in view.order if s != viewer)
            across = max(1, (self.app.size.width - PANEL_WIDE - 6) // TABLEAU_WIDTH)
        return Board(session.cards, view, session.seats, current, click="screen.select_card",
                     chosen=self.chosen, changed=changed, tableaux=tableaux, across=across,
                     compact=not self.has_class("roomy"))

    def refresh_offer(self) -> None:
        """The cards on offer, as the board was last drawn but for the chosen card (a digit
        key: only the double frame moves); the screen is laid out again only when the cards'
        height changes (``Drawn.show``)."""
        session = self.game.session
        viewer = self.game.viewer
        view = session.view(viewer if viewer is not None else 0)
        pending = session.pending
        current = pending.player if pending is not None else None
        self.query_one(TableView).show_offer(self.board(view, current, self._changed))

    def refresh_tableau(self) -> None:
        session = self.game.session
        seat = self.tableau_seat % len(session.seats)
        viewer = self.game.viewer
        show_hand = viewer is not None and viewer == seat
        view = session.view(seat if show_hand else (viewer if viewer is not None else 0))
        self._show("tableau", one_tableau, session.cards, view, seat, session.seats, show_hand)

    def refresh_log(self) -> None:
        session = self.game.session
        log = self.query_one(RichLog)
        events = session.log
        if len(events) < self.logged:  # undo or a new game
            log.clear()
            self.logged = 0
        for ev in events[self.logged:]:
            log.write(log_line(ev, session.seats, session.cards))
        self.logged = len(events)
        self._show("last", last_events, tuple(events[-2:]), session.seats, session.cards)

    def rebuild_log(self) -> None:
        """Write the whole log again at the next refresh (after an undo, or in new colours)."""
        session = self.game.session
        self.logged = len(session.log) + 1

    def show_since(self, lines: Sequence[Line]) -> None:
        """What happened since the current player's last turn (instead of the last two events),
        or nothing: the newest first, paged with [ and ].  Below the pinned board (80×24) the
        head starts the first line, and the box takes the rows the decision panel leaves
        (:meth:`need_panel`), at least one."""
        since = self.query_one("#since", VerticalScroll)
        session = self.game.session
        pinned = self._pinned is not None
        if lines:
            text = summary_text(lines[::-1], session.seats)
            if pinned:
                text = Text().append(since_head_short(), style="bold").append(" ") \
                    .append_text(text)
            self.query_one("#sincetext", Drawn).show(text)
            # in a share of the screen's height (SINCE_SHARE): beside the board that share
            # whatever the number of lines, so the screen keeps its layout from one answer to
            # the next; below the board no more rows than lines
            layout = "wide" if self.has_class("wide") else \
                "roomy" if self.has_class("roomy") else "narrow"
            share = self.app.size.height // SINCE_SHARE[layout]
            rows = share if layout != "narrow" else max(3, share - 1)
            if pinned:
                assert self._pinned is not None
                # the rows below the pinned board less the status line, the tabs line, the
                # footer and the column's border, and those the panel's text takes; at least
                # the newest line's (after the head; the box's border, padding, scroll bar)
                left = self.app.size.height - self._pinned - 4 - self._panel_need
                newest = text.split("\n")[0].wrap(self.app.console, self.app.size.width - 4)
                rows = max(len(newest), min(rows, left))
            since.styles.max_height = rows
            self.fit_since()  # (its height: these rows beside the board, else its text's)
            since.scroll_home(animate=False)
        since.display = bool(lines)
        self.query_one("#sincehead").display = bool(lines) and not pinned
        # (below the pinned board the panel has their rows: the log has them, v)
        self.query_one("#last", Drawn).display = not lines and not pinned

    def fit_since(self) -> None:
        """The box of what happened since the last turn keeps its rows beside the board
        (:meth:`show_since`); while the coach's note takes rows of the same column, it shrinks
        to its text instead, so that the column does not scroll its text away and leave its
        empty rows in view."""
        since = self.query_one("#since", VerticalScroll)
        keep = (self.has_class("roomy") or self.has_class("wide")) and \
            not self.query_one(CoachNote).display
        since.styles.height = since.styles.max_height if keep else "auto"
        # (the text's least height, the box's, is only for a box that keeps its rows)
        self.query_one("#sincetext", Drawn).styles.min_height = None if keep else 0

    @on(CoachNote.Shown)
    def coach_shown(self, event: CoachNote.Shown) -> None:
        self.fit_since()
        coach = self.query_one(CoachNote)
        if event.shown and self._pinned is not None and coach.hint is None:
            # asked for (i) below the pinned board, where it stands below the panel: in view
            self._panel_to_top = False
            self.call_after_refresh(self.query_one("#decision", BoardScroll).scroll_to_widget,
                                    coach, animate=False, top=True)

    def show_step(self, step: Step) -> None:
        """Draw what the table needs now (``RunningGame.next_step``), once per answer, for
        whoever may look at it next: the end of the game, a computer player thinking, the board
        behind the hand-off cover, or a person's decision with what happened since their last
        turn (unless the cover told them)."""
        self.query_one(CoachNote).clear()  # its advice was for the decision before
        session = self.game.session
        self.need_panel(None)  # (a person's turn notes its panel's)
        match step:
            case GameOver():
                self.set_panel(None, _("The game is over. Press s for the scores."))
                self.refresh_board()
            case ComputerTurn(seat=seat):
                self.refresh_board()
                self.show_since([])
                who = session.seats[seat]
                self.set_panel(None, _("{player} (computer, {kind}) is thinking…").format(
                    player=f"{who.tag} {who.name}", kind=kind_name(who.kind)))
            case HandOff() | RoundOver():
                self.set_panel(None)
                self.refresh_board()
            case Waiting(seat=seat):
                self.refresh_board()
                who = session.seats[seat]
                self.set_panel(None, _("{player} is deciding…").format(
                    player=f"{who.tag} {who.name}"))
            case PersonTurn(seat=seat, told=told):
                pending = session.pending
                assert pending is not None
                self.show_turn(panel_for(session, pending),
                               [] if told else since_last_turn(session, seat))
            case _:
                assert_never(step)

    def show_turn(self, panel: DecisionPanel, since: Sequence[Line]) -> None:
        """The board for a player's decision: drawn with the card the panel suggests already
        highlighted (so the cards are drawn once), what happened since the player's last turn,
        and the panel."""
        self.chosen = panel.card if isinstance(panel, CardChoice) else None
        if isinstance(panel, CardChoice):
            panel.list_cards = self.list_cards()
        self.need_panel(panel)
        self.refresh_board()
        self.show_since(since)
        self.set_panel(panel)

    def set_panel(self, panel: DecisionPanel | None, note: str = "") -> None:
        """Show a decision panel (or none), with a one-line note above it.

        A panel of each kind, once mounted, stays in the panel box, hidden while another kind
        is shown: the next prompt of its kind renews it (``DecisionPanel.renew``).  A panel that
        was removed when another kind came lay the screen out a second time after the answer,
        in a screen update of its own."""
        box = self.query_one("#panelbox", PanelBox)
        self._panel_to_top = False  # (scroll_to_panel, when there is a panel)
        self._show("note", Text, note)  # it may name a player: text only
        self.query_one("#note", Drawn).display = bool(note)
        chosen = panel.card if isinstance(panel, CardChoice) else None
        if chosen != self.chosen:
            self.chosen = chosen
            self.refresh_offer()
        panels = list(box.query(DecisionPanel))
        shown = next((old for old in panels if type(old) is type(panel)), None) \
            if panel is not None else None
        if panel is not None and shown is not None:
            # a panel of this kind is in the box: it takes the new prompt
            if isinstance(shown, CardChoice):
                shown.list_cards = self.list_cards()
            shown.renew(panel)
            shown.display = True
        elif panel is not None:
            if isinstance(panel, CardChoice):
                # a digit key moves the highlight in the same screen update as the panel's text
                panel.on_card = self.card_chosen
            self._mounting.append(box.mount(panel))
            shown = panel
        if shown is not None:
            if self.focused is not shown:
                self._switched = True  # (panel_settled gives it the keyboard at once)
                shown.focus()
            self.place_coach(shown)
            self.scroll_to_panel()
        # the others are hidden after the new one has the keyboard, so the keys in the footer
        # do not change twice (a screen without a focused widget in between)
        for old in panels:
            if old is not shown:
                old.display = False

    def place_coach(self, panel: DecisionPanel) -> None:
        """The coach's note (a hint, the coach's pick) stands above the panel, but below the
        pinned board (80×24) after it: the column starts with the panel, the decision to
        make, and the note follows below it (^↓; when the player asks the coach, the column
        scrolls to it: :meth:`coach_shown`)."""
        box = self.query_one("#panelbox", PanelBox)
        coach = self.query_one(CoachNote)
        children = list(box.children)
        if panel not in children:
            return
        if self._pinned is not None:
            if children.index(coach) < children.index(panel):
                box.move_child(coach, after=panel)
        elif children.index(coach) > children.index(panel):
            box.move_child(coach, before=panel)

    async def panel_settled(self) -> None:
        """Wait until the panel :meth:`set_panel` showed is mounted and has the keyboard, with
        its keys in the footer, all in the answer's screen update."""
        switched, self._switched = self._switched, False
        if not self._mounting and not switched:
            return  # the panel on screen took the prompt (or there is none)
        while self._mounting:
            await self._mounting.pop(0)
        panel = self.panel()
        if panel is not None:
            self.set_focus(panel)  # now, not after the next screen update (Widget.focus)
        self.query_one(KeysFooter).update_keys()  # its keys, in the same frame

    async def relabel(self) -> None:
        """Draw everything again in the current language (it changed): what was written when
        the board was composed, then all that :meth:`restyle` draws, and the since-your-last-turn
        box."""
        self.query_one(TableView).relabel()
        self.query_one("#legend", Drawn).update(board_legend_line())
        self.query_one("#sincehead", Static).update(since_head())
        self.query_one(CoachNote).refresh(layout=True)
        self.restyle()
        self.resince()

    def resince(self) -> None:
        """Show the since-your-last-turn lines again, if shown (in a new language, or for a new
        layout)."""
        viewer = self.game.viewer
        if self.query_one("#since").display and viewer is not None:
            self.show_since(since_last_turn(self.game.session, viewer))

    def scroll_to_panel(self) -> None:
        """When the since-your-last-turn lines and the panel do not fit together, the panel
        goes to the top (the lines stay in the log, v): after the next screen update, and
        again after each layout while the panel is shown (a panel still being mounted at the
        first update, on a busy machine, is placed by a later layout)."""
        self._panel_to_top = True
        self.call_after_refresh(self._scroll_to_panel)

    def _scroll_to_panel(self) -> None:
        self.query_one("#decision", BoardScroll).scroll_to_widget(
            self.query_one("#panelbox"), animate=False, top=True)

    def restyle(self) -> None:
        """Redraw everything coloured (the theme changed): board, log, the open panel."""
        self.rebuild_log()
        self._drawn.clear()
        self.query_one(TableView).forget()
        self.refresh_board()
        panel = self.panel()
        if panel is not None:
            panel.update_text()

    def panel(self) -> DecisionPanel | None:
        """The decision panel shown (the others in the box are hidden: ``set_panel``)."""
        return next((panel for panel in self.query(DecisionPanel) if panel.display), None)

    # -- actions -----------------------------------------------------------------------------

    def action_select_card(self, card: str) -> None:
        """A card on the board was clicked: choose it in the decision panel."""
        choose_on_board(self.panel(), card)

    def action_scroll_main(self, pages: int) -> None:
        """PgUp/PgDn: scroll whatever the board shows (board, tableaux or log)."""
        shown = self.query_one(ContentSwitcher).visible_content
        if isinstance(shown, BoardScroll | BoardLog):
            if pages < 0:
                shown.scroll_page_up()
            else:
                shown.scroll_page_down()

    def action_scroll_decision(self, lines: int) -> None:
        """Ctrl+↑/↓: scroll the decision panel's column when it is longer than the screen has
        room for (the panel keeps the keyboard)."""
        self.query_one("#decision", BoardScroll).scroll_relative(y=lines * 3, animate=False)

    def action_page_since(self, pages: int) -> None:
        """[ and ]: page the since-your-last-turn lines (newer, older)."""
        since = self.query_one("#since", BoardScroll)
        if since.display:
            since.scroll_relative(y=pages * max(1, since.scrollable_content_region.height),
                                  animate=False)

    def action_legend(self) -> None:
        """?: show or hide the card legend below the board, remembered for the next games."""
        legend = self.query_one("#legend", Drawn)
        legend.display = not legend.display
        self.pin_board()
        self.resince()
        settings = self.papp.settings
        self.papp.remember(settings.model_copy(update={"legend": legend.display}))

    def action_show(self, which: str) -> None:
        self.query_one(ContentSwitcher).current = which
        self.refresh_board()
        self.resince()

    def action_tableaux(self) -> None:
        switcher = self.query_one(ContentSwitcher)
        session = self.game.session
        if switcher.current == "tableaux":
            self.tableau_seat = (self.tableau_seat + 1) % len(session.seats)
        else:
            viewer = self.game.viewer
            self.tableau_seat = viewer if viewer is not None else 0
            switcher.current = "tableaux"
        self.refresh_board()
        self.resince()

    def action_scores(self) -> None:
        session = self.game.session
        if session.over:
            self.app.push_screen(ScoringScreen(session.cards, session.scores, session.winners,
                                                 session.seats))

    def card_chosen(self, card: str | None) -> None:
        """The panel's choice moved: highlight the new card on the board."""
        if card != self.chosen:
            self.touched()
            self.chosen = card
            self.refresh_offer()  # a digit key: only the double frame moves


__all__ = ["BoardScreen"]
