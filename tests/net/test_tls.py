"""A table over TLS (`host --cert --key`): the host prints its certificate's fingerprint and the
join command with it; `join --bot --fingerprint` plays there; a wrong fingerprint, or a
certificate this machine does not trust, is refused in one line; `--tls` joins a table whose
certificate an authority vouches for; bad certificate or key files start nothing. Certificates
made on the fly (trustme); everything on 127.0.0.1, a port from the system, bounded in time."""

from __future__ import annotations

import shlex
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from cli.join import come_back_words
from cli.main import main
from net.client import Address, JoinRequest, table_at
from net.tls import (
    CertificateError,
    Secure,
    certificate_der,
    fingerprint,
    parse_fingerprint,
    shown,
)
from tests.support.processes import LIMIT_S, Process
from tests.support.tls import certificate, self_signed


@pytest.fixture
def processes():
    started: list[Process] = []
    yield started
    for process in started:
        process.kill()


def _join(argv: list[str], data: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli.main", *argv],
        env={"TAROCCHINO_DATA_DIR": str(data), "PATH": "/usr/bin:/bin", **env},
        capture_output=True,
        text=True,
        timeout=LIMIT_S,
        stdin=subprocess.DEVNULL,
    )


def _table(tmp_path: Path, processes: list[Process], cert: Path, key: Path) -> Process:
    table = Process(
        [
            "host",
            "--cert",
            str(cert),
            "--key",
            str(key),
            "--port",
            "0",
            "--seats",
            "human,easy,easy,easy",
            "--target",
            "5",
            "--bot-delay",
            "0",
            "--seed",
            "3",
        ],
        tmp_path / "host",
    )
    processes.append(table)
    return table


def test_a_self_signed_table_is_joined_by_its_fingerprint(
    tmp_path: Path, processes: list[Process]
) -> None:
    made = self_signed(tmp_path)
    table = _table(tmp_path, processes, made.cert, made.key)
    port = int(table.line(r"listening on 127\.0\.0\.1 port (\d+)")[1])
    printed = table.line(r"the certificate's fingerprint is (SHA256:\S+)")[1]
    assert printed == fingerprint(certificate_der(made.cert))
    said = table.line(r"    (tarocchino join .*)$")[1]
    assert said == (
        f"tarocchino join 127.0.0.1:{port} --fingerprint {printed} --name YOURNAME [--seat 1-4]"
    )
    # A wrong fingerprint (another certificate's): one line, nothing taken.
    other = fingerprint(certificate_der(self_signed(tmp_path, "other").cert))
    wrong = _join(
        ["join", f"127.0.0.1:{port}", "--fingerprint", other, "--bot", "easy"], tmp_path / "x"
    )
    assert wrong.returncode == 1 and wrong.stdout.count("\n") <= 1  # (the bot's log says it too)
    assert wrong.stderr.count("\n") == 1 and wrong.stderr.startswith("tarocchino join: error: ")
    assert f"fingerprint is {printed}, not the {other} given: not joined" in wrong.stderr
    # Nor without one: this machine trusts nobody's self-signed certificate.
    untrusted = _join(["join", f"127.0.0.1:{port}", "--tls", "--bot", "easy"], tmp_path / "y")
    assert untrusted.returncode == 1 and untrusted.stderr.count("\n") == 1
    assert "a certificate this machine does not trust" in untrusted.stderr
    # The bot's line the host printed, as it is: it plays the match to its end.
    bot = shlex.split(table.line(r"A bot joins with:  (.*)$")[1])
    assert bot[:2] == ["tarocchino", "join"] and f"--fingerprint {printed}" in shlex.join(bot)
    robot = Process([*bot[1:], "--delay", "0"], tmp_path / "robot")
    processes.append(robot)
    table.line(r"Robot took seat 1 \(bot: hard\)")
    robot.line(r"the match is over")
    assert robot.popen.wait(LIMIT_S) == 0


