"""The session, the save, the settings and the faces, without the screens."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ai.driver import decision_rng
from game.cards import CODES, N_CARDS, sorted_for_display
from game.match import Match
from store.save import SaveError, SaveStore, from_save_json, to_save_json
from store.settings import Settings, data_dir, load_settings, save_settings
from table.session import Seat, Session, parse_seats
from text.render import Look, box_lines, face
from tui.widgets.hand_view import HandView


def test_parse_seats_defaults_and_errors() -> None:
    seats = parse_seats(["human", "hard", "easy", "random"])
    assert [s.name for s in seats] == ["You", "Bruno", "Carla", "Dario"]
    assert seats[0].human and not seats[1].human
    two = parse_seats(["human", "easy", "HUMAN", "easy"], ["", "", "", ""])
    assert [s.name for s in two] == ["Anna", "Bruno", "Carla", "Dario"]
    with pytest.raises(ValueError, match="four seats"):
        parse_seats(["human", "easy"])
    with pytest.raises(ValueError, match="seat 2: unknown bot 'genius'"):
        parse_seats(["human", "genius", "easy", "easy"])
    with pytest.raises(ValueError, match="different"):
        parse_seats(["human"] * 4, ["A", "A", "B", "C"])


def test_decision_rng_is_deterministic() -> None:
    a = [decision_rng(7, 1, 12).random() for _ in range(3)]
    assert a == [decision_rng(7, 1, 12).random() for _ in range(3)]
    assert decision_rng(7, 1, 12).random() != decision_rng(7, 2, 12).random()


def _play_some(session: Session, n: int) -> None:
    rng = random.Random(3)
    for _ in range(n):
        legal = session.match.legal_actions()
        session.apply(legal[int(rng.random() * len(legal))])


def test_undo_stays_within_the_trick_in_progress() -> None:
    seats = parse_seats(["human", "random", "random", "random"])
    session = Session.new(seats, seed=11)
    rng = random.Random(3)
    checked = 0
    while session.match.winner is None and checked < 40:
        m = session.match
        legal = m.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        mine = m.turn == 0 and action.kind == "play"
        before = list(m.actions)
        session.apply(action)
        if not mine:
            continue
        if session.match.hand.trick:  # the trick goes on: the card may come back
            keep = session.undo_point(0)
            assert keep == len(before)
            probe = Session.replay(seats, Match(11), list(session.match.actions))
            assert probe.undo(0) and probe.match.actions == before
            assert probe.match.turn == 0 and probe.match.phase == "play"
            assert len(probe.actors) == len(probe.match.actions)
        else:  # the human's card closed the trick (or the hand): it stays
            assert session.undo_point(0) is None
        # Once the others have finished the trick, nothing of it comes back.
        while session.match.winner is None and session.match.hand.trick:
            legal = session.match.legal_actions()
            session.apply(legal[0])
        assert session.undo_point(0) is None
        checked += 1
    assert checked >= 20


def test_undo_is_off_with_two_people_at_the_table() -> None:
    seats = parse_seats(["human", "random", "human", "random"])
    session = Session.new(seats, seed=11)
    for _ in range(30):
        session.apply(session.match.legal_actions()[0])
        for seat in (0, 2):
            assert session.undo_point(seat) is None


def test_save_round_trip_and_damage(tmp_path: Path) -> None:
    seats = parse_seats(["human", "random", "human", "random"], ["Ann", "Bo", "Cy", "Di"])
    session = Session.new(seats, seed=5, target=500)
    _play_some(session, 40)
    store = SaveStore(tmp_path)
    store.write(session)
    back = store.read()
    assert back.seats == seats
    assert back.match.actions == session.match.actions
    assert back.match.rules.target == 500
    assert back.actors == session.actors
    info = store.info()
    assert info.target == 500 and info.seats[0] == Seat("human", "Ann")
    data = json.loads(store.path.read_text())
    assert data["format"] == "tarocchino-save" and data["version"] == 1
    data["record"]["actions"].append("play KS")
    with pytest.raises(SaveError, match="checksum"):
        from_save_json(data)
    store.path.write_text("{ not json")
    with pytest.raises(SaveError, match="not valid JSON"):
        store.read()
    store.path.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(SaveError, match="not a Tarocchino save"):
        store.read()
    moved = store.set_aside()
    assert moved is not None and moved.exists() and not store.exists()
    with pytest.raises(SaveError, match="no saved match"):
        store.read()
    assert to_save_json(session)["seats"][1] == {"kind": "random", "name": "Bo"}


def test_settings_persist_and_tolerate_garbage(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert load_settings(tmp_path) == Settings()
    s = Settings(bot_delay=0.3, trick_pause=0.0, suit_marks="ascii", color=False)
    save_settings(s, tmp_path)
    assert load_settings(tmp_path) == s
    (tmp_path / "settings.json").write_text('{"bot_delay": -4, "suit_marks": "ascii"}')
    assert load_settings(tmp_path) == Settings(suit_marks="ascii")
    (tmp_path / "settings.json").write_text("garbage")
    assert load_settings(tmp_path) == Settings()
    monkeypatch.setenv("NO_COLOR", "1")
    assert load_settings(tmp_path).color is False


def test_data_dir_resolution(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    monkeypatch.delenv("TAROCCHINO_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "tarocchino"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "tarocchino"


def test_faces_and_boxes() -> None:
    uni, asc = Look(), Look(ascii=True)
    assert [face(c, asc) for c in range(N_CARDS)] == CODES
    assert face(CODES.index("KS"), uni) == "K♠" and face(CODES.index("10D"), uni) == "10♦"
    assert face(CODES.index("ANG"), uni) == "ANG"
    trump = "".join(t.plain for t in box_lines(CODES.index("T16"), uni))
    suit = "".join(t.plain for t in box_lines(CODES.index("KS"), uni))
    matto = "".join(t.plain for t in box_lines(CODES.index("MAT"), uni))
    assert "╔" in trump and "┌" in suit and "╭" in matto  # told apart without colour


def test_the_cursor_comes_to_a_card_not_to_the_matto() -> None:
    """The Matto is drawn before the suits: when the turn comes, Enter at once should play a
    card, not spend the excuse; a Matto the player moved onto stays under the cursor."""
    from tui.widgets.hand_view import PLAY, WAIT

    index = {code: i for i, code in enumerate(CODES)}
    cards = sorted_for_display([index[c] for c in ("MAT", "7S", "9S", "KC")])
    hand = HandView()
    hand.show(cards, mode=WAIT, look=Look())
    assert hand.cards[hand.cursor] == index["MAT"]  # the first card while waiting
    follow = frozenset({index["MAT"], index["7S"], index["9S"]})
    hand.show(cards, mode=PLAY, look=Look(), legal=follow)
    assert CODES[hand.cards[hand.cursor]] in ("7S", "9S")
    hand.cursor = hand.cards.index(index["MAT"])  # the player moves onto it
    hand.show(cards, mode=PLAY, look=Look(), legal=follow)
    assert hand.cards[hand.cursor] == index["MAT"]
    hand.show([index["MAT"]], mode=PLAY, look=Look(), legal=frozenset({index["MAT"]}))
    assert hand.cursor == 0
