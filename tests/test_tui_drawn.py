"""What keeps an answer quick, on Textual's and Rich's public API: the board's parts drawn once
(``tui/widgets/drawn.py``: a table is rendered once per width, an equal drawing changes nothing,
only a part whose height changes asks for a layout), the footer drawn again only when its keys
change, and full garbage collections held back until the board is still."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text
from support import settled
from textual.app import App, ComposeResult
from textual.widgets import Static

from peloponnes_tui.tui.widgets.drawn import Drawn, wrapped_lines

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from rich.console import ConsoleOptions, RenderResult


def wrapped(text: Text, width: int) -> Text:
    """The lines of ``drawn.wrapped_lines`` as one text that Rich is not to break again (every
    line fits): what the board's parts draw for a text, by Rich's own path."""
    out = Text("\n", justify=text.justify, overflow=text.overflow, no_wrap=True).join(
        wrapped_lines(Console(), text, width))
    out.style = text.style
    return out


class Counted:
    """A table of ``rows`` rows that counts how often it is rendered."""

    def __init__(self, rows: int, word: str = "cell") -> None:
        self.rows = rows
        self.word = word
        self.renders = 0

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        self.renders += 1
        t = Table(box=None, show_header=False)
        t.add_column()
        t.add_column()
        for r in range(self.rows):
            t.add_row(f"{self.word} {r}", str(r * r))
        yield t


class Parts(App[None]):
    def __init__(self, kind: type[Static | Drawn]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield self.kind(id="part")
        yield Static("below", id="below")


async def two_rows_shown(app: Parts, pilot: Any) -> Drawn:
    """The app's part, showing a table of two rows, laid out and drawn."""
    part = app.query_one("#part", Drawn)
    part.show(Counted(2))
    await settled(pilot)
    return part


def text_of(part: Drawn, y: int) -> str:
    return "".join(s.text for s in part.render_line(y))


async def test_a_table_is_rendered_once_for_its_height_and_its_lines():
    table = Counted(3)
    app = Parts(Drawn)
    async with app.run_test(size=(40, 12)) as pilot:
        part = app.query_one("#part", Drawn)
        part.show(table)
        await settled(pilot)
        await settled(pilot)
        assert part.size.height == 3  # laid out at the table's height ...
        assert "cell 2" in text_of(part, 2)  # ... and drawn
        assert table.renders == 1
    # a Static renders the same table for its height and again for its lines
    again = Counted(3)
    plain = Parts(Static)
    async with plain.run_test(size=(40, 12)) as pilot:
        plain.query_one("#part", Static).update(again)
        await settled(pilot)
        await settled(pilot)
        assert again.renders >= 2


async def test_an_equal_drawing_changes_nothing_and_another_one_is_shown():
    app = Parts(Drawn)
    async with app.run_test(size=(40, 12)) as pilot:
        part = app.query_one("#part", Drawn)
        part.show(Counted(3))
        await settled(pilot)
        shown = part.shown
        part.show(Counted(3))  # the same lines: the part keeps what it shows
        assert part.shown is shown
        part.show(Counted(3, word="card"))
        await settled(pilot)
        assert part.shown is not shown
        assert "card 1" in text_of(part, 1)
        part.show(Text("one line"))
        await settled(pilot)
        text = part.shown
        assert text.renderable == Text("one line")
        assert "one line" in text_of(part, 0)
        part.show(Text("one line"))
        assert part.shown is text
        part.show(Text("one line", style="bold"))  # the same characters in another style
        assert part.shown is not text


