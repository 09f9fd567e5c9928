"""The Textual app: hot-seat play of the Peloponnes Card Game.

The app holds no rule logic.  It shows a player's view (``session.view(...)``), offers a panel for
the pending prompt, and passes the answer to the engine (via :class:`Session`), showing the
engine's reason whenever it refuses.
"""

from __future__ import annotations

import asyncio
import io
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar, assert_never

from textual.app import SystemCommand
from textual.events import Resize
from textual.screen import Screen
from textual.theme import Theme
from textual.timer import Timer

from peloponnes_tui.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    _,
    language,
    language_in_words,
    set_language,
)
from peloponnes_tui.settings_file import first_look
from peloponnes_tui.tui.colours import follow_theme
from peloponnes_tui.tui.compat import run_guarded
from peloponnes_tui.tui.palette import PaletteApp, textual_commands
from peloponnes_tui.tui.screens.message import MessageScreen
from peloponnes_tui.tui.screens.start import StartScreen
from peloponnes_tui.tui.screens.too_small import TooSmallScreen
from peloponnes_tui.tui.session import (
    DEFAULT_PAUSE,
    AutosaveLock,
    LockHolder,
    Seat,
    Session,
    autosave_path,
    clean_stale_temp_files,
    own_autosave_path,
    saves_dir,
)
from peloponnes_tui.web_page import in_web_session

# The board, the decision panels, the engine and the card data (pydantic, YAML) are imported when
# a game starts: the start screen needs none of them, so the app comes up sooner.
if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from peloponnes_tui.bots.coach import Coach
    from peloponnes_tui.cards import CardSet
    from peloponnes_tui.demo.scenario import Scenario
    from peloponnes_tui.engine import Answer, AnyPrompt, View
    from peloponnes_tui.settings import Settings
    from peloponnes_tui.tui.running import RunningGame
    from peloponnes_tui.tui.screens.board import BoardScreen
    from peloponnes_tui.tui.screens.new_game import NewGameScreen
    from peloponnes_tui.tui.widgets.coach_note import Advised, CoachNote
    from peloponnes_tui.tui.widgets.panel import Decided

MIN_WIDTH, MIN_HEIGHT = 80, 24
PAUSE_ENV = "PELOPONNES_BOT_PAUSE"
# seconds after the start before the whole settings file is checked (``check_settings``)
SETTINGS_CHECK_DELAY = 0.3
# seconds after the end of a round is shown before the board behind it is drawn for the next
# decision (show_round_over): after the screen has come up, well before anyone has read it
PREPARE_AFTER = 0.1


def make_coach(cards: CardSet, seed: int) -> Coach:
    """The coach the app asks (tests give the app one that plays fewer playouts)."""
    from peloponnes_tui.bots.coach import Coach

    return Coach(cards, seed)


