"""The words of an error handed up from the layers below text: made from its code and facts when
it has them, its own message otherwise (an error already in words, a library's)."""

from __future__ import annotations

from game.errors import RecordError
from game.files import FileReadError
from store.lock import DirectoryBusy
from store.save import SaveError
from table.session import SeatsError
from text.records import record_problem
from text.saved import save_problem
from text.seats import seats_words
from text.storage import busy_words, file_problem


def error_words(exc: BaseException) -> str:
    """What a player reads of ``exc``, one line (lower case, as the command line prints it)."""
    if isinstance(exc, RecordError):
        return record_problem(exc)
    if isinstance(exc, SaveError):
        return save_problem(exc)
    if isinstance(exc, SeatsError):
        return seats_words(exc)
    if isinstance(exc, FileReadError):
        return file_problem(exc)
    if isinstance(exc, DirectoryBusy):
        return busy_words(exc)
    return str(exc)
