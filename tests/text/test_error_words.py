"""The errors handed up from below text (records, saves, seats and names, the data directory's
lock, the last match's note, themes) in words: in English exactly the log message the error
carries, in Italian from the catalogue, where the command line and the screens show them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.main import main
from game import record
from game.errors import RecordError
from game.match import Match
from game.rules import Rules
from store.lastmatch import NOTE_FILE, LastMatchNote
from store.lock import DirectoryBusy
from store.save import SaveError, SaveStore
from table.names import names_problem
from table.session import SeatsError, parse_seats
from tests.support.matches import saved_match
from text import language
from text.lastmatch import unread_note
from text.problems import error_words
from text.records import record_problem
from text.saved import damaged_words, kept_words
from text.seats import name_words
from text.themes import ThemeError, read_theme, theme_problem


@pytest.fixture(autouse=True)
def _english_again(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A data directory of the test's own; English again afterwards (the tests share
    processes)."""
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    yield
    language.use("en")


def _record(tmp_path: Path) -> dict:
    """A short match's record, as JSON data."""
    match = Match(7, Rules(target=300))
    for _ in range(12):
        match.apply(sorted(match.legal_actions(), key=str)[0])
    return json.loads(record.dumps(match))


def _resealed(data: dict, **changes: object) -> dict:
    body = {k: v for k, v in {**data, **changes}.items() if k != "sha256"}
    return {**body, "sha256": record._checksum(body)}


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: "[1, 2]",
        lambda d: json.dumps({"format": "chess"}),
        lambda d: json.dumps(_resealed(d, version=True)),
        lambda d: json.dumps({k: v for k, v in d.items() if k != "actions"}),
        lambda d: json.dumps({**d, "extra": 1}),
        lambda d: json.dumps({**d, "seed": 8}),
        lambda d: json.dumps(_resealed(d, first_dealer="x")),
        lambda d: json.dumps(_resealed(d, actions=[*d["actions"][:3], "fly away"])),
        lambda d: json.dumps(_resealed(d, actions=[*d["actions"][:3], "play XX"])),
        lambda d: json.dumps(_resealed(d, actions=[*d["actions"][:3], "declare nonsense"])),
        lambda d: json.dumps(_resealed(d, stand_ins={"9": {"0": "hard"}})),
        lambda d: json.dumps(_resealed(d, stand_ins={"0": {"0": {"by": "hard", "why": "x"}}})),
        lambda d: json.dumps(d)[:-40],
    ],
)
def test_a_records_problem_in_english_is_its_message(tmp_path: Path, damage) -> None:
    path = tmp_path / "r.json"
    path.write_text(damage(_record(tmp_path)))
    with pytest.raises(RecordError) as caught:
        record.load_recorded(path)
    assert record_problem(caught.value) == str(caught.value)
    language.use("it")
    assert record_problem(caught.value).startswith("impossibile leggere la registrazione ")


def test_review_of_a_truncated_record_says_it_in_italian(tmp_path: Path, capsys) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_record(tmp_path))[:-40])
    assert main(["--lang", "it", "review", str(path)]) == 2
    err = capsys.readouterr().err
    assert "impossibile leggere la registrazione" in err and "non è JSON valido" in err
    assert "cannot read" not in err


def test_a_bad_seats_option_says_it_in_italian(capsys) -> None:
    assert main(["--lang", "it", "play", "--seats", "human,easy,easy"]) == 2
    err = capsys.readouterr().err
    assert "servono esattamente quattro posti, non 3" in err and "give" not in err


@pytest.mark.parametrize(
    ("kinds", "names"),
    [
        (["human", "easy"], None),
        (["human"] * 4, ["A", "B", "C"]),
        (["human"] * 4, ["A", "B", "C", "D" * 17]),
        (["human", "nosuchbot", "easy", "easy"], None),
        (["human"] * 4, ["Anna", "Bruno", "ANNA", "Dario"]),
        (["human"] * 4, ["Anna", "Bruno", "Anna", "Dario"]),
        (["human"] * 4, ["Anna\u200b", "Bruno", "Carla", "Dario"]),
        (["human"] * 4, ["\u0301Anna", "Bruno", "Carla", "Dario"]),
    ],
)
def test_seats_problems_in_english_are_their_messages(kinds, names) -> None:
    with pytest.raises(SeatsError) as caught:
        parse_seats(kinds, names)
    assert error_words(caught.value) == str(caught.value)
    language.use("it")
    assert error_words(caught.value) != str(caught.value)


def test_names_that_look_alike_in_italian() -> None:
    problem = names_problem(["Anna", "Bruno", "Аnna", "Dario"])
    assert problem is not None
    language.use("it")
    assert name_words(problem).startswith("i nomi dei posti 1 e 3 sembrano uguali")


def test_a_damaged_saves_notice_in_italian(tmp_path: Path) -> None:
    saved_match(tmp_path)
    store = SaveStore(tmp_path)
    store.path.write_text(store.path.read_text()[:-30])
    with pytest.raises(SaveError) as caught:
        store.read()
    language.use("it")
    said = damaged_words(caught.value, store.set_aside())
    assert said.startswith("Non si è potuta leggere la partita salvata: impossibile leggere ")
    assert said.endswith("È stata conservata come autosave.json.damaged.")


def test_a_kept_save_in_both_languages(tmp_path: Path) -> None:
    saved_match(tmp_path)
    kept = SaveStore(tmp_path).keep_as_backup()
    assert kept is not None
    assert kept_words(kept) == "The saved match was kept as autosave.json.backup."
    language.use("it")
    assert kept_words(kept) == "La partita salvata è stata conservata come autosave.json.backup."


def test_a_save_of_a_finished_match_in_english_is_its_message() -> None:
    error = SaveError("the saved match is already over", "over")
    assert error_words(error) == str(error)


def test_a_busy_directory_in_both_languages(tmp_path: Path) -> None:
    busy = DirectoryBusy("x", tmp_path, "1234")
    assert error_words(busy).startswith(
        f"another Tarocchino game (process 1234) is using {tmp_path}"
    )
    language.use("it")
    assert error_words(busy).startswith("un'altra partita di Tarocchino (processo 1234)")


def test_an_unread_note_in_italian(tmp_path: Path) -> None:
    (tmp_path / NOTE_FILE).write_text('{"format": "x"}')
    last, said = LastMatchNote(tmp_path).read_telling()
    assert last is None and said is not None
    language.use("it")
    assert unread_note(said) == (
        "La sua nota non si è potuta leggere (non è una nota) ed è stata messa da parte."
    )


def test_a_themes_problem_in_both_languages(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(
        'title = "Bad"\n[textual]\nbase = "textual-dark"\ndark = 3\n'
    )
    with pytest.raises(ThemeError) as caught:
        read_theme("bad", tmp_path)
    assert theme_problem(caught.value) == str(caught.value)
    assert str(caught.value) == "bad.toml: textual.dark must be true or false"
    language.use("it")
    assert theme_problem(caught.value) == "bad.toml: textual.dark deve essere true o false"
