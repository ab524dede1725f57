"""The words of a bot specification that cannot be used (a :class:`SpecError`), as
``play --seats``, ``tarocchino bots`` and the measuring commands refuse it."""

from __future__ import annotations

from ai import spec
from ai.spec import SpecError
from text.language import N_, _

_SAID = {
    spec.NO_BOT: N_("no bot given (use {syntax})"),
    spec.TOO_LONG: N_("bot specification too long ({length} characters)"),
    spec.UNKNOWN_BOT: N_(
        "unknown bot {head} (known: {known}; or module:Class, path/to/file.py:Class; see "
        "tarocchino bots)"
    ),
    spec.NOT_A_CLASS_NAME: N_("{attr} is not the name of a class (in {text})"),
    spec.NO_BOT_FILE: N_("no bot file {head}"),
    spec.NEITHER: N_("{head} is neither a bot, a module nor a file.py (use {syntax})"),
    spec.BAD_OPTION: N_("bad option {item} in {text} (use key=value)"),
    spec.TWICE: N_("option {key} is given twice in {text}"),
    spec.NOT_BOOL: N_("{bot}: option {option} must be true or false, not {value}"),
    spec.NOT_WHOLE: N_("{bot}: option {option} must be a whole number, not {value}"),
    spec.NOT_NUMBER: N_("{bot}: option {option} must be a number, not {value}"),
    spec.NOT_FINITE: N_("{bot}: option {option} must be a finite number, not {value}"),
    spec.NEEDS_OPTIONS: N_("{bot} needs the option(s) {options}"),
}


def spec_words(error: SpecError) -> str:
    """Why the bot cannot be used, in words, from the error's code and facts (its message when
    it has no code: a bot's own words, a failure to load it)."""
    facts = error.facts
    if error.reason == spec.NO_SUCH_OPTION:
        if facts["options"]:
            return _("{bot} has no option {key} (its options: {options})").format(**facts)
        return _("{bot} has no option {key} (it takes no options)").format(**facts)
    said = _SAID.get(error.reason)
    return _(said).format(**facts) if said is not None else str(error)