def test_a_certificate_an_authority_vouches_for_joins_with_tls(
    tmp_path: Path, processes: list[Process]
) -> None:
    made = certificate(tmp_path)
    table = _table(tmp_path, processes, made.cert, made.key)
    port = int(table.line(r"listening on 127\.0\.0\.1 port (\d+)")[1])
    where = f"127.0.0.1:{port}"
    # Without TLS, the table (still waiting) says nothing a client takes for a table.
    plain = _join(["join", where, "--bot", "easy", "--retry-for", "0"], tmp_path / "z")
    assert plain.returncode == 1 and plain.stderr.count("\n") == 1
    assert "One hosted over TLS is joined with --fingerprint or --tls" in plain.stderr
    robot = Process(
        ["join", where, "--tls", "--bot", "easy", "--name", "Robot", "--delay", "0"],
        tmp_path / "robot",
        SSL_CERT_FILE=str(made.authority),  # (this machine's authorities: the test's own)
    )
    processes.append(robot)
    table.line(r"Robot took seat 1 \(bot: easy\)")
    robot.line(r"the match is over")
    assert robot.popen.wait(LIMIT_S) == 0


def test_tls_to_a_table_without_it_is_refused_at_once(tmp_path: Path, processes) -> None:  # noqa: ANN001
    table = Process(["host", "--port", "0"], tmp_path / "host")
    processes.append(table)
    port = int(table.line(r"listening on 127\.0\.0\.1 port (\d+)")[1])
    said = _join(["join", f"127.0.0.1:{port}", "--tls", "--bot", "easy"], tmp_path / "j")
    assert said.returncode == 1 and said.stderr.count("\n") == 1
    assert "is it hosted with --cert and --key?" in said.stderr


