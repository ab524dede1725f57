"""Served to a network, each browser on another machine plays in a data directory of its own
under the host's (its saves, past matches, statistics and settings), so a friend with the key
sees none of the host's; browsers on the host's own machine, and every tab when the game is
served to this machine only, play in the host's. Served on 127.0.0.1 with a port the OS
chooses; "another machine" is the server's own judgement, replaced here."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

from store.settings import DATA_DIR_ENV
from tests.support.web import open_tabs, recorder
from web.browsers import BROWSERS
from web.door import BrowserServer

KEY = "K3y-for-the-test"


class _Elsewhere(BrowserServer):
    """Every browser comes from another machine."""

    def from_this_machine(self, request) -> bool:  # noqa: ANN001
        return False


def test_each_browser_elsewhere_plays_in_a_directory_of_its_own(tmp_path: Path) -> None:
    home = tmp_path / "host"
    out = tmp_path / "told.txt"
    server = _Elsewhere(recorder(out, DATA_DIR_ENV), host="127.0.0.1", port=0, key=KEY, home=home)
    first, second, again = asyncio.run(
        open_tabs(server, out, [(0, True), (1, True), (0, True)], KEY)
    )
    assert first != second  # two browsers, two directories
    assert again == first  # a reload finds its saves again
    for told in (first, second):
        directory = Path(told)
        assert directory.parent == home / BROWSERS
        assert directory.is_dir()
        assert stat.S_IMODE(os.stat(directory).st_mode) == 0o700  # its owner's alone
        assert stat.S_IMODE(os.stat(directory.parent).st_mode) == 0o700


def test_browsers_on_this_machine_play_in_the_host_s_directory(tmp_path: Path) -> None:
    home = tmp_path / "host"
    out = tmp_path / "told.txt"
    server = BrowserServer(
        recorder(out, DATA_DIR_ENV), host="127.0.0.1", port=0, key=KEY, home=home
    )
    told = asyncio.run(open_tabs(server, out, [(0, True), (1, True)], KEY))
    assert told == [os.environ.get(DATA_DIR_ENV, "-")] * 2  # as the host's own environment
    assert not (home / BROWSERS).exists()


def test_which_directory_a_tab_plays_in(tmp_path: Path) -> None:
    local = BrowserServer("x", host="127.0.0.1", port=0, key=None, home=tmp_path)
    assert local.directory_for("A" * 32, this_machine=False) == (None, False)  # no network
    served = BrowserServer("x", host="0.0.0.0", port=0, key=KEY, home=tmp_path)
    assert served.directory_for("A" * 32, this_machine=True) == (None, False)
    anna, kept = served.directory_for("A" * 32, this_machine=False)
    assert not kept and anna == served.directory_for("A" * 32, this_machine=False)[0]
    assert anna != served.directory_for("B" * 32, this_machine=False)[0]
    assert anna is not None and anna.parent == tmp_path / BROWSERS
    assert "A" * 32 not in str(anna)  # the browser's name is not written down


def test_a_tab_without_a_name_gets_a_directory_that_goes_with_it(tmp_path: Path) -> None:
    served = _Elsewhere("x", host="0.0.0.0", port=0, key=KEY, home=tmp_path)
    one, throwaway = served.directory_for(None, this_machine=False)
    other, _ = served.directory_for(None, this_machine=False)
    assert throwaway and one != other and one is not None and one.is_dir()
