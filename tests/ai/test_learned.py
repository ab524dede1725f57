"""The learned playout policy: its shipped weights, their loading, and its chooser."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ai.hard import HardBot
from ai.learned import (
    CONTEXTS,
    FEATURES,
    MAX_WEIGHT,
    ModelError,
    PlayoutModel,
    learned_chooser,
    load_model,
    shipped_model,
)
from ai.policy import respond
from ai.registry import make_bot
from ai.spec import SpecError, parse_spec
from game.cards import FULL_PACK, cards_of
from game.kernel import PlayState, random_chooser
from game.match import Match
from game.phase import Phase


def test_the_shipped_weights_are_present_bounded_and_say_how_they_were_made() -> None:
    model = load_model()
    assert len(model.weights) == len(CONTEXTS)
    assert all(len(row) == len(FEATURES) for row in model.weights)
    assert all(abs(w) <= MAX_WEIGHT for row in model.weights for w in row)
    made = model.made_by
    assert made["command"].startswith("tarocchino train ") and "--seed" in made["command"]
    assert isinstance(made["seed"], int) and made["choices_fitted"] > 1000
    assert made["held_out_agreement"] > made["held_out_rules_agreement"] - 0.05
    assert shipped_model() == model


def _written(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "model.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def _good() -> dict:
    return PlayoutModel(((0.5,) * len(FEATURES),) * len(CONTEXTS), {"seed": 1}).to_json()


def test_a_model_written_is_read_back(tmp_path: Path) -> None:
    model = load_model(_written(tmp_path, _good()))
    assert model.weights[0][0] == 0.5 and model.made_by == {"seed": 1}


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(format="other"), "not a playout model"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d["features"].pop(), "other features"),
        (lambda d: d["weights"].pop(), "7 rows"),
        (lambda d: d["weights"][2].append(1.0), "12 numbers"),
        (lambda d: d["weights"][3].__setitem__(0, 1e9), "out of bounds"),
        (lambda d: d["weights"][3].__setitem__(0, "1"), "not a finite number"),
        (lambda d: d["weights"][3].__setitem__(0, float("nan")), "not a finite number"),
        (lambda d: d.update(made_by=[]), "made_by"),
    ],
)
def test_a_bad_model_file_is_refused_with_what_is_wrong(tmp_path: Path, change, said) -> None:
    data = _good()
    change(data)
    path = _written(tmp_path, data)
    with pytest.raises(ModelError, match=said) as caught:
        load_model(path)
    assert str(path) in str(caught.value)


def test_a_missing_or_broken_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="cannot be read"):
        load_model(tmp_path / "none.json")
    with pytest.raises(ModelError, match="cannot be read"):
        load_model(_written(tmp_path, "{not json"))
    with pytest.raises(ModelError, match="larger than"):
        load_model(_written(tmp_path, " " * 300_000))


def test_the_chooser_plays_the_card_of_best_score() -> None:
    """The chooser's fast sums are the model's plain ones (:meth:`PlayoutModel.score`)."""
    model = shipped_model()
    rand = random.Random(3)
    choose = learned_chooser(model, rand.random, 0.0)
    walk = random_chooser(rand.random)  # the cards played: random, each choice checked
    checked = 0
    for seed in range(6):
        match = Match(seed)
        while match.hand.phase != Phase.PLAY:
            view = match.view(match.turn)
            match.apply(view.legal[0])
        state = PlayState.from_view(match.view(match.turn))
        state.hands = list(match.hand.hands)

        def both(hand, legal, trick, winning, gone):
            nonlocal checked
            unseen = FULL_PACK & ~gone & ~hand
            picked = choose(hand, legal, trick, winning, gone)
            rules = respond(hand, legal, trick, winning, unseen)
            scores = {
                c: model.score(c, hand, trick, winning, unseen, rules) for c in cards_of(legal)
            }
            assert scores[picked] == pytest.approx(max(scores.values()))
            checked += 1
            return walk(hand, legal, trick, winning, gone)

        state.finish(both)
    assert checked > 100


def test_the_hard_bot_plays_its_playouts_by_the_learned_policy() -> None:
    bot = make_bot("hard", iterations=4, playout="learned")
    assert isinstance(bot, HardBot) and bot.settings.model == shipped_model()
    assert make_bot("hard").settings.model is None  # the rules of thumb stay the default
    match = Match(5)
    while match.winner is None and not match.results:
        view = match.view(match.turn)
        match.apply(bot.choose(view, view.legal, random.Random(1)))
    assert match.results


def test_an_unknown_playout_is_refused() -> None:
    with pytest.raises(SpecError, match="playout must be one of rules, learned"):
        parse_spec("hard:playout=neural")
