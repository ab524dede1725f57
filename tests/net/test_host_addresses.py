"""What `tarocchino host` tells a host, once: with --bind on one address of the network the join
command is the same on this machine as on another, so it is given once (it was given twice,
"this machine" and "another machine", with the same address); on :: (every address, IPv4 and
IPv6) this machine's IPv6 addresses are given too, in brackets, those another machine can use
(not loopback, not link-local: a fe80:: address needs its interface's scope). This machine's
interfaces are never looked at: what the system would give is made up here."""

from __future__ import annotations

import socket

import pytest

from cli import host, web
from cli.main import build_parser
from net import addresses
from net.server import TableServer
from table.session import Session, parse_seats

V4, V6, ULA = "192.0.2.7", "2001:db8::7", "fd00::7"
SYSTEM = {
    socket.AF_INET: ["127.0.1.1", V4, V4, "0.0.0.0"],
    socket.AF_INET6: [
        "::1",
        "fe80::1",
        "fe80::2%eth0",
        V6,
        "::ffff:192.0.2.7",
        ULA,
        "ff02::1",
        "::",
    ],
}


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses, "_found", lambda family: list(SYSTEM[family]))


def test_only_the_addresses_another_machine_can_use(made_up: None) -> None:
    assert addresses.this_machines() == [V4]
    assert addresses.this_machines(ipv6=True) == [V4, V6, ULA]
    assert addresses.for_others("::") == [V4, V6, ULA]
    assert addresses.for_others("0.0.0.0") == [V4]  # (IPv4 only is listened on)
    assert addresses.for_others(V4) == [V4]


def test_link_local_and_the_like_are_left_out() -> None:
    assert (
        addresses.reachable(
            [
                "fe80::1",
                "fe80::1%eth0",
                "::1",
                "::",
                "ff02::1",
                "::ffff:10.0.0.1",
                "0.1.2.3",
                "127.0.0.1",
                "nonsense",
            ]
        )
        == []
    )
    assert addresses.reachable(["2001:db8::7", "2001:DB8::7", "10.0.0.1"]) == [
        "2001:db8::7",
        "10.0.0.1",
    ]


def _welcome(bind: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What `tarocchino host --bind BIND` prints once it listens (on port 7800)."""
    args = build_parser().parse_args(["host", "--bind", bind])
    server = TableServer(Session.new(parse_seats(["human"] * 4), seed=None), host._config(args))
    capsys.readouterr()
    host._welcome(server, args, 7800)
    return capsys.readouterr().out.splitlines()


def test_one_address_is_said_once(made_up: None, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _welcome(V4, capsys)
    joins = [line for line in lines if f"tarocchino join {V4}:7800 --name YOURNAME" in line]
    assert len(joins) == 1, lines
    assert "Join from a terminal on this machine or another:" in lines
    assert not [line for line in lines if "another machine" in line.lower()], lines


def test_every_address_gives_the_ipv6_ones_too(
    made_up: None, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _welcome("::", capsys)
    assert "    tarocchino join 127.0.0.1:7800 --name YOURNAME [--seat 1-4]" in lines
    others = [line for line in lines if line.startswith("From another machine:")]
    assert others == [
        f"From another machine:  tarocchino join {V4}:7800 --name YOURNAME",
        f"From another machine:  tarocchino join [{V6}]:7800 --name YOURNAME",
        f"From another machine:  tarocchino join [{ULA}]:7800 --name YOURNAME",
    ]
    assert not [line for line in lines if "fe80" in line or "::1" in line]
    lines = _welcome("0.0.0.0", capsys)
    assert [line for line in lines if line.startswith("From another machine:")] == [
        f"From another machine:  tarocchino join {V4}:7800 --name YOURNAME"
    ]


def test_the_browser_game_on_every_address_gives_them_in_brackets(made_up: None) -> None:
    lines = web.where_to_go("::", 7880, "KEY")
    assert f"    http://[{V6}]:7880/?key=KEY" in lines and f"    http://{V4}:7880/?key=KEY" in lines
