"""The pictures of the palace rules (drawn by game/scenes/screens/rule_diagrams.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Diagram

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        "palace-start",
        "palace",
        "diagram.palace-start",
    ),
    Diagram(
        "palace-jump",
        "palace",
        "diagram.palace-jump",
        ".-.-./-.B.-/..W../...../.W.W./.WWW./...../-.B.-/.-.-. b 15 0",
        "c8xc6",
    ),
    Diagram(
        "palace-drop",
        "palace",
        "diagram.palace-drop",
        ".-.-./-...-/..B../.WWW./.W.W./.WWW./...../-.B.-/.-.-. w 16 0",
        drops=True,
    ),
    Diagram(
        "palace-trapped",
        "palace",
        "diagram.palace-trapped",
        ".-W-./-WBW-/..W../..W../...../..W../..W../-WBW-/.-W-. b 12 2",
        rings=(7, 37),  # the kings on c8 and c2
    ),
    Diagram(
        "palace-one",
        "palace",
        "diagram.palace-one",
        ".-.-./-.B.-/..B../...../...../WWWWW/WWWWW b 5 0",
    ),
    Diagram(
        "palace-four",
        "palace",
        "diagram.palace-four",
        "----.-.-.----/-----...-----/--....B....--/--.........--/.-..WWWWW..-./-...W...W...-/..B.W...W.B../"
        "-...W...W...-/.-..WWWWW..-./--.........--/--....B....--/-----...-----/----.-.-.---- b 48 0",
    ),
)
