"""The New game screen (every choice readable, visible focus, arrow keys, tooltips) and the
settings it remembers between launches."""

from __future__ import annotations

import json
import os

import pytest
from support import notifications, screen_text, settled

from peloponnes_tui.bots import BOT_NAMES, STRENGTHS
from peloponnes_tui.settings import (
    OLD_KINDS,
    SEAT_KINDS,
    SETTINGS_BYTES_MAX,
    SeatSettings,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from peloponnes_tui.tui.app import SETTINGS_CHECK_DELAY, PeloponnesApp
from peloponnes_tui.tui.screens.new_game import NewGameScreen
from peloponnes_tui.tui.screens.start import StartScreen
from peloponnes_tui.tui.session import HUMAN
from peloponnes_tui.tui.widgets.choice import Choice


async def open_new_game(pilot) -> NewGameScreen:
    await settled(pilot)
    await pilot.press("n")
    await settled(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


def focused_id(app: PeloponnesApp) -> str | None:
    return app.focused.id if app.focused is not None else None


def test_seat_kinds_are_the_bots():
    """The settings name the computer players without loading them: strengths the bots know,
    and the older kind names stand for the same players."""
    assert SEAT_KINDS[0] == HUMAN
    assert all(kind in BOT_NAMES for kind in SEAT_KINDS[1:])
    assert set(SEAT_KINDS[1:]) >= set(STRENGTHS)
    assert all(BOT_NAMES[old] is BOT_NAMES[new] for old, new in OLD_KINDS.items())
    assert set(OLD_KINDS) | set(SEAT_KINDS[1:]) == set(BOT_NAMES)


async def test_the_title_says_the_keys_that_work_where_the_focus_is(cards):
    """In a name box ←→ move the text cursor, on a choice they change it: the title says which
    (it said "←→ change" while the focus was in the first name)."""
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot)
        assert focused_id(app) == "name0"
        await settled(pilot)
        head = screen_text(app)
        assert "type here, ↑↓ move, ^g starts" in head and "←→ change" not in head
        await pilot.press("up")  # the number of players
        await settled(pilot)
        assert focused_id(app) == "count"
        head = screen_text(app)
        assert "↑↓ move, ←→ change, ^g starts" in head and "type here" not in head


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_every_choice_readable(cards, size):
    """Five seats, one of every kind: each choice is on screen whole, arrows and all."""
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=size) as pilot:
        screen = await open_new_game(pilot)
        assert focused_id(app) == "name0"
        await pilot.press("up", "right", "right")  # Players: 3 → 5
        assert screen.count == 5
        # seat 3 (standard) → strong, seat 4 (standard) → strong → random, seat 5 stays standard
        await pilot.press("down", "down", "down", "tab", "tab", "right")
        assert focused_id(app) == "kind2"
        await pilot.press("down", "right", "right")
        assert focused_id(app) == "kind3"
        await settled(pilot)
        lines = screen_text(app).split("\n")
        seat_lines = [line for line in lines if line.lstrip().startswith("Seat ")]
        assert [line.split()[:3] for line in seat_lines] == [
            ["Seat", "1", "Helena"], ["Seat", "2", "Leonidas"], ["Seat", "3", "Dimitrios"],
            ["Seat", "4", "Ariadne"], ["Seat", "5", "Perikles"]]
        expected = [("R● red", "human"), ("B▲ blue", "human"),
                    ("G■ green", "computer: strong"), ("Y◆ yellow", "computer: random"),
                    ("P★ purple", "computer: standard")]
        for line, (colour, kind) in zip(seat_lines, expected, strict=True):
            assert f"◀ {colour} ▶" in line
            assert f"◀ {kind} ▶" in line
        text = "\n".join(lines)
        for shown in ("Players", "◀ 5 ▶", "Seed", "Hide hands", "◀ yes ▶", "Pause",
                      "◀ 0.7 s ▶", "before each computer move", "Start game (^g)"):
            assert shown in text


