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
    assert load_scenario(name).title in text


def test_each_rule_is_explained_once(cards):
    run = ScenarioRun(load_scenario("outbid-chain"), cards)
    rules = [n.rule for beat in run.beats() for n in beat.narrations if n.rule]
    assert len(rules) == len(set(rules))


def test_narrator_luxury_reasons(cards):
    run = ScenarioRun(load_scenario("excess-production"), cards)
    for _ in run.beats():
        pass
    lux = [e for e in run.game.log if e.kind == "luxury"]
    assert lux and lux[0].get("why") == "excess_production"
    key, text = Narrator(cards).rule_for(lux[0])
    assert key == "luxury:excess_production"
    assert "none if luxury goods helped pay" in text


def test_unknown_scenario(tmp_path):
    with pytest.raises(ScenarioError, match="no scenario 'atlantis'"):
        load_scenario("atlantis")


def test_broken_scenario_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\ntitle: t\nintro: i\nplayers: [A]\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"bad\.yaml, field 'players'"):
        load_scenario(str(bad))


def test_scripted_answer_the_engine_refuses(tmp_path, cards):
    path = tmp_path / "wrong.yaml"
    path.write_text(
        "id: wrong\ntitle: t\nintro: i\nplayers: [A, B]\nposition:\n"
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
