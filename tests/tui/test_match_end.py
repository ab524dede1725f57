"""The end of a match as a player sees it (RULES.md §5, §9): the last sheet says who won, by how
much and how; a hand called out shows who declared what; a tie at or over the target says why
another hand follows, and that hand says nobody can call out in it; the declarations dialog keeps
every family and the call-out line in view at 80x24."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.history import hand_rows, replay_hands
from game.match import Match
from game.rules import Rules
from table.session import parse_seats
from tests.support.deals import deal_with
from tests.support.matches import called_out_match, last_action_totals
from tests.support.screens import idle, make_app, press, screen_text, settle, wait_for
from text.presenter import Scene, extra_hand, topbar
from text.render import UNICODE
from tui.screens.declare import DeclareScreen
from tui.screens.scoring import NEXT, HandSummary, ScoringScreen
from tui.screens.start import StartScreen

NAMES = ("Anna", "Bruno", "Carla", "Dario")
SIDES = ("Anna & Carla", "Bruno & Dario")


def ended_at(scores: tuple[int, int], target: int = 300, seed: int = 5) -> Match:
    """A match whose first hand ends with the match score ``scores`` (it does not replay)."""
    match = Match(seed, Rules(target))
    action, (t0, t1) = last_action_totals(match, random.Random(8))
    match.hand.scores = (scores[0] - t0, scores[1] - t1)
    match.scores = list(match.hand.scores)
    match.apply(action)
    assert match.scores == list(scores)
    return match


def summary_of(match: Match, replays: bool = False) -> HandSummary:
    declared = tuple(replay_hands(match)[-1].declarations) if replays else ()
    return HandSummary(
        len(match.results) - 1,
        match.results[-1],
        SIDES,
        match.winner,
        match.rules.target,
        history=hand_rows(match.results),
        names=NAMES,
        declared=declared,
    )


async def sheet_text(tmp_path: Path, summary: HandSummary, size=(100, 40)) -> tuple[str, str]:
    """The whole screen, and the same with its runs of spaces made one (wrapped lines joined)."""
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await app.push_screen(ScoringScreen(summary, UNICODE))
        await idle(pilot)
        text = screen_text(app)
        return text, " ".join(text.split())


@pytest.mark.parametrize(
    ("scores", "said"),
    [
        ((310, 150), "Anna & Carla win the match by 160 points, 310 to 150!"),
        (
            (305, 310),
            "Bruno & Dario win the match by 5 points, 310 to 305! Both sides reached 300: "
            "the higher score wins.",
        ),
    ],
)
async def test_the_last_sheet_says_who_won_by_how_much_and_how(tmp_path: Path, scores, said):
    match = ended_at(scores)
    assert match.winner is not None
    _, line = await sheet_text(tmp_path, summary_of(match))
    assert said in line, line


async def test_a_tie_over_the_target_says_another_hand_follows_without_calling_out(
    tmp_path: Path,
) -> None:
    match = ended_at((320, 320))
    assert match.winner is None
    summary = summary_of(match)
    text, line = await sheet_text(tmp_path, summary)
    assert (
        "Level at 320, at or over the target: another hand is played in full, with no "
        "calling out." in line
    ), line
    assert "Next hand" in text
    # the extra hand says so at the top, and its declarations dialog says why nothing calls out
    view = match.view(0)
    assert extra_hand(view)
    bar = topbar(
        Scene(view=view, seats=parse_seats(["human"] * 4, list(NAMES)), bottom=0), NAMES
    ).plain
    assert "Hand 2 · extra hand · " in bar, bar
    assert not extra_hand(Match(5).view(0))


async def test_the_extra_hands_declarations_dialog_says_nobody_calls_out(tmp_path: Path) -> None:
    hand = deal_with(3, {0: "ANG MON BEG MAT KS KB KC KD QS QB QC QD NS NB NC"})
    hand.scores = (300, 300)
    hand.target = 300
    hand.apply(hand.legal_actions()[0])
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await app.push_screen(DeclareScreen(hand.view(0, 1), "Anna", UNICODE, None))
        await idle(pilot)
        text = " ".join(screen_text(app).split())
    assert "nobody can call out in this extra hand after a tie" in text, text


async def test_a_called_out_hand_shows_who_declared_what(tmp_path: Path) -> None:
    match = called_out_match()
    summary = summary_of(match, replays=True)
    side = match.results[-1].called_out
    declared = [d for d in summary.declared if d is not None and d.families]
    assert declared
    text, line = await sheet_text(tmp_path, summary, size=(120, 50))
    flat = " ".join(text.split())
    assert "No cards are counted: each side scores what it declared." in flat
    for d in declared:
        for c in d.combinations:
            assert c.family in flat and NAMES[d.seat] in flat, (c.family, flat)
    assert f"{SIDES[side]} call out and win the match" in line, line


async def test_the_table_hands_the_sheet_the_declarations_of_a_hand_called_out(
    tmp_path: Path,
) -> None:
    """Seed 5, target 10: Dario calls out before the person at the keyboard declares; the
    sheet that comes at once shows what he declared, which the table never showed."""
    app = make_app(
        tmp_path, ["human", "easy", "easy", "easy"], seed=5, target=10, names=list(NAMES)
    )
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, ScoringScreen) and screen.summary.result.called_out == 1
        dario = screen.summary.declared[3]
        assert dario is not None and dario.families
        flat = " ".join(screen_text(app).split())
        assert "Dario" in flat and all(f in flat for f in dario.families), flat
        assert screen.check_action("choose", (NEXT,)) is False  # the match is over


TEN_FAMILIES = "KS QS KB NB KC QC NC KD QD ND ANG MON MO3 MO4 BEG"


@pytest.mark.parametrize("size", [(80, 24), (100, 40)])
async def test_ten_families_and_the_call_out_line_fit_the_declarations_dialog(
    tmp_path: Path, size
) -> None:
    """The most families a hand can realise (ten) at 80x24: each, the total and the line that
    says this declaration calls out stay on screen (the buttons give way to the footer's keys);
    with room enough the dialog keeps its buttons."""
    hand = deal_with(3, {0: TEN_FAMILIES})
    hand.apply(hand.legal_actions()[0])
    view = hand.view(0, 0)
    assert len(view.legal[0].families) == 10
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await app.push_screen(DeclareScreen(view, "Anna", UNICODE, 100))
        # (on a busy machine its footer's keys may come a few frames after the dialog)
        await wait_for(pilot, lambda: "Declare nothing" in screen_text(app).splitlines()[-1])
        dialog = app.screen.query_one("#declare-dialog")
        assert dialog.region.bottom <= size[1] - 1  # above the footer
        text = screen_text(app)
        for family in view.legal[0].families:
            assert f" {family} " in text, family
        assert "This reaches the target: your side calls out and wins the match!" in text
        buttons = app.screen.query_one(".dialog-buttons")
        assert buttons.display == (size == (100, 40))
        assert "Declare nothing" in text.splitlines()[-1]  # the footer's keys


async def test_enter_on_the_last_sheet_says_what_comes_next(tmp_path: Path) -> None:
    """Enter took every sheet before to the next hand; on the last one it says what the keys do
    now, and the sheet stays (nothing is skipped by pressing on)."""
    match = ended_at((310, 150))
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await app.push_screen(ScoringScreen(summary_of(match), UNICODE))
        await idle(pilot)
        before = app.notices
        await press(pilot, "enter")
        await idle(pilot)
        assert app.notices == before + 1 and isinstance(app.screen, ScoringScreen)
        said = [n.message for n in app._notifications]
        assert any(m.startswith("The match is over: n starts a new one") for m in said), said
        assert "Next hand" not in screen_text(app).splitlines()[-1]  # not offered in the footer
        for _ in range(3):  # pressed again and again: said once, not stacked over the sheet
            await press(pilot, "enter")
        await idle(pilot)
        assert app.notices == before + 4 and len(app._notifications) == len(said)
