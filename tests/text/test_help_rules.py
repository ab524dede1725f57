"""What the in-game help says about the rules is what the engine does: its tables, orders, numbers
and examples are read from the help and computed here, in each language's page (assets/help.md,
assets/help.it.md); and the pages tell the same facts (the same sections, card codes and
numbers)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

import pytest

from game.cards import (
    BEG,
    CODES,
    COPPE,
    FULL_PACK,
    GRANDE_ORDER,
    MORI_CARDS,
    SUIT_MASK,
    mask_of,
    parse_cards,
)
from game.cards import ITALIAN as CARD_NAMES
from game.hand import round5
from game.scoring import declarable_families, declaration_points, declared_combinations, score
from game.tricks import award, legal_mask, voids_shown, winning_index
from tui.screens.help import help_text

MARKS = {"♠": "S", "♣": "B", "♥": "C", "♦": "D"}


@dataclass(frozen=True)
class Page:
    """A language's help and the words it says the rules in."""

    language: str
    cricche_heading: str  # the first cell of the cricche table
    codes_heading: str  # the first cells of the card codes table
    sequence_points: str
    example: str  # a pattern: the cards, the family, its elements, its points
    kqa: str  # a suit's King, Queen and Ace without a counter are nothing
    suit_needs: str  # a suit sequence: the King and two more courts, or one and a counter
    no_follow: str  # who does not follow, unless with the Matto, has none of the suit
    card_pairs: str
    whole_pack: str  # 87 points, 93 with the last trick
    names: dict[str, str]  # how the examples name a card -> its code

    @property
    def text(self) -> str:
        return help_text(language=self.language)

    @property
    def flat(self) -> str:
        """The prose, one space between words."""
        return " ".join(self.text.split())

    def pile(self, text: str) -> int:
        """The mask of the cards named as the help writes them (K♥, the Bégato, ANG …)."""
        for mark, suit in MARKS.items():
            text = text.replace(mark, suit)
        for name, code in self.names.items():
            text = text.replace(name, code)
        return mask_of(parse_cards(text))

    def table_rows(self, heading: str) -> list[list[str]]:
        """The rows of the Markdown table that starts with ``| heading``."""
        block = self.text[self.text.index(f"| {heading}") :]
        rows = []
        for line in block.splitlines()[2:]:
            if not line.startswith("|"):
                break
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        return rows


ENGLISH = Page(
    language="en",
    cricche_heading="cricche (3 or 4 of)",
    codes_heading="suit | mark | code",
    sequence_points="10 for 3 elements and 5 more for each further one (4 make 15, 5 make 20",
    example=r"For example (.+?) make (\w+), (\d) elements: (\d+)\.",
    kqa="(K Q A without a counter is nothing)",
    suit_needs="a suit sequence needs the King and two more courts of its suit, or one more and a "
    "counter",
    no_follow="A player who does not follow suit, and did not play the Matto, has none of it",
    card_pairs="two scartini 1, two carte di valore their values less 1",
    whole_pack="A whole hand shares 87 points, 93 with the last trick",
    names={"the Bégato": "BEG", "the Matto": "MAT", " and ": " "},
)
ITALIAN = Page(
    language="it",
    cricche_heading="cricche (3 o 4)",
    codes_heading="seme | segno | codice",
    sequence_points="valgono 10 con 3 elementi e 5 in più per ogni elemento in più (4 fanno 15, "
    "5 fanno 20",
    example=r"Per esempio (.+?) fanno (\w+), (\d) elementi: (\d+)\.",
    kqa="K Q A senza contatore non vale niente)",
    suit_needs="una sequenza di seme vuole il Re e altre due figure del suo seme, o una sola e un "
    "contatore",
    no_follow="Chi non risponde al seme, e non ha giocato il Matto, non ne ha più",
    card_pairs="due scartini 1, due carte di valore i loro valori meno 1",
    whole_pack="In una smazzata ci sono 87 punti in tutto, 93 con l'ultima presa",
    names={"il Bégato": "BEG", "il Matto": "MAT", " e ": " "},
)
PAGES = [ENGLISH, ITALIAN]
each_page = pytest.mark.parametrize("page", PAGES, ids=lambda p: p.language)


