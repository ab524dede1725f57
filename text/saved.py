"""A saved match in words, as the start screen and the command line name it, and why it cannot
be read, or what became of it before a new match."""

from __future__ import annotations

from pathlib import Path

from game.errors import IllegalActionError, RecordError
from game.files import FileReadError
from store import save
from store.save import SAVE_FILE, Kept, SaveError, SaveInfo
from text.language import N_, _, number
from text.presenter import hand_stage
from text.records import action_problem, record_problem
from text.storage import file_problem
from text.words import side_name

_SAID = {
    save.NO_SAVE: N_("there is no saved match"),
    save.NOT_A_SAVE: N_("this is not a Tarocchino save file"),
    save.OTHER_VERSION: N_("unsupported save version {value} (this is {version})"),
    save.NOT_FOUR_SEATS: N_("the save must list four seats"),
    save.BAD_SEAT: N_("bad seat in the save: {value}"),
    save.BAD_NAME: N_("bad seat name in the save: {value}"),
    save.SAME_NAMES: N_("the four names in the save must be different"),
    save.OVER: N_("the saved match is already over"),
}


def saved_parts(info: SaveInfo) -> list[str]:
    """["Hand 3, trick 5 of 15", "Anna & Carla 120", "Bruno & Dario 95", "to 800"]; "Hand 2
    over" when its sheet comes first on resuming."""
    stage = hand_stage(info.phase, info.tricks_done) if info.phase is not None else ""
    n = info.hand_number + 1
    where = _("Hand {n}, {stage}").format(n=n, stage=stage) if stage else _("Hand {n} over")
    return [
        where.format(n=n),
        *(f"{side_name(info.seats, side)} {number(info.scores[side])}" for side in (0, 1)),
        _("to {target}").format(target=number(info.target)),
    ]


def describe_saved(info: SaveInfo) -> str:
    """ "Hand 3, trick 5 of 15 · Anna & Carla 120 · Bruno & Dario 95 · to 800"."""
    return " · ".join(saved_parts(info))


def save_problem(error: SaveError) -> str:
    """Why the save cannot be read, in words ("the saved match is already over")."""
    cause = error.cause
    if error.reason == save.UNREADABLE and isinstance(cause, FileReadError):
        return _("cannot read {file}: {problem}").format(
            file=SAVE_FILE, problem=file_problem(cause)
        )
    if error.reason == save.NOT_REPLAYED and isinstance(cause, RecordError):
        return record_problem(cause)
    if error.reason == save.NOT_REPLAYED and isinstance(cause, IllegalActionError):
        return action_problem(cause)
    said = _SAID.get(error.reason)
    return _(said).format(**error.facts) if said is not None else str(error)


def damaged_words(error: SaveError, moved: Path | None) -> str:
    """A damaged save, set aside as ``moved`` (None: it could not be moved), in a sentence for
    the player."""
    problem = save_problem(error)
    if moved is not None:
        return _("The saved match could not be read: {problem}. It was kept as {name}.").format(
            problem=problem, name=moved.name
        )
    return _(
        "The saved match could not be read: {problem}. It could not be moved aside, so {file} "
        "was left as it is."
    ).format(problem=problem, file=SAVE_FILE)


def kept_words(kept: Kept) -> str:
    """What became of the saved match before a new one, in a sentence."""
    if kept.damaged is not None:
        return damaged_words(kept.damaged, kept.moved)
    if kept.moved is None:
        return _(
            "The saved match could not be kept as a backup ({problem}); it will be replaced."
        ).format(problem=kept.failure)
    return _("The saved match was kept as {name}.").format(name=kept.moved.name)
