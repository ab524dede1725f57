"""A slow, literal reading of RULES.md for everything that turns cards into points.

Written from RULES.md alone, without the engine's scoring code, so that the tests
(tests/test_rules_reference_scoring.py) can compare the engine's figures with a second reading.
Cards are their canonical codes (strings); only ``game.cards``' list of codes is imported.

Each piece of logic names the rule it reads (§ numbers of RULES.md). Where the text can be read two
ways, the comment marked AMBIGUOUS gives both readings and says which one is taken here and why:

- an odd number of cards has no card points (:func:`card_points`);
- a declared sequence shows every counter held (:func:`declared_cards`);
- the Matto's side with no scartino: lowest value, then the tie order (A) or the least combination
  loss first (B) (:func:`exchange_card`; the engine takes B; no played hand has come to it);
- the discard is among the cards the Matto's side may give, by §8's order (:func:`score_hand`);
- the call-out compares the raw declared points with the target (:func:`calls_out`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.cards import CODES

ALL_CODES: tuple[str, ...] = tuple(CODES)
assert len(ALL_CODES) == 62  # §1: 4 suits x 10 + 21 trumps + the Matto

# §1: suits and ranks.
SUITS = ("S", "B", "C", "D")
LONG = ("S", "B")  # §1: Spade, Bastoni are the long suits
RANKS = ("K", "Q", "N", "J", "A", "6", "7", "8", "9", "10")
COURT_RANKS = ("K", "Q", "N", "J")
PIP_RANKS = ("6", "7", "8", "9", "10")
# §1 "Suit order, highest first": long K Q N J 10 9 8 7 6 A, round K Q N J A 6 7 8 9 10.
LONG_ORDER = ("K", "Q", "N", "J", "10", "9", "8", "7", "6", "A")
ROUND_ORDER = ("K", "Q", "N", "J", "A", "6", "7", "8", "9", "10")
# §1 table, trick rank 1 (highest) to 18: ANG MON SOL LUN T16 ... T5, the Mori (equal), BEG.
TRUMP_ORDER = ("ANG", "MON", "SOL", "LUN") + tuple(f"T{n}" for n in range(16, 4, -1))
MORI = ("MO1", "MO2", "MO3", "MO4")

# §2 named groups.
TAROCCHI = ("ANG", "MON", "BEG", "MAT")
COUNTERS = ("BEG", "MAT")
ROSSE = ("SOL", "LUN")
HEAD = ("MON", "SOL", "LUN")  # the numeri della Grande after the Angelo (§7.2 Grande 1)
SCAVEZZO = tuple(f"T{n}" for n in range(16, 4, -1))  # §2 numeri di scavezzo T16 ... T5


def is_suit_card(code: str) -> bool:
    return code[-1] in SUITS and code[:-1] in RANKS


def suit_of(code: str) -> str:
    return code[-1]


def rank_of(code: str) -> str:
    return code[:-1]


def card_value(code: str) -> int:
    """§1 'Card values': King 5, Queen 4, Knight 3, Jack 2; ANG MON BEG MAT 5; else 0 (scartino)."""
    if is_suit_card(code):
        return {"K": 5, "Q": 4, "N": 3, "J": 2}.get(rank_of(code), 0)
    return 5 if code in TAROCCHI else 0


def is_scartino(code: str) -> bool:
    # §2: "Carte di valore (20): the 16 court cards + the 4 Tarocchi. Scartini: the other 42."
    return card_value(code) == 0


assert sum(1 for c in ALL_CODES if is_scartino(c)) == 42


# ---------------------------------------------------------------------------------------------
# §7.1 Cricche
# ---------------------------------------------------------------------------------------------

CRICCA_GROUPS: dict[str, tuple[str, ...]] = {
    "TAROCCHI": TAROCCHI,
    "K": tuple("K" + s for s in SUITS),
    "Q": tuple("Q" + s for s in SUITS),
    "N": tuple("N" + s for s in SUITS),
    "J": tuple("J" + s for s in SUITS),
}
# §7.1 table: group -> (3 cards, 4 cards)
CRICCA_VALUE = {"TAROCCHI": (18, 36), "K": (17, 34), "Q": (14, 28), "N": (13, 26), "J": (12, 24)}


def cricche(cards: set[str]) -> dict[str, int]:
    """§7.1: "Any 3 of a group make the cricca. No wild cards in cricche." (undoubled values)"""
    out = {}
    for name, group in CRICCA_GROUPS.items():
        n = sum(1 for c in group if c in cards)  # no counters here: "No wild cards in cricche"
        if n == 3:
            out[name] = CRICCA_VALUE[name][0]
        elif n == 4:
            out[name] = CRICCA_VALUE[name][1]
    return out


# ---------------------------------------------------------------------------------------------
# §7.2 Sequences
# ---------------------------------------------------------------------------------------------

SEQUENCE_NAMES = ("GRANDE", "SEQ_S", "SEQ_B", "SEQ_C", "SEQ_D", "ASSI", "MORI")


def sequence_value(elements: int) -> int:
    """§7.2: "A realised sequence of e elements is worth 10 + 5 x (e - 3)"."""
    assert elements >= 3
    return 10 + 5 * (elements - 3)


def counters_held(cards: set[str]) -> int:
    # §7.2 Counters: "Each counter held counts as one element in every realised sequence".
    return sum(1 for c in COUNTERS if c in cards)


def suit_sequence_elements(cards: set[str], suit: str) -> int:
    """§7.2 Suit sequence; 0 when not realised, else e."""
    if "K" + suit not in cards:  # "Needs the King (capostipite)"
        return 0
    courts = sum(1 for r in ("Q", "N", "J") if r + suit in cards)  # other court cards of the suit
    counters = counters_held(cards)
    if courts == 0:  # "... and at least one other court card of that suit"
        return 0
    if courts == 1 and counters == 0:  # "King + exactly 1 court: realised only with a counter"
        return 0  # (the Ace does not help: "gli Assi non vanno in terza")
    ace = 1 if "A" + suit in cards else 0  # "The suit's Ace adds one element ... already realised"
    return 1 + courts + ace + counters  # "e = 1 + courts + ace + counters"


def natural_sequence_elements(cards: set[str], naturals: tuple[str, ...]) -> int:
    """§7.2 Assi and Mori: "3 or 4 natural cards: realised; exactly 2: realised only with a
    counter. e = naturals + counters"."""
    n = sum(1 for c in naturals if c in cards)
    counters = counters_held(cards)
    if n >= 3 or (n == 2 and counters >= 1):
        return n + counters
    return 0  # "Counters never make a sequence on their own" (n = 0 or 1)


