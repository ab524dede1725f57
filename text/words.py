"""Small English helpers for what the game says: plurals, verbs and possessives that agree with
a player's name (the lone human is "You")."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from game.seats import seats_of
from table.session import Seat
from text.language import _, ngettext, pgettext

_PLURAL = {"is": "are", "has": "have"}
YOU = "You"  # the name of the lone human at a table (table.session): said in the language spoken


def bot_level(label: str) -> str:
    """A bot's level in the language spoken ("easy": "facile"); another bot's name as it is."""
    if label == "random":
        return pgettext("bot", "random")
    if label == "easy":
        return pgettext("bot", "easy")
    if label == "medium":
        return pgettext("bot", "medium")
    if label == "hard":
        return pgettext("bot", "hard")
    return label


def tricks_words(n: int) -> str:
    """ "1 trick", "5 tricks"."""
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def side_name(seats: Sequence[Seat], side: int) -> str:
    """ "Anna & Carla": the names of a side's two seats as they are shown."""
    return " & ".join(shown_name(seats[seat].name) for seat in seats_of(side))


def shown_name(name: str) -> str:
    """A player's name as it is shown: the lone human's "You" in the language spoken."""
    return _("You") if name == YOU else name


def plural(n: int, word: str, many: str = "") -> str:
    """ "1 card", "2 cards"; ``many`` where adding an s is wrong ("2 matches")."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def verb(name: str, third_person: str) -> str:
    """The verb agreeing with ``name``: "You play", "Anna plays"."""
    if name != "You":
        return third_person
    return _PLURAL.get(
        third_person, third_person[:-1] if third_person.endswith("s") else third_person
    )


def capitalized(text: str) -> str:
    """``text`` with its first letter a capital, the rest as it is ("your" -> "Your", "DeLuca's"
    stays)."""
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """ "Anna's", or "your" for the player called "You"."""
    return "your" if name == "You" else f"{name}'s"


def listed(items: list[str]) -> str:
    """ "2", "2 and 3", "2, 3 and 4"."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def short_name(name: str, room: int, mark: str = "…") -> str:
    """``name`` in ``room`` terminal cells: whole, or cut and ending with ``mark`` (an ellipsis)
    so the cut shows. Every narrow place shortens names this way (where there are several lines,
    a name wraps between its words instead, and a word too long for a line is cut the same way).
    A wide character (東, 🎴) takes two cells."""
    if cell_len(name) <= room:
        return name
    keep = max(1, room - cell_len(mark))
    cut = ""
    for ch in name:
        if cell_len(cut + ch) > keep:
            break
        cut += ch
    return (cut or name[0]).rstrip() + mark


def aligned(text: str, width: int, *, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` terminal cells (a wide character takes two),
    on the left when ``right``; never cut."""
    pad = " " * max(0, width - cell_len(text))
    return pad + text if right else text + pad


def padded_name(name: str, room: int, mark: str = "…") -> str:
    """``name`` in a column ``room`` cells wide: shortened as :func:`short_name` does, then
    padded with spaces (a wide character counts two)."""
    return aligned(short_name(name, room, mark), room)


def pair_names(a: str, b: str, room: int, mark: str = "…") -> str:
    """ "Anna & Carla" in ``room`` cells: the longer name shortened first (see
    :func:`short_name`), then both."""
    left = room - 3  # " & "
    wa, wb = cell_len(a), cell_len(b)
    if wa + wb <= left:
        return f"{a} & {b}"
    half = left // 2
    if wa <= half:
        return f"{a} & {short_name(b, left - wa, mark)}"
    if wb <= half:
        return f"{short_name(a, left - wb, mark)} & {b}"
    return f"{short_name(a, half, mark)} & {short_name(b, left - half, mark)}"
