"""Players' names a person can tell apart: no invisible characters in a name, and no two seats
whose names look the same.

A name is shown at the table, in the log, on the sheets and in the records; two players whose
names look alike ("Anna" and "Аnna" with a Cyrillic А, "Anna" and "ANNA", "Anna" and "Ａｎｎａ")
could not be told apart there, and a name with characters that show nothing (a zero-width space,
a variation selector) or that turn the line around (a right-to-left override) looks like another
name or disturbs the line it is in. Both are refused, with the reason, wherever names are given
(``play --names``, the start screen) or read back (the last match's note, the remembered setup).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

# Why a name, or four names, cannot be used: the codes of a NameProblem.
INVISIBLE = "invisible"  # the name holds ``char``, which shows nothing
MARK_FIRST = "mark first"  # the name begins with a combining mark
SAME = "same"  # two of the four names are the same
LOOK_ALIKE = "look alike"  # two names (of ``pair``, counted from 0) look the same


@dataclass(frozen=True, slots=True)
class NameProblem:
    """Why a name or four names cannot be used: ``reason`` (a code above), the name or the two
    names in question (``names``), the invisible character (``char``) and the seats of two names
    that look alike (``pair``, counted from 0). ``str()`` says it in English for logs; a player
    reads the words of the text layer."""

    reason: str
    names: tuple[str, ...]
    char: str = ""
    pair: tuple[int, int] = (0, 0)

    def __str__(self) -> str:
        name = self.names[0]
        if self.reason == INVISIBLE:
            return (
                f"a name must be printable text with nothing invisible in it: {name!r} "
                f"holds {described(self.char)}"
            )
        if self.reason == MARK_FIRST:
            return f"a name may not begin with a mark that goes on a letter: {name!r}"
        if self.reason == SAME:
            return "the four names must be different"
        a, b = self.pair
        return (
            f"the names of seats {a + 1} and {b + 1} look the same ({name!r} and "
            f"{self.names[1]!r}): the four names must look different"
        )


# Characters that show nothing, or act on the characters around them, though some count as
# printable: Unicode's default-ignorable code points (zero-width characters, the bidirectional
# controls, variation selectors, fillers, tags) and the blanks that are not spaces.
# fmt: off
_INVISIBLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
# fmt: on

# Letters of other alphabets drawn as a Latin letter is (Cyrillic, Greek): two names that differ
# only by them look the same (the accents, taken apart first, stay: Ё is Ë).
# fmt: off
_LOOK_ALIKE = str.maketrans({
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q", "Ԝ": "W",
    "Һ": "H", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s",
    "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ү": "y",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v", "ρ": "p", "α": "a",
})
# fmt: on


def invisible(ch: str) -> bool:
    """``ch`` shows nothing, or reorders or joins what is around it (see the module)."""
    if not ch.isprintable():
        return True
    point = ord(ch)
    return any(low <= point <= high for low, high in _INVISIBLE)


def name_problem(name: str) -> NameProblem | None:
    """Why ``name`` cannot be a player's name, or None: it holds a character that is not
    printable or shows nothing, or it begins with a mark that would sit on what comes before
    it."""
    for ch in name:
        if invisible(ch):
            return NameProblem(INVISIBLE, (name,), ch)
    if name and unicodedata.combining(name[0]):
        return NameProblem(MARK_FIRST, (name,))
    return None


def described(ch: str) -> str:
    """ "U+200B (zero width space)"."""
    what = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({what.lower()})" if what else "")


def skeleton(name: str) -> str:
    """What ``name`` looks like, the same for names that a person would take for the same one:
    compatibility forms unfolded ("Ａｎｎａ" is "Anna"), upper and lower case alike, letters of
    other alphabets that look Latin read as Latin, spaces in a run as one."""
    unfolded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    looks = unicodedata.normalize("NFC", unfolded.translate(_LOOK_ALIKE).casefold())
    return " ".join(looks.split())


def look_alike(names: Sequence[str]) -> tuple[int, int] | None:
    """The first two of ``names`` (their indexes) that look the same, or None."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = skeleton(name)
        if key in seen:
            return seen[key], i
        seen[key] = i
    return None


def look_alike_problem(names: Sequence[str]) -> NameProblem | None:
    """Why the four ``names`` cannot sit at one table, or None: two of them are the same, or
    look the same."""
    pair = look_alike(names)
    if pair is None:
        return None
    a, b = pair
    if names[a] == names[b]:
        return NameProblem(SAME, (names[a], names[b]), pair=pair)
    return NameProblem(LOOK_ALIKE, (names[a], names[b]), pair=pair)


def names_problem(names: Sequence[str]) -> NameProblem | None:
    """Why these four names cannot sit at one table, or None: the first that holds something
    invisible (:func:`name_problem`), else two that look the same (:func:`look_alike_problem`)."""
    for name in names:
        problem = name_problem(name)
        if problem:
            return problem
    return look_alike_problem(names)
