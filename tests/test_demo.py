"""Every rules demonstration runs, reaches its asserted final state, and narrates its rule."""

from __future__ import annotations

import pytest

from peloponnes_tui.cards import load_cards
from peloponnes_tui.cli import main
from peloponnes_tui.demo.narrator import Narrator, catastrophe_rules, rules
from peloponnes_tui.demo.scenario import (
    ScenarioError,
    ScenarioRun,
    check_expectations,
    list_scenarios,
    load_scenario,
    narrate_text,
    scenario_paths,
)

REQUIRED = {
    "plague", "earthquake", "tempest", "drought", "decline",  # one per catastrophe
    "outbid-chain", "market-tie", "barracks-conquest", "excess-production", "construction",
    "supply-shortfall", "late-protection", "tie-break",
}


def test_every_required_scenario_exists():
    assert {p.stem for p in scenario_paths()} >= REQUIRED


@pytest.mark.parametrize("name", sorted(p.stem for p in scenario_paths()))
def test_scenario_reaches_its_final_state(name, cards):
    scenario = load_scenario(name)
    assert scenario.id == name
    run = ScenarioRun(scenario, cards)
    beats = list(run.beats())
    assert run.done
    assert len(beats) == len(scenario.steps) + 1
    assert check_expectations(scenario, run.game) == []
    # the expectations are not empty: each scenario asserts something about the end state
    e = scenario.expect
    assert e.players or e.log_kinds or e.order or e.winners


SHIPPED = load_cards()


@pytest.mark.parametrize("name, phrase", [
    ("plague", catastrophe_rules(SHIPPED)["plague"]),
    ("decline", catastrophe_rules(SHIPPED)["decline"]),
    ("outbid-chain", rules(SHIPPED)["outbid"]),
    ("late-protection", rules(SHIPPED)["restored"]),
    ("tie-break", rules(SHIPPED)["winner"]),
])
def test_narration_explains_the_rule(name, phrase, cards):
    text = "\n".join(narrate_text(load_scenario(name), cards))
    assert phrase in text
    assert load_scenario(name).title.en in text


def test_each_rule_is_explained_once(cards):
    run = ScenarioRun(load_scenario("outbid-chain"), cards)
    rules = [n.rule for beat in run.beats() for n in beat.narrations if n.rule]
    assert len(rules) == len(set(rules))


def test_narrator_luxury_reasons(cards):
    run = ScenarioRun(load_scenario("excess-production"), cards)
    for _ in run.beats():
        pass
    lux = [e for e in run.game.log if e.kind == "luxury"]
    assert lux and lux[0].data.why == "excess_production"
    key, text = Narrator(cards).rule_for(lux[0])
    assert key == "luxury:excess_production"
    assert "none if luxury goods helped pay" in text


def test_unknown_scenario(tmp_path):
    with pytest.raises(ScenarioError, match="no scenario 'atlantis'"):
        load_scenario("atlantis")


def test_broken_scenario_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\ntitle: {en: t, de: t}\nintro: {en: i, de: i}\nplayers: [A]\n",
                   encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"bad\.yaml, field 'players'"):
        load_scenario(str(bad))


def test_scripted_answer_the_engine_refuses(tmp_path, cards):
    path = tmp_path / "wrong.yaml"
    path.write_text(
        "id: wrong\ntitle: {en: t, de: t}\nintro: {en: i, de: i}\nplayers: [A, B]\nposition:\n"
        "  reveal: [granary, forest, pasture, coast, olive-grove, wheat-fields]\n"
        "  players: [{civ: messene, hand: [grain]}, {civ: sparta, hand: [wood]}]\n"
        "steps:\n  - answer: {kind: place_bid, card: granary, coins: [wood]}\n",
        encoding="utf-8")
    run = ScenarioRun(load_scenario(str(path)), cards)
    run.opening()
    with pytest.raises(ScenarioError, match="refused"):
        run.step()


def test_cli_list_and_text(capsys):
    assert main(["demo", "--list"]) == 0
    out = capsys.readouterr().out
    for sc in list_scenarios():
        assert sc.id in out
    assert main(["demo", "--scenario", "drought", "--text"]) == 0
    out = capsys.readouterr().out
    assert "Drought strikes!" in out
    assert "rule:" in out


def test_cli_unknown_scenario(capsys):
    assert main(["demo", "--scenario", "nowhere", "--text"]) == 2
    assert "no scenario 'nowhere'" in capsys.readouterr().err


