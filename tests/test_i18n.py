"""English and German: the catalogs are complete and match the code, the language is chosen
the way the issue asks (--lang, then LANGUAGE/LC_ALL/LANG), and the commands speak German."""

from __future__ import annotations

import gettext
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import peloponnes_tui
from peloponnes_tui.cards import CardSet
from peloponnes_tui.cli import main
from peloponnes_tui.i18n import DOMAIN, _, detect, language, locale_dir, name, set_language

PACKAGE = Path(peloponnes_tui.__file__).parent
PO = PACKAGE / "locale" / "de" / "LC_MESSAGES" / f"{DOMAIN}.po"
# the engine's refusals are marked with message/message_n/IllegalAnswer (peloponnes_tui.message),
# a broken scenario's or lesson's with ScenarioError/LessonError
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "message": None, "message_n": (1, 2),
            "IllegalAnswer": None, "ScenarioError": None, "LessonError": None}


def source_messages() -> set[str | tuple[str, str]]:
    """Every message the code asks to translate (what pybabel extract finds)."""
    found: set[str | tuple[str, str]] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(PACKAGE), keywords=KEYWORDS, comment_tags=()):
        found.add(message if isinstance(message, str) else (message[0], message[1]))
    return found


def german() -> dict[str | tuple[str, str], str | tuple[str, ...]]:
    with PO.open("rb") as f:
        catalog = read_po(f, locale="de", domain=DOMAIN)
    return {(m.id if isinstance(m.id, str) else tuple(m.id)): m.string  # type: ignore[misc]
            for m in catalog if m.id and not m.fuzzy}


def fields(text: str) -> set[str]:
    return {f for _lit, f, _spec, _conv in string.Formatter().parse(text) if f is not None}


def test_every_message_has_a_german_translation() -> None:
    source, de = source_messages(), german()
    assert len(source) > 50
    missing = [m for m in source if m not in de or not all(
        [de[m]] if isinstance(de[m], str) else de[m])]
    assert missing == []
    stale = [m for m in de if m not in source]  # translations of texts the code no longer has
    assert stale == []


def test_no_message_inside_an_f_string() -> None:
    """Babel finds a ``_("…")`` inside an f-string only from Python 3.12 on (where f-strings are
    tokenized): such a text would be in the catalog on one Python and stale on another.  (A
    call with a variable, ``_(self.title)``, is not extracted anyway.)"""
    import ast

    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                found += [f"{path.relative_to(PACKAGE)}:{call.lineno}"
                          for call in ast.walk(node) if isinstance(call, ast.Call)
                          and isinstance(call.func, ast.Name) and call.func.id in KEYWORDS
                          and call.args and isinstance(call.args[0], ast.Constant)]
    assert found == []


def test_translations_keep_every_placeholder() -> None:
    for msgid, msgstr in german().items():
        ids = [msgid] if isinstance(msgid, str) else list(msgid)
        strs = [msgstr] if isinstance(msgstr, str) else list(msgstr)
        for text in strs:
            assert fields(text) == fields(ids[0]), (msgid, text)


def test_the_compiled_catalog_is_the_po_file() -> None:
    """The shipped .mo says what the .po says (compile after every edit of the .po)."""
    with (locale_dir() / "de" / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
        mo = gettext.GNUTranslations(f)
    for msgid, msgstr in german().items():
        if isinstance(msgid, str):
            assert mo.gettext(msgid) == msgstr
        else:
            assert (mo.ngettext(msgid[0], msgid[1], 1), mo.ngettext(msgid[0], msgid[1], 2)) \
                == tuple(msgstr)


@pytest.mark.parametrize(("env", "expected"), [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT"}, "de"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL comes first: C is English
    ({"LANGUAGE": "fr:de", "LANG": "en_GB.UTF-8"}, "de"),  # the first of ours in the list
    ({"LANGUAGE": "fr", "LANG": "de_DE.UTF-8"}, "de"),  # none of ours there: the next variable
    ({"LC_MESSAGES": "de_CH.UTF-8"}, "de"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
])
def test_the_language_follows_the_environment(env: dict[str, str], expected: str) -> None:
    assert detect(env) == expected


def test_words_and_names_in_the_chosen_language(cards: CardSet) -> None:
    plague = cards.catastrophe_by_id["plague"]
    assert set_language("de") == "de" and language() == "de"
    assert _("Catastrophes") == "Katastrophen" and name(plague.name) == plague.name.de
    assert set_language("en") == "en"
    assert _("Catastrophes") == "Catastrophes" and name(plague.name) == plague.name.en


def test_simulate_in_german(cards: CardSet, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--lang", "de", "--players", "2", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 Partien, 2 Spieler, Startwert 1" in out
    assert "Siege je Platz" in out and "Katastrophen" in out
    assert cards.catastrophe_by_id["plague"].name.de in out


def test_numbers_and_plurals_as_the_reader_writes_them(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["simulate", "--lang", "de", "--players", "2", "--games", "1",
                 "--bots", "random,beginner"]) == 0
    out = capsys.readouterr().out
    assert "1 Partie, 2 Spieler, Startwert 1" in out and "1 Partien" not in out
    assert "100,0\xa0%" in out and "0,0\xa0%" in out and "Anfänger" in out
    assert main(["simulate", "--players", "2", "--games", "1", "--bots", "random,beginner"]) == 0
    out = capsys.readouterr().out
    assert "1 game, 2 players, seed 1" in out and "100.0%" in out
    assert main(["simulate", "--lang", "de", "--games", "100001"]) == 2
    assert "höchstens 100.000 sein" in capsys.readouterr().err


def test_a_refusal_in_the_language_of_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["simulate", "--players", "9"]) == 2
    assert "eine Partie braucht 2 bis 5 Spieler, nicht '9'" in capsys.readouterr().err


def test_an_unknown_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "simulate"]) == 2
    assert "invalid choice: 'fr'" in capsys.readouterr().err


