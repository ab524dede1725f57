"""Scoring of combinations (RULES.md §7) and card points (§8.1), and the value of declarations (§5).

Each family of combination has exactly one evaluator, which returns the natural cards that make it
(0 when the family is not realised). Everything else is derived from those evaluators:

* :func:`score` explains a pile or hand (:class:`Breakdown`, one :class:`Combination` per family);
* :func:`combination_points` is the fast total used by the bots; its lookup tables are built by
  running the same evaluators, and the walk down the Grande's chain is cached (at most
  49,152 cases);
* :func:`declarable_families`, :func:`declared_combinations` and :func:`declaration_points` value
  the declarations (accusi) of one hand.

Points of a sequence of *e* elements: ``10 + 5 * (e - 3)``; elements are the natural cards counted
plus every counter (BEG, MAT) held.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from game.cards import (
    ACES,
    ANG,
    BEG,
    CODES,
    COUNTERS,
    JACKS,
    KINGS,
    KNIGHTS,
    LUN,
    MAT,
    MON,
    MORI,
    QUEENS,
    ROSSE,
    SCAVEZZO_CARDS,
    SOL,
    TAROCCHI,
    Card,
    Mask,
    bit,
    card_points,
    cards_of,
    mask_of,
    sorted_for_display,
    suit_card,
)

__all__ = [
    "CRICCA_FAMILIES",
    "SEQUENCE_FAMILIES",
    "FAMILIES",
    "GRANDE_HEAD",
    "WHOLE_FAMILY_CARDS",
    "DOUBLING_THRESHOLD",
    "Combination",
    "Breakdown",
    "score",
    "combination_points",
    "combination",
    "sequence_points",
    "cricca_value",
    "declarable_families",
    "declared_combinations",
    "declaration_points",
    "doublings",
    "total_points",
    "bench_scoring",
]

CRICCA_FAMILIES: tuple[str, ...] = ("Tarocchi", "Re", "Regine", "Cavalli", "Fanti")
SEQUENCE_FAMILIES: tuple[str, ...] = (
    "Grande",
    "Spade",
    "Bastoni",
    "Coppe",
    "Denari",
    "Assi",
    "Mori",
)
FAMILIES: tuple[str, ...] = CRICCA_FAMILIES + SEQUENCE_FAMILIES
DOUBLING_THRESHOLD = 3  # 3+ cricche: criccone; 3+ sequences: sequences doubled

Kind = Literal["cricca", "sequence"]

# --- cricche (§7.1) -------------------------------------------------------------------------------

_CRICCA_GROUP: dict[str, Mask] = {
    "Tarocchi": TAROCCHI,
    "Re": KINGS,
    "Regine": QUEENS,
    "Cavalli": KNIGHTS,
    "Fanti": JACKS,
}
_CRICCA_VALUE: dict[str, int] = {"Tarocchi": 18, "Re": 17, "Regine": 14, "Cavalli": 13, "Fanti": 12}


def _cricca_naturals(mask: Mask, group: Mask) -> Mask:
    """Cricca: any 3 or 4 cards of the group, no wild cards."""
    held = mask & group
    return held if held.bit_count() >= 3 else 0


def cricca_value(family: str) -> int:
    """What three cards of a cricca group score (four score double)."""
    return _CRICCA_VALUE[family]


def _cricca_points(family: str, n_cards: int) -> int:
    """Three of a group score its value, four score double."""
    if n_cards < 3:
        return 0
    return _CRICCA_VALUE[family] * (2 if n_cards == 4 else 1)


# --- sequences (§7.2) -----------------------------------------------------------------------------

GRANDE_HEAD: Mask = mask_of((MON, SOL, LUN))  # after the Angelo: at least one is needed
_ANG_BIT: Mask = bit(ANG)
_CHAIN_SHIFT = SCAVEZZO_CARDS[0]  # T16 is bit 0 of the chain, T5 bit 11
assert SCAVEZZO_CARDS == tuple(range(_CHAIN_SHIFT, _CHAIN_SHIFT + 12))
_CHAIN_LEN = len(SCAVEZZO_CARDS)
# _CHAIN_PREFIX[r]: the chain cards T16 … down to the r-th one (the part a chain of reach r covers)
_CHAIN_PREFIX: tuple[Mask, ...] = tuple(mask_of(SCAVEZZO_CARDS[:r]) for r in range(_CHAIN_LEN + 1))
_reach_cache: dict[int, int] = {}


def _chain_reach(chain: int, free: int, rosse: bool, mori: bool) -> int:
    """How far the Grande's chain runs (0..12 positions from T16 down to T5), §7.2 steps 2-4.

    ``chain`` has bit i set when the (16-i)-th trump is held; ``free`` is the number of counters not
    used in terza; ``rosse`` tells whether SOL or LUN is held; ``mori`` whether any Moro is held.
    A missing number stops the chain (scavezzo) unless a free counter fills it and the next number
    is held (after T5, the "next number" is any Moro); with no Rosse and no T16 it stops at T16
    (scavezzo al sedici). Cached: the arguments take at most 49,152 values.
    """
    key = chain | free << 12 | rosse << 14 | mori << 15
    reach = _reach_cache.get(key)
    if reach is not None:
        return reach
    reach = _CHAIN_LEN
    for i in range(_CHAIN_LEN):
        if chain >> i & 1:
            continue
        if i == 0 and not rosse:
            reach = 0
            break
        next_held = bool(chain >> (i + 1) & 1) if i < _CHAIN_LEN - 1 else mori
        if free > 0 and next_held:
            free -= 1
            continue
        reach = i
        break
    _reach_cache[key] = reach
    return reach


def _grande_naturals(mask: Mask) -> Mask:
    """Grande (trumps, capostipite Angelo): the natural cards counted, or 0 (§7.2 reference)."""
    if not mask & _ANG_BIT:
        return 0
    head = mask & GRANDE_HEAD
    if not head:
        return 0
    free = (mask & COUNTERS).bit_count()
    if head & (head - 1) == 0:  # exactly one of MON SOL LUN: a counter must go in terza
        if not free:
            return 0
        free -= 1
    reach = _chain_reach(
        (mask >> _CHAIN_SHIFT) & 0xFFF, free, bool(mask & ROSSE), bool(mask & MORI)
    )
    naturals = _ANG_BIT | head | (mask & _CHAIN_PREFIX[reach])
    if reach == _CHAIN_LEN:  # T5 reached (held or filled): every Moro counts
        naturals |= mask & MORI
    return naturals


_SUIT_SEQ_CARDS: tuple[Mask, ...] = tuple(
    mask_of(suit_card(r, s) for r in ("K", "Q", "N", "J", "A")) for s in range(4)
)
_SUIT_KING: tuple[Mask, ...] = tuple(bit(suit_card("K", s)) for s in range(4))
_SUIT_COURTS: tuple[Mask, ...] = tuple(
    mask_of(suit_card(r, s) for r in ("Q", "N", "J")) for s in range(4)
)


def _suit_naturals(mask: Mask, suit: int) -> Mask:
    """Suit sequence: King + 2-3 courts, or King + 1 court + a counter; the Ace then adds one."""
    held = mask & _SUIT_SEQ_CARDS[suit]
    if not held & _SUIT_KING[suit]:
        return 0
    courts = (held & _SUIT_COURTS[suit]).bit_count()
    if courts >= 2 or (courts == 1 and mask & COUNTERS):
        return held
    return 0


def _set_naturals(mask: Mask, group: Mask) -> Mask:
    """Assi or Mori (no capostipite): 3-4 naturals, or exactly 2 with a counter."""
    held = mask & group
    n = held.bit_count()
    if n >= 3 or (n == 2 and mask & COUNTERS):
        return held
    return 0


# The cards of each family a combination counts every one held of: declaring it shows them all
# (the Grande is not here: its chain may stop short of cards held).
WHOLE_FAMILY_CARDS: dict[str, Mask] = {
    **_CRICCA_GROUP,
    **{name: _SUIT_SEQ_CARDS[s] for s, name in enumerate(SEQUENCE_FAMILIES[1:5])},
    "Assi": ACES,
    "Mori": MORI,
}


def sequence_points(elements: int) -> int:
    """Value of a realised sequence of ``elements`` elements: 10 + 5 * (e - 3)."""
    return 10 + 5 * (elements - 3)


# family -> (kind, evaluator returning the natural cards that realise it, or 0)
_EVALUATORS: dict[str, tuple[Kind, Callable[[Mask], Mask]]] = {
    **{f: ("cricca", partial(_cricca_naturals, group=_CRICCA_GROUP[f])) for f in CRICCA_FAMILIES},
    "Grande": ("sequence", _grande_naturals),
    "Spade": ("sequence", lambda m: _suit_naturals(m, 0)),
    "Bastoni": ("sequence", lambda m: _suit_naturals(m, 1)),
    "Coppe": ("sequence", lambda m: _suit_naturals(m, 2)),
    "Denari": ("sequence", lambda m: _suit_naturals(m, 3)),
    "Assi": ("sequence", lambda m: _set_naturals(m, ACES)),
    "Mori": ("sequence", lambda m: _set_naturals(m, MORI)),
}
assert tuple(_EVALUATORS) == FAMILIES


# --- display order -------------------------------------------------------------------------------

# The cards of a mask in display order (cards.display_key) via byte tables: each byte of the mask is
# moved to "display positions", then the display mask is read back byte by byte.
_DISPLAY: list[Card] = sorted_for_display(range(len(CODES)))
_DISPLAY_POS: list[int] = [0] * len(CODES)
for _pos, _c in enumerate(_DISPLAY):
    _DISPLAY_POS[_c] = _pos
_TO_DISPLAY: tuple[tuple[Mask, ...], ...] = tuple(
    tuple(
        mask_of(_DISPLAY_POS[8 * j + i] for i in range(8) if b >> i & 1 and 8 * j + i < len(CODES))
        for b in range(256)
    )
    for j in range(8)
)
_FROM_DISPLAY: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(
        tuple(_DISPLAY[8 * j + i] for i in range(8) if b >> i & 1 and 8 * j + i < len(CODES))
        for b in range(256)
    )
    for j in range(8)
)


def _display_cards(mask: Mask) -> list[Card]:
    """Same as ``sorted_for_display(mask)``, faster."""
    d = 0
    j = 0
    while mask:
        d |= _TO_DISPLAY[j][mask & 0xFF]
        mask >>= 8
        j += 1
    out: list[Card] = []
    j = 0
    while d:
        out += _FROM_DISPLAY[j][d & 0xFF]
        d >>= 8
        j += 1
    return out


# --- the explanation ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Combination:
    """One realised family: its cards (naturals then counters used) and points before doubling."""

    family: str
    kind: Kind
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        key = "group" if self.kind == "cricca" else "family"
        return {key: self.family, "cards": [CODES[c] for c in self.cards], "points": self.points}


def _evaluator(family: str) -> tuple[Kind, Callable[[Mask], Mask]]:
    try:
        return _EVALUATORS[family]
    except KeyError:
        raise ValueError(f"unknown family {family!r} (one of {', '.join(FAMILIES)})") from None


def combination(mask: Mask, family: str) -> Combination | None:
    """The combination of ``family`` realised by the cards of ``mask``, or None."""
    kind, evaluate = _evaluator(family)
    naturals = evaluate(mask)
    if not naturals:
        return None
    shown = _display_cards(naturals)
    if kind == "cricca":
        return Combination(family, kind, tuple(shown), _cricca_points(family, len(shown)))
    counters = [c for c in (BEG, MAT) if mask >> c & 1]
    points = sequence_points(len(shown) + len(counters))
    return Combination(family, kind, tuple(shown + counters), points)


def doublings(families: Iterable[str]) -> tuple[bool, bool]:
    """(criccone, sequences doubled) for a set of realised or declared families."""
    chosen = set(families)
    return (
        len(chosen.intersection(CRICCA_FAMILIES)) >= DOUBLING_THRESHOLD,
        len(chosen.intersection(SEQUENCE_FAMILIES)) >= DOUBLING_THRESHOLD,
    )


def _doubled_sums(combos: Iterable[Combination]) -> tuple[bool, int, bool, int]:
    combos = list(combos)
    criccone, seq_doubled = doublings(c.family for c in combos)
    cricche = sum(c.points for c in combos if c.kind == "cricca") * (2 if criccone else 1)
    sequences = sum(c.points for c in combos if c.kind == "sequence") * (2 if seq_doubled else 1)
    return criccone, cricche, seq_doubled, sequences


def total_points(combos: Iterable[Combination]) -> int:
    """Value of a set of combinations, with criccone and sequence doubling."""
    _, cricche, _, sequences = _doubled_sums(combos)
    return cricche + sequences


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Full explanation of the score of a pile or hand (§7 and §8.1)."""

    cards: tuple[Card, ...]
    cricche: tuple[Combination, ...]
    criccone: bool
    cricche_points: int  # after criccone doubling
    sequences: tuple[Combination, ...]
    sequences_doubled: bool
    sequences_points: int  # after sequence doubling
    combinations_points: int
    card_points: int | None  # None for an odd number of cards

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": [CODES[c] for c in self.cards],
            "cricche": [c.to_json() for c in self.cricche],
            "criccone": self.criccone,
            "cricche_points": self.cricche_points,
            "sequences": [c.to_json() for c in self.sequences],
            "sequences_doubled": self.sequences_doubled,
            "sequences_points": self.sequences_points,
            "combinations_points": self.combinations_points,
            "card_points": self.card_points,
        }


