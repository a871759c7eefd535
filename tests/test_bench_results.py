"""bench/RESULTS.md opens with the current figures, each row linking the dated section below it
comes from, and its figures name the machine and its load, never who measured."""

import re
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[1] / "bench" / "RESULTS.md"


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, blanks as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(text: str) -> set:
    seen: dict = {}
    out = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        base = _slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def _current(text: str) -> str:
    return text.split("\n## Current figures\n", 1)[1].split("\n## ", 1)[0]


def test_the_file_opens_with_the_current_figures():
    text = RESULTS.read_text(encoding="utf-8")
    assert re.findall(r"^## .+$", text, re.M)[0] == "## Current figures"
    current = _current(text)
    for area in ("Rules", "Strength", "Levels", "Time per move", "Frames", "Online", "The app"):
        assert re.search(rf"^### {area}", current, re.M), area


def test_every_current_figure_links_a_dated_section_that_exists():
    text = RESULTS.read_text(encoding="utf-8")
    anchors = _anchors(text)
    links = re.findall(r"\]\(#([^)]+)\)", text)
    assert links and not [a for a in links if a not in anchors]
    dated = {a for a in anchors if re.search(r"20\d\d-\d\d-\d\d", a)}
    current = _current(text)
    lines = current.splitlines() + [""]
    separator = re.compile(r"\|[-| ]+\|")
    # a table's rows: not its head (the line before the separator), not the separator
    rows = [r for r, nxt in zip(lines, lines[1:]) if r.startswith("| ") and not separator.fullmatch(nxt)]
    assert len(rows) > 40
    for row in rows:
        if "no outside opponent" in row:  # palace's strength is its levels' ladder
            continue
        assert any(a in dated for a in re.findall(r"\]\(#([^)]+)\)", row)), row


def test_figures_never_say_who_measured():
    text = RESULTS.read_text(encoding="utf-8")
    who = re.compile(
        r"\b(helpers?|agents?|sessions?|developers?)'?s?'? (tests|benchmarks|builds|work)\b|\(lead\b|\bEach helper",
        re.I,
    )
    assert not [line for line in text.splitlines() if who.search(line)]