CRICCA_CARDS = {
    "Tarocchi": "ANG MON BEG MAT",
    "Re": "KS KB KC KD",
    "Regine": "QS QB QC QD",
    "Cavalli": "NS NB NC ND",
    "Fanti": "JS JB JC JD",
}


@each_page
def test_the_cricche_table_is_the_engines(page: Page) -> None:
    rows = page.table_rows(page.cricche_heading)
    assert len(rows) == 5
    for name, three, four in rows:
        family = name.split()[0]  # "Re (Kings)" -> "Re", the name the table shows
        cards = CRICCA_CARDS[family].split()
        for n, points in ((3, three), (4, four)):
            (combo,) = score(mask_of(parse_cards(cards[:n]))).cricche
            assert (combo.family, combo.points) == (family, int(points)), name


@each_page
def test_sequence_points_and_the_examples(page: Page) -> None:
    assert page.sequence_points in page.flat
    example = re.search(page.example, page.flat)
    assert example is not None
    cards, family, elements, points = example.groups()
    (combo,) = score(page.pile(cards)).sequences
    assert (combo.family, len(combo.cards), combo.points) == (family, int(elements), int(points))
    assert page.kqa in page.flat
    assert page.suit_needs in page.flat
    assert score(page.pile("KC QC")).sequences == ()  # the King and one court: nothing …
    assert score(page.pile("KC QC BEG")).sequences[0].points == 10  # … but with a counter
    assert score(page.pile("KC QC NC")).sequences[0].points == 10
    assert score(page.pile("KC QC AC")).sequences == ()
    # a counter goes in terza, never makes a sequence alone; each one held adds an element
    assert score(page.pile("AS AB MAT")).sequences[0].points == 10
    assert score(page.pile("AS BEG MAT")).sequences == ()
    assert score(page.pile("AS AB AC BEG MAT")).sequences[0].points == 20


def test_the_grande_as_the_help_tells_it() -> None:
    grande = {
        "ANG MON SOL": 10,  # the Angelo with two of Mondo, Sole and Luna
        "ANG MON T16 T15": 0,  # with only one, a counter must go in terza
        "ANG MON BEG T16": 15,
        "ANG MON SOL T16 T14 BEG": 25,  # a free counter fills one missing number (T15) …
        "ANG MON SOL T16 T13 BEG": 20,  # … only when the next one is held
        "ANG MON T14 BEG MAT": 15,  # Sole, Luna and T16 missing: it stops at T16
        "ANG MON SOL T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 MO2": 80,  # then the Mori
    }
    for cards, points in grande.items():
        found = [c.points for c in score(ENGLISH.pile(cards)).sequences if c.family == "Grande"]
        assert found == ([points] if points else []), cards


@each_page
def test_card_points_in_pairs_and_the_whole_pack(page: Page) -> None:
    assert page.card_pairs in page.flat
    assert score(page.pile("KS 7S")).card_points == 5
    assert score(page.pile("7S 8S")).card_points == 1
    assert score(page.pile("KS QS")).card_points == 8
    assert page.whole_pack in page.flat
    assert score(FULL_PACK).card_points == 87


@each_page
def test_the_matto_shows_no_void_and_stays_with_its_side(page: Page) -> None:
    """The Matto may be played by a player who holds the suit led, so not following with it
    shows nothing; it goes back to its owner's side, not to the side that takes the trick."""
    assert page.no_follow in page.flat
    trick = parse_cards("8C 6C MAT T8")
    assert legal_mask(page.pile("7C MAT"), trick[:2]) == page.pile("7C MAT")
    assert voids_shown([(0, trick)]) == [0, 0, 0, SUIT_MASK[COPPE]]
    piles = [0, 0]
    assert award(trick, 0, winning_index(trick), piles) == 0  # seat 3 wins: side 0 owes a card
    assert piles[0] == page.pile("MAT") and piles[1] == page.pile("8C 6C T8")