async def test_arrow_keys_move_between_rows_and_change_choices(cards):
    """↑/↓ go to the row above or below (same column where it has one); ←/→ change a choice."""
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot)
        path = [focused_id(app)]
        for key in ("right", "right", "down", "down", "down", "down", "down", "down", "up",
                    "up", "up", "up", "up", "up", "up", "up"):
            await pilot.press(key)
            path.append(focused_id(app))
        # → in a name field moves its cursor; then down the kind column, on to the rows below
        assert path == ["name0", "name0", "name0", "name1", "name2", "seed", "privacy",
                        "pause", "coach", "pause", "privacy", "seed", "name2", "name1",
                        "name0", "count", "count"]
        await pilot.press("down", "tab")  # Tab goes along the row: seat 1's colour
        assert focused_id(app) == "colour0"
        await pilot.press("right", "down")
        assert screen.seats[0].colour == "blue"  # red → blue
        assert focused_id(app) == "colour1"  # the same column, one row down
        await pilot.press("tab", "down", "left")
        assert focused_id(app) == "kind2"
        assert screen.seats[2].kind == "beginner"  # beginner ← standard
        await pilot.press("down", "down", "down", "left")
        assert focused_id(app) == "pause" and screen.pause == 0.3  # 0.3 ← 0.7
        await pilot.press("up", "right")
        assert focused_id(app) == "privacy" and screen.privacy is False


async def test_focus_clearly_visible(cards):
    """The focused choice has its own background, and its row's label lights up."""
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot)
        await pilot.press("down", "down", "down", "down")  # name0 → … → privacy
        privacy, pause = screen.query_one("#privacy", Choice), screen.query_one("#pause", Choice)
        assert app.focused is privacy
        await settled(pilot)
        assert privacy.rich_style.bgcolor != pause.rich_style.bgcolor
        assert privacy.rich_style.bold and not pause.rich_style.bold
        current = [row.query_one(".what").render().plain
                   for row in screen.query(".current")]
        assert current == ["Hide hands"]
        await pilot.press("up")
        await settled(pilot)
        assert [row.query_one(".what").render().plain
                for row in screen.query(".current")] == ["Seed"]


async def test_tooltips_explain_every_choice(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot)

        def tip(ident: str) -> str:
            return str(screen.query_one(f"#{ident}").tooltip)

        assert tip("count") == "How many play, 2 to 5. The seats below it stay empty."
        assert tip("name0").startswith("The player's name (up to 16 letters)")
        assert "letter and symbol" in tip("colour0")
        assert tip("kind0").split("\n") == [
            "Who plays this seat (← → to change):",
            "human: a person at this keyboard.",
            "computer: beginner: plays sensible moves but makes a newcomer's mistakes: for your "
            "first games.",
            "computer: standard: rules of thumb and an estimate of its final score: a fair "
            "opponent.",
            "computer: strong: plays each of its best ideas out many times before choosing: "
            "the strongest, thinks up to a second a move.",
            "computer: random: any legal answer at random: for learning the rules, easy to "
            "beat."]
        assert tip("seed").startswith("The number that shuffles the cards")
        assert "a cover hides the board" in tip("privacy")
        assert "since that player's last turn" in tip("privacy")
        assert tip("pause").startswith("How long the board waits before each computer move")
        for i in range(5):
            for what in ("name", "colour", "kind"):
                assert tip(f"{what}{i}") == tip(f"{what}0")


