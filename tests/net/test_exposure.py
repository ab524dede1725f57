"""Serving beyond this machine is said plainly (`host`, `web` with a --bind that is not
loopback): without a password, or without TLS, what that means is printed and `--yes` asked for
(refused in one line without it, nothing started); a password shorter than 8 characters is
refused for a table open beyond this machine, `--yes` or not. Nothing here listens."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cli import host, web
from cli.main import main
from tests.support.tls import certificate

LAN = "192.0.2.7"


@pytest.fixture
def started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What was served (`host` or `web`), instead of serving it."""
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("TAROCCHINO_TABLE_PASSWORD", raising=False)
    served: list[str] = []

    async def serve(args: argparse.Namespace, *rest: object) -> int:
        served.append(f"host {args.bind}")
        return 0

    from web import door

    monkeypatch.setattr(host, "_serve", serve)
    monkeypatch.setattr(door.BrowserServer, "serve", lambda self: served.append("web"))
    monkeypatch.setattr(web, "serve_problem", lambda bind, port: None)
    return served


def _tls(tmp_path: Path) -> list[str]:
    made = certificate(tmp_path)
    return ["--cert", str(made.cert), "--key", str(made.key)]


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ([], ["without a password", "without TLS (--cert and --key), everything, passwords"]),
        (["--password", "long enough"], ["without TLS (--cert and --key), everything, passwords"]),
        (["TLS"], ["without a password"]),
    ],
)
def test_a_table_beyond_this_machine_asks_for_yes(
    given: list[str], said: list[str], started: list[str], tmp_path: Path, capsys
) -> None:
    given = _tls(tmp_path) if given == ["TLS"] else given
    assert main(["host", "--bind", "0.0.0.0", "--port", "0", *given]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert out == "" and started == [] and not (tmp_path / "data").exists()
    assert lines[0] == "tarocchino host: --bind 0.0.0.0 serves beyond this machine:"
    assert [line.split(",")[0].removeprefix("  - ") for line in lines[1:-1]] == [
        words.split(",")[0] for words in said
    ]
    for line, words in zip(lines[1:-1], said, strict=True):
        assert line.startswith(f"  - {words}")
    assert lines[-1] == (
        "tarocchino host: error: add --yes to serve so all the same (or give what is missing)"
    )
    assert main(["host", "--bind", "0.0.0.0", "--port", "0", *given, "--yes"]) == 0
    assert started == ["host 0.0.0.0"]


def test_with_a_password_and_tls_nothing_is_asked(
    started: list[str], tmp_path: Path, capsys
) -> None:
    tls = _tls(tmp_path)
    assert main(["host", "--bind", LAN, "--port", "0", "--password", "12345678", *tls]) == 0
    assert main(["web", "--bind", LAN, "--port", "7880", *tls]) == 0
    assert main(["host", "--port", "0", "--password", "short"]) == 0  # (this machine only)
    assert main(["web", "--port", "7880"]) == 0
    assert started == [f"host {LAN}", "web", "host 127.0.0.1", "web"]
    assert capsys.readouterr().err == ""


def test_a_short_password_is_refused_beyond_this_machine(
    started: list[str], tmp_path: Path, capsys, monkeypatch
) -> None:
    tls = _tls(tmp_path)
    assert main(["host", "--bind", LAN, "--password", "1234567", *tls, "--yes"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"tarocchino host: error: a table open beyond this machine (--bind {LAN}) needs a "
        "password of at least 8 characters, not 7\n"
    )
    monkeypatch.setenv("TAROCCHINO_TABLE_PASSWORD", "abc")  # (however it is given)
    assert main(["host", "--bind", "::", *tls, "--yes"]) == 2
    assert "at least 8 characters, not 3" in capsys.readouterr().err
    assert started == []


def test_the_browser_game_beyond_this_machine_asks_for_yes(
    started: list[str], tmp_path: Path, capsys
) -> None:
    assert main(["web", "--bind", LAN, "--port", "7880"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and started == []
    assert err.splitlines() == [
        f"tarocchino web: --bind {LAN} serves beyond this machine:",
        "  - without TLS (--cert and --key), everything, the key included, crosses the network "
        "in clear: whoever can see the traffic (the same Wi-Fi, say) reads it.",
        "tarocchino web: error: add --yes to serve so all the same (or give what is missing)",
    ]
    assert main(["web", "--bind", LAN, "--port", "7880", "--yes"]) == 0
    assert started == ["web"] and capsys.readouterr().out.splitlines()[-1].startswith("Warning: ")


async def test_the_host_dialog_refuses_a_short_password_for_the_network(tmp_path: Path) -> None:
    from textual.widgets import Input, Select

    from net.config import HostRequest
    from tests.support.screens import FAST, screen_text, wait_for
    from tui.app import TarocchinoApp
    from tui.screens.network import HostScreen

    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    asked: list[HostRequest | None] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.screen is not None and app.is_running)
        for bind, password in (("0.0.0.0", "1234567"), ("127.0.0.1", "1234567")):
            app.push_screen(HostScreen(2), asked.append)
            await pilot.pause()
            app.screen.query_one("#bind", Select).value = bind
            app.screen.query_one("#password", Input).value = password
            await pilot.pause()
            app.screen.submit()
            await pilot.pause()
            if bind == "0.0.0.0":
                assert isinstance(app.screen, HostScreen) and not asked
                await wait_for(pilot, lambda: "needs a password of at least 8" in screen_text(app))
                app.screen.dismiss(None)
                await pilot.pause()
                asked.clear()
    assert asked == [HostRequest(7800, "127.0.0.1", "1234567", 120.0)]