@pytest.mark.parametrize(
    ("page", "row"),
    [(page, row) for page in PAGES for row in page.table_rows(page.codes_heading)],
    ids=lambda x: x.language if isinstance(x, Page) else x[0],
)
def test_the_suit_orders_are_the_engines(page: Page, row: list[str]) -> None:
    _, _, code, order = row
    ranks = order.split()
    cards = parse_cards([rank + code for rank in ranks])
    for higher, lower in pairwise(cards):
        assert winning_index((lower, higher)) == 1 and winning_index((higher, lower)) == 0


TRUMP_HEADINGS = {"en": "code | trump", "it": "codice | tarocco"}


@each_page
def test_the_trump_table_names_every_trump_in_the_engines_order(page: Page) -> None:
    """Every trump by its code and Italian name, T7 too (the help went from "T16 Stella" to "T5
    Amore" in one breath), in two columns read one after the other."""
    rows = page.table_rows(TRUMP_HEADINGS[page.language])
    cells = [row[:2] for row in rows] + [row[3:5] for row in rows]
    codes = [code.strip("`").split("`")[0] for code, _name in cells]
    assert codes == [CODES[c] for c in GRANDE_ORDER] + ["MO1", "BEG"]  # (MO1–MO4 on one row)
    for (_code, name), card in zip(cells, [*GRANDE_ORDER, MORI_CARDS[0], BEG], strict=True):
        if card != MORI_CARDS[0]:
            assert name.startswith(CARD_NAMES[card]), name
    order = parse_cards("ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 BEG")
    for higher, lower in pairwise(order):
        assert winning_index((lower, higher)) == 1
    mori = parse_cards("MO1 MO2 MO3 MO4")  # equal: the last one played wins
    assert winning_index(tuple(mori)) == 3 and winning_index(tuple(reversed(mori))) == 3


# ------------------------------------------------------------------ the pages tell the same facts
CODE = re.compile(
    r"\b(?:ANG|MON|SOL|LUN|BEG|MAT|MO[1-4]|T1[0-6]|T[5-9]|(?:10|[KQNJA6-9])[SBCD♠♣♥♦])(?!\w)"
)


def _headings(text: str) -> list[str]:
    return [line.split(" ", 1)[0] for line in text.splitlines() if line.startswith("#")]


def _table_shapes(text: str) -> list[int]:
    """The number of cells of each table row, in reading order."""
    return [line.count("|") for line in text.splitlines() if line.startswith("|")]


def test_the_pages_have_the_same_sections_and_tables() -> None:
    english, italian = ENGLISH.text, ITALIAN.text
    assert _headings(italian) == _headings(english)
    assert _table_shapes(italian) == _table_shapes(english)
    numbered = re.compile(r"^\d+\. ", re.MULTILINE)  # the steps of a hand
    bullets = re.compile(r"^- ", re.MULTILINE)
    assert len(numbered.findall(italian)) == len(numbered.findall(english))
    assert len(bullets.findall(italian)) == len(bullets.findall(english))


def test_the_pages_name_the_same_cards() -> None:
    assert Counter(CODE.findall(ITALIAN.text)) == Counter(CODE.findall(ENGLISH.text))


def test_the_pages_say_the_same_numbers() -> None:
    number = re.compile(r"\d+")
    assert Counter(number.findall(ITALIAN.text)) == Counter(number.findall(ENGLISH.text))


