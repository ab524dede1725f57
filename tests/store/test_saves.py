"""The autosave and the data directory: damaged saves set aside (never overwriting an older one),
a new match keeping the saved one as a backup, `play --seats` asking first, one game per
directory."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
from pathlib import Path

import pytest

from cli import play
from game import record
from game.files import clip_path
from store.lock import DataLock
from store.save import Kept, SaveError, SaveStore, from_save_json
from store.settings import Settings, load_settings, read_settings
from table.session import Session, parse_seats
from tests.support.matches import saved_match
from tests.support.screens import press
from text.saved import damaged_words, describe_saved, kept_words
from text.storage import saved_words, settings_unread, tell_saved
from tui.app import TarocchinoApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen

SEATS = parse_seats(["human", "random", "random", "random"])
FAST = Settings(bot_delay=0.0, trick_pause=0.0, suit_marks="ascii", color=True)


def test_the_saved_match_says_where_the_hand_is(tmp_path: Path) -> None:
    """The start screen and `play` tell which trick the saved hand is at (or the discard)."""
    expected = {
        0: "Hand 1, the discard · You & Carla 0 · Bruno & Dario 0 · to 800",
        52: "Hand 1, trick 12 of 15 · You & Carla 0 · Bruno & Dario 0 · to 800",
    }
    session = Session.new(SEATS, seed=5)  # resumed between two hands: the sheet comes first
    rng = random.Random(1)
    while not session.results:
        session.apply(rng.choice(sorted(session.match.legal_actions(), key=str)))
    SaveStore(tmp_path).write(session)
    assert describe_saved(SaveStore(tmp_path).info()).startswith("Hand 1 over · You & Carla ")
    for actions, text in expected.items():
        saved_match(tmp_path, actions=actions)
        assert describe_saved(SaveStore(tmp_path).info()) == text


def test_an_unseeded_save_replays_and_holds_only_the_hands_dealt(tmp_path: Path) -> None:
    saved_match(tmp_path, actions=70, seed=None)
    data = json.loads((tmp_path / "autosave.json").read_text())
    assert data["record"]["seed"] is None and len(data["record"]["shuffles"]) == 2
    session = SaveStore(tmp_path).read()
    assert len(session.match.actions) == 70 and session.match.shuffles == data["record"]["shuffles"]


def said(kept: Kept | None) -> str:
    """What the player is told of the saved match kept before a new one ("" for nothing)."""
    return kept_words(kept) if kept is not None else ""


def _edit_record(path: Path, **changes: object) -> None:
    """Change fields of the save's record and recompute its checksum (a careful forger)."""
    data = json.loads(path.read_text())
    body = {k: v for k, v in {**data["record"], **changes}.items() if k != "sha256"}
    data["record"] = {**body, "sha256": record._checksum(body)}
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_text("[" * 5000 + "]" * 5000),
        lambda p: p.write_text('{"format": "tarocchino-save", "version": true}'),
        lambda p: p.write_text(p.read_text().replace('"seed": 5', '"seed": ' + "9" * 5000)),
        lambda p: _edit_record(p, first_dealer=1.0),
        lambda p: _edit_record(p, shuffles=["0" * 32]),
        lambda p: (p.unlink(), p.symlink_to("/dev/zero")),
        lambda p: (p.unlink(), os.mkfifo(p)),
        lambda p: p.write_bytes(b" " * (17 << 20)),
        lambda p: p.write_text(p.read_text().replace('"kind": "random"', '"kind": 1')),
    ],
)
def test_a_damaged_save_is_an_error_and_is_set_aside(tmp_path: Path, damage) -> None:
    saved_match(tmp_path)
    store = SaveStore(tmp_path)
    damage(store.path)
    with pytest.raises(SaveError) as caught:
        store.info()
    message = damaged_words(caught.value, store.set_aside())
    assert "could not be read" in message and "kept as autosave.json.damaged." in message
    assert not store.exists() and len(message) < 400
    assert os.path.lexists(tmp_path / "autosave.json.damaged")


def test_damaged_saves_are_numbered_never_overwritten(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    for n in range(3):
        store.path.write_text(f"damaged {n}")
        assert store.set_aside() is not None
    kept = {p.name: p.read_text() for p in tmp_path.iterdir()}
    assert kept == {
        "autosave.json.damaged": "damaged 0",
        "autosave.json.damaged.2": "damaged 1",
        "autosave.json.damaged.3": "damaged 2",
    }
    assert store.set_aside() is None  # nothing left to move


def test_set_aside_never_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(tmp_path)
    store.path.write_text("{")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "link", refuse)
    monkeypatch.setattr(os, "rename", refuse)
    assert store.set_aside() is None
    message = damaged_words(SaveError("not valid JSON"), store.set_aside())
    assert "could not be moved aside" in message and store.exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes any file")
