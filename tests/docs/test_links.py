"""Every relative link of README.md and docs/*.md leads somewhere: its file exists, and its
#anchor is one GitHub gives a heading of that page (or an ``<a id>`` there)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from tests.support import markdown
from tests.support.markdown import anchors, github_slug, links
from tests.support.paths import ROOT


def _broken(page: Path) -> list[str]:
    wrong = []
    for line, target in links(page.read_text(encoding="utf-8")):
        where = f"{page.relative_to(ROOT)}:{line}: {target}"
        parts = urlsplit(target)
        if parts.scheme or parts.netloc:
            continue  # (a web address: not checked here)
        path = unquote(parts.path)
        there = (page.parent / path).resolve() if path else page
        if not there.exists():
            wrong.append(f"{where}: no such file")
            continue
        if not there.resolve().is_relative_to(ROOT):
            wrong.append(f"{where}: outside the project")
            continue
        if parts.fragment:
            if there.suffix != ".md":
                wrong.append(f"{where}: an anchor in a file that is not Markdown")
            elif unquote(parts.fragment) not in anchors(there.read_text(encoding="utf-8")):
                wrong.append(f"{where}: no heading with that anchor")
    return wrong


def test_every_relative_link_and_anchor_leads_somewhere() -> None:
    wrong = [problem for page in markdown.pages() for problem in _broken(page)]
    assert not wrong, "\n".join(wrong)


def test_the_pages_link_to_each_other() -> None:
    """README.md links every page of docs/, and the pages are linked with anchors."""
    readme = {target for _, target in links((ROOT / "README.md").read_text(encoding="utf-8"))}
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"docs/{page.name}" in readme, page.name
    counted = sum(
        1 for page in markdown.pages() for _, target in links(page.read_text()) if "#" in target
    )
    assert counted > 20


def test_anchors_are_made_as_github_makes_them() -> None:
    assert github_slug("Looking back: history, review, past matches, statistics") == (
        "looking-back-history-review-past-matches-statistics"
    )
    assert github_slug("The playouts' rules of thumb") == "the-playouts-rules-of-thumb"
    assert github_slug("Passwords, and what is and is not encrypted") == (
        "passwords-and-what-is-and-is-not-encrypted"
    )
    assert github_slug("Measuring: calibrate, regret, bench") == "measuring-calibrate-regret-bench"
    assert github_slug("`tarocchino score` and *the* [calculator](x.md)") == (
        "tarocchino-score-and-the-calculator"
    )
    assert github_slug("Client → server") == "client--server"
    assert github_slug("snake_case stays") == "snake_case-stays"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n## B\n") == {"a", "a-1", "b"}
