"""Names a person can tell apart: a name with an invisible character (a zero-width space, a
right-to-left override, a variation selector) is refused with the character named, and so are
two seats whose names look the same ("Anna" and "Аnna" with a Cyrillic А, "ANNA", "Ａｎｎａ"), at
``play --names``, on the start screen, in ``export``/``review --names``; a remembered setup or a
last match's note holding such a name is not taken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input

from cli.main import main
from store.lastmatch import LastMatch, NoteError
from store.match_setup import SETUP_FILE, MatchSetup, load_setup
from table.names import look_alike, name_problem, skeleton
from table.session import parse_seats
from tests.support.matches import note_data
from tests.support.screens import idle, make_app, press, screen_text, wait_for
from tui.screens.start import StartScreen

CYRILLIC_A = "\u0410nna"  # "Аnna": its first letter is Cyrillic
KINDS = ["human", "easy", "human", "easy"]


@pytest.mark.parametrize("other", [CYRILLIC_A, "ANNA", "anna", "Ａｎｎａ", "Anna", "\u0391nna"])
def test_names_that_look_the_same_are_refused(other: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_seats(KINDS, ["Anna", "Bot1", other, "Bot2"])
    said = str(refused.value)
    assert (
        "seats 1 and 3 look the same" in said and "must look different" in said
        if other != "Anna"
        else said == "the four names must be different"
    )


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Anna\u200b", "U+200B"),  # zero width space
        ("\u202eanna", "U+202E"),  # right-to-left override: turns the line around
        ("An\u200fna", "U+200F"),  # right-to-left mark
        ("Anna\u034f", "U+034F"),  # combining grapheme joiner: printable, shows nothing
        ("Anna\ufe0f", "U+FE0F"),  # variation selector
        ("\u3164", "U+3164"),  # Hangul filler: a letter that shows nothing
    ],
)
def test_a_name_with_an_invisible_character_is_refused_naming_it(name: str, code: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_seats(KINDS, [name, "Bot1", "Carla", "Bot2"])
    assert code in str(refused.value) and "invisible" in str(refused.value)


def test_names_of_other_alphabets_and_accents_stay_welcome() -> None:
    names = ["Анна", "José", "Zoë", "张伟"]  # Cyrillic, accents, Chinese: all look different
    assert [s.name for s in parse_seats(KINDS, names)] == names
    assert name_problem("\u0301Anna") is not None  # a mark with no letter under it
    assert look_alike(["Anna", "Анна", "Аnna"]) == (0, 2)
    assert skeleton("Zoe\u0308") == skeleton("Zoë") and skeleton("Ann  a") == skeleton("Ann a")


@pytest.mark.parametrize("command", [["play", "--seats", ",".join(KINDS)], ["export", "REC"]])
def test_the_command_line_refuses_them_in_one_line(
    command: list[str], capsys, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    record = tmp_path / "match.json"
    record.write_text("{}")
    argv = [str(record) if a == "REC" else a for a in command]
    for names, said in (
        (f"Anna,Bot1,{CYRILLIC_A},Bot2", "look the same"),
        ("Anna\u200b,Bot1,Carla,Bot2", "U+200B"),
    ):
        assert main([*argv, "--names", names]) == 2
        err = capsys.readouterr().err.strip()
        assert said in err and "\n" not in err and "Traceback" not in err, err
    assert not (tmp_path / "save.json").exists()


async def test_the_start_screen_says_why(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        start = app.screen
        start.query_one("#name-0", Input).value = "Anna"
        start.query_one("#name-2", Input).value = CYRILLIC_A
        start.query_one("#start").focus()
        await press(pilot, "enter")
        await idle(pilot)
        assert app.screen is start  # no match started
        text = " ".join(screen_text(app).split())
        assert "The names of seats 1 and 3 look the same" in text, text


def test_a_remembered_setup_or_note_with_such_a_name_is_not_taken(tmp_path: Path) -> None:
    kinds = ("human", "hard", "hard", "hard")
    data = {"kinds": list(kinds), "names": ["Anna\u200b", "", "", ""], "target": 500}
    (tmp_path / SETUP_FILE).write_text(json.dumps(data))
    setup = load_setup(tmp_path, kinds)
    assert setup.names == MatchSetup().names and setup.target == 500
    with pytest.raises(NoteError):
        LastMatch.from_json(note_data(names=["Anna", "Bruno\u034f", "Carla", "Dario"]))
    LastMatch.from_json(note_data(names=["Anna", "Bruno", "Carla", "Dario"]))  # (as it was)