def test_an_unreadable_save_in_an_unwritable_directory(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    saved_match(data)
    (data / "autosave.json").chmod(0)
    data.chmod(0o555)
    try:
        store = SaveStore(data)
        with pytest.raises(SaveError, match="Permission denied"):
            store.read()
        assert "left as it is" in damaged_words(SaveError("x"), store.set_aside())
    finally:
        data.chmod(0o755)


def test_a_new_match_keeps_the_saved_one_as_a_numbered_backup(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    first = saved_match(tmp_path, actions=52)
    assert store.next_backup_name() == "autosave.json.backup"
    assert said(store.keep_as_backup()) == "The saved match was kept as autosave.json.backup."
    second = saved_match(tmp_path, actions=20)
    assert said(store.keep_as_backup()) == "The saved match was kept as autosave.json.backup.2."
    assert (tmp_path / "autosave.json.backup").read_bytes() == first
    assert (tmp_path / "autosave.json.backup.2").read_bytes() == second
    assert not store.exists() and store.keep_as_backup() is None
    store.path.write_text("{ damaged")
    assert "kept as autosave.json.damaged" in said(store.keep_as_backup())


def test_save_seats_are_checked_like_the_start_screen(tmp_path: Path) -> None:
    saved_match(tmp_path)
    data = json.loads((tmp_path / "autosave.json").read_text())
    data["seats"][1]["name"] = data["seats"][0]["name"]
    with pytest.raises(SaveError, match="different"):
        from_save_json(data)


def test_bounded_settings_file(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"bot_delay": 1e300, "trick_pause": 0.5}')
    assert load_settings(tmp_path).bot_delay == Settings().bot_delay
    assert load_settings(tmp_path).trick_pause == 0.5
    (tmp_path / "settings.json").write_text("[" * 10_000)
    assert load_settings(tmp_path) == Settings.default()


async def test_unreadable_settings_are_said_and_left_as_they_are(tmp_path: Path) -> None:
    assert read_settings(tmp_path) == (Settings.default(), None)  # none yet: nothing to say
    damaged = "[" * 10_000
    (tmp_path / "settings.json").write_text(damaged)
    settings, problem = read_settings(tmp_path)
    assert settings == Settings.default()
    assert problem is not None and settings_unread(problem) == (
        "The settings could not be read (settings.json: nested deeper than 32 "
        "levels): the defaults are used until you change one."
    )
    app = TarocchinoApp(settings=FAST, directory=tmp_path)
    notices: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: notices.append(str(message)) or notify(message, **kw)
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, StartScreen))
    assert settings_unread(problem) in notices
    assert (tmp_path / "settings.json").read_text() == damaged


# --------------------------------------------------------------------------- the command line
def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tarocchino")
    play.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["play", *argv])


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "_interactive", lambda: False)
    return tmp_path


def test_play_seats_refuses_to_replace_a_saved_match(data: Path, monkeypatch, capsys) -> None:
    before = saved_match(data)
    ran = []
    monkeypatch.setattr(TarocchinoApp, "run", lambda self: ran.append(self._start))
    args = _args("--seats", "human,easy,easy,easy")
    assert args.func(args) == 2 and not ran
    err = capsys.readouterr().err
    assert "a match is saved (Hand 1, trick 12 of 15 · You & Carla" in err
    assert "--new" in err and "--resume" in err
    assert (data / "autosave.json").read_bytes() == before
    args = _args("--seats", "human,easy,easy,easy", "--new")
    assert args.func(args) == 0 and ran


