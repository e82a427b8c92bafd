"""Every finding lies inside the record it names (issue 37): a record the schema refuses must not shift
the findings of the records after it onto the ones before (they were reported at the previous record's
lines, and the studio pinned them on the previous face).

Each case is a fuzz case (test_fuzz.hostile_games) with one record more broken by a value no schema
field takes; then, for every finding whose place lies inside a record of a content list and whose
message quotes names of that list's records, the record holding the place must be one of those named.
A record's place is its line span in its file, from the YAML parser's own marks (not printgen's)."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import GAMES, load_game, write_project
from .test_fuzz import hostile_games

NIGHTLY = int(os.environ.get("PRINTGEN_FUZZ", "0") or 0)
CASES = 10
_QUOTED = re.compile(r"'([^'\n]+)'")


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def record_spans(folder: Path) -> dict[str, list[tuple[int, int, str, str]]]:
    """File name -> (first line, last line, kind, name) of every named record of its top-level lists
    (1-based lines, inclusive)."""
    out: dict[str, list[tuple[int, int, str, str]]] = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
        except yaml.YAMLError:
            continue
        if not isinstance(root, yaml.MappingNode):
            continue
        for key, value in root.value:
            if not isinstance(value, yaml.SequenceNode):
                continue
            for item in value.value:
                if not isinstance(item, yaml.MappingNode):
                    continue
                name = next((v.value for k, v in item.value if k.value == "name" and isinstance(v, yaml.ScalarNode)),
                            None)
                if not name:
                    continue
                end = item.end_mark
                last = end.line if end.column == 0 else end.line + 1  # the end mark is just past the item
                out.setdefault(path.name, []).append((item.start_mark.line + 1, last, key.value, name))
    return out


def misplaced(findings, spans: dict[str, list[tuple[int, int, str, str]]]) -> list[str]:
    """The findings (formatted) placed inside one record while naming only other records of its kind."""
    names: dict[str, set[str]] = {}
    for recs in spans.values():
        for _, _, kind, name in recs:
            names.setdefault(kind, set()).add(_key(name))
    bad = []
    for f in findings:
        if f.loc is None or not f.loc.file or f.loc.sheet or not f.loc.line:
            continue
        recs = spans.get(Path(f.loc.file).name, [])
        holder = next(((kind, name) for first, last, kind, name in recs if first <= f.loc.line <= last), None)
        if holder is None:
            continue
        kind, name = holder
        quoted = {_key(q) for q in _QUOTED.findall(f.message)} & names[kind]
        if quoted and _key(name) not in quoted:
            bad.append(f"{f.format()}  (inside {kind} '{name}')")
    return bad


def _break_one_record(files: dict, pick: int) -> str:
    """Give one record of a content list a value no field takes (a mapping for its first scalar): the
    schema refuses that record, and every record after it moves up one in the typed list."""
    records = [(fname, key, i) for fname, doc in sorted(files.items()) if isinstance(doc, dict)
               for key, items in doc.items() if key != "game" and isinstance(items, list) and len(items) > 1
               for i, item in enumerate(items[:-1]) if isinstance(item, dict)
               and any(k != "name" and isinstance(v, (int, float, str)) for k, v in item.items())]
    if not records:
        return ""
    fname, key, i = records[pick % len(records)]
    item = files[fname][key][i]
    field = next(k for k, v in item.items() if k != "name" and isinstance(v, (int, float, str)))
    item[field] = {"not": "this"}
    return f"{fname}:{key}/{i}/{field} broken"


def _validate(game: str, files: dict):
    from printgen.project import validate_game

    root = Path(tempfile.mkdtemp(prefix="printgen-places-"))
    try:
        folder = write_project(root, game, files)
        return validate_game(folder), record_spans(folder)
    finally:
        shutil.rmtree(root, ignore_errors=True)


@settings(max_examples=NIGHTLY or CASES, deadline=None, derandomize=not NIGHTLY, database=None,
          suppress_health_check=list(HealthCheck), print_blob=True)
@given(case=hostile_games(), pick=st.integers(min_value=0, max_value=10_000))
def test_every_finding_lies_inside_the_record_it_names(case, pick):
    game, files, done = case
    done.append(_break_one_record(files, pick))
    result, spans = _validate(game, files)
    assert misplaced(result.findings, spans) == [], f"{game} {done}"


def test_a_refused_record_leaves_the_next_records_findings_on_their_own_lines():
    """The issue's case: the Knight's `vit: high` put the Assassin's warnings at the Knight's lines."""
    files = load_game("heroes-of-hex")
    files["classes.yaml"]["classes"][0]["stats"]["vit"] = "high"
    result, spans = _validate("heroes-of-hex", files)
    assassin = next((a, b) for a, b, kind, name in spans["classes.yaml"] if name == "Assassin")
    about = [f for f in result.findings if "'Assassin'" in f.message or "(Assassin)" in f.message]
    assert about, "the Assassin's own warnings are still reported"
    assert all(assassin[0] <= f.loc.line <= assassin[1] for f in about), [f.format() for f in about]
    assert misplaced(result.findings, spans) == []


def test_every_bundled_game_with_each_record_refused_in_turn():
    """Each of a few records of every bundled game refused in turn: no finding leaves its record."""
    for game in GAMES:
        for pick in range(0, 40, 13):
            files = load_game(game)
            what = _break_one_record(files, pick)
            result, spans = _validate(game, files)
            assert any(f.code in ("schema", "bad-value") for f in result.findings), f"{game}: {what} refused"
            assert misplaced(result.findings, spans) == [], f"{game}: {what}"
