"""TEMPORARY: variants of the rules of thumb, behind flags, for measurement (not to be merged).

Flags (a '+'-separated string):
  voidlead  leads see the voids shown: no King/boss lead into a suit an opponent cuts, a low card
            of a suit the partner cuts (and no opponent), the longest suit no opponent cuts
  voidsafe  a card may be beaten when an opponent still to play has shown void in its suit and
            may hold trumps; it is safe from trumping when all still to play showed no trumps
  matto5    the Matto is spent only to save a card costing more than 5 (courts, BEG, ANG, MON)
  last      with two cards left, keep the top trump for the last trick (6 points)
  short     a low lead from the shortest suit (to cut it later) instead of the longest
  nowaste   a sure-winning trump is not spent (at 3rd or 4th hand) on a trick worth nothing
  beg       the Begato to the partner's winning trick (safe or not) when at most one other trump
"""

from __future__ import annotations

from collections.abc import Callable

from ai import policy
from ai.policy import (
    FOLLOW_TRUST,
    cheapest,
    gift,
    low_card,
)
from ai.tables import COST, HIGH_IN_SUIT, LOW_IN_SUIT, STRONGER, SUITS4
from game.cards import (
    BEG,
    FOOL,
    FULL_PACK,
    MAT,
    SUIT,
    SUIT_MASK,
    TRUMP,
    TRUMPS,
    VALUE,
    Card,
    Mask,
    random_card,
)
from game.kernel import TRICKS, PlayState
from game.tricks import BEATERS, HIGHER, MAT_BIT
from game.tricks import legal_mask as legal_cards
from game.tricks import winning_index as winning

KNOWN = (
    "voidlead", "voidsafe", "matto5", "last", "beg", "short", "draw5", "nodraw", "draw2",
    "loadruff", "nowaste", "matto0",
)


def parse(flags: str) -> frozenset[str]:
    out = frozenset(f for f in flags.split("+") if f)
    bad = out - set(KNOWN)
    if bad:
        raise ValueError(f"unknown rules {sorted(bad)}")
    return out


def update_voids(voids: list[Mask], trick, leader: int) -> None:
    led = -1
    for i, c in enumerate(trick):
        s = SUIT[c]
        if s == FOOL:
            continue
        if led < 0:
            led = s
            continue
        if s != led:
            seat = (leader + i) & 3
            voids[seat] |= SUIT_MASK[led]
            if s != TRUMP:
                voids[seat] |= TRUMPS


class Ctx:
    """What a seat knows besides its hand: its seat, position, the voids shown."""

    __slots__ = ("seat", "voids", "flags")

    def __init__(self, seat: int, voids: list[Mask], flags: frozenset[str]) -> None:
        self.seat = seat
        self.voids = voids
        self.flags = flags


def _cuts(voids: list[Mask], p: int, s: int, unseen: Mask) -> bool:
    """Seat p has shown void in suit s and may still hold a trump."""
    return bool(voids[p] & SUIT_MASK[s]) and not voids[p] & TRUMPS and bool(unseen & TRUMPS)


def may_be_beaten(c: Card, unseen: Mask, after: list[int], ctx: Ctx) -> bool:
    if "voidsafe" not in ctx.flags:
        return policy.may_be_beaten(c, unseen)
    if unseen & HIGHER[c]:
        return True
    s = SUIT[c]
    if s == TRUMP:
        return False
    if not unseen & TRUMPS:
        return False
    v = ctx.voids
    if any(_cuts(v, p, s, unseen) for p in after):
        return True
    if all(v[p] & TRUMPS for p in after):
        return False
    return (unseen & SUIT_MASK[s]).bit_count() < FOLLOW_TRUST


def lowest_safe(cards: Mask, unseen: Mask, after: list[int], ctx: Ctx) -> Card:
    if "voidsafe" not in ctx.flags:
        return policy.lowest_safe(cards, unseen)
    c = (cards & -cards).bit_length() - 1
    s = SUIT[c]
    if s == TRUMP:
        out = unseen & TRUMPS
        if out:
            cards &= STRONGER[(out & -out).bit_length() - 1]
        return cards.bit_length() - 1 if cards else -1
    v = ctx.voids
    out = unseen & SUITS4[s]
    if unseen & TRUMPS:
        if any(_cuts(v, p, s, unseen) for p in after):
            return -1
        if not all(v[p] & TRUMPS for p in after) and out.bit_count() < FOLLOW_TRUST:
            return -1
    if out:
        cards &= STRONGER[HIGH_IN_SUIT[s][out >> (10 * s)]]
    return LOW_IN_SUIT[s][cards >> (10 * s)] if cards else -1


