"""TLS for a table and the browser game: the host's certificate and key made into a server's
context, the certificate's fingerprint as the host prints it and a joiner pins it, and how a
joiner checks the certificate a table shows (:class:`Secure`)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import ssl
from dataclasses import dataclass
from pathlib import Path

import aiohttp

from text.language import _

PREFIX = "SHA256:"  # a fingerprint as the host prints it: SHA256: and the digest in base64
MAX_PEM_BYTES = 1 << 20  # a certificate or key file read at most (a chain is a few KB)
_CERTIFICATE = re.compile(
    rb"-----BEGIN CERTIFICATE-----\s*(.+?)\s*-----END CERTIFICATE-----", re.DOTALL
)
OPENSSL = "sha256 fingerprint="  # what `openssl x509 -fingerprint -sha256` says first
_HEX = re.compile(r"[0-9A-Fa-f]{64}")


class CertificateError(ValueError):
    """A certificate or key file that cannot be used, said in one line."""


def _read(path: Path, key: bool) -> bytes:
    """The PEM file ``path`` (a ``key``, else a certificate)."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_PEM_BYTES + 1)
    except OSError as exc:
        said = _("cannot read the key {path}: {why}") if key else None
        said = said or _("cannot read the certificate {path}: {why}")
        raise CertificateError(said.format(path=path, why=exc.strerror or exc)) from None
    if len(data) > MAX_PEM_BYTES:
        said = _("the key {path} is too big for one (over 1 MB)") if key else None
        said = said or _("the certificate {path} is too big for one (over 1 MB)")
        raise CertificateError(said.format(path=path))
    return data


def certificate_der(cert: Path) -> bytes:
    """The first certificate of the PEM file ``cert`` (the server's own), in DER."""
    found = _CERTIFICATE.search(_read(cert, key=False))
    if found is None:
        raise CertificateError(
            _("{path} holds no certificate (-----BEGIN CERTIFICATE-----)").format(path=cert)
        )
    try:
        return base64.b64decode(b"".join(found.group(1).split()), validate=True)
    except binascii.Error:
        raise CertificateError(
            _("the certificate in {path} is damaged").format(path=cert)
        ) from None


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's TLS context with the certificate (chain) ``cert`` and its private ``key``,
    both PEM files; CertificateError saying which file is wrong and how."""
    certificate_der(cert)
    text = _read(key, key=True)
    if b"PRIVATE KEY-----" not in text:
        raise CertificateError(
            _("{path} holds no private key (-----BEGIN PRIVATE KEY-----)").format(path=key)
        )
    if b"ENCRYPTED" in text:
        raise CertificateError(
            _(
                "the key {path} is protected by a passphrase: give one without (openssl ... -noenc)"
            ).format(path=key)
        )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(cert, key, password=b"")
    except ssl.SSLError as exc:
        if "KEY_VALUES_MISMATCH" in str(exc):
            raise CertificateError(
                _("the key {key} is not the certificate {cert}'s").format(key=key, cert=cert)
            ) from None
        raise CertificateError(
            _("cannot use the certificate {cert} with the key {key}: {why}").format(
                cert=cert, key=key, why=exc.reason or exc
            )
        ) from None
    except OSError as exc:
        raise CertificateError(
            _("cannot read {cert} or {key}: {why}").format(
                cert=cert, key=key, why=exc.strerror or exc
            )
        ) from None
    return context


def fingerprint(der: bytes) -> str:
    """The fingerprint of a certificate (``der``) as the host prints it and ``join
    --fingerprint`` takes it: ``SHA256:`` and the SHA-256 of the certificate in base64."""
    return shown(hashlib.sha256(der).digest())


def shown(digest: bytes) -> str:
    """A SHA-256 ``digest`` as a fingerprint is printed: ``SHA256:`` and base64 (no padding)."""
    return PREFIX + base64.b64encode(digest).decode("ascii").rstrip("=")


def colon_hex(der: bytes) -> str:
    """The SHA-256 of a certificate as browsers and openssl show it: ``AB:CD:…``."""
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def parse_fingerprint(text: str) -> bytes:
    """The SHA-256 digest a fingerprint names: ``SHA256:`` and base64 as the host prints it, or
    the 64 hexadecimal digits (colons between pairs or not) that openssl and browsers show,
    with openssl's ``sha256 Fingerprint=`` before them or not; ValueError saying so when it is
    neither."""
    given = text.strip()
    if given.lower().startswith(OPENSSL):
        given = given[len(OPENSSL) :].strip()
    body = given[len(PREFIX) :] if given.upper().startswith(PREFIX) else given
    bare = body.replace(":", "")
    if _HEX.fullmatch(bare):
        return bytes.fromhex(bare)
    try:
        digest = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        digest = b""
    if len(digest) != 32:
        raise ValueError(
            _(
                "--fingerprint {given} is not one: give it as the host printed it ({prefix} and "
                "43 characters)"
            ).format(given=repr(given[:60]), prefix=PREFIX)
        )
    return digest


@dataclass(frozen=True, slots=True)
class Secure:
    """A table joined over TLS (``wss://``): its certificate checked against this system's
    authorities, or, with ``pinned`` (a SHA-256 digest), that certificate and no other (a
    self-signed one, whose fingerprint the host printed)."""

    pinned: bytes | None = None

    def check(self) -> ssl.SSLContext | aiohttp.Fingerprint:
        """What the connection checks the table's certificate with."""
        if self.pinned is not None:
            return aiohttp.Fingerprint(self.pinned)
        return ssl.create_default_context()  # (made now: SSL_CERT_FILE as set now)

    def words(self) -> str:
        """The option of ``tarocchino join`` that joins this way."""
        if self.pinned is None:
            return "--tls"
        return f"--fingerprint {shown(self.pinned)}"