class PeloponnesApp(PaletteApp):
    TITLE = "Peloponnes"
    # The stylesheets of the screens that come up over a game are read with the app's: a
    # screen's own CSS_PATH read when it first comes up has Textual parse every stylesheet again
    # and restyle every widget of the board (some 50 ms at the first hand-off or round's end).
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        "app.tcss", "screens/handoff.tcss", "screens/round_over.tcss"]

    def __init__(self, cards: CardSet | None = None, cards_path: str | None = None,
                 resume: bool = False, bot_pause: float | None = None,
                 lang: str | None = None) -> None:
        """``lang``: the language asked for on the command line (``--lang``), which wins for this
        run over the one remembered in the settings (and that over the environment's)."""
        super().__init__()
        self._cards = cards
        self.cards_path = cards_path
        self.start_resume = resume
        self.start_first = False  # start the course's first game (``peloponnes learn``)
        self.first_game_seed: int | None = None  # its seed (None: a fresh one; tests fix it)
        # The pause before each computer move is the game's setting (New game screen, kept in
        # the save); ``bot_pause`` or PELOPONNES_BOT_PAUSE override it (tests, the bench).
        if bot_pause is None and os.environ.get(PAUSE_ENV):
            try:
                bot_pause = float(os.environ[PAUSE_ENV])
            except ValueError:
                bot_pause = None
        self.pause_override = None if bot_pause is None else max(0.0, bot_pause)
        # the settings' language and theme now; the whole file is checked once the first
        # screen is up (check_settings), or when a setting is first needed (``settings``)
        self.first_look = first_look()
        self.loaded_settings: Settings | None = None
        self.settings_notice: str | None = None
        if lang in LANGUAGES:
            set_language(lang)
        elif self.first_look.language is not None:
            set_language(self.first_look.language)
        self.chosen_pause: float | None = None  # the pause of the game played last
        self.game: RunningGame | None = None  # the game this window plays
        self._gen = 0  # bumps when the session changes, so stale bot timers do nothing
        self._bot_timer: Timer | None = None
        # This window's game autosaves to autosave.json while it holds the lock on it, else to
        # a file of its own (another window owns autosave.json); see docs/reliability.md.
        self.autosave_lock: AutosaveLock | None = None
        self.coach_factory: Callable[[CardSet, int], Coach] = make_coach

    @property
    def session(self) -> Session | None:
        """The session of the game this window plays (None before the first)."""
        return self.game.session if self.game is not None else None

    @property
    def viewer(self) -> int | None:
        """The seat whose hand may be shown now."""
        return self.game.viewer if self.game is not None else None

    @property
    def autosave_to(self) -> Path:
        """Where the game this window plays autosaves."""
        return self.game.autosave_to if self.game is not None else autosave_path()

    @property
    def bot_pause(self) -> float:
        """Seconds before each computer move: the override, else the game's setting."""
        if self.pause_override is not None:
            return self.pause_override
        return self.session.bot_pause if self.session is not None else self.last_pause

    @property
    def cards(self) -> CardSet:
        """The card data, loaded when first needed."""
        if self._cards is None:
            from peloponnes_tui.cards import load_cards

            self._cards = load_cards(self.cards_path)
        return self._cards

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """A notification, as plain text by default: they quote names, paths and values from
        files, which must never be read as markup (a name like ``[@click=app.quit]`` would be
        an action)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # -- lifecycle ---------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The player's settings, the whole file checked (when first asked: see
        ``settings_file``); a file that had to be ignored is said once (``settings_notice``)."""
        if self.loaded_settings is None:
            from peloponnes_tui.settings import load_settings

            self.loaded_settings, self.settings_notice = load_settings()
            if self.settings_notice and self.is_running:
                self.notify(self.settings_notice, severity="warning")
        return self.loaded_settings

    @property
    def last_pause(self) -> float:
        """The pause the New game screen offers first: the last game's, else the settings'."""
        return self.chosen_pause if self.chosen_pause is not None else self.settings.pause

    def check_settings(self) -> None:
        """Check the whole settings file now that the first screen is up (``settings``)."""
        self.settings  # noqa: B018 (loads and checks them, and says if they were ignored)

    def remember(self, settings: Settings) -> None:
        """Keep ``settings`` for the next launch (a failure to write is only reported)."""
        from peloponnes_tui.settings import save_settings

        self.loaded_settings = settings
        try:
            save_settings(settings)
        except OSError as exc:
            self.notify(_("Settings not saved: {error}").format(error=exc), severity="warning")

    def on_mount(self) -> None:
        clean_stale_temp_files()
        if self.first_look.theme in self.available_themes:
            self.theme = self.first_look.theme
        follow_theme(self, self.theme_changed)
        self.push_screen(StartScreen())
        # pydantic takes ~0.1 s to import: not before the first screen is drawn and shown
        self.set_timer(SETTINGS_CHECK_DELAY, self.check_settings)
        if self.start_resume:
            self.call_after_refresh(self.resume)
        elif self.start_first:
            self.call_after_refresh(self.start_first_game)
        self.check_size(self.size.width, self.size.height)

    def theme_changed(self, theme: Theme) -> None:
        """Keep the theme for the next launch and redraw what uses the colours (the palette
        has followed the theme already: ``follow_theme``)."""
        if self.loaded_settings is None and theme.name == self.first_look.theme:
            pass  # the remembered theme, set at the start: nothing new to remember
        elif theme.name != self.settings.theme:
            self.remember(self.settings.model_copy(update={"theme": theme.name}))
        for screen in self.screen_stack:
            restyle = getattr(screen, "restyle", None)
            if restyle is not None:
                restyle()

    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen_stack[-1] if self.screen_stack else None
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand(_("New game"), _("Set up and start a new game"),
                            self.action_new_game)
        if self.person_deciding():
            yield SystemCommand(_("Ask the coach"),
                                _("What the strongest computer player would do in your decision, "
                                  "and why"), self.action_coach)
        if self.session is not None:
            yield SystemCommand(_("Save game"), _("Save this game to a file"),
                                self.action_save_game)
            yield SystemCommand(_("Undo"), _("Take back your last choice (if nobody has seen it)"),
                                self.action_undo)
            yield SystemCommand(_("Log"), _("Show the game log"), self.action_log)
        yield SystemCommand(_("Load game"), _("Load a saved game"), self.action_load_game)
        yield SystemCommand(_("Help"), _("Keys and the rules for the current phase"),
                            self.action_help)
        other = next(lang for lang in LANGUAGES if lang != language())
        # in both languages, so that it is found by whoever reads only one of them
        yield SystemCommand(f"Language / Sprache: {LANGUAGE_NAMES[other]}",
                            _("Show the app in {language}").format(
                                language=language_in_words(other)),
                            lambda: self.switch_language(other))
        if self.game is None or self.game.unsaved is None:
            yield SystemCommand(_("Quit"), _("Quit Peloponnes (the game is autosaved)"),
                                self.action_quit_app)
        else:
            yield SystemCommand(_("Quit"), _("Quit Peloponnes (the autosave failed: you can "
                                             "save the game elsewhere first)"),
                                self.action_quit_app)
        yield from textual_commands(self, screen)

    # -- language ----------------------------------------------------------------------------

    def switch_language(self, lang: str) -> None:
        """Show the app in ``lang`` from now on, remember it for the next launch, and redraw
        every screen in it at once."""
        if lang not in LANGUAGES:
            return
        if set_language(lang) != lang:  # its catalog cannot be read: English stays
            self.notify(_("The texts for the language '{language}' cannot be read; the app "
                          "stays in English. Reinstall the program to repair them.").format(
                              language=lang), severity="error")
            return
        if self.settings.language != lang:
            self.remember(self.settings.model_copy(update={"language": lang}))
        self.call_later(self.relabel_screens)

    async def relabel_screens(self) -> None:
        """Draw every screen of the app again in the current language: a screen with a
        ``relabel`` method (one with state to keep) does it itself, any other is composed
        again. Textual's own screens (the command palette) are left alone."""
        for screen in list(self.screen_stack):
            if not type(screen).__module__.startswith("peloponnes_tui."):
                continue
            relabel = getattr(screen, "relabel", None)
            if relabel is not None:
                await relabel()
            else:
                await screen.recompose()
            screen.refresh_bindings()  # the footer's keys in the new language

    # -- sessions ----------------------------------------------------------------------------

    def start_new(self, seats: list[Seat], seed: int, privacy: bool = True,
                  bot_pause: float = DEFAULT_PAUSE, coach: bool = True, hints: bool = False,
                  lesson: str | None = None) -> None:
        session = Session.new(seats, seed, self.cards, privacy, bot_pause=bot_pause,
                              coach=coach, hints=hints, lesson=lesson)
        holder = self.claim_autosave()
        self.set_session(session)
        self.autosave_here(holder)

    def start_first_game(self, seed: int | None = None) -> None:
        """The course's first game: the player (their name and colour from the New game
        screen's first seat) against two beginner computer players, rounds 1-8 with hints on;
        a fresh seed unless ``seed`` is given.  It autosaves like any game; a note says what
        comes."""
        import random

        from peloponnes_tui.learn.progress import FIRST_GAME

        first = self.settings.seats[0]
        others = [s for s in self.settings.seats[1:] if s.colour != first.colour]
        seats = [Seat(first.name, first.colour)] + [
            Seat(s.name, s.colour, "beginner") for s in others[:2]]
        seed = self.first_game_seed if seed is None else seed
        self.start_new(seats, random.randrange(1, 1_000_000) if seed is None else seed,
                       privacy=True, bot_pause=self.settings.pause, coach=True, hints=True,
                       lesson=FIRST_GAME)
        self.push_screen(MessageScreen(
            _("Your first game"),
            _("You play a whole game, rounds 1 to 8, against two beginner computer players "
              "({names}).\n\nAt each of your decisions a hint with the panel says what the "
              "decision is about and what the coach would pick, and why (on a small screen "
              "it follows the panel: Ctrl+↓ shows it). Press i to choose "
              "the coach's pick, or choose anything else: you always confirm with Enter "
              "yourself.\n\nh shows the keys and the rules of the part of the round you are in; "
              "Ctrl+Z takes back your last choice if nothing happened after it. The game "
              "is autosaved after every answer. At the end the scoring is explained line by "
              "line.").format(names=_(" and ").join(s.name for s in seats[1:]))))

    def on_new_game_screen_start(self, event: NewGameScreen.Start) -> None:
        """The New game screen's choice: remember the form (and one game more) and start the
        game."""
        now = self.settings
        self.remember(event.settings.model_copy(update={"games": now.games + 1,
                                                        "legend": now.legend}))
        self.start_new(event.seats, event.seed, event.privacy, bot_pause=event.pause,
                       coach=event.coach)

    def on_course_screen_first_game(self) -> None:
        """The course's last entry: its first game."""
        self.start_first_game()

    def on_new_game_screen_language_chosen(self, event: NewGameScreen.LanguageChosen) -> None:
        self.switch_language(event.language)

    def action_resume(self) -> None:
        """Resume the autosaved game (the start screen's key)."""
        self.resume()

    # -- who owns the autosave ---------------------------------------------------------------

    def claim_autosave(self) -> LockHolder | None:
        """Take the autosave for this window: None when it is ours (or no lock file can be
        made: then writing the autosave fails too, and says so), else the window holding it."""
        if self.autosave_lock is not None and self.autosave_lock.held:
            return None
        try:
            got = AutosaveLock.acquire()
        except OSError:
            return None
        if isinstance(got, LockHolder):
            return got
        self.autosave_lock = got
        return None

    def release_autosave(self) -> None:
        if self.autosave_lock is not None:
            self.autosave_lock.release()
            self.autosave_lock = None

    def autosave_here(self, holder: LockHolder | None) -> None:
        """Autosave the new session: to autosave.json, or to a file of its own when
        ``holder`` (another window) owns autosave.json, telling the player so."""
        if self.game is None:
            return
        self.game.autosave_to = autosave_path() if holder is None else own_autosave_path()
        self.autosave()
        if holder is not None:
            self.notify(_("Another window owns the autosaved game ({holder}). This game is "
                          "autosaved to {path}: Load lists it.").format(
                              holder=holder.describe(), path=self.autosave_to),
                        title=_("Autosaved to its own file"), severity="warning", timeout=12)

    def held_elsewhere(self, holder: LockHolder) -> None:
        """Tell the player that the autosaved game is open in another window."""
        self.push_screen(MessageScreen(
            _("The autosaved game is open in another window"),
            _("It is being played in {holder}, which saves every answer to it.\n"
              "Quit that window (the game stays saved) and resume it here, or start a new game "
              "here: it is autosaved to a file of its own, which Load lists.").format(
                  holder=holder.describe())))

    def on_unmount(self) -> None:
        self.release_autosave()

    def on_crash(self) -> None:
        if self.game is not None:
            self.game.stopped = True  # the game may be half-changed: no more autosaves
        self._gen += 1  # no bot timer or worker answer acts any more
        if self._bot_timer is not None:
            self._bot_timer.stop()

    def crash_note(self) -> str:
        if self.session is None:
            return ""
        if self.game is not None and self.game.unsaved is not None:
            return _("your game could not be autosaved ({error})").format(
                error=self.game.unsaved)
        if self.autosave_to == autosave_path():
            return _("your game is autosaved up to the last answer: continue with "
                     "`peloponnes --resume`")
        return _("your game is autosaved up to the last answer in {path}").format(
            path=self.autosave_to)

    def set_session(self, session: Session) -> None:
        from peloponnes_tui.tui.running import RunningGame

        self._gen += 1
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        self.game = RunningGame(session, autosave_path())
        self.chosen_pause = session.bot_pause
        while len(self.screen_stack) > 1:
            self.pop_screen()
        from peloponnes_tui.tui.screens.board import BoardScreen

        mounted = self.push_screen(BoardScreen(self.game))

        async def advance_when_mounted() -> None:
            # The board's widgets exist only once it is mounted; on a busy machine that can be
            # later than the next refresh, and advancing earlier found no board to draw on.
            await mounted
            self.advance()

        self.call_later(advance_when_mounted)

    def resume(self) -> None:
        path = autosave_path()
        if not path.exists():
            self.push_screen(MessageScreen(_("Nothing to resume"),
                                           _("There is no autosaved game yet.")))
            return
        err = self.load_path(path)
        if err:
            self.push_screen(MessageScreen(_("The autosaved game cannot be resumed"), err))

    def load_path(self, path: Path) -> str | None:
        """Load a save; on failure return the reason and keep everything as it was.

        The autosaved game itself is resumed only by the window that can own it; another
        window is told which one has it (and the message is shown here, not returned).
        """
        from peloponnes_tui.engine.save import SaveError

        resuming = _same_file(path, autosave_path())
        mine = self.autosave_lock is not None and self.autosave_lock.held
        holder = self.claim_autosave() if resuming else None
        if holder is not None:
            self.held_elsewhere(holder)
            return None
        try:
            session = Session.load(path, self.cards)
        except SaveError as exc:
            if resuming and not mine:
                self.release_autosave()  # nothing resumed: another window may have it
            from peloponnes_tui.refusals import error_text

            return _("{reason}\nThe file was left as it is.").format(reason=error_text(exc))
        if resuming:
            self.set_session(session)  # (it autosaves to autosave.json, which it resumed)
            return None
        holder = self.claim_autosave()
        self.set_session(session)
        self.autosave_here(holder)
        return None

    def autosave(self) -> None:
        self.autosave_failed(self.game.autosave() if self.game is not None else None)

    def autosave_soon(self) -> None:
        """Autosave once the screen has been drawn: an answer's autosave (written, flushed to
        the disk, renamed into place: about 10 ms on a slow disk) comes after its frame rather
        than before it.  It writes the game as it is then, so a later autosave, an undo's
        among them, is never overwritten by an older state; a crash in between costs only the
        answer in flight."""
        self.call_after_refresh(self.autosave)

    def autosave_failed(self, error: OSError | None) -> None:
        """Tell the player that the autosave could not be written (the game goes on)."""
        if error is not None:
            self.notify(_("Autosave failed: {error}").format(error=error), severity="error")

    @property
    def board(self) -> BoardScreen | None:
        if self.session is None:
            return None
        from peloponnes_tui.tui.screens.board import BoardScreen

        for s in reversed(self.screen_stack):
            if isinstance(s, BoardScreen):
                return s
        return None

    # -- the game loop -----------------------------------------------------------------------

    def advance(self) -> None:
        """Show what the table needs now (``RunningGame.next_step``) on the board, and start
        what comes with it: the scores, a computer player's move, or the hand-off cover."""
        from peloponnes_tui.tui.running import (
            ComputerTurn,
            GameOver,
            HandOff,
            PersonTurn,
            RoundOver,
            Waiting,
        )
        from peloponnes_tui.tui.screens.handoff import HandoffScreen
        from peloponnes_tui.tui.screens.scoring import ScoringScreen

        game, board = self.game, self.board
        if game is None or board is None or not board.is_mounted or self.crash is not None:
            return  # (a board not mounted yet, or the app closing)
        step = game.next_step()
        session = game.session
        if isinstance(step, RoundOver):
            # the board is drawn when the table moves on: the answer that ended the round
            # shows this screen only
            self.show_round_over(step.round)
            return
        board.show_step(step)
        match step:
            case GameOver():
                self.lesson_done(session)
                self.push_screen(ScoringScreen(session.cards, session.scores, session.winners,
                                               session.seats))
            case ComputerTurn():
                gen = self._gen
                if self.bot_pause > 0:
                    self._bot_timer = self.set_timer(self.bot_pause, lambda: self.bot_step(gen))
                else:
                    self.call_later(self.bot_step, gen)
            case HandOff(seat=seat):
                prompt = session.pending
                assert prompt is not None
                gen = self._gen

                def ready(_: bool | None) -> None:
                    if gen == self._gen and self.game is game and self.board is board:
                        turn = game.ready(seat)
                        if turn is not None:
                            board.show_step(turn)
                            self.hint()

                from peloponnes_tui.tui.summary import since_last_turn

                self.push_screen(HandoffScreen(session.seats[seat], handoff_text(prompt),
                                               since_last_turn(session, seat), session.seats),
                                 ready)
            case PersonTurn():
                self.hint()
            case Waiting() | RoundOver():
                pass
            case _:
                assert_never(step)

    def show_round_over(self, rnd: int) -> None:
        """The end of round ``rnd`` as a moment of its own (``RoundOverScreen``), then on."""
        from peloponnes_tui.tui.running import PersonTurn
        from peloponnes_tui.tui.screens.round_over import RoundOverScreen
        from peloponnes_tui.tui.summary import round_end

        game, board = self.game, self.board
        assert game is not None and board is not None
        session = game.session
        gen = self._gen
        ready: list[PersonTurn] = []  # the next decision, drawn behind this screen

        def prepare() -> None:
            # while the table reads, the board behind is drawn for the decision that comes
            # next, when it is a person's with their hand shown (nothing else happens before
            # it), so that the Enter which goes on only has the screen shown again
            if gen == self._gen and self.game is game and self.board is board \
                    and self.screen is self.get_screen(ROUND_OVER) and not ready:
                step = game.next_step()  # (a computer's turn, a cover or the end: nothing)
                if isinstance(step, PersonTurn):
                    board.show_step(step)
                    ready.append(step)

        def go_on(_: bool | None) -> None:
            if gen == self._gen and self.game is game:
                if ready and self.board is board:
                    self.hint()  # (as advance does after a person's turn is drawn)
                else:
                    self.advance()

        ended, begun = round_end(session, rnd)
        players, seats = session.view(0).players, session.seats
        if self.is_screen_installed(ROUND_OVER):
            screen = self.get_screen(ROUND_OVER)
            assert isinstance(screen, RoundOverScreen)
            screen.show(rnd, ended, begun, players, seats)
        else:  # made once, then kept (RoundOverScreen)
            self.install_screen(RoundOverScreen(rnd, ended, begun, players, seats), ROUND_OVER)
        self.push_screen(ROUND_OVER, go_on)
        self.set_timer(PREPARE_AFTER, prepare)

    def lesson_done(self, session: Session) -> None:
        """The game was the course's first game and it is over: mark it done in the course."""
        from peloponnes_tui.learn.progress import FIRST_GAME, load_progress, mark_done

        if session.lesson != FIRST_GAME:
            return
        progress, _notice = load_progress()
        _progress, problem = mark_done(progress, FIRST_GAME)
        if problem:
            self.notify(problem, severity="warning")

    def bot_step(self, gen: int) -> None:
        self._bot_timer = None
        session = self.session
        if gen != self._gen or session is None or session.pending is None:
            return
        if session.seats[session.pending.player].human:
            return
        game = self.game
        assert game is not None
        if self.bot_pause <= 0:
            # no pause to show: play the bots' turns through to the next human in one go
            game.play_computers()
            self.advance()
            self.autosave_soon()
            return
        # A bot thinks in a worker thread (the search bot takes a good part of a second), so
        # the screen stays responsive; the answer is applied back on the app's thread.
        prompt = session.pending
        assert prompt is not None
        bot = session.bot_to_move()
        assert bot is not None
        view = session.view(prompt.player)
        turn = session.turn

        def think() -> None:
            answer = bot.decide(prompt, view)
            self.call_from_thread(self._bot_decided, gen, turn, answer)

        self.run_worker(think, thread=True, group="bots", exclusive=True)

    def _bot_decided(self, gen: int, turn: int, answer: Answer) -> None:
        game = self.game
        if gen != self._gen or game is None or not game.apply_computers(turn, answer):
            return  # a new game, a load, an undo or another answer came in between
        self.advance()
        self.autosave_soon()

    def apply(self, answer: Answer) -> None:
        from peloponnes_tui.engine import IllegalAnswer
        from peloponnes_tui.i18n import _
        from peloponnes_tui.refusals import refusal_text

        game = self.game
        if game is None:
            return
        try:
            game.apply(answer)
        except IllegalAnswer as exc:
            self.notify(refusal_text(exc), title=_("Not allowed"), severity="error")
            return
        self.advance()
        self.autosave_soon()

    async def on_decided(self, event: Decided) -> None:
        """A decision panel's answer: the screen's updates are held until it is applied, the
        board drawn and the next panel mounted with the keyboard, so the answer is one frame
        (Textual draws a frame as soon as the first widget changes, and a new panel would come
        frames later)."""
        event.stop()
        with self.batch_update():
            self.apply(event.answer)
            board = self.board
            if board is not None:
                await board.panel_settled()
            # every widget asks for its layout from its own message loop: one turn of the event
            # loop lets the footer's keys and the new panel ask before the screen is drawn, so
            # their requests are in this frame, not in a second one
            await asyncio.sleep(0)
        # The screen draws its frames from a timer that it pauses while updates are held, and
        # resumes when it next goes idle; this handler runs in the app's message loop, not the
        # screen's, so the screen is told to look again now (else the answer's frame waited for
        # the next key or mouse move in a real terminal).
        board = self.board
        if board is not None:
            board.check_idle()

    # -- the coach ---------------------------------------------------------------------------

    def person_deciding(self) -> bool:
        """True while a person's decision panel is open (their hand shown): the coach can be
        asked about it."""
        return self.game is not None and self.board is not None and self.game.person_deciding()

    def coach_note(self) -> CoachNote:
        from peloponnes_tui.tui.widgets.coach_note import CoachNote

        board = self.board
        assert board is not None
        return board.query_one(CoachNote)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The coach's key is shown while a person decides: ``coach`` when the coach is on in
        this game, ``coach_off`` (which only says so) when it is off."""
        if action in ("coach", "coach_off"):
            session = self.session
            if session is None or not self.person_deciding():
                return False
            return session.coach == (action == "coach")
        return super().check_action(action, parameters)

    def action_coach(self) -> None:
        """Ask the coach about the open decision (counted, and saved with the game); once it
        has answered, choose its answer in the decision panel.  The player confirms."""
        session = self.session
        if session is None or not self.person_deciding():
            return
        if not session.coach:
            self.action_coach_off()
            return
        note = self.coach_note()
        board = self.board
        panel = board.panel() if board is not None else None
        if note.advised is not None:
            if panel is not None and panel.suggest(note.advised.advice.best.answer):
                panel.changed()
                note.show_taken()
            return
        if note.thinking:
            self.notify(_("The coach is still thinking."))
            return
        # the coach sees the deciding player's own view, nothing else of the game
        prompt, view = session.ask_coach()
        self.autosave()
        note.show_thinking()
        self.think(prompt, view)

    def hint(self) -> None:
        """With hints on, the open decision's hint: what it is about, and the coach's pick
        (asked as the key ``i`` asks it, but not counted as a request)."""
        session = self.session
        if session is None or not session.hints or not self.person_deciding():
            return
        prompt = session.pending
        assert prompt is not None
        self.coach_note().show_hint(prompt, session.cards)
        self.think(prompt, session.view(prompt.player))

    def think(self, prompt: AnyPrompt, view: View) -> None:
        """Ask the coach about ``prompt`` in a worker thread; its advice is shown in the note
        if the decision is still open then."""
        session = self.session
        assert session is not None
        from peloponnes_tui.bots.coach import coach_seed

        # the seed a strong computer player in this seat would have: the advice is its answer
        factory, cards = self.coach_factory, session.cards
        seed = coach_seed(session.seed, prompt.player)
        gen, turn = self._gen, session.turn

        def think() -> None:
            from peloponnes_tui.tui.widgets.coach_note import Advised

            advice = factory(cards, seed).advise(prompt, view)
            self.call_from_thread(self._coach_advised, gen, turn,
                                  Advised(advice, prompt, view, cards))

        self.run_worker(think, thread=True, group="coach", exclusive=True)

    def _coach_advised(self, gen: int, turn: int, advised: Advised) -> None:
        session = self.session
        if gen != self._gen or session is None or session.turn != turn or self.board is None:
            return  # the decision was answered, undone or replaced in between
        self.coach_note().show_advice(advised)

    def action_coach_off(self) -> None:
        self.notify(_("The coach is off in this game (chosen on the New game screen)."),
                    severity="warning")

    # -- commands ----------------------------------------------------------------------------

    def action_new_game(self) -> None:
        from peloponnes_tui.tui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_load_game(self) -> None:
        from peloponnes_tui.tui.screens.load import LoadScreen

        self.push_screen(LoadScreen())

    def action_help(self) -> None:
        from peloponnes_tui.tui.screens.help import HelpScreen

        session = self.session
        if session is None:
            self.push_screen(HelpScreen(self.cards))
            return
        viewer = self.viewer
        self.push_screen(HelpScreen(session.cards, session.view(viewer if viewer is not None
                                                                else 0), session.pending))

    def action_log(self) -> None:
        board = self.board
        if board is not None:
            while self.screen is not board and len(self.screen_stack) > 1:
                self.pop_screen()
            self.call_later(self.run_action, "screen.show('log')")

    def action_save_game(self) -> None:
        if self.session is None:
            return
        stem = save_stem()
        if in_web_session():
            # in a browser the game goes to the player's computer, not to the server's disk
            name = f"{stem}.json"
            self.deliver_text(io.StringIO(self.session.dumps()), save_filename=name,
                              mime_type="application/json")
            self.notify(_("Your browser downloads the game as {name}").format(name=name))
            return
        try:
            # a new file: two saves in the same second get two names, never one over the other
            path = self.session.save_unique(saves_dir(), stem)
        except OSError as exc:
            self.notify(_("Saving failed: {error}").format(error=exc), severity="error")
            return
        self.notify(_("Saved to {path}").format(path=path))

    def save_elsewhere(self, path: Path) -> str | None:
        """Write the game to ``path``, a new file; why it could not be, or None."""
        if self.session is None:
            return None
        try:
            self.session.save_new(path)
        except FileExistsError:
            return _("{path} exists already: give the name of a new file.").format(path=path)
        except OSError as exc:
            return _("Saving failed: {error}").format(error=exc.strerror or exc)
        return None

    def action_undo(self) -> None:
        from peloponnes_tui.tui.screens.handoff import HandoffScreen

        game = self.game
        if game is None:
            return
        from peloponnes_tui.tui.screens.round_over import RoundOverScreen

        covered = isinstance(self.screen, HandoffScreen | RoundOverScreen)
        if not game.undo(game.undo_seat(covered)):
            self.notify(_("Nothing to undo: only your own last choice can be taken back, before "
                          "anyone else has played and before it turned up any hidden card."),
                        severity="warning")
            return
        self._gen += 1
        if covered:
            self.pop_screen()
        self.autosave()
        self.advance()

    def action_quit_app(self) -> None:
        from peloponnes_tui.tui.screens.confirm import ConfirmScreen

        session = self.session
        if session is None or session.over:
            self.exit(0)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit(0)

        unsaved = self.game.unsaved if self.game is not None else None
        if unsaved is not None:
            # the autosave failed: say so, and offer to save the game somewhere else
            from peloponnes_tui.tui.screens.quit_unsaved import QuitUnsavedScreen

            try:
                home = Path.home()
            except RuntimeError:  # no home folder known
                home = Path.cwd()
            self.push_screen(QuitUnsavedScreen(unsaved, home / f"{save_stem()}.json",
                                               self.save_elsewhere, self.action_save_game),
                             lambda choice: answer(choice is not None))
            return
        if self.autosave_to == autosave_path():
            question = _("Quit the game in progress?\nIt is autosaved: continue later with "
                         "`peloponnes --resume`.")
        else:
            question = _("Quit the game in progress?\nIt is autosaved to {path}: Load lists "
                         "it.").format(path=self.autosave_to)
        self.push_screen(ConfirmScreen(question), answer)

    async def action_quit(self) -> None:
        self.action_quit_app()


ROUND_OVER = "round-over"  # the name the end of a round's screen is installed under


def save_stem() -> str:
    """The name a saved game is given: ``peloponnes-<date>-<time>`` (``write_unique`` adds
    ``-2``, ``-3`` ... when two saves fall in the same second)."""
    return time.strftime("peloponnes-%Y%m%d-%H%M%S")


def handoff_text(prompt: AnyPrompt) -> str:
    """What the hand-off screen tells the player who takes the keyboard."""
    kind = prompt.kind
    match kind:
        case "bid":
            return _("It is your turn to bid.")
        case "outbid":
            return _("You have been outbid.")
        case "build":
            return _("You won a building.")
        case "catastrophe":
            return _("A catastrophe hits you.")
        case "feed":
            return _("Supply: feed your inhabitants.")
        case "complete":
            return _("Supply: complete your buildings.")
        case _:
            assert_never(kind)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return a == b


def run_app(cards: CardSet | None = None, cards_path: str | None = None,
            resume: bool = False, lang: str | None = None, first_game: bool = False) -> int:
    """The play app; ``first_game``: starting the course's first game at once."""
    app = PeloponnesApp(cards=cards, cards_path=cards_path, resume=resume, lang=lang)
    app.start_first = first_game
    return run_guarded(app, app.release_autosave)


def run_demo(cards: CardSet | None = None, scenario: Scenario | None = None,
             bots: str = "random,random,random", seed: int = 1) -> int:
    """``peloponnes demo``: a scenario's scripted steps, or a game between bots, narrated."""

    from peloponnes_tui.tui.demo import DemoApp, make_script

    try:
        if cards is None:
            from peloponnes_tui.cards import load_cards

            cards = load_cards()
        script = make_script(cards, scenario, bots, seed)
    except ValueError as exc:
        print(f"peloponnes: {exc}", file=sys.stderr)
        return 2
    return run_guarded(DemoApp(script))


__all__ = ["PeloponnesApp", "run_app", "run_demo"]