def throw(legal: Mask, ctx: Ctx) -> Card:
    others = legal & ~MAT_BIT
    if not others:
        return MAT
    c = cheapest(others)
    limit = 5.0 if "matto5" in ctx.flags else policy.MATTO_SAVES
    if "matto0" in ctx.flags:
        limit = -1.0
    if legal & MAT_BIT and COST[c] > limit:
        return MAT
    return c


def lead(hand: Mask, unseen: Mask, ctx: Ctx) -> Card:
    if "short" in ctx.flags:
        c = policy.lead(hand, unseen)
        if SUIT[c] == TRUMP or VALUE[c] or not hand & TRUMPS:
            return c
        best, n_best = c, 99
        for s in range(4):
            mine = hand >> (10 * s) & 1023
            low = LOW_IN_SUIT[s][mine] if mine else -1
            if mine and not VALUE[low] and mine.bit_count() < n_best:
                best, n_best = low, mine.bit_count()
        return best
    for f, k in (("draw5", 5), ("nodraw", 99), ("draw2", 2)):
        if f in ctx.flags:
            return _lead_k(hand, unseen, k)
    if "voidlead" not in ctx.flags:
        return policy.lead(hand, unseen)
    seat = ctx.seat
    v = ctx.voids
    opps = ((seat + 1) & 3, (seat + 3) & 3)
    partner = seat ^ 2
    opp_cut = [any(_cuts(v, p, s, unseen) for p in opps) for s in range(4)]
    best = -1
    best_key = -1
    longest = -1
    longest_len = 0
    feed = -1
    feed_len = 0
    for s in range(4):
        shift = 10 * s
        mine = hand >> shift & 1023
        if not mine:
            continue
        if opp_cut[s]:
            continue
        n = mine.bit_count()
        if n > longest_len:
            longest, longest_len = LOW_IN_SUIT[s][mine], n
        if _cuts(v, partner, s, unseen) and n > feed_len:
            feed, feed_len = LOW_IN_SUIT[s][mine], n
        top = HIGH_IN_SUIT[s][mine]
        if unseen & HIGHER[top]:
            continue
        out = (unseen & SUITS4[s]).bit_count()
        if out >= FOLLOW_TRUST:
            key = VALUE[top] * 10 + out
            if key > best_key:
                best, best_key = top, key
    if best >= 0:
        return best
    if feed >= 0:
        return feed
    trumps = hand & TRUMPS
    if trumps.bit_count() >= 3 and unseen & TRUMPS:
        top = (trumps & -trumps).bit_length() - 1
        if not unseen & HIGHER[top]:
            return top
    if longest >= 0:
        return longest
    return policy.lead(hand, unseen)


def _lead_k(hand: Mask, unseen: Mask, k: int) -> Card:
    """policy.lead drawing trumps from k trumps held (not 3)."""
    best = -1
    best_key = -1
    longest = -1
    longest_len = 0
    for s in range(4):
        mine = hand >> (10 * s) & 1023
        if not mine:
            continue
        n = mine.bit_count()
        if n > longest_len:
            longest, longest_len = LOW_IN_SUIT[s][mine], n
        top = HIGH_IN_SUIT[s][mine]
        if unseen & HIGHER[top]:
            continue
        out = (unseen & SUITS4[s]).bit_count()
        if out >= FOLLOW_TRUST:
            key = VALUE[top] * 10 + out
            if key > best_key:
                best, best_key = top, key
    if best >= 0:
        return best
    trumps = hand & TRUMPS
    if trumps.bit_count() >= k and unseen & TRUMPS:
        top = (trumps & -trumps).bit_length() - 1
        if not unseen & HIGHER[top]:
            return top
    return longest if longest >= 0 else policy.throw(hand)


