"""The project's Markdown pages read as the tests need them: their code blocks (and the
`tarocchino` commands in them, with the output a page shows), their links, and their headings'
anchors as GitHub makes them."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.support.paths import ROOT

PROMPT = "$ "  # a command whose output the page shows under it
PROGRAM = "tarocchino"
NOT_SHELL = {"python", "json", "toml", "text"}  # code blocks that hold no commands
_FENCE = re.compile(r"^( *)(```+|~~~+)\s*([\w+-]*)")


def pages() -> list[Path]:
    """README.md and every page of docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@dataclass(frozen=True, slots=True)
class Block:
    """A fenced code block: its first line's number (of the fence, from 1), its info string,
    and its lines with the fence's indentation taken off."""

    line: int
    info: str
    lines: tuple[str, ...]


def code_blocks(text: str) -> list[Block]:
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opened = _FENCE.match(lines[i])
        if not opened:
            i += 1
            continue
        indent, fence, info = len(opened[1]), opened[2], opened[3]
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            line = lines[j]
            body.append(line[indent:] if line[:indent].strip() == "" else line)
            j += 1
        blocks.append(Block(i + 1, info, tuple(body)))
        i = j + 1
    return blocks


def prose(text: str) -> str:
    """The page without its code blocks (their lines left empty, so line numbers hold)."""
    lines = text.splitlines()
    for block in code_blocks(text):
        for n in range(block.line - 1, min(block.line + len(block.lines) + 1, len(lines))):
            lines[n] = ""
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Command:
    """A `tarocchino` command of a code block: where it is, its words after `tarocchino` (the
    comment left out), and the output the page shows for it (None: none shown)."""

    page: Path
    line: int
    text: str
    argv: tuple[str, ...]
    shown: tuple[str, ...] | None

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}: {self.text}"


def commands(page: Path) -> list[Command]:
    """The page's commands in reading order. In a block, a line ``$ tarocchino ...`` is a
    command whose output is the lines under it (up to the next ``$``); a line ``tarocchino ...``
    is a command whose output is not shown. Other lines of a block without ``$`` are not
    commands (a picture, `make play`)."""
    found: list[Command] = []
    for block in code_blocks(page.read_text(encoding="utf-8")):
        if block.info in NOT_SHELL:
            continue
        prompted = any(line.startswith(PROMPT) for line in block.lines)
        current: tuple[int, str, list[str]] | None = None  # a command and its output so far
        for n, line in _logical_lines(block.lines, block.line + 1):
            if prompted:
                if line.startswith(PROMPT):
                    if current is not None:
                        found.append(_command(page, *current))
                    current = (n, line[len(PROMPT) :], [])
                elif current is not None:
                    current[2].append(line)
            elif line.strip().startswith(PROGRAM + " ") or line.strip() == PROGRAM:
                found.append(_command(page, n, line.strip(), None))
        if current is not None:
            found.append(_command(page, *current))
    return found


def _logical_lines(lines: Sequence[str], first: int) -> Iterator[tuple[int, str]]:
    """The block's lines numbered from ``first``, a line ending in a backslash joined with the
    next as a shell reads it."""
    start, held = first, ""
    for n, line in enumerate(lines, start=first):
        if not held:
            start = n
        if line.endswith("\\"):
            held += line[:-1] + " "
            continue
        yield start, held + line.strip() if held else line
        held = ""
    if held:
        yield start, held


def _command(page: Path, line: int, text: str, shown: list[str] | None) -> Command:
    words = shlex.split(text, comments=True)
    if not words or words[0] != PROGRAM:
        raise ValueError(f"{page.name}:{line}: not a {PROGRAM} command: {text!r}")
    output = None if shown is None else tuple(shown)
    return Command(page, line, text, tuple(words[1:]), output)


def inline_commands(page: Path) -> Iterator[tuple[int, str]]:
    """The `tarocchino ...` of the prose's code spans, with their line numbers (a span may run
    over a line break)."""
    text = prose(page.read_text(encoding="utf-8"))
    for found in re.finditer(r"`(" + PROGRAM + r" [^`]+)`", text):
        yield text.count("\n", 0, found.start()) + 1, " ".join(found[1].split())


# Links: [text](target) and ![alt](target), not in code; a target may have a title after it.
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def links(text: str) -> Iterator[tuple[int, str]]:
    """Every link's target with its line number, outside code blocks and code spans."""
    text = prose(text)
    text = re.sub(r"`[^`\n]*`", lambda m: " " * len(m[0]), text)
    for found in _LINK.finditer(text):
        yield text.count("\n", 0, found.start()) + 1, found[1]


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives a page: one per heading (its slug, then -1, -2 … for the same
    slug again), and those of ``<a id="...">`` or ``<a name="...">``."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for line in prose(text).splitlines():
        heading = re.match(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            slug = github_slug(heading[1])
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            found.add(slug if count == 0 else f"{slug}-{count}")
    found.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", text))
    return found


def github_slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: the heading's text (links and emphasis reduced to
    their words), lower case, every character but letters, digits, spaces, hyphens and
    underscores dropped, each space a hyphen."""
    words = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    words = re.sub(r"<[^>]+>", "", words)  # inline HTML
    words = words.replace("`", "").replace("*", "")
    words = re.sub(r"(?<!\w)_|_(?!\w)", "", words)  # _emphasis_, not snake_case
    words = words.strip().lower()
    words = "".join(c for c in words if c.isalnum() or c in " -_")
    return words.replace(" ", "-")
