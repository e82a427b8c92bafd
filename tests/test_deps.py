"""Per-target dependencies: each kind of edit rebuilds exactly the targets that show it, leaves the
other files untouched (same mtime, same bytes), and never leaves a stale file: after every edit the
incremental output is byte for byte what a fresh build makes."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from printgen.build import MANIFEST, build
from printgen.deps import ReadLog, valid_reads
from printgen.project import validate_game
from tests.conftest import FIXTURES

CHAPTER = """# {{ game.name }}

{% for c in classes %}
## {{ c.name }}

VIT {{ c.stats.vit }}, ATK {{ c.stats.atk }}.
{% endfor %}

![The cellar](printgen:map/Cellar)
"""


def _replace(name: str, old: str, new: str):
    def edit(game: Path) -> None:
        text = (game / name).read_text()
        assert old in text, (name, old)
        (game / name).write_text(text.replace(old, new, 1))
    return edit


def _prepend(name: str, line: str):
    def edit(game: Path) -> None:
        (game / name).write_text(line + (game / name).read_text())
    return edit


ALL = {"class-cards", "maps", "scenarios", "hex-track", "rulebook", "tokens"}
# edit -> the targets that show what it changes
EDITS = {
    "comment-in-maps": (_prepend("maps.yaml", "# a designer's note\n"), set()),
    "keys-reordered": (_replace("classes.yaml", "{vit: 2, atk: 2, sp_atk: 0, def: 3, sp_def: 1}",
                                "{atk: 2, def: 3, vit: 2, sp_def: 1, sp_atk: 0}"), set()),
    "blank-lines-in-yaml": (_replace("scenarios.yaml", "scenarios:", "\n\nscenarios:"), set()),
    "class-vit": (_replace("classes.yaml", "{vit: 2, atk: 2,", "{vit: 1, atk: 2,"), {"class-cards", "rulebook"}),
    # the rulebook shows the map as a picture (drawn once, at validation, and taken from there)
    "terrain-colour": (_replace("maps.yaml", "#8a7d6b", "#8a7d6c"), {"maps", "scenarios", "rulebook"}),
    "card-bleed": (_replace("game.yaml", "bleed: 3mm", "bleed: 2mm"), {"class-cards"}),
    "rule-number": (_replace("game.yaml", "activation_die: 6", "activation_die: 6\n  hex_per_turn: 2"),
                    {"hex-track"}),
    "template": (_replace("templates/rulebook/01-classes.md", "VIT", "Vitality"), {"rulebook"}),
    "game-name": (_replace("game.yaml", "name: Mini Heroes", "name: Small Heroes"), ALL),
}


def _files(out: Path) -> dict[str, tuple[int, str]]:
    """Every printable under ``out`` and its print facts (not the manifests): relative path -> (mtime ns, sha256)."""
    return {p.relative_to(out).as_posix(): (p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(out.rglob("*")) if p.is_file() and (p.suffix in (".pdf", ".svg", ".png", ".stl")
                                                                or p.relative_to(out).parts[1:2] == ("facts",))}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A project holding mini-hoh with a rulebook chapter, built once (a4, PDFs only)."""
    root = tmp_path_factory.mktemp("deps")
    game = root / "data" / "mini-hoh"
    shutil.copytree(FIXTURES / "mini-hoh", game)
    (game / "templates" / "rulebook").mkdir(parents=True)
    (game / "templates" / "rulebook" / "01-classes.md").write_text(CHAPTER)
    first = build(folders=[game], out=root / "output", papers=["a4"], previews=False, jobs=1)
    assert {k.split("/")[1].split("@")[0] for k in first.built} == ALL
    return root


