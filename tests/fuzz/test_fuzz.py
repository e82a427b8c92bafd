"""Hypothesis over the bundled games' YAML: every hostile case ends in located findings or a complete
build, never a traceback, a hang or runaway memory (see harness.py for how a case runs).

CI runs ``CI_CASES`` examples, derandomised (the same cases every run); PRINTGEN_NIGHTLY=1 runs
``NIGHTLY_CASES`` of them (the count CI ran before the suite had to fit its six minutes). The fuzzing mode runs
as many as ``PRINTGEN_FUZZ`` says, from fresh random seeds:  PRINTGEN_FUZZ=3000 python3 -m pytest tests/fuzz
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import (BAD_TAGS, GAMES, LENGTHS, NASTY, NUMBERS, _get, is_marker, load_game, nested, paths, run_case,
                      tagged, unplaced, write_project)

LONG = os.environ.get("PRINTGEN_NIGHTLY", "") not in ("", "0")
CI_CASES = 150 if LONG else 25  # each case validates and builds a whole game in a child: 0.2-0.5 s
NIGHTLY = int(os.environ.get("PRINTGEN_FUZZ", "0") or 0)
MEMORY = 1536 * 1024 * 1024  # bytes a case may map; a good build of a bundled game peaks near 150 MB

# Text with the characters that break naive code: controls (NUL too), bidi marks, emoji, combining marks.
HOSTILE_CHARS = st.characters(codec="utf-8", categories=("Cc", "Cf", "Mn", "So", "Lo", "Zl", "Zp", "Lu", "Nd", "Po"))
VALUES = st.one_of(
    st.sampled_from(NASTY),
    st.sampled_from(LENGTHS),
    st.sampled_from(NUMBERS),
    st.text(HOSTILE_CHARS, max_size=40),
    st.sampled_from([5, 20, 100, 500]).map(nested),
    st.integers(min_value=0, max_value=len(BAD_TAGS) - 1).map(tagged),  # !!int abc, !!bool maybe, ...
    st.integers(min_value=20, max_value=3000).map(lambda n: "W" * n),
    st.integers(min_value=1, max_value=800).map(lambda n: "Lorem ipsum " * n),
    st.sampled_from([None, [], {}, [1, 2], {"a": 1}, True, "Nobody", "hexagon:1000", "rect:999x999", "1-99"]),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
)


@st.composite
def hostile_games(draw):
    """(game, files, what was done): one bundled game with one to three hostile edits."""
    game = draw(st.sampled_from(GAMES))
    files = load_game(game)
    done = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        fname = draw(st.sampled_from(sorted(files)))
        candidates = [p for p in paths(files[fname]) if p]
        if not candidates:
            continue
        p = draw(st.sampled_from(candidates))
        parent = _get(files[fname], p[:-1])
        op = draw(st.sampled_from(["set", "set", "set", "delete", "grow"]))
        if op == "delete" and isinstance(parent, dict):
            del parent[p[-1]]
        elif op == "grow" and isinstance(parent[p[-1]], list) and parent[p[-1]]:
            parent[p[-1]] = parent[p[-1]] * draw(st.sampled_from([2, 20, 200]))
        else:
            value = draw(VALUES)
            if isinstance(parent[p[-1]], str) and not is_marker(value) and draw(st.booleans()):
                value = parent[p[-1]] + str(value)  # a real name or text with something nasty appended
            parent[p[-1]] = value
        done.append(f"{fname}:{'/'.join(map(str, p))} {op}")
    return game, files, done


@settings(max_examples=NIGHTLY or CI_CASES, deadline=None, derandomize=not NIGHTLY, database=None,
          suppress_health_check=list(HealthCheck), print_blob=True)
@given(case=hostile_games())
def test_every_hostile_case_ends_in_findings_or_a_build(case):
    game, files, done = case
    root = Path(tempfile.mkdtemp(prefix="printgen-fuzz-"))
    try:
        out = run_case(write_project(root, game, files), memory=MEMORY)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    assert out.kind in ("findings", "built"), f"{game} {done}: {out.kind}\n{out.detail}"


PLACE_CASES = 12 if LONG else 6  # each validates a whole bundled game


@settings(max_examples=NIGHTLY or PLACE_CASES, deadline=None, derandomize=not NIGHTLY, database=None,
          suppress_health_check=list(HealthCheck), print_blob=True)
@given(case=hostile_games(), tag=st.integers(min_value=0, max_value=len(BAD_TAGS) - 1))
def test_every_finding_of_every_case_names_its_place(case, tag):
    """Validation only, in this process (fast): with one explicit bad tag more in every case, every finding,
    errors and warnings, has a file and a line, and prints no control character (issue 25)."""
    from printgen.project import validate_game

    game, files, done = case
    name = sorted(files)[tag % len(files)]
    if isinstance(files[name], dict):
        files[name]["zz_tagged"] = tagged(tag)  # an unknown key: its value is still loaded, its tag read
    root = Path(tempfile.mkdtemp(prefix="printgen-fuzz-"))
    try:
        result = validate_game(write_project(root, game, files))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    assert unplaced(result.findings) == [], f"{game} {done} +{BAD_TAGS[tag]} in {name}"