def grande_elements(cards: set[str]) -> int:
    """§7.2 Grande, the reference algorithm of RULES.md followed line by line; 0 if not realised."""
    head = [c for c in HEAD if c in cards]
    # "if ANG not held or none of MON/SOL/LUN held: 0"
    if "ANG" not in cards or not head:
        return 0
    free = counters_held(cards)  # "free = counters held"
    # "if exactly one of MON/SOL/LUN held: (no counter -> 0) else free -= 1" (va in terza; a second
    # counter may not stand in for another head card: "the second counter stays free")
    if len(head) == 1:
        if free == 0:
            return 0
        free -= 1
    numbers = 0
    reached_t5 = False
    for n in range(16, 4, -1):  # "for n in 16, 15, ..., 5"
        tn = f"T{n}"
        if tn in cards:  # "if Tn held: count it; continue"
            numbers += 1
            if n == 5:
                reached_t5 = True
            continue
        # "if n == 16 and SOL, LUN not held: stop" (scavezzo al sedici, §7.2 Grande 4)
        if n == 16 and "SOL" not in cards and "LUN" not in cards:
            break
        # "next_held = T(n-1) held if n > 5 else (any Moro held)"
        next_held = (f"T{n - 1}" in cards) if n > 5 else any(m in cards for m in MORI)
        if free > 0 and next_held:  # "counter fills the gap" (§7.2 Grande 3, 5)
            free -= 1
            if n == 5:
                reached_t5 = True
            continue
        break  # "stop  # scavezzo"
    # "if T5 reached (held or filled): count every Moro held"
    mori = sum(1 for m in MORI if m in cards) if reached_t5 else 0
    # "e = 1 + (MON, SOL, LUN held) + numbers counted + Mori counted + counters held"
    return 1 + len(head) + numbers + mori + counters_held(cards)


