"""Text that crosses the network and is shown to a person (a bot's level, a stand-in's name, an
error's facts, the host's reason for closing) is printable: a hostile host or client cannot
send terminal escapes to another person's screen or terminal."""

from __future__ import annotations

import pytest

from net import protocol as p

ESCAPES = ("\x1b]0;owned\x07", "medium\x1b[2J", "easy\nAnna left", "\x9b31m")


def _seat(**fields: object) -> dict:
    seat = p.SeatStatus("Bea", p.BOT, "hard", True, None, None, True).to_json()
    return {**seat, **fields}


def _messages(text: str) -> list[dict]:
    state_seat = {"type": "error", "code": "x", "args": {"name": "Bea"}, "ply": None}
    return [
        {**state_seat, "args": {"name": text}},
        {**state_seat, "code": text},
        {"type": "closing", "reason": text},
        {"type": "timed_out", "seat": 1, "ply": 3, "action": None, "by": text},
        {"type": "stood_in", "seat": 1, "ply": 3, "by": text},
    ]


@pytest.mark.parametrize("text", ESCAPES)
def test_a_client_refuses_escapes_from_the_host(text: str) -> None:
    for message in _messages(text):
        with pytest.raises(p.ProtocolError, match="printable"):
            p.read_server(p.encode(message))
    for field in ("level", "stand_in"):
        with pytest.raises(p.ProtocolError, match="printable"):
            p.SeatStatus.from_json(_seat(**{field: text}))


@pytest.mark.parametrize("text", ESCAPES)
def test_the_host_refuses_escapes_in_a_bots_level(text: str) -> None:
    with pytest.raises(p.ProtocolError, match="printable") as caught:
        p.read_client(p.encode(p.hello("Robot", player=p.BOT, level=text)))
    assert caught.value.code == p.BAD_MESSAGE


def test_printable_text_still_comes_through() -> None:
    assert p.read_client(p.encode(p.hello("Robot", player=p.BOT, level="hard:budget_s=0.5")))
    assert p.SeatStatus.from_json(_seat(level="MyBot·2", stand_in="medium")).level == "MyBot·2"
    refused = p.read_server(
        p.encode(
            {
                "type": "error",
                "code": "illegal",
                "ply": 4,
                "args": {"why": "must_follow", "card": "9S", "suit": "C"},
            }
        )
    )
    assert isinstance(refused, p.Refused) and refused.message.endswith("Coppe")
    # secrets are never shown, so any text of the right length will do
    hello = p.read_client(p.encode(p.hello("Anna", token="a\tb", password="p\x01w")))
    assert hello.token == "a\tb" and hello.password == "p\x01w"
