"""A table's password cannot be guessed at network speed (net/guesses.py): after five wrong
passwords from one address within a minute, that address's newcomers are refused, saying how
long to wait, while the right password from elsewhere, and every returning player's token, still
get in. Before, a wrong password could be retried as fast as a client liked. The table is served
on 127.0.0.1 with a port the OS chooses."""

from __future__ import annotations

import dataclasses

import pytest

from net import protocol as p
from net.guesses import MAX_WRONG, WINDOW_S, PasswordGate, WrongPasswords
from tests.support.net import FAST, RawClient, serve

PASSWORD = "s3cret"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_five_wrong_passwords_in_a_minute_and_that_address_waits() -> None:
    clock = Clock()
    guesses = WrongPasswords(clock)
    for _ in range(MAX_WRONG - 1):
        guesses.wrong("192.0.2.7")
        clock.now += 1
    assert guesses.wait_s("192.0.2.7") == 0  # a person who mistypes is never held up
    guesses.wrong("192.0.2.7")
    assert guesses.wait_s("192.0.2.7") == WINDOW_S - (MAX_WRONG - 1)  # till the first is old
    assert guesses.wait_s("192.0.2.8") == 0  # another address is not
    clock.now += WINDOW_S - (MAX_WRONG - 1)
    assert guesses.wait_s("192.0.2.7") == 0


def test_wrong_passwords_spread_out_never_add_up() -> None:
    clock = Clock()
    guesses = WrongPasswords(clock)
    for _ in range(3 * MAX_WRONG):
        guesses.wrong("192.0.2.7")
        assert guesses.wait_s("192.0.2.7") == 0
        clock.now += WINDOW_S / (MAX_WRONG - 1) + 0.001


def _refusal(gate: PasswordGate, given: str | None, peer: str = "192.0.2.7") -> str:
    with pytest.raises(p.ProtocolError) as refused:
        gate.admit(given, peer)
    assert refused.value.code == p.PASSWORD
    return str(refused.value)


def test_the_gate_lets_in_the_right_password_only() -> None:
    clock = Clock()
    gate = PasswordGate(PASSWORD, WrongPasswords(clock))
    assert _refusal(gate, None) == "this table needs a password (--password)"
    assert _refusal(gate, "") == "this table needs a password (--password)"
    gate.admit(PASSWORD, "192.0.2.7")
    for _ in range(MAX_WRONG):
        assert _refusal(gate, "guess") == "wrong password"
    assert _refusal(gate, PASSWORD) == (  # even the right one, for a while
        f"too many wrong passwords from 192.0.2.7: try again in {WINDOW_S:.0f} s"
    )
    gate.admit(PASSWORD, "192.0.2.8")  # from elsewhere
    clock.now += WINDOW_S
    gate.admit(PASSWORD, "192.0.2.7")
    PasswordGate(None).admit(None, "192.0.2.7")  # a table without a password
    PasswordGate(None).admit("anything", "192.0.2.7")


async def _hello(address: object, password: str, answer: str = "error") -> dict:
    client = await RawClient.connect(address)  # type: ignore[arg-type]
    try:
        await client.send(p.hello("Mallory", password=password))
        return await client.until(answer)
    finally:
        await client.close()


async def test_a_guesser_is_held_off_and_the_table_goes_on() -> None:
    config = dataclasses.replace(FAST, password=PASSWORD)
    server, address = await serve(["human", "human", "easy", "easy"], seed=3, config=config)
    try:
        anna = await RawClient.connect(address)
        await anna.hello("Anna", seat=0, password=PASSWORD)
        for guess in range(MAX_WRONG):
            message = await _hello(address, f"guess{guess}")
            assert message["code"] == p.PASSWORD and message["message"] == "wrong password"
        held = await _hello(address, "guess-again")
        assert held["code"] == p.PASSWORD
        assert held["message"].startswith("too many wrong passwords from 127.0.0.1: try again in")
        refused = await _hello(address, PASSWORD)  # even the right one, for a while
        assert "too many wrong passwords" in refused["message"]
        server.doorway.gate.wrong.window_s = 0.0  # (as if the minute were over)
        assert (await _hello(address, PASSWORD, "welcome"))["type"] == "welcome"
        assert server.session.seats[1].name == "Mallory"
        await anna.close()
    finally:
        await server.close()