async def test_only_a_part_whose_height_changes_asks_for_a_layout(monkeypatch):
    """A part shown anew with as many lines as before is only drawn again; one that grows asks
    for a layout, and what is below it moves down."""
    asked: list[bool] = []
    original = Drawn.refresh

    def refresh(self: Drawn, *regions: Any, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Drawn:
        asked.append(layout)
        return original(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    app = Parts(Drawn)
    async with app.run_test(size=(40, 12)) as pilot:
        part = await two_rows_shown(app, pilot)
        monkeypatch.setattr(Drawn, "refresh", refresh)
        part.show(Counted(2, word="card"))  # the same height
        assert asked == [False]
        part.show(Counted(5))
        assert asked == [False, True]
        for _ in range(3):
            await settled(pilot)
        assert part.size.height == 5
        assert app.query_one("#below").region.y == 5


async def test_the_board_holds_full_collections_back_and_collects_when_still(monkeypatch):
    """While a board is shown, Python's full collections are ten times rarer and the board
    collects when nothing changed on it for TIDY_AFTER seconds; the thresholds come back
    when the app ends."""
    import gc

    from support import CARDS, PlayerSpec, session_from

    from peloponnes_tui.tui import heap as board_module
    from peloponnes_tui.tui.app import PeloponnesApp

    collections: list[int] = []
    original_collect = gc.collect

    def collect(generation: int = 2) -> int:
        collections.append(generation)
        return original_collect(generation)

    monkeypatch.setattr(board_module.gc, "collect", collect)
    monkeypatch.setattr(board_module, "TIDY_AFTER", 0.05)
    before = gc.get_threshold()
    app = PeloponnesApp(cards=CARDS, bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.set_session(session_from(PlayerSpec(civ="sparta", hand=["wood", "stone"]),
                                     PlayerSpec(civ="tegea", hand=["stone", "grain"])))
        await settled(pilot)
        board = app.board
        assert board is not None
        assert gc.get_threshold() == (before[0], before[1],
                                      before[2] * board_module.FULL_COLLECTIONS_HELD)
        collections.clear()
        board.refresh_board()  # something changed: one collection once the board is still
        await pilot.pause(0.3)
        assert collections == [2]
        await pilot.pause(0.3)  # nothing changed since: no other
        assert collections == [2]
    assert gc.get_threshold() == before


def test_full_collections_stay_held_while_any_board_holds_them():
    """A new game's board can be mounted before the old one is unmounted: the thresholds come
    back only when the last board lets go."""
    import gc

    from peloponnes_tui.tui.heap import FULL_COLLECTIONS_HELD, FullCollections

    before = gc.get_threshold()
    held = (before[0], before[1], before[2] * FULL_COLLECTIONS_HELD)
    hold = FullCollections()
    try:
        hold.hold()  # the old board
        hold.hold()  # the new one, mounted first
        assert gc.get_threshold() == held
        hold.release()  # the old one goes
        assert gc.get_threshold() == held
        hold.release()
        assert gc.get_threshold() == before
    finally:
        gc.set_threshold(*before)


@pytest.mark.parametrize(("own", "expected"), [(None, 240), ("30", 30)])
def test_the_app_draws_up_to_240_frames_a_second_unless_told_otherwise(own, expected):
    """An answer's frame waits for Textual's next slot: 1/240 s apart instead of 1/60 (a
    TEXTUAL_FPS of the user's own is kept)."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_FPS"}
    if own is not None:
        env["TEXTUAL_FPS"] = own
    out = subprocess.run(
        [sys.executable, "-c", "import peloponnes_tui.tui.app, textual.constants as c; "
                               "print(c.MAX_FPS)"],
        env=env, capture_output=True, text=True, check=True)
    assert int(out.stdout) == expected


def test_the_players_and_tracks_grids_and_the_tableau_draw_what_richs_table_draws():
    """``LineGrid`` (the players table, the catastrophe tracks) and ``TextColumns`` (a
    tableau's three columns) give the same lines, character by character and style by style,
    as the Rich ``Table`` they replace, at the board's widths and, by falling back to the
    Table, when they do not fit; over the positions of seeded random games, with the marks of
    what changed."""
    import random

    from rich.console import Console
    from rich.segment import Segment
    from rich.style import Style
    from support import CARDS

    from peloponnes_tui.bots.random_bot import RandomBot
    from peloponnes_tui.tui.render import TextColumns, players_table, tableau, tracks_table
    from peloponnes_tui.tui.session import Session, default_seats
    from peloponnes_tui.tui.summary import Changes

    console = Console(width=80, color_system="truecolor", force_terminal=True)

    def lines(renderable: object, width: int) -> list[list[Segment]]:
        out = console.render_lines(renderable, console.options.update_width(width), pad=False)
        return [list(Segment.simplify(Segment(s.text, s.style or Style()) for s in line))
                for line in out]

    compared = 0
    for seed, players in ((1, 2), (2, 3), (3, 5)):
        session = Session.new(default_seats(players, humans=players), seed, CARDS, privacy=False)
        rng = random.Random(seed)
        while session.pending is not None:  # the whole game
            seat = session.pending.player
            view = session.view(seat)
            moved = Changes(tracks=frozenset(t.catastrophe for t in view.tracks[::2]))
            for grid in (players_table(CARDS, view, session.seats, seat),
                         tracks_table(CARDS, view, session.seats, moved)):
                for width in (78, 30):
                    assert lines(grid, width) == lines(grid.table(), width)
                    compared += 1
            shown = tableau(CARDS, view, seat, session.seats, True, frozenset(), moved.covered)
            columns = next(p for p in shown.renderables if isinstance(p, TextColumns))
            for width in (118, 77, 40, 9, 8):  # (below 9 columns: Rich's Table itself)
                assert lines(columns, width) == lines(columns.table(), width), width
                compared += 1
            bot = RandomBot(CARDS, seed=rng.randrange(10**6))
            session.answer(bot.decide(session.pending, session.view(seat)))
    assert compared > 1500


@asynccontextmanager
async def people_at_the_board(players: int, seed: int, size: tuple[int, int], lang: str = "en"
                              ) -> AsyncIterator[tuple[Any, Any, Any]]:
    """A new game of ``players`` people on one keyboard (no hand-off cover), its board shown at
    ``size`` in ``lang``: (pilot, app, board)."""
    from support import CARDS

    from peloponnes_tui.tui.app import PeloponnesApp
    from peloponnes_tui.tui.session import Session, default_seats

    session = Session.new(default_seats(players, humans=players), seed, CARDS, privacy=False)
    app = PeloponnesApp(cards=CARDS, bot_pause=0, lang=lang)
    async with app.run_test(size=size) as pilot:
        app.set_session(session)
        await settled(pilot)
        board = app.board
        assert board is not None
        yield pilot, app, board


async def test_a_footer_too_short_for_its_keys_leaves_the_last_out_whole():
    """German at 80×24, where a catastrophe's keys do not all fit: the footer shows the keys
    from the first, each with its word, and leaves out those that do not fit whole (it cut the
    last to "i", a key cap without its word); the palette's key stays at the right end."""
    from support import answer_by_keys, screen_text

    from peloponnes_tui.tui.widgets.footer import KeysFooter

    short = 0
    async with people_at_the_board(3, 3, (80, 24), "de") as (pilot, app, board):
        footer = board.query_one(KeysFooter)
        for _ in range(40):
            panel = board.panel()
            assert panel is not None
            await settled(pilot)
            line = screen_text(app).splitlines()[-1]
            assert line.rstrip().endswith("^p Befehle")
            left = line[:line.index("▏")]
            whole, shown = "", 0
            for key in footer.keys:  # a prefix of the keys, each whole
                text = f" {key.display} {key.description} "
                if not left.startswith((whole + text).rstrip()):
                    break
                whole, shown = whole + text, shown + 1
            assert left.rstrip() == whole.rstrip(), (left, whole)
            short += shown < len(footer.keys)
            await answer_by_keys(pilot, panel)
    assert short  # some decision had more keys than the line could hold


async def test_the_footer_shows_each_panels_keys_and_is_drawn_again_only_when_they_change():
    """Five people at 120×40 through the first decisions of a game: at every decision the
    footer's last line shows each key the panel and the board offer, in order, with the
    command palette's key at its right end; the footer is drawn again only when its keys
    changed."""
    from support import answer_by_keys, screen_text

    from peloponnes_tui.tui.widgets.footer import KeysFooter

    kinds, changes, drawings, covered = set(), 0, 0, 0
    async with people_at_the_board(5, 3, (120, 30)) as (pilot, app, board):
        footer = board.query_one(KeysFooter)
        drawn = footer.draw

        def counted(width: int) -> Any:
            nonlocal drawings
            drawings += 1
            return drawn(width)

        footer.draw = counted  # type: ignore[method-assign]
        before = footer.keys
        for _ in range(45):
            panel = board.panel()
            assert panel is not None
            await settled(pilot)
            line = screen_text(app).splitlines()[-1]
            keys = [(k.display, k.description) for k in footer.keys]
            assert ("⏎", "Confirm") in keys and ("q", "Quit") in keys
            at = 0
            for display, description in keys:  # each key, in order
                at = line.index(f" {display} {description} ", at) + 1
            assert line.rstrip().endswith("^p palette")
            if footer.keys != before:
                changes, before = changes + 1, footer.keys
            kinds.add(type(panel).__name__)
            if await answer_by_keys(pilot, panel):
                covered += 1  # the board came back from a round's end: all of it is drawn
    assert len(kinds) >= 3 and changes >= 2  # the panels had different keys
    assert drawings <= changes + covered + 1  # (the first drawing after the counting began)


@pytest.mark.parametrize(("size", "titled"), [((80, 24), True), ((120, 40), False)])
async def test_the_decision_column_is_titled_with_the_player_only_where_it_has_a_top_border(
        size: tuple[int, int], titled: bool) -> None:
    """At 80×24 the decision column's top border names the player to move with their hand
    (their numbers are in the players strip above it); from 120 columns the column has no top
    border, and an answer leaves its title (and so the column's drawing) alone."""
    from support import answer_by_keys

    from peloponnes_tui.tui.render import hand_summary

    async with people_at_the_board(3, 5, size) as (pilot, app, board):
        session = app.session
        assert session is not None
        decision = board.query_one("#decision")
        for _ in range(4):
            panel = board.panel()
            assert panel is not None
            current = panel.prompt.player
            title = decision.border_title
            if titled:
                seat = session.seats[current]
                hand = hand_summary(session.cards, session.view(current).hand, " ").plain
                brief = f"{seat.tag} Hand: {hand}"
                assert title is not None and Text.from_markup(str(title)).plain.strip() == brief
            else:
                assert not title
            await answer_by_keys(pilot, panel)
            await settled(pilot)


async def test_the_board_survives_a_resize_while_its_scroll_bars_change():
    """A resize lays the screen out while its scroll bars get new numbers: the bars are drawn in
    that frame from the finished layout (a bar that looked its place up while the widgets were
    still being placed once left the frame with an old map, and the app crashed)."""
    from support import answer_by_keys, screen_text

    async with people_at_the_board(3, 3, (120, 40)) as (pilot, app, board):
        for size in ((80, 24), (120, 40), (200, 60), (80, 24), (100, 30), (160, 50)):
            await pilot.resize_terminal(*size)
            await settled(pilot)
            panel = board.panel()
            assert panel is not None and app.screen is board
            assert len(screen_text(app).splitlines()) == size[1]
            await answer_by_keys(pilot, panel)
            await settled(pilot)


async def test_a_drawn_part_draws_what_textual_draws_for_its_renderable():
    """``Drawing.draw`` combines each distinct style with the part's own once; its lines are
    the ones Textual draws for the same renderable in the same widget (``Visual.to_strips``
    of a ``RichVisual``: the text, the style with its meta and the link style on click
    actions, control), for every part of the board and the decision panel at every decision of
    40 at 120×40 (the cards with their clicks, the tables, the texts) and 12 at 80×24.  Text is
    first broken into lines as Textual breaks it (:func:`wrapped`), and reads as Textual's own
    path for text draws it."""
    from support import answer_by_keys
    from textual.visual import RichVisual, Visual, visualize

    from peloponnes_tui.tui.widgets.drawn import LinesWidget

    compared: set[str] = set()
    for size in ((120, 40), (80, 24)):
        async with people_at_the_board(5, 3, size) as (pilot, _app, board):
            for _ in range(40 if size == (120, 40) else 12):
                await settled(pilot)
                panel = board.panel()
                assert panel is not None
                for part in [*board.query(Drawn), panel]:
                    assert isinstance(part, LinesWidget)
                    width = part.content_size.width
                    if not width:
                        continue
                    shown = part.drawing()
                    style = part.visual_style
                    ours = shown.draw(part, width, style.rich_style)
                    drawn = shown.renderable
                    if isinstance(drawn, Text):
                        textuals = Visual.to_strips(part, visualize(part, drawn), width, None,
                                                    style)
                        assert [s.text for s in ours] == [s.text for s in textuals], part.id
                        drawn = wrapped(drawn, width)
                    richs = Visual.to_strips(part, RichVisual(part, drawn), width, None, style)
                    assert [list(s) for s in ours] == [list(s) for s in richs], part.id
                    compared.add(str(part.id or "panel"))
                await answer_by_keys(pilot, panel)
    assert {"offer", "tracks", "players", "status", "sincetext", "minetext", "panel"} <= compared


def test_text_is_broken_into_lines_as_textual_breaks_it():
    """At a break between words the line loses its trailing spaces (Rich keeps them: a key's
    cap in reverse video would leave a lone light cell at the line's end); a line's own
    trailing spaces, blank lines, a word longer than the width and the styles stay."""
    from rich.style import Style
    from textual.content import Content


    text = Text("Coin cards: ", style="bold")
    text.append(" a ", style="reverse")
    text.append(" Wood ×1 ")
    text.append(" c ", style="reverse")
    text.append(" Stone\n\nKornspeicherverwaltung ends \n")
    lines = wrapped(text, 12).split("\n", allow_blank=True)
    assert [line.plain for line in lines] == [
        "Coin cards:", "a  Wood ×1", "c  Stone", "", "Kornspeicher", "verwaltung", "ends ", ""]
    assert [line.plain for line in lines] == \
        [line.plain for line in Content.from_rich_text(text).wrap(12)]
    assert all(line.style == "bold" for line in lines)
    assert lines[1].get_style_at_offset(Console(), 0) == Style.parse("bold reverse")
    assert lines[1].get_style_at_offset(Console(), 4) == Style.parse("bold")


@pytest.mark.parametrize("justify", [None, "default", "left"])
def test_text_broken_into_lines_is_drawn_as_rich_draws_it(justify: Any) -> None:
    """``wrapped_segments`` draws what Rich draws for the broken text (``wrapped``), segment by
    segment, line by line: styles across lines, tabs, blank lines, a line padded to the width
    when the text is left-justified, and the text's own style."""
    from rich.segment import Segment

    from peloponnes_tui.tui.widgets.drawn import wrapped_segments

    console = Console(width=14, color_system="truecolor")
    text = Text("Coin cards:\t", style="italic", justify=justify)
    text.append(" a ", style="reverse")
    text.append(" Wood ×1 and the", style="bold red")
    text.append(" rest\n\nKornspeicherverwaltung ends \nlast", style="on blue")
    for width in (5, 12, 14):
        ours = list(Segment.split_and_crop_lines(
            wrapped_segments(console, text.copy(), width), width, include_new_lines=False,
            pad=False))
        richs = console.render_lines(wrapped(text.copy(), width),
                                     console.options.update_width(width), pad=False)
        assert ours == richs, width
        assert len(ours) > 4


async def test_a_layout_while_a_panel_is_shown_scrolls_it_back_into_view():
    """Beside the board (from 120 columns) the summary and the panel share the column; the
    panel is scrolled to its top after the screen update that shows it and again after every
    layout that gives it a new size while it is shown (on a busy machine a panel still being
    mounted at that first update is placed by a later layout, and was left below the fold); a
    scroll by the player, or a layout that leaves the panel as it was, leaves it where the
    player put it.  (Below 120 columns the summary is docked above the panel, which is always
    at the top of what scrolls.)"""
    from support import answer_by_keys, settled

    from peloponnes_tui.tui.widgets.board_scroll import BoardScroll

    def in_view(board: Any, panel: Any) -> bool:
        geometry = board.find_widget(panel)
        return bool(geometry.clip.contains_region(geometry.region))

    async with people_at_the_board(5, 3, (120, 30)) as (pilot, _app, board):
        decision = board.query_one("#decision", BoardScroll)
        away = 0
        for _ in range(40):  # among them decisions whose summary and panel do not fit together
            await settled(pilot)
            panel = board.panel()
            if panel is None:  # the game is over
                break
            assert in_view(board, panel)
            decision.scroll_home(animate=False)
            await settled(pilot)
            if not in_view(board, panel):  # scrolled away by the player: it stays there ...
                away += 1
                board.refresh(layout=True)
                await settled(pilot)
                assert not in_view(board, panel)
                # ... until a layout gives the panel a new size (as the layout that places a
                # panel still being mounted does)
                panel.styles.min_height = panel.size.height + 1
                await settled(pilot)
                assert in_view(board, panel)
            await answer_by_keys(pilot, panel)
        assert away >= 2


async def test_a_part_resized_by_a_layout_asks_for_no_second_layout(monkeypatch):
    """A part that grows asks for one layout; the layout gives it and the parts around it new
    sizes, and Textual sets their virtual size, which would ask for a second layout of the
    screen: ``PlacedByLayout`` leaves that request out (Textual's public ``validate_`` hook
    and ``refresh``), and only that one.  This fails if a Textual release stops calling the
    hook or asks for the layout another way."""
    from textual.widget import Widget

    from peloponnes_tui.tui.widgets.placed import PlacedByLayout

    asked: list[str] = []
    skipped: list[str] = []
    original = Widget.refresh
    ours = PlacedByLayout.refresh

    def refresh(self: Widget, *regions: Any, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Widget:
        if layout and isinstance(self, PlacedByLayout):
            asked.append(str(self.id))
        return original(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    def counted(self: PlacedByLayout, *regions: Any, repaint: bool = True,
                layout: bool = False, recompose: bool = False) -> PlacedByLayout:
        before = len(asked)
        out = ours(self, *regions, repaint=repaint, layout=layout, recompose=recompose)
        if layout and len(asked) == before:
            skipped.append(str(self.id))
        return out

    app = Parts(Drawn)
    async with app.run_test(size=(40, 12)) as pilot:
        part = await two_rows_shown(app, pilot)
        monkeypatch.setattr(Widget, "refresh", refresh)
        monkeypatch.setattr(PlacedByLayout, "refresh", counted)
        part.show(Counted(5))
        for _ in range(4):
            await settled(pilot)
        assert part.size.height == 5 and app.query_one("#below").region.y == 5
        assert asked == ["part"]  # the part's own request, and no second one
        assert skipped == ["part"]  # the one its new size would have made


async def test_a_panel_of_another_kind_taking_the_keyboard_repaints_no_whole_screen(
        monkeypatch):
    """When a decision panel of another kind takes the keyboard, the two panels are drawn
    again and the footer's keys change, but the board screen is not repainted as a whole
    (Textual repaints a screen whose focused widget changed: ``BoardScreen.validate_focused``
    leaves that out); the whole screen is still repainted when something else asks."""
    from support import answer_by_keys
    from textual.screen import Screen

    whole: list[int] = []
    original = Screen.refresh

    async with people_at_the_board(5, 3, (120, 30)) as (pilot, _app, board):
        def refresh(self: Screen[Any], *regions: Any, repaint: bool = True,
                    layout: bool = False, recompose: bool = False) -> Screen[Any]:
            if self is board and repaint and not regions and not layout:
                whole.append(1)  # (BoardScreen.refresh let it through)
            return original(self, *regions, repaint=repaint, layout=layout,
                            recompose=recompose)

        kinds = set()
        changes = 0
        monkeypatch.setattr(Screen, "refresh", refresh)
        for _ in range(30):
            panel = board.panel()
            assert panel is not None
            kind = type(panel)
            if await answer_by_keys(pilot, panel):
                whole.clear()  # the board came back from a round's end: all of it is drawn
            await settled(pilot)
            now = board.panel()
            if now is not None and type(now) is not kind:
                changes += 1
                kinds.add(type(now).__name__)
                assert board.focused is now
        assert changes >= 3 and len(kinds) >= 2
        assert whole == []
        board.refresh()
        assert whole == [1]