def sequences(cards: set[str]) -> dict[str, int]:
    """§7.2: the value of each realised sequence (undoubled)."""
    elements = {
        "GRANDE": grande_elements(cards),
        "SEQ_S": suit_sequence_elements(cards, "S"),
        "SEQ_B": suit_sequence_elements(cards, "B"),
        "SEQ_C": suit_sequence_elements(cards, "C"),
        "SEQ_D": suit_sequence_elements(cards, "D"),
        "ASSI": natural_sequence_elements(cards, tuple("A" + s for s in SUITS)),
        "MORI": natural_sequence_elements(cards, MORI),
    }
    return {name: sequence_value(e) for name, e in elements.items() if e}


@dataclass
class Combinations:
    cricche: dict[str, int]  # undoubled value of each cricca
    criccone: bool  # §7.1: 3 or more cricche -> doubled
    sequences: dict[str, int]  # undoubled value of each realised sequence
    sequences_doubled: bool  # §7.2: 3 or more realised sequences -> doubled

    @property
    def cricche_points(self) -> int:
        return sum(self.cricche.values()) * (2 if self.criccone else 1)

    @property
    def sequences_points(self) -> int:
        return sum(self.sequences.values()) * (2 if self.sequences_doubled else 1)

    @property
    def points(self) -> int:
        # §7.2 "Criccone doubling and sequence doubling are independent."
        return self.cricche_points + self.sequences_points


def combinations(cards) -> Combinations:
    """§7 for a pile or a hand: every cricca and every sequence, with both doublings."""
    cards = set(cards)
    cr = cricche(cards)
    sq = sequences(cards)
    # §7.1 "Criccone: 3 or more cricche in the same hand or pile -> the sum of the cricche is
    # doubled"
    # §7.2 "3 or more realised sequences in the same hand or pile -> the sum ... is doubled"
    return Combinations(cr, len(cr) >= 3, sq, len(sq) >= 3)


def combination_points(cards) -> int:
    return combinations(cards).points


# ---------------------------------------------------------------------------------------------
# §8.1 Card points
# ---------------------------------------------------------------------------------------------


def card_points(cards) -> int | None:
    """§8.1, counted in pairs literally: "a carta di valore with a scartino is worth its value; two
    scartini are worth 1; two carte di valore are worth the sum of their values minus 1".

    AMBIGUOUS: an odd number of cards cannot be paired. RULES.md says "A side's pile always has an
    even number of cards", so an odd pile has no card points: None (the vectors' ``null``). The
    other reading, the formula's half point, is not taken: RULES.md says totals are whole numbers.
    """
    cards = list(cards)
    if len(cards) % 2:
        return None
    valued = sorted((card_value(c) for c in cards if not is_scartino(c)), reverse=True)
    scartini = sum(1 for c in cards if is_scartino(c))
    points = 0
    # The pairs are made one way here (each carta di valore with a scartino while there are any);
    # §8.1 "The result does not depend on how the pairs are formed" is checked by the formula below.
    while valued and scartini:
        points += valued.pop()
        scartini -= 1
    while scartini:
        points += 1
        scartini -= 2
    while valued:
        points += valued.pop() + valued.pop() - 1
    # §8.1 formula: (sum of values of carte di valore) + (scartini - carte di valore) / 2
    n_valued = sum(1 for c in cards if not is_scartino(c))
    n_scart = len(cards) - n_valued
    formula = sum(card_value(c) for c in cards) + (n_scart - n_valued) / 2
    assert points == formula, (cards, points, formula)
    return points