def _realised(mask: Mask, families: Iterable[str] = FAMILIES) -> list[Combination]:
    return [c for f in families if (c := combination(mask, f)) is not None]


def score(mask: Mask) -> Breakdown:
    """Everything a pile (or hand) scores: cricche, sequences, doublings and card points."""
    combos = _realised(mask)
    criccone, cricche_points, seq_doubled, sequences_points = _doubled_sums(combos)
    return Breakdown(
        cards=tuple(_display_cards(mask)),
        cricche=tuple(c for c in combos if c.kind == "cricca"),
        criccone=criccone,
        cricche_points=cricche_points,
        sequences=tuple(c for c in combos if c.kind == "sequence"),
        sequences_doubled=seq_doubled,
        sequences_points=sequences_points,
        combinations_points=cricche_points + sequences_points,
        card_points=card_points(mask),
    )


# --- the fast total -------------------------------------------------------------------------------


# Tables built by running the evaluators on every case that matters. Each entry is packed as
# ``points << 3 | 1`` when the family is realised (0 otherwise), so one sum gives both the points
# (``>> 3``) and how many families are realised (``& 7``: at most 7 sequences, 5 cricche).
_PACK = 3
_COUNT = (1 << _PACK) - 1


def _packed(points: int) -> int:
    return points << _PACK | 1 if points else 0