def test_play_asks_on_a_terminal(data: Path, monkeypatch, capsys) -> None:
    saved_match(data)
    ran = []
    monkeypatch.setattr(TarocchinoApp, "run", lambda self: ran.append(self._start))
    monkeypatch.setattr(play, "_interactive", lambda: True)
    answers = iter(["", "y"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    args = _args("--seats", "human,easy,easy,easy")
    assert args.func(args) == 0 and not ran  # Enter means no
    assert "Nothing changed" in capsys.readouterr().out
    assert args.func(args) == 0 and ran


def test_a_second_game_gets_a_message(data: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(TarocchinoApp, "run", lambda self: pytest.fail("the game started"))
    with DataLock(data):
        args = _args("--resume")
        assert args.func(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "another Tarocchino game" in err and str(data) in err
    assert err.startswith("tarocchino play: error: ")


def test_play_cleans_stale_temporaries(data: Path, monkeypatch) -> None:
    (data / ".autosave.json.k3j4h5g6.tmp").write_text("half")
    monkeypatch.setattr(TarocchinoApp, "run", lambda self: None)
    args = _args()
    assert args.func(args) == 0
    assert not (data / ".autosave.json.k3j4h5g6.tmp").exists()


# --------------------------------------------------------------------------- the start screen
async def _until(pilot, condition) -> None:
    for _ in range(2000):
        await pilot.pause(0.005)
        if condition():
            return
    raise AssertionError("the condition never held")


async def test_resuming_with_nothing_saved_says_so_in_a_sentence(tmp_path: Path) -> None:
    """After the last sheet of a match (a finished match leaves no save), `play --resume`."""
    app = TarocchinoApp(settings=FAST, directory=tmp_path, resume=True, persist=False)
    notices: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: notices.append(str(message)) or notify(message, **kw)
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: bool(notices))
        assert isinstance(app.screen, StartScreen)
    assert notices == ["There is no saved match. Start a new match."], notices


async def test_start_screen_asks_before_replacing_the_saved_match(tmp_path: Path) -> None:
    before = saved_match(tmp_path)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, StartScreen))
        start = app.screen
        for i in (1, 2, 3):
            start.query_one(f"#kind-{i}").value = "random"
        start.start()
        await _until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "autosave.json.backup" in str(app.screen.question)
        await press(pilot, "escape")  # no: nothing changes
        await _until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert (tmp_path / "autosave.json").read_bytes() == before
        start.start()
        await _until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await press(pilot, "enter")
        await _until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        await asyncio.sleep(0)
    assert (tmp_path / "autosave.json.backup").read_bytes() == before


def test_a_save_that_fails_is_said_once_and_its_return_too(tmp_path: Path) -> None:
    session = Session.new(SEATS, seed=5)
    (tmp_path / "data").write_text("a file where the data folder should be")
    store = SaveStore(tmp_path / "data")
    failed = store.save(session)
    assert isinstance(failed, OSError)
    said = saved_words(failed)
    assert said[1] == "error"
    assert said[0].startswith(
        f"Could not save the match: a file is in the way of the folder "
        f"{clip_path(str(tmp_path / 'data'))}. The game goes on, but is not saved"
    )
    session.apply(sorted(session.match.legal_actions(), key=str)[0])
    assert store.save(session) is None  # not said again at every move
    (tmp_path / "data").unlink()
    again = store.save(session)
    assert again is True and saved_words(again) == ("The match is saved again.", "information")
    assert store.read().match.actions == session.match.actions
    assert store.save(session) is None


def test_saving_tells_the_player_in_one_notification(tmp_path: Path) -> None:
    """The one piece of code that saves and tells the player (the start of a match and every
    move at the table): the problem once, as an error, then that it saves again."""
    session = Session.new(SEATS, seed=5)
    (tmp_path / "data").write_text("a file where the data folder should be")
    store = SaveStore(tmp_path / "data")
    told: list[tuple[str, str, float]] = []

    def notify(message: str, *, severity: str, timeout: float) -> None:
        told.append((message, severity, timeout))

    tell_saved(store, session, notify)
    tell_saved(store, session, notify)
    (tmp_path / "data").unlink()
    tell_saved(store, session, notify)
    assert [(m.split(":")[0], s, t) for m, s, t in told] == [
        ("Could not save the match", "error", 10),
        ("The match is saved again.", "information", 10),
    ]


async def test_the_table_says_once_that_the_match_cannot_be_saved(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("a file where the data folder should be")
    seats = parse_seats(["random"] * 4)
    app = TarocchinoApp(settings=FAST, directory=data, seats=seats, seed=3, persist=False)
    notices: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: notices.append(str(message)) or notify(message, **kw)
    async with app.run_test(size=(100, 30)):
        table = None
        for _ in range(2000):
            table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
            if table is not None and len(table.session.match.actions) > 20:
                break
            await asyncio.sleep(0.005)
        assert table is not None and len(table.session.match.actions) > 20
    assert sum(n.startswith("Could not save the match") for n in notices) == 1, notices