assert card_points(ALL_CODES) == 87  # §8.1 "The whole pack is worth 87"


# ---------------------------------------------------------------------------------------------
# §5 Declarations
# ---------------------------------------------------------------------------------------------

CRICCA_FAMILIES = ("TAROCCHI", "K", "Q", "N", "J")
FAMILIES = CRICCA_FAMILIES + SEQUENCE_NAMES


def realised_families(hand) -> set[str]:
    """§5 "What can be declared: exactly the combinations of §7 found in that one hand": the five
    cricca groups and the seven sequences that the hand realises."""
    c = combinations(hand)
    return set(c.cricche) | set(c.sequences)


def declaration_points(hand, declared) -> int:
    """§5: "A declared family scores its full value in that hand; criccone doubling applies when he
    declares 3 or more cricche, sequence doubling when he declares 3 or more sequences (only the
    families he declares count)."

    "Full value": the family's value computed on the whole hand (a counter counts in every sequence,
    §7.2, so declaring fewer sequences does not change what each one is worth).
    """
    declared = set(declared)
    c = combinations(hand)
    assert declared <= set(c.cricche) | set(c.sequences), "only realised families can be declared"
    cr = [v for k, v in c.cricche.items() if k in declared]
    sq = [v for k, v in c.sequences.items() if k in declared]
    return sum(cr) * (2 if len(cr) >= 3 else 1) + sum(sq) * (2 if len(sq) >= 3 else 1)


def declared_cards(hand, declared) -> set[str]:
    """§5 "The cards of a declared combination are shown to everybody (... the counters used are
    shown too)": the natural cards of each declared family plus, for a sequence, the counters held.

    AMBIGUOUS: "the counters used". Every counter held counts as an element in every realised
    sequence (§7.2), so every counter held is used by a declared sequence; taken that way. A
    Grande's cards are those that count (head, chain numbers, the Mori if T5 is reached), not
    numbers beyond a scavezzo.
    """
    hand = set(hand)
    out: set[str] = set()
    for fam in declared:
        if fam in CRICCA_GROUPS:
            out |= {c for c in CRICCA_GROUPS[fam] if c in hand}
            continue
        out |= {c for c in COUNTERS if c in hand}
        if fam.startswith("SEQ_"):
            s = fam[-1]
            out |= {r + s for r in ("K", "Q", "N", "J", "A") if r + s in hand}
        elif fam == "ASSI":
            out |= {"A" + s for s in SUITS if "A" + s in hand}
        elif fam == "MORI":
            out |= {m for m in MORI if m in hand}
        elif fam == "GRANDE":
            out |= {"ANG"} | {c for c in HEAD if c in hand} | grande_chain_cards(hand)
    return out


def grande_chain_cards(hand: set[str]) -> set[str]:
    """The chain numbers and Mori that count in the Grande (the same walk as grande_elements)."""
    free = counters_held(hand) - (1 if sum(1 for c in HEAD if c in hand) == 1 else 0)
    out = set()
    reached = False
    for n in range(16, 4, -1):
        tn = f"T{n}"
        if tn in hand:
            out.add(tn)
            reached = n == 5
            continue
        if n == 16 and "SOL" not in hand and "LUN" not in hand:
            break
        next_held = (f"T{n - 1}" in hand) if n > 5 else any(m in hand for m in MORI)
        if free > 0 and next_held:
            free -= 1
            reached = n == 5
            continue
        break
    if reached:
        out |= {m for m in MORI if m in hand}
    return out


# ---------------------------------------------------------------------------------------------
# §6 The Matto's exchange (HOUSE RULE: the card given is chosen automatically)
# ---------------------------------------------------------------------------------------------