@pytest.mark.parametrize(
    ("which", "said"),
    [
        ("missing cert", "cannot read the certificate"),
        ("key for cert", "holds no certificate"),
        ("cert for key", "holds no private key"),
        ("another's key", "is not the certificate"),
        ("cert alone", "--cert and --key go together"),
    ],
)
def test_bad_certificate_files_start_nothing(
    which: str, said: str, tmp_path: Path, monkeypatch, capsys
) -> None:
    made, other = certificate(tmp_path), certificate(tmp_path, "other")
    given = {
        "missing cert": ["--cert", str(tmp_path / "none.pem"), "--key", str(made.key)],
        "key for cert": ["--cert", str(made.key), "--key", str(made.key)],
        "cert for key": ["--cert", str(made.cert), "--key", str(made.cert)],
        "another's key": ["--cert", str(made.cert), "--key", str(other.key)],
        "cert alone": ["--cert", str(made.cert)],
    }[which]
    data = tmp_path / "data"
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(data))
    assert main(["host", "--port", "0", *given]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and said in err
    assert err.startswith("tarocchino host: error: ")
    assert not data.exists()


def test_a_fingerprint_is_read_as_printed_or_as_openssl_shows_it(tmp_path: Path) -> None:
    der = certificate_der(certificate(tmp_path).cert)
    printed = fingerprint(der)
    assert printed.startswith("SHA256:") and len(printed) == len("SHA256:") + 43
    colons = ":".join(f"{b:02X}" for b in parse_fingerprint(printed))
    assert parse_fingerprint(colons) == parse_fingerprint(colons.replace(":", "").lower())
    assert parse_fingerprint(f"  {printed} ") == parse_fingerprint(colons)
    assert parse_fingerprint(f"sha256 Fingerprint={colons}") == parse_fingerprint(colons)
    for wrong in ("SHA256:abc", "MD5:" + colons, "", colons[:-3]):
        with pytest.raises(ValueError, match="--fingerprint"):
            parse_fingerprint(wrong)
    with pytest.raises(CertificateError):
        certificate_der(tmp_path / "table.key")


def test_a_player_who_leaves_is_told_how_to_come_back_over_tls() -> None:
    pinned = parse_fingerprint("SHA256:" + "A" * 43)
    left = JoinRequest(Address("192.0.2.7", 7800), "Anna", 1, secure=Secure(pinned))
    assert come_back_words(left).endswith(
        f"tarocchino join 192.0.2.7:7800 --fingerprint SHA256:{'A' * 43} --name Anna --seat 2"
    )
    assert "join 192.0.2.7:7800 --tls --name" in come_back_words(replace(left, secure=Secure()))


def test_the_join_dialog_reads_a_table_over_tls() -> None:
    pinned = "SHA256:" + "A" * 43
    where = Address("192.0.2.7", 7800)
    assert table_at("192.0.2.7") == (where, None)
    assert table_at("ws://192.0.2.7:7800/") == (where, None)
    assert table_at("wss://192.0.2.7") == (where, Secure())
    assert table_at("192.0.2.7", pinned) == (where, Secure(parse_fingerprint(pinned)))
    assert table_at("WSS://192.0.2.7", f" {pinned} ") == table_at("192.0.2.7", pinned)
    with pytest.raises(ValueError, match="--fingerprint"):
        table_at("192.0.2.7", "SHA256:abc")


async def test_the_join_dialog_shows_how_the_table_was_checked(tmp_path: Path) -> None:
    """After a refusal, the dialog shows the table as it was joined (its fingerprint, or
    wss://), and what the person changes there is what is joined next."""
    from textual.widgets import Input

    from tests.support.screens import FAST, wait_for
    from tui.app import TarocchinoApp
    from tui.screens.network import JoinScreen
    from tui.screens.start import StartScreen

    pinned = Secure(bytes(32))
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    asked: list[JoinRequest | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for secure, typed, wanted in (
            (pinned, None, pinned),  # as it was
            (Secure(), None, Secure()),  # wss://
            (pinned, "", None),  # the fingerprint taken out: without TLS
        ):
            app.push_screen(JoinScreen("192.0.2.7:7800", "Anna", secure=secure), asked.append)
            await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
            field = app.screen.query_one("#fingerprint", Input)
            assert field.value == ("" if secure.pinned is None else shown(bytes(32)))
            address = app.screen.query_one("#address", Input).value
            assert address == ("wss://" if secure.pinned is None else "") + "192.0.2.7:7800"
            if typed is not None:
                field.value = typed
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            request = asked[-1]
            assert request is not None and request.address == Address("192.0.2.7", 7800)
            assert request.secure == wanted


async def test_a_table_hosted_from_the_screens_over_tls_is_joined_by_its_fingerprint(
    tmp_path: Path,
) -> None:
    """The Host dialog's certificate: the table is served over TLS, the notice gives its
    fingerprint in the join command, and this player joins it by that fingerprint."""
    from net.config import HostRequest
    from table.session import parse_seats
    from tests.support.screens import FAST, wait_for
    from tui.app import TarocchinoApp
    from tui.screens.start import StartScreen
    from tui.screens.table import TableScreen

    made = self_signed(tmp_path)
    printed = fingerprint(certificate_der(made.cert))
    app = TarocchinoApp(settings=FAST, directory=tmp_path / "data", persist=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        seats = parse_seats(["human", "easy", "easy", "easy"])
        request = HostRequest(0, "127.0.0.1", None, 0, made.cert, made.key)
        await app.network.host(seats, None, 5, request)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        server = app.network.server
        assert server is not None
        port = server.doorway.addresses[0][1]
        said = [str(n.message) for n in app._notifications if "Hosting" in str(n.message)]
        assert said == [
            f"Hosting on port {port} (this machine) over TLS: others join with `tarocchino "
            f"join 127.0.0.1:{port} --fingerprint {printed} --name NAME` (or Join a table, "
            f"address 127.0.0.1:{port}, fingerprint {printed})."
        ]
        assert app.network.last is not None
        assert app.network.last.secure == Secure(parse_fingerprint(printed))
        await app.network.close()
