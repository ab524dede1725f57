"""A slow, literal reading of RULES.md §4, §6 and §8 for the tests: the oracle the play kernel,
Hand and the bots' playouts are checked against, move by move.

It shares nothing with the engine's trick code (no tables, no masks): cards are codes, suits and
orders are written out as the rules give them. Only the scoring of combinations and card points
is the engine's own, which the vectors of ``../shared/vectors/scoring.json`` pin down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.cards import CODES
from game.scoring import combination_points

LONG = ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "A"]  # highest first (§1)
ROUND = ["K", "Q", "N", "J", "A", "6", "7", "8", "9", "10"]
TRUMP_ORDER = ["ANG", "MON", "SOL", "LUN"] + [f"T{n}" for n in range(16, 4, -1)]
MORI = ["MO1", "MO2", "MO3", "MO4"]
VALUE = {"K": 5, "Q": 4, "N": 3, "J": 2, "ANG": 5, "MON": 5, "BEG": 5, "MAT": 5}


def suit(code: str) -> str:
    """'S', 'B', 'C', 'D', 'T' (trumps) or 'M' (the Matto)."""
    if code == "MAT":
        return "M"
    if code in TRUMP_ORDER or code in MORI or code == "BEG":
        return "T"
    return code[-1]


def rank(code: str) -> str:
    return code[:-1]


def trump_height(code: str) -> int:
    """Higher wins; the four Mori are equal; BEG lowest."""
    if code in TRUMP_ORDER:
        return 100 - TRUMP_ORDER.index(code)
    return 50 if code in MORI else 10


def suit_height(code: str) -> int:
    order = LONG if suit(code) in "SB" else ROUND
    return 100 - order.index(rank(code))


def legal(hand: list[str], trick: list[str]) -> list[str]:
    """§6: follow suit; else trump; else anything; the Matto at any turn."""
    led = next((suit(c) for c in trick if c != "MAT"), None)
    if led is None:
        return sorted(hand)
    follow = [c for c in hand if suit(c) == led]
    if not follow:
        follow = [c for c in hand if suit(c) == "T"]
    if not follow:
        return sorted(hand)
    return sorted(follow + (["MAT"] if "MAT" in hand else []))


def winner(trick: list[str]) -> int:
    """Index of the winning card: the highest trump (the last of equal Mori), else the highest
    card of the suit led; never the Matto."""
    trumps = [i for i, c in enumerate(trick) if suit(c) == "T"]
    if trumps:
        top = max(trump_height(trick[i]) for i in trumps)
        return max(i for i in trumps if trump_height(trick[i]) == top)
    led = next(suit(c) for c in trick if c != "MAT")
    followers = [i for i, c in enumerate(trick) if suit(c) == led]
    return max(followers, key=lambda i: suit_height(trick[i]))


def card_points(pile: list[str]) -> int:
    """§8.1 by pairing: value with a scartino, two scartini 1, two values their sum less 1."""
    values = [VALUE.get(rank(c) if suit(c) in "SBCD" else c, 0) for c in pile]
    valued = sorted(v for v in values if v)
    scartini = len(values) - len(valued)
    points = 0
    while valued and scartini:
        points += valued.pop()
        scartini -= 1
    points += scartini // 2
    while len(valued) >= 2:
        points += valued.pop() + valued.pop() - 1
    assert not valued and scartini % 2 == 0
    return points


def mask(pile: list[str]) -> int:
    return sum(1 << CODES.index(c) for c in pile)


@dataclass
class Table:
    """One hand in trick play as the rules describe it."""

    dealer: int
    hands: list[list[str]]
    discard: list[str]
    trick: list[str] = field(default_factory=list)
    leader: int = -1
    taken: list[list[str]] = field(default_factory=lambda: [[], []])
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    matto_owed_by: int | None = None
    last_winner: int = -1
    winners: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.leader = (self.dealer + 1) % 4

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def over(self) -> bool:
        return len(self.winners) == 15

    def legal(self) -> list[str]:
        return legal(self.hands[self.turn], self.trick)

    def play(self, code: str) -> None:
        assert code in self.legal(), f"{code} is not legal"
        self.hands[self.turn].remove(code)
        self.trick.append(code)
        if len(self.trick) < 4:
            return
        win_seat = (self.leader + winner(self.trick)) % 4
        side = win_seat % 2
        for i, c in enumerate(self.trick):
            if c == "MAT":
                owner = (self.leader + i) % 2
                self.taken[owner].append(c)
                if owner != side:
                    self.matto_owed_by = owner
            else:
                self.taken[side].append(c)
        self.tricks_won[side] += 1
        self.winners.append(win_seat)
        self.last_winner = win_seat
        self.leader = win_seat
        self.trick = []

    def final_piles(self) -> tuple[list[str], list[str], int]:
        """§4.3 and §6: the discard to the dealer's side if it took a trick; the Matto's side
        gives a card to the winners of its trick (the engine's choice of card, checked apart by
        the exchange vectors). Returns both piles and the discard's side."""
        from game.kernel import exchange_card  # the choice of card has its own vectors

        piles = [list(self.taken[0]), list(self.taken[1])]
        dealer_side = self.dealer % 2
        side = dealer_side if self.tricks_won[dealer_side] else 1 - dealer_side
        piles[side] += self.discard
        giver = self.matto_owed_by
        if giver is not None:
            given = CODES[exchange_card(mask(piles[giver]))]
            piles[giver].remove(given)
            piles[1 - giver].append(given)
        return piles[0], piles[1], side

    def points(self) -> tuple[int, int]:
        """Each side's points from the play: captured combinations, card points, last trick."""
        *piles, _ = self.final_piles()
        out = []
        for side in (0, 1):
            total = combination_points(mask(piles[side])) + card_points(piles[side])
            out.append(total + (6 if self.last_winner % 2 == side else 0))
        return out[0], out[1]