def place_from_bottom(code: str) -> int:
    """§6: "the card nearest the bottom of its own suit's order in §1 (long suits: A, 6, 7 ...;
    round suits: 10, 9, 8 ...; trumps: BEG, the Mori, T5, T6 ...)"; 0 is the bottom."""
    if is_suit_card(code):
        order = LONG_ORDER if suit_of(code) in LONG else ROUND_ORDER
        return len(order) - 1 - order.index(rank_of(code))
    if code == "BEG":
        return 0
    if code in MORI:
        return 1  # the four Mori share one trick rank (§1)
    if code == "MAT":
        return -1  # not in any order; it is only ever given when it is the only card
    return 2 + (len(TRUMP_ORDER) - 1 - TRUMP_ORDER.index(code))


def tie_order(code: str) -> tuple:
    """§6 "among equals a suit pip (6-10) before any other scartino, then a suit card before a
    trump, then the card nearest the bottom of its own suit's order in §1 ..., then the suit order
    S, B, C, D (Mori: MO1 first)"."""
    pip = is_suit_card(code) and rank_of(code) in PIP_RANKS
    suit_card = is_suit_card(code)
    suit_rank = SUITS.index(suit_of(code)) if suit_card else 0
    mori_rank = MORI.index(code) if code in MORI else 0
    return (0 if pip else 1, 0 if suit_card else 1, place_from_bottom(code), suit_rank, mori_rank)


def exchange_card(pile) -> str:
    """§6 "Where the Matto goes" (HOUSE RULE): the card the Matto's side gives from its pile.

    ``pile`` is the giving side's cards at that moment, the Matto included (it goes to its owner's
    side, §6); the loss is measured on the captured-combination score of that pile (§8 part 1).

    AMBIGUOUS: "if the side has no scartino, its lowest-value card (ties broken the same way)".
    Reading A: lowest card value, then the tie order (pip, suit card before trump, bottom of its
    order, suit order). Reading B: lowest value, then the least combination loss, then the tie
    order. Taken here: A, since "the same way" names the tie-breaks ("among equals ..."), and the
    combination loss is the first criterion, not a tie-break. The engine takes B (the way the
    scartini are chosen, loss first), which the text allows as well; the tests compare the engine
    with B (:func:`exchange_card_reading_b`) and pin one case where the readings differ.
    """
    pile = set(pile)
    others = pile - {"MAT"}
    if not others:
        return "MAT"  # "if it has no other card at all, the Matto itself"
    scartini = [c for c in others if is_scartino(c)]
    if scartini:
        before = combination_points(pile)
        return min(scartini, key=lambda c: (before - combination_points(pile - {c}), tie_order(c)))
    return min(others, key=lambda c: (card_value(c), tie_order(c)))


def exchange_card_reading_b(pile) -> str:
    """Reading B of exchange_card's ambiguity (see there), for the tests to say which one the
    engine follows."""
    pile = set(pile)
    others = pile - {"MAT"}
    if not others:
        return "MAT"
    scartini = [c for c in others if is_scartino(c)]
    before = combination_points(pile)
    pool = scartini or list(others)

    def key(c):
        return (card_value(c), before - combination_points(pile - {c}), tie_order(c))

    return min(pool, key=key)


# ---------------------------------------------------------------------------------------------
# §8 End of the hand, §9 the match
# ---------------------------------------------------------------------------------------------


def round5(total: int) -> int:
    """§8: "rounded to the nearest multiple of 5 (remainder 1-2 down, 3-4 up)"."""
    r = total % 5
    return total - r if r <= 2 else total + (5 - r)


def side_of(seat: int) -> int:
    return seat % 2  # §3: "seats 0 and 2 are one side, seats 1 and 3 the other"


@dataclass
class SideScore:
    pile: set[str]
    combinations: Combinations
    card_points: int | None
    last_trick: int
    declarations: int

    @property
    def raw(self) -> int:
        # §8 "once, after adding the four parts"
        parts = (self.combinations.points, self.card_points or 0, self.last_trick)
        return sum(parts) + self.declarations

    @property
    def total(self) -> int:
        return round5(self.raw)