def test_cli_narrated_bot_game(capsys):
    assert main(["demo", "--text", "--bots", "random,random", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "wins the game" in out or "win the game" in out
    assert "rule:" in out


# -- German and English ---------------------------------------------------------------------------

def scenario_texts(name):
    """(field, Bilingual) for every text of a scenario: title, intro, each step's say, outro."""
    sc = load_scenario(name)
    out = [("title", sc.title), ("intro", sc.intro)]
    out += [(f"steps[{i}].say", st.say) for i, st in enumerate(sc.steps) if st.say is not None]
    if sc.outro is not None:
        out.append(("outro", sc.outro))
    return out


@pytest.mark.parametrize("name", sorted(p.stem for p in scenario_paths()))
def test_every_scenario_text_is_written_in_german_too(name):
    texts = scenario_texts(name)
    assert [f for f, _t in texts][:2] == ["title", "intro"]
    for field, text in texts:
        assert text.en and text.de, field
        assert text.de != text.en, field  # written in German, not copied


def test_a_scenario_without_german_is_refused(tmp_path):
    path = tmp_path / "english.yaml"
    path.write_text("id: english\ntitle: {en: Plague, de: Pest}\nintro: {en: i, de: i}\n"
                    "players: [A, B]\nsteps:\n  - say: {en: Only English}\n"
                    "    answer: {kind: pass}\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(str(path))
    assert str(info.value) == (f"{path}, field 'steps[0].say': the German text (de) is missing; "
                               "write it in English and German, as {en: ..., de: ...}")


def test_a_scenario_text_in_one_language_is_refused(tmp_path):
    path = tmp_path / "plain.yaml"
    path.write_text("id: plain\ntitle: {en: Plague, de: Pest}\nintro: Only English.\n"
                    "players: [A, B]\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(str(path))
    assert str(info.value) == (f"{path}, field 'intro': a text in one language; write it in "
                               "English and German, as {en: ..., de: ...}")


def test_cli_text_in_german_and_in_english(capsys):
    plague = load_scenario("plague")
    assert main(["demo", "--scenario", "plague", "--text", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"== {plague.title.de} ==\n")
    assert f"» {plague.intro.de}" in out and f"» {plague.outro.de}" in out
    assert "  [Katastrophe] " in out
    assert "      Regel: Die Pest verwüstet Zivilisationen: jeder ungeschützte Spieler deckt " \
        "seine Zivilisationskarte mit einer Münzkarte ab" in out
    # the rule numbers in words, in German: six cards a round, the first two move the markers
    assert "Jede Runde werden sechs Machtkarten aufgedeckt" in out
    assert "Nur die ersten zwei in einer Runde aufgedeckten Karten" in out
    assert "rule:" not in out and plague.intro.en not in out

    assert main(["demo", "--scenario", "plague", "--text", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"== {plague.title.en} ==\n")
    assert f"» {plague.intro.en}" in out and f"» {plague.outro.en}" in out
    assert "  [catastrophe] " in out
    assert "      rule: Plague lays civilizations waste" in out
    assert "Each round six power cards come up" in out
    assert "Regel" not in out and plague.intro.de not in out


def test_cli_list_in_german(capsys):
    assert main(["demo", "--list", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert f"{'plague':20} {load_scenario('plague').title.de}\n" in out


def test_cli_narrated_bot_game_in_german(capsys):
    assert main(["demo", "--text", "--lang", "de", "--bots", "random,random", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("== Eine erzählte Partie: Helena (zufällig), Leonidas (zufällig) ==\n")
    assert "      Regel: Wer passt, zieht drei Münzkarten und verzichtet in dieser Runde auf " \
        "eine Machtkarte." in out


def test_text_shows_the_tableau_an_earthquake_changed_before_and_after(capsys):
    assert main(["demo", "--scenario", "earthquake", "--text", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("  [catastrophe] Helena removes Sawmill (Earthquake).")
    assert lines[at + 1].startswith("      rule: A card that is not covered")
    assert lines[at + 2:at + 4] == [
        "      Helena's tableau before: Olympia · buildings: Sawmill, Granary, Market, Port · "
        "landscapes: - · population 5, power 10",
        "      Helena's tableau after: Olympia · buildings: Granary (covered: Earthquake), "
        "Market, Port · landscapes: - · population 5, power 6",
    ]
    # one step changed one tableau: Leonidas is protected, nothing else is shown
    assert sum("tableau before" in line for line in lines) == 1
    assert sum("tableau after" in line for line in lines) == 1


def test_text_shows_the_tableaux_in_german(capsys):
    assert main(["demo", "--scenario", "earthquake", "--text", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert ("      Auslage von Helena vorher: Olympia · Gebäude: Sägewerk, Kornspeicher, Markt, "
            "Hafen · Landschaften: - · Bevölkerung 5, Machtpunkte 10\n"
            "      Auslage von Helena nachher: Olympia · Gebäude: Kornspeicher (abgedeckt: "
            "Erdbeben), Markt, Hafen · Landschaften: - · Bevölkerung 5, Machtpunkte 6\n") in out
    assert "tableau" not in out


def test_text_shows_a_lost_luxury_card_and_a_covered_civilization(capsys):
    assert main(["demo", "--scenario", "decline", "--text", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert ("      Dimitrios's tableau after: Thebes · buildings: - · landscapes: - · "
            "luxury card (lost) · population 3, power 2\n") in out
    assert ("      Leonidas's tableau after: Sparta · buildings: - · landscapes: - · "
            "luxury card (covered) · population 3, power 2\n") in out
    assert main(["demo", "--scenario", "plague", "--text", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert ("      Auslage von Leonidas nachher: Korinth (abgedeckt) · Gebäude: - · "
            "Landschaften: - · Bevölkerung 0, Machtpunkte 0\n") in out


def test_narrated_bot_game_shows_each_gain_before_and_after(capsys):
    assert main(["demo", "--text", "--bots", "random,random", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("  [gain] Leonidas adds the landscape Quarry.")
    assert lines[at + 2:at + 4] == [
        "      Leonidas's tableau before: Corinth · buildings: - · landscapes: - · "
        "population 2, power 2",
        "      Leonidas's tableau after: Corinth · buildings: - · landscapes: Quarry · "
        "population 3, power 2",
    ]
    # the bidding before it changed no tableau
    assert not any("tableau" in line for line in lines[:at])
