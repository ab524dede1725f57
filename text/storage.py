"""What the store has to tell a player, in words: a file that cannot be read, a write that
failed, settings that could not be read, a match that cannot be saved, the bots' pace."""

from __future__ import annotations

import errno
from collections.abc import Callable

from game import files
from game.files import FileReadError, clip_path
from store.lock import DirectoryBusy
from store.save import SaveStore
from store.settings import SETTINGS_FILE
from table.session import Session
from text.language import _, decimal, number


def pace_words(seconds: float) -> str:
    """A watching pace in words: "no pause", "0.6 s a move"."""
    if seconds <= 0:
        return _("no pause")
    return _("{seconds} s a move").format(seconds=decimal(seconds))


def file_problem(error: FileReadError) -> str:
    """Why a file cannot be read, in a few words ("not valid JSON (it is empty)")."""
    facts, code = error.facts, error.reason
    if code == files.MISSING:
        return _("no such file")
    if code == files.CANNOT_OPEN:
        return _("cannot open ({detail})").format(detail=facts.get("detail", ""))
    if code == files.NOT_REGULAR:
        return _("not a regular file")
    if code == files.TOO_BIG and "size" in facts:
        return _("too big ({size} bytes; at most {limit})").format(
            size=number(int(facts["size"])), limit=number(int(facts["limit"]))
        )
    if code == files.TOO_BIG and "limit" in facts:
        return _("too big (more than {limit} bytes)").format(limit=number(int(facts["limit"])))
    if code == files.TOO_BIG:
        return _("too big to read")
    if code == files.NOT_UTF8:
        return _("not UTF-8 text (bad byte at offset {offset})").format(offset=facts["offset"])
    if code == files.EMPTY:
        return _("not valid JSON (it is empty)")
    if code == files.NOT_JSON:
        return _("not valid JSON ({detail}: line {line}, column {column})").format(**facts)
    if code == files.NOT_A_NUMBER:
        return _("not valid JSON ({detail} is not a number)").format(**facts)
    if code == files.NUMBER_TOO_LONG:
        return _("a number in it is too long to read")
    if code == files.TOO_DEEP and "limit" in facts:
        return _("nested deeper than {limit} levels").format(limit=facts["limit"])
    if code == files.TOO_DEEP:
        return _("nested too deeply")
    return _("read error ({detail})").format(detail=facts.get("detail", error))


def write_problem(exc: OSError) -> str:
    """Why a write failed, in words a player can act on ("a file is in the way of the folder
    /x/y", "the disk is full")."""
    where = clip_path(exc.filename) if exc.filename else _("the file")
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        return _("a file is in the way of the folder {path}").format(path=where)
    if isinstance(exc, PermissionError):
        return _("no permission to write in {path}").format(path=where)
    if exc.errno == errno.ENOSPC:
        return _("the disk is full")
    if exc.errno == errno.EROFS:
        return _("{path} is on a read-only disk").format(path=where)
    return f"{where}: {exc.strerror or exc}"


def busy_words(error: DirectoryBusy) -> str:
    """Another game holds the data directory: which, and what to do."""
    if error.process:
        text = _(
            "another Tarocchino game (process {process}) is using {directory}; finish it first, "
            "or set TAROCCHINO_DATA_DIR to another directory to play a separate game"
        )
    else:
        text = _(
            "another Tarocchino game is using {directory}; finish it first, or set "
            "TAROCCHINO_DATA_DIR to another directory to play a separate game"
        )
    return text.format(process=error.process, directory=error.directory)


def settings_unread(error: FileReadError) -> str:
    """The settings file is there but cannot be read: the defaults are used."""
    return _(
        "The settings could not be read ({file}: {problem}): the defaults are used until you "
        "change one."
    ).format(file=SETTINGS_FILE, problem=file_problem(error))


def saved_words(said: OSError | bool) -> tuple[str, str]:
    """What :meth:`SaveStore.save` has to tell, in a sentence, and its severity."""
    if isinstance(said, OSError):
        return (
            _(
                "Could not save the match: {problem}. The game goes on, but is not saved "
                "(TAROCCHINO_DATA_DIR chooses the folder)."
            ).format(problem=write_problem(said)),
            "error",
        )
    return _("The match is saved again."), "information"


def tell_saved(store: SaveStore, session: Session, notify: Callable[..., object]) -> None:
    """Save the session, and what the store has to say goes to the player in a notification
    (``notify``: an app's or a screen's)."""
    said = store.save(session)
    if said is not None:
        message, severity = saved_words(said)
        notify(message, severity=severity, timeout=10)
