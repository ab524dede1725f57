"""The review of finished hands: step through a hand card by card or trick by trick with all four
hands, the discard and the declarations revealed, and the hard bot's judgement of each card the
judged players chose and of the dealer's discard when he is judged (computed in a worker, with a
progress bar).

Only finished hands are ever reviewed (see :mod:`text.hand_review`): in hot-seat play it is offered
once the hand is over, and the screen says that every hand is shown.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static
from textual.worker import Worker, WorkerState, get_current_worker

import ai.judge
from ai.judge import DiscardVerdict, Verdict, judge, judge_discard
from text.hand_review import (
    HandWalk,
    ReviewSource,
    captions,
    costly_lines,
    estimate_note,
    facts_text,
    hands_text,
    play_lines,
    progress_text,
    topbar,
    verdict_text,
)
from text.language import N_, _, pgettext
from text.render import Look, look_of
from tui.screens.base import GameScreen
from tui.screens.help import HELP_KEY
from tui.screens.too_small import fit_breakpoints
from tui.widgets.keybar import KeyBar
from tui.widgets.line import TextLine
from tui.widgets.picklist import PickList


class ReviewScreen(GameScreen[None]):
    """Looks back on the hands of ``source``, starting with hand ``hand`` (0 for the first).

    ``iterations``: the deals of the hidden cards the hard bot searches for each judged card."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS = [
        Binding("right,l,space", "step(1)", N_("Next card"), show=False),
        Binding("left,h,backspace", "step(-1)", N_("Card back"), show=False),
        Binding("down,j", "trick(1)", N_("Next trick"), show=False),
        Binding("up,k", "trick(-1)", N_("Trick back"), show=False),
        Binding("home", "ends(0)", N_("Start"), show=False),
        Binding("end", "ends(1)", N_("End"), show=False),
        Binding("right_square_bracket,pagedown", "hand(1)", N_("Next hand"), show=False),
        Binding("left_square_bracket,pageup", "hand(-1)", N_("Hand before"), show=False),
        Binding("n", "costly", N_("Costliest"), show=False),
        Binding("q,escape", "close", N_("Back"), show=False),
        HELP_KEY,
    ]

    def __init__(
        self,
        source: ReviewSource,
        hand: int = 0,
        *,
        look: Look | None = None,
        iterations: int | None = None,
    ) -> None:
        super().__init__()
        if not source.hands:
            raise ValueError(_("the match has no finished hand to review"))
        self.source = source
        self.index = max(0, min(hand, len(source.hands) - 1))
        self.position = 0
        self.look_given = look
        self.iterations = iterations or ai.judge.DEFAULT_ITERATIONS
        self.walks: dict[int, HandWalk] = {}
        self._costly: list[int] = []  # positions of the costliest choices, costliest first
        self._judging: Worker | None = None
        self.error: str | None = None

    # ----------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        fit_breakpoints(self)  # (else drawn once in the roomy layout first)
        yield TextLine(id="review-top")
        with Horizontal(id="review-main"):
            with VerticalScroll(id="review-left", can_focus=False):
                yield Static(id="review-caption")
                yield Static(id="review-hands")
                yield Static(id="review-facts")
                yield Static(id="review-note")
                yield TextLine(id="review-progress")
                yield Static(id="review-verdict")
                yield PickList(id="review-costly")
            with VerticalScroll(id="review-side", can_focus=False):
                yield Static(Text(_("Every card"), style="bold"), id="review-side-title")
                yield PickList(id="review-plays")
        yield KeyBar([], id="review-keys")

    def on_mount(self) -> None:
        self.redraw()
        self._judge()

    def on_resize(self) -> None:
        self.redraw()  # (the top bar says where the match comes from as far as it fits)

    async def speak_again(self) -> None:
        """Drawn again in the language spoken now (the judging goes on)."""
        self.query_one("#review-side-title", Static).update(Text(_("Every card"), style="bold"))
        self.redraw()

    @property
    def look(self) -> Look:
        if self.look_given is not None:
            return self.look_given
        return look_of(getattr(self.app, "settings", None))

    @property
    def walk(self) -> HandWalk:
        """The hand shown, replayed once."""
        walk = self.walks.get(self.index)
        if walk is None:
            walk = HandWalk(
                self.source.hands[self.index],
                self.index,
                self.source.judged,
                self.source.stand_ins(self.index),
            )
            self.walks[self.index] = walk
        return walk

    # ----------------------------------------------------------------- drawing
    def _left_width(self, wide: bool) -> int:
        """The width of the hand's side; before it is laid out (the first frame), the width it
        will have: the screen's, at most 120, less the list of every card when that is shown."""
        width = self.query_one("#review-left").size.width
        if width:
            return width
        return min(120, self.app.size.width - (35 if wide else 0))

    def redraw(self) -> None:
        source, walk, p, look = self.source, self.walk, self.position, self.look
        width = self.size.width or self.app.size.width  # (not laid out yet: as it will be)
        wide = width >= 110
        top = self.query_one("#review-top", TextLine)
        # (where the match comes from as far as the bar has room: padded one each side)
        top.show(topbar(source, walk, p, look, top.content_size.width or width - 2))
        self.query_one("#review-caption", Static).update(captions(source, walk, p, look))
        self.query_one("#review-hands", Static).update(hands_text(source, walk, p, look))
        self.query_one("#review-facts", Static).update(facts_text(source, walk, p, look))
        self.query_one("#review-note", Static).update(self._note())
        self.query_one("#review-progress", TextLine).show(
            progress_text(walk, self._left_width(wide), look, self.iterations)
        )
        verdict = verdict_text(source, walk, p, look)
        if self.error:
            verdict = Text(
                _("The judgement stopped: {problem}").format(problem=self.error),
                style="bold red",
            )
        self.query_one("#review-verdict", Static).update(verdict)
        lines, targets = costly_lines(source, walk, look)
        self._costly = [t for t in targets if t is not None]
        self.query_one("#review-costly", PickList).show(lines, targets)
        side = self.query_one("#review-side")
        side.display = wide
        if wide:
            plays = self.query_one("#review-plays", PickList)
            plays.show(play_lines(source, walk, p, look), list(range(1, walk.last + 1)))
            if p > 0:
                self.call_after_refresh(self._follow, p)
        self.query_one(KeyBar).set_entries(self._keys())

    def _follow(self, position: int) -> None:
        """Keep the card shown in view in the list of every card."""
        side = self.query_one("#review-side", VerticalScroll)
        plays = self.query_one("#review-plays", PickList)
        line = plays.region.y - side.region.y + side.scroll_y + position - 1
        if not side.scroll_y <= line - 1 < side.scroll_y + side.size.height - 2:
            side.scroll_to(y=max(0, line - side.size.height // 2), animate=False)

    def _note(self) -> Text:
        text = estimate_note(self.look, self.iterations)
        text.append(" " + _("Every hand is shown: the hand is over."), style="dim")
        return text

    def _keys(self) -> list[tuple[str, str, str]]:
        card, trick = ("Left/Right", "Up/Down") if self.look.ascii else ("←/→", "↑/↓")
        keys = [
            (card, pgettext("review key", "Card"), "step(1)"),
            (trick, pgettext("review key", "Trick"), "trick(1)"),
        ]
        if len(self.source.hands) > 1:
            keys.append(("[/]", pgettext("review key", "Hand"), "hand(1)"))
        # (the key bar leaves out entries from the right when they do not fit, never the last)
        keys += [
            ("n", pgettext("review key", "Costliest"), "costly"),
            ("?", _("Help"), "app.help"),
            ("Home/End", pgettext("review key", "Start/end"), "ends(1)"),
            ("q", _("Back"), "close"),
        ]
        return keys

    # ----------------------------------------------------------------- judging
    def _judge(self) -> None:
        """Judge the hand shown in a worker, the discard first (what is already judged is
        kept)."""
        walk = self.walk
        todo = walk.pending()
        discard = walk.discard if walk.discard_pending else None
        if not (todo or discard) or self.error:
            return
        index, iterations = self.index, self.iterations
        app = self.app

        def work() -> None:
            worker = get_current_worker()
            if discard is not None:
                judged = judge_discard(discard, iterations, cancelled=lambda: worker.is_cancelled)
                if judged is None or worker.is_cancelled:
                    return
                app.call_from_thread(self._discard_judged, index, judged)
            for decision in todo:
                if worker.is_cancelled:
                    return
                verdict = judge(decision, iterations)
                if worker.is_cancelled:
                    return
                app.call_from_thread(self._judged, index, verdict)

        self._judging = self.run_worker(
            work, thread=True, group="judge", exclusive=True, exit_on_error=False
        )

    def _discard_judged(self, index: int, verdict: DiscardVerdict) -> None:
        self.walks[index].discard_verdict = verdict
        if self.is_attached and index == self.index:
            self.redraw()

    def _judged(self, index: int, verdict: Verdict) -> None:
        self.walks[index].verdicts[verdict.number] = verdict
        if self.is_attached and index == self.index:
            self.redraw()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._judging and event.state == WorkerState.ERROR:
            self.error = str(event.worker.error)[:200]
            self.redraw()

    # ----------------------------------------------------------------- moving
    def _go(self, position: int) -> None:
        position = max(0, min(self.walk.last, position))
        if position != self.position:
            self.position = position
            self.redraw()

    def action_step(self, step: int) -> None:
        self._go(self.position + step)

    def action_trick(self, step: int) -> None:
        walk = self.walk
        self._go(walk.next_trick(self.position) if step > 0 else walk.previous_trick(self.position))

    def action_ends(self, end: int) -> None:
        self._go(self.walk.last if end else 0)

    def action_hand(self, step: int) -> None:
        index = max(0, min(len(self.source.hands) - 1, self.index + step))
        if index != self.index:
            self.show_hand(index)

    def show_hand(self, index: int, position: int = 0) -> None:
        self.index = index
        self.position = max(0, min(self.walk.last, position))
        self.redraw()
        self._judge()

    def action_costly(self) -> None:
        """The next of the costliest choices (in order of cost), round and round."""
        if not self._costly:  # ("yet" only while the judging goes on)
            done = self.walk.judged_all or self.error is not None
            self.notify(
                _("No choice in this hand cost a point or more.")
                if done
                else _("No costly choice has been found yet: the judging goes on."),
                timeout=3,
            )
            return
        later = [p for p in self._costly if p == self.position]
        i = (self._costly.index(later[0]) + 1) % len(self._costly) if later else 0
        self._go(self._costly[i])

    def on_pick_list_picked(self, event: PickList.Picked) -> None:
        event.stop()
        self._go(event.target)

    def action_close(self) -> None:
        self.workers.cancel_group(self, "judge")
        app: Any = self.app
        if len(app.screen_stack) > 1:
            self.dismiss(None)
        else:
            app.exit()
