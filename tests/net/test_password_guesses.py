"""A table's password cannot be guessed at network speed, and nobody is locked out by another's
guesses (net/guesses.py): a sender (an address and the name it gives) that gives wrong passwords
waits twice as long after each past the first two, while the right password under another name
from the same address, and every returning player's token, still get in. Before, six wrong
passwords from 127.0.0.1 kept everybody at that address out, the right password too. The table
is served on 127.0.0.1 with a port the OS chooses."""

from __future__ import annotations

import dataclasses

import pytest

from net import protocol as p
from net.guesses import FIRST_WAIT_S, FREE_WRONG, MAX_WAIT_S, PasswordGate, WrongPasswords
from net.spoken import problem_words
from tests.support.net import FAST, RawClient, serve

PASSWORD = "s3cret-enough"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_each_wrong_password_past_the_free_ones_doubles_the_wait() -> None:
    clock = Clock()
    guesses = WrongPasswords(clock)
    for _ in range(FREE_WRONG):
        guesses.wrong("192.0.2.7 mallory")
        assert guesses.wait_s("192.0.2.7 mallory") == 0  # a person who mistypes is never held
    waits = []
    for _ in range(12):
        guesses.wrong("192.0.2.7 mallory")
        waits.append(guesses.wait_s("192.0.2.7 mallory"))
        clock.now += waits[-1]
    assert waits[:4] == [FIRST_WAIT_S, 2 * FIRST_WAIT_S, 4 * FIRST_WAIT_S, 8 * FIRST_WAIT_S]
    assert max(waits) == MAX_WAIT_S
    assert guesses.wait_s("192.0.2.7 bea") == 0  # another sender is not held
    guesses.right("192.0.2.7 mallory")
    assert guesses.wait_s("192.0.2.7 mallory") == 0


def _refusal(gate: PasswordGate, given: str | None, name: str = "Mallory") -> str:
    with pytest.raises(p.ProtocolError) as refused:
        gate.admit(given, "192.0.2.7", name)
    assert refused.value.code == p.PASSWORD
    return problem_words(refused.value)


def test_the_gate_holds_the_guesser_only() -> None:
    clock = Clock()
    gate = PasswordGate(PASSWORD, WrongPasswords(clock))
    assert _refusal(gate, None) == "this table needs a password (--password)"
    assert _refusal(gate, "") == "this table needs a password (--password)"
    for _ in range(FREE_WRONG + 3):
        assert _refusal(gate, "guess") == "wrong password"
        clock.now += 100
    assert _refusal(gate, "guess") == "wrong password"
    wait = f"{8 * FIRST_WAIT_S:.0f}"  # (the fourth past the free ones)
    assert (
        _refusal(gate, PASSWORD) == f"too many wrong passwords for Mallory: try again in {wait} s"
    )
    gate.admit(PASSWORD, "192.0.2.7", "Bea")  # the same address, another name: let in
    clock.now += 8 * FIRST_WAIT_S
    gate.admit(PASSWORD, "192.0.2.7", "Mallory")
    assert _refusal(gate, "guess") == "wrong password"  # (the right one forgot the wrong ones)
    PasswordGate(None).admit(None, "192.0.2.7", "Anna")  # a table without a password
    PasswordGate(None).admit("anything", "192.0.2.7", "Anna")


async def _hello(address: object, name: str, password: str, answer: str = "error") -> dict:
    client = await RawClient.connect(address)  # type: ignore[arg-type]
    try:
        await client.send(p.hello(name, password=password))
        return await client.until(answer)
    finally:
        await client.close()


async def test_a_guesser_is_held_off_and_nobody_else_is() -> None:
    config = dataclasses.replace(FAST, password=PASSWORD)
    server, address = await serve(["human", "human", "human", "easy"], seed=3, config=config)
    clock = Clock()
    server.doorway.gate.wrong.clock = clock
    try:
        anna = await RawClient.connect(address)
        token = (await anna.hello("Anna", seat=0, password=PASSWORD))["token"]
        await anna.close()
        for guess in range(FREE_WRONG + 4):
            clock.now += server.doorway.gate.wrong.wait_s("127.0.0.1 mallory")
            message = await _hello(address, "Mallory", f"guess{guess}")
            assert message["code"] == p.PASSWORD and message["args"]["why"] == p.PASSWORD_WRONG
            assert message["args"]["tries_left"] == max(0, FREE_WRONG - guess)
        held = await _hello(address, "Mallory", PASSWORD)  # even the right one, for a while
        assert held["code"] == p.PASSWORD
        assert held["args"]["why"] == p.PASSWORD_WAIT and held["args"]["name"] == "Mallory"
        assert held["args"]["wait_s"] >= 1
        bea = await _hello(address, "Bea", PASSWORD, "welcome")  # from the same address
        assert bea["seat"] == 1
        anna = await RawClient.connect(address)
        assert (await anna.hello("Anna", token=token))["seat"] == 0
        await anna.close()
        clock.now += MAX_WAIT_S
        assert (await _hello(address, "Mallory", PASSWORD, "welcome"))["seat"] == 2
    finally:
        await server.close()