def _first(group: Mask, n: int) -> Mask:
    """Some n cards of a group."""
    return mask_of(cards_of(group)[:n])


def _sequence_table(
    evaluate: Callable[[Mask], Mask], variants: Iterable[Mask]
) -> tuple[tuple[int, ...], ...]:
    """table[counters held][i]: packed points of a sequence evaluated on the i-th variant."""
    variants = list(variants)
    table: list[tuple[int, ...]] = []
    for k in range(3):
        counters = _first(COUNTERS, k)
        row = []
        for m in variants:
            naturals = evaluate(m | counters)
            row.append(_packed(sequence_points(naturals.bit_count() + k)) if naturals else 0)
        table.append(tuple(row))
    return tuple(table)


_SUIT_SHIFTS: tuple[int, ...] = tuple(suit_card("K", s) for s in range(4))
assert all(_SUIT_SEQ_CARDS[s] == 0x1F << _SUIT_SHIFTS[s] for s in range(4))
# [counters][the 5 bits K Q N J A of a suit]; [counters][Aces or Mori held]; [elements]
_SUIT_TABLE = _sequence_table(
    lambda m: _suit_naturals(m, 0), (b << _SUIT_SHIFTS[0] for b in range(32))
)
_SET_TABLE = _sequence_table(lambda m: _set_naturals(m, ACES), (_first(ACES, n) for n in range(5)))
_SEQ_TABLE: tuple[int, ...] = tuple(_packed(sequence_points(e)) for e in range(24))
# per cricca group: [cards of the group held]
_CRICCA_TABLE: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        _packed(_cricca_points(f, _cricca_naturals(_first(g, n), g).bit_count())) for n in range(5)
    )
    for f, g in _CRICCA_GROUP.items()
)
_T, _K, _Q, _N, _J = _CRICCA_GROUP.values()
_CT, _CK, _CQ, _CN, _CJ = _CRICCA_TABLE
_S0, _S1, _S2, _S3 = _SUIT_SHIFTS