@pytest.mark.parametrize("case", sorted(EDITS))
def test_an_edit_rebuilds_exactly_the_targets_that_show_it(case, built, tmp_path):
    edit, expected = EDITS[case]
    root = tmp_path / "project"
    shutil.copytree(built, root)  # copy2 keeps the mtimes
    game, out = root / "data" / "mini-hoh", root / "output"
    before = _files(out)
    edit(game)
    result = build(folders=[game], out=out, papers=["a4"], previews=False, jobs=1)
    assert result.ok, [f.format() for g in result.games for f in g.findings]
    assert {k.split("/")[1].split("@")[0] for k in result.built} == expected
    after = _files(out)
    assert set(after) == set(before)
    manifest = json.loads((out / "mini-hoh" / MANIFEST).read_text())["targets"]
    for key, entry in manifest.items():
        name = key.split("@")[0]
        for rel in entry["files"]:
            if name not in expected:  # not touched at all
                assert after[f"mini-hoh/{rel}"] == before[f"mini-hoh/{rel}"], (case, rel)
    # Never stale: what the incremental build left is exactly what a fresh build makes.
    fresh = tmp_path / "fresh"
    build(folders=[game], out=fresh, papers=["a4"], previews=False, jobs=1)
    assert {k: v[1] for k, v in _files(fresh).items()} == {k: v[1] for k, v in after.items()}


def test_each_target_records_what_it_read(built):
    manifest = json.loads((built / "output" / "mini-hoh" / MANIFEST).read_text())["targets"]
    reads = {key: set(entry["reads"]) for key, entry in manifest.items()}
    assert {"data.classes", "data.game.card"} <= reads["class-cards@a4"]
    assert "data.maps" not in reads["class-cards@a4"]
    assert {"data.maps", "data.terrain", "data.game.hex"} <= reads["maps@a4"]
    assert "data.classes" not in reads["maps@a4"]
    # the rulebook reads the kinds its templates name, and its templates
    assert {"data.classes", "templates/rulebook"} <= reads["rulebook@a4"] and "data.scenarios" not in reads["rulebook@a4"]
    assert {"data.maps", "data.terrain"} <= reads["rulebook@a4"]  # its map picture's reads, drawn at validation
    assert "rules.hex_per_turn" in reads["hex-track@a4"] and not any(k.startswith("rules") for k in reads["class-cards@a4"])


def test_a_tampered_manifest_rebuilds_rather_than_trusts(built, tmp_path):
    root = tmp_path / "project"
    shutil.copytree(built, root)
    path = root / "output" / "mini-hoh" / MANIFEST
    manifest = json.loads(path.read_text())
    manifest["targets"]["maps@a4"]["reads"] = ["__class__.__init__"]
    manifest["targets"]["tokens@a4"]["reads"] = "everything"
    path.write_text(json.dumps(manifest))
    result = build(folders=[root / "data" / "mini-hoh"], out=root / "output", papers=["a4"], previews=False, jobs=1)
    assert sorted(result.built) == ["mini-hoh/maps@a4", "mini-hoh/tokens@a4"]
    assert not valid_reads(["data.__dict__"]) and valid_reads(["data.game.hex", "rules", "*"])


def test_the_read_log_is_transparent(mini_game):
    game = validate_game(mini_game)
    seen = ReadLog(game)
    data = seen.data
    assert isinstance(data, type(game.data)) and data == game.data and data.game == game.data.game
    assert data.game.hex.size == pytest.approx(25.4)
    assert seen.reads == ["data.game.hex"]
    data.model_dump()  # a method may read anything: the whole data
    assert "data" in seen.reads
    with pytest.raises(AttributeError):
        data.classes = []


