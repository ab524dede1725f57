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
from net.client import Address, JoinRequest
from net.tls import CertificateError, Secure, certificate_der, fingerprint, parse_fingerprint
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


def test_the_join_dialog_after_a_refusal_checks_the_table_as_before(tmp_path: Path) -> None:
    from tui.online import NetworkPlay

    joined: list[JoinRequest] = []

    class App:
        def join_table(self, request: JoinRequest) -> None:
            joined.append(request)

    network = NetworkPlay(App(), tmp_path)  # type: ignore[arg-type]
    where = Address("192.0.2.7", 7800)
    network.last = JoinRequest(where, "Anna", secure=Secure(bytes(32)))
    network._join_again(JoinRequest(where, "Anna", password="right one"))  # (the dialog's)
    network._join_again(JoinRequest(Address("192.0.2.8", 7800), "Anna"))
    network._join_again(None)
    assert [request.secure for request in joined] == [Secure(bytes(32)), None]
    assert joined[0].password == "right one"
