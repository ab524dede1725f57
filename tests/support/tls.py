"""Certificates made on the fly (trustme) for the TLS tests, and the commands run beside them:
a self-signed one for 127.0.0.1, written as the PEM files `host --cert --key` and `web` take, and
the authority that signed it (for a joiner that trusts it through SSL_CERT_FILE)."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import trustme

LIMIT_S = 60  # no wait of these tests is longer
MAX_LINES = 5000  # a process's lines read at most


@dataclass(frozen=True)
class Certificate:
    cert: Path  # the server's certificate (PEM)
    key: Path  # its private key (PEM)
    authority: Path  # the authority's certificate, the one that vouches for ``cert``


def self_signed(directory: Path, name: str = "self") -> Certificate:
    """A self-signed certificate (an authority's own, for no address in particular): what a
    host makes with openssl for a table of friends, trusted by nobody until pinned."""
    authority = trustme.CA()
    paths = Certificate(
        directory / f"{name}.pem", directory / f"{name}.key", directory / f"{name}.pem"
    )
    authority.cert_pem.write_to_path(str(paths.cert))
    authority.private_key_pem.write_to_path(str(paths.key))
    return paths


def certificate(directory: Path, name: str = "table") -> Certificate:
    """A certificate for 127.0.0.1 and localhost, signed by an authority of its own."""
    authority = trustme.CA()
    issued = authority.issue_cert("127.0.0.1", "localhost")
    paths = Certificate(
        directory / f"{name}.pem", directory / f"{name}.key", directory / f"{name}-ca.pem"
    )
    issued.cert_chain_pems[0].write_to_path(str(paths.cert))
    issued.private_key_pem.write_to_path(str(paths.key))
    authority.cert_pem.write_to_path(str(paths.authority))
    return paths


class Process:
    """`tarocchino ARGV` in a process of its own (data directory ``data``); a thread reads its
    output (stderr with it), so that waiting for a line is bounded even when nothing comes."""

    def __init__(self, argv: list[str], data: Path, **env: str) -> None:
        environ = dict(os.environ, TAROCCHINO_DATA_DIR=str(data), **env)
        environ.pop("TAROCCHINO_TABLE_PASSWORD", None)
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "cli.main", *argv],
            env=environ,
            text=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.popen.stdout is not None
        for count, line in enumerate(self.popen.stdout):
            if count < MAX_LINES:
                self.lines.put(line)
        self.lines.put(None)

    def line(self, pattern: str) -> re.Match[str]:
        """Read until a line matches (at most LIMIT_S seconds)."""
        deadline = time.monotonic() + LIMIT_S
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                break
            self.seen.append(line)
            if found := re.search(pattern, line):
                return found
        raise AssertionError(f"no line like {pattern!r} in:\n{''.join(self.seen)}")

    def rest(self) -> list[str]:
        """Every line still to come, once the process has ended (at most LIMIT_S seconds)."""
        self.popen.wait(LIMIT_S)
        out = []
        while (line := self.lines.get(timeout=LIMIT_S)) is not None:
            out.append(line)
        return out

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait()
