"""The addresses a server of this game (a table, the browser game) is reached at."""

from __future__ import annotations

import ipaddress
import re
import socket

from text.language import _

_WITH_PORT = re.compile(r"^(\[[^\]]*\]|[^:\[\]]*):\d*$")  # 192.168.1.20:7800, [::1]:7800


def bind_problem(bind: str) -> str | None:
    """What is wrong with ``--bind`` (host, web) before anything looks it up, if anything: an
    empty one would listen on every network, which only 0.0.0.0 should; one that is not
    printable (bytes not UTF-8, read as surrogates) is no name the resolver takes; one with a
    port (``192.168.1.20:7800``) asks for what ``--port`` says."""
    if not bind.strip():
        return _(
            "--bind needs an address (127.0.0.1: this machine only; 0.0.0.0: every network "
            "this machine is on)"
        )
    if not bind.isprintable():
        return _("--bind {bind} is not an address (a name, or a number such as 127.0.0.1)").format(
            bind=repr(bind)
        )
    if _WITH_PORT.match(bind.strip()):
        return _(
            "--bind takes an address without a port ({bind}): give the port with --port"
        ).format(bind=repr(bind))
    return None


def listen_address(bind: str) -> str:
    """``--bind`` as it is listened on and shown: an IPv6 address without the brackets it is
    often written in (``[::1]``), a number in its usual form (``0`` is 0.0.0.0, ``127.1`` is
    127.0.0.1, ``::0`` is ::); a name (``localhost``) as it is."""
    text = bind.strip()
    if text.startswith("[") and text.endswith("]") and ":" in text:
        text = text[1:-1]
    if "%" in text:  # an IPv6 address with its interface (fe80::1%eth0): as given
        return text
    try:
        infos = socket.getaddrinfo(text, None, flags=socket.AI_NUMERICHOST)
    except (OSError, UnicodeError, ValueError):
        return text
    return str(infos[0][4][0]) if infos else text


def _ip(bind: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(listen_address(bind))
    except ValueError:
        return None


def every_network(bind: str) -> bool:
    """Whether ``bind`` listens on every address of this machine (0.0.0.0, 0, ::)."""
    address = _ip(bind)
    return bind.strip() == "" or (address is not None and address.is_unspecified)


def this_machine_only(bind: str) -> bool:
    """Whether only this machine reaches a server listening on ``bind`` (127.0.0.1, ::1,
    localhost)."""
    address = _ip(bind)
    if address is None:
        return listen_address(bind).lower() == "localhost"
    return address.is_loopback


def listen_hosts(bind: str) -> list[str]:
    """What a server listens on for ``bind``: ``::`` is every address, IPv4 and IPv6 alike
    (both, the same port), as 0.0.0.0 is every IPv4 address; anything else is itself."""
    address = listen_address(bind)
    return ["0.0.0.0", "::"] if address == "::" else [address]


def listening_on(bind: str) -> str:
    """Where a server listening on ``bind`` listens, in words: ``every IPv4 address of this
    machine (0.0.0.0)``; an address or name as it is."""
    address = listen_address(bind)
    if address == "0.0.0.0":
        return "every IPv4 address of this machine (0.0.0.0)"
    if address == "::":
        return "every address of this machine, IPv4 and IPv6 (::)"
    return address


def this_machines(*, ipv6: bool = False) -> list[str]:
    """This machine's addresses others may reach it at (best effort, nothing is sent): its
    IPv4 addresses, and (``ipv6``: a server listening on ``::``) its IPv6 ones after them."""
    families = [socket.AF_INET] + [socket.AF_INET6] * ipv6
    return reachable([a for family in families for a in _found(family)])


def reachable(found: list[str]) -> list[str]:
    """Of ``found`` (addresses as the system gives them), those another machine may reach this
    one at, each once: not loopback (127.x, ::1), not unspecified (0.0.0.0, ::), nor multicast;
    and not an IPv6 link-local one (fe80::...), which works only with its interface's scope
    (``%eth0``), a scope a join command given to someone else cannot carry."""
    out: list[str] = []
    for text in found:
        try:
            address = ipaddress.ip_address(text.partition("%")[0])
        except ValueError:
            continue
        if (
            address.is_loopback
            or address.is_unspecified
            or address.is_multicast
            or address.is_link_local
        ):
            continue
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            continue  # (an IPv4 address, said as such already)
        if isinstance(address, ipaddress.IPv4Address) and address in _THIS_NETWORK:
            continue  # 0.x.x.x: "this network", no address to be reached at
        if str(address) not in out:
            out.append(str(address))
    return out


_THIS_NETWORK = ipaddress.ip_network("0.0.0.0/8")
# Never answered, never reached: a datagram socket's connect there sends nothing and tells the
# address of the way out (TEST-NET-1, and the IPv6 documentation prefix)
_NOWHERE = {socket.AF_INET: "192.0.2.1", socket.AF_INET6: "2001:db8::1"}


def _found(family: socket.AddressFamily) -> list[str]:
    """The addresses of ``family`` the system gives for this machine's name, and that of its
    way out."""
    found: list[str] = []
    try:
        found += [
            str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, family)
        ]
    except (OSError, UnicodeError):
        pass
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((_NOWHERE[family], 9))
            found.append(str(probe.getsockname()[0]))
    except OSError:
        pass
    return found


def for_others(bind: str) -> list[str]:
    """Where another machine reaches a server listening on ``bind`` (not loopback): this
    machine's addresses for every network (its IPv6 ones too on ``::``), else ``bind``."""
    if every_network(bind):
        return this_machines(ipv6=listen_address(bind) == "::")
    return [listen_address(bind)]