async def test_settings_remembered_between_launches(cards):
    """What was chosen for one game is what the New game screen offers at the next launch."""
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot)
        await pilot.press("ctrl+a", "ctrl+k", *"Kassandra")  # seat 1's name, typed over
        await pilot.press("up", "right")  # 4 players
        await pilot.press("down", "down", "down", "down", "tab", "tab", "right")
        assert focused_id(app) == "kind3"  # Ariadne: standard → strong
        await pilot.press("down", "down", "right")  # hide hands: no
        await pilot.press("down", "right")  # pause 0.7 → 1.5
        assert (screen.count, screen.privacy, screen.pause) == (4, False, 1.5)
        await pilot.press("ctrl+g")
        await settled(pilot)
        session = app.session
        assert session is not None
        assert [(s.name, s.kind) for s in session.seats] == [
            ("Kassandra", HUMAN), ("Leonidas", HUMAN), ("Dimitrios", "standard"),
            ("Ariadne", "strong")]
        assert session.privacy is False and session.bot_pause == 1.5
    expected = Settings(players=4, pause=1.5, privacy=False, games=1, seats=(
        SeatSettings(name="Kassandra", colour="red", kind=HUMAN),
        SeatSettings(name="Leonidas", colour="blue", kind=HUMAN),
        SeatSettings(name="Dimitrios", colour="green", kind="standard"),
        SeatSettings(name="Ariadne", colour="yellow", kind="strong"),
        SeatSettings(name="Perikles", colour="purple", kind="standard")))
    assert load_settings() == (expected, None)
    assert not list(settings_path().parent.glob("*.tmp"))  # written atomically
    app2 = PeloponnesApp(cards=cards, bot_pause=0)
    async with app2.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot)
        assert screen.count == 4 and screen.privacy is False and screen.pause == 1.5
        assert [(s.name, s.colour, s.kind) for s in screen.seats][:4] == [
            ("Kassandra", "red", HUMAN), ("Leonidas", "blue", HUMAN),
            ("Dimitrios", "green", "standard"), ("Ariadne", "yellow", "strong")]
        text = screen_text(app2)
        assert "Kassandra" in text and "◀ computer: strong ▶" in text
        assert "Perikles" not in text  # seat 5 stays empty with four players


async def test_theme_remembered_between_launches(cards):
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.theme = "textual-light"
        await settled(pilot)
    assert load_settings()[0].theme == "textual-light"
    app2 = PeloponnesApp(cards=cards, bot_pause=0)
    async with app2.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert app2.theme == "textual-light" and not app2.current_theme.dark


def write_settings(data: object) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps(data))


GOOD = Settings().model_dump(mode="json")


@pytest.mark.parametrize(("content", "why"), [
    ("{not json",
     ": not valid JSON (unexpected 'not', line 1, column 2)"),
    ([1, 2], ": Input should be a mapping of fields"),
    ({**GOOD, "players": 99}, ", field 'players': Input should be less than or equal to 5 "
                              "(found 99)"),
    ({**GOOD, "pause": 1e9}, ", field 'pause': pause 1e+09 s is not one of the choices"),
    ({**GOOD, "format": 7}, ", field 'format': format 7 (this version reads format 1)"),
    ({**GOOD, "seats": GOOD["seats"][:2]},
     ", field 'seats': Tuple should have at least 5 items after validation, not 2"),
    ({**GOOD, "seats": [{**GOOD["seats"][0], "kind": "oracle"}, *GOOD["seats"][1:]]},
     ", field 'seats[0].kind': unknown player kind 'oracle' (and 1 more problem)"),
    ({**GOOD, "seats": [{**GOOD["seats"][0], "name": "x" * 500}, *GOOD["seats"][1:]]},
     ", field 'seats[0].name': String should have at most 16 characters (found "
     "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…') (and 1 more problem)"),
    ({**GOOD, "seats": [{**GOOD["seats"][0], "colour": "mauve"}, *GOOD["seats"][1:]]},
     ", field 'seats[0].colour': unknown colour 'mauve' (and 1 more problem)"),
    ({**GOOD, "wallpaper": "yes"}, ", field 'wallpaper': unknown field (a typo?)"),
], ids=["not-json", "a-list", "players", "pause", "format", "few-seats", "kind", "long-name",
        "colour", "extra"])
def test_damaged_or_absurd_settings_ignored(content, why):
    """Read through inputs.load_json_model: the file and the field, then what is wrong."""
    if isinstance(content, str):
        settings_path().parent.mkdir(parents=True, exist_ok=True)
        settings_path().write_text(content)
    else:
        write_settings(content)
    assert load_settings() == (
        Settings(), f"Settings ignored ({settings_path()}{why}); defaults used.")


