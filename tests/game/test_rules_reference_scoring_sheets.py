"""What a player reads: the score calculator (`tarocchino score`, text and JSON, a pile or a hand)
and the end-of-hand sheets, rendered as text, checked figure by figure against the second reading
of RULES.md (tests/reference_scoring.py), which the engine's figures match
(tests/test_rules_reference_scoring.py)."""

from __future__ import annotations

import json
import random

from rich.console import Console

from cli.score import render
from game.cards import CODES, cards_of, shuffled_pack
from game.hand import Hand, side_of
from game.phase import Phase
from tests.support import reference_scoring as ref
from tests.support.reference_check import ENGINE_NAME, NAME, Players, mask
from text.render import Look
from tui.screens.scoring import HandSummary, ScoringScreen
from tui.widgets.sheet import ScoreSheet

ALL = list(CODES)
LOOK = Look(ascii=True, color=False)


def _points(text: str) -> int:
    return int(text.lstrip("+"))


def _cards(words: list[str]) -> list[str]:
    """The cards of a row's words, without the note of how they score ("3 Kings = 17")."""
    return [w for w in words if w in CODES]


def _expected_sections(cards: list[str], *, subtotals: bool) -> list[tuple[str, str, int]]:
    """The rows of the Cricche and Sequences sections, (label, cards, points), from the reference:
    each family in RULES.md's order, its doubling ("+" half the doubled subtotal)."""
    c = ref.combinations(cards)
    rows: list[tuple[str, str, int]] = []
    for title, values, doubled, subtotal, label, what in (
        ("Cricche", c.cricche, c.criccone, c.cricche_points, "criccone", "cricche"),
        (
            "Sequences",
            c.sequences,
            c.sequences_doubled,
            c.sequences_points,
            "doubling",
            "sequences",
        ),
    ):
        rows.append((title, "", 0))
        if not values:
            rows.append(("none", "", 0))
            continue
        for fam, points in values.items():
            shown = " ".join(sorted(ref.declared_cards(cards, {fam})))
            rows.append((ENGINE_NAME[fam], shown, points))
        if doubled:
            rows.append((label, f"{len(values)} {what}", subtotal // 2))
        if subtotals:
            rows.append(("", "subtotal", subtotal))
    return rows


# --- the score calculator --------------------------------------------------------------------


def _calculator_rows(text: str) -> list[tuple[str, str, int]]:
    """The section rows of the calculator's plain sheet: (label, cards sorted, points); the cards
    a long row carries over to the next lines are joined back to it."""
    lines = text.splitlines()
    rows: list[tuple[str, str, int]] = []
    for line in lines[lines.index("Cricche") :]:
        if line in ("Cricche", "Sequences"):
            rows.append((line, "", 0))
            continue
        if not line.startswith(" "):
            break  # Combinations: the end of the sections
        label, rest = line[:13].strip(), line[14:].split()
        noted = len(rest) > 1 and rest[-2] == "="  # "= 10": a note's end, not points
        if not label and (noted or not rest[-1].lstrip("+").isdigit()):
            # cards carried over from the row above, or the note of how they score
            before = rows.pop()
            rows.append((before[0], " ".join(sorted(before[1].split() + _cards(rest))), before[2]))
            continue
        points = rest.pop()
        if label in ("criccone", "doubling"):
            rows.append((label, " ".join(rest[:2]).rstrip(":"), _points(points)))
        elif label:
            rows.append((label, " ".join(sorted(_cards(rest))), _points(points)))
        else:
            rows.append(("", " ".join(rest), _points(points)))
    return rows


def _totals(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        for label in ("Combinations", "Card points", "Total", "Declaring all"):
            if line.startswith(label + " "):
                out[label] = line.split()[-1]
    return out


def test_the_calculators_sheet_and_json_show_the_reference_figures():
    rng = random.Random(2026)
    for i in range(400):
        cards = rng.sample(ALL, i % 63 or 1)
        if i % 2:  # rich in trumps and courts, where the combinations are
            rich = [c for c in ALL if c[0] in "KQNJAMT" or c in ref.TAROCCHI]
            cards = rng.sample(rich, rng.randrange(3, len(rich)))
        c = ref.combinations(cards)
        cp = ref.card_points(cards)
        text = render(mask(cards), as_json=False, hand=False)
        assert _calculator_rows(text) == _expected_sections(cards, subtotals=True), text
        totals = _totals(text)
        assert totals["Combinations"] == str(c.points)
        assert totals["Card points"] == ("-" if cp is None else str(cp))
        assert totals["Total"] == str(c.points + (cp or 0))
        obj = json.loads(render(mask(cards), as_json=True, hand=False))
        assert {NAME[x["group"]]: x["points"] for x in obj["cricche"]} == c.cricche
        assert {NAME[x["family"]]: x["points"] for x in obj["sequences"]} == c.sequences
        assert (obj["criccone"], obj["sequences_doubled"]) == (c.criccone, c.sequences_doubled)
        assert obj["cricche_points"] == c.cricche_points
        assert obj["sequences_points"] == c.sequences_points
        assert obj["combinations_points"] == c.points
        assert obj["card_points"] == cp
        for x in obj["cricche"] + obj["sequences"]:
            fam = NAME[x.get("group") or x.get("family")]
            assert set(x["cards"]) == ref.declared_cards(cards, {fam})


def test_the_calculators_hand_shows_what_the_reference_may_declare():
    rng = random.Random(15)
    for i in range(300):
        rich = [c for c in ALL if c[0] in "KQNJAMT" or c in ref.TAROCCHI]
        hand = rng.sample(rich, 11) + rng.sample([c for c in ALL if c not in rich], 4)
        if i % 3 == 0:
            hand = rng.sample(ALL, 15)
        realised = ref.realised_families(hand)
        everything = ref.declaration_points(hand, realised)
        obj = json.loads(render(mask(hand), as_json=True, hand=True))
        assert {NAME[x["family"]] for x in obj["declarable"]} == realised
        for x in obj["declarable"]:
            fam = NAME[x["family"]]
            assert x["points"] == ref.declaration_points(hand, {fam})  # alone: never doubled
            assert set(x["cards"]) == ref.declared_cards(hand, {fam})
        assert obj["declare_all_points"] == everything
        text = render(mask(hand), as_json=False, hand=True)
        if not realised:
            assert "Nothing to declare." in text
            continue
        assert _calculator_rows(text) == _expected_sections(hand, subtotals=True), text
        assert _totals(text)["Declaring all"] == str(everything)


# --- the end-of-hand sheets ------------------------------------------------------------------


def _sheet_text(summary: HandSummary, side: int) -> str:
    """One side's sheet as the end-of-hand screen draws it, as plain text."""
    screen = ScoringScreen(summary, LOOK)
    sheet: ScoreSheet = screen._sheet(side)
    console = Console(width=150, color_system=None)
    with console.capture() as captured:
        console.print(sheet.content)
    return captured.get()


def _rows(text: str) -> list[tuple[str, str, str]]:
    """(label, middle, points) of each row of a sheet drawn 150 columns wide."""
    rows = []
    for line in text.splitlines():
        if not line.strip() or set(line.strip()) == {"-"}:
            continue
        label, middle, points = line[:12].strip(), line[13:-5].strip(), line[-5:].strip()
        rows.append((label, middle, points))
    return rows


def _check_sheet(hand: Hand, summary: HandSummary, side: int, want: ref.HandResult) -> None:
    text = _sheet_text(summary, side)
    rows = _rows(text)
    result = hand.result
    w = want.sides[side]
    labels = [r[0] for r in rows]
    # the notes under the side's name, before the first rule: the tricks, the discard, the Matto
    lines = text.splitlines()
    notes = [x.strip() for x in lines[1 : next(i for i, x in enumerate(lines) if "----" in x)]]
    tricks = result.tricks[side]
    assert notes[0] == f"{tricks} trick{'' if tricks == 1 else 's'} won"
    assert any(n.startswith("+ the discard") for n in notes) == (want.discard_side == side)
    if want.matto_given is not None:
        if side == want.exchange_from:
            assert any(n.startswith(f"Matto kept; {want.matto_given} to") for n in notes), notes
        else:
            assert f"received {want.matto_given} for the Matto" in notes, notes
    else:
        assert not any("Matto" in n for n in notes)
    start, end = labels.index("Cricche"), labels.index("Combinations")
    shown = []
    for label, middle, points in rows[start:end]:
        if label in ("Cricche", "Sequences"):
            shown.append((label, "", 0))
        elif label in ("criccone", "doubled"):
            shown.append(
                ("criccone" if label == "criccone" else "doubling", middle, _points(points))
            )
        else:
            shown.append((label, " ".join(sorted(_cards(middle.split()))), _points(points)))
    assert shown == _expected_sections(sorted(w.pile), subtotals=False)
    figures = {label: points for label, _, points in rows[end:]}
    assert figures["Combinations"] == str(w.combinations.points)
    assert figures["Card points"] == str(w.card_points)
    assert figures["Last trick"] == str(w.last_trick)
    assert figures["Declarations"] == str(w.declarations)  # the last row of that name: the sum
    assert figures["Raw total"] == str(w.raw)
    assert figures["Hand total"] == str(w.total)
    assert figures["Match"] == str(hand.scores[side] + w.total)
    # who declared what, beside the names: each family's value, the doubling, per player
    declared, values = {}, {}
    for seat, cards, fams in declarations_of(hand):
        if side_of(seat) == side and fams:
            c = ref.combinations(cards)
            each = {ENGINE_NAME[f]: (c.cricche | c.sequences)[f] for f in fams}
            declared[f"P{seat}"] = ref.declaration_points(cards, fams)
            values[f"P{seat}"] = each | {"doubled": declared[f"P{seat}"] - sum(each.values())}
    assert labels.count("Declarations") == 1  # the sum; the section is "Declared by"
    if not declared:  # no section: only the row of the sum
        assert "Declared by" not in labels
        return
    at = labels.index("Declared by")
    who, shown = None, {}
    for label, _middle, points in rows[at + 1 : labels.index("Declarations", at + 1)]:
        if not points:  # a player's name, on a row of its own
            who = label
            shown[who] = {"doubled": 0}
        else:  # a family ("Spade", its cards and rule), or "doubled"
            shown[who][label] = _points(points)
    assert shown == values
    assert {w: sum(v.values()) for w, v in shown.items()} == declared


def declarations_of(hand: Hand):
    from tests.support.reference_check import declarations_of as declarations

    return declarations(hand)


def test_the_end_of_hand_sheets_show_the_reference_figures():
    from tests.support.reference_check import check_hand

    seen = {"exchange": 0, "declared": 0, "doubled": 0}
    for seed in range(40):
        rng = random.Random(seed)
        scores = (5 * rng.randrange(0, 100), 5 * rng.randrange(0, 100))
        hand = Hand.deal(shuffled_pack(rng), seed % 4, scores, target=10**6)
        players = Players(seed)
        while hand.phase != Phase.OVER:
            hand.apply(players.choose(hand, hand.turn))
        want = check_hand(hand)
        summary = HandSummary(
            hand_number=0,
            result=hand.result,
            sides=("Side A", "Side B"),
            winner=None,
            target=10**6,
            names=("P0", "P1", "P2", "P3"),
            declared=tuple(hand.declarations),
        )
        for side in (0, 1):
            _check_sheet(hand, summary, side, want)
        seen["exchange"] += want.matto_given is not None
        seen["declared"] += any(d is not None and d.families for d in hand.declarations)
        seen["doubled"] += any(s.combinations.sequences_doubled for s in want.sides)
    assert min(seen.values()) > 5, seen


def test_a_called_out_sheet_shows_only_the_declarations():
    for seed in range(60):
        rng = random.Random(seed)
        hand = Hand.deal(shuffled_pack(rng), seed % 4, (790, 790), target=800)
        players = Players(seed)
        while hand.phase != Phase.OVER:
            hand.apply(players.choose(hand, hand.turn))
        if hand.result.called_out is None:
            continue
        declared = [0, 0]
        for seat, cards, fams in declarations_of(hand):
            declared[side_of(seat)] += ref.declaration_points(cards, fams)
        totals = ref.called_out_totals(declared)
        summary = HandSummary(
            0,
            hand.result,
            ("Side A", "Side B"),
            hand.result.called_out,
            800,
            names=("P0", "P1", "P2", "P3"),
            declared=tuple(hand.declarations),
        )
        for side in (0, 1):
            text = _sheet_text(summary, side)
            figures = {label: points for label, _, points in _rows(text)}
            assert "Cricche" not in figures and "Card points" not in figures
            assert figures["Declarations"] == str(declared[side])
            assert figures["Raw total"] == str(declared[side])
            assert figures["Hand total"] == str(totals[side])
            assert figures["Match"] == str(790 + totals[side])
        return
    raise AssertionError("no call-out in 60 hands begun at 790")


# --- the hand so far (the score box's long form) -------------------------------------------------


def _reference_so_far(tricks, dealer: int, discard: list[str]) -> list[set[str]]:
    """Both piles if the hand ended after ``tricks``, read from RULES.md as at the end of a hand
    (§8: the discard to its side, §4.3, then the Matto exchange, §6); ``discard`` may be empty."""
    piles: list[set[str]] = [set(), set()]
    won = [0, 0]
    matto = None
    for t in tricks:
        ws = ref.side_of(t.winner)
        won[ws] += 1
        for i, c in enumerate(t.cards):
            seat = (t.leader + i) % 4
            if CODES[c] == "MAT":
                piles[ref.side_of(seat)].add("MAT")
                matto = (ref.side_of(seat), ws)
            else:
                piles[ws].add(CODES[c])
    ds = ref.side_of(dealer)
    piles[ds if won[ds] else 1 - ds] |= set(discard)
    if matto is not None and matto[0] != matto[1]:
        given = ref.exchange_card_reading_b(piles[matto[0]])  # the engine's reading, see there
        piles[matto[0]].discard(given)
        piles[1 - matto[0]].add(given)
    return piles


def test_the_hand_so_far_counts_as_the_end_of_the_hand_would():
    from game.sofar import discard_worth, so_far

    for seed in range(25):
        rng = random.Random(seed)
        hand = Hand.deal(shuffled_pack(rng), seed % 4, (0, 0), target=10**6)
        players = Players(seed)
        while hand.phase != Phase.OVER:
            hand.apply(players.choose(hand, hand.turn))
        discard = [CODES[c] for c in cards_of(hand.discard)]
        for k in range(1, 16):
            tricks = hand.tricks[:k]
            for given in ([], discard):
                want = _reference_so_far(tricks, hand.dealer, given)
                got = so_far(tricks, hand.dealer, mask(given))
                for side in (0, 1):
                    assert {CODES[c] for c in got[side].breakdown.cards} == want[side]
                    assert got[side].combinations == ref.combination_points(want[side])
                    assert got[side].card_points == ref.card_points(want[side])
                    assert got[side].tricks == sum(
                        1 for t in tricks if ref.side_of(t.winner) == side
                    )
            side, worth = discard_worth(tricks, hand.dealer, hand.discard)
            without, with_discard = (
                _reference_so_far(tricks, hand.dealer, []),
                _reference_so_far(tricks, hand.dealer, discard),
            )

            def total(pile):
                return ref.combination_points(pile) + ref.card_points(pile)

            ds = ref.side_of(hand.dealer)
            dealer_won = any(ref.side_of(t.winner) == ds for t in tricks)
            assert side == (ds if dealer_won else 1 - ds)  # §4.3, as if the hand ended now
            assert worth == total(with_discard[side]) - total(without[side])