def test_a_second_build_in_a_new_process_rebuilds_nothing(tmp_path, bundled_build):
    """Digests must not depend on what one process happened to build or cache first: the second
    build, as a designer runs it (a new process), finds every target of every pack up to date.
    (Pydantic validators built lazily once made HexPrint's and Heroscape's data digest differently
    in the second process.) The first build is the test run's own (conftest.bundled_build: this process,
    which has imported, drawn and cached much besides); the second is the CLI in a process of its own."""
    import os
    import subprocess
    import sys

    repo = Path(__file__).resolve().parent.parent
    project = tmp_path / "project"
    for name in ("data", "templates"):
        shutil.copytree(repo / name, project / name)
    games = ["hexprint", "heroscape-style"]
    for g in games:  # what the first build wrote and recorded, where the designer's next build looks
        shutil.copytree(bundled_build / g, project / "output" / g)
    env = dict(os.environ, PYTHONPATH=str(repo))
    p = subprocess.run([sys.executable, "-m", "printgen.launcher", "build", *(f"data/{g}" for g in games),
                        "--no-previews"], cwd=project, env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    second = p.stdout.strip().splitlines()[-1]
    assert second.startswith("built 0 targets") and "up to date" in second, second


def test_a_bundled_layout_is_part_of_printgens_code(tmp_path):
    # a pack's layouts are YAML package data: editing one must rebuild what it draws, as a .py edit does
    from printgen.code_digest import tree_digest

    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "card.yaml").write_text("elements: []\n")
    (tmp_path / "notes.txt").write_text("not drawn with")
    before = tree_digest(tmp_path)
    (tmp_path / "notes.txt").write_text("still not drawn with")
    assert tree_digest(tmp_path) == before
    (tmp_path / "layouts" / "card.yaml").write_text("elements: [{type: rect}]\n")
    assert tree_digest(tmp_path) != before


def test_a_key_covered_by_another_is_not_recorded_twice():
    from printgen.deps import uncovered

    keys = {"data.game", "data.game.hex", "data.gamebook", "templates", "templates/layouts", "rules.3", "data.units"}
    assert uncovered(keys) == ["data.game", "data.gamebook", "data.units", "rules.3", "templates"]
    assert uncovered(keys | {"*"}) == ["*"]
    assert uncovered({"data.game.hex", "templates/layouts"}) == ["data.game.hex", "templates/layouts"]


def test_the_terrain_records_the_same_reads_whatever_its_worker_kept(monkeypatch):
    """The terrain target's reads do not depend on whether the process made that map's terrain before (a
    build's worker that made it for another target keeps it: terrain/assets.py _CACHE)."""
    from printgen.build import render_target
    from printgen.plan import plan_build
    from printgen.terrain import assets

    game = validate_game(FIXTURES / "mini-terrain")
    target = next(t for t in plan_build([game], papers=["a4"]) if t.asset.name == "terrain")
    monkeypatch.setattr(assets, "_CACHE", {})
    fresh = render_target(target, previews=False)
    kept = render_target(target, previews=False)  # the terrain is in the cache now
    assert assets._CACHE and fresh.reads == kept.reads
    assert "data.game" in fresh.reads and not any(r.startswith("data.game.") for r in fresh.reads)


def _old_tree_digest(root):
    """code_digest.tree_digest as it was (pathlib's rglob and sorted Path objects)."""
    import hashlib

    from printgen import __version__
    from printgen.code_digest import SOURCES

    h = hashlib.sha256(__version__.encode())
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.suffix in SOURCES and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(root)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


def test_the_code_digest_is_what_pathlib_worked_out(tmp_path):
    """tree_digest walked with strings: the same digest as pathlib's walk, on printgen itself and on a tree of
    awkward names (a folder sorting before its sibling file by parts, not by text; dotted and suffix-less
    names; __pycache__; a link to a file, to a folder and one dangling)."""
    from printgen.code_digest import code_digest, tree_digest

    root = tmp_path / "tree"
    for rel, text in {"a/b.py": "1", "a-c.py": "2", "a.b/c.yaml": "3", ".py": "4", "x.": "5", "z.tar.md": "6",
                      "a/__pycache__/m.py": "7", "__pycache__/n.py": "8", "deep/er/est.j2": "9", "a/B.svg": "10",
                      "notes.txt": "11"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "o.py").write_text("outside")
    (root / "linked.py").symlink_to(root / "a-c.py")
    (root / "folder-link").symlink_to(tmp_path / "outside")
    (root / "dangling.py").symlink_to(root / "gone.py")
    assert tree_digest(root) == _old_tree_digest(root)
    (root / "a" / "b.py").write_text("changed")
    assert tree_digest(root) == _old_tree_digest(root)
    import printgen

    assert code_digest.__wrapped__() == _old_tree_digest(Path(printgen.__file__).resolve().parent)