def test_settings_not_a_regular_file_or_too_big_not_read():
    settings_path().mkdir(parents=True)  # a directory where the file should be
    assert load_settings() == (Settings(), f"Settings ignored ({settings_path()}: this is a "
                                           "folder; the settings file must be an ordinary "
                                           "file); defaults used.")
    settings_path().rmdir()
    os.mkfifo(settings_path())  # a pipe nobody writes to: opened without blocking
    assert load_settings() == (Settings(), f"Settings ignored ({settings_path()}: this is a "
                                           "named pipe; the settings file must be an ordinary "
                                           "file); defaults used.")
    settings_path().unlink()
    settings_path().write_text(" " * (SETTINGS_BYTES_MAX + 1))
    assert load_settings() == (Settings(), f"Settings ignored ({settings_path()}: the settings "
                                           "file is larger than 64 KB; refused); defaults used.")


def test_missing_settings_are_the_defaults_without_a_notice():
    assert not settings_path().exists()
    settings, notice = load_settings()
    assert notice is None
    assert settings.players == 3 and settings.privacy is True and settings.pause == 0.7
    assert [(s.name, s.colour, s.kind) for s in settings.seats] == [
        ("Helena", "red", HUMAN), ("Leonidas", "blue", HUMAN),
        ("Dimitrios", "green", "standard"), ("Ariadne", "yellow", "standard"),
        ("Perikles", "purple", "standard")]
    save_settings(settings)
    assert load_settings() == (settings, None)


def test_settings_with_the_older_kind_names_load_as_the_strengths():
    """Settings written before the strengths had names say heuristic and search."""
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    data = json.loads(Settings().model_dump_json())
    data["seats"][2]["kind"], data["seats"][3]["kind"] = "heuristic", "search"
    settings_path().write_text(json.dumps(data), encoding="utf-8")
    settings, notice = load_settings()
    assert notice is None
    assert [s.kind for s in settings.seats[2:4]] == ["standard", "strong"]


async def test_damaged_settings_give_a_notice_and_the_defaults(cards):
    write_settings({**GOOD, "players": "many"})
    app = PeloponnesApp(cards=cards, bot_pause=0)
    notes = notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.pause(SETTINGS_CHECK_DELAY)  # checked once the first screen is up
        await settled(pilot)
        (notice,) = [n.message for n in notes]
        assert notice == (f"Settings ignored ({settings_path()}, field 'players': Input "
                          "should be a valid integer, unable to parse string as an integer "
                          "(found 'many')); "
                          "defaults used.")
        screen = await open_new_game(pilot)
        assert screen.count == 3


# -- the load and resume lists --------------------------------------------------------------------

def saved_at(path, when: str) -> None:
    """Set the file's date (local time, ``YYYY-mm-dd HH:MM``)."""
    import time

    stamp = time.mktime(time.strptime(when, "%Y-%m-%d %H:%M"))
    os.utime(path, (stamp, stamp))


async def test_load_list_describes_each_save(cards):
    """The list shows each save's round, players, date and whether it is over; a damaged file is
    listed as damaged."""
    from support import finished_session, session_at

    from peloponnes_tui.engine import BidPrompt
    from peloponnes_tui.tui.screens.load import LoadScreen
    from peloponnes_tui.tui.session import autosave_path, saves_dir

    playing = session_at(cards, 3, lambda p: isinstance(p, BidPrompt), min_round=3, seed=2)
    assert playing.game.round == 3
    playing.save(autosave_path())
    saved_at(autosave_path(), "2025-03-01 20:15")
    done = finished_session(cards, 4, seed=2)
    done.save(saves_dir() / "peloponnes-20250228-190000.json")
    saved_at(saves_dir() / "peloponnes-20250228-190000.json", "2025-02-28 19:00")
    (saves_dir() / "peloponnes-20250227-100000.json").write_text('{"format": 1, "seed": ')
    saved_at(saves_dir() / "peloponnes-20250227-100000.json", "2025-02-27 10:00")
    older = json.loads(playing.dumps())
    del older["extra"]["round"], older["extra"]["over"]  # as saved before they were recorded
    (saves_dir() / "peloponnes-20250226-100000.json").write_text(json.dumps(older))
    saved_at(saves_dir() / "peloponnes-20250226-100000.json", "2025-02-26 10:00")
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await settled(pilot)
        def flat() -> str:  # the screen's words, however the lines wrap
            return " ".join(screen_text(app).split())

        assert ("Autosaved: round 3 · Helena, Leonidas, Dimitrios · 2025-03-01 20:15 · in "
                "progress") in flat()
        await pilot.press("l")
        await settled(pilot)
        assert isinstance(app.screen, LoadScreen)
        text = flat()
        for line in (
            "autosave round 3 · Helena, Leonidas, Dimitrios · 2025-03-01 20:15 · in progress",
            "peloponnes-20250228-190000.json Helena, Leonidas, Dimitrios, Ariadne · "
            "2025-02-28 19:00 · finished",
            "peloponnes-20250227-100000.json damaged: not a saved game (not JSON) · "
            "2025-02-27 10:00",
            "peloponnes-20250226-100000.json round not recorded · Helena, Leonidas, "
            "Dimitrios · 2025-02-26 10:00",
        ):
            assert line in text
        assert str(saves_dir()) not in text  # no bare paths
        # picking the damaged one says why and keeps the list
        await pilot.press("down", "down", "enter")
        await settled(pilot)
        assert isinstance(app.screen, LoadScreen)
        assert "not valid JSON" in flat()  # the message names the file: it may wrap


