"""The lesson's words (text.lesson): every step speaks in both languages with its numbers filled
in, a wrong try is said in plain words, and damaged progress is said in a sentence."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cards import card
from store.lesson import PROGRESS_FILE, LessonProgress
from table.lesson import STEPS, Lesson, step_of
from text.language import use
from text.lesson import attempt_words, pack_lines, progress_problem, step_text
from text.render import Look


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    use(request.param)
    yield request.param
    use("en")


def test_every_step_has_words(language: str) -> None:
    lesson = Lesson()
    while True:
        said = step_text(lesson, Look())
        words = " ".join([said.title, said.todo.plain, *(p.plain for p in said.body)])
        assert said.title and said.body and "{" not in words, lesson.current.key
        if lesson.finished:
            break
        lesson.skip()


def test_the_pack_lists_62_cards(language: str) -> None:
    faces = " ".join(line.plain for line in pack_lines(Look()) if line.style != "bold").split()
    assert len(faces) == 62 and len(set(faces)) == 62


def test_the_numbers_said_are_the_hand_s() -> None:
    lesson = Lesson(step_of("sheet_total"))
    said = " ".join(p.plain for p in step_text(lesson, Look()).body)
    assert "234" in said and "235" in said and "200" in said
    lesson = Lesson(step_of("their_declarations"))
    lines = [p.plain for p in step_text(lesson, Look()).body]
    assert lines[0].startswith("Bruno: Fanti") and lines[0].endswith("12")


def test_a_wrong_try_in_plain_words(language: str) -> None:
    lesson = Lesson(step_of("follow"))
    refused = attempt_words(lesson.try_card(card("T16")), lesson, "T16", Look())
    other = attempt_words(lesson.try_card(card("7S")), lesson, "7♠", Look())
    assert "T16" in refused and "7♠" in other and "K♠" in other


def test_damaged_progress_is_said(language: str, tmp_path: Path) -> None:
    (tmp_path / PROGRESS_FILE).write_text("{broken")
    _step, error = LessonProgress(tmp_path, len(STEPS)).read_telling()
    assert error is not None
    said = progress_problem(error)
    assert said.endswith(".") and "{" not in said


def test_every_trick_s_taker_is_said_in_the_play() -> None:
    said = set()
    for i, step in enumerate(STEPS):
        if step.key in ("card", "overtrump", "last_trick"):
            lesson = Lesson(i)
            body = [p.plain for p in step_text(lesson, Look()).body]
            n = len(lesson.view().tricks)
            assert body[0].startswith(f"Trick {n}: ") and " took it with " in body[0]
            assert len(body) >= 3, step.key  # where the card may go, and why this one
            said.add(n)
    assert said == set(range(5, 15))


def test_the_others_declarations_follow_from_the_rules() -> None:
    said = " ".join(p.plain for p in step_text(Lesson(step_of("their_reasons")), Look()).body)
    assert "no Jack needed" in said and "without the Mondo" in said