def _top_trump_kept(hand: Mask, legal: Mask, unseen: Mask) -> Card:
    """With two cards left, one of them a trump nobody can beat: the other card if legal."""
    if hand.bit_count() != 2:
        return -1
    trumps = hand & TRUMPS
    if not trumps:
        return -1
    top = (trumps & -trumps).bit_length() - 1
    if unseen & HIGHER[top]:
        return -1
    other = hand & ~(1 << top)
    if other & legal and other != 1 << top:
        c = other.bit_length() - 1
        if SUIT[c] == TRUMP and not unseen & HIGHER[c]:
            return -1  # both sure winners
        return c
    return -1


def respond(hand: Mask, legal: Mask, trick, w: int, unseen: Mask, ctx: Ctx) -> Card:
    if "last" in ctx.flags:
        c = _top_trump_kept(hand, legal, unseen)
        if c >= 0:
            return c
    pos = len(trick)
    if w < 0:
        return lead(hand & ~MAT_BIT or hand, unseen, ctx)
    seat = ctx.seat
    after = [(seat + k) & 3 for k in range(1, 4 - pos)]
    wc = trick[w]
    if (pos - w) % 2 == 0:
        if "beg" in ctx.flags and legal >> BEG & 1 and (hand & TRUMPS).bit_count() <= 2:
            return BEG
        if pos == 3 or not may_be_beaten(wc, unseen, after, ctx):
            return gift(legal) if legal & policy.GIFTABLE else throw(legal, ctx)
        beaters = legal & BEATERS[wc]
        safe = lowest_safe(beaters, unseen, after, ctx) if beaters else -1
        return safe if safe >= 0 else throw(legal, ctx)
    beaters = legal & BEATERS[wc]
    if beaters:
        if pos == 3:
            c = low_card(beaters)
        else:
            c = lowest_safe(beaters, unseen, after, ctx)
        if c >= 0 and "nowaste" in ctx.flags and pos >= 2 and SUIT[c] == TRUMP:
            if not unseen & HIGHER[c] and not policy.trick_value(trick) and legal & ~(1 << c):
                return throw(legal & ~(1 << c), ctx)
        if c >= 0:
            return c
    if "loadruff" in ctx.flags and pos == 1 and SUIT[wc] < TRUMP:
        s = SUIT[wc]
        v = ctx.voids
        if (
            legal & SUIT_MASK[s]
            and _cuts(v, seat ^ 2, s, unseen)
            and not v[(seat + 1) & 3] & SUIT_MASK[s]
            and legal & policy.GIFTABLE
        ):
            return gift(legal)
    return throw(legal, ctx)


def choose(hand: Mask, trick, unseen: Mask, ctx: Ctx) -> Card:
    legal = legal_cards(hand, trick)
    if not legal & (legal - 1):
        return (legal & -legal).bit_length() - 1
    return respond(hand, legal, trick, winning(trick), unseen, ctx)


def finish(
    state: PlayState,
    rand: Callable[[], float],
    eps: float,
    flags: frozenset[str],
    voids0: list[Mask] | None,
) -> None:
    """PlayState.finish with the variant rules, tracking the voids shown."""
    voids = list(voids0) if voids0 else [0, 0, 0, 0]
    if state.trick:
        update_voids(voids, state.trick, state.leader)
    ctxs = [Ctx(s, voids, flags) for s in range(4)]
    hands = state.hands
    close = state._close
    while state.n_tricks < TRICKS:
        trick = state.trick
        turn = state.turn
        led = state.led
        w = state.winning
        gone = state.gone
        for pos in range(len(trick), 4):
            hand = hands[turn]
            if led < 0:
                legal = hand
            else:
                legal = hand & SUIT_MASK[led] or hand & TRUMPS
                legal = legal | hand & MAT_BIT if legal else hand
            if legal & (legal - 1):
                if rand() < eps:
                    c = random_card(legal, rand)
                else:
                    c = respond(hand, legal, trick, w, FULL_PACK & ~gone & ~hand, ctxs[turn])
                b = 1 << c
            else:
                b = legal
                c = b.bit_length() - 1
            hands[turn] = hand & ~b
            gone |= b
            if c != MAT:
                if led < 0:
                    led = SUIT[c]
                    w = pos
                elif BEATERS[trick[w]] & b:
                    w = pos
                if SUIT[c] != led:
                    voids[turn] |= SUIT_MASK[led]
                    if SUIT[c] != TRUMP:
                        voids[turn] |= TRUMPS
            trick.append(c)
            turn = (turn + 1) & 3
        state.winning = w
        state.gone = gone
        close()