def combination_points(mask: Mask) -> int:
    """Cricche + sequences of a pile or hand, after criccone and sequence doubling (fast)."""
    cricche = (
        _CT[(mask & _T).bit_count()]
        + _CK[(mask & _K).bit_count()]
        + _CQ[(mask & _Q).bit_count()]
        + _CN[(mask & _N).bit_count()]
        + _CJ[(mask & _J).bit_count()]
    )
    k = (mask >> BEG & 1) + (mask >> MAT & 1)
    suits = _SUIT_TABLE[k]
    sets = _SET_TABLE[k]
    sequences = (
        suits[mask >> _S0 & 0x1F]
        + suits[mask >> _S1 & 0x1F]
        + suits[mask >> _S2 & 0x1F]
        + suits[mask >> _S3 & 0x1F]
        + sets[(mask & ACES).bit_count()]
        + sets[(mask & MORI).bit_count()]
    )
    grande = _grande_naturals(mask)
    if grande:
        sequences += _SEQ_TABLE[grande.bit_count() + k]
    points = (cricche >> _PACK) << ((cricche & _COUNT) >= DOUBLING_THRESHOLD)
    return points + ((sequences >> _PACK) << ((sequences & _COUNT) >= DOUBLING_THRESHOLD))


# --- declarations (§5) ----------------------------------------------------------------------------