def test_save_info_of_damaged_files(tmp_path):
    """Whatever sits in the saves folder, it is listed, never a crash."""
    from peloponnes_tui.inputs import SAVE_BYTES_MAX
    from peloponnes_tui.tui.saveinfo import save_info

    cases = {
        "list.json": "[1, 2]",
        "noplayers.json": '{"format": 1, "players": []}',
        "binary.json": b"\xff\xfe\x00",
        "big.json": " " * (SAVE_BYTES_MAX + 1),
    }
    for name, content in cases.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    (tmp_path / "folder.json").mkdir()
    os.mkfifo(tmp_path / "pipe.json")
    assert {p.name: save_info(p).damaged for p in sorted(tmp_path.glob("*.json"))} == {
        "big.json": "the save file is larger than 4 MB; refused",
        "binary.json": "the save file is not UTF-8 text (byte 1)",
        "folder.json": "this is a folder; the save file must be an ordinary file",
        "list.json": "not a saved game (no players)",
        "noplayers.json": "not a saved game (no players)",
        "pipe.json": "this is a named pipe; the save file must be an ordinary file",
    }


def test_save_list_lines_in_german(tmp_path):
    """The load list's words follow the language chosen when it is shown."""
    from peloponnes_tui.i18n import set_language
    from peloponnes_tui.tui.saveinfo import save_info

    game = tmp_path / "game.json"
    game.write_text(json.dumps({"format": 1, "players": ["Helena", "Leonidas"],
                                "extra": {"round": 3, "over": False}}))
    os.utime(game, (0, 0))
    (tmp_path / "text.json").write_text("hello")
    set_language("de")
    try:
        assert save_info(game).describe().startswith("Runde 3 · Helena, Leonidas · ")
        assert save_info(game).describe().endswith(" · läuft noch")
        assert save_info(tmp_path / "text.json").damaged == "kein gespeichertes Spiel (kein JSON)"
        assert save_info(tmp_path / "text.json").describe().startswith(
            "beschädigt: kein gespeichertes Spiel (kein JSON) · ")
    finally:
        set_language("en")


async def test_the_pause_is_written_as_german_writes_numbers(cards):
    """In German the pause reads "0,7 s" (a decimal comma), in English "0.7 s"; ← and → step
    through the same choices in both."""
    app = PeloponnesApp(cards=cards, bot_pause=0, lang="de")
    async with app.run_test(size=(100, 30)) as pilot:
        await open_new_game(pilot)
        text = screen_text(app)
        assert "◀ 0,7 s ▶" in text and "0.7 s" not in text
        pause = app.screen.query_one("#pause", Choice)
        pause.focus()
        await pilot.press("right")
        await settled(pilot)
        assert pause.value == "1.5" and "◀ 1,5 s ▶" in screen_text(app)
