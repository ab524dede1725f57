"""The language the command speaks: ``--lang en|it`` (remembered in the settings), else the one
chosen in the settings, else the environment's (``LANG=it_IT.UTF-8``); and argparse's own words
(usage:, options:, its refusals) in it too."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from store.settings import LANGUAGES, read_settings, save_settings
from text import language
from text.language import _

OPTION = "--lang"
ENVIRONMENT = language.ENVIRONMENT[0]  # LANGUAGE: the first one gettext (and the game) reads


class LanguageError(ValueError):
    """``--lang`` without a value, or with one the game does not speak."""


def speak_argparse() -> None:
    """argparse takes its words from gettext's functions, bound into its module at import; from
    now on it takes them from ours (the language spoken when it says them)."""
    vars(argparse).update(_=language._, ngettext=language.ngettext)


def add_option(parser: argparse.ArgumentParser) -> None:
    """``--lang en|it`` in a parser's help and options (the command line's value is taken out
    before any parser reads it: :func:`take_option`)."""
    parser.add_argument(
        OPTION,
        choices=LANGUAGES,
        metavar="en|it",
        help=_(
            "the language to speak, English or Italian, before or after the command "
            "(remembered; else the one chosen in the settings, else the environment's, LANG)"
        ),
    )


def take_option(argv: list[str]) -> tuple[str | None, list[str]]:
    """The value of ``--lang`` (``--lang it``, ``--lang=it``, before or after the subcommand) and
    the arguments without it; LanguageError when it is not a language the game speaks. Taken
    before the parser is made, since the parser's own words are made in the language."""
    rest: list[str] = []
    given = None
    arguments = iter(argv)
    for argument in arguments:
        if argument == "--":  # what follows is no option
            rest.append(argument)
            rest.extend(arguments)
            break
        if argument == OPTION:
            given = next(arguments, None)
            if given is None:
                raise LanguageError(_("--lang needs a language: en or it"))
        elif argument.startswith(OPTION + "="):
            given = argument.partition("=")[2]
        else:
            rest.append(argument)
            continue
        if given not in LANGUAGES:
            raise LanguageError(
                _("--lang takes en (English) or it (Italian), not {given}").format(
                    given=repr(given[:20])
                )
            )
    return given, rest


def start(argv: list[str]) -> tuple[list[str], str | None]:
    """Speak the language chosen (``--lang``, the settings, the environment) and remember
    ``--lang`` in the settings; the arguments without ``--lang``, and a refusal to print when
    ``--lang`` is wrong (nothing is remembered then). Settings that cannot be read are only
    read: their file is left as it is (``--lang`` is then not remembered)."""
    settings, unreadable = read_settings()
    language.use(language.choose(None, settings.language))  # what a refusal is said in
    try:
        given, rest = take_option(argv)
    except LanguageError as exc:
        return argv, str(exc)
    language.use(language.choose(given, settings.language))
    if given is not None and given != settings.language:
        if unreadable:
            print(
                _("tarocchino: warning: the settings cannot be read: --lang is not remembered"),
                file=sys.stderr,
            )
        else:
            try:
                save_settings(replace(settings, language=given))
            except OSError as exc:
                print(
                    _("tarocchino: warning: the language cannot be remembered: {why}").format(
                        why=exc.strerror or exc
                    ),
                    file=sys.stderr,
                )
    return rest, None


@contextmanager
def passed_on() -> Iterator[None]:
    """Meanwhile, the processes started from here (a browser tab's game) are asked for the
    language spoken here, through the environment: where their own settings choose none (a
    browser's directory of its own), they speak it too."""
    before = os.environ.get(ENVIRONMENT)
    os.environ[ENVIRONMENT] = language.current()
    try:
        yield
    finally:
        if before is None:
            del os.environ[ENVIRONMENT]
        else:
            os.environ[ENVIRONMENT] = before
