"""`n` in the review with no costly choice says so as the page does once every card is judged
("No choice in this hand cost a point or more."), and "yet" only while the judging goes on (it
said "… has been found in this hand (yet)." under "15 of 15 cards all judged")."""

from __future__ import annotations

from pathlib import Path

import pytest

import ai.judge
from game import record
from store.settings import Settings
from tests.support.screens import wait_for
from tests.tui.test_review import _seed_with_hands, played_match
from text.hand_review import HandWalk, ReviewSource
from tui.app import TarocchinoApp
from tui.screens.review import ReviewScreen


async def test_no_costly_choice_is_said_with_yet_only_while_judging(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 8)
    target = 400
    match = played_match(_seed_with_hands(1, target), target)
    path = tmp_path / "match.json"
    record.save(match, path)
    source = ReviewSource.of(record.load(path), judged=[0], title="match.json")
    app = TarocchinoApp(
        settings=Settings(), directory=tmp_path, persist=False, review=ReviewScreen(source, 0)
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await app.workers.wait_for_complete()
        await wait_for(pilot, lambda: review.walk.judged_all)
        said: list[str] = []
        monkeypatch.setattr(review, "notify", lambda message, **_: said.append(str(message)))
        review._costly = []
        review.action_costly()
        monkeypatch.setattr(HandWalk, "judged_all", property(lambda walk: False))
        review.action_costly()
        assert said == [
            "No choice in this hand cost a point or more.",
            "No costly choice has been found yet: the judging goes on.",
        ]