def test_cards_check_in_german(cards: CardSet, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "check", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Machtkarten" in out and "Katastrophenleisten" in out and "Einkommen je Runde" in out
    assert "OK: der eingebaute Kartensatz ist gültig (Version" in out
    assert "Gewinn: Bewohner" in out and "Wert: Mindestgebot" in out
    assert "entworfen" in out and "1 Holz" in out and "nach Art                Holz 18" in out
    for english in ("Gain:", "Val:", "designed", "rulebook", "1 wood", "wood 18"):
        assert english not in out, english


def test_argparse_speaks_german_in_the_help_and_its_refusals(capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    assert main(["--lang", "de", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: peloponnes ")
    assert "\nOptionen:\n" in out and "diese Hilfe zeigen und beenden" in out
    for english in ("usage:", "options:", "show this help message and exit"):
        assert english not in out
    assert main(["--lang", "de", "simulate", "--games"]) == 2
    err = capsys.readouterr().err
    assert "peloponnes simulate: Fehler: Argument --games: ein Wert erwartet" in err
    assert main(["--lang", "de", "frob"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Aufruf: peloponnes ")
    assert "ungültige Wahl: 'frob' (möglich: " in err and "simulate" in err
    assert main(["simulate", "--lang", "de", "--bogus"]) == 2
    assert "Fehler: unbekannte Argumente: --bogus" in capsys.readouterr().err


def test_argparse_keeps_its_english_words_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: peloponnes ") and "\noptions:\n" in out
    assert main(["frob"]) == 2
    assert "peloponnes: error: argument command: invalid choice: 'frob'" in (
        capsys.readouterr().err)


@pytest.mark.parametrize("damage", [b"", b"\x00" * 40, b"\xde\x12\x04\x95" + b"\xff" * 100],
                         ids=["empty", "zeros", "cut"])
def test_a_damaged_catalog_falls_back_to_english(damage, tmp_path, monkeypatch, capsys):
    """A damaged .mo made every German command end as an unexpected error (status 1),
    ``--version`` included: English is shown instead, with one line on stderr."""
    import shutil

    from peloponnes_tui import i18n

    damaged = tmp_path / "locale"
    shutil.copytree(i18n.locale_dir(), damaged)
    (damaged / "de" / "LC_MESSAGES" / "peloponnes.mo").write_bytes(damage)
    monkeypatch.setattr(i18n, "locale_dir", lambda: damaged)
    monkeypatch.setattr(i18n._State, "warned", False)
    assert main(["--lang", "de", "--version"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("peloponnes ")
    assert err.startswith("peloponnes: the texts for the language 'de' cannot be read (")
    assert err.endswith("showing English. Reinstall the program to repair them.\n")
    assert len(err.splitlines()) == 1
    assert main(["cards", "check", "--lang", "de"]) == 0
    out, err = capsys.readouterr()
    assert "Power cards" in out and err == ""  # said once a run
    assert i18n.language() == "en"


async def test_switching_to_a_language_whose_catalog_is_damaged_says_so(cards, tmp_path,
                                                                       monkeypatch):
    """In the app the line on stderr would not be seen: the switch says it, and the app and
    its remembered settings stay English."""
    import shutil

    from support import notifications, settled

    from peloponnes_tui import i18n
    from peloponnes_tui.tui.app import PeloponnesApp

    damaged = tmp_path / "locale"
    shutil.copytree(i18n.locale_dir(), damaged)
    (damaged / "de" / "LC_MESSAGES" / "peloponnes.mo").write_bytes(b"\x00" * 40)
    monkeypatch.setattr(i18n, "locale_dir", lambda: damaged)
    monkeypatch.setattr(i18n._State, "warned", True)  # (stderr is the app's while it runs)
    app = PeloponnesApp(cards=cards, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        told = notifications(app)
        app.switch_language("de")
        await settled(pilot)
        assert [n.message for n in told] == [
            "The texts for the language 'de' cannot be read; the app stays in English. "
            "Reinstall the program to repair them."]
        assert i18n.language() == "en" and app.settings.language != "de"
