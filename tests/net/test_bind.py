"""`--bind` of `host` and `web` as people write it: 0 and 0.0.0.0 (every IPv4 address), :: (every
address, IPv4 and IPv6 alike), [::1] (an IPv6 address in brackets), 127.1; each said as what it
really is, with the addresses others join at. Nothing here listens anywhere but 127.0.0.1."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cli import host, web
from cli.main import build_parser, main
from net import addresses
from net.config import TableConfig
from net.server import TableServer
from table.session import Session, parse_seats

LAN = "192.0.2.7"  # this machine's address on its network, as the tests pretend


@pytest.mark.parametrize(
    ("given", "listened"),
    [
        ("0", "0.0.0.0"),
        ("0.0.0.0", "0.0.0.0"),
        ("::", "::"),
        ("::0", "::"),
        ("[::1]", "::1"),
        ("::1", "::1"),
        ("127.1", "127.0.0.1"),
        (" 127.0.0.1 ", "127.0.0.1"),
        ("localhost", "localhost"),
        ("[fe80::1]", "fe80::1"),
        ("192.168.1.20", "192.168.1.20"),
    ],
)
def test_a_bind_is_listened_on_in_its_usual_form(given: str, listened: str) -> None:
    assert addresses.bind_problem(given) is None
    assert addresses.listen_address(given) == listened


def test_what_a_bind_means() -> None:
    every_network, this_machine_only = addresses.every_network, addresses.this_machine_only
    listen_hosts, listening_on = addresses.listen_hosts, addresses.listening_on
    for bind in ("0", "0.0.0.0", "::", "[::]"):
        assert every_network(bind) and not this_machine_only(bind)
    for bind in ("127.0.0.1", "127.1", "[::1]", "::1", "localhost"):
        assert this_machine_only(bind) and not every_network(bind)
    assert not every_network(LAN) and not this_machine_only(LAN)
    assert listen_hosts("::") == listen_hosts("[::]") == ["0.0.0.0", "::"]  # IPv4 too
    assert listen_hosts("0") == ["0.0.0.0"] and listen_hosts("[::1]") == ["::1"]
    assert listening_on("0") == "every IPv4 address of this machine (0.0.0.0)"
    assert listening_on("::") == "every address of this machine, IPv4 and IPv6 (::)"
    assert listening_on("127.0.0.1") == "127.0.0.1"


@pytest.mark.parametrize("command", ["host", "web"])
@pytest.mark.parametrize("bind", ["127.0.0.1:7800", "[::1]:7800", "localhost:"])
def test_a_bind_with_a_port_is_refused_in_one_line(
    command: str, bind: str, capsys, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(TableServer, "start", _never_listens)
    from web import door as browser

    monkeypatch.setattr(browser.BrowserServer, "serve", lambda self: pytest.fail("it served"))
    monkeypatch.setattr(web, "serve_problem", lambda host, port: pytest.fail("it looked it up"))
    assert main([command, "--bind", bind, "--port", "9"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"tarocchino {command}: error: --bind takes an address without a port "
        f"({bind!r}): give the port with --port\n"
    )
    assert list(tmp_path.iterdir()) == []


async def _never_listens(*args: object) -> int:
    pytest.fail("it went on to listen")


def _welcome(bind: str, monkeypatch, capsys) -> list[str]:  # noqa: ANN001
    """What `tarocchino host --bind BIND` prints once it listens (on port 7800)."""
    monkeypatch.setattr(addresses, "this_machines", lambda **_: [LAN])
    args = build_parser().parse_args(["host", "--bind", bind, "--yes"])
    config = host._config(args)
    server = TableServer(Session.new(parse_seats(["human"] * 4), seed=None), config)
    capsys.readouterr()
    host._welcome(server, args, 7800)
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(
    ("bind", "where"),
    [
        ("0", "every IPv4 address of this machine (0.0.0.0)"),
        ("0.0.0.0", "every IPv4 address of this machine (0.0.0.0)"),
        ("::", "every address of this machine, IPv4 and IPv6 (::)"),
    ],
)
def test_host_on_every_network_says_so_and_where_others_join(
    bind: str, where: str, monkeypatch, capsys
) -> None:
    lines = _welcome(bind, monkeypatch, capsys)
    assert lines[0] == f"Tarocchino table listening on {where} port 7800 · target 800"
    assert "    tarocchino join 127.0.0.1:7800 --name YOURNAME [--seat 1-4]" in lines
    assert f"From another machine:  tarocchino join {LAN}:7800 --name YOURNAME" in lines
    assert (
        "In a browser on this machine: `tarocchino web`, then Join a table at 127.0.0.1:7800."
    ) in lines  # (a tab's game runs on this machine)
    assert not [line for line in lines if " 0:7800" in line or "0.0.0.0:" in line]
    resume = f"`tarocchino host --bind {'::' if ':' in bind else '0.0.0.0'} --yes` resumes it"
    assert resume in lines[-1]
    said = [line for line in lines if line.startswith("Warning: without")]
    assert [line.split(",")[0] for line in said] == [
        "Warning: without a password",
        "Warning: without TLS (--cert and --key)",
    ]


@pytest.mark.parametrize(
    ("bind", "shown"), [("[::1]", "::1"), ("::1", "::1"), ("127.1", "127.0.0.1")]
)
def test_host_on_this_machine_only_says_so(bind: str, shown: str, monkeypatch, capsys) -> None:
    lines = _welcome(bind, monkeypatch, capsys)
    assert lines[0] == f"Tarocchino table listening on {shown} port 7800 · target 800"
    assert "Only this machine can join (--bind 0.0.0.0 lets others on your network join)." in lines
    assert not [line for line in lines if "another machine" in line]
    joined = "[::1]:7800" if ":" in shown else f"{shown}:7800"
    assert f"    tarocchino join {joined} --name YOURNAME [--seat 1-4]" in lines


def _web(bind: str, monkeypatch, capsys) -> tuple[int, list[str], dict]:  # noqa: ANN001
    """`tarocchino web --bind BIND --port 7880`, served nowhere: what it says and what it would
    have listened on."""
    from web import door as browser

    served: dict = {}
    monkeypatch.setattr(addresses, "this_machines", lambda **_: [LAN])
    monkeypatch.setattr(
        web, "serve_problem", lambda host, port: served.setdefault("probed", []).append(host)
    )

    def serve(self: browser.BrowserServer) -> None:
        served.update(host=self.host, key=self.key)

    monkeypatch.setattr(browser.BrowserServer, "serve", serve)
    status = main(["web", "--bind", bind, "--port", "7880", "--yes"])
    return status, capsys.readouterr().out.splitlines(), served


@pytest.mark.parametrize(("bind", "shown"), [("[::1]", "::1"), ("127.1", "127.0.0.1")])
def test_web_on_this_machine_only_takes_the_address_as_written(
    bind: str, shown: str, monkeypatch, capsys
) -> None:
    status, lines, served = _web(bind, monkeypatch, capsys)
    assert status == 0 and served == {"probed": [shown], "host": shown, "key": None}
    url = "http://[::1]:7880" if ":" in shown else f"http://{shown}:7880"
    assert lines == [f"Open {url} in a browser on this machine (Ctrl+C stops serving)."]


@pytest.mark.parametrize(
    ("bind", "hosts"), [("0", ["0.0.0.0"]), ("0.0.0.0", ["0.0.0.0"]), ("::", ["0.0.0.0", "::"])]
)
def test_web_on_every_network_gives_every_address_with_its_key(
    bind: str, hosts: list[str], monkeypatch, capsys
) -> None:
    status, lines, served = _web(bind, monkeypatch, capsys)
    assert status == 0 and served["probed"] == hosts
    assert served["host"] == (hosts[0] if len(hosts) == 1 else hosts)
    key = served["key"]
    assert key and lines[1:] == [
        f"    http://127.0.0.1:7880/?key={key}",
        f"    http://{LAN}:7880/?key={key}",
        "Warning: without TLS (--cert and --key), everything, the key included, crosses the "
        "network in clear: whoever can see the traffic (the same Wi-Fi, say) reads it.",
    ]


def test_a_host_with_its_data_directory_busy_is_refused_as_every_command_refuses(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """Another table hosted from the same data directory: one line, `error:`, status 2 (nothing
    was done), as docs/cli.md says of every command."""
    from net.server import table_directory
    from store.lock import DataLock

    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    with DataLock(table_directory(tmp_path), private=True):
        assert main(["host", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tarocchino host: error: a table is already hosted from {tmp_path} ")
    assert err.count("\n") == 1


def test_args_of_host_keep_the_bind_as_listened_on() -> None:
    args = build_parser().parse_args(["host", "--bind", "[::1]"])
    assert isinstance(host._config(args), TableConfig) and args.bind == "::1"
    assert isinstance(args, argparse.Namespace)