def test_the_pages_quote_the_same_commands_and_keys() -> None:
    """The commands and options (`tarocchino host`, `--ascii`) and the keys of the key table
    are the same in every page."""
    command = re.compile(r"`((?:tarocchino|--)[^`]*)`")
    italian_commands = [c.replace("NOME", "NAME") for c in command.findall(ITALIAN.text)]
    assert italian_commands == command.findall(ENGLISH.text)
    # (the key names: "o" joins two keys in Italian as "or" does in English)
    english_keys = [row[0].replace(" or ", " o ") for row in ENGLISH.table_rows("key | what")]
    italian_keys = [row[0] for row in ITALIAN.table_rows("tasto | cosa")]
    assert len(italian_keys) == len(english_keys) > 10
    assert [k for k in italian_keys if k != "clic"] == [
        k for k in english_keys if k != "mouse click"
    ]


# ------------------------------------------------------------------------- the worked examples
DECLARATION = {
    "en": r"Your 15 cards: (.+?)\. You may declare",
    "it": r"Le tue 15 carte: (.+?)\. Puoi",
}
SHEET_PILE = (
    "KS KB KC QS NS JS QC JD ANG MON 10S 9S 8S 7S 6S 10B 9B 8B 7B 6B 6C 7C 8C 9C 10C "
    "6D 7D 8D 9D 10D T13 T12 T10 T9 T8 T7 T6 MO1"
)


@each_page
def test_the_worked_declaration_is_the_engines(page: Page) -> None:
    """The hand of the example declares what the page says: a Bégato fills T14 of its Grande,
    three sequences are doubled, 148 in all; with 8♦ for the Luna the Grande is 20."""
    found = re.search(DECLARATION[page.language], page.flat)
    assert found is not None
    hand = page.pile(found[1])
    assert hand.bit_count() == 15
    families = declarable_families(hand)
    points = {c.family: c.points for c in declared_combinations(hand, families)}
    assert points == {"Tarocchi": 18, "Grande": 35, "Spade": 20, "Assi": 10}
    assert declaration_points(hand, families) == 148 and "**148**" in page.text
    without_luna = (hand & ~page.pile("LUN")) | page.pile("8D")
    (grande,) = [c for c in score(without_luna).sequences if c.family == "Grande"]
    assert grande.points == 20
    for cards, points in (
        ("ANG MON LUN T16 T15 T13 BEG", 30),  # the rules' example: the Bégato fills T14
        ("ANG MON LUN T16 T15 BEG", 25),
        ("ANG SOL LUN T16 T15 T14 T13 T12 T11 T10 T8 T7 T6 T5 MO2 MO3 MAT", 80),  # the Mori
    ):
        (grande,) = [c for c in score(page.pile(cards)).sequences if c.family == "Grande"]
        assert grande.points == points, cards
    assert [c.points for c in score(page.pile("MO1 MO3 BEG")).sequences] == [10]


def test_the_worked_trick_and_sheet_are_the_engines() -> None:
    # 8♥ led, 6♥ beats it (a round suit), T8 trumps, MO1 is a lower trump: Carla's T8 wins
    assert winning_index(tuple(parse_cards("8C 6C T8 MO1"))) == 2
    assert winning_index(tuple(parse_cards("8C 6C"))) == 1
    ours = mask_of(parse_cards(SHEET_PILE))
    theirs = FULL_PACK & ~ours
    assert ours.bit_count() == 38 and theirs.bit_count() == 24
    mine, other = score(ours), score(theirs)
    assert (mine.combinations_points, mine.card_points) == (32, 49)
    assert (other.combinations_points, other.card_points) == (153, 38)
    assert {c.family: c.points for c in other.cricche + other.sequences} == {
        "Cavalli": 13,
        "Denari": 25,
        "Assi": 25,
        "Mori": 20,
    }
    named = "NB NC ND KD QD AD AS AB AC MO2 MO3 MO4 BEG MAT"  # what the sheet says they hold
    assert mask_of(parse_cards(named)) & ~theirs == 0
    assert round5(32 + 49 + 6 + 20) == 105 and round5(153 + 38) == 190