@dataclass
class HandResult:
    sides: list[SideScore]
    discard_side: int
    matto_given: str | None  # the card the Matto's side gave, when an exchange was made
    exchange_from: int | None  # the side that gave it
    notes: list[str] = field(default_factory=list)


def score_hand(
    tricks: list[tuple[int, list[tuple[int, str]]]],
    dealer: int,
    discard: list[str],
    declarations: list[tuple[int, list[str], set[str]]],
) -> HandResult:
    """§8: a hand played to the 15th trick, from what happened in it.

    ``tricks``: the 15 tricks in order, each (winner seat, [(seat, card), ...] in play order).
    ``declarations``: (seat, that player's 15-card hand, the families he declared).
    """
    assert len(tricks) == 15  # §6 "15 tricks"
    piles: list[set[str]] = [set(), set()]
    tricks_won = [0, 0]
    matto: tuple[int, int] | None = None  # (owner side, winning side) of the trick with the Matto
    for winner, plays in tricks:
        ws = side_of(winner)
        tricks_won[ws] += 1
        for seat, code in plays:
            if code == "MAT":
                # §6 "it is not captured. It goes to its owner's side."
                piles[side_of(seat)].add(code)
                matto = (side_of(seat), ws)
            else:
                piles[ws].add(code)
    # §4.3 "the discard counts for the dealer's side if that side won at least one trick; otherwise
    # it goes to the other side."
    ds = side_of(dealer)
    discard_side = ds if tricks_won[ds] >= 1 else 1 - ds
    # §8 order: "the discard goes to its side (§4.3); the Matto exchange is made (§6); each side's
    # captured cards form one pile."
    # AMBIGUOUS: whether the discard is among the "captured cards" the Matto's side may give. The
    # order of §8 puts the discard in the side's cards before the exchange; taken that way.
    piles[discard_side] |= set(discard)
    given = None
    gave = None
    if matto is not None and matto[0] != matto[1]:
        # §6 "If the trick is won by an opponent, at the end of the hand the Matto's side gives the
        # winning side one card from its captured cards in exchange." (partner: nothing)
        gave = matto[0]
        given = exchange_card(piles[gave])
        piles[gave].discard(given)
        piles[1 - gave].add(given)
    last_side = side_of(tricks[-1][0])  # §8.3 "6 points to the side that won the 15th trick"
    declared = [0, 0]
    for seat, hand, fams in declarations:
        declared[side_of(seat)] += declaration_points(hand, fams)  # §5 "to the declarer's side"
    sides = []
    for s in (0, 1):
        sides.append(
            SideScore(
                pile=piles[s],
                combinations=combinations(piles[s]),
                card_points=card_points(piles[s]),
                last_trick=6 if s == last_side else 0,
                declarations=declared[s],
            )
        )
    assert sum(len(p) for p in piles) == 62
    return HandResult(sides, discard_side, given, gave)


def called_out_totals(declared: list[int]) -> list[int]:
    """§5 HOUSE RULE, a called-out hand: "no cards are counted. Each side's hand total is the
    points its players declared in this hand ..., rounded to 5 like every hand total"."""
    return [round5(d) for d in declared]


def calls_out(match_score: int, declared_so_far: int, target: int = 800) -> bool:
    """§5 "Calling out at 800: right after each declaration, if the declaring side's match score
    plus all the points its members have declared so far in this hand reaches the target".

    AMBIGUOUS: raw or rounded declared points. "all the points its members have declared" is the
    raw sum (rounding is said of hand totals only, §8); taken raw.
    """
    return match_score + declared_so_far >= target


def match_winner(scores: list[int], target: int = 800) -> int | None:
    """§9: "The first side whose match score reaches 800 wins ... If after a hand both sides are at
    or over the target, the higher score wins; if they are equal, another hand is played"."""
    a, b = scores
    if a >= target and b >= target:
        if a == b:
            return None
        return 0 if a > b else 1
    if a >= target:
        return 0
    if b >= target:
        return 1
    return None
