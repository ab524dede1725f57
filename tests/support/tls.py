"""Certificates made on the fly (trustme) for the TLS tests, and the commands run beside them:
a self-signed one for 127.0.0.1, written as the PEM files `host --cert --key` and `web` take, and
the authority that signed it (for a joiner that trusts it through SSL_CERT_FILE)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import trustme


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
