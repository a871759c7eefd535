"""Write tests/data/palace_search_golden.json: what the palace search returns for the cases of
tests/palace_search_cases.py (positions on one, two and four palaces; several levels and seeds),
for tests/test_palace_search_identity.py to hold any later change of the search to.

    python tools/make_palace_search_golden.py            # writes the file
    python tools/make_palace_search_golden.py --check    # compares with the file, writes nothing

Run it only on a search whose answers are the reference (the data says at which commit it was
made); a change meant to keep the answers must pass the test, not rewrite the data.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

import palace_search_cases as C  # noqa: E402

from game.ai.common import LevelRow  # noqa: E402

PATH = os.path.join(ROOT, "tests", "data", "palace_search_golden.json")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true", help="compare with the file instead of writing it")
    a = ap.parse_args()
    if a.check:
        with open(PATH, encoding="utf-8") as f:
            old = json.load(f)["cases"]
        # the rows the data was made with: the search is held to them, whatever the levels play now
        rows = [[LevelRow(**run["row"]) for run in case["runs"]] for case in old]
        same = old == json.loads(json.dumps(C.make_cases(rows)))
        print("same as the file" if same else "DIFFERS from the file")
        sys.exit(0 if same else 1)
    cases = C.make_cases()
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "game"], cwd=ROOT, capture_output=True, text=True).stdout
    data = {"made_at": commit + (" (game/ changed)" if dirty.strip() else ""), "top_nodes": C.TOP_NODES, "cases": cases}
    with open(PATH, "w", encoding="utf-8") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    print(f"{PATH}: {len(cases)} positions, {sum(len(c['runs']) for c in cases)} searches, made at {data['made_at']}")


if __name__ == "__main__":
    main()