def declarable_families(hand: Mask) -> tuple[str, ...]:
    """The families this hand realises, in FAMILIES order (what its holder may declare)."""
    return tuple(f for f in FAMILIES if _EVALUATORS[f][1](hand))


def declared_combinations(hand: Mask, families: Iterable[str]) -> tuple[Combination, ...]:
    """The combinations shown when declaring ``families`` from ``hand`` (FAMILIES order).

    Points are before doubling (see :func:`doublings`). Raises ValueError for an unknown family or
    one the hand does not realise.
    """
    chosen = set(families)
    for f in chosen:
        if f not in _EVALUATORS:
            raise ValueError(f"unknown family {f!r} (one of {', '.join(FAMILIES)})")
    combos = _realised(hand, [f for f in FAMILIES if f in chosen])
    if len(combos) != len(chosen):
        missing = sorted(chosen - {c.family for c in combos}, key=FAMILIES.index)
        raise ValueError(f"the hand does not realise {', '.join(missing)}")
    return tuple(combos)


def declaration(hand: Mask, families: Iterable[str]) -> tuple[Mask, int]:
    """The cards shown and the value (with doubling) of declaring ``families`` from ``hand``.

    The fast form of :func:`declared_combinations`: the same cards, no explanation. Raises
    ValueError for an unknown family or one the hand does not realise.
    """
    shown = cricche = sequences = n_cricche = n_sequences = 0
    counters = hand & COUNTERS
    n_counters = counters.bit_count()
    for f in set(families):
        kind, evaluate = _evaluator(f)
        naturals = evaluate(hand)
        if not naturals:
            raise ValueError(f"the hand does not realise {f}")
        shown |= naturals
        if kind == "cricca":
            cricche += _cricca_points(f, naturals.bit_count())
            n_cricche += 1
        else:
            sequences += sequence_points(naturals.bit_count() + n_counters)
            n_sequences += 1
            shown |= counters
    if n_cricche >= DOUBLING_THRESHOLD:
        cricche *= 2
    if n_sequences >= DOUBLING_THRESHOLD:
        sequences *= 2
    return shown, cricche + sequences


def declaration_points(hand: Mask, families: Iterable[str]) -> int:
    """Value of declaring ``families`` from ``hand``, with doubling for 3+ cricche or sequences."""
    return declaration(hand, families)[1]


# --- measurement ----------------------------------------------------------------------------------


def bench_scoring(n: int = 20000, seed: int = 1) -> dict[str, Any]:
    """Piles per second of :func:`combination_points` and :func:`score` on random 30-card piles."""
    rng = random.Random(seed)
    piles = [mask_of(rng.sample(range(len(CODES)), 30)) for _ in range(n)]
    _reach_cache.clear()
    figures: dict[str, Any] = {"piles": n, "seed": seed, "pile_size": 30}
    paths: tuple[tuple[str, Callable[[Mask], int]], ...] = (
        ("combination_points", combination_points),
        ("score", lambda pile: score(pile).combinations_points),
    )
    for name, fn in paths:
        start = time.perf_counter()
        total = 0
        for pile in piles:
            total += fn(pile)
        elapsed = time.perf_counter() - start
        figures[f"{name}_per_s"] = round(n / elapsed) if elapsed > 0 else None
        figures[f"{name}_total"] = total  # the two paths count the same piles alike
    figures["grande_cache_entries"] = len(_reach_cache)
    return figures
