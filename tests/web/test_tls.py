"""`tarocchino web --cert --key`: the game served over TLS (https://, its tabs' sockets wss://),
with the certificate's fingerprint as a browser shows it; bad files serve nothing. A certificate
made on the fly (trustme) for 127.0.0.1, a port from the system, bounded in time."""

from __future__ import annotations

import os
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from cli.main import main
from net.tls import certificate_der, colon_hex
from tests.support.processes import LIMIT_S
from tests.support.tls import certificate


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _page(url: str, trusted: ssl.SSLContext, **headers: str) -> tuple[int, str, str]:
    """The status, page and cookie at ``url`` once it is served (tried for LIMIT_S seconds)."""
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({}), urllib.request.HTTPSHandler(context=trusted)
    )
    deadline = time.monotonic() + LIMIT_S
    while True:
        try:
            with opener.open(urllib.request.Request(url, headers=headers), timeout=LIMIT_S) as got:
                cookie = got.headers.get("Set-Cookie", "")
                return got.status, got.read().decode(), cookie
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode(), ""
        except OSError:  # (urllib's URLError is one)
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_the_game_is_served_over_tls(tmp_path: Path) -> None:
    made = certificate(tmp_path)
    port = _free_port()
    served = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "web", "--port", str(port)]
        + ["--cert", str(made.cert), "--key", str(made.key)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "TAROCCHINO_DATA_DIR": str(tmp_path / "data")},
    )
    try:
        assert served.stdout is not None
        said = [served.stdout.readline(), served.stdout.readline()]
        trusted = ssl.create_default_context(cafile=str(made.authority))
        status, page, cookie = _page(f"https://127.0.0.1:{port}/", trusted)
        refused = _page(f"https://127.0.0.1:{port}/", trusted, Host="evil.example")
    finally:
        served.send_signal(signal.SIGINT)
        out, err = served.communicate(timeout=LIMIT_S)
    assert said == [
        f"Open https://127.0.0.1:{port} in a browser on this machine (Ctrl+C stops serving).\n",
        "Over TLS: the certificate's SHA-256 fingerprint is "
        f"{colon_hex(certificate_der(made.cert))}\n",
    ]
    assert status == 200
    assert f'data-session-websocket-url="wss://127.0.0.1:{port}/ws"' in page
    assert "; Secure" in cookie  # (the browser's name goes back over TLS only)
    assert refused[:2] == (
        403,
        "Tarocchino: the game is served to this machine only (open https://127.0.0.1).\n",
    )
    assert out == "" and "Traceback" not in err


def test_bad_files_serve_nothing(tmp_path: Path, capsys, monkeypatch) -> None:  # noqa: ANN001
    from web import door

    monkeypatch.setattr(door.BrowserServer, "serve", lambda self: None)
    made = certificate(tmp_path)
    for given, words in (
        (["--cert", str(made.cert), "--key", str(made.cert)], "holds no private key"),
        (["--key", str(made.key)], "--cert and --key go together"),
    ):
        assert main(["web", "--port", "9", *given]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and words in err
